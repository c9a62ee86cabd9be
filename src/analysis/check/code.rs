//! Stable codes of the findings of `arbiter check` (besides the illegal-move codes of
//! [`crate::analysis::resolve::code`]).

use crate::model::Code;

/// A token that is not a move, move number, NAG, glyph, comment, variation bracket or result.
pub const UNKNOWN_TOKEN: Code = Code::SyntaxUnknownToken;
/// A `{` comment without its `}`.
pub const UNTERMINATED_COMMENT: Code = Code::SyntaxUnterminatedComment;
/// A `(` variation without its `)`.
pub const UNTERMINATED_VARIATION: Code = Code::SyntaxUnterminatedVariation;
/// A `)` with no open variation.
pub const UNMATCHED_CLOSE: Code = Code::SyntaxUnmatchedClose;
/// A variation that does not follow a move.
pub const VARIATION_WITHOUT_MOVE: Code = Code::SyntaxVariationWithoutMove;
/// No game-termination marker at the end of the movetext.
pub const MISSING_RESULT: Code = Code::SyntaxMissingResult;
/// Movetext after the game-termination marker.
pub const TEXT_AFTER_RESULT: Code = Code::SyntaxTextAfterResult;
/// Variations nested deeper than arbiter replays them.
pub const VARIATION_TOO_DEEP: Code = Code::SyntaxVariationTooDeep;
/// More than [`super::MAX_FINDINGS_PER_GAME`] findings in one game.
pub const TOO_MANY_FINDINGS: Code = Code::SyntaxTooManyFindings;
/// A game-termination marker inside a variation.
pub const RESULT_IN_VARIATION: Code = Code::SyntaxResultInVariation;
/// A malformed tag pair.
pub const BAD_TAG: Code = Code::SyntaxBadTag;
/// `0-0` for `O-O`.
pub const ZERO_CASTLING: Code = Code::NotationZeroCastling;
/// `e8Q` for `e8=Q`.
pub const PROMOTION_WITHOUT_EQUALS: Code = Code::NotationPromotionWithoutEquals;
/// `e8=q` for `e8=Q`.
pub const LOWERCASE_PROMOTION: Code = Code::NotationLowercasePromotion;
/// `exd6 e.p.` for `exd6`.
pub const EP_SUFFIX: Code = Code::NotationEpSuffix;
/// `e2e4`, `e2-e4`, `Ng1-f3` for `e4`, `Nf3`.
pub const LONG_ALGEBRAIC: Code = Code::NotationLongAlgebraic;
/// A missing, superfluous or wrong `+`/`#`.
pub const WRONG_CHECK_SUFFIX: Code = Code::NotationWrongCheckSuffix;
/// `Ngf3` where `Nf3` is unique.
pub const OVER_DISAMBIGUATED: Code = Code::NotationOverDisambiguated;
/// `Bc6` for `Bxc6`.
pub const MISSING_CAPTURE: Code = Code::NotationMissingCapture;
/// `Nxf3` for `Nf3` (nothing is captured).
pub const SPURIOUS_CAPTURE: Code = Code::NotationSpuriousCapture;
/// `:` as the capture mark.
pub const COLON_CAPTURE: Code = Code::NotationColonCapture;
/// `♘f3` for `Nf3`.
pub const FIGURINE: Code = Code::NotationFigurine;
/// `Pe4` for `e4`.
pub const PAWN_LETTER: Code = Code::NotationPawnLetter;
/// `Kg1` for `O-O`.
pub const KING_MOVE_CASTLING: Code = Code::NotationKingMoveCastling;
/// A move number that does not match the position (`5.` before move 3).
pub const MOVE_NUMBER: Code = Code::NotationMoveNumber;
/// A Seven Tag Roster tag is missing.
pub const MISSING_ROSTER: Code = Code::TagMissingRoster;
/// A Date, EventDate or UTCDate that is not `YYYY.MM.DD` (with `?` for unknown parts).
pub const BAD_DATE: Code = Code::TagBadDate;
/// The Result tag differs from the game-termination marker.
pub const RESULT_MISMATCH: Code = Code::TagResultMismatch;
/// The Result tag is not `1-0`, `0-1`, `1/2-1/2` or `*`.
pub const BAD_RESULT: Code = Code::TagBadResult;
/// The FEN tag gives no usable position.
pub const BAD_FEN: Code = Code::TagBadFen;
/// `SetUp "1"` without a FEN tag.
pub const SETUP_WITHOUT_FEN: Code = Code::TagSetupWithoutFen;
/// A FEN tag without `SetUp "1"`.
pub const FEN_WITHOUT_SETUP: Code = Code::TagFenWithoutSetup;
/// A tag value with unescaped quotes, read from the first to the last quote.
pub const UNESCAPED_QUOTE: Code = Code::TagUnescapedQuote;
/// An evaluation symbol attached to a move (`Bc5=`): PGN writes it as a NAG.
pub const ATTACHED_GLYPH: Code = Code::NotationAttachedGlyph;
/// Tag values that are not UTF-8, read as Windows-1252 or code page 437 (older databases).
pub const LATIN1: Code = Code::EncodingLatin1;
/// Text encoded as UTF-8 twice (`ZÃ¼rich`), in a tag value or a comment.
pub const DOUBLE_UTF8: Code = Code::EncodingDoubleUtf8;
/// A numeric tag with white space around its number (`BlackElo " 2700"`).
pub const PADDED_NUMBER: Code = Code::TagPaddedNumber;
/// A numeric tag whose value is no number (`WhiteElo "2700?"`).
pub const BAD_NUMBER: Code = Code::TagBadNumber;
/// A PlyCount tag that is not the main line's plies.
pub const PLYCOUNT_MISMATCH: Code = Code::TagPlyCountMismatch;
/// The same tag twice in one game.
pub const DUPLICATE_TAG: Code = Code::TagDuplicate;
/// `o-o`, or `O‑O` with a Unicode hyphen, for `O-O`.
pub const LOOKALIKE_CASTLING: Code = Code::NotationLookalikeCastling;
/// A null move in a variation (it passes the turn).
pub const NULL_MOVE: Code = Code::NotationNullMove;
/// A Result tag written `1/2`, `½-½`, `1–0`: read as the result it stands for.
pub const NONSTANDARD_RESULT_TAG: Code = Code::TagNonstandardResult;
/// `*` recorded for a game that ended in checkmate or stalemate.
pub const UNRECORDED: Code = Code::ResultUnrecorded;
/// The recorded result contradicts the final position (checkmate, stalemate).
pub const CONTRADICTS_POSITION: Code = Code::ResultContradictsPosition;
/// The checker failed on this game (a bug in arbiter).
pub const INTERNAL: Code = Code::InternalPanic;
/// A variant we do not check (the game is skipped).
pub const UNSUPPORTED_VARIANT: Code = Code::VariantUnsupported;
