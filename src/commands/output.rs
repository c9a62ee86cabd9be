//! Output files written safely.
//!
//! A regular file (or a name that does not exist yet) is written to a temporary name beside it
//! and renamed over it when complete, so a failed or interrupted run never leaves a half-written
//! file under the final name. A symlink is followed, and the file it points to is the target. A
//! target that exists and is not a regular file (`/dev/null`, a FIFO, a terminal) is written
//! directly: renaming over it would replace a device node.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file being written, under a temporary name unless it is a special file.
#[derive(Debug)]
pub struct AtomicFile {
    target: PathBuf,
    /// The temporary name, or `None` when writing directly to a special file.
    temp: Option<PathBuf>,
    out: Option<BufWriter<File>>,
    /// Registration of the temporary name with the SIGBUS guard (removed by it on a crash).
    guard: Option<usize>,
}

impl AtomicFile {
    /// Opens the output for `target` (see the module documentation for how).
    ///
    /// # Errors
    /// Returns the error of creating or opening the file, with the path in the message.
    pub fn create(target: &Path) -> io::Result<AtomicFile> {
        let with_path =
            |e: io::Error, p: &Path| io::Error::new(e.kind(), format!("{}: {e}", p.display()));
        // Follow symlinks (even one to a file that does not exist yet): the file they name is
        // what the user means.
        let resolved = resolve_links(target);
        if let Ok(meta) = std::fs::metadata(&resolved) {
            if meta.is_dir() {
                return Err(io::Error::other(format!(
                    "{}: is a directory",
                    target.display()
                )));
            }
            if !meta.is_file() {
                let file = OpenOptions::new()
                    .write(true)
                    .open(&resolved)
                    .map_err(|e| with_path(e, target))?;
                return Ok(AtomicFile {
                    target: target.to_path_buf(),
                    temp: None,
                    out: Some(BufWriter::with_capacity(1 << 20, file)),
                    guard: None,
                });
            }
        }
        let dir = resolved
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let name = resolved
            .file_name()
            .ok_or_else(|| io::Error::other(format!("{}: not a file name", target.display())))?;
        let temp = dir.join(format!(
            ".{}.arbiter-{}.tmp",
            name.to_string_lossy(),
            std::process::id()
        ));
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(|e| {
                // Name the file the user asked for; the temporary file is ours.
                io::Error::new(
                    e.kind(),
                    format!(
                        "{}: {e} (writing it through {})",
                        target.display(),
                        temp.display()
                    ),
                )
            })?;
        #[cfg(unix)]
        let guard = crate::engine::sigbus::register_temp(&temp);
        #[cfg(not(unix))]
        let guard = None;
        Ok(AtomicFile {
            target: resolved,
            temp: Some(temp),
            out: Some(BufWriter::with_capacity(1 << 20, file)),
            guard,
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

    /// Flushes and, for a regular file, syncs and renames it to its final name.
    ///
    /// # Errors
    /// Returns the error of writing or renaming; the temporary file is removed then.
    pub fn commit(mut self) -> io::Result<()> {
        let temp = self.temp.take();
        self.unguard();
        let result = (|| {
            let out = self.out.take().ok_or_else(|| io::Error::other("closed"))?;
            let file = out.into_inner().map_err(|e| e.into_error())?;
            if let Some(temp) = &temp {
                file.sync_all()?;
                std::fs::rename(temp, &self.target)?;
            }
            Ok(())
        })();
        result.map_err(|e: io::Error| {
            if let Some(temp) = &temp {
                let _ = std::fs::remove_file(temp);
            }
            io::Error::new(e.kind(), format!("{}: {e}", self.target.display()))
        })
    }
}

impl AtomicFile {
    fn unguard(&mut self) {
        #[cfg(unix)]
        if let Some(slot) = self.guard.take() {
            crate::engine::sigbus::unregister_temp(slot);
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        self.unguard();
        if let Some(temp) = &self.temp {
            let _ = std::fs::remove_file(temp);
        }
    }
}

/// Follows symlinks (at most 40, like the kernel) to the path they finally name.
fn resolve_links(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            break;
        };
        if !meta.file_type().is_symlink() {
            break;
        }
        let Ok(link) = std::fs::read_link(&path) else {
            break;
        };
        path = match path.parent() {
            Some(dir) if link.is_relative() => dir.join(link),
            _ => link,
        };
    }
    path
}

/// True when `a` and `b` name the same file (same device and inode on Unix, so hard links and
/// symlinks count; elsewhere, the same canonical path).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}
