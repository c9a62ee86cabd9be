//! `arbiter standings` and `arbiter ratings` (issue 34): New York 1924's historical table, the
//! tie-breaks against an independent implementation (`tests/standings_oracle.py`, written from
//! the FIDE Tie-Break Regulations), the ratings against Ordo, and FIDE rating changes.

use std::process::Command;

use serde_json::Value;

use crate::util::{TempDir, arbiter, corpus, in_ci, parse_jsonl, root};

fn standings_jsonl(args: &[&str]) -> (Vec<Value>, String) {
    let out = arbiter()
        .args(["standings", "-q", "--format", "jsonl"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        parse_jsonl(&out.stdout),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The final table of New York 1924 (Lasker 16, Capablanca 14½, Alekhine 12, Marshall 11, Réti
/// 10½, Maróczy 10, Bogoljubow 9½, Tartakower 8, Yates 7, Ed. Lasker 6½, Janowski 5), its 38
/// `1/2` results read as draws and reported; the same by player identity (the default, which
/// tells `Lasker,Em` and `Lasker,Ed` apart: the name key made them one player of 40 games,
/// issue 31) and with `--names exact`.
#[test]
fn new_york_1924_gives_the_historical_table() {
    let Some(dir) = corpus("New York 1924") else {
        return;
    };
    let file = dir.join("games/pgnviewer_newyork1924.pgn");
    let (by_identity, _) = standings_jsonl(&[file.to_str().unwrap()]);
    let (records, _) = standings_jsonl(&["--names", "exact", file.to_str().unwrap()]);
    assert_eq!(by_identity, records);
    let table: Vec<(String, f64)> = records
        .iter()
        .filter(|r| r["type"] == "standing")
        .map(|r| {
            (
                r["player"].as_str().unwrap().to_owned(),
                r["points"].as_f64().unwrap(),
            )
        })
        .collect();
    let want = [
        ("Lasker,Em", 16.0),
        ("Capablanca,J", 14.5),
        ("Alekhine,A", 12.0),
        ("Marshall,F", 11.0),
        ("Reti,R", 10.5),
        ("Maroczy,G", 10.0),
        ("Bogoljubow,E", 9.5),
        ("Tartakower,S", 8.0),
        ("Yates,F", 7.0),
        ("Lasker,Ed", 6.5),
        ("Janowski,D", 5.0),
    ];
    let want: Vec<(String, f64)> = want.iter().map(|(n, p)| ((*n).to_owned(), *p)).collect();
    assert_eq!(table, want);
    assert!(
        records
            .iter()
            .all(|r| r["type"] != "standing" || r["event_kind"] == "round-robin")
    );
    let notes = records
        .iter()
        .filter(|r| r["type"] == "note" && r["kind"] == "nonstandard-result")
        .count();
    // 20 kept of the 38 (the text output counts them all).
    assert_eq!(notes, 20);
    let text = arbiter()
        .args([
            "standings",
            "-q",
            "--names",
            "exact",
            "--no-audit",
            file.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&text.stderr);
    assert!(
        stderr.contains("note: 38 Result tags written otherwise"),
        "{stderr}"
    );
}

/// The tie-breaks of every round robin and Swiss event of the corpus files named, as the
/// Python oracle computes them from the games (it reads the PGN with python-chess, the rules
/// from the regulations' text), for the default lists and for every other tie-break.
#[test]
fn tiebreaks_match_the_independent_implementation() {
    let Some(dir) = corpus("tie-breaks against the oracle") else {
        return;
    };
    let python = std::path::Path::new("/tmp/venv-tables/bin/python");
    if !python.exists() {
        assert!(!in_ci(), "python-chess not found at /tmp/venv-tables");
        eprintln!("note: /tmp/venv-tables/bin/python not found; the tie-break oracle is skipped");
        return;
    }
    let tmp = TempDir::new("standings-oracle");
    let all = "DE,WIN,WON,BPG,BWG,BH,BH-C1,BH-C2,BH-M1,SB,SB-C1,KS,ARO,TPR";
    let mut compared = 0;
    for name in [
        "pgnviewer_newyork1924.pgn",
        "pgn2tex_tatamast22.pgn",
        "pgnviewer_moscow64.pgn",
        "pgn4web_euroteams2011.pgn",
        "twic944.pgn",
        "mliebelt_twic-01-232games.pgn",
        "twic0920.pgn",
        "twic1599_first1MB.pgn",
        "pgn2tex_London1851.pgn",
        "pgnviewer_WorldChamp1972.pgn",
    ] {
        let file = dir.join("games").join(name);
        for list in [all, "BH-M1,DE"] {
            let csv = tmp.path(&format!("{name}.csv"));
            let out = arbiter()
                .args([
                    "standings",
                    "-q",
                    "--no-audit",
                    "--names",
                    "exact",
                    "--format",
                    "csv",
                    "--tiebreak",
                    list,
                    "-o",
                ])
                .arg(&csv)
                .arg(&file)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{name}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let oracle = Command::new(python)
                .arg(root().join("tests/standings_oracle.py"))
                .arg(&file)
                .arg(&csv)
                .arg(list)
                .output()
                .unwrap();
            assert!(
                oracle.status.success(),
                "{name} {list}: the oracle disagrees:\n{}{}",
                String::from_utf8_lossy(&oracle.stdout),
                String::from_utf8_lossy(&oracle.stderr)
            );
            compared += String::from_utf8_lossy(&oracle.stdout)
                .trim()
                .parse::<u64>()
                .unwrap_or(0);
        }
    }
    assert!(compared > 1000, "values compared: {compared}");
}

/// Ordo's ratings of New York 1924 (its `1/2` Result tags written `1/2-1/2`, which Ordo needs),
/// checked in from Ordo 1.2.6 built from its public source:
/// `ordo -q -N 2 -p ny.pgn` and `ordo -q -N 2 -W -p ny.pgn`. When `ORDO` names an Ordo binary,
/// it is run on the corpus events too.
#[test]
fn ratings_agree_with_ordo() {
    let Some(dir) = corpus("ratings against Ordo") else {
        return;
    };
    let file = dir.join("games/pgnviewer_newyork1924.pgn");
    let ordo = [
        ("Lasker,Em", 2535.81, 2539.45),
        ("Capablanca,J", 2467.52, f64::NAN),
        ("Alekhine,A", 2370.06, f64::NAN),
        ("Marshall,F", 2333.91, f64::NAN),
        ("Reti,R", 2316.10, f64::NAN),
        ("Maroczy,G", 2298.38, f64::NAN),
        ("Bogoljubow,E", 2280.68, f64::NAN),
        ("Tartakower,S", 2227.01, f64::NAN),
        ("Yates,F", 2190.02, f64::NAN),
        ("Lasker,Ed", 2170.89, f64::NAN),
        ("Janowski,D", 2109.62, f64::NAN),
    ];
    for (auto, column) in [(false, 1), (true, 2)] {
        let mut args = vec!["ratings", "-q", "--names", "exact", "--format", "jsonl"];
        if auto {
            args.extend(["--white-advantage", "auto"]);
        }
        let out = arbiter().args(&args).arg(&file).output().unwrap();
        let records = parse_jsonl(&out.stdout);
        for (name, plain, white) in ordo {
            let want = if column == 1 { plain } else { white };
            if want.is_nan() {
                continue;
            }
            let got = records
                .iter()
                .find(|r| r["player"] == name)
                .and_then(|r| r["rating"].as_f64())
                .unwrap_or_else(|| panic!("{name}"));
            assert!((got - want).abs() < 1.0, "{name}: {got} vs Ordo {want}");
        }
    }
    let Some(ordo) = std::env::var_os("ORDO") else {
        eprintln!("note: ORDO not set: Ordo itself not run (the checked-in values were compared)");
        return;
    };
    let tmp = TempDir::new("ordo");
    for name in [
        "pgnviewer_newyork1924.pgn",
        "pgnviewer_moscow64.pgn",
        "pgnviewer_WorldChamp1972.pgn",
    ] {
        let text = std::fs::read_to_string(dir.join("games").join(name)).unwrap();
        let fixed = tmp.write(
            name,
            text.replace("[Result \"1/2\"]", "[Result \"1/2-1/2\"]")
                .as_bytes(),
        );
        let csv = tmp.path(&format!("{name}.ordo.csv"));
        let status = Command::new(&ordo)
            .arg("-q")
            .arg("-G")
            .arg("-p")
            .arg(&fixed)
            .arg("-c")
            .arg(&csv)
            .status()
            .unwrap();
        assert!(status.success(), "{name}: ordo failed");
        let out = arbiter()
            .args([
                "ratings",
                "-q",
                "--names",
                "exact",
                "--no-audit",
                "--format",
                "jsonl",
            ])
            .arg(&fixed)
            .output()
            .unwrap();
        let ours = parse_jsonl(&out.stdout);
        let mut theirs = csv::Reader::from_path(&csv).unwrap();
        let mut compared = 0;
        for record in theirs.records() {
            let record = record.unwrap();
            let (player, rating) = (&record[1], record[2].parse::<f64>().unwrap());
            let Some(r) = ours.iter().find(|r| r["player"] == player) else {
                continue;
            };
            if r["bound"].is_string() {
                continue;
            }
            let got = r["rating"].as_f64().unwrap();
            assert!(
                (got - rating).abs() < 1.0,
                "{name} {player}: {got} vs Ordo {rating}"
            );
            compared += 1;
        }
        assert!(compared >= 2, "{name}: {compared} players compared");
    }
}

/// FIDE rating changes from the Elo tags, worked by hand from the regulations' formula.
#[test]
fn fide_rating_changes() {
    let tmp = TempDir::new("fide");
    let pgn = tmp.write(
        "fide.pgn",
        b"[White \"A\"]\n[Black \"B\"]\n[WhiteElo \"2000\"]\n[BlackElo \"2100\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
          [White \"C\"]\n[Black \"D\"]\n[WhiteElo \"2450\"]\n[BlackElo \"2000\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n",
    );
    let out = arbiter()
        .args(["ratings", "-q", "--fide", "--format", "jsonl"])
        .arg(&pgn)
        .output()
        .unwrap();
    let changes: Vec<(String, f64)> = parse_jsonl(&out.stdout)
        .iter()
        .map(|r| {
            (
                r["player"].as_str().unwrap().to_owned(),
                r["change"].as_f64().unwrap(),
            )
        })
        .collect();
    // A (2000) beats B (2100): D = 100, We = 0.36, K 20: +12.8; B -12.8.
    // C (2450) draws D (2000): D = 450 counted as 400, We = 0.92, K 10: -4.2; D: We 0.08, K 20: +8.4.
    let want = [("A", 12.8), ("B", -12.8), ("C", -4.2), ("D", 8.4)];
    assert_eq!(changes.len(), 4);
    for ((name, got), (n, w)) in changes.iter().zip(want) {
        assert_eq!(name, n);
        assert!((got - w).abs() < 1e-9, "{name}: {got} vs {w}");
    }
    let out = arbiter()
        .args(["ratings", "-q", "--fide", "--k", "40", "--format", "csv"])
        .arg(&pgn)
        .output()
        .unwrap();
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(csv.starts_with("file,game,player"), "{csv}");
    assert!(csv.lines().nth(1).unwrap().ends_with(",40,25.6"), "{csv}");
}

/// `--fide` says which games give no change and why (they were left out without a word).
#[test]
fn fide_notes_the_games_it_cannot_rate() {
    let tmp = TempDir::new("fide-notes");
    let pgn = tmp.write(
        "fide.pgn",
        b"[White \"A\"]\n[Black \"B\"]\n[WhiteElo \"2000\"]\n[BlackElo \"2100\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
          [White \"C\"]\n[Black \"D\"]\n[WhiteElo \"2000\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
          [White \"E\"]\n[Black \"F\"]\n[WhiteElo \"2000\"]\n[BlackElo \"2100\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n\
          [White \"?\"]\n[Black \"F\"]\n[WhiteElo \"2000\"]\n[BlackElo \"2100\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n",
    );
    let out = arbiter()
        .args(["ratings", "--fide", "--format", "jsonl"])
        .arg(&pgn)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(parse_jsonl(&out.stdout).len(), 2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("3 games without a FIDE rating change"),
        "{err}"
    );
    for why in [
        "game 2 (line 9) C - D: no BlackElo",
        "game 3 (line 16) E - F: no result",
        "game 4 (line 24) ? - F: no White or no Black name",
        "4 games read, 1 rated",
    ] {
        assert!(err.contains(why), "{why}: {err}");
    }
}

/// A result the audit contradicts is scored as recorded and marked; `--as-audited` scores it as
/// the audit says; `--no-audit` marks nothing.
#[test]
fn contradicted_results_are_marked_or_rescored() {
    let file = root().join("testdata/standings/club.pgn");
    let points = |extra: &[&str]| -> Vec<(String, f64, u64)> {
        let mut args = extra.to_vec();
        args.push(file.to_str().unwrap());
        standings_jsonl(&args)
            .0
            .iter()
            .filter(|r| r["type"] == "standing")
            .map(|r| {
                (
                    r["player"].as_str().unwrap().to_owned(),
                    r["points"].as_f64().unwrap(),
                    r["marked"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    let recorded = points(&[]);
    assert!(
        recorded.contains(&("Dahl, O".into(), 1.5, 1)),
        "{recorded:?}"
    );
    let audited = points(&["--as-audited"]);
    assert_eq!(audited[0], ("Anand, V".into(), 2.5, 1));
    let unaudited = points(&["--no-audit"]);
    assert!(unaudited.iter().all(|r| r.2 == 0));
}

/// Issue 34 (the adversary): games that cannot be scored (one name on both sides, White `?` or
/// empty) each get a note and are counted as read, not scored; exit status 0, as for the other
/// notes. Before: no note, "1 players, 0 games", the timing line counting a game scored.
#[test]
fn unscored_games_are_noted_not_dropped() {
    let tmp = TempDir::new("standings-drop");
    let file = tmp.path("drop.pgn");
    std::fs::write(&file, "[Event \"E\"]\n[White \"A\"]\n[Black \"A\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n[Event \"E\"]\n[White \"?\"]\n[Black \"C\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n[Event \"E\"]\n[White \"\"]\n[Black \"C\"]\n[Result \"0-1\"]\n\n1. e4 0-1\n\n").unwrap();
    for command in ["standings", "ratings"] {
        let out = arbiter()
            .args([command, "--color", "never"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("note: 1 game of a player against themself"),
            "{err}"
        );
        assert!(
            err.contains("note: 2 games without a White or a Black name"),
            "{err}"
        );
        assert!(err.contains(": 3 games read, 0 "), "{err}");
    }
    let (records, _) = standings_jsonl(&[file.to_str().unwrap()]);
    let kinds: Vec<&str> = records
        .iter()
        .filter(|r| r["type"] == "note")
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["same-player", "no-player", "no-player"]);
    assert!(records.iter().all(|r| r["type"] != "standing"));
}

/// Issue 34 (the adversary): an ESC and a NUL in names reached the terminal raw; a profile
/// with `win = 1e308` gave inf/NaN; an unfinished game gave `-0` points (FIDE scoring: a game
/// not played gives nothing, 0); a game twice in round 1 was scored twice without a note.
#[test]
fn hostile_names_profiles_and_pairings() {
    let tmp = TempDir::new("standings-hostile");
    let esc = tmp.path("esc.pgn");
    std::fs::write(&esc, "[Event \"T\"]\n[White \"Evil\x1b[31mRED\"]\n[Black \"Zero\0B\"]\n[Round \"1\"]\n[Date \"2024.03.01\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n[Event \"T\"]\n[White \"Evil\x1b[31mRED\"]\n[Black \"Zero\0B\"]\n[Round \"1\"]\n[Date \"2024.03.01\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n").unwrap();
    for command in ["standings", "ratings"] {
        let out = arbiter()
            .args([command, "--color", "never"])
            .arg(&esc)
            .output()
            .unwrap();
        assert!(
            !out.stdout.contains(&0x1b) && !out.stdout.contains(&0),
            "{command}"
        );
        assert!(
            !out.stderr.contains(&0x1b) && !out.stderr.contains(&0),
            "{command}"
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("in the file 2 times in round 1 of T on 2024.03.01"),
            "{err}"
        );
    }
    let (records, _) = standings_jsonl(&[esc.to_str().unwrap()]);
    // Scoring unchanged: both games count (2 points), the note says one is too many.
    let first = records.iter().find(|r| r["type"] == "standing").unwrap();
    assert_eq!(first["points"].as_f64(), Some(2.0));
    let profile = tmp.path("huge.toml");
    std::fs::write(
        &profile,
        "name='x'\ndescription='y'\nwin=1e308\ndraw=0\nloss=-1e308\n",
    )
    .unwrap();
    let out = arbiter()
        .args(["standings", "--scoring"])
        .arg(&profile)
        .arg(&esc)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("huge.toml") && err.contains("win = "), "{err}");
    let zero = tmp.path("zero.pgn");
    std::fs::write(
        &zero,
        "[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n",
    )
    .unwrap();
    let out = arbiter()
        .args(["standings", "--format", "jsonl"])
        .arg(&zero)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("\"points\":0.0") && !text.contains("-0"),
        "{text}"
    );
}

/// A round robin of more players than a crosstable holds (`--kind round-robin` forced on a
/// server's games: a crosstable of 5,000 players held 25 million cells, 1.97 GB) lists the
/// opponents by round, in every format, and says so; one of 100 players keeps its crosstable.
/// The games form a chain (player i against player i + 1), so each player's opponents are
/// known from the rules of the chain, not from our output.
#[test]
fn a_round_robin_too_large_for_a_crosstable_lists_the_opponents() {
    let dir = TempDir::new("rr-large");
    let chain = |players: usize| {
        let mut text = String::new();
        for i in 0..players - 1 {
            text.push_str(&format!(
                "[Event \"Chain\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"{}\"]\n\
                 [White \"P{i:04}\"]\n[Black \"P{:04}\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n",
                i + 1,
                i + 1
            ));
        }
        text
    };
    let large = dir.path("large.pgn");
    std::fs::write(&large, chain(101)).unwrap();
    let small = dir.path("small.pgn");
    std::fs::write(&small, chain(100)).unwrap();
    let text = |file: &std::path::Path| {
        let out = arbiter()
            .args(["standings", "-q", "--no-audit", "--kind", "round-robin"])
            .arg(file)
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let large_text = text(&large);
    let first = large_text.lines().next().unwrap();
    assert!(first.contains("round robin"), "{first}");
    assert!(
        first.contains("101 players") && first.contains("no crosstable of more than 100 players"),
        "{first}"
    );
    let header = large_text.lines().nth(1).unwrap();
    assert!(header.trim_end().ends_with("Rounds"), "{header}");
    // P0000 won its one game, against P0001, in round 1, with White.
    let p0 = large_text.lines().find(|l| l.contains("P0000")).unwrap();
    assert!(p0.split_whitespace().any(|w| w.ends_with("w1")), "{p0}");
    assert!(large_text.len() < 20_000, "{} bytes", large_text.len());
    let small_text = text(&small);
    assert!(!small_text.lines().next().unwrap().contains("no crosstable"));
    let header = small_text.lines().nth(1).unwrap();
    assert!(header.trim_end().ends_with(" 100"), "{header}");
    let (records, _) = standings_jsonl(&[
        "--no-audit",
        "--kind",
        "round-robin",
        large.to_str().unwrap(),
    ]);
    let standings: Vec<&Value> = records.iter().filter(|r| r["type"] == "standing").collect();
    assert_eq!(standings.len(), 101);
    for r in &standings {
        assert_eq!(r["layout"], "rounds");
        assert_eq!(r["event_kind"], "round-robin");
        // One list: the games of the player (1 or 2 in a chain).
        let results = r["results"].as_array().unwrap();
        assert_eq!(results.len(), 1);
        let games = r["games"].as_u64().unwrap() as usize;
        assert_eq!(results[0].as_array().unwrap().len(), games);
    }
    let (records, _) = standings_jsonl(&[
        "--no-audit",
        "--kind",
        "round-robin",
        small.to_str().unwrap(),
    ]);
    for r in records.iter().filter(|r| r["type"] == "standing") {
        assert_eq!(r["layout"], "crosstable");
        assert_eq!(r["results"].as_array().unwrap().len(), 100);
    }
}

/// London 1851 was a knockout of matches (the winner of a pair went on): in the file's event
/// `London`, 16 players, not every two of them met, and every two who met played a match of
/// two games or more — counted here from the tags, without arbiter. It is `matches`, not a
/// Swiss: no Buchholz (which needs a Swiss's rounds), DE and WIN by default. `London2`, the
/// offhand games of the same year (most pairs met once), stays a Swiss.
#[test]
fn a_knockout_of_matches_is_no_swiss() {
    let Some(dir) = corpus("London 1851") else {
        return;
    };
    let file = dir.join("games/pgn2tex_London1851.pgn");
    let text = std::fs::read(&file).unwrap();
    let tag = |line: &[u8], name: &str| -> Option<String> {
        let line = String::from_utf8_lossy(line);
        let rest = line.strip_prefix(&format!("[{name} \""))?;
        Some(rest.trim_end().trim_end_matches("\"]").to_owned())
    };
    let (mut event, mut white) = (String::new(), String::new());
    let mut pairs: std::collections::BTreeMap<(String, String), u32> = Default::default();
    for line in text.split(|&b| b == b'\n') {
        if let Some(e) = tag(line, "Event") {
            event = e;
        } else if let Some(w) = tag(line, "White") {
            white = w;
        } else if let Some(b) = tag(line, "Black")
            && event == "London"
        {
            let mut pair = [white.clone(), b];
            pair.sort();
            let [a, b] = pair;
            *pairs.entry((a, b)).or_default() += 1;
        }
    }
    let players: std::collections::BTreeSet<&String> =
        pairs.keys().flat_map(|(a, b)| [a, b]).collect();
    assert_eq!(players.len(), 16);
    assert!(pairs.len() < 16 * 15 / 2);
    assert!(pairs.values().all(|&n| n >= 2), "{pairs:?}");
    let (records, _) = standings_jsonl(&["--names", "exact", file.to_str().unwrap()]);
    let kind = |event: &str| -> Vec<&str> {
        let mut kinds: Vec<&str> = records
            .iter()
            .filter(|r| r["type"] == "standing" && r["event"] == event)
            .map(|r| r["event_kind"].as_str().unwrap())
            .collect();
        kinds.dedup();
        kinds
    };
    assert_eq!(kind("London"), ["matches"]);
    assert_eq!(kind("London2"), ["swiss"]);
    let out = arbiter()
        .args(["standings", "-q", "--names", "exact"])
        .arg(&file)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines().skip_while(|l| !l.starts_with("London ("));
    assert!(lines.next().unwrap().contains("(matches"), "{text}");
    let header = lines.next().unwrap();
    assert!(header.contains(" DE  WIN  Rounds"), "{header}");
    assert!(!header.contains("BH"), "{header}");
}

/// A spelling that could be two players who both played (`Lasker, E` beside `Lasker, Edward`
/// and `Lasker, Emanuel`) is a player of its own, and a note says so at its first game, with
/// the alias line that settles it (issue 31's rule, as `stats` warns of it).
#[test]
fn an_ambiguous_spelling_is_noted() {
    let tmp = TempDir::new("standings-ambiguous");
    let game = |white: &str, black: &str, result: &str| {
        format!(
            "[Event \"E\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n\
             1. e4 e5 {result}\n\n"
        )
    };
    let text = [
        game("Lasker, Emanuel", "Marshall, Frank", "1-0"),
        game("Lasker, Edward", "Marshall, Frank", "0-1"),
        game("Marshall, Frank", "Lasker, E", "1/2-1/2"),
    ]
    .concat();
    let file = tmp.write("lasker.pgn", text.as_bytes());
    let (records, _) = standings_jsonl(&["--no-audit", file.to_str().unwrap()]);
    let notes: Vec<&Value> = records
        .iter()
        .filter(|r| r["type"] == "note" && r["kind"] == "ambiguous-player")
        .collect();
    assert_eq!(notes.len(), 1, "{records:?}");
    assert_eq!(notes[0]["game"], 3);
    let message = notes[0]["message"].as_str().unwrap();
    assert!(
        message.contains("'Lasker, E' could be")
            && message.contains("edward")
            && message.contains("emanuel"),
        "{message}"
    );
    let players = records.iter().filter(|r| r["type"] == "standing").count();
    assert_eq!(players, 4);
}
