//! CSV output: one row per finding under a fixed header (column order is stable).
//!
//! Columns: `severity,code,file,game,ply,move,token,line,col,fen,message,variation,event,white,
//! black,san`. Empty cells stand for null. Text from the input (file names, tokens, tag
//! values, messages, the FEN line of `fen --check`) goes through [`csv_text`]: control
//! characters are replaced by U+FFFD (as in the text format), so a CSV file viewed in a
//! terminal cannot drive it, and a cell that a spreadsheet would run as a formula gets a `'` in
//! front. The summary is not part of the table (the command prints it on standard error).

use std::io::{self, Write};

use super::Report;
use super::clean::{csv_io_error, csv_text, csv_token};
use crate::model::{GameReport, Summary};

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

/// The CSV reporter.
pub struct Csv<W: Write> {
    out: csv::Writer<W>,
    header_written: bool,
}

impl<W: Write> std::fmt::Debug for Csv<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Csv").finish_non_exhaustive()
    }
}

impl<W: Write> Csv<W> {
    /// A reporter writing to `out`.
    pub fn new(out: W) -> Csv<W> {
        Csv {
            out: csv::Writer::from_writer(out),
            header_written: false,
        }
    }

    fn header(&mut self) -> io::Result<()> {
        if !self.header_written {
            self.header_written = true;
            self.out.write_record(HEADER).map_err(csv_io_error)?;
        }
        Ok(())
    }
}

impl<W: Write> Report for Csv<W> {
    fn game(&mut self, file: &str, report: &GameReport) -> io::Result<()> {
        self.header()?;
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
}
