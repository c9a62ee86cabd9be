//! `arbiter audit`: the FIDE draw rules over whole databases (same input engine, parallelism and
//! output formats as `arbiter check`), or over FEN/EPD positions with `--positions`.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use shakmaty::EnPassantMode;
use shakmaty::fen::Fen;

use crate::analysis::draw::{AuditOptions, audit_game, classify};
use crate::engine::parallel::pool;
use crate::model::AuditSummary;
use crate::report::Format;
use crate::report::audit::{PositionRecord, PositionSummary, sink};

use super::{RunStatus, for_each_input, stdout_error};

/// Resolved options of `arbiter audit`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// PGN inputs (`-` = standard input; none = standard input).
    pub paths: Vec<PathBuf>,
    /// Worker threads (0 = one per core).
    pub jobs: usize,
    /// Output format.
    pub format: Format,
    /// The rules and `--missed`.
    pub audit: AuditOptions,
    /// Print a record per game.
    pub games: bool,
    /// Draw a progress bar.
    pub progress: bool,
    /// Print the timing line on standard error.
    pub timing: bool,
    /// Memory-map regular files.
    pub mmap: bool,
    /// `--glob` patterns choosing the files of a directory walk (and the members of a zip
    /// archive); empty: PGN files (see [`crate::engine::input::PathFilter`]).
    pub globs: Vec<String>,
    /// Classify the FEN/EPD lines of this file instead of auditing games.
    pub positions: Option<PathBuf>,
}

/// Runs the audit, writing to standard output.
///
/// # Errors
/// Returns an error when the thread pool cannot be started or the positions file cannot be
/// opened. Unreadable game files are reported and make the status [`RunStatus::Failed`].
pub fn run(options: &Options) -> anyhow::Result<RunStatus> {
    if let Some(path) = &options.positions {
        return run_positions(path, options);
    }
    let started = Instant::now();
    let pool = pool(options.jobs)?;
    let stdout = io::stdout();
    let mut out = sink(
        options.format,
        io::BufWriter::with_capacity(1 << 16, stdout.lock()),
        options.games,
    );
    let mut summary = AuditSummary::default();
    let totals = for_each_input(
        &options.paths,
        options.mmap,
        &options.globs,
        options.progress,
        &pool,
        |game| {
            (game.index > 0).then(|| {
                if game.too_large {
                    return too_large_report(game);
                }
                audit_game(
                    game.bytes,
                    game.index,
                    game.offset,
                    game.line,
                    options.audit,
                    options.games,
                )
            })
        },
        |name, game, report| {
            summary.bytes += game.bytes.len() as u64;
            match report {
                Some(report) => {
                    summary.add_game(&report);
                    out.game(name, &report).map_err(stdout_error)
                }
                None => Ok(()),
            }
        },
    )
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    summary.files = totals.files;
    summary.files_failed = totals.files_failed;
    let failed = totals.files_failed > 0;
    if totals.broken_pipe {
        return Ok(status(&summary, failed));
    }
    if totals.interrupted {
        eprintln!(
            "arbiter: interrupted after {} games ({:.1} MB)",
            summary.games,
            summary.bytes as f64 / 1e6
        );
        return Ok(RunStatus::Interrupted);
    }
    summary.seconds = started.elapsed().as_secs_f64();
    match out.finish_games(&summary) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(status(&summary, failed)),
        Err(e) => return Err(anyhow::anyhow!("standard output: {e}")),
    }
    if options.timing {
        let mb = summary.bytes as f64 / 1e6;
        let _ = writeln!(
            io::stderr(),
            "arbiter: audited {} games ({mb:.1} MB) in {:.2} s ({:.1} MB/s)",
            summary.games,
            summary.seconds,
            mb / summary.seconds.max(1e-9)
        );
    }
    Ok(status(&summary, failed))
}

fn status(summary: &AuditSummary, failed: bool) -> RunStatus {
    if failed {
        RunStatus::Failed
    } else if summary.errors() > 0 {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    }
}

fn run_positions(path: &std::path::Path, options: &Options) -> anyhow::Result<RunStatus> {
    let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
        Box::new(io::BufReader::new(io::stdin()))
    } else {
        let file =
            std::fs::File::open(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        Box::new(io::BufReader::new(file))
    };
    let stdout = io::stdout();
    let mut out = sink(options.format, io::BufWriter::new(stdout.lock()), false);
    let mut summary = PositionSummary::default();
    for (index, line) in reader.split(b'\n').enumerate() {
        let number = index as u64 + 1;
        let line = line.map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let text = crate::analysis::tags::decode(&line);
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let record = match crate::analysis::tags::position_of_line(text) {
            Ok(pos) => {
                summary.positions += 1;
                let v = classify(&pos);
                summary.checkmates += u64::from(v.checkmate);
                summary.stalemates += u64::from(v.stalemate);
                summary.dead += u64::from(v.dead);
                PositionRecord {
                    line: number,
                    fen: Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
                    checkmate: Some(v.checkmate),
                    stalemate: Some(v.stalemate),
                    insufficient_material: Some(v.insufficient_material),
                    dead: Some(v.dead),
                    reason: v.reason,
                    error: None,
                }
            }
            Err(error) => {
                summary.invalid += 1;
                PositionRecord {
                    line: number,
                    fen: text.chars().take(200).collect(),
                    checkmate: None,
                    stalemate: None,
                    insufficient_material: None,
                    dead: None,
                    reason: None,
                    error: Some(error),
                }
            }
        };
        match out.position(&record) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(RunStatus::Clean),
            Err(e) => return Err(e.into()),
        }
    }
    match out.finish_positions(&summary) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => return Err(e.into()),
    }
    let _ = io::stderr().is_terminal();
    Ok(if summary.invalid > 0 {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    })
}

/// The report of a game too large to be read: skipped, with the reason.
fn too_large_report(game: &crate::engine::parallel::RawGame<'_>) -> crate::model::AuditReport {
    crate::model::AuditReport {
        info: crate::model::GameInfo {
            index: game.index,
            offset: game.offset,
            line: game.line,
            ..Default::default()
        },
        verdicts: vec![crate::model::Verdict {
            code: crate::analysis::draw::code::SKIPPED,
            severity: "info",
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
        status: crate::model::AuditStatus::Skipped,
    }
}
