//! The run loop of every subcommand that reads games (`check`, `audit`, `fen`, `pgn`, `stats`).
//!
//! [`run_games`] owns what a run does the same way whatever it does with the games: the thread
//! pool, the progress bar, the inputs (directories, archives, standard input; an input that
//! cannot be read is reported and the run goes on), Ctrl-C (exit status 130 and one message
//! saying how far the run got), a closed output pipe (a quiet end), the exit status (0 clean, 1
//! findings, 2 an input failed, 130 interrupted) and the timing line. A subcommand brings its
//! per-game job, run on the pool, and its [`GameSink`], which takes the results in input order
//! and writes the end of the output. Both are generic: the loop adds no allocation and no
//! dynamic call per game.

use std::io;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::engine::input::{Inputs, PathFilter, expand_paths_noting_empty};
use crate::engine::interrupt;
use crate::engine::parallel::{RawGame, Sink, for_each_game, pool};
use crate::model::{RunTotals, Unit, Unwritten, Work};
use crate::report::progress::Progress;
use crate::report::run::{
    write_duplicate_members, write_empty_directory, write_input_error, write_interrupted,
    write_named_twice, write_no_game, write_nothing_read, write_reading_terminal, write_timing,
};

use super::output::{OutputFile, keep_apart, refuse_read_files};
use super::sharding::{FilePlan, Sharding, past_end};
use super::{Error, RunStatus};

/// The input options shared by every subcommand that reads games (`FILE...`, `-j`,
/// `--no-mmap`, `--glob`, `-q`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputOptions {
    /// Inputs; `-` is standard input, a directory the PGN files below it. Empty means standard
    /// input.
    pub paths: Vec<PathBuf>,
    /// Worker threads (0 = one per core).
    pub jobs: usize,
    /// Memory-map regular files (off: read them as streams).
    pub mmap: bool,
    /// `--glob` patterns choosing the files of a directory walk (and the members of a zip
    /// archive); empty: PGN files (see [`crate::engine::input::PathFilter`]).
    pub globs: Vec<String>,
    /// Draw a progress bar on standard error.
    pub progress: bool,
    /// Print the timing line on standard error (off with `--quiet`).
    pub timing: bool,
    /// Print notes on standard error: that standard input is a terminal (off with `--quiet`;
    /// apart from `timing`, which a subcommand that prints its own timing line turns off).
    pub notes: bool,
    /// `--shard K/N`: only the games of shard K of N of the inputs' bytes.
    pub shard: Option<crate::engine::shard::Shard>,
    /// Files the run reads besides the games (an `--aliases` file, a `--profile` file): an
    /// output naming one of them is refused, as one naming an input is.
    pub read_files: Vec<PathBuf>,
    /// The run reads the inputs a second time, or first for another that follows (`dedup`'s
    /// second pass, `select`'s first): what the other says of them (a file named twice, an input
    /// that cannot be read) is not said again.
    pub rereading: bool,
}

/// What a subcommand does with the result of each game, in input order, and at the end of a
/// run.
pub trait GameSink<R> {
    /// Target size of the windows of games handed to the workers at once (a sink whose output
    /// is many times its input asks for smaller ones, so that less output waits for it).
    const WINDOW_BYTES: usize = crate::engine::input::WINDOW_BYTES;

    /// Takes the result of the job for `game` (also for blank bytes that hold no game, index
    /// 0: sinks that copy games copy those too).
    ///
    /// # Errors
    /// Returns the error of writing the output; the run ends with it (quietly for a closed
    /// pipe).
    fn game(&mut self, game: &RawGame<'_>, result: R) -> Result<(), Error>;

    /// True when the results so far hold errors (exit status 1).
    fn findings(&self) -> bool;

    /// Writes the end of the output after every input was read (the summary; split files
    /// renamed into place) and says what the run did, for the timing line. `seconds` is the
    /// time the games took.
    ///
    /// # Errors
    /// Returns the error of writing the output.
    fn finish(self, totals: &RunTotals, seconds: f64) -> Result<Work, Error>;

    /// The live stream being read paused (a feed written as games are played): writes what
    /// waits in the sink's buffers, so that the games read so far are reported now.
    ///
    /// # Errors
    /// Returns the error of writing the output.
    fn pause(&mut self) -> Result<(), Error> {
        Ok(())
    }

    /// What the run leaves unwritten when Ctrl-C stops it (dropping the sink then removes its
    /// temporary files).
    fn unwritten(&self) -> Unwritten {
        Unwritten::Nothing
    }

    /// The files the sink writes: the run loop refuses an input that is one of them (standard
    /// input included) and leaves their temporary files out of directory walks.
    fn outputs(&self) -> Vec<OutputFile> {
        Vec::new()
    }

    /// Takes what identifies the run's inputs (each path, directories walked, with its size)
    /// and its shard, before the first game: a sink whose output `arbiter merge` reads
    /// (`check`, `audit`, `stats`) records them in it.
    fn inputs(&mut self, _inputs: crate::model::identity::RunRecord<()>) {}
}

/// How the inputs of a run ended.
enum End {
    /// Every input was read.
    Done,
    /// Standard output (or an output pipe) was closed by its reader.
    BrokenPipe,
    /// Ctrl-C.
    Interrupted,
}

/// Runs `job` on every game of the inputs on a pool of `input.jobs` threads, feeds the results
/// to `sink` in input order, then finishes the output, and returns the exit status.
///
/// # Errors
/// Returns the error of the sink (but for a closed pipe: a quiet end), of starting the thread
/// pool, of a `--glob` pattern or of walking a directory, and [`Error::Usage`] when an input is
/// one of the sink's outputs ([`GameSink::outputs`]). Inputs that cannot be read are
/// reported on standard error and make the status [`RunStatus::Failed`]; the others are read.
pub fn run_games<R, J, S>(input: &InputOptions, job: J, mut sink: S) -> Result<RunStatus, Error>
where
    R: Send,
    J: Fn(&RawGame<'_>) -> R + Sync,
    S: GameSink<R>,
{
    let started = Instant::now();
    let pool = pool(input.jobs)?;
    let mut totals = RunTotals::default();
    let end = read_inputs(input, &pool, &mut totals, job, &mut sink)?;
    let status = |findings: bool| RunStatus::of(totals.files_failed > 0, findings);
    match end {
        End::Done => {}
        End::BrokenPipe => return Ok(RunStatus::ClosedPipe),
        End::Interrupted => {
            let unwritten = sink.unwritten();
            drop(sink);
            return Ok(interrupted(&totals, Unit::Games, unwritten));
        }
    }
    // No input could be read (a mistyped name): the output files are not written, so that one
    // already there (last night's table) is not replaced by an empty one.
    let nothing_read = totals.files_failed > 0 && totals.files == 0 && totals.bytes == 0;
    if nothing_read && !sink.outputs().is_empty() {
        let unwritten = sink.unwritten();
        drop(sink);
        let _ = write_nothing_read(&mut io::stderr().lock(), unwritten);
        return Ok(RunStatus::Failed);
    }
    let findings = sink.findings();
    let work = match sink.finish(&totals, started.elapsed().as_secs_f64()) {
        Ok(work) => work,
        Err(e) if e.is_broken_pipe() => return Ok(RunStatus::ClosedPipe),
        Err(e) => return Err(e),
    };
    if input.timing {
        let seconds = started.elapsed().as_secs_f64();
        let _ = write_timing(&mut io::stderr().lock(), &work, totals.bytes, seconds);
    }
    Ok(status(findings))
}

/// The text of a game the splitter found, as the game walk reads it (the engine's game is
/// not the analysis' type: analysis never depends on the engine).
pub fn game_text<'a>(game: &RawGame<'a>) -> crate::analysis::walk::GameText<'a> {
    crate::analysis::walk::GameText {
        bytes: game.bytes,
        index: game.index,
        offset: game.offset,
        line: game.line,
        col: game.col,
        joined: game.joined,
    }
}

/// Says how far a run stopped by Ctrl-C (or SIGTERM, SIGHUP) got, and returns
/// [`RunStatus::Interrupted`].
pub fn interrupted(totals: &RunTotals, unit: Unit, unwritten: Unwritten) -> RunStatus {
    let signal = interrupt::signal_name();
    let _ = write_interrupted(&mut io::stderr().lock(), totals, unit, unwritten, signal);
    RunStatus::Interrupted
}

/// Reports an input that could not be opened or read (the run goes on).
pub fn report_input_error(name: &Path, error: &dyn std::fmt::Display) {
    let _ = write_input_error(&mut io::stderr().lock(), &name.display().to_string(), error);
}

/// The loop over the inputs: every game of every input through `job` (on `pool`) and `sink`.
fn read_inputs<R, J, S>(
    input: &InputOptions,
    pool: &crate::engine::parallel::ThreadPool,
    totals: &mut RunTotals,
    job: J,
    sink: &mut S,
) -> Result<End, Error>
where
    R: Send,
    J: Fn(&RawGame<'_>) -> R + Sync,
    S: GameSink<R>,
{
    let filter = PathFilter::new(&input.globs)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let paths = checked_paths(input, &filter, &sink.outputs())?;
    let mut shard = match input.shard {
        Some(s) => Some(Sharding::new(s, &paths)?),
        None => None,
    };
    sink.inputs(super::sharding::run_record(&paths, input.shard));
    // The sink's error, kept here while the engine stops on the plain error it is handed.
    let mut failure: Option<Error> = None;
    for path in &paths {
        let counts = match shard.as_mut().map(Sharding::next_file) {
            Some(FilePlan::Skip) => continue,
            Some(FilePlan::Stop) => break,
            Some(FilePlan::Read { counts }) => counts,
            None => true,
        };
        let mut inputs = match Inputs::open(path, input.mmap, &filter) {
            Ok(inputs) => inputs,
            // Ctrl-C while the first bytes are awaited (a terminal, a slow pipe).
            Err(_) if interrupt::requested() => return Ok(End::Interrupted),
            Err(e) => {
                if !input.rereading {
                    report_input_error(path, &e);
                }
                totals.files_failed += 1;
                continue;
            }
        };
        if let Inputs::Zip(archive) = &inputs {
            let name = archive.path().display().to_string();
            for (member, count) in archive.duplicates() {
                let _ = write_duplicate_members(&mut io::stderr().lock(), &name, member, *count);
            }
        }
        loop {
            let mut one = match inputs.next_input() {
                Ok(Some(one)) => one,
                Ok(None) => break,
                Err(_) if interrupt::requested() => return Ok(End::Interrupted),
                Err((name, e)) => {
                    if !input.rereading {
                        report_input_error(Path::new(&name), &e);
                    }
                    totals.files_failed += 1;
                    continue;
                }
            };
            if let Some(s) = &shard {
                s.check(path, &inputs, one.len())?;
            }
            totals.files += u64::from(counts);
            let name = one.name().to_owned();
            let bar = Progress::new(input.progress, one.len());
            bar.message(&name);
            let mut windows = one.windows_of(S::WINDOW_BYTES);
            let keeps = |offset: u64| shard.as_ref().is_none_or(|s| s.keeps(offset));
            let shard_job = |game: &RawGame<'_>| keeps(game.offset).then(|| job(game));
            let mut stopped = false;
            let before = (totals.games, totals.bytes);
            let feed = Feed {
                sink: &mut *sink,
                failure: &mut failure,
                totals: &mut *totals,
                bar: &bar,
                shard: shard.as_ref(),
                stopped: &mut stopped,
            };
            let result = for_each_game(pool, &mut windows, &name, shard_job, feed);
            bar.finish();
            // A shard may hold no game of an input; a second reading said it once.
            if result.is_ok() && totals.games == before.0 && shard.is_none() && !input.rereading {
                let bytes = totals.bytes - before.1;
                let _ = write_no_game(&mut io::stderr().lock(), &name, bytes);
            }
            if let Some(end) = input_end(result, stopped, &mut failure, &name, totals)? {
                return Ok(end);
            }
        }
    }
    Ok(End::Done)
}

/// The inputs named (`input`, folders walked through `filter`), checked before anything is
/// read: never an output of the run (`outputs`), never standard output as an input; a file
/// named twice is said.
fn checked_paths(
    input: &InputOptions,
    filter: &PathFilter,
    outputs: &[OutputFile],
) -> Result<Vec<PathBuf>, Error> {
    let paths = input_paths(input, filter)?;
    // Never read an output, never write over an input.
    let paths = keep_apart(paths, &input.paths, outputs)?;
    super::output::refuse_stdout_input(&paths)?;
    if !input.rereading {
        warn_named_twice(&paths, "games");
    }
    refuse_read_files(&input.read_files, outputs)?;
    Ok(paths)
}

/// How the run goes on after the input `name` was read with `result`: on to the next input
/// (`None`: its read error said and counted, its games read before it kept), or to its end —
/// the sink stopped the run, failed (`failure`, a broken pipe apart), or Ctrl-C.
fn input_end(
    result: io::Result<()>,
    stopped: bool,
    failure: &mut Option<Error>,
    name: &str,
    totals: &mut RunTotals,
) -> Result<Option<End>, Error> {
    match result {
        Ok(()) => Ok(None),
        Err(_) if stopped => Ok(Some(End::Done)),
        Err(_) if failure.is_some() => match failure.take() {
            Some(e) if !e.is_broken_pipe() => Err(e),
            _ => Ok(Some(End::BrokenPipe)),
        },
        Err(_) if interrupt::requested() => Ok(Some(End::Interrupted)),
        Err(e) => {
            // Its games read before the error stay counted; the input counts once, as one
            // that could not be read.
            report_input_error(Path::new(name), &e);
            totals.files -= 1;
            totals.files_failed += 1;
            Ok(None)
        }
    }
}

/// The results of an input's games on their way to the sink: counted, shown on the progress
/// bar, and stopped past the end of the shard; the sink's error is kept in `failure` while the
/// engine stops on a plain one.
struct Feed<'f, S> {
    sink: &'f mut S,
    failure: &'f mut Option<Error>,
    totals: &'f mut RunTotals,
    bar: &'f Progress,
    shard: Option<&'f Sharding>,
    stopped: &'f mut bool,
}

impl<S> Feed<'_, S> {
    /// The plain error the engine stops on, `e` kept for the run loop.
    fn keep(&mut self, e: Error) -> io::Error {
        *self.failure = Some(e);
        io::Error::from(io::ErrorKind::Other)
    }
}

impl<R, S: GameSink<R>> Sink<Option<R>> for Feed<'_, S> {
    fn game(&mut self, game: &RawGame<'_>, result: Option<R>) -> io::Result<()> {
        let Some(result) = result else {
            *self.stopped = self.shard.is_some_and(|s| s.past(game.offset));
            return if *self.stopped {
                Err(past_end())
            } else {
                Ok(())
            };
        };
        let bytes = game.bytes.len() as u64;
        self.bar.inc(bytes);
        self.totals.bytes += bytes;
        self.totals.games += u64::from(game.index > 0);
        self.sink.game(game, result).map_err(|e| self.keep(e))
    }

    fn pause(&mut self) -> io::Result<()> {
        self.sink.pause().map_err(|e| self.keep(e))
    }
}

/// The usage error of `--shard` with a mode that reads no games (`fen --check`, `audit
/// --positions`, `pgn --from-fen`/`--from-sequence`, `stats --merge`, whose inputs are lines or
/// documents): a shard of games would silently be the whole input.
///
/// # Errors
/// Returns [`Error::Usage`] naming `mode` when `input` has a shard.
pub(crate) fn refuse_shard(input: &InputOptions, mode: &str) -> Result<(), Error> {
    match input.shard {
        Some(_) => Err(Error::Usage(format!(
            "--shard cuts the games of PGN inputs; {mode} reads every line or document of its \
             inputs (split the file yourself, e.g. with split -n l/N)"
        ))),
        None => Ok(()),
    }
}

/// Warns of each regular file named twice among the inputs (also under another name:
/// `./a.pgn`, a hard link, a directory walk that finds a file named besides): its games are
/// read twice, as `cat a.pgn a.pgn` would give them (`dedup` reports each as a copy of itself,
/// `check` and `stats` count them twice), as pgn-extract and `sort -u` read a file named twice.
///
/// Standard input (`-`) is one of them when it is a regular file (`arbiter check a.pgn - <
/// a.pgn`).
///
/// `contents` names what the inputs hold, for the warning (`games`). (`merge` and `stats
/// --merge` refuse an output named twice instead: the records of their runs say so.)
pub(crate) fn warn_named_twice(paths: &[PathBuf], contents: &str) {
    let mut seen = std::collections::HashMap::with_capacity(paths.len());
    for path in paths {
        let id = match path.as_os_str() == "-" {
            // (On Linux and the BSDs `/dev/stdin` is descriptor 0, whatever file it is.)
            #[cfg(unix)]
            true => file_id(Path::new("/dev/stdin")),
            #[cfg(not(unix))]
            true => None,
            false => file_id(path),
        };
        let Some(id) = id else {
            continue;
        };
        if let Some(first) = seen.insert(id, path) {
            let _ = write_named_twice(&mut io::stderr().lock(), path, first, contents);
        }
    }
}

/// What identifies a regular file whatever its name (device and inode; elsewhere its canonical
/// path); `None` for anything else (a FIFO, a device: reading those twice reads on).
fn file_id(path: &Path) -> Option<(u64, u64, PathBuf)> {
    let meta = std::fs::metadata(path).ok().filter(|m| m.is_file())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino(), PathBuf::new()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Some((0, 0, std::fs::canonicalize(path).ok()?))
    }
}

/// The files to read (directories expanded; standard input when none is named), with a note
/// for each directory that holds none and for a terminal on standard input.
fn input_paths(input: &InputOptions, filter: &PathFilter) -> Result<Vec<PathBuf>, Error> {
    let paths = if input.paths.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        let (paths, empty) = expand_paths_noting_empty(&input.paths, filter)?;
        for dir in &empty {
            let _ = write_empty_directory(&mut io::stderr().lock(), dir, !input.globs.is_empty());
        }
        if paths.is_empty() {
            return Err(Error::Usage(
                "no input to read: every directory named holds no file to read".to_owned(),
            ));
        }
        paths
    };
    if input.notes
        && paths.iter().any(|p| p.as_os_str() == "-")
        && std::io::IsTerminal::is_terminal(&io::stdin())
    {
        let _ = write_reading_terminal(&mut io::stderr().lock());
    }
    Ok(paths)
}
