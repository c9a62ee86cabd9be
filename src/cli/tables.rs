//! `arbiter games` and `arbiter moves` on the command line: tables for data work (issue 16).

use std::path::PathBuf;

use clap::ValueEnum;

use arbiter::commands;
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
    /// standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Arguments of `arbiter games`.
///
/// One row per game: file, game, offset, line; the common tags as columns (event, site, date,
/// round, white, black, result, white_elo, black_elo, eco, opening, time_control, termination,
/// utc_date, utc_time), the other tags as one JSON object (other_tags); plies, the termination
/// marker of the movetext, the status and counts of `arbiter check`, the first main-line move
/// that cannot be played, the final position (FEN) and the speed class of the TimeControl.
///
/// Exit status 1 when a game has errors (as `arbiter check`), 2 when an input cannot be read or
/// the table cannot be written.
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
            output: self.output.output,
        })
    }
}

/// Arguments of `arbiter moves`.
///
/// One row per main-line move: file, game, ply, move_number, side (w/b), san, uci, fen (with
/// --fen), and the data of the move's comments: clk (clock time left, seconds, from
/// `[%clk 0:02:59.9]`), emt (time spent, from `[%emt 0:00:05]`), eval_cp (centipawns, from
/// `[%eval 0.17]`), eval_mate (mate in N, from `[%eval #-3]`), eval_depth (`[%eval 0.17,23]`)
/// and the number of comments.
///
/// Exit status 1 when a main line was cut short by a move that cannot be played (as `arbiter
/// fen`), 2 when an input cannot be read or the table cannot be written.
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
            output: self.output.output,
            fen: self.fen,
        })
    }
}
