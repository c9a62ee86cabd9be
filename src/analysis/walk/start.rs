//! The start position of a game, one rule for every subcommand: the Variant tag decides the
//! rules (standard chess, Chess960, or a variant that is not replayed), the FEN tag the
//! position (with or without `SetUp "1"`: a FEN tag is used whenever it is there).

use shakmaty::Chess;

use super::super::tags::{self, Tags, Variant};

/// Longest variant name kept for messages, in characters.
const MAX_NAME_CHARS: usize = 200;

/// How a game starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// From this position (the standard one, a Chess960 array, or the FEN tag's).
    Position(Chess),
    /// The FEN tag is not a usable position: nothing can be replayed.
    BadFen {
        /// Why, in the field's terms.
        why: String,
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
            variant: tags::decode_bounded(name.as_bytes(), MAX_NAME_CHARS),
        };
    }
    match tags.get("FEN") {
        Some(fen) => match tags::position_from_fen(&tags::unescape(fen.raw), variant) {
            Ok(pos) => Start::Position(pos),
            Err(why) => Start::BadFen { why },
        },
        None => Start::Position(tags::standard_start(variant)),
    }
}
