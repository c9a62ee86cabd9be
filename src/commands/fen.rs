//! `arbiter fen`: the positions of every game's main line as FEN or EPD (same input engine,
//! parallelism and error policy as `arbiter check`), and `arbiter fen --check`: FEN validation
//! with findings in the formats of `arbiter check`.
//!
//! The position records (text, JSON Lines, CSV) are written here, per game on the worker threads,
//! so the single writer only copies bytes.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Serialize;

use crate::analysis::fen::{FenOptions, GamePositions, check_fen, fen_text, game_positions_in};
use crate::engine::parallel::pool;
use crate::model::{Finding, GameInfo, GameReport, Summary};
use crate::report::human::sanitize;
use crate::report::{Format, ReportOptions, reporter};

use super::{InputTotals, RunStatus, for_each_input, output_error};

/// Resolved options of `arbiter fen`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Inputs; `-` is standard input. Empty means standard input.
    pub paths: Vec<PathBuf>,
    /// Worker threads (0 = one per core).
    pub jobs: usize,
    /// Output format.
    pub format: Format,
    /// Which positions and how to write them.
    pub fen: FenOptions,
    /// Draw a progress bar on standard error.
    pub progress: bool,
    /// Print the timing line (and, for CSV, the summary) on standard error.
    pub timing: bool,
    /// Memory-map regular files.
    pub mmap: bool,
    /// `--glob` patterns choosing the files of a directory walk (and the members of a zip
    /// archive); empty: PGN files (see [`crate::engine::input::PathFilter`]).
    pub globs: Vec<String>,
    /// Validate the FEN/EPD lines of the inputs instead of converting games.
    pub check: bool,
    /// With `check`: print every good FEN normalised (text format).
    pub normalize: bool,
}

/// The CSV columns of the position records, in order (the keys of the JSON Lines record).
pub const CSV_HEADER: [&str; 11] = [
    "file", "game", "ply", "move", "san", "uci", "fen", "event", "white", "black", "path",
];

#[derive(Serialize)]
struct PositionRecord<'a> {
    r#type: &'static str,
    file: &'a str,
    game: u64,
    ply: u32,
    #[serde(rename = "move")]
    move_text: Option<&'a str>,
    san: Option<&'a str>,
    uci: Option<&'a str>,
    fen: &'a str,
    event: Option<&'a str>,
    white: Option<&'a str>,
    black: Option<&'a str>,
    path: Option<&'a str>,
}

#[derive(Serialize)]
struct ErrorRecord<'a> {
    r#type: &'static str,
    file: &'a str,
    game: u64,
    ply: u32,
    #[serde(rename = "move")]
    move_text: Option<&'a str>,
    code: &'a str,
    message: &'a str,
    event: Option<&'a str>,
    white: Option<&'a str>,
    black: Option<&'a str>,
    path: Option<&'a str>,
}

#[derive(Serialize)]
struct SummaryRecord {
    r#type: &'static str,
    files: u64,
    files_failed: u64,
    games: u64,
    positions: u64,
    errors: u64,
    bytes: u64,
    seconds: f64,
}

/// What one game gives the writer: its output bytes, ready to copy.
struct GameOutput {
    bytes: Vec<u8>,
    positions: u64,
    /// Lines cut short: the main line (illegal move, unusable FEN tag, unsupported variant) or
    /// variations.
    errors: u64,
    /// The error lines for standard error (text and CSV), when a line was cut short.
    stderr: Option<String>,
}

/// Runs `arbiter fen` (or `arbiter fen --check`), writing to standard output.
///
/// # Errors
/// Returns an error when the thread pool cannot be started or standard output cannot be written.
/// Unreadable inputs are reported on standard error and make the status [`RunStatus::Failed`].
pub fn run(options: &Options) -> anyhow::Result<RunStatus> {
    if options.check {
        return run_check(options);
    }
    let started = Instant::now();
    let pool = pool(options.jobs)?;
    let buffers = BufferPool::default();
    let mut out = GameWriter::stdout(&buffers)?;
    if options.format == Format::Csv {
        let mut header = csv::Writer::from_writer(Vec::new());
        header.write_record(CSV_HEADER)?;
        out.write_all(&header.into_inner().map_err(|e| e.into_error())?)?;
    }
    let stdin = [PathBuf::from("-")];
    let paths: &[PathBuf] = if options.paths.is_empty() {
        &stdin
    } else {
        &options.paths
    };
    let mut totals = InputTotals::default();
    let (mut games, mut positions, mut errors, mut bytes) = (0u64, 0u64, 0u64, 0u64);
    for path in paths {
        let t = for_each_input(
            std::slice::from_ref(path),
            options.mmap,
            &options.globs,
            options.progress,
            &pool,
            |game| {
                (game.index > 0).then(|| {
                    if game.too_large {
                        return format_game(
                            game.name,
                            too_large_positions(game),
                            options.format,
                            options.fen.epd,
                            buffers.take(),
                            &buffers,
                        );
                    }
                    let g = game_positions_in(
                        game.bytes,
                        game.index,
                        game.offset,
                        game.line,
                        &options.fen,
                        buffers.take(),
                    );
                    format_game(
                        game.name,
                        g,
                        options.format,
                        options.fen.epd,
                        buffers.take(),
                        &buffers,
                    )
                })
            },
            |_, game, result| {
                bytes += game.bytes.len() as u64;
                let Some(result) = result else {
                    return Ok(());
                };
                games += 1;
                positions += result.positions;
                out.push(result.bytes).map_err(output_error)?;
                errors += result.errors;
                if let Some(lines) = result.stderr {
                    // Positions before the error go out first.
                    out.flush().map_err(output_error)?;
                    eprint!("{lines}");
                }
                Ok(())
            },
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        totals.files += t.files;
        totals.files_failed += t.files_failed;
        if t.broken_pipe {
            totals.broken_pipe = true;
            break;
        }
        if t.interrupted {
            eprintln!("arbiter: interrupted");
            return Ok(RunStatus::Interrupted);
        }
    }
    let status = if totals.files_failed > 0 {
        RunStatus::Failed
    } else if errors > 0 {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    };
    if totals.broken_pipe {
        return Ok(status);
    }
    let seconds = started.elapsed().as_secs_f64();
    let finished = (|| -> io::Result<()> {
        if options.format == Format::Jsonl {
            serde_json::to_writer(
                &mut out,
                &SummaryRecord {
                    r#type: "summary",
                    files: totals.files,
                    files_failed: totals.files_failed,
                    games,
                    positions,
                    errors,
                    bytes,
                    seconds,
                },
            )?;
            out.write_all(b"\n")?;
        }
        out.flush()
    })();
    match finished {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(status),
        Err(e) => return Err(anyhow::anyhow!("standard output: {e}")),
    }
    if options.timing {
        let mb = bytes as f64 / 1e6;
        let _ = writeln!(
            io::stderr(),
            "arbiter: wrote {positions} positions of {games} games ({mb:.1} MB) in {seconds:.2} s ({:.1} MB/s){}",
            mb / seconds.max(1e-9),
            if errors > 0 {
                format!("; {errors} lines cut short")
            } else {
                String::new()
            }
        );
    }
    Ok(status)
}

/// Formats the positions (and the errors, in JSON Lines) of one game into `bytes` (cleared
/// first). In the text format without rows, the game's finished lines are taken over as they
/// are, and `bytes` goes back to the pool.
fn format_game(
    file: &str,
    mut g: GamePositions,
    format: Format,
    epd: bool,
    mut bytes: Vec<u8>,
    buffers: &BufferPool,
) -> GameOutput {
    bytes.clear();
    let info = &g.info;
    match format {
        Format::Text if g.rows.is_empty() => {
            // The lines are finished: no copy.
            std::mem::swap(&mut bytes, &mut g.text);
        }
        Format::Text => {
            for row in &g.rows {
                bytes.extend_from_slice(g.line(row).as_bytes());
                // FEN lines carry the path after a tab (EPD lines have it in `id`).
                if let Some(path) = row.path.as_deref().filter(|_| !epd) {
                    bytes.push(b'\t');
                    bytes.extend_from_slice(path.as_bytes());
                }
                bytes.push(b'\n');
            }
        }
        Format::Jsonl => {
            for row in &g.rows {
                let record = PositionRecord {
                    r#type: "position",
                    file,
                    game: info.index,
                    ply: row.ply,
                    move_text: row.move_text.as_deref(),
                    san: row.san.as_deref(),
                    uci: row.uci.as_deref(),
                    fen: &g.line(row),
                    event: info.event.as_deref(),
                    white: info.white.as_deref(),
                    black: info.black.as_deref(),
                    path: row.path.as_deref(),
                };
                // Serialising plain strings and numbers into a Vec cannot fail.
                let _ = serde_json::to_writer(&mut bytes, &record);
                bytes.push(b'\n');
            }
            for stop in &g.stops {
                let record = ErrorRecord {
                    r#type: "error",
                    file,
                    game: info.index,
                    ply: stop.ply,
                    move_text: stop.move_text.as_deref(),
                    code: stop.code,
                    message: &stop.message,
                    event: info.event.as_deref(),
                    white: info.white.as_deref(),
                    black: info.black.as_deref(),
                    path: stop.path.as_deref(),
                };
                let _ = serde_json::to_writer(&mut bytes, &record);
                bytes.push(b'\n');
            }
        }
        Format::Csv => {
            let mut w = csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(&mut bytes);
            let game = info.index.to_string();
            let clean = |v: &Option<String>| sanitize(v.as_deref().unwrap_or("")).into_owned();
            let (event, white, black) =
                (clean(&info.event), clean(&info.white), clean(&info.black));
            for row in &g.rows {
                let ply = row.ply.to_string();
                let _ = w.write_record([
                    file,
                    &game,
                    &ply,
                    row.move_text.as_deref().unwrap_or(""),
                    row.san.as_deref().unwrap_or(""),
                    row.uci.as_deref().unwrap_or(""),
                    &g.line(row),
                    &event,
                    &white,
                    &black,
                    row.path.as_deref().unwrap_or(""),
                ]);
            }
            let _ = w.flush();
        }
    }
    let mut stderr = String::new();
    if format != Format::Jsonl {
        for stop in &g.stops {
            let place = match &stop.path {
                Some(path) => format!(": variation {}", sanitize(path)),
                None => String::new(),
            };
            let line = if stop.ply == 0 {
                format!(
                    "arbiter: {}: game {}: not converted: {}",
                    sanitize(file),
                    info.index,
                    sanitize(&stop.message)
                )
            } else {
                format!(
                    "arbiter: {}: game {}{place}: stopped at ply {} ({}): {} [{}]",
                    sanitize(file),
                    info.index,
                    stop.ply,
                    sanitize(stop.move_text.as_deref().unwrap_or("?")),
                    sanitize(&stop.message),
                    stop.code
                )
            };
            stderr.push_str(&line);
            stderr.push('\n');
        }
    }
    buffers.give_back(g.text);
    GameOutput {
        bytes,
        positions: g.positions,
        errors: g.stops.len() as u64,
        stderr: (!stderr.is_empty()).then_some(stderr),
    }
}

/// The writer of `arbiter fen`: the games' buffers are written as they are, many at a time
/// (`writev`), then handed back to the pool; no copy into a buffered writer.
struct GameWriter<'p> {
    out: std::fs::File,
    pending: Vec<Vec<u8>>,
    size: usize,
    buffers: &'p BufferPool,
}

impl<'p> GameWriter<'p> {
    /// Bytes gathered before they are written.
    const BATCH: usize = 1 << 20;

    /// A writer to standard output (its file descriptor, duplicated: standard output's own
    /// line buffer would copy everything again).
    fn stdout(buffers: &'p BufferPool) -> io::Result<GameWriter<'p>> {
        let mut stdout = io::stdout();
        stdout.flush()?;
        #[cfg(unix)]
        let handle = std::os::fd::AsFd::as_fd(&stdout).try_clone_to_owned()?;
        #[cfg(windows)]
        let handle = std::os::windows::io::AsHandle::as_handle(&stdout).try_clone_to_owned()?;
        Ok(GameWriter {
            out: std::fs::File::from(handle),
            pending: Vec::new(),
            size: 0,
            buffers,
        })
    }

    /// Queues one game's bytes.
    fn push(&mut self, bytes: Vec<u8>) -> io::Result<()> {
        if bytes.is_empty() {
            self.buffers.give_back(bytes);
            return Ok(());
        }
        self.size += bytes.len();
        self.pending.push(bytes);
        if self.size >= Self::BATCH {
            self.flush()?;
        }
        Ok(())
    }
}

impl Write for GameWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut bytes = self.buffers.take();
        bytes.clear();
        bytes.extend_from_slice(buf);
        self.push(bytes)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let mut slices: Vec<io::IoSlice<'_>> =
            self.pending.iter().map(|b| io::IoSlice::new(b)).collect();
        let mut rest = &mut slices[..];
        while !rest.is_empty() {
            match self.out.write_vectored(rest) {
                Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                Ok(n) => io::IoSlice::advance_slices(&mut rest, n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        for bytes in self.pending.drain(..) {
            self.buffers.give_back(bytes);
        }
        self.size = 0;
        Ok(())
    }
}

/// Output buffers handed round between the workers (which fill them) and the writer (which
/// empties them), so that a run of millions of positions does not ask the allocator, and the
/// kernel, for fresh pages game after game.
#[derive(Debug, Default)]
struct BufferPool {
    free: std::sync::Mutex<Vec<Vec<u8>>>,
}

impl BufferPool {
    /// At most this many buffers are kept.
    const MAX_BUFFERS: usize = 1 << 14;
    /// A buffer grown beyond this (a game of some 15000 FEN lines) is freed rather than kept.
    const MAX_KEPT: usize = 1 << 20;

    fn take(&self) -> Vec<u8> {
        self.free
            .lock()
            .ok()
            .and_then(|mut free| free.pop())
            .unwrap_or_default()
    }

    fn give_back(&self, buffer: Vec<u8>) {
        if buffer.capacity() == 0 || buffer.capacity() > Self::MAX_KEPT {
            return;
        }
        if let Ok(mut free) = self.free.lock()
            && free.len() < Self::MAX_BUFFERS
        {
            free.push(buffer);
        }
    }
}

/// `arbiter fen --check`: one finding per bad FEN/EPD line, in the formats of `arbiter check`.
///
/// With `--normalize`, the good FENs go to standard output and the findings and the summary to
/// standard error.
fn run_check(options: &Options) -> anyhow::Result<RunStatus> {
    if options.normalize && options.format != Format::Text {
        anyhow::bail!("--normalize is only available with --format text");
    }
    let started = Instant::now();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut err = io::stderr();
    let mut summary = Summary::default();
    let stdin = [PathBuf::from("-")];
    let paths: &[PathBuf] = if options.paths.is_empty() {
        &stdin
    } else {
        &options.paths
    };
    let result = (|| -> io::Result<()> {
        let (mut report, mut normalized) = if options.normalize {
            (
                reporter(Format::Text, &mut err, ReportOptions::default()),
                Some(&mut out as &mut dyn Write),
            )
        } else {
            (
                reporter(options.format, &mut out, ReportOptions::default()),
                None,
            )
        };
        for path in paths {
            match check_file(
                path,
                options,
                &mut *report,
                normalized.as_deref_mut(),
                &mut summary,
            ) {
                Ok(()) => summary.files += 1,
                Err(e) if e.get_ref().is_some_and(|i| i.is::<super::OutputError>()) => {
                    return Err(e);
                }
                Err(e) => {
                    eprintln!("arbiter: {}: {e}", path.display());
                    summary.files_failed += 1;
                }
            }
        }
        summary.seconds = started.elapsed().as_secs_f64();
        if options.format != Format::Text {
            report.finish(&summary)?;
        }
        Ok(())
    })();
    let result = result.and_then(|()| {
        if options.format == Format::Text {
            let line = format!(
                "summary: {} file{}, {} FEN{}: {} with errors, {} with warnings\n",
                summary.files,
                if summary.files == 1 { "" } else { "s" },
                summary.games,
                if summary.games == 1 { "" } else { "s" },
                summary.games_with_errors,
                summary.games_with_warnings
            );
            if options.normalize {
                let _ = err.write_all(line.as_bytes());
            } else {
                out.write_all(line.as_bytes())?;
            }
        }
        out.flush()
    });
    let status = if summary.files_failed > 0 {
        RunStatus::Failed
    } else if summary.errors > 0 {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    };
    match result {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(status),
        Err(e) => return Err(anyhow::anyhow!("standard output: {e}")),
    }
    if options.format == Format::Csv && options.timing {
        eprintln!(
            "summary: {} FENs: {} with errors, {} with warnings",
            summary.games, summary.games_with_errors, summary.games_with_warnings
        );
    }
    Ok(status)
}

/// Checks the lines of one input, feeding the findings to `report` (and the good FENs,
/// normalised, to `normalized`).
fn check_file(
    path: &Path,
    options: &Options,
    report: &mut dyn crate::report::Report,
    mut normalized: Option<&mut (dyn Write + '_)>,
    summary: &mut Summary,
) -> io::Result<()> {
    let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
        Box::new(io::BufReader::new(io::stdin()))
    } else {
        Box::new(io::BufReader::new(std::fs::File::open(path)?))
    };
    let name = path.display().to_string();
    let mut number = 0u64;
    for (index, line) in reader.split(b'\n').enumerate() {
        let line = line?;
        summary.bytes += line.len() as u64 + 1;
        let text = crate::analysis::tags::decode(&line);
        let text = text.trim_end_matches('\r');
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        number += 1;
        let checked = check_fen(text);
        let line_number = index as u64 + 1;
        let mut game = GameReport {
            info: GameInfo {
                index: number,
                offset: 0,
                line: line_number,
                event: None,
                white: None,
                black: None,
                result: None,
                plies: 0,
            },
            findings: Vec::new(),
            skipped: false,
        };
        if let Some(p) = checked.problem {
            game.findings.push(Finding {
                severity: p.severity,
                code: p.code,
                ply: None,
                move_text: None,
                token: p.field.map(|f| f.chars().take(80).collect()),
                line: line_number,
                col: p.col,
                fen: Some(trimmed.chars().take(200).collect()),
                message: p.message,
                variation: false,
                san: None,
            });
        }
        summary.add_game(&game);
        if !game.findings.is_empty() {
            report.game(&name, &game).map_err(output_error)?;
        }
        if let (Some(out), Some(pos)) = (normalized.as_deref_mut(), &checked.position) {
            let mut fen = fen_text(pos, &options.fen);
            fen.push('\n');
            out.write_all(fen.as_bytes()).map_err(output_error)?;
        }
    }
    Ok(())
}

/// The positions of a game too large to be read: none, and the reason.
fn too_large_positions(game: &crate::engine::parallel::RawGame<'_>) -> GamePositions {
    GamePositions {
        info: crate::model::GameInfo {
            index: game.index,
            offset: game.offset,
            line: game.line,
            ..Default::default()
        },
        rows: Vec::new(),
        positions: 0,
        text: Vec::new(),
        epd_comment: None,
        stops: vec![crate::analysis::fen::GameStop {
            ply: 0,
            move_text: None,
            code: super::GAME_TOO_LARGE,
            message: super::too_large_message(),
            path: None,
        }],
    }
}
