//! Each subcommand's `--help` ends with its exit status, and every status a run gives is one
//! its help names: runs on games without errors, with an illegal move, with a contradicted
//! result, on FEN lines that are no position and on a missing file.

use crate::readme::subcommands;
use crate::util::{TempDir, arbiter};

/// The `Exit status:` line `arbiter NAME --help` ends with.
fn exit_line(name: &str) -> String {
    let output = arbiter().args([name, "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    let last = help
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    assert!(
        last.starts_with("Exit status: "),
        "`arbiter {name} --help` does not end with its exit status: {last:?}"
    );
    last.to_owned()
}

/// The numbers a line names.
fn numbers(line: &str) -> Vec<i32> {
    line.split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect()
}

const SEVEN_TAGS: &str = "[Event \"x\"]\n[Site \"?\"]\n[Date \"2020.01.01\"]\n[Round \"1\"]\n\
    [White \"a\"]\n[Black \"b\"]\n";

#[test]
fn every_subcommand_help_ends_with_its_exit_status() {
    let names = subcommands();
    assert!(names.len() >= 15, "{names:?}");
    for name in &names {
        let n = numbers(&exit_line(name));
        assert!(n.contains(&0) && n.contains(&2), "arbiter {name}: {n:?}");
    }
}

#[test]
fn the_statuses_of_runs_are_those_their_help_names() {
    let dir = TempDir::new("help-exit");
    let good = dir.write(
        "good.pgn",
        format!("{SEVEN_TAGS}[Result \"*\"]\n\n1. e4 e5 *\n").as_bytes(),
    );
    let illegal = dir.write(
        "illegal.pgn",
        format!("{SEVEN_TAGS}[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n").as_bytes(),
    );
    let mate = dir.write(
        "mate.pgn",
        format!("{SEVEN_TAGS}[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n").as_bytes(),
    );
    let no_position = dir.write("empty-board.fen", b"8/8/8/8/8/8/8/8 w - - 0 1\n");
    let missing = dir.path("missing.pgn");
    let findings = dir.path("illegal.jsonl");
    let output = arbiter()
        .args(["check", "-q", "--format", "jsonl"])
        .arg(&illegal)
        .output()
        .unwrap();
    std::fs::write(&findings, &output.stdout).unwrap();
    let [good, illegal, mate, no_position, missing, findings] =
        [&good, &illegal, &mate, &no_position, &missing, &findings].map(|p| p.to_str().unwrap());
    let cases: &[(&[&str], i32)] = &[
        (&["check", good], 0),
        (&["check", illegal], 1),
        (&["check", missing], 2),
        (&["audit", good], 0),
        (&["audit", mate], 1),
        (&["audit", missing], 2),
        (&["fen", good], 0),
        (&["fen", illegal], 1),
        (&["fen", "--check", no_position], 1),
        (&["fen", missing], 2),
        (&["pgn", good], 0),
        (&["pgn", illegal], 1),
        (&["pgn", "--from-fen", no_position], 1),
        (&["pgn", missing], 2),
        (&["fix", good], 0),
        (&["fix", illegal], 1),
        (&["fix", missing], 2),
        (&["stats", "--with-check", illegal], 0),
        (&["stats", missing], 2),
        (&["dedup", illegal], 0),
        (&["dedup", missing], 2),
        (&["select", "--where", "plies > 0", illegal], 0),
        (&["select", "--export", "--where", "plies > 0", illegal], 1),
        (&["select", "--where", "plies > 0", missing], 2),
        (&["games", good], 0),
        (&["games", illegal], 0),
        (&["games", missing], 2),
        (&["moves", good], 0),
        (&["moves", illegal], 0),
        (&["moves", missing], 2),
        (&["merge", findings], 1),
        (&["merge", missing], 2),
        (&["perft", "startpos", "1"], 0),
        (&["perft", "8/8/8/8/8/8/8/8 w - - 0 1", "1"], 2),
        (&["codes"], 0),
        (&["codes", "--bogus"], 2),
        (&["completions", "bash"], 0),
        (&["man"], 0),
    ];
    let mut failures = Vec::new();
    for (args, expected) in cases {
        let name = args[0];
        let mut command = arbiter();
        command.arg(name);
        if !["perft", "codes", "completions", "man", "merge"].contains(&name) {
            command.arg("-q");
        }
        let status = command.args(&args[1..]).output().unwrap().status.code();
        if status != Some(*expected) {
            failures.push(format!(
                "arbiter {args:?}: status {status:?}, expected {expected}"
            ));
        }
        let named = numbers(&exit_line(name));
        if !named.contains(expected) {
            failures.push(format!(
                "arbiter {name} --help does not name status {expected}: {named:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
