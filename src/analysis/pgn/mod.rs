//! Writing PGN (issue 4): clean export format out of games as written, and games out of FEN/EPD
//! positions (one game per position, or one game from a sequence of positions).
//!
//! Everything here works on one game (or one list of positions) at a time and returns text; the
//! caller does the I/O. The export is a visitor of the one game walk ([`Exporter`]).
//!
//! Export rules (PGN standard 1994, export format): the Seven Tag Roster first in its order
//! (missing tags filled with `?`, `????.??.??` or `*`), then the other tags in their order (a
//! repeated tag name keeps its first value); SAN computed on the position (`O-O`, `e8=Q`, `+`/`#`,
//! minimal disambiguation); move numbers regenerated (`12...` for a black move that follows a
//! comment, a NAG or a variation, or that starts a variation); comments with their whitespace
//! collapsed to single spaces (`;` comments become `{}` comments); NAGs as `$n`; lines of at most
//! 80 characters (a single word longer than that stands alone on its line).

use crate::analysis::walk::{GameText, walk};
use crate::model::Finding;

mod export;
mod positions;
mod write;

pub use export::Exporter;
pub use positions::{connecting_move, fen_of, game_from_position};
pub use write::{MAX_LINE, glyph_nag};

/// What the export keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    /// Keep comments (and glyphs that have no NAG, which are written as comments).
    pub comments: bool,
    /// Keep variations.
    pub variations: bool,
    /// Keep NAGs (and glyphs such as `!` or `?!`, written as NAGs).
    pub nags: bool,
}

impl Default for ExportOptions {
    fn default() -> ExportOptions {
        ExportOptions {
            comments: true,
            variations: true,
            nags: true,
        }
    }
}

/// A game rewritten in export format.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Exported {
    /// The game: tag section, blank line, movetext, blank line.
    pub text: String,
    /// Problems met (illegal moves, unreadable tokens, bad start positions), as findings with
    /// the codes of `arbiter check`; each message also says what the export did about it.
    pub problems: Vec<Finding>,
    /// The Event, White and Black tags (for the reports).
    pub event: Option<String>,
    /// The White tag.
    pub white: Option<String>,
    /// The Black tag.
    pub black: Option<String>,
    /// Main-line moves exported.
    pub plies: u32,
    /// The main line was cut at an illegal move (its termination marker is then `*`).
    pub truncated: bool,
}

/// Rewrites one game (its bytes as split by the engine) in export format; `line` and `col` are
/// the 1-based line and column of its first byte in its file, for the problems reported.
pub fn export_game(bytes: &[u8], line: u64, col: u64, options: &ExportOptions) -> Exported {
    let text = GameText {
        bytes,
        index: 0,
        offset: 0,
        line,
        col,
    };
    walk(text, &mut Exporter::new(options))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn export_fills_the_roster_and_numbers_moves() {
        let out = export_game(
            b"[White \"A\"]\n\n1. e4 {c} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n",
            1,
            1,
            &ExportOptions::default(),
        );
        assert!(out.problems.is_empty());
        assert_eq!(
            out.text,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n\
             [Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 {c} 1... e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
        );
    }
}
