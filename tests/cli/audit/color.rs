//! `audit --color never|auto|always` (issue 18), as `check`'s: the severity in its colour and the
//! code in bold (ECMA-48 SGR: `1;31` bold red for an error, `1` bold, `0` reset), only in the text
//! format, `auto` only on a terminal with `NO_COLOR` unset; and `audit --format` says what one
//! object or row is: a verdict.

use crate::util::{arbiter, run};

/// Stalemate after 1.Qg6 (black king h8, no legal move: FIDE Laws art. 5.2.1) recorded 1-0.
const STALEMATE: &str = "testdata/readme/stalemate.pgn";

/// The verdict line's `error[result/contradicted]`, coloured.
const COLOURED: &str = "\x1b[1;31merror\x1b[0m[\x1b[1mresult/contradicted\x1b[0m]";

#[test]
fn audit_colours_its_verdicts_as_check_colours_its_findings() {
    let out = run(&["audit", "-q", "--color", "always", STALEMATE]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("{STALEMATE}:11:4: {COLOURED}: game 1")),
        "{text:?}"
    );
    assert_eq!(out.status.code(), Some(1));
    // The same escapes as check's for an error.
    let check = run(&[
        "check",
        "-q",
        "--color",
        "always",
        "testdata/check/illegal-ambiguous.pgn",
    ]);
    let check = String::from_utf8(check.stdout).unwrap();
    assert!(
        check.contains("\x1b[1;31merror\x1b[0m[\x1b[1millegal-move/ambiguous\x1b[0m]"),
        "{check:?}"
    );
    // `always` wins over NO_COLOR, as in check.
    let out = arbiter()
        .args(["audit", "-q", "--color", "always", STALEMATE])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stdout).unwrap().contains(COLOURED));
}

#[test]
fn audit_has_no_colour_unless_asked_on_a_terminal() {
    // `never`, and `auto` with standard output a pipe: no escape at all.
    for args in [&["--color", "never"][..], &["--color", "auto"], &[]] {
        let mut all = vec!["audit", "-q"];
        all.extend_from_slice(args);
        all.push(STALEMATE);
        let out = run(&all);
        assert!(!out.stdout.contains(&0x1b), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(": error[result/contradicted]: game 1"),
            "{text}"
        );
    }
    // JSON Lines and CSV have no colour, even with `always`.
    for format in ["jsonl", "csv"] {
        let out = run(&[
            "audit", "-q", "--color", "always", "--format", format, STALEMATE,
        ]);
        assert!(!out.stdout.contains(&0x1b), "{format}");
    }
    let out = run(&["audit", "--color", "sometimes", STALEMATE]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn audit_format_help_says_one_object_per_verdict() {
    let out = run(&["audit", "--help"]);
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.contains("jsonl:   JSON Lines: one object per verdict"),
        "{help}"
    );
    // (clap aligns the values' help after the longest value, `parquet`.)
    assert!(help.contains("csv:     CSV: one row per verdict"), "{help}");
    assert!(
        help.contains("parquet: Parquet: the rows of the CSV as typed columns"),
        "{help}"
    );
    assert!(!help.contains("per finding"), "{help}");
    assert!(help.contains("--color <COLOR>"), "{help}");
}
