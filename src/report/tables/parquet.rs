//! The tables of `arbiter games` and `arbiter moves` as Parquet (Apache Arrow's writer; the
//! cargo feature `parquet`): typed, nullable columns with the names and order of the CSV
//! header, compressed with zstd (level 1) by column chunk; text columns with few values are
//! dictionary-encoded (the game table's tags by Arrow's writer; the move table's `file`,
//! `side`, SAN and UCI by `dictionary`, which costs a tenth of Arrow's interning), the
//! rest plain.
//! The move rows of a game come from the worker thread that read it as the columns the walk
//! made ([`MoveColumns`]); the writer appends them to the columns of the next batch (one copy)
//! and hands them, [`BATCH_ROWS`] rows at a time, to the encoding thread, which makes them Arrow
//! arrays without a copy and encodes them (see `encoder`). Game rows are gathered in
//! Arrow builders on the writer thread. A row group ends at [`ROW_GROUP_BYTES`] of encoded data
//! (or about a million rows), which bounds the writer's memory; the writer appends the row
//! groups the encoding thread finished to the file.
//!
//! Types: those of the column descriptions ([`GAME_COLUMNS`], [`MOVE_COLUMNS`](crate::report::columns::MOVE_COLUMNS)) as
//! `super::arrow` makes them Arrow's: integers `UInt64` (`game`, `offset`, `line`), `UInt32`
//! (counts and plies) or `Int32` (Elo, years, `eval_cp`, `eval_mate`); seconds `Float64`;
//! dates `Date32`; everything else a UTF-8 string (`other_tags` the JSON text of an object).

use std::io::Write;
use std::sync::Arc;

use arrow_array::types::{Float64Type, Int32Type, UInt32Type};
use arrow_array::{
    ArrayRef, ArrowPrimitiveType, PrimitiveArray, RecordBatch, StringArray, UInt32Array,
    UInt64Array,
};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::DataType;

/// The schema of a table's rows (Arrow's), as [`move_schema`] makes it.
pub use arrow_schema::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, Encoding, ZstdLevel};
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::writer::SerializedFileWriter;

use super::arrow::{ColumnBuilder, misfit, schema};
use super::cells::game_cells;
use super::dictionary::OwnValues;
use super::encoder::{Chunk, Encoder, Rows};
use super::text::other_tags_json;
use crate::model::{Eval, GameRow, MoveColumns, MoveData, StrColumn};
use crate::report::columns::{GAME_COLUMNS, move_columns};

/// Rows gathered before they are handed to the Parquet writer.
pub const BATCH_ROWS: usize = 1 << 16;

/// Bytes of values gathered before they are handed to the Parquet writer, whatever the rows
/// (a row of `games` holds the game's tags whole, `other_tags` included; one of `check` or
/// `audit` up to a few kilobytes): 65,536 rows alone could be hundreds of megabytes.
pub const BATCH_BYTES: usize = 8 << 20;

/// The encoded size at which a row group ends (the writer holds a row group's pages until it
/// ends).
pub const ROW_GROUP_BYTES: usize = 32 << 20;

/// A Parquet error, as an I/O error (the writer's own I/O errors keep their kind).
pub(super) fn io_error(e: parquet::errors::ParquetError) -> std::io::Error {
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
    let mut props = WriterProperties::builder()
        .set_compression(Compression::ZSTD(level))
        .set_max_row_group_bytes(Some(ROW_GROUP_BYTES));
    // Nearly every position is new: a dictionary of them would only be given up. The game
    // table's file name is the same on thousands of rows in a row: zstd takes the repeats
    // away for less than the dictionary's hashing of every value costs (the move table's
    // `file`, `side`, SAN and UCI are written by `super::dictionary`: see `own_dictionary`).
    for column in ["fen", "final_fen", "file"] {
        if schema.column_with_name(column).is_some() {
            props = props.set_column_dictionary_enabled(column.into(), false);
        }
    }
    let moves = schema.column_with_name("uci").is_some();
    // The move table's numbers: zstd makes their plain values about as small as a
    // dictionary's keys (the slice's 1.79 M rows: 5,662,777 bytes with dictionaries, 5,751,138
    // without, +1.6 %), and the dictionary's hashing of their values was about 790 M of the
    // run's 6,260 M instructions (callgrind).
    for field in schema.fields().iter().filter(|_| moves) {
        if field.data_type() != &DataType::Utf8 {
            props = props.set_column_dictionary_enabled(field.name().as_str().into(), false);
        }
    }
    // The move table: page statistics of its text columns (FEN) cost a comparison of every
    // value and prune nothing: chunk statistics of the numbers only, and of those only the ones
    // a query selects row groups by (`game`, the clock, the evaluation): every row group holds
    // plies from 1 up and move numbers from 1 up, so their ranges prune nothing either (1.2 %
    // of the run's instructions on the 6 MB slice).
    if moves {
        props = props.set_statistics_enabled(EnabledStatistics::Chunk);
    }
    let unselective = ["ply", "move_number", "comments", "eval_depth"];
    for field in schema.fields().iter().filter(|_| moves) {
        if field.data_type() == &DataType::Utf8 || unselective.contains(&field.name().as_str()) {
            props = props.set_column_statistics_enabled(
                field.name().as_str().into(),
                EnabledStatistics::None,
            );
        }
    }
    // Clock times as their bytes split in eight streams (BYTE_STREAM_SPLIT, Parquet 2.8: read
    // by pyarrow, DuckDB, Polars and Spark): the high bytes of near values are alike, so zstd
    // finds them at once. On the 6 MB slice the file is 1.8 % smaller and zstd's work on `clk`
    // falls from 37 M to 20 M instructions (plain doubles are the costliest values it meets).
    for column in ["clk", "emt", "clock_s", "time_spent_s"]
        .into_iter()
        .filter(|_| moves)
    {
        props = props.set_column_encoding(column.into(), Encoding::BYTE_STREAM_SPLIT);
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

pub(super) fn arrow_error(e: arrow_schema::ArrowError) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

/// The schema of `arbiter moves` (`fen`: with the FEN column; [`MOVE_COLUMNS`](crate::report::columns::MOVE_COLUMNS)).
pub fn move_schema(fen: bool) -> SchemaRef {
    schema(move_columns(fen))
}

/// The schema of `arbiter games` ([`GAME_COLUMNS`]).
pub fn game_schema() -> SchemaRef {
    schema(GAME_COLUMNS.iter())
}

/// A column of a value of the rows' comment data that may be absent, made a row at a time as
/// the games' rows are gathered: its values, and its validity bits 64 at a time (no null
/// buffer when every value is there; an array of nulls when none is).
#[derive(Debug)]
struct Nullable<T: ArrowPrimitiveType> {
    values: Vec<T::Native>,
    /// The validity bits of the rows before the last `rows % 64`, in Arrow's order (the bit of
    /// row i is bit i % 8 of byte i / 8: a little-endian word).
    bits: Vec<u64>,
    /// The validity bits of the last `rows % 64` rows.
    word: u64,
    nulls: usize,
}

impl<T: ArrowPrimitiveType> Default for Nullable<T> {
    fn default() -> Self {
        Nullable::with_capacity(0)
    }
}

impl<T: ArrowPrimitiveType> Nullable<T> {
    fn with_capacity(rows: usize) -> Self {
        Nullable {
            values: Vec::with_capacity(rows),
            bits: Vec::with_capacity(rows.div_ceil(64)),
            word: 0,
            nulls: 0,
        }
    }

    #[inline]
    fn push(&mut self, value: Option<T::Native>) {
        let row = self.values.len();
        self.values.push(value.unwrap_or_default());
        self.word |= u64::from(value.is_some()) << (row % 64);
        self.nulls += usize::from(value.is_none());
        if row % 64 == 63 {
            self.bits.push(self.word.to_le());
            self.word = 0;
        }
    }

    fn finish(mut self) -> ArrayRef {
        let rows = self.values.len();
        if self.nulls == rows {
            return Arc::new(PrimitiveArray::<T>::new_null(rows));
        }
        if !rows.is_multiple_of(64) {
            self.bits.push(self.word.to_le());
        }
        let nulls = (self.nulls > 0)
            .then(|| NullBuffer::new(BooleanBuffer::new(Buffer::from_vec(self.bits), 0, rows)));
        Arc::new(PrimitiveArray::<T>::new(
            ScalarBuffer::from(self.values),
            nulls,
        ))
    }
}

/// A string column from its concatenated text (taken, not copied).
fn string_array(column: StrColumn) -> std::io::Result<ArrayRef> {
    let offsets: Vec<i32> = std::iter::once(0)
        .chain(column.ends.iter().map(|&e| e as i32))
        .collect();
    let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
    let array = StringArray::try_new(offsets, Buffer::from_vec(column.text), None);
    Ok(Arc::new(array.map_err(arrow_error)?))
}

/// The values of the comment columns of a batch, made as the games' rows are gathered.
#[derive(Debug, Default)]
struct CommentColumns {
    clk: Nullable<Float64Type>,
    emt: Nullable<Float64Type>,
    clock: Nullable<Float64Type>,
    spent: Nullable<Float64Type>,
    eval_cp: Nullable<Int32Type>,
    eval_mate: Nullable<Int32Type>,
    eval_depth: Nullable<UInt32Type>,
    comments: Vec<u32>,
}

impl CommentColumns {
    fn with_capacity(rows: usize) -> Self {
        CommentColumns {
            clk: Nullable::with_capacity(rows),
            emt: Nullable::with_capacity(rows),
            clock: Nullable::with_capacity(rows),
            spent: Nullable::with_capacity(rows),
            eval_cp: Nullable::with_capacity(rows),
            eval_mate: Nullable::with_capacity(rows),
            eval_depth: Nullable::with_capacity(rows),
            comments: Vec::with_capacity(rows),
        }
    }

    /// Appends the values of the comments of some rows.
    fn push(&mut self, data: &[MoveData]) {
        for d in data {
            self.clk.push(d.clk);
            self.emt.push(d.emt);
            self.clock.push(d.clock);
            self.spent.push(d.spent);
            let (cp, mate) = eval_parts(d);
            self.eval_cp.push(cp);
            self.eval_mate.push(mate);
            self.eval_depth.push(d.eval_depth);
            self.comments.push(d.comments);
        }
    }

    /// The arrays, in the schema's order (`clk`, `emt`, `clock_s`, `time_spent_s`, `eval_cp`,
    /// `eval_mate`, `eval_depth`, `comments`).
    fn finish(self) -> [ArrayRef; 8] {
        [
            self.clk.finish(),
            self.emt.finish(),
            self.clock.finish(),
            self.spent.finish(),
            self.eval_cp.finish(),
            self.eval_mate.finish(),
            self.eval_depth.finish(),
            Arc::new(UInt32Array::new(ScalarBuffer::from(self.comments), None)),
        ]
    }
}

/// The move rows gathered for the next batch: the games' columns one after another (their
/// comment data made into the values of its columns on the way: [`CommentColumns`]), and the
/// file of each run of rows.
#[derive(Debug, Default)]
pub(super) struct MoveRows {
    /// The columns (`game` unused: see `games`; `data` unused: see `comments`).
    columns: MoveColumns,
    /// The game of each row.
    games: Vec<u64>,
    /// The values of the comment columns.
    comments: CommentColumns,
    /// The input of each run of rows, and its rows.
    files: Vec<(String, usize)>,
}

impl MoveRows {
    /// Appends the rows of a game of `file`.
    fn push(&mut self, file: &str, moves: &MoveColumns) {
        let n = moves.len();
        match self.files.last_mut() {
            Some((last, rows)) if last == file => *rows += n,
            _ => self.files.push((file.to_owned(), n)),
        }
        let c = &mut self.columns;
        self.games.resize(self.games.len() + n, moves.game);
        c.ply.extend_from_slice(&moves.ply);
        c.number.extend_from_slice(&moves.number);
        c.white.extend_from_slice(&moves.white);
        append_strings(&mut c.san, &moves.san);
        append_strings(&mut c.uci, &moves.uci);
        if let (Some(to), Some(from)) = (&mut c.fen, &moves.fen) {
            append_strings(to, from);
        }
        self.comments.push(&moves.data);
    }

    /// Room for a batch of rows (`fen`: with the FEN column).
    fn with_capacity(fen: bool) -> MoveRows {
        let mut rows = MoveRows::default();
        rows.columns.fen = fen.then(StrColumn::default);
        rows.columns.ply.reserve(BATCH_ROWS);
        rows.columns.number.reserve(BATCH_ROWS);
        rows.columns.white.reserve(BATCH_ROWS);
        for (column, bytes) in [(&mut rows.columns.san, 6), (&mut rows.columns.uci, 5)] {
            column.ends.reserve(BATCH_ROWS);
            column.text.reserve(BATCH_ROWS * bytes);
        }
        if let Some(fen) = &mut rows.columns.fen {
            fen.ends.reserve(BATCH_ROWS);
            fen.text.reserve(BATCH_ROWS * 60);
        }
        rows.games.reserve(BATCH_ROWS);
        rows.comments = CommentColumns::with_capacity(BATCH_ROWS);
        rows
    }

    /// The rows gathered as the arrays of the columns of [`move_schema`] (with the FEN column
    /// when the rows have one) in the schema's order, but `file`, `side`, `san` and `uci`,
    /// whose values, in that order, the encoding thread writes as dictionaries of its own
    /// ([`super::dictionary`]). No value is copied.
    pub(super) fn into_columns(mut self) -> std::io::Result<(Vec<ArrayRef>, Vec<OwnValues>)> {
        let moves = std::mem::take(&mut self.columns);
        let mut columns: Vec<ArrayRef> = vec![
            Arc::new(UInt64Array::new(
                ScalarBuffer::from(std::mem::take(&mut self.games)),
                None,
            )),
            Arc::new(UInt32Array::new(ScalarBuffer::from(moves.ply), None)),
            Arc::new(UInt32Array::new(ScalarBuffer::from(moves.number), None)),
        ];
        if let Some(fen) = moves.fen {
            columns.push(string_array(fen)?);
        }
        columns.extend(std::mem::take(&mut self.comments).finish());
        let own = vec![
            OwnValues::Runs(std::mem::take(&mut self.files)),
            OwnValues::Sides(moves.white),
            OwnValues::Strings(moves.san),
            OwnValues::Strings(moves.uci),
        ];
        Ok((columns, own))
    }
}

/// For each column of `schema`, whether the encoding thread writes it as a dictionary of its
/// own ([`super::dictionary`]), and if so whether its pages are compressed: the move table's
/// `file`, `side`, `san` and `uci`, in that order. The keys of `file` (one value in thousands
/// of rows) and `side` (`w` and `b` by turns) are compressed to almost nothing by zstd; those of
/// SAN and UCI only 1.03x to 1.14x, for 119 M instructions on the slice: written uncompressed
/// (callgrind, 2026-12-02).
pub(super) fn own_dictionary(schema: &SchemaRef) -> Vec<Option<bool>> {
    let moves = schema.column_with_name("uci").is_some();
    let fields = schema.fields().iter();
    fields
        .map(|f| match f.name().as_str() {
            "file" | "side" if moves => Some(true),
            "san" | "uci" if moves => Some(false),
            _ => None,
        })
        .collect()
}

/// Appends the strings of `from` to `to`.
fn append_strings(to: &mut StrColumn, from: &StrColumn) {
    let base = to.text.len() as u32;
    to.text.extend_from_slice(&from.text);
    to.ends.extend(from.ends.iter().map(|&e| e + base));
}

/// A Parquet table being written to `W`.
pub struct ParquetTable<W: Write + Send> {
    /// The file: its header, the row groups appended, then its footer.
    file: SerializedFileWriter<W>,
    /// The encoding thread.
    encoder: Encoder,
    schema: SchemaRef,
    columns: Vec<ColumnBuilder>,
    rows: usize,
    /// Bytes of the game rows in the builders (their text, about).
    bytes: usize,
    /// The move rows gathered for the next batch (`arbiter moves`).
    moves: MoveRows,
}

impl<W: Write + Send> std::fmt::Debug for ParquetTable<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParquetTable")
            .field("rows", &self.rows)
            .finish_non_exhaustive()
    }
}

impl<W: Write + Send> ParquetTable<W> {
    fn new(out: W, schema: SchemaRef) -> std::io::Result<Self> {
        let columns = GAME_COLUMNS.iter().map(|c| ColumnBuilder::new(c.ty));
        // Arrow's writer makes the file's schema (with the Arrow schema in its metadata) and
        // the column writers' factory, which goes to the encoding thread.
        let (file, factory) = writer(out, schema.clone())?
            .into_serialized_writer()
            .map_err(io_error)?;
        let own = own_dictionary(&schema).into_iter().enumerate();
        let descriptors = own
            .map(|(i, own)| own.map(|zstd| (file.schema_descr().column(i), zstd)))
            .collect();
        Ok(ParquetTable {
            file,
            encoder: Encoder::start(factory, schema.clone(), descriptors)?,
            columns: columns.collect(),
            schema,
            rows: 0,
            bytes: 0,
            moves: MoveRows::default(),
        })
    }

    /// The table of `arbiter games`, written to `out`.
    ///
    /// # Errors
    /// Returns the error of starting the writer.
    pub fn games(out: W) -> std::io::Result<Self> {
        Self::new(out, game_schema())
    }

    /// The table of `arbiter moves` (`fen`: with the FEN column), written to `out`.
    ///
    /// # Errors
    /// Returns the error of starting the writer.
    pub fn moves(out: W, fen: bool) -> std::io::Result<Self> {
        let mut table = Self::new(out, move_schema(fen))?;
        table.moves = MoveRows::with_capacity(fen);
        Ok(table)
    }

    /// Adds the row of a game of `file`.
    ///
    /// # Errors
    /// Returns the error of writing a batch of rows.
    pub fn push_game(&mut self, file: &str, row: &GameRow) -> std::io::Result<()> {
        let other = other_tags_json(&row.other_tags);
        let cells = game_cells(file, row, &other);
        if let Some(at) = misfit(&GAME_COLUMNS, &cells) {
            return Err(std::io::Error::other(format!(
                "internal error: a game row does not fit the table's columns (at `{at}`)"
            )));
        }
        for (builder, cell) in self.columns.iter_mut().zip(cells) {
            self.bytes += cell.bytes();
            builder.append(cell);
        }
        self.rows += 1;
        self.maybe_flush()
    }

    /// Adds the move rows of a game of `file` (`arbiter moves`: with the FEN column when the
    /// table has one).
    ///
    /// # Errors
    /// Returns the error of writing a batch of rows.
    pub fn push_moves(&mut self, file: &str, moves: &MoveColumns) -> std::io::Result<()> {
        // A batch's columns have room for BATCH_ROWS rows: a game that would pass it goes to
        // the next batch, so that the columns are not grown (a copy of the whole batch, made
        // once a batch before this: 5 MB of the writer's copying in 10).
        if self.rows > 0 && self.rows + moves.len() > BATCH_ROWS {
            self.flush_batch()?;
        }
        self.rows += moves.len();
        self.moves.push(file, moves);
        self.maybe_flush()
    }

    fn maybe_flush(&mut self) -> std::io::Result<()> {
        if self.rows >= BATCH_ROWS || self.bytes >= BATCH_BYTES {
            self.flush_batch()?;
        }
        Ok(())
    }

    fn flush_batch(&mut self) -> std::io::Result<()> {
        if self.rows == 0 {
            return Ok(());
        }
        let rows = match self.moves.files.is_empty() {
            true => {
                let arrays = self.columns.iter_mut().map(ColumnBuilder::finish).collect();
                Rows::Batch(RecordBatch::try_new(self.schema.clone(), arrays).map_err(arrow_error)?)
            }
            false => {
                let fen = self.moves.columns.fen.is_some();
                let moves = std::mem::replace(&mut self.moves, MoveRows::with_capacity(fen));
                Rows::Moves(Box::new(moves))
            }
        };
        self.rows = 0;
        self.bytes = 0;
        let file = &mut self.file;
        self.encoder.send(rows, |group| append(file, group))
    }

    /// Writes the rows left and the file's footer, and returns the output.
    ///
    /// # Errors
    /// Returns the error of encoding or writing.
    pub fn finish(mut self) -> std::io::Result<W> {
        self.flush_batch()?;
        let file = &mut self.file;
        self.encoder.finish(|group| append(file, group))?;
        // Writes the footer, then hands the output back.
        self.file.into_inner().map_err(io_error)
    }
}

/// Appends a row group the encoding thread finished to `file`.
fn append<W: Write + Send>(
    file: &mut SerializedFileWriter<W>,
    group: Vec<Chunk>,
) -> std::io::Result<()> {
    let mut row_group = file.next_row_group().map_err(io_error)?;
    for chunk in group {
        match chunk {
            Chunk::Arrow(chunk) => chunk.append_to_row_group(&mut row_group),
            Chunk::Own(bytes, close) => row_group.append_column(&bytes, close),
        }
        .map_err(io_error)?;
    }
    row_group.close().map_err(io_error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::Array;

    /// The array a [`Nullable`] makes is Arrow's own of the same values: across words of 64
    /// rows, with a last word cut short, with no value, and with every value.
    #[test]
    fn a_nullable_column_is_the_array_of_its_values() {
        let patterns: [&dyn Fn(u32) -> Option<u32>; 4] = [
            &|i| (i % 3 != 0).then_some(i),
            &|i| (i % 64 == 63).then_some(i * 7),
            &|_| None,
            &Some,
        ];
        for (p, pattern) in patterns.iter().enumerate() {
            for rows in [0, 1, 63, 64, 65, 130, 1000] {
                let values: Vec<Option<u32>> = (0..rows).map(pattern).collect();
                let mut column = Nullable::<UInt32Type>::with_capacity(0);
                values.iter().for_each(|v| column.push(*v));
                let made = column.finish();
                let expected = UInt32Array::from(values.clone());
                let made = made.as_any().downcast_ref::<UInt32Array>().unwrap();
                assert_eq!(made, &expected, "pattern {p}, {rows} rows");
                assert_eq!(made.null_count(), expected.null_count());
            }
        }
    }
}
