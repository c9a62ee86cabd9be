//! The legal moves of one kind of piece to one square, found without generating every legal
//! move (the replay's hot path), and the cheap tests for checkmate and stalemate.

use shakmaty::attacks;
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, Move, MoveList, Position, Rank, Role, Square,
};

/// The legal moves of a piece of kind `role` to `to` (what shakmaty's `san_candidates` returns,
/// in any order), written into `out` without generating every legal move of the position.
///
/// `in_check` must be `pos.is_check()`. Covers every case but one: when `to` is the en passant
/// square it returns `false` (with `out` untouched) and the caller asks shakmaty.
/// A move is legal when the king does not stand on an attacked square afterwards: a king move
/// must not go to an attacked square; another piece must parry a check (capture the single
/// checker or block its line) and must not open a line to its own king (a pin).
#[inline(always)]
pub(super) fn fast_candidates(
    pos: &Chess,
    in_check: bool,
    role: Role,
    to: Square,
    out: &mut MoveList,
) -> bool {
    let Some(king) = pos.board().king_of(pos.turn()) else {
        return false;
    };
    if pos.maybe_ep_square() == Some(to) {
        return false;
    }
    if pos.us().contains(to) {
        return true;
    }
    if in_check && role != Role::King && !may_parry(pos, king, to) {
        return true;
    }
    let capture = pos.board().role_at(to);
    match role {
        Role::King => king_candidate(pos, king, to, capture, out),
        Role::Pawn => pawn_candidates(pos, &Pins::new(pos, king, to), to, capture, out),
        Role::Knight | Role::Bishop | Role::Rook | Role::Queen => {
            piece_candidates(pos, &Pins::new(pos, king, to), role, to, capture, out);
        }
    }
    true
}

/// Whether a move to `to` by a piece other than the king can parry the check to the `king`:
/// only one that captures the single checker or blocks its line can.
#[inline(always)]
fn may_parry(pos: &Chess, king: Square, to: Square) -> bool {
    let Some(checker) = pos.checkers().single_square() else {
        return false;
    };
    to == checker || attacks::between(king, checker).contains(to)
}

/// The lines to the king of the side to move that a move to `to` must not open.
struct Pins {
    /// The king of the side to move.
    king: Square,
    /// The occupied squares before the move.
    occupied: Bitboard,
    /// The destination of the move.
    to: Square,
    /// The opponent's rooks and queens.
    their_rooks: Bitboard,
    /// The opponent's bishops and queens.
    their_bishops: Bitboard,
}

impl Pins {
    /// The lines to the king `king` of the side to move in `pos`, for moves to `to`.
    #[inline(always)]
    fn new(pos: &Chess, king: Square, to: Square) -> Pins {
        let board = pos.board();
        let them = pos.them();
        Pins {
            king,
            occupied: board.occupied(),
            to,
            their_rooks: board.rooks_and_queens() & them,
            their_bishops: board.bishops_and_queens() & them,
        }
    }

    /// True when the king is safe after the piece on `from` moves to `to`: the move opens no
    /// line to it.
    #[inline(always)]
    fn allow(&self, from: Square) -> bool {
        if attacks::ray(self.king, from).is_empty() {
            return true;
        }
        let occupied =
            (self.occupied ^ Bitboard::from_square(from)) | Bitboard::from_square(self.to);
        ((attacks::rook_attacks(self.king, occupied) & self.their_rooks)
            | (attacks::bishop_attacks(self.king, occupied) & self.their_bishops))
            .without(self.to)
            .is_empty()
    }
}

/// The king's step from `king` to `to` (holding `capture`), when no piece of the opponent
/// attacks `to`.
#[inline(always)]
fn king_candidate(
    pos: &Chess,
    king: Square,
    to: Square,
    capture: Option<Role>,
    out: &mut MoveList,
) {
    let occupied = pos.board().occupied();
    if attacks::king_attacks(to).contains(king)
        && pos
            .king_attackers(to, !pos.turn(), occupied.without(king))
            .is_empty()
    {
        out.push(Move::Normal {
            role: Role::King,
            from: king,
            capture,
            to,
            promotion: None,
        });
    }
}

/// The pawn moves to `to` (holding `capture`) that `pins` allow, one for each promotion piece
/// on the last rank.
#[inline(always)]
fn pawn_candidates(
    pos: &Chess,
    pins: &Pins,
    to: Square,
    capture: Option<Role>,
    out: &mut MoveList,
) {
    let promotes = to.rank() == (!pos.turn()).backrank();
    for from in pawn_froms(pos, to, capture.is_some()) {
        if !pins.allow(from) {
            continue;
        }
        let mut push = |promotion| {
            out.push(Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion,
            });
        };
        if promotes {
            for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                push(Some(promotion));
            }
        } else {
            push(None);
        }
    }
}

/// The squares of the pawns of the side to move that reach `to`: diagonally when it holds a
/// piece to capture, else straight ahead by one step or by the double step from their first
/// rank.
#[inline(always)]
fn pawn_froms(pos: &Chess, to: Square, capture: bool) -> Bitboard {
    let turn = pos.turn();
    let pawns = pos.our(Role::Pawn);
    if capture {
        return attacks::pawn_attacks(!turn, to) & pawns;
    }
    let back = if turn == Color::White { -8 } else { 8 };
    let mut froms = Bitboard::EMPTY;
    if let Some(from) = to.offset(back) {
        if pawns.contains(from) {
            froms.add(from);
        } else if !pos.board().occupied().contains(from)
            && to.rank() == turn.fold_wb(Rank::Fourth, Rank::Fifth)
            && let Some(from) = from.offset(back)
            && pawns.contains(from)
        {
            froms.add(from);
        }
    }
    froms
}

/// The moves of a knight, bishop, rook or queen (`role`) to `to` (holding `capture`) that
/// `pins` allow.
#[inline(always)]
fn piece_candidates(
    pos: &Chess,
    pins: &Pins,
    role: Role,
    to: Square,
    capture: Option<Role>,
    out: &mut MoveList,
) {
    let occupied = pos.board().occupied();
    let froms = match role {
        Role::Knight => attacks::knight_attacks(to),
        Role::Bishop => attacks::bishop_attacks(to, occupied),
        Role::Rook => attacks::rook_attacks(to, occupied),
        _ => attacks::queen_attacks(to, occupied),
    };
    for from in froms & pos.our(role) {
        if pins.allow(from) {
            out.push(Move::Normal {
                role,
                from,
                capture,
                to,
                promotion: None,
            });
        }
    }
}

/// True when the side to move, which is in check, has no legal move (checkmate, FIDE Laws
/// art. 5.1.1). Looks first for a king move to a safe square, which answers most checks without
/// generating every evasion.
pub fn is_checkmate_given_check(pos: &Chess) -> bool {
    !king_can_move(pos) && pos.legal_moves().is_empty()
}

/// True when the side to move is stalemated (FIDE Laws art. 5.2.1): not in check and without
/// a legal move. Looks first for a king move to a safe square, which most positions have.
pub fn is_stalemate(pos: &Chess) -> bool {
    !pos.is_check() && !king_can_move(pos) && pos.legal_moves().is_empty()
}

/// True when the king of the side to move has a legal move to a neighbouring square (castling
/// aside): a cheap proof that the side to move is neither mated nor stalemated.
pub fn king_can_move(pos: &Chess) -> bool {
    let turn = pos.turn();
    let board = pos.board();
    let Some(king) = board.king_of(turn) else {
        return false;
    };
    let occupied = board.occupied().without(king);
    (attacks::king_attacks(king) & !pos.us())
        .into_iter()
        .any(|to| pos.king_attackers(to, !turn, occupied).is_empty())
}

/// The castling move of the side to move towards `side`, when it is legal (FIDE Laws art.
/// 3.8.2: the king and the rook have not moved, the squares between them are empty, and the
/// king is not in check, does not cross an attacked square and does not end on one). The test of
/// shakmaty's `gen_castling_moves`, step for step, without the move list (about 2 KB) that
/// `Position::castling_moves` fills and returns by value; the same in Chess960, where the
/// king's and the rook's squares may meet (tested against shakmaty below).
#[inline]
pub fn castling_move(pos: &Chess, side: CastlingSide) -> Option<Move> {
    let turn = pos.turn();
    let king = pos.board().king_of(turn)?;
    let castles = pos.castles();
    let rook = castles.rook(turn, side)?;
    let occupied = pos.board().occupied();
    if (castles.path(turn, side) & occupied).any() {
        return None;
    }
    let king_to = side.king_to(turn);
    if pos
        .king_attackers(king_to, !turn, occupied ^ king ^ rook ^ side.rook_to(turn))
        .any()
    {
        return None;
    }
    let safe = |sq| pos.king_attackers(sq, !turn, occupied ^ king).is_empty();
    attacks::between(king, king_to)
        .with(king)
        .into_iter()
        .all(safe)
        .then_some(Move::Castle { king, rook })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    /// The fast candidate generator agrees with shakmaty's `san_candidates` (as a set) for every
    /// piece kind and square, in the perft suite's positions (standard and Chess960, many with
    /// pins, checks and en passant) and in the positions of deterministic random games from
    /// them.
    #[test]
    fn fast_candidates_agree_with_shakmaty() {
        let suite = include_str!("../../../testdata/perft/quick.epd");
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut positions = 0;
        let mut compared = 0;
        let mut checks = 0;
        let mut castles = 0;
        for line in suite
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            if line.contains(";invalid") {
                continue;
            }
            let fen = line.split(';').next().unwrap().trim();
            let mode = if line.contains(";chess960") {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            let setup = fen.parse::<Fen>().unwrap();
            let Some(start) = setup
                .clone()
                .into_position::<Chess>(mode)
                .ok()
                .or_else(|| setup.into_position(CastlingMode::Chess960).ok())
            else {
                continue;
            };
            for _ in 0..8 {
                let mut pos = start.clone();
                for _ in 0..120 {
                    positions += 1;
                    for role in Role::ALL {
                        for to in Square::ALL {
                            let mut fast = MoveList::new();
                            if !fast_candidates(&pos, pos.is_check(), role, to, &mut fast) {
                                continue;
                            }
                            let mut fast: Vec<Move> = fast.into_iter().collect();
                            let mut slow: Vec<Move> =
                                pos.san_candidates(role, to).into_iter().collect();
                            fast.sort_by_key(|m| format!("{m:?}"));
                            slow.sort_by_key(|m| format!("{m:?}"));
                            assert_eq!(fast, slow, "{role:?} to {to} in {}", fen_of(&pos));
                            compared += 1;
                        }
                    }
                    for side in CastlingSide::ALL {
                        let slow = pos.castling_moves(side).first().copied();
                        assert_eq!(
                            castling_move(&pos, side),
                            slow,
                            "{side:?} in {}",
                            fen_of(&pos)
                        );
                        castles += usize::from(slow.is_some());
                    }
                    let moves = pos.legal_moves();
                    if pos.is_check() {
                        assert_eq!(is_checkmate_given_check(&pos), moves.is_empty());
                        checks += 1;
                    }
                    assert_eq!(is_stalemate(&pos), pos.is_stalemate());
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[(next() % moves.len() as u64) as usize];
                    pos.play_unchecked(m);
                }
            }
        }
        assert!(
            positions > 20_000 && compared > 5_000_000 && checks > 500 && castles > 1_000,
            "{positions} {compared} {checks} {castles}"
        );
    }

    fn fen_of(pos: &Chess) -> String {
        Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
    }
}
