//! `stats --with-audit --laws --profile` (issue 17): the audit counts of `stats` judge by the
//! same Laws and profile as `arbiter audit` given the same options.
//!
//! The expected counts come from the rules, game by game, on the files the audit tests use
//! (replayed with python-chess there: `tests/cli/audit/rules.rs`): `testdata/audit/laws.pgn`
//! holds a fivefold repetition (first at ply 16) under the dates 1886, 2015 and none, and a
//! 75-move position dated 2010, all recorded 1-0; art. 9.6 (automatic fivefold and 75 moves)
//! took effect on 1 July 2014 (RULES.md, "History"). `testdata/audit/profiles.pgn` holds each
//! house rule of the platform profile at its threshold and one short (RULES.md, "Other rule
//! sets"); the FIDE Laws have none of them.

use serde_json::{Value, json};

use super::{path, stats_json};
use crate::util::run;

/// The `audit` object of `stats --with-audit ARGS FILE`.
fn audit_counts(file: &str, args: &[&str]) -> Value {
    let file = path(file);
    let mut all = vec!["--with-audit"];
    all.extend_from_slice(args);
    all.push(&file);
    stats_json(&all)["all"]["audit"].clone()
}

/// The summary of `audit --format jsonl ARGS FILE`, with the fields `stats` counts too.
fn audit_summary(file: &str, args: &[&str]) -> Value {
    let file = path(file);
    let mut all = vec!["audit", "-q", "--format", "jsonl"];
    all.extend_from_slice(args);
    all.push(&file);
    let out = run(&all);
    let last = String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .map(|l| serde_json::from_str::<Value>(l).expect("json"))
        .expect("a summary");
    json!({
        "games": last["games"],
        "games_skipped": last["games_skipped"],
        "games_incomplete": last["games_incomplete"],
        "games_with_verdicts": last["games_with_verdicts"],
        "verdicts": last["verdicts"],
    })
}

fn counts(with_verdicts: u64, verdicts: Value) -> Value {
    json!({
        "games": 0, "games_skipped": 0, "games_incomplete": 0,
        "games_with_verdicts": with_verdicts, "verdicts": verdicts,
    })
}

/// The counts of `stats` on `file` under `args`, checked against `expected` (the number of
/// games aside) and against `audit`'s summary under the same options.
fn assert_counts(file: &str, args: &[&str], games: u64, expected: Value) {
    let mut expected = expected;
    expected["games"] = games.into();
    assert_eq!(audit_counts(file, args), expected, "stats {args:?}");
    assert_eq!(audit_summary(file, args), expected, "audit {args:?}");
}

#[test]
fn stats_audit_counts_judge_by_the_laws_given() {
    const LAWS: &str = "audit/laws.pgn";
    // Both fivefold games dated 2015 and undated are drawn at ply 16 by art. 9.6.1 (the moves
    // after it void, 1-0 contradicted); the 1886 game and the 2010 75-move game were played
    // under the earlier Laws, where such positions were only claimable.
    let two = json!({"draw/automatic-ignored": 2, "result/contradicted": 2});
    assert_counts(LAWS, &[], 4, counts(2, two.clone()));
    assert_counts(LAWS, &["--laws", "auto"], 4, counts(2, two));
    // The current Laws for every game: all four are automatic draws.
    let four = json!({"draw/automatic-ignored": 4, "result/contradicted": 4});
    assert_counts(LAWS, &["--laws", "current"], 4, counts(4, four));
    // The Laws before 2014: no automatic draw by 9.6, no error verdict.
    assert_counts(LAWS, &["--laws", "pre-2014"], 4, counts(0, json!({})));
}

#[test]
fn stats_audit_counts_judge_by_the_profile_given() {
    const PROFILES: &str = "audit/profiles.pgn";
    // Under the platform's rules, at each threshold: the threefold (automatic) and the 10th
    // check in a row end the game with moves after them (ignored + contradicted); the 30-move
    // rule ends it on the last move (contradicted); the early time forfeit is void
    // (contradicted, `*`); the resignation after 14 moves is not allowed. One short of each
    // threshold: nothing.
    let platform = json!({
        "draw/automatic-ignored": 2,
        "result/contradicted": 4,
        "result/not-allowed": 1,
    });
    assert_counts(
        PROFILES,
        &["--profile", "platform"],
        10,
        counts(5, platform),
    );
    // The FIDE Laws have none of these rules (and a threefold is only claimable).
    assert_counts(PROFILES, &[], 10, counts(0, json!({})));
    // Without the audit, the options judge nothing: refused.
    let out = run(&["stats", "-q", "--laws", "pre-2014", &path(PROFILES)]);
    assert_eq!(out.status.code(), Some(2), "--laws without --with-audit");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("need --with-audit"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
