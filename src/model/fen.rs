//! The one problem of a FEN or EPD line: as the FEN reader finds it (`analysis::fen`), and as
//! `fen --check`, `pgn --from-fen`/`--from-sequence` and `audit --positions` report it.

use serde::Serialize;

use super::{Code, Severity};

/// One problem of a FEN or EPD line: a fault of one of its fields (`fen/fields`,
/// `fen/castling`, `fen/epd-move`...), or of the line as a whole (`fen/line-too-long`,
/// `fen/sequence-gap`).
///
/// JSON Lines and the `problems` column write `{severity, code, col, token, message}`
/// ([`crate::report::columns::PROBLEM_FIELDS`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FenProblem {
    /// Error (no position) or warning (read, maybe repaired).
    pub severity: Severity,
    /// Stable code in the `fen/` family (see [`super::CODES`]).
    pub code: Code,
    /// 1-based column (in characters) of the field at fault in the text read (1 for the line
    /// as a whole).
    pub col: u64,
    /// Byte offset of the field at fault in the text read (0 for the line as a whole).
    #[serde(skip)]
    pub offset: usize,
    /// The field at fault as written, if any.
    pub token: Option<String>,
    /// What is wrong, in the field's terms, and what the reading did about it.
    pub message: String,
    /// The reading changed the field (dropped a right, read a counter otherwise): the effective
    /// position's FEN differs from the text.
    #[serde(skip)]
    pub repaired: bool,
}
