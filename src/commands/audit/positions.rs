//! `arbiter audit --positions`: the FIDE Laws' questions about FEN/EPD positions (checkmate,
//! stalemate, dead position, and per side "can it still checkmate?", arts. 5.2.2 and 6.9), one
//! record per line.

use std::io;
use std::path::Path;

use shakmaty::{Color, EnPassantMode};

use crate::analysis::draw::classify;
use crate::analysis::fen::{CastlingRules, line_fen, read_fen};
use crate::analysis::unwinnable::Verdict;
use crate::model::FenProblem;
use crate::model::{RunTotals, Unit, Unwritten};
use crate::report::audit::{BySide, PositionRecord, PositionSummary};

use super::super::lines::{Line, Lines};
use super::super::output::{BufferPool, keep_apart, refuse_read_files};
use super::super::report_out::out_error;
use super::super::run::interrupted;
use super::super::{Error, RunStatus};
use super::{Options, audit_sink, summary_to_stderr};

/// `arbiter audit --positions`: classifies every FEN/EPD line of `path`.
pub(super) fn run_positions(path: &Path, options: &Options) -> Result<RunStatus, Error> {
    super::super::run::refuse_shard(&options.input, "audit --positions")?;
    let inputs = [path.to_path_buf()];
    let buffers = BufferPool::default();
    let (out, output) = options.report.open(&inputs, &buffers)?;
    // Standard input read from the `-o` file is refused too, and so is a `-o` that is the
    // profile file (as the run loop refuses it for games).
    keep_apart(inputs.to_vec(), &inputs, output.as_slice())?;
    refuse_read_files(&options.input.read_files, output.as_slice())?;
    let to_file = output.is_some();
    let mut lines = Lines::open(path)?;
    let mut out = audit_sink(options, out, true)?;
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
    match finished.and_then(|()| super::close(out, to_file)) {
        Ok(()) => {}
        Err(e) if e.is_broken_pipe() => return Ok(RunStatus::ClosedPipe),
        Err(e) => return Err(e),
    }
    if options.report.is_table() && options.input.timing {
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
    let problems = read.problems.clone();
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
    problems: Vec<FenProblem>,
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
