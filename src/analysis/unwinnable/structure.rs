//! What the pieces can ever do, over-approximated, behind the pawns that can never move: the
//! ground of the static tier ([`super::walls`]).
//!
//! A pawn is *frozen* when it can never move and never be captured, whatever is played. The
//! frozen set is a set `F` of pawns such that, when every other piece goes wherever its moves
//! lead through squares not in `F` (other pieces are ignored, as if they could always step
//! aside), every pawn of `F`
//!
//! 1. has a pawn of `F` on the square in front of it (it cannot advance);
//! 2. has no enemy pawn of `F` on a square it attacks (it cannot capture one, and none can
//!    capture it: pawn attacks are mirror images);
//! 3. attacks no square an enemy piece can reach (nothing to capture ever comes);
//! 4. stands on no square an enemy piece can attack (nothing can ever capture it), except the
//!    enemy king when a pawn of `F` defends it (the king would step into check).
//!
//! Soundness: suppose every pawn of `F` stood still up to some move. Then every other piece
//! stayed inside the squares computed for it below (each real move is one of the moves allowed
//! there), so by 1–4 no pawn of `F` could move or be taken by the next move either: by induction
//! the pawns of `F` never move. The computation starts from the pawns that stand in front of
//! pawns and drops those that break a condition until none does; dropping pawns only widens what
//! the others can do, so what is left is such a set. An en passant capture available now is the
//! one thing this does not see (the pawn that could be taken has passed already): the caller
//! does not ask about such a position.
//!
//! The squares a piece may ever stand on (its *reach*):
//! * a king: king steps to squares not in `F` and not attacked by an enemy pawn of `F` (a king
//!   never steps into check, and those squares stay attacked); castling moves along the first
//!   rank, where no pawn ever stands, so king steps cover it;
//! * a knight, bishop, rook or queen: its moves through and to squares not in `F`;
//! * a pawn: steps forward, two steps from its first rank, to squares not in `F` and not past an
//!   enemy pawn that faces it on the file and blocks it for good ([`Pairs`]); diagonal steps only
//!   to squares an enemy piece other than the king may stand on (a pawn moves diagonally only to
//!   take, en passant included: the pawn taken could have stood on the square passed); from the
//!   last rank, what a queen or a knight reaches from there (a rook or bishop reaches no more
//!   than a queen).
//!
//! These sets feed each other (a pawn's captures depend on the enemy's reach), so they are
//! computed as a least fixpoint: start with no captures, widen by what the last pass allowed.
//! The final sets satisfy every rule above, and by induction over the moves every piece stays
//! inside its set. The squares a piece may ever attack are those it attacks from its reach, with
//! only `F` in the way of a line piece.

use shakmaty::{Bitboard, Board, Color, Role, Square, attacks};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_B: u64 = FILE_A << 1;
const FILE_G: u64 = FILE_A << 6;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xff;
const RANK_2: u64 = RANK_1 << 8;
const RANK_7: u64 = RANK_1 << 48;
const RANK_8: u64 = RANK_1 << 56;

/// The squares next to the squares of `bb` (and `bb` itself).
#[inline]
pub(super) fn king_steps(bb: u64) -> u64 {
    let h = bb | ((bb & !FILE_A) >> 1) | ((bb & !FILE_H) << 1);
    h | (h << 8) | (h >> 8)
}

/// The squares a knight on a square of `bb` attacks.
#[inline]
fn knight_steps(bb: u64) -> u64 {
    let l1 = (bb & !FILE_A) >> 1;
    let l2 = (bb & !(FILE_A | FILE_B)) >> 2;
    let r1 = (bb & !FILE_H) << 1;
    let r2 = (bb & !(FILE_G | FILE_H)) << 2;
    let h1 = l1 | r1;
    let h2 = l2 | r2;
    (h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8)
}

/// The squares pawns of `color` on `bb` attack.
#[inline]
pub(super) fn pawn_caps(color: Color, bb: u64) -> u64 {
    match color {
        Color::White => ((bb & !FILE_A) << 7) | ((bb & !FILE_H) << 9),
        Color::Black => ((bb & !FILE_A) >> 9) | ((bb & !FILE_H) >> 7),
    }
}

/// The squares in front of pawns of `color` on `bb`.
#[inline]
fn forward(color: Color, bb: u64) -> u64 {
    match color {
        Color::White => bb << 8,
        Color::Black => bb >> 8,
    }
}

/// What one piece may ever do: the squares it may stand on and those it may attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Reach {
    /// Squares it may ever stand on (its own included).
    pub(super) stand: u64,
    /// Squares it may ever attack.
    pub(super) attack: u64,
}

/// The frozen pawns of a position and the reach of every other piece.
#[derive(Clone, Debug)]
pub(super) struct Structure {
    /// The pawns that never move and are never captured.
    pub(super) frozen: u64,
    /// Per square: the reach of the piece there (empty for an empty square or a frozen pawn).
    reach: [Reach; 64],
}

impl Structure {
    /// The structure of `board`, or `None` when no pawn is frozen (then nothing is learnt:
    /// every piece may go anywhere). The caller makes sure no en passant capture is available.
    ///
    /// Each round computes the reach of the pieces against the frozen set of the round and drops
    /// the pawns that break a condition, piece by piece (a reach computed against more frozen
    /// pawns is smaller than the true one, so what it breaks is broken); the rounds stop when
    /// one drops nothing, and then every condition holds against the set that is left. In an open
    /// position the first knight or queen unfreezes everything and the work stops there.
    pub(super) fn of(board: &Board) -> Option<Structure> {
        let mut frozen = blocked_pawns(board);
        while frozen != 0 {
            let (s, kept) = Structure::round(board, frozen);
            if kept == frozen {
                return Some(s);
            }
            frozen = kept;
        }
        None
    }

    /// One round against `frozen`: the structure, and the pawns of `frozen` left (all of them
    /// when the structure is complete).
    ///
    /// Within a round the reach of the pieces is a least fixpoint: a pawn's diagonal steps
    /// (captures) go only to squares some enemy piece other than the king may stand on, and two
    /// enemy pawns that face each other on a file ([`Pairs`]) block each other while neither may
    /// leave the file or be captured; each pass widens the reach by what the last one allowed,
    /// until nothing changes. Every pass is smaller than the final one, so what a pass breaks of
    /// conditions 3 and 4 is broken.
    fn round(board: &Board, frozen: u64) -> (Structure, u64) {
        let pairs = Pairs::of(board, frozen);
        let mut unlocked = 0u64;
        let mut captures = [0u64; 2];
        let mut kept = frozen;
        loop {
            let mut s = Structure {
                frozen,
                reach: [Reach::default(); 64],
            };
            let mut stand = [0u64; 2];
            let mut attack = [0u64; 2];
            for role in ORDER {
                for color in Color::ALL {
                    let enemy_frozen = frozen & board.by_color(!color).0 & board.pawns().0;
                    let king_ban = frozen | pawn_caps(!color, enemy_frozen);
                    for sq in board.by_piece(role.of(color)) & !Bitboard(frozen) {
                        let from = Bitboard::from_square(sq).0;
                        let r = match role {
                            Role::King => king_reach(from, king_ban),
                            Role::Pawn => {
                                let limit = match unlocked & from {
                                    0 => pairs.beyond[sq as usize],
                                    _ => 0,
                                };
                                pawn_reach(color, from, frozen, limit, captures[!color as usize])
                            }
                            role => piece_reach(role, from, frozen),
                        };
                        s.reach[sq as usize] = r;
                        if role != Role::King {
                            stand[color as usize] |= r.stand;
                        }
                        attack[color as usize] |= r.attack;
                        let mut broken = broken_by(board, !color, r);
                        if role == Role::King {
                            // A king never takes a pawn a frozen pawn defends (it would step
                            // into check, and the defender stays).
                            let defenders = frozen & board.by_color(!color).0;
                            broken &= !pawn_caps(!color, defenders & board.pawns().0);
                        }
                        kept &= !broken;
                        if kept == 0 {
                            return (s, 0);
                        }
                    }
                }
            }
            let now_unlocked = unlocked | pairs.broken(board, &s, &attack);
            if stand == captures && now_unlocked == unlocked {
                kept &= s.still_frozen(board);
                return (s, kept);
            }
            captures = stand;
            unlocked = now_unlocked;
        }
    }

    /// The pawns of `self.frozen` that keep conditions 1 and 2 of the module documentation
    /// (3 and 4 are checked piece by piece: [`broken_by`]).
    fn still_frozen(&self, board: &Board) -> u64 {
        let mut kept = self.frozen;
        for color in Color::ALL {
            let ours = self.frozen & board.by_color(color).0;
            let theirs = self.frozen & board.by_color(!color).0;
            kept &= !(ours & pawn_caps(!color, theirs));
        }
        // Condition 1 against what is left (a pawn in front may have been dropped).
        loop {
            let mut next = 0;
            for color in Color::ALL {
                let ours = kept & board.by_color(color).0;
                next |= ours & forward(!color, kept);
            }
            if next == kept {
                return kept;
            }
            kept = next;
        }
    }

    /// The reach of the piece on `sq` (empty for an empty square or a frozen pawn).
    #[inline]
    pub(super) fn reach(&self, sq: Square) -> Reach {
        self.reach[sq as usize]
    }
}

/// The order in which pieces are looked at: those that reach farthest first, they unfreeze the
/// most.
const ORDER: [Role; 6] = [
    Role::Knight,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::King,
    Role::Pawn,
];

/// Enemy pawns that face each other on a file, nothing but pieces between. A pawn `p` never gets
/// past the pawn `q` it faces while `p` never leaves the file (no diagonal step in its reach) and
/// `q` never leaves it nor is captured (no enemy piece attacks a square of `q`'s reach): `p`
/// steps forward onto empty squares only, and `q` stays on the file in front of it. So `p` never
/// reaches `q`'s square or beyond. (If `p` is captured it reaches nothing more, so whether `p`
/// can be captured does not matter for `p`.)
struct Pairs {
    /// Per pawn square: the squares of its file from the facing pawn's square on (0 if none).
    beyond: [u64; 64],
    /// Per pawn square: the square of the pawn it faces.
    partner: [Option<Square>; 64],
    /// The pawns that have a partner.
    paired: u64,
}

impl Pairs {
    fn of(board: &Board, frozen: u64) -> Pairs {
        let mut pairs = Pairs {
            beyond: [0; 64],
            partner: [None; 64],
            paired: 0,
        };
        let pawns = board.pawns().0 & !frozen;
        for sq in Bitboard(pawns & board.white().0) {
            let file = FILE_A << (sq as u32 % 8);
            // The first pawn above it on the file, and the first below that one.
            let above = board.pawns().0 & file & !((2u64 << sq as u32).wrapping_sub(1));
            let Some(q) = Bitboard(above).first() else {
                continue;
            };
            if board.black().0 & pawns & Bitboard::from_square(q).0 == 0 {
                continue;
            }
            let q_bit = Bitboard::from_square(q).0;
            let from_q_up = file & !(q_bit - 1);
            let from_sq_down = file & ((2u64 << sq as u32) - 1);
            pairs.beyond[sq as usize] = from_q_up;
            pairs.beyond[q as usize] = from_sq_down;
            pairs.partner[sq as usize] = Some(q);
            pairs.partner[q as usize] = Some(sq);
            pairs.paired |= Bitboard::from_square(sq).0 | q_bit;
        }
        pairs
    }

    /// The paired pawns that the pawn they face no longer blocks, by the reach `s` and the
    /// attacks `attack` of a pass: the pawn leaves its file, or the one it faces leaves it or may
    /// be captured.
    fn broken(&self, board: &Board, s: &Structure, attack: &[u64; 2]) -> u64 {
        let leaves = |sq: Square| s.reach(sq).stand & !(FILE_A << (sq as u32 % 8)) != 0;
        let mut broken = 0;
        for p in Bitboard(self.paired) {
            let Some(q) = self.partner[p as usize] else {
                continue;
            };
            let q_color = board.color_at(q).unwrap_or(Color::White);
            let captured = s.reach(q).stand & attack[!q_color as usize] != 0;
            if leaves(p) || leaves(q) || captured {
                broken |= Bitboard::from_square(p).0;
            }
        }
        broken
    }
}

/// The pawns of `victims` (of the colour opposite to the piece) that a piece with reach `r`
/// unfreezes: conditions 3 and 4 (it may come to a square such a pawn attacks, or attack the
/// pawn).
#[inline]
fn broken_by(board: &Board, victims: Color, r: Reach) -> u64 {
    let pawns = (board.pawns() & board.by_color(victims)).0;
    // The pawns that attack a square of `r.stand` stand on the squares a pawn of the other
    // colour attacks from `r.stand`.
    (pawn_caps(!victims, r.stand) | r.attack) & pawns
}

/// Pawns that stand in front of pawns that stand in front of pawns ... (condition 1 alone, and
/// no two enemy pawns attacking each other): the first guess at the frozen set, from pawns
/// only.
fn blocked_pawns(board: &Board) -> u64 {
    let white = (board.pawns() & board.white()).0;
    let black = (board.pawns() & board.black()).0;
    // A pawn that attacks an enemy pawn can capture it: neither is frozen.
    let white_attacked = pawn_caps(Color::Black, black);
    let black_attacked = pawn_caps(Color::White, white);
    let mut kept = (white & !white_attacked) | (black & !black_attacked);
    loop {
        let next = (kept & white & (kept >> 8)) | (kept & black & (kept << 8));
        if next == kept {
            return kept;
        }
        kept = next;
    }
}

/// A king's reach from `from`, never on `ban`.
fn king_reach(from: u64, ban: u64) -> Reach {
    let mut stand = from;
    loop {
        let next = king_steps(stand) & !ban;
        let next = next | stand;
        if next == stand {
            break;
        }
        stand = next;
    }
    // A king attacks the squares next to it; when it can go to more than one square, every
    // square it stands on is next to another.
    let attack = match stand.count_ones() {
        1 => king_steps(stand) & !stand,
        _ => king_steps(stand),
    };
    Reach { stand, attack }
}

/// The reach of a knight, bishop, rook or queen from the squares `from`, through squares not in
/// `frozen`.
fn piece_reach(role: Role, from: u64, frozen: u64) -> Reach {
    let mut stand = from;
    let mut frontier = from;
    let mut attack = 0;
    while frontier != 0 {
        let mut next = 0;
        match role {
            Role::Knight => next = knight_steps(frontier),
            _ => {
                for sq in Bitboard(frontier) {
                    next |= line_attacks(role, sq, frozen);
                }
            }
        }
        attack |= next;
        frontier = next & !frozen & !stand;
        stand |= frontier;
    }
    Reach { stand, attack }
}

/// The squares a line piece of `role` on `sq` attacks, with `occupied` in the way.
#[inline]
fn line_attacks(role: Role, sq: Square, occupied: u64) -> u64 {
    let occupied = Bitboard(occupied);
    match role {
        Role::Bishop => attacks::bishop_attacks(sq, occupied).0,
        Role::Rook => attacks::rook_attacks(sq, occupied).0,
        _ => attacks::queen_attacks(sq, occupied).0,
    }
}

/// A pawn's reach from `from`, and what it may promote to: forward steps never into `limit`
/// (the squares a facing pawn blocks), diagonal steps only onto `captures` (squares an enemy
/// piece other than the king may stand on: a pawn moves diagonally only to take).
fn pawn_reach(color: Color, from: u64, frozen: u64, limit: u64, captures: u64) -> Reach {
    let (first, last) = match color {
        Color::White => (RANK_2, RANK_8),
        Color::Black => (RANK_7, RANK_1),
    };
    let mut stand = from;
    let mut frontier = from;
    while frontier != 0 {
        let single = forward(color, frontier) & !frozen & !limit;
        let double = forward(color, single & forward(color, frontier & first)) & !frozen & !limit;
        let diagonal = pawn_caps(color, frontier) & captures & !frozen;
        let next = (single | double | diagonal) & !stand;
        stand |= next;
        frontier = next & !last;
    }
    let mut attack = pawn_caps(color, stand & !last);
    let promoted = stand & last;
    if promoted != 0 {
        let queen = piece_reach(Role::Queen, promoted, frozen);
        let knight = piece_reach(Role::Knight, promoted, frozen);
        stand |= queen.stand | knight.stand;
        attack |= queen.attack | knight.attack;
    }
    Reach { stand, attack }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        shakmaty::Position::board(&super::super::tests::pos(fen)).clone()
    }

    #[test]
    fn steps() {
        let a1 = Bitboard::from_square(Square::A1).0;
        assert_eq!(
            Bitboard(king_steps(a1) & !a1),
            attacks::king_attacks(Square::A1)
        );
        for sq in Square::ALL {
            let bit = Bitboard::from_square(sq).0;
            assert_eq!(
                Bitboard(knight_steps(bit)),
                attacks::knight_attacks(sq),
                "{sq}"
            );
            assert_eq!(
                Bitboard(king_steps(bit) & !bit),
                attacks::king_attacks(sq),
                "{sq}"
            );
            assert_eq!(
                Bitboard(pawn_caps(Color::White, bit)),
                attacks::pawn_attacks(Color::White, sq)
            );
            assert_eq!(
                Bitboard(pawn_caps(Color::Black, bit)),
                attacks::pawn_attacks(Color::Black, sq)
            );
        }
    }

    #[test]
    fn a_locked_chain_is_frozen() {
        let b = board("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1");
        let s = Structure::of(&b).unwrap();
        assert_eq!(Bitboard(s.frozen), b.pawns());
        let king = s.reach(Square::E1).stand;
        assert_eq!(king & RANK_8, 0, "the white king stays behind the wall");
    }

    #[test]
    fn pawns_that_can_be_reached_are_not_frozen() {
        // The a-pawns are not defended: the white king can take a5.
        let b = board("4k3/8/8/p7/P7/8/8/4K3 w - - 0 1");
        assert!(Structure::of(&b).is_none());
        // A knight can come to attack anything: no pawn frozen.
        let b = board("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K1N1 w - - 0 1");
        assert!(Structure::of(&b).is_none());
        // Pawns that attack each other.
        let b = board("4k3/8/8/1p6/P7/8/8/4K3 w - - 0 1");
        assert!(Structure::of(&b).is_none());
    }

    #[test]
    fn promotion_reaches_everywhere() {
        let r = pawn_reach(Color::White, Bitboard::from_square(Square::A6).0, 0, 0, !0);
        assert_eq!(r.stand, !0, "a queen from a8 reaches every square");
        // Behind a frozen a7, the pawn still goes round by b7 (a capture, if something is there).
        let blocked = pawn_reach(
            Color::White,
            Bitboard::from_square(Square::A6).0,
            1 << 48,
            0,
            !0,
        );
        assert_eq!(blocked.stand & (1 << 48), 0, "never on the frozen square");
        assert_ne!(blocked.stand & (1 << 49), 0, "b7");
    }
}
