//! Problems with a game's structure that the walk finds, whoever visits the game: their kinds,
//! codes and the one wording of each. Most are errors; a few report text read as it was meant
//! but not written as the standard says (their code's severity, [`ProblemKind::severity`]).

use super::super::lexer::Token;
use super::super::tags::decode_bounded;
use super::MAX_VARIATION_DEPTH;
use crate::model::{Code, Severity};

/// `syntax/unknown-token`.
pub const UNKNOWN_TOKEN: Code = Code::SyntaxUnknownToken;

/// A problem with the structure of the movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// A token that is not a move, move number, NAG, glyph, comment, variation bracket or
    /// result (also a tag pair in the movetext, and a word that is no move in a line already
    /// stopped).
    UnknownToken,
    /// A `{` comment without its `}`: the rest of the game is lost.
    UnterminatedComment,
    /// A `(` variation without its `)`.
    UnterminatedVariation,
    /// A `)` with no open variation.
    UnmatchedClose,
    /// A variation that does not follow a move.
    VariationWithoutMove,
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`] (not replayed).
    VariationTooDeep,
    /// A game-termination marker inside a variation.
    ResultInVariation,
    /// Movetext after the game-termination marker.
    TextAfterResult,
    /// No game-termination marker at the end of the movetext.
    MissingResult,
    /// A tag section with a valid Result tag and no movetext at all, not even the marker: how
    /// lichess broadcasts export games given by their tags (tiebreak fixtures, rounds not yet
    /// played). Read as a game of no moves with the Result tag's result (a warning).
    TagsOnly,
    /// A termination marker written as a form that stands for one (`½-½`, `1/2`, `1–0`): read
    /// as the marker it stands for (a warning).
    NonstandardResult,
    /// The game's first tag pair stands on the line of the previous game's termination marker
    /// (a warning).
    GluedGame,
    /// The game's first line directly follows the previous game's last line, with no blank line
    /// between (a warning).
    NoBlankLine,
    /// Byte order marks that are not the input's first bytes, read as whitespace (a warning;
    /// one problem for all of the game's, at the first).
    ByteOrderMark,
    /// No-break spaces (U+00A0) read as spaces (a warning; one problem for all of the game's,
    /// at the first).
    NoBreakSpace,
}

impl ProblemKind {
    /// The stable code.
    pub fn code(self) -> Code {
        match self {
            ProblemKind::UnknownToken => UNKNOWN_TOKEN,
            ProblemKind::UnterminatedComment => Code::SyntaxUnterminatedComment,
            ProblemKind::UnterminatedVariation => Code::SyntaxUnterminatedVariation,
            ProblemKind::UnmatchedClose => Code::SyntaxUnmatchedClose,
            ProblemKind::VariationWithoutMove => Code::SyntaxVariationWithoutMove,
            ProblemKind::VariationTooDeep => Code::SyntaxVariationTooDeep,
            ProblemKind::ResultInVariation => Code::SyntaxResultInVariation,
            ProblemKind::TextAfterResult => Code::SyntaxTextAfterResult,
            ProblemKind::MissingResult => Code::SyntaxMissingResult,
            ProblemKind::TagsOnly => Code::SyntaxTagsOnly,
            ProblemKind::NonstandardResult => Code::SyntaxNonstandardResult,
            ProblemKind::GluedGame => Code::SyntaxGluedGame,
            ProblemKind::NoBlankLine => Code::SyntaxNoBlankLine,
            ProblemKind::ByteOrderMark => Code::EncodingBom,
            ProblemKind::NoBreakSpace => Code::EncodingNoBreakSpace,
        }
    }

    /// How serious it is: its code's severity.
    pub fn severity(self) -> Severity {
        self.code().severity()
    }
}

/// One structural problem, where it stands.
#[derive(Clone, Copy, Debug)]
pub struct Problem<'g> {
    /// What is wrong.
    pub kind: ProblemKind,
    /// Offset of the offending token in the game (for a missing result: just after the last
    /// token).
    pub at: usize,
    /// The offending token as written, if there is one.
    pub text: Option<&'g [u8]>,
    /// Nesting depth of the line it stands in (0 = main line).
    pub depth: usize,
    /// For an unterminated variation: how many are still open at the end of the game.
    pub open_variations: u64,
    /// For a missing result: some movetext was read.
    pub saw_movetext: bool,
    /// For byte order marks and no-break spaces: how many the game has.
    pub count: u64,
}

impl<'g> Problem<'g> {
    /// A problem about `token`, in the line at `depth`.
    pub fn at(kind: ProblemKind, token: Token<'g>, depth: usize) -> Problem<'g> {
        Problem::offset(kind, token.start, Some(token.text), depth)
    }

    /// A problem at `at`.
    pub fn offset(
        kind: ProblemKind,
        at: usize,
        text: Option<&'g [u8]>,
        depth: usize,
    ) -> Problem<'g> {
        Problem {
            kind,
            at,
            text,
            depth,
            open_variations: 0,
            saw_movetext: false,
            count: 0,
        }
    }

    /// What a person needs to read about it.
    pub fn message(&self) -> String {
        match self.kind {
            ProblemKind::UnknownToken => unknown_token_message(self.text.unwrap_or_default()),
            ProblemKind::UnterminatedComment => {
                "comment opened with '{' is never closed; the rest of the game is lost".to_owned()
            }
            ProblemKind::UnterminatedVariation => format!(
                "variation opened with '(' is never closed ({} still open at the end of the game)",
                self.open_variations
            ),
            ProblemKind::UnmatchedClose => "')' closes no variation".to_owned(),
            ProblemKind::VariationWithoutMove => {
                "a variation must follow the move it replaces".to_owned()
            }
            ProblemKind::VariationTooDeep => {
                format!("variations nested more than {MAX_VARIATION_DEPTH} deep are not checked")
            }
            ProblemKind::ResultInVariation => {
                "game-termination marker inside a variation".to_owned()
            }
            ProblemKind::TextAfterResult => "text after the game-termination marker".to_owned(),
            ProblemKind::MissingResult if self.saw_movetext => {
                "missing game-termination marker (1-0, 0-1, 1/2-1/2 or *) at the end of the game"
                    .to_owned()
            }
            ProblemKind::MissingResult => {
                "the game has no movetext and no game-termination marker (1-0, 0-1, 1/2-1/2 or *)"
                    .to_owned()
            }
            ProblemKind::TagsOnly => "a tag section with no movetext and no game-termination \
                marker (as lichess broadcasts export games given by their tags): read as a game of \
                no moves with the Result tag's result"
                .to_owned(),
            ProblemKind::NonstandardResult => {
                let written = self.text.unwrap_or_default();
                let standard = crate::bytes::termination_marker(written).unwrap_or(b"*");
                format!(
                    "'{}' is not a game-termination marker of the PGN standard: read as {}",
                    decode_bounded(written, 80),
                    decode_bounded(standard, 80)
                )
            }
            ProblemKind::GluedGame => "this game's first tag pair stands on the line of the \
                previous game's termination marker (a missing line break: files joined without a \
                final newline?); read as a new game"
                .to_owned(),
            ProblemKind::NoBlankLine => "no blank line between the previous game and this one's \
                tag section (chess.com exports write none; the PGN standard wants one): read as \
                a new game"
                .to_owned(),
            ProblemKind::ByteOrderMark => format!(
                "{}: read as whitespace (files joined with `cat`, or an editor's mark after \
                 blank lines?)",
                match self.count {
                    1 => "a byte order mark (U+FEFF) that is not at the start of the input"
                        .to_owned(),
                    n => format!(
                        "{n} byte order marks (U+FEFF) that are not at the start of the input, the first here"
                    ),
                }
            ),
            ProblemKind::NoBreakSpace => match self.count {
                1 => "a no-break space (U+00A0) between tokens: read as a space".to_owned(),
                n => format!(
                    "{n} no-break spaces (U+00A0) between tokens, the first here: read as spaces"
                ),
            },
        }
    }
}

/// The message of a `syntax/unknown-token` error, with a hint for the common cases.
pub fn unknown_token_message(token: &[u8]) -> String {
    let text = decode_bounded(token, 80);
    let hint = match token {
        // (`1/2`, `½-½`, `0.5-0.5` are read as the marker for a draw: `NonstandardResult`.)
        b"+-" | b"-+" | b"=" => ": write evaluations as NAGs",
        b"}" => ": a '}' with no opening '{'",
        t if t.starts_with(b"[") => ": a tag pair cannot stand in the movetext",
        t if foreign_piece_letter(t) => {
            ": a piece letter of another language? PGN writes pieces in English letters (N, B, \
             R, Q, K; standard 8.2.3), where German writes S, L, T, D"
        }
        _ => "",
    };
    format!("'{text}' is not a move, move number, NAG, comment, variation or result{hint}")
}

/// Whether `token` is shaped like a move with a German (or Dutch) piece letter: `S`, `L`, `T`
/// or `D`, then the squares of a move (`Sf3`, `Lxb5+`, `Tae1`, `Dd8#`), or a pawn move promoting
/// to one (`bxa8=D`, `e8=S+`).
fn foreign_piece_letter(token: &[u8]) -> bool {
    let t = token
        .iter()
        .rposition(|b| !matches!(b, b'+' | b'#' | b'!' | b'?'))
        .map_or(&token[..0], |end| &token[..=end]);
    if let [pawn @ .., b'=', b'S' | b'L' | b'T' | b'D'] = t {
        return matches!(
            pawn,
            [b'a'..=b'h', b'1' | b'8'] | [b'a'..=b'h', b'x', b'a'..=b'h', b'1' | b'8']
        );
    }
    match t {
        [b'S' | b'L' | b'T' | b'D', rest @ ..] if (2..=5).contains(&rest.len()) => {
            let [.., file, rank] = rest else {
                return false;
            };
            (b'a'..=b'h').contains(file)
                && (b'1'..=b'8').contains(rank)
                && rest
                    .iter()
                    .all(|b| matches!(b, b'a'..=b'h' | b'1'..=b'8' | b'x' | b':'))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_piece_letters_get_a_hint_other_words_do_not() {
        for t in [
            "Sf3", "Lxb5+", "Tae1", "Dd8#", "Sbd7", "Tf1xf7", "Lb5!?", "bxa8=D", "e8=S+", "h1=T",
        ] {
            assert!(foreign_piece_letter(t.as_bytes()), "{t}");
            assert!(unknown_token_message(t.as_bytes()).contains("English letters"));
        }
        // A rook, a word, a square alone, a bad square, a long word: no hint.
        for t in [
            "Rf3", "Sieg", "S", "Sf9", "Si3", "Dxxxxxd4", "D1", "e8=Q", "e5=D", "bxa8=K",
        ] {
            assert!(!foreign_piece_letter(t.as_bytes()), "{t}");
        }
    }
}
