//! Tag values read as the typed columns of `arbiter games` hold them: dates ([`pgn_date`]) and
//! numbers ([`number`]).
//!
//! Reading is lenient where the writer's meaning is clear, and never guesses: a padded
//! `" 2700"` is 2700 (space around a value is ignored, as DuckDB's `cast`, Python's `int()`
//! and pandas read it; `arbiter check` warns of it), `2012.7.10` is 10 July 2012, a year
//! alone (`1857`) is a year; a value that is not a number (`?`, `-`, `1744?`, `2690:2222`) is
//! no value, and a date part that is unknown (`??`) or out of range (`2345.67.89`: month 67)
//! is none, without making the other parts unusable (`1924.??.??` has its year).

use crate::model::PgnDate;

/// The number `value` holds: ASCII digits (at most nine), space around them ignored.
pub fn number(value: &str) -> Option<i32> {
    let digits = value.trim_matches(|c: char| c == ' ' || c == '\t');
    if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// A date tag (`Date`, `UTCDate`) read: `YYYY.MM.DD` with `??` (or `?`, `????`) for a part
/// unknown and one or two digits for a month or day, or a year alone; space around it
/// ignored. Anything else (`check back later`, `2024-03-02`) has no part.
pub fn pgn_date(value: &str) -> PgnDate {
    let value = value.trim_matches(|c: char| c == ' ' || c == '\t');
    let mut parts = value.split('.');
    let (year, month, day) = match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(y), None, None, None) => (y, "?", "?"),
        (Some(y), Some(m), Some(d), None) => (y, m, d),
        _ => return PgnDate::default(),
    };
    // Each part is digits or question marks, of its width.
    let part = |text: &str, widths: std::ops::RangeInclusive<usize>| -> Result<Option<u16>, ()> {
        if !widths.contains(&text.len()) && !text.bytes().all(|b| b == b'?') {
            return Err(());
        }
        if !text.is_empty() && text.bytes().all(|b| b == b'?') {
            return Ok(None);
        }
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(());
        }
        text.parse().map(Some).map_err(drop)
    };
    let (Ok(year), Ok(month), Ok(day)) = (part(year, 4..=4), part(month, 1..=2), part(day, 1..=2))
    else {
        return PgnDate::default();
    };
    let year = year.filter(|y| *y >= 1);
    let month = month.filter(|m| (1..=12).contains(m)).map(|m| m as u8);
    let day = day.filter(|d| (1..=31).contains(d)).map(|d| d as u8);
    let days = match (year, month, day) {
        (Some(y), Some(m), Some(d)) if d <= days_in_month(y, m) => Some(days_from_civil(y, m, d)),
        _ => None,
    };
    PgnDate {
        year,
        month,
        day,
        days,
    }
}

/// A time tag (`UTCTime`, `Time`) read: `HH:MM:SS` (the PGN standard, 9.1.2), hours 00-23,
/// minutes and seconds 00-59, space around it ignored; seconds since midnight.
pub fn pgn_time(value: &str) -> Option<u32> {
    let value = value.trim_matches(|c: char| c == ' ' || c == '\t');
    let mut parts = value.split(':');
    let (Some(h), Some(m), Some(s), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    let two = |text: &str, below: u32| -> Option<u32> {
        let n: u32 = (text.len() == 2 && text.bytes().all(|b| b.is_ascii_digit()))
            .then(|| text.parse().ok())??;
        (n < below).then_some(n)
    };
    Some(two(h, 24)? * 3600 + two(m, 60)? * 60 + two(s, 60)?)
}

/// Days of month `m` of year `y` (Gregorian).
fn days_in_month(y: u16, m: u8) -> u8 {
    let leap = (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400);
    match m {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to the date (proleptic Gregorian; Howard Hinnant's
/// `days_from_civil`).
fn days_from_civil(y: u16, m: u8, d: u8) -> i32 {
    let (m, d) = (i32::from(m), i32::from(d));
    let y = i32::from(y) - i32::from(m <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(value: &str) -> (Option<u16>, Option<u8>, Option<u8>, Option<i32>) {
        let d = pgn_date(value);
        (d.year, d.month, d.day, d.days)
    }

    #[test]
    fn dates() {
        // 2024-03-02 is day 19,784 of the Unix epoch (Python: date(2024, 3, 2).toordinal()
        // - date(1970, 1, 1).toordinal()).
        assert_eq!(
            parts("2024.03.02"),
            (Some(2024), Some(3), Some(2), Some(19_784))
        );
        assert_eq!(parts("1970.01.01").3, Some(0));
        assert_eq!(parts("1969.12.31").3, Some(-1));
        // date(1924, 3, 16): -16,727; date(1, 1, 1): -719,162; date(9999, 12, 31): 2,932,896.
        assert_eq!(parts("1924.03.16").3, Some(-16_727));
        assert_eq!(parts("0001.01.01").3, Some(-719_162));
        assert_eq!(parts("9999.12.31").3, Some(2_932_896));
        assert_eq!(parts("2000.02.29").3, Some(11_016));
        assert_eq!(parts("1924.??.??"), (Some(1924), None, None, None));
        assert_eq!(parts("????.??.??"), (None, None, None, None));
        assert_eq!(parts("2024.03.??"), (Some(2024), Some(3), None, None));
        assert_eq!(parts(" 2007.??.??"), (Some(2007), None, None, None));
        assert_eq!(
            parts("2012.7.10"),
            (Some(2012), Some(7), Some(10), Some(15_531))
        );
        assert_eq!(parts("1857"), (Some(1857), None, None, None));
        assert_eq!(parts("2345.67.89"), (Some(2345), None, None, None));
        assert_eq!(parts("2023.02.29"), (Some(2023), Some(2), Some(29), None));
        assert_eq!(parts("1900.02.29").3, None);
        for bad in [
            "check back later",
            "2024-03-02",
            "24.03.02",
            "2024.3",
            "",
            "2024.03.02.1",
            "0000",
        ] {
            assert_eq!(parts(bad).0, None, "{bad}");
        }
    }

    #[test]
    fn times() {
        assert_eq!(pgn_time("00:00:12"), Some(12));
        assert_eq!(pgn_time("23:59:59"), Some(86_399));
        assert_eq!(pgn_time(" 12:00:00"), Some(43_200));
        for bad in [
            "24:00:00",
            "12:60:00",
            "1:00:00",
            "??:??:??",
            "12:00",
            "12:00:00:00",
            "",
        ] {
            assert_eq!(pgn_time(bad), None, "{bad}");
        }
    }

    #[test]
    fn numbers() {
        assert_eq!(number("2700"), Some(2700));
        assert_eq!(number(" 2700"), Some(2700));
        assert_eq!(number("2700 "), Some(2700));
        assert_eq!(number("0"), Some(0));
        for bad in [
            "",
            " ",
            "?",
            "-",
            "1744?",
            "2690:2222",
            "+2700",
            "-5",
            "27 00",
            "1234567890",
        ] {
            assert_eq!(number(bad), None, "{bad}");
        }
    }
}
