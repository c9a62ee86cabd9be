//! The tag section as a visitor of the export edits it before it is written (`arbiter fix`,
//! issue 14): the game's own tags stay borrowed from its text until one is set.

use std::borrow::Cow;

use crate::analysis::tags::{decode, unescape};

/// A tag pair after the Seven Tag Roster as the export writes it ([`super::Exporter::tags_mut`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OtherTag {
    /// The game's tag pair at this index of its tags, written as it stands (its value
    /// unescaped and decoded when written; the FEN tag as [`TagsEdit::fen`] says).
    Game(u32),
    /// A tag pair set by a visitor: name and value.
    Set(String, String),
}

/// The tag section the export will write, for a visitor to edit ([`super::Exporter::tags_mut`]).
#[derive(Debug)]
pub struct TagsEdit<'e> {
    /// The Seven Tag Roster, in its order (`None`: the game lacks the tag).
    pub roster: &'e mut [Option<String>; 7],
    /// The other tags, in order.
    pub others: &'e mut Vec<OtherTag>,
    /// The value written for the game's FEN tag when it is not the tag's own: the FEN of the
    /// position read, when reading it repaired the tag.
    pub fen: Option<&'e str>,
}

/// A raw tag value as text: escapes resolved, decoded as [`decode`] does, borrowed when it can
/// be (valid UTF-8 without escapes: most values).
pub fn text_of(raw: &[u8]) -> Cow<'_, str> {
    match unescape(raw) {
        Cow::Borrowed(bytes) => decoded(bytes),
        Cow::Owned(bytes) => decode(&bytes).into(),
    }
}

pub use crate::analysis::tags::decoded;
