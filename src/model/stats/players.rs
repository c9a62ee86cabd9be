//! The players of [`super::Stats`] per spelling ([`PlayerMap`]): a map from the White and Black
//! tags as written to their counts, kept compact (issue 32: `stats` of 2 million games with
//! 1.3 million distinct names took 1.23 GB, about 1 KB a name).
//!
//! The names are interned in one text arena ([`Interner`]) and the counts are a vector by name
//! number: a name costs its bytes, 8 bytes of offset, about 5 of hash table and the 48 of its
//! counts, not a `String` allocation, a hash map bucket of a key and a value and their slack.
//! Entries keep their numbers ([`PlayerMap::name`], [`PlayerMap::player`]): the persons of
//! [`super::People`] refer to spellings by number.

use std::collections::BTreeMap;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Overflow, Player};
use crate::model::interner::Interner;

/// Spelling → counts (see the module documentation). Serialised as a JSON object with the
/// names in byte order, as a map of the names.
#[derive(Clone, Default)]
pub struct PlayerMap {
    /// The names, numbered.
    names: Interner,
    /// Per name number, its counts.
    players: Vec<Player>,
}

impl PlayerMap {
    /// An empty map.
    pub fn new() -> PlayerMap {
        PlayerMap::default()
    }

    /// Spellings.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// True when no game had a named player.
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// The name of entry `i` (in the order the names came).
    pub fn name(&self, i: usize) -> &str {
        self.names.get(i)
    }

    /// The counts of entry `i`.
    pub fn player(&self, i: usize) -> &Player {
        &self.players[i]
    }

    /// The entry number of `name`.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.names.find(name).map(|i| i as usize)
    }

    /// The counts of `name`.
    pub fn get(&self, name: &str) -> Option<&Player> {
        self.find(name).map(|i| &self.players[i])
    }

    /// The counts of `name`, inserted as zeros when missing (the name copied only then).
    pub fn entry(&mut self, name: &str) -> &mut Player {
        let (i, new) = self.names.intern(name);
        if new {
            self.players.push(Player::default());
        }
        &mut self.players[i as usize]
    }

    /// The spellings and their counts, in the order the names came.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Player)> {
        self.names.iter().zip(&self.players)
    }

    /// The entry numbers in the byte order of their names.
    pub fn sorted(&self) -> Vec<u32> {
        let mut order: Vec<u32> = (0..self.len() as u32).collect();
        order.sort_unstable_by(|&a, &b| self.name(a as usize).cmp(self.name(b as usize)));
        order
    }

    /// Adds the counts of `other`.
    ///
    /// # Errors
    /// [`Overflow`] when a count passes `u64::MAX`.
    pub fn merge(&mut self, other: &PlayerMap) -> Result<(), Overflow> {
        self.names.reserve(other.len());
        for (name, p) in other.iter() {
            self.entry(name).merge(p)?;
        }
        Ok(())
    }

    /// Frees the slack of the arena and the entries (after the last insertion).
    pub fn shrink_to_fit(&mut self) {
        self.names.shrink_to_fit();
        self.players.shrink_to_fit();
    }
}

impl std::fmt::Debug for PlayerMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Equal when they hold the same names with the same counts (whatever the order).
impl PartialEq for PlayerMap {
    fn eq(&self, other: &PlayerMap) -> bool {
        self.len() == other.len() && self.iter().all(|(name, p)| other.get(name) == Some(p))
    }
}

impl std::ops::Index<&str> for PlayerMap {
    type Output = Player;

    fn index(&self, name: &str) -> &Player {
        self.get(name).expect("no such player")
    }
}

impl<'a> FromIterator<(&'a str, Player)> for PlayerMap {
    fn from_iter<I: IntoIterator<Item = (&'a str, Player)>>(iter: I) -> PlayerMap {
        let mut map = PlayerMap::new();
        for (name, p) in iter {
            *map.entry(name) = p;
        }
        map
    }
}

impl Serialize for PlayerMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.len()))?;
        for i in self.sorted() {
            map.serialize_entry(self.name(i as usize), self.player(i as usize))?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for PlayerMap {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PlayerMap, D::Error> {
        struct Players;
        impl<'de> Visitor<'de> for Players {
            type Value = PlayerMap;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a map of player names to their counts")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<PlayerMap, A::Error> {
                let mut map = PlayerMap::new();
                while let Some((name, p)) =
                    access.next_entry::<std::borrow::Cow<'de, str>, Player>()?
                {
                    // A name written twice (a hand-made document): its counts add, as two
                    // documents' would.
                    map.entry(&name)
                        .merge(&p)
                        .map_err(serde::de::Error::custom)?;
                }
                Ok(map)
            }
        }
        d.deserialize_map(Players)
    }
}

/// The map as an ordered map (for tests and small outputs).
impl From<&PlayerMap> for BTreeMap<String, Player> {
    fn from(map: &PlayerMap) -> BTreeMap<String, Player> {
        map.iter().map(|(k, v)| (k.to_owned(), *v)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_count_and_round_trip() {
        let mut map = PlayerMap::new();
        for (i, name) in ["b", "a", "ä", "b", "c"].iter().enumerate() {
            let p = map.entry(name);
            p.games += 1;
            p.wins += i as u64;
        }
        assert_eq!(map.len(), 4);
        assert_eq!(map["b"].games, 2);
        assert_eq!(map["b"].wins, 3);
        assert_eq!(map.name(2), "ä");
        let json = serde_json::to_string(&map).unwrap();
        assert!(json.starts_with("{\"a\":"), "{json}");
        let back: PlayerMap = serde_json::from_str(&json).unwrap();
        assert_eq!(back, map);
        let mut other = PlayerMap::new();
        other.entry("c").games = 5;
        other.entry("d").games = 1;
        map.merge(&other).unwrap();
        assert_eq!((map["c"].games, map["d"].games, map.len()), (6, 1, 5));
        // Many names: the table grows and still finds every one.
        let mut big = PlayerMap::new();
        for i in 0..100_000 {
            big.entry(&format!("player {i}")).games += 1;
        }
        assert!((0..100_000).all(|i| big.get(&format!("player {i}")).is_some()));
        assert_eq!(big.get("player 100000"), None);
    }
}
