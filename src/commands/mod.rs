//! Application glue, one file per subcommand: each takes resolved options (never clap types),
//! drives the engine with an analysis, and feeds a report.

pub mod audit;
pub mod check;
pub mod fen;
pub mod output;
pub mod perft;
pub mod pgn;
pub mod stats;

use std::io;
use std::path::{Path, PathBuf};

use crate::engine::input::Inputs;
use crate::engine::parallel::{RawGame, for_each_game};
use crate::report::progress::Progress;

/// What happened to the inputs of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InputTotals {
    /// Inputs read.
    pub files: u64,
    /// Inputs that could not be opened or read to the end (each reported on standard error).
    pub files_failed: u64,
    /// Standard output was closed by its reader: the run stopped early.
    pub broken_pipe: bool,
    /// Ctrl-C stopped the run.
    pub interrupted: bool,
}

/// An error of writing a command's own output (not of reading an input): it ends the run.
#[derive(Debug)]
pub struct OutputError(pub String);

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OutputError {}

/// Wraps an output write error so that [`for_each_input`] ends the run with it.
pub fn output_error(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), OutputError(e.to_string()))
}

/// [`output_error`] for a write to standard output (the message names it: a full disk must not
/// be blamed on the input being read).
pub fn stdout_error(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), OutputError(format!("standard output: {e}")))
}

/// Runs `job` on every game of every input (`-` = standard input; none = standard input; a
/// directory = the PGN files below it, see [`crate::engine::input::expand_paths`]) on
/// `pool`, and feeds `sink` the input's name, the game and the job's result, in input order.
///
/// An input that cannot be opened or read is reported on standard error and counted, and the
/// run goes on with the next one; a closed standard output stops the run quietly.
///
/// # Errors
/// Returns the first [`OutputError`] raised by `sink` (see [`output_error`]), or the error of
/// reading a directory given as input.
pub fn for_each_input<R, J, S>(
    paths: &[PathBuf],
    mmap: bool,
    globs: &[String],
    progress: bool,
    pool: &rayon::ThreadPool,
    job: J,
    mut sink: S,
) -> io::Result<InputTotals>
where
    R: Send,
    J: Fn(&RawGame<'_>) -> R + Sync,
    S: FnMut(&str, &RawGame<'_>, R) -> io::Result<()>,
{
    let paths = if paths.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        let filter = crate::engine::input::PathFilter::new(globs)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        crate::engine::input::expand_paths(paths, &filter)?
    };
    let filter = crate::engine::input::PathFilter::new(globs)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let mut totals = InputTotals::default();
    'paths: for path in &paths {
        let mut inputs = match Inputs::open(path, mmap, &filter) {
            Ok(inputs) => inputs,
            Err(e) => {
                report_input_error(path, &e);
                totals.files_failed += 1;
                continue;
            }
        };
        loop {
            let mut input = match inputs.next_input() {
                Ok(Some(input)) => input,
                Ok(None) => break,
                Err((name, e)) => {
                    report_input_error(Path::new(&name), &e);
                    totals.files_failed += 1;
                    continue;
                }
            };
            totals.files += 1;
            let name = input.name().to_owned();
            let bar = Progress::new(progress, input.len());
            bar.message(name.clone());
            let mut windows = input.windows();
            let result = for_each_game(pool, &mut windows, &name, &job, |game, result| {
                bar.inc(game.bytes.len() as u64);
                sink(&name, game, result)
            });
            bar.finish();
            match result {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                    totals.broken_pipe = true;
                    break 'paths;
                }
                Err(e) if e.get_ref().is_some_and(|inner| inner.is::<OutputError>()) => {
                    return Err(e);
                }
                Err(e) if crate::engine::interrupt::requested() => {
                    totals.interrupted = true;
                    let _ = e;
                    break 'paths;
                }
                Err(e) => {
                    report_input_error(Path::new(&name), &e);
                    totals.files_failed += 1;
                }
            }
        }
    }
    Ok(totals)
}

/// The code of a game larger than [`crate::engine::input::MAX_GAME_BYTES`].
pub const GAME_TOO_LARGE: &str = "syntax/game-too-large";

/// What every subcommand says about a game larger than [`crate::engine::input::MAX_GAME_BYTES`]
/// (it is not read; see [`crate::engine::input::Windows::next_window`]).
pub fn too_large_message() -> String {
    format!(
        "game larger than {} MiB: not read; reading resumes at the next tag pair line that follows \
         a blank line (or at the next [Event tag)",
        crate::engine::input::MAX_GAME_BYTES >> 20
    )
}

/// The `syntax/game-too-large` error of a game whose first line is `line`, with `message`
/// (usually [`too_large_message`], which a subcommand may complete with what it did).
pub fn too_large_finding(line: u64, message: String) -> crate::model::Finding {
    crate::model::Finding {
        severity: crate::model::Severity::Error,
        code: GAME_TOO_LARGE,
        ply: None,
        move_text: None,
        token: None,
        line,
        col: 1,
        fen: None,
        message,
        variation: false,
        san: None,
    }
}

fn report_input_error(path: &Path, e: &io::Error) {
    eprintln!("arbiter: {}: {e}", path.display());
}

/// How a run ended, mapped to the exit status by `main` (0, 1 or 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStatus {
    /// Nothing wrong found: exit status 0.
    Clean,
    /// Errors found in the input: exit status 1.
    Findings,
    /// An input could not be read or an output not written: exit status 2.
    Failed,
    /// Ctrl-C: exit status 130 (128 + SIGINT), as shells expect.
    Interrupted,
}

impl RunStatus {
    /// The process exit status: 0 clean, 1 findings, 2 I/O error, 130 interrupted.
    pub fn exit_code(self) -> u8 {
        match self {
            RunStatus::Clean => 0,
            RunStatus::Findings => 1,
            RunStatus::Failed => 2,
            RunStatus::Interrupted => 130,
        }
    }
}
