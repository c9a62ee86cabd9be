//! Who a name stands for, in the standings and the ratings: one function ([`player_key`]), so
//! that the rule of `dedup`, `select` and `stats` (the name key and `--aliases`,
//! [`crate::analysis::names`]) is the rule here too, whatever it becomes.

use crate::analysis::names::Names;

/// How names are compared (`--names`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NameMode {
    /// By the name key and the alias file (`Kasparov, Gary` = `Kasparov,G`).
    #[default]
    Key,
    /// As written, surrounding spaces aside: for files whose spellings tell people apart that
    /// the key joins (`Lasker,Em` and `Lasker,Ed` of New York 1924).
    Exact,
}

/// The identity of the player `name` stands for.
pub fn player_key(names: &Names, mode: NameMode, name: &str) -> String {
    match mode {
        NameMode::Key => names.coarse_key(name),
        NameMode::Exact => name.trim().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_exact_names() {
        let names = Names::new();
        assert_eq!(
            player_key(&names, NameMode::Key, "Kasparov, Gary"),
            player_key(&names, NameMode::Key, "Kasparov,G")
        );
        assert_ne!(
            player_key(&names, NameMode::Exact, "Lasker,Em"),
            player_key(&names, NameMode::Exact, "Lasker,Ed")
        );
        assert_eq!(
            player_key(&names, NameMode::Exact, " Lasker,Em "),
            "Lasker,Em"
        );
    }
}
