//! Output of `arbiter pgn` besides the PGN itself: what the findings of the export say about
//! games left out, the findings and summary of `--from-fen` / `--from-sequence` (one "game" per
//! FEN line, as `arbiter fen --check` counts them, in the formats of `arbiter check`), and the
//! words `--from-sequence` writes into the games it makes.

use std::fmt::Display;
use std::io::{self, Write};

use super::{Format, Report, ReportOptions, reporter};
use crate::model::{Code, FenProblem, Finding, GameInfo, GameReport, Severity, Summary};

/// The clauses that say what the export did about a problem, replaced when the game is left
/// out.
const DONE: [&str; 3] = [
    "; the game is exported up to it, with result *",
    "; the variation is exported up to it",
    "; no moves exported",
];

/// Rewrites the messages of the findings of a game left out by `--valid-only`: what the export
/// did about each problem becomes `; game left out`.
pub fn mark_left_out(findings: &mut [Finding]) {
    for f in findings {
        for done in DONE {
            if let Some(cut) = f.message.strip_suffix(done) {
                f.message = cut.to_owned();
            }
        }
        f.message.push_str("; game left out");
    }
}

/// Whether the export's findings end with a summary: always in JSON Lines (the summary record)
/// and CSV (the header of an empty table), in the text format only after findings (a clean
/// export prints nothing besides the PGN).
pub fn export_has_summary(format: Format, summary: &Summary) -> bool {
    format != Format::Text || summary.errors + summary.warnings > 0
}

/// The findings of `--from-fen` and `--from-sequence`, one "game" per FEN line, in the formats
/// of `arbiter check`; the text summary line goes to `summary_out`.
pub struct FenLineReport<'w, E: Write> {
    report: Box<dyn Report + 'w>,
    summary_out: E,
    format: Format,
    summary: Summary,
    /// The positions file, as given.
    name: String,
    /// FEN lines read so far.
    fens: u64,
}

impl<E: Write> std::fmt::Debug for FenLineReport<'_, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FenLineReport")
            .field("name", &self.name)
            .field("fens", &self.fens)
            .finish_non_exhaustive()
    }
}

impl<'w, E: Write> FenLineReport<'w, E> {
    /// A report of the lines of the positions file `name`, in `format`, on `out`.
    pub fn new<W: Write + 'w>(
        format: Format,
        out: W,
        summary_out: E,
        name: String,
    ) -> FenLineReport<'w, E> {
        FenLineReport {
            report: reporter(format, out, ReportOptions::default()),
            summary_out,
            format,
            summary: Summary::default(),
            name,
            fens: 0,
        }
    }

    /// The totals so far.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// Counts one FEN line (1-based line `line`, `text` as read), with its problems.
    ///
    /// # Errors
    /// Returns the write error.
    pub fn line(&mut self, line: u64, text: &str, problems: Vec<FenProblem>) -> io::Result<()> {
        self.fens += 1;
        let mut game = GameReport {
            info: GameInfo {
                index: self.fens,
                offset: 0,
                line,
                ..GameInfo::default()
            },
            findings: Vec::new(),
            skipped: false,
        };
        for p in problems {
            game.findings.push(Finding {
                severity: p.severity,
                code: p.code,
                ply: None,
                move_text: None,
                token: p.token.map(|t| t.chars().take(80).collect()),
                line,
                col: p.col,
                fen: Some(text.chars().take(200).collect()),
                message: p.message,
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

    /// Writes the summary: in the text format `summary: N FEN lines: E with errors` after an
    /// error only (as `arbiter fen --check` says it), else the format's own.
    ///
    /// # Errors
    /// Returns the write error.
    pub fn finish(&mut self, seconds: f64) -> io::Result<()> {
        self.summary.files = 1;
        self.summary.seconds = seconds;
        let s = &self.summary;
        match self.format {
            Format::Text if s.errors > 0 => writeln!(
                self.summary_out,
                "summary: {} FEN line{}: {} with errors",
                s.games,
                if s.games == 1 { "" } else { "s" },
                s.games_with_errors
            ),
            Format::Text => Ok(()),
            _ => self.report.finish(s),
        }
    }
}

/// A move of a game made by `--from-sequence`: `12. Nf3`, `12... Nf6` when Black's move needs
/// its number, else the SAN alone.
pub fn sequence_move(fullmove: u32, white: bool, need_number: bool, san: impl Display) -> String {
    if white {
        format!("{fullmove}. {san}")
    } else if need_number {
        format!("{fullmove}... {san}")
    } else {
        san.to_string()
    }
}

/// The comment that ends a game of `--from-sequence` before a line that is not a position.
pub fn not_a_position_comment(line: u64) -> String {
    format!("{{arbiter: line {line} is not a position}}")
}

/// The comment that ends a game of `--from-sequence` where no legal move leads on.
pub fn gap_comment(line: u64, why: &str) -> String {
    format!("{{arbiter: no legal move leads to the position of line {line}: {why}}}")
}

/// The `fen/sequence-gap` finding where no legal move leads from line `previous` to `line`.
pub fn gap_problem(previous: u64, line: u64, why: &str) -> FenProblem {
    FenProblem {
        offset: 0,
        repaired: false,
        severity: Severity::Error,
        code: Code::FenSequenceGap,
        col: 1,
        token: None,
        message: format!(
            "no legal move leads from line {previous} to line {line}: {why}; a new game starts at line {line}"
        ),
    }
}
