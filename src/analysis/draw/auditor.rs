//! The audit of one game as a visitor of the walk: each main-line position is judged when the
//! walk reaches it (repetitions, the fifty- and seventy-five-move rules, dead position,
//! stalemate, claims available), then the record is judged at the end (the result against the
//! position, draw claims named in the record).

use std::ops::ControlFlow;

use shakmaty::{Chess, Color, KnownOutcome, Move, Outcome, Position};

use super::dead::{dead_position, material};
use super::repetition::Segment;
use super::{AuditOptions, RuleSet, code};
use crate::analysis::lexer::{Token, TokenKind};
use crate::analysis::tags;
use crate::analysis::text::{color_name as color_word, fen, pgn_move, tag_value};
use crate::analysis::walk::{End, Game, GameText, Played, Start, Stopped, Visitor};
use crate::model::{AuditReport, AuditStatus, Code, GameInfo, Severity, Verdict};

/// An automatic end of the game found along the main line.
#[derive(Debug)]
struct Ending {
    ply: u32,
    rule: &'static str,
    occurrences: Vec<u32>,
    why: String,
    article: &'static str,
    /// The move that led to the position (PGN style), `None` at the start.
    move_text: Option<String>,
    fen: String,
}

/// Why the replay of the main line stopped before its end.
#[derive(Debug)]
struct Stop {
    ply: u32,
    code: Code,
    token: String,
    message: String,
}

/// The auditor of one game: a visitor of the walk (main line only).
#[derive(Debug)]
pub struct Auditor {
    options: AuditOptions,
    rules: RuleSet,
    /// Name the game (Event, White, Black) whether or not it has verdicts.
    names: bool,
    /// Why the game is not audited (unsupported variant, unusable FEN).
    skipped: Option<String>,
    /// Main-line moves played.
    ply: u32,
    /// Positions are still judged (false once play went past an automatic end).
    judging: bool,
    segment: Segment,
    ending: Option<Ending>,
    /// Whether a threefold or fifty-move claim was available at the last position judged.
    last_claims: (bool, bool),
    /// Where the `--missed` claims of the last position judged start in `verdicts` (they are
    /// dropped when that position turns out to be the final one: the game is over there).
    last_claims_at: usize,
    /// The last main-line move in PGN style (`38...Kg8`), once the main line ended.
    final_move: Option<Option<String>>,
    /// Verdicts so far (their recorded result is filled in at the end).
    verdicts: Vec<Verdict>,
    stop: Option<Stop>,
    /// Nesting depth of the token stream, for the final comment.
    depth: u32,
    /// The termination marker was read: later tokens do not count.
    marker_seen: bool,
    /// The last `{}` comment after the last main-line move (offset and length).
    final_comment: Option<(usize, usize)>,
}

impl Auditor {
    /// An auditor for one game.
    pub fn new(options: AuditOptions, rules: RuleSet, names: bool) -> Auditor {
        Auditor {
            options,
            rules,
            names,
            skipped: None,
            ply: 0,
            judging: true,
            segment: Segment::default(),
            ending: None,
            last_claims: (false, false),
            last_claims_at: 0,
            final_move: None,
            verdicts: Vec::new(),
            stop: None,
            depth: 0,
            marker_seen: false,
            final_comment: None,
        }
    }

    /// Judges `pos`, the position at `self.ply`, reached by the move `moved` (from the position
    /// before it); whether it is the final position is known only at the end.
    fn judge(&mut self, pos: &Chess, moved: Option<(&Chess, Move)>) {
        let ply = self.ply;
        if self.ending.as_ref().is_some_and(|e| ply > e.ply) {
            // The game ended automatically: later moves are void, and walking on would only
            // cost time (hostile games repeat a position thousands of times).
            self.judging = false;
            return;
        }
        let rules = self.options.rules;
        let mut count = 1usize;
        if rules.repetition {
            count = self.segment.push(pos, ply);
        }
        let occurrences = if count > 1 {
            self.segment.occurrences(ply)
        } else {
            Vec::new()
        };
        if count == 2 {
            self.segment.repeated_twice(pos, occurrences[0]);
        }
        if self.ending.is_none() {
            self.ending = self.automatic_end(pos, moved, count, &occurrences);
        }
        // Claims available to the player to move here.
        let threefold = if !rules.repetition {
            None
        } else if count >= self.rules.claimable_repetitions {
            Some((occurrences, None))
        } else if self.segment.has_targets(pos) {
            self.segment
                .about_to_repeat(pos, &self.rules)
                .map(|(m, occ)| (occ, Some(m)))
        } else {
            None
        };
        let fifty = if rules.fifty {
            fifty_claim(pos, &self.rules)
        } else {
            None
        };
        self.last_claims = (threefold.is_some(), fifty.is_some());
        self.last_claims_at = self.verdicts.len();
        if self.ending.is_none() && self.options.missed {
            // Claims only while the game is on: not at or after an automatic end.
            self.claims(pos, moved, threefold, fifty);
        }
    }

    /// The automatic end of the game at the position just judged, if any (the first one
    /// counts).
    fn automatic_end(
        &self,
        pos: &Chess,
        moved: Option<(&Chess, Move)>,
        count: usize,
        occurrences: &[u32],
    ) -> Option<Ending> {
        let rules = self.options.rules;
        let (rule, occurrences, why, article) =
            if rules.repetition && count >= self.rules.automatic_repetitions {
                (
                    "fivefold",
                    occurrences.to_vec(),
                    format!(
                        "the position occurred for the {} time (plies {})",
                        ordinal(occurrences.len()),
                        list(occurrences)
                    ),
                    "9.6.1",
                )
            } else if rules.fifty
            && pos.halfmoves() >= self.rules.automatic_quiet_plies
            // Checkmate by the move that completed them takes precedence (art. 9.6.2); a
            // stalemate is reported as such.
            && !pos.legal_moves().is_empty()
            {
                (
                    "seventy-five-move",
                    Vec::new(),
                    format!(
                        "{} plies had passed without a pawn move or capture",
                        pos.halfmoves()
                    ),
                    "9.6.2",
                )
            } else if rules.dead
                && let Some(reason) = dead_position(pos)
            {
                let rule = if pos.is_insufficient_material() {
                    "insufficient-material"
                } else {
                    "dead-position"
                };
                (
                    rule,
                    Vec::new(),
                    format!("the position was dead: {reason}"),
                    "5.2.2",
                )
            } else {
                return None;
            };
        Some(Ending {
            ply: self.ply,
            rule,
            occurrences,
            why,
            article,
            move_text: moved.map(|(b, m)| pgn_move(b, m)),
            fen: fen(pos),
        })
    }

    /// Stalemate ends the game at its final position (art. 5.2.1).
    fn stalemate(&self, pos: &Chess, move_text: Option<String>) -> Option<Ending> {
        (self.options.rules.stalemate && crate::analysis::resolve::is_stalemate(pos)).then(|| {
            Ending {
                ply: self.ply,
                rule: "stalemate",
                occurrences: Vec::new(),
                why: format!("{} was stalemated", color_word(pos.turn())),
                article: "5.2.1",
                move_text,
                fen: fen(pos),
            }
        })
    }

    /// `draw/claim-available` verdicts at the position just judged (`--missed`).
    fn claims(
        &mut self,
        pos: &Chess,
        moved: Option<(&Chess, Move)>,
        threefold: Option<(Vec<u32>, Option<String>)>,
        fifty: Option<Option<String>>,
    ) {
        let move_text = || moved.map(|(b, m)| pgn_move(b, m));
        let side = color_word(pos.turn());
        if let Some((occ, claim_move)) = threefold {
            let message = match &claim_move {
                None => format!(
                    "{side} could claim a draw by threefold repetition (art. 9.2.1): the position occurred at plies {}",
                    list(&occ)
                ),
                Some(m) => format!(
                    "{side} could claim a draw by writing {m}: the position after it would occur for the third time (art. 9.2.1.1; earlier at plies {})",
                    list(&occ)
                ),
            };
            let v = Verdict {
                move_text: move_text(),
                claim_move,
                occurrences: occ,
                fen: fen(pos),
                ..verdict(
                    code::CLAIM_AVAILABLE,
                    Severity::Info,
                    Some("threefold"),
                    self.ply,
                    message,
                )
            };
            self.verdicts.push(v);
        }
        if let Some(claim_move) = fifty {
            let message = match &claim_move {
                None => format!(
                    "{side} could claim a draw by the fifty-move rule (art. 9.3.2): {} plies without a pawn move or capture",
                    pos.halfmoves()
                ),
                Some(m) => format!(
                    "{side} could claim a draw by writing {m}, completing 50 moves without a pawn move or capture (art. 9.3.1)"
                ),
            };
            let v = Verdict {
                move_text: move_text(),
                claim_move,
                fen: fen(pos),
                ..verdict(
                    code::CLAIM_AVAILABLE,
                    Severity::Info,
                    Some("fifty-move"),
                    self.ply,
                    message,
                )
            };
            self.verdicts.push(v);
        }
    }
}

impl<'g> Visitor<'g> for Auditor {
    type Output = AuditReport;

    fn start(&mut self, _game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        match start {
            Start::Position { pos, .. } => self.judge(pos, None),
            Start::BadFen { problem } => {
                self.skipped = Some(format!(
                    "skipped: the FEN tag gives no position to play from: {}",
                    problem.message
                ));
            }
            Start::Unsupported { variant } => {
                self.skipped = Some(format!("skipped: unsupported variant {variant}"));
            }
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn token(&mut self, _game: &mut Game<'g>, token: &Token<'g>) {
        if self.marker_seen {
            return;
        }
        match token.kind {
            TokenKind::Open => self.depth += 1,
            TokenKind::Close => self.depth = self.depth.saturating_sub(1),
            _ if self.depth > 0 => {}
            TokenKind::Result => self.marker_seen = true,
            TokenKind::Comment => self.final_comment = Some((token.start, token.text.len())),
            TokenKind::Move => self.final_comment = None,
            _ => {}
        }
    }

    #[inline(always)]
    fn played(&mut self, _game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        if m.depth > 0 {
            return ControlFlow::Continue(());
        }
        self.ply += 1;
        if self.judging {
            let before = m
                .before
                .expect("the auditor keeps the positions before moves");
            self.segment
                .advance(before, m.resolved.m, m.after, self.ply);
            self.judge(m.after, Some((before, m.resolved.m)));
        }
        ControlFlow::Continue(())
    }

    fn stopped(&mut self, _game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        if s.depth == 0 {
            self.stop = Some(Stop {
                ply: s.ply,
                code: s.code,
                token: tags::decode_bounded(s.token.text, 80),
                message: s.reason.to_owned(),
            });
            self.final_move = Some(s.previous.map(|(b, m)| pgn_move(b, m)));
        }
        ControlFlow::Continue(())
    }

    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> AuditReport {
        let mut info = GameInfo {
            index: game.text.index,
            offset: game.first_offset(),
            line: game.first_line(),
            result: end.result.map(|t| tags::decode(t.text)),
            plies: self.ply,
            ..GameInfo::default()
        };
        let recorded = info.result.clone().or_else(|| game.tags.value("Result"));
        let status = match self.skipped.take() {
            Some(why) => {
                self.verdicts
                    .push(verdict(code::SKIPPED, Severity::Info, None, 0, why));
                AuditStatus::Skipped
            }
            None => {
                let Some(main) = &end.main else {
                    unreachable!("a game that is not skipped has a main line")
                };
                let moved = main.before.zip(main.last);
                if self.final_move.is_none() {
                    self.final_move = Some(moved.map(|(b, m)| pgn_move(b, m)));
                }
                if self.judging {
                    // The final position: the game is over, no claim is "missed" there.
                    self.verdicts.truncate(self.last_claims_at);
                    if self.ending.is_none() {
                        self.ending = self.stalemate(main.pos, self.final_move());
                    }
                }
                self.record_verdicts(game, main.pos, recorded.as_deref());
                self.verdicts.sort_by_key(|v| v.ply);
                if self.verdicts.iter().any(|v| v.severity == Severity::Error) {
                    AuditStatus::Verdict
                } else if self.stop.is_some() {
                    AuditStatus::Incomplete
                } else {
                    AuditStatus::Ok
                }
            }
        };
        for v in &mut self.verdicts {
            v.recorded_result = recorded.clone();
        }
        if self.names || !self.verdicts.is_empty() {
            let name = |tag: &str| game.tags.get(tag).map(|t| tag_value(t.raw));
            info.event = name("Event");
            info.white = name("White");
            info.black = name("Black");
        }
        AuditReport {
            info,
            verdicts: std::mem::take(&mut self.verdicts),
            status,
        }
    }

    fn panicked(&mut self, text: &GameText<'g>) -> AuditReport {
        AuditReport {
            info: GameInfo {
                index: text.index,
                offset: text.offset,
                line: text.line,
                ..GameInfo::default()
            },
            verdicts: vec![verdict(
                code::SKIPPED,
                Severity::Info,
                None,
                0,
                "skipped: internal error while auditing this game (please report it)".to_owned(),
            )],
            status: AuditStatus::Skipped,
        }
    }
}

impl Auditor {
    /// The last main-line move in PGN style, `None` when no move was played.
    fn final_move(&self) -> Option<String> {
        self.final_move.clone().flatten()
    }

    /// The verdicts about the record, once the moves are judged: automatic ends the game went
    /// past, the result against the final position, draw claims named in the record, and an
    /// audit cut short by an illegal move.
    fn record_verdicts(&mut self, game: &Game<'_>, final_pos: &Chess, recorded: Option<&str>) {
        let n = self.ply;
        let stopped_after_end = self
            .stop
            .as_ref()
            .is_some_and(|s| s.code == crate::analysis::resolve::code::AFTER_GAME_END);
        if let Some(end) = self.ending.take() {
            self.ending_verdicts(&end, recorded, stopped_after_end);
            self.ending = Some(end);
        } else if self.stop.is_none() || stopped_after_end {
            self.result_against_position(final_pos, recorded);
        }
        if recorded == Some("1/2-1/2") && self.ending.is_none() && self.stop.is_none() {
            self.claims_named(game, final_pos);
        }
        if let Some(stop) = &self.stop {
            let message = format!(
                "audited up to ply {n}: the move {} at ply {} cannot be played ({})",
                stop.token, stop.ply, stop.message
            );
            let v = Verdict {
                move_text: self.final_move(),
                fen: fen(final_pos),
                ..verdict(code::INCOMPLETE, Severity::Info, None, n, message)
            };
            self.verdicts.push(v);
        }
    }

    /// An automatic end the game went past, or that contradicts a decisive result.
    fn ending_verdicts(&mut self, end: &Ending, recorded: Option<&str>, stopped_after_end: bool) {
        let n = self.ply;
        let went_on = end.ply < n || stopped_after_end;
        let decisive = matches!(recorded, Some("1-0" | "0-1"));
        let after = match &end.move_text {
            Some(m) => format!("after {m}"),
            None => "at the start".to_owned(),
        };
        if went_on {
            let more = if stopped_after_end && end.ply == n {
                "moves were still written after it".to_owned()
            } else if n - end.ply == 1 {
                "1 more ply was played".to_owned()
            } else {
                format!("{} more plies were played", n - end.ply)
            };
            self.verdicts.push(Verdict {
                move_text: end.move_text.clone(),
                occurrences: end.occurrences.clone(),
                fen: end.fen.clone(),
                correct_result: Some("1/2-1/2"),
                ..verdict(
                    code::AUTOMATIC_IGNORED,
                    Severity::Error,
                    Some(end.rule),
                    end.ply,
                    format!(
                        "the game ended {after}: {}, drawn by art. {}; {more}, void",
                        end.why, end.article
                    ),
                )
            });
        }
        if decisive {
            self.verdicts.push(Verdict {
                move_text: end.move_text.clone(),
                occurrences: end.occurrences.clone(),
                fen: end.fen.clone(),
                correct_result: Some("1/2-1/2"),
                ..verdict(
                    code::CONTRADICTED,
                    Severity::Error,
                    Some(end.rule),
                    end.ply,
                    format!(
                        "{} recorded, but {after} {}: drawn by art. {}",
                        recorded.unwrap_or("?"),
                        end.why,
                        end.article
                    ),
                )
            });
        }
    }

    /// The recorded result against the final position (after a checkmate, moves written later
    /// are void: the mate decides, art. 5.1.1).
    fn result_against_position(&mut self, final_pos: &Chess, recorded: Option<&str>) {
        // Only a checkmate (which needs a check) matters here: skip the move generation
        // otherwise.
        let outcome = if final_pos.is_check() {
            final_pos.outcome()
        } else {
            Outcome::Unknown
        };
        let contradiction = match (outcome, recorded) {
            (Outcome::Known(KnownOutcome::Decisive { winner }), Some(r)) if r != "*" => {
                let correct = if winner == Color::White { "1-0" } else { "0-1" };
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
            (_, Some(r @ ("1-0" | "0-1"))) if self.options.rules.dead => {
                let winner = if r == "1-0" {
                    Color::White
                } else {
                    Color::Black
                };
                final_pos.has_insufficient_material(winner).then(|| {
                    (
                        "insufficient-material",
                        "1/2-1/2",
                        format!(
                            "{r} recorded, but {} cannot checkmate by any sequence of legal moves ({}): a loss on resignation or time is a draw (art. 5.1.2, 6.9)",
                            color_word(winner),
                            material(final_pos)
                        ),
                    )
                })
            }
            _ => None,
        };
        if let Some((rule, correct, message)) = contradiction {
            let v = Verdict {
                move_text: self.final_move(),
                fen: fen(final_pos),
                correct_result: Some(correct),
                ..verdict(
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

    /// A draw by repetition or fifty moves named in the Termination tag or in a final comment
    /// that reports a claim, when no such claim was available at the end.
    fn claims_named(&mut self, game: &Game<'_>, final_pos: &Chess) {
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
        let rules = self.options.rules;
        let (threefold, fifty) = self.last_claims;
        for (named, applies, available, rule, what) in [
            (
                names_repetition,
                rules.repetition,
                threefold,
                "threefold",
                "repetition",
            ),
            (
                names_fifty,
                rules.fifty,
                fifty,
                "fifty-move",
                "the fifty-move rule",
            ),
        ] {
            if named && applies && !available {
                let v = Verdict {
                    move_text: self.final_move(),
                    fen: fen(final_pos),
                    ..verdict(
                        code::CLAIM_UNSUPPORTED,
                        Severity::Error,
                        Some(rule),
                        self.ply,
                        format!(
                            "1/2-1/2 by {what} recorded, but no such claim was available at the end of the game"
                        ),
                    )
                };
                self.verdicts.push(v);
            }
        }
    }
}

/// Whether a final comment reports how the game ended: it names a claim, or it begins with
/// the draw ("Draw by repetition", "drawn by the fifty-move rule", "1/2 by repetition").
fn reports_the_end(comment: &str) -> bool {
    let c = comment
        .trim_start_matches(|ch: char| !ch.is_alphanumeric())
        .to_lowercase();
    c.contains("claim") || ["draw", "1/2", "½"].iter().any(|w| c.starts_with(w))
}

/// A fifty-move claim available to the player to move (art. 9.3): `Some(None)` when 100 quiet
/// plies are complete, `Some(Some(move))` when a written move would complete them (a move that
/// gives mate or stalemate counts too).
fn fifty_claim(pos: &Chess, rules: &RuleSet) -> Option<Option<String>> {
    if pos.halfmoves() >= rules.claimable_quiet_plies {
        return Some(None);
    }
    if pos.halfmoves() + 1 == rules.claimable_quiet_plies {
        let m = pos.legal_moves().into_iter().find(|m| !m.is_zeroing())?;
        return Some(Some(
            shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string(),
        ));
    }
    None
}

/// A verdict at `ply` with no claim move, no occurrences, no FEN and no correct result (the
/// recorded result is set at the end); callers set the fields that apply with struct update
/// syntax.
fn verdict(
    code: Code,
    severity: Severity,
    rule: Option<&'static str>,
    ply: u32,
    message: String,
) -> Verdict {
    Verdict {
        code,
        severity,
        rule,
        ply,
        move_text: None,
        claim_move: None,
        occurrences: Vec::new(),
        fen: String::new(),
        recorded_result: None,
        correct_result: None,
        message,
    }
}

fn ordinal(n: usize) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        _ => format!("{n}th"),
    }
}

fn list(plies: &[u32]) -> String {
    plies
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
