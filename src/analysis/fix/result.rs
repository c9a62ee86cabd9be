//! The result `arbiter fix` writes: the Result tag and the termination marker in standard form,
//! the result the moves decide, and the result of a main line `--keep-broken` cut.

use shakmaty::Chess;

use super::broken::{decided_at, printable_rest, rest_text};
use super::repairs::{result_form, standard_result};
use super::visitor::{Fixer, tag_line_of};
use super::{Repair, ResultSource};
use crate::analysis::tags::decode;
use crate::analysis::walk::{End, Game};
use crate::model::fix::{Change, Rejected};
use crate::model::{AuditReport, Code, Verdict};

/// A change of the result: of the Result tag (`tag`) or of the termination marker.
fn result_change(
    repair: Repair,
    tag: bool,
    line: u64,
    before: Option<String>,
    after: &str,
    rule: &str,
) -> Change {
    Change {
        repair: repair.name(),
        tag: tag.then(|| "Result".to_owned()),
        ply: None,
        variation: false,
        line,
        before,
        after: Some(after.to_owned()),
        rule: rule.to_owned(),
    }
}

/// Stand-ins for lines not yet found: the Result tag's, the termination marker's.
const AT_RESULT_TAG: u64 = 0;
const AT_MARKER: u64 = u64::MAX;

impl Fixer<'_> {
    /// The result of a game whose main line `--keep-broken` cut: the draw of an automatic end
    /// the game went past before the cut (fivefold repetition, 75 moves, a profile's automatic
    /// draw: the game ended there, art. 9.6, and the later moves are void whatever they are),
    /// else the one the position at the cut decides, else `*`; the rest of the line goes in a
    /// comment before it.
    pub(super) fn cut_result(
        &mut self,
        game: &mut Game<'_>,
        end: &End<'_, '_>,
        audit: &AuditReport,
        changes: &mut Vec<Change>,
    ) -> &'static str {
        let cut = self.cuts.first().expect("the main line's cut");
        let rest_end = end.result.map_or(end.end, |t| t.start);
        let (rest, printable) =
            printable_rest(rest_text(game.text.bytes, cut.at, rest_end), cut.from.0);
        changes.extend(printable);
        let ended = audit.verdicts.iter().find(|v| {
            matches!(v.code, Code::DrawAutomaticIgnored | Code::DrawPlayedOn)
                && v.correct_result.is_some()
        });
        let (result, why) = match (ended, &cut.decided) {
            (Some(v), _) => (
                v.correct_result.unwrap_or("1/2-1/2"),
                format!("keep-broken: {}", verdict_why(v)),
            ),
            (None, Some((r, why))) => (*r, format!("keep-broken: {why}")),
            (None, None) => (
                "*",
                "keep-broken: the moves after the cut were not played".to_owned(),
            ),
        };
        self.pair.a.note(&rest);
        let tag = game.tags.value("Result");
        let marker = end.result.map(|t| decode(t.text));
        if tag.as_deref() != Some(result) {
            let line = tag_line_of(game, "Result");
            changes.push(result_change(
                Repair::KeepBroken,
                true,
                line,
                tag,
                result,
                &why,
            ));
        }
        if marker.as_deref() != Some(result) {
            let line = end
                .result
                .map_or(game.first_line(), |t| game.locate(t.start).0);
            changes.push(result_change(
                Repair::KeepBroken,
                false,
                line,
                marker,
                result,
                &why,
            ));
        }
        self.pair.a.roster_mut()[6] = Some(result.to_owned());
        result
    }

    /// The result as the marker and the Result tag give it, each in standard form (the
    /// changes of `result-form`): the marker, its line, the tag as written and its standard form.
    fn result_forms(
        &mut self,
        game: &mut Game<'_>,
        end: &End<'_, '_>,
        first: u64,
        changes: &mut Vec<Change>,
    ) -> (
        Option<&'static str>,
        u64,
        Option<String>,
        Option<&'static str>,
    ) {
        let change = result_change;
        let tag_line = AT_RESULT_TAG;
        let candidate = self.candidate.take().filter(|c| !c.void);
        let marker_line = match (end.result, &candidate) {
            (Some(_), _) => AT_MARKER,
            (None, Some(c)) => c.line,
            (None, None) => first,
        };
        let marker: Option<&'static str> = end
            .result
            .and_then(|t| standard_result(&decode(t.text)))
            .or(candidate.as_ref().map(|c| c.result));
        let written = self
            .marker_written
            .take()
            .or(candidate.as_ref().map(|c| c.text.clone()));
        if let (Some(before), Some(after)) = (&written, marker) {
            let rule = if candidate.is_some() {
                "syntax/unknown-token: a result in another form"
            } else {
                "syntax/nonstandard-result (PGN standard 8.2.6)"
            };
            changes.push(change(
                Repair::ResultForm,
                false,
                marker_line,
                Some(before.clone()),
                after,
                rule,
            ));
        }
        let tag_raw = game.tags.value("Result");
        let tag_std = tag_raw.as_deref().and_then(result_form);
        if let (Some(raw), Some(std)) = (&tag_raw, tag_std)
            && raw != std
        {
            let rule = match crate::bytes::termination_marker(raw.as_bytes()) {
                Some(_) => "tag/nonstandard-result (PGN standard 8.1.1.7)",
                None => "tag/bad-result: a result in another form (PGN standard 8.1.1.7)",
            };
            changes.push(change(
                Repair::ResultForm,
                true,
                tag_line,
                Some(raw.clone()),
                std,
                rule,
            ));
        }
        (marker, marker_line, tag_raw, tag_std)
    }

    /// The result written (marker and Result tag), with the changes that make it: `settled`
    /// is how a Result tag that disagrees with the marker was settled ([`Fixer::settle`]).
    pub(super) fn result(
        &mut self,
        game: &mut Game<'_>,
        end: &End<'_, '_>,
        audit: &AuditReport,
        final_pos: Option<&Chess>,
        settled: Option<(Conflict, Settled)>,
        changes: &mut Vec<Change>,
    ) -> &'static str {
        // Lines are found once a change needs them (a line costs a scan of the game).
        let first = game.first_line();
        let tag_line = AT_RESULT_TAG;
        let logged = changes.len();
        let (marker, marker_line, tag_raw, tag_std) = self.result_forms(game, end, first, changes);
        let change = result_change;
        let mut out_marker = marker.or(tag_std).unwrap_or("*");
        if marker.is_none() {
            // Nothing disagrees: the tag's result (`*` without one) is the marker.
            changes.push(change(
                Repair::ResultForm,
                false,
                first,
                None,
                out_marker,
                "syntax/missing-result (PGN standard 8.2.6)",
            ));
        }
        let mut out_tag = tag_std.unwrap_or(out_marker);
        match (&tag_raw, tag_std) {
            (None, _) => changes.push(change(
                Repair::Roster,
                true,
                first,
                None,
                out_tag,
                "tag/missing-roster (PGN standard 8.1.1)",
            )),
            (Some(raw), None) => changes.push(change(
                Repair::ResultForm,
                true,
                tag_line,
                Some(raw.clone()),
                out_tag,
                "tag/bad-result (PGN standard 8.1.1.7)",
            )),
            _ => {}
        }
        let lines = (tag_line, marker_line);
        if let Some((conflict, (result, why))) = settled {
            let was = (conflict.tag, conflict.marker);
            set_both(changes, Repair::ResultAgree, was, lines, result, &why);
            (out_tag, out_marker) = (result, result);
        }
        if self.options.has(Repair::ResultDecided)
            && let Some((decided, rule)) = decided(audit, final_pos, out_marker)
        {
            let was = (out_tag, out_marker);
            set_both(changes, Repair::ResultDecided, was, lines, decided, &rule);
            (out_tag, out_marker) = (decided, decided);
        }
        for c in &mut changes[logged..] {
            c.line = match c.line {
                AT_RESULT_TAG => tag_line_of(game, "Result"),
                AT_MARKER => end.result.map_or(first, |t| game.locate(t.start).0),
                line => line,
            };
        }
        self.pair.a.roster_mut()[6] = Some(out_tag.to_owned());
        out_marker
    }
}

/// The changes of `repair` (by `rule`) that set the Result tag and the termination marker,
/// `(tag, marker)` before, at `lines`, to `result`: one for each that differs.
fn set_both(
    changes: &mut Vec<Change>,
    repair: Repair,
    (tag, marker): (&str, &str),
    (tag_line, marker_line): (u64, u64),
    result: &'static str,
    rule: &str,
) {
    if tag != result {
        let before = Some(tag.to_owned());
        changes.push(result_change(repair, true, tag_line, before, result, rule));
    }
    if marker != result {
        let before = Some(marker.to_owned());
        changes.push(result_change(
            repair,
            false,
            marker_line,
            before,
            result,
            rule,
        ));
    }
}

/// A Result tag that disagrees with the termination marker: both results in standard form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Conflict {
    /// The termination marker's result (or that of a result in another form ending the main
    /// line, `1:0`).
    pub marker: &'static str,
    /// The Result tag's.
    pub tag: &'static str,
}

/// How a [`Conflict`] is settled: the result, and why (the rule of the log).
pub(super) type Settled = (&'static str, String);

impl Fixer<'_> {
    /// The disagreement of the Result tag with the termination marker, if any: none when either
    /// is missing or no result (`tag/bad-result`: the game's result is written in the tag).
    pub(super) fn conflict(&self, game: &Game<'_>, end: &End<'_, '_>) -> Option<Conflict> {
        let marker = end
            .result
            .and_then(|t| standard_result(&decode(t.text)))
            .or_else(|| {
                let candidate = self.candidate.as_ref().filter(|c| !c.void);
                candidate.map(|c| c.result)
            })?;
        let tag = game.tags.value("Result").as_deref().and_then(result_form)?;
        (marker != tag).then_some(Conflict { marker, tag })
    }

    /// The result the auditor is to judge for `conflict`: the one the first record of
    /// `--result-from` that is not the moves gives (the result written when the moves decide
    /// none), so that the results the moves decide are judged against the result written out.
    pub(super) fn judged(&self, conflict: Conflict) -> Option<&'static str> {
        self.options
            .result_from
            .iter()
            .flatten()
            .find_map(|s| match s {
                ResultSource::Marker => Some(conflict.marker),
                ResultSource::Tag => Some(conflict.tag),
                ResultSource::Position => None,
            })
    }

    /// How `conflict` is settled by `--result-from`: the first of its records that gives a
    /// result (the moves give one when they decide it: a verdict naming the correct result,
    /// else checkmate, stalemate or a dead position at the end); none without `--result-from`.
    pub(super) fn settle(
        &self,
        conflict: Conflict,
        audit: &AuditReport,
        final_pos: Option<&Chess>,
    ) -> Option<Settled> {
        self.options.result_from.iter().flatten().find_map(|s| {
            let (result, why) = match s {
                ResultSource::Marker => (conflict.marker, "the termination marker's result".into()),
                ResultSource::Tag => (conflict.tag, "the Result tag's result".into()),
                ResultSource::Position => {
                    let (result, why) = moves_decide(audit, final_pos)?;
                    (result, format!("the result the moves decide, {why}"))
                }
            };
            let rule = format!(
                "tag/result-mismatch: the game ends with {} but the Result tag says {}; settled \
                 by --result-from {}: {why}",
                conflict.marker,
                conflict.tag,
                s.name()
            );
            Some((result, rule))
        })
    }

    /// How `conflict`, if any, is settled ([`Fixer::settle`]), or the record of the game
    /// rejected: when no record of `--result-from` settles it, or the result it is settled
    /// with is one the final position contradicts ([`Fixer::against_position`]).
    pub(super) fn settled(
        &self,
        game: &mut Game<'_>,
        end: &End<'_, '_>,
        conflict: Option<Conflict>,
        audit: &AuditReport,
        final_pos: Option<&Chess>,
    ) -> Result<Option<(Conflict, Settled)>, Rejected> {
        let Some(conflict) = conflict else {
            return Ok(None);
        };
        let Some(settled) = self.settle(conflict, audit, final_pos) else {
            return Err(self.unsettled(game, end, conflict));
        };
        match self.against_position(game, end, conflict, &settled, final_pos) {
            Some(rejected) => Err(rejected),
            None => Ok(Some((conflict, settled))),
        }
    }

    /// The record of a game whose `conflict` is `settled` with a result the final position
    /// contradicts (checkmate with another result than the winner's, stalemate with a decisive
    /// one: `check`'s `result/contradicts-position` error) while the repair `result-decided`,
    /// which would decide it, is skipped: rejected, at the marker's line.
    pub(super) fn against_position(
        &self,
        game: &mut Game<'_>,
        end: &End<'_, '_>,
        conflict: Conflict,
        settled: &Settled,
        final_pos: Option<&Chess>,
    ) -> Option<Rejected> {
        if self.options.has(Repair::ResultDecided) {
            return None;
        }
        let decided = crate::analysis::pgn::decided_by_position(final_pos?)?;
        let result = settled.0;
        if result == "*" || result == decided {
            return None;
        }
        let mut rejected = self.unsettled(game, end, conflict);
        rejected.code = Code::ResultContradictsPosition;
        rejected.message = format!(
            "the game ends with {} but the Result tag says {}: settled as {result}, which the \
             final position contradicts (it gives {decided}, FIDE Laws art. 5); the repair \
             result-decided is skipped",
            conflict.marker, conflict.tag
        );
        Some(rejected)
    }

    /// The record of a game whose `conflict` no record of `--result-from` settles: rejected, at
    /// the marker's line.
    pub(super) fn unsettled(
        &self,
        game: &mut Game<'_>,
        end: &End<'_, '_>,
        conflict: Conflict,
    ) -> Rejected {
        let line = match (end.result, self.candidate.as_ref()) {
            (Some(t), _) => game.locate(t.start).0,
            (None, Some(c)) => c.line,
            (None, None) => game.first_line(),
        };
        let why = match self.options.result_from.iter().flatten().next() {
            None => "which record is right, nothing in the game says: --result-from \
                     marker|tag|position names the rule that settles it"
                .to_owned(),
            Some(_) => "the moves decide no result (--result-from position)".to_owned(),
        };
        Rejected {
            code: Code::TagResultMismatch,
            line,
            message: format!(
                "the game ends with {} but the Result tag says {}: {why}",
                conflict.marker, conflict.tag
            ),
            bytes: 0,
        }
    }
}

/// The result the moves decide, whatever is recorded, and why: the first verdict of the audit
/// that names the correct result, else checkmate, stalemate or a dead position at the end.
fn moves_decide(audit: &AuditReport, final_pos: Option<&Chess>) -> Option<Settled> {
    match deciding_verdict(audit) {
        Some(v) => Some((v.correct_result?, verdict_why(v))),
        None => decided_at(final_pos?),
    }
}

/// The first verdict of the audit that names the correct result.
fn deciding_verdict(audit: &AuditReport) -> Option<&Verdict> {
    audit.verdicts.iter().find(|v| {
        matches!(
            v.code,
            Code::ResultContradicted
                | Code::DrawAutomaticIgnored
                | Code::DrawPlayedOn
                | Code::ResultUnrecorded
        ) && v.correct_result.is_some()
    })
}

/// The result the moves decide, and why, when it is not `recorded`: the first verdict of the
/// audit that names the correct result, else the final position (checkmate, stalemate, dead
/// position, 75 moves) — for a game recorded `*`, which the audit does not judge, and for one
/// whose result is written in another form (`1:0`), which stops its replay.
fn decided(
    audit: &AuditReport,
    final_pos: Option<&Chess>,
    recorded: &str,
) -> Option<(&'static str, String)> {
    if let Some(v) = deciding_verdict(audit) {
        let correct = v.correct_result?;
        return (correct != recorded).then(|| (correct, verdict_why(v)));
    }
    // The automatic draws of art. 9.6 depend on the Laws in force when the game was played:
    // the auditor's verdicts above decide them.
    let (result, why) = decided_at(final_pos?)?;
    let code = match recorded {
        "*" => Code::ResultUnrecorded,
        _ => Code::ResultContradicted,
    };
    (result != recorded).then(|| (result, format!("{code}: {why}")))
}

/// Why a verdict decides the result, for the log: its code, the rule and where it comes from
/// (`house/30-move, profile platform`, `fivefold, profile fide, Laws current (date)`), its
/// message.
fn verdict_why(v: &Verdict) -> String {
    let mut rule = format!("{}, profile {}", v.rule.unwrap_or("?"), v.profile);
    if let Some(laws) = v.laws {
        rule.push_str(&format!(", Laws {laws}"));
        if let Some(basis) = v.laws_basis {
            rule.push_str(&format!(" ({basis})"));
        }
    }
    format!("{} [{rule}]: {}", v.code, v.message)
}
