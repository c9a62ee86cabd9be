//! One finding or verdict as an `<article>` of the page: the text output's line, the game's
//! header, the moves up to the point, the diagram and what else the record says.

use std::fmt::Write as _;

use shakmaty::Square;

use super::super::board::scene::{Shown, scene};
use super::super::board::{Defs, Diagram};
use super::escape;
use crate::model::{Code, GameContext, GameInfo, Severity};

/// What the page shows of one finding or verdict.
#[derive(Debug)]
pub struct Item<'a> {
    /// Its code.
    pub code: Code,
    /// Its severity.
    pub severity: Severity,
    /// The line the text output writes for it (sanitised, no colour).
    pub line: &'a str,
    /// The input file's name (as given).
    pub file: &'a str,
    /// The game.
    pub info: &'a GameInfo,
    /// The FEN of the position drawn, if any.
    pub fen: Option<&'a str>,
    /// The move drawn on it.
    pub shown: Shown<'a>,
    /// Main-line plies played before the position drawn, when it stands on the main line.
    pub plies_before: Option<u32>,
    /// More facts, as (name, text) pairs (the text from the input is escaped when written).
    pub facts: Vec<(&'static str, String)>,
}

/// The context's SAN of the first `plies` moves, numbered as they stand in the game (the
/// numbering is counted back from `fen`, the position after them: its fullmove number and side
/// to move), e.g. `1. e4 e5 2. Nf3` or `23... Kg8 24. Qh5`.
pub fn numbered_moves(context: &GameContext, plies: u32, fen: &str) -> String {
    let mut fields = fen.split_ascii_whitespace();
    let black = fields.nth(1) == Some("b");
    let fullmoves: u64 = fields.nth(3).and_then(|n| n.parse().ok()).unwrap_or(1);
    let reached = 2 * fullmoves.saturating_sub(1) + u64::from(black);
    let sans: Vec<&str> = context.sans.split(' ').take(plies as usize).collect();
    let first = reached.saturating_sub(sans.len() as u64);
    let mut out = String::new();
    for (index, san) in (first..).zip(sans.iter()) {
        if !out.is_empty() {
            out.push(' ');
        }
        if index.is_multiple_of(2) {
            let _ = write!(out, "{}. ", index / 2 + 1);
        } else if index == first {
            let _ = write!(out, "{}... ", index / 2 + 1);
        }
        out.push_str(san);
    }
    out
}

/// The squares of the main line's move at 1-based `ply`, if recorded.
fn move_squares(context: &GameContext, ply: u32) -> Option<(Square, Square)> {
    let [from, to] = *context.squares.get((ply as usize).checked_sub(1)?)?;
    let square = |i: u8| Square::try_from(u32::from(i)).ok();
    Some((square(from)?, square(to)?))
}

/// The page's id of a code's group, `code-illegal-move-pinned` (codes are made of lower-case
/// letters, digits, `-` and `/`).
pub fn code_anchor(code: Code) -> String {
    format!("code-{}", code.as_str().replace('/', "-"))
}

impl Item<'_> {
    /// Appends the article to `out`, with its diagram when `board` (else a note that boards
    /// stopped at `--html-max-boards`, when there would have been one); `id` is its anchor.
    /// Returns whether a diagram was drawn.
    pub fn write(&self, out: &mut String, id: u64, board: bool) -> bool {
        let severity = self.severity.as_str();
        let _ = write!(
            out,
            r#"<article class="item {severity}" id="item-{id}"><p class="line"><code>{}</code></p><div class="body">"#,
            escape(self.line)
        );
        let context = self.info.context.as_deref();
        let diagram = match (board, self.fen) {
            (true, Some(fen)) => {
                let last = match (context, self.plies_before) {
                    (Some(c), Some(plies)) => move_squares(c, plies),
                    _ => None,
                };
                scene(fen, self.shown, last)
            }
            _ => None,
        };
        if let (Some(d), Some(fen)) = (&diagram, self.fen) {
            write_diagram(out, d, fen);
        }
        out.push_str(r#"<div class="facts">"#);
        self.write_header(out, context);
        if let (Some(c), Some(plies), Some(fen)) = (context, self.plies_before, self.fen) {
            let moves = numbered_moves(c, plies, fen);
            let moves = if moves.is_empty() {
                "(the start position)".to_owned()
            } else {
                moves
            };
            let _ = write!(out, r#"<p class="moves">{}</p>"#, escape(&moves));
        }
        out.push_str("<dl>");
        for (name, text) in &self.facts {
            let _ = write!(out, "<dt>{name}</dt><dd>{}</dd>", escape(text));
        }
        if let Some(fen) = self.fen {
            let _ = write!(
                out,
                r#"<dt>FEN</dt><dd><code class="fen">{}</code></dd>"#,
                escape(fen)
            );
        }
        out.push_str("</dl>");
        if self.fen.is_some() && diagram.is_none() && !board {
            out.push_str(
                r#"<p class="noboard">No board: past the limit of --html-max-boards.</p>"#,
            );
        }
        out.push_str("</div></div></article>\n");
        diagram.is_some()
    }

    /// The game's header: Event, Round, Date, White – Black, Result, the game's place.
    fn write_header(&self, out: &mut String, context: Option<&GameContext>) {
        let info = self.info;
        let text = |v: Option<&str>| escape(v.unwrap_or("?")).into_owned();
        out.push_str(r#"<p class="game">"#);
        let _ = write!(
            out,
            r#"<span class="players">{} – {}</span> "#,
            text(info.white.as_deref()),
            text(info.black.as_deref())
        );
        let result = context
            .and_then(|c| c.result.as_deref())
            .or(info.result.as_deref());
        let _ = write!(out, r#"<span class="result">{}</span><br>"#, text(result));
        let _ = write!(out, "{}", text(info.event.as_deref()));
        if let Some(round) = context.and_then(|c| c.round.as_deref()) {
            let _ = write!(out, ", round {}", escape(round));
        }
        if let Some(date) = context.and_then(|c| c.date.as_deref()) {
            let _ = write!(out, ", {}", escape(date));
        }
        let _ = write!(
            out,
            r#"<br><span class="place">game {} at {}:{}</span></p>"#,
            info.index,
            escape(self.file),
            info.line
        );
    }
}

/// The diagram, its accessible name the FEN.
fn write_diagram(out: &mut String, diagram: &Diagram, fen: &str) {
    diagram.write_svg(out, Defs::Shared, &format!("Position {fen}"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context(sans: &str) -> GameContext {
        GameContext {
            sans: sans.to_owned(),
            squares: vec![[12, 28], [52, 36]],
            ..GameContext::default()
        }
    }

    #[test]
    fn moves_are_numbered_from_the_position_reached() {
        let c = context("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
        let after_two = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(numbered_moves(&c, 2, after_two), "1. e4 e5");
        let after_one = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(numbered_moves(&c, 1, after_one), "1. e4");
        assert_eq!(numbered_moves(&c, 0, after_one), "");
        // A game from a FEN with Black to move at move 23: two plies reach move 24, Black.
        let later = "8/8/8/8/8/8/8/K6k b - - 0 24";
        assert_eq!(numbered_moves(&c, 2, later), "23... e4 24. e5");
        assert_eq!(move_squares(&c, 1), Some((Square::E2, Square::E4)));
        assert_eq!(move_squares(&c, 0), None);
        assert_eq!(move_squares(&c, 3), None);
    }

    #[test]
    fn tags_and_names_are_escaped() {
        let info = GameInfo {
            index: 2,
            line: 7,
            white: Some("<script>alert(1)</script>".to_owned()),
            black: Some("\"><img onerror=x>".to_owned()),
            event: Some("</svg>".to_owned()),
            context: Some(Box::new(context("e4"))),
            ..GameInfo::default()
        };
        let item = Item {
            code: Code::SyntaxMissingResult,
            severity: Severity::Error,
            line: "a<b>.pgn:7:1: error[syntax/missing-result]: <x>",
            file: "a<b>.pgn",
            info: &info,
            fen: Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
            shown: Shown::Nothing,
            plies_before: Some(1),
            facts: vec![("Rule", "<rule>".to_owned())],
        };
        let mut out = String::new();
        assert!(item.write(&mut out, 1, true));
        for bad in ["<script", "<img", "</svg></p", "<b>", "<x>", "<rule>"] {
            assert!(!out.contains(bad), "{bad} in {out}");
        }
        assert!(out.contains("&lt;script&gt;") && out.contains("1. e4"));
        // The last move e2-e4 is highlighted.
        assert_eq!(out.matches(r#"class="last""#).count(), 2);
        let mut plain = String::new();
        assert!(!item.write(&mut plain, 2, false));
        assert!(plain.contains("--html-max-boards") && !plain.contains("<svg"));
    }
}
