//! A strict PGN lexer for one game.
//!
//! Unlike pgn-reader, which skips tokens it cannot parse, this lexer returns every token of the
//! game, including the ones it does not understand ([`TokenKind::Unknown`]) and an unterminated
//! comment ([`TokenKind::UnterminatedComment`]), so that a validator can report them. Tokens carry
//! their byte offset in the game; [`Locator`] turns offsets into line and column only when a
//! finding needs them.

use crate::bytes::{BOM, invisible_at, is_space, is_word_delimiter, termination_marker};

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind<'a> {
    /// A tag pair `[Name "value"]`; `value` is raw (escapes `\"` and `\\` not yet resolved).
    Tag {
        /// The tag name.
        name: &'a [u8],
        /// The raw value between the quotes.
        value: &'a [u8],
        /// The value holds unescaped `"` characters; it was read from the first to the last
        /// quote of the pair (as python-chess and most readers do).
        lenient: bool,
    },
    /// A line in the tag section that is not a well-formed tag pair.
    BadTag,
    /// A move number indication: `12.`, `12...` or a bare `12`.
    MoveNumber {
        /// The number written.
        number: u32,
        /// How many dots follow it (0, 1, 3...).
        dots: u8,
    },
    /// Something shaped like a move (SAN, long algebraic, castling, null move); the SAN parser
    /// decides whether it is one.
    Move,
    /// A numeric annotation glyph `$n`.
    Nag(u32),
    /// A symbolic annotation written as its own token (`!`, `?!`, `+-`, `=`, `±` ...).
    Glyph,
    /// `e.p.` or `ep` written after an en passant capture.
    EpSuffix,
    /// A detached `...` (as in `10 ... Be2`), continuing a move number indication.
    Ellipsis,
    /// A `{...}` comment (the text includes the braces).
    Comment,
    /// A `{` comment with no closing brace before the end of the game.
    UnterminatedComment,
    /// A `;` comment to the end of the line.
    LineComment,
    /// A `%` escape line.
    Escape,
    /// `(`: a variation begins.
    Open,
    /// `)`: a variation ends.
    Close,
    /// A game-termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result,
    /// Anything else.
    Unknown,
}

/// A token and where it stands in the game's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The kind of token.
    pub kind: TokenKind<'a>,
    /// Byte offset of the token's first byte in the game.
    pub start: usize,
    /// The token's bytes as written.
    pub text: &'a [u8],
}

/// Characters read as whitespace that PGN does not count as whitespace, as the lexer met them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Invisible {
    /// How many there were.
    pub count: u64,
    /// Offset of the first in the game.
    pub first: usize,
}

impl Invisible {
    fn add(&mut self, at: usize) {
        if self.count == 0 {
            self.first = at;
        }
        self.count += 1;
    }
}

/// Tokenizer over one game's bytes (see [`crate::engine::split`] for how games are cut).
///
/// Besides the tokens, it reads as whitespace (and counts, see [`Lexer::byte_order_marks`] and
/// [`Lexer::no_break_spaces`]) the byte order marks and no-break spaces that stand where a token
/// could start, and it skips the comments of the tag section: a `;` or `{...}` comment before or
/// between tag pairs (followed by one) is no movetext.
#[derive(Debug)]
pub struct Lexer<'a> {
    bytes: &'a [u8],
    pos: usize,
    in_tags: bool,
    /// The tag section goes on at least up to this offset (a tag pair found after comments).
    tags_until: usize,
    starts_with_bom: bool,
    boms: Invisible,
    nbsps: Invisible,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of a game; a UTF-8 byte order mark at its start is skipped (see
    /// [`Lexer::starts_with_bom`]).
    pub fn new(bytes: &'a [u8]) -> Lexer<'a> {
        let starts_with_bom = bytes.starts_with(BOM);
        Lexer {
            bytes,
            pos: if starts_with_bom { BOM.len() } else { 0 },
            in_tags: true,
            tags_until: 0,
            starts_with_bom,
            boms: Invisible::default(),
            nbsps: Invisible::default(),
        }
    }

    /// The game's bytes start with a byte order mark (skipped, and not counted in
    /// [`Lexer::byte_order_marks`]): the input's own when the game is the input's first.
    pub fn starts_with_bom(&self) -> bool {
        self.starts_with_bom
    }

    /// The byte order marks read as whitespace so far, but for one at the game's first byte.
    pub fn byte_order_marks(&self) -> Invisible {
        self.boms
    }

    /// The no-break spaces (U+00A0) read as whitespace so far.
    pub fn no_break_spaces(&self) -> Invisible {
        self.nbsps
    }

    /// `%` at `at` starts an escape line: it stands in the first column of its line, a byte
    /// order mark before it not counted (PGN standard 6).
    #[inline]
    fn escape_at(&self, at: usize) -> bool {
        let b = self.bytes;
        let first_column = |i: usize| i == 0 || matches!(b[i - 1], b'\n' | b'\r');
        first_column(at) || (at >= BOM.len() && b[..at].ends_with(BOM) && first_column(at - 3))
    }

    /// A comment at `start` in the tag section: its end when a tag pair follows it (after
    /// whitespace, more comments and escape lines), so that it belongs to the tag section.
    #[cold]
    fn tag_section_comment(&mut self, start: usize) -> Option<usize> {
        let b = self.bytes;
        let comment_end = |i: usize| match b[i] {
            b'{' => crate::bytes::scan::find_byte_of(b, i + 1, b"}").map(|close| close + 1),
            _ => Some(memchr::memchr2(b'\n', b'\r', &b[i..]).map_or(b.len(), |k| i + k)),
        };
        let end = comment_end(start)?;
        if start < self.tags_until {
            return Some(end);
        }
        let mut i = end;
        loop {
            match b.get(i) {
                Some(&c) if is_space(c) => i += 1,
                Some(b'{' | b';') => i = comment_end(i)?,
                Some(b'%') if self.escape_at(i) => i = comment_end(i)?,
                Some(_) if invisible_at(b, i).is_some() => i += invisible_at(b, i)?,
                Some(b'[') if crate::bytes::tag_name(&b[i..]).is_some() => {
                    self.tags_until = i;
                    return Some(end);
                }
                _ => return None,
            }
        }
    }

    #[inline(always)]
    fn token(&mut self, kind: TokenKind<'a>, start: usize, end: usize) -> Token<'a> {
        self.pos = end;
        Token {
            kind,
            start,
            text: &self.bytes[start..end],
        }
    }

    fn line_end(&self, from: usize) -> usize {
        memchr::memchr2(b'\n', b'\r', &self.bytes[from..]).map_or(self.bytes.len(), |i| from + i)
    }

    /// Parses a tag pair at `start` (a `[`); returns the token and its end. A pair whose value
    /// holds unescaped quotes (`[Annotator "A "B" C"]`) is read leniently, up to the last `"]` of
    /// the line.
    #[inline(always)]
    fn tag(&self, start: usize) -> Option<(TokenKind<'a>, usize)> {
        self.strict_tag(start).or_else(|| self.lenient_tag(start))
    }

    fn lenient_tag(&self, start: usize) -> Option<(TokenKind<'a>, usize)> {
        let b = self.bytes;
        let end = self.line_end(start);
        let line = &b[start..end];
        let name_start = 1 + line[1..]
            .iter()
            .take_while(|c| matches!(c, b' ' | b'\t'))
            .count();
        let name_len = line[name_start..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count();
        if name_len == 0 {
            return None;
        }
        let after = name_start + name_len;
        let open = after
            + line[after..]
                .iter()
                .take_while(|c| matches!(c, b' ' | b'\t'))
                .count();
        if line.get(open) != Some(&b'"') {
            return None;
        }
        let trimmed = line.trim_ascii_end();
        let close = trimmed.strip_suffix(b"]")?.trim_ascii_end();
        if close.len() <= open + 1 || !close.ends_with(b"\"") {
            return None;
        }
        let value = &line[open + 1..close.len() - 1];
        Some((
            TokenKind::Tag {
                name: &line[name_start..after],
                value,
                lenient: true,
            },
            start + trimmed.len(),
        ))
    }

    #[inline(always)]
    fn strict_tag(&self, start: usize) -> Option<(TokenKind<'a>, usize)> {
        let b = self.bytes;
        let mut i = start + 1;
        while i < b.len() && matches!(b[i], b' ' | b'\t') {
            i += 1;
        }
        let name_start = i;
        while i < b.len() && TAG_NAME_BYTE[usize::from(b[i])] {
            i += 1;
        }
        if i == name_start {
            return None;
        }
        let name = &b[name_start..i];
        while i < b.len() && matches!(b[i], b' ' | b'\t') {
            i += 1;
        }
        if b.get(i) != Some(&b'"') {
            return None;
        }
        i += 1;
        let value_start = i;
        loop {
            // Jump to the next byte that matters: a quote, a backslash or a line end.
            i = crate::bytes::scan::find_byte_of(b, i, b"\"\\\n\r")?;
            match b[i] {
                b'"' => break,
                b'\\' if i + 1 < b.len() && !matches!(b[i + 1], b'\n' | b'\r') => i += 2,
                _ => return None,
            }
        }
        let value = &b[value_start..i];
        i += 1;
        while i < b.len() && matches!(b[i], b' ' | b'\t') {
            i += 1;
        }
        if b.get(i) != Some(&b']') {
            return None;
        }
        Some((
            TokenKind::Tag {
                name,
                value,
                lenient: false,
            },
            i + 1,
        ))
    }

    #[inline(always)]
    fn word(&mut self, start: usize) -> Token<'a> {
        let b = self.bytes;
        // A word has at least one byte, even when it starts with a delimiter such as a lone `$`.
        let end = crate::bytes::scan::word_end(b, start + 1);
        let word = &b[start..end];
        // Fast path: a word starting with a piece letter, a file or `O` is a move candidate.
        if matches!(
            word[0],
            b'a'..=b'h' | b'K' | b'Q' | b'R' | b'B' | b'N' | b'O'
        ) && word != b"ep"
            && !word.starts_with(b"e.")
        {
            return self.token(TokenKind::Move, start, end);
        }
        // `1-0`, `0-1`, `1/2-1/2` (`*` is a token of its own, see `next`), and the forms that
        // stand for them (`1/2`, `1–0`, `½-½`: `termination_marker`).
        if matches!(word.get(1), Some(b'-' | b'/' | b'.' | 0xE2 | 0xBD))
            && termination_marker(word).is_some()
        {
            return self.token(TokenKind::Result, start, end);
        }
        if word[0].is_ascii_digit() && !word.starts_with(b"0-0") && word != b"0000" {
            let mut digits = 1;
            while digits < word.len() && word[digits].is_ascii_digit() {
                digits += 1;
            }
            let mut dots = 0;
            while digits + dots < word.len() && word[digits + dots] == b'.' {
                dots += 1;
            }
            let rest = &word[digits + dots..];
            if dots > 0 || rest.is_empty() {
                let number = parse_u32(&word[..digits]);
                if let Some(number) = number {
                    let dots = u8::try_from(dots).unwrap_or(u8::MAX);
                    return self.token(
                        TokenKind::MoveNumber { number, dots },
                        start,
                        start + digits + usize::from(dots),
                    );
                }
            }
            return self.token(TokenKind::Unknown, start, end);
        }
        if word[0] == b'.' {
            // `...` alone, or glued to the move it numbers (`..Kf8`, PGN standard 7: periods
            // are tokens of their own).
            let dots = word.iter().take_while(|c| **c == b'.').count();
            return self.token(TokenKind::Ellipsis, start, start + dots);
        }
        let kind = if matches!(word, b"e.p." | b"ep" | b"e.p") {
            TokenKind::EpSuffix
        } else if word == "…".as_bytes() {
            TokenKind::Ellipsis
        } else if is_glyph(word) {
            TokenKind::Glyph
        } else {
            TokenKind::Move
        };
        self.token(kind, start, end)
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Token<'a>> {
        let b = self.bytes;
        let mut start = self.pos;
        loop {
            while start < b.len() && is_space(b[start]) {
                start += 1;
            }
            self.pos = start;
            let c = *b.get(start)?;
            // A byte order mark or a no-break space is read as whitespace (and counted).
            if c >= 0xC2
                && let Some(n) = self.invisible(start)
            {
                start += n;
                continue;
            }
            // An escape line: `%` in the first column (PGN standard 6).
            if c == b'%' && self.escape_at(start) {
                let end = self.line_end(start);
                return Some(self.token(TokenKind::Escape, start, end));
            }
            if self.in_tags {
                if c == b'[' {
                    return Some(match self.tag(start) {
                        Some((kind, end)) => self.token(kind, start, end),
                        None => {
                            let end = self.line_end(start);
                            self.token(TokenKind::BadTag, start, end)
                        }
                    });
                }
                if matches!(c, b'{' | b';')
                    && let Some(end) = self.tag_section_comment(start)
                {
                    start = end;
                    continue;
                }
                self.in_tags = false;
            }
            return Some(self.movetext_token(start, c));
        }
    }
}

impl<'a> Lexer<'a> {
    /// The byte order mark or no-break space at `at`, if there is one: counted, and its length.
    #[cold]
    fn invisible(&mut self, at: usize) -> Option<usize> {
        let n = invisible_at(self.bytes, at)?;
        match n {
            3 => self.boms.add(at),
            _ => self.nbsps.add(at),
        }
        Some(n)
    }

    /// The movetext token at `start` (not whitespace), whose first byte is `c`.
    #[inline(always)]
    fn movetext_token(&mut self, start: usize, c: u8) -> Token<'a> {
        let b = self.bytes;
        match c {
            b'{' => match crate::bytes::scan::find_byte_of(b, start + 1, b"}") {
                Some(close) => self.token(TokenKind::Comment, start, close + 1),
                None => {
                    self.pos = b.len();
                    Token {
                        kind: TokenKind::UnterminatedComment,
                        start,
                        text: &b[start..start + 1],
                    }
                }
            },
            b';' => {
                let end = self.line_end(start);
                self.token(TokenKind::LineComment, start, end)
            }
            b'(' => self.token(TokenKind::Open, start, start + 1),
            b'*' => self.token(TokenKind::Result, start, start + 1),
            b')' => self.token(TokenKind::Close, start, start + 1),
            b'}' => self.token(TokenKind::Unknown, start, start + 1),
            b'$' => {
                let digits = b[start + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                let end = start + 1 + digits;
                let nag = parse_u32(&b[start + 1..end]);
                match nag {
                    // NAGs are 0 to 255 (PGN standard 8.2.4).
                    Some(n) if n <= 255 && ends_word(b, end) => {
                        self.token(TokenKind::Nag(n), start, end)
                    }
                    _ => self.word(start),
                }
            }
            _ => self.word(start),
        }
    }
}

/// True when a word ends at `i` of `b`: the end, a delimiter or a no-break space.
#[inline]
pub fn ends_word(b: &[u8], i: usize) -> bool {
    i == b.len() || is_word_delimiter(b[i]) || b[i..].starts_with(crate::bytes::NBSP)
}

/// Parses ASCII digits into a `u32` (`None` when empty or on overflow).
/// The bytes of a tag name: ASCII letters, digits and `_` (PGN standard 8.1.1).
static TAG_NAME_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    table
};

fn parse_u32(digits: &[u8]) -> Option<u32> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u32, |n, d| {
        n.checked_mul(10)?
            .checked_add(u32::from(d.wrapping_sub(b'0')))
    })
}

/// Symbolic annotations accepted as tokens of their own (PGN standard 8.2.4 suffixes and the
/// evaluation symbols that ChessBase and Informant-style files write as text or Unicode).
fn is_glyph(word: &[u8]) -> bool {
    const GLYPHS: &[&str] = &[
        "!", "?", "!!", "??", "!?", "?!", "=", "+-", "-+", "+/-", "-/+", "+=", "=+", "+/=", "=/+",
        "=/∞", "∞", "±", "∓", "⩲", "⩱", "□", "‼", "⁇", "⁉", "⁈", "∆", "⨀", "○", "⇆", "⇄", "→", "↑",
        "⊥", "⇔",
    ];
    GLYPHS.iter().any(|g| g.as_bytes() == word)
}

/// Converts byte offsets in a game into 1-based line and column numbers of the input file.
///
/// Lines end at LF, CRLF or a lone CR; columns count characters (UTF-8 code points; every byte
/// that is not a UTF-8 continuation byte starts one). Offsets asked in increasing order cost
/// linear time overall.
#[derive(Debug)]
pub struct Locator<'a> {
    bytes: &'a [u8],
    base_line: u64,
    base_col: u64,
    offset: usize,
    line: u64,
    col: u64,
}

impl<'a> Locator<'a> {
    /// A locator for a game whose first byte is on line `base_line`, column 1.
    pub fn new(bytes: &'a [u8], base_line: u64) -> Locator<'a> {
        Locator::starting_at(bytes, base_line, 1)
    }

    /// A locator for a game whose first byte is on line `base_line`, column `base_col` (a game
    /// that starts in the middle of a line).
    pub fn starting_at(bytes: &'a [u8], base_line: u64, base_col: u64) -> Locator<'a> {
        Locator {
            bytes,
            base_line,
            base_col,
            offset: 0,
            line: base_line,
            col: base_col,
        }
    }

    /// Line and column of the byte at `offset`.
    pub fn locate(&mut self, offset: usize) -> (u64, u64) {
        if offset < self.offset {
            self.offset = 0;
            self.line = self.base_line;
            self.col = self.base_col;
        }
        let offset = offset.min(self.bytes.len());
        let seg = &self.bytes[self.offset.min(offset)..offset];
        let start = self.offset;
        // A CR followed by LF (the LF perhaps past `offset`) is no break and no character.
        let cr_of_crlf = |i: usize| {
            self.bytes[start + i] == b'\r' && self.bytes.get(start + i + 1) == Some(&b'\n')
        };
        let mut last_break = None;
        for i in memchr::memchr2_iter(b'\n', b'\r', seg) {
            if !cr_of_crlf(i) {
                self.line += 1;
                last_break = Some(i);
            }
        }
        let tail = match last_break {
            Some(i) => {
                self.col = 1;
                i + 1
            }
            None => 0,
        };
        // Characters: bytes that are no UTF-8 continuation byte (0x80..0xC0 as i8 is below -64).
        let chars = seg[tail..].iter().filter(|&&b| b as i8 >= -64).count();
        let crlf = usize::from(seg.len() > tail && cr_of_crlf(seg.len() - 1));
        self.col += (chars - crlf) as u64;
        self.offset = offset;
        (self.line, self.col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(input: &str) -> Vec<(TokenKind<'_>, &str)> {
        Lexer::new(input.as_bytes())
            .map(|t| (t.kind, std::str::from_utf8(t.text).unwrap()))
            .collect()
    }

    #[test]
    fn tags_then_movetext() {
        let toks = kinds(
            "[Event \"a \\\"b\\\"\"]\n[Site \"x\"]\n\n1.e4 e5 2... Nf3 $1 !? {c} ; d\n(1. d4) 1-0",
        );
        let expected = vec![
            (
                TokenKind::Tag {
                    name: b"Event",
                    value: b"a \\\"b\\\"",
                    lenient: false,
                },
                "[Event \"a \\\"b\\\"\"]",
            ),
            (
                TokenKind::Tag {
                    name: b"Site",
                    value: b"x",
                    lenient: false,
                },
                "[Site \"x\"]",
            ),
            (TokenKind::MoveNumber { number: 1, dots: 1 }, "1."),
            (TokenKind::Move, "e4"),
            (TokenKind::Move, "e5"),
            (TokenKind::MoveNumber { number: 2, dots: 3 }, "2..."),
            (TokenKind::Move, "Nf3"),
            (TokenKind::Nag(1), "$1"),
            (TokenKind::Glyph, "!?"),
            (TokenKind::Comment, "{c}"),
            (TokenKind::LineComment, "; d"),
            (TokenKind::Open, "("),
            (TokenKind::MoveNumber { number: 1, dots: 1 }, "1."),
            (TokenKind::Move, "d4"),
            (TokenKind::Close, ")"),
            (TokenKind::Result, "1-0"),
        ];
        assert_eq!(toks, expected);
    }

    #[test]
    fn escape_lines_only_in_column_one() {
        let toks = kinds("% escaped\n1. e4 %x *");
        assert_eq!(toks[0], (TokenKind::Escape, "% escaped"));
        assert_eq!(toks[3], (TokenKind::Move, "%x"));
    }

    #[test]
    fn unterminated_comment_and_bad_tag() {
        let toks = kinds("[Event \"a]\n1. e4 {never closed");
        assert_eq!(toks[0], (TokenKind::BadTag, "[Event \"a]"));
        assert_eq!(toks.last().unwrap().0, TokenKind::UnterminatedComment);
    }

    #[test]
    fn unescaped_quotes_in_tag_value() {
        let toks = kinds("[Annotator \"Lopez  \"Battle Royale\"\"]\n1. e4 ... e5 *");
        assert_eq!(
            toks[0].0,
            TokenKind::Tag {
                name: b"Annotator",
                value: b"Lopez  \"Battle Royale\"",
                lenient: true
            }
        );
        assert_eq!(toks[3], (TokenKind::Ellipsis, "..."));
        let toks = kinds("16. ..Kf8 a5* 2...Nf3");
        assert_eq!(toks[1], (TokenKind::Ellipsis, ".."));
        assert_eq!(toks[2], (TokenKind::Move, "Kf8"));
        assert_eq!(toks[3], (TokenKind::Move, "a5"));
        assert_eq!(toks[4], (TokenKind::Result, "*"));
    }

    #[test]
    fn lone_dollar_is_one_unknown_word() {
        let toks = kinds("1. e4 $ $x $1a");
        assert_eq!(toks[2], (TokenKind::Move, "$"));
        assert_eq!(toks[3], (TokenKind::Move, "$x"));
        assert_eq!(toks[4], (TokenKind::Move, "$1a"));
    }

    #[test]
    fn castling_with_zeros_is_a_move() {
        let toks = kinds("5. 0-0 0-0-0 0000");
        assert_eq!(toks[1], (TokenKind::Move, "0-0"));
        assert_eq!(toks[2], (TokenKind::Move, "0-0-0"));
        assert_eq!(toks[3], (TokenKind::Move, "0000"));
    }

    #[test]
    fn byte_order_marks_and_no_break_spaces_are_whitespace() {
        let text = "\u{feff}% escape\n; comment\n\n[Event \"a\"]\n\n1.\u{a0}e4\u{a0}e5 \u{feff}*";
        let mut lexer = Lexer::new(text.as_bytes());
        let toks: Vec<_> = lexer
            .by_ref()
            .map(|t| (t.kind, std::str::from_utf8(t.text).unwrap()))
            .collect();
        assert_eq!(toks[0], (TokenKind::Escape, "% escape"));
        assert!(matches!(toks[1].0, TokenKind::Tag { name: b"Event", .. }));
        assert_eq!(
            toks[2..],
            [
                (TokenKind::MoveNumber { number: 1, dots: 1 }, "1."),
                (TokenKind::Move, "e4"),
                (TokenKind::Move, "e5"),
                (TokenKind::Result, "*"),
            ]
        );
        assert!(lexer.starts_with_bom());
        assert_eq!(lexer.no_break_spaces().count, 2);
        assert_eq!(lexer.byte_order_marks().count, 1);
        assert_eq!(
            lexer.byte_order_marks().first,
            text.rfind('\u{feff}').unwrap()
        );
        // After blank lines, the mark is counted; `%` after it is in the first column.
        let mut lexer = Lexer::new(b"\n\n\xEF\xBB\xBF%x\n[Event \"a\"]");
        assert_eq!(lexer.next().map(|t| t.kind), Some(TokenKind::Escape));
        assert_eq!(lexer.byte_order_marks().first, 2);
    }

    #[test]
    fn comments_between_tag_pairs_belong_to_the_tag_section() {
        let toks = kinds("[Event \"a\"]\n; one\n{two}\n{three\n}[White \"w\"] {x}\n\n{c} 1. e4 *");
        assert!(matches!(toks[0].0, TokenKind::Tag { name: b"Event", .. }));
        assert!(matches!(toks[1].0, TokenKind::Tag { name: b"White", .. }));
        assert_eq!(toks[2], (TokenKind::Comment, "{x}"));
        assert_eq!(toks[3], (TokenKind::Comment, "{c}"));
        // A comment that no tag pair follows starts the movetext.
        let toks = kinds("[Event \"a\"]\n{c} [%clk 1:00]");
        assert_eq!(toks[1], (TokenKind::Comment, "{c}"));
        let toks = kinds("[Event \"a\"]\n{open [White \"w\"]");
        assert_eq!(toks[1].0, TokenKind::UnterminatedComment);
    }

    #[test]
    fn lookalike_results_are_results() {
        for result in ["½-½", "1/2", "1–0", "0–1", "0.5-0.5", "½–½"] {
            let text = format!("1. e4 {result}");
            let toks = kinds(&text);
            assert_eq!(toks[2], (TokenKind::Result, result), "{result}");
        }
        let toks = kinds("1.e4 10. 1");
        assert_eq!(toks[0].0, TokenKind::MoveNumber { number: 1, dots: 1 });
        assert_eq!(
            toks[2].0,
            TokenKind::MoveNumber {
                number: 10,
                dots: 1
            }
        );
        assert_eq!(toks[3].0, TokenKind::MoveNumber { number: 1, dots: 0 });
    }

    #[test]
    fn locator_counts_lines_and_characters() {
        let text = "ab\r\n♘c\rd\ne";
        let mut loc = Locator::new(text.as_bytes(), 10);
        assert_eq!(loc.locate(0), (10, 1));
        let c = text.find('c').unwrap();
        assert_eq!(loc.locate(c), (11, 2));
        assert_eq!(loc.locate(text.find('d').unwrap()), (12, 1));
        assert_eq!(loc.locate(text.find('e').unwrap()), (13, 1));
        assert_eq!(loc.locate(1), (10, 2));
    }

    /// Line and column by the definition, one byte at a time: LF, CRLF or a lone CR end a line;
    /// every byte that is no UTF-8 continuation byte starts a character.
    fn located_by_hand(bytes: &[u8], base_col: u64, offset: usize) -> (u64, u64) {
        let (mut line, mut col) = (1, base_col);
        for (i, &b) in bytes[..offset].iter().enumerate() {
            let crlf = b == b'\r' && bytes.get(i + 1) == Some(&b'\n');
            if b == b'\n' || (b == b'\r' && !crlf) {
                (line, col) = (line + 1, 1);
            } else if !crlf && !(0x80..0xC0).contains(&b) {
                col += 1;
            }
        }
        (line, col)
    }

    #[test]
    fn locator_agrees_with_the_definition_at_every_offset() {
        // Bytes drawn from a small alphabet rich in line ends and UTF-8 pieces (a xorshift
        // generator, fixed seed), asked in increasing order, in jumps, and backwards.
        let alphabet = [
            b'a', b' ', b'\n', b'\r', b'\r', 0xC3, 0xA9, 0xE2, 0x82, 0xAC, b'{',
        ];
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for len in [0, 1, 2, 3, 7, 64, 300] {
            for _ in 0..20 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                    .collect();
                let mut loc = Locator::starting_at(&bytes, 1, 5);
                for offset in 0..=len {
                    assert_eq!(loc.locate(offset), located_by_hand(&bytes, 5, offset));
                }
                let mut loc = Locator::starting_at(&bytes, 1, 5);
                for _ in 0..40 {
                    let offset = (next() % (len as u64 + 2)) as usize;
                    let want = located_by_hand(&bytes, 5, offset.min(len));
                    assert_eq!(loc.locate(offset), want, "{bytes:?} at {offset}");
                }
            }
        }
    }
}
