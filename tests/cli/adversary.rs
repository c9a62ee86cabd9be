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
