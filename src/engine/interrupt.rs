//! Ctrl-C: a request to stop, checked by the engine between windows of games.
//!
//! The handler only sets a flag; the engine sees it within one window (a few megabytes) and ends
//! the run with an [`std::io::ErrorKind::Interrupted`] error, so that commands can remove their
//! temporary output files and say how far they got.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl-C (SIGINT, and SIGTERM on Unix) handler. Calling it twice is harmless.
pub fn install() {
    let _ = ctrlc::set_handler(|| REQUESTED.store(true, Ordering::SeqCst));
}

/// True once Ctrl-C was pressed.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// The error the engine returns when the run was interrupted.
pub fn error() -> io::Error {
    io::Error::new(io::ErrorKind::Interrupted, "interrupted")
}
