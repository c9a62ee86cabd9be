//! The results of a run, kept compactly ([`Collection`]): every player and event once (the
//! players by spelling, then by person: [`Collection::identify`]), and one [`GameEntry`] of 28
//! bytes a game — what the tables and the rating fit
//! need, and no more. The notes on the results read are counted, and only the first of each
//! kind kept ([`ResultNotes`]), so memory grows with the players and 28 bytes a game (and a
//! run of [`Places`] an input, or a game left out).
//!
//! No game read is lost without a note: a game that cannot be scored (no White or Black name,
//! one player on both sides, a game too large to read) gets one, and so does a pairing played
//! twice in one round on one day (scored as recorded: the file says so, the note says it
//! cannot be).

use std::collections::HashMap;

use super::identity::NameMode;
use super::places::{Found, Places};
use super::read::{GameResult, Outcome, ReadNote};
use crate::analysis::names::{Identity, Names};
use crate::model::standings::{ResultNote, ResultNotes};

/// The game was not played (a forfeit).
pub const UNPLAYED: u8 = 1;
/// The audit contradicts the recorded result.
pub const MARKED: u8 = 2;
/// The result scored is the audit's (`--as-audited`), not the one recorded.
pub const RESCORED: u8 = 4;

/// One game, as the tables and the fit keep it (28 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEntry {
    /// The event's index in [`Collection::events`].
    pub event: u32,
    /// White's index in [`Collection::players`].
    pub white: u32,
    /// Black's index.
    pub black: u32,
    /// The round (0: unknown).
    pub round: u16,
    /// The Round tag's second number (`7` of `13.7`; 0: none).
    pub sub_round: u16,
    /// The complete Date as `yyyymmdd` (0: unknown or partial).
    pub day: u32,
    /// White's Elo tag (0: none).
    pub white_elo: u16,
    /// Black's Elo tag (0: none).
    pub black_elo: u16,
    /// The result scored.
    pub outcome: Outcome,
    /// [`UNPLAYED`], [`MARKED`], [`RESCORED`].
    pub flags: u8,
}

impl GameEntry {
    /// True when the game was not played over the board.
    pub fn unplayed(&self) -> bool {
        self.flags & UNPLAYED != 0
    }

    /// True when the audit contradicts the result recorded.
    pub fn marked(&self) -> bool {
        self.flags & (MARKED | RESCORED) != 0
    }
}

/// A player: the name as first written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The name as first written.
    pub name: String,
}

/// What the audit says of a game's result (its public verdicts, `arbiter audit`'s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditMark {
    /// The result the rules give (`None`: the audit says the record is wrong without naming
    /// one; [`Outcome::Unfinished`]: void, no result).
    pub correct: Option<Outcome>,
    /// The verdict's code and message.
    pub message: String,
}

/// Everything the sink keeps of a run.
#[derive(Debug, Default)]
pub struct Collection {
    /// Players: by spelling (surrounding spaces aside) until [`Collection::identify`], then by
    /// person.
    pub players: Vec<Player>,
    player_ids: HashMap<String, u32>,
    /// Events, in the order first met.
    pub events: Vec<String>,
    event_ids: HashMap<String, u32>,
    /// Games, in input order.
    pub games: Vec<GameEntry>,
    /// Notes on the results read.
    pub notes: ResultNotes,
    /// Where each game of [`Collection::games`] was read.
    places: Places,
}

/// Where a game stands, for its notes.
#[derive(Clone, Copy, Debug)]
pub struct Place<'a> {
    /// The input's name.
    pub file: &'a str,
    /// 1-based game number.
    pub game: u64,
    /// The game's first line.
    pub line: u64,
}

impl Collection {
    /// A spelling's index (added when new).
    fn player(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.player_ids.get(name.trim()) {
            return id;
        }
        let id = u32::try_from(self.players.len()).unwrap_or(u32::MAX);
        self.players.push(Player {
            name: name.to_owned(),
        });
        self.player_ids.insert(name.trim().to_owned(), id);
        id
    }

    /// Who the players are (`--names`), after the last [`Collection::add`]: with
    /// [`NameMode::Key`] the spellings collected become the persons player identity finds
    /// ([`Identity`], with the alias and spelling files `names`: `Kasparov,G` is `Kasparov,
    /// Gary`, `Lasker,Em` and `Lasker,Ed` are two, an ambiguous `Lasker,E` is a player of its
    /// own), numbered in the order first met and named as first written, the games renumbered;
    /// with [`NameMode::Exact`] they stay the spellings. Then the notes that only persons show
    /// are added: a game whose two spellings are one person (`same-player`, not scored), a
    /// pairing played twice in one round on one day (`same-pairing`, see
    /// [`Collection::note_rounds`]). Returns the player of each of `queries` (a name read as
    /// one more spelling, as `select`'s `player ==` reads it), `None` when no game has its
    /// person.
    pub fn identify(
        &mut self,
        names: &Names,
        mode: NameMode,
        queries: &[&str],
    ) -> Vec<Option<u32>> {
        let found = match mode {
            NameMode::Exact => (queries.iter())
                .map(|q| self.player_ids.get(q.trim()).copied())
                .collect(),
            NameMode::Key => self.persons(names, queries),
        };
        self.note_rounds();
        found
    }

    /// The spellings made persons ([`Collection::identify`] with [`NameMode::Key`]).
    fn persons(&mut self, names: &Names, queries: &[&str]) -> Vec<Option<u32>> {
        let n = self.players.len();
        let spellings =
            (self.players.iter().map(|p| p.name.as_str())).chain(queries.iter().copied());
        let identity = Identity::resolve(spellings, names);
        const NONE: u32 = u32::MAX;
        let mut id_of_person = vec![NONE; identity.persons()];
        let mut first = Vec::new();
        let mut renumber = Vec::with_capacity(n);
        for i in 0..n {
            let id = &mut id_of_person[identity.person(i) as usize];
            if *id == NONE {
                *id = u32::try_from(first.len()).unwrap_or(NONE);
                first.push(i);
            }
            renumber.push(*id);
        }
        let new = |old: u32| renumber.get(old as usize).copied().unwrap_or(old);
        // A spelling that could be two persons (`Lasker, E` when `Lasker, Edward` and `Lasker,
        // Emanuel` both played) is a player of its own: said at its first game (issue 31).
        let mut ambiguous: Vec<Option<String>> = (0..n)
            .map(|i| {
                let could_be = identity.could_be(identity.person(i))?;
                let names: Vec<String> = could_be
                    .iter()
                    .map(|&q| format!("'{}'", identity.key(q)))
                    .collect();
                Some(names.join(" or "))
            })
            .collect();
        for (entry, g) in self.games.iter_mut().enumerate() {
            for id in [g.white, g.black] {
                let Some(could_be) = ambiguous.get_mut(id as usize).and_then(Option::take) else {
                    continue;
                };
                let found = u32::try_from(entry).ok().and_then(|e| self.places.get(e));
                let spelling = &self.players[id as usize].name;
                let message = format!(
                    "'{spelling}' could be {could_be}: a player of its own (an alias line \
                     \"{spelling}\",CANONICAL settles it)"
                );
                let name = |id: u32| self.players[id as usize].name.clone();
                let players = (name(g.white), name(g.black));
                let note = Found::note(found, "ambiguous-player", players, message);
                self.notes.add(note);
            }
            let (white, black) = (new(g.white), new(g.black));
            if white == black && g.white != g.black {
                let found = u32::try_from(entry).ok().and_then(|e| self.places.get(e));
                let spelling = |id: u32| self.players[id as usize].name.clone();
                let message = "one player by player identity (--names exact tells the spellings \
                               apart): not scored";
                let players = (spelling(g.white), spelling(g.black));
                let note = Found::note(found, "same-player", players, message.to_owned());
                self.notes.add(note);
            }
            (g.white, g.black) = (white, black);
        }
        let mut players = std::mem::take(&mut self.players);
        let mut keep = vec![false; n];
        for &i in &first {
            keep[i] = true;
        }
        let mut i = 0;
        players.retain(|_| {
            i += 1;
            keep[i - 1]
        });
        self.players = players;
        for id in self.player_ids.values_mut() {
            *id = new(*id);
        }
        (0..queries.len())
            .map(|j| Some(id_of_person[identity.person(n + j) as usize]).filter(|&id| id != NONE))
            .collect()
    }

    /// Notes every game whose pairing (the same White and the same Black, by person) was
    /// already played in the same round of the same event (the Round tag's numbers, `3.1` and
    /// `3.2` two rounds) on the same complete date: one game is in the file twice (two copies,
    /// or one with its round or date mislabelled). Games without a round or a complete date
    /// are not compared: a knockout match plays several games a round, a file of several
    /// editions under one Event name has each round once a year, a Swiss event's `5.3` is
    /// round 5 board 3, and none of those is an error. The games are scored as recorded; the
    /// note names the pairing and the game that is one too many.
    pub fn note_rounds(&mut self) {
        let mut pairings: Vec<(u32, u32, u32, u16, u16, u32, u32)> = Vec::new();
        for (entry, g) in self.games.iter().enumerate() {
            if g.round == 0 || g.day == 0 || g.white == g.black {
                continue;
            }
            let entry = u32::try_from(entry).unwrap_or(u32::MAX);
            pairings.push((
                g.event,
                g.white,
                g.black,
                g.round,
                g.sub_round,
                g.day,
                entry,
            ));
        }
        pairings.sort_unstable();
        let mut notes = Vec::new();
        let key = |p: &(u32, u32, u32, u16, u16, u32, u32)| (p.0, p.1, p.2, p.3, p.4, p.5);
        for same in pairings.chunk_by(|a, b| key(a) == key(b)) {
            for &(.., entry) in &same[1..] {
                notes.push((entry, same.len()));
            }
        }
        notes.sort_unstable();
        for (entry, count) in notes {
            let g = self.games[entry as usize];
            let found = self.places.get(entry);
            let name = |id: u32| self.players[id as usize].name.clone();
            let round = match g.sub_round {
                0 => g.round.to_string(),
                sub => format!("{}.{sub}", g.round),
            };
            let date = format!(
                "{}.{:02}.{:02}",
                g.day / 10_000,
                g.day / 100 % 100,
                g.day % 100
            );
            let message = format!(
                "this pairing is in the file {count} times in round {round} of {} on {date} \
                 (a game twice?): all scored as recorded",
                self.events[g.event as usize]
            );
            let players = (name(g.white), name(g.black));
            self.notes
                .add(Found::note(found, "same-pairing", players, message));
        }
    }

    fn event(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.event_ids.get(name) {
            return id;
        }
        let id = u32::try_from(self.events.len()).unwrap_or(u32::MAX);
        self.events.push(name.to_owned());
        self.event_ids.insert(name.to_owned(), id);
        id
    }

    /// Adds one game: its result record, what the audit says of it (with `rescore`, the
    /// result the audit gives is scored); the players by spelling (see
    /// [`Collection::identify`]).
    pub fn add(
        &mut self,
        place: Place<'_>,
        game: &GameResult,
        audit: Option<&AuditMark>,
        rescore: bool,
    ) {
        let note = |kind: &'static str, message: String| ResultNote {
            kind,
            file: place.file.to_owned(),
            game: place.game,
            line: place.line,
            white: game.white.clone(),
            black: game.black.clone(),
            message,
        };
        if let Some((kind, message)) = unscorable_players(game) {
            self.notes.add(note(kind, message));
            return;
        }
        let Some(mut outcome) = game.outcome else {
            self.notes
                .add(note("unfinished", "no result: not scored".to_owned()));
            self.push(place, game, Outcome::Missing, 0);
            return;
        };
        if let Some((kind, message)) = result_read_note(game, outcome) {
            self.notes.add(note(kind, message));
        }
        let mut flags = if game.unplayed { UNPLAYED } else { 0 };
        if game.unplayed {
            self.notes.add(note(
                "unplayed",
                format!(
                    "{} with no game played: scored as a forfeit",
                    outcome.as_str()
                ),
            ));
        }
        // The audit's result is the one recorded (a draw recorded, the position dead, moves
        // played on: those moves are void, the result stands): nothing to mark.
        if let Some(mark) = audit.filter(|m| m.correct != Some(outcome)) {
            let correct = mark.correct.filter(|c| *c != outcome);
            match (rescore, correct) {
                (true, Some(c)) => {
                    self.notes.add(note(
                        "rescored",
                        format!(
                            "{} recorded, scored {} as audited: {}",
                            outcome.as_str(),
                            c.as_str(),
                            mark.message
                        ),
                    ));
                    outcome = c;
                    flags |= RESCORED;
                }
                _ => {
                    self.notes.add(note(
                        "contradicted",
                        format!(
                            "{} scored as recorded; the audit says: {}",
                            outcome.as_str(),
                            mark.message
                        ),
                    ));
                    flags |= MARKED;
                }
            }
        }
        if !outcome.is_scored() {
            self.notes.add(note(
                "unfinished",
                format!("{}: not scored", outcome.as_str()),
            ));
        }
        self.push(place, game, outcome, flags);
    }

    /// Notes a game that could not be read at all (`message` says why): not scored.
    pub fn not_read(&mut self, place: Place<'_>, message: String) {
        self.notes.add(ResultNote {
            kind: "not-read",
            file: place.file.to_owned(),
            game: place.game,
            line: place.line,
            white: String::new(),
            black: String::new(),
            message,
        });
    }

    /// Games scored: a win, a draw or a loss between two players.
    pub fn scored(&self) -> u64 {
        (self.games.iter())
            .filter(|g| g.outcome.is_scored() && g.white != g.black)
            .count() as u64
    }

    fn push(&mut self, place: Place<'_>, game: &GameResult, outcome: Outcome, flags: u8) {
        let entry = u32::try_from(self.games.len()).unwrap_or(u32::MAX);
        self.places.push(entry, place);
        let white = self.player(&game.white);
        let black = self.player(&game.black);
        let event = self.event(&game.event);
        self.games.push(GameEntry {
            event,
            white,
            black,
            round: game.round.and_then(|r| u16::try_from(r).ok()).unwrap_or(0),
            sub_round: game.sub_round,
            day: game.day,
            white_elo: game.white_elo.unwrap_or(0),
            black_elo: game.black_elo.unwrap_or(0),
            outcome,
            flags,
        });
    }
}

/// Why a game cannot be scored for its players (note kind and message): a side without a
/// player (the tag missing, empty, `?` or `-`), or the same player on both sides.
fn unscorable_players(game: &GameResult) -> Option<(&'static str, String)> {
    if game.white.is_empty() || game.black.is_empty() {
        let side = match (game.white.is_empty(), game.black.is_empty()) {
            (true, true) => "no White and no Black",
            (true, false) => "no White",
            _ => "no Black",
        };
        return Some((
            "no-player",
            format!("{side} (the tag missing, empty, ? or -): not scored"),
        ));
    }
    (game.white.trim() == game.black.trim()).then(|| {
        (
            "same-player",
            "the same player on both sides: not scored".to_owned(),
        )
    })
}

/// The note on how the result `outcome` of `game` was read, when it was not read from a
/// standard Result tag that agrees with the marker (note kind and message).
fn result_read_note(game: &GameResult, outcome: Outcome) -> Option<(&'static str, String)> {
    Some(match game.note? {
        ReadNote::NonstandardTag => (
            "nonstandard-result",
            format!(
                "Result \"{}\" read as {}",
                game.written.as_deref().unwrap_or(""),
                outcome.as_str()
            ),
        ),
        ReadNote::FromMarker => (
            "result-from-marker",
            format!(
                "no usable Result tag: the termination marker {} scored",
                outcome.as_str()
            ),
        ),
        ReadNote::Mismatch => (
            "result-mismatch",
            format!(
                "the Result tag {} and the termination marker differ: the tag scored",
                outcome.as_str()
            ),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_twenty_eight_bytes() {
        assert_eq!(std::mem::size_of::<GameEntry>(), 28);
    }

    /// A pairing twice in one round on one day is noted (a game twice); a knockout match's
    /// games in one round (other days, or `1.1` and `1.2`), editions of one Event in other
    /// years, partial dates and games without a round are not (the corpus's London 1851,
    /// Russia Cup 2012 and Dortmund files were 122, 114 and 307 false notes when every player
    /// with two games in a round was).
    #[test]
    fn a_pairing_twice_in_a_round_and_day_is_noted() {
        let place = Place {
            file: "a.pgn",
            game: 1,
            line: 1,
        };
        let game = |w: &str, b: &str, round, sub_round, day| GameResult {
            event: "E".into(),
            white: w.into(),
            black: b.into(),
            round,
            sub_round,
            day,
            outcome: Some(Outcome::Draw),
            ..GameResult::default()
        };
        let notes = |games: &[GameResult]| {
            let mut c = Collection::default();
            for g in games {
                c.add(place, g, None, false);
            }
            c.identify(&Names::new(), NameMode::Key, &[]);
            c.notes.count("same-pairing")
        };
        let twice = [
            game("A", "B", Some(3), 0, 20240301),
            game("C", "D", Some(3), 0, 20240301),
            game("A", "B", Some(3), 0, 20240301),
        ];
        assert_eq!(notes(&twice), 1);
        let three = [twice[0].clone(), twice[0].clone(), twice[0].clone()];
        assert_eq!(notes(&three), 2);
        for not_twice in [
            // A knockout match: colours alternate, or the days differ, or the games are 1.1, 1.2.
            [
                game("A", "B", Some(1), 0, 20240301),
                game("B", "A", Some(1), 0, 20240301),
            ],
            [
                game("A", "B", Some(1), 0, 20240301),
                game("A", "B", Some(1), 0, 20240303),
            ],
            [
                game("A", "B", Some(1), 1, 20240301),
                game("A", "B", Some(1), 2, 20240301),
            ],
            // Another edition, a partial date, no round.
            [
                game("A", "B", Some(1), 0, 20230301),
                game("A", "B", Some(1), 0, 20240301),
            ],
            [game("A", "B", Some(1), 0, 0), game("A", "B", Some(1), 0, 0)],
            [
                game("A", "B", None, 0, 20240301),
                game("A", "B", None, 0, 20240301),
            ],
        ] {
            assert_eq!(notes(&not_twice), 0, "{not_twice:?}");
        }
    }

    #[test]
    fn games_are_kept_by_identity() {
        let mut c = Collection::default();
        let place = Place {
            file: "a.pgn",
            game: 1,
            line: 1,
        };
        let game = |w: &str, b: &str, o| GameResult {
            event: "E".into(),
            white: w.into(),
            black: b.into(),
            outcome: Some(o),
            ..GameResult::default()
        };
        let names = Names::new();
        c.add(
            place,
            &game("Kasparov, Gary", "Karpov,A", Outcome::WhiteWins),
            None,
            false,
        );
        c.add(
            place,
            &game("Karpov, Anatoly", "Kasparov,G", Outcome::Draw),
            None,
            false,
        );
        assert_eq!(c.players.len(), 4);
        assert_eq!(
            c.identify(&names, NameMode::Key, &["kasparov, g."]),
            [Some(0)]
        );
        assert_eq!(c.players.len(), 2);
        assert_eq!(c.players[0].name, "Kasparov, Gary");
        assert_eq!((c.games[1].white, c.games[1].black), (1, 0));
        let mark = AuditMark {
            correct: Some(Outcome::Draw),
            message: "dead position".into(),
        };
        c.add(
            place,
            &game("A", "B", Outcome::WhiteWins),
            Some(&mark),
            true,
        );
        assert_eq!(c.games[2].outcome, Outcome::Draw);
        assert!(c.games[2].marked());
        assert_eq!(c.notes.count("rescored"), 1);
        c.add(
            place,
            &game("A", "B", Outcome::WhiteWins),
            Some(&mark),
            false,
        );
        assert_eq!(c.games[3].outcome, Outcome::WhiteWins);
        assert_eq!(c.notes.count("contradicted"), 1);
        // The audit gives the result recorded (a draw, moves played on after a dead
        // position: void, the result stands): not marked (twic944's Nakamura-Adams was).
        c.add(place, &game("A", "B", Outcome::Draw), Some(&mark), false);
        assert!(!c.games[4].marked());
        assert_eq!(c.notes.count("contradicted"), 1);
    }

    /// Issue 31: `Lasker,Em` and `Lasker,Ed` (New York 1924) are two players under the key
    /// (the coarse key made them one), `Lasker, Emanuel` is Emanuel; with both present an
    /// initial alone is a player of its own; `--names exact` keeps the spellings.
    #[test]
    fn persons_are_those_of_player_identity() {
        let place = Place {
            file: "a.pgn",
            game: 1,
            line: 1,
        };
        let game = |w: &str, b: &str| GameResult {
            event: "New York".into(),
            white: w.into(),
            black: b.into(),
            outcome: Some(Outcome::Draw),
            ..GameResult::default()
        };
        let collect = || {
            let mut c = Collection::default();
            for (w, b) in [
                ("Lasker,Em", "Lasker,Ed"),
                ("Lasker, Emanuel", "Yates,F"),
                ("Lasker,E", " Yates,F "),
            ] {
                c.add(place, &game(w, b), None, false);
            }
            c
        };
        let names = Names::new();
        let mut c = collect();
        let found = c.identify(
            &names,
            NameMode::Key,
            &["Lasker, Emanuel", "Lasker, Edward", "X"],
        );
        assert_eq!(found, [Some(0), Some(1), None]);
        let named: Vec<&str> = c.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(named, ["Lasker,Em", "Lasker,Ed", "Yates,F", "Lasker,E"]);
        let pairs: Vec<(u32, u32)> = c.games.iter().map(|g| (g.white, g.black)).collect();
        assert_eq!(pairs, [(0, 1), (0, 2), (3, 2)]);
        let mut exact = collect();
        let found = exact.identify(&names, NameMode::Exact, &["Lasker, Emanuel", "Lasker"]);
        assert_eq!(found, [Some(2), None]);
        assert_eq!(exact.players.len(), 5);
    }
}
