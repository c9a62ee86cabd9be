//! The data move comments carry: `[%clk h:mm:ss(.f)]` (clock time left), `[%emt h:mm:ss(.f)]`
//! (time spent) and `[%eval ...]` (an evaluation), as lichess (`{ [%eval 0.17] [%clk 0:00:30] }`),
//! chess.com (`{[%clk 0:02:59.9]}`) and ChessBase (`{[%emt 0:00:05]}`) write them.
//!
//! The grammar is python-chess's (`chess.pgn`): a clock is `H:MM:SS` with an optional fraction;
//! an evaluation is pawns with at most two decimals (`0.17`, `-1.5`, `+3`) or `#N` (mate in N,
//! `#-3` when Black mates), with an optional `,depth`. A command that does not parse is ignored,
//! and of a command written twice in one move's comments the first counts (as in python-chess).

use crate::model::{Eval, MoveData};

/// Reads the commands of one comment's text (without its braces) into `data`.
pub fn read_comment(text: &[u8], data: &mut MoveData) {
    data.comments += 1;
    let mut rest = text;
    while let Some(at) = command_start(rest) {
        rest = &rest[at + 2..];
        // Comments are short (lichess's 18 bytes on average): a plain scan beats `memchr`'s
        // setup.
        let Some(close) = rest.iter().position(|&b| b == b']') else {
            return;
        };
        let command = &rest[..close];
        rest = &rest[close + 1..];
        let (name, args) = match command.iter().position(|b| b.is_ascii_whitespace()) {
            Some(space) => (&command[..space], trim(&command[space..])),
            None => continue,
        };
        match name {
            b"clk" if data.clk.is_none() => data.clk = clock(args),
            b"emt" if data.emt.is_none() => data.emt = clock(args),
            b"eval" => {
                if data.eval.is_none()
                    && let Some((eval, depth)) = eval(args)
                {
                    data.eval = Some(eval);
                    data.eval_depth = depth;
                }
            }
            _ => {}
        }
    }
}

/// Where the first `[%` of `text` is (as `memmem::find`, without building a searcher for
/// every comment).
#[inline]
fn command_start(text: &[u8]) -> Option<usize> {
    text.windows(2).position(|w| w == b"[%")
}

fn trim(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace());
    let end = bytes.iter().rposition(|b| !b.is_ascii_whitespace());
    match (start, end) {
        (Some(s), Some(e)) => &bytes[s..=e],
        _ => &[],
    }
}

/// Digits as a number (at most 10 of them), or `None`.
fn digits(bytes: &[u8]) -> Option<u64> {
    if bytes.is_empty() || bytes.len() > 10 || !bytes.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(bytes.iter().fold(0, |n, b| n * 10 + u64::from(b - b'0')))
}

/// `H:MM:SS` or `H:MM:SS.f...` in seconds.
fn clock(text: &[u8]) -> Option<f64> {
    // As lichess, chess.com and ChessBase write it (`0:00:30`, `0:02:59.9`): read in place,
    // to the same value as the general reading below.
    let digit = |b: u8| b.wrapping_sub(b'0') < 10;
    if let [h, b':', m1, m2, b':', s1, s2, ref rest @ ..] = *text
        && [h, m1, m2, s1, s2].into_iter().all(digit)
    {
        let n = |b: u8| u64::from(b - b'0');
        let whole = (n(h) * 3600 + (n(m1) * 10 + n(m2)) * 60 + n(s1) * 10 + n(s2)) as f64;
        match rest {
            [] => return Some(whole),
            &[b'.', f] if digit(f) => return Some(whole + n(f) as f64 / 10f64.powi(1)),
            _ => {}
        }
    }
    let mut parts = text.splitn(3, |b| *b == b':');
    let hours = digits(parts.next()?)?;
    let minutes = digits(parts.next()?)?;
    let seconds = parts.next()?;
    let (whole, fraction) = match seconds.iter().position(|b| *b == b'.') {
        Some(dot) => (&seconds[..dot], &seconds[dot + 1..]),
        None => (seconds, &b""[..]),
    };
    let whole = digits(whole)?;
    let mut total = (hours * 3600 + minutes * 60 + whole) as f64;
    if !fraction.is_empty() {
        let f = digits(fraction)?;
        total += f as f64 / 10f64.powi(fraction.len() as i32);
    }
    Some(total)
}

/// `0.17`, `-1.5`, `+3`, `.5`, `#4`, `#-3`, each with an optional `,depth`.
fn eval(text: &[u8]) -> Option<(Eval, Option<u32>)> {
    let (value, depth) = match text.iter().position(|b| *b == b',') {
        Some(comma) => {
            let depth = digits(&text[comma + 1..]).and_then(|d| u32::try_from(d).ok())?;
            (&text[..comma], Some(depth))
        }
        None => (text, None),
    };
    if let Some(mate) = value.strip_prefix(b"#") {
        let (negative, n) = sign(mate);
        let n = i32::try_from(digits(n)?).ok()?;
        return Some((Eval::Mate(if negative { -n } else { n }), depth));
    }
    let (negative, unsigned) = sign(value);
    let (whole, fraction) = match unsigned.iter().position(|b| *b == b'.') {
        Some(dot) => (&unsigned[..dot], &unsigned[dot + 1..]),
        None => (unsigned, &b""[..]),
    };
    if fraction.len() > 2 || (whole.is_empty() && fraction.is_empty()) {
        return None;
    }
    let whole = if whole.is_empty() { 0 } else { digits(whole)? };
    let hundredths = match fraction.len() {
        0 => 0,
        1 => digits(fraction)? * 10,
        _ => digits(fraction)?,
    };
    let cp = i32::try_from(whole * 100 + hundredths).ok()?;
    Some((Eval::Centipawns(if negative { -cp } else { cp }), depth))
}

fn sign(text: &[u8]) -> (bool, &[u8]) {
    match text.first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> MoveData {
        let mut data = MoveData::default();
        read_comment(text.as_bytes(), &mut data);
        data
    }

    #[test]
    fn lichess_eval_and_clock() {
        let d = read(" [%eval 0.17] [%clk 0:00:30] ");
        assert_eq!(d.eval, Some(Eval::Centipawns(17)));
        assert_eq!(d.clk, Some(30.0));
        assert_eq!(read("[%eval #-3]").eval, Some(Eval::Mate(-3)));
        assert_eq!(read("[%eval -1.5]").eval, Some(Eval::Centipawns(-150)));
        let d = read("[%eval 0.35,23]");
        assert_eq!(
            (d.eval, d.eval_depth),
            (Some(Eval::Centipawns(35)), Some(23))
        );
    }

    #[test]
    fn chess_com_tenths_and_chessbase_emt() {
        assert_eq!(read("[%clk 0:02:59.9]").clk, Some(179.9));
        assert_eq!(read("[%emt 0:00:05]").emt, Some(5.0));
        assert_eq!(read("[%clk 1:30:00]").clk, Some(5400.0));
    }

    #[test]
    fn the_short_reading_of_a_clock_is_the_general_one() {
        for text in ["0:00:30", "0:02:59.9", "9:59:59", "1:30:00.0", "0:00:00.5"] {
            assert_eq!(clock(text.as_bytes()), general_clock(text), "{text}");
        }
        // Not the short form: read by the general rule.
        assert_eq!(clock(b"10:00:00"), Some(36000.0));
        assert_eq!(clock(b"0:00:30.25"), Some(30.25));
        assert_eq!(clock(b"0:0:30"), Some(30.0));
        assert_eq!(clock(b"0:00:3x"), None);
        // python-chess reads `30.` as 30 seconds too (`\d+(?:\.\d*)?`).
        assert_eq!(clock(b"0:00:30."), Some(30.0));
        assert_eq!(command_start(b"[x [%clk"), Some(3));
        assert_eq!(command_start(b"[[%"), Some(1));
        assert_eq!(command_start(b"% [ %["), None);
    }

    /// The clock by the rule: hours, minutes and seconds added, then the fraction's tenths.
    fn general_clock(text: &str) -> Option<f64> {
        let (hms, fraction) = text.split_once('.').unwrap_or((text, ""));
        let parts: Vec<u64> = hms.split(':').map(|p| p.parse().unwrap()).collect();
        let whole = (parts[0] * 3600 + parts[1] * 60 + parts[2]) as f64;
        let f: u64 = fraction.parse().unwrap_or(0);
        Some(whole + f as f64 / 10f64.powi(fraction.len() as i32))
    }

    #[test]
    fn bad_commands_are_ignored() {
        let d = read("[%clk 0:xx:30] [%eval abc] [%eval 0.123] [%evalx 1] [%clk]");
        assert_eq!(
            d,
            MoveData {
                comments: 1,
                ..MoveData::default()
            }
        );
    }
}
