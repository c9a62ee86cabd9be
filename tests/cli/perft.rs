//! `arbiter perft`: node counts against the published perft suites.
//!
//! `testdata/perft/quick.epd` is a committed subset of the suites (every line says where it was
//! copied from); the full suites in `../shared/corpus/epd` are checked up to depth 3 when the
//! corpus is present. Positions that arbiter must reject are explicit expectations in both.

use std::process::Output;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::util::{corpus, run, testdata};

/// One position of a perft suite with its published node counts.
#[derive(Clone, Debug)]
struct Case {
    /// Where the position comes from (`file:line` or `file id`).
    source: String,
    fen: String,
    chess960: bool,
    /// `(depth, nodes)` as published.
    counts: Vec<(u32, u64)>,
    /// quick.epd only: arbiter must reject the position, naming this reason.
    invalid: Option<String>,
}

/// Reads the `FEN ;D1 n ;D2 n ...` format (EPD perft suites and `quick.epd`). `quick.epd` adds the
/// fields `;chess960` and `;invalid <reason>`; any other field is an error.
fn parse_epd(name: &str, text: &str, chess960: bool) -> Vec<Case> {
    let mut cases = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';');
        let fen = fields.next().expect("a FEN").trim().to_string();
        let mut case = Case {
            source: format!("{name}:{}", n + 1),
            fen,
            chess960,
            counts: Vec::new(),
            invalid: None,
        };
        for field in fields.map(str::trim).filter(|f| !f.is_empty()) {
            if field == "chess960" {
                case.chess960 = true;
            } else if let Some(reason) = field.strip_prefix("invalid ") {
                case.invalid = Some(reason.trim().to_string());
            } else if let Some(count) = field.strip_prefix('D') {
                let (depth, nodes) = count
                    .split_once(char::is_whitespace)
                    .unwrap_or_else(|| panic!("{}: bad field {field:?}", case.source));
                case.counts.push((
                    depth.parse().expect("depth"),
                    nodes.trim().parse().expect("node count"),
                ));
            } else {
                panic!("{}: unknown field {field:?}", case.source);
            }
        }
        cases.push(case);
    }
    cases
}

/// Reads python-chess's `.perft` format: `id NAME`, `epd FEN`, `perft DEPTH NODES` lines.
fn parse_perft(name: &str, text: &str, chess960: bool) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(Case {
                source: format!("{name} id {}", id.trim()),
                fen: String::new(),
                chess960,
                counts: Vec::new(),
                invalid: None,
            });
        } else if let Some(fen) = line.strip_prefix("epd ") {
            cases.last_mut().expect("epd after id").fen = fen.trim().to_string();
        } else if let Some(count) = line.strip_prefix("perft ") {
            let (depth, nodes) = count.trim().split_once(' ').expect("perft DEPTH NODES");
            let case = cases.last_mut().expect("perft after id");
            case.counts.push((
                depth.parse().expect("depth"),
                nodes.trim().parse().expect("nodes"),
            ));
        } else {
            assert!(
                line.is_empty() || line.starts_with('#'),
                "{name}: unexpected line {line:?}"
            );
        }
    }
    for case in &cases {
        assert!(!case.fen.is_empty(), "{}: no epd line", case.source);
    }
    cases
}

/// What `arbiter perft` said.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    Nodes(u64),
    /// Exit status 2 with this message on standard error.
    Rejected(String),
}

fn perft_args<'a>(fen: &'a str, depth: &'a str, chess960: bool, divide: bool) -> Vec<&'a str> {
    let mut args = vec!["perft", fen, depth];
    if divide {
        args.push("--divide");
    }
    if chess960 {
        args.push("--chess960");
    }
    args
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8 output")
}

/// Checks the exit status and streams of a perft run; `Err` is a rejection (exit 2).
fn perft_output(out: &Output, what: &str) -> Result<String, String> {
    match out.status.code() {
        Some(0) => {
            assert!(
                out.stderr.is_empty(),
                "{what}: stderr {:?}",
                text(&out.stderr)
            );
            Ok(text(&out.stdout))
        }
        Some(2) => {
            assert!(
                out.stdout.is_empty(),
                "{what}: stdout {:?}",
                text(&out.stdout)
            );
            let message = text(&out.stderr).trim().to_string();
            assert!(!message.is_empty(), "{what}: exit 2 without a message");
            Err(message)
        }
        other => panic!(
            "{what}: exit status {other:?}, stderr {:?}",
            text(&out.stderr)
        ),
    }
}

/// `arbiter perft FEN DEPTH`.
fn perft(fen: &str, depth: u32, chess960: bool) -> Outcome {
    let d = depth.to_string();
    let out = run(&perft_args(fen, &d, chess960, false));
    match perft_output(&out, &format!("perft {fen:?} {depth}")) {
        Ok(stdout) => Outcome::Nodes(
            stdout
                .strip_suffix('\n')
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("perft {fen:?} {depth}: stdout {stdout:?}")),
        ),
        Err(message) => Outcome::Rejected(message),
    }
}

/// The output of `arbiter perft FEN DEPTH --divide`.
#[derive(Debug)]
struct Divide {
    split: Vec<(String, u64)>,
    moves: u64,
    nodes: u64,
}

fn is_uci(mv: &str) -> bool {
    let b = mv.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match b.len() {
        4 => square(b[0], b[1]) && square(b[2], b[3]),
        5 => square(b[0], b[1]) && square(b[2], b[3]) && b"nbrq".contains(&b[4]),
        _ => false,
    }
}

/// `arbiter perft FEN DEPTH --divide`; the position must be accepted.
fn divide(fen: &str, depth: u32, chess960: bool) -> Divide {
    divide_outcome(fen, depth, chess960)
        .unwrap_or_else(|e| panic!("perft {fen:?} {depth} --divide: rejected: {e}"))
}

/// `arbiter perft FEN DEPTH --divide`, parsed strictly: `uci: nodes` lines, a blank line,
/// `moves: N`, `nodes: N`; `Err` is a rejection (exit 2).
fn divide_outcome(fen: &str, depth: u32, chess960: bool) -> Result<Divide, String> {
    let d = depth.to_string();
    let what = format!("perft {fen:?} {depth} --divide");
    let out = run(&perft_args(fen, &d, chess960, true));
    let stdout = perft_output(&out, &what)?;
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        stdout.ends_with('\n') && lines.len() >= 3,
        "{what}: {stdout:?}"
    );
    let n = lines.len();
    assert_eq!(lines[n - 3], "", "{what}: no blank line before the totals");
    let total = |line: &str, key: &str| -> u64 {
        line.strip_prefix(key)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{what}: expected {key:?}, got {line:?}"))
    };
    let moves = total(lines[n - 2], "moves: ");
    let nodes = total(lines[n - 1], "nodes: ");
    let split: Vec<(String, u64)> = lines[..n - 3]
        .iter()
        .map(|line| {
            let (mv, count) = line
                .split_once(": ")
                .unwrap_or_else(|| panic!("{what}: bad line {line:?}"));
            assert!(is_uci(mv), "{what}: not a UCI move: {line:?}");
            (mv.to_string(), count.parse().expect("node count"))
        })
        .collect();
    Ok(Divide {
        split,
        moves,
        nodes,
    })
}

/// Runs `f` on every item on a few threads; results in item order.
fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 8));
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        done.push((i, f(item)));
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("worker thread"))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

fn quick_cases() -> Vec<Case> {
    let path = testdata("perft/quick.epd");
    let body = std::fs::read_to_string(&path).expect("read testdata/perft/quick.epd");
    parse_epd("quick.epd", &body, false)
}

/// Every count of `testdata/perft/quick.epd`, and every rejection it lists.
#[test]
fn quick_suite_node_counts() {
    let cases = quick_cases();
    assert!(cases.len() >= 40, "quick.epd: {} positions", cases.len());
    let chess960 = cases.iter().filter(|c| c.chess960).count();
    assert!(chess960 >= 10, "quick.epd: {chess960} Chess960 positions");
    let invalid = cases.iter().filter(|c| c.invalid.is_some()).count();
    assert!(invalid >= 5, "quick.epd: {invalid} positions to reject");

    let failures: Vec<String> = parallel_map(&cases, |case| {
        let mut failures = Vec::new();
        if let Some(reason) = &case.invalid {
            assert!(
                case.counts.is_empty(),
                "{}: invalid with counts",
                case.source
            );
            match perft(&case.fen, 1, case.chess960) {
                Outcome::Rejected(msg) if msg.contains("bad FEN") && msg.contains(reason) => {}
                other => failures.push(format!(
                    "{}: {}: expected a rejection naming {reason:?}, got {other:?}",
                    case.source, case.fen
                )),
            }
            return failures;
        }
        assert!(!case.counts.is_empty(), "{}: no counts", case.source);
        for &(depth, nodes) in &case.counts {
            let got = perft(&case.fen, depth, case.chess960);
            if got != Outcome::Nodes(nodes) {
                failures.push(format!(
                    "{}: {} depth {depth}: expected {nodes}, got {got:?}",
                    case.source, case.fen
                ));
            }
        }
        failures
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

/// Node counts of the 20 first moves at depth 3 from the initial position, as Stockfish's
/// `go perft 3` prints them (checked with python-chess 1.11.2).
const STARTPOS_DIVIDE_3: &[(&str, u64)] = &[
    ("a2a3", 380),
    ("a2a4", 420),
    ("b1a3", 400),
    ("b1c3", 440),
    ("b2b3", 420),
    ("b2b4", 421),
    ("c2c3", 420),
    ("c2c4", 441),
    ("d2d3", 539),
    ("d2d4", 560),
    ("e2e3", 599),
    ("e2e4", 600),
    ("f2f3", 380),
    ("f2f4", 401),
    ("g1f3", 440),
    ("g1h3", 400),
    ("g2g3", 420),
    ("g2g4", 421),
    ("h2h3", 380),
    ("h2h4", 420),
];

/// Checks the internal consistency of `--divide` against plain perft and returns it.
fn checked_divide(fen: &str, depth: u32, chess960: bool, nodes: u64) -> Divide {
    let what = format!("{fen:?} depth {depth}");
    let d = divide(fen, depth, chess960);
    let sum: u64 = d.split.iter().map(|(_, n)| n).sum();
    assert_eq!(
        sum, d.nodes,
        "{what}: the divide lines do not add up to the total"
    );
    assert_eq!(d.nodes, nodes, "{what}: total");
    assert_eq!(perft(fen, depth, chess960), Outcome::Nodes(nodes), "{what}");
    assert_eq!(d.moves, d.split.len() as u64, "{what}: moves vs lines");
    assert_eq!(
        perft(fen, 1, chess960),
        Outcome::Nodes(d.moves),
        "{what}: moves vs perft depth 1"
    );
    let mut sorted: Vec<&str> = d.split.iter().map(|(m, _)| m.as_str()).collect();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), d.split.len(), "{what}: duplicate moves");
    if depth == 1 {
        assert!(d.split.iter().all(|(_, n)| *n == 1), "{what}: {d:?}");
    }
    d
}

#[test]
fn divide_adds_up_and_lists_the_legal_moves() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let d = checked_divide(start, 3, false, 8902);
    let expected: Vec<(String, u64)> = STARTPOS_DIVIDE_3
        .iter()
        .map(|(m, n)| (m.to_string(), *n))
        .collect();
    let mut got = d.split;
    got.sort();
    assert_eq!(got, expected, "startpos divide 3");
    // `startpos` is the initial position.
    let d = divide("startpos", 2, false);
    assert_eq!((d.moves, d.nodes), (20, 400));
    assert!(d.split.iter().all(|(_, n)| *n == 20), "{d:?}");

    // Kiwipete: castling is written king to destination square in standard chess.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let d = checked_divide(kiwipete, 3, false, 97_862);
    assert_eq!(d.moves, 48);
    let has = |d: &Divide, m: &str| d.split.iter().any(|(mv, _)| mv == m);
    assert!(has(&d, "e1g1") && has(&d, "e1c1"), "{d:?}");
    assert!(!has(&d, "e1h1") && !has(&d, "e1a1"), "{d:?}");
    checked_divide(kiwipete, 1, false, 48);

    // Position 5: promotions are written with a lowercase piece letter.
    let pos5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 0 1";
    let d = checked_divide(pos5, 2, false, 1486);
    for piece in ["q", "r", "b", "n"] {
        assert!(has(&d, &format!("d7c8{piece}")), "{d:?}");
    }

    // Chess960 (ethereal_perft_fischer.epd line 272: D1 28, D2 697, D3 20141): both castlings
    // are legal and written king takes rook, e1g1 and e1d1 (python-chess lists the same 28).
    let frc = "bbnrk1rq/pp2p1pp/2ppn3/5p2/8/3NNP1P/PPPPP1P1/BB1RK1RQ w GDgd - 1 9";
    let d = checked_divide(frc, 3, true, 20_141);
    assert_eq!(d.moves, 28);
    assert!(has(&d, "e1g1") && has(&d, "e1d1"), "{d:?}");
    assert!(!has(&d, "e1c1"), "{d:?}");
    checked_divide(frc, 2, true, 697);
}

#[test]
fn bad_fen_exits_2_with_a_message() {
    for (fen, reason) in [
        ("not a fen", "bad FEN"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "invalid board",
        ),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "missing king"),
        ("4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "castling"),
        ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "ep square"),
        ("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", "impossible check"),
    ] {
        let out = run(&["perft", fen, "2"]);
        assert_eq!(out.status.code(), Some(2), "{fen:?}");
        assert!(out.stdout.is_empty(), "{fen:?}: {:?}", text(&out.stdout));
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("bad FEN") && stderr.contains(reason),
            "{fen:?}: {stderr:?}"
        );
    }
    // A depth that is not a number is a usage error.
    let out = run(&["perft", "startpos", "x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(!out.stderr.is_empty());
    // Depth 0 counts the position itself.
    assert_eq!(perft("startpos", 0, false), Outcome::Nodes(1));
}

/// The perft suites of the shared corpus: file, format, Chess960, number of positions.
const SUITES: &[(&str, bool, bool, usize)] = &[
    // (file, python-chess `.perft` format, Chess960, positions)
    ("ethereal_perft_standard.epd", false, false, 128),
    ("pychess_perftsuite.epd", false, false, 127),
    ("pychess_perftsuite2.epd", false, false, 32),
    ("ethereal_perft_fischer.epd", false, true, 960),
    ("pychess_frc_perftsuite.epd", false, true, 9),
    ("pychesslib_random.perft", true, false, 6838),
    ("pychesslib_tricky.perft", true, false, 19),
    ("pychesslib_chess960.perft", true, true, 960),
];

/// Positions of the corpus suites that arbiter rejects, with the reason it must give. The
/// suites publish counts for them, but the positions are illegal:
const SUITE_REJECTIONS: &[(&str, &str, &str)] = &[
    // Two bishops on one diagonal check the king from both sides (python-chess rejects it too).
    (
        "ethereal_perft_standard.epd:51",
        "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
        "impossible check",
    ),
    (
        "pychess_perftsuite.epd:52",
        "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
        "impossible check",
    ),
    // Each side has both bishops on squares of one colour (white a3 or b2 and g1, black b7 and
    // g8) with all 8 pawns still on the board: a bishop must be a promoted pawn. python-chess
    // accepts these two.
    (
        "pychess_frc_perftsuite.epd:3",
        "nr1kqrbn/pbpppppp/1p6/8/8/BP6/P1PPPPPP/NR1KQRBN b BFbf - 0 1",
        "too much material",
    ),
    (
        "pychess_frc_perftsuite.epd:4",
        "nr1kqrbn/pbpppppp/1p6/8/8/1P6/PBPPPPPP/NR1KQRBN w BFbf - 0 1",
        "too much material",
    ),
    // The "impossible checker alignment" section: the suite's comment says these are impossible
    // (python-chess rejects all six).
    (
        "pychesslib_tricky.perft id align-diag-1",
        "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - -",
        "impossible check",
    ),
    (
        "pychesslib_tricky.perft id align-diag-2",
        "2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - -",
        "impossible check",
    ),
    (
        "pychesslib_tricky.perft id align-horizontal",
        "5R2/2P5/8/4k3/8/3rK2r/8/8 w - -",
        "impossible check",
    ),
    (
        "pychesslib_tricky.perft id align-ep",
        "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3",
        "impossible check",
    ),
    (
        "pychesslib_tricky.perft id align-ep-pinned",
        "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6",
        "impossible check",
    ),
    (
        "pychesslib_tricky.perft id ep-unrelated-check",
        "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6",
        "impossible check",
    ),
];

/// Checks one suite position at its published depths up to 3: one `--divide 3` run gives D1 (the
/// number of moves) and D3, a plain run gives D2 (skipped when `with_d2` is false: one process
/// per position instead of two). A position without counts up to depth 3 is still run at depth 1
/// to see that it is accepted. Returns the failures and the rejection message, if rejected.
fn check_up_to_depth_3(case: &Case, with_d2: bool) -> (Vec<String>, Option<String>) {
    let expect = |depth: u32| {
        case.counts
            .iter()
            .find(|(d, _)| *d == depth)
            .map(|(_, n)| *n)
    };
    let mut failures = Vec::new();
    let mut check = |depth: u32, got: u64| {
        if let Some(nodes) = expect(depth)
            && nodes != got
        {
            failures.push(format!(
                "{}: {} depth {depth}: expected {nodes}, got {got}",
                case.source, case.fen
            ));
        }
    };
    let first = if expect(3).is_some() {
        divide_outcome(&case.fen, 3, case.chess960).map(|d| {
            let sum: u64 = d.split.iter().map(|(_, n)| n).sum();
            assert_eq!(sum, d.nodes, "{}: divide lines vs total", case.source);
            check(1, d.moves);
            check(3, d.nodes);
        })
    } else {
        match perft(&case.fen, 1, case.chess960) {
            Outcome::Nodes(n) => {
                let _: () = check(1, n);
                Ok(())
            }
            Outcome::Rejected(msg) => Err(msg),
        }
    };
    if let Err(msg) = first {
        return (failures, Some(msg));
    }
    if with_d2 && expect(2).is_some() {
        match perft(&case.fen, 2, case.chess960) {
            Outcome::Nodes(n) => check(2, n),
            Outcome::Rejected(msg) => panic!("{}: rejected at depth 2 only: {msg}", case.source),
        }
    }
    (failures, None)
}

/// Every position of every perft suite in the corpus, at its published depths up to 3.
#[test]
fn corpus_suites_up_to_depth_3() {
    let Some(corpus) = corpus("the corpus perft suites") else {
        return;
    };
    let mut cases = Vec::new();
    for &(file, perft_format, chess960, positions) in SUITES {
        let path = corpus.join("epd").join(file);
        let body = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
        let suite = if perft_format {
            parse_perft(file, &body, chess960)
        } else {
            parse_epd(file, &body, chess960)
        };
        assert_eq!(suite.len(), positions, "{file}: positions");
        assert!(
            suite.iter().all(|c| !c.counts.is_empty()),
            "{file}: a position without counts"
        );
        cases.extend(suite);
    }
    // D2 of the 6838 random positions is left out to keep the test short (it would double the
    // number of processes); their D1 and D3 are checked, and benches/perft.sh checks every depth.
    let results = parallel_map(&cases, |case| {
        check_up_to_depth_3(case, !case.source.starts_with("pychesslib_random.perft"))
    });
    let mut failures = Vec::new();
    let mut rejected = Vec::new();
    for (case, (fails, rejection)) in cases.iter().zip(results) {
        failures.extend(fails);
        if let Some(msg) = rejection {
            rejected.push((case.source.clone(), case.fen.clone(), msg));
        }
    }
    for (source, fen, msg) in &rejected {
        match SUITE_REJECTIONS.iter().find(|(s, _, _)| s == source) {
            Some((_, expected_fen, reason)) => {
                assert_eq!(fen, expected_fen, "{source}");
                if !(msg.contains("bad FEN") && msg.contains(reason)) {
                    failures.push(format!("{source}: rejected, but not for {reason:?}: {msg}"));
                }
            }
            None => failures.push(format!("{source}: {fen}: unexpectedly rejected: {msg}")),
        }
    }
    for (source, fen, _) in SUITE_REJECTIONS {
        if !rejected.iter().any(|(s, _, _)| s == source) {
            failures.push(format!(
                "{source}: {fen}: accepted, but it must be rejected"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} positions checked: failures:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
