//! The Arrow side of the column descriptions ([`crate::report::columns`]): the Arrow type of
//! each [`ColumnType`] ([`data_type`]), the schema of a table ([`schema`]) and the builder of
//! a column, which takes the table's [`Cell`]s ([`ColumnBuilder`]). The Parquet writers of
//! the game table (`super::parquet`) and of the findings and verdicts (`super::findings`)
//! both build their rows with these.
//!
//! | [`ColumnType`] | Arrow / Parquet type |
//! | --- | --- |
//! | `Text`, `Object` | `Utf8` (Parquet `BYTE_ARRAY`, `STRING`; an object as its JSON text) |
//! | `U64` | `UInt64` |
//! | `U32` | `UInt32` |
//! | `I32` | `Int32` (DuckDB `INTEGER`) |
//! | `F64` | `Float64` (DuckDB `DOUBLE`) |
//! | `Date` | `Date32` (Parquet `DATE`: days since 1970-01-01) |
//! | `Time` | `Time32(Millisecond)` (Parquet `TIME`, milliseconds since midnight) |
//! | `Bool` | `Boolean` |
//! | `U32List` | `List<UInt32>` (`occurrences`: plies, never null, maybe empty) |
//! | `Problems` | `List<Struct<severity: Utf8, code: Utf8, col: UInt32, token: Utf8 (nullable), message: Utf8>>` |

use std::sync::Arc;

use arrow_array::ArrayRef;
use arrow_array::builder::{
    ArrayBuilder, BooleanBuilder, Date32Builder, Float64Builder, Int32Builder, ListBuilder,
    StringBuilder, StructBuilder, Time32MillisecondBuilder, UInt32Builder, UInt64Builder,
};
use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef, TimeUnit};

use super::cells::Cell;
use crate::model::FenProblem;
use crate::report::columns::{Column, ColumnType, PROBLEM_FIELDS};

/// A count or a column as the `UInt32` columns hold it (the values arbiter makes are far
/// below the limit: a game is at most 16 MiB and keeps at most 1000 findings).
pub(super) fn u32_of(value: u64) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

/// The Arrow type of a column of type `ty`.
pub(super) fn data_type(ty: ColumnType) -> DataType {
    match ty {
        ColumnType::Text | ColumnType::Object => DataType::Utf8,
        ColumnType::U64 => DataType::UInt64,
        ColumnType::U32 => DataType::UInt32,
        ColumnType::I32 => DataType::Int32,
        ColumnType::F64 => DataType::Float64,
        ColumnType::Date => DataType::Date32,
        ColumnType::Time => DataType::Time32(TimeUnit::Millisecond),
        ColumnType::Bool => DataType::Boolean,
        ColumnType::U32List => DataType::List(Arc::new(plies_field())),
        ColumnType::Problems => DataType::List(Arc::new(problem_field())),
    }
}

/// The item of a `List<UInt32>`: a ply, never null.
fn plies_field() -> Field {
    Field::new_list_field(DataType::UInt32, false)
}

/// The fields of a problem's struct ([`PROBLEM_FIELDS`]).
fn problem_fields() -> Fields {
    let fields = PROBLEM_FIELDS.iter();
    fields
        .map(|c| Field::new(c.name, data_type(c.ty), c.nullable))
        .collect()
}

/// The item of the `problems` list: a problem, never null.
fn problem_field() -> Field {
    Field::new_list_field(DataType::Struct(problem_fields()), false)
}

/// The Arrow schema of a table of `columns`, in order.
pub(super) fn schema<'c>(columns: impl IntoIterator<Item = &'c Column>) -> SchemaRef {
    let fields: Vec<Field> = columns
        .into_iter()
        .map(|c| Field::new(c.name, data_type(c.ty), c.nullable))
        .collect();
    Arc::new(Schema::new(fields))
}

/// The builder of one column.
#[derive(Debug)]
pub(super) enum ColumnBuilder {
    Str(StringBuilder),
    U64(UInt64Builder),
    U32(UInt32Builder),
    I32(Int32Builder),
    F64(Float64Builder),
    Date(Date32Builder),
    Time(Time32MillisecondBuilder),
    Bool(BooleanBuilder),
    Plies(ListBuilder<UInt32Builder>),
    Problems(ListBuilder<StructBuilder>),
}

impl ColumnBuilder {
    pub(super) fn new(ty: ColumnType) -> ColumnBuilder {
        match ty {
            ColumnType::Text | ColumnType::Object => ColumnBuilder::Str(StringBuilder::new()),
            ColumnType::U64 => ColumnBuilder::U64(UInt64Builder::new()),
            ColumnType::U32 => ColumnBuilder::U32(UInt32Builder::new()),
            ColumnType::I32 => ColumnBuilder::I32(Int32Builder::new()),
            ColumnType::F64 => ColumnBuilder::F64(Float64Builder::new()),
            ColumnType::Date => ColumnBuilder::Date(Date32Builder::new()),
            ColumnType::Time => ColumnBuilder::Time(Time32MillisecondBuilder::new()),
            ColumnType::Bool => ColumnBuilder::Bool(BooleanBuilder::new()),
            ColumnType::U32List => ColumnBuilder::Plies(
                ListBuilder::new(UInt32Builder::new()).with_field(Arc::new(plies_field())),
            ),
            ColumnType::Problems => {
                let builders: Vec<Box<dyn ArrayBuilder>> = PROBLEM_FIELDS
                    .iter()
                    .map(|c| -> Box<dyn ArrayBuilder> {
                        match c.ty {
                            ColumnType::U32 => Box::new(UInt32Builder::new()),
                            _ => Box::new(StringBuilder::new()),
                        }
                    })
                    .collect();
                let problems = StructBuilder::new(problem_fields(), builders);
                ColumnBuilder::Problems(
                    ListBuilder::new(problems).with_field(Arc::new(problem_field())),
                )
            }
        }
    }

    /// Appends `cell`, whose type the caller checked against the column's (a cell of another
    /// type is a bug: it panics).
    pub(super) fn append(&mut self, cell: Cell<'_>) {
        match (self, cell) {
            (ColumnBuilder::Str(b), Cell::Text(v)) => b.append_option(v),
            (ColumnBuilder::Str(b), Cell::Object(json)) => {
                // JSON text is valid UTF-8.
                b.append_value(std::str::from_utf8(json).unwrap_or_default());
            }
            (ColumnBuilder::U64(b), Cell::U64(v)) => b.append_value(v),
            (ColumnBuilder::U32(b), Cell::U32(v)) => b.append_option(v),
            (ColumnBuilder::I32(b), Cell::I32(v)) => b.append_option(v),
            (ColumnBuilder::F64(b), Cell::F64(v)) => b.append_option(v),
            (ColumnBuilder::Date(b), Cell::Date(v)) => b.append_option(v.and_then(|d| d.days)),
            (ColumnBuilder::Time(b), Cell::Time(v)) => {
                b.append_option(v.map(|s| (s * 1000) as i32));
            }
            (ColumnBuilder::Bool(b), Cell::Bool(v)) => b.append_option(v),
            (ColumnBuilder::Plies(b), Cell::U32List(plies)) => {
                b.values().append_slice(plies);
                b.append(true);
            }
            (ColumnBuilder::Problems(b), Cell::Problems(problems)) => {
                append_problems(b, problems);
            }
            (_, cell) => unreachable!("a {cell:?} checked against its column's type"),
        }
    }

    /// The column's values so far, as an array (the builder is left empty).
    pub(super) fn finish(&mut self) -> ArrayRef {
        match self {
            ColumnBuilder::Str(b) => Arc::new(b.finish()),
            ColumnBuilder::U64(b) => Arc::new(b.finish()),
            ColumnBuilder::U32(b) => Arc::new(b.finish()),
            ColumnBuilder::I32(b) => Arc::new(b.finish()),
            ColumnBuilder::F64(b) => Arc::new(b.finish()),
            ColumnBuilder::Date(b) => Arc::new(b.finish()),
            ColumnBuilder::Time(b) => Arc::new(b.finish()),
            ColumnBuilder::Bool(b) => Arc::new(b.finish()),
            ColumnBuilder::Plies(b) => Arc::new(b.finish()),
            ColumnBuilder::Problems(b) => Arc::new(b.finish()),
        }
    }
}

/// The name of the first of `columns` its cell of `cells` does not fit (`""` when the
/// numbers of cells and columns differ), or `None` when they fit: one cell per column, each
/// of its column's type, null only where the column is nullable.
pub(super) fn misfit(columns: &[Column], cells: &[Cell<'_>]) -> Option<&'static str> {
    let fits = |(c, cell): (&Column, &Cell<'_>)| {
        let (ty, null) = cell.ty();
        ty == c.ty && (c.nullable || !null)
    };
    match columns.iter().zip(cells).find(|&pair| !fits(pair)) {
        Some((c, _)) => Some(c.name),
        None if cells.len() != columns.len() => Some(""),
        None => None,
    }
}

/// Appends the list of `problems` (the order of [`PROBLEM_FIELDS`]).
fn append_problems(list: &mut ListBuilder<StructBuilder>, problems: &[FenProblem]) {
    let item = list.values();
    for p in problems {
        let text = |item: &mut StructBuilder, i: usize, value: Option<&str>| {
            if let Some(b) = item.field_builder::<StringBuilder>(i) {
                b.append_option(value);
            }
        };
        text(item, 0, Some(p.severity.as_str()));
        text(item, 1, Some(p.code.as_str()));
        if let Some(b) = item.field_builder::<UInt32Builder>(2) {
            b.append_value(u32_of(p.col));
        }
        text(item, 3, p.token.as_deref());
        text(item, 4, Some(&p.message));
        item.append(true);
    }
    list.append(true);
}
