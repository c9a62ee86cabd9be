//! The FEN and EPD writer: a position as text, fast (the ranks that changed since the last
//! position are made again from the role bitboards, eight squares at a time), tested equal to
//! shakmaty's writer.

use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position, Square};

use super::FenOptions;

/// Appends `value` escaped as the inside of an EPD string operand (`\\`, `\"`, `\t`, `\r`,
/// `\n`, as python-chess writes them).
pub(super) fn escape_epd_string(out: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
}

/// The FEN of `pos` (X-FEN castling, or Shredder-FEN with [`FenOptions::shredder`]).
pub fn fen_text(pos: &Chess, options: &FenOptions) -> String {
    let mut buf = Vec::new();
    append_fen(&mut buf, pos, options, &mut RankCache::default());
    String::from_utf8(buf).unwrap_or_default()
}

/// Appends the FEN of `pos` to `buf` (no newline): the fast writer, equal to shakmaty's
/// `Fen::from_position(pos, options.ep)`; `cache` holds the ranks of the last position written
/// with it (keep one per game, or per line of play, for speed; any cache gives the same text).
pub fn append_fen(buf: &mut Vec<u8>, pos: &Chess, options: &FenOptions, cache: &mut RankCache) {
    let start = buf.len();
    let mut line = [0u8; LINE];
    let mut n = four_fields(&mut line, pos, options.ep, cache);
    n = put(&mut line, n, b' ');
    n = put_number(&mut line, n, pos.halfmoves());
    n = put(&mut line, n, b' ');
    n = put_number(&mut line, n, pos.fullmoves().get());
    buf.extend_from_slice(&line[..n]);
    if options.shredder {
        with_shredder_castling(buf, start, pos);
    }
}

/// How one rank is written, by its occupancy (bit `f` for the square on file `f`): the
/// rank's eight letters (0 where empty) OR'ed with `digits` (each run of empty squares' count,
/// on its last square) keep `len` non-zero bytes, which `moves` (three stages of a byte
/// compress network, Hacker's Delight §7-4: stage `i` moves the bytes of `moves[i]` down by
/// `2^i` bytes) bring together, a-file first.
#[derive(Clone, Copy)]
struct RankPattern {
    digits: u64,
    moves: [u64; 3],
    len: u8,
}

const RANK_PATTERNS: [RankPattern; 256] = {
    let mut table = [RankPattern {
        digits: 0,
        moves: [0; 3],
        len: 0,
    }; 256];
    let mut occ = 0;
    while occ < 256 {
        let mut p = RankPattern {
            digits: 0,
            moves: [0; 3],
            len: 0,
        };
        // The bytes kept: the occupied squares and the last square of each empty run.
        let mut kept = 0u32;
        let mut empty = 0u64;
        let mut f = 0;
        while f < 8 {
            if occ & (1 << f) != 0 {
                kept |= 1 << f;
                empty = 0;
            } else {
                empty += 1;
                if f == 7 || occ & (1 << (f + 1)) != 0 {
                    kept |= 1 << f;
                    p.digits |= (b'0' as u64 + empty) << (8 * f);
                }
            }
            f += 1;
        }
        // A kept byte at `f` with `d` kept bytes below it moves down by `s = f - d` bytes: by
        // 1, 2 and 4 in turn where `s` has that bit (low bits first, so no two bytes meet).
        let mut d = 0;
        let mut f = 0;
        while f < 8 {
            if kept & (1 << f) != 0 {
                let s = f - d;
                let mut i = 0;
                while i < 3 {
                    let at = f - (s & ((1 << i) - 1));
                    if s & (1 << i) != 0 {
                        p.moves[i] |= 0xff << (8 * at);
                    }
                    i += 1;
                }
                d += 1;
            }
            f += 1;
        }
        p.len = d as u8;
        table[occ] = p;
        occ += 1;
    }
    table
};

/// The text of rank letters `row` (a-file in the lowest byte, 0 where empty) with occupancy
/// `pattern`: digits for the empty runs, squeezed together (padded with zeros), a-file first.
#[inline(always)]
fn squeeze(row: u64, pattern: &RankPattern) -> u64 {
    let mut x = row | pattern.digits;
    for (i, mv) in pattern.moves.iter().enumerate() {
        let t = x & mv;
        x = (x ^ t) | (t >> (8 << i));
    }
    x
}

/// The text of the ranks of the last placement written: consecutive positions of a game differ
/// in two to four squares, so only their letters are found again, and only their ranks are
/// written again.
#[derive(Clone, Debug, Default)]
pub struct RankCache {
    /// The bitboards of the last placement written (pawns, knights, bishops, rooks, queens,
    /// kings, black pieces), `None` before the first.
    board: Option<[u64; 7]>,
    /// The piece letter on each square of each rank (a-file in the lowest byte), 0 where
    /// empty; rank 1 first.
    letters: [u64; 8],
    /// Each rank's text (digits for empty squares, a-file in the lowest byte), padded with
    /// zeros, rank 1 first.
    text: [u64; 8],
    /// The length of each rank's text.
    len: [u8; 8],
}

impl RankCache {
    /// Brings the cache to `board`: the letters of the squares that changed, then the text of
    /// their ranks.
    #[inline]
    fn update(&mut self, board: &shakmaty::Board) {
        let bitboards = [
            u64::from(board.pawns()),
            u64::from(board.knights()),
            u64::from(board.bishops()),
            u64::from(board.rooks()),
            u64::from(board.queens()),
            u64::from(board.kings()),
            u64::from(board.black()),
        ];
        let (mut changed, mut ranks) = match &self.board {
            Some(old) => (
                (0..7).fold(0u64, |acc, i| acc | (old[i] ^ bitboards[i])),
                0u8,
            ),
            None => {
                // The first placement: every square, every rank.
                self.letters = [0; 8];
                (u64::from(board.occupied()), u8::MAX)
            }
        };
        if changed == 0 && ranks == 0 {
            return;
        }
        self.board = Some(bitboards);
        while changed != 0 {
            let square = changed.trailing_zeros();
            changed &= changed - 1;
            // The letter, without a branch: the role's letter, lower case for Black; 0 where
            // the square is empty.
            let mut letter = ((bitboards[6] >> square) & 1) * 0x20;
            for (bb, l) in bitboards[..6].iter().zip(b"PNBRQK") {
                letter += ((bb >> square) & 1) * u64::from(*l);
            }
            let rank = (square >> 3) as usize & 7;
            let shift = (square & 7) * 8;
            let row = &mut self.letters[rank];
            *row = (*row & !(0xff << shift)) | (letter << shift);
            ranks |= 1 << rank;
        }
        let occupied = u64::from(board.occupied());
        while ranks != 0 {
            let rank = ranks.trailing_zeros() as usize & 7;
            ranks &= ranks - 1;
            let pattern = &RANK_PATTERNS[((occupied >> (rank * 8)) & 0xff) as usize];
            self.text[rank] = squeeze(self.letters[rank], pattern);
            self.len[rank] = pattern.len;
        }
    }
}

/// The bytes of one line made on the stack: the four fields and two counters of a FEN are at
/// most 103 (71 of placement, 4 of castling, two `u32`s of 10 digits).
const LINE: usize = 128;

/// Writes `b` at `n` of `line`, returns the next `n`. (`n` stays below 104, see [`LINE`]:
/// the mask only lets the compiler drop the bounds check.)
#[inline(always)]
fn put(line: &mut [u8; LINE], n: usize, b: u8) -> usize {
    line[n & (LINE - 1)] = b;
    n + 1
}

/// Writes `n` in decimal at `at` of `line`, returns the next position.
#[inline(always)]
fn put_number(line: &mut [u8; LINE], at: usize, n: u32) -> usize {
    // Counters are small: one or two digits need no loop.
    if n < 10 {
        return put(line, at, b'0' + n as u8);
    }
    if n < 100 {
        let at = put(line, at, b'0' + (n / 10) as u8);
        return put(line, at, b'0' + (n % 10) as u8);
    }
    let mut digits = itoa::Buffer::new();
    (digits.format(n).bytes()).fold(at, |at, d| put(line, at, d))
}

/// Writes the piece placement field at the start of `line`, from the ranks of `cache` brought
/// to `board`, and returns its length: eight bytes per rank stored at once, the rest
/// overwritten by the next rank.
#[inline(always)]
fn placement(line: &mut [u8; LINE], board: &shakmaty::Board, cache: &mut RankCache) -> usize {
    cache.update(board);
    let mut n = 0;
    for rank in (0..8usize).rev() {
        // `n` is at most 63 here (7 ranks of 9 bytes): the mask only lets the compiler see
        // that the eight bytes fit.
        let at = n & 63;
        line[at..at + 8].copy_from_slice(&cache.text[rank].to_le_bytes());
        n = put(line, at + usize::from(cache.len[rank]), b'/');
    }
    // No slash after the first rank.
    n - 1
}

/// Writes placement, side to move, castling (X-FEN) and en passant at the start of `line`, as
/// shakmaty's `Epd::append_ascii_to` writes them, but from the piece bitboards (the writer is
/// the hot loop of `arbiter fen`); returns the length written.
#[inline(always)]
fn four_fields(
    line: &mut [u8; LINE],
    pos: &Chess,
    ep: EnPassantMode,
    cache: &mut RankCache,
) -> usize {
    let board = pos.board();
    let mut n = placement(line, board, cache);
    n = put(line, n, b' ');
    n = put(line, n, if pos.turn().is_white() { b'w' } else { b'b' });
    n = put(line, n, b' ');
    let rights = pos.castles().castling_rights();
    if rights.is_empty() {
        n = put(line, n, b'-');
    } else if pos.castles().mode() == CastlingMode::Standard {
        // Standard chess: rights only on the corner rooks, written KQkq.
        for (square, letter) in [
            (Square::H1, b'K'),
            (Square::A1, b'Q'),
            (Square::H8, b'k'),
            (Square::A8, b'q'),
        ] {
            if rights.contains(square) {
                n = put(line, n, letter);
            }
        }
    } else {
        n = x_fen_castling(line, n, board, rights);
    }
    n = put(line, n, b' ');
    match pos.ep_square(ep) {
        Some(sq) => {
            n = put(line, n, sq.file().char() as u8);
            put(line, n, sq.rank().char() as u8)
        }
        None => put(line, n, b'-'),
    }
}

/// Writes the X-FEN castling letters of a Chess960 position at `n` of `line` (`K`/`Q` for the
/// outermost rook on its side of the king, the rook's file otherwise; at most two rights a
/// side); returns the next position.
#[cold]
fn x_fen_castling(
    line: &mut [u8; LINE],
    mut n: usize,
    board: &shakmaty::Board,
    rights: shakmaty::Bitboard,
) -> usize {
    for color in Color::ALL {
        let king = board
            .king_of(color)
            .filter(|k| k.rank() == color.backrank());
        let candidates = board.by_piece(color.rook()) & color.backrank();
        for rook in (rights & color.backrank()).into_iter().rev() {
            let c = if Some(rook) == candidates.first() && king.is_some_and(|k| rook < k) {
                b'q'
            } else if Some(rook) == candidates.last() && king.is_some_and(|k| k < rook) {
                b'k'
            } else {
                rook.file().char() as u8
            };
            n = put(
                line,
                n,
                if color.is_white() {
                    c.to_ascii_uppercase()
                } else {
                    c
                },
            );
        }
    }
    n
}

fn append_number(buf: &mut Vec<u8>, n: u32) {
    let mut line = [0u8; LINE];
    let end = put_number(&mut line, 0, n);
    buf.extend_from_slice(&line[..end]);
}

/// Appends `n` in decimal (a game number: no allocation, as `to_string` would make).
fn append_number64(buf: &mut Vec<u8>, n: u64) {
    buf.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// The EPD line of `pos`: four fields, then `hmvc`, `fmvn` and `id "game G ply P"` (followed by
/// the path, for a position inside a variation).
pub fn epd_text(pos: &Chess, options: &FenOptions, game: u64, ply: u32, path: &str) -> String {
    let mut buf = Vec::new();
    append_epd(
        &mut buf,
        pos,
        options,
        game,
        ply,
        path,
        &mut RankCache::default(),
    );
    String::from_utf8(buf).unwrap_or_default()
}

pub(super) fn append_epd(
    buf: &mut Vec<u8>,
    pos: &Chess,
    options: &FenOptions,
    game: u64,
    ply: u32,
    path: &str,
    cache: &mut RankCache,
) {
    let start = buf.len();
    let mut line = [0u8; LINE];
    let n = four_fields(&mut line, pos, options.ep, cache);
    buf.extend_from_slice(&line[..n]);
    if options.shredder {
        with_shredder_castling(buf, start, pos);
    }
    buf.extend_from_slice(b" hmvc ");
    append_number(buf, pos.halfmoves());
    buf.extend_from_slice(b"; fmvn ");
    append_number(buf, pos.fullmoves().get());
    buf.extend_from_slice(b"; id \"game ");
    append_number64(buf, game);
    buf.extend_from_slice(b" ply ");
    append_number(buf, ply);
    if !path.is_empty() {
        let mut escaped = String::from(" ");
        escape_epd_string(&mut escaped, path);
        buf.extend_from_slice(escaped.as_bytes());
    }
    buf.extend_from_slice(b"\";");
}

/// Replaces the castling field (the third) by Shredder-FEN letters: the files of the castling
/// rooks, White's in upper case first, each side from the h-file down.
fn with_shredder_castling(buf: &mut Vec<u8>, start: usize, pos: &Chess) {
    let rights = pos.castles().castling_rights();
    let mut field = Vec::new();
    for color in Color::ALL {
        for rook in (rights & color.backrank()).into_iter().rev() {
            let c = rook.file().char() as u8;
            field.push(if color.is_white() {
                c.to_ascii_uppercase()
            } else {
                c
            });
        }
    }
    if field.is_empty() {
        field.push(b'-');
    }
    // The castling field lies between the second and third spaces of the line.
    let spaces: Vec<usize> = buf[start..]
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b' ')
        .map(|(i, _)| start + i)
        .take(3)
        .collect();
    if let [_, a, b] = spaces[..] {
        buf.splice(a + 1..b, field);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fen::{FenOptions, Selection};
    use shakmaty::fen::Epd;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Position};

    /// Every occupancy of a rank, with a different letter on each square: the compress network
    /// gives the rank's FEN text (digits for empty runs).
    #[test]
    fn every_rank_squeezes_to_its_text() {
        for (occ, pattern) in RANK_PATTERNS.iter().enumerate() {
            let mut row = 0u64;
            let mut expected = Vec::new();
            let mut empty = 0u8;
            for f in 0..8 {
                if occ & (1 << f) != 0 {
                    if empty > 0 {
                        expected.push(b'0' + empty);
                        empty = 0;
                    }
                    let letter = b"PNBRQKpn"[f];
                    row |= u64::from(letter) << (8 * f);
                    expected.push(letter);
                } else {
                    empty += 1;
                }
            }
            if empty > 0 {
                expected.push(b'0' + empty);
            }
            let text = squeeze(row, pattern).to_le_bytes();
            assert_eq!(usize::from(pattern.len), expected.len(), "{occ:08b}");
            assert_eq!(&text[..expected.len()], &expected[..], "{occ:08b}");
            assert!(text[expected.len()..].iter().all(|b| *b == 0), "{occ:08b}");
        }
    }

    #[test]
    fn fast_writer_agrees_with_shakmaty() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rr1k3r/1ppppppp/8/8/8/8/1PPPPPPP/RR1K3R w KBkb - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w Kq - 12 345",
            "8/8/8/8/8/8/8/K6k b - - 99 1000",
        ];
        for text in fens {
            let fen: Fen = text.parse().unwrap();
            let mode = CastlingMode::detect(fen.as_setup());
            let pos: Chess = fen.into_position(mode).unwrap();
            for ep in [EnPassantMode::Always, EnPassantMode::Legal] {
                let options = FenOptions {
                    selection: Selection::Final,
                    ep,
                    ..FenOptions::new()
                };
                assert_eq!(
                    fen_text(&pos, &options),
                    Fen::from_position(&pos, ep).to_string()
                );
                let epd = epd_text(&pos, &options, 1, 2, "");
                assert!(epd.starts_with(&Epd::from_position(&pos, ep).to_string()));
            }
        }
    }

    /// Random games (a fixed-seed generator) from the standard and some Chess960 starts: the
    /// fast writer gives shakmaty's FEN after every ply, in both en passant modes.
    #[test]
    fn fast_writer_agrees_with_shakmaty_on_random_games() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut positions = 0;
        let mut cache = RankCache::default();
        for game in 0..300u32 {
            let mut pos = if game % 3 == 0 {
                let board = shakmaty::Board::chess960(game % 960);
                let fen = format!("{} w KQkq - 0 1", board.board_fen());
                let fen: Fen = fen.parse().unwrap();
                fen.into_position::<Chess>(CastlingMode::Chess960).unwrap()
            } else {
                Chess::default()
            };
            for _ in 0..120 {
                for ep in [EnPassantMode::Always, EnPassantMode::Legal] {
                    let options = FenOptions {
                        ep,
                        ..FenOptions::new()
                    };
                    let expected = Fen::from_position(&pos, ep).to_string();
                    assert_eq!(fen_text(&pos, &options), expected);
                    // The cache carried from the previous ply (and from the previous game, at
                    // the first ply): only the changed squares are written again.
                    let mut text = Vec::new();
                    append_fen(&mut text, &pos, &options, &mut cache);
                    assert_eq!(String::from_utf8(text).unwrap(), expected);
                    positions += 1;
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(next() % moves.len() as u64) as usize];
                pos.play_unchecked(m);
            }
        }
        assert!(positions > 50_000, "{positions}");
    }
}
