//! Where `select` reads a game's opening: the hook for an opening classifier.
//!
//! Today the ECO code and the opening's name are the ECO and Opening tags. An opening
//! classifier (planned with the audit's opening work) would replace the bodies of these two
//! functions — taking the main line into account — without touching the expression language:
//! `eco` and `opening` in `--where` go through here and nowhere else.

use crate::analysis::tags::Tags;

/// The game's ECO code (`B90`), uppercased; `None` when unknown.
pub fn eco(tags: &Tags<'_>) -> Option<String> {
    let eco = tags.value("ECO")?;
    let eco = eco.trim();
    (!eco.is_empty() && eco != "?").then(|| eco.to_ascii_uppercase())
}

/// The game's opening name; `None` when unknown.
pub fn opening(tags: &Tags<'_>) -> Option<String> {
    let name = tags.value("Opening")?;
    let name = name.trim();
    (!name.is_empty() && name != "?").then(|| name.to_owned())
}
