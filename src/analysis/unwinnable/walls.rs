//! The static tier's rules on pawn walls ([`super::structure`]): the winner can never check the
//! loser's king, or only with bishops of one colour that can never close a mating net.

use shakmaty::{Bitboard, Board, Color, Role, Square};

use super::structure::{Structure, king_steps, pawn_caps};

/// Why the winner can never checkmate behind the pawns that can never move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wall {
    /// No piece of the winner can ever attack a square the loser's king can ever stand on.
    ///
    /// Argument: the squares the loser's king may ever stand on and those the winner's pieces
    /// may ever attack are over-approximated (`structure`: frozen pawns stay where
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
    /// is not in the king region), occupied by some piece (it must be able to come there, and
    /// the two squares need two different pieces), or covered by the winner's king (at most one
    /// of the two: the squares next to one and two squares from `s` are `s + (2a, ·)`, next to
    /// the other `s + (·, 2b)`). For every square
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
    /// frozen pawn or attacked by one of the winner's), or attacked by a piece of the winner
    /// other than the king (one that may attack it), or by the winner's king (from a square it
    /// may stand on, two squares or more from `s`), or held by a piece (one that may come
    /// there; a piece holds one square, so the flights held need as many different pieces). For
    /// every square of the region that the winner may attack, the flights cannot all be so
    /// closed.
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
/// attacked by a checker (a piece of `checkers`) with every flight closed. A flight that no piece
/// of the winner attacks and its king cannot cover must hold a piece, and one piece holds one
/// square: the flights that need one must get distinct pieces (a matching).
fn net_possible(board: &Board, s: &Structure, winner: Color, region: u64, checkers: u64) -> bool {
    let mut checked = 0;
    for sq in Bitboard(checkers) {
        checked |= s.reach(sq).attack;
    }
    let mut attacked = 0;
    for sq in board.by_color(winner) & !board.kings() & !Bitboard(s.frozen) {
        attacked |= s.reach(sq).attack;
    }
    let closers = Closers::new(board, s, winner);
    Bitboard(region & checked).into_iter().any(|sq| {
        let bit = Bitboard::from_square(sq).0;
        let near = king_steps(bit);
        let covered = king_steps(closers.king & !near);
        let flights = near & !bit & region & !(attacked | covered);
        closers.can_hold(flights)
    })
}

/// The pieces that may close squares to the loser's king, by standing on them.
struct Closers {
    /// Squares closed for good: frozen pawns, and the squares a frozen pawn of the winner
    /// attacks.
    closed: u64,
    /// The squares each piece other than a king and a frozen pawn may stand on.
    pieces: Vec<u64>,
    /// Squares the winner's king may stand on.
    king: u64,
}

impl Closers {
    fn new(board: &Board, s: &Structure, winner: Color) -> Closers {
        let winner_frozen = s.frozen & board.by_color(winner).0;
        let pieces = (board.occupied() & !board.kings() & !Bitboard(s.frozen))
            .into_iter()
            .map(|sq| s.reach(sq).stand)
            .collect();
        Closers {
            closed: s.frozen | pawn_caps(winner, winner_frozen),
            pieces,
            king: board.king_of(winner).map_or(0, |k| s.reach(k).stand),
        }
    }

    /// Whether every square of `squares` can be held at once: closed for good, or held by a
    /// piece that may stand there, a different piece for each (a matching, by augmenting
    /// paths: at most eight squares).
    fn can_hold(&self, squares: u64) -> bool {
        let open: Vec<u64> = Bitboard(squares & !self.closed)
            .into_iter()
            .map(|sq| Bitboard::from_square(sq).0)
            .collect();
        let mut holder: Vec<Option<usize>> = vec![None; self.pieces.len()];
        open.iter().enumerate().all(|(i, _)| {
            let mut seen = vec![false; self.pieces.len()];
            self.augment(i, &open, &mut holder, &mut seen)
        })
    }

    /// Kuhn's augmenting path from square `i` of `open`.
    fn augment(
        &self,
        i: usize,
        open: &[u64],
        holder: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for (p, &stand) in self.pieces.iter().enumerate() {
            if stand & open[i] == 0 || seen[p] {
                continue;
            }
            seen[p] = true;
            let free = match holder[p] {
                None => true,
                Some(j) => self.augment(j, open, holder, seen),
            };
            if free {
                holder[p] = Some(i);
                return true;
            }
        }
        false
    }
}

/// What a mating net by bishops of one colour may use.
struct Net {
    frozen: u64,
    /// Squares the checking bishops may stand on.
    bishops: u64,
    closers: Closers,
}

impl Net {
    fn new(board: &Board, s: &Structure, winner: Color, checkers: u64) -> Net {
        let mut bishops = 0;
        for sq in Bitboard(checkers) {
            bishops |= s.reach(sq).stand;
        }
        Net {
            frozen: s.frozen,
            bishops,
            closers: Closers::new(board, s, winner),
        }
    }

    /// Whether the loser's king on `sq` could be mated by a bishop along some diagonal: the two
    /// squares of the other colour next to it on the checking side can both be closed (by
    /// distinct pieces, or one by the winner's king).
    fn closable_at(&self, sq: Square) -> bool {
        let near = king_steps(Bitboard::from_square(sq).0);
        let covered = |n: u64| king_steps(n) & self.closers.king & !near != 0;
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .into_iter()
            .filter(|&(df, dr)| self.bishop_can_check(sq, df, dr))
            .any(|(df, dr)| {
                let (Some(n1), Some(n2)) = (step(sq, df, 0), step(sq, 0, dr)) else {
                    return false;
                };
                let (n1, n2) = (Bitboard::from_square(n1).0, Bitboard::from_square(n2).0);
                let hold = |squares| self.closers.can_hold(squares);
                hold(n1 | n2) || (covered(n2) && hold(n1)) || (covered(n1) && hold(n2))
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

    fn board(fen: &str) -> Board {
        shakmaty::Position::board(&super::super::tests::pos(fen)).clone()
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

    /// White: king g1, light-squared bishop b5 and the pawns a4 c4 d3 f3 g4 h5; Black: king d8
    /// and the pawns a5 c5 d4 f4 g5 h6. Every pawn is blocked by the one in front of it, none
    /// attacks an enemy pawn, and the bishop (light) never attacks one (they all stand on dark
    /// squares): nothing moves them. The white king stays on the first three ranks (b4, e3, g3
    /// and h4 are attacked by black pawns), so only the bishop checks, on light squares. A mate
    /// on a light square `s` checked along a diagonal whose first square is `s + (a, b)` needs
    /// both dark squares `s + (a, 0)` and `s + (0, b)` closed, and Black has no piece to hold
    /// them and White's pawns attack no dark square: only the black pawns a5 c5 g5 h6 can close
    /// them, and the one light square next to two of them on such a pair is g6 (h6, g5), which
    /// h5 attacks. So White never mates (CHA, run here on the position, agrees: unwinnable).
    const NET: &str = "3k4/8/7p/pBp3pP/P1Pp1pP1/3P1P2/8/6K1 w - - 0 1";

    #[test]
    fn the_mating_net_rule_decides_a_bishop_behind_a_wall() {
        assert_eq!(walls(&board(NET), Color::White), Some(Wall::NoMatingNet));
        assert_eq!(walls(&board(NET), Color::Black), Some(Wall::NoCheck));
    }

    /// Positions next to those the mating-net rule decides (one piece moved, added or taken
    /// away: the mutants of positions of random locked pawn walls), where a short helpmate
    /// exists: the lines were found by a helpmate search with python-chess (independent of
    /// arbiter, three plies deep), and are replayed here with shakmaty. The rule must not fire,
    /// and the whole procedure must find a helpmate.
    #[test]
    fn the_mating_net_rule_leaves_helpmates_alone() {
        use super::super::tests::pos;
        use shakmaty::{Position, san::San};
        let cases = [
            (NET.replace("/7p/", "/4Q2p/"), Color::White, "Qd7#"),
            (
                "6B1/4p3/1p1pPp1p/1P1P1PpP/6P1/3R4/5K1k/8 b - - 0 1".into(),
                Color::White,
                "Kh1 Rh3#",
            ),
            (
                "4B3/1p1p4/pPpPpBbk/P1P1Pp1p/5PpP/6P1/K7/8 w - - 0 1".into(),
                Color::White,
                "Be7 Bh7 Bf8#",
            ),
            (
                "8/2b3p1/5pPp/kBp1pP1P/1pP1P2K/pP3N2/P7/8 w - - 0 1".into(),
                Color::White,
                "Nxe5 Bb6 Nc6#",
            ),
            (
                "8/p1p1p1p1/PpPpPpPp/1P1P1P1P/2B2q2/K7/3k3b/8 b - - 0 1".into(),
                Color::Black,
                "Kc3 Ba2 Qb4#",
            ),
            (
                "3k4/bp1p4/pPpPp2p/P1P1Pp1P/5Pp1/4K1P1/8/8 w - - 0 1".into(),
                Color::White,
                "bxa7 Kc8 a8=Q#",
            ),
            (
                "6k1/8/8/3p3p/2pPp1pP/1pP1P1Pb/1P4K1/1q6 w - - 0 1".into(),
                Color::Black,
                "Kf2 Qf1#",
            ),
            (
                "1k6/Bp1p4/pPpPp1p1/PNP1PpPp/5P1P/8/8/K7 b - - 0 1".into(),
                Color::White,
                "Ka8 Nc7#",
            ),
            (
                "8/1B6/8/2k5/1p1p1p2/pPpPpPp1/P1P1PQP1/3K4 b - - 0 1".into(),
                Color::Black,
                "gxf2 Bc8 f1=Q#",
            ),
        ];
        for (fen, winner, line) in cases {
            let start = pos(&fen);
            let mut at = start.clone();
            for san in line.split(' ') {
                let m = san
                    .trim_end_matches('#')
                    .parse::<San>()
                    .unwrap()
                    .to_move(&at)
                    .unwrap();
                at.play_unchecked(m);
            }
            assert!(at.is_checkmate() && at.turn() == !winner, "{fen}: {line}");
            assert_ne!(
                walls(start.board(), winner),
                Some(Wall::NoMatingNet),
                "{fen}"
            );
            assert!(super::super::static_tier(&start, winner).is_none(), "{fen}");
            let v = super::super::decide(&start, winner, super::super::Budget::FULL);
            assert_eq!(v.can_mate(), "yes", "{fen}: {v:?}");
        }
    }

    #[test]
    fn gate() {
        assert!(may_have_walls(&board("4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1")));
        assert!(!may_have_walls(&board("4k3/8/3p4/8/3P4/8/8/4K3 w - - 0 1")));
    }
}
