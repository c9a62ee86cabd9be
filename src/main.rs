//! The `arbiter` binary: parses the command line and runs a subcommand of the library.
//!
//! Exit status: 0 nothing wrong, 1 errors found in the input, 2 usage or I/O error (standard
//! output closed from the start among them), 130 interrupted by Ctrl-C (128 + the signal's
//! number: 143 by SIGTERM, 129 by SIGHUP), 141 standard output closed by its reader.

mod cli;

use std::io;
use std::process::ExitCode;

use clap::Parser;

use arbiter::commands::{self, RunStatus};

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    if stdout_at_start::closed() && cli.command.writes_stdout() {
        eprintln!(
            "arbiter: standard output is closed (>&-): what the run writes there would be lost; \
             send it to a file, a pipe or /dev/null"
        );
        return ExitCode::from(RunStatus::Failed.exit_code());
    }
    arbiter::engine::interrupt::install();
    let result = match cli.command {
        cli::Command::Check(args) => args
            .into_options()
            .and_then(|options| Ok(commands::check::run(&options)?)),
        cli::Command::Audit(args) => args
            .into_options()
            .and_then(|options| Ok(commands::audit::run(&options)?)),
        cli::Command::Perft(args) => {
            let mut out = io::stdout().lock();
            // (Its only I/O is the count it writes.)
            commands::perft::run(&args.into_options(), &mut out)
                .map_err(|e| match e {
                    commands::Error::Io(e) => commands::Error::Stdout(e),
                    e => e,
                })
                .map_err(anyhow::Error::from)
        }
        cli::Command::Fen(args) => args
            .into_options()
            .and_then(|options| Ok(commands::fen::run(&options)?)),
        cli::Command::Pgn(args) => args
            .into_options()
            .and_then(|options| Ok(commands::pgn::run(&options)?)),
        cli::Command::Fix(args) => args
            .into_options()
            .and_then(|options| Ok(commands::fix::run(&options)?)),
        cli::Command::Stats(args) => args
            .into_options()
            .and_then(|options| Ok(commands::stats::run(&options)?)),
        cli::Command::Dedup(args) => args
            .into_options()
            .and_then(|options| Ok(commands::dedup::run(&options)?)),
        cli::Command::Select(args) => args
            .into_options()
            .and_then(|options| Ok(commands::select::run(&options)?)),
        cli::Command::Games(args) => args
            .into_options()
            .and_then(|options| Ok(commands::games::run(&options)?)),
        cli::Command::Moves(args) => args
            .into_options()
            .and_then(|options| Ok(commands::moves::run(&options)?)),
        cli::Command::Standings(args) => args
            .into_options()
            .and_then(|options| Ok(commands::standings::run(&options)?)),
        cli::Command::Ratings(args) => args
            .into_options()
            .and_then(|options| Ok(commands::ratings::run(&options)?)),
        cli::Command::Merge(args) => args
            .into_options()
            .and_then(|options| Ok(commands::merge::run(&options)?)),
        cli::Command::Completions(args) => {
            cli::generate::completions(args.shell, &mut io::stdout().lock())
                .map(|()| RunStatus::Clean)
                .map_err(|e| anyhow::Error::from(commands::Error::Stdout(e)))
        }
        cli::Command::Man(_) => cli::generate::man(&mut io::stdout().lock())
            .map(|()| RunStatus::Clean)
            .map_err(|e| anyhow::Error::from(commands::Error::Stdout(e))),
        cli::Command::Codes(args) => {
            commands::codes::run(&args.into_options()).map_err(anyhow::Error::from)
        }
    };
    match result {
        Ok(status) => ExitCode::from(status.exit_code()),
        Err(err) if is_broken_pipe(&err) => ExitCode::from(commands::CLOSED_PIPE_STATUS),
        Err(err) if arbiter::engine::interrupt::requested() => {
            // Stopped while reading what the run needs before it starts (an alias file or a
            // profile on a FIFO): the status says which signal, as for a run that was stopped.
            eprintln!("arbiter: {}", shown(&err));
            ExitCode::from(arbiter::engine::interrupt::exit_status())
        }
        Err(err) => {
            eprintln!("arbiter: {}", shown(&err));
            ExitCode::from(RunStatus::Failed.exit_code())
        }
    }
}

/// The most characters of an error message shown (an error may quote a line of an input file,
/// a TOML profile's or an alias file's, which can be megabytes long).
const MAX_ERROR_CHARS: usize = 2000;

/// An error as standard error shows it: its chain, with the control characters (but line
/// breaks) and bidirectional overrides that file names, tag values and quoted lines may hold
/// replaced (no input can drive the terminal), cut at [`MAX_ERROR_CHARS`] characters.
fn shown(err: &anyhow::Error) -> String {
    let text = format!("{err:#}");
    let text = text
        .split('\n')
        .map(|line| arbiter::report::clean::sanitize(line))
        .collect::<Vec<_>>()
        .join("\n");
    arbiter::analysis::text::truncate(text, MAX_ERROR_CHARS)
}

/// True when the error chain holds a write into a closed pipe (`arbiter ... | head`).
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            || cause
                .downcast_ref::<commands::Error>()
                .is_some_and(commands::Error::is_broken_pipe)
    })
}

/// Whether standard output was closed when the process started (`arbiter check db.pgn >&-`).
///
/// The Rust runtime opens `/dev/null` on descriptors 0 to 2 that are closed before `main` runs
/// (so that no file the program opens becomes its standard output), and the writes there then
/// succeed unseen: the output is lost with exit status 0. So the descriptor is looked at
/// before: by a function the dynamic loader runs from `.init_array`, before the runtime.
/// Elsewhere than on Linux the check is not made (the runtime does the same there).
mod stdout_at_start {
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    /// Records whether descriptor 1 is open.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    extern "C" fn look() {
        // SAFETY: `fcntl(1, F_GETFD)` reads the flags of a descriptor number: it touches no
        // memory, and is safe to call before the Rust runtime is set up.
        #[allow(unsafe_code)]
        let flags = unsafe { libc::fcntl(1, libc::F_GETFD) };
        if flags == -1 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EBADF) {
            CLOSED.store(true, Ordering::Relaxed);
        }
    }

    // SAFETY: a plain `extern "C" fn()` in `.init_array` is what the loader calls, once, with no
    // arguments, before `main`; `look` only reads a descriptor's flags and stores a bool.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    #[allow(unsafe_code)]
    #[used]
    #[unsafe(link_section = ".init_array")]
    static LOOK: extern "C" fn() = look;

    /// True when standard output was closed at the start.
    pub fn closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }
}
