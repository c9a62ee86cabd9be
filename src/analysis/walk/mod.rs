//! The one game walk: every subcommand reads a game through [`walk`] and a [`Visitor`].
//!
//! [`walk`] reads one game's bytes once — the tag section, the start position (Variant,
//! SetUp/FEN, Chess960: [`start`], one rule for everybody), the main line and the variations with
//! one stack — and tells a visitor what it meets: moves played, moves that cannot be played,
//! structural problems (an unknown token, a variation that is never closed...), comments and
//! annotations, variations opening and closing, and the end of the game. The rules of reading
//! live here once; a subcommand is the visitor it plugs in (`arbiter check` collects findings,
//! `arbiter fen` writes positions, `arbiter pgn` rewrites the game, `arbiter audit` applies the
//! draw rules, `arbiter stats` counts), and visitors compose: a pair of visitors is a visitor
//! ([`Pair`]), so one walk can serve several analyses.
//!
//! The shape follows pgn-reader's `Visitor` (callbacks with default no-op bodies, early exit with
//! [`ControlFlow`]), over our own strict lexer ([`super::lexer`]), which returns every token
//! rather than skipping the ones it does not understand.
//!
//! What the walk decides, for every visitor:
//! * Replay of a line stops at its first move that cannot be played (illegal, or a word that is
//!   no move); later moves of that line are skipped, but variations that replace the move are
//!   still replayed from the position before it.
//! * Variations nested deeper than [`MAX_VARIATION_DEPTH`] are matched bracket by bracket but not
//!   replayed (one [`ProblemKind::VariationTooDeep`]), so memory stays bounded by the depth cap.
//! * A variation replaces the last move of its line: it starts from the position before it.
//! * The first game-termination marker outside variations ends the movetext; anything but
//!   comments after it is one [`ProblemKind::TextAfterResult`].
//! * A game of an unsupported variant is not replayed: its tokens are read for the result only.
//!
//! This module must not import `engine` internals, `report`, `commands`, `rayon` or clap.

use std::ops::ControlFlow;

use shakmaty::{Chess, Move, Position};

use super::lexer::{Lexer, Locator, Token, TokenKind};
use super::notation::{CheckMark, MoveToken, parse_move};
use super::resolve::{CastlingHistory, Resolved, resolve_in};
use super::tags::{Tags, Variant};

mod compose;
mod problem;
pub mod start;

pub use compose::Pair;
pub use problem::{Problem, ProblemKind};
pub use start::Start;

/// Deepest variation nesting replayed. Deeper variations are still matched bracket by bracket,
/// but not replayed, so that hostile input (100,000 nested `(`) cannot make memory or output
/// grow with the depth; one [`ProblemKind::VariationTooDeep`] is reported.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// One game's bytes and its place in its input, as the engine cut it.
#[derive(Clone, Copy, Debug)]
pub struct GameText<'g> {
    /// The game's bytes, from the start of its first line to the start of the next game.
    pub bytes: &'g [u8],
    /// 1-based index of the game in its input.
    pub index: u64,
    /// Byte offset of `bytes` in the input.
    pub offset: u64,
    /// 1-based line of the first byte of `bytes`.
    pub line: u64,
}

/// How much of a game the walk reads for a visitor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Work {
    /// The tag section only: no movetext token is read ([`End::movetext`] says where it starts).
    Tags,
    /// Everything: every token, and the moves replayed.
    Replay,
}

/// What every callback can see of the game.
#[derive(Debug)]
pub struct Game<'g> {
    /// The game's bytes and place.
    pub text: GameText<'g>,
    /// The tag pairs, in order.
    pub tags: Tags<'g>,
    /// Offset of the game's first byte that is not blank or a byte order mark.
    pub content_start: usize,
    /// The variant named by the Variant tag.
    pub variant: Variant,
    locator: Locator<'g>,
}

impl<'g> Game<'g> {
    /// Line and column (1-based, characters) of the byte at `offset` of the game. Offsets asked
    /// in increasing order cost linear time overall.
    pub fn locate(&mut self, offset: usize) -> (u64, u64) {
        self.locator.locate(offset)
    }

    /// The 1-based line of the game's first non-blank byte.
    pub fn first_line(&mut self) -> u64 {
        let at = self.content_start;
        self.locator.locate(at).0
    }

    /// Byte offset in the input of the game's first non-blank byte.
    pub fn first_offset(&self) -> u64 {
        self.text.offset + self.content_start as u64
    }
}

/// Where an event stands: the line of play being replayed.
#[derive(Clone, Copy, Debug)]
pub struct LineView<'a> {
    /// Nesting depth: 0 for the main line, 1 for a variation of it, ...
    pub depth: usize,
    /// The position reached in this line (meaningless when `dead`).
    pub pos: &'a Chess,
    /// The position before the line's last move token, when known (a variation that follows
    /// starts there).
    pub before: Option<&'a Chess>,
    /// Plies from the game's start position to `pos`, along the line.
    pub ply: u32,
    /// A move that could not be played stopped this line.
    pub dead: bool,
    /// The legal move from `before` to `pos`, when the line's last move token was one.
    pub last: Option<Move>,
}

impl LineView<'_> {
    /// True inside a variation.
    pub fn variation(&self) -> bool {
        self.depth > 0
    }
}

/// A move number indication before a move (`12.`, `12...`).
#[derive(Clone, Copy, Debug)]
pub struct MoveNumber {
    /// The number written.
    pub number: u32,
    /// Offset of the indication in the game.
    pub at: usize,
    /// Its length in bytes.
    pub len: usize,
}

/// A move played.
#[derive(Debug)]
pub struct Played<'a, 'g> {
    /// Offset of the move token in the game.
    pub at: usize,
    /// The move token as written.
    pub text: &'g [u8],
    /// What the token says (piece, squares, notation quirks).
    pub parsed: &'a MoveToken,
    /// The legal move it denotes, its standard SAN and the quirks the position reveals.
    pub resolved: &'a Resolved,
    /// The position before the move, when the walk keeps it: when variations are replayed or
    /// a visitor asks for it ([`Visitor::needs_before`]); keeping it costs a copy per move.
    pub before: Option<&'a Chess>,
    /// The position after it.
    pub after: &'a Chess,
    /// The ply of the move (1-based from the game's start position, along its line).
    pub ply: u32,
    /// Whether the move gives check, and (when [`Visitor::check_marks`] asks for it) mate.
    pub mark: CheckMark,
    /// The move number indication written before it, if any.
    pub number: Option<MoveNumber>,
    /// Nesting depth of its line (0 = main line).
    pub depth: usize,
}

/// A move token that could not be played: the line stops there.
#[derive(Debug)]
pub struct Stopped<'a, 'g> {
    /// The token as written.
    pub token: Token<'g>,
    /// The ply it would have had.
    pub ply: u32,
    /// The position where it was tried.
    pub pos: &'a Chess,
    /// `syntax/unknown-token` for a word that is no move, else an `illegal-move/...` code.
    pub code: crate::model::Code,
    /// Why, for a person (`no white king can move to e3`); `not a move` for a word that is no
    /// move.
    pub reason: &'a str,
    /// The word is not a move at all (rather than an illegal one).
    pub not_a_move: bool,
    /// The move number indication written before it, if any.
    pub number: Option<MoveNumber>,
    /// Nesting depth of its line (0 = main line).
    pub depth: usize,
    /// The line's last move before it, and the position before that move (none at the line's
    /// start).
    pub previous: Option<(&'a Chess, Move)>,
}

/// A variation opening.
#[derive(Debug)]
pub struct Opened<'a, 'g> {
    /// The `(` token.
    pub token: Token<'g>,
    /// Nesting depth of the new line (1 for a variation of the main line).
    pub depth: usize,
    /// The variation is replayed (variations are asked for, it follows a move, and it is not
    /// nested too deep); when false, the walk reports nothing from inside it until its `)`.
    pub replayed: bool,
    /// The position it starts from (the one before the move it replaces), when replayed.
    pub start: Option<&'a Chess>,
    /// The legal move it replaces, when the last move token of the parent line was one (a
    /// variation that replaces an illegal move has none).
    pub replaces: Option<Move>,
    /// The ply of its start position.
    pub ply: u32,
}

/// The end of a game.
#[derive(Debug)]
pub struct End<'a, 'g> {
    /// What the walk read.
    pub work: Work,
    /// The game's start, when the movetext was read.
    pub started: bool,
    /// The game-termination marker of the main line, if any (for an unsupported variant, the
    /// last one outside variations).
    pub result: Option<Token<'g>>,
    /// The main line at the end (its position is meaningless when it is dead).
    pub main: Option<LineView<'a>>,
    /// Main-line moves played.
    pub plies: u32,
    /// Offset of the first movetext token, if any.
    pub movetext: Option<usize>,
    /// Offset just after the last token read.
    pub end: usize,
    /// An unterminated `{` comment ate the rest of the game.
    pub unterminated_comment: bool,
    /// A visitor stopped the walk early.
    pub stopped_early: bool,
}

/// What a subcommand does with a game: callbacks the walk calls in the order of the game's text.
/// Every callback has a default that does nothing; [`Visitor::end`] makes the output.
///
/// Inside a variation (depth > 0) a visitor gets events only when a visitor of the walk asked
/// for variations ([`Visitor::variations`]); [`Pair`] forwards them only to the one that did.
pub trait Visitor<'g> {
    /// What the visitor makes of the game.
    type Output;

    /// How much of the game to read (default: everything).
    fn work(&self) -> Work {
        Work::Replay
    }

    /// Replay variations and report what is inside them (default: no).
    fn variations(&self) -> bool {
        false
    }

    /// Work out checkmate for [`Played::mark`] (default: check only).
    fn check_marks(&self) -> bool {
        false
    }

    /// Keep the position before each move for [`Played::before`] (default: yes).
    fn needs_before(&self) -> bool {
        true
    }

    /// A malformed tag pair, or one read leniently (unescaped quotes), in the tag section.
    fn tag_notice(&mut self, _game: &mut Game<'g>, _token: &Token<'g>) {}

    /// The tag section has been read (called for every game, before anything else but
    /// [`Visitor::tag_notice`]).
    fn tags(&mut self, _game: &mut Game<'g>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// The start position (only with [`Work::Replay`]).
    fn start(&mut self, _game: &mut Game<'g>, _start: &Start) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// Every movetext token, in order, before the walk handles it (only with [`Work::Replay`]).
    fn token(&mut self, _game: &mut Game<'g>, _token: &Token<'g>) {}

    /// A move played.
    fn played(&mut self, _game: &mut Game<'g>, _m: &Played<'_, 'g>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// A move token of a live line that cannot be played.
    fn stopped(&mut self, _game: &mut Game<'g>, _s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// A problem with the game's structure (see [`ProblemKind`]).
    fn problem(&mut self, _game: &mut Game<'g>, _p: &Problem<'g>) {}

    /// A comment (`{}`, `;`, unterminated `{`), NAG, glyph, `e.p.` suffix or escape line in a
    /// line being replayed.
    fn annotation(&mut self, _game: &mut Game<'g>, _token: &Token<'g>, _line: &LineView<'_>) {}

    /// A variation opens.
    fn open(&mut self, _game: &mut Game<'g>, _v: &Opened<'_, 'g>) {}

    /// The variation on top closes (`)`, or the end of the game for one left open); `line` is
    /// the variation as it ends (`replayed` as when it opened).
    fn close(&mut self, _game: &mut Game<'g>, _line: Option<&LineView<'_>>) {}

    /// The end of the game: the visitor's output.
    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> Self::Output;

    /// The walk panicked (a bug in arbiter): the output for the game, whatever state the
    /// visitor was left in.
    fn panicked(&mut self, text: &GameText<'g>) -> Self::Output;
}

/// A line of play being replayed: the main line or a variation.
#[derive(Debug)]
struct Frame {
    pos: Chess,
    before: Option<Chess>,
    /// The legal move from `before` to `pos` (`None` when `before` is where a move failed).
    last: Option<Move>,
    ply: u32,
    dead: bool,
    open: usize,
    history: CastlingHistory,
    /// `pos.is_check()`, when known.
    in_check: Option<bool>,
}

impl Frame {
    fn view(&self, depth: usize) -> LineView<'_> {
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

/// Walks one game with `visitor`. A panic inside the walk or the visitor is caught: the game's
/// output is then [`Visitor::panicked`], and the run goes on with the next game.
pub fn walk<'g, V: Visitor<'g>>(text: GameText<'g>, visitor: &mut V) -> V::Output {
    let run = std::panic::AssertUnwindSafe(|| walk_inner(text, &mut *visitor));
    match std::panic::catch_unwind(run) {
        Ok(output) => output,
        Err(_) => visitor.panicked(&text),
    }
}

fn walk_inner<'g, V: Visitor<'g>>(text: GameText<'g>, visitor: &mut V) -> V::Output {
    let mut lexer = Lexer::new(text.bytes);
    let mut notices: Vec<Token<'g>> = Vec::new();
    let (tags, first) = super::tags::read_tag_section(&mut lexer, |token| notices.push(*token));
    let variant = super::tags::variant(tags.value("Variant").as_deref());
    let mut game = Game {
        text,
        tags,
        content_start: super::tags::content_start(text.bytes),
        variant,
        locator: Locator::new(text.bytes, text.line),
    };
    for token in &notices {
        visitor.tag_notice(&mut game, token);
    }
    let work = visitor.work();
    let go_on = visitor.tags(&mut game).is_continue();
    if work == Work::Tags || !go_on {
        let end = End {
            work: Work::Tags,
            started: false,
            result: None,
            main: None,
            plies: 0,
            movetext: first.map(|t| t.start),
            end: 0,
            unterminated_comment: false,
            stopped_early: !go_on,
        };
        return visitor.end(&mut game, &end);
    }
    let start = start::start(&game.tags, &game.variant);
    if visitor.start(&mut game, &start).is_break() {
        let end = End {
            work,
            started: true,
            result: None,
            main: None,
            plies: 0,
            movetext: first.map(|t| t.start),
            end: 0,
            unterminated_comment: false,
            stopped_early: true,
        };
        return visitor.end(&mut game, &end);
    }
    let pos = match start {
        Start::Position(pos) => Some(pos),
        Start::Unsupported { .. } => return unsupported(&mut game, first, lexer, visitor),
        Start::BadFen { .. } => None,
    };
    let mut walker = Walker {
        stack: vec![Frame {
            dead: pos.is_none(),
            pos: pos.unwrap_or_default(),
            before: None,
            last: None,
            ply: 0,
            open: 0,
            history: CastlingHistory::default(),
            in_check: None,
        }],
        number: None,
        result: None,
        after_result_reported: false,
        end: game
            .tags
            .pairs
            .last()
            .map_or(game.content_start, |t| t.start + t.text.len()),
        movetext: first.map(|t| t.start),
        unterminated_comment: false,
        accepted: 0,
        saw_movetext: false,
        excess_depth: 0,
        skip_depth: 0,
        variations: visitor.variations(),
        marks: visitor.check_marks(),
        keep_before: visitor.variations() || visitor.needs_before(),
        stopped_early: false,
    };
    // The first token apart: a chained iterator would not be inlined into this loop.
    let mut flow = match first {
        Some(token) => walker.token(&mut game, visitor, token),
        None => ControlFlow::Continue(()),
    };
    if flow.is_continue() {
        for token in lexer {
            flow = walker.token(&mut game, visitor, token);
            if flow.is_break() {
                break;
            }
        }
    }
    walker.stopped_early = flow.is_break();
    walker.finish(&mut game, visitor)
}

/// An unsupported variant: nothing is replayed; the tokens are read for the result (the last
/// one outside variations).
fn unsupported<'g, V: Visitor<'g>>(
    game: &mut Game<'g>,
    first: Option<Token<'g>>,
    lexer: Lexer<'g>,
    visitor: &mut V,
) -> V::Output {
    let movetext = first.map(|t| t.start);
    let mut depth = 0u32;
    let mut result = None;
    for token in first.into_iter().chain(lexer) {
        visitor.token(game, &token);
        match token.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => depth = depth.saturating_sub(1),
            TokenKind::Result if depth == 0 => result = Some(token),
            _ => {}
        }
    }
    let end = End {
        work: Work::Replay,
        started: true,
        result,
        main: None,
        plies: 0,
        movetext,
        end: 0,
        unterminated_comment: false,
        stopped_early: false,
    };
    visitor.end(game, &end)
}

/// The state of the walk over the movetext: a stack of lines (main line at the bottom).
struct Walker<'g> {
    stack: Vec<Frame>,
    /// A move number waiting for its move.
    number: Option<MoveNumber>,
    /// The termination marker, once seen.
    result: Option<Token<'g>>,
    after_result_reported: bool,
    /// Offset just after the last token.
    end: usize,
    movetext: Option<usize>,
    unterminated_comment: bool,
    /// Main-line plies played.
    accepted: u32,
    saw_movetext: bool,
    /// Open variations beyond [`MAX_VARIATION_DEPTH`] (not replayed).
    excess_depth: u64,
    /// Open brackets of a variation that is not replayed (0: none).
    skip_depth: u64,
    variations: bool,
    marks: bool,
    /// Keep the position before each move (variations start there; visitors may want it).
    keep_before: bool,
    stopped_early: bool,
}

impl<'g> Walker<'g> {
    #[inline(always)]
    fn token<V: Visitor<'g>>(
        &mut self,
        game: &mut Game<'g>,
        visitor: &mut V,
        token: Token<'g>,
    ) -> ControlFlow<()> {
        visitor.token(game, &token);
        self.end = token.start + token.text.len();
        self.saw_movetext = true;
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
        if self.excess_depth > 0 || self.skip_depth > 0 {
            self.skipped(game, visitor, token);
            return ControlFlow::Continue(());
        }
        match token.kind {
            TokenKind::Move => return self.play(game, visitor, token),
            TokenKind::MoveNumber { number, .. } => {
                self.number = Some(MoveNumber {
                    number,
                    at: token.start,
                    len: token.text.len(),
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
                } else {
                    self.result = Some(token);
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
        token: Token<'g>,
    ) -> ControlFlow<()> {
        let number = self.number.take();
        let depth = self.stack.len() - 1;
        let frame = self.stack.last_mut().expect("main line");
        let Some(parsed) = parse_move(token.text) else {
            // A word standing where a move belongs: whatever it was meant to be, the moves after
            // it cannot be trusted (the side to move is unknown), so this line stops here, as
            // after an illegal move.
            let was_dead = frame.dead;
            frame.ply += 1;
            let last = frame.last.take();
            if was_dead {
                frame.before = None;
                visitor.problem(game, &Problem::at(ProblemKind::UnknownToken, token, depth));
                return ControlFlow::Continue(());
            }
            frame.dead = true;
            let previous = frame.before.replace(frame.pos.clone());
            let stop = Stopped {
                token,
                ply: frame.ply,
                pos: &frame.pos,
                code: problem::UNKNOWN_TOKEN,
                reason: "not a move",
                not_a_move: true,
                number,
                depth,
                previous: previous.as_ref().zip(last),
            };
            return visitor.stopped(game, &stop);
        };
        if frame.dead {
            frame.before = None;
            frame.last = None;
            frame.ply += 1;
            return ControlFlow::Continue(());
        }
        let ply = frame.ply + 1;
        let in_check = frame.in_check.unwrap_or_else(|| frame.pos.is_check());
        match resolve_in(&frame.pos, in_check, &parsed, &frame.history) {
            Err(illegal) => {
                frame.dead = true;
                let previous = frame.before.replace(frame.pos.clone());
                let last = frame.last.take();
                frame.ply = ply;
                let stop = Stopped {
                    token,
                    ply,
                    pos: &frame.pos,
                    code: illegal.code,
                    reason: &illegal.message,
                    not_a_move: false,
                    number,
                    depth,
                    previous: previous.as_ref().zip(last),
                };
                visitor.stopped(game, &stop)
            }
            Ok(resolved) => {
                let m = resolved.m;
                let before = if self.keep_before {
                    // Keep the position before the move: a variation that follows starts there.
                    let before = frame.before.insert(frame.pos.clone());
                    frame.pos.play_unchecked(m);
                    if before.castles().castling_rights() != frame.pos.castles().castling_rights() {
                        frame
                            .history
                            .record(before, &frame.pos, m, resolved.san, ply);
                    }
                    Some(&*before)
                } else {
                    // Only a move that can change castling rights needs the position before it
                    // (for the explanation of a castling move refused later).
                    let rights = frame.pos.castles().castling_rights();
                    let touches = rights.any()
                        && (m.role() == shakmaty::Role::King
                            || m.from().is_some_and(|sq| rights.contains(sq))
                            || rights.contains(m.to()));
                    if touches {
                        let before = frame.pos.clone();
                        frame.pos.play_unchecked(m);
                        frame
                            .history
                            .record(&before, &frame.pos, m, resolved.san, ply);
                    } else {
                        frame.pos.play_unchecked(m);
                    }
                    None
                };
                frame.last = Some(m);
                frame.ply = ply;
                if depth == 0 {
                    self.accepted = ply;
                }
                let gives_check = frame.pos.is_check();
                frame.in_check = Some(gives_check);
                let mark = match gives_check {
                    false => CheckMark::None,
                    true if self.marks && super::resolve::is_checkmate_given_check(&frame.pos) => {
                        CheckMark::Mate
                    }
                    true => CheckMark::Check,
                };
                let played = Played {
                    at: token.start,
                    text: token.text,
                    parsed: &parsed,
                    resolved: &resolved,
                    before,
                    after: &frame.pos,
                    ply,
                    mark,
                    number,
                    depth,
                };
                visitor.played(game, &played)
            }
        }
    }

    fn finish<V: Visitor<'g>>(mut self, game: &mut Game<'g>, visitor: &mut V) -> V::Output {
        if !self.stopped_early {
            if self.stack.len() > 1 && !self.unterminated_comment {
                let open = self.stack[1].open;
                let problem = Problem {
                    open_variations: self.stack.len() as u64 - 1 + self.excess_depth,
                    ..Problem::offset(ProblemKind::UnterminatedVariation, open, Some(b"("), 0)
                };
                visitor.problem(game, &problem);
            }
            if self.result.is_none() && !self.unterminated_comment {
                let problem = Problem {
                    saw_movetext: self.saw_movetext,
                    ..Problem::offset(ProblemKind::MissingResult, self.end, None, 0)
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

/// Line breaks (LF, CRLF or a lone CR) in `bytes`.
pub fn count_lines(bytes: &[u8]) -> u64 {
    let mut n = 0;
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' || (*b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            n += 1;
        }
    }
    n
}
