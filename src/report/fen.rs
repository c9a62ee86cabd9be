//! Output of `arbiter fen`: position records (FEN/EPD lines, JSON Lines, CSV), the lines of a
//! game cut short, the summary, and the summary lines of `arbiter fen --check`.
//!
//! JSON Lines records (a contract, see FORMATS.md):
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
use crate::model::{FenRow, FenStop, FenSummary, GameInfo, MoveKeys, RecordWriter, Summary};

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

/// The game whose records [`write_game`] writes, and how its texts are written.
#[derive(Clone, Copy, Debug)]
pub struct RecordsOf<'a> {
    /// The file the game was read from.
    pub file: &'a str,
    /// Its number and tags.
    pub info: &'a GameInfo,
    /// The lines are EPD (their path is in `id`, not after a tab).
    pub epd: bool,
    /// The move, SAN, UCI and FEN of every row hold no byte JSON escapes (the caller looked
    /// over the text they come from with [`needs_escape`]): JSON Lines copies them as they
    /// are. When false, each is looked over on its own.
    pub plain: bool,
}

/// Writes the records of one game into `out`: a line per position (the FEN or EPD line, then,
/// for a FEN line inside a variation, a tab and the path), a JSON Lines record per position and
/// per stop, or a CSV row per position.
pub fn write_game<'r>(
    out: &mut Vec<u8>,
    format: Format,
    game: &RecordsOf<'_>,
    rows: impl Iterator<Item = FenRow<'r>>,
    stops: impl Iterator<Item = FenStop<'r>>,
) {
    match format {
        Format::Text => {
            for row in rows {
                out.extend_from_slice(row.fen.as_bytes());
                // FEN lines carry the path after a tab (EPD lines have it in `id`).
                if let Some(path) = row.path.filter(|_| !game.epd) {
                    out.push(b'\t');
                    out.extend_from_slice(path.as_bytes());
                }
                out.push(b'\n');
            }
        }
        Format::Jsonl if game.plain => write_jsonl::<true>(out, game.file, game.info, rows, stops),
        Format::Jsonl => write_jsonl::<false>(out, game.file, game.info, rows, stops),
        Format::Csv => write_csv(out, game.file, game.info, rows),
    }
}

/// The JSON Lines records of a game; `PLAIN`: the rows' move, SAN, UCI and FEN need no escape
/// ([`RecordsOf::plain`]).
fn write_jsonl<'r, const PLAIN: bool>(
    out: &mut Vec<u8>,
    file: &str,
    info: &GameInfo,
    rows: impl Iterator<Item = FenRow<'r>>,
    stops: impl Iterator<Item = FenStop<'r>>,
) {
    let mut frame = Frame::default();
    frame.fill(file, info);
    let Frame {
        head,
        players,
        tail,
    } = &frame;
    // A record's own bytes besides its FEN and path: ply, move, SAN, UCI, keys and quotes.
    let per_row = head.len() + tail.len() + 64;
    for row in rows {
        out.reserve(per_row + row.fen.len());
        out.extend_from_slice(head);
        push_u32(out, row.ply);
        match (row.move_text, row.san, row.uci) {
            // The keys and the quotes around the values in one copy each.
            (Some(move_text), Some(san), Some(uci)) if PLAIN => {
                out.extend_from_slice(b",\"move\":\"");
                out.extend_from_slice(move_text.as_bytes());
                out.extend_from_slice(b"\",\"san\":\"");
                out.extend_from_slice(san.as_bytes());
                out.extend_from_slice(b"\",\"uci\":\"");
                out.extend_from_slice(uci.as_bytes());
                out.extend_from_slice(b"\",\"fen\":\"");
                out.extend_from_slice(row.fen.as_bytes());
                out.push(b'"');
            }
            (move_text, san, uci) => {
                out.extend_from_slice(b",\"move\":");
                json_text::<PLAIN>(out, move_text);
                out.extend_from_slice(b",\"san\":");
                json_text::<PLAIN>(out, san);
                out.extend_from_slice(b",\"uci\":");
                json_text::<PLAIN>(out, uci);
                out.extend_from_slice(b",\"fen\":");
                json_text::<PLAIN>(out, Some(&row.fen));
            }
        }
        match row.path {
            None => out.extend_from_slice(tail),
            path => {
                out.extend_from_slice(players);
                json_ascii(out, path);
                out.extend_from_slice(b"}\n");
            }
        }
    }
    write_stop_records(out, file, info, stops);
}

/// The fields that are the same on every position record of a game, written once: the records
/// are those `serde_json` writes of `PositionRecord` (tested equal below).
#[derive(Debug, Default)]
struct Frame {
    /// A record up to the value of its ply.
    head: Vec<u8>,
    /// After its FEN, up to the value of its path.
    players: Vec<u8>,
    /// After its FEN, on the main line (no path): `players`, then `null}` and the newline.
    tail: Vec<u8>,
}

impl Frame {
    /// The frame of the records of a game of `file`.
    fn fill(&mut self, file: &str, info: &GameInfo) {
        let (head, players, tail) = (&mut self.head, &mut self.players, &mut self.tail);
        // Room for the keys and the values unescaped, asked for once (a fresh frame grew
        // a few bytes at a time: 4,000 instructions a game).
        let text = |v: &Option<String>| v.as_ref().map_or(4, |v| v.len() + 2);
        let names = text(&info.event) + text(&info.white) + text(&info.black);
        head.clear();
        head.reserve(64 + file.len());
        players.clear();
        players.reserve(40 + names);
        tail.clear();
        tail.reserve(48 + names);
        head.extend_from_slice(b"{\"type\":\"position\",\"file\":");
        json_str(head, Some(file));
        head.extend_from_slice(b",\"game\":");
        head.extend_from_slice(itoa::Buffer::new().format(info.index).as_bytes());
        head.extend_from_slice(b",\"ply\":");
        players.extend_from_slice(b",\"event\":");
        json_str(players, info.event.as_deref());
        players.extend_from_slice(b",\"white\":");
        json_str(players, info.white.as_deref());
        players.extend_from_slice(b",\"black\":");
        json_str(players, info.black.as_deref());
        players.extend_from_slice(b",\"path\":");
        tail.extend_from_slice(players);
        tail.extend_from_slice(b"null}\n");
    }
}

/// The keys and quotes around the move fields of a position record, up to the FEN's value.
static MOVE_KEYS: MoveKeys = MoveKeys::new(
    [
        b",\"move\":\"",
        b"\",\"san\":\"",
        b"\",\"uci\":\"",
        b"\",\"fen\":\"",
    ],
    b",\"move\":null,\"san\":null,\"uci\":null,\"fen\":\"",
);

/// Room a position record takes besides its frame: ply, move fields, FEN (at most 90 bytes
/// for standard chess, more with Shredder castling) and quotes; reserved once per record.
const RECORD_ROOM: usize = 200;

/// The JSON Lines position records of the games of one file, written while each game is
/// converted ([`RecordWriter`]): byte for byte the records [`write_game`] writes of rows.
#[derive(Debug)]
pub struct JsonlRecords<'a> {
    file: &'a str,
    frame: Frame,
}

impl<'a> JsonlRecords<'a> {
    /// The records of games of `file`.
    pub fn new(file: &'a str) -> JsonlRecords<'a> {
        JsonlRecords {
            file,
            frame: Frame::default(),
        }
    }
}

impl RecordWriter for JsonlRecords<'_> {
    fn start_game(&mut self, info: &GameInfo) {
        self.frame.fill(self.file, info);
    }

    #[inline]
    fn open(&mut self, out: &mut Vec<u8>, ply: u32) {
        let frame = &self.frame;
        out.reserve(frame.head.len() + frame.tail.len() + RECORD_ROOM);
        out.extend_from_slice(&frame.head);
        push_u32(out, ply);
    }

    fn keys(&self) -> &MoveKeys {
        &MOVE_KEYS
    }

    #[inline]
    fn close(&mut self, out: &mut Vec<u8>, path: &str) {
        out.push(b'"');
        if path.is_empty() {
            out.extend_from_slice(&self.frame.tail);
        } else {
            out.extend_from_slice(&self.frame.players);
            json_ascii(out, Some(path));
            out.extend_from_slice(b"}\n");
        }
    }
}

/// Writes the JSON Lines error records of a game's stops (after its position records).
pub fn write_stop_records<'r>(
    out: &mut Vec<u8>,
    file: &str,
    info: &GameInfo,
    stops: impl Iterator<Item = FenStop<'r>>,
) {
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

/// Appends `n` in decimal: a ply (one to three digits) without a copy from a buffer.
#[inline(always)]
fn push_u32(out: &mut Vec<u8>, n: u32) {
    if n < 10 {
        out.push(b'0' + n as u8);
    } else if n < 100 {
        out.extend_from_slice(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]);
    } else if n < 1000 {
        let digits = [
            b'0' + (n / 100) as u8,
            b'0' + (n / 10 % 10) as u8,
            b'0' + (n % 10) as u8,
        ];
        out.extend_from_slice(&digits);
    } else {
        out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
    }
}

/// A JSON string of text arbiter made (a move, SAN, UCI, a FEN), or `null`: copied as it is
/// when `PLAIN` (known to need no escape), else as [`json_ascii`] writes it.
#[inline(always)]
fn json_text<const PLAIN: bool>(out: &mut Vec<u8>, value: Option<&str>) {
    match value {
        Some(v) if PLAIN => {
            out.push(b'"');
            out.extend_from_slice(v.as_bytes());
            out.push(b'"');
        }
        None if PLAIN => out.extend_from_slice(b"null"),
        _ => json_ascii(out, value),
    }
}

/// Whether `bytes` hold a byte JSON escapes (a control character, `"` or `\\`). Every byte is
/// looked at, with no early exit, so that the compiler makes the loop vector operations (16
/// bytes a step).
pub fn needs_escape(bytes: &[u8]) -> bool {
    bytes.iter().fold(false, |found, &b| {
        found | (b < 0x20) | (b == b'"') | (b == b'\\')
    })
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
    // The files named, those that could not be read among them, as `check`'s summary says.
    let files = s.files + s.files_failed;
    let failed = match s.files_failed {
        0 => String::new(),
        n => format!(" ({n} could not be read)"),
    };
    writeln!(
        out,
        "summary: {} file{}{failed}, {} FEN{}: {} with errors, {} with warnings",
        files,
        if files == 1 { "" } else { "s" },
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

/// Writes the line of `fen --check` (and `fen --format svg`, `what`) when its inputs held no
/// FEN or EPD line (empty, or only blank lines and `#` comments): the run ends as `check` over
/// an empty PGN file does (the summary of nothing, status 0), and says that nothing was read.
///
/// # Errors
/// Returns the write error.
pub fn write_no_line_read(out: &mut impl Write, what: &str) -> io::Result<()> {
    writeln!(
        out,
        "arbiter: {what}: no position read: no FEN or EPD line in the input (empty, or only blank \
         lines and # comments)"
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
        let plain_row = |ply| FenRow {
            ply,
            move_text: Some("2.Nf3"),
            san: Some("Nf3"),
            uci: Some("g1f3"),
            fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2".into(),
            path: None,
        };
        let rows = [
            plain_row(3),
            plain_row(45),
            plain_row(678),
            plain_row(1_000),
            FenRow {
                path: Some("12...Nf6(1) 14.Re1(2)"),
                ..plain_row(u32::MAX)
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
        for plain in [false, true] {
            // `plain` is only for text that needs no escape: the row with odd text is left out.
            let rows = &rows[..rows.len() - usize::from(plain)];
            let mut out = Vec::new();
            let game = RecordsOf {
                file: &odd,
                info: &info,
                epd: false,
                plain,
            };
            write_game(
                &mut out,
                Format::Jsonl,
                &game,
                rows.iter().cloned(),
                std::iter::empty(),
            );
            assert_eq!(String::from_utf8(out).unwrap(), expected(rows, &info, &odd));
        }
    }

    #[test]
    fn needs_escape_is_exact() {
        let naive = |b: &[u8]| b.iter().any(|&c| c < 0x20 || c == b'"' || c == b'\\');
        for len in 0..80 {
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
