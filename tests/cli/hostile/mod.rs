//! Hostile inputs (issues 6 and 13): huge comments, lines, tag values and games, deep and wide
//! nesting, a million tag pairs, a million stray braces, millions of empty games, binary junk,
//! damaged compressed streams, zip members of one name, files truncated while mapped. The
//! inputs are generated here at test time (see `testdata/hostile/README.md`); the always-run
//! tests use sizes that still cross every limit (the 16 MiB game bound, the 4 MB window, the
//! 1 MB read block, the output each job may hold) and the 1 GB sizes of the issues run with
//! `cargo test --release -- --ignored hostile`.
//!
//! Each case goes through every subcommand that reads games (`check`, `audit`, `fen` with and
//! without variations and EPD moves, `pgn`, `stats` with and without the checks), each at
//! `-j1` and `-j2` on the mapped file and at `-j2` on standard input: exit status 0 or 1 (never
//! a crash, never `internal/panic`), the three runs give the same output, the game after the
//! hostile one is still read, and every run stays under a loose time bound and a memory bound
//! (peak RSS; on a mapped file the file's own pages are allowed on top). The bounds are loose,
//! but a path quadratic in the game or holding a game's whole output fails them: outputs are
//! read and hashed as they come, never held, and some are gigabytes.

use std::io::{BufRead, Write};
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::util::{TempDir, arbiter, parse_jsonl, run, run_measured};

pub mod generate;

mod inputs;

type Generator = fn(&mut dyn Write, usize) -> std::io::Result<()>;

/// What a run's output says, read line by line as it comes (outputs of the large cases are too
/// big to hold): a hash of its lines (the summary's time cut off, `"file":"-"` named as `file`),
/// whether a game record of the final game "after" is there, and whether `internal/panic` is.
#[derive(Debug, PartialEq, Eq)]
pub struct Digest {
    hash: u64,
    after: bool,
    panic: bool,
}

/// The digest of `output`, the output of a run over the input called `file`.
fn digest(output: impl BufRead, file: &str) -> Digest {
    use std::hash::{Hash, Hasher};
    let quoted = format!("\"file\":{}", serde_json::to_string(file).unwrap());
    // A run records its inputs (the merge contract): standard input as `-` with no size, where
    // the file is named with its size.
    let size = std::fs::metadata(file).map(|m| m.len()).unwrap_or_default();
    let run_of_file = format!(
        "{{\"path\":{},\"bytes\":{size}}}",
        serde_json::to_string(file).unwrap()
    );
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let (mut after, mut panic) = (false, false);
    for line in output.split(b'\n') {
        let Ok(line) = line else {
            break;
        };
        let line = String::from_utf8_lossy(&line)
            .replace("\"file\":\"-\"", &quoted)
            .replace("{\"path\":\"-\",\"bytes\":null}", &run_of_file);
        let line = match line.find("\"seconds\":") {
            Some(i) => &line[..i],
            None => &line,
        };
        after |= line.contains("\"type\":\"game\"")
            && line.contains("\"event\":\"after\"")
            && (line.contains("\"status\":\"ok\"") || line.contains("\"status\":\"warning\""));
        panic |= line.contains("internal/panic");
        line.hash(&mut hasher);
    }
    Digest {
        hash: hasher.finish(),
        after,
        panic,
    }
}

/// One run's digest, exit status, standard error, time and peak RSS (KiB, sampled from
/// `/proc/<pid>/status`; `None` without `/proc`).
pub struct Ran {
    /// The digest of standard output.
    pub digest: Digest,
    /// The exit status.
    pub code: Option<i32>,
    /// Standard error.
    pub stderr: String,
    /// Wall time.
    pub elapsed: Duration,
    /// Peak resident memory in KiB.
    pub peak: Option<u64>,
}

/// Runs `args` over `input` (the file named, or fed on standard input when `stdin`), hashing
/// its output as it comes.
pub fn run_digest(args: &[&str], input: &std::path::Path, stdin: bool) -> Ran {
    let mut cmd = arbiter();
    cmd.args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(if stdin { Stdio::piped() } else { Stdio::null() });
    cmd.arg(if stdin {
        std::path::Path::new("-")
    } else {
        input
    });
    let started = Instant::now();
    let mut child = cmd.spawn().expect("spawn arbiter");
    let feeder = child.stdin.take().map(|mut to| {
        let file = input.to_path_buf();
        std::thread::spawn(move || {
            let _ = std::io::copy(&mut std::fs::File::open(file).unwrap(), &mut to);
        })
    });
    let name = input.to_str().unwrap().to_owned();
    let out = child.stdout.take().unwrap();
    let hashing =
        std::thread::spawn(move || digest(std::io::BufReader::with_capacity(1 << 20, out), &name));
    let mut err = child.stderr.take().unwrap();
    let reading = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut text);
        text
    });
    let pid = child.id();
    let mut peak = None;
    let status = loop {
        if let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/status"))
            && let Some(line) = text.lines().find(|l| l.starts_with("VmHWM:"))
            && let Some(kb) = line.split_whitespace().nth(1).and_then(|v| v.parse().ok())
        {
            peak = Some(peak.map_or(kb, |p: u64| p.max(kb)));
        }
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = started.elapsed();
    if let Some(f) = feeder {
        let _ = f.join();
    }
    Ran {
        digest: hashing.join().unwrap(),
        code: status.code(),
        stderr: reading.join().unwrap(),
        elapsed,
        peak,
    }
}

/// The subcommands every hostile input goes through (the input is appended).
pub const SUBCOMMANDS: [&[&str]; 8] = [
    &["check", "-q", "--format", "jsonl", "--games"],
    &["audit", "-q", "--format", "jsonl", "--games"],
    &["fen", "-q", "--format", "jsonl"],
    &["fen", "-q", "--variations"],
    &[
        "fen",
        "-q",
        "--variations",
        "--epd",
        "--epd-moves",
        "--epd-tags",
    ],
    &["pgn", "-q"],
    &["stats", "-q", "--format", "json"],
    &[
        "stats",
        "-q",
        "--format",
        "json",
        "--with-check",
        "--with-audit",
        "--by",
        "Event",
    ],
];

/// The bounds of one case: seconds for each run, and peak memory in MB (a mapped file's size
/// is allowed on top: its pages count in RSS).
#[derive(Clone, Copy, Debug)]
struct Bounds {
    seconds: u64,
    peak_mb: u64,
}

/// Runs every subcommand over `generate(size)`, asserting the properties in the module header.
fn hostile(name: &str, generate: Generator, size: usize, bounds: Bounds) {
    let dir = TempDir::new(&format!("hostile-{name}"));
    let path = dir.path(&format!("{name}.pgn"));
    {
        let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        generate(&mut file, size).unwrap();
        file.flush().unwrap();
    }
    let file_mb = std::fs::metadata(&path).unwrap().len() >> 20;
    for sub in SUBCOMMANDS {
        let mut digests = Vec::new();
        for (jobs, stdin) in [("-j1", false), ("-j2", false), ("-j2", true)] {
            let args = [sub, &[jobs]].concat();
            let ran = run_digest(&args, &path, stdin);
            let what = format!("{name}: {args:?} stdin={stdin}");
            assert!(
                matches!(ran.code, Some(0 | 1)),
                "{what}: {:?} {}",
                ran.code,
                ran.stderr
            );
            assert!(!ran.digest.panic, "{what}: internal/panic");
            let bound = Duration::from_secs(bounds.seconds);
            assert!(ran.elapsed < bound, "{what}: took {:?}", ran.elapsed);
            let allowed = bounds.peak_mb + if stdin { 0 } else { file_mb };
            if let Some(kb) = ran.peak {
                assert!(
                    kb < allowed << 10,
                    "{what}: peak {kb} KiB (bound {allowed} MB)"
                );
            }
            digests.push(ran.digest);
        }
        assert_eq!(digests[0], digests[1], "{name}: {sub:?} -j1 vs -j2");
        assert_eq!(
            digests[0], digests[2],
            "{name}: {sub:?} mapped vs standard input"
        );
        if sub[0] == "check" {
            assert!(
                digests[0].after,
                "{name}: the game after the hostile one was not read"
            );
        }
    }
}

/// The bounds of most cases: 60 s a run, 80 MB.
const LOOSE: Bounds = Bounds {
    seconds: 60,
    peak_mb: 80,
};

#[test]
fn hostile_nested_variations() {
    hostile("nested", generate::nested_variations, 100_000, LOOSE);
}

#[test]
fn hostile_nested_variations_left_open() {
    hostile("nested-open", generate::nested_open, 100_000, LOOSE);
}

#[test]
fn hostile_variations_nested_under_the_cap() {
    hostile("deep", generate::deep_closed, 3 << 20, LOOSE);
}

#[test]
fn hostile_sibling_variations() {
    hostile("siblings", generate::sibling_variations, 15 << 20, LOOSE);
}

#[test]
fn hostile_long_game() {
    hostile("long", generate::long_game, 8 << 20, LOOSE);
}

#[test]
fn hostile_many_tags() {
    // A million tag pairs: every subcommand holds them (the walk's tag list, check's set of
    // names), about 130 bytes each; the bound is what the README states for such a game.
    let bounds = Bounds {
        seconds: 60,
        peak_mb: 200,
    };
    hostile("tags", generate::many_tags, 1_000_000, bounds);
}

#[test]
fn hostile_null_moves() {
    // 4 MB of `--` in one variation: 1.4 million positions, which `fen --variations` held
    // whole (110 MB; 166 MB for 6 MB, 330 MB for 12 MB) before they were handed on as moves
    // are; here about 25 MB.
    hostile("null", generate::null_moves, 4 << 20, LOOSE);
}

#[test]
fn hostile_stray_braces() {
    hostile("braces", generate::stray_braces, 3_000_000, LOOSE);
}

#[test]
fn hostile_comment_over_the_game_bound() {
    // 40 MB: over the 16 MiB game bound (the 1 GB runs with --ignored).
    hostile("comment", generate::comment, 40 << 20, LOOSE);
}

#[test]
fn hostile_comment_under_the_game_bound() {
    hostile("comment-small", generate::comment, 12 << 20, LOOSE);
}

#[test]
fn hostile_single_line() {
    hostile("line", generate::single_line, 40 << 20, LOOSE);
}

#[test]
fn hostile_tag_value() {
    hostile("tag", generate::tag_value, 10 << 20, LOOSE);
}

#[test]
fn hostile_empty_games() {
    hostile("empty", generate::empty_games, 300_000, LOOSE);
}

#[test]
fn hostile_binary_junk() {
    hostile("junk", generate::binary_junk, 8 << 20, LOOSE);
}

#[test]
#[ignore = "1 GB inputs: run with --ignored (a few minutes)"]
fn hostile_full_size() {
    let big = Bounds {
        seconds: 600,
        peak_mb: 80,
    };
    hostile("comment-1g", generate::comment, 1 << 30, big);
    hostile("line-1g", generate::single_line, 1 << 30, big);
    hostile("empty-3m", generate::empty_games, 3_000_000, big);
    hostile("junk-256m", generate::binary_junk, 256 << 20, big);
    hostile("long-16m", generate::long_game, 16 << 20, big);
    hostile("siblings-16m", generate::sibling_variations, 16 << 20, big);
}

/// One endless game on standard input: memory stays bounded, the game is reported once, and its
/// bytes still reach `--invalid-out` whole.
fn endless_game_on_stdin(bytes: usize) {
    let dir = TempDir::new("endless");
    let invalid = dir.path("invalid.pgn");
    let valid = dir.path("valid.pgn");
    let mut cmd = arbiter();
    cmd.args(["check", "-q", "--format", "jsonl", "-j2", "-"]);
    cmd.args(["--invalid-out", invalid.to_str().unwrap()]);
    cmd.args(["--valid-out", valid.to_str().unwrap()]);
    let feed: Box<dyn FnOnce(std::process::ChildStdin) + Send> = Box::new(move |stdin| {
        let mut w = std::io::BufWriter::new(stdin);
        let _ = generate::comment(&mut w, bytes);
        let _ = w.flush();
    });
    let (out, peak, _) = run_measured(cmd, Some(feed));
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records = parse_jsonl(&out.stdout);
    let too_large: Vec<_> = records
        .iter()
        .filter(|r| r["code"] == "syntax/game-too-large")
        .collect();
    assert_eq!(too_large.len(), 1);
    assert_eq!(too_large[0]["line"], 1);
    assert_eq!(too_large[0]["game"], 1);
    if let Some(kb) = peak {
        assert!(kb < 80 * 1024, "peak {kb} KiB");
    }
    let mut expected = Vec::new();
    generate::comment(&mut expected, 0).unwrap();
    let total =
        std::fs::metadata(&invalid).unwrap().len() + std::fs::metadata(&valid).unwrap().len();
    assert_eq!(total, (expected.len() + bytes) as u64);
    // The blank line that opens AFTER closes the endless game.
    assert_eq!(
        std::fs::metadata(&valid).unwrap().len(),
        generate::AFTER.len() as u64 - 1
    );
}

#[test]
fn endless_game_on_stdin_is_bounded() {
    endless_game_on_stdin(48 << 20);
}

#[test]
#[ignore = "400 MB piped: run with --ignored"]
fn endless_game_on_stdin_is_bounded_400mb() {
    endless_game_on_stdin(400 << 20);
}

/// A mapped file truncated by another process during the run: an I/O error naming it (exit 2),
/// not a SIGBUS crash, and no temporary split file left behind.
#[test]
fn truncated_mapped_file_is_an_io_error() {
    let dir = TempDir::new("sigbus");
    let path = dir.path("big.pgn");
    let unit = std::fs::read(crate::util::testdata("twic944-300.pgn")).unwrap();
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        for _ in 0..(160 << 20) / unit.len() {
            f.write_all(&unit).unwrap();
        }
        f.flush().unwrap();
    }
    let out_dir = dir.path("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let valid = out_dir.join("valid.pgn");
    let mut child = arbiter()
        .args(["check", "-q", "-j1", path.to_str().unwrap()])
        .args(["--valid-out", valid.to_str().unwrap()])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Truncate once the run is under way (its temporary output has grown), far ahead of it.
    let started = std::time::Instant::now();
    let mut truncated = false;
    while started.elapsed() < Duration::from_secs(60) {
        let written: u64 = std::fs::read_dir(&out_dir)
            .unwrap()
            .filter_map(|e| e.ok()?.metadata().ok())
            .map(|m| m.len())
            .sum();
        if written >= 1 << 20 {
            std::fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .unwrap()
                .set_len(1 << 20)
                .unwrap();
            truncated = true;
            break;
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    if !truncated {
        eprintln!("note: the run ended before the file could be truncated; test inconclusive");
        return;
    }
    assert_eq!(
        out.status.code(),
        Some(2),
        "status {:?}, stderr {err}",
        out.status
    );
    assert!(err.contains("input changed while being read"), "{err}");
    assert!(err.contains("big.pgn"), "{err}");
    let left: Vec<_> = std::fs::read_dir(&out_dir).unwrap().collect();
    assert!(left.is_empty(), "files left: {left:?}");
}

/// Files over 4 GiB: offsets and line numbers of the last game are right (64-bit throughout).
/// Writes a 4.3 GB file under `target/`: run with `--ignored` (about a minute on two cores).
#[test]
#[ignore = "writes a 4.3 GB file: run with --ignored"]
fn files_over_4_gib() {
    let dir = TempDir::new("over-4gib");
    let path = dir.path("big.pgn");
    let unit = std::fs::read(crate::util::testdata("twic944-300.pgn")).unwrap();
    let copies = (4u64 << 30) / unit.len() as u64 + 40;
    {
        let mut f =
            std::io::BufWriter::with_capacity(1 << 22, std::fs::File::create(&path).unwrap());
        for _ in 0..copies {
            f.write_all(&unit).unwrap();
        }
        f.flush().unwrap();
    }
    let unit_lines = unit.iter().filter(|b| **b == b'\n').count() as u64;
    let one = run(&[
        "check",
        "-q",
        "--format",
        "jsonl",
        "--games",
        crate::util::testdata("twic944-300.pgn").to_str().unwrap(),
    ]);
    let last_of_unit = parse_jsonl(&one.stdout)
        .into_iter()
        .rfind(|r| r["type"] == "game")
        .unwrap();
    for mode in [&["-j2"][..], &["-j2", "--no-mmap"][..]] {
        let mut cmd = arbiter();
        cmd.args(["check", "-q", "--format", "jsonl", "--games"])
            .args(mode)
            .arg(&path);
        let (out, _, elapsed) = run_measured(cmd, None);
        assert_eq!(out.status.code(), Some(0), "{mode:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        let last: serde_json::Value = serde_json::from_str(
            text.lines()
                .rev()
                .find(|l| l.contains("\"type\":\"game\""))
                .unwrap(),
        )
        .unwrap();
        let summary: serde_json::Value =
            serde_json::from_str(text.lines().last().unwrap()).unwrap();
        eprintln!("{mode:?}: {elapsed:?}, last game {last}");
        assert_eq!(summary["bytes"], copies * unit.len() as u64);
        assert_eq!(summary["games"], copies * 300);
        assert_eq!(last["game"], copies * 300);
        assert_eq!(
            last["offset"],
            (copies - 1) * unit.len() as u64 + last_of_unit["offset"].as_u64().unwrap()
        );
        assert_eq!(
            last["line"],
            (copies - 1) * unit_lines + last_of_unit["line"].as_u64().unwrap()
        );
    }
}
