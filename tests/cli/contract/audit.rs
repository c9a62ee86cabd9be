//! `audit` and `audit --positions`.

use std::collections::BTreeMap;

use super::records::*;
use super::{arbiter, assert_move_and_fen, bytes_of, documented_codes, testdata_pgn};
use crate::util::parse_records;
use crate::util::root;

// ---- audit ------------------------------------------------------------------------------------

#[test]
fn audit_jsonl_is_the_documented_contract() {
    let codes = documented_codes();
    let files = testdata_pgn();
    let mut args = vec![
        "audit",
        "-q",
        "--format",
        "jsonl",
        "--games",
        "--missed=all",
    ];
    args.extend(files.iter().map(String::as_str));
    let (out, _, status) = arbiter(&args);
    assert_eq!(status, 1, "testdata has error verdicts");
    let mut records: Vec<AuditRecord> = parse_records(&out);
    let Some(AuditRecord::Summary(summary)) = records.pop() else {
        panic!("the last record is not the summary");
    };
    let (mut verdicts, mut games) = (Vec::new(), Vec::new());
    let mut pending = Vec::new();
    for record in records {
        match record {
            AuditRecord::Verdict(v) => pending.push(v),
            AuditRecord::Game(g) => {
                for v in &pending {
                    assert_eq!((&v.file, v.game), (&g.file, g.game), "{v:?} before {g:?}");
                }
                let errors = pending.iter().any(|v| v.severity == VerdictSeverity::Error);
                let has = |code: &str| pending.iter().any(|v| v.code == code);
                let status = if has("audit/skipped") {
                    AuditStatus::Skipped
                } else if errors {
                    AuditStatus::Verdict
                } else if has("audit/incomplete") {
                    AuditStatus::Incomplete
                } else {
                    AuditStatus::Ok
                };
                assert_eq!(g.status, status, "{g:?}: {pending:?}");
                verdicts.append(&mut pending);
                games.push(g);
            }
            AuditRecord::Summary(_) => panic!("a summary before the last line"),
        }
    }
    assert!(pending.is_empty());
    for v in &verdicts {
        assert_verdict(v, &codes);
    }
    let mut by_code: BTreeMap<String, u64> = BTreeMap::new();
    for v in &verdicts {
        *by_code.entry(v.code.clone()).or_default() += 1;
    }
    assert_eq!(summary.verdicts, by_code);
    let status = |s| games.iter().filter(|g| g.status == s).count() as u64;
    assert_eq!(summary.games_skipped, status(AuditStatus::Skipped));
    assert_eq!(summary.games, games.len() as u64 - summary.games_skipped);
    // Incomplete games: those audited up to an illegal move (their status may be `verdict`).
    let incomplete = games
        .iter()
        .filter(|g| {
            verdicts.iter().any(|v| {
                (&v.file, v.game, v.code.as_str()) == (&g.file, g.game, "audit/incomplete")
            })
        })
        .count() as u64;
    assert_eq!(summary.games_incomplete, incomplete);
    assert!(incomplete > status(AuditStatus::Incomplete));
    assert_eq!(summary.games_with_verdicts, status(AuditStatus::Verdict));
    assert_eq!(
        (summary.files, summary.files_failed),
        (files.len() as u64, 0)
    );
    assert_eq!(summary.bytes, bytes_of(&files));
    // Every rule of the contract occurs in testdata.
    for rule in [
        Rule::Threefold,
        Rule::Fivefold,
        Rule::FiftyMove,
        Rule::SeventyFiveMove,
        Rule::Stalemate,
        Rule::InsufficientMaterial,
        Rule::DeadPosition,
        Rule::CannotCheckmate,
        Rule::Checkmate,
    ] {
        assert!(verdicts.iter().any(|v| v.rule == Some(rule)), "{rule:?}");
    }
}

#[test]
fn audit_positions_jsonl_is_the_documented_contract() {
    let file = "testdata/audit/positions.epd";
    let (out, _, status) = arbiter(&["audit", "--positions", file, "--format", "jsonl"]);
    let mut records: Vec<PositionRecord> = parse_records(&out);
    let Some(PositionRecord::Summary(summary)) = records.pop() else {
        panic!("the last record is not the summary");
    };
    let codes = documented_codes();
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let wanted: Vec<(u64, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i as u64 + 1, l))
        .collect();
    let positions: Vec<Position> = records
        .into_iter()
        .map(|r| match r {
            PositionRecord::Position(p) => p,
            PositionRecord::Summary(_) => panic!("a summary before the last line"),
        })
        .collect();
    assert_eq!(positions.len(), wanted.len());
    let (mut invalid, mut mates, mut stalemates, mut dead) = (0, 0, 0, 0);
    let mut answers: BTreeMap<String, u64> = BTreeMap::new();
    for (p, (line, _)) in positions.iter().zip(&wanted) {
        assert_eq!(p.line, *line, "{p:?}");
        let fields = [
            p.checkmate.is_none(),
            p.stalemate.is_none(),
            p.insufficient_material.is_none(),
            p.dead.is_none(),
            p.reason.is_none(),
            p.can_mate.is_none(),
            p.can_mate_reason.is_none(),
        ];
        // Problems carry documented `fen/` codes; an error record has its error among them.
        for problem in &p.problems {
            assert!(problem.code.starts_with("fen/"), "{p:?}");
            assert!(codes.contains_key(&problem.code), "undocumented: {p:?}");
            assert!(problem.col >= 1 && !problem.message.is_empty(), "{p:?}");
        }
        let error = p.problems.iter().find(|q| q.severity == Severity::Error);
        assert_eq!(error.map(|q| &q.message), p.error.as_ref(), "{p:?}");
        if p.error.is_some() {
            invalid += 1;
            assert_eq!(fields, [true; 7], "an error has null fields: {p:?}");
            continue;
        }
        assert_eq!(fields[..4], [false; 4], "{p:?}");
        // Dead exactly when neither side can mate and the game is not over already; the
        // reason for every `no`, none for the others; no helpmate without --show-helpmate.
        let (Some(can), Some(why)) = (&p.can_mate, &p.can_mate_reason) else {
            panic!("{p:?}");
        };
        let over = p.checkmate == Some(true) || p.stalemate == Some(true);
        let both_no = can.white == CanMate::No && can.black == CanMate::No;
        assert_eq!(p.dead, Some(both_no && !over), "{p:?}");
        assert_eq!(why.white.is_some(), can.white == CanMate::No, "{p:?}");
        assert_eq!(why.black.is_some(), can.black == CanMate::No, "{p:?}");
        assert!(p.helpmate.is_none(), "{p:?}");
        for c in [can.white, can.black] {
            *answers
                .entry(format!("{c:?}").to_lowercase())
                .or_insert(0u64) += 1;
        }
        // A reason is given for a position that ends the game.
        let ends = [p.checkmate, p.stalemate, p.dead].contains(&Some(true));
        assert_eq!(p.reason.is_some(), ends, "{p:?}");
        mates += u64::from(p.checkmate == Some(true));
        stalemates += u64::from(p.stalemate == Some(true));
        dead += u64::from(p.dead == Some(true));
        assert!(
            !(p.checkmate == Some(true) && p.stalemate == Some(true)),
            "{p:?}"
        );
        if p.insufficient_material == Some(Material::Both) {
            assert_eq!(p.dead, Some(true), "neither side can mate: dead, {p:?}");
        }
    }
    assert_eq!(
        [
            summary.positions,
            summary.invalid,
            summary.checkmates,
            summary.stalemates
        ],
        [wanted.len() as u64 - invalid, invalid, mates, stalemates]
    );
    assert_eq!(summary.dead, dead);
    let count = |k: &str| answers.get(k).copied().unwrap_or(0);
    assert_eq!(
        [
            summary.can_mate.yes,
            summary.can_mate.no,
            summary.can_mate.unknown
        ],
        [count("yes"), count("no"), count("unknown")]
    );
    assert!(invalid > 0 && mates > 0 && stalemates > 0 && dead > 0);
    assert_eq!(status, 1, "a line is not a position");
    // The first case of the file is fool's mate: White is checkmated.
    let first = &positions[0];
    assert_eq!(
        (
            first.checkmate,
            first.stalemate,
            first.insufficient_material,
            first.dead
        ),
        (Some(true), Some(false), Some(Material::None), Some(false))
    );
}

/// What the contract says of one verdict: the severity of the code table, `rule` null only for
/// the bookkeeping codes, `move` and `fen` that agree, `correct_result` and `claim_move` where
/// they belong, and `occurrences` as the rule gives them.
fn assert_verdict(v: &Verdict, codes: &BTreeMap<String, String>) {
    let severity = match v.severity {
        VerdictSeverity::Error => "error",
        VerdictSeverity::Warning => "warning",
        VerdictSeverity::Info => "info",
    };
    assert_eq!(
        codes.get(&v.code).map(String::as_str),
        Some(severity),
        "{v:?}"
    );
    let bookkeeping = matches!(v.code.as_str(), "audit/incomplete" | "audit/skipped");
    assert_eq!(
        v.rule.is_none(),
        bookkeeping,
        "rule is null only for those: {v:?}"
    );
    assert_eq!(v.move_.is_none(), v.ply == 0, "{v:?}");
    assert_eq!(
        v.fen.is_none(),
        v.code == "audit/skipped",
        "fen is null only for a game not audited: {v:?}"
    );
    if let (Some(text), Some(fen)) = (&v.move_, &v.fen) {
        assert_move_and_fen(text, fen, true);
    }
    assert_eq!(
        v.correct_result.is_some(),
        matches!(
            v.code.as_str(),
            "result/contradicted" | "draw/automatic-ignored" | "draw/played-on"
        ),
        "{v:?}"
    );
    let claim = matches!(
        v.code.as_str(),
        "draw/claim-available" | "draw/claim-supported"
    );
    if v.claim_move.is_some() {
        assert!(claim, "{v:?}");
    }
    // Occurrences: the plies at which the repeated position stood, in order, up to this
    // one; three (five) of them for a claim (an automatic draw), or two and the claim move.
    let occ = &v.occurrences;
    assert!(occ.windows(2).all(|w| w[0] < w[1]), "{v:?}");
    assert!(occ.iter().all(|&p| p <= v.ply), "{v:?}");
    match v.rule {
        Some(Rule::Threefold) if claim => match v.claim_move {
            Some(_) => assert!(occ.len() >= 2 && occ.last() < Some(&v.ply), "{v:?}"),
            None => assert!(occ.len() >= 3 && occ.last() == Some(&v.ply), "{v:?}"),
        },
        Some(Rule::Fivefold) => assert!(occ.len() >= 5 && occ.last() == Some(&v.ply)),
        Some(Rule::Threefold) => {}
        _ => assert!(occ.is_empty(), "{v:?}"),
    }
}
