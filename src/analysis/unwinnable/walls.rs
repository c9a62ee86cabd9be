//! The static tier's rules on pawn walls ([`super::structure`]): the winner can never check the
//! loser's king, or only with bishops of one colour that can never close a mating net.

use shakmaty::{Bitboard, Board, Color, Role, Square, attacks};

use super::structure::{Structure, king_steps, pawn_caps};

/// Why the winner can never checkmate behind the pawns that can never move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wall {
    /// No piece of the winner can ever attack a square the loser's king can ever stand on.
    ///
    /// Argument: the squares the loser's king may ever stand on and those the winner's pieces
    /// may ever attack are over-approximated ([`super::structure`]: frozen pawns stay where
    /// they are, every other piece goes wherever its moves lead through the rest). The two sets
    /// do not meet, so no check is ever given (a king gives none, and a frozen pawn never
    /// attacks a square the loser's king can stand on: those squares are left out of its
    /// reach), and a mate needs a check.
    NoCheck,
    /// The only pieces of the winner that can ever attack the loser's king region are bishops
    /// on squares of one colour, and at no square of that colour can the loser's king have its
    /// flights closed.
    ///
    /// Argument: as for [`super::Material::BishopsOfOneColour`], a mate on a square `s` of the
    /// bishops' colour, checked along a diagonal whose first square is `s + (a, b)`, needs both
    /// squares `s + (a, 0)` and `s + (0, b)` (inside the board, of the other colour) closed to
    /// the king: no bishop attacks them and no other piece that attacks the king region exists,
    /// so each must be held by a frozen pawn, attacked by a frozen pawn of the winner (then it
    /// is not in the king region), occupied by some piece (it must be able to come there), or
    /// covered by the winner's king (at most one of the two: the squares next to one and two
    /// squares from `s` are `s + (2a, ·)`, next to the other `s + (·, 2b)`). For every square
    /// of the king region and every diagonal along which a bishop could check it (a bishop can
    /// stand on that diagonal, with no frozen pawn between), the two squares cannot both be so
    /// closed. Whether a piece that comes could then take or block the bishop is not even asked.
    BishopsCannotMate {
        /// The bishops are on light squares (else dark).
        light: bool,
    },
    /// The winner can check, but on no square the loser's king can stand on can every flight
    /// be closed.
    ///
    /// Argument: a mate on a square `s` needs a check (a piece of the winner that may attack
    /// `s`) and every square next to `s` closed to the king: not in the king's region (held by a
    /// frozen pawn or attacked by one of the winner's), or held by a piece (one that may come
    /// there), or attacked by a piece of the winner other than the king (one that may attack
    /// it), or by the winner's king (from a square it may stand on, two squares or more from
    /// `s`). For every square of the region that the winner may attack, some flight is none of
    /// these.
    NoMatingNet,
}

impl Wall {
    /// What the rule says, in words, without the side (the caller names it).
    pub fn describe(self) -> &'static str {
        match self {
            Wall::NoCheck => {
                "can never give check: the pawns that can never move keep its pieces away from \
                 every square the opponent's king can reach"
            }
            Wall::BishopsCannotMate { light: true } => {
                "can give check only with light-squared bishops behind pawns that can never move, \
                 and no square the opponent's king can reach lets them close a mating net"
            }
            Wall::NoMatingNet => {
                "can never close a mating net: behind pawns that can never move, every square the \
                 opponent's king can reach where it could be checked keeps a flight no piece can \
                 ever cover or block"
            }
            Wall::BishopsCannotMate { light: false } => {
                "can give check only with dark-squared bishops behind pawns that can never move, \
                 and no square the opponent's king can reach lets them close a mating net"
            }
        }
    }
}

/// Whether `board` has pawns that may be frozen at all: a cheap gate before [`walls`].
#[inline]
pub(super) fn may_have_walls(board: &Board) -> bool {
    let white = (board.pawns() & board.white()).0;
    let black = (board.pawns() & board.black()).0;
    (white << 8) & black != 0
}

/// The wall rule by which `winner` can never checkmate on `board`, if any. The caller makes sure
/// that no en passant capture is available in the position.
pub(super) fn walls(board: &Board, winner: Color) -> Option<Wall> {
    let s = Structure::of(board)?;
    let king = board.king_of(!winner)?;
    let region = s.reach(king).stand;
    let mut checkers = 0u64;
    let mut bishops_only = true;
    for sq in board.by_color(winner) & !board.kings() & !Bitboard(s.frozen) {
        if s.reach(sq).attack & region != 0 {
            checkers |= Bitboard::from_square(sq).0;
            bishops_only &= board.role_at(sq) == Some(Role::Bishop);
        }
    }
    if checkers == 0 {
        return Some(Wall::NoCheck);
    }
    if !net_possible(board, &s, winner, region, checkers) {
        return Some(Wall::NoMatingNet);
    }
    if !bishops_only {
        return None;
    }
    let colour = if checkers & !Bitboard::LIGHT_SQUARES.0 == 0 {
        Bitboard::LIGHT_SQUARES.0
    } else if checkers & !Bitboard::DARK_SQUARES.0 == 0 {
        Bitboard::DARK_SQUARES.0
    } else {
        return None;
    };
    let net = Net::new(board, &s, winner, checkers);
    let closable = Bitboard(region & colour)
        .into_iter()
        .any(|sq| net.closable_at(sq));
    (!closable).then_some(Wall::BishopsCannotMate {
        light: colour == Bitboard::LIGHT_SQUARES.0,
    })
}

/// Whether some square of the loser's king `region` could be a mate ([`Wall::NoMatingNet`]):
/// attacked by a checker (a piece of `checkers`) with every flight closed.
fn net_possible(board: &Board, s: &Structure, winner: Color, region: u64, checkers: u64) -> bool {
    let mut checked = 0;
    for sq in Bitboard(checkers) {
        checked |= s.reach(sq).attack;
    }
    let mut attacked = 0;
    for sq in board.by_color(winner) & !board.kings() & !Bitboard(s.frozen) {
        attacked |= s.reach(sq).attack;
    }
    let mut closed = s.frozen;
    for sq in board.occupied() & !board.kings() & !Bitboard(s.frozen) {
        closed |= s.reach(sq).stand;
    }
    let king = board.king_of(winner).map_or(0, |k| s.reach(k).stand);
    Bitboard(region & checked).into_iter().any(|sq| {
        let bit = Bitboard::from_square(sq).0;
        let near = king_steps(bit);
        let covered = king_steps(king & !near);
        let flights = near & !bit & region;
        flights & !(closed | attacked | covered) == 0
    })
}

/// What a mating net by bishops of one colour may use.
struct Net {
    frozen: u64,
    /// Squares the checking bishops may stand on.
    bishops: u64,
    /// Squares closed to the loser's king: frozen pawns, squares a frozen pawn of the winner
    /// attacks, squares some piece other than a king may come to.
    closed: u64,
    /// Squares the winner's king may stand on.
    king: u64,
}

impl Net {
    fn new(board: &Board, s: &Structure, winner: Color, checkers: u64) -> Net {
        let mut bishops = 0;
        for sq in Bitboard(checkers) {
            bishops |= s.reach(sq).stand;
        }
        let mut pieces = 0;
        for sq in board.occupied() & !board.kings() & !Bitboard(s.frozen) {
            pieces |= s.reach(sq).stand;
        }
        let winner_frozen = s.frozen & board.by_color(winner).0;
        let king = board.king_of(winner).map_or(0, |k| s.reach(k).stand);
        Net {
            frozen: s.frozen,
            bishops,
            closed: s.frozen | pawn_caps(winner, winner_frozen) | pieces,
            king,
        }
    }

    /// Whether the loser's king on `sq` could be mated by a bishop along some diagonal: the two
    /// squares of the other colour next to it on the checking side can both be closed.
    fn closable_at(&self, sq: Square) -> bool {
        let near = king_steps(Bitboard::from_square(sq).0);
        let covered = |n: Square| attacks::king_attacks(n).0 & self.king & !near != 0;
        let closed = |n: Square| self.closed & Bitboard::from_square(n).0 != 0;
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .into_iter()
            .filter(|&(df, dr)| self.bishop_can_check(sq, df, dr))
            .any(|(df, dr)| {
                let (Some(n1), Some(n2)) = (step(sq, df, 0), step(sq, 0, dr)) else {
                    return false;
                };
                let (c1, c2) = (closed(n1), closed(n2));
                (c1 && c2) || (c1 && covered(n2)) || (c2 && covered(n1))
            })
    }

    /// Whether a checking bishop may stand on the diagonal from `sq` towards `(df, dr)`, with no
    /// frozen pawn between.
    fn bishop_can_check(&self, sq: Square, df: i32, dr: i32) -> bool {
        let mut at = sq;
        while let Some(next) = step(at, df, dr) {
            let bit = Bitboard::from_square(next).0;
            if self.frozen & bit != 0 {
                return false;
            }
            if self.bishops & bit != 0 {
                return true;
            }
            at = next;
        }
        false
    }
}

/// The square `(df, dr)` files and ranks from `sq`, if on the board.
fn step(sq: Square, df: i32, dr: i32) -> Option<Square> {
    let file = sq.file().offset(df)?;
    let rank = sq.rank().offset(dr)?;
    Some(Square::from_coords(file, rank))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    fn board(fen: &str) -> Board {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        pos.board().clone()
    }

    #[test]
    fn behind_a_locked_chain_nobody_checks() {
        let b = board("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1");
        assert_eq!(walls(&b, Color::White), Some(Wall::NoCheck));
        assert_eq!(walls(&b, Color::Black), Some(Wall::NoCheck));
    }

    #[test]
    fn a_free_piece_breaks_the_rule() {
        let b = board("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2R1K3 w - - 0 1");
        assert_eq!(walls(&b, Color::White), None);
    }

    #[test]
    fn gate() {
        assert!(may_have_walls(&board("4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1")));
        assert!(!may_have_walls(&board("4k3/8/3p4/8/3P4/8/8/4K3 w - - 0 1")));
    }
}
