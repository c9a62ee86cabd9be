//! Counting the main-line moves of a movetext without replaying it: the strict lexer's rules
//! ([`count_main_line`], [`Counter`]) and a byte scan that follows them exactly
//! ([`count_main_line_fast`], for `arbiter stats` without `--with-check`).

use crate::analysis::lexer::{Lexer, Token, TokenKind};
use crate::analysis::notation::parse_move;

/// The main line of a game's movetext as the lexer sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MainLineCount<'a> {
    /// Move tokens outside variations, before the termination marker.
    pub plies: u32,
    /// The first of them as written; `None` when the first word the lexer reads as a move in
    /// the main line is no move (`Nf9`).
    pub first_move: Option<&'a [u8]>,
    /// The termination marker (outside variations), if any, in its standard form (`1/2-1/2`
    /// for a `½-½` written, see [`crate::bytes::termination_marker`]).
    pub marker: Option<&'a [u8]>,
}

/// [`count_main_line`] one token at a time, as a visitor of the walk sees them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counter<'a> {
    count: MainLineCount<'a>,
    depth: u32,
    seen_move: bool,
    done: bool,
}

impl<'a> Counter<'a> {
    /// Counts one token of the movetext.
    #[inline(always)]
    pub fn token(&mut self, token: &Token<'a>) {
        if self.done {
            return;
        }
        match token.kind {
            TokenKind::Open => self.depth += 1,
            TokenKind::Close => self.depth = self.depth.saturating_sub(1),
            TokenKind::Move if self.depth == 0 => {
                let parsed = parse_move(token.text).is_some();
                if !self.seen_move {
                    self.seen_move = true;
                    self.count.first_move = parsed.then_some(token.text);
                }
                self.count.plies += u32::from(parsed);
            }
            TokenKind::Result if self.depth == 0 => {
                self.count.marker = crate::bytes::termination_marker(token.text);
                self.done = true;
            }
            _ => {}
        }
    }

    /// The count so far.
    pub fn count(&self) -> MainLineCount<'a> {
        self.count
    }
}

/// Counts the main-line move tokens of a movetext, starting with `first` (the token after the
/// tag section) and going on with `lexer`. Move tokens that [`parse_move`] reads count whether
/// or not the move is legal; words the lexer calls moves but that are no move (`Nf9`, `xyz`:
/// unknown tokens for `arbiter check`), tokens in variations and after the termination marker
/// do not.
pub fn count_main_line<'a>(first: Option<Token<'a>>, lexer: Lexer<'a>) -> MainLineCount<'a> {
    let mut counter = Counter::default();
    for token in first.into_iter().chain(lexer) {
        counter.token(&token);
    }
    counter.count()
}

/// The same count as [`count_main_line`] from byte offset `from` of the movetext (the first
/// token after the tag section), without building tokens: `arbiter stats` reads every game, and
/// this loop only classifies the words outside comments and variations.
///
/// It must follow the lexer's rules exactly ([`Lexer`]: comments, `%` escape lines, NAGs,
/// move numbers glued to moves, ellipses, glyphs, `e.p.`); the unit tests compare the two on
/// every file of `testdata/` and on random movetext, and `tests/cli/stats_corpus.rs` on the
/// corpus.
pub fn count_main_line_fast(bytes: &[u8], from: usize) -> MainLineCount<'_> {
    use crate::bytes::{BOM, invisible_at, is_space};
    let b = bytes;
    let line_end =
        |from: usize| memchr::memchr2(b'\n', b'\r', &b[from..]).map_or(b.len(), |i| from + i);
    let first_column = |i: usize| i == 0 || matches!(b[i - 1], b'\n' | b'\r');
    let mut count = MainLineCount::default();
    let mut depth = 0u32;
    let mut seen_move = false;
    let mut pos = from;
    loop {
        while pos < b.len() && is_space(b[pos]) {
            pos += 1;
        }
        let start = pos;
        let Some(&c) = b.get(start) else {
            break;
        };
        // Byte order marks and no-break spaces are whitespace for the lexer.
        if c >= 0xC2
            && let Some(n) = invisible_at(b, start)
        {
            pos += n;
            continue;
        }
        if c == b'%'
            && (first_column(start)
                || start >= BOM.len() && b[..start].ends_with(BOM) && first_column(start - 3))
        {
            pos = line_end(start);
            continue;
        }
        match c {
            b'{' => match memchr::memchr(b'}', &b[start..]) {
                Some(i) => pos = start + i + 1,
                None => break,
            },
            b';' => pos = line_end(start),
            b'(' => {
                depth += 1;
                pos += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                pos += 1;
            }
            b'}' => pos += 1,
            b'*' => {
                if depth == 0 {
                    count.marker = Some(&b[start..start + 1]);
                    break;
                }
                pos += 1;
            }
            _ => {
                if c == b'$'
                    && let Some(end) = nag_end(b, start)
                {
                    pos = end;
                    continue;
                }
                match fast_word(b, start, depth, &mut count, &mut seen_move) {
                    Some(next) => pos = next,
                    None => break,
                }
            }
        }
    }
    count
}

/// The word at `start` for [`count_main_line_fast`] (at variation depth `depth`): counted when
/// it is a main-line move; returns where the scan goes on, or `None` at the main line's
/// termination marker.
#[inline(always)]
fn fast_word<'a>(
    b: &'a [u8],
    start: usize,
    depth: u32,
    count: &mut MainLineCount<'a>,
    seen_move: &mut bool,
) -> Option<usize> {
    // The lexer's `scan::word_end`, one byte at a time (words are short).
    let end = crate::bytes::scan::word_end_bytewise(b, start + 1);
    let word = &b[start..end];
    let mut pos = end;
    let is_move = if starts_move(word) {
        true
    } else if let Some(marker) = crate::bytes::termination_marker(word) {
        if depth == 0 {
            count.marker = Some(marker);
            return None;
        }
        false
    } else if word[0].is_ascii_digit() && !word.starts_with(b"0-0") && word != b"0000" {
        pos = start + move_number_len(word);
        false
    } else if word[0] == b'.' {
        pos = start + word.iter().take_while(|c| **c == b'.').count();
        false
    } else {
        !(matches!(word, b"e.p." | b"ep" | b"e.p") || word == "…".as_bytes() || is_glyph(word))
    };
    // A word the lexer reads as a move but that is no move (`Nf9`, `xyz`): an unknown token for
    // `arbiter check`, not a ply (and when it stands first, the game has no first move).
    if is_move && depth == 0 {
        let parsed = parse_move(word).is_some();
        if !*seen_move {
            *seen_move = true;
            count.first_move = parsed.then_some(word);
        }
        count.plies += u32::from(parsed);
    }
    Some(pos)
}

/// The end of the NAG (`$1` to `$255`, followed by the end of the word) that starts at
/// `start`, or `None` when the `$` there starts no NAG.
#[inline(always)]
fn nag_end(b: &[u8], start: usize) -> Option<usize> {
    let digits = b[start + 1..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let end = start + 1 + digits;
    let nag = (digits > 0 && digits <= 3)
        .then(|| {
            b[start + 1..end]
                .iter()
                .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'))
        })
        .filter(|n| *n <= 255);
    (nag.is_some() && crate::analysis::lexer::ends_word(b, end)).then_some(end)
}

/// True when the lexer reads `word` (not empty) as a move for its first byte: a file, a piece
/// letter or castling (`ep` and `e.p.`-like words aside).
#[inline(always)]
fn starts_move(word: &[u8]) -> bool {
    matches!(
        word[0],
        b'a'..=b'h' | b'K' | b'Q' | b'R' | b'B' | b'N' | b'O'
    ) && word != b"ep"
        && !word.starts_with(b"e.")
}

/// For a word that starts with a digit and is no castling or null move: the length of the move
/// number and its dots (`12.`, `12...e4`, `12`) when it is one that fits in a `u32` (the word
/// goes on after its dots: `12.e4`), else the length of the word (a token of its own).
#[inline(always)]
fn move_number_len(word: &[u8]) -> usize {
    let digits = word.iter().take_while(|c| c.is_ascii_digit()).count();
    let dots = word[digits..].iter().take_while(|c| **c == b'.').count();
    let rest = &word[digits + dots..];
    let fits = word[..digits]
        .iter()
        .try_fold(0u32, |n, d| {
            n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
        })
        .is_some();
    if (dots > 0 || rest.is_empty()) && fits {
        digits + dots.min(usize::from(u8::MAX))
    } else {
        word.len()
    }
}

/// The lexer's symbolic annotations written as tokens of their own (a copy of its private list;
/// the differential tests below fail if the two part).
fn is_glyph(word: &[u8]) -> bool {
    const GLYPHS: &[&str] = &[
        "!", "?", "!!", "??", "!?", "?!", "=", "+-", "-+", "+/-", "-/+", "+=", "=+", "+/=", "=/+",
        "=/∞", "∞", "±", "∓", "⩲", "⩱", "□", "‼", "⁇", "⁉", "⁈", "∆", "⨀", "○", "⇆", "⇄", "→", "↑",
        "⊥", "⇔",
    ];
    GLYPHS.iter().any(|g| g.as_bytes() == word)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::analysis::tags;

    /// Both counters on one game.
    pub(crate) fn both_counts(game: &[u8]) -> (MainLineCount<'_>, MainLineCount<'_>) {
        let mut lexer = Lexer::new(game);
        let (_, first) = tags::read_tag_section(&mut lexer, |_| {});
        let fast = first.map_or_else(MainLineCount::default, |t| {
            count_main_line_fast(game, t.start)
        });
        (count_main_line(first, lexer), fast)
    }

    #[test]
    fn fast_count_agrees_with_the_lexer_on_random_movetext() {
        const WORDS: &[&str] = &[
            "e4",
            "1.",
            "1...",
            "12.e4",
            "..Kf8",
            "{c}",
            "{",
            "}",
            "(",
            ")",
            ";x\n",
            "\n%esc\n",
            "$1",
            "$300",
            "$x",
            "$",
            "1-0",
            "0-1",
            "1/2-1/2",
            "*",
            "a5*",
            "ep",
            "e.p.",
            "e.p",
            "!",
            "?!",
            "±",
            "…",
            "0-0",
            "0000",
            "--",
            "Z0",
            "Nf9",
            "99999999999.",
            "1/2",
            "=",
            "P",
            "[x",
            "\"",
            " ",
            "\n",
            "\r",
            "\t",
            "♘f3",
            "exd6",
            "O-O-O+",
            "7",
            "3..",
            "½-½",
            "1–0",
            "0.5-0.5",
            "½",
            "1/2–1/2",
            "\u{a0}",
            "e4\u{a0}e5",
            "\u{feff}",
            "\n\u{feff}%esc\n",
            "o-o",
            "O‑O",
            "$1\u{a0}",
            "1.\u{a0}e4",
        ];
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..3000 {
            let mut game = String::from("[Event \"x\"]\n\n");
            for _ in 0..(x % 40) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                game.push_str(
                    WORDS[(x % WORDS.len() as u64) as usize]
                        .replace("\\n", "\n")
                        .as_str(),
                );
                if x & 0x100 != 0 {
                    game.push(' ');
                }
            }
            let (slow, fast) = both_counts(game.as_bytes());
            assert_eq!(slow, fast, "{game:?}");
        }
    }
}
