//! The game's result, one rule for every reader (issue 33 item 6): the result a game records
//! ([`recorded`]: its main line's termination marker, else its Result tag, each read as the
//! standard marker it stands for), and the result its final position decides ([`decided`]:
//! checkmate, FIDE Laws art. 5.1.1; stalemate, art. 5.2.1). `check` compares the two
//! (`result/contradicts-position`, `result/unrecorded`), `audit` starts from the same two and
//! adds the rules of the Laws by date (dead positions, automatic draws, timeouts).
//!
//! This module must not import `engine`, `report` or `commands`.

use shakmaty::{Chess, Color, Position};

use super::lexer::Token;
use super::tags::Tags;

/// What a game records as its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded<'g> {
    /// The standard marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub marker: &'static str,
    /// The bytes as written (the marker token, or the Result tag's pair).
    pub written: &'g [u8],
    /// Offset of `written` in the game's bytes.
    pub offset: usize,
}

/// The result `tags` and the main line's termination marker `marker` record: the marker when
/// there is one, else the Result tag, when it is one of the four markers or a form that stands
/// for one (`1/2`, `½-½`, `1–0`: [`crate::bytes::termination_marker`]); `None` otherwise.
pub fn recorded<'g>(marker: Option<&Token<'g>>, tags: &Tags<'g>) -> Option<Recorded<'g>> {
    if let Some(token) = marker
        && let Some(standard) = crate::bytes::termination_marker(token.text)
    {
        return Some(Recorded {
            marker: as_str(standard),
            written: token.text,
            offset: token.start,
        });
    }
    let tag = tags.get("Result")?;
    let standard = crate::bytes::termination_marker(tag.raw)?;
    Some(Recorded {
        marker: as_str(standard),
        written: tag.text,
        offset: tag.start,
    })
}

fn as_str(marker: &'static [u8]) -> &'static str {
    match marker {
        b"1-0" => "1-0",
        b"0-1" => "0-1",
        b"1/2-1/2" => "1/2-1/2",
        _ => "*",
    }
}

/// How a final position ends the game by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    /// The side to move is checkmated (FIDE Laws art. 5.1.1): `winner` won.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move is stalemated (art. 5.2.1): a draw.
    Stalemate,
}

impl Decided {
    /// The result it gives: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self {
            Decided::Checkmate {
                winner: Color::White,
            } => "1-0",
            Decided::Checkmate {
                winner: Color::Black,
            } => "0-1",
            Decided::Stalemate => "1/2-1/2",
        }
    }
}

/// The end `pos` decides, if any: checkmate or stalemate (art. 5.1.1, 5.2.1). A king with a
/// safe square is neither, so most positions are answered without generating every move.
pub fn decided(pos: &Chess) -> Option<Decided> {
    if super::resolve::king_can_move(pos) {
        return None;
    }
    if !pos.legal_moves().is_empty() {
        return None;
    }
    Some(match pos.is_check() {
        true => Decided::Checkmate {
            winner: !pos.turn(),
        },
        false => Decided::Stalemate,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap()
    }

    fn tags(result: &'static [u8]) -> Tags<'static> {
        Tags {
            pairs: vec![super::super::tags::TagPair {
                name: b"Result",
                raw: result,
                start: 0,
                text: b"[Result ...]",
            }],
        }
    }

    #[test]
    fn the_marker_else_the_tag_as_the_marker_it_stands_for() {
        let marker = Token {
            kind: super::super::lexer::TokenKind::Result,
            start: 40,
            text: b"0-1",
        };
        let r = recorded(Some(&marker), &tags(b"1-0")).unwrap();
        assert_eq!((r.marker, r.offset), ("0-1", 40));
        assert_eq!(recorded(None, &tags(b"1/2")).unwrap().marker, "1/2-1/2");
        assert_eq!(
            recorded(None, &tags("1\u{2013}0".as_bytes()))
                .unwrap()
                .marker,
            "1-0"
        );
        assert_eq!(recorded(None, &tags(b"*")).unwrap().marker, "*");
        assert_eq!(recorded(None, &tags(b"won")), None);
        assert_eq!(recorded(None, &Tags::default()), None);
    }

    #[test]
    fn checkmate_and_stalemate_decide() {
        // Fool's mate: White is checkmated.
        let mate = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert_eq!(
            decided(&mate),
            Some(Decided::Checkmate {
                winner: Color::Black
            })
        );
        assert_eq!(decided(&mate).unwrap().result(), "0-1");
        let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(decided(&stalemate), Some(Decided::Stalemate));
        assert_eq!(decided(&Chess::default()), None);
        // In check, but a move out of it.
        assert_eq!(decided(&pos("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")), None);
    }
}
