//! Notation warnings: every `notation/*` code, and `--strict`.

use super::*;

/// A file whose only game has only `expected` warnings: exit 0, status `warning`.
fn assert_warnings_only(name: &str, event: &str, plies: u64, expected: &[Want]) {
    let (records, code) = check(name, &[]);
    assert_eq!(code, 0, "warnings do not fail: {records:#?}");
    assert_findings(&records, &data(name), 1, expected);
    assert_game(&records, 1, event, "warning", plies, Some("*"));
    let s = summary_of(&records);
    assert_eq!(s.errors, 0);
    assert_eq!(s.warnings, expected.len() as u64);
    assert_eq!(s.games_with_warnings, 1);
}

#[test]
fn notation_zero_castling() {
    assert_warnings_only(
        "notation-zero-castling.pgn",
        "zero castling",
        8,
        &[warn(
            "notation/zero-castling",
            7,
            "4.0-0",
            "0-0",
            9,
            35,
            "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "O-O",
        )],
    );
    assert_warnings_only(
        "notation-zero-castling-long.pgn",
        "zero long castling",
        10,
        &[warn(
            "notation/zero-castling",
            9,
            "5.0-0-0",
            "0-0-0",
            9,
            46,
            "r3kbnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/R3KBNR w KQkq - 6 5",
            "O-O-O",
        )],
    );
}

#[test]
fn notation_promotion_without_equals() {
    assert_warnings_only(
        "notation-promotion-without-equals.pgn",
        "promotion without equals",
        10,
        &[warn(
            "notation/promotion-without-equals",
            9,
            "5.a8Q",
            "a8Q",
            9,
            46,
            "1rbqkbnr/P1pppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR w KQk - 1 5",
            "a8=Q",
        )],
    );
}

#[test]
fn notation_ep_suffix() {
    // 2...d5 3.exd6 e.p.: the capture is legal, so the FEN has the en passant square d6; the
    // warning is about the move 3.exd6 (ply 5) and its standard SAN is exd6.
    assert_warnings_only(
        "notation-ep-suffix.pgn",
        "ep suffix",
        6,
        &[warn(
            "notation/ep-suffix",
            5,
            "3.exd6",
            "e.p.",
            9,
            27,
            "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
            "exd6",
        )],
    );
}

#[test]
fn notation_long_algebraic() {
    assert_warnings_only(
        "notation-long-algebraic.pgn",
        "long algebraic",
        4,
        &[
            warn(
                "notation/long-algebraic",
                1,
                "1.e2e4",
                "e2e4",
                9,
                4,
                START,
                "e4",
            ),
            warn(
                "notation/long-algebraic",
                2,
                "1...e7-e5",
                "e7-e5",
                9,
                9,
                AFTER_E4,
                "e5",
            ),
            warn(
                "notation/long-algebraic",
                3,
                "2.Ng1-f3",
                "Ng1-f3",
                9,
                18,
                AFTER_E4_E5,
                "Nf3",
            ),
        ],
    );
}

#[test]
fn notation_check_suffix() {
    let path = data("notation-check-suffix.pgn");
    let (records, code) = check("notation-check-suffix.pgn", &[]);
    assert_eq!(code, 0);
    // 1.e4 f6 2.Qh5+: h5-g6-f7-e8 is open.
    assert_findings(
        &records,
        &path,
        1,
        &[warn(
            "notation/wrong-check-suffix",
            3,
            "2.Qh5",
            "Qh5",
            9,
            13,
            "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "Qh5+",
        )],
    );
    assert_game(&records, 1, "missing check", "warning", 4, Some("*"));
    assert_findings(
        &records,
        &path,
        2,
        &[warn(
            "notation/wrong-check-suffix",
            1,
            "1.e4+",
            "e4+",
            19,
            4,
            START,
            "e4",
        )],
    );
    assert_game(&records, 2, "superfluous check", "warning", 2, Some("*"));
    assert_findings(
        &records,
        &path,
        3,
        &[warn(
            "notation/wrong-check-suffix",
            4,
            "2...Qh4+",
            "Qh4+",
            29,
            16,
            BEFORE_QH4,
            "Qh4#",
        )],
    );
    assert_game(&records, 3, "check for mate", "warning", 4, Some("0-1"));
    assert_findings(
        &records,
        &path,
        4,
        &[warn(
            "notation/wrong-check-suffix",
            4,
            "2...Qh4",
            "Qh4",
            39,
            16,
            BEFORE_QH4,
            "Qh4#",
        )],
    );
    assert_game(&records, 4, "missing mate", "warning", 4, Some("0-1"));
}

#[test]
fn notation_over_disambiguated() {
    assert_warnings_only(
        "notation-over-disambiguated.pgn",
        "over-disambiguated",
        2,
        &[warn(
            "notation/over-disambiguated",
            1,
            "1.Ngf3",
            "Ngf3",
            9,
            4,
            START,
            "Nf3",
        )],
    );
}

#[test]
fn notation_missing_capture() {
    let path = data("notation-missing-capture.pgn");
    let (records, code) = check("notation-missing-capture.pgn", &[]);
    assert_eq!(code, 0);
    assert_findings(
        &records,
        &path,
        1,
        &[warn(
            "notation/missing-capture",
            7,
            "4.Bc6",
            "Bc6",
            9,
            34,
            "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
            "Bxc6",
        )],
    );
    assert_game(
        &records,
        1,
        "piece capture without x",
        "warning",
        8,
        Some("*"),
    );
    assert_findings(
        &records,
        &path,
        2,
        &[warn(
            "notation/missing-capture",
            7,
            "4.bc3",
            "bc3",
            19,
            36,
            "rnbqk1nr/pppp1ppp/8/4p3/3P4/P1b5/1PP1PPPP/R1BQKBNR w KQkq - 0 4",
            "bxc3",
        )],
    );
    assert_game(
        &records,
        2,
        "pawn capture without x",
        "warning",
        8,
        Some("*"),
    );
}

#[test]
fn notation_spurious_capture() {
    assert_warnings_only(
        "notation-spurious-capture.pgn",
        "spurious capture",
        2,
        &[warn(
            "notation/spurious-capture",
            1,
            "1.Nxf3",
            "Nxf3",
            9,
            4,
            START,
            "Nf3",
        )],
    );
}

#[test]
fn notation_figurine_columns_count_code_points() {
    // "1. e4 e5 2. ♘f3 ♞c6 *": ♞ is the 17th character (the 19th byte).
    assert_warnings_only(
        "notation-figurine.pgn",
        "figurine",
        4,
        &[
            warn(
                "notation/figurine",
                3,
                "2.♘f3",
                "♘f3",
                9,
                13,
                AFTER_E4_E5,
                "Nf3",
            ),
            warn(
                "notation/figurine",
                4,
                "2...♞c6",
                "♞c6",
                9,
                17,
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
                "Nc6",
            ),
        ],
    );
}

#[test]
fn notation_king_move_castling() {
    assert_warnings_only(
        "notation-king-move-castling.pgn",
        "king move castling",
        8,
        &[warn(
            "notation/king-move-castling",
            7,
            "4.Kg1",
            "Kg1",
            9,
            35,
            "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "O-O",
        )],
    );
}

#[test]
fn notation_attached_glyph() {
    assert_warnings_only(
        "notation-attached-glyph.pgn",
        "attached glyph",
        7,
        &[warn(
            "notation/attached-glyph",
            6,
            "3...Bc5=",
            "Bc5=",
            9,
            28,
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
            "Bc5",
        )],
    );
}

#[test]
fn strict_turns_warnings_into_errors() {
    let (plain, code) = check("notation-zero-castling.pgn", &[]);
    assert_eq!(code, 0);
    let plain = findings_of(&plain);
    assert_eq!(plain[0].severity, Severity::Warning);
    let (strict, code) = check("notation-zero-castling.pgn", &["--strict"]);
    assert_eq!(code, 1, "--strict: a warning fails the run");
    // The one finding again, as an error.
    let f = findings_of(&strict);
    assert_eq!((plain.len(), f.len()), (1, 1));
    let want = Want {
        severity: Severity::Error,
        ..Want::of(plain[0])
    };
    assert_eq!(Want::of(f[0]), want);
    assert_eq!(
        (
            want.code.as_str(),
            want.ply,
            want.move_.as_deref(),
            want.token.as_deref()
        ),
        (
            "notation/zero-castling",
            Some(7),
            Some("4.0-0"),
            Some("0-0")
        )
    );
    assert_eq!(
        (want.line, want.col, want.san.as_deref()),
        (9, 35, Some("O-O"))
    );
    assert!(f.iter().all(|f| f.severity == Severity::Error));
    assert_eq!(f.len(), plain.len());
    assert_eq!(game_record(&strict, 1).status, CheckStatus::Error);
    let s = summary_of(&strict);
    assert_eq!((s.errors, s.warnings), (plain.len() as u64, 0));
    assert_eq!(s.games_with_errors, 1);
}
