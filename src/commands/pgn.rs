//! `arbiter pgn` (issue 4): clean PGN export of games (same input engine and parallelism as
//! `arbiter check`, output in input order), and games made from FEN/EPD positions
//! (`--from-fen`, `--from-sequence`).
//!
//! The PGN goes to standard output, or to the `-o` file. The export's problems (illegal moves,
//! unreadable words, bad start positions) are findings in the formats and JSON contract of
//! `arbiter check` (text, JSON Lines, CSV): on standard error, or on standard output when the PGN
//! goes to a file. `--from-fen` and `--from-sequence` report on standard error as
//! `arbiter: FILE:LINE: ...`. Errors make the exit status 1.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use shakmaty::Chess;

use crate::analysis::pgn::{
    ExportOptions, Exported, connecting_move, export_game, game_from_position, read_position_line,
};
use crate::analysis::tags::decode;
use crate::engine::parallel::pool;
use crate::model::{GameInfo, GameReport, Summary};
use crate::report::{Format, ReportOptions, reporter};

use super::output::{AtomicFile, same_file};

use super::{RunStatus, for_each_input, output_error};

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
    /// PGN inputs for the export (`-` or none = standard input).
    pub paths: Vec<PathBuf>,
    /// What to read.
    pub mode: Mode,
    /// Worker threads (0 = one per core).
    pub jobs: usize,
    /// Memory-map regular files.
    pub mmap: bool,
    /// `--glob` patterns choosing the files of a directory walk (and the members of a zip
    /// archive); empty: PGN files (see [`crate::engine::input::PathFilter`]).
    pub globs: Vec<String>,
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

/// Runs `arbiter pgn`, writing PGN to standard output.
///
/// # Errors
/// Returns an error when the thread pool cannot be started, a positions file cannot be read, or
/// standard output cannot be written (a closed pipe ends the run quietly).
pub fn run(options: &Options) -> anyhow::Result<RunStatus> {
    if let Mode::Export = options.mode {
        return export(options);
    }
    let started = std::time::Instant::now();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut diagnostics = Diagnostics {
        report: reporter(
            options.format,
            io::LineWriter::new(io::stderr()),
            ReportOptions::default(),
        ),
        summary: Summary::default(),
        name: String::new(),
        fens: 0,
    };
    match &options.mode {
        Mode::Export => unreachable!("handled above"),
        Mode::FromFen(path) => from_fen(path, &mut out, &mut diagnostics)?,
        Mode::FromSequence(path) => from_sequence(path, &mut out, &mut diagnostics)?,
    };
    diagnostics.summary.files = 1;
    diagnostics.summary.seconds = started.elapsed().as_secs_f64();
    let status = if diagnostics.summary.errors > 0 {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    };
    let finished = out.flush().and_then(|()| {
        let s = &diagnostics.summary;
        match options.format {
            // As `arbiter fen --check` says it, after findings only.
            Format::Text if s.errors > 0 => eprintln!(
                "summary: {} FEN line{}: {} with errors",
                s.games,
                if s.games == 1 { "" } else { "s" },
                s.games_with_errors
            ),
            Format::Text => {}
            _ => diagnostics.report.finish(s)?,
        }
        Ok(())
    });
    match finished {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(anyhow::anyhow!("standard output: {e}"))
        }
        _ => Ok(status),
    }
}

/// The findings of `--from-fen` and `--from-sequence`, one "game" per FEN line (as `arbiter fen
/// --check` counts them), in the formats of `arbiter check`.
struct Diagnostics<'w> {
    report: Box<dyn crate::report::Report + 'w>,
    summary: Summary,
    /// The positions file, as given.
    name: String,
    /// FEN lines read so far.
    fens: u64,
}

impl Diagnostics<'_> {
    /// Counts one FEN line (1-based line `line`), with a finding about it if any.
    fn line(
        &mut self,
        line: u64,
        text: &str,
        finding: Option<(&'static str, u64, String)>,
    ) -> io::Result<()> {
        self.fens += 1;
        let mut game = GameReport {
            info: GameInfo {
                index: self.fens,
                offset: 0,
                line,
                event: None,
                white: None,
                black: None,
                result: None,
                plies: 0,
            },
            findings: Vec::new(),
            skipped: false,
        };
        if let Some((code, col, message)) = finding {
            game.findings.push(crate::model::Finding {
                severity: crate::model::Severity::Error,
                code,
                ply: None,
                move_text: None,
                token: None,
                line,
                col,
                fen: Some(text.chars().take(200).collect()),
                message,
                variation: false,
                san: None,
            });
        }
        self.summary.add_game(&game);
        self.summary.bytes += text.len() as u64 + 1;
        if game.findings.is_empty() {
            return Ok(());
        }
        self.report.game(&self.name, &game)
    }
}

/// The code, column and message for a line that is not a usable position: `arbiter fen
/// --check`'s finding when it has one, else `fen/position` with `why`.
fn bad_line(text: &str, why: String) -> (&'static str, u64, String) {
    match crate::analysis::fen::check_fen(text).problem {
        Some(p) if p.severity == crate::model::Severity::Error => (p.code, p.col, p.message),
        _ => ("fen/position", 1, why),
    }
}

/// Where the exported PGN goes.
enum PgnOut {
    Stdout(io::BufWriter<io::StdoutLock<'static>>),
    File(AtomicFile),
}

impl PgnOut {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            PgnOut::Stdout(out) => out.write_all(bytes),
            PgnOut::File(out) => out.write_all(bytes),
        }
    }
}

/// The clauses that say what the export did about a problem, replaced when the game is left
/// out.
const DONE: [&str; 3] = [
    "; the game is exported up to it, with result *",
    "; the variation is exported up to it",
    "; no moves exported",
];

fn export(options: &Options) -> anyhow::Result<RunStatus> {
    let started = std::time::Instant::now();
    let pool = pool(options.jobs)?;
    let filter = crate::engine::input::PathFilter::new(&options.globs).unwrap_or_default();
    let inputs = crate::engine::input::expand_paths(&options.paths, &filter).unwrap_or_default();
    let mut pgn = match &options.output {
        Some(path) => {
            if let Some(input) = inputs.iter().find(|i| same_file(i, path)) {
                anyhow::bail!(
                    "-o {}: names the input {}; refusing to overwrite it",
                    path.display(),
                    input.display()
                );
            }
            PgnOut::File(AtomicFile::create(path)?)
        }
        None => PgnOut::Stdout(io::BufWriter::with_capacity(1 << 16, io::stdout().lock())),
    };
    // The findings go where the PGN does not.
    let findings_out: Box<dyn Write> = match options.output {
        Some(_) => Box::new(io::BufWriter::new(io::stdout().lock())),
        None => Box::new(io::LineWriter::new(io::stderr())),
    };
    let mut report = reporter(options.format, findings_out, ReportOptions::default());
    let mut summary = Summary::default();
    let totals = for_each_input(
        &options.paths,
        options.mmap,
        &options.globs,
        false,
        &pool,
        |game| {
            (game.index > 0).then(|| match game.too_large {
                true => Exported {
                    problems: vec![super::too_large_finding(
                        game.line,
                        format!("{}; game left out", super::too_large_message()),
                    )],
                    ..Exported::default()
                },
                false => export_game(game.bytes, game.line, &options.export),
            })
        },
        |name, game, exported| {
            summary.bytes += game.bytes.len() as u64;
            let Some(exported) = exported else {
                return Ok(());
            };
            let left_out = options.valid_only && !exported.problems.is_empty();
            let mut findings = exported.problems;
            if left_out {
                for f in &mut findings {
                    for done in DONE {
                        if let Some(cut) = f.message.strip_suffix(done) {
                            f.message = cut.to_owned();
                        }
                    }
                    f.message.push_str("; game left out");
                }
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
                },
                findings,
                // Left out: counted as skipped.
                skipped: left_out,
            };
            summary.add_game(&report_of_game);
            report
                .game(name, &report_of_game)
                .map_err(|e| match e.kind() {
                    io::ErrorKind::BrokenPipe => e,
                    _ => output_error(e),
                })?;
            if left_out {
                return Ok(());
            }
            pgn.write_all(exported.text.as_bytes())
                .map_err(|e| match e.kind() {
                    io::ErrorKind::BrokenPipe => e,
                    _ => output_error(e),
                })
        },
    )
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    if totals.interrupted {
        eprintln!("arbiter: interrupted");
        // The -o file is not renamed into place (its temporary file is removed).
        return Ok(RunStatus::Interrupted);
    }
    summary.files = totals.files;
    summary.files_failed = totals.files_failed;
    summary.seconds = started.elapsed().as_secs_f64();
    let status = if totals.files_failed > 0 {
        RunStatus::Failed
    } else if summary.errors > 0 {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    };
    if totals.broken_pipe {
        return Ok(status);
    }
    let finished = (|| -> io::Result<()> {
        match pgn {
            PgnOut::Stdout(mut out) => out.flush()?,
            PgnOut::File(file) => file.commit()?,
        }
        // JSON Lines: the summary record, always; text: a summary line after findings (a clean
        // export says nothing); CSV: the table (its header) only.
        if options.format != Format::Text || summary.errors + summary.warnings > 0 {
            report.finish(&summary)?;
        }
        Ok(())
    })();
    match finished {
        Ok(()) => Ok(status),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(status),
        Err(e) => Err(anyhow::anyhow!("{e}")),
    }
}

/// The non-blank, non-`#` lines of a positions file, with their 1-based line numbers; a blank
/// line is kept as `None` (it separates games in `--from-sequence`).
fn position_lines(path: &Path) -> anyhow::Result<Vec<(u64, Option<String>)>> {
    let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
        Box::new(io::BufReader::new(io::stdin()))
    } else {
        let file =
            std::fs::File::open(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        Box::new(io::BufReader::new(file))
    };
    let mut lines = Vec::new();
    for (index, line) in reader.split(b'\n').enumerate() {
        let line = line.map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let text = decode(&line);
        let text = text.trim();
        if text.starts_with('#') {
            continue;
        }
        lines.push((
            index as u64 + 1,
            (!text.is_empty()).then(|| text.to_owned()),
        ));
    }
    Ok(lines)
}

fn write_out(out: &mut impl Write, text: &str) -> anyhow::Result<bool> {
    match out.write_all(text.as_bytes()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(anyhow::anyhow!("standard output: {e}")),
    }
}

fn from_fen(
    path: &Path,
    out: &mut impl Write,
    diagnostics: &mut Diagnostics<'_>,
) -> anyhow::Result<()> {
    diagnostics.name = path.display().to_string();
    for (number, line) in position_lines(path)? {
        let Some(line) = line else { continue };
        match read_position_line(&line) {
            Ok((pos, id)) => {
                diagnostics.line(number, &line, None)?;
                if !write_out(out, &game_from_position(&pos, id.as_deref(), &[]))? {
                    break;
                }
            }
            Err(e) => {
                let finding = bad_line(&line, e);
                diagnostics.line(number, &line, Some(finding))?;
            }
        }
    }
    Ok(())
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
        game_from_position(&self.start, None, &self.moves)
    }
}

fn from_sequence(
    path: &Path,
    out: &mut impl Write,
    diagnostics: &mut Diagnostics<'_>,
) -> anyhow::Result<()> {
    use shakmaty::{Color, Position};
    let mut game: Option<(u64, Sequence)> = None;
    diagnostics.name = path.display().to_string();
    for (number, line) in position_lines(path)? {
        let Some(line) = line else {
            // A blank line ends the game.
            if let Some((_, seq)) = game.take()
                && !write_out(out, &seq.text())?
            {
                return Ok(());
            }
            continue;
        };
        let pos = match read_position_line(&line) {
            Ok((pos, _)) => pos,
            Err(e) => {
                let finding = bad_line(&line, e);
                diagnostics.line(number, &line, Some(finding))?;
                if let Some((_, mut seq)) = game.take() {
                    seq.moves
                        .push(format!("{{arbiter: line {number} is not a position}}"));
                    if !write_out(out, &seq.text())? {
                        return Ok(());
                    }
                }
                continue;
            }
        };
        let mut finding = None;
        match game.as_mut() {
            None => game = Some((number, Sequence::new(pos))),
            Some((previous, seq)) => match connecting_move(&seq.pos, &pos) {
                Ok((m, san)) => {
                    let before = &seq.pos;
                    let n = before.fullmoves();
                    seq.moves.push(if before.turn() == Color::White {
                        format!("{n}. {san}")
                    } else if seq.need_number {
                        format!("{n}... {san}")
                    } else {
                        san.to_string()
                    });
                    seq.need_number = false;
                    seq.pos.play_unchecked(m);
                    *previous = number;
                }
                Err(why) => {
                    finding = Some((
                        "fen/sequence-gap",
                        1,
                        format!(
                            "no legal move leads from line {previous} to line {number}: {why}; a new game starts at line {number}"
                        ),
                    ));
                    seq.moves.push(format!(
                        "{{arbiter: no legal move leads to the position of line {number}: {why}}}"
                    ));
                    let text = seq.text();
                    game = Some((number, Sequence::new(pos)));
                    if !write_out(out, &text)? {
                        return Ok(());
                    }
                }
            },
        }
        diagnostics.line(number, &line, finding)?;
    }
    if let Some((_, seq)) = game {
        write_out(out, &seq.text())?;
    }
    Ok(())
}
