//! `arbiter fix` that never guesses (issues 31 and 32): a decided result kept by
//! `--keep-broken`, a Result tag that disagrees with the termination marker reported (or settled
//! by `--result-from`), tags added only when asked, the rejects written by default, text encoded
//! twice and padded numbers repaired. Expectations come from the FIDE Laws (RULES.md), the PGN
//! standard and the bytes of UTF-8, never from arbiter's own output.

use serde_json::Value;

use crate::fix::fix;
use crate::util::testdata;

/// The games of `testdata/audit/repetition.pgn`, each with its bytes.
fn repetition_games() -> Vec<String> {
    let text = std::fs::read_to_string(testdata("audit/repetition.pgn")).unwrap();
    let mut games = Vec::new();
    for part in text.split("\n[Event ") {
        let game = match part.starts_with("[Event ") {
            true => part.to_owned(),
            false => format!("[Event {part}"),
        };
        games.push(format!("{}\n\n", game.trim_end()));
    }
    games
}

/// Game 9 of `testdata/audit/repetition.pgn`: the knights go out and back until the start
/// position stands for the fifth time after 8...Ng8 (plies 0, 4, 8, 12, 16), then 9. e4 and an
/// illegal 9...Ke6. From 1 July 2014 a fivefold repetition ends the game drawn (FIDE Laws art.
/// 9.6.1; the game has no date: the current Laws): the moves after it are void, whatever
/// follows, so `--keep-broken` cutting at 9...Ke6 keeps the result `1/2-1/2`; and a second fix
/// changes nothing (issue 32: pass 1 wrote `*`, pass 2 wrote `1/2-1/2` back).
#[test]
fn keep_broken_keeps_the_draw_of_a_fivefold_repetition_before_the_cut() {
    let games = repetition_games();
    let game = &games[8];
    assert!(game.contains("fivefold, then an illegal move"), "{game}");
    let once = fix(game.as_bytes(), &["--keep-broken"]);
    assert_eq!(once.code, 0, "{}", once.stderr);
    assert_eq!(once.tag("Result").as_deref(), Some("1/2-1/2"));
    assert!(once.movetext().ends_with(" 1/2-1/2"), "{}", once.movetext());
    let twice = fix(once.clean.as_bytes(), &["--keep-broken"]);
    assert_eq!(twice.clean, once.clean);
    assert!(twice.changes().is_empty(), "{:?}", twice.changes());
    // `audit` finds no error in the output but the fivefold repetition itself (the moves after
    // it were played, void, as in the input).
    let dir = crate::util::TempDir::new("keep-broken-fivefold");
    let out = dir.write("out.pgn", once.clean.as_bytes());
    let audit = crate::util::run(&["audit", "--format", "jsonl", out.to_str().unwrap()]);
    let records = crate::util::parse_jsonl(&audit.stdout);
    let errors: Vec<&Value> = records
        .iter()
        .filter(|r| r["type"] == "verdict" && r["severity"] == "error")
        .collect();
    assert!(
        errors
            .iter()
            .all(|v| v["code"] == "draw/automatic-ignored" && v["correct_result"] == "1/2-1/2"),
        "{errors:?}"
    );
}
