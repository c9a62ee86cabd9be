//! `arbiter fen`: positions out of games, cross-checked against python-chess
//! (`testdata/fen/expected.tsv`, written by `tools/expectations/fen_expected.py`), and
//! `arbiter fen --check`: a table of invalid FENs, each with its expected finding.

use std::process::Output;

use serde_json::Value;

use crate::util::{TempDir, parse_jsonl, run, testdata};

/// One row of `testdata/fen/expected.tsv` (python-chess's view of a position).
#[derive(Debug)]
struct Expected {
    file: String,
    game: u64,
    ply: u32,
    move_text: String,
    san: String,
    uci: String,
    fen_always: String,
    fen_legal: String,
    epd: String,
    shredder: String,
}

fn expected(file: &str) -> Vec<Expected> {
    let text = std::fs::read_to_string(testdata("fen/expected.tsv")).expect("expected.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("file\t"))
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            assert_eq!(c.len(), 10, "bad row {l:?}");
            Expected {
                file: c[0].to_owned(),
                game: c[1].parse().expect("game"),
                ply: c[2].parse().expect("ply"),
                move_text: c[3].to_owned(),
                san: c[4].to_owned(),
                uci: c[5].to_owned(),
                fen_always: c[6].to_owned(),
                fen_legal: c[7].to_owned(),
                epd: c[8].to_owned(),
                shredder: c[9].to_owned(),
            }
        })
        .filter(|e| e.file == file)
        .collect()
}

const FILES: [&str; 3] = ["twic2.pgn", "ep.pgn", "chess960.pgn"];

fn fen(args: &[&str], file: &str) -> Output {
    let path = testdata(&format!("fen/{file}"));
    let mut all = vec!["fen", "--quiet"];
    all.extend_from_slice(args);
    all.push(path.to_str().expect("utf-8 path"));
    run(&all)
}

fn lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .expect("utf-8")
        .lines()
        .map(str::to_owned)
        .collect()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn fen_every_ply_matches_python_chess() {
    for file in FILES {
        let out = fen(&[], file);
        assert_eq!(out.status.code(), Some(0), "{file}: {}", stderr(&out));
        let want: Vec<String> = expected(file)
            .into_iter()
            .filter(|e| e.ply > 0)
            .map(|e| e.fen_always)
            .collect();
        assert!(!want.is_empty());
        assert_eq!(lines(&out), want, "{file}");
    }
}

#[test]
fn fen_start_includes_ply_zero() {
    for file in FILES {
        let out = fen(&["--start"], file);
        let want: Vec<String> = expected(file).into_iter().map(|e| e.fen_always).collect();
        assert_eq!(lines(&out), want, "{file}");
    }
}

#[test]
fn fen_ep_legal_and_always_match_python_chess() {
    for file in FILES {
        let out = fen(&["--ep", "legal", "--start"], file);
        let want: Vec<String> = expected(file).into_iter().map(|e| e.fen_legal).collect();
        assert_eq!(lines(&out), want, "{file}");
    }
    // ep.pgn: 1.e4 (no capture possible: e3 only with --ep always), 2...f5 (exf6 legal: f6 in
    // both modes).
    let always = lines(&fen(&[], "ep.pgn"));
    let legal = lines(&fen(&["--ep", "legal"], "ep.pgn"));
    assert!(always[0].ends_with(" b KQkq e3 0 1"), "{}", always[0]);
    assert!(legal[0].ends_with(" b KQkq - 0 1"), "{}", legal[0]);
    assert!(always[3].contains(" w KQkq f6 0 3") && legal[3].contains(" w KQkq f6 0 3"));
}

#[test]
fn fen_final_ply_and_move_choose_one_position_per_game() {
    let rows = expected("twic2.pgn");
    let games: Vec<Vec<&Expected>> = (1..=2)
        .map(|g| rows.iter().filter(|e| e.game == g).collect())
        .collect();
    let pick = |f: &dyn Fn(&Vec<&Expected>) -> Option<String>| -> Vec<String> {
        games.iter().filter_map(f).collect()
    };
    let last = pick(&|g| g.last().map(|e| e.fen_always.clone()));
    assert_eq!(lines(&fen(&["--final"], "twic2.pgn")), last);
    let start = pick(&|g| Some(g[0].fen_always.clone()));
    assert_eq!(lines(&fen(&["--ply", "0"], "twic2.pgn")), start);
    let ply5 = pick(&|g| Some(g[5].fen_always.clone()));
    assert_eq!(lines(&fen(&["--ply", "5"], "twic2.pgn")), ply5);
    // Before White's 23rd move = after ply 44; before Black's 23rd move = after ply 45.
    let w23 = pick(&|g| g.get(44).map(|e| e.fen_always.clone()));
    let out = lines(&fen(&["--move", "23w"], "twic2.pgn"));
    assert_eq!(out, w23);
    assert!(
        out[0].contains(" w ") && out[0].ends_with(" 23"),
        "{}",
        out[0]
    );
    let b23 = pick(&|g| g.get(45).map(|e| e.fen_always.clone()));
    assert_eq!(lines(&fen(&["--move", "23b"], "twic2.pgn")), b23);
    // A ply past the end of every game: nothing, and no error.
    let out = fen(&["--ply", "9999"], "twic2.pgn");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
}

#[test]
fn fen_epd_matches_python_chess() {
    for file in FILES {
        let out = fen(&["--epd", "--start"], file);
        let want: Vec<String> = expected(file).into_iter().map(|e| e.epd).collect();
        assert_eq!(lines(&out), want, "{file}");
    }
}

#[test]
fn fen_chess960_prints_xfen_and_shredder_fen() {
    let out = lines(&fen(&["--start"], "chess960.pgn"));
    assert_eq!(
        out[0],
        "rr1k3r/1ppppppp/8/8/8/8/1PPPPPPP/RR1K3R w KBkb - 0 1"
    );
    for file in FILES {
        let out = fen(&["--shredder", "--start"], file);
        let want: Vec<String> = expected(file).into_iter().map(|e| e.shredder).collect();
        assert_eq!(lines(&out), want, "{file}");
    }
}

#[test]
fn fen_jsonl_records_match_python_chess() {
    for file in FILES {
        let out = fen(&["--format", "jsonl", "--start"], file);
        assert_eq!(out.status.code(), Some(0));
        let records = parse_jsonl(&out.stdout);
        assert!(out.stdout.starts_with(b"{\"type\":\"position\",\"file\":"));
        let want = expected(file);
        assert_eq!(records.len(), want.len() + 1, "{file}");
        let path = testdata(&format!("fen/{file}"));
        for (r, e) in records.iter().zip(&want) {
            let null_or = |s: &str| {
                if e.ply == 0 {
                    Value::Null
                } else {
                    Value::from(s)
                }
            };
            let mut keys: Vec<&str> = r
                .as_object()
                .expect("object")
                .keys()
                .map(|k| k.as_str())
                .collect();
            keys.sort_unstable();
            assert_eq!(
                keys,
                [
                    "black", "event", "fen", "file", "game", "move", "path", "ply", "san", "type",
                    "uci", "white"
                ]
            );
            assert_eq!(r["type"], "position");
            assert_eq!(r["file"], path.to_str().unwrap());
            assert_eq!(r["game"], e.game);
            assert_eq!(r["ply"], e.ply);
            assert_eq!(r["move"], null_or(&e.move_text), "{file} {r}");
            assert_eq!(r["san"], null_or(&e.san));
            assert_eq!(r["uci"], null_or(&e.uci));
            assert_eq!(r["fen"], e.fen_always.as_str());
            assert_eq!(r["path"], Value::Null);
        }
        let summary = records.last().unwrap();
        assert_eq!(summary["type"], "summary");
        assert_eq!(summary["positions"], want.len() as u64);
        assert_eq!(summary["errors"], 0);
        assert_eq!(summary["files"], 1);
        for key in ["games", "bytes", "seconds"] {
            assert!(summary.get(key).is_some(), "{key}");
        }
    }
    let out = fen(&["--format", "jsonl", "--ply", "3"], "twic2.pgn");
    let records = parse_jsonl(&out.stdout);
    assert_eq!(records[0]["move"], "2.Nf3");
    assert_eq!(records[0]["white"], "Carlsen,M");
    assert_eq!(records[0]["event"], "4th London Chess Classic");
    assert_eq!(records[1]["black"], "Kramnik,V");
}

#[test]
fn fen_csv_has_the_jsonl_keys_as_columns() {
    let out = fen(&["--format", "csv", "--start"], "chess960.pgn");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        header,
        [
            "file", "game", "ply", "move", "san", "uci", "fen", "event", "white", "black", "path"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let want = expected("chess960.pgn");
    assert_eq!(rows.len(), want.len());
    for (row, e) in rows.iter().zip(&want) {
        assert_eq!(row[2].parse::<u32>().unwrap(), e.ply);
        assert_eq!(&row[3], e.move_text.as_str());
        assert_eq!(&row[4], e.san.as_str());
        assert_eq!(&row[5], e.uci.as_str());
        assert_eq!(&row[6], e.fen_always.as_str());
        assert_eq!(&row[7], "Chess960 castling");
    }
}

#[test]
fn fen_illegal_move_keeps_earlier_positions_and_exits_1() {
    let out = fen(&[], "illegal.pgn");
    assert_eq!(out.status.code(), Some(1));
    let got = lines(&out);
    assert_eq!(got.len(), 4 + 2, "{got:?}");
    assert_eq!(
        got[3],
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
    assert_eq!(
        got[5],
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2"
    );
    let err = stderr(&out);
    assert!(
        err.contains("illegal.pgn: game 1: stopped at ply 5 (3.Ke3): no white king can move to e3 [illegal-move/no-piece]"),
        "{err}"
    );
    let out = fen(&["--format", "jsonl"], "illegal.pgn");
    assert_eq!(out.status.code(), Some(1));
    let records = parse_jsonl(&out.stdout);
    let errors: Vec<&Value> = records.iter().filter(|r| r["type"] == "error").collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["game"], 1);
    assert_eq!(errors[0]["ply"], 5);
    assert_eq!(errors[0]["move"], "3.Ke3");
    assert_eq!(errors[0]["code"], "illegal-move/no-piece");
    // The error record follows the game's last position and precedes the next game.
    assert_eq!(records[4]["type"], "error");
    assert_eq!(records[5]["game"], 2);
    let summary = records.last().unwrap();
    assert_eq!(summary["errors"], 1);
    assert_eq!(summary["games"], 2);
    assert_eq!(summary["positions"], 6);
}

#[test]
fn fen_unreadable_file_exits_2() {
    let out = run(&["fen", "--quiet", "no/such/file.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no/such/file.pgn"));
}

#[test]
fn fen_output_is_the_same_for_any_jobs() {
    let path = testdata("twic944-300.pgn");
    let path = path.to_str().unwrap();
    let one = run(&["fen", "-q", "-j", "1", "--format", "csv", path]);
    let four = run(&["fen", "-q", "-j", "4", "--format", "csv", path]);
    assert_eq!(one.status.code(), four.status.code());
    assert!(one.stdout.len() > 100_000);
    assert!(one.stdout == four.stdout);
}

/// Invalid FENs, each with the code (and a word of the message) `--check` must give.
const INVALID: &[(&str, &str, &str)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "fen/board",
        "7 ranks",
    ),
    (
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen/board",
        "rank 7",
    ),
    (
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen/board",
        "two digits",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "fen/piece",
        "'X'",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        "fen/fields",
        "has 3",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "fen/fields",
        "fullmove number is missing",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 7",
        "fen/fields",
        "has 7",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
        "fen/side-to-move",
        "\"white\"",
    ),
    (
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        "fen/kings",
        "Black has 0",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1",
        "fen/kings",
        "White has 2",
    ),
    (
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
        "fen/pawns-on-back-rank",
        "h8",
    ),
    (
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "fen/opposite-check",
        "rook on e7",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
        "fen/castling",
        "'x'",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
        "fen/kings",
        "White has 0",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "fen/en-passant",
        "not a square",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "fen/halfmove",
        "\"x\"",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        "fen/halfmove",
        "\"-1\"",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one",
        "fen/fullmove",
        "\"one\"",
    ),
];

/// Legal but suspicious, or read with a repair (issue 12: a right or an en passant square the
/// position cannot have is dropped, a double step sets the clock to 0): warnings (exit status 0
/// on their own).
const SUSPICIOUS: &[(&str, &str, &str)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1",
        "fen/castling",
        "twice",
    ),
    (
        "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen/castling",
        "'k' dropped",
    ),
    (
        "4k3/8/8/8/8/8/8/R3K2R w KQk - 0 1",
        "fen/castling",
        "'k' dropped",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
        "fen/en-passant",
        "rank 3",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
        "fen/en-passant",
        "no white pawn on e4",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
        "fen/en-passant",
        "e3 holds a white knight",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3 1",
        "fen/halfmove",
        "read as 0, not 3",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "fen/fullmove",
        "is 0",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 10 1",
        "fen/halfmove",
        "more than the 0 plies",
    ),
    (
        "4k3/8/3N4/1B6/8/8/8/4RK2 b - - 0 1",
        "fen/impossible-check",
        "no legal last move",
    ),
    (
        "4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1",
        "fen/material",
        "promotions",
    ),
];

fn check_table(table: &[(&str, &str, &str)], severity: &str) -> i32 {
    let dir = TempDir::new("fen-check");
    let mut text = String::from("# comment line\n\n");
    for (fen, _, _) in table {
        text.push_str(fen);
        text.push('\n');
    }
    let path = dir.write("table.fen", text.as_bytes());
    let out = run(&[
        "fen",
        "--check",
        "--format",
        "jsonl",
        path.to_str().unwrap(),
    ]);
    let records = parse_jsonl(&out.stdout);
    let findings: Vec<&Value> = records.iter().filter(|r| r["type"] == "finding").collect();
    assert_eq!(findings.len(), table.len(), "{records:#?}");
    for (i, ((fen, code, words), f)) in table.iter().zip(&findings).enumerate() {
        assert_eq!(f["line"], i as u64 + 3, "{fen}");
        assert_eq!(f["game"], i as u64 + 1, "{fen}");
        assert_eq!(f["code"], *code, "{fen}: {f}");
        assert_eq!(f["severity"], severity, "{fen}: {f}");
        let message = f["message"].as_str().unwrap();
        assert!(
            message.contains(words),
            "{fen}: {message:?} lacks {words:?}"
        );
    }
    let summary = records.last().unwrap();
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["games"], table.len() as u64);
    out.status.code().unwrap()
}

#[test]
fn fen_check_table_of_invalid_fens() {
    assert_eq!(check_table(INVALID, "error"), 1);
}

#[test]
fn fen_check_warns_about_suspicious_fens() {
    assert_eq!(check_table(SUSPICIOUS, "warning"), 0);
}

#[test]
fn fen_check_text_findings_and_normalize() {
    let dir = TempDir::new("fen-check-text");
    let path = dir.write(
        "mixed.epd",
        b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n\
          # skipped\n\
          4k3/8/8/8/8/8/8/4K3 w X - 0 1\n\
          4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"epd\";\n",
    );
    let p = path.to_str().unwrap();
    let out = run(&["fen", "--check", p]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(&format!(
            "{p}:3:23: error[fen/castling]: the castling field \"X\" has 'X': "
        )),
        "{text}"
    );
    assert!(
        text.ends_with("summary: 1 file, 3 FENs: 1 with errors, 0 with warnings\n"),
        "{text}"
    );
    let out = run(&["fen", "--check", "--normalize", "--ep", "legal", p]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout.clone()).unwrap(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
    );
    assert!(stderr(&out).contains("error[fen/castling]"));
    let good = dir.write(
        "good.fen",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    let out = run(&["fen", "--check", good.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
}

/// One row of `testdata/expected/fen-variations-python-chess.tsv` (written by
/// `tools/expectations/fen_variations.py`): a position of any line, in the game's text order.
#[derive(Debug)]
struct VarExpected {
    game: u64,
    ply: u32,
    path: String,
    move_text: String,
    san: String,
    uci: String,
    fen: String,
    epd: String,
    line_end: bool,
}

fn var_expected(label: &str) -> Vec<VarExpected> {
    let text = std::fs::read_to_string(testdata("expected/fen-variations-python-chess.tsv"))
        .expect("fen-variations-python-chess.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("file\t"))
        .map(|l| l.split('\t').collect::<Vec<&str>>())
        .filter(|c| c[0] == label)
        .map(|c| {
            assert_eq!(c.len(), 10, "bad row {c:?}");
            VarExpected {
                game: c[1].parse().expect("game"),
                ply: c[2].parse().expect("ply"),
                path: c[3].to_owned(),
                move_text: c[4].to_owned(),
                san: c[5].to_owned(),
                uci: c[6].to_owned(),
                fen: c[7].to_owned(),
                epd: c[8].to_owned(),
                line_end: c[9] == "1",
            }
        })
        .collect()
}

/// The files with python-chess expectations for variations: the hand-written one, and a corpus
/// file rich in variations when the corpus is present.
fn variation_files() -> Vec<(String, std::path::PathBuf)> {
    let mut files = vec![("variations.pgn".to_owned(), testdata("fen/variations.pgn"))];
    if let Some(corpus) = crate::util::corpus("the corpus file of the variation expectations") {
        let rel = "games/pgn4web_chess-informant-sample.pgn";
        files.push((format!("corpus:{rel}"), corpus.join(rel)));
    }
    files
}

fn fen_of(args: &[&str], path: &std::path::Path) -> Output {
    let mut all = vec!["fen", "--quiet"];
    all.extend_from_slice(args);
    all.push(path.to_str().expect("utf-8 path"));
    run(&all)
}

#[test]
fn fen_variations_jsonl_matches_python_chess() {
    for (label, path) in variation_files() {
        let want = var_expected(&label);
        assert!(want.len() > 100, "{label}");
        assert!(
            want.iter().any(|e| e.path.contains(' ')),
            "{label}: no nested variation"
        );
        let out = fen_of(&["--variations", "--start", "--format", "jsonl"], &path);
        assert_eq!(out.status.code(), Some(0), "{label}: {}", stderr(&out));
        let records = parse_jsonl(&out.stdout);
        let positions: Vec<&Value> = records.iter().filter(|r| r["type"] == "position").collect();
        assert_eq!(positions.len(), want.len(), "{label}");
        let text = |s: &str| {
            if s.is_empty() {
                Value::Null
            } else {
                Value::from(s)
            }
        };
        for (r, e) in positions.iter().zip(&want) {
            assert_eq!(r["game"], e.game, "{label} {r}");
            assert_eq!(r["ply"], e.ply, "{label} {r}");
            assert_eq!(r["path"], text(&e.path), "{label} {r}");
            assert_eq!(r["move"], text(&e.move_text), "{label} {r}");
            assert_eq!(r["san"], text(&e.san), "{label} {r}");
            assert_eq!(r["uci"], text(&e.uci), "{label} {r}");
            assert_eq!(r["fen"], e.fen.as_str(), "{label} {r}");
        }
    }
}

#[test]
fn fen_variations_text_and_epd_match_python_chess() {
    for (label, path) in variation_files() {
        let want = var_expected(&label);
        // FEN lines: the path after a tab inside variations.
        let got = lines(&fen_of(&["--variations", "--start"], &path));
        let lines_wanted: Vec<String> = want
            .iter()
            .map(|e| {
                if e.path.is_empty() {
                    e.fen.clone()
                } else {
                    format!("{}\t{}", e.fen, e.path)
                }
            })
            .collect();
        assert_eq!(got, lines_wanted, "{label}");
        // EPD with sm (the move played next in the line) and c0 (from the tags, escaped).
        let got = lines(&fen_of(
            &[
                "--variations",
                "--start",
                "--epd",
                "--epd-moves",
                "--epd-tags",
            ],
            &path,
        ));
        let epd: Vec<String> = want.iter().map(|e| e.epd.clone()).collect();
        assert_eq!(got, epd, "{label}");
    }
    // The escapes of c0: the tag values `White, "Quoted" A.` and `Black\B`.
    let got = lines(&fen(
        &["--epd", "--epd-tags", "--ply", "1"],
        "variations.pgn",
    ));
    assert!(
        got[0]
            .ends_with(r#"; c0 "White, \"Quoted\" A. - Black\\B, Nested variations, 2020.01.01";"#),
        "{}",
        got[0]
    );
}

#[test]
fn fen_variations_selections_apply_to_every_line() {
    for (label, path) in variation_files() {
        let want = var_expected(&label);
        let fen_path = |e: &VarExpected| format!("{} {}", e.fen, e.path);
        let got_of = |args: &[&str]| -> Vec<String> {
            let out = fen_of(args, &path);
            parse_jsonl(&out.stdout)
                .iter()
                .filter(|r| r["type"] == "position")
                .map(|r| {
                    format!(
                        "{} {}",
                        r["fen"].as_str().unwrap(),
                        r["path"].as_str().unwrap_or("")
                    )
                })
                .collect()
        };
        // --ply N: the positions after ply N of every line, in text order.
        for n in [1u32, 6, 11] {
            let expected: Vec<String> = want.iter().filter(|e| e.ply == n).map(fen_path).collect();
            let got = got_of(&["--variations", "--format", "jsonl", "--ply", &n.to_string()]);
            assert_eq!(got, expected, "{label} --ply {n}");
        }
        // --final: the last position of every line (each variation's when it closes).
        let mut expected: Vec<String> = want.iter().filter(|e| e.line_end).map(fen_path).collect();
        let mut got = got_of(&["--variations", "--format", "jsonl", "--final"]);
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "{label} --final");
        // Without --variations: the main line only (the rows without a path).
        let main: Vec<String> = want
            .iter()
            .filter(|e| e.path.is_empty() && e.ply > 0)
            .map(|e| e.fen.clone())
            .collect();
        assert_eq!(lines(&fen_of(&[], &path)), main, "{label}");
    }
}

#[test]
fn fen_variations_illegal_move_cuts_that_variation_only() {
    let dir = TempDir::new("fen-variations");
    let path = dir.write(
        "bad.pgn",
        b"[Event \"x\"]\n\n( 1. d4 ) 1. e4 e5 (1... c5 2. Ke3 Nc6) (1... e6) 2. Nf3 *\n",
    );
    let out = fen_of(&["--variations"], &path);
    assert_eq!(out.status.code(), Some(1));
    let got = lines(&out);
    // A variation before the first move has no move to replace: left out.
    assert_eq!(
        got,
        [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2\t1...e5(1)",
            "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\t1...e5(2)",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        ]
    );
    let err = stderr(&out);
    assert!(
        err.contains("game 1: variation 1...e5(1): stopped at ply 3 (2.Ke3): "),
        "{err}"
    );
    let out = fen_of(&["--variations", "--format", "jsonl"], &path);
    let records = parse_jsonl(&out.stdout);
    let errors: Vec<&Value> = records.iter().filter(|r| r["type"] == "error").collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["path"], "1...e5(1)");
    assert_eq!(errors[0]["ply"], 3);
    assert_eq!(errors[0]["move"], "2.Ke3");
    assert_eq!(records.last().unwrap()["errors"], 1);
    // Without --variations the variation is not read: nothing wrong.
    assert_eq!(fen_of(&[], &path).status.code(), Some(0));
}
