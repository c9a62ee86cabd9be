//! CSV output: one row per finding under a fixed header (column order is stable), or, for
//! `check --games`, one row per game.
//!
//! Columns: `severity,code,file,game,ply,move,token,line,col,fen,message,variation,event,white,
//! black,san` ([`HEADER`]); with `--games`, [`GAMES_HEADER`]. Empty cells stand for null. Text from the input (file names, tokens, tag
//! values, messages, the FEN line of `fen --check`) goes through [`csv_text`]: control
//! characters are replaced by U+FFFD (as in the text format), so a CSV file viewed in a
//! terminal cannot drive it, and a cell that a spreadsheet would run as a formula gets a `'` in
//! front. The summary is not part of the table (the command prints it on standard error).

use std::io::{self, Write};

use super::clean::{csv_io_error, csv_text, csv_token};
use super::columns::ColumnType::{Bool, Text, U32, U64};
use super::columns::{Column, names};
use super::{Report, ReportTo};
use crate::model::{GameReport, GameStatus, Summary};

/// The columns of a finding row, in order, with their types (one description for CSV and
/// Parquet).
pub const FINDING_COLUMNS: [Column; 16] = [
    Column::new("severity", Text),
    Column::new("code", Text),
    Column::new("file", Text),
    Column::new("game", U64),
    Column::nullable("ply", U32),
    Column::nullable("move", Text),
    Column::nullable("token", Text),
    Column::new("line", U64),
    Column::new("col", U32),
    Column::nullable("fen", Text),
    Column::new("message", Text),
    Column::new("variation", Bool),
    Column::nullable("event", Text),
    Column::nullable("white", Text),
    Column::nullable("black", Text),
    Column::nullable("san", Text),
];

/// The column names, in order.
pub const HEADER: [&str; 16] = names(&FINDING_COLUMNS);

/// The columns of `check --games` in a table (CSV, Parquet), in order, with their types: one
/// row per game. The names and meanings are those of `arbiter games` (`result` is the Result
/// tag, `marker` the movetext's termination marker); `status`, `errors` and `warnings` are this
/// run's (with `--strict`, warnings count as errors).
pub const GAME_ROW_COLUMNS: [Column; 15] = [
    Column::new("file", Text),
    Column::new("game", U64),
    Column::new("offset", U64),
    Column::new("line", U64),
    Column::nullable("event", Text),
    Column::nullable("white", Text),
    Column::nullable("black", Text),
    Column::nullable("result", Text),
    Column::nullable("white_elo", Text),
    Column::nullable("black_elo", Text),
    Column::new("plies", U32),
    Column::nullable("marker", Text),
    Column::new("status", Text),
    Column::new("errors", U32),
    Column::new("warnings", U32),
];

/// The column names of `check --games --format csv`, in order ([`GAME_ROW_COLUMNS`]).
pub const GAMES_HEADER: [&str; 15] = names(&GAME_ROW_COLUMNS);

/// The CSV reporter.
pub struct Csv<W: Write> {
    out: csv::Writer<W>,
    header_written: bool,
    /// One row per game ([`GAMES_HEADER`]) instead of one per finding.
    games: bool,
}

impl<W: Write> std::fmt::Debug for Csv<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Csv").finish_non_exhaustive()
    }
}

impl<W: Write> Csv<W> {
    /// A reporter writing to `out`: the findings, or with `games` one row per game.
    pub fn new(out: W, games: bool) -> Csv<W> {
        Csv {
            out: csv::Writer::from_writer(out),
            header_written: false,
            games,
        }
    }

    fn header(&mut self) -> io::Result<()> {
        if !self.header_written {
            self.header_written = true;
            let header: &[&str] = if self.games { &GAMES_HEADER } else { &HEADER };
            self.out.write_record(header).map_err(csv_io_error)?;
        }
        Ok(())
    }

    /// The row of one game ([`GAMES_HEADER`]); text from the input goes through [`csv_text`].
    fn game_row(&mut self, file: &str, report: &GameReport) -> io::Result<()> {
        let info = &report.info;
        let clean = |text: Option<&str>| csv_text(text.unwrap_or("")).into_owned();
        let record = info.record.as_deref();
        let (status, errors, warnings) = report.found();
        let status = match status {
            GameStatus::Ok => "ok",
            GameStatus::Warning => "warning",
            GameStatus::Error => "error",
            GameStatus::Skipped => "skipped",
        };
        let row: [String; 15] = [
            clean(Some(file)),
            info.index.to_string(),
            info.offset.to_string(),
            info.line.to_string(),
            clean(info.event.as_deref()),
            clean(info.white.as_deref()),
            clean(info.black.as_deref()),
            clean(record.and_then(|r| r.result.as_deref())),
            clean(record.and_then(|r| r.white_elo.as_deref())),
            clean(record.and_then(|r| r.black_elo.as_deref())),
            info.plies.to_string(),
            clean(info.result.as_deref()),
            status.to_owned(),
            errors.to_string(),
            warnings.to_string(),
        ];
        self.out.write_record(row).map_err(csv_io_error)
    }
}

impl<W: Write> Report for Csv<W> {
    fn game(&mut self, file: &str, report: &GameReport) -> io::Result<()> {
        self.header()?;
        if self.games {
            return self.game_row(file, report);
        }
        let info = &report.info;
        for f in &report.findings {
            let game = info.index.to_string();
            let ply = f.ply.map(|p| p.to_string()).unwrap_or_default();
            let line = f.line.to_string();
            let col = f.col.to_string();
            // Text from the input: no control characters, no formulas.
            let clean = |text: &str| csv_text(text).into_owned();
            let (message, event, white, black, token) = (
                clean(&f.message),
                clean(info.event.as_deref().unwrap_or("")),
                clean(info.white.as_deref().unwrap_or("")),
                clean(info.black.as_deref().unwrap_or("")),
                csv_token(f.token.as_deref().unwrap_or("")).into_owned(),
            );
            // The file name, and the FEN (the line as written, for `fen --check`).
            let (file, fen) = (clean(file), clean(f.fen.as_deref().unwrap_or("")));
            let row: [&str; 16] = [
                f.severity.as_str(),
                f.code.as_str(),
                &file,
                &game,
                &ply,
                f.move_text.as_deref().unwrap_or(""),
                &token,
                &line,
                &col,
                &fen,
                &message,
                if f.variation { "true" } else { "false" },
                &event,
                &white,
                &black,
                f.san.as_deref().unwrap_or(""),
            ];
            self.out.write_record(row).map_err(csv_io_error)?;
        }
        Ok(())
    }

    fn finish(&mut self, _summary: &Summary) -> io::Result<()> {
        self.header()?;
        self.out.flush()
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl<W: Write> ReportTo<W> for Csv<W> {
    fn into_output(self: Box<Self>) -> io::Result<W> {
        self.out.into_inner().map_err(|e| e.into_error())
    }
}
