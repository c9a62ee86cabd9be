//! Issue 18, "less noise, more signal": `--only`, `--ignore` and `--errors-only` on `check` and
//! `audit` change what is printed, never what is found: the summary and the exit status count
//! every finding, and the summary says how many were hidden.
//!
//! The findings of the test games follow from the PGN standard and the Laws: `0-0` is not SAN
//! (`notation/zero-castling`, a warning), a second `[White]` is `tag/duplicate` (a warning), and
//! `2. Ke3` after `1. e4 e5` is no legal move (the king moves one square: an `illegal-move/`
//! error).

use crate::contract::records::{AuditRecord, CheckRecord, Severity};
use crate::util::{findings_of, parse_records, root, run, run_stdin, summary_of};

const GAMES: &str = "[Event \"a\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n\
    [White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n\
    1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *\n\n\
    [Event \"b\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"2\"]\n[White \"w\"]\n\
    [White \"x\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";

/// `check --format jsonl` on the test games with `extra` options: the records and the status.
fn check(extra: &[&str]) -> (Vec<CheckRecord>, i32) {
    let mut args = vec!["check", "-q", "--format", "jsonl"];
    args.extend_from_slice(extra);
    args.push("-");
    let out = run_stdin(&args, GAMES.as_bytes());
    (parse_records(&out.stdout), out.status.code().expect("exit"))
}

/// The families of the printed findings, in order.
fn families(records: &[CheckRecord]) -> Vec<String> {
    findings_of(records)
        .iter()
        .map(|f| f.code.split('/').next().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn the_test_games_have_the_findings_the_rules_give() {
    let (records, code) = check(&[]);
    assert_eq!(code, 1);
    assert_eq!(families(&records), ["notation", "tag", "illegal-move"]);
    let s = summary_of(&records);
    assert_eq!((s.errors, s.warnings, s.hidden), (1, 2, 0));
}

#[test]
fn ignore_hides_a_family_and_the_summary_still_counts_it() {
    let (records, code) = check(&["--ignore", "notation"]);
    assert_eq!(code, 1);
    assert_eq!(families(&records), ["tag", "illegal-move"]);
    let s = summary_of(&records);
    assert_eq!((s.errors, s.warnings, s.hidden), (1, 2, 1));
    // A glob, and a list.
    let (records, _) = check(&["--ignore", "notation/*,tag/duplicate"]);
    assert_eq!(families(&records), ["illegal-move"]);
    assert_eq!(summary_of(&records).hidden, 2);
}

#[test]
fn only_keeps_the_codes_named() {
    let (records, code) = check(&["--only", "tag/duplicate", "--only", "illegal-move/*"]);
    assert_eq!(code, 1);
    assert_eq!(families(&records), ["tag", "illegal-move"]);
    assert_eq!(summary_of(&records).hidden, 1);
    // --only and --ignore together: what --only keeps, less what --ignore names.
    let (records, _) = check(&["--only", "tag,illegal-move", "--ignore", "tag"]);
    assert_eq!(families(&records), ["illegal-move"]);
}

#[test]
fn errors_only_hides_the_warnings_and_keeps_the_status() {
    let (records, code) = check(&["--errors-only"]);
    assert_eq!(code, 1);
    let shown = findings_of(&records);
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].severity, Severity::Error);
    let s = summary_of(&records);
    assert_eq!((s.errors, s.warnings, s.hidden), (1, 2, 2));
    // The text summary says so.
    let out = run_stdin(&["check", "-q", "--errors-only", "-"], GAMES.as_bytes());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let summary = text.lines().last().expect("summary");
    assert!(summary.starts_with("summary: "), "{text}");
    assert!(
        summary.ends_with("; 2 findings hidden by --only/--ignore/--errors-only"),
        "{summary}"
    );
    // Without a filter, no word of it.
    let out = run_stdin(&["check", "-q", "-"], GAMES.as_bytes());
    assert!(!String::from_utf8_lossy(&out.stdout).contains("hidden"));
}

#[test]
fn a_pattern_that_names_no_code_is_refused() {
    for args in [
        ["check", "--only", "notaton"],
        ["check", "--ignore", "tag/no-such"],
        ["audit", "--only", "[draw"],
    ] {
        let mut args = args.to_vec();
        args.push("-");
        let out = run_stdin(&args, GAMES.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(args[2]), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn audit_filters_verdicts_the_same_way() {
    let file = root().join("testdata/audit/claims.pgn");
    let file = file.to_str().expect("path");
    let audit = |extra: &[&str]| {
        let mut args = vec!["audit", "-q", "--format", "jsonl", "--missed"];
        args.extend_from_slice(extra);
        args.push(file);
        let out = run(&args);
        let records: Vec<AuditRecord> = parse_records(&out.stdout);
        (records, out.status.code().expect("exit"))
    };
    let codes = |records: &[AuditRecord]| {
        records
            .iter()
            .filter_map(|r| match r {
                AuditRecord::Verdict(v) => Some(v.code.clone()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    let summary = |records: &[AuditRecord]| match records.last() {
        Some(AuditRecord::Summary(s)) => s.clone(),
        last => panic!("no summary: {last:?}"),
    };
    let (all, status) = audit(&[]);
    let claims_available = codes(&all)
        .iter()
        .filter(|c| *c == "draw/claim-available")
        .count() as u64;
    assert!(
        claims_available > 0,
        "the file has claims play went on past"
    );
    let (some, filtered_status) = audit(&["--ignore", "draw/claim-available"]);
    assert_eq!(filtered_status, status);
    assert!(!codes(&some).iter().any(|c| c == "draw/claim-available"));
    assert_eq!(
        codes(&some).len() as u64 + claims_available,
        codes(&all).len() as u64
    );
    assert_eq!(summary(&some).verdicts, summary(&all).verdicts);
    assert_eq!(summary(&some).hidden, claims_available);
}
