//! `arbiter audit` on the command line.

use std::path::PathBuf;

use clap::ValueEnum;

use arbiter::analysis::draw::{AuditOptions, Rules};
use arbiter::commands;

use super::common::{FormatArg, InputArgs, OutputArgs};

/// A draw rule family for `--rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RuleArg {
    /// Threefold (claim) and fivefold (automatic) repetition, arts. 9.2, 9.6.1.
    Repetition,
    /// Fifty-move (claim) and seventy-five-move (automatic) rules, arts. 9.3, 9.6.2.
    Fifty,
    /// Stalemate, art. 5.2.1.
    Stalemate,
    /// Dead position and insufficient material, art. 5.2.2.
    Dead,
}

/// Arguments of `arbiter audit`.
#[derive(Debug, clap::Args)]
pub struct AuditArgs {
    /// Inputs, threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[command(flatten)]
    pub output: OutputArgs<FormatArg>,
    /// Which verdicts are printed.
    #[command(flatten)]
    pub filter: super::common::FilterArgs,
    /// The rules to apply (comma-separated; default: all).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "RULES")]
    pub rules: Vec<RuleArg>,
    /// Also report every point where a threefold or fifty-move claim was available and play
    /// went on.
    #[arg(long)]
    pub missed: bool,
    /// Classify the FEN/EPD lines of FILE (checkmate, stalemate, insufficient material, dead
    /// position) instead of auditing games; `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub positions: Option<PathBuf>,
    /// Also print one record per game (status, plies, result).
    #[arg(long)]
    pub games: bool,
}

impl AuditArgs {
    /// Resolves the arguments into the command's options.
    ///
    /// # Errors
    /// Returns a usage error for option combinations that cannot work.
    pub fn into_options(self) -> anyhow::Result<commands::audit::Options> {
        if self.positions.is_some() && (!self.input.files.is_empty() || self.missed || self.games) {
            anyhow::bail!(
                "--positions classifies the lines of one FEN/EPD file: it takes no PGN files, \
                 --missed or --games"
            );
        }
        if self.games && self.output.format == FormatArg::Csv {
            anyhow::bail!("--games is not available with --format csv (use --format jsonl)");
        }
        let mut rules = Rules::default();
        if !self.rules.is_empty() {
            rules = Rules {
                repetition: self.rules.contains(&RuleArg::Repetition),
                fifty: self.rules.contains(&RuleArg::Fifty),
                stalemate: self.rules.contains(&RuleArg::Stalemate),
                dead: self.rules.contains(&RuleArg::Dead),
            };
        }
        Ok(commands::audit::Options {
            input: self.input.into_options(),
            format: self.output.format.format(),
            audit: AuditOptions {
                rules,
                missed: self.missed,
            },
            games: self.games,
            filter: self.filter.into_options(),
            positions: self.positions,
        })
    }
}
