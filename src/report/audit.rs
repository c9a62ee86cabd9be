//! Output of `arbiter audit`: verdicts (text, JSON Lines, CSV), per-game records, positions.
//!
//! JSON Lines records (a contract, see FORMATS.md):
//!
//! ```text
//! {"type":"verdict","code":"draw/automatic-ignored","severity":"error","rule":"fivefold",
//!  "file":"a.pgn","game":3,"ply":77,"move":"39...Kg8","line":52,"col":12,"claim_move":null,
//!  "occurrences":[61,65,69,73,77],"more_plies":null,"fen":"…","recorded_result":"1-0",
//!  "correct_result":"1/2-1/2","message":"…","profile":"fide","laws":"current",
//!  "laws_basis":"date","event":"…","white":"…","black":"…"}
//! {"type":"game","file":"a.pgn","game":3,"line":40,"offset":5120,"event":"…","white":"…",
//!  "black":"…","result":"1-0","plies":90,"status":"verdict"}
//! {"type":"position","line":1,"fen":"…","checkmate":false,"stalemate":false,
//!  "insufficient_material":"both","dead":true,"reason":"…",
//!  "can_mate":{"white":"no","black":"no"},"can_mate_reason":{"white":"…","black":"…"}}
//! {"type":"summary",…}
//! ```

use std::borrow::Cow;
use std::io::{self, Write};

use serde::{Deserialize, Serialize};

use super::Format;
use super::columns::{Column, ColumnType as Ty, names};
use super::human::{sanitize, severity_style};
use crate::model::{AuditReport, AuditSummary, Code, Severity, Verdict};

/// One line of `--positions` input, classified.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionRecord {
    /// 1-based line number in the input.
    pub line: u64,
    /// The FEN as read (normalised when valid).
    pub fen: String,
    /// The side to move is checkmated.
    pub checkmate: Option<bool>,
    /// The side to move is stalemated.
    pub stalemate: Option<bool>,
    /// Which sides cannot possibly checkmate: `none`, `white`, `black`, `both`.
    pub insufficient_material: Option<&'static str>,
    /// Neither side can checkmate by any series of legal moves (art. 5.2.2); false for a
    /// checkmate or a stalemate (the game is over by that rule).
    pub dead: Option<bool>,
    /// Why, in words (the checkmate, the stalemate, or why the position is dead).
    pub reason: Option<String>,
    /// Whether each side can still checkmate: `yes` (a helpmate was found), `no` (proved) or
    /// `unknown` (not decided within the search budget).
    pub can_mate: Option<BySide<&'static str>>,
    /// Why a side cannot checkmate (null for `yes` and `unknown`).
    pub can_mate_reason: Option<BySide<Option<String>>>,
    /// With `--show-helpmate`: for each side that can checkmate, a helpmate, numbered SAN
    /// (`38...Kh8 39.Qg7#`); left out without the option.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub helpmate: Option<BySide<Option<String>>>,
    /// Why the line could not be read as a position (other fields are null then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The problems of the line, as `arbiter fen --check` reports them (the error, or warnings
    /// about a line read, maybe repaired); left out when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<crate::model::FenProblem>,
}

/// A value for each side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BySide<T> {
    /// White's.
    pub white: T,
    /// Black's.
    pub black: T,
}

/// Totals of a `--positions` run.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PositionSummary {
    /// Lines read as positions.
    pub positions: u64,
    /// Lines that are not valid FEN/EPD.
    pub invalid: u64,
    /// Checkmates.
    pub checkmates: u64,
    /// Stalemates.
    pub stalemates: u64,
    /// Dead positions (neither side can checkmate; checkmates and stalemates not included).
    pub dead: u64,
    /// Questions "can this side still checkmate?" (two a position) answered yes, no, and left
    /// unknown (the search budget ran out).
    pub can_mate: CanMateCounts,
}

/// How many "can this side still checkmate?" questions got each answer.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CanMateCounts {
    /// Yes: a helpmate was found.
    pub yes: u64,
    /// No: proved.
    pub no: u64,
    /// Not decided within the budget.
    pub unknown: u64,
}

/// A sink for audit results.
pub trait AuditSink {
    /// Writes one game's verdicts (and its record with `--games`).
    ///
    /// # Errors
    /// Returns the write error.
    fn game(&mut self, file: &str, report: &AuditReport) -> io::Result<()>;
    /// Writes one position record.
    ///
    /// # Errors
    /// Returns the write error.
    fn position(&mut self, record: &PositionRecord) -> io::Result<()>;
    /// Writes the summary of a game audit and flushes.
    ///
    /// # Errors
    /// Returns the write error.
    fn finish_games(&mut self, summary: &AuditSummary) -> io::Result<()>;
    /// Writes the summary of a positions run and flushes.
    ///
    /// # Errors
    /// Returns the write error.
    fn finish_positions(&mut self, summary: &PositionSummary) -> io::Result<()>;
    /// Writes what waits in the output's buffer (a live stream paused).
    ///
    /// # Errors
    /// Returns the write error.
    fn flush(&mut self) -> io::Result<()>;
}

/// An [`AuditSink`] that hands its output back once finished, so that the caller can close it
/// (a file renamed into place when complete).
pub trait AuditSinkTo<W>: AuditSink {
    /// The output, after [`AuditSink::finish_games`] or [`AuditSink::finish_positions`] wrote
    /// the end of the output and flushed it.
    ///
    /// # Errors
    /// Returns the error of writing what the sink still held.
    fn into_output(self: Box<Self>) -> io::Result<W>;
}

/// Builds the audit sink for `format`: with `games`, a record per game; with `color`, ANSI
/// colours in the text format (as `check`'s); with `info`, the text format shows the info
/// verdicts too (by default it shows errors and warnings, and counts the info verdicts it
/// leaves out in its summary line: issue 31; the other formats are complete).
pub fn sink<'w, W: Write + 'w>(
    format: Format,
    out: W,
    games: bool,
    color: bool,
    info: bool,
) -> Box<dyn AuditSinkTo<W> + 'w> {
    match format {
        Format::Text => Box::new(Text {
            out,
            games,
            color,
            info,
            info_hidden: 0,
        }),
        Format::Jsonl => Box::new(Jsonl { out, games }),
        Format::Csv => Box::new(Csv {
            out: csv::Writer::from_writer(out),
            header: None,
        }),
    }
}

struct Text<W: Write> {
    out: W,
    games: bool,
    color: bool,
    /// Show the info verdicts.
    info: bool,
    /// The info verdicts not shown.
    info_hidden: u64,
}

impl<W: Write> AuditSinkTo<W> for Text<W> {
    fn into_output(self: Box<Self>) -> io::Result<W> {
        Ok(self.out)
    }
}

fn label(report: &AuditReport) -> String {
    let info = &report.info;
    let mut label = format!("game {}", info.index);
    let (players, event) = super::human::label_parts(info);
    let inner: Vec<String> = players.into_iter().chain(event).collect();
    if !inner.is_empty() {
        label.push_str(&format!(" ({})", inner.join(", ")));
    }
    label
}

impl<W: Write> AuditSink for Text<W> {
    fn game(&mut self, file: &str, report: &AuditReport) -> io::Result<()> {
        for v in &report.verdicts {
            if v.severity == Severity::Info && !self.info {
                self.info_hidden += 1;
                continue;
            }
            let at = match &v.move_text {
                Some(m) => format!(" at {m} (ply {})", v.ply),
                None if v.code == Code::AuditSkipped => String::new(),
                None => " at the start (ply 0)".to_owned(),
            };
            let more = match v.more_plies {
                Some(0) | None => String::new(),
                Some(1) => " (the same claim at 1 later ply)".to_owned(),
                Some(n) => format!(" (the same claim at {n} later plies)"),
            };
            let (color, reset, bold) = severity_style(v.severity, self.color);
            writeln!(
                self.out,
                "{}:{}:{}: {color}{}{reset}[{bold}{}{reset}]: {}{}: {}{more}",
                sanitize(file),
                v.line,
                v.col,
                v.severity,
                v.code,
                label(report),
                sanitize(&at),
                sanitize(&v.message)
            )?;
        }
        if self.games {
            let status = serde_json::to_value(report.status)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            writeln!(
                self.out,
                "{}:{}: {}: {status}, {} {}, result {}",
                sanitize(file),
                report.info.line,
                label(report),
                report.info.plies,
                if report.info.plies == 1 {
                    "ply"
                } else {
                    "plies"
                },
                report.info.result.as_deref().unwrap_or("missing")
            )?;
        }
        Ok(())
    }

    fn position(&mut self, r: &PositionRecord) -> io::Result<()> {
        let what = if let Some(error) = &r.error {
            let code = r.problems.iter().find(|p| p.severity == Severity::Error);
            match code {
                Some(p) => format!("invalid position: {error} [{}]", p.code),
                None => format!("invalid position: {error}"),
            }
        } else {
            let mut parts = Vec::new();
            if r.checkmate == Some(true) {
                parts.push("checkmate".to_owned());
            }
            if r.stalemate == Some(true) {
                parts.push("stalemate".to_owned());
            }
            if let Some(im) = r.insufficient_material.filter(|im| *im != "none") {
                parts.push(format!("insufficient material: {im}"));
            }
            if r.dead == Some(true) {
                parts.push("dead".to_owned());
            }
            if parts.is_empty() {
                parts.push("playable".to_owned());
            }
            let mut what = match &r.reason {
                Some(reason) => format!("{} ({})", parts.join(", "), reason),
                None => parts.join(", "),
            };
            what.push_str(&can_mate_text(r));
            what
        };
        let warnings: String = r
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Warning)
            .map(|p| format!("; warning[{}]: {}", p.code, p.message))
            .collect();
        writeln!(
            self.out,
            "{}: {}: {what}{}",
            r.line,
            sanitize(&r.fen),
            sanitize(&warnings)
        )
    }

    fn finish_games(&mut self, s: &AuditSummary) -> io::Result<()> {
        let verdicts = if s.verdicts.is_empty() {
            "no verdicts".to_owned()
        } else {
            s.verdicts
                .iter()
                .map(|(code, n)| format!("{n} {code}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let failed = if s.files_failed > 0 {
            format!(" ({} could not be read)", s.files_failed)
        } else {
            String::new()
        };
        write!(
            self.out,
            "summary: {} file{}{failed}, {} game{} audited ({} with error verdicts, {} incomplete), {} skipped; {verdicts}; {} {}, {} byte{}",
            s.files + s.files_failed,
            if s.files + s.files_failed == 1 {
                ""
            } else {
                "s"
            },
            s.games,
            if s.games == 1 { "" } else { "s" },
            s.games_with_verdicts,
            s.games_incomplete,
            s.games_skipped,
            s.plies,
            if s.plies == 1 { "ply" } else { "plies" },
            s.bytes,
            if s.bytes == 1 { "" } else { "s" },
        )?;
        if s.hidden > 0 {
            let plural = if s.hidden == 1 { "" } else { "s" };
            write!(
                self.out,
                "; {} verdict{plural} hidden by --only/--ignore/--errors-only",
                s.hidden
            )?;
        }
        if self.info_hidden > 0 {
            let plural = if self.info_hidden == 1 { "" } else { "s" };
            write!(
                self.out,
                "; {} info verdict{plural} not shown (-v/--all shows them)",
                self.info_hidden
            )?;
        }
        writeln!(self.out)?;
        self.out.flush()
    }

    fn finish_positions(&mut self, s: &PositionSummary) -> io::Result<()> {
        let count = super::run::count;
        let c = &s.can_mate;
        writeln!(
            self.out,
            "summary: {}: {}, {} invalid; {}, {}, {} dead; can mate: {} yes, {} no, {} unknown",
            count(s.positions + s.invalid, "line"),
            count(s.positions, "position"),
            s.invalid,
            count(s.checkmates, "checkmate"),
            count(s.stalemates, "stalemate"),
            s.dead,
            c.yes,
            c.no,
            c.unknown
        )?;
        self.out.flush()
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// `; can mate: white yes (1.Ra8#), black no (black has the king alone)` for the text format
/// (the helpmate with `--show-helpmate`).
fn can_mate_text(r: &PositionRecord) -> String {
    let Some(can) = &r.can_mate else {
        return String::new();
    };
    let why = r.can_mate_reason.clone().unwrap_or_default();
    let line = r.helpmate.clone();
    let side =
        |name: &str, can: &str, why: Option<String>, line: Option<String>| match (can, why, line) {
            ("yes", _, Some(line)) if line.is_empty() => format!("{name} yes (checkmate)"),
            ("yes", _, Some(line)) => format!("{name} yes ({line})"),
            ("no", Some(why), _) => format!("{name} no ({why})"),
            ("unknown", _, _) => format!("{name} unknown (not decided within the search budget)"),
            (can, _, _) => format!("{name} {can}"),
        };
    let (white_line, black_line) = match line {
        Some(b) => (
            b.white
                .or(Some(String::new()))
                .filter(|_| can.white == "yes"),
            b.black
                .or(Some(String::new()))
                .filter(|_| can.black == "yes"),
        ),
        None => (None, None),
    };
    format!(
        "; can mate: {}, {}",
        side("white", can.white, why.white, white_line),
        side("black", can.black, why.black, black_line)
    )
}

struct Jsonl<W: Write> {
    out: W,
    games: bool,
}

impl<W: Write> AuditSinkTo<W> for Jsonl<W> {
    fn into_output(self: Box<Self>) -> io::Result<W> {
        Ok(self.out)
    }
}

/// A verdict record, as `audit` writes it and `arbiter merge` reads it back (every field
/// named, none other).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VerdictRecord<'a> {
    #[serde(deserialize_with = "super::jsonl::record_type::verdict")]
    r#type: super::jsonl::RecordType,
    /// The code.
    pub code: Code,
    severity: Severity,
    #[serde(borrow)]
    rule: Option<Cow<'a, str>>,
    #[serde(borrow)]
    file: Cow<'a, str>,
    game: u64,
    ply: u32,
    #[serde(borrow, rename = "move")]
    move_text: Option<Cow<'a, str>>,
    line: u64,
    col: u64,
    #[serde(borrow)]
    claim_move: Option<Cow<'a, str>>,
    occurrences: Cow<'a, [u32]>,
    more_plies: Option<u32>,
    #[serde(borrow)]
    fen: Option<Cow<'a, str>>,
    #[serde(borrow)]
    recorded_result: Option<Cow<'a, str>>,
    #[serde(borrow)]
    correct_result: Option<Cow<'a, str>>,
    #[serde(borrow)]
    message: Cow<'a, str>,
    #[serde(borrow)]
    profile: Cow<'a, str>,
    #[serde(borrow)]
    laws: Option<Cow<'a, str>>,
    #[serde(borrow)]
    laws_basis: Option<Cow<'a, str>>,
    #[serde(borrow)]
    event: Option<Cow<'a, str>>,
    #[serde(borrow)]
    white: Option<Cow<'a, str>>,
    #[serde(borrow)]
    black: Option<Cow<'a, str>>,
}

#[derive(Serialize)]
struct Typed<'a, T: Serialize> {
    r#type: &'static str,
    #[serde(flatten)]
    inner: &'a T,
}

use super::jsonl::{GameRecord, write_line as line};

/// Writes the summary record of a game audit (`"type":"summary"`, then the summary's fields)
/// and a newline.
pub fn write_summary<W: Write>(out: &mut W, summary: &AuditSummary) -> io::Result<()> {
    line(
        out,
        &Typed {
            r#type: "summary",
            inner: summary,
        },
    )
}

/// The position of a verdict; none for a game that was not audited (`audit/skipped`).
pub(crate) fn verdict_fen(v: &Verdict) -> Option<&str> {
    (!v.fen.is_empty()).then_some(v.fen.as_str())
}

fn verdict_record<'a>(file: &'a str, report: &'a AuditReport, v: &'a Verdict) -> VerdictRecord<'a> {
    let text = |t: &'a Option<String>| t.as_deref().map(Cow::Borrowed);
    let name = |t: Option<&'static str>| t.map(Cow::Borrowed);
    VerdictRecord {
        r#type: super::jsonl::RecordType("verdict"),
        code: v.code,
        severity: v.severity,
        rule: name(v.rule),
        file: file.into(),
        game: report.info.index,
        ply: v.ply,
        move_text: text(&v.move_text),
        line: v.line,
        col: v.col,
        claim_move: text(&v.claim_move),
        occurrences: Cow::Borrowed(&v.occurrences),
        more_plies: v.more_plies,
        fen: verdict_fen(v).map(Cow::Borrowed),
        recorded_result: text(&v.recorded_result),
        correct_result: name(v.correct_result),
        message: Cow::Borrowed(&v.message),
        profile: Cow::Borrowed(v.profile),
        laws: name(v.laws),
        laws_basis: name(v.laws_basis),
        event: text(&report.info.event),
        white: text(&report.info.white),
        black: text(&report.info.black),
    }
}

impl<W: Write> AuditSink for Jsonl<W> {
    fn game(&mut self, file: &str, report: &AuditReport) -> io::Result<()> {
        for v in &report.verdicts {
            line(&mut self.out, &verdict_record(file, report, v))?;
        }
        if self.games {
            line(
                &mut self.out,
                &GameRecord::new(file, &report.info, report.status),
            )?;
        }
        Ok(())
    }

    fn position(&mut self, record: &PositionRecord) -> io::Result<()> {
        line(
            &mut self.out,
            &Typed {
                r#type: "position",
                inner: record,
            },
        )
    }

    fn finish_games(&mut self, summary: &AuditSummary) -> io::Result<()> {
        write_summary(&mut self.out, summary)?;
        self.out.flush()
    }

    fn finish_positions(&mut self, summary: &PositionSummary) -> io::Result<()> {
        line(
            &mut self.out,
            &Typed {
                r#type: "summary",
                inner: summary,
            },
        )?;
        self.out.flush()
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The columns of the verdict table, in order, with their types (one description for CSV and
/// Parquet).
pub const VERDICT_COLUMNS: [Column; 22] = [
    Column::new("severity", Ty::Text),
    Column::new("code", Ty::Text),
    Column::nullable("rule", Ty::Text),
    Column::new("file", Ty::Text),
    Column::new("game", Ty::U64),
    Column::new("ply", Ty::U32),
    Column::nullable("move", Ty::Text),
    Column::new("line", Ty::U64),
    Column::new("col", Ty::U32),
    Column::nullable("claim_move", Ty::Text),
    Column::new("occurrences", Ty::U32List),
    Column::nullable("more_plies", Ty::U32),
    Column::nullable("fen", Ty::Text),
    Column::nullable("recorded_result", Ty::Text),
    Column::nullable("correct_result", Ty::Text),
    Column::new("message", Ty::Text),
    Column::new("profile", Ty::Text),
    Column::nullable("laws", Ty::Text),
    Column::nullable("laws_basis", Ty::Text),
    Column::nullable("event", Ty::Text),
    Column::nullable("white", Ty::Text),
    Column::nullable("black", Ty::Text),
];

/// Columns of the verdict table ([`VERDICT_COLUMNS`]).
pub const VERDICT_HEADER: [&str; 22] = names(&VERDICT_COLUMNS);

/// The columns of the positions table (`--positions`), in order, with their types. A line
/// that is not a position has only `line`, `fen` (the line as written), `error` and
/// `problems`.
pub const POSITION_COLUMNS: [Column; 15] = [
    Column::new("line", Ty::U64),
    Column::new("fen", Ty::Text),
    Column::nullable("checkmate", Ty::Bool),
    Column::nullable("stalemate", Ty::Bool),
    Column::nullable("insufficient_material", Ty::Text),
    Column::nullable("dead", Ty::Bool),
    Column::nullable("reason", Ty::Text),
    Column::nullable("white_can_mate", Ty::Text),
    Column::nullable("black_can_mate", Ty::Text),
    Column::nullable("white_can_mate_reason", Ty::Text),
    Column::nullable("black_can_mate_reason", Ty::Text),
    Column::nullable("white_helpmate", Ty::Text),
    Column::nullable("black_helpmate", Ty::Text),
    Column::nullable("error", Ty::Text),
    Column::new("problems", Ty::Problems),
];

/// Columns of the positions table ([`POSITION_COLUMNS`]).
pub const POSITION_HEADER: [&str; 15] = names(&POSITION_COLUMNS);

/// The `(white, black)` of a [`BySide`] field of a position record, `None`s for a line that
/// is not a position.
pub fn sides<T: Clone>(field: &Option<BySide<Option<T>>>) -> (Option<T>, Option<T>) {
    match field {
        Some(b) => (b.white.clone(), b.black.clone()),
        None => (None, None),
    }
}

/// The `problems` cell of a position row: `severity[code]:col: message`, separated by ` | `.
fn problems_cell(problems: &[crate::model::FenProblem]) -> String {
    let cells: Vec<String> = problems
        .iter()
        .map(|p| format!("{}[{}]:{}: {}", p.severity, p.code, p.col, p.message))
        .collect();
    csv_text(&cells.join(" | ")).into_owned()
}

struct Csv<W: Write> {
    out: csv::Writer<W>,
    header: Option<&'static str>,
}

impl<W: Write> AuditSinkTo<W> for Csv<W> {
    fn into_output(self: Box<Self>) -> io::Result<W> {
        self.out.into_inner().map_err(|e| e.into_error())
    }
}

use super::clean::{csv_io_error as csv_io, csv_text};

impl<W: Write> Csv<W> {
    fn header(&mut self, which: &'static str) -> io::Result<()> {
        if self.header.is_none() {
            self.header = Some(which);
            let row: &[&str] = if which == "verdict" {
                &VERDICT_HEADER
            } else {
                &POSITION_HEADER
            };
            self.out.write_record(row).map_err(csv_io)?;
        }
        Ok(())
    }
}

impl<W: Write> AuditSink for Csv<W> {
    fn game(&mut self, file: &str, report: &AuditReport) -> io::Result<()> {
        self.header("verdict")?;
        for v in &report.verdicts {
            // Text from the input: no control characters, no formulas.
            let clean = |t: &str| csv_text(t).into_owned();
            let occurrences = v
                .occurrences
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            let row = [
                v.severity.as_str().to_owned(),
                v.code.as_str().to_owned(),
                // (A profile file's rule names and `name` come from the input too.)
                clean(v.rule.unwrap_or("")),
                clean(file),
                report.info.index.to_string(),
                v.ply.to_string(),
                v.move_text.clone().unwrap_or_default(),
                v.line.to_string(),
                v.col.to_string(),
                v.claim_move.clone().unwrap_or_default(),
                occurrences,
                v.more_plies.map(|n| n.to_string()).unwrap_or_default(),
                v.fen.clone(),
                clean(v.recorded_result.as_deref().unwrap_or_default()),
                v.correct_result.unwrap_or("").to_owned(),
                clean(&v.message),
                clean(v.profile),
                v.laws.unwrap_or("").to_owned(),
                v.laws_basis.unwrap_or("").to_owned(),
                clean(report.info.event.as_deref().unwrap_or("")),
                clean(report.info.white.as_deref().unwrap_or("")),
                clean(report.info.black.as_deref().unwrap_or("")),
            ];
            self.out.write_record(&row).map_err(csv_io)?;
        }
        Ok(())
    }

    fn position(&mut self, r: &PositionRecord) -> io::Result<()> {
        self.header("position")?;
        let flag = |b: Option<bool>| b.map(|b| b.to_string()).unwrap_or_default();
        let row = [
            r.line.to_string(),
            // The line as written when it is not a position.
            csv_text(&r.fen).into_owned(),
            flag(r.checkmate),
            flag(r.stalemate),
            r.insufficient_material.unwrap_or("").to_owned(),
            flag(r.dead),
            r.reason.clone().unwrap_or_default(),
            r.can_mate.as_ref().map_or("", |c| c.white).to_owned(),
            r.can_mate.as_ref().map_or("", |c| c.black).to_owned(),
            sides(&r.can_mate_reason).0.unwrap_or_default(),
            sides(&r.can_mate_reason).1.unwrap_or_default(),
            sides(&r.helpmate).0.unwrap_or_default(),
            sides(&r.helpmate).1.unwrap_or_default(),
            csv_text(r.error.as_deref().unwrap_or_default()).into_owned(),
            problems_cell(&r.problems),
        ];
        self.out.write_record(&row).map_err(csv_io)
    }

    fn finish_games(&mut self, _summary: &AuditSummary) -> io::Result<()> {
        self.header("verdict")?;
        self.out.flush()
    }

    fn finish_positions(&mut self, _summary: &PositionSummary) -> io::Result<()> {
        self.header("position")?;
        self.out.flush()
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
