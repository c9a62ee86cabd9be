//! Nothing is read twice or dropped without a word (issues 13 and 15): a file named twice
//! (under any name) is read twice, as `cat a.pgn a.pgn` would give it and as pgn-extract and
//! `sort -u` read it, and every subcommand that reads games says so on standard error (each game
//! is then a "duplicate of itself" in `dedup`, counted twice by `check` and `stats`); a copy of
//! a file is another file, and says nothing. And `select --export`, which cuts a game at an
//! illegal move as `pgn` does, says so on standard error with `pgn`'s exit status.

use std::io::Write;
use std::process::Stdio;

use crate::util::{TempDir, arbiter, run, testdata};

/// Every subcommand that reads games, with what it needs besides its inputs.
const SUBCOMMANDS: [&[&str]; 10] = [
    &["check"],
    &["audit"],
    &["fen"],
    &["pgn"],
    &["stats"],
    &["games"],
    &["moves"],
    &["dedup"],
    &["select", "--where", "plies >= 0"],
    &["fix"],
];

/// The warning for `second`, the same file as `first`.
fn warning(second: &std::path::Path, first: &std::path::Path) -> String {
    format!(
        "arbiter: warning: {}: the same file as {}, named before: its games are read twice",
        second.display(),
        first.display()
    )
}

#[test]
fn r13_a_file_named_twice_is_read_twice_and_said_by_every_subcommand() {
    let dir = TempDir::new("named-twice");
    let file = dir.write(
        "a.pgn",
        &std::fs::read(testdata("dedup/copies.pgn")).unwrap(),
    );
    let link = dir.path("link.pgn");
    std::fs::hard_link(&file, &link).unwrap();
    let dotted = dir.path(".").join("a.pgn");
    let folder = dir.path("");
    // Each way of naming a.pgn twice, and the name the warning gives (the second).
    let twice: [(&str, Vec<&std::path::Path>, &std::path::Path); 4] = [
        ("same name", vec![&file, &file], &file),
        ("./ name", vec![&file, &dotted], &dotted),
        ("hard link", vec![&file, &link], &link),
        ("file and directory", vec![&file, &folder], &link),
    ];
    for sub in SUBCOMMANDS {
        for (what, inputs, second) in &twice {
            let out = arbiter()
                .args(sub)
                .arg("-q")
                .args(inputs)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.code() != Some(2), "{sub:?} {what}: {stderr}");
            // The directory holds a.pgn and link.pgn: link.pgn is the repeat; a.pgn in it
            // repeats the a.pgn named first.
            let said = stderr.matches("arbiter: warning: ").count();
            let want = if *what == "file and directory" { 2 } else { 1 };
            assert_eq!(said, want, "{sub:?} {what}: {stderr}");
            assert!(
                stderr.contains(&warning(second, &file)),
                "{sub:?} {what}: {stderr}"
            );
        }
    }
    // Read twice: check counts 18 games (the file holds 9), dedup finds each a copy of itself.
    let (f, d) = (file.to_str().unwrap(), dotted.to_str().unwrap());
    let check = run(&["check", "-q", "--format", "jsonl", f, d]);
    assert_eq!(
        crate::util::summary(&crate::util::parse_jsonl(&check.stdout))["games"],
        18
    );
    let dedup = run(&["dedup", "-q", f, d]);
    let text = String::from_utf8_lossy(&dedup.stdout);
    assert!(
        text.contains("11 duplicates in 7 groups; 7 unique of 18 games"),
        "{text}"
    );
    // Said once, not again by dedup's second pass (the split outputs).
    let unique = dir.path("unique.out");
    let out = run(&[
        "dedup",
        "-q",
        "--unique-out",
        unique.to_str().unwrap(),
        f,
        d,
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("arbiter: warning: ").count(), 1, "{stderr}");
}

#[test]
fn r13_a_copy_or_a_pipe_reads_the_games_twice_and_says_nothing() {
    let dir = TempDir::new("named-twice-copy");
    let bytes = std::fs::read(testdata("dedup/copies.pgn")).unwrap();
    let a = dir.write("a.pgn", &bytes);
    let b = dir.write("b.pgn", &bytes);
    // The file holds 9 games, 7 of them unique at the game level (README, "arbiter dedup"):
    // twice over, 18 games and still 7 unique.
    let copy = run(&["dedup", "-q", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(copy.status.code(), Some(0));
    assert!(copy.stderr.is_empty(), "two files: nothing to say");
    let text = String::from_utf8_lossy(&copy.stdout);
    assert!(
        text.contains("11 duplicates in 7 groups; 7 unique of 18 games"),
        "{text}"
    );
    let mut child = arbiter()
        .args(["dedup", "-q", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&[&bytes[..], &bytes[..]].concat())
        .unwrap();
    let piped = child.wait_with_output().unwrap();
    assert_eq!(piped.status.code(), Some(0));
    assert!(piped.stderr.is_empty());
    let text = String::from_utf8_lossy(&piped.stdout);
    assert!(
        text.contains("11 duplicates in 7 groups; 7 unique of 18 games"),
        "{text}"
    );
}

/// `2. Ke3` cannot be played (the White king on e1 reaches d1, d2, e2, f2, f1 only): the export
/// cuts the main line there, at line 6, column 13 of the file.
const ILLEGAL: &str = "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n\
                       1. e4 e5 2. Ke3 Nf6 1-0\n\n\
                       [Event \"y\"]\n[Result \"*\"]\n\n1. d4 *\n";

#[test]
fn r13_select_export_says_where_it_cut_a_game() {
    let dir = TempDir::new("select-export-cut");
    let path = dir.write("cut.pgn", ILLEGAL.as_bytes());
    let path = path.to_str().unwrap();
    let select = run(&[
        "select",
        "-q",
        "--where",
        "Event == \"x\"",
        "--export",
        path,
    ]);
    let pgn = run(&["pgn", path]);
    let stderr = String::from_utf8_lossy(&select.stderr);
    let line = stderr.lines().next().unwrap_or_default();
    assert!(
        line.starts_with(&format!("{path}:6:13: error[illegal-move/")) && line.contains("Ke3"),
        "{stderr}"
    );
    // As `pgn` says of the same game, with its exit status (1: a game with errors).
    assert_eq!(select.status.code(), Some(1), "{stderr}");
    assert_eq!(select.status.code(), pgn.status.code());
    assert!(
        String::from_utf8_lossy(&pgn.stderr).contains(line),
        "{pgn:?}"
    );
    let exported = String::from_utf8_lossy(&select.stdout);
    assert!(exported.contains("[Result \"*\"]") && exported.contains("1. e4 e5 {"));
    // A game exported whole, or copied byte for byte: nothing to say, status 0.
    for args in [
        &[
            "select",
            "-q",
            "--where",
            "Event == \"y\"",
            "--export",
            path,
        ][..],
        &["select", "-q", "--where", "Event == \"x\"", path][..],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert!(out.stderr.is_empty(), "{args:?}: {out:?}");
    }
}

/// `merge` and `stats --merge` refuse an output named twice (issue 31: it was merged twice
/// with a warning, its games counted twice), standard input that is the file named besides
/// too: the record of its run is the same run's, given twice. Exit status 2, one message
/// naming it, nothing written.
#[test]
fn r13_merge_refuses_an_output_named_twice() {
    let dir = TempDir::new("merge-named-twice");
    let pgn = testdata("dedup/copies.pgn");
    let jsonl = dir.write(
        "a.jsonl",
        &run(&["check", "-q", "--format", "jsonl", pgn.to_str().unwrap()]).stdout,
    );
    let json = dir.write(
        "a.json",
        &run(&["stats", "-q", "--format", "json", pgn.to_str().unwrap()]).stdout,
    );
    let refused = |args: &[&str], out: std::process::Output| {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: {out:?}");
        assert!(stderr.contains("is given twice"), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    };
    for args in [
        vec!["merge", jsonl.to_str().unwrap(), jsonl.to_str().unwrap()],
        vec!["merge", json.to_str().unwrap(), json.to_str().unwrap()],
        vec![
            "stats",
            "--merge",
            json.to_str().unwrap(),
            json.to_str().unwrap(),
        ],
    ] {
        refused(&args, run(&args));
    }
    // Standard input that is the file named besides is the same run.
    for (args, file) in [
        (vec!["merge", jsonl.to_str().unwrap(), "-"], &jsonl),
        (vec!["stats", "--merge", "-", json.to_str().unwrap()], &json),
    ] {
        let out = arbiter()
            .args(&args)
            .stdin(std::fs::File::open(file).unwrap())
            .output()
            .unwrap();
        refused(&args, out);
    }
}

/// An `--aliases` file is read up to 16 MiB: `/dev/zero` (or a database named by mistake) is
/// a usage error, not a read that fills the memory.
#[test]
fn r13_an_alias_file_is_read_up_to_a_cap() {
    let pgn = testdata("dedup/copies.pgn");
    let (p, z) = (pgn.to_str().unwrap(), "/dev/zero");
    for args in [
        vec!["dedup", "-q", "--aliases", z, p],
        vec!["stats", "-q", "--aliases", z, p],
        vec!["select", "-q", "--where", "plies > 0", "--aliases", z, p],
    ] {
        let mut cmd = arbiter();
        cmd.args(&args);
        let (out, peak, _) = crate::util::run_measured(cmd, None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("longer than 16 MiB"), "{args:?}: {err}");
        if let Some(kb) = peak {
            assert!(kb < 100 * 1024, "{args:?}: peak {kb} KiB");
        }
    }
}
