//! `tag/plycount-mismatch`: a PlyCount tag that is not the plies of the main line (PGN standard
//! 9.2.1), for a game replayed to its end — the repair `fix` makes by default, so `check` names
//! what `fix` changes. The corpus agrees with python-chess (`tools/expectations/plycount.py`).

use std::collections::BTreeMap;

use crate::tables::{oracle, python};
use crate::util::{TempDir, check_jsonl, corpus, corpus_findings, findings};

/// The codes of `check` on `pgn`, with their messages.
fn codes(pgn: &str) -> Vec<(String, String)> {
    let dir = TempDir::new("plycount");
    let input = dir.write("g.pgn", pgn.as_bytes());
    let (records, _) = check_jsonl(&input, &[]);
    findings(&records)
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_owned(),
                f["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn game(plycount: &str, moves: &str) -> String {
    format!(
        "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"a\"]\n\
         [Black \"b\"]\n[Result \"*\"]\n[PlyCount \"{plycount}\"]\n\n{moves} *\n"
    )
}

#[test]
fn a_plycount_that_is_not_the_plies_is_a_warning() {
    // Three plies: 1. e4 e5 2. Nf3.
    assert!(codes(&game("3", "1. e4 e5 2. Nf3")).is_empty());
    assert_eq!(
        codes(&game("4", "1. e4 e5 2. Nf3")),
        [(
            "tag/plycount-mismatch".to_owned(),
            "PlyCount \"4\" but the main line has 3 plies".to_owned()
        )]
    );
    // Variations are not plies of the game.
    assert!(codes(&game("2", "1. e4 (1. d4 d5) e5")).is_empty());
    // `fix` compares the text: 03 is set to 3, so it is named.
    assert_eq!(
        codes(&game("03", "1. e4 e5 2. Nf3"))[0].0,
        "tag/plycount-mismatch"
    );
    // Unknown or no number: not this code (tag/bad-number says the second).
    assert!(codes(&game("?", "1. e4 e5 2. Nf3")).is_empty());
    assert_eq!(
        codes(&game("3 plies", "1. e4 e5 2. Nf3"))[0].0,
        "tag/bad-number"
    );
    // White space around the number: that code, and this one when the number is wrong too.
    let padded: Vec<String> = codes(&game(" 5", "1. e4 e5 2. Nf3"))
        .into_iter()
        .map(|c| c.0)
        .collect();
    assert_eq!(padded, ["tag/padded-number", "tag/plycount-mismatch"]);
    // A game that stops at an illegal move was not replayed to its end: its plies are unknown.
    let illegal: Vec<String> = codes(&game("9", "1. e4 e5 2. Ke3"))
        .into_iter()
        .map(|c| c.0)
        .collect();
    assert!(
        !illegal.contains(&"tag/plycount-mismatch".to_owned()),
        "{illegal:?}"
    );
}

/// python-chess reads a blank line in the movetext as the end of its game: in
/// `edge/scid_res_gameLatin1.pgn` the one after a long comment following `1.d4`, so it finds
/// 1 ply where the game (and its PlyCount, 149) has 149.
const PYTHON_CHESS_CUTS: &[&str] = &["edge/scid_res_gameLatin1.pgn"];

#[test]
fn corpus_plycount_mismatches_agree_with_python_chess() {
    let Some(dir) = corpus("PlyCount against python-chess") else {
        return;
    };
    let Some(python) = python("chess", "PlyCount against python-chess") else {
        return;
    };
    let corpus_arg = dir.to_str().unwrap();
    let want = oracle(&python, "plycount.py", &[corpus_arg]);
    let mut files = Vec::new();
    for row in &want {
        let path = row["path"].as_str().unwrap();
        if row["crashed"] == true || PYTHON_CHESS_CUTS.contains(&path) {
            continue;
        }
        files.push(path.to_owned());
    }
    let mut got: BTreeMap<String, Vec<(String, u64)>> =
        corpus_findings(&dir, &files, "tag/plycount-mismatch")
            .into_iter()
            .map(|(file, found)| {
                let pairs = found
                    .iter()
                    .map(|f| {
                        let message = f["message"].as_str().unwrap();
                        let value = message.split('"').nth(1).unwrap().trim().to_owned();
                        let plies: u64 = message.rsplit(' ').nth(1).unwrap().parse().unwrap();
                        (value, plies)
                    })
                    .collect();
                (file, pairs)
            })
            .collect();
    let mut total = 0;
    for row in &want {
        let path = row["path"].as_str().unwrap();
        if !files.iter().any(|f| f == path) {
            continue;
        }
        let expected: Vec<(String, u64)> = row["mismatches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m[0].as_str().unwrap().to_owned(), m[1].as_u64().unwrap()))
            .collect();
        total += expected.len();
        assert_eq!(
            got.remove(path).unwrap_or_default(),
            expected,
            "{path}: PlyCount mismatches (value, plies) of arbiter, then python-chess"
        );
    }
    assert!(got.is_empty(), "arbiter only: {got:?}");
    // The puzzle files of pychess (PlyCount 17 on mates in 2, 3, 4) and one pgn-extract test.
    assert!(total >= 900, "{total}");
}
