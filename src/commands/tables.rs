//! What `arbiter games` and `arbiter moves` share: where the table goes (standard output, or a
//! file written under a temporary name and renamed when complete: `-o`; `check` and `audit`
//! send their reports there too, [`TableOut::open_for`]), and the sink that writes the rows in
//! input order — CSV and JSON Lines rows made into buffers on the worker threads, or Parquet
//! rows gathered by the single writer.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::engine::parallel::RawGame;
use crate::model::{RunTotals, Unwritten, Work};
#[cfg(feature = "parquet")]
use crate::report::tables::parquet::ParquetTable;
use crate::report::tables::{TableFormat, text};

use super::output::{AtomicFile, BufferPool, BufferWriter, OutputFile, same_file, stdin_is};
use super::{Error, GameSink};

/// True when `path` is an existing regular file named as PGN (`.pgn`, also compressed:
/// `.pgn.gz`, `.pgn.zst`, `.pgn.bz2`; case ignored), or a symlink to one (the output follows
/// links, so the file replaced is the one they name, whatever the link is called): `-o db.pgn`
/// with the inputs forgotten (standard input read instead) would replace the database with a
/// table.
fn is_pgn_file(path: &Path) -> bool {
    let pgn_name = |path: &Path| {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_ascii_lowercase());
        name.is_some_and(|n| {
            [".pgn", ".pgn.gz", ".pgn.zst", ".pgn.bz2"]
                .iter()
                .any(|ext| n.ends_with(ext))
        })
    };
    let pgn = pgn_name(path) || std::fs::canonicalize(path).is_ok_and(|p| pgn_name(&p));
    pgn && std::fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// True when `path` is a terminal (`-o /dev/stdout` or `-o /dev/tty` in one).
fn is_terminal(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let device = std::fs::metadata(path).is_ok_and(|m| m.file_type().is_char_device());
    device
        && std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .is_ok_and(|f| io::IsTerminal::is_terminal(&f))
}

/// Where a table goes: standard output or a file (`-o`).
#[derive(Debug)]
pub enum TableOut<'p> {
    /// Standard output.
    Stdout(BufferWriter<'p>),
    /// A file, renamed into place at the end.
    File(AtomicFile),
}

impl<'p> TableOut<'p> {
    /// Opens the output: `path`, or standard output. A binary format to a terminal, or an
    /// output file that is one of the inputs, is refused.
    ///
    /// # Errors
    /// Returns [`Error::Usage`] for a refused output, or the error of opening it.
    pub fn open(
        path: Option<&Path>,
        inputs: &[PathBuf],
        format: TableFormat,
        buffers: &'p BufferPool,
    ) -> Result<TableOut<'p>, Error> {
        TableOut::open_for(path, inputs, format == TableFormat::Parquet, buffers)
    }

    /// Opens the output of a table or a report (`-o` of `games`, `moves`, `check` and
    /// `audit`): `path`, or standard output; `binary` for Parquet. Refused as
    /// [`TableOut::refuse`] says.
    ///
    /// # Errors
    /// Returns [`Error::Usage`] for a refused output, or the error of opening it.
    pub fn open_for(
        path: Option<&Path>,
        inputs: &[PathBuf],
        binary: bool,
        buffers: &'p BufferPool,
    ) -> Result<TableOut<'p>, Error> {
        // `-o -` is standard output, as no `-o`.
        let path = path.filter(|p| p.as_os_str() != "-");
        TableOut::refuse(path, inputs, binary)?;
        match path {
            Some(path) => Ok(TableOut::File(AtomicFile::create(path)?)),
            None => Ok(TableOut::Stdout(BufferWriter::stdout(buffers)?)),
        }
    }

    /// Refuses an output before anything is written: `-o` naming one of the `inputs` (hard
    /// links and symlinks included) or an existing PGN file, and a `binary` format (Parquet)
    /// to a terminal (`-o /dev/tty`, or standard output without `-o` or with `-o -`).
    ///
    /// # Errors
    /// Returns [`Error::Usage`] saying why.
    pub fn refuse(path: Option<&Path>, inputs: &[PathBuf], binary: bool) -> Result<(), Error> {
        let path = path.filter(|p| p.as_os_str() != "-");
        let binary_to_terminal = || {
            Error::Usage("Parquet is a binary format: write it with -o FILE, or send standard output to a file or a pipe".into())
        };
        let Some(path) = path else {
            return match binary && io::IsTerminal::is_terminal(&io::stdout()) {
                true => Err(binary_to_terminal()),
                false => Ok(()),
            };
        };

        if let Some(input) = inputs.iter().find(|i| same_file(i, path)) {
            return Err(Error::Usage(format!(
                "-o {}: is the input {}; arbiter never writes over an input",
                path.display(),
                input.display()
            )));
        }
        // (Standard input read from it is refused later, in those words.)
        if is_pgn_file(path) && !stdin_is(path) {
            return Err(Error::Usage(format!(
                "-o {}: is a PGN file; arbiter does not write its output over one (if it \
                 was meant as an input, put the output's name right after -o: -o OUT FILE...; \
                 else give the output a name of its format: report.txt, games.csv, moves.parquet...)",
                path.display()
            )));
        }
        if binary && is_terminal(path) {
            return Err(binary_to_terminal());
        }
        Ok(())
    }

    /// True when the output is a file (`-o`), not standard output.
    pub fn is_file(&self) -> bool {
        matches!(self, TableOut::File(_))
    }

    /// The `-o` file as the run loop keeps it apart from the inputs (none for standard
    /// output).
    pub fn output_file(&self) -> Option<OutputFile> {
        match self {
            TableOut::File(file) => Some(file.output_file("-o")),
            TableOut::Stdout(_) => None,
        }
    }

    /// Hands over one buffer of rows.
    fn push(&mut self, bytes: Vec<u8>, buffers: &BufferPool) -> Result<(), Error> {
        match self {
            TableOut::Stdout(out) => out.push(bytes).map_err(Error::Stdout),
            TableOut::File(file) => {
                let written = file.write_all(&bytes);
                buffers.give_back(bytes);
                written
            }
        }
    }

    /// Flushes standard output, or renames the file into place.
    ///
    /// # Errors
    /// Returns the error of writing (standard output) or of renaming the file.
    pub fn commit(self) -> Result<(), Error> {
        match self {
            TableOut::Stdout(mut out) => out.flush().map_err(Error::Stdout),
            TableOut::File(file) => file.commit(),
        }
    }
}

impl Write for TableOut<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            TableOut::Stdout(out) => out.write(buf),
            TableOut::File(file) => file
                .write_all(buf)
                .map(|()| buf.len())
                .map_err(io::Error::other),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            TableOut::Stdout(out) => out.flush(),
            TableOut::File(file) => file.flush().map_err(io::Error::other),
        }
    }
}

/// What the job makes of one game for the sink: the rows as bytes (CSV, JSON Lines) or as data
/// (Parquet).
#[derive(Debug)]
pub enum Made<T> {
    /// Rows written, and their number.
    Bytes(Vec<u8>, u64),
    /// The rows as data.
    Rows(T),
}

/// A table's rows as the Parquet writer takes them.
pub trait TableRows {
    /// Number of rows.
    fn rows(&self) -> u64;
    /// Adds them to `table` (which copies them).
    ///
    /// # Errors
    /// Returns the error of writing.
    #[cfg(feature = "parquet")]
    fn push(&self, table: &mut ParquetTable<TableOut<'_>>, file: &str) -> io::Result<()>;
}

/// Where the rows go.
enum Writer<'p> {
    Text(TableOut<'p>),
    #[cfg(feature = "parquet")]
    Parquet(Box<ParquetTable<TableOut<'p>>>),
}

/// The sink of `arbiter games` and `arbiter moves`.
pub struct TableSink<'p> {
    writer: Writer<'p>,
    buffers: &'p BufferPool,
    games: u64,
    rows: u64,
    /// Games with errors (`games`) or cut short (`moves`): counted on standard error, not in
    /// the exit status (the table is written whatever the games hold; `check` grades them).
    bad: u64,
    /// The table.
    table: Table,
    to_file: bool,
    /// The `-o` file, for the run loop (never an input, standard input included).
    outputs: Vec<OutputFile>,
}

impl std::fmt::Debug for TableSink<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableSink")
            .field("games", &self.games)
            .field("rows", &self.rows)
            .finish_non_exhaustive()
    }
}

/// The table's columns and Parquet schema, by subcommand.
#[derive(Clone, Copy, Debug)]
pub enum Table {
    /// `arbiter games`.
    Games,
    /// `arbiter moves` (with the FEN column or not).
    Moves {
        /// The FEN column.
        fen: bool,
    },
}

impl<'p> TableSink<'p> {
    /// A sink writing `table` in `format` to `out`, starting with the CSV header.
    ///
    /// # Errors
    /// Returns the error of writing the header or starting the Parquet writer.
    pub fn new(
        out: TableOut<'p>,
        format: TableFormat,
        table: Table,
        buffers: &'p BufferPool,
    ) -> Result<TableSink<'p>, Error> {
        let outputs: Vec<OutputFile> = out.output_file().into_iter().collect();
        let to_file = !outputs.is_empty();
        let writer = match format {
            TableFormat::Parquet => parquet_writer(out, table)?,
            TableFormat::Csv => {
                let mut out = out;
                let mut header = buffers.take();
                header.clear();
                match table {
                    Table::Games => text::write_header(&mut header, text::game_columns()),
                    Table::Moves { fen } => {
                        text::write_header(&mut header, text::move_columns(fen));
                    }
                }
                out.push(header, buffers)?;
                Writer::Text(out)
            }
            TableFormat::Jsonl => Writer::Text(out),
        };
        Ok(TableSink {
            writer,
            buffers,
            games: 0,
            rows: 0,
            bad: 0,
            table,
            to_file,
            outputs,
        })
    }
}

#[cfg(feature = "parquet")]
fn parquet_writer(out: TableOut<'_>, table: Table) -> Result<Writer<'_>, Error> {
    let table = match table {
        Table::Games => ParquetTable::games(out),
        Table::Moves { fen } => ParquetTable::moves(out, fen),
    };
    Ok(Writer::Parquet(Box::new(table?)))
}

#[cfg(not(feature = "parquet"))]
fn parquet_writer(_out: TableOut<'_>, _table: Table) -> Result<Writer<'_>, Error> {
    Err(parquet_not_built())
}

/// The usage error of `--format parquet` in a build without the cargo feature `parquet`.
#[cfg(not(feature = "parquet"))]
pub(super) fn parquet_not_built() -> Error {
    Error::Usage("--format parquet: this arbiter was built without the `parquet` feature".into())
}

impl TableSink<'_> {
    /// Takes the rows of one game (`bad`: with errors, or cut short) of the input `file`, and
    /// hands rows made as data back once they are written (their buffers can be used again).
    ///
    /// # Errors
    /// Returns the error of writing.
    pub fn add<T: TableRows>(
        &mut self,
        file: &str,
        made: Made<T>,
        bad: bool,
    ) -> Result<Option<T>, Error> {
        self.games += 1;
        self.bad += u64::from(bad);
        self.add_rows(file, made)
    }

    /// Takes rows of a game handed over in pieces (the game is counted by [`TableSink::add`],
    /// with its last piece), and hands rows made as data back once they are written.
    ///
    /// # Errors
    /// Returns the error of writing.
    pub fn add_rows<T: TableRows>(
        &mut self,
        file: &str,
        made: Made<T>,
    ) -> Result<Option<T>, Error> {
        // The file's name goes to the Parquet writer only.
        #[cfg(not(feature = "parquet"))]
        let _ = file;
        match (made, &mut self.writer) {
            (Made::Bytes(bytes, rows), Writer::Text(out)) => {
                self.rows += rows;
                out.push(bytes, self.buffers).map(|()| None)
            }
            #[cfg(feature = "parquet")]
            (Made::Rows(rows), Writer::Parquet(table)) => {
                self.rows += rows.rows();
                match rows.push(table, file) {
                    Ok(()) => Ok(Some(rows)),
                    Err(e) => Err(self.error(e)),
                }
            }
            _ => unreachable!("the job makes rows for the sink's format"),
        }
    }
}

impl<T: TableRows> GameSink<Option<(Made<T>, bool)>> for TableSink<'_> {
    fn game(&mut self, game: &RawGame<'_>, result: Option<(Made<T>, bool)>) -> Result<(), Error> {
        match result {
            Some((made, bad)) => self.add(game.name, made, bad).map(drop),
            None => Ok(()),
        }
    }

    fn pause(&mut self) -> Result<(), Error> {
        match &mut self.writer {
            // CSV and JSON Lines rows are whole: the reader gets the games so far.
            Writer::Text(out) => out.flush().map_err(Error::Stdout),
            // A Parquet file is readable only once its footer is written, at the end.
            #[cfg(feature = "parquet")]
            Writer::Parquet(_) => Ok(()),
        }
    }

    /// Never: a table written is the run's success, whatever its games hold (issue 31; the
    /// count of games with errors or cut short is on standard error).
    fn findings(&self) -> bool {
        false
    }

    fn finish(self, _totals: &RunTotals, _seconds: f64) -> Result<Work, Error> {
        let (with_errors, cut_short) = match self.table {
            Table::Games => (self.bad, 0),
            Table::Moves { .. } => (0, self.bad),
        };
        let work = Work::Rows {
            rows: self.rows,
            games: self.games,
            with_errors,
            cut_short,
        };
        // (Without the `parquet` feature the match has one arm.)
        #[allow(clippy::infallible_destructuring_match)]
        let out = match self.writer {
            Writer::Text(out) => out,
            #[cfg(feature = "parquet")]
            Writer::Parquet(table) => table.finish().map_err(Error::Stdout)?,
        };
        out.commit()?;
        Ok(work)
    }

    fn unwritten(&self) -> Unwritten {
        if self.to_file {
            Unwritten::OutputFile
        } else {
            Unwritten::Nothing
        }
    }

    fn outputs(&self) -> Vec<OutputFile> {
        self.outputs.clone()
    }
}

impl TableSink<'_> {
    /// An error of the Parquet writer: of the file, or of standard output.
    #[cfg(feature = "parquet")]
    fn error(&self, e: io::Error) -> Error {
        match &self.writer {
            Writer::Parquet(_) if self.to_file => Error::Io(e),
            _ => Error::Stdout(e),
        }
    }
}
