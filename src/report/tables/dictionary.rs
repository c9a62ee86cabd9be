//! The move table's SAN and UCI columns as dictionary-encoded Parquet column chunks, written by
//! hand: a value is looked up in a table keyed by its bytes (a SAN or UCI is at most seven
//! bytes, so the key is one `u64` and a lookup a multiply and a compare), the data pages hold
//! the values' dictionary indices bit-packed (Parquet's RLE/bit-packing hybrid, bit-packed
//! runs only), and the chunk is the dictionary page (PLAIN) then the data pages
//! (RLE_DICTIONARY), uncompressed, with an offset index and no statistics, as Arrow's writer
//! makes them with the same properties.
//!
//! Why not Arrow's writer: parquet 60.1 interns every value of a byte-array column in a hash
//! table of its own, even of an Arrow `DictionaryArray` whose dictionary is already made; on
//! the move table that interning was 67 M of a 6 MB slice's 728 M instructions (callgrind),
//! and this lookup costs a tenth of it.
//!
//! Memory: the dictionary (a few thousand values: the moves of chess) and the encoded data pages
//! of the row group (about 1.5 bytes a row), until the chunk is closed.

use std::collections::HashMap;

use bytes::Bytes;
use parquet::basic::{Compression, Encoding, EncodingMask, PageType, ZstdLevel};
use parquet::column::page::{CompressedPage, Page, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::Result;
use parquet::file::metadata::{ColumnChunkMetaData, PageEncodingStats};
use parquet::file::page_index::offset_index::{OffsetIndexMetaData, PageLocation};
use parquet::file::writer::{SerializedPageWriter, TrackedWrite};
use parquet::schema::types::ColumnDescPtr;

use crate::model::StrColumn;

/// Rows in a data page (the row count limit of Arrow's writer, 20,000).
pub const PAGE_ROWS: usize = parquet::file::properties::DEFAULT_DATA_PAGE_ROW_COUNT_LIMIT;

/// Values of a bit-packed run: 63 groups of 8, so that its header is one byte.
const RUN_VALUES: usize = 63 * 8;

/// The key of no value in [`Dictionary::slots`] (a key's top byte is its length, at most 7).
const EMPTY: u64 = u64::MAX;

/// A text column's values and the index of each in the dictionary.
#[derive(Debug)]
struct Dictionary {
    /// Open addressing, at most half full: (key, index); the key is the value's bytes with its
    /// length in the top byte.
    slots: Vec<(u64, u32)>,
    /// Values of 8 bytes and more (none in SAN or UCI; kept so that any text is right).
    long: HashMap<Box<[u8]>, u32>,
    /// The dictionary page's data: each value as its length (4 bytes, little-endian) and bytes.
    plain: Vec<u8>,
    /// 64 less the bits of a slot's number (`slots` has a power of two of them).
    shift: u32,
    /// Values in the dictionary.
    len: u32,
}

impl Dictionary {
    fn new() -> Dictionary {
        Dictionary {
            slots: vec![(EMPTY, 0); 1 << 12],
            long: HashMap::new(),
            plain: Vec::new(),
            shift: 64 - 12,
            len: 0,
        }
    }

    /// The key of a value of at most 7 bytes: its bytes, and its length in the top byte.
    #[inline]
    fn key(value: &[u8]) -> Option<u64> {
        if value.len() > 7 {
            return None;
        }
        let mut bytes = [0u8; 8];
        bytes[..value.len()].copy_from_slice(value);
        bytes[7] = value.len() as u8;
        Some(u64::from_le_bytes(bytes))
    }

    /// The key of `text[start..end]` read as one word when 8 bytes are there to read (the same
    /// as [`Dictionary::key`]).
    #[inline]
    fn key_in(text: &[u8], start: usize, end: usize) -> Option<u64> {
        let len = end - start;
        match text.get(start..start + 8) {
            Some(word) if len <= 7 => {
                let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
                let mask = (1u64 << (8 * len)) - 1;
                Some((word & mask) | ((len as u64) << 56))
            }
            _ => Dictionary::key(&text[start..end]),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The index of `value`, added to the dictionary if it is new.
    #[inline]
    fn index(&mut self, value: &[u8]) -> u32 {
        match Dictionary::key(value) {
            Some(key) => self.index_of_key(key, value),
            None => self.index_long(value),
        }
    }

    /// The index of `value`, whose key is `key`.
    #[inline(always)]
    fn index_of_key(&mut self, key: u64, value: &[u8]) -> u32 {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.slots[i & mask] {
                (k, index) if k == key => return index,
                (EMPTY, _) => break,
                _ => i += 1,
            }
        }
        self.insert(i & mask, key, value)
    }

    /// Adds `value`, whose key is `key`, in the empty slot `i`; returns its index.
    #[cold]
    fn insert(&mut self, i: usize, key: u64, value: &[u8]) -> u32 {
        let index = self.add(value);
        self.slots[i] = (key, index);
        if 2 * self.len as usize > self.slots.len() {
            self.grow();
        }
        index
    }

    #[cold]
    fn index_long(&mut self, value: &[u8]) -> u32 {
        if let Some(&index) = self.long.get(value) {
            return index;
        }
        let index = self.add(value);
        self.long.insert(value.into(), index);
        index
    }

    /// Adds `value` to the dictionary page; returns its index.
    fn add(&mut self, value: &[u8]) -> u32 {
        self.plain
            .extend_from_slice(&(value.len() as u32).to_le_bytes());
        self.plain.extend_from_slice(value);
        self.len += 1;
        self.len - 1
    }

    #[cold]
    fn grow(&mut self) {
        let doubled = vec![(EMPTY, 0); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.shift -= 1;
        let mask = self.slots.len() - 1;
        for (key, index) in old.into_iter().filter(|&(k, _)| k != EMPTY) {
            let mut i = self.slot(key);
            while self.slots[i].0 != EMPTY {
                i = (i + 1) & mask;
            }
            self.slots[i] = (key, index);
        }
    }
}

/// Appends `values` bit-packed, `width` bits each (1 to 32), as Parquet's RLE/bit-packing hybrid
/// of bit-packed runs only: each run a one-byte header (`groups << 1 | 1`) and its values
/// packed least significant bit first, in groups of 8 (the last group padded with zeros).
fn bit_pack(values: &[u32], width: u32, out: &mut Vec<u8>) {
    let w = width as usize;
    for run in values.chunks(RUN_VALUES) {
        let groups = run.len().div_ceil(8);
        out.push(((groups << 1) | 1) as u8);
        out.reserve(groups * w + 16);
        for group in run.chunks(8) {
            if width <= 16 {
                // A group is `width` bytes, at most 16: packed in one word, its 16 bytes
                // appended and the ones past `width` taken back.
                let mut acc: u128 = 0;
                for (i, &v) in group.iter().enumerate() {
                    acc |= u128::from(v) << (i * w);
                }
                out.extend_from_slice(&acc.to_le_bytes());
                out.truncate(out.len() - (16 - w));
            } else {
                let start = out.len();
                let (mut acc, mut bits) = (0u64, 0);
                for &v in group {
                    acc |= u64::from(v) << bits;
                    bits += w;
                    while bits >= 8 {
                        out.push(acc as u8);
                        acc >>= 8;
                        bits -= 8;
                    }
                }
                out.resize(start + w, 0);
            }
        }
    }
}

/// The values of a column written by [`DictColumn`].
#[derive(Debug)]
pub enum OwnValues {
    /// A value a row.
    Strings(StrColumn),
    /// Runs of rows of one value: the value and its rows.
    Runs(Vec<(String, usize)>),
    /// A row each: `w` for true, `b` for false (the move table's side).
    Sides(Vec<bool>),
}

impl OwnValues {
    /// Rows of the values.
    pub fn rows(&self) -> usize {
        match self {
            OwnValues::Strings(column) => column.ends.len(),
            OwnValues::Runs(runs) => runs.iter().map(|(_, rows)| rows).sum(),
            OwnValues::Sides(white) => white.len(),
        }
    }
}

/// A column chunk of a dictionary of our own being written (one row group's) (one row group's).
#[derive(Debug)]
pub struct DictColumn {
    descr: ColumnDescPtr,
    /// Pages compressed with zstd (level 1), or written as they are.
    zstd: bool,
    dictionary: Dictionary,
    /// The dictionary indices of the page being gathered.
    page: Vec<u32>,
    /// The data pages encoded: their data, values and first row.
    pages: Vec<(Vec<u8>, u32, u64)>,
    /// Bytes of the data pages encoded.
    page_bytes: usize,
    rows: u64,
}

impl DictColumn {
    /// An empty chunk of the column `descr` (a required BYTE_ARRAY column); `zstd`: its pages
    /// compressed with zstd (level 1).
    pub fn new(descr: ColumnDescPtr, zstd: bool) -> DictColumn {
        DictColumn {
            descr,
            zstd,
            dictionary: Dictionary::new(),
            page: Vec::with_capacity(PAGE_ROWS),
            pages: Vec::new(),
            page_bytes: 0,
            rows: 0,
        }
    }

    /// Appends the values of `column`, one row each.
    pub fn write(&mut self, column: &StrColumn) {
        let text = &column.text;
        let mut start = 0;
        let mut ends = &column.ends[..];
        while !ends.is_empty() {
            // The rows that fill the page at most, in one go.
            let (now, later) = ends.split_at(ends.len().min(PAGE_ROWS - self.page.len()));
            let dictionary = &mut self.dictionary;
            self.page.extend(now.iter().map(|&end| {
                let end = end as usize;
                let index = match Dictionary::key_in(text, start, end) {
                    Some(key) => dictionary.index_of_key(key, &text[start..end]),
                    None => dictionary.index_long(&text[start..end]),
                };
                start = end;
                index
            }));
            ends = later;
            if self.page.len() == PAGE_ROWS {
                self.end_page();
            }
        }
    }

    /// Appends `rows` rows of `value`.
    pub fn write_run(&mut self, value: &[u8], mut rows: usize) {
        let index = self.dictionary.index(value);
        while rows > 0 {
            let n = rows.min(PAGE_ROWS - self.page.len());
            self.page.resize(self.page.len() + n, index);
            rows -= n;
            if self.page.len() == PAGE_ROWS {
                self.end_page();
            }
        }
    }

    /// Appends the values of `values`, one row each.
    pub fn write_values(&mut self, values: &OwnValues) {
        match values {
            OwnValues::Strings(column) => self.write(column),
            OwnValues::Runs(runs) => {
                for (value, rows) in runs {
                    self.write_run(value.as_bytes(), *rows);
                }
            }
            OwnValues::Sides(white) => {
                let (w, b) = (self.dictionary.index(b"w"), self.dictionary.index(b"b"));
                for &white in white {
                    self.page.push(if white { w } else { b });
                    if self.page.len() == PAGE_ROWS {
                        self.end_page();
                    }
                }
            }
        }
    }

    /// Encodes the page being gathered.
    fn end_page(&mut self) {
        if self.page.is_empty() {
            return;
        }
        // Every index of the page is below the dictionary's length now.
        let width = (32 - (self.dictionary.len - 1).leading_zeros()).max(1);
        let mut data = Vec::with_capacity(1 + self.page.len() * width as usize / 8 + 16);
        data.push(width as u8);
        bit_pack(&self.page, width, &mut data);
        let values = self.page.len() as u32;
        self.page_bytes += data.len();
        self.pages.push((data, values, self.rows));
        self.rows += u64::from(values);
        self.page.clear();
    }

    /// Bytes of the chunk so far (the row group ends at a size: [`super::parquet::ROW_GROUP_BYTES`]).
    pub fn estimated_bytes(&self) -> usize {
        self.dictionary.plain.len() + self.page_bytes + self.page.len() * 2
    }

    /// The chunk's bytes (from its dictionary page) and what the row group writer needs to
    /// append them ([`parquet::file::writer::SerializedRowGroupWriter::append_column`]).
    ///
    /// # Errors
    /// Returns the error of serializing a page header.
    pub fn close(mut self) -> Result<(Bytes, ColumnCloseResult)> {
        self.end_page();
        let mut out = TrackedWrite::new(Vec::with_capacity(self.estimated_bytes() + 4096));
        let mut pages = SerializedPageWriter::new(&mut out);
        let zstd = self.zstd;
        let compress = |data: Vec<u8>| -> Result<(Bytes, usize)> {
            let size = data.len();
            match zstd {
                true => Ok((Bytes::from(zstd::bulk::compress(&data, 1)?), size)),
                false => Ok((Bytes::from(data), size)),
            }
        };
        let (buf, size) = compress(std::mem::take(&mut self.dictionary.plain))?;
        let dictionary = Page::DictionaryPage {
            buf,
            num_values: self.dictionary.len,
            encoding: Encoding::PLAIN,
            is_sorted: false,
        };
        let spec = pages.write_page(CompressedPage::new(dictionary, size))?;
        let (mut total, mut uncompressed) = (spec.compressed_size, spec.uncompressed_size);
        let mut locations = Vec::with_capacity(self.pages.len());
        for (data, values, first_row) in std::mem::take(&mut self.pages) {
            let (buf, size) = compress(data)?;
            let page = Page::DataPage {
                buf,
                num_values: values,
                encoding: Encoding::RLE_DICTIONARY,
                def_level_encoding: Encoding::RLE,
                rep_level_encoding: Encoding::RLE,
                statistics: None,
            };
            let spec = pages.write_page(CompressedPage::new(page, size))?;
            total += spec.compressed_size;
            uncompressed += spec.uncompressed_size;
            locations.push(PageLocation {
                offset: spec.offset as i64,
                compressed_page_size: spec.compressed_size as i32,
                first_row_index: first_row as i64,
            });
        }
        pages.close()?;
        let data_pages = locations.len() as i32;
        let data_offset = locations.first().map_or(0, |l| l.offset);
        let encodings = [Encoding::PLAIN, Encoding::RLE, Encoding::RLE_DICTIONARY];
        let stats = |page_type, encoding, count| PageEncodingStats {
            page_type,
            encoding,
            count,
        };
        let metadata = ColumnChunkMetaData::builder(self.descr.clone())
            .set_compression(match zstd {
                true => Compression::ZSTD(ZstdLevel::try_new(1)?),
                false => Compression::UNCOMPRESSED,
            })
            .set_encodings_mask(EncodingMask::new_from_encodings(encodings.iter()))
            .set_page_encoding_stats(vec![
                stats(PageType::DICTIONARY_PAGE, Encoding::PLAIN, 1),
                stats(PageType::DATA_PAGE, Encoding::RLE_DICTIONARY, data_pages),
            ])
            .set_total_compressed_size(total as i64)
            .set_total_uncompressed_size(uncompressed as i64)
            .set_num_values(self.rows as i64)
            .set_data_page_offset(data_offset)
            .set_dictionary_page_offset(Some(0))
            .build()?;
        let close = ColumnCloseResult {
            bytes_written: total as u64,
            rows_written: self.rows,
            metadata,
            bloom_filter: None,
            column_index: None,
            offset_index: Some(OffsetIndexMetaData {
                page_locations: locations,
                unencoded_byte_array_data_bytes: None,
            }),
        };
        Ok((Bytes::from(out.into_inner()?), close))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_packing_follows_the_parquet_spec_example() {
        // The spec's example (Encodings.md, "Bit-packed"): 0..=7 at 3 bits is
        // 10001000 11000110 11111010, after a header of one group.
        let mut out = Vec::new();
        bit_pack(&[0, 1, 2, 3, 4, 5, 6, 7], 3, &mut out);
        assert_eq!(out, [0b11, 0b1000_1000, 0b1100_0110, 0b1111_1010]);
    }

    #[test]
    fn a_short_group_is_padded_and_a_long_run_is_cut() {
        let mut out = Vec::new();
        bit_pack(&[1, 1, 1], 2, &mut out);
        assert_eq!(out, [0b11, 0b0001_0101, 0]);
        let values = vec![3; RUN_VALUES + 1];
        let mut out = Vec::new();
        bit_pack(&values, 2, &mut out);
        // 63 groups of 2 bytes, then one group.
        assert_eq!(out.len(), 1 + 63 * 2 + 1 + 2);
        assert_eq!(out[0], 127);
        assert_eq!(out[127], 0b11);
        assert_eq!(&out[128..], [0b11, 0]);
    }

    /// Writes `rows` as one chunk of a file of one column (`zstd`: compressed) and reads the
    /// column back with the parquet crate's Arrow reader.
    fn round_trip(write: impl Fn(&mut DictColumn), zstd: bool) -> Vec<String> {
        use arrow_array::{Array, StringArray};
        use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
        use parquet::file::writer::SerializedFileWriter;
        use parquet::schema::parser::parse_message_type;
        use std::sync::Arc;

        let schema = parse_message_type("message t { required binary v (UTF8); }").unwrap();
        let schema = Arc::new(schema);
        let mut file = SerializedFileWriter::new(Vec::new(), schema, Default::default()).unwrap();
        let mut column = DictColumn::new(file.schema_descr().column(0), zstd);
        write(&mut column);
        let (bytes, close) = column.close().unwrap();
        let mut group = file.next_row_group().unwrap();
        group.append_column(&bytes, close).unwrap();
        group.close().unwrap();
        let data = Bytes::from(file.into_inner().unwrap());
        let reader = ParquetRecordBatchReaderBuilder::try_new(data).unwrap();
        let mut values = Vec::new();
        for batch in reader.build().unwrap() {
            let batch = batch.unwrap();
            let column = batch
                .column(0)
                .as_any()
                .downcast_ref::<StringArray>()
                .unwrap();
            assert_eq!(column.null_count(), 0);
            values.extend(column.iter().map(|v| v.unwrap().to_owned()));
        }
        values
    }

    fn str_column(values: &[String]) -> StrColumn {
        let mut column = StrColumn::default();
        for v in values {
            column.text.extend_from_slice(v.as_bytes());
            column.end();
        }
        column
    }

    #[test]
    fn a_chunk_reads_back_as_its_values() {
        // Moves, a value of 8 bytes and more, an empty one, values that differ by a NUL, over
        // several pages and bit-packed runs.
        let mut values: Vec<String> = ["e4", "e5", "Nf3", "exd8=Q+", "O-O-O#", "", "a\0", "a"]
            .iter()
            .map(|v| v.to_string())
            .collect();
        values.push("a much longer value".to_owned());
        let values: Vec<String> = values
            .iter()
            .cycle()
            .take(3 * PAGE_ROWS + 7)
            .cloned()
            .collect();
        for zstd in [false, true] {
            assert_eq!(round_trip(|c| c.write(&str_column(&values)), zstd), values);
        }
        // Runs across page boundaries, and sides.
        let runs = vec![("a.pgn".to_owned(), PAGE_ROWS + 5), ("b.pgn".to_owned(), 3)];
        let read = round_trip(|c| c.write_values(&OwnValues::Runs(runs.clone())), true);
        assert_eq!(read.len(), PAGE_ROWS + 8);
        assert!(read[..PAGE_ROWS + 5].iter().all(|v| v == "a.pgn"));
        assert!(read[PAGE_ROWS + 5..].iter().all(|v| v == "b.pgn"));
        let white = [true, false, false, true];
        let read = round_trip(|c| c.write_values(&OwnValues::Sides(white.to_vec())), true);
        assert_eq!(read, ["w", "b", "b", "w"]);
    }

    #[test]
    fn a_dictionary_past_16_bits_reads_back() {
        // 70,000 values: keys of 17 bits (the bit-by-bit packing).
        let values: Vec<String> = (0..70_000).map(|i| format!("{i:x}")).collect();
        assert_eq!(round_trip(|c| c.write(&str_column(&values)), false), values);
    }

    #[test]
    fn the_dictionary_gives_each_value_one_index_and_keeps_its_bytes() {
        let mut d = Dictionary::new();
        let values: Vec<String> = (0..10_000).map(|i| format!("v{i}")).collect();
        for v in &values {
            d.index(v.as_bytes());
        }
        for (i, v) in values.iter().enumerate() {
            assert_eq!(d.index(v.as_bytes()), i as u32);
        }
        // Empty, 7-byte and longer values, and values that differ only by a trailing NUL.
        for v in ["", "exd8=Q+", "12345678", "a", "a\0"] {
            let i = d.index(v.as_bytes());
            assert_eq!(d.index(v.as_bytes()), i);
        }
        assert_eq!(d.len, 10_005);
        // A key read as a word is the key read byte by byte, near the text's end too.
        let text = b"e4Nf3exd8=Q+O-O-O#12345678";
        for (start, end) in [
            (0, 2),
            (2, 5),
            (5, 12),
            (12, 18),
            (18, 26),
            (24, 26),
            (26, 26),
        ] {
            let key = Dictionary::key_in(text, start, end);
            assert_eq!(key, Dictionary::key(&text[start..end]), "{start}..{end}");
        }
        assert_eq!(&d.plain[..6], [2, 0, 0, 0, b'v', b'0']);
    }
}
