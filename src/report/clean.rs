//! Text from the input made safe for where it goes: a terminal ([`sanitize`]) and a
//! spreadsheet ([`csv_text`]). Every printer passes the input's text (tag values, names,
//! tokens, file and zip member names, messages that quote them) through one of these; the text
//! arbiter makes itself (codes, numbers, FENs, SAN, move numbers) needs neither.

use std::borrow::Cow;
use std::io;

/// Replaces control characters (but the tab) and bidirectional overrides by U+FFFD, so that
/// text from the input cannot drive a terminal (an escape sequence in a tag value or a file
/// name could set the window title, move the cursor or hide what follows).
pub fn sanitize(text: &str) -> Cow<'_, str> {
    let bad = |c: char| {
        (c.is_control() && c != '\t')
            || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    };
    // Printable ASCII and tabs (most text) hold none: one pass over the bytes, without decoding
    // the characters.
    let plain = |b: u8| matches!(b, b' '..=b'~' | b'\t');
    if text.bytes().fold(true, |all, b| all & plain(b)) {
        return text.into();
    }
    if text.chars().any(bad) {
        text.chars()
            .map(|c| if bad(c) { '\u{FFFD}' } else { c })
            .collect::<String>()
            .into()
    } else {
        text.into()
    }
}

/// The characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"):
/// `=`, `+`, `-`, `@`, and the tab and carriage return.
const FORMULA_START: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A CSV cell of text from the input: [`sanitize`]d, and with a `'` in front when it starts
/// with a character that makes spreadsheets run it as a formula (`=HYPERLINK(...)` as a player
/// name), as the OWASP guidance on CSV injection says. Numbers, FENs, SAN and the other cells
/// arbiter makes itself are written as they are: a negative number or a SAN is data, and none
/// of them comes from the input. A lone `-` (standard input's name, a `Round "-"`) is no
/// formula and stays as it is, as every table writes it.
pub fn csv_text(text: &str) -> Cow<'_, str> {
    let clean = sanitize(text);
    match clean.starts_with(FORMULA_START) && clean != "-" {
        true => format!("'{clean}").into(),
        false => clean,
    }
}

/// A CSV cell of a token as written (a move, a null move, an evaluation glyph): as
/// [`csv_text`], but chess notation that starts with a formula character and holds neither a
/// letter nor a digit nor a bracket (`--`, `-+`, `+=`, `=`) is data, written as it is: no
/// spreadsheet formula that does something is made of those characters alone.
pub fn csv_token(text: &str) -> Cow<'_, str> {
    let clean = sanitize(text);
    let active = |c: char| c.is_alphanumeric() || matches!(c, '(' | '"' | '|' | '!' | '$');
    match clean.starts_with(FORMULA_START) && clean.chars().any(active) {
        true => format!("'{clean}").into(),
        false => clean,
    }
}

/// The I/O error inside a CSV writer's error (so that a closed pipe stays a closed pipe and
/// ends the run quietly).
pub fn csv_io_error(err: csv::Error) -> io::Error {
    match err.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("{other:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_from_the_input_cannot_be_formulas() {
        assert_eq!(csv_text("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(csv_text("+1"), "'+1");
        assert_eq!(csv_text("-2+3"), "'-2+3");
        assert_eq!(csv_text("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_text("\tx"), "'\tx");
        assert_eq!(csv_text("Carlsen, Magnus"), "Carlsen, Magnus");
        // Standard input's name, as the tables write it (they joined on `file` but for it).
        assert_eq!(csv_text("-"), "-");
        assert_eq!(csv_text("--x"), "'--x");
        assert_eq!(csv_text("a=b"), "a=b");
        // A carriage return is a control character: replaced, then the cell is safe.
        assert_eq!(csv_text("\r=1"), "\u{FFFD}=1");
        assert_eq!(sanitize("\x1b]0;title\x07"), "\u{FFFD}]0;title\u{FFFD}");
        // Tokens: notation stays, formulas do not.
        assert_eq!(csv_token("--"), "--");
        assert_eq!(csv_token("-+"), "-+");
        assert_eq!(csv_token("=HYPERLINK(1)"), "'=HYPERLINK(1)");
        assert_eq!(csv_token("@evil"), "'@evil");
        assert_eq!(csv_token("+1"), "'+1");
        assert_eq!(csv_token("Nf3"), "Nf3");
    }

    /// The pass over ASCII bytes gives what the test of each character gives: every ASCII
    /// character alone and between letters.
    #[test]
    fn ascii_text_is_sanitized_as_each_character_says() {
        let by_char = |t: &str| -> String {
            t.chars()
                .map(|c| {
                    match (c.is_control() && c != '\t')
                        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
                    {
                        true => '\u{FFFD}',
                        false => c,
                    }
                })
                .collect()
        };
        for b in 0u8..=127 {
            for text in [String::from(char::from(b)), format!("a{}b", char::from(b))] {
                assert_eq!(sanitize(&text), by_char(&text), "{b:#x}");
            }
        }
    }
}
