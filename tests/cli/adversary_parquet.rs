//! Found by an adversary's pass over `check`/`audit --format parquet` and `-o` (issue 16): each
//! test failed before its fix.

use crate::util::{TempDir, arbiter, run_measured, run_measured_to};

/// Games whose findings each repeat long tag values (Event, White and Black of 250 four-byte
/// characters: about 2.4 KB of text per row, the tags being cut to 200 characters) and 1000
/// stray braces each: 70,000 findings from 354 KB of input.
fn fat_findings() -> Vec<u8> {
    let value = "\u{1F600}".repeat(250);
    let mut pgn = String::new();
    for _ in 0..70 {
        pgn += &format!("[Event \"{value}\"]\n[White \"{value}\"]\n[Black \"{value}\"]\n");
        pgn += "[Result \"*\"]\n\n1. e4 ";
        pgn += &"} ".repeat(1000);
        pgn += "*\n\n";
    }
    pgn.into_bytes()
}

/// The Parquet table of findings gathers its rows in Arrow's builders, 65,536 rows at a time:
/// with rows of a few kilobytes that was 181 MB at `-j1` on a 354 KB input (text: 10 MB). A
/// batch now also ends at 8 MiB of values gathered, so the memory does not grow with the size
/// of the rows (README, "Memory": the bound of the stream, plus the writer's).
#[test]
fn findings_parquet_memory_does_not_grow_with_the_rows_size() {
    let tmp = TempDir::new("adversary-parquet-fat-rows");
    let input = tmp.write("fat.pgn", &fat_findings());
    let out = tmp.path("out.parquet");
    let mut cmd = arbiter();
    cmd.args(["check", "-q", "-j1", "--format", "parquet", "-o"])
        .arg(&out)
        .arg(&input);
    let (output, peak, _) = run_measured(cmd, None);
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{err}");
    let written = std::fs::metadata(&out).expect("the -o file");
    assert!(written.len() > 8, "{written:?}");
    if let Some(kib) = peak {
        assert!(kib < 90_000, "peak RSS {kib} KiB for 354 KB of input");
    }
}

/// `-o` refuses an existing PGN file (README, `check`'s options: `-o db.pgn` with the inputs
/// forgotten would replace the database); a symlink to one names that file too (the output
/// follows links and is renamed over the file they name), whatever the link is called. Before,
/// `check -o out.link other.pgn` replaced the database the link points to with the report.
#[test]
fn o_refuses_a_symlink_to_a_pgn_file() {
    let tmp = TempDir::new("adversary-o-link-pgn");
    let db = b"[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let precious = tmp.write("precious.pgn", db);
    let input = tmp.write("other.txt", db);
    let link = tmp.path("out.link");
    std::os::unix::fs::symlink(&precious, &link).unwrap();
    let (link_s, input_s) = (link.to_str().unwrap(), input.to_str().unwrap());
    for args in [
        vec!["check", "-q", "-o", link_s, input_s],
        vec!["check", "-q", "--format", "parquet", "-o", link_s, input_s],
        vec!["audit", "-q", "-o", link_s, input_s],
        vec!["moves", "-q", "-o", link_s, input_s],
        vec!["games", "-q", "--format", "parquet", "-o", link_s, input_s],
    ] {
        let out = crate::util::run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("is a PGN file"), "{args:?}: {err}");
        assert_eq!(std::fs::read(&precious).unwrap(), db, "{args:?}");
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    }
}

/// A usage error of `audit` (`--only` naming no code) is reported at once, before any output
/// is opened: with `-o` or `--verdicts-out` naming a FIFO that nobody reads, audit waited for
/// a reader of it first (for ever), where `check` gave the error at once.
#[test]
fn audit_usage_errors_come_before_its_outputs_are_opened() {
    let tmp = TempDir::new("adversary-audit-usage-first");
    let fifo = tmp.path("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let input = tmp.write("db.pgn", b"[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n");
    let (f, i) = (fifo.to_str().unwrap(), input.to_str().unwrap());
    for args in [
        ["audit", "-q", "--only", "nonsense/zzz", "-o", f, i],
        [
            "audit",
            "-q",
            "--only",
            "nonsense/zzz",
            "--verdicts-out",
            f,
            i,
        ],
    ] {
        let mut cmd = arbiter();
        cmd.args(args);
        let mut child = cmd
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if started.elapsed() > std::time::Duration::from_secs(5) {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        let status = status.unwrap_or_else(|| panic!("{args:?}: still waiting after 5 s"));
        assert_eq!(status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("names no code"), "{args:?}: {err}");
    }
}

/// `audit --positions` refuses an `-o` that names its `--profile` file, as the audit of games
/// does (README: an output naming a file the run reads, an alias or profile file, is refused):
/// the positions were written over the profile.
#[test]
fn audit_positions_refuses_to_write_over_its_profile() {
    let tmp = TempDir::new("adversary-positions-profile");
    let profile = b"name = \"p\"\n[repetition.claim]\noccurrences = 3\nrule = \"r\"\n";
    let prof = tmp.write("p.toml", profile);
    let fens = tmp.write("pos.txt", b"8/8/8/8/8/8/8/K6k w - - 0 1\n");
    let (p, f) = (prof.to_str().unwrap(), fens.to_str().unwrap());
    for format in ["text", "parquet"] {
        let args = [
            "audit",
            "-q",
            "--positions",
            f,
            "--profile",
            p,
            "--format",
            format,
        ];
        let out = crate::util::run(&[&args[..], &["-o", p]].concat());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{format}: {err}");
        assert!(err.contains("is read by this run"), "{format}: {err}");
        assert_eq!(std::fs::read(&prof).unwrap(), profile, "{format}");
    }
}

/// `games --format parquet` gathers its rows, each with the game's tags whole (`other_tags`),
/// 65,536 at a time: 2,000 games of a 30 KB tag took 82 MB on standard input at `-j1` (CSV:
/// 20 MB), and the memory grew with the input up to 65,536 games (338 MB for 301 MB). A batch
/// now also ends at 8 MiB of values.
#[test]
fn games_parquet_memory_does_not_grow_with_the_tags_size() {
    let tmp = TempDir::new("adversary-games-fat-tags");
    let out = tmp.path("out.parquet");
    let mut cmd = arbiter();
    cmd.args(["games", "-q", "-j1", "--format", "parquet", "-o"])
        .arg(&out)
        .arg("-");
    let feed = |mut stdin: std::process::ChildStdin| {
        let value = "x".repeat(30_000);
        for g in 0..2_000 {
            let game =
                format!("[Event \"E{g}\"]\n[Result \"*\"]\n[Annotator \"{value}\"]\n\n1. e4 *\n\n");
            if std::io::Write::write_all(&mut stdin, game.as_bytes()).is_err() {
                return;
            }
        }
    };
    let (output, peak, _) = run_measured(cmd, Some(Box::new(feed)));
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(std::fs::metadata(&out).is_ok_and(|m| m.len() > 8));
    if let Some(kib) = peak {
        assert!(kib < 70_000, "peak RSS {kib} KiB for 60 MB of games");
    }
}

/// The reports of a window's games wait for the writer on the worker threads: at `-j2` a file
/// of games of a thousand findings each held every report of the window at once (627 MB to
/// 1 GB for an 11 MB file; 21 MB at `-j1`). A report that does not fit the output budget is
/// now dropped by its job and made again by the writer, so the memory stays within the bound
/// whatever the findings, and the report is the one `-j1` writes, byte for byte.
#[test]
fn check_at_j2_holds_the_findings_within_the_output_budget() {
    let tmp = TempDir::new("adversary-window-findings");
    let mut pgn = String::new();
    for g in 0..2_500 {
        pgn += &format!("[Event \"E{g}\"]\n[Result \"*\"]\n\n1. e4 e5 ");
        pgn += &"} ".repeat(1000);
        pgn += "*\n\n";
    }
    let input = tmp.write("stray.pgn", pgn.as_bytes());
    let mut reports = Vec::new();
    for jobs in ["-j1", "-j2"] {
        let report = tmp.path(&format!("report{jobs}.txt"));
        let mut cmd = arbiter();
        cmd.args(["check", "-q", jobs, "--no-mmap"]).arg(&input);
        let file = std::fs::File::create(&report).expect("report file");
        let (output, peak, _) = run_measured_to(cmd, None, Some(file));
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{err}");
        if let Some(kib) = peak {
            assert!(
                kib < 120_000,
                "{jobs}: peak RSS {kib} KiB for 5 MB of input"
            );
        }
        reports.push(std::fs::read(&report).expect("the report"));
    }
    let lines = reports[0].iter().filter(|&&b| b == b'\n').count();
    let expected = 2_500 * (1000 + 1) + 1;
    assert_eq!(
        lines, expected,
        "a finding per brace and the roster's per game, the summary"
    );
    assert!(reports[0] == reports[1], "-j2 writes what -j1 writes");
}
