//! `arbiter select` (issue 15): the games that match a `--where` expression, byte for byte as
//! in the input or (`--export`) in PGN export format as `arbiter pgn` writes it, streamed in
//! input order (to standard output or `-o FILE`), or their count.
//!
//! An expression that compares players with `==` or `!=` needs their persons, which depend on
//! the other spellings of the inputs (issue 31): a first pass reads every game's tags — of all
//! the inputs, whatever `--shard` (so that every shard finds the same persons) — and keeps the
//! names that bear on the compared ones (`read_player_names`). Standard input, which cannot be
//! read twice, is kept in a temporary file by that pass, and the second reads it there.

use crate::commands::run::game_text;
use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::analysis::pgn::{ExportOptions, Exported, export_game_measured, export_game_streamed};
use crate::analysis::select::Selector;
use crate::analysis::select::players::player_names;
use crate::engine::parallel::RawGame;
use crate::model::{GameInfo, GameReport, GameStatus, RunTotals, Unwritten, Work};
use crate::report::human::Human;
use crate::report::{Report, ReportOptions};

use super::dedup::index::TempDir;
use super::output::{AtomicFile, OutputBudget, OutputFile};
use super::{Error, GameSink, InputOptions, RunStatus, run_games};

/// Resolved options of `arbiter select`.
#[derive(Clone, Debug)]
pub struct Options {
    /// Inputs, threads, progress bar and timing line.
    pub input: InputOptions,
    /// The compiled `--where` expression.
    pub selector: Selector,
    /// Write the games here instead of standard output.
    pub output: Option<PathBuf>,
    /// Print only the number of matching games.
    pub count: bool,
    /// Write the games in PGN export format (`arbiter pgn`) instead of byte for byte.
    pub export: bool,
}

/// Where the matching games go.
enum Out<'w> {
    Stdout(BufWriter<io::StdoutLock<'w>>),
    File(AtomicFile),
    Nowhere,
}

struct SelectSink<'w> {
    out: Out<'w>,
    matched: u64,
    /// Selected games the export found errors in (`--export`: an illegal move cut the main
    /// line, a token could not be read, a bad start position): exit status 1.
    errors: u64,
    /// Where the export's problems go: standard error, as `arbiter pgn` writes them there.
    problems: Human<io::Stderr>,
    count: bool,
    /// The exported texts the jobs hold for this sink (`--export`).
    budget: &'w OutputBudget,
    /// Said on standard error when no game matched ([`Selector::hints`]).
    hints: &'w [String],
}

impl Out<'_> {
    fn write(&mut self, bytes: &[u8]) -> Result<(), Error> {
        match self {
            Out::Stdout(out) => out.write_all(bytes).map_err(Error::Stdout),
            Out::File(out) => out.write_all(bytes),
            Out::Nowhere => Ok(()),
        }
    }

    /// Writes what waits in the buffer (a live stream paused).
    fn flush(&mut self) -> Result<(), Error> {
        match self {
            Out::Stdout(out) => out.flush().map_err(Error::Stdout),
            Out::File(out) => out.flush(),
            Out::Nowhere => Ok(()),
        }
    }
}

impl SelectSink<'_> {
    /// Writes a game whose export was too large for the room its job had: exported again, in
    /// pieces as they are made (as `arbiter pgn` does).
    fn stream(&mut self, game: &RawGame<'_>) -> Result<(), Error> {
        let options = ExportOptions::default();
        let measured = export_game_measured(game.bytes, game.line, game.col, &options);
        self.report(game, &measured.exported)?;
        let mut failed: Option<Error> = None;
        let out = &mut self.out;
        let mut sink = |text: &str| match out.write(text.as_bytes()) {
            Ok(()) => true,
            Err(e) => {
                failed = Some(e);
                false
            }
        };
        export_game_streamed(
            game.bytes, game.line, game.col, &options, &measured, &mut sink,
        );
        failed.map_or(Ok(()), Err)
    }
}

impl SelectSink<'_> {
    /// Reports the problems the export of a selected game met on standard error, one line
    /// each, as `arbiter pgn` does (`file:line:col: error[code]: message [game N: ...]`); the
    /// game's output (written after them) is flushed first, so the lines follow the games.
    fn report(&mut self, game: &RawGame<'_>, e: &Exported) -> Result<(), Error> {
        if e.problems.is_empty() {
            return Ok(());
        }
        if let Out::Stdout(out) = &mut self.out {
            out.flush().map_err(Error::Stdout)?;
        }
        let report = GameReport {
            info: GameInfo {
                index: game.index,
                offset: game.offset,
                line: game.line,
                event: e.event.clone(),
                white: e.white.clone(),
                black: e.black.clone(),
                result: None,
                plies: e.plies,
                record: None,
                context: None,
            },
            findings: e.problems.clone(),
            skipped: false,
        };
        self.errors += u64::from(report.found().0 == GameStatus::Error);
        let _ = self.problems.game(game.name, &report);
        Ok(())
    }
}

impl GameSink<(bool, Option<Exported>)> for SelectSink<'_> {
    fn game(
        &mut self,
        game: &RawGame<'_>,
        (matched, exported): (bool, Option<Exported>),
    ) -> Result<(), Error> {
        if let Some(e) = &exported {
            self.budget.release(e.text.len());
        }
        if !matched {
            return Ok(());
        }
        self.matched += 1;
        match exported {
            Some(e) if e.over_limit => self.stream(game),
            Some(e) => {
                self.report(game, &e)?;
                self.out.write(e.text.as_bytes())
            }
            None => self.out.write(game.bytes),
        }
    }

    fn pause(&mut self) -> Result<(), Error> {
        self.out.flush()
    }

    fn findings(&self) -> bool {
        self.errors > 0
    }

    fn finish(self, totals: &RunTotals, _seconds: f64) -> Result<Work, Error> {
        match self.out {
            Out::Stdout(mut out) => out.flush().map_err(Error::Stdout)?,
            Out::File(out) => out.commit()?,
            Out::Nowhere => {}
        }
        if self.count {
            let mut out = io::stdout().lock();
            writeln!(out, "{}", self.matched).map_err(Error::Stdout)?;
        }
        if self.matched == 0 && totals.games > 0 {
            let mut err = io::stderr().lock();
            for hint in self.hints {
                let _ = writeln!(err, "arbiter: note: no game matched; {hint}");
            }
        }
        Ok(Work::Selected {
            games: totals.games,
            matched: self.matched,
        })
    }

    fn unwritten(&self) -> Unwritten {
        match self.out {
            Out::File(_) => Unwritten::OutputFile,
            _ => Unwritten::Nothing,
        }
    }

    fn outputs(&self) -> Vec<OutputFile> {
        match &self.out {
            Out::File(file) => vec![file.output_file("-o")],
            _ => Vec::new(),
        }
    }
}

/// Runs `arbiter select`.
///
/// # Errors
/// Returns an error when the output cannot be created or written, or names an input.
/// Unreadable inputs are reported on standard error and make the status
/// [`RunStatus::Failed`].
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    if let Some(path) = &options.output {
        let read = [&options.input.paths[..], &options.input.read_files[..]].concat();
        super::guard::refuse_overwrite(&[("-o", path)], &read)?;
    }
    let out = match (&options.output, options.count) {
        (_, true) => Out::Nowhere,
        (Some(path), false) => Out::File(AtomicFile::create(path)?),
        (None, false) => Out::Stdout(BufWriter::with_capacity(1 << 16, io::stdout().lock())),
    };
    let budget = OutputBudget::default();
    let sink = SelectSink {
        out,
        matched: 0,
        errors: 0,
        problems: Human::new(io::stderr(), ReportOptions::default()),
        count: options.count,
        budget: &budget,
        hints: options.selector.hints(),
    };
    let selector = &options.selector;
    // Standard input kept for the second pass, and the inputs that pass reads.
    let mut spool: Option<TempDir> = None;
    let mut input = options.input.clone();
    if selector.compares_players() {
        match read_player_names(options, &mut spool)? {
            FirstPass::Read { names, stdin } => {
                selector.set_spellings(&names);
                if let Some(path) = stdin {
                    input.paths = stdin_replaced(&input.paths, &path);
                }
            }
            FirstPass::Interrupted(status) => return Ok(status),
        }
    }
    let export_options = ExportOptions::default();
    let export = options.export && !options.count;
    let job = |g: &RawGame<'_>| {
        if g.index == 0 || g.too_large {
            return (false, None);
        }
        let text = game_text(g);
        let (matched, exported) =
            selector.select(text, export.then(|| (&export_options, budget.room())));
        if let Some(e) = &exported {
            budget.hold(e.text.len());
        }
        (matched, exported)
    };
    let status = run_games(&input, job, sink);
    drop(spool);
    status
}

/// What the first pass found.
enum FirstPass {
    /// The names of the inputs that bear on the compared players (each once), and the file
    /// that holds standard input, when it was read.
    Read {
        names: Vec<String>,
        stdin: Option<PathBuf>,
    },
    /// Ctrl-C: the run's status.
    Interrupted(RunStatus),
}

/// The first pass: every game's White and Black tags, of every input (no shard), keeping the
/// names that bear on the compared players; standard input copied to a file in `spool` on the
/// way. Quiet: what there is to say of the inputs, the second pass says.
fn read_player_names(options: &Options, spool: &mut Option<TempDir>) -> Result<FirstPass, Error> {
    let reads_stdin =
        options.input.paths.is_empty() || options.input.paths.iter().any(|p| p.as_os_str() == "-");
    let mut copy = None;
    if reads_stdin {
        let mut dir = TempDir::new(&std::env::temp_dir());
        let path = dir
            .file(0)
            .map_err(|e| Error::output(Path::new("(temporary file)"), e))?;
        let file = File::create(&path).map_err(|e| Error::output(&path, e))?;
        copy = Some((path, BufWriter::with_capacity(1 << 20, file)));
        *spool = Some(dir);
    }
    let input = InputOptions {
        shard: None,
        timing: false,
        progress: false,
        rereading: true,
        ..options.input.clone()
    };
    let selector = &options.selector;
    let filter = selector.player_filter();
    let job = |g: &RawGame<'_>| {
        if g.index == 0 || g.too_large {
            return Vec::new();
        }
        (player_names(game_text(g)).into_iter().flatten())
            .filter(|name| selector.relevant(&filter, name))
            .collect::<Vec<String>>()
    };
    let mut sink = NamesSink {
        names: HashSet::new(),
        copy: copy.as_mut().map(|(path, out)| (path.as_path(), out)),
    };
    let status = run_games(&input, job, &mut sink)?;
    if status == RunStatus::Interrupted {
        return Ok(FirstPass::Interrupted(status));
    }
    let mut names: Vec<String> = std::mem::take(&mut sink.names).into_iter().collect();
    names.sort_unstable();
    drop(sink);
    let stdin = match copy {
        Some((path, out)) => {
            out.into_inner()
                .map_err(|e| Error::output(&path, e.into_error()))?
                .sync_all()
                .map_err(|e| Error::output(&path, e))?;
            Some(path)
        }
        None => None,
    };
    Ok(FirstPass::Read { names, stdin })
}

/// `paths` with standard input (`-`, or no path at all) replaced by `copy`.
fn stdin_replaced(paths: &[PathBuf], copy: &Path) -> Vec<PathBuf> {
    if paths.is_empty() {
        return vec![copy.to_path_buf()];
    }
    paths
        .iter()
        .map(|p| match p.as_os_str() == "-" {
            true => copy.to_path_buf(),
            false => p.clone(),
        })
        .collect()
}

/// The sink of the first pass: the names, and standard input's bytes copied.
struct NamesSink<'c> {
    names: HashSet<String>,
    copy: Option<(&'c Path, &'c mut BufWriter<File>)>,
}

impl GameSink<Vec<String>> for &mut NamesSink<'_> {
    fn game(&mut self, game: &RawGame<'_>, names: Vec<String>) -> Result<(), Error> {
        if let Some((path, out)) = &mut self.copy
            && game.name == "-"
        {
            out.write_all(game.bytes)
                .map_err(|e| Error::output(path.to_path_buf(), e))?;
        }
        self.names.extend(names);
        Ok(())
    }

    fn findings(&self) -> bool {
        false
    }

    fn finish(self, totals: &RunTotals, _seconds: f64) -> Result<Work, Error> {
        Ok(Work::Selected {
            games: totals.games,
            matched: 0,
        })
    }

    fn unwritten(&self) -> Unwritten {
        Unwritten::Nothing
    }
}
