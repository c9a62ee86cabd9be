//! Why a written move is illegal, in the terms a person needs: no such piece can reach the
//! square, the move is ambiguous (naming the candidates), the piece is pinned or the king would be
//! in check, castling is not allowed (and why), promotion is wrong, en passant is not available,
//! or the game was already over. Only the error paths of [`super::resolve`] come here.

use std::fmt::Write as _;

use shakmaty::attacks;
use shakmaty::san::San;
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, File, MoveList, Position, Rank, Role, Square,
};

use super::history::{CastlingHistory, LostRight};
use super::{Illegal, Written, code};
use crate::analysis::text::{color_name, role_name};

/// More than one of the `candidates` fits `written`: names them.
pub(super) fn ambiguous(written: Written, candidates: &MoveList) -> Illegal {
    let names: Vec<String> = candidates
        .iter()
        .filter(|m| written.fits(m))
        .map(|m| San::disambiguate(*m, candidates).to_string())
        .collect();
    Illegal::new(
        code::AMBIGUOUS,
        format!(
            "ambiguous: more than one {} can move to {} ({}); write {}",
            role_name(written.role),
            written.to,
            names.join(", "),
            names.join(" or ")
        ),
    )
}

/// No legal move among the `candidates` (the legal moves of the piece to the square) fits
/// `written`: why.
pub(super) fn diagnose_normal(pos: &Chess, written: Written, candidates: &MoveList) -> Illegal {
    if let Some(over) = game_over(pos) {
        return over;
    }
    // Promotion problems come first: the piece may well reach the square.
    if let Some(wrong) = wrong_promotion(pos, &written, candidates) {
        return wrong;
    }
    let turn = pos.turn();
    let mut pieces = pos.board().by_piece(written.role.of(turn));
    if let Some(f) = written.file {
        pieces &= f;
    }
    if let Some(r) = written.rank {
        pieces &= r;
    }
    // Which pieces could make the move if pins and checks were ignored?
    let (pseudo, reach_own) = pseudo_movers(pos, written.role, pieces, written.to);
    match pseudo.first() {
        None => no_mover(pos, &written, pieces, reach_own),
        // Some piece reaches the square, but every such move leaves the king in check.
        Some(from) => king_left_in_check(pos, written.role, from, written.to),
    }
}

/// A promotion written where none is possible (or to a king or pawn), or a pawn that reaches
/// the last rank without promoting.
fn wrong_promotion(pos: &Chess, written: &Written, candidates: &MoveList) -> Option<Illegal> {
    let Written {
        role,
        file,
        to,
        promotion,
        ..
    } = *written;
    let last_rank = rel(Rank::Eighth, pos.turn());
    let message = if let Some(p) = promotion {
        if role != Role::Pawn {
            format!("only a pawn can promote, not a {}", role_name(role))
        } else if matches!(p, Role::King | Role::Pawn) {
            format!(
                "a pawn cannot promote to a {}: choose a queen, rook, bishop or knight",
                role_name(p)
            )
        } else if to.rank() != last_rank {
            format!("a pawn promotes only on the last rank, not on {to}")
        } else {
            return None;
        }
    } else if role == Role::Pawn
        && to.rank() == last_rank
        && candidates.iter().any(|m| {
            m.from()
                .is_some_and(|from| file.is_none_or(|f| f == from.file()))
        })
    {
        format!(
            "the pawn reaches the last rank on {to} and must promote: write {to}=Q (or =R, =B, =N)"
        )
    } else {
        return None;
    };
    Some(Illegal::new(code::PROMOTION, message))
}

/// Of the `pieces` (of kind `role`, of the side to move), those that could move to `to` if pins
/// and checks were ignored, and those that could if `to` did not hold a piece of their own side.
fn pseudo_movers(pos: &Chess, role: Role, pieces: Bitboard, to: Square) -> (Bitboard, Bitboard) {
    let turn = pos.turn();
    let board = pos.board();
    let mut pseudo = Bitboard::EMPTY;
    let mut reach_own = Bitboard::EMPTY;
    for from in pieces {
        let reach = if role == Role::Pawn {
            pawn_reach(pos, from, to)
        } else {
            attacks::attacks(from, role.of(turn), board.occupied()).contains(to)
        };
        if reach {
            if board.by_color(turn).contains(to) {
                reach_own.add(from);
            } else {
                pseudo.add(from);
            }
        }
    }
    (pseudo, reach_own)
}

/// No piece that `written` names (`pieces`) can reach its square, pins and checks ignored
/// (`reach_own`: those that could if the square did not hold a piece of their own side).
fn no_mover(pos: &Chess, written: &Written, pieces: Bitboard, reach_own: Bitboard) -> Illegal {
    let Written {
        role,
        file,
        rank,
        capture,
        to,
        ..
    } = *written;
    let turn = pos.turn();
    let side = color_name(turn);
    let board = pos.board();
    if let Some(own) = board.piece_at(to).filter(|p| p.color == turn)
        && (reach_own.any() || role != Role::Pawn)
    {
        return Illegal::new(
            code::OCCUPIED,
            format!("{to} is occupied by {side}'s own {}", role_name(own.role)),
        );
    }
    if role == Role::Pawn
        && let Some(ill) = diagnose_en_passant(pos, file, to)
    {
        return ill;
    }
    let where_ = match (role, file, rank) {
        (Role::Pawn, Some(f), None) => format!(" on the {}-file", f.char()),
        (_, Some(f), Some(r)) => format!(" on {}", Square::from_coords(f, r)),
        (_, Some(f), None) => format!(" on the {}-file", f.char()),
        (_, None, Some(r)) => format!(" on rank {}", r.char()),
        _ => String::new(),
    };
    let msg = if pieces.is_empty() {
        if board.by_piece(role.of(turn)).is_empty() {
            format!("{side} has no {} on the board", role_name(role))
        } else {
            format!("{side} has no {}{where_}", role_name(role))
        }
    } else {
        let theirs_note = if board.by_color(!turn).contains(to) || !capture {
            String::new()
        } else {
            format!(" (and {to} is empty)")
        };
        format!(
            "no {side} {}{where_} can move to {to}{theirs_note}",
            role_name(role)
        )
    };
    Illegal::new(code::NO_PIECE, msg)
}

/// The piece of kind `role` on `from` reaches `to`, but the move would leave the own king in
/// check: the king would step into check, the check is not parried, or the piece is pinned.
fn king_left_in_check(pos: &Chess, role: Role, from: Square, to: Square) -> Illegal {
    let turn = pos.turn();
    let side = color_name(turn);
    let board = pos.board();
    let mut after = board.clone();
    let piece = after.remove_piece_at(from);
    after.discard_piece_at(to);
    if let Some(piece) = piece {
        after.set_piece_at(to, piece);
    }
    let king_sq = if role == Role::King {
        Some(to)
    } else {
        board.king_of(turn)
    };
    let attackers = king_sq
        .map(|k| after.attacks_to(k, !turn, after.occupied()))
        .unwrap_or_default();
    let by = describe_pieces(board, attackers);
    let msg = if role == Role::King {
        format!("the {side} king cannot move to {to}: it would be in check{by}")
    } else if pos.is_check() {
        let checkers = describe_pieces(board, pos.checkers());
        format!(
            "{side} is in check{checkers}, and the {} on {from} moving to {to} does not parry it",
            role_name(role)
        )
    } else {
        format!(
            "the {} on {from} is pinned: moving it to {to} would leave the {side} king in check{by}",
            role_name(role)
        )
    };
    Illegal::new(code::KING_IN_CHECK, msg)
}

/// True when the pawn on `from` could move to `to`, ignoring pins and checks.
fn pawn_reach(pos: &Chess, from: Square, to: Square) -> bool {
    let turn = pos.turn();
    let board = pos.board();
    let occupied = board.occupied();
    if attacks::pawn_attacks(turn, from).contains(to) {
        return board.by_color(!turn).contains(to)
            || board.by_color(turn).contains(to)
            || pos.maybe_ep_square() == Some(to);
    }
    if from.file() != to.file() {
        return false;
    }
    let step = |sq: Square| sq.offset(if turn == Color::White { 8 } else { -8 });
    let Some(one) = step(from) else {
        return false;
    };
    if one == to {
        return !occupied.contains(to);
    }
    let double_rank = rel(Rank::Second, turn);
    from.rank() == double_rank
        && step(one) == Some(to)
        && !occupied.contains(one)
        && !occupied.contains(to)
}

/// An en passant capture written (a pawn of the file `file` to the empty square `to`) that is
/// not available: why, or `None` when the move is no such capture.
fn diagnose_en_passant(pos: &Chess, file: Option<File>, to: Square) -> Option<Illegal> {
    let turn = pos.turn();
    let board = pos.board();
    let from_file = file?;
    if from_file == to.file() || from_file.distance(to.file()) != 1 || board.occupied().contains(to)
    {
        return None;
    }
    if to.rank() != rel(Rank::Sixth, turn) {
        return None;
    }
    let from = Square::from_coords(from_file, rel(Rank::Fifth, turn));
    if board.piece_at(from) != Some(Role::Pawn.of(turn)) {
        return None;
    }
    let victim = Square::from_coords(to.file(), rel(Rank::Fifth, turn));
    let them = color_name(!turn);
    let why = if board.piece_at(victim) == Some(Role::Pawn.of(!turn)) {
        let start = Square::from_coords(to.file(), rel(Rank::Seventh, turn));
        format!("{them}'s last move was not the double step {start}-{victim}")
    } else {
        format!("there is no {them} pawn on {victim} to take")
    };
    Some(Illegal::new(
        code::EN_PASSANT,
        format!("en passant capture on {to} is not available: {why}"),
    ))
}

/// Castling to `side` is not allowed: why (with where the right was lost, from `history`).
pub(super) fn diagnose_castling(
    pos: &Chess,
    side: CastlingSide,
    history: &CastlingHistory,
) -> Illegal {
    if let Some(over) = game_over(pos) {
        return over;
    }
    let turn = pos.turn();
    let who = color_name(turn);
    let side_name = match side {
        CastlingSide::KingSide => "king-side",
        CastlingSide::QueenSide => "queen-side",
    };
    let castles = pos.castles();
    let board = pos.board();
    if !castles.has(turn, side) {
        let why = match history.lost(turn, side) {
            Some(LostRight { ply, label, cause }) => {
                format!("the right was lost at ply {ply} ({label}: {cause})")
            }
            None => "the start position gives no such castling right".to_owned(),
        };
        return Illegal::new(
            code::CASTLING,
            format!("{who} cannot castle {side_name}: {why}"),
        );
    }
    let (Some(king), Some(rook)) = (board.king_of(turn), castles.rook(turn, side)) else {
        return Illegal::new(
            code::CASTLING,
            format!("{who} cannot castle {side_name} here"),
        );
    };
    if pos.is_check() {
        return Illegal::new(
            code::CASTLING,
            format!(
                "{who} cannot castle out of check (in check{})",
                describe_pieces(board, pos.checkers())
            ),
        );
    }
    let blockers = castles.path(turn, side) & board.occupied();
    if blockers.any() {
        return Illegal::new(
            code::CASTLING,
            format!(
                "{who} cannot castle {side_name}: the way is blocked{}",
                describe_pieces(board, blockers).replacen(" from", " by", 1)
            ),
        );
    }
    let king_to = Square::from_coords(side.king_to_file(), king.rank());
    let occupied = board.occupied() ^ king ^ rook;
    let mut path = attacks::between(king, king_to);
    path.add(king_to);
    for sq in path {
        let attackers = board.attacks_to(sq, !turn, occupied);
        if attackers.any() {
            let verb = if sq == king_to {
                "would land on"
            } else {
                "would pass through"
            };
            return Illegal::new(
                code::CASTLING,
                format!(
                    "{who} cannot castle {side_name}: the king {verb} {sq}, attacked{}",
                    describe_pieces(board, attackers).replacen(" from", " by", 1)
                ),
            );
        }
    }
    Illegal::new(
        code::CASTLING,
        format!("{who} cannot castle {side_name} here"),
    )
}

/// A move was written although checkmate or stalemate had ended the game.
fn game_over(pos: &Chess) -> Option<Illegal> {
    if !pos.legal_moves().is_empty() {
        return None;
    }
    let who = color_name(pos.turn());
    let msg = if pos.is_check() {
        format!("the game is over: {who} is checkmated (FIDE Laws art. 5.1.1)")
    } else {
        format!("the game is over: {who} is stalemated (FIDE Laws art. 5.2.1)")
    };
    Some(Illegal::new(code::AFTER_GAME_END, msg))
}

/// `" from the bishop on b5 and the rook on e1"`, or empty.
fn describe_pieces(board: &shakmaty::Board, squares: Bitboard) -> String {
    let mut out = String::new();
    for (i, sq) in squares.into_iter().enumerate() {
        let name = board.role_at(sq).map_or("piece", role_name);
        let _ = write!(
            out,
            "{} the {name} on {sq}",
            if i == 0 { " from" } else { " and" }
        );
    }
    out
}

/// `rank` seen from `color`'s side (the first rank is the 8th for black).
fn rel(rank: Rank, color: Color) -> Rank {
    match color {
        Color::White => rank,
        Color::Black => rank.flip_vertical(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::code;
    use super::super::tests::{START, try_move};

    #[test]
    fn no_piece_and_occupied() {
        let e = try_move(START, "Nd4").unwrap_err();
        assert_eq!(e.code, code::NO_PIECE);
        let e = try_move(START, "Nd2").unwrap_err();
        assert_eq!(e.code, code::OCCUPIED, "{}", e.message);
        let e = try_move(START, "e5").unwrap_err();
        assert_eq!(e.code, code::NO_PIECE);
    }

    #[test]
    fn ambiguous_names_candidates() {
        let e = try_move(
            "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2",
            "Nd4",
        );
        assert!(e.is_ok());
        let e = try_move("4k3/8/8/8/8/1N3N2/8/4K3 w - - 0 1", "Nd4").unwrap_err();
        assert_eq!(e.code, code::AMBIGUOUS);
        assert!(
            e.message.contains("Nbd4") && e.message.contains("Nfd4"),
            "{}",
            e.message
        );
    }

    #[test]
    fn pinned_piece() {
        let e = try_move("4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1", "Nf3").unwrap_err();
        assert_eq!(e.code, code::KING_IN_CHECK);
        assert!(e.message.contains("pinned"), "{}", e.message);
        assert!(e.message.contains("bishop on a5"), "{}", e.message);
    }

    #[test]
    fn castling_reasons() {
        let through = "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1";
        let e = try_move(through, "O-O").unwrap_err();
        assert_eq!(e.code, code::CASTLING);
        assert!(e.message.contains("pass through f1"), "{}", e.message);
        let blocked = "4k3/8/8/8/8/8/8/4K1NR w K - 0 1";
        assert!(
            try_move(blocked, "O-O")
                .unwrap_err()
                .message
                .contains("blocked by the knight on g1")
        );
        let no_right = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
        assert!(
            try_move(no_right, "O-O")
                .unwrap_err()
                .message
                .contains("start position")
        );
        let in_check = "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1";
        assert!(
            try_move(in_check, "O-O")
                .unwrap_err()
                .message
                .contains("out of check")
        );
    }

    #[test]
    fn promotion_errors() {
        let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
        assert_eq!(try_move(fen, "e8").unwrap_err().code, code::PROMOTION);
        assert_eq!(try_move(fen, "e8=K").unwrap_err().code, code::PROMOTION);
        assert!(try_move(fen, "e8=Q").is_ok());
        let fen = "8/8/4P3/8/8/8/k7/4K3 w - - 0 1";
        assert_eq!(try_move(fen, "e7=Q").unwrap_err().code, code::PROMOTION);
    }

    #[test]
    fn en_passant_not_available() {
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1";
        let e = try_move(fen, "exd6").unwrap_err();
        assert_eq!(e.code, code::EN_PASSANT, "{}", e.message);
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert!(try_move(fen, "exd6").is_ok());
    }

    #[test]
    fn after_checkmate() {
        let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        assert_eq!(
            try_move(mated, "e4").unwrap_err().code,
            code::AFTER_GAME_END
        );
    }
}
