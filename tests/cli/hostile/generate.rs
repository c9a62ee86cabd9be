//! Generators of the hostile inputs (streamed: the large ones are never held whole).

use std::io::{self, Write};

/// The game every hostile input ends with: it must still be found.
pub const AFTER: &[u8] =
    b"\n[Event \"after\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

/// `n` nested variations, each opened after a move and closed at the end.
pub fn nested_variations(out: &mut dyn Write, n: usize) -> io::Result<()> {
    out.write_all(b"[Event \"nested\"]\n\n1. e4 ")?;
    for _ in 0..n {
        out.write_all(b"(1. d4 ")?;
    }
    for _ in 0..n {
        out.write_all(b")")?;
    }
    out.write_all(b" e5 *\n")?;
    out.write_all(b"\n[Event \"unclosed\"]\n\n1. e4 ")?;
    for _ in 0..n {
        out.write_all(b"( ")?;
    }
    out.write_all(b"*\n")?;
    out.write_all(AFTER)
}

/// A game with a comment of `bytes` bytes (lines of 100 bytes).
pub fn comment(out: &mut dyn Write, bytes: usize) -> io::Result<()> {
    out.write_all(b"[Event \"comment\"]\n\n1. e4 {")?;
    let line = [b"x".repeat(99), b"\n".to_vec()].concat();
    let block = line.repeat(10_000);
    let mut left = bytes;
    while left > 0 {
        let n = left.min(block.len());
        out.write_all(&block[..n])?;
        left -= n;
    }
    out.write_all(b"} e5 *\n")?;
    out.write_all(AFTER)
}

/// A game on a single line of `bytes` bytes (knight moves back and forth).
pub fn single_line(out: &mut dyn Write, bytes: usize) -> io::Result<()> {
    out.write_all(b"[Event \"line\"]\n\n")?;
    let block = b"Nf3 Nf6 Ng1 Ng8 ".repeat(65_536);
    let mut left = bytes;
    while left > 0 {
        let n = left.min(block.len());
        out.write_all(&block[..n])?;
        left -= n;
    }
    out.write_all(b"*\n")?;
    out.write_all(AFTER)
}

/// A game whose Event tag value has `bytes` bytes.
pub fn tag_value(out: &mut dyn Write, bytes: usize) -> io::Result<()> {
    out.write_all(b"[Event \"")?;
    out.write_all(&b"v".repeat(bytes))?;
    out.write_all(b"\"]\n\n1. e4 e5 *\n")?;
    out.write_all(AFTER)
}

/// `n` empty games (a termination marker each).
pub fn empty_games(out: &mut dyn Write, n: usize) -> io::Result<()> {
    let block = b"*\n\n".repeat(10_000);
    for _ in 0..n / 10_000 {
        out.write_all(&block)?;
    }
    out.write_all(&block[..(n % 10_000) * 3])?;
    out.write_all(AFTER)
}

/// `bytes` bytes of pseudo-random junk (xorshift, fixed seed).
pub fn binary_junk(out: &mut dyn Write, bytes: usize) -> io::Result<()> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut buf = Vec::with_capacity(1 << 16);
    let mut left = bytes;
    while left > 0 {
        buf.clear();
        while buf.len() < (1 << 16).min(left) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            buf.extend_from_slice(&x.to_le_bytes());
        }
        buf.truncate(left.min(1 << 16));
        out.write_all(&buf)?;
        left -= buf.len();
    }
    out.write_all(b"\n\n")?;
    out.write_all(AFTER)
}

/// `bytes` of `unit` repeated, then the rest of the game.
fn repeated(out: &mut dyn Write, unit: &[u8], bytes: usize) -> io::Result<()> {
    let block = unit.repeat((1 << 16) / unit.len().max(1) + 1);
    let mut left = bytes;
    while left > 0 {
        let n = left.min(block.len()) / unit.len() * unit.len();
        if n == 0 {
            break;
        }
        out.write_all(&block[..n])?;
        left -= n;
    }
    Ok(())
}

/// `n` nested variations opened with `( e4` and never closed (the shape of issue 13: 100,000
/// of them were quadratic in `fen --variations`).
pub fn nested_open(out: &mut dyn Write, n: usize) -> io::Result<()> {
    out.write_all(b"[Event \"open\"]\n\n1. e4 ")?;
    repeated(out, b"( e4 ", n * 5)?;
    out.write_all(b"*\n")?;
    out.write_all(AFTER)
}

/// Variations nested 60 deep (replayed: under the cap of 64), closed, repeated over `bytes`:
/// every position inside carries a path of up to 60 segments.
pub fn deep_closed(out: &mut dyn Write, bytes: usize) -> io::Result<()> {
    out.write_all(b"[Event \"deep\"]\n\n1. e4 e5 ")?;
    let unit = [b"(1... d5 ".repeat(60), b")".repeat(60), b"\n".to_vec()].concat();
    repeated(out, &unit, bytes)?;
    out.write_all(b"2. Nf3 *\n")?;
    out.write_all(AFTER)
}

/// `bytes` of sibling variations after one move (`(1. d4 d5)` each).
pub fn sibling_variations(out: &mut dyn Write, bytes: usize) -> io::Result<()> {
    out.write_all(b"[Event \"siblings\"]\n\n1. e4 ")?;
    repeated(out, b"(1. d4 d5) ", bytes)?;
    out.write_all(b"e5 *\n")?;
    out.write_all(AFTER)
}

/// A game of `n` tag pairs (a million fit in the 16 MiB game cap).
pub fn many_tags(out: &mut dyn Write, n: usize) -> io::Result<()> {
    out.write_all(b"[Event \"tags\"]\n")?;
    for i in 0..n {
        writeln!(out, "[T{i} \"v\"]")?;
    }
    out.write_all(b"\n1. e4 e5 *\n")?;
    out.write_all(AFTER)
}

/// A main line of `bytes` of knight moves (in lines of 80 characters), under the game cap: the
/// positions written are many times the input.
pub fn long_game(out: &mut dyn Write, bytes: usize) -> io::Result<()> {
    out.write_all(b"[Event \"long\"]\n\n")?;
    let line = [b"Nf3 Nf6 Ng1 Ng8 ".repeat(4), b"\n".to_vec()].concat();
    repeated(out, &line, bytes)?;
    out.write_all(b"*\n")?;
    out.write_all(AFTER)
}

/// `n` stray closing braces in one game (each an unknown token: a million findings, which the
/// export kept and located one by one).
pub fn stray_braces(out: &mut dyn Write, n: usize) -> io::Result<()> {
    out.write_all(b"[Event \"braces\"]\n\n1. e4 ")?;
    repeated(out, b"} ", n * 2)?;
    out.write_all(b"*\n")?;
    out.write_all(AFTER)
}

/// `bytes` of null moves in one variation (`(1. -- -- ...)`, in lines of 100 characters): the
/// walk passes the turn at each (issue 12), and every position is written by `fen
/// --variations` and every `--` by `pgn`, so they must be handed on as moves are (issue 13).
pub fn null_moves(out: &mut dyn Write, bytes: usize) -> io::Result<()> {
    out.write_all(b"[Event \"null\"]\n\n1. e4 (1. ")?;
    let line = [b"-- ".repeat(33), b"\n".to_vec()].concat();
    repeated(out, &line, bytes)?;
    out.write_all(b") e5 *\n")?;
    out.write_all(AFTER)
}
