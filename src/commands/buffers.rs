//! Output made on the worker threads and the memory it holds: whole buffers written to
//! standard output as they are ([`BufferWriter`]), pools of buffers and columns reused from game
//! to game ([`Pool`]), and a bound on what games' jobs hold for the writer ([`OutputBudget`],
//! [`Held`]).

use std::fs::File;
use std::io::{self, Write};

/// A writer to standard output for output made in whole buffers on the worker threads (`arbiter
/// fen`): the buffers are written as they are, many at a time (`writev`), then handed back to
/// the [`BufferPool`]; no copy into a buffered writer.
#[derive(Debug)]
pub struct BufferWriter<'p> {
    out: File,
    pending: Vec<Vec<u8>>,
    size: usize,
    buffers: &'p BufferPool,
}

impl<'p> BufferWriter<'p> {
    /// Bytes gathered before they are written.
    const BATCH: usize = 1 << 20;

    /// A writer to standard output (its file descriptor, duplicated: standard output's own
    /// line buffer would copy everything again).
    ///
    /// # Errors
    /// Returns the error of flushing standard output or duplicating its descriptor.
    pub fn stdout(buffers: &'p BufferPool) -> io::Result<BufferWriter<'p>> {
        let mut stdout = io::stdout();
        stdout.flush()?;
        #[cfg(unix)]
        let handle = std::os::fd::AsFd::as_fd(&stdout).try_clone_to_owned()?;
        #[cfg(windows)]
        let handle = std::os::windows::io::AsHandle::as_handle(&stdout).try_clone_to_owned()?;
        Ok(BufferWriter {
            out: File::from(handle),
            pending: Vec::new(),
            size: 0,
            buffers,
        })
    }

    /// Queues one buffer (written at the latest by [`Write::flush`]).
    ///
    /// # Errors
    /// Returns the write error when the queue was full and written.
    pub fn push(&mut self, bytes: Vec<u8>) -> io::Result<()> {
        if bytes.is_empty() {
            self.buffers.give_back(bytes);
            return Ok(());
        }
        self.size += bytes.len();
        self.pending.push(bytes);
        if self.size >= Self::BATCH {
            self.flush()?;
        }
        Ok(())
    }
}

impl Write for BufferWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut bytes = self.buffers.take();
        bytes.clear();
        bytes.extend_from_slice(buf);
        self.push(bytes)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let mut slices: Vec<io::IoSlice<'_>> =
            self.pending.iter().map(|b| io::IoSlice::new(b)).collect();
        let mut rest = &mut slices[..];
        while !rest.is_empty() {
            match self.out.write_vectored(rest) {
                Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                Ok(n) => io::IoSlice::advance_slices(&mut rest, n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        for bytes in self.pending.drain(..) {
            self.buffers.give_back(bytes);
        }
        self.size = 0;
        Ok(())
    }
}

/// Buffers handed round between the workers (which fill them) and the writer (which empties
/// them), so that a run of millions of positions or rows does not ask the allocator, and the
/// kernel, for fresh pages game after game: output bytes ([`BufferPool`]) and the columns of
/// `arbiter moves` ([`crate::model::MoveColumns`]). The buffers kept hold at most
/// [`Pooled::MAX_RETAINED`] bytes between them: the pool is bounded like the output it carries
/// ([`OutputBudget`]).
#[derive(Debug)]
pub struct Pool<T> {
    free: std::sync::Mutex<Free<T>>,
}

/// The pool of output buffers.
pub type BufferPool = Pool<Vec<u8>>;

impl<T> Default for Pool<T> {
    fn default() -> Self {
        Pool {
            free: std::sync::Mutex::new(Free {
                buffers: Vec::new(),
                capacity: 0,
            }),
        }
    }
}

/// What a [`Pool`] holds: a buffer that knows the bytes it has room for.
pub trait Pooled: Default {
    /// At most this many bytes of capacity are kept by a pool.
    const MAX_RETAINED: usize;
    /// A buffer grown beyond this many bytes is freed rather than kept.
    const MAX_KEPT: usize;
    /// Bytes of memory the buffer holds (its capacity).
    fn capacity_bytes(&self) -> usize;
}

/// Output bytes: 64 MiB kept, the output of two windows of `fen --format jsonl` (about 22 KB a
/// game; with 16 MiB half the buffers were freed by the writer's thread and grown again by a
/// worker's, and glibc's arenas took locks for both: 13 % more CPU time at `-j2`, measured on
/// the benchmark file); a buffer of over 1 MiB (a game of some 15000 FEN lines) is freed.
impl Pooled for Vec<u8> {
    const MAX_RETAINED: usize = 64 << 20;
    const MAX_KEPT: usize = 1 << 20;

    fn capacity_bytes(&self) -> usize {
        self.capacity()
    }
}

/// The columns of `arbiter moves`: 16 MiB kept, the columns of two windows of some 1,000
/// games (about 8 KB a game); those of a game of over 256 KiB (some 3,000 plies) are freed.
impl Pooled for crate::model::MoveColumns {
    const MAX_RETAINED: usize = 16 << 20;
    const MAX_KEPT: usize = 256 << 10;

    fn capacity_bytes(&self) -> usize {
        self.memory()
    }
}

/// The buffers of a [`Pool`] not in use, and their capacity.
#[derive(Debug)]
struct Free<T> {
    buffers: Vec<T>,
    capacity: usize,
}

impl<T: Pooled> Pool<T> {
    /// A buffer from the pool (not cleared), or a new empty one.
    pub fn take(&self) -> T {
        let Ok(mut free) = self.free.lock() else {
            return T::default();
        };
        match free.buffers.pop() {
            Some(buffer) => {
                free.capacity -= buffer.capacity_bytes();
                buffer
            }
            None => T::default(),
        }
    }

    /// Returns a buffer to the pool (unless it is too large or the pool holds enough).
    pub fn give_back(&self, buffer: T) {
        let size = buffer.capacity_bytes();
        if size == 0 || size > T::MAX_KEPT {
            return;
        }
        if let Ok(mut free) = self.free.lock()
            && free.capacity + size <= T::MAX_RETAINED
        {
            free.capacity += size;
            free.buffers.push(buffer);
        }
    }
}

/// A game's result as its job hands it to the writer ([`OutputBudget::keep`]).
#[derive(Debug)]
pub enum Held<T> {
    /// The result, and the bytes of the budget it holds (to be released by the writer).
    Kept(T, usize),
    /// The result did not fit the room left: the writer makes it again.
    Deferred,
}

impl<T> Held<T> {
    /// The result: kept (its bytes released to `budget`), or made now by `make`.
    pub fn take(self, budget: &OutputBudget, make: impl FnOnce() -> T) -> T {
        match self {
            Held::Kept(result, bytes) => {
                budget.release(bytes);
                result
            }
            Held::Deferred => make(),
        }
    }
}

/// A bound on the output that games' jobs hold at once, waiting for the writer (`arbiter fen`
/// and `arbiter pgn` make a game's output on the worker threads).
///
/// A game's output can be a hundred times its size (`fen --variations` writes a FEN and a path
/// for every position), and a window holds thousands of games; so a job asks for
/// [`OutputBudget::room`] before it starts, stops when its output grows past it, and the game is
/// then written by the writer itself, in pieces, in bounded memory (the output is the same
/// either way). Memory for waiting output stays under [`OutputBudget::LIMIT`] plus one game's
/// room per thread.
#[derive(Debug, Default)]
pub struct OutputBudget {
    held: std::sync::atomic::AtomicUsize,
}

impl OutputBudget {
    /// Output held by jobs at once, in bytes (32 MiB).
    pub const LIMIT: usize = 32 << 20;
    /// The most one game's job may hold (8 MiB).
    pub const PER_GAME: usize = 8 << 20;

    /// How many bytes of output a job may hold now.
    pub fn room(&self) -> usize {
        let held = self.held.load(std::sync::atomic::Ordering::Relaxed);
        Self::LIMIT.saturating_sub(held).min(Self::PER_GAME)
    }

    /// A job keeps `bytes` of output for the writer.
    pub fn hold(&self, bytes: usize) {
        self.held
            .fetch_add(bytes, std::sync::atomic::Ordering::Relaxed);
    }

    /// Keeps `result`, which takes `bytes` of memory, for the writer when it fits the room
    /// left ([`Held::Kept`]); else drops it, and the writer makes it again when its turn
    /// comes ([`Held::Deferred`]): the results of a window's games (the findings of `check`,
    /// the verdicts of `audit`) wait for the writer within [`OutputBudget::LIMIT`] however
    /// many there are (a file of games of a thousand findings each held a gigabyte at `-j2`).
    pub fn keep<T>(&self, result: T, bytes: usize) -> Held<T> {
        match bytes > self.room() {
            true => Held::Deferred,
            false => {
                self.hold(bytes);
                Held::Kept(result, bytes)
            }
        }
    }

    /// The writer wrote `bytes` held by a job.
    pub fn release(&self, bytes: usize) {
        let _ = self.held.fetch_update(
            std::sync::atomic::Ordering::Relaxed,
            std::sync::atomic::Ordering::Relaxed,
            |held| Some(held.saturating_sub(bytes)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A result is kept while the budget has room for it, and handed back once (its bytes
    /// released); past the room it is deferred, and the writer makes it again.
    #[test]
    fn results_are_kept_within_the_budget_and_deferred_past_it() {
        let budget = OutputBudget::default();
        let size = OutputBudget::PER_GAME;
        let kept: Vec<Held<u32>> = (0..4).map(|i| budget.keep(i, size)).collect();
        assert!(kept.iter().all(|held| matches!(held, Held::Kept(_, _))));
        assert_eq!(budget.room(), 0, "4 × 8 MiB fill the 32 MiB limit");
        let deferred = budget.keep(9, 1);
        assert!(matches!(deferred, Held::Deferred));
        assert_eq!(deferred.take(&budget, || 7), 7, "made again by the writer");
        assert!(matches!(budget.keep(9, size + 1), Held::Deferred));
        let values: Vec<u32> = kept
            .into_iter()
            .map(|held| held.take(&budget, || unreachable!()))
            .collect();
        assert_eq!(values, [0, 1, 2, 3]);
        assert_eq!(budget.room(), OutputBudget::PER_GAME, "all released");
    }
}
