//! Issue 13: every promise on every path. Nothing read is lost (a damaged compressed input, zip
//! members of one name), nothing is written over an input or through a link (outputs, charts,
//! standard input), signals and closed pipes end every path, and text from the input cannot
//! drive a terminal or a spreadsheet. The memory and time bounds of the hostile shapes are in
//! `hostile/`; the line readers' bound is here (`r13_line_readers_*`).
//!
//! Expected values come from the rules the README states, not from arbiter's output.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::{TempDir, arbiter, parse_jsonl, run, summary, testdata, zip_archive};

mod inputs;
mod outputs;
mod pipes;
mod readers;
mod rows;
mod signals;
mod text;

/// `copies` copies of the 300 TWIC games.
fn twic(copies: usize) -> Vec<u8> {
    std::fs::read(testdata("twic944-300.pgn"))
        .unwrap()
        .repeat(copies)
}

/// The bytes a streaming decoder gives before the error of a damaged stream.
fn decoded_prefix(mut decoder: impl Read) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match decoder.read(&mut buf) {
            Ok(0) | Err(_) => return out,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
}

/// Runs `check` over a damaged compressed file, mapped path or standard input: every byte
/// decoded before the damage reaches one of the split outputs, the summary counts the input
/// once, as one that could not be read, and the exit status is 2.
fn damaged_stream_loses_nothing(name: &str, compressed: &[u8], prefix: &[u8]) {
    let dir = TempDir::new(name);
    let file = dir.write(name, compressed);
    for stdin in [false, true] {
        let (valid, invalid) = (dir.path("v.pgn"), dir.path("i.pgn"));
        let mut cmd = arbiter();
        cmd.args(["check", "-q", "--format", "jsonl", "--valid-out"])
            .arg(&valid)
            .arg("--invalid-out")
            .arg(&invalid);
        match stdin {
            true => cmd.arg("-").stdin(std::fs::File::open(&file).unwrap()),
            false => cmd.arg(&file).stdin(Stdio::null()),
        };
        let out = cmd.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name} stdin={stdin}: {err}");
        let records = parse_jsonl(&out.stdout);
        let s = summary(&records);
        assert_eq!(
            (s["files"].as_u64(), s["files_failed"].as_u64()),
            (Some(0), Some(1))
        );
        assert_eq!(
            s["bytes"].as_u64(),
            Some(prefix.len() as u64),
            "{name} stdin={stdin}"
        );
        let written = [
            std::fs::read(&valid).unwrap(),
            std::fs::read(&invalid).unwrap(),
        ];
        assert_eq!(
            written[0].len() + written[1].len(),
            prefix.len(),
            "{name} stdin={stdin}: every decoded byte goes to a split output"
        );
        // The text summary counts the damaged input once.
        let text = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["check", "-q"])
            .arg(&file)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&text.stdout);
        assert!(
            text.contains("summary: 1 file (1 could not be read)"),
            "{text}"
        );
    }
}

/// `plain` compressed with zstd and cut at three fifths, with the bytes a streaming decoder
/// gives before the cut.
fn truncated_zstd(plain: &[u8]) -> (Vec<u8>, Vec<u8>) {
    // A window smaller than one copy, so that the copies do not compress to nothing.
    let mut enc = zstd::stream::Encoder::new(Vec::new(), 1).unwrap();
    enc.window_log(17).unwrap();
    enc.write_all(plain).unwrap();
    let mut compressed = enc.finish().unwrap();
    compressed.truncate(compressed.len() * 3 / 5);
    let prefix = decoded_prefix(zstd::stream::read::Decoder::new(&compressed[..]).unwrap());
    (compressed, prefix)
}

#[test]
fn r13_a_truncated_zstd_stream_keeps_what_was_decoded() {
    let plain = twic(40);
    let (compressed, prefix) = truncated_zstd(&plain);
    assert!(
        prefix.len() > 4 << 20 && prefix.len() < plain.len(),
        "{} of {} ({} compressed)",
        prefix.len(),
        plain.len(),
        compressed.len()
    );
    damaged_stream_loses_nothing("damaged.pgn.zst", &compressed, &prefix);
}

#[test]
fn r13_a_truncated_gzip_stream_keeps_what_was_decoded() {
    let plain = twic(40);
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(&plain).unwrap();
    let mut compressed = enc.finish().unwrap();
    compressed.truncate(compressed.len() * 3 / 5);
    let prefix = decoded_prefix(flate2::read::MultiGzDecoder::new(&compressed[..]));
    assert!(prefix.len() > 4 << 20 && prefix.len() < plain.len());
    damaged_stream_loses_nothing("damaged.pgn.gz", &compressed, &prefix);
}

/// The game a damaged stream cuts is flagged, never completed: `check` gives it a
/// `syntax/game-cut` error at its first line, and `fix` rejects it, written as read (the
/// decoded bytes from its first line on), where it would otherwise complete it (a missing
/// termination marker repaired from the Result tag); the games before it are written.
#[test]
fn r13_the_game_a_damaged_stream_cuts_is_rejected_by_fix() {
    let (compressed, prefix) = truncated_zstd(&twic(40));
    // The cut game starts at the last `[Event ` line of the decoded bytes (the TWIC games all
    // open with it), and the prefix ends inside it (no blank line after its movetext).
    let last = prefix
        .windows(8)
        .rposition(|w| w == b"\n[Event ")
        .map(|i| i + 1)
        .unwrap();
    let games_before = prefix[..last]
        .split(|&b| b == b'\n')
        .filter(|l| l.starts_with(b"[Event "))
        .count();
    let dir = TempDir::new("cut-game");
    let file = dir.write("cut.pgn.zst", &compressed);
    let (out, log, rejects) = (
        dir.path("out.pgn"),
        dir.path("log.jsonl"),
        dir.path("rej.pgn"),
    );
    let run = arbiter()
        .args(["fix", "-q", "-o"])
        .arg(&out)
        .arg("--log")
        .arg(&log)
        .arg("--rejects")
        .arg(&rejects)
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let records = parse_jsonl(&std::fs::read(&log).unwrap());
    let rejected: Vec<_> = records.iter().filter(|r| r["type"] == "rejected").collect();
    let cut: Vec<_> = rejected
        .iter()
        .filter(|r| r["code"] == "syntax/game-cut")
        .collect();
    assert_eq!(cut.len(), 1, "{rejected:?}");
    assert_eq!(cut[0]["game"].as_u64(), Some(games_before as u64 + 1));
    assert_eq!(cut[0]["offset"].as_u64(), Some(last as u64));
    let rejected_bytes = std::fs::read(&rejects).unwrap();
    assert!(rejected_bytes.ends_with(&prefix[last..]));
    let s = records.last().unwrap();
    assert_eq!(s["games"].as_u64(), Some(games_before as u64 + 1));
    assert_eq!(
        s["written"].as_u64().unwrap() + s["rejected"].as_u64().unwrap(),
        games_before as u64 + 1
    );
    // check: the same game, one syntax/game-cut error at its first line.
    let checked = run_stdin_file(&file);
    let cuts: Vec<_> = checked
        .iter()
        .filter(|r| r["code"] == "syntax/game-cut")
        .collect();
    assert_eq!(cuts.len(), 1);
    assert_eq!(cuts[0]["game"].as_u64(), Some(games_before as u64 + 1));
    assert_eq!(cuts[0]["col"].as_u64(), Some(1));
}

/// A stream damaged right after a game's termination marker cut no game: two gzip members,
/// the first holding whole games, the second cut after 5 bytes. No `syntax/game-cut`, and `fix`
/// writes every game decoded.
#[test]
fn r13_a_stream_cut_between_games_cuts_no_game() {
    let plain = std::fs::read(testdata("twic944-300.pgn")).unwrap();
    let at = plain
        .windows(8)
        .skip(30_000)
        .position(|w| w == b"\n[Event ")
        .map(|i| 30_000 + i + 1)
        .unwrap();
    let gzip = |bytes: &[u8]| {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(bytes).unwrap();
        enc.finish().unwrap()
    };
    let mut compressed = gzip(&plain[..at]);
    compressed.extend_from_slice(&gzip(&plain[at..])[..5]);
    let games = plain[..at]
        .split(|&b| b == b'\n')
        .filter(|l| l.starts_with(b"[Event "))
        .count() as u64;
    let dir = TempDir::new("cut-between");
    let file = dir.write("between.pgn.gz", &compressed);
    let checked = run_stdin_file(&file);
    assert!(checked.iter().all(|r| r["code"] != "syntax/game-cut"));
    assert_eq!(summary(&checked)["games"].as_u64(), Some(games));
    let log = dir.path("log.jsonl");
    let out = arbiter()
        .args(["fix", "-q", "-o"])
        .arg(dir.path("out.pgn"))
        .arg("--log")
        .arg(&log)
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let records = parse_jsonl(&std::fs::read(&log).unwrap());
    let s = records.last().unwrap();
    assert_eq!(
        (s["games"].as_u64(), s["written"].as_u64()),
        (Some(games), Some(games))
    );
}

/// `check --format jsonl` of `file` read as standard input (a stream).
fn run_stdin_file(file: &Path) -> Vec<serde_json::Value> {
    let out = arbiter()
        .args(["check", "-q", "--format", "jsonl", "-"])
        .stdin(std::fs::File::open(file).unwrap())
        .output()
        .unwrap();
    parse_jsonl(&out.stdout)
}

/// A zstd frame whose window is larger than arbiter reads (`--long=27`) is an error of that
/// input, said with the way to read it, in bounded memory (it took 142 MB).
#[test]
fn r13_a_zstd_window_over_the_cap_is_refused_in_bounded_memory() {
    let dir = TempDir::new("zstd-long");
    let plain = twic(200);
    let mut enc = zstd::stream::Encoder::new(Vec::new(), 1).unwrap();
    enc.window_log(27).unwrap();
    enc.long_distance_matching(true).unwrap();
    enc.include_contentsize(false).unwrap();
    enc.write_all(&plain).unwrap();
    let file = dir.write("long.pgn.zst", &enc.finish().unwrap());
    let mut cmd = arbiter();
    cmd.args(["check", "-q"]).arg(&file);
    let (out, peak, _) = crate::util::run_measured(cmd, None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("window over 8 MiB") && err.contains("--long"),
        "{err}"
    );
    if let Some(kb) = peak {
        assert!(kb < 48 * 1024, "peak {kb} KiB");
    }
}

#[test]
fn r13_zip_members_of_one_name_are_all_read_in_order() {
    let game = |event: &str| format!("[Event \"{event}\"]\n[Result \"*\"]\n\n1. e4 *\n");
    let (a1, b, a2) = (game("first"), game("b"), game("second"));
    let zip = zip_archive(&[
        ("a.pgn", a1.as_bytes(), false),
        ("b.pgn", b.as_bytes(), true),
        ("a.pgn", a2.as_bytes(), true),
    ]);
    let dir = TempDir::new("zip-dup");
    let path = dir.write("dup.zip", &zip);
    let out = run(&[
        "check",
        "-q",
        "--games",
        "--format",
        "jsonl",
        path.to_str().unwrap(),
    ]);
    let records = parse_jsonl(&out.stdout);
    let games: Vec<(String, String)> = records
        .iter()
        .filter(|r| r["type"] == "game")
        .map(|r| {
            let file = r["file"].as_str().unwrap();
            let member = file.rsplit_once(':').unwrap().1.to_owned();
            (member, r["event"].as_str().unwrap().to_owned())
        })
        .collect();
    let expected = [("a.pgn", "first"), ("b.pgn", "b"), ("a.pgn", "second")];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(m, e)| (m.to_string(), e.to_string()))
        .collect();
    assert_eq!(games, expected);
    assert_eq!(summary(&records)["files"], 3);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("2 members named a.pgn"), "{err}");
}

/// Waits for `child` at most `limit`; kills it if it is still running then.
fn wait_at_most(child: &mut Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// Bytes of `path` (for files that must not change).
fn bytes_of(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}
