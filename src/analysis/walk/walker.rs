//! The walk over a movetext: a stack of lines (the main line at the bottom), the replay of each
//! move, and the structural problems met on the way.

use std::ops::ControlFlow;

use shakmaty::{Chess, FromSetup, Move, Position};

use super::problem::{self, Problem, ProblemKind};
use super::{
    End, Game, LineView, MAX_VARIATION_DEPTH, MoveNumber, Opened, Passed, Played, Stopped, Visitor,
    Work,
};
use crate::analysis::lexer::{Lexer, Token, TokenKind};
use crate::analysis::notation::{CheckMark, MoveKind, parse_move};
use crate::analysis::resolve::{CastlingHistory, Resolved, resolve_in};
use crate::bytes::is_termination_marker;
use crate::model::Code;

/// A line of play being replayed: the main line or a variation.
#[derive(Debug)]
pub(super) struct Frame {
    pub(super) pos: Chess,
    pub(super) before: Option<Chess>,
    /// The legal move from `before` to `pos` (`None` when `before` is where a move failed).
    pub(super) last: Option<Move>,
    pub(super) ply: u32,
    pub(super) dead: bool,
    pub(super) open: usize,
    pub(super) history: CastlingHistory,
    /// `pos.is_check()`, when known.
    pub(super) in_check: Option<bool>,
}

impl Frame {
    pub(super) fn view(&self, depth: usize) -> LineView<'_> {
        LineView {
            depth,
            pos: &self.pos,
            before: self.before.as_ref(),
            ply: self.ply,
            dead: self.dead,
            last: self.last,
        }
    }
}

/// The state of the walk over the movetext: a stack of lines (main line at the bottom).
pub(super) struct Walker<'g> {
    pub(super) stack: Vec<Frame>,
    /// A move number waiting for its move.
    pub(super) number: Option<MoveNumber>,
    /// The termination marker, once seen.
    pub(super) result: Option<Token<'g>>,
    pub(super) after_result_reported: bool,
    /// Offset just after the last token.
    pub(super) end: usize,
    pub(super) movetext: Option<usize>,
    pub(super) unterminated_comment: bool,
    /// Main-line plies played.
    pub(super) accepted: u32,
    /// Open variations beyond [`MAX_VARIATION_DEPTH`] (not replayed).
    pub(super) excess_depth: u64,
    /// Open brackets of a variation that is not replayed (0: none).
    pub(super) skip_depth: u64,
    pub(super) variations: bool,
    pub(super) marks: bool,
    /// Keep the position before each move (variations start there; visitors may want it).
    pub(super) keep_before: bool,
    pub(super) stopped_early: bool,
}

impl<'g> Walker<'g> {
    #[inline(always)]
    pub(super) fn token<V: Visitor<'g>>(
        &mut self,
        game: &mut Game<'g>,
        visitor: &mut V,
        token: Token<'g>,
    ) -> ControlFlow<()> {
        visitor.token(game, &token);
        self.end = token.start + token.text.len();
        if self.result.is_some() {
            let is_comment = matches!(
                token.kind,
                TokenKind::Comment | TokenKind::LineComment | TokenKind::Escape
            );
            if !is_comment && !self.after_result_reported {
                self.after_result_reported = true;
                visitor.problem(game, &Problem::at(ProblemKind::TextAfterResult, token, 0));
            }
            return ControlFlow::Continue(());
        }
        if (self.excess_depth | self.skip_depth) != 0 {
            self.skipped(game, visitor, token);
            return ControlFlow::Continue(());
        }
        match token.kind {
            TokenKind::Move => return self.play(game, visitor, token.start, token.text),
            TokenKind::MoveNumber { number, .. } => {
                self.number = Some(MoveNumber {
                    number,
                    at: token.start as u32,
                    len: token.text.len() as u32,
                });
            }
            TokenKind::Open => self.open(game, visitor, token),
            TokenKind::Close => {
                if self.stack.len() > 1 {
                    self.close(game, visitor);
                } else {
                    visitor.problem(game, &Problem::at(ProblemKind::UnmatchedClose, token, 0));
                }
                self.number = None;
            }
            TokenKind::Result => {
                if self.stack.len() > 1 {
                    let depth = self.stack.len() - 1;
                    visitor.problem(
                        game,
                        &Problem::at(ProblemKind::ResultInVariation, token, depth),
                    );
                } else if is_termination_marker(token.text) {
                    self.result = Some(token);
                } else {
                    self.result = Some(nonstandard_result(game, visitor, token));
                }
            }
            TokenKind::UnterminatedComment => {
                self.unterminated_comment = true;
                let depth = self.stack.len() - 1;
                visitor.problem(
                    game,
                    &Problem::at(ProblemKind::UnterminatedComment, token, depth),
                );
                self.annotation(game, visitor, &token);
            }
            TokenKind::Unknown | TokenKind::Tag { .. } | TokenKind::BadTag => {
                let depth = self.stack.len() - 1;
                visitor.problem(game, &Problem::at(ProblemKind::UnknownToken, token, depth));
            }
            TokenKind::Ellipsis => {}
            TokenKind::EpSuffix
            | TokenKind::Nag(_)
            | TokenKind::Glyph
            | TokenKind::Comment
            | TokenKind::LineComment
            | TokenKind::Escape => self.annotation(game, visitor, &token),
        }
        ControlFlow::Continue(())
    }

    fn annotation<V: Visitor<'g>>(&self, game: &mut Game<'g>, visitor: &mut V, token: &Token<'g>) {
        let depth = self.stack.len() - 1;
        let frame = self.stack.last().expect("main line");
        visitor.annotation(game, token, &frame.view(depth));
    }

    /// A token inside a variation that is not replayed (too deep, or not asked for): only its
    /// brackets count.
    #[inline(never)]
    fn skipped<V: Visitor<'g>>(&mut self, game: &mut Game<'g>, visitor: &mut V, token: Token<'g>) {
        match token.kind {
            TokenKind::Open if self.excess_depth > 0 => self.excess_depth += 1,
            TokenKind::Close if self.excess_depth > 0 => self.excess_depth -= 1,
            TokenKind::Open => self.skip_depth += 1,
            TokenKind::Close => {
                self.skip_depth -= 1;
                if self.skip_depth == 0 {
                    visitor.close(game, None);
                }
            }
            _ => return,
        }
        self.number = None;
    }

    #[inline(never)]
    fn open<V: Visitor<'g>>(&mut self, game: &mut Game<'g>, visitor: &mut V, token: Token<'g>) {
        self.number = None;
        let depth = self.stack.len();
        if depth > MAX_VARIATION_DEPTH {
            if self.excess_depth == 0 {
                visitor.problem(
                    game,
                    &Problem::at(ProblemKind::VariationTooDeep, token, depth),
                );
            }
            self.excess_depth += 1;
            return;
        }
        let parent = self.stack.last().expect("main line");
        if !self.variations {
            self.skip_depth = 1;
            let opened = Opened {
                token,
                depth,
                replayed: false,
                start: None,
                replaces: parent.last,
                ply: parent.ply.saturating_sub(1),
            };
            visitor.open(game, &opened);
            return;
        }
        let frame = match &parent.before {
            Some(before) => {
                let mut history = parent.history;
                history.truncate_from(parent.ply);
                Frame {
                    pos: before.clone(),
                    before: None,
                    last: None,
                    ply: parent.ply.saturating_sub(1),
                    dead: false,
                    open: token.start,
                    history,
                    in_check: None,
                }
            }
            None => {
                if !parent.dead {
                    visitor.problem(
                        game,
                        &Problem::at(ProblemKind::VariationWithoutMove, token, depth),
                    );
                }
                Frame {
                    pos: Chess::default(),
                    before: None,
                    last: None,
                    ply: parent.ply,
                    dead: true,
                    open: token.start,
                    history: CastlingHistory::default(),
                    in_check: None,
                }
            }
        };
        let replaces = parent.last;
        let replayed = !frame.dead;
        self.stack.push(frame);
        let frame = self.stack.last().expect("pushed");
        let opened = Opened {
            token,
            depth,
            replayed,
            start: replayed.then_some(&frame.pos),
            replaces,
            ply: frame.ply,
        };
        visitor.open(game, &opened);
    }

    #[inline(never)]
    fn close<V: Visitor<'g>>(&mut self, game: &mut Game<'g>, visitor: &mut V) {
        let depth = self.stack.len() - 1;
        let frame = self.stack.last().expect("a variation");
        visitor.close(game, Some(&frame.view(depth)));
        self.stack.pop();
    }

    fn play<V: Visitor<'g>>(
        &mut self,
        game: &mut Game<'g>,
        visitor: &mut V,
        start: usize,
        text: &'g [u8],
    ) -> ControlFlow<()> {
        // The token's place and bytes only: a whole token (its kind is large) would be copied.
        let number = self.number.take();
        let depth = self.stack.len() - 1;
        let frame = self.stack.last_mut().expect("main line");
        let Some(parsed) = parse_move(text) else {
            return not_a_move(frame, game, visitor, move_token(start, text), number, depth);
        };
        if frame.dead {
            frame.before = None;
            frame.last = None;
            frame.ply += 1;
            return ControlFlow::Continue(());
        }
        let ply = frame.ply + 1;
        let in_check = frame.in_check.unwrap_or_else(|| frame.pos.is_check());
        let resolved = resolve_in(&frame.pos, in_check, &parsed, &frame.history);
        let resolved = match &resolved {
            Ok(resolved) => resolved,
            Err(illegal) => {
                let stop = Stop {
                    token: move_token(start, text),
                    number,
                    depth,
                    code: illegal.code,
                    reason: &illegal.message,
                    not_a_move: false,
                };
                let null = parsed.kind == MoveKind::Null;
                return frame.refused(game, visitor, stop, null, self.keep_before);
            }
        };
        let before = frame.apply(resolved, ply, self.keep_before);
        if depth == 0 {
            self.accepted = ply;
        }
        let gives_check = frame.pos.is_check();
        frame.in_check = Some(gives_check);
        let mark = match gives_check {
            false => CheckMark::None,
            true if self.marks
                && crate::analysis::resolve::is_checkmate_given_check(&frame.pos) =>
            {
                CheckMark::Mate
            }
            true => CheckMark::Check,
        };
        let played = Played {
            at: start,
            text,
            parsed: &parsed,
            resolved,
            before: before.then_some(frame.before.as_ref()).flatten(),
            after: &frame.pos,
            ply,
            mark,
            number,
            depth,
        };
        visitor.played(game, &played)
    }

    pub(super) fn finish<V: Visitor<'g>>(
        mut self,
        game: &mut Game<'g>,
        visitor: &mut V,
        lexer: &Lexer<'g>,
    ) -> V::Output {
        if !self.stopped_early {
            // Most games have none: the test here, the reports out of line.
            if game.text.col > 1
                || game.text.joined
                || lexer.starts_with_bom()
                || lexer.byte_order_marks().count > 0
                || lexer.no_break_spaces().count > 0
            {
                reading_problems(game, visitor, lexer);
            }
            if self.stack.len() > 1 && !self.unterminated_comment {
                let open = self.stack[1].open;
                let problem = Problem {
                    open_variations: self.stack.len() as u64 - 1 + self.excess_depth,
                    ..Problem::offset(ProblemKind::UnterminatedVariation, open, Some(b"("), 0)
                };
                visitor.problem(game, &problem);
            }
            if self.result.is_none() && !self.unterminated_comment {
                let kind = if self.movetext.is_none() && result_tag_is_a_marker(game) {
                    ProblemKind::TagsOnly
                } else {
                    ProblemKind::MissingResult
                };
                let problem = Problem {
                    saw_movetext: self.movetext.is_some(),
                    ..Problem::offset(kind, self.end, None, 0)
                };
                visitor.problem(game, &problem);
            }
        }
        // Variations left open end with the game.
        if self.skip_depth > 0 {
            visitor.close(game, None);
        }
        while self.stack.len() > 1 {
            self.close(game, visitor);
        }
        let main = &self.stack[0];
        let end = End {
            work: Work::Replay,
            started: true,
            result: self.result,
            main: Some(main.view(0)),
            plies: self.accepted,
            movetext: self.movetext,
            end: self.end,
            unterminated_comment: self.unterminated_comment,
            stopped_early: self.stopped_early,
        };
        visitor.end(game, &end)
    }
}

/// What stops a line: the token and why.
struct Stop<'a, 'g> {
    token: Token<'g>,
    number: Option<MoveNumber>,
    depth: usize,
    code: Code,
    reason: &'a str,
    not_a_move: bool,
}

impl Frame {
    /// Plays the legal move `resolved` (its ply `ply`), keeping the position before it when
    /// `keep_before` (a variation that follows starts there); true when it was kept.
    #[inline(always)]
    fn apply(&mut self, resolved: &Resolved, ply: u32, keep_before: bool) -> bool {
        let m = resolved.m;
        let rights = self.pos.castles().castling_rights();
        if keep_before {
            self.before = Some(self.pos.clone());
        }
        self.pos.play_unchecked(m);
        if rights != self.pos.castles().castling_rights() {
            // Where a castling right was lost, for the explanation of a castling move refused
            // later.
            self.history
                .record_lost(rights, &self.pos, m, resolved.san, ply);
        }
        self.last = Some(m);
        self.ply = ply;
        keep_before
    }

    /// The move `stop.token` (a null move when `null`) cannot be played in the position: a null
    /// move in a variation passes the turn ([`Frame::pass`]); any other move stops the line
    /// ([`Frame::stop`]). One rare path out of line, so that `play` keeps one call for both.
    #[cold]
    #[inline(never)]
    fn refused<'g, V: Visitor<'g>>(
        &mut self,
        game: &mut Game<'g>,
        visitor: &mut V,
        stop: Stop<'_, 'g>,
        null: bool,
        keep_before: bool,
    ) -> ControlFlow<()> {
        if null && stop.depth > 0 {
            return self.pass(
                game,
                visitor,
                stop.token,
                stop.number,
                stop.depth,
                keep_before,
            );
        }
        self.stop(game, visitor, stop)
    }

    /// A null move in a variation (`token`, at `depth` > 0): the turn passes and the line goes
    /// on; in check it cannot (the king would stay in check), and it stops the line as an
    /// illegal move.
    #[cold]
    #[inline(never)]
    fn pass<'g, V: Visitor<'g>>(
        &mut self,
        game: &mut Game<'g>,
        visitor: &mut V,
        token: Token<'g>,
        number: Option<MoveNumber>,
        depth: usize,
        keep_before: bool,
    ) -> ControlFlow<()> {
        let after = match passed(&self.pos) {
            Ok(after) => after,
            Err((code, reason)) => {
                let stop = Stop {
                    token,
                    number,
                    depth,
                    code,
                    reason: &reason,
                    not_a_move: false,
                };
                return self.stop(game, visitor, stop);
            }
        };
        let before = std::mem::replace(&mut self.pos, after);
        self.ply += 1;
        self.last = None;
        self.in_check = Some(false);
        let passed = Passed {
            at: token.start,
            text: token.text,
            before: &before,
            after: &self.pos,
            ply: self.ply,
            number,
            depth,
        };
        let flow = visitor.passed(game, &passed);
        self.before = keep_before.then_some(before);
        flow
    }

    /// The move `stop.token` cannot be played: the line is dead from here; a variation that
    /// follows starts from the position where the move was tried.
    #[cold]
    #[inline(never)]
    fn stop<'g, V: Visitor<'g>>(
        &mut self,
        game: &mut Game<'g>,
        visitor: &mut V,
        stop: Stop<'_, 'g>,
    ) -> ControlFlow<()> {
        self.dead = true;
        let previous = self.before.replace(self.pos.clone());
        let last = self.last.take();
        self.ply += 1;
        let stopped = Stopped {
            token: stop.token,
            ply: self.ply,
            pos: &self.pos,
            code: stop.code,
            reason: stop.reason,
            not_a_move: stop.not_a_move,
            number: stop.number,
            depth: stop.depth,
            previous: previous.as_ref().zip(last),
        };
        visitor.stopped(game, &stopped)
    }
}

/// A word standing where a move belongs: whatever it was meant to be, the moves after it cannot
/// be trusted (the side to move is unknown), so the line stops here, as after an illegal move
/// (in a line already stopped, it is an unknown token).
#[cold]
#[inline(never)]
fn not_a_move<'g, V: Visitor<'g>>(
    frame: &mut Frame,
    game: &mut Game<'g>,
    visitor: &mut V,
    token: Token<'g>,
    number: Option<MoveNumber>,
    depth: usize,
) -> ControlFlow<()> {
    if frame.dead {
        frame.ply += 1;
        frame.last = None;
        frame.before = None;
        visitor.problem(game, &Problem::at(ProblemKind::UnknownToken, token, depth));
        return ControlFlow::Continue(());
    }
    let stop = Stop {
        token,
        number,
        depth,
        code: problem::UNKNOWN_TOKEN,
        reason: "not a move",
        not_a_move: true,
    };
    frame.stop(game, visitor, stop)
}

/// The token of a move word (for the rare events that carry the whole token).
#[cold]
fn move_token(start: usize, text: &[u8]) -> Token<'_> {
    Token {
        kind: TokenKind::Move,
        start,
        text,
    }
}

/// A termination marker written as a form that stands for one (`½-½`): reported, and read as the
/// standard marker (the token keeps its offset; its text becomes the standard marker's).
#[cold]
#[inline(never)]
fn nonstandard_result<'g, V: Visitor<'g>>(
    game: &mut Game<'g>,
    visitor: &mut V,
    token: Token<'g>,
) -> Token<'g> {
    visitor.problem(game, &Problem::at(ProblemKind::NonstandardResult, token, 0));
    Token {
        text: crate::bytes::termination_marker(token.text).unwrap_or(b"*"),
        ..token
    }
}

/// What the reading of the game's bytes met that is read as meant but not written as the
/// standard says: a game glued to the previous game's marker or with no blank line before it, byte order marks that are not the
/// input's first bytes, no-break spaces (one problem each, at the first).
#[cold]
#[inline(never)]
fn reading_problems<'g, V: Visitor<'g>>(game: &mut Game<'g>, visitor: &mut V, lexer: &Lexer<'g>) {
    if game.text.col > 1 {
        let at = game.content_start;
        visitor.problem(game, &Problem::offset(ProblemKind::GluedGame, at, None, 0));
    }
    if game.text.joined {
        let at = game.content_start;
        visitor.problem(
            game,
            &Problem::offset(ProblemKind::NoBlankLine, at, None, 0),
        );
    }
    let mut boms = lexer.byte_order_marks();
    if lexer.starts_with_bom() && game.text.offset > 0 {
        // The game starts with a mark, but the input does not: files were joined.
        boms = crate::analysis::lexer::Invisible {
            count: boms.count + 1,
            first: 0,
        };
    }
    for (kind, seen) in [
        (ProblemKind::ByteOrderMark, boms),
        (ProblemKind::NoBreakSpace, lexer.no_break_spaces()),
    ] {
        if seen.count > 0 {
            let problem = Problem {
                count: seen.count,
                ..Problem::offset(kind, seen.first, None, 0)
            };
            visitor.problem(game, &problem);
        }
    }
}

/// The position after a null move from `pos`: the other side to move, no en passant square, the
/// halfmove clock one more, the move number one more after Black's. Not after checkmate or
/// stalemate (the game is over), nor in check (the king would stay in check): then the code and
/// reason of the illegal move.
fn passed(pos: &Chess) -> Result<Chess, (Code, String)> {
    let who = crate::analysis::text::color_name(pos.turn());
    if pos.legal_moves().is_empty() {
        let reason = match pos.is_check() {
            true => format!("the game is over: {who} is checkmated (FIDE Laws art. 5.1.1)"),
            false => format!("the game is over: {who} is stalemated (FIDE Laws art. 5.2.1)"),
        };
        return Err((Code::IllegalMoveAfterGameEnd, reason));
    }
    let illegal = |why: &str| (Code::IllegalMoveNullMove, why.to_owned());
    if pos.is_check() {
        return Err(illegal(
            "a null move cannot be played in check: the king would stay in check",
        ));
    }
    let mode = pos.castles().mode();
    let mut setup = pos.to_setup(shakmaty::EnPassantMode::Legal);
    if setup.turn == shakmaty::Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    setup.swap_turn();
    Chess::from_setup(setup, mode).map_err(|_| illegal("the position after it is not legal"))
}

/// Whether the game's Result tag holds one of the four game-termination markers.
#[cold]
fn result_tag_is_a_marker(game: &Game<'_>) -> bool {
    game.tags
        .get("Result")
        .is_some_and(|t| matches!(t.raw, b"1-0" | b"0-1" | b"1/2-1/2" | b"*"))
}
