//! Matching a written move against a position, and explaining why it fails.
//!
//! [`resolve`] finds the one legal move a token denotes (FIDE Laws arts. 3 and 4 decide legality;
//! shakmaty generates the legal moves) and notes how the token departs from standard SAN. When no
//! legal move matches, it says why in the terms a person needs: no such piece can reach the
//! square, the move is ambiguous (naming the candidates), the piece is pinned or the king would be
//! in check, castling is not allowed (and why), promotion is wrong, en passant is not available,
//! or the game was already over.
//!
//! `history.rs` keeps where each castling right was lost, `candidates.rs` finds the legal moves
//! of one kind of piece to one square (the hot path), `diagnose.rs` explains an illegal move.

mod candidates;
mod diagnose;
mod history;

use shakmaty::san::San;
use shakmaty::{CastlingSide, Chess, File, Move, MoveList, Position, Rank, Role, Square};

use self::candidates::castling_move;
use self::candidates::fast_candidates;
pub use self::candidates::{is_checkmate_given_check, is_stalemate, king_can_move};
use self::diagnose::{ambiguous, diagnose_castling, diagnose_normal};
pub use self::history::{CastlingHistory, LostRight, MoveLabel};
use super::notation::{MoveKind, MoveToken, Quirks};
use super::text::role_name;
use crate::model::Code;

/// Stable codes of illegal-move findings.
pub mod code {
    use crate::model::Code;

    /// No piece of that kind can reach the square.
    pub const NO_PIECE: Code = Code::IllegalMoveNoPiece;
    /// The destination holds a piece of the side to move.
    pub const OCCUPIED: Code = Code::IllegalMoveOccupied;
    /// More than one piece fits the notation.
    pub const AMBIGUOUS: Code = Code::IllegalMoveAmbiguous;
    /// The move leaves or puts the own king in check (pinned piece, king into check, check not
    /// parried).
    pub const KING_IN_CHECK: Code = Code::IllegalMoveKingInCheck;
    /// Castling is not allowed.
    pub const CASTLING: Code = Code::IllegalMoveCastling;
    /// Promotion missing, on the wrong rank, or to a king or pawn.
    pub const PROMOTION: Code = Code::IllegalMovePromotion;
    /// An en passant capture that is not available.
    pub const EN_PASSANT: Code = Code::IllegalMoveEnPassant;
    /// A null move (`--`, `Z0`): no such move exists in the Laws of Chess.
    pub const NULL_MOVE: Code = Code::IllegalMoveNullMove;
    /// A piece drop (Crazyhouse notation) in a standard game.
    pub const DROP: Code = Code::IllegalMoveDrop;
    /// A move after checkmate or stalemate ended the game (FIDE Laws arts. 5.1.1, 5.2.1).
    pub const AFTER_GAME_END: Code = Code::IllegalMoveAfterGameEnd;
}

bitflags::bitflags! {
    /// Departures from standard SAN that only the position reveals.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct PositionQuirks: u8 {
        /// A capture written without `x` (`Bc6` for `Bxc6`, `bc3` for `bxc3`).
        const MISSING_CAPTURE = 1;
        /// `x` written for a move that captures nothing.
        const SPURIOUS_CAPTURE = 1 << 1;
        /// Disambiguation that SAN does not write: more than needed (`Ngf3` where `Nf3` is
        /// unique), or the rank where the file suffices (`R5a1` for `Raa1`).
        const OVER_DISAMBIGUATED = 1 << 2;
        /// Castling written as a king move (`Kg1`, `e1g1`).
        const KING_MOVE_CASTLING = 1 << 3;
    }
}

/// A token matched to its legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The legal move.
    pub m: Move,
    /// The move in standard SAN (without check suffix).
    pub san: San,
    /// How the token departs from standard SAN in this position.
    pub quirks: PositionQuirks,
}

/// Why a token denotes no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// Stable code (see [`code`]).
    pub code: Code,
    /// Explanation for a person.
    pub message: String,
}

impl Illegal {
    fn new(code: Code, message: String) -> Illegal {
        Illegal { code, message }
    }
}
/// Finds the legal move that `token` denotes in `pos`.
///
/// # Errors
/// Returns an [`Illegal`] with the reason when no legal move, or more than one, matches.
#[inline(always)]
pub fn resolve(
    pos: &Chess,
    token: &MoveToken,
    history: &CastlingHistory,
) -> Result<Resolved, Illegal> {
    resolve_in(pos, pos.is_check(), token, history)
}

/// [`resolve`] for a caller that already knows whether the side to move is in check (`in_check`
/// must be `pos.is_check()`), as a replay does after each move: saves looking again.
///
/// # Errors
/// As [`resolve`].
#[inline(always)]
pub fn resolve_in(
    pos: &Chess,
    in_check: bool,
    token: &MoveToken,
    history: &CastlingHistory,
) -> Result<Resolved, Illegal> {
    debug_assert_eq!(in_check, pos.is_check());
    match token.kind {
        MoveKind::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let role = moving_role(pos, role, file, rank, token.quirks);
            if role == Role::King
                && let Some(resolved) = king_move_castling(pos, file, rank, to)
            {
                return Ok(resolved);
            }
            let file = match (role, file) {
                // A pawn move without a file is a push along the file of its destination.
                (Role::Pawn, None) => Some(to.file()),
                (_, file) => file,
            };
            let written = Written {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            };
            resolve_normal(pos, in_check, &written, token.quirks)
        }
        MoveKind::Castle(side) => resolve_castle(pos, side, history),
        // Built here (in functions of `diagnose`, `arbiter audit` took 0.6 % more instructions:
        // the replay's code is laid out again at every change of this function's shape).
        MoveKind::Null => Err(Illegal::new(
            code::NULL_MOVE,
            "a null move is not a move in the Laws of Chess".to_owned(),
        )),
        MoveKind::Drop { role, to } => Err(Illegal::new(
            code::DROP,
            format!(
                "{} drop on {to}: pieces are dropped only in Crazyhouse, not in standard chess",
                role_name(role)
            ),
        )),
    }
}

/// A piece or pawn move as written ([`MoveKind::Normal`]), with the moving piece found
/// ([`moving_role`]) and a pawn push's file filled in.
///
/// The replay keeps it in registers as long as nothing copies it whole: the functions inlined
/// into the replay take it by reference, the error paths a copy made by [`Written::copy`].
#[derive(Debug)]
struct Written {
    /// The moving piece.
    role: Role,
    /// The from-file given (for a pawn push, the file of the destination).
    file: Option<File>,
    /// The from-rank given.
    rank: Option<Rank>,
    /// A capture mark was written.
    capture: bool,
    /// The destination square.
    to: Square,
    /// The promotion piece written.
    promotion: Option<Role>,
}

impl Written {
    /// True when the candidate `m` (a move of the right piece to the right square) agrees with
    /// the from-file, from-rank and promotion written.
    #[inline(always)]
    fn fits(&self, m: &Move) -> bool {
        m.from().is_some_and(|from| {
            self.file.is_none_or(|f| f == from.file()) && self.rank.is_none_or(|r| r == from.rank())
        }) && m.promotion() == self.promotion
    }

    /// A copy made field by field, for an error path out of line (a copy of the whole, or
    /// passing it by value, made LLVM keep the replay's `Written` as one packed integer: 3 %
    /// more instructions for `arbiter check`).
    #[inline(always)]
    fn copy(&self) -> Written {
        Written {
            role: self.role,
            file: self.file,
            rank: self.rank,
            capture: self.capture,
            to: self.to,
            promotion: self.promotion,
        }
    }
}

/// [`resolve_in`] for a piece or pawn move.
#[inline(always)]
fn resolve_normal(
    pos: &Chess,
    in_check: bool,
    written: &Written,
    quirks: Quirks,
) -> Result<Resolved, Illegal> {
    let (role, to) = (written.role, written.to);
    let mut candidates = MoveList::new();
    if !fast_candidates(pos, in_check, role, to, &mut candidates) {
        candidates = pos.san_candidates(role, to);
    }
    let mut matching = candidates.iter().filter(|m| written.fits(m));
    let Some(&m) = matching.next() else {
        return Err(diagnose_normal(pos, written.copy(), &candidates));
    };
    if matching.next().is_some() {
        return Err(ambiguous(written.copy(), &candidates));
    }
    // Without disambiguation in the token the match is unique among all candidates, so the
    // standard SAN needs none either (only a pawn capture names its file). (Computed here, not
    // in a function: returning the `San` packed it into an integer, 1.5 % more instructions.)
    let san = if written.file.is_none() && written.rank.is_none()
        || (role == Role::Pawn && written.rank.is_none())
    {
        San::Normal {
            role,
            file: (role == Role::Pawn && m.is_capture())
                .then(|| m.from().map(|f| f.file()))
                .flatten(),
            rank: None,
            capture: m.is_capture(),
            to,
            promotion: m.promotion(),
        }
    } else {
        San::disambiguate(m, &candidates)
    };
    let quirks = position_quirks(&m, &san, written, quirks);
    Ok(Resolved { m, san, quirks })
}

/// The piece written, or, in long algebraic notation or UCI without a piece letter (`g1f3`),
/// the one standing on the from-square.
#[inline(always)]
fn moving_role(
    pos: &Chess,
    role: Role,
    file: Option<File>,
    rank: Option<Rank>,
    quirks: Quirks,
) -> Role {
    if let (Some(f), Some(r)) = (file, rank)
        && role == Role::Pawn
        && !quirks.contains(Quirks::PAWN_LETTER)
        && let Some(on_square) = pos.board().role_at(Square::from_coords(f, r))
    {
        return on_square;
    }
    role
}

/// How `written`, with the token's `quirks`, departs from `san`, the standard SAN of its move
/// `m`.
#[inline(always)]
fn position_quirks(m: &Move, san: &San, written: &Written, quirks: Quirks) -> PositionQuirks {
    let mut found = PositionQuirks::default();
    if written.capture && !m.is_capture() {
        found.insert(PositionQuirks::SPURIOUS_CAPTURE);
    }
    if !written.capture && m.is_capture() {
        found.insert(PositionQuirks::MISSING_CAPTURE);
    }
    if let San::Normal {
        file: sf, rank: sr, ..
    } = *san
    {
        let written_file = written.file.is_some() && (written.role != Role::Pawn || m.is_capture());
        let over = (written_file && sf.is_none()) || (written.rank.is_some() && sr.is_none());
        if over && !quirks.contains(Quirks::LONG_ALGEBRAIC) {
            found.insert(PositionQuirks::OVER_DISAMBIGUATED);
        }
    }
    found
}

/// [`resolve_in`] for `O-O` and `O-O-O`.
#[inline(always)]
fn resolve_castle(
    pos: &Chess,
    side: CastlingSide,
    history: &CastlingHistory,
) -> Result<Resolved, Illegal> {
    match castling_move(pos, side) {
        Some(m) => Ok(Resolved {
            m,
            san: San::Castle(side),
            quirks: PositionQuirks::default(),
        }),
        None => Err(diagnose_castling(pos, side, history)),
    }
}

/// `Kg1`/`e1g1`-style castling: a king move of two files along its rank.
fn king_move_castling(
    pos: &Chess,
    file: Option<File>,
    rank: Option<Rank>,
    to: Square,
) -> Option<Resolved> {
    let king = pos.board().king_of(pos.turn())?;
    if king.rank() != to.rank()
        || file.is_some_and(|f| f != king.file())
        || rank.is_some_and(|r| r != king.rank())
        || king.file().distance(to.file()) != 2
    {
        return None;
    }
    let side = if to.file() > king.file() {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    };
    let m = castling_move(pos, side)?;
    let king_to = Square::from_coords(side.king_to_file(), king.rank());
    (king_to == to).then_some(Resolved {
        m,
        san: San::Castle(side),
        quirks: PositionQuirks::KING_MOVE_CASTLING,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::notation::parse_move;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    /// The move that `token` denotes in the position `fen`, or why it is illegal.
    pub(super) fn try_move(fen: &str, token: &str) -> Result<Resolved, Illegal> {
        let tok = parse_move(token.as_bytes()).unwrap();
        resolve(&pos(fen), &tok, &CastlingHistory::default())
    }

    /// The start position.
    pub(super) const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn legal_moves_resolve() {
        let r = try_move(START, "Nf3").unwrap();
        assert_eq!(r.san.to_string(), "Nf3");
        assert_eq!(r.quirks, PositionQuirks::default());
        assert_eq!(try_move(START, "e4").unwrap().san.to_string(), "e4");
        assert_eq!(try_move(START, "g1f3").unwrap().san.to_string(), "Nf3");
    }

    #[test]
    fn notation_quirks_from_position() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let r = try_move(fen, "Bc6").unwrap();
        assert!(r.quirks.contains(PositionQuirks::MISSING_CAPTURE));
        assert_eq!(r.san.to_string(), "Bxc6");
        let r = try_move(START, "Ngf3").unwrap();
        assert!(r.quirks.contains(PositionQuirks::OVER_DISAMBIGUATED));
        let r = try_move("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Kg1").unwrap();
        assert!(r.quirks.contains(PositionQuirks::KING_MOVE_CASTLING));
    }
}
