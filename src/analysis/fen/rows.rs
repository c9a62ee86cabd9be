//! The rows `arbiter fen` keeps of a game: each position's ply, FEN and move (offsets into the
//! game's one text buffer, no allocation a row), where the replay stopped, and the texts of a
//! row read back ([`RowTexts`]).

use crate::model::{Code, GameInfo};

/// One position of a game (kept when [`FenOptions::moves`](super::FenOptions::moves) or [`FenOptions::epd_move`](super::FenOptions::epd_move) asks for
/// it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRow {
    /// The ply after which the position stands (0 = the start position), counted from the
    /// game's start along the position's line.
    pub ply: u32,
    /// Where the move that led here stands in `GamePositions::text`, when asked for and
    /// `ply > 0`: see [`RowTexts::move_text`], [`RowTexts::san`] and
    /// [`RowTexts::uci`].
    pub moved: Option<MoveSpan>,
    /// Where the position's FEN (or EPD with [`FenOptions::epd`](super::FenOptions::epd), without `sm` and `c0`) stands
    /// in `GamePositions::text`, without its newline.
    pub fen: std::ops::Range<usize>,
    /// The path of the variation holding the position (see [`GamePositions#paths`]); `None`
    /// on the main line.
    pub path: Option<String>,
    /// The move played from this position in its line, in SAN (the `sm` operation).
    pub next_san: Option<String>,
}

/// Where the texts of the move that led to a position stand in `GamePositions::text` (byte
/// offsets): `start..uci` is the move in PGN style (`23...Nf3`), `san..uci` its standard SAN
/// (with `+`/`#`), `uci..end` its UCI (king-takes-rook castling in Chess960 games). Written
/// into the game's one text buffer, so a row allocates nothing of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSpan {
    /// Start of the PGN-style move (its number).
    pub start: usize,
    /// Start of the SAN.
    pub san: usize,
    /// Start of the UCI (end of the SAN).
    pub uci: usize,
    /// End of the UCI.
    pub end: usize,
}

impl PositionRow {
    /// Where the row's text starts in `GamePositions::text` (its move, else its FEN).
    pub fn text_start(&self) -> usize {
        self.moved.map_or(self.fen.start, |m| m.start)
    }

    /// The row with its text moved `by` bytes towards the start of the buffer.
    pub(super) fn shifted(&mut self, by: usize) {
        self.fen = self.fen.start - by..self.fen.end - by;
        if let Some(m) = &mut self.moved {
            *m = MoveSpan {
                start: m.start - by,
                san: m.san - by,
                uci: m.uci - by,
                end: m.end - by,
            };
        }
    }
}

/// Why the positions of a game (or of one variation) stop before its end, or were not produced
/// at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStop {
    /// The ply that could not be played (1-based); 0 when nothing could be replayed.
    pub ply: u32,
    /// The move in PGN style (`23...Nf3` as written), when the stop is at a move.
    pub move_text: Option<String>,
    /// A stable code (`illegal-move/...`, `syntax/unknown-token`, `fen/start`, `variant/unsupported`).
    pub code: Code,
    /// What went wrong.
    pub message: String,
    /// The path of the variation that was cut short; `None` for the main line.
    pub path: Option<String>,
}

/// The chosen positions of one game.
///
/// # Paths
///
/// A position inside a variation carries the path of its variation: one segment per level,
/// separated by single spaces, from the main line inwards. A segment is the move the variation
/// replaces, in PGN style with standard SAN, followed by the 1-based number of the variation
/// among those that replace that move: `12...Nf6(1)` is the first variation given for Black's
/// 12th move, and `12...Nf6(1) 14.Re1(2)` the second variation for White's 14th move inside it.
/// A segment matches `(\d+)(\.|\.\.\.)([^ (]+)\((\d+)\)`. Main-line positions have no path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePositions {
    /// Tags and place of the game; `plies` is the number of main-line moves replayed. The
    /// Event, White and Black tags are read only with [`FenOptions::moves`](super::FenOptions::moves) (the records that
    /// show them).
    pub info: GameInfo,
    /// The chosen positions in the order of the game's text (a variation's positions come
    /// after the move it replaces), when [`FenOptions::moves`](super::FenOptions::moves) or [`FenOptions::epd_move`](super::FenOptions::epd_move) asks
    /// for rows; empty otherwise.
    pub rows: Vec<PositionRow>,
    /// How many positions were chosen.
    pub positions: u64,
    /// With rows: the FEN (or EPD) text the rows point into. Without: the finished lines, each
    /// ending with a newline (FEN lines of positions inside variations are followed by a tab
    /// and the path; EPD lines carry the path in `id`).
    pub text: Vec<u8>,
    /// The EPD `c0` operation (` c0 "...";`) written after each EPD line, with
    /// [`FenOptions::epd_tags`](super::FenOptions::epd_tags).
    pub epd_comment: Option<String>,
    /// Why the main line or variations were cut short, in the order met.
    pub stops: Vec<GameStop>,
    /// The positions grew past the limit given ([`FenOut::Whole`](super::FenOut::Whole)): they are incomplete, and
    /// the caller converts the game again with [`FenOut::Stream`](super::FenOut::Stream); or the stream's sink
    /// stopped.
    pub over_limit: bool,
}

impl GamePositions {
    /// The texts of the rows ([`RowTexts`]): the game's text read as UTF-8 once.
    pub fn texts(&self) -> RowTexts<'_> {
        RowTexts {
            text: std::str::from_utf8(&self.text).unwrap_or_default(),
            epd_comment: self.epd_comment.as_deref(),
        }
    }

    /// The FEN or EPD line of a row: see [`RowTexts::line`].
    #[inline]
    pub fn line(&self, row: &PositionRow) -> std::borrow::Cow<'_, str> {
        self.texts().line(row)
    }
}

/// The texts the rows of a game point into ([`GamePositions::texts`]).
#[derive(Clone, Copy, Debug)]
pub struct RowTexts<'a> {
    text: &'a str,
    epd_comment: Option<&'a str>,
}

impl<'a> RowTexts<'a> {
    #[inline]
    fn span(&self, from: usize, to: usize) -> &'a str {
        self.text.get(from..to).unwrap_or_default()
    }

    /// The move that led to the position of `row`, in PGN style (`23...Nf3`).
    #[inline]
    pub fn move_text(&self, row: &PositionRow) -> Option<&'a str> {
        row.moved.map(|m| self.span(m.start, m.uci))
    }

    /// The move that led to the position of `row`, in standard SAN.
    #[inline]
    pub fn san(&self, row: &PositionRow) -> Option<&'a str> {
        row.moved.map(|m| self.span(m.san, m.uci))
    }

    /// The move that led to the position of `row`, in UCI.
    #[inline]
    pub fn uci(&self, row: &PositionRow) -> Option<&'a str> {
        row.moved.map(|m| self.span(m.uci, m.end))
    }

    /// The FEN or EPD line of a row: the text it points into, then the `sm` and `c0` operations
    /// (EPD), without the path and the newline.
    #[inline]
    pub fn line(&self, row: &PositionRow) -> std::borrow::Cow<'a, str> {
        let base = self.span(row.fen.start, row.fen.end);
        if row.next_san.is_none() && self.epd_comment.is_none() {
            return base.into();
        }
        let mut line = base.to_owned();
        if let Some(san) = &row.next_san {
            line.push_str(" sm ");
            line.push_str(san);
            line.push(';');
        }
        if let Some(comment) = self.epd_comment {
            line.push_str(comment);
        }
        line.into()
    }
}
