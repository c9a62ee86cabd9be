//! Warnings for a legal move written in non-standard notation (a capture without `x`, `0-0`,
//! long algebraic, figurines, a missing or wrong `+`/`#`...): each names the standard SAN.

use shakmaty::san::{SanPlus, Suffix};

use super::{Checker, MAX_FINDINGS_PER_GAME, code};
use crate::analysis::notation::{CheckMark, Quirks};
use crate::analysis::resolve::PositionQuirks;
use crate::analysis::text::{fen, move_text, token_text};
use shakmaty::Chess;

use crate::analysis::notation::MoveToken;
use crate::analysis::resolve::Resolved;
use crate::analysis::walk::Game;
use crate::model::{Code, Finding, Severity};

/// The fields of a [`crate::analysis::walk::Played`] the warnings need (passed apart, so that
/// the walk's event need not be built in memory for the common move that has no warning).
pub(super) struct Move<'a> {
    pub at: usize,
    pub text: &'a [u8],
    pub parsed: &'a MoveToken,
    pub resolved: &'a Resolved,
    pub before: &'a Chess,
    pub ply: u32,
    pub mark: CheckMark,
    pub depth: usize,
}

/// The quirks of a move as written that are notation warnings: quirk, code, what it is.
const WRITTEN_QUIRKS: [(Quirks, Code, &str); 10] = [
    (Quirks::FIGURINE, code::FIGURINE, "figurine piece symbol"),
    (
        Quirks::ZERO_CASTLING,
        code::ZERO_CASTLING,
        "castling written with zeros",
    ),
    (
        Quirks::LOOKALIKE_CASTLING,
        code::LOOKALIKE_CASTLING,
        "castling written with a lower-case 'o' or a Unicode hyphen, dash or minus",
    ),
    (
        Quirks::LONG_ALGEBRAIC,
        code::LONG_ALGEBRAIC,
        "long algebraic notation",
    ),
    (
        Quirks::PROMOTION_WITHOUT_EQUALS,
        code::PROMOTION_WITHOUT_EQUALS,
        "promotion written without '='",
    ),
    (
        Quirks::LOWERCASE_PROMOTION,
        code::LOWERCASE_PROMOTION,
        "promotion piece in lower case",
    ),
    (Quirks::EP_SUFFIX, code::EP_SUFFIX, "'e.p.' suffix"),
    (
        Quirks::COLON_CAPTURE,
        code::COLON_CAPTURE,
        "':' used as the capture mark",
    ),
    (
        Quirks::ATTACHED_GLYPH,
        code::ATTACHED_GLYPH,
        "evaluation symbol attached to the move (PGN writes it as a NAG after a space)",
    ),
    (
        Quirks::PAWN_LETTER,
        code::PAWN_LETTER,
        "'P' written for a pawn move",
    ),
];

/// The notation warnings of the move `m`.
#[inline(never)]
pub(super) fn warnings(checker: &mut Checker, game: &mut Game<'_>, m: Move<'_>) {
    let suffix = match m.mark {
        CheckMark::None => None,
        CheckMark::Check => Some(Suffix::Check),
        CheckMark::Mate => Some(Suffix::Checkmate),
    };
    let standard = SanPlus {
        san: m.resolved.san,
        suffix,
    }
    .to_string();
    let mut warn = |code: Code, what: &str| {
        if checker.findings.len() >= MAX_FINDINGS_PER_GAME {
            checker.dropped += 1;
            return;
        }
        let (line, col) = game.locate(m.at);
        checker.push(Finding {
            severity: Severity::Warning,
            code,
            ply: Some(m.ply),
            move_text: Some(move_text(m.before, m.text)),
            token: Some(token_text(m.text)),
            line,
            col,
            fen: Some(fen(m.before)),
            message: format!("{what}: the standard SAN is {standard}"),
            variation: m.depth > 0,
            san: Some(standard.clone()),
        });
    };
    let q = m.parsed.quirks;
    for (quirk, code, what) in WRITTEN_QUIRKS {
        if q.contains(quirk) {
            warn(code, what);
        }
    }
    let pq = m.resolved.quirks;
    if pq.contains(PositionQuirks::KING_MOVE_CASTLING) {
        warn(code::KING_MOVE_CASTLING, "castling written as a king move");
    }
    if pq.contains(PositionQuirks::MISSING_CAPTURE) && !q.contains(Quirks::LONG_ALGEBRAIC) {
        warn(code::MISSING_CAPTURE, "capture written without 'x'");
    }
    if pq.contains(PositionQuirks::SPURIOUS_CAPTURE) {
        warn(
            code::SPURIOUS_CAPTURE,
            "'x' written for a move that captures nothing",
        );
    }
    if pq.contains(PositionQuirks::OVER_DISAMBIGUATED) {
        warn(
            code::OVER_DISAMBIGUATED,
            "disambiguated otherwise than SAN (more than needed, or by rank where the file suffices)",
        );
    }
    if m.mark != m.parsed.check {
        warn(
            code::WRONG_CHECK_SUFFIX,
            check_suffix_fault(m.parsed.check, m.mark),
        );
    }
}

/// What is wrong with the `+`/`#` written (`written`) for a move whose mark is `actual`.
fn check_suffix_fault(written: CheckMark, actual: CheckMark) -> &'static str {
    match (written, actual) {
        (CheckMark::None, CheckMark::Check) => "the move gives check but '+' is missing",
        (CheckMark::None, CheckMark::Mate) => "the move gives checkmate but '#' is missing",
        (CheckMark::Check, CheckMark::None) | (CheckMark::Mate, CheckMark::None) => {
            "the move gives no check"
        }
        (CheckMark::Check, CheckMark::Mate) => "the move is checkmate: write '#', not '+'",
        _ => "the move gives check, not checkmate: write '+', not '#'",
    }
}
