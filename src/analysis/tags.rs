//! The tag section of a game: values, the Seven Tag Roster, dates, results and the start position.

use std::borrow::Cow;

use shakmaty::fen::Fen;

use super::lexer::{Lexer, Token, TokenKind};
use shakmaty::{CastlingMode, Chess, Position, Setup};

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
    for token in lexer.by_ref() {
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

/// [`decode`] for a message: at most `max` characters (a `…` marks the cut), and only a bounded
/// prefix of `bytes` is decoded, so a megabyte-long token or tag value costs nothing.
pub fn decode_bounded(bytes: &[u8], max: usize) -> String {
    let prefix = &bytes[..bytes.len().min(max * 4 + 4)];
    let text = decode(prefix);
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None if prefix.len() < bytes.len() && !text.ends_with('…') => format!("{text}…"),
        None => text,
    }
}

/// Decodes text from a PGN file: UTF-8 when valid, otherwise Latin-1 (ISO 8859-1), which is what
/// older databases use and which maps every byte to a character.
pub fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
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

/// Says what is wrong with a FEN in the field's terms, when the fault is in its shape (field
/// count, ranks, squares per rank, piece letters, side to move); `None` when the shape is fine.
pub fn describe_fen_shape(fen: &[u8]) -> Option<String> {
    let text = decode(fen);
    // Fields as shakmaty reads them: separated by whitespace or `_` (FENs in URLs use `_`).
    let fields: Vec<&str> = text
        .split(|c: char| c.is_ascii_whitespace() || c == '_')
        .filter(|f| !f.is_empty())
        .collect();
    if !(4..=6).contains(&fields.len()) {
        return Some(format!(
            "a FEN has 6 fields (placement, side to move, castling, en passant, halfmove clock, fullmove number), this one has {}",
            fields.len()
        ));
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Some(format!(
            "the piece placement has {} ranks instead of 8",
            ranks.len()
        ));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let mut squares = 0u32;
        for c in rank.chars() {
            match c {
                '1'..='8' => squares += c.to_digit(10).unwrap_or(0),
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    squares += 1
                }
                '~' => {}
                other => {
                    return Some(format!(
                        "'{other}' on rank {} is not a piece letter (PNBRQK, pnbrqk) or a digit",
                        8 - i
                    ));
                }
            }
        }
        if squares != 8 {
            return Some(format!(
                "rank {} describes {squares} squares instead of 8",
                8 - i
            ));
        }
    }
    if !matches!(fields[1], "w" | "b") {
        return Some(format!("the side to move is \"{}\", not w or b", fields[1]));
    }
    if let Some(clock) = fields.get(4)
        && clock.parse::<u32>().is_err()
    {
        return Some(format!(
            "the halfmove clock \"{clock}\" is not a number of plies"
        ));
    }
    if let Some(number) = fields.get(5) {
        match number.parse::<u32>() {
            // 0 is common in puzzle collections and read as 1 (the check warns about it).
            Ok(n) if n <= 100_000 => {}
            _ => {
                return Some(format!(
                    "the fullmove number \"{number}\" is not a move number (1 to 100000)"
                ));
            }
        }
    }
    None
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

/// Reads one FEN or EPD line into a position: four fields, or six when the last two are the move
/// counters; anything after (EPD operations) is ignored. Castling follows the field (Shredder-FEN
/// letters select Chess960 rules).
///
/// # Errors
/// Returns why the line is not a usable position, in the field's terms.
pub fn position_of_line(line: &str) -> Result<Chess, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 {
        return Err(format!(
            "a FEN needs at least 4 fields (placement, side to move, castling, en passant), this line has {}",
            fields.len()
        ));
    }
    let counters = fields.len() >= 6
        && fields[4].bytes().all(|b| b.is_ascii_digit())
        && fields[5].bytes().all(|b| b.is_ascii_digit());
    let text = if counters {
        fields[..6].join(" ")
    } else {
        fields[..4].join(" ")
    };
    if let Some(shape) = describe_fen_shape(text.as_bytes()) {
        return Err(shape);
    }
    let fen: Fen = text
        .parse()
        .map_err(|e: shakmaty::fen::ParseFenError| e.to_string())?;
    let mode = CastlingMode::detect(fen.as_setup());
    fen.into_position(mode).map_err(|e| e.to_string())
}

/// Parses a FEN tag value into a position under the castling rules of `variant`.
///
/// For standard games the castling mode is detected from the castling field, so a standard game
/// whose FEN names non-standard castling rooks (Shredder-FEN letters) is read with Chess960
/// castling rather than rejected.
///
/// # Errors
/// Returns a message naming the bad FEN field or the reason the position is illegal.
pub fn position_from_fen(value: &[u8], variant: &Variant) -> Result<Chess, String> {
    if let Some(shape) = describe_fen_shape(value) {
        return Err(shape);
    }
    let fen = Fen::from_ascii(value.trim_ascii()).map_err(|e| e.to_string())?;
    let setup: Setup = fen.as_setup().clone();
    let mode = match variant {
        Variant::Chess960 => CastlingMode::Chess960,
        _ => CastlingMode::detect(&setup),
    };
    fen.into_position::<Chess>(mode).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A FEN written with `_` between its fields (as in URLs) is checked field by field, as
    /// shakmaty reads it: an out-of-range fullmove number is refused, not passed through
    /// (found by the fuzzer: `testdata/fuzz/fen/crash-03a20f87f296`).
    #[test]
    fn fen_fields_separated_by_underscores() {
        let fen = b"R7/P5k1/8/8/8/r7/6K1/8 b - __-_3_________0610708";
        assert!(describe_fen_shape(fen).is_some_and(|m| m.contains("fullmove")));
        assert!(position_from_fen(fen, &Variant::Standard).is_err());
        let ok = b"R7/P5k1/8/8/8/r7/6K1/8_b_-_-_3_61";
        assert_eq!(describe_fen_shape(ok), None);
        assert!(position_from_fen(ok, &Variant::Standard).is_ok());
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
    fn fen_shape_messages() {
        let too_few = describe_fen_shape(b"8/8/8/8/8/8/8/8 w - - 0 1 extra").unwrap();
        assert!(too_few.contains("this one has 7"), "{too_few}");
        let ranks = describe_fen_shape(b"8/8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
        assert!(ranks.contains("9 ranks"), "{ranks}");
        let squares = describe_fen_shape(b"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
        assert!(squares.unwrap().contains("rank 7 describes 7 squares"));
        assert!(
            describe_fen_shape(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                .is_none()
        );
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
