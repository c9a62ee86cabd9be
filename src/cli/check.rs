//! `arbiter check` on the command line.

use std::path::PathBuf;

use clap::ValueEnum;

use arbiter::commands;
use arbiter::report::html::HtmlOptions;
use arbiter::report::{Format, ReportFormat};

use super::common::{ColorArgs, FilterArgs, InputArgs, ReportOutputArgs};

/// Output formats of `check`: those of `fen`, `pgn` and `dedup`, and Parquet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormatArg {
    /// Human-readable lines: path:line:col: severity[code]: message.
    Text,
    /// JSON Lines: one object per finding, then a summary object.
    Jsonl,
    /// CSV: one row per finding under a fixed header.
    Csv,
    /// Parquet: the rows of the CSV as typed columns (with -o FILE, or to standard output that is a file or a pipe).
    Parquet,
    /// HTML: one self-contained page, findings grouped by code, each with a board.
    Html,
}

impl CheckFormatArg {
    /// The library's format (`html`: with `max_boards` boards at most).
    pub fn format(self, max_boards: u64) -> ReportFormat {
        match self {
            CheckFormatArg::Html => ReportFormat::Html(HtmlOptions { max_boards }),
            CheckFormatArg::Text => ReportFormat::Stream(Format::Text),
            CheckFormatArg::Jsonl => ReportFormat::Stream(Format::Jsonl),
            CheckFormatArg::Csv => ReportFormat::Stream(Format::Csv),
            CheckFormatArg::Parquet => ReportFormat::Parquet,
        }
    }

    /// True for the formats that are one table (CSV, Parquet).
    fn is_table(self) -> bool {
        matches!(self, CheckFormatArg::Csv | CheckFormatArg::Parquet)
    }
}

/// Arguments of `arbiter check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Inputs, threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format and file.
    #[command(flatten)]
    pub output: ReportOutputArgs<CheckFormatArg>,
    /// Colour.
    #[command(flatten)]
    pub color: ColorArgs,
    /// Which findings are printed.
    #[command(flatten)]
    pub filter: FilterArgs,
    /// Report warnings (non-standard notation, tag problems) as errors.
    #[arg(long)]
    pub strict: bool,
    /// Also print one record per game (status, plies, result); in the CSV and Parquet of
    /// `check`, one row per game (with the Result and Elo tags) instead of the findings.
    #[arg(long)]
    pub games: bool,
    /// Write the games without errors to FILE, byte for byte as in the input.
    #[arg(long, value_name = "FILE")]
    pub valid_out: Option<PathBuf>,
    /// Write the games with errors to FILE, byte for byte as in the input.
    #[arg(long, value_name = "FILE")]
    pub invalid_out: Option<PathBuf>,
    /// With --format html: boards for the first N findings or verdicts with a position only.
    ///
    /// Those past them are listed without a board (the page says how many); a board is some
    /// 6 KB of the page.
    #[arg(long, value_name = "N", default_value_t = arbiter::report::html::DEFAULT_MAX_BOARDS)]
    pub html_max_boards: u64,
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
        if self.games && self.output.format.is_table() && filtered {
            let format = match self.output.format {
                CheckFormatArg::Parquet => "parquet",
                _ => "csv",
            };
            anyhow::bail!(
                "--only, --ignore and --errors-only choose the findings to print; \
                 --games --format {format} prints one row per game and no findings"
            );
        }
        Ok(commands::check::Options {
            input: self.input.into_options(),
            report: super::common::report_output(
                self.output.format.format(self.html_max_boards),
                self.output.output,
                &self.color,
                self.filter,
                self.games,
            ),
            strict: self.strict,
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
        assert_eq!(args.output.format, CheckFormatArg::Jsonl);
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
