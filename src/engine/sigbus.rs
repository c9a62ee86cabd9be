//! A guard for memory-mapped inputs that shrink while they are read.
//!
//! Reading a page of a mapping past the end of a file that another process truncated raises
//! SIGBUS, which would kill the process with no word about why, and leave temporary output files
//! behind. arbiter maps files for speed (issue 6 weighs the choices: reading every file with
//! `read()` costs a copy; checking the file size between windows cannot close the race), so it
//! catches the signal instead: the handler writes `arbiter: <path>: input changed while being
//! read (truncated by another process); use --no-mmap for files that may change`, removes the
//! temporary split output files registered here, and ends the process with exit status 2.
//! It does only async-signal-safe things: `write`, `unlink` and `_exit` on byte strings prepared
//! before the signal.
//!
//! The message names the input mapped last, which is the one being read: inputs are read one
//! after the other.

use std::ffi::CString;
use std::path::Path;
use std::sync::Once;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

/// The message for the input being read (a leaked, NUL-free byte string) and its length.
static MESSAGE: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static MESSAGE_LEN: AtomicUsize = AtomicUsize::new(0);

/// Temporary output files to remove (leaked C strings; null = free slot).
const SLOTS: usize = 16;
static TEMP_FILES: [AtomicPtr<libc::c_char>; SLOTS] =
    [const { AtomicPtr::new(std::ptr::null_mut()) }; SLOTS];

static INSTALL: Once = Once::new();

/// Notes that `path` is now mapped and being read, and installs the handler (once).
pub fn watch(path: &Path) {
    let text = format!(
        "arbiter: {}: input changed while being read (truncated by another process); use \
         --no-mmap for files that may change\n",
        path.display()
    );
    // Leaked on purpose: the handler may read it at any time (a few bytes per input).
    let text: &'static mut [u8] = Box::leak(text.into_bytes().into_boxed_slice());
    MESSAGE_LEN.store(0, Ordering::SeqCst);
    MESSAGE.store(text.as_mut_ptr(), Ordering::SeqCst);
    MESSAGE_LEN.store(text.len(), Ordering::SeqCst);
    INSTALL.call_once(install);
}

/// Registers a temporary output file for removal by the handler; returns its slot (`None` when
/// all slots are taken: the file is then only removed on an orderly exit).
pub fn register_temp(path: &Path) -> Option<usize> {
    use std::os::unix::ffi::OsStrExt;
    let c = CString::new(path.as_os_str().as_bytes()).ok()?;
    let ptr = c.into_raw();
    for (i, slot) in TEMP_FILES.iter().enumerate() {
        if slot
            .compare_exchange(
                std::ptr::null_mut(),
                ptr,
                Ordering::SeqCst,
                Ordering::SeqCst,
            )
            .is_ok()
        {
            return Some(i);
        }
    }
    // SAFETY: `ptr` came from `CString::into_raw` just above and was not stored anywhere.
    #[allow(unsafe_code)]
    drop(unsafe { CString::from_raw(ptr) });
    None
}

/// Forgets a temporary file (renamed into place or removed). Its name stays allocated: the
/// handler could be reading it at this very moment.
pub fn unregister_temp(slot: usize) {
    if let Some(s) = TEMP_FILES.get(slot) {
        s.store(std::ptr::null_mut(), Ordering::SeqCst);
    }
}

/// Removes the temporary output files registered here (async-signal-safe: `unlink` on names
/// prepared before; used by this handler and by the second Ctrl-C of [`super::interrupt`]).
pub(crate) fn remove_temp_files() {
    for slot in &TEMP_FILES {
        let p = slot.load(Ordering::SeqCst);
        if !p.is_null() {
            // SAFETY: `unlink` is async-signal-safe; `p` is a leaked C string that is never
            // freed (see `unregister_temp`), so it stays valid even if it is unregistered
            // meanwhile.
            #[allow(unsafe_code)]
            unsafe {
                libc::unlink(p);
            }
        }
    }
}

extern "C" fn on_sigbus(_signal: libc::c_int) {
    let msg = MESSAGE.load(Ordering::SeqCst);
    let len = MESSAGE_LEN.load(Ordering::SeqCst);
    // SAFETY: `write`, `unlink` and `_exit` are async-signal-safe. `msg`/`len` describe a leaked
    // (never freed) buffer, or are null/0: `watch` stores the length 0 before it swaps the
    // pointer, and it runs between inputs (they are read one after the other), never while a
    // mapped page is being touched, so the handler cannot pair a pointer with another buffer's
    // length. `remove_temp_files` only unlinks leaked names.
    #[allow(unsafe_code)]
    unsafe {
        if !msg.is_null() && len > 0 {
            libc::write(2, msg.cast(), len);
        }
        remove_temp_files();
        libc::_exit(2);
    }
}

fn install() {
    // SAFETY: a zeroed `sigaction` is a valid value (empty mask, no flags); the handler is an
    // `extern "C" fn(c_int)`, as `sa_sigaction` without SA_SIGINFO expects, and does only
    // async-signal-safe work. `sigemptyset` and `sigaction` get pointers to that local value
    // (and a null old-action pointer, which `sigaction` allows).
    #[allow(unsafe_code)]
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_sigbus as extern "C" fn(libc::c_int) as libc::sighandler_t;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut());
    }
}
