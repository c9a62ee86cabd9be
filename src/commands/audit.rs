//! `arbiter audit`: the FIDE draw rules over whole databases (same input engine, parallelism and
//! output formats as `arbiter check`), or over FEN/EPD positions with `--positions`.

use std::io;
use std::path::{Path, PathBuf};

use shakmaty::EnPassantMode;

use crate::analysis::draw::{AuditOptions, Profile, audit_game, classify};
use crate::analysis::fen::{CastlingRules, line_fen, read_fen};
use crate::engine::parallel::RawGame;
use crate::model::{AuditReport, AuditStatus, AuditSummary, RunTotals, Unit, Unwritten, Work};
use crate::report::Format;
use crate::report::audit::{AuditSink, PositionRecord, PositionSummary, sink};
use crate::report::pgn::LineProblem;

use super::lines::{Line, Lines};
use super::output::{AtomicFile, refuse_unsafe_outputs};
use super::run::interrupted;
use super::{Error, GameSink, InputOptions, RunStatus, run_games};

/// Resolved options of `arbiter audit`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Inputs, threads, progress bar and timing line.
    pub input: InputOptions,
    /// Output format.
    pub format: Format,
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
    /// Write the games with error verdicts here, byte for byte.
    pub verdicts_out: Option<PathBuf>,
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
    Ok(Box::leak(Box::new(profile)))
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

/// Runs the audit, writing to standard output.
///
/// # Errors
/// Returns an error when the thread pool cannot be started, the positions file cannot be read
/// or standard output cannot be written. Unreadable game files are reported and make the status
/// [`RunStatus::Failed`].
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    if let Some(path) = &options.positions {
        return run_positions(path, options);
    }
    let verdicts_out = match &options.verdicts_out {
        Some(path) => {
            let read = [&options.input.paths[..], &options.input.read_files[..]].concat();
            refuse_unsafe_outputs(
                &[("--verdicts-out", path)],
                &read,
                "--verdicts-out",
                "the games with verdicts",
            )?;
            Some(AtomicFile::create(path)?)
        }
        None => None,
    };
    let out = sink(
        options.format,
        io::BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        options.games,
        options.color,
    );
    let job = |game: &RawGame<'_>| {
        (game.index > 0).then(|| {
            if game.too_large {
                return super::too_large_audit_report(game, options.audit.profile);
            }
            audit_game(
                game.bytes,
                game.index,
                game.offset,
                game.line,
                game.col,
                options.audit,
                options.games,
            )
        })
    };
    let sink = Audit {
        out,
        summary: AuditSummary::default(),
        verdicts_out,
        filter: options.filter.filter().map_err(Error::Usage)?,
    };
    run_games(&options.input, job, sink)
}

/// The sink of `arbiter audit`: verdicts on standard output, the games with error verdicts in
/// `--verdicts-out`.
struct Audit<'w> {
    out: Box<dyn AuditSink + 'w>,
    summary: AuditSummary,
    verdicts_out: Option<AtomicFile>,
    filter: crate::model::filter::FindingFilter,
}

impl GameSink<Option<AuditReport>> for Audit<'_> {
    fn game(&mut self, game: &RawGame<'_>, report: Option<AuditReport>) -> Result<(), Error> {
        match report {
            Some(mut report) => {
                self.summary.add_game(&report);
                if report.status == AuditStatus::Verdict
                    && let Some(out) = self.verdicts_out.as_mut()
                {
                    out.write_all(game.bytes)?;
                }
                self.summary.hidden += self.filter.retain_verdicts(&mut report.verdicts);
                self.out.game(game.name, &report).map_err(Error::Stdout)
            }
            None => Ok(()),
        }
    }

    fn pause(&mut self) -> Result<(), Error> {
        if let Some(out) = &mut self.verdicts_out {
            out.flush()?;
        }
        self.out.flush().map_err(Error::Stdout)
    }

    fn findings(&self) -> bool {
        self.summary.errors() > 0
    }

    fn unwritten(&self) -> Unwritten {
        match self.verdicts_out {
            Some(_) => Unwritten::SplitOutput,
            None => Unwritten::Nothing,
        }
    }

    fn finish(mut self, totals: &RunTotals, seconds: f64) -> Result<Work, Error> {
        let summary = &mut self.summary;
        summary.files = totals.files;
        summary.files_failed = totals.files_failed;
        summary.bytes = totals.bytes;
        summary.seconds = seconds;
        self.out.finish_games(summary).map_err(Error::Stdout)?;
        if let Some(out) = self.verdicts_out {
            out.commit()?;
        }
        Ok(Work::Audited {
            games: summary.games,
        })
    }
}

/// `arbiter audit --positions`: classifies every FEN/EPD line of `path`.
fn run_positions(path: &Path, options: &Options) -> Result<RunStatus, Error> {
    super::run::refuse_shard(&options.input, "audit --positions")?;
    let mut lines = Lines::open(path)?;
    let mut out = sink(
        options.format,
        io::BufWriter::new(io::stdout().lock()),
        false,
        options.color,
    );
    let mut summary = PositionSummary::default();
    while let Some((number, line)) = lines.next_line()? {
        let record = match line {
            Line::Text(line) => {
                let text = crate::analysis::tags::decode(line);
                let text = text.trim();
                if text.is_empty() || text.starts_with('#') {
                    continue;
                }
                position_record(number, text, &mut summary)
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
            Err(e) => return Err(e.into()),
        }
    }
    if lines.interrupted() {
        let totals = RunTotals {
            files: 1,
            files_failed: 0,
            games: summary.positions + summary.invalid,
            bytes: lines.bytes(),
        };
        return Ok(interrupted(&totals, Unit::FenLines, Unwritten::Nothing));
    }
    match out.finish_positions(&summary) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(RunStatus::ClosedPipe),
        Err(e) => return Err(e.into()),
    }
    Ok(RunStatus::of(false, summary.invalid > 0))
}

/// The record of one `--positions` line (1-based line `number`), counted in `summary`: the line
/// is read by the one FEN reader, as `arbiter fen --check` reads it.
fn position_record(number: u64, text: &str, summary: &mut PositionSummary) -> PositionRecord {
    let read = read_fen(text, CastlingRules::FromField);
    let problems = super::pgn::line_problems(&read);
    match read.position {
        Some(pos) => {
            summary.positions += 1;
            let v = classify(&pos);
            summary.checkmates += u64::from(v.checkmate);
            summary.stalemates += u64::from(v.stalemate);
            summary.dead += u64::from(v.dead);
            PositionRecord {
                line: number,
                fen: line_fen(&pos, EnPassantMode::Legal),
                checkmate: Some(v.checkmate),
                stalemate: Some(v.stalemate),
                insufficient_material: Some(v.insufficient_material),
                dead: Some(v.dead),
                reason: v.reason,
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
        error,
        problems,
    }
}
