//! `arbiter audit`: the FIDE draw rules over whole databases (same input engine, parallelism and
//! output formats as `arbiter check`), or over FEN/EPD positions with `--positions`.

use std::io;
use std::path::{Path, PathBuf};

use shakmaty::EnPassantMode;

use crate::analysis::draw::{AuditOptions, audit_game, classify, code};
use crate::analysis::fen::{CastlingRules, line_fen, read_fen};
use crate::engine::parallel::RawGame;
use crate::model::{
    AuditReport, AuditStatus, AuditSummary, GameInfo, RunTotals, Unit, Unwritten, Verdict, Work,
};
use crate::report::Format;
use crate::report::audit::{AuditSink, PositionRecord, PositionSummary, sink};

use super::lines::Lines;
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
    /// Which verdicts are printed (all are counted).
    pub filter: crate::model::filter::FilterOptions,
    /// Classify the FEN/EPD lines of this file instead of auditing games.
    pub positions: Option<PathBuf>,
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
    let out = sink(
        options.format,
        io::BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        options.games,
    );
    let job = |game: &RawGame<'_>| {
        (game.index > 0).then(|| {
            if game.too_large {
                return too_large_report(game);
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
        filter: options.filter.filter().map_err(Error::Usage)?,
    };
    run_games(&options.input, job, sink)
}

/// The sink of `arbiter audit`: verdicts on standard output.
struct Audit<'w> {
    out: Box<dyn AuditSink + 'w>,
    summary: AuditSummary,
    filter: crate::model::filter::FindingFilter,
}

impl GameSink<Option<AuditReport>> for Audit<'_> {
    fn game(&mut self, game: &RawGame<'_>, report: Option<AuditReport>) -> Result<(), Error> {
        match report {
            Some(mut report) => {
                self.summary.add_game(&report);
                self.summary.hidden += self.filter.retain_verdicts(&mut report.verdicts);
                self.out.game(game.name, &report).map_err(Error::Stdout)
            }
            None => Ok(()),
        }
    }

    fn findings(&self) -> bool {
        self.summary.errors() > 0
    }

    fn finish(mut self, totals: &RunTotals, seconds: f64) -> Result<Work, Error> {
        let summary = &mut self.summary;
        summary.files = totals.files;
        summary.files_failed = totals.files_failed;
        summary.bytes = totals.bytes;
        summary.seconds = seconds;
        self.out.finish_games(summary).map_err(Error::Stdout)?;
        Ok(Work::Audited {
            games: summary.games,
        })
    }
}

/// `arbiter audit --positions`: classifies every FEN/EPD line of `path`.
fn run_positions(path: &Path, options: &Options) -> Result<RunStatus, Error> {
    let mut lines = Lines::open(path)?;
    let mut out = sink(
        options.format,
        io::BufWriter::new(io::stdout().lock()),
        false,
    );
    let mut summary = PositionSummary::default();
    while let Some((number, line)) = lines.next_line()? {
        let text = crate::analysis::tags::decode(line);
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let record = position_record(number, text, &mut summary);
        match out.position(&record) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(RunStatus::Clean),
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
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
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
            PositionRecord {
                line: number,
                fen: text.chars().take(200).collect(),
                checkmate: None,
                stalemate: None,
                insufficient_material: None,
                dead: None,
                reason: None,
                error: read.error().map(|p| p.message.clone()),
                problems,
            }
        }
    }
}

/// The report of a game too large to be read: skipped, with the reason.
fn too_large_report(game: &RawGame<'_>) -> AuditReport {
    AuditReport {
        info: GameInfo {
            index: game.index,
            offset: game.offset,
            line: game.line,
            ..Default::default()
        },
        verdicts: vec![Verdict {
            code: code::SKIPPED,
            severity: crate::model::Severity::Info,
            rule: None,
            ply: 0,
            move_text: None,
            claim_move: None,
            occurrences: Vec::new(),
            fen: String::new(),
            recorded_result: None,
            correct_result: None,
            message: format!(
                "skipped ({}): {}",
                super::GAME_TOO_LARGE,
                super::too_large_message()
            ),
        }],
        status: AuditStatus::Skipped,
    }
}
