//! Illegal moves: every `illegal-move/*` code, in the main line and in variations.

use super::*;

#[test]
fn illegal_no_piece() {
    let (records, code) = check("illegal-no-piece.pgn", &[]);
    assert_eq!(code, 1);
    let f = assert_findings(
        &records,
        &data("illegal-no-piece.pgn"),
        1,
        &[err("illegal-move/no-piece", 1, "1.Nd4", "Nd4", 9, 4, START)],
    );
    assert_mentions(f[0], &["Nd4", "knight", "d4"]);
    assert_game(&records, 1, "no-piece", "error", 0, Some("*"));
    // Right after 2...d5 the en passant capture exd6 is legal: the FEN names d6.
    assert_findings(
        &records,
        &data("illegal-no-piece.pgn"),
        2,
        &[err(
            "illegal-move/no-piece",
            5,
            "3.Nd4",
            "Nd4",
            19,
            22,
            "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        )],
    );
    assert_game(
        &records,
        2,
        "en passant square in the FEN",
        "error",
        4,
        Some("*"),
    );
    assert_eq!(f[0].white.as_deref(), Some("White"));
    assert_eq!(f[0].black.as_deref(), Some("Black"));
}

#[test]
fn illegal_occupied() {
    let (records, code) = check("illegal-occupied.pgn", &[]);
    assert_eq!(code, 1);
    let f = assert_findings(
        &records,
        &data("illegal-occupied.pgn"),
        1,
        &[err("illegal-move/occupied", 1, "1.Nd2", "Nd2", 9, 4, START)],
    );
    assert_mentions(f[0], &["d2"]);
    assert_game(&records, 1, "occupied", "error", 0, Some("*"));
}

#[test]
fn illegal_ambiguous_names_both_candidates() {
    let (records, code) = check("illegal-ambiguous.pgn", &[]);
    assert_eq!(code, 1);
    // 1.Nf3 d5 2.d4 Nf6: both the b1 and the f3 knight reach d2.
    let f = assert_findings(
        &records,
        &data("illegal-ambiguous.pgn"),
        1,
        &[err(
            "illegal-move/ambiguous",
            5,
            "3.Nd2",
            "Nd2",
            9,
            24,
            "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 1 3",
        )],
    );
    assert_mentions(f[0], &["Nbd2", "Nfd2"]);
    assert_game(&records, 1, "ambiguous", "error", 4, Some("*"));
}

#[test]
fn illegal_king_in_check() {
    let path = data("illegal-king-in-check.pgn");
    let (records, code) = check("illegal-king-in-check.pgn", &[]);
    assert_eq!(code, 1);
    // The knight on c3 is pinned by the bishop on b4 (d2 is empty after 1.d4).
    let f = assert_findings(
        &records,
        &path,
        1,
        &[err(
            "illegal-move/king-in-check",
            7,
            "4.Ne4",
            "Ne4",
            9,
            35,
            "rnbqk2r/pppp1ppp/5n2/4p3/1b1P4/2N1P3/PPP2PPP/R1BQKBNR w KQkq - 3 4",
        )],
    );
    assert_mentions(f[0], &["pinned", "b4"]);
    assert_game(&records, 1, "pinned", "error", 6, Some("*"));
    // e3 is attacked by the bishop on c5 through d4.
    let f = assert_findings(
        &records,
        &path,
        2,
        &[err(
            "illegal-move/king-in-check",
            5,
            "3.Ke3",
            "Ke3",
            19,
            24,
            "rnbqk1nr/pppp1ppp/8/2b1p3/4P3/8/PPPPKPPP/RNBQ1BNR w kq - 2 3",
        )],
    );
    assert_mentions(f[0], &["c5"]);
    assert_game(&records, 2, "into check", "error", 4, Some("*"));
    // 2...Qh4+ is check along h4-g3-f2-e1; 3.a3 does not parry it.
    let f = assert_findings(
        &records,
        &path,
        3,
        &[err(
            "illegal-move/king-in-check",
            5,
            "3.a3",
            "a3",
            29,
            24,
            "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5P2/PPPP2PP/RNBQKBNR w KQkq - 1 3",
        )],
    );
    assert_mentions(f[0], &["h4"]);
    assert_game(&records, 3, "not parried", "error", 4, Some("*"));
    // exd6 e.p. would empty the fifth rank between the king on a5 and the rook on h5; the FEN
    // has no en passant square because the capture is not legal.
    assert_findings(
        &records,
        &path,
        4,
        &[err(
            "illegal-move/king-in-check",
            2,
            "2.exd6",
            "exd6",
            41,
            12,
            "8/8/8/K2pP2r/8/8/8/7k w - - 0 2",
        )],
    );
    assert_game(
        &records,
        4,
        "en passant exposes king",
        "error",
        1,
        Some("*"),
    );
}

#[test]
fn illegal_castling_rights_and_path() {
    let path = data("illegal-castling.pgn");
    let (records, code) = check("illegal-castling.pgn", &[]);
    assert_eq!(code, 1);
    // The king went e1-e2-e1: the right was lost at ply 3 (2.Ke2); the FEN has no rights left.
    let f = assert_findings(
        &records,
        &path,
        1,
        &[err(
            "illegal-move/castling",
            11,
            "6.O-O",
            "O-O",
            9,
            57,
            "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w - - 8 6",
        )],
    );
    assert_mentions(f[0], &["ply 3", "2.Ke2"]);
    assert_game(&records, 1, "king moved", "error", 10, Some("*"));
    // The h1 rook went h1-g1-h1: the king-side right was lost at ply 5 (3.Rg1).
    let f = assert_findings(
        &records,
        &path,
        2,
        &[err(
            "illegal-move/castling",
            11,
            "6.O-O",
            "O-O",
            19,
            56,
            "r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w Qkq - 2 6",
        )],
    );
    assert_mentions(f[0], &["ply 5", "3.Rg1"]);
    assert_game(&records, 2, "rook moved", "error", 10, Some("*"));
    // The bishop still stands on f1.
    let f = assert_findings(
        &records,
        &path,
        3,
        &[err(
            "illegal-move/castling",
            3,
            "2.O-O",
            "O-O",
            29,
            15,
            "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2",
        )],
    );
    assert_mentions(f[0], &["f1"]);
    assert_game(&records, 3, "path blocked", "error", 2, Some("*"));
}

#[test]
fn illegal_castling_through_check() {
    let path = data("illegal-castling.pgn");
    let (records, code) = check("illegal-castling.pgn", &[]);
    assert_eq!(code, 1);
    // 4...Bxf2+ checks the king on e1.
    let f = assert_findings(
        &records,
        &path,
        4,
        &[err(
            "illegal-move/castling",
            9,
            "5.O-O",
            "O-O",
            39,
            49,
            "rnbqk2r/pppp1ppp/5n2/4N3/2B1P3/8/PPPP1bPP/RNBQK2R w KQkq - 0 5",
        )],
    );
    assert_mentions(f[0], &["check", "f2"]);
    assert_game(&records, 4, "in check", "error", 8, Some("*"));
    // f1 is attacked by the bishop on a6 (b5, c4, d3, e2 are empty).
    let f = assert_findings(
        &records,
        &path,
        5,
        &[err(
            "illegal-move/castling",
            9,
            "5.O-O",
            "O-O",
            49,
            44,
            "rn1qkb1r/p1pp1ppp/bp2pn2/8/4P3/5NP1/PPPP1PBP/RNBQK2R w KQkq - 2 5",
        )],
    );
    assert_mentions(f[0], &["f1", "a6"]);
    assert_game(&records, 5, "through attack", "error", 8, Some("*"));
    // g1 is attacked by the bishop on c5 (d4, e3, f2 are empty).
    let f = assert_findings(
        &records,
        &path,
        6,
        &[err(
            "illegal-move/castling",
            11,
            "6.O-O",
            "O-O",
            59,
            57,
            "rnbqk2r/ppp2ppp/5n2/2b1p3/2B1P3/5N2/PPPP2PP/RNBQK2R w KQkq - 2 6",
        )],
    );
    assert_mentions(f[0], &["g1", "c5"]);
    assert_game(&records, 6, "lands on attack", "error", 10, Some("*"));
    // White's 4.Bxh8 (ply 7) captured the h8 rook: black lost the king-side right then.
    let f = assert_findings(
        &records,
        &path,
        7,
        &[err(
            "illegal-move/castling",
            12,
            "6...O-O",
            "O-O",
            69,
            64,
            "r1bqk3/pppppp1p/2n3p1/8/8/1PB5/P1PPPPPP/RN1QKBNR b KQq - 2 6",
        )],
    );
    assert_mentions(f[0], &["ply 7", "4.Bxh8"]);
    assert_game(&records, 7, "rook captured", "error", 11, Some("*"));
}

#[test]
fn illegal_promotion() {
    let path = data("illegal-promotion.pgn");
    let (records, code) = check("illegal-promotion.pgn", &[]);
    assert_eq!(code, 1);
    let before_b7xa8 = "rnbqkb1r/pP3ppp/4pn2/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 5";
    assert_findings(
        &records,
        &path,
        1,
        &[err(
            "illegal-move/promotion",
            9,
            "5.bxa8",
            "bxa8",
            9,
            47,
            before_b7xa8,
        )],
    );
    assert_game(&records, 1, "no promotion piece", "error", 8, Some("*"));
    assert_findings(
        &records,
        &path,
        2,
        &[err(
            "illegal-move/promotion",
            7,
            "4.c7=Q",
            "c7=Q",
            19,
            36,
            "rnbqkb1r/pp2pppp/2P2n2/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4",
        )],
    );
    assert_game(&records, 2, "promotion on 7th", "error", 6, Some("*"));
    let f = assert_findings(
        &records,
        &path,
        3,
        &[err(
            "illegal-move/promotion",
            9,
            "5.bxa8=K",
            "bxa8=K",
            29,
            47,
            before_b7xa8,
        )],
    );
    assert_mentions(f[0], &["king"]);
    assert_game(&records, 3, "promotion to king", "error", 8, Some("*"));
}

#[test]
fn illegal_en_passant() {
    let (records, code) = check("illegal-en-passant.pgn", &[]);
    assert_eq!(code, 1);
    // 2...d5 was two moves ago: the right to capture en passant has expired.
    assert_findings(
        &records,
        &data("illegal-en-passant.pgn"),
        1,
        &[err(
            "illegal-move/en-passant",
            7,
            "4.exd6",
            "exd6",
            9,
            31,
            "rnbqkbnr/1pp1ppp1/p6p/3pP3/8/7P/PPPP1PP1/RNBQKBNR w KQkq - 0 4",
        )],
    );
    assert_game(&records, 1, "en passant", "error", 6, Some("*"));
}

#[test]
fn illegal_null_move() {
    let (records, code) = check("illegal-null-move.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &data("illegal-null-move.pgn"),
        1,
        &[err(
            "illegal-move/null-move",
            2,
            "1...--",
            "--",
            9,
            7,
            AFTER_E4,
        )],
    );
    assert_game(&records, 1, "null move", "error", 1, Some("*"));
}

#[test]
fn illegal_move_after_checkmate_and_stalemate() {
    let path = data("illegal-after-game-end.pgn");
    let (records, code) = check("illegal-after-game-end.pgn", &[]);
    assert_eq!(code, 1);
    let f = assert_findings(
        &records,
        &path,
        1,
        &[err(
            "illegal-move/after-game-end",
            5,
            "3.a3",
            "a3",
            9,
            24,
            FOOLS_MATE,
        )],
    );
    assert_mentions(f[0], &["checkmate"]);
    assert_game(&records, 1, "after mate", "error", 4, Some("0-1"));
    let f = assert_findings(
        &records,
        &path,
        2,
        &[err(
            "illegal-move/after-game-end",
            20,
            "10...Kf5",
            "Kf5",
            20,
            33,
            LOYD_STALEMATE,
        )],
    );
    assert_mentions(f[0], &["stalemate"]);
    assert_game(&records, 2, "after stalemate", "error", 19, Some("1/2-1/2"));
}

#[test]
fn illegal_move_in_variation() {
    let (records, code) = check("illegal-in-variation.pgn", &[]);
    assert_eq!(code, 1);
    // 1...Nd4 replaces 1...e5: ply 2 along the variation; the main line goes on to 2...Nc6.
    let mut expected = err(
        "illegal-move/no-piece",
        2,
        "1...Nd4",
        "Nd4",
        9,
        16,
        AFTER_E4,
    );
    expected = expected.in_variation();
    assert_findings(&records, &data("illegal-in-variation.pgn"), 1, &[expected]);
    assert_game(&records, 1, "variation", "error", 4, Some("*"));
    // A variation inside a variation: 2.Bc4 (ply 3) replaces 2.Nf3, 2...Nc6 (ply 4) replaces
    // 2...Nf6, so 3.Qd5 (blocked by the d2 pawn) is ply 5.
    let mut expected = err(
        "illegal-move/no-piece",
        5,
        "3.Qd5",
        "Qd5",
        19,
        42,
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3",
    );
    expected = expected.in_variation();
    assert_findings(&records, &data("illegal-in-variation.pgn"), 2, &[expected]);
    assert_game(&records, 2, "nested variation", "error", 4, Some("*"));
}

#[test]
fn main_line_replay_stops_at_first_illegal_move() {
    let (records, code) = check("illegal-replay-stops.pgn", &[]);
    assert_eq!(code, 1);
    // 3.Ke3 is illegal; 3...Nf6 4.Ke2 are not replayed (4.Ke2 would be legal from e1).
    assert_findings(
        &records,
        &data("illegal-replay-stops.pgn"),
        1,
        &[err(
            "illegal-move/no-piece",
            5,
            "3.Ke3",
            "Ke3",
            9,
            24,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        )],
    );
    assert_game(&records, 1, "replay stops", "error", 4, Some("*"));
    let s = summary_of(&records);
    assert_eq!(s.plies, 4);
    assert_eq!(s.errors, 1);
}

#[test]
fn legal_edge_cases_are_accepted() {
    let (records, code) = check("legal-edge-cases.pgn", &[]);
    assert_eq!(code, 0, "{records:#?}");
    assert!(findings_of(&records).is_empty(), "{records:#?}");
    // O-O-O is legal although b1 (crossed only by the rook) is attacked by the rook on b8.
    assert_game(
        &records,
        1,
        "long castling with b1 attacked",
        "ok",
        2,
        Some("*"),
    );
    assert_game(&records, 2, "en passant", "ok", 3, Some("*"));
}
