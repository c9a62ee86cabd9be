//! `arbiter dedup` at scale (issue 15): ten million games on standard input stay within the
//! memory budget. Slow (about a gigabyte of PGN): `cargo test --release -- --ignored
//! ten_million`.

use std::io::Write;

use crate::util::{arbiter, run_measured_to};

/// Game `i`: distinct players; every tenth game is followed by a copy of itself.
fn write_games(out: &mut impl Write, n: u64) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(1 << 20);
    for i in 0..n {
        let copies = if i % 10 == 0 { 2 } else { 1 };
        for _ in 0..copies {
            write!(
                buf,
                "[White \"W{i}\"]\n[Black \"B{}\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n",
                i % 1000
            )?;
        }
        if buf.len() > (1 << 20) - 256 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)
}

#[test]
#[ignore = "ten million games: run with --ignored (about a minute on two cores)"]
fn ten_million_games_within_the_memory_budget() {
    const GAMES: u64 = 10_000_000;
    const BUDGET_MB: u64 = 256;
    let mut cmd = arbiter();
    cmd.args(["dedup", "--format", "jsonl", "--memory", "256M", "-"]);
    let feed = Box::new(|mut stdin: std::process::ChildStdin| {
        let _ = write_games(&mut stdin, GAMES);
    });
    // The report (a million groups) goes to /dev/null; the timing line says what was found.
    let null = std::fs::File::create("/dev/null").expect("/dev/null");
    let (out, peak_kb, elapsed) = run_measured_to(cmd, Some(feed), Some(null));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let total = GAMES + GAMES / 10;
    let want = format!("compared {total} games, {} duplicates", GAMES / 10);
    assert!(stderr.contains(&want), "{stderr}");
    let peak_mb = peak_kb.expect("/proc") / 1024;
    eprintln!("dedup of {total} games: {elapsed:?}, peak {peak_mb} MB; {stderr}");
    // The budget, plus the input windows, the pool and the bitset (one bit a game).
    assert!(peak_mb <= BUDGET_MB + 64, "peak {peak_mb} MB");
}
