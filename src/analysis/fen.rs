//! Positions out of games (`arbiter fen`: the FEN or EPD after chosen plies of a game's main line)
//! and FEN validation (`arbiter fen --check`: what is wrong with a FEN, in the field's terms).
//!
//! Pure functions over one game's bytes or one FEN line: no I/O, no threads, no output formats
//! beyond the FEN/EPD text itself.

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, EnPassantMode, Piece, Position, PositionErrorKinds, Rank,
    Role, Setup, Square,
};

use super::replay::replay_main_line;
use crate::model::{GameInfo, Severity};

/// Which positions of a game's main line to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// The position after every ply; with `start`, the start position (ply 0) too.
    Every {
        /// Include the start position.
        start: bool,
    },
    /// The last position reached (after the last move replayed).
    Final,
    /// The position after this ply (0 = the start position).
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
    /// Also work out the move that led to each position (`move`, `san`, `uci`).
    pub moves: bool,
}

/// One position of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRow {
    /// The ply after which the position stands (0 = the start position).
    pub ply: u32,
    /// The move that led here in PGN style (`23...Nf3`), when asked for and `ply > 0`.
    pub move_text: Option<String>,
    /// The move in standard SAN (with `+`/`#`).
    pub san: Option<String>,
    /// The move in UCI (king-takes-rook castling in Chess960 games).
    pub uci: Option<String>,
    /// Where the position's FEN (or EPD with [`FenOptions::epd`]) stands in
    /// [`GamePositions::text`], without its newline.
    pub fen: std::ops::Range<usize>,
}

/// Why the positions of a game stop before its end (or were not produced at all).
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
}

/// The chosen positions of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePositions {
    /// Tags and place of the game; `plies` is the number of moves replayed.
    pub info: GameInfo,
    /// The chosen positions, in ply order.
    pub rows: Vec<PositionRow>,
    /// The FEN (or EPD) lines of the rows, each ending with a newline.
    pub text: String,
    /// Why the game was cut short, if it was.
    pub stop: Option<GameStop>,
}

/// Replays the main line of a game and returns the chosen positions (see
/// [`super::check::check_game`] for `index`, `offset` and `line`).
pub fn game_positions(
    bytes: &[u8],
    index: u64,
    offset: u64,
    line: u64,
    options: &FenOptions,
) -> GamePositions {
    let main = replay_main_line(bytes, index, offset, line);
    let mut out = GamePositions {
        info: main.info,
        rows: Vec::new(),
        text: String::new(),
        stop: None,
    };
    if let Some(variant) = main.unsupported_variant {
        out.stop = Some(GameStop {
            ply: 0,
            move_text: None,
            code: "variant/unsupported",
            message: format!("the variant \"{variant}\" is not supported; no positions written"),
        });
        return out;
    }
    let Some(mut pos) = main.start else {
        out.stop = Some(GameStop {
            ply: 0,
            move_text: None,
            code: "fen/start",
            message: "the FEN tag is not a usable position (arbiter check says why); no positions written"
                .to_owned(),
        });
        return out;
    };
    let mode = pos.castles().mode();
    let mut text = Vec::with_capacity((main.moves.len() + 1) * 72);
    out.rows.reserve(main.moves.len() + 1);
    let last = main.moves.len() as u32;
    let wanted = |ply: u32, pos: &Chess| match options.selection {
        Selection::Every { start } => ply > 0 || start,
        Selection::Final => ply == last,
        Selection::Ply(n) => ply == n,
        Selection::Before { fullmove, color } => {
            pos.fullmoves().get() == fullmove && pos.turn() == color
        }
    };
    if wanted(0, &pos) {
        out.rows.push(row(&mut text, &pos, 0, None, options, index));
    }
    for (i, &m) in main.moves.iter().enumerate() {
        let ply = i as u32 + 1;
        // Only positions that will be printed need the SAN.
        let need_move = options.moves
            && match options.selection {
                Selection::Every { .. } => true,
                Selection::Final => ply == last,
                Selection::Ply(n) => ply == n,
                Selection::Before { .. } => {
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    wanted(ply, &after)
                }
            };
        if need_move {
            let number = move_number(&pos);
            let uci = UciMove::from_move(m, mode).to_string();
            let san = SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string();
            let moved = MoveText {
                text: format!("{number}{san}"),
                san,
                uci,
            };
            out.rows
                .push(row(&mut text, &pos, ply, Some(moved), options, index));
        } else {
            pos.play_unchecked(m);
            if wanted(ply, &pos) {
                out.rows
                    .push(row(&mut text, &pos, ply, None, options, index));
            }
        }
    }
    // Only ASCII was appended.
    out.text = String::from_utf8(text).unwrap_or_default();
    if let Some(stop) = main.stop {
        out.stop = Some(GameStop {
            ply: stop.ply,
            move_text: Some(format!("{}{}", move_number(&pos), stop.token)),
            code: stop.code,
            message: stop.message,
        });
    }
    out
}

struct MoveText {
    text: String,
    san: String,
    uci: String,
}

fn row(
    text: &mut Vec<u8>,
    pos: &Chess,
    ply: u32,
    moved: Option<MoveText>,
    options: &FenOptions,
    game: u64,
) -> PositionRow {
    let start = text.len();
    if options.epd {
        append_epd(text, pos, options, game, ply);
    } else {
        append_fen(text, pos, options);
    }
    let end = text.len();
    text.push(b'\n');
    let (move_text, san, uci) = match moved {
        Some(m) => (Some(m.text), Some(m.san), Some(m.uci)),
        None => (None, None, None),
    };
    PositionRow {
        ply,
        move_text,
        san,
        uci,
        fen: start..end,
    }
}

impl GamePositions {
    /// The FEN (or EPD) of a row.
    pub fn fen(&self, row: &PositionRow) -> &str {
        &self.text[row.fen.clone()]
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
    append_fen(&mut buf, pos, options);
    String::from_utf8(buf).unwrap_or_default()
}

/// Appends the FEN of `pos` to `buf` (no newline).
fn append_fen(buf: &mut Vec<u8>, pos: &Chess, options: &FenOptions) {
    let start = buf.len();
    append_four_fields(buf, pos, options.ep);
    buf.push(b' ');
    append_number(buf, pos.halfmoves());
    buf.push(b' ');
    append_number(buf, pos.fullmoves().get());
    if options.shredder {
        with_shredder_castling(buf, start, pos);
    }
}

/// Appends placement, side to move, castling (X-FEN) and en passant, as shakmaty's
/// `Epd::append_ascii_to` does, but from the piece bitboards (the writer is the hot loop of
/// `arbiter fen`).
fn append_four_fields(buf: &mut Vec<u8>, pos: &Chess, ep: EnPassantMode) {
    let board = pos.board();
    let mut squares = [0u8; 64];
    for color in Color::ALL {
        for role in Role::ALL {
            let c = role.char() as u8;
            let c = if color.is_white() {
                c.to_ascii_uppercase()
            } else {
                c
            };
            for sq in board.by_piece(Piece { color, role }) {
                squares[usize::from(sq)] = c;
            }
        }
    }
    // At most 8 pieces and 7 slashes per rank: 71 bytes.
    let mut out = [0u8; 72];
    let mut n = 0;
    let occupied = u64::from(board.occupied());
    for rank in (0..8usize).rev() {
        // Visit the occupied squares of the rank only; gaps become digits.
        let mut bits = (occupied >> (rank * 8)) & 0xff;
        let mut next_file = 0u32;
        while bits != 0 {
            let file = bits.trailing_zeros();
            bits &= bits - 1;
            if file > next_file {
                out[n] = b'0' + (file - next_file) as u8;
                n += 1;
            }
            out[n] = squares[rank * 8 + file as usize];
            n += 1;
            next_file = file + 1;
        }
        if next_file < 8 {
            out[n] = b'0' + (8 - next_file) as u8;
            n += 1;
        }
        if rank > 0 {
            out[n] = b'/';
            n += 1;
        }
    }
    buf.extend_from_slice(&out[..n]);
    buf.push(b' ');
    buf.push(if pos.turn().is_white() { b'w' } else { b'b' });
    buf.push(b' ');
    let rights = pos.castles().castling_rights();
    if rights.is_empty() {
        buf.push(b'-');
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

/// The EPD line of `pos`: four fields, then `hmvc`, `fmvn` and `id "game G ply P"`.
pub fn epd_text(pos: &Chess, options: &FenOptions, game: u64, ply: u32) -> String {
    let mut buf = Vec::new();
    append_epd(&mut buf, pos, options, game, ply);
    String::from_utf8(buf).unwrap_or_default()
}

fn append_epd(buf: &mut Vec<u8>, pos: &Chess, options: &FenOptions, game: u64, ply: u32) {
    use std::io::Write;
    let start = buf.len();
    append_four_fields(buf, pos, options.ep);
    if options.shredder {
        with_shredder_castling(buf, start, pos);
    }
    let _ = write!(
        buf,
        " hmvc {}; fmvn {}; id \"game {game} ply {ply}\";",
        pos.halfmoves(),
        pos.fullmoves()
    );
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
                    shredder: false,
                    epd: false,
                    moves: false,
                };
                assert_eq!(
                    fen_text(&pos, &options),
                    Fen::from_position(&pos, ep).to_string()
                );
                let epd = epd_text(&pos, &options, 1, 2);
                assert!(epd.starts_with(&Epd::from_position(&pos, ep).to_string()));
            }
        }
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
