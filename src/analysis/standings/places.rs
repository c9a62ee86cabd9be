//! Where each game of a collection was read ([`Places`]), for the notes that only the whole
//! collection shows (a person against themself once spellings are persons, a pairing twice in
//! one round on one day): kept as runs of consecutive games of one input, so a file read to
//! the end without a game left out costs one run, not a place a game.

use super::collect::Place;
use crate::model::standings::ResultNote;

/// One run: the entries from `entry` on are the games `game`, `game + 1`... of `file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    entry: u32,
    file: u32,
    game: u64,
    line: u64,
}

/// The places of the games kept, by their index in the collection's games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Places {
    files: Vec<String>,
    runs: Vec<Run>,
}

/// A place found again: the input's name, the 1-based game number, the game's first line
/// (`None` where only the run's first game's line was kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found<'a> {
    /// The input's name.
    pub file: &'a str,
    /// 1-based game number in the input.
    pub game: u64,
    /// The game's first line, when kept.
    pub line: Option<u64>,
}

impl Found<'_> {
    /// A note of `kind` about the game at `found` (file, game and line empty or 0 when it is
    /// not known), whose White and Black are `players`.
    pub fn note(
        found: Option<Found<'_>>,
        kind: &'static str,
        players: (String, String),
        message: String,
    ) -> ResultNote {
        ResultNote {
            kind,
            file: found.map_or_else(String::new, |f| f.file.to_owned()),
            game: found.map_or(0, |f| f.game),
            line: found.and_then(|f| f.line).unwrap_or(0),
            white: players.0,
            black: players.1,
            message,
        }
    }
}

impl Places {
    /// Records that the game kept as entry `entry` (one more than the last) is at `place`.
    pub fn push(&mut self, entry: u32, place: Place<'_>) {
        if let Some(last) = self.runs.last() {
            let same_file = self.files[last.file as usize] == place.file;
            let next = last.game + u64::from(entry - last.entry);
            if same_file && next == place.game {
                return;
            }
        }
        let file = match self.files.last() {
            Some(f) if f == place.file => self.files.len() - 1,
            _ => {
                self.files.push(place.file.to_owned());
                self.files.len() - 1
            }
        };
        self.runs.push(Run {
            entry,
            file: u32::try_from(file).unwrap_or(u32::MAX),
            game: place.game,
            line: place.line,
        });
    }

    /// Where entry `entry` was read (`None` for an entry never pushed).
    pub fn get(&self, entry: u32) -> Option<Found<'_>> {
        let after = self.runs.partition_point(|r| r.entry <= entry);
        let run = self.runs.get(after.checked_sub(1)?)?;
        Some(Found {
            file: self.files.get(run.file as usize)?,
            game: run.game + u64::from(entry - run.entry),
            line: (entry == run.entry).then_some(run.line),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_give_back_each_place() {
        let mut p = Places::default();
        let at = |file, game, line| Place { file, game, line };
        // Games 1, 2, 3 of a.pgn, game 5 (game 4 not kept), then b.pgn.
        p.push(0, at("a.pgn", 1, 1));
        p.push(1, at("a.pgn", 2, 10));
        p.push(2, at("a.pgn", 3, 20));
        p.push(3, at("a.pgn", 5, 40));
        p.push(4, at("b.pgn", 1, 1));
        assert_eq!(p.runs.len(), 3);
        let found = |e| p.get(e).map(|f| (f.file, f.game, f.line));
        assert_eq!(found(0), Some(("a.pgn", 1, Some(1))));
        assert_eq!(found(2), Some(("a.pgn", 3, None)));
        assert_eq!(found(3), Some(("a.pgn", 5, Some(40))));
        assert_eq!(found(4), Some(("b.pgn", 1, Some(1))));
        assert_eq!(Places::default().get(0), None);
    }
}
