//! Integration tests for `arbiter check`: every finding code on hand-written files in
//! `testdata/check/`, and the behaviour promised by the README (exit status, formats, `--jobs`,
//! standard input, split outputs, closed pipes).
//!
//! Every expected value (ply, move, FEN, SAN, line/column) was worked out from the rules and the
//! file text, and cross-checked with python-chess, never copied from arbiter's output.

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

// ---------------------------------------------------------------------------------------------
// Illegal moves
// ---------------------------------------------------------------------------------------------

#[test]
fn illegal_no_piece() {
    let (records, code) = check("illegal-no-piece.pgn", &[]);
    assert_eq!(code, 1);
    let f = assert_findings(
        &records,
        &data("illegal-no-piece.pgn"),
        1,
        &[err("illegal-move/no-piece", 1, "1.Nd4", "Nd4", 9, 4, START)],
    );
    assert_mentions(f[0], &["Nd4", "knight", "d4"]);
    assert_game(&records, 1, "no-piece", "error", 0, Some("*"));
    // Right after 2...d5 the en passant capture exd6 is legal: the FEN names d6.
    assert_findings(
        &records,
        &data("illegal-no-piece.pgn"),
        2,
        &[err(
            "illegal-move/no-piece",
            5,
            "3.Nd4",
            "Nd4",
            19,
            22,
            "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        )],
    );
    assert_game(
        &records,
        2,
        "en passant square in the FEN",
        "error",
        4,
        Some("*"),
    );
    assert_eq!(f[0].white.as_deref(), Some("White"));
    assert_eq!(f[0].black.as_deref(), Some("Black"));
}

#[test]
fn illegal_occupied() {
    let (records, code) = check("illegal-occupied.pgn", &[]);
    assert_eq!(code, 1);
    let f = assert_findings(
        &records,
        &data("illegal-occupied.pgn"),
        1,
        &[err("illegal-move/occupied", 1, "1.Nd2", "Nd2", 9, 4, START)],
    );
    assert_mentions(f[0], &["d2"]);
    assert_game(&records, 1, "occupied", "error", 0, Some("*"));
}

#[test]
fn illegal_ambiguous_names_both_candidates() {
    let (records, code) = check("illegal-ambiguous.pgn", &[]);
    assert_eq!(code, 1);
    // 1.Nf3 d5 2.d4 Nf6: both the b1 and the f3 knight reach d2.
    let f = assert_findings(
        &records,
        &data("illegal-ambiguous.pgn"),
        1,
        &[err(
            "illegal-move/ambiguous",
            5,
            "3.Nd2",
            "Nd2",
            9,
            24,
            "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 1 3",
        )],
    );
    assert_mentions(f[0], &["Nbd2", "Nfd2"]);
    assert_game(&records, 1, "ambiguous", "error", 4, Some("*"));
}

#[test]
fn illegal_king_in_check() {
    let path = data("illegal-king-in-check.pgn");
    let (records, code) = check("illegal-king-in-check.pgn", &[]);
    assert_eq!(code, 1);
    // The knight on c3 is pinned by the bishop on b4 (d2 is empty after 1.d4).
    let f = assert_findings(
        &records,
        &path,
        1,
        &[err(
            "illegal-move/king-in-check",
            7,
            "4.Ne4",
            "Ne4",
            9,
            35,
            "rnbqk2r/pppp1ppp/5n2/4p3/1b1P4/2N1P3/PPP2PPP/R1BQKBNR w KQkq - 3 4",
        )],
    );
    assert_mentions(f[0], &["pinned", "b4"]);
    assert_game(&records, 1, "pinned", "error", 6, Some("*"));
    // e3 is attacked by the bishop on c5 through d4.
    let f = assert_findings(
        &records,
        &path,
        2,
        &[err(
            "illegal-move/king-in-check",
            5,
            "3.Ke3",
            "Ke3",
            19,
            24,
            "rnbqk1nr/pppp1ppp/8/2b1p3/4P3/8/PPPPKPPP/RNBQ1BNR w kq - 2 3",
        )],
    );
    assert_mentions(f[0], &["c5"]);
    assert_game(&records, 2, "into check", "error", 4, Some("*"));
    // 2...Qh4+ is check along h4-g3-f2-e1; 3.a3 does not parry it.
    let f = assert_findings(
        &records,
        &path,
        3,
        &[err(
            "illegal-move/king-in-check",
            5,
            "3.a3",
            "a3",
            29,
            24,
            "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5P2/PPPP2PP/RNBQKBNR w KQkq - 1 3",
        )],
    );
    assert_mentions(f[0], &["h4"]);
    assert_game(&records, 3, "not parried", "error", 4, Some("*"));
    // exd6 e.p. would empty the fifth rank between the king on a5 and the rook on h5; the FEN
    // has no en passant square because the capture is not legal.
    assert_findings(
        &records,
        &path,
        4,
        &[err(
            "illegal-move/king-in-check",
            2,
            "2.exd6",
            "exd6",
            41,
            12,
            "8/8/8/K2pP2r/8/8/8/7k w - - 0 2",
        )],
    );
    assert_game(
        &records,
        4,
        "en passant exposes king",
        "error",
        1,
        Some("*"),
    );
}

#[test]
fn illegal_castling() {
    let path = data("illegal-castling.pgn");
    let (records, code) = check("illegal-castling.pgn", &[]);
    assert_eq!(code, 1);
    // The king went e1-e2-e1: the right was lost at ply 3 (2.Ke2); the FEN has no rights left.
    let f = assert_findings(
        &records,
        &path,
        1,
        &[err(
            "illegal-move/castling",
            11,
            "6.O-O",
            "O-O",
            9,
            57,
            "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w - - 8 6",
        )],
    );
    assert_mentions(f[0], &["ply 3", "2.Ke2"]);
    assert_game(&records, 1, "king moved", "error", 10, Some("*"));
    // The h1 rook went h1-g1-h1: the king-side right was lost at ply 5 (3.Rg1).
    let f = assert_findings(
        &records,
        &path,
        2,
        &[err(
            "illegal-move/castling",
            11,
            "6.O-O",
            "O-O",
            19,
            56,
            "r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w Qkq - 2 6",
        )],
    );
    assert_mentions(f[0], &["ply 5", "3.Rg1"]);
    assert_game(&records, 2, "rook moved", "error", 10, Some("*"));
    // The bishop still stands on f1.
    let f = assert_findings(
        &records,
        &path,
        3,
        &[err(
            "illegal-move/castling",
            3,
            "2.O-O",
            "O-O",
            29,
            15,
            "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2",
        )],
    );
    assert_mentions(f[0], &["f1"]);
    assert_game(&records, 3, "path blocked", "error", 2, Some("*"));
    // 4...Bxf2+ checks the king on e1.
    let f = assert_findings(
        &records,
        &path,
        4,
        &[err(
            "illegal-move/castling",
            9,
            "5.O-O",
            "O-O",
            39,
            49,
            "rnbqk2r/pppp1ppp/5n2/4N3/2B1P3/8/PPPP1bPP/RNBQK2R w KQkq - 0 5",
        )],
    );
    assert_mentions(f[0], &["check", "f2"]);
    assert_game(&records, 4, "in check", "error", 8, Some("*"));
    // f1 is attacked by the bishop on a6 (b5, c4, d3, e2 are empty).
    let f = assert_findings(
        &records,
        &path,
        5,
        &[err(
            "illegal-move/castling",
            9,
            "5.O-O",
            "O-O",
            49,
            44,
            "rn1qkb1r/p1pp1ppp/bp2pn2/8/4P3/5NP1/PPPP1PBP/RNBQK2R w KQkq - 2 5",
        )],
    );
    assert_mentions(f[0], &["f1", "a6"]);
    assert_game(&records, 5, "through attack", "error", 8, Some("*"));
    // g1 is attacked by the bishop on c5 (d4, e3, f2 are empty).
    let f = assert_findings(
        &records,
        &path,
        6,
        &[err(
            "illegal-move/castling",
            11,
            "6.O-O",
            "O-O",
            59,
            57,
            "rnbqk2r/ppp2ppp/5n2/2b1p3/2B1P3/5N2/PPPP2PP/RNBQK2R w KQkq - 2 6",
        )],
    );
    assert_mentions(f[0], &["g1", "c5"]);
    assert_game(&records, 6, "lands on attack", "error", 10, Some("*"));
    // White's 4.Bxh8 (ply 7) captured the h8 rook: black lost the king-side right then.
    let f = assert_findings(
        &records,
        &path,
        7,
        &[err(
            "illegal-move/castling",
            12,
            "6...O-O",
            "O-O",
            69,
            64,
            "r1bqk3/pppppp1p/2n3p1/8/8/1PB5/P1PPPPPP/RN1QKBNR b KQq - 2 6",
        )],
    );
    assert_mentions(f[0], &["ply 7", "4.Bxh8"]);
    assert_game(&records, 7, "rook captured", "error", 11, Some("*"));
}

#[test]
fn illegal_promotion() {
    let path = data("illegal-promotion.pgn");
    let (records, code) = check("illegal-promotion.pgn", &[]);
    assert_eq!(code, 1);
    let before_b7xa8 = "rnbqkb1r/pP3ppp/4pn2/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 5";
    assert_findings(
        &records,
        &path,
        1,
        &[err(
            "illegal-move/promotion",
            9,
            "5.bxa8",
            "bxa8",
            9,
            47,
            before_b7xa8,
        )],
    );
    assert_game(&records, 1, "no promotion piece", "error", 8, Some("*"));
    assert_findings(
        &records,
        &path,
        2,
        &[err(
            "illegal-move/promotion",
            7,
            "4.c7=Q",
            "c7=Q",
            19,
            36,
            "rnbqkb1r/pp2pppp/2P2n2/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4",
        )],
    );
    assert_game(&records, 2, "promotion on 7th", "error", 6, Some("*"));
    let f = assert_findings(
        &records,
        &path,
        3,
        &[err(
            "illegal-move/promotion",
            9,
            "5.bxa8=K",
            "bxa8=K",
            29,
            47,
            before_b7xa8,
        )],
    );
    assert_mentions(f[0], &["king"]);
    assert_game(&records, 3, "promotion to king", "error", 8, Some("*"));
}

#[test]
fn illegal_en_passant() {
    let (records, code) = check("illegal-en-passant.pgn", &[]);
    assert_eq!(code, 1);
    // 2...d5 was two moves ago: the right to capture en passant has expired.
    assert_findings(
        &records,
        &data("illegal-en-passant.pgn"),
        1,
        &[err(
            "illegal-move/en-passant",
            7,
            "4.exd6",
            "exd6",
            9,
            31,
            "rnbqkbnr/1pp1ppp1/p6p/3pP3/8/7P/PPPP1PP1/RNBQKBNR w KQkq - 0 4",
        )],
    );
    assert_game(&records, 1, "en passant", "error", 6, Some("*"));
}

#[test]
fn illegal_null_move() {
    let (records, code) = check("illegal-null-move.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &data("illegal-null-move.pgn"),
        1,
        &[err(
            "illegal-move/null-move",
            2,
            "1...--",
            "--",
            9,
            7,
            AFTER_E4,
        )],
    );
    assert_game(&records, 1, "null move", "error", 1, Some("*"));
}

#[test]
fn illegal_move_after_checkmate_and_stalemate() {
    let path = data("illegal-after-game-end.pgn");
    let (records, code) = check("illegal-after-game-end.pgn", &[]);
    assert_eq!(code, 1);
    let f = assert_findings(
        &records,
        &path,
        1,
        &[err(
            "illegal-move/after-game-end",
            5,
            "3.a3",
            "a3",
            9,
            24,
            FOOLS_MATE,
        )],
    );
    assert_mentions(f[0], &["checkmate"]);
    assert_game(&records, 1, "after mate", "error", 4, Some("0-1"));
    let f = assert_findings(
        &records,
        &path,
        2,
        &[err(
            "illegal-move/after-game-end",
            20,
            "10...Kf5",
            "Kf5",
            20,
            33,
            LOYD_STALEMATE,
        )],
    );
    assert_mentions(f[0], &["stalemate"]);
    assert_game(&records, 2, "after stalemate", "error", 19, Some("1/2-1/2"));
}

#[test]
fn illegal_move_in_variation() {
    let (records, code) = check("illegal-in-variation.pgn", &[]);
    assert_eq!(code, 1);
    // 1...Nd4 replaces 1...e5: ply 2 along the variation; the main line goes on to 2...Nc6.
    let mut expected = err(
        "illegal-move/no-piece",
        2,
        "1...Nd4",
        "Nd4",
        9,
        16,
        AFTER_E4,
    );
    expected = expected.in_variation();
    assert_findings(&records, &data("illegal-in-variation.pgn"), 1, &[expected]);
    assert_game(&records, 1, "variation", "error", 4, Some("*"));
    // A variation inside a variation: 2.Bc4 (ply 3) replaces 2.Nf3, 2...Nc6 (ply 4) replaces
    // 2...Nf6, so 3.Qd5 (blocked by the d2 pawn) is ply 5.
    let mut expected = err(
        "illegal-move/no-piece",
        5,
        "3.Qd5",
        "Qd5",
        19,
        42,
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3",
    );
    expected = expected.in_variation();
    assert_findings(&records, &data("illegal-in-variation.pgn"), 2, &[expected]);
    assert_game(&records, 2, "nested variation", "error", 4, Some("*"));
}

#[test]
fn main_line_replay_stops_at_first_illegal_move() {
    let (records, code) = check("illegal-replay-stops.pgn", &[]);
    assert_eq!(code, 1);
    // 3.Ke3 is illegal; 3...Nf6 4.Ke2 are not replayed (4.Ke2 would be legal from e1).
    assert_findings(
        &records,
        &data("illegal-replay-stops.pgn"),
        1,
        &[err(
            "illegal-move/no-piece",
            5,
            "3.Ke3",
            "Ke3",
            9,
            24,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        )],
    );
    assert_game(&records, 1, "replay stops", "error", 4, Some("*"));
    let s = summary_of(&records);
    assert_eq!(s.plies, 4);
    assert_eq!(s.errors, 1);
}

#[test]
fn legal_edge_cases_are_accepted() {
    let (records, code) = check("legal-edge-cases.pgn", &[]);
    assert_eq!(code, 0, "{records:#?}");
    assert!(findings_of(&records).is_empty(), "{records:#?}");
    // O-O-O is legal although b1 (crossed only by the rook) is attacked by the rook on b8.
    assert_game(
        &records,
        1,
        "long castling with b1 attacked",
        "ok",
        2,
        Some("*"),
    );
    assert_game(&records, 2, "en passant", "ok", 3, Some("*"));
}

// ---------------------------------------------------------------------------------------------
// Notation warnings
// ---------------------------------------------------------------------------------------------

/// A file whose only game has only `expected` warnings: exit 0, status `warning`.
fn assert_warnings_only(name: &str, event: &str, plies: u64, expected: &[Want]) {
    let (records, code) = check(name, &[]);
    assert_eq!(code, 0, "warnings do not fail: {records:#?}");
    assert_findings(&records, &data(name), 1, expected);
    assert_game(&records, 1, event, "warning", plies, Some("*"));
    let s = summary_of(&records);
    assert_eq!(s.errors, 0);
    assert_eq!(s.warnings, expected.len() as u64);
    assert_eq!(s.games_with_warnings, 1);
}

#[test]
fn notation_zero_castling() {
    assert_warnings_only(
        "notation-zero-castling.pgn",
        "zero castling",
        8,
        &[warn(
            "notation/zero-castling",
            7,
            "4.0-0",
            "0-0",
            9,
            35,
            "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "O-O",
        )],
    );
    assert_warnings_only(
        "notation-zero-castling-long.pgn",
        "zero long castling",
        10,
        &[warn(
            "notation/zero-castling",
            9,
            "5.0-0-0",
            "0-0-0",
            9,
            46,
            "r3kbnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/R3KBNR w KQkq - 6 5",
            "O-O-O",
        )],
    );
}

#[test]
fn notation_promotion_without_equals() {
    assert_warnings_only(
        "notation-promotion-without-equals.pgn",
        "promotion without equals",
        10,
        &[warn(
            "notation/promotion-without-equals",
            9,
            "5.a8Q",
            "a8Q",
            9,
            46,
            "1rbqkbnr/P1pppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR w KQk - 1 5",
            "a8=Q",
        )],
    );
}

#[test]
fn notation_ep_suffix() {
    // 2...d5 3.exd6 e.p.: the capture is legal, so the FEN has the en passant square d6; the
    // warning is about the move 3.exd6 (ply 5) and its standard SAN is exd6.
    assert_warnings_only(
        "notation-ep-suffix.pgn",
        "ep suffix",
        6,
        &[warn(
            "notation/ep-suffix",
            5,
            "3.exd6",
            "e.p.",
            9,
            27,
            "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
            "exd6",
        )],
    );
}

#[test]
fn notation_long_algebraic() {
    assert_warnings_only(
        "notation-long-algebraic.pgn",
        "long algebraic",
        4,
        &[
            warn(
                "notation/long-algebraic",
                1,
                "1.e2e4",
                "e2e4",
                9,
                4,
                START,
                "e4",
            ),
            warn(
                "notation/long-algebraic",
                2,
                "1...e7-e5",
                "e7-e5",
                9,
                9,
                AFTER_E4,
                "e5",
            ),
            warn(
                "notation/long-algebraic",
                3,
                "2.Ng1-f3",
                "Ng1-f3",
                9,
                18,
                AFTER_E4_E5,
                "Nf3",
            ),
        ],
    );
}

#[test]
fn notation_check_suffix() {
    let path = data("notation-check-suffix.pgn");
    let (records, code) = check("notation-check-suffix.pgn", &[]);
    assert_eq!(code, 0);
    // 1.e4 f6 2.Qh5+: h5-g6-f7-e8 is open.
    assert_findings(
        &records,
        &path,
        1,
        &[warn(
            "notation/wrong-check-suffix",
            3,
            "2.Qh5",
            "Qh5",
            9,
            13,
            "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "Qh5+",
        )],
    );
    assert_game(&records, 1, "missing check", "warning", 4, Some("*"));
    assert_findings(
        &records,
        &path,
        2,
        &[warn(
            "notation/wrong-check-suffix",
            1,
            "1.e4+",
            "e4+",
            19,
            4,
            START,
            "e4",
        )],
    );
    assert_game(&records, 2, "superfluous check", "warning", 2, Some("*"));
    assert_findings(
        &records,
        &path,
        3,
        &[warn(
            "notation/wrong-check-suffix",
            4,
            "2...Qh4+",
            "Qh4+",
            29,
            16,
            BEFORE_QH4,
            "Qh4#",
        )],
    );
    assert_game(&records, 3, "check for mate", "warning", 4, Some("0-1"));
    assert_findings(
        &records,
        &path,
        4,
        &[warn(
            "notation/wrong-check-suffix",
            4,
            "2...Qh4",
            "Qh4",
            39,
            16,
            BEFORE_QH4,
            "Qh4#",
        )],
    );
    assert_game(&records, 4, "missing mate", "warning", 4, Some("0-1"));
}

#[test]
fn notation_over_disambiguated() {
    assert_warnings_only(
        "notation-over-disambiguated.pgn",
        "over-disambiguated",
        2,
        &[warn(
            "notation/over-disambiguated",
            1,
            "1.Ngf3",
            "Ngf3",
            9,
            4,
            START,
            "Nf3",
        )],
    );
}

#[test]
fn notation_missing_capture() {
    let path = data("notation-missing-capture.pgn");
    let (records, code) = check("notation-missing-capture.pgn", &[]);
    assert_eq!(code, 0);
    assert_findings(
        &records,
        &path,
        1,
        &[warn(
            "notation/missing-capture",
            7,
            "4.Bc6",
            "Bc6",
            9,
            34,
            "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
            "Bxc6",
        )],
    );
    assert_game(
        &records,
        1,
        "piece capture without x",
        "warning",
        8,
        Some("*"),
    );
    assert_findings(
        &records,
        &path,
        2,
        &[warn(
            "notation/missing-capture",
            7,
            "4.bc3",
            "bc3",
            19,
            36,
            "rnbqk1nr/pppp1ppp/8/4p3/3P4/P1b5/1PP1PPPP/R1BQKBNR w KQkq - 0 4",
            "bxc3",
        )],
    );
    assert_game(
        &records,
        2,
        "pawn capture without x",
        "warning",
        8,
        Some("*"),
    );
}

#[test]
fn notation_spurious_capture() {
    assert_warnings_only(
        "notation-spurious-capture.pgn",
        "spurious capture",
        2,
        &[warn(
            "notation/spurious-capture",
            1,
            "1.Nxf3",
            "Nxf3",
            9,
            4,
            START,
            "Nf3",
        )],
    );
}

#[test]
fn notation_figurine_columns_count_code_points() {
    // "1. e4 e5 2. ♘f3 ♞c6 *": ♞ is the 17th character (the 19th byte).
    assert_warnings_only(
        "notation-figurine.pgn",
        "figurine",
        4,
        &[
            warn(
                "notation/figurine",
                3,
                "2.♘f3",
                "♘f3",
                9,
                13,
                AFTER_E4_E5,
                "Nf3",
            ),
            warn(
                "notation/figurine",
                4,
                "2...♞c6",
                "♞c6",
                9,
                17,
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
                "Nc6",
            ),
        ],
    );
}

#[test]
fn notation_king_move_castling() {
    assert_warnings_only(
        "notation-king-move-castling.pgn",
        "king move castling",
        8,
        &[warn(
            "notation/king-move-castling",
            7,
            "4.Kg1",
            "Kg1",
            9,
            35,
            "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "O-O",
        )],
    );
}

#[test]
fn notation_attached_glyph() {
    assert_warnings_only(
        "notation-attached-glyph.pgn",
        "attached glyph",
        7,
        &[warn(
            "notation/attached-glyph",
            6,
            "3...Bc5=",
            "Bc5=",
            9,
            28,
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
            "Bc5",
        )],
    );
}

#[test]
fn strict_turns_warnings_into_errors() {
    let (plain, code) = check("notation-zero-castling.pgn", &[]);
    assert_eq!(code, 0);
    let plain = findings_of(&plain);
    assert_eq!(plain[0].severity, Severity::Warning);
    let (strict, code) = check("notation-zero-castling.pgn", &["--strict"]);
    assert_eq!(code, 1, "--strict: a warning fails the run");
    // The one finding again, as an error.
    let f = findings_of(&strict);
    assert_eq!((plain.len(), f.len()), (1, 1));
    let want = Want {
        severity: Severity::Error,
        ..Want::of(plain[0])
    };
    assert_eq!(Want::of(f[0]), want);
    assert_eq!(
        (
            want.code.as_str(),
            want.ply,
            want.move_.as_deref(),
            want.token.as_deref()
        ),
        (
            "notation/zero-castling",
            Some(7),
            Some("4.0-0"),
            Some("0-0")
        )
    );
    assert_eq!(
        (want.line, want.col, want.san.as_deref()),
        (9, 35, Some("O-O"))
    );
    assert!(f.iter().all(|f| f.severity == Severity::Error));
    assert_eq!(f.len(), plain.len());
    assert_eq!(game_record(&strict, 1).status, CheckStatus::Error);
    let s = summary_of(&strict);
    assert_eq!((s.errors, s.warnings), (plain.len() as u64, 0));
    assert_eq!(s.games_with_errors, 1);
}

// ---------------------------------------------------------------------------------------------
// Syntax
// ---------------------------------------------------------------------------------------------

#[test]
fn syntax_unknown_tokens() {
    let path = data("syntax-unknown-token.pgn");
    let (records, code) = check("syntax-unknown-token.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &path,
        1,
        &[about_game(
            "error",
            "syntax/unknown-token",
            Some("Nf9"),
            9,
            13,
        )],
    );
    assert_game(&records, 1, "unknown piece square", "error", 2, Some("*"));
    assert_findings(
        &records,
        &path,
        2,
        &[about_game(
            "error",
            "syntax/unknown-token",
            Some("Qxx4"),
            19,
            13,
        )],
    );
    assert_game(&records, 2, "unknown double capture", "error", 2, Some("*"));
    // "1. e4 Nf9 2. Nf3 Nc6": black's first move cannot be read, so the position after it is
    // unknown; reading 2.Nf3 as black's move ("1...Nf3", "move number 2 should be 1") invents
    // findings about moves that were never made.
    assert_findings(
        &records,
        &path,
        3,
        &[about_game(
            "error",
            "syntax/unknown-token",
            Some("Nf9"),
            29,
            7,
        )],
    );
    assert_game(
        &records,
        3,
        "unknown token stops replay",
        "error",
        1,
        Some("*"),
    );
}

#[test]
fn syntax_unterminated_comment_in_game_2_of_3() {
    let path = data("syntax-unterminated-comment.pgn");
    let (records, code) = check("syntax-unterminated-comment.pgn", &[]);
    assert_eq!(code, 1);
    // Game 1 is still checked.
    assert_findings(
        &records,
        &path,
        1,
        &[err(
            "illegal-move/occupied",
            3,
            "2.Nd4",
            "Nd4",
            9,
            13,
            "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
        )],
    );
    assert_game(&records, 1, "before", "error", 2, Some("*"));
    // Game 2: the comment swallows "2. Nf3 Nc6 *".
    assert_findings(
        &records,
        &path,
        2,
        &[about_game(
            "error",
            "syntax/unterminated-comment",
            Some("{"),
            19,
            10,
        )],
    );
    assert_game(&records, 2, "unterminated", "error", 2, None);
    assert_eq!(game_record(&records, 2).line, 11);
    // Game 3 is read from its own first tag and is clean.
    assert_findings(&records, &path, 3, &[]);
    assert_game(&records, 3, "after", "ok", 7, Some("1-0"));
    assert_eq!(game_record(&records, 3).line, 22);
    let s = summary_of(&records);
    assert_eq!(s.games, 3);
    assert_eq!(s.games_with_errors, 2);
}

#[test]
fn syntax_unterminated_variation() {
    let (records, code) = check("syntax-unterminated-variation.pgn", &[]);
    assert_eq!(code, 1);
    // "1. e4 e5 (1... c5 2. Nf3 *": the variation is still open at '*', so the marker is inside
    // it and the game has no marker of its own.
    assert_findings(
        &records,
        &data("syntax-unterminated-variation.pgn"),
        1,
        &[
            about_game("error", "syntax/unterminated-variation", Some("("), 9, 10),
            about_game("error", "syntax/result-in-variation", Some("*"), 9, 26),
            about_game("error", "syntax/missing-result", None, 9, 27),
        ],
    );
    assert_game(&records, 1, "unterminated variation", "error", 2, None);
}

#[test]
fn syntax_unmatched_close() {
    let (records, code) = check("syntax-unmatched-close.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &data("syntax-unmatched-close.pgn"),
        1,
        &[about_game(
            "error",
            "syntax/unmatched-close",
            Some(")"),
            9,
            10,
        )],
    );
    assert_game(&records, 1, "unmatched close", "error", 3, Some("*"));
}

#[test]
fn syntax_missing_result() {
    let (records, code) = check("syntax-missing-result.pgn", &[]);
    assert_eq!(code, 1);
    // "1. e4 e5 2. Nf3" ends at column 15: the marker is missing at column 16.
    assert_findings(
        &records,
        &data("syntax-missing-result.pgn"),
        1,
        &[about_game("error", "syntax/missing-result", None, 9, 16)],
    );
    assert_game(&records, 1, "missing result", "error", 3, None);
}

#[test]
fn syntax_result_in_variation() {
    let (records, code) = check("syntax-result-in-variation.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &data("syntax-result-in-variation.pgn"),
        1,
        &[about_game(
            "error",
            "syntax/result-in-variation",
            Some("1-0"),
            9,
            19,
        )],
    );
    assert_game(&records, 1, "result in variation", "error", 3, Some("*"));
}

#[test]
fn syntax_text_after_result() {
    let (records, code) = check("syntax-text-after-result.pgn", &[]);
    assert_eq!(code, 1);
    // "1. e4 e5 * 2. Nf3": reported once, at the first token after '*'.
    assert_findings(
        &records,
        &data("syntax-text-after-result.pgn"),
        1,
        &[about_game(
            "error",
            "syntax/text-after-result",
            Some("2."),
            9,
            12,
        )],
    );
    assert_game(&records, 1, "text after result", "error", 2, Some("*"));
}

#[test]
fn syntax_bad_tag() {
    let (records, code) = check("syntax-bad-tag.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &data("syntax-bad-tag.pgn"),
        1,
        &[about_game(
            "error",
            "syntax/bad-tag",
            Some("[Annotator Nobody]"),
            8,
            1,
        )],
    );
    assert_game(&records, 1, "bad tag", "error", 2, Some("*"));
}

// ---------------------------------------------------------------------------------------------
// Tags
// ---------------------------------------------------------------------------------------------

#[test]
fn tag_missing_roster_lists_every_missing_tag() {
    let (records, code) = check("tag-missing-roster.pgn", &[]);
    assert_eq!(code, 0);
    let f = assert_findings(
        &records,
        &data("tag-missing-roster.pgn"),
        1,
        &[about_game("warning", "tag/missing-roster", None, 1, 1)],
    );
    assert_mentions(f[0], &["Site", "Date", "Round", "Black", "Result"]);
    assert!(!f[0].message.as_str().contains("Event"));
    assert_eq!(f[0].white.as_deref(), Some("White"));
    assert_eq!(f[0].black, None);
    assert_game(&records, 1, "missing roster", "warning", 2, Some("*"));
}

#[test]
fn tag_bad_dates() {
    let path = data("tag-bad-date.pgn");
    let (records, code) = check("tag-bad-date.pgn", &[]);
    assert_eq!(code, 0);
    // 2023 is not a leap year.
    let f = assert_findings(
        &records,
        &path,
        1,
        &[about_game(
            "warning",
            "tag/bad-date",
            Some("[Date \"2023.02.29\"]"),
            3,
            1,
        )],
    );
    assert_mentions(f[0], &["2023.02.29"]);
    assert_game(&records, 1, "not a leap year", "warning", 1, Some("*"));
    let f = assert_findings(
        &records,
        &path,
        2,
        &[about_game(
            "warning",
            "tag/bad-date",
            Some("[EventDate \"2019.1.5\"]"),
            18,
            1,
        )],
    );
    assert_mentions(f[0], &["2019.1.5"]);
    assert_game(&records, 2, "single digits", "warning", 1, Some("*"));
    // Date "????.??.??", UTCDate "2024.??.??" and 2024.02.29 are fine.
    assert_findings(&records, &path, 3, &[]);
    assert_game(&records, 3, "unknown date", "ok", 1, Some("*"));
    assert_findings(&records, &path, 4, &[]);
    assert_game(&records, 4, "leap year", "ok", 1, Some("*"));
}

#[test]
fn tag_result_mismatch() {
    let (records, code) = check("tag-result-mismatch.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &data("tag-result-mismatch.pgn"),
        1,
        &[about_game("error", "tag/result-mismatch", Some("*"), 9, 10)],
    );
    assert_game(&records, 1, "result mismatch", "error", 2, Some("*"));
}

#[test]
fn tag_bad_result() {
    let (records, code) = check("tag-bad-result.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &data("tag-bad-result.pgn"),
        1,
        &[about_game(
            "error",
            "tag/bad-result",
            Some("[Result \"white wins\"]"),
            7,
            1,
        )],
    );
    assert_game(&records, 1, "bad result", "error", 2, Some("*"));
}

#[test]
fn tag_bad_fen_says_what_is_wrong() {
    let path = data("tag-bad-fen.pgn");
    let (records, code) = check("tag-bad-fen.pgn", &[]);
    assert_eq!(code, 1);
    let cases = [
        (
            1,
            "seven fields",
            "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra\"]",
            9,
            // A FEN has six fields; this one has seven.
            &["field"][..],
        ),
        (
            2,
            "castling without rook",
            "[FEN \"4k3/8/8/8/8/8/8/4K3 w K - 0 1\"]",
            21,
            &["castling"][..],
        ),
        (
            3,
            "pawn on first rank",
            "[FEN \"4k3/8/8/8/8/8/8/P3K3 w - - 0 1\"]",
            33,
            &["pawn"][..],
        ),
        (
            4,
            "nine ranks",
            "[FEN \"4k3/8/8/8/8/8/8/8/4K3 w - - 0 1\"]",
            45,
            // The board has nine ranks instead of eight.
            &["rank"][..],
        ),
        (
            5,
            "unreadable castling field",
            "[FEN \"4k3/8/8/8/8/8/8/4K3 w XYZ - 0 1\"]",
            57,
            &["castling"][..],
        ),
    ];
    let mut unclear = Vec::new();
    for (game, event, token, line, words) in cases {
        let f = assert_findings(
            &records,
            &path,
            game,
            &[about_game("error", "tag/bad-fen", Some(token), line, 1)],
        );
        assert_game(&records, game, event, "error", 0, Some("*"));
        let message = f[0].message.as_str();
        if !words.iter().all(|w| message.contains(w)) {
            unclear.push(format!(
                "game {game} ({event}): {message:?} should mention {words:?}"
            ));
        }
    }
    assert!(unclear.is_empty(), "{unclear:#?}");
}

#[test]
fn tag_setup_without_fen_replays_from_start() {
    let (records, code) = check("tag-setup-without-fen.pgn", &[]);
    assert_eq!(code, 0);
    assert_findings(
        &records,
        &data("tag-setup-without-fen.pgn"),
        1,
        &[about_game(
            "warning",
            "tag/setup-without-fen",
            Some("[SetUp \"1\"]"),
            8,
            1,
        )],
    );
    assert_game(&records, 1, "setup without fen", "warning", 2, Some("*"));
}

#[test]
fn tag_fen_without_setup() {
    let (records, code) = check("tag-fen-without-setup.pgn", &[]);
    assert_eq!(code, 0);
    // 1.Kd2 Kd7 is legal from the FEN (kings only), not from the start position.
    assert_findings(
        &records,
        &data("tag-fen-without-setup.pgn"),
        1,
        &[about_game(
            "warning",
            "tag/fen-without-setup",
            Some("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]"),
            8,
            1,
        )],
    );
    assert_game(&records, 1, "fen without setup", "warning", 2, Some("*"));
}

#[test]
fn tag_fen_with_black_to_move() {
    let (records, code) = check("tag-fen-black-to-move.pgn", &[]);
    assert_eq!(code, 0);
    // FEN "4k3/8/8/8/8/8/8/4K2R b K - 0 5": ply 1 is 5...Kd7, ply 2 is 6.O-O.
    assert_findings(
        &records,
        &data("tag-fen-black-to-move.pgn"),
        1,
        &[
            warn(
                "notation/wrong-check-suffix",
                1,
                "5...Kd7+",
                "Kd7+",
                11,
                6,
                "4k3/8/8/8/8/8/8/4K2R b K - 0 5",
                "Kd7",
            ),
            warn(
                "notation/zero-castling",
                2,
                "6.0-0",
                "0-0",
                11,
                14,
                "8/3k4/8/8/8/8/8/4K2R w K - 1 6",
                "O-O",
            ),
        ],
    );
    assert_game(&records, 1, "black to move", "warning", 3, Some("*"));
}

#[test]
fn tag_chess960_castling_is_accepted() {
    let (records, code) = check("tag-chess960.pgn", &[]);
    assert_eq!(code, 0, "{records:#?}");
    assert!(findings_of(&records).is_empty(), "{records:#?}");
    // King c1/c8, rooks b and g: O-O puts the king on g1 and the rook on f1; O-O-O leaves the
    // black king on c8 and puts the rook on d8.
    assert_game(&records, 1, "x-fen", "ok", 4, Some("*"));
    assert_game(&records, 2, "shredder-fen", "ok", 4, Some("*"));
}

#[test]
fn tag_variant_crazyhouse_is_skipped() {
    let (records, code) = check("tag-variant-crazyhouse.pgn", &[]);
    assert_eq!(code, 0);
    let f = assert_findings(
        &records,
        &data("tag-variant-crazyhouse.pgn"),
        1,
        &[about_game(
            "warning",
            "variant/unsupported",
            Some("[Variant \"Crazyhouse\"]"),
            8,
            1,
        )],
    );
    assert_mentions(f[0], &["Crazyhouse"]);
    // The game ends with "*" (`result` is the marker as written); nothing is replayed.
    assert_game(&records, 1, "crazyhouse", "skipped", 0, Some("*"));
    let s = summary_of(&records);
    assert_eq!(s.games_skipped, 1);
    assert_eq!(s.errors, 0);
}

// ---------------------------------------------------------------------------------------------
// Result against the final position
// ---------------------------------------------------------------------------------------------

#[test]
fn result_contradicts_position() {
    let path = data("result-contradicts-position.pgn");
    let (records, code) = check("result-contradicts-position.pgn", &[]);
    assert_eq!(code, 1);
    let result = |ply: u32, token: &str, line: u32, col: u32, fen: &str| Want {
        ply: Some(ply.into()),
        fen: Some(fen.to_owned()),
        ..about_game(
            "error",
            "result/contradicts-position",
            Some(token),
            line,
            col,
        )
    };
    let f = assert_findings(&records, &path, 1, &[result(4, "1-0", 9, 21, FOOLS_MATE)]);
    assert_mentions(f[0], &["0-1"]);
    assert_game(&records, 1, "mate wrong winner", "error", 4, Some("1-0"));
    let f = assert_findings(
        &records,
        &path,
        2,
        &[result(4, "1/2-1/2", 19, 21, FOOLS_MATE)],
    );
    assert_mentions(f[0], &["0-1"]);
    assert_game(&records, 2, "mate as draw", "error", 4, Some("1/2-1/2"));
    let f = assert_findings(
        &records,
        &path,
        3,
        &[result(19, "1-0", 30, 33, LOYD_STALEMATE)],
    );
    assert_mentions(f[0], &["stalemate"]);
    assert_game(&records, 3, "stalemate decisive", "error", 19, Some("1-0"));
}

// ---------------------------------------------------------------------------------------------
// Behaviour
// ---------------------------------------------------------------------------------------------

#[test]
fn line_endings_lf_crlf_and_lone_cr_count_lines_alike() {
    // The illegal 5.Ke3 is on line 11 (after a comment spanning lines 10-11), column 42.
    let fen = "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5";
    for name in ["lines-lf.pgn", "lines-crlf.pgn", "lines-cr.pgn"] {
        let (records, code) = check(name, &[]);
        assert_eq!(code, 1, "{name}");
        assert_findings(
            &records,
            &data(name),
            1,
            &[err("illegal-move/no-piece", 9, "5.Ke3", "Ke3", 11, 42, fen)],
        );
        assert_game(&records, 1, "line endings", "error", 8, Some("*"));
    }
}

#[test]
fn exit_status_0_for_a_clean_file() {
    let (records, code) = check_records(&testdata("twic944-300.pgn"), &[]);
    assert_eq!(code, 0);
    assert!(findings_of(&records).is_empty());
    let s = summary_of(&records);
    assert_eq!(s.games, 300);
    assert_eq!(s.errors, 0);
}

#[test]
fn exit_status_2_for_a_missing_file_others_still_checked() {
    let tmp = TempDir::new("check-missing");
    let missing = tmp.path("no-such-file.pgn");
    let before = data("illegal-ambiguous.pgn");
    let after = data("illegal-occupied.pgn");
    let out = run(&[
        "check",
        "-q",
        "--format",
        "jsonl",
        before.to_str().unwrap(),
        missing.to_str().unwrap(),
        after.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no-such-file.pgn"), "stderr: {stderr}");
    let records = parse_records::<CheckRecord>(&out.stdout);
    let f = findings_of(&records);
    assert_eq!(f.len(), 2, "{records:#?}");
    assert_eq!(f[0].file, shown(&before));
    assert_eq!(f[0].code, "illegal-move/ambiguous");
    assert_eq!(f[1].file, shown(&after));
    assert_eq!(f[1].code, "illegal-move/occupied");
    assert_eq!(summary_of(&records).games, 2);
    // A clean file next to a missing one: still 2.
    let out = run(&[
        "check",
        "-q",
        missing.to_str().unwrap(),
        data("legal-edge-cases.pgn").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("summary: "));
}

/// Standard output of `arbiter check -q <args>`.
fn stdout_of(args: &[&str]) -> Vec<u8> {
    let mut all = vec!["check", "-q"];
    all.extend_from_slice(args);
    let out = run(&all);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{all:?}: {:?}",
        out.status
    );
    out.stdout
}

#[test]
fn jobs_1_and_2_give_identical_output() {
    for file in ["immortal-games.pgn", "twic944-300.pgn"] {
        let path = testdata(file);
        let path = path.to_str().unwrap();
        for args in [
            &["--games", "--format", "text"][..],
            &["--format", "csv"][..],
        ] {
            let one = stdout_of(&[&["-j1"][..], args, &[path]].concat());
            let two = stdout_of(&[&["-j2"][..], args, &[path]].concat());
            assert!(!one.is_empty());
            assert!(one == two, "{file} {args:?}: -j1 and -j2 differ");
        }
        let one = stdout_of(&["-j1", "--games", "--format", "jsonl", path]);
        let two = stdout_of(&["-j2", "--games", "--format", "jsonl", path]);
        let (one, two) = (
            parse_records::<CheckRecord>(&one),
            parse_records::<CheckRecord>(&two),
        );
        assert_eq!(one.len(), two.len(), "{file}");
        assert_eq!(one[..one.len() - 1], two[..two.len() - 1], "{file}");
        assert_eq!(counts(&one), counts(&two), "{file}");
    }
}

#[test]
fn standard_input_gives_the_same_findings() {
    for file in ["immortal-games.pgn", "illegal-castling.pgn"] {
        let path = if file.starts_with("immortal") {
            testdata(file)
        } else {
            data(file)
        };
        let (from_file, code) = check_records(&path, &["--games"]);
        let input = std::fs::read(&path).unwrap();
        let out = run_stdin(
            &["check", "-q", "--format", "jsonl", "--games", "-"],
            &input,
        );
        assert_eq!(out.status.code(), Some(code), "{file}");
        let from_stdin = parse_records::<CheckRecord>(&out.stdout);
        assert_eq!(from_file.len(), from_stdin.len(), "{file}");
        let n = from_file.len() - 1;
        for (a, b) in from_file[..n].iter().zip(&from_stdin[..n]) {
            let mut a = a.clone();
            match &mut a {
                CheckRecord::Finding(f) => f.file = "-".to_owned(),
                CheckRecord::Game(g) => g.file = "-".to_owned(),
                CheckRecord::Summary(_) => panic!("a summary before the last line"),
            }
            assert_eq!(&a, b, "{file}");
        }
        assert_eq!(counts(&from_file), counts(&from_stdin), "{file}");
    }
}

/// Runs a split of `input` (written to a temporary directory) and checks that the two output
/// files hold exactly the input's games in order: the ones with `--games` status `error` in the
/// invalid file, the others in the valid file. Returns the number of invalid games.
fn assert_split_reproduces(input: &[u8], extra: &[&str]) -> usize {
    let tmp = TempDir::new("check-split");
    let src = tmp.write("in.pgn", input);
    let valid = tmp.path("valid.pgn");
    let invalid = tmp.path("invalid.pgn");
    let mut args = vec![
        "check",
        "-q",
        "--format",
        "jsonl",
        "--games",
        "--valid-out",
        valid.to_str().unwrap(),
        "--invalid-out",
        invalid.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    args.push(src.to_str().unwrap());
    let out = run(&args);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{:?}", out.status);
    let records = parse_records::<CheckRecord>(&out.stdout);
    let valid = std::fs::read(&valid).expect("valid-out written");
    let invalid = std::fs::read(&invalid).expect("invalid-out written");
    assert_eq!(valid.len() + invalid.len(), input.len());

    // Game i spans from its first non-blank byte (`offset`; 0 for the first game) to the next
    // game's.
    let games = games_of(&records);
    let mut starts: Vec<usize> = games.iter().map(|g| g.offset as usize).collect();
    starts[0] = 0;
    starts.push(input.len());
    let (mut want_valid, mut want_invalid) = (Vec::new(), Vec::new());
    for (i, g) in games.iter().enumerate() {
        let chunk = &input[starts[i]..starts[i + 1]];
        if g.status == CheckStatus::Error {
            want_invalid.extend_from_slice(chunk);
        } else {
            want_valid.extend_from_slice(chunk);
        }
    }
    assert!(
        valid == want_valid,
        "valid-out:\n{}\n---- expected:\n{}",
        String::from_utf8_lossy(&valid),
        String::from_utf8_lossy(&want_valid)
    );
    assert!(
        invalid == want_invalid,
        "invalid-out:\n{}\n---- expected:\n{}",
        String::from_utf8_lossy(&invalid),
        String::from_utf8_lossy(&want_invalid)
    );

    // Nothing but the input and the two outputs is left in the directory.
    let mut names: Vec<String> = std::fs::read_dir(tmp.path("."))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["in.pgn", "invalid.pgn", "valid.pgn"]);
    games
        .iter()
        .filter(|g| g.status == CheckStatus::Error)
        .count()
}

#[test]
fn split_outputs_reproduce_the_input() {
    let lf = std::fs::read(data("split-mixed.pgn")).unwrap();
    let crlf = String::from_utf8(lf.clone())
        .unwrap()
        .replace('\n', "\r\n")
        .into_bytes();
    for input in [&lf, &crlf] {
        // Games: valid, illegal, warning, unterminated comment, skipped variant, valid.
        assert_eq!(assert_split_reproduces(input, &[]), 2);
        // With --strict the over-disambiguation game is invalid too; the skipped game stays in
        // --valid-out ("nothing wrong was found in them").
        assert_eq!(assert_split_reproduces(input, &["--strict"]), 3);
    }
    // The statuses themselves.
    let (records, _) = check("split-mixed.pgn", &[]);
    let statuses: Vec<CheckStatus> = games_of(&records).iter().map(|g| g.status).collect();
    assert_eq!(
        statuses,
        ["ok", "error", "warning", "error", "skipped", "ok"].map(status)
    );
    // Real files: Latin-1 with CRLF, and a clean export.
    for file in ["immortal-games.pgn", "twic944-300.pgn"] {
        let input = std::fs::read(testdata(file)).unwrap();
        assert_split_reproduces(&input, &[]);
    }
}

#[test]
fn csv_header_and_rows_match_the_findings() {
    for path in [
        testdata("immortal-games.pgn"),
        data("illegal-in-variation.pgn"),
        data("notation-figurine.pgn"),
    ] {
        let p = path.to_str().unwrap();
        let out = run(&["check", "-q", "--format", "csv", p]);
        assert!(matches!(out.status.code(), Some(0 | 1)));
        let text = String::from_utf8(out.stdout).expect("utf-8 CSV");
        assert_eq!(
            text.lines().next().unwrap(),
            "severity,code,file,game,ply,move,token,line,col,fen,message,variation,event,white,black,san"
        );
        let (records, _) = check_records(&path, &[]);
        let expected = findings_of(&records);
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let rows: Vec<csv::StringRecord> =
            reader.records().map(|r| r.expect("a CSV row")).collect();
        assert_eq!(rows.len(), expected.len(), "{p}");
        assert!(!rows.is_empty());
        let text_of = |v: &Option<String>| v.clone().unwrap_or_default();
        let number = |v: Option<u64>| v.map_or(String::new(), |n| n.to_string());
        for (row, f) in rows.iter().zip(expected) {
            // The columns of the header, in order; an empty cell for null.
            let want = [
                match f.severity {
                    Severity::Error => "error".to_owned(),
                    Severity::Warning => "warning".to_owned(),
                },
                f.code.clone(),
                f.file.clone(),
                f.game.to_string(),
                number(f.ply),
                text_of(&f.move_),
                text_of(&f.token),
                f.line.to_string(),
                f.col.to_string(),
                text_of(&f.fen),
                f.message.clone(),
                // `variation` is `true` or `false` (never empty when the key is absent).
                f.variation.unwrap_or(false).to_string(),
                text_of(&f.event),
                text_of(&f.white),
                text_of(&f.black),
                text_of(&f.san),
            ];
            assert_eq!(row.iter().collect::<Vec<_>>(), want, "{f:?}");
        }
    }
}

#[test]
fn text_format_lines() {
    for path in [
        testdata("immortal-games.pgn"),
        data("illegal-ambiguous.pgn"),
    ] {
        let p = path.to_str().unwrap();
        let out = run(&["check", "-q", p]);
        let text = String::from_utf8(out.stdout).expect("utf-8 text");
        let lines: Vec<&str> = text.lines().collect();
        let (records, _) = check_records(&path, &[]);
        let expected = findings_of(&records);
        assert_eq!(lines.len(), expected.len() + 1, "{text}");
        for (line, f) in lines.iter().zip(&expected) {
            let prefix = format!(
                "{p}:{}:{}: {}[{}]: {}",
                f.line,
                f.col,
                match f.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
                f.code,
                f.message
            );
            assert!(
                line.starts_with(&prefix),
                "{line:?} should start with {prefix:?}"
            );
        }
        assert!(lines.last().unwrap().starts_with("summary: "), "{text}");
    }
    let out = run(&[
        "check",
        "-q",
        data("illegal-ambiguous.pgn").to_str().unwrap(),
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(&format!(
        "{}:9:24: error[illegal-move/ambiguous]: ",
        data("illegal-ambiguous.pgn").display()
    )));
}

#[test]
fn color_only_when_asked_or_on_a_terminal() {
    let p = data("notation-check-suffix.pgn");
    let p = p.to_str().unwrap();
    let always = run(&["check", "-q", "--color", "always", p]);
    assert!(
        always.stdout.contains(&0x1b),
        "--color always: ANSI escapes"
    );
    assert!(String::from_utf8_lossy(&always.stdout).contains("\x1b["));
    let default = run(&["check", "-q", p]);
    assert!(!default.stdout.contains(&0x1b), "not a terminal: no colour");
    let never = run(&["check", "-q", "--color", "never", p]);
    assert!(!never.stdout.contains(&0x1b));
    assert_eq!(default.stdout, never.stdout);
}

#[test]
fn closed_pipe_ends_quietly() {
    let tmp = TempDir::new("check-pipe");
    let twic = std::fs::read(testdata("twic944-300.pgn")).unwrap();
    let immortal = std::fs::read(testdata("immortal-games.pgn")).unwrap();
    let mut big = Vec::new();
    for _ in 0..20 {
        big.extend_from_slice(&twic);
        big.extend_from_slice(&immortal);
    }
    let path = tmp.write("big.pgn", &big);
    for format in ["text", "jsonl"] {
        let mut child = arbiter()
            .args(["check", "-q", "--strict", "--games", "--format", format])
            .arg(&path)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn arbiter");
        let stdout = child.stdout.take().unwrap();
        let mut reader = BufReader::new(stdout);
        let mut first = String::new();
        reader.read_line(&mut first).unwrap();
        assert!(!first.is_empty());
        drop(reader);
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{format}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{format}: {stderr}");
        assert_ne!(out.status.code(), Some(101), "{format}: {stderr}");
    }
}
