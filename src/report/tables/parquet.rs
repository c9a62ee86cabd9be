//! The tables of `arbiter games` and `arbiter moves` as Parquet (Apache Arrow's writer; the
//! cargo feature `parquet`): typed, nullable columns with the names and order of the CSV
//! header, dictionary-encoded and compressed with zstd (level 1) by column chunk. Rows are
//! gathered in Arrow builders on the writer thread and handed over [`BATCH_ROWS`] at a time.
//!
//! Types: integers are `UInt64` (`game`, `offset`, `line`), `UInt32` (counts and plies) or
//! `Int32` (`eval_cp`, `eval_mate`); clock times are `Float64` seconds; everything else is a
//! UTF-8 string; `other_tags` is the JSON text of an object.

use std::io::Write;
use std::sync::Arc;

use arrow_array::builder::{
    Float64Builder, Int32Builder, StringBuilder, UInt32Builder, UInt64Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;

use super::text::{game_columns, move_columns, other_tags_json};
use crate::model::{Eval, GAME_TAG_COLUMNS, GameRow, MoveColumns};

/// Rows gathered before they are handed to the Parquet writer.
pub const BATCH_ROWS: usize = 1 << 16;

/// A Parquet error, as an I/O error (the writer's own I/O errors keep their kind).
fn io_error(e: parquet::errors::ParquetError) -> std::io::Error {
    match e {
        parquet::errors::ParquetError::External(inner) => {
            match inner.downcast::<std::io::Error>() {
                Ok(io) => *io,
                Err(other) => std::io::Error::other(other),
            }
        }
        other => std::io::Error::other(other),
    }
}

fn writer<W: Write + Send>(out: W, schema: SchemaRef) -> std::io::Result<ArrowWriter<W>> {
    let level = ZstdLevel::try_new(1).map_err(io_error)?;
    let mut props = WriterProperties::builder().set_compression(Compression::ZSTD(level));
    // Nearly every position is new: a dictionary of them would only be given up. The file
    // name is the same on thousands of rows in a row: zstd takes the repeats away for less
    // than the dictionary's hashing of every value costs.
    for column in ["fen", "final_fen", "file"] {
        if schema.column_with_name(column).is_some() {
            props = props.set_column_dictionary_enabled(column.into(), false);
        }
    }
    let props = props.build();
    ArrowWriter::try_new(out, schema, Some(props)).map_err(io_error)
}

/// The evaluation as (centipawns, mate in N).
fn eval_parts(data: &crate::model::MoveData) -> (Option<i32>, Option<i32>) {
    match data.eval {
        Some(Eval::Centipawns(cp)) => (Some(cp), None),
        Some(Eval::Mate(n)) => (None, Some(n)),
        None => (None, None),
    }
}

/// The columns of the table being built, one builder each.
#[derive(Debug)]
enum Builder {
    Str(StringBuilder),
    U64(UInt64Builder),
    U32(UInt32Builder),
    I32(Int32Builder),
    F64(Float64Builder),
}

impl Builder {
    fn new(ty: &DataType) -> Builder {
        match ty {
            DataType::UInt64 => Builder::U64(UInt64Builder::new()),
            DataType::UInt32 => Builder::U32(UInt32Builder::new()),
            DataType::Int32 => Builder::I32(Int32Builder::new()),
            DataType::Float64 => Builder::F64(Float64Builder::new()),
            _ => Builder::Str(StringBuilder::new()),
        }
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::Str(b) => Arc::new(b.finish()),
            Builder::U64(b) => Arc::new(b.finish()),
            Builder::U32(b) => Arc::new(b.finish()),
            Builder::I32(b) => Arc::new(b.finish()),
            Builder::F64(b) => Arc::new(b.finish()),
        }
    }

    fn str(&mut self, value: Option<&str>) {
        if let Builder::Str(b) = self {
            b.append_option(value);
        }
    }

    fn u64(&mut self, value: u64) {
        if let Builder::U64(b) = self {
            b.append_value(value);
        }
    }

    fn u32(&mut self, value: Option<u32>) {
        if let Builder::U32(b) = self {
            b.append_option(value);
        }
    }
}

/// A Parquet table being written to `W`.
pub struct ParquetTable<W: Write + Send> {
    writer: ArrowWriter<W>,
    schema: SchemaRef,
    columns: Vec<Builder>,
    rows: usize,
}

impl<W: Write + Send> std::fmt::Debug for ParquetTable<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParquetTable")
            .field("rows", &self.rows)
            .finish_non_exhaustive()
    }
}

/// The type of a column of `arbiter games`.
fn game_type(column: &str) -> (DataType, bool) {
    match column {
        "game" | "offset" | "line" => (DataType::UInt64, false),
        "plies" | "errors" | "warnings" => (DataType::UInt32, false),
        "first_illegal_ply" => (DataType::UInt32, true),
        "file" | "other_tags" | "status" => (DataType::Utf8, false),
        _ => (DataType::Utf8, true),
    }
}

/// The type of a column of `arbiter moves`.
fn move_type(column: &str) -> (DataType, bool) {
    match column {
        "game" => (DataType::UInt64, false),
        "ply" | "move_number" | "comments" => (DataType::UInt32, false),
        "eval_depth" => (DataType::UInt32, true),
        "eval_cp" | "eval_mate" => (DataType::Int32, true),
        "clk" | "emt" => (DataType::Float64, true),
        _ => (DataType::Utf8, false),
    }
}

impl<W: Write + Send> ParquetTable<W> {
    fn new<'c>(
        out: W,
        columns: impl Iterator<Item = &'c str>,
        ty: fn(&str) -> (DataType, bool),
    ) -> std::io::Result<Self> {
        let fields: Vec<Field> = columns
            .map(|c| {
                let (t, nullable) = ty(c);
                Field::new(c, t, nullable)
            })
            .collect();
        let schema = Arc::new(Schema::new(fields));
        let columns = schema.fields().iter().map(|f| Builder::new(f.data_type()));
        Ok(ParquetTable {
            writer: writer(out, schema.clone())?,
            columns: columns.collect(),
            schema,
            rows: 0,
        })
    }

    /// The table of `arbiter games`, written to `out`.
    ///
    /// # Errors
    /// Returns the error of starting the writer.
    pub fn games(out: W) -> std::io::Result<Self> {
        Self::new(out, game_columns(), game_type)
    }

    /// The table of `arbiter moves` (`fen`: with the FEN column), written to `out`.
    ///
    /// # Errors
    /// Returns the error of starting the writer.
    pub fn moves(out: W, fen: bool) -> std::io::Result<Self> {
        Self::new(out, move_columns(fen), move_type)
    }

    /// Adds the row of a game of `file`.
    ///
    /// # Errors
    /// Returns the error of writing a batch of rows.
    pub fn push_game(&mut self, file: &str, row: &GameRow) -> std::io::Result<()> {
        let mut c = self.columns.iter_mut();
        let mut next = || c.next().expect("one builder per column");
        next().str(Some(file));
        next().u64(row.game);
        next().u64(row.offset);
        next().u64(row.line);
        for value in &row.tags[..GAME_TAG_COLUMNS.len()] {
            next().str(value.as_deref());
        }
        let other = other_tags_json(&row.other_tags);
        next().str(Some(std::str::from_utf8(&other).unwrap_or_default()));
        next().u32(Some(row.plies));
        next().str(row.marker);
        next().str(Some(row.status.as_str()));
        next().u32(Some(row.errors));
        next().u32(Some(row.warnings));
        next().u32(row.first_illegal_ply);
        next().str(row.final_fen.as_deref());
        next().str(row.speed.map(|s| s.as_str()));
        self.rows += 1;
        self.maybe_flush()
    }

    /// Adds the rows of the moves of a game of `file`, column by column.
    ///
    /// # Errors
    /// Returns the error of writing a batch of rows.
    pub fn push_moves(&mut self, file: &str, moves: &MoveColumns) -> std::io::Result<()> {
        let n = moves.len();
        if n == 0 {
            return Ok(());
        }
        let mut c = self.columns.iter_mut();
        let mut next = || c.next().expect("one builder per column");
        if let Builder::Str(b) = next() {
            b.append_value_n(file, n);
        }
        if let Builder::U64(b) = next() {
            b.append_value_n(moves.game, n);
        }
        if let Builder::U32(b) = next() {
            b.append_slice(&moves.ply);
        }
        if let Builder::U32(b) = next() {
            b.append_slice(&moves.number);
        }
        if let Builder::Str(b) = next() {
            for &white in &moves.white {
                b.append_value(if white { "w" } else { "b" });
            }
        }
        let strings = |b: &mut Builder, column: &crate::model::StrColumn| {
            if let Builder::Str(b) = b {
                let mut at = 0;
                for &end in &column.ends {
                    b.append_value(&column.text[at..end as usize]);
                    at = end as usize;
                }
            }
        };
        strings(next(), &moves.san);
        strings(next(), &moves.uci);
        if let Some(fen) = &moves.fen {
            strings(next(), fen);
        }
        let data = &moves.data;
        if let Builder::F64(b) = next() {
            data.iter().for_each(|d| b.append_option(d.clk));
        }
        if let Builder::F64(b) = next() {
            data.iter().for_each(|d| b.append_option(d.emt));
        }
        if let Builder::I32(b) = next() {
            data.iter().for_each(|d| b.append_option(eval_parts(d).0));
        }
        if let Builder::I32(b) = next() {
            data.iter().for_each(|d| b.append_option(eval_parts(d).1));
        }
        if let Builder::U32(b) = next() {
            data.iter().for_each(|d| b.append_option(d.eval_depth));
        }
        if let Builder::U32(b) = next() {
            data.iter().for_each(|d| b.append_value(d.comments));
        }
        self.rows += n;
        self.maybe_flush()
    }

    fn maybe_flush(&mut self) -> std::io::Result<()> {
        if self.rows >= BATCH_ROWS {
            self.flush_batch()?;
        }
        Ok(())
    }

    fn flush_batch(&mut self) -> std::io::Result<()> {
        if self.rows == 0 {
            return Ok(());
        }
        let arrays: Vec<ArrayRef> = self.columns.iter_mut().map(Builder::finish).collect();
        let batch = RecordBatch::try_new(self.schema.clone(), arrays)
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        self.rows = 0;
        self.writer.write(&batch).map_err(io_error)
    }

    /// Writes the rows left and the file's footer, and returns the output.
    ///
    /// # Errors
    /// Returns the error of writing.
    pub fn finish(mut self) -> std::io::Result<W> {
        self.flush_batch()?;
        // Writes the footer, then hands the output back.
        self.writer.into_inner().map_err(io_error)
    }
}
