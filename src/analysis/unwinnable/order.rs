//! Move ordering for the helpmate search: which moves bring a checkmate of the loser closer.
//! Only speed depends on it: any line found is a proof by itself, and the exhaustive search
//! ([`super::search`]) does not use it.
//!
//! The plan: the loser's king walks to the corner nearest to it (of the colour the winner's
//! bishops need, when they are the winner's only pieces), the winner's pawns run and promote,
//! the winner's pieces come to attack the squares round that corner and take what they can; the
//! loser keeps its pieces and pawns (they are the blockers a mate needs) unless the winner's
//! material cannot mate alone, when the loser's pawns run to promote into blockers.

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role, Square, attacks};

use super::structure::king_steps;

/// The targets of one search.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    winner: Color,
    /// The corner the loser's king heads for, by the square it stands on ([`Plan::corner`]).
    corners: [Square; 64],
    /// The winner's material cannot mate alone: the loser's pawns promote into blockers.
    helpers: bool,
    /// The winner's only pieces are bishops of one colour (dark when true): the corner must
    /// be of that colour.
    bishops: Option<bool>,
}

/// What a node of the search knows about the loser's king.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// The loser's king.
    king: Square,
    /// The corner it heads for.
    corner: Square,
    /// The squares round the corner and round the king: where the winner's pieces should aim.
    zone: u64,
    occupied: Bitboard,
    /// The squares from which a piece of each role (pawn ... queen) checks the king.
    checks: [u64; 5],
    /// The winner's pieces that stand between one of its line pieces and the king.
    discover: u64,
    /// For each of the winner's line pieces (by square): how many squares of `zone` it attacks
    /// (when the winner is to move).
    aim: [u8; 64],
}

impl Plan {
    /// The plan for `winner` in `pos`.
    pub(super) fn new(pos: &Chess, winner: Color) -> Plan {
        let board = pos.board();
        let ours = board.by_color(winner) & !board.kings();
        let bishops_only = ours.any() && (ours & !board.bishops()).is_empty();
        let bishops = bishops_only.then(|| one_colour(ours)).flatten();
        let helpers = needs_helpers(board, winner);
        // Blockers that are bishops of one colour can stand only on the corner's flights of
        // that colour, the squares next to it on its edges, which have the other colour.
        let blockers = board.by_color(!winner) & !board.kings() & !board.pawns();
        let blocker_bishops =
            (helpers && blockers.any() && (blockers & !board.bishops()).is_empty())
                .then(|| one_colour(blockers))
                .flatten();
        let bishops = bishops.or(blocker_bishops.map(|dark| !dark));
        let mut plan = Plan {
            winner,
            corners: [Square::A1; 64],
            helpers,
            bishops,
        };
        for sq in Square::ALL {
            plan.corners[sq as usize] = plan.corner(sq);
        }
        plan
    }

    /// What the search needs to know at `pos` (the loser's king is on the board).
    pub(super) fn node(&self, pos: &Chess) -> Option<Node> {
        let board = pos.board();
        let king = board.king_of(!self.winner)?;
        let corner = self.corners[king as usize];
        let occupied = board.occupied();
        let zone =
            king_steps(Bitboard::from_square(corner).0) | king_steps(Bitboard::from_square(king).0);
        let checks = [
            attacks::pawn_attacks(!self.winner, king).0,
            attacks::knight_attacks(king).0,
            attacks::bishop_attacks(king, occupied).0,
            attacks::rook_attacks(king, occupied).0,
            attacks::queen_attacks(king, occupied).0,
        ];
        let ours = board.by_color(self.winner);
        let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY)
            & ours
            & board.rooks_and_queens())
            | (attacks::bishop_attacks(king, Bitboard::EMPTY) & ours & board.bishops_and_queens());
        let mut discover = 0;
        for s in snipers {
            let between = attacks::between(s, king) & occupied;
            if between.count() == 1 && (between & ours).any() {
                discover |= between.0;
            }
        }
        let mut aim = [0u8; 64];
        if pos.turn() == self.winner {
            for sq in ours & board.sliders() {
                let role = board.role_at(sq).unwrap_or(Role::Queen);
                aim[sq as usize] = (piece_attacks(role, sq, occupied) & zone).count_ones() as u8;
            }
        }
        Some(Node {
            king,
            corner,
            zone,
            occupied,
            checks,
            discover,
            aim,
        })
    }

    /// The corner the loser's king on `king` heads for: the nearest one (of the bishops'
    /// colour, when the winner has only bishops), the loser's own side first.
    fn corner(&self, king: Square) -> Square {
        let home = match self.winner {
            Color::White => [Square::A8, Square::H8, Square::A1, Square::H1],
            Color::Black => [Square::A1, Square::H1, Square::A8, Square::H8],
        };
        let mut best = home[0];
        let mut best_d = u32::MAX;
        for c in home {
            if self.bishops.is_some_and(|dark| c.is_dark() != dark) {
                continue;
            }
            let d = c.distance(king);
            if d < best_d {
                best = c;
                best_d = d;
            }
        }
        best
    }

    /// Whether the winner's move `m` may give check (direct or discovered; castling and en
    /// passant are not seen: the probe that uses it only looks for a quick mate).
    #[inline]
    pub(super) fn may_check(&self, node: &Node, m: Move) -> bool {
        let Some(from) = m.from() else {
            return false;
        };
        let to = Bitboard::from_square(m.to()).0;
        let role = m.promotion().unwrap_or(m.role());
        let direct = match role {
            Role::King => false,
            role => node.checks[role as usize - 1] & to != 0,
        };
        direct
            || (node.discover & Bitboard::from_square(from).0 != 0
                && !attacks::aligned(from, m.to(), node.king))
    }

    /// How good `m` is for the plan in `pos` (higher first).
    #[inline]
    pub(super) fn score(&self, pos: &Chess, node: &Node, m: Move) -> i32 {
        let Some(from) = m.from() else {
            return 0;
        };
        let to = m.to();
        let role = m.role();
        if pos.turn() == self.winner {
            if let Some(p) = m.promotion() {
                return match p {
                    Role::Queen => 1000,
                    Role::Knight if self.helpers => 500,
                    _ => -100,
                };
            }
            let mut s = 0;
            if let Some(c) = m.capture() {
                s += 200 + 20 * value(c);
            }
            s += match role {
                Role::Pawn => 100 + 10 * rank_from(self.winner, to),
                Role::King => {
                    let target = relative(node.corner, 1, 2);
                    30 * (from.distance(target) as i32 - to.distance(target) as i32)
                }
                Role::Knight => {
                    let target = relative(node.corner, 2, 1);
                    30 * (knight_distance(from, target) as i32 - knight_distance(to, target) as i32)
                }
                Role::Bishop | Role::Rook | Role::Queen => {
                    let after = piece_attacks(role, to, node.occupied) & node.zone;
                    15 * (after.count_ones() as i32 - i32::from(node.aim[from as usize]))
                }
            };
            s
        } else {
            let mut s = 0;
            if m.is_capture() {
                s -= 300;
            }
            s += match role {
                Role::King => {
                    40 * (from.distance(node.corner) as i32 - to.distance(node.corner) as i32)
                }
                Role::Pawn if self.helpers => match m.promotion() {
                    Some(Role::Queen | Role::Rook) => -200,
                    Some(_) => 300,
                    None => 100 + 10 * rank_from(!self.winner, to),
                },
                Role::Pawn => -50,
                _ if self.helpers => {
                    // Blockers: to the squares next to the corner (or where they could go to
                    // one next).
                    let next = Bitboard::from_square(relative(node.corner, 1, 0)).0
                        | Bitboard::from_square(relative(node.corner, 0, 1)).0;
                    let reach = |sq: Square| match piece_attacks(role, sq, node.occupied) & next {
                        0 if next & Bitboard::from_square(sq).0 != 0 => 2,
                        0 => 0,
                        _ => 1,
                    };
                    40 * (reach(to) - reach(from))
                }
                _ => {
                    // Out of the squares round the corner (they would take or block the
                    // checker).
                    let near = |sq: Square| node.zone & Bitboard::from_square(sq).0 != 0;
                    10 * (near(from) as i32 - near(to) as i32)
                }
            };
            s
        }
    }
}

/// Whether the squares of `pieces` are all dark (`Some(true)`) or all light (`Some(false)`).
fn one_colour(pieces: Bitboard) -> Option<bool> {
    if (pieces & Bitboard::LIGHT_SQUARES).is_empty() {
        Some(true)
    } else if (pieces & Bitboard::DARK_SQUARES).is_empty() {
        Some(false)
    } else {
        None
    }
}

/// The square `files` files and `ranks` ranks inwards from `corner` (`relative(h8, 1, 2)` is
/// g6: where the winner's king covers g7 and h7; `(2, 1)` is f7, where a knight checks h8).
fn relative(corner: Square, files: u32, ranks: u32) -> Square {
    let file = match corner.file() as u32 {
        0 => files,
        _ => 7 - files,
    };
    let rank = match corner.rank() as u32 {
        0 => ranks,
        _ => 7 - ranks,
    };
    Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank))
}

/// The squares a piece of `role` on `sq` attacks, with `occupied` in the way.
#[inline]
fn piece_attacks(role: Role, sq: Square, occupied: Bitboard) -> u64 {
    match role {
        Role::Knight => attacks::knight_attacks(sq).0,
        Role::Bishop => attacks::bishop_attacks(sq, occupied).0,
        Role::Rook => attacks::rook_attacks(sq, occupied).0,
        _ => attacks::queen_attacks(sq, occupied).0,
    }
}

/// The rank of `sq` counted from `color`'s side (0 to 7).
#[inline]
fn rank_from(color: Color, sq: Square) -> i32 {
    match color {
        Color::White => sq.rank() as i32,
        Color::Black => 7 - sq.rank() as i32,
    }
}

/// Material value of a role, in pawns.
fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// Knight moves from `a` to `b` on an empty board.
#[inline]
fn knight_distance(a: Square, b: Square) -> u32 {
    u32::from(KNIGHT_DISTANCE[a as usize][b as usize])
}

/// [`knight_distance`] for every pair of squares, by a breadth-first search at compile time.
static KNIGHT_DISTANCE: [[u8; 64]; 64] = knight_distances();

const fn knight_distances() -> [[u8; 64]; 64] {
    let jumps: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut table = [[u8::MAX; 64]; 64];
    let mut a = 0;
    while a < 64 {
        table[a][a] = 0;
        let mut d = 0u8;
        let mut changed = true;
        while changed {
            changed = false;
            let mut s = 0;
            while s < 64 {
                if table[a][s] == d {
                    let mut j = 0;
                    while j < 8 {
                        let f = (s % 8) as i32 + jumps[j].0;
                        let r = (s / 8) as i32 + jumps[j].1;
                        if f >= 0 && f < 8 && r >= 0 && r < 8 {
                            let t = (r * 8 + f) as usize;
                            if table[a][t] == u8::MAX {
                                table[a][t] = d + 1;
                                changed = true;
                            }
                        }
                        j += 1;
                    }
                }
                s += 1;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

/// Whether the winner's material alone cannot mate, so that the loser must make blockers (its
/// pawns promote to knights or bishops): a lone knight, or bishops of one colour.
pub(super) fn needs_helpers(board: &Board, winner: Color) -> bool {
    let ours = board.by_color(winner) & !board.kings();
    if (ours & (board.pawns() | board.rooks_and_queens())).any() {
        return false;
    }
    let knights = ours & board.knights();
    if knights.any() {
        return ours.count() == 1;
    }
    (ours & Bitboard::DARK_SQUARES).is_empty() || (ours & Bitboard::LIGHT_SQUARES).is_empty()
}
