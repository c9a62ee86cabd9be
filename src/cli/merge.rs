//! `arbiter merge` on the command line.

use std::path::PathBuf;

use arbiter::commands;

use super::names::AliasArgs;

/// Arguments of `arbiter merge`.
#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// Outputs of runs of one kind: `check --format jsonl`, `audit --format jsonl` (whole, or
    /// their summary lines) or `stats --format json`; `-` (or none) reads standard input.
    #[arg(value_name = "FILE")]
    pub documents: Vec<PathBuf>,
    /// Alias file.
    #[command(flatten)]
    pub aliases: AliasArgs,
    /// What the merge may take besides one whole run.
    #[command(flatten)]
    pub allow: AllowArgs,
}

/// What `arbiter merge` and `stats --merge` may take besides the outputs of one whole run (by
/// default a set with a shard missing, or of runs made with different options, is refused).
#[derive(Debug, clap::Args)]
pub struct AllowArgs {
    /// Merge the shards given even when some of a run's are missing (`--shard K/N` outputs):
    /// the totals are then those of the shards given, and the merged output says which
    /// ("partial: shards 1,3,4 of 4"). A shard given twice is refused even so.
    #[arg(long)]
    pub allow_partial: bool,
    /// Merge runs made with different options (profile, --laws, --strict, --only,
    /// --ignore...): the merged output's record of its options is then null.
    #[arg(long)]
    pub allow_mixed: bool,
}

impl AllowArgs {
    /// The library's options.
    pub fn allow(&self) -> commands::merge::Allow {
        commands::merge::Allow {
            partial: self.allow_partial,
            mixed: self.allow_mixed,
        }
    }
}

impl MergeArgs {
    /// Resolves the arguments into the command's options.
    ///
    /// # Errors
    /// Returns the error of an alias file that cannot be read.
    pub fn into_options(self) -> anyhow::Result<commands::merge::Options> {
        Ok(commands::merge::Options {
            paths: self.documents,
            names: self.aliases.names()?,
            allow: self.allow.allow(),
        })
    }
}
