//! Stable codes of the findings of `arbiter check` (besides the illegal-move codes of
//! [`crate::analysis::resolve::code`]).

/// A token that is not a move, move number, NAG, glyph, comment, variation bracket or result.
pub const UNKNOWN_TOKEN: &str = "syntax/unknown-token";
/// A `{` comment without its `}`.
pub const UNTERMINATED_COMMENT: &str = "syntax/unterminated-comment";
/// A `(` variation without its `)`.
pub const UNTERMINATED_VARIATION: &str = "syntax/unterminated-variation";
/// A `)` with no open variation.
pub const UNMATCHED_CLOSE: &str = "syntax/unmatched-close";
/// A variation that does not follow a move.
pub const VARIATION_WITHOUT_MOVE: &str = "syntax/variation-without-move";
/// No game-termination marker at the end of the movetext.
pub const MISSING_RESULT: &str = "syntax/missing-result";
/// Movetext after the game-termination marker.
pub const TEXT_AFTER_RESULT: &str = "syntax/text-after-result";
/// Variations nested deeper than arbiter replays them.
pub const VARIATION_TOO_DEEP: &str = "syntax/variation-too-deep";
/// More than [`super::MAX_FINDINGS_PER_GAME`] findings in one game.
pub const TOO_MANY_FINDINGS: &str = "syntax/too-many-findings";
/// A game-termination marker inside a variation.
pub const RESULT_IN_VARIATION: &str = "syntax/result-in-variation";
/// A malformed tag pair.
pub const BAD_TAG: &str = "syntax/bad-tag";
/// `0-0` for `O-O`.
pub const ZERO_CASTLING: &str = "notation/zero-castling";
/// `e8Q` for `e8=Q`.
pub const PROMOTION_WITHOUT_EQUALS: &str = "notation/promotion-without-equals";
/// `e8=q` for `e8=Q`.
pub const LOWERCASE_PROMOTION: &str = "notation/lowercase-promotion";
/// `exd6 e.p.` for `exd6`.
pub const EP_SUFFIX: &str = "notation/ep-suffix";
/// `e2e4`, `e2-e4`, `Ng1-f3` for `e4`, `Nf3`.
pub const LONG_ALGEBRAIC: &str = "notation/long-algebraic";
/// A missing, superfluous or wrong `+`/`#`.
pub const WRONG_CHECK_SUFFIX: &str = "notation/wrong-check-suffix";
/// `Ngf3` where `Nf3` is unique.
pub const OVER_DISAMBIGUATED: &str = "notation/over-disambiguated";
/// `Bc6` for `Bxc6`.
pub const MISSING_CAPTURE: &str = "notation/missing-capture";
/// `Nxf3` for `Nf3` (nothing is captured).
pub const SPURIOUS_CAPTURE: &str = "notation/spurious-capture";
/// `:` as the capture mark.
pub const COLON_CAPTURE: &str = "notation/colon-capture";
/// `♘f3` for `Nf3`.
pub const FIGURINE: &str = "notation/figurine";
/// `Pe4` for `e4`.
pub const PAWN_LETTER: &str = "notation/pawn-letter";
/// `Kg1` for `O-O`.
pub const KING_MOVE_CASTLING: &str = "notation/king-move-castling";
/// A move number that does not match the position (`5.` before move 3).
pub const MOVE_NUMBER: &str = "notation/move-number";
/// A Seven Tag Roster tag is missing.
pub const MISSING_ROSTER: &str = "tag/missing-roster";
/// A Date, EventDate or UTCDate that is not `YYYY.MM.DD` (with `?` for unknown parts).
pub const BAD_DATE: &str = "tag/bad-date";
/// The Result tag differs from the game-termination marker.
pub const RESULT_MISMATCH: &str = "tag/result-mismatch";
/// The Result tag is not `1-0`, `0-1`, `1/2-1/2` or `*`.
pub const BAD_RESULT: &str = "tag/bad-result";
/// The FEN tag cannot be read or describes an illegal position.
pub const BAD_FEN: &str = "tag/bad-fen";
/// `SetUp "1"` without a FEN tag.
pub const SETUP_WITHOUT_FEN: &str = "tag/setup-without-fen";
/// A FEN tag without `SetUp "1"`.
pub const FEN_WITHOUT_SETUP: &str = "tag/fen-without-setup";
/// A tag value with unescaped quotes, read from the first to the last quote.
pub const UNESCAPED_QUOTE: &str = "tag/unescaped-quote";
/// An evaluation symbol attached to a move (`Bc5=`): PGN writes it as a NAG.
pub const ATTACHED_GLYPH: &str = "notation/attached-glyph";
/// A FEN tag whose fullmove number is 0 (read as 1).
pub const FEN_FULLMOVE_ZERO: &str = "tag/fen-fullmove-zero";
/// Tag values that are not UTF-8, read as Latin-1 (older databases).
pub const LATIN1: &str = "encoding/latin1";
/// The same tag twice in one game.
pub const DUPLICATE_TAG: &str = "tag/duplicate";
/// The recorded result contradicts the final position (checkmate, stalemate).
pub const CONTRADICTS_POSITION: &str = "result/contradicts-position";
/// The checker failed on this game (a bug in arbiter).
pub const INTERNAL: &str = "internal/panic";
/// A variant we do not check (the game is skipped).
pub const UNSUPPORTED_VARIANT: &str = "variant/unsupported";
