//! `arbiter moves`: one row per main-line move — ply, move number, side, SAN, UCI, optionally
//! the FEN after it, and the clock, time and evaluation of its comments — as CSV, JSON Lines
//! or Parquet (issue 16).

use crate::commands::run::game_text;
use std::path::PathBuf;

use crate::analysis::tables::moves::{move_rows_in_pieces, move_rows_within};
use crate::engine::parallel::RawGame;
use crate::model::{MoveColumns, RunTotals, Unwritten, Work};
#[cfg(feature = "parquet")]
use crate::report::tables::parquet::ParquetTable;
use crate::report::tables::{TableFormat, text};

use super::output::{BufferPool, OutputBudget, OutputFile, Pool};
use super::tables::{Made, Table, TableOut, TableRows, TableSink};
use super::{Error, GameSink, InputOptions, RunStatus, run_games};

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

/// The rows of a game for the Parquet writer: the columns the walk made, which the writer
/// appends to its batch (without Parquet, rows are never made as data: the sink refuses the
/// format).
impl TableRows for MoveColumns {
    fn rows(&self) -> u64 {
        self.len() as u64
    }

    #[cfg(feature = "parquet")]
    fn push(&self, table: &mut ParquetTable<TableOut<'_>>, file: &str) -> std::io::Result<()> {
        table.push_moves(file, self)
    }
}

/// What a job makes of one game for the writer.
#[derive(Debug)]
pub enum MoveOutput<T> {
    /// Its rows (and whether its main line was cut short), holding `held` bytes of the
    /// budget.
    Made {
        /// The rows.
        made: Made<T>,
        /// The main line was cut short.
        bad: bool,
        /// Bytes held for the writer ([`OutputBudget::hold`]).
        held: usize,
    },
    /// The rows did not fit the room the job had: the writer makes them again, in pieces.
    Deferred,
}

/// The rows of a game the writer makes itself ([`MoveOutput::Deferred`]) go out this many at a
/// time (some 2.5 MB with `--fen`).
pub const PIECE_ROWS: usize = 1 << 14;

/// Runs `arbiter moves`.
///
/// Memory: the rows jobs hold for the writer are bounded by an [`OutputBudget`] (as the
/// output of `arbiter fen`): a game whose rows do not fit the room left is made again by the
/// writer, [`PIECE_ROWS`] rows at a time, so no game's rows are ever held whole.
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
    let table = TableSink::new(out, options.format, Table::Moves { fen }, &buffers)?;
    let budget = OutputBudget::default();
    let columns = Pool::default();
    let maker = Maker {
        format: options.format,
        fen,
        buffers: &buffers,
        columns: &columns,
    };
    let job = |game: &RawGame<'_>| {
        (game.index > 0).then(|| {
            let moves = match game.too_large {
                // Not read: no rows, and the game counts as cut short.
                true => MoveColumns {
                    game: game.index,
                    cut_short: true,
                    ..MoveColumns::default()
                },
                false => {
                    let room = budget.room();
                    let per_row = maker.per_row(game.name);
                    let reuse = maker.columns.take();
                    match move_rows_within(game_text(game), fen, room, per_row, reuse) {
                        Some(moves) => moves,
                        None => return MoveOutput::Deferred,
                    }
                }
            };
            let bad = moves.cut_short;
            let (made, held) = maker.make(game.name, moves);
            budget.hold(held);
            MoveOutput::Made { made, bad, held }
        })
    };
    let sink = MoveSink {
        table,
        maker: &maker,
        budget: &budget,
    };
    run_games(&options.input, job, sink)
}

type Rows = MoveColumns;

/// Makes the rows of a game in the output's format (on a worker, or on the writer).
struct Maker<'p> {
    format: TableFormat,
    fen: bool,
    buffers: &'p BufferPool,
    /// The columns of games written, whose room the walks of the next games use again (the
    /// writer copies a game's rows into its batch, then hands them back; glibc's allocator
    /// took about a tenth of the run of `moves --format parquet -j2` making and freeing them on
    /// different threads).
    columns: &'p Pool<MoveColumns>,
}

impl Maker<'_> {
    /// Bytes a row of `file` costs in the output beyond its texts and
    /// [`ROW_FIXED_BYTES`](crate::analysis::tables::moves::ROW_FIXED_BYTES): the file name
    /// each row repeats, and for JSON Lines its keys.
    fn per_row(&self, file: &str) -> usize {
        file.len()
            + match self.format {
                TableFormat::Jsonl => 160,
                _ => 8,
            }
    }

    /// The rows made, and the bytes they hold.
    fn make(&self, file: &str, moves: MoveColumns) -> (Made<Rows>, usize) {
        match self.format {
            TableFormat::Parquet => {
                // The rows' bytes: the room of columns used again is bounded by the pool.
                let held = moves.bytes();
                (Made::Rows(moves), held)
            }
            _ => {
                let mut bytes = self.buffers.take();
                bytes.clear();
                text::write_move_rows(&mut bytes, self.format, file, &moves);
                let rows = moves.len() as u64;
                self.columns.give_back(moves);
                let held = bytes.len();
                (Made::Bytes(bytes, rows), held)
            }
        }
    }
}

/// The sink of `arbiter moves`: the table's writer, and the games deferred to it.
struct MoveSink<'p> {
    table: TableSink<'p>,
    maker: &'p Maker<'p>,
    budget: &'p OutputBudget,
}

impl std::fmt::Debug for MoveSink<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveSink")
            .field("table", &self.table)
            .finish_non_exhaustive()
    }
}

/// The table sink's own results, to name its [`GameSink`] methods.
type TableResult = Option<(Made<Rows>, bool)>;

impl GameSink<Option<MoveOutput<Rows>>> for MoveSink<'_> {
    /// A window's rows are some twelve times its bytes (with `--fen`), and they wait for the
    /// writer: smaller windows than `check`'s keep them within the budget.
    const WINDOW_BYTES: usize = 1 << 20;

    fn game(&mut self, game: &RawGame<'_>, result: Option<MoveOutput<Rows>>) -> Result<(), Error> {
        match result {
            None => Ok(()),
            Some(MoveOutput::Made { made, bad, held }) => {
                self.budget.release(held);
                if let Some(rows) = self.table.add(game.name, made, bad)? {
                    self.maker.columns.give_back(rows);
                }
                Ok(())
            }
            Some(MoveOutput::Deferred) => self.pieces(game),
        }
    }

    /// A live feed paused: the CSV and JSON Lines rows so far go out now.
    fn pause(&mut self) -> Result<(), Error> {
        <TableSink<'_> as GameSink<TableResult>>::pause(&mut self.table)
    }

    fn findings(&self) -> bool {
        <TableSink<'_> as GameSink<TableResult>>::findings(&self.table)
    }

    fn finish(self, totals: &RunTotals, seconds: f64) -> Result<Work, Error> {
        <TableSink<'_> as GameSink<TableResult>>::finish(self.table, totals, seconds)
    }

    fn unwritten(&self) -> Unwritten {
        <TableSink<'_> as GameSink<TableResult>>::unwritten(&self.table)
    }

    fn outputs(&self) -> Vec<OutputFile> {
        <TableSink<'_> as GameSink<TableResult>>::outputs(&self.table)
    }
}

impl MoveSink<'_> {
    /// Makes the rows of a game too large for its job's room, [`PIECE_ROWS`] at a time, and
    /// writes each piece as it is made.
    fn pieces(&mut self, game: &RawGame<'_>) -> Result<(), Error> {
        let (maker, table) = (self.maker, &mut self.table);
        let mut failed: Result<(), Error> = Ok(());
        let mut piece = |moves: MoveColumns| {
            if failed.is_ok() {
                failed = table
                    .add_rows(game.name, maker.make(game.name, moves).0)
                    .map(drop);
            }
        };
        let cut_short = move_rows_in_pieces(game_text(game), maker.fen, PIECE_ROWS, &mut piece);
        failed?;
        // The game counted once, with no rows of its own.
        let (none, _) = maker.make(
            game.name,
            MoveColumns {
                fen: maker.fen.then(Default::default),
                ..MoveColumns::default()
            },
        );
        table.add(game.name, none, cut_short).map(drop)
    }
}
