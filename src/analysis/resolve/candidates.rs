//! The legal moves of one kind of piece to one square, found without generating every legal
//! move (the replay's hot path), and the cheap tests for checkmate and stalemate.

use shakmaty::attacks;
use shakmaty::{Bitboard, Chess, Color, Move, MoveList, Position, Rank, Role, Square};

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
    let turn = pos.turn();
    let board = pos.board();
    let Some(king) = board.king_of(turn) else {
        return false;
    };
    if pos.maybe_ep_square() == Some(to) {
        return false;
    }
    let us = pos.us();
    if us.contains(to) {
        return true;
    }
    if in_check && role != Role::King {
        // Only a move that captures the single checker or blocks its line can parry the check.
        let checkers = pos.checkers();
        let Some(checker) = checkers.single_square() else {
            return true;
        };
        if to != checker && !attacks::between(king, checker).contains(to) {
            return true;
        }
    }
    let occupied = board.occupied();
    let capture = board.role_at(to);
    let them = pos.them();
    let their_rooks = board.rooks_and_queens() & them;
    let their_bishops = board.bishops_and_queens() & them;
    let to_bb = Bitboard::from_square(to);
    // The king is safe after `from` moves to `to` unless that opens a line to it.
    let safe = |from: Square| {
        if attacks::ray(king, from).is_empty() {
            return true;
        }
        let occupied = (occupied ^ Bitboard::from_square(from)) | to_bb;
        ((attacks::rook_attacks(king, occupied) & their_rooks)
            | (attacks::bishop_attacks(king, occupied) & their_bishops))
            .without(to)
            .is_empty()
    };
    let mut push = |from: Square, promotion: Option<Role>| {
        out.push(Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        });
    };
    match role {
        Role::King => {
            if attacks::king_attacks(to).contains(king)
                && pos
                    .king_attackers(to, !turn, occupied.without(king))
                    .is_empty()
            {
                push(king, None);
            }
        }
        Role::Pawn => {
            let pawns = pos.our(Role::Pawn);
            let froms = if capture.is_some() {
                attacks::pawn_attacks(!turn, to) & pawns
            } else {
                let back = if turn == Color::White { -8 } else { 8 };
                let mut froms = Bitboard::EMPTY;
                if let Some(from) = to.offset(back) {
                    if pawns.contains(from) {
                        froms.add(from);
                    } else if !occupied.contains(from)
                        && to.rank() == turn.fold_wb(Rank::Fourth, Rank::Fifth)
                        && let Some(from) = from.offset(back)
                        && pawns.contains(from)
                    {
                        froms.add(from);
                    }
                }
                froms
            };
            let promotes = to.rank() == (!turn).backrank();
            for from in froms {
                if !safe(from) {
                    continue;
                }
                if promotes {
                    for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                        push(from, Some(promotion));
                    }
                } else {
                    push(from, None);
                }
            }
        }
        Role::Knight | Role::Bishop | Role::Rook | Role::Queen => {
            let from = match role {
                Role::Knight => attacks::knight_attacks(to),
                Role::Bishop => attacks::bishop_attacks(to, occupied),
                Role::Rook => attacks::rook_attacks(to, occupied),
                _ => attacks::queen_attacks(to, occupied),
            };
            for from in from & pos.our(role) {
                if safe(from) {
                    push(from, None);
                }
            }
        }
    }
    true
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
fn king_can_move(pos: &Chess) -> bool {
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
            positions > 20_000 && compared > 5_000_000 && checks > 500,
            "{positions} {compared} {checks}"
        );
    }

    fn fen_of(pos: &Chess) -> String {
        Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
    }
}
