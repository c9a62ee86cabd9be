//! Every code arbiter reports, in one table: the code, the FORMATS.md table it belongs to, its
//! severity and its one-line meaning. Findings, verdicts and position problems carry a [`Code`];
//! `arbiter codes` prints the table, and a test checks that FORMATS.md's code tables are exactly
//! this table, so the two cannot diverge (in the spirit of ruff's `codes.rs`).
//!
//! A code is `family/kind`: the family (`syntax`, `illegal-move`, `notation`, `tag`, `encoding`,
//! `result`, `variant`, `internal`, `draw`, `audit`, `fen`) says what part of the record is
//! wrong.

use serde::{Deserialize, Serialize, Serializer};

/// How serious a diagnostic is.
///
/// Errors make a game invalid (it goes to `--invalid-out`, and the run exits with status 1);
/// warnings report accepted but non-standard input; information (audit verdicts such as a draw
/// claim that was available) says something an arbiter may want to know. `--strict` promotes
/// warnings to errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; nothing is wrong.
    Info,
    /// Accepted, but not standard (PGN export format or FIDE notation).
    Warning,
    /// The record is not valid as written.
    Error,
}

impl Severity {
    /// The lower-case name used in every output format (`"error"`, `"warning"`, `"info"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The FORMATS.md table a code is documented in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Table {
    /// `arbiter check` findings (also reported by `pgn`, `fen` and `stats --with-check`).
    Findings,
    /// `arbiter audit` verdicts.
    Verdicts,
    /// FEN problems, one table for every FEN read: the FEN tag (`check`, and the games `audit`,
    /// `fen`, `pgn` replay), `fen --check`, `audit --positions`, `pgn --from-fen` and
    /// `--from-sequence`.
    Fen,
}

/// What the table says of a code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeInfo {
    /// The code.
    pub code: Code,
    /// Its stable name, `family/kind`.
    pub name: &'static str,
    /// The FORMATS.md table it is documented in.
    pub table: Table,
    /// The severity it is reported with (before `--strict`).
    pub severity: Severity,
    /// A second severity some of its findings have (`fen/halfmove`: error or warning).
    pub other: Option<Severity>,
    /// The one-line meaning, as FORMATS.md shows it (Markdown).
    pub meaning: &'static str,
}

macro_rules! codes {
    ($($variant:ident = $table:ident, $name:literal, $severity:ident, $other:expr, $meaning:literal;)*) => {
        /// A stable code of something arbiter reports (see the module documentation).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Code {
            $(
                #[doc = $meaning]
                $variant,
            )*
        }

        /// Every code, in the order of FORMATS.md's tables.
        pub const CODES: &[CodeInfo] = &[
            $(CodeInfo {
                code: Code::$variant,
                name: $name,
                table: Table::$table,
                severity: Severity::$severity,
                other: $other,
                meaning: $meaning,
            },)*
        ];

        impl Code {
            /// The stable name, `family/kind`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                }
            }
        }
    };
}

codes! {
    SyntaxUnknownToken = Findings, "syntax/unknown-token", Error, None, "a token that is not a move, move number, NAG, annotation glyph, comment, escape line, variation bracket or termination marker (e.g. `Nf9`, `Qxx4`, `1:0`)";
    SyntaxUnterminatedComment = Findings, "syntax/unterminated-comment", Error, None, "a `{` comment never closed (the rest of the game is lost; reading resumes at the next game)";
    SyntaxUnterminatedVariation = Findings, "syntax/unterminated-variation", Error, None, "a `(` never closed";
    SyntaxUnmatchedClose = Findings, "syntax/unmatched-close", Error, None, "a `)` that closes no variation";
    SyntaxVariationWithoutMove = Findings, "syntax/variation-without-move", Error, None, "a variation that does not follow a move";
    SyntaxMissingResult = Findings, "syntax/missing-result", Error, None, "no game-termination marker";
    SyntaxTextAfterResult = Findings, "syntax/text-after-result", Error, None, "movetext after the termination marker";
    SyntaxResultInVariation = Findings, "syntax/result-in-variation", Error, None, "a termination marker inside a variation";
    SyntaxNonstandardResult = Findings, "syntax/nonstandard-result", Warning, None, "a termination marker written `½-½`, `1/2`, `0.5-0.5` or with a Unicode dash (`1–0`): read as the marker it stands for, which the message names";
    SyntaxVariationTooDeep = Findings, "syntax/variation-too-deep", Error, None, "variations nested more than 64 deep (matched, not replayed)";
    SyntaxBadTag = Findings, "syntax/bad-tag", Error, None, "a malformed tag pair";
    SyntaxGluedGame = Findings, "syntax/glued-game", Warning, None, "a game whose first tag pair stands on the line of the previous game's termination marker (`1-0[Event \"B\"]`: files joined without a final newline): read as a new game from the `[`";
    SyntaxNoBlankLine = Findings, "syntax/no-blank-line", Warning, None, "a game whose tag section starts on the line after the previous game's last line, with no blank line between (chess.com exports; the PGN standard's export format wants one): read as a new game";
    SyntaxTagsOnly = Findings, "syntax/tags-only", Warning, None, "a tag section with a valid Result tag and no movetext, not even the termination marker (lichess broadcast exports of games given by their tags): read as a game of no moves with the Result tag's result";
    SyntaxGameCut = Findings, "syntax/game-cut", Error, None, "the input's read failed inside this game (a compressed stream that ends early or is damaged): what was decoded is checked, the rest of the game is missing; `fix` rejects it (written as read to the rejects) instead of completing it";
    SyntaxGameTooLarge = Findings, "syntax/game-too-large", Error, None, "a game over 16 MiB (see Memory below the options): not analysed, reported once at its first line, skipped to the next game; in `audit` an `audit/skipped` verdict, in `fen` and `pgn` a message naming the code";
    SyntaxTooManyFindings = Findings, "syntax/too-many-findings", Error, None, "more than 1000 findings in one game; the rest are counted, not shown";
    IllegalMoveNoPiece = Findings, "illegal-move/no-piece", Error, None, "no piece of that kind can move to the square";
    IllegalMoveOccupied = Findings, "illegal-move/occupied", Error, None, "the destination holds a piece of the side to move";
    IllegalMoveAmbiguous = Findings, "illegal-move/ambiguous", Error, None, "more than one piece fits; the message names the candidates (`Nbd2`, `Nfd2`)";
    IllegalMoveKingInCheck = Findings, "illegal-move/king-in-check", Error, None, "the piece is pinned, the king would move into check, or a check is not parried";
    IllegalMoveCastling = Findings, "illegal-move/castling", Error, None, "castling not allowed: right lost earlier (at which ply and why), path blocked, king in check, passing through or landing on an attacked square";
    IllegalMovePromotion = Findings, "illegal-move/promotion", Error, None, "pawn reaches the last rank without promotion, promotion elsewhere, promotion to king or pawn, a piece \"promoting\"";
    IllegalMoveEnPassant = Findings, "illegal-move/en-passant", Error, None, "en passant capture not available";
    IllegalMoveNullMove = Findings, "illegal-move/null-move", Error, None, "`--`, `Z0`, `0000` in the main line (no such move in the Laws of Chess), or in a variation while in check";
    IllegalMoveDrop = Findings, "illegal-move/drop", Error, None, "a Crazyhouse drop (`N@f3`) in a standard game";
    IllegalMoveAfterGameEnd = Findings, "illegal-move/after-game-end", Error, None, "a move after checkmate or stalemate";
    NotationZeroCastling = Findings, "notation/zero-castling", Warning, None, "`0-0` for `O-O`";
    NotationLookalikeCastling = Findings, "notation/lookalike-castling", Warning, None, "`o-o`, or `O‑O` with a Unicode hyphen, dash or minus, for `O-O`";
    NotationPromotionWithoutEquals = Findings, "notation/promotion-without-equals", Warning, None, "`e8Q`, `e8(Q)`, `e8/Q` for `e8=Q`";
    NotationLowercasePromotion = Findings, "notation/lowercase-promotion", Warning, None, "`e8=q`";
    NotationEpSuffix = Findings, "notation/ep-suffix", Warning, None, "`exd6 e.p.`";
    NotationLongAlgebraic = Findings, "notation/long-algebraic", Warning, None, "`e2e4`, `e2-e4`, `Ng1-f3`, UCI `e7e8q`";
    NotationWrongCheckSuffix = Findings, "notation/wrong-check-suffix", Warning, None, "`+`/`#` missing, superfluous, or `+` for mate";
    NotationOverDisambiguated = Findings, "notation/over-disambiguated", Warning, None, "`Ngf3` where `Nf3` is unique";
    NotationMissingCapture = Findings, "notation/missing-capture", Warning, None, "`Bc6` for `Bxc6`, `bc3` for `bxc3`";
    NotationSpuriousCapture = Findings, "notation/spurious-capture", Warning, None, "`Nxf3` when nothing is captured";
    NotationColonCapture = Findings, "notation/colon-capture", Warning, None, "`:` as the capture mark";
    NotationFigurine = Findings, "notation/figurine", Warning, None, "`♘f3`";
    NotationPawnLetter = Findings, "notation/pawn-letter", Warning, None, "`Pe4`";
    NotationKingMoveCastling = Findings, "notation/king-move-castling", Warning, None, "`Kg1` or `e1g1` for `O-O`";
    NotationAttachedGlyph = Findings, "notation/attached-glyph", Warning, None, "an evaluation symbol glued to the move (`Bc5=`, `Ng5□`)";
    NotationMoveNumber = Findings, "notation/move-number", Warning, None, "a move number that does not match the position";
    NotationNullMove = Findings, "notation/null-move", Warning, None, "a null move (`--`, `Z0`, `0000`) in a variation, where annotators show a threat: it passes the turn and the variation goes on";
    TagMissingRoster = Findings, "tag/missing-roster", Warning, None, "Seven Tag Roster tags missing (all named in one finding)";
    TagBadDate = Findings, "tag/bad-date", Warning, None, "Date, EventDate or UTCDate not `YYYY.MM.DD` (`?` allowed per field) or impossible";
    TagDuplicate = Findings, "tag/duplicate", Warning, None, "the same tag twice";
    TagUnescapedQuote = Findings, "tag/unescaped-quote", Warning, None, "a tag value with unescaped `\"`, read up to the last quote";
    TagFenWithoutSetup = Findings, "tag/fen-without-setup", Warning, None, "a FEN tag without `SetUp \"1\"`";
    TagSetupWithoutFen = Findings, "tag/setup-without-fen", Warning, None, "`SetUp \"1\"` without FEN (replayed from the standard position)";
    TagBadResult = Findings, "tag/bad-result", Error, None, "a Result tag that is not `1-0`, `0-1`, `1/2-1/2` or `*`, nor a form that stands for one";
    TagNonstandardResult = Findings, "tag/nonstandard-result", Warning, None, "a Result tag written `1/2`, `½-½`, `0.5-0.5` or with a Unicode dash (`1–0`): read as the result it stands for";
    TagResultMismatch = Findings, "tag/result-mismatch", Error, None, "the Result tag differs from the termination marker";
    TagBadFen = Findings, "tag/bad-fen", Error, None, "the FEN tag gives no position to play from (a field that cannot be read, not one king a side, pawns on rank 1 or 8, the side not to move in check; the message names the field and why, see How a FEN is read): no move is replayed. A FEN tag that is read, repaired or not, gets the `fen/` warnings instead";
    TagPaddedNumber = Findings, "tag/padded-number", Warning, None, "a numeric tag (`WhiteElo`, `BlackElo`, `WhiteUSCF`, `BlackUSCF`, `WhiteFideId`, `BlackFideId`, `WhiteRatingDiff`, `BlackRatingDiff`, `PlyCount`, `Board`) with white space around its number (`BlackElo \" 2700\"`): a reader that takes the value as written finds no number; `fix` removes the spaces";
    TagBadNumber = Findings, "tag/bad-number", Warning, None, "a numeric tag (as for `tag/padded-number`) whose value is no whole number (`2700?`, `2650:2700`, a name) nor empty, `?` or `-` for unknown: read as unknown";
    TagPlyCountMismatch = Findings, "tag/plycount-mismatch", Warning, None, "a PlyCount tag whose number is not the plies of the main line (PGN standard 9.2.1; a game replayed to its end only); `fix` sets it to them";
    ResultContradictsPosition = Findings, "result/contradicts-position", Error, None, "checkmate with the wrong winner or a draw recorded; stalemate with a decisive result";
    ResultUnrecorded = Findings, "result/unrecorded", Warning, None, "`*` recorded for a game that ended in checkmate or stalemate: the message names the result the position gives (in `fix`'s log also for an automatic draw the game reached: fivefold repetition, 75 moves, a dead position, whose `1/2-1/2` `fix` writes)";
    EncodingLatin1 = Findings, "encoding/latin1", Warning, None, "tag values that are not UTF-8 (older databases): read as Windows-1252 or DOS code page 437 for display, as fix converts them; split outputs keep the bytes";
    EncodingBom = Findings, "encoding/bom", Warning, None, "a UTF-8 byte order mark that is not the input's first bytes (after blank lines, or where files were joined): read as whitespace; one finding per game";
    EncodingNoBreakSpace = Findings, "encoding/no-break-space", Warning, None, "a no-break space (U+00A0) between tokens: read as a space; one finding per game";
    EncodingDoubleUtf8 = Findings, "encoding/double-utf8", Warning, None, "text encoded as UTF-8 twice, in a tag value or a comment: UTF-8 read as Windows-1252 or Latin-1 and encoded again (`ZÃ¼rich` for `Zürich`, `ÐšÐ°Ñ€Ð¿Ð¾Ð²` for `Карпов`); found only where every run of non-ASCII characters of the text decodes to plausible characters, so correct text is never taken for it; one finding per game, naming the first; `fix` decodes it";
    VariantUnsupported = Findings, "variant/unsupported", Warning, None, "a variant other than standard chess and Chess960: the game is skipped (status `skipped`)";
    InternalPanic = Findings, "internal/panic", Error, None, "arbiter failed on this game (a bug: please report it); the run continues";
    DrawAutomaticIgnored = Verdicts, "draw/automatic-ignored", Error, None, "an automatic end was reached — fivefold repetition or 75 moves (Laws from 1 July 2014), stalemate, a dead position, or an automatic draw of the profile (`house/threefold`, `house/30-move`, `house/perpetual-check`) — yet the game went on: every later move is void, and the result recorded is not the draw (a decisive result, or `*`)";
    DrawPlayedOn = Verdicts, "draw/played-on", Warning, None, "an automatic end was reached, as for `draw/automatic-ignored`, and the game went on, but the draw it gives is the result recorded: the result stands, the later moves are void (a record that goes on after a dead position or a fivefold repetition, as players and servers often write them)";
    ResultContradicted = Verdicts, "result/contradicted", Error, None, "the recorded result is not the one the moves give (`correct_result` says which; `*` for a loss on time the profile makes void)";
    ResultNotAllowed = Verdicts, "result/not-allowed", Error, None, "the record ends in a way the profile does not allow: a resignation before both players have made `resignation.min_moves` moves";
    DrawClaimUnsupported = Verdicts, "draw/claim-unsupported", Error, None, "1/2-1/2 where the Termination tag or a final comment reporting the end names repetition or the fifty-move rule, but no such claim (or draw of the profile) was available at the end";
    DrawClaimSupported = Verdicts, "draw/claim-supported", Info, None, "1/2-1/2 where a threefold or fifty-move claim was available to the player to move at the end: the claim the Termination tag or a final comment reporting the end names, else every claim available";
    DrawClaimAvailable = Verdicts, "draw/claim-available", Info, None, "with `--missed`: the first ply at which the player to move could claim threefold or fifty moves and play went on, per rule (`more_plies` counts the later plies with the same claim); with `--missed=all`, one record for every such ply (at most 1000 per game and rule, the last counting the plies past them in `more_plies`)";
    AuditIncomplete = Verdicts, "audit/incomplete", Info, None, "the main line has an illegal move: audited up to it";
    AuditSkipped = Verdicts, "audit/skipped", Info, None, "not audited: a variant other than standard chess and Chess960, or a FEN tag that gives no position to play from (`tag/bad-fen`)";
    FenFields = Fen, "fen/fields", Error, Some(Severity::Warning), "not 6 fields, or 4 (EPD), either followed by EPD operations (error); fields separated by `_` as in URLs (warning, read as spaces)";
    FenBoard = Fen, "fen/board", Error, None, "not 8 ranks, a rank that is not 8 squares, two digits in a row";
    FenPiece = Fen, "fen/piece", Error, None, "a character that is not a piece letter or a digit";
    FenSideToMove = Fen, "fen/side-to-move", Error, None, "not `w` or `b`";
    FenKings = Fen, "fen/kings", Error, None, "not exactly one king per side";
    FenPawnsOnBackRank = Fen, "fen/pawns-on-back-rank", Error, None, "a pawn on rank 1 or 8";
    FenOppositeCheck = Fen, "fen/opposite-check", Error, None, "the side not to move is in check (no position: which move was last?)";
    FenCastling = Fen, "fen/castling", Error, Some(Severity::Warning), "a character that is not a castling letter (error); a right the position cannot have: in standard chess a king off e1/e8 or a rook out of its corner (never read as Chess960), in both a missing king or rook, or a king that has moved (a Chess960 king on the a- or h-file, more rooks than can be on a side its unmoved pawns close) (warning: dropped); a letter written twice (warning: read once)";
    FenEnPassant = Fen, "fen/en-passant", Error, Some(Severity::Warning), "not a square (error); a square no double step can have made: wrong rank for the side to move, no pawn that just moved two squares, squares not empty, a check the step cannot give (warning: dropped)";
    FenHalfmove = Fen, "fen/halfmove", Error, Some(Severity::Warning), "not a number (error); not 0 with an en passant square (warning: read as 0); more than the plies the fullmove number allows (warning: kept)";
    FenFullmove = Fen, "fen/fullmove", Error, Some(Severity::Warning), "not a number, or above 100000 (error); 0 (warning: read as 1)";
    FenImpossibleCheck = Fen, "fen/impossible-check", Warning, None, "a check no legal last move gives (more than two checkers, impossible pairs): played as it stands";
    FenMaterial = Fen, "fen/material", Warning, None, "more pieces than promotions allow: played as it stands";
    FenPosition = Fen, "fen/position", Error, None, "a position refused for a reason arbiter does not name (none is known: please report it)";
    FenSequenceGap = Fen, "fen/sequence-gap", Error, None, "`arbiter pgn --from-sequence` only: no legal move leads from the previous line to this one";
    FenLineTooLong = Fen, "fen/line-too-long", Error, None, "a line longer than 64 KiB (no FEN or EPD line is): not read; reading goes on at the next line";
    FenEpdMove = Fen, "fen/epd-move", Warning, None, "an EPD `bm` (best move) or `am` (avoid move) operand that is no legal move of the position in SAN (the EPD standard's notation): not SAN, illegal or ambiguous; one warning an operation, at its first such move, the others counted in the message; the position is read";
}

impl Code {
    /// What the table says of the code.
    pub fn info(self) -> &'static CodeInfo {
        // The table lists the variants in declaration order.
        &CODES[self as usize]
    }

    /// The severity the code is reported with (before `--strict`).
    pub fn severity(self) -> Severity {
        self.info().severity
    }

    /// The family: the part of the name before the `/`.
    pub fn family(self) -> &'static str {
        self.as_str().split('/').next().unwrap_or_default()
    }

    /// The code with this name.
    pub fn from_name(name: &str) -> Option<Code> {
        CODES.iter().find(|c| c.name == name).map(|c| c.code)
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A code read back by its name (`arbiter merge`): a name that is none of [`CODES`] is refused,
/// naming it.
impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Code, D::Error> {
        let name = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Code::from_name(&name).ok_or_else(|| {
            let shown: String = name.chars().take(40).collect();
            serde::de::Error::custom(format!(
                "code {shown:?} is none that arbiter gives (arbiter codes lists them)"
            ))
        })
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// The rows of a FORMATS.md code table: `| `code` | severity | meaning |`.
pub fn markdown_table(table: Table) -> String {
    let mut out = String::from("| code | severity | meaning |\n| --- | --- | --- |\n");
    for c in CODES.iter().filter(|c| c.table == table) {
        let severity = match c.other {
            Some(other) => format!("{} / {}", c.severity.as_str(), other.as_str()),
            None => c.severity.as_str().to_owned(),
        };
        out.push_str(&format!("| `{}` | {severity} | {} |\n", c.name, c.meaning));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_declaration_order_and_names_are_unique() {
        let mut names = std::collections::HashSet::new();
        for (i, c) in CODES.iter().enumerate() {
            assert_eq!(c.code as usize, i, "{}", c.name);
            assert_eq!(c.code.as_str(), c.name);
            assert!(names.insert(c.name), "{} twice", c.name);
            assert_eq!(Code::from_name(c.name), Some(c.code));
            let (family, kind) = c.name.split_once('/').expect("family/kind");
            assert!(!family.is_empty() && !kind.is_empty(), "{}", c.name);
        }
        assert_eq!(Code::FenSequenceGap.family(), "fen");
    }
}
