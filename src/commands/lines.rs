//! FEN/EPD files read line by line (`fen --check`, `audit --positions`, `pgn --from-fen` and
//! `--from-sequence`): standard input or a file, in bounded memory, stopping at Ctrl-C.
//!
//! A line is at most [`MAX_LINE_BYTES`] long: a longer one (a file that is not FEN lines, a
//! line of a gigabyte, `/dev/zero`) is handed out as [`Line::TooLong`] with its first bytes
//! only, the rest is read and dropped, and reading goes on at the next line. So memory does not
//! grow with the input, and a run over `/dev/zero` can still be stopped with Ctrl-C (every read
//! looks at the flag, [`Interruptible`]).

use std::io::{self, BufRead};
use std::path::{Path, PathBuf};

use crate::engine::input::Interruptible;
use crate::engine::interrupt;
use crate::model::{Code, Severity};
use crate::report::pgn::LineProblem;

use super::Error;

/// The longest line read (64 KiB): a FEN is under 100 bytes, an EPD line with its operations a
/// few hundred.
pub const MAX_LINE_BYTES: usize = 64 << 10;

/// One line of a text input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// The line's bytes without the `\n` (a `\r` before it is kept).
    Text(&'a [u8]),
    /// A line longer than [`MAX_LINE_BYTES`]: its first bytes, and its length (without the
    /// `\n`).
    TooLong {
        /// The first [`MAX_LINE_BYTES`] bytes.
        head: &'a [u8],
        /// The line's length in bytes.
        bytes: u64,
    },
}

impl Line<'_> {
    /// The message of a line that is too long (for findings and records).
    pub fn too_long_message(bytes: u64) -> String {
        format!(
            "a line of {bytes} bytes, longer than {} KiB (no FEN or EPD line is): not read",
            MAX_LINE_BYTES >> 10
        )
    }

    /// The `fen/line-too-long` error of a line of `bytes` bytes, as the line readers report it.
    pub fn too_long_problem(bytes: u64) -> LineProblem {
        LineProblem {
            severity: Severity::Error,
            code: Code::FenLineTooLong,
            col: 1,
            token: None,
            message: Line::too_long_message(bytes),
        }
    }
}

/// The lines of one text input.
pub struct Lines {
    reader: Box<dyn BufRead>,
    path: PathBuf,
    line: Vec<u8>,
    number: u64,
    bytes: u64,
    interrupted: bool,
}

impl std::fmt::Debug for Lines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lines")
            .field("path", &self.path)
            .field("number", &self.number)
            .finish_non_exhaustive()
    }
}

impl Lines {
    /// Opens `path` (`-` = standard input).
    ///
    /// # Errors
    /// Returns [`Error::Input`] when the file cannot be opened.
    pub fn open(path: &Path) -> Result<Lines, Error> {
        let reader = match path.as_os_str() == "-" {
            true => Interruptible::stdin(),
            false => std::fs::File::open(path).map(Interruptible::new),
        }
        .map_err(|e| Error::input(path, e))?;
        Ok(Lines {
            reader: Box::new(io::BufReader::with_capacity(1 << 16, reader)),
            path: path.to_path_buf(),
            line: Vec::new(),
            number: 0,
            bytes: 0,
            interrupted: false,
        })
    }

    /// The next line and its 1-based number; `None` at the end of the input, or once Ctrl-C
    /// was pressed (see [`Lines::interrupted`]).
    ///
    /// # Errors
    /// Returns [`Error::Input`] when the input cannot be read.
    pub fn next_line(&mut self) -> Result<Option<(u64, Line<'_>)>, Error> {
        if interrupt::requested() {
            self.interrupted = true;
            return Ok(None);
        }
        self.line.clear();
        let (mut length, mut any) = (0u64, false);
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(_) if interrupt::requested() => {
                    self.interrupted = true;
                    return Ok(None);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Error::input(&self.path, e)),
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let (take, newline) = match memchr::memchr(b'\n', available) {
                Some(i) => (i, true),
                None => (available.len(), false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(self.line.len());
            self.line.extend_from_slice(&available[..take.min(room)]);
            length += take as u64;
            let used = take + usize::from(newline);
            self.reader.consume(used);
            self.bytes += used as u64;
            if newline {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        let line = match length > MAX_LINE_BYTES as u64 {
            true => Line::TooLong {
                head: &self.line,
                bytes: length,
            },
            false => Line::Text(&self.line),
        };
        Ok(Some((self.number, line)))
    }

    /// True when the reading stopped at Ctrl-C.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Bytes read so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}
