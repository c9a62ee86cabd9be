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
        })
    }
}
