//! The results of a run, kept compactly ([`Collection`]): every player and event once (by
//! identity), and one [`GameEntry`] of 20 bytes a game — what the tables and the rating fit
//! need, and no more. The notes on the results read are counted, and only the first of each
//! kind kept ([`ResultNotes`]), so memory grows with the players and 20 bytes a game.

use std::collections::HashMap;

use super::identity::{NameMode, player_key};
use super::read::{GameResult, Outcome, ReadNote};
use crate::analysis::names::Names;
use crate::model::standings::{ResultNote, ResultNotes};

/// The game was not played (a forfeit).
pub const UNPLAYED: u8 = 1;
/// The audit contradicts the recorded result.
pub const MARKED: u8 = 2;
/// The result scored is the audit's (`--as-audited`), not the one recorded.
pub const RESCORED: u8 = 4;

/// One game, as the tables and the fit keep it (20 bytes).
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
    /// Players, by identity.
    pub players: Vec<Player>,
    player_ids: HashMap<String, u32>,
    /// Events, in the order first met.
    pub events: Vec<String>,
    event_ids: HashMap<String, u32>,
    /// Games, in input order.
    pub games: Vec<GameEntry>,
    /// Notes on the results read.
    pub notes: ResultNotes,
    /// Games without two players (no White or Black tag): not scored.
    pub nameless: u64,
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
    /// An identity's index (added when new).
    fn player(&mut self, key: String, name: &str) -> u32 {
        if let Some(&id) = self.player_ids.get(&key) {
            return id;
        }
        let id = u32::try_from(self.players.len()).unwrap_or(u32::MAX);
        self.players.push(Player {
            name: name.to_owned(),
        });
        self.player_ids.insert(key, id);
        id
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
    /// result the audit gives is scored), and the player identities (`names`, `mode`).
    #[allow(clippy::too_many_arguments)]
    pub fn add(
        &mut self,
        place: Place<'_>,
        game: &GameResult,
        audit: Option<&AuditMark>,
        rescore: bool,
        names: &Names,
        mode: NameMode,
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
        if game.white.is_empty() || game.black.is_empty() {
            self.nameless += 1;
            return;
        }
        let Some(mut outcome) = game.outcome else {
            self.notes
                .add(note("unfinished", "no result: not scored".to_owned()));
            self.push(game, Outcome::Missing, 0, names, mode);
            return;
        };
        match game.note {
            Some(ReadNote::NonstandardTag) => self.notes.add(note(
                "nonstandard-result",
                format!(
                    "Result \"{}\" read as {}",
                    game.written.as_deref().unwrap_or(""),
                    outcome.as_str()
                ),
            )),
            Some(ReadNote::FromMarker) => self.notes.add(note(
                "result-from-marker",
                format!(
                    "no usable Result tag: the termination marker {} scored",
                    outcome.as_str()
                ),
            )),
            Some(ReadNote::Mismatch) => self.notes.add(note(
                "result-mismatch",
                format!(
                    "the Result tag {} and the termination marker differ: the tag scored",
                    outcome.as_str()
                ),
            )),
            None => {}
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
        if let Some(mark) = audit {
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
                            "{} scored as recorded, but {}",
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
        self.push(game, outcome, flags, names, mode);
    }

    fn push(
        &mut self,
        game: &GameResult,
        outcome: Outcome,
        flags: u8,
        names: &Names,
        mode: NameMode,
    ) {
        let white = self.player(player_key(names, mode, &game.white), &game.white);
        let black = self.player(player_key(names, mode, &game.black), &game.black);
        let event = self.event(&game.event);
        self.games.push(GameEntry {
            event,
            white,
            black,
            round: game.round.and_then(|r| u16::try_from(r).ok()).unwrap_or(0),
            white_elo: game.white_elo.unwrap_or(0),
            black_elo: game.black_elo.unwrap_or(0),
            outcome,
            flags,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_twenty_bytes() {
        assert_eq!(std::mem::size_of::<GameEntry>(), 20);
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
            &names,
            NameMode::Key,
        );
        c.add(
            place,
            &game("Karpov, Anatoly", "Kasparov,G", Outcome::Draw),
            None,
            false,
            &names,
            NameMode::Key,
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
            &names,
            NameMode::Key,
        );
        assert_eq!(c.games[2].outcome, Outcome::Draw);
        assert!(c.games[2].marked());
        assert_eq!(c.notes.count("rescored"), 1);
        c.add(
            place,
            &game("A", "B", Outcome::WhiteWins),
            Some(&mark),
            false,
            &names,
            NameMode::Key,
        );
        assert_eq!(c.games[3].outcome, Outcome::WhiteWins);
        assert_eq!(c.notes.count("contradicted"), 1);
    }
}
