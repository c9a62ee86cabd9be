//! One value of a row, of its column's type ([`Cell`]), and the cells of a row of `arbiter
//! games` ([`game_cells`], in the order of [`GAME_COLUMNS`]). Every format writes a game row
//! from these cells — CSV and JSON Lines ([`super::text`]), Parquet (`super::parquet`) — so
//! the three hold the same values; the findings and verdicts of `check` and `audit` are
//! written to Parquet from cells too (`super::findings`).

use crate::model::FenProblem;
use crate::model::{GameRow, PgnDate};
use crate::report::columns::{ColumnType, GAME_COLUMNS};

/// One value of a row, of its column's type ([`ColumnType`]); `None` is null.
#[derive(Clone, Copy, Debug)]
pub enum Cell<'a> {
    /// Text.
    Text(Option<&'a str>),
    /// An unsigned 64-bit integer (never null).
    U64(u64),
    /// An unsigned 32-bit integer.
    U32(Option<u32>),
    /// A signed 32-bit integer.
    I32(Option<i32>),
    /// A floating-point number.
    F64(Option<f64>),
    /// A day of the calendar: a date whose `days` is known (`None`: null).
    Date(Option<PgnDate>),
    /// A time of day, seconds since midnight.
    Time(Option<u32>),
    /// `true` or `false`.
    Bool(Option<bool>),
    /// The JSON text of an object (never null).
    Object(&'a [u8]),
    /// Plies (never null, maybe empty).
    U32List(&'a [u32]),
    /// The problems of a FEN line (never null, maybe empty).
    Problems(&'a [FenProblem]),
}

impl Cell<'_> {
    /// The bytes the value takes in a table being built (about).
    pub fn bytes(&self) -> usize {
        match self {
            Cell::Text(v) => v.map_or(0, str::len) + 4,
            Cell::Object(v) => v.len() + 4,
            Cell::U64(_) | Cell::F64(_) => 8,
            Cell::U32(_) | Cell::I32(_) | Cell::Date(_) | Cell::Time(_) => 4,
            Cell::Bool(_) => 1,
            Cell::U32List(plies) => 4 * plies.len() + 4,
            Cell::Problems(problems) => problems
                .iter()
                .map(|p| {
                    let token = p.token.as_deref().map_or(0, str::len);
                    p.severity.as_str().len() + p.code.as_str().len() + token + p.message.len() + 24
                })
                .sum::<usize>()
                .saturating_add(4),
        }
    }

    /// The type of the value, and whether it is null.
    pub fn ty(&self) -> (ColumnType, bool) {
        match self {
            Cell::Text(v) => (ColumnType::Text, v.is_none()),
            Cell::U64(_) => (ColumnType::U64, false),
            Cell::U32(v) => (ColumnType::U32, v.is_none()),
            Cell::I32(v) => (ColumnType::I32, v.is_none()),
            Cell::F64(v) => (ColumnType::F64, v.is_none()),
            Cell::Date(v) => (ColumnType::Date, v.is_none()),
            Cell::Time(v) => (ColumnType::Time, v.is_none()),
            Cell::Bool(v) => (ColumnType::Bool, v.is_none()),
            Cell::Object(_) => (ColumnType::Object, false),
            Cell::U32List(_) => (ColumnType::U32List, false),
            Cell::Problems(_) => (ColumnType::Problems, false),
        }
    }
}

/// A date as its cell: null unless it is a day of the calendar.
fn date(d: PgnDate) -> Cell<'static> {
    Cell::Date(d.days.map(|_| d))
}

/// The cells of the row of a game of `file` ([`GAME_COLUMNS`]); `other_tags` is the JSON text
/// of its other tags (`super::text::other_tags_json`).
pub fn game_cells<'a>(
    file: &'a str,
    row: &'a GameRow,
    other_tags: &'a [u8],
) -> [Cell<'a>; GAME_COLUMNS.len()] {
    use crate::model::tag;
    let tag = |i: usize| Cell::Text(row.tags[i].as_deref());
    let tc = row.time_control;
    let classified = row.classified.as_ref();
    [
        Cell::Text(Some(file)),
        Cell::U64(row.game),
        Cell::U64(row.offset),
        Cell::U64(row.line),
        tag(0),
        tag(1),
        date(row.date),
        Cell::I32(row.date.year.map(i32::from)),
        Cell::I32(row.date.month.map(i32::from)),
        Cell::I32(row.date.day.map(i32::from)),
        tag(3),
        tag(4),
        tag(5),
        tag(6),
        Cell::I32(row.white_elo),
        Cell::I32(row.black_elo),
        tag(9),
        tag(10),
        tag(tag::TIME_CONTROL),
        Cell::F64(tc.map(|p| p.seconds)),
        Cell::F64(tc.map(|p| p.increment)),
        Cell::U32(tc.and_then(|p| p.moves)),
        tag(12),
        date(row.utc_date),
        Cell::Time(row.utc_time),
        Cell::U32(row.ply_count),
        Cell::Object(other_tags),
        Cell::U32(Some(row.plies)),
        Cell::Text(row.marker),
        Cell::Text(Some(row.status.as_str())),
        Cell::U32(Some(row.errors)),
        Cell::U32(Some(row.warnings)),
        Cell::U32(row.first_illegal_ply),
        Cell::Text(row.final_fen.as_deref()),
        Cell::Text(row.speed.map(|s| s.as_str())),
        Cell::Text(classified.map(|c| c.eco)),
        Cell::Text(classified.map(|c| c.name)),
        Cell::U32(classified.map(|c| c.ply)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ClassifiedOpening, Speed, TimePeriod};

    /// Every cell of a game row is of its column's type, null only where the column may be,
    /// with every value there and with none.
    #[test]
    fn game_cells_fit_the_columns() {
        let full = GameRow {
            tags: std::array::from_fn(|i| Some(format!("tag {i}"))),
            date: PgnDate {
                year: Some(2024),
                month: Some(3),
                day: Some(2),
                days: Some(19_784),
            },
            utc_date: PgnDate {
                year: Some(2024),
                month: Some(3),
                day: Some(2),
                days: Some(19_784),
            },
            white_elo: Some(2700),
            black_elo: Some(2650),
            ply_count: Some(80),
            utc_time: Some(12),
            time_control: Some(TimePeriod {
                moves: Some(40),
                seconds: 5400.0,
                increment: 30.0,
            }),
            marker: Some("1-0"),
            first_illegal_ply: Some(3),
            final_fen: Some("8/8/8/8/8/8/8/8 w - - 0 1".into()),
            speed: Some(Speed::Classical),
            classified: Some(ClassifiedOpening {
                eco: "C60",
                name: "Ruy Lopez",
                ply: 5,
            }),
            ..GameRow::default()
        };
        for (filled, row) in [(true, full), (false, GameRow::default())] {
            let cells = game_cells("a.pgn", &row, b"{}");
            for (column, cell) in GAME_COLUMNS.iter().zip(cells) {
                let (ty, null) = cell.ty();
                assert_eq!(ty, column.ty, "{}", column.name);
                assert!(column.nullable || !null, "{} is null", column.name);
                // Every value of a row with every value is there.
                assert!(!(filled && null), "{} is null", column.name);
            }
        }
    }
}
