//! Byte classes of PGN text for the hot loops of the splitter and the lexer: whitespace, movetext
//! word delimiters, game-termination markers, tag-pair names, and the 16-byte scans ([`scan`]).
//!
//! A leaf module: it imports nothing from the crate, and both `engine` (the splitter) and
//! `analysis` (the lexer) may use it.

pub mod scan;

/// True for the four game-termination markers of the PGN standard (8.2.6).
pub fn is_termination_marker(token: &[u8]) -> bool {
    matches!(token, b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
}

/// The UTF-8 byte order mark (U+FEFF).
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The no-break space (U+00A0) in UTF-8.
pub const NBSP: &[u8] = b"\xC2\xA0";

/// The standard game-termination marker a word stands for: the word itself for the four markers
/// of the PGN standard (8.2.6), and the marker meant by the forms word processors and some
/// editors write: `½-½` (UTF-8 or Latin-1), `1/2`, `0.5-0.5`, and any of them or `1-0`, `0-1` with a Unicode
/// hyphen, dash or minus (U+2010 to U+2014, U+2212) for `-` (`1–0`). `None` for anything else.
#[inline(always)]
pub fn termination_marker(word: &[u8]) -> Option<&'static [u8]> {
    match *word {
        [b'*'] => Some(b"*"),
        [b'1', b'-', b'0'] => Some(b"1-0"),
        [b'0', b'-', b'1'] => Some(b"0-1"),
        // Quick refusal of everything else that cannot be one (move numbers glued to moves,
        // `1.e4`, come here).
        [b'0' | b'1', b'-' | b'/' | 0xE2, ..]
        | [b'0', b'.', ..]
        | [0xC2, 0xBD, ..]
        | [0xBD, b'-' | 0xE2, ..] => lookalike_marker(word),
        _ => None,
    }
}

/// [`termination_marker`] for a word that may be `1/2-1/2` or a form that stands for a marker.
#[inline(never)]
fn lookalike_marker(word: &[u8]) -> Option<&'static [u8]> {
    if word == b"1/2-1/2" {
        return Some(b"1/2-1/2");
    }
    // The word with `½` written `1/2` and every dash written `-`.
    let mut buf = [0u8; 16];
    let mut n = 0;
    let mut i = 0;
    while i < word.len() {
        let (ascii, len): (&[u8], usize) = match word[i..] {
            [0xC2, 0xBD, ..] => (b"1/2", 2),
            // `½` in Latin-1 (a lone byte that is no part of a UTF-8 character).
            [0xBD, ..] => (b"1/2", 1),
            [0xE2, 0x80, 0x90..=0x94, ..] | [0xE2, 0x88, 0x92, ..] => (b"-", 3),
            [b, ..] if b.is_ascii() => (&word[i..i + 1], 1),
            _ => return None,
        };
        buf.get_mut(n..n + ascii.len())?.copy_from_slice(ascii);
        n += ascii.len();
        i += len;
    }
    match &buf[..n] {
        b"1-0" => Some(b"1-0"),
        b"0-1" => Some(b"0-1"),
        b"1/2-1/2" | b"0.5-0.5" => Some(b"1/2-1/2"),
        // `1/2` as written (a lone `½` holds no dash the splitter would stop at).
        b"1/2" if word == b"1/2" => Some(b"1/2-1/2"),
        _ => None,
    }
}

/// The length of the character at `i` of `bytes` when it is one that PGN does not count as
/// whitespace but that is read as whitespace: a byte order mark (3 bytes, see [`BOM`]) or a
/// no-break space (2 bytes, [`NBSP`]); `None` for anything else.
#[inline]
pub fn invisible_at(bytes: &[u8], i: usize) -> Option<usize> {
    match bytes.get(i..)? {
        [0xEF, 0xBB, 0xBF, ..] => Some(3),
        [0xC2, 0xA0, ..] => Some(2),
        _ => None,
    }
}

/// The offset of the first byte of `bytes` that is neither whitespace nor a byte order mark or
/// no-break space ([`invisible_at`]), if there is one.
#[inline]
pub fn content_start(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < bytes.len() {
        if is_space(bytes[i]) {
            i += 1;
        } else if let Some(n) = invisible_at(bytes, i) {
            i += n;
        } else {
            return Some(i);
        }
    }
    None
}

/// Byte classes for the hot loops: whitespace, and the movetext delimiters.
pub(crate) const SPACE: u8 = 1;
pub(crate) const DELIMITER: u8 = 2;
/// 0xC2, the first byte of a no-break space (which ends a word as whitespace does).
pub(crate) const NBSP_LEAD: u8 = 8;
/// The bytes the splitter's movetext scan stops at: comment, variation and line-comment
/// delimiters, `*`, and the `-`, `/` and Unicode dashes of the other termination markers.
pub(crate) const SCAN: u8 = 4;

/// `CLASS[b]` has [`SPACE`] for PGN whitespace, [`DELIMITER`] for whitespace and the bytes
/// that end a movetext word (`{ } ( ) ; $ *`), and [`SCAN`] for the bytes the movetext scan
/// stops at.
pub(crate) static CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let spaces = [b' ', b'\t', b'\n', b'\r', 0x0b, 0x0c];
    let mut i = 0;
    while i < spaces.len() {
        table[spaces[i] as usize] = SPACE | DELIMITER;
        i += 1;
    }
    // `*` is a token by itself (PGN standard 7): `a5*` is a move and a termination marker.
    let delimiters = [b'{', b'}', b'(', b')', b';', b'$', b'*'];
    let mut i = 0;
    while i < delimiters.len() {
        table[delimiters[i] as usize] = DELIMITER;
        i += 1;
    }
    // 0xE2: the first byte of the Unicode dashes of `termination_marker` (`1–0`).
    table[0xC2] |= NBSP_LEAD;
    let scan = [b'{', b'(', b')', b';', b'*', b'-', b'/', 0xE2];
    let mut i = 0;
    while i < scan.len() {
        table[scan[i] as usize] |= SCAN;
        i += 1;
    }
    table
};

/// Whitespace in PGN: space, tab, line breaks, form feed, vertical tab.
#[inline]
pub fn is_space(b: u8) -> bool {
    CLASS[b as usize] & SPACE != 0
}

/// True for bytes that end a movetext word: whitespace and `{ } ( ) ; $ *`.
#[inline]
pub fn is_word_delimiter(b: u8) -> bool {
    CLASS[b as usize] & DELIMITER != 0
}

/// The name of a tag pair that opens `line` (`[Name "`), if the line starts with one.
pub fn tag_name(line: &[u8]) -> Option<&[u8]> {
    let skip_spaces = |mut i: usize| {
        while i < line.len() && is_space(line[i]) {
            i += 1;
        }
        i
    };
    let open = skip_spaces(0);
    if line.get(open) != Some(&b'[') {
        return None;
    }
    let name_start = skip_spaces(open + 1);
    if !line.get(name_start)?.is_ascii_alphabetic() {
        return None;
    }
    let mut name_end = name_start + 1;
    while name_end < line.len()
        && (line[name_end].is_ascii_alphanumeric() || line[name_end] == b'_')
    {
        name_end += 1;
    }
    let quote = skip_spaces(name_end);
    (line.get(quote) == Some(&b'"')).then_some(&line[name_start..name_end])
}

/// True when the bytes are whitespace only (byte order marks and no-break spaces included, see
/// [`content_start`]).
pub fn is_blank(bytes: &[u8]) -> bool {
    content_start(bytes).is_none()
}

/// True when the bytes hold no game: whitespace ([`is_blank`]), closed `{...}` comments, `;`
/// comments and `%` escape lines only — no tag pair, no movetext token (an input of one comment
/// is no game, whose Seven Tag Roster `fix` would have to invent). An unclosed `{` is read as a
/// game, so that its error is reported.
pub fn holds_no_game(bytes: &[u8]) -> bool {
    let mut i = 0;
    while let Some(at) = content_start(&bytes[i..]) {
        let at = i + at;
        // An escape line has its `%` in the first column (PGN standard 6), after a byte order
        // mark at most.
        let column_one = at == 0 || bytes[at - 1] == b'\n' || &bytes[..at] == BOM;
        let line_end = |from: usize| {
            bytes[from..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |n| from + n + 1)
        };
        i = match bytes[at] {
            b'{' => match bytes[at..].iter().position(|&b| b == b'}') {
                Some(n) => at + n + 1,
                None => return false,
            },
            b';' => line_end(at),
            b'%' if column_one => line_end(at),
            _ => return false,
        };
    }
    true
}

/// True when the last word of `bytes` is a termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`):
/// the game's text is complete up to its end, whatever follows (a stream cut right after it
/// cut no game).
pub fn ends_with_termination_marker(bytes: &[u8]) -> bool {
    let end = bytes
        .iter()
        .rposition(|&b| !is_space(b))
        .map_or(0, |e| e + 1);
    let start = bytes[..end]
        .iter()
        .rposition(|&b| is_space(b))
        .map_or(0, |s| s + 1);
    is_termination_marker(&bytes[start..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_ends_with_its_marker() {
        assert!(ends_with_termination_marker(b"1. e4 e5 1-0\n\n"));
        assert!(ends_with_termination_marker(b"1. e4 {x} *"));
        assert!(ends_with_termination_marker(b"1/2-1/2\r\n"));
        assert!(!ends_with_termination_marker(b"1. e4 e5 1/2"));
        assert!(!ends_with_termination_marker(b"1. e4 e5 60. Qc7+\n"));
        assert!(!ends_with_termination_marker(b""));
    }

    #[test]
    fn comments_and_escape_lines_hold_no_game() {
        for no_game in [
            &b""[..],
            b" \n\t\r\n",
            b"{just a comment}",
            b"\xEF\xBB\xBF{ a }\n; line\n% escape\n\n{ b\n c }\n",
            b"; only a line comment",
        ] {
            assert!(
                holds_no_game(no_game),
                "{:?}",
                String::from_utf8_lossy(no_game)
            );
        }
        for game in [
            &b"[Event \"E\"]"[..],
            b"{ a } 1. e4 *",
            b"{ never closed",
            b"*",
            b"{ a } % not at a line start",
            b"  % indented: no escape",
            b"e4",
        ] {
            assert!(!holds_no_game(game), "{:?}", String::from_utf8_lossy(game));
        }
    }

    #[test]
    fn lookalike_termination_markers() {
        for (word, marker) in [
            ("1-0", "1-0"),
            ("0-1", "0-1"),
            ("1/2-1/2", "1/2-1/2"),
            ("*", "*"),
            ("½-½", "1/2-1/2"),
            ("½–½", "1/2-1/2"),
            ("1/2", "1/2-1/2"),
            ("0.5-0.5", "1/2-1/2"),
            ("1–0", "1-0"),
            ("0—1", "0-1"),
            ("1‐0", "1-0"),
            ("0‑1", "0-1"),
            ("1−0", "1-0"),
            ("1/2–1/2", "1/2-1/2"),
        ] {
            assert_eq!(
                termination_marker(word.as_bytes()),
                Some(marker.as_bytes()),
                "{word}"
            );
        }
        assert_eq!(termination_marker(b"\xBD-\xBD"), Some(&b"1/2-1/2"[..]));
        for word in [
            "1.e4", "12.", "1", "0-0", "0-0-0", "1-", "½", "10-0", "1/4", "1-0-0", "1–", "0.5",
            "1:0", "O-O", "½-½½",
        ] {
            assert_eq!(termination_marker(word.as_bytes()), None, "{word}");
        }
    }

    #[test]
    fn invisible_characters_are_blank() {
        assert!(is_blank(b"\xEF\xBB\xBF\n\xC2\xA0 \r\n"));
        assert!(!is_blank(b"\xEF\xBB\xBF\n\xC2 "));
        assert_eq!(content_start(b" \xEF\xBB\xBF\xC2\xA0[E"), Some(6));
        assert_eq!(content_start(b"\xC3\xA0"), Some(0));
    }
}
