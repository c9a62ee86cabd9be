//! `arbiter check`: replay every game of every input in parallel, report findings in input order,
//! and optionally split the games into valid and invalid files, byte for byte.

use std::io;
use std::path::{Path, PathBuf};

use crate::analysis::check::{CheckOptions, check_game};
use crate::engine::parallel::RawGame;
use crate::model::filter::FindingFilter;
use crate::model::identity::{CheckRun, RunRecord};
use crate::model::{GameReport, GameStatus, RunTotals, Summary, Unwritten, Work};
use crate::report::html::Html;
use crate::report::{Report, ReportFormat, ReportOptions, ReportTo, reporter_to};

use super::output::{
    AtomicFile, BufferPool, Held, OutputBudget, OutputFile, refuse_unsafe_outputs,
};
use super::report_out::{Out, ReportOutput, out_error};
use super::{Error, GameSink, InputOptions, RunStatus, run_games};

/// Resolved options of `arbiter check`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Inputs, threads, progress bar and timing line.
    pub input: InputOptions,
    /// Format, `-o`, colour, `--games`, and which findings are printed.
    pub report: ReportOutput,
    /// Warnings count as errors.
    pub strict: bool,
    /// Write the games without errors here.
    pub valid_out: Option<PathBuf>,
    /// Write the games with errors here.
    pub invalid_out: Option<PathBuf>,
}

/// Runs the check and writes the report on standard output, or to the `-o` file (written under
/// a temporary name and renamed when the run is complete).
///
/// # Errors
/// Returns an error when the thread pool or an output file cannot be created, or an output
/// cannot be written. Unreadable inputs are reported on standard error and make the status
/// [`RunStatus::Failed`]; the other inputs are still checked. A closed standard output ends the
/// run quietly.
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    check_outputs(options)?;
    let filter = options.report.filter()?;
    let buffers = BufferPool::default();
    let (out, output) = options.report.open(&options.input.paths, &buffers)?;
    let report = report_to(&options.report, out)?;
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
    let games = options.report.games;
    let check = CheckOptions {
        strict: options.strict,
        game_names: games,
        context: options.report.html(),
    };
    let budget = OutputBudget::default();
    let sink_budget = &budget;
    let sink = CheckSink {
        check,
        budget: &budget,
        report,
        summary: Summary::default(),
        filter,
        games,
        valid_out,
        invalid_out,
        output,
        summary_to_stderr: options.report.is_table() && options.input.timing,
        run: CheckRun {
            strict: options.strict,
            only: options.report.filter.only.clone(),
            ignore: options.report.filter.ignore.clone(),
            errors_only: options.report.filter.errors_only,
            games,
        },
    };
    let job = |game: &RawGame<'_>| {
        (game.index > 0).then(|| {
            let report = check_one(game, check);
            let bytes = report.memory();
            sink_budget.keep(report, bytes)
        })
    };
    run_games(&options.input, job, sink)
}

/// The report of one game (not read when it is too large).
// One copy of the analysis, called by the jobs and by the writer.
#[inline(never)]
fn check_one(game: &RawGame<'_>, check: CheckOptions) -> GameReport {
    match game.too_large {
        true => super::too_large_check_report(game),
        false => {
            let mut report = check_game(super::run::game_text(game), check);
            if game.cut {
                report
                    .findings
                    .insert(0, super::game_cut_finding(game.line));
            }
            report
        }
    }
}

/// The reporter of `options.format`, writing to `out`.
fn report_to<'p>(
    options: &ReportOutput,
    out: Out<'p>,
) -> Result<Box<dyn ReportTo<Out<'p>> + 'p>, Error> {
    let report_options = ReportOptions {
        color: options.color,
        games: options.games,
        lines: false,
    };
    match options.format {
        ReportFormat::Stream(format) => Ok(reporter_to(format, out, report_options)),
        ReportFormat::Parquet => parquet_report(out, options.games),
        ReportFormat::Html(html) => Ok(Box::new(Html::new(out, "check", html))),
    }
}

/// The Parquet table of findings (of games with `games`), writing to `out`.
#[cfg(feature = "parquet")]
fn parquet_report<'p>(out: Out<'p>, games: bool) -> Result<Box<dyn ReportTo<Out<'p>> + 'p>, Error> {
    use crate::report::tables::findings::FindingTable;
    let to_file = out.get_ref().is_file();
    match FindingTable::new(out, games) {
        Ok(table) => Ok(Box::new(table)),
        Err(e) => Err(out_error(to_file)(e)),
    }
}

/// `--format parquet` in a build without the `parquet` feature: a usage error.
#[cfg(not(feature = "parquet"))]
fn parquet_report<'p>(
    _out: Out<'p>,
    _games: bool,
) -> Result<Box<dyn ReportTo<Out<'p>> + 'p>, Error> {
    Err(super::tables::parquet_not_built())
}

/// The sink of `arbiter check`: the report on standard output or in the `-o` file, the split
/// files.
struct CheckSink<'p> {
    /// How games are checked (the writer checks again the games whose reports did not fit
    /// the budget).
    check: CheckOptions,
    /// The reports the jobs hold for the writer.
    budget: &'p OutputBudget,
    report: Box<dyn ReportTo<Out<'p>> + 'p>,
    summary: Summary,
    filter: FindingFilter,
    /// Per-game records are printed: their status counts every finding, printed or not.
    games: bool,
    valid_out: Option<AtomicFile>,
    invalid_out: Option<AtomicFile>,
    /// The `-o` file, if any.
    output: Option<OutputFile>,
    /// The summary goes to standard error as well (a CSV or Parquet table has no room for it).
    summary_to_stderr: bool,
    /// The options the summary records.
    run: CheckRun,
}

impl CheckSink<'_> {
    /// The error of writing the report.
    fn report_error(&self, e: io::Error) -> Error {
        out_error(self.output.is_some())(e)
    }
}

impl GameSink<Option<Held<GameReport>>> for CheckSink<'_> {
    fn game(&mut self, game: &RawGame<'_>, held: Option<Held<GameReport>>) -> Result<(), Error> {
        let check = self.check;
        let game_report = held.map(|held| held.take(self.budget, || check_one(game, check)));
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
        let written = self.report.game(game.name, &game_report);
        written.map_err(|e| self.report_error(e))
    }

    fn pause(&mut self) -> Result<(), Error> {
        for out in [&mut self.valid_out, &mut self.invalid_out]
            .into_iter()
            .flatten()
        {
            out.flush()?;
        }
        let flushed = self.report.flush();
        flushed.map_err(|e| self.report_error(e))
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
        let to_file = self.output.is_some();
        let error = out_error(to_file);
        self.report.finish(summary).map_err(error)?;
        super::report_out::close(self.report.into_output().map_err(error)?, to_file)?;
        for out in [self.valid_out, self.invalid_out].into_iter().flatten() {
            out.commit()?;
        }
        if self.summary_to_stderr {
            super::report_out::summary_to_stderr(|line| {
                let _ = crate::report::human::Human::new(line, ReportOptions::default())
                    .finish(summary);
            });
        }
        Ok(Work::Checked {
            games: summary.games,
        })
    }

    fn unwritten(&self) -> Unwritten {
        let split = (self.valid_out.is_some(), self.invalid_out.is_some());
        match (self.output.is_some(), split) {
            (false, (false, false)) => Unwritten::Nothing,
            (false, _) => Unwritten::SplitOutput,
            (true, (false, false)) => Unwritten::OutputFile,
            (true, (true, false)) => Unwritten::Files(&["-o", "--valid-out"]),
            (true, (false, true)) => Unwritten::Files(&["-o", "--invalid-out"]),
            (true, (true, true)) => Unwritten::Files(&["-o", "--valid-out", "--invalid-out"]),
        }
    }

    fn inputs(&mut self, inputs: RunRecord<()>) {
        self.summary.run = Some(inputs.with_options(self.run.clone()));
    }

    fn outputs(&self) -> Vec<OutputFile> {
        let valid = self.valid_out.iter().map(|f| f.output_file("--valid-out"));
        let invalid = self
            .invalid_out
            .iter()
            .map(|f| f.output_file("--invalid-out"));
        let output = self.output.iter().cloned();
        valid.chain(invalid).chain(output).collect()
    }
}

/// Refuses output files that would destroy data: `-o` as [`super::tables::TableOut::refuse`]
/// says, then the split files as [`refuse_unsafe_outputs`] says (naming an input, or the same
/// file), and `-o`
/// naming the same file as one of them.
fn check_outputs(options: &Options) -> Result<(), Error> {
    options.report.refuse(&options.input.paths)?;
    let mut outputs: Vec<(&str, &Path)> = [
        ("--valid-out", &options.valid_out),
        ("--invalid-out", &options.invalid_out),
    ]
    .into_iter()
    .filter_map(|(flag, path)| path.as_deref().map(|p| (flag, p)))
    .collect();
    let what = "the split games";
    refuse_unsafe_outputs(&outputs, &options.input.paths, what)?;
    // (`-o -` is standard output.)
    if let Some(output) = options
        .report
        .output
        .as_ref()
        .filter(|o| o.as_os_str() != "-")
    {
        outputs.push(("-o", output));
        refuse_unsafe_outputs(&outputs, &[], what)?;
    }
    Ok(())
}
