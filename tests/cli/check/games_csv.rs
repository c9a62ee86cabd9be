//! `check --games` in CSV (issue 18): one row per game with the columns of `arbiter games` a
//! data user joins on, formula protection as in every CSV writer, and the per-game status that
//! counts every finding whatever `--only`/`--ignore`/`--errors-only` print.
//!
//! Expected values come from the file text and the rules: the Result and Elo tags as written, the
//! termination marker of the movetext, `3.Nd2` ambiguous after 1.Nf3 d5 2.d4 Nf6 (knights on b1
//! and f3 both reach d2: FIDE Laws art. 3.6, PGN standard 8.2.3.4; python-chess agrees), `0-0`
//! written with zeros (PGN standard 8.2.3.3: letter O), and the OWASP rule for CSV cells.

use crate::util::{TempDir, run, run_stdin};

/// Three games: a clean one with Elo tags, one with an illegal move, one with a warning only.
const GAMES: &str = r#"[Event "Club"]
[Site "Leeds"]
[Date "2024.03.02"]
[Round "1"]
[White "Smith, Anna"]
[Black "Jones, Ben"]
[Result "1-0"]
[WhiteElo "1650"]
[BlackElo "1420"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Club"]
[Site "Leeds"]
[Date "2024.03.02"]
[Round "2"]
[White "White"]
[Black "Black"]
[Result "*"]

1. Nf3 d5 2. d4 Nf6 3. Nd2 *

[Event "Club"]
[Site "Leeds"]
[Date "2024.03.02"]
[Round "3"]
[White "W"]
[Black "B"]
[Result "1/2-1/2"]
[WhiteElo "2100"]

1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 1/2-1/2
"#;

/// The rows of a CSV text: header, then records.
fn rows(stdout: &[u8]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_reader(stdout);
    let header = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    let records = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    (header, records)
}

/// The cell of `column` in `row`.
fn cell<'a>(header: &[String], row: &'a [String], column: &str) -> &'a str {
    let i = header
        .iter()
        .position(|h| h == column)
        .unwrap_or_else(|| panic!("no column {column}: {header:?}"));
    &row[i]
}

#[test]
fn games_in_csv_is_one_row_per_game_with_the_result_and_elo_tags() {
    let dir = TempDir::new("check-games-csv");
    let path = dir.write("games.pgn", GAMES.as_bytes());
    let out = run(&[
        "check",
        "-q",
        "--games",
        "--format",
        "csv",
        path.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (header, records) = rows(&out.stdout);
    assert_eq!(
        header,
        [
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
            "warnings"
        ]
    );
    assert_eq!(
        records.len(),
        3,
        "one row per game, no finding rows: {records:?}"
    );
    let expected: [[&str; 11]; 3] = [
        // game, line, white, black, result, white_elo, black_elo, plies, marker, status, errors
        [
            "1",
            "1",
            "Smith, Anna",
            "Jones, Ben",
            "1-0",
            "1650",
            "1420",
            "7",
            "1-0",
            "ok",
            "0",
        ],
        [
            "2", "13", "White", "Black", "*", "", "", "4", "*", "error", "1",
        ],
        [
            "3", "23", "W", "B", "1/2-1/2", "2100", "", "7", "1/2-1/2", "warning", "0",
        ],
    ];
    for (row, want) in records.iter().zip(expected) {
        let got: Vec<&str> = [
            "game",
            "line",
            "white",
            "black",
            "result",
            "white_elo",
            "black_elo",
            "plies",
            "marker",
            "status",
            "errors",
        ]
        .iter()
        .map(|c| cell(&header, row, c))
        .collect();
        assert_eq!(got, want, "{row:?}");
        assert_eq!(cell(&header, row, "file"), path.to_str().unwrap());
        assert_eq!(cell(&header, row, "event"), "Club");
        // The offset is the byte of the game's first line.
        let offset: usize = cell(&header, row, "offset").parse().unwrap();
        let line: usize = cell(&header, row, "line").parse().unwrap();
        assert_eq!(
            offset,
            GAMES
                .lines()
                .take(line - 1)
                .map(|l| l.len() + 1)
                .sum::<usize>()
        );
    }
    assert_eq!(cell(&header, &records[2], "warnings"), "1", "0-0 for O-O");
}

#[test]
fn games_in_csv_shares_the_names_and_values_of_arbiter_games() {
    let dir = TempDir::new("check-games-csv-join");
    let path = dir.write("games.pgn", GAMES.as_bytes());
    let file = path.to_str().unwrap();
    let check = run(&["check", "-q", "--games", "--format", "csv", file]);
    let games = run(&["games", "-q", file]);
    same_columns(&check, &games);
    // On standard input too: `file` is `-` in both tables (check wrote `'-`, as if a lone
    // dash could be a formula, and the tables did not join).
    let check = run_stdin(
        &["check", "-q", "--games", "--format", "csv", "-"],
        GAMES.as_bytes(),
    );
    let games = run_stdin(&["games", "-q", "-"], GAMES.as_bytes());
    let (header, rows_of_check) = rows(&check.stdout);
    assert_eq!(cell(&header, &rows_of_check[0], "file"), "-");
    same_columns(&check, &games);
}

/// Every column of `check --games`' CSV table is a column of `arbiter games`' with the same
/// values.
fn same_columns(check: &std::process::Output, games: &std::process::Output) {
    let (check_header, check_rows) = rows(&check.stdout);
    let (games_header, games_rows) = rows(&games.stdout);
    assert_eq!(check_rows.len(), games_rows.len());
    // Every column of check's table is a column of `arbiter games`, with the same value (its
    // status and counts are check's with the default options, as here).
    for column in &check_header {
        assert!(
            games_header.contains(column),
            "{column} is not a column of arbiter games"
        );
        for (c, g) in check_rows.iter().zip(&games_rows) {
            assert_eq!(
                cell(&check_header, c, column),
                cell(&games_header, g, column),
                "{column}"
            );
        }
    }
}

#[test]
fn games_in_csv_protects_the_cells_a_spreadsheet_would_run() {
    let dir = TempDir::new("check-games-csv-formula");
    let pgn = "[Event \"@SUM(1)\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-1\"]\n\
               [White \"=HYPERLINK(\\\"http://x\\\")\"]\n[Black \"+cmd\"]\n[Result \"*\"]\n\
               [WhiteElo \"=1+1\"]\n[BlackElo \"-2\"]\n\n1. e4 *\n";
    let path = dir.write("formula.pgn", pgn.as_bytes());
    let out = run(&[
        "check",
        "-q",
        "--games",
        "--format",
        "csv",
        path.to_str().unwrap(),
    ]);
    let (header, records) = rows(&out.stdout);
    let row = &records[0];
    // Input text that starts with = + - @ gets a ' in front (OWASP); numbers arbiter counts
    // itself do not.
    assert_eq!(cell(&header, row, "event"), "'@SUM(1)");
    assert_eq!(cell(&header, row, "white"), "'=HYPERLINK(\"http://x\")");
    assert_eq!(cell(&header, row, "black"), "'+cmd");
    assert_eq!(cell(&header, row, "white_elo"), "'=1+1");
    assert_eq!(cell(&header, row, "black_elo"), "'-2");
    assert_eq!(cell(&header, row, "plies"), "1");
}

#[test]
fn games_in_csv_refuses_the_filters_of_findings() {
    for filter in [
        &["--only", "notation"][..],
        &["--ignore", "tag"],
        &["--errors-only"],
    ] {
        let mut args = vec!["check", "--games", "--format", "csv"];
        args.extend_from_slice(filter);
        args.push("testdata/check/illegal-ambiguous.pgn");
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{filter:?}");
        assert!(out.stdout.is_empty());
        assert!(String::from_utf8_lossy(&out.stderr).contains("one row per game"));
    }
}

/// The filters change what is printed, never what is found (README): a game record's status
/// counts the findings `--only` leaves out.
#[test]
fn a_game_record_counts_the_findings_the_filters_hide() {
    let file = "testdata/check/illegal-ambiguous.pgn";
    let out = run(&[
        "check", "-q", "--games", "--format", "jsonl", "--only", "notation", file,
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let game: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(game["type"], "game");
    assert_eq!(
        game["status"], "error",
        "3.Nd2 is ambiguous, printed or not"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["check", "-q", "--games", "--only", "notation", file]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(": errors, 4 plies, result *"), "{text}");
}

/// One ply is "1 ply" in the per-game lines and the summaries of check and audit, one game "1
/// game" in the stats header.
#[test]
fn one_ply_is_singular() {
    let dir = TempDir::new("check-one-ply");
    let path = dir.write("one.pgn", b"[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n");
    let file = path.to_str().unwrap();
    let check = String::from_utf8(run(&["check", "-q", "--games", file]).stdout).unwrap();
    assert!(check.contains(": warnings, 1 ply, result *\n"), "{check}");
    assert!(check.contains("; 1 ply, 34 bytes\n"), "{check}");
    let audit = String::from_utf8(run(&["audit", "-q", "--games", file]).stdout).unwrap();
    assert!(audit.contains(": ok, 1 ply, result *\n"), "{audit}");
    assert!(audit.contains("; 1 ply, 34 bytes\n"), "{audit}");
    // And in the stats header and the members of a duplicate group (`1 games`, `1 plies`).
    let stats = String::from_utf8(run(&["stats", "-q", file]).stdout).unwrap();
    assert!(
        stats.starts_with("arbiter stats: 1 game in 1 file (34 bytes)\n"),
        "{stats}"
    );
    let dedup = String::from_utf8(run(&["dedup", "-q", file, file]).stdout).unwrap();
    assert!(dedup.contains(", 1 ply [kept]\n"), "{dedup}");
}
