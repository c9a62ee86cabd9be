//! Syntax errors: every `syntax/*` code.

use super::*;

#[test]
fn syntax_unknown_tokens() {
    let path = data("syntax-unknown-token.pgn");
    let (records, code) = check("syntax-unknown-token.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &path,
        1,
        &[about_game(
            "error",
            "syntax/unknown-token",
            Some("Nf9"),
            9,
            13,
        )],
    );
    assert_game(&records, 1, "unknown piece square", "error", 2, Some("*"));
    assert_findings(
        &records,
        &path,
        2,
        &[about_game(
            "error",
            "syntax/unknown-token",
            Some("Qxx4"),
            19,
            13,
        )],
    );
    assert_game(&records, 2, "unknown double capture", "error", 2, Some("*"));
    // "1. e4 Nf9 2. Nf3 Nc6": black's first move cannot be read, so the position after it is
    // unknown; reading 2.Nf3 as black's move ("1...Nf3", "move number 2 should be 1") invents
    // findings about moves that were never made.
    assert_findings(
        &records,
        &path,
        3,
        &[about_game(
            "error",
            "syntax/unknown-token",
            Some("Nf9"),
            29,
            7,
        )],
    );
    assert_game(
        &records,
        3,
        "unknown token stops replay",
        "error",
        1,
        Some("*"),
    );
}

#[test]
fn syntax_unterminated_comment_in_game_2_of_3() {
    let path = data("syntax-unterminated-comment.pgn");
    let (records, code) = check("syntax-unterminated-comment.pgn", &[]);
    assert_eq!(code, 1);
    // Game 1 is still checked.
    assert_findings(
        &records,
        &path,
        1,
        &[err(
            "illegal-move/occupied",
            3,
            "2.Nd4",
            "Nd4",
            9,
            13,
            "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
        )],
    );
    assert_game(&records, 1, "before", "error", 2, Some("*"));
    // Game 2: the comment swallows "2. Nf3 Nc6 *".
    assert_findings(
        &records,
        &path,
        2,
        &[about_game(
            "error",
            "syntax/unterminated-comment",
            Some("{"),
            19,
            10,
        )],
    );
    assert_game(&records, 2, "unterminated", "error", 2, None);
    assert_eq!(game_record(&records, 2).line, 11);
    // Game 3 is read from its own first tag and is clean.
    assert_findings(&records, &path, 3, &[]);
    assert_game(&records, 3, "after", "ok", 7, Some("1-0"));
    assert_eq!(game_record(&records, 3).line, 22);
    let s = summary_of(&records);
    assert_eq!(s.games, 3);
    assert_eq!(s.games_with_errors, 2);
}

#[test]
fn syntax_unterminated_variation() {
    let (records, code) = check("syntax-unterminated-variation.pgn", &[]);
    assert_eq!(code, 1);
    // "1. e4 e5 (1... c5 2. Nf3 *": the variation is still open at '*', so the marker is inside
    // it and the game has no marker of its own.
    assert_findings(
        &records,
        &data("syntax-unterminated-variation.pgn"),
        1,
        &[
            about_game("error", "syntax/unterminated-variation", Some("("), 9, 10),
            about_game("error", "syntax/result-in-variation", Some("*"), 9, 26),
            about_game("error", "syntax/missing-result", None, 9, 27),
        ],
    );
    assert_game(&records, 1, "unterminated variation", "error", 2, None);
}

#[test]
fn syntax_unmatched_close() {
    let (records, code) = check("syntax-unmatched-close.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &data("syntax-unmatched-close.pgn"),
        1,
        &[about_game(
            "error",
            "syntax/unmatched-close",
            Some(")"),
            9,
            10,
        )],
    );
    assert_game(&records, 1, "unmatched close", "error", 3, Some("*"));
}

#[test]
fn syntax_missing_result() {
    let (records, code) = check("syntax-missing-result.pgn", &[]);
    assert_eq!(code, 1);
    // "1. e4 e5 2. Nf3" ends at column 15: the marker is missing at column 16.
    assert_findings(
        &records,
        &data("syntax-missing-result.pgn"),
        1,
        &[about_game("error", "syntax/missing-result", None, 9, 16)],
    );
    assert_game(&records, 1, "missing result", "error", 3, None);
}

#[test]
fn syntax_result_in_variation() {
    let (records, code) = check("syntax-result-in-variation.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &data("syntax-result-in-variation.pgn"),
        1,
        &[about_game(
            "error",
            "syntax/result-in-variation",
            Some("1-0"),
            9,
            19,
        )],
    );
    assert_game(&records, 1, "result in variation", "error", 3, Some("*"));
}

#[test]
fn syntax_text_after_result() {
    let (records, code) = check("syntax-text-after-result.pgn", &[]);
    assert_eq!(code, 1);
    // "1. e4 e5 * 2. Nf3": reported once, at the first token after '*'.
    assert_findings(
        &records,
        &data("syntax-text-after-result.pgn"),
        1,
        &[about_game(
            "error",
            "syntax/text-after-result",
            Some("2."),
            9,
            12,
        )],
    );
    assert_game(&records, 1, "text after result", "error", 2, Some("*"));
}

#[test]
fn syntax_bad_tag() {
    let (records, code) = check("syntax-bad-tag.pgn", &[]);
    assert_eq!(code, 1);
    assert_findings(
        &records,
        &data("syntax-bad-tag.pgn"),
        1,
        &[about_game(
            "error",
            "syntax/bad-tag",
            Some("[Annotator Nobody]"),
            8,
            1,
        )],
    );
    assert_game(&records, 1, "bad tag", "error", 2, Some("*"));
}
