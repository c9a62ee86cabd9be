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
///
/// As python-chess's regular expressions find them: a command is `[%` NAME, one whitespace
/// character, its argument and `]`; one that does not parse does not hide a command that
/// starts inside it (`[%clk [%clk 0:00:10]` is 10 s). Linear in the text: the `]` that ends
/// the commands starting before it is looked for once.
pub fn read_comment(text: &[u8], data: &mut MoveData) {
    data.comments += 1;
    let mut from = 0;
    let mut close = None;
    while let Some(at) = command_start(&text[from..]) {
        let start = from + at + 2;
        let end = match close {
            Some(end) if end >= start => end,
            // Comments are short (lichess's 18 bytes on average): a plain scan beats
            // `memchr`'s setup.
            _ => match text[start..].iter().position(|&b| b == b']') {
                Some(i) => start + i,
                None => return,
            },
        };
        close = Some(end);
        from = match read_command(&text[start..end], data) {
            true => end + 1,
            false => start,
        };
    }
}

/// Reads one command (`clk 0:00:30`, between `[%` and `]`) into `data`, unless a command of
/// its name was read before; false when it is no command that parses.
fn read_command(command: &[u8], data: &mut MoveData) -> bool {
    // The name is looked at, not searched for (a long text of `[%` would make that quadratic).
    let name = match command {
        [b'c', b'l', b'k', ..] | [b'e', b'm', b't', ..] => &command[..3],
        [b'e', b'v', b'a', b'l', ..] => &command[..4],
        _ => return false,
    };
    let args = match command[name.len()..].split_first() {
        Some((space, args)) if space.is_ascii_whitespace() => args,
        _ => return false,
    };
    match name {
        b"clk" | b"emt" => {
            let Some(time) = clock(args) else {
                return false;
            };
            let slot = if name == b"clk" {
                &mut data.clk
            } else {
                &mut data.emt
            };
            slot.get_or_insert(time);
            true
        }
        b"eval" => {
            let Some((eval, depth)) = eval(args) else {
                return false;
            };
            if data.eval.is_none() {
                data.eval = Some(eval);
                data.eval_depth = depth;
            }
            true
        }
        _ => false,
    }
}

/// Where the first `[%` of `text` is (as `memmem::find`, without building a searcher for
/// every comment).
#[inline]
fn command_start(text: &[u8]) -> Option<usize> {
    text.windows(2).position(|w| w == b"[%")
}

/// Digits as a number (at most 10 of them), or `None`.
fn digits(bytes: &[u8]) -> Option<u64> {
    if bytes.is_empty() || bytes.len() > 10 || !bytes.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(bytes.iter().fold(0, |n, b| n * 10 + u64::from(b - b'0')))
}

/// `H:MM:SS` or `H:MM:SS.f...` in seconds, as python-chess adds them: the hours and minutes
/// as a whole number of seconds, then the seconds read as a decimal number (`0:00:01.14` is
/// 1.14, not 1 + 0.14).
fn clock(text: &[u8]) -> Option<f64> {
    // As lichess, chess.com and ChessBase write it (`0:00:30`, `0:02:59.9`): read in place,
    // to the same value as the general reading below (a quotient of two exact integers is
    // the decimal number correctly rounded, as parsing it is).
    let digit = |b: u8| b.wrapping_sub(b'0') < 10;
    if let [h, b':', m1, m2, b':', s1, s2, ref rest @ ..] = *text
        && [h, m1, m2, s1, s2].into_iter().all(digit)
    {
        let n = |b: u8| u64::from(b - b'0');
        let base = (n(h) * 3600 + (n(m1) * 10 + n(m2)) * 60) as f64;
        let seconds = n(s1) * 10 + n(s2);
        match rest {
            [] => return Some(base + seconds as f64),
            &[b'.', f] if digit(f) => return Some(base + (seconds * 10 + n(f)) as f64 / 10.0),
            _ => {}
        }
    }
    // Hours and minutes of at most 30 digits: their colons are looked for that far only.
    let colon = |text: &[u8]| text.iter().take(31).position(|b| *b == b':');
    let first = colon(text)?;
    let hours = wide_digits(&text[..first])?;
    let text = &text[first + 1..];
    let second = colon(text)?;
    let minutes = wide_digits(&text[..second])?;
    let seconds = &text[second + 1..];
    // `\d+(?:\.\d*)?`: digits, then perhaps a point and more.
    let whole = seconds
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(seconds.len());
    let fraction = &seconds[whole..];
    let decimal = fraction.first() == Some(&b'.') && fraction[1..].iter().all(u8::is_ascii_digit);
    if whole == 0 || !(fraction.is_empty() || decimal) {
        return None;
    }
    let seconds: f64 = std::str::from_utf8(seconds).ok()?.parse().ok()?;
    Some((hours * 3600 + minutes * 60) as f64 + seconds)
}

/// Digits as a number (at most 30 of them), or `None`.
fn wide_digits(bytes: &[u8]) -> Option<u128> {
    if bytes.is_empty() || bytes.len() > 30 || !bytes.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(bytes.iter().fold(0, |n, b| n * 10 + u128::from(b - b'0')))
}

/// `0.17`, `-1.5`, `+3`, `.5`, `#4`, `#-3`, each with an optional `,depth`.
fn eval(text: &[u8]) -> Option<(Eval, Option<u32>)> {
    // The value is of digits, signs, a point or `#`; then a comma and the depth, or the end.
    let value = text
        .iter()
        .position(|b| !matches!(b, b'0'..=b'9' | b'+' | b'-' | b'.' | b'#'))
        .unwrap_or(text.len());
    let (value, depth) = match text.get(value) {
        Some(b',') => {
            let depth = digits(&text[value + 1..]).and_then(|d| u32::try_from(d).ok())?;
            (&text[..value], Some(depth))
        }
        Some(_) => return None,
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

    /// The clock as python-chess reads it: `int(h) * 3600 + int(m) * 60 + float(s)`.
    fn general_clock(text: &str) -> Option<f64> {
        let parts: Vec<&str> = text.split(':').collect();
        let (h, m): (u64, u64) = (parts[0].parse().unwrap(), parts[1].parse().unwrap());
        Some((h * 3600 + m * 60) as f64 + parts[2].parse::<f64>().unwrap())
    }

    #[test]
    fn clocks_add_as_python_chess_adds_them() {
        // python-chess 1.11.2 gives 1.14, 1.36, 1.57 (not 1.1400000000000001...).
        assert_eq!(read("[%clk 0:00:01.14]").clk, Some(1.14));
        assert_eq!(read("[%clk 0:00:01.36]").clk, Some(1.36));
        assert_eq!(read("[%emt 0:00:01.57]").emt, Some(1.57));
        assert_eq!(read("[%clk 0:00:30.12345678901]").clk, Some(30.12345678901));
        assert_eq!(read("[%clk 00000000001:00:00]").clk, Some(3600.0));
        for tenths in 0..36_000u32 {
            let text = format!(
                "{}:{:02}:{:02}.{}",
                tenths / 36_000,
                tenths / 600 % 60,
                tenths / 10 % 60,
                tenths % 10
            );
            assert_eq!(clock(text.as_bytes()), general_clock(&text), "{text}");
        }
    }

    #[test]
    fn commands_are_found_as_python_chess_finds_them() {
        // One whitespace character after the name, none before `]`.
        assert_eq!(read("[%clk  0:00:30 ]").clk, None);
        assert_eq!(read("[%clk 0:00:30 ]").clk, None);
        assert_eq!(read("[%eval  1.5]").eval, None);
        assert_eq!(read("[%clk\t0:00:30]").clk, Some(30.0));
        // A command inside one that does not parse.
        assert_eq!(read("[%clk [%clk 0:00:10]").clk, Some(10.0));
        assert_eq!(read("[%eval 0.5 [%clk 0:00:11]").clk, Some(11.0));
        // The first command that parses counts.
        assert_eq!(
            read("[%clk x] [%clk 0:00:20] [%clk 0:00:10]").clk,
            Some(20.0)
        );
        // Linear: many starts before one `]`.
        for start in ["[%", "[%clk ", "[%clk 1:", "[%eval ", "[%eval 1"] {
            let long = start.repeat(100_000) + "[%clk 0:00:05]";
            let began = std::time::Instant::now();
            assert_eq!(read(&long).clk, Some(5.0), "{start}");
            assert!(
                began.elapsed().as_secs() < 2,
                "{start}: {:?}",
                began.elapsed()
            );
        }
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
