//! `check --format parquet` and `audit --format parquet` (issue 16): the
//! Parquet file, read back by an independent reader (pyarrow, through
//! `tools/expectations/parquet_rows.py`), holds row for row and value for value what the JSON
//! Lines output of the same run holds, typed (integers are integers, booleans booleans, absent
//! values null), under the columns of the CSV table in their order; the file is the same at any
//! `-j`; a run without findings gives a file of 0 rows with the whole schema. (`-o` itself:
//! `report_out.rs`.)
//!
//! pyarrow runs in the Python of the table tests (`$ARBITER_PYTHON`, else
//! `/tmp/venv-tables/bin/python`); without it the tests that need it say so and pass, but fail
//! under CI.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::tables::{oracle, python};
use crate::util::{TempDir, corpus, parse_jsonl, run, testdata};

/// The columns of a finding row (README, "CSV"), in order.
const FINDING_COLUMNS: [&str; 16] = [
    "severity",
    "code",
    "file",
    "game",
    "ply",
    "move",
    "token",
    "line",
    "col",
    "fen",
    "message",
    "variation",
    "event",
    "white",
    "black",
    "san",
];

/// The columns of a game row of `check --games` (README, "CSV"), in order.
const GAME_COLUMNS: [&str; 15] = [
    "file",
    "game",
    "offset",
    "line",
    "event",
    "white",
    "black",
    "result",
    "white_elo",
    "black_elo",
    "plies",
    "marker",
    "status",
    "errors",
    "warnings",
];

/// The columns of a verdict row (README, "What the verdicts give"), in order.
const VERDICT_COLUMNS: [&str; 22] = [
    "severity",
    "code",
    "rule",
    "file",
    "game",
    "ply",
    "move",
    "line",
    "col",
    "claim_move",
    "occurrences",
    "more_plies",
    "fen",
    "recorded_result",
    "correct_result",
    "message",
    "profile",
    "laws",
    "laws_basis",
    "event",
    "white",
    "black",
];

/// The columns of a position row of `audit --positions`, in order.
const POSITION_COLUMNS: [&str; 15] = [
    "line",
    "fen",
    "checkmate",
    "stalemate",
    "insufficient_material",
    "dead",
    "reason",
    "white_can_mate",
    "black_can_mate",
    "white_can_mate_reason",
    "black_can_mate_reason",
    "white_helpmate",
    "black_helpmate",
    "error",
    "problems",
];

/// The Parquet types of the columns, as pyarrow names them (README: the column types).
fn parquet_type(column: &str) -> &'static str {
    match column {
        "game" | "line" | "offset" => "uint64",
        "ply" | "col" | "plies" | "errors" | "warnings" | "more_plies" => "uint32",
        "variation" | "checkmate" | "stalemate" | "dead" => "bool",
        "occurrences" => "list<item: uint32 not null>",
        "problems" => {
            "list<item: struct<severity: string not null, code: string not null, col: uint32 \
             not null, token: string, message: string not null> not null>"
        }
        _ => "string",
    }
}

/// A Parquet file read back by pyarrow: its schema (name, type), its row count as the footer
/// says, and its rows.
struct Read {
    schema: Vec<(String, String)>,
    rows: Vec<Value>,
}

fn read_parquet(python: &Path, path: &Path) -> Read {
    let mut lines = oracle(python, "parquet_rows.py", &[path.to_str().unwrap()]);
    let head = lines.remove(0);
    assert_eq!(head["rows"].as_u64(), Some(lines.len() as u64), "{head}");
    let schema = head["schema"].as_array().unwrap().iter();
    let schema = schema
        .map(|f| (f[0].as_str().unwrap().into(), f[1].as_str().unwrap().into()))
        .collect();
    Read {
        schema,
        rows: lines,
    }
}

/// Runs arbiter with `args` (standard input closed) and asserts its exit status.
fn run_status(args: &[&str], status: i32) -> std::process::Output {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(status),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The records of type `kind` of the JSON Lines output of `args` (`--format jsonl -q` added).
fn jsonl(args: &[&str], kind: &str, status: i32) -> Vec<Value> {
    let mut args = args.to_vec();
    args.extend(["--format", "jsonl", "-q"]);
    let out = run_status(&args, status);
    parse_jsonl(&out.stdout)
        .into_iter()
        .filter(|r| r["type"] == kind)
        .collect()
}

/// Runs `args` with `--format parquet -q -o FILE` and reads FILE back.
fn parquet(python: &Path, dir: &TempDir, args: &[&str], status: i32) -> Read {
    let path = dir.path("out.parquet");
    let mut args = args.to_vec();
    args.extend(["--format", "parquet", "-q", "-o", path.to_str().unwrap()]);
    let out = run_status(&args, status);
    assert!(out.stdout.is_empty(), "{args:?}: output on standard output");
    assert!(out.stderr.is_empty(), "{args:?}: {:?}", out.stderr);
    read_parquet(python, &path)
}

/// The value of `column` in a JSON record: `variation` is left out when false, `problems`
/// when empty, `error` when null.
fn json_value(record: &Value, column: &str) -> Value {
    // `white_can_mate` is `can_mate.white` of the JSON record, and so on.
    for (side, rest) in [
        ("white", column.strip_prefix("white_")),
        ("black", column.strip_prefix("black_")),
    ] {
        if let Some(field) =
            rest.filter(|f| ["can_mate", "can_mate_reason", "helpmate"].contains(f))
        {
            return record
                .get(field)
                .and_then(|v| v.get(side))
                .cloned()
                .unwrap_or(Value::Null);
        }
    }
    match (record.get(column), column) {
        (Some(value), _) => value.clone(),
        (None, "variation") => Value::Bool(false),
        (None, "problems") => Value::Array(Vec::new()),
        (None, _) => Value::Null,
    }
}

/// Asserts that the Parquet rows are the JSON records, in order, in every column of
/// `columns` (typed: `1` is not `"1"` nor `1.0`, `false` is not `null`), with the schema of
/// the table; and that the JSON records have no key the table lacks.
fn same_rows(read: &Read, records: &[Value], columns: &[&str], what: &str) {
    let names: Vec<&str> = read.schema.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, columns, "{what}: Parquet columns");
    for (name, ty) in &read.schema {
        assert_eq!(ty, parquet_type(name), "{what}: type of {name}");
    }
    assert_eq!(read.rows.len(), records.len(), "{what}: rows");
    for (i, (row, record)) in read.rows.iter().zip(records).enumerate() {
        // (Keys compared as sets: serde_json's objects keep them sorted.)
        let mut keys: Vec<&str> = row
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut expected = columns.to_vec();
        keys.sort_unstable();
        expected.sort_unstable();
        assert_eq!(keys, expected, "{what}: row {i}");
        for column in columns {
            assert_eq!(
                row[column],
                json_value(record, column),
                "{what}: row {i}, {column}:\n parquet {row}\n jsonl   {record}"
            );
        }
        let extra: Vec<&String> = record.as_object().unwrap().keys().collect();
        let extra: Vec<_> = extra
            .into_iter()
            .filter(|k| *k != "type" && !columns.contains(&k.as_str()))
            .filter(|k| !columns.contains(&format!("white_{k}").as_str()))
            .collect();
        assert!(
            extra.is_empty(),
            "{what}: JSON keys not in the table: {extra:?}"
        );
    }
}

/// A value as the CSV table writes it (occurrences space-separated).
fn csv_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Array(items) => items
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        other => other.to_string(),
    }
}

/// Asserts that the CSV table of the same run has the Parquet table's header and values (but
/// for cells CSV changes: a `'` before a formula, U+FFFD for a control character).
fn same_as_csv(read: &Read, args: &[&str], status: i32) {
    let mut args = args.to_vec();
    args.extend(["--format", "csv", "-q"]);
    let out = run_status(&args, status);
    let mut reader = csv::Reader::from_reader(&out.stdout[..]);
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let names: Vec<String> = read.schema.iter().map(|(n, _)| n.clone()).collect();
    assert_eq!(header, names, "{args:?}: CSV header");
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), read.rows.len(), "{args:?}: CSV rows");
    let mut compared = 0;
    for (record, row) in records.iter().zip(&read.rows) {
        for (cell, name) in record.iter().zip(&names) {
            if cell.starts_with('\'') || cell.contains('\u{fffd}') || name == "problems" {
                continue;
            }
            assert_eq!(cell, csv_text(&row[name.as_str()]), "{args:?}: {name}");
            compared += 1;
        }
    }
    assert!(compared > 0 || read.rows.is_empty());
}

/// A PGN file of `games` games of 200 plies each, every move with a notation warning
/// (`Ng1f3`: over-disambiguated): 200 findings a game.
fn warnings_file(dir: &TempDir, games: usize) -> PathBuf {
    let mut text = String::new();
    for g in 0..games {
        text.push_str(&format!(
            "[Event \"e{g}\"]\n[Site \"?\"]\n[Date \"2020.01.01\"]\n[Round \"1\"]\n\
             [White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n"
        ));
        for n in 0..50 {
            let m = 2 * n + 1;
            text.push_str(&format!("{m}. Ng1f3 Ng8f6 {}. Nf3g1 Nf6g8 ", m + 1));
        }
        text.push_str("*\n\n");
    }
    dir.write("warnings.pgn", text.as_bytes())
}

#[test]
fn check_parquet_holds_the_findings_of_the_json_lines() {
    let Some(python) = python("pyarrow.parquet", "check --format parquet read back") else {
        return;
    };
    let dir = TempDir::new("findings-parquet");
    let mut files = vec![testdata("immortal-games.pgn")];
    // Warnings, and findings inside variations.
    files.extend(
        corpus("check --format parquet on the corpus")
            .map(|c| c.join("games/pgnviewer_great_masters.pgn")),
    );
    for file in &files {
        let args = ["check", file.to_str().unwrap()];
        let status = status_of(&args);
        let records = jsonl(&args, "finding", status);
        let read = parquet(&python, &dir, &args, status);
        same_rows(
            &read,
            &records,
            &FINDING_COLUMNS,
            &file.display().to_string(),
        );
        same_as_csv(&read, &args, status);
        // The test can fail: there are rows, and of both kinds of each nullable value.
        assert!(!read.rows.is_empty());
        assert!(read.rows.iter().any(|r| r["ply"].is_u64()));
    }
    let read = parquet(&python, &dir, &["check", files[0].to_str().unwrap()], 1);
    assert!(
        read.rows
            .iter()
            .any(|r| r["ply"].is_null() && r["fen"].is_null())
    );
    assert!(
        read.rows
            .iter()
            .any(|r| r["token"].is_string() && r["san"].is_string())
    );
    let errors = read.rows.iter().filter(|r| r["severity"] == "error");
    assert_eq!(errors.count(), 35, "the errors of the README's example");
    if files.len() > 1 {
        let read = parquet(&python, &dir, &["check", files[1].to_str().unwrap()], 0);
        assert!(read.rows.iter().any(|r| r["variation"] == true));
        assert!(read.rows.iter().any(|r| r["severity"] == "warning"));
    }
}

/// The exit status of `check ARGS` (findings with errors: 1).
fn status_of(args: &[&str]) -> i32 {
    let mut args = args.to_vec();
    args.push("-q");
    run(&args).status.code().unwrap()
}

#[test]
fn check_parquet_of_many_findings_is_the_same_at_any_jobs() {
    let Some(python) = python("pyarrow.parquet", "check --format parquet read back") else {
        return;
    };
    let dir = TempDir::new("findings-parquet-jobs");
    // 70,000 findings: more than one batch of rows (65,536).
    let file = warnings_file(&dir, 350);
    let file = file.to_str().unwrap();
    let mut files = Vec::new();
    for jobs in ["1", "2"] {
        let path = dir.path(&format!("j{jobs}.parquet"));
        let args = ["check", "-q", "-j", jobs, "--format", "parquet", "-o"];
        let mut args = args.to_vec();
        args.extend([path.to_str().unwrap(), file]);
        run_status(&args, 0);
        files.push(std::fs::read(&path).unwrap());
    }
    assert!(files[0] == files[1], "-j1 and -j2 wrote different files");
    let read = read_parquet(&python, &dir.path("j1.parquet"));
    assert_eq!(read.rows.len(), 70_000);
    let records = jsonl(&["check", file], "finding", 0);
    same_rows(&read, &records, &FINDING_COLUMNS, "70,000 findings");
    // The audit of the same games: a fivefold repetition in every game.
    let mut audits = Vec::new();
    for jobs in ["1", "2"] {
        let path = dir.path(&format!("a{jobs}.parquet"));
        let mut args = vec!["audit", "-q", "-j", jobs, "--format", "parquet", "-o"];
        args.extend([path.to_str().unwrap(), file]);
        run_status(&args, 1);
        audits.push(std::fs::read(&path).unwrap());
    }
    assert!(
        audits[0] == audits[1],
        "audit: -j1 and -j2 wrote different files"
    );
}

#[test]
fn check_games_parquet_is_the_table_of_check_games_csv() {
    let Some(python) = python("pyarrow.parquet", "check --games --format parquet") else {
        return;
    };
    let dir = TempDir::new("findings-parquet-games");
    let file = testdata("immortal-games.pgn");
    let file = file.to_str().unwrap();
    let args = ["check", "--games", file];
    let read = parquet(&python, &dir, &args, 1);
    let names: Vec<&str> = read.schema.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, GAME_COLUMNS);
    for (name, ty) in &read.schema {
        assert_eq!(ty, parquet_type(name), "type of {name}");
    }
    same_as_csv(&read, &args, 1);
    // The game records of JSON Lines (`result` there is the movetext's marker) and the rows of
    // `arbiter games` (the Result and Elo tags, the counts).
    let games = jsonl(&args, "game", 1);
    let table = parse_jsonl(&run(&["games", "-q", "--format", "jsonl", file]).stdout);
    assert!(!table.is_empty());
    assert_eq!(read.rows.len(), games.len());
    assert_eq!(read.rows.len(), table.len());
    for ((row, game), tabled) in read.rows.iter().zip(&games).zip(&table) {
        for column in [
            "file", "game", "offset", "line", "event", "white", "black", "plies",
        ] {
            assert_eq!(row[column], game[column], "{column}: {row} {game}");
        }
        assert_eq!(row["marker"], game["result"], "{row}");
        assert_eq!(row["status"], game["status"], "{row}");
        for column in [
            "result",
            "white_elo",
            "black_elo",
            "errors",
            "warnings",
            "status",
        ] {
            assert_eq!(row[column], tabled[column], "{column}: {row} {tabled}");
        }
    }
    assert!(read.rows.iter().any(|r| r["status"] == "error"));
    assert!(read.rows.iter().any(|r| r["errors"].as_u64() > Some(0)));
}

#[test]
fn check_parquet_with_strict_and_only_selects_as_json_lines_does() {
    let Some(python) = python("pyarrow.parquet", "check --strict/--only --format parquet") else {
        return;
    };
    let dir = TempDir::new("findings-parquet-select");
    let file = testdata("immortal-games.pgn");
    let file = file.to_str().unwrap();
    let strict = ["check", "--strict", file];
    let read = parquet(&python, &dir, &strict, 1);
    same_rows(
        &read,
        &jsonl(&strict, "finding", 1),
        &FINDING_COLUMNS,
        "--strict",
    );
    assert_eq!(read.rows.len(), 220);
    assert!(read.rows.iter().all(|r| r["severity"] == "error"));
    let only = ["check", "--only", "tag", file];
    let read = parquet(&python, &dir, &only, 1);
    same_rows(
        &read,
        &jsonl(&only, "finding", 1),
        &FINDING_COLUMNS,
        "--only",
    );
    assert!(!read.rows.is_empty());
    let codes = read.rows.iter().map(|r| r["code"].as_str().unwrap());
    assert!(
        codes.clone().all(|c| c.starts_with("tag/")),
        "{:?}",
        codes.collect::<Vec<_>>()
    );
    let errors = ["check", "--errors-only", "--ignore", "illegal-move", file];
    let read = parquet(&python, &dir, &errors, 1);
    same_rows(
        &read,
        &jsonl(&errors, "finding", 1),
        &FINDING_COLUMNS,
        "--errors-only",
    );
    assert!(read.rows.iter().all(|r| r["severity"] == "error"));
    // The summary of a Parquet run goes to standard error, as for CSV (not with -q).
    let path = dir.path("s.parquet");
    let out = run(&[
        "check",
        "--format",
        "parquet",
        "-o",
        path.to_str().unwrap(),
        file,
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("summary: 1 file, 36 games (8 with errors, 28 with warnings only"),
        "{stderr}"
    );
}

#[test]
fn audit_parquet_holds_the_verdicts_of_the_json_lines() {
    let Some(python) = python("pyarrow.parquet", "audit --format parquet read back") else {
        return;
    };
    let dir = TempDir::new("verdicts-parquet");
    let files: Vec<String> = [
        "audit/repetition.pgn",
        "audit/fifty.pgn",
        "audit/claims.pgn",
        "audit/endings.pgn",
        "audit/laws.pgn",
        "audit/skipped.pgn",
        "readme/stalemate.pgn",
    ]
    .iter()
    .map(|f| testdata(f).display().to_string())
    .collect();
    let mut seen_list = false;
    let mut seen_more = false;
    for missed in [None, Some("--missed"), Some("--missed=all")] {
        let mut args = vec!["audit"];
        args.extend(missed);
        args.extend(files.iter().map(String::as_str));
        let records = jsonl(&args, "verdict", 1);
        let read = parquet(&python, &dir, &args, 1);
        same_rows(&read, &records, &VERDICT_COLUMNS, &format!("{missed:?}"));
        same_as_csv(&read, &args, 1);
        assert!(read.rows.len() > 20, "{missed:?}: {}", read.rows.len());
        seen_list |= read
            .rows
            .iter()
            .any(|r| r["occurrences"].as_array().unwrap().len() > 2);
        seen_more |= read.rows.iter().any(|r| r["more_plies"].is_u64());
        assert!(
            read.rows
                .iter()
                .any(|r| r["occurrences"] == Value::Array(Vec::new()))
        );
        // A game not audited (a variant) has a verdict at no position: its fen is null.
        let skipped = read.rows.iter().find(|r| r["code"] == "audit/skipped");
        assert_eq!(skipped.map(|r| &r["fen"]), Some(&Value::Null), "{missed:?}");
    }
    assert!(seen_list && seen_more);
}

#[test]
fn audit_positions_parquet_holds_the_positions_of_the_json_lines() {
    let Some(python) = python("pyarrow.parquet", "audit --positions --format parquet") else {
        return;
    };
    let dir = TempDir::new("positions-parquet");
    let file = testdata("audit/positions.epd");
    let args = ["audit", "--positions", file.to_str().unwrap()];
    let records = jsonl(&args, "position", 1);
    let read = parquet(&python, &dir, &args, 1);
    same_rows(&read, &records, &POSITION_COLUMNS, "--positions");
    same_as_csv(&read, &args, 1);
    // Lines that are no position: null flags, an error, its problems (typed structs).
    let invalid: Vec<&Value> = read
        .rows
        .iter()
        .filter(|r| r["error"].is_string())
        .collect();
    assert!(!invalid.is_empty());
    for row in invalid {
        assert!(row["checkmate"].is_null() && row["dead"].is_null(), "{row}");
        let problems = row["problems"].as_array().unwrap();
        assert!(
            problems
                .iter()
                .any(|p| p["severity"] == "error" && p["col"].is_u64())
        );
    }
    assert!(read.rows.iter().any(|r| r["checkmate"] == true));
    assert!(read.rows.iter().any(|r| r["stalemate"] == true));
}

#[test]
fn a_run_without_findings_is_a_parquet_file_of_no_rows_and_the_whole_schema() {
    let Some(python) = python("pyarrow.parquet", "an empty Parquet table") else {
        return;
    };
    let dir = TempDir::new("findings-parquet-empty");
    let clean = dir.write(
        "clean.pgn",
        b"[Event \"x\"]\n[Site \"?\"]\n[Date \"2020.01.01\"]\n[Round \"1\"]\n[White \"a\"]\n\
          [Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n",
    );
    let clean = clean.to_str().unwrap();
    let cases: [(&[&str], &[&str]); 3] = [
        (&["check", clean], &FINDING_COLUMNS),
        (
            &["check", "--only", "illegal-move", clean],
            &FINDING_COLUMNS,
        ),
        (&["audit", clean], &VERDICT_COLUMNS),
    ];
    for (args, columns) in cases {
        let read = parquet(&python, &dir, args, 0);
        assert!(read.rows.is_empty(), "{args:?}");
        same_rows(&read, &[], columns, &format!("{args:?}"));
    }
    // No line at all (only a comment).
    let empty = dir.write("empty.epd", b"# nothing\n");
    let read = parquet(
        &python,
        &dir,
        &["audit", "--positions", empty.to_str().unwrap()],
        0,
    );
    same_rows(&read, &[], &POSITION_COLUMNS, "no positions");
}
