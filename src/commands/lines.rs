//! FEN/EPD files read line by line (`fen --check`, `audit --positions`, `pgn --from-fen` and
//! `--from-sequence`): standard input or a file, stopping at Ctrl-C.

use std::io::{self, BufRead};
use std::path::{Path, PathBuf};

use crate::engine::interrupt;

use super::Error;

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
        let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(io::BufReader::new(io::stdin()))
        } else {
            let file = std::fs::File::open(path).map_err(|e| Error::input(path, e))?;
            Box::new(io::BufReader::new(file))
        };
        Ok(Lines {
            reader,
            path: path.to_path_buf(),
            line: Vec::new(),
            number: 0,
            bytes: 0,
            interrupted: false,
        })
    }

    /// The next line: its 1-based number and its bytes without the `\n` (a `\r` before it is
    /// kept); `None` at the end of the input, or once Ctrl-C was pressed (see
    /// [`Lines::interrupted`]).
    ///
    /// # Errors
    /// Returns [`Error::Input`] when the input cannot be read.
    pub fn next_line(&mut self) -> Result<Option<(u64, &[u8])>, Error> {
        if interrupt::requested() {
            self.interrupted = true;
            return Ok(None);
        }
        self.line.clear();
        let read = self
            .reader
            .read_until(b'\n', &mut self.line)
            .map_err(|e| Error::input(&self.path, e))?;
        if read == 0 {
            return Ok(None);
        }
        self.bytes += read as u64;
        if self.line.last() == Some(&b'\n') {
            self.line.pop();
        }
        self.number += 1;
        Ok(Some((self.number, &self.line)))
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
