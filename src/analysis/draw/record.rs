//! The verdicts about the record, once the moves are judged: automatic ends the game went past,
//! the result against the final position, the way the game ended under the profile
//! (resignation, time forfeit), draw claims named in the record, and an audit cut short by an
//! illegal move.

use shakmaty::{Chess, Color, Position};

use crate::analysis::result::Decided;

use super::auditor::{Auditor, Ending};
use super::code;
use super::dead::{final_verdict, material};
use super::{CannotMate, unwinnable::Reason};
use crate::analysis::text::{color_name as color_word, fen};
use crate::analysis::walk::Game;
use crate::model::{Severity, Verdict};

/// How the Termination tag says a decisive game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ended {
    /// On time (`Time forfeit`, `... won on time`, `timeout`).
    Time,
    /// By resignation (`... won by resignation`; lichess's `Normal` for a decisive game that
    /// is not a checkmate).
    Resignation,
}

/// How a decisive game ended, by its Termination tag (lichess and chess.com wordings).
fn ended(termination: &str, checkmate: bool) -> Option<Ended> {
    let t = termination.trim().to_lowercase();
    if ["time forfeit", "on time", "timeout", "time out", "flag"]
        .iter()
        .any(|w| t.contains(w))
    {
        Some(Ended::Time)
    } else if t.contains("resign") || (t == "normal" && !checkmate) {
        Some(Ended::Resignation)
    } else {
        None
    }
}

impl Auditor {
    /// The verdicts about the record (see the module documentation); `place` is where the
    /// final move stands.
    pub(super) fn record_verdicts(
        &mut self,
        game: &Game<'_>,
        final_pos: &Chess,
        recorded: Option<&str>,
        place: (u64, u64),
    ) {
        let n = self.ply;
        let stopped_after_end = self
            .stop
            .as_ref()
            .is_some_and(|s| s.code == crate::analysis::resolve::code::AFTER_GAME_END);
        if let Some(end) = self.ending.take() {
            self.ending_verdicts(&end, recorded);
            self.ending = Some(end);
        } else if (self.stop.is_none() || stopped_after_end)
            && !self.termination_verdicts(game, final_pos, recorded, place)
        {
            self.result_against_position(game, final_pos, recorded, place);
        }
        if self.seeks_claims
            && recorded == Some("1/2-1/2")
            && self.ending.is_none()
            && self.stop.is_none()
        {
            self.claims_named(game, final_pos, place);
        }
        if let Some(stop) = &self.stop {
            let message = format!(
                "audited up to ply {n}: the move {} at ply {} cannot be played ({})",
                stop.token, stop.ply, stop.message
            );
            let v = Verdict {
                move_text: self.final_move(),
                line: place.0,
                col: place.1,
                fen: fen(final_pos),
                ..Verdict::new(code::INCOMPLETE, Severity::Info, None, n, message)
            };
            self.verdicts.push(v);
        }
    }

    /// An automatic end the game went past, or that contradicts a decisive result.
    fn ending_verdicts(&mut self, end: &Ending, recorded: Option<&str>) {
        let n = self.ply;
        // A move written after the end that could not be played (after a stalemate, or an
        // illegal move after a fivefold) was still written after it.
        let written_after = self.stop.is_some();
        let went_on = end.ply < n || written_after;
        let decisive = matches!(recorded, Some("1-0" | "0-1"));
        let after = match &end.move_text {
            Some(m) => format!("after {m}"),
            None => "at the start".to_owned(),
        };
        let base = |code, message| Verdict {
            move_text: end.move_text.clone(),
            line: end.place.0,
            col: end.place.1,
            occurrences: end.occurrences.clone(),
            fen: end.fen.clone(),
            correct_result: Some("1/2-1/2"),
            ..Verdict::new(code, code.severity(), Some(end.rule), end.ply, message)
        };
        if went_on {
            let more = if written_after && end.ply == n {
                "moves were still written after it".to_owned()
            } else if n - end.ply == 1 {
                "1 more ply was played".to_owned()
            } else {
                format!("{} more plies were played", n - end.ply)
            };
            // The draw recorded is the automatic end's: the result stands, only the later
            // moves are void (a warning, not an error of the record's result).
            let (code, stands) = match recorded {
                Some("1/2-1/2") => (code::PLAYED_ON, "; the 1/2-1/2 recorded stands"),
                _ => (code::AUTOMATIC_IGNORED, ""),
            };
            let message = format!(
                "the game ended {after}: {}, drawn by {}; {more}, void{stands}",
                end.why, end.source
            );
            self.verdicts.push(base(code, message));
        }
        if decisive {
            let message = format!(
                "{} recorded, but {after} {}: drawn by {}",
                recorded.unwrap_or("?"),
                end.why,
                end.source
            );
            self.verdicts.push(base(code::CONTRADICTED, message));
        } else if !self.seeks_claims && matches!(recorded, None | Some("*")) {
            // `arbiter fix` (whose auditor judges results only) writes the result of a game
            // that ended at an automatic draw with `*`, as it writes that of a stalemate; the
            // audit of `*` (an unfinished record) says nothing of it.
            let message = format!(
                "* recorded, but {after} {}: drawn by {}",
                end.why, end.source
            );
            self.verdicts
                .push(base(crate::model::Code::ResultUnrecorded, message));
        }
    }

    /// The way a decisive game ended, under the profile's rules: a loss on time within its
    /// first moves is void, a resignation before its minimum is not allowed. True when a
    /// verdict says what the result is.
    fn termination_verdicts(
        &mut self,
        game: &Game<'_>,
        final_pos: &Chess,
        recorded: Option<&str>,
        place: (u64, u64),
    ) -> bool {
        let profile = self.options.profile;
        if !self.options.rules.termination
            || (profile.time_forfeit.is_none() && profile.resignation.is_none())
        {
            return false;
        }
        let Some(r @ ("1-0" | "0-1")) = recorded else {
            return false;
        };
        let Some(termination) = game.tags.value("Termination") else {
            return false;
        };
        let checkmate = final_pos.is_check() && final_pos.legal_moves().is_empty();
        // Moves completed by both players.
        let moves = self.ply / 2;
        let loser = if r == "1-0" { "Black" } else { "White" };
        let how = ended(&termination, checkmate);
        let (code, rule, correct, message) = match (
            how,
            &profile.time_forfeit,
            &profile.resignation,
        ) {
            (Some(Ended::Time), Some(t), _) if moves < t.void_within_moves => (
                code::CONTRADICTED,
                t.rule.as_str(),
                Some("*"),
                format!(
                    "{r} recorded on time ({termination:?}), but a loss on time within the first {} moves is void, no result ({})",
                    t.void_within_moves,
                    self.cite(&t.rule, "", "")
                ),
            ),
            (Some(Ended::Resignation), _, Some(t)) if moves < t.min_moves => (
                code::NOT_ALLOWED,
                t.rule.as_str(),
                None,
                format!(
                    "{r} recorded by resignation ({termination:?}) after {moves} moves by each player, but {loser} may resign only after {} moves ({})",
                    t.min_moves,
                    self.cite(&t.rule, "", "")
                ),
            ),
            _ => return false,
        };
        self.verdicts.push(Verdict {
            move_text: self.final_move(),
            line: place.0,
            col: place.1,
            fen: fen(final_pos),
            correct_result: correct,
            ..Verdict::new(code, Severity::Error, Some(rule), self.ply, message)
        });
        correct.is_some()
    }

    /// The recorded result against the final position (after a checkmate, moves written later
    /// are void: the mate decides, art. 5.1.1).
    fn result_against_position(
        &mut self,
        game: &Game<'_>,
        final_pos: &Chess,
        recorded: Option<&str>,
        place: (u64, u64),
    ) {
        // Only a checkmate (which needs a check) matters here: skip the move generation
        // otherwise. The rule is check's (`analysis::result`).
        let mate = match final_pos.is_check() {
            true => crate::analysis::result::decided(final_pos),
            false => None,
        };
        let dead = self.options.rules.dead && self.options.profile.dead_position;
        let contradiction = match (mate, recorded) {
            (Some(mate @ Decided::Checkmate { winner }), Some(r)) if r != "*" => {
                let correct = mate.result();
                (r != correct).then(|| {
                    (
                        "checkmate",
                        correct,
                        format!(
                            "{r} recorded, but {} is checkmated (art. 5.1.1)",
                            color_word(!winner)
                        ),
                    )
                })
            }
            (_, Some(r @ ("1-0" | "0-1"))) if dead => {
                let winner = if r == "1-0" {
                    Color::White
                } else {
                    Color::Black
                };
                let how = || {
                    let termination = game.tags.value("Termination")?;
                    ended(&termination, false)
                };
                // How the game ended decides: a loss on time is a draw (art. 6.9), a
                // resignation since 2023 too (art. 5.1.2); before, a resignation won, and a
                // game that does not say how it ended may have ended so.
                let source = |article| self.cite("dead-position", "dead-position", article);
                let why = match (how(), self.resignation_draws) {
                    (Some(Ended::Time), _) => {
                        Some(format!("a loss on time is a draw ({})", source("6.9")))
                    }
                    (Some(Ended::Resignation), true) => Some(format!(
                        "a loss on resignation is a draw ({})",
                        source("5.1.2")
                    )),
                    (None, true) => Some(format!(
                        "a loss on resignation or time is a draw ({})",
                        source("5.1.2, 6.9")
                    )),
                    (_, false) => None,
                };
                why.and_then(|why| {
                    let reason = self.cannot_mate(final_pos, winner)?;
                    Some(cannot_mate_verdict(r, winner, final_pos, &reason, &why))
                })
            }
            _ => None,
        };
        if let Some((rule, correct, message)) = contradiction {
            let v = Verdict {
                move_text: self.final_move(),
                line: place.0,
                col: place.1,
                fen: fen(final_pos),
                correct_result: Some(correct),
                ..Verdict::new(
                    code::CONTRADICTED,
                    Severity::Error,
                    Some(rule),
                    self.ply,
                    message,
                )
            };
            self.verdicts.push(v);
        }
    }
}

impl Auditor {
    /// Why `winner` can no longer checkmate in the final position `pos`, if it cannot: by its
    /// material alone ([`CannotMate::Material`]), or by the whole procedure of
    /// [`crate::analysis::unwinnable`] within its budget ([`CannotMate::Search`]; a position it
    /// does not decide gives `None`).
    fn cannot_mate(&self, pos: &Chess, winner: Color) -> Option<Reason> {
        match self.options.cannot_mate {
            CannotMate::Material => {
                crate::analysis::unwinnable::material(pos.board(), winner).map(Reason::Material)
            }
            CannotMate::Search(budget) => final_verdict(pos, winner, budget),
        }
    }
}

/// The verdict on `recorded` (`1-0`, `0-1`) when `winner` cannot checkmate in `pos` for
/// `reason`, `why` saying why that makes it a draw (art. 6.9, 5.1.2): the rule
/// (`insufficient-material` when the material alone decides, else `cannot-checkmate`), the
/// correct result and the message.
fn cannot_mate_verdict(
    recorded: &str,
    winner: Color,
    pos: &Chess,
    reason: &Reason,
    why: &str,
) -> (&'static str, &'static str, String) {
    let side = color_word(winner);
    match reason {
        Reason::Material(_) => (
            "insufficient-material",
            "1/2-1/2",
            format!(
                "{recorded} recorded, but {side} cannot checkmate by any sequence of legal moves ({}): {why}",
                material(pos)
            ),
        ),
        reason => (
            "cannot-checkmate",
            "1/2-1/2",
            format!(
                "{recorded} recorded, but {side} cannot checkmate by any sequence of legal moves ({}): {why}",
                reason.describe(winner).replace(&format!(" by {side}"), "")
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminations_in_the_wild() {
        for (tag, want) in [
            ("Time forfeit", Some(Ended::Time)),
            ("Alice won on time", Some(Ended::Time)),
            ("Bob won by resignation", Some(Ended::Resignation)),
            ("Normal", Some(Ended::Resignation)),
            ("Abandoned", None),
            ("Alice won by checkmate", None),
        ] {
            assert_eq!(ended(tag, false), want, "{tag}");
        }
        assert_eq!(ended("Normal", true), None);
    }
}
