//! The report of `arbiter dedup`: one record per group of duplicates, then the summary.
//!
//! * text: `group N: K games, kept FILE game G (REASON)`, then one indented line per member
//!   (`FILE:LINE: game G: White - Black, Date, P plies [kept]`), then one summary line;
//! * JSON Lines: `{"type":"group","group":N,"members":[{"file",...,"kept":bool}],
//!   "kept_because":"first-in-input"}` per group, then `{"type":"summary",...}`;
//! * CSV: one row per member under `group,file,game,offset,line,white,black,date,plies,tags,
//!   annotations,kept,kept_because` (no summary row).
//!
//! This module sees only [`crate::model`].

use std::io::{self, Write};

use serde::Serialize;

use super::Format;
use super::human::sanitize;
use super::jsonl::write_line;
use crate::model::dedup::{DedupSummary, Group, KeptBecause, Member};

/// Writes the groups and the summary of a run in one format.
#[derive(Debug)]
pub struct DedupReport<W: Write> {
    out: W,
    format: Format,
    /// Sanitize tag text (standard output is a terminal).
    sanitize: bool,
    header_written: bool,
    /// The group begun: its number, why its member was kept, members written so far.
    open: Option<(u64, KeptBecause, u64)>,
}

/// What the report says of a group before its members.
#[derive(Clone, Copy, Debug)]
pub struct GroupHead<'a> {
    /// 1-based number of the group.
    pub group: u64,
    /// Its members.
    pub members: u64,
    /// The kept member's input, as named.
    pub kept_file: &'a str,
    /// The kept member's game number.
    pub kept_game: u64,
    /// Why it was kept.
    pub kept_because: KeptBecause,
}

#[derive(Serialize)]
struct Tagged<'a, T: Serialize> {
    r#type: &'static str,
    #[serde(flatten)]
    data: &'a T,
}

impl<W: Write> DedupReport<W> {
    /// A report in `format` on `out`; `sanitize` replaces control characters of tag values
    /// (for a terminal).
    pub fn new(out: W, format: Format, sanitize: bool) -> DedupReport<W> {
        DedupReport {
            out,
            format,
            sanitize,
            header_written: false,
            open: None,
        }
    }

    /// Writes one group (its head, its members, its end).
    ///
    /// # Errors
    /// Returns the write error.
    pub fn group(&mut self, group: &Group) -> io::Result<()> {
        let kept = group.members.iter().find(|m| m.kept);
        self.begin(&GroupHead {
            group: group.group,
            members: group.members.len() as u64,
            kept_file: kept.map_or("", |m| &m.file),
            kept_game: kept.map_or(0, |m| m.game),
            kept_because: group.kept_because,
        })?;
        for m in &group.members {
            self.member(m)?;
        }
        self.end()
    }

    /// Starts a group: its members follow ([`DedupReport::member`], in input order), then
    /// [`DedupReport::end`]; so a group of a million members is written as it is read, never
    /// held.
    ///
    /// # Errors
    /// Returns the write error.
    pub fn begin(&mut self, head: &GroupHead<'_>) -> io::Result<()> {
        self.open = Some((head.group, head.kept_because, 0));
        match self.format {
            Format::Jsonl => write!(
                self.out,
                "{{\"type\":\"group\",\"group\":{},\"members\":[",
                head.group
            ),
            Format::Csv => self.csv_header(),
            Format::Text => {
                let file = self.clean(head.kept_file).into_owned();
                writeln!(
                    self.out,
                    "group {}: {} games, kept {file} game {} ({})",
                    head.group,
                    head.members,
                    head.kept_game,
                    head.kept_because.name()
                )
            }
        }
    }

    /// Writes a member of the group begun.
    ///
    /// # Errors
    /// Returns the write error.
    pub fn member(&mut self, m: &Member) -> io::Result<()> {
        let Some((group, because, written)) = self.open else {
            return Ok(());
        };
        self.open = Some((group, because, written + 1));
        match self.format {
            Format::Jsonl => {
                if written > 0 {
                    self.out.write_all(b",")?;
                }
                serde_json::to_writer(&mut self.out, m).map_err(io::Error::from)
            }
            Format::Csv => writeln!(
                self.out,
                "{},{},{},{},{},{},{},{},{},{},{},{},{}",
                group,
                csv_field(&m.file),
                m.game,
                m.offset,
                m.line,
                csv_field(&m.white),
                csv_field(&m.black),
                csv_field(&m.date),
                m.plies,
                m.tags,
                m.annotations,
                m.kept,
                because.name()
            ),
            Format::Text => {
                let line = format!(
                    "  {}:{}: game {}: {} - {}, {}, {} {}{}",
                    self.clean(&m.file),
                    m.line,
                    m.game,
                    self.clean(&m.white),
                    self.clean(&m.black),
                    self.clean(&m.date),
                    m.plies,
                    if m.plies == 1 { "ply" } else { "plies" },
                    if m.kept { " [kept]" } else { "" }
                );
                writeln!(self.out, "{line}")
            }
        }
    }

    /// Ends the group begun.
    ///
    /// # Errors
    /// Returns the write error.
    pub fn end(&mut self) -> io::Result<()> {
        let Some((_, because, _)) = self.open.take() else {
            return Ok(());
        };
        match self.format {
            Format::Jsonl => {
                self.out.write_all(b"],\"kept_because\":")?;
                serde_json::to_writer(&mut self.out, &because).map_err(io::Error::from)?;
                self.out.write_all(b"}\n")
            }
            Format::Csv | Format::Text => Ok(()),
        }
    }

    /// Tag text as printed: control characters replaced for a terminal.
    fn clean<'s>(&self, s: &'s str) -> std::borrow::Cow<'s, str> {
        match self.sanitize {
            true => sanitize(s),
            false => s.into(),
        }
    }

    /// The CSV header, once.
    fn csv_header(&mut self) -> io::Result<()> {
        if self.header_written {
            return Ok(());
        }
        self.header_written = true;
        writeln!(
            self.out,
            "group,file,game,offset,line,white,black,date,plies,tags,annotations,kept,\
             kept_because"
        )
    }

    /// Writes the summary (the CSV header when no group was written) and flushes.
    ///
    /// # Errors
    /// Returns the write error.
    pub fn finish(&mut self, summary: &DedupSummary) -> io::Result<()> {
        match self.format {
            Format::Jsonl => write_line(
                &mut self.out,
                &Tagged {
                    r#type: "summary",
                    data: summary,
                },
            )?,
            // The header even when there is no row.
            Format::Csv => self.csv_header()?,
            Format::Text => writeln!(self.out, "{}", summary_line(summary))?,
        }
        self.out.flush()
    }
}

/// Warns on `out` of the groups of candidates not reported because their players were too
/// many to tell apart (more than 256 spellings, or a group spilled to disk with more than 16
/// pairs of persons: crafted input): none of their games is called a copy.
///
/// # Errors
/// Returns the write error.
pub fn write_undecided(mut out: impl Write, groups: u64) -> io::Result<()> {
    let s = if groups == 1 { "" } else { "s" };
    writeln!(
        out,
        "arbiter: warning: dedup: {groups} group{s} of candidates with too many players to tell \
         apart: not reported, none of their games counted as a copy"
    )
}

/// Notes on `out` the groups of candidates (the same key but for the players' given names)
/// split because their players are different persons by player identity, with the first
/// group's two spellings: a historian's one person (`Steinitz, William` and `Steinitz,
/// Wilhelm`) is two unless `--aliases` or `--spellings` joins the spellings.
///
/// # Errors
/// Returns the write error.
pub fn write_kept_apart(
    mut out: impl Write,
    groups: u64,
    example: Option<&(String, String)>,
) -> io::Result<()> {
    let s = if groups == 1 { "" } else { "s" };
    let first = example.map_or_else(String::new, |(a, b)| {
        format!(" (first: {} and {})", sanitize(a), sanitize(b))
    });
    writeln!(
        out,
        "arbiter: note: dedup: {groups} group{s} of candidates split because their players \
         are different persons by player identity{first}; where two spellings are one person, \
         join them with --aliases or --spellings"
    )
}

/// The one-line summary of a run: `12 duplicates in 10 groups; 988 unique of 1000 games
/// (level game, keep first)`.
pub fn summary_line(s: &DedupSummary) -> String {
    format!(
        "{} duplicate{} in {} group{}; {} unique of {} games (level {}, keep {})",
        s.duplicates,
        if s.duplicates == 1 { "" } else { "s" },
        s.groups,
        if s.groups == 1 { "" } else { "s" },
        s.unique,
        s.games,
        s.level.name(),
        s.keep.name()
    )
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> std::borrow::Cow<'_, str> {
    // Text from the input: a formula character in front gets a `'` (OWASP), as in every CSV.
    let text = super::clean::csv_token(text);
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\"")).into()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        let group = Group {
            group: 1,
            members: vec![
                Member {
                    file: "a,b.pgn".into(),
                    game: 2,
                    kept: true,
                    ..Member::default()
                },
                Member::default(),
            ],
            kept_because: KeptBecause::FirstInInput,
        };
        let mut out = Vec::new();
        DedupReport::new(&mut out, Format::Csv, false)
            .group(&group)
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("1,\"a,b.pgn\",2,"), "{text}");
        let mut out = Vec::new();
        DedupReport::new(&mut out, Format::Jsonl, false)
            .group(&group)
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with("{\"type\":\"group\",\"group\":1,"),
            "{text}"
        );
    }
}
