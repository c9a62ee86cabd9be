//! Writing PGN text: words wrapped into lines of at most [`MAX_LINE`] characters, comments
//! made safe, tag sections with the Seven Tag Roster first, and the NAGs of annotation glyphs.

use crate::analysis::tags::SEVEN_TAG_ROSTER;

/// The longest line written, in characters (PGN standard 8.2.2).
pub const MAX_LINE: usize = 80;

/// The NAG of a symbolic annotation glyph (PGN standard 10 and common usage), if it has one.
pub fn glyph_nag(glyph: &str) -> Option<u32> {
    Some(match glyph {
        "!" => 1,
        "?" => 2,
        "!!" | "‼" => 3,
        "??" | "⁇" => 4,
        "!?" | "⁉" => 5,
        "?!" | "⁈" => 6,
        "□" => 7,
        "=" => 10,
        "∞" => 13,
        "+=" | "+/=" | "⩲" => 14,
        "=+" | "=/+" | "⩱" => 15,
        "±" | "+/-" => 16,
        "∓" | "-/+" => 17,
        "+-" | "+−" => 18,
        "-+" | "−+" => 19,
        "N" => 146,
        _ => return None,
    })
}

/// Splits a move token into the move and the annotation glyph attached to it (`Nf3!?` →
/// `Nf3`, `!?`; `Bc5=` → `Bc5`, `=`).
pub(super) fn split_glyph(text: &str, attached: bool) -> (&str, Option<&str>) {
    let trimmed = text.trim_end_matches(['!', '?']);
    if trimmed.len() < text.len() {
        return (trimmed, Some(&text[trimmed.len()..]));
    }
    if attached {
        let mut best: Option<&str> = None;
        for g in [
            "=", "+-", "-+", "+/-", "-/+", "+=", "=+", "+/=", "=/+", "∞", "=/∞", "±", "∓", "⩲",
            "⩱", "□", "+−", "−+", "N", "∆",
        ] {
            if text.ends_with(g) && best.is_none_or(|b| g.len() > b.len()) {
                best = Some(g);
            }
        }
        if let Some(g) = best {
            return (&text[..text.len() - g.len()], Some(g));
        }
    }
    (text, None)
}

/// Writes words into lines of at most [`MAX_LINE`] characters.
///
/// A word goes into the text as it is found (no copy of it is made first): the byte before it
/// is a space, made a line break when the word turns out too long for the line.
#[derive(Debug, Default)]
pub(super) struct Wrapper {
    /// The text: UTF-8 (only text and ASCII bytes are pushed), held as bytes so that a word
    /// copied from the game needs no check of its encoding.
    out: Vec<u8>,
    col: usize,
    /// A `(` waiting for the next word (`(12... Nf3`).
    open: bool,
}

/// A word being written ([`Wrapper::begin`]): where its separator stands, and its characters
/// so far.
struct Word {
    /// The offset of the space before it (`None` at the start of a line).
    space: Option<usize>,
    /// Characters written of it (the `(` of a variation glued to it).
    chars: usize,
}

impl Wrapper {
    /// A wrapper writing into `out`, a buffer used again (emptied first).
    pub(super) fn with_buffer(mut out: Vec<u8>) -> Wrapper {
        out.clear();
        Wrapper {
            out,
            col: 0,
            open: false,
        }
    }

    /// Starts a word: the space before it (when the line has words) and a waiting `(`.
    #[inline(always)]
    fn begin(&mut self) -> Word {
        let space = (self.col > 0).then(|| {
            self.out.push(b' ');
            self.out.len() - 1
        });
        let chars = usize::from(std::mem::take(&mut self.open));
        if chars > 0 {
            self.out.push(b'(');
        }
        Word { space, chars }
    }

    /// Ends a word of `chars` more characters: the space before it becomes a line break when
    /// the word does not fit the line.
    #[inline(always)]
    fn end(&mut self, word: Word, chars: usize) {
        let len = word.chars + chars;
        match word.space {
            Some(at) if self.col + 1 + len > MAX_LINE => {
                self.out[at] = b'\n';
                self.col = len;
            }
            Some(_) => self.col += 1 + len,
            None => self.col = len,
        }
    }

    pub(super) fn word(&mut self, word: &str) {
        let w = self.begin();
        self.out.extend_from_slice(word.as_bytes());
        self.end(w, char_count(word));
    }

    /// A move, after its number when it has one (`12.` or `12...`: the number and its move stay
    /// on one line); `san` appends the move, in ASCII.
    #[inline(always)]
    pub(super) fn move_word(
        &mut self,
        number: Option<(u32, bool)>,
        san: impl FnOnce(&mut Vec<u8>),
    ) {
        let w = self.begin();
        let start = self.out.len();
        if let Some((number, white)) = number {
            self.out
                .extend_from_slice(itoa::Buffer::new().format(number).as_bytes());
            self.out
                .extend_from_slice(if white { b". " } else { b"... " });
        }
        san(&mut self.out);
        let len = self.out.len() - start;
        self.end(w, len);
    }

    /// A NAG, `$n`.
    pub(super) fn nag(&mut self, nag: u32) {
        let w = self.begin();
        let start = self.out.len();
        self.out.push(b'$');
        self.out
            .extend_from_slice(itoa::Buffer::new().format(nag).as_bytes());
        let len = self.out.len() - start;
        self.end(w, len);
    }

    /// A `{...}` comment, its whitespace collapsed; a word that would start a line with `%` or
    /// `[` (an escape line, or a tag pair to a game splitter) is kept on the line before. The
    /// words go out one by one (a comment may be megabytes long: no copy of it is made); a `}`
    /// in it is written `)` (it would end the comment).
    pub(super) fn comment(&mut self, text: &str) {
        self.comment_scanned(text, Scan::of(text.as_bytes()));
    }

    /// [`Wrapper::comment`] of the comment's bytes when they are plain ASCII ([`plain_ascii`]),
    /// unless they are blank: `Some(true)` written, `Some(false)` blank (nothing written),
    /// `None` when they are not plain (nothing written: decode them and call
    /// [`Wrapper::comment_unless_blank`]). No check of their encoding is made: plain ASCII is
    /// UTF-8.
    pub(super) fn plain_comment(&mut self, bytes: &[u8]) -> Option<bool> {
        let scan = Scan::of(bytes);
        if !scan.plain {
            return None;
        }
        if scan.inner.is_empty() {
            return Some(false);
        }
        match !scan.braces && scan.single {
            true => self.comment_spaced(&bytes[scan.inner]),
            // (Plain ASCII: always UTF-8.)
            false => match std::str::from_utf8(bytes) {
                Ok(text) => self.comment_scanned(text, scan),
                Err(_) => return None,
            },
        }
        Some(true)
    }

    /// [`Wrapper::comment`], unless the text is blank (nothing written: false).
    pub(super) fn comment_unless_blank(&mut self, text: &str) -> bool {
        let scan = Scan::of(text.as_bytes());
        let blank = match scan.plain {
            true => scan.inner.is_empty(),
            false => text.trim().is_empty(),
        };
        if !blank {
            self.comment_scanned(text, scan);
        }
        !blank
    }

    /// [`Wrapper::comment`] with the scan of `text` made.
    #[inline(always)]
    fn comment_scanned(&mut self, text: &str, scan: Scan) {
        match scan.plain {
            true if !scan.braces && scan.single => {
                self.comment_spaced(&text.as_bytes()[scan.inner]);
            }
            true => self.comment_words(
                AsciiWords { s: text, i: 0 }.peekable(),
                scan.braces,
                str::len,
            ),
            false => {
                let text = printable(text);
                let braces = scan.braces;
                self.comment_words(text.split_whitespace().peekable(), braces, char_count);
            }
        }
    }

    /// A comment of printable ASCII without `}` whose words stand apart by single spaces
    /// (`inner`: without the whitespace around it): whole when it fits the line, else in
    /// pieces cut at the spaces that are not before `%` or `[` ([`Wrapper::comment_words`]'s
    /// words, with no iterator over them).
    #[inline(always)]
    fn comment_spaced(&mut self, bytes: &[u8]) {
        if bytes.is_empty() || self.comment_whole(bytes) {
            return;
        }
        let mut piece = 0;
        let mut at = 0;
        while at < bytes.len() {
            let cut = match bytes[at] == b' ' {
                true => !matches!(bytes[at + 1], b'%' | b'['),
                false => false,
            };
            if cut {
                self.comment_piece(&bytes[piece..at], piece == 0, false);
                piece = at + 1;
            }
            at += 1;
        }
        self.comment_piece(&bytes[piece..], piece == 0, true);
    }

    /// One piece of [`Wrapper::comment_spaced`] as a word: `{` before the first, `}` after
    /// the last.
    #[inline(always)]
    fn comment_piece(&mut self, piece: &[u8], first: bool, last: bool) {
        let w = self.begin();
        if first {
            self.out.push(b'{');
        }
        self.out.extend_from_slice(piece);
        if last {
            self.out.push(b'}');
        }
        self.end(w, piece.len() + usize::from(first) + usize::from(last));
    }

    /// A comment of ASCII text without `}` whose words stand apart by single spaces
    /// (`[%clk 0:03:00]`, the common case; `inner`: its text without the whitespace around it,
    /// not empty) written in one copy when it fits the line whole: the words one by one would give the
    /// same bytes. False, with nothing written, otherwise.
    #[inline(always)]
    fn comment_whole(&mut self, inner: &[u8]) -> bool {
        let len = inner.len() + 2;
        let before = if self.col > 0 { self.col + 1 } else { 0 };
        if before + usize::from(self.open) + len > MAX_LINE {
            return false;
        }
        let w = self.begin();
        self.out.push(b'{');
        self.out.extend_from_slice(inner);
        self.out.push(b'}');
        self.end(w, len);
        true
    }

    /// The words of a comment ([`Wrapper::comment`]), `chars` counting each one's characters.
    #[inline(always)]
    fn comment_words<'t>(
        &mut self,
        mut pieces: std::iter::Peekable<impl Iterator<Item = &'t str>>,
        braces: bool,
        chars: impl Fn(&str) -> usize,
    ) {
        let mut first = true;
        while let Some(piece) = pieces.next() {
            let w = self.begin();
            let mut len = 0;
            if std::mem::take(&mut first) {
                self.out.push(b'{');
                len += 1;
            }
            self.push_closed(piece, braces);
            len += chars(piece);
            while let Some(next) = pieces.next_if(|p| p.starts_with(['%', '['])) {
                self.out.push(b' ');
                self.push_closed(next, braces);
                len += 1 + chars(next);
            }
            if pieces.peek().is_none() {
                self.out.push(b'}');
                len += 1;
            }
            self.end(w, len);
        }
    }

    /// Appends a comment's word, a `}` in it written `)` when the comment has one (`braces`).
    #[inline(always)]
    fn push_closed(&mut self, piece: &str, braces: bool) {
        match braces {
            false => self.out.extend_from_slice(piece.as_bytes()),
            // `}` is ASCII: no other character's UTF-8 bytes hold it.
            true => self
                .out
                .extend(piece.bytes().map(|b| if b == b'}' { b')' } else { b })),
        }
    }

    /// `(`: glued to the next word.
    pub(super) fn open(&mut self) {
        if self.open {
            self.word("(");
        }
        self.open = true;
    }

    /// `)`: glued to the last word, unless that makes the line too long.
    pub(super) fn close(&mut self) {
        if self.open {
            self.open = false;
            self.word("()");
        } else if self.col == 0 || self.col + 1 > MAX_LINE {
            self.word(")");
        } else {
            self.out.push(b')');
            self.col += 1;
        }
    }

    /// The text written so far (the line being written stays open: the next word goes on it).
    pub(super) fn take_text(&mut self) -> String {
        text(std::mem::take(&mut self.out))
    }

    /// Bytes written so far.
    pub(super) fn len(&self) -> usize {
        self.out.len()
    }

    pub(super) fn finish(self) -> String {
        text(self.finish_bytes())
    }

    /// The text written, its last line ended, as bytes (UTF-8).
    pub(super) fn finish_bytes(mut self) -> Vec<u8> {
        if self.col > 0 {
            self.out.push(b'\n');
        }
        self.out
    }
}

/// The text of a wrapper's bytes (UTF-8: only text and ASCII bytes are pushed; checked all the
/// same, in one pass over the whole text).
fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The characters of `word` (its bytes, when it is ASCII).
#[inline(always)]
fn char_count(word: &str) -> usize {
    match word.is_ascii() {
        true => word.len(),
        false => word.chars().count(),
    }
}

/// True when `bytes` are printable ASCII, tabs and line breaks only: text that [`printable`]
/// leaves as it is and whose whitespace is ASCII (so that [`AsciiWords`] splits it as
/// `split_whitespace` does).
#[inline]
pub(super) fn plain_ascii(bytes: &[u8]) -> bool {
    let plain = |b: u8| matches!(b, b' '..=b'~' | b'\t' | b'\n' | b'\r');
    // Without an early exit inside a chunk the test is made on many bytes at once.
    bytes
        .chunks(32)
        .all(|chunk| chunk.iter().fold(true, |all, &b| all & plain(b)))
}

/// What one pass over a comment's bytes says of it ([`Wrapper::comment`]).
#[derive(Debug, PartialEq, Eq)]
struct Scan {
    /// Printable ASCII, tabs and line breaks only ([`plain_ascii`]).
    plain: bool,
    /// It holds a `}`.
    braces: bool,
    /// The text without the ASCII whitespace around it.
    inner: std::ops::Range<usize>,
    /// Within `inner` the words stand apart by single spaces: no two spaces in a row, no
    /// other whitespace.
    single: bool,
}

impl Scan {
    /// The scan of `bytes`: one pass of table lookups over the bytes (a comment is short, 16
    /// bytes on lichess games: a test per byte with branches and options cost 27 instructions a
    /// byte), then the precise spacing test only when that pass saw two spaces in a row or
    /// other whitespace (which may stand around the text, where they do not count).
    #[inline(always)]
    fn of(bytes: &[u8]) -> Scan {
        let (mut all, mut doubled, mut previous) = (0u8, 0u8, 0u8);
        for &b in bytes {
            let class = CLASS[usize::from(b)];
            all |= class;
            doubled |= previous & class;
            previous = class;
        }
        let space = |b: &u8| CLASS[usize::from(*b)] & (SPACE | OTHER_SPACE) != 0;
        let start = bytes.iter().position(|b| !space(b)).unwrap_or(0);
        let end = bytes
            .iter()
            .rposition(|b| !space(b))
            .map_or(start, |i| i + 1);
        let single = match doubled & SPACE != 0 || all & OTHER_SPACE != 0 {
            false => true,
            true => {
                let inner = &bytes[start..end];
                inner.windows(2).all(|w| w != b"  ")
                    && !inner.iter().any(|b| *b != b' ' && space(b))
            }
        };
        Scan {
            plain: all & NOT_PLAIN == 0,
            braces: all & BRACE != 0,
            inner: start..end,
            single,
        }
    }
}

/// [`Scan`]'s classes of bytes: not printable ASCII, tab or line break ([`plain_ascii`]).
const NOT_PLAIN: u8 = 1;
/// `}`.
const BRACE: u8 = 2;
/// A space.
const SPACE: u8 = 4;
/// ASCII whitespace other than a space (`\t`, `\n`, vertical tab, form feed, `\r`).
const OTHER_SPACE: u8 = 8;

/// The class of each byte ([`NOT_PLAIN`], [`BRACE`], [`SPACE`], [`OTHER_SPACE`]).
static CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let plain = matches!(byte, b' '..=b'~' | b'\t' | b'\n' | b'\r');
        class[b] = match byte {
            b' ' => SPACE,
            b'}' => BRACE,
            b'\t'..=b'\r' => OTHER_SPACE,
            _ => 0,
        } | if plain { 0 } else { NOT_PLAIN };
        b += 1;
    }
    class
};

/// The words of ASCII text between its whitespace (as `str::split_whitespace`, which splits
/// ASCII text at the same bytes).
struct AsciiWords<'t> {
    s: &'t str,
    i: usize,
}

impl<'t> Iterator for AsciiWords<'t> {
    type Item = &'t str;

    #[inline(always)]
    fn next(&mut self) -> Option<&'t str> {
        let b = self.s.as_bytes();
        let space = |c: u8| matches!(c, b' ' | b'\t'..=b'\r');
        while self.i < b.len() && space(b[self.i]) {
            self.i += 1;
        }
        let start = self.i;
        while self.i < b.len() && !space(b[self.i]) {
            self.i += 1;
        }
        (self.i > start).then(|| &self.s[start..self.i])
    }
}

/// Appends a tag value escaped (`\` and `"`), its control characters replaced (`printable`).
pub(super) fn push_escaped(out: &mut String, value: &str) {
    if plain_ascii(value.as_bytes()) && !value.contains(['\\', '"']) {
        return out.push_str(value);
    }
    for c in printable(value).chars() {
        if matches!(c, '\\' | '"') {
            out.push('\\');
        }
        out.push(c);
    }
}

/// A tag value escaped ([`push_escaped`]).
#[cfg(test)]
fn escape(value: &str) -> String {
    let mut out = String::new();
    push_escaped(&mut out, value);
    out
}

/// `text` with its control characters other than whitespace (an ESC that would drive a
/// terminal showing the PGN) and its bidirectional overrides (U+202A to U+202E, U+2066 to
/// U+2069: they reorder what a terminal shows after them, as `report::clean::sanitize` says)
/// replaced by U+FFFD: the PGN standard allows printing characters only in tag values and
/// comments, and the export is clean PGN.
pub(super) fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if plain_ascii(text.as_bytes()) {
        return text.into();
    }
    let bad = unprintable;
    match text.chars().any(bad) {
        true => text
            .chars()
            .map(|c| if bad(c) { '\u{FFFD}' } else { c })
            .collect::<String>()
            .into(),
        false => text.into(),
    }
}

/// Whether the export writes `c` as U+FFFD in tag values and comments (`printable`): a
/// control character other than whitespace (PGN standard 4.1: printing characters only) or a
/// bidirectional override (U+202A to U+202E, U+2066 to U+2069).
pub fn unprintable(c: char) -> bool {
    (c.is_control() && !c.is_whitespace())
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Writes a tag section: the Seven Tag Roster in order, then `others`.
pub(super) fn write_tags(
    out: &mut String,
    roster: &[Option<String>; 7],
    others: &[(String, String)],
) {
    write_roster(out, roster);
    for (name, value) in others {
        write_tag(out, name, value);
    }
    out.push('\n');
}

/// Writes the Seven Tag Roster in order (missing tags filled with `?`, `????.??.??` or `*`).
pub(super) fn write_roster(out: &mut String, roster: &[Option<String>; 7]) {
    for (i, name) in SEVEN_TAG_ROSTER.iter().enumerate() {
        let value = roster[i].as_deref().unwrap_or(match *name {
            "Date" => "????.??.??",
            "Result" => "*",
            _ => "?",
        });
        write_tag(out, name, value);
    }
}

/// Writes a tag pair of the game with its value as it stands: the pair as written when that is
/// how the export writes it (`[Name "value"]`, one space, a value of printable ASCII without
/// escapes), else made again.
pub(super) fn write_pair(out: &mut String, pair: &crate::analysis::tags::TagPair<'_>) {
    let (name, raw, text) = (pair.name, pair.raw, pair.text);
    let as_written = text.len() == name.len() + raw.len() + 5
        && text.get(1 + name.len()) == Some(&b' ')
        && plain_ascii(raw)
        && !raw.contains(&b'\\')
        && !raw.contains(&b'"');
    match as_written.then(|| std::str::from_utf8(text).ok()).flatten() {
        Some(text) => {
            out.push_str(text);
            out.push('\n');
        }
        None => write_tag(out, &super::decoded(name), &super::text_of(raw)),
    }
}

/// Writes one tag pair line.
pub(super) fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    push_escaped(out, value);
    out.push_str("\"]\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_map_to_nags() {
        assert_eq!(glyph_nag("!"), Some(1));
        assert_eq!(glyph_nag("??"), Some(4));
        assert_eq!(glyph_nag("?!"), Some(6));
        assert_eq!(glyph_nag("+-"), Some(18));
        assert_eq!(glyph_nag("∆"), None);
        assert_eq!(split_glyph("Nf3!?", false), ("Nf3", Some("!?")));
        assert_eq!(split_glyph("Bc5=", true), ("Bc5", Some("=")));
        assert_eq!(split_glyph("Qh4+-", true), ("Qh4", Some("+-")));
        assert_eq!(split_glyph("e8=Q", false), ("e8=Q", None));
    }

    #[test]
    fn wrapper_keeps_lines_short_and_escapes_safe() {
        let mut w = Wrapper::default();
        for _ in 0..30 {
            w.word("1. e4");
        }
        w.comment(&format!("{} %x [y }} z", "a ".repeat(40)));
        let text = w.finish();
        for line in text.lines() {
            assert!(line.chars().count() <= MAX_LINE, "{line}");
            assert!(!line.starts_with(['%', '[']), "{line}");
        }
        assert!(text.contains(") z}"), "{text}");
        assert_eq!(escape("a\x1b]0;t\x07\"b"), "a\u{FFFD}]0;t\u{FFFD}\\\"b");
    }

    /// A comment copied whole is what the words one by one give, at any column, with a `(`
    /// waiting, and where it does not fit (then the words are wrapped).
    #[test]
    fn a_comment_copied_whole_is_the_words_one_by_one() {
        let comments = [
            " [%clk 0:03:00] ",
            "[%eval 0.17] [%clk 0:00:59]",
            "a  b",
            "\tx\ny ",
            "short",
            "a comment long enough that it cannot stand on the rest of a line that has words",
            "[%eval 0.17] [%clk 0:00:59] and then [%csl Ga4] some %words [ too",
            "% [ x",
        ];
        for comment in comments {
            for col in [0, 10, 60, 75, 79] {
                for open in [false, true] {
                    let start = || Wrapper {
                        out: b"x".repeat(col),
                        col,
                        open,
                    };
                    let mut whole = start();
                    whole.comment(comment);
                    let mut words = start();
                    let text = AsciiWords { s: comment, i: 0 }.peekable();
                    words.comment_words(text, false, str::len);
                    assert_eq!(
                        (String::from_utf8(whole.out).unwrap(), whole.col),
                        (String::from_utf8(words.out).unwrap(), words.col),
                        "{comment:?} at {col}, open {open}"
                    );
                }
            }
        }
    }

    /// The one-pass scan says what the passes it replaced said: printable ASCII, a `}`, the
    /// text trimmed of ASCII whitespace, and single spaces between its words.
    #[test]
    fn the_scan_of_a_comment_is_its_passes_in_one() {
        let space = |c: u8| matches!(c, b' ' | b'\t'..=b'\r');
        let texts = [
            "",
            " ",
            "  ",
            "x",
            " [%clk 0:03:00] ",
            "a  b",
            "a b  ",
            "  a b",
            "\tx\ny ",
            "a\tb",
            "a \t b",
            "}",
            "a}b",
            "é",
            "a\x0bb",
            " a\n",
            "\n\n a b c \r\n",
        ];
        for text in texts {
            let b = text.as_bytes();
            let (mut start, mut end) = (0, b.len());
            while start < end && space(b[start]) {
                start += 1;
            }
            while end > start && space(b[end - 1]) {
                end -= 1;
            }
            let inner = &b[start..end];
            let single = inner.windows(2).all(|w| !(w[0] == b' ' && w[1] == b' '))
                && !inner.iter().any(|&c| c != b' ' && space(c));
            let scan = Scan::of(b);
            assert_eq!(scan.plain, plain_ascii(b), "{text:?}");
            assert_eq!(scan.braces, text.contains('}'), "{text:?}");
            assert_eq!(&b[scan.inner.clone()], inner, "{text:?}");
            assert_eq!(scan.single, single, "{text:?}");
        }
    }
}
