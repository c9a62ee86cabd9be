//! The readers outside the game windows hold bounded memory: a FEN/EPD line is at most 64 KiB
//! (a longer one is an error of that line, and reading goes on), a `--merge` document is parsed
//! as it is read; and `stats` applies the 16 MiB game cap to mapped files as to streams (issue
//! 13).

use std::io::Write;
use std::process::Stdio;
use std::time::Duration;

use crate::util::{TempDir, arbiter, parse_jsonl, run_measured};

const FEN: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

/// A file whose first line is `bytes` bytes long (no FEN), then a FEN line.
fn long_line_file(dir: &TempDir, bytes: usize) -> std::path::PathBuf {
    let path = dir.path("long.fen");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let block = vec![b'x'; 1 << 20];
    for _ in 0..bytes >> 20 {
        f.write_all(&block).unwrap();
    }
    writeln!(f).unwrap();
    writeln!(f, "{FEN}").unwrap();
    f.flush().unwrap();
    path
}

#[test]
fn r13_line_readers_bound_a_line_and_read_on() {
    let dir = TempDir::new("long-line");
    let path = long_line_file(&dir, 96 << 20);
    for stdin in [false, true] {
        for args in [
            &["fen", "--check", "--format", "jsonl"][..],
            &["audit", "--positions"][..],
            &["pgn", "--from-fen"][..],
            &["pgn", "--format", "jsonl", "--from-sequence"][..],
        ] {
            let mut cmd = arbiter();
            cmd.args(args);
            let feed: Option<Box<dyn FnOnce(std::process::ChildStdin) + Send>> = match stdin {
                true => {
                    cmd.arg("-");
                    let p = path.clone();
                    Some(Box::new(move |mut s| {
                        let _ = std::io::copy(&mut std::fs::File::open(p).unwrap(), &mut s);
                    }))
                }
                false => {
                    cmd.arg(&path);
                    None
                }
            };
            let (out, peak, took) = run_measured(cmd, feed);
            let what = format!("{args:?} stdin={stdin}");
            assert!(took < Duration::from_secs(30), "{what}: {took:?}");
            if let Some(kb) = peak {
                assert!(kb < 40 * 1024, "{what}: peak {kb} KiB");
            }
            let text = [out.stdout, out.stderr].concat();
            let text = String::from_utf8_lossy(&text);
            assert!(text.contains("longer than 64 KiB"), "{what}: {text}");
            // The next line is read: a position, or a game from it.
            let on = match args[0] {
                "fen" => text.contains("\"positions\":1") || text.contains("\"games\":2"),
                "audit" => text.contains("\"line\":2") || text.contains("2: "),
                _ => text.contains("[FEN \""),
            };
            assert!(on, "{what}: the line after was not read: {text}");
        }
    }
}

#[test]
fn r13_an_endless_line_is_read_in_bounded_memory_and_ctrl_c_stops_it() {
    let mut child = arbiter()
        .args(["fen", "--check", "/dev/zero"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let peak = || {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse::<u64>().ok()
    };
    std::thread::sleep(Duration::from_millis(1500));
    let kb = peak();
    let _ = std::process::Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status();
    let status = super::wait_at_most(&mut child, Duration::from_secs(3));
    assert_eq!(status.and_then(|s| s.code()), Some(130));
    if let Some(kb) = kb {
        assert!(kb < 40 * 1024, "peak {kb} KiB after 1.5 s of /dev/zero");
    }
}

#[test]
fn r13_a_merge_input_that_is_not_a_document_is_refused_at_once() {
    let mut cmd = arbiter();
    cmd.args(["stats", "--merge", "/dev/zero"]);
    let (out, peak, took) = run_measured(cmd, None);
    assert_eq!(out.status.code(), Some(2));
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a JSON document"));
    if let Some(kb) = peak {
        assert!(kb < 40 * 1024, "peak {kb} KiB");
    }
}

/// A game over the 16 MiB cap, mapped or streamed: not read by `stats` either (a game of no
/// plies and no result, a `syntax/game-too-large` error with `--with-check`), and the game
/// after it is.
#[test]
fn r13_stats_applies_the_game_cap_to_mapped_files() {
    let dir = TempDir::new("stats-cap");
    let path = dir.path("big.pgn");
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        f.write_all(b"[Event \"big\"]\n[Result \"1-0\"]\n\n")
            .unwrap();
        let line = b"Nf3 Nf6 Ng1 Ng8 ".repeat(64);
        for _ in 0..(17 << 20) / line.len() {
            f.write_all(&line).unwrap();
            f.write_all(b"\n").unwrap();
        }
        f.write_all(b"1-0\n\n[Event \"after\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n")
            .unwrap();
        f.flush().unwrap();
    }
    let stats = |stdin: bool| -> serde_json::Value {
        let mut cmd = arbiter();
        cmd.args(["stats", "-q", "--format", "json", "--with-check"]);
        let out = match stdin {
            true => cmd
                .arg("-")
                .stdin(std::fs::File::open(&path).unwrap())
                .output()
                .unwrap(),
            false => cmd.arg(&path).stdin(Stdio::null()).output().unwrap(),
        };
        assert_eq!(out.status.code(), Some(0));
        let mut doc = parse_jsonl(&out.stdout).remove(0);
        // (The record of the run names the file, or standard input.)
        doc["run"]["inputs"] = serde_json::Value::Null;
        doc
    };
    let (mapped, streamed) = (stats(false), stats(true));
    assert_eq!(mapped, streamed);
    let all = &mapped["all"];
    assert_eq!(all["games"], 2);
    assert_eq!(all["plies"], 4);
    assert_eq!(all["length_plies"], serde_json::json!({"0": 1, "4": 1}));
    assert_eq!(all["results"], serde_json::json!({"0-1": 1, "none": 1}));
    assert_eq!(all["check"]["errors"]["syntax/game-too-large"], 1);
}

/// A game over the 16 MiB cap is rejected by `fix` whole, mapped or streamed (a stream hands
/// it out in pieces): `--rejects` gets its bytes, and the log's `bytes` is their number, the
/// same both ways; the game after it is repaired.
#[test]
fn r13_fix_logs_the_whole_size_of_a_game_too_large() {
    let dir = TempDir::new("fix-cap");
    let path = dir.path("big.pgn");
    let big = {
        let mut game = b"[Event \"big\"]\n[Result \"1-0\"]\n\n".to_vec();
        let line = b"Nf3 Nf6 Ng1 Ng8 ".repeat(64);
        for _ in 0..(17 << 20) / line.len() {
            game.extend_from_slice(&line);
            game.push(b'\n');
        }
        game.extend_from_slice(b"1-0\n\n");
        game
    };
    let mut all = big.clone();
    all.extend_from_slice(b"[Event \"after\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    std::fs::write(&path, &all).unwrap();
    let fix = |stdin: bool| -> (u64, Vec<u8>) {
        let (log, rejects) = (dir.path("log.jsonl"), dir.path("rejects.pgn"));
        let mut cmd = arbiter();
        cmd.args(["fix", "-q", "-o", dir.path("out.pgn").to_str().unwrap()])
            .args([
                "--log",
                log.to_str().unwrap(),
                "--rejects",
                rejects.to_str().unwrap(),
            ]);
        let out = match stdin {
            true => cmd
                .arg("-")
                .stdin(std::fs::File::open(&path).unwrap())
                .output()
                .unwrap(),
            false => cmd.arg(&path).stdin(Stdio::null()).output().unwrap(),
        };
        assert_eq!(
            out.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let records = parse_jsonl(&std::fs::read(&log).unwrap());
        let rejected: Vec<_> = records.iter().filter(|r| r["type"] == "rejected").collect();
        assert_eq!(rejected.len(), 1, "{records:?}");
        assert_eq!(rejected[0]["code"], "syntax/game-too-large");
        let fixed = std::fs::read_to_string(dir.path("out.pgn")).unwrap();
        assert!(fixed.contains("[Event \"after\"]"), "{fixed}");
        (
            rejected[0]["bytes"].as_u64().unwrap(),
            std::fs::read(&rejects).unwrap(),
        )
    };
    for stdin in [false, true] {
        let (bytes, rejects) = fix(stdin);
        assert_eq!(
            rejects, big,
            "stdin {stdin}: the rejects are the game's bytes"
        );
        assert_eq!(bytes, big.len() as u64, "stdin {stdin}");
    }
}
