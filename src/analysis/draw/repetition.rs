//! Repetitions of a position along a main line (FIDE Laws arts. 9.2, 9.6.1): the positions
//! since the last irreversible move, their segment-relative Zobrist keys, and the "about to
//! appear" claim by a written move (art. 9.2.1.1).
//!
//! Positions are hashed (shakmaty Zobrist, legal en passant) and every repetition is confirmed
//! by comparing the positions themselves, so a hash collision cannot produce a verdict.

use nohash_hasher::IntMap;
use shakmaty::san::SanPlus;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position, Role};

use crate::analysis::text::same_position;

/// The end of a chain of plies with the same key.
const NONE: u32 = u32::MAX;

/// The longest segment whose positions are kept. Under rules with an automatic draw by quiet
/// moves a segment ends after 150 plies; under the earlier Laws (and profiles without one) a
/// hostile game could make one of millions of plies, and keeping them all would cost some
/// hundred bytes each: past this length, the rest of the segment is not tracked for
/// repetitions (no lawful game comes near: that is 32,768 moves without a pawn move or capture).
const MAX_SEGMENT: usize = 1 << 16;

/// Past this many candidate targets, an "about to appear" claim is looked for from the legal
/// moves instead (a long segment of many positions seen twice).
const MAX_TARGETS: usize = 64;

pub(super) fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// What a reversible move (a piece move that captures nothing, castling rights unchanged)
/// changes in the Zobrist key of `pos`: the side to move, the piece's two squares, and the legal
/// en passant square that `pos` had (the position after a piece move has none). `None` for any
/// other move.
pub(super) fn reversible_key_change(pos: &Chess, m: Move) -> Option<u64> {
    use shakmaty::zobrist::ZobristValue;
    let Move::Normal {
        role,
        from,
        capture: None,
        to,
        promotion: None,
    } = m
    else {
        return None;
    };
    if role == Role::Pawn {
        return None;
    }
    let piece = role.of(pos.turn());
    let mut change = Zobrist64::zobrist_for_white_turn().0
        ^ Zobrist64::zobrist_for_piece(from, piece).0
        ^ Zobrist64::zobrist_for_piece(to, piece).0;
    if let Some(ep) = pos.ep_square(EnPassantMode::Legal) {
        change ^= Zobrist64::zobrist_for_en_passant_file(ep.file()).0;
    }
    Some(change)
}

/// The last ply of each segment-relative key of the current segment (the positions since the
/// last irreversible move). Most segments are short: their keys are searched backwards; past
/// [`LastPly::SCAN_LIMIT`] plies a hash map takes over, so that a hostile game of a million quiet
/// moves stays linear. Zobrist keys are uniformly distributed already: the map does not hash them
/// again (a game would have to be built from positions searched for keys that collide in their
/// low bits to slow it down). While keys are searched, a one-hash Bloom filter of 256 bits
/// (bit `key >> 56` of each key recorded) says of most new keys that they are new, without a
/// search: most positions of a segment occur once.
#[derive(Debug, Default)]
pub(super) struct LastPly {
    map: IntMap<u64, u32>,
    /// `map` holds every key of the segment.
    mapped: bool,
    /// The Bloom filter of the keys recorded (while not `mapped`).
    seen: [u64; 4],
}

impl LastPly {
    /// Segment length from which the hash map is used.
    const SCAN_LIMIT: usize = 48;

    /// Forgets the segment.
    fn clear(&mut self) {
        if self.mapped {
            self.map.clear();
            self.mapped = false;
        }
        self.seen = [0; 4];
    }

    /// The word and the bit of key `h` in the Bloom filter.
    #[inline]
    fn bit(h: u64) -> (usize, u64) {
        let b = (h >> 56) as usize;
        (b >> 6, 1 << (b & 63))
    }

    /// Records key `h` at `ply` and returns the previous ply with that key; `hashes` are the keys
    /// of the plies `start..ply`.
    fn insert(&mut self, h: u64, ply: u32, hashes: &[u64], start: u32) -> Option<u32> {
        if !self.mapped && hashes.len() >= Self::SCAN_LIMIT {
            for (i, &key) in hashes.iter().enumerate() {
                self.map.insert(key, start + i as u32);
            }
            self.mapped = true;
        }
        if self.mapped {
            return self.map.insert(h, ply);
        }
        let (word, bit) = Self::bit(h);
        let maybe = self.seen[word] & bit != 0;
        self.seen[word] |= bit;
        maybe.then(|| Self::scan(h, hashes, start)).flatten()
    }

    /// The last ply with key `h`; `hashes` are the keys of the plies recorded, from `start`.
    fn get(&self, h: u64, hashes: &[u64], start: u32) -> Option<u32> {
        if self.mapped {
            return self.map.get(&h).copied();
        }
        let (word, bit) = Self::bit(h);
        (self.seen[word] & bit != 0)
            .then(|| Self::scan(h, hashes, start))
            .flatten()
    }

    fn scan(h: u64, hashes: &[u64], start: u32) -> Option<u32> {
        hashes
            .iter()
            .rposition(|&key| key == h)
            .map(|i| start + i as u32)
    }
}

/// The positions since the last irreversible move (a pawn move, a capture, a change of castling
/// rights), as the audit walks them: `positions[i]` and `hashes[i]` (its segment-relative key)
/// stand at ply `start + i`; `table` gives the last ply of each key and `same_hash` the previous
/// ply with the same key (a chain through the segment; [`NONE`] ends it).
#[derive(Debug, Default)]
pub(super) struct Segment {
    table: LastPly,
    same_hash: Vec<u32>,
    positions: Vec<Chess>,
    hashes: Vec<u64>,
    start: u32,
    /// The key of the next position, relative to the segment's first (which has key 0): each
    /// reversible move XORs in what it changes, so equal positions of a segment have equal keys
    /// without a full Zobrist hash per position.
    h: u64,
    /// Plies (first occurrences) of positions seen at least twice, by side to move: the targets
    /// of an "about to appear" claim.
    repeated_twice: [Vec<u32>; 2],
}

impl Segment {
    /// Records `pos`, the position at `ply`, and returns how many times it has occurred in the
    /// segment (itself included), counting up to `cap` (a repetition seen more often is not
    /// counted further: a hostile game may repeat one position a million times).
    // Once per ply: left out of line by a change of the code-generation units, audit took
    // 1.3% more instructions.
    #[inline]
    pub(super) fn push(&mut self, pos: &Chess, ply: u32, cap: usize) -> usize {
        if self.positions.len() >= MAX_SEGMENT {
            return 1;
        }
        if self.positions.capacity() == 0 {
            // Room for a typical quiet segment, so that it is not grown move by move.
            self.positions.reserve(32);
            self.same_hash.reserve(32);
            self.hashes.reserve(32);
        }
        let previous = self
            .table
            .insert(self.h, ply, &self.hashes, self.start)
            .unwrap_or(NONE);
        self.same_hash.push(previous);
        let mut count = 1usize;
        let mut j = previous;
        while j != NONE && count < cap {
            if same_position(&self.positions[(j - self.start) as usize], pos) {
                count += 1;
            }
            j = self.same_hash[(j - self.start) as usize];
        }
        self.positions.push(pos.clone());
        self.hashes.push(self.h);
        count
    }

    /// The plies at which the position at `ply` (the last pushed) occurred, in order: the last
    /// `cap` of them.
    pub(super) fn occurrences(&self, ply: u32, cap: usize) -> Vec<u32> {
        let at = |p: u32| &self.positions[(p - self.start) as usize];
        let mut occ = vec![ply];
        let mut j = self.same_hash[(ply - self.start) as usize];
        while j != NONE && occ.len() < cap {
            if same_position(at(j), at(ply)) {
                occ.push(j);
            }
            j = self.same_hash[(j - self.start) as usize];
        }
        occ.reverse();
        occ
    }

    /// Notes that the position first seen at `first_ply` has now occurred once less than a
    /// claim needs (twice, for threefold): a target of an "about to appear" claim.
    pub(super) fn repeated_twice(&mut self, pos: &Chess, first_ply: u32) {
        self.repeated_twice[pos.turn() as usize].push(first_ply);
    }

    /// The move `m` led from `previous` to `pos`: a new segment after an irreversible move,
    /// else the key of `pos`.
    pub(super) fn advance(&mut self, previous: &Chess, m: Move, pos: &Chess, ply: u32) {
        if pos.halfmoves() == 0
            || pos.castles().castling_rights() != previous.castles().castling_rights()
        {
            // Irreversible: no earlier position can occur again.
            self.table.clear();
            self.positions.clear();
            self.same_hash.clear();
            self.hashes.clear();
            self.repeated_twice[0].clear();
            self.repeated_twice[1].clear();
            self.start = ply;
            self.h = 0;
        } else {
            self.h = match reversible_key_change(previous, m) {
                Some(change) => self.h ^ change,
                // Not reached (a reversible move is a quiet piece move): the full keys, relative
                // to the segment's first position, are right in any case.
                None => key(pos) ^ self.positions.first().map_or(0, key),
            };
        }
    }

    /// A legal move of `pos` after which a position stands for the `claim`-th time (the third,
    /// art. 9.2.1.1), with the last plies (up to `cap`) where that position stood (the move's
    /// own ply not included).
    ///
    /// Such a move recreates an earlier position of the same quiet segment, so it is a
    /// non-capture, non-pawn move of one piece that keeps the castling rights: the two
    /// positions differ in exactly two occupied squares. Only those candidates (positions seen
    /// `claim - 1` times, with the opponent to move) are tried, or, when there are many, the
    /// legal moves that fit.
    pub(super) fn about_to_repeat(
        &self,
        pos: &Chess,
        claim: usize,
        cap: usize,
    ) -> Option<(String, Vec<u32>)> {
        let targets = &self.repeated_twice[(!pos.turn()) as usize];
        if targets.len() > MAX_TARGETS {
            return self.about_to_repeat_by_moves(pos, claim, cap);
        }
        let board = pos.board();
        for &target in targets {
            let q = &self.positions[(target - self.start) as usize];
            let diff = board.occupied() ^ q.board().occupied();
            if diff.count() != 2 {
                continue;
            }
            let (Some(from), Some(to)) = (
                (diff & board.by_color(pos.turn())).first(),
                (diff & q.board().by_color(pos.turn())).first(),
            ) else {
                continue;
            };
            let Some(role) = board.role_at(from) else {
                continue;
            };
            let m = Move::Normal {
                role,
                from,
                capture: None,
                to,
                promotion: None,
            };
            if role == Role::Pawn || !pos.is_legal(m) {
                continue;
            }
            let key = self.hashes[(target - self.start) as usize];
            if let Some(found) = self.repeats_after(pos, m, key, claim, cap) {
                return Some(found);
            }
        }
        None
    }

    /// [`Segment::about_to_repeat`] from the legal moves of `pos`: each quiet piece move gives
    /// the key of the position after it, which is looked up in the segment.
    fn about_to_repeat_by_moves(
        &self,
        pos: &Chess,
        claim: usize,
        cap: usize,
    ) -> Option<(String, Vec<u32>)> {
        let h = *self.hashes.last()?;
        let rights = pos.castles().castling_rights();
        for m in pos.legal_moves() {
            let keeps_rights = match m {
                Move::Normal { role, from, .. } => {
                    !(rights.contains(from)
                        || role == Role::King && (rights & pos.board().by_color(pos.turn())).any())
                }
                _ => false,
            };
            if !keeps_rights {
                continue;
            }
            let Some(change) = reversible_key_change(pos, m) else {
                continue;
            };
            if let Some(found) = self.repeats_after(pos, m, h ^ change, claim, cap) {
                return Some(found);
            }
        }
        None
    }

    /// The claim by writing `m` (a quiet piece move of `pos` to a position of key `key`): its
    /// SAN and the plies where that position stood, when it stood there `claim - 1` times.
    fn repeats_after(
        &self,
        pos: &Chess,
        m: Move,
        key: u64,
        claim: usize,
        cap: usize,
    ) -> Option<(String, Vec<u32>)> {
        let last = self.table.get(key, &self.hashes, self.start)?;
        let mut next = pos.clone();
        next.play_unchecked(m);
        let mut occurrences = Vec::new();
        let mut j = last;
        while j != NONE && occurrences.len() < cap {
            if same_position(&self.positions[(j - self.start) as usize], &next) {
                occurrences.push(j);
            }
            j = self.same_hash[(j - self.start) as usize];
        }
        occurrences.reverse();
        (occurrences.len() + 1 >= claim)
            .then(|| (SanPlus::from_move(pos.clone(), m).to_string(), occurrences))
    }

    /// Whether an "about to appear" claim is worth looking for (a position seen twice with the
    /// opponent to move).
    pub(super) fn has_targets(&self, pos: &Chess) -> bool {
        self.positions.len() < MAX_SEGMENT
            && !self.repeated_twice[(!pos.turn()) as usize].is_empty()
    }
}

#[cfg(test)]
mod tests {
    /// `LastPly` gives the last earlier ply of each key, before and after it switches to its hash
    /// map, across segments; keys spread over the Bloom filter's bits and keys that share one.
    #[test]
    fn last_ply_finds_the_previous_occurrence() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut table = super::LastPly::default();
        for segment in 0..50u32 {
            table.clear();
            let start = segment * 1000;
            let mut hashes: Vec<u64> = Vec::new();
            let len = (segment as usize * 7) % 130;
            for i in 0..len {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Nine keys: 1..5 spread over the filter by a multiplication, 0 and 5..9
                // sharing its first bit.
                let h = match seed % 9 {
                    k @ 0..5 => k.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                    k => k,
                };
                let ply = start + i as u32;
                let want = hashes
                    .iter()
                    .rposition(|&k| k == h)
                    .map(|j| start + j as u32);
                assert_eq!(
                    table.insert(h, ply, &hashes, start),
                    want,
                    "segment {segment} ply {i}"
                );
                hashes.push(h);
                for k in (0..9u64).map(|k| match k {
                    0..5 => k.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                    k => k,
                }) {
                    let last = hashes
                        .iter()
                        .rposition(|&x| x == k)
                        .map(|j| start + j as u32);
                    assert_eq!(table.get(k, &hashes, start), last);
                }
            }
        }
    }

    /// The relative keys of a segment are the full Zobrist keys XOR the segment's first key, in
    /// random games from the perft suite's positions (en passant, castling, Chess960).
    #[test]
    fn reversible_key_change_keeps_keys_exact() {
        use shakmaty::CastlingMode;
        use shakmaty::fen::Fen;
        let suite = include_str!("../../../testdata/perft/quick.epd");
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut checked = 0;
        for line in suite
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let fen = line.split(';').next().unwrap().trim();
            let Ok(setup) = fen.parse::<Fen>() else {
                continue;
            };
            let Ok(start) = setup.into_position::<Chess>(CastlingMode::Chess960) else {
                continue;
            };
            for _ in 0..4 {
                let mut pos = start.clone();
                let mut base = key(&pos);
                let mut h = 0u64;
                for _ in 0..150 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let m = moves[(seed % moves.len() as u64) as usize];
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    if next.halfmoves() == 0
                        || next.castles().castling_rights() != pos.castles().castling_rights()
                    {
                        base = key(&next);
                        h = 0;
                    } else {
                        h ^= reversible_key_change(&pos, m).expect("a quiet piece move");
                        assert_eq!(h, key(&next) ^ base, "{m:?} from {fen}");
                        checked += 1;
                    }
                    pos = next;
                }
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

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
    fn ep_square_without_legal_capture_does_not_split_positions() {
        let a = pos("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
        let b = pos("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
        assert!(same_position(&a, &b));
        assert_eq!(key(&a), key(&b));
    }
}
