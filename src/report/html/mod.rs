//! The HTML report of `check` and `audit` (`--format html`): one page, complete in itself
//! (inline CSS and SVG, no script, nothing fetched), another printer over the same records as
//! the text, JSON Lines, CSV and Parquet ones.
//!
//! The page starts with a summary (the inputs, the totals, the text output's summary line, the
//! counts by code as an SVG bar chart) and a table of contents; then come the findings or
//! verdicts grouped by code, each group a `<details>` element with an anchor, each item an
//! `<article>`: the text output's line for it (as text: searchable, copyable), the game's
//! header (White – Black, Result, Event, Round, Date, the game's place in its file), the moves
//! up to the point in SAN, a diagram of the position ([`super::board`]: before the move for a
//! finding, with the move as an arrow; the position of the verdict, its last move highlighted
//! and a claim's move as an arrow, for a verdict), and the FEN. Past [`HtmlOptions::max_boards`]
//! diagrams, items are listed without one, and the page says so.
//!
//! Memory stays bounded: each item is written when its game comes, into a temporary file of its
//! code (`spool`); the page is put together at the end, when the summary is known. Every value
//! from the input (tags, names, file names, tokens, messages that quote them) is escaped
//! ([`escape()`]).

use std::collections::BTreeMap;
use std::io::{self, Write};

use super::audit::{AuditSink, AuditSinkTo, PositionRecord, PositionSummary, verdict_fen};
use super::board::scene::Shown;
use super::human::Human;
use super::{Format, Report, ReportOptions, ReportTo};
use crate::model::{AuditReport, AuditSummary, Code, GameReport, Summary};

pub mod chart;
mod escape;
mod item;
pub mod page;
mod spool;
pub mod table;

pub use escape::escape;
use item::Item;
use page::{Count, Head};
use spool::Spool;

/// The default of [`HtmlOptions::max_boards`].
pub const DEFAULT_MAX_BOARDS: u64 = 2000;

/// Input files named at the top of the page, at most.
pub const MAX_LISTED_FILES: usize = 20;

/// Options of the HTML report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HtmlOptions {
    /// Diagrams drawn at most (some 6 KB each); the items past them are listed without one.
    pub max_boards: u64,
}

impl Default for HtmlOptions {
    fn default() -> Self {
        HtmlOptions {
            max_boards: DEFAULT_MAX_BOARDS,
        }
    }
}

/// One code's items, spooled.
#[derive(Debug)]
struct Group {
    spool: Spool,
    count: Count,
}

/// The HTML printer of `check` ([`Report`]) and `audit` ([`AuditSink`]).
#[derive(Debug)]
pub struct Html<W: Write> {
    out: W,
    options: HtmlOptions,
    /// `check` or `audit`.
    command: &'static str,
    groups: BTreeMap<Code, Group>,
    /// Diagrams drawn so far.
    boards: u64,
    /// Items with a position that got no diagram (past the cap).
    unboarded: u64,
    /// Items written so far (their anchors).
    items: u64,
    /// The first input files seen, and how many more.
    files: Vec<String>,
    more_files: u64,
    /// The text printer's lines of the current game.
    lines: Vec<u8>,
    /// The current item's HTML.
    buf: String,
}

impl<W: Write> Html<W> {
    /// A printer of `command`'s report writing to `out`.
    pub fn new(out: W, command: &'static str, options: HtmlOptions) -> Html<W> {
        Html {
            out,
            options,
            command,
            groups: BTreeMap::new(),
            boards: 0,
            unboarded: 0,
            items: 0,
            files: Vec::new(),
            more_files: 0,
            lines: Vec::new(),
            buf: String::new(),
        }
    }

    /// Notes the input file of a game.
    fn file(&mut self, file: &str) {
        if self.files.last().is_some_and(|f| f == file) {
            return;
        }
        if self.files.iter().any(|f| f == file) {
            return;
        }
        match self.files.len() < MAX_LISTED_FILES {
            true => self.files.push(file.to_owned()),
            false => self.more_files += 1,
        }
    }

    /// Writes one item into its code's spool.
    fn item(&mut self, item: &Item<'_>) -> io::Result<()> {
        self.items += 1;
        self.buf.clear();
        let board = self.boards < self.options.max_boards;
        if item.write(&mut self.buf, self.items, board) {
            self.boards += 1;
        } else if item.fen.is_some() && !board {
            self.unboarded += 1;
        }
        let group = match self.groups.get_mut(&item.code) {
            Some(group) => group,
            None => {
                let group = Group {
                    spool: Spool::new()?,
                    count: Count::default(),
                };
                self.groups.entry(item.code).or_insert(group)
            }
        };
        group.count.add(item.severity);
        group.spool.write(&self.buf)
    }

    /// Writes the page: its start from `head`, the groups, its end.
    fn page(&mut self, mut head: Head<'_>) -> io::Result<()> {
        if self.unboarded > 0 {
            head.notes.push(format!(
                "Boards are drawn for the first {} items (--html-max-boards {}); {} more are \
                 listed without a board.",
                self.boards, self.options.max_boards, self.unboarded
            ));
        }
        let counts: Vec<(Code, Count)> = self.groups.iter().map(|(c, g)| (*c, g.count)).collect();
        let mut text = String::new();
        page::write_start(&mut text, &head, &counts);
        self.out.write_all(text.as_bytes())?;
        for (code, group) in &mut self.groups {
            text.clear();
            page::write_group_start(&mut text, *code, &group.count);
            self.out.write_all(text.as_bytes())?;
            group.spool.copy_to(&mut self.out)?;
            text.clear();
            page::write_group_end(&mut text);
            self.out.write_all(text.as_bytes())?;
        }
        text.clear();
        page::write_end(&mut text);
        self.out.write_all(text.as_bytes())?;
        self.groups.clear();
        self.out.flush()
    }
}

/// The text output's lines, one per finding or verdict (messages and names are sanitised: one
/// line each).
fn text_lines(lines: &[u8]) -> impl Iterator<Item = &str> {
    std::str::from_utf8(lines).unwrap_or("").lines()
}

impl<W: Write> Report for Html<W> {
    fn game(&mut self, file: &str, report: &GameReport) -> io::Result<()> {
        if report.findings.is_empty() {
            return Ok(());
        }
        self.file(file);
        let mut lines = std::mem::take(&mut self.lines);
        lines.clear();
        Human::new(&mut lines, ReportOptions::default()).game(file, report)?;
        let mut text = text_lines(&lines);
        for f in &report.findings {
            let line = text.next().unwrap_or("");
            let illegal = f.code.as_str().starts_with("illegal-move/");
            let mut facts = Vec::new();
            if f.variation {
                facts.push(("Where", "in a variation".to_owned()));
            }
            if let Some(san) = &f.san {
                facts.push(("Standard SAN", san.clone()));
            }
            let item = Item {
                code: f.code,
                severity: f.severity,
                line,
                file,
                info: &report.info,
                fen: f.fen.as_deref(),
                shown: Shown::Move {
                    token: f.token.as_deref(),
                    san: f.san.as_deref(),
                    illegal,
                },
                plies_before: f.ply.filter(|_| !f.variation).map(|p| p.saturating_sub(1)),
                facts,
            };
            self.item(&item)?;
        }
        drop(text);
        self.lines = lines;
        Ok(())
    }

    fn finish(&mut self, s: &Summary) -> io::Result<()> {
        let mut line = Vec::new();
        Human::new(&mut line, ReportOptions::default()).finish(s)?;
        let line = String::from_utf8_lossy(&line).trim_end().to_owned();
        let mut notes = Vec::new();
        if s.hidden > 0 {
            notes.push(format!(
                "{} findings are counted but not listed (--only, --ignore, --errors-only).",
                s.hidden
            ));
        }
        let files = std::mem::take(&mut self.files);
        let head = Head {
            command: self.command,
            files: (&files, self.more_files),
            summary_line: &line,
            totals: vec![
                ("Files", (s.files + s.files_failed).to_string()),
                ("Games", s.games.to_string()),
                ("Games with errors", s.games_with_errors.to_string()),
                (
                    "Games with warnings only",
                    s.games_with_warnings.to_string(),
                ),
                ("Games skipped", s.games_skipped.to_string()),
                ("Errors", s.errors.to_string()),
                ("Warnings", s.warnings.to_string()),
                ("Plies", s.plies.to_string()),
                ("Bytes", s.bytes.to_string()),
                ("Seconds", format!("{:.2}", s.seconds)),
            ],
            notes,
        };
        self.page(head)
    }

    fn flush(&mut self) -> io::Result<()> {
        // Nothing is written to the output before the end.
        Ok(())
    }
}

impl<W: Write> ReportTo<W> for Html<W> {
    fn into_output(self: Box<Self>) -> io::Result<W> {
        Ok(self.out)
    }
}

impl<W: Write> AuditSink for Html<W> {
    fn game(&mut self, file: &str, report: &AuditReport) -> io::Result<()> {
        if report.verdicts.is_empty() {
            return Ok(());
        }
        self.file(file);
        let mut lines = std::mem::take(&mut self.lines);
        lines.clear();
        super::audit::sink(Format::Text, &mut lines, false, false, true).game(file, report)?;
        let mut text = text_lines(&lines);
        for v in &report.verdicts {
            let line = text.next().unwrap_or("");
            let mut facts = Vec::new();
            if let Some(rule) = v.rule {
                facts.push(("Rule", rule.to_owned()));
            }
            if !v.occurrences.is_empty() {
                let plies: Vec<String> = v.occurrences.iter().map(u32::to_string).collect();
                facts.push(("Position at plies", plies.join(", ")));
            }
            if let Some(claim) = &v.claim_move {
                facts.push(("Claim with", claim.clone()));
            }
            if let Some(recorded) = &v.recorded_result {
                facts.push(("Recorded result", recorded.clone()));
            }
            if let Some(correct) = v.correct_result {
                facts.push(("Result by the rules", correct.to_owned()));
            }
            if !v.profile.is_empty() {
                let laws = v.laws.map_or(String::new(), |l| format!(", Laws {l}"));
                facts.push(("Profile", format!("{}{laws}", v.profile)));
            }
            let item = Item {
                code: v.code,
                severity: v.severity,
                line,
                file,
                info: &report.info,
                fen: verdict_fen(v),
                shown: match &v.claim_move {
                    Some(claim) => Shown::Claim(claim),
                    None => Shown::Nothing,
                },
                plies_before: Some(v.ply),
                facts,
            };
            self.item(&item)?;
        }
        drop(text);
        self.lines = lines;
        Ok(())
    }

    fn position(&mut self, _record: &PositionRecord) -> io::Result<()> {
        // `audit --positions --format html` is refused before the run (`commands::audit`).
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "the HTML report shows games, not --positions",
        ))
    }

    fn finish_games(&mut self, s: &AuditSummary) -> io::Result<()> {
        let mut line = Vec::new();
        super::audit::sink(Format::Text, &mut line, false, false, true).finish_games(s)?;
        let line = String::from_utf8_lossy(&line).trim_end().to_owned();
        let mut notes = Vec::new();
        if s.hidden > 0 {
            notes.push(format!(
                "{} verdicts are counted but not listed (--only, --ignore, --errors-only).",
                s.hidden
            ));
        }
        let files = std::mem::take(&mut self.files);
        let mut totals = vec![
            ("Files", (s.files + s.files_failed).to_string()),
            ("Games audited", s.games.to_string()),
            (
                "Games with error verdicts",
                s.games_with_verdicts.to_string(),
            ),
            ("Games incomplete", s.games_incomplete.to_string()),
            ("Games skipped", s.games_skipped.to_string()),
            ("Plies", s.plies.to_string()),
            ("Bytes", s.bytes.to_string()),
            ("Seconds", format!("{:.2}", s.seconds)),
        ];
        totals.insert(2, ("Error verdicts", s.errors().to_string()));
        let head = Head {
            command: self.command,
            files: (&files, self.more_files),
            summary_line: &line,
            totals,
            notes,
        };
        self.page(head)
    }

    fn finish_positions(&mut self, _summary: &PositionSummary) -> io::Result<()> {
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<W: Write> AuditSinkTo<W> for Html<W> {
    fn into_output(self: Box<Self>) -> io::Result<W> {
        Ok(self.out)
    }
}
