//! What one game contributes to the statistics ([`GameFacts`]), and the options that decide it.

use std::borrow::Cow;

use super::GameResult;
use crate::model::{AuditReport, GameReport};

/// What `arbiter stats` computes for a game besides the statistics of its tags and moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatsOptions {
    /// The tag to group by (`year` = the Date tag's year).
    pub by: Option<String>,
    /// Classify each game's opening from its moves (`--openings`).
    pub openings: bool,
}

/// What one game contributes to [`super::Stats`]. Text is borrowed from the game's bytes when it can
/// be (UTF-8 without escapes).
#[derive(Clone, Debug, Default)]
pub struct GameFacts<'a> {
    /// Main-line plies: move tokens outside variations before the termination marker.
    pub plies: u32,
    /// The first main-line move token, check and annotation marks removed (`None` for a game
    /// from a FEN, without moves, or whose first main-line word is no move).
    pub first_move: Option<Cow<'a, str>>,
    /// The Result tag when it is one of the four results, else the termination marker.
    pub result: GameResult,
    /// The game has a FEN tag.
    pub fen_start: bool,
    /// `Standard`, `Chess960` or the Variant tag as written.
    pub variant: Cow<'a, str>,
    /// ECO tag (not empty, not `?`).
    pub eco: Option<Cow<'a, str>>,
    /// Opening tag (not empty, not `?`).
    pub opening: Option<Cow<'a, str>>,
    /// White tag (not empty, not `?`).
    pub white: Option<Cow<'a, str>>,
    /// Black tag (not empty, not `?`).
    pub black: Option<Cow<'a, str>>,
    /// WhiteElo, when a number in `1..=MAX_RATING`.
    pub white_elo: Option<u32>,
    /// BlackElo, when a number in `1..=MAX_RATING`.
    pub black_elo: Option<u32>,
    /// The Date tag when it is a valid PGN date with a known year.
    pub date: Option<Cow<'a, str>>,
    /// Event tag (not empty, not `?`).
    pub event: Option<Cow<'a, str>>,
    /// TimeControl tag as written.
    pub time_control: Option<Cow<'a, str>>,
    /// Termination tag as written.
    pub termination: Option<Cow<'a, str>>,
    /// The value of the `--by` tag.
    pub group: Option<Cow<'a, str>>,
    /// The game has the `--by` tag (not `year`), whatever its value.
    pub group_tag: bool,
    /// A tag name of the game equal to the `--by` tag but for case, when the game has no tag of
    /// that exact name.
    pub group_near: Option<Cow<'a, str>>,
    /// The `arbiter check` report, with `--with-check`.
    pub check: Option<&'a GameReport>,
    /// The `arbiter audit` report, with `--with-audit`.
    pub audit: Option<&'a AuditReport>,
    /// The opening the moves give (ECO code, name), when classified.
    pub classified: Option<(&'static str, &'static str)>,
    /// Reading the game failed (a bug in arbiter): it is left out of the statistics.
    pub panicked: bool,
}
