//! The tables of `arbiter check` and `arbiter audit` as Parquet (`--format parquet`; the cargo
//! feature `parquet`): the rows of their CSV tables — one per finding ([`FINDING_COLUMNS`]), or
//! per game with `check --games` ([`GAME_ROW_COLUMNS`]); one per verdict
//! ([`VERDICT_COLUMNS`]) or per line of `audit --positions` ([`POSITION_COLUMNS`]) — in typed
//! columns made from the one description of each table ([`crate::report::columns`]), of
//!
//! the types of `super::arrow` (`Text` as `Utf8`, `U64` as `UInt64`, `U32` as `UInt32`,
//! `Bool` as `Boolean`, `occurrences` as `List<UInt32>`, `problems` as a list of structs).
//!
//! A value that is absent (an empty CSV cell, `null` in JSON Lines) is null. Text is the text
//! JSON Lines gives (decoded; neither the `'` CSV puts before a cell a spreadsheet would run
//! as a formula, nor the U+FFFD that replaces control characters in text and CSV: Parquet is
//! data, not a terminal); it is valid UTF-8, as every Rust string is.
//!
//! Findings are few next to moves: the rows are gathered in Arrow builders on the writer
//! thread and handed to Arrow's writer [`BATCH_ROWS`] at a time, or sooner at [`BATCH_BYTES`]
//! of values (zstd, level 1; Arrow's
//! dictionaries where they pay; a row group ends at [`ROW_GROUP_BYTES`] of encoded data, which
//! bounds the writer's memory). The file is complete, footer included, when the report is
//! finished; an unfinished one is never renamed into place (the caller's
//! `commands::output::AtomicFile`). The same rows give the same bytes whatever `-j`.

use std::io::{self, Write};

use arrow_array::RecordBatch;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;

use super::arrow::{ColumnBuilder, misfit, schema, u32_of};
use super::cells::Cell;
use super::parquet::{BATCH_BYTES, ROW_GROUP_BYTES, SchemaRef, arrow_error, io_error};
use crate::model::{AuditReport, AuditSummary, Finding, GameInfo, GameReport, Summary, Verdict};
use crate::report::audit::{
    AuditSink, AuditSinkTo, BySide, POSITION_COLUMNS, PositionRecord, PositionSummary,
    VERDICT_COLUMNS,
};
use crate::report::columns::Column;
use crate::report::csv::{FINDING_COLUMNS, GAME_ROW_COLUMNS};
use crate::report::{Report, ReportTo};

/// Rows gathered in the builders before they are handed to Arrow's writer as one batch.
pub const BATCH_ROWS: usize = 1 << 16;

/// A Parquet table of typed rows being written to `W`.
struct RowsTable<W: Write + Send> {
    /// Arrow's writer, until the table is finished.
    writer: Option<ArrowWriter<W>>,
    /// The output, once the table is finished (footer written).
    out: Option<W>,
    schema: SchemaRef,
    columns: &'static [Column],
    builders: Vec<ColumnBuilder>,
    /// Rows in the builders.
    rows: usize,
    /// Bytes of the values in the builders (about: [`Cell::bytes`]).
    bytes: usize,
}

impl<W: Write + Send> RowsTable<W> {
    /// A table of `columns` written to `out` (the file's header is written now).
    fn new(out: W, columns: &'static [Column]) -> io::Result<Self> {
        let schema = schema(columns.iter());
        let level = ZstdLevel::try_new(1).map_err(io_error)?;
        // A row group ends at the games table's bound of encoded data (the writer holds a row
        // group's pages until it ends), or at Arrow's million rows.
        let props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(level))
            .set_max_row_group_bytes(Some(ROW_GROUP_BYTES))
            .build();
        let writer = ArrowWriter::try_new(out, schema.clone(), Some(props)).map_err(io_error)?;
        Ok(RowsTable {
            writer: Some(writer),
            out: None,
            schema,
            columns,
            builders: columns.iter().map(|c| ColumnBuilder::new(c.ty)).collect(),
            rows: 0,
            bytes: 0,
        })
    }

    /// Adds a row: one cell per column, in order, each of its column's type (null only where
    /// the column is nullable).
    ///
    /// # Errors
    /// Returns the error of writing a batch of rows; a row that does not fit the columns is an
    /// error too (of the program: nothing of it is added).
    fn push(&mut self, cells: &[Cell<'_>]) -> io::Result<()> {
        if let Some(at) = misfit(self.columns, cells) {
            return Err(io::Error::other(format!(
                "internal error: a row of {} values does not fit the table's {} columns (at \
                 `{at}`)",
                cells.len(),
                self.columns.len()
            )));
        }
        for (builder, cell) in self.builders.iter_mut().zip(cells) {
            builder.append(*cell);
            self.bytes = self.bytes.saturating_add(cell.bytes());
        }
        self.rows += 1;
        if self.rows >= BATCH_ROWS || self.bytes >= BATCH_BYTES {
            self.write_batch()?;
        }
        Ok(())
    }

    /// Hands the rows in the builders to Arrow's writer.
    fn write_batch(&mut self) -> io::Result<()> {
        let Some(writer) = self.writer.as_mut() else {
            return Err(io::Error::other("the Parquet table is finished"));
        };
        if self.rows == 0 {
            return Ok(());
        }
        let arrays = self
            .builders
            .iter_mut()
            .map(ColumnBuilder::finish)
            .collect();
        let batch = RecordBatch::try_new(self.schema.clone(), arrays).map_err(arrow_error)?;
        self.rows = 0;
        self.bytes = 0;
        writer.write(&batch).map_err(io_error)
    }

    /// Writes the rows left and the file's footer (a table without rows is a valid file of
    /// 0 rows, with the whole schema).
    fn finish(&mut self) -> io::Result<()> {
        self.write_batch()?;
        if let Some(writer) = self.writer.take() {
            let mut out = writer.into_inner().map_err(io_error)?;
            out.flush()?;
            self.out = Some(out);
        }
        Ok(())
    }

    /// The output of the finished table.
    fn into_output(self) -> io::Result<W> {
        self.out
            .ok_or_else(|| io::Error::other("the Parquet table was not finished"))
    }
}

/// The row of a finding ([`FINDING_COLUMNS`]).
fn finding_row<'a>(file: &'a str, info: &'a GameInfo, f: &'a Finding) -> [Cell<'a>; 16] {
    [
        Cell::Text(Some(f.severity.as_str())),
        Cell::Text(Some(f.code.as_str())),
        Cell::Text(Some(file)),
        Cell::U64(info.index),
        Cell::U32(f.ply),
        Cell::Text(f.move_text.as_deref()),
        Cell::Text(f.token.as_deref()),
        Cell::U64(f.line),
        Cell::U32(Some(u32_of(f.col))),
        Cell::Text(f.fen.as_deref()),
        Cell::Text(Some(&f.message)),
        Cell::Bool(Some(f.variation)),
        Cell::Text(info.event.as_deref()),
        Cell::Text(info.white.as_deref()),
        Cell::Text(info.black.as_deref()),
        Cell::Text(f.san.as_deref()),
    ]
}

/// The row of a game of `check --games` ([`GAME_ROW_COLUMNS`]): its status and counts as
/// found, every finding counted.
fn game_row<'a>(file: &'a str, report: &'a GameReport) -> [Cell<'a>; 15] {
    let info = &report.info;
    let record = info.record.as_deref();
    let (status, errors, warnings) = report.found();
    [
        Cell::Text(Some(file)),
        Cell::U64(info.index),
        Cell::U64(info.offset),
        Cell::U64(info.line),
        Cell::Text(info.event.as_deref()),
        Cell::Text(info.white.as_deref()),
        Cell::Text(info.black.as_deref()),
        Cell::Text(record.and_then(|r| r.result.as_deref())),
        Cell::Text(record.and_then(|r| r.white_elo.as_deref())),
        Cell::Text(record.and_then(|r| r.black_elo.as_deref())),
        Cell::U32(Some(info.plies)),
        Cell::Text(info.result.as_deref()),
        Cell::Text(Some(status.as_str())),
        Cell::U32(Some(u32_of(errors))),
        Cell::U32(Some(u32_of(warnings))),
    ]
}

/// The row of a verdict ([`VERDICT_COLUMNS`]).
fn verdict_row<'a>(file: &'a str, info: &'a GameInfo, v: &'a Verdict) -> [Cell<'a>; 22] {
    [
        Cell::Text(Some(v.severity.as_str())),
        Cell::Text(Some(v.code.as_str())),
        Cell::Text(v.rule),
        Cell::Text(Some(file)),
        Cell::U64(info.index),
        Cell::U32(Some(v.ply)),
        Cell::Text(v.move_text.as_deref()),
        Cell::U64(v.line),
        Cell::U32(Some(u32_of(v.col))),
        Cell::Text(v.claim_move.as_deref()),
        Cell::U32List(&v.occurrences),
        Cell::U32(v.more_plies),
        Cell::Text(crate::report::audit::verdict_fen(v)),
        Cell::Text(v.recorded_result.as_deref()),
        Cell::Text(v.correct_result),
        Cell::Text(Some(&v.message)),
        Cell::Text(Some(v.profile)),
        Cell::Text(v.laws),
        Cell::Text(v.laws_basis),
        Cell::Text(info.event.as_deref()),
        Cell::Text(info.white.as_deref()),
        Cell::Text(info.black.as_deref()),
    ]
}

/// The row of a line of `audit --positions` ([`POSITION_COLUMNS`]).
fn position_row(r: &PositionRecord) -> [Cell<'_>; 15] {
    fn side(f: &Option<BySide<Option<String>>>, white: bool) -> Option<&str> {
        f.as_ref()
            .and_then(|b| if white { &b.white } else { &b.black }.as_deref())
    }
    [
        Cell::U64(r.line),
        Cell::Text(Some(&r.fen)),
        Cell::Bool(r.checkmate),
        Cell::Bool(r.stalemate),
        Cell::Text(r.insufficient_material),
        Cell::Bool(r.dead),
        Cell::Text(r.reason.as_deref()),
        Cell::Text(r.can_mate.as_ref().map(|c| c.white)),
        Cell::Text(r.can_mate.as_ref().map(|c| c.black)),
        Cell::Text(side(&r.can_mate_reason, true)),
        Cell::Text(side(&r.can_mate_reason, false)),
        Cell::Text(side(&r.helpmate, true)),
        Cell::Text(side(&r.helpmate, false)),
        Cell::Text(r.error.as_deref()),
        Cell::Problems(&r.problems),
    ]
}

/// The findings of `arbiter check` as a Parquet table: one row per finding
/// ([`FINDING_COLUMNS`]), or with `--games` one row per game ([`GAME_ROW_COLUMNS`]). The
/// summary is not part of the table.
pub struct FindingTable<W: Write + Send> {
    table: RowsTable<W>,
    games: bool,
}

impl<W: Write + Send> std::fmt::Debug for FindingTable<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FindingTable")
            .field("games", &self.games)
            .finish_non_exhaustive()
    }
}

impl<W: Write + Send> FindingTable<W> {
    /// A table written to `out`: the findings, or with `games` one row per game.
    ///
    /// # Errors
    /// Returns the error of starting the writer (writing the file's header).
    pub fn new(out: W, games: bool) -> io::Result<Self> {
        let columns: &'static [Column] = match games {
            true => &GAME_ROW_COLUMNS,
            false => &FINDING_COLUMNS,
        };
        Ok(FindingTable {
            table: RowsTable::new(out, columns)?,
            games,
        })
    }
}

impl<W: Write + Send> Report for FindingTable<W> {
    fn game(&mut self, file: &str, report: &GameReport) -> io::Result<()> {
        if self.games {
            return self.table.push(&game_row(file, report));
        }
        for f in &report.findings {
            self.table.push(&finding_row(file, &report.info, f))?;
        }
        Ok(())
    }

    fn finish(&mut self, _summary: &Summary) -> io::Result<()> {
        self.table.finish()
    }

    /// Nothing: a Parquet file is readable only once its footer is written, at the end.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<W: Write + Send> ReportTo<W> for FindingTable<W> {
    fn into_output(self: Box<Self>) -> io::Result<W> {
        self.table.into_output()
    }
}

/// The verdicts of `arbiter audit` ([`VERDICT_COLUMNS`]), or the positions of `audit
/// --positions` ([`POSITION_COLUMNS`]), as a Parquet table. Game records (`--games`) and the
/// summary are not part of it.
pub struct AuditTable<W: Write + Send> {
    table: RowsTable<W>,
}

impl<W: Write + Send> std::fmt::Debug for AuditTable<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuditTable").finish_non_exhaustive()
    }
}

impl<W: Write + Send> AuditTable<W> {
    /// The table of verdicts, written to `out`.
    ///
    /// # Errors
    /// Returns the error of starting the writer (writing the file's header).
    pub fn verdicts(out: W) -> io::Result<Self> {
        Ok(AuditTable {
            table: RowsTable::new(out, &VERDICT_COLUMNS)?,
        })
    }

    /// The table of positions (`--positions`), written to `out`.
    ///
    /// # Errors
    /// Returns the error of starting the writer (writing the file's header).
    pub fn positions(out: W) -> io::Result<Self> {
        Ok(AuditTable {
            table: RowsTable::new(out, &POSITION_COLUMNS)?,
        })
    }
}

impl<W: Write + Send> AuditSink for AuditTable<W> {
    fn game(&mut self, file: &str, report: &AuditReport) -> io::Result<()> {
        for v in &report.verdicts {
            self.table.push(&verdict_row(file, &report.info, v))?;
        }
        Ok(())
    }

    fn position(&mut self, record: &PositionRecord) -> io::Result<()> {
        self.table.push(&position_row(record))
    }

    fn finish_games(&mut self, _summary: &AuditSummary) -> io::Result<()> {
        self.table.finish()
    }

    fn finish_positions(&mut self, _summary: &PositionSummary) -> io::Result<()> {
        self.table.finish()
    }

    /// Nothing: a Parquet file is readable only once its footer is written, at the end.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<W: Write + Send> AuditSinkTo<W> for AuditTable<W> {
    fn into_output(self: Box<Self>) -> io::Result<W> {
        self.table.into_output()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Code, Severity};

    fn finding() -> Finding {
        Finding {
            severity: Severity::Error,
            code: Code::SyntaxGameTooLarge,
            ply: None,
            move_text: None,
            token: Some("=HYPERLINK(\"x\")\u{1b}".to_owned()),
            line: 7,
            col: 3,
            fen: None,
            message: "m".to_owned(),
            variation: true,
            san: None,
        }
    }

    /// The rows read back (by the parquet crate's reader: pyarrow reads them in
    /// `tests/cli/findings_parquet.rs`).
    fn read(bytes: Vec<u8>) -> RecordBatch {
        use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
        let reader = ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::from(bytes))
            .unwrap()
            .build()
            .unwrap();
        let mut batches: Vec<RecordBatch> = reader.map(Result::unwrap).collect();
        assert_eq!(batches.len(), 1, "one batch expected");
        batches.remove(0)
    }

    #[test]
    fn a_finding_row_keeps_its_types_and_text() {
        let mut table = FindingTable::new(Vec::new(), false).unwrap();
        let report = GameReport {
            info: GameInfo {
                index: 2,
                white: Some("A".to_owned()),
                ..GameInfo::default()
            },
            findings: vec![finding()],
            skipped: false,
        };
        table.game("a.pgn", &report).unwrap();
        table.finish(&Summary::default()).unwrap();
        let bytes = Box::new(table).into_output().unwrap();
        let batch = read(bytes);
        assert_eq!(batch.num_rows(), 1);
        assert_eq!(batch.schema(), schema(&FINDING_COLUMNS));
        let column = |name: &str| batch.column_by_name(name).unwrap().clone();
        let game = column("game");
        let game = game.as_any().downcast_ref::<arrow_array::UInt64Array>();
        assert_eq!(game.unwrap().value(0), 2);
        let token = column("token");
        let token = token.as_any().downcast_ref::<arrow_array::StringArray>();
        // The text as JSON gives it: no `'`, no U+FFFD.
        assert_eq!(token.unwrap().value(0), "=HYPERLINK(\"x\")\u{1b}");
        let variation = column("variation");
        let variation = variation
            .as_any()
            .downcast_ref::<arrow_array::BooleanArray>();
        assert!(variation.unwrap().value(0));
        assert!(column("ply").is_null(0) && column("black").is_null(0));
        assert!(!column("white").is_null(0));
    }

    #[test]
    fn a_table_without_rows_is_a_file_with_the_schema() {
        let mut table = FindingTable::new(Vec::new(), false).unwrap();
        table.finish(&Summary::default()).unwrap();
        let bytes = Box::new(table).into_output().unwrap();
        assert!(bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"));
        use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
        let builder = ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::from(bytes)).unwrap();
        assert_eq!(builder.schema(), &schema(&FINDING_COLUMNS));
        assert_eq!(builder.metadata().file_metadata().num_rows(), 0);
    }

    #[test]
    fn a_row_that_does_not_fit_is_refused_whole() {
        let mut table = RowsTable::new(Vec::new(), &POSITION_COLUMNS).unwrap();
        let wrong = [Cell::Text(None); 15];
        let e = table.push(&wrong).unwrap_err();
        assert!(e.to_string().contains("at `line`"), "{e}");
        assert!(table.push(&wrong[..2]).is_err());
        assert_eq!(table.rows, 0);
        // A null in a column that is never null.
        let record = PositionRecord {
            line: 1,
            fen: "f".to_owned(),
            checkmate: None,
            stalemate: None,
            insufficient_material: None,
            dead: None,
            reason: None,
            can_mate: None,
            can_mate_reason: None,
            helpmate: None,
            error: None,
            problems: Vec::new(),
        };
        let mut row = position_row(&record);
        table.push(&row).unwrap();
        row[1] = Cell::Text(None);
        assert!(table.push(&row).is_err());
        assert_eq!(table.rows, 1);
    }
}
