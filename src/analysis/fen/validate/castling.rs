//! The castling field: its letters, the rooks they name, and the rights the position can have.
//!
//! A letter names a rook: `K`/`Q` (`k`/`q`) the outermost rook of that side of the king on the
//! first rank, or the corner when there is none (X-FEN, as shakmaty reads it); a file letter
//! `A`-`H` (`a`-`h`) the rook on that file (Shredder-FEN). Under standard rules a right needs the
//! king on e1/e8 and the rook in its corner (FIDE art. 3.8.2); under Chess960 rules the king on
//! its first rank and the rook on the same rank, on the side the right is for; and the king
//! must be one that can never have moved (`super::unmoved`: a Chess960 king is never on the a-
//! or h-file; rooks the pawns shut in prove a king moved). A right the position cannot have is
//! dropped, with one warning for the field; it never makes a standard game Chess960.

use std::convert::identity;

use shakmaty::{Bitboard, Board, Castles, CastlingMode, Color, File, Setup, Square};

use super::fields::Field;
use super::unmoved::why_king_moved;
use super::{CastlingRules, FenProblem, error, warning};
use crate::analysis::text::color_name;
use crate::model::Code;

/// One letter of the castling field and the rook square it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Right {
    /// The letter as written.
    pub letter: char,
    /// Whose right.
    pub color: Color,
    /// The square of the rook it names.
    pub square: Square,
}

/// Reads the letters of the castling field (`-`: none) with the rook square each names on
/// `board`. A letter written twice is read once, with a warning.
///
/// # Errors
/// Returns the `fen/castling` problem of a character that is not a castling letter.
pub(super) fn letters(
    field: Field<'_>,
    board: &Board,
    problems: &mut Vec<FenProblem>,
) -> Result<Vec<Right>, FenProblem> {
    if field.text == "-" {
        return Ok(Vec::new());
    }
    let mut rights: Vec<Right> = Vec::new();
    let mut twice = Vec::new();
    for letter in field.text.chars() {
        if !matches!(letter, 'K' | 'Q' | 'k' | 'q' | 'A'..='H' | 'a'..='h') {
            return Err(error(
                Code::FenCastling,
                field,
                format!(
                    "the castling field \"{}\" has '{letter}': it holds K, Q, k, q (or rook files A-H, a-h), or is '-'",
                    field.text
                ),
            ));
        }
        if rights.iter().any(|r| r.letter == letter) {
            twice.push(letter);
            continue;
        }
        rights.push(right(letter, board));
    }
    if !twice.is_empty() {
        problems.push(warning(
            Code::FenCastling,
            field,
            format!(
                "the castling field \"{}\" names {} twice: read once",
                field.text,
                quoted(&twice)
            ),
            true,
        ));
    }
    Ok(rights)
}

/// The rook square `letter` names on `board` (X-FEN for `K`, `Q`, `k`, `q`; Shredder-FEN files).
fn right(letter: char, board: &Board) -> Right {
    let color = Color::from_white(letter.is_ascii_uppercase());
    let rank = color.backrank();
    let rooks_and_kings = board.by_color(color) & (board.rooks() | board.kings()) & rank;
    let rook = |sq: Option<Square>| sq.filter(|sq| board.rooks().contains(*sq));
    let square = match letter.to_ascii_lowercase() {
        'k' => rook(rooks_and_kings.last()).unwrap_or(Square::from_coords(File::H, rank)),
        'q' => rook(rooks_and_kings.first()).unwrap_or(Square::from_coords(File::A, rank)),
        file => Square::from_coords(File::from_char(file).unwrap_or(File::A), rank),
    };
    Right {
        letter,
        color,
        square,
    }
}

/// The castling rules to read the field with: the game's, or for a FEN line (no Variant tag)
/// standard unless a letter names a rook file (Shredder-FEN) and the rights it names are not
/// standard ones (`HAha` with the king on e1 is standard chess).
pub(super) fn mode(rights: &[Right], rules: CastlingRules, setup: &Setup) -> CastlingMode {
    match rules {
        CastlingRules::Standard => CastlingMode::Standard,
        CastlingRules::Chess960 => CastlingMode::Chess960,
        CastlingRules::FromField
            if rights
                .iter()
                .all(|r| matches!(r.letter.to_ascii_lowercase(), 'k' | 'q')) =>
        {
            CastlingMode::Standard
        }
        CastlingRules::FromField => {
            let mut all = setup.clone();
            all.castling_rights = rights.iter().map(|r| r.square).collect();
            CastlingMode::detect(&all)
        }
    }
}

/// The rights of `rights` the position of `setup` can have under `mode`; the others are
/// dropped, with one `fen/castling` warning that names each and why.
pub(super) fn effective(
    rights: &[Right],
    setup: &Setup,
    mode: CastlingMode,
    rules: CastlingRules,
    field: Field<'_>,
    problems: &mut Vec<FenProblem>,
) -> Bitboard {
    let mut all = setup.clone();
    all.castling_rights = rights.iter().map(|r| r.square).collect();
    let castles = Castles::from_setup(&all, mode).unwrap_or_else(identity);
    let mut kept = castles.castling_rights();
    // The rights shakmaty keeps of a king that has moved.
    let moved = Color::ALL.map(|color| {
        let own = kept & Bitboard::from_rank(color.backrank()) & setup.board.by_color(color);
        let why = (!own.is_empty())
            .then(|| why_king_moved(&setup.board, color, mode))
            .flatten();
        if why.is_some() {
            kept &= !own;
        }
        why
    });
    let dropped: Vec<&Right> = rights.iter().filter(|r| !kept.contains(r.square)).collect();
    if dropped.is_empty() {
        return kept;
    }
    // Reasons, letters with the same reason together, in the order of the field.
    let mut groups: Vec<(String, Vec<char>)> = Vec::new();
    let mut standard_hint = false;
    for r in &dropped {
        let (reason, standard_only) = match &moved[usize::from(r.color == Color::Black)] {
            Some(why) if castles.castling_rights().contains(r.square) => (why.clone(), false),
            _ => why_dropped(r, &setup.board, &castles, mode),
        };
        standard_hint |= standard_only;
        match groups.iter_mut().find(|(why, _)| *why == reason) {
            Some((_, letters)) => letters.push(r.letter),
            None => groups.push((reason, vec![r.letter])),
        }
    }
    let reasons: Vec<String> = match groups.as_slice() {
        [(reason, _)] => vec![reason.clone()],
        _ => groups
            .iter()
            .map(|(reason, letters)| format!("{}: {reason}", quoted(letters)))
            .collect(),
    };
    let left: String = rights
        .iter()
        .filter(|r| kept.contains(r.square))
        .map(|r| r.letter)
        .collect();
    let letters: Vec<char> = dropped.iter().map(|r| r.letter).collect();
    let hint = match (standard_hint, rules) {
        (false, _) | (true, CastlingRules::Chess960) => "",
        (true, CastlingRules::Standard) => {
            "; in standard chess the king castles from e1 or e8 with a rook in its corner (a Variant \"Chess960\" tag makes the game Chess960)"
        }
        (true, CastlingRules::FromField) => {
            "; a FEN line is read as standard chess, where the king castles from e1 or e8 with a rook in its corner, unless its castling field names rook files (Shredder-FEN, as Chess960 writes it)"
        }
    };
    problems.push(warning(
        Code::FenCastling,
        field,
        format!(
            "castling right{} {} dropped (read as \"{}\"): {}{hint}",
            if letters.len() > 1 { "s" } else { "" },
            quoted(&letters),
            if left.is_empty() { "-" } else { &left },
            reasons.join("; ")
        ),
        true,
    ));
    kept
}

/// Why the position cannot have the right `r`, and whether the reason holds under standard rules
/// only (a king off e1/e8, a rook out of its corner).
fn why_dropped(r: &Right, board: &Board, castles: &Castles, mode: CastlingMode) -> (String, bool) {
    let color = color_name(r.color);
    let Some(king) = board.king_of(r.color) else {
        return (format!("there is no {color} king"), false);
    };
    let home = Square::from_coords(File::E, r.color.backrank());
    if king.rank() != home.rank() {
        return (
            format!("the {color} king is on {king}, not on its first rank"),
            false,
        );
    }
    if mode == CastlingMode::Standard && king != home {
        return (
            format!("the {color} king is on {king}, not on {home}"),
            true,
        );
    }
    if !(board.rooks() & board.by_color(r.color)).contains(r.square) {
        return (format!("there is no {color} rook on {}", r.square), false);
    }
    if r.square.file() == king.file() {
        return (format!("{} holds the king", r.square), false);
    }
    let side = if r.square < king {
        shakmaty::CastlingSide::QueenSide
    } else {
        shakmaty::CastlingSide::KingSide
    };
    let corner = Square::from_coords(
        if side.is_queen_side() {
            File::A
        } else {
            File::H
        },
        r.color.backrank(),
    );
    if mode == CastlingMode::Standard {
        return (
            format!(
                "the {color} rook on {} is not in its corner ({corner})",
                r.square
            ),
            true,
        );
    }
    match castles.rook(r.color, side) {
        Some(other) => (
            format!(
                "{} already castles on that side, with the rook on {other}",
                crate::analysis::text::color_title(r.color)
            ),
            false,
        ),
        None => (
            format!("the {color} rook on {} cannot castle", r.square),
            false,
        ),
    }
}

/// `'K'`, `'K' and 'Q'`, `'K', 'Q' and 'k'`.
fn quoted(letters: &[char]) -> String {
    let names: Vec<String> = letters.iter().map(|c| format!("'{c}'")).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
