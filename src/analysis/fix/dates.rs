//! Dates made `YYYY.MM.DD` (PGN standard 8.1.1.3), where the date written says which one it is.

use crate::analysis::tags::{is_date_shaped, is_valid_date};

/// The unknown date.
const UNKNOWN: &str = "????.??.??";

/// One field of a date as written: digits, or `?`s (unknown); `None` for anything else.
fn field(text: &str, max: usize) -> Option<Option<u32>> {
    if text.is_empty() || text.len() > max {
        return None;
    }
    if text.bytes().all(|b| b == b'?') {
        return Some(None);
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().map(Some)
}

fn two(n: Option<u32>) -> String {
    n.map_or_else(|| "??".to_owned(), |n| format!("{n:02}"))
}

/// The date `value` in PGN form, or `None` when it already is one. A year alone, dashes or
/// slashes for dots, one-digit months and days, `YYYYMMDD`, and `DD.MM.YYYY` when the day is
/// over 12 (else only the year is sure) are read; a date that cannot be (`1959.02.30`) or that
/// is not a date at all is `????.??.??`.
pub fn normalize_date(value: &str) -> Option<String> {
    if is_valid_date(value.as_bytes()) {
        return None;
    }
    let v = value.trim();
    let parts: Vec<&str> = v
        .split(['.', '-', '/', ' '])
        .filter(|p| !p.is_empty())
        .collect();
    let date = |y: Option<u32>, m: Option<u32>, d: Option<u32>| {
        let year = y.map_or_else(|| "????".to_owned(), |y| format!("{y:04}"));
        format!("{year}.{}.{}", two(m), two(d))
    };
    let read = match parts[..] {
        [one] if one.len() == 8 && one.bytes().all(|b| b.is_ascii_digit()) => Some(date(
            one[..4].parse().ok(),
            one[4..6].parse().ok(),
            one[6..].parse().ok(),
        )),
        [y] => field(y, 4)
            .filter(|_| y.len() == 4)
            .map(|y| date(y, None, None)),
        [y, m] if y.len() == 4 => match (field(y, 4), field(m, 2)) {
            (Some(y), Some(m)) => Some(date(y, m, None)),
            _ => None,
        },
        [y, m, d] if y.len() == 4 => match (field(y, 4), field(m, 2), field(d, 2)) {
            (Some(y), Some(m), Some(d)) => Some(date(y, m, d)),
            _ => None,
        },
        [a, b, y] if y.len() == 4 => match (field(a, 2), field(b, 2), field(y, 4)) {
            (Some(Some(a)), Some(Some(b)), Some(y)) if a > 12 && b <= 12 => {
                Some(date(y, Some(b), Some(a)))
            }
            (Some(Some(a)), Some(Some(b)), Some(y)) if a == b => Some(date(y, Some(a), Some(a))),
            (Some(_), Some(_), Some(y)) => Some(date(y, None, None)),
            _ => None,
        },
        _ => None,
    };
    let fixed = match read {
        Some(d) if is_valid_date(d.as_bytes()) => d,
        // Shaped like a date but impossible (`1959.02.30`), or not a date.
        Some(d) if is_date_shaped(d.as_bytes()) => UNKNOWN.to_owned(),
        _ => UNKNOWN.to_owned(),
    };
    (fixed != value).then_some(fixed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_read_where_unambiguous() {
        let n = |v: &str| normalize_date(v);
        assert_eq!(n("1959.03.01"), None);
        assert_eq!(n("1959.??.??"), None);
        assert_eq!(n("1959").as_deref(), Some("1959.??.??"));
        assert_eq!(n("1959-03-01").as_deref(), Some("1959.03.01"));
        assert_eq!(n("1959/3/1").as_deref(), Some("1959.03.01"));
        assert_eq!(n("1959.03").as_deref(), Some("1959.03.??"));
        assert_eq!(n("19590301").as_deref(), Some("1959.03.01"));
        assert_eq!(n("25.03.1959").as_deref(), Some("1959.03.25"));
        assert_eq!(n("03.04.1959").as_deref(), Some("1959.??.??"));
        assert_eq!(n("1959.02.30").as_deref(), Some("????.??.??"));
        assert_eq!(n("1959.13.01").as_deref(), Some("????.??.??"));
        assert_eq!(n("?").as_deref(), Some("????.??.??"));
        assert_eq!(n("").as_deref(), Some("????.??.??"));
        assert_eq!(n("yesterday").as_deref(), Some("????.??.??"));
    }
}
