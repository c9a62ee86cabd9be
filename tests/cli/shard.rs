//! `--shard K/N` (issue 16): N shards together hold exactly the games of one run, in order —
//! their outputs concatenated equal one run's, byte for byte — with cuts at every byte of a
//! file whose comment holds a blank line and an `[Event` line, across file boundaries and
//! empty files, and on the corpus; and what cannot be cut is refused.

use std::path::{Path, PathBuf};

use crate::util::{corpus, run};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-shard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The standard output of `args` (exit status 0 or 1).
fn output(args: &[&str]) -> Vec<u8> {
    let out = run(args);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The outputs of the N shards of `args` over `files`, concatenated.
fn sharded(args: &[&str], files: &[&Path], n: u64) -> Vec<u8> {
    let mut all = Vec::new();
    for k in 1..=n {
        let shard = format!("{k}/{n}");
        let mut a = args.to_vec();
        a.extend(["-q", "--shard", &shard]);
        a.extend(files.iter().map(|f| f.to_str().unwrap()));
        all.extend(output(&a));
    }
    all
}

fn one_run(args: &[&str], files: &[&Path]) -> Vec<u8> {
    let mut a = args.to_vec();
    a.push("-q");
    a.extend(files.iter().map(|f| f.to_str().unwrap()));
    output(&a)
}

/// A comment that holds a blank line and tag pair lines, an `[Event` among them.
pub(crate) const TRAP: &str = "[Event \"A\"]\n[Site \"?\"]\n[Result \"*\"]\n\n1. e4 { a comment\n\n\
[Event \"not a game\"]\n[Site \"inside the comment\"]\n\nstill the comment } e5 *\n\n\
[Event \"B\"]\n[Result \"1-0\"]\n\n1. d4 d5 2. c4 1-0\n\n\n[Event \"C\"]\n\n1. Nf3 *\n";

#[test]
fn a_cut_at_every_byte_loses_and_doubles_no_game() {
    let file = temp("trap.pgn");
    std::fs::write(&file, TRAP).unwrap();
    let n = TRAP.len() as u64;
    for args in [
        &["games", "--format", "jsonl"][..],
        &["pgn"][..],
        &["fen"][..],
    ] {
        let one = one_run(args, &[&file]);
        assert!(!one.is_empty());
        // N = the file's size: shard K holds byte K-1 alone, so there is a cut at every byte.
        assert_eq!(sharded(args, &[&file], n), one, "{args:?}");
        assert_eq!(sharded(args, &[&file], 3), one, "{args:?}");
    }
}

#[test]
fn shards_span_files_and_empty_files() {
    let a = temp("a.pgn");
    let empty = temp("empty.pgn");
    let b = temp("b.pgn");
    std::fs::write(&a, TRAP).unwrap();
    std::fs::write(&empty, "").unwrap();
    std::fs::write(&b, &TRAP[TRAP.find("[Event \"B\"]").unwrap()..]).unwrap();
    let files = [a.as_path(), empty.as_path(), b.as_path(), empty.as_path()];
    let args = ["check", "--games", "--format", "jsonl"];
    let one = String::from_utf8(one_run(&args, &files)).unwrap();
    let body = |text: &str| -> String {
        text.lines()
            .filter(|l| !l.contains("\"type\":\"summary\""))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    let total = TRAP.len() as u64 * 2;
    for n in [2, 5, total] {
        let mut files_counted = 0;
        let mut all = String::new();
        for k in 1..=n {
            let shard = format!("{k}/{n}");
            let mut a: Vec<&str> = args.to_vec();
            a.extend(["-q", "--shard", &shard]);
            a.extend(files.iter().map(|f| f.to_str().unwrap()));
            let out = String::from_utf8(output(&a)).unwrap();
            let summary = out.lines().last().unwrap();
            let v: serde_json::Value = serde_json::from_str(summary).unwrap();
            files_counted += v["files"].as_u64().unwrap();
            all.push_str(&body(&out));
        }
        assert_eq!(all, body(&one), "N = {n}");
        assert_eq!(files_counted, 4, "each file counted in one shard (N = {n})");
    }
}

#[test]
fn shards_equal_one_run_on_the_corpus() {
    let Some(dir) = corpus("--shard on the corpus") else {
        return;
    };
    let games = dir.join("games");
    let edge = dir.join("edge");
    let mut files: Vec<PathBuf> = [games, edge]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).unwrap().map(|e| e.unwrap().path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    let files: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    for (args, n) in [
        (&["games", "--format", "jsonl"][..], 7),
        (&["fen"][..], 3),
        (&["pgn"][..], 2),
        (&["moves", "--format", "jsonl"][..], 4),
    ] {
        let one = one_run(args, &files);
        let all = sharded(args, &files, n);
        assert_eq!(all.len(), one.len(), "{args:?} N = {n}");
        assert!(all == one, "{args:?}: N = {n} shards differ from one run");
    }
}

#[test]
fn what_cannot_be_cut_is_refused() {
    let out = crate::util::run_stdin(&["games", "--shard", "1/2", "-"], TRAP.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("standard input"));
    let zst = temp("trap.pgn.zst");
    std::fs::write(&zst, zstd::encode_all(TRAP.as_bytes(), 3).unwrap()).unwrap();
    let out = run(&["check", "--shard", "1/2", zst.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("compressed"));
    let out = run(&["check", "--shard", "3/2", zst.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

/// The modes that read lines or documents, not games, refuse `--shard` (it would silently be
/// the whole input): `fen --check`, `audit --positions`, `pgn --from-fen`, `--from-sequence`,
/// `stats --merge`.
#[test]
fn modes_without_games_refuse_a_shard() {
    let dir = crate::util::TempDir::new("shard-no-games");
    let fen = dir.write(
        "p.fen",
        b"8/8/8/8/8/8/8/K6k w - - 0 1\n8/8/8/8/8/8/8/K5k1 w - - 0 1\n",
    );
    let stats = dir.write(
        "s.json",
        &run(&[
            "stats",
            "-q",
            "--format",
            "json",
            crate::util::testdata("stats/small.pgn").to_str().unwrap(),
        ])
        .stdout,
    );
    let (fen, stats) = (fen.to_str().unwrap(), stats.to_str().unwrap());
    for (args, mode) in [
        (vec!["fen", "--check", fen], "fen --check"),
        (vec!["audit", "--positions", fen], "audit --positions"),
        (vec!["pgn", "--from-fen", fen], "pgn --from-fen"),
        (vec!["pgn", "--from-sequence", fen], "pgn --from-sequence"),
        (vec!["stats", "--merge", stats], "stats --merge"),
    ] {
        let mut with = args.clone();
        with.extend(["--shard", "1/2"]);
        let out = run(&with);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{with:?}: {err}");
        assert!(out.stdout.is_empty(), "{with:?}");
        assert!(
            err.contains("--shard") && err.contains(mode),
            "{with:?}: {err}"
        );
        // Without it the same run works.
        let out = run(&args);
        assert!(
            out.status.code().unwrap() <= 1,
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
