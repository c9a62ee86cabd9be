//! `arbiter audit` on the shared corpus (`../shared/corpus`) agrees with python-chess on the FIDE
//! draw rules: the first ply where fivefold repetition, the seventy-five-move rule or insufficient
//! material ended a game that went on (`draw/automatic-ignored`; `draw/played-on` with the draw
//! recorded), and every ply up to that end where a threefold-repetition or fifty-move claim was
//! available and play went on (`draw/claim-available`, `--missed`). Returns early, with a note,
//! when the corpus is absent.
//!
//! The python-chess side is `testdata/expected/corpus-audit-python-chess.tsv`: for each game's main
//! line, the plies where `is_fivefold_repetition()`, `is_seventyfive_moves()`,
//! `is_insufficient_material()`, `can_claim_threefold_repetition()` and `can_claim_fifty_moves()`
//! hold (one row per game with any), read with the same reader and byte ranges as
//! `corpus-python-chess.tsv`, which gives the split of every file into games and the main-line
//! length of the games without a row. See `tools/expectations/README.md` for both scripts and for
//! where python-chess departs from the Laws; the one departure that can change a `--missed`
//! verdict (a fifty-move claim whose every completing move gives mate or stalemate) is computed
//! here and listed, never skipped wholesale. Dead positions beyond insufficient material, which
//! python-chess does not detect, are listed too.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingMode, Chess, Position};

use crate::util::{corpus, parse_jsonl, pgn_files, run, u64_of};

mod python;
use python::{PyDraws, PyGame, python_draws, python_games};

/// Files where arbiter and python-chess split the games differently: the same files as
/// `SPLIT_DIFFERS` in `corpus.rs` (the reasons are there). Only files whose splits agree one to one
/// are compared; the test fails if this list is not exactly the files whose splits differ.
const SPLIT_DIFFERS: &[&str] = &[
    "edge/lichess_broadcast_FWWRC.pgn",
    "edge/lichess_broadcast_uzchesscup.pgn",
    "edge/pgn4web_carlsensvidler.pgn",
    "edge/pgn4web_demoGames.pgn",
    "edge/pgn4web_live_live-no-event.pgn",
    "edge/pgn4web_live_live-placeholder.pgn",
    "edge/pgn4web_test.pgn",
    "edge/pgnextract_barnes-horton.pgn",
    "edge/pgnextract_test-C.pgn",
    "edge/pgnextract_test-F-text.pgn",
    "edge/pgnextract_test-Ta.pgn",
    "edge/pgnextract_test-checkmate.pgn",
    "edge/pgnextract_test-fuzzydepth.pgn",
    "edge/pgnextract_test-nobadresults.pgn",
    "edge/pgnextract_test-nochecks.pgn",
    "edge/pgnextract_test-stalemate.pgn",
    "edge/scid_res_gameLatin1.pgn",
    "games/chesscom_export_MagnusCarlsen_2019.pgn",
    "games/chesscom_export_cancer0707.pgn",
    "games/pgnmentor_Korchnoi.pgn",
    "games/pgnviewer_great_masters.pgn",
];

/// Games (file, arbiter game number) whose main line arbiter and python-chess replay to different
/// lengths, with the reason. They are compared on the plies both replayed; the test fails if this
/// list is not exactly the games whose lengths differ (in files whose splits agree).
const PLIES_DIFFER: &[(&str, u64, &str)] = &[
    (
        "edge/mliebelt_sampleGameThrow.pgn",
        1,
        "`2. Sf3` (German notation) is not a move: arbiter stops the replay there after 2 plies; \
         python-chess's move regex finds `f3` inside the token and plays 2.f3 (4 plies)",
    ),
    (
        "edge/pychessdeb_puzzles_lichess-practice-greek-gift.pgn",
        1,
        "stale board after an error in a variation: python-chess rejects the legal main-line move \
         that follows and drops the rest of the main line (2 plies; arbiter replays 7)",
    ),
    (
        "edge/pychessdeb_puzzles_lichess-practice-the-fork.pgn",
        17,
        "stale board: python-chess attaches a move parsed on the variation's board to the main \
         line, then crashes (IndexError); the expectations stop before that move (1 ply; arbiter \
         replays 3)",
    ),
    (
        "edge/pychessdeb_puzzles_lichess-practice-the-fork.pgn",
        18,
        "stale board: python-chess rejects the legal main-line move after the variation and \
         drops the rest of the main line (1 ply; arbiter replays 7)",
    ),
];

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} not a string in {v}"))
}

/// "3, 4, 5, 9" -> "3-5, 9" for messages.
fn show(plies: &BTreeSet<u64>) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut it = plies.iter().copied().peekable();
    while let Some(a) = it.next() {
        let mut b = a;
        while it.peek() == Some(&(b + 1)) {
            b = it.next().expect("peeked");
        }
        parts.push(if a == b {
            a.to_string()
        } else {
            format!("{a}-{b}")
        });
    }
    parts.join(", ")
}

/// Checks that a fifty-move claim arbiter reports and `can_claim_fifty_moves()` refuses is the
/// documented python-chess difference (README): the halfmove clock is 99 and every legal
/// non-pawn, non-capture move, each of which would complete the 100 plies, gives checkmate or
/// stalemate. python-chess accepts an "about to" claim only through a move after which the game
/// can go on; art. 9.3 as RULES.md reads it accepts the written move even if it mates or
/// stalemates. Returns the explanation, or why the difference does not apply.
fn fifty_exception(verdict: &Value) -> Result<String, String> {
    let fen = str_of(verdict, "fen");
    let parsed = Fen::from_ascii(fen.as_bytes()).map_err(|e| format!("FEN {fen:?}: {e}"))?;
    let mode = CastlingMode::detect(parsed.as_setup());
    let pos: Chess = parsed
        .into_position(mode)
        .map_err(|e| format!("FEN {fen:?}: {e}"))?;
    if pos.halfmoves() != 99 {
        return Err(format!("halfmove clock {} in {fen}", pos.halfmoves()));
    }
    let mut completing = Vec::new();
    for m in pos.legal_moves() {
        if m.is_zeroing() {
            continue;
        }
        let san = San::from_move(&pos, m).to_string();
        let after = pos.clone().play(m).expect("legal move");
        if after.is_checkmate() {
            completing.push((m, format!("{san}# (mate)")));
        } else if after.is_stalemate() {
            completing.push((m, format!("{san} (stalemate)")));
        } else {
            return Err(format!(
                "{san} completes the 100 plies and the game goes on, so python-chess would \
                 accept the claim ({fen})"
            ));
        }
    }
    if completing.is_empty() {
        return Err(format!("no legal non-pawn, non-capture move in {fen}"));
    }
    if let Some(claim) = verdict["claim_move"].as_str() {
        let m = SanPlus::from_ascii(claim.as_bytes())
            .ok()
            .and_then(|s| s.san.to_move(&pos).ok())
            .ok_or_else(|| format!("claim_move {claim:?} is not legal in {fen}"))?;
        if !completing.iter().any(|(c, _)| *c == m) {
            return Err(format!(
                "claim_move {claim:?} does not complete the 100 plies ({fen})"
            ));
        }
    }
    let moves: Vec<&str> = completing.iter().map(|(_, s)| s.as_str()).collect();
    Ok(format!(
        "clock 99 in {fen}; every completing move ends the game: {}",
        moves.join(", ")
    ))
}

#[derive(Default)]
struct Tally {
    files_compared: usize,
    games_compared: usize,
    games_skipped: usize,
    plies_compared: u64,
    threefold_plies: usize,
    fifty_plies: usize,
    /// Games that went on after fivefold repetition, 75 moves, insufficient material.
    fivefold_games: usize,
    seventyfive_games: usize,
    insufficient_games: usize,
    /// Automatic ends python-chess cannot see (dead positions beyond insufficient material,
    /// stalemate), listed: python-chess has no event before them.
    arbiter_only_ends: Vec<String>,
    /// Listed fifty-move exceptions (see `fifty_exception`).
    fifty_exceptions: Vec<String>,
}

/// Compares one game; `m` is the number of plies both sides replayed.
///
/// arbiter reports only the first automatic end of a game (of any kind), and no claim after it:
/// once the game has ended, later moves are void and nobody can claim. So the first automatic end
/// is compared first, and the claims only before it (at that very ply the game is already over).
fn compare_game(
    label: &str,
    py: &PyDraws,
    verdicts: &[&Value],
    arbiter_plies: u64,
    m: u64,
    tally: &mut Tally,
    failures: &mut Vec<String>,
) {
    let (claims, automatic) = arbiter_events(label, verdicts, arbiter_plies, failures);
    tally.plies_compared += m;
    let end = first_end(label, py, &automatic, m, tally, failures);
    compare_claims(label, py, &claims, end, m, tally, failures);
}

/// arbiter's `draw/claim-available` verdicts by rule and ply.
type Claims<'a> = BTreeMap<(&'a str, u64), &'a Value>;

/// arbiter's claims (by rule and ply) and automatic ends (rule, ply), with the contract checked
/// on the way.
fn arbiter_events<'a>(
    label: &str,
    verdicts: &[&'a Value],
    arbiter_plies: u64,
    failures: &mut Vec<String>,
) -> (Claims<'a>, Vec<(&'a str, u64)>) {
    let mut claims: BTreeMap<(&str, u64), &Value> = BTreeMap::new();
    let mut automatic: Vec<(&str, u64)> = Vec::new();
    for v in verdicts {
        let (code, ply) = (str_of(v, "code"), u64_of(v, "ply"));
        match code {
            "draw/claim-available" => {
                let rule = str_of(v, "rule");
                if rule != "threefold" && rule != "fifty-move" {
                    failures.push(format!("{label}: claim-available with rule {rule:?}"));
                }
                if ply >= arbiter_plies {
                    failures.push(format!(
                        "{label}: {rule} claim-available at ply {ply}, but only {arbiter_plies} \
                         plies were played"
                    ));
                }
                if claims.insert((rule, ply), v).is_some() {
                    failures.push(format!("{label}: two {rule} claim-available at ply {ply}"));
                }
            }
            // The game went on after an automatic end: an error with another result
            // recorded, a warning with the draw recorded (its result stands).
            "draw/automatic-ignored" | "draw/played-on" => {
                // A stalemate ends the replay too (the next move cannot be played), so it may
                // stand at the last replayed ply; every other end has replayed moves after it.
                if ply > arbiter_plies || (ply == arbiter_plies && v["rule"] != "stalemate") {
                    failures.push(format!(
                        "{label}: automatic-ignored at ply {ply}, but only {arbiter_plies} \
                         plies were played"
                    ));
                }
                automatic.push((str_of(v, "rule"), ply));
            }
            _ => {}
        }
    }
    (claims, automatic)
}

/// (c) The first automatic end: returns its ply (python-chess's when it comes first), after
/// which nothing is compared.
fn first_end(
    label: &str,
    py: &PyDraws,
    automatic: &[(&str, u64)],
    m: u64,
    tally: &mut Tally,
    failures: &mut Vec<String>,
) -> Option<u64> {
    // python-chess knows three kinds; arbiter also finds dead
    // positions beyond insufficient material (and names stalemate), which must then come first.
    let first = |list: &[u64]| list.iter().copied().find(|p| *p < m);
    let known = [
        ("fivefold", first(&py.fivefold)),
        ("seventy-five-move", first(&py.seventyfive)),
        ("insufficient-material", first(&py.insufficient)),
    ];
    tally.fivefold_games += usize::from(known[0].1.is_some());
    tally.seventyfive_games += usize::from(known[1].1.is_some());
    tally.insufficient_games += usize::from(known[2].1.is_some());
    let python_first = known
        .iter()
        .filter_map(|(kind, p)| p.map(|p| (*kind, p)))
        .min_by_key(|(_, p)| *p);
    if automatic.len() > 1 {
        failures.push(format!(
            "{label}: several automatic-ignored verdicts {automatic:?} (only the first end counts)"
        ));
    }
    match (
        automatic.first().copied().filter(|(_, a)| *a < m),
        python_first,
    ) {
        (None, None) => None,
        (None, Some((kind, e))) => {
            failures.push(format!(
                "{label}: python-chess: {kind} at ply {e} and the game went on; arbiter: no \
                 automatic-ignored verdict"
            ));
            Some(e)
        }
        (Some((rule, a)), python_first) => {
            if let Some((_, p)) = known.iter().find(|(kind, _)| *kind == rule) {
                if *p != Some(a) {
                    let at = p.map_or("none".to_owned(), |p| format!("ply {p}"));
                    failures.push(format!(
                        "{label}: {rule}: arbiter at ply {a}, python-chess at {at}"
                    ));
                }
            } else if rule == "dead-position" || rule == "stalemate" {
                tally
                    .arbiter_only_ends
                    .push(format!("{label}: {rule} at ply {a}"));
                if let Some((kind, _)) = python_first.filter(|(_, e)| *e == a) {
                    failures.push(format!(
                        "{label}: arbiter: {rule} at ply {a}, python-chess: {kind} at that ply"
                    ));
                }
            } else {
                failures.push(format!(
                    "{label}: automatic-ignored with rule {rule:?} at ply {a}"
                ));
            }
            match python_first {
                Some((kind, e)) if e < a => {
                    failures.push(format!(
                        "{label}: python-chess: {kind} at ply {e}, before arbiter's {rule} at \
                         ply {a}"
                    ));
                    Some(e)
                }
                _ => Some(a),
            }
        }
    }
}

/// (a), (b): the threefold and fifty-move claims, at the plies both replayed before `end`.
fn compare_claims(
    label: &str,
    py: &PyDraws,
    claims: &Claims<'_>,
    end: Option<u64>,
    m: u64,
    tally: &mut Tally,
    failures: &mut Vec<String>,
) {
    // The plies where claims are compared: both replayed them, the game had not ended before.
    let within = |p: u64| p < m && end.is_none_or(|e| p < e);
    let ours = |rule: &str| -> BTreeSet<u64> {
        claims
            .keys()
            .filter(|(r, p)| *r == rule && within(*p))
            .map(|(_, p)| *p)
            .collect()
    };
    let theirs =
        |list: &[u64]| -> BTreeSet<u64> { list.iter().copied().filter(|p| within(*p)).collect() };
    let only = |a: &BTreeSet<u64>, b: &BTreeSet<u64>| -> BTreeSet<u64> { a - b };

    // (a) Threefold repetition: every ply where a claim was available and play went on.
    let (arb3, py3) = (ours("threefold"), theirs(&py.threefold));
    tally.threefold_plies += py3.len();
    if arb3 != py3 {
        failures.push(format!(
            "{label}: threefold claim available: arbiter only at plies [{}], python-chess only at \
             plies [{}]",
            show(&only(&arb3, &py3)),
            show(&only(&py3, &arb3))
        ));
    }

    // (b) Fifty-move rule, with the documented python-chess difference listed ply by ply.
    let (arb50, py50, fide_only) = (
        ours("fifty-move"),
        theirs(&py.fifty),
        theirs(&py.fifty_fide_only),
    );
    tally.fifty_plies += py50.len() + fide_only.len();
    for p in arb50.difference(&py50) {
        match fifty_exception(claims[&("fifty-move", *p)]) {
            Ok(why) if fide_only.contains(p) => {
                tally
                    .fifty_exceptions
                    .push(format!("{label}: ply {p}: {why}"));
            }
            Ok(why) => failures.push(format!(
                "{label}: fifty-move claim at ply {p} (arbiter only): {why}, but the TSV's \
                 fifty_fide_only column does not list it"
            )),
            Err(e) => failures.push(format!(
                "{label}: fifty-move claim available at ply {p}: arbiter only ({e})"
            )),
        }
    }
    let py_only = only(&py50, &arb50);
    if !py_only.is_empty() {
        failures.push(format!(
            "{label}: fifty-move claim available: python-chess only at plies [{}]",
            show(&py_only)
        ));
    }
    let missed = only(&fide_only, &arb50);
    if !missed.is_empty() {
        failures.push(format!(
            "{label}: fifty-move claim the Laws allow (every completing move mates or \
             stalemates), not reported by arbiter at plies [{}]",
            show(&missed)
        ));
    }
}

/// The agreement test (see the module doc).
#[test]
fn draw_rules_agree_with_python_chess() {
    let Some(corpus) = corpus("audit agreement with python-chess") else {
        return;
    };
    let python = python_games();
    let draws = python_draws(&python);
    let files = pgn_files(&corpus);
    let listed: BTreeSet<&str> = python.keys().map(String::as_str).collect();
    let found: BTreeSet<&str> = files.iter().map(String::as_str).collect();
    assert_eq!(listed, found, "the TSV and the corpus list different files");

    let mut failures: Vec<String> = Vec::new();
    let mut tally = Tally::default();
    let mut split_differs: BTreeSet<&str> = BTreeSet::new();
    let mut plies_differ: BTreeSet<(&str, u64)> = BTreeSet::new();
    for file in &files {
        compare_file(
            &corpus,
            file,
            &python,
            &draws,
            &mut tally,
            &mut failures,
            &mut split_differs,
            &mut plies_differ,
        );
    }
    check_declared(&split_differs, &plies_differ, &mut failures);
    print_tally(&tally, split_differs.len());
    let shown = failures.len().min(60);
    assert!(
        failures.is_empty(),
        "{} differences (first {shown}):\n{}",
        failures.len(),
        failures[..shown].join("\n")
    );
    assert!(
        tally.games_compared > 20_000,
        "{} games",
        tally.games_compared
    );
    assert!(tally.threefold_plies > 1000, "too few threefold claims");
    assert!(tally.fifty_plies > 100, "too few fifty-move claims");
    assert!(tally.fivefold_games > 0, "no fivefold game to compare");
    assert!(
        tally.insufficient_games > 0,
        "no insufficient-material game"
    );
}

/// Audits one corpus file and compares its games with python-chess's (see the module doc);
/// a file whose games python-chess splits otherwise goes to `split_differs` uncompared.
#[allow(clippy::too_many_arguments)]
fn compare_file<'f>(
    corpus: &std::path::Path,
    file: &'f str,
    python: &BTreeMap<String, Vec<PyGame>>,
    draws: &BTreeMap<(String, u64), PyDraws>,
    tally: &mut Tally,
    failures: &mut Vec<String>,
    split_differs: &mut BTreeSet<&'f str>,
    plies_differ: &mut BTreeSet<(&'f str, u64)>,
) {
    let no_draws = PyDraws::default();
    let path = corpus.join(file);
    // python-chess implements today's Laws (automatic draws of art. 9.6 whatever the date).
    let out = run(&[
        "audit",
        "--laws",
        "current",
        "--missed=all",
        "--games",
        "--format",
        "jsonl",
        "-q",
        path.to_str().expect("utf-8 path"),
    ]);
    let code = out.status.code();
    assert!(
        code == Some(0) || code == Some(1),
        "{file}: exit {code:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records = parse_jsonl(&out.stdout);
    let games: Vec<&Value> = records.iter().filter(|r| r["type"] == "game").collect();
    let py = &python[file];

    // arbiter game number -> index of the python-chess game holding its first byte.
    let mut owner: BTreeMap<u64, Option<usize>> = BTreeMap::new();
    for g in &games {
        let offset = u64_of(g, "offset");
        let i = py.iter().position(|p| p.start <= offset && offset < p.end);
        owner.insert(u64_of(g, "game"), i);
    }
    let owners: BTreeSet<usize> = owner.values().flatten().copied().collect();
    if !(games.len() == py.len() && owners.len() == py.len() && owner.len() == py.len()) {
        split_differs.insert(file);
        return;
    }
    tally.files_compared += 1;

    let mut verdicts: BTreeMap<u64, Vec<&Value>> = BTreeMap::new();
    for r in records.iter().filter(|r| r["type"] == "verdict") {
        verdicts.entry(u64_of(r, "game")).or_default().push(r);
    }
    for g in &games {
        let n = u64_of(g, "game");
        let p = &py[owner[&n].expect("splits agree")];
        let label = format!("{file}: game {n}");
        let row = draws.get(&(file.to_owned(), p.game));
        let d = row.unwrap_or(&no_draws);
        let ours = verdicts.get(&n).map_or(&[][..], Vec::as_slice);
        if g["status"] == "skipped" {
            tally.games_skipped += 1;
            let lists = [
                &d.fivefold,
                &d.seventyfive,
                &d.insufficient,
                &d.threefold,
                &d.fifty,
            ];
            if lists.iter().any(|l| !l.is_empty()) {
                failures.push(format!(
                    "{label}: skipped by arbiter, but python-chess finds draw-rule events"
                ));
            }
            // A skipped game gets exactly one `audit/skipped` note (README contract).
            if ours.len() != 1 || ours[0]["code"] != "audit/skipped" {
                failures.push(format!("{label}: verdicts for a skipped game"));
            }
            continue;
        }
        tally.games_compared += 1;
        // Games without a row: python-chess's whole main line, no event.
        let python_plies = row.map_or(p.mainline_plies, |d| d.plies);
        let arbiter_plies = u64_of(g, "plies");
        if python_plies != arbiter_plies {
            plies_differ.insert((file, n));
        }
        let m = python_plies.min(arbiter_plies);
        compare_game(&label, d, ours, arbiter_plies, m, tally, failures);
    }
}

/// The declared differences (`SPLIT_DIFFERS`, `PLIES_DIFFER`) are exactly those found.
fn check_declared(
    split_differs: &BTreeSet<&str>,
    plies_differ: &BTreeSet<(&str, u64)>,
    failures: &mut Vec<String>,
) {
    let declared: BTreeSet<&str> = SPLIT_DIFFERS.iter().copied().collect();
    for file in split_differs.difference(&declared) {
        failures.push(format!("{file}: the game splits differ (not declared)"));
    }
    for file in declared.difference(split_differs) {
        failures.push(format!(
            "{file}: declared in SPLIT_DIFFERS, but the splits agree"
        ));
    }
    let declared: BTreeSet<(&str, u64)> = PLIES_DIFFER.iter().map(|(f, g, _)| (*f, *g)).collect();
    for (file, game) in plies_differ.difference(&declared) {
        failures.push(format!(
            "{file}: game {game}: arbiter and python-chess replay main lines of different \
             lengths (not declared)"
        ));
    }
    for (file, game) in declared.difference(plies_differ) {
        failures.push(format!(
            "{file}: game {game}: declared in PLIES_DIFFER, but the lengths agree"
        ));
    }
}

/// What was compared, and the listed exceptions.
fn print_tally(tally: &Tally, split_differs: usize) {
    println!(
        "automatic ends python-chess does not detect (arbiter only, nothing earlier in \
         python-chess): {}",
        tally.arbiter_only_ends.len()
    );
    for line in &tally.arbiter_only_ends {
        println!("  {line}");
    }
    println!(
        "fifty-move claims the Laws allow and python-chess refuses (every completing move \
         mates or stalemates): {}",
        tally.fifty_exceptions.len()
    );
    for line in &tally.fifty_exceptions {
        println!("  {line}");
    }
    println!(
        "audit agreement with python-chess: {} files compared ({} differ in the split), {} games \
         ({} skipped), {} plies; games going on after fivefold {}, after 75 moves {}, after \
         insufficient material {}; plies with a claim available: threefold {}, fifty-move {}",
        tally.files_compared,
        split_differs,
        tally.games_compared,
        tally.games_skipped,
        tally.plies_compared,
        tally.fivefold_games,
        tally.seventyfive_games,
        tally.insufficient_games,
        tally.threefold_plies,
        tally.fifty_plies
    );
}

/// The documented fifty-move difference is recognised, and only it (no corpus needed).
#[test]
fn fifty_move_exception_is_recognised() {
    let verdict = |fen: &str, claim: Option<&str>| json!({"fen": fen, "claim_move": claim});
    // K+Q+B v K, the black king boxed in on h1: every White non-pawn, non-capture move (each
    // completes the 100 plies) stalemates or mates; python-chess: can_claim_fifty_moves() false.
    let boxed = "8/8/8/8/8/4B1K1/5Q2/7k w - - 99 1";
    let why = fifty_exception(&verdict(boxed, Some("Kf3"))).expect("the documented difference");
    assert!(
        why.contains("Kf3 (stalemate)") && why.contains("Qf3# (mate)"),
        "{why}"
    );
    assert!(fifty_exception(&verdict(boxed, Some("Qg2#"))).is_ok());
    // Only Kb1 completes them, and it stalemates (testdata/audit/fifty.pgn, round 6).
    assert!(fifty_exception(&verdict("7k/5P1p/7P/8/8/8/PP6/K7 w - - 99 60", Some("Kb1"))).is_ok());
    // Not the difference: Kd2 completes the 100 plies and the game goes on; clock 98; a named
    // move that is a pawn move.
    let open = "3k4/6pp/8/8/8/8/8/4K3 w - - 99 70";
    assert!(fifty_exception(&verdict(open, Some("Kd2"))).is_err());
    assert!(fifty_exception(&verdict("8/8/8/8/8/4B1K1/5Q2/7k w - - 98 1", None)).is_err());
    assert!(fifty_exception(&verdict("7k/5P1p/7P/8/8/8/PP6/K7 w - - 99 60", Some("a3"))).is_err());
}
