//! The checks of a game's tag section: encoding (text that is not UTF-8, or UTF-8 encoded
//! twice), the Seven Tag Roster, duplicates, dates, numbers, the Result tag, SetUp/FEN, and the
//! FEN tag's own faults (as the one FEN reader finds them).

use super::numbers::{self, NumberValue};
use super::{Checker, code, mojibake};
use crate::analysis::tags::{self, SEVEN_TAG_ROSTER};
use crate::analysis::text::tag_text;
use crate::analysis::walk::start::fen_problem_at;
use crate::analysis::walk::{Game, Start};
use crate::model::Severity;

/// Checks the tag section of `game`, whose start is `start` (not an unsupported variant).
pub(super) fn check_tags(checker: &mut Checker, game: &mut Game<'_>, start: &Start) {
    encoding(checker, game);
    double_encoding(checker, game);
    roster(checker, game);
    pairs(checker, game);
    result(checker, game);
    setup(checker, game);
    fen(checker, game, start);
}

/// Tag values that are not UTF-8 (read as Windows-1252 or code page 437, as `fix` converts
/// them): one warning, naming the first.
fn encoding(checker: &mut Checker, game: &mut Game<'_>) {
    let Some(pair) = game
        .tags
        .pairs
        .iter()
        .find(|p| !p.raw.is_ascii() && std::str::from_utf8(p.raw).is_err())
        .copied()
    else {
        return;
    };
    checker.simple(
        game,
        Severity::Warning,
        code::LATIN1,
        pair.start,
        Some(pair.text),
        format!(
            "tag values are not UTF-8: read as {} (as fix converts them), e.g. {} \"{}\"; the split outputs keep the bytes as they are",
            crate::analysis::encoding::detect(pair.raw).name(),
            tag_text(pair.name),
            tag_text(pair.raw)
        ),
    );
}

/// Tag values encoded as UTF-8 twice (`ZÃ¼rich`): one warning a game, naming the first; when
/// none is and the game's bytes may hold such text, its comments are looked at as they come
/// ([`Checker::double_utf8`]). One vector search over the game's bytes passes most games.
fn double_encoding(checker: &mut Checker, game: &mut Game<'_>) {
    checker.double_utf8 = mojibake::may_be_double_utf8(game.text.bytes);
    if !checker.double_utf8 {
        return;
    }
    let found = game.tags.pairs.iter().find_map(|p| {
        if !mojibake::may_be_double_utf8(p.raw) {
            return None;
        }
        let value = std::str::from_utf8(&tags::unescape(p.raw)).ok()?.to_owned();
        let decoded = mojibake::decode_double_utf8(&value)?;
        Some((*p, decoded))
    });
    let Some((pair, decoded)) = found else {
        return;
    };
    checker.double_utf8 = false;
    checker.simple(
        game,
        Severity::Warning,
        code::DOUBLE_UTF8,
        pair.start,
        Some(pair.text),
        format!(
            "tag value encoded as UTF-8 twice (UTF-8 read as Windows-1252 and encoded again): \
             {} \"{}\" is \"{}\"",
            tag_text(pair.name),
            tag_text(pair.raw),
            tag_text(decoded.as_bytes())
        ),
    );
}

/// A numeric tag (WhiteElo, PlyCount...) written with white space around its number, or with
/// something that is no number.
fn number(checker: &mut Checker, game: &mut Game<'_>, pair: &tags::TagPair<'_>, signed: bool) {
    let raw = tags::unescape(pair.raw);
    let shape = match std::str::from_utf8(&raw) {
        Ok(value) => numbers::number_value(value, signed),
        Err(_) => NumberValue::Bad,
    };
    let (code, message) = match shape {
        NumberValue::Number | NumberValue::Unknown => return,
        NumberValue::Padded(number) => (
            code::PADDED_NUMBER,
            format!(
                "{} \"{}\": white space around the number {number}",
                tag_text(pair.name),
                tag_text(pair.raw)
            ),
        ),
        NumberValue::Bad => (
            code::BAD_NUMBER,
            format!(
                "{} \"{}\" is not a whole number (nor empty, ? or - for unknown): read as unknown",
                tag_text(pair.name),
                tag_text(pair.raw)
            ),
        ),
    };
    checker.simple(
        game,
        Severity::Warning,
        code,
        pair.start,
        Some(pair.text),
        message,
    );
}

/// The Seven Tag Roster (PGN standard 8.1.1).
fn roster(checker: &mut Checker, game: &mut Game<'_>) {
    // One pass over the pairs (most sections hold the roster and a few more tags).
    let mut present = [false; SEVEN_TAG_ROSTER.len()];
    for pair in &game.tags.pairs {
        let i = match pair.name {
            b"Event" => 0,
            b"Site" => 1,
            b"Date" => 2,
            b"Round" => 3,
            b"White" => 4,
            b"Black" => 5,
            b"Result" => 6,
            _ => continue,
        };
        present[i] = true;
    }
    if present == [true; SEVEN_TAG_ROSTER.len()] {
        return;
    }
    let missing: Vec<&str> = SEVEN_TAG_ROSTER
        .iter()
        .zip(present)
        .filter_map(|(name, present)| (!present).then_some(*name))
        .collect();
    let at = game.content_start;
    checker.simple(
        game,
        Severity::Warning,
        code::MISSING_ROSTER,
        at,
        None,
        format!(
            "missing Seven Tag Roster tag{}: {}",
            if missing.len() > 1 { "s" } else { "" },
            missing.join(", ")
        ),
    );
}

/// Duplicate tags and bad dates, pair by pair.
fn pairs(checker: &mut Checker, game: &mut Game<'_>) {
    let pairs = std::mem::take(&mut game.tags.pairs);
    let mut names = tags::RepeatedNames::new(pairs.len());
    for (i, pair) in pairs.iter().enumerate() {
        let duplicate = names.repeated(&pairs, i);
        if duplicate {
            checker.simple(
                game,
                Severity::Warning,
                code::DUPLICATE_TAG,
                pair.start,
                Some(pair.text),
                format!("duplicate tag {}", tag_text(pair.name)),
            );
        }
        if let Some(signed) = numbers::numeric_tag(pair.name) {
            number(checker, game, pair, signed);
        }
        if matches!(pair.name, b"Date" | b"EventDate" | b"UTCDate")
            && !tags::is_valid_date(&tags::unescape(pair.raw))
        {
            checker.simple(
                game,
                Severity::Warning,
                code::BAD_DATE,
                pair.start,
                Some(pair.text),
                format!(
                    "{} \"{}\" {}",
                    tag_text(pair.name),
                    tag_text(pair.raw),
                    if tags::is_date_shaped(&tags::unescape(pair.raw)) {
                        "is not a date that exists"
                    } else {
                        "is not a date of the form YYYY.MM.DD (use ? for unknown digits)"
                    }
                ),
            );
        }
    }
    game.tags.pairs = pairs;
}

/// A Result tag that is not one of the four results: a warning when it is a form that stands
/// for one (`1/2`, `½-½`, `1–0`: the same rule as for the termination marker), else an error.
fn result(checker: &mut Checker, game: &mut Game<'_>) {
    let Some(result) = game.tags.get("Result").copied() else {
        return;
    };
    if crate::bytes::is_termination_marker(result.raw) {
        return;
    }
    let (severity, code, message) = match crate::bytes::termination_marker(result.raw) {
        Some(standard) => (
            Severity::Warning,
            code::NONSTANDARD_RESULT_TAG,
            format!(
                "Result \"{}\" is not one of 1-0, 0-1, 1/2-1/2, *: read as {}",
                tag_text(result.raw),
                tag_text(standard)
            ),
        ),
        None => (
            Severity::Error,
            code::BAD_RESULT,
            format!(
                "Result \"{}\" is not one of 1-0, 0-1, 1/2-1/2, *",
                tag_text(result.raw)
            ),
        ),
    };
    checker.simple(
        game,
        severity,
        code,
        result.start,
        Some(result.text),
        message,
    );
}

/// SetUp and FEN go together (PGN standard 9.7).
fn setup(checker: &mut Checker, game: &mut Game<'_>) {
    let setup = game.tags.get("SetUp").copied();
    let fen = game.tags.get("FEN").copied();
    let at = game.content_start;
    match (setup.map(|s| s.raw), fen) {
        (Some(b"1"), None) => checker.simple(
            game,
            Severity::Warning,
            code::SETUP_WITHOUT_FEN,
            setup.map_or(at, |s| s.start),
            setup.map(|s| s.text),
            "SetUp \"1\" without a FEN tag: replaying from the standard start position".to_owned(),
        ),
        (None, Some(fen)) => checker.simple(
            game,
            Severity::Warning,
            code::FEN_WITHOUT_SETUP,
            fen.start,
            Some(fen.text),
            "FEN tag without SetUp \"1\"".to_owned(),
        ),
        (Some(v), Some(fen)) if v != b"1" => checker.simple(
            game,
            Severity::Warning,
            code::FEN_WITHOUT_SETUP,
            fen.start,
            Some(fen.text),
            format!("FEN tag with SetUp \"{}\" (should be \"1\")", tag_text(v)),
        ),
        _ => {}
    }
}

/// The FEN tag's problems, with the codes `arbiter fen --check` gives them, at the field at
/// fault: warnings when the game is replayed (from the position as read, repaired where the
/// message says so), `tag/bad-fen` when the tag gives no position (nothing is replayed).
fn fen(checker: &mut Checker, game: &mut Game<'_>, start: &Start) {
    let Some(tag) = game.tags.get("FEN").copied() else {
        return;
    };
    match start {
        Start::BadFen { problem } => {
            let (at, token) = fen_problem_at(&tag, problem);
            checker.simple(
                game,
                Severity::Error,
                code::BAD_FEN,
                at,
                Some(token),
                format!(
                    "bad FEN tag: {}; the moves cannot be replayed",
                    problem.message
                ),
            );
        }
        Start::Position { fen, .. } => {
            for problem in fen {
                let (at, token) = fen_problem_at(&tag, problem);
                checker.simple(
                    game,
                    problem.severity,
                    problem.code,
                    at,
                    Some(token),
                    format!("FEN tag: {}", problem.message),
                );
            }
        }
        Start::Unsupported { .. } => {}
    }
}

/// The PlyCount tag against the plies of the main line (PGN standard 9.2.1), for a game replayed
/// to its end: a number (with white space around it or not) that is not `plies` is a warning,
/// the repair `fix` makes (`plycount`, which compares the text: `040` is not `40`). A value that is unknown (`?`) or no number is left to
/// [`number`].
pub(super) fn plycount(checker: &mut Checker, game: &mut Game<'_>, plies: u32) {
    let Some(pair) = game.tags.get("PlyCount").copied() else {
        return;
    };
    let raw = tags::unescape(pair.raw);
    let Ok(value) = std::str::from_utf8(&raw) else {
        return;
    };
    let number = match numbers::number_value(value, false) {
        NumberValue::Number => value,
        NumberValue::Padded(number) => number,
        NumberValue::Unknown | NumberValue::Bad => return,
    };
    if number == plies.to_string() {
        return;
    }
    checker.simple(
        game,
        Severity::Warning,
        code::PLYCOUNT_MISMATCH,
        pair.start,
        Some(pair.text),
        format!(
            "PlyCount \"{}\" but the main line has {plies} {}",
            tag_text(pair.raw),
            if plies == 1 { "ply" } else { "plies" }
        ),
    );
}
