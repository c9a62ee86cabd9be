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

use self::candidates::fast_candidates;
pub use self::candidates::{is_checkmate_given_check, is_stalemate};
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
        /// More disambiguation than SAN needs (`Ngf3` where `Nf3` is unique).
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
            let mut role = role;
            if let (Some(f), Some(r)) = (file, rank) {
                // Long algebraic or UCI without a piece letter: the piece is the one standing on
                // the from-square.
                if role == Role::Pawn
                    && !token.quirks.contains(Quirks::PAWN_LETTER)
                    && let Some(r) = pos.board().role_at(Square::from_coords(f, r))
                {
                    role = r;
                }
            }
            if role == Role::King
                && let Some(resolved) = king_move_castling(pos, file, rank, to)
            {
                return Ok(resolved);
            }
            let file = match (role, file, capture) {
                // A pawn move without a file is a push along the file of its destination.
                (Role::Pawn, None, _) => Some(to.file()),
                _ => file,
            };
            let mut candidates = MoveList::new();
            if !fast_candidates(pos, in_check, role, to, &mut candidates) {
                candidates = pos.san_candidates(role, to);
            }
            let mut matching = candidates.iter().filter(|m| {
                m.from().is_some_and(|from| {
                    file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
                }) && m.promotion() == promotion
            });
            let Some(&m) = matching.next() else {
                return Err(diagnose_normal(
                    pos,
                    role,
                    file,
                    rank,
                    capture,
                    to,
                    promotion,
                    &candidates,
                ));
            };
            if matching.next().is_some() {
                return Err(ambiguous(pos, role, file, rank, to, promotion, &candidates));
            }
            // Without disambiguation in the token the match is unique among all candidates, so
            // the standard SAN needs none either (only a pawn capture names its file).
            let san = if file.is_none() && rank.is_none() || (role == Role::Pawn && rank.is_none())
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
            let mut quirks = PositionQuirks::default();
            if capture && !m.is_capture() {
                quirks.insert(PositionQuirks::SPURIOUS_CAPTURE);
            }
            if !capture && m.is_capture() {
                quirks.insert(PositionQuirks::MISSING_CAPTURE);
            }
            if let San::Normal {
                file: sf, rank: sr, ..
            } = san
            {
                let written_file = file.is_some() && (role != Role::Pawn || m.is_capture());
                let over = (written_file && sf.is_none()) || (rank.is_some() && sr.is_none());
                if over && !token.quirks.contains(Quirks::LONG_ALGEBRAIC) {
                    quirks.insert(PositionQuirks::OVER_DISAMBIGUATED);
                }
            }
            Ok(Resolved { m, san, quirks })
        }
        MoveKind::Castle(side) => match pos.castling_moves(side).first() {
            Some(&m) => Ok(Resolved {
                m,
                san: San::Castle(side),
                quirks: PositionQuirks::default(),
            }),
            None => Err(diagnose_castling(pos, side, history)),
        },
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
    let &m = pos.castling_moves(side).first()?;
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
