//! What one game gives the standings and the ratings ([`GameResult`]): its players, event,
//! round, Elo tags and result, read from the tag section (a visitor of the one walk,
//! [`Results`], which reads the tags only, unless it walks with the auditor).
//!
//! The result is the Result tag's, read as `arbiter check` reads it: the four results of the PGN
//! standard (8.1.1.7), and the forms that stand for one (`1/2`, `½-½`, `0.5-0.5`, a Unicode
//! dash: [`crate::bytes::termination_marker`]) read as that result with a note. Without a
//! usable Result tag, the movetext's termination marker decides (with a note). A game whose
//! Termination tag names a forfeit, or that has a decisive result and no move at all, is an
//! unplayed game (FIDE Tie-Break Regulations 2023, art. 16: a forfeit).

use std::ops::ControlFlow;

use crate::analysis::stats::{count_main_line_fast, tag_text};
use crate::analysis::tables::values::pgn_date;
use crate::analysis::walk::{End, Game, GameText, Visitor, Work};
use crate::model::PgnDate;

/// A game's result, as scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished, never scored.
    Unfinished,
    /// No result at all (no Result tag that can be read, no termination marker): never scored.
    Missing,
}

impl Outcome {
    /// Reads a standard result (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub fn from_standard(text: &[u8]) -> Option<Outcome> {
        match text {
            b"1-0" => Some(Outcome::WhiteWins),
            b"0-1" => Some(Outcome::BlackWins),
            b"1/2-1/2" => Some(Outcome::Draw),
            b"*" => Some(Outcome::Unfinished),
            _ => None,
        }
    }

    /// The standard text (`none` for a missing result).
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unfinished => "*",
            Outcome::Missing => "none",
        }
    }

    /// True for a result that is scored (a win, a draw or a loss).
    pub fn is_scored(self) -> bool {
        matches!(
            self,
            Outcome::WhiteWins | Outcome::BlackWins | Outcome::Draw
        )
    }

    /// White's score: 1, ½ or 0 (`None` when not scored).
    pub fn white_score(self) -> Option<f64> {
        match self {
            Outcome::WhiteWins => Some(1.0),
            Outcome::Draw => Some(0.5),
            Outcome::BlackWins => Some(0.0),
            _ => None,
        }
    }
}

/// Which tags name an event (`--group-by`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupBy {
    /// The Event tag.
    pub event: bool,
    /// The Site tag.
    pub site: bool,
    /// The Date tag's year.
    pub year: bool,
}

impl Default for GroupBy {
    fn default() -> GroupBy {
        GroupBy {
            event: true,
            site: false,
            year: false,
        }
    }
}

impl GroupBy {
    /// Reads `event,site,year` (any of them, comma-separated; `none` or empty: one table for
    /// every game).
    ///
    /// # Errors
    /// Returns the word that is not one of them.
    pub fn parse(text: &str) -> Result<GroupBy, String> {
        let mut by = GroupBy {
            event: false,
            site: false,
            year: false,
        };
        for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match word.to_ascii_lowercase().as_str() {
                "event" => by.event = true,
                "site" => by.site = true,
                "year" => by.year = true,
                "none" => {}
                _ => {
                    return Err(format!(
                        "{word:?}: --group-by takes event, site, year (comma-separated) or none"
                    ));
                }
            }
        }
        Ok(by)
    }
}

/// Something said of a game's result as it was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadNote {
    /// The Result tag is written otherwise (`1/2`, `½-½`...): read as the result it stands for.
    NonstandardTag,
    /// No usable Result tag: the termination marker gives the result.
    FromMarker,
    /// The Result tag and the termination marker differ: the tag is scored.
    Mismatch,
}

/// What one game gives the standings: owned, as it crosses from the worker threads to the
/// sink.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameResult {
    /// The event's name (the `--group-by` tags' values, `, `-joined; `?` for a tag that is
    /// missing or unknown).
    pub event: String,
    /// White as written (`?` when missing).
    pub white: String,
    /// Black as written.
    pub black: String,
    /// The Round tag's first number (`13` of `13.7`); `None` when it has none.
    pub round: Option<u32>,
    /// The Round tag's second number (`7` of `13.7`, the game of a match or the board), 0
    /// when it has none.
    pub sub_round: u16,
    /// The Date tag as `yyyymmdd` when it is a complete date (`2022.01.30` → 20220130), 0
    /// when any part is unknown.
    pub day: u32,
    /// The Elo tags (whole numbers 1..=4000).
    pub white_elo: Option<u16>,
    /// Black's Elo tag.
    pub black_elo: Option<u16>,
    /// The result read (see the module documentation).
    pub outcome: Option<Outcome>,
    /// The Result tag as written, when it is not one of the four results.
    pub written: Option<String>,
    /// What was said of the result.
    pub note: Option<ReadNote>,
    /// The game was not played: a forfeit.
    pub unplayed: bool,
    /// Main-line plies (as the lexer reads them).
    pub plies: u32,
}

/// The visitor that reads a game's [`GameResult`] (the tags and the termination marker).
#[derive(Debug)]
pub struct Results {
    group: GroupBy,
}

impl Results {
    /// A reader grouping events by `group`.
    pub fn new(group: GroupBy) -> Results {
        Results { group }
    }
}

/// A tag value as text, `None` when empty or `?`.
fn known(raw: &[u8]) -> Option<String> {
    let raw = raw.trim_ascii();
    (!raw.is_empty() && raw != b"?").then(|| tag_text(raw).trim().to_owned())
}

/// A White or Black tag's name, `None` when empty, `?` or `-` (pychess and other editors
/// write `-` for no name).
fn player_name(raw: &[u8]) -> Option<String> {
    known(raw).filter(|name| name != "-")
}

/// An Elo tag: a whole number in 1..=4000.
fn elo(raw: &[u8]) -> Option<u16> {
    let raw = raw.trim_ascii();
    if raw.is_empty() || raw.len() > 4 || !raw.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n: u16 = std::str::from_utf8(raw).ok()?.parse().ok()?;
    (1..=4000).contains(&n).then_some(n)
}

/// The Round tag's first number (`13.7` → 13, `3` → 3); `None` for `?`, `-` and the like.
fn round(raw: &[u8]) -> Option<u32> {
    let raw = raw.trim_ascii();
    let digits = raw.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 6 {
        return None;
    }
    std::str::from_utf8(&raw[..digits]).ok()?.parse().ok()
}

/// The Round tag's second number (`13.7` → 7); 0 for `3`, `?` and the like.
fn sub_round(raw: &[u8]) -> u16 {
    let raw = raw.trim_ascii();
    let digits = raw.iter().take_while(|b| b.is_ascii_digit()).count();
    let Some(rest) = raw.get(digits..).and_then(|r| r.strip_prefix(b".")) else {
        return 0;
    };
    let sub = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || sub == 0 || sub > 4 {
        return 0;
    }
    std::str::from_utf8(&rest[..sub])
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// A date of the calendar as `yyyymmdd`; 0 when a part is unknown (`2022.??.??`) or the
/// month has no such day.
fn day(date: &PgnDate) -> u32 {
    match (date.year, date.month, date.day, date.days) {
        (Some(y), Some(m), Some(d), Some(_)) => {
            u32::from(y) * 10_000 + u32::from(m) * 100 + u32::from(d)
        }
        _ => 0,
    }
}

/// True when a Termination tag says the game was not played (a forfeit; a loss on time is a
/// game played: `Time forfeit`).
pub fn names_forfeit(termination: &str) -> bool {
    let t = termination.to_lowercase();
    let time = ["time", "clock", "flag"].iter().any(|w| t.contains(w));
    !time
        && [
            "forfeit",
            "unplayed",
            "not played",
            "walkover",
            "no show",
            "no-show",
        ]
        .iter()
        .any(|w| t.contains(w))
}

impl<'g> Visitor<'g> for Results {
    type Output = GameResult;

    fn work(&self) -> Work {
        Work::Tags
    }

    fn needs_before(&self) -> bool {
        false
    }

    fn tags(&mut self, _game: &mut Game<'g>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> GameResult {
        // Walked alone, only the tags were read: the marker and the plies come from the byte
        // scan, which follows the lexer's rules; with the auditor, from the walk.
        let (marker, plies) = match (end.work, end.movetext) {
            (Work::Tags, Some(at)) => {
                let count = count_main_line_fast(game.text.bytes, at);
                (count.marker, count.plies)
            }
            (Work::Tags, None) => (None, 0),
            _ => (
                end.result
                    .and_then(|t| crate::bytes::termination_marker(t.text)),
                end.plies,
            ),
        };
        self.read(game, marker, plies)
    }

    fn panicked(&mut self, _text: &GameText<'g>) -> GameResult {
        GameResult::default()
    }
}

impl Results {
    /// The record of a game from its tags, its termination marker (standard form) and plies.
    fn read(&self, game: &Game<'_>, marker: Option<&[u8]>, plies: u32) -> GameResult {
        let mut r = GameResult {
            plies,
            ..GameResult::default()
        };
        let (mut event, mut site, mut year) = (None, None, None);
        let mut result_tag = None;
        let mut termination = None;
        // The first of a repeated tag counts.
        for pair in game.tags.pairs.iter().rev() {
            let raw = pair.raw;
            match pair.name {
                b"Event" => event = known(raw),
                b"Site" => site = known(raw),
                b"Date" => {
                    // As every subcommand reads a date (`tables::values::pgn_date`).
                    let date = std::str::from_utf8(raw).map(pgn_date).unwrap_or_default();
                    r.day = day(&date);
                    year = date.year.map(|y| format!("{y:04}"));
                }
                b"White" => r.white = player_name(raw).unwrap_or_default(),
                b"Black" => r.black = player_name(raw).unwrap_or_default(),
                b"Round" => {
                    r.round = round(raw);
                    r.sub_round = sub_round(raw);
                }
                b"WhiteElo" => r.white_elo = elo(raw),
                b"BlackElo" => r.black_elo = elo(raw),
                b"Result" => result_tag = Some(raw.trim_ascii()),
                b"Termination" => termination = known(raw),
                _ => {}
            }
        }
        let parts: Vec<String> = [
            (self.group.event, event),
            (self.group.site, site),
            (self.group.year, year),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, v)| v.unwrap_or_else(|| "?".to_owned()))
        .collect();
        r.event = parts.join(", ");
        let marker = marker.and_then(Outcome::from_standard);
        let tag = result_tag.and_then(|raw| {
            let standard = crate::bytes::termination_marker(raw)?;
            if standard != raw {
                r.written = Some(tag_text(raw).into_owned());
                r.note = Some(ReadNote::NonstandardTag);
            }
            Outcome::from_standard(standard)
        });
        r.outcome = match (tag, marker) {
            (Some(t), Some(m)) if t != m => {
                r.note = Some(ReadNote::Mismatch);
                Some(t)
            }
            (Some(t), _) => Some(t),
            (None, Some(m)) => {
                r.note = Some(ReadNote::FromMarker);
                Some(m)
            }
            (None, None) => None,
        };
        let decisive = matches!(r.outcome, Some(Outcome::WhiteWins | Outcome::BlackWins));
        let forfeit = termination.as_deref().is_some_and(names_forfeit);
        let fen = game.tags.get("FEN").is_some();
        r.unplayed = decisive && (forfeit || (plies == 0 && !fen));
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::walk::walk;

    fn read(pgn: &str) -> GameResult {
        let text = GameText::of(pgn.as_bytes());
        walk(text, &mut Results::new(GroupBy::default()))
    }

    #[test]
    fn results_as_arbiter_reads_them() {
        let g = read(
            "[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1/2\"]\n\n1. e4 e5 1/2-1/2\n",
        );
        assert_eq!(g.outcome, Some(Outcome::Draw));
        assert_eq!(g.note, Some(ReadNote::NonstandardTag));
        assert_eq!(g.written.as_deref(), Some("1/2"));
        assert!(!g.unplayed);
        let g = read("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 0-1\n");
        assert_eq!(g.outcome, Some(Outcome::BlackWins));
        assert_eq!(g.note, Some(ReadNote::FromMarker));
        assert_eq!(g.event, "?");
        let g = read("[Result \"1-0\"]\n\n1. e4 e5 0-1\n");
        assert_eq!(
            (g.outcome, g.note),
            (Some(Outcome::WhiteWins), Some(ReadNote::Mismatch))
        );
        let g = read("[Result \"*\"]\n\n1. e4 *\n");
        assert_eq!(g.outcome, Some(Outcome::Unfinished));
        assert_eq!(read("[Result \"2-0\"]\n\n1. e4\n").outcome, None);
    }

    #[test]
    fn a_dash_is_no_name() {
        let g = read("[White \"-\"]\n[Black \" - \"]\n[Result \"1-0\"]\n\n1. e4 1-0\n");
        assert_eq!((g.white.as_str(), g.black.as_str()), ("", ""));
        assert_eq!(read("[White \"-x-\"]\n\n*\n").white, "-x-");
    }

    #[test]
    fn days_and_sub_rounds() {
        let day_of = |text: &str| day(&pgn_date(text));
        assert_eq!(day_of("2022.01.30"), 20220130);
        // One-digit parts and space around, as `arbiter games` reads them.
        assert_eq!(day_of("2022.1.30"), 20220130);
        assert_eq!(day_of(" 2022.01.30 "), 20220130);
        for partial in [
            "2022.??.??",
            "2022.01.??",
            "2022",
            "2022.13.01",
            "2022.02.30",
            "?",
        ] {
            assert_eq!(day_of(partial), 0, "{partial}");
        }
        assert_eq!(sub_round(b"13.7"), 7);
        assert_eq!(sub_round(b"1.2.3"), 2);
        for none in [&b"3"[..], b"?", b"-", b".5", b"3.", b"3.x"] {
            assert_eq!(sub_round(none), 0, "{}", String::from_utf8_lossy(none));
        }
    }

    #[test]
    fn forfeits_are_unplayed() {
        // A decisive result and no move (Tata Steel 2022, round 13).
        assert!(read("[Result \"1-0\"]\n\n1-0\n").unplayed);
        assert!(read("[Result \"0-1\"]\n[Termination \"forfeit\"]\n\n1. e4 0-1\n").unplayed);
        assert!(!read("[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n\n1. e4 0-1\n").unplayed);
        assert!(!read("[Result \"1/2-1/2\"]\n\n1/2-1/2\n").unplayed);
        assert!(
            !read(
                "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n[Result \"1-0\"]\n\n1-0\n"
            )
            .unplayed
        );
    }

    #[test]
    fn tags_read() {
        let g = read(
            "[Event \"Tata\"]\n[Site \"Wijk\"]\n[Date \"2022.01.30\"]\n[Round \"13.7\"]\n[WhiteElo \"2865\"]\n[BlackElo \"x\"]\n\n1. e4 *\n",
        );
        assert_eq!(g.round, Some(13));
        assert_eq!((g.sub_round, g.day), (7, 20220130));
        assert_eq!((g.white_elo, g.black_elo), (Some(2865), None));
        let by = GroupBy::parse("event,year").unwrap();
        let text = GameText::of(b"[Event \"Tata\"]\n[Date \"2022.01.30\"]\n\n*\n");
        assert_eq!(walk(text, &mut Results::new(by)).event, "Tata, 2022");
        assert!(GroupBy::parse("event,colour").is_err());
        assert_eq!(
            GroupBy::parse("none").unwrap(),
            GroupBy {
                event: false,
                site: false,
                year: false
            }
        );
    }
}
