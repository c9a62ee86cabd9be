//! `arbiter stats` on the shared corpus against an independent count: python-chess 1.11.2
//! (`tools/expectations/corpus_stats.py`, output committed as
//! `testdata/expected/corpus-stats-python-chess.json`). Skipped, with a note, when the corpus
//! is absent.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::util::{corpus, root, run, u64_of};

/// Files where python-chess reads different games than the PGN holds (see
/// `tools/expectations/README.md`): only the game count is compared, or nothing.
const READER_DIFFERENCES: &[(&str, &str)] = &[
    (
        "games/chesscom_export_MagnusCarlsen_2019.pgn",
        "no blank line after the movetext: python-chess reads the next game's tags as moves",
    ),
    (
        "games/chesscom_export_cancer0707.pgn",
        "no blank line after the movetext: python-chess reads the next game's tags as moves",
    ),
    (
        "games/pgnmentor_Korchnoi.pgn",
        "one game without a blank line after the movetext (tags read as moves by python-chess)",
    ),
    (
        "games/pgnviewer_great_masters.pgn",
        "python-chess splits the file into 14 games, arbiter into 13",
    ),
];

/// Files whose games end with a form that stands for a termination marker (issue 12): arbiter
/// reads it as the marker, python-chess as no result. (file, form, games, the marker it stands
/// for): that many games move from `none` to the marker in the expected results.
const LOOKALIKE_MARKERS: &[(&str, &str, u64, &str)] =
    &[("games/pgnviewer_newyork1924.pgn", "1/2", 33, "1/2-1/2")];

/// A map of counts `{key: n}`.
fn counts(v: &Value) -> BTreeMap<String, u64> {
    v.as_object()
        .map(|m| {
            m.iter()
                .map(|(k, n)| (k.clone(), n.as_u64().expect("count")))
                .collect()
        })
        .unwrap_or_default()
}

/// `{key: {result: n}}` → `{key: games}`.
fn games_per_key(v: &Value) -> BTreeMap<String, u64> {
    v.as_object()
        .map(|m| {
            m.iter()
                .map(|(k, r)| (k.clone(), counts(r).values().sum()))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn corpus_figures_agree_with_python_chess() {
    let Some(corpus) = corpus("stats agreement with python-chess") else {
        return;
    };
    let path = root().join("testdata/expected/corpus-stats-python-chess.json");
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("read expectations"))
            .expect("expectations JSON");
    let files = expected["files"].as_object().expect("files");
    assert!(files.len() >= 30, "only {} files", files.len());
    let mut compared = 0;
    let mut total_games = 0;
    for (rel, e) in files {
        let file = corpus.join(rel);
        let out = run(&[
            "stats",
            "-q",
            "--format",
            "json",
            file.to_str().expect("utf-8 path"),
        ]);
        assert_eq!(out.status.code(), Some(0), "{rel}");
        let doc: Value = serde_json::from_slice(&out.stdout).expect("stats JSON");
        let a = &doc["all"];
        let known = READER_DIFFERENCES.iter().find(|(f, _)| f == rel);
        if let Some((_, why)) = known {
            println!("note: {rel}: only partly compared: {why}");
            if rel.ends_with("great_masters.pgn") {
                continue;
            }
            assert_eq!(a["games"], e["games"], "{rel}: games");
            continue;
        }
        assert_eq!(a["games"], e["games"], "{rel}: games");
        // python-chess stops a main line at its first move error; with none, its plies are
        // the main-line move tokens.
        if e["errors"] == 0 {
            assert_eq!(a["plies"], e["plies"], "{rel}: plies");
            assert_eq!(
                games_per_key(&a["first_moves"]),
                counts(&e["first_moves"]),
                "{rel}: first moves"
            );
        }
        let mut results = counts(&e["results"]);
        if let Some((_, form, n, marker)) = LOOKALIKE_MARKERS.iter().find(|(f, ..)| f == rel) {
            // The games themselves say so: that many end with the form.
            let text = std::fs::read_to_string(&file).expect("read");
            let ending = text
                .lines()
                .filter(|l| !l.starts_with('[') && l.split_whitespace().last() == Some(form))
                .count() as u64;
            assert_eq!(ending, *n, "{rel}: games ending with {form}");
            let none = results.entry("none".to_owned()).or_default();
            *none -= n;
            if *none == 0 {
                results.remove("none");
            }
            *results.entry((*marker).to_owned()).or_default() += n;
        }
        assert_eq!(counts(&a["results"]), results, "{rel}: results");
        assert_eq!(a["fen_start"], e["fen_games"], "{rel}: FEN starts");
        assert_eq!(
            a["players"].as_object().map(|m| m.len() as u64),
            e["players"].as_u64(),
            "{rel}: players"
        );
        let ratings = counts(&a["ratings"]);
        assert_eq!(
            ratings.values().sum::<u64>(),
            e["rated"].as_u64().unwrap(),
            "{rel}: rated player-games"
        );
        assert_eq!(
            ratings
                .iter()
                .map(|(r, n)| r.parse::<u64>().unwrap() * n)
                .sum::<u64>(),
            e["rating_sum"].as_u64().unwrap(),
            "{rel}: rating sum"
        );
        assert_eq!(games_per_key(&a["eco"]), counts(&e["eco"]), "{rel}: ECO");
        for key in ["years", "months", "time_controls", "terminations"] {
            assert_eq!(counts(&a[key]), counts(&e[key]), "{rel}: {key}");
        }
        compared += 1;
        total_games += a["games"].as_u64().unwrap();
    }
    assert!(compared >= 30, "only {compared} files compared");
    println!("stats corpus: {compared} files, {total_games} games agree with python-chess");
}

#[test]
fn corpus_jobs_and_merge_agree() {
    let Some(corpus) = corpus("stats --jobs and --merge on the corpus") else {
        return;
    };
    let games = corpus.join("games");
    let edge = corpus.join("edge");
    let (games, edge) = (games.to_str().unwrap(), edge.to_str().unwrap());
    let json = |args: &[&str]| {
        let mut all = vec!["stats", "-q", "--format", "json"];
        all.extend_from_slice(args);
        let out = run(&all);
        assert_eq!(out.status.code(), Some(0));
        out.stdout
    };
    let one = json(&["-j1", "--with-check", "--by", "year", games, edge]);
    let two = json(&["-j2", "--with-check", "--by", "year", games, edge]);
    assert!(one == two, "-j1 and -j2 differ on the corpus");
    let tmp = crate::util::TempDir::new("stats-corpus-merge");
    let a = tmp.write("a.json", &json(&["--with-check", "--by", "year", games]));
    let b = tmp.write(
        "b.json",
        &json(&["-j1", "--with-check", "--by", "year", edge]),
    );
    let merged = json(&["--merge", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(
        merged == one,
        "merge(games, edge) differs from stats(games + edge)"
    );
    // --with-check takes plies and markers from the checker where it found no error: every
    // other figure must be the same as without it.
    let plain = json(&["--by", "year", games, edge]);
    let strip = |bytes: &[u8]| {
        let mut v: Value = serde_json::from_slice(bytes).unwrap();
        v["all"]["check"] = Value::Null;
        v["run"]["options"]["with_check"] = Value::Null;
        for g in v["groups"].as_object_mut().unwrap().values_mut() {
            g["check"] = Value::Null;
        }
        v
    };
    let (with, without) = (strip(&one), strip(&plain));
    assert!(
        with["all"] == without["all"],
        "--with-check changes the figures"
    );
    assert!(with == without, "--with-check changes the groups");
    assert!(u64_of(&with["all"], "games") > 28_000);
}

/// The fast main-line counter of `arbiter stats` gives the lexer's count on every corpus game.
#[test]
fn corpus_fast_count_agrees_with_the_lexer() {
    use arbiter::analysis::lexer::Lexer;
    use arbiter::analysis::stats::{MainLineCount, count_main_line, count_main_line_fast};
    use arbiter::analysis::tags::read_tag_section;
    let Some(corpus) = corpus("the fast main-line count on the corpus") else {
        return;
    };
    let mut games = 0;
    for rel in crate::util::pgn_files(&corpus) {
        let bytes = std::fs::read(corpus.join(&rel)).expect("read corpus file");
        for span in arbiter::engine::split::split_all(&bytes) {
            let game = &bytes[span.start..span.end];
            let mut lexer = Lexer::new(game);
            let (_, first) = read_tag_section(&mut lexer, |_| {});
            let fast = first.map_or_else(MainLineCount::default, |t| {
                count_main_line_fast(game, t.start)
            });
            assert_eq!(
                count_main_line(first, lexer),
                fast,
                "{rel}: game at byte {}",
                span.start
            );
            games += 1;
        }
    }
    assert!(games > 28_000, "{games} games");
}
