//! Issue 12, "good data called broken": PGN as producers write it (ChessBase null moves in
//! variations, Arena and TCEC text between games, byte order marks where files were joined,
//! comments between tag pairs, files joined without a final newline, word-processor lookalikes)
//! is read as it was meant, with at most a warning, and no illegal move is accepted.
//!
//! Expected values come from the PGN standard and the FIDE Laws, from python-chess 1.11.2 (FENs,
//! SANs, outcomes: `python3 -c 'import chess.pgn ...'` on the same text) and from pgn-extract
//! 19.04 (`pgn-extract -s`: the games it reads), as noted at each test; never from arbiter.

use crate::contract::records::{CheckRecord, CheckStatus, Finding, Severity};
use crate::util::{TempDir, findings_of, games_of, parse_records, run, run_stdin, summary_of};

/// The Seven Tag Roster of a test game.
fn roster(event: &str, result: &str) -> String {
    format!(
        "[Event \"{event}\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n\
         [Black \"b\"]\n[Result \"{result}\"]\n\n"
    )
}

/// `arbiter check --games --format jsonl -` on `input`: the records and the exit status.
fn check(input: &[u8]) -> (Vec<CheckRecord>, i32) {
    let out = run_stdin(&["check", "-q", "--games", "--format", "jsonl", "-"], input);
    (parse_records(&out.stdout), out.status.code().expect("exit"))
}

/// The findings of `records`, as (code, severity).
fn codes(records: &[CheckRecord]) -> Vec<(String, Severity)> {
    findings_of(records)
        .iter()
        .map(|f| (f.code.clone(), f.severity))
        .collect()
}

/// The one finding with `code`.
fn the<'r>(records: &'r [CheckRecord], code: &str) -> &'r Finding {
    let found: Vec<&Finding> = findings_of(records)
        .into_iter()
        .filter(|f| f.code == code)
        .collect();
    assert_eq!(found.len(), 1, "{code}: {records:#?}");
    found[0]
}

/// 1-based line and column (characters) of the first `needle` in `text` at or after byte `from`.
fn locate(text: &str, needle: &str, from: usize) -> (u64, u64) {
    let at = from + text[from..].find(needle).expect("needle");
    let before = &text[..at];
    let line = before.matches('\n').count() as u64 + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, text[line_start..at].chars().count() as u64 + 1)
}

const SCHOLAR: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#";

// ---- null moves -------------------------------------------------------------------------------

/// A null move in a variation (ChessBase's way to show a threat) passes the turn: one warning,
/// and the variation is replayed on (4. Qxf7# is checkmate, so no `+`/`#` warning). The FENs are
/// python-chess's (`board.push(chess.Move.null())`), which reads the same text without error, as
/// does pgn-extract.
#[test]
fn null_move_in_a_variation_passes_the_turn() {
    let text = format!(
        "{}1. e4 e5 2. Nf3 (2. Bc4 -- 3. Qh5 Nc6 4. Qxf7#) 2... Nc6 *\n",
        roster("N", "*")
    );
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 0, "{records:#?}");
    assert_eq!(
        codes(&records),
        [("notation/null-move".to_owned(), Severity::Warning)]
    );
    let f = the(&records, "notation/null-move");
    assert_eq!((f.line, f.col), locate(&text, "--", 0));
    assert_eq!(f.ply, Some(4));
    assert_eq!(f.move_.as_deref(), Some("2...--"));
    assert_eq!(f.variation, Some(true));
    assert_eq!(
        f.fen.as_deref(),
        Some("rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2")
    );
    assert_eq!(games_of(&records)[0].status, CheckStatus::Warning);

    // `fen --variations`: the position after the null move, then the variation goes on.
    let out = run_stdin(&["fen", "-q", "--variations", "-"], text.as_bytes());
    let fens = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = fens
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    for want in [
        "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3",
        "r1bqkbnr/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    ] {
        assert!(lines.contains(&want), "{want} not in\n{fens}");
    }
    assert_eq!(out.status.code(), Some(0));

    // `pgn` writes it `--`, as pgn-extract and python-chess do; the export checks clean again
    // but for the same warning.
    let out = run_stdin(&["pgn", "-q", "-"], text.as_bytes());
    let exported = String::from_utf8(out.stdout).unwrap();
    assert!(
        exported.contains("(2. Bc4 -- 3. Qh5 Nc6 4. Qxf7#) 2... Nc6 *"),
        "{exported}"
    );
    let (again, code) = check(exported.as_bytes());
    assert_eq!(code, 0);
    assert_eq!(
        codes(&again),
        [("notation/null-move".to_owned(), Severity::Warning)]
    );
    // The other spellings of a null move (`Z0`, `0000`) are read the same way.
    for null in ["Z0", "0000"] {
        let other = text.replace("--", null);
        let (records, code) = check(other.as_bytes());
        assert_eq!(code, 0, "{null}");
        assert_eq!(
            the(&records, "notation/null-move").token.as_deref(),
            Some(null)
        );
    }
}

/// In the main line a null move stays an error (no such move in the Laws of Chess), and in a
/// variation it cannot be played in check (the king would stay in check: the position after it
/// is illegal, python-chess's `board.is_valid()` is false).
#[test]
fn null_move_in_the_main_line_or_in_check_stays_an_error() {
    let text = format!("{}1. e4 -- 2. d4 *\n", roster("N", "*"));
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 1);
    let f = the(&records, "illegal-move/null-move");
    assert_eq!(f.severity, Severity::Error);
    assert_eq!(f.variation, None);
    let text = format!(
        "{}1. e4 e5 2. Nf3 (2. Qh5 Nc6 3. Qxf7+ -- 4. Qxe8) 2... Nc6 *\n",
        roster("N", "*")
    );
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 1);
    let f = the(&records, "illegal-move/null-move");
    assert_eq!(f.variation, Some(true));
    assert!(f.message.contains("in check"), "{}", f.message);
    assert!(
        findings_of(&records)
            .iter()
            .all(|f| f.code != "notation/null-move")
    );
}

// ---- text between games -----------------------------------------------------------------------

/// Arena and TCEC write `; { Game Nr. ... }` lines and `{...}` blocks after the termination
/// marker. They belong to no game: two games, numbered 1 and 2, no finding; python-chess and
/// pgn-extract also read two games. The split outputs still hold every byte once.
#[test]
fn text_between_games_is_no_game() {
    let text = format!(
        "{}{SCHOLAR} 1-0\n; {{ Game Nr. 117 - 1-0 }}\n{{ Arena block\n  over two lines }}\n\n\
         {}1. f3 e5 2. g4 Qh4# 0-1\n",
        roster("A", "1-0"),
        roster("B", "0-1")
    );
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 0, "{records:#?}");
    assert!(findings_of(&records).is_empty(), "{records:#?}");
    let games = games_of(&records);
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].game, 2);
    assert_eq!(games[1].event.as_deref(), Some("B"));
    assert_eq!(games[1].line, locate(&text, "[Event \"B\"]", 0).0);

    let dir = TempDir::new("producers-between");
    let input = dir.write("in.pgn", text.as_bytes());
    let (valid, invalid) = (dir.path("valid.pgn"), dir.path("invalid.pgn"));
    let out = run(&[
        "check",
        "-q",
        input.to_str().unwrap(),
        "--valid-out",
        valid.to_str().unwrap(),
        "--invalid-out",
        invalid.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let mut both = std::fs::read(&valid).unwrap();
    both.extend(std::fs::read(&invalid).unwrap());
    assert_eq!(both, text.as_bytes());
}

/// Escape lines and comments after the last game's marker (a tool's trailer) are text after the
/// game too (PGN standard 6: an escape line is ignored), not a last, empty game.
#[test]
fn trailer_after_the_last_game_is_no_game() {
    for trailer in ["% exported by a tool\n", "; end of file\n", "{ end }\n\n"] {
        let text = format!("{}{SCHOLAR} 1-0\n{trailer}", roster("A", "1-0"));
        let (records, code) = check(text.as_bytes());
        assert_eq!(code, 0, "{trailer:?}: {records:#?}");
        assert_eq!(summary_of(&records).games, 1, "{trailer:?}");
        assert!(findings_of(&records).is_empty(), "{trailer:?}");
    }
    // Between two games, an escape line stays with the game before, as comments do.
    let text = format!(
        "{}{SCHOLAR} 1-0\n% exported by a tool\n\n{}1. f3 e5 2. g4 Qh4# 0-1\n",
        roster("A", "1-0"),
        roster("B", "0-1")
    );
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 0, "{records:#?}");
    assert_eq!(summary_of(&records).games, 2);
    assert!(findings_of(&records).is_empty());
}

// ---- byte order marks -------------------------------------------------------------------------

/// A byte order mark after leading blank lines is a warning, read as whitespace: the tags are
/// read (the Event tag, no unknown token, no second game).
#[test]
fn byte_order_mark_after_blank_lines_is_a_warning() {
    let text = format!("\n\n\u{feff}{}{SCHOLAR} 1-0\n", roster("A", "1-0"));
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 0, "{records:#?}");
    assert_eq!(
        codes(&records),
        [("encoding/bom".to_owned(), Severity::Warning)]
    );
    let f = the(&records, "encoding/bom");
    assert_eq!((f.line, f.col), (3, 1));
    let games = games_of(&records);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].event.as_deref(), Some("A"));
    assert_eq!(games[0].plies, 7);
}

/// `cat a.pgn b.pgn` where b.pgn starts with a byte order mark: a warning for game 2, with and
/// without a final newline in a.pgn (then its marker is glued to b.pgn's first tag: a second
/// warning; with a newline but no blank line, `syntax/no-blank-line`). Game 2 keeps its Event
/// tag; pgn-extract reads the same two games.
#[test]
fn byte_order_mark_where_files_were_joined() {
    let a = format!("{}{SCHOLAR} 1-0", roster("A", "1-0"));
    let b = format!("\u{feff}{}1. f3 e5 2. g4 Qh4# 0-1\n", roster("B", "0-1"));
    for (joint, glued) in [
        ("\n\n", None),
        ("\n", Some("no-blank-line")),
        ("", Some("glued-game")),
    ] {
        let text = format!("{a}{joint}{b}");
        let (records, code) = check(text.as_bytes());
        assert_eq!(code, 0, "{joint:?}: {records:#?}");
        let games = games_of(&records);
        assert_eq!(games.len(), 2, "{joint:?}");
        assert_eq!(games[1].event.as_deref(), Some("B"), "{joint:?}");
        let bom = the(&records, "encoding/bom");
        assert_eq!((bom.game, bom.severity), (2, Severity::Warning));
        assert_eq!((bom.line, bom.col), locate(&text, "\u{feff}", 0));
        let mut want = vec![("encoding/bom".to_owned(), Severity::Warning)];
        if let Some(code) = glued {
            want.push((format!("syntax/{code}"), Severity::Warning));
        }
        let mut got = codes(&records);
        got.sort_by(|x, y| x.0.cmp(&y.0));
        assert_eq!(got, want, "{joint:?}");
    }
}

/// A byte order mark, then a `%` escape line and `;` comment lines before the first tag pair:
/// the `%` is in the first column of its line when the mark is not counted, so the line is
/// ignored (PGN standard 6), and the comments are comments (standard 5). No finding at all: the
/// mark is the input's own.
#[test]
fn byte_order_mark_escape_line_and_comments_before_the_tags() {
    let text = format!(
        "\u{feff}% written by a database program\n; a comment line\n; another\n{}{SCHOLAR} 1-0\n",
        roster("A", "1-0")
    );
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 0, "{records:#?}");
    assert!(findings_of(&records).is_empty(), "{records:#?}");
    let games = games_of(&records);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].event.as_deref(), Some("A"));
}

// ---- comments between tag pairs ---------------------------------------------------------------

/// Comments may stand anywhere between tokens (PGN standard 5): a `;` line or a `{...}` comment
/// between tag pairs leaves one game with all its tags.
#[test]
fn comments_between_tag_pairs_leave_one_game() {
    let text = "[Event \"a\"]\n; produced by some tool\n[Site \"?\"]\n{ a note }\n\
                [Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n{ two\nlines }\n[Black \"b\"]\n\
                [Result \"*\"]\n\n1. e4 *\n";
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 0, "{records:#?}");
    assert!(findings_of(&records).is_empty(), "{records:#?}");
    let games = games_of(&records);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].white.as_deref(), Some("w"));
    assert_eq!(games[0].black.as_deref(), Some("b"));
    assert_eq!(games[0].plies, 1);
}

// ---- tag sections without movetext --------------------------------------------------------------

/// lichess broadcast exports (scalachess's FWWRC fixture) write games given by their tags only:
/// a tag section, a blank line, the next tag section. Each is one game of no moves with the
/// Result tag's result and a warning. The PGN standard (8.2.6) asks for a termination marker,
/// so other readers differ: python-chess 1.11.2 reads the whole file as one game, pgn-extract
/// 19.04 as no game ("0 games matched out of 0") — both lose games lichess meant. Without a
/// Result tag holding a marker the game has no result: an error.
#[test]
fn tag_sections_without_movetext_are_games_with_a_warning() {
    let text = format!("{}{}", roster("a", "0-1"), roster("b", "1/2-1/2"));
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 0, "{records:#?}");
    let games = games_of(&records);
    assert_eq!(games.len(), 2);
    assert_eq!(
        codes(&records),
        vec![("syntax/tags-only".to_owned(), Severity::Warning); 2]
    );
    assert_eq!(games.iter().map(|g| g.plies).collect::<Vec<_>>(), [0, 0]);

    let text = format!("{}{}", roster("a", "?"), "[Event \"b\"]\n\n");
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 1, "{records:#?}");
    assert_eq!(
        codes(&records),
        vec![
            ("tag/bad-result".to_owned(), Severity::Error),
            ("syntax/missing-result".to_owned(), Severity::Error),
            ("tag/missing-roster".to_owned(), Severity::Warning),
            ("syntax/missing-result".to_owned(), Severity::Error),
        ]
    );
}

// ---- a termination marker glued to the next tag -----------------------------------------------

/// `4. Qxf7# 1-0[Event "B"]` (files joined without a final newline): two games, a warning at
/// the second game's `[`, and game 2 keeps its Event tag; pgn-extract reads the same two games
/// (python-chess loses game 2's tags). The outputs still hold every byte once.
#[test]
fn marker_glued_to_the_next_tag_gives_two_games() {
    let text = format!(
        "{}{SCHOLAR} 1-0[Event \"B\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"2\"]\n\
         [White \"w\"]\n[Black \"b\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
        roster("A", "1-0")
    );
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 0, "{records:#?}");
    assert_eq!(
        codes(&records),
        [("syntax/glued-game".to_owned(), Severity::Warning)]
    );
    let f = the(&records, "syntax/glued-game");
    assert_eq!((f.game, f.line, f.col), {
        let (l, c) = locate(&text, "[Event \"B\"]", 0);
        (2, l, c)
    });
    let games = games_of(&records);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].status, CheckStatus::Ok);
    assert_eq!(games[0].plies, 7);
    assert_eq!(games[1].event.as_deref(), Some("B"));
    assert_eq!(games[1].plies, 4);
    assert_eq!(games[1].offset, text.find("[Event \"B\"]").unwrap() as u64);

    let dir = TempDir::new("producers-glued");
    let input = dir.write("in.pgn", text.as_bytes());
    let (valid, invalid) = (dir.path("valid.pgn"), dir.path("invalid.pgn"));
    run(&[
        "check",
        "-q",
        "--strict",
        input.to_str().unwrap(),
        "--valid-out",
        valid.to_str().unwrap(),
        "--invalid-out",
        invalid.to_str().unwrap(),
    ]);
    let valid = std::fs::read_to_string(valid).unwrap();
    let invalid = std::fs::read_to_string(invalid).unwrap();
    // With --strict the warning makes game 2 invalid: the cut is in the middle of the line.
    assert!(valid.ends_with("Qxf7# 1-0"), "{valid}");
    assert!(invalid.starts_with("[Event \"B\"]"), "{invalid}");
    assert_eq!(format!("{valid}{invalid}"), text);
}

/// `a5*[Event "B"]` and a space before the `[` give two games as well.
#[test]
fn star_and_spaces_before_the_glued_tag() {
    for joint in ["*[Event \"B\"]", "* [Event \"B\"]", "1-0  [Event \"B\"]"] {
        let text = format!("[Event \"A\"]\n\n1. e4 {joint}\n\n1. d4 *\n");
        let (records, _) = check(text.as_bytes());
        let games = games_of(&records);
        assert_eq!(games.len(), 2, "{joint}");
        assert_eq!(games[1].event.as_deref(), Some("B"), "{joint}");
    }
}

// ---- lookalikes and shorthand -----------------------------------------------------------------

/// `o-o`, `O‑O` (U+2011 non-breaking hyphen), a no-break space between moves and `½-½`: read as
/// `O-O`, a space and `1/2-1/2`, one warning each naming the standard form, and the replay goes
/// on to the end (12 plies: python-chess on the same game written in standard notation; its
/// SANs and FENs before the castling moves).
#[test]
fn lookalike_characters_are_read_as_meant() {
    let text = format!(
        "{}1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. o-o Nf6 5. d3 O\u{2011}O 6. Nc3\u{a0}d6 ½-½\n",
        roster("L", "1/2-1/2")
    );
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 0, "{records:#?}");
    let mut got = codes(&records);
    got.sort_by(|x, y| x.0.cmp(&y.0));
    let w = Severity::Warning;
    assert_eq!(
        got,
        [
            ("encoding/no-break-space".to_owned(), w),
            ("notation/lookalike-castling".to_owned(), w),
            ("notation/lookalike-castling".to_owned(), w),
            ("syntax/nonstandard-result".to_owned(), w),
        ]
    );
    let castles: Vec<&Finding> = findings_of(&records)
        .into_iter()
        .filter(|f| f.code == "notation/lookalike-castling")
        .collect();
    assert_eq!(castles[0].ply, Some(7));
    assert_eq!(castles[0].san.as_deref(), Some("O-O"));
    assert_eq!(
        castles[0].fen.as_deref(),
        Some("r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
    );
    assert_eq!(castles[1].ply, Some(10));
    assert_eq!(castles[1].san.as_deref(), Some("O-O"));
    assert_eq!(castles[1].token.as_deref(), Some("O\u{2011}O"));
    let nbsp = the(&records, "encoding/no-break-space");
    assert_eq!((nbsp.line, nbsp.col), locate(&text, "\u{a0}", 0));
    let result = the(&records, "syntax/nonstandard-result");
    assert!(
        result.message.contains("read as 1/2-1/2"),
        "{}",
        result.message
    );
    let games = games_of(&records);
    assert_eq!(games[0].plies, 12);
    assert_eq!(games[0].result.as_deref(), Some("1/2-1/2"));
}

/// One bad result token gives one finding (a warning), not bad-result + unknown-token +
/// missing-result: `1/2` (newyork1924's pgnviewer file), `1–0` (en dash), `0.5-0.5`. With a
/// Result tag written the same way, the tag gets its own warning; the two agree.
#[test]
fn lookalike_results_give_one_warning_each() {
    for (written, standard, moves) in [
        ("1/2", "1/2-1/2", "1. e4 e5"),
        ("1\u{2013}0", "1-0", SCHOLAR),
        ("0.5-0.5", "1/2-1/2", "1. d4 d5"),
        ("\u{bd}-\u{bd}", "1/2-1/2", "1. c4 c5"),
    ] {
        let text = format!("{}{moves} {written}\n", roster("R", standard));
        let (records, code) = check(text.as_bytes());
        assert_eq!(code, 0, "{written}: {records:#?}");
        assert_eq!(
            codes(&records),
            [("syntax/nonstandard-result".to_owned(), Severity::Warning)],
            "{written}"
        );
        let f = the(&records, "syntax/nonstandard-result");
        assert_eq!(
            (f.line, f.col),
            locate(&text, written, text.rfind(written).unwrap())
        );
        assert_eq!(f.token.as_deref(), Some(written));
        assert_eq!(games_of(&records)[0].result.as_deref(), Some(standard));

        let text = format!("{}{moves} {written}\n", roster("R", written));
        let (records, code) = check(text.as_bytes());
        assert_eq!(code, 0, "{written}: {records:#?}");
        let mut got = codes(&records);
        got.sort_by(|x, y| x.0.cmp(&y.0));
        assert_eq!(
            got,
            [
                ("syntax/nonstandard-result".to_owned(), Severity::Warning),
                ("tag/nonstandard-result".to_owned(), Severity::Warning),
            ],
            "{written}"
        );
    }
    // A result tag that stands for another result than the marker's is still a mismatch.
    let text = format!("{}1. e4 e5 1\u{2013}0\n", roster("R", "1/2"));
    let (records, code) = check(text.as_bytes());
    assert_eq!(code, 1);
    assert_eq!(
        the(&records, "tag/result-mismatch").severity,
        Severity::Error
    );
}

/// Games without tags one per line, ended by lookalike markers, are split there as by the
/// standard markers (the splitter knows the same markers as the lexer).
#[test]
fn lookalike_markers_end_games_without_tags() {
    let text = "1. e4 e5 ½-½\n1. d4 d5 1\u{2013}0\n1. c4 *\n";
    let (records, _) = check(text.as_bytes());
    let games = games_of(&records);
    assert_eq!(games.len(), 3, "{records:#?}");
    assert!(
        findings_of(&records)
            .iter()
            .all(|f| f.severity == Severity::Warning && f.code != "syntax/text-after-result"),
        "{records:#?}"
    );
}

// ---- results the position gives ---------------------------------------------------------------

/// A game that ends in checkmate or stalemate but is recorded `*`: a warning naming the result
/// the position gives (python-chess: `board.outcome().result()`, 1-0 after the scholar's mate,
/// 1/2-1/2 after Sam Loyd's ten-move stalemate, `board.is_stalemate()`).
#[test]
fn star_for_a_finished_game_names_the_result() {
    for (moves, result, word) in [
        (SCHOLAR, "1-0", "checkmated"),
        (
            "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 \
             8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6",
            "1/2-1/2",
            "stalemated",
        ),
    ] {
        let text = format!("{}{moves} *\n", roster("S", "*"));
        let (records, code) = check(text.as_bytes());
        assert_eq!(code, 0, "{records:#?}");
        assert_eq!(
            codes(&records),
            [("result/unrecorded".to_owned(), Severity::Warning)]
        );
        let f = the(&records, "result/unrecorded");
        assert!(f.message.contains(word), "{}", f.message);
        assert!(
            f.message.contains(&format!("the result is {result}")),
            "{}",
            f.message
        );
    }
    // Not finished: no warning.
    let text = format!("{}1. e4 e5 *\n", roster("S", "*"));
    assert!(findings_of(&check(text.as_bytes()).0).is_empty());
}

/// On the shared corpus, the games recorded `*` that end in checkmate or stalemate are the
/// games python-chess finds (1.11.2, every file: games it reads without error, of standard
/// chess or Chess960, Result `*`, `board.is_checkmate() or board.is_stalemate()` at the end of
/// the main line): 1031, all in puzzle and lesson collections, per file as below.
#[test]
fn unrecorded_results_on_the_corpus_agree_with_python_chess() {
    let Some(corpus) = crate::util::corpus("result/unrecorded on the corpus") else {
        return;
    };
    const EXPECTED: &[(&str, u64)] = &[
        ("pgnextract_eco.pgn", 2),
        (
            "pychessdeb_lessons_2nd-part-game-puzzles-with-interactive-lessons.pgn",
            2,
        ),
        ("pychessdeb_lessons_beautiful-checkmate-puzzles.pgn", 27),
        ("pychessdeb_lessons_beautiful-chess-studies-1.pgn", 32),
        ("pychessdeb_lessons_beautiful-chess-studies-2.pgn", 23),
        (
            "pychessdeb_lessons_beta-lichess-practice-checkmating-with-a-knight-and-bishop.pgn",
            2,
        ),
        (
            "pychessdeb_lessons_beta-lichess-practice-queen-vs-7th-rank-pawn.pgn",
            7,
        ),
        ("pychessdeb_lessons_charles-xii-at-bender.pgn", 4),
        (
            "pychessdeb_lessons_game-puzzles-with-interactive-lessons.pgn",
            5,
        ),
        (
            "pychessdeb_puzzles_lichess-practice-checkmate-patterns-iii.pgn",
            1,
        ),
        (
            "pychessdeb_puzzles_lichess-practice-checkmate-patterns-iv.pgn",
            2,
        ),
        ("pychessdeb_puzzles_lichess-practice-double-check.pgn", 3),
        ("pychessdeb_puzzles_lichess-practice-greek-gift.pgn", 1),
        ("pychessdeb_puzzles_lichess-practice-interference.pgn", 1),
        (
            "pychessdeb_puzzles_lichess-practice-piece-checkmates-i.pgn",
            3,
        ),
        (
            "pychessdeb_puzzles_lichess-practice-piece-checkmates-ii.pgn",
            2,
        ),
        ("pychessdeb_puzzles_mate_in_2.pgn", 166),
        ("pychessdeb_puzzles_mate_in_3.pgn", 375),
        ("pychessdeb_puzzles_mate_in_4.pgn", 373),
    ];
    let out = run(&[
        "check",
        "-q",
        "-j2",
        "--format",
        "jsonl",
        corpus.join("games").to_str().unwrap(),
        corpus.join("edge").to_str().unwrap(),
    ]);
    let records: Vec<CheckRecord> = parse_records(&out.stdout);
    let mut found = std::collections::BTreeMap::new();
    for f in findings_of(&records) {
        if f.code == "result/unrecorded" {
            let name = f.file.rsplit('/').next().unwrap().to_owned();
            *found.entry(name).or_insert(0u64) += 1;
        }
    }
    let expected: std::collections::BTreeMap<String, u64> = EXPECTED
        .iter()
        .map(|(f, n)| ((*f).to_owned(), *n))
        .collect();
    assert_eq!(found, expected);
    assert_eq!(expected.values().sum::<u64>(), 1031);
}
