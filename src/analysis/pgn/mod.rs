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

mod edit;
mod export;
mod positions;
mod write;

pub use edit::{OtherTag, TagsEdit, decoded, text_of};
pub use export::{ExportBuffers, ExportOut, Exporter};
pub use positions::{connecting_move, fen_of, game_from_position};
pub use write::{MAX_LINE, glyph_nag, unprintable};

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
    /// The text grew past the limit given ([`export_game_within`]): it is not in `text` (the
    /// caller streams the game with [`export_game_streamed`] instead); or a streamed game's
    /// sink stopped.
    pub over_limit: bool,
}

/// Rewrites one game (its bytes as split by the engine) in export format; `line` and `col` are
/// the 1-based line and column of its first byte in its file, for the problems reported.
pub fn export_game(bytes: &[u8], line: u64, col: u64, options: &ExportOptions) -> Exported {
    export_game_within(bytes, line, col, options, usize::MAX)
}

/// [`export_game`], giving up when the text grows past `limit` bytes
/// ([`Exported::over_limit`]; the text is then empty), so that a caller holding many games'
/// texts at once can bound its memory and stream the large games instead.
pub fn export_game_within(
    bytes: &[u8],
    line: u64,
    col: u64,
    options: &ExportOptions,
    limit: usize,
) -> Exported {
    walk(
        game_text(bytes, line, col),
        &mut Exporter::with_out(options, ExportOut::Whole { limit }),
    )
}

/// [`export_game_within`], writing into `buffers` (the text becomes [`Exported::text`]; the
/// movetext's buffer is handed back in `buffers`, for the next game).
pub fn export_game_into(
    bytes: &[u8],
    line: u64,
    col: u64,
    options: &ExportOptions,
    limit: usize,
    buffers: &mut ExportBuffers,
) -> Exported {
    let taken = std::mem::take(buffers);
    let mut exporter = Exporter::with_buffers(options, ExportOut::Whole { limit }, taken);
    let exported = walk(game_text(bytes, line, col), &mut exporter);
    buffers.movetext = exporter.spare();
    exported
}

/// The first pass of a game exported in bounded memory ([`export_game_streamed`]): its
/// problems and what it will say, without its text.
#[derive(Clone, Debug)]
pub struct Measured {
    /// The export without its text.
    pub exported: Exported,
    /// The Seven Tag Roster as the export writes it (the Result tag depends on how the game
    /// ends, and the tags come first).
    roster: [Option<String>; 7],
}

/// The first pass of [`export_game_streamed`]: walks the game for its problems and final tag
/// values, dropping its text as it is made.
pub fn export_game_measured(
    bytes: &[u8],
    line: u64,
    col: u64,
    options: &ExportOptions,
) -> Measured {
    let mut exporter = Exporter::with_out(options, ExportOut::Measure);
    let exported = walk(game_text(bytes, line, col), &mut exporter);
    Measured {
        exported,
        roster: exporter.roster().clone(),
    }
}

/// [`export_game`] in bounded memory, after [`export_game_measured`]: the text goes to `sink`
/// in pieces of about a megabyte (the tag section first) and is not kept. `sink` returns false
/// to stop (the output cannot be written); the result is false then.
pub fn export_game_streamed(
    bytes: &[u8],
    line: u64,
    col: u64,
    options: &ExportOptions,
    measured: &Measured,
    sink: &mut dyn FnMut(&str) -> bool,
) -> bool {
    let out = ExportOut::Stream {
        roster: measured.roster.clone(),
        plies: measured.exported.plies,
        sink,
    };
    let streamed = walk(
        game_text(bytes, line, col),
        &mut Exporter::with_out(options, out),
    );
    !streamed.over_limit
}

/// The standard result a result written in another form stands for: the four markers as they
/// are, the forms the walk reads as a marker (`½-½`, `1/2`, `0.5-0.5`, Unicode dashes), and the
/// forms of some databases that are not read as a marker in movetext (`1:0`, `0:1`, `½:½`,
/// `1/2:1/2`, `+--`, `--+`). `None` for anything else.
pub fn result_form(text: &str) -> Option<&'static str> {
    if let Some(standard) = crate::bytes::termination_marker(text.as_bytes()) {
        // The table's markers are ASCII.
        return std::str::from_utf8(standard).ok().and_then(standard_result);
    }
    match text.trim() {
        "1:0" | "+--" | "1 - 0" => Some("1-0"),
        "0:1" | "--+" | "0 - 1" => Some("0-1"),
        "½:½" | "1/2:1/2" | "0.5:0.5" | "=-=" | "1/2 - 1/2" | "½" | "=" => Some("1/2-1/2"),
        _ => None,
    }
}

/// The `'static` form of a standard result (`1-0`, `0-1`, `1/2-1/2`, `*`); `None` for anything
/// else.
pub fn standard_result(text: &str) -> Option<&'static str> {
    ["1-0", "0-1", "1/2-1/2", "*"]
        .into_iter()
        .find(|r| *r == text)
}

/// The result a checkmate (art. 5.1.1) or a stalemate (art. 5.2.1) in `pos` gives.
pub fn decided_by_position(pos: &shakmaty::Chess) -> Option<&'static str> {
    use shakmaty::{Color, Position};
    if pos.is_checkmate() {
        Some(if pos.turn() == Color::Black {
            "1-0"
        } else {
            "0-1"
        })
    } else if pos.is_stalemate() {
        Some("1/2-1/2")
    } else {
        None
    }
}

fn game_text(bytes: &[u8], line: u64, col: u64) -> GameText<'_> {
    GameText {
        bytes,
        index: 0,
        offset: 0,
        line,
        col,
        joined: false,
    }
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
        let game = b"[White \"A\"]\n[X \"1\"]\n\n1. e4 {c} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n";
        let mut streamed = String::new();
        let options = ExportOptions::default();
        let measured = export_game_measured(game, 1, 1, &options);
        assert!(export_game_streamed(
            game,
            1,
            1,
            &options,
            &measured,
            &mut |t| {
                streamed.push_str(t);
                true
            }
        ));
        let whole = export_game(game, 1, 1, &options);
        assert_eq!(streamed, whole.text);
        assert_eq!(measured.exported.text, "");
        assert_eq!(measured.exported.problems, whole.problems);
        assert!(export_game_within(game, 1, 1, &options, 10).over_limit);
        // A FEN tag read with a repair (rights without their rooks dropped) is written as read,
        // also by the streamed export, whose tag section goes out before the moves.
        let game = b"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1\"]\n\n1. Kd2 Kd7 *\n";
        let measured = export_game_measured(game, 1, 1, &options);
        let mut streamed = String::new();
        let mut sink = |t: &str| {
            streamed.push_str(t);
            true
        };
        assert!(export_game_streamed(
            game, 1, 1, &options, &measured, &mut sink
        ));
        let whole = export_game(game, 1, 1, &options);
        assert!(
            whole
                .text
                .contains("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]"),
            "{}",
            whole.text
        );
        assert_eq!(streamed, whole.text);
        assert_eq!(
            out.text,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n\
             [Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 {c} 1... e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
        );
    }
}
