//! Player names (issues 15 and 31): who the spellings of the games are — the one player
//! identity of `stats`, `select` and `dedup`.
//!
//! * [`form`]: a name's **form**, case, spacing and punctuation taken out, every given name
//!   kept (`lasker, emanuel`), and when two forms are compatible (abbreviations of each other);
//! * [`known`]: the persons the **files** name ([`Names`]): the alias file (`--aliases`,
//!   [`aliases`]) and SCID's spelling files (`--spellings`, [`scid`]), each name pinning its
//!   form to its person (which also splits);
//! * [`identity`]: which spellings of a set are one person ([`Identity`]): only when they
//!   cannot be two — `Em.` is `Emanuel`, `Ed` and `Em` are two, a bare `E` with both is
//!   ambiguous and reported, never merged;
//! * [`suggest`]: lines for an alias file, proposed, never applied.
//!
//! [`name_key`] is the coarse key of a name (surname and first initial: `kasparov g`): two
//! spellings of one person always share it, unless a file names them (then the file person's
//! key, [`Names::coarse_key`]); `dedup` sorts by it before it tells persons apart.
//!
//! This module must not import `engine`, `report` or `commands`.

pub mod aliases;
pub mod form;
pub mod identity;
pub mod known;
pub mod scid;
pub mod suggest;

pub use aliases::AliasError;
pub use form::Form;
pub use identity::Identity;
pub use known::Names;
pub use scid::SpellingError;

/// The coarse key of a player's name: the surname's words and the initial of the first given
/// name, lowercased (`Kasparov, Gary`, `Kasparov,G`, `kasparov, g.` and `Gary Kasparov` are all
/// `kasparov g`; a one-word name is that word). Two forms that are compatible share it.
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
pub(crate) fn word_iter(text: &str) -> impl Iterator<Item = &str> {
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
