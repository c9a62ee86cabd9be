//! What is read and how: bad input, words that are not moves, dates and ratings as
//! written, messages, overflow, values left out.

use super::*;

#[test]
fn bad_input_never_stops_the_run() {
    let tmp = TempDir::new("stats-bad");
    let garbage = path("stats/garbage.pgn");
    let doc = stats_json(&["--with-check", "--with-audit", &garbage]);
    assert!(u64_of(&doc["all"], "games") >= 1);
    // Random bytes.
    let mut bytes = Vec::new();
    let mut x: u32 = 12345;
    for _ in 0..20000 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let alphabet = b"[]{}()\"\\ \n1.e4Nf3O-0*/%;$!?x=#+";
        bytes.push(alphabet[(x >> 16) as usize % alphabet.len()]);
    }
    let random = tmp.write("random.pgn", &bytes);
    stats_json(&["--with-check", "--with-audit", random.to_str().unwrap()]);
    // A missing file: reported, the other file still counted, exit status 2.
    let out = run(&[
        "stats",
        "-q",
        "--format",
        "json",
        "/nonexistent.pgn",
        &path(SMALL),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["files_failed"], 1);
    assert_eq!(doc["all"]["games"], 5);
    // Standard input.
    let out = crate::util::run_stdin(
        &["stats", "-q", "--format", "json", "-"],
        &std::fs::read(testdata(SMALL)).unwrap(),
    );
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["all"]["plies"], 22);
}

#[test]
fn words_that_are_no_moves_are_not_plies() {
    // Each game's first word is shaped like a move for the lexer but names no square or piece
    // move of the board (PGN standard 8.2.3): `arbiter check` calls it syntax/unknown-token.
    let tmp = TempDir::new("stats-nonmoves");
    let words = ["Nf9", "Qxx4", "xyz", "abc", "N", "e9", "O-O-O-O", "+", "#"];
    let mut pgn = String::from("some garbage\n\n");
    for w in words {
        pgn.push_str(&format!("[White \"a\"]\n[Result \"*\"]\n\n1. {w} e5 *\n\n"));
    }
    let out = stats_on(&tmp, &pgn, &["--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = &doc["all"];
    // The garbage before the first tag is a game of its own, without moves; each of the
    // others has one move: e5.
    assert_eq!(s["games"], 10);
    assert_eq!(s["plies"], 9);
    assert_eq!(s["length_plies"], json!({"0": 1, "1": 9}));
    assert_eq!(s["first_moves"], json!({}));
}

#[test]
fn dates_are_read_as_games_reads_them_and_ratings_as_written() {
    // A Date with space around it is the date it plainly is, as `arbiter games` and
    // `standings` read it (`arbiter check` warns of it: tag/bad-date); a rating with spaces is
    // no whole number (README: whole numbers from 1 to 4000).
    let tmp = TempDir::new("stats-spaces");
    let pgn = "[Date \"  2023.01.01\"]\n[WhiteElo \" 1500\"]\n[BlackElo \"1500 \"]\n\n1. e4 *\n\n\
               [Date \"2023.01.01 \"]\n\n1. e4 *\n\n\
               [Date \"2022.05.07\"]\n[WhiteElo \"1600\"]\n\n1. e4 *\n\n\
               [Date \"2021-05-07\"]\n\n1. e4 *\n";
    let out = stats_on(&tmp, pgn, &["--format", "json"]);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = &doc["all"];
    assert_eq!(s["years"], json!({"2022": 1, "2023": 2}));
    assert_eq!(s["months"], json!({"2022.05": 1, "2023.01": 2}));
    assert_eq!(s["dates"]["unknown"], 1);
    assert_eq!(s["ratings"], json!({"1600": 1}));
}

#[test]
fn messages_name_the_problem() {
    let tmp = TempDir::new("stats-messages");
    let pgn = tmp.write("some.pgn", b"[Event \"x\"]\n\n1. e4 *\n");
    // --merge on PGN.
    let out = run(&["stats", "--merge", pgn.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "{}: not a JSON document written by arbiter stats --format json (",
            pgn.display()
        )),
        "{err}"
    );
    // --plot on a file.
    let out = run(&[
        "stats",
        "-q",
        "--plot",
        pgn.to_str().unwrap(),
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a directory"), "{err}");
    // --by a tag no game has: one warning, with the tag of the games that matches but for case.
    let out = run(&["stats", "-q", "--by", "event", pgn.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim_end(),
        "arbiter: warning: no game has a tag \"event\" (tag names are case-sensitive; did you \
         mean \"Event\"?)"
    );
    let out = run(&["stats", "-q", "--by", "Opening", pgn.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim_end(),
        "arbiter: warning: no game has a tag \"Opening\" (tag names are case-sensitive)"
    );
    // A tag that a game has, even as `?`: no warning.
    let out = run(&["stats", "-q", "--by", "Event", pgn.to_str().unwrap()]);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn merge_overflow_is_an_error() {
    let tmp = TempDir::new("stats-overflow");
    let pgn = tmp.write("a.pgn", b"[Event \"x\"]\n\n1. e4 *\n");
    let mut doc: Value = serde_json::from_slice(&stdout_of(&[
        "stats",
        "-q",
        "--format",
        "json",
        pgn.to_str().unwrap(),
    ]))
    .unwrap();
    doc["all"]["games"] = json!(u64::MAX);
    let big = tmp.write("big.json", doc.to_string().as_bytes());
    let out = run(&[
        "stats",
        "--merge",
        "--format",
        "json",
        big.to_str().unwrap(),
        big.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("exceeds 18446744073709551615"), "{err}");
    // One such document alone merges.
    let out = run(&[
        "stats",
        "--merge",
        "--format",
        "json",
        big.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn unknown_tag_values_are_left_out_and_counted() {
    // README: a game without the tag, or with an empty or `?` value, is left out of ECO,
    // openings, time controls and terminations, as for players; the text says how many.
    let tmp = TempDir::new("stats-unknown-values");
    let pgn = "[ECO \"?\"]\n[Opening \"?\"]\n[TimeControl \"?\"]\n[Termination \"\"]\n\n1. e4 *\n\n\
               [ECO \"\"]\n[TimeControl \"\"]\n[Termination \"?\"]\n\n1. d4 *\n\n\
               [ECO \"B00\"]\n[Opening \"Owen\"]\n[TimeControl \"60\"]\n[Termination \"Normal\"]\n\n\
               1. e4 b6 *\n";
    let out = stats_on(&tmp, pgn, &["--format", "json"]);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = &doc["all"];
    assert_eq!(s["eco"], json!({"B00": {"*": 1}}));
    assert_eq!(s["openings"], json!({"Owen": {"*": 1}}));
    assert_eq!(s["time_controls"], json!({"60": 1}));
    assert_eq!(s["terminations"], json!({"Normal": 1}));
    let text = String::from_utf8(stats_on(&tmp, pgn, &[]).stdout).unwrap();
    for needle in [
        "ECO codes (top 1 of 1; 2 games without one)",
        "Openings (top 1 of 1; 2 games without one)",
        "First moves (top 2 of 2; 0 games without one)",
        "Time controls (top 1 of 1; 2 games without one)",
        "Terminations (top 1 of 1; 2 games without one)",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
}
