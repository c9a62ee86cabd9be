//! Where the positions of a game go ([`FenOut`]): kept whole up to a limit, so that a caller
//! holding many games' positions at once can bound its memory, or handed on in pieces as they
//! are made, for a game too large to be held; and the first pass that finds the `sm`
//! operations of a streamed game ahead (`--epd --epd-moves --variations`).

use std::ops::ControlFlow;

use super::{FenOptions, GamePositions, Positions};
use crate::analysis::walk::{GameText, walk};

/// The `sm` operations of the positions that variations follow, found by a first pass over a
/// streamed game (`--epd --epd-moves --variations`).
#[derive(Debug, Default)]
pub(super) struct Ahead {
    /// This is the first pass: rows are not kept, the moves are looked for.
    pub(super) looking: bool,
    /// First pass: the rows whose line opened a variation, waiting for the line's next move.
    pub(super) awaiting: Vec<usize>,
    /// The rows (by number) and the SAN of the move played from each, sorted by row in the
    /// second pass.
    pub(super) found: Vec<(usize, String)>,
}

/// Where the positions of a game go while it is converted.
pub enum FenOut<'w> {
    /// Kept whole in [`GamePositions`]; past about `limit` bytes (text and rows) the
    /// conversion gives up ([`GamePositions::over_limit`]), so that a caller holding many
    /// games' positions at once can bound its memory and stream the large games instead.
    Whole {
        /// Most bytes held.
        limit: usize,
    },
    /// Handed to the sink in pieces of about a megabyte: the sink gets the positions so far
    /// and how many of their rows are complete (the first `n`; without rows, all the text),
    /// writes them and returns true (false stops the conversion); they are then dropped. The
    /// rest (and the stops) is in the [`GamePositions`] returned at the end.
    Stream(&'w mut dyn FnMut(&GamePositions, usize) -> bool),
}

impl std::fmt::Debug for FenOut<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FenOut::Whole { limit } => write!(f, "Whole({limit})"),
            FenOut::Stream(_) => write!(f, "Stream"),
        }
    }
}

/// The memory a row holds besides its FEN text, as counted against a limit.
const ROW_BYTES: usize = 160;

/// The positions held before a streamed game hands them on.
const STREAM_PIECE: usize = 1 << 20;

/// The `sm` operations of the positions of `game` that variations follow, found by a first
/// pass: the `sm` of such a position is the move of its line after the variations, and the
/// second pass sets it when the first variation opens, so that the position does not wait
/// (with everything after it) until the second pass reaches that move.
pub(super) fn sm_ahead_of(game: GameText<'_>, options: &FenOptions) -> Ahead {
    let mut drop_them = |_: &GamePositions, _: usize| true;
    let mut first = Positions::with_out(options, Vec::new(), FenOut::Stream(&mut drop_them));
    first.ahead = Some(Ahead {
        looking: true,
        ..Ahead::default()
    });
    walk(game, &mut first);
    let mut found = first.ahead.map(|a| a.found).unwrap_or_default();
    found.sort_unstable_by_key(|f| f.0);
    Ahead {
        looking: false,
        awaiting: Vec::new(),
        found,
    }
}

impl Positions<'_, '_, '_> {
    /// The bytes held: the text, and the rows.
    fn held(&self) -> usize {
        self.out.text.len() + self.out.rows.len() * ROW_BYTES
    }

    /// After positions were written: a whole game gives up past its limit, a streamed one
    /// hands its complete positions on once it holds a piece's worth. `Break` ends the walk.
    /// One comparison per position: `next_piece` is the limit of a whole game, or the size at
    /// which a streamed one hands its positions on (or 0 once its sink stopped).
    #[inline]
    pub(super) fn written(&mut self) -> ControlFlow<()> {
        match self.held() < self.next_piece {
            true => ControlFlow::Continue(()),
            false => self.past_piece(),
        }
    }

    #[cold]
    #[inline(never)]
    fn past_piece(&mut self) -> ControlFlow<()> {
        match &self.sink {
            FenOut::Whole { .. } => {
                self.out.over_limit = true;
                ControlFlow::Break(())
            }
            FenOut::Stream(_) if self.out.over_limit => ControlFlow::Break(()),
            FenOut::Stream(_) => self.hand_on(),
        }
    }

    /// The first value of `next_piece` for `sink` (see [`Positions::written`]).
    pub(super) fn first_piece(sink: &FenOut<'_>) -> usize {
        match sink {
            // Past the limit: `held() > limit`.
            FenOut::Whole { limit } => limit.saturating_add(1),
            FenOut::Stream(_) => STREAM_PIECE,
        }
    }

    /// Hands the complete positions held to the sink and drops them. A row is complete once
    /// its `sm` operation is known (the next move of its line), so with `--epd-moves` the rows
    /// from the first one still waiting stay.
    fn hand_on(&mut self) -> ControlFlow<()> {
        let looking = self.ahead.as_ref().is_some_and(|a| a.looking);
        let complete = match self.rows {
            false => 0,
            true if looking => self.out.rows.len(),
            true => {
                let waits = |row: usize| {
                    row.checked_sub(self.base)
                        .and_then(|i| self.out.rows.get(i))
                        .is_some_and(|r| r.next_san.is_none())
                };
                let waiting = match self.options.epd && self.options.epd_move {
                    true => self
                        .lines
                        .iter()
                        .filter_map(|l| l.row)
                        .filter(|&r| waits(r))
                        .min(),
                    false => None,
                };
                waiting.map_or(self.out.rows.len(), |row| row - self.base)
            }
        };
        if !self.rows || complete > 0 {
            let FenOut::Stream(sink) = &mut self.sink else {
                return ControlFlow::Continue(());
            };
            if !sink(&self.out, complete) {
                self.out.over_limit = true;
                self.next_piece = 0;
                return ControlFlow::Break(());
            }
            if self.rows {
                let cut = self
                    .out
                    .rows
                    .get(complete)
                    .map_or(self.out.text.len(), |r| r.text_start());
                self.out.rows.drain(..complete);
                self.out.text.drain(..cut);
                for row in &mut self.out.rows {
                    row.shifted(cut);
                }
                self.base += complete;
            } else {
                self.out.text.clear();
            }
        }
        // What still waits is handed on once as much again has come (linear time).
        self.next_piece = STREAM_PIECE.max(2 * self.held());
        ControlFlow::Continue(())
    }

    /// A variation opens after the position of the line on top of the stack: with `sm`
    /// operations known ahead, that position gets its `sm` now (so it does not wait, with all
    /// that follows it, for the line's next move); the first pass notes that it waits.
    pub(super) fn sm_ahead(&mut self) {
        let Some(ahead) = self.ahead.as_mut() else {
            return;
        };
        let Some(row) = self.lines.last().and_then(|l| l.row) else {
            return;
        };
        if ahead.looking {
            if !ahead.awaiting.contains(&row) {
                ahead.awaiting.push(row);
            }
        } else if let Ok(k) = ahead.found.binary_search_by_key(&row, |f| f.0)
            && let Some(r) = row
                .checked_sub(self.base)
                .and_then(|i| self.out.rows.get_mut(i))
        {
            r.next_san.get_or_insert_with(|| ahead.found[k].1.clone());
        }
    }
}
