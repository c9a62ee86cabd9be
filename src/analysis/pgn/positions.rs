//! Games out of FEN/EPD positions (`arbiter pgn --from-fen`, `--from-sequence`): reading a
//! position line (EPD operations included), the game that starts there, and the move that
//! connects two consecutive positions.

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position};

use super::write::{Wrapper, write_tags};
use crate::analysis::tags;
use crate::analysis::text::same_position;

/// The FEN of a position as written in a `[FEN]` tag (en passant square only when a capture is
/// legal, as shakmaty keeps it).
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Reads a FEN or EPD line: the position, and the EPD `id` operand if there is one. EPD `hmvc`
/// and `fmvn` operations set the move counters.
///
/// # Errors
/// Returns why the line is not a usable position.
pub fn read_position_line(line: &str) -> Result<(Chess, Option<String>), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let counters = fields.len() >= 6
        && fields[4].bytes().all(|b| b.is_ascii_digit())
        && fields[5].bytes().all(|b| b.is_ascii_digit());
    if fields.len() < 4 || counters {
        return tags::position_of_line(line).map(|p| (p, None));
    }
    // EPD: four fields, then operations `opcode operand...;`.
    let rest_at = nth_field_end(line, 4);
    let mut id = None;
    let (mut hmvc, mut fmvn) = ("0".to_owned(), "1".to_owned());
    for op in split_operations(&line[rest_at..]) {
        let op = op.trim();
        let (code, operand) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
        let operand = operand.trim();
        let unquoted = operand
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or(operand);
        match code {
            // EPD strings escape `"` and `\` with a backslash, like PGN tag values.
            "id" => {
                id = Some(
                    String::from_utf8_lossy(&crate::analysis::tags::unescape(unquoted.as_bytes()))
                        .into_owned(),
                )
            }
            "hmvc" if unquoted.bytes().all(|b| b.is_ascii_digit()) && !unquoted.is_empty() => {
                hmvc = unquoted.to_owned();
            }
            "fmvn" if unquoted.bytes().all(|b| b.is_ascii_digit()) && !unquoted.is_empty() => {
                fmvn = unquoted.to_owned();
            }
            _ => {}
        }
    }
    let fen = format!("{} {hmvc} {fmvn}", fields[..4].join(" "));
    tags::position_of_line(&fen).map(|p| (p, id))
}

/// Byte offset just after the `n`-th whitespace-separated field of `line`.
fn nth_field_end(line: &str, n: usize) -> usize {
    let mut count = 0;
    let mut in_field = false;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() {
            if in_field {
                count += 1;
                if count == n {
                    return i;
                }
            }
            in_field = false;
        } else {
            in_field = true;
        }
    }
    line.len()
}

/// EPD operations, split at `;` outside quotes.
fn split_operations(text: &str) -> Vec<&str> {
    let mut ops = Vec::new();
    let mut quoted = false;
    let mut from = 0;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => {
                ops.push(&text[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    if !text[from..].trim().is_empty() {
        ops.push(&text[from..]);
    }
    ops
}

/// A game that starts at `pos`, with a full Seven Tag Roster (`event` or `?` as Event),
/// `[SetUp "1"]`, `[FEN]` and the movetext `moves` (SAN, already numbered) ending in `*`.
pub fn game_from_position(pos: &Chess, event: Option<&str>, moves: &[String]) -> String {
    let mut roster: [Option<String>; 7] = Default::default();
    roster[0] = event.map(str::to_owned);
    let others = vec![
        ("SetUp".to_owned(), "1".to_owned()),
        ("FEN".to_owned(), fen_of(pos)),
    ];
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
    w.word("*");
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
    let side = |c: Color| if c == Color::White { "White" } else { "Black" };
    let mut board_match = Vec::new();
    for m in from.legal_moves() {
        let mut after = from.clone();
        after.play_unchecked(m);
        if same_position(&after, to) {
            let san = San::from_move(from, m);
            let mut pos = from.clone();
            return Ok((m, play_san(&mut pos, m, san)));
        }
        if after.board() == to.board() && after.turn() == to.turn() {
            board_match.push((m, after));
        }
    }
    if let Some((m, after)) = board_match.first() {
        let san = San::from_move(from, *m);
        let castles = |p: &Chess| {
            let fen = fen_of(p);
            fen.split(' ').nth(2).unwrap_or("-").to_owned()
        };
        let ep = |p: &Chess| {
            p.ep_square(EnPassantMode::Legal)
                .map_or("-".to_owned(), |s| s.to_string())
        };
        if castles(after) != castles(to) {
            return Err(format!(
                "{san} gives this board, but the castling rights differ: after it they are {}, the next line has {}",
                castles(after),
                castles(to)
            ));
        }
        return Err(format!(
            "{san} gives this board, but the en passant square differs: after it it is {}, the next line has {}",
            ep(after),
            ep(to)
        ));
    }
    if from.board() == to.board() {
        return Err(if from.turn() == to.turn() {
            "the position is repeated (same board, same side to move)".to_owned()
        } else {
            "the board is the same but the side to move changed: the side to move is wrong, or a null move".to_owned()
        });
    }
    if from.turn() == to.turn() {
        // Two plies apart?
        for m1 in from.legal_moves() {
            let mut mid = from.clone();
            mid.play_unchecked(m1);
            for m2 in mid.legal_moves() {
                let mut after = mid.clone();
                after.play_unchecked(m2);
                if after.board() == to.board() {
                    return Err(format!(
                        "the positions are two plies apart ({} {}): a position is missing between them",
                        San::from_move(from, m1),
                        San::from_move(&mid, m2)
                    ));
                }
            }
        }
        // A move of the side to move, with the side to move of the next line wrong?
        for m in from.legal_moves() {
            let mut after = from.clone();
            after.play_unchecked(m);
            if after.board() == to.board() {
                return Err(format!(
                    "{} to move in both lines: after {} the next line should have {} to move",
                    side(from.turn()),
                    San::from_move(from, m),
                    side(!from.turn())
                ));
            }
        }
        return Err(format!(
            "{} to move in both lines, and the boards are more than two plies apart",
            side(from.turn())
        ));
    }
    // Is the side to move of this line wrong (a move of the other side gives the board)?
    let mut setup = from.to_setup(EnPassantMode::Legal);
    setup.turn = !setup.turn;
    setup.ep_square = None;
    if let Ok(flipped) = Chess::from_setup(setup, CastlingMode::Standard) {
        for m in flipped.legal_moves() {
            let mut after = flipped.clone();
            after.play_unchecked(m);
            if after.board() == to.board() {
                return Err(format!(
                    "the side to move is wrong: {} to move, but {} by {} gives the next board",
                    side(from.turn()),
                    San::from_move(&flipped, m),
                    side(flipped.turn())
                ));
            }
        }
    }
    let differ = shakmaty::Square::ALL
        .iter()
        .filter(|sq| from.board().piece_at(**sq) != to.board().piece_at(**sq))
        .count();
    Err(format!(
        "no legal move of {} gives the next board ({differ} squares differ): the positions are two or more moves apart",
        side(from.turn())
    ))
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
    fn epd_operations() {
        let (pos, id) = read_position_line(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"a;b\"; fmvn 7;",
        )
        .unwrap();
        assert_eq!(id.as_deref(), Some("a;b"));
        assert_eq!(pos.fullmoves().get(), 7);
        assert!(read_position_line("8/8/8/8 w - -").is_err());
    }

    #[test]
    fn sequence_moves() {
        let start = Chess::default();
        let (after, _) =
            read_position_line("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
                .unwrap();
        let (_, san) = connecting_move(&start, &after).unwrap();
        assert_eq!(san.to_string(), "e4");
        let err = connecting_move(&start, &start).unwrap_err();
        assert!(err.contains("repeated"), "{err}");
    }
}
