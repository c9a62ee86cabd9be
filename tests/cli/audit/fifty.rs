//! The fifty- and seventy-five-move rules (arts. 9.3, 9.6.2).

use super::*;
use crate::contract::records::Rule;

#[test]
fn fifty_move_claim_about_to_at_halfmove_clock_99() {
    // [FEN "7k/6pp/8/8/8/8/8/4K3 b - - 99 50"]: black's only move that is neither a pawn move
    // nor a capture is Kg8, which completes 100 quiet plies: claimable by writing it (art.
    // 9.3.1). Then the clock is 100, 101, 102: claimable on the board (art. 9.3.2) at each ply
    // until the last. python-chess: can_claim_fifty_moves() true at plies 0..4.
    let file = data("fifty.pgn");
    let (records, _) = audit(&["fifty.pgn"], &["--missed=all"]);
    assert_eq!(
        got(&records, &file, "about to: halfmove clock 99 in the FEN"),
        vec![
            claim("fifty-move", 0, None, Some("Kg8"), &[]),
            claim("fifty-move", 1, Some("50...Kg8"), None, &[]),
            claim("fifty-move", 2, Some("51.Kd2"), None, &[]),
            claim("fifty-move", 3, Some("51...Kf7"), None, &[]),
        ]
    );
}

#[test]
fn fen_starting_with_halfmove_clock_90() {
    // The FEN clock counts: 90 + 9 = 99 after 74.Kd6 (black can claim by writing Kg8, the only
    // quiet move of the king on h8), 100 after 74...Kg8. python-chess: can_claim_fifty_moves()
    // first true at ply 9.
    let file = data("fifty.pgn");
    let (records, _) = audit(&["fifty.pgn"], &["--missed=all"]);
    assert_eq!(
        got(&records, &file, "FEN halfmove clock 90"),
        vec![
            claim("fifty-move", 9, Some("74.Kd6"), Some("Kg8"), &[]),
            claim("fifty-move", 10, Some("74...Kg8"), None, &[]),
        ]
    );
    // A draw under the fifty-move rule recorded at ply 8 (clock 98) has no support; at ply 9
    // (about to: black writes Kg8, art. 9.3.1) or ply 10 (a final comment names the rule; 100
    // quiet plies, art. 9.3.2) it has: `draw/claim-supported`.
    let (records, _) = audit(&["fifty.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "fifty claimed too early"),
        vec![unsupported("fifty-move", 8, Some("73...Kh8"))]
    );
    assert_eq!(
        got(&records, &file, "fifty claimed about to"),
        vec![supported("fifty-move", 9, Some("74.Kd6"), Some("Kg8"), &[])]
    );
    assert_eq!(
        got(&records, &file, "fifty claimed in a comment"),
        vec![supported("fifty-move", 10, Some("74...Kg8"), None, &[])]
    );
}

#[test]
fn fifty_move_claim_with_a_move_that_stalemates() {
    // [FEN "7k/5P1p/7P/8/8/8/PP6/K7 w - - 99 60"]: white's only move that is neither a pawn
    // move nor a capture is Kb1, and it stalemates black. By the Laws the claim by writing Kb1
    // holds (art. 9.3.1 asks only that the move complete 50 quiet moves; RULES.md: "a written
    // move that itself gives mate or stalemate still supports the claim").
    // python-chess differs: can_claim_fifty_moves() is false here, because its is_fifty_moves()
    // also requires a legal move in the position after the claimed move.
    let file = data("fifty.pgn");
    let (records, _) = audit(&["fifty.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "claim move gives stalemate"),
        vec![supported("fifty-move", 0, None, Some("Kb1"), &[])]
    );
    let (records, _) = audit(&["fifty.pgn"], &["--missed=all"]);
    assert_eq!(
        got(&records, &file, "claim move gives stalemate, play goes on"),
        vec![claim("fifty-move", 0, None, Some("Kb1"), &[])]
    );
}

#[test]
fn no_fifty_move_claim_without_a_quiet_move() {
    // [FEN "7k/8/8/8/4b3/8/PP6/K7 w - - 99 60"]: Kb1 is covered by the bishop, so white has only
    // pawn moves, none of which completes 50 quiet moves: a draw under the fifty-move rule
    // recorded here has no support (python-chess: can_claim_fifty_moves() false).
    let file = data("fifty.pgn");
    let (records, _) = audit(&["fifty.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "no quiet move at halfmove clock 99"),
        vec![unsupported("fifty-move", 0, None)]
    );
}

#[test]
fn seventy_five_move_rule() {
    // [FEN "... w - - 140 70"]: the clock reaches 150 after 74...Kg8 (ply 10); the game is drawn
    // there (art. 9.6.2) and 75.Kd7 Kh8 76.Ke7 g5 are void. python-chess: is_seventyfive_moves()
    // first true at ply 10. 1/2-1/2 is recorded: it stands, a warning.
    let file = data("fifty.pgn");
    let (records, _) = audit(&["fifty.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "seventy-five moves, game goes on"),
        vec![played_on("seventy-five-move", 10, Some("74...Kg8"), &[])]
    );
    // Ending at ply 10 with 0-1: nothing was played after it, but the result is void.
    assert_eq!(
        got(&records, &file, "seventy-five moves, decisive result"),
        vec![contradicted(
            "seventy-five-move",
            10,
            Some("74...Kg8"),
            &[],
            "1/2-1/2"
        )]
    );
    // The 150th quiet ply gives check but not mate: the game is drawn all the same.
    assert_eq!(
        got(&records, &file, "check, not mate, on the 150th quiet ply"),
        vec![
            ignored("seventy-five-move", 1, Some("80.Ra8+"), &[]),
            contradicted("seventy-five-move", 1, Some("80.Ra8+"), &[], "1/2-1/2"),
        ]
    );
    assert_eq!(
        got(&records, &file, "quiet 150th ply, decisive result"),
        vec![contradicted(
            "seventy-five-move",
            1,
            Some("80.Ra7"),
            &[],
            "1/2-1/2"
        )]
    );
}

#[test]
fn checkmate_on_the_150th_quiet_ply_takes_precedence() {
    // [FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80"] 80.Ra8#: the mate completes the 150th quiet
    // ply and stands (art. 9.6.2). python-chess agrees: is_seventyfive_moves() is false after
    // the mate (no legal move).
    let file = data("fifty.pgn");
    let (records, _) = audit(&["fifty.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "checkmate on the 150th quiet ply"),
        vec![]
    );
    assert_eq!(
        got(
            &records,
            &file,
            "checkmate on the 150th quiet ply, draw recorded"
        ),
        vec![contradicted("checkmate", 1, Some("80.Ra8#"), &[], "1-0")]
    );
}

/// `--missed=all` lists at most 1000 claims per game and rule; the plies past them are counted
/// in the `more_plies` of the last one listed, as `--missed` counts them in its first. The
/// game: 20,000 plies of knights going out and back, dated 2010 (before art. 9.6, 1 July 2014,
/// no repetition and no number of quiet moves ended a game). A fifty-move claim is available
/// by writing a move at ply 99 (art. 9.3.1) and on the board at every later ply but the last
/// (art. 9.3.2): 19,901 plies. Before, every one was a verdict held in memory: a game of
/// 600,000 plies took 457 MB and 2 s.
#[test]
fn missed_all_lists_a_thousand_claims_per_rule_and_counts_the_rest() {
    let tmp = TempDir::new("audit-missed-all-cap");
    let mut pgn = String::from("[Event \"shuffle\"]\n[Date \"2010.01.01\"]\n[Result \"*\"]\n\n");
    for n in (1..=10_000).step_by(2) {
        pgn += &format!("{n}. Nf3 Nf6 {}. Ng1 Ng8 ", n + 1);
    }
    pgn += "*\n";
    let path = tmp.write("shuffle.pgn", pgn.as_bytes());
    let paths = [path.to_str().unwrap().to_owned()];
    let (all, _) = audit_paths(&paths, &["--missed=all"]);
    let (first, _) = audit_paths(&paths, &["--missed"]);
    for rule in [Rule::FiftyMove, Rule::Threefold] {
        let listed: Vec<&Verdict> = all_verdicts(&all)
            .filter(|v| v.code == "draw/claim-available" && v.rule == Some(rule))
            .collect();
        assert_eq!(listed.len(), 1000, "{rule:?}");
        let (last, before) = listed.split_last().unwrap();
        assert!(before.iter().all(|v| v.more_plies.is_none()), "{rule:?}");
        let counted = last.more_plies.expect("the plies past the list");
        let once: Vec<&Verdict> = all_verdicts(&first)
            .filter(|v| v.code == "draw/claim-available" && v.rule == Some(rule))
            .collect();
        assert_eq!(once.len(), 1, "{rule:?}");
        let later = once[0].more_plies.expect("--missed counts");
        assert_eq!(1000 + counted, 1 + later, "{rule:?}: every ply once");
        if rule == Rule::FiftyMove {
            assert_eq!(once[0].ply, 99);
            assert_eq!(1 + later, 20_000 - 99);
        }
    }
}
