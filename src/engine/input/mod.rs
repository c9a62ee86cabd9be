//! Opening inputs and cutting them into windows of whole games.
//!
//! Regular files are memory-mapped (memmap2); standard input, pipes and anything that cannot be
//! mapped are read in blocks into a buffer that holds one window (about [`WINDOW_BYTES`]) plus the
//! game being read, so memory stays bounded by the largest game, not by the input.
//!
//! Compressed inputs are recognised by their first bytes (magic numbers), not by their names:
//! zstd, gzip and bzip2 streams (multi-member/multi-frame included) are decompressed while they
//! are read, through the streaming path, so memory stays bounded on the compressed path too.
//!
//! A zip archive (also recognised by its first bytes) names several inputs, one per PGN member
//! ([`Inputs`]); each member is streamed from its own handle on the archive.
//!
//! A mapped file that another process truncates while we read it raises SIGBUS when a page past
//! its new end is touched: [`super::sigbus`] catches it, names the file, removes temporary output
//! files and exits with status 2. `--no-mmap` reads files that may change as streams instead.
//!
//! One game is at most [`MAX_GAME_BYTES`]: past it, the game is handed out as too large (and,
//! on a stream, in pieces), so that no input can make memory grow without bound.
//!
//! The parts: [`paths`] (which files a directory walk reads, `--glob`), [`compression`] (magic
//! numbers and decoders), [`archive`] (zip members), [`windows`] (cutting an input into windows
//! of whole games, and skipping games that are too large).

use std::io::{self, Read};
use std::path::Path;

pub mod archive;
pub mod compression;
pub mod interruptible;
pub mod paths;
pub mod windows;
mod zipdir;

pub use archive::Archive;
pub use compression::Compression;
pub use interruptible::Interruptible;
pub use paths::{PathFilter, expand_paths, expand_paths_noting_empty, is_fen_name, is_pgn_name};
pub use windows::{GameSpan, Window, Windows};

use archive::is_zip;
use compression::{HEAD_LEN, decompress, read_head, refuse_unsupported, sniff};

/// Target size of one window, in bytes: games are handed to the workers in windows of about this
/// size (a single larger game makes a larger window).
pub const WINDOW_BYTES: usize = 4 << 20;

/// Largest game analysed, in bytes (16 MiB): a game whose end (the first line of the next game,
/// whole) is not found within this many bytes from its first line is reported as too large and
/// skipped, so that one endless game cannot make memory grow without bound.
pub const MAX_GAME_BYTES: usize = 16 << 20;

/// An input: a mapped file or a stream.
pub enum Input {
    /// A memory-mapped regular file.
    Mapped {
        /// The name to show in findings (the path as given).
        name: String,
        /// The mapping.
        map: memmap2::Mmap,
    },
    /// A stream read in blocks (standard input, a pipe, or a file opened with `--no-mmap`).
    Stream {
        /// The name to show in findings (`-` for standard input).
        name: String,
        /// The reader.
        reader: Box<dyn Read + Send>,
        /// Total size if known (for progress), in bytes.
        len: Option<u64>,
        /// The descriptor of an uncompressed pipe, FIFO or terminal: its games are handed out
        /// when the writer pauses, not only by the window.
        live: Option<interruptible::LiveFd>,
    },
}

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Input").field("name", &self.name()).finish()
    }
}

impl Input {
    /// Opens `path`; `-` is standard input. Regular files are memory-mapped unless `mmap` is
    /// false or mapping fails (then they are read as a stream).
    ///
    /// # Errors
    /// Returns the I/O error of opening the file (not found, permission denied, a directory), and
    /// an error for a zip archive (see [`Inputs::open`] for those).
    pub fn open(path: &Path, mmap: bool) -> io::Result<Input> {
        match Inputs::open(path, mmap, &PathFilter::default())? {
            Inputs::One(Some(input)) => Ok(input),
            _ => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "a zip archive holds several inputs",
            )),
        }
    }

    /// The name of the input as shown in findings.
    pub fn name(&self) -> &str {
        match self {
            Input::Mapped { name, .. } | Input::Stream { name, .. } => name,
        }
    }

    /// Size in bytes, when known.
    pub fn len(&self) -> Option<u64> {
        match self {
            Input::Mapped { map, .. } => Some(map.len() as u64),
            Input::Stream { len, .. } => *len,
        }
    }

    /// True when the input is known to be empty.
    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }

    /// Cuts the input into windows of whole games.
    pub fn windows(&mut self) -> Windows<'_> {
        self.windows_of(WINDOW_BYTES)
    }

    /// Cuts the input into windows of about `window_bytes` (a subcommand whose output is many
    /// times its input takes smaller windows, so that less output waits at once).
    pub fn windows_of(&mut self, window_bytes: usize) -> Windows<'_> {
        match self {
            Input::Mapped { map, .. } => Windows::of_map(map, window_bytes),
            Input::Stream { reader, live, .. } => {
                Windows::of_stream(reader.as_mut(), window_bytes, *live)
            }
        }
    }
}

/// The inputs a path names: one, or the members of a zip archive.
#[derive(Debug)]
pub enum Inputs {
    /// A file or standard input (taken by the first call of [`Inputs::next_input`]).
    One(Option<Input>),
    /// A zip archive.
    Zip(Archive),
}

impl Inputs {
    /// Opens `path` (`-` is standard input), recognising compressed files and zip archives by
    /// their first bytes. The members of a zip archive that `filter` takes
    /// ([`PathFilter::takes_member`]) are read one after the other, each as an input named
    /// `archive.zip:member.pgn`.
    ///
    /// A zip archive is refused on standard input: its table of contents stands at its end, and
    /// arbiter neither holds a whole input in memory nor writes temporary copies of its inputs.
    ///
    /// # Errors
    /// Returns the I/O error of opening the file (not found, permission denied, a directory), a
    /// damaged zip directory, or a zip archive on standard input.
    pub fn open(path: &Path, mmap: bool, filter: &PathFilter) -> io::Result<Inputs> {
        let name = path.display().to_string();
        if path == Path::new("-") {
            return stream_input(name, Interruptible::stdin()?, "standard input");
        }
        let mut file = interruptible::open_file(path)?;
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(io::Error::other("is a directory"));
        }
        if !meta.is_file() {
            // A FIFO or a terminal named on the command line may wait for data: it is read
            // like standard input, so that Ctrl-C still ends the run.
            return stream_input(name, Interruptible::new(file), "a pipe");
        }
        let mut head = [0u8; HEAD_LEN];
        let n = read_head(&mut file, &mut head)?;
        if is_zip(&head[..n]) {
            return Archive::open(path, file, filter).map(Inputs::Zip);
        }
        refuse_unreadable(&head[..n])?;
        let compression = Compression::of(&head[..n]);
        if compression == Compression::None && mmap && meta.is_file() && meta.len() > 0 {
            // SAFETY: the mapping is read-only and lives as long as the `Input`. Rust's aliasing
            // rules require that the file is not modified while it is mapped; the user promises
            // this for the files named on the command line (documented in GUIDE.md, with
            // `--no-mmap` as the way out), and a file truncated under us raises SIGBUS, which
            // `super::sigbus` turns into a clean exit with an I/O error instead of reading
            // past the end.
            #[allow(unsafe_code)]
            let mapped = unsafe { memmap2::Mmap::map(&file) };
            if let Ok(map) = mapped {
                #[cfg(unix)]
                let _ = map.advise(memmap2::Advice::Sequential);
                #[cfg(unix)]
                super::sigbus::watch(path);
                return Ok(Inputs::One(Some(Input::Mapped { name, map })));
            }
        }
        let reader: Box<dyn Read + Send> =
            Box::new(io::Cursor::new(head[..n].to_vec()).chain(file));
        Ok(Inputs::One(Some(Input::Stream {
            name,
            reader: decompress(compression, reader)?,
            len: (compression == Compression::None).then_some(meta.len()),
            live: None,
        })))
    }

    /// The next input: `Ok(None)` after the last one; an error names the member it is about
    /// (the run goes on with the next member).
    ///
    /// # Errors
    /// Returns the name of a zip member that cannot be read (encrypted, an unknown compression
    /// method, a damaged header) with the error.
    pub fn next_input(&mut self) -> Result<Option<Input>, (String, io::Error)> {
        match self {
            Inputs::One(input) => Ok(input.take()),
            Inputs::Zip(archive) => archive.next_member(),
        }
    }
}

/// Standard input, a FIFO or a terminal (`what` names it in messages): read as a stream,
/// compressed or not.
///
/// A zip archive is refused: its table of contents stands at its end, and arbiter neither
/// holds a whole input in memory nor writes temporary copies of its inputs.
fn stream_input(name: String, reader: Interruptible, what: &str) -> io::Result<Inputs> {
    let live = reader.live_fd();
    let (head, reader) = sniff(Box::new(reader))?;
    if is_zip(&head) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "a zip archive cannot be read from {what} (its table of contents is at its \
                 end): name the file, or pipe its members (unzip -p)"
            ),
        ));
    }
    refuse_unreadable(&head)?;
    let compression = Compression::of(&head);
    Ok(Inputs::One(Some(Input::Stream {
        name,
        reader: decompress(compression, reader)?,
        len: None,
        // A decompressor reads ahead of what it gives: the descriptor says nothing of it.
        live: live.filter(|_| compression == Compression::None),
    })))
}

/// Refuses an input that cannot be read as PGN by its first bytes: UTF-16 text
/// ([`refuse_utf16`]) or a compressed or archive format arbiter does not decode
/// ([`refuse_unsupported`]).
///
/// # Errors
/// `InvalidData`, saying what the input is and how to convert it.
fn refuse_unreadable(head: &[u8]) -> io::Result<()> {
    refuse_utf16(head)?;
    refuse_unsupported(head)
}

/// An input that starts with a UTF-16 byte order mark is refused as a whole: every other byte
/// of it is NUL, and reading it as PGN (UTF-8 or Latin-1) would give one error per word.
///
/// # Errors
/// `InvalidData`, saying how to convert the file.
fn refuse_utf16(head: &[u8]) -> io::Result<()> {
    if head.starts_with(&[0xFF, 0xFE]) || head.starts_with(&[0xFE, 0xFF]) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "UTF-16 text (it starts with a UTF-16 byte order mark), not PGN: convert it to UTF-8 \
             first, e.g. iconv -f UTF-16 -t UTF-8",
        ));
    }
    Ok(())
}
