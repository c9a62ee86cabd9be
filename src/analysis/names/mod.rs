//! Player names (issue 15): the name key of `dedup`, `select` and `stats` — two spellings of a
//! name that differ only by case, spacing, punctuation or the length of the given names get the
//! same key — and the alias file (`--aliases FILE`) that names one person's other keys.
//!
//! The rule, and nothing beyond it without an alias file (no transliteration: `Kortschnoj` and
//! `Korchnoi` stay two players until a line of the alias file says they are one):
//! * letters are lowercased (Unicode), and everything that is not a letter or a digit separates
//!   words (`.`, `-`, `'`, spaces, commas after the first);
//! * with a comma, the words before the first comma are the surname and those after it the given
//!   names (`Lastname, Firstname`, the PGN standard's form); without one, the last word is the
//!   surname and the others the given names (`Firstname Lastname`);
//! * the key is the surname's words, then the initial of the first given name:
//!   `Kasparov, Gary`, `Kasparov,G`, `kasparov, g.` and `Gary Kasparov` are all `kasparov g`.
//!   A one-word name (an online handle) is that word, lowercased.
//!
//! [`Names`] applies an alias file on top of the key ([`aliases`]); [`suggest`] proposes lines
//! for one, never merging anything itself.
//!
//! This module must not import `engine`, `report` or `commands`.

pub mod aliases;
pub mod suggest;

pub use aliases::{AliasError, Names};

/// The key of a player's name (see the module documentation).
pub fn name_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    push_key(name, &mut key);
    key
}

/// Appends the key of `name` to `key`.
pub fn push_key(name: &str, key: &mut String) {
    let name = name.trim();
    let start = key.len();
    let initial = match name.split_once(',') {
        Some((surname, given)) => {
            for w in word_iter(surname) {
                push_word(key, start, w);
            }
            word_iter(given).next()
        }
        None => {
            let mut words = word_iter(name);
            let first = words.next();
            match words.last() {
                Some(last) => {
                    push_word(key, start, last);
                    first
                }
                None => {
                    if let Some(only) = first {
                        push_word(key, start, only);
                    }
                    None
                }
            }
        }
    };
    if let Some(c) = initial.and_then(|w| lowercase(w).chars().next()) {
        if key.len() > start {
            key.push(' ');
        }
        key.push(c);
    }
}

fn push_word(key: &mut String, start: usize, word: &str) {
    if key.len() > start {
        key.push(' ');
    }
    key.push_str(&lowercase(word));
}

fn lowercase(word: &str) -> std::borrow::Cow<'_, str> {
    if word
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    {
        std::borrow::Cow::Borrowed(word)
    } else {
        std::borrow::Cow::Owned(word.to_lowercase())
    }
}

/// The runs of letters and digits of `text`.
fn word_iter(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
}

/// A date for comparisons: trimmed, `-` and `/` read as `.`; empty for an unknown date
/// (`????.??.??`).
pub fn date_key(date: &str) -> String {
    let date: String = date
        .trim()
        .chars()
        .map(|c| if matches!(c, '-' | '/') { '.' } else { c })
        .collect();
    if date.chars().all(|c| matches!(c, '?' | '.')) {
        String::new()
    } else {
        date
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_one_name_share_a_key() {
        for name in [
            "Kasparov, Gary",
            "Kasparov,G",
            "kasparov, g.",
            "Gary Kasparov",
            " KASPAROV ,  Garry ",
        ] {
            assert_eq!(name_key(name), "kasparov g", "{name}");
        }
        assert_eq!(name_key("DrNykterstein"), "drnykterstein");
        assert_eq!(name_key("Nepomniachtchi, Ian A."), "nepomniachtchi i");
        assert_eq!(name_key("van Wely, Loek"), "van wely l");
        assert_eq!(name_key(""), "");
        assert_ne!(name_key("Kortschnoj, Viktor"), name_key("Korchnoi,V"));
        assert_ne!(name_key("Polgar, Judit"), name_key("Polgar, Zsuzsa"));
    }

    #[test]
    fn dates() {
        assert_eq!(date_key("2020-01-05"), "2020.01.05");
        assert_eq!(date_key("????.??.??"), "");
        assert_eq!(date_key(" 1924.??.?? "), "1924.??.??");
    }
}
