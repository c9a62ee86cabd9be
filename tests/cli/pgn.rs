//! Integration tests for `arbiter pgn` (issue 4): clean PGN export, `--from-fen` and
//! `--from-sequence`.
//!
//! `testdata/pgn/messy.expected.pgn` was written from the PGN standard (export format): the
//! SAN of every move of `messy.pgn` (`0-0` → `O-O`, `axb1Q` → `axb1=Q`, `Ng1f3` → `Ngf3`,
//! `Nd2e4` → `Nde4`, `+` added to `Bxf7`, `Ng5`, `Qb1`, `Qf1` and removed from `Rxf6`) and the
//! structure (comments, NAGs, nested variation) were cross-checked with python-chess 1.11.2
//! (`chess.pgn.read_game` of the expected file gives the same main-line SAN list and no errors).
//! `sequence.fen` holds the positions after every ply of game 1 of `twic944-300.pgn`, written
//! by python-chess.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use crate::util::{TempDir, check_jsonl, findings, parse_jsonl, run, run_stdin, testdata};

fn data(name: &str) -> String {
    testdata(&format!("pgn/{name}"))
        .to_str()
        .expect("utf-8 path")
        .to_owned()
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

/// Runs `arbiter pgn -q <args>`: standard output, standard error, exit code.
fn pgn(args: &[&str]) -> (String, String, i32) {
    let mut all = vec!["pgn", "-q"];
    all.extend_from_slice(args);
    let out = run(&all);
    (
        String::from_utf8(out.stdout).expect("utf-8 output"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().expect("exit code"),
    )
}

fn assert_short_lines(text: &str) {
    for (i, line) in text.lines().enumerate() {
        assert!(
            line.chars().count() <= 80,
            "line {} has {} characters: {line}",
            i + 1,
            line.chars().count()
        );
    }
}

/// (game, code) of every error `arbiter check` reports, and the main-line plies per game.
fn check_errors(path: &Path) -> (BTreeSet<(u64, String)>, Vec<u64>) {
    let (records, _) = check_jsonl(path, &["--games"]);
    let errors = findings(&records)
        .into_iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| {
            (
                f["game"].as_u64().expect("game"),
                f["code"].as_str().expect("code").to_owned(),
            )
        })
        .collect();
    let plies = records
        .iter()
        .filter(|r| r["type"] == "game")
        .map(|r: &Value| r["plies"].as_u64().expect("plies"))
        .collect();
    (errors, plies)
}

#[test]
fn pgn_export_messy_game_golden() {
    let (out, err, code) = pgn(&[&data("messy.pgn")]);
    let expected = std::fs::read_to_string(data("messy.expected.pgn")).expect("expected");
    assert_eq!(out, expected);
    assert_eq!(err, "");
    assert_eq!(code, 0);
    assert_short_lines(&out);
}

#[test]
fn pgn_export_messy_game_is_clean_for_check() {
    let dir = TempDir::new("pgn-messy");
    let (out, _, _) = pgn(&[&data("messy.pgn")]);
    let exported = dir.write("messy.pgn", out.as_bytes());
    let (records, code) = check_jsonl(&exported, &[]);
    assert_eq!(code, 0);
    assert!(findings(&records).is_empty(), "{records:?}");
}

/// export(export(x)) == export(x), the export has no errors but those of the input, and every
/// game keeps its main line (same plies accepted by `arbiter check`).
fn round_trip(input: &Path, name: &str) {
    let dir = TempDir::new(name);
    let (once, _, _) = pgn(&[path_str(input)]);
    assert_short_lines(&once);
    let first = dir.write("once.pgn", once.as_bytes());
    let (twice, err, code) = pgn(&[path_str(&first)]);
    assert_eq!(err, "");
    assert_eq!(code, 0);
    assert!(twice == once, "export is not idempotent for {name}");
    let (input_errors, input_plies) = check_errors(input);
    let (export_errors, export_plies) = check_errors(&first);
    assert!(
        export_errors.is_subset(&input_errors),
        "new errors: {:?}",
        export_errors.difference(&input_errors).collect::<Vec<_>>()
    );
    assert_eq!(export_plies, input_plies);
}

#[test]
fn pgn_export_round_trip_twic() {
    round_trip(&testdata("twic944-300.pgn"), "pgn-twic");
}

#[test]
fn pgn_export_round_trip_immortal_games() {
    round_trip(&testdata("immortal-games.pgn"), "pgn-immortal");
}

#[test]
fn pgn_export_twic_is_valid_and_same_games() {
    let dir = TempDir::new("pgn-twic-valid");
    let (out, err, code) = pgn(&["-j", "3", path_str(&testdata("twic944-300.pgn"))]);
    assert_eq!((err.as_str(), code), ("", 0));
    let exported = dir.write("twic.pgn", out.as_bytes());
    let (records, code) = check_jsonl(&exported, &[]);
    assert_eq!(code, 0);
    assert!(findings(&records).is_empty());
    assert_eq!(out.matches("\n[Event ").count() + 1, 300);
}

#[test]
fn pgn_export_drops_comments_variations_nags() {
    let (out, _, code) = pgn(&[
        "--no-comments",
        "--no-variations",
        "--no-nags",
        &data("messy.pgn"),
    ]);
    assert_eq!(code, 0);
    let movetext = out.split("\n\n").nth(1).expect("movetext");
    assert!(!movetext.contains(['{', '(', '$']), "{movetext}");
    assert!(movetext.starts_with("1. d4 e5 2. Nd2 exd4 3. Ngf3"));
    // Without comments and NAGs, no black move needs its number repeated.
    assert!(!movetext.contains("..."), "{movetext}");
    assert!(movetext.trim_end().ends_with("23. Kxf1 fxg5 0-1"));
}

#[test]
fn pgn_export_illegal_move_cuts_the_game() {
    let input = b"[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 Nc6 3. Nf3 1-0\n";
    let out = run_stdin(&["pgn"], input);
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout.contains("[Result \"*\"]"), "{stdout}");
    assert!(
        stdout.ends_with(
            "\n\n1. e4 e5 {arbiter: illegal move 2.Ke3: no white king can move to e3; the game's\n\
             result was 1-0} *\n\n"
        ),
        "{stdout}"
    );
    assert!(
        stderr.contains("-:4:13: error[illegal-move/no-piece]: illegal move 2.Ke3: no white king can move to e3; the game is exported up to it, with result * [game 1"),
        "{stderr}"
    );
    let valid = run_stdin(&["pgn", "--valid-only"], input);
    assert_eq!(valid.status.code(), Some(1));
    assert!(valid.stdout.is_empty());
    assert!(String::from_utf8_lossy(&valid.stderr).contains("game left out"));
}

#[test]
fn pgn_export_valid_only_skips_bad_games() {
    let (out, err, code) = pgn(&["--valid-only", path_str(&testdata("immortal-games.pgn"))]);
    assert_eq!(code, 1);
    // Text findings: `path:line:col: error[code]: message [game N: ...]`.
    let bad: BTreeSet<&str> = err
        .lines()
        .filter(|l| !l.starts_with("summary: "))
        .map(|l| l.rsplit(" [game ").next().expect("game field"))
        .map(|g| g.split([':', ',', ']']).next().expect("game number"))
        .collect();
    assert!(!bad.is_empty());
    let games = out.matches("[Event ").count();
    assert_eq!(games + bad.len(), 36, "{err}");
    assert!(
        err.contains(&format!("({} skipped)", bad.len()))
            || err.contains(&format!("{} skipped)", bad.len())),
        "{err}"
    );
    // JSON Lines: the same games, named by number, and the summary counts them as skipped.
    let (out2, err, code) = pgn(&[
        "--valid-only",
        "--format",
        "jsonl",
        path_str(&testdata("immortal-games.pgn")),
    ]);
    assert_eq!(code, 1);
    assert_eq!(out2, out);
    let records = parse_jsonl(err.as_bytes());
    let games_left_out: BTreeSet<u64> = records
        .iter()
        .filter(|r| r["type"] == "finding")
        .inspect(|r| assert!(r["message"].as_str().unwrap().ends_with("; game left out")))
        .map(|r| r["game"].as_u64().unwrap())
        .collect();
    assert_eq!(games_left_out.len(), bad.len());
    let summary = records.last().unwrap();
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["games"], 36);
    assert_eq!(summary["games_skipped"], bad.len() as u64);
}

#[test]
fn pgn_export_findings_formats_and_output_file() {
    let dir = TempDir::new("pgn-formats");
    let input = dir.write(
        "in.pgn",
        b"[Event \"x\"]\n[White \"A\"]\n\n1. e4 e5 (1... c5 2. Kc3) 2. Ke3 Nc6 1-0\n\n\
          [Event \"y\"]\n\n1. d4 d5 *\n",
    );
    let output = dir.path("out.pgn");
    let out = run(&[
        "pgn",
        "-q",
        "--format",
        "jsonl",
        "-o",
        output.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    // With -o, the PGN goes to the file and the findings to standard output.
    let pgn_text = std::fs::read_to_string(&output).unwrap();
    assert_eq!(pgn_text.matches("[Event ").count(), 2);
    assert!(pgn_text.contains("{arbiter: illegal move 2.Ke3: no white king can move to e3"));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records = parse_jsonl(&out.stdout);
    let findings: Vec<&Value> = records.iter().filter(|r| r["type"] == "finding").collect();
    assert_eq!(findings.len(), 2, "{records:?}");
    // The variation's illegal move, then the main line's: check's keys and codes.
    assert_eq!(findings[0]["code"], "illegal-move/no-piece");
    assert_eq!(findings[0]["variation"], true);
    assert_eq!(findings[0]["ply"], 3);
    assert_eq!(findings[0]["move"], "2.Kc3");
    assert_eq!(findings[0]["line"], 4);
    assert_eq!(findings[0]["col"], 22);
    assert_eq!(findings[1]["code"], "illegal-move/no-piece");
    assert_eq!(findings[1]["ply"], 3);
    assert_eq!(findings[1]["move"], "2.Ke3");
    assert_eq!(findings[1]["token"], "Ke3");
    assert_eq!(
        findings[1]["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(findings[1]["white"], "A");
    assert_eq!(findings[1]["game"], 1);
    let summary = records.last().unwrap();
    assert_eq!(summary["games"], 2);
    assert_eq!(summary["games_with_errors"], 1);
    assert_eq!(summary["errors"], 2);
    // CSV: check's header and columns.
    let out = run(&["pgn", "-q", "--format", "csv", input.to_str().unwrap()]);
    let text = String::from_utf8(out.stderr).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        [
            "severity",
            "code",
            "file",
            "game",
            "ply",
            "move",
            "token",
            "line",
            "col",
            "fen",
            "message",
            "variation",
            "event",
            "white",
            "black",
            "san"
        ]
    );
    assert_eq!(reader.records().count(), 2);
    // -o refuses to overwrite an input.
    let out = run(&[
        "pgn",
        "-o",
        input.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("refusing to overwrite"));
}

#[test]
fn pgn_export_variation_numbers_and_glyphs() {
    let input = b"1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) 2. Nf3 $1 Nc6 {ok} ; eol\n\
                  3. Bb5 +- a6 ?? *\n";
    let out = run_stdin(&["pgn"], input);
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let movetext = stdout.split("\n\n").nth(1).expect("movetext");
    assert_eq!(
        movetext,
        "1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) 2. Nf3 $1 2... Nc6 {ok} {eol}\n\
         3. Bb5 $18 3... a6 $4 *"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn pgn_export_deep_variations_do_not_overflow() {
    let depth = 20_000;
    let mut input = String::from("1. e4 e5 2. Nf3 Nc6 ");
    for _ in 0..depth {
        input.push_str("(2... Nf6 ");
    }
    input.push_str(&")".repeat(depth));
    input.push_str(" *\n");
    let out = run_stdin(&["pgn"], input.as_bytes());
    // Variations are kept to the depth every subcommand replays (64); the deeper ones are left
    // out with one finding, so output and memory stay bounded (issue 13).
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(stdout.matches('(').count(), 64);
    assert_eq!(stdout.matches(')').count(), 64);
    assert_short_lines(&stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.matches("syntax/variation-too-deep").count(),
        1,
        "{stderr}"
    );
    assert!(stderr.contains("they are left out"), "{stderr}");
}

#[test]
fn pgn_export_comment_words_never_start_a_line_with_percent_or_bracket() {
    let long = "word ".repeat(15);
    let input = format!("1. e4 {{{long}[%clk 0:10:00] [Event x] %escape}} e5 *\n");
    let out = run_stdin(&["pgn"], input.as_bytes());
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let movetext = stdout.split("\n\n").nth(1).expect("movetext");
    for line in movetext.lines() {
        assert!(!line.starts_with(['%', '[']), "{movetext}");
    }
    assert_short_lines(&stdout);
}

#[test]
fn pgn_from_fen_golden() {
    let (out, err, code) = pgn(&["--from-fen", &data("positions.epd")]);
    let expected = std::fs::read_to_string(data("positions.expected.pgn")).expect("expected");
    assert_eq!(out, expected);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "{}:4:1: error[fen/kings]: each side needs exactly one king; White has 0, Black has 0 [game 3]\n\
             summary: 4 FEN lines: 1 with errors\n",
            data("positions.epd")
        )
    );
    assert!(out.contains("[Event \"BK.01\"]"));
    assert!(
        out.contains(
            "[FEN \"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\"]"
        )
    );
}

#[test]
fn pgn_from_sequence_gives_back_the_main_line() {
    let (seq, err, code) = pgn(&["--from-sequence", &data("sequence.fen")]);
    assert_eq!((err.as_str(), code), ("", 0));
    // From the standard start: no SetUp or FEN tag (PGN standard 9.7.1).
    assert!(!seq.contains("[SetUp ") && !seq.contains("[FEN "), "{seq}");
    let seq_moves = seq.split("\n\n").nth(1).expect("movetext");
    // Game 1 of the TWIC sample, exported without annotations.
    let (game, _, _) = pgn(&[
        "--no-comments",
        "--no-variations",
        "--no-nags",
        path_str(&testdata("twic944-300.pgn")),
    ]);
    let game_moves = game.split("\n\n").nth(1).expect("movetext");
    let words = |t: &str| -> Vec<String> {
        let mut w: Vec<String> = t.split_whitespace().map(str::to_owned).collect();
        w.pop(); // termination marker
        w
    };
    assert_eq!(words(seq_moves), words(game_moves));
    assert_eq!(words(seq_moves).len(), 75 + 38);
}

#[test]
fn pgn_from_sequence_explains_broken_pairs() {
    let (out, err, code) = pgn(&["--from-sequence", &data("sequence-broken.fen")]);
    assert_eq!(code, 1);
    let file = data("sequence-broken.fen");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 4, "{err}");
    assert_eq!(
        lines[0],
        format!(
            "{file}:4:1: error[fen/sequence-gap]: no legal move leads from line 3 to line 4: the positions are two plies apart (e5 Nf3): a position is missing between them; a new game starts at line 4 [game 3]"
        )
    );
    assert!(
        lines[1]
            .contains(":7:1: error[fen/sequence-gap]: no legal move leads from line 6 to line 7: Black to move in both lines")
    );
    assert!(lines[2].contains(":10:1: ") && lines[2].contains("castling rights differ"));
    assert_eq!(lines[3], "summary: 7 FEN lines: 3 with errors");
    // JSON Lines: the same findings with `line` and the FEN as written, and a summary.
    let (out2, err, code) = pgn(&[
        "--from-sequence",
        &data("sequence-broken.fen"),
        "--format",
        "jsonl",
    ]);
    assert_eq!((code, &out2), (1, &out));
    let records = parse_jsonl(err.as_bytes());
    let lines: Vec<u64> = records
        .iter()
        .filter(|r| r["code"] == "fen/sequence-gap")
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [4, 7, 10]);
    assert_eq!(records.last().unwrap()["games"], 7);
    assert!(out.starts_with("[Event \"?\"]"));
    assert_short_lines(&out);
}

/// An EPD `id` names the game after six fields as after four (`FEN 1 1 id "x";`): the counters
/// are the fields (an `hmvc` beside them is not read), the id the Event.
#[test]
fn pgn_from_fen_reads_the_id_after_six_fields() {
    let epd = "7k/8/6Q1/8/8/8/8/K7 b - - 1 1 id \"six\"; hmvc 9;\n\
               7k/8/6Q1/8/8/8/8/K7 b - - id \"four\"; hmvc 3; fmvn 7;\n";
    let out = run_stdin(&["pgn", "--from-fen", "-"], epd.as_bytes());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let games: Vec<&str> = text.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 2, "{text}");
    assert!(games[0].starts_with("\"six\"]"), "{text}");
    assert!(
        games[0].contains("[FEN \"7k/8/6Q1/8/8/8/8/K7 b - - 1 1\"]"),
        "{text}"
    );
    assert!(games[1].starts_with("\"four\"]"), "{text}");
    assert!(
        games[1].contains("[FEN \"7k/8/6Q1/8/8/8/8/K7 b - - 3 7\"]"),
        "{text}"
    );
}

/// Runs `arbiter pgn` on `pgn` (as a file): the games it writes.
fn export_text(pgn: &str) -> String {
    let dir = TempDir::new("pgn-fixed-point");
    let input = dir.write("in.pgn", pgn.as_bytes());
    let (out, err, code) = self::pgn(&[path_str(&input)]);
    assert_eq!(code, 0, "{err}");
    out
}

/// `--from-fen` writes the result a position decides, as `arbiter pgn` does for a game that
/// ends there (issue 31): a checkmated side to move loses (FIDE Laws art. 5.1.1), a stalemate is
/// drawn (art. 5.2.1), in the Result tag and as the termination marker; a position that decides
/// nothing stays `*`. `arbiter pgn` of the output is the output (a fixed point).
#[test]
fn pgn_from_fen_writes_the_result_a_position_decides() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n\
               7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n\
               6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30\n";
    let out = run_stdin(&["pgn", "-q", "--from-fen", "-"], fen.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let games: Vec<&str> = text.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 3, "{text}");
    for (game, result) in games.iter().zip(["0-1", "1/2-1/2", "*"]) {
        assert!(
            game.contains(&format!("[Result \"{result}\"]")),
            "{result}: {game}"
        );
        assert!(
            game.trim_end().ends_with(&format!("\n{result}")),
            "{result}: {game}"
        );
    }
    assert_eq!(export_text(&text), text);
}

/// `--from-sequence` from the standard starting position writes no SetUp or FEN tag (PGN
/// standard 9.7.1: they are for games that start elsewhere), and the result the last position
/// decides: Fool's Mate, 1. f3 e5 2. g4 Qh4#, ends 0-1 (art. 5.1.1). A sequence from another
/// position keeps them; so does one from the standard board with another move number (the
/// numbers of its moves come from the FEN). `arbiter pgn` of the output is the output.
#[test]
fn pgn_from_sequence_from_the_start_has_no_fen_and_a_decided_result() {
    let seq = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
               rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1\n\
               rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2\n\
               rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2\n\
               rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n\
               \n\
               rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 5\n\
               rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 5\n\
               \n\
               4k3/8/8/8/8/8/8/4K2R w K - 0 1\n\
               4k3/8/8/8/8/8/8/5RK1 b - - 1 1\n";
    let out = run_stdin(&["pgn", "-q", "--from-sequence", "-"], seq.as_bytes());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let games: Vec<&str> = text.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 3, "{text}");
    assert!(
        !games[0].contains("[SetUp ") && !games[0].contains("[FEN "),
        "{}",
        games[0]
    );
    assert!(games[0].contains("[Result \"0-1\"]"), "{}", games[0]);
    assert!(
        games[0].contains("\n1. f3 e5 2. g4 Qh4# 0-1\n"),
        "{}",
        games[0]
    );
    assert!(
        games[1].contains(
            "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 5\"]"
        ),
        "{}",
        games[1]
    );
    assert!(games[1].contains("\n5. e4 *\n"), "{}", games[1]);
    assert!(
        games[2].contains("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]"),
        "{}",
        games[2]
    );
    assert!(games[2].contains("\n1. O-O *\n"), "{}", games[2]);
    assert_eq!(export_text(&text), text);
}

/// A variation left out (`--no-variations`) is no intervening variation: the black move after
/// it gets no move number (PGN standard 8.2.2.2: a black move is numbered where it starts a
/// variation or follows a comment or variation written), and `pgn` of the output is the output
/// (issue 32: `fix --no-variations` wrote `10. e4 10... Nfd7`, and a second fix `10. e4 Nfd7`).
#[test]
fn pgn_no_variations_numbers_no_black_move_for_a_variation_left_out() {
    let game =
        "[Event \"E\"]\n\n1. e4 (1. d4 d5) 1... e5 2. Nf3 {c} 2... Nc6 (2... d6) 3. Bb5 *\n\n";
    let out = run_stdin(&["pgn", "-q", "--no-variations", "-"], game.as_bytes());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("\n\n1. e4 e5 2. Nf3 {c} 2... Nc6 3. Bb5 *\n"),
        "{text}"
    );
    assert_eq!(export_text(&text), text);
}
