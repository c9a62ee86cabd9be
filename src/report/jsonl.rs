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

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::{Report, ReportOptions, ReportTo};
use crate::model::{Code, GameReport, Severity, Summary};

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

/// A finding record, as `check` writes it and `arbiter merge` reads it back (every field
/// named, none other).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FindingRecord<'a> {
    #[serde(deserialize_with = "record_type::finding")]
    r#type: RecordType,
    severity: Severity,
    /// The code.
    pub code: Code,
    #[serde(borrow)]
    file: Cow<'a, str>,
    game: u64,
    ply: Option<u32>,
    #[serde(borrow, rename = "move")]
    move_text: Option<Cow<'a, str>>,
    #[serde(borrow)]
    token: Option<Cow<'a, str>>,
    line: u64,
    col: u64,
    #[serde(borrow)]
    fen: Option<Cow<'a, str>>,
    #[serde(borrow)]
    message: Cow<'a, str>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    variation: bool,
    #[serde(borrow)]
    event: Option<Cow<'a, str>>,
    #[serde(borrow)]
    white: Option<Cow<'a, str>>,
    #[serde(borrow)]
    black: Option<Cow<'a, str>>,
    #[serde(borrow)]
    san: Option<Cow<'a, str>>,
}

/// The `{"type":"game",...}` record of `--games`, shared by `check` (status
/// [`crate::model::GameStatus`]) and
/// `audit` (status [`crate::model::AuditStatus`]); `arbiter merge` reads it back.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord<'a, S> {
    #[serde(deserialize_with = "record_type::game")]
    r#type: RecordType,
    #[serde(borrow)]
    file: Cow<'a, str>,
    game: u64,
    line: u64,
    offset: u64,
    #[serde(borrow)]
    event: Option<Cow<'a, str>>,
    #[serde(borrow)]
    white: Option<Cow<'a, str>>,
    #[serde(borrow)]
    black: Option<Cow<'a, str>>,
    #[serde(borrow)]
    result: Option<Cow<'a, str>>,
    plies: u32,
    /// The game's status.
    pub status: S,
}

impl<'a, S: Serialize> GameRecord<'a, S> {
    /// The record of a game of `file`.
    pub fn new(file: &'a str, info: &'a crate::model::GameInfo, status: S) -> Self {
        GameRecord {
            r#type: RecordType("game"),
            file: file.into(),
            game: info.index,
            line: info.line,
            offset: info.offset,
            event: info.event.as_deref().map(Cow::Borrowed),
            white: info.white.as_deref().map(Cow::Borrowed),
            black: info.black.as_deref().map(Cow::Borrowed),
            result: info.result.as_deref().map(Cow::Borrowed),
            plies: info.plies,
            status,
        }
    }
}

/// The `type` of a record: `finding`, `game`, `verdict`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct RecordType(pub &'static str);

/// The `type` of a record read back: the one its struct is, else an error.
pub(crate) mod record_type {
    use serde::{Deserialize, Deserializer, de::Error};

    use super::RecordType;

    fn expect<'de, D: Deserializer<'de>>(d: D, want: &'static str) -> Result<RecordType, D::Error> {
        let got = std::borrow::Cow::<'de, str>::deserialize(d)?;
        match got == want {
            true => Ok(RecordType(want)),
            false => Err(D::Error::custom(format!("type {got:?}, not {want:?}"))),
        }
    }

    /// `"finding"`.
    pub fn finding<'de, D: Deserializer<'de>>(d: D) -> Result<RecordType, D::Error> {
        expect(d, "finding")
    }

    /// `"game"`.
    pub fn game<'de, D: Deserializer<'de>>(d: D) -> Result<RecordType, D::Error> {
        expect(d, "game")
    }

    /// `"verdict"`.
    pub fn verdict<'de, D: Deserializer<'de>>(d: D) -> Result<RecordType, D::Error> {
        expect(d, "verdict")
    }
}

#[derive(Serialize)]
struct SummaryRecord<'a> {
    r#type: &'static str,
    #[serde(flatten)]
    summary: &'a Summary,
}

/// Writes the summary record of `check` (`"type":"summary"`, then the summary's fields) and a
/// newline.
pub fn write_summary<W: Write>(out: &mut W, summary: &Summary) -> io::Result<()> {
    write_line(
        out,
        &SummaryRecord {
            r#type: "summary",
            summary,
        },
    )
}

/// Writes one JSON object and a newline.
pub fn write_line<W: Write, T: Serialize>(out: &mut W, value: &T) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// An optional text of a record, borrowed.
fn text(t: &Option<String>) -> Option<Cow<'_, str>> {
    t.as_deref().map(Cow::Borrowed)
}

impl<W: Write> Report for Jsonl<W> {
    fn game(&mut self, file: &str, report: &GameReport) -> io::Result<()> {
        let info = &report.info;
        for f in &report.findings {
            let record = FindingRecord {
                r#type: RecordType("finding"),
                severity: f.severity,
                code: f.code,
                file: file.into(),
                game: info.index,
                ply: f.ply,
                move_text: text(&f.move_text),
                token: text(&f.token),
                line: f.line,
                col: f.col,
                fen: text(&f.fen),
                message: Cow::Borrowed(&f.message),
                variation: f.variation,
                event: text(&info.event),
                white: text(&info.white),
                black: text(&info.black),
                san: text(&f.san),
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
        write_summary(&mut self.out, summary)?;
        self.out.flush()
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
