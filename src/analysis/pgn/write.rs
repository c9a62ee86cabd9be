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
    /// `[` (an escape line, or a tag pair to a game splitter) is kept on the line before.
    pub(super) fn comment(&mut self, text: &str) {
        let text = text.replace('}', ")");
        let mut units: Vec<String> = Vec::new();
        for piece in text.split_whitespace() {
            match units.last_mut() {
                Some(last) if piece.starts_with(['%', '[']) => {
                    last.push(' ');
                    last.push_str(piece);
                }
                _ => units.push(piece.to_owned()),
            }
        }
        if units.is_empty() {
            return;
        }
        units[0].insert(0, '{');
        units.last_mut().expect("one unit").push('}');
        for unit in &units {
            self.word(unit);
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

    pub(super) fn finish(mut self) -> String {
        if self.col > 0 {
            self.out.push('\n');
        }
        self.out
    }
}

/// Escapes a tag value (`\` and `"`).
pub(super) fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a tag section: the Seven Tag Roster in order, then `others`.
pub(super) fn write_tags(
    out: &mut String,
    roster: &[Option<String>; 7],
    others: &[(String, String)],
) {
    for (i, name) in SEVEN_TAG_ROSTER.iter().enumerate() {
        let value = roster[i].clone().unwrap_or_else(|| {
            match *name {
                "Date" => "????.??.??",
                "Result" => "*",
                _ => "?",
            }
            .to_owned()
        });
        let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
    }
    for (name, value) in others {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
    }
    out.push('\n');
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
    }
}
