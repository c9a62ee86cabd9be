//! Draw claims (arts. 9.2, 9.3): those available at each position, the ones `--missed` reports
//! (the first of each rule with a count of the later plies, or every ply), and the record's
//! draw judged against the claims available at its end (`draw/claim-supported`,
//! `draw/claim-unsupported`).

use shakmaty::{Chess, Move, Position};

use super::auditor::{Auditor, list};
use super::profile::{QuietRule, RepetitionRule};
use super::{Missed, code};
use crate::analysis::tags;
use crate::analysis::text::{color_name as color_word, fen, pgn_move};
use crate::analysis::walk::Game;
use crate::model::{Severity, Verdict};

/// Most `draw/claim-available` verdicts `--missed=all` lists per game and rule: past them the
/// later plies are counted in the `more_plies` of the last one listed, as `--missed` counts
/// them in its first (a game of a million plies before 1 July 2014, when no repetition ended a
/// game, had a verdict for every ply: 665,000 of them, 457 MB, for 4.7 MB of moves).
pub const MAX_LISTED_CLAIMS: u32 = 1000;

/// A threefold claim: the plies where the position stood, and the move to write when it is
/// "about to appear" (art. 9.2.1.1).
pub(super) type Threefold = (Vec<u32>, Option<String>);

/// A fifty-move claim: the move to write when one completes the moves (art. 9.3.1).
pub(super) type Fifty = Option<String>;

/// The claims of the audit so far.
#[derive(Debug, Default)]
pub(super) struct Claims {
    /// The claims available at the last position judged.
    pub(super) threefold: Option<Threefold>,
    pub(super) fifty: Option<Fifty>,
    /// Where the `--missed` claims of the last position judged start in the verdicts (they are
    /// dropped when that position turns out to be the final one: the game is over there).
    pub(super) last_at: usize,
    /// `--missed` (first): per rule (threefold, fifty), the verdict of its first claim, the
    /// later plies counted, and whether the last position judged was counted (not the first).
    /// `--missed=all`: the verdict of the last claim listed ([`MAX_LISTED_CLAIMS`]), the plies
    /// counted past it.
    first: [Option<usize>; 2],
    more: [u32; 2],
    last_counted: [bool; 2],
    /// `--missed=all`: per rule, the claims listed (a dropped final claim is not taken back:
    /// the game ends there).
    listed: [u32; 2],
}

/// A fifty-move claim available to the player to move (art. 9.3) after `plies` quiet plies:
/// `Some(None)` when they are complete, `Some(Some(move))` when a written move would complete
/// them (a move that gives mate or stalemate counts too).
pub(super) fn fifty_claim(pos: &Chess, plies: u32) -> Option<Fifty> {
    if pos.halfmoves() >= plies {
        return Some(None);
    }
    if pos.halfmoves() + 1 == plies {
        let m = pos.legal_moves().into_iter().find(|m| !m.is_zeroing())?;
        return Some(Some(
            shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string(),
        ));
    }
    None
}

/// Whether a final comment reports how the game ended: it names a claim, or it begins with
/// the draw ("Draw by repetition", "drawn by the fifty-move rule", "1/2 by repetition").
fn reports_the_end(comment: &str) -> bool {
    let c = comment
        .trim_start_matches(|ch: char| !ch.is_alphanumeric())
        .to_lowercase();
    c.contains("claim") || ["draw", "1/2", "½"].iter().any(|w| c.starts_with(w))
}

/// The arbiter's words for a repetition claim by the player to move in `pos`, under `rule`
/// (the Laws' threefold repetition, art. 9.2, or a profile's rule: its name and count).
fn threefold_words(
    pos: &Chess,
    (occ, claim_move): &Threefold,
    rule: Option<&RepetitionRule>,
) -> String {
    let side = color_word(pos.turn());
    let plies = list(occ);
    let house = rule.filter(|r| !(r.occurrences == 3 && r.rule == "threefold"));
    match (house, claim_move) {
        (None, None) => format!(
            "{side} could claim a draw by threefold repetition (art. 9.2.1): the position occurred at plies {plies}"
        ),
        (None, Some(m)) => format!(
            "{side} could claim a draw by writing {m}: the position after it would occur for the third time (art. 9.2.1.1; earlier at plies {plies})"
        ),
        (Some(r), None) => format!(
            "{side} could claim a draw by {} (a position occurring {} times): the position occurred at plies {plies}",
            r.rule, r.occurrences
        ),
        (Some(r), Some(m)) => format!(
            "{side} could claim a draw by writing {m}: the position after it would occur {} times ({}; earlier at {} {plies})",
            r.occurrences,
            r.rule,
            if occ.len() == 1 { "ply" } else { "plies" }
        ),
    }
}

/// `n` moves, in words ("1 move", "30 moves").
fn moves(n: u32) -> String {
    match n {
        1 => "1 move".to_owned(),
        n => format!("{n} moves"),
    }
}

/// The arbiter's words for a claim on moves without a pawn move or capture by the player to
/// move in `pos`, under `rule` (the Laws' fifty-move rule, art. 9.3, or a profile's rule).
fn fifty_words(pos: &Chess, claim_move: &Fifty, rule: Option<&QuietRule>) -> String {
    let side = color_word(pos.turn());
    let plies = pos.halfmoves();
    let house = rule.filter(|r| !(r.moves == 50 && r.rule == "fifty-move"));
    match (house, claim_move) {
        (None, None) => format!(
            "{side} could claim a draw by the fifty-move rule (art. 9.3.2): {plies} plies without a pawn move or capture"
        ),
        (None, Some(m)) => format!(
            "{side} could claim a draw by writing {m}, completing 50 moves without a pawn move or capture (art. 9.3.1)"
        ),
        (Some(r), None) => format!(
            "{side} could claim a draw by {} ({} without a pawn move or capture): {plies} plies without a pawn move or capture",
            r.rule,
            moves(r.moves)
        ),
        (Some(r), Some(m)) => format!(
            "{side} could claim a draw by writing {m}, completing {} without a pawn move or capture ({})",
            moves(r.moves),
            r.rule
        ),
    }
}

impl Auditor {
    /// Notes that no claim is available at the position just judged (what
    /// [`Auditor::record_claims`] notes without claims).
    #[inline]
    pub(super) fn no_claims(&mut self) {
        self.claims.last_at = self.verdicts.len();
        self.claims.last_counted = [false; 2];
        self.claims.threefold = None;
        self.claims.fifty = None;
    }

    /// Notes the claims available at the position just judged (`live`: the game is still on
    /// there), and the `--missed` verdicts they give.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn record_claims(
        &mut self,
        game: &mut Game<'_>,
        pos: &Chess,
        moved: Option<(&Chess, Move)>,
        at: Option<usize>,
        threefold: Option<Threefold>,
        fifty: Option<Fifty>,
        live: bool,
    ) {
        self.claims.last_at = self.verdicts.len();
        self.claims.last_counted = [false; 2];
        let missed = self.options.missed;
        if live && missed != Missed::Off {
            // Claims only while the game is on: not at or after an automatic end.
            let names = [
                self.rules.repetition_claim.map(|r| r.rule.as_str()),
                self.rules.quiet_claim.map(|r| r.rule.as_str()),
            ];
            for (r, available) in [threefold.is_some(), fifty.is_some()]
                .into_iter()
                .enumerate()
            {
                if !available {
                    continue;
                }
                let counted = missed == Missed::First || self.claims.listed[r] >= MAX_LISTED_CLAIMS;
                if counted && self.claims.first[r].is_some() {
                    self.claims.more[r] += 1;
                    self.claims.last_counted[r] = true;
                    continue;
                }
                let (claim_move, occurrences, message) = match r {
                    0 => {
                        let t = threefold.as_ref().expect("available");
                        let words = threefold_words(pos, t, self.rules.repetition_claim);
                        (t.1.clone(), t.0.clone(), words)
                    }
                    _ => {
                        let f = fifty.as_ref().expect("available");
                        (
                            f.clone(),
                            Vec::new(),
                            fifty_words(pos, f, self.rules.quiet_claim),
                        )
                    }
                };
                let (line, col) = at.map_or((0, 0), |at| game.locate(at));
                let rule = names[r].expect("a claim rule");
                self.claims.listed[r] += 1;
                if missed == Missed::First || self.claims.listed[r] == MAX_LISTED_CLAIMS {
                    self.claims.first[r] = Some(self.verdicts.len());
                }
                self.verdicts.push(Verdict {
                    move_text: moved.map(|(b, m)| pgn_move(b, m)),
                    line,
                    col,
                    claim_move,
                    occurrences,
                    more_plies: (missed == Missed::First).then_some(0),
                    fen: fen(pos),
                    ..Verdict::new(
                        code::CLAIM_AVAILABLE,
                        Severity::Info,
                        Some(rule),
                        self.ply,
                        message,
                    )
                });
            }
        }
        self.claims.threefold = threefold;
        self.claims.fifty = fifty;
    }

    /// The last position judged is the final one: its claims were made (or the game ended
    /// otherwise), not missed.
    pub(super) fn drop_final_claims(&mut self) {
        let at = self.claims.last_at;
        for r in 0..2 {
            if self.claims.last_counted[r] {
                self.claims.more[r] -= 1;
            } else if self.claims.first[r].is_some_and(|i| i >= at) {
                self.claims.first[r] = None;
            }
        }
        self.verdicts.truncate(at);
    }

    /// Writes the counts of later plies into the first claims (`--missed`), or into the last
    /// claims listed when plies past [`MAX_LISTED_CLAIMS`] were counted (`--missed=all`).
    pub(super) fn finish_missed(&mut self) {
        let first = self.options.missed == Missed::First;
        for r in 0..2 {
            if let Some(i) = self.claims.first[r]
                && (first || self.claims.more[r] > 0)
            {
                self.verdicts[i].more_plies = Some(self.claims.more[r]);
            }
        }
    }

    /// A recorded draw against the claims available at the end: the claim the Termination tag
    /// or the final comment names is supported or not; a draw that names none is supported by
    /// every claim available.
    pub(super) fn claims_named(&mut self, game: &Game<'_>, final_pos: &Chess, place: (u64, u64)) {
        // A final comment counts only when it reports how the game ended ("draw by threefold
        // repetition", "White claims a draw under the fifty-move rule"): annotators also write
        // "his only hope is a draw by threefold repetition" before a draw by agreement, and
        // that is no claim to check.
        let comment = self
            .final_comment
            .map(|(at, len)| tags::decode(game.text.bytes[at + 1..at + len - 1].trim_ascii()))
            .filter(|c| reports_the_end(c));
        let said = [game.tags.value("Termination"), comment]
            .into_iter()
            .flatten()
            .map(|s| s.to_lowercase())
            .collect::<Vec<_>>()
            .join(" ");
        let names_repetition = ["repetition", "threefold", "3-fold", "3fold", "three-fold"]
            .iter()
            .any(|w| said.contains(w));
        let names_fifty = ["fifty", "50 move", "50-move", "50 moves"]
            .iter()
            .any(|w| said.contains(w));
        let named_any = names_repetition || names_fifty;
        let rules = self.options.rules;
        let repetition_rule = self
            .rules
            .repetition_claim
            .or(self.rules.repetition_automatic)
            .map(|r| r.rule.as_str());
        let fifty_rule = self
            .rules
            .quiet_claim
            .or(self.rules.quiet_automatic)
            .map(|r| r.rule.as_str());
        // After a checkmate there is nothing left to claim (the mate decides, art. 5.1.1).
        let mate = final_pos.is_check() && final_pos.legal_moves().is_empty();
        let threefold = self.claims.threefold.take().filter(|_| !mate);
        let fifty = self.claims.fifty.take().filter(|_| !mate);
        let (repetition_claim, quiet_claim) = (self.rules.repetition_claim, self.rules.quiet_claim);
        let cases = [
            (
                names_repetition,
                rules.repetition.then_some(repetition_rule).flatten(),
                threefold.map(|t| (threefold_words(final_pos, &t, repetition_claim), t.1, t.0)),
                "repetition",
            ),
            (
                names_fifty,
                rules.fifty.then_some(fifty_rule).flatten(),
                fifty.map(|f| (fifty_words(final_pos, &f, quiet_claim), f, Vec::new())),
                "the fifty-move rule",
            ),
        ];
        for (named, rule, available, what) in cases {
            let Some(rule) = rule else {
                continue;
            };
            let v = match available {
                Some((words, claim_move, occurrences)) if named || !named_any => {
                    let why = if named {
                        "as the record says"
                    } else {
                        "the record does not say how the draw came about"
                    };
                    Verdict {
                        claim_move,
                        occurrences,
                        ..Verdict::new(
                            code::CLAIM_SUPPORTED,
                            Severity::Info,
                            Some(rule),
                            self.ply,
                            format!("1/2-1/2 recorded, a valid claim at the end: {words} ({why})"),
                        )
                    }
                }
                None if named => Verdict::new(
                    code::CLAIM_UNSUPPORTED,
                    Severity::Error,
                    Some(rule),
                    self.ply,
                    format!(
                        "1/2-1/2 by {what} recorded, but no such claim was available at the end of the game"
                    ),
                ),
                _ => continue,
            };
            self.verdicts.push(Verdict {
                move_text: self.final_move(),
                line: place.0,
                col: place.1,
                fen: fen(final_pos),
                ..v
            });
        }
    }
}
