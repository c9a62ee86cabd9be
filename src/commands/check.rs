//! `arbiter check`: replay every game of every input in parallel, report findings in input order,
//! and optionally split the games into valid and invalid files, byte for byte.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::analysis::check::{CheckOptions, check_game};
use crate::engine::parallel::RawGame;
use crate::model::filter::{FilterOptions, FindingFilter};
use crate::model::{GameReport, GameStatus, RunTotals, Summary, Unwritten, Work};
use crate::report::{Format, Report, ReportOptions, reporter};

use super::output::{AtomicFile, OutputFile, refuse_unsafe_outputs};
use super::{Error, GameSink, InputOptions, RunStatus, run_games};

/// Resolved options of `arbiter check`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Inputs, threads, progress bar and timing line.
    pub input: InputOptions,
    /// Output format.
    pub format: Format,
    /// Colour in the human format.
    pub color: bool,
    /// Warnings count as errors.
    pub strict: bool,
    /// Which findings are printed (all are counted).
    pub filter: FilterOptions,
    /// Print a record per game.
    pub games: bool,
    /// Write the games without errors here.
    pub valid_out: Option<PathBuf>,
    /// Write the games with errors here.
    pub invalid_out: Option<PathBuf>,
}

/// Runs the check and writes the report on standard output.
///
/// # Errors
/// Returns an error when the thread pool or an output file cannot be created, or an output
/// cannot be written. Unreadable inputs are reported on standard error and make the status
/// [`RunStatus::Failed`]; the other inputs are still checked. A closed standard output ends the
/// run quietly.
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    check_outputs(options)?;
    let filter = options.filter.filter().map_err(Error::Usage)?;
    let valid_out = options
        .valid_out
        .as_deref()
        .map(AtomicFile::create)
        .transpose()?;
    let invalid_out = options
        .invalid_out
        .as_deref()
        .map(AtomicFile::create)
        .transpose()?;
    let sink = CheckSink {
        report: reporter(
            options.format,
            io::BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            ReportOptions {
                color: options.color,
                games: options.games,
            },
        ),
        summary: Summary::default(),
        filter,
        games: options.games,
        valid_out,
        invalid_out,
        csv_summary: options.format == Format::Csv && options.input.timing,
    };
    let check = CheckOptions {
        strict: options.strict,
        game_names: options.games,
    };
    let job = |game: &RawGame<'_>| {
        (game.index > 0).then(|| match game.too_large {
            true => super::too_large_check_report(game),
            false => check_game(
                game.bytes,
                game.index,
                game.offset,
                game.line,
                game.col,
                check,
            ),
        })
    };
    run_games(&options.input, job, sink)
}

/// The sink of `arbiter check`: the report on standard output, the split files.
struct CheckSink<'w> {
    report: Box<dyn Report + 'w>,
    summary: Summary,
    filter: FindingFilter,
    /// Per-game records are printed: their status counts every finding, printed or not.
    games: bool,
    valid_out: Option<AtomicFile>,
    invalid_out: Option<AtomicFile>,
    /// The summary goes to standard error as well (the CSV table has no room for it).
    csv_summary: bool,
}

impl GameSink<Option<GameReport>> for CheckSink<'_> {
    fn game(&mut self, game: &RawGame<'_>, game_report: Option<GameReport>) -> Result<(), Error> {
        let Some(mut game_report) = game_report else {
            // Blank bytes and no game: nothing to report, but the split keeps them. The rest of
            // a game that is too large goes where its first part went.
            let out = match game.too_large {
                true => self.invalid_out.as_mut(),
                false => self.valid_out.as_mut(),
            };
            if let Some(out) = out {
                out.write_all(game.bytes)?;
            }
            return Ok(());
        };
        self.summary.add_game(&game_report);
        let out = if game_report.status() == GameStatus::Error {
            self.invalid_out.as_mut()
        } else {
            self.valid_out.as_mut()
        };
        if let Some(out) = out {
            out.write_all(game.bytes)?;
        }
        if self.games {
            game_report.record_found();
        }
        self.summary.hidden += self.filter.retain(&mut game_report.findings);
        self.report
            .game(game.name, &game_report)
            .map_err(Error::Stdout)
    }

    fn pause(&mut self) -> Result<(), Error> {
        for out in [&mut self.valid_out, &mut self.invalid_out]
            .into_iter()
            .flatten()
        {
            out.flush()?;
        }
        self.report.flush().map_err(Error::Stdout)
    }

    fn findings(&self) -> bool {
        self.summary.errors > 0
    }

    fn finish(mut self, totals: &RunTotals, seconds: f64) -> Result<Work, Error> {
        let summary = &mut self.summary;
        summary.files = totals.files;
        summary.files_failed = totals.files_failed;
        summary.bytes = totals.bytes;
        summary.seconds = seconds;
        self.report.finish(summary).map_err(Error::Stdout)?;
        drop(self.report);
        for out in [self.valid_out, self.invalid_out].into_iter().flatten() {
            out.commit()?;
        }
        if self.csv_summary {
            let mut line = Vec::new();
            let _ = crate::report::human::Human::new(&mut line, ReportOptions::default())
                .finish(summary);
            let _ = io::stderr().write_all(&line);
        }
        Ok(Work::Checked {
            games: summary.games,
        })
    }

    fn unwritten(&self) -> Unwritten {
        match self.valid_out.is_some() || self.invalid_out.is_some() {
            true => Unwritten::SplitOutput,
            false => Unwritten::Nothing,
        }
    }

    fn outputs(&self) -> Vec<OutputFile> {
        let valid = self.valid_out.iter().map(|f| f.output_file("--valid-out"));
        let invalid = self
            .invalid_out
            .iter()
            .map(|f| f.output_file("--invalid-out"));
        valid.chain(invalid).collect()
    }
}

/// Refuses output files that would destroy data ([`refuse_unsafe_outputs`]).
fn check_outputs(options: &Options) -> Result<(), Error> {
    let outputs: Vec<(&str, &Path)> = [
        ("--valid-out", &options.valid_out),
        ("--invalid-out", &options.invalid_out),
    ]
    .into_iter()
    .filter_map(|(flag, path)| path.as_deref().map(|p| (flag, p)))
    .collect();
    refuse_unsafe_outputs(
        &outputs,
        &options.input.paths,
        "--valid-out/--invalid-out",
        "the split games",
    )
}
