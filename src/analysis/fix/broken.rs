//! `fix --keep-broken` (issue 14): a game with a move that cannot be played (an illegal move, or
//! a word in a move's place) is written cut at that move, as `arbiter pgn` cuts it, and the rest
//! of its line — as written, up to the line's `)` or the game's termination marker — is kept in
//! a comment after the last legal move (pgn-extract `--keepbroken` keeps the rest of the moves
//! in a comment the same way). A cut main line gets the draw of an automatic end the game went
//! past before the cut (`result::cut_result`), else the result its last position decides
//! (checkmate, stalemate, dead position), else `*`: the moves after the cut were not played.

use shakmaty::{Chess, Color, Position};

use super::Repair;
use crate::analysis::draw::dead_position;
use crate::analysis::pgn::unprintable;
use crate::analysis::resolve::{is_checkmate_given_check, is_stalemate};
use crate::analysis::walk::{Game, Stopped};
use crate::model::fix::Change;

/// A line cut at a move that could not be played.
#[derive(Debug)]
pub(super) struct Cut {
    /// Open brackets at the cut (0: the main line).
    pub level: usize,
    /// Offset of the rest of the line in the game (the move number before the move, if any).
    pub at: usize,
    /// Line and column of the move, and of the end of the rest (`None`: not yet known).
    pub from: (u64, u64),
    pub to: Option<(u64, u64)>,
    /// The result the position at the cut decides, and why (main line only).
    pub decided: Option<(&'static str, String)>,
}

impl Cut {
    /// The cut of `s`, with the change the log gets for it.
    pub fn new(game: &mut Game<'_>, s: &Stopped<'_, '_>, level: usize) -> (Cut, Change) {
        let at = s
            .number
            .map_or(s.token.start, |n| (n.at as usize).min(s.token.start));
        let from = game.locate(s.token.start);
        let decided = (s.depth == 0).then(|| decided_at(s.pos)).flatten();
        let change = Change {
            repair: Repair::KeepBroken.name(),
            tag: None,
            ply: Some(s.ply),
            variation: s.depth > 0,
            line: from.0,
            before: Some(crate::analysis::tags::decode(s.token.text)),
            after: None,
            rule: format!(
                "{}: {}; the rest of the line is kept in a comment",
                s.code, s.reason
            ),
        };
        let cut = Cut {
            level,
            at,
            from,
            to: None,
            decided,
        };
        (cut, change)
    }

    /// Whether a finding at `(line, col)` is in the part cut off (its error is covered).
    pub fn covers(&self, at: (u64, u64)) -> bool {
        at >= self.from && self.to.is_none_or(|to| at < to)
    }
}

/// The rest of a line as the comment keeps it: the text from the cut to `end`, its whitespace
/// collapsed by the writer, its comment braces written `[` and `]` (a `}` would end the comment).
pub(super) fn rest_text(bytes: &[u8], at: usize, end: usize) -> String {
    let text = crate::analysis::tags::decode(&bytes[at.min(end)..end]);
    text.trim().replace('{', "[").replace('}', "]")
}

/// The rest of a line kept in a comment, its control characters and bidirectional overrides
/// written U+FFFD (the replacement character: where a character was, visible, as the export
/// writer writes them in every comment: [`unprintable`]), with the change the log gets when
/// there were any (`line`: the cut's).
pub(super) fn printable_rest(rest: String, line: u64) -> (String, Option<Change>) {
    let n = rest.chars().filter(|&c| unprintable(c)).count();
    if n == 0 {
        return (rest, None);
    }
    let written: String = rest
        .chars()
        .map(|c| if unprintable(c) { '\u{FFFD}' } else { c })
        .collect();
    let change = Change {
        repair: Repair::KeepBroken.name(),
        tag: None,
        ply: None,
        variation: false,
        line,
        before: Some(rest.escape_default().to_string()),
        after: Some(written.clone()),
        rule: format!(
            "PGN standard 4.1 (printing characters only): {n} {}character{} of the kept text \
             written U+FFFD",
            match rest.chars().all(|c| !unprintable(c) || c.is_control()) {
                true => "control ",
                false => "control or bidirectional-override ",
            },
            if n == 1 { "" } else { "s" }
        ),
    };
    (written, Some(change))
}

/// The result the position `pos` decides: checkmate (art. 5.1.1), stalemate (art. 5.2.1), a
/// dead position (art. 5.2.2).
pub(super) fn decided_at(pos: &Chess) -> Option<(&'static str, String)> {
    // The resolver's tests first look for a king move, which most positions have, before they
    // generate every legal move (as `Position::is_checkmate` and `is_stalemate` do).
    if pos.is_check() && is_checkmate_given_check(pos) {
        let r = if pos.turn() == Color::Black {
            "1-0"
        } else {
            "0-1"
        };
        Some((r, "checkmate (art. 5.1.1)".to_owned()))
    } else if is_stalemate(pos) {
        Some(("1/2-1/2", "stalemate (art. 5.2.1)".to_owned()))
    } else {
        dead_position(pos).map(|why| ("1/2-1/2", format!("dead position: {why} (art. 5.2.2)")))
    }
}
