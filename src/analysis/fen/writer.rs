//! The FEN and EPD writer: a position as text, fast (the ranks that changed since the last
//! position are made again from the role bitboards, eight squares at a time), tested equal to
//! shakmaty's writer.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position, Square};

use super::super::notation::CheckMark;
use super::FenOptions;

/// Appends the standard SAN of a move with its check mark (`Nf3`, `Qxf7#`), as shakmaty's
/// `SanPlus` writes it: the one SAN writer of `arbiter fen` rows and `arbiter moves`.
#[inline]
pub fn append_san(buf: &mut Vec<u8>, san: San, mark: CheckMark) {
    let suffix = check_suffix(mark);
    SanPlus { san, suffix }.append_ascii_to(buf);
}

/// The SAN suffix of a check mark (`+`, `#`, or none).
#[inline]
pub fn check_suffix(mark: CheckMark) -> Option<Suffix> {
    match mark {
        CheckMark::None => None,
        CheckMark::Check => Some(Suffix::Check),
        CheckMark::Mate => Some(Suffix::Checkmate),
    }
}

/// Appends the UCI of `m` (`e2e4`, `e7e8q`; castling as king-takes-rook in `Chess960` mode).
#[inline]
pub fn append_uci(buf: &mut Vec<u8>, m: Move, mode: CastlingMode) {
    UciMove::from_move(m, mode).append_ascii_to(buf);
}

/// The move number of the move that led to `after` and whether White played it: `(23, true)`
/// is `23.`, `(23, false)` is `23...` (as [`crate::analysis::text::move_number_before`]).
#[inline]
pub fn number_before(after: &Chess) -> (u32, bool) {
    match after.turn() {
        Color::Black => (after.fullmoves().get(), true),
        Color::White => (after.fullmoves().get().saturating_sub(1).max(1), false),
    }
}

/// Appends a move number in PGN style: `23.` (`white`) or `23...`.
#[inline]
pub fn append_move_number(buf: &mut Vec<u8>, number: u32, white: bool) {
    append_number(buf, number);
    buf.extend_from_slice(if white { b"." } else { b"..." });
}

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
    append_four_fields(buf, pos, options.ep, cache);
    buf.push(b' ');
    append_number(buf, pos.halfmoves());
    buf.push(b' ');
    append_number(buf, pos.fullmoves().get());
    if options.shredder {
        with_shredder_castling(buf, start, pos);
    }
}
/// `SPREAD[m]`: byte `i` is 1 where bit `i` of `m` is set (one rank's squares, a-file first).
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let mut i = 0;
        while i < 8 {
            if m & (1 << i) != 0 {
                table[m] |= 1 << (8 * i);
            }
            i += 1;
        }
        m += 1;
    }
    table
};

/// How one rank is written, by its occupancy: `len` bytes where byte `i` is `digit[i]` (a
/// count of empty squares, or 0) OR'ed with the piece letter of file `file[i]` (8 = none).
#[derive(Clone, Copy)]
struct RankPattern {
    len: u8,
    digit: [u8; 8],
    file: [u8; 8],
}

const RANK_PATTERNS: [RankPattern; 256] = {
    let mut table = [RankPattern {
        len: 0,
        digit: [0; 8],
        file: [8; 8],
    }; 256];
    let mut occ = 0;
    while occ < 256 {
        let mut p = RankPattern {
            len: 0,
            digit: [0; 8],
            file: [8; 8],
        };
        let mut n = 0;
        let mut empty = 0u8;
        let mut f = 0;
        while f < 8 {
            if occ & (1 << f) != 0 {
                if empty > 0 {
                    p.digit[n] = b'0' + empty;
                    n += 1;
                    empty = 0;
                }
                p.file[n] = f as u8;
                n += 1;
            } else {
                empty += 1;
            }
            f += 1;
        }
        if empty > 0 {
            p.digit[n] = b'0' + empty;
            n += 1;
        }
        p.len = n as u8;
        table[occ] = p;
        occ += 1;
    }
    table
};

/// The text of the ranks of the last placement written: consecutive positions of a game differ
/// in one to three ranks, so most ranks are copied from here.
#[derive(Clone, Debug, Default)]
pub struct RankCache {
    /// The bitboards of the last placement written (pawns, knights, bishops, rooks, queens,
    /// kings, black pieces), `None` before the first.
    board: Option<[u64; 7]>,
    /// Each rank's text (digits for empty squares), padded with zeros, rank 1 first.
    text: [[u8; 8]; 8],
    /// The length of each rank's text.
    len: [u8; 8],
}

/// Appends the piece placement field. The ranks that changed since the last placement written
/// with `cache` are made again: their letters come out of the role bitboards as eight bytes at
/// once (no per-square branches), and a table built at compile time squeezes the empty squares
/// into digits.
fn append_placement(buf: &mut Vec<u8>, board: &shakmaty::Board, cache: &mut RankCache) {
    let bitboards = [
        u64::from(board.pawns()),
        u64::from(board.knights()),
        u64::from(board.bishops()),
        u64::from(board.rooks()),
        u64::from(board.queens()),
        u64::from(board.kings()),
        u64::from(board.black()),
    ];
    // A byte of `changed` is non-zero where its rank differs from the cached one.
    let changed = match &cache.board {
        Some(old) => (0..7).fold(0u64, |acc, i| acc | (old[i] ^ bitboards[i])),
        None => u64::MAX,
    };
    if changed != 0 {
        cache.board = Some(bitboards);
        let occupied = u64::from(board.occupied());
        for rank in 0..8usize {
            let shift = rank * 8;
            if (changed >> shift) & 0xff == 0 {
                continue;
            }
            let byte = |bb: u64| ((bb >> shift) & 0xff) as usize;
            let mut letters = SPREAD[byte(bitboards[6])] * 0x20;
            for (bb, letter) in bitboards[..6].iter().zip(b"PNBRQK") {
                letters += SPREAD[byte(*bb)] * u64::from(*letter);
            }
            let mut squares = [0u8; 9];
            squares[..8].copy_from_slice(&letters.to_le_bytes());
            let pattern = &RANK_PATTERNS[byte(occupied)];
            let text = &mut cache.text[rank];
            for (i, t) in text.iter_mut().enumerate() {
                *t = pattern.digit[i] | squares[usize::from(pattern.file[i])];
            }
            cache.len[rank] = pattern.len;
        }
    }
    // The ranks are written straight into `buf` (8 ranks of at most 8 bytes and 8 slashes),
    // eight bytes at a time, and the rest cut off at the end: no copy through the stack.
    let start = buf.len();
    buf.resize(start + 72, 0);
    let out = &mut buf[start..];
    let mut n = 0;
    for rank in (0..8usize).rev() {
        // `n` is at most 63 here (7 ranks of 9 bytes).
        if let Some(dst) = out.get_mut(n..n + 8) {
            dst.copy_from_slice(&cache.text[rank]);
        }
        n += usize::from(cache.len[rank]);
        if let Some(slash) = out.get_mut(n) {
            *slash = b'/';
        }
        n += 1;
    }
    // No slash after the first rank.
    buf.truncate(start + n - 1);
}

/// Appends placement, side to move, castling (X-FEN) and en passant, as shakmaty's
/// `Epd::append_ascii_to` does, but from the piece bitboards (the writer is the hot loop of
/// `arbiter fen`).
fn append_four_fields(buf: &mut Vec<u8>, pos: &Chess, ep: EnPassantMode, cache: &mut RankCache) {
    let board = pos.board();
    append_placement(buf, board, cache);
    buf.extend_from_slice(if pos.turn().is_white() {
        b" w "
    } else {
        b" b "
    });
    let rights = pos.castles().castling_rights();
    if rights.is_empty() {
        buf.push(b'-');
    } else if pos.castles().mode() == CastlingMode::Standard {
        // Standard chess: rights only on the corner rooks, written KQkq.
        for (square, letter) in [
            (Square::H1, b'K'),
            (Square::A1, b'Q'),
            (Square::H8, b'k'),
            (Square::A8, b'q'),
        ] {
            if rights.contains(square) {
                buf.push(letter);
            }
        }
    } else {
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
                buf.push(if color.is_white() {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
    }
    buf.push(b' ');
    match pos.ep_square(ep) {
        Some(sq) => {
            buf.push(sq.file().char() as u8);
            buf.push(sq.rank().char() as u8);
        }
        None => buf.push(b'-'),
    }
}

fn append_number(buf: &mut Vec<u8>, n: u32) {
    // Counters are small: one or two digits need no copy loop.
    if n < 10 {
        buf.push(b'0' + n as u8);
        return;
    }
    if n < 100 {
        buf.push(b'0' + (n / 10) as u8);
        buf.push(b'0' + (n % 10) as u8);
        return;
    }
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
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
    append_four_fields(buf, pos, options.ep, cache);
    if options.shredder {
        with_shredder_castling(buf, start, pos);
    }
    buf.extend_from_slice(b" hmvc ");
    append_number(buf, pos.halfmoves());
    buf.extend_from_slice(b"; fmvn ");
    append_number(buf, pos.fullmoves().get());
    buf.extend_from_slice(b"; id \"game ");
    buf.extend_from_slice(game.to_string().as_bytes());
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
                    assert_eq!(
                        fen_text(&pos, &options),
                        Fen::from_position(&pos, ep).to_string()
                    );
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
