//! `arbiter stats` (issue 5): hand-computed figures on `testdata/stats/`, merge(a, b) ==
//! stats(a + b), `-j1` == `-j2`, `--by`, CSV tables, SVG charts, findings counts, bad input.
//!
//! The expected numbers of `small.pgn` were counted by hand from the file (see the comments);
//! none was copied from arbiter's output.

use serde_json::{Value, json};

use crate::util::{TempDir, check_jsonl, run, summary, testdata, u64_of};

const SMALL: &str = "stats/small.pgn";
const OTHER: &str = "stats/other.pgn";

fn path(rel: &str) -> String {
    testdata(rel).to_str().expect("utf-8 path").to_owned()
}

/// `arbiter stats --format json ARGS...`: the parsed document.
fn stats_json(args: &[&str]) -> Value {
    let mut all = vec!["stats", "--quiet", "--format", "json"];
    all.extend_from_slice(args);
    let out = run(&all);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

fn stdout_of(args: &[&str]) -> Vec<u8> {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn small_file_matches_hand_counts() {
    let doc = stats_json(&[&path(SMALL)]);
    assert_eq!(doc["type"], "stats");
    assert_eq!(doc["version"], 1);
    assert_eq!(doc["files"], 1);
    let s = &doc["all"];
    // Main-line move tokens: 7, 6 (the variation 2. c4 e6 3. Nc3 and the "e4" in the comment
    // do not count), 5, 2 (from a FEN), 2 (Nf9 is shaped like a move, but no square is on
    // file 9: `arbiter check` calls it an unknown token, so it is no ply).
    assert_eq!(s["games"], 5);
    assert_eq!(s["plies"], 22);
    assert_eq!(s["length_plies"], json!({"2": 2, "5": 1, "6": 1, "7": 1}));
    let sum = &s["summary"];
    assert_eq!(sum["mean_plies"], 4.4);
    assert_eq!(sum["median_plies"], 5.0);
    assert_eq!(sum["max_plies"], 7);
    // Moves = ceil(plies / 2): 4, 3, 3, 1, 1.
    assert_eq!(sum["mean_moves"], 2.4);
    assert_eq!(sum["median_moves"], 3.0);
    assert_eq!(sum["max_moves"], 4);
    assert_eq!(
        s["results"],
        json!({"1-0": 2, "0-1": 1, "1/2-1/2": 1, "*": 1})
    );
    // Finished: 4; decisive 3 of 4; White: 2 wins + 1 draw = 2.5 of 4.
    assert_eq!(sum["decisive_share"], 0.75);
    assert_eq!(sum["white_score"], 0.625);
    assert_eq!(s["fen_start"], 1);
    assert_eq!(s["variants"], json!({"Standard": 5}));
    assert_eq!(
        s["eco"],
        json!({"C20": {"1-0": 1, "0-1": 1}, "D02": {"1/2-1/2": 1}})
    );
    assert_eq!(s["openings"], json!({"King's pawn": {"1-0": 1}}));
    // The FEN game's first move is not an opening move.
    assert_eq!(
        s["first_moves"],
        json!({"e4": {"1-0": 2, "0-1": 1}, "d4": {"1/2-1/2": 1}})
    );
    // Alpha: won games 1, 3 and 5, drew game 2; rated 2400, 2400, 2450, 2400.
    assert_eq!(
        s["players"]["Alpha"],
        json!({"games": 4, "wins": 3, "draws": 1, "losses": 0, "rated_games": 4, "rating_sum": 9650})
    );
    assert_eq!(s["players"]["Delta"]["games"], 1);
    assert!(s["players"].get("?").is_none(), "`?` is no player");
    assert_eq!(sum["players"], 4);
    assert_eq!(
        s["ratings"],
        json!({"2000": 2, "2300": 2, "2400": 3, "2450": 1})
    );
    assert_eq!(sum["mean_rating"], 2281.25);
    assert_eq!(sum["median_rating"], 2350.0);
    // White - Black: +100 (1-0), -100 (draw), -450 (0-1), +400 (1-0).
    assert_eq!(
        s["rating_diff"],
        json!({"-450": {"0-1": 1}, "-100": {"1/2-1/2": 1}, "100": {"1-0": 1}, "400": {"1-0": 1}})
    );
    assert_eq!(
        s["higher_rated"],
        json!({"wins": 3, "draws": 1, "losses": 0, "equal": 0})
    );
    assert_eq!(sum["higher_rated_wins"], 0.75);
    // Mean ratings 2350, 2350, 2225, 2200: all in the 2200-2399 band.
    assert_eq!(
        s["rating_bands"],
        json!({"2200": {"1-0": 2, "0-1": 1, "1/2-1/2": 1}})
    );
    assert_eq!(
        s["dates"],
        json!({"first": "2020.01.15", "last": "2021.??.??", "unknown": 1})
    );
    assert_eq!(s["years"], json!({"2020": 3, "2021": 1}));
    assert_eq!(s["months"], json!({"2020.01": 2, "2020.03": 1}));
    assert_eq!(s["time_controls"], json!({"600+5": 2}));
    assert_eq!(s["terminations"], json!({"Normal": 1, "Time forfeit": 1}));
    // Nothing was checked or audited.
    assert_eq!(s["check"]["games"], 0);
    assert_eq!(s["audit"]["games"], 0);
    assert_eq!(doc["groups"], json!({}));
}

#[test]
fn text_report_has_figures_and_bar_charts() {
    let out = stdout_of(&["stats", "-q", &path(SMALL)]);
    let text = String::from_utf8(out).expect("utf-8");
    for needle in [
        "arbiter stats: 5 games in 1 file",
        "length (plies)   22 in all; mean 4.4, median 5.0, max 7",
        "length (moves)   mean 2.4, median 3.0, max 4",
        "1-0 2 (40.0%), 0-1 1 (20.0%), 1/2-1/2 1 (20.0%), * 1 (20.0%), none 0",
        "decisive         75.0% of finished games; White's score 62.5%",
        "Alpha",
        "the higher-rated player won 3 of 4 games (75.0%)",
        "Dates: 2020.01.15 to 2021.??.??; 1 games without a known year",
        "600+5",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
    // Bar charts: the length histogram's longest bar is 40 cells wide.
    assert!(text.contains(&"█".repeat(40)), "no full bar in:\n{text}");
    assert!(text.contains('▒') || text.contains('░'), "no stacked bar");
    // --top 1 keeps one player row.
    let out = stdout_of(&["stats", "-q", "--top", "1", &path(SMALL)]);
    let text = String::from_utf8(out).expect("utf-8");
    assert!(text.contains("Players (top 1 of 4 by games)"));
    assert!(!text.contains("Gamma"), "{text}");
}

#[test]
fn merge_of_two_runs_equals_one_run_over_both() {
    let tmp = TempDir::new("stats-merge");
    let a = tmp.write(
        "a.json",
        &stdout_of(&["stats", "-q", "--format", "json", &path(SMALL)]),
    );
    let b = tmp.write(
        "b.json",
        &stdout_of(&["stats", "-q", "--format", "json", &path(OTHER)]),
    );
    let both = stdout_of(&[
        "stats",
        "-q",
        "--format",
        "json",
        &path(SMALL),
        &path(OTHER),
    ]);
    let merged = stdout_of(&[
        "stats",
        "--merge",
        "--format",
        "json",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    assert_eq!(
        String::from_utf8_lossy(&merged),
        String::from_utf8_lossy(&both)
    );
    // The merged medians come from the histograms: 7 games of 2, 2, 2, 5, 6, 7, 24 plies.
    let doc: Value = serde_json::from_slice(&merged).unwrap();
    assert_eq!(doc["all"]["summary"]["median_plies"], 5.0);
    assert_eq!(doc["all"]["players"]["Alpha"]["games"], 5);
    assert_eq!(
        doc["all"]["higher_rated"]["equal"], 1,
        "the 0-1 between two 2400s"
    );
    assert_eq!(
        doc["all"]["variants"],
        json!({"Standard": 6, "Chess960": 1})
    );
    // Merging in the other order gives the same bytes; so does merging the text output.
    let reversed = stdout_of(&[
        "stats",
        "--merge",
        "--format",
        "json",
        b.to_str().unwrap(),
        a.to_str().unwrap(),
    ]);
    assert_eq!(reversed, merged);
    let text_merged = stdout_of(&["stats", "--merge", a.to_str().unwrap(), b.to_str().unwrap()]);
    let text_both = stdout_of(&["stats", "-q", &path(SMALL), &path(OTHER)]);
    assert_eq!(text_merged, text_both);
}

#[test]
fn grouped_merge_and_mismatched_groups() {
    let tmp = TempDir::new("stats-merge-by");
    let a = tmp.write(
        "a.json",
        &stdout_of(&[
            "stats",
            "-q",
            "--format",
            "json",
            "--by",
            "year",
            &path(SMALL),
        ]),
    );
    let b = tmp.write(
        "b.json",
        &stdout_of(&[
            "stats",
            "-q",
            "--format",
            "json",
            "--by",
            "year",
            &path(OTHER),
        ]),
    );
    let both = stdout_of(&[
        "stats",
        "-q",
        "--format",
        "json",
        "--by",
        "year",
        &path(SMALL),
        &path(OTHER),
    ]);
    let merged = stdout_of(&[
        "stats",
        "--merge",
        "--format",
        "json",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    assert_eq!(merged, both);
    let plain = tmp.write(
        "c.json",
        &stdout_of(&["stats", "-q", "--format", "json", &path(OTHER)]),
    );
    let out = run(&[
        "stats",
        "--merge",
        a.to_str().unwrap(),
        plain.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot merge"));
    let junk = tmp.write("junk.json", b"{\"type\":\"summary\"}");
    let out = run(&["stats", "--merge", junk.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not the JSON output of arbiter stats"));
}

#[test]
fn jobs_do_not_change_the_output() {
    let dir = path("");
    for format in ["json", "text"] {
        let one = stdout_of(&["stats", "-q", "-j1", "--format", format, &dir]);
        let two = stdout_of(&["stats", "-q", "-j2", "--format", format, &dir]);
        let four = stdout_of(&["stats", "-q", "-j4", "--format", format, &dir]);
        assert_eq!(one, two, "{format}: -j1 and -j2 differ");
        assert_eq!(one, four, "{format}: -j1 and -j4 differ");
    }
}

#[test]
fn by_tag_groups_every_figure() {
    let doc = stats_json(&["--by", "Event", &path(SMALL)]);
    assert_eq!(doc["by"], "Event");
    let groups = doc["groups"].as_object().unwrap();
    assert_eq!(
        groups.keys().collect::<Vec<_>>(),
        ["Open A", "Open B"],
        "{groups:?}"
    );
    let a = &groups["Open A"];
    assert_eq!(a["games"], 2);
    assert_eq!(a["plies"], 13);
    assert_eq!(a["results"], json!({"1-0": 1, "1/2-1/2": 1}));
    assert_eq!(a["players"]["Alpha"]["games"], 2);
    let b = &groups["Open B"];
    assert_eq!(b["games"], 3);
    assert_eq!(b["fen_start"], 1);
    assert_eq!(doc["all"]["games"], 5);

    let doc = stats_json(&["--by", "year", &path(SMALL)]);
    let games: Vec<(String, u64)> = doc["groups"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), u64_of(v, "games")))
        .collect();
    assert_eq!(
        games,
        [("2020".into(), 3), ("2021".into(), 1), ("?".into(), 1)]
    );
    // A tag no game has: one group "?".
    let doc = stats_json(&["--by", "Annotator", &path(SMALL)]);
    assert_eq!(doc["groups"]["?"]["games"], 5);
    // The text report lists the groups.
    let text =
        String::from_utf8(stdout_of(&["stats", "-q", "--by", "Event", &path(SMALL)])).unwrap();
    assert!(text.contains("By Event"), "{text}");
    assert!(text.contains("Open B"), "{text}");
}

fn csv_rows(args: &[&str]) -> Vec<Vec<String>> {
    let out = stdout_of(args);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(&out[..]);
    reader
        .records()
        .map(|r| r.expect("CSV record").iter().map(str::to_owned).collect())
        .collect()
}

#[test]
fn csv_tables() {
    let small = path(SMALL);
    let table = |name: &str| csv_rows(&["stats", "-q", "--format", "csv", "--table", name, &small]);
    let players = table("players");
    assert_eq!(
        players[0],
        [
            "player",
            "games",
            "wins",
            "draws",
            "losses",
            "score",
            "rated_games",
            "mean_rating"
        ]
    );
    assert_eq!(
        players[1],
        ["Alpha", "4", "3", "1", "0", "0.875", "4", "2412.5"]
    );
    assert_eq!(players.len(), 5);
    let results = table("results");
    assert_eq!(results[1], ["1-0", "2", "0.4"]);
    let lengths = table("lengths");
    assert_eq!(lengths[0], ["plies", "moves", "games"]);
    assert_eq!(lengths[4], ["7", "4", "1"]);
    let eco = table("eco");
    assert_eq!(eco[1], ["C20", "2", "1", "1", "0", "0", "0", "0.5"]);
    let years = table("years");
    assert_eq!(years, [["year", "games"], ["2020", "3"], ["2021", "1"]]);
    let diff = table("rating-diff");
    assert_eq!(diff[1][..3], ["-450", "-401", "1"]);
    let summary = table("summary");
    assert!(summary.contains(&vec!["white_score".to_owned(), "0.625".to_owned()]));
    // Every table has a header and rows of its width.
    for name in [
        "summary",
        "lengths",
        "results",
        "variants",
        "eco",
        "openings",
        "first-moves",
        "players",
        "ratings",
        "rating-diff",
        "rating-bands",
        "years",
        "months",
        "time-controls",
        "terminations",
        "findings",
    ] {
        let rows = table(name);
        assert!(!rows.is_empty(), "{name}: no header");
        assert!(rows.iter().all(|r| r.len() == rows[0].len()), "{name}");
    }
    // --top limits ranked tables; --by adds a group column.
    assert_eq!(
        csv_rows(&[
            "stats", "-q", "--format", "csv", "--table", "players", "--top", "2", &small
        ])
        .len(),
        3
    );
    let grouped = csv_rows(&[
        "stats", "-q", "--format", "csv", "--table", "results", "--by", "Event", &small,
    ]);
    assert_eq!(grouped[0], ["group", "result", "games", "share"]);
    assert_eq!(grouped[1], ["Open A", "1-0", "1", "0.5"]);
    assert_eq!(grouped.len(), 11);
    // Usage errors.
    for bad in [
        &["stats", "--format", "csv", &small][..],
        &["stats", "--format", "csv", "--table", "nope", &small][..],
        &["stats", "--table", "eco", &small][..],
    ] {
        let out = run(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn svg_charts_are_written_and_parse() {
    let tmp = TempDir::new("stats-plot");
    let dir = tmp.path("plots");
    let dir_str = dir.to_str().unwrap();
    stdout_of(&["stats", "-q", "--plot", dir_str, &path("twic944-300.pgn")]);
    for (name, caption, min_rects) in [
        ("lengths.svg", "Game length (300 games)", 10),
        (
            "rating-diff.svg",
            "Results by rating difference (White - Black)",
            20,
        ),
        ("years.svg", "Games per year", 1),
    ] {
        let text = std::fs::read_to_string(dir.join(name)).expect(name);
        let svg = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let root = svg.root_element();
        assert_eq!(root.tag_name().name(), "svg", "{name}");
        let texts: Vec<String> = svg
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text().map(|t| t.trim().to_owned()))
            .collect();
        assert!(
            texts.iter().any(|t| t == caption),
            "{name}: no caption {caption:?} in {texts:?}"
        );
        let rects = svg.descendants().filter(|n| n.has_tag_name("rect")).count();
        assert!(rects > min_rects, "{name}: {rects} rects");
    }
    // No data (no ratings, no dates): the charts are still written.
    let empty = tmp.write("empty.pgn", b"1. e4 *\n");
    let dir2 = tmp.path("plots2");
    stdout_of(&[
        "stats",
        "-q",
        "--plot",
        dir2.to_str().unwrap(),
        empty.to_str().unwrap(),
    ]);
    for name in ["lengths.svg", "rating-diff.svg", "years.svg"] {
        let text = std::fs::read_to_string(dir2.join(name)).expect(name);
        roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn findings_counts_agree_with_check_and_audit() {
    for file in ["check/illegal-ambiguous.pgn", "immortal-games.pgn", SMALL] {
        let p = testdata(file);
        let doc = stats_json(&["--with-check", "--with-audit", p.to_str().unwrap()]);
        let s = &doc["all"];
        let (records, _) = check_jsonl(&p, &[]);
        let check = summary(&records);
        let c = &s["check"];
        assert_eq!(c["games"], check["games"], "{file}");
        assert_eq!(c["games_with_errors"], check["games_with_errors"], "{file}");
        assert_eq!(
            c["games_with_warnings"], check["games_with_warnings"],
            "{file}"
        );
        let sum = |v: &Value| -> u64 {
            v.as_object()
                .unwrap()
                .values()
                .filter_map(Value::as_u64)
                .sum()
        };
        assert_eq!(sum(&c["errors"]), u64_of(check, "errors"), "{file}");
        assert_eq!(sum(&c["warnings"]), u64_of(check, "warnings"), "{file}");
        let mut by_code = std::collections::BTreeMap::<String, u64>::new();
        for f in records.iter().filter(|r| r["type"] == "finding") {
            *by_code
                .entry(format!(
                    "{}:{}",
                    f["severity"].as_str().unwrap(),
                    f["code"].as_str().unwrap()
                ))
                .or_default() += 1;
        }
        let mut ours = std::collections::BTreeMap::<String, u64>::new();
        for (sev, key) in [("error", "errors"), ("warning", "warnings")] {
            for (code, n) in c[key].as_object().unwrap() {
                ours.insert(format!("{sev}:{code}"), n.as_u64().unwrap());
            }
        }
        assert_eq!(ours, by_code, "{file}");

        let out = run(&["audit", "-q", "--format", "jsonl", p.to_str().unwrap()]);
        let last = String::from_utf8_lossy(&out.stdout)
            .lines()
            .last()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .unwrap();
        let a = &s["audit"];
        assert_eq!(a["verdicts"], last["verdicts"], "{file}");
        assert_eq!(
            a["games_with_verdicts"], last["games_with_verdicts"],
            "{file}"
        );
        assert_eq!(a["games_incomplete"], last["games_incomplete"], "{file}");
        assert_eq!(a["games_skipped"], last["games_skipped"], "{file}");
        // Checking changes no other figure.
        let plain = stats_json(&[p.to_str().unwrap()]);
        for key in [
            "games",
            "plies",
            "length_plies",
            "results",
            "players",
            "first_moves",
        ] {
            assert_eq!(s[key], plain["all"][key], "{file}: {key}");
        }
    }
    // small.pgn: the unreadable Nf9 is an error of game 5.
    let doc = stats_json(&["--with-check", &path(SMALL)]);
    assert!(u64_of(&doc["all"]["check"], "games_with_errors") >= 1);
    let text = String::from_utf8(stdout_of(&[
        "stats",
        "-q",
        "--with-check",
        "--with-audit",
        &path(SMALL),
    ]))
    .unwrap();
    assert!(
        text.contains("Findings of arbiter check: 5 games checked"),
        "{text}"
    );
    assert!(
        text.contains("Verdicts of arbiter audit: 5 games audited"),
        "{text}"
    );
}

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

/// `arbiter stats -q ARGS...` on PGN text written to a file: the output.
fn stats_on(tmp: &TempDir, pgn: &str, args: &[&str]) -> std::process::Output {
    let file = tmp.write("t.pgn", pgn.as_bytes());
    let mut all = vec!["stats", "-q"];
    all.extend_from_slice(args);
    all.push(file.to_str().unwrap());
    run(&all)
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
fn audit_counts_like_audit_summary() {
    // One game audited; one of an unsupported variant and one from a FEN without kings are
    // skipped by audit (README, arbiter audit).
    let tmp = TempDir::new("stats-audit-skipped");
    let pgn = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
               [Event \"b\"]\n[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n\
               [Event \"c\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n[Result \"*\"]\n\n\
               1. e4 *\n";
    let out = stats_on(&tmp, pgn, &["--with-audit", "--format", "json"]);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let a = &doc["all"]["audit"];
    assert_eq!(a["games"], 1);
    assert_eq!(a["games_skipped"], 2);
    assert_eq!(doc["all"]["games"], 3);
    // The same as arbiter audit's summary.
    let file = tmp.path("t.pgn");
    let out = run(&["audit", "-q", "--format", "jsonl", file.to_str().unwrap()]);
    let last: Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(a["games"], last["games"]);
    assert_eq!(a["games_skipped"], last["games_skipped"]);
    // Text and CSV.
    let out = stats_on(&tmp, pgn, &["--with-audit"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Verdicts of arbiter audit: 1 games audited, 0 with error verdicts, 0 incomplete; 2 skipped"),
        "{text}"
    );
    let out = stats_on(
        &tmp,
        pgn,
        &["--with-audit", "--format", "csv", "--table", "findings"],
    );
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(csv.contains("audit,games,audited,1\n"), "{csv}");
    assert!(csv.contains("audit,games,skipped,2\n"), "{csv}");
    // --merge adds both exactly.
    let json = tmp.write(
        "a.json",
        &stats_on(&tmp, pgn, &["--with-audit", "--format", "json"]).stdout,
    );
    let merged = stdout_of(&[
        "stats",
        "--merge",
        "--format",
        "json",
        json.to_str().unwrap(),
        json.to_str().unwrap(),
    ]);
    let doc: Value = serde_json::from_slice(&merged).unwrap();
    assert_eq!(doc["all"]["audit"]["games"], 2);
    assert_eq!(doc["all"]["audit"]["games_skipped"], 4);
}

#[test]
fn dates_and_ratings_are_read_as_written() {
    // `arbiter check` calls a Date with spaces tag/bad-date; a rating with spaces is no whole
    // number (README: whole numbers from 1 to 4000).
    let tmp = TempDir::new("stats-spaces");
    let pgn = "[Date \"  2023.01.01\"]\n[WhiteElo \" 1500\"]\n[BlackElo \"1500 \"]\n\n1. e4 *\n\n\
               [Date \"2023.01.01 \"]\n\n1. e4 *\n\n\
               [Date \"2022.05.07\"]\n[WhiteElo \"1600\"]\n\n1. e4 *\n";
    let out = stats_on(&tmp, pgn, &["--format", "json"]);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = &doc["all"];
    assert_eq!(s["years"], json!({"2022": 1}));
    assert_eq!(s["months"], json!({"2022.05": 1}));
    assert_eq!(s["dates"]["unknown"], 2);
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

/// The `x`, `width` (0 when absent) and text of the `<rect>` and `<text>` elements of an SVG.
fn svg_elements(svg: &str) -> Vec<(&'static str, f64, f64, String)> {
    let attr = |tag: &str, name: &str| -> f64 {
        tag.split(&format!(" {name}=\""))
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    };
    let mut out = Vec::new();
    for (kind, open) in [("rect", "<rect "), ("text", "<text ")] {
        for piece in svg.split(open).skip(1) {
            let tag = &piece[..piece.find('>').unwrap()];
            let text = piece[piece.find('>').unwrap() + 1..]
                .split('<')
                .next()
                .unwrap()
                .trim()
                .to_owned();
            let tag = format!(" {tag}");
            out.push((kind, attr(&tag, "x"), attr(&tag, "width"), text));
        }
    }
    out
}

#[test]
fn charts_keep_bars_visible() {
    // A game at each end of the rating-difference chart (+700 and -700) and years 0000 and
    // 9999: the legend must not cover the +650..+800 bars, and the year bars must stay wide
    // enough to see.
    let tmp = TempDir::new("stats-charts");
    let pgn = "[Date \"0000.01.01\"]\n[WhiteElo \"2700\"]\n[BlackElo \"2000\"]\n[Result \"1-0\"]\n\n\
               1. e4 *\n\n\
               [Date \"9999.01.01\"]\n[WhiteElo \"2000\"]\n[BlackElo \"2700\"]\n[Result \"0-1\"]\n\n\
               1. e4 *\n\n\
               [Date \"1990.01.01\"]\n[WhiteElo \"2000\"]\n[BlackElo \"2000\"]\n\
               [Result \"1/2-1/2\"]\n\n1. e4 *\n";
    let dir = tmp.path("plots");
    let out = stats_on(&tmp, pgn, &["--plot", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let svg = std::fs::read_to_string(dir.join("rating-diff.svg")).unwrap();
    let elements = svg_elements(&svg);
    let legend_x = elements
        .iter()
        .filter(|e| e.0 == "text" && ["1-0", "0-1", "1/2-1/2"].contains(&e.3.as_str()))
        .map(|e| e.1)
        .fold(f64::INFINITY, f64::min);
    assert!(legend_x.is_finite(), "no legend in {svg}");
    // Every bar (wider than the legend's 14-pixel keys, not the background) ends left of the
    // legend.
    let bars_end = elements
        .iter()
        .filter(|e| e.0 == "rect" && e.2 > 14.0 && e.2 < 900.0)
        .map(|e| e.1 + e.2)
        .fold(0.0, f64::max);
    assert!(
        bars_end > 0.0 && bars_end < legend_x,
        "{bars_end} {legend_x}"
    );
    let svg = std::fs::read_to_string(dir.join("years.svg")).unwrap();
    assert!(svg.contains("one bar per 1000 years"), "{svg}");
    let widths: Vec<f64> = svg_elements(&svg)
        .iter()
        .filter(|e| e.0 == "rect" && e.2 < 900.0)
        .map(|e| e.2)
        .collect();
    assert_eq!(widths.len(), 3, "{svg}");
    assert!(widths.iter().all(|w| *w >= 20.0), "{widths:?}");
}
