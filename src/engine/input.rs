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

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use super::split::{Span, Splitter, is_blank};

/// Target size of one window, in bytes: games are handed to the workers in windows of about this
/// size (a single larger game makes a larger window).
pub const WINDOW_BYTES: usize = 4 << 20;

/// Largest game analysed, in bytes (16 MiB): a game whose end (the first line of the next game,
/// whole) is not found within this many bytes from its first line is reported as too large and
/// skipped, so that one endless game cannot make memory grow without bound.
pub const MAX_GAME_BYTES: usize = 16 << 20;

/// Most games in one window, so that memory for per-game results stays bounded.
const WINDOW_GAMES: usize = 8192;

/// Block size for reads from a stream.
const READ_BYTES: usize = 1 << 20;

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
        match self {
            Input::Mapped { map, .. } => Windows {
                source: Source::Mapped(map),
                splitter: Splitter::new(),
                consumed: 0,
                next_index: 1,
                done: false,
                skip: None,
            },
            Input::Stream { reader, .. } => Windows {
                source: Source::Stream {
                    reader: reader.as_mut(),
                    buf: Vec::new(),
                    eof: false,
                },
                splitter: Splitter::new(),
                consumed: 0,
                next_index: 1,
                done: false,
                skip: None,
            },
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

/// Magic numbers of a zip archive: a local file header, or the end record of an empty archive.
fn is_zip(head: &[u8]) -> bool {
    head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06")
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
            let (head, reader) = sniff(Box::new(io::stdin()))?;
            if is_zip(&head) {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "a zip archive cannot be read from standard input (its table of contents is \
                     at its end): name the file, or pipe its members (unzip -p)",
                ));
            }
            refuse_utf16(&head)?;
            let compression = Compression::of(&head);
            return Ok(Inputs::One(Some(Input::Stream {
                name,
                reader: decompress(compression, reader)?,
                len: None,
            })));
        }
        let mut file = File::open(path)?;
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(io::Error::other("is a directory"));
        }
        let mut head = [0u8; 4];
        let n = read_head(&mut file, &mut head)?;
        if is_zip(&head[..n]) && meta.is_file() {
            return Archive::open(path, file, filter).map(Inputs::Zip);
        }
        refuse_utf16(&head[..n])?;
        let compression = Compression::of(&head[..n]);
        if compression == Compression::None && mmap && meta.is_file() && meta.len() > 0 {
            // SAFETY: the mapping is read-only and lives as long as the `Input`. Rust's aliasing
            // rules require that the file is not modified while it is mapped; the user promises
            // this for the files named on the command line (documented in the README, with
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
            len: (meta.is_file() && compression == Compression::None).then_some(meta.len()),
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

/// A zip archive whose members are read one after the other.
pub struct Archive {
    path: std::path::PathBuf,
    zip: zip::ZipArchive<File>,
    /// Indices and names of the members to read, in archive order.
    members: Vec<(usize, String)>,
    next: usize,
}

impl std::fmt::Debug for Archive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Archive")
            .field("path", &self.path)
            .field("members", &self.members.len())
            .finish()
    }
}

impl Archive {
    fn open(path: &Path, file: File, filter: &PathFilter) -> io::Result<Archive> {
        let zip = zip::ZipArchive::new(file).map_err(zip_error)?;
        let mut members = Vec::new();
        for i in 0..zip.len() {
            let Some(Ok(name)) = zip.name_for_index(i) else {
                continue;
            };
            if !name.ends_with('/') && filter.takes_member(Path::new(name.as_ref())) {
                members.push((i, name.into_owned()));
            }
        }
        if members.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "zip archive without PGN files (*.pgn, *.pgn.zst, *.pgn.gz, *.pgn.bz2; see --glob)",
            ));
        }
        Ok(Archive {
            path: path.to_owned(),
            zip,
            members,
            next: 0,
        })
    }

    fn next_member(&mut self) -> Result<Option<Input>, (String, io::Error)> {
        let Some((index, name)) = self.members.get(self.next) else {
            return Ok(None);
        };
        let index = *index;
        let display = format!("{}:{name}", self.path.display());
        self.next += 1;
        self.open_member(index, &display)
            .map(Some)
            .map_err(|e| (display, e))
    }

    /// Opens one member as a stream: its bytes are read from its own handle on the archive
    /// (stored or deflated, the methods of the zip format itself; also bzip2 and zstd),
    /// checked against the CRC-32 of the directory, and decompressed again when the member is
    /// itself a compressed PGN file.
    fn open_member(&mut self, index: usize, display: &str) -> io::Result<Input> {
        let entry = self.zip.by_index_raw(index).map_err(zip_error)?;
        if entry.encrypted() {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "encrypted zip member",
            ));
        }
        let method = entry.compression();
        let start = entry
            .data_start()
            .ok_or_else(|| zip_error("no data offset"))?;
        let (packed, size, crc) = (entry.compressed_size(), entry.size(), entry.crc32());
        drop(entry);
        let mut file = File::open(&self.path)?;
        io::Seek::seek(&mut file, io::SeekFrom::Start(start))?;
        let raw = io::BufReader::with_capacity(1 << 16, file).take(packed);
        use zip::CompressionMethod as M;
        let unpacked: Box<dyn Read + Send> = if method == M::Stored {
            Box::new(raw)
        } else if method == M::DEFLATE {
            Box::new(flate2::read::DeflateDecoder::new(raw))
        } else if method == M::BZIP2 {
            Box::new(bzip2::read::BzDecoder::new(raw))
        } else if method == M::ZSTD {
            Box::new(zstd::stream::read::Decoder::new(raw)?)
        } else {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                format!("zip compression method {method} is not supported"),
            ));
        };
        let checked = Box::new(CrcReader {
            inner: unpacked,
            crc: flate2::Crc::new(),
            expected_crc: crc,
            expected_size: size,
        });
        let (head, reader) = sniff(checked)?;
        refuse_utf16(&head)?;
        Ok(Input::Stream {
            name: display.to_owned(),
            reader: decompress(Compression::of(&head), reader)?,
            len: None,
        })
    }
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

fn zip_error(e: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("zip: {e}"))
}

/// Checks a zip member's size and CRC-32 at its end.
struct CrcReader {
    inner: Box<dyn Read + Send>,
    crc: flate2::Crc,
    expected_crc: u32,
    expected_size: u64,
}

impl Read for CrcReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.crc.update(&buf[..n]);
        if n == 0 && !buf.is_empty() {
            let size = u64::from(self.crc.amount());
            // `amount` counts modulo 2^32 (as the zip format does without zip64).
            if (size != self.expected_size & 0xFFFF_FFFF) || self.crc.sum() != self.expected_crc {
                return Err(zip_error(
                    "member damaged (size or CRC-32 does not match the archive's directory)",
                ));
            }
        }
        Ok(n)
    }
}

/// A compression format, recognised by its magic number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain bytes.
    None,
    /// Zstandard (`28 B5 2F FD`), as in the lichess database dumps.
    Zstd,
    /// gzip (`1F 8B`).
    Gzip,
    /// bzip2 (`BZh`).
    Bzip2,
}

impl Compression {
    /// The format whose magic number starts `head`.
    pub fn of(head: &[u8]) -> Compression {
        if head.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
            Compression::Zstd
        } else if head.starts_with(&[0x1F, 0x8B]) {
            Compression::Gzip
        } else if head.starts_with(b"BZh") {
            Compression::Bzip2
        } else {
            Compression::None
        }
    }
}

/// Reads up to `head.len()` bytes (fewer only at the end of the input).
fn read_head(reader: &mut dyn Read, head: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < head.len() {
        match reader.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// Looks at the first bytes of a stream and gives them back in front of it.
fn sniff(mut reader: Box<dyn Read + Send>) -> io::Result<(Vec<u8>, Box<dyn Read + Send>)> {
    let mut head = [0u8; 4];
    let n = read_head(&mut reader, &mut head)?;
    let head = head[..n].to_vec();
    Ok((head.clone(), Box::new(io::Cursor::new(head).chain(reader))))
}

/// Wraps `reader` in the decoder of `compression`.
fn decompress(
    compression: Compression,
    reader: Box<dyn Read + Send>,
) -> io::Result<Box<dyn Read + Send>> {
    Ok(match compression {
        Compression::None => reader,
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::new(reader)?),
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(reader)),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(reader)),
    })
}

/// Names that hold PGN: `*.pgn`, `*.pgn.zst`, `*.pgn.gz`, `*.pgn.bz2` (case ignored).
pub fn is_pgn_name(name: &str) -> bool {
    let name = name.to_lowercase();
    [".pgn", ".pgn.zst", ".pgn.gz", ".pgn.bz2"]
        .iter()
        .any(|ext| name.ends_with(ext))
}

/// Which files of a directory walk (and which members of a zip archive) are read: by default
/// the PGN files ([`is_pgn_name`]); with `--glob` patterns, the files whose path below the
/// directory, or whose name, matches one of them, less those matching a `!` pattern (only `!`
/// patterns: the PGN files less those). Case is ignored.
#[derive(Clone, Debug, Default)]
pub struct PathFilter {
    include: Option<globset::GlobSet>,
    exclude: Option<globset::GlobSet>,
}

impl PathFilter {
    /// Builds the filter of `globs` (none: PGN files).
    ///
    /// # Errors
    /// Returns the error of a pattern that is not a glob (an unclosed `[` or `{`).
    pub fn new(globs: &[String]) -> Result<PathFilter, globset::Error> {
        let (mut include, mut exclude) = (Vec::new(), Vec::new());
        for glob in globs {
            match glob.strip_prefix('!') {
                Some(pattern) => exclude.push(pattern),
                None => include.push(glob.as_str()),
            }
        }
        let build = |patterns: Vec<&str>| -> Result<Option<globset::GlobSet>, globset::Error> {
            if patterns.is_empty() {
                return Ok(None);
            }
            let mut set = globset::GlobSetBuilder::new();
            for pattern in patterns {
                set.add(
                    globset::GlobBuilder::new(pattern)
                        .case_insensitive(true)
                        .build()?,
                );
            }
            set.build().map(Some)
        };
        Ok(PathFilter {
            include: build(include)?,
            exclude: build(exclude)?,
        })
    }

    /// True when the file at `relative` (its path below the directory walked) is read.
    pub fn takes(&self, relative: &Path) -> bool {
        self.decide(relative, false)
    }

    /// True when the member of a zip archive called `name` is read: the PGN members and those
    /// that match a pattern, less those matching a `!` pattern (so `--glob '*.zip'`, which
    /// chooses archives in a directory walk, still reads their PGN members).
    pub fn takes_member(&self, name: &Path) -> bool {
        self.decide(name, true)
    }

    fn decide(&self, relative: &Path, pgn_too: bool) -> bool {
        let name = relative.file_name().map(Path::new).unwrap_or(relative);
        let matches = |set: &globset::GlobSet| set.is_match(relative) || set.is_match(name);
        if self.exclude.as_ref().is_some_and(matches) {
            return false;
        }
        let pgn = || is_pgn_name(&name.to_string_lossy());
        match &self.include {
            Some(set) => matches(set) || (pgn_too && pgn()),
            None => pgn(),
        }
    }
}

/// The inputs named by `paths`: files as given, and for each directory every file below it that
/// `filter` takes (by default the PGN files, see [`PathFilter`]), in a stable order (sorted by
/// path). `-` stays `-`.
///
/// # Errors
/// Returns the error of reading a directory, with its path.
pub fn expand_paths(
    paths: &[std::path::PathBuf],
    filter: &PathFilter,
) -> io::Result<Vec<std::path::PathBuf>> {
    let mut out = Vec::new();
    for path in paths {
        if path != Path::new("-") && path.is_dir() {
            let mut found = Vec::new();
            for entry in walkdir::WalkDir::new(path).sort_by_file_name() {
                let entry =
                    entry.map_err(|e| io::Error::other(format!("{}: {e}", path.display())))?;
                let relative = entry.path().strip_prefix(path).unwrap_or(entry.path());
                if entry.file_type().is_file() && filter.takes(relative) {
                    found.push(entry.into_path());
                }
            }
            found.sort();
            out.extend(found);
        } else {
            out.push(path.clone());
        }
    }
    Ok(out)
}

enum Source<'a> {
    Mapped(&'a [u8]),
    Stream {
        reader: &'a mut (dyn Read + Send),
        buf: Vec<u8>,
        eof: bool,
    },
}

/// One game inside a window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSpan {
    /// 1-based index of the game in its input; 0 for a span of blank bytes only (an input with
    /// no game), which is passed on so that split outputs still receive every byte.
    pub index: u64,
    /// The game's bytes in the window.
    pub span: Span,
    /// The game is larger than [`MAX_GAME_BYTES`]: it must be reported, not analysed. On a
    /// stream, its bytes come in several spans; the first has the game's index, the others 0.
    pub too_large: bool,
}

/// A run of whole games.
#[derive(Debug)]
pub struct Window<'a> {
    data: WindowData<'a>,
    /// Offset of the window's first byte in the input.
    pub offset: u64,
    /// The games, in input order.
    pub games: Vec<GameSpan>,
}

#[derive(Debug)]
enum WindowData<'a> {
    Borrowed(&'a [u8]),
    Owned(Vec<u8>),
}

impl Window<'_> {
    /// The window's bytes; game spans index into them.
    pub fn bytes(&self) -> &[u8] {
        match &self.data {
            WindowData::Borrowed(b) => b,
            WindowData::Owned(v) => v,
        }
    }

    /// Number of bytes in the window.
    pub fn len(&self) -> usize {
        self.bytes().len()
    }

    /// True when the window holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.bytes().is_empty()
    }
}

/// Iterator-like producer of [`Window`]s (see [`Input::windows`]).
pub struct Windows<'a> {
    source: Source<'a>,
    splitter: Splitter,
    /// Input offset of the first byte still in the stream buffer.
    consumed: u64,
    next_index: u64,
    done: bool,
    /// Skipping the rest of a game that is too large (standard input path).
    skip: Option<Skip>,
}

impl std::fmt::Debug for Windows<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Windows")
            .field("consumed", &self.consumed)
            .finish()
    }
}

/// The rest of a game that is too large, being skipped on the streaming path: its bytes are handed
/// out in pieces (so that `--invalid-out` still gets them) and dropped.
#[derive(Debug)]
struct Skip {
    /// Offset in the stream buffer where the scan for the next game goes on.
    at: usize,
    /// Offset in the stream buffer of the first byte not yet handed out.
    piece_start: usize,
    /// Index of the game.
    index: u64,
    /// Line of the game's first byte.
    game_line: u64,
    /// The first piece (which carries the game's index) has been handed out.
    head_done: bool,
    resync: Resync,
}

/// Finds where reading resumes after a game that is too large: the next line that is a tag pair
/// (`[Name "`) and either follows a blank line or is an `[Event` tag. Resumable over a stream read
/// in blocks, and deterministic: the decision about a line looks at its first
/// [`RESYNC_LOOK`] bytes only, so the result does not depend on block sizes.
#[derive(Clone, Debug)]
struct Resync {
    /// Line number at the scan position.
    line: u64,
    /// The previous line was blank.
    prev_blank: bool,
    /// The scan stands inside a line already judged (not a line start).
    mid_line: bool,
    /// The current line is blank so far.
    line_blank: bool,
}

/// Bytes of a line looked at when deciding whether reading resumes there.
const RESYNC_LOOK: usize = 256;

impl Resync {
    /// A scan from a line start numbered `line`; `skip_first` when that line is the game's own
    /// first line (which cannot start the next game).
    fn new(line: u64, skip_first: bool) -> Resync {
        Resync {
            line,
            prev_blank: false,
            mid_line: skip_first,
            line_blank: true,
        }
    }

    /// Scans `data` (which starts where the previous call stopped). Returns `Ok(offset)` of the
    /// line where the next game starts (`self.line` is its number), or `Err(offset)`: bytes
    /// before it may be dropped, and the next call must start there with more data.
    fn scan(&mut self, data: &[u8], eof: bool) -> Result<usize, usize> {
        let mut i = 0;
        loop {
            if i >= data.len() {
                return Err(i);
            }
            let rest = &data[i..];
            if !self.mid_line {
                let line_len = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
                if line_len == rest.len() && line_len < RESYNC_LOOK && !eof {
                    return Err(i);
                }
                let head = &rest[..line_len.min(RESYNC_LOOK)];
                if let Some(name) = super::split::tag_name(head)
                    && (self.prev_blank || name == b"Event")
                {
                    return Ok(i);
                }
                self.mid_line = true;
                self.line_blank = true;
            }
            match memchr::memchr2(b'\n', b'\r', rest) {
                Some(j) => {
                    self.line_blank &= is_blank(&rest[..j]);
                    let next = if rest[j] == b'\n' {
                        j + 1
                    } else if j + 1 < rest.len() {
                        j + 1 + usize::from(rest[j + 1] == b'\n')
                    } else if eof {
                        j + 1
                    } else {
                        // A CR at the end of the block: is it CRLF?
                        return Err(i + j);
                    };
                    self.prev_blank = self.line_blank;
                    self.mid_line = false;
                    self.line += 1;
                    i += next;
                }
                None => {
                    self.line_blank &= is_blank(rest);
                    return Err(data.len());
                }
            }
        }
    }
}

/// Reads one more block from `reader` into `buf`; sets `eof` at the end of the input.
fn fill(reader: &mut (dyn Read + Send), buf: &mut Vec<u8>, eof: &mut bool) -> io::Result<()> {
    let old = buf.len();
    // Amortised growth: capacity past the bytes read is never touched, so it costs no memory.
    buf.resize(old + READ_BYTES, 0);
    let n = loop {
        match reader.read(&mut buf[old..]) {
            Ok(n) => break n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                buf.truncate(old);
                return Err(e);
            }
        }
    };
    buf.truncate(old + n);
    if n == 0 {
        *eof = true;
    }
    Ok(())
}

impl<'a> Windows<'a> {
    /// True when the windows are slices of a mapped file (they hold no bytes of their own).
    pub fn is_mapped(&self) -> bool {
        matches!(self.source, Source::Mapped(_))
    }

    /// The next window, or `None` at the end of the input.
    ///
    /// A game that is too large (see [`MAX_GAME_BYTES`]) is handed out with
    /// [`GameSpan::too_large`] set and is not split further: on a mapped file as one span, on a
    /// stream as a first piece (with the game's index) followed by pieces of index 0, so that
    /// memory stays bounded. Reading resumes at the next line that is a tag pair after a blank
    /// line, or an `[Event` tag pair.
    ///
    /// # Errors
    /// Returns read errors of a streamed input.
    pub fn next_window(&mut self) -> io::Result<Option<Window<'a>>> {
        if self.done {
            return Ok(None);
        }
        match &mut self.source {
            Source::Mapped(map) => {
                let map: &'a [u8] = map;
                let start = self.splitter.pending_start();
                let mut games = Vec::new();
                let mut end = start;
                loop {
                    let game_start = self.splitter.pending_start();
                    let limit = map.len().min(game_start.saturating_add(MAX_GAME_BYTES));
                    let at_end = limit == map.len();
                    let game = match self.splitter.next_game(&map[..limit], at_end) {
                        Some(span) => {
                            let blank = is_blank(&map[span.start..span.end]);
                            let index = if blank { 0 } else { self.next_index };
                            (span, index, false)
                        }
                        None if at_end => break,
                        None => {
                            let (pos, line, game_line) = self.splitter.scan_position();
                            let mut resync = Resync::new(line, pos == game_start);
                            let stop = match resync.scan(&map[pos..], true) {
                                Ok(r) => pos + r,
                                Err(_) => map.len(),
                            };
                            self.splitter.restart_at(stop, resync.line);
                            let span = Span {
                                start: game_start,
                                end: stop,
                                line: game_line,
                            };
                            (span, self.next_index, true)
                        }
                    };
                    let (span, index, too_large) = game;
                    end = span.end;
                    games.push(GameSpan {
                        index,
                        span: Span {
                            start: span.start - start,
                            end: span.end - start,
                            line: span.line,
                        },
                        too_large,
                    });
                    if index > 0 {
                        self.next_index += 1;
                    }
                    if end - start >= WINDOW_BYTES || games.len() >= WINDOW_GAMES {
                        break;
                    }
                }
                if end == start {
                    self.done = true;
                    return Ok(None);
                }
                Ok(Some(Window {
                    data: WindowData::Borrowed(&map[start..end]),
                    offset: start as u64,
                    games,
                }))
            }
            Source::Stream { reader, buf, eof } => {
                let mut games = Vec::new();
                let mut scanned_to = 0;
                loop {
                    if let Some(skip) = self.skip.as_mut() {
                        let (end, done) = match skip.resync.scan(&buf[skip.at..], *eof) {
                            Ok(r) => (skip.at + r, true),
                            Err(_) if *eof => (buf.len(), true),
                            Err(k) => (skip.at + k, false),
                        };
                        skip.at = end;
                        if end > skip.piece_start {
                            games.push(GameSpan {
                                index: if skip.head_done { 0 } else { skip.index },
                                span: Span {
                                    start: skip.piece_start,
                                    end,
                                    line: skip.game_line,
                                },
                                too_large: true,
                            });
                            skip.head_done = true;
                            skip.piece_start = end;
                            scanned_to = end;
                        }
                        if done {
                            self.splitter.restart_at(end, skip.resync.line);
                            self.skip = None;
                            continue;
                        }
                        if scanned_to > 0 {
                            break;
                        }
                        fill(*reader, buf, eof)?;
                        continue;
                    }
                    let game_start = self.splitter.pending_start();
                    let limit = buf.len().min(game_start + MAX_GAME_BYTES);
                    let at_end = *eof && limit == buf.len();
                    match self.splitter.next_game(&buf[..limit], at_end) {
                        Some(span) => {
                            scanned_to = span.end;
                            let blank = is_blank(&buf[span.start..span.end]);
                            games.push(GameSpan {
                                index: if blank { 0 } else { self.next_index },
                                span,
                                too_large: false,
                            });
                            if !blank {
                                self.next_index += 1;
                            }
                            if span.end >= WINDOW_BYTES || games.len() >= WINDOW_GAMES {
                                break;
                            }
                        }
                        None if at_end => break,
                        None if buf.len() > game_start + MAX_GAME_BYTES => {
                            // The game is too large: hand it out in pieces and skip to the next.
                            let (pos, line, game_line) = self.splitter.scan_position();
                            self.skip = Some(Skip {
                                at: pos,
                                piece_start: game_start,
                                index: self.next_index,
                                game_line,
                                head_done: false,
                                resync: Resync::new(line, pos == game_start),
                            });
                            self.next_index += 1;
                        }
                        None => fill(*reader, buf, eof)?,
                    }
                }
                if scanned_to == 0 {
                    self.done = true;
                    return Ok(None);
                }
                let tail = buf.split_off(scanned_to);
                let data = std::mem::replace(buf, tail);
                match self.skip.as_mut() {
                    Some(skip) => {
                        skip.at -= scanned_to;
                        skip.piece_start -= scanned_to;
                    }
                    None => self.splitter.consume(scanned_to),
                }
                let offset = self.consumed;
                self.consumed += scanned_to as u64;
                Ok(Some(Window {
                    data: WindowData::Owned(data),
                    offset,
                    games,
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scans `data` fed in blocks of `step` bytes, dropping what the scanner lets go, as the
    /// stream path does; returns the resume offset and its line.
    fn resync_in_blocks(data: &[u8], step: usize, skip_first: bool) -> Option<(usize, u64)> {
        let mut r = Resync::new(1, skip_first);
        let (mut kept, mut len) = (0, 0);
        loop {
            len = (len + step).min(data.len());
            let eof = len == data.len();
            match r.scan(&data[kept..len], eof) {
                Ok(at) => return Some((kept + at, r.line)),
                Err(_) if eof => return None,
                Err(k) => kept += k,
            }
        }
    }

    #[test]
    fn resync_does_not_depend_on_block_sizes() {
        let mut data = b"1. e4 {".to_vec();
        data.extend(b"x".repeat(700));
        data.extend(b"\r\n[White \"no blank line before\"]\r\n\r\r\n");
        data.extend(b" ".repeat(300));
        data.extend(b"\n\n[Site \"after a blank line\"]\n1. e4 *\n");
        let whole = resync_in_blocks(&data, data.len(), true);
        let at = data.windows(6).position(|w| w == b"[Site ").unwrap();
        assert_eq!(whole, Some((at, 7)));
        for step in [1, 2, 3, 7, 64, 255, 256, 257, 1000] {
            assert_eq!(resync_in_blocks(&data, step, true), whole, "step {step}");
        }
        // An [Event tag pair resumes even without a blank line; the first line never does.
        let data = b"[Event \"big\"]\n{ ...\n[Event \"next\"]\n".to_vec();
        assert_eq!(resync_in_blocks(&data, 5, true), Some((20, 3)));
        assert_eq!(resync_in_blocks(&data, 5, false), Some((0, 1)));
        assert_eq!(resync_in_blocks(b"no tags\nat all", 3, true), None);
    }

    #[test]
    fn path_filter_defaults_to_pgn_names() {
        let f = PathFilter::default();
        assert!(f.takes(Path::new("a/b.PGN.zst")));
        assert!(!f.takes(Path::new("a/b.txt")));
        let f = PathFilter::new(&["*.txt".into(), "!old/*".into()]).unwrap();
        assert!(f.takes(Path::new("x/notes.TXT")));
        assert!(!f.takes(Path::new("old/notes.txt")));
        assert!(!f.takes(Path::new("b.pgn")));
        assert!(f.takes_member(Path::new("games/b.pgn")));
        assert!(!f.takes_member(Path::new("old/b.pgn")));
        assert!(PathFilter::new(&["{a".into()]).is_err());
    }
}
