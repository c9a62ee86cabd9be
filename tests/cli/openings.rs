//! Openings from the moves (issue 17) in `arbiter stats`: the classification of corpus games
//! agrees with python-chess reading the same lichess TSV files
//! (`tools/expectations/corpus_openings.py`, expectations in
//! `testdata/expected/corpus-openings.json`); the games without tags and the ECO tags that
//! contradict the moves are counted.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::util::{TempDir, corpus, root, run};

/// `arbiter stats --format json` on `path`: the `all` object.
fn stats(path: &str) -> Value {
    let out = run(&["stats", "-q", "--openings", "--format", "json", path]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("json");
    doc["all"].clone()
}

/// Games per key of a `{key: {result: games}}` map.
fn games(map: &Value) -> BTreeMap<String, u64> {
    map.as_object()
        .expect("a map")
        .iter()
        .map(|(k, r)| {
            let n = r
                .as_object()
                .expect("results")
                .values()
                .filter_map(Value::as_u64)
                .sum();
            (k.clone(), n)
        })
        .collect()
}

#[test]
fn corpus_classification_agrees_with_python_chess() {
    let Some(dir) = corpus("openings from the moves") else {
        return;
    };
    let text = std::fs::read_to_string(root().join("testdata/expected/corpus-openings.json"))
        .expect("expectations");
    let expected: Value = serde_json::from_str(&text).expect("json");
    let files = expected["files"].as_object().expect("files");
    assert_eq!(files.len(), 3);
    for (file, want) in files {
        let want: BTreeMap<String, u64> = want
            .as_object()
            .expect("counts")
            .iter()
            .map(|(k, n)| (k.clone(), n.as_u64().expect("count")))
            .collect();
        let got = games(&stats(dir.join(file).to_str().expect("utf-8"))["classified"]);
        assert_eq!(got, want, "{file}");
    }
}

#[test]
fn games_without_tags_and_contradicting_tags_are_counted() {
    // Game 1 has no ECO or Opening tag: 1.Nf3 d5 2.d4 transposes to D02 "Queen's Pawn Game:
    // Zukertort Variation" (the TSV line is 1.d4 d5 2.Nf3; python-chess: same EPD). Game 2's
    // ECO tag says B20 but 1.e4 e5 2.Nf3 Nc6 3.Bb5 is C60 "Ruy Lopez": a contradiction; its
    // Opening tag stands. Game 3 starts from a FEN: not classified.
    let dir = TempDir::new("openings");
    let path = dir.path("g.pgn");
    std::fs::write(
        &path,
        "[Event \"1\"]\n[Result \"1-0\"]\n\n1. Nf3 d5 2. d4 1-0\n\n\
         [Event \"2\"]\n[ECO \"B20\"]\n[Opening \"Sicilian\"]\n[Result \"0-1\"]\n\n\
         1. e4 e5 2. Nf3 Nc6 3. Bb5 Rb8 4. h4 0-1\n\n\
         [Event \"3\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[Result \"*\"]\n\n\
         1. e4 *\n",
    )
    .expect("write");
    let s = stats(path.to_str().expect("utf-8"));
    assert_eq!(
        games(&s["classified"]),
        BTreeMap::from([
            ("C60 Ruy Lopez".to_owned(), 1),
            ("D02 Queen's Pawn Game: Zukertort Variation".to_owned(), 1),
        ])
    );
    // The ECO and Opening tables are the tags', and for game 1, which has neither tag, what
    // its moves give (issue 17); game 2 keeps its tags, contradicted or not; game 3 has none.
    assert_eq!(
        games(&s["eco"]),
        BTreeMap::from([("B20".to_owned(), 1), ("D02".to_owned(), 1)])
    );
    assert_eq!(
        games(&s["openings"]),
        BTreeMap::from([
            ("Queen's Pawn Game: Zukertort Variation".to_owned(), 1),
            ("Sicilian".to_owned(), 1)
        ])
    );
    assert_eq!(s["eco_from_moves"], 1);
    assert_eq!(s["openings_from_moves"], 1);
    assert_eq!(s["eco_contradicted"], 1);
    // The plies are still every main-line move (the walk stopped after the opening).
    assert_eq!(s["plies"], 3 + 7 + 1);
}
