//! `arbiter fix` (issue 14), one test per repair. Every expectation comes from the PGN standard
//! (export format, 8.1-8.2), the FIDE Laws (RULES.md) or an independent tool — python-chess for
//! the standard SAN of a game (its export, whitespace aside), pgn-extract for `--fixresulttags`
//! and `--plycount` — never from arbiter's own output.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::util::{TempDir, parse_jsonl, run, testdata};

/// What one run of `arbiter fix` left.
pub struct FixRun {
    /// The repaired games.
    pub clean: String,
    /// The log records.
    pub log: Vec<Value>,
    /// The rejects file (empty when none was written).
    pub rejects: Vec<u8>,
    /// The exit status.
    pub code: i32,
    /// Standard error.
    pub stderr: String,
}

impl FixRun {
    /// The `change` records of the log.
    pub fn changes(&self) -> Vec<&Value> {
        self.log.iter().filter(|r| r["type"] == "change").collect()
    }

    /// The changes of repair `name`.
    pub fn of(&self, name: &str) -> Vec<&Value> {
        self.changes()
            .into_iter()
            .filter(|r| r["repair"] == name)
            .collect()
    }

    /// The value of tag `name` in the first repaired game.
    pub fn tag(&self, name: &str) -> Option<String> {
        let prefix = format!("[{name} \"");
        self.clean
            .lines()
            .take_while(|l| l.starts_with('['))
            .find_map(|l| l.strip_prefix(&prefix))
            .map(|v| v.trim_end_matches("\"]").to_owned())
    }

    /// The movetext of the repaired games, whitespace collapsed.
    pub fn movetext(&self) -> String {
        let text: Vec<&str> = self.clean.lines().filter(|l| !l.starts_with('[')).collect();
        words(&text.join(" "))
    }
}

/// `text` with its whitespace collapsed.
pub fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Runs `arbiter fix` on `inputs` with `args`, writing into `dir`.
pub fn fix_files(dir: &TempDir, inputs: &[PathBuf], args: &[&str]) -> FixRun {
    let (clean, log, rejects) = (
        dir.path("clean.pgn"),
        dir.path("log.jsonl"),
        dir.path("rejects.pgn"),
    );
    let mut all: Vec<String> = vec!["fix".into(), "-q".into()];
    all.extend(["-o".into(), clean.display().to_string()]);
    all.extend(["--log".into(), log.display().to_string()]);
    all.extend(["--rejects".into(), rejects.display().to_string()]);
    all.extend(args.iter().map(|a| a.to_string()));
    all.extend(inputs.iter().map(|p| p.display().to_string()));
    let argv: Vec<&str> = all.iter().map(String::as_str).collect();
    let out = run(&argv);
    FixRun {
        clean: std::fs::read_to_string(&clean).unwrap_or_default(),
        log: std::fs::read(&log)
            .map(|b| parse_jsonl(&b))
            .unwrap_or_default(),
        rejects: std::fs::read(&rejects).unwrap_or_default(),
        code: out.status.code().expect("exit code"),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `arbiter fix` on the game `pgn` with `args`.
pub fn fix(pgn: &[u8], args: &[&str]) -> FixRun {
    let dir = TempDir::new("fix");
    let input = dir.write("in.pgn", pgn);
    fix_files(&dir, &[input], args)
}

/// A game with the Seven Tag Roster (`result` in the Result tag) and `extra` tags.
fn game(result: &str, extra: &str, movetext: &str) -> Vec<u8> {
    format!(
        "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n\
         [Black \"B\"]\n[Result \"{result}\"]\n{extra}\n{movetext}\n\n"
    )
    .into_bytes()
}

#[test]
fn san_every_move_in_standard_san() {
    // The Opera game written with long algebraic, zeros, a pawn letter, a colon, a figurine,
    // missing `x`, missing `+`, `+` for mate and an over-disambiguated rook. python-chess's
    // export of the game as published (tools: `chess.pgn.StringExporter`), whitespace aside:
    let python_chess = "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 \
        Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 \
        Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0";
    let run = fix_files(&TempDir::new("fix-san"), &[testdata("fix/san.pgn")], &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.movetext(), python_chess);
    let san = run.of("san");
    let pairs: Vec<(String, String)> = san
        .iter()
        .map(|c| {
            (
                c["before"].as_str().unwrap().to_owned(),
                c["after"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    for (before, after) in [
        ("e2e4", "e4"),
        ("e7-e5", "e5"),
        ("Ng1-f3", "Nf3"),
        ("Pd4", "d4"),
        ("de5", "dxe5"),
        ("B:f3", "Bxf3"),
        ("♘c3", "Nc3"),
        ("0-0-0", "O-O-O"),
        ("Rhd1", "Rd1"),
        ("Rd8+", "Rd8#"),
    ] {
        assert!(
            pairs.contains(&(before.into(), after.into())),
            "{before} → {after}: {pairs:?}"
        );
    }
    let zero = san.iter().find(|c| c["before"] == "0-0-0").unwrap();
    assert_eq!(zero["ply"], 23);
    assert_eq!(zero["rule"], "notation/zero-castling");
    assert_eq!(zero["line"], 10);
}

#[test]
fn san_promotions_get_their_equals_sign() {
    // PGN standard 8.2.3.4: `=` then the piece, upper case; the check mark as the position gives.
    let pgn = game(
        "*",
        "[SetUp \"1\"]\n[FEN \"4k3/P6P/8/8/8/8/8/4K3 w - - 0 1\"]\n",
        "1. a8Q+ Kd7 2. h8q *",
    );
    let run = fix(&pgn, &[]);
    assert_eq!(run.movetext(), "1. a8=Q+ Kd7 2. h8=Q *");
    let rules: Vec<&str> = run
        .of("san")
        .iter()
        .map(|c| c["rule"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "notation/promotion-without-equals",
            "notation/promotion-without-equals, notation/lowercase-promotion"
        ]
    );
}

#[test]
fn move_number_regenerated() {
    let run = fix(&game("*", "", "1. e4 e5 3. Nf3 Nc6 *"), &[]);
    assert_eq!(run.movetext(), "1. e4 e5 2. Nf3 Nc6 *");
    let numbers = run.of("move-number");
    assert_eq!(numbers.len(), 1);
    assert_eq!(numbers[0]["ply"], 3);
    assert_eq!(
        (numbers[0]["before"].as_str(), numbers[0]["after"].as_str()),
        (Some("3."), Some("2."))
    );
}

#[test]
fn result_decided_by_checkmate() {
    // Fool's mate recorded 1-0: White is checkmated (art. 5.1.1), so 0-1, tag and marker (as
    // pgn-extract 19.04 --fixresulttags writes it).
    let run = fix(&game("1-0", "", "1. f3 e5 2. g4 Qh4# 1-0"), &[]);
    assert_eq!(run.tag("Result").as_deref(), Some("0-1"));
    assert!(
        run.movetext().ends_with("2. g4 Qh4# 0-1"),
        "{}",
        run.movetext()
    );
    let decided = run.of("result-decided");
    assert_eq!(decided.len(), 2, "{decided:?}");
    assert!(
        decided
            .iter()
            .all(|c| c["before"] == "1-0" && c["after"] == "0-1")
    );
    // `*` on a finished game gets the result the position gives.
    let run = fix(&game("*", "", "1. f3 e5 2. g4 Qh4# *"), &[]);
    assert_eq!(run.tag("Result").as_deref(), Some("0-1"));
    assert!(run.movetext().ends_with("0-1"));
    // Skipped: the recorded result stays, and the game goes to the rejects (an error is left).
    let run = fix(
        &game("1-0", "", "1. f3 e5 2. g4 Qh4# 1-0"),
        &["--skip", "result-decided"],
    );
    assert_eq!(run.code, 1);
    assert!(run.clean.is_empty());
}

#[test]
fn result_decided_by_stalemate_fivefold_dead_position_and_material() {
    // Sam Loyd's ten-move stalemate (art. 5.2.1), recorded 1-0.
    let loyd = "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 \
                8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1-0";
    let run = fix(&game("1-0", "", loyd), &[]);
    assert_eq!(run.tag("Result").as_deref(), Some("1/2-1/2"));
    assert!(run.movetext().ends_with("10. Qe6 1/2-1/2"));
    // The start position a fifth time after ply 16 (art. 9.6.1): drawn, whatever comes later.
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 \
                   8. Ng1 Ng8 9. e4 1-0";
    let run = fix(&game("1-0", "", shuffle), &[]);
    assert_eq!(run.tag("Result").as_deref(), Some("1/2-1/2"));
    assert!(
        run.of("result-decided")[0]["rule"]
            .as_str()
            .unwrap()
            .starts_with("draw/automatic-ignored")
    );
    // The same game ending at the fifth occurrence with `*`: the game is over (drawn, art.
    // 9.6.1), so `*` becomes 1/2-1/2, as after a stalemate; and the fixed game fixes to itself.
    let at_fifth = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 \
                    Nf6 8. Ng1 Ng8 *";
    let run = fix(&game("*", "", at_fifth), &[]);
    assert_eq!(
        run.tag("Result").as_deref(),
        Some("1/2-1/2"),
        "{}",
        run.stderr
    );
    assert!(
        run.movetext().ends_with("8. Ng1 Ng8 1/2-1/2"),
        "{}",
        run.movetext()
    );
    let rule = run.of("result-decided")[0]["rule"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(rule.starts_with("result/unrecorded [fivefold"), "{rule}");
    let again = fix(run.clean.as_bytes(), &[]);
    assert!(again.of("result-decided").is_empty(), "{}", again.stderr);
    // King takes the last piece: king against king, a dead position (art. 5.2.2), recorded `*`.
    let fen = "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/1q6/K5k1 w - - 0 1\"]\n";
    let run = fix(&game("*", fen, "1. Kxb2 *"), &[]);
    assert_eq!(run.tag("Result").as_deref(), Some("1/2-1/2"));
    // A win for a bare king (a loss on time or resignation against it is a draw, art. 6.9).
    let fen = "[SetUp \"1\"]\n[FEN \"7k/8/8/8/8/8/8/K6r w - - 0 1\"]\n";
    let run = fix(&game("1-0", fen, "1. Kb2 1-0"), &[]);
    assert_eq!(run.tag("Result").as_deref(), Some("1/2-1/2"));
    // A resignation the moves do not decide is kept.
    let run = fix(&game("0-1", "", "1. e4 e5 0-1"), &[]);
    assert_eq!(run.tag("Result").as_deref(), Some("0-1"));
    assert!(run.of("result-decided").is_empty());
}

#[test]
fn result_agree_settles_by_the_record_named() {
    // pgn-extract 19.04 --fixresulttags on `[Result "1-0"] 1. e4 e5 *` writes Result "*": the
    // marker's result, which `--result-from marker` takes too. Without `--result-from` nothing
    // says which record is right: the game is rejected (issue 31).
    let input = game("1-0", "", "1. e4 e5 *");
    assert_eq!(fix(&input, &[]).code, 1);
    let run = fix(&input, &["--result-from", "marker"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.tag("Result").as_deref(), Some("*"));
    assert_eq!(run.of("result-agree").len(), 1);
    // Two decisive results that disagree: pgn-extract only reports them ("Inconsistent result
    // strings"); `--result-from tag` takes the tag's.
    let run = fix(&game("0-1", "", "1. e4 e5 1-0"), &["--result-from", "tag"]);
    assert_eq!(run.tag("Result").as_deref(), Some("0-1"));
    assert!(run.movetext().ends_with("0-1"));
    // No marker: the tag's result is written as the marker (export format needs one).
    let run = fix(&game("1-0", "", "1. e4 e5"), &[]);
    assert_eq!(run.movetext(), "1. e4 e5 1-0");
    assert_eq!(run.of("result-form").len(), 1);
    // The repair without a record to settle by, or skipped with one: usage errors.
    let args = [
        &["--only", "result-agree"][..],
        &["--skip", "result-agree", "--result-from", "tag"],
    ];
    for args in args {
        assert_eq!(fix(&input, args).code, 2, "{args:?}");
    }
}

#[test]
fn result_form_nonstandard_results_normalised() {
    for (tag, marker, standard) in [
        ("1/2", "1/2", "1/2-1/2"),
        ("½-½", "½-½", "1/2-1/2"),
        ("1:0", "1:0", "1-0"),
        ("0:1", "0:1", "0-1"),
        ("0.5-0.5", "0.5-0.5", "1/2-1/2"),
        ("1-0", "+--", "1-0"),
    ] {
        let run = fix(&game(tag, "", &format!("1. e4 e5 {marker}")), &[]);
        assert_eq!(run.code, 0, "{tag} {marker}: {}", run.stderr);
        assert_eq!(run.tag("Result").as_deref(), Some(standard), "{tag}");
        assert_eq!(run.movetext(), format!("1. e4 e5 {standard}"), "{marker}");
        assert!(!run.of("result-form").is_empty(), "{tag} {marker}");
    }
}

#[test]
fn roster_and_duplicate_tags() {
    let run = fix(
        b"[White \"A\"]\n[White \"B\"]\n[Black \"C\"]\n\n1. e4 *\n",
        &["--skip", "eco"],
    );
    assert_eq!(
        run.clean,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n\
         [Black \"C\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
    );
    assert_eq!(run.of("roster").len(), 5);
    let dup = run.of("duplicate-tag");
    assert_eq!(dup.len(), 1);
    assert_eq!(dup[0]["before"], "B");
    assert_eq!(dup[0]["after"], Value::Null);
}

#[test]
fn tag_quotes_escaped() {
    // PGN standard 8.1: a quote inside a tag value is written `\"`.
    let run = fix(
        &game("*", "[Annotator \"The \"Big\" One\"]\n", "1. e4 *"),
        &[],
    );
    assert_eq!(run.tag("Annotator").as_deref(), Some("The \\\"Big\\\" One"));
    assert_eq!(run.of("tag-quotes").len(), 1);
}

#[test]
fn date_normalised() {
    let pgn = b"[Event \"E\"]\n[Site \"S\"]\n[Date \"1959\"]\n[Round \"1\"]\n[White \"W\"]\n\
        [Black \"B\"]\n[Result \"*\"]\n[EventDate \"1959-03-01\"]\n[UTCDate \"1959.02.30\"]\n\n1. e4 *\n";
    let run = fix(pgn, &[]);
    assert_eq!(run.tag("Date").as_deref(), Some("1959.??.??"));
    assert_eq!(run.tag("EventDate").as_deref(), Some("1959.03.01"));
    assert_eq!(run.tag("UTCDate").as_deref(), Some("????.??.??"));
    let impossible = run
        .of("date")
        .into_iter()
        .find(|c| c["tag"] == "UTCDate")
        .unwrap();
    assert_eq!(impossible["before"], "1959.02.30");
    let run = fix(pgn, &["--skip", "date"]);
    assert_eq!(run.tag("Date").as_deref(), Some("1959"));
}

#[test]
fn plycount_recomputed_when_present() {
    // pgn-extract 19.04 --plycount on `1. e4 e5 2. Nf3 Nc6` writes PlyCount "4" (and "5" for
    // the first mate-in-3 puzzle of the corpus, whose PlyCount says 17).
    let run = fix(
        &game("*", "[PlyCount \"10\"]\n", "1. e4 e5 2. Nf3 Nc6 *"),
        &[],
    );
    assert_eq!(run.tag("PlyCount").as_deref(), Some("4"));
    // Absent: not added.
    let run = fix(&game("*", "", "1. e4 e5 *"), &[]);
    assert_eq!(run.tag("PlyCount"), None);
}

#[test]
fn fen_fullmove_castling_and_setup() {
    // Fullmove 0 is read as 1; queen-side castling with no rook on a1 dropped; SetUp added
    // before the FEN (PGN standard 9.7.1).
    let fen = "[FEN \"4k3/8/8/8/8/8/8/4K2R w KQ - 0 0\"]\n";
    let run = fix(&game("*", fen, "1. O-O *"), &[]);
    assert_eq!(
        run.tag("FEN").as_deref(),
        Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    );
    assert_eq!(run.tag("SetUp").as_deref(), Some("1"));
    let tags: Vec<&str> = run
        .clean
        .lines()
        .take_while(|l| l.starts_with('['))
        .collect();
    assert_eq!(
        tags[7..],
        ["[SetUp \"1\"]", "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]"]
    );
    assert_eq!(run.of("fen").len(), 1);
    assert_eq!(run.of("setup").len(), 1);
    // SetUp "1" without a FEN: the game is from the standard position, the tag is removed.
    let run = fix(&game("*", "[SetUp \"1\"]\n", "1. e4 *"), &[]);
    assert_eq!(run.tag("SetUp"), None);
}

/// A game whose Annotator tag and movetext are bytes (in an encoding other than UTF-8).
fn raw_game(annotator: &[u8], movetext: &[u8]) -> Vec<u8> {
    let mut pgn = b"[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n\
        [White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n[Annotator \""
        .to_vec();
    pgn.extend_from_slice(annotator);
    pgn.extend_from_slice(b"\"]\n\n");
    pgn.extend_from_slice(movetext);
    pgn.extend_from_slice(b"\n\n");
    pgn
}

#[test]
fn encoding_cp437_and_windows_1252_to_utf8() {
    let run = fix(&raw_game(b"Andr\x82 G\x94rg", b"1. e4 {caf\x82} *"), &[]);
    assert_eq!(
        run.tag("Annotator").as_deref(),
        Some("Andr\u{e9} G\u{f6}rg")
    );
    assert!(run.movetext().contains("{caf\u{e9}}"), "{}", run.movetext());
    let change = &run.of("encoding")[0];
    assert_eq!(change["before"], "[Annotator \"Andr\\x82 G\\x94rg\"]");
    assert_eq!(change["line"], 8);
    let latin = raw_game(b"Andr\xe9", b"1. e4 {caf\xe9} *");
    let run = fix(&latin, &[]);
    assert_eq!(run.tag("Annotator").as_deref(), Some("Andr\u{e9}"));
    assert!(run.movetext().contains("{caf\u{e9}}"), "{}", run.movetext());
    // Forced: 0xE9 is a capital theta in code page 437.
    let run = fix(&latin, &["--encoding", "cp437"]);
    assert_eq!(run.tag("Annotator").as_deref(), Some("Andr\u{398}"));
    // Skipped: no conversion.
    let run = fix(&raw_game(b"Andr\x82", b"1. e4 *"), &["--skip", "encoding"]);
    assert!(run.of("encoding").is_empty());
}

#[test]
fn illegal_moves_go_to_rejects_byte_for_byte() {
    let good = game("1-0", "", "1. e4 e5 1-0");
    let bad = b"[Event \"Bad\"]\r\n[Result \"*\"]\r\n\r\n1. e4 e5 2. Ke3 *\r\n\r\n".to_vec();
    let input = [good.clone(), bad.clone(), good.clone()].concat();
    let run = fix(&input, &[]);
    assert_eq!(run.code, 1);
    assert_eq!(run.rejects, bad);
    assert_eq!(run.clean.matches("[Event ").count(), 2);
    let rejected: Vec<&Value> = run.log.iter().filter(|r| r["type"] == "rejected").collect();
    assert_eq!(rejected.len(), 1);
    assert_eq!(rejected[0]["game"], 2);
    assert_eq!(rejected[0]["bytes"], bad.len() as u64);
    assert_eq!(rejected[0]["offset"], good.len() as u64);
    assert_eq!(rejected[0]["code"], "illegal-move/no-piece");
    let summary = run.log.last().unwrap();
    assert_eq!(summary["type"], "summary");
    assert_eq!(
        (
            summary["games"].as_u64(),
            summary["written"].as_u64(),
            summary["rejected"].as_u64()
        ),
        (Some(3), Some(2), Some(1))
    );
}

#[test]
fn log_records_name_file_game_offset_and_line() {
    let first = game("*", "", "1. e4 *");
    let second = game("*", "", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *");
    let run = fix(&[first.clone(), second].concat(), &[]);
    let c = run
        .changes()
        .into_iter()
        .find(|c| c["repair"] == "san")
        .expect("a san change")
        .clone();
    assert!(c["file"].as_str().unwrap().ends_with("in.pgn"));
    assert_eq!(c["game"], 2);
    assert_eq!(c["offset"], first.len() as u64);
    // The first game takes 10 lines; the movetext is the second game's 9th.
    assert_eq!(c["line"], 10 + 9);
    assert_eq!(c["ply"], 7);
}

#[test]
fn dry_run_writes_only_the_log() {
    let dir = TempDir::new("fix-dry");
    let input = dir.write(
        "in.pgn",
        &game("*", "", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *"),
    );
    let log = dir.path("log.jsonl");
    let out = run(&[
        "fix",
        "-q",
        "--dry-run",
        "--log",
        log.to_str().unwrap(),
        "-o",
        dir.path("c.pgn").to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert!(out.stdout.is_empty());
    assert!(!dir.path("c.pgn").exists());
    assert!(
        std::fs::read_to_string(&log)
            .unwrap()
            .contains("\"repair\":\"san\"")
    );
}

#[test]
fn outputs_never_overwrite_an_input() {
    let dir = TempDir::new("fix-self");
    let input = dir.write("in.pgn", &game("*", "", "1. e4 *"));
    let before = std::fs::read(&input).unwrap();
    let out = run(&[
        "fix",
        "-q",
        "-o",
        input.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(&input).unwrap(), before);
}

/// Every hand-written input of this file, in one database.
pub fn all_inputs(dir: &TempDir) -> Vec<PathBuf> {
    let mut paths = vec![testdata("fix/san.pgn")];
    let games = [
        game("1-0", "", "1. f3 e5 2. g4 Qh4# 1-0"),
        game(
            "1/2-1/2",
            "[PlyCount \"3\"]\n[Annotator \"a \"b\" c\"]\n",
            "1. e2e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 1/2",
        ),
        b"[White \"A\"]\n[White \"B\"]\n[Date \"1959-03-01\"]\n\n1. e4 *\n\n".to_vec(),
        game(
            "*",
            "[FEN \"4k3/8/8/8/8/8/8/4K2R w KQ - 0 0\"]\n",
            "1. O-O *",
        ),
        raw_game(b"Andr\x82", b"1. e4 *"),
    ];
    paths.push(dir.write("many.pgn", &games.concat()));
    paths
}

#[test]
fn idempotent_fix_of_fixed_output_changes_nothing() {
    let dir = TempDir::new("fix-idem");
    let first = fix_files(&dir, &all_inputs(&dir), &[]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert!(first.changes().len() > 20);
    let again_dir = TempDir::new("fix-idem2");
    let clean = again_dir.write("clean-in.pgn", first.clean.as_bytes());
    let second = fix_files(&again_dir, &[clean], &[]);
    assert_eq!(second.clean, first.clean);
    assert!(second.changes().is_empty(), "{:?}", second.changes());
}

#[test]
fn check_finds_nothing_a_repair_covers_in_the_output() {
    let dir = TempDir::new("fix-check");
    let run = fix_files(&dir, &all_inputs(&dir), &[]);
    let clean = dir.write("out.pgn", run.clean.as_bytes());
    let (records, code) = crate::util::check_jsonl(Path::new(&clean), &[]);
    assert_eq!(code, 0);
    let findings: Vec<&Value> = crate::util::findings(&records);
    assert!(findings.is_empty(), "{findings:?}");
}

/// `--dry-run` writes no repaired game, and standard error says so: the counts are what would
/// be written and rejected (the log's summary counts the same), never "written" or "exported".
#[test]
fn a_dry_run_says_what_would_be_written() {
    let pgn = crate::util::testdata("immortal-games.pgn");
    let out = crate::util::run(&["fix", "--dry-run", pgn.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(" would be written (") && stderr.contains(" would be rejected"),
        "{stderr}"
    );
    assert!(stderr.contains("arbiter: would write "), "{stderr}");
    assert!(
        !stderr.contains("exported") && !stderr.contains("left out"),
        "{stderr}"
    );
    let log = String::from_utf8(out.stdout).unwrap();
    let summary: serde_json::Value = serde_json::from_str(log.lines().last().unwrap()).unwrap();
    let (written, rejected) = (
        summary["written"].as_u64().unwrap(),
        summary["rejected"].as_u64().unwrap(),
    );
    assert!(
        stderr.contains(&format!(" {written} would be written")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(", {rejected} would be rejected")),
        "{stderr}"
    );
    // A run that writes says so.
    let dir = crate::util::TempDir::new("fix-dry-run-words");
    let o = dir.path("fixed.pgn");
    let out = crate::util::run(&["fix", pgn.to_str().unwrap(), "-o", o.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("arbiter: fixed and wrote {written} games")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("; {rejected} rejected")),
        "{stderr}"
    );
}
