//! The draw rules of the FIDE Laws of Chess, applied to a game's main line (`arbiter audit`)
//! and to single positions (`arbiter audit --positions`).
//!
//! * Position identity (art. 9.2.2): same player to move, same pieces on the same squares, same
//!   castling rights as they stand, and an en passant capture only when it is legal. Positions are
//!   hashed (shakmaty Zobrist, legal en passant) and every repetition is confirmed by comparing
//!   the positions themselves, so a hash collision cannot produce a verdict.
//! * Threefold repetition, claimable (art. 9.2.1): the position has appeared three times, or a
//!   legal move would make a position appear the third time ("about to appear": that move is
//!   named).
//! * Fifty-move rule, claimable (art. 9.3): 100 plies without a pawn move or capture, or a move
//!   that is neither would complete them (a claiming move that gives mate or stalemate still
//!   counts).
//! * Automatic draws (art. 9.6): fivefold repetition; 150 plies without pawn move or capture,
//!   unless the move completing them gave checkmate.
//! * Stalemate (art. 5.2.1) and dead position (art. 5.2.2) end the game at once.
//!
//! Thresholds are data of a [`RuleSet`] ([`FIDE`]), so other rule sets can be added as data.
//! Counting starts at the game's first position, FEN halfmove clock included.
//!
//! The audit is a visitor of the one game walk ([`Auditor`]): it judges each main-line position
//! as the walk reaches it, so a game is read and replayed once.

mod auditor;
mod dead;
mod repetition;

pub use crate::analysis::text::{pgn_move, same_position};
pub use auditor::Auditor;
pub use dead::{PositionVerdict, classify, dead_position, material};

use crate::analysis::walk::{GameText, walk};
use crate::model::AuditReport;

/// The numbers of a rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// Occurrences that make a repetition claimable (art. 9.2: 3).
    pub claimable_repetitions: usize,
    /// Occurrences that end the game automatically (art. 9.6.1: 5).
    pub automatic_repetitions: usize,
    /// Plies without pawn move or capture that make a claim possible (art. 9.3: 100).
    pub claimable_quiet_plies: u32,
    /// Plies without pawn move or capture that end the game automatically (art. 9.6.2: 150).
    pub automatic_quiet_plies: u32,
}

/// The FIDE Laws of Chess (edition in force from 1 January 2023).
pub const FIDE: RuleSet = RuleSet {
    claimable_repetitions: 3,
    automatic_repetitions: 5,
    claimable_quiet_plies: 100,
    automatic_quiet_plies: 150,
};

/// Which rules the audit applies (`--rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Threefold and fivefold repetition.
    pub repetition: bool,
    /// Fifty- and seventy-five-move rules.
    pub fifty: bool,
    /// Stalemate.
    pub stalemate: bool,
    /// Dead position, insufficient material included.
    pub dead: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            repetition: true,
            fifty: true,
            stalemate: true,
            dead: true,
        }
    }
}

/// Options of the game audit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AuditOptions {
    /// The rules applied.
    pub rules: Rules,
    /// Report every point where a draw claim was available and play went on.
    pub missed: bool,
}

/// Verdict codes.
pub mod code {
    use crate::model::Code;

    /// An automatic end (fivefold, 75 moves, stalemate, dead position) was reached, yet the game
    /// went on.
    pub const AUTOMATIC_IGNORED: Code = Code::DrawAutomaticIgnored;
    /// The recorded result is not the one the moves give.
    pub const CONTRADICTED: Code = Code::ResultContradicted;
    /// A draw by repetition or fifty moves is recorded, but no such claim was available.
    pub const CLAIM_UNSUPPORTED: Code = Code::DrawClaimUnsupported;
    /// A threefold or fifty-move claim was available and play went on (`--missed`).
    pub const CLAIM_AVAILABLE: Code = Code::DrawClaimAvailable;
    /// The main line has an illegal move: audited up to it.
    pub const INCOMPLETE: Code = Code::AuditIncomplete;
    /// Not audited: unsupported variant or unusable FEN.
    pub const SKIPPED: Code = Code::AuditSkipped;
}

/// Audits one game (see [`crate::analysis::check::check_game`] for the arguments); with
/// `names`, the report carries the game's Event, White and Black whether or not it has verdicts.
pub fn audit_game(
    bytes: &[u8],
    index: u64,
    offset: u64,
    line: u64,
    col: u64,
    options: AuditOptions,
    names: bool,
) -> AuditReport {
    let text = GameText {
        bytes,
        index,
        offset,
        line,
        col,
    };
    walk(text, &mut Auditor::new(options, FIDE, names))
}
