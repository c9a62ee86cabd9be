//! A sorted index of records in bounded memory: records are kept in one arena until the budget
//! is reached, then sorted and written to disk as a run; at the end the runs are merged (or,
//! when nothing was spilled, the arena is sorted and read in place).
//!
//! A record is `(hash, key, payload)`; records are ordered by hash, then key bytes, then payload
//! bytes (the payloads of `dedup` start with the game's ordinal, big-endian, so equal keys come
//! in input order). Memory: the arena holds `8 + key + payload` bytes a record and the index 16
//! bytes a record; both are allocated once at the budget's size (untouched pages cost nothing),
//! so the index never grows past it.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};

/// The bytes of index an arena record costs beyond its key and payload (lengths).
const RECORD_HEADER: usize = 8;
/// The bytes of index entry a record costs: its hash and its arena offset.
pub const ENTRY_BYTES: usize = 16;

/// A record seen by [`SortedIndex::for_each_sorted`]'s callback.
#[derive(Clone, Copy, Debug)]
pub struct RecordRef<'a> {
    /// The hash.
    pub hash: u64,
    /// The key.
    pub key: &'a [u8],
    /// The payload.
    pub payload: &'a [u8],
}

impl RecordRef<'_> {
    fn order(&self, other: &RecordRef<'_>) -> Ordering {
        self.hash
            .cmp(&other.hash)
            .then_with(|| self.key.cmp(other.key))
            .then_with(|| self.payload.cmp(other.payload))
    }
}

/// The index (see the module documentation).
#[derive(Debug)]
pub struct SortedIndex {
    arena: Vec<u8>,
    entries: Vec<(u64, u64)>,
    dir: TempDir,
    runs: Vec<PathBuf>,
    /// Bytes every record pushed has cost (arena and index entry).
    pushed_bytes: u64,
}

impl SortedIndex {
    /// An empty index holding at most `budget` bytes in memory, spilling into a new directory
    /// below `temp`.
    ///
    /// # Errors
    /// Returns the error of creating the directory (it is created at the first spill).
    pub fn new(budget: usize, temp: &Path) -> SortedIndex {
        let budget = budget.max(1 << 16);
        let entries = budget / 4 / ENTRY_BYTES;
        SortedIndex {
            arena: Vec::with_capacity(budget - entries * ENTRY_BYTES),
            entries: Vec::with_capacity(entries),
            dir: TempDir::new(temp),
            runs: Vec::new(),
            pushed_bytes: 0,
        }
    }

    /// Sorted runs written to disk so far.
    pub fn spilled_runs(&self) -> usize {
        self.runs.len()
    }

    /// Bytes of memory the records pushed so far cost (arena and index entry), spilled or not.
    pub fn pushed_bytes(&self) -> u64 {
        self.pushed_bytes
    }

    /// Adds a record (spilling a sorted run first when it would not fit).
    ///
    /// # Errors
    /// Returns the error of writing a run.
    pub fn push(&mut self, hash: u64, key: &[u8], payload: &[u8]) -> io::Result<()> {
        let size = RECORD_HEADER + key.len() + payload.len();
        self.pushed_bytes += (size + ENTRY_BYTES) as u64;
        let full = self.arena.len() + size > self.arena.capacity()
            || self.entries.len() == self.entries.capacity();
        if full && !self.entries.is_empty() {
            self.spill()?;
        }
        let offset = self.arena.len() as u64;
        self.arena
            .extend_from_slice(&(key.len() as u32).to_le_bytes());
        self.arena
            .extend_from_slice(&(payload.len() as u32).to_le_bytes());
        self.arena.extend_from_slice(key);
        self.arena.extend_from_slice(payload);
        self.entries.push((hash, offset));
        Ok(())
    }

    fn record(arena: &[u8], (hash, offset): (u64, u64)) -> RecordRef<'_> {
        let at = offset as usize;
        let len =
            |i: usize| u32::from_le_bytes(arena[i..i + 4].try_into().unwrap_or_default()) as usize;
        let (key_len, payload_len) = (len(at), len(at + 4));
        let key_at = at + RECORD_HEADER;
        RecordRef {
            hash,
            key: &arena[key_at..key_at + key_len],
            payload: &arena[key_at + key_len..key_at + key_len + payload_len],
        }
    }

    fn sort(&mut self) {
        let arena = &self.arena;
        self.entries
            .sort_unstable_by(|a, b| Self::record(arena, *a).order(&Self::record(arena, *b)));
    }

    /// Writes the arena as a sorted run and empties it.
    fn spill(&mut self) -> io::Result<()> {
        self.sort();
        let path = self.dir.file(self.runs.len())?;
        let written = (|| {
            let mut out = BufWriter::with_capacity(1 << 20, File::create(&path)?);
            for entry in &self.entries {
                let r = Self::record(&self.arena, *entry);
                out.write_all(&r.hash.to_le_bytes())?;
                out.write_all(&(r.key.len() as u32).to_le_bytes())?;
                out.write_all(&(r.payload.len() as u32).to_le_bytes())?;
                out.write_all(r.key)?;
                out.write_all(r.payload)?;
            }
            out.into_inner().map_err(|e| e.into_error())?;
            Ok(())
        })();
        written.map_err(|e| temp_error(&path, e))?;
        self.runs.push(path);
        self.arena.clear();
        self.entries.clear();
        Ok(())
    }

    /// Calls `f` on every record, in order. The memory of the arena is given back before the
    /// runs are merged.
    ///
    /// # Errors
    /// Returns the error of reading or writing a run, or the first error of `f`.
    pub fn for_each_sorted<E: From<io::Error>>(
        mut self,
        mut f: impl FnMut(RecordRef<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        if self.runs.is_empty() {
            self.sort();
            for entry in &self.entries {
                f(Self::record(&self.arena, *entry))?;
            }
            return Ok(());
        }
        if !self.entries.is_empty() {
            self.spill()?;
        }
        self.arena = Vec::new();
        self.entries = Vec::new();
        let mut heap = BinaryHeap::with_capacity(self.runs.len());
        let mut readers = Vec::with_capacity(self.runs.len());
        let runs = &self.runs;
        for (i, path) in runs.iter().enumerate() {
            let file = File::open(path).map_err(|e| temp_error(path, e))?;
            let mut reader = BufReader::with_capacity(1 << 16, file);
            if let Some(item) = read_item(&mut reader, i).map_err(|e| temp_error(path, e))? {
                heap.push(item);
            }
            readers.push(reader);
        }
        while let Some(item) = heap.pop() {
            f(item.as_ref())?;
            let next = read_item(&mut readers[item.run], item.run);
            if let Some(next) = next.map_err(|e| temp_error(&runs[item.run], e))? {
                heap.push(next);
            }
        }
        Ok(())
    }
}

/// A record read back from a run, waiting in the merge's heap.
struct HeapItem {
    hash: u64,
    key_len: usize,
    bytes: Vec<u8>,
    run: usize,
}

impl HeapItem {
    fn as_ref(&self) -> RecordRef<'_> {
        RecordRef {
            hash: self.hash,
            key: &self.bytes[..self.key_len],
            payload: &self.bytes[self.key_len..],
        }
    }
}

impl PartialEq for HeapItem {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for HeapItem {}

impl PartialOrd for HeapItem {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for HeapItem {
    /// Reversed: the heap pops the smallest record first.
    fn cmp(&self, other: &Self) -> Ordering {
        other.as_ref().order(&self.as_ref())
    }
}

/// The next record of a run, `None` at its end.
fn read_item(reader: &mut impl Read, run: usize) -> io::Result<Option<HeapItem>> {
    let mut head = [0u8; 16];
    match reader.read_exact(&mut head) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let word = |i: usize| u32::from_le_bytes(head[i..i + 4].try_into().unwrap_or_default());
    let hash = u64::from_le_bytes(head[..8].try_into().unwrap_or_default());
    let (key_len, payload_len) = (word(8) as usize, word(12) as usize);
    let mut bytes = vec![0; key_len + payload_len];
    reader.read_exact(&mut bytes)?;
    Ok(Some(HeapItem {
        hash,
        key_len,
        bytes,
        run,
    }))
}

/// A directory of temporary files, created when the first file is asked for and removed with
/// everything in it when dropped.
#[derive(Debug)]
pub struct TempDir {
    path: PathBuf,
    created: bool,
}

impl TempDir {
    /// A directory to be made below `base`, named after the process and a counter.
    pub fn new(base: &Path) -> TempDir {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let n = COUNTER.fetch_add(1, AtomicOrdering::Relaxed);
        TempDir {
            path: base.join(format!(".arbiter-dedup-{}-{n}", std::process::id())),
            created: false,
        }
    }

    /// The path of temporary file `n` (the directory is created if needed, in `base`, which
    /// must exist: no parent is created).
    ///
    /// # Errors
    /// Returns the error of creating the directory.
    pub fn file(&mut self, n: usize) -> io::Result<PathBuf> {
        if !self.created {
            std::fs::create_dir(&self.path).map_err(|e| temp_error(&self.path, e))?;
            self.created = true;
        }
        Ok(self.path.join(format!("{n}.run")))
    }
}

/// The error `e` of a temporary file or directory (`--temp-dir`), naming it: `--temp-dir:
/// /tmp/.arbiter-dedup-77-0/3.run: No space left on device` (issue 32: the path was left out).
pub fn temp_error(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("--temp-dir: {}: {e}", path.display()))
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if self.created {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(index: SortedIndex) -> Vec<(u64, Vec<u8>, Vec<u8>)> {
        let mut out = Vec::new();
        index
            .for_each_sorted(|r| -> io::Result<()> {
                out.push((r.hash, r.key.to_vec(), r.payload.to_vec()));
                Ok(())
            })
            .unwrap();
        out
    }

    #[test]
    fn spilled_and_in_memory_orders_agree() {
        let temp = std::env::temp_dir();
        let mut small = SortedIndex::new(1 << 16, &temp);
        let mut large = SortedIndex::new(1 << 26, &temp);
        for i in 0u64..20_000 {
            let key = format!("{}", (i * 7919) % 1000);
            let payload = i.to_be_bytes();
            small.push(i % 3, key.as_bytes(), &payload).unwrap();
            large.push(i % 3, key.as_bytes(), &payload).unwrap();
        }
        assert!(small.spilled_runs() > 1);
        assert_eq!(large.spilled_runs(), 0);
        let dir = small.dir.path.clone();
        let (a, b) = (sorted(small), sorted(large));
        assert_eq!(a.len(), 20_000);
        assert_eq!(a, b);
        assert!(a.windows(2).all(|w| w[0] <= w[1]));
        assert!(!dir.exists(), "runs are removed");
    }
}
