//! Where the export's text goes ([`ExportOut`]): kept whole within a limit, measured, or
//! handed on in pieces; the buffers it is written in ([`ExportBuffers`]); the tag section,
//! written once the game's end is known.

use std::ops::ControlFlow;

use super::Exporter;
use crate::analysis::pgn::edit::OtherTag;
use crate::analysis::pgn::write::{write_pair, write_roster, write_tag};
use crate::analysis::walk::Game;

/// Where the exporter's text goes.
pub enum ExportOut<'w> {
    /// Into the game's text ([`Exported::text`]), whole; past `limit` bytes the export gives
    /// up ([`Exported::over_limit`]) so that the caller can stream the game instead.
    ///
    /// [`Exported::text`]: crate::analysis::pgn::Exported::text
    /// [`Exported::over_limit`]: crate::analysis::pgn::Exported::over_limit
    Whole {
        /// Most bytes held.
        limit: usize,
    },
    /// Nowhere: the first pass of a streamed game, which finds the problems and the final tag
    /// values (the Result tag depends on how the game ends, and the tags come first).
    Measure,
    /// To `sink`, in pieces, the tags first with the roster found by the first pass; `sink`
    /// returns false to stop (the output cannot be written).
    Stream {
        /// The Seven Tag Roster as the first pass left it.
        roster: [Option<String>; 7],
        /// The main line's plies, as the first pass counted them (for a PlyCount tag).
        plies: u32,
        /// Takes each piece of text.
        sink: &'w mut dyn FnMut(&str) -> bool,
    },
}

impl std::fmt::Debug for ExportOut<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportOut::Whole { limit } => write!(f, "Whole({limit})"),
            ExportOut::Measure => write!(f, "Measure"),
            ExportOut::Stream { .. } => write!(f, "Stream"),
        }
    }
}

/// Text held before a streamed game hands it on.
pub(super) const STREAM_PIECE: usize = 1 << 20;

/// Buffers an export writes into, used again from game to game so that a run of millions of
/// games does not ask the allocator for its text game after game ([`Exporter::with_buffers`]).
#[derive(Debug, Default)]
pub struct ExportBuffers {
    /// The game's text is made in it: it becomes
    /// [`Exported::text`](crate::analysis::pgn::Exported::text).
    pub text: Vec<u8>,
    /// The movetext is made in it (the tag section, which depends on how the game ends, is
    /// written first once it is known); handed back by [`Exporter::spare`].
    pub movetext: Vec<u8>,
}

impl Exporter<'_, '_> {
    /// After text was written: nothing to do while the text is below [`Exporter::room`] (a
    /// test inlined into every callback), else [`Exporter::handed_on`].
    #[inline(always)]
    pub(super) fn written(&mut self) -> ControlFlow<()> {
        match !self.over_limit && self.w.len() < self.room {
            true => ControlFlow::Continue(()),
            false => self.handed_on(),
        }
    }

    /// After text was written: hands a streamed game's text on, drops a measured game's, and
    /// gives up on a whole game past its limit (its text is dropped from then on). `Break` ends
    /// the walk (callbacks that cannot end it ignore it: the text stays bounded all the same).
    #[inline(never)]
    fn handed_on(&mut self) -> ControlFlow<()> {
        match &mut self.out {
            ExportOut::Whole { limit } if self.over_limit || self.w.len() > *limit => {
                self.over_limit = true;
                self.w.take_text();
                ControlFlow::Break(())
            }
            ExportOut::Measure if self.w.len() >= STREAM_PIECE => {
                self.w.take_text();
                ControlFlow::Continue(())
            }
            ExportOut::Stream { sink, .. } if self.over_limit || self.w.len() >= STREAM_PIECE => {
                let text = self.w.take_text();
                match !self.over_limit && sink(&text) {
                    true => ControlFlow::Continue(()),
                    false => {
                        self.over_limit = true;
                        ControlFlow::Break(())
                    }
                }
            }
            _ => ControlFlow::Continue(()),
        }
    }

    /// The tag section (the roster, then the other tags in their order) to `out`, in pieces of
    /// about [`STREAM_PIECE`] bytes; `out` returns false to stop.
    pub(super) fn tag_section(
        &self,
        game: &Game<'_>,
        roster: &[Option<String>; 7],
        out: &mut dyn FnMut(&str) -> bool,
    ) -> bool {
        // Room for the section as written plus the roster's fill-ins, so that the text is not
        // grown line by line (a realloc and a copy each time: 9 a game on lichess games).
        let written: usize = game.tags.pairs.iter().map(|p| p.text.len() + 1).sum();
        let roster_bytes: usize = roster.iter().flatten().map(|v| v.len() + 16).sum();
        let mut text = String::with_capacity((written + roster_bytes + 128).min(STREAM_PIECE));
        write_roster(&mut text, roster);
        if let Some(edited) = &self.edited_others {
            // As edited: a PlyCount tag of the game's is written as it stands.
            for tag in edited {
                match tag {
                    OtherTag::Game(i) => {
                        let pair = &game.tags.pairs[*i as usize];
                        match &self.fen_tag {
                            Some(fen) if pair.name == b"FEN" => write_tag(&mut text, "FEN", fen),
                            // Copied when it stands as the export writes it.
                            _ => write_pair(&mut text, pair),
                        }
                    }
                    OtherTag::Set(name, value) => write_tag(&mut text, name, value),
                }
            }
            text.push('\n');
            return out(&text);
        }
        for &i in &self.others {
            let pair = &game.tags.pairs[i as usize];
            match &self.fen_tag {
                Some(fen) if pair.name == b"FEN" => write_tag(&mut text, "FEN", fen),
                // PlyCount: the plies of the game (PGN standard 9.2.1), as exported.
                _ if pair.name == b"PlyCount" && !self.no_moves => {
                    write_tag(
                        &mut text,
                        "PlyCount",
                        itoa::Buffer::new().format(self.plies),
                    );
                }
                _ => write_pair(&mut text, pair),
            }
            if text.len() >= STREAM_PIECE && !out(&std::mem::take(&mut text)) {
                return false;
            }
        }
        text.push('\n');
        out(&text)
    }

    /// A streamed game's tag section, written as the moves start (the roster from the first
    /// pass, the FEN tag as read): `Break` when the sink stopped.
    pub(super) fn stream_tags(&mut self, game: &Game<'_>) -> ControlFlow<()> {
        let ExportOut::Stream {
            roster,
            plies,
            sink,
        } = &mut self.out
        else {
            return ControlFlow::Continue(());
        };
        let roster = roster.clone();
        let sink: &mut dyn FnMut(&str) -> bool = *sink;
        let mut section = Exporter::with_out(self.options, ExportOut::Measure);
        section.plies = *plies;
        section.no_moves = self.no_moves;
        section.others = std::mem::take(&mut self.others);
        section.edited_others = self.edited_others.take();
        section.fen_tag = self.fen_tag.take();
        match section.tag_section(game, &roster, sink) {
            true => ControlFlow::Continue(()),
            false => {
                self.over_limit = true;
                ControlFlow::Break(())
            }
        }
    }
}
