//! A closed output pipe (`arbiter ... | head -1`) ends every output path quietly: exit status
//! 141 (128 + SIGPIPE, as a GNU tool killed by the signal; the output was cut, issue 14), nothing
//! on standard error (issue 13).

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::Duration;

use super::wait_at_most;
use crate::util::{TempDir, arbiter};

/// 20,000 games of distinct players (tables of some megabytes).
fn many_players() -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..20_000 {
        out.extend(
            format!(
                "[Event \"E{i}\"]\n[White \"White player {i}\"]\n[Black \"Black player {i}\"]\n\
                 [Result \"1-0\"]\n[WhiteElo \"{}\"]\n[BlackElo \"2000\"]\n\n\
                 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n",
                1500 + i % 900
            )
            .bytes(),
        );
    }
    out
}

#[test]
fn r13_a_closed_pipe_ends_every_output_quietly() {
    let dir = TempDir::new("closed-pipe");
    let file = dir.write("players.pgn", &many_players());
    let f = file.to_str().unwrap();
    for args in [
        &["stats", "-q", "--format", "csv", "--table", "players", f][..],
        &[
            "stats", "-q", "--format", "csv", "--by", "Event", "--table", "results", f,
        ][..],
        &["stats", "-q", "--format", "json", "--by", "Event", f][..],
        &["stats", "-q", "--by", "Event", "--top", "100000", f][..],
        &["check", "-q", "--format", "csv", f][..],
        &["check", "-q", "--games", f][..],
        &["audit", "-q", "--games", f][..],
        &["audit", "-q", "--games", "--format", "jsonl", f][..],
        &["fen", "-q", "--format", "csv", f][..],
        &["fen", "-q", "--format", "jsonl", f][..],
        &["pgn", "-q", f][..],
        &["fix", "-q", f][..],
    ] {
        let mut child = arbiter()
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let status = wait_at_most(&mut child, Duration::from_secs(60));
        let mut err = String::new();
        let _ = std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err);
        assert!(!first.is_empty(), "{args:?}");
        assert!(
            // `stats --format json` is one line: reading it reads the whole output, so no
            // write fails and the run ends with 0.
            match status.and_then(|s| s.code()) {
                Some(141) => true,
                Some(0) => args.contains(&"json"),
                _ => false,
            },
            "{args:?}: {status:?}: {err}"
        );
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}
