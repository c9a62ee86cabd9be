//! The players of [`super::Stats`] counted per person ([`People`]): the spellings of the
//! `players` map grouped by a key the caller gives (`arbiter stats` gives the player-name key
//! after the alias file, `analysis::names`). Derived after counting and merging, never merged
//! itself: `players` (per spelling, as written) stays the mergeable count.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Player, TextMap};

/// One person: the games of all spellings with one key.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Person {
    /// The most frequent spelling (most games; ties: the first in byte order).
    pub name: String,
    /// Every spelling → its games.
    pub spellings: BTreeMap<String, u64>,
    /// The totals over the spellings.
    #[serde(flatten)]
    pub totals: Player,
}

/// Key → person, in key order.
pub type People = BTreeMap<String, Person>;

/// The persons of `players` (spelling → counts) under `key_of` (spelling → key; an empty key
/// is a person of its own spelling).
pub fn people_of(players: &TextMap<Player>, mut key_of: impl FnMut(&str) -> String) -> People {
    // Gathered in a hash map, then put in key order at once (a B-tree entry per spelling
    // compares keys a dozen times).
    let mut people = TextMap::<Person>::with_capacity_and_hasher(players.len(), Default::default());
    for (spelling, p) in players {
        let mut key = key_of(spelling);
        if key.is_empty() {
            key.clone_from(spelling);
        }
        let person = people.entry(key).or_default();
        person.spellings.insert(spelling.clone(), p.games);
        // Saturating: the spellings of a hand-made merge document may add past 2^64 − 1.
        let t = &mut person.totals;
        for (total, n) in [
            (&mut t.games, p.games),
            (&mut t.wins, p.wins),
            (&mut t.draws, p.draws),
            (&mut t.losses, p.losses),
            (&mut t.rated_games, p.rated_games),
            (&mut t.rating_sum, p.rating_sum),
        ] {
            *total = total.saturating_add(n);
        }
    }
    for person in people.values_mut() {
        let mut best: Option<(&String, u64)> = None;
        for (s, &n) in &person.spellings {
            if best.is_none_or(|(_, m)| n > m) {
                best = Some((s, n));
            }
        }
        person.name = best.map(|(s, _)| s.clone()).unwrap_or_default();
    }
    // Sorted unstably (the keys are distinct), so that the B-tree is built from sorted entries
    // in one pass.
    let mut people: Vec<(String, Person)> = people.into_iter().collect();
    people.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    people.into_iter().collect()
}

/// One suggested line of an alias file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    /// The alias: the most frequent spelling of the player with fewer games.
    pub alias: String,
    /// The canonical name: the most frequent spelling of the group's player with most games.
    pub canonical: String,
    /// Games of the alias's player.
    pub alias_games: u64,
    /// Games of the canonical player.
    pub canonical_games: u64,
    /// Known years of the alias's player (`1960-2004`, or empty).
    pub alias_years: String,
    /// Known years of the canonical player.
    pub canonical_years: String,
    /// Why: `order`, `no initial` or `spelling`, and which overlap (`years`, `event`).
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_add_up_under_one_key() {
        let mut players = TextMap::default();
        for (name, games, wins) in [("Korchnoi,V", 3, 1), ("Korchnoi, V", 1, 1), ("X", 2, 0)] {
            players.insert(
                name.to_owned(),
                Player {
                    games,
                    wins,
                    ..Player::default()
                },
            );
        }
        let people = people_of(&players, |s| s.to_lowercase().replace(' ', ""));
        assert_eq!(people.len(), 2);
        let k = &people["korchnoi,v"];
        assert_eq!(
            (k.name.as_str(), k.totals.games, k.totals.wins),
            ("Korchnoi,V", 4, 2)
        );
        assert_eq!(k.spellings.len(), 2);
    }
}
