//! `-o FILE` of `check` and `audit` (every format): the file holds what standard output gets
//! and is written under a temporary name, renamed when complete; it is refused where it would
//! destroy data (an input, an existing PGN file, the file of `--valid-out`,
//! `--invalid-out` or `--verdicts-out`, standard input read from it); Parquet is not written to
//! a terminal; Ctrl-C leaves no `-o` file. (The Parquet tables themselves:
//! `findings_parquet.rs`.)

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::util::{TempDir, arbiter, parse_jsonl, run, testdata};

/// Runs arbiter with `args` (standard input closed) and asserts its exit status.
fn run_status(args: &[&str], status: i32) -> std::process::Output {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(status),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

#[test]
fn o_writes_the_report_of_every_format_that_standard_output_gets() {
    let dir = TempDir::new("report-o");
    let file = testdata("immortal-games.pgn");
    let file = file.to_str().unwrap();
    for (sub, format) in [
        ("check", "text"),
        ("check", "csv"),
        ("check", "jsonl"),
        ("audit", "text"),
        ("audit", "csv"),
    ] {
        let path = dir.path(&format!("{sub}.{format}"));
        let to_stdout = run(&[sub, "-q", "--format", format, file]);
        let args = [
            sub,
            "-q",
            "--format",
            format,
            "-o",
            path.to_str().unwrap(),
            file,
        ];
        let to_file = run(&args);
        assert_eq!(to_file.status.code(), to_stdout.status.code(), "{args:?}");
        assert!(to_file.stdout.is_empty(), "{args:?}");
        let written = std::fs::read(&path).unwrap();
        match format {
            // The summary's `seconds` differ.
            "jsonl" => {
                let [a, b] = [&written, &to_stdout.stdout].map(|o| parse_jsonl(o));
                let n = a.len() - 1;
                assert_eq!(a[..n], b[..n], "{args:?}");
                assert_eq!(a[n]["errors"], b[n]["errors"], "{args:?}");
            }
            _ => assert!(written == to_stdout.stdout, "{args:?}"),
        }
        let left: Vec<_> = std::fs::read_dir(dir.path("")).unwrap().collect();
        assert!(left.iter().all(|e| {
            let name = e.as_ref().unwrap().file_name();
            !name.to_string_lossy().ends_with(".tmp")
        }));
    }
    // A write that fails names the file: exit status 2.
    if Path::new("/dev/full").exists() {
        let out = run(&["check", "-q", "--format", "jsonl", "-o", "/dev/full", file]);
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("/dev/full") && stderr.contains("space"),
            "{stderr}"
        );
        assert!(!stderr.contains("standard output"), "{stderr}");
    }
}

#[test]
fn o_is_refused_where_it_would_destroy_data() {
    let dir = TempDir::new("report-o-refused");
    let original = std::fs::read(testdata("immortal-games.pgn")).unwrap();
    let db = dir.write("db.pgn", &original);
    let epd = dir.write("p.epd", b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    let [db_s, epd_s] = [&db, &epd].map(|p| p.to_str().unwrap().to_owned());
    let other = dir.path("other.pgn");
    let other = other.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["check", "-o", &db_s, &db_s],
            "never writes over an input",
        ),
        (
            vec!["check", "--format", "parquet", "-o", &db_s, &db_s],
            "never writes over an input",
        ),
        (
            vec!["audit", "-o", &db_s, &db_s],
            "never writes over an input",
        ),
        // (`-o -` is standard output: tests/cli/conventions.rs.)
        // The inputs forgotten: standard input would be read, the database replaced.
        (vec!["check", "-o", &db_s], "is a PGN file"),
        (
            vec!["audit", "--format", "parquet", "-o", &db_s],
            "is a PGN file",
        ),
        (
            vec!["check", "-o", other, "--valid-out", other, &db_s],
            "--valid-out and -o name the same file",
        ),
        (
            vec![
                "check",
                "--format",
                "parquet",
                "-o",
                other,
                "--invalid-out",
                other,
                &db_s,
            ],
            "--invalid-out and -o name the same file",
        ),
        (
            vec!["audit", "-o", other, "--verdicts-out", other, &db_s],
            "--verdicts-out and -o name the same file",
        ),
        (
            vec!["audit", "--positions", &epd_s, "-o", &epd_s],
            "never writes over an input",
        ),
        (
            vec!["audit", "--games", "--format", "parquet", &db_s],
            "--games is not available with --format parquet (use --format jsonl)",
        ),
        (
            vec![
                "check", "--games", "--only", "tag", "--format", "parquet", &db_s,
            ],
            "--games --format parquet prints one row per game",
        ),
    ];
    for (args, message) in cases {
        let out = run_status(&args, 2);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!Path::new(other).exists(), "{args:?} wrote {other}");
        assert_eq!(std::fs::read(&db).unwrap(), original, "{args:?}");
        assert!(!dir.path("-").exists(), "{args:?}");
    }
    // Standard input read from the -o file (`- < out`), and the positions of standard input.
    let out = dir.write("out.csv", b"kept");
    for args in [
        vec!["check", "-q", "-o", out.to_str().unwrap(), "-"],
        vec![
            "audit",
            "-q",
            "--positions",
            "-",
            "-o",
            out.to_str().unwrap(),
        ],
    ] {
        let result = arbiter()
            .args(&args)
            .stdin(std::fs::File::open(&out).unwrap())
            .output()
            .unwrap();
        assert_eq!(result.status.code(), Some(2), "{args:?}");
        assert_eq!(std::fs::read(&out).unwrap(), b"kept", "{args:?}");
    }
}

/// Runs arbiter with standard output (or, with `path_arg`, the `-o` file) on a new
/// pseudo-terminal made by python3's `pty` module: the status and standard error.
fn on_terminal(args: &[&str], path_arg: bool) -> Option<(i32, String)> {
    const RUNNER: &str = r#"
import os, pty, subprocess, sys
master, slave = pty.openpty()
args = sys.argv[2:]
if sys.argv[1] == "path":
    args = [os.ttyname(slave) if a == "TTY" else a for a in args]
    out = subprocess.PIPE
else:
    out = slave
p = subprocess.run(args, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.PIPE, timeout=60)
sys.stdout.write("%d\n%s" % (p.returncode, p.stderr.decode()))
"#;
    let works = Command::new("python3")
        .args(["-c", "import pty, subprocess"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !works {
        assert!(
            !crate::util::in_ci(),
            "CI: no python3 pty module to make a terminal"
        );
        eprintln!("note: no python3 pty module: Parquet to a terminal is not tested");
        return None;
    }
    let out = Command::new("python3")
        .args(["-c", RUNNER, if path_arg { "path" } else { "stdout" }])
        .arg(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let (status, stderr) = text.split_once('\n').unwrap();
    Some((status.parse().unwrap(), stderr.to_owned()))
}

#[test]
fn parquet_is_not_written_to_a_terminal() {
    let file = testdata("readme/stalemate.pgn");
    let file = file.to_str().unwrap();
    let binary = "Parquet is a binary format: write it with -o FILE, or send standard output to a file or a pipe";
    for sub in ["check", "audit"] {
        let args = [sub, "-q", "--format", "parquet", file];
        let Some((status, stderr)) = on_terminal(&args, false) else {
            return;
        };
        assert_eq!(status, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(binary), "{stderr}");
        let args = [sub, "-q", "--format", "parquet", "-o", "TTY", file];
        let (status, stderr) = on_terminal(&args, true).unwrap();
        assert_eq!(status, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(binary), "{stderr}");
        // Text to the terminal is fine.
        let (status, stderr) = on_terminal(&[sub, "-q", file], false).unwrap();
        assert!(status < 2, "{sub}: {status} {stderr}");
    }
    // Into a pipe: a Parquet file.
    let out = run_status(&["check", "-q", "--format", "parquet", file], 1);
    assert!(out.stdout.starts_with(b"PAR1") && out.stdout.ends_with(b"PAR1"));
}

/// `--color auto` looks at where the report goes: an `-o` file gets no colour, also when
/// standard output is a terminal (it did: the file was full of escape sequences).
#[test]
fn o_file_is_not_coloured_because_standard_output_is_a_terminal() {
    let dir = TempDir::new("report-o-colour");
    for (sub, file) in [
        ("check", "immortal-games.pgn"),
        ("audit", "readme/stalemate.pgn"),
    ] {
        let file = testdata(file);
        for (color, coloured) in [("auto", false), ("always", true), ("never", false)] {
            let path = dir.path(&format!("{sub}-{color}.txt"));
            let out = path.to_str().unwrap();
            let args = [
                sub,
                "-q",
                "--color",
                color,
                "-o",
                out,
                file.to_str().unwrap(),
            ];
            let Some((status, stderr)) = on_terminal(&args, false) else {
                return;
            };
            assert_eq!(status, 1, "{args:?}: {stderr}");
            let text = std::fs::read(&path).unwrap();
            assert_eq!(text.contains(&0x1b), coloured, "{args:?}");
        }
    }
}

#[test]
fn ctrl_c_leaves_no_output_file() {
    let partial_game = b"[Event \"slow\"]\n\n1. e4 e5 *\n\n[Event \"next\"]\n\n1. e4 ";
    let fen = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    let cases: [(&[&str], &[u8], &str); 6] = [
        (
            &["check", "-"],
            partial_game,
            "; the -o file was not written",
        ),
        (
            &["check", "--format", "parquet", "-"],
            partial_game,
            "; the -o file was not written",
        ),
        (
            &["audit", "--format", "csv", "-"],
            partial_game,
            "; the -o file was not written",
        ),
        (
            &["audit", "--format", "parquet", "--positions", "-"],
            fen,
            "the -o file",
        ),
        (
            &["check", "--valid-out", "VALID", "-"],
            partial_game,
            "; the -o and --valid-out files were not written",
        ),
        (
            &["audit", "--verdicts-out", "VALID", "-"],
            partial_game,
            "; the -o and --verdicts-out files were not written",
        ),
    ];
    for (args, input, message) in cases {
        let dir = TempDir::new("report-o-ctrl-c");
        let out = dir.path("out.x");
        let valid = dir.path("valid.pgn");
        let mut full: Vec<&str> = vec![args[0], "-q", "-o", out.to_str().unwrap()];
        full.extend(args[1..].iter().map(|a| match *a {
            "VALID" => valid.to_str().unwrap(),
            a => a,
        }));
        let mut child = arbiter()
            .args(&full[..])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, input).unwrap();
        std::thread::sleep(Duration::from_millis(400));
        let killed = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let output = child.wait_with_output().unwrap();
        drop(stdin);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(130), "{full:?}: {stderr}");
        assert!(stderr.contains(message), "{full:?}: {stderr}");
        let left: Vec<_> = std::fs::read_dir(dir.path("")).unwrap().collect();
        assert!(left.is_empty(), "{full:?} left {left:?}");
    }
}

/// When no input can be read (a mistyped name), no output file is written: one already there
/// (last night's table) is kept, not replaced by an empty one; the message says so and the
/// status is 2. With one input read and one not, the outputs are written as before.
#[test]
fn r16_no_input_read_keeps_the_output_files_there() {
    let dir = TempDir::new("report-nothing-read");
    let missing = dir.path("missing.pgn");
    let missing = missing.to_str().unwrap();
    let good = testdata("readme/scholar.pgn");
    let good = good.to_str().unwrap();
    let runs: [(&[&str], &str); 6] = [
        (&["check", "--format", "parquet", "-o"], "findings.parquet"),
        (&["check", "-o"], "report.txt"),
        (&["audit", "--format", "csv", "-o"], "verdicts.csv"),
        (&["games", "--format", "parquet", "-o"], "games.parquet"),
        (&["moves", "-o"], "moves.csv"),
        (&["check", "--valid-out"], "valid.pgn"),
    ];
    for (args, name) in runs {
        let path = dir.path(name);
        std::fs::write(&path, b"kept").unwrap();
        let p = path.to_str().unwrap();
        let mut a = args.to_vec();
        a.extend([p, "-q", missing]);
        let out = run_status(&a, 2);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("no input could be read"), "{a:?}: {err}");
        assert_eq!(std::fs::read(&path).unwrap(), b"kept", "{a:?}");
        let left: Vec<_> = std::fs::read_dir(dir.path("."))
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains(".tmp"))
            .collect();
        assert!(left.is_empty(), "{a:?}: temporary files left: {left:?}");
        // One input read: the output is written (and the missing one still fails the run).
        let mut a = args.to_vec();
        a.extend([p, "-q", good, missing]);
        run_status(&a, 2);
        assert_ne!(std::fs::read(&path).unwrap(), b"kept", "{a:?}");
    }
}
