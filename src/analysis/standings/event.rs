//! One event as the tables see it ([`EventView`]): its players, each with their games in input
//! order from their side, and the event's kind, found from the pairings: a round robin when
//! every two players met, each pair as often as the others; matches (a knockout) when not all
//! met but every two who met played several games; a Swiss otherwise.

use std::collections::HashMap;

use super::collect::{Collection, GameEntry};
use super::read::Outcome;
use crate::model::standings::EventKind;

/// One game from one player's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent (index in [`EventView::players`]).
    pub opponent: usize,
    /// The player had White.
    pub white: bool,
    /// The player's score: 1, ½ or 0; `None` when the game is unfinished (not scored).
    pub score: Option<f64>,
    /// Won or lost unplayed (a forfeit).
    pub unplayed: bool,
    /// The round (0: unknown).
    pub round: u16,
    /// The audit contradicts the result recorded.
    pub marked: bool,
    /// The player's Elo tag (0: none).
    pub elo: u16,
    /// The opponent's Elo tag (0: none).
    pub opponent_elo: u16,
}

impl Game {
    /// True for a game that was played and scored.
    pub fn played(&self) -> bool {
        self.score.is_some() && !self.unplayed
    }
}

/// One event: players (by index in [`Collection::players`]) and their games.
#[derive(Clone, Debug, PartialEq)]
pub struct EventView {
    /// The event's name.
    pub name: String,
    /// The players, in the order first met.
    pub players: Vec<u32>,
    /// Each player's games, in input order.
    pub games: Vec<Vec<Game>>,
    /// Round robin, matches or Swiss.
    pub kind: EventKind,
    /// Round robin: how many times each pair met.
    pub cycles: u32,
    /// The event's games: indices in [`Collection::games`], in input order.
    pub entries: Vec<u32>,
}

/// How the kind of an event is decided (`--kind`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KindOption {
    /// From the pairings.
    #[default]
    Auto,
    /// Every event is a round robin.
    RoundRobin,
    /// Every event is a set of matches (a knockout).
    Matches,
    /// Every event is a Swiss.
    Swiss,
}

/// The events of a collection, in the order first met, each with its games in input order.
pub fn events(collection: &Collection, kind: KindOption) -> Vec<EventView> {
    let mut by_event: Vec<Vec<(u32, &GameEntry)>> = vec![Vec::new(); collection.events.len()];
    for (i, g) in collection.games.iter().enumerate() {
        by_event[g.event as usize].push((u32::try_from(i).unwrap_or(u32::MAX), g));
    }
    by_event
        .into_iter()
        .zip(&collection.events)
        .map(|(games, name)| view(name, &games, kind))
        .collect()
}

fn view(name: &str, entries: &[(u32, &GameEntry)], kind: KindOption) -> EventView {
    let mut local: HashMap<u32, usize> = HashMap::new();
    let mut players = Vec::new();
    let mut index = |id: u32, players: &mut Vec<u32>| {
        *local.entry(id).or_insert_with(|| {
            players.push(id);
            players.len() - 1
        })
    };
    let mut games: Vec<Vec<Game>> = Vec::new();
    for (_, g) in entries {
        let w = index(g.white, &mut players);
        let b = index(g.black, &mut players);
        games.resize_with(players.len(), Vec::new);
        if w == b {
            // A player against themselves (one name on both sides): no game of a table.
            continue;
        }
        let score = match g.outcome {
            Outcome::WhiteWins => Some(1.0),
            Outcome::Draw => Some(0.5),
            Outcome::BlackWins => Some(0.0),
            Outcome::Unfinished | Outcome::Missing => None,
        };
        let side = |white: bool| Game {
            opponent: if white { b } else { w },
            white,
            score: score.map(|s| if white { s } else { 1.0 - s }),
            unplayed: g.unplayed(),
            round: g.round,
            marked: g.marked(),
            elo: if white { g.white_elo } else { g.black_elo },
            opponent_elo: if white { g.black_elo } else { g.white_elo },
        };
        games[w].push(side(true));
        games[b].push(side(false));
    }
    let (detected, cycles) = detect(&games);
    let kind = match kind {
        KindOption::Auto => detected,
        KindOption::RoundRobin => EventKind::RoundRobin,
        KindOption::Matches => EventKind::Matches,
        KindOption::Swiss => EventKind::Swiss,
    };
    EventView {
        name: name.to_owned(),
        players,
        games,
        kind,
        cycles: if kind == EventKind::RoundRobin {
            cycles.max(1)
        } else {
            0
        },
        entries: entries.iter().map(|(i, _)| *i).collect(),
    }
}

/// Round robin (and its cycles) when every two players met equally often; matches when not all
/// met but every two who met played at least twice (a knockout of matches: London 1851); else
/// Swiss.
fn detect(games: &[Vec<Game>]) -> (EventKind, u32) {
    let n = games.len();
    if n < 2 {
        return (EventKind::Swiss, 0);
    }
    let mut cycles = None;
    let mut round_robin = true;
    let mut matches = true;
    for (p, list) in games.iter().enumerate() {
        let mut met: HashMap<usize, u32> = HashMap::new();
        for g in list {
            *met.entry(g.opponent).or_default() += 1;
        }
        // (A player whose every game was against themselves met no one.)
        matches &= met.values().all(|&count| count >= 2);
        round_robin &= met.len() == n - 1
            && met
                .iter()
                .all(|(&o, &count)| o != p && *cycles.get_or_insert(count) == count);
    }
    match (round_robin, matches) {
        (true, _) => (EventKind::RoundRobin, cycles.unwrap_or(0)),
        (false, true) => (EventKind::Matches, 0),
        (false, false) => (EventKind::Swiss, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::standings::collect::Place;
    use crate::analysis::standings::read::GameResult;

    pub(crate) fn collection(event: &str, games: &[(&str, &str, Outcome)]) -> Collection {
        let mut c = Collection::default();
        for (i, (w, b, o)) in games.iter().enumerate() {
            let g = GameResult {
                event: event.into(),
                white: (*w).into(),
                black: (*b).into(),
                outcome: Some(*o),
                round: Some(i as u32 + 1),
                plies: 40,
                ..GameResult::default()
            };
            let place = Place {
                file: "t.pgn",
                game: i as u64 + 1,
                line: 1,
            };
            c.add(place, &g, None, false);
        }
        c
    }

    #[test]
    fn kinds_from_the_pairings() {
        use Outcome::*;
        let rr = collection(
            "E",
            &[
                ("A", "B", WhiteWins),
                ("B", "C", Draw),
                ("C", "A", BlackWins),
            ],
        );
        let e = &events(&rr, KindOption::Auto)[0];
        assert_eq!((e.kind, e.cycles), (EventKind::RoundRobin, 1));
        assert_eq!(e.games[0][0].score, Some(1.0));
        assert_eq!(e.games[1][0].score, Some(0.0));
        let swiss = collection(
            "E",
            &[("A", "B", WhiteWins), ("C", "D", Draw), ("A", "C", Draw)],
        );
        assert_eq!(events(&swiss, KindOption::Auto)[0].kind, EventKind::Swiss);
        let double = collection("E", &[("A", "B", WhiteWins), ("B", "A", Draw)]);
        assert_eq!(events(&double, KindOption::Auto)[0].cycles, 2);
        // A knockout of two-game matches: A-B and C-D, then the final A-C.
        let knockout = collection(
            "E",
            &[
                ("A", "B", WhiteWins),
                ("B", "A", Draw),
                ("C", "D", Draw),
                ("D", "C", BlackWins),
                ("A", "C", Draw),
                ("C", "A", BlackWins),
            ],
        );
        assert_eq!(
            events(&knockout, KindOption::Auto)[0].kind,
            EventKind::Matches
        );
        // One pair that met once: a Swiss.
        let swiss_pairs = collection(
            "E",
            &[
                ("A", "B", WhiteWins),
                ("B", "A", Draw),
                ("C", "D", Draw),
                ("A", "C", Draw),
            ],
        );
        assert_eq!(
            events(&swiss_pairs, KindOption::Auto)[0].kind,
            EventKind::Swiss
        );
        assert_eq!(
            events(&swiss, KindOption::RoundRobin)[0].kind,
            EventKind::RoundRobin
        );
    }
}
