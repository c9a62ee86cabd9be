//! Threefold and fivefold repetition (arts. 9.2, 9.6.1) and position identity (art. 9.2.3).

use super::*;

#[test]
fn threefold_claim_about_to_appear_and_on_the_board() {
    // 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8 5.e4: the start position stands at plies 0, 4, 8.
    // After 4.Ng1 (ply 7) black can write Ng8 and claim (the start position would appear the
    // third time; it stood at plies 0 and 4); at ply 8 white can claim, it has appeared three
    // times. Both went by (5.e4 was played). python-chess: can_claim_threefold_repetition() is
    // true at plies 7 and 8 only.
    let file = data("repetition.pgn");
    let (records, code) = audit(&["repetition.pgn"], &["--missed=all"]);
    let event = "threefold from the start";
    assert_eq!(
        got(&records, &file, event),
        vec![
            claim("threefold", 7, Some("4.Ng1"), Some("Ng8"), &[0, 4]),
            claim("threefold", 8, Some("4...Ng8"), None, &[0, 4, 8]),
        ]
    );
    let at8 = verdict(&records, &file, event, "draw/claim-available", 8);
    assert_eq!(
        at8.fen.as_deref().unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5"
    );
    assert_eq!(at8.recorded_result.as_deref(), Some("*"));
    assert_eq!(at8.correct_result, None);
    assert_eq!(game(&records, &file, event).status, status("ok"));
    assert_eq!(code, 1, "the file has error verdicts in other games");

    // Without --missed a missed claim is not reported at all.
    let (records, _) = audit(&["repetition.pgn"], &[]);
    assert_eq!(got(&records, &file, event), vec![]);
}

#[test]
fn castling_rights_lost_make_a_new_position() {
    // 2.Rg1 Rg8 3.Rh1 Rh8: the same pieces as after 1...Nf6 (ply 2), but without the king-side
    // castling rights, so ply 2 and ply 6 are different positions (art. 9.2.3). The first
    // threefold is [6, 10, 14], not [2, 6, 10]; likewise the start array at ply 8 (rights Qq)
    // differs from ply 0 (KQkq). python-chess agrees (threefold claimable at plies 13, 14, 15).
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed=all"]);
    assert_eq!(
        got(&records, &file, "castling rights lost"),
        vec![
            claim("threefold", 13, Some("7.Nf3"), Some("Nf6"), &[6, 10]),
            claim("threefold", 14, Some("7...Nf6"), None, &[6, 10, 14]),
        ]
    );
}

#[test]
fn chess960_castling_rights_lost_make_a_new_position() {
    // The same trap from a Chess960 start (rooks on b1/g1, king on d1): 2.Ra1 Ra8 3.Rb1 Rb8
    // give up the b-file castling rights, so the first threefold is [6, 10, 14] (python-chess
    // with chess960=True agrees).
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed=all"]);
    assert_eq!(
        got(&records, &file, "Chess960, castling rights lost"),
        vec![
            claim("threefold", 13, Some("7.Nb3"), Some("Nb6"), &[6, 10]),
            claim("threefold", 14, Some("7...Nb6"), None, &[6, 10, 14]),
        ]
    );
}

#[test]
fn same_squares_with_the_other_side_to_move_is_another_position() {
    // The white king walks e1-f1-f2-e1 while the black king rocks e8-d8: the kings stand on e1
    // and e8 at plies 0, 5 and 12, but at ply 5 black is to move, so the position has appeared
    // only twice (plies 0 and 12) and no claim was ever available (python-chess agrees).
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed=all"]);
    assert_eq!(
        got(&records, &file, "same squares, other side to move"),
        vec![]
    );
}

#[test]
fn fen_en_passant_square_without_legal_capture_does_not_split_positions() {
    // [FEN "4k1n1/8/8/8/4P3/8/8/4K1N1 b - e3 0 1"]: no black pawn can take on e3, so the start
    // position is the same position as after 3.Ng1 and 5.Ng1 (art. 9.2.3): occurrences counted
    // from ply 0. python-chess: has_legal_en_passant() false at ply 0, threefold at ply 8 with
    // [0, 4, 8] and about to appear at ply 7 (white writes Ng1).
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed=all"]);
    let event = "FEN ep square, no legal capture";
    assert_eq!(
        got(&records, &file, event),
        vec![
            claim("threefold", 7, Some("4...Ng8"), Some("Ng1"), &[0, 4]),
            claim("threefold", 8, Some("5.Ng1"), None, &[0, 4, 8]),
        ]
    );
    assert_eq!(
        verdict(&records, &file, event, "draw/claim-available", 8)
            .fen
            .as_deref()
            .unwrap(),
        "4k1n1/8/8/8/4P3/8/8/4K1N1 b - - 8 5"
    );
}

#[test]
fn fen_en_passant_square_with_legal_capture_splits_positions() {
    // The control: with a black pawn on d4, exd3 e.p. is legal at ply 0, so ply 0 is a position
    // of its own and the first threefold is [1, 5, 9] (python-chess agrees).
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed=all"]);
    assert_eq!(
        got(&records, &file, "FEN ep square, legal capture"),
        vec![
            claim("threefold", 8, Some("5.Ng1"), Some("Nf6"), &[1, 5]),
            claim("threefold", 9, Some("5...Nf6"), None, &[1, 5, 9]),
            claim("threefold", 10, Some("6.Nf3"), None, &[2, 6, 10]),
            claim("threefold", 11, Some("6...Ng8"), None, &[3, 7, 11]),
            claim("threefold", 12, Some("7.Ng1"), None, &[4, 8, 12]),
        ]
    );
}

#[test]
fn double_push_next_to_a_pinned_pawn_is_the_same_position() {
    // 1.b4 next to the black pawn on c4: cxb3 e.p. would expose the black king (on a6 to the
    // bishop on f1; on a4, with both pawns gone from the rank, to the rook on h4), so no en
    // passant capture is possible and the position after 1.b4 is the one after 3.Ng1 and 5.Ng1.
    // python-chess: has_legal_en_passant() false at ply 1, threefold [1, 5, 9].
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed=all"]);
    for event in [
        "double push next to a pinned pawn",
        "double push, ep capture would expose the king on the rank",
    ] {
        assert_eq!(
            got(&records, &file, event),
            vec![
                claim("threefold", 8, Some("4...Ng8"), Some("Ng1"), &[1, 5]),
                claim("threefold", 9, Some("5.Ng1"), None, &[1, 5, 9]),
            ],
            "{event}"
        );
    }
    // The control: black king on a7, not pinned; cxb3 e.p. is legal after 1.b4, so ply 1 stands
    // alone (python-chess agrees).
    assert_eq!(
        got(&records, &file, "double push, ep capture legal"),
        vec![
            claim("threefold", 9, Some("5.Ng1"), Some("Nf6"), &[2, 6]),
            claim("threefold", 10, Some("5...Nf6"), None, &[2, 6, 10]),
            claim("threefold", 11, Some("6.Nf3"), None, &[3, 7, 11]),
            claim("threefold", 12, Some("6...Ng8"), None, &[4, 8, 12]),
            claim("threefold", 13, Some("7.Ng1"), None, &[5, 9, 13]),
        ]
    );
}

#[test]
fn repetition_after_castling_en_passant_and_promotion() {
    // 3.dxe6 e.p., 5.fxg8=Q and 8.O-O before the shuffle 9.Ng5 Kg6 10.Nf3 Kh6 ...: the
    // positions after each of these moves must be told apart and recognised again exactly as
    // python-chess does (threefold claimable at plies 22..27).
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed=all"]);
    assert_eq!(
        got(&records, &file, "after castling, en passant and promotion"),
        vec![
            claim("threefold", 22, Some("11...Kg6"), Some("Nf3"), &[15, 19]),
            claim("threefold", 23, Some("12.Nf3"), None, &[15, 19, 23]),
            claim("threefold", 24, Some("12...Kh6"), None, &[16, 20, 24]),
            claim("threefold", 25, Some("13.Ng5"), None, &[17, 21, 25]),
            claim("threefold", 26, Some("13...Kg6"), None, &[18, 22, 26]),
        ]
    );
}

#[test]
fn repetition_from_a_fen_start_counts_ply_zero() {
    // [FEN "4k3/8/8/8/8/8/4P3/4K1N1 w - - 5 30"] 30.Nf3 Kd7 31.Ng1 Ke8 32.Nf3 Kd7 33.Ng1 Ke8:
    // the FEN position stands at plies 0, 4, 8. A draw by repetition recorded at ply 8 is
    // supported (threefold on the board), at ply 7 too (black writes Ke8: the position of plies
    // 0 and 4 would appear the third time), but not at ply 6 (no move of white's recreates a
    // position seen twice). python-chess: can_claim_threefold_repetition() true at 7 and 8,
    // false at 6.
    let file = data("claims.pgn");
    let (records, _) = audit(&["claims.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "repetition tag, threefold on the board"),
        vec![supported(
            "threefold",
            8,
            Some("33...Ke8"),
            None,
            &[0, 4, 8]
        )]
    );
    assert_eq!(
        got(&records, &file, "repetition tag, about to appear"),
        vec![supported(
            "threefold",
            7,
            Some("33.Ng1"),
            Some("Ke8"),
            &[0, 4]
        )]
    );
    assert_eq!(
        got(&records, &file, "repetition tag, one move too early"),
        vec![unsupported("threefold", 6, Some("32...Kd7"))]
    );
    // With --missed: black could have claimed at ply 7 by writing Ke8 (and played it instead);
    // the claims at the last ply of each game were made, not missed (they support the draw).
    let (records, _) = audit(&["claims.pgn"], &["--missed=all"]);
    assert_eq!(
        got(&records, &file, "repetition tag, threefold on the board"),
        vec![
            claim("threefold", 7, Some("33.Ng1"), Some("Ke8"), &[0, 4]),
            supported("threefold", 8, Some("33...Ke8"), None, &[0, 4, 8]),
        ]
    );
    assert_eq!(
        got(&records, &file, "repetition tag, about to appear"),
        vec![supported(
            "threefold",
            7,
            Some("33.Ng1"),
            Some("Ke8"),
            &[0, 4]
        )]
    );
}

#[test]
fn fivefold_repetition_then_the_game_goes_on() {
    // The start position at plies 0, 4, 8, 12, 16: the game is drawn after 8...Ng8 (art.
    // 9.6.1); 9.e4 e5 are void. python-chess: is_fivefold_repetition() first true at ply 16.
    // 1/2-1/2 is recorded, the fivefold's draw: it stands, a warning.
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &[]);
    let five = [0, 4, 8, 12, 16];
    assert_eq!(
        got(&records, &file, "fivefold, game goes on"),
        vec![played_on("fivefold", 16, Some("8...Ng8"), &five)]
    );
    // A decisive result after the fivefold (even one "won" by a later mate) is void.
    assert_eq!(
        got(&records, &file, "fivefold, decisive result"),
        vec![
            ignored("fivefold", 16, Some("8...Ng8"), &five),
            contradicted("fivefold", 16, Some("8...Ng8"), &five, "1/2-1/2"),
        ]
    );
    let rc = verdict(&records, &file, "fivefold, decisive result", RC, 16);
    assert_eq!(rc.recorded_result.as_deref(), Some("1-0"));
    assert_eq!(
        rc.fen.as_deref().unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 16 9"
    );
    assert_eq!(
        game(&records, &file, "fivefold, decisive result").status,
        status("verdict")
    );

    // With --missed, no claim is reported after the game ended at ply 16.
    let (records, _) = audit(&["repetition.pgn"], &["--missed=all"]);
    for event in ["fivefold, game goes on", "fivefold, decisive result"] {
        for r in verdicts_of(&records, &file, event) {
            if r.code == "draw/claim-available" {
                assert!(r.ply <= 16, "{r:?}");
            }
        }
    }
}

#[test]
fn illegal_move_audits_up_to_that_move() {
    // The fivefold of ply 16 is still found when the game later has an illegal move
    // (9...Ke6 at ply 18): the audit stops after ply 17 and says so.
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "fivefold, then an illegal move"),
        vec![
            played_on("fivefold", 16, Some("8...Ng8"), &[0, 4, 8, 12, 16]),
            incomplete(17, "9.e4"),
        ]
    );
    // 1.e4 e5 2.Ke3: audited up to ply 2, no result check on a game that was not read to its
    // end.
    let file = data("claims.pgn");
    let (records, _) = audit(&["claims.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "illegal move"),
        vec![incomplete(2, "1...e5")]
    );
    let inc = verdict(&records, &file, "illegal move", INC, 2);
    let message = inc.message.as_str();
    assert!(message.contains("Ke3"), "{message}");
    assert_eq!(
        game(&records, &file, "illegal move").status,
        status("incomplete")
    );
    assert_eq!(game(&records, &file, "illegal move").plies, 2);
}
