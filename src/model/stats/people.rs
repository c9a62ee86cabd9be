//! The players of [`super::Stats`] counted per person ([`People`]): the spellings of the
//! `players` map grouped by the person player identity gives each (`analysis::names`; issue
//! 31). Derived after counting and merging, never merged itself: `players` (per spelling, as
//! written) stays the mergeable count, so the persons of merged partial runs are those of one
//! run.
//!
//! Compact (issue 32): a person is its key (in one text arena), the number of its most frequent
//! spelling and the range of its spellings' numbers — 32 bytes and its key; the spellings and
//! their counts stay in the players map, and a person's totals are added up when asked for
//! ([`People::totals`]).

use serde::Serialize;
use serde::ser::SerializeMap;

use super::{Player, PlayerMap};

/// One person: the games of the spellings player identity finds one person.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Person {
    key_start: usize,
    key_len: u32,
    /// The entry number (in the players map) of the most frequent spelling (most games; ties:
    /// the first in byte order).
    pub name: u32,
    first: u32,
    count: u32,
    /// The number of its list in `People::could_be`, `u32::MAX` when it is not ambiguous.
    could: u32,
}

/// The persons of a players map, in key order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct People {
    persons: Vec<Person>,
    /// The persons' keys, one after another.
    keys: String,
    /// The spellings' entry numbers, person after person, each person's in byte order.
    spellings: Vec<u32>,
    /// The persons the ambiguous persons could be (their keys).
    could_be: Vec<Vec<Box<str>>>,
}

impl People {
    /// The persons of `players`: `person_of(i)` is the person of entry `i` (any numbering),
    /// `key_of(p)` its key (an empty key: the person of one spelling, keyed by it), and
    /// `could_be(p)` the keys of the persons an ambiguous person could be (empty when it is not
    /// ambiguous).
    pub fn of<'k>(
        players: &PlayerMap,
        person_of: impl Fn(usize) -> u32,
        key_of: impl Fn(u32) -> &'k str,
        could_be: impl Fn(u32) -> Vec<Box<str>>,
    ) -> People {
        let n = players.len();
        // Entries grouped by person, in key order then spelling order.
        let mut order: Vec<(u32, u32)> = (0..n).map(|i| (person_of(i), i as u32)).collect();
        let key = |(p, i): (u32, u32)| match key_of(p) {
            "" => players.name(i as usize),
            k => k,
        };
        order.sort_unstable_by(|&a, &b| {
            (key(a).cmp(key(b)))
                .then(a.0.cmp(&b.0))
                .then_with(|| players.name(a.1 as usize).cmp(players.name(b.1 as usize)))
        });
        // The persons and their keys' bytes, to allocate them once.
        let (mut persons, mut key_bytes) = (0, 0);
        for (j, &(p, i)) in order.iter().enumerate() {
            let own = key_of(p).is_empty();
            if j == 0 || order[j - 1].0 != p || own {
                persons += 1;
                key_bytes += key((p, i)).len();
            }
        }
        let mut people = People {
            persons: Vec::with_capacity(persons),
            keys: String::with_capacity(key_bytes),
            spellings: Vec::with_capacity(n),
            ..People::default()
        };
        let mut at = 0;
        while at < order.len() {
            let (p, first) = order[at];
            let k = key((p, first));
            let start = people.spellings.len() as u32;
            let mut person = Person {
                key_start: people.keys.len(),
                key_len: k.len() as u32,
                name: first,
                first: start,
                could: u32::MAX,
                ..Person::default()
            };
            people.keys.push_str(k);
            let mut best = 0;
            let own = key_of(p).is_empty();
            while at < order.len() && order[at].0 == p && (!own || order[at].1 == first) {
                let i = order[at].1;
                let games = players.player(i as usize).games;
                people.spellings.push(i);
                if games > best || person.count == 0 {
                    (best, person.name) = (games, i);
                }
                person.count += 1;
                at += 1;
            }
            let could = could_be(p);
            if !could.is_empty() {
                person.could = people.could_be.len() as u32;
                people.could_be.push(could);
            }
            people.persons.push(person);
        }
        people.persons.shrink_to_fit();
        people.keys.shrink_to_fit();
        people
    }

    /// Persons.
    pub fn len(&self) -> usize {
        self.persons.len()
    }

    /// True when there is none.
    pub fn is_empty(&self) -> bool {
        self.persons.is_empty()
    }

    /// Person `i` (in key order).
    pub fn get(&self, i: usize) -> &Person {
        &self.persons[i]
    }

    /// The persons, in key order.
    pub fn iter(&self) -> impl Iterator<Item = &Person> {
        self.persons.iter()
    }

    /// The key of `person`.
    pub fn key(&self, person: &Person) -> &str {
        &self.keys[person.key_start..person.key_start + person.key_len as usize]
    }

    /// The totals of `person` over its spellings (of `players`, the map the persons were made
    /// of). Saturating: the spellings of a hand-made merge document may add past 2^64 − 1.
    pub fn totals(&self, person: &Person, players: &PlayerMap) -> Player {
        let mut t = Player::default();
        for &i in self.spellings(person) {
            let s = players.player(i as usize);
            for (total, n) in [
                (&mut t.games, s.games),
                (&mut t.wins, s.wins),
                (&mut t.draws, s.draws),
                (&mut t.losses, s.losses),
                (&mut t.rated_games, s.rated_games),
                (&mut t.rating_sum, s.rating_sum),
            ] {
                *total = total.saturating_add(n);
            }
        }
        t
    }

    /// The entry numbers of `person`'s spellings, in byte order.
    pub fn spellings(&self, person: &Person) -> &[u32] {
        &self.spellings[person.first as usize..(person.first + person.count) as usize]
    }

    /// The keys of the persons an ambiguous person could be (empty when it is not ambiguous).
    pub fn could_be(&self, person: &Person) -> &[Box<str>] {
        self.could_be
            .get(person.could as usize)
            .map_or(&[], Vec::as_slice)
    }

    /// The persons that are ambiguous, with the keys of the persons they could be.
    pub fn ambiguous(&self) -> impl Iterator<Item = (&Person, &[Box<str>])> {
        self.persons
            .iter()
            .filter(|p| p.could != u32::MAX)
            .map(|p| (p, self.could_be(p)))
    }

    /// The persons as JSON: key → `{"name", "spellings": {spelling: games}, "games", ...,
    /// "could_be": [keys]}` (the last only for an ambiguous person).
    pub fn view<'a>(&'a self, players: &'a PlayerMap) -> PeopleView<'a> {
        PeopleView {
            people: self,
            players,
        }
    }
}

/// [`People`] with the players map its numbers refer to, for the JSON document.
#[derive(Clone, Copy, Debug)]
pub struct PeopleView<'a> {
    people: &'a People,
    players: &'a PlayerMap,
}

impl Serialize for PeopleView<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct One<'a> {
            name: &'a str,
            spellings: Spellings<'a>,
            #[serde(flatten)]
            totals: Player,
            #[serde(skip_serializing_if = "<[Box<str>]>::is_empty")]
            could_be: &'a [Box<str>],
        }
        struct Spellings<'a>(&'a [u32], &'a PlayerMap);
        impl Serialize for Spellings<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut map = s.serialize_map(Some(self.0.len()))?;
                for &i in self.0 {
                    map.serialize_entry(self.1.name(i as usize), &self.1.player(i as usize).games)?;
                }
                map.end()
            }
        }
        let (people, players) = (self.people, self.players);
        let mut map = s.serialize_map(Some(people.len()))?;
        for person in people.iter() {
            let one = One {
                name: players.name(person.name as usize),
                spellings: Spellings(people.spellings(person), players),
                totals: people.totals(person, players),
                could_be: people.could_be(person),
            };
            map.serialize_entry(people.key(person), &one)?;
        }
        map.end()
    }
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
    fn spellings_add_up_under_one_person() {
        let mut players = PlayerMap::new();
        for (name, games, wins) in [("Korchnoi,V", 3, 1), ("Korchnoi, V", 1, 1), ("X", 2, 0)] {
            *players.entry(name) = Player {
                games,
                wins,
                ..Player::default()
            };
        }
        let person = |i: usize| u32::from(players.name(i) == "X");
        let keys = ["korchnoi, v", ""];
        let people = People::of(
            &players,
            person,
            |p| keys[p as usize],
            |p| match p {
                1 => vec!["someone".into()],
                _ => Vec::new(),
            },
        );
        assert_eq!(people.len(), 2);
        // In key order: "X" (a spelling's own) before "korchnoi, v".
        let k = people.iter().nth(1).unwrap();
        assert_eq!(people.key(k), "korchnoi, v");
        let t = people.totals(k, &players);
        assert_eq!(
            (players.name(k.name as usize), t.games, t.wins),
            ("Korchnoi,V", 4, 2)
        );
        assert_eq!(people.spellings(k).len(), 2);
        let x = people.iter().next().unwrap();
        assert_eq!(people.key(x), "X");
        assert_eq!(people.could_be(x), [Box::<str>::from("someone")]);
        let json = serde_json::to_value(people.view(&players)).unwrap();
        assert_eq!(json["korchnoi, v"]["spellings"]["Korchnoi, V"], 1);
        assert_eq!(json["korchnoi, v"]["games"], 4);
        assert_eq!(json["X"]["could_be"][0], "someone");
        assert!(json["korchnoi, v"].get("could_be").is_none());
    }
}
