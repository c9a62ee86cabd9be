//! Integration tests for `arbiter check`: every finding code on hand-written files in
//! `testdata/check/`, and the behaviour promised by the README (exit status, formats, `--jobs`,
//! standard input, split outputs, closed pipes).
//!
//! Every expected value (ply, move, FEN, SAN, line/column) was worked out from the rules and the
//! file text, and cross-checked with python-chess, never copied from arbiter's output.
//!
//! The tests by topic: [`illegal`] moves, [`notation`] warnings, [`syntax`] errors, [`tags`]
//! and results, and the [`behaviour`] of the command (exit status, formats, `--jobs`, standard
//! input, split outputs, closed pipes).

mod behaviour;
mod games_csv;
mod illegal;
mod notation;
mod syntax;
mod tags;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::contract::records::{CheckRecord, CheckStatus, Finding, Game, Severity};
use crate::util::{
    TempDir, arbiter, check_records, findings_of, games_of, parse_records, run, run_stdin,
    summary_of, testdata,
};

/// The standard start position.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// After 1.e4 (no en passant square: black cannot capture on e3).
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/// After 1.e4 e5.
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
/// After 1.f3 e5 2.g4 Qh4#: white is checkmated.
const FOOLS_MATE: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
/// Before 2...Qh4 in the fool's mate.
const BEFORE_QH4: &str = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
/// After Sam Loyd's 1.e3 a5 ... 10.Qe6: black is stalemated.
const LOYD_STALEMATE: &str = "5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ - 2 10";

/// A file under `testdata/check/`.
fn data(name: &str) -> PathBuf {
    testdata(&format!("check/{name}"))
}

/// The path as arbiter reports it (as given on the command line).
fn shown(path: &Path) -> String {
    path.to_str().expect("utf-8 path").to_owned()
}

/// `arbiter check --format jsonl --games` on `testdata/check/<name>` (plus `extra`).
fn check(name: &str, extra: &[&str]) -> (Vec<CheckRecord>, i32) {
    let mut args = vec!["--games"];
    args.extend_from_slice(extra);
    check_records(&data(name), &args)
}

/// An expected finding: every field of the record but the message and the file, game and tags
/// (which [`assert_findings`] checks against the game).
#[derive(Clone, Debug, PartialEq)]
struct Want {
    severity: Severity,
    code: String,
    ply: Option<u64>,
    move_: Option<String>,
    token: Option<String>,
    line: u64,
    col: u64,
    fen: Option<String>,
    variation: Option<bool>,
    san: Option<String>,
}

impl Want {
    /// The expected fields of a finding as it was written.
    fn of(f: &Finding) -> Want {
        Want {
            severity: f.severity,
            code: f.code.clone(),
            ply: f.ply,
            move_: f.move_.clone(),
            token: f.token.clone(),
            line: f.line,
            col: f.col,
            fen: f.fen.clone(),
            variation: f.variation,
            san: f.san.clone(),
        }
    }

    /// The same finding inside a variation.
    fn in_variation(self) -> Want {
        Want {
            variation: Some(true),
            ..self
        }
    }
}

/// The severity named `name`.
fn severity(name: &str) -> Severity {
    match name {
        "error" => Severity::Error,
        "warning" => Severity::Warning,
        _ => panic!("no severity {name:?}"),
    }
}

/// An expected error about a move.
fn err(code: &str, ply: u32, mv: &str, token: &str, line: u32, col: u32, fen: &str) -> Want {
    Want {
        severity: Severity::Error,
        code: code.to_owned(),
        ply: Some(ply.into()),
        move_: Some(mv.to_owned()),
        token: Some(token.to_owned()),
        line: line.into(),
        col: col.into(),
        fen: Some(fen.to_owned()),
        variation: None,
        san: None,
    }
}

/// An expected notation warning about a move, with the standard SAN.
#[allow(clippy::too_many_arguments)]
fn warn(
    code: &str,
    ply: u32,
    mv: &str,
    token: &str,
    line: u32,
    col: u32,
    fen: &str,
    san: &str,
) -> Want {
    Want {
        severity: Severity::Warning,
        san: Some(san.to_owned()),
        ..err(code, ply, mv, token, line, col, fen)
    }
}

/// An expected finding that is not about a move (`ply`, `move`, `fen`, `san` are null).
fn about_game(severity_name: &str, code: &str, token: Option<&str>, line: u32, col: u32) -> Want {
    Want {
        severity: severity(severity_name),
        code: code.to_owned(),
        ply: None,
        move_: None,
        token: token.map(str::to_owned),
        line: line.into(),
        col: col.into(),
        fen: None,
        variation: None,
        san: None,
    }
}

/// The `game` record of game `game`.
fn game_record(records: &[CheckRecord], game: u64) -> &Game<CheckStatus> {
    let games: Vec<_> = games_of(records)
        .into_iter()
        .filter(|g| g.game == game)
        .collect();
    assert_eq!(
        games.len(),
        1,
        "one game record for game {game}: {records:#?}"
    );
    games[0]
}

/// The status named `name`.
fn status(name: &str) -> CheckStatus {
    match name {
        "ok" => CheckStatus::Ok,
        "warning" => CheckStatus::Warning,
        "error" => CheckStatus::Error,
        "skipped" => CheckStatus::Skipped,
        _ => panic!("no status {name:?}"),
    }
}

/// Checks the game record of game `game`.
fn assert_game(
    records: &[CheckRecord],
    game: u64,
    event: &str,
    status_name: &str,
    plies: u64,
    result: Option<&str>,
) {
    let g = game_record(records, game);
    assert_eq!(
        g.event.as_deref(),
        Some(event),
        "event of game {game}: {g:?}"
    );
    assert_eq!(
        g.status,
        status(status_name),
        "status of game {game}: {g:?}"
    );
    assert_eq!(g.plies, plies, "plies of game {game}: {g:?}");
    assert_eq!(g.result.as_deref(), result, "result of game {game}: {g:?}");
}

/// The findings of game `game`, which must be exactly `expected`, in order: every field of
/// [`Want`] must match (`variation` absent unless expected), and `file`, `event`, `white`,
/// `black` must match the game.
fn assert_findings<'a>(
    records: &'a [CheckRecord],
    path: &Path,
    game: u64,
    expected: &[Want],
) -> Vec<&'a Finding> {
    let actual: Vec<&Finding> = findings_of(records)
        .into_iter()
        .filter(|f| f.game == game)
        .collect();
    assert_eq!(
        actual.len(),
        expected.len(),
        "number of findings of game {game}: {actual:#?}"
    );
    let g = game_record(records, game);
    for (a, e) in actual.iter().zip(expected) {
        assert_eq!(&Want::of(a), e, "{a:?}");
        assert_eq!(a.file, shown(path), "file of {a:?}");
        assert_eq!(
            (&a.event, &a.white, &a.black),
            (&g.event, &g.white, &g.black),
            "tags of {a:?}"
        );
        assert!(!a.message.is_empty(), "a message: {a:?}");
    }
    actual
}

/// Asserts that a finding's message mentions every one of `words`.
fn assert_mentions(finding: &Finding, words: &[&str]) {
    for word in words {
        assert!(
            finding.message.contains(word),
            "{word:?} missing in {:?}",
            finding.message
        );
    }
}

/// The summary, without `seconds`.
fn counts(records: &[CheckRecord]) -> crate::contract::records::CheckSummary {
    let mut s = summary_of(records).clone();
    s.seconds = 0.0;
    s
}
