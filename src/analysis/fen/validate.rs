//! FEN validation (`arbiter fen --check`): what is wrong with a FEN or EPD line, in the field's
//! terms, with the column of the field at fault.

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, Piece, PositionErrorKinds, Rank, Role, Setup, Square,
};

use crate::model::{Code, Severity};

/// What is wrong with a FEN line (the first problem found, errors before warnings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenProblem {
    /// Error (not a legal position) or warning (legal but suspicious).
    pub severity: Severity,
    /// Stable code in the `fen/` family (`fen/fields`, `fen/board`, `fen/piece`, ...).
    pub code: Code,
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

fn problem(severity: Severity, code: Code, at: (u64, &str), message: String) -> FenProblem {
    FenProblem {
        severity,
        code,
        col: at.0,
        field: Some(at.1.to_owned()),
        message,
    }
}

fn error(code: Code, at: (u64, &str), message: String) -> FenProblem {
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
            Code::FenFields,
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
            Code::FenFields,
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
            Code::FenFields,
            at,
            format!("{SIX}, this line has {}{why}", fields.len()),
        ));
    }
    // Placement.
    let placement = fields[0];
    let ranks: Vec<&str> = placement.1.split('/').collect();
    if ranks.len() != 8 {
        return Err(error(
            Code::FenBoard,
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
                            Code::FenBoard,
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
                        Code::FenPiece,
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
                Code::FenBoard,
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
            Code::FenSideToMove,
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
                    Code::FenCastling,
                    castling,
                    format!(
                        "the castling field \"{}\" has '{c}': it holds K, Q, k, q (or rook files A-H, a-h), or is '-'",
                        castling.1
                    ),
                ));
            }
            if seen.contains(c) {
                return Err(error(
                    Code::FenCastling,
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
                Code::FenEnPassant,
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
                Code::FenEnPassant,
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
                Code::FenHalfmove,
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
                Code::FenFullmove,
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
                Code::FenFullmove,
                number,
                "the fullmove number is 0; it starts at 1 (read as 1)".to_owned(),
            ));
        }
    }
    let text: Vec<&str> = fields.iter().map(|f| f.1).collect();
    let fen = Fen::from_ascii(text.join(" ").as_bytes()).map_err(|e| {
        let (code, at) = match e {
            ParseFenError::InvalidBoard => (Code::FenBoard, placement),
            ParseFenError::InvalidTurn => (Code::FenSideToMove, turn),
            ParseFenError::InvalidCastling => (Code::FenCastling, castling),
            ParseFenError::InvalidEpSquare => (Code::FenEnPassant, ep),
            ParseFenError::InvalidHalfmoveClock => (Code::FenHalfmove, fields[4]),
            ParseFenError::InvalidFullmoves => (Code::FenFullmove, fields[5]),
            _ => (Code::FenFields, placement),
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
            Code::FenKings,
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
            Code::FenPawnsOnBackRank,
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
                Code::FenOppositeCheck,
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
                Code::FenEnPassant,
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
                    Code::FenEnPassant,
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
                Code::FenHalfmove,
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
                Code::FenHalfmove,
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
                    Code::FenCastling
                } else if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
                    Code::FenEnPassant
                } else {
                    Code::FenPosition
                };
                return Err(error(code, placement, format!("not a legal position: {e}")));
            }
            let message = if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
                (
                    Code::FenImpossibleCheck,
                    format!(
                        "{} is in a check that no legal last move can give (more than two checkers, or an impossible pair)",
                        color_name(side)
                    ),
                )
            } else {
                (
                    Code::FenMaterial,
                    "more pieces than the pawns' promotions allow".to_owned(),
                )
            };
            let pos = match e.ignore_impossible_check() {
                Ok(pos) => pos,
                Err(e) => e
                    .ignore_too_much_material()
                    .map_err(|e| error(Code::FenPosition, placement, e.to_string()))?,
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
                Code::FenCastling,
                castling,
                format!(
                    "castling right '{c}': the {} king is not on its first rank",
                    name.to_lowercase()
                ),
            ));
        };
        if mode == CastlingMode::Standard && king.file() != shakmaty::File::E {
            return Err(error(
                Code::FenCastling,
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
                    Code::FenCastling,
                    castling,
                    format!("castling right '{c}': {name} has no rook {wanted} of its first rank"),
                ));
            }
            Some(rook)
                if mode == CastlingMode::Standard
                    && !matches!(rook.file(), shakmaty::File::A | shakmaty::File::H) =>
            {
                return Err(error(
                    Code::FenCastling,
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

    fn code(line: &str) -> Option<Code> {
        check_fen(line).problem.map(|p| p.code)
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
            ("8/8/8 w - -", Code::FenBoard),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0", Code::FenFields),
            ("4k3/8/8/8/8/8/8/4X3 w - - 0 1", Code::FenPiece),
            ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", Code::FenSideToMove),
            ("4k3/8/8/8/8/8/8/8 w - - 0 1", Code::FenKings),
            ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", Code::FenPawnsOnBackRank),
            ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", Code::FenOppositeCheck),
            ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", Code::FenCastling),
            ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", Code::FenEnPassant),
            ("4k3/8/8/8/8/8/8/4K3 w - - x 1", Code::FenHalfmove),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 y", Code::FenFullmove),
        ];
        for (fen, expected) in cases {
            assert_eq!(code(fen), Some(expected), "{fen}");
        }
    }
}
