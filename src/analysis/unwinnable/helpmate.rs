//! A helpmate: the series of legal moves that proves a side can still checkmate, in SAN.

use std::fmt;

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

/// A series of legal moves from a position that ends with the loser checkmated. Written in SAN
/// (with `+` and `#`) on demand ([`Helpmate::sans`]: writing SAN costs a move generation per
/// move, which a caller that only needs the verdict does not pay), numbered from the
/// position's move number when displayed (`38...Kh8 39.Qg7#`). Empty when the position is
/// already the loser's checkmate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Helpmate {
    start: Chess,
    moves: Vec<Move>,
}

impl Helpmate {
    /// The helpmate `moves` (legal, one after the other) played from `pos`.
    pub(super) fn new(pos: &Chess, moves: Vec<Move>) -> Helpmate {
        Helpmate {
            start: pos.clone(),
            moves,
        }
    }

    /// The moves, in SAN.
    pub fn sans(&self) -> Vec<SanPlus> {
        let mut at = self.start.clone();
        self.moves
            .iter()
            .map(|&m| SanPlus::from_move_and_play_unchecked(&mut at, m))
            .collect()
    }

    /// Plies in the helpmate.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// The moves in SAN, separated by spaces, without move numbers (`Kh8 Qg7#`).
    pub fn san_text(&self) -> String {
        let mut s = String::new();
        for (i, san) in self.sans().iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            s.push_str(&san.to_string());
        }
        s
    }
}

impl fmt::Display for Helpmate {
    /// The moves numbered as in a PGN movetext: `38...Kh8 39.Qg7#`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut number = self.start.fullmoves().get();
        let mut turn = self.start.turn();
        for (i, san) in self.sans().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            match turn {
                Color::White => write!(f, "{number}.{san}")?,
                Color::Black if i == 0 => write!(f, "{number}...{san}")?,
                Color::Black => write!(f, "{san}")?,
            }
            if turn == Color::Black {
                number += 1;
            }
            turn = !turn;
        }
        Ok(())
    }
}
