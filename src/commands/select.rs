//! `arbiter select` (issue 15): the games that match a `--where` expression, byte for byte as
//! in the input, streamed in input order (to standard output or `-o FILE`), or their count.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use crate::analysis::select::Selector;
use crate::analysis::walk::GameText;
use crate::engine::parallel::RawGame;
use crate::model::{RunTotals, Unwritten, Work};

use super::output::{AtomicFile, OutputFile};
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
    count: bool,
}

impl GameSink<bool> for SelectSink<'_> {
    fn game(&mut self, game: &RawGame<'_>, matched: bool) -> Result<(), Error> {
        if !matched {
            return Ok(());
        }
        self.matched += 1;
        match &mut self.out {
            Out::Stdout(out) => out.write_all(game.bytes).map_err(Error::Stdout),
            Out::File(out) => out.write_all(game.bytes),
            Out::Nowhere => Ok(()),
        }
    }

    fn findings(&self) -> bool {
        false
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
        super::guard::refuse_overwrite(&[("-o", path)], &options.input.paths)?;
    }
    let out = match (&options.output, options.count) {
        (_, true) => Out::Nowhere,
        (Some(path), false) => Out::File(AtomicFile::create(path)?),
        (None, false) => Out::Stdout(BufWriter::with_capacity(1 << 16, io::stdout().lock())),
    };
    let sink = SelectSink {
        out,
        matched: 0,
        count: options.count,
    };
    let selector = &options.selector;
    let job = |g: &RawGame<'_>| {
        g.index > 0
            && !g.too_large
            && selector.matches(GameText {
                bytes: g.bytes,
                index: g.index,
                offset: g.offset,
                line: g.line,
                col: g.col,
            })
    };
    run_games(&options.input, job, sink)
}
