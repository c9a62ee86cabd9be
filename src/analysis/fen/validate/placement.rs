//! The piece placement field: 8 ranks of 8 squares, piece letters and digits; then what makes a
//! board no position at all (kings, pawns on the back ranks).

use shakmaty::{Bitboard, Board, Color};

use super::fields::Field;
use super::{FenProblem, error};
use crate::analysis::text::{color_title, role_name};
use crate::model::Code;

/// Reads the piece placement into a board.
///
/// # Errors
/// Returns the `fen/board` problem of a wrong count of ranks or squares (or two digits in a
/// row), the `fen/piece` problem of a character that is neither a piece letter nor a digit.
pub(super) fn board(placement: Field<'_>) -> Result<Board, FenProblem> {
    let ranks: Vec<&str> = placement.text.split('/').collect();
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
        rank_squares(placement, rank, 8 - i)?;
    }
    Board::from_ascii_board_fen(placement.text.as_bytes()).map_err(|_| {
        error(
            Code::FenBoard,
            placement,
            "the piece placement cannot be read".to_owned(),
        )
    })
}

/// Checks one rank (`number` 8 to 1) of the placement.
fn rank_squares(placement: Field<'_>, rank: &str, number: usize) -> Result<(), FenProblem> {
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
                            "rank {number} has two digits in a row (\"{rank}\"); write their sum"
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
                        "'{other}' on rank {number} is not a piece letter (PNBRQK for White, pnbrqk for Black) or a digit 1-8"
                    ),
                ));
            }
        }
    }
    if squares != 8 {
        return Err(error(
            Code::FenBoard,
            placement,
            format!("rank {number} (\"{rank}\") describes {squares} squares instead of 8"),
        ));
    }
    Ok(())
}

/// One king a side, no pawn on rank 1 or 8: without them a board is no position to play from.
///
/// # Errors
/// Returns the `fen/kings` or `fen/pawns-on-back-rank` problem.
pub(super) fn playable(board: &Board, placement: Field<'_>) -> Result<(), FenProblem> {
    let kings = |color: Color| (board.kings() & board.by_color(color)).count();
    let (white, black) = (kings(Color::White), kings(Color::Black));
    if white != 1 || black != 1 {
        return Err(error(
            Code::FenKings,
            placement,
            format!("each side needs exactly one king; White has {white}, Black has {black}"),
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
    Ok(())
}

/// The pieces of `board` on the squares `checkers`, in words (`the rook on e7 and the knight on
/// f6`).
pub(super) fn checkers_text(board: &Board, checkers: Bitboard) -> String {
    let names: Vec<String> = checkers
        .into_iter()
        .filter_map(|sq| {
            board
                .piece_at(sq)
                .map(|p| format!("the {} on {sq}", role_name(p.role)))
        })
        .collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The side not to move must not be in check (it would be captured).
///
/// # Errors
/// Returns the `fen/opposite-check` problem, at the side-to-move field.
pub(super) fn no_opposite_check(
    board: &Board,
    turn: Color,
    at: Field<'_>,
) -> Result<(), FenProblem> {
    let Some(king) = board.king_of(!turn) else {
        return Ok(());
    };
    let checkers = board.attacks_to(king, turn, board.occupied());
    if checkers.is_empty() {
        return Ok(());
    }
    Err(error(
        Code::FenOppositeCheck,
        at,
        format!(
            "{} is to move, but {}'s king on {king} is already in check (from {}): the side not to move cannot be in check",
            color_title(turn),
            color_title(!turn),
            checkers_text(board, checkers)
        ),
    ))
}
