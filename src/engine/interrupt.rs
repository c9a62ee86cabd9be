//! Ctrl-C, SIGTERM and SIGHUP: a request to stop, checked by the engine between windows of games
//! and by every other long loop (the line readers, `stats --merge`, `perft`, a read that waits
//! on a terminal or a pipe).
//!
//! The first signal only sets a flag; the run sees it within one window (a few megabytes) or
//! one read poll ([`super::input::Interruptible`]: a tenth of a second), ends with an
//! [`std::io::ErrorKind::Interrupted`] error, removes its temporary output files and says how
//! far it got; the exit status is 128 + the signal's number (130 for Ctrl-C). A second signal
//! ends the process at once from the handler itself: it removes the temporary output files
//! registered with [`super::sigbus`] and calls `_exit` (both async-signal-safe), so a run that
//! is stuck somewhere can always be stopped without leaving a temporary file behind. The first
//! signal also arms a two-second alarm that does the same, for a run that cannot get to its next
//! look at the flag (a write blocked on a pipe that nobody reads).
//!
//! A signal that was ignored when arbiter started (`nohup`, a background job of a script) stays
//! ignored.

use std::io;
use std::sync::atomic::{AtomicI32, Ordering};

/// The signal that asked the run to stop (0: none yet).
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// SIGINT's number, the signal of Ctrl-C (2 on every Unix and in the C standard).
const SIGINT: i32 = 2;

/// Installs the handlers of SIGINT (Ctrl-C), SIGTERM and SIGHUP (on Unix; elsewhere the Ctrl-C
/// handler of the `ctrlc` crate). Calling it twice is harmless.
pub fn install() {
    #[cfg(unix)]
    unix::install();
    #[cfg(not(unix))]
    let _ = ctrlc::set_handler(|| SIGNAL.store(SIGINT, Ordering::SeqCst));
}

/// True once a stop was asked for (Ctrl-C, SIGTERM or SIGHUP).
pub fn requested() -> bool {
    SIGNAL.load(Ordering::SeqCst) != 0
}

/// The exit status of a run stopped by a signal: 128 + its number (130 for Ctrl-C, 143 for
/// SIGTERM, 129 for SIGHUP), as shells report a process killed by it.
pub fn exit_status() -> u8 {
    let signal = match SIGNAL.load(Ordering::SeqCst) {
        0 => SIGINT,
        s => s,
    };
    u8::try_from(128 + signal).unwrap_or(130)
}

/// The name of the signal that stopped the run when it was not Ctrl-C (`SIGTERM`, `SIGHUP`),
/// for the interrupt message.
pub fn signal_name() -> Option<&'static str> {
    #[cfg(unix)]
    {
        match SIGNAL.load(Ordering::SeqCst) {
            libc::SIGTERM => return Some("SIGTERM"),
            libc::SIGHUP => return Some("SIGHUP"),
            _ => {}
        }
    }
    None
}

/// The error the engine returns when the run was interrupted.
pub fn error() -> io::Error {
    io::Error::new(io::ErrorKind::Interrupted, "interrupted")
}

#[cfg(unix)]
mod unix {
    use super::{Ordering, SIGNAL};

    /// Seconds a run has, after the first signal, to stop by itself (it normally stops within
    /// a window of games or a tenth of a second): past them it is ended from the SIGALRM
    /// handler, as by a second signal. A run whose output is blocked (a pipe that nobody
    /// reads, `arbiter pgn db | less` with the pager waiting) cannot get to its next check of
    /// the flag: a write that blocks restarts after the handler.
    pub(super) const GRACE_SECONDS: libc::c_uint = 2;

    /// The message of a run ended by the grace alarm (written with `write`, async-signal-safe).
    const ENDED: &[u8] = b"arbiter: interrupted; the run did not stop within 2 s (its output \
        blocked?): ended, temporary files removed\n";

    extern "C" fn on_alarm(_: libc::c_int) {
        let signal = SIGNAL.load(Ordering::SeqCst);
        if signal == 0 {
            return;
        }
        crate::engine::sigbus::remove_temp_files();
        // SAFETY: `write` and `_exit` are async-signal-safe; the buffer is a static byte string
        // of the length given.
        #[allow(unsafe_code)]
        unsafe {
            libc::write(2, ENDED.as_ptr().cast(), ENDED.len());
            libc::_exit(128 + signal)
        }
    }

    extern "C" fn on_signal(signal: libc::c_int) {
        if SIGNAL.load(Ordering::SeqCst) == 0 {
            // SAFETY: `alarm` is async-signal-safe; it only arms the process's timer.
            #[allow(unsafe_code)]
            unsafe {
                libc::alarm(GRACE_SECONDS);
            }
        }
        if SIGNAL.swap(signal, Ordering::SeqCst) != 0 {
            // The second signal: the run did not stop (or is stopping too slowly); end it here.
            crate::engine::sigbus::remove_temp_files();
            // SAFETY: `_exit` is async-signal-safe and ends the process without running
            // destructors or atexit handlers (nothing is touched that the interrupted thread
            // might be holding).
            #[allow(unsafe_code)]
            unsafe {
                libc::_exit(128 + signal)
            }
        }
    }

    pub(super) fn install() {
        // SAFETY: as below; SIGALRM is only armed by `on_signal`, and its handler does only
        // async-signal-safe work (`unlink`, `write`, `_exit`).
        #[allow(unsafe_code)]
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_alarm as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGALRM, &action, std::ptr::null_mut());
        }
        // A write past the file size limit (`ulimit -f`) fails with EFBIG, an I/O error like a
        // full disk (the output's temporary file is removed, the message names the output),
        // instead of the signal that kills the process and leaves the temporary file behind.
        // SAFETY: setting a signal's disposition to SIG_IGN has no pointer arguments.
        #[allow(unsafe_code)]
        unsafe {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        }
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: `sigaction` gets pointers to local, properly initialised values (a zeroed
            // `sigaction` is an empty mask with no flags); the old action is read first so that
            // a signal ignored by the parent (nohup, `cmd &` in a script) stays ignored. The
            // handler is an `extern "C" fn(c_int)`, as `sa_sigaction` without SA_SIGINFO
            // expects, and does only async-signal-safe work (an atomic swap; `unlink` and
            // `_exit` on the second signal). SA_RESTART keeps ordinary reads and writes from
            // failing with EINTR; the reads that must notice the signal poll with a timeout.
            #[allow(unsafe_code)]
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(signal, std::ptr::null(), &mut old) != 0
                    || old.sa_sigaction == libc::SIG_IGN
                {
                    continue;
                }
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
                action.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }
}
