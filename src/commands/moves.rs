//! `arbiter moves`: one row per main-line move — ply, move number, side, SAN, UCI, optionally
//! the FEN after it, and the clock, time and evaluation of its comments — as CSV, JSON Lines
//! or Parquet (issue 16).

use std::path::PathBuf;

use crate::analysis::tables::move_rows;
use crate::analysis::walk::GameText;
use crate::engine::parallel::RawGame;
use crate::model::MoveColumns;
#[cfg(feature = "parquet")]
use crate::report::tables::parquet::{ParquetTable, RowBatch, move_batch, move_schema};
use crate::report::tables::{TableFormat, text};

use super::output::BufferPool;
use super::tables::{Made, Table, TableOut, TableRows, TableSink};
use super::{Error, InputOptions, RunStatus, run_games};

/// Resolved options of `arbiter moves`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Inputs, threads, progress bar and timing line.
    pub input: InputOptions,
    /// Output format.
    pub format: TableFormat,
    /// Output file (`None`: standard output).
    pub output: Option<PathBuf>,
    /// Add the FEN after each move.
    pub fen: bool,
}

/// The rows of a game for the Parquet writer: Arrow arrays made on the worker thread (or the
/// error of making them, reported by the writer).
#[cfg(feature = "parquet")]
impl TableRows for std::io::Result<RowBatch> {
    fn rows(&self) -> u64 {
        self.as_ref().map_or(0, RowBatch::rows)
    }

    fn push(self, table: &mut ParquetTable<TableOut<'_>>, _file: &str) -> std::io::Result<()> {
        table.push_batch(self?)
    }
}

/// Without Parquet, rows are never made as data (the sink refuses the format).
#[cfg(not(feature = "parquet"))]
impl TableRows for MoveColumns {
    fn rows(&self) -> u64 {
        self.len() as u64
    }
}

/// Runs `arbiter moves`.
///
/// # Errors
/// Returns an error when the output cannot be opened or written, or the thread pool started.
/// Unreadable inputs are reported on standard error and make the status [`RunStatus::Failed`].
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    let buffers = BufferPool::default();
    let out = TableOut::open(
        options.output.as_deref(),
        &options.input.paths,
        options.format,
        &buffers,
    )?;
    let fen = options.fen;
    let sink = TableSink::new(out, options.format, Table::Moves { fen }, &buffers)?;
    let format = options.format;
    #[cfg(feature = "parquet")]
    let schema = move_schema(fen);
    let job = |game: &RawGame<'_>| {
        (game.index > 0).then(|| {
            let moves = match game.too_large {
                // Not read: no rows, and the game counts as cut short.
                true => MoveColumns {
                    game: game.index,
                    cut_short: true,
                    ..MoveColumns::default()
                },
                false => move_rows(
                    GameText {
                        bytes: game.bytes,
                        index: game.index,
                        offset: game.offset,
                        line: game.line,
                        col: game.col,
                    },
                    fen,
                ),
            };
            let bad = moves.cut_short;
            let made = match format {
                #[cfg(feature = "parquet")]
                TableFormat::Parquet => Made::Rows(move_batch(&schema, game.name, moves)),
                #[cfg(not(feature = "parquet"))]
                TableFormat::Parquet => Made::Rows(moves),
                _ => {
                    let mut bytes = buffers.take();
                    bytes.clear();
                    text::write_move_rows(&mut bytes, format, game.name, &moves);
                    Made::Bytes(bytes, moves.len() as u64)
                }
            };
            (made, bad)
        })
    };
    run_games(&options.input, job, sink)
}
