//! `arbiter audit`: the FIDE draw rules over whole databases (same input engine, parallelism and
//! output formats as `arbiter check`), or over FEN/EPD positions with `--positions`.

mod positions;
mod profile;

use std::io;
use std::path::PathBuf;

use crate::analysis::draw::{AuditOptions, audit_game, audit_game_in_context};
use crate::analysis::unwinnable::Budget;
use crate::engine::parallel::RawGame;
use crate::model::identity::RunRecord;
use crate::model::{AuditReport, AuditStatus, AuditSummary, RunTotals, Unwritten, Work};
use crate::report::audit::{AuditSink, AuditSinkTo, sink};
use crate::report::html::Html;
use crate::report::{Format, ReportFormat};

use super::output::{
    AtomicFile, BufferPool, Held, OutputBudget, OutputFile, refuse_unsafe_outputs,
};
use super::report_out::{Out, ReportOutput, out_error};
use super::{Error, GameSink, InputOptions, RunStatus, run_games};

pub use profile::{laws_name, profile, profile_id};

/// The sink of verdicts or positions, writing to [`Out`].
type Sink<'p> = Box<dyn AuditSinkTo<Out<'p>> + 'p>;

/// Resolved options of `arbiter audit`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Inputs, threads, progress bar and timing line.
    pub input: InputOptions,
    /// Format, `-o` (verdicts, or positions), colour, `--games`, `-v`, and which verdicts are
    /// printed (all are counted).
    pub report: ReportOutput,
    /// The rules and `--missed`.
    pub audit: AuditOptions,
    /// Classify the FEN/EPD lines of this file instead of auditing games.
    pub positions: Option<PathBuf>,
    /// With `positions`: write a helpmate for each side that can checkmate.
    pub show_helpmate: bool,
    /// With `positions`: the search budget of "can this side still checkmate?", per side.
    pub positions_budget: Budget,
    /// Write the games with error verdicts here, byte for byte.
    pub verdicts_out: Option<PathBuf>,
}

/// Runs the audit, writing to standard output or to the `-o` file (written under a temporary
/// name and renamed when the run is complete).
///
/// # Errors
/// Returns an error when the thread pool cannot be started, the positions file cannot be read
/// or an output cannot be written. Unreadable game files are reported and make the status
/// [`RunStatus::Failed`].
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    if let Some(path) = &options.positions {
        return positions::run_positions(path, options);
    }
    // Usage errors before any output is opened (a FIFO waits for its reader).
    let filter = options.report.filter()?;
    options.report.refuse(&options.input.paths)?;
    let verdicts_out = match &options.verdicts_out {
        Some(path) => {
            if let Some(output) = options
                .report
                .output
                .as_ref()
                .filter(|o| o.as_os_str() != "-")
            {
                let outputs = [("--verdicts-out", path.as_path()), ("-o", output.as_path())];
                refuse_unsafe_outputs(&outputs, &[], "the games with verdicts")?;
            }
            let read = [&options.input.paths[..], &options.input.read_files[..]].concat();
            refuse_unsafe_outputs(
                &[("--verdicts-out", path)],
                &read,
                "the games with verdicts",
            )?;
            Some(AtomicFile::create(path)?)
        }
        None => None,
    };
    let buffers = BufferPool::default();
    let (out, output) = options.report.open(&options.input.paths, &buffers)?;
    let out = audit_sink(options, out, false)?;
    let budget = OutputBudget::default();
    let sink_budget = &budget;
    let job = |game: &RawGame<'_>| {
        (game.index > 0).then(|| {
            let report = audit_one(game, options);
            let bytes = report.memory();
            sink_budget.keep(report, bytes)
        })
    };
    let sink = Audit {
        options,
        budget: &budget,
        out,
        summary: AuditSummary::default(),
        verdicts_out,
        filter,
        output,
        summary_to_stderr: options.report.is_table() && options.input.timing,
    };
    run_games(&options.input, job, sink)
}

/// The audit of one game (not read when it is too large).
// One copy of the analysis, called by the jobs and by the writer.
#[inline(never)]
fn audit_one(game: &RawGame<'_>, options: &Options) -> AuditReport {
    if game.too_large {
        return super::too_large_audit_report(game, options.audit.profile);
    }
    let audit = match options.report.html() {
        true => audit_game_in_context,
        false => audit_game,
    };
    audit(
        game.bytes,
        game.index,
        game.offset,
        game.line,
        game.col,
        options.audit,
        options.report.games,
    )
}

/// The sink of `options.format` writing to `out`: of verdicts, or of `positions`.
fn audit_sink<'p>(options: &Options, out: Out<'p>, positions: bool) -> Result<Sink<'p>, Error> {
    let report = &options.report;
    match report.format {
        ReportFormat::Stream(format) => {
            let games = report.games && !positions;
            Ok(sink(format, out, games, report.color, shows_info(options)))
        }
        ReportFormat::Parquet => parquet_sink(out, positions),
        ReportFormat::Html(_) if positions => Err(Error::Usage(
            "--format html shows games: use text, jsonl, csv or parquet with --positions"
                .to_owned(),
        )),
        ReportFormat::Html(html) => Ok(Box::new(Html::new(out, "audit", html))),
    }
}

/// Whether the text report shows the info verdicts (claims available or supported, audits
/// incomplete or skipped): with `-v`/`--all`, or when they were asked for (`--only`,
/// `--missed`). By default it shows errors and warnings, as `check`'s.
fn shows_info(options: &Options) -> bool {
    options.report.all
        || !options.report.filter.only.is_empty()
        || options.audit.missed != crate::analysis::draw::Missed::Off
}

/// The Parquet table of verdicts (of positions with `positions`), writing to `out`.
#[cfg(feature = "parquet")]
fn parquet_sink(out: Out<'_>, positions: bool) -> Result<Sink<'_>, Error> {
    use crate::report::tables::findings::AuditTable;
    let to_file = out.get_ref().is_file();
    let table = match positions {
        true => AuditTable::positions(out),
        false => AuditTable::verdicts(out),
    };
    match table {
        Ok(table) => Ok(Box::new(table)),
        Err(e) => Err(out_error(to_file)(e)),
    }
}

/// `--format parquet` in a build without the `parquet` feature: a usage error.
#[cfg(not(feature = "parquet"))]
fn parquet_sink(_out: Out<'_>, _positions: bool) -> Result<Sink<'_>, Error> {
    Err(super::tables::parquet_not_built())
}

/// Writes the last of `out` and closes it: the `-o` file renamed into place, or standard
/// output flushed (`to_file`: the errors name the file).
fn close(out: Sink<'_>, to_file: bool) -> Result<(), Error> {
    let out = out.into_output().map_err(out_error(to_file))?;
    super::report_out::close(out, to_file)
}

/// Writes the summary line of the text format on standard error (after a table: CSV,
/// Parquet).
fn summary_to_stderr(finish: impl FnOnce(&mut dyn AuditSink) -> io::Result<()>) {
    super::report_out::summary_to_stderr(|line| {
        let mut text = sink(Format::Text, line, false, false, true);
        let _ = finish(&mut *text);
    });
}

/// The sink of `arbiter audit`: verdicts on standard output or in the `-o` file, the games with
/// error verdicts in `--verdicts-out`.
struct Audit<'p> {
    /// How games are audited (the writer audits again the games whose reports did not fit
    /// the budget).
    options: &'p Options,
    /// The reports the jobs hold for the writer.
    budget: &'p OutputBudget,
    out: Sink<'p>,
    summary: AuditSummary,
    verdicts_out: Option<AtomicFile>,
    filter: crate::model::filter::FindingFilter,
    /// The `-o` file, if any.
    output: Option<OutputFile>,
    /// The summary goes to standard error as well (a Parquet table has no room for it).
    summary_to_stderr: bool,
}

impl GameSink<Option<Held<AuditReport>>> for Audit<'_> {
    fn game(&mut self, game: &RawGame<'_>, held: Option<Held<AuditReport>>) -> Result<(), Error> {
        let options = self.options;
        match held.map(|held| held.take(self.budget, || audit_one(game, options))) {
            Some(mut report) => {
                self.summary.add_game(&report);
                if report.status == AuditStatus::Verdict
                    && let Some(out) = self.verdicts_out.as_mut()
                {
                    out.write_all(game.bytes)?;
                }
                self.summary.hidden += self.filter.retain_verdicts(&mut report.verdicts);
                let written = self.out.game(game.name, &report);
                written.map_err(out_error(self.output.is_some()))
            }
            None => Ok(()),
        }
    }

    fn pause(&mut self) -> Result<(), Error> {
        if let Some(out) = &mut self.verdicts_out {
            out.flush()?;
        }
        self.out.flush().map_err(out_error(self.output.is_some()))
    }

    fn findings(&self) -> bool {
        self.summary.errors() > 0
    }

    fn unwritten(&self) -> Unwritten {
        match (self.output.is_some(), self.verdicts_out.is_some()) {
            (false, false) => Unwritten::Nothing,
            (false, true) => Unwritten::SplitOutput,
            (true, false) => Unwritten::OutputFile,
            (true, true) => Unwritten::Files(&["-o", "--verdicts-out"]),
        }
    }

    fn inputs(&mut self, inputs: RunRecord<()>) {
        self.summary.run = Some(inputs.with_options(profile::run_options(self.options)));
    }

    fn outputs(&self) -> Vec<OutputFile> {
        let verdicts = self.verdicts_out.iter();
        let verdicts = verdicts.map(|f| f.output_file("--verdicts-out"));
        verdicts.chain(self.output.iter().cloned()).collect()
    }

    fn finish(mut self, totals: &RunTotals, seconds: f64) -> Result<Work, Error> {
        let summary = &mut self.summary;
        summary.files = totals.files;
        summary.files_failed = totals.files_failed;
        summary.bytes = totals.bytes;
        summary.seconds = seconds;
        let to_file = self.output.is_some();
        self.out.finish_games(summary).map_err(out_error(to_file))?;
        close(self.out, to_file)?;
        if let Some(out) = self.verdicts_out {
            out.commit()?;
        }
        if self.summary_to_stderr {
            summary_to_stderr(|text| text.finish_games(summary));
        }
        Ok(Work::Audited {
            games: summary.games,
        })
    }
}
