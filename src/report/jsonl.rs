//! JSON Lines output: one object per line, a contract for scripts.
//!
//! ```text
//! {"type":"finding","severity":"error","code":"illegal-move/ambiguous","file":"a.pgn","game":3,
//!  "ply":45,"move":"23.Nd2","token":"Nd2","line":40,"col":5,"fen":"…","message":"…",
//!  "event":"…","white":"…","black":"…","san":null}
//! {"type":"game","file":"a.pgn","game":3,"line":31,"offset":2301,"event":"…","white":"…",
//!  "black":"…","result":"1-0","plies":44,"status":"error"}
//! {"type":"summary","files":1,"games":10,"games_with_errors":1,"games_with_warnings":0,
//!  "games_skipped":0,"errors":1,"warnings":0,"plies":812,"bytes":10233,"seconds":0.01}
//! ```
//! A finding inside a variation also carries `"variation":true`. `ply`, `move` and `fen` are
//! `null` for findings about the whole game.

use std::io::{self, Write};

use serde::Serialize;

use super::{Report, ReportOptions, ReportTo};
use crate::model::{Code, GameReport, Summary};

/// The JSON Lines reporter.
#[derive(Debug)]
pub struct Jsonl<W: Write> {
    out: W,
    options: ReportOptions,
}

impl<W: Write> Jsonl<W> {
    /// A reporter writing to `out`.
    pub fn new(out: W, options: ReportOptions) -> Jsonl<W> {
        Jsonl { out, options }
    }
}

impl<W: Write> ReportTo<W> for Jsonl<W> {
    fn into_output(self: Box<Self>) -> io::Result<W> {
        Ok(self.out)
    }
}

#[derive(Serialize)]
struct FindingRecord<'a> {
    r#type: &'static str,
    severity: &'static str,
    code: Code,
    file: &'a str,
    game: u64,
    ply: Option<u32>,
    #[serde(rename = "move")]
    move_text: Option<&'a str>,
    token: Option<&'a str>,
    line: u64,
    col: u64,
    fen: Option<&'a str>,
    message: &'a str,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    variation: bool,
    event: Option<&'a str>,
    white: Option<&'a str>,
    black: Option<&'a str>,
    san: Option<&'a str>,
}

/// The `{"type":"game",...}` record of `--games`, shared by `check` (status
/// [`crate::model::GameStatus`]) and
/// `audit` (status [`crate::model::AuditStatus`]).
#[derive(Debug, Serialize)]
pub struct GameRecord<'a, S: Serialize> {
    r#type: &'static str,
    file: &'a str,
    game: u64,
    line: u64,
    offset: u64,
    event: Option<&'a str>,
    white: Option<&'a str>,
    black: Option<&'a str>,
    result: Option<&'a str>,
    plies: u32,
    status: S,
}

impl<'a, S: Serialize> GameRecord<'a, S> {
    /// The record of a game of `file`.
    pub fn new(file: &'a str, info: &'a crate::model::GameInfo, status: S) -> Self {
        GameRecord {
            r#type: "game",
            file,
            game: info.index,
            line: info.line,
            offset: info.offset,
            event: info.event.as_deref(),
            white: info.white.as_deref(),
            black: info.black.as_deref(),
            result: info.result.as_deref(),
            plies: info.plies,
            status,
        }
    }
}

#[derive(Serialize)]
struct SummaryRecord<'a> {
    r#type: &'static str,
    #[serde(flatten)]
    summary: &'a Summary,
}

/// Writes one JSON object and a newline.
pub fn write_line<W: Write, T: Serialize>(out: &mut W, value: &T) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

impl<W: Write> Report for Jsonl<W> {
    fn game(&mut self, file: &str, report: &GameReport) -> io::Result<()> {
        let info = &report.info;
        for f in &report.findings {
            let record = FindingRecord {
                r#type: "finding",
                severity: f.severity.as_str(),
                code: f.code,
                file,
                game: info.index,
                ply: f.ply,
                move_text: f.move_text.as_deref(),
                token: f.token.as_deref(),
                line: f.line,
                col: f.col,
                fen: f.fen.as_deref(),
                message: &f.message,
                variation: f.variation,
                event: info.event.as_deref(),
                white: info.white.as_deref(),
                black: info.black.as_deref(),
                san: f.san.as_deref(),
            };
            write_line(&mut self.out, &record)?;
        }
        if self.options.games {
            let record = GameRecord::new(file, info, report.found().0);
            write_line(&mut self.out, &record)?;
        }
        Ok(())
    }

    fn finish(&mut self, summary: &Summary) -> io::Result<()> {
        write_line(
            &mut self.out,
            &SummaryRecord {
                r#type: "summary",
                summary,
            },
        )?;
        self.out.flush()
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
