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
//!   comments after it is one [`ProblemKind::TextAfterResult`]. A form that stands for a marker
//!   (`½-½`, `1/2`, `1–0`) is read as that marker ([`End::result`] has the standard text) and
//!   reported ([`ProblemKind::NonstandardResult`], a warning).
//! * A null move in a variation passes the turn and the variation goes on ([`Visitor::passed`]);
//!   in the main line, or in check, it stops the line as an illegal move.
//! * Byte order marks (but the input's own) and no-break spaces are read as whitespace, and a
//!   game that starts in the middle of a line (glued to the previous game's termination
//!   marker) is read from there; each is reported once, when the walk ends (warnings).
//! * A game of an unsupported variant is not replayed: its tokens are read for the result only.
//!
//! This module must not import `engine` internals, `report`, `commands`, `rayon` or clap.

use std::ops::ControlFlow;

use super::lexer::{Lexer, Locator, Token, TokenKind};
use super::resolve::CastlingHistory;
use super::tags::{Tags, Variant};

mod compose;
mod events;
mod problem;
pub mod start;
mod walker;

pub use compose::Pair;
pub use events::{End, LineView, MoveNumber, Opened, Passed, Played, Stopped};
pub use problem::{Problem, ProblemKind};
pub use start::Start;
use walker::{Frame, Walker};

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
    /// 1-based column (characters) of the first byte of `bytes`: 1, but for a game that starts
    /// in the middle of a line (glued to the previous game's termination marker).
    pub col: u64,
    /// The game's first line directly follows the previous game's last line, with no blank
    /// line between (chess.com exports; `syntax/no-blank-line`). False for the input's first
    /// game and a glued one.
    pub joined: bool,
}

impl<'g> GameText<'g> {
    /// `bytes` as the first game of an input (line 1, column 1, offset 0, index 1).
    pub fn of(bytes: &'g [u8]) -> GameText<'g> {
        GameText {
            bytes,
            index: 1,
            offset: 0,
            line: 1,
            col: 1,
            joined: false,
        }
    }
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

    /// A null move in a variation: the turn passed and the line goes on (only inside
    /// variations, so only for a visitor that asks for them).
    fn passed(&mut self, _game: &mut Game<'g>, _p: &Passed<'_, 'g>) -> ControlFlow<()> {
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
        locator: Locator::starting_at(text.bytes, text.line, text.col),
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
        Start::Position { pos, .. } => Some(pos),
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
        excess_depth: 0,
        skip_depth: 0,
        variations: visitor.variations(),
        marks: visitor.check_marks(),
        keep_before: visitor.variations() || visitor.needs_before(),
        stopped_early: false,
    };
    let flow = movetext(&mut walker, &mut game, visitor, first, &mut lexer);
    walker.stopped_early = flow.is_break();
    walker.finish(&mut game, visitor, &lexer)
}

/// The token loop over the movetext (a function of its own, so that the prologue does not weigh
/// on the loop's code).
#[inline(never)]
fn movetext<'g, V: Visitor<'g>>(
    walker: &mut Walker<'g>,
    game: &mut Game<'g>,
    visitor: &mut V,
    first: Option<Token<'g>>,
    lexer: &mut Lexer<'g>,
) -> ControlFlow<()> {
    // The first token apart: a chained iterator would not be inlined into this loop.
    let mut flow = match first {
        Some(token) => walker.token(game, visitor, token),
        None => ControlFlow::Continue(()),
    };
    if flow.is_continue() {
        // `Lexer::next` itself (always inlined), not `by_ref`'s forwarding `next`, which LLVM
        // stopped inlining into the loop of `check` when its visitor grew (20 M instructions on
        // a 10 MB slice).
        #[expect(
            clippy::while_let_on_iterator,
            reason = "`by_ref` was not inlined, see above"
        )]
        while let Some(token) = lexer.next() {
            flow = walker.token(game, visitor, token);
            if flow.is_break() {
                break;
            }
        }
    }
    flow
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
            TokenKind::Result if depth == 0 => {
                let standard = crate::bytes::termination_marker(token.text);
                result = Some(Token {
                    text: standard.unwrap_or(token.text),
                    ..token
                });
            }
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
