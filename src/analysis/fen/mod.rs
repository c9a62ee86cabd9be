//! Positions out of games (`arbiter fen`: the FEN or EPD after chosen plies of a game's main line
//! and, if asked, of its variations), the FEN/EPD writer ([`writer`]) and FEN validation
//! (`arbiter fen --check`, [`validate`]).
//!
//! The positions come from a visitor of the one game walk ([`Positions`]): the walk replays the
//! game, the visitor writes the positions it is asked for. Pure functions over one game's bytes
//! or one FEN line: no I/O, no threads, no output formats beyond the FEN/EPD text itself.

use std::ops::ControlFlow;

use shakmaty::san::{SanPlus, Suffix};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

use super::notation::CheckMark;
use super::text::{self, move_number, move_number_before};
use super::walk::{
    End, Game, GameText, LineView, Opened, Passed, Played, Start, Stopped, Visitor, walk,
};
use crate::model::{Code, GameInfo};

mod validate;
mod writer;

pub use validate::{CastlingRules, FenProblem, FenRead, line_fen, read_fen};
pub use writer::{RankCache, epd_text, fen_text};
use writer::{append_epd, append_fen, escape_epd_string};

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

/// One position of a game (kept when [`FenOptions::moves`] or [`FenOptions::epd_move`] asks for
/// it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRow {
    /// The ply after which the position stands (0 = the start position), counted from the
    /// game's start along the position's line.
    pub ply: u32,
    /// The move that led here in PGN style (`23...Nf3`), when asked for and `ply > 0`.
    pub move_text: Option<String>,
    /// The move in standard SAN (with `+`/`#`).
    pub san: Option<String>,
    /// The move in UCI (king-takes-rook castling in Chess960 games).
    pub uci: Option<String>,
    /// Where the position's FEN (or EPD with [`FenOptions::epd`], without `sm` and `c0`) stands
    /// in [`GamePositions::text`], without its newline.
    pub fen: std::ops::Range<usize>,
    /// The path of the variation holding the position (see [`GamePositions#paths`]); `None`
    /// on the main line.
    pub path: Option<String>,
    /// The move played from this position in its line, in SAN (the `sm` operation).
    pub next_san: Option<String>,
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
    /// Event, White and Black tags are read only with [`FenOptions::moves`] (the records that
    /// show them).
    pub info: GameInfo,
    /// The chosen positions in the order of the game's text (a variation's positions come
    /// after the move it replaces), when [`FenOptions::moves`] or [`FenOptions::epd_move`] asks
    /// for rows; empty otherwise.
    pub rows: Vec<PositionRow>,
    /// How many positions were chosen.
    pub positions: u64,
    /// With rows: the FEN (or EPD) text the rows point into. Without: the finished lines, each
    /// ending with a newline (FEN lines of positions inside variations are followed by a tab
    /// and the path; EPD lines carry the path in `id`).
    pub text: Vec<u8>,
    /// The EPD `c0` operation (` c0 "...";`) written after each EPD line, with
    /// [`FenOptions::epd_tags`].
    pub epd_comment: Option<String>,
    /// Why the main line or variations were cut short, in the order met.
    pub stops: Vec<GameStop>,
}

impl GamePositions {
    /// The FEN or EPD line of a row: the text it points into, then the `sm` and `c0` operations
    /// (EPD), without the path and the newline.
    pub fn line(&self, row: &PositionRow) -> std::borrow::Cow<'_, str> {
        let base = std::str::from_utf8(&self.text[row.fen.clone()]).unwrap_or_default();
        if row.next_san.is_none() && self.epd_comment.is_none() {
            return base.into();
        }
        let mut line = base.to_owned();
        if let Some(san) = &row.next_san {
            line.push_str(" sm ");
            line.push_str(san);
            line.push(';');
        }
        if let Some(comment) = &self.epd_comment {
            line.push_str(comment);
        }
        line.into()
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
    game_positions_in(bytes, index, offset, line, col, options, Vec::new())
}

/// [`game_positions`], writing into `text` (cleared first), so that a caller converting many
/// games can hand the same buffers round instead of allocating fresh ones.
pub fn game_positions_in(
    bytes: &[u8],
    index: u64,
    offset: u64,
    line: u64,
    col: u64,
    options: &FenOptions,
    text: Vec<u8>,
) -> GamePositions {
    let game = GameText {
        bytes,
        index,
        offset,
        line,
        col,
    };
    walk(game, &mut Positions::new(options, text))
}

/// The move that led to a position, as the rows show it.
#[derive(Clone, Debug)]
struct Moved {
    text: String,
    san: String,
    uci: String,
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
pub struct Positions<'o> {
    options: &'o FenOptions,
    rows: bool,
    mode: CastlingMode,
    out: GamePositions,
    lines: Vec<LineOut>,
    /// Nesting depth inside a variation that is not written (0: none).
    ignored: u32,
    ranks: RankCache,
}

impl<'o> Positions<'o> {
    /// A visitor writing into `text` (cleared first).
    pub fn new(options: &'o FenOptions, mut text: Vec<u8>) -> Positions<'o> {
        text.clear();
        Positions {
            options,
            rows: options.keeps_rows(),
            mode: CastlingMode::Standard,
            out: GamePositions {
                info: GameInfo::default(),
                rows: Vec::new(),
                positions: 0,
                text,
                epd_comment: None,
                stops: Vec::new(),
            },
            lines: Vec::new(),
            ignored: 0,
            ranks: RankCache::default(),
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
    /// kept).
    #[inline]
    fn emit_line(&mut self, pos: &Chess) {
        if self.rows {
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

    /// Writes `pos`, the position of the line on top of the stack.
    fn emit(&mut self, pos: &Chess, moved: Option<Moved>) {
        let options = self.options;
        let game = self.out.info.index;
        let line = self.lines.last_mut().expect("main line");
        let text = &mut self.out.text;
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
            line.row = Some(self.out.rows.len());
            let (move_text, san, uci) = match moved {
                Some(m) => (Some(m.text), Some(m.san), Some(m.uci)),
                None => (None, None, None),
            };
            self.out.rows.push(PositionRow {
                ply: line.ply,
                move_text,
                san,
                uci,
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

    /// The EPD `c0` operation: `White - Black, Event, Date` from the tags.
    fn epd_comment(game: &Game<'_>) -> String {
        let tag = |name: &str| game.tags.value(name).unwrap_or_else(|| "?".to_owned());
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

impl<'g> Visitor<'g> for Positions<'_> {
    type Output = GamePositions;

    fn variations(&self) -> bool {
        self.options.variations
    }

    fn check_marks(&self) -> bool {
        self.rows
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
        let moved = if self.rows {
            let uci = UciMove::from_move(m.resolved.m, self.mode).to_string();
            let suffix = match m.mark {
                CheckMark::None => None,
                CheckMark::Check => Some(Suffix::Check),
                CheckMark::Mate => Some(Suffix::Checkmate),
            };
            let san = SanPlus {
                san: m.resolved.san,
                suffix,
            }
            .to_string();
            if let Some(row) = line.row.filter(|_| sm) {
                self.out.rows[row]
                    .next_san
                    .get_or_insert_with(|| san.clone());
            }
            Some(Moved {
                text: format!("{}{san}", move_number_before(m.after)),
                san,
                uci,
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
        let moved = self.rows.then(|| Moved {
            text: format!("{}--", move_number_before(p.after)),
            san: "--".to_owned(),
            uci: "0000".to_owned(),
        });
        if self.options.selection == Selection::Final {
            line.last = moved;
        } else if self.wanted(p.ply, p.after) {
            match moved {
                Some(moved) => self.emit(p.after, Some(moved)),
                None => self.emit_line(p.after),
            }
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
        self.lines.pop();
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
