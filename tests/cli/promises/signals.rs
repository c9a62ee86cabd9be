//! Ctrl-C, SIGTERM and SIGHUP end every long path within a second, with status 128 + the
//! signal's number, and leave no temporary file (issue 13).

use std::io::Write;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use super::wait_at_most;
use crate::util::{TempDir, arbiter};

fn signal(child: &Child, name: &str) {
    catching(child, name);
    let status = std::process::Command::new("kill")
        .args([&format!("-{name}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Waits (at most 10 s) until `child` has installed its handler for signal `name`, as Linux's
/// `/proc/PID/status` shows it (`SigCgt`, a hex mask, bit n-1 for signal n): a signal sent at a
/// fixed delay could arrive before the handler on a loaded machine and kill the process with
/// the default action (no status code at all), a false failure seen in CI with SIGHUP.
fn catching(child: &Child, name: &str) {
    let number = match name {
        "HUP" => 1,
        "INT" => 2,
        "TERM" => 15,
        other => panic!("no number for SIG{other}"),
    };
    let path = format!("/proc/{}/status", child.id());
    let until = Instant::now() + Duration::from_secs(10);
    while Instant::now() < until {
        let Ok(status) = std::fs::read_to_string(&path) else {
            return;
        };
        let caught = status
            .lines()
            .find_map(|line| line.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok());
        match caught {
            Some(mask) if mask & (1 << (number - 1)) != 0 => return,
            None => return,
            Some(_) => std::thread::sleep(Duration::from_millis(10)),
        }
    }
    panic!("SIG{name} never caught by {}", child.id());
}

/// Starts `args` reading standard input (fed `input`, then kept open, as a terminal or a slow
/// pipe is), signals it with `name` after a while, and returns its status and how long it took
/// to end after the signal.
fn stopped_by(args: &[&str], input: &[u8], name: &str) -> (Option<i32>, Duration, String) {
    let mut child = arbiter()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(400));
    signal(&child, name);
    let sent = Instant::now();
    let status = wait_at_most(&mut child, Duration::from_secs(3));
    let took = sent.elapsed();
    drop(stdin);
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut e, &mut err);
    }
    (status.and_then(|s| s.code()), took, err)
}

/// Ctrl-C before standard input has sent a byte (a terminal, a slow pipe) ends the run with
/// status 130 and leaves no output file, on every subcommand that reads games (the first read
/// was reported as an unreadable input, status 2, and `fix`, `games`, `moves` left their files).
#[test]
fn r13_ctrl_c_before_the_first_byte_of_standard_input() {
    let dir = crate::util::TempDir::new("ctrl-c-no-bytes");
    let out = dir.path("out");
    let out = out.to_str().unwrap();
    let cases: [&[&str]; 9] = [
        &["check", "-q", "-"],
        &["audit", "-q", "-"],
        &["stats", "-q", "-"],
        &["fix", "-q", "-o", out, "-"],
        &["games", "-q", "-o", out, "-"],
        &["moves", "-q", "-o", out, "-"],
        &["select", "-q", "--where", "plies > 0", "-o", out, "-"],
        &["dedup", "-q", "--unique-out", out, "-"],
        &["merge", "-"],
    ];
    for args in cases {
        let (code, took, err) = stopped_by(args, b"", "INT");
        assert_eq!(code, Some(130), "{args:?}: {err}");
        assert!(took < Duration::from_secs(1), "{args:?}: {took:?}");
        assert!(!std::path::Path::new(out).exists(), "{args:?} left {out}");
    }
}

#[test]
fn r13_ctrl_c_ends_every_reader_waiting_on_standard_input() {
    let partial_game = b"[Event \"slow\"]\n\n1. e4 e5 2. Nf3 ";
    let fen = b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
    let stats_doc = b"{\"type\":\"stats\",";
    let record = b"{\"type\":\"finding\",";
    let cases: [(&[&str], &[u8]); 11] = [
        (&["check", "-q", "-"], partial_game),
        (&["audit", "-q", "-"], partial_game),
        (&["fen", "-q", "-"], partial_game),
        (&["pgn", "-"], partial_game),
        (&["stats", "-q", "-"], partial_game),
        (&["fen", "--check", "-"], fen),
        (&["audit", "--positions", "-"], fen),
        (&["pgn", "--from-fen", "-"], fen),
        (&["pgn", "--from-sequence", "-"], fen),
        (&["stats", "--merge", "-"], stats_doc),
        (&["merge", "-"], record),
    ];
    for (args, input) in cases {
        let (code, took, err) = stopped_by(args, input, "INT");
        assert_eq!(code, Some(130), "{args:?}: {err}");
        assert!(took < Duration::from_secs(1), "{args:?}: {took:?}");
        assert!(err.contains("interrupted"), "{args:?}: {err}");
        // Only what was asked for is said to be unwritten (`check` without split outputs
        // said "no split output was written").
        assert!(!err.contains("split output"), "{args:?}: {err}");
    }
}

#[test]
fn r13_sigterm_and_sighup_remove_temporary_outputs() {
    for (name, code) in [("TERM", 143), ("HUP", 129)] {
        let dir = TempDir::new(&format!("signal-{name}"));
        let out_dir = dir.path("out");
        std::fs::create_dir_all(&out_dir).unwrap();
        let valid = out_dir.join("valid.pgn");
        let args = ["check", "-q", "-", "--valid-out", valid.to_str().unwrap()];
        let (status, took, err) = stopped_by(&args, b"[Event \"a\"]\n\n1. e4 *\n\n", name);
        assert_eq!(status, Some(code), "SIG{name}: {err}");
        assert!(took < Duration::from_secs(1), "SIG{name}: {took:?}");
        assert!(err.contains(&format!("interrupted by SIG{name}")), "{err}");
        let left: Vec<_> = std::fs::read_dir(&out_dir).unwrap().collect();
        assert!(left.is_empty(), "SIG{name}: files left: {left:?}");
    }
}

#[test]
fn r13_ctrl_c_stops_perft() {
    let mut child = arbiter()
        .args(["perft", "startpos", "9"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, "INT");
    let sent = Instant::now();
    let status = wait_at_most(&mut child, Duration::from_secs(3));
    assert!(
        sent.elapsed() < Duration::from_secs(1),
        "{:?}",
        sent.elapsed()
    );
    assert_eq!(status.and_then(|s| s.code()), Some(130));
    let out = child.wait_with_output().unwrap();
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted; no count written"));
}

/// A FIFO named on the command line that no writer has opened yet (`mkfifo f; arbiter check
/// f`, the writer not started), or named as an output that no reader has opened: the first
/// SIGTERM ends the run with status 143 within a second, for every reader of games, lines,
/// documents and option files and for the outputs, with a message that names the signal. Opening a FIFO waits for the other end, and
/// that wait ignored the first signal (the handler lets calls restart): only a second signal
/// ended the run.
#[test]
fn r13_sigterm_ends_a_wait_for_the_writer_of_a_named_fifo() {
    let dir = TempDir::new("fifo-no-writer");
    let fifo = dir.path("f");
    let output = dir.path("o");
    let made = std::process::Command::new("mkfifo")
        .args([&fifo, &output])
        .status()
        .unwrap();
    assert!(made.success());
    let games = dir.path("games.pgn");
    std::fs::write(&games, "[Event \"a\"]\n\n1. e4 *\n").unwrap();
    let (f, g) = (fifo.to_str().unwrap(), games.to_str().unwrap());
    let o = output.to_str().unwrap();
    let cases: [&[&str]; 13] = [
        &["check", "-q", f],
        &["stats", "-q", f],
        &["merge", f],
        &["stats", "--merge", f],
        &["fen", "--check", f],
        &["audit", "--positions", f],
        &["pgn", "--from-fen", f],
        &["dedup", "-q", "--aliases", f, g],
        &["audit", "-q", "--profile", f, g],
        &["select", "-q", "--where", "plies > 0", "--aliases", f, g],
        // An output FIFO that no reader has opened yet.
        &["check", "-q", "--valid-out", o, g],
        &["pgn", "-q", "-o", o, g],
        &["fix", "-q", "-o", o, g],
    ];
    for args in cases {
        let (code, took, err) = stopped_by(args, b"", "TERM");
        assert_eq!(code, Some(143), "{args:?}: {err}");
        assert!(took < Duration::from_secs(1), "{args:?}: {took:?}");
        // The message names the signal on every path, the wait for an output's reader too
        // (it said "o: interrupted"), and an option file awaited is not called unreadable
        // (`--profile f` said "not a built-in profile ... and not a readable file").
        assert!(err.contains("interrupted by SIGTERM"), "{args:?}: {err}");
        assert!(!err.contains("not a readable file"), "{args:?}: {err}");
    }
}

/// A run whose standard output is a pipe that nobody reads (`arbiter pgn db | less`, the pager
/// waiting) is blocked in a write, which restarts after the signal handler: the first SIGTERM
/// still ends it, within the two seconds of the grace alarm, with status 143 and its temporary
/// files removed (it hung until a second signal).
#[test]
fn r13_sigterm_ends_a_run_blocked_writing_to_a_pipe_nobody_reads() {
    let dir = TempDir::new("blocked-output");
    let game = std::fs::read(crate::util::testdata("immortal-games.pgn")).unwrap();
    let big = dir.write("big.pgn", &game.repeat(40));
    let out_dir = dir.path("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let valid = out_dir.join("valid.pgn");
    let cases: [Vec<&str>; 2] = [
        vec!["pgn", "-q", big.to_str().unwrap()],
        vec![
            "check",
            "-q",
            "--format",
            "jsonl",
            "--games",
            "--valid-out",
            valid.to_str().unwrap(),
            big.to_str().unwrap(),
        ],
    ];
    for args in cases {
        let mut child = arbiter()
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The pipe (64 KiB) fills at once; nothing reads it.
        std::thread::sleep(Duration::from_millis(700));
        signal(&child, "TERM");
        let sent = Instant::now();
        let status = wait_at_most(&mut child, Duration::from_secs(6));
        let took = sent.elapsed();
        assert_eq!(status.and_then(|s| s.code()), Some(143), "{args:?}");
        assert!(took < Duration::from_secs(4), "{args:?}: {took:?}");
        let left: Vec<_> = std::fs::read_dir(&out_dir).unwrap().collect();
        assert!(left.is_empty(), "{args:?}: files left: {left:?}");
    }
}
