//! The exact identity of a position in the helpmate search's transposition table: pieces,
//! side to move, castling rights and a legal en passant square (FIDE Laws art. 9.2.2, as
//! shakmaty compares positions), packed in 48 bytes. The key is the position itself, not a
//! hash of it, so that two positions can never be taken for one: a search that proves a position
//! unwinnable by visiting every position reachable from it must not skip one it never saw.

use shakmaty::{Chess, EnPassantMode, Position};

/// A position, packed: three bit planes spell each square's role (0 for an empty square), a
/// fourth holds the white pieces, then the rooks with castling rights, and the side to move
/// with the en passant square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key {
    planes: [u64; 4],
    castles: u64,
    meta: u32,
}

impl Key {
    /// The key of `pos`.
    #[inline]
    pub(super) fn of(pos: &Chess) -> Key {
        let b = pos.board();
        // Roles are numbered 1 (pawn) to 6 (king): bit 0 pawn, bishop, queen; bit 1 knight,
        // bishop, king; bit 2 rook, queen, king.
        let planes = [
            (b.pawns() | b.bishops() | b.queens()).0,
            (b.knights() | b.bishops() | b.kings()).0,
            (b.rooks() | b.queens() | b.kings()).0,
            b.white().0,
        ];
        let ep = match pos.maybe_ep_square() {
            // Only a legal en passant capture makes a position different (art. 9.2.2).
            Some(_) => pos
                .ep_square(EnPassantMode::Legal)
                .map_or(0, |sq| u32::from(sq) + 1),
            None => 0,
        };
        Key {
            planes,
            castles: pos.castles().castling_rights().0,
            meta: (ep << 1) | pos.turn() as u32,
        }
    }
}

impl std::hash::Hash for Key {
    /// One word, mixed from the key's (the table's hasher mixes it again): cheaper than hashing
    /// the 48 bytes one by one.
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        const K: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut h = u64::from(self.meta);
        for w in self.planes.into_iter().chain([self.castles]) {
            h = (h ^ w).wrapping_mul(K).rotate_left(29);
        }
        state.write_u64(h);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::pos;
    use super::*;

    #[test]
    fn keys_tell_positions_apart_as_the_laws_do() {
        let start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let black = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        let no_castle = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1");
        let clocks = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30");
        assert_ne!(Key::of(&start), Key::of(&black));
        assert_ne!(Key::of(&start), Key::of(&no_castle));
        assert_eq!(Key::of(&start), Key::of(&clocks));
        // A knight and a bishop on the same square differ.
        let n = pos("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
        let b = pos("4k3/8/8/8/8/8/8/1B2K3 w - - 0 1");
        assert_ne!(Key::of(&n), Key::of(&b));
        // An en passant square counts only when the capture is legal.
        let legal = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        let none = pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
        let useless = pos("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2");
        let useless_none = pos("4k3/8/8/3p4/8/8/8/4K3 w - - 0 2");
        assert_ne!(Key::of(&legal), Key::of(&none));
        assert_eq!(Key::of(&useless), Key::of(&useless_none));
        // The key agrees with shakmaty's equality.
        for (a, b) in [
            (&legal, &none),
            (&useless, &useless_none),
            (&start, &clocks),
        ] {
            assert_eq!(a == b, Key::of(a) == Key::of(b));
        }
    }
}
