//! Writing PGN text: words wrapped into lines of at most [`MAX_LINE`] characters, comments
//! made safe, tag sections with the Seven Tag Roster first, and the NAGs of annotation glyphs.

use std::fmt::Write as _;

use crate::analysis::tags::SEVEN_TAG_ROSTER;

/// The longest line written, in characters (PGN standard 8.2.2).
pub const MAX_LINE: usize = 80;

/// The NAG of a symbolic annotation glyph (PGN standard 10 and common usage), if it has one.
pub fn glyph_nag(glyph: &str) -> Option<u32> {
    Some(match glyph {
        "!" => 1,
        "?" => 2,
        "!!" | "‼" => 3,
        "??" | "⁇" => 4,
        "!?" | "⁉" => 5,
        "?!" | "⁈" => 6,
        "□" => 7,
        "=" => 10,
        "∞" => 13,
        "+=" | "+/=" | "⩲" => 14,
        "=+" | "=/+" | "⩱" => 15,
        "±" | "+/-" => 16,
        "∓" | "-/+" => 17,
        "+-" | "+−" => 18,
        "-+" | "−+" => 19,
        "N" => 146,
        _ => return None,
    })
}

/// Splits a move token into the move and the annotation glyph attached to it (`Nf3!?` →
/// `Nf3`, `!?`; `Bc5=` → `Bc5`, `=`).
pub(super) fn split_glyph(text: &str, attached: bool) -> (&str, Option<&str>) {
    let trimmed = text.trim_end_matches(['!', '?']);
    if trimmed.len() < text.len() {
        return (trimmed, Some(&text[trimmed.len()..]));
    }
    if attached {
        let mut best: Option<&str> = None;
        for g in [
            "=", "+-", "-+", "+/-", "-/+", "+=", "=+", "+/=", "=/+", "∞", "=/∞", "±", "∓", "⩲",
            "⩱", "□", "+−", "−+", "N", "∆",
        ] {
            if text.ends_with(g) && best.is_none_or(|b| g.len() > b.len()) {
                best = Some(g);
            }
        }
        if let Some(g) = best {
            return (&text[..text.len() - g.len()], Some(g));
        }
    }
    (text, None)
}

/// Writes words into lines of at most [`MAX_LINE`] characters.
#[derive(Debug, Default)]
pub(super) struct Wrapper {
    out: String,
    col: usize,
    /// A `(` waiting for the next word (`(12... Nf3`).
    open: bool,
}

impl Wrapper {
    pub(super) fn word(&mut self, word: &str) {
        if self.open {
            self.open = false;
            return self.word(&format!("({word}"));
        }
        let len = word.chars().count();
        if self.col > 0 && self.col + 1 + len > MAX_LINE {
            self.out.push('\n');
            self.col = 0;
        }
        if self.col > 0 {
            self.out.push(' ');
            self.col += 1;
        }
        self.out.push_str(word);
        self.col += len;
    }

    /// A `{...}` comment, its whitespace collapsed; a word that would start a line with `%` or
    /// `[` (an escape line, or a tag pair to a game splitter) is kept on the line before. The
    /// words go out one by one (a comment may be megabytes long: no copy of it is made).
    pub(super) fn comment(&mut self, text: &str) {
        let text = printable(text);
        let mut pieces = text.split_whitespace().peekable();
        let mut unit = String::new();
        let mut first = true;
        while let Some(piece) = pieces.next() {
            unit.clear();
            if std::mem::take(&mut first) {
                unit.push('{');
            }
            push_closed(&mut unit, piece);
            while let Some(next) = pieces.next_if(|p| p.starts_with(['%', '['])) {
                unit.push(' ');
                push_closed(&mut unit, next);
            }
            if pieces.peek().is_none() {
                unit.push('}');
            }
            self.word(&unit);
        }
    }

    /// `(`: glued to the next word.
    pub(super) fn open(&mut self) {
        if self.open {
            self.word("(");
        }
        self.open = true;
    }

    /// `)`: glued to the last word, unless that makes the line too long.
    pub(super) fn close(&mut self) {
        if self.open {
            self.open = false;
            self.word("()");
        } else if self.col == 0 || self.col + 1 > MAX_LINE {
            self.word(")");
        } else {
            self.out.push(')');
            self.col += 1;
        }
    }

    /// The text written so far (the line being written stays open: the next word goes on it).
    pub(super) fn take_text(&mut self) -> String {
        std::mem::take(&mut self.out)
    }

    /// Bytes written so far.
    pub(super) fn len(&self) -> usize {
        self.out.len()
    }

    pub(super) fn finish(mut self) -> String {
        if self.col > 0 {
            self.out.push('\n');
        }
        self.out
    }
}

/// Appends a comment's word, a `}` in it written `)` (it would end the comment).
fn push_closed(unit: &mut String, piece: &str) {
    for c in piece.chars() {
        unit.push(if c == '}' { ')' } else { c });
    }
}

/// Escapes a tag value (`\` and `"`), its control characters replaced (`printable`).
pub(super) fn escape(value: &str) -> String {
    printable(value).replace('\\', "\\\\").replace('"', "\\\"")
}

/// `text` with its control characters other than whitespace (an ESC that would drive a
/// terminal showing the PGN) and its bidirectional overrides (U+202A to U+202E, U+2066 to
/// U+2069: they reorder what a terminal shows after them, as `report::clean::sanitize` says)
/// replaced by U+FFFD: the PGN standard allows printing characters only in tag values and
/// comments, and the export is clean PGN.
pub(super) fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let bad = unprintable;
    match text.chars().any(bad) {
        true => text
            .chars()
            .map(|c| if bad(c) { '\u{FFFD}' } else { c })
            .collect::<String>()
            .into(),
        false => text.into(),
    }
}

/// Whether the export writes `c` as U+FFFD in tag values and comments (`printable`): a
/// control character other than whitespace (PGN standard 4.1: printing characters only) or a
/// bidirectional override (U+202A to U+202E, U+2066 to U+2069).
pub fn unprintable(c: char) -> bool {
    (c.is_control() && !c.is_whitespace())
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Writes a tag section: the Seven Tag Roster in order, then `others`.
pub(super) fn write_tags(
    out: &mut String,
    roster: &[Option<String>; 7],
    others: &[(String, String)],
) {
    write_roster(out, roster);
    for (name, value) in others {
        write_tag(out, name, value);
    }
    out.push('\n');
}

/// Writes the Seven Tag Roster in order (missing tags filled with `?`, `????.??.??` or `*`).
pub(super) fn write_roster(out: &mut String, roster: &[Option<String>; 7]) {
    for (i, name) in SEVEN_TAG_ROSTER.iter().enumerate() {
        let value = roster[i].as_deref().unwrap_or(match *name {
            "Date" => "????.??.??",
            "Result" => "*",
            _ => "?",
        });
        write_tag(out, name, value);
    }
}

/// Writes one tag pair line.
pub(super) fn write_tag(out: &mut String, name: &str, value: &str) {
    let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_map_to_nags() {
        assert_eq!(glyph_nag("!"), Some(1));
        assert_eq!(glyph_nag("??"), Some(4));
        assert_eq!(glyph_nag("?!"), Some(6));
        assert_eq!(glyph_nag("+-"), Some(18));
        assert_eq!(glyph_nag("∆"), None);
        assert_eq!(split_glyph("Nf3!?", false), ("Nf3", Some("!?")));
        assert_eq!(split_glyph("Bc5=", true), ("Bc5", Some("=")));
        assert_eq!(split_glyph("Qh4+-", true), ("Qh4", Some("+-")));
        assert_eq!(split_glyph("e8=Q", false), ("e8=Q", None));
    }

    #[test]
    fn wrapper_keeps_lines_short_and_escapes_safe() {
        let mut w = Wrapper::default();
        for _ in 0..30 {
            w.word("1. e4");
        }
        w.comment(&format!("{} %x [y }} z", "a ".repeat(40)));
        let text = w.finish();
        for line in text.lines() {
            assert!(line.chars().count() <= MAX_LINE, "{line}");
            assert!(!line.starts_with(['%', '[']), "{line}");
        }
        assert!(text.contains(") z}"), "{text}");
        assert_eq!(escape("a\x1b]0;t\x07\"b"), "a\u{FFFD}]0;t\u{FFFD}\\\"b");
    }
}
