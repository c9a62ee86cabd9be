//! Text that is not UTF-8, converted (issue 14): older databases are in Windows-1252 (the
//! Latin-1 of Windows, which WHATWG and every browser read for "latin1"), some DOS ones in code
//! page 437 (`Andr\x82` is `André` there). A game is converted when its bytes are not UTF-8;
//! which of the two it is, is guessed from the bytes, or forced (`--encoding`).

use crate::analysis::check::mojibake;
use crate::analysis::lexer::{Lexer, Locator, TokenKind};
use crate::analysis::walk::GameText;
use crate::model::fix::Change;

pub use crate::analysis::encoding::{Encoding, decode_cp437, detect, transcode};

/// The encoding `bytes` need to be converted from: `None` when they are UTF-8.
pub(super) fn needs(bytes: &[u8], forced: Option<Encoding>) -> Option<Encoding> {
    if std::str::from_utf8(bytes).is_ok() {
        return None;
    }
    Some(forced.unwrap_or_else(|| detect(bytes)))
}

/// Bytes shown in the log: ASCII as it is, other bytes as `\xNN`.
fn escaped(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        if b.is_ascii() && !b.is_ascii_control() {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

/// The log record of a game converted: its first line that is not UTF-8, before and after.
pub(super) fn change(text: GameText<'_>, encoding: Encoding) -> Change {
    let mut number = text.line;
    let mut first = &text.bytes[..0];
    for line in text.bytes.split(|b| *b == b'\n') {
        if std::str::from_utf8(line).is_err() {
            first = line.strip_suffix(b"\r").unwrap_or(line);
            break;
        }
        number += 1;
    }
    let first = &first[..first.len().min(400)];
    Change {
        repair: super::Repair::Encoding.name(),
        tag: None,
        ply: None,
        variation: false,
        line: number,
        before: Some(escaped(first)),
        after: Some(transcode(first, encoding)),
        rule: format!("encoding/latin1: read as {}", encoding.name()),
    }
}

/// The game with its text encoded as UTF-8 twice decoded (`ZÃ¼rich` → `Zürich`), each tag
/// value and each comment on its own (`check::mojibake` says when one is), and the changes: one
/// per tag value or comment. `None` when the game is not UTF-8 (the `encoding` repair converts
/// it) or has no such text. The structure cannot change: a decoded run is non-ASCII characters
/// only, no quote, brace or line break.
pub(super) fn double_utf8(text: GameText<'_>) -> Option<(String, Vec<Change>)> {
    let bytes = text.bytes;
    if !mojibake::may_be_double_utf8(bytes) {
        return None;
    }
    let game = std::str::from_utf8(bytes).ok()?;
    let mut out = String::new();
    let mut copied = 0;
    let mut changes = Vec::new();
    let mut locator = Locator::starting_at(bytes, text.line, text.col);
    for token in Lexer::new(bytes) {
        let (span, tag) = match token.kind {
            TokenKind::Tag { name, value, .. } => (value, Some(name)),
            TokenKind::Comment => (&token.text[1..token.text.len().saturating_sub(1)], None),
            TokenKind::LineComment => (&token.text[1..], None),
            _ => continue,
        };
        if !mojibake::may_be_double_utf8(span) {
            continue;
        }
        // A slice of the game, at an ASCII delimiter: on a character boundary.
        let at = span.as_ptr() as usize - bytes.as_ptr() as usize;
        let Some(written) = game.get(at..at + span.len()) else {
            continue;
        };
        let Some(decoded) = mojibake::decode_double_utf8(written) else {
            continue;
        };
        out.push_str(&game[copied..at]);
        out.push_str(&decoded);
        copied = at + span.len();
        let what = if tag.is_some() {
            "tag value"
        } else {
            "comment"
        };
        changes.push(Change {
            repair: super::Repair::DoubleEncoding.name(),
            tag: tag.map(crate::analysis::tags::decode),
            ply: None,
            variation: false,
            line: locator.locate(token.start).0,
            before: Some(written.to_owned()),
            after: Some(decoded),
            rule: format!(
                "encoding/double-utf8: a {what} encoded as UTF-8 twice (UTF-8 read as \
                 Windows-1252 and encoded again), decoded"
            ),
        });
    }
    if changes.is_empty() {
        return None;
    }
    out.push_str(&game[copied..]);
    Some((out, changes))
}
