//! `--shard K/N` in the run loop (the cut itself is [`crate::engine::shard`]): which inputs a
//! shard reads, and which of their games it keeps.
//!
//! A file that ends before the shard's range is not opened; a file that starts after it ends
//! the run. The games of the files in between are split as in any run, and a game goes to the
//! job and the sink only when its first byte is in the range. A file counts (in the summary's
//! `files`) in the shard that holds its first byte, so merged summaries count it once.

use std::io;
use std::path::{Path, PathBuf};

use crate::engine::input::Inputs;
use crate::engine::shard::Shard;
use crate::model::identity::{InputFile, RunRecord, Shards};

use super::Error;

/// Where a run with `--shard` stands.
#[derive(Debug)]
pub struct Sharding {
    start: u64,
    end: u64,
    /// Offset of the current file's first byte in the inputs.
    base: u64,
    /// The last shard (it also holds an empty file at the very end).
    last: bool,
    sizes: Vec<u64>,
    next: usize,
}

/// What to do with the next file.
#[derive(Debug, PartialEq, Eq)]
pub enum FilePlan {
    /// It ends before the range: not read.
    Skip,
    /// Read it (its first byte is in the range, or not: `counts`).
    Read {
        /// The file's first byte is in the range.
        counts: bool,
    },
    /// It starts after the range: the run is over.
    Stop,
}

impl Sharding {
    /// The shard over `paths` (already expanded): regular files only, whose sizes are summed.
    ///
    /// # Errors
    /// A usage error for standard input or a file that is not a regular file; the error of
    /// reading a file's size.
    pub fn new(shard: Shard, paths: &[PathBuf]) -> Result<Sharding, Error> {
        let mut sizes = Vec::with_capacity(paths.len());
        for path in paths {
            if path == Path::new("-") {
                return Err(Error::Usage(
                    "--shard needs files: standard input cannot be cut".into(),
                ));
            }
            let meta = std::fs::metadata(path).map_err(|e| Error::input(path, e))?;
            if !meta.is_file() {
                return Err(Error::Usage(format!(
                    "--shard: {} is not a regular file",
                    path.display()
                )));
            }
            sizes.push(meta.len());
        }
        let total = sizes.iter().sum();
        let (start, end) = shard.range(total);
        Ok(Sharding {
            start,
            end,
            base: 0,
            last: shard.k == shard.n,
            sizes,
            next: 0,
        })
    }

    /// The plan for the next file (in the order of the paths).
    pub fn next_file(&mut self) -> FilePlan {
        let size = self.sizes.get(self.next).copied().unwrap_or(0);
        if self.next > 0 {
            self.base += self.sizes[self.next - 1];
        }
        self.next += 1;
        let base = self.base;
        if base >= self.end && !(self.last && base == self.end) {
            return FilePlan::Stop;
        }
        if base + size <= self.start && !(size == 0 && base == self.start) {
            return FilePlan::Skip;
        }
        FilePlan::Read {
            counts: base >= self.start,
        }
    }

    /// Refuses what cannot be cut: a compressed file, a zip archive.
    ///
    /// # Errors
    /// A usage error naming the file.
    pub fn check(&self, path: &Path, inputs: &Inputs, len: Option<u64>) -> Result<(), Error> {
        let size = self.sizes.get(self.next - 1).copied();
        if matches!(inputs, Inputs::Zip(_)) || len != size {
            return Err(Error::Usage(format!(
                "--shard: {} is compressed or an archive; its bytes cannot be cut (shard such \
                 inputs by file: contrib/dask)",
                path.display()
            )));
        }
        Ok(())
    }

    /// Whether the game (or blank text) at `offset` of the current file is in the shard.
    pub fn keeps(&self, offset: u64) -> bool {
        let at = self.base + offset;
        at >= self.start && at < self.end
    }

    /// Whether the text at `offset` of the current file is past the shard's range.
    pub fn past(&self, offset: u64) -> bool {
        self.base + offset >= self.end
    }
}

/// The error that stops reading a file at the end of the shard's range.
pub fn past_end() -> io::Error {
    io::Error::other("past the shard")
}

/// What identifies the inputs of a run (`paths`, directories walked) and its shard, as the
/// outputs `arbiter merge` reads record it: each path with its size when it is a regular file
/// (`null` for standard input, a pipe, a file that cannot be read), and `--shard K/N`. The
/// options are the sink's to add.
pub fn run_record(paths: &[PathBuf], shard: Option<Shard>) -> RunRecord<()> {
    let inputs = paths
        .iter()
        .map(|path| InputFile {
            path: path.to_string_lossy().into_owned(),
            bytes: match path.as_os_str() == "-" {
                true => None,
                false => std::fs::metadata(path)
                    .ok()
                    .filter(std::fs::Metadata::is_file)
                    .map(|m| m.len()),
            },
        })
        .collect();
    RunRecord {
        inputs,
        shard: shard.map(|s| Shards {
            k: vec![s.k],
            n: s.n,
        }),
        options: Some(()),
    }
}
