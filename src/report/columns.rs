//! The columns of arbiter's tables, described once: a name, a type and whether a value may be
//! absent. `arbiter games` ([`GAME_COLUMNS`]) and `arbiter moves` ([`MOVE_COLUMNS`]) are
//! here; the tables of `check` and `audit` (findings, game rows, verdicts, positions) beside
//! their CSV writers. The CSV headers are made from these descriptions ([`names`]) and so are
//! the Parquet schemas (`tables::findings`, `tables::parquet`, with the cargo feature
//! `parquet`), and the JSON Lines keys, so the formats cannot drift apart. This module sees
//! nothing of the crate.

/// The type of a column's values, as a typed format (Parquet) writes them; CSV writes every
/// value as text and JSON Lines as the JSON value of the type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnType {
    /// UTF-8 text.
    Text,
    /// An unsigned 64-bit integer (game numbers, lines, byte offsets).
    U64,
    /// An unsigned 32-bit integer (plies, columns, counts).
    U32,
    /// A signed 32-bit integer (Elo ratings, years, evaluations; DuckDB's `INTEGER`).
    I32,
    /// A 64-bit floating-point number (seconds of a clock or a time control).
    F64,
    /// A day of the calendar: Parquet `DATE` (Arrow `Date32`), ISO 8601 `2024-03-02` in CSV
    /// and JSON Lines.
    Date,
    /// A time of day: Parquet `TIME` in milliseconds (Arrow `Time32`), `12:00:05` in CSV and
    /// JSON Lines.
    Time,
    /// `true` or `false`.
    Bool,
    /// A JSON object: an object in JSON Lines, its JSON text in CSV and Parquet (`other_tags`).
    Object,
    /// A list of unsigned 32-bit integers (the plies of `occurrences`; a space-separated cell
    /// in CSV).
    U32List,
    /// A list of the problems of a FEN line, each `{severity, code, col, token, message}` (the
    /// `problems` of `audit --positions`; one cell in CSV: `severity[code]:col: message`
    /// separated by ` | `).
    Problems,
}

/// One column of a table: its name and its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    /// The name (the CSV header's, the JSON key's).
    pub name: &'static str,
    /// The type of its values.
    pub ty: ColumnType,
    /// Whether a value may be absent (an empty CSV cell, `null` in JSON Lines and Parquet).
    pub nullable: bool,
    /// What it holds, in a line (the `--help` of `games` and `moves` lists it; empty for the
    /// tables documented elsewhere).
    pub doc: &'static str,
}

impl Column {
    /// A column whose value is always there.
    pub const fn new(name: &'static str, ty: ColumnType) -> Column {
        Column {
            name,
            ty,
            nullable: false,
            doc: "",
        }
    }

    /// A column whose value may be absent.
    pub const fn nullable(name: &'static str, ty: ColumnType) -> Column {
        Column {
            name,
            ty,
            nullable: true,
            doc: "",
        }
    }

    /// The column with its line of documentation.
    pub const fn doc(self, doc: &'static str) -> Column {
        Column { doc, ..self }
    }
}

impl ColumnType {
    /// The type as the documentation names it (the Parquet type, and DuckDB's).
    pub fn as_str(self) -> &'static str {
        match self {
            ColumnType::Text => "text",
            ColumnType::U64 => "uint64",
            ColumnType::U32 => "uint32",
            ColumnType::I32 => "int32",
            ColumnType::F64 => "double",
            ColumnType::Date => "date",
            ColumnType::Time => "time",
            ColumnType::Bool => "boolean",
            ColumnType::Object => "JSON object",
            ColumnType::U32List => "list of uint32",
            ColumnType::Problems => "list of problems",
        }
    }
}

/// The columns of a table as `--help` lists them: `name (type, may be null): what it holds`,
/// one a line.
pub fn help(columns: &[Column]) -> String {
    let mut text = String::new();
    for c in columns {
        let null = if c.nullable { ", may be null" } else { "" };
        text.push_str(&format!(
            "  {} ({}{null}): {}\n",
            c.name,
            c.ty.as_str(),
            c.doc
        ));
    }
    text
}

/// The columns of a table as FORMATS.md lists them: a Markdown table of name, type (as
/// [`ColumnType::as_str`] names it), whether a value may be absent (an empty CSV cell, `null`
/// in JSON Lines and Parquet), and what it holds when the columns say it.
pub fn markdown(columns: &[Column]) -> String {
    let docs = columns.iter().any(|c| !c.doc.is_empty());
    let mut text = String::from("| column | type | may be absent |");
    text.push_str(if docs {
        " what it holds |\n| --- | --- | --- | --- |\n"
    } else {
        "\n| --- | --- | --- |\n"
    });
    for c in columns {
        let absent = if c.nullable { "yes" } else { "no" };
        text.push_str(&format!("| `{}` | {} | {absent} |", c.name, c.ty.as_str()));
        if docs {
            text.push_str(&format!(" {} |", c.doc.replace('|', "\\|")));
        }
        text.push('\n');
    }
    text
}

/// The names of `columns`, in order: a CSV header.
pub const fn names<const N: usize>(columns: &[Column; N]) -> [&'static str; N] {
    let mut names = [""; N];
    let mut i = 0;
    while i < N {
        names[i] = columns[i].name;
        i += 1;
    }
    names
}

use ColumnType::{Date, F64, I32, Object, Text, Time, U32, U64};

/// The columns of `arbiter games`, in order: the game's place, its common tags (the typed ones
/// read: dates, Elo, the time control, PlyCount), the other tags, and what the walk and the
/// checker found.
pub const GAME_COLUMNS: [Column; 38] = [
    Column::new("file", Text).doc("the input as named (`archive.zip:member.pgn`; `-` for standard input)"),
    Column::new("game", U64).doc("the game's 1-based index in its file"),
    Column::new("offset", U64).doc("byte offset of the game's first non-blank byte"),
    Column::new("line", U64).doc("1-based line of the game's first non-blank byte"),
    Column::nullable("event", Text).doc("the Event tag"),
    Column::nullable("site", Text).doc("the Site tag"),
    Column::nullable("date", Date).doc("the Date tag when it is a whole day of the calendar (`2024.03.02`); null when a part is `??`"),
    Column::nullable("year", I32).doc("the year of the Date tag (`1924.??.??` has 1924; a year alone, `1857`, too)"),
    Column::nullable("month", I32).doc("its month, 1-12 (null for `??` or out of range)"),
    Column::nullable("day", I32).doc("its day, 1-31 (null for `??` or out of range)"),
    Column::nullable("round", Text).doc("the Round tag"),
    Column::nullable("white", Text).doc("the White tag"),
    Column::nullable("black", Text).doc("the Black tag"),
    Column::nullable("result", Text).doc("the Result tag"),
    Column::nullable("white_elo", I32).doc("the WhiteElo tag as a number (space around it ignored; null for `?`, `-`, empty or other text)"),
    Column::nullable("black_elo", I32).doc("the BlackElo tag as a number"),
    Column::nullable("eco", Text).doc("the ECO tag"),
    Column::nullable("opening", Text).doc("the Opening tag"),
    Column::nullable("time_control", Text).doc("the TimeControl tag as written"),
    Column::nullable("time_control_base_s", F64).doc("the time of its first period, seconds (`180+2`: 180; `40/5400+30:1800+30`: 5400; `1/259200`: 259200); null for `-`, `?` and what is no time control"),
    Column::nullable("time_control_increment_s", F64).doc("the increment of its first period, seconds (`180+2`: 2; 0 when none is written)"),
    Column::nullable("time_control_moves", U32).doc("the moves of its first period (`40/5400+30:...`: 40; `1/259200`: 1); null when the first period is the whole game"),
    Column::nullable("termination", Text).doc("the Termination tag"),
    Column::nullable("utc_date", Date).doc("the UTCDate tag, a day of the calendar"),
    Column::nullable("utc_time", Time).doc("the UTCTime tag, a time of day (`HH:MM:SS`)"),
    Column::nullable("ply_count", U32).doc("the PlyCount tag as a number (as written: compare with `plies`)"),
    Column::new("other_tags", Object).doc("every other tag, name to value, in tag order"),
    Column::new("plies", U32).doc("main-line plies played, up to the first move that cannot be played (the PlyCount the moves give)"),
    Column::nullable("marker", Text).doc("the game-termination marker of the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`)"),
    Column::new("status", Text).doc("what `arbiter check` says of the game: `ok`, `warning`, `error`, `skipped`"),
    Column::new("errors", U32).doc("its errors"),
    Column::new("warnings", U32).doc("its warnings"),
    Column::nullable("first_illegal_ply", U32).doc("the ply of the first main-line move that cannot be played"),
    Column::nullable("final_fen", Text).doc("the FEN of the last position of the main line reached"),
    Column::nullable("speed", Text).doc("the speed class of the TimeControl: ultrabullet, bullet, blitz, rapid, classical, correspondence"),
    Column::nullable("classified_eco", Text).doc("the ECO code of the opening the moves reach (lichess chess-openings)"),
    Column::nullable("classified_opening", Text).doc("its name"),
    Column::nullable("classified_ply", U32).doc("the ply where the game stood in it"),
];

/// The columns of `arbiter moves`, in order (`fen` only with `--fen`).
pub const MOVE_COLUMNS: [Column; 16] = [
    Column::new("file", Text).doc("as in `arbiter games`"),
    Column::new("game", U64).doc("as in `arbiter games`"),
    Column::new("ply", U32).doc("the ply from the game's start position (1 is the first move)"),
    Column::new("move_number", U32).doc("the move number (the fullmove number before the move)"),
    Column::new("side", Text).doc("`w` or `b`"),
    Column::new("san", Text).doc("standard SAN with `+`/`#`"),
    Column::new("uci", Text).doc("UCI (king takes rook for castling in Chess960 games)"),
    Column::new("fen", Text).doc("(--fen) the FEN after the move"),
    Column::nullable("clk", F64).doc("`[%clk h:mm:ss]` as written: the clock after the move, seconds"),
    Column::nullable("emt", F64).doc("`[%emt h:mm:ss]` as written: the time spent on the move, seconds"),
    Column::nullable("clock_s", F64).doc("the clock after the move, seconds: clk, or computed from emt and the TimeControl"),
    Column::nullable("time_spent_s", F64).doc("the time spent on the move, seconds: emt, or the clock before less clk plus the increment (and a period's time after its last move); 0 for a first move whose clock did not run"),
    Column::nullable("eval_cp", I32).doc("`[%eval 0.17]`: centipawns, from White's point of view"),
    Column::nullable("eval_mate", I32).doc("`[%eval #-3]`: mate in N (negative: Black mates)"),
    Column::nullable("eval_depth", U32).doc("the depth of `[%eval 0.35,23]`"),
    Column::new("comments", U32).doc("the comments after the move (a count)"),
];

/// The columns of `arbiter moves` (`fen`: with the FEN column), in order.
pub fn move_columns(fen: bool) -> impl Iterator<Item = &'static Column> {
    MOVE_COLUMNS.iter().filter(move |c| fen || c.name != "fen")
}

/// The fields of one problem of the `problems` column ([`ColumnType::Problems`]), as the JSON
/// Lines output of `audit --positions` gives them.
pub const PROBLEM_FIELDS: [Column; 5] = [
    Column::new("severity", ColumnType::Text),
    Column::new("code", ColumnType::Text),
    Column::new("col", ColumnType::U32),
    Column::nullable("token", ColumnType::Text),
    Column::new("message", ColumnType::Text),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_the_order() {
        const COLUMNS: [Column; 2] = [
            Column::new("a", ColumnType::Text),
            Column::nullable("b", ColumnType::U32),
        ];
        const NAMES: [&str; 2] = names(&COLUMNS);
        assert_eq!(NAMES, ["a", "b"]);
        assert!(!COLUMNS[0].nullable && COLUMNS[1].nullable);
    }
}
