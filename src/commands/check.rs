//! `arbiter check`: replay every game of every input in parallel, report findings in input order,
//! and optionally split the games into valid and invalid files, byte for byte.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use crate::analysis::check::{CheckOptions, check_game};
use crate::engine::parallel::pool;
use crate::model::{GameStatus, Summary};
use crate::report::{Format, Report, ReportOptions, reporter};

use super::output::AtomicFile;
use super::{RunStatus, for_each_input, output_error, stdout_error, too_large_message};
use crate::engine::parallel::RawGame;
use crate::model::{GameInfo, GameReport};

/// Resolved options of `arbiter check`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Inputs; `-` is standard input. Empty means standard input.
    pub paths: Vec<PathBuf>,
    /// Worker threads (0 = one per core).
    pub jobs: usize,
    /// Output format.
    pub format: Format,
    /// Colour in the human format.
    pub color: bool,
    /// Draw a progress bar on standard error.
    pub progress: bool,
    /// Print the timing line on standard error (off with `--quiet`).
    pub timing: bool,
    /// Warnings count as errors.
    pub strict: bool,
    /// Print a record per game.
    pub games: bool,
    /// Write the games without errors here.
    pub valid_out: Option<PathBuf>,
    /// Write the games with errors here.
    pub invalid_out: Option<PathBuf>,
    /// Memory-map regular files (off: read them as streams).
    pub mmap: bool,
    /// `--glob` patterns choosing the files of a directory walk (and the members of a zip
    /// archive); empty: PGN files (see [`crate::engine::input::PathFilter`]).
    pub globs: Vec<String>,
}

/// Runs the check and writes the report on standard output.
///
/// # Errors
/// Returns an error when the thread pool or an output file cannot be created. Unreadable inputs
/// are reported on standard error and make the status [`RunStatus::Failed`]; the other inputs are
/// still checked. A closed standard output ends the run quietly.
pub fn run(options: &Options) -> anyhow::Result<RunStatus> {
    let started = Instant::now();
    check_outputs(options)?;
    let pool = pool(options.jobs)?;
    let mut valid_out = options
        .valid_out
        .as_deref()
        .map(AtomicFile::create)
        .transpose()?;
    let mut invalid_out = options
        .invalid_out
        .as_deref()
        .map(AtomicFile::create)
        .transpose()?;
    let stdout = io::stdout();
    let mut report = reporter(
        options.format,
        io::BufWriter::with_capacity(1 << 16, stdout.lock()),
        ReportOptions {
            color: options.color,
            games: options.games,
        },
    );
    let check = CheckOptions {
        strict: options.strict,
        game_names: options.games,
    };
    let mut summary = Summary::default();
    let totals = for_each_input(
        &options.paths,
        options.mmap,
        &options.globs,
        options.progress,
        &pool,
        |game| {
            (game.index > 0).then(|| match game.too_large {
                true => too_large_report(game),
                false => check_game(game.bytes, game.index, game.offset, game.line, check),
            })
        },
        |name, game, game_report| {
            summary.bytes += game.bytes.len() as u64;
            let Some(game_report) = game_report else {
                // Blank bytes and no game: nothing to report, but the split keeps them. The
                // rest of a game that is too large goes where its first part went.
                let out = match game.too_large {
                    true => invalid_out.as_mut(),
                    false => valid_out.as_mut(),
                };
                if let Some(out) = out {
                    out.write_all(game.bytes).map_err(output_error)?;
                }
                return Ok(());
            };
            summary.add_game(&game_report);
            let out = if game_report.status() == GameStatus::Error {
                invalid_out.as_mut()
            } else {
                valid_out.as_mut()
            };
            if let Some(out) = out {
                out.write_all(game.bytes).map_err(output_error)?;
            }
            report.game(name, &game_report).map_err(stdout_error)
        },
    )
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    summary.files = totals.files;
    summary.files_failed = totals.files_failed;
    let failed = totals.files_failed > 0;
    let broken_pipe = totals.broken_pipe;
    if totals.interrupted {
        // Ctrl-C: no summary on standard output, no partial split files (dropping them removes
        // their temporary files); say how far the run got.
        drop(valid_out);
        drop(invalid_out);
        let _ = report;
        eprintln!(
            "arbiter: interrupted after {} games ({:.1} MB) in {} files; no split output was written",
            summary.games,
            summary.bytes as f64 / 1e6,
            summary.files
        );
        return Ok(RunStatus::Interrupted);
    }
    summary.seconds = started.elapsed().as_secs_f64();
    if broken_pipe {
        // The reader went away: stop quietly, keep no partial split files.
        drop(valid_out);
        drop(invalid_out);
        return Ok(status(&summary, failed));
    }
    match report.finish(&summary) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(status(&summary, failed)),
        Err(e) => return Err(anyhow::anyhow!("standard output: {e}")),
    }
    drop(report);
    for out in [valid_out, invalid_out].into_iter().flatten() {
        out.commit()?;
    }
    if options.format == Format::Csv && options.timing {
        // The CSV table has no room for it: the summary goes to standard error.
        let mut line = Vec::new();
        let _ =
            crate::report::human::Human::new(&mut line, ReportOptions::default()).finish(&summary);
        let _ = io::stderr().write_all(&line);
    }
    if options.timing {
        let mb = summary.bytes as f64 / 1e6;
        let mut err = io::stderr().lock();
        let _ = writeln!(
            err,
            "arbiter: checked {} games ({:.1} MB) in {:.2} s ({:.1} MB/s)",
            summary.games,
            mb,
            summary.seconds,
            mb / summary.seconds.max(1e-9)
        );
    }
    Ok(status(&summary, failed))
}

/// Refuses output files that would destroy data: the same file for valid and invalid games, or an
/// input file (the run would replace it while reading it).
fn check_outputs(options: &Options) -> anyhow::Result<()> {
    let outputs: Vec<&PathBuf> = [&options.valid_out, &options.invalid_out]
        .into_iter()
        .flatten()
        .collect();
    let same = |a: &PathBuf, b: &PathBuf| super::output::same_file(a, b) || a == b;
    if let [a, b] = outputs[..]
        && same(a, b)
    {
        anyhow::bail!(
            "--valid-out and --invalid-out name the same file ({})",
            a.display()
        );
    }
    for out in &outputs {
        if out.as_os_str() == "-" {
            anyhow::bail!("--valid-out/--invalid-out need a file name, not '-'");
        }
        let special = std::fs::metadata(out).is_ok_and(|m| !m.is_file());
        if let Some(input) = options.paths.iter().find(|p| !special && same(p, out)) {
            anyhow::bail!(
                "{} is both an input and an output file; write the split games elsewhere",
                input.display()
            );
        }
    }
    Ok(())
}

fn status(summary: &Summary, failed: bool) -> RunStatus {
    if failed {
        RunStatus::Failed
    } else if summary.errors > 0 {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    }
}

/// True when standard error is a terminal (for the progress bar default).
pub fn stderr_is_terminal() -> bool {
    io::stderr().is_terminal()
}

/// The report of a game too large to be read: one `syntax/game-too-large` error at its first line.
fn too_large_report(game: &RawGame<'_>) -> GameReport {
    GameReport {
        info: GameInfo {
            index: game.index,
            offset: game.offset,
            line: game.line,
            ..GameInfo::default()
        },
        findings: vec![super::too_large_finding(game.line, too_large_message())],
        skipped: false,
    }
}
