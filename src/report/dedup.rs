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
use crate::model::dedup::{DedupSummary, Group};

/// Writes the groups and the summary of a run in one format.
#[derive(Debug)]
pub struct DedupReport<W: Write> {
    out: W,
    format: Format,
    /// Sanitize tag text (standard output is a terminal).
    sanitize: bool,
    header_written: bool,
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
        }
    }

    /// Writes one group.
    ///
    /// # Errors
    /// Returns the write error.
    pub fn group(&mut self, group: &Group) -> io::Result<()> {
        match self.format {
            Format::Jsonl => write_line(
                &mut self.out,
                &Tagged {
                    r#type: "group",
                    data: group,
                },
            ),
            Format::Csv => self.csv_group(group),
            Format::Text => self.text_group(group),
        }
    }

    fn text_group(&mut self, group: &Group) -> io::Result<()> {
        let clean = |s: &str| -> String {
            match self.sanitize {
                true => sanitize(s).into_owned(),
                false => s.to_owned(),
            }
        };
        let kept = group.members.iter().find(|m| m.kept);
        let (file, game) = kept.map_or((String::new(), 0), |m| (clean(&m.file), m.game));
        writeln!(
            self.out,
            "group {}: {} games, kept {file} game {game} ({})",
            group.group,
            group.members.len(),
            group.kept_because.name()
        )?;
        for m in &group.members {
            writeln!(
                self.out,
                "  {}:{}: game {}: {} - {}, {}, {} {}{}",
                clean(&m.file),
                m.line,
                m.game,
                clean(&m.white),
                clean(&m.black),
                clean(&m.date),
                m.plies,
                if m.plies == 1 { "ply" } else { "plies" },
                if m.kept { " [kept]" } else { "" }
            )?;
        }
        Ok(())
    }

    fn csv_group(&mut self, group: &Group) -> io::Result<()> {
        if !self.header_written {
            self.header_written = true;
            writeln!(
                self.out,
                "group,file,game,offset,line,white,black,date,plies,tags,annotations,kept,\
                 kept_because"
            )?;
        }
        for m in &group.members {
            writeln!(
                self.out,
                "{},{},{},{},{},{},{},{},{},{},{},{},{}",
                group.group,
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
                group.kept_because.name()
            )?;
        }
        Ok(())
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
            // csv_group writes the header when none was written, and no row for no member.
            Format::Csv if !self.header_written => {
                self.csv_group(&Group {
                    group: 0,
                    members: Vec::new(),
                    kept_because: crate::model::dedup::KeptBecause::FirstInInput,
                })?;
            }
            Format::Csv => {}
            Format::Text => writeln!(self.out, "{}", summary_line(summary))?,
        }
        self.out.flush()
    }
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
    use crate::model::dedup::{KeptBecause, Member};

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
