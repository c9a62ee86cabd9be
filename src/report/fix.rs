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

/// A rejected record: where the game stands, then the fields of [`Rejected`] in their order
/// (spelled out rather than `#[serde(flatten)]`, which goes through serde's map serializer).
#[derive(Serialize)]
struct RejectedRecord<'a> {
    r#type: &'static str,
    file: &'a str,
    game: u64,
    offset: u64,
    code: crate::model::Code,
    line: u64,
    message: &'a str,
    bytes: u64,
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
    /// A record is made here and written whole (the serializer writes a token at a time).
    buf: Vec<u8>,
}

impl<W: Write> FixLog<W> {
    /// The writer the log goes to.
    pub fn get_ref(&self) -> &W {
        &self.out
    }

    /// Writes what waits in the writer's buffer (a live stream paused).
    ///
    /// # Errors
    /// Returns the write error.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// A log written to `out`.
    pub fn new(out: W) -> FixLog<W> {
        FixLog {
            out,
            buf: Vec::new(),
        }
    }

    fn line<T: Serialize>(&mut self, record: &T) -> io::Result<()> {
        self.buf.clear();
        serde_json::to_writer(&mut self.buf, record)?;
        self.buf.push(b'\n');
        self.out.write_all(&self.buf)
    }

    /// One change.
    ///
    /// # Errors
    /// Returns the write error.
    pub fn change(&mut self, at: GameAt<'_>, change: &Change) -> io::Result<()> {
        // Every field named: a field added to `Change` is a compile error here, not a silent gap.
        let Change {
            repair,
            tag,
            ply,
            variation,
            line,
            before,
            after,
            rule,
        } = change;
        // Written by hand: the keys are constants, and a change per game (the ECO and Opening
        // tags filled) made serde's key-by-key writing 1% of the instructions of `fix`.
        let buf = &mut self.buf;
        buf.clear();
        buf.extend_from_slice(b"{\"type\":\"change\",\"file\":");
        json_str(buf, at.file);
        buf.extend_from_slice(b",\"game\":");
        json_u64(buf, at.game);
        buf.extend_from_slice(b",\"offset\":");
        json_u64(buf, at.offset);
        buf.extend_from_slice(b",\"repair\":");
        json_str(buf, repair);
        buf.extend_from_slice(b",\"tag\":");
        json_opt_str(buf, tag.as_deref());
        buf.extend_from_slice(b",\"ply\":");
        match ply {
            Some(ply) => json_u64(buf, u64::from(*ply)),
            None => buf.extend_from_slice(b"null"),
        }
        buf.extend_from_slice(b",\"variation\":");
        buf.extend_from_slice(if *variation { b"true" } else { b"false" });
        buf.extend_from_slice(b",\"line\":");
        json_u64(buf, *line);
        buf.extend_from_slice(b",\"before\":");
        json_opt_str(buf, before.as_deref());
        buf.extend_from_slice(b",\"after\":");
        json_opt_str(buf, after.as_deref());
        buf.extend_from_slice(b",\"rule\":");
        json_str(buf, rule);
        buf.extend_from_slice(b"}\n");
        self.out.write_all(&self.buf)
    }

    /// A game rejected.
    ///
    /// # Errors
    /// Returns the write error.
    pub fn rejected(&mut self, at: GameAt<'_>, rejected: &Rejected) -> io::Result<()> {
        let Rejected {
            code,
            line,
            message,
            bytes,
        } = rejected;
        self.line(&RejectedRecord {
            r#type: "rejected",
            file: at.file,
            game: at.game,
            offset: at.offset,
            code: *code,
            line: *line,
            message,
            bytes: *bytes,
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

/// `s` as a JSON string, escaped as serde_json escapes it.
fn json_str(buf: &mut Vec<u8>, s: &str) {
    // Writing to a `Vec` cannot fail, nor can a `str` be refused.
    let _ = serde_json::to_writer(&mut *buf, s);
}

fn json_opt_str(buf: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(s) => json_str(buf, s),
        None => buf.extend_from_slice(b"null"),
    }
}

fn json_u64(buf: &mut Vec<u8>, n: u64) {
    buf.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// The summary in words, for standard error: games written, rejected, changes per repair
/// (`dry_run`: the games that would be written and rejected, as nothing was).
pub fn summary_text(summary: &FixSummary, dry_run: bool) -> String {
    let would = if dry_run { "would be " } else { "" };
    let mut text = format!(
        "fix: {} games read, {} {would}written ({} changed), {} {would}rejected",
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

/// Where the rejected games are, for standard error (said even with `-q`): in `file`, or
/// nowhere when the repaired games went to standard output or to a file that is not a regular
/// file (and how to keep them); `dry_run`:
/// the games that would be rejected. `None` when no game is rejected.
pub fn rejects_text(rejected: u64, dry_run: bool, file: Option<&str>) -> Option<String> {
    if rejected == 0 {
        return None;
    }
    let games = crate::report::run::count(rejected, "game");
    Some(match (dry_run, file) {
        (true, None) => format!("arbiter: {games} would be rejected (--dry-run)\n"),
        (true, Some(file)) => {
            format!("arbiter: {games} would be rejected, written as read to {file}\n")
        }
        (false, Some(file)) => format!("arbiter: {games} rejected, written as read to {file}\n"),
        (false, None) => format!(
            "arbiter: {games} rejected and not kept (no -o FILE to write them beside): name a \
             file with --rejects FILE to keep them\n"
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The record as serde_json writes a struct of the same fields in the same order: the
    /// hand-written record must be byte for byte the same.
    #[derive(Serialize)]
    struct Expected<'a> {
        r#type: &'static str,
        file: &'a str,
        game: u64,
        offset: u64,
        #[serde(flatten)]
        change: &'a Change,
    }

    #[test]
    fn change_records_are_what_serde_json_writes() {
        let changes = [
            Change {
                repair: "eco",
                tag: Some("Opening".to_owned()),
                ply: None,
                variation: false,
                line: 1,
                before: None,
                after: Some("Queen's Gambit Declined: \"Harrwitz\" \\ Attack".to_owned()),
                rule: "lichess chess-openings: … at ply 9 (PGN standard 9.4.1)".to_owned(),
            },
            Change {
                repair: "san",
                tag: None,
                ply: Some(4_294_967_295),
                variation: true,
                line: u64::MAX,
                before: Some("0-0\t\u{1}\u{7f}\u{85}\r\n".to_owned()),
                after: None,
                rule: String::new(),
            },
        ];
        for change in &changes {
            let at = GameAt {
                file: "dir/\"a\"\\b.pgn",
                game: 3,
                offset: 2301,
            };
            let mut log = FixLog::new(Vec::new());
            log.change(at, change).unwrap();
            let mut expected = serde_json::to_vec(&Expected {
                r#type: "change",
                file: at.file,
                game: at.game,
                offset: at.offset,
                change,
            })
            .unwrap();
            expected.push(b'\n');
            assert_eq!(
                String::from_utf8(log.out).unwrap(),
                String::from_utf8(expected).unwrap()
            );
        }
    }
}
