//! The tag section of a game: values, the Seven Tag Roster, dates, results and the start position.

use std::borrow::Cow;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Setup};

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
    let parts: Vec<&[u8]> = value.split(|b| *b == b'.').collect();
    let [year, month, day] = parts[..] else {
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
        std::str::from_utf8(f).ok()?.parse().ok().map(Some)
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

/// Parses a FEN tag value into a position under the castling rules of `variant`.
///
/// For standard games the castling mode is detected from the castling field, so a standard game
/// whose FEN names non-standard castling rooks (Shredder-FEN letters) is read with Chess960
/// castling rather than rejected.
///
/// # Errors
/// Returns a message naming the bad FEN field or the reason the position is illegal.
pub fn position_from_fen(value: &[u8], variant: &Variant) -> Result<Chess, String> {
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
