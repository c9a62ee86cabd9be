//! `arbiter audit`: the FIDE draw rules over whole databases (same input engine, parallelism and
//! output formats as `arbiter check`), or over FEN/EPD positions with `--positions`.

use std::io;
use std::path::{Path, PathBuf};

use shakmaty::{Color, EnPassantMode};

use crate::analysis::draw::{AuditOptions, Profile, audit_game, audit_game_in_context, classify};
use crate::analysis::fen::{CastlingRules, line_fen, read_fen};
use crate::analysis::unwinnable::{Budget, Verdict};
use crate::engine::parallel::RawGame;
use crate::model::identity::{AuditRun, ProfileId, RunRecord};
use crate::model::{AuditReport, AuditStatus, AuditSummary, RunTotals, Unit, Unwritten, Work};
use crate::report::audit::{AuditSink, AuditSinkTo, BySide, PositionRecord, PositionSummary, sink};
use crate::report::html::Html;
use crate::report::pgn::LineProblem;
use crate::report::{Format, ReportFormat};

use super::check::out_error;
use super::lines::{Line, Lines};
use super::output::{
    AtomicFile, BufferPool, Held, OutputBudget, OutputFile, keep_apart, refuse_read_files,
    refuse_unsafe_outputs,
};
use super::run::interrupted;
use super::tables::TableOut;
use super::{Error, GameSink, InputOptions, RunStatus, run_games};

/// Where the verdicts or positions go (standard output, or the `-o` file), buffered.
type Out<'p> = io::BufWriter<TableOut<'p>>;

/// The sink of verdicts or positions, writing to [`Out`].
type Sink<'p> = Box<dyn AuditSinkTo<Out<'p>> + 'p>;

/// Resolved options of `arbiter audit`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Inputs, threads, progress bar and timing line.
    pub input: InputOptions,
    /// Output format.
    pub format: ReportFormat,
    /// Write the verdicts (positions) to this file (`-o`) instead of standard output.
    pub output: Option<PathBuf>,
    /// The rules and `--missed`.
    pub audit: AuditOptions,
    /// Print a record per game.
    pub games: bool,
    /// ANSI colours in the text format.
    pub color: bool,
    /// Which verdicts are printed (all are counted).
    pub filter: crate::model::filter::FilterOptions,
    /// Classify the FEN/EPD lines of this file instead of auditing games.
    pub positions: Option<PathBuf>,
    /// With `positions`: write a helpmate for each side that can checkmate.
    pub show_helpmate: bool,
    /// With `positions`: the search budget of "can this side still checkmate?", per side.
    pub positions_budget: Budget,
    /// Write the games with error verdicts here, byte for byte.
    pub verdicts_out: Option<PathBuf>,
    /// `-v`/`--all`: the text report shows the info verdicts too.
    pub all: bool,
}

/// The profile `--profile` names: a built-in one (`fide`, `platform`), else a TOML file, read
/// once for the run (it lives as long as the process: verdicts name its rules).
///
/// # Errors
/// Returns a usage error when `arg` is no built-in profile and no readable file, or the file is
/// not a valid profile (the message names the key at fault).
pub fn profile(arg: &str) -> Result<&'static Profile, Error> {
    if let Some(p) = Profile::built_in(arg) {
        return Ok(p);
    }
    let names: Vec<&str> = crate::analysis::draw::BUILT_IN
        .iter()
        .map(|(n, _)| *n)
        .collect();
    let text = read_profile(arg).map_err(|e| match crate::engine::interrupt::requested() {
        // Stopped while the file (a FIFO) was awaited: it may well be a profile.
        true => Error::Usage(format!("--profile {arg}: {e}")),
        false => Error::Usage(format!(
            "--profile {arg}: not a built-in profile ({}) and not a readable file: {e}",
            names.join(", ")
        )),
    })?;
    let profile =
        Profile::from_toml(&text).map_err(|e| Error::Usage(format!("--profile {arg}: {e}")))?;
    let profile: &'static Profile = Box::leak(Box::new(profile));
    let id = ProfileId {
        name: profile.name.clone(),
        file: Some(arg.to_owned()),
        sha256: Some(sha256_hex(text.as_bytes())),
    };
    LOADED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((std::ptr::from_ref(profile) as usize, id));
    Ok(profile)
}

/// The profiles read from files in this process, by address, with what identifies them.
static LOADED: std::sync::Mutex<Vec<(usize, ProfileId)>> = std::sync::Mutex::new(Vec::new());

/// What identifies `profile` in the record of a run (`arbiter merge` tells runs apart by it):
/// a profile file by its name, path and SHA-256, so that a file named like a built-in profile
/// is not taken for it; a built-in profile by its name.
pub fn profile_id(profile: &'static Profile) -> ProfileId {
    let address = std::ptr::from_ref(profile) as usize;
    let loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    match loaded.iter().find(|(a, _)| *a == address) {
        Some((_, id)) => id.clone(),
        None => ProfileId {
            name: profile.name.clone(),
            file: None,
            sha256: None,
        },
    }
}

/// The SHA-256 of `bytes`, in lowercase hexadecimal (as `sha256sum` prints it).
fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What `--laws` says, as the record of a run names it.
pub fn laws_name(laws: crate::analysis::draw::LawsOption) -> &'static str {
    use crate::analysis::draw::LawsOption;
    match laws {
        LawsOption::Current => "current",
        LawsOption::Pre2014 => "pre-2014",
        LawsOption::Auto => "auto",
    }
}

/// The options of an audit run, as its summary records them.
fn run_options(options: &Options) -> AuditRun {
    use crate::analysis::draw::Missed;
    let r = options.audit.rules;
    let families = [
        (r.repetition, "repetition"),
        (r.fifty, "fifty"),
        (r.stalemate, "stalemate"),
        (r.dead, "dead"),
        (r.perpetual, "perpetual"),
        (r.termination, "termination"),
    ];
    AuditRun {
        profile: profile_id(options.audit.profile),
        laws: laws_name(options.audit.laws).to_owned(),
        rules: families
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, name)| (*name).to_owned())
            .collect(),
        missed: match options.audit.missed {
            Missed::Off => None,
            Missed::First => Some("first".to_owned()),
            Missed::All => Some("all".to_owned()),
        },
        only: options.filter.only.clone(),
        ignore: options.filter.ignore.clone(),
        errors_only: options.filter.errors_only,
        games: options.games,
    }
}

/// The most bytes of a profile file read (1 MiB; a profile is under 1 KiB): `/dev/zero` or a
/// database named by mistake is refused at the cap instead of filling the memory.
const MAX_PROFILE_BYTES: u64 = 1 << 20;

/// The text of the profile file `path`, read up to [`MAX_PROFILE_BYTES`].
fn read_profile(path: &str) -> std::io::Result<String> {
    let bytes = crate::engine::input::interruptible::read_capped(
        std::path::Path::new(path),
        MAX_PROFILE_BYTES,
        "no profile",
    )?;
    String::from_utf8(bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
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
        return run_positions(path, options);
    }
    let parquet = options.format == ReportFormat::Parquet;
    // A table (CSV, Parquet) has no room for the summary: its line goes to standard error, as
    // check's.
    let table = parquet || options.format == ReportFormat::Stream(Format::Csv);
    // Usage errors before any output is opened (a FIFO waits for its reader).
    let filter = options.filter.filter().map_err(Error::Usage)?;
    TableOut::refuse(options.output.as_deref(), &options.input.paths, parquet)?;
    let verdicts_out = match &options.verdicts_out {
        Some(path) => {
            if let Some(output) = options.output.as_ref().filter(|o| o.as_os_str() != "-") {
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
    let out = TableOut::open_for(
        options.output.as_deref(),
        &options.input.paths,
        parquet,
        &buffers,
    )?;
    let output = out.output_file();
    let out = audit_sink(options, io::BufWriter::with_capacity(1 << 16, out), false)?;
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
        summary_to_stderr: table && options.input.timing,
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
    let audit = match options.format {
        ReportFormat::Html(_) => audit_game_in_context,
        _ => audit_game,
    };
    audit(
        game.bytes,
        game.index,
        game.offset,
        game.line,
        game.col,
        options.audit,
        options.games,
    )
}

/// The sink of `options.format` writing to `out`: of verdicts, or of `positions`.
fn audit_sink<'p>(options: &Options, out: Out<'p>, positions: bool) -> Result<Sink<'p>, Error> {
    match options.format {
        ReportFormat::Stream(format) => {
            let games = options.games && !positions;
            Ok(sink(format, out, games, options.color, shows_info(options)))
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
    options.all
        || !options.filter.only.is_empty()
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
    let error = out_error(to_file);
    let out = out.into_output().map_err(error)?;
    let out = out.into_inner().map_err(|e| error(e.into_error()))?;
    out.commit()
}

/// Writes the summary line of the text format on standard error (after a table: Parquet).
fn summary_to_stderr(finish: impl FnOnce(&mut dyn AuditSink) -> io::Result<()>) {
    let mut line = Vec::new();
    let mut text = sink(Format::Text, &mut line, false, false, true);
    let _ = finish(&mut *text);
    drop(text);
    let _ = io::Write::write_all(&mut io::stderr(), &line);
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
        self.summary.run = Some(inputs.with_options(run_options(self.options)));
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

/// `arbiter audit --positions`: classifies every FEN/EPD line of `path`.
fn run_positions(path: &Path, options: &Options) -> Result<RunStatus, Error> {
    super::run::refuse_shard(&options.input, "audit --positions")?;
    let parquet = options.format == ReportFormat::Parquet;
    // A table (CSV, Parquet) has no room for the summary: its line goes to standard error, as
    // check's.
    let table = parquet || options.format == ReportFormat::Stream(Format::Csv);
    let inputs = [path.to_path_buf()];
    let buffers = BufferPool::default();
    let out = TableOut::open_for(options.output.as_deref(), &inputs, parquet, &buffers)?;
    let output = out.output_file();
    // Standard input read from the `-o` file is refused too, and so is a `-o` that is the
    // profile file (as the run loop refuses it for games).
    keep_apart(inputs.to_vec(), &inputs, output.as_slice())?;
    refuse_read_files(&options.input.read_files, output.as_slice())?;
    let to_file = output.is_some();
    let mut lines = Lines::open(path)?;
    let mut out = audit_sink(options, io::BufWriter::with_capacity(1 << 16, out), true)?;
    let mut summary = PositionSummary::default();
    while let Some((number, line)) = lines.next_line()? {
        let record = match line {
            Line::Text(line) => {
                let text = crate::analysis::tags::decode(line);
                let text = text.trim();
                if text.is_empty() || text.starts_with('#') {
                    continue;
                }
                position_record(number, text, options, &mut summary)
            }
            Line::TooLong { head, bytes } => {
                let text = crate::analysis::tags::decode_bounded(head, 200);
                summary.invalid += 1;
                let problem = Line::too_long_problem(bytes);
                let message = Some(problem.message.clone());
                invalid_record(number, &text, message, vec![problem])
            }
        };
        match out.position(&record) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(RunStatus::ClosedPipe),
            Err(e) => return Err(out_error(to_file)(e)),
        }
    }
    if lines.interrupted() {
        let totals = RunTotals {
            files: 1,
            files_failed: 0,
            games: summary.positions + summary.invalid,
            bytes: lines.bytes(),
        };
        let unwritten = match to_file {
            true => Unwritten::OutputFile,
            false => Unwritten::Nothing,
        };
        return Ok(interrupted(&totals, Unit::FenLines, unwritten));
    }
    let finished = out.finish_positions(&summary).map_err(out_error(to_file));
    match finished.and_then(|()| close(out, to_file)) {
        Ok(()) => {}
        Err(e) if e.is_broken_pipe() => return Ok(RunStatus::ClosedPipe),
        Err(e) => return Err(e),
    }
    if table && options.input.timing {
        summary_to_stderr(|text| text.finish_positions(&summary));
    }
    Ok(RunStatus::of(false, summary.invalid > 0))
}

/// The record of one `--positions` line (1-based line `number`), counted in `summary`: the line
/// is read by the one FEN reader, as `arbiter fen --check` reads it.
fn position_record(
    number: u64,
    text: &str,
    options: &Options,
    summary: &mut PositionSummary,
) -> PositionRecord {
    let read = read_fen(text, CastlingRules::FromField);
    let problems = super::pgn::line_problems(&read);
    match read.position {
        Some(pos) => {
            summary.positions += 1;
            let v = classify(&pos, options.positions_budget);
            summary.checkmates += u64::from(v.checkmate);
            summary.stalemates += u64::from(v.stalemate);
            summary.dead += u64::from(v.dead);
            let [white, black] = &v.can_mate;
            for verdict in [white, black] {
                let count = match verdict {
                    Verdict::Winnable(_) => &mut summary.can_mate.yes,
                    Verdict::Unwinnable(_) => &mut summary.can_mate.no,
                    Verdict::Unknown { .. } => &mut summary.can_mate.unknown,
                };
                *count += 1;
            }
            let reason = |v: &Verdict, side| v.reason().map(|r| r.describe(side));
            let helpmate = |v: &Verdict| match v {
                Verdict::Winnable(h) => Some(h.to_string()),
                _ => None,
            };
            PositionRecord {
                line: number,
                fen: line_fen(&pos, EnPassantMode::Legal),
                checkmate: Some(v.checkmate),
                stalemate: Some(v.stalemate),
                insufficient_material: Some(v.insufficient_material),
                dead: Some(v.dead),
                reason: v.reason.clone(),
                can_mate: Some(BySide {
                    white: white.can_mate(),
                    black: black.can_mate(),
                }),
                can_mate_reason: Some(BySide {
                    white: reason(white, Color::White),
                    black: reason(black, Color::Black),
                }),
                helpmate: options.show_helpmate.then(|| BySide {
                    white: helpmate(white),
                    black: helpmate(black),
                }),
                error: None,
                problems,
            }
        }
        None => {
            summary.invalid += 1;
            invalid_record(
                number,
                text,
                read.error().map(|p| p.message.clone()),
                problems,
            )
        }
    }
}

/// The record of a `--positions` line that is not a position (`error` and `problems` say why).
fn invalid_record(
    number: u64,
    text: &str,
    error: Option<String>,
    problems: Vec<LineProblem>,
) -> PositionRecord {
    PositionRecord {
        line: number,
        fen: text.chars().take(200).collect(),
        checkmate: None,
        stalemate: None,
        insufficient_material: None,
        dead: None,
        reason: None,
        can_mate: None,
        can_mate_reason: None,
        helpmate: None,
        error,
        problems,
    }
}
