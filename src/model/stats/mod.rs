//! The statistics of `arbiter stats` as data (issue 5): what one game contributes
//! ([`GameFacts`]) and the mergeable totals ([`Stats`], [`GroupedStats`]).
//!
//! Everything in [`Stats`] is a count, a sum or a histogram, so two partial results merge
//! exactly ([`Stats::merge`] is commutative and associative, xsv style): per-thread partials,
//! per-file results and JSON outputs of separate runs all combine into the numbers one run over
//! all the games would give. Medians come from the stored histograms; means from sums and
//! counts; nothing is kept that depends on the order of the games. Reading a game into its facts
//! is `analysis::stats`; printing the totals is `report::stats`.
//!
//! `counts.rs` holds the per-kind accumulators (results, players, ratings, dates, check and
//! audit counts), `totals.rs` the totals of a set of games ([`Stats`]), `grouped.rs` the totals
//! per group ([`GroupedStats`]), `facts.rs` what one game contributes ([`GameFacts`]),
//! `maps.rs` the counting maps, `players.rs` the players per spelling ([`PlayerMap`]) and
//! `people.rs` per person ([`People`]).

mod counts;
mod facts;
mod grouped;
mod maps;
mod people;
mod players;
mod totals;

pub use super::sorted_map::SortedMap;
pub use counts::{AuditCounts, CheckCounts, Dates, GameResult, HigherRated, Player, Results};
pub use facts::{GameFacts, StatsOptions};
pub use grouped::GroupedStats;
pub use maps::TextMap;
pub use people::{People, PeopleView, Person, Suggestion};
pub use players::PlayerMap;
pub use totals::{Stats, median, moves_of};

/// Width of a rating-difference bucket, in Elo points.
pub const RATING_DIFF_BUCKET: i32 = 50;
/// Width of a rating band (mean Elo of the two players), in Elo points.
pub const RATING_BAND: u32 = 200;
/// Ratings outside `1..=MAX_RATING` are treated as missing (typing errors, placeholders).
pub const MAX_RATING: u32 = 4000;
/// The pseudo-tag of `--by year`: the year of the Date tag.
pub const BY_YEAR: &str = "year";
/// The group of a game without the `--by` tag (or without a known year).
pub const UNKNOWN_GROUP: &str = "?";

/// A count of a merge went past `u64::MAX` (only hand-made or corrupt `--merge` inputs hold
/// such counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow;

impl std::fmt::Display for Overflow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a count of the merged statistics exceeds {} (the largest count arbiter stats holds)",
            u64::MAX
        )
    }
}

impl std::error::Error for Overflow {}

/// `*into += n`, or [`Overflow`].
fn add(into: &mut u64, n: u64) -> Result<(), Overflow> {
    *into = into.checked_add(n).ok_or(Overflow)?;
    Ok(())
}

/// Whether a count is zero (left out of the JSON).
fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// `num / den`, or `None` when `den` is 0.
fn ratio(num: f64, den: u64) -> Option<f64> {
    (den > 0).then(|| num / den as f64)
}

/// `num` over the sum of `parts`, or `None` when they are all 0. The sum is taken in `f64`:
/// the counts of a hand-made merge document may add past 2^64 − 1, and below 2^53 (any real
/// database) it is the exact integer sum, so the share is the one `ratio` gives.
fn share(num: f64, parts: &[u64]) -> Option<f64> {
    let den: f64 = parts.iter().map(|&n| n as f64).sum();
    (den > 0.0).then(|| num / den)
}

/// The lesser of two optional texts (either one when the other is `None`).
fn min_opt(a: Option<String>, b: Option<String>) -> Option<String> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The greater of two optional texts (either one when the other is `None`).
fn max_opt(a: Option<String>, b: Option<String>) -> Option<String> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}
