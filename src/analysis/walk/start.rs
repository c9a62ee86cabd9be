//! The start position of a game, one rule for every subcommand: the Variant tag decides the
//! rules (standard chess, Chess960, or a variant that is not replayed), the FEN tag the
//! position (with or without `SetUp "1"`: a FEN tag is used whenever it is there), read by the
//! one FEN reader ([`read_fen`]) under the game's castling rules: a standard game is never read
//! with Chess960 castling. Where the FEN has a fault with one obvious repair (a castling right
//! the position cannot have...), the game starts from the repaired position and the fault comes
//! with it.

use shakmaty::Chess;

use super::super::fen::{CastlingRules, FenProblem, read_fen};
use super::super::tags::{self, TagPair, Tags, Variant};

/// How a game starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// From this position (the standard one, a Chess960 array, or the FEN tag's effective
    /// position).
    Position {
        /// The position.
        pos: Chess,
        /// The FEN tag's problems (warnings: the position is the tag's, repaired where a
        /// problem says so); empty without a FEN tag.
        fen: Vec<FenProblem>,
    },
    /// The FEN tag gives no usable position: nothing can be replayed.
    BadFen {
        /// The error, in the field's terms.
        problem: FenProblem,
    },
    /// A variant arbiter does not replay (Crazyhouse, Atomic...).
    Unsupported {
        /// The Variant tag, decoded and cut to 200 characters.
        variant: String,
    },
}

/// The start of the game whose tags are `tags` and whose Variant tag says `variant`.
pub fn start(tags: &Tags<'_>, variant: &Variant) -> Start {
    if let Variant::Other(name) = variant {
        return Start::Unsupported {
            variant: tags::decode_bounded(name.as_bytes(), super::super::text::MAX_TAG_CHARS),
        };
    }
    let Some(fen) = tags.get("FEN") else {
        return Start::Position {
            pos: tags::standard_start(variant),
            fen: Vec::new(),
        };
    };
    let rules = match variant {
        Variant::Chess960 => CastlingRules::Chess960,
        _ => CastlingRules::Standard,
    };
    let mut read = read_fen(&tags::decode(&tags::unescape(fen.raw)), rules);
    match read.position {
        Some(pos) => Start::Position {
            pos,
            fen: read.problems,
        },
        None => {
            let at = read
                .problems
                .iter()
                .position(|p| p.severity == crate::model::Severity::Error)
                .unwrap_or(0);
            Start::BadFen {
                problem: read.problems.swap_remove(at),
            }
        }
    }
}

/// Where a problem of the FEN tag `tag` stands in the game: the byte offset of the field at
/// fault and its bytes, or the tag pair's when the value is not plain ASCII without escapes
/// (the field's place in the text is then not the one in the value read).
pub fn fen_problem_at<'g>(tag: &TagPair<'g>, problem: &FenProblem) -> (usize, &'g [u8]) {
    let whole = (tag.start, tag.text);
    if !tag.raw.is_ascii() || tag.raw.contains(&b'\\') {
        return whole;
    }
    let Some(field) = problem.token.as_deref() else {
        return whole;
    };
    let Some(value_at) = (tag.raw.as_ptr() as usize)
        .checked_sub(tag.text.as_ptr() as usize)
        .filter(|at| at + tag.raw.len() <= tag.text.len())
    else {
        return whole;
    };
    match tag.raw.get(problem.offset..problem.offset + field.len()) {
        Some(bytes) if bytes == field.as_bytes() => (tag.start + value_at + problem.offset, bytes),
        _ => whole,
    }
}
