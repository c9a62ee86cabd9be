//! A winner that cannot checkmate (FIDE Laws art. 6.9 on time, art. 5.1.2 on resignation since
//! 2023) and dead positions beyond material (art. 5.2.2): `testdata/audit/unwinnable.pgn`.
//!
//! The positions of the first three games are final positions of lichess games scored as won on
//! time (`../shared/unwinnable/lichess-timeouts.txt`, game ids in the Site tags). That the winner
//! cannot checkmate is argued at each test and was confirmed here with CHA-Solver 3.0 (the Rust
//! port of the Chess Unwinnability Analyzer, M. Ambrona, FUN 2022: an independent
//! implementation, `winnability`), which finds a helpmate in none of them.

use super::*;

const FILE: &str = "unwinnable.pgn";

fn contradicted(rule: &str, ply: u64, mv: Option<&str>) -> V {
    v(
        "result/contradicted",
        Some(rule),
        ply,
        mv,
        None,
        &[],
        Some("1/2-1/2"),
    )
}

#[test]
fn lost_on_time_by_a_side_the_opponent_cannot_mate_is_a_draw() {
    let (records, _) = audit(&[FILE], &[]);
    let file = data(FILE);
    // Black to move is in check from the g5 pawn; White has only its king and three pawns, each
    // blocked or taken after any of Black's replies, so White never mates (CHA-Solver: no
    // helpmate): the loss on time is a draw (art. 6.9).
    let event = "time forfeit, the winner cannot mate (lichess AHPAU56z)";
    assert_eq!(
        got(&records, &file, event),
        vec![contradicted("cannot-checkmate", 0, None)]
    );
    // White's only legal move is fxg5, which mates Black: Black, recorded as the winner on
    // time, cannot mate, and 0-1 is a draw (art. 6.9).
    let event = "time forfeit, the winner cannot mate after a forced move (lichess VIdrelSz)";
    assert_eq!(
        got(&records, &file, event),
        vec![contradicted("cannot-checkmate", 0, None)]
    );
    let message = &verdicts_of(&records, &file, event)[0].message;
    assert!(
        message.contains("forced") && message.contains("art. 6.9"),
        "{message}"
    );
    // K+P v K with the pawn free to promote: White can mate, 1-0 on time stands.
    assert_eq!(
        got(&records, &file, "time forfeit, the winner can mate"),
        vec![]
    );
}

#[test]
fn resignation_to_a_side_that_cannot_mate_is_a_draw_from_2023() {
    let (records, _) = audit(&[FILE], &[]);
    let file = data(FILE);
    // The black king on h8 is shut in by g7 (its own blocked pawn) and the white pawns on g6
    // and h7, which the white king guards; Black has no other piece (CHA-Solver: no helpmate).
    // Under the Laws of 2023 a resignation to it is a draw (art. 5.1.2); in 2022 the resignation
    // decided.
    let event = "resignation in 2023, the winner cannot mate (lichess tapdr97m)";
    assert_eq!(
        got(&records, &file, event),
        vec![contradicted("cannot-checkmate", 0, None)]
    );
    let message = &verdicts_of(&records, &file, event)[0].message;
    assert!(message.contains("art. 5.1.2"), "{message}");
    let event = "resignation in 2022, the winner cannot mate (lichess tapdr97m)";
    assert_eq!(got(&records, &file, event), vec![]);
    // `--laws current` judges the 2022 game by the 2023 text.
    let (records, _) = audit(&[FILE], &["--laws", "current"]);
    assert_eq!(
        got(&records, &file, event),
        vec![contradicted("cannot-checkmate", 0, None)]
    );
}

#[test]
fn bishops_walled_in_are_a_dead_position() {
    // 1.h4 closes the chain b4-d4-f4-h4 / b5-d5-f5-h5: the white pawns stand on every dark
    // square of the fourth rank, so the dark-squared bishop on c1 never crosses it; the black
    // pawns stand on every light square of the fifth, so the light-squared bishop on c8 never
    // does; no king crosses (each square of the two ranks holds a pawn or is attacked by an
    // enemy pawn), and no pawn can move or capture. No piece can ever give check: dead
    // (art. 5.2.2) after 1.h4; 1...Bd7 2.Bd2 Bc8 are void.
    let (records, _) = audit(&[FILE], &[]);
    let file = data(FILE);
    let event = "bishops walled in, game goes on";
    let ignored = v(
        "draw/automatic-ignored",
        Some("dead-position"),
        1,
        Some("1.h4"),
        None,
        &[],
        Some("1/2-1/2"),
    );
    assert_eq!(
        errors(&records, &file, event),
        vec![ignored, contradicted("dead-position", 1, Some("1.h4"))]
    );
    let message = &verdicts_of(&records, &file, event)[0].message;
    assert!(
        message.contains("art. 5.2.2") && message.contains("never give check"),
        "{message}"
    );
    // A profile names its own rule.
    let (records, _) = audit(&[FILE], &["--profile", "platform"]);
    let message = &verdicts_of(&records, &file, event)[0].message;
    assert!(
        message.contains("rule dead-position of profile platform"),
        "{message}"
    );
    // `--rules cannot-checkmate` is the dead family.
    let (by_name, _) = audit(&[FILE], &["--rules", "cannot-checkmate"]);
    let (by_family, _) = audit(&[FILE], &["--rules", "dead"]);
    assert_eq!(
        all_verdicts(&by_name).collect::<Vec<_>>(),
        all_verdicts(&by_family).collect::<Vec<_>>()
    );
}

#[test]
fn no_search_no_verdict_from_it() {
    // `--search-nodes 0`: the static tier and forced moves only. The forced mate of game 2 is
    // still seen; the exhaustive searches of games 1 and 3 do not run, so their results stand.
    let (records, _) = audit(&[FILE], &["--search-nodes", "0"]);
    let file = data(FILE);
    assert_eq!(
        got(
            &records,
            &file,
            "time forfeit, the winner cannot mate after a forced move (lichess VIdrelSz)"
        ),
        vec![contradicted("cannot-checkmate", 0, None)]
    );
    assert_eq!(
        got(
            &records,
            &file,
            "time forfeit, the winner cannot mate (lichess AHPAU56z)"
        ),
        vec![]
    );
}
