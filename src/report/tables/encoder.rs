//! The Parquet encoding thread of [`super::parquet::ParquetTable`]: the batches of rows are
//! made into Arrow arrays, encoded and compressed into row groups on a thread of its own, so
//! that the sink's thread (which takes the games' rows in input order) only gathers rows and
//! appends finished row groups to the file. On two cores the encoding, which costs as much as
//! the walk of the moves, then runs beside the walk instead of after it.
//!
//! Memory: one batch waiting ([`BATCH_ROWS`] rows), one being encoded, the row group being
//! encoded (up to [`ROW_GROUP_BYTES`] of encoded pages, or [`MAX_ROW_GROUP_ROWS`]) and the row
//! groups finished but not yet appended (at most one, as the sink appends them each time it
//! hands over a batch).

use std::io;
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel, sync_channel};
use std::thread::JoinHandle;

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use bytes::Bytes;
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory, compute_leaves,
};
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::ParquetError;
use parquet::schema::types::ColumnDescPtr;

use super::dictionary::DictColumn;
use super::parquet::{BATCH_ROWS, MoveRows, ROW_GROUP_BYTES, io_error};

/// Rows in a row group at most (Parquet's writer's default, 1,048,576).
pub const MAX_ROW_GROUP_ROWS: usize = parquet::file::properties::DEFAULT_MAX_ROW_GROUP_ROW_COUNT;

/// A batch of rows handed to the encoding thread.
#[derive(Debug)]
pub enum Rows {
    /// The move rows gathered ([`MoveRows`]): made into a batch on the encoding thread.
    Moves(Box<MoveRows>),
    /// A batch already made (the game rows, from their Arrow builders).
    Batch(RecordBatch),
}

/// A column chunk the encoding thread finished.
#[derive(Debug)]
pub enum Chunk {
    /// Encoded by Arrow's writer.
    Arrow(ArrowColumnChunk),
    /// A dictionary column of our own ([`DictColumn`]): its bytes and metadata.
    Own(Bytes, ColumnCloseResult),
}

/// The row groups the encoding thread sends: one chunk per column, in the schema's order.
type Groups = Receiver<Result<Vec<Chunk>, ParquetError>>;

/// The writer of a column of the row group being encoded (a dozen a row group: the size of
/// Arrow's writer does not matter).
#[allow(clippy::large_enum_variant)]
enum Column {
    Arrow(ArrowColumnWriter),
    Own(DictColumn),
}

impl Column {
    fn estimated_bytes(&self) -> usize {
        match self {
            Column::Arrow(w) => w.get_estimated_total_bytes(),
            Column::Own(c) => c.estimated_bytes(),
        }
    }

    fn close(self) -> Result<Chunk, ParquetError> {
        match self {
            Column::Arrow(w) => w.close().map(Chunk::Arrow),
            Column::Own(c) => c.close().map(|(bytes, close)| Chunk::Own(bytes, close)),
        }
    }
}

/// The encoding thread, and the row groups it finished.
#[derive(Debug)]
pub struct Encoder {
    rows: Option<SyncSender<Rows>>,
    groups: Groups,
    thread: Option<JoinHandle<()>>,
}

impl Encoder {
    /// Starts the thread encoding batches of `schema` with the column writers of `factory`,
    /// but the columns with a descriptor in `own` (one entry per column of `schema`), which it
    /// writes as dictionaries of its own ([`DictColumn`]; with zstd when the flag is set).
    ///
    /// # Errors
    /// Returns the error of starting the thread.
    pub fn start(
        factory: ArrowRowGroupWriterFactory,
        schema: SchemaRef,
        own: Vec<Option<(ColumnDescPtr, bool)>>,
    ) -> io::Result<Encoder> {
        // One batch waits while one is encoded: the sink gathers the next meanwhile.
        let (rows, work) = sync_channel(1);
        let (done, groups) = channel();
        let thread = std::thread::Builder::new()
            .name("arbiter-parquet".to_owned())
            .spawn(move || {
                if let Err(e) = encode(&factory, &schema, &own, work, &done) {
                    let _ = done.send(Err(e));
                }
            })?;
        Ok(Encoder {
            rows: Some(rows),
            groups,
            thread: Some(thread),
        })
    }

    /// Hands `rows` to the thread, then calls `append` with each row group it finished.
    ///
    /// # Errors
    /// Returns the encoding error of an earlier batch, or the error of `append`.
    pub fn send(
        &mut self,
        rows: Rows,
        append: impl FnMut(Vec<Chunk>) -> io::Result<()>,
    ) -> io::Result<()> {
        let sent = self.rows.as_ref().is_some_and(|r| r.send(rows).is_ok());
        if !sent {
            // The thread ended: the reason is its last message.
            return Err(self.stopped());
        }
        self.take_finished(append)
    }

    /// Calls `append` with each row group finished so far (without waiting).
    fn take_finished(
        &mut self,
        mut append: impl FnMut(Vec<Chunk>) -> io::Result<()>,
    ) -> io::Result<()> {
        while let Ok(group) = self.groups.try_recv() {
            append(group.map_err(io_error)?)?;
        }
        Ok(())
    }

    /// Ends the thread after the batches handed over, calling `append` with every row group
    /// left, the last one included.
    ///
    /// # Errors
    /// Returns the encoding error, or the error of `append`.
    pub fn finish(
        &mut self,
        mut append: impl FnMut(Vec<Chunk>) -> io::Result<()>,
    ) -> io::Result<()> {
        self.rows = None;
        for group in self.groups.iter() {
            append(group.map_err(io_error)?)?;
        }
        self.join()
    }

    /// The error of a thread that ended before its batches did.
    fn stopped(&mut self) -> io::Error {
        self.rows = None;
        match self.groups.iter().find_map(Result::err) {
            Some(e) => io_error(e),
            None => self
                .join()
                .err()
                .unwrap_or_else(|| io::Error::other("the Parquet encoder stopped")),
        }
    }

    fn join(&mut self) -> io::Result<()> {
        match self.thread.take().map(JoinHandle::join) {
            Some(Err(_)) => Err(io::Error::other("the Parquet encoder panicked")),
            _ => Ok(()),
        }
    }
}

impl Drop for Encoder {
    fn drop(&mut self) {
        // The thread ends with its channel (a run that stopped early: its batches are dropped).
        self.rows = None;
    }
}

/// The encoding thread's loop: every batch of `work` encoded into the row group in progress,
/// which goes to `done` when it reaches [`ROW_GROUP_BYTES`] or [`MAX_ROW_GROUP_ROWS`], and at
/// the end. The columns with a descriptor in `own` are written by [`DictColumn`].
fn encode(
    factory: &ArrowRowGroupWriterFactory,
    schema: &SchemaRef,
    own: &[Option<(ColumnDescPtr, bool)>],
    work: Receiver<Rows>,
    done: &Sender<Result<Vec<Chunk>, ParquetError>>,
) -> Result<(), ParquetError> {
    let mut index = 0;
    let mut group: Option<Vec<Column>> = None;
    let mut rows = 0;
    let external = |e: io::Error| ParquetError::External(Box::new(e));
    let missing = || ParquetError::General("a column without its values".into());
    for batch in work {
        let (arrays, texts) = match batch {
            Rows::Moves(moves) => moves.into_columns().map_err(external)?,
            Rows::Batch(batch) => (batch.columns().to_vec(), Vec::new()),
        };
        let writers = match &mut group {
            Some(writers) => writers,
            None => group.insert(columns(factory, own, index)?),
        };
        let mut arrays = arrays.iter();
        let mut texts = texts.iter();
        let mut batch_rows = 0;
        for (field, writer) in schema.fields().iter().zip(writers.iter_mut()) {
            match writer {
                Column::Arrow(w) => {
                    let array = arrays.next().ok_or_else(missing)?;
                    batch_rows = array.len();
                    for leaf in compute_leaves(field, array)? {
                        w.write(&leaf)?;
                    }
                }
                Column::Own(c) => {
                    let values = texts.next().ok_or_else(missing)?;
                    batch_rows = values.rows();
                    c.write_values(values);
                }
            }
        }
        rows += batch_rows;
        let bytes: usize = writers.iter().map(Column::estimated_bytes).sum();
        if rows >= MAX_ROW_GROUP_ROWS - BATCH_ROWS || bytes >= ROW_GROUP_BYTES {
            let writers = group.take().unwrap_or_default();
            let chunks = writers
                .into_iter()
                .map(Column::close)
                .collect::<Result<_, _>>()?;
            if done.send(Ok(chunks)).is_err() {
                return Ok(());
            }
            index += 1;
            rows = 0;
        }
    }
    if let Some(writers) = group.filter(|_| rows > 0) {
        let chunks = writers
            .into_iter()
            .map(Column::close)
            .collect::<Result<_, _>>()?;
        let _ = done.send(Ok(chunks));
    }
    Ok(())
}

/// The writers of the columns of row group `index`: Arrow's, but for the columns of `own`.
fn columns(
    factory: &ArrowRowGroupWriterFactory,
    own: &[Option<(ColumnDescPtr, bool)>],
    index: usize,
) -> Result<Vec<Column>, ParquetError> {
    let writers = factory.create_column_writers(index)?;
    if writers.len() != own.len() {
        return Err(ParquetError::General(
            "a table of nested columns (one writer per column expected)".into(),
        ));
    }
    let columns = writers.into_iter().zip(own).map(|(w, own)| match own {
        Some((descr, zstd)) => Column::Own(DictColumn::new(descr.clone(), *zstd)),
        None => Column::Arrow(w),
    });
    Ok(columns.collect())
}
