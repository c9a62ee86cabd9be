//! Tag findings (`tag/*`, `variant/unsupported`) and results against the final position.

use super::*;

#[test]
fn tag_missing_roster_lists_every_missing_tag() {
    let (records, code) = check("tag-missing-roster.pgn", &[]);
    assert_eq!(code, 0);
    let f = assert_findings(
        &records,
        &data("tag-missing-roster.pgn"),
        1,
        &[about_game("warning", "tag/missing-roster", None, 1, 1)],
    );
    assert_mentions(f[0], &["Site", "Date", "Round", "Black", "Result"]);
    assert!(!f[0].message.as_str().contains("Event"));
    assert_eq!(f[0].white.as_deref(), Some("White"));
    assert_eq!(f[0].black, None);
    assert_game(&records, 1, "missing roster", "warning", 2, Some("*"));
}

#[test]
fn tag_bad_dates() {
    let path = data("tag-bad-date.pgn");
    let (records, code) = check("tag-bad-date.pgn", &[]);
    assert_eq!(code, 0);
    // 2023 is not a leap year.
    let f = assert_findings(
        &records,
        &path,
        1,
        &[about_game(
            "warning",
            "tag/bad-date",
            Some("[Date \"2023.02.29\"]"),
            3,
            1,
        )],
    );
    assert_mentions(f[0], &["2023.02.29"]);
    assert_game(&records, 1, "not a leap year", "warning", 1, Some("*"));
    let f = assert_findings(
        &records,
        &path,
        2,
        &[about_game(
            "warning",
            "tag/bad-date",
            Some("[EventDate \"2019.1.5\"]"),
            18,
            1,
        )],
    );
    assert_mentions(f[0], &["2019.1.5"]);
    assert_game(&records, 2, "single digits", "warning", 1, Some("*"));
    // Date "????.??.??", UTCDate "2024.??.??" and 2024.02.29 are fine.
    assert_findings(&records, &path, 3, &[]);
    assert_game(&records, 3, "unknown date", "ok", 1, Some("*"));
    assert_findings(&records, &path, 4, &[]);
    assert_game(&records, 4, "leap year", "ok", 1, Some("*"));
}

#[test]
fn tag_result_mismatch() {
    let (records, code) = check("tag-result-mismatch.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &data("tag-result-mismatch.pgn"),
        1,
        &[about_game("error", "tag/result-mismatch", Some("*"), 9, 10)],
    );
    assert_game(&records, 1, "result mismatch", "error", 2, Some("*"));
}

#[test]
fn tag_bad_result() {
    let (records, code) = check("tag-bad-result.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &data("tag-bad-result.pgn"),
        1,
        &[about_game(
            "error",
            "tag/bad-result",
            Some("[Result \"white wins\"]"),
            7,
            1,
        )],
    );
    assert_game(&records, 1, "bad result", "error", 2, Some("*"));
}

/// A FEN tag that gives no position is one `tag/bad-fen` at the field at fault (the value starts
/// in column 7, after `[FEN "`), with the reason; a castling right the position cannot have is
/// dropped (FIDE art. 3.8.2) with the `fen/castling` warning `fen --check` gives it, and the game
/// is replayed (issue 12: it was refused).
#[test]
fn tag_bad_fen_says_what_is_wrong() {
    let path = data("tag-bad-fen.pgn");
    let (records, code) = check("tag-bad-fen.pgn", &[]);
    assert_eq!(code, 1);
    let cases = [
        // A FEN has six fields; this one has seven: the seventh is at fault.
        (1, "seven fields", "extra", 9, 37, &["field"][..]),
        (
            3,
            "pawn on first rank",
            "4k3/8/8/8/8/8/8/P3K3",
            33,
            7,
            &["pawn", "a1"][..],
        ),
        // The board has nine ranks instead of eight.
        (
            4,
            "nine ranks",
            "4k3/8/8/8/8/8/8/8/4K3",
            45,
            7,
            &["rank"][..],
        ),
        (
            5,
            "unreadable castling field",
            "XYZ",
            57,
            29,
            &["castling"][..],
        ),
    ];
    let mut unclear = Vec::new();
    for (game, event, token, line, col, words) in cases {
        let f = assert_findings(
            &records,
            &path,
            game,
            &[about_game("error", "tag/bad-fen", Some(token), line, col)],
        );
        assert_game(&records, game, event, "error", 0, Some("*"));
        let message = f[0].message.as_str();
        if !words.iter().all(|w| message.contains(w)) {
            unclear.push(format!(
                "game {game} ({event}): {message:?} should mention {words:?}"
            ));
        }
    }
    assert!(unclear.is_empty(), "{unclear:#?}");
    let f = assert_findings(
        &records,
        &path,
        2,
        &[about_game("warning", "fen/castling", Some("K"), 21, 29)],
    );
    assert!(f[0].message.contains("'K' dropped"), "{}", f[0].message);
    assert_game(
        &records,
        2,
        "castling without rook",
        "warning",
        1,
        Some("*"),
    );
}

#[test]
fn tag_setup_without_fen_replays_from_start() {
    let (records, code) = check("tag-setup-without-fen.pgn", &[]);
    assert_eq!(code, 0);
    assert_findings(
        &records,
        &data("tag-setup-without-fen.pgn"),
        1,
        &[about_game(
            "warning",
            "tag/setup-without-fen",
            Some("[SetUp \"1\"]"),
            8,
            1,
        )],
    );
    assert_game(&records, 1, "setup without fen", "warning", 2, Some("*"));
}

#[test]
fn tag_fen_without_setup() {
    let (records, code) = check("tag-fen-without-setup.pgn", &[]);
    assert_eq!(code, 0);
    // 1.Kd2 Kd7 is legal from the FEN (kings only), not from the start position.
    assert_findings(
        &records,
        &data("tag-fen-without-setup.pgn"),
        1,
        &[about_game(
            "warning",
            "tag/fen-without-setup",
            Some("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]"),
            8,
            1,
        )],
    );
    assert_game(&records, 1, "fen without setup", "warning", 2, Some("*"));
}

#[test]
fn tag_fen_with_black_to_move() {
    let (records, code) = check("tag-fen-black-to-move.pgn", &[]);
    assert_eq!(code, 0);
    // FEN "4k3/8/8/8/8/8/8/4K2R b K - 0 5": ply 1 is 5...Kd7, ply 2 is 6.O-O.
    assert_findings(
        &records,
        &data("tag-fen-black-to-move.pgn"),
        1,
        &[
            warn(
                "notation/wrong-check-suffix",
                1,
                "5...Kd7+",
                "Kd7+",
                11,
                6,
                "4k3/8/8/8/8/8/8/4K2R b K - 0 5",
                "Kd7",
            ),
            warn(
                "notation/zero-castling",
                2,
                "6.0-0",
                "0-0",
                11,
                14,
                "8/3k4/8/8/8/8/8/4K2R w K - 1 6",
                "O-O",
            ),
        ],
    );
    assert_game(&records, 1, "black to move", "warning", 3, Some("*"));
}

#[test]
fn tag_chess960_castling_is_accepted() {
    let (records, code) = check("tag-chess960.pgn", &[]);
    assert_eq!(code, 0, "{records:#?}");
    assert!(findings_of(&records).is_empty(), "{records:#?}");
    // King c1/c8, rooks b and g: O-O puts the king on g1 and the rook on f1; O-O-O leaves the
    // black king on c8 and puts the rook on d8.
    assert_game(&records, 1, "x-fen", "ok", 4, Some("*"));
    assert_game(&records, 2, "shredder-fen", "ok", 4, Some("*"));
}

#[test]
fn tag_variant_crazyhouse_is_skipped() {
    let (records, code) = check("tag-variant-crazyhouse.pgn", &[]);
    assert_eq!(code, 0);
    let f = assert_findings(
        &records,
        &data("tag-variant-crazyhouse.pgn"),
        1,
        &[about_game(
            "warning",
            "variant/unsupported",
            Some("[Variant \"Crazyhouse\"]"),
            8,
            1,
        )],
    );
    assert_mentions(f[0], &["Crazyhouse"]);
    // The game ends with "*" (`result` is the marker as written); nothing is replayed.
    assert_game(&records, 1, "crazyhouse", "skipped", 0, Some("*"));
    let s = summary_of(&records);
    assert_eq!(s.games_skipped, 1);
    assert_eq!(s.errors, 0);
}

// Result against the final position.

#[test]
fn result_contradicts_position() {
    let path = data("result-contradicts-position.pgn");
    let (records, code) = check("result-contradicts-position.pgn", &[]);
    assert_eq!(code, 1);
    let result = |ply: u32, token: &str, line: u32, col: u32, fen: &str| Want {
        ply: Some(ply.into()),
        fen: Some(fen.to_owned()),
        ..about_game(
            "error",
            "result/contradicts-position",
            Some(token),
            line,
            col,
        )
    };
    let f = assert_findings(&records, &path, 1, &[result(4, "1-0", 9, 21, FOOLS_MATE)]);
    assert_mentions(f[0], &["0-1"]);
    assert_game(&records, 1, "mate wrong winner", "error", 4, Some("1-0"));
    let f = assert_findings(
        &records,
        &path,
        2,
        &[result(4, "1/2-1/2", 19, 21, FOOLS_MATE)],
    );
    assert_mentions(f[0], &["0-1"]);
    assert_game(&records, 2, "mate as draw", "error", 4, Some("1/2-1/2"));
    let f = assert_findings(
        &records,
        &path,
        3,
        &[result(19, "1-0", 30, 33, LOYD_STALEMATE)],
    );
    assert_mentions(f[0], &["stalemate"]);
    assert_game(&records, 3, "stalemate decisive", "error", 19, Some("1-0"));
}

/// A draw recorded against a checkmate played after the fivefold repetition is the right
/// result (FIDE Laws art. 9.6.1: the game was drawn then, every later move is void; it is what
/// `arbiter fix` writes), not a contradiction; before 1 July 2014 the rule did not exist and the
/// checkmate decides (found by the `repair` fuzz target: `check` reported an error in a game
/// `fix` had repaired).
#[test]
fn a_draw_by_fivefold_before_a_checkmate_is_no_contradiction() {
    let game = |date: &str| {
        format!(
            "[Event \"fivefold, then mate\"]\n[Site \"?\"]\n[Date \"{date}\"]\n[Round \"1\"]\n\
             [White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n\
             1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6\n\
             8. Ng1 Ng8 9. e4 e5 10. Qh5 Nc6 11. Bc4 Nf6 12. Qxf7# 1/2-1/2\n"
        )
    };
    let out = crate::util::run_stdin(&["check", "-"], game("2020.01.01").as_bytes());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(!text.contains("contradicts-position"), "{text}");
    let out = crate::util::run_stdin(&["check", "-"], game("2013.01.01").as_bytes());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("error[result/contradicts-position]"),
        "{text}"
    );
}
