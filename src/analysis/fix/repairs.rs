//! The repairs of the tag section (dates, PlyCount, SetUp, control characters) and the result,
//! made on the tags the exporter is about to write.

use super::{Repair, dates::normalize_date};
use crate::analysis::openings::Classified;
use crate::analysis::tags::SEVEN_TAG_ROSTER;
use crate::model::fix::Change;

pub use crate::analysis::pgn::{result_form, standard_result};

/// The tags about to be written: the Seven Tag Roster and the others, in order.
pub(super) struct TagsOut<'a> {
    pub roster: &'a mut [Option<String>; 7],
    pub others: &'a mut Vec<(String, String)>,
}

impl TagsOut<'_> {
    /// The value of tag `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        match SEVEN_TAG_ROSTER.iter().position(|n| *n == name) {
            Some(i) => self.roster[i].as_deref(),
            None => self
                .others
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str()),
        }
    }

    /// Sets tag `name` (which exists).
    pub fn set(&mut self, name: &str, value: String) {
        match SEVEN_TAG_ROSTER.iter().position(|n| *n == name) {
            Some(i) => self.roster[i] = Some(value),
            None => {
                if let Some(tag) = self.others.iter_mut().find(|(n, _)| n == name) {
                    tag.1 = value;
                }
            }
        }
    }
}

impl TagsOut<'_> {
    /// Sets tag `name`, adding it after the other tags when the game has none.
    pub fn put(&mut self, name: &str, value: String) {
        match self.get(name) {
            Some(_) => self.set(name, value),
            None => self.others.push((name.to_owned(), value)),
        }
    }
}

/// The ECO and Opening tags from the classification of the moves (`classified`): a missing
/// (or `?`) ECO tag filled, with a missing Opening tag, when `fill`; an ECO tag that names
/// another code set to the classification's, with its Opening tag, when `correct`.
pub(super) fn eco(
    tags: &mut TagsOut<'_>,
    classified: &Classified,
    (fill, correct): (bool, bool),
    line: &mut dyn FnMut(&str) -> u64,
) -> Vec<Change> {
    let opening = classified.opening;
    let known = |name: &str| {
        tags.get(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
            .map(str::to_owned)
    };
    let eco = known("ECO");
    let name = known("Opening");
    // Made only when a tag changes (most games' tags agree); pieces rather than `format!`,
    // as a game without an Opening tag (most of a database) has one made.
    let why = || {
        let mut ply = itoa::Buffer::new();
        let ply = ply.format(classified.ply);
        let mut why = String::with_capacity(128);
        for piece in [
            "lichess chess-openings: the main line reaches the position of ",
            opening.eco,
            " ",
            opening.name,
            " at ply ",
            ply,
            " (PGN standard 9.4.1)",
        ] {
            why.push_str(piece);
        }
        why
    };
    let (repair, set_name) = match eco.as_deref() {
        None if fill => (Repair::Eco, name.is_none()),
        Some(e) if e == opening.eco && fill => (Repair::Eco, name.is_none()),
        Some(e) if e != opening.eco && correct => (Repair::EcoCorrect, true),
        _ => return Vec::new(),
    };
    let mut changes = Vec::new();
    let mut change = |tags: &mut TagsOut<'_>, tag: &str, before: Option<String>, after: &str| {
        if before.as_deref() == Some(after) {
            return;
        }
        let (before, line) = match tags.get(tag) {
            Some(value) => (Some(value.to_owned()), line(tag)),
            None => (before, line("")),
        };
        changes.push(Change {
            rule: why(),
            ..tag_change(repair, tag, line, before, Some(after.to_owned()), "")
        });
        tags.put(tag, after.to_owned());
    };
    change(tags, "ECO", eco.clone(), opening.eco);
    if set_name {
        change(tags, "Opening", name, opening.name);
    }
    changes
}

/// A change of tag `tag` (at input line `line`).
pub(super) fn tag_change(
    repair: Repair,
    tag: &str,
    line: u64,
    before: Option<String>,
    after: Option<String>,
    rule: &str,
) -> Change {
    Change {
        repair: repair.name(),
        tag: Some(tag.to_owned()),
        ply: None,
        variation: false,
        line,
        before,
        after,
        rule: rule.to_owned(),
    }
}

/// Dates made `YYYY.MM.DD`.
pub(super) fn dates(tags: &mut TagsOut<'_>, line: &mut dyn FnMut(&str) -> u64) -> Vec<Change> {
    let mut changes = Vec::new();
    for name in ["Date", "EventDate", "UTCDate"] {
        let Some(value) = tags.get(name).map(str::to_owned) else {
            continue;
        };
        if let Some(fixed) = normalize_date(&value) {
            changes.push(tag_change(
                Repair::Date,
                name,
                line(name),
                Some(value),
                Some(fixed.clone()),
                "tag/bad-date (PGN standard 8.1.1.3)",
            ));
            tags.set(name, fixed);
        }
    }
    changes
}

/// A PlyCount tag set to the main line's plies.
pub(super) fn plycount(
    tags: &mut TagsOut<'_>,
    plies: u32,
    line: &mut dyn FnMut(&str) -> u64,
) -> Option<Change> {
    let value = tags.get("PlyCount")?.to_owned();
    let right = plies.to_string();
    if value == right {
        return None;
    }
    tags.set("PlyCount", right.clone());
    Some(tag_change(
        Repair::PlyCount,
        "PlyCount",
        line("PlyCount"),
        Some(value),
        Some(right),
        "PGN standard 9.2.1 (PlyCount: the plies of the game)",
    ))
}

/// `SetUp "1"` beside a FEN tag; `SetUp "1"` without one removed.
pub(super) fn setup(tags: &mut TagsOut<'_>, line: &mut dyn FnMut(&str) -> u64) -> Option<Change> {
    let setup = tags.get("SetUp").map(str::to_owned);
    let fen = tags.others.iter().position(|(n, _)| n == "FEN");
    match (fen, setup.as_deref()) {
        (Some(_), Some("1")) | (None, None | Some("0")) => None,
        (Some(at), _) => {
            let line = line(if setup.is_some() { "SetUp" } else { "FEN" });
            match tags.others.iter().position(|(n, _)| n == "SetUp") {
                Some(i) => tags.others[i].1 = "1".to_owned(),
                None => tags.others.insert(at, ("SetUp".to_owned(), "1".to_owned())),
            }
            Some(tag_change(
                Repair::SetUp,
                "SetUp",
                line,
                setup,
                Some("1".to_owned()),
                "tag/fen-without-setup (PGN standard 9.7.1)",
            ))
        }
        (None, Some(_)) => {
            let line = line("SetUp");
            tags.others.retain(|(n, _)| n != "SetUp");
            Some(tag_change(
                Repair::SetUp,
                "SetUp",
                line,
                setup,
                None,
                "tag/setup-without-fen (PGN standard 9.7.1)",
            ))
        }
    }
}

/// Whether `value` may hold a control character, by its bytes (most values are plain text, and
/// a byte test is cheaper than decoding characters): a control character is a byte below 0x20,
/// 0x7F, or (C1, U+0080 to U+009F) 0xC2 and a second byte.
fn may_have_control(value: &str) -> bool {
    value.bytes().any(|b| b < 0x20 || b == 0x7F || b == 0xC2)
}

/// Control characters (C0 and C1) removed from tag values: left by text decoded in the wrong
/// encoding, they have no place in a name. Those that are white space (tab, line feed, vertical
/// tab, form feed, carriage return, U+0085) become a space instead, as readers take them: a FEN
/// tag's fields written `w\x0B- -` stay apart (`w - -`), where removing the character would
/// glue two fields into one and make the FEN unreadable (found by the `repair` fuzz target).
pub(super) fn control_characters(
    tags: &mut TagsOut<'_>,
    line: &mut dyn FnMut(&str) -> u64,
) -> Vec<Change> {
    let mut changes = Vec::new();
    let bad = |c: char| c.is_control();
    let mut fix = |name: &str, value: &mut String| {
        if may_have_control(value) && value.contains(bad) {
            let before = value.clone();
            *value = value
                .chars()
                .filter_map(|c| match c {
                    c if !bad(c) => Some(c),
                    c if c.is_whitespace() => Some(' '),
                    _ => None,
                })
                .collect();
            changes.push(tag_change(
                Repair::Encoding,
                name,
                line(name),
                Some(before.escape_default().to_string()),
                Some(value.clone()),
                "encoding/latin1: control characters in a tag value",
            ));
        }
    };
    for (i, value) in tags.roster.iter_mut().enumerate() {
        if let Some(value) = value {
            fix(SEVEN_TAG_ROSTER[i], value);
        }
    }
    for (name, value) in tags.others.iter_mut() {
        fix(name, value);
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_byte_test_finds_every_control_character() {
        // Unicode's control characters (general category Cc) are U+0000-U+001F and
        // U+007F-U+009F; the byte test must not miss one.
        let mut buf = [0; 4];
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let text = c.encode_utf8(&mut buf);
            if c.is_control() {
                assert!(may_have_control(text), "{c:?}");
            }
            assert_eq!(c.is_control(), matches!(c as u32, 0..=0x1F | 0x7F..=0x9F));
        }
        assert!(!may_have_control("Kasparov, Garry"));
        assert!(!may_have_control("Réti Opening"));
        assert!(may_have_control("a\u{85}b"));
    }
}
