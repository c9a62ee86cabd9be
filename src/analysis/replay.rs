//! Replaying the main line of one game: the start position, the moves, and how the game ends as
//! written (termination marker, Termination tag, final comment).
//!
//! It uses the same strict lexer, SAN reading and legality checks as `arbiter check`
//! ([`super::check`]), but keeps only what the draw rules need: the main line up to its first
//! illegal or unreadable move. Memory is proportional to the game's length.

use shakmaty::{Chess, Move, Position};

use super::lexer::{Lexer, TokenKind};
use super::notation::parse_move;
use super::resolve::{CastlingHistory, resolve};
use super::tags::{self, Variant};
use crate::model::GameInfo;

/// Why the replay of the main line stopped before its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    /// The ply of the move that could not be played (1-based).
    pub ply: u32,
    /// The finding code (`illegal-move/...` or `syntax/unknown-token`).
    pub code: &'static str,
    /// The token as written.
    pub token: String,
    /// Why the move could not be played.
    pub message: String,
}

/// The main line of a game as replayed.
#[derive(Clone, Debug)]
pub struct MainLine {
    /// Tags and place of the game; `info.plies` is the number of moves replayed.
    pub info: GameInfo,
    /// The start position (standard, Chess960 or FEN), `None` when the FEN tag is unusable.
    pub start: Option<Chess>,
    /// The variant name when the game is not standard chess or Chess960 (then nothing is
    /// replayed).
    pub unsupported_variant: Option<String>,
    /// The moves of the main line that were played, in order.
    pub moves: Vec<Move>,
    /// Why the replay stopped early, if it did.
    pub stop: Option<Stop>,
    /// The Result tag, if any.
    pub result_tag: Option<String>,
    /// The Termination tag, if any.
    pub termination: Option<String>,
    /// The last comment of the main line (after the last move), if any.
    pub final_comment: Option<String>,
}

impl MainLine {
    /// The recorded result: the termination marker, else the Result tag.
    pub fn recorded_result(&self) -> Option<&str> {
        self.info.result.as_deref().or(self.result_tag.as_deref())
    }
}

/// Replays the main line of a game (see [`super::check::check_game`] for the arguments).
pub fn replay_main_line(bytes: &[u8], index: u64, offset: u64, line: u64) -> MainLine {
    replay(bytes, index, offset, line, true)
}

/// [`replay_main_line`] without the game's Event, White and Black in [`MainLine::info`] (left
/// `None`): decoding them is work wasted on the games a report leaves out; [`set_names`] adds
/// them to the games reported.
pub fn replay_main_line_unnamed(bytes: &[u8], index: u64, offset: u64, line: u64) -> MainLine {
    replay(bytes, index, offset, line, false)
}

fn replay(bytes: &[u8], index: u64, offset: u64, line: u64, names: bool) -> MainLine {
    let mut lexer = Lexer::new(bytes);
    let (tag_list, first_movetext) = tags::read_tag_section(&mut lexer, |_| {});
    let content_start = tags::content_start(bytes);
    let game_line = line + count_lines(&bytes[..content_start]);
    let mut main = MainLine {
        info: GameInfo {
            index,
            offset: offset + content_start as u64,
            line: game_line,
            event: None,
            white: None,
            black: None,
            result: None,
            plies: 0,
        },
        start: None,
        unsupported_variant: None,
        // A ply takes at least three bytes of movetext (`e4 `); most games are under 128 plies.
        moves: Vec::with_capacity((bytes.len() / 3).min(128)),
        stop: None,
        result_tag: tag_list.value("Result"),
        termination: tag_list.value("Termination"),
        final_comment: None,
    };
    if names {
        names_from(&mut main.info, &tag_list);
    }
    let variant = tags::variant(tag_list.value("Variant").as_deref());
    if let Variant::Other(name) = &variant {
        main.unsupported_variant = Some(tags::decode_bounded(name.as_bytes(), 200));
        // Not replayed, but its termination marker is still the game's result.
        let mut depth = 0u32;
        for token in first_movetext.into_iter().chain(lexer) {
            match token.kind {
                TokenKind::Open => depth += 1,
                TokenKind::Close => depth = depth.saturating_sub(1),
                TokenKind::Result if depth == 0 => {
                    main.info.result = Some(tags::decode(token.text));
                }
                _ => {}
            }
        }
        return main;
    }
    main.start = match tag_list.get("FEN") {
        Some(fen) => tags::position_from_fen(&tags::unescape(fen.raw), &variant).ok(),
        None => Some(tags::standard_start(&variant)),
    };
    let mut pos = main.start.clone();
    // Explanations of lost castling rights are `check`'s business: audit keeps no history.
    let history = CastlingHistory::default();
    let mut depth = 0u32;
    let mut ply = 0u32;
    // The last comment after the last move, decoded once at the end.
    let mut final_comment: Option<&[u8]> = None;
    for token in first_movetext.into_iter().chain(lexer) {
        match token.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            TokenKind::Result => {
                main.info.result = Some(tags::decode(token.text));
                break;
            }
            TokenKind::Comment => {
                final_comment = Some(token.text[1..token.text.len() - 1].trim_ascii());
            }
            TokenKind::Move => {
                final_comment = None;
                ply += 1;
                let Some(current) = pos.as_mut() else {
                    continue;
                };
                let played = match parse_move(token.text) {
                    None => Err(("syntax/unknown-token", "not a move".to_owned())),
                    Some(parsed) => resolve(current, &parsed, &history)
                        .map(|r| r.m)
                        .map_err(|e| (e.code, e.message)),
                };
                match played {
                    Ok(m) => {
                        current.play_unchecked(m);
                        main.moves.push(m);
                    }
                    Err((code, message)) => {
                        main.stop = Some(Stop {
                            ply,
                            code,
                            token: tags::decode_bounded(token.text, 80),
                            message,
                        });
                        pos = None;
                    }
                }
            }
            _ => {}
        }
    }
    main.final_comment = final_comment.map(tags::decode);
    main.info.plies = main.moves.len() as u32;
    main
}

/// Line breaks (LF, CRLF or a lone CR) in `bytes`.
/// Sets Event, White and Black of `info` from the tag section of the game `bytes` (decoded, at
/// most 200 characters each).
pub fn set_names(info: &mut GameInfo, bytes: &[u8]) {
    let (tag_list, _) = tags::read_tag_section(&mut Lexer::new(bytes), |_| {});
    names_from(info, &tag_list);
}

fn names_from(info: &mut GameInfo, tag_list: &tags::Tags<'_>) {
    let name = |tag: &str| {
        tag_list
            .get(tag)
            .map(|t| tags::decode_bounded(&tags::unescape(t.raw), 200))
    };
    info.event = name("Event");
    info.white = name("White");
    info.black = name("Black");
}

pub(crate) fn count_lines(bytes: &[u8]) -> u64 {
    let mut n = 0;
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' || (*b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_line_skips_variations_and_stops_at_illegal_move() {
        let game = b"[Event \"x\"]\n[Termination \"repetition\"]\n\n1. e4 (1. d4 d5) e5 2. Nf3 {fine} Nc6 3. Ke3?? Nf6 {last} 1/2-1/2\n";
        let main = replay_main_line(game, 1, 0, 1);
        assert_eq!(main.moves.len(), 4);
        let stop = main.stop.expect("stopped");
        assert_eq!(stop.ply, 5);
        assert_eq!(stop.token, "Ke3??");
        assert_eq!(main.info.result.as_deref(), Some("1/2-1/2"));
        assert_eq!(main.termination.as_deref(), Some("repetition"));
        assert_eq!(main.final_comment.as_deref(), Some("last"));
        assert!(main.start.is_some());
    }
}
