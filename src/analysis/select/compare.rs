//! How `select` compares a value with an operand (issue 32): the kind of the comparison is fixed
//! when the expression is compiled, from the operand as written, never from the game's value.
//!
//! * a **bare number** (`2700`, `-5`, `0.5`: digits, an optional `-` and decimal part) compares
//!   numbers: a value that is not such a number (`?`, `-`, empty, ` 2700`) never satisfies it,
//!   whatever the operator (`!=` included), as SQL's NULL satisfies no comparison;
//! * a **bare date** on a tag whose name ends in `Date` (`Date >= 2020.01.01`, `Date < 2020`)
//!   compares dates: an operand of a year or a year and month (`2012`, `2012.05`,
//!   `2012.??.??`) is that whole period, so `Date == 2012` is any day of 2012, `Date <= 2012`
//!   and `Date in 2010..2012` take all of 2012 and `Date > 2012` starts in 2013 (the value is
//!   compared on the operand's known parts); a value's unknown parts (`??`) count as zeros
//!   (`1924.??.??` is before `1924.03.16`, within `1924`); a value with no known year
//!   (`????.??.??`, empty, `?`) never satisfies it;
//! * a **quoted** operand (`WhiteElo >= "2700"`, `Date == "????.??.??"`) or any other bare word
//!   compares text: `==` and `!=` exactly, `<`, `<=`, `>`, `>=` in byte order;
//! * a bare operand that reads as a number in another form ([`number_lookalike`]: `+2500`,
//!   `25e2`, `.5`, `inf`, `NaN`, `1e400`, a number beyond `f64`) is refused where it would be
//!   compared in byte order (`<`, `<=`, `>`, `>=`, `in`) or with a tag whose values are numbers
//!   ([`NUMERIC_TAGS`]), as `plies` refuses it: it would be text there, silently; on those
//!   tags any bare word that is no number is refused with `<`, `<=`, `>`, `>=` and `in`
//!   (`WhiteElo >= 2,700` compared text in byte order);
//! * `~` is text containment, case ignored, whatever the operand.
//!
//! This module must not import `engine`, `report` or `commands`.

use std::cmp::Ordering;

use super::expr::Op;
use crate::analysis::names::date_key;
pub use crate::analysis::text::contains_ignoring_case as contains;

/// What a comparison compares, fixed by its operand.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Operand {
    /// A bare number.
    Number(f64),
    /// A bare date, compared on a `...Date` tag: its known parts (`2012`, `2012.05`,
    /// `2012.05.01`; `-`, `/` read as `.`), a period when a part is missing or `??`.
    Date(String),
    /// Text (quoted, or a bare word that is neither).
    Text(String),
}

impl Operand {
    /// The operand `value` of a comparison by `op` with a field whose values are dates
    /// (`date`): see the module documentation.
    pub(super) fn of(value: &str, quoted: bool, date: bool, op: Op) -> Operand {
        if quoted || op == Op::Contains {
            return Operand::Text(value.to_owned());
        }
        if date && let Some(d) = date_operand(value) {
            return Operand::Date(d);
        }
        match number(value) {
            Some(n) => Operand::Number(n),
            None => Operand::Text(value.to_owned()),
        }
    }

    /// True when `actual` (a game's value) satisfies `actual op self`.
    pub(super) fn holds(&self, actual: &str, op: Op) -> bool {
        if op == Op::Contains {
            return contains(actual, self.text());
        }
        let ordering = match self {
            Operand::Number(wanted) => match number(actual) {
                Some(a) => a.partial_cmp(wanted),
                None => return false,
            },
            Operand::Date(wanted) => match date_value(actual) {
                Some(a) => Some(on_known_parts(&a, wanted)),
                None => return false,
            },
            Operand::Text(wanted) => Some(actual.cmp(wanted.as_str())),
        };
        ordering.is_some_and(|o| satisfies(o, op))
    }

    /// The operand's text (a number has none: it is never compared as text).
    fn text(&self) -> &str {
        match self {
            Operand::Date(t) | Operand::Text(t) => t,
            Operand::Number(_) => "",
        }
    }

    /// True when no value can lie between `self` and `high` (the bounds of `in`).
    pub(super) fn empty_range(&self, high: &Operand) -> bool {
        match (self, high) {
            (Operand::Number(l), Operand::Number(h)) => l > h,
            (Operand::Date(l), Operand::Date(h)) => on_known_parts(l, h) == Ordering::Greater,
            (l, h) => l.text().to_ascii_uppercase() > h.text().to_ascii_uppercase(),
        }
    }
}

/// True when ordering `o` of a value against the operand satisfies `op`.
fn satisfies(o: Ordering, op: Op) -> bool {
    match op {
        Op::Eq => o == Ordering::Equal,
        Op::Ne => o != Ordering::Equal,
        Op::Lt => o == Ordering::Less,
        Op::Le => o != Ordering::Greater,
        Op::Gt => o == Ordering::Greater,
        Op::Ge => o != Ordering::Less,
        Op::Contains => false,
    }
}

/// Tags whose values are numbers by the PGN standard (§9.1.2 `WhiteElo`, `BlackElo`; §9.8.1
/// `PlyCount`): a bare operand that reads as a number in another form is refused with every
/// operator but `~` (elsewhere only with `<`, `<=`, `>`, `>=` and `in`).
pub(super) const NUMERIC_TAGS: [&str; 3] = ["WhiteElo", "BlackElo", "PlyCount"];

/// The accepted number forms, as the error of a refused operand names them.
pub(super) const NUMBER_FORMS: &str = "digits with an optional '-' and decimal part: 2500, -5, 0.5";

/// True when `text` reads as a number in a form [`number`] does not take: what Rust's `f64`
/// parser accepts (`+2500`, `25e2`, `.5`, `5.`, `inf`, `NaN`, any case) but [`number`] refuses,
/// and a number of [`number`]'s form beyond the range of `f64` (`1` and 400 zeros).
pub(super) fn number_lookalike(text: &str) -> bool {
    number(text).is_none() && text.parse::<f64>().is_ok()
}

/// The error of a bare operand that [`number_lookalike`] refuses: `'25e2' is not a number as
/// select reads one (...)`, with the accepted forms and the way to compare text (a literal
/// of more than 40 characters cut there).
pub(super) fn lookalike_error(text: &str) -> String {
    // A literal of 400 digits is shown by its first 40, so the accepted forms stay in view.
    let text = crate::analysis::text::truncate(text.to_owned(), 40);
    format!(
        "'{text}' is not a number as select reads one ({NUMBER_FORMS}): write it so, or quote \
         it to compare text"
    )
}

/// A number as `select` reads one: an optional `-`, digits, an optional `.` and digits, of a
/// finite value; no space, no `+`, no exponent (`1e5` is text), no `inf` or `NaN`, nothing
/// beyond the range of `f64` (`1` and 400 zeros).
pub fn number(text: &str) -> Option<f64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = match digits.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (digits, None),
    };
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(whole) || fraction.is_some_and(|f| !all_digits(f)) {
        return None;
    }
    text.parse().ok().filter(|n: &f64| n.is_finite())
}

/// A date value normalised for comparison (`-`, `/` read as `.`, unknown parts `??` as zeros),
/// or `None` when it has no known year: four digits, then `.MM` and `.DD` parts of two digits
/// or `??` when present (`1924.??.??`, `2020.05.01`, `2020-05-01`).
fn date_value(text: &str) -> Option<String> {
    let key = date_key(text);
    let mut parts = key.split('.');
    let year = parts.next()?;
    if year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut out = year.to_owned();
    for (i, part) in parts.enumerate() {
        let known = part.len() == 2 && part.bytes().all(|b| b.is_ascii_digit());
        if i >= 2 || !(known || part == "??") {
            return None;
        }
        out.push('.');
        out.push_str(if known { part } else { "00" });
    }
    Some(out)
}

/// A bare operand of a date comparison: a date as [`date_value`] reads one (`2020`,
/// `2020.05`, `2020.05.01`, `2020.??.??`), cut to its known parts (`2020.??.??` → `2020`,
/// a period).
fn date_operand(text: &str) -> Option<String> {
    let mut d = date_value(text)?;
    while let Some(known) = d.strip_suffix(".00") {
        d.truncate(known.len());
    }
    Some(d)
}

/// `value` (a [`date_value`]) against `period` (a [`date_operand`]), on the period's known
/// parts only: `2012.05.01` is equal to `2012` and to `2012.05`, before `2012.06`.
fn on_known_parts(value: &str, period: &str) -> Ordering {
    let n = value.len().min(period.len());
    match value[..n].cmp(&period[..n]) {
        Ordering::Equal if value.len() < period.len() => Ordering::Less,
        o => o,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holds(actual: &str, op: Op, operand: &str, quoted: bool, date: bool) -> bool {
        Operand::of(operand, quoted, date, op).holds(actual, op)
    }

    /// Issue 32: `?` sorted after `2` as text and `""`, `-` before `1000`: a value that is not
    /// a number never satisfies a numeric comparison.
    #[test]
    fn what_is_no_number_satisfies_no_numeric_comparison() {
        for value in [
            "?", "", "-", " 2800", "2800 ", "+2800", "1e4", "inf", "NaN", "28OO",
        ] {
            for op in [Op::Eq, Op::Ne, Op::Lt, Op::Le, Op::Gt, Op::Ge] {
                assert!(!holds(value, op, "2700", false, false), "{value:?} {op:?}");
            }
        }
        assert!(holds("2800", Op::Ge, "2700", false, false));
        assert!(holds("999", Op::Lt, "1000", false, false));
        assert!(holds("2700.0", Op::Eq, "2700", false, false));
        assert!(holds("-3", Op::Lt, "0", false, false));
        assert!(holds("2650", Op::Ne, "2700", false, false));
        // Quoted: text, in byte order.
        assert!(holds("?", Op::Ge, "2700", true, false));
        assert!(!holds("2700.0", Op::Eq, "2700", true, false));
        // `~` is containment whatever the operand.
        assert!(holds("12700", Op::Contains, "2700", false, false));
    }

    #[test]
    fn dates_compare_with_unknown_parts_as_zeros() {
        assert!(holds("2020.05.01", Op::Ge, "2020.01.01", false, true));
        assert!(holds("2020-05-01", Op::Lt, "2020.06", false, true));
        assert!(holds("2020.??.??", Op::Lt, "2020.01.01", false, true));
        assert!(holds("2019.12.31", Op::Lt, "2020", false, true));
        for value in ["????.??.??", "", "?", "20xx.01.01", "2020.1.1"] {
            assert!(
                !holds(value, Op::Lt, "2020.01.01", false, true),
                "{value:?}"
            );
            assert!(
                !holds(value, Op::Ne, "2020.01.01", false, true),
                "{value:?}"
            );
        }
        // A year or a month is a period: the value compared on its known parts (a year as a
        // bound took only 1 January: `Date == 2012` matched no game of 2012, `Date <= 2012`
        // left 2012 out).
        for (value, op, period, holds_) in [
            ("2012.07.14", Op::Eq, "2012", true),
            ("2012.??.??", Op::Eq, "2012", true),
            ("2012.07.14", Op::Eq, "2012.??.??", true),
            ("2012.07.14", Op::Le, "2012", true),
            ("2012.12.31", Op::Lt, "2013", true),
            ("2012.12.31", Op::Gt, "2012", false),
            ("2013.01.01", Op::Gt, "2012", true),
            ("2012.01.01", Op::Ge, "2012", true),
            ("2011.12.31", Op::Ge, "2012", false),
            ("2012.07.14", Op::Eq, "2012.07", true),
            ("2012.07.14", Op::Lt, "2012.08", true),
            ("2012.07.14", Op::Ne, "2012.06", true),
            ("2012", Op::Eq, "2012", true),
            ("2012", Op::Lt, "2012.05.01", true),
            ("2012.05.00", Op::Eq, "2012.05.01", false),
        ] {
            assert_eq!(
                holds(value, op, period, false, true),
                holds_,
                "{value} {op:?} {period}"
            );
        }
        let period = |t| Operand::of(t, false, true, Op::Eq);
        assert!(!period("2010").empty_range(&period("2010.05")));
        assert!(!period("2010.05").empty_range(&period("2010")));
        assert!(period("2011").empty_range(&period("2010.05")));
        // Quoted: text.
        assert!(holds("????.??.??", Op::Eq, "????.??.??", true, true));
        // A bare word that is no date on a date tag: text.
        assert!(holds("unknown", Op::Eq, "unknown", false, true));
    }

    #[test]
    fn numbers_are_read_strictly() {
        assert_eq!(number("2700"), Some(2700.0));
        assert_eq!(number("-0.5"), Some(-0.5));
        for text in [
            "", "-", ".5", "5.", "1e5", "+1", " 1", "1 ", "inf", "0x10", "1.2.3",
        ] {
            assert_eq!(number(text), None, "{text:?}");
        }
        let huge = format!("1{}", "0".repeat(400));
        assert_eq!(number(&huge), None);
        assert_eq!(number(&format!("-{huge}.5")), None);
    }

    /// The forms `f64` reads and `number` does not are look-alikes; the others are not.
    #[test]
    fn number_lookalikes() {
        let huge = format!("1{}", "0".repeat(400));
        for text in [
            "+2500",
            "25e2",
            "1E5",
            "1e400",
            ".5",
            "5.",
            "inf",
            "-inf",
            "+Infinity",
            "NaN",
            "nan",
            &huge,
        ] {
            assert!(number_lookalike(text), "{text:?}");
        }
        for text in [
            "2500",
            "-5",
            "0.5",
            "?",
            "",
            "-",
            "1-0",
            "2020.01.01",
            "0x10",
            " 1",
            "abc",
            "28OO",
        ] {
            assert!(!number_lookalike(text), "{text:?}");
        }
    }

    #[test]
    fn containment_ignores_case() {
        assert!(contains("Carlsen, Magnus", "sen, m"));
        assert!(contains("Ürgüp", "ÜRG"));
        assert!(!contains("Carlsen", "Karl"));
        assert!(contains("x", ""));
    }
}
