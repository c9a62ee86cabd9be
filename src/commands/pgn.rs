//! `arbiter pgn` (issue 4): clean PGN export of games (same input engine and parallelism as
//! `arbiter check`, output in input order), and games made from FEN/EPD positions
//! (`--from-fen`, `--from-sequence`).
//!
//! Problems (illegal moves, bad positions) go to standard error as `arbiter: FILE: ...` lines and
//! make the exit status 1; the PGN goes to standard output.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use shakmaty::Chess;

use crate::analysis::pgn::{
    ExportOptions, Exported, connecting_move, export_game, game_from_position, read_position_line,
};
use crate::analysis::tags::decode;
use crate::engine::parallel::pool;

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
}

/// Runs `arbiter pgn`, writing PGN to standard output.
///
/// # Errors
/// Returns an error when the thread pool cannot be started, a positions file cannot be read, or
/// standard output cannot be written (a closed pipe ends the run quietly).
pub fn run(options: &Options) -> anyhow::Result<RunStatus> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let status = match &options.mode {
        Mode::Export => export(options, &mut out)?,
        Mode::FromFen(path) => from_fen(path, &mut out)?,
        Mode::FromSequence(path) => from_sequence(path, &mut out)?,
    };
    match out.flush() {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(anyhow::anyhow!("standard output: {e}"))
        }
        _ => Ok(status),
    }
}

fn export(options: &Options, out: &mut impl Write) -> anyhow::Result<RunStatus> {
    let pool = pool(options.jobs)?;
    let mut problems = false;
    let totals = for_each_input(
        &options.paths,
        options.mmap,
        &options.globs,
        false,
        &pool,
        |game| {
            (game.index > 0).then(|| match game.too_large {
                true => Exported {
                    problems: vec![format!(
                        "line {}: {} ({})",
                        game.line,
                        super::too_large_message(),
                        super::GAME_TOO_LARGE
                    )],
                    ..Exported::default()
                },
                false => export_game(game.bytes, game.line, &options.export),
            })
        },
        |name, game, exported| {
            let Some(exported) = exported else {
                return Ok(());
            };
            let skipped = options.valid_only && !exported.problems.is_empty();
            for problem in &exported.problems {
                problems = true;
                let problem = if skipped {
                    problem
                        .split("; ")
                        .next()
                        .map_or(problem.clone(), |p| format!("{p}; game left out"))
                } else {
                    problem.clone()
                };
                eprintln!("arbiter: {name}: game {}: {problem}", game.index);
            }
            if skipped {
                return Ok(());
            }
            out.write_all(exported.text.as_bytes())
                .map_err(|e| match e.kind() {
                    io::ErrorKind::BrokenPipe => e,
                    _ => output_error(e),
                })
        },
    )
    .map_err(|e| anyhow::anyhow!("standard output: {e}"))?;
    if totals.interrupted {
        eprintln!("arbiter: interrupted");
        return Ok(RunStatus::Interrupted);
    }
    Ok(if totals.files_failed > 0 {
        RunStatus::Failed
    } else if problems {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    })
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

fn from_fen(path: &Path, out: &mut impl Write) -> anyhow::Result<RunStatus> {
    let mut bad = false;
    for (number, line) in position_lines(path)? {
        let Some(line) = line else { continue };
        match read_position_line(&line) {
            Ok((pos, id)) => {
                if !write_out(out, &game_from_position(&pos, id.as_deref(), &[]))? {
                    break;
                }
            }
            Err(e) => {
                bad = true;
                eprintln!("arbiter: {}:{number}: {e}", path.display());
            }
        }
    }
    Ok(if bad {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    })
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

fn from_sequence(path: &Path, out: &mut impl Write) -> anyhow::Result<RunStatus> {
    use shakmaty::{Color, Position};
    let mut bad = false;
    let mut game: Option<(u64, Sequence)> = None;
    let name = path.display();
    for (number, line) in position_lines(path)? {
        let Some(line) = line else {
            // A blank line ends the game.
            if let Some((_, seq)) = game.take()
                && !write_out(out, &seq.text())?
            {
                return Ok(RunStatus::Clean);
            }
            continue;
        };
        let pos = match read_position_line(&line) {
            Ok((pos, _)) => pos,
            Err(e) => {
                bad = true;
                eprintln!("arbiter: {name}:{number}: {e}");
                if let Some((_, mut seq)) = game.take() {
                    seq.moves
                        .push(format!("{{arbiter: line {number} is not a position}}"));
                    if !write_out(out, &seq.text())? {
                        return Ok(RunStatus::Clean);
                    }
                }
                continue;
            }
        };
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
                    bad = true;
                    eprintln!(
                        "arbiter: {name}:{number}: no legal move leads from line {previous} to line {number}: {why}; a new game starts at line {number}"
                    );
                    seq.moves.push(format!(
                        "{{arbiter: no legal move leads to the position of line {number}: {why}}}"
                    ));
                    let text = seq.text();
                    game = Some((number, Sequence::new(pos)));
                    if !write_out(out, &text)? {
                        return Ok(RunStatus::Clean);
                    }
                }
            },
        }
    }
    if let Some((_, seq)) = game {
        write_out(out, &seq.text())?;
    }
    Ok(if bad {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    })
}
