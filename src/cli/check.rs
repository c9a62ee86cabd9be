//! `arbiter check` on the command line.

use std::path::PathBuf;

use arbiter::commands;

use super::common::{ColorArgs, FilterArgs, FormatArg, InputArgs, OutputArgs};

/// Arguments of `arbiter check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Inputs, threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[command(flatten)]
    pub output: OutputArgs<FormatArg>,
    /// Colour.
    #[command(flatten)]
    pub color: ColorArgs,
    /// Which findings are printed.
    #[command(flatten)]
    pub filter: FilterArgs,
    /// Report warnings (non-standard notation, tag problems) as errors.
    #[arg(long)]
    pub strict: bool,
    /// Also print one record per game (status, plies, result); in the CSV of `check`, one row
    /// per game (with the Result and Elo tags) instead of the findings.
    #[arg(long)]
    pub games: bool,
    /// Write the games without errors to FILE, byte for byte as in the input.
    #[arg(long, value_name = "FILE")]
    pub valid_out: Option<PathBuf>,
    /// Write the games with errors to FILE, byte for byte as in the input.
    #[arg(long, value_name = "FILE")]
    pub invalid_out: Option<PathBuf>,
}

impl CheckArgs {
    /// Resolves the arguments into the command's options (terminal and NO_COLOR checks here).
    ///
    /// # Errors
    /// Returns a usage error for option combinations that cannot work.
    pub fn into_options(self) -> anyhow::Result<commands::check::Options> {
        let filtered = !self.filter.only.is_empty()
            || !self.filter.ignore.is_empty()
            || self.filter.errors_only;
        if self.games && self.output.format == FormatArg::Csv && filtered {
            anyhow::bail!(
                "--only, --ignore and --errors-only choose the findings to print; \
                 --games --format csv prints one row per game and no findings"
            );
        }
        Ok(commands::check::Options {
            input: self.input.into_options(),
            format: self.output.format.format(),
            color: self.color.enabled(),
            strict: self.strict,
            filter: self.filter.into_options(),
            games: self.games,
            valid_out: self.valid_out,
            invalid_out: self.invalid_out,
        })
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    #[test]
    fn check_flags_parse() {
        let cli = Cli::parse_from([
            "arbiter",
            "check",
            "-j",
            "2",
            "--format",
            "jsonl",
            "--strict",
            "--games",
            "--quiet",
            "--valid-out",
            "v.pgn",
            "a.pgn",
            "-",
        ]);
        let Command::Check(args) = cli.command else {
            panic!("not check");
        };
        assert_eq!(args.input.jobs, 2);
        assert_eq!(args.output.format, FormatArg::Jsonl);
        assert!(args.strict && args.games && args.input.quiet);
        assert_eq!(
            args.input.files,
            vec![PathBuf::from("a.pgn"), PathBuf::from("-")]
        );
        let options = args.into_options().unwrap();
        assert!(!options.input.progress);
        assert_eq!(options.valid_out, Some(PathBuf::from("v.pgn")));
    }
}
