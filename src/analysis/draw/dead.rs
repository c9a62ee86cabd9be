//! Positions that end the game by themselves: dead positions (FIDE Laws art. 5.2.2, including
//! insufficient material) and the classification of single positions for
//! `arbiter audit --positions`.

use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Position, Role, attacks};

use crate::analysis::text::color_name as color_word;

/// Why a position is dead (art. 5.2.2), or `None` when our detector cannot show it.
///
/// The detector is sound: it never calls a winnable position dead. It knows every
/// insufficient-material case (K v K, K+B v K, K+N v K, any bishops all on squares of one colour)
/// and positions of kings and pawns where no pawn can ever move or capture and no king can ever
/// take a pawn, so no check, let alone mate, can ever happen.
pub fn dead_position(pos: &Chess) -> Option<String> {
    if !may_be_dead(pos) {
        return None;
    }
    if pos.is_insufficient_material() {
        return Some(format!("insufficient material ({})", material(pos)));
    }
    locked_pawns(pos).then(|| {
        "pawns locked, no pawn can move or capture and no king can reach a pawn it could take"
            .to_owned()
    })
}

/// Whether `pos` can be dead at all, by its material alone: false for most positions, where a
/// pawn, rook or queen rules out insufficient material and a piece other than kings and pawns
/// rules out locked pawns (a few instructions; [`dead_position`] decides the rest).
#[inline]
pub(super) fn may_be_dead(pos: &Chess) -> bool {
    let board = pos.board();
    (board.pawns() | board.rooks_and_queens()).is_empty()
        || board.occupied() == (board.kings() | board.pawns())
}

/// `"K+B v K"`: the material of both sides, white first.
pub fn material(pos: &Chess) -> String {
    let side = |color: Color| {
        let mut s = String::from("K");
        for (role, letter) in [
            (Role::Queen, 'Q'),
            (Role::Rook, 'R'),
            (Role::Bishop, 'B'),
            (Role::Knight, 'N'),
            (Role::Pawn, 'P'),
        ] {
            for _ in 0..(pos.board().by_piece(role.of(color))).count() {
                s.push('+');
                s.push(letter);
            }
        }
        s
    };
    format!("{} v {}", side(Color::White), side(Color::Black))
}

/// Kings and pawns only, every pawn frozen, no capture ever possible.
fn locked_pawns(pos: &Chess) -> bool {
    let board = pos.board();
    let pawns = board.pawns();
    if board.occupied() != (board.kings() | pawns) || pawns.is_empty() || pos.is_check() {
        return false;
    }
    if pos.ep_square(EnPassantMode::Legal).is_some() {
        return false;
    }
    // Frozen pawns: the square in front holds a pawn that is itself frozen (fixpoint).
    let mut frozen = pawns;
    loop {
        let mut changed = false;
        for sq in frozen {
            let color = board.color_at(sq).unwrap_or(Color::White);
            let front = sq.offset(if color == Color::White { 8 } else { -8 });
            let stays = front.is_some_and(|f| frozen.contains(f));
            if !stays {
                frozen.discard(sq);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if frozen != pawns {
        return false;
    }
    // No pawn attacks an enemy pawn (and none ever will: pawns do not move).
    for color in Color::ALL {
        let ours = board.by_piece(Role::Pawn.of(color));
        let theirs = board.by_piece(Role::Pawn.of(!color));
        if ours
            .into_iter()
            .any(|sq| (attacks::pawn_attacks(color, sq) & theirs).any())
        {
            return false;
        }
    }
    // No king can ever take a pawn: flood the squares each king can reach (not its own pawns,
    // not squares attacked by enemy pawns) and look for an enemy pawn no pawn defends.
    for color in Color::ALL {
        let Some(king) = board.king_of(color) else {
            return false;
        };
        let own_pawns = board.by_piece(Role::Pawn.of(color));
        let enemy_pawns = board.by_piece(Role::Pawn.of(!color));
        let mut attacked = Bitboard::EMPTY;
        for sq in enemy_pawns {
            attacked |= attacks::pawn_attacks(!color, sq);
        }
        let mut defended = Bitboard::EMPTY;
        for sq in enemy_pawns {
            defended |= attacks::pawn_attacks(!color, sq);
        }
        let passable = !own_pawns & !attacked & !enemy_pawns;
        let mut reached = Bitboard::from_square(king);
        loop {
            let mut next = reached;
            for sq in reached {
                next |= attacks::king_attacks(sq) & passable;
            }
            if next == reached {
                break;
            }
            reached = next;
        }
        let mut touch = Bitboard::EMPTY;
        for sq in reached {
            touch |= attacks::king_attacks(sq);
        }
        if (touch & enemy_pawns & !defended).any() {
            return false;
        }
    }
    true
}

/// What one position is, for `--positions`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionVerdict {
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// Which sides cannot possibly checkmate (art. 5.1.2 / 6.9 "insufficient material"):
    /// `none`, `white`, `black` or `both`.
    pub insufficient_material: &'static str,
    /// No sequence of legal moves can lead to checkmate (art. 5.2.2), as far as our sound
    /// detector can show.
    pub dead: bool,
    /// Why, in words.
    pub reason: Option<String>,
}

/// Classifies one position.
pub fn classify(pos: &Chess) -> PositionVerdict {
    let no_moves = pos.legal_moves().is_empty();
    let checkmate = no_moves && pos.is_check();
    let stalemate = no_moves && !pos.is_check();
    let white = pos.has_insufficient_material(Color::White);
    let black = pos.has_insufficient_material(Color::Black);
    let insufficient_material = match (white, black) {
        (true, true) => "both",
        (true, false) => "white",
        (false, true) => "black",
        (false, false) => "none",
    };
    let dead_reason = if checkmate { None } else { dead_position(pos) };
    let reason = if checkmate {
        Some(format!("{} is checkmated", color_word(pos.turn())))
    } else if stalemate {
        Some(format!("{} is stalemated", color_word(pos.turn())))
    } else {
        dead_reason.clone()
    };
    PositionVerdict {
        checkmate,
        stalemate,
        insufficient_material,
        dead: dead_reason.is_some() || stalemate,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn insufficient_material_cases() {
        for dead in [
            "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
            "8/8/4k3/8/8/3KB3/8/8 w - - 0 1",
            "8/8/4k3/8/8/3KN3/8/8 w - - 0 1",
            "8/8/4k3/2b5/8/3KB3/8/8 w - - 0 1",
        ] {
            assert!(dead_position(&pos(dead)).is_some(), "{dead}");
        }
        for alive in [
            "8/8/3nk3/8/8/3KN3/8/8 w - - 0 1",
            "8/8/3bk3/8/8/3KN3/8/8 w - - 0 1",
            "8/3b4/4k3/8/8/3KB3/8/8 w - - 0 1",
            "8/8/4k3/8/8/2NKN3/8/8 w - - 0 1",
            "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",
        ] {
            assert!(dead_position(&pos(alive)).is_none(), "{alive}");
        }
    }

    #[test]
    fn locked_pawn_walls() {
        // A full locked chain: kings on their own side, no captures possible.
        assert!(locked_pawns(&pos(
            "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1"
        )));
        // An unprotected pawn the king can reach: not dead.
        assert!(!locked_pawns(&pos("4k3/8/8/p7/P7/8/8/4K3 w - - 0 1")));
        // A pawn that can still move: not dead.
        assert!(!locked_pawns(&pos(
            "4k3/8/8/p1p1p1p1/P1P1P1P1/8/7P/4K3 w - - 0 1"
        )));
        // Pawns that can capture: not dead.
        assert!(!locked_pawns(&pos("4k3/8/8/1p6/P7/8/8/4K3 w - - 0 1")));
    }

    #[test]
    fn classify_positions() {
        let mate = classify(&pos(
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        ));
        assert!(mate.checkmate && !mate.dead);
        let stale = classify(&pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
        assert!(stale.stalemate);
        let kbk = classify(&pos("8/8/4k3/8/8/3KB3/8/8 w - - 0 1"));
        assert_eq!(kbk.insufficient_material, "both");
        assert!(kbk.dead);
        let krk = classify(&pos("8/8/4k3/8/8/3K4/8/R7 w - - 0 1"));
        assert_eq!(krk.insufficient_material, "black");
        assert!(!krk.dead);
    }
}
