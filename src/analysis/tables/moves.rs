//! The rows of `arbiter moves`: every move of a game's main line — ply, move number, side, SAN,
//! UCI, optionally the FEN after it — with the data of the comments that follow it
//! ([`super::comments`]). Its own visitor of the one game walk; variations are not replayed.
//! The rows of a line end at its first move that cannot be played.
//!
//! Memory: the rows of a game are made whole ([`move_rows`]), within a bound of bytes
//! ([`move_rows_within`]: the walk stops past it), or handed out a few at a time
//! ([`move_rows_in_pieces`]), so that no game's rows need be held whole.

use std::ops::ControlFlow;

use shakmaty::{CastlingMode, Color, EnPassantMode, Position};

use super::super::fen::{FenOptions, RankCache, append_fen, append_san, append_uci};
use super::super::lexer::{Token, TokenKind};
use super::super::tags::Variant;
use super::super::walk::{End, Game, GameText, LineView, Played, Start, Stopped, Visitor, walk};
use super::clock::Clocks;
use super::comments::read_comment;
use super::time_control::TimeControl;
use crate::model::{MoveColumns, MoveData, StrColumn};

/// Bytes a row's fixed-size values take in [`MoveColumns`] (ply, move number, side, the ends
/// of its two or three strings, the data of its comments).
pub const ROW_FIXED_BYTES: usize = 4 + 4 + 1 + 3 * 4 + std::mem::size_of::<MoveData>();

/// The limit of [`move_rows_within`] and the pieces of [`move_rows_in_pieces`] are looked at
/// every this many rows (so a limit is passed by at most this many rows, some 10 KB).
pub const CHECK_ROWS: usize = 64;

/// Where the rows of a game handed out in pieces go ([`move_rows_in_pieces`]).
type PieceSink<'f> = &'f mut dyn FnMut(MoveColumns);

/// The visitor of the move table.
pub struct MoveTable<'f> {
    columns: MoveColumns,
    mode: CastlingMode,
    /// The FEN writer's options: the en passant square only when a capture is legal.
    fen: FenOptions,
    ranks: RankCache,
    /// The walk stops when the rows take more bytes than this ([`MoveTable::row_bytes`]).
    limit: usize,
    /// Bytes each row costs besides its columns (the file name the writer repeats per row).
    per_row: usize,
    /// The rows passed `limit`: the walk was stopped, the rows are incomplete.
    over: bool,
    /// Rows per piece, and where pieces go.
    pieces: Option<(usize, PieceSink<'f>)>,
    /// The players' clocks (the clock after each move and the time spent on it).
    clocks: Clocks,
    /// The last row's clock and time spent are still to be computed (its comments are read
    /// until the next move).
    pending: bool,
}

impl std::fmt::Debug for MoveTable<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveTable")
            .field("rows", &self.columns.len())
            .field("limit", &self.limit)
            .field("over", &self.over)
            .finish_non_exhaustive()
    }
}

impl<'f> MoveTable<'f> {
    /// A visitor for one game; `fen`: also the FEN after each move.
    pub fn new(fen: bool) -> MoveTable<'f> {
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
            limit: usize::MAX,
            per_row: 0,
            over: false,
            pieces: None,
            clocks: Clocks::default(),
            pending: false,
        }
    }

    /// Computes the clock and time spent of the last row, once its comments are read.
    #[inline]
    fn settle(&mut self) {
        if std::mem::take(&mut self.pending) {
            let c = &mut self.columns;
            let (Some(white), Some(number), Some(data)) =
                (c.white.last(), c.number.last(), c.data.last_mut())
            else {
                return;
            };
            self.clocks.update(*white, *number, data);
        }
    }

    /// Bytes the rows made so far take: their texts, [`ROW_FIXED_BYTES`] and `per_row` a row.
    pub fn row_bytes(&self) -> usize {
        let c = &self.columns;
        let texts =
            c.san.text.len() + c.uci.text.len() + c.fen.as_ref().map_or(0, |f| f.text.len());
        texts + c.len() * (ROW_FIXED_BYTES + self.per_row)
    }

    /// Before a move, every [`CHECK_ROWS`] rows: hands the rows so far out as a piece (their
    /// comments read) when they are a piece's rows; true when they passed the limit (the walk
    /// stops).
    #[cold]
    fn bounded(&mut self, game: u64) -> bool {
        if let Some((n, _)) = self.pieces {
            self.hand_out(game, n);
        }
        self.over = self.limit != usize::MAX && self.row_bytes() > self.limit;
        self.over
    }

    /// Hands the rows so far to the piece sink, if there is one and they are `at_least` rows.
    fn hand_out(&mut self, game: u64, at_least: usize) {
        if let Some((_, sink)) = &mut self.pieces
            && self.columns.len() >= at_least
        {
            let fen = self.columns.fen.is_some();
            let mut piece = std::mem::replace(&mut self.columns, MoveTable::new(fen).columns);
            piece.game = game;
            sink(piece);
        }
    }
}

impl<'g> Visitor<'g> for MoveTable<'_> {
    type Output = MoveColumns;

    fn needs_before(&self) -> bool {
        false
    }

    fn check_marks(&self) -> bool {
        true
    }

    fn tags(&mut self, game: &mut Game<'g>) -> ControlFlow<()> {
        let control = game
            .tags
            .get("TimeControl")
            .and_then(|t| std::str::from_utf8(t.raw).ok().and_then(TimeControl::parse));
        self.clocks = Clocks::new(control);
        ControlFlow::Continue(())
    }

    fn start(&mut self, game: &mut Game<'g>, _start: &Start) -> ControlFlow<()> {
        if game.variant == Variant::Chess960 {
            self.mode = CastlingMode::Chess960;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn played(&mut self, game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        self.settle();
        // The limit and the pieces are looked at every [`CHECK_ROWS`] rows, off the hot path.
        if self.columns.len().is_multiple_of(CHECK_ROWS) && self.bounded(game.text.index) {
            return ControlFlow::Break(());
        }
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
        self.pending = true;
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
            // A `;` comment counts, but its commands are not read (python-chess skips it).
            match token.kind {
                TokenKind::LineComment => data.comments += 1,
                _ => read_comment(token.text, data),
            }
        }
    }

    fn end(&mut self, game: &mut Game<'g>, _end: &End<'_, 'g>) -> MoveColumns {
        self.settle();
        let cut_short = self.columns.cut_short;
        // In pieces: the last rows go out as the last piece; what is returned is empty.
        self.hand_out(game.text.index, 1);
        let fen = self.columns.fen.is_some();
        let mut columns = std::mem::replace(&mut self.columns, MoveTable::new(fen).columns);
        self.ranks = RankCache::default();
        columns.game = game.text.index;
        columns.cut_short = cut_short;
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
    reserve_and_walk(text, &mut MoveTable::new(fen))
}

/// The move rows of one game, or `None` when they would take more than `limit` bytes (the walk
/// stops there, so at most about `limit` bytes are made): [`MoveTable::row_bytes`], counting
/// `per_row` more bytes a row. The rows are written into `columns` (cleared first: the
/// columns of a game written before, whose room is used again).
pub fn move_rows_within(
    text: GameText<'_>,
    fen: bool,
    limit: usize,
    per_row: usize,
    mut columns: MoveColumns,
) -> Option<MoveColumns> {
    let mut table = MoveTable::new(fen);
    columns.clear(fen);
    table.columns = columns;
    table.limit = limit;
    table.per_row = per_row;
    let columns = reserve_and_walk(text, &mut table);
    (!table.over).then_some(columns)
}

/// The move rows of one game handed to `sink` in pieces of `rows` rows (rounded up to a multiple
/// of [`CHECK_ROWS`]; the last one shorter;
/// it holds the game's `cut_short`; a game with no move gives no piece), so that they are
/// never held whole. Returns whether the main line was cut short.
pub fn move_rows_in_pieces(
    text: GameText<'_>,
    fen: bool,
    rows: usize,
    sink: &mut dyn FnMut(MoveColumns),
) -> bool {
    let mut table = MoveTable::new(fen);
    // Pieces are cut where the limit is looked at.
    table.pieces = Some((rows.max(1).next_multiple_of(CHECK_ROWS), sink));
    reserve_and_walk(text, &mut table).cut_short
}

/// Reserves room for the moves of a game of this size, then walks it with `table`.
fn reserve_and_walk(text: GameText<'_>, table: &mut MoveTable<'_>) -> MoveColumns {
    // Room for the moves of a game of this size (a move takes 6 bytes and more of the text,
    // lichess's with a clock about 25): the columns grow once or twice, not ten times.
    let plies = (text.bytes.len() / 12).min(1 << 16);
    let plies = match table.pieces {
        Some((n, _)) => plies.min(n),
        None => plies,
    };
    table.columns.reserve(plies);
    walk(text, table)
}
