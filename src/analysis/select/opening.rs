//! Where `select` reads a game's opening from its tags: `eco` and `opening` in `--where` are the
//! ECO and Opening tags, and go through here and nowhere else. The opening the moves give is
//! another field (`classified_eco`, `classified_opening`: the classifier of
//! [`crate::analysis::openings`] walks with the selector; see `Replayed::classified`).

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
