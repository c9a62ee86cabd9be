//! Reads that notice Ctrl-C, also while they wait: standard input, FIFOs, terminals, and the
//! files read whole outside the run loop (`--merge` documents, FEN lines).
//!
//! A `read` on a terminal or a pipe whose writer is slow can wait for ever, and Ctrl-C (its
//! handler sets a flag and lets interrupted calls restart, see [`crate::engine::interrupt`])
//! would not end it. [`Interruptible`] checks the flag before every read and waits with `poll`
//! for at most [`POLL_MS`] milliseconds at a time, so a run reading such an input stops within
//! a tenth of a second. Regular files are read without polling (they are always ready).

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::engine::interrupt;

/// The longest wait between two looks at the Ctrl-C flag, in milliseconds.
pub const POLL_MS: i32 = 100;

/// A reader of a file (standard input, a FIFO, a terminal, a regular file) which returns
/// [`interrupted`] once Ctrl-C was pressed, even while it waits for data.
#[derive(Debug)]
pub struct Interruptible {
    file: File,
    /// The descriptor is a regular file: no poll needed.
    regular: bool,
}

/// The error of a read stopped by Ctrl-C ("interrupted"), SIGTERM or SIGHUP ("interrupted by
/// SIGTERM"). Its kind is `Other`, not `Interrupted`: readers such as `BufRead::read_until`
/// retry `Interrupted` reads, and this one must end the read.
pub fn interrupted() -> io::Error {
    match interrupt::signal_name() {
        Some(signal) => io::Error::other(format!("interrupted by {signal}")),
        None => io::Error::other("interrupted"),
    }
}

impl Interruptible {
    /// A reader of standard input (its descriptor, duplicated: reads bypass the buffer of
    /// [`io::Stdin`], which `poll` could not see).
    ///
    /// # Errors
    /// Returns the error of duplicating the descriptor.
    pub fn stdin() -> io::Result<Interruptible> {
        #[cfg(unix)]
        let file = File::from(std::os::fd::AsFd::as_fd(&io::stdin()).try_clone_to_owned()?);
        #[cfg(windows)]
        let file = File::from(
            std::os::windows::io::AsHandle::as_handle(&io::stdin()).try_clone_to_owned()?,
        );
        Ok(Interruptible::new(file))
    }

    /// A reader of the file at `path`, opened with [`open_file`] (so that opening a FIFO
    /// that has no writer yet does not wait beyond Ctrl-C either).
    ///
    /// # Errors
    /// Returns the error of opening the file (not found, permission denied...).
    pub fn open(path: &Path) -> io::Result<Interruptible> {
        open_file(path).map(Interruptible::new)
    }

    /// A reader of `file` (polled unless it is a regular file).
    pub fn new(file: File) -> Interruptible {
        let regular = file.metadata().is_ok_and(|m| m.is_file());
        Interruptible { file, regular }
    }

    /// The descriptor of a pipe, FIFO, terminal or socket (not of a regular file), for
    /// [`ready_within`]: data on it may arrive at any pace (a live feed).
    pub fn live_fd(&self) -> Option<LiveFd> {
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            (!self.regular).then(|| LiveFd(self.file.as_raw_fd()))
        }
        #[cfg(not(unix))]
        None
    }

    /// Waits until the descriptor can be read (data, end of file or an error to report), or
    /// Ctrl-C.
    #[cfg(unix)]
    fn wait(&self) -> io::Result<()> {
        use std::os::fd::AsRawFd;
        let mut fds = libc::pollfd {
            fd: self.file.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        loop {
            if interrupt::requested() {
                return Err(interrupted());
            }
            // SAFETY: `fds` is one valid `pollfd` on the stack, and the count passed is 1.
            #[allow(unsafe_code)]
            let ready = unsafe { libc::poll(&mut fds, 1, POLL_MS) };
            match ready {
                0 => continue,
                n if n > 0 => return Ok(()),
                _ => {
                    let e = io::Error::last_os_error();
                    if e.kind() != io::ErrorKind::Interrupted {
                        // poll itself failed: let the read say what is wrong.
                        return Ok(());
                    }
                }
            }
        }
    }

    #[cfg(not(unix))]
    fn wait(&self) -> io::Result<()> {
        match interrupt::requested() {
            true => Err(interrupted()),
            false => Ok(()),
        }
    }
}

/// The descriptor of a stream whose data may arrive at any pace ([`Interruptible::live_fd`]),
/// borrowed from the reader that owns it: valid while that reader lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LiveFd(#[cfg(unix)] std::os::fd::RawFd);

/// True when `fd` has data to read (or its end, or an error) within `ms` milliseconds; false
/// when it stays silent that long. A stream read in windows of whole games hands out the games
/// it holds when the writer pauses (`tail -f live.pgn | arbiter check -`), instead of waiting
/// for a full window.
pub fn ready_within(fd: LiveFd, ms: i32) -> bool {
    #[cfg(unix)]
    {
        let mut fds = libc::pollfd {
            fd: fd.0,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: `fds` is one valid `pollfd` on the stack, and the count passed is 1.
        #[allow(unsafe_code)]
        let ready = unsafe { libc::poll(&mut fds, 1, ms) };
        // An error of poll itself (EINTR after a signal): read on, the read says what is wrong.
        ready != 0
    }
    #[cfg(not(unix))]
    {
        let _ = (fd, ms);
        true
    }
}

/// Opens the file at `path` for reading, as [`File::open`] does, except that it does not wait:
/// `open` of a FIFO blocks until a writer opens the other end, which may be never, and Ctrl-C
/// (whose handler lets interrupted calls restart) would not end that wait. The file is opened
/// with `O_NONBLOCK`, which returns at once, and the flag is cleared again, so later reads
/// block as usual; [`Interruptible`] waits for the writer (and its data) with `poll`, which
/// Ctrl-C does end. For regular files, directories and devices the result is what
/// [`File::open`] gives.
///
/// # Errors
/// Returns the error of opening the file (not found, permission denied...) or of clearing the
/// flag.
pub fn open_file(path: &Path) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)?;
        clear_nonblocking(file)
    }
    #[cfg(not(unix))]
    File::open(path)
}

/// Opens the file at `path`, which exists and is no regular file (a FIFO, a terminal,
/// `/dev/null`), for writing, waiting for a reader as [`File::create`] does but stopping on
/// Ctrl-C: `open` of a FIFO for writing blocks until a reader opens the other end, and the
/// signal handler lets that wait restart. The file is opened with `O_NONBLOCK`, which fails
/// with `ENXIO` while a FIFO has no reader; the open is tried again every [`POLL_MS`]
/// milliseconds until it succeeds or a stop is asked for, and the flag is cleared, so that
/// writes block as usual.
///
/// # Errors
/// Returns the error of opening the file, or [`interrupted`] on Ctrl-C.
pub fn open_device_for_writing(path: &Path) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        loop {
            let opened = std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(path);
            match opened {
                Ok(file) => return clear_nonblocking(file),
                // ENXIO is a FIFO without a reader (waited for), or a device that is not there
                // (`/dev/tty` without a controlling terminal: an error at once, not a wait).
                Err(e) if e.raw_os_error() == Some(libc::ENXIO) && is_fifo(path) => {
                    if interrupt::requested() {
                        return Err(interrupted());
                    }
                    std::thread::sleep(std::time::Duration::from_millis(POLL_MS as u64));
                }
                Err(e) => return Err(e),
            }
        }
    }
    #[cfg(not(unix))]
    std::fs::OpenOptions::new().write(true).open(path)
}

/// True when `path` is a FIFO (a named pipe).
#[cfg(unix)]
fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

/// `file` with its `O_NONBLOCK` flag cleared.
#[cfg(unix)]
fn clear_nonblocking(file: File) -> io::Result<File> {
    use std::os::fd::AsRawFd;
    let fd = file.as_raw_fd();
    // SAFETY: `fd` is the open descriptor owned by `file`, alive for both calls; F_GETFL and
    // F_SETFL take and return plain integers.
    #[allow(unsafe_code)]
    let cleared = unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        flags >= 0 && libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) == 0
    };
    match cleared {
        true => Ok(file),
        false => Err(io::Error::last_os_error()),
    }
}

/// Reads the whole file at `path` (`-`: standard input), at most `cap` bytes, stopping on
/// Ctrl-C: for the small files an option names (`--aliases`, `--profile`), which are read
/// whole before the run starts. `what` ends the error: "longer than 1 MiB (`what` is)".
///
/// # Errors
/// Returns the error of opening or reading the file, [`interrupted`] on Ctrl-C, and an
/// `InvalidData` error naming `what` and the cap (in MiB) when the file holds more than `cap`
/// bytes (`/dev/zero`, a PGN file named by mistake).
pub fn read_capped(path: &Path, cap: u64, what: &str) -> io::Result<Vec<u8>> {
    let reader = match path.as_os_str() == "-" {
        true => Interruptible::stdin()?,
        false => Interruptible::open(path)?,
    };
    let mut bytes = Vec::new();
    reader.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("longer than {} MiB ({what} is)", cap >> 20),
        ));
    }
    Ok(bytes)
}

impl Read for Interruptible {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if interrupt::requested() {
            return Err(interrupted());
        }
        if !self.regular {
            self.wait()?;
        }
        loop {
            match self.file.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {
                    if interrupt::requested() {
                        return Err(interrupted());
                    }
                }
                other => return other,
            }
        }
    }
}
