//! The records of `arbiter fix` (issue 14): one [`Change`] per repair made, the game that could
//! not be repaired ([`Rejected`]), and the counts of a run ([`FixSummary`]).

use serde::Serialize;

/// One change `arbiter fix` made to a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The repair's name (`san`, `result-decided`, `date`...).
    pub repair: &'static str,
    /// The tag changed, for a tag repair.
    pub tag: Option<String>,
    /// The ply of the move changed (along its line), for a move repair.
    pub ply: Option<u32>,
    /// The move stands in a variation.
    pub variation: bool,
    /// 1-based line of what was changed in the input (the game's first line when the change is
    /// about the whole game).
    pub line: u64,
    /// The text before (`None`: there was none, e.g. a tag added).
    pub before: Option<String>,
    /// The text after (`None`: removed).
    pub after: Option<String>,
    /// The rule the repair follows: the code `arbiter check` or `arbiter audit` reports for the
    /// fault, or the PGN standard / FIDE article.
    pub rule: String,
}

/// Why a game was not repaired (written to `--rejects` as it was).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rejected {
    /// The code of the first error no repair covers.
    pub code: crate::model::Code,
    /// 1-based line of that error.
    pub line: u64,
    /// Its message.
    pub message: String,
    /// The game's length in bytes (what `--rejects` holds of it, from `offset`).
    pub bytes: u64,
}

/// Counts of an `arbiter fix` run.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct FixSummary {
    /// Input files read.
    pub files: u64,
    /// Input files that could not be read.
    pub files_failed: u64,
    /// Games read.
    pub games: u64,
    /// Games written to the output.
    pub written: u64,
    /// Games written to `--rejects` (or left out without it).
    pub rejected: u64,
    /// Games written with at least one change.
    pub changed: u64,
    /// Changes per repair name, in name order.
    pub changes: std::collections::BTreeMap<&'static str, u64>,
    /// Seconds the run took.
    pub seconds: f64,
}
