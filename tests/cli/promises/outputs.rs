//! Nothing written over an input, nothing read from an output: split outputs, `pgn -o` and the
//! charts of `stats --plot` (issue 13).

use std::os::unix::fs::PermissionsExt;

use super::bytes_of;
use crate::util::{TempDir, arbiter, parse_jsonl, summary, testdata};

/// A game with an error and a good one: the valid half differs from the whole.
const MIXED: &[u8] = b"[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"good\"]\n\n1. d4 d5 *\n";

#[test]
fn r13_a_directory_walk_never_reads_a_temporary_output() {
    let dir = TempDir::new("walk-temp");
    let games = dir.path("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("a.pgn"), MIXED).unwrap();
    // Another run's unfinished output, named as arbiter names its temporary files.
    std::fs::write(games.join(".old.pgn.arbiter-1234.tmp"), MIXED).unwrap();
    let out = arbiter()
        .args(["check", "-q", "--format", "jsonl", "--glob", "*"])
        .arg(&games)
        .arg("--valid-out")
        .arg(games.join("v.pgn"))
        .arg("--invalid-out")
        .arg(games.join("i.pgn"))
        .output()
        .unwrap();
    let records = parse_jsonl(&out.stdout);
    assert_eq!(summary(&records)["files"], 1, "{records:?}");
    assert_eq!(summary(&records)["games"], 2);
}

#[test]
fn r13_an_output_inside_a_walked_directory_is_refused() {
    let dir = TempDir::new("walk-output");
    std::fs::write(dir.path("a.pgn"), MIXED).unwrap();
    let old = b"[Event \"kept\"]\n\n1. c4 *\n";
    let valid = dir.write("v.pgn", old);
    let out = arbiter()
        .args(["check", "-q"])
        .arg(dir.path(""))
        .arg("--valid-out")
        .arg(&valid)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("both an input and an output"), "{err}");
    assert_eq!(bytes_of(&valid), old);
}

#[test]
fn r13_standard_input_redirected_from_an_output_is_refused() {
    let dir = TempDir::new("stdin-output");
    let db = dir.write("db.pgn", MIXED);
    for args in [
        &["check", "-", "--valid-out"][..],
        &["check", "-", "--invalid-out"][..],
        &["pgn", "-", "-o"][..],
        // The subcommands built since (issue 18's fresh-user pass found them writing over it).
        &["fix", "-", "-o"][..],
        &["fix", "-o", "/dev/null", "--rejects"][..],
        &["fix", "--dry-run", "--log"][..],
        &["select", "--where", "plies > 0", "-o"][..],
        &["games", "-o"][..],
        &["moves", "-o"][..],
        &["dedup", "--unique-out"][..],
        &["dedup", "-", "--duplicates-out"][..],
    ] {
        let out = arbiter()
            .args(args)
            .arg(&db)
            .stdin(std::fs::File::open(&db).unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("standard input is both an input and an output"),
            "{err}"
        );
        assert_eq!(bytes_of(&db), MIXED, "{args:?}");
    }
}

/// Standard output appended to an input (`arbiter select ... db.pgn >> db.pgn`, or `- <
/// db.pgn >> db.pgn`, or a hard link of it) is refused before anything is written: on a stream
/// read the file grew as long as it was read, until the disk was full.
#[test]
fn r13_standard_output_into_an_input_is_refused() {
    let dir = TempDir::new("stdout-input");
    let db = dir.write("db.pgn", MIXED);
    let link = dir.path("link.pgn");
    std::fs::hard_link(&db, &link).unwrap();
    let d = db.to_str().unwrap();
    let cases: [(&[&str], bool); 6] = [
        (
            &["select", "-q", "--no-mmap", "--where", "plies >= 0", d],
            false,
        ),
        (&["pgn", "-q", "--no-mmap", d], false),
        (&["fix", "-q", "--no-mmap", d], false),
        (&["check", "-q", d], false),
        (&["check", "-q", "-"], true),
        (&["fen", "-q", "-"], true),
    ];
    for (args, stdin) in cases {
        for target in [&db, &link] {
            let append = std::fs::OpenOptions::new()
                .append(true)
                .open(target)
                .unwrap();
            let mut cmd = arbiter();
            cmd.args(args).stdout(append);
            match stdin {
                true => cmd.stdin(std::fs::File::open(&db).unwrap()),
                false => cmd.stdin(std::process::Stdio::null()),
            };
            let out = cmd.output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(err.contains("standard output is"), "{args:?}: {err}");
            assert_eq!(bytes_of(&db), MIXED, "{args:?}");
        }
    }
}

#[test]
fn r13_a_replaced_output_keeps_its_permissions() {
    let dir = TempDir::new("permissions");
    let input = dir.write("in.pgn", MIXED);
    for (args, name) in [
        (&["check", "-q", "--valid-out"][..], "valid.pgn"),
        (&["pgn", "-o"][..], "clean.pgn"),
    ] {
        let out_path = dir.write(name, b"old\n");
        std::fs::set_permissions(&out_path, std::fs::Permissions::from_mode(0o600)).unwrap();
        let out = arbiter()
            .args(args)
            .arg(&out_path)
            .arg(&input)
            .output()
            .unwrap();
        assert!(matches!(out.status.code(), Some(0 | 1)), "{args:?}");
        let mode = std::fs::metadata(&out_path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{args:?}");
        assert_ne!(bytes_of(&out_path), b"old\n");
    }
}

/// The charts of `stats --plot DIR` are outputs like the others: an input at a chart's name is
/// refused before anything is read; a symlink or a hard link at a chart's name is replaced, and
/// the file it led to is left alone.
#[test]
fn r13_plot_charts_never_replace_an_input_or_a_linked_file() {
    let dir = TempDir::new("plot-outputs");
    let charts = dir.path("charts");
    std::fs::create_dir_all(&charts).unwrap();
    let game = std::fs::read(testdata("stats/small.pgn")).unwrap();
    // An input at a chart's name.
    let input = charts.join("lengths.svg");
    std::fs::write(&input, &game).unwrap();
    let out = arbiter()
        .args(["stats", "-q", "--plot"])
        .arg(&charts)
        .arg(&input)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("both an input and an output"), "{err}");
    assert_eq!(bytes_of(&input), game);
    std::fs::remove_file(&input).unwrap();
    // A symlink to a file elsewhere, and a hard link.
    let victim = dir.write("victim.txt", b"not a chart\n");
    let linked = dir.write("linked.txt", b"not a chart either\n");
    std::os::unix::fs::symlink(&victim, charts.join("rating-diff.svg")).unwrap();
    std::fs::hard_link(&linked, charts.join("years.svg")).unwrap();
    let out = arbiter()
        .args(["stats", "-q", "--plot"])
        .arg(&charts)
        .arg(testdata("stats/small.pgn"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(bytes_of(&victim), b"not a chart\n");
    assert_eq!(bytes_of(&linked), b"not a chart either\n");
    for name in ["lengths.svg", "rating-diff.svg", "years.svg"] {
        let meta = std::fs::symlink_metadata(charts.join(name)).unwrap();
        assert!(meta.is_file(), "{name} is not a regular file");
        assert!(bytes_of(&charts.join(name)).starts_with(b"<svg"), "{name}");
    }
    let left: Vec<_> = std::fs::read_dir(&charts)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// The files a run reads besides its games — an `--aliases` file, a `--profile` file — are
/// refused as outputs as inputs are (exit 2, the file untouched): `select -o al.csv --aliases
/// al.csv` replaced the alias file with PGN (found by the fresh-user pass after issue 15).
#[test]
fn r13_an_alias_or_profile_file_is_never_an_output() {
    let dir = TempDir::new("read-files");
    let games = dir.write("g.pgn", MIXED);
    let aliases: &[u8] = b"\"Korchnoi, V\",\"Kortschnoj, Viktor\"\n";
    let profile: &[u8] =
        b"name = \"club\"\n[quiet_moves.automatic]\nmoves = 29\nrule = \"club/29-move\"\n";
    let cases: [(&str, &[u8], Vec<&str>); 4] = [
        (
            "al1.csv",
            aliases,
            vec![
                "select",
                "-q",
                "--where",
                "plies > 0",
                "--aliases",
                "F",
                "-o",
                "F",
            ],
        ),
        (
            "al2.csv",
            aliases,
            vec!["dedup", "-q", "--aliases", "F", "--unique-out", "F"],
        ),
        (
            "p1.toml",
            profile,
            vec!["fix", "-q", "--profile", "F", "-o", "F"],
        ),
        (
            "p2.toml",
            profile,
            vec!["audit", "-q", "--profile", "F", "--verdicts-out", "F"],
        ),
    ];
    for (name, text, args) in cases {
        let file = dir.write(name, text);
        let f = file.to_str().expect("utf-8 path");
        let args: Vec<&str> = args.iter().map(|a| if *a == "F" { f } else { a }).collect();
        let out = arbiter().args(&args).arg(&games).output().expect("run");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(f), "{args:?}: {stderr}");
        assert_eq!(
            std::fs::read(&file).expect("read"),
            text,
            "{args:?}: the file was changed"
        );
    }
}

/// Two outputs that name one file not yet there under two spellings (`x.pgn`, `./x.pgn`,
/// `d/../x.pgn`) are refused before the run, as the same spelling is (the second rename found
/// the first's file only at the end).
#[test]
fn r13_two_outputs_under_two_spellings_are_refused_at_once() {
    let dir = TempDir::new("outputs-two-spellings");
    std::fs::create_dir(dir.path("d")).unwrap();
    let pgn = testdata("immortal-games.pgn");
    let pgn = pgn.to_str().unwrap();
    for (a, b) in [
        ("x.pgn", "./x.pgn"),
        ("x.pgn", "d/../x.pgn"),
        ("./x.pgn", "x.pgn"),
    ] {
        for args in [
            vec!["fix", pgn, "-o", a, "--log", b],
            vec!["fix", pgn, "-o", a, "--rejects", b],
            vec!["check", pgn, "--valid-out", a, "--invalid-out", b],
        ] {
            let out = crate::util::arbiter()
                .args(&args)
                .current_dir(dir.path(""))
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(err.contains("name the same file"), "{args:?}: {err}");
            assert!(!dir.path("x.pgn").exists(), "{args:?} wrote x.pgn");
        }
    }
}

/// A write past the file size limit (`ulimit -f`) is an output error like a full disk: exit
/// status 2 naming the output, its temporary file removed (the signal SIGXFSZ killed the run
/// and left it behind).
#[test]
fn r13_the_file_size_limit_is_an_output_error() {
    let dir = TempDir::new("outputs-xfsz");
    let pgn = testdata("twic944-300.pgn");
    let bin = env!("CARGO_BIN_EXE_arbiter");
    for args in [
        "moves --format csv -o out.csv",
        "moves --format parquet -o out.parquet",
        "fix -o out.pgn",
    ] {
        // 8 blocks of 512 bytes: 4 KiB, less than any of these outputs.
        let script = format!("ulimit -f 8; exec '{bin}' {args} -q '{}'", pgn.display());
        let out = std::process::Command::new("sh")
            .args(["-c", &script])
            .current_dir(dir.path(""))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args}: {err}");
        assert!(err.contains("out."), "{args}: {err}");
        let left: Vec<_> = std::fs::read_dir(dir.path(""))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert!(left.is_empty(), "{args}: left {left:?}");
    }
}
