//! `select`'s classified opening fields (issue 17): `classified_eco` and `classified_opening`
//! read the opening the moves give (the lichess chess-openings lines, matched by position at
//! the deepest known position of the main line), where `eco` and `opening` read the tags.
//!
//! Expectations come from python-chess reading the same TSV files:
//! `tools/expectations/select_classified.py` for the counts of two corpus files, and the
//! per-game classifications of `tools/expectations/fix_eco.py` (`testdata/expected/fix-eco.json`).

use std::collections::BTreeMap;

use serde_json::Value;

use crate::util::{TempDir, corpus, root, run};

use crate::util::select_count as count;

/// `python3 tools/expectations/select_classified.py FILE` (python-chess 1.11.2) on
/// pgnmentor_Carlsen.pgn and lichess_db_2025-05_first1MB.pgn.
const EXPECTED: &[(&str, u64, u64)] = &[
    ("classified_eco == B90", 48, 1),
    ("classified_eco in B20..B99", 518, 38),
    ("classified_eco in A00..E99", 2851, 433),
    ("not classified_eco in A00..E99", 0, 5),
    ("classified_opening ~ sicilian", 530, 41),
    ("classified_opening == \"Ruy Lopez: Berlin Defense\"", 3, 0),
    ("eco in B20..B99 and not classified_eco in B20..B99", 5, 0),
];

#[test]
fn r17_classified_fields_count_as_python_chess() {
    let Some(dir) = corpus("select classified openings") else {
        return;
    };
    let carlsen = dir.join("games/pgnmentor_Carlsen.pgn");
    let lichess = dir.join("games/lichess_db_2025-05_first1MB.pgn");
    for &(expr, in_carlsen, in_lichess) in EXPECTED {
        assert_eq!(count(expr, carlsen.to_str().unwrap()), in_carlsen, "{expr}");
        assert_eq!(count(expr, lichess.to_str().unwrap()), in_lichess, "{expr}");
    }
}

#[test]
fn r17_classified_eco_of_every_game_as_python_chess() {
    let Some(dir) = corpus("select classified ECO per game") else {
        return;
    };
    let text = std::fs::read_to_string(root().join("testdata/expected/fix-eco.json")).unwrap();
    let expected: Value = serde_json::from_str(&text).unwrap();
    let mut checked = 0;
    for (file, games) in expected["files"].as_object().unwrap() {
        // Games per classified ECO (python-chess), then each count through select.
        let mut by_eco = BTreeMap::<&str, u64>::new();
        for game in games.as_array().unwrap() {
            if let Some(c) = game["classified"].as_array() {
                *by_eco.entry(c[0].as_str().unwrap()).or_default() += 1;
            }
        }
        let path = dir.join(file);
        let path = path.to_str().unwrap();
        for (eco, n) in &by_eco {
            assert_eq!(
                count(&format!("classified_eco == {eco}"), path),
                *n,
                "{file} {eco}"
            );
            checked += 1;
        }
        let classified: u64 = by_eco.values().sum();
        assert_eq!(
            count("classified_eco in A00..E99", path),
            classified,
            "{file}"
        );
    }
    assert!(checked >= 80, "{checked}");
}

#[test]
fn r17_classified_fields_by_position_not_by_tag() {
    let tmp = TempDir::new("select-classified");
    // 1.Nf3 d5 2.d4 reaches the position of the line 1.d4 d5 2.Nf3, D02 "Queen's Pawn Game:
    // Zukertort Variation" (d.tsv; python-chess: the same EPD), whatever the ECO tag says; the
    // same position reached from a set-up position (after 1.Nf3) is not classified (games from
    // the standard start only, as python-chess in fix_eco.py); a game of no moves reaches no
    // line.
    let pgn = "[Event \"transposed\"]\n[ECO \"A04\"]\n[Result \"*\"]\n\n1. Nf3 d5 2. d4 *\n\n\
               [Event \"set up\"]\n[SetUp \"1\"]\n\
               [FEN \"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1\"]\n\
               [Result \"*\"]\n\n1... d5 2. d4 *\n\n\
               [Event \"empty\"]\n[Result \"*\"]\n\n*\n";
    let file = tmp.write("t.pgn", pgn.as_bytes());
    let file = file.to_str().unwrap();
    assert_eq!(count("classified_eco == D02", file), 1);
    assert_eq!(count("classified_eco == d02 and eco == A04", file), 1);
    assert_eq!(count("classified_opening ~ zukertort", file), 1);
    assert_eq!(
        count(
            "classified_opening == \"Queen's Pawn Game: Zukertort Variation\"",
            file
        ),
        1
    );
    assert_eq!(count("eco == D02", file), 0);
    assert_eq!(count("classified_eco != D02", file), 2);
    // The matching game is written byte for byte.
    let out = run(&["select", "-q", "--where", "classified_eco == D02", file]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "[Event \"transposed\"]\n[ECO \"A04\"]\n[Result \"*\"]\n\n1. Nf3 d5 2. d4 *\n\n"
    );
    // An unknown field names the new ones.
    let out = run(&[
        "select",
        "-q",
        "--count",
        "--where",
        "classified == D02",
        file,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("classified_eco, classified_opening"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
