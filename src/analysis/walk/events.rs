//! The events the walk hands its visitors.

use shakmaty::{Chess, Move};

use super::Work;
use crate::analysis::lexer::Token;
use crate::analysis::notation::{CheckMark, MoveToken};
use crate::analysis::resolve::Resolved;
use crate::model::Code;

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
    /// Offset of the indication in the game (games are at most 16 MiB).
    pub at: u32,
    /// Its length in bytes.
    pub len: u32,
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
    /// a visitor asks for it ([`super::Visitor::needs_before`]); keeping it costs a copy per move.
    pub before: Option<&'a Chess>,
    /// The position after it.
    pub after: &'a Chess,
    /// The ply of the move (1-based from the game's start position, along its line).
    pub ply: u32,
    /// Whether the move gives check, and (when [`super::Visitor::check_marks`] asks for it) mate.
    pub mark: CheckMark,
    /// The move number indication written before it, if any.
    pub number: Option<MoveNumber>,
    /// Nesting depth of its line (0 = main line).
    pub depth: usize,
}

/// A null move (`--`, `Z0`) in a variation: the turn passed, and the line goes on (annotators
/// write it to show a threat; in the main line, or in check, it is an illegal move instead).
#[derive(Debug)]
pub struct Passed<'a, 'g> {
    /// Offset of the token in the game.
    pub at: usize,
    /// The token as written.
    pub text: &'g [u8],
    /// The position before it.
    pub before: &'a Chess,
    /// The position after it: the same board, the other side to move, no en passant square.
    pub after: &'a Chess,
    /// Its ply (1-based from the game's start position, along its line).
    pub ply: u32,
    /// The move number indication written before it, if any.
    pub number: Option<MoveNumber>,
    /// Nesting depth of its line (always > 0).
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
    pub code: Code,
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
    /// last one outside variations). Its text is the standard marker: `1/2-1/2` for a `½-½`
    /// written (its offset is that of the token written).
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
