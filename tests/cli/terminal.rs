//! Standard input that is a terminal (README, "arbiter check", `FILE...`): every subcommand that
//! reads games says on standard error that it waits for PGN typed or pasted (`reading PGN from
//! standard input (a terminal); Ctrl-D ends it`), unless `-q`; a pipe gets no note.
//!
//! The terminal is a pseudo-terminal made by python3's `pty` module (standard input only, so
//! standard output and standard error stay pipes), or else by `script` from util-linux (which
//! puts all three on it). Without either the test says so and passes, but fails under CI.

use std::process::{Command, Output};

use crate::util::{in_ci, run_stdin};

const NOTE: &str = "reading PGN from standard input (a terminal); Ctrl-D ends it";

/// One game typed at the terminal, then Ctrl-D at the start of a line (end of file in the
/// terminal's canonical mode, POSIX `VEOF`).
const TYPED: &[u8] = b"[Event \"typed\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\x04";

/// Opens a pseudo-terminal as standard input of the command, types [`TYPED`] and waits for the
/// command; prints its status, then its standard output and standard error, on standard output.
const PTY_RUNNER: &str = r#"
import os, pty, subprocess, sys
master, slave = pty.openpty()
p = subprocess.Popen(sys.argv[1:], stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
os.close(slave)
os.write(master, sys.stdin.buffer.read())
out, err = p.communicate(timeout=60)
os.close(master)
sys.stdout.buffer.write(b"status=%d\n--stdout\n%s--stderr\n%s" % (p.returncode, out, err))
"#;

/// How to give a command a terminal on standard input here, if any.
#[derive(Clone, Copy, Debug)]
enum Pty {
    Python,
    Script,
}

fn pty() -> Option<Pty> {
    let works = |cmd: &mut Command| cmd.output().is_ok_and(|o| o.status.success());
    if works(Command::new("python3").args(["-c", "import pty, subprocess"])) {
        Some(Pty::Python)
    } else if works(Command::new("script").args(["-qec", "true", "/dev/null"])) {
        Some(Pty::Script)
    } else {
        None
    }
}

/// Runs arbiter with `args` and a terminal on standard input where [`TYPED`] is typed: the
/// text of its standard error (with `script`, of everything it wrote) and of its standard output.
fn run_on_terminal(pty: Pty, args: &[&str]) -> (String, String) {
    use std::io::Write;
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let output: Output = match pty {
        Pty::Python => {
            let mut child = Command::new("python3")
                .args(["-c", PTY_RUNNER, bin])
                .args(args)
                .env_remove("NO_COLOR")
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            child.stdin.take().unwrap().write_all(TYPED).unwrap();
            child.wait_with_output().unwrap()
        }
        Pty::Script => {
            let mut command = format!("'{bin}'");
            for arg in args {
                command.push_str(&format!(" '{arg}'"));
            }
            let mut child = Command::new("script")
                .args(["-qec", &command, "/dev/null"])
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            child.stdin.take().unwrap().write_all(TYPED).unwrap();
            child.wait_with_output().unwrap()
        }
    };
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    match text
        .split_once("--stdout\n")
        .and_then(|(_, rest)| rest.split_once("--stderr\n"))
    {
        Some((stdout, stderr)) => (stderr.to_owned(), stdout.to_owned()),
        None => (text.clone(), text),
    }
}

/// The subcommands that read games, each reading standard input (`-`, or no file for `check`).
const READERS: [&[&str]; 10] = [
    &["check"],
    &["audit", "-"],
    &["fen", "-"],
    &["pgn", "-"],
    &["stats", "-"],
    &["games", "-"],
    &["moves", "-"],
    &["fix", "-"],
    &["dedup", "-"],
    &["select", "--where", "plies > 0", "-"],
];

#[test]
fn a_terminal_on_standard_input_gets_the_note_unless_quiet() {
    let Some(pty) = pty() else {
        assert!(
            !in_ci(),
            "CI: neither python3's pty module nor script(1) to make a terminal"
        );
        eprintln!(
            "SKIPPED: no python3 pty module and no script(1): the terminal note is not tested"
        );
        return;
    };
    for args in READERS {
        let (stderr, stdout) = run_on_terminal(pty, args);
        assert_eq!(
            stderr.matches(NOTE).count(),
            1,
            "arbiter {args:?}:\n{stderr}"
        );
        assert!(
            stdout.contains("e4") || stdout.contains('1'),
            "the typed game was read: {args:?}:\n{stdout}"
        );
        // -q: no note.
        let mut quiet = vec![args[0], "-q"];
        quiet.extend_from_slice(&args[1..]);
        let (stderr, _) = run_on_terminal(pty, &quiet);
        assert!(!stderr.contains(NOTE), "arbiter {quiet:?}:\n{stderr}");
    }
}

#[test]
fn a_pipe_on_standard_input_gets_no_note() {
    for args in READERS {
        let out = run_stdin(args, &TYPED[..TYPED.len() - 1]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("Ctrl-D"), "arbiter {args:?}:\n{stderr}");
    }
}

/// `-o /dev/tty` in a process without a controlling terminal (a cron job, a CI runner) is an
/// error at once: opening the device fails with ENXIO, which arbiter took for a FIFO without a
/// reader and waited on for ever. Run in a new session (`setsid`, util-linux), which has no
/// controlling terminal; without `setsid` the test says so and passes, but fails under CI.
#[test]
fn r16_output_to_a_terminal_that_is_not_there_is_an_error_not_a_wait() {
    if !Command::new("setsid")
        .args(["true"])
        .status()
        .is_ok_and(|s| s.success())
    {
        assert!(!in_ci(), "setsid (util-linux) is needed under CI");
        eprintln!("skipped: no setsid");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let game = crate::util::testdata("readme/scholar.pgn");
    for args in [
        &["games", "-o", "/dev/tty"][..],
        &["check", "-o", "/dev/tty"],
    ] {
        let start = std::time::Instant::now();
        let out = Command::new("timeout")
            .args(["20", "setsid", "--wait", bin])
            .args(args)
            .arg(&game)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("/dev/tty"), "{args:?}: {err}");
        assert!(start.elapsed().as_secs() < 10, "{args:?} waited");
    }
}
