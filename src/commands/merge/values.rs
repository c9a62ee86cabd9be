//! The outputs `arbiter merge` reads, as JSON values rather than lines (issue 32): JSON Lines
//! as arbiter writes them, and the same records re-serialised by another tool — pretty-printed
//! over many lines (`jq .`), keys in another order, CRLF line ends, a byte order mark, blank
//! lines between or after — are the same sequence of values.
//!
//! [`Values`] cuts the input into its top-level values by their brackets (strings and escapes
//! followed), without parsing them: each is then parsed whole by `serde_json` into the record
//! type it is. A value is read up to [`MAX_RECORD_BYTES`] and no further, so `/dev/zero` or a
//! file of one endless string is refused at the cap, memory bounded.

use std::io::{self, BufRead, Read, Seek, SeekFrom};

/// The longest value read (64 MiB): a record holds at most a few tag values and a token of one
/// game, and a game is at most [`crate::engine::input::MAX_GAME_BYTES`] (16 MiB); a summary
/// lists the run's inputs (60 bytes or so each).
pub const MAX_RECORD_BYTES: usize = 64 << 20;

/// The UTF-8 byte order mark, read as nothing at the start of an input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The top-level JSON values of an input, one after the other.
#[derive(Debug)]
pub struct Values<R> {
    reader: R,
    /// The line the reader stands at (1-based).
    line: u64,
    /// The bytes of the value last read.
    value: Vec<u8>,
    /// Nothing was read yet (a byte order mark is skipped there).
    start: bool,
    /// Bytes read so far.
    bytes: u64,
}

/// Why the next value could not be read.
#[derive(Debug)]
pub enum ValueError {
    /// The input could not be read.
    Io(io::Error),
    /// A value longer than [`MAX_RECORD_BYTES`], from this line.
    TooLong(u64),
    /// The input ends inside a value begun at this line (an output cut short).
    Cut(u64),
}

impl<R: BufRead> Values<R> {
    /// The values of `reader`.
    pub fn new(reader: R) -> Values<R> {
        Values {
            reader,
            line: 1,
            value: Vec::new(),
            start: true,
            bytes: 0,
        }
    }

    /// Bytes read so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Reads the next value and returns the line it starts at, `None` at the end of the input;
    /// its bytes are then [`Values::value`]. An object or array ends at its closing bracket, any
    /// other value (which no output holds) at the next white space.
    ///
    /// # Errors
    /// Returns [`ValueError`] for a read error, a value over the cap, or an input that ends
    /// inside a value.
    pub fn next_value(&mut self) -> Result<Option<u64>, ValueError> {
        self.value.clear();
        if !self.skip_space()? {
            return Ok(None);
        }
        let first = self.line;
        let mut depth = 0u32;
        let mut string = false;
        let mut escape = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(ValueError::Io(e)),
            };
            if chunk.is_empty() {
                return match depth == 0 && !string && !self.value.is_empty() {
                    // A scalar ended by the end of the input.
                    true => Ok(Some(first)),
                    false => Err(ValueError::Cut(first)),
                };
            }
            let mut end = None;
            for (i, &b) in chunk.iter().enumerate() {
                if string {
                    match (escape, b) {
                        (true, _) => escape = false,
                        (false, b'\\') => escape = true,
                        (false, b'"') => string = false,
                        _ => {}
                    }
                } else {
                    match b {
                        b'"' => string = true,
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' if depth > 0 => depth -= 1,
                        b' ' | b'\t' | b'\r' | b'\n' if depth == 0 => {
                            end = Some(i);
                            break;
                        }
                        _ => {}
                    }
                    if depth == 0 && matches!(b, b'}' | b']') {
                        end = Some(i + 1);
                        break;
                    }
                }
                if b == b'\n' {
                    self.line += 1;
                }
            }
            let used = end.unwrap_or(chunk.len());
            self.value.extend_from_slice(&chunk[..used]);
            self.reader.consume(used);
            self.bytes += used as u64;
            if self.value.len() > MAX_RECORD_BYTES {
                return Err(ValueError::TooLong(first));
            }
            if end.is_some() {
                return Ok(Some(first));
            }
        }
    }

    /// The bytes of the value last read.
    pub fn value(&self) -> &[u8] {
        &self.value
    }

    /// Skips white space (and a byte order mark at the start); false at the end of the input.
    fn skip_space(&mut self) -> Result<bool, ValueError> {
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(ValueError::Io(e)),
            };
            if chunk.is_empty() {
                return Ok(false);
            }
            if std::mem::take(&mut self.start) && chunk.starts_with(BOM) {
                self.reader.consume(BOM.len());
                self.bytes += BOM.len() as u64;
                continue;
            }
            let space = chunk
                .iter()
                .position(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
            let n = space.unwrap_or(chunk.len());
            self.line += chunk[..n].iter().filter(|&&b| b == b'\n').count() as u64;
            self.reader.consume(n);
            self.bytes += n as u64;
            if space.is_some() {
                return Ok(true);
            }
        }
    }
}

/// How much of the end of a file is read at a time to find its last line.
const TAIL_CHUNK: u64 = 64 << 10;

/// The last line of a regular file of `len` bytes that holds something (white space and a
/// byte order mark at the start left out), read from its end: where arbiter wrote it, the
/// summary. At most [`MAX_RECORD_BYTES`] are read; `None` for a last line longer, or a file of
/// white space.
///
/// # Errors
/// Returns the error of reading the file.
pub fn last_line(file: &mut std::fs::File, len: u64) -> io::Result<Option<Vec<u8>>> {
    let mut tail: Vec<u8> = Vec::new();
    let mut from = len;
    loop {
        let start = from.saturating_sub(TAIL_CHUNK);
        let mut chunk = Vec::with_capacity((from - start) as usize);
        file.seek(SeekFrom::Start(start))?;
        (&mut *file).take(from - start).read_to_end(&mut chunk)?;
        chunk.extend_from_slice(&tail);
        tail = chunk;
        from = start;
        let text = tail.trim_ascii_end();
        if let Some(at) = text.iter().rposition(|&b| b == b'\n') {
            let line = text[at + 1..].trim_ascii();
            if !line.is_empty() {
                return Ok(Some(line.to_vec()));
            }
        }
        if from == 0 {
            let text = text.strip_prefix(BOM).unwrap_or(text).trim_ascii();
            return Ok((!text.is_empty()).then(|| text.to_vec()));
        }
        if tail.len() > MAX_RECORD_BYTES {
            return Ok(None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(text: &[u8]) -> Vec<(u64, String)> {
        let mut v = Values::new(text);
        let mut out = Vec::new();
        while let Some(line) = v.next_value().unwrap() {
            out.push((line, String::from_utf8(v.value().to_vec()).unwrap()));
        }
        out
    }

    #[test]
    fn values_are_cut_at_their_brackets_whatever_the_layout() {
        let lines = b"{\"a\":1}\n{\"b\":\"}{\"}\n";
        assert_eq!(
            values(lines),
            [(1, "{\"a\":1}".into()), (2, "{\"b\":\"}{\"}".into())]
        );
        let pretty = b"\xEF\xBB\xBF{\r\n  \"a\": [1, {\"x\": \"\\\"]\"}],\r\n  \"b\": 2\r\n}\r\n\r\n{\"c\":3}\n\n\n";
        let got = values(pretty);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].0, 1);
        assert!(got[0].1.ends_with('}') && got[0].1.contains("\"b\": 2"));
        assert_eq!(got[1], (6, "{\"c\":3}".into()));
        // Values glued together, and a scalar (no output holds one: refused by its parse).
        assert_eq!(
            values(b"{}{} 7"),
            [(1, "{}".into()), (1, "{}".into()), (1, "7".into())]
        );
    }

    #[test]
    fn a_value_cut_short_or_endless_is_refused() {
        let mut v = Values::new(&b"{\"a\":1}\n{\"b\":"[..]);
        assert!(v.next_value().unwrap().is_some());
        assert!(matches!(v.next_value(), Err(ValueError::Cut(2))));
        let endless = io::repeat(b'[').take(MAX_RECORD_BYTES as u64 + 10);
        let mut v = Values::new(io::BufReader::new(endless));
        assert!(matches!(v.next_value(), Err(ValueError::TooLong(1))));
    }

    #[test]
    fn the_last_line_is_found_from_the_end() {
        let dir = std::env::temp_dir().join(format!("arbiter-last-line-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.jsonl");
        let long = "y".repeat(200_000);
        for (text, last) in [
            (
                format!("{{\"a\":1}}\n{{\"b\":\"{long}\"}}\n\n"),
                format!("{{\"b\":\"{long}\"}}"),
            ),
            ("\u{feff}{\"s\":1}\r\n".to_owned(), "{\"s\":1}".to_owned()),
            ("{\n  \"s\": 1\n}\n".to_owned(), "}".to_owned()),
        ] {
            std::fs::write(&path, &text).unwrap();
            let mut file = std::fs::File::open(&path).unwrap();
            let got = last_line(&mut file, text.len() as u64).unwrap().unwrap();
            assert_eq!(String::from_utf8(got).unwrap(), last);
        }
        std::fs::write(&path, " \n\n").unwrap();
        let mut file = std::fs::File::open(&path).unwrap();
        assert_eq!(last_line(&mut file, 3).unwrap(), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
