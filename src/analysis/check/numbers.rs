//! Numeric tags (issue 31): the tags whose value is a whole number (PGN standard 9.1.2 WhiteElo,
//! 9.1.3 WhiteUSCF, 9.2.1 PlyCount, 9.3 Board; FIDE IDs and lichess's rating differences as the
//! databases write them), and how a value is written: the number alone, the number with white
//! space around it (`BlackElo " 2700"`: `tag/padded-number`, which `fix` repairs), unknown (empty,
//! `?`, `-`), or something else (`tag/bad-number`).

/// The numeric tags: name, and whether the number has a sign (`WhiteRatingDiff "+7"`).
const NUMERIC_TAGS: &[(&[u8], bool)] = &[
    (b"WhiteElo", false),
    (b"BlackElo", false),
    (b"WhiteUSCF", false),
    (b"BlackUSCF", false),
    (b"WhiteFideId", false),
    (b"BlackFideId", false),
    (b"WhiteRatingDiff", true),
    (b"BlackRatingDiff", true),
    (b"PlyCount", false),
    (b"Board", false),
];

/// How the value of a numeric tag is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberValue<'a> {
    /// A whole number, as written.
    Number,
    /// The number with white space around it: the number alone.
    Padded(&'a str),
    /// Empty, `?` or `-` (white space around them too): the value is not known.
    Unknown,
    /// Anything else.
    Bad,
}

/// Whether tag `name` holds a whole number, and if so whether it has a sign.
pub fn numeric_tag(name: &[u8]) -> Option<bool> {
    NUMERIC_TAGS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, signed)| *signed)
}

/// How `value` (unescaped, decoded) is written, for a numeric tag with a sign or without.
pub fn number_value(value: &str, signed: bool) -> NumberValue<'_> {
    let number = |v: &str| {
        let digits = match signed {
            true => v.strip_prefix(['+', '-']).unwrap_or(v),
            false => v,
        };
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    let trimmed = value.trim();
    match trimmed {
        "" | "?" | "-" => NumberValue::Unknown,
        t if number(t) && t.len() == value.len() => NumberValue::Number,
        t if number(t) => NumberValue::Padded(t),
        _ => NumberValue::Bad,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_padded_unknown_and_bad() {
        assert_eq!(number_value("2700", false), NumberValue::Number);
        assert_eq!(number_value(" 2700", false), NumberValue::Padded("2700"));
        assert_eq!(number_value("2700 ", false), NumberValue::Padded("2700"));
        assert_eq!(
            number_value("\t2700\u{a0}", false),
            NumberValue::Padded("2700")
        );
        assert_eq!(number_value("", false), NumberValue::Unknown);
        assert_eq!(number_value(" ? ", false), NumberValue::Unknown);
        assert_eq!(number_value("-", false), NumberValue::Unknown);
        assert_eq!(number_value("2700?", false), NumberValue::Bad);
        assert_eq!(number_value("2650:2700", false), NumberValue::Bad);
        assert_eq!(number_value("27 00", false), NumberValue::Bad);
        assert_eq!(number_value("stockfish", false), NumberValue::Bad);
        assert_eq!(number_value("+7", false), NumberValue::Bad);
        assert_eq!(number_value("+7", true), NumberValue::Number);
        assert_eq!(number_value(" -12", true), NumberValue::Padded("-12"));
        assert_eq!(number_value("+", true), NumberValue::Bad);
        assert_eq!(numeric_tag(b"BlackElo"), Some(false));
        assert_eq!(numeric_tag(b"WhiteRatingDiff"), Some(true));
        assert_eq!(numeric_tag(b"Round"), None);
    }
}
