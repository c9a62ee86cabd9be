//! Found by an adversary's pass over `check`/`audit --format parquet` and `-o` (issue 16): each
//! test failed before its fix.

use crate::util::{TempDir, arbiter, run_measured};

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
