//! The columns of the tables of `check` and `audit` (findings, game rows, verdicts, positions),
//! described once: a name and a type each. The CSV headers are made from these descriptions
//! ([`names`]) and so are the Parquet schemas (`tables::findings`, with the cargo feature
//! `parquet`), so the two formats cannot drift apart. This module sees nothing of the crate.

/// The type of a column's values, as a typed format (Parquet) writes them; CSV writes every
/// value as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnType {
    /// UTF-8 text.
    Text,
    /// An unsigned 64-bit integer (game numbers, lines, byte offsets).
    U64,
    /// An unsigned 32-bit integer (plies, columns, counts).
    U32,
    /// `true` or `false`.
    Bool,
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
}

impl Column {
    /// A column whose value is always there.
    pub const fn new(name: &'static str, ty: ColumnType) -> Column {
        Column {
            name,
            ty,
            nullable: false,
        }
    }

    /// A column whose value may be absent.
    pub const fn nullable(name: &'static str, ty: ColumnType) -> Column {
        Column {
            name,
            ty,
            nullable: true,
        }
    }
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
