//! The records of `arbiter dedup` (issue 15): levels, keep policies, groups of duplicates and
//! the run's summary. Plain data; the printers are in `report::dedup`.

use serde::Serialize;

/// What makes two games duplicates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The same start position and the same main-line moves.
    Moves,
    /// The same moves, players, result and date (names and dates normalised).
    #[default]
    Game,
    /// One game's main line is the start of another's, with the same players and start
    /// position (a truncated copy; an equal main line counts too).
    Prefix,
}

impl Level {
    /// The name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Level::Moves => "moves",
            Level::Game => "game",
            Level::Prefix => "prefix",
        }
    }
}

/// Which member of a group is kept (written to `--unique-out`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Keep {
    /// The first in input order.
    #[default]
    First,
    /// The most complete copy: the longest main line, then the most tags, then the most
    /// comments, annotation glyphs and variations, then the first in input order.
    Best,
}

impl Keep {
    /// The name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Keep::First => "first",
            Keep::Best => "best",
        }
    }
}

/// Why the kept member of a group was kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum KeptBecause {
    /// It comes first in input order (`--keep first`, or a tie on every other criterion).
    FirstInInput,
    /// It has the longest main line (`--keep best`).
    LongestMainLine,
    /// Tied on length, it has the most tags.
    MostTags,
    /// Tied on length and tags, it has the most comments, glyphs and variations.
    MostAnnotations,
}

impl KeptBecause {
    /// The words of reports.
    pub fn name(self) -> &'static str {
        match self {
            KeptBecause::FirstInInput => "first-in-input",
            KeptBecause::LongestMainLine => "longest-main-line",
            KeptBecause::MostTags => "most-tags",
            KeptBecause::MostAnnotations => "most-annotations",
        }
    }
}

/// One game of a group.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Member {
    /// The input it comes from.
    pub file: String,
    /// 1-based index of the game in its input.
    pub game: u64,
    /// Byte offset of the game in its input.
    pub offset: u64,
    /// 1-based line of the game's first byte.
    pub line: u64,
    /// The White tag as written (cut to 100 characters).
    pub white: String,
    /// The Black tag as written (cut to 100 characters).
    pub black: String,
    /// The Date tag as written (cut to 100 characters).
    pub date: String,
    /// Main-line plies.
    pub plies: u32,
    /// Tag pairs.
    pub tags: u32,
    /// Comments, annotation glyphs and variations.
    pub annotations: u32,
    /// This member is the one kept.
    pub kept: bool,
}

/// A group of games that are duplicates of each other at the run's level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Group {
    /// 1-based number of the group, in the input order of the groups' first members.
    pub group: u64,
    /// The members, in input order.
    pub members: Vec<Member>,
    /// Why the kept member was kept.
    pub kept_because: KeptBecause,
}

/// Totals of an `arbiter dedup` run.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct DedupSummary {
    /// The level compared.
    pub level: Level,
    /// The keep policy.
    pub keep: Keep,
    /// Inputs read.
    pub files: u64,
    /// Inputs that could not be read.
    pub files_failed: u64,
    /// Games read.
    pub games: u64,
    /// Groups of duplicates (two games or more).
    pub groups: u64,
    /// Games that are copies of a kept game (written to `--duplicates-out`).
    pub duplicates: u64,
    /// Games kept (written to `--unique-out`): `games - duplicates`.
    pub unique: u64,
    /// Sorted runs written to disk because the index outgrew `--memory` (0: it fitted).
    pub spilled_runs: u64,
    /// Bytes of index the games cost (key, payload and index entry: `index_bytes / games` is
    /// what a game costs; the runs on disk take as much less 8 bytes a game).
    pub index_bytes: u64,
    /// Input bytes read.
    pub bytes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}
