//! Where output goes: files written safely ([`AtomicFile`]), kept apart from the inputs
//! ([`keep_apart`]), and standard output fed with whole buffers ([`BufferWriter`],
//! [`BufferPool`]) within a bound on the output waiting for it ([`OutputBudget`]; these live in
//! [`super::buffers`] and are named here too).
//!
//! A regular file (or a name that does not exist yet) is written to a temporary name beside it
//! and renamed over it when complete, so a failed or interrupted run never leaves a half-written
//! file under the final name; the file replaced keeps its permissions. A symlink is followed,
//! and the file it points to is the target ([`AtomicFile::create`]; the charts of `stats
//! --plot`, whose names arbiter chooses, replace a link instead: [`AtomicFile::create_in_place`]).
//! A target that exists and is not a regular file (`/dev/null`, a FIFO, a terminal) is written
//! directly: renaming over it would replace a device node. The temporary files are registered
//! with the SIGBUS guard, which also serves the second Ctrl-C: a crash or a forced stop removes
//! them.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::Error;
pub use super::buffers::{BufferPool, BufferWriter, Held, OutputBudget, Pool, Pooled};

/// A file a run writes, as the run loop sees it: never read as an input (its temporary file is
/// left out of a directory walk) and never written over an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFile {
    /// The option that names it (`--valid-out`, `-o`, `--plot`), for messages.
    pub option: &'static str,
    /// The final path (symlinks followed where the output follows them).
    pub target: PathBuf,
    /// The temporary file being written, if any.
    pub temp: Option<PathBuf>,
}

/// What a run stopped while an output waited for its reader did.
const NOTHING_DONE: &str = "nothing was read and no output was written";

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
    /// Returns the error of creating or opening the file, with the path given.
    pub fn create(target: &Path) -> Result<AtomicFile, Error> {
        // Follow symlinks (even one to a file that does not exist yet): the file they name is
        // what the user means. A loop of links names no file: replacing the link would break
        // it, so it is an error (ELOOP), as opening it would be.
        match resolve_links(target) {
            Some(resolved) => AtomicFile::open(target, resolved),
            None => Err(Error::output(target, symlink_loop())),
        }
    }

    /// Opens the output for `target` as [`AtomicFile::create`] does, but a symlink at `target`
    /// is not followed: it is replaced by the file. For files whose names arbiter chooses in a
    /// directory the user named (the charts of `stats --plot DIR`): a link there was not
    /// pointed at by the user, and writing through it would replace a file elsewhere.
    ///
    /// # Errors
    /// Returns the error of creating or opening the file, with the path given.
    pub fn create_in_place(target: &Path) -> Result<AtomicFile, Error> {
        AtomicFile::open(target, target.to_path_buf())
    }

    /// The output `target` written directly, without a temporary file: `path` (the target or
    /// the file its links name) is a device or a FIFO, which is waited for here (its reader),
    /// Ctrl-C ending the wait.
    fn direct(target: &Path, path: &Path) -> Result<AtomicFile, Error> {
        use crate::engine::input::interruptible::open_device_for_writing;
        let file = open_device_for_writing(path).map_err(|e| {
            // Stopped while a FIFO waited for its reader: before any input was read.
            let e = match crate::engine::interrupt::requested() {
                true => io::Error::new(
                    io::ErrorKind::Interrupted,
                    format!("{e} while waiting for a reader; {NOTHING_DONE}"),
                ),
                false => e,
            };
            Error::output(target, e)
        })?;
        Ok(AtomicFile {
            target: target.to_path_buf(),
            temp: None,
            out: Some(BufWriter::with_capacity(1 << 20, file)),
            guard: None,
        })
    }

    fn open(target: &Path, resolved: PathBuf) -> Result<AtomicFile, Error> {
        // A target that names a pipe or a device through links the path cannot spell
        // (`/dev/stdout` on a pipe: `/proc/self/fd/1` -> `pipe:[450678]`) is written directly.
        if let Ok(meta) = std::fs::metadata(target)
            && !meta.is_file()
            && !meta.is_dir()
            && std::fs::symlink_metadata(&resolved).is_err()
        {
            return AtomicFile::direct(target, target);
        }
        let existing = std::fs::symlink_metadata(&resolved).ok();
        if let Some(meta) = existing.as_ref().filter(|m| !m.file_type().is_symlink()) {
            if meta.is_dir() {
                return Err(Error::output(target, io::Error::other("is a directory")));
            }
            if !meta.is_file() {
                return AtomicFile::direct(target, &resolved);
            }
        }
        let dir = resolved
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let name = resolved
            .file_name()
            .ok_or_else(|| Error::output(target, io::Error::other("not a file name")))?;
        let temp = temp_name(dir, name);
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(|e| {
                // Name the file the user asked for; the temporary file is ours.
                let why = format!("{e} (writing it through {})", temp.display());
                Error::output(target, io::Error::new(e.kind(), why))
            })?;
        #[cfg(unix)]
        let guard = crate::engine::sigbus::register_temp(&temp);
        #[cfg(not(unix))]
        let guard = None;
        let out = AtomicFile {
            target: resolved,
            temp: Some(temp),
            out: Some(BufWriter::with_capacity(1 << 20, file)),
            guard,
        };
        // A file replaced keeps its permissions (a 0600 file stays private).
        if let Some(meta) = existing.filter(|m| m.is_file())
            && let Some(file) = out.out.as_ref()
        {
            file.get_ref()
                .set_permissions(meta.permissions())
                .map_err(|e| Error::output(target, e))?;
        }
        Ok(out)
    }

    /// The final path.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The output as the run loop keeps it apart from the inputs; `option` names it.
    pub fn output_file(&self, option: &'static str) -> OutputFile {
        OutputFile {
            option,
            target: self.target.clone(),
            temp: self.temp.clone(),
        }
    }

    /// Appends bytes.
    ///
    /// # Errors
    /// Returns the write error, with the path.
    pub fn write_all(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let written = match self.out.as_mut() {
            Some(out) => out.write_all(bytes),
            None => Err(io::Error::other("closed")),
        };
        written.map_err(|e| Error::output(&self.target, e))
    }

    /// Writes what waits in the buffer of a device or FIFO (a live stream paused: its reader
    /// sees the games so far); a regular file is complete only when renamed, so it waits.
    ///
    /// # Errors
    /// Returns the write error, with the path.
    pub fn flush(&mut self) -> Result<(), Error> {
        match (&self.temp, self.out.as_mut()) {
            (None, Some(out)) => out.flush().map_err(|e| Error::output(&self.target, e)),
            _ => Ok(()),
        }
    }

    /// Flushes and, for a regular file, syncs and renames it to its final name.
    ///
    /// # Errors
    /// Returns the error of writing or renaming, with the path; the temporary file is removed
    /// then.
    pub fn commit(mut self) -> Result<(), Error> {
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
            Error::output(&self.target, e)
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

/// Refuses output files that would destroy data, before anything is written: two outputs
/// (`(flag, path)`) naming the same file, `-`, or an output that is an input (hard links and
/// symlinks included; a special file such as `/dev/null` may be named by several outputs and
/// be an input too). `check --valid-out --invalid-out` and `audit --verdicts-out` share these
/// rules; `what` says what they write in the messages (`the split games`).
///
/// # Errors
/// Returns [`Error::Usage`] saying which outputs and why.
pub fn refuse_unsafe_outputs(
    outputs: &[(&str, &Path)],
    inputs: &[PathBuf],
    what: &str,
) -> Result<(), Error> {
    let same = |a: &Path, b: &Path| same_file(a, b) || a == b;
    let usage = |text: String| Err(Error::Usage(text));
    for (i, (flag_a, a)) in outputs.iter().enumerate() {
        let special = std::fs::metadata(a).is_ok_and(|m| !m.is_file());
        if special {
            continue;
        }
        if let Some((flag_b, _)) = outputs[i + 1..].iter().find(|(_, b)| same(a, b)) {
            return usage(format!(
                "{flag_a} and {flag_b} name the same file ({})",
                a.display()
            ));
        }
    }
    for (flag, out) in outputs {
        if out.as_os_str() == "-" {
            return Err(dash_refused(flag));
        }
        let special = std::fs::metadata(out).is_ok_and(|m| !m.is_file());
        if let Some(input) = inputs.iter().find(|p| !special && same(p, out)) {
            return usage(format!(
                "{} is both an input and an output file; write {what} elsewhere",
                input.display()
            ));
        }
    }
    Ok(())
}

/// The one refusal of `-` for an option that writes a file of its own (`--valid-out`,
/// `--rejects`, `--unique-out`...): `-o -` is standard output, where the run's main output
/// goes; these need a file name (issue 32: one meaning of `-`, one message).
pub fn dash_refused(flag: &str) -> Error {
    Error::Usage(format!(
        "{flag} needs a file name, not '-' (standard output carries the run's report or its -o \
         output)"
    ))
}

/// The error of a path whose symlinks do not end (a loop, or more than 40 of them).
fn symlink_loop() -> io::Error {
    #[cfg(unix)]
    return io::Error::from_raw_os_error(libc::ELOOP);
    #[cfg(not(unix))]
    return io::Error::other("too many levels of symbolic links");
}

/// Follows symlinks (at most 40, like the kernel) to the path they finally name; `None` when
/// they do not end within 40 (a loop).
fn resolve_links(path: &Path) -> Option<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            return Some(path);
        };
        if !meta.file_type().is_symlink() {
            return Some(path);
        }
        let Ok(link) = std::fs::read_link(&path) else {
            return Some(path);
        };
        path = match path.parent() {
            Some(dir) if link.is_relative() => dir.join(link),
            _ => link,
        };
    }
    match std::fs::symlink_metadata(&path) {
        Ok(meta) if meta.file_type().is_symlink() => None,
        _ => Some(path),
    }
}

/// The inputs of a run less the temporary files of its `outputs` (and, in a directory walk,
/// any file named as arbiter names its temporary files: another run's unfinished output), in
/// order.
///
/// # Errors
/// Returns [`Error::Usage`] when an input is an output's final file (hard links and symlinks
/// included), or standard input is (`arbiter check - --valid-out db.pgn < db.pgn`): the run
/// would replace the file it reads.
pub fn keep_apart(
    inputs: Vec<PathBuf>,
    named: &[PathBuf],
    outputs: &[OutputFile],
) -> Result<Vec<PathBuf>, Error> {
    if outputs.is_empty() {
        return Ok(inputs);
    }
    let refuse = |input: &str, out: &OutputFile| {
        Err(Error::Usage(format!(
            "{} {}: {input} is both an input and an output file: refusing to overwrite it; \
             write the output elsewhere",
            out.option,
            out.target.display()
        )))
    };
    let mut kept = Vec::with_capacity(inputs.len());
    for input in inputs {
        if input.as_os_str() == "-" {
            if let Some(out) = outputs.iter().find(|o| stdin_is(&o.target)) {
                return refuse("standard input", out);
            }
            kept.push(input);
            continue;
        }
        let temp = |o: &OutputFile| o.temp.as_deref().is_some_and(|t| same_file(&input, t));
        // (Whether it was named is asked of a temporary name only: asked of every input, it
        // made a run over 16,000 named files take 8 s comparing paths.)
        let walked = || !named.contains(&input);
        if outputs.iter().any(temp) || (is_temp_name(&input) && walked()) {
            continue;
        }
        let regular = std::fs::metadata(&input).is_ok_and(|m| m.is_file());
        if let Some(out) = outputs
            .iter()
            .find(|o| regular && (same_file(&input, &o.target) || input == o.target))
        {
            return refuse(&input.display().to_string(), out);
        }
        kept.push(input);
    }
    Ok(kept)
}

/// Refuses an output that is one of the files the run reads besides its games (`read`: an
/// `--aliases` file, a `--profile` file), hard links and symlinks included.
///
/// # Errors
/// Returns [`Error::Usage`] naming the option, the output and the file.
pub fn refuse_read_files(read: &[PathBuf], outputs: &[OutputFile]) -> Result<(), Error> {
    for out in outputs {
        let named = |f: &&PathBuf| {
            std::fs::metadata(f).is_ok_and(|m| m.is_file())
                && (same_file(f, &out.target) || **f == out.target)
        };
        if let Some(file) = read.iter().find(named) {
            return Err(Error::Usage(format!(
                "{} {}: {} is read by this run (an alias or profile file): refusing to \
                 overwrite it; write the output elsewhere",
                out.option,
                out.target.display(),
                file.display()
            )));
        }
    }
    Ok(())
}

/// Refuses a run whose standard output is one of its inputs, a regular file (`arbiter select
/// ... db.pgn >> db.pgn`, or `- < db.pgn >> db.pgn`): the run would write into the file it
/// reads, and on a stream read the file would grow as long as it is read (GNU `cat` refuses
/// this too: "input file is output file"). Hard links count (same device and inode).
///
/// # Errors
/// Returns [`Error::Usage`] naming the input.
pub fn refuse_stdout_input(inputs: &[PathBuf]) -> Result<(), Error> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let stdout = io::stdout();
        let Ok(fd) = std::os::fd::AsFd::as_fd(&stdout).try_clone_to_owned() else {
            return Ok(());
        };
        let Ok(out) = File::from(fd).metadata() else {
            return Ok(());
        };
        if !out.is_file() {
            return Ok(());
        }
        for input in inputs {
            let same = match input.as_os_str() == "-" {
                true => stdin_is_inode(out.dev(), out.ino()),
                false => std::fs::metadata(input)
                    .is_ok_and(|m| m.is_file() && m.dev() == out.dev() && m.ino() == out.ino()),
            };
            if same {
                let name = match input.as_os_str() == "-" {
                    true => "the file on standard input".to_owned(),
                    false => input.display().to_string(),
                };
                return Err(Error::Usage(format!(
                    "standard output is {name}, an input: refusing to write into the file the \
                     run reads; redirect the output elsewhere"
                )));
            }
        }
    }
    #[cfg(not(unix))]
    let _ = inputs;
    Ok(())
}

/// True when standard input is the regular file of device `dev` and inode `ino`.
#[cfg(unix)]
fn stdin_is_inode(dev: u64, ino: u64) -> bool {
    use std::os::unix::fs::MetadataExt;
    let stdin = io::stdin();
    let Ok(fd) = std::os::fd::AsFd::as_fd(&stdin).try_clone_to_owned() else {
        return false;
    };
    File::from(fd)
        .metadata()
        .is_ok_and(|m| m.is_file() && m.dev() == dev && m.ino() == ino)
}

/// True when standard input is the regular file `path` (same device and inode).
pub(super) fn stdin_is(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let stdin = io::stdin();
        let Ok(fd) = std::os::fd::AsFd::as_fd(&stdin).try_clone_to_owned() else {
            return false;
        };
        let (Ok(a), Ok(b)) = (File::from(fd).metadata(), std::fs::metadata(path)) else {
            return false;
        };
        a.is_file() && a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// The temporary name of an output: `.NAME.arbiter-PID.tmp` beside it.
fn temp_name(dir: &Path, name: &std::ffi::OsStr) -> PathBuf {
    dir.join(format!(
        ".{}.arbiter-{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ))
}

/// True for a name that [`temp_name`] could have made (in any run).
fn is_temp_name(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    let Some(rest) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
        return false;
    };
    rest.rsplit_once(".arbiter-")
        .is_some_and(|(_, pid)| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
}

/// True when `a` and `b` name the same file (same device and inode on Unix, so hard links and
/// symlinks count; elsewhere, the same canonical path), or, when one does not exist yet, the
/// file they would both create (`x.pgn` and `./x.pgn`, `dir/../x.pgn`, a dangling symlink to
/// it: the same canonical directory and name).
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
        _ => match (created_at(a), created_at(b)) {
            (Some(x), Some(y)) => x == y,
            _ => a == b,
        },
    }
}

/// The canonical path of the file writing to `path` would create or replace (its symlinks
/// followed): the canonical directory and the name; `None` when the directory does not exist.
fn created_at(path: &Path) -> Option<PathBuf> {
    let path = resolve_links(path)?;
    let name = path.file_name()?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    Some(std::fs::canonicalize(dir).ok()?.join(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Linear in the inputs (issue 13; adversary pass 2026-12-03): each input was compared
    /// with every name given, so 16,000 named files and `-o` took 8 s more than without it;
    /// 60,000 took minutes.
    #[test]
    fn keeping_inputs_apart_from_outputs_is_linear() {
        let inputs: Vec<PathBuf> = (0..60_000)
            .map(|i| PathBuf::from(format!("/nonexistent-arbiter-test/g{i}.pgn")))
            .collect();
        let outputs = [OutputFile {
            option: "-o",
            target: PathBuf::from("/nonexistent-arbiter-test/out.csv"),
            temp: None,
        }];
        let began = std::time::Instant::now();
        let kept = keep_apart(inputs.clone(), &inputs, &outputs).unwrap();
        assert_eq!(kept, inputs);
        let took = began.elapsed();
        assert!(took.as_secs() < 5, "{took:?}");
    }
}
