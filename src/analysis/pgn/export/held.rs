//! A result written in another form at the end of the main line (`1:0`, `0:1`, `+--`): the
//! export's one reading of it, shared by `arbiter pgn`, `select --export` and `arbiter fix`.
//!
//! The walk does not read such a word as a termination marker: `1:0` is an unknown token (kept
//! as a comment), `+--` a word that is no move (the main line stops there). When it is the last
//! word of the main line (only comments after it), it is the game's result, written as the
//! standard marker it stands for ([`crate::analysis::pgn::result_form`]), with no finding. A
//! later word (a move, a variation, a marker) shows it was none: it is then written as it would
//! have been, with its finding. Comments met while it is held are written before it.

use super::{Exporter, Finding};
use crate::analysis::lexer::{Token, TokenKind};

/// The word held, and what writing it after all would do.
#[derive(Debug)]
pub(super) struct HeldResult {
    /// Its offset in the game.
    at: usize,
    /// The standard result it stands for.
    pub(super) result: &'static str,
    /// Its finding and what the export did, when one is kept.
    finding: Option<(Finding, &'static str)>,
    /// The comment that stands for it.
    comment: String,
    /// It stopped the main line (a word shaped like a move).
    pub(super) stopped: bool,
}

impl HeldResult {
    /// The word at `at`, standing for `result`.
    pub(super) fn new(
        at: usize,
        result: &'static str,
        finding: Option<(Finding, &'static str)>,
        comment: String,
        stopped: bool,
    ) -> HeldResult {
        HeldResult {
            at,
            result,
            finding,
            comment,
            stopped,
        }
    }
}

impl Exporter<'_, '_> {
    /// A token of the game: one after the held word that is no comment shows the word was no
    /// result, and it is written.
    #[inline(always)]
    pub(super) fn held_token(&mut self, token: &Token<'_>) {
        if let Some(held) = &self.held
            && token.start > held.at
            && !matches!(token.kind, TokenKind::Comment | TokenKind::LineComment)
        {
            self.write_held();
        }
    }

    /// Writes the held word as the export writes a word it cannot read.
    #[cold]
    fn write_held(&mut self) {
        let Some(held) = self.held.take() else {
            return;
        };
        if let Some((finding, done)) = held.finding {
            self.report(finding, done);
        }
        if held.stopped {
            self.arbiter_comment(&held.comment);
            self.truncated = true;
            self.line().dead = true;
        } else {
            // A word the export cannot read, kept as a comment (as `problem` keeps one).
            self.stray_note(&held.comment);
        }
    }
}
