//! Hostile inputs found by an adversary's pass over the merged binary: each test failed before
//! its fix (a stack overflow, text that is not UTF-8 passed on as JSON Lines, a bidirectional
//! override left in the PGN export, figures that wrapped past 2^64 − 1 and a panic, a profile
//! file read without end, a capacity-overflow panic).

use crate::util::{TempDir, run, testdata};

/// An expression nested or chained beyond what the stack holds is refused with its column
/// (exit status 2), not a stack overflow that aborts the process (`not not ...` on the main
/// thread, a long `or` chain on the workers that evaluate it).
#[test]
fn select_refuses_expressions_deeper_than_the_stack() {
    let file = testdata("dedup/copies.pgn");
    let file = file.to_str().unwrap();
    let nots = format!("{}plies > 3", "not ".repeat(20_000));
    let parens = format!("{}plies > 3{}", "(".repeat(20_000), ")".repeat(20_000));
    let ors = vec!["plies>3"; 11_000].join(" or ");
    for expr in [&nots, &parens, &ors] {
        let out = run(&["select", "-q", "--count", "--where", expr, file]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", &expr[..40]);
        assert!(err.contains("more than 1000 operators"), "{err}");
        assert!(err.contains("column "), "{err}");
    }
    // 1000 operators are read: `x or x or ...` selects what `x` alone selects (`or` is
    // idempotent).
    let thousand = vec!["plies > 3"; 1001].join(" or ");
    let out = run(&["select", "-q", "--count", "--where", &thousand, file]);
    assert_eq!(out.status.code(), Some(0));
    let one = run(&["select", "-q", "--count", "--where", "plies > 3", file]);
    assert_eq!(out.stdout, one.stdout);
}

/// A record line that is not UTF-8 is refused (exit status 2, nothing written): JSON is UTF-8,
/// and serde_json skips the strings it ignores without looking at their bytes, so the line
/// used to be copied to the merged output, which was then no JSON Lines.
#[test]
fn merge_refuses_a_record_that_is_not_utf8() {
    let tmp = TempDir::new("adversary-merge-utf8");
    let pgn = testdata("dedup/copies.pgn");
    let run_out = run(&["check", "-q", "--format", "jsonl", pgn.to_str().unwrap()]);
    let summary = run_out
        .stdout
        .rsplit(|&b| b == b'\n')
        .nth(1)
        .unwrap()
        .to_vec();
    let mut input = b"{\"type\":\"finding\",\"message\":\"caf\xe9\"}\n".to_vec();
    input.extend_from_slice(&summary);
    input.push(b'\n');
    let file = tmp.write("bad.jsonl", &input);
    let out = run(&["merge", file.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("line 1: not UTF-8"), "{err}");
    assert!(out.stdout.is_empty());
}

/// The PGN export replaces bidirectional overrides (U+202A..U+202E, U+2066..U+2069) as it
/// replaces control characters (README, "What every subcommand shares": the PGN export never
/// brings them to a terminal): in tag values, comments and the rest `fix --keep-broken` keeps.
#[test]
fn pgn_export_replaces_bidirectional_overrides() {
    let tmp = TempDir::new("adversary-bidi");
    let file = tmp.write(
        "bidi.pgn",
        "[Event \"x\u{202E}y\"]\n[White \"a\u{2066}\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n\
         1. e4 {c \u{202D} d} e5 2. Ke3 \u{202B} Nf6 1-0\n"
            .as_bytes(),
    );
    let f = file.to_str().unwrap();
    for args in [
        &["pgn", "-q", f][..],
        &["fix", "-q", "--keep-broken", f],
        &["select", "-q", "--export", "--where", "has(Event)", f],
    ] {
        let out = run(args);
        let text = String::from_utf8(out.stdout).unwrap();
        let bidi = |c: char| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
        assert!(!text.contains(bidi), "{args:?}: {text}");
        assert!(text.contains("[Event \"x\u{FFFD}y\"]"), "{args:?}: {text}");
        assert!(text.contains("{c \u{FFFD} d}"), "{args:?}: {text}");
    }
    let fixed = run(&["fix", "-q", "--keep-broken", f]).stdout;
    assert!(
        String::from_utf8(fixed)
            .unwrap()
            .contains("{2. Ke3 \u{FFFD} Nf6}")
    );
}

/// `stats --merge` of a hand-made document whose counts add past 2^64 − 1 within a figure
/// (no single count overflows) prints the figures of the counts, not wrapped sums, and a year
/// key that is not four digits (`7`) among more than 40 years no longer panics the text report
/// (`&y[..3]`).
#[test]
fn stats_merge_of_absurd_counts_neither_wraps_nor_panics() {
    let tmp = TempDir::new("adversary-stats");
    let pgn = testdata("stats/small.pgn");
    let doc = run(&["stats", "-q", "--format", "json", pgn.to_str().unwrap()]).stdout;
    let mut doc: serde_json::Value = serde_json::from_slice(&doc).unwrap();
    let max = u64::MAX;
    let all = &mut doc["all"];
    all["length_plies"] = serde_json::json!({"1": max, "3": max});
    all["ratings"] = serde_json::json!({"2000": max, "3000": max});
    all["results"] = serde_json::json!({"1-0": max, "0-1": max});
    let mut years = serde_json::Map::new();
    for y in 1900..1941 {
        years.insert(y.to_string(), 1.into());
    }
    years.insert("7".to_owned(), 1.into());
    all["years"] = years.into();
    let file = tmp.write("absurd.json", &serde_json::to_vec(&doc).unwrap());
    let f = file.to_str().unwrap();
    let out = run(&["stats", "-q", "--merge", "--format", "json", f]);
    assert_eq!(out.status.code(), Some(0));
    let merged: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let summary = &merged["all"]["summary"];
    // 2^65 − 2 games of 1 and 3 plies in equal numbers: the middle ranks fall one on each
    // side, so the median is (1 + 3) / 2 plies and (1 + 2) / 2 moves.
    assert_eq!(summary["median_plies"], 2.0);
    assert_eq!(summary["median_moves"], 1.5);
    // As many player-games at 2000 as at 3000.
    assert_eq!(summary["mean_rating"], 2500.0);
    assert_eq!(summary["median_rating"], 2500.0);
    // As many White wins as Black wins, no draw.
    assert_eq!(summary["decisive_share"], 1.0);
    assert_eq!(summary["white_score"], 0.5);
    for format in ["text", "csv"] {
        let mut args = vec!["stats", "-q", "--merge", "--format", format, f];
        if format == "csv" {
            args.extend(["--table", "years"]);
        }
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{format}: {err}");
    }
    let plots = tmp.path("plots");
    let out = run(&[
        "stats",
        "-q",
        "--merge",
        "--plot",
        plots.to_str().unwrap(),
        f,
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A `--profile` file is read up to 1 MiB (a profile is under 1 KiB): a longer one is a usage
/// error (exit status 2) before any game is read, so that `--profile /dev/zero` no longer fills
/// the memory until the kernel kills the process. Here a valid profile padded past the cap with
/// TOML comments, which was read whole and used before.
#[test]
fn a_profile_file_is_read_up_to_a_cap() {
    let tmp = TempDir::new("adversary-profile");
    let mut text = b"name = \"padded\"\n".to_vec();
    while text.len() <= 1 << 20 {
        text.extend_from_slice(b"# a comment line of the padding\n");
    }
    let file = tmp.write("padded.toml", &text);
    let pgn = testdata("readme/stalemate.pgn");
    for sub in [
        &["audit"][..],
        &["stats", "--with-audit"],
        &["fix", "--dry-run"],
    ] {
        let mut args = sub.to_vec();
        args.extend([
            "-q",
            "--profile",
            file.to_str().unwrap(),
            pgn.to_str().unwrap(),
        ]);
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{sub:?}: {err}");
        assert!(err.contains("longer than 1 MiB"), "{sub:?}: {err}");
        assert!(out.stdout.is_empty(), "{sub:?}");
    }
}

/// `dedup --memory` of a size no allocation can have (2^64 − 1 bytes, which the size parser
/// accepts as "within the address space") is a usage error (exit status 2), not a
/// capacity-overflow panic (exit status 101) when the index is allocated.
#[test]
fn dedup_refuses_a_memory_size_the_system_cannot_give() {
    let pgn = testdata("dedup/copies.pgn");
    let out = run(&[
        "dedup",
        "-q",
        "--memory",
        "18446744073709551615",
        pgn.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--memory"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// A count of merged summaries past 2^64 − 1 is refused naming the input whose summary made
/// it overflow (README, "arbiter merge": what is refused names the input), exit status 2, and
/// nothing but the records is written.
#[test]
fn merge_names_the_input_whose_counts_overflow() {
    let tmp = TempDir::new("adversary-merge-overflow");
    let pgn = testdata("readme/stalemate.pgn");
    let out = run(&["check", "-q", "--format", "jsonl", pgn.to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    let summary = text.lines().last().unwrap();
    let errors = summary.find("\"errors\":").unwrap() + "\"errors\":".len();
    let end = errors + summary[errors..].find(',').unwrap();
    let huge = format!("{}{}{}\n", &summary[..errors], u64::MAX, &summary[end..]);
    let a = tmp.write("a.jsonl", huge.as_bytes());
    // (The summary of another run: the same one twice is refused before any count is added.)
    let other = huge.replace("stalemate.pgn", "stalemate-copy.pgn");
    assert_ne!(other, huge);
    let b = tmp.write("b.jsonl", other.as_bytes());
    let out = run(&["merge", a.to_str().unwrap(), b.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("b.jsonl: its summary: a count would exceed"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}
