//! The report output of `check` and `audit`, resolved once from the shared arguments: the format,
//! `-o`, colour, `--games` and which findings are printed; opened, closed and named in errors
//! one way for both.

use std::io;
use std::path::PathBuf;

use crate::model::filter::{FilterOptions, FindingFilter};
use crate::report::{Format, ReportFormat};

use super::Error;
use super::output::{BufferPool, OutputFile};
use super::tables::TableOut;

/// Where a report goes (standard output, or the `-o` file), behind a 64 KiB buffer.
pub type Out<'p> = io::BufWriter<TableOut<'p>>;

/// The report options of `check` and `audit`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReportOutput {
    /// Output format.
    pub format: ReportFormat,
    /// Write the report to this file (`-o`) instead of standard output (`None`: standard
    /// output, also for `-o -`).
    pub output: Option<PathBuf>,
    /// ANSI colours in the text format.
    pub color: bool,
    /// Which findings are printed (all are counted).
    pub filter: FilterOptions,
    /// `-v`/`--all`: the text report shows the info findings too.
    pub all: bool,
    /// Print a record per game.
    pub games: bool,
}

impl ReportOutput {
    /// The format is Parquet (binary: refused on a terminal).
    pub fn parquet(&self) -> bool {
        self.format == ReportFormat::Parquet
    }

    /// The format is one table (CSV, Parquet), with no room for the summary: its text line goes
    /// to standard error as well (unless `--quiet`).
    pub fn is_table(&self) -> bool {
        matches!(
            self.format,
            ReportFormat::Stream(Format::Csv) | ReportFormat::Parquet
        )
    }

    /// The format is the HTML report (findings shown with their context: the board).
    pub fn html(&self) -> bool {
        matches!(self.format, ReportFormat::Html(_))
    }

    /// The compiled `--only`/`--ignore`/`--errors-only`.
    ///
    /// # Errors
    /// A usage error names a pattern that is no code, family or glob.
    pub fn filter(&self) -> Result<FindingFilter, Error> {
        self.filter.filter().map_err(Error::Usage)
    }

    /// Refuses an `-o` that would destroy data or a binary table on a terminal, as
    /// [`TableOut::refuse`] says, before anything is opened (a FIFO waits for its reader).
    ///
    /// # Errors
    /// A usage error says why.
    pub fn refuse(&self, inputs: &[PathBuf]) -> Result<(), Error> {
        TableOut::refuse(self.output.as_deref(), inputs, self.parquet())
    }

    /// Opens the output (the `-o` file under a temporary name, else standard output through
    /// `buffers`), with the `-o` file as the run loop keeps it apart from the inputs.
    ///
    /// # Errors
    /// As [`TableOut::open_for`].
    pub fn open<'p>(
        &self,
        inputs: &[PathBuf],
        buffers: &'p BufferPool,
    ) -> Result<(Out<'p>, Option<OutputFile>), Error> {
        let out = TableOut::open_for(self.output.as_deref(), inputs, self.parquet(), buffers)?;
        let file = out.output_file();
        Ok((io::BufWriter::with_capacity(1 << 16, out), file))
    }
}

/// The error of writing the report: to the `-o` file (the error names it), or to standard
/// output.
pub fn out_error(to_file: bool) -> fn(io::Error) -> Error {
    match to_file {
        true => Error::Io,
        false => Error::Stdout,
    }
}

/// Writes the last of `out` and closes it: the `-o` file renamed into place, or standard
/// output flushed (`to_file`: the errors name the file).
///
/// # Errors
/// The write or rename error.
pub fn close(out: Out<'_>, to_file: bool) -> Result<(), Error> {
    let out = out
        .into_inner()
        .map_err(|e| out_error(to_file)(e.into_error()))?;
    out.commit()
}

/// Writes on standard error the summary line that `write` prints (after a table: CSV,
/// Parquet), ignoring a closed standard error.
pub fn summary_to_stderr(write: impl FnOnce(&mut Vec<u8>)) {
    let mut line = Vec::new();
    write(&mut line);
    let _ = io::Write::write_all(&mut io::stderr(), &line);
}
