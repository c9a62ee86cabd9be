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

/// The position record as `serde_json` writes it: the contract the hand-made writer of
/// [`write_game`] is tested against.
#[cfg(test)]
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
    // The fields that are the same on every position record of the game, written once: the
    // records are those `serde_json` writes of [`PositionRecord`] (tested equal below).
    let mut head = Vec::with_capacity(64 + file.len());
    head.extend_from_slice(b"{\"type\":\"position\",\"file\":");
    json_str(&mut head, Some(file));
    head.extend_from_slice(b",\"game\":");
    head.extend_from_slice(itoa::Buffer::new().format(info.index).as_bytes());
    head.extend_from_slice(b",\"ply\":");
    let mut players = Vec::with_capacity(64);
    players.extend_from_slice(b",\"event\":");
    json_str(&mut players, info.event.as_deref());
    players.extend_from_slice(b",\"white\":");
    json_str(&mut players, info.white.as_deref());
    players.extend_from_slice(b",\"black\":");
    json_str(&mut players, info.black.as_deref());
    players.extend_from_slice(b",\"path\":");
    for row in rows {
        out.extend_from_slice(&head);
        out.extend_from_slice(itoa::Buffer::new().format(row.ply).as_bytes());
        out.extend_from_slice(b",\"move\":");
        json_ascii(out, row.move_text);
        out.extend_from_slice(b",\"san\":");
        json_ascii(out, row.san);
        out.extend_from_slice(b",\"uci\":");
        json_ascii(out, row.uci);
        out.extend_from_slice(b",\"fen\":");
        json_ascii(out, Some(&row.fen));
        out.extend_from_slice(&players);
        json_ascii(out, row.path);
        out.extend_from_slice(b"}\n");
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

/// Writes `value` as [`json_str`] does, faster for the short text arbiter makes of moves and
/// positions (a move, SAN, UCI, a FEN, a variation's path), which needs no escape: copied, then
/// looked over once.
#[inline]
fn json_ascii(out: &mut Vec<u8>, value: Option<&str>) {
    match value {
        Some(v) if v.len() <= 100 => {
            out.push(b'"');
            let start = out.len();
            out.extend_from_slice(v.as_bytes());
            if needs_escape(&out[start..]) {
                out.truncate(start - 1);
                json_str(out, value);
            } else {
                out.push(b'"');
            }
        }
        _ => json_str(out, value),
    }
}

/// Whether `bytes` hold a byte JSON escapes (a control character, `"` or `\\`): eight bytes
/// at a time, with the exact "has a byte less than n" and "has a zero byte" word tricks.
fn needs_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::MAX / 255;
    const HIGH: u64 = ONES * 0x80;
    let less = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x & HIGH != 0;
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH != 0;
    let word = |x: u64| less(x, 0x20) || zero(x ^ (ONES * 0x22)) || zero(x ^ (ONES * 0x5c));
    let mut chunks = bytes.chunks_exact(8);
    let odd = chunks
        .by_ref()
        .any(|c| word(u64::from_le_bytes(c.try_into().unwrap_or_default())));
    odd || chunks
        .remainder()
        .iter()
        .any(|&b| b < 0x20 || b == b'"' || b == b'\\')
}

/// Writes `value` as `serde_json` does: a JSON string, or `null`.
fn json_str(out: &mut Vec<u8>, value: Option<&str>) {
    match value {
        // A string needs no escape in most records (SAN, UCI, FEN): copied as it is.
        Some(v) if v.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') => {
            out.push(b'"');
            out.extend_from_slice(v.as_bytes());
            out.push(b'"');
        }
        // Writing a string into a Vec cannot fail.
        Some(v) => {
            let _ = serde_json::to_writer(&mut *out, v);
        }
        None => out.extend_from_slice(b"null"),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-made JSON Lines record is the one `serde_json` writes, for text that needs
    /// escapes (quotes, backslashes, every control character, DEL, non-ASCII) and for nulls.
    #[test]
    fn position_records_are_serde_json_records() {
        let odd: String = (0u8..0x20).map(char::from).collect::<String>() + "\"\\\u{7f}é♞";
        let info = GameInfo {
            index: 7,
            event: Some(odd.clone()),
            white: None,
            black: Some("Kasparov, G.".into()),
            ..GameInfo::default()
        };
        let rows = [
            FenRow {
                ply: 3,
                move_text: Some("2.Nf3"),
                san: Some("Nf3"),
                uci: Some("g1f3"),
                fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2".into(),
                path: None,
            },
            FenRow {
                ply: 0,
                move_text: None,
                san: None,
                uci: None,
                fen: odd.clone().into(),
                path: Some(&odd),
            },
        ];
        let mut out = Vec::new();
        write_jsonl(
            &mut out,
            &odd,
            &info,
            rows.iter().cloned(),
            std::iter::empty(),
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            expected(&rows, &info, &odd)
        );
    }

    #[test]
    fn needs_escape_is_exact() {
        let naive = |b: &[u8]| b.iter().any(|&c| c < 0x20 || c == b'"' || c == b'\\');
        for len in 0..20 {
            for at in 0..len {
                for c in 0..=255u8 {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = c;
                    if at + 1 < len {
                        bytes[at + 1] = 0xff;
                    }
                    assert_eq!(needs_escape(&bytes), naive(&bytes), "{bytes:?}");
                }
            }
        }
    }

    fn expected(rows: &[FenRow<'_>], info: &GameInfo, odd: &str) -> String {
        let mut expected = Vec::new();
        for row in rows {
            let record = PositionRecord {
                r#type: "position",
                file: odd,
                game: 7,
                ply: row.ply,
                move_text: row.move_text,
                san: row.san,
                uci: row.uci,
                fen: &row.fen,
                event: info.event.as_deref(),
                white: None,
                black: info.black.as_deref(),
                path: row.path,
            };
            serde_json::to_writer(&mut expected, &record).unwrap();
            expected.push(b'\n');
        }
        String::from_utf8(expected).unwrap()
    }
}
