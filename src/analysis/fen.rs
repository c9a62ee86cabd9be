//! Positions out of games (`arbiter fen`: the FEN or EPD after chosen plies of a game's main line
//! and, if asked, of its variations)
//! and FEN validation (`arbiter fen --check`: what is wrong with a FEN, in the field's terms).
//!
//! Pure functions over one game's bytes or one FEN line: no I/O, no threads, no output formats
//! beyond the FEN/EPD text itself.

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, EnPassantMode, Move, Piece, Position, PositionErrorKinds,
    Rank, Role, Setup, Square,
};

use super::lexer::{Lexer, Token, TokenKind};
use super::notation::parse_move;
use super::resolve::{CastlingHistory, resolve};
use super::tags::{self, Variant};
use crate::model::{GameInfo, Severity};

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
    pub code: &'static str,
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

/// Replays a game (see [`super::check::check_game`] for `index`, `offset` and `line`) and
/// returns the chosen positions.
pub fn game_positions(
    bytes: &[u8],
    index: u64,
    offset: u64,
    line: u64,
    options: &FenOptions,
) -> GamePositions {
    game_positions_in(bytes, index, offset, line, options, Vec::new())
}

/// [`game_positions`], writing into `text` (cleared first), so that a caller converting many
/// games can hand the same buffers round instead of allocating fresh ones.
pub fn game_positions_in(
    bytes: &[u8],
    index: u64,
    offset: u64,
    line: u64,
    options: &FenOptions,
    mut text: Vec<u8>,
) -> GamePositions {
    text.clear();
    let mut lexer = Lexer::new(bytes);
    let (tag_list, first) = tags::read_tag_section(&mut lexer, |_| {});
    let content_start = tags::content_start(bytes);
    let mut out = GamePositions {
        info: GameInfo {
            index,
            offset: offset + content_start as u64,
            line: line + super::walk::count_lines(&bytes[..content_start]),
            // Only the position records (and error records) name the players.
            event: options.moves.then(|| tag_list.value("Event")).flatten(),
            white: options.moves.then(|| tag_list.value("White")).flatten(),
            black: options.moves.then(|| tag_list.value("Black")).flatten(),
            result: None,
            plies: 0,
        },
        rows: Vec::new(),
        positions: 0,
        text,
        epd_comment: None,
        stops: Vec::new(),
    };
    let variant = tags::variant(tag_list.value("Variant").as_deref());
    if let Variant::Other(name) = &variant {
        out.stops.push(GameStop {
            ply: 0,
            move_text: None,
            code: "variant/unsupported",
            message: format!("the variant \"{name}\" is not supported; no positions written"),
            path: None,
        });
        return out;
    }
    let start = match tag_list.get("FEN") {
        Some(fen) => tags::position_from_fen(&tags::unescape(fen.raw), &variant).ok(),
        None => Some(tags::standard_start(&variant)),
    };
    let Some(start) = start else {
        out.stops.push(GameStop {
            ply: 0,
            move_text: None,
            code: "fen/start",
            message: "the FEN tag is not a usable position (arbiter check says why); no positions written"
                .to_owned(),
            path: None,
        });
        return out;
    };
    if options.epd && options.epd_tags {
        let tag = |name: &str| tag_list.value(name).unwrap_or_else(|| "?".to_owned());
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
        out.epd_comment = Some(comment);
    }
    let mut walk = Walk {
        options,
        rows: options.keeps_rows(),
        mode: start.castles().mode(),
        out: &mut out,
        stack: vec![Line::new(start)],
        skip: Skip::No,
        history: CastlingHistory::default(),
        ranks: RankCache::default(),
    };
    walk.run(first.into_iter().chain(lexer));
    out
}

/// The move that led to a position, as the rows show it.
#[derive(Clone, Debug)]
struct Moved {
    text: String,
    san: String,
    uci: String,
}

/// One line of play being walked (the main line at the bottom of the stack).
#[derive(Debug)]
struct Line {
    /// The position reached.
    pos: Chess,
    /// Its ply, counted from the game's start along the line.
    ply: u32,
    /// The position before the line's last move, and that move (a variation starts there);
    /// kept only when variations are walked.
    before: Option<(Chess, Move)>,
    /// Variations opened since the line's last move.
    variations: u32,
    /// The line's path (empty for the main line).
    path: String,
    /// The row of `pos`, if it was kept (for the `sm` operation of the next move).
    row: Option<usize>,
    /// The move that led to `pos`, kept for `--final` rows.
    last: Option<Moved>,
    /// Moves played in this line.
    moves: u32,
}

impl Line {
    fn new(pos: Chess) -> Line {
        Line {
            pos,
            ply: 0,
            before: None,
            variations: 0,
            path: String::new(),
            row: None,
            last: None,
            moves: 0,
        }
    }
}

/// What the walk is skipping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Skip {
    /// Nothing.
    No,
    /// A variation that is not walked; the `(` nesting depth inside it.
    Ignored(u32),
    /// The rest of the line on top of the stack, after a move that could not be played; the
    /// `(` nesting depth.
    Dead(u32),
}

struct Walk<'o, 'g> {
    options: &'o FenOptions,
    rows: bool,
    mode: CastlingMode,
    out: &'g mut GamePositions,
    stack: Vec<Line>,
    skip: Skip,
    history: CastlingHistory,
    ranks: RankCache,
}

impl Walk<'_, '_> {
    fn run<'a>(&mut self, tokens: impl Iterator<Item = Token<'a>>) {
        if self.wanted_at_start() {
            self.emit(None);
        }
        for token in tokens {
            match self.skip {
                Skip::Ignored(depth) => {
                    self.skip = match token.kind {
                        TokenKind::Open => Skip::Ignored(depth + 1),
                        TokenKind::Close if depth == 0 => Skip::No,
                        TokenKind::Close => Skip::Ignored(depth - 1),
                        _ => Skip::Ignored(depth),
                    };
                    continue;
                }
                Skip::Dead(depth) => {
                    match token.kind {
                        TokenKind::Open => self.skip = Skip::Dead(depth + 1),
                        TokenKind::Close if depth > 0 => self.skip = Skip::Dead(depth - 1),
                        TokenKind::Close if self.stack.len() > 1 => {
                            self.close_line();
                            self.skip = Skip::No;
                        }
                        TokenKind::Result if depth == 0 && self.stack.len() == 1 => {
                            self.out.info.result = Some(tags::decode(token.text));
                            break;
                        }
                        _ => {}
                    }
                    continue;
                }
                Skip::No => {}
            }
            match token.kind {
                TokenKind::Move => self.play(&token),
                TokenKind::Open => self.open(),
                TokenKind::Close if self.stack.len() > 1 => self.close_line(),
                TokenKind::Result if self.stack.len() == 1 => {
                    self.out.info.result = Some(tags::decode(token.text));
                    break;
                }
                _ => {}
            }
        }
        // Variations left open at the end of the game end there.
        while self.stack.len() > 1 {
            self.close_line();
        }
        if self.options.selection == Selection::Final {
            self.emit_final();
        }
    }

    fn wanted_at_start(&self) -> bool {
        match self.options.selection {
            Selection::Every { start } => start,
            Selection::Final => false,
            Selection::Ply(n) => n == 0,
            Selection::Before { fullmove, color } => {
                let pos = &self.stack[0].pos;
                pos.fullmoves().get() == fullmove && pos.turn() == color
            }
        }
    }

    /// Whether the position just reached by a move on top of the stack is printed now.
    fn wanted(&self) -> bool {
        let line = self.stack.last().expect("main line");
        match self.options.selection {
            Selection::Every { .. } => true,
            Selection::Final => false,
            Selection::Ply(n) => line.ply == n,
            Selection::Before { fullmove, color } => {
                line.pos.fullmoves().get() == fullmove && line.pos.turn() == color
            }
        }
    }

    fn play(&mut self, token: &Token<'_>) {
        let rows = self.rows;
        let sm = self.options.epd && self.options.epd_move;
        let variations = self.options.variations;
        let final_only = self.options.selection == Selection::Final;
        let line = self.stack.last_mut().expect("main line");
        let played = match parse_move(token.text) {
            None => Err(("syntax/unknown-token", "not a move".to_owned())),
            Some(parsed) => resolve(&line.pos, &parsed, &self.history)
                .map(|r| r.m)
                .map_err(|e| (e.code, e.message)),
        };
        let m = match played {
            Ok(m) => m,
            Err((code, message)) => {
                let stop = GameStop {
                    ply: line.ply + 1,
                    move_text: Some(format!(
                        "{}{}",
                        move_number(&line.pos),
                        tags::decode(token.text)
                    )),
                    code,
                    message,
                    path: (!line.path.is_empty()).then(|| line.path.clone()),
                };
                self.out.stops.push(stop);
                self.skip = Skip::Dead(0);
                return;
            }
        };
        line.ply += 1;
        line.moves += 1;
        line.variations = 0;
        if variations {
            line.before = Some((line.pos.clone(), m));
        }
        let moved = if rows {
            let number = move_number(&line.pos);
            let uci = UciMove::from_move(m, self.mode).to_string();
            let san = SanPlus::from_move_and_play_unchecked(&mut line.pos, m).to_string();
            if let Some(row) = line.row.filter(|_| sm) {
                self.out.rows[row]
                    .next_san
                    .get_or_insert_with(|| san.clone());
            }
            Some(Moved {
                text: format!("{number}{san}"),
                san,
                uci,
            })
        } else {
            line.pos.play_unchecked(m);
            None
        };
        line.row = None;
        if self.stack.len() == 1 {
            self.out.info.plies += 1;
        }
        if final_only {
            self.stack.last_mut().expect("main line").last = moved;
        } else if self.wanted() {
            self.emit(moved);
        }
    }

    /// `(`: a variation replacing the last move of the line on top of the stack.
    fn open(&mut self) {
        let parent = self.stack.last_mut().expect("main line");
        let Some((before, m)) = parent.before.clone().filter(|_| self.options.variations) else {
            // Not walked (or no move before it to replace).
            self.skip = Skip::Ignored(0);
            return;
        };
        parent.variations += 1;
        let san = SanPlus::from_move(before.clone(), m);
        let segment = format!("{}{san}({})", move_number(&before), parent.variations);
        let path = if parent.path.is_empty() {
            segment
        } else {
            format!("{} {segment}", parent.path)
        };
        let mut line = Line::new(before);
        line.ply = parent.ply - 1;
        line.path = path;
        self.stack.push(line);
    }

    /// `)` (or the end of the game): the variation on top of the stack ends.
    fn close_line(&mut self) {
        if self.options.selection == Selection::Final {
            self.emit_final();
        }
        self.stack.pop();
    }

    /// With `--final`: the last position of the line on top of the stack (a variation that
    /// played no move has none of its own).
    fn emit_final(&mut self) {
        let main = self.stack.len() == 1;
        let line = self.stack.last_mut().expect("main line");
        if line.moves > 0 || main {
            let moved = line.last.take();
            self.emit(moved);
        }
    }

    /// Writes the position on top of the stack.
    fn emit(&mut self, moved: Option<Moved>) {
        let options = self.options;
        let game = self.out.info.index;
        let line = self.stack.last_mut().expect("main line");
        let text = &mut self.out.text;
        let start = text.len();
        if options.epd {
            append_epd(
                text,
                &line.pos,
                options,
                game,
                line.ply,
                &line.path,
                &mut self.ranks,
            );
        } else {
            append_fen(text, &line.pos, options, &mut self.ranks);
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
}

/// Appends `value` escaped as the inside of an EPD string operand (`\\`, `\"`, `\t`, `\r`,
/// `\n`, as python-chess writes them).
fn escape_epd_string(out: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
}

/// The move number of the side to move in PGN style: `23.` for White, `23...` for Black.
pub fn move_number(pos: &Chess) -> String {
    match pos.turn() {
        Color::White => format!("{}.", pos.fullmoves()),
        Color::Black => format!("{}...", pos.fullmoves()),
    }
}

/// The FEN of `pos` (X-FEN castling, or Shredder-FEN with [`FenOptions::shredder`]).
pub fn fen_text(pos: &Chess, options: &FenOptions) -> String {
    let mut buf = Vec::new();
    append_fen(&mut buf, pos, options, &mut RankCache::default());
    String::from_utf8(buf).unwrap_or_default()
}

/// Appends the FEN of `pos` to `buf` (no newline).
fn append_fen(buf: &mut Vec<u8>, pos: &Chess, options: &FenOptions, cache: &mut RankCache) {
    let start = buf.len();
    append_four_fields(buf, pos, options.ep, cache);
    buf.push(b' ');
    append_number(buf, pos.halfmoves());
    buf.push(b' ');
    append_number(buf, pos.fullmoves().get());
    if options.shredder {
        with_shredder_castling(buf, start, pos);
    }
}
/// `SPREAD[m]`: byte `i` is 1 where bit `i` of `m` is set (one rank's squares, a-file first).
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let mut i = 0;
        while i < 8 {
            if m & (1 << i) != 0 {
                table[m] |= 1 << (8 * i);
            }
            i += 1;
        }
        m += 1;
    }
    table
};

/// How one rank is written, by its occupancy: `len` bytes where byte `i` is `digit[i]` (a
/// count of empty squares, or 0) OR'ed with the piece letter of file `file[i]` (8 = none).
#[derive(Clone, Copy)]
struct RankPattern {
    len: u8,
    digit: [u8; 8],
    file: [u8; 8],
}

const RANK_PATTERNS: [RankPattern; 256] = {
    let mut table = [RankPattern {
        len: 0,
        digit: [0; 8],
        file: [8; 8],
    }; 256];
    let mut occ = 0;
    while occ < 256 {
        let mut p = RankPattern {
            len: 0,
            digit: [0; 8],
            file: [8; 8],
        };
        let mut n = 0;
        let mut empty = 0u8;
        let mut f = 0;
        while f < 8 {
            if occ & (1 << f) != 0 {
                if empty > 0 {
                    p.digit[n] = b'0' + empty;
                    n += 1;
                    empty = 0;
                }
                p.file[n] = f as u8;
                n += 1;
            } else {
                empty += 1;
            }
            f += 1;
        }
        if empty > 0 {
            p.digit[n] = b'0' + empty;
            n += 1;
        }
        p.len = n as u8;
        table[occ] = p;
        occ += 1;
    }
    table
};

/// The text of the ranks of the last placement written: consecutive positions of a game differ
/// in one to three ranks, so most ranks are copied from here.
#[derive(Clone, Debug, Default)]
pub struct RankCache {
    /// The bitboards of the last placement written (pawns, knights, bishops, rooks, queens,
    /// kings, black pieces), `None` before the first.
    board: Option<[u64; 7]>,
    /// Each rank's text (digits for empty squares), padded with zeros, rank 1 first.
    text: [[u8; 8]; 8],
    /// The length of each rank's text.
    len: [u8; 8],
}

/// Appends the piece placement field. The ranks that changed since the last placement written
/// with `cache` are made again: their letters come out of the role bitboards as eight bytes at
/// once (no per-square branches), and a table built at compile time squeezes the empty squares
/// into digits.
fn append_placement(buf: &mut Vec<u8>, board: &shakmaty::Board, cache: &mut RankCache) {
    let bitboards = [
        u64::from(board.pawns()),
        u64::from(board.knights()),
        u64::from(board.bishops()),
        u64::from(board.rooks()),
        u64::from(board.queens()),
        u64::from(board.kings()),
        u64::from(board.black()),
    ];
    // A byte of `changed` is non-zero where its rank differs from the cached one.
    let changed = match &cache.board {
        Some(old) => (0..7).fold(0u64, |acc, i| acc | (old[i] ^ bitboards[i])),
        None => u64::MAX,
    };
    if changed != 0 {
        cache.board = Some(bitboards);
        let occupied = u64::from(board.occupied());
        for rank in 0..8usize {
            let shift = rank * 8;
            if (changed >> shift) & 0xff == 0 {
                continue;
            }
            let byte = |bb: u64| ((bb >> shift) & 0xff) as usize;
            let mut letters = SPREAD[byte(bitboards[6])] * 0x20;
            for (bb, letter) in bitboards[..6].iter().zip(b"PNBRQK") {
                letters += SPREAD[byte(*bb)] * u64::from(*letter);
            }
            let mut squares = [0u8; 9];
            squares[..8].copy_from_slice(&letters.to_le_bytes());
            let pattern = &RANK_PATTERNS[byte(occupied)];
            let text = &mut cache.text[rank];
            for (i, t) in text.iter_mut().enumerate() {
                *t = pattern.digit[i] | squares[usize::from(pattern.file[i])];
            }
            cache.len[rank] = pattern.len;
        }
    }
    // The ranks are written straight into `buf` (8 ranks of at most 8 bytes and 8 slashes),
    // eight bytes at a time, and the rest cut off at the end: no copy through the stack.
    let start = buf.len();
    buf.resize(start + 72, 0);
    let out = &mut buf[start..];
    let mut n = 0;
    for rank in (0..8usize).rev() {
        // `n` is at most 63 here (7 ranks of 9 bytes).
        if let Some(dst) = out.get_mut(n..n + 8) {
            dst.copy_from_slice(&cache.text[rank]);
        }
        n += usize::from(cache.len[rank]);
        if let Some(slash) = out.get_mut(n) {
            *slash = b'/';
        }
        n += 1;
    }
    // No slash after the first rank.
    buf.truncate(start + n - 1);
}

/// Appends placement, side to move, castling (X-FEN) and en passant, as shakmaty's
/// `Epd::append_ascii_to` does, but from the piece bitboards (the writer is the hot loop of
/// `arbiter fen`).
fn append_four_fields(buf: &mut Vec<u8>, pos: &Chess, ep: EnPassantMode, cache: &mut RankCache) {
    let board = pos.board();
    append_placement(buf, board, cache);
    buf.extend_from_slice(if pos.turn().is_white() {
        b" w "
    } else {
        b" b "
    });
    let rights = pos.castles().castling_rights();
    if rights.is_empty() {
        buf.push(b'-');
    } else if pos.castles().mode() == CastlingMode::Standard {
        // Standard chess: rights only on the corner rooks, written KQkq.
        for (square, letter) in [
            (Square::H1, b'K'),
            (Square::A1, b'Q'),
            (Square::H8, b'k'),
            (Square::A8, b'q'),
        ] {
            if rights.contains(square) {
                buf.push(letter);
            }
        }
    } else {
        for color in Color::ALL {
            let king = board
                .king_of(color)
                .filter(|k| k.rank() == color.backrank());
            let candidates = board.by_piece(color.rook()) & color.backrank();
            for rook in (rights & color.backrank()).into_iter().rev() {
                let c = if Some(rook) == candidates.first() && king.is_some_and(|k| rook < k) {
                    b'q'
                } else if Some(rook) == candidates.last() && king.is_some_and(|k| k < rook) {
                    b'k'
                } else {
                    rook.file().char() as u8
                };
                buf.push(if color.is_white() {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
    }
    buf.push(b' ');
    match pos.ep_square(ep) {
        Some(sq) => {
            buf.push(sq.file().char() as u8);
            buf.push(sq.rank().char() as u8);
        }
        None => buf.push(b'-'),
    }
}

fn append_number(buf: &mut Vec<u8>, n: u32) {
    // Counters are small: one or two digits need no copy loop.
    if n < 10 {
        buf.push(b'0' + n as u8);
        return;
    }
    if n < 100 {
        buf.push(b'0' + (n / 10) as u8);
        buf.push(b'0' + (n % 10) as u8);
        return;
    }
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

/// The EPD line of `pos`: four fields, then `hmvc`, `fmvn` and `id "game G ply P"` (followed by
/// the path, for a position inside a variation).
pub fn epd_text(pos: &Chess, options: &FenOptions, game: u64, ply: u32, path: &str) -> String {
    let mut buf = Vec::new();
    append_epd(
        &mut buf,
        pos,
        options,
        game,
        ply,
        path,
        &mut RankCache::default(),
    );
    String::from_utf8(buf).unwrap_or_default()
}

fn append_epd(
    buf: &mut Vec<u8>,
    pos: &Chess,
    options: &FenOptions,
    game: u64,
    ply: u32,
    path: &str,
    cache: &mut RankCache,
) {
    let start = buf.len();
    append_four_fields(buf, pos, options.ep, cache);
    if options.shredder {
        with_shredder_castling(buf, start, pos);
    }
    buf.extend_from_slice(b" hmvc ");
    append_number(buf, pos.halfmoves());
    buf.extend_from_slice(b"; fmvn ");
    append_number(buf, pos.fullmoves().get());
    buf.extend_from_slice(b"; id \"game ");
    buf.extend_from_slice(game.to_string().as_bytes());
    buf.extend_from_slice(b" ply ");
    append_number(buf, ply);
    if !path.is_empty() {
        let mut escaped = String::from(" ");
        escape_epd_string(&mut escaped, path);
        buf.extend_from_slice(escaped.as_bytes());
    }
    buf.extend_from_slice(b"\";");
}

/// Replaces the castling field (the third) by Shredder-FEN letters: the files of the castling
/// rooks, White's in upper case first, each side from the h-file down.
fn with_shredder_castling(buf: &mut Vec<u8>, start: usize, pos: &Chess) {
    let rights = pos.castles().castling_rights();
    let mut field = Vec::new();
    for color in Color::ALL {
        for rook in (rights & color.backrank()).into_iter().rev() {
            let c = rook.file().char() as u8;
            field.push(if color.is_white() {
                c.to_ascii_uppercase()
            } else {
                c
            });
        }
    }
    if field.is_empty() {
        field.push(b'-');
    }
    // The castling field lies between the second and third spaces of the line.
    let spaces: Vec<usize> = buf[start..]
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b' ')
        .map(|(i, _)| start + i)
        .take(3)
        .collect();
    if let [_, a, b] = spaces[..] {
        buf.splice(a + 1..b, field);
    }
}

/// What is wrong with a FEN line (the first problem found, errors before warnings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenProblem {
    /// Error (not a legal position) or warning (legal but suspicious).
    pub severity: Severity,
    /// Stable code in the `fen/` family (`fen/fields`, `fen/board`, `fen/piece`, ...).
    pub code: &'static str,
    /// 1-based column (in characters) of the field at fault in the line.
    pub col: u64,
    /// The field at fault as written (`None` when the whole line is at fault).
    pub field: Option<String>,
    /// What is wrong, in the field's terms.
    pub message: String,
}

/// The verdict on one FEN (or EPD) line.
#[derive(Clone, Debug)]
pub struct FenCheck {
    /// The position, when the line is one (also with a warning).
    pub position: Option<Chess>,
    /// The first problem found, if any.
    pub problem: Option<FenProblem>,
}

/// Fields of a line with the 1-based column of each.
fn fields_with_cols(line: &str) -> Vec<(u64, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, u64)> = None;
    let mut col = 0u64;
    for (i, c) in line.char_indices() {
        col += 1;
        if c.is_whitespace() {
            if let Some((s, sc)) = start.take() {
                out.push((sc, &line[s..i]));
            }
        } else if start.is_none() {
            start = Some((i, col));
        }
    }
    if let Some((s, sc)) = start {
        out.push((sc, &line[s..]));
    }
    out
}

/// Checks one FEN or EPD line (EPD operations after the four fields are not checked).
///
/// The codes: `fen/fields`, `fen/board` (ranks, squares per rank), `fen/piece` (a letter that is
/// not a piece), `fen/side-to-move`, `fen/castling`, `fen/en-passant`, `fen/halfmove`,
/// `fen/fullmove`, `fen/kings`, `fen/pawns-on-back-rank`, `fen/opposite-check` (errors), and the
/// warnings `fen/impossible-check` (a check no legal move can give) and `fen/material` (more
/// pieces than promotions allow).
pub fn check_fen(line: &str) -> FenCheck {
    let mut warning: Option<FenProblem> = None;
    match check_fen_inner(line, &mut warning) {
        Ok(position) => FenCheck {
            position: Some(position),
            problem: warning,
        },
        Err(problem) => FenCheck {
            position: None,
            problem: Some(problem),
        },
    }
}

fn problem(severity: Severity, code: &'static str, at: (u64, &str), message: String) -> FenProblem {
    FenProblem {
        severity,
        code,
        col: at.0,
        field: Some(at.1.to_owned()),
        message,
    }
}

fn error(code: &'static str, at: (u64, &str), message: String) -> FenProblem {
    problem(Severity::Error, code, at, message)
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

fn color_name(color: Color) -> &'static str {
    if color.is_white() { "White" } else { "Black" }
}

fn check_fen_inner(line: &str, warning: &mut Option<FenProblem>) -> Result<Chess, FenProblem> {
    let all = fields_with_cols(line);
    const SIX: &str = "a FEN has 6 fields (placement, side to move, castling, en passant, halfmove clock, fullmove number)";
    if all.len() < 4 {
        let at = all.first().copied().unwrap_or((1, ""));
        let hint = if all.len() == 1 && at.1.contains('/') {
            " (the fields must be separated by spaces)"
        } else {
            ""
        };
        return Err(error(
            "fen/fields",
            at,
            format!("{SIX}, this line has {}{hint}", all.len()),
        ));
    }
    // EPD: operations (not numbers, each ending in ';') after the four fields, or after all six
    // (perft suites write `FEN ;D1 20 ;D2 400`).
    let operations_after = |n: usize| {
        // The byte offset of field `n` (columns count characters, not bytes).
        all.get(n).is_some_and(|f| {
            let at = f.1.as_ptr() as usize - line.as_ptr() as usize;
            line[at..].contains(';')
        })
    };
    let epd4 = all.len() > 4 && !is_number(all[4].1) && operations_after(4);
    let epd6 =
        !epd4 && all.len() > 6 && is_number(all[4].1) && is_number(all[5].1) && operations_after(6);
    let fields: &[(u64, &str)] = if epd4 {
        &all[..4]
    } else if epd6 {
        &all[..6]
    } else {
        &all
    };
    if fields.len() == 5 {
        return Err(error(
            "fen/fields",
            fields[4],
            format!("{SIX}, this line has 5: the fullmove number is missing"),
        ));
    }
    if fields.len() > 6 {
        // Point at a counter that is not a number (`3+3`, a three-check field) when there is one.
        let bad_counter = fields[4..6].iter().find(|f| !is_number(f.1)).copied();
        let (at, why) = match bad_counter {
            Some(f) => (
                f,
                format!(": \"{}\" is not a move counter (a variant field?)", f.1),
            ),
            None => (fields[6], String::new()),
        };
        return Err(error(
            "fen/fields",
            at,
            format!("{SIX}, this line has {}{why}", fields.len()),
        ));
    }
    // Placement.
    let placement = fields[0];
    let ranks: Vec<&str> = placement.1.split('/').collect();
    if ranks.len() != 8 {
        return Err(error(
            "fen/board",
            placement,
            format!(
                "the piece placement has {} ranks instead of 8 (ranks are separated by '/')",
                ranks.len()
            ),
        ));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let mut squares = 0u32;
        let mut previous_digit = false;
        for c in rank.chars() {
            match c {
                '1'..='8' => {
                    if previous_digit {
                        return Err(error(
                            "fen/board",
                            placement,
                            format!(
                                "rank {} has two digits in a row (\"{rank}\"); write their sum",
                                8 - i
                            ),
                        ));
                    }
                    previous_digit = true;
                    squares += c.to_digit(10).unwrap_or(0);
                }
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    previous_digit = false;
                    squares += 1;
                }
                other => {
                    return Err(error(
                        "fen/piece",
                        placement,
                        format!(
                            "'{other}' on rank {} is not a piece letter (PNBRQK for White, pnbrqk for Black) or a digit 1-8",
                            8 - i
                        ),
                    ));
                }
            }
        }
        if squares != 8 {
            return Err(error(
                "fen/board",
                placement,
                format!(
                    "rank {} (\"{rank}\") describes {squares} squares instead of 8",
                    8 - i
                ),
            ));
        }
    }
    let turn = fields[1];
    if !matches!(turn.1, "w" | "b") {
        return Err(error(
            "fen/side-to-move",
            turn,
            format!("the side to move is \"{}\", not w or b", turn.1),
        ));
    }
    let castling = fields[2];
    if castling.1 != "-" {
        let mut seen = String::new();
        for c in castling.1.chars() {
            if !matches!(c, 'K' | 'Q' | 'k' | 'q' | 'A'..='H' | 'a'..='h') {
                return Err(error(
                    "fen/castling",
                    castling,
                    format!(
                        "the castling field \"{}\" has '{c}': it holds K, Q, k, q (or rook files A-H, a-h), or is '-'",
                        castling.1
                    ),
                ));
            }
            if seen.contains(c) {
                return Err(error(
                    "fen/castling",
                    castling,
                    format!("the castling field \"{}\" names '{c}' twice", castling.1),
                ));
            }
            seen.push(c);
        }
    }
    let ep = fields[3];
    let white_to_move = turn.1 == "w";
    let ep_square = if ep.1 == "-" {
        None
    } else {
        let square: Square = ep.1.parse().map_err(|_| {
            error(
                "fen/en-passant",
                ep,
                format!(
                    "the en passant field \"{}\" is not a square (such as e3) or '-'",
                    ep.1
                ),
            )
        })?;
        let rank = if white_to_move {
            Rank::Sixth
        } else {
            Rank::Third
        };
        if square.rank() != rank {
            return Err(error(
                "fen/en-passant",
                ep,
                format!(
                    "the en passant square {square} must be on rank {} when {} is to move",
                    if white_to_move { 6 } else { 3 },
                    if white_to_move { "White" } else { "Black" }
                ),
            ));
        }
        Some(square)
    };
    let mut halfmoves = 0u32;
    let mut fullmoves = 1u32;
    if let Some(&clock) = fields.get(4) {
        halfmoves = clock.1.parse().map_err(|_| {
            error(
                "fen/halfmove",
                clock,
                format!(
                    "the halfmove clock \"{}\" is not a number of plies (0 or more)",
                    clock.1
                ),
            )
        })?;
    }
    if let Some(&number) = fields.get(5) {
        fullmoves = number.1.parse().map_err(|_| {
            error(
                "fen/fullmove",
                number,
                format!(
                    "the fullmove number \"{}\" is not a move number (1 or more)",
                    number.1
                ),
            )
        })?;
        if fullmoves == 0 {
            warning.get_or_insert(problem(
                Severity::Warning,
                "fen/fullmove",
                number,
                "the fullmove number is 0; it starts at 1 (read as 1)".to_owned(),
            ));
        }
    }
    let text: Vec<&str> = fields.iter().map(|f| f.1).collect();
    let fen = Fen::from_ascii(text.join(" ").as_bytes()).map_err(|e| {
        let (code, at) = match e {
            ParseFenError::InvalidBoard => ("fen/board", placement),
            ParseFenError::InvalidTurn => ("fen/side-to-move", turn),
            ParseFenError::InvalidCastling => ("fen/castling", castling),
            ParseFenError::InvalidEpSquare => ("fen/en-passant", ep),
            ParseFenError::InvalidHalfmoveClock => ("fen/halfmove", fields[4]),
            ParseFenError::InvalidFullmoves => ("fen/fullmove", fields[5]),
            _ => ("fen/fields", placement),
        };
        error(code, at, e.to_string())
    })?;
    let setup: Setup = fen.as_setup().clone();
    let board = &setup.board;
    // Kings.
    let kings = |color: Color| (board.kings() & board.by_color(color)).count();
    let (white_kings, black_kings) = (kings(Color::White), kings(Color::Black));
    if white_kings != 1 || black_kings != 1 {
        return Err(error(
            "fen/kings",
            placement,
            format!(
                "each side needs exactly one king; White has {white_kings}, Black has {black_kings}"
            ),
        ));
    }
    let back_pawns = board.pawns() & Bitboard::BACKRANKS;
    if back_pawns.any() {
        let squares: Vec<String> = back_pawns.into_iter().map(|s| s.to_string()).collect();
        return Err(error(
            "fen/pawns-on-back-rank",
            placement,
            format!("pawns cannot stand on rank 1 or 8: {}", squares.join(", ")),
        ));
    }
    let side = setup.turn;
    if let Some(king) = board.king_of(!side) {
        let checkers = board.attacks_to(king, side, board.occupied());
        if let Some(checker) = checkers.first() {
            let by = board
                .piece_at(checker)
                .map(|p| format!("{} on {checker}", role_name(p.role)))
                .unwrap_or_default();
            return Err(error(
                "fen/opposite-check",
                turn,
                format!(
                    "{} is to move, but {}'s king on {king} is already in check (from the {by}): the side not to move cannot be in check",
                    color_name(side),
                    color_name(!side)
                ),
            ));
        }
    }
    let mode = CastlingMode::detect(&setup);
    if castling.1 != "-" {
        check_castling(&setup, castling, mode)?;
    }
    if let Some(square) = ep_square {
        let mover = !side;
        let pushed_to = Square::from_coords(square.file(), mover.relative_rank(Rank::Fourth));
        let pushed_from = Square::from_coords(square.file(), mover.relative_rank(Rank::Second));
        if board.piece_at(pushed_to)
            != Some(Piece {
                color: mover,
                role: Role::Pawn,
            })
        {
            return Err(error(
                "fen/en-passant",
                ep,
                format!(
                    "the en passant square {square} says {} just pushed a pawn two squares to {pushed_to}, but there is no {} pawn on {pushed_to}",
                    color_name(mover),
                    color_name(mover).to_lowercase()
                ),
            ));
        }
        for sq in [square, pushed_from] {
            if let Some(piece) = board.piece_at(sq) {
                return Err(error(
                    "fen/en-passant",
                    ep,
                    format!(
                        "the en passant square {square} says a pawn just passed {square} from {pushed_from}, but {sq} holds a {} {}",
                        color_name(piece.color).to_lowercase(),
                        role_name(piece.role)
                    ),
                ));
            }
        }
        if halfmoves != 0 {
            return Err(error(
                "fen/halfmove",
                fields[4],
                format!(
                    "the en passant square says the last move was a pawn move, so the halfmove clock must be 0, not {halfmoves}"
                ),
            ));
        }
    }
    if fields.len() == 6 && fullmoves > 0 {
        let plies = 2 * u64::from(fullmoves - 1) + u64::from(!white_to_move);
        if u64::from(halfmoves) > plies {
            warning.get_or_insert(problem(
                Severity::Warning,
                "fen/halfmove",
                fields[4],
                format!(
                    "the halfmove clock {halfmoves} is more than the {plies} plies played before move {fullmoves}"
                ),
            ));
        }
    }
    match fen.into_position::<Chess>(mode) {
        Ok(pos) => Ok(pos),
        Err(e) => {
            let kinds = e.kinds();
            let soft = PositionErrorKinds::IMPOSSIBLE_CHECK | PositionErrorKinds::TOO_MUCH_MATERIAL;
            if !(kinds - soft).is_empty() {
                let code = if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
                    "fen/castling"
                } else if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
                    "fen/en-passant"
                } else {
                    "fen/position"
                };
                return Err(error(code, placement, format!("not a legal position: {e}")));
            }
            let message = if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
                (
                    "fen/impossible-check",
                    format!(
                        "{} is in a check that no legal last move can give (more than two checkers, or an impossible pair)",
                        color_name(side)
                    ),
                )
            } else {
                (
                    "fen/material",
                    "more pieces than the pawns' promotions allow".to_owned(),
                )
            };
            let pos = match e.ignore_impossible_check() {
                Ok(pos) => pos,
                Err(e) => e
                    .ignore_too_much_material()
                    .map_err(|e| error("fen/position", placement, e.to_string()))?,
            };
            // An earlier warning (fullmove, halfmove) stays first.
            warning.get_or_insert(problem(Severity::Warning, message.0, placement, message.1));
            Ok(pos)
        }
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// Each castling letter needs the king on its back rank and a rook where the letter says.
fn check_castling(
    setup: &Setup,
    castling: (u64, &str),
    mode: CastlingMode,
) -> Result<(), FenProblem> {
    let board = &setup.board;
    for c in castling.1.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = color.backrank();
        let rooks = board.by_piece(color.rook()) & back;
        let king = board
            .king_of(color)
            .filter(|k| k.rank() == color.relative_rank(Rank::First));
        let name = color_name(color);
        let Some(king) = king else {
            return Err(error(
                "fen/castling",
                castling,
                format!(
                    "castling right '{c}': the {} king is not on its first rank",
                    name.to_lowercase()
                ),
            ));
        };
        if mode == CastlingMode::Standard && king.file() != shakmaty::File::E {
            return Err(error(
                "fen/castling",
                castling,
                format!(
                    "castling right '{c}': the {} king is on {king}, not on its starting square {}",
                    name.to_lowercase(),
                    Square::from_coords(shakmaty::File::E, king.rank())
                ),
            ));
        }
        let rook = match c.to_ascii_lowercase() {
            'k' => rooks.into_iter().rev().find(|r| *r > king),
            'q' => rooks.into_iter().find(|r| *r < king),
            file => rooks.into_iter().find(|r| r.file().char() == file),
        };
        let wanted = match c.to_ascii_lowercase() {
            'k' => "on the king's side".to_owned(),
            'q' => "on the queen's side".to_owned(),
            file => format!("on the {file}-file"),
        };
        match rook {
            None => {
                return Err(error(
                    "fen/castling",
                    castling,
                    format!("castling right '{c}': {name} has no rook {wanted} of its first rank"),
                ));
            }
            Some(rook)
                if mode == CastlingMode::Standard
                    && !matches!(rook.file(), shakmaty::File::A | shakmaty::File::H) =>
            {
                return Err(error(
                    "fen/castling",
                    castling,
                    format!(
                        "castling right '{c}': {name}'s rook {wanted} is on {rook}, not in the corner"
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Epd;

    fn code(line: &str) -> Option<&'static str> {
        check_fen(line).problem.map(|p| p.code)
    }

    #[test]
    fn fast_writer_agrees_with_shakmaty() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rr1k3r/1ppppppp/8/8/8/8/1PPPPPPP/RR1K3R w KBkb - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w Kq - 12 345",
            "8/8/8/8/8/8/8/K6k b - - 99 1000",
        ];
        for text in fens {
            let fen: Fen = text.parse().unwrap();
            let mode = CastlingMode::detect(fen.as_setup());
            let pos: Chess = fen.into_position(mode).unwrap();
            for ep in [EnPassantMode::Always, EnPassantMode::Legal] {
                let options = FenOptions {
                    selection: Selection::Final,
                    ep,
                    ..FenOptions::new()
                };
                assert_eq!(
                    fen_text(&pos, &options),
                    Fen::from_position(&pos, ep).to_string()
                );
                let epd = epd_text(&pos, &options, 1, 2, "");
                assert!(epd.starts_with(&Epd::from_position(&pos, ep).to_string()));
            }
        }
    }

    /// Random games (a fixed-seed generator) from the standard and some Chess960 starts: the
    /// fast writer gives shakmaty's FEN after every ply, in both en passant modes.
    #[test]
    fn fast_writer_agrees_with_shakmaty_on_random_games() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut positions = 0;
        for game in 0..300u32 {
            let mut pos = if game % 3 == 0 {
                let board = shakmaty::Board::chess960(game % 960);
                let fen = format!("{} w KQkq - 0 1", board.board_fen());
                let fen: Fen = fen.parse().unwrap();
                fen.into_position::<Chess>(CastlingMode::Chess960).unwrap()
            } else {
                Chess::default()
            };
            for _ in 0..120 {
                for ep in [EnPassantMode::Always, EnPassantMode::Legal] {
                    let options = FenOptions {
                        ep,
                        ..FenOptions::new()
                    };
                    assert_eq!(
                        fen_text(&pos, &options),
                        Fen::from_position(&pos, ep).to_string()
                    );
                    positions += 1;
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(next() % moves.len() as u64) as usize];
                pos.play_unchecked(m);
            }
        }
        assert!(positions > 50_000, "{positions}");
    }

    #[test]
    fn good_fens_have_no_problem() {
        assert_eq!(
            code("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            None
        );
        assert_eq!(
            code("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
            None
        );
        assert_eq!(code("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\";"), None);
    }

    #[test]
    fn bad_fens_name_their_field() {
        let cases = [
            ("8/8/8 w - -", "fen/board"),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0", "fen/fields"),
            ("4k3/8/8/8/8/8/8/4X3 w - - 0 1", "fen/piece"),
            ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "fen/side-to-move"),
            ("4k3/8/8/8/8/8/8/8 w - - 0 1", "fen/kings"),
            ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "fen/pawns-on-back-rank"),
            ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "fen/opposite-check"),
            ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "fen/castling"),
            ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "fen/en-passant"),
            ("4k3/8/8/8/8/8/8/4K3 w - - x 1", "fen/halfmove"),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 y", "fen/fullmove"),
        ];
        for (fen, expected) in cases {
            assert_eq!(code(fen), Some(expected), "{fen}");
        }
    }
}
