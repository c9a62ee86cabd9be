//! The per-kind accumulators of [`super::Stats`]: results, players, the higher-rated player,
//! dates, and the counts of `arbiter check` findings and `arbiter audit` verdicts.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::maps::{bump, merge_counts};
use super::{Overflow, add, is_zero, max_opt, min_opt, ratio, share};
use crate::model::{AuditReport, GameReport, GameStatus, Severity};

/// The result of a game as far as statistics are concerned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*` (unfinished, unknown or abandoned).
    Unfinished,
    /// No Result tag with one of the four values and no termination marker.
    #[default]
    Missing,
}

impl GameResult {
    /// Reads `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn from_text(text: &[u8]) -> Option<GameResult> {
        match text {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unfinished),
            _ => None,
        }
    }
}

/// Counts of games per result. Serialised with the PGN result texts as keys; zero counts are
/// left out of the JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Results {
    /// Games won by White (`1-0`).
    #[serde(rename = "1-0", skip_serializing_if = "is_zero")]
    pub white_wins: u64,
    /// Games won by Black (`0-1`).
    #[serde(rename = "0-1", skip_serializing_if = "is_zero")]
    pub black_wins: u64,
    /// Draws (`1/2-1/2`).
    #[serde(rename = "1/2-1/2", skip_serializing_if = "is_zero")]
    pub draws: u64,
    /// Unfinished games (`*`).
    #[serde(rename = "*", skip_serializing_if = "is_zero")]
    pub unfinished: u64,
    /// Games without a readable result.
    #[serde(rename = "none", skip_serializing_if = "is_zero")]
    pub missing: u64,
}

impl Results {
    /// Counts one game.
    pub fn add(&mut self, result: GameResult) {
        match result {
            GameResult::WhiteWins => self.white_wins += 1,
            GameResult::BlackWins => self.black_wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::Unfinished => self.unfinished += 1,
            GameResult::Missing => self.missing += 1,
        }
    }

    /// Adds another set of counts.
    pub fn merge(&mut self, other: &Results) -> Result<(), Overflow> {
        add(&mut self.white_wins, other.white_wins)?;
        add(&mut self.black_wins, other.black_wins)?;
        add(&mut self.draws, other.draws)?;
        add(&mut self.unfinished, other.unfinished)?;
        add(&mut self.missing, other.missing)?;
        Ok(())
    }

    /// All games counted.
    pub fn games(&self) -> u64 {
        self.finished()
            .saturating_add(self.unfinished)
            .saturating_add(self.missing)
    }

    /// Games with a result of `1-0`, `0-1` or `1/2-1/2`.
    pub fn finished(&self) -> u64 {
        self.white_wins
            .saturating_add(self.black_wins)
            .saturating_add(self.draws)
    }

    /// White's score over the finished games, 0.0 to 1.0 (a draw is half a point); `None`
    /// without finished games.
    pub fn white_score(&self) -> Option<f64> {
        share(
            self.white_wins as f64 + self.draws as f64 / 2.0,
            &[self.white_wins, self.black_wins, self.draws],
        )
    }

    /// Share of decisive games among the finished games, 0.0 to 1.0.
    pub fn decisive_share(&self) -> Option<f64> {
        share(
            self.white_wins as f64 + self.black_wins as f64,
            &[self.white_wins, self.black_wins, self.draws],
        )
    }
}

/// One player's games, from the player's side of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Player {
    /// Games played (as White or Black).
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Games with a rating for this player (WhiteElo/BlackElo).
    pub rated_games: u64,
    /// Sum of those ratings (Elo points), for the mean.
    pub rating_sum: u64,
}

impl Player {
    pub(super) fn merge(&mut self, other: &Player) -> Result<(), Overflow> {
        add(&mut self.games, other.games)?;
        add(&mut self.wins, other.wins)?;
        add(&mut self.draws, other.draws)?;
        add(&mut self.losses, other.losses)?;
        add(&mut self.rated_games, other.rated_games)?;
        add(&mut self.rating_sum, other.rating_sum)?;
        Ok(())
    }

    /// Points per finished game, 0.0 to 1.0.
    pub fn score(&self) -> Option<f64> {
        share(
            self.wins as f64 + self.draws as f64 / 2.0,
            &[self.wins, self.draws, self.losses],
        )
    }

    /// Mean rating over the rated games (Elo points).
    pub fn mean_rating(&self) -> Option<f64> {
        ratio(self.rating_sum as f64, self.rated_games)
    }
}

/// Results from the higher-rated player's point of view (games where both players are rated
/// with different ratings and the result is `1-0`, `0-1` or `1/2-1/2`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HigherRated {
    /// The higher-rated player won.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// The lower-rated player won.
    pub losses: u64,
    /// Finished games between equally rated players (not in the three counts above).
    pub equal: u64,
}

impl HigherRated {
    pub(super) fn merge(&mut self, other: &HigherRated) -> Result<(), Overflow> {
        add(&mut self.wins, other.wins)?;
        add(&mut self.draws, other.draws)?;
        add(&mut self.losses, other.losses)?;
        add(&mut self.equal, other.equal)?;
        Ok(())
    }

    /// How often the higher-rated player won, 0.0 to 1.0 of the games counted.
    pub fn win_share(&self) -> Option<f64> {
        share(self.wins as f64, &[self.wins, self.draws, self.losses])
    }

    /// The higher-rated player's score, 0.0 to 1.0.
    pub fn score(&self) -> Option<f64> {
        share(
            self.wins as f64 + self.draws as f64 / 2.0,
            &[self.wins, self.draws, self.losses],
        )
    }
}

/// Date tags: range and counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Dates {
    /// Earliest Date with a known year (`YYYY.MM.DD`, unknown fields `??`, compared as text).
    pub first: Option<String>,
    /// Latest Date with a known year (compared as text, so `2019.??.??` sorts after
    /// `2019.12.31`).
    pub last: Option<String>,
    /// Games without a Date tag with a known year (missing, `????.??.??` or not a date).
    pub unknown: u64,
}

impl Dates {
    pub(super) fn merge(&mut self, other: &Dates) -> Result<(), Overflow> {
        self.first = min_opt(self.first.take(), other.first.clone());
        self.last = max_opt(self.last.take(), other.last.clone());
        add(&mut self.unknown, other.unknown)?;
        Ok(())
    }
}

/// Counts of `arbiter check` findings (with `--with-check`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CheckCounts {
    /// Games checked (0 without `--with-check`).
    pub games: u64,
    /// Games with at least one error.
    pub games_with_errors: u64,
    /// Games with warnings but no error.
    pub games_with_warnings: u64,
    /// Games skipped (unsupported variant).
    pub games_skipped: u64,
    /// Errors per finding code.
    pub errors: BTreeMap<String, u64>,
    /// Warnings per finding code.
    pub warnings: BTreeMap<String, u64>,
}

impl CheckCounts {
    /// Counts one game's report.
    pub fn add(&mut self, report: &GameReport) {
        self.games += 1;
        match report.status() {
            GameStatus::Error => self.games_with_errors += 1,
            GameStatus::Warning => self.games_with_warnings += 1,
            GameStatus::Skipped => self.games_skipped += 1,
            GameStatus::Ok => {}
        }
        for f in &report.findings {
            let map = match f.severity {
                Severity::Error => &mut self.errors,
                Severity::Warning | Severity::Info => &mut self.warnings,
            };
            bump(map, f.code.as_str(), 1);
        }
    }

    pub(super) fn merge(&mut self, other: &CheckCounts) -> Result<(), Overflow> {
        add(&mut self.games, other.games)?;
        add(&mut self.games_with_errors, other.games_with_errors)?;
        add(&mut self.games_with_warnings, other.games_with_warnings)?;
        add(&mut self.games_skipped, other.games_skipped)?;
        merge_counts(&mut self.errors, &other.errors)?;
        merge_counts(&mut self.warnings, &other.warnings)?;
        Ok(())
    }
}

/// Counts of `arbiter audit` verdicts (with `--with-audit`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AuditCounts {
    /// Games audited, skipped ones not included (0 without `--with-audit`), as `games` in the
    /// summary of `arbiter audit`.
    pub games: u64,
    /// Games not audited (unsupported variant, unusable FEN).
    pub games_skipped: u64,
    /// Games audited only up to an illegal move.
    pub games_incomplete: u64,
    /// Games with at least one error verdict.
    pub games_with_verdicts: u64,
    /// Verdicts per code (`draw/claim-available`, `result/contradicted`, ...).
    pub verdicts: BTreeMap<String, u64>,
}

impl AuditCounts {
    /// Counts one game's audit.
    pub fn add(&mut self, report: &AuditReport) {
        // As in the summary of `arbiter audit`: skipped games are not audited games.
        let (audited, verdict, incomplete) = report.tally();
        self.games += u64::from(audited);
        self.games_skipped += u64::from(!audited);
        self.games_with_verdicts += u64::from(verdict);
        self.games_incomplete += u64::from(incomplete);
        for v in &report.verdicts {
            bump(&mut self.verdicts, v.code.as_str(), 1);
        }
    }

    pub(super) fn merge(&mut self, other: &AuditCounts) -> Result<(), Overflow> {
        add(&mut self.games, other.games)?;
        add(&mut self.games_skipped, other.games_skipped)?;
        add(&mut self.games_incomplete, other.games_incomplete)?;
        add(&mut self.games_with_verdicts, other.games_with_verdicts)?;
        merge_counts(&mut self.verdicts, &other.verdicts)?;
        Ok(())
    }
}
