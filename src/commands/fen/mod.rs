//! `arbiter fen`: the positions of every game's main line as FEN or EPD (same input engine,
//! parallelism and error policy as `arbiter check`), and `arbiter fen --check`: FEN validation
//! with findings in the formats of `arbiter check`.
//!
//! The records of a game are made on the worker threads ([`crate::report::fen`]), so the single
//! writer only hands buffers to the kernel ([`BufferWriter`]).

use crate::commands::run::game_text;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::analysis::fen::{
    CastlingRules, FenOptions, FenOut, FenRead, GamePositions, GameStop, PositionRow, RowTexts,
    fen_text, game_positions_in, read_fen,
};
use crate::engine::input::{PathFilter, expand_paths_noting_empty};
use crate::engine::parallel::RawGame;
use crate::model::{
    FenRow, FenStop, FenSummary, Finding, GameInfo, GameReport, RecordWriter, RunTotals, Summary,
    Unit, Unwritten, Work,
};
use crate::report::fen::{
    JsonlRecords, RecordsOf, needs_escape, stop_lines, write_check_csv_summary,
    write_check_summary, write_game, write_header, write_no_line_read, write_stop_records,
    write_summary,
};
use crate::report::run::write_empty_fen_directory;
use crate::report::{Format, Report, ReportOptions, reporter};

use super::lines::{Line, Lines};

mod svg;

use super::output::{BufferPool, BufferWriter, OutputBudget};
use super::run::{interrupted, report_input_error};
use super::{Error, GameSink, InputOptions, RunStatus, run_games};
pub use svg::SvgOptions;

/// Resolved options of `arbiter fen`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Inputs, threads, progress bar and timing line (with `check`: the FEN/EPD files).
    pub input: InputOptions,
    /// Output format.
    pub format: Format,
    /// Which positions and how to write them.
    pub fen: FenOptions,
    /// Validate the FEN/EPD lines of the inputs instead of converting games.
    pub check: bool,
    /// With `check`: print every good FEN normalised (text format).
    pub normalize: bool,
    /// Draw every good FEN/EPD line as an SVG board instead (`--format svg`).
    pub svg: Option<SvgOptions>,
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
    /// The game's output did not fit the room its job had: the writer converts it again
    /// ([`Fen::stream`]); the rest is empty.
    deferred: bool,
}

impl GameOutput {
    /// The output of a game left to the writer.
    fn deferred() -> GameOutput {
        GameOutput {
            bytes: Vec::new(),
            positions: 0,
            errors: 0,
            stderr: None,
            deferred: true,
        }
    }
}

/// Runs `arbiter fen` (or `arbiter fen --check`), writing to standard output.
///
/// # Errors
/// Returns an error when the thread pool cannot be started or standard output cannot be written.
/// Unreadable inputs are reported on standard error and make the status [`RunStatus::Failed`].
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    if let Some(svg) = &options.svg {
        return svg::run(options, svg);
    }
    if options.check {
        return run_check(options);
    }
    let buffers = BufferPool::default();
    let mut out = BufferWriter::stdout(&buffers)?;
    let mut header = Vec::new();
    write_header(&mut header, options.format);
    out.write_all(&header)?;
    let budget = OutputBudget::default();
    let job = |game: &RawGame<'_>| {
        (game.index > 0).then(|| {
            let g = match game.too_large {
                true => too_large_positions(game),
                false => {
                    let limit = budget.room();
                    let g = positions_of(game, options, buffers.take(), FenOut::Whole { limit });
                    if g.over_limit {
                        // Too large for the room left: the writer converts it again, in
                        // pieces.
                        buffers.give_back(g.text);
                        return GameOutput::deferred();
                    }
                    g
                }
            };
            let output = format_game(game.name, g, options, buffers.take(), &buffers);
            budget.hold(output.bytes.len());
            output
        })
    };
    let sink = Fen {
        out,
        options,
        buffers: &buffers,
        budget: &budget,
        summary: FenSummary::default(),
    };
    run_games(&options.input, job, sink)
}

/// Bytes of JSON Lines position records per byte of a game's PGN, for the room asked for
/// before they are written (more for games of short moves, less with comments).
const RECORD_BYTES_PER_PGN_BYTE: usize = 16;
/// At most this much room (256 KiB) is asked for at once: a longer game's buffer grows.
const RESERVED_RECORD_BYTES: usize = 256 << 10;

/// The positions of `game`, written into `text`, going to `out`: in JSON Lines of FEN lines,
/// as finished records ([`writes_records`]).
fn positions_of(
    game: &RawGame<'_>,
    options: &Options,
    text: Vec<u8>,
    out: FenOut<'_>,
) -> GamePositions {
    let text_of_game = game_text(game);
    let mut records = JsonlRecords::new(game.name);
    let records = writes_records(options).then_some(&mut records as &mut dyn RecordWriter);
    let mut text = text;
    if records.is_some() {
        // The records of a game take about 16 bytes per byte of its PGN (a record of some
        // 250 bytes per move of 15): room asked for once instead of the buffer doubling as it
        // fills (1.7 % of the instructions of `fen --format jsonl`).
        text.clear();
        text.reserve((game.bytes.len() * RECORD_BYTES_PER_PGN_BYTE).min(RESERVED_RECORD_BYTES));
    }
    game_positions_in(text_of_game, &options.fen, text, out, records)
}

/// The positions are written as finished JSON Lines records while they are made, with no rows
/// ([`JsonlRecords`]): JSON Lines of FEN lines (EPD lines keep rows, for their `sm`
/// operations and their quoted `id`).
fn writes_records(options: &Options) -> bool {
    options.format == Format::Jsonl && !options.fen.epd
}

/// The sink of `arbiter fen`: the games' buffers to standard output, the lines cut short to
/// standard error.
struct Fen<'p> {
    out: BufferWriter<'p>,
    options: &'p Options,
    buffers: &'p BufferPool,
    /// The output the jobs hold for this sink.
    budget: &'p OutputBudget,
    summary: FenSummary,
}

impl Fen<'_> {
    /// Converts a game that was too large for the room its job had, its positions written in
    /// pieces as they are made; returns the end of its output, as a job would.
    fn stream(&mut self, game: &RawGame<'_>) -> Result<GameOutput, Error> {
        let (options, buffers) = (self.options, self.buffers);
        let out = &mut self.out;
        let mut failed: Option<io::Error> = None;
        let mut sink = |g: &GamePositions, complete: usize| {
            let mut bytes = buffers.take();
            bytes.clear();
            match complete {
                0 => bytes.extend_from_slice(&g.text),
                n => write_game(
                    &mut bytes,
                    options.format,
                    &records_of(game.name, g, options),
                    {
                        // The text read as UTF-8 once for the piece, not once a row.
                        let texts = g.texts();
                        g.rows[..n].iter().map(move |row| fen_row(texts, row))
                    },
                    std::iter::empty(),
                ),
            }
            match out.push(bytes) {
                Ok(()) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            }
        };
        let g = positions_of(game, options, buffers.take(), FenOut::Stream(&mut sink));
        if let Some(e) = failed {
            return Err(Error::Stdout(e));
        }
        Ok(format_game(game.name, g, options, buffers.take(), buffers))
    }
}

impl GameSink<Option<GameOutput>> for Fen<'_> {
    /// 256 KiB: the output of a window (about 5 MB of JSON Lines) stays in the cache while its
    /// buffers go round; with 1 MiB `fen --format jsonl -j2` took 7 % more CPU time on the
    /// benchmark file (four alternating runs, 2026-12-03).
    const WINDOW_BYTES: usize = 256 << 10;

    fn game(&mut self, game: &RawGame<'_>, result: Option<GameOutput>) -> Result<(), Error> {
        let Some(mut result) = result else {
            return Ok(());
        };
        self.budget.release(result.bytes.len());
        if result.deferred {
            result = self.stream(game)?;
        }
        self.summary.games += 1;
        self.summary.positions += result.positions;
        self.out.push(result.bytes)?;
        self.summary.errors += result.errors;
        if let Some(lines) = result.stderr {
            // Positions before the error go out first.
            self.out.flush()?;
            eprint!("{lines}");
        }
        Ok(())
    }

    fn pause(&mut self) -> Result<(), Error> {
        self.out.flush().map_err(Error::Stdout)
    }

    fn findings(&self) -> bool {
        self.summary.errors > 0
    }

    fn finish(mut self, totals: &RunTotals, seconds: f64) -> Result<Work, Error> {
        let s = &mut self.summary;
        s.files = totals.files;
        s.files_failed = totals.files_failed;
        s.bytes = totals.bytes;
        s.seconds = seconds;
        write_summary(&mut self.out, self.options.format, s)
            .and_then(|()| self.out.flush())
            .map_err(Error::Stdout)?;
        Ok(Work::Positions {
            positions: s.positions,
            games: s.games,
            cut_short: s.errors,
        })
    }
}

/// Formats the positions (and the errors, in JSON Lines) of one game into `bytes` (cleared
/// first). In the text format without rows, the game's finished lines are taken over as they
/// are, and `bytes` goes back to the pool.
fn format_game(
    file: &str,
    mut g: GamePositions,
    options: &Options,
    mut bytes: Vec<u8>,
    buffers: &BufferPool,
) -> GameOutput {
    bytes.clear();
    let format = options.format;
    if writes_records(options) {
        // The records are finished: no copy; the error records follow them.
        std::mem::swap(&mut bytes, &mut g.text);
        write_stop_records(&mut bytes, file, &g.info, stops(&g.stops));
    } else if format == Format::Text && g.rows.is_empty() {
        // The lines are finished: no copy.
        std::mem::swap(&mut bytes, &mut g.text);
    } else {
        let texts = g.texts();
        let rows = g.rows.iter().map(|row| fen_row(texts, row));
        let records = records_of(file, &g, options);
        write_game(&mut bytes, format, &records, rows, stops(&g.stops));
    }
    let stderr = stop_lines(format, file, &g.info, stops(&g.stops));
    buffers.give_back(g.text);
    GameOutput {
        bytes,
        positions: g.positions,
        errors: g.stops.len() as u64,
        stderr,
        deferred: false,
    }
}

/// The game of `file` whose rows are written: plain ([`RecordsOf::plain`]) when neither the
/// text the rows point into (their moves and FEN or EPD lines) nor the EPD comment added to
/// each line holds a byte JSON escapes, as the JSON Lines records learn with one look over it.
fn records_of<'g>(file: &'g str, g: &'g GamePositions, options: &Options) -> RecordsOf<'g> {
    let plain = options.format == Format::Jsonl
        && !needs_escape(&g.text)
        && !g
            .epd_comment
            .as_ref()
            .is_some_and(|c| needs_escape(c.as_bytes()));
    RecordsOf {
        file,
        info: &g.info,
        epd: options.fen.epd,
        plain,
    }
}

/// A row of a game, as the printers take it.
#[inline]
fn fen_row<'g>(g: RowTexts<'g>, row: &'g PositionRow) -> FenRow<'g> {
    FenRow {
        ply: row.ply,
        move_text: g.move_text(row),
        san: g.san(row),
        uci: g.uci(row),
        fen: g.line(row),
        path: row.path.as_deref(),
    }
}

/// The stops of a game, as the printers take them.
fn stops(stops: &[GameStop]) -> impl ExactSizeIterator<Item = FenStop<'_>> {
    stops.iter().map(|stop| FenStop {
        ply: stop.ply,
        move_text: stop.move_text.as_deref(),
        code: stop.code.as_str(),
        message: &stop.message,
        path: stop.path.as_deref(),
    })
}

/// `arbiter fen --check`: one finding per bad FEN/EPD line, in the formats of `arbiter check`.
///
/// With `--normalize`, the good FENs go to standard output and the findings and the summary to
/// standard error.
fn run_check(options: &Options) -> Result<RunStatus, Error> {
    super::run::refuse_shard(&options.input, "fen --check")?;
    if options.normalize && options.format != Format::Text {
        return Err(Error::Usage(
            "--normalize is only available with --format text".to_owned(),
        ));
    }
    let started = Instant::now();
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut err = io::stderr();
    let mut summary = Summary::default();
    let paths = &line_inputs(&options.input)?;
    let lines = ReportOptions {
        lines: true,
        ..ReportOptions::default()
    };
    let mut normalized = options
        .normalize
        .then_some(io::BufWriter::with_capacity(1 << 16, io::stdout().lock()));
    let mut normalize = |_: &GoodLine<'_>, pos: &shakmaty::Chess| -> Result<(), Error> {
        let out = normalized.as_mut().expect("with --normalize");
        // A line with Chess960 castling is written with rook files, so that it reads back.
        let mut fen_options = options.fen;
        fen_options.shredder |= shakmaty::Position::castles(pos).mode().is_chess960();
        let mut fen = fen_text(pos, &fen_options);
        fen.push('\n');
        out.write_all(fen.as_bytes()).map_err(Error::Stdout)
    };
    let mut report = match options.normalize {
        true => reporter(Format::Text, &mut err, lines),
        false => reporter(options.format, &mut out, lines),
    };
    let mut sink = options
        .normalize
        .then_some(&mut normalize as &mut PositionSink<'_>);
    let mut bytes = 0;
    for path in paths {
        if let Some(status) = check_input(
            path,
            &mut *report,
            sink.as_deref_mut(),
            &mut summary,
            &mut bytes,
        )? {
            return Ok(status);
        }
    }
    summary.seconds = started.elapsed().as_secs_f64();
    let mut finished = Ok(());
    if options.format != Format::Text {
        finished = report.finish(&summary);
    }
    drop(report);
    let finished = finished.and_then(|()| {
        if options.format == Format::Text {
            if options.normalize {
                let _ = write_check_summary(&mut err, &summary);
            } else {
                write_check_summary(&mut out, &summary)?;
            }
        }
        if let Some(normalized) = normalized.as_mut() {
            normalized.flush()?;
        }
        out.flush()
    });
    if let Err(e) = finished {
        return quiet_or(Error::Stdout(e), &summary);
    }
    if options.format == Format::Csv && options.input.timing {
        let _ = write_check_csv_summary(&mut io::stderr(), &summary);
    }
    if nothing_read(&summary) {
        let _ = write_no_line_read(&mut io::stderr(), "fen --check");
    }
    Ok(check_status(&summary))
}

/// The inputs of FEN/EPD lines (`fen --check`, `fen --format svg`): standard input when none
/// is named, and every directory walked, as `check` walks one for PGN files, for its `*.fen` and
/// `*.epd` files (or those `--glob` chooses), sorted by path (a directory with none is a
/// warning).
///
/// # Errors
/// Returns [`Error::Usage`] for a `--glob` that is not a pattern and when every directory named
/// holds no file to read, and the error of walking a directory.
fn line_inputs(input: &InputOptions) -> Result<Vec<PathBuf>, Error> {
    if input.paths.is_empty() {
        return Ok(vec![PathBuf::from("-")]);
    }
    let filter =
        PathFilter::fen_lines(&input.globs).map_err(|e| Error::Usage(format!("--glob: {e}")))?;
    let (paths, empty) = expand_paths_noting_empty(&input.paths, &filter)?;
    for dir in &empty {
        let _ = write_empty_fen_directory(&mut io::stderr().lock(), dir, !input.globs.is_empty());
    }
    if paths.is_empty() {
        return Err(Error::Usage(
            "no input to read: every directory named holds no file to read".to_owned(),
        ));
    }
    Ok(paths)
}

/// True when the inputs read held no FEN or EPD line (none could be read: their errors say so).
fn nothing_read(summary: &Summary) -> bool {
    summary.games == 0 && summary.files > 0
}

fn check_status(summary: &Summary) -> RunStatus {
    RunStatus::of(summary.files_failed > 0, summary.errors > 0)
}

/// A closed pipe ends `fen --check` quietly ([`RunStatus::ClosedPipe`]); another error ends it.
fn quiet_or(e: Error, _summary: &Summary) -> Result<RunStatus, Error> {
    match e.is_broken_pipe() {
        true => Ok(RunStatus::ClosedPipe),
        false => Err(e),
    }
}

/// How the lines of one input were checked: to the end, or up to Ctrl-C (with the bytes read).
enum Checked {
    Done(u64),
    Interrupted(u64),
}

/// A good FEN/EPD line of an input, as [`check_file`] hands it to a [`PositionSink`].
#[derive(Debug)]
struct GoodLine<'a> {
    /// Its 1-based line number.
    line: u64,
    /// Its text, trimmed.
    text: &'a str,
    /// The EPD `id` operand, if any.
    id: Option<&'a str>,
}

/// What is done with each good line's position (`--normalize`: written as FEN; `--format
/// svg`: drawn).
type PositionSink<'a> = dyn FnMut(&GoodLine<'_>, &shakmaty::Chess) -> Result<(), Error> + 'a;

/// Checks the lines of one input, feeding the findings to `report` (and the good positions to
/// `positions`).
/// [`check_file`] of one input with the run's bookkeeping: its files and bytes counted, an input
/// that cannot be read reported (the run goes on). `Some(status)` when the run ends there
/// (Ctrl-C, standard output closed by its reader).
///
/// # Errors
/// Returns the errors of [`check_file`] that end the run.
fn check_input(
    path: &Path,
    report: &mut dyn Report,
    sink: Option<&mut PositionSink<'_>>,
    summary: &mut Summary,
    bytes: &mut u64,
) -> Result<Option<RunStatus>, Error> {
    match check_file(path, report, sink, summary) {
        Ok(Checked::Done(read)) => {
            summary.files += 1;
            *bytes += read;
            Ok(None)
        }
        Ok(Checked::Interrupted(read)) => {
            let totals = RunTotals {
                files: summary.files + 1,
                files_failed: summary.files_failed,
                games: summary.games,
                bytes: *bytes + read,
            };
            Ok(Some(interrupted(
                &totals,
                Unit::FenLines,
                Unwritten::Nothing,
            )))
        }
        Err(e @ Error::Stdout(_)) => quiet_or(e, summary).map(Some),
        Err(Error::Input { path, source }) => {
            report_input_error(&path, &source);
            summary.files_failed += 1;
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

fn check_file(
    path: &Path,
    report: &mut dyn Report,
    mut positions: Option<&mut PositionSink<'_>>,
    summary: &mut Summary,
) -> Result<Checked, Error> {
    let mut lines = Lines::open(path)?;
    let name = path.display().to_string();
    let mut number = 0u64;
    // The bytes read, as the reader counts them: a byte order mark, the last line's missing
    // newline (the lengths of the lines plus one counted neither right).
    let mut counted = 0u64;
    loop {
        summary.bytes += lines.bytes() - counted;
        counted = lines.bytes();
        let Some((line_number, line)) = lines.next_line()? else {
            break;
        };
        let (line, too_long) = match line {
            Line::Text(line) => (line, None),
            Line::TooLong { head, bytes } => (head, Some(bytes)),
        };
        let text = crate::analysis::tags::decode(line);
        let text = text.trim_end_matches('\r');
        let trimmed = text.trim();
        if too_long.is_none() && (trimmed.is_empty() || trimmed.starts_with('#')) {
            continue;
        }
        number += 1;
        let checked = match too_long {
            None => read_fen(text, CastlingRules::FromField),
            Some(bytes) => too_long_read(bytes),
        };
        let mut game = GameReport {
            info: GameInfo {
                index: number,
                line: line_number,
                ..GameInfo::default()
            },
            findings: Vec::new(),
            skipped: false,
        };
        for p in checked.problems {
            game.findings.push(Finding {
                severity: p.severity,
                code: p.code,
                ply: None,
                move_text: None,
                token: p.token.map(|f| f.chars().take(80).collect()),
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
            report.game(&name, &game).map_err(Error::Stdout)?;
        }
        if let (Some(sink), Some(pos)) = (positions.as_deref_mut(), &checked.position) {
            let line = GoodLine {
                line: line_number,
                text: trimmed,
                id: checked.id.as_deref(),
            };
            sink(&line, pos)?;
        }
    }
    summary.bytes += lines.bytes() - counted;
    Ok(match lines.interrupted() {
        true => Checked::Interrupted(lines.bytes()),
        false => Checked::Done(lines.bytes()),
    })
}

/// The reading of a line longer than [`super::lines::MAX_LINE_BYTES`]: not read, one error.
fn too_long_read(bytes: u64) -> FenRead {
    FenRead {
        position: None,
        problems: vec![Line::too_long_problem(bytes)],
        id: None,
    }
}

/// The positions of a game too large to be read: none, and the reason.
fn too_large_positions(game: &RawGame<'_>) -> GamePositions {
    GamePositions {
        info: GameInfo {
            index: game.index,
            offset: game.offset,
            line: game.line,
            ..Default::default()
        },
        rows: Vec::new(),
        positions: 0,
        text: Vec::new(),
        epd_comment: None,
        stops: vec![GameStop {
            ply: 0,
            move_text: None,
            code: super::GAME_TOO_LARGE,
            message: super::too_large_message(),
            path: None,
        }],
        over_limit: false,
    }
}
