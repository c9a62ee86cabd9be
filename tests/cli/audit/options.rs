//! `--rules`, `--positions`, the formats, `--jobs`, exit status and summary.

use super::*;

const ALL_GAMES: [&str; 4] = ["repetition.pgn", "fifty.pgn", "endings.pgn", "claims.pgn"];

/// The rules of the verdicts of `--rules <rules>` on every test file, counted; panics on a
/// verdict whose rule is not in `allowed`. A result that contradicts a checkmate is not one of
/// the selectable draw rules, and an incomplete audit has no rule: both are always allowed.
/// Insufficient material belongs to `dead` ("dead position and insufficient material").
fn rules_seen(rules: &str, allowed: &[&str]) -> BTreeMap<String, usize> {
    let (records, _) = audit(&ALL_GAMES, &["--rules", rules]);
    let mut seen = BTreeMap::new();
    for r in all_verdicts(&records) {
        let rule = r.rule.map_or("none", |r| r.name());
        assert!(
            rule == "checkmate" || rule == "none" || allowed.contains(&rule),
            "--rules {rules} gave {r:?}"
        );
        *seen.entry(rule.to_owned()).or_insert(0) += 1;
    }
    seen
}

#[test]
fn rules_repetition_only() {
    // Among others, "same-coloured bishops, decisive result" (0-1 with K+B v K+B) and "lone
    // king wins" (1-0 with a bare white king) must give no insufficient-material verdict here.
    // Threefold: 3 draws claimed without support, 3 with (`draw/claim-supported`: on the
    // board, about to appear, named in a comment).
    let seen = rules_seen("repetition", &["threefold", "fivefold"]);
    assert_eq!(seen.get("fivefold"), Some(&4), "{seen:?}");
    assert_eq!(seen.get("threefold"), Some(&6), "{seen:?}");
}

#[test]
fn rules_fifty_only() {
    // Fifty moves: 3 draws claimed without support, 3 with (about to, named in a comment, and
    // by writing a move that stalemates).
    let seen = rules_seen("fifty", &["fifty-move", "seventy-five-move"]);
    assert_eq!(seen.get("seventy-five-move"), Some(&5), "{seen:?}");
    assert_eq!(seen.get("fifty-move"), Some(&6), "{seen:?}");
}

#[test]
fn rules_stalemate_and_dead() {
    let seen = rules_seen(
        "stalemate,dead",
        &["stalemate", "insufficient-material", "dead-position"],
    );
    assert_eq!(seen.get("stalemate"), Some(&3), "{seen:?}");
    assert_eq!(seen.get("insufficient-material"), Some(&4), "{seen:?}");
    assert_eq!(seen.get("dead-position"), Some(&2), "{seen:?}");
}

/// `--rules` takes the rule names the verdicts carry as well as the families (issue 18): a name
/// chooses its family, so `threefold` gives the same verdicts as `repetition`.
#[test]
fn rules_by_the_names_the_verdicts_carry() {
    for (name, family) in [
        ("threefold", "repetition"),
        ("fivefold", "repetition"),
        ("fifty-move", "fifty"),
        ("seventy-five-move", "fifty"),
        ("dead-position,stalemate", "dead,stalemate"),
        ("insufficient-material", "dead"),
    ] {
        let by_name = audit(&ALL_GAMES, &["--rules", name]).0;
        let by_family = audit(&ALL_GAMES, &["--rules", family]).0;
        let name_verdicts: Vec<_> = all_verdicts(&by_name).collect();
        let family_verdicts: Vec<_> = all_verdicts(&by_family).collect();
        assert_eq!(name_verdicts, family_verdicts, "{name} vs {family}");
        assert!(!name_verdicts.is_empty(), "{name}");
    }
}

/// An expected `position` record: line, FEN, checkmate, stalemate, `insufficient_material`, dead.
type Pos<'a> = (u64, &'a str, bool, bool, &'a str, bool);

/// The valid lines of `testdata/audit/positions.epd`. `insufficient_material` names the sides
/// that cannot mate (python-chess `has_insufficient_material(color)` for each colour); a
/// stalemate is reported as a stalemate, not as dead (issue 31: it ends the game by art. 5.2.1,
/// before, `dead` was true). Blank and `#` lines are skipped, but counted in line numbers.
#[rustfmt::skip]
const POSITIONS: [Pos<'static>; 15] = [
    // Fool's mate: white is checkmated.
    (2, FOOLS_MATE, true, false, "none", false),
    // EPD (no counters, with operations): black is stalemated.
    (3, "7k/8/6Q1/8/8/8/8/K7 b - - 0 1", false, true, "black", false),
    (4, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false, "both", true),
    (6, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", false, false, "black", false),
    (7, "4k3/3q4/8/8/8/8/8/4K3 w - - 0 1", false, false, "white", false),
    (8, START, false, false, "none", false),
    // Bishops on b3 and d5, both light squares: dead.
    (9, "4k3/8/8/3b4/8/1B6/8/4K3 w - - 0 1", false, false, "both", true),
    // Bishops on c1 (dark) and d5 (light): a helpmate exists.
    (10, "4k3/8/8/3b4/8/8/8/2B1K3 w - - 0 1", false, false, "none", false),
    // K+N v K+N and K+B v K+N: never dead by material.
    (11, "4k3/8/8/3n4/8/8/8/4K1N1 w - - 0 1", false, false, "none", false),
    (12, "4k3/8/8/3n4/8/8/8/4KB2 w - - 0 1", false, false, "none", false),
    (13, "4k3/8/8/8/8/8/8/3NK3 b - - 0 1", false, false, "both", true),
    // A locked wall no king can cross: dead (python-chess only says it is not insufficient
    // material).
    (14, WALL, false, false, "none", true),
    // The same wall with the white king on c6, next to undefended pawns: not dead.
    (15, "8/8/2K5/p1p1p1p1/P1P1P1P1/8/8/4k3 w - - 0 1", false, false, "none", false),
    (17, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false, "both", true),
    // A FEN en passant square without a legal capture is dropped from the FEN written back.
    (19, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", false, false, "black", false),
];

/// After 1.f3 e5 2.g4 Qh4#: white is checkmated.
const FOOLS_MATE: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
/// The standard start position.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// A locked pawn wall, kings on their own sides.
const WALL: &str = "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1";

#[test]
fn positions_file() {
    let out = run(&[
        "audit",
        "--quiet",
        "--format",
        "jsonl",
        "--positions",
        &data("positions.epd"),
    ]);
    // An invalid line is an error in the input.
    assert_eq!(out.status.code(), Some(1));
    let mut records: Vec<PositionRecord> = parse_records(&out.stdout);
    let Some(PositionRecord::Summary(s)) = records.pop() else {
        panic!("the last record is not the summary");
    };
    let (valid, invalid): (Vec<Position>, Vec<Position>) = records
        .into_iter()
        .map(|r| match r {
            PositionRecord::Position(p) => p,
            PositionRecord::Summary(_) => panic!("a summary before the last line"),
        })
        .partition(|r| r.error.is_none());
    let material = |m: Option<Material>| match m.expect("insufficient_material") {
        Material::None => "none",
        Material::White => "white",
        Material::Black => "black",
        Material::Both => "both",
    };
    let seen: Vec<Pos<'_>> = valid
        .iter()
        .map(|r| {
            (
                r.line,
                r.fen.as_str(),
                r.checkmate.expect("checkmate"),
                r.stalemate.expect("stalemate"),
                material(r.insufficient_material),
                r.dead.expect("dead"),
            )
        })
        .collect();
    assert_eq!(seen, POSITIONS);
    let reason = |line: u64| {
        let r = valid
            .iter()
            .find(|r| r.line == line)
            .unwrap_or_else(|| panic!("line {line}"));
        r.reason.clone().unwrap_or_default()
    };
    assert!(reason(2).contains("checkmated"), "{}", reason(2));
    assert!(reason(3).contains("stalemated"), "{}", reason(3));
    assert!(reason(9).contains("insufficient material"), "{}", reason(9));
    assert!(reason(9).contains("K+B v K+B"), "{}", reason(9));
    assert!(reason(14).contains("never give check"), "{}", reason(14));
    for line in [6, 8, 10, 11, 12, 15, 19] {
        assert_eq!(
            reason(line),
            "",
            "line {line}: a live position has no reason"
        );
    }
    // Invalid lines: the text as read and why it is not a position, other fields null.
    let invalid: Vec<(u64, String)> = invalid
        .iter()
        .map(|r| {
            let fields = [
                r.checkmate.is_none(),
                r.stalemate.is_none(),
                r.insufficient_material.is_none(),
                r.dead.is_none(),
                r.reason.is_none(),
            ];
            assert_eq!(fields, [true; 5], "{r:?}");
            assert!(!r.error.as_deref().unwrap_or("").is_empty(), "{r:?}");
            (r.line, r.fen.clone())
        })
        .collect();
    assert_eq!(
        invalid,
        vec![
            (16, "this is not a position".to_owned()),
            (18, "8/8/8/8/8/8/8/8 w - - 0 1".to_owned()),
        ]
    );
    assert_eq!(s.positions, 15);
    assert_eq!(s.invalid, 2);
    assert_eq!(s.checkmates, 1);
    assert_eq!(s.stalemates, 1);
    // Lines 4, 9, 13, 14 and 17 (the stalemate of line 3 is not counted: issue 31).
    assert_eq!(s.dead, 5);
    // Both sides of the 15 positions: no for K v K twice, the lone kings, the bishops of one
    // colour, the wall, both sides of the stalemate and the checkmated White; yes where a
    // helpmate exists (the test set of tests/cli/unwinnable.rs replays such lines).
    assert_eq!(s.can_mate.yes + s.can_mate.no, 30);
    assert_eq!(s.can_mate.unknown, 0);
}

/// A positions file with only valid lines: exit status 0.
#[test]
fn positions_file_of_valid_lines() {
    let tmp = TempDir::new("audit-positions");
    let path = tmp.write(
        "ok.fen",
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n7k/8/6Q1/8/8/8/8/K7 b - - 0 1\n",
    );
    let out = run(&[
        "audit",
        "--quiet",
        "--positions",
        path.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0));
}

/// The text summary counts the lines read, then the positions and the invalid lines among
/// them: `2 invalid` is not read as 2 of the 1 position (it said `1 position (2 invalid)`).
/// Fails before the fix. Blank and `#` lines are no lines read; K v K is dead (FIDE Laws art.
/// 5.2.2) and neither side can checkmate.
#[test]
fn positions_text_summary_counts_the_lines() {
    let tmp = TempDir::new("audit-positions-summary");
    let path = tmp.write(
        "mixed.fen",
        b"not a position\n\n# a comment\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8/8/8/8/8/8/8 w - - 0 1\n",
    );
    let out = run(&[
        "audit",
        "--quiet",
        "--positions",
        path.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let summary = stdout.lines().last().unwrap_or_default();
    assert_eq!(
        summary,
        "summary: 3 lines: 1 position, 2 invalid; 0 checkmates, 0 stalemates, 1 dead; \
         can mate: 0 yes, 2 no, 0 unknown"
    );
}

#[test]
fn csv_headers() {
    let out = run(&["audit", "--quiet", "--format", "csv", &data("endings.pgn")]);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "severity,code,rule,file,game,ply,move,line,col,claim_move,occurrences,more_plies,\
             fen,recorded_result,correct_result,message,profile,laws,laws_basis,event,white,black"
        )
    );
    let first = lines.next().expect("a verdict row");
    assert!(
        first.starts_with("error,draw/automatic-ignored,stalemate,"),
        "{first}"
    );
    // Occurrence plies are space-separated in one field.
    let out = run(&[
        "audit",
        "--quiet",
        "--format",
        "csv",
        &data("repetition.pgn"),
    ]);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.lines()
            .any(|l| l.starts_with("warning,draw/played-on,fivefold,")
                && l.contains(",16,8...Ng8,79,8,,0 4 8 12 16,,")),
        "{text}"
    );

    // No verdict at all: the header alone.
    let tmp = TempDir::new("audit-csv");
    let path = tmp.write("agreed.pgn", b"1. e4 e5 2. Nf3 Nc6 1/2-1/2\n");
    let out = run(&[
        "audit",
        "--quiet",
        "--format",
        "csv",
        path.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).expect("utf-8"),
        "severity,code,rule,file,game,ply,move,line,col,claim_move,occurrences,more_plies,\
         fen,recorded_result,correct_result,message,profile,laws,laws_basis,event,white,black\n"
    );

    let out = run(&[
        "audit",
        "--quiet",
        "--format",
        "csv",
        "--positions",
        &data("positions.epd"),
    ]);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "line,fen,checkmate,stalemate,insufficient_material,dead,reason,white_can_mate,\
             black_can_mate,white_can_mate_reason,black_can_mate_reason,white_helpmate,\
             black_helpmate,error,problems"
        )
    );
    assert_eq!(
        lines.next(),
        Some(
            "2,rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3,true,false,none,\
             false,white is checkmated,no,yes,white is checkmated,,,,,"
        )
    );
}

/// Output with the summary's wall-clock time zeroed.
fn without_seconds(stdout: &[u8]) -> Vec<AuditRecord> {
    let mut records: Vec<AuditRecord> = parse_records(stdout);
    match records.last_mut() {
        Some(AuditRecord::Summary(s)) => s.seconds = 0.0,
        last => panic!("the last record is not the summary: {last:?}"),
    }
    records
}

#[test]
fn jobs_do_not_change_the_output() {
    // Every test file several times over, so that both workers get games.
    let mut paths = Vec::new();
    for _ in 0..8 {
        paths.extend(ALL_GAMES.iter().map(|n| data(n)));
    }
    let outputs: Vec<Vec<AuditRecord>> = ["-j1", "-j2"]
        .iter()
        .map(|j| {
            let mut args = vec![
                "audit",
                "--quiet",
                "--format",
                "jsonl",
                "--games",
                "--missed=all",
                j,
            ];
            args.extend(paths.iter().map(String::as_str));
            let out = run(&args);
            assert_eq!(out.status.code(), Some(1));
            without_seconds(&out.stdout)
        })
        .collect();
    assert_eq!(outputs[0], outputs[1]);
    assert!(outputs[0].len() > 100);
}

#[test]
fn exit_codes() {
    let tmp = TempDir::new("audit-exit");
    // Only information (a missed threefold claim): exit 0.
    let missed = tmp.write(
        "missed.pgn",
        b"1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n",
    );
    let (records, code) = audit_paths(
        &[missed.to_str().expect("utf-8").to_owned()],
        &["--missed=all"],
    );
    assert_eq!(code, 0);
    assert_eq!(summary(&records).verdicts["draw/claim-available"], 2);
    // Only an incomplete audit (information): exit 0.
    let (_, code) = audit(&["claims.pgn"], &["--rules", "stalemate"]);
    assert_eq!(code, 0);
    // An error verdict: exit 1.
    let bad = tmp.write(
        "bad.pgn",
        b"[FEN \"7k/8/8/8/8/8/8/K5Q1 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qg6 1-0\n",
    );
    let (records, code) = audit_paths(&[bad.to_str().expect("utf-8").to_owned()], &[]);
    assert_eq!(code, 1);
    assert_eq!(summary(&records).verdicts["result/contradicted"], 1);
}

#[test]
fn summary_counts() {
    let tmp = TempDir::new("audit-summary");
    let path = tmp.write(
        "mixed.pgn",
        b"[Event \"clean\"]\n\n1. e4 e5 1/2-1/2\n\n\
          [Event \"fivefold then illegal\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 \
          5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 Ke6 1/2-1/2\n\n\
          [Event \"illegal\"]\n\n1. e4 e5 2. Ke3 1-0\n\n\
          [Event \"variant\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 e5 *\n",
    );
    let (records, code) = audit_paths(&[path.to_str().expect("utf-8").to_owned()], &[]);
    // No error verdict: a draw after the fivefold stands, an incomplete audit is information.
    assert_eq!(code, 0);
    let file = path.to_str().expect("utf-8");
    let status_of = |event: &str| game(&records, file, event).status;
    assert_eq!(status_of("clean"), AuditStatus::Ok);
    // 1/2-1/2 recorded after the fivefold: it stands (a warning, `draw/played-on`); the
    // illegal move makes the audit incomplete.
    assert_eq!(status_of("fivefold then illegal"), AuditStatus::Incomplete);
    assert_eq!(status_of("illegal"), AuditStatus::Incomplete);
    assert_eq!(status_of("variant"), AuditStatus::Skipped);
    let s = summary(&records);
    assert_eq!(s.files, 1);
    assert_eq!(s.games, 3);
    assert_eq!(s.games_skipped, 1);
    assert_eq!(s.games_with_verdicts, 0);
    assert_eq!(s.verdicts["draw/played-on"], 1);
    assert_eq!(s.verdicts["audit/incomplete"], 2);
    assert_eq!(s.plies, 2 + 17 + 2);
    // "Games audited only up to an illegal move" (the field's documentation): both games with
    // an illegal move, including the one that also has an error verdict.
    assert_eq!(s.games_incomplete, 2);
}

#[test]
fn text_reads_like_an_arbiters_note() {
    let out = run(&["audit", "--quiet", &data("repetition.pgn")]);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let line = text
        .lines()
        .find(|l| l.contains("error[result/contradicted]"))
        .unwrap_or_else(|| panic!("{text}"));
    // The line and column of the move the verdict is about (8...Ng8 stands on line 90, column
    // 8 of the file), and the move in PGN style.
    assert!(
        line.starts_with(&format!("{}:90:8: error[", data("repetition.pgn"))),
        "{line}"
    );
    assert!(
        line.contains(
            "game 8 (A vs B, fivefold, decisive result) at 8...Ng8 (ply 16): 1-0 recorded"
        ),
        "{line}"
    );
    assert!(line.contains("plies 0, 4, 8, 12, 16"), "{line}");
    assert!(line.contains("9.6.1"), "{line}");
    assert!(
        text.lines()
            .last()
            .unwrap_or("")
            .starts_with("summary: 1 file,"),
        "{text}"
    );
}

/// A table (CSV, Parquet) has no room for the summary: its line goes to standard error, as
/// `check --format csv` writes it, and not with `-q` (before, `audit --format csv` wrote none).
#[test]
fn csv_summary_on_standard_error() {
    let file = data("endings.pgn");
    let positions = crate::util::testdata("audit/positions.epd");
    let runs: [Vec<&str>; 2] = [
        vec!["audit", "--format", "csv", &file],
        vec![
            "audit",
            "--format",
            "csv",
            "--positions",
            positions.to_str().unwrap(),
        ],
    ];
    for args in runs {
        let out = run(&args);
        let err = String::from_utf8(out.stderr).expect("utf-8");
        assert!(
            err.lines().any(|l| l.starts_with("summary: ")),
            "{args:?}: {err}"
        );
        let stdout = String::from_utf8(out.stdout).expect("utf-8");
        assert!(!stdout.contains("summary"), "{args:?}: {stdout}");
        let mut quiet = args.clone();
        quiet.push("-q");
        let err = String::from_utf8(run(&quiet).stderr).expect("utf-8");
        assert!(!err.contains("summary: "), "{quiet:?}: {err}");
    }
}

/// `--missed all` (no `=`) reads `all` as an input file: the error says how the value is
/// written (it said "all: No such file or directory"); the rule names are in `--help`.
#[test]
fn missed_without_equals_says_how_to_write_it() {
    let file = testdata("audit/fifty.pgn");
    let out = run(&["audit", "--missed", "all", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--missed=all"), "{err}");
    assert!(!err.contains("No such file"), "{err}");
    let help = run(&["audit", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    for alias in [
        "threefold",
        "fifty-move",
        "insufficient-material",
        "perpetual-check",
    ] {
        assert!(help.contains(&format!("`{alias}`")), "{alias}");
    }
}
