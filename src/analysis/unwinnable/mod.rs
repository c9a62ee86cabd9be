//! Can a side still checkmate? The decision of FIDE Laws art. 5.2.2 (a dead position: neither
//! player can checkmate "by any series of legal moves"), art. 6.9 (a player who oversteps the
//! time loses only if the opponent could still checkmate) and art. 5.1.2 (since 2023, the same
//! for a resignation).
//!
//! [`decide`] answers for one position and one *winner* (the side whose checkmate of the other,
//! the *loser*, is asked about):
//!
//! * [`Verdict::Winnable`] carries a [`Helpmate`]: a series of legal moves, written in SAN, that
//!   ends with the loser checkmated. It is the proof, checked by replaying it (the tests replay
//!   every one, with shakmaty and with python-chess).
//! * [`Verdict::Unwinnable`] carries the [`Reason`]: a rule whose argument is written in its
//!   documentation ([`Material`], [`Wall`]), the end of the game, a forced series of moves that
//!   repeats, or a search that visited every position the game can reach from here and found no
//!   checkmate.
//! * [`Verdict::Unknown`] when the search ran out of its node [`Budget`] first: never a guess.
//!
//! The procedure, cheapest first: the position itself (checkmate, stalemate); the static tier,
//! with no search (the winner's material, [`material()`]; pawns that can never move and what the
//! pieces can reach behind them, `walls`); forced moves; then a helpmate search, in which the
//! loser cooperates, so that it is a single-agent search (`search`): iterative deepening on a
//! budget of moves that do not make progress, a transposition table of exact positions, moves
//! ordered to bring the winner's pieces and the loser's king together in a corner and to
//! promote pawns, and the static tier at every node where a pawn moved or a piece was taken.
//!
//! What the question ignores: the automatic draws of art. 9.6 (fivefold repetition, 75 moves),
//! which are a different rule, and the clocks. The position is the one given (pieces, side to
//! move, castling rights, en passant), not the game that led to it.

mod helpmate;
mod key;
mod material;
mod order;
mod search;
mod structure;
mod walls;

pub use helpmate::Helpmate;
pub use material::{Material, material};
pub use walls::Wall;

use shakmaty::{Chess, Color, EnPassantMode, Position};

use crate::analysis::text::color_name;

/// How far the search may go: the most positions it examines for one question (each is one
/// move played, a few hundred nanoseconds; an exhaustive search counts every position it
/// generates), and whether it looks for helpmates at length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Positions examined at most.
    pub nodes: u64,
    /// Search for helpmates at length, in turn with the exhaustive search (to answer yes or no
    /// as often as possible); else only a short helpmate probe (a few hundred positions:
    /// enough for most positions that can be won) and then the exhaustive search, which is
    /// what can prove that a side cannot mate.
    pub helpmates: bool,
}

impl Budget {
    /// The budget of `arbiter audit --positions`: a few tenths of a second at worst.
    pub const FULL: Budget = Budget {
        nodes: 1_000_000,
        helpmates: true,
    };
    /// No search at all: the position, the static tier and forced moves only.
    pub const STATIC: Budget = Budget {
        nodes: 0,
        helpmates: false,
    };
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::FULL
    }
}

/// The answer to "can `winner` still checkmate?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Yes: a helpmate, ending in the loser's checkmate.
    Winnable(Helpmate),
    /// No, and why.
    Unwinnable(Reason),
    /// Not decided within the budget.
    Unknown {
        /// Positions examined.
        nodes: u64,
    },
}

impl Verdict {
    /// `"yes"`, `"no"` or `"unknown"`: whether the winner can still checkmate.
    pub fn can_mate(&self) -> &'static str {
        match self {
            Verdict::Winnable(_) => "yes",
            Verdict::Unwinnable(_) => "no",
            Verdict::Unknown { .. } => "unknown",
        }
    }

    /// The reason, for an unwinnable position.
    pub fn reason(&self) -> Option<&Reason> {
        match self {
            Verdict::Unwinnable(r) => Some(r),
            _ => None,
        }
    }
}

/// Why a side can never checkmate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The game is over: the side to move is checkmated (the winner: the loser already won) or
    /// stalemated (art. 5.1.1, 5.2.1).
    GameOver {
        /// A checkmate (else a stalemate).
        checkmate: bool,
    },
    /// The winner's material (any position of the pieces).
    Material(Material),
    /// Pawns that can never move.
    Wall(Wall),
    /// Every move from here on is forced (one legal move each time) and the series repeats a
    /// position without a checkmate: the game can only go round.
    ForcedRepetition {
        /// Plies until the first repetition.
        plies: u32,
    },
    /// The search examined every position the game can reach from here (except those the
    /// static tier proves unwinnable) and none is a checkmate of the loser.
    Exhausted {
        /// Positions examined.
        nodes: u64,
    },
    /// After the forced moves (one legal move each time), the position reached is unwinnable.
    AfterForced {
        /// Forced plies played.
        plies: u32,
        /// Why the position they reach is unwinnable.
        reason: Box<Reason>,
    },
}

impl Reason {
    /// A short name for tables: `material`, `wall`, `bishops`, `net`, `forced`, `search`,
    /// `game-over`.
    pub fn kind(&self) -> &'static str {
        match self {
            Reason::GameOver { .. } => "game-over",
            Reason::Material(_) => "material",
            Reason::Wall(Wall::NoCheck) => "wall",
            Reason::Wall(Wall::BishopsCannotMate { .. }) => "bishops",
            Reason::Wall(Wall::NoMatingNet) => "net",
            Reason::ForcedRepetition { .. } => "forced",
            Reason::Exhausted { .. } => "search",
            Reason::AfterForced { reason, .. } => reason.kind(),
        }
    }

    /// The reason in words, naming `winner`: "White has the king alone".
    pub fn describe(&self, winner: Color) -> String {
        let side = color_name(winner);
        match self {
            Reason::GameOver { checkmate: true } => format!("{side} is checkmated"),
            Reason::GameOver { checkmate: false } => "the game is over: stalemate".to_owned(),
            Reason::Material(m) => format!("{side} {}", m.describe()),
            Reason::Wall(w) => format!("{side} {}", w.describe()),
            Reason::ForcedRepetition { plies } => format!(
                "every move is forced and the position repeats after {plies} plies, without a \
                 checkmate"
            ),
            Reason::Exhausted { nodes } => format!(
                "every position that can arise was examined ({nodes} generated): none is a \
                 checkmate by {side}"
            ),
            Reason::AfterForced { plies: 1, reason } => {
                format!("after the one forced ply, {}", reason.describe(winner))
            }
            Reason::AfterForced { plies, reason } => {
                format!("after {plies} forced plies, {}", reason.describe(winner))
            }
        }
    }
}

/// The static tier alone: the material rules, then the wall rules (not when an en passant
/// capture is available: `structure` does not see it). No search; a few instructions for most
/// positions (the wall rules run only when a pawn stands in front of an enemy pawn). It speaks
/// of the moves to come: a position that is already the loser's checkmate gets `None` (the
/// wall rules do not see a check given by a pawn that can never move, since the king never
/// comes back to a square such a pawn attacks).
pub fn static_tier(pos: &Chess, winner: Color) -> Option<Reason> {
    let board = pos.board();
    if let Some(m) = material(board, winner) {
        return Some(Reason::Material(m));
    }
    if !walls::may_have_walls(board) || pos.ep_square(EnPassantMode::Legal).is_some() {
        return None;
    }
    if pos.is_check() && pos.turn() != winner && pos.legal_moves().is_empty() {
        return None;
    }
    walls::walls(board, winner).map(Reason::Wall)
}

/// Can `winner` still checkmate in `pos`, by any series of legal moves? With the default
/// [`Budget`].
pub fn unwinnable(pos: &Chess, winner: Color) -> Verdict {
    decide(pos, winner, Budget::FULL)
}

/// Can `winner` still checkmate in `pos`, by any series of legal moves, within `budget`? See the
/// module documentation.
pub fn decide(pos: &Chess, winner: Color, budget: Budget) -> Verdict {
    search::decide(pos, winner, budget).0
}

/// [`decide`], with the number of positions the search examined (0 when the position, the
/// static tier or forced moves decided).
pub fn decide_counted(pos: &Chess, winner: Color, budget: Budget) -> (Verdict, u64) {
    search::decide(pos, winner, budget)
}

#[cfg(test)]
mod tests;
