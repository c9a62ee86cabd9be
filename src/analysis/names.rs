//! The player-name key of `dedup` and `select` (issue 15): two spellings of a name that differ
//! only by case, spacing, punctuation or the length of the given names get the same key.
//!
//! The rule, and nothing beyond it (no transliteration, no aliases: `Kortschnoj` and `Korchnoi`
//! stay two players):
//! * letters are lowercased (Unicode), and everything that is not a letter or a digit separates
//!   words (`.`, `-`, `'`, spaces, commas after the first);
//! * with a comma, the words before the first comma are the surname and those after it the given
//!   names (`Lastname, Firstname`, the PGN standard's form); without one, the last word is the
//!   surname and the others the given names (`Firstname Lastname`);
//! * the key is the surname's words, then the initial of the first given name:
//!   `Kasparov, Gary`, `Kasparov,G`, `kasparov, g.` and `Gary Kasparov` are all `kasparov g`.
//!   A one-word name (an online handle) is that word, lowercased.
//!
//! This module must not import `engine`, `report` or `commands`.

/// The key of a player's name (see the module documentation).
pub fn name_key(name: &str) -> String {
    let name = name.trim();
    let (surname, given) = match name.split_once(',') {
        Some((surname, given)) => (words(surname), words(given)),
        None => {
            let mut all = words(name);
            match all.pop() {
                Some(last) => (vec![last], all),
                None => (Vec::new(), Vec::new()),
            }
        }
    };
    let mut key = surname.join(" ");
    if let Some(initial) = given.first().and_then(|w| w.chars().next()) {
        if !key.is_empty() {
            key.push(' ');
        }
        key.push(initial);
    }
    key
}

/// The lowercased words of `text`: runs of letters and digits.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// True when `needle`'s key is found in `name`'s: the whole key, or a run of whole words of it
/// (`Carlsen` matches `Carlsen, Magnus`; `sen` does not).
pub fn name_contains(name: &str, needle: &str) -> bool {
    let words_of_name = words(name);
    let needle = words(needle);
    if needle.is_empty() {
        return false;
    }
    words_of_name
        .windows(needle.len())
        .any(|w| w.iter().zip(&needle).all(|(a, b)| a == b))
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
    fn contains_whole_words() {
        assert!(name_contains("Carlsen, Magnus", "carlsen"));
        assert!(name_contains("Carlsen, Magnus", "Magnus"));
        assert!(!name_contains("Carlsen, Magnus", "sen"));
        assert!(!name_contains("Carlsen, Magnus", ""));
    }

    #[test]
    fn dates() {
        assert_eq!(date_key("2020-01-05"), "2020.01.05");
        assert_eq!(date_key("????.??.??"), "");
        assert_eq!(date_key(" 1924.??.?? "), "1924.??.??");
    }
}
