//! Human-readable output: one line per finding, then a summary line.
//!
//! ```text
//! games.pgn:40:5: error[illegal-move/ambiguous]: illegal move 23.Nd2: ambiguous … [game 3: A vs B, Event]
//! games.pgn: 10 games, 1 with errors, 0 with warnings only, 0 skipped; 1 error, 0 warnings; 812 plies, 10233 bytes
//! ```
//! Colour (severity and code) is used only when enabled. Text from the input (names, tokens) is
//! sanitised: control and bidirectional-override characters are replaced, so a hostile file cannot
//! drive the terminal.

use std::io::{self, Write};

use super::{Report, ReportOptions, ReportTo};
use crate::model::{GameInfo, GameReport, GameStatus, Severity, Summary};

/// The human-readable reporter.
#[derive(Debug)]
pub struct Human<W: Write> {
    out: W,
    options: ReportOptions,
}

impl<W: Write> Human<W> {
    /// A reporter writing to `out`.
    pub fn new(out: W, options: ReportOptions) -> Human<W> {
        Human { out, options }
    }
}

impl<W: Write> ReportTo<W> for Human<W> {
    fn into_output(self: Box<Self>) -> io::Result<W> {
        Ok(self.out)
    }
}

pub use super::clean::sanitize;

/// The ANSI escapes of a finding's or verdict's `severity[code]` in the text formats: the
/// severity's colour (error bold red, warning bold yellow, info bold cyan), the reset, and bold
/// for the code; three empty strings without colour.
pub fn severity_style(
    severity: Severity,
    color: bool,
) -> (&'static str, &'static str, &'static str) {
    if !color {
        return ("", "", "");
    }
    let color = match severity {
        Severity::Error => "\x1b[1;31m",
        Severity::Warning => "\x1b[1;33m",
        Severity::Info => "\x1b[1;36m",
    };
    (color, "\x1b[0m", "\x1b[1m")
}

/// What names a game in a text report: its players (`White vs Black`, `?` for a missing or
/// blank side; none when both tags are missing) and its event (none when the Event tag is missing
/// or blank: `[Event ""]` left a dangling `, ` in the label). One rule for the labels of
/// `check` and `audit`.
pub(super) fn label_parts(info: &GameInfo) -> (Option<String>, Option<String>) {
    // A missing or blank side is `?` (`[White ""]` left ` vs b`).
    let name = |v: &Option<String>| match v.as_deref().filter(|n| !n.trim().is_empty()) {
        Some(n) => sanitize(n).into_owned(),
        None => "?".to_owned(),
    };
    let players = (info.white.is_some() || info.black.is_some())
        .then(|| format!("{} vs {}", name(&info.white), name(&info.black)));
    let event = info
        .event
        .as_deref()
        .filter(|e| !e.trim().is_empty())
        .map(|e| sanitize(e).into_owned());
    (players, event)
}

fn game_label(report: &GameReport, lines: bool) -> String {
    let info = &report.info;
    // (A FEN/EPD line by its line number in the file, blank and `#` lines counted.)
    let mut label = match lines {
        true => format!("line {}", info.line),
        false => format!("game {}", info.index),
    };
    let (players, event) = label_parts(info);
    if let Some(players) = players {
        label.push_str(": ");
        label.push_str(&players);
    }
    if let Some(event) = event {
        label.push_str(", ");
        label.push_str(&event);
    }
    label
}

impl<W: Write> Report for Human<W> {
    fn game(&mut self, file: &str, report: &GameReport) -> io::Result<()> {
        let label = if report.findings.is_empty() && !self.options.games {
            String::new()
        } else {
            game_label(report, self.options.lines)
        };
        for f in &report.findings {
            let (color, reset, bold) = severity_style(f.severity, self.options.color);
            writeln!(
                self.out,
                "{}:{}:{}: {color}{}{reset}[{bold}{}{reset}]: {} [{}]",
                sanitize(file),
                f.line,
                f.col,
                f.severity.as_str(),
                f.code,
                sanitize(&f.message),
                label
            )?;
        }
        if self.options.games {
            let status = match report.found().0 {
                GameStatus::Ok => "ok",
                GameStatus::Warning => "warnings",
                GameStatus::Error => "errors",
                GameStatus::Skipped => "skipped",
            };
            writeln!(
                self.out,
                "{}:{}: {label}: {status}, {} {}, result {}",
                sanitize(file),
                report.info.line,
                report.info.plies,
                if report.info.plies == 1 {
                    "ply"
                } else {
                    "plies"
                },
                report.info.result.as_deref().unwrap_or("missing")
            )?;
        }
        Ok(())
    }

    fn finish(&mut self, s: &Summary) -> io::Result<()> {
        let plural = |n: u64, word: &str| {
            if n == 1 {
                format!("{n} {word}")
            } else {
                format!("{n} {word}s")
            }
        };
        let failed = if s.files_failed > 0 {
            format!(" ({} could not be read)", s.files_failed)
        } else {
            String::new()
        };
        write!(
            self.out,
            "summary: {}{failed}, {} ({} with errors, {} with warnings only, {} skipped): {}, {}; {}, {}",
            plural(s.files + s.files_failed, "file"),
            plural(s.games, "game"),
            s.games_with_errors,
            s.games_with_warnings,
            s.games_skipped,
            plural(s.errors, "error"),
            plural(s.warnings, "warning"),
            plural(s.plies, "ply").replace("plys", "plies"),
            plural(s.bytes, "byte"),
        )?;
        if s.hidden > 0 {
            write!(
                self.out,
                "; {} hidden by --only/--ignore/--errors-only",
                plural(s.hidden, "finding")
            )?;
        }
        writeln!(self.out)?;
        self.out.flush()
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
