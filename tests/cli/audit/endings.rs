//! Stalemate (art. 5.2.1), dead positions (art. 5.2.2), results (arts. 5.1.1, 5.1.2), and draw claims named in the record.

use super::*;

#[test]
fn stalemate_then_more_moves() {
    // 1.Qg6 stalemates the king on h8 (python-chess: is_stalemate() at ply 1); 1...Kh7 and the
    // rest are void. The move after the stalemate cannot be replayed, which arbiter may also
    // note as information (audit/incomplete); the errors are exactly these.
    let file = data("endings.pgn");
    let (records, _) = audit(&["endings.pgn"], &[]);
    assert_eq!(
        errors(&records, &file, "stalemate, game goes on"),
        vec![
            ignored("stalemate", 1, Some("1.Qg6"), &[]),
            contradicted("stalemate", 1, Some("1.Qg6"), &[], "1/2-1/2"),
        ]
    );
    assert_eq!(
        got(&records, &file, "stalemate, decisive result"),
        vec![contradicted("stalemate", 1, Some("1.Qg6"), &[], "1/2-1/2")]
    );
    assert_eq!(got(&records, &file, "stalemate, draw recorded"), vec![]);
}

#[test]
fn bishops_of_one_colour_are_dead_opposite_colours_are_not() {
    // 1...Bxb3 leaves K+B (f1, light) v K+B (b3, light): no mate is possible (python-chess:
    // is_insufficient_material() at ply 1); the game goes on with 1/2-1/2 recorded, the draw
    // the dead position gives: the result stands, a warning.
    let file = data("endings.pgn");
    let (records, _) = audit(&["endings.pgn"], &[]);
    let mv = Some("1...Bxb3");
    assert_eq!(
        got(&records, &file, "same-coloured bishops, game goes on"),
        vec![played_on("insufficient-material", 1, mv, &[])]
    );
    assert_eq!(
        got(&records, &file, "same-coloured bishops, decisive result"),
        vec![contradicted("insufficient-material", 1, mv, &[], "1/2-1/2")]
    );
    // Bishops on c1 (dark) and b3 (light), K+N v K+N, K+B v K+N: a mate exists with help, not
    // dead (python-chess: is_insufficient_material() false), and a decisive result stands.
    for event in [
        "opposite-coloured bishops",
        "knight against knight",
        "bishop against knight",
    ] {
        assert_eq!(got(&records, &file, event), vec![], "{event}");
    }
}

#[test]
fn dead_from_the_start_position() {
    // [FEN "4k3/8/8/8/8/8/8/3NK3 w - - 0 1"]: K+N v K is dead at ply 0; every move is void;
    // 1/2-1/2 recorded, the draw the dead position gives, stands (a warning).
    let file = data("endings.pgn");
    let (records, _) = audit(&["endings.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "dead at the start, game goes on"),
        vec![played_on("insufficient-material", 0, None, &[])]
    );
}

#[test]
fn locked_pawn_wall() {
    // 1.g4 completes a wall a4-a5 ... g4-g5: no pawn can move or capture (g2-g4 leaves no en
    // passant capture), every square of rank 4 or 5 a king could cross is held by an enemy
    // pawn, so no king ever reaches a pawn: no mate is possible, the position is dead. (python-
    // chess has no dead-position test beyond material, so this one rests on the rules alone.)
    let file = data("endings.pgn");
    let (records, _) = audit(&["endings.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "locked pawn wall, game goes on"),
        vec![
            ignored("dead-position", 1, Some("1.g4"), &[]),
            contradicted("dead-position", 1, Some("1.g4"), &[], "1/2-1/2"),
        ]
    );
    // The same wall with the white king already on c6, next to the undefended pawns on a5... c5:
    // it can take them, so the position is not dead and 1-0 stands.
    assert_eq!(
        got(&records, &file, "pawn wall, a king can take a pawn"),
        vec![]
    );
}

#[test]
fn decisive_result_for_a_side_that_cannot_mate() {
    // 1...Qxa1+ leaves white a bare king: 1-0 (black resigned or lost on time) is a draw by art.
    // 5.1.2 / 6.9 (python-chess: has_insufficient_material(WHITE)); 0-1 stands.
    let file = data("endings.pgn");
    let (records, _) = audit(&["endings.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "lone king wins"),
        vec![contradicted(
            "insufficient-material",
            1,
            Some("1...Qxa1+"),
            &[],
            "1/2-1/2"
        )]
    );
    assert_eq!(got(&records, &file, "lone king loses"), vec![]);
}

#[test]
fn result_contradicting_a_checkmate() {
    // 1.f3 e5 2.g4 Qh4#: 1-0 recorded, white is mated: the result is 0-1 (art. 5.1.1).
    let file = data("endings.pgn");
    let (records, _) = audit(&["endings.pgn"], &[]);
    let mate = contradicted("checkmate", 4, Some("2...Qh4#"), &[], "0-1");
    assert_eq!(
        got(&records, &file, "checkmate, wrong result"),
        vec![mate.clone()]
    );
    // The same with a (void) move after the mate: the game ended at the mate all the same, so
    // the recorded 1-0 still contradicts it (as 1-0 after a stalemate followed by moves does).
    assert_eq!(
        errors(&records, &file, "checkmate, more moves, wrong result"),
        vec![mate]
    );
}

// Draw claims named in the record; agreement.

#[test]
fn draws_by_agreement_need_no_support() {
    let file = data("claims.pgn");
    let (records, _) = audit(&["claims.pgn"], &[]);
    for event in ["short draw by agreement", "draw agreed, with a comment"] {
        assert_eq!(got(&records, &file, event), vec![], "{event}");
        assert_eq!(game(&records, &file, event).status, status("ok"));
    }
}

#[test]
fn claims_named_in_tag_or_comment() {
    let file = data("claims.pgn");
    let (records, _) = audit(&["claims.pgn"], &[]);
    // [Termination "repetition"] after 1.e4 e5 2.Nf3 Nc6: no position has repeated.
    assert_eq!(
        got(&records, &file, "repetition tag, no repetition"),
        vec![unsupported("threefold", 4, Some("2...Nc6"))]
    );
    // {draw by threefold repetition} after 3.Nf3: this position stood twice (plies 1, 5), and
    // black's only repeating move, Nf6, recreates the position of ply 2 for the second time
    // only: no claim (python-chess: can_claim_threefold_repetition() false at ply 5).
    assert_eq!(
        got(
            &records,
            &file,
            "comment claims threefold, none on the board"
        ),
        vec![unsupported("threefold", 5, Some("3.Nf3"))]
    );
    // The same comment after 4...Ng8 (start position at plies 0, 4, 8): supported.
    assert_eq!(
        got(&records, &file, "comment claims threefold, on the board"),
        vec![supported("threefold", 8, Some("4...Ng8"), None, &[0, 4, 8])]
    );
    // A final comment that speaks of a repetition without reporting the end (an annotator's
    // "only hope is a draw by threefold repetition" before a draw by agreement) is no claim.
    assert_eq!(got(&records, &file, "comment hopes for threefold"), vec![]);
    // [Termination "50-move rule"] after four moves.
    assert_eq!(
        got(&records, &file, "fifty-move tag, no claim"),
        vec![unsupported("fifty-move", 4, Some("2...Nc6"))]
    );
    let cu = verdict(&records, &file, "fifty-move tag, no claim", CU, 4);
    assert_eq!(cu.recorded_result.as_deref(), Some("1/2-1/2"));
    assert_eq!(
        cu.fen.as_deref().unwrap(),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
}

#[test]
fn a_lone_king_wins_by_resignation_before_2023() {
    // 1...Qxa1+ leaves white a bare king and 1-0 is recorded. A loss on time is a draw (art.
    // 6.9, in every edition here); a resignation is one only since the Laws of 1 January 2023
    // (art. 5.1.2: ../shared/RULES.md, "Results the moves contradict"), so before 2023 a
    // resignation, or a game that does not say how it ended, keeps its 1-0. An unknown date
    // gets the current Laws.
    let file = data("lone-king-by-date.pgn");
    let (records, _) = audit(&["lone-king-by-date.pgn"], &[]);
    let draw = || {
        vec![contradicted(
            "insufficient-material",
            1,
            Some("1...Qxa1+"),
            &[],
            "1/2-1/2",
        )]
    };
    for (event, want) in [
        ("resigned before 2023", vec![]),
        ("on time before 2023", draw()),
        ("no termination before 2023", vec![]),
        ("resigned from 2023", draw()),
        ("no termination from 2023", draw()),
        ("time forfeit in 1990", draw()),
        ("resigned, date unknown", draw()),
    ] {
        assert_eq!(got(&records, &file, event), want, "{event}");
    }
    // `--laws` overrides the date: the current Laws draw the resignation of 2022, the Laws
    // before 2014 let the resignation of 2023 stand (and still draw the loss on time).
    let (current, _) = audit(&["lone-king-by-date.pgn"], &["--laws", "current"]);
    assert_eq!(got(&current, &file, "resigned before 2023"), draw());
    let (old, _) = audit(&["lone-king-by-date.pgn"], &["--laws", "pre-2014"]);
    assert_eq!(got(&old, &file, "resigned from 2023"), vec![]);
    assert_eq!(got(&old, &file, "on time before 2023"), draw());
    // The message names the rule of the way the game ended.
    let message = |event| {
        verdicts_of(&records, &file, event)
            .iter()
            .map(|v| v.message.clone())
            .collect::<Vec<_>>()
            .join("; ")
    };
    assert!(message("on time before 2023").contains("a loss on time is a draw (art. 6.9)"));
    assert!(message("resigned from 2023").contains("on resignation is a draw (art. 5.1.2)"));
}

#[test]
fn a_draw_recorded_after_an_automatic_end_stands_with_a_warning() {
    // [FEN "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"]: 1.Kxd2 leaves K v K, dead (art. 5.2.2;
    // python-chess: is_insufficient_material() after 1.Kxd2), and 1...Ke7 is played on, void.
    // With 1/2-1/2 recorded, the draw the dead position gives, the result stands: a warning
    // (`draw/played-on`), status 0. With 0-1 recorded, the record is wrong twice: the game went
    // on (`draw/automatic-ignored`) and the result is not the draw (`result/contradicted`).
    let game = |result: &str| {
        format!(
            "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n\
             [Black \"B\"]\n[Result \"{result}\"]\n[SetUp \"1\"]\n\
             [FEN \"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1\"]\n\n1. Kxd2 Ke7 {result}\n\n"
        )
    };
    let verdicts = |result: &str| {
        let out = crate::util::run_stdin(
            &["audit", "-q", "--format", "jsonl"],
            game(result).as_bytes(),
        );
        let records = crate::util::parse_jsonl(&out.stdout);
        let verdicts: Vec<(String, String, String, u64)> = records
            .iter()
            .filter(|r| r["type"] == "verdict")
            .map(|r| {
                (
                    r["code"].as_str().unwrap().to_owned(),
                    r["severity"].as_str().unwrap().to_owned(),
                    r["rule"].as_str().unwrap_or_default().to_owned(),
                    r["ply"].as_u64().unwrap(),
                )
            })
            .collect();
        (verdicts, out.status.code(), records)
    };
    let owned = |v: &[(&str, &str, &str, u64)]| -> Vec<(String, String, String, u64)> {
        v.iter()
            .map(|(a, b, c, d)| (a.to_string(), b.to_string(), c.to_string(), *d))
            .collect()
    };
    let (drawn, code, records) = verdicts("1/2-1/2");
    assert_eq!(
        drawn,
        owned(&[("draw/played-on", "warning", "insufficient-material", 1)])
    );
    assert_eq!(code, Some(0));
    let v = records.iter().find(|r| r["type"] == "verdict").unwrap();
    assert_eq!(v["correct_result"], "1/2-1/2");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .ends_with("the 1/2-1/2 recorded stands"),
        "{v}"
    );
    let (lost, code, _) = verdicts("0-1");
    assert_eq!(
        lost,
        owned(&[
            (
                "draw/automatic-ignored",
                "error",
                "insufficient-material",
                1
            ),
            ("result/contradicted", "error", "insufficient-material", 1),
        ])
    );
    assert_eq!(code, Some(1));
}
