//! Numeric tags (issue 31): the tags whose value is a whole number (PGN standard 9.1.2 WhiteElo,
//! 9.1.3 WhiteUSCF, 9.2.1 PlyCount, 9.3 Board; FIDE IDs and lichess's rating differences as the
//! databases write them), and how a value is written: the number alone, the number with white
//! space around it (`BlackElo " 2700"`: `tag/padded-number`, which `fix` repairs), unknown (empty,
//! `?`, `-`), or something else (`tag/bad-number`).

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

/// Whether tag `name` holds a whole number (WhiteElo, BlackElo, WhiteUSCF, BlackUSCF,
/// WhiteFideId, BlackFideId, WhiteRatingDiff, BlackRatingDiff, PlyCount, Board), and if so
/// whether the number has a sign (`WhiteRatingDiff "+7"`). A `match` on the names: by length
/// first, then their bytes (every tag of every game is asked).
pub fn numeric_tag(name: &[u8]) -> Option<bool> {
    match name {
        b"WhiteElo" | b"BlackElo" | b"WhiteUSCF" | b"BlackUSCF" | b"WhiteFideId"
        | b"BlackFideId" | b"PlyCount" | b"Board" => Some(false),
        b"WhiteRatingDiff" | b"BlackRatingDiff" => Some(true),
        _ => None,
    }
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
