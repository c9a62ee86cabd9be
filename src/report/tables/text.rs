//! The tables of `arbiter games` and `arbiter moves` as CSV (a header row, then one row per game
//! or move) and as JSON Lines (one object per row, the column names as keys, `null` for a value
//! that is absent). The rows of a game are written into one buffer on the worker thread that
//! read it, so the single writer only copies bytes; the writers here are hand-made (no serde),
//! which keeps a row at the cost of its bytes.
//!
//! JSON Lines rows (a contract, see FORMATS.md):
//!
//! ```text
//! {"file":"a.pgn","game":1,"offset":0,"line":1,"event":"Rated Blitz game",…,"date":"2025-05-01","year":2025,…,"white_elo":1500,…,"other_tags":{"Variant":"Standard"},"plies":61,"marker":"1-0","status":"ok",…}
//! {"file":"a.pgn","game":1,"ply":1,"move_number":1,"side":"w","san":"e4","uci":"e2e4","clk":180,"emt":null,"clock_s":180,"time_spent_s":0,"eval_cp":17,"eval_mate":null,"eval_depth":null,"comments":1}
//! ```
//!
//! The columns and their types are [`GAME_COLUMNS`] and [`MOVE_COLUMNS`](crate::report::columns::MOVE_COLUMNS): a game row is
//! written from its cells ([`game_cells`]); the move rows, a table's bulk, by hand in the
//! columns' order (a test holds them to it).

use crate::model::{Eval, GameRow, MoveColumns, PgnDate};
use crate::report::columns::{Column, GAME_COLUMNS};

use super::TableFormat;
use super::cells::{Cell, game_cells};

/// Writes `value` as a JSON string.
pub fn json_string(out: &mut Vec<u8>, value: &str) {
    out.push(b'"');
    let bytes = value.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        // Most bytes need no escape: one test (printable ASCII but `"` and `\\`, or UTF-8).
        if b >= 0x20 && b != b'"' && b != b'\\' && b != 0x7f {
            continue;
        }
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0..0x20 | 0x7f => b"",
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        if escape.is_empty() {
            out.extend_from_slice(format!("\\u{b:04x}").as_bytes());
        } else {
            out.extend_from_slice(escape);
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// Writes `value` as a CSV field (quoted when it holds a comma, a quote, a line break, or
/// starts or ends with a space).
pub fn csv_field(out: &mut Vec<u8>, value: &str) {
    let bytes = value.as_bytes();
    let quote = bytes
        .iter()
        .any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r'))
        || bytes.first() == Some(&b' ')
        || bytes.last() == Some(&b' ');
    if !quote {
        out.extend_from_slice(bytes);
        return;
    }
    // The runs between quotes copied whole, each quote doubled.
    out.push(b'"');
    let mut rest = bytes;
    while let Some(at) = memchr::memchr(b'"', rest) {
        out.extend_from_slice(&rest[..=at]);
        out.push(b'"');
        rest = &rest[at + 1..];
    }
    out.extend_from_slice(rest);
    out.push(b'"');
}

/// A row being written, in either format: the separators and the keys are its business.
struct Row<'o> {
    out: &'o mut Vec<u8>,
    json: bool,
    first: bool,
}

impl<'o> Row<'o> {
    fn new(out: &'o mut Vec<u8>, format: TableFormat) -> Row<'o> {
        let json = format == TableFormat::Jsonl;
        if json {
            out.push(b'{');
        }
        Row {
            out,
            json,
            first: true,
        }
    }

    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        if self.json {
            self.out.push(b'"');
            self.out.extend_from_slice(key.as_bytes());
            self.out.extend_from_slice(b"\":");
        }
    }

    /// A value of ASCII text that needs no escape (digits, `-`, `:`): quoted in JSON, as it
    /// is in CSV.
    fn quoted(&mut self, text: &[u8]) {
        if self.json {
            self.out.push(b'"');
            self.out.extend_from_slice(text);
            self.out.push(b'"');
        } else {
            self.out.extend_from_slice(text);
        }
    }

    fn null(&mut self) {
        if self.json {
            self.out.extend_from_slice(b"null");
        }
    }

    fn str(&mut self, key: &str, value: Option<&str>) {
        self.key(key);
        match value {
            Some(v) if self.json => json_string(self.out, v),
            // Text from the input: a formula in front gets a `'` (OWASP); a Round `-` is data.
            Some(v) => csv_field(self.out, &crate::report::clean::csv_token(v)),
            None => self.null(),
        }
    }

    /// A value that is a JSON number or `true`/`false`, and the same text in CSV.
    fn plain<T>(&mut self, key: &str, value: Option<T>, push: impl Fn(&mut Vec<u8>, T)) {
        self.key(key);
        match value {
            Some(v) => push(self.out, v),
            None => self.null(),
        }
    }

    /// A value written as it is (a JSON object in JSON Lines, a quoted field in CSV).
    fn raw_json(&mut self, key: &str, json: &[u8]) {
        self.key(key);
        if self.json {
            self.out.extend_from_slice(json);
        } else {
            // JSON text is valid UTF-8.
            csv_field(self.out, std::str::from_utf8(json).unwrap_or_default());
        }
    }

    /// A day of the calendar, ISO 8601 (`2024-03-02`; a JSON string).
    fn date(&mut self, key: &str, value: Option<PgnDate>) {
        self.key(key);
        let parts = value.and_then(|d| Some((d.year?, d.month?, d.day?)));
        match parts {
            Some((y, m, d)) => {
                // `YYYY-MM-DD` from its digits (a `format!` per cell cost a tenth of the
                // table's writing); ASCII digits need no JSON escape, only the quotes.
                let [y1, y2] = two_digits((y / 100) as u8);
                let [y3, y4] = two_digits((y % 100) as u8);
                let [m1, m2] = two_digits(m);
                let [d1, d2] = two_digits(d);
                self.quoted(&[y1, y2, y3, y4, b'-', m1, m2, b'-', d1, d2]);
            }
            None => self.null(),
        }
    }

    /// The cell of `column`.
    fn cell(&mut self, column: &Column, cell: Cell<'_>) {
        let key = column.name;
        match cell {
            Cell::Text(v) => self.str(key, v),
            Cell::U64(v) => self.plain(key, Some(v), push_int),
            Cell::U32(v) => self.plain(key, v, push_int),
            Cell::I32(v) => self.plain(key, v, push_int),
            Cell::F64(v) => self.plain(key, v, push_seconds),
            Cell::Date(v) => self.date(key, v),
            Cell::Time(v) => {
                self.key(key);
                match v {
                    // `HH:MM:SS`; hours below 100 (a time of day: `pgn_time`).
                    Some(s) => {
                        let [h1, h2] = two_digits((s / 3600 % 100) as u8);
                        let [m1, m2] = two_digits((s / 60 % 60) as u8);
                        let [s1, s2] = two_digits((s % 60) as u8);
                        self.quoted(&[h1, h2, b':', m1, m2, b':', s1, s2]);
                    }
                    None => self.null(),
                }
            }
            Cell::Bool(v) => self.plain(key, v, |out, b| {
                out.extend_from_slice(if b { b"true" } else { b"false" });
            }),
            Cell::Object(json) => self.raw_json(key, json),
            // (Not in the tables written here.)
            Cell::U32List(_) | Cell::Problems(_) => self.null(),
        }
    }

    fn end(self) {
        if self.json {
            self.out.push(b'}');
        }
        self.out.push(b'\n');
    }
}

/// The two decimal digits of `n` (below 100), in ASCII.
fn two_digits(n: u8) -> [u8; 2] {
    [b'0' + n / 10 % 10, b'0' + n % 10]
}

/// The columns of `arbiter games`, in order.
pub fn game_columns() -> impl Iterator<Item = &'static str> {
    GAME_COLUMNS.iter().map(|c| c.name)
}

/// The columns of `arbiter moves`, in order (`fen`: with the FEN column).
pub fn move_columns(fen: bool) -> impl Iterator<Item = &'static str> {
    crate::report::columns::move_columns(fen).map(|c| c.name)
}

/// Writes the CSV header row of a table (nothing for JSON Lines).
pub fn write_header<'c>(out: &mut Vec<u8>, columns: impl Iterator<Item = &'c str>) {
    for (i, column) in columns.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(column.as_bytes());
    }
    out.push(b'\n');
}

/// The other tags of a game as a JSON object.
pub fn other_tags_json(tags: &[(String, String)]) -> Vec<u8> {
    let mut json = Vec::with_capacity(2 + tags.len() * 24);
    json.push(b'{');
    for (i, (name, value)) in tags.iter().enumerate() {
        if i > 0 {
            json.push(b',');
        }
        json_string(&mut json, name);
        json.push(b':');
        json_string(&mut json, value);
    }
    json.push(b'}');
    json
}

/// Writes the row of one game of `file`.
pub fn write_game_row(out: &mut Vec<u8>, format: TableFormat, file: &str, row: &GameRow) {
    let other = other_tags_json(&row.other_tags);
    let mut r = Row::new(out, format);
    for (column, cell) in GAME_COLUMNS.iter().zip(game_cells(file, row, &other)) {
        r.cell(column, cell);
    }
    r.end();
}

/// Writes the rows of the moves of one game of `file`. The columns that are the same on every
/// row of the game (`file`, `game`) are written once and copied; a row costs little more than
/// its bytes.
pub fn write_move_rows(out: &mut Vec<u8>, format: TableFormat, file: &str, moves: &MoveColumns) {
    if moves.is_empty() {
        return;
    }
    let json = format == TableFormat::Jsonl;
    let mut prefix = Vec::with_capacity(file.len() + 32);
    if json {
        prefix.extend_from_slice(b"{\"file\":");
        json_string(&mut prefix, file);
        prefix.extend_from_slice(b",\"game\":");
    } else {
        csv_field(&mut prefix, &crate::report::clean::csv_token(file));
        prefix.push(b',');
    }
    prefix.extend_from_slice(itoa::Buffer::new().format(moves.game).as_bytes());
    out.reserve(moves.len() * (prefix.len() + if json { 190 } else { 40 }));
    let (mut san_at, mut uci_at, mut fen_at) = (0, 0, 0);
    for i in 0..moves.len() {
        let san = &moves.san.text[san_at..moves.san.ends[i] as usize];
        san_at = moves.san.ends[i] as usize;
        let uci = &moves.uci.text[uci_at..moves.uci.ends[i] as usize];
        uci_at = moves.uci.ends[i] as usize;
        let fen = moves.fen.as_ref().map(|f| {
            let fen = &f.text[fen_at..f.ends[i] as usize];
            fen_at = f.ends[i] as usize;
            fen
        });
        out.extend_from_slice(&prefix);
        let row = MoveRow {
            ply: moves.ply[i],
            number: moves.number[i],
            white: moves.white[i],
            san,
            uci,
            fen,
            data: &moves.data[i],
        };
        if json {
            json_move(out, &row);
        } else {
            csv_move(out, &row);
        }
    }
}

/// One move row, past its `file` and `game`.
struct MoveRow<'a> {
    ply: u32,
    number: u32,
    white: bool,
    san: &'a [u8],
    uci: &'a [u8],
    fen: Option<&'a [u8]>,
    data: &'a crate::model::MoveData,
}

fn push_int(out: &mut Vec<u8>, v: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
}

/// A number of seconds: whole numbers as integers, others as Rust's shortest representation
/// that reads back as the same number.
fn push_seconds(out: &mut Vec<u8>, v: f64) {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        push_int(out, v as i64);
    } else {
        use std::io::Write;
        let _ = write!(out, "{v}");
    }
}

/// The evaluation as (centipawns, mate in N).
fn eval_parts(data: &crate::model::MoveData) -> (Option<i32>, Option<i32>) {
    match data.eval {
        Some(Eval::Centipawns(cp)) => (Some(cp), None),
        Some(Eval::Mate(n)) => (None, Some(n)),
        None => (None, None),
    }
}

#[inline]
fn csv_move(out: &mut Vec<u8>, r: &MoveRow<'_>) {
    out.push(b',');
    push_int(out, r.ply);
    out.push(b',');
    push_int(out, r.number);
    out.extend_from_slice(if r.white { b",w," } else { b",b," });
    // SAN, UCI and FEN hold no comma, quote or line break.
    out.extend_from_slice(r.san);
    out.push(b',');
    out.extend_from_slice(r.uci);
    if let Some(fen) = r.fen {
        out.push(b',');
        out.extend_from_slice(fen);
    }
    let d = r.data;
    let (cp, mate) = eval_parts(d);
    out.push(b',');
    if let Some(v) = d.clk {
        push_seconds(out, v);
    }
    out.push(b',');
    if let Some(v) = d.emt {
        push_seconds(out, v);
    }
    out.push(b',');
    if let Some(v) = d.clock {
        push_seconds(out, v);
    }
    out.push(b',');
    if let Some(v) = d.spent {
        push_seconds(out, v);
    }
    out.push(b',');
    if let Some(v) = cp {
        push_int(out, v);
    }
    out.push(b',');
    if let Some(v) = mate {
        push_int(out, v);
    }
    out.push(b',');
    if let Some(v) = d.eval_depth {
        push_int(out, v);
    }
    out.push(b',');
    push_int(out, d.comments);
    out.push(b'\n');
}

#[inline]
fn json_move(out: &mut Vec<u8>, r: &MoveRow<'_>) {
    fn opt<T>(out: &mut Vec<u8>, key: &[u8], v: Option<T>, push: impl Fn(&mut Vec<u8>, T)) {
        out.extend_from_slice(key);
        match v {
            Some(v) => push(out, v),
            None => out.extend_from_slice(b"null"),
        }
    }
    out.extend_from_slice(b",\"ply\":");
    push_int(out, r.ply);
    out.extend_from_slice(b",\"move_number\":");
    push_int(out, r.number);
    out.extend_from_slice(if r.white {
        b",\"side\":\"w\",\"san\":\""
    } else {
        b",\"side\":\"b\",\"san\":\""
    });
    // SAN, UCI and FEN need no escape.
    out.extend_from_slice(r.san);
    out.extend_from_slice(b"\",\"uci\":\"");
    out.extend_from_slice(r.uci);
    out.push(b'"');
    if let Some(fen) = r.fen {
        out.extend_from_slice(b",\"fen\":\"");
        out.extend_from_slice(fen);
        out.push(b'"');
    }
    let d = r.data;
    let (cp, mate) = eval_parts(d);
    opt(out, b",\"clk\":", d.clk, push_seconds);
    opt(out, b",\"emt\":", d.emt, push_seconds);
    opt(out, b",\"clock_s\":", d.clock, push_seconds);
    opt(out, b",\"time_spent_s\":", d.spent, push_seconds);
    opt(out, b",\"eval_cp\":", cp, push_int);
    opt(out, b",\"eval_mate\":", mate, push_int);
    opt(out, b",\"eval_depth\":", d.eval_depth, push_int);
    out.extend_from_slice(b",\"comments\":");
    push_int(out, d.comments);
    out.extend_from_slice(b"}\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        let mut out = Vec::new();
        json_string(&mut out, "a\"b\\c\nd\u{1}é");
        assert_eq!(out, "\"a\\\"b\\\\c\\nd\\u0001é\"".as_bytes());
        out.clear();
        csv_field(&mut out, "Smith, J \"Jo\"");
        assert_eq!(out, b"\"Smith, J \"\"Jo\"\"\"");
        out.clear();
        csv_field(&mut out, "plain");
        assert_eq!(out, b"plain");
    }
}
