//! What a mergeable output says of the run that wrote it (issues 31, 32): the inputs it read,
//! the shard of them it holds (`--shard K/N`) and the options that decide its records.
//!
//! `check` and `audit --format jsonl` write it in their summary record and `stats --format
//! json` in its document, as `"run"`:
//!
//! ```text
//! "run":{"inputs":[{"path":"a.pgn","bytes":10233},{"path":"b.pgn","bytes":99}],
//!        "shard":{"k":[2],"n":4},
//!        "options":{"strict":false,"only":[],"ignore":[],"errors_only":false,"games":true}}
//! ```
//!
//! `arbiter merge` and `stats --merge` read it back: the shards of one run must all be there,
//! each once, and the runs merged must have been made with the same options (see
//! `commands::merge::plan`). The merged output says the same of the run it stands for: the
//! inputs of the runs merged, one after the other, and no shard once every shard is there.

use serde::{Deserialize, Serialize};

/// One input of a run, as it stood when the run began.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputFile {
    /// The path as given (the files a directory walk found: as the records' `file` names
    /// them); `-` for standard input.
    pub path: String,
    /// Its size in bytes; `null` for what has no size (standard input, a pipe, a file that
    /// could not be read).
    pub bytes: Option<u64>,
}

/// The shards of a run's inputs an output holds: one (`--shard K/N`), or several (a merge of
/// some of them with `--allow-partial`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shards {
    /// Which shards, from 1, in ascending order.
    pub k: Vec<u64>,
    /// Of how many.
    pub n: u64,
}

/// The run an output comes from: what it read, which shard of it, with which options (`O`:
/// [`CheckRun`], [`AuditRun`], [`StatsRun`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunRecord<O> {
    /// The inputs named (directories walked), in order, each with its size.
    pub inputs: Vec<InputFile>,
    /// The shards held, for a `--shard` run (or a partial merge); absent for a whole run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shards>,
    /// The options that decide the records; `null` in a merge of runs made with different
    /// options (`--allow-mixed`).
    pub options: Option<O>,
}

impl RunRecord<()> {
    /// The record of the same inputs and shard, made with `options`.
    pub fn with_options<O>(self, options: O) -> RunRecord<O> {
        RunRecord {
            inputs: self.inputs,
            shard: self.shard,
            options: Some(options),
        }
    }
}

/// The options of a `check` run that decide what it writes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRun {
    /// `--strict`: warnings counted as errors.
    pub strict: bool,
    /// `--only` patterns, as given.
    pub only: Vec<String>,
    /// `--ignore` patterns, as given.
    pub ignore: Vec<String>,
    /// `--errors-only`.
    pub errors_only: bool,
    /// `--games`: a record per game.
    pub games: bool,
}

/// The rules results are judged by: the profile and the edition of the FIDE Laws.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Judged {
    /// The profile.
    pub profile: ProfileId,
    /// `--laws`: `current`, `pre-2014` or `auto`.
    pub laws: String,
}

/// Which profile: a built-in one by its name, a profile file by its name, path and SHA-256
/// (so that a file named `fide` is told apart from the built-in `fide`, and two files of one
/// name from each other).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileId {
    /// The profile's `name`.
    pub name: String,
    /// The profile file, as `--profile` named it; absent for a built-in profile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The SHA-256 of the file's bytes, in hexadecimal (`sha256sum FILE`); absent for a
    /// built-in profile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
}

impl std::fmt::Display for ProfileId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.file, &self.sha256) {
            (Some(file), Some(sha)) => write!(
                f,
                "{:?} (file {file}, sha256 {})",
                self.name,
                &sha[..sha.len().min(12)]
            ),
            (Some(file), None) => write!(f, "{:?} (file {file})", self.name),
            _ => write!(f, "{:?} (built in)", self.name),
        }
    }
}

/// The options of an `audit` run that decide what it writes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditRun {
    /// `--profile`.
    pub profile: ProfileId,
    /// `--laws`: `current`, `pre-2014` or `auto`.
    pub laws: String,
    /// `--rules`: the rule families applied, in order (all of them by default).
    pub rules: Vec<String>,
    /// `--missed`: `first`, `all`, or `null` (not asked).
    pub missed: Option<String>,
    /// `--only` patterns, as given.
    pub only: Vec<String>,
    /// `--ignore` patterns, as given.
    pub ignore: Vec<String>,
    /// `--errors-only`.
    pub errors_only: bool,
    /// `--games`: a record per game.
    pub games: bool,
}

/// The options of a `stats` run that decide its statistics (`--by` is the document's own
/// field).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatsRun {
    /// `--openings`: openings classified from the moves.
    pub openings: bool,
    /// `--with-check`: the findings of `check` counted.
    pub with_check: bool,
    /// `--with-audit`: the verdicts of `audit` counted, judged by these rules; `null` without.
    pub with_audit: Option<Judged>,
}
