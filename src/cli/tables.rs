//! `arbiter games` and `arbiter moves` on the command line: tables for data work (issue 16).

use std::path::PathBuf;

use clap::ValueEnum;

use arbiter::commands;
use arbiter::report::columns;
use arbiter::report::tables::TableFormat;

use super::common::InputArgs;

/// Formats of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormatArg {
    /// CSV with a header row.
    Csv,
    /// JSON Lines: one object per row.
    Jsonl,
    /// Parquet: typed, compressed columns (with -o FILE, or to standard output that is a file or a pipe).
    Parquet,
}

impl TableFormatArg {
    fn format(self) -> TableFormat {
        match self {
            TableFormatArg::Csv => TableFormat::Csv,
            TableFormatArg::Jsonl => TableFormat::Jsonl,
            TableFormatArg::Parquet => TableFormat::Parquet,
        }
    }
}

/// Where a table goes, and as what.
#[derive(Debug, clap::Args)]
pub struct TableOutputArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = TableFormatArg::Csv)]
    pub format: TableFormatArg,
    /// Write the table to FILE (under a temporary name, renamed when complete) instead of
    /// standard output; `-o -` is standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The end of `arbiter games --help`: the columns, their types and the exit status.
pub fn games_long_help() -> String {
    format!(
        "Columns, in order (the same in CSV, JSON Lines and Parquet; null is an empty CSV cell; \
         text decoded, a tag as written with escapes resolved):\n{}\n{}",
        columns::help(&columns::GAME_COLUMNS),
        super::exit::EXIT_GAMES
    )
}

/// The end of `arbiter moves --help`: the columns, their types and the exit status.
pub fn moves_long_help() -> String {
    format!(
        "Columns, in order (the same in CSV, JSON Lines and Parquet; null is an empty CSV cell). \
         Comment commands are read as python-chess reads them; time_spent_s is computed only \
         with a TimeControl that is a game clock (not `?`, `-` or days per move), in \
         milliseconds:\n{}\n{}",
        columns::help(&columns::MOVE_COLUMNS),
        super::exit::EXIT_MOVES
    )
}

/// Arguments of `arbiter games`.
///
/// One row per game: its place, the common tags (dates, Elo, PlyCount and the time control
/// also read into typed columns), the other tags as one JSON object, and what the walk and
/// `arbiter check` found (`games_long_help` lists the columns).
#[derive(Debug, clap::Args)]
pub struct GamesArgs {
    /// Inputs, threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Format and destination.
    #[command(flatten)]
    pub output: TableOutputArgs,
}

impl GamesArgs {
    /// Resolves the arguments into the command's options.
    pub fn into_options(self) -> anyhow::Result<commands::games::Options> {
        Ok(commands::games::Options {
            input: self.input.into_options(),
            format: self.output.format.format(),
            output: super::common::output_path(self.output.output),
        })
    }
}

/// Arguments of `arbiter moves`.
///
/// One row per main-line move: its place, SAN, UCI, the FEN after it (with --fen), and the
/// data of the move's comments: clocks, time spent, evaluations (`moves_long_help` lists the
/// columns).
#[derive(Debug, clap::Args)]
pub struct MovesArgs {
    /// Inputs, threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Format and destination.
    #[command(flatten)]
    pub output: TableOutputArgs,
    /// Add the FEN of the position after each move (the en passant square only when a capture
    /// is legal).
    #[arg(long)]
    pub fen: bool,
}

impl MovesArgs {
    /// Resolves the arguments into the command's options.
    pub fn into_options(self) -> anyhow::Result<commands::moves::Options> {
        Ok(commands::moves::Options {
            input: self.input.into_options(),
            format: self.output.format.format(),
            output: super::common::output_path(self.output.output),
            fen: self.fen,
        })
    }
}
