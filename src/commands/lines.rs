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
use crate::model::FenProblem;
use crate::model::{Code, Severity};

use super::Error;

/// The longest line read (64 KiB): a FEN is under 100 bytes, an EPD line with its operations a
/// few hundred.
pub const MAX_LINE_BYTES: usize = 64 << 10;

/// One line of a text input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// The line's bytes without the `\n` (a `\r` before it is kept).
    Text(&'a [u8]),
    /// A line longer than [`MAX_LINE_BYTES`] (the cap of [`Lines::from_reader`]): its first
    /// bytes, and its length (without the `\n`).
    TooLong {
        /// The first [`MAX_LINE_BYTES`] bytes (as many as the cap).
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
    pub fn too_long_problem(bytes: u64) -> FenProblem {
        FenProblem {
            offset: 0,
            repaired: false,
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
    /// The longest line read ([`MAX_LINE_BYTES`]).
    max: usize,
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
            false => Interruptible::open(path),
        }
        .map_err(|e| Error::input(path, e))?;
        let reader = Box::new(io::BufReader::with_capacity(1 << 16, reader));
        Ok(Lines::from_reader(path, reader, MAX_LINE_BYTES))
    }

    /// The lines of `reader` (named `name` in errors), each at most `max` bytes: what
    /// [`Lines::open`] does with a file and [`MAX_LINE_BYTES`], for other sources and caps (the
    /// `lines` fuzz target reaches every path with short inputs and a small cap).
    pub fn from_reader(name: &Path, reader: Box<dyn BufRead>, max: usize) -> Lines {
        Lines {
            reader,
            path: name.to_path_buf(),
            line: Vec::new(),
            max,
            number: 0,
            bytes: 0,
            interrupted: false,
        }
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
        let (mut length, mut any, mut ended) = (0u64, false, false);
        // The first line has room for a byte order mark besides its `max` bytes of text.
        let cap = match self.number {
            0 => self.max + crate::bytes::BOM.len(),
            _ => self.max,
        };
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
            let room = cap.saturating_sub(self.line.len());
            self.line.extend_from_slice(&available[..take.min(room)]);
            length += take as u64;
            let used = take + usize::from(newline);
            self.reader.consume(used);
            self.bytes += used as u64;
            if newline {
                ended = true;
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        // A UTF-8 byte order mark before the first line (Notepad, PowerShell's `Out-File`) is
        // not part of the text, as in a PGN input: read as nothing (an input of a mark alone
        // has no line).
        if self.number == 0 && self.line.starts_with(crate::bytes::BOM) {
            self.line.drain(..crate::bytes::BOM.len());
            length -= crate::bytes::BOM.len() as u64;
            if length == 0 && !ended {
                return Ok(None);
            }
        }
        self.number += 1;
        self.line.truncate(self.max);
        let line = match length > self.max as u64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A line's bytes (its head when too long), and its length when too long.
    type Got = (Vec<u8>, Option<u64>);

    /// The lines `text` is made of, as [`Lines`] must hand them out with a cap of `max`.
    fn expected(text: &[u8], max: usize) -> Vec<Got> {
        let text = text.strip_prefix(crate::bytes::BOM).unwrap_or(text);
        let mut pieces: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
        if pieces.last().is_some_and(|p| p.is_empty()) {
            pieces.pop();
        }
        let line = |p: &[u8]| match p.len() > max {
            true => (p[..max].to_vec(), Some(p.len() as u64)),
            false => (p.to_vec(), None),
        };
        pieces.into_iter().map(line).collect()
    }

    fn read_all(text: &[u8], max: usize, step: usize) -> (Vec<Got>, u64) {
        // (A reader of its own bytes: `Lines` holds a `'static` reader.)
        let reader = Box::new(io::BufReader::with_capacity(
            step,
            io::Cursor::new(text.to_vec()),
        ));
        let mut lines = Lines::from_reader(Path::new("test"), reader, max);
        let mut got = Vec::new();
        while let Some((number, line)) = lines.next_line().unwrap() {
            assert_eq!(number, got.len() as u64 + 1);
            got.push(match line {
                Line::Text(t) => (t.to_vec(), None),
                Line::TooLong { head, bytes } => (head.to_vec(), Some(bytes)),
            });
        }
        (got, lines.bytes())
    }

    #[test]
    fn r13_lines_are_cut_at_the_cap_and_reading_goes_on() {
        let text = b"short\nxxxxxxxxxxxxxxxxxxxx\n\nlast";
        let (got, bytes) = read_all(text, 8, 3);
        assert_eq!(got, expected(text, 8));
        assert_eq!(got[1], (b"xxxxxxxx".to_vec(), Some(20)));
        assert_eq!(bytes, text.len() as u64);
    }

    /// Random inputs (xorshift, fixed seed) of newlines and a few bytes, every cap from 1 to 40
    /// and reads of 1 to 7 bytes: the lines handed out are the input's, cut at the cap, and
    /// every byte is counted (the property of the `lines` fuzz target, run on stable).
    #[test]
    fn r13_lines_agree_with_a_split_on_random_inputs() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for round in 0..4000 {
            let mut text = Vec::new();
            for _ in 0..round % 97 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                text.push([b'\n', b'a', b'\r', 0xff][(x % 4) as usize]);
            }
            if round % 5 == 0 {
                // A byte order mark before the first line, or a second one.
                text.splice(0..0, crate::bytes::BOM.iter().copied());
            }
            let max = round % 40 + 1;
            let step = round % 7 + 1;
            let (got, bytes) = read_all(&text, max, step);
            assert_eq!(got, expected(&text, max), "{text:?} max {max} step {step}");
            assert_eq!(bytes, text.len() as u64);
        }
    }

    /// A byte order mark before the first line is not part of it (a FEN file saved by Notepad
    /// was a `fen/piece` error at its first character); one anywhere else is kept.
    #[test]
    fn a_byte_order_mark_before_the_first_line_is_read_as_nothing() {
        let text = b"\xEF\xBB\xBF8/8/8/8/8/8/8/K6k w - - 0 1\n\xEF\xBB\xBFx\n";
        let (got, bytes) = read_all(text, 64, 2);
        assert_eq!(got[0].0, b"8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(got[1].0, b"\xEF\xBB\xBFx");
        assert_eq!(bytes, text.len() as u64);
        let (got, _) = read_all(b"\xEF\xBB\xBFabcdef", 4, 1);
        assert_eq!(
            got,
            [(b"abcd".to_vec(), Some(6))],
            "the cap counts the text"
        );
    }
}
