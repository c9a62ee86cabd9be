//! The rows of `arbiter moves`: every move of a game's main line — ply, move number, side, SAN,
//! UCI, optionally the FEN after it — with the data of the comments that follow it
//! ([`super::comments`]). Its own visitor of the one game walk; variations are not replayed.
//! The rows of a line end at its first move that cannot be played.

use std::ops::ControlFlow;

use shakmaty::{CastlingMode, Color, EnPassantMode, Position};

use super::super::fen::{FenOptions, RankCache, append_fen, append_san, append_uci};
use super::super::lexer::{Token, TokenKind};
use super::super::tags::Variant;
use super::super::walk::{End, Game, GameText, LineView, Played, Start, Stopped, Visitor, walk};
use super::comments::read_comment;
use crate::model::{MoveColumns, MoveData, StrColumn};

/// The visitor of the move table.
#[derive(Debug)]
pub struct MoveTable {
    columns: MoveColumns,
    mode: CastlingMode,
    /// The FEN writer's options: the en passant square only when a capture is legal.
    fen: FenOptions,
    ranks: RankCache,
}

impl MoveTable {
    /// A visitor for one game; `fen`: also the FEN after each move.
    pub fn new(fen: bool) -> MoveTable {
        MoveTable {
            columns: MoveColumns {
                fen: fen.then(StrColumn::default),
                ..MoveColumns::default()
            },
            mode: CastlingMode::Standard,
            fen: FenOptions {
                ep: EnPassantMode::Legal,
                ..FenOptions::new()
            },
            ranks: RankCache::default(),
        }
    }
}

impl<'g> Visitor<'g> for MoveTable {
    type Output = MoveColumns;

    fn needs_before(&self) -> bool {
        false
    }

    fn check_marks(&self) -> bool {
        true
    }

    fn start(&mut self, game: &mut Game<'g>, _start: &Start) -> ControlFlow<()> {
        if game.variant == Variant::Chess960 {
            self.mode = CastlingMode::Chess960;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn played(&mut self, _game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        let c = &mut self.columns;
        let side = m.after.turn().other();
        c.ply.push(m.ply);
        c.number
            .push(m.after.fullmoves().get() - u32::from(side == Color::Black));
        c.white.push(side == Color::White);
        append_san(&mut c.san.text, m.resolved.san, m.mark);
        c.san.end();
        append_uci(&mut c.uci.text, m.resolved.m, self.mode);
        c.uci.end();
        if let Some(fen) = &mut c.fen {
            append_fen(&mut fen.text, m.after, &self.fen, &mut self.ranks);
            fen.end();
        }
        c.data.push(MoveData::default());
        ControlFlow::Continue(())
    }

    fn stopped(&mut self, _game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        self.columns.cut_short |= s.depth == 0;
        ControlFlow::Continue(())
    }

    fn annotation(&mut self, _game: &mut Game<'g>, token: &Token<'g>, line: &LineView<'_>) {
        let comment = matches!(
            token.kind,
            TokenKind::Comment | TokenKind::LineComment | TokenKind::UnterminatedComment
        );
        let c = &mut self.columns;
        if comment
            && line.depth == 0
            && !line.dead
            && c.ply.last() == Some(&line.ply)
            && let Some(data) = c.data.last_mut()
        {
            read_comment(token.text, data);
        }
    }

    fn end(&mut self, game: &mut Game<'g>, _end: &End<'_, 'g>) -> MoveColumns {
        let fen = self.columns.fen.is_some();
        let mut columns = std::mem::replace(&mut self.columns, MoveTable::new(fen).columns);
        self.ranks = RankCache::default();
        columns.game = game.text.index;
        columns
    }

    fn panicked(&mut self, text: &GameText<'g>) -> MoveColumns {
        MoveColumns {
            game: text.index,
            fen: self.columns.fen.as_ref().map(|_| StrColumn::default()),
            ..MoveColumns::default()
        }
    }
}

/// The move rows of one game (`fen`: with the FEN after each move).
pub fn move_rows(text: GameText<'_>, fen: bool) -> MoveColumns {
    let mut table = MoveTable::new(fen);
    // Room for the moves of a game of this size (a move takes 6 bytes and more of the text,
    // lichess's with a clock about 25): the columns grow once or twice, not ten times.
    let plies = (text.bytes.len() / 12).min(1 << 16);
    let c = &mut table.columns;
    c.ply.reserve(plies);
    c.number.reserve(plies);
    c.white.reserve(plies);
    c.data.reserve(plies);
    for column in [&mut c.san, &mut c.uci].into_iter().chain(c.fen.as_mut()) {
        column.ends.reserve(plies);
    }
    c.san.text.reserve(plies * 4);
    c.uci.text.reserve(plies * 4);
    if let Some(fen) = &mut c.fen {
        fen.text.reserve(plies * 60);
    }
    walk(text, &mut table)
}
