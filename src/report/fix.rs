//! The change log of `arbiter fix` (issue 14): JSON Lines, one record per change, one per game
//! rejected, and a summary last. A contract for scripts:
//!
//! ```text
//! {"type":"change","file":"a.pgn","game":3,"offset":2301,"line":40,"repair":"san","tag":null,
//!  "ply":12,"variation":false,"before":"0-0","after":"O-O","rule":"notation/zero-castling"}
//! {"type":"rejected","file":"a.pgn","game":4,"offset":2950,"line":61,
//!  "code":"illegal-move/no-piece","message":"illegal move 7.Nd5: …","bytes":612}
//! {"type":"summary","files":1,"files_failed":0,"games":10,"written":9,"rejected":1,
//!  "changed":4,"changes":{"san":3,"plycount":1},"seconds":0.01}
//! ```
//! `offset` is the byte offset of the game in its file; `line` the line of what was changed (a
//! tag pair, a move, the termination marker) or of the game's first line; `bytes` (rejected) the
//! game's length, so that `offset` and `bytes` name its bytes in `--rejects`. `before` is `null`
//! for something added, `after` for something removed.

use std::io::{self, Write};

use serde::Serialize;

use crate::model::fix::{Change, FixSummary, Rejected};

/// Where a record's game stands.
#[derive(Clone, Copy, Debug)]
pub struct GameAt<'a> {
    /// The input's name.
    pub file: &'a str,
    /// 1-based index of the game in its input.
    pub game: u64,
    /// Byte offset of the game in its input.
    pub offset: u64,
}

#[derive(Serialize)]
struct Record<'a, T: Serialize> {
    r#type: &'static str,
    file: &'a str,
    game: u64,
    offset: u64,
    #[serde(flatten)]
    data: &'a T,
}

#[derive(Serialize)]
struct SummaryRecord<'a> {
    r#type: &'static str,
    #[serde(flatten)]
    data: &'a FixSummary,
}

/// The JSON Lines change log.
#[derive(Debug)]
pub struct FixLog<W: Write> {
    out: W,
}

impl<W: Write> FixLog<W> {
    /// The writer the log goes to.
    pub fn get_ref(&self) -> &W {
        &self.out
    }

    /// A log written to `out`.
    pub fn new(out: W) -> FixLog<W> {
        FixLog { out }
    }

    fn line<T: Serialize>(&mut self, record: &T) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, record)?;
        self.out.write_all(b"\n")
    }

    /// One change.
    ///
    /// # Errors
    /// Returns the write error.
    pub fn change(&mut self, at: GameAt<'_>, change: &Change) -> io::Result<()> {
        self.record("change", at, change)
    }

    /// A game rejected.
    ///
    /// # Errors
    /// Returns the write error.
    pub fn rejected(&mut self, at: GameAt<'_>, rejected: &Rejected) -> io::Result<()> {
        self.record("rejected", at, rejected)
    }

    fn record<T: Serialize>(
        &mut self,
        kind: &'static str,
        at: GameAt<'_>,
        data: &T,
    ) -> io::Result<()> {
        self.line(&Record {
            r#type: kind,
            file: at.file,
            game: at.game,
            offset: at.offset,
            data,
        })
    }

    /// The summary, and the end of the log.
    ///
    /// # Errors
    /// Returns the write error.
    pub fn finish(mut self, summary: &FixSummary) -> io::Result<W> {
        self.line(&SummaryRecord {
            r#type: "summary",
            data: summary,
        })?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// The summary in words, for standard error: games written, rejected, changes per repair.
pub fn summary_text(summary: &FixSummary) -> String {
    let mut text = format!(
        "fix: {} games read, {} written ({} changed), {} rejected",
        summary.games, summary.written, summary.changed, summary.rejected
    );
    if !summary.changes.is_empty() {
        let counts: Vec<String> = summary
            .changes
            .iter()
            .map(|(name, n)| format!("{name} {n}"))
            .collect();
        text.push_str("; changes: ");
        text.push_str(&counts.join(", "));
    }
    text.push('\n');
    text
}
