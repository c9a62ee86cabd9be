//! The main line of a game as the HTML report shows it ([`GameContext`]): its moves in standard
//! SAN and their squares, recorded as the walk plays them, and the tags the report's header
//! gives besides Event, White and Black. A visitor that reports findings or verdicts keeps one
//! [`MainLine`] when asked to (`--format html`), and hands it over for a game with something
//! to show.

use std::fmt::Write as _;

use shakmaty::san::SanPlus;
use shakmaty::{CastlingSide, Move, Position};

use super::fen::check_suffix;
use super::tags::Tags;
use super::text::{MAX_TAG_CHARS, truncate};
use super::walk::Played;
use crate::model::GameContext;

/// The main line recorded so far: each move's SAN and squares, written out as text only for a
/// game that has something to show ([`MainLine::finish`]).
#[derive(Clone, Debug, Default)]
pub struct MainLine {
    moves: Vec<(SanPlus, [u8; 2])>,
}

impl MainLine {
    /// Records a move of the main line (moves in variations are not recorded).
    #[inline]
    pub fn played(&mut self, m: &Played<'_, '_>) {
        if m.depth > 0 {
            return;
        }
        let san = SanPlus {
            san: m.resolved.san,
            suffix: check_suffix(m.mark),
        };
        let squares = squares(m.after.turn().other(), m.resolved.m);
        self.moves.push((san, squares));
    }

    /// The context of the game: the moves recorded, and the Round, Date and Result tags of
    /// `tags` (decoded, cut to [`MAX_TAG_CHARS`]).
    pub fn finish(&mut self, tags: &Tags<'_>) -> Box<GameContext> {
        let value = |name: &str| tags.value(name).map(|v| truncate(v, MAX_TAG_CHARS));
        let mut sans = String::with_capacity(self.moves.len() * 6);
        for (san, _) in &self.moves {
            if !sans.is_empty() {
                sans.push(' ');
            }
            let _ = write!(sans, "{san}");
        }
        let squares = self.moves.iter().map(|(_, sq)| *sq).collect();
        self.moves.clear();
        Box::new(GameContext {
            round: value("Round"),
            date: value("Date"),
            result: value("Result"),
            sans,
            squares,
        })
    }
}

/// The squares a move goes from and to, 0 = a1 … 63 = h8; a castling move of `color` from the
/// king's square to the king's target.
fn squares(color: shakmaty::Color, m: Move) -> [u8; 2] {
    let to = match m {
        Move::Castle { king, rook } => CastlingSide::from_king_side(king < rook).king_to(color),
        _ => m.to(),
    };
    let from = m.from().unwrap_or(to);
    [u8::from(from), u8::from(to)]
}

#[cfg(test)]
mod tests {
    use crate::analysis::check::{CheckOptions, check_game};
    use crate::analysis::walk::GameText;

    /// The scholar's mate, with a result the position contradicts (a finding, so the context is
    /// kept): the SAN and the squares are those of the Laws' notation (FIDE Laws, appendix C).
    #[test]
    fn the_main_line_is_recorded_in_san_with_its_squares() {
        let pgn =
            b"[Event \"E\"]\n[Round \"3.1\"]\n[Date \"2024.01.02\"]\n[Result \"1/2-1/2\"]\n\n\
            1. e4 e5 2. Qh5 Nc6 (2... g6 3. Qf3) 3. Bc4 Nf6 4. Qxf7# 1/2-1/2\n";
        let options = CheckOptions {
            context: true,
            ..CheckOptions::default()
        };
        let report = check_game(GameText::of(pgn), options);
        assert!(!report.findings.is_empty());
        let context = report
            .info
            .context
            .expect("a game with findings has its context");
        assert_eq!(context.sans, "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
        assert_eq!(context.squares.len(), 7);
        // e2-e4, and h5xf7 (a1 = 0, h8 = 63).
        assert_eq!(context.squares[0], [12, 28]);
        assert_eq!(context.squares[6], [39, 53]);
        assert_eq!(context.round.as_deref(), Some("3.1"));
        assert_eq!(context.date.as_deref(), Some("2024.01.02"));
        assert_eq!(context.result.as_deref(), Some("1/2-1/2"));
        // Without the option, or without findings, there is none.
        let plain = check_game(GameText::of(pgn), CheckOptions::default());
        assert!(plain.info.context.is_none());
        let clean = b"[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n\
            [White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
        assert!(check_game(GameText::of(clean), options).findings.is_empty());
        assert!(
            check_game(GameText::of(clean), options)
                .info
                .context
                .is_none()
        );
    }

    #[test]
    fn castling_is_recorded_as_the_kings_move() {
        let pgn = b"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *";
        let options = CheckOptions {
            context: true,
            ..CheckOptions::default()
        };
        // The missing Seven Tag Roster gives findings.
        let report = check_game(GameText::of(pgn), options);
        let context = report.info.context.expect("findings");
        assert!(context.sans.ends_with("Bc5 O-O"), "{}", context.sans);
        // e1 (4) to g1 (6).
        assert_eq!(context.squares[6], [4, 6]);
    }
}
