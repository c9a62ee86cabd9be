//! `arbiter games`: one row per game — its place, its tags, what `arbiter check` says of it and
//! what its main line comes to — as CSV, JSON Lines or Parquet (issue 16).

use crate::commands::run::game_text;
use std::path::PathBuf;

use crate::analysis::tables::{game_row, too_large_row};
use crate::engine::parallel::RawGame;
use crate::model::{GameRow, GameStatus};
#[cfg(feature = "parquet")]
use crate::report::tables::parquet::ParquetTable;
use crate::report::tables::{TableFormat, text};

use super::output::BufferPool;
use super::tables::{Made, Table, TableOut, TableRows, TableSink};
use super::{Error, InputOptions, RunStatus, run_games};

/// Resolved options of `arbiter games`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Inputs, threads, progress bar and timing line.
    pub input: InputOptions,
    /// Output format.
    pub format: TableFormat,
    /// Output file (`None`: standard output).
    pub output: Option<PathBuf>,
}

impl TableRows for GameRow {
    fn rows(&self) -> u64 {
        1
    }

    #[cfg(feature = "parquet")]
    fn push(&self, table: &mut ParquetTable<TableOut<'_>>, file: &str) -> std::io::Result<()> {
        table.push_game(file, self)
    }
}

/// The row of one game (not read when it is too large).
pub fn row_of(game: &RawGame<'_>) -> GameRow {
    if game.too_large {
        return too_large_row(game.index, game.offset, game.line);
    }
    game_row(game_text(game))
}

/// Runs `arbiter games`.
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
    let sink = TableSink::new(out, options.format, Table::Games, &buffers)?;
    let format = options.format;
    let job = |game: &RawGame<'_>| {
        (game.index > 0).then(|| {
            let row = row_of(game);
            let bad = row.status == GameStatus::Error;
            let made = match format {
                TableFormat::Parquet => Made::Rows(row),
                _ => {
                    let mut bytes = buffers.take();
                    bytes.clear();
                    text::write_game_row(&mut bytes, format, game.name, &row);
                    Made::Bytes(bytes, 1)
                }
            };
            (made, bad)
        })
    };
    run_games(&options.input, job, sink)
}
