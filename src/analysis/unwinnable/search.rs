//! The dynamic tier: forced moves, the helpmate search and the exhaustive search.
//!
//! * The helpmate search is a depth-first search in which both sides play for the loser's
//!   checkmate. Each move costs what it does for the plan ([`super::order`]: progress is free),
//!   and iterative deepening raises the budget of costs until a line is found; a transposition
//!   table of exact positions ([`super::key`]) skips a position already searched with as large a
//!   budget. It finds lines; it never concludes that none exists.
//! * The exhaustive search visits every position reachable from the root, breadth first, each
//!   once (a set of exact positions), except below a position the static tier proves unwinnable.
//!   If it runs out of positions without meeting a checkmate of the loser, none is reachable:
//!   that is the proof of [`Reason::Exhausted`]. If it meets one, the path to it is a helpmate
//!   (the shortest).
//!
//! Both stop at their share of the node [`Budget`]; then the answer is [`Verdict::Unknown`].

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use foldhash::fast::FixedState;
use shakmaty::{Chess, Color, Move, MoveList, Position};

use super::helpmate::Helpmate;
use super::key::Key;
use super::material::material;
use super::order::{Node, Plan};
use super::{Budget, Reason, Verdict, static_tier, walls};

/// The longest line the helpmate search follows, in plies.
const MAX_PLIES: usize = 160;

/// The most forced plies followed before searching.
const MAX_FORCED: usize = 64;

/// How the search spends a budget of `nodes`: a short helpmate search and a small exhaustive
/// one, then both at length, then what is left (helpmate nodes, exhaustive nodes; each phase
/// takes at most what is left).
///
/// Without [`Budget::helpmates`]: a probe of at most 200 positions, then the exhaustive search.
fn phases(budget: Budget) -> [(u64, u64); 3] {
    let nodes = budget.nodes;
    if !budget.helpmates {
        return [((nodes / 5).min(200), u64::MAX), (0, 0), (0, 0)];
    }
    let rest = nodes / 2;
    [
        ((nodes / 20).min(2_000), (nodes / 5).min(5_000)),
        ((nodes / 4).min(50_000), (nodes / 4).min(100_000)),
        (rest, u64::MAX),
    ]
}

/// See the module documentation; with the number of positions examined.
pub(super) fn decide(pos: &Chess, winner: Color, budget: Budget) -> (Verdict, u64) {
    if let Some(v) = terminal(pos, winner, &[]) {
        return (v, 0);
    }
    if let Some(r) = static_tier(pos, winner) {
        return (Verdict::Unwinnable(r), 0);
    }
    let (at, forced) = match forced_moves(pos, winner) {
        Forced::Ended(v) => return (v, 0),
        Forced::To(at, moves) => (at, moves),
    };
    let wrap = |reason: Reason| match forced.len() {
        0 => reason,
        plies => Reason::AfterForced {
            plies: plies as u32,
            reason: Box::new(reason),
        },
    };
    if !forced.is_empty()
        && let Some(r) = static_tier(&at, winner)
    {
        return (Verdict::Unwinnable(wrap(r)), 0);
    }
    let helpmate =
        |line: &[Move]| Verdict::Winnable(Helpmate::new(pos, [forced.as_slice(), line].concat()));
    let mut used = 0;
    for (mate, exhaust) in phases(budget) {
        let nodes = mate.min(budget.nodes - used);
        if nodes > 0 {
            let mut search = Helpmates::new(&at, winner, nodes);
            let found = search.run(&at);
            used += search.nodes.min(nodes);
            if found {
                return (helpmate(&search.line), used);
            }
        }
        let nodes = exhaust.min(budget.nodes - used);
        if nodes > 0 {
            let (result, spent) = exhaust_from(&at, winner, nodes);
            used += spent;
            match result {
                Exhaustive::Mate(line) => return (helpmate(&line), used),
                Exhaustive::None => {
                    let reason = wrap(Reason::Exhausted { nodes: spent });
                    return (Verdict::Unwinnable(reason), used);
                }
                Exhaustive::OutOfNodes => {}
            }
        }
        if used >= budget.nodes {
            break;
        }
    }
    (Verdict::Unknown { nodes: used }, used)
}

/// The verdict when `pos` has no legal move (reached by `line`).
fn terminal(pos: &Chess, winner: Color, line: &[Move]) -> Option<Verdict> {
    if !pos.legal_moves().is_empty() {
        return None;
    }
    Some(match pos.is_check() {
        true if pos.turn() != winner => Verdict::Winnable(Helpmate::new(pos, line.to_vec())),
        checkmate => Verdict::Unwinnable(Reason::GameOver { checkmate }),
    })
}

/// Where the forced moves lead.
enum Forced {
    /// The game ends on them (or they go round).
    Ended(Verdict),
    /// A position with a choice of moves, after these forced ones.
    To(Chess, Vec<Move>),
}

/// Plays the moves that are the only legal move, from `pos` (which has legal moves).
fn forced_moves(pos: &Chess, winner: Color) -> Forced {
    let mut at = pos.clone();
    let mut moves = Vec::new();
    let mut seen = vec![Key::of(&at)];
    while moves.len() < MAX_FORCED {
        let legal = at.legal_moves();
        match legal.as_slice() {
            [] => {
                return Forced::Ended(match at.is_check() {
                    true if at.turn() != winner => Verdict::Winnable(Helpmate::new(pos, moves)),
                    checkmate => Verdict::Unwinnable(Reason::AfterForced {
                        plies: moves.len() as u32,
                        reason: Box::new(Reason::GameOver { checkmate }),
                    }),
                });
            }
            [m] => {
                at.play_unchecked(*m);
                moves.push(*m);
                let key = Key::of(&at);
                if seen.contains(&key) {
                    return Forced::Ended(Verdict::Unwinnable(Reason::ForcedRepetition {
                        plies: moves.len() as u32,
                    }));
                }
                seen.push(key);
            }
            _ => break,
        }
    }
    Forced::To(at, moves)
}

/// Whether the static tier proves `pos`, reached by `m`, unwinnable: the material rules at every
/// position, the wall rules after a pawn move or a capture (other moves leave every frozen pawn
/// and every piece's reach as they were, so the wall rules decide as at the position before).
/// With `walls` false, only the material rules (the wall rules cost a few microseconds, too
/// much at every pawn move of an open position).
#[inline]
fn pruned(pos: &Chess, m: Move, winner: Color, walls: bool) -> bool {
    let board = pos.board();
    if material(board, winner).is_some() {
        return true;
    }
    walls
        && m.is_zeroing()
        && walls::may_have_walls(board)
        && pos.maybe_ep_square().is_none()
        && walls::walls(board, winner).is_some()
}

/// The helpmate search (see the module documentation).
struct Helpmates {
    winner: Color,
    plan: Plan,
    /// Exact positions searched, with the largest budget they were searched with.
    table: HashMap<Key, u8, FixedState>,
    line: Vec<Move>,
    /// Apply the wall rules after pawn moves and captures: the root has pawns that may be
    /// frozen.
    walls: bool,
    /// The scored moves of the positions on the line, one after the other (a stack: each
    /// position's moves are truncated away when it is left).
    scored: Vec<(i32, Move)>,
    nodes: u64,
    limit: u64,
}

impl Helpmates {
    fn new(pos: &Chess, winner: Color, limit: u64) -> Helpmates {
        Helpmates {
            winner,
            plan: Plan::new(pos, winner),
            table: HashMap::with_capacity_and_hasher(1024, FixedState::default()),
            line: Vec::with_capacity(MAX_PLIES),
            walls: walls::may_have_walls(pos.board()),
            scored: Vec::with_capacity(1024),
            nodes: 0,
            limit,
        }
    }

    /// Whether a helpmate from `root` is found (it is left in `self.line`), by iterative deepening on the budget of discrepancies (a move
    /// costs its rank in the plan's order: the best is free, the second costs one...).
    fn run(&mut self, root: &Chess) -> bool {
        for budget in 0..=32 {
            if self.search(root, budget) {
                return true;
            }
            if self.nodes >= self.limit {
                return false;
            }
        }
        false
    }

    /// Whether a checkmate of the loser is reached from `pos` within `budget`; the line to it is
    /// left in `self.line`.
    fn search(&mut self, pos: &Chess, budget: u8) -> bool {
        self.nodes += 1;
        if self.nodes > self.limit {
            return false;
        }
        match self.table.entry(Key::of(pos)) {
            Entry::Occupied(e) if *e.get() >= budget => return false,
            Entry::Occupied(mut e) => {
                e.insert(budget);
            }
            Entry::Vacant(e) => {
                e.insert(budget);
            }
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return pos.is_check() && pos.turn() != self.winner;
        }
        if self.line.len() >= MAX_PLIES {
            return false;
        }
        let Some(node) = self.plan.node(pos) else {
            return false;
        };
        if pos.turn() == self.winner && self.mate_in_one(pos, &node, &moves) {
            return true;
        }
        let base = self.scored.len();
        let plan = &self.plan;
        self.scored
            .extend(moves.iter().map(|&m| (plan.score(pos, &node, m), m)));
        // Only the first `budget + 1` moves can be searched: order those.
        let all = &mut self.scored[base..];
        let k = (budget as usize + 1).min(all.len());
        if k < all.len() {
            all.select_nth_unstable_by_key(k - 1, |&(s, _)| std::cmp::Reverse(s));
        }
        all[..k].sort_unstable_by_key(|&(s, _)| std::cmp::Reverse(s));
        self.scored.truncate(base + k);
        let found = self.children(pos, budget, base);
        self.scored.truncate(base);
        found
    }

    /// Searches the children of `pos` in the order of the scored moves from `base` on, each
    /// costing its rank.
    fn children(&mut self, pos: &Chess, budget: u8, base: usize) -> bool {
        let mut rank = 0;
        while base + rank < self.scored.len() {
            let m = self.scored[base + rank].1;
            let left = budget - rank as u8;
            rank += 1;
            let mut child = pos.clone();
            child.play_unchecked(m);
            if pruned(&child, m, self.winner, self.walls) {
                continue;
            }
            self.line.push(m);
            if self.search(&child, left) {
                return true;
            }
            self.line.pop();
            if self.nodes > self.limit {
                return false;
            }
        }
        false
    }

    /// Whether one of the winner's `moves` in `pos` mates; it is pushed on the line.
    fn mate_in_one(&mut self, pos: &Chess, node: &Node, moves: &MoveList) -> bool {
        for &m in moves {
            if !self.plan.may_check(node, m) {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            if child.is_check() && child.legal_moves().is_empty() {
                self.line.push(m);
                return true;
            }
        }
        false
    }
}

/// What the exhaustive search found.
enum Exhaustive {
    /// A checkmate of the loser, reached by this line.
    Mate(Vec<Move>),
    /// Every reachable position examined, none a checkmate of the loser.
    None,
    /// The budget ran out first.
    OutOfNodes,
}

/// The exhaustive search from `root` (see the module documentation), within `limit` positions;
/// with the number of positions examined.
fn exhaust_from(root: &Chess, winner: Color, limit: u64) -> (Exhaustive, u64) {
    // Positions in the order they were found, with the index of the position before and the
    // move from it.
    let mut found: Vec<(Chess, u32, Option<Move>)> = vec![(root.clone(), 0, None)];
    let mut seen: HashMap<Key, (), FixedState> = HashMap::with_hasher(FixedState::default());
    seen.insert(Key::of(root), ());
    let mut next = 0;
    let mut examined = 1;
    while next < found.len() {
        let pos = found[next].0.clone();
        for m in pos.legal_moves() {
            examined += 1;
            if examined > limit {
                return (Exhaustive::OutOfNodes, limit);
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            if seen.insert(Key::of(&child), ()).is_some() {
                continue;
            }
            if child.is_check() && child.turn() != winner && child.legal_moves().is_empty() {
                let mut line = vec![m];
                let mut at = next;
                while let (_, parent, Some(m)) = &found[at] {
                    line.push(*m);
                    at = *parent as usize;
                }
                line.reverse();
                return (Exhaustive::Mate(line), examined);
            }
            if pruned(&child, m, winner, true) {
                continue;
            }
            found.push((child, next as u32, Some(m)));
        }
        next += 1;
    }
    (Exhaustive::None, examined)
}
