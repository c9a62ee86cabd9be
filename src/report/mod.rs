//! Output formats: human text, JSON Lines, CSV and HTML, the progress bar, and the lines every run
//! writes on standard error ([`run`]). The commands never format output themselves.
//!
//! Every format of findings implements [`Report`]; the commands hand it one [`GameReport`] at a
//! time, in input order, then the [`Summary`]. The other subcommands have their printers here
//! too ([`audit`], [`fen`], [`pgn`], [`stats`]). This module sees only [`crate::model`].

use std::io;

use crate::model::{GameReport, Summary};

pub mod audit;
pub mod board;
pub mod clean;
pub mod codes;
pub mod columns;
pub mod csv;
pub mod dedup;
pub mod fen;
pub mod fix;
mod formats_doc;
pub mod html;
pub mod human;
pub mod jsonl;
pub mod pgn;
pub mod progress;
pub mod run;
pub mod standings;
pub mod stats;
pub mod tables;

/// The output format chosen with `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// One line per finding, `path:line:col: severity[code]: message`, then a summary line.
    #[default]
    Text,
    /// One JSON object per line (see FORMATS.md for the contract).
    Jsonl,
    /// A CSV table of findings with a fixed header.
    Csv,
}

/// The output formats of `check` and `audit`: a [`Format`] written as the run goes, or
/// Parquet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportFormat {
    /// Text, JSON Lines or CSV, written as the run goes.
    Stream(Format),
    /// Parquet: the rows of the CSV table as typed columns, written whole at the end (with the
    /// cargo feature `parquet`; `tables::findings`).
    Parquet,
    /// One HTML page with boards ([`html`]), put together at the end.
    Html(html::HtmlOptions),
}

impl Default for ReportFormat {
    fn default() -> Self {
        ReportFormat::Stream(Format::Text)
    }
}

/// A sink for check results.
pub trait Report {
    /// Writes what is known about one game (its findings, and its game record when asked for).
    ///
    /// # Errors
    /// Returns the write error (a closed pipe gives [`io::ErrorKind::BrokenPipe`]).
    fn game(&mut self, file: &str, report: &GameReport) -> io::Result<()>;

    /// Writes the summary and flushes.
    ///
    /// # Errors
    /// Returns the write error.
    fn finish(&mut self, summary: &Summary) -> io::Result<()>;

    /// Writes what waits in the output's buffer (a live stream paused).
    ///
    /// # Errors
    /// Returns the write error.
    fn flush(&mut self) -> io::Result<()>;
}

/// Options shared by the formats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReportOptions {
    /// Use ANSI colours (human format only).
    pub color: bool,
    /// Write one record per game as well as the findings.
    pub games: bool,
    /// The records are FEN/EPD lines, not games (`fen --check`): the text labels each `line
    /// N`, not `game N`.
    pub lines: bool,
}

/// A [`Report`] that hands its output back once finished, so that the caller can close it (a
/// file renamed into place when complete).
pub trait ReportTo<W>: Report {
    /// The output, after [`Report::finish`] wrote the end of the report and flushed it.
    ///
    /// # Errors
    /// Returns the error of writing what the report still held.
    fn into_output(self: Box<Self>) -> io::Result<W>;
}

/// Builds the reporter for `format`, writing to `out`.
pub fn reporter<'w, W: io::Write + 'w>(
    format: Format,
    out: W,
    options: ReportOptions,
) -> Box<dyn Report + 'w> {
    reporter_to(format, out, options)
}

/// Builds the reporter for `format`, writing to `out`, which it hands back when finished.
pub fn reporter_to<'w, W: io::Write + 'w>(
    format: Format,
    out: W,
    options: ReportOptions,
) -> Box<dyn ReportTo<W> + 'w> {
    match format {
        Format::Text => Box::new(human::Human::new(out, options)),
        Format::Jsonl => Box::new(jsonl::Jsonl::new(out, options)),
        Format::Csv => Box::new(csv::Csv::new(out, options.games)),
    }
}
