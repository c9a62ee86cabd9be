//! The winner's material alone can never checkmate (FIDE Laws art. 5.2.2 and 6.9: "cannot
//! checkmate ... by any possible series of legal moves"): three rules, each with its argument.
//! They hold whatever the position of the pieces, so the search applies them at every node.
//!
//! The winner is the side whose checkmate is asked about, the loser the other side.

use shakmaty::{Bitboard, Board, Color};

/// Why the winner's material can never give checkmate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Material {
    /// The winner has the king alone.
    ///
    /// Argument: a king never gives check (two kings can never stand on adjacent squares, art.
    /// 3.8.2 and 3.9), and with no pawn the winner never gets another piece.
    BareKing,
    /// The winner has king and one knight, no pawn; the loser has nothing but queens.
    ///
    /// Argument: with no pawn on the board neither side's material ever grows. A mate needs a
    /// check, and only the knight can give it (single check: the winner has no line piece to
    /// discover, and a loser's queen is never pinned). Put the loser's king on `s` and the
    /// knight on `s + (1, 2)` (every other case is a reflection of this one). A queen on
    /// `s + (0, 1)` or `s + (1, 1)` would take the knight, so those two flights are empty; they
    /// lie inside the board (the knight's square does) and the knight covers neither, so the
    /// winner's king must cover both, which it does only from `s + (0, 2)` (`s + (1, 2)` holds
    /// the knight; the other squares next to both are next to `s`). Then `s + (1, 1)` is empty
    /// and the flight `s + (1, 0)`, inside the board, is covered by neither king nor knight: it
    /// holds a queen, which takes the knight through `s + (1, 1)`. So the king always escapes
    /// or the checker falls: never mate. (`tests::lone_knight_never_mates` plays every placement
    /// of K+N v K+Q to confirm it.)
    LoneKnight,
    /// The winner has king and bishops, all on squares of one colour, no pawn; the loser has no
    /// pawn, no knight and no bishop on squares of the other colour.
    ///
    /// Argument: with no pawn on the board nobody's material ever changes, and no bishop
    /// changes colour. Only a bishop gives check (no piece of the winner's moves along ranks or
    /// files), so the checked king stands on a square `s` of the bishops' colour, checked along
    /// a diagonal whose first square is `s + (a, b)`. The two squares `s + (a, 0)` and
    /// `s + (0, b)` are inside the board, of the other colour, so no bishop attacks or holds
    /// them; the winner's king covers at most one of them (the squares next to one and two
    /// squares from `s` are `s + (2a, ·)`, next to the other `s + (·, 2b)`: disjoint), so the
    /// other is empty, and an escape, or holds a loser's rook or queen (the only pieces of the
    /// loser that stand on that colour), which is not pinned (the winner has no piece that
    /// moves along ranks or files) and which takes the checker on `s + (a, b)` or steps in
    /// front of it there. The check is single: the winner's other moves are king moves, which
    /// uncover at most one diagonal through `s` (two meet only at `s`), and a bishop that leaves
    /// one diagonal through `s` moves along a line parallel to the other, so it never checks
    /// along both. Never mate. (`tests::bishops_of_one_colour_never_mate`.)
    BishopsOfOneColour,
}

impl Material {
    /// What the rule says, in words (`"White has a king and knights ..."` style, without the
    /// side: the caller names it).
    pub fn describe(self) -> &'static str {
        match self {
            Material::BareKing => "has the king alone",
            Material::LoneKnight => {
                "has king and knight against king and queens only (no pawn on the board)"
            }
            Material::BishopsOfOneColour => {
                "has only bishops on squares of one colour, and the opponent has no pawn, no \
                 knight and no bishop on the other colour"
            }
        }
    }
}

/// The rule by which `winner` can never checkmate on `board` by material alone, if any. A few
/// instructions: the search calls it at every node.
#[inline]
pub fn material(board: &Board, winner: Color) -> Option<Material> {
    let ours = board.by_color(winner) & !board.kings();
    if ours.is_empty() {
        return Some(Material::BareKing);
    }
    if (ours & (board.pawns() | board.rooks_and_queens())).any() {
        return None;
    }
    let theirs = board.by_color(!winner) & !board.kings();
    if (ours & board.knights()).any() {
        let alone = ours.count() == 1;
        return (alone && (theirs & !board.queens()).is_empty()).then_some(Material::LoneKnight);
    }
    // Bishops only.
    let colour = if (ours & Bitboard::DARK_SQUARES).any() {
        Bitboard::DARK_SQUARES
    } else {
        Bitboard::LIGHT_SQUARES
    };
    let one_colour = (board.bishops() & !colour).is_empty();
    let no_blockers = (theirs & (board.pawns() | board.knights())).is_empty();
    (one_colour && no_blockers).then_some(Material::BishopsOfOneColour)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, Chess, FromSetup, Piece, Position, Role, Setup, Square};

    /// Every legal placement of `pieces` (white) and the black king plus `black`, Black to
    /// move, is checked: none is a checkmate of Black. The black king stands in the triangle
    /// a1–d1–d4 (every placement is a reflection of one with the king there), the rest
    /// anywhere.
    fn never_mated(white: &[Role], black: &[Role]) -> u64 {
        let triangle: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|s| s.file() as u32 <= 3 && (s.rank() as u32) <= (s.file() as u32))
            .collect();
        let mut pieces: Vec<Piece> = vec![Piece {
            color: Color::White,
            role: Role::King,
        }];
        pieces.extend(white.iter().map(|&role| Piece {
            color: Color::White,
            role,
        }));
        pieces.extend(black.iter().map(|&role| Piece {
            color: Color::Black,
            role,
        }));
        let mut checked = 0;
        for &k in &triangle {
            let mut squares = vec![0usize; pieces.len()];
            'placements: loop {
                let mut setup = Setup::empty();
                setup.board.set_piece_at(k, Color::Black.king());
                let mut clash = false;
                for (p, &i) in pieces.iter().zip(&squares) {
                    let sq = Square::new(i as u32);
                    if setup.board.piece_at(sq).is_some() {
                        clash = true;
                        break;
                    }
                    setup.board.set_piece_at(sq, *p);
                }
                if !clash {
                    setup.turn = Color::Black;
                    if let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) {
                        checked += 1;
                        assert!(
                            !pos.is_checkmate(),
                            "mate: {}",
                            shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal)
                        );
                    }
                }
                // Next placement (an odometer over the squares of the pieces).
                for i in squares.iter_mut() {
                    *i += 1;
                    if *i < 64 {
                        continue 'placements;
                    }
                    *i = 0;
                }
                break;
            }
        }
        checked
    }

    #[test]
    fn lone_knight_never_mates() {
        assert!(never_mated(&[Role::Knight], &[Role::Queen]) > 1_000_000);
    }

    #[test]
    fn bishops_of_one_colour_never_mate() {
        // A light-squared bishop against a rook or a queen (which stand on any colour), and
        // against a bishop of its own colour: the placements where the bishops share a colour.
        assert!(never_mated(&[Role::Bishop], &[Role::Rook]) > 1_000_000);
        assert!(never_mated(&[Role::Bishop], &[Role::Queen]) > 1_000_000);
        let same_colour = |fen: &str| {
            let pos: Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            material(pos.board(), Color::White)
        };
        assert_eq!(
            same_colour("8/8/4k3/2b5/8/3KB3/8/8 w - - 0 1"),
            Some(Material::BishopsOfOneColour)
        );
        assert_eq!(same_colour("8/8/4k3/3b4/8/3KB3/8/8 w - - 0 1"), None);
    }

    #[test]
    fn material_that_can_mate_is_not_called_insufficient() {
        let m = |fen: &str, winner| {
            let pos: Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            material(pos.board(), winner)
        };
        // The traps: a helpmate exists in each (the search finds them; see the test set).
        assert_eq!(m("8/8/3nk3/8/8/3KN3/8/8 w - - 0 1", Color::White), None);
        assert_eq!(m("8/8/3bk3/8/8/3KN3/8/8 w - - 0 1", Color::White), None);
        assert_eq!(m("8/3b4/4k3/8/8/3KB3/8/8 w - - 0 1", Color::White), None);
        assert_eq!(m("8/8/4k3/8/8/2NKN3/8/8 w - - 0 1", Color::White), None);
        assert_eq!(m("8/8/3rk3/8/8/3KN3/8/8 w - - 0 1", Color::White), None);
        assert_eq!(m("8/8/3pk3/8/8/3KB3/8/8 w - - 0 1", Color::White), None);
        assert_eq!(
            m("8/8/4k3/8/8/3K4/8/8 w - - 0 1", Color::White),
            Some(Material::BareKing)
        );
        assert_eq!(
            m("8/8/3qk3/8/8/3KN3/8/8 w - - 0 1", Color::White),
            Some(Material::LoneKnight)
        );
        assert_eq!(m("8/8/3qk3/8/8/3KN3/8/8 w - - 0 1", Color::Black), None);
    }
}
