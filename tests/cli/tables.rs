//! `arbiter games` and `arbiter moves` (issue 16): the rows against python-chess, the Parquet
//! file read back by pyarrow against the JSON Lines output, CSV against JSON Lines, and the
//! exit status.
//!
//! The oracles run at test time in a Python with python-chess and pyarrow: `$ARBITER_PYTHON`,
//! else `/tmp/venv-tables/bin/python` (`python3 -m venv /tmp/venv-tables &&
//! /tmp/venv-tables/bin/pip install chess pyarrow duckdb`). Without it the tests that need it say so
//! and pass, but fail when the `CI` variable is set (as the corpus tests do).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::util::{corpus, in_ci, root, run, testdata};

/// The Python with `module` importable, or `None` (a note; a failure under CI).
pub fn python(module: &str, what: &str) -> Option<PathBuf> {
    let python = std::env::var_os("ARBITER_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/tmp/venv-tables/bin/python"));
    let ok = Command::new(&python)
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        return Some(python);
    }
    assert!(
        !in_ci(),
        "{} cannot import {module} and CI is set: {what} cannot be skipped (set ARBITER_PYTHON)",
        python.display()
    );
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr().lock(),
        "note: no Python with {module} at {} (set ARBITER_PYTHON); {what} skipped",
        python.display()
    );
    None
}

/// Runs a script of `tools/expectations/` and parses its JSON Lines.
pub fn oracle(python: &Path, script: &str, args: &[&str]) -> Vec<Value> {
    let out = Command::new(python)
        .arg(root().join("tools/expectations").join(script))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run python");
    assert!(
        out.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    lines(&out.stdout)
}

pub fn lines(bytes: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Runs arbiter (from the repository root) and returns its JSON Lines.
pub fn arbiter_rows(args: &[&str], status: i32) -> Vec<Value> {
    let out = crate::util::arbiter()
        .args(args)
        .current_dir(root())
        .output()
        .expect("run arbiter");
    assert_eq!(
        out.status.code(),
        Some(status),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    lines(&out.stdout)
}

/// The columns of `arbiter games`, in order (the README's contract).
pub const GAME_COLUMNS: [&str; 38] = [
    "file",
    "game",
    "offset",
    "line",
    "event",
    "site",
    "date",
    "year",
    "month",
    "day",
    "round",
    "white",
    "black",
    "result",
    "white_elo",
    "black_elo",
    "eco",
    "opening",
    "time_control",
    "time_control_base_s",
    "time_control_increment_s",
    "time_control_moves",
    "termination",
    "utc_date",
    "utc_time",
    "ply_count",
    "other_tags",
    "plies",
    "marker",
    "status",
    "errors",
    "warnings",
    "first_illegal_ply",
    "final_fen",
    "speed",
    "classified_eco",
    "classified_opening",
    "classified_ply",
];

/// The columns of `arbiter moves`, in order (`fen` only with `--fen`).
pub const MOVE_COLUMNS: [&str; 16] = [
    "file",
    "game",
    "ply",
    "move_number",
    "side",
    "san",
    "uci",
    "fen",
    "clk",
    "emt",
    "clock_s",
    "time_spent_s",
    "eval_cp",
    "eval_mate",
    "eval_depth",
    "comments",
];

/// The keys of a JSON object as written, in order.
fn keys_in_order(line: &str) -> Vec<String> {
    let value: Value = serde_json::from_str(line).unwrap();
    let mut keys: Vec<(usize, String)> = value
        .as_object()
        .unwrap()
        .keys()
        .map(|k| (line.find(&format!("\"{k}\":")).unwrap(), k.clone()))
        .collect();
    keys.sort();
    keys.into_iter().map(|(_, k)| k).collect()
}

/// The test files of the move table: every producer's comment forms.
fn move_files() -> Vec<String> {
    let mut files = vec![
        "testdata/tables/producers.pgn".to_owned(),
        "testdata/tables/typed.pgn".to_owned(),
    ];
    if let Some(dir) = corpus("moves against python-chess on the corpus") {
        for f in [
            "games/lichess_db_2025-05_first1MB.pgn",
            "edge/notnil_0005.pgn",
            "edge/pgnextract_reformatted_chesscom_cancer0707.pgn",
        ] {
            files.push(dir.join(f).display().to_string());
        }
    }
    files
}

/// Numbers compared as numbers (`30` and `30.0` are the same clock time).
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

fn key(row: &Value) -> (String, u64, u64) {
    (
        row["file"].as_str().unwrap().to_owned(),
        row["game"].as_u64().unwrap(),
        row["ply"].as_u64().unwrap_or(0),
    )
}

/// A FEN tag with an en passant square and a halfmove clock other than 0 (a pawn has just
/// moved: the clock is 0) starts, for arbiter, from the repaired clock (README, "How a FEN is
/// read"); python-chess keeps the clock as written. The FENs then differ in that field only.
fn repaired_clock(setup: &Value, ours: &Value, theirs: &Value) -> bool {
    let Some(setup) = setup.as_str() else {
        return false;
    };
    let fields: Vec<&str> = setup.split_whitespace().collect();
    if fields.len() < 5 || fields[3] == "-" || fields[4] == "0" {
        return false;
    }
    let (a, b): (Vec<&str>, Vec<&str>) = (
        ours.as_str().unwrap_or("").split(' ').collect(),
        theirs.as_str().unwrap_or("").split(' ').collect(),
    );
    a.len() == 6 && b.len() == 6 && (0..6).all(|i| i == 4 || a[i] == b[i])
}

#[test]
fn moves_agree_with_python_chess() {
    let Some(python) = python("chess", "moves against python-chess") else {
        return;
    };
    let files = move_files();
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let mut args = vec!["moves", "--fen", "--format", "jsonl", "-q"];
    args.extend(&files);
    let ours = arbiter_rows(&args, 0);
    let theirs = oracle(&python, "moves_oracle.py", &files);
    // The corpus files give most rows; without the corpus (skipped, with a note) testdata's.
    let least = if files.len() > 2 { 30_000 } else { 100 };
    assert!(theirs.len() > least, "{} rows", theirs.len());
    let ours: BTreeMap<_, _> = ours.iter().map(|r| (key(r), r)).collect();
    let theirs: BTreeMap<_, _> = theirs.iter().map(|r| (key(r), r)).collect();
    let only_ours: Vec<_> = ours.keys().filter(|k| !theirs.contains_key(k)).collect();
    let only_theirs: Vec<_> = theirs.keys().filter(|k| !ours.contains_key(k)).collect();
    assert!(
        only_ours.is_empty() && only_theirs.is_empty(),
        "rows only in arbiter: {:?}\nrows only in python-chess: {:?}",
        &only_ours[..only_ours.len().min(5)],
        &only_theirs[..only_theirs.len().min(5)]
    );
    let columns = [
        "move_number",
        "side",
        "san",
        "uci",
        "fen",
        "clk",
        "emt",
        "clock_s",
        "time_spent_s",
        "eval_cp",
        "eval_mate",
        "eval_depth",
    ];
    let mut wrong = Vec::new();
    for (k, t) in &theirs {
        let o = ours[k];
        for c in columns {
            if c == "fen" && repaired_clock(&t["setup"], &o[c], &t[c]) {
                continue;
            }
            if !same(&o[c], &t[c]) {
                wrong.push(format!("{k:?} {c}: arbiter {} python-chess {}", o[c], t[c]));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} differences:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
    // Every form is there: lichess (eval, mate, clock), chess.com (tenths), ChessBase (emt,
    // eval with a depth), and a Chess960 castling move written king-takes-rook.
    let has = |f: &dyn Fn(&Value) -> bool| theirs.values().any(|r| f(r));
    assert!(has(&|r| r["eval_mate"].as_i64().is_some_and(|m| m < 0)));
    assert!(has(&|r| r["eval_cp"].as_i64().is_some()));
    assert!(has(&|r| r["eval_depth"].as_u64() == Some(23)));
    assert!(has(&|r| r["emt"].as_f64() == Some(41.5)));
    assert!(has(&|r| r["clk"]
        .as_f64()
        .is_some_and(|c| c.fract() != 0.0)));
    // Time spent from the clocks, the first moves' 0, the clock from `%emt`, and none for a
    // clock that is no game clock (chess.com Daily).
    assert!(has(&|r| r["time_spent_s"]
        .as_f64()
        .is_some_and(|t| t > 0.0 && t.fract() != 0.0)));
    assert!(has(&|r| r["ply"] == 1 && r["time_spent_s"] == 0.0));
    assert!(has(&|r| r["clk"].is_null() && r["clock_s"].is_number()));
    assert!(has(&|r| r["clk"].is_number() && r["time_spent_s"].is_null()));
}

#[test]
fn games_agree_with_python_chess() {
    let Some(python) = python("chess", "games against python-chess") else {
        return;
    };
    let file = "testdata/tables/producers.pgn";
    let ours = arbiter_rows(&["games", "--format", "jsonl", "-q", file], 0);
    let theirs = oracle(&python, "moves_oracle.py", &["--games", file]);
    assert_eq!(ours.len(), theirs.len());
    let columns = [
        ("Event", "event"),
        ("Site", "site"),
        ("White", "white"),
        ("TimeControl", "time_control"),
        ("UTCTime", "utc_time"),
    ];
    for (o, t) in ours.iter().zip(&theirs) {
        assert_eq!(o["game"], t["game"]);
        assert_eq!(o["plies"], t["plies"], "{o}");
        assert_eq!(o["final_fen"], t["final_fen"], "{o}");
        let illegal = t["illegal"].as_bool().unwrap();
        let first = illegal.then(|| t["plies"].as_u64().unwrap() + 1);
        assert_eq!(o["first_illegal_ply"].as_u64(), first, "{o}");
        let tags = t["tags"].as_object().unwrap();
        for (tag, column) in columns {
            // python-chess fills the Seven Tag Roster with "?" when a tag is missing.
            let expected = tags.get(tag).filter(|_| o[column] != Value::Null);
            assert_eq!(
                o[column].as_str(),
                expected.and_then(Value::as_str),
                "{column}"
            );
        }
        for (name, value) in o["other_tags"].as_object().unwrap() {
            assert_eq!(tags.get(name), Some(value), "{name}");
        }
    }
    // lichess thresholds (base + 40 × increment): 180+2 is 260 s, 60 is 60 s.
    let speeds: Vec<_> = ours.iter().map(|r| r["speed"].clone()).collect();
    assert_eq!(
        speeds,
        ["blitz", "bullet", "classical", "correspondence"]
            .map(Value::from)
            .into_iter()
            .chain([Value::Null])
            .collect::<Vec<_>>()
    );
    // The escaped quote of the Black tag is read.
    assert_eq!(ours[2]["black"], "Schmidt, \"Jo\"");
    assert_eq!(ours[0]["marker"], "0-1");
    assert_eq!(ours[3]["marker"], "*");
}

/// Issue 17: the opening of each game, classified from its moves (`classified_eco`,
/// `classified_opening`, `classified_ply`), is the one python-chess finds reading the published
/// lichess TSV files (`../shared/openings`): the line whose final position (EPD, en passant only
/// when legal) is the deepest of the game's first 36 plies; none for a game from a FEN.
#[test]
fn r17_games_openings_agree_with_python_chess() {
    let Some(python) = python("chess", "games openings against python-chess") else {
        return;
    };
    let mut files = vec!["testdata/tables/producers.pgn".to_owned()];
    if let Some(dir) = corpus("games openings against python-chess on the corpus") {
        for f in [
            "games/lichess_db_2025-05_first1MB.pgn",
            "games/pgnmentor_Kasparov.pgn",
            "games/pgn4web_oly14r11.pgn",
        ] {
            files.push(dir.join(f).display().to_string());
        }
    }
    let (mut classified, mut transposed) = (0, 0);
    for file in &files {
        let out = crate::util::arbiter()
            .args(["games", "--format", "jsonl", "-q", file])
            .current_dir(root())
            .output()
            .expect("run arbiter");
        // (Status 1 for a file with a game in error.)
        assert!(out.status.code().is_some_and(|c| c < 2), "{file}");
        let ours = lines(&out.stdout);
        let theirs = oracle(&python, "moves_oracle.py", &["--games", file]);
        assert_eq!(ours.len(), theirs.len(), "{file}");
        for (o, t) in ours.iter().zip(&theirs) {
            let want = &t["opening"];
            let got = [
                &o["classified_eco"],
                &o["classified_opening"],
                &o["classified_ply"],
            ];
            let expected = [&want["eco"], &want["name"], &want["ply"]];
            assert_eq!(
                got,
                expected.map(|v| if want.is_null() { &Value::Null } else { v }),
                "{file} game {}",
                o["game"]
            );
            classified += usize::from(!want.is_null());
            transposed +=
                usize::from(!want.is_null() && o["eco"] != Value::Null && o["eco"] != want["eco"]);
        }
    }
    // Without the corpus (skipped, with a note), testdata's few games.
    let least = if files.len() > 1 { 400 } else { 0 };
    assert!(classified > least, "{classified} games classified");
    eprintln!("{classified} games classified, {transposed} with another ECO tag");
}

#[test]
fn games_status_is_the_status_of_check() {
    let file = testdata("tables/producers.pgn");
    let file = file.to_str().unwrap();
    let ours = arbiter_rows(&["games", "--format", "jsonl", "-q", file], 0);
    let check = arbiter_rows(&["check", "--games", "--format", "jsonl", "-q", file], 1);
    let statuses: Vec<_> = check
        .iter()
        .filter(|r| r["type"] == "game")
        .map(|r| r["status"].clone())
        .collect();
    let ours_status: Vec<_> = ours.iter().map(|r| r["status"].clone()).collect();
    assert_eq!(ours_status, statuses);
    assert!(statuses.contains(&Value::from("error")));
}

/// The table of `args` written as Parquet and read back by pyarrow, against its JSON Lines.
fn parquet_round_trip(python: &Path, args: &[&str]) -> BTreeMap<String, String> {
    let dir = tempfile_dir("parquet");
    let path = dir.join("table.parquet");
    let mut jsonl = args.to_vec();
    jsonl.extend(["--format", "jsonl", "-q"]);
    let expected = arbiter_rows(&jsonl, 0);
    let mut parquet = args.to_vec();
    let target = path.to_str().unwrap();
    parquet.extend(["--format", "parquet", "-q", "-o", target]);
    let out = run(&parquet);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    let mut read = oracle(python, "parquet_rows.py", &[target]);
    let head = read.remove(0);
    assert_eq!(head["rows"].as_u64(), Some(expected.len() as u64));
    assert_eq!(read.len(), expected.len());
    for (i, (o, p)) in expected.iter().zip(&read).enumerate() {
        assert!(same(o, p), "row {i}:\n jsonl   {o}\n parquet {p}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    // The schema, in column order (as pyarrow lists it).
    let schema: Vec<(String, String)> = head["schema"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f[0].as_str().unwrap().to_owned(),
                f[1].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let columns: Vec<&str> = match args[0] {
        "games" => GAME_COLUMNS.to_vec(),
        _ => MOVE_COLUMNS
            .iter()
            .copied()
            .filter(|c| args.contains(&"--fen") || *c != "fen")
            .collect(),
    };
    let names: Vec<&str> = schema.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, columns, "Parquet columns");
    schema.into_iter().collect()
}

fn tempfile_dir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-tables-{what}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn parquet_reads_back_as_the_json_lines() {
    let Some(python) = python("pyarrow.parquet", "Parquet read back with pyarrow") else {
        return;
    };
    let mut files = vec![
        testdata("tables/producers.pgn"),
        testdata("tables/typed.pgn"),
    ];
    files.extend(corpus("Parquet on the corpus").map(|d| d.join("games")));
    files.push(testdata("twic944-300.pgn"));
    let files: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let mut args = vec!["moves", "--fen"];
    args.extend(files.iter().map(String::as_str));
    let schema = parquet_round_trip(&python, &args);
    assert_eq!(schema["clk"], "double");
    assert_eq!(schema["time_spent_s"], "double");
    assert_eq!(schema["eval_cp"], "int32");
    assert_eq!(schema["game"], "uint64");
    assert_eq!(schema["ply"], "uint32");
    args[0] = "games";
    args.remove(1);
    let schema = parquet_round_trip(&python, &args);
    assert_eq!(schema["plies"], "uint32");
    assert_eq!(schema["white_elo"], "int32");
    assert_eq!(schema["date"], "date32[day]");
    assert_eq!(schema["utc_date"], "date32[day]");
    assert_eq!(schema["year"], "int32");
    assert_eq!(schema["time_control_base_s"], "double");
    assert_eq!(schema["classified_ply"], "uint32");
    assert_eq!(schema["classified_eco"], "string");
    assert_eq!(schema.len(), GAME_COLUMNS.len());
}

#[test]
fn csv_holds_the_json_lines_values() {
    for (file, sub) in [
        ("tables/producers.pgn", "games"),
        ("tables/producers.pgn", "moves"),
        ("tables/typed.pgn", "games"),
        ("tables/typed.pgn", "moves"),
    ] {
        let file = testdata(file);
        let file = file.to_str().unwrap();
        let rows = arbiter_rows(&[sub, "--format", "jsonl", "-q", file], 0);
        let out = run(&[sub, "-q", file]);
        assert_eq!(out.status.code(), Some(0));
        let mut reader = csv::Reader::from_reader(&out.stdout[..]);
        let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
        let jsonl = run(&[sub, "--format", "jsonl", "-q", file]).stdout;
        let keys = keys_in_order(String::from_utf8_lossy(&jsonl).lines().next().unwrap());
        assert_eq!(header, keys, "{sub}: CSV header and JSON keys");
        let columns: Vec<&str> = match sub {
            "games" => GAME_COLUMNS.to_vec(),
            _ => MOVE_COLUMNS
                .iter()
                .copied()
                .filter(|c| *c != "fen")
                .collect(),
        };
        assert_eq!(header, columns, "{sub}");
        let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(records.len(), rows.len(), "{sub}");
        for (record, row) in records.iter().zip(&rows) {
            for (field, key) in record.iter().zip(&keys) {
                let value = &row[key];
                let text = match value {
                    Value::Null => String::new(),
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                if key == "other_tags" {
                    let parsed: Value = serde_json::from_str(field).unwrap();
                    assert_eq!(&parsed, value, "{sub} {key}");
                } else {
                    assert_eq!(field, text, "{sub} {key}");
                }
            }
        }
    }
}

#[test]
fn exit_status_and_output_file() {
    let clean = testdata("immortal-games.pgn");
    let clean = clean.to_str().unwrap();
    let dir = tempfile_dir("out");
    let target = dir.join("games.csv");
    let out = run(&["games", "-q", "-o", target.to_str().unwrap(), clean]);
    // Issue 31: the table is written, whatever the games hold (`check` exits 1 on them).
    assert_eq!(run(&["check", "-q", clean]).status.code(), Some(1));
    assert_eq!(
        out.status.code(),
        Some(0),
        "games exits 0 once the table is written"
    );
    let written = std::fs::read_to_string(&target).unwrap();
    assert!(written.starts_with("file,game,offset,line,event,"));
    // Never over an input.
    let out = run(&["moves", "-q", "-o", clean, clean]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("never writes over an input"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `-o db.pgn` with the inputs forgotten reads standard input: the database must not become
/// an empty table. `-o -` is refused (it made a file named `-`). Fresh-user pass, 2026-12-03.
#[test]
fn a_table_is_not_written_over_a_pgn_file_nor_to_a_file_named_dash() {
    let dir = tempfile_dir("pgn-out");
    let db = dir.join("db.PGN");
    let original = std::fs::read(testdata("immortal-games.pgn")).unwrap();
    std::fs::write(&db, &original).unwrap();
    for (sub, format) in [("games", "parquet"), ("moves", "csv"), ("games", "jsonl")] {
        let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args([sub, "-q", "--format", format, "-o", db.to_str().unwrap()])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{sub} {format}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("is a PGN file"), "{stderr}");
        assert_eq!(std::fs::read(&db).unwrap(), original, "{sub} {format}");
    }
    // A new file of that name is a table like any other.
    let fresh = dir.join("new.pgn");
    let out = run(&[
        "games",
        "-q",
        "-o",
        fresh.to_str().unwrap(),
        db.to_str().unwrap(),
    ]);
    assert!(out.status.code().is_some_and(|c| c < 2), "{out:?}");
    assert!(
        std::fs::read_to_string(&fresh)
            .unwrap()
            .starts_with("file,game,")
    );
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(&dir)
        .args(["moves", "-q", "-o", "-", db.to_str().unwrap()])
        .output()
        .unwrap();
    // `-o -` is standard output (issue 32), never a file named `-`.
    assert!(out.status.code().is_some_and(|c| c < 2), "{out:?}");
    assert!(out.stdout.starts_with(b"file,game,"));
    assert!(!dir.join("-").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
