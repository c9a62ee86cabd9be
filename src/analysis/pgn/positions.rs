//! Games out of FEN/EPD positions (`arbiter pgn --from-fen`, `--from-sequence`): the game that
//! starts at a position, and the move that connects two consecutive positions. The lines are
//! read by the one FEN reader (`analysis::fen::read_fen`), as `arbiter fen --check` reads them.

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, Move, Position};

use super::write::{Wrapper, write_tags};
use crate::analysis::text::{color_title, same_position};

/// The FEN of a position as written in a `[FEN]` tag (en passant square only when a capture is
/// legal, as shakmaty keeps it).
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// The standard starting position's FEN (FIDE Laws art. 2.3).
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A game that starts at `pos` and ends at `last` (the position after `moves`; `pos` itself
/// for a game of no moves), with a full Seven Tag Roster (`event` or `?` as Event),
/// `[Variant "Chess960"]` when `pos` has Chess960 castling (a game without it castles as in
/// standard chess), `[SetUp "1"]` and `[FEN]` unless `pos` is the standard starting position
/// (PGN standard 9.7.1), and the movetext `moves` (SAN, already numbered) ending in the result
/// `last` decides — checkmate (art. 5.1.1) or stalemate (art. 5.2.1), as `arbiter pgn` writes
/// for a game that ends there, so that `arbiter pgn` of this game is this game — else `*`.
pub fn game_from_position(
    pos: &Chess,
    last: &Chess,
    event: Option<&str>,
    moves: &[String],
) -> String {
    let result = super::decided_by_position(last).unwrap_or("*");
    let mut roster: [Option<String>; 7] = Default::default();
    roster[0] = event.map(str::to_owned);
    roster[6] = Some(result.to_owned());
    let mut others = Vec::with_capacity(3);
    let chess960 = pos.castles().mode().is_chess960();
    if chess960 {
        others.push(("Variant".to_owned(), "Chess960".to_owned()));
    }
    let fen = fen_of(pos);
    if chess960 || fen != START_FEN {
        others.push(("SetUp".to_owned(), "1".to_owned()));
        others.push(("FEN".to_owned(), fen));
    }
    let mut text = String::new();
    write_tags(&mut text, &roster, &others);
    let mut w = Wrapper::default();
    for m in moves {
        if let Some(comment) = m.strip_prefix('{') {
            w.comment(comment.strip_suffix('}').unwrap_or(comment));
        } else {
            w.word(m);
        }
    }
    w.word(result);
    text.push_str(&w.finish());
    text.push('\n');
    text
}

/// The unique legal move of `from` that leads to `to`, as SAN with its suffix.
///
/// # Errors
/// Returns why no legal move connects the two positions (side to move, distance, castling
/// rights or en passant square).
pub fn connecting_move(from: &Chess, to: &Chess) -> Result<(Move, SanPlus), String> {
    let mut board_match = None;
    for m in from.legal_moves() {
        let mut after = from.clone();
        after.play_unchecked(m);
        if same_position(&after, to) {
            let san = San::from_move(from, m);
            let mut pos = from.clone();
            return Ok((m, play_san(&mut pos, m, san)));
        }
        if board_match.is_none() && after.board() == to.board() && after.turn() == to.turn() {
            board_match = Some((m, after));
        }
    }
    if let Some((m, after)) = board_match {
        return Err(rights_differ(from, m, &after, to));
    }
    if from.board() == to.board() {
        return Err(if from.turn() == to.turn() {
            "the position is repeated (same board, same side to move)".to_owned()
        } else {
            "the board is the same but the side to move changed: the side to move is wrong, or a null move".to_owned()
        });
    }
    if from.turn() == to.turn() {
        return Err(same_side_to_move(from, to));
    }
    Err(other_side_or_far(from, to))
}

/// `m` gives the board of `to`, but not its castling rights or en passant square.
fn rights_differ(from: &Chess, m: Move, after: &Chess, to: &Chess) -> String {
    let san = San::from_move(from, m);
    let castles = |p: &Chess| {
        let fen = fen_of(p);
        fen.split(' ').nth(2).unwrap_or("-").to_owned()
    };
    let ep = |p: &Chess| {
        p.ep_square(EnPassantMode::Legal)
            .map_or("-".to_owned(), |s| s.to_string())
    };
    if castles(after) != castles(to) {
        return format!(
            "{san} gives this board, but the castling rights differ: after it they are {}, the next line has {}",
            castles(after),
            castles(to)
        );
    }
    format!(
        "{san} gives this board, but the en passant square differs: after it it is {}, the next line has {}",
        ep(after),
        ep(to)
    )
}

/// Why no move leads from `from` to `to` when the same side is to move in both: two plies
/// apart, the side to move of `to` wrong, or farther apart.
fn same_side_to_move(from: &Chess, to: &Chess) -> String {
    for m1 in from.legal_moves() {
        let mut mid = from.clone();
        mid.play_unchecked(m1);
        for m2 in mid.legal_moves() {
            let mut after = mid.clone();
            after.play_unchecked(m2);
            if after.board() == to.board() {
                return format!(
                    "the positions are two plies apart ({} {}): a position is missing between them",
                    San::from_move(from, m1),
                    San::from_move(&mid, m2)
                );
            }
        }
    }
    for m in from.legal_moves() {
        let mut after = from.clone();
        after.play_unchecked(m);
        if after.board() == to.board() {
            return format!(
                "{} to move in both lines: after {} the next line should have {} to move",
                color_title(from.turn()),
                San::from_move(from, m),
                color_title(!from.turn())
            );
        }
    }
    format!(
        "{} to move in both lines, and the boards are more than two plies apart",
        color_title(from.turn())
    )
}

/// Why no move leads from `from` to `to` (the other side to move): the side to move of `from`
/// is wrong (a move of the other side gives the board), or the boards are farther apart.
fn other_side_or_far(from: &Chess, to: &Chess) -> String {
    let mut setup = from.to_setup(EnPassantMode::Legal);
    setup.turn = !setup.turn;
    setup.ep_square = None;
    if let Ok(flipped) = Chess::from_setup(setup, CastlingMode::Standard) {
        for m in flipped.legal_moves() {
            let mut after = flipped.clone();
            after.play_unchecked(m);
            if after.board() == to.board() {
                return format!(
                    "the side to move is wrong: {} to move, but {} by {} gives the next board",
                    color_title(from.turn()),
                    San::from_move(&flipped, m),
                    color_title(flipped.turn())
                );
            }
        }
    }
    let differ = shakmaty::Square::ALL
        .iter()
        .filter(|sq| from.board().piece_at(**sq) != to.board().piece_at(**sq))
        .count();
    format!(
        "no legal move of {} gives the next board ({differ} squares differ): the positions are two or more moves apart",
        color_title(from.turn())
    )
}

/// The move in SAN with its `+`/`#` suffix, played on `pos` (which becomes the position after
/// it).
fn play_san(pos: &mut Chess, m: Move, san: San) -> SanPlus {
    pos.play_unchecked(m);
    let suffix = if pos.is_checkmate() {
        Some(Suffix::Checkmate)
    } else if pos.is_check() {
        Some(Suffix::Check)
    } else {
        None
    };
    SanPlus { san, suffix }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequence_moves() {
        let start = Chess::default();
        let line = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let after =
            crate::analysis::fen::read_fen(line, crate::analysis::fen::CastlingRules::FromField)
                .position
                .unwrap();
        let (_, san) = connecting_move(&start, &after).unwrap();
        assert_eq!(san.to_string(), "e4");
        let err = connecting_move(&start, &start).unwrap_err();
        assert!(err.contains("repeated"), "{err}");
    }
}
