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

use super::Report;
use super::clean::{csv_io_error, csv_text, csv_token};
use crate::model::{GameReport, GameStatus, Summary};

/// The column names, in order.
pub const HEADER: [&str; 16] = [
    "severity",
    "code",
    "file",
    "game",
    "ply",
    "move",
    "token",
    "line",
    "col",
    "fen",
    "message",
    "variation",
    "event",
    "white",
    "black",
    "san",
];

/// The column names of `check --games --format csv`, in order: one row per game. The names
/// and meanings are those of `arbiter games` (`result` is the Result tag, `marker` the
/// movetext's termination marker); `status`, `errors` and `warnings` are this run's (with
/// `--strict`, warnings count as errors).
pub const GAMES_HEADER: [&str; 15] = [
    "file",
    "game",
    "offset",
    "line",
    "event",
    "white",
    "black",
    "result",
    "white_elo",
    "black_elo",
    "plies",
    "marker",
    "status",
    "errors",
    "warnings",
];

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
