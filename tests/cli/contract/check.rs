//! `check`, `pgn` and `fen --check`: the findings, game records and summaries.

use std::collections::BTreeMap;

use super::records::*;
use super::{arbiter, assert_move_and_fen, bytes_of, documented_codes, testdata_pgn};
use crate::util::TempDir;
use crate::util::parse_records;

// ---- check ------------------------------------------------------------------------------------

/// Which stream of findings is read: the severities and the `fen` field differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// `check`: the severity of the code tables.
    Check,
    /// `check --strict`: warnings become errors.
    Strict,
    /// `pgn`: `variant/unsupported` is an error (the game's moves are lost).
    Pgn,
    /// `fen --check`: `fen` is the line as written, for every finding.
    FenCheck,
}

/// What the contract says of every record of a `check`-shaped stream (also `pgn`'s and
/// `fen --check`'s findings, without game records); returns the findings and the summary.
pub(super) fn check_stream(
    records: Vec<CheckRecord>,
    files: &[String],
    with_games: bool,
    mode: Mode,
) -> (Vec<Finding>, CheckSummary) {
    let codes = documented_codes();
    let mut records = records;
    let Some(CheckRecord::Summary(summary)) = records.pop() else {
        panic!("the last record is not the summary");
    };
    let mut games = Vec::new();
    let mut owned = Vec::new();
    for record in records {
        match record {
            CheckRecord::Finding(f) => owned.push(Some(f)),
            CheckRecord::Game(g) => {
                owned.push(None);
                games.push(g);
            }
            CheckRecord::Summary(_) => panic!("a summary before the last line"),
        }
    }
    let trailing = assert_record_order(&owned, &games);
    let findings: Vec<Finding> = owned.into_iter().flatten().collect();
    if with_games {
        assert_eq!(trailing, 0, "findings after the last game record");
        let mut in_order: Vec<&str> = games.iter().map(|g| g.file.as_str()).collect();
        in_order.dedup();
        let given: Vec<&str> = files
            .iter()
            .map(String::as_str)
            .filter(|f| in_order.contains(f))
            .collect();
        assert_eq!(in_order, given, "games in input order");
    }
    for f in &findings {
        assert!(files.contains(&f.file), "{f:?}");
        assert_finding(f, &codes, mode);
    }
    let count = |s: Severity| findings.iter().filter(|f| f.severity == s).count() as u64;
    assert_eq!(summary.errors, count(Severity::Error));
    assert_eq!(summary.warnings, count(Severity::Warning));
    assert_eq!(summary.files, files.len() as u64);
    assert_eq!(summary.files_failed, 0);
    assert!(summary.seconds >= 0.0);
    if with_games {
        let status = |s| games.iter().filter(|g| g.status == s).count() as u64;
        assert_eq!(summary.games, games.len() as u64);
        assert_eq!(summary.games_with_errors, status(CheckStatus::Error));
        assert_eq!(summary.games_with_warnings, status(CheckStatus::Warning));
        assert_eq!(summary.games_skipped, status(CheckStatus::Skipped));
        assert_eq!(summary.plies, games.iter().map(|g| g.plies).sum::<u64>());
    }
    (findings, summary)
}

/// Findings come before the record of their game (`None` in `owned` stands for the next game
/// record), game indices count up from 1 per file, and a game's status is its worst finding's;
/// returns the number of findings after the last game record.
fn assert_record_order(owned: &[Option<Finding>], games: &[Game<CheckStatus>]) -> usize {
    let mut pending: Vec<&Finding> = Vec::new();
    let mut game_iter = games.iter();
    let mut last: Option<(&str, u64)> = None;
    for item in owned {
        match item {
            Some(f) => pending.push(f),
            None => {
                let g = game_iter.next().unwrap();
                for f in pending.drain(..) {
                    assert_eq!(
                        (f.file.as_str(), f.game),
                        (g.file.as_str(), g.game),
                        "{f:?}"
                    );
                    assert!(f.line >= g.line, "{f:?} before its game {g:?}");
                }
                let expected = match last {
                    Some((file, n)) if file == g.file => n + 1,
                    _ => 1,
                };
                assert_eq!(g.game, expected, "{g:?}");
                last = Some((&g.file, g.game));
                let worst = owned_worst(owned, g);
                if g.status != CheckStatus::Skipped {
                    assert_eq!(g.status, worst, "{g:?}");
                }
            }
        }
    }
    pending.len()
}

/// What the contract says of one finding: a documented code with its severity, `variation`
/// only when true, null move fields for a finding about the whole game, a move and position
/// that agree for a move finding, `san` for the notation warnings that name one.
fn assert_finding(f: &Finding, codes: &BTreeMap<String, String>, mode: Mode) {
    assert!(f.game >= 1 && f.line >= 1 && f.col >= 1, "{f:?}");
    let documented = codes
        .get(&f.code)
        .unwrap_or_else(|| panic!("undocumented code: {f:?}"));
    let severity = match f.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let promoted = match mode {
        Mode::Strict => true,
        Mode::Pgn => f.code == "variant/unsupported",
        Mode::Check | Mode::FenCheck => false,
    };
    assert!(
        documented == severity
            || documented == "error / warning"
            || (promoted && severity == "error"),
        "{} is documented as {documented}: {f:?}",
        f.code
    );
    assert_ne!(
        f.variation,
        Some(false),
        "variation is present only when true"
    );
    if f.ply.is_none() {
        assert!(f.move_.is_none(), "{f:?}");
        assert_eq!(f.fen.is_none(), mode != Mode::FenCheck, "{f:?}");
    }
    if f.code.starts_with("illegal-move/") {
        let (Some(text), Some(token), Some(fen)) = (&f.move_, &f.token, &f.fen) else {
            panic!("a move finding without its move, token and position: {f:?}");
        };
        assert!(text.ends_with(token.as_str()), "{f:?}");
        assert_move_and_fen(text, fen, false);
    }
    // Every move finding has the position before the move (notation warnings, move numbers).
    if f.code.starts_with("notation/") && f.ply.is_some() {
        let (Some(text), Some(fen)) = (&f.move_, &f.fen) else {
            panic!("a move finding without its move and position: {f:?}");
        };
        assert_move_and_fen(text, fen, false);
    }
    // `san`: for notation warnings, the standard SAN the message names.
    let named = f.message.split("the standard SAN is ").nth(1);
    let named = named.map(|s| s.split([' ', ';', ',']).next().unwrap());
    assert_eq!(f.san.as_deref(), named, "{f:?}");
    if f.san.is_some() {
        assert!(f.code.starts_with("notation/"), "{f:?}");
    }
}

/// The status a game's findings give it.
fn owned_worst(owned: &[Option<Finding>], g: &Game<CheckStatus>) -> CheckStatus {
    let mut worst = CheckStatus::Ok;
    for f in owned.iter().flatten() {
        if f.file == g.file && f.game == g.game {
            match f.severity {
                Severity::Error => worst = CheckStatus::Error,
                Severity::Warning if worst == CheckStatus::Ok => worst = CheckStatus::Warning,
                Severity::Warning => {}
            }
        }
    }
    worst
}

#[test]
fn check_jsonl_is_the_documented_contract() {
    let files = testdata_pgn();
    let mut args = vec!["check", "-q", "--format", "jsonl", "--games"];
    args.extend(files.iter().map(String::as_str));
    let (out, _, status) = arbiter(&args);
    assert_eq!(status, 1, "testdata has errors");
    let (findings, summary) = check_stream(parse_records(&out), &files, true, Mode::Check);
    assert_eq!(summary.bytes, bytes_of(&files));
    // The record of the run: every file named, in order, with its size; no shard; the options.
    let run = summary
        .run
        .clone()
        .expect("check's summary records its run");
    let named: Vec<(String, Option<u64>)> = files
        .iter()
        .map(|f| {
            (
                f.clone(),
                Some(
                    std::fs::metadata(crate::util::root().join(f))
                        .unwrap()
                        .len(),
                ),
            )
        })
        .collect();
    let recorded: Vec<(String, Option<u64>)> =
        run.inputs.into_iter().map(|i| (i.path, i.bytes)).collect();
    assert_eq!(recorded, named);
    assert_eq!(run.shard, None);
    let options = run.options.expect("options");
    assert!(options.games && !options.strict && options.only.is_empty());
    // Every kind of finding the contract describes occurs: a variation, a notation SAN, a
    // whole-game finding.
    assert!(findings.iter().any(|f| f.variation == Some(true)));
    assert!(findings.iter().any(|f| f.san.is_some()));
    assert!(findings.iter().any(|f| f.ply.is_none()));
    // --strict: warnings become errors, in every record and in the counts.
    let mut args = vec!["check", "-q", "--format", "jsonl", "--games", "--strict"];
    args.extend(files.iter().map(String::as_str));
    let (out, _, _) = arbiter(&args);
    let (strict, strict_summary) = check_stream(parse_records(&out), &files, true, Mode::Strict);
    // (The README says every warning; `variant/unsupported`, whose game is skipped, stays one.)
    let kept = |f: &&Finding| f.code == "variant/unsupported";
    assert!(
        strict
            .iter()
            .all(|f| (f.severity == Severity::Error) != kept(&f)),
        "--strict"
    );
    let skipped_variants = strict.iter().filter(kept).count() as u64;
    assert!(skipped_variants > 0);
    assert_eq!(strict_summary.warnings, skipped_variants);
    assert_eq!(
        strict_summary.errors,
        summary.errors + summary.warnings - skipped_variants
    );
}

/// The README's examples of the finding, the game and the summary records, which come from
/// `testdata/immortal-games.pgn`.
#[test]
fn check_jsonl_gives_the_readme_examples() {
    let file = "testdata/immortal-games.pgn";
    let (out, _, _) = arbiter(&["check", "-q", "--format", "jsonl", "--games", file]);
    let records: Vec<CheckRecord> = parse_records(&out);
    let Some(CheckRecord::Finding(f)) = records.iter().find(|r| {
        matches!(r, CheckRecord::Finding(f) if f.code == "illegal-move/ambiguous" && f.game == 1)
    }) else {
        panic!("no ambiguous move in game 1");
    };
    assert_eq!(
        (
            f.severity,
            f.file.as_str(),
            f.ply,
            f.move_.as_deref(),
            f.token.as_deref()
        ),
        (
            Severity::Error,
            file,
            Some(10),
            Some("5...Nd7"),
            Some("Nd7")
        )
    );
    assert_eq!(
        (f.line, f.col, f.variation, f.san.as_deref()),
        (17, 8, None, None)
    );
    assert_eq!(
        f.fen.as_deref(),
        Some("rnbqk2r/ppp1bppp/4pn2/3p2B1/2PP4/2N2N2/PP2PPPP/R2QKB1R b KQkq - 5 5")
    );
    assert_eq!(
        f.message,
        "illegal move 5...Nd7: ambiguous: more than one knight can move to d7 (Nfd7, Nbd7); \
         write Nfd7 or Nbd7"
    );
    assert_eq!(
        (f.event.as_deref(), f.white.as_deref(), f.black.as_deref()),
        (Some("?"), Some("Pillsbury"), Some("Tarasch"))
    );
    let Some(CheckRecord::Game(g)) = records.iter().find(|r| matches!(r, CheckRecord::Game(_)))
    else {
        panic!("no game record");
    };
    assert_eq!((g.file.as_str(), g.game, g.line, g.offset), (file, 1, 1, 0));
    assert_eq!(
        (g.event.as_deref(), g.white.as_deref(), g.black.as_deref()),
        (Some("?"), Some("Pillsbury"), Some("Tarasch"))
    );
    assert_eq!(
        (g.result.as_deref(), g.plies, g.status),
        (Some("1-0"), 9, CheckStatus::Error)
    );
    let Some(CheckRecord::Summary(s)) = records.last() else {
        panic!("no summary");
    };
    assert_eq!(
        [
            s.files,
            s.files_failed,
            s.games,
            s.games_with_errors,
            s.games_with_warnings
        ],
        [1, 0, 36, 8, 28]
    );
    assert_eq!(
        [s.games_skipped, s.errors, s.warnings, s.plies, s.bytes],
        [0, 35, 185, 1829, 122961]
    );
}

#[test]
fn fen_check_jsonl_is_the_documented_contract() {
    let dir = TempDir::new("contract-fen-check");
    let lines_written = [
        "# a comment",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "",
        "bad fen",
        "8/8/8/8/8/8/8/K6k w - - 0 0",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
    ];
    let path = dir.write("positions.fen", lines_written.join("\n").as_bytes());
    let file = path.to_str().unwrap().to_owned();
    let (out, _, status) = arbiter(&["fen", "--check", "--format", "jsonl", &file]);
    assert_eq!(status, 1);
    let (findings, summary) = check_stream(
        parse_records(&out),
        std::slice::from_ref(&file),
        false,
        Mode::FenCheck,
    );
    // One "game" per FEN line: `game` its number among them, `line` its line, `fen` as written.
    let fens: Vec<(u64, &str)> = lines_written
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i as u64 + 1, *l))
        .collect();
    assert_eq!(summary.games, fens.len() as u64);
    for f in &findings {
        assert!(f.code.starts_with("fen/"), "{f:?}");
        let (line, text) = fens[f.game as usize - 1];
        assert_eq!((f.line, f.fen.as_deref()), (line, Some(text)), "{f:?}");
    }
    let codes: Vec<&str> = findings.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(codes, ["fen/fields", "fen/fullmove", "fen/kings"]);
    assert_eq!((summary.errors, summary.warnings), (2, 1));
    assert_eq!(
        (summary.games_with_errors, summary.games_with_warnings),
        (2, 1)
    );
}

// ---- pgn --------------------------------------------------------------------------------------

#[test]
fn pgn_jsonl_is_the_documented_contract() {
    let files: Vec<String> = [
        "testdata/pgn/messy.pgn",
        "testdata/check/illegal-in-variation.pgn",
        "testdata/check/illegal-no-piece.pgn",
        "testdata/check/syntax-unknown-token.pgn",
        "testdata/check/tag-variant-crazyhouse.pgn",
        "testdata/check/tag-bad-fen.pgn",
    ]
    .map(String::from)
    .into();
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    // Findings on standard error while the PGN goes to standard output...
    let mut args = vec!["pgn", "-q", "--format", "jsonl"];
    args.extend(&names);
    let (pgn, err, status) = arbiter(&args);
    assert_eq!(status, 1);
    assert!(pgn.starts_with(b"[Event "));
    let (findings, summary) = check_stream(parse_records(&err), &files, false, Mode::Pgn);
    let endings = [
        "; the game is exported up to it, with result *",
        "; the variation is exported up to it",
        "; no moves exported",
    ];
    for f in &findings {
        if f.severity == Severity::Error && f.code != "syntax/unknown-token" {
            assert!(endings.iter().any(|e| f.message.ends_with(e)), "{f:?}");
        }
    }
    for code in ["variant/unsupported", "tag/bad-fen"] {
        let f = findings.iter().find(|f| f.code == code).expect(code);
        assert_eq!(f.severity, Severity::Error, "an error in pgn: {f:?}");
    }
    assert!(findings.iter().any(|f| f.variation == Some(true)));
    // ... and on standard output with -o FILE, the same records.
    let dir = TempDir::new("contract-pgn");
    let out_file = dir.path("out.pgn");
    let mut args = vec![
        "pgn",
        "-q",
        "--format",
        "jsonl",
        "-o",
        out_file.to_str().unwrap(),
    ];
    args.extend(&names);
    let (out, _, _) = arbiter(&args);
    let (again, again_summary) = check_stream(parse_records(&out), &files, false, Mode::Pgn);
    assert_eq!(std::fs::read(&out_file).unwrap(), pgn);
    let key = |f: &Finding| (f.file.clone(), f.game, f.line, f.col, f.code.clone());
    assert_eq!(
        findings.iter().map(key).collect::<Vec<_>>(),
        again.iter().map(key).collect::<Vec<_>>()
    );
    assert_eq!(
        (summary.games, summary.errors, summary.plies),
        (
            again_summary.games,
            again_summary.errors,
            again_summary.plies
        )
    );
    // --valid-only: the games left out are `games_skipped`.
    let mut args = vec!["pgn", "-q", "--format", "jsonl", "--valid-only"];
    args.extend(&names);
    let (_, err, _) = arbiter(&args);
    let (left_out, valid_only) = check_stream(parse_records(&err), &files, false, Mode::Pgn);
    let mut games: Vec<(&str, u64)> = left_out
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| (f.file.as_str(), f.game))
        .collect();
    games.dedup();
    assert_eq!(valid_only.games_skipped, games.len() as u64);
    assert_eq!(valid_only.games_skipped, summary.games_with_errors);
    assert_eq!(
        valid_only.games_with_errors, 0,
        "the games left out are not counted twice"
    );
    for f in left_out.iter().filter(|f| f.severity == Severity::Error) {
        if f.code != "syntax/unknown-token" {
            assert!(f.message.ends_with("; game left out"), "{f:?}");
        }
    }
}
