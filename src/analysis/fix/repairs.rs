//! The repairs of the tag section (dates, PlyCount, SetUp, control characters) and the result,
//! made on the tags the exporter is about to write.

use std::borrow::Cow;

use super::{Repair, dates::normalize_date};
use crate::analysis::check::numbers::{self, NumberValue};
use crate::analysis::openings::Classified;
use crate::analysis::pgn::{OtherTag, TagsEdit, decoded, text_of};
use crate::analysis::tags::{SEVEN_TAG_ROSTER, TagPair};
use crate::analysis::tags::{decode, unescape};
use crate::analysis::walk::Game;
use crate::model::fix::Change;
use crate::model::{Code, GameReport};

pub use crate::analysis::pgn::{result_form, standard_result};

/// The tags about to be written: the Seven Tag Roster and the others, in order, the game's
/// own read from its tag pairs (`pairs`) until a repair sets one.
pub(super) struct TagsOut<'a, 'g> {
    pub edit: TagsEdit<'a>,
    pub pairs: &'a [TagPair<'g>],
}

impl TagsOut<'_, '_> {
    /// Whether the other tag `tag` is named `name`.
    fn named(&self, tag: &OtherTag, name: &str) -> bool {
        match tag {
            OtherTag::Game(i) => self.pairs[*i as usize].name == name.as_bytes(),
            OtherTag::Set(n, _) => n == name,
        }
    }

    /// The name of the other tag `tag`.
    fn name_of<'s>(&'s self, tag: &'s OtherTag) -> Cow<'s, str> {
        match tag {
            OtherTag::Game(i) => decoded(self.pairs[*i as usize].name),
            OtherTag::Set(name, _) => name.as_str().into(),
        }
    }

    /// The value the export writes for the other tag `tag`.
    fn value_of<'s>(&'s self, tag: &'s OtherTag) -> Cow<'s, str> {
        match tag {
            OtherTag::Game(i) => {
                let pair = &self.pairs[*i as usize];
                match self.edit.fen {
                    Some(fen) if pair.name == b"FEN" => fen.into(),
                    _ => text_of(pair.raw),
                }
            }
            OtherTag::Set(_, value) => value.as_str().into(),
        }
    }

    /// Where the other tag `name` stands among the others.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.edit.others.iter().position(|t| self.named(t, name))
    }

    /// The value of tag `name`.
    pub fn get(&self, name: &str) -> Option<Cow<'_, str>> {
        match SEVEN_TAG_ROSTER.iter().position(|n| *n == name) {
            Some(i) => self.edit.roster[i].as_deref().map(Cow::Borrowed),
            None => self
                .position(name)
                .map(|at| self.value_of(&self.edit.others[at])),
        }
    }

    /// Sets tag `name` (which exists).
    pub fn set(&mut self, name: &str, value: String) {
        match SEVEN_TAG_ROSTER.iter().position(|n| *n == name) {
            Some(i) => self.edit.roster[i] = Some(value),
            None => {
                if let Some(at) = self.position(name) {
                    self.edit.others[at] = OtherTag::Set(name.to_owned(), value);
                }
            }
        }
    }

    /// Sets tag `name`, adding it after the other tags when the game has none.
    pub fn put(&mut self, name: &str, value: String) {
        match self.get(name) {
            Some(_) => self.set(name, value),
            None => self.edit.others.push(OtherTag::Set(name.to_owned(), value)),
        }
    }
}

/// The ECO and Opening tags from the classification of the moves (`classified`): a missing
/// (or `?`) ECO tag filled, with a missing Opening tag, when `fill`; an ECO tag that names
/// another code set to the classification's, with its Opening tag, when `correct`.
pub(super) fn eco(
    tags: &mut TagsOut<'_, '_>,
    classified: &Classified,
    (fill, correct): (bool, bool),
    line: &mut dyn FnMut(&str) -> u64,
) -> Vec<Change> {
    let opening = classified.opening;
    let known = |name: &str| {
        tags.get(name)
            .filter(|v| !matches!(v.trim(), "" | "?"))
            .map(|v| v.trim().to_owned())
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
    let mut change =
        |tags: &mut TagsOut<'_, '_>, tag: &str, before: Option<String>, after: &str| {
            if before.as_deref() == Some(after) {
                return;
            }
            let (before, line) = match tags.get(tag) {
                Some(value) => (Some(value.into_owned()), line(tag)),
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
pub(super) fn dates(tags: &mut TagsOut<'_, '_>, line: &mut dyn FnMut(&str) -> u64) -> Vec<Change> {
    let mut changes = Vec::new();
    for name in ["Date", "EventDate", "UTCDate"] {
        let Some(value) = tags.get(name) else {
            continue;
        };
        if let Some(fixed) = normalize_date(&value) {
            let value = value.into_owned();
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

/// A PlyCount tag that is not the main line's plies set to them (`correct`), and one added where
/// there is none (`add`, after the other tags).
pub(super) fn plycount(
    tags: &mut TagsOut<'_, '_>,
    plies: u32,
    (correct, add): (bool, bool),
    line: &mut dyn FnMut(&str) -> u64,
) -> Option<Change> {
    let right = plies.to_string();
    let rule = "PGN standard 9.2.1 (PlyCount: the plies of the game)";
    match tags.get("PlyCount").map(Cow::into_owned) {
        Some(value) if correct && value != right => {
            tags.set("PlyCount", right.clone());
            let line = line("PlyCount");
            Some(tag_change(
                Repair::PlyCount,
                "PlyCount",
                line,
                Some(value),
                Some(right),
                rule,
            ))
        }
        None if add => {
            tags.put("PlyCount", right.clone());
            let line = line("");
            Some(tag_change(
                Repair::PlyCountAdd,
                "PlyCount",
                line,
                None,
                Some(right),
                rule,
            ))
        }
        _ => None,
    }
}

/// Numeric tags (WhiteElo, PlyCount...) written with white space around their number set to
/// the number alone (`check::numbers`).
pub(super) fn padded_numbers(
    tags: &mut TagsOut<'_, '_>,
    line: &mut dyn FnMut(&str) -> u64,
) -> Vec<Change> {
    let mut changes = Vec::new();
    for at in 0..tags.edit.others.len() {
        let tag = &tags.edit.others[at];
        // The names of numeric tags are ASCII: tested on the bytes as written, most tags are
        // passed over without being decoded.
        let written = match tag {
            OtherTag::Game(i) => tags.pairs[*i as usize].name,
            OtherTag::Set(name, _) => name.as_bytes(),
        };
        let Some(signed) = numbers::numeric_tag(written) else {
            continue;
        };
        let name = tags.name_of(tag);
        let value = tags.value_of(tag);
        let NumberValue::Padded(number) = numbers::number_value(&value, signed) else {
            continue;
        };
        let (name, value, number) = (name.into_owned(), value.to_string(), number.to_owned());
        changes.push(tag_change(
            Repair::PaddedNumber,
            &name,
            line(&name),
            Some(value),
            Some(number.clone()),
            "tag/padded-number: the number without the white space around it",
        ));
        tags.edit.others[at] = OtherTag::Set(name, number);
    }
    changes
}

/// `SetUp "1"` beside a FEN tag; `SetUp "1"` without one removed.
pub(super) fn setup(
    tags: &mut TagsOut<'_, '_>,
    line: &mut dyn FnMut(&str) -> u64,
) -> Option<Change> {
    let setup = tags.get("SetUp").map(Cow::into_owned);
    let fen = tags.position("FEN");
    match (fen, setup.as_deref()) {
        (Some(_), Some("1")) | (None, None | Some("0")) => None,
        (Some(at), _) => {
            let line = line(if setup.is_some() { "SetUp" } else { "FEN" });
            let set = OtherTag::Set("SetUp".to_owned(), "1".to_owned());
            match tags.position("SetUp") {
                Some(i) => tags.edit.others[i] = set,
                None => tags.edit.others.insert(at, set),
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
            while let Some(at) = tags.position("SetUp") {
                tags.edit.others.remove(at);
            }
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

/// Whether `raw` is printable ASCII only (a tag value as written, which then has no control
/// character, escapes resolved or not).
fn printable_ascii(raw: &[u8]) -> bool {
    raw.iter().all(|b| (0x20..0x7F).contains(b))
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
    tags: &mut TagsOut<'_, '_>,
    line: &mut dyn FnMut(&str) -> u64,
) -> Vec<Change> {
    let mut changes = Vec::new();
    let bad = |c: char| c.is_control();
    let mut fix = |name: &str, value: &str| {
        if !(may_have_control(value) && value.contains(bad)) {
            return None;
        }
        let fixed = value
            .chars()
            .filter_map(|c| match c {
                c if !bad(c) => Some(c),
                c if c.is_whitespace() => Some(' '),
                _ => None,
            })
            .collect::<String>();
        changes.push(tag_change(
            Repair::Encoding,
            name,
            line(name),
            Some(value.escape_default().to_string()),
            Some(fixed.clone()),
            "encoding/latin1: control characters in a tag value",
        ));
        Some(fixed)
    };
    for (i, value) in tags.edit.roster.iter_mut().enumerate() {
        if let Some(value) = value
            && let Some(fixed) = fix(SEVEN_TAG_ROSTER[i], value)
        {
            *value = fixed;
        }
    }
    for at in 0..tags.edit.others.len() {
        let tag = &tags.edit.others[at];
        if let OtherTag::Game(i) = tag
            && tags
                .edit
                .fen
                .is_none_or(|_| tags.pairs[*i as usize].name != b"FEN")
            && printable_ascii(tags.pairs[*i as usize].raw)
        {
            // Most values: no control character, known from their bytes as written.
            continue;
        }
        let value = tags.value_of(tag);
        if !(may_have_control(&value) && value.contains(bad)) {
            continue;
        }
        let name = tags.name_of(tag);
        let Some(fixed) = fix(&name, &value) else {
            continue;
        };
        let name = name.into_owned();
        tags.edit.others[at] = OtherTag::Set(name, fixed);
    }
    changes
}

/// The tags written twice: their later values are dropped (the exporter keeps the first).
pub(super) fn duplicates(game: &mut Game<'_>) -> Vec<Change> {
    let mut seen = std::collections::HashSet::new();
    let mut dropped = Vec::new();
    for pair in &game.tags.pairs {
        if !seen.insert(pair.name) {
            dropped.push((pair.start, decode(pair.name), decode(&unescape(pair.raw))));
        }
    }
    let rule = "tag/duplicate: the first value is kept";
    dropped
        .into_iter()
        .map(|(at, name, before)| {
            let line = game.locate(at).0;
            tag_change(Repair::DuplicateTag, &name, line, Some(before), None, rule)
        })
        .collect()
}

/// The move repairs, from the notation warnings of the checker: one change per move token.
pub(super) fn move_changes(report: &GameReport) -> Vec<Change> {
    let mut changes: Vec<Change> = Vec::new();
    for f in &report.findings {
        let repair = match f.code {
            Code::NotationMoveNumber => Repair::MoveNumber,
            Code::NotationNullMove => continue,
            c if c.family() == "notation" => Repair::San,
            _ => continue,
        };
        let after =
            match repair {
                // `12...` written for move 13: `13...`.
                Repair::MoveNumber => f.token.as_deref().zip(f.message.rsplit(' ').next()).map(
                    |(written, expected)| {
                        format!(
                            "{expected}{}",
                            written.trim_start_matches(|c: char| c.is_ascii_digit())
                        )
                    },
                ),
                _ => f.san.clone(),
            };
        if let Some(last) = changes.last_mut()
            && last.repair == repair.name()
            && last.line == f.line
            && last.before == f.token
            && last.ply == f.ply
        {
            last.rule.push_str(", ");
            last.rule.push_str(f.code.as_str());
            continue;
        }
        changes.push(Change {
            repair: repair.name(),
            tag: None,
            ply: f.ply,
            variation: f.variation,
            line: f.line,
            before: f.token.clone(),
            after,
            rule: f.code.as_str().to_owned(),
        });
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
