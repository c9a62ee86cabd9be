//! The tag section of a game: values, the Seven Tag Roster, dates, results and the Variant (the
//! FEN tag is read by the one FEN reader, `analysis::fen::read_fen`, through the walk's start).

use std::borrow::Cow;

use super::lexer::{Lexer, Token, TokenKind};
use shakmaty::{CastlingMode, Chess, Position};

/// The Seven Tag Roster, in its export order (PGN standard 8.1.1).
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// One tag pair as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TagPair<'a> {
    /// The tag name.
    pub name: &'a [u8],
    /// The raw value (escapes unresolved).
    pub raw: &'a [u8],
    /// Byte offset of the `[` in the game.
    pub start: usize,
    /// The whole tag pair as written.
    pub text: &'a [u8],
}

/// The tag pairs of a game, in order.
#[derive(Clone, Debug, Default)]
pub struct Tags<'a> {
    /// All tag pairs as written (duplicates included).
    pub pairs: Vec<TagPair<'a>>,
}

impl<'a> Tags<'a> {
    /// The first tag pair with this name.
    pub fn get(&self, name: &str) -> Option<&TagPair<'a>> {
        self.pairs.iter().find(|t| t.name == name.as_bytes())
    }

    /// The value of the first tag with this name, escapes resolved and decoded to text.
    pub fn value(&self, name: &str) -> Option<String> {
        self.get(name).map(|t| decode(&unescape(t.raw)))
    }
}

/// Reads a game's tag section from `lexer`: the tag pairs, and the first token after them (the
/// movetext's first token, if any). Malformed pairs and pairs read leniently (unescaped quotes)
/// are handed to `notice` before being skipped or kept.
pub fn read_tag_section<'a>(
    lexer: &mut Lexer<'a>,
    mut notice: impl FnMut(&Token<'a>),
) -> (Tags<'a>, Option<Token<'a>>) {
    // Most games have the Seven Tag Roster and a few more: one allocation for them.
    let mut tags = Tags {
        pairs: Vec::with_capacity(16),
    };
    // `Lexer::next` itself (always inlined), not `by_ref`'s forwarding `next`, which LLVM may
    // leave out of line (as in `walk::movetext`).
    #[expect(
        clippy::while_let_on_iterator,
        reason = "`by_ref` is not always inlined"
    )]
    while let Some(token) = lexer.next() {
        match token.kind {
            TokenKind::Tag {
                name,
                value,
                lenient,
            } => {
                if lenient {
                    notice(&token);
                }
                tags.pairs.push(TagPair {
                    name,
                    raw: value,
                    start: token.start,
                    text: token.text,
                });
            }
            TokenKind::BadTag => notice(&token),
            TokenKind::Escape => {}
            _ => return (tags, Some(token)),
        }
    }
    (tags, None)
}

/// Offset of a game's first byte that is not whitespace or a UTF-8 byte order mark.
pub fn content_start(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|b| !crate::bytes::is_space(*b) && !matches!(b, 0xEF | 0xBB | 0xBF))
        .unwrap_or(0)
}

/// Resolves the PGN tag value escapes `\"` and `\\`.
pub fn unescape(raw: &[u8]) -> Cow<'_, [u8]> {
    if !raw.contains(&b'\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'\\' && i + 1 < raw.len() {
            out.push(raw[i + 1]);
            i += 2;
        } else {
            out.push(raw[i]);
            i += 1;
        }
    }
    Cow::Owned(out)
}

/// [`decode`] for a message: at most `max` characters (a `…` marks the cut). Decoded first, cut
/// second: the encoding is that of the whole of `bytes` (UTF-8 when all of it is valid UTF-8,
/// as [`decode`] reads it; a cut inside a character was read as Latin-1, `aâ¬â¬…` for a White
/// tag `a` + 299 × `€`, issue 33), then only a bounded prefix is decoded and the cut falls on a
/// character boundary, so a megabyte-long token or tag value costs one UTF-8 validation.
pub fn decode_bounded(bytes: &[u8], max: usize) -> String {
    let mut end = bytes.len().min(max * 4 + 4);
    let text = if std::str::from_utf8(bytes).is_ok() {
        while end < bytes.len() && (bytes[end] & 0xC0) == 0x80 {
            end -= 1;
        }
        decode(&bytes[..end])
    } else {
        // One byte a character in both encodings: a cut anywhere is a character boundary.
        crate::analysis::encoding::decode_legacy(&bytes[..end])
    };
    let prefix = &bytes[..end];
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None if prefix.len() < bytes.len() && !text.ends_with('…') => format!("{text}…"),
        None => text,
    }
}

/// `bytes` decoded as [`decode`] does, borrowed when they are UTF-8.
pub fn decoded(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.into(),
        Err(_) => decode(bytes).into(),
    }
}

/// Decodes text from a PGN file: UTF-8 when valid, otherwise Windows-1252 or DOS code page
/// 437 as [`crate::analysis::encoding::detect`] guesses (as `fix` converts a game; older
/// databases use them; both map every byte to a character).
pub fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => crate::analysis::encoding::decode_legacy(bytes),
    }
}

/// True for a PGN date `YYYY.MM.DD` where any field may be unknown (`????`, `??`), and known
/// months and days are in range (PGN standard 8.1.1.3).
pub fn is_valid_date(value: &[u8]) -> bool {
    let mut parts = value.split(|b| *b == b'.');
    let (Some(year), Some(month), Some(day), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let field = |f: &[u8], len: usize| -> Option<Option<u32>> {
        if f.len() != len {
            return None;
        }
        if f.iter().all(|b| *b == b'?') {
            return Some(None);
        }
        if !f.iter().all(u8::is_ascii_digit) {
            return None;
        }
        Some(Some(
            f.iter().fold(0u32, |n, b| n * 10 + u32::from(b - b'0')),
        ))
    };
    let (Some(year), Some(month), Some(day)) = (field(year, 4), field(month, 2), field(day, 2))
    else {
        return false;
    };
    if month.is_some_and(|m| !(1..=12).contains(&m)) {
        return false;
    }
    match (day, month) {
        (None, _) => true,
        (Some(d), None) => (1..=31).contains(&d),
        (Some(d), Some(m)) => {
            let leap = year.is_none_or(|y| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0);
            let days = match m {
                2 if leap => 29,
                2 => 28,
                4 | 6 | 9 | 11 => 30,
                _ => 31,
            };
            (1..=days).contains(&d)
        }
    }
}

/// True when the value has the shape `YYYY.MM.DD` (digits or `?`), whether or not the date
/// exists.
pub fn is_date_shaped(value: &[u8]) -> bool {
    value.len() == 10
        && value.iter().enumerate().all(|(i, b)| match i {
            4 | 7 => *b == b'.',
            _ => b.is_ascii_digit() || *b == b'?',
        })
}

/// Which rules a game is played under, from its Variant tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Standard chess (no tag, or `Standard`, `From Position`...).
    Standard,
    /// Chess960 (Fischer Random): castling as in the Chess960 rules.
    Chess960,
    /// Any other variant (Crazyhouse, Atomic...): not checked.
    Other(String),
}

/// Reads a Variant tag value (case, spaces and hyphens ignored).
pub fn variant(value: Option<&str>) -> Variant {
    let Some(value) = value else {
        return Variant::Standard;
    };
    let norm: String = value
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect();
    match norm.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" | "classical" | "orthodox" => {
            Variant::Standard
        }
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc" | "chess960frc"
        | "fischerrandomchess" => Variant::Chess960,
        _ => Variant::Other(value.to_owned()),
    }
}

/// The start position of a game without a FEN tag: the standard array, with Chess960 castling
/// rules for a Chess960 game (it is then position 518 of the 960).
pub fn standard_start(variant: &Variant) -> Chess {
    match variant {
        Variant::Chess960 => Chess::default()
            .to_setup(shakmaty::EnPassantMode::Legal)
            .position(CastlingMode::Chess960)
            .unwrap_or_default(),
        _ => Chess::default(),
    }
}

/// The tag pairs whose name an earlier pair of the same section has (a repeated tag, PGN
/// standard 8.1: a name appears once), found in time linear in the pairs: sections of up to
/// [`RepeatedNames::SHORT`] pairs compare each name with the earlier ones, by a word of its
/// length and first bytes and only on a shared bit of a 64-bit filter of those words (most
/// names meet no equal: one test each); longer sections (a hostile game may have a million
/// tags) use a hash set.
#[derive(Debug)]
pub struct RepeatedNames<'a> {
    set: Option<std::collections::HashSet<&'a [u8]>>,
    keys: [u64; RepeatedNames::SHORT],
    bloom: u64,
}

impl<'a> RepeatedNames<'a> {
    /// Sections up to this many pairs are searched without a hash set.
    pub const SHORT: usize = 32;

    /// A search over a section of `pairs` tag pairs.
    pub fn new(pairs: usize) -> RepeatedNames<'a> {
        RepeatedNames {
            set: (pairs > Self::SHORT).then(std::collections::HashSet::new),
            keys: [0; Self::SHORT],
            bloom: 0,
        }
    }

    /// Whether the name of `pairs[i]` is that of an earlier pair; asked for every pair in order
    /// (`i` = 0, 1, 2 ...) of the section this search was made for.
    #[inline]
    pub fn repeated(&mut self, pairs: &[TagPair<'a>], i: usize) -> bool {
        let name = pairs[i].name;
        if let Some(set) = &mut self.set {
            return !set.insert(name);
        }
        let key = name_key(name);
        self.keys[i] = key;
        let bit = 1u64 << (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58);
        let shared = self.bloom & bit != 0;
        self.bloom |= bit;
        shared
            && self.keys[..i]
                .iter()
                .zip(&pairs[..i])
                .any(|(&k, p)| k == key && p.name == name)
    }
}

/// A word standing for a tag name: its length and its first seven bytes (equal names have equal
/// words; names with equal words are compared byte by byte).
#[inline]
fn name_key(name: &[u8]) -> u64 {
    let length = (name.len() as u64 & 0xff) << 56;
    match name.first_chunk::<8>() {
        // Eight bytes read at once, the eighth replaced by the length.
        Some(first) => (u64::from_le_bytes(*first) & 0x00ff_ffff_ffff_ffff) | length,
        None => name
            .iter()
            .enumerate()
            .fold(length, |word, (i, b)| word | (u64::from(*b) << (8 * i))),
    }
}

/// The place of a Seven Tag Roster name in [`SEVEN_TAG_ROSTER`].
#[inline]
pub fn roster_index(name: &[u8]) -> Option<usize> {
    match name {
        b"Event" => Some(0),
        b"Site" => Some(1),
        b"Date" => Some(2),
        b"Round" => Some(3),
        b"White" => Some(4),
        b"Black" => Some(5),
        b"Result" => Some(6),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_bounded_cuts_utf8_on_a_character_boundary() {
        // `a` + 299 × `€` (3 bytes each): the byte bound falls inside a `€`.
        let value = format!("a{}", "€".repeat(299));
        let cut = decode_bounded(value.as_bytes(), 200);
        assert_eq!(cut, format!("a{}…", "€".repeat(199)));
        assert_eq!(decode_bounded(value.as_bytes(), 300), value);
        // Windows-1252 (and Latin-1 letters) one character a byte, whatever the cut.
        let latin1: Vec<u8> = std::iter::once(b'a').chain([0xE9; 400]).collect();
        let cut = decode_bounded(&latin1, 200);
        assert_eq!(cut, format!("a{}…", "é".repeat(199)));
    }

    #[test]
    fn dates() {
        for good in [
            "2024.02.29",
            "1924.??.??",
            "????.??.??",
            "2000.02.29",
            "1990.12.??",
        ] {
            assert!(is_valid_date(good.as_bytes()), "{good}");
        }
        for bad in [
            "2023.02.29",
            "1900.02.29",
            "2019.1.5",
            "2019.13.01",
            "2019-01-05",
            "2019.04.31",
            "",
            "19??.01.01",
        ] {
            assert!(!is_valid_date(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn date_shapes() {
        assert!(is_date_shaped(b"2023.02.29") && !is_date_shaped(b"2019.1.5"));
    }

    #[test]
    fn variants() {
        assert_eq!(variant(None), Variant::Standard);
        assert_eq!(variant(Some("From Position")), Variant::Standard);
        assert_eq!(variant(Some("Chess960")), Variant::Chess960);
        assert_eq!(variant(Some("fischerandom")), Variant::Chess960);
        assert_eq!(
            variant(Some("Crazyhouse")),
            Variant::Other("Crazyhouse".into())
        );
    }

    #[test]
    fn escapes_and_latin1() {
        assert_eq!(&*unescape(br#"a \"b\" \\"#), br#"a "b" \"#);
        assert_eq!(decode(b"K\xe0rnik"), "Kàrnik");
    }
}
