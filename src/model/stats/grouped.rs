//! The totals over all games and per value of the `--by` tag ([`GroupedStats`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::maps::entry;
use super::{GameFacts, Stats, UNKNOWN_GROUP, min_opt};

/// Statistics over all games and, with `--by TAG`, per value of that tag.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GroupedStats {
    /// The grouping tag (`None` without `--by`).
    pub by: Option<String>,
    /// All games.
    pub all: Stats,
    /// Per value of the `by` tag ([`UNKNOWN_GROUP`] for games without it).
    pub groups: BTreeMap<String, Stats>,
    /// Games that have the `by` tag (whatever its value; not in the JSON): none means the tag
    /// name is probably misspelt.
    #[serde(skip)]
    pub by_tag_games: u64,
    /// A tag name of the games that matches `by` but for case (the least in byte order; not in
    /// the JSON), for the warning when no game has the `by` tag.
    #[serde(skip)]
    pub by_tag_near: Option<String>,
}

impl GroupedStats {
    /// Empty statistics grouped by `by`.
    pub fn new(by: Option<String>) -> GroupedStats {
        GroupedStats {
            by,
            ..GroupedStats::default()
        }
    }

    /// Adds one game to the totals and to its group.
    pub fn add(&mut self, game: &GameFacts<'_>) {
        self.all.add(game);
        self.by_tag_games += u64::from(game.group_tag);
        if let Some(near) = &game.group_near
            && self.by_tag_near.as_deref().is_none_or(|n| **near < *n)
        {
            self.by_tag_near = Some(near.to_string());
        }
        if self.by.is_some() {
            let key = game.group.as_deref().unwrap_or(UNKNOWN_GROUP);
            entry(&mut self.groups, key).add(game);
        }
    }

    /// Merges another result grouped by the same tag.
    ///
    /// # Errors
    /// Returns a message when the two were grouped by different tags.
    pub fn merge(&mut self, other: &GroupedStats) -> Result<(), String> {
        if self.by != other.by {
            return Err(format!(
                "grouped by {} and by {}: cannot merge",
                self.by.as_deref().unwrap_or("nothing"),
                other.by.as_deref().unwrap_or("nothing")
            ));
        }
        self.all.merge(&other.all).map_err(|e| e.to_string())?;
        self.by_tag_games = self.by_tag_games.saturating_add(other.by_tag_games);
        self.by_tag_near = min_opt(self.by_tag_near.take(), other.by_tag_near.clone());
        for (k, v) in &other.groups {
            self.groups
                .entry(k.clone())
                .or_default()
                .merge(v)
                .map_err(|e| format!("group {k:?}: {e}"))?;
        }
        Ok(())
    }
}
