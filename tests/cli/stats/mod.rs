//! `arbiter stats` (issue 5): hand-computed figures on `testdata/stats/`, merge(a, b) ==
//! stats(a + b), `-j1` == `-j2`, `--by`, CSV tables, SVG charts, findings counts, bad input.
//!
//! The expected numbers of `small.pgn` were counted by hand from the file (see the comments);
//! none was copied from arbiter's output.

mod formats;
mod in_force;
mod reading;

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
    // Merging in the other order gives the same statistics (the record of the run lists the
    // inputs in the order named); so does merging the text output.
    let reversed = stdout_of(&[
        "stats",
        "--merge",
        "--format",
        "json",
        b.to_str().unwrap(),
        a.to_str().unwrap(),
    ]);
    let mut reversed: Value = serde_json::from_slice(&reversed).unwrap();
    let mut forward: Value = serde_json::from_slice(&merged).unwrap();
    let inputs = |doc: &mut Value| doc["run"]["inputs"].take();
    let (mut r, f) = (inputs(&mut reversed), inputs(&mut forward));
    r.as_array_mut().unwrap().reverse();
    assert_eq!((r, reversed), (f, forward));
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

/// `arbiter stats -q ARGS...` on PGN text written to a file: the output.
fn stats_on(tmp: &TempDir, pgn: &str, args: &[&str]) -> std::process::Output {
    let file = tmp.write("t.pgn", pgn.as_bytes());
    let mut all = vec!["stats", "-q"];
    all.extend_from_slice(args);
    all.push(file.to_str().unwrap());
    run(&all)
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
    // --merge adds both exactly (two runs over two copies of the file: the same run's output
    // twice is refused).
    let json = tmp.write(
        "a.json",
        &stats_on(&tmp, pgn, &["--with-audit", "--format", "json"]).stdout,
    );
    let copy = tmp.write("u.pgn", pgn.as_bytes());
    let other = tmp.write(
        "b.json",
        &stdout_of(&[
            "stats",
            "-q",
            "--with-audit",
            "--format",
            "json",
            copy.to_str().unwrap(),
        ]),
    );
    let merged = stdout_of(&[
        "stats",
        "--merge",
        "--format",
        "json",
        json.to_str().unwrap(),
        other.to_str().unwrap(),
    ]);
    let doc: Value = serde_json::from_slice(&merged).unwrap();
    assert_eq!(doc["all"]["audit"]["games"], 2);
    assert_eq!(doc["all"]["audit"]["games_skipped"], 4);
}

/// The `findings` table gives each verdict code the severity `arbiter codes` gives it (a list of
/// its own named `draw/claim-supported`, an info verdict, an error).
#[test]
fn findings_table_severities_are_those_of_the_code_table() {
    let dir = testdata("audit");
    let out = stdout_of(&[
        "stats",
        "-q",
        "--with-audit",
        "--format",
        "csv",
        "--table",
        "findings",
        dir.to_str().unwrap(),
    ]);
    let codes: Vec<Value> = String::from_utf8(stdout_of(&["codes", "--format", "jsonl"]))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut seen = 0;
    for row in String::from_utf8(out).unwrap().lines().skip(1) {
        let cells: Vec<&str> = row.split(',').collect();
        if cells[0] != "audit" || cells[1] == "games" {
            continue;
        }
        let code = codes.iter().find(|c| c["code"] == cells[2]);
        let code = code.unwrap_or_else(|| panic!("{} in arbiter codes", cells[2]));
        assert_eq!(code["severity"], cells[1], "{row}");
        seen += 1;
    }
    assert!(seen >= 5, "{seen} verdict rows");
}
