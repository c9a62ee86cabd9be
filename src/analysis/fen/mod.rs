//! Positions out of games (`arbiter fen`: the FEN or EPD after chosen plies of a game's main line
//! and, if asked, of its variations), the FEN/EPD writer (`writer`) and FEN validation
//! (`arbiter fen --check`, `validate`).
//!
//! The positions come from a visitor of the one game walk ([`Positions`]): the walk replays the
//! game, the visitor writes the positions it is asked for. Pure functions over one game's bytes
//! or one FEN line: no I/O, no threads, no output formats beyond the FEN/EPD text itself.

use std::ops::ControlFlow;

use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

use super::text::{self, move_number};
use super::walk::{
    End, Game, GameText, LineView, Opened, Passed, Played, Start, Stopped, Visitor, walk,
};
use crate::model::{Code, GameInfo, RecordWriter};

mod move_text;
mod out;
mod rows;
mod validate;
mod writer;

pub use move_text::{
    Moved, append_move_fields, append_move_number, append_move_texts, append_san, append_san_plus,
    append_uci, append_uci_move, check_suffix, number_before, uci_move,
};
use out::Ahead;
pub use out::FenOut;
pub use rows::{GamePositions, GameStop, MoveSpan, PositionRow, RowTexts};
pub use validate::{CastlingRules, FenProblem, FenRead, line_fen, read_fen};
pub use writer::{RankCache, append_fen, epd_text, fen_text};
use writer::{append_epd, escape_epd_string};

/// Which positions of a game to print. With [`FenOptions::variations`] the choice applies to
/// every line (the main line and each variation) on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// The position after every ply; with `start`, the start position (ply 0) too.
    Every {
        /// Include the start position.
        start: bool,
    },
    /// The last position reached (after the last move replayed) of each line.
    Final,
    /// The position after this ply (0 = the start position); plies count from the game's start
    /// along the line (a variation replacing ply 24 holds plies 24, 25, ...).
    Ply(u32),
    /// The position before the given side's move with this number (`--move 23w`).
    Before {
        /// The move number.
        fullmove: u32,
        /// Whose move.
        color: Color,
    },
}

/// How to write the positions of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FenOptions {
    /// Which positions.
    pub selection: Selection,
    /// The en passant field: `Always` (FEN standard: after any double push) or `Legal` (only when
    /// an en passant capture is legal).
    pub ep: EnPassantMode,
    /// Write the castling field as Shredder-FEN (rook files) rather than X-FEN.
    pub shredder: bool,
    /// Write EPD lines (four fields and `hmvc`, `fmvn`, `id` operations) instead of FEN.
    pub epd: bool,
    /// Also work out the move that led to each position (`move`, `san`, `uci`); the positions
    /// are then kept as [`PositionRow`]s.
    pub moves: bool,
    /// Also the positions inside variations (recursive annotation variations, any depth), each
    /// with its [path](GamePositions#paths).
    pub variations: bool,
    /// EPD: add an `sm` ("supplied move") operation, the move played from the position in its
    /// line, in SAN (none after a line's last move).
    pub epd_move: bool,
    /// EPD: add a `c0` (comment) operation from the game's tags: `White - Black, Event, Date`.
    pub epd_tags: bool,
}

impl FenOptions {
    /// FEN lines of every position after a move of the main line (`arbiter fen` with no flag).
    pub fn new() -> FenOptions {
        FenOptions {
            selection: Selection::Every { start: false },
            ep: EnPassantMode::Always,
            shredder: false,
            epd: false,
            moves: false,
            variations: false,
            epd_move: false,
            epd_tags: false,
        }
    }

    /// Positions are kept as rows (moves asked for, or an `sm` operation that is known only once
    /// the next move is read), rather than written as finished lines.
    fn keeps_rows(&self) -> bool {
        self.moves || (self.epd && self.epd_move)
    }
}

impl Default for FenOptions {
    fn default() -> FenOptions {
        FenOptions::new()
    }
}

/// Replays a game (see [`super::check::check_game`] for `index`, `offset`, `line` and `col`)
/// and returns the chosen positions.
pub fn game_positions(
    bytes: &[u8],
    index: u64,
    offset: u64,
    line: u64,
    col: u64,
    options: &FenOptions,
) -> GamePositions {
    let game = GameText {
        bytes,
        index,
        offset,
        line,
        col,
        joined: false,
    };
    let out = FenOut::Whole { limit: usize::MAX };
    game_positions_in(game, options, Vec::new(), out, None)
}

/// [`game_positions`] of `game`, writing into `text` (cleared first), so that a caller
/// converting many games can hand the same buffers round instead of allocating fresh ones;
/// `out` says whether the positions are kept whole (up to a limit) or handed on in pieces;
/// `records`, when given (FEN lines only, not [`FenOptions::epd`]), writes each position's
/// finished record into the text instead of a row ([`RecordWriter`]).
pub fn game_positions_in(
    game: GameText<'_>,
    options: &FenOptions,
    text: Vec<u8>,
    out: FenOut<'_>,
    records: Option<&mut dyn RecordWriter>,
) -> GamePositions {
    let streamed = matches!(out, FenOut::Stream(_));
    let mut positions = Positions::with_out(options, text, out);
    if records.is_some() && !options.epd {
        positions.rows = false;
        positions.moves = true;
        positions.records = records;
    }
    if streamed && options.epd && options.epd_move && options.variations {
        positions.ahead = Some(out::sm_ahead_of(game, options));
    }
    walk(game, &mut positions)
}

impl Moved {
    /// Writes the move's texts into `text`: where they stand.
    #[inline]
    fn write(self, text: &mut Vec<u8>) -> MoveSpan {
        let start = text.len();
        let (number, san) = append_move_texts(text, self.number, self.san, self.uci);
        MoveSpan {
            start,
            san: start + number,
            uci: start + number + san,
            end: text.len(),
        }
    }
}

/// What the visitor keeps of one line of play (the main line at the bottom of the stack); the
/// positions themselves come from the walk.
#[derive(Debug, Default)]
struct LineOut {
    /// The ply of the line's position, counted from the game's start along the line.
    ply: u32,
    /// Variations opened since the line's last move.
    variations: u32,
    /// The line's path (empty for the main line).
    path: String,
    /// The row of the line's position, if it was kept (for the `sm` operation of the next move).
    row: Option<usize>,
    /// The move that led to the line's position, kept for `--final` rows.
    last: Option<Moved>,
    /// Moves played in this line.
    moves: u32,
}

/// The visitor of `arbiter fen`: writes the chosen positions of one game.
#[derive(Debug)]
pub struct Positions<'o, 'w, 'r> {
    options: &'o FenOptions,
    /// Positions are kept as rows ([`FenOptions::keeps_rows`]).
    rows: bool,
    /// The moves that led to the positions are worked out (for rows or records).
    moves: bool,
    /// Positions are written as finished records ([`game_positions_in`]).
    records: Option<&'r mut dyn RecordWriter>,
    mode: CastlingMode,
    out: GamePositions,
    lines: Vec<LineOut>,
    /// Nesting depth inside a variation that is not written (0: none).
    ignored: u32,
    ranks: RankCache,
    /// Where the positions go.
    sink: FenOut<'w>,
    /// Rows handed on already ([`FenOut::Stream`]): `LineOut::row` counts them, `out.rows`
    /// does not hold them.
    base: usize,
    /// The held size at which a streamed game hands its positions on next.
    next_piece: usize,
    /// The `sm` operations known ahead (a streamed game with `--epd-moves` and variations).
    ahead: Option<Ahead>,
}

impl<'o, 'w, 'r> Positions<'o, 'w, 'r> {
    /// A visitor writing into `text` (cleared first), keeping every position.
    pub fn new(options: &'o FenOptions, text: Vec<u8>) -> Positions<'o, 'w, 'r> {
        Positions::with_out(options, text, FenOut::Whole { limit: usize::MAX })
    }

    /// A visitor writing into `text` (cleared first), its positions going to `sink`.
    pub fn with_out(
        options: &'o FenOptions,
        mut text: Vec<u8>,
        sink: FenOut<'w>,
    ) -> Positions<'o, 'w, 'r> {
        text.clear();
        let next_piece = Positions::first_piece(&sink);
        Positions {
            options,
            rows: options.keeps_rows(),
            moves: options.keeps_rows(),
            records: None,
            mode: CastlingMode::Standard,
            out: GamePositions {
                info: GameInfo::default(),
                rows: Vec::new(),
                positions: 0,
                text,
                epd_comment: None,
                stops: Vec::new(),
                over_limit: false,
            },
            lines: Vec::new(),
            ignored: 0,
            ranks: RankCache::default(),
            sink,
            base: 0,
            next_piece,
            ahead: None,
        }
    }

    /// Whether the position `pos`, at `ply` of its line, is written when reached by a move.
    fn wanted(&self, ply: u32, pos: &Chess) -> bool {
        match self.options.selection {
            Selection::Every { .. } => true,
            Selection::Final => false,
            Selection::Ply(n) => ply == n,
            Selection::Before { fullmove, color } => {
                pos.fullmoves().get() == fullmove && pos.turn() == color
            }
        }
    }

    /// With `--final`: the last position `pos` of the line on top of the stack (a variation
    /// that played no move has none of its own).
    fn emit_final(&mut self, pos: &Chess) {
        let main = self.lines.len() == 1;
        let line = self.lines.last_mut().expect("main line");
        if line.moves > 0 || main {
            let moved = line.last.take();
            self.emit(pos, moved);
        }
    }

    /// Writes `pos`, the position of the line on top of the stack, as a finished line (no rows
    /// kept). Always inlined: called once per position, out of line it costs 28 M
    /// instructions on the 23 MB slice (`benches/instructions.sh`, fen 1.36x check).
    #[inline(always)]
    fn emit_line(&mut self, pos: &Chess) {
        if self.moves {
            return self.emit(pos, None);
        }
        let options = self.options;
        let line = self.lines.last().expect("main line");
        let text = &mut self.out.text;
        if options.epd {
            let game = self.out.info.index;
            append_epd(
                text,
                pos,
                options,
                game,
                line.ply,
                &line.path,
                &mut self.ranks,
            );
        } else {
            append_fen(text, pos, options, &mut self.ranks);
        }
        self.out.positions += 1;
        if let Some(comment) = &self.out.epd_comment {
            text.extend_from_slice(comment.as_bytes());
        }
        if !options.epd && !line.path.is_empty() {
            text.push(b'\t');
            text.extend_from_slice(line.path.as_bytes());
        }
        text.push(b'\n');
    }

    /// Writes `pos`, the position of the line on top of the stack, as a finished record
    /// ([`RecordWriter`]).
    #[inline(always)]
    fn emit_record(&mut self, pos: &Chess, moved: Option<Moved>) {
        let Some(records) = self.records.as_deref_mut() else {
            return;
        };
        let line = self.lines.last().expect("main line");
        let text = &mut self.out.text;
        records.open(text, line.ply);
        match moved {
            Some(moved) => append_move_fields(text, moved, records.keys()),
            None => text.extend_from_slice(records.keys().none),
        }
        append_fen(text, pos, self.options, &mut self.ranks);
        records.close(text, &line.path);
        self.out.positions += 1;
    }

    /// Writes `pos`, the position of the line on top of the stack.
    fn emit(&mut self, pos: &Chess, moved: Option<Moved>) {
        if self.records.is_some() {
            return self.emit_record(pos, moved);
        }
        let options = self.options;
        let game = self.out.info.index;
        let line = self.lines.last_mut().expect("main line");
        let text = &mut self.out.text;
        let moved = moved.map(|m| m.write(text));
        let start = text.len();
        if options.epd {
            append_epd(
                text,
                pos,
                options,
                game,
                line.ply,
                &line.path,
                &mut self.ranks,
            );
        } else {
            append_fen(text, pos, options, &mut self.ranks);
        }
        self.out.positions += 1;
        if self.rows {
            let end = text.len();
            line.row = Some(self.base + self.out.rows.len());
            self.out.rows.push(PositionRow {
                ply: line.ply,
                moved,
                fen: start..end,
                path: (!line.path.is_empty()).then(|| line.path.clone()),
                next_san: None,
            });
        } else {
            if let Some(comment) = &self.out.epd_comment {
                text.extend_from_slice(comment.as_bytes());
            }
            if !options.epd && !line.path.is_empty() {
                text.push(b'\t');
                text.extend_from_slice(line.path.as_bytes());
            }
            text.push(b'\n');
        }
    }

    /// The line cannot go on: no positions at all (`ply` 0), or none after `ply`.
    fn stop(&mut self, ply: u32, move_text: Option<String>, code: Code, message: String) {
        let path = self
            .lines
            .last()
            .map(|l| l.path.clone())
            .filter(|p| !p.is_empty());
        self.out.stops.push(GameStop {
            ply,
            move_text,
            code,
            message,
            path,
        });
    }

    /// The EPD `c0` operation: `White - Black, Event, Date` from the tags (control characters
    /// but those the EPD escapes write, `\t` `\r` `\n`, replaced by U+FFFD: an ESC in a tag
    /// must not reach a terminal showing the EPD).
    fn epd_comment(game: &Game<'_>) -> String {
        let printable = |c: char| match c.is_control() && !matches!(c, '\t' | '\r' | '\n') {
            true => '\u{FFFD}',
            false => c,
        };
        let tag = |name: &str| {
            let value = game.tags.value(name).unwrap_or_else(|| "?".to_owned());
            value.chars().map(printable).collect::<String>()
        };
        let mut comment = String::from(" c0 \"");
        escape_epd_string(
            &mut comment,
            &format!(
                "{} - {}, {}, {}",
                tag("White"),
                tag("Black"),
                tag("Event"),
                tag("Date")
            ),
        );
        comment.push_str("\";");
        comment
    }
}

impl<'g> Visitor<'g> for Positions<'_, '_, '_> {
    type Output = GamePositions;

    fn variations(&self) -> bool {
        self.options.variations
    }

    fn check_marks(&self) -> bool {
        self.moves
    }

    fn needs_before(&self) -> bool {
        false
    }

    fn start(&mut self, game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        let info = &mut self.out.info;
        info.index = game.text.index;
        info.offset = game.first_offset();
        info.line = game.first_line();
        if self.options.moves {
            // Only the position records (and error records) name the players.
            let name = |tag: &str| game.tags.get(tag).map(|t| text::tag_value(t.raw));
            info.event = name("Event");
            info.white = name("White");
            info.black = name("Black");
        }
        if let Some(records) = self.records.as_deref_mut() {
            records.start_game(info);
        }
        let pos = match start {
            Start::Position { pos, .. } => pos,
            Start::Unsupported { variant } => {
                let message =
                    format!("the variant \"{variant}\" is not supported; no positions written");
                self.stop(0, None, Code::VariantUnsupported, message);
                return ControlFlow::Break(());
            }
            Start::BadFen { problem } => {
                let message = format!("bad FEN tag: {}; no positions written", problem.message);
                self.stop(0, None, Code::TagBadFen, message);
                return ControlFlow::Break(());
            }
        };
        self.mode = pos.castles().mode();
        if self.options.epd && self.options.epd_tags {
            self.out.epd_comment = Some(Self::epd_comment(game));
        }
        self.lines.push(LineOut::default());
        let at_start = match self.options.selection {
            Selection::Every { start } => start,
            Selection::Final => false,
            Selection::Ply(n) => n == 0,
            Selection::Before { .. } => self.wanted(0, pos),
        };
        if at_start {
            self.emit(pos, None);
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn played(&mut self, _game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        if self.ignored > 0 {
            return ControlFlow::Continue(());
        }
        let sm = self.options.epd && self.options.epd_move;
        let line = self.lines.last_mut().expect("main line");
        line.ply = m.ply;
        line.moves += 1;
        line.variations = 0;
        let moved = if self.moves {
            let san = SanPlus {
                san: m.resolved.san,
                suffix: check_suffix(m.mark),
            };
            if let Some(row) = line.row.filter(|_| sm) {
                let san = san.to_string();
                match self.ahead.as_mut().filter(|a| a.looking) {
                    Some(ahead) => {
                        if let Some(k) = ahead.awaiting.iter().position(|&r| r == row) {
                            ahead.awaiting.swap_remove(k);
                            ahead.found.push((row, san));
                        }
                    }
                    None => {
                        // (A streamed game's row may have been handed on already.)
                        if let Some(r) = row
                            .checked_sub(self.base)
                            .and_then(|i| self.out.rows.get_mut(i))
                        {
                            r.next_san.get_or_insert(san);
                        }
                    }
                }
            }
            Some(Moved {
                san,
                uci: uci_move(m.resolved.m, self.mode),
                number: number_before(m.after),
            })
        } else {
            None
        };
        line.row = None;
        if m.depth == 0 {
            self.out.info.plies += 1;
        }
        if self.options.selection == Selection::Final {
            self.lines.last_mut().expect("main line").last = moved;
        } else if self.wanted(m.ply, m.after) {
            match moved {
                Some(moved) => self.emit(m.after, Some(moved)),
                None => self.emit_line(m.after),
            }
            return self.written();
        }
        ControlFlow::Continue(())
    }

    /// A null move in a variation: the position after it (the other side to move), its move
    /// `--` in SAN and `0000` in UCI.
    fn passed(&mut self, _game: &mut Game<'g>, p: &Passed<'_, 'g>) -> ControlFlow<()> {
        if self.ignored > 0 {
            return ControlFlow::Continue(());
        }
        let line = self.lines.last_mut().expect("main line");
        line.ply = p.ply;
        line.moves += 1;
        line.variations = 0;
        line.row = None;
        let moved = self.moves.then(|| Moved {
            san: SanPlus {
                san: San::Null,
                suffix: None,
            },
            uci: UciMove::Null,
            number: number_before(p.after),
        });
        if self.options.selection == Selection::Final {
            line.last = moved;
        } else if self.wanted(p.ply, p.after) {
            match moved {
                Some(moved) => self.emit(p.after, Some(moved)),
                None => self.emit_line(p.after),
            }
            // (A variation of millions of null moves is held within the limit, as moves are.)
            return self.written();
        }
        ControlFlow::Continue(())
    }

    fn stopped(&mut self, _game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        if self.ignored == 0 {
            let move_text = text::move_text(s.pos, s.token.text);
            self.stop(s.ply, Some(move_text), s.code, s.reason.to_owned());
        }
        ControlFlow::Continue(())
    }

    fn open(&mut self, _game: &mut Game<'g>, v: &Opened<'_, 'g>) {
        let replaced = v.start.zip(v.replaces).filter(|_| v.replayed);
        let Some((before, m)) = replaced.filter(|_| self.ignored == 0) else {
            // Not written: not asked for, nested too deep, or no legal move to replace (a
            // variation at the start of a line, or after a move that could not be played).
            self.ignored += 1;
            return;
        };
        self.sm_ahead();
        let parent = self.lines.last_mut().expect("main line");
        parent.variations += 1;
        let san = SanPlus::from_move(before.clone(), m);
        let segment = format!("{}{san}({})", move_number(before), parent.variations);
        let path = if parent.path.is_empty() {
            segment
        } else {
            format!("{} {segment}", parent.path)
        };
        self.lines.push(LineOut {
            ply: v.ply,
            path,
            ..LineOut::default()
        });
    }

    fn close(&mut self, _game: &mut Game<'g>, line: Option<&LineView<'_>>) {
        if self.ignored > 0 {
            self.ignored -= 1;
            return;
        }
        if let Some(line) = line
            && self.options.selection == Selection::Final
        {
            self.emit_final(line.pos);
        }
        let closed = self.lines.pop();
        // A line's last position has no `sm`: the first pass stops waiting for it.
        if let (Some(ahead), Some(row)) = (self.ahead.as_mut(), closed.and_then(|l| l.row))
            && let Some(k) = ahead.awaiting.iter().position(|&r| r == row)
        {
            ahead.awaiting.swap_remove(k);
        }
    }

    fn end(&mut self, _game: &mut Game<'g>, end: &End<'_, 'g>) -> GamePositions {
        if let Some(main) = &end.main
            && !self.lines.is_empty()
            && self.options.selection == Selection::Final
        {
            self.emit_final(main.pos);
        }
        self.out.info.result = end.result.map(|t| super::tags::decode(t.text));
        std::mem::replace(&mut self.out, Positions::new(self.options, Vec::new()).out)
    }

    fn panicked(&mut self, text: &GameText<'g>) -> GamePositions {
        let mut out =
            std::mem::replace(&mut self.out, Positions::new(self.options, Vec::new()).out);
        out.info = GameInfo {
            index: text.index,
            offset: text.offset,
            line: text.line,
            ..GameInfo::default()
        };
        out.rows.clear();
        out.text.clear();
        out.positions = 0;
        out.stops = vec![GameStop {
            ply: 0,
            move_text: None,
            code: Code::InternalPanic,
            message: "internal error while converting this game (please report it)".to_owned(),
            path: None,
        }];
        out
    }
}
