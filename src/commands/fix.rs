//! `arbiter fix` (issue 14): every game of the inputs repaired and written in PGN export format
//! (same inputs, parallelism, progress and exit status as `arbiter check`), the games no repair
//! can save written to `--rejects` byte for byte, every change in the `--log` (JSON Lines).
//!
//! Nothing is lost: every game read is written to the output or to the rejects. The outputs
//! are written whole or not at all (a temporary file renamed when done), never over an input.
//! Exit status 1 when a game was rejected.

use crate::commands::run::game_text;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::analysis::fix::{FixOptions, Fixed, fix_game_into};
use crate::analysis::pgn::ExportBuffers;
use crate::engine::parallel::RawGame;
use crate::model::fix::{FixSummary, Rejected};
use crate::model::{RunTotals, Unwritten, Work};
use crate::report::fix::{FixLog, GameAt, rejects_text, summary_text};

use super::buffers::BufferPool;
use super::output::{AtomicFile, OutputFile, same_file};
use super::{Error, GameSink, InputOptions, RunStatus, run_games, too_large_message};

/// Resolved options of `arbiter fix`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Inputs, threads, progress bar and timing line.
    pub input: InputOptions,
    /// The repairs.
    pub fix: FixOptions,
    /// The repaired games go here (`None`: standard output).
    pub output: Option<PathBuf>,
    /// The change log goes here (`-`: standard output).
    pub log: Option<PathBuf>,
    /// The games no repair covers go here, as they were (`None`: [`default_rejects`]).
    pub rejects: Option<PathBuf>,
    /// Write only the log.
    pub dry_run: bool,
}

/// An output: a file written atomically, or standard output.
enum Out {
    Stdout(io::BufWriter<io::StdoutLock<'static>>),
    File(AtomicFile),
}

impl Out {
    fn open(path: Option<&PathBuf>) -> Result<Out, Error> {
        match path {
            Some(p) if p.as_os_str() != "-" => Ok(Out::File(AtomicFile::create(p)?)),
            _ => Ok(Out::Stdout(io::BufWriter::with_capacity(
                1 << 16,
                io::stdout().lock(),
            ))),
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> Result<(), Error> {
        match self {
            Out::Stdout(out) => out.write_all(bytes).map_err(Error::Stdout),
            Out::File(out) => out.write_all(bytes),
        }
    }

    /// Writes what waits in the buffer (a live stream paused).
    fn flush(&mut self) -> Result<(), Error> {
        match self {
            Out::Stdout(out) => out.flush().map_err(Error::Stdout),
            Out::File(file) => file.flush(),
        }
    }

    fn commit(self) -> Result<(), Error> {
        match self {
            Out::Stdout(mut out) => out.flush().map_err(Error::Stdout),
            Out::File(file) => file.commit(),
        }
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf).map_err(io::Error::other)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Out::flush(self).map_err(io::Error::other)
    }
}

/// The error of writing the log: its output's own (naming the file, or standard output),
/// taken back out of the `io::Error` the log's writer carried it in (wrapped again it read
/// `standard output: standard output: No space left on device`: issue 32).
fn log_error(e: io::Error) -> Error {
    if !e.get_ref().is_some_and(|inner| inner.is::<Error>()) {
        return Error::Io(e);
    }
    match e.into_inner().map(|inner| inner.downcast::<Error>()) {
        Some(Ok(err)) => *err,
        Some(Err(other)) => Error::Io(io::Error::other(other)),
        None => Error::Io(io::Error::other("the log could not be written")),
    }
}

/// Runs `arbiter fix`.
///
/// # Errors
/// Returns a usage error for outputs that would destroy data (an input, two outputs on one
/// file, two on standard output), and the errors of the run loop and of writing the outputs.
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    let rejects_path = match &options.rejects {
        Some(path) => Some((path.clone(), "--rejects")),
        None if options.dry_run => None,
        None => default_rejects(options.output.as_deref()).map(|p| (p, "the rejects file")),
    };
    check_outputs(options, rejects_path.as_ref())?;
    if options.dry_run
        && let Some(path) = options.output.as_ref().filter(|p| p.as_os_str() != "-")
    {
        // Said even with -q: the file asked for is not written.
        let _ = writeln!(
            io::stderr(),
            "arbiter: --dry-run: -o {} is not written (a dry run writes the log only)",
            path.display()
        );
    }
    let output = match options.dry_run {
        true => None,
        false => Some(Out::open(options.output.as_ref())?),
    };
    let rejects = rejects_path
        .as_ref()
        .map(|(p, _)| AtomicFile::create(p))
        .transpose()?;
    let log = options
        .log
        .as_ref()
        .map(|p| Out::open(Some(p)).map(FixLog::new))
        .transpose()?;
    let file = |out: Option<&Out>, option: &'static str| match out {
        Some(Out::File(f)) => Some(f.output_file(option)),
        _ => None,
    };
    let outputs = [
        file(output.as_ref(), "-o"),
        rejects.as_ref().map(|f| f.output_file("--rejects")),
        file(log.as_ref().map(FixLog::get_ref), "--log"),
    ]
    .into_iter()
    .flatten()
    .collect();
    // The buffers games are written in, used again from game to game (given back by the sink
    // once written): no allocation per game once they have grown.
    let buffers = BufferPool::default();
    let sink = FixSink {
        buffers: &buffers,
        output,
        rejects,
        rejects_path: rejects_path.map(|(p, _)| p),
        log,
        outputs,
        summary: FixSummary::default(),
        last_rejected: false,
        timing: options.input.timing,
        dry_run: options.dry_run,
        pending: None,
    };
    let fix = &options.fix;
    let job = |game: &RawGame<'_>| {
        (game.index > 0).then(|| match (game.too_large, game.cut) {
            (true, _) => Fixed {
                rejected: Some(Rejected {
                    code: super::GAME_TOO_LARGE,
                    line: game.line,
                    message: too_large_message(),
                    bytes: 0,
                }),
                ..Fixed::default()
            },
            // A game cut short by the input's read error is not completed: its rest is lost.
            (false, true) => Fixed {
                rejected: Some(Rejected {
                    code: crate::model::Code::SyntaxGameCut,
                    line: game.line,
                    message: super::game_cut_message(),
                    bytes: 0,
                }),
                ..Fixed::default()
            },
            (false, false) => {
                let mut game_buffers = ExportBuffers {
                    text: buffers.take(),
                    movetext: buffers.take(),
                };
                let fixed = fix_game_into(game_text(game), fix, &mut game_buffers);
                buffers.give_back(game_buffers.movetext);
                fixed
            }
        })
    };
    run_games(&options.input, job, sink)
}

/// The sink of `arbiter fix`: the repaired games, the rejects, the log.
struct FixSink<'p> {
    /// The buffers the games' texts were written in, given back once written.
    buffers: &'p BufferPool,
    output: Option<Out>,
    rejects: Option<AtomicFile>,
    /// Where the rejects go (said on standard error, even with `-q`).
    rejects_path: Option<PathBuf>,
    log: Option<FixLog<Out>>,
    /// The files written, for the run loop (never an input, standard input included).
    outputs: Vec<OutputFile>,
    summary: FixSummary,
    /// The last game was rejected (the rest of a game too large goes with it).
    last_rejected: bool,
    timing: bool,
    /// `--dry-run`: no repaired games are written (the counts say what would be).
    dry_run: bool,
    /// The log record of a game too large, rejected, whose pieces are still coming (a stream
    /// hands it out in pieces: its `bytes` are their sum): input name, game, offset, record.
    pending: Option<(String, u64, u64, Rejected)>,
}

impl GameSink<Option<Fixed>> for FixSink<'_> {
    fn game(&mut self, game: &RawGame<'_>, fixed: Option<Fixed>) -> Result<(), Error> {
        let Some(fixed) = fixed else {
            if game.too_large && self.last_rejected {
                if let Some(out) = &mut self.rejects {
                    out.write_all(game.bytes)?;
                }
                if let Some((.., rejected)) = &mut self.pending {
                    rejected.bytes += game.bytes.len() as u64;
                }
            }
            return Ok(());
        };
        self.log_pending()?;
        let at = GameAt {
            file: game.name,
            game: game.index,
            offset: game.offset,
        };
        self.summary.games += 1;
        if let Some(rejected) = &fixed.rejected {
            let rejected = &Rejected {
                bytes: game.bytes.len() as u64,
                ..rejected.clone()
            };
            self.summary.rejected += 1;
            self.last_rejected = true;
            if let Some(out) = &mut self.rejects {
                out.write_all(game.bytes)?;
            }
            if game.too_large {
                // Its rest may follow in pieces: logged with its whole size.
                self.pending = Some((
                    game.name.to_owned(),
                    game.index,
                    game.offset,
                    rejected.clone(),
                ));
            } else if let Some(log) = &mut self.log {
                log.rejected(at, rejected).map_err(log_error)?;
            }
            return Ok(());
        }
        self.last_rejected = false;
        self.summary.written += 1;
        self.summary.changed += u64::from(!fixed.changes.is_empty());
        for change in &fixed.changes {
            *self.summary.changes.entry(change.repair).or_default() += 1;
            if let Some(log) = &mut self.log {
                log.change(at, change).map_err(log_error)?;
            }
        }
        if let Some(out) = &mut self.output {
            out.write_all(fixed.text.as_bytes())?;
        }
        self.buffers.give_back(fixed.text.into_bytes());
        Ok(())
    }

    fn pause(&mut self) -> Result<(), Error> {
        if let Some(out) = &mut self.output {
            out.flush()?;
        }
        if let Some(rejects) = &mut self.rejects {
            rejects.flush()?;
        }
        if let Some(log) = &mut self.log {
            log.flush()?;
        }
        Ok(())
    }

    fn findings(&self) -> bool {
        self.summary.rejected > 0
    }

    fn finish(mut self, totals: &RunTotals, seconds: f64) -> Result<Work, Error> {
        self.log_pending()?;
        let summary = &mut self.summary;
        summary.files = totals.files;
        summary.files_failed = totals.files_failed;
        summary.seconds = seconds;
        if let Some(out) = self.output {
            out.commit()?;
        }
        if let Some(out) = self.rejects {
            out.commit()?;
        }
        if let Some(log) = self.log {
            log.finish(summary).map_err(log_error)?.commit()?;
        }
        if self.timing {
            let _ = io::stderr().write_all(summary_text(summary, self.dry_run).as_bytes());
        }
        // Where the rejected games are, said even with `-q`: no game goes unnoticed.
        let rejects = self
            .rejects_path
            .as_deref()
            .map(|p| p.display().to_string());
        if let Some(text) = rejects_text(summary.rejected, self.dry_run, rejects.as_deref()) {
            let _ = io::stderr().write_all(text.as_bytes());
        }
        Ok(Work::Fixed {
            written: summary.written,
            rejected: summary.rejected,
            dry_run: self.dry_run,
        })
    }

    /// The files not written: those named (standard output was written as the run went).
    fn unwritten(&self) -> Unwritten {
        let output = matches!(self.output, Some(Out::File(_)));
        let log = matches!(self.log.as_ref().map(FixLog::get_ref), Some(Out::File(_)));
        Unwritten::Files(match (output, log, self.rejects.is_some()) {
            (true, true, true) => &["-o", "--log", "--rejects"],
            (true, true, false) => &["-o", "--log"],
            (true, false, true) => &["-o", "--rejects"],
            (true, false, false) => &["-o"],
            (false, true, true) => &["--log", "--rejects"],
            (false, true, false) => &["--log"],
            (false, false, true) => &["--rejects"],
            (false, false, false) => &[],
        })
    }

    fn outputs(&self) -> Vec<OutputFile> {
        self.outputs.clone()
    }
}

impl FixSink<'_> {
    /// Writes the log record of the game too large whose pieces have all come, if any.
    fn log_pending(&mut self) -> Result<(), Error> {
        if let Some((file, game, offset, rejected)) = self.pending.take()
            && let Some(log) = &mut self.log
        {
            let at = GameAt {
                file: &file,
                game,
                offset,
            };
            log.rejected(at, &rejected).map_err(log_error)?;
        }
        Ok(())
    }
}

/// The rejects file when `--rejects` names none (issue 31: a rejected game must not vanish):
/// beside the output file `-o FILE`, named as it is without its `.pgn`, then `.rejects.pgn`
/// (`clean.pgn` → `clean.rejects.pgn`, `clean` → `clean.rejects.pgn`). None when the games go
/// to standard output or to a file that is not a regular file (`/dev/null`, a FIFO): there is
/// no name to go by, and the run says that the rejected games were not kept.
pub fn default_rejects(output: Option<&Path>) -> Option<PathBuf> {
    let output = output.filter(|p| p.as_os_str() != "-")?;
    if std::fs::metadata(output).is_ok_and(|m| !m.is_file()) {
        return None;
    }
    let name = output.file_name()?.to_string_lossy();
    let stem = match name.len().checked_sub(4) {
        Some(at) if name.is_char_boundary(at) && name[at..].eq_ignore_ascii_case(".pgn") => {
            &name[..at]
        }
        _ => &name[..],
    };
    Some(output.with_file_name(format!("{stem}.rejects.pgn")))
}

/// Refuses outputs that would destroy data or mix: an input as an output, one file for two
/// outputs, two outputs on standard output. `rejects` is the rejects file and the option that
/// names it (`--rejects`, or the default beside `-o`).
fn check_outputs(
    options: &Options,
    rejects: Option<&(PathBuf, &'static str)>,
) -> Result<(), Error> {
    let usage = |text: String| Err(Error::Usage(text));
    let stdout = |p: &Option<PathBuf>| p.as_ref().is_none_or(|p| p.as_os_str() == "-");
    let named: Vec<(&str, &PathBuf)> = [
        ("-o", options.output.as_ref().filter(|_| !options.dry_run)),
        ("--log", options.log.as_ref()),
        rejects.map_or(("--rejects", None), |(p, flag)| (*flag, Some(p))),
    ]
    .into_iter()
    .filter_map(|(flag, p)| p.filter(|p| p.as_os_str() != "-").map(|p| (flag, p)))
    .collect();
    if !options.dry_run
        && stdout(&options.output)
        && options.log.as_ref().is_some_and(|p| p.as_os_str() == "-")
    {
        return usage(
            "the repaired games and --log cannot both go to standard output: name a file for one"
                .to_owned(),
        );
    }
    if options
        .rejects
        .as_ref()
        .is_some_and(|p| p.as_os_str() == "-")
    {
        return Err(super::output::dash_refused("--rejects"));
    }
    for (i, (flag, path)) in named.iter().enumerate() {
        // A special file (`/dev/null`) may take several outputs: nothing is replaced there.
        let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
        for (other, second) in &named[i + 1..] {
            if !special && (same_file(path, second) || path == second) {
                return usage(format!(
                    "{flag} and {other} name the same file ({})",
                    path.display()
                ));
            }
        }
        let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
        if let Some(input) = options
            .input
            .paths
            .iter()
            .find(|p| !special && (same_file(p, path) || p == path))
        {
            return usage(format!(
                "{flag} {}: names the input {}; refusing to overwrite it",
                path.display(),
                input.display()
            ));
        }
    }
    Ok(())
}
