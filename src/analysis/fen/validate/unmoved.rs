//! Whether a king with castling rights can be a king that never moved (issue 31): a castling
//! right means the king and that rook are on their starting squares (FIDE art. 3.8.2.1), and
//! some positions prove the king has moved though it stands on its first rank with a rook to
//! castle with — shakmaty (and python-chess's `clean_castling_rights`) look at the king's
//! square and the rook's only. Two proofs are looked for, both sound (a right is never
//! dropped that the position can have):
//!
//! - A Chess960 king starts between its two rooks, so never on the a- or h-file (Chess960
//!   rules, FIDE Laws, Guidelines II).
//! - A king that never moved has had a rook on each side of it since the start, one the
//!   original rook of that side. A rook moves along the first rank (where the unmoved king
//!   stands between the sides) or leaves it up a file, through the square in front; a pawn of
//!   its own colour on the second rank has never moved. So when every square of one side has
//!   such a pawn in front of it, that side is *closed*: no rook has left it or come into it
//!   since the start (only a knight jumps in). A closed side then holds at most one rook (its
//!   original), and the rooks outside the closed sides are the original rooks of the open
//!   sides (at most one each) or promoted ones (at most as many as pawns are missing, less
//!   the promotions other pieces beyond their numbers at the start need). More rooks than
//!   that: the king has moved. `RNBQ1RK1` with its eight pawns at home (white castled short,
//!   `HAkq` written) is such a position: the rooks on a1 and f1 are both on the king's
//!   closed queen side.

use shakmaty::{Bitboard, Board, CastlingMode, Color, File, Rank, Square};

use crate::analysis::text::color_name;

/// Why `color`'s king on its first rank cannot be a king that never moved (its castling rights
/// are then impossible), or `None` when it can be, as far as the proofs of the module header
/// go; the text is the reason of the `fen/castling` warning.
pub(super) fn why_king_moved(board: &Board, color: Color, mode: CastlingMode) -> Option<String> {
    let king = board.king_of(color)?;
    let first = color.backrank();
    if king.rank() != first {
        return None;
    }
    let name = color_name(color);
    if mode == CastlingMode::Chess960 && matches!(king.file(), File::A | File::H) {
        return Some(format!(
            "the {name} king on {king} has moved: a Chess960 king starts between its rooks, never \
             on the a- or h-file"
        ));
    }
    let own = board.by_color(color);
    let rooks = board.rooks() & own;
    let pawns = board.pawns() & own;
    let second = match color {
        Color::White => Rank::Second,
        Color::Black => Rank::Seventh,
    };
    let side = |files: &[File]| -> Bitboard {
        files
            .iter()
            .map(|f| Square::from_coords(*f, first))
            .collect()
    };
    let at = king.file().to_usize();
    let sides = [
        ("queen side", side(&File::ALL[..at])),
        ("king side", side(&File::ALL[at + 1..])),
    ];
    let closed = |side: Bitboard| {
        !side.is_empty()
            && side
                .into_iter()
                .all(|sq| pawns.contains(Square::from_coords(sq.file(), second)))
    };
    let mut inside = 0;
    let mut open = 0;
    let mut closed_names = Vec::new();
    for (label, side) in sides {
        if !closed(side) {
            open += u32::from(!side.is_empty());
            continue;
        }
        let held = rooks & side;
        if held.count() > 1 {
            return Some(format!(
                "the {name} king on {king} has moved: its {label} is closed by pawns that never \
                 moved ({}), so only the rook it started with can be there, yet it holds {} \
                 ({})",
                squares(pawn_squares(side, second)),
                held.count(),
                squares(held)
            ));
        }
        inside += held.count() as u32;
        closed_names.push((label, side));
    }
    if closed_names.is_empty() {
        return None;
    }
    let outside = rooks.count() as u32 - inside;
    let promotions = promotions_left(board, color);
    if outside <= open + promotions {
        return None;
    }
    let (label, side) = closed_names[0];
    let origin = match (open, closed_names.len()) {
        (0, _) => "promoted ones".to_owned(),
        (_, 1) => format!(
            "the rook it started with on its {} and promoted ones",
            if label == "queen side" {
                "king side"
            } else {
                "queen side"
            }
        ),
        _ => "the rooks it started with and promoted ones".to_owned(),
    };
    Some(format!(
        "the {name} king on {king} has moved: its {label} is closed by pawns that never moved \
         ({}), so its rook from there never left it; the {outside} rooks elsewhere ({}) can \
         only be {origin}, of which there can be {promotions}",
        squares(pawn_squares(side, second)),
        squares(rooks & !side_rooks(&closed_names)),
    ))
}

/// The squares of the closed sides.
fn side_rooks(sides: &[(&str, Bitboard)]) -> Bitboard {
    sides
        .iter()
        .fold(Bitboard::EMPTY, |all, (_, side)| all | *side)
}

/// The squares in front of `side`, on `second`.
fn pawn_squares(side: Bitboard, second: Rank) -> Bitboard {
    side.into_iter()
        .map(|sq| Square::from_coords(sq.file(), second))
        .collect()
}

/// How many of `color`'s pawns can have been promoted to a rook: the pawns missing, less the
/// promotions the queens, knights and bishops beyond their numbers at the start need.
fn promotions_left(board: &Board, color: Color) -> u32 {
    let own = board.by_color(color);
    let count = |b: Bitboard| (b & own).count() as u32;
    let missing = 8u32.saturating_sub(count(board.pawns()));
    let extra = count(board.queens()).saturating_sub(1)
        + count(board.knights()).saturating_sub(2)
        + count(board.bishops()).saturating_sub(2);
    missing.saturating_sub(extra)
}

/// `a2` or `a2, b2 and c2`.
fn squares(set: Bitboard) -> String {
    let names: Vec<String> = set.into_iter().map(|s| s.to_string()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn moved(fen: &str, mode: CastlingMode) -> Option<String> {
        let setup = fen.parse::<Fen>().unwrap().into_setup();
        why_king_moved(&setup.board, Color::White, mode)
    }

    #[test]
    fn kings_that_have_moved() {
        use CastlingMode::{Chess960, Standard};
        // Issue 31: castled short, every pawn at home: a1 and f1 on the closed queen side.
        let why = moved(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RK1 w HAkq - 0 1",
            Chess960,
        );
        assert!(
            why.as_deref()
                .is_some_and(|w| w.contains("holds 2 (a1 and f1)")),
            "{why:?}"
        );
        // The h-side closed (h2), the queen side open (e-pawn gone): the h1 rook never left
        // h1 (it was taken there), so a1 and f1 are two rooks for one original and no
        // promotion (eight pawns).
        let why = moved(
            "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPPBPPP/RNBQ1RK1 w HAkq - 0 1",
            Chess960,
        );
        assert!(
            why.as_deref()
                .is_some_and(|w| w.contains("2 rooks elsewhere")),
            "{why:?}"
        );
        // A missing pawn could have become the second rook.
        assert_eq!(
            moved(
                "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPBPPP/RNBQ1RK1 w A - 0 1",
                Chess960
            ),
            None
        );
        // No pawns: the h-rook can have gone round by h2.
        assert_eq!(moved("4k3/8/8/8/8/8/8/RNBQ1RK1 w A - 0 1", Chess960), None);
        // Corner kings in Chess960, not in standard chess (whose king is on e1 anyway).
        assert!(moved("4k3/8/8/8/8/8/PPPPPPPP/R6K w A - 0 1", Chess960).is_some());
        assert!(moved("4k3/8/8/8/8/8/PPPPPPPP/K6R w H - 0 1", Chess960).is_some());
        // Standard chess: two rooks on the closed king side.
        let why = moved("4k3/8/8/8/8/8/PPPPPPPP/R3KR1R w KQ - 0 1", Standard);
        assert!(
            why.as_deref().is_some_and(|w| w.contains("king side")),
            "{why:?}"
        );
        // The start position, and one with the rooks at home and a pawn moved.
        assert_eq!(
            moved(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                Standard
            ),
            None
        );
        assert_eq!(
            moved("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Standard),
            None
        );
        assert_eq!(
            moved(
                "bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w FCfc - 0 1",
                Chess960
            ),
            None
        );
    }
}
