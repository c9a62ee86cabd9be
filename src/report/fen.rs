//! Output of `arbiter fen`: position records (FEN/EPD lines, JSON Lines, CSV), the lines of a
//! game cut short, the summary, and the summary lines of `arbiter fen --check`.
//!
//! JSON Lines records (a contract, see the README):
//!
//! ```text
//! {"type":"position","file":"a.pgn","game":1,"ply":3,"move":"2.Nf3","san":"Nf3","uci":"g1f3",
//!  "fen":"…","event":"…","white":"…","black":"…","path":null}
//! {"type":"error","file":"a.pgn","game":2,"ply":5,"move":"3.Ke3","code":"illegal-move/no-piece",
//!  "message":"…","event":"…","white":"…","black":"…","path":null}
//! {"type":"summary","files":1,"files_failed":0,"games":2,"positions":81,"errors":1,"bytes":1890,"seconds":0.01}
//! ```
//!
//! The records of a game are written into one buffer on the worker thread that converted it,
//! so that the single writer only copies bytes.

use std::io::{self, Write};

use serde::Serialize;

use super::Format;
use super::clean::csv_text;
use super::human::sanitize;
use crate::model::{FenRow, FenStop, FenSummary, GameInfo, Summary};

/// The CSV columns of the position records, in order (the keys of the JSON Lines record).
pub const CSV_HEADER: [&str; 11] = [
    "file", "game", "ply", "move", "san", "uci", "fen", "event", "white", "black", "path",
];

#[derive(Serialize)]
struct PositionRecord<'a> {
    r#type: &'static str,
    file: &'a str,
    game: u64,
    ply: u32,
    #[serde(rename = "move")]
    move_text: Option<&'a str>,
    san: Option<&'a str>,
    uci: Option<&'a str>,
    fen: &'a str,
    event: Option<&'a str>,
    white: Option<&'a str>,
    black: Option<&'a str>,
    path: Option<&'a str>,
}

#[derive(Serialize)]
struct ErrorRecord<'a> {
    r#type: &'static str,
    file: &'a str,
    game: u64,
    ply: u32,
    #[serde(rename = "move")]
    move_text: Option<&'a str>,
    code: &'a str,
    message: &'a str,
    event: Option<&'a str>,
    white: Option<&'a str>,
    black: Option<&'a str>,
    path: Option<&'a str>,
}

#[derive(Serialize)]
struct SummaryRecord {
    r#type: &'static str,
    files: u64,
    files_failed: u64,
    games: u64,
    positions: u64,
    errors: u64,
    bytes: u64,
    seconds: f64,
}

/// Writes the CSV header row (the CSV format only; nothing otherwise).
pub fn write_header(out: &mut Vec<u8>, format: Format) {
    if format == Format::Csv {
        let mut w = csv::Writer::from_writer(out);
        // Writing into a Vec cannot fail.
        let _ = w.write_record(CSV_HEADER);
        let _ = w.flush();
    }
}

/// Writes the records of one game of `file` into `out`: a line per position (the FEN or EPD
/// line, then, for a FEN line inside a variation, a tab and the path), a JSON Lines record per
/// position and per stop, or a CSV row per position.
pub fn write_game<'r>(
    out: &mut Vec<u8>,
    format: Format,
    file: &str,
    info: &GameInfo,
    epd: bool,
    rows: impl Iterator<Item = FenRow<'r>>,
    stops: impl Iterator<Item = FenStop<'r>>,
) {
    match format {
        Format::Text => {
            for row in rows {
                out.extend_from_slice(row.fen.as_bytes());
                // FEN lines carry the path after a tab (EPD lines have it in `id`).
                if let Some(path) = row.path.filter(|_| !epd) {
                    out.push(b'\t');
                    out.extend_from_slice(path.as_bytes());
                }
                out.push(b'\n');
            }
        }
        Format::Jsonl => write_jsonl(out, file, info, rows, stops),
        Format::Csv => write_csv(out, file, info, rows),
    }
}

fn write_jsonl<'r>(
    out: &mut Vec<u8>,
    file: &str,
    info: &GameInfo,
    rows: impl Iterator<Item = FenRow<'r>>,
    stops: impl Iterator<Item = FenStop<'r>>,
) {
    for row in rows {
        let record = PositionRecord {
            r#type: "position",
            file,
            game: info.index,
            ply: row.ply,
            move_text: row.move_text,
            san: row.san,
            uci: row.uci,
            fen: &row.fen,
            event: info.event.as_deref(),
            white: info.white.as_deref(),
            black: info.black.as_deref(),
            path: row.path,
        };
        // Serialising plain strings and numbers into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut *out, &record);
        out.push(b'\n');
    }
    for stop in stops {
        let record = ErrorRecord {
            r#type: "error",
            file,
            game: info.index,
            ply: stop.ply,
            move_text: stop.move_text,
            code: stop.code,
            message: stop.message,
            event: info.event.as_deref(),
            white: info.white.as_deref(),
            black: info.black.as_deref(),
            path: stop.path,
        };
        let _ = serde_json::to_writer(&mut *out, &record);
        out.push(b'\n');
    }
}

fn write_csv<'r>(
    out: &mut Vec<u8>,
    file: &str,
    info: &GameInfo,
    rows: impl Iterator<Item = FenRow<'r>>,
) {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(out);
    let game = info.index.to_string();
    // Text from the input: no control characters, no formulas.
    let clean = |v: &Option<String>| csv_text(v.as_deref().unwrap_or("")).into_owned();
    let (event, white, black) = (clean(&info.event), clean(&info.white), clean(&info.black));
    let file = csv_text(file).into_owned();
    for row in rows {
        let ply = row.ply.to_string();
        let _ = w.write_record([
            file.as_str(),
            &game,
            &ply,
            row.move_text.unwrap_or(""),
            row.san.unwrap_or(""),
            row.uci.unwrap_or(""),
            &row.fen,
            &event,
            &white,
            &black,
            row.path.unwrap_or(""),
        ]);
    }
    let _ = w.flush();
}

/// The lines for standard error that say where the lines of a game of `file` were cut short
/// (the text and CSV formats; JSON Lines has `error` records instead), or `None` when none
/// was.
pub fn stop_lines<'r>(
    format: Format,
    file: &str,
    info: &GameInfo,
    stops: impl ExactSizeIterator<Item = FenStop<'r>>,
) -> Option<String> {
    if format == Format::Jsonl || stops.len() == 0 {
        return None;
    }
    let mut text = String::new();
    for stop in stops {
        let place = match stop.path {
            Some(path) => format!(": variation {}", sanitize(path)),
            None => String::new(),
        };
        let line = if stop.ply == 0 {
            format!(
                "arbiter: {}: game {}: not converted: {}",
                sanitize(file),
                info.index,
                sanitize(stop.message)
            )
        } else {
            format!(
                "arbiter: {}: game {}{place}: stopped at ply {} ({}): {} [{}]",
                sanitize(file),
                info.index,
                stop.ply,
                sanitize(stop.move_text.unwrap_or("?")),
                sanitize(stop.message),
                stop.code
            )
        };
        text.push_str(&line);
        text.push('\n');
    }
    Some(text)
}

/// Writes the summary record (JSON Lines only; the text and CSV formats have none).
///
/// # Errors
/// Returns the write error.
pub fn write_summary(out: &mut impl Write, format: Format, s: &FenSummary) -> io::Result<()> {
    if format != Format::Jsonl {
        return Ok(());
    }
    serde_json::to_writer(
        &mut *out,
        &SummaryRecord {
            r#type: "summary",
            files: s.files,
            files_failed: s.files_failed,
            games: s.games,
            positions: s.positions,
            errors: s.errors,
            bytes: s.bytes,
            seconds: s.seconds,
        },
    )?;
    out.write_all(b"\n")
}

/// Writes the text summary line of `arbiter fen --check`:
/// `summary: 1 file, 12 FENs: 2 with errors, 1 with warnings`.
///
/// # Errors
/// Returns the write error.
pub fn write_check_summary(out: &mut impl Write, s: &Summary) -> io::Result<()> {
    writeln!(
        out,
        "summary: {} file{}, {} FEN{}: {} with errors, {} with warnings",
        s.files,
        if s.files == 1 { "" } else { "s" },
        s.games,
        if s.games == 1 { "" } else { "s" },
        s.games_with_errors,
        s.games_with_warnings
    )
}

/// Writes the summary line of `arbiter fen --check --format csv` for standard error (the table
/// has no room for it): `summary: 12 FENs: 2 with errors, 1 with warnings`.
///
/// # Errors
/// Returns the write error.
pub fn write_check_csv_summary(out: &mut impl Write, s: &Summary) -> io::Result<()> {
    writeln!(
        out,
        "summary: {} FENs: {} with errors, {} with warnings",
        s.games, s.games_with_errors, s.games_with_warnings
    )
}
