//! Integration tests for `arbiter audit` (issue 3): the FIDE draw rules on hand-made games and
//! positions in `testdata/audit/`.
//!
//! Every expected verdict (code, rule, ply, move, claim move, occurrence plies, correct result)
//! was worked out from the FIDE Laws of Chess (see `../shared/RULES.md`) and cross-checked with
//! python-chess 1.11.2 (`can_claim_threefold_repetition`, `is_fivefold_repetition`,
//! `can_claim_fifty_moves`, `is_seventyfive_moves`, `is_insufficient_material`, `is_stalemate`,
//! and `Board._transposition_key` for the occurrence plies), never copied from arbiter's output.
//! Where python-chess and the Laws differ the Laws are tested, and the difference is noted at the
//! test.
//!
//! Conventions (from the issue): ply P means "in the position after the P-th half-move" (ply 0 is
//! the start position, standard or `[FEN]`); `occurrences` lists the plies at which the repeated
//! position stood; `claim_move` names the move a player would write to claim a draw that is
//! "about to" happen, else null.
//!
//! The tests by rule: [`repetition`] (threefold, fivefold, position identity), [`fifty`] (fifty
//! and seventy-five moves), [`endings`] (stalemate, dead positions, results, claims named in the
//! record), and the [`options`] and output of the command.

mod color;
mod endings;
mod fifty;
mod options;
mod repetition;
mod rules;
mod unwinnable;

use std::collections::BTreeMap;

use crate::contract::records::{
    AuditRecord, AuditStatus, AuditSummary, Game, Material, Position, PositionRecord, Verdict,
    VerdictSeverity,
};
use crate::util::{TempDir, parse_records, run, testdata};

/// A file under `testdata/audit/`, as the path string arbiter reports.
fn data(name: &str) -> String {
    testdata(&format!("audit/{name}"))
        .to_str()
        .expect("utf-8 path")
        .to_owned()
}

/// `arbiter audit --quiet --format jsonl --games <extra> <files>`: records and exit code.
fn audit_paths(paths: &[String], extra: &[&str]) -> (Vec<AuditRecord>, i32) {
    let mut args = vec!["audit", "--quiet", "--format", "jsonl", "--games"];
    args.extend_from_slice(extra);
    args.extend(paths.iter().map(String::as_str));
    let out = run(&args);
    assert!(
        out.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let code = out.status.code().expect("exit code");
    (parse_records(&out.stdout), code)
}

/// The same on files of `testdata/audit/`.
fn audit(names: &[&str], extra: &[&str]) -> (Vec<AuditRecord>, i32) {
    let paths: Vec<String> = names.iter().map(|n| data(n)).collect();
    audit_paths(&paths, extra)
}

/// The summary, the last record.
fn summary(records: &[AuditRecord]) -> &AuditSummary {
    match records.last() {
        Some(AuditRecord::Summary(s)) => s,
        last => panic!("the last record is not the summary: {last:?}"),
    }
}

/// The status named `name`.
fn status(name: &str) -> AuditStatus {
    match name {
        "ok" => AuditStatus::Ok,
        "verdict" => AuditStatus::Verdict,
        "skipped" => AuditStatus::Skipped,
        "incomplete" => AuditStatus::Incomplete,
        _ => panic!("no status {name:?}"),
    }
}

/// One verdict, reduced to the fields the rules decide.
#[derive(Clone, Debug, PartialEq, Eq)]
struct V {
    code: String,
    rule: Option<String>,
    ply: u64,
    mv: Option<String>,
    claim: Option<String>,
    occurrences: Vec<u64>,
    correct: Option<String>,
}

impl V {
    fn of(record: &Verdict) -> V {
        V {
            code: record.code.clone(),
            rule: record.rule.map(|r| r.name().to_owned()),
            ply: record.ply,
            mv: record.move_.clone(),
            claim: record.claim_move.clone(),
            occurrences: record.occurrences.clone(),
            correct: record.correct_result.clone(),
        }
    }
}

/// An expected verdict.
fn v(
    code: &str,
    rule: Option<&str>,
    ply: u64,
    mv: Option<&str>,
    claim: Option<&str>,
    occurrences: &[u64],
    correct: Option<&str>,
) -> V {
    V {
        code: code.to_owned(),
        rule: rule.map(str::to_owned),
        ply,
        mv: mv.map(str::to_owned),
        claim: claim.map(str::to_owned),
        occurrences: occurrences.to_vec(),
        correct: correct.map(str::to_owned),
    }
}

/// A `draw/claim-available` verdict (`--missed`).
fn claim(rule: &str, ply: u64, mv: Option<&str>, claim_move: Option<&str>, occ: &[u64]) -> V {
    v(
        "draw/claim-available",
        Some(rule),
        ply,
        mv,
        claim_move,
        occ,
        None,
    )
}

/// The game record of the game whose Event tag is `event` in `file` (exactly one).
fn game<'a>(records: &'a [AuditRecord], file: &str, event: &str) -> &'a Game<AuditStatus> {
    let games: Vec<&Game<AuditStatus>> = records
        .iter()
        .filter_map(|r| match r {
            AuditRecord::Game(g) if g.file == file && g.event.as_deref() == Some(event) => Some(g),
            _ => None,
        })
        .collect();
    assert_eq!(games.len(), 1, "game {event:?} in {file}: {games:?}");
    games[0]
}

/// Every verdict record.
fn all_verdicts(records: &[AuditRecord]) -> impl Iterator<Item = &Verdict> {
    records.iter().filter_map(|r| match r {
        AuditRecord::Verdict(v) => Some(v),
        _ => None,
    })
}

/// The verdict records of that game, in output order.
fn verdicts_of<'a>(records: &'a [AuditRecord], file: &str, event: &str) -> Vec<&'a Verdict> {
    let index = game(records, file, event).game;
    let verdicts: Vec<&Verdict> = all_verdicts(records)
        .filter(|r| r.file == file && r.game == index)
        .collect();
    for r in &verdicts {
        assert_eq!(r.event.as_deref(), Some(event), "{r:?}");
        let severity = match r.code.as_str() {
            "draw/claim-available" | "draw/claim-supported" | "audit/incomplete" => {
                VerdictSeverity::Info
            }
            "draw/played-on" => VerdictSeverity::Warning,
            _ => VerdictSeverity::Error,
        };
        assert_eq!(r.severity, severity, "{r:?}");
    }
    verdicts
}

/// The verdicts of that game, reduced.
fn got(records: &[AuditRecord], file: &str, event: &str) -> Vec<V> {
    verdicts_of(records, file, event)
        .into_iter()
        .map(V::of)
        .collect()
}

/// The error verdicts of that game, reduced.
fn errors(records: &[AuditRecord], file: &str, event: &str) -> Vec<V> {
    verdicts_of(records, file, event)
        .into_iter()
        .filter(|r| r.severity == VerdictSeverity::Error)
        .map(V::of)
        .collect()
}

/// The verdict of that game with this code and ply.
fn verdict<'a>(
    records: &'a [AuditRecord],
    file: &str,
    event: &str,
    code: &str,
    ply: u64,
) -> &'a Verdict {
    verdicts_of(records, file, event)
        .into_iter()
        .find(|r| r.code == code && r.ply == ply)
        .unwrap_or_else(|| panic!("no {code} at ply {ply} for {event:?}"))
}

const AI: &str = "draw/automatic-ignored";
const RC: &str = "result/contradicted";
const CU: &str = "draw/claim-unsupported";
const CS: &str = "draw/claim-supported";
const INC: &str = "audit/incomplete";
const DRAW: Option<&str> = Some("1/2-1/2");

/// `draw/automatic-ignored`: the game ended drawn at `ply` by `rule`, yet went on, and a
/// result other than the draw is recorded.
fn ignored(rule: &str, ply: u64, mv: Option<&str>, occ: &[u64]) -> V {
    v(AI, Some(rule), ply, mv, None, occ, DRAW)
}

/// `draw/played-on`: as [`ignored`], with the draw recorded (a warning: the result stands).
fn played_on(rule: &str, ply: u64, mv: Option<&str>, occ: &[u64]) -> V {
    v("draw/played-on", Some(rule), ply, mv, None, occ, DRAW)
}

/// `result/contradicted`: the recorded result is void, `correct` is the result.
fn contradicted(rule: &str, ply: u64, mv: Option<&str>, occ: &[u64], correct: &str) -> V {
    v(RC, Some(rule), ply, mv, None, occ, Some(correct))
}

/// `draw/claim-unsupported`: a claim by `rule` recorded at the end, not available there.
fn unsupported(rule: &str, ply: u64, mv: Option<&str>) -> V {
    v(CU, Some(rule), ply, mv, None, &[], None)
}

/// `draw/claim-supported`: 1/2-1/2 recorded at `ply` (after `mv`), where the player to move
/// could claim by `rule` (by writing `claim_move`, when the claim is "about to").
fn supported(rule: &str, ply: u64, mv: Option<&str>, claim_move: Option<&str>, occ: &[u64]) -> V {
    v(CS, Some(rule), ply, mv, claim_move, occ, None)
}

/// `audit/incomplete`: audited up to `ply` (after `mv`).
fn incomplete(ply: u64, mv: &str) -> V {
    v(INC, None, ply, Some(mv), None, &[], None)
}
