//! The audit of one game as a visitor of the walk: each main-line position is judged when the
//! walk reaches it (repetitions, the quiet-move rules, dead position, perpetual check, claims
//! available), then the record is judged at the end (the result against the position, the way
//! the game ended, draw claims named in the record): [`super::record`], [`super::claims`].

use std::ops::ControlFlow;

use shakmaty::{Chess, Move, Position};

use super::claims::{Claims, fifty_claim};
use super::dead::{dead_position, may_be_dead};
use super::repetition::Segment;
use super::{AuditOptions, RuleSet, code, laws_for, resignation_draws};
use crate::analysis::context::MainLine;
use crate::analysis::lexer::{Token, TokenKind};
use crate::analysis::notation::CheckMark;
use crate::analysis::tags;
use crate::analysis::text::{color_name as color_word, fen, pgn_move, tag_value};
use crate::analysis::walk::{End, Game, GameText, Played, Start, Stopped, Visitor};
use crate::model::{AuditReport, AuditStatus, GameInfo, Severity, Verdict};

/// An automatic end of the game found along the main line.
#[derive(Debug)]
pub(super) struct Ending {
    pub(super) ply: u32,
    pub(super) rule: &'static str,
    pub(super) occurrences: Vec<u32>,
    pub(super) why: String,
    /// What the verdict cites: `art. 9.6.1`, or the profile's rule.
    pub(super) source: String,
    /// The move that led to the position (PGN style), `None` at the start.
    pub(super) move_text: Option<String>,
    pub(super) fen: String,
    /// Line and column of that move (0, 0 at the start: the game's first line).
    pub(super) place: (u64, u64),
}

/// The place of a verdict about the final move, until it is located (see [`Auditor`]'s `end`).
const AT_THE_END: (u64, u64) = (u64::MAX, 0);

/// Why the replay of the main line stopped before its end.
#[derive(Debug)]
pub(super) struct Stop {
    pub(super) ply: u32,
    pub(super) code: crate::model::Code,
    pub(super) token: String,
    pub(super) message: String,
}

/// Checks given along the main line, by colour (perpetual check).
#[derive(Debug, Default)]
struct Checks {
    /// Checks in a row by each side (reset by its first move that gives none).
    in_row: [u32; 2],
    /// Checks each side has received.
    received: [u32; 2],
}

/// The auditor of one game: a visitor of the walk (main line only).
#[derive(Debug)]
pub struct Auditor {
    pub(super) options: AuditOptions,
    /// The rules of this game (its Laws are known once the tags are read).
    pub(super) rules: RuleSet,
    /// A resignation for a side that cannot checkmate is a draw (art. 5.1.2 since 2023:
    /// [`resignation_draws`]); before, only a loss on time was (art. 6.9).
    pub(super) resignation_draws: bool,
    /// Occurrences of a position worth counting ([`RuleSet::repetition_cap`]).
    cap: usize,
    /// Name the game (Event, White, Black) whether or not it has verdicts.
    names: bool,
    /// Draw claims are looked for (arts. 9.2, 9.3): false for [`Auditor::for_results`].
    pub(super) seeks_claims: bool,
    /// Repetitions are tracked: a repetition rule this auditor applies is in force
    /// ([`Auditor::tracks_repetitions`]).
    repeats: bool,
    /// The result the game ends with when the walk saw no termination marker, given by the
    /// caller (`arbiter fix` reads `1:0`, `+--` at the end of the main line as a result:
    /// [`Auditor::assume_result`]).
    assumed_result: Option<&'static str>,
    /// The result the game is judged as recorded with, whatever its marker and Result tag say
    /// ([`Auditor::judge_result`]).
    judged_result: Option<&'static str>,
    /// The Date the game is judged by, given by the caller ([`Auditor::assume_date`]).
    assumed_date: Option<String>,
    /// Why the game is not audited (unsupported variant, unusable FEN).
    skipped: Option<String>,
    /// Main-line moves played.
    pub(super) ply: u32,
    /// Positions are still judged (false once play went past an automatic end).
    pub(super) judging: bool,
    segment: Segment,
    pub(super) ending: Option<Ending>,
    /// Claims available: at the last position judged, and those `--missed` reports.
    pub(super) claims: Claims,
    /// The last main-line move (the position before it and the move), once the main line
    /// ended: `Some(None)` when no move was played. Written in PGN style (`38...Kg8`) only for
    /// the verdicts that show it ([`Auditor::final_move`]): SAN costs a move generation.
    pub(super) final_move: Option<Option<(Chess, Move)>>,
    /// Verdicts so far (their recorded result, profile and Laws are filled in at the end).
    pub(super) verdicts: Vec<Verdict>,
    pub(super) stop: Option<Stop>,
    /// Nesting depth of the token stream, for the final comment.
    depth: u32,
    /// The termination marker was read: later tokens do not count.
    marker_seen: bool,
    /// The last `{}` comment after the last main-line move (offset and length).
    pub(super) final_comment: Option<(usize, usize)>,
    checks: Checks,
    /// Offset in the game of the last main-line move played.
    last_at: Option<usize>,
    /// The main line, recorded for the HTML report ([`GameInfo::context`]).
    pub(super) main_line: Option<MainLine>,
}

impl Auditor {
    /// An auditor for one game (the Laws that apply are chosen from its Date tag, when
    /// `options.laws` says so).
    pub fn new(options: AuditOptions, names: bool) -> Auditor {
        let rules = RuleSet::new(options.profile, laws_for(options.laws, None));
        Auditor {
            options,
            rules,
            resignation_draws: !options.profile.follows_fide_laws()
                || resignation_draws(options.laws, None),
            cap: rules.repetition_cap(),
            names,
            seeks_claims: true,
            repeats: Self::tracks_repetitions(&options, &rules, true),
            assumed_result: None,
            judged_result: None,
            assumed_date: None,
            skipped: None,
            ply: 0,
            judging: true,
            segment: Segment::default(),
            ending: None,
            claims: Claims::default(),
            final_move: None,
            verdicts: Vec::new(),
            stop: None,
            depth: 0,
            marker_seen: false,
            final_comment: None,
            checks: Checks::default(),
            last_at: None,
            main_line: None,
        }
    }

    /// An auditor for the results the moves decide (`arbiter fix`): the verdicts that name the
    /// correct result (automatic ends, art. 9.6; checkmate, stalemate and dead positions, arts.
    /// 5.1.1, 5.2.1, 5.2.2; the profile's termination rules) are those of [`Auditor::new`], but
    /// no draw claim is looked for (arts. 9.2, 9.3: a claim never changes the result), so the
    /// verdicts about claims (`draw/claim-*`) are not given.
    pub fn for_results(options: AuditOptions) -> Auditor {
        let mut auditor = Auditor::new(options, false);
        auditor.seeks_claims = false;
        auditor.repeats = Self::tracks_repetitions(&options, &auditor.rules, false);
        auditor
    }

    /// Judges the game as ending with `result` (`1-0`, `0-1`, `1/2-1/2`, `*`) when it has no
    /// termination marker the walk reads: `arbiter fix` reads a result written in another form
    /// at the end of the main line (`1:0`, `+--`) and writes it in the standard one, so the
    /// verdicts must be those of the game as written out (a fivefold repetition then contradicts
    /// the `1:0` as it contradicts a `1-0`). The Result tag, when the game has one, still counts
    /// before it, as for a game with no marker.
    pub fn assume_result(&mut self, result: &'static str) {
        self.assumed_result = Some(result);
    }

    /// Judges the game as recorded with `result` (`1-0`, `0-1`, `1/2-1/2`, `*`) whatever its
    /// termination marker and Result tag say: `arbiter fix --result-from` settles a Result tag
    /// that disagrees with the marker, and the verdicts must be those of the result written out
    /// (or a second fix would decide again).
    pub fn judge_result(&mut self, result: &'static str) {
        self.judged_result = Some(result);
    }

    /// Judges the game by the Laws of `date` (a PGN date, `????.??.??` for none) rather than
    /// of its Date tag as written: `arbiter fix` writes a Date it repaired (`2022-12-31` →
    /// `2022.12.31`, `0000.00.00` → `????.??.??`), and the results it decides must be those
    /// of the game as written out, or a second fix would decide again.
    pub fn assume_date(&mut self, date: String) {
        self.assumed_date = Some(date);
    }

    /// Whether positions must be remembered for a repetition rule: one applied (`--rules`)
    /// and in force under `rules` — the claim (art. 9.2) when `claims` are looked for, the
    /// automatic draw (art. 9.6.1).
    fn tracks_repetitions(options: &AuditOptions, rules: &RuleSet, claims: bool) -> bool {
        options.rules.repetition
            && (claims && rules.repetition_claim.is_some() || rules.repetition_automatic.is_some())
    }

    /// Judges `pos`, the position at `self.ply`, reached by the move `moved` (from the position
    /// before it) written at offset `at`, which gave check or not; whether it is the final
    /// position is known only at the end.
    fn judge(
        &mut self,
        game: &mut Game<'_>,
        pos: &Chess,
        moved: Option<(&Chess, Move)>,
        at: Option<usize>,
        gives_check: bool,
    ) {
        let ply = self.ply;
        if self.ending.as_ref().is_some_and(|e| ply > e.ply) {
            // The game ended automatically: later moves are void, and walking on would only
            // cost time (hostile games repeat a position thousands of times).
            self.judging = false;
            return;
        }
        let count = if self.repeats {
            self.segment.push(pos, ply, self.cap)
        } else {
            1
        };
        let perpetual = moved.is_some() && self.count_check(pos, gives_check);
        if count == 1 && !perpetual && self.nothing_to_judge(pos) {
            // Most positions: no repetition, no quiet-move count near a rule's, material that
            // cannot be dead, no claim to look for. The same as the general path finds.
            self.no_claims();
            return;
        }
        self.judge_further(game, pos, moved, at, count, perpetual);
    }

    /// [`Auditor::judge`] for a position that may end the game or give a claim: seen `count`
    /// times (up to the cap), ending a perpetual check or not. Kept apart so that the common
    /// path stays short.
    #[inline(never)]
    fn judge_further(
        &mut self,
        game: &mut Game<'_>,
        pos: &Chess,
        moved: Option<(&Chess, Move)>,
        at: Option<usize>,
        count: usize,
        perpetual: bool,
    ) {
        let rules = self.options.rules;
        let ply = self.ply;
        let repetition = self.repeats;
        let occurrences = if count > 1 {
            self.segment.occurrences(ply, self.cap)
        } else {
            Vec::new()
        };
        let claim = match self.seeks_claims {
            true => self.rules.repetition_claim.map(|r| r.occurrences as usize),
            false => None,
        };
        if claim == Some(count + 1) {
            // Seen once less than a claim needs: a target of an "about to appear" claim (a
            // profile's twofold claim makes every first occurrence one).
            let first = occurrences.first().copied().unwrap_or(ply);
            self.segment.repeated_twice(pos, first);
        }
        if self.ending.is_none()
            && let Some(ending) =
                self.automatic_end(game, pos, moved, at, count, &occurrences, perpetual)
        {
            self.ending = Some(ending);
        }
        // Claims available to the player to move here.
        let threefold = match claim {
            Some(claim) if repetition && count >= claim => Some((occurrences, None)),
            Some(claim) if repetition && self.segment.has_targets(pos) => self
                .segment
                .about_to_repeat(pos, claim, self.cap)
                .map(|(m, occ)| (occ, Some(m))),
            _ => None,
        };
        let fifty = match self.rules.quiet_claim {
            Some(q) if rules.fifty && self.seeks_claims => fifty_claim(pos, 2 * q.moves),
            _ => None,
        };
        if !self.seeks_claims {
            self.no_claims();
            return;
        }
        let live = self.ending.is_none();
        self.record_claims(game, pos, moved, at, threefold, fifty, live);
    }

    /// Whether `pos`, seen for the first time in its segment and not ending a perpetual check,
    /// can neither end the game automatically nor give a claim: its quiet-move count is short of
    /// every rule's (art. 9.3, 9.6.2), its material cannot be dead (art. 5.2.2) and no position
    /// seen twice waits for a written move to repeat it (art. 9.2.1.1).
    #[inline]
    fn nothing_to_judge(&self, pos: &Chess) -> bool {
        let rules = self.options.rules;
        let halfmoves = pos.halfmoves();
        let quiet = |rule: Option<&super::QuietRule>, margin: u32| {
            rule.is_none_or(|q| !rules.fifty || halfmoves + margin < 2 * q.moves)
        };
        quiet(self.rules.quiet_automatic, 0)
            && (!self.seeks_claims || quiet(self.rules.quiet_claim, 1))
            && !(rules.dead && self.options.profile.dead_position && may_be_dead(pos))
            && !(self.seeks_claims
                && rules.repetition
                && self.rules.repetition_claim.is_some_and(|r| {
                    // A twofold claim: every position is a target once seen.
                    r.occurrences <= 2 || self.segment.has_targets(pos)
                }))
    }

    /// Counts the check `pos` stands in (given by the move that reached it); true when a
    /// perpetual-check rule of the profile is met there.
    fn count_check(&mut self, pos: &Chess, gives_check: bool) -> bool {
        let Some(rule) = &self.options.profile.perpetual_check else {
            return false;
        };
        let mover = (!pos.turn()) as usize;
        if !gives_check {
            self.checks.in_row[mover] = 0;
            return false;
        }
        self.checks.in_row[mover] += 1;
        self.checks.received[1 - mover] += 1;
        self.options.rules.perpetual
            && (rule
                .consecutive
                .is_some_and(|n| self.checks.in_row[mover] >= n)
                || rule
                    .received
                    .is_some_and(|n| self.checks.received[1 - mover] >= n))
    }

    /// What a verdict cites for `rule`: the article of the Laws when the profile follows them
    /// and `rule` is the Laws' own (`fide_name`), else the profile's rule.
    pub(super) fn cite(&self, rule: &str, fide_name: &str, article: &str) -> String {
        if self.rules.laws.is_some() && rule == fide_name {
            format!("art. {article}")
        } else {
            format!("rule {rule} of profile {}", self.options.profile.name)
        }
    }

    /// Line and column of the move at offset `at` (0, 0 for none: filled in at the end).
    fn place(game: &mut Game<'_>, at: Option<usize>) -> (u64, u64) {
        at.map_or((0, 0), |at| game.locate(at))
    }

    /// The automatic end of the game at the position just judged, if any (the first one
    /// counts).
    #[allow(clippy::too_many_arguments)]
    fn automatic_end(
        &self,
        game: &mut Game<'_>,
        pos: &Chess,
        moved: Option<(&Chess, Move)>,
        at: Option<usize>,
        count: usize,
        occurrences: &[u32],
        perpetual: bool,
    ) -> Option<Ending> {
        let rules = self.options.rules;
        let note = self.laws_note();
        let (rule, occurrences, why, source) = if let Some(r) = self.rules.repetition_automatic
            && rules.repetition
            && count >= r.occurrences as usize
        {
            (
                r.rule.as_str(),
                occurrences.to_vec(),
                format!(
                    "the position occurred for the {} time (plies {})",
                    ordinal(occurrences.len()),
                    list(occurrences)
                ),
                self.cite(&r.rule, "fivefold", "9.6.1") + note,
            )
        } else if let Some(q) = self.rules.quiet_automatic
            && rules.fifty
            && pos.halfmoves() >= 2 * q.moves
            // Checkmate by the move that completed them takes precedence (art. 9.6.2); a
            // stalemate is reported as such.
            && !pos.legal_moves().is_empty()
        {
            (
                q.rule.as_str(),
                Vec::new(),
                format!(
                    "{} plies had passed without a pawn move or capture",
                    pos.halfmoves()
                ),
                self.cite(&q.rule, "seventy-five-move", "9.6.2") + note,
            )
        } else if rules.dead
            && self.options.profile.dead_position
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
                self.cite(rule, rule, "5.2.2"),
            )
        } else if perpetual && !pos.legal_moves().is_empty() {
            let rule = self.options.profile.perpetual_check.as_ref()?;
            let mover = !pos.turn();
            (
                rule.rule.as_str(),
                Vec::new(),
                format!(
                    "{} gave check {} times in a row and {} has received {} checks without being checkmated",
                    color_word(mover),
                    self.checks.in_row[mover as usize],
                    color_word(pos.turn()),
                    self.checks.received[pos.turn() as usize]
                ),
                self.cite(&rule.rule, "", ""),
            )
        } else {
            return None;
        };
        Some(Ending {
            ply: self.ply,
            rule,
            occurrences,
            why,
            source,
            move_text: moved.map(|(b, m)| pgn_move(b, m)),
            fen: fen(pos),
            place: Self::place(game, at),
        })
    }

    /// What a verdict of an automatic draw by the Laws adds when the game's date is unknown.
    fn laws_note(&self) -> &'static str {
        match self.rules.laws {
            Some((super::Laws::Current, super::LawsBasis::NoDate)) => {
                " (the game has no usable date: judged by the current Laws)"
            }
            _ => "",
        }
    }

    /// Stalemate ends the game at its final position (art. 5.2.1).
    fn stalemate(&self, pos: &Chess) -> Option<Ending> {
        let on = self.options.rules.stalemate && self.options.profile.stalemate;
        (on && crate::analysis::resolve::is_stalemate(pos)).then(|| Ending {
            ply: self.ply,
            rule: "stalemate",
            occurrences: Vec::new(),
            why: format!("{} was stalemated", color_word(pos.turn())),
            source: "art. 5.2.1".to_owned(),
            move_text: self.final_move(),
            fen: fen(pos),
            place: (0, 0),
        })
    }

    /// The last main-line move in PGN style, `None` when no move was played.
    pub(super) fn final_move(&self) -> Option<String> {
        match &self.final_move {
            Some(Some((before, m))) => Some(pgn_move(before, *m)),
            _ => None,
        }
    }
}

impl<'g> Visitor<'g> for Auditor {
    type Output = AuditReport;

    fn tags(&mut self, game: &mut Game<'g>) -> ControlFlow<()> {
        if self.options.profile.follows_fide_laws() {
            let date = match self.assumed_date.take() {
                Some(date) => Some(date),
                None => game.tags.value("Date"),
            };
            let laws = laws_for(self.options.laws, date.as_deref());
            self.resignation_draws = resignation_draws(self.options.laws, date.as_deref());
            self.rules = RuleSet::new(self.options.profile, laws);
            self.repeats = Self::tracks_repetitions(&self.options, &self.rules, self.seeks_claims);
        }
        ControlFlow::Continue(())
    }

    fn start(&mut self, game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        match start {
            Start::Position { pos, .. } => self.judge(game, pos, None, None, false),
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
    fn played(&mut self, game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        if m.depth > 0 {
            return ControlFlow::Continue(());
        }
        if let Some(main_line) = &mut self.main_line {
            main_line.played(m);
        }
        self.ply += 1;
        self.last_at = Some(m.at);
        if self.judging {
            let before = m
                .before
                .expect("the auditor keeps the positions before moves");
            if self.repeats {
                self.segment
                    .advance(before, m.resolved.m, m.after, self.ply);
            }
            let check = m.mark != CheckMark::None;
            self.judge(
                game,
                m.after,
                Some((before, m.resolved.m)),
                Some(m.at),
                check,
            );
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
            self.final_move = Some(s.previous.map(|(b, m)| (b.clone(), m)));
        }
        ControlFlow::Continue(())
    }

    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> AuditReport {
        // Where the game's first non-blank byte stands (a glued game starts mid-line).
        let start = (game.first_offset() - game.text.offset) as usize;
        let (first_line, first_col) = game.locate(start);
        let mut info = GameInfo {
            index: game.text.index,
            offset: game.first_offset(),
            line: first_line,
            result: end.result.map(|t| tags::decode(t.text)),
            plies: self.ply,
            ..GameInfo::default()
        };
        let assumed = self.assumed_result.take();
        let recorded = match self.judged_result.take() {
            Some(judged) => Some(judged.to_owned()),
            // One reading of the recorded result for check and audit (`analysis::result`).
            None => crate::analysis::result::recorded(end.result.as_ref(), &game.tags)
                .map(|r| r.marker)
                .or(assumed)
                .map(str::to_owned),
        };
        let status = match self.skipped.take() {
            Some(why) => {
                self.verdicts
                    .push(Verdict::new(code::SKIPPED, Severity::Info, None, 0, why));
                AuditStatus::Skipped
            }
            None => {
                let Some(main) = &end.main else {
                    unreachable!("a game that is not skipped has a main line")
                };
                let moved = main.before.zip(main.last);
                if self.final_move.is_none() {
                    self.final_move = Some(moved.map(|(b, m)| (b.clone(), m)));
                }
                // Where the final move stands is found only for the verdicts that need it:
                // locating it scans the game's text.
                let final_place = AT_THE_END;
                if self.judging {
                    // The final position: the game is over, no claim is "missed" there.
                    self.drop_final_claims();
                    if self.ending.is_none() {
                        self.ending = self.stalemate(main.pos);
                        if let Some(e) = &mut self.ending {
                            e.place = final_place;
                        }
                    }
                }
                self.finish_missed();
                self.record_verdicts(game, main.pos, recorded.as_deref(), final_place);
                if self.verdicts.iter().any(|v| (v.line, v.col) == AT_THE_END) {
                    let place = Self::place(game, self.last_at);
                    for v in &mut self.verdicts {
                        if (v.line, v.col) == AT_THE_END {
                            (v.line, v.col) = place;
                        }
                    }
                }
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
        let audited = status != AuditStatus::Skipped;
        let laws = self.rules.laws.filter(|_| audited);
        for v in &mut self.verdicts {
            v.recorded_result = recorded.clone();
            v.profile = self.options.profile.name.as_str();
            v.laws = laws.map(|(l, _)| l.as_str());
            v.laws_basis = laws.map(|(_, b)| b.as_str());
            if v.line == 0 {
                (v.line, v.col) = (first_line, first_col);
            }
        }
        if self.names || !self.verdicts.is_empty() {
            let name = |tag: &str| game.tags.get(tag).map(|t| tag_value(t.raw));
            info.event = name("Event");
            info.white = name("White");
            info.black = name("Black");
        }
        if let Some(main_line) = &mut self.main_line
            && !self.verdicts.is_empty()
        {
            info.context = Some(main_line.finish(&game.tags));
        }
        AuditReport {
            info,
            verdicts: std::mem::take(&mut self.verdicts),
            status,
        }
    }

    fn panicked(&mut self, text: &GameText<'g>) -> AuditReport {
        let v = Verdict {
            line: text.line,
            col: text.col,
            profile: self.options.profile.name.as_str(),
            ..Verdict::new(
                code::SKIPPED,
                Severity::Info,
                None,
                0,
                "skipped: internal error while auditing this game (please report it)".to_owned(),
            )
        };
        AuditReport {
            info: GameInfo {
                index: text.index,
                offset: text.offset,
                line: text.line,
                ..GameInfo::default()
            },
            verdicts: vec![v],
            status: AuditStatus::Skipped,
        }
    }
}

pub(super) fn ordinal(n: usize) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        _ => format!("{n}th"),
    }
}

pub(super) fn list(plies: &[u32]) -> String {
    plies
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
