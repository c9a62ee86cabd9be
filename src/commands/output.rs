//! Output files written atomically: to a temporary name beside the target, renamed when complete,
//! removed when the run fails or is interrupted.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file being written under a temporary name.
#[derive(Debug)]
pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    out: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Creates the temporary file `.NAME.arbiter-PID.tmp` in the target's directory.
    ///
    /// # Errors
    /// Returns the error of creating the file, with the path in the message.
    pub fn create(target: &Path) -> io::Result<AtomicFile> {
        let dir = target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let name = target
            .file_name()
            .ok_or_else(|| io::Error::other(format!("{}: not a file name", target.display())))?;
        let temp = dir.join(format!(
            ".{}.arbiter-{}.tmp",
            name.to_string_lossy(),
            std::process::id()
        ));
        let file = File::create(&temp)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", temp.display())))?;
        Ok(AtomicFile {
            target: target.to_path_buf(),
            temp,
            out: Some(BufWriter::with_capacity(1 << 20, file)),
        })
    }

    /// The final path.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Appends bytes.
    ///
    /// # Errors
    /// Returns the write error, with the path in the message.
    pub fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        let out = self
            .out
            .as_mut()
            .ok_or_else(|| io::Error::other("closed"))?;
        out.write_all(bytes)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", self.target.display())))
    }

    /// Flushes, syncs and renames the file to its final name.
    ///
    /// # Errors
    /// Returns the error of writing or renaming; the temporary file is removed then.
    pub fn commit(mut self) -> io::Result<()> {
        let result = (|| {
            let out = self.out.take().ok_or_else(|| io::Error::other("closed"))?;
            let file = out.into_inner().map_err(|e| e.into_error())?;
            file.sync_all()?;
            std::fs::rename(&self.temp, &self.target)
        })();
        result.map_err(|e| {
            let _ = std::fs::remove_file(&self.temp);
            io::Error::new(e.kind(), format!("{}: {e}", self.target.display()))
        })
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.out.is_some() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}
