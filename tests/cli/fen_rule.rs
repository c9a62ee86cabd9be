//! Issue 12, the FEN part: one rule for a FEN wherever it is read (README, "How a FEN is read").
//!
//! The FEN tag of a game (`check`, `audit`, `fen`, `pgn`), `fen --check`, `audit --positions` and
//! `pgn --from-fen` read a FEN with one reader and agree. The expected values come from the FIDE
//! Laws and from python-chess 1.11 (`chess.Board(fen).status()`, `clean_castling_rights()`,
//! `parse_san`, `can_claim_threefold_repetition()`), quoted where used; none is copied from
//! arbiter's output.

use serde_json::Value;

use crate::util::{TempDir, parse_jsonl, run};

/// A game without a Variant tag: standard chess.
fn game(event: &str, fen: &str, moves: &str) -> String {
    format!(
        "[Event \"{event}\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves} *\n\n"
    )
}

/// The records of `arbiter ARGS... FILE --format jsonl` (with `-q` where the subcommand has it).
fn jsonl(args: &[&str], file: &std::path::Path) -> (Vec<Value>, i32) {
    let mut all = args.to_vec();
    all.extend(["--format", "jsonl", file.to_str().unwrap()]);
    let out = run(&all);
    let mut records = parse_jsonl(&out.stdout);
    // The records on standard error (not its notes, such as `no position read`).
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stderr: Vec<&str> = stderr.lines().filter(|l| l.starts_with('{')).collect();
    records.extend(parse_jsonl(stderr.join("\n").as_bytes()));
    (records, out.status.code().unwrap())
}

fn of_type<'a>(records: &'a [Value], kind: &str) -> Vec<&'a Value> {
    records.iter().filter(|r| r["type"] == kind).collect()
}

/// (code, severity, line, col, token) of each finding.
fn findings(records: &[Value]) -> Vec<(String, String, u64, u64, String)> {
    of_type(records, "finding")
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_owned(),
                f["severity"].as_str().unwrap().to_owned(),
                f["line"].as_u64().unwrap(),
                f["col"].as_u64().unwrap(),
                f["token"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

fn owned(rows: &[(&str, &str, u64, u64, &str)]) -> Vec<(String, String, u64, u64, String)> {
    rows.iter()
        .map(|(c, s, l, col, t)| (c.to_string(), s.to_string(), *l, *col, t.to_string()))
        .collect()
}

/// The game: `KQkq` with the white king on d1, then `1. O-O`. In standard chess castling
/// needs the king on e1 and the rook in its corner (art. 3.8.2): the rights K and Q are dropped
/// (python-chess: `status()` is BAD_CASTLING_RIGHTS, `clean_castling_rights()` leaves `kq`,
/// `parse_san("O-O")` is illegal), so O-O is illegal, not a Chess960 castling d1-g1. With
/// `[Variant "Chess960"]` the same FEN castles (python-chess, chess960=True: O-O is d1h1, the
/// king lands on g1).
#[test]
fn r12_a_standard_game_never_castles_chess960() {
    let dir = TempDir::new("r12-castling");
    let fen = "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
    let path = dir.write("g.pgn", game("stale", fen, "1. O-O").as_bytes());
    let (records, status) = jsonl(&["check", "-q"], &path);
    assert_eq!(status, 1);
    // The FEN tag is line 9; its value starts in column 7; the castling field is column 33.
    assert_eq!(
        findings(&records),
        owned(&[
            ("fen/castling", "warning", 9, 33, "KQkq"),
            ("illegal-move/castling", "error", 11, 4, "O-O"),
        ])
    );
    let text = of_type(&records, "finding")[0]["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(text.contains("'K' and 'Q' dropped"), "{text}");
    assert!(text.contains("not on e1"), "{text}");
    // The position before O-O is the effective one.
    assert_eq!(
        of_type(&records, "finding")[1]["fen"],
        "r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1"
    );

    let chess960 = game("960", fen, "1. O-O")
        .replace("[SetUp \"1\"]", "[Variant \"Chess960\"]\n[SetUp \"1\"]");
    let path = dir.write("960.pgn", chess960.as_bytes());
    let (records, status) = jsonl(&["check", "-q"], &path);
    assert_eq!((findings(&records), status), (vec![], 0));
    let out = run(&["fen", "-q", "--final", path.to_str().unwrap()]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1\n"
    );
}

/// A stale right does not split positions (art. 9.2.3: the rights are those the position has).
/// From `rn2k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1`, 1. Kc1 Nc6 2. Kd1 Nb8 3. Kc1 Nc6 4. Kd1 Nb8
/// brings back the start position at plies 4 and 8: python-chess
/// (`can_claim_threefold_repetition()`) can claim after ply 7 (by Nb8) and ply 8. With the stale
/// K and Q the start counted as another position and the threefold was missed.
#[test]
fn r12_a_stale_right_does_not_split_positions_in_audit() {
    let dir = TempDir::new("r12-threefold");
    let moves = "1. Kc1 Nc6 2. Kd1 Nb8 3. Kc1 Nc6 4. Kd1 Nb8 5. Kc1";
    let path = dir.write(
        "g.pgn",
        game("threefold", "rn2k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", moves).as_bytes(),
    );
    let (records, _) = jsonl(&["audit", "-q", "--missed=all"], &path);
    let claims: Vec<(u64, Vec<u64>, Value)> = of_type(&records, "verdict")
        .iter()
        .filter(|v| v["rule"] == "threefold")
        .map(|v| {
            let occurrences = v["occurrences"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_u64().unwrap())
                .collect();
            (
                v["ply"].as_u64().unwrap(),
                occurrences,
                v["claim_move"].clone(),
            )
        })
        .collect();
    assert_eq!(
        claims,
        [
            (7, vec![0, 4], Value::from("Nb8")),
            (8, vec![0, 4, 8], Value::Null)
        ]
    );
}

/// An en passant square says the last move was a double step, a pawn move, which sets the
/// halfmove clock to 0 (art. 9.3): `e3 149` is read as 0, so one king move later there is no
/// seventy-five-move draw (it was reported from the impossible clock), and the tag, `fen
/// --check` and `audit --positions` say the same thing with the same code.
#[test]
fn r12_en_passant_square_sets_the_clock_to_zero() {
    let dir = TempDir::new("r12-clock");
    let fen = "4k3/8/8/8/4P3/8/8/4K3 b - e3 149 80";
    let path = dir.write("g.pgn", game("clock", fen, "80... Kd7 81. Kd2").as_bytes());
    let (records, status) = jsonl(&["audit", "-q"], &path);
    assert_eq!(of_type(&records, "verdict").len(), 0, "{records:#?}");
    assert_eq!(status, 0);
    let (records, _) = jsonl(&["check", "-q"], &path);
    // `[FEN "` + 20 + ` b - e3 ` = column 36 for the clock.
    assert_eq!(
        findings(&records),
        owned(&[("fen/halfmove", "warning", 9, 36, "149")])
    );
    let line = dir.write("p.fen", format!("{fen}\n").as_bytes());
    let (records, status) = jsonl(&["fen", "--check", "-q"], &line);
    assert_eq!(status, 0, "a warning, not an error");
    assert_eq!(
        findings(&records),
        owned(&[("fen/halfmove", "warning", 1, 30, "149")])
    );
    let out = run(&[
        "fen",
        "--check",
        "--normalize",
        "-q",
        line.to_str().unwrap(),
    ]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 80\n"
    );
}

/// `KQkq` with no rook on the board: every right is dropped (python-chess:
/// `clean_castling_rights()` is empty) and the moves are checked; the game was refused whole.
#[test]
fn r12_rights_without_rooks_are_dropped_and_the_game_is_replayed() {
    let dir = TempDir::new("r12-no-rooks");
    let path = dir.write(
        "g.pgn",
        game(
            "no rooks",
            "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
            "1. Kd2 Kd7 2. Kxd7",
        )
        .as_bytes(),
    );
    let (records, status) = jsonl(&["check", "-q", "--games"], &path);
    assert_eq!(status, 1);
    assert_eq!(
        findings(&records),
        owned(&[
            ("fen/castling", "warning", 9, 29, "KQkq"),
            ("illegal-move/no-piece", "error", 11, 15, "Kxd7"),
        ])
    );
    assert_eq!(of_type(&records, "game")[0]["plies"], 2);
}

/// More pieces than promotions allow (python-chess: `status()` VALID, it does not count
/// promotions) is one warning everywhere, and the position is played: it was refused as a tag
/// and by `audit --positions`, an error of `pgn --from-fen`.
#[test]
fn r12_too_much_material_is_a_warning_everywhere() {
    let dir = TempDir::new("r12-material");
    let fen = "4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1";
    let path = dir.write("g.pgn", game("queens", fen, "1. e4").as_bytes());
    let (records, status) = jsonl(&["check", "-q", "--games"], &path);
    assert_eq!(status, 0);
    assert_eq!(
        findings(&records),
        owned(&[(
            "fen/material",
            "warning",
            9,
            7,
            "4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ"
        )])
    );
    assert_eq!(of_type(&records, "game")[0]["plies"], 1);
    let line = dir.write("p.fen", format!("{fen}\n").as_bytes());
    let l = line.to_str().unwrap();
    for all in [
        ["fen", "--check", "-q", "--format", "jsonl", l],
        ["pgn", "-q", "--format", "jsonl", "--from-fen", l],
    ] {
        let args = &all[..2];
        let out = run(&all);
        let stdout = String::from_utf8(out.stdout).unwrap();
        let mut records = match args[0] {
            // The game is written, from the position as it stands.
            "pgn" => {
                assert!(stdout.contains(&format!("[FEN \"{fen}\"]")), "{stdout}");
                Vec::new()
            }
            _ => parse_jsonl(stdout.as_bytes()),
        };
        records.extend(parse_jsonl(&out.stderr));
        assert_eq!(
            findings(&records),
            owned(&[(
                "fen/material",
                "warning",
                1,
                1,
                "4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ"
            )]),
            "{args:?}"
        );
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    }
    let out = run(&[
        "audit",
        "--positions",
        line.to_str().unwrap(),
        "--format",
        "jsonl",
    ]);
    let records = parse_jsonl(&out.stdout);
    let position = of_type(&records, "position")[0];
    assert!(position.get("error").is_none(), "{position}");
    assert_eq!(position["problems"][0]["code"], "fen/material");
    assert_eq!(out.status.code(), Some(0));
}

/// The four readers agree line by line: `fen --check`, `pgn --from-fen` (findings) and `audit
/// --positions` (`problems`) give every line the same codes, severities, columns and messages,
/// and the lines that are no position are the same.
#[test]
fn r12_the_line_readers_agree() {
    let dir = TempDir::new("r12-agree");
    let lines = [
        "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1",
        "rnbqkbnr/ppppp1pp/8/5p2/3P4/8/PPP1PPPP/RNBQKBNR w KQkq f6 1 2",
        "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
        "4k3/8/8/8/8/8/8/4K3 w - - 10 1",
        "4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1",
        "4k3/8/3N4/1B6/8/8/8/4RK2 b - - 0 1",
        "4k3/8/8/8/8/8/8/4K3_w_-_-_0_1",
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 999999",
        "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1",
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 bm Kd7; hmvc 5; fmvn 10;",
    ];
    let path = dir.write("lines.fen", (lines.join("\n") + "\n").as_bytes());
    let p = path.to_str().unwrap();
    let problem = |v: &Value, line: u64| {
        (
            line,
            v["code"].as_str().unwrap().to_owned(),
            v["severity"].as_str().unwrap().to_owned(),
            v["col"].as_u64().unwrap(),
            v["message"].as_str().unwrap().to_owned(),
        )
    };
    let from_findings = |out: &std::process::Output| {
        // `pgn --from-fen` writes its games on standard output and its findings on standard error.
        let json = |bytes: &[u8]| {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let lines: Vec<&str> = text.lines().filter(|l| l.starts_with('{')).collect();
            parse_jsonl(lines.join("\n").as_bytes())
        };
        let mut records = json(&out.stdout);
        records.extend(json(&out.stderr));
        of_type(&records, "finding")
            .iter()
            .map(|f| problem(f, f["line"].as_u64().unwrap()))
            .collect::<Vec<_>>()
    };
    let check = from_findings(&run(&["fen", "--check", "-q", "--format", "jsonl", p]));
    let pgn = from_findings(&run(&["pgn", "--from-fen", p, "-q", "--format", "jsonl"]));
    let audit_out = run(&["audit", "--positions", p, "--format", "jsonl"]);
    let audit_records = parse_jsonl(&audit_out.stdout);
    let audit: Vec<_> = of_type(&audit_records, "position")
        .iter()
        .flat_map(|r| {
            let line = r["line"].as_u64().unwrap();
            r["problems"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(move |p| problem(&p, line))
        })
        .collect();
    assert_eq!(check, pgn);
    assert_eq!(check, audit);
    let codes: Vec<(u64, &str, &str)> = check
        .iter()
        .map(|(l, c, s, _, _)| (*l, c.as_str(), s.as_str()))
        .collect();
    assert_eq!(
        codes,
        [
            (1, "fen/castling", "warning"),
            (2, "fen/castling", "warning"),
            (3, "fen/castling", "warning"),
            (4, "fen/halfmove", "warning"),
            (5, "fen/en-passant", "warning"),
            (6, "fen/fullmove", "warning"),
            (7, "fen/halfmove", "warning"),
            (8, "fen/material", "warning"),
            (9, "fen/impossible-check", "warning"),
            (10, "fen/fields", "warning"),
            (11, "fen/opposite-check", "error"),
            (12, "fen/kings", "error"),
            (13, "fen/fields", "error"),
            (14, "fen/fullmove", "error"),
            (15, "fen/fields", "error"),
            (16, "fen/halfmove", "warning"),
        ]
    );
    // The EPD `hmvc` operand is the clock everywhere, at its own column.
    assert_eq!(check.last().map(|p| p.3), Some(43));
    // The same lines are positions: errors (11 to 15) are no position in `audit --positions`.
    let invalid: Vec<u64> = of_type(&audit_records, "position")
        .iter()
        .filter(|r| r.get("error").is_some())
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(invalid, [11, 12, 13, 14, 15]);
}

/// Messages are arbiter's, and say what is wrong and where: two rights on one side of the king
/// (Chess960, Shredder letters `AB`: one right a side, python-chess keeps `Q`, the rook on a1)
/// was "not a legal position: illegal position: invalid castling rights".
#[test]
fn r12_messages_are_ours() {
    let dir = TempDir::new("r12-messages");
    let lines = [
        "4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w XYZ - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
    ];
    let path = dir.write("lines.fen", (lines.join("\n") + "\n").as_bytes());
    let out = run(&[
        "fen",
        "--check",
        "-q",
        "--format",
        "jsonl",
        path.to_str().unwrap(),
    ]);
    let records = parse_jsonl(&out.stdout);
    let messages: Vec<&str> = of_type(&records, "finding")
        .iter()
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert_eq!(messages.len(), lines.len());
    for m in &messages {
        for library in ["illegal position", "invalid castling", "in fen", "backrank"] {
            assert!(!m.contains(library), "{m:?} has {library:?}");
        }
    }
    assert!(messages[0].contains("'B' dropped"), "{}", messages[0]);
    assert!(messages[0].contains("a1"), "{}", messages[0]);
    let out = run(&[
        "fen",
        "--check",
        "--normalize",
        "-q",
        path.to_str().unwrap(),
    ]);
    let normalized = String::from_utf8(out.stdout).unwrap();
    assert!(
        normalized.starts_with("4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1\n"),
        "{normalized}"
    );
}

/// The export is the game as replayed: a FEN tag read with a repair is written as read
/// (python-chess, `clean_castling_rights()`: `r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1`), so exporting
/// it again gives it back and `check` finds nothing left to repair. A FEN tag without a repair is
/// kept as written.
#[test]
fn r12_the_export_writes_the_effective_fen() {
    let dir = TempDir::new("r12-export");
    let text = game("stale", "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", "1. Kc1")
        + &game("clean", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "1... Kd7");
    let path = dir.write("g.pgn", text.as_bytes());
    let out = run(&["pgn", "-q", path.to_str().unwrap()]);
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert!(
        pgn.contains("[FEN \"r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1\"]"),
        "{pgn}"
    );
    assert!(
        pgn.contains("[FEN \"4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1\"]"),
        "{pgn}"
    );
    let again = dir.write("export.pgn", pgn.as_bytes());
    let out = run(&["pgn", "-q", again.to_str().unwrap()]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), pgn);
    let (records, status) = jsonl(&["check", "-q"], &again);
    assert_eq!((findings(&records), status), (vec![], 0));
}

/// A FEN line has no Variant tag: it is read as standard chess unless its castling field names
/// rook files for rights only Chess960 has (Shredder-FEN). python-chess agrees on each line:
/// `HFhf` below is VALID with chess960=True and written back `HFhf` (`fen(shredder=True)`);
/// `HAha` on the initial array is standard `KQkq`; X-FEN `KQkq` with the kings on c1/c8 is
/// BAD_CASTLING_RIGHTS in standard chess, `clean_castling_rights()` empty. What the line readers
/// write of a Chess960 line reads back the same: `--normalize` with rook files, `--from-fen` a
/// game with `[Variant "Chess960"]`, which `check` accepts.
#[test]
fn r12_chess960_lines_need_rook_files_and_read_back() {
    let dir = TempDir::new("r12-960-lines");
    let path = dir.write(
        "lines.fen",
        b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n\
          rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n\
          r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1\n",
    );
    let p = path.to_str().unwrap();
    let (records, status) = jsonl(&["fen", "--check", "-q"], &path);
    assert_eq!(status, 0);
    assert_eq!(
        findings(&records),
        owned(&[("fen/castling", "warning", 3, 45, "KQkq")])
    );
    let out = run(&["fen", "--check", "--normalize", "-q", p]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w - - 0 1\n"
    );
    let out = run(&["pgn", "-q", "--from-fen", p]);
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert_eq!(pgn.matches("[Variant \"Chess960\"]").count(), 1, "{pgn}");
    let games = dir.write("games.pgn", pgn.as_bytes());
    let (records, status) = jsonl(&["check", "-q"], &games);
    assert_eq!((findings(&records), status), (vec![], 0));
}

/// The FEN tag's faults carry the codes `fen --check` gives them, at the field: a fullmove
/// number 0 is `fen/fullmove`, read as 1 (it was `tag/fen-fullmove-zero`, at the tag), and
/// exported as 1; a halfmove clock larger than the plies before the fullmove number (5 at move
/// 1, White to move: 0 plies) is `fen/halfmove`, kept as written (it was not reported by
/// `check`).
#[test]
fn r12_fen_tag_counters_have_the_fen_codes() {
    let dir = TempDir::new("r12-counters");
    let text = game("zero", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "1. Kd2")
        + &game("clock", "4k3/8/8/8/8/8/8/4K3 w - - 5 1", "1. Kd2")
        + &game("both", "4k3/8/8/8/8/8/8/4K3 w - - 1 0", "1. Kd2");
    let path = dir.write("g.pgn", text.as_bytes());
    let (records, status) = jsonl(&["check", "-q"], &path);
    assert_eq!(status, 0);
    // `[FEN "` + 19 + ` w - - 0 ` = column 35 for the fullmove number, 33 for the clock.
    assert_eq!(
        findings(&records),
        owned(&[
            ("fen/fullmove", "warning", 9, 35, "0"),
            ("fen/halfmove", "warning", 21, 33, "5"),
            // The fullmove number 0 read as 1, the clock judged against it (not reported
            // before; `fix` wrote `1 1`, which then was).
            ("fen/halfmove", "warning", 33, 33, "1"),
            ("fen/fullmove", "warning", 33, 35, "0"),
        ])
    );
    let out = run(&["pgn", "-q", path.to_str().unwrap()]);
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert!(
        pgn.contains("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]"),
        "{pgn}"
    );
    assert!(
        pgn.contains("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 5 1\"]"),
        "{pgn}"
    );
}

/// A FEN file saved with a UTF-8 byte order mark (Notepad, PowerShell's `Out-File`) is read
/// as a PGN file with one is: the mark before the first line is not part of the FEN. Before,
/// each line reader reported a `fen/piece` error for the first position.
#[test]
fn a_byte_order_mark_before_the_first_fen_is_read_as_nothing() {
    let tmp = TempDir::new("fen-bom");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let text = format!("\u{feff}{start}\n8/8/8/8/8/8/8/K6k w - - 0 1\n");
    let file = tmp.write("bom.fen", text.as_bytes());
    let file = file.to_str().unwrap();
    let checked = run(&["fen", "--check", file]);
    let out = String::from_utf8_lossy(&checked.stdout);
    assert_eq!(checked.status.code(), Some(0), "{out}");
    assert!(out.contains("2 FENs: 0 with errors"), "{out}");
    let positions = run(&["audit", "--positions", file]);
    let out = String::from_utf8_lossy(&positions.stdout);
    assert_eq!(positions.status.code(), Some(0), "{out}");
    assert!(out.starts_with(&format!("1: {start}: playable;")), "{out}");
    let pgn = run(&["pgn", "--from-fen", file]);
    let out = String::from_utf8_lossy(&pgn.stdout);
    assert_eq!(pgn.status.code(), Some(0), "{out}");
    assert!(
        !out.contains("\u{feff}") && out.matches("[Event ").count() == 2,
        "{out}"
    );
}

/// `fen --check` counts in its summary's `bytes` the bytes of its input, as every other
/// summary does (a PGN input's byte order mark included): the mark before the first line and
/// a last line without its newline are bytes read like the others. Before, the summary summed
/// the lines' lengths plus one: a mark alone was 0 bytes of 3, a mark and a FEN with CRLF 31 of
/// 34, a last FEN without its newline one byte more than the file.
#[test]
fn fen_check_counts_every_byte_of_its_input() {
    let tmp = TempDir::new("fen-bytes");
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    let inputs: [(&str, Vec<u8>); 5] = [
        ("mark.fen", b"\xEF\xBB\xBF".to_vec()),
        ("mark-newline.fen", b"\xEF\xBB\xBF\n".to_vec()),
        (
            "mark-crlf.fen",
            format!("\u{feff}\r\n{fen}\r\n").into_bytes(),
        ),
        ("no-newline.fen", fen.as_bytes().to_vec()),
        (
            "mark-twice.fen",
            format!("\u{feff}{fen}\n\u{feff}{fen}").into_bytes(),
        ),
    ];
    let mut total = 0;
    let mut files = Vec::new();
    for (name, bytes) in &inputs {
        let file = tmp.write(name, bytes);
        let (records, _) = jsonl(&["fen", "--check"], &file);
        let summary = records.last().expect("a summary");
        assert_eq!(summary["bytes"], bytes.len(), "{name}: {summary}");
        total += bytes.len();
        files.push(file.to_str().unwrap().to_owned());
    }
    let mut args = vec!["fen", "--check", "--format", "jsonl"];
    args.extend(files.iter().map(String::as_str));
    let out = run(&args);
    let records = parse_jsonl(&out.stdout);
    assert_eq!(
        records.last().expect("a summary")["bytes"],
        total,
        "the files add up"
    );
}

/// The moves of the EPD operations `bm` and `am` are legal moves of the position in SAN (the
/// EPD standard), or a `fen/epd-move` warning each, the move as token (adversarial review: an
/// illegal `bm` was not flagged). Expected: python-chess 1.11.2 `chess.Board.from_epd(line)`
/// raises on lines 2, 3, 4, 5, 7 and 8 (IllegalMoveError for Ke4, e4, Bxf7+ and Ke7,
/// AmbiguousMoveError for Nd2, InvalidMoveError for Kd9) and reads lines 1 and 6.
#[test]
fn r_epd_best_and_avoid_moves_are_legal_san() {
    let dir = TempDir::new("epd-moves");
    let lines = [
        "4k3/8/8/8/8/8/8/1N2KN2 w - - bm Nc3 Ke2+; am Ng3; id \"legal\";",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - bm Ke4; id \"illegal\";",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - bm Nd2; id \"ambiguous\";",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - am Kd9; id \"not san\";",
        "4k3/8/8/8/8/8/8/1N2KN2 w - - bm Nbd2; am e4;",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"ruy\";",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 Bxf7+;",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5; am Ke7;",
    ];
    let file = dir.write("moves.epd", (lines.join("\n") + "\n").as_bytes());
    let out = run(&[
        "fen",
        "--check",
        "--format",
        "jsonl",
        file.to_str().unwrap(),
    ]);
    // Warnings only: the positions are read.
    assert_eq!(out.status.code(), Some(0));
    let records = parse_jsonl(&out.stdout);
    let found: Vec<(u64, String, u64)> = crate::util::findings(&records)
        .iter()
        .map(|f| {
            assert_eq!(f["code"], "fen/epd-move", "{f}");
            assert_eq!(f["severity"], "warning", "{f}");
            let token = f["token"].as_str().unwrap().to_owned();
            let line = f["line"].as_u64().unwrap();
            // The column is the move's, in its line.
            let col = f["col"].as_u64().unwrap() as usize;
            assert!(
                lines[line as usize - 1][col - 1..].starts_with(&token),
                "{f}"
            );
            (line, token, col as u64)
        })
        .collect();
    let tokens: Vec<(u64, &str)> = found.iter().map(|(l, t, _)| (*l, t.as_str())).collect();
    assert_eq!(
        tokens,
        [
            (2, "Ke4"),
            (3, "Nd2"),
            (4, "Kd9"),
            (5, "e4"),
            (7, "Bxf7+"),
            (8, "Ke7")
        ]
    );
    let text = run(&["fen", "--check", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("warning[fen/epd-move]: the EPD bm (best move) Nd2 is ambiguous"),
        "{text}"
    );
}

/// An EPD operation of many bad moves is one `fen/epd-move` warning, at its first bad move,
/// with the count of the others (adversarial review: 32,000 bad moves a line made 32,000
/// warnings, a 1 MB input 236 MB of JSON); and an escaped quote inside an `id` string does not
/// end it (`id "a\"; bm Nbd2";` is an identifier, not a `bm`: python-chess reads it so).
#[test]
fn r_an_epd_operation_of_many_bad_moves_is_one_warning() {
    let dir = TempDir::new("epd-many");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let many = format!("{start} bm {} Nf3;", vec!["a"; 2000].join(" "));
    let quoted = format!("{start} id \"a\\\"; bm Nbd2\";");
    let file = dir.write("many.epd", format!("{many}\n{quoted}\n").as_bytes());
    let out = run(&[
        "fen",
        "--check",
        "--format",
        "jsonl",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let records = parse_jsonl(&out.stdout);
    let found = crate::util::findings(&records);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["line"], 1);
    assert_eq!(found[0]["token"], "a");
    let message = found[0]["message"].as_str().unwrap();
    assert!(
        message.contains("and 1999 more of its 2001 moves"),
        "{message}"
    );
    assert!(out.stdout.len() < 10_000, "{} bytes", out.stdout.len());
}
