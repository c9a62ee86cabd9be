//! `stats --suggest-aliases` (issue 15): players that are probably one person under two keys,
//! as lines of an alias file for a person to confirm. Nothing here merges anything.
//!
//! Two players (two keys, after the alias file) are suggested when they played in overlapping
//! years (the ranges of their known Date years intersect) or in a common Event, and one of:
//! * **order** — the same surname and initial with the names in the other order (`Kasparov
//!   Garry` without a comma is read as surname `Garry`);
//! * **no initial** — the same surname, one of them without a given name (`Kasparov` and
//!   `Kasparov, G`);
//! * **spelling** — the same initial and surnames that are one transliteration apart: equal
//!   after folding `tsch`, `tch` → `ch`, `sch` → `sh`, `w` → `v`, `j`, `y` → `i` and doubled
//!   letters, or with a Jaro-Winkler similarity (the strsim crate) of at least
//!   [`SIMILAR`] after that folding (`Kortschnoj` and `Korchnoi`).
//!
//! Surnames are compared within blocks of the same initial and first letter, so the work stays
//! near linear in the number of players. Linked players form groups (union-find); each group's
//! canonical name is the most frequent spelling of its player with the most games, and every
//! other player of the group gets one line `alias,canonical` (never a chain).
//!
//! This module must not import `engine`, `report` or `commands`.

use std::collections::HashMap;

use super::{Form, Identity, Names, name_key, word_iter};
pub use crate::model::stats::Suggestion;

/// Least Jaro-Winkler similarity of two folded surnames for a **spelling** suggestion.
pub const SIMILAR: f64 = 0.9;

/// Events kept per spelling for the overlap test (hashes); beyond, only the years count.
pub const MAX_EVENTS: usize = 512;

/// When and where one spelling played: games, the range of known years, the events (hashes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    /// Games with this spelling (as White or Black).
    pub games: u64,
    /// Earliest and latest known year of the Date tag.
    pub years: Option<(u16, u16)>,
    /// Hashes of the Event tags, sorted, at most [`MAX_EVENTS`].
    pub events: Vec<u64>,
}

impl Seen {
    /// Counts one game played in `year` at `event`.
    pub fn add(&mut self, year: Option<u16>, event: Option<&str>) {
        self.games += 1;
        if let Some(y) = year {
            self.years = Some(self.years.map_or((y, y), |(a, b)| (a.min(y), b.max(y))));
        }
        if let Some(e) = event {
            let h = crate::analysis::dedup::hash(e.trim().as_bytes());
            if let Err(at) = self.events.binary_search(&h)
                && self.events.len() < MAX_EVENTS
            {
                self.events.insert(at, h);
            }
        }
    }

    /// Adds another partial count of the same spelling.
    pub fn merge(&mut self, other: &Seen) {
        self.games += other.games;
        if let Some((a, b)) = other.years {
            self.years = Some(self.years.map_or((a, b), |(x, y)| (x.min(a), y.max(b))));
        }
        for &h in &other.events {
            if let Err(at) = self.events.binary_search(&h)
                && self.events.len() < MAX_EVENTS
            {
                self.events.insert(at, h);
            }
        }
    }
}

/// A surname of player `.0` as written in its key (`.1`) and folded (`.2`).
type Surname<'p> = (usize, &'p str, String);

/// A player under one key (after the alias file).
struct Player<'a> {
    key: String,
    spelling: &'a str,
    spelling_games: u64,
    seen: Seen,
    /// The surnames and initials of its spellings (distinct).
    parts: Vec<(String, Option<char>)>,
    /// The key with the names in the other order (a name without a comma, of two words or more).
    swapped: Option<String>,
}

/// The likely aliases among the spellings of `seen` (spelling → what its games say), after the
/// alias file `names`, in the order of the canonical players' games (most first), then the
/// aliases' games.
pub fn suggest(seen: &HashMap<String, Seen>, names: &Names) -> Vec<Suggestion> {
    let players = players(seen, names);
    let mut links = Links::new(players.len());
    let at: HashMap<&str, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.key.as_str(), i))
        .collect();
    for (i, p) in players.iter().enumerate() {
        if let Some(&j) = p.swapped.as_deref().and_then(|s| at.get(s))
            && i != j
        {
            links.try_link(&players, i, j, "order");
        }
    }
    // Same surname, one without an initial.
    let mut by_surname: HashMap<&str, Vec<(usize, bool)>> = HashMap::new();
    for (i, p) in players.iter().enumerate() {
        for (surname, initial) in &p.parts {
            by_surname
                .entry(surname.as_str())
                .or_default()
                .push((i, initial.is_some()));
        }
    }
    for group in by_surname.values() {
        for &(i, _) in group.iter().filter(|(_, has)| !has) {
            for &(j, _) in group.iter().filter(|&&(j, has)| has && j != i) {
                links.try_link(&players, i, j, "no initial");
            }
        }
    }
    // Close surnames, same initial: blocks of (initial, first letter of the folded surname).
    let mut blocks: HashMap<(char, char), Vec<Surname<'_>>> = HashMap::new();
    for (i, p) in players.iter().enumerate() {
        for (surname, initial) in &p.parts {
            let folded = fold(surname);
            if let (Some(initial), Some(first)) = (*initial, folded.chars().next()) {
                blocks
                    .entry((initial, first))
                    .or_default()
                    .push((i, surname.as_str(), folded));
            }
        }
    }
    for block in blocks.values() {
        for (n, (i, sa, a)) in block.iter().enumerate() {
            for (j, sb, b) in &block[n + 1..] {
                let close = i != j && sa != sb && (a == b || strsim::jaro_winkler(a, b) >= SIMILAR);
                if close {
                    links.try_link(&players, *i, *j, "spelling");
                }
            }
        }
    }
    links.suggestions(&players)
}

/// The players of `seen` grouped by person ([`Identity`], with the files' persons), each with
/// its most frequent spelling.
fn players<'a>(seen: &'a HashMap<String, Seen>, names: &Names) -> Vec<Player<'a>> {
    let mut spellings: Vec<(&String, &Seen)> = seen
        .iter()
        .filter(|(s, _)| !name_key(s).is_empty())
        .collect();
    spellings.sort_by(|a, b| a.0.cmp(b.0));
    let identity = Identity::resolve(spellings.iter().map(|(s, _)| s.as_str()), names);
    let mut by_key: HashMap<String, Player<'a>> = HashMap::new();
    for (i, (spelling, s)) in spellings.into_iter().enumerate() {
        let key = match identity.key(identity.person(i)) {
            "" => spelling.clone(),
            k => k.to_owned(),
        };
        let p = by_key.entry(key.clone()).or_insert_with(|| Player {
            key,
            spelling,
            spelling_games: 0,
            seen: Seen::default(),
            parts: Vec::new(),
            swapped: None,
        });
        let part = parts(spelling);
        if !p.parts.contains(&part) {
            p.parts.push(part);
        }
        if s.games > p.spelling_games {
            (p.spelling, p.spelling_games) = (spelling, s.games);
        }
        p.seen.merge(s);
        if p.swapped.is_none() && !spelling.contains(',') {
            let words: Vec<&str> = word_iter(spelling).collect();
            if words.len() >= 2 {
                p.swapped = Some(
                    Form::of(&format!("{}, {}", words[0], words[1]))
                        .as_str()
                        .to_owned(),
                );
            }
        }
    }
    let mut players: Vec<Player<'a>> = by_key.into_values().collect();
    players.sort_by(|a, b| a.key.cmp(&b.key));
    players
}

/// The surname (lowercased words) and the initial of a name, as the key reads them.
fn parts(name: &str) -> (String, Option<char>) {
    let key = name_key(name);
    let has_given = match name.split_once(',') {
        Some((_, given)) => word_iter(given).next().is_some(),
        None => word_iter(name).nth(1).is_some(),
    };
    match (has_given, key.rsplit_once(' ')) {
        (true, Some((surname, initial))) => (surname.to_owned(), initial.chars().next()),
        (true, None) => (String::new(), key.chars().next()),
        (false, _) => (key, None),
    }
}

/// A surname with the common transliteration differences folded away.
fn fold(surname: &str) -> String {
    let s = surname
        .replace("tsch", "ch")
        .replace("tch", "ch")
        .replace("sch", "sh")
        .replace('w', "v")
        .replace(['j', 'y'], "i");
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if !out.ends_with(c) || !c.is_alphabetic() {
            out.push(c);
        }
    }
    out
}

/// True when the two played in overlapping years or in a common event; which of them.
fn overlap(a: &Seen, b: &Seen) -> Option<&'static str> {
    if let (Some((a0, a1)), Some((b0, b1))) = (a.years, b.years)
        && a0 <= b1
        && b0 <= a1
    {
        return Some("years");
    }
    let (mut i, mut j) = (0, 0);
    while i < a.events.len() && j < b.events.len() {
        match a.events[i].cmp(&b.events[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => return Some("event"),
        }
    }
    None
}

/// Union-find over the players, with the reason each was linked.
struct Links {
    parent: Vec<usize>,
    reason: Vec<Option<String>>,
}

impl Links {
    fn new(n: usize) -> Links {
        Links {
            parent: (0..n).collect(),
            reason: vec![None; n],
        }
    }

    fn root(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    fn try_link(&mut self, players: &[Player<'_>], i: usize, j: usize, rule: &str) {
        let Some(why) = overlap(&players[i].seen, &players[j].seen) else {
            return;
        };
        for k in [i, j] {
            self.reason[k].get_or_insert_with(|| format!("{rule}; {why}"));
        }
        let (ri, rj) = (self.root(i), self.root(j));
        if ri != rj {
            self.parent[ri] = rj;
        }
    }

    fn suggestions(mut self, players: &[Player<'_>]) -> Vec<Suggestion> {
        let mut groups: HashMap<usize, Vec<usize>> = HashMap::new();
        for i in 0..players.len() {
            let r = self.root(i);
            groups.entry(r).or_default().push(i);
        }
        let years = |s: &Seen| s.years.map_or(String::new(), |(a, b)| format!("{a}-{b}"));
        let mut out = Vec::new();
        for members in groups.values().filter(|m| m.len() > 1) {
            let &canon = members
                .iter()
                .max_by(|&&a, &&b| {
                    let (pa, pb) = (&players[a], &players[b]);
                    (pa.seen.games.cmp(&pb.seen.games)).then(pb.key.cmp(&pa.key))
                })
                .expect("two members");
            let c = &players[canon];
            for &m in members.iter().filter(|&&m| m != canon) {
                let p = &players[m];
                out.push(Suggestion {
                    alias: p.spelling.to_owned(),
                    canonical: c.spelling.to_owned(),
                    alias_games: p.seen.games,
                    canonical_games: c.seen.games,
                    alias_years: years(&p.seen),
                    canonical_years: years(&c.seen),
                    reason: self.reason[m].clone().unwrap_or_default(),
                });
            }
        }
        out.sort_by(|a, b| {
            (b.canonical_games.cmp(&a.canonical_games))
                .then(a.canonical.cmp(&b.canonical))
                .then(b.alias_games.cmp(&a.alias_games))
                .then(a.alias.cmp(&b.alias))
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(games: u64, years: (u16, u16), event: &str) -> Seen {
        let mut s = Seen::default();
        s.add(Some(years.0), Some(event));
        s.add(Some(years.1), Some(event));
        s.games = games;
        s
    }

    #[test]
    fn transliterations_and_orders_are_suggested() {
        let mut all = HashMap::new();
        all.insert("Kortschnoj, Viktor".to_owned(), seen(30, (1960, 1990), "a"));
        all.insert("Korchnoi,V".to_owned(), seen(10, (1985, 2000), "b"));
        all.insert("Korchnoi".to_owned(), seen(2, (1999, 1999), "c"));
        all.insert("Karpov, A".to_owned(), seen(50, (1970, 1990), "a"));
        all.insert("Kasparov, A".to_owned(), seen(5, (1980, 1990), "a"));
        all.insert("Kasparov Garry".to_owned(), seen(3, (1980, 1990), "z"));
        all.insert("Garry Kasparov".to_owned(), seen(4, (1990, 1995), "y"));
        all.insert("Korchnoi, Igor".to_owned(), seen(4, (1960, 1970), "q"));
        let s = suggest(&all, &Names::new());
        let pairs: Vec<(&str, &str)> = s
            .iter()
            .map(|s| (s.alias.as_str(), s.canonical.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                ("Korchnoi,V", "Kortschnoj, Viktor"),
                ("Korchnoi", "Kortschnoj, Viktor"),
                ("Kasparov Garry", "Garry Kasparov"),
            ],
            "{s:?}"
        );
        // An alias file that already joins them leaves nothing to suggest between them.
        let names = Names::from_csv(b"\"Korchnoi,V\",\"Kortschnoj, Viktor\"\n").unwrap();
        let s = suggest(&all, &names);
        assert_eq!(s[0].alias, "Korchnoi");
        assert_eq!(s[0].canonical_games, 40);
    }

    #[test]
    fn folding() {
        assert_eq!(fold("kortschnoj"), "korchnoi");
        assert_eq!(fold("polugajevski"), "polugaievski");
        assert_eq!(parts("Kasparov"), ("kasparov".to_owned(), None));
        assert_eq!(parts("van Wely, Loek"), ("van wely".to_owned(), Some('l')));
        assert_eq!(parts("Garry Kasparov"), ("kasparov".to_owned(), Some('g')));
    }
}
