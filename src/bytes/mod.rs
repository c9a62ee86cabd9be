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

/// Byte classes for the hot loops: whitespace, and the movetext delimiters.
pub(crate) const SPACE: u8 = 1;
const DELIMITER: u8 = 2;
/// The bytes the splitter's movetext scan stops at: comment, variation and line-comment
/// delimiters, `*`, and the `-` and `/` of the other termination markers.
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
    let scan = [b'{', b'(', b')', b';', b'*', b'-', b'/'];
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

/// True when the bytes are whitespace only (or a lone byte order mark).
pub fn is_blank(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    bytes.iter().all(|b| is_space(*b))
}
