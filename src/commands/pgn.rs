//! `arbiter pgn` (issue 4): clean PGN export of games (same input engine and parallelism as
//! `arbiter check`, output in input order), and games made from FEN/EPD positions
//! (`--from-fen`, `--from-sequence`).
//!
//! The PGN goes to standard output, or to the `-o` file. The export's problems (illegal moves,
//! unreadable words, bad start positions) are findings in the formats and JSON contract of
//! `arbiter check` (text, JSON Lines, CSV): on standard error, or on standard output when the PGN
//! goes to a file. The findings of `--from-fen` and `--from-sequence` go to standard error.
//! Errors make the exit status 1.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use shakmaty::{Chess, Color, Position};

use crate::analysis::fen::{CastlingRules, FenRead, read_fen};
use crate::analysis::pgn::{
    ExportBuffers, ExportOptions, Exported, Measured, connecting_move, export_game_into,
    export_game_measured, export_game_streamed, game_from_position,
};
use crate::analysis::tags::decode;
use crate::engine::parallel::RawGame;
use crate::model::{FenProblem, GameInfo, GameReport, RunTotals, Summary, Unit, Unwritten, Work};
use crate::report::pgn::{
    FenLineReport, export_has_summary, gap_comment, gap_problem, mark_left_out,
    not_a_position_comment, sequence_move,
};
use crate::report::{Format, Report, ReportOptions, reporter};

use super::lines::{Line, Lines};
use super::output::{AtomicFile, BufferPool, BufferWriter, OutputBudget, OutputFile};
use super::run::interrupted;
use super::{Error, GameSink, InputOptions, RunStatus, run_games};

/// What `arbiter pgn` reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// PGN games, rewritten in export format.
    #[default]
    Export,
    /// One game per FEN/EPD line of the file.
    FromFen(PathBuf),
    /// One game from the consecutive FEN lines of the file.
    FromSequence(PathBuf),
}

/// Resolved options of `arbiter pgn`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// PGN inputs of the export, threads, progress bar and timing line.
    pub input: InputOptions,
    /// What to read.
    pub mode: Mode,
    /// What the export keeps.
    pub export: ExportOptions,
    /// Leave out games with an illegal move (or an unreadable token) anywhere.
    pub valid_only: bool,
    /// The format of the export's findings.
    pub format: Format,
    /// Write the PGN to this file (atomically) instead of standard output; the findings then go
    /// to standard output.
    pub output: Option<PathBuf>,
}

/// Runs `arbiter pgn`, writing PGN to standard output (or the `-o` file).
///
/// # Errors
/// Returns an error when the thread pool cannot be started, a positions file cannot be read, or
/// an output cannot be written (a closed pipe ends the run quietly).
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    match &options.mode {
        Mode::Export => export(options),
        Mode::FromFen(path) => {
            super::run::refuse_shard(&options.input, "pgn --from-fen")?;
            from_positions(path, options.format, from_fen)
        }
        Mode::FromSequence(path) => {
            super::run::refuse_shard(&options.input, "pgn --from-sequence")?;
            from_positions(path, options.format, from_sequence)
        }
    }
}

/// Where the exported PGN goes: games' texts made on the worker threads, written as they are
/// (standard output: [`BufferWriter`]) or copied into the `-o` file.
enum PgnOut<'p> {
    Stdout(BufferWriter<'p>),
    File(AtomicFile, &'p BufferPool),
}

fn export(options: &Options) -> Result<RunStatus, Error> {
    // One pool for the texts of the games (handed to the writer) and the movetexts they are
    // made from (kept by the workers): no allocation per game once the buffers have grown.
    let buffers = BufferPool::default();
    let pgn = match &options.output {
        Some(path) => PgnOut::File(AtomicFile::create(path)?, &buffers),
        None => PgnOut::Stdout(BufferWriter::stdout(&buffers)?),
    };
    // The findings go where the PGN does not.
    let findings_out: Box<dyn Write> = match options.output {
        Some(_) => Box::new(io::BufWriter::new(io::stdout().lock())),
        None => Box::new(io::LineWriter::new(io::stderr())),
    };
    let budget = OutputBudget::default();
    let sink = Export {
        pgn,
        report: reporter(options.format, findings_out, ReportOptions::default()),
        summary: Summary::default(),
        format: options.format,
        valid_only: options.valid_only,
        export: options.export,
        budget: &budget,
    };
    let job = |game: &RawGame<'_>| {
        (game.index > 0).then(|| match game.too_large {
            true => Exported {
                problems: vec![super::too_large_finding(
                    game.line,
                    format!("{}; game left out", super::too_large_message()),
                )],
                ..Exported::default()
            },
            false => {
                // A game whose text would not fit the room left is exported again by the
                // writer, in pieces (`over_limit`).
                let room = budget.room();
                let mut game_buffers = ExportBuffers {
                    text: buffers.take(),
                    movetext: buffers.take(),
                };
                let exported = export_game_into(
                    game.bytes,
                    game.line,
                    game.col,
                    &options.export,
                    room,
                    &mut game_buffers,
                );
                buffers.give_back(game_buffers.movetext);
                budget.hold(exported.text.len());
                exported
            }
        })
    };
    run_games(&options.input, job, sink)
}

/// The sink of the export: the PGN, and the findings in the formats of `arbiter check`.
struct Export<'w> {
    pgn: PgnOut<'w>,
    report: Box<dyn Report + 'w>,
    summary: Summary,
    format: Format,
    valid_only: bool,
    export: ExportOptions,
    /// The texts the jobs hold for this sink.
    budget: &'w OutputBudget,
}

impl PgnOut<'_> {
    fn write(&mut self, text: &str) -> Result<(), Error> {
        match self {
            PgnOut::Stdout(out) => out.write_all(text.as_bytes()).map_err(Error::Stdout),
            PgnOut::File(out, _) => out.write_all(text.as_bytes()),
        }
    }

    /// Writes a game's text made by a job, its buffer then used again.
    fn write_game(&mut self, text: String) -> Result<(), Error> {
        match self {
            PgnOut::Stdout(out) => out.push(text.into_bytes()).map_err(Error::Stdout),
            PgnOut::File(out, buffers) => {
                let written = out.write_all(text.as_bytes());
                buffers.give_back(text.into_bytes());
                written
            }
        }
    }

    /// Writes what waits in the buffer (a live stream paused).
    fn flush(&mut self) -> Result<(), Error> {
        match self {
            PgnOut::Stdout(out) => out.flush().map_err(Error::Stdout),
            PgnOut::File(out, _) => out.flush(),
        }
    }

    /// The error of writing the findings: they go to standard output when the PGN goes to a
    /// file (the error then names standard output), else to standard error.
    fn findings_error(&self, e: io::Error) -> Error {
        match self {
            PgnOut::File(..) => Error::Stdout(e),
            PgnOut::Stdout(_) => Error::Io(e),
        }
    }
}

impl Export<'_> {
    /// Writes the text of a game that was too large for the room its job had, exported again
    /// in pieces as it is made (after [`export_game_measured`]).
    fn stream(&mut self, game: &RawGame<'_>, measured: &Measured) -> Result<(), Error> {
        let mut failed: Option<Error> = None;
        let pgn = &mut self.pgn;
        let mut sink = |text: &str| match pgn.write(text) {
            Ok(()) => true,
            Err(e) => {
                failed = Some(e);
                false
            }
        };
        export_game_streamed(
            game.bytes,
            game.line,
            game.col,
            &self.export,
            measured,
            &mut sink,
        );
        failed.map_or(Ok(()), Err)
    }
}

impl GameSink<Option<Exported>> for Export<'_> {
    const WINDOW_BYTES: usize = 1 << 20;

    fn game(&mut self, game: &RawGame<'_>, exported: Option<Exported>) -> Result<(), Error> {
        let Some(exported) = exported else {
            return Ok(());
        };
        self.budget.release(exported.text.len());
        // Too large for its job's room: its problems first, its text later, in pieces.
        let measured = exported
            .over_limit
            .then(|| export_game_measured(game.bytes, game.line, game.col, &self.export));
        let exported = match &measured {
            Some(m) => m.exported.clone(),
            None => exported,
        };
        let left_out = self.valid_only && !exported.problems.is_empty();
        let mut findings = exported.problems;
        if left_out {
            mark_left_out(&mut findings);
        }
        let report_of_game = GameReport {
            info: GameInfo {
                index: game.index,
                offset: game.offset,
                line: game.line,
                event: exported.event,
                white: exported.white,
                black: exported.black,
                result: None,
                plies: exported.plies,
                record: None,
                context: None,
            },
            findings,
            // Left out: counted as skipped.
            skipped: left_out,
        };
        self.summary.add_game(&report_of_game);
        let reported = self.report.game(game.name, &report_of_game);
        reported.map_err(|e| self.pgn.findings_error(e))?;
        if left_out {
            return Ok(());
        }
        match &measured {
            Some(measured) => self.stream(game, measured),
            None => self.pgn.write_game(exported.text),
        }
    }

    fn pause(&mut self) -> Result<(), Error> {
        self.pgn.flush()?;
        let flushed = self.report.flush();
        flushed.map_err(|e| self.pgn.findings_error(e))
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
        let to_file = matches!(self.pgn, PgnOut::File(..));
        match self.pgn {
            PgnOut::Stdout(mut out) => out.flush().map_err(Error::Stdout)?,
            PgnOut::File(file, _) => file.commit()?,
        }
        if export_has_summary(self.format, summary) {
            let finished = self.report.finish(summary);
            finished.map_err(|e| match to_file {
                true => Error::Stdout(e),
                false => Error::Io(e),
            })?;
        }
        Ok(Work::Exported {
            games: summary.games - summary.games_skipped,
            left_out: summary.games_skipped,
        })
    }

    fn unwritten(&self) -> Unwritten {
        match self.pgn {
            PgnOut::Stdout(_) => Unwritten::Nothing,
            PgnOut::File(..) => Unwritten::OutputFile,
        }
    }

    fn outputs(&self) -> Vec<OutputFile> {
        match &self.pgn {
            PgnOut::Stdout(_) => Vec::new(),
            PgnOut::File(file, _) => vec![file.output_file("-o")],
        }
    }
}

/// One line of a positions file: `None` for a blank line (it separates the games of
/// `--from-sequence`), else the line, decoded and trimmed.
type PositionLine<'a> = Option<&'a str>;

/// `--from-fen` or `--from-sequence` over the positions file `path`: `each` takes every line
/// that is not a `#` comment and writes PGN to `out`; the findings go to standard error.
fn from_positions(
    path: &Path,
    format: Format,
    each: fn(&mut Positions, u64, PositionLine<'_>) -> Result<bool, Error>,
) -> Result<RunStatus, Error> {
    let started = Instant::now();
    let mut lines = Lines::open(path)?;
    let mut positions = Positions {
        out: io::BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        report: FenLineReport::new(
            format,
            io::LineWriter::new(io::stderr()),
            io::stderr(),
            path.display().to_string(),
        ),
        game: None,
        closed: false,
    };
    let mut going = true;
    while going && let Some((number, line)) = lines.next_line()? {
        let line = match line {
            Line::Text(line) => line,
            Line::TooLong { head, bytes } => {
                going = too_long(&mut positions, number, head, bytes)?;
                continue;
            }
        };
        let text = decode(line);
        let text = text.trim();
        if !text.starts_with('#') {
            going = each(&mut positions, number, (!text.is_empty()).then_some(text))?;
        }
    }
    if lines.interrupted() {
        let totals = RunTotals {
            files: 1,
            files_failed: 0,
            games: positions.report.summary().games,
            bytes: lines.bytes(),
        };
        return Ok(interrupted(&totals, Unit::FenLines, Unwritten::Nothing));
    }
    if going && let Some((_, seq)) = positions.game.take() {
        positions.write(&seq.text())?;
    }
    let status = RunStatus::of(false, positions.report.summary().errors > 0);
    let finished = positions
        .out
        .flush()
        .and_then(|()| positions.report.finish(started.elapsed().as_secs_f64()));
    match finished {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(Error::Stdout(e)),
        Err(_) => Ok(RunStatus::ClosedPipe),
        Ok(()) if positions.closed => Ok(RunStatus::ClosedPipe),
        Ok(()) => Ok(status),
    }
}

/// The state of `--from-fen` / `--from-sequence`: the PGN out, the findings, the game being
/// built by `--from-sequence` (with the line of its last position).
struct Positions {
    out: io::BufWriter<io::StdoutLock<'static>>,
    report: FenLineReport<'static, io::Stderr>,
    game: Option<(u64, Sequence)>,
    /// Standard output was closed by its reader.
    closed: bool,
}

impl Positions {
    /// Writes one game; false when standard output is closed (the run stops quietly).
    fn write(&mut self, text: &str) -> Result<bool, Error> {
        match self.out.write_all(text.as_bytes()) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(false)
            }
            Err(e) => Err(Error::Stdout(e)),
        }
    }

    /// Counts one FEN line, with its problem if any.
    fn line(&mut self, number: u64, text: &str, problems: Vec<FenProblem>) -> Result<(), Error> {
        Ok(self.report.line(number, text, problems)?)
    }
}

/// Reads a line of a positions file with the one FEN reader (as `arbiter fen --check` does).
fn read_line(line: &str) -> FenRead {
    read_fen(line, CastlingRules::FromField)
}

/// A line longer than [`super::lines::MAX_LINE_BYTES`]: a `fen/line-too-long` finding, and,
/// in a sequence, the end of the game being built (as a line that is not a position ends it).
fn too_long(p: &mut Positions, number: u64, head: &[u8], bytes: u64) -> Result<bool, Error> {
    let text = crate::analysis::tags::decode_bounded(head, 200);
    p.line(number, &text, vec![Line::too_long_problem(bytes)])?;
    match p.game.take() {
        Some((_, mut seq)) => {
            seq.moves.push(not_a_position_comment(number));
            p.write(&seq.text())
        }
        None => Ok(true),
    }
}

/// `--from-fen`: one game per line.
fn from_fen(p: &mut Positions, number: u64, line: PositionLine<'_>) -> Result<bool, Error> {
    let Some(line) = line else {
        return Ok(true);
    };
    let read = read_line(line);
    p.line(number, line, read.problems.clone())?;
    match &read.position {
        Some(pos) => p.write(&game_from_position(pos, pos, read.id.as_deref(), &[])),
        None => Ok(true),
    }
}

/// A game being built from a sequence of positions.
struct Sequence {
    start: Chess,
    pos: Chess,
    moves: Vec<String>,
    need_number: bool,
}

impl Sequence {
    fn new(pos: Chess) -> Sequence {
        Sequence {
            start: pos.clone(),
            pos,
            moves: Vec::new(),
            need_number: true,
        }
    }

    fn text(&self) -> String {
        game_from_position(&self.start, &self.pos, None, &self.moves)
    }
}

/// `--from-sequence`: consecutive lines make one game, a blank line or a gap starts the next.
fn from_sequence(p: &mut Positions, number: u64, line: PositionLine<'_>) -> Result<bool, Error> {
    let Some(line) = line else {
        // A blank line ends the game.
        return match p.game.take() {
            Some((_, seq)) => p.write(&seq.text()),
            None => Ok(true),
        };
    };
    let read = read_line(line);
    let mut problems = read.problems.clone();
    let Some(pos) = read.position else {
        p.line(number, line, problems)?;
        if let Some((_, mut seq)) = p.game.take() {
            seq.moves.push(not_a_position_comment(number));
            return p.write(&seq.text());
        }
        return Ok(true);
    };
    let mut going = true;
    match p.game.as_mut() {
        None => p.game = Some((number, Sequence::new(pos))),
        Some((previous, seq)) => match connecting_move(&seq.pos, &pos) {
            Ok((m, san)) => {
                let before = &seq.pos;
                let white = before.turn() == Color::White;
                let text = sequence_move(before.fullmoves().get(), white, seq.need_number, san);
                seq.moves.push(text);
                seq.need_number = false;
                seq.pos.play_unchecked(m);
                *previous = number;
            }
            Err(why) => {
                problems.push(gap_problem(*previous, number, &why));
                seq.moves.push(gap_comment(number, &why));
                let text = seq.text();
                p.game = Some((number, Sequence::new(pos)));
                going = p.write(&text)?;
            }
        },
    }
    if !going {
        return Ok(false);
    }
    p.line(number, line, problems)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use crate::analysis::pgn::{ExportOptions, export_game};
    use crate::engine::split::split_all;
    use crate::model::Code;

    /// The PGN files of `testdata/` and of the shared corpus (`$ARBITER_CORPUS`, else
    /// `../shared/corpus`; a note when it is absent, a failure when it is absent under CI).
    fn pgn_files() -> Vec<std::path::PathBuf> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let corpus = std::env::var_os("ARBITER_CORPUS")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| root.join("../shared/corpus"));
        if !corpus.is_dir() {
            let ci =
                std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "0" && v != "false");
            assert!(
                !ci,
                "corpus not found at {} and CI is set",
                corpus.display()
            );
            eprintln!(
                "note: corpus not found at {}: testdata only",
                corpus.display()
            );
        }
        let mut files = Vec::new();
        let mut dirs = vec![
            root.join("testdata"),
            corpus.join("games"),
            corpus.join("edge"),
        ];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "pgn") {
                    files.push(path);
                }
            }
        }
        files
    }

    /// Every move the export copies as written is its standard SAN: the export asserts it for
    /// each one in test builds (a failed assertion is a panic, which the walk reports as an
    /// `internal/panic` problem), over every game of `testdata/` and of the corpus, with and
    /// without variations.
    #[test]
    fn moves_copied_as_written_are_standard_san() {
        let mut games = 0;
        for path in pgn_files() {
            let bytes = std::fs::read(&path).unwrap();
            for span in split_all(&bytes) {
                for variations in [true, false] {
                    let options = ExportOptions {
                        variations,
                        ..ExportOptions::default()
                    };
                    let game = &bytes[span.start..span.end];
                    let exported = export_game(game, span.line, span.col, &options);
                    let panicked = exported
                        .problems
                        .iter()
                        .any(|p| p.code == Code::InternalPanic);
                    assert!(!panicked, "{}:{}", path.display(), span.line);
                }
                games += 1;
            }
        }
        assert!(games > 100, "{games} games");
    }
}
