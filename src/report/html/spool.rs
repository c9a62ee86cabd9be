//! Where the report keeps the findings of each code until the page is put together: one
//! anonymous temporary file per code, so that memory stays bounded whatever the number of
//! findings (a page groups them by code, and the summary at its top is known only at the end).
//!
//! A spool file lives in the system's temporary directory ([`std::env::temp_dir`], `TMPDIR`),
//! is created new (never an existing file: `create_new`), and is removed at once on Unix (the
//! open handle keeps it until it is dropped), else when it is dropped. No crate is needed for
//! this: `tempfile` would bring `rustix` and `fastrand` into the build for these lines.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// Spool files made by this process so far (for unique names).
static MADE: AtomicU64 = AtomicU64::new(0);

/// A temporary file written once, then read back once.
#[derive(Debug)]
pub struct Spool {
    out: BufWriter<File>,
    /// The path, while the file has to be removed on drop (not on Unix).
    path: Option<PathBuf>,
    /// Bytes written.
    len: u64,
}

impl Spool {
    /// A new empty spool file.
    ///
    /// # Errors
    /// Returns the error of creating the file (the error names the directory).
    pub fn new() -> io::Result<Spool> {
        let dir = std::env::temp_dir();
        let mut tries = 0;
        loop {
            let n = MADE.fetch_add(1, Ordering::Relaxed);
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            let path = dir.join(format!(
                "arbiter-html-{}-{n}-{nanos:x}.tmp",
                std::process::id()
            ));
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path);
            match file {
                Ok(file) => {
                    // On Unix the name goes at once: nothing is left behind, even on a crash.
                    let path = match cfg!(unix) && std::fs::remove_file(&path).is_ok() {
                        true => None,
                        false => Some(path),
                    };
                    return Ok(Spool {
                        out: BufWriter::with_capacity(1 << 14, file),
                        path,
                        len: 0,
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && tries < 100 => tries += 1,
                Err(e) => {
                    return Err(io::Error::new(
                        e.kind(),
                        format!(
                            "cannot create a temporary file for the HTML report in {}: {e}",
                            dir.display()
                        ),
                    ));
                }
            }
        }
    }

    /// Appends `text`.
    ///
    /// # Errors
    /// Returns the write error (a full disk).
    pub fn write(&mut self, text: &str) -> io::Result<()> {
        self.len += text.len() as u64;
        self.out.write_all(text.as_bytes())
    }

    /// Copies everything written to `to`.
    ///
    /// # Errors
    /// Returns the error of reading the file back or of writing to `to`.
    pub fn copy_to(&mut self, to: &mut dyn Write) -> io::Result<()> {
        self.out.flush()?;
        let file = self.out.get_mut();
        file.seek(SeekFrom::Start(0))?;
        let copied = io::copy(&mut file.take(self.len), to)?;
        if copied != self.len {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "a temporary file of the HTML report was cut short",
            ));
        }
        Ok(())
    }
}

impl Drop for Spool {
    fn drop(&mut self) {
        if let Some(path) = &self.path {
            let _ = std::fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_spooled_comes_back_and_leaves_nothing() {
        let mut a = Spool::new().unwrap();
        let mut b = Spool::new().unwrap();
        a.write("<p>one</p>").unwrap();
        b.write("two").unwrap();
        a.write("<p>three</p>").unwrap();
        let mut out = Vec::new();
        a.copy_to(&mut out).unwrap();
        b.copy_to(&mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "<p>one</p><p>three</p>two");
        assert_eq!(a.len, 22);
        #[cfg(unix)]
        assert!(a.path.is_none() && b.path.is_none());
    }
}
