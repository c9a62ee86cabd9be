//! `arbiter fix` and `arbiter pgn`, the second round of issue 14 and the `fix` part of issue 17:
//! `--keep-broken`, results judged under `--laws`/`--profile`, ECO and Opening tags from the
//! moves, the results `pgn` writes, and how a closed pipe and an interrupt end a run.
//! Expectations come from the FIDE Laws (RULES.md), the PGN standard, pgn-extract
//! (`--keepbroken`) and python-chess (`tools/expectations/fix_eco.py`), never from arbiter.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::time::Duration;

use serde_json::Value;

use crate::fix::{fix, fix_files, words};
use crate::util::{TempDir, arbiter, corpus, root, run_stdin};

/// The Seven Tag Roster with `result`, then `extra` tags, then `movetext`.
fn game(result: &str, extra: &str, movetext: &str) -> String {
    format!(
        "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n\
         [Black \"B\"]\n[Result \"{result}\"]\n{extra}\n{movetext}\n\n"
    )
}

/// `4. Bxe5` is illegal: e5 is on no diagonal of the bishop on b5 (pgn-extract: "No bishop move
/// possible to e5").
const BROKEN: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxe5 {comment} Nf6 (4... d6) 5. O-O 1-0";

#[test]
fn r14_keep_broken_cuts_at_the_illegal_move_and_keeps_the_rest() {
    let input = game("1-0", "", BROKEN);
    // Without the flag the game is rejected, byte for byte.
    let plain = fix(input.as_bytes(), &["--skip", "eco"]);
    assert_eq!(plain.code, 1);
    assert_eq!(plain.rejects, input.as_bytes());
    assert_eq!(plain.clean, "");
    let run = fix(input.as_bytes(), &["--keep-broken", "--skip", "eco"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.rejects.is_empty());
    let summary = run.log.last().unwrap();
    assert_eq!(
        (summary["games"].as_u64(), summary["written"].as_u64()),
        (Some(1), Some(1))
    );
    // pgn-extract --keepbroken writes `1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 { Bxe5 Nf6 O-O } 1-0`: the
    // same cut, the rest of the moves in a comment. The result is `*` here: the moves after the
    // cut were not played, and the position after 3...a6 decides nothing (FIDE Laws 5, 9).
    let text = run.movetext();
    assert!(
        text.starts_with("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {"),
        "{text}"
    );
    let rest = text.rsplit_once('{').unwrap().1;
    let played: Vec<&str> = rest
        .split_whitespace()
        .map(|w| w.trim_matches(['{', '}']))
        .filter(|w| ["Bxe5", "Nf6", "O-O"].contains(w))
        .collect();
    assert_eq!(played, ["Bxe5", "Nf6", "O-O"], "{text}");
    assert!(text.ends_with("} *"), "{text}");
    assert_eq!(run.tag("Result").as_deref(), Some("*"));
    let cut = run.of("keep-broken");
    let moved: Vec<&&Value> = cut.iter().filter(|c| c["ply"].as_u64().is_some()).collect();
    assert_eq!(moved.len(), 1, "{cut:?}");
    assert_eq!(moved[0]["ply"], 7);
    assert_eq!(moved[0]["before"], "Bxe5");
    assert!(
        moved[0]["rule"]
            .as_str()
            .unwrap()
            .starts_with("illegal-move/"),
        "{cut:?}"
    );
    // `check` on the output: no error; fix of the output changes nothing.
    let dir = TempDir::new("keep-broken");
    let out = dir.write("out.pgn", run.clean.as_bytes());
    let checked = crate::util::run(&["check", "-q", out.to_str().unwrap()]);
    assert_eq!(
        checked.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&checked.stdout)
    );
    let again = fix(run.clean.as_bytes(), &["--keep-broken", "--skip", "eco"]);
    assert_eq!(again.clean, run.clean);
    assert!(again.changes().is_empty(), "{:?}", again.changes());
}

#[test]
fn r14_keep_broken_keeps_a_stray_brace_in_a_comment_and_every_move() {
    // A `}` with no `{` before it (an annotator's comment whose opening brace was lost, as in
    // the Kamsky-Karpov game of pgnviewer_GM_games.pgn) is no move and stops nothing: PGN
    // standard 8.2.5 knows it as no token, so the game as written is not valid, and `fix`
    // rejects it; `--keep-broken` keeps it in a comment, as `pgn` does, with every move and
    // the result, which the brace does not touch.
    let moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";
    let input = game("1-0", "", "1. e4 e5 2. Nf3 } Nc6 3. Bb5 a6 1-0");
    let plain = fix(input.as_bytes(), &["--skip", "eco"]);
    assert_eq!(plain.code, 1);
    assert_eq!(plain.rejects, input.as_bytes());
    let run = fix(input.as_bytes(), &["--keep-broken", "--skip", "eco"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.rejects.is_empty());
    let text = run.movetext();
    let (before, after) = text.split_once(" {").expect("a comment");
    assert_eq!(before, "1. e4 e5 2. Nf3", "{text}");
    assert!(after.ends_with("} 2... Nc6 3. Bb5 a6 1-0"), "{text}");
    let comment = after.split_once('}').unwrap().0;
    assert!(comment.contains("brace"), "{text}");
    let strays = run.of("keep-broken");
    assert_eq!(strays.len(), 1, "{strays:?}");
    assert_eq!(strays[0]["before"], "}");
    assert_eq!(strays[0]["ply"], 3);
    assert_eq!(strays[0]["line"], 9);
    assert!(
        strays[0]["rule"]
            .as_str()
            .unwrap()
            .starts_with("syntax/unknown-token"),
        "{strays:?}"
    );
    // The moves are those written; `check` on the output finds nothing; a second fix changes
    // nothing.
    let words: Vec<&str> = text.split_whitespace().collect();
    let played: Vec<&str> = moves.split_whitespace().collect();
    assert!(played.iter().all(|m| words.contains(m)), "{text}");
    let dir = TempDir::new("keep-broken-stray");
    let out = dir.write("out.pgn", run.clean.as_bytes());
    let checked = crate::util::run(&["check", "-q", out.to_str().unwrap()]);
    assert_eq!(checked.status.code(), Some(0));
    let again = fix(run.clean.as_bytes(), &["--keep-broken", "--skip", "eco"]);
    assert_eq!(again.clean, run.clean);
    assert!(again.changes().is_empty(), "{:?}", again.changes());
}

#[test]
fn r14_keep_broken_result_from_the_position_and_cut_variations() {
    // Fool's mate: after 2...Qh4# White is checkmated (art. 5.1.1), so 3. Kf2 is not a move of
    // the game and the result is 0-1 whatever was recorded.
    let mate = game("1-0", "", "1. f3 e5 2. g4 Qh4# 3. Kf2 1-0");
    let run = fix(mate.as_bytes(), &["--keep-broken", "--skip", "eco"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.tag("Result").as_deref(), Some("0-1"));
    assert!(
        run.movetext().ends_with("{3. Kf2} 0-1"),
        "{}",
        run.movetext()
    );
    // An illegal move in a variation (e7 holds Black's pawn): only the variation is cut, its
    // rest kept before its `)`, the game's result stays.
    let var = game("1-0", "", "1. e4 e5 (1... c5 2. Nf3 Ke7 3. d4) 2. Nf3 1-0");
    assert_eq!(fix(var.as_bytes(), &[]).code, 1);
    let run = fix(var.as_bytes(), &["--keep-broken", "--skip", "eco"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = run.movetext();
    assert!(text.starts_with("1. e4 e5 (1... c5 2. Nf3 {"), "{text}");
    assert!(text.ends_with("{Ke7 3. d4}) 2. Nf3 1-0"), "{text}");
    assert_eq!(run.tag("Result").as_deref(), Some("1-0"));
    let cut = run.of("keep-broken");
    assert_eq!(cut.len(), 1);
    assert_eq!(
        (cut[0]["ply"].as_u64(), cut[0]["variation"].as_bool()),
        (Some(4), Some(true))
    );
}

/// 60 plies without a pawn move or a capture and no position twice (python-chess: halfmove
/// clock 60, no repetition), from a position with a rook (not dead).
const QUIET: &str = "1. Kf1 Kd8 2. Ke1 Kd7 3. Rd1+ Ke8 4. Rd6 Ke7 5. Rd5 Kf6 6. Rd2 Kg7 7. Re2 \
    Kf6 8. Re5 Kg7 9. Ke2 Kg8 10. Ke3 Kf8 11. Rh5 Kg7 12. Rh7+ Kg6 13. Rc7 Kf6 14. Rc3 Ke6 15. \
    Kf3 Kf5 16. Rb3 Ke5 17. Kg3 Kd4 18. Rb8 Kc5 19. Kh4 Kc6 20. Rb2 Kc7 21. Rh2 Kd7 22. Ra2 Kd8 \
    23. Ra8+ Kd7 24. Ra1 Kd6 25. Re1 Kd5 26. Re2 Kc4 27. Kh3 Kd4 28. Kg3 Kd3 29. Rd2+ Kc3 30. Rd6";

#[test]
fn r17_fix_decides_results_under_the_profile_in_force() {
    let fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]";
    // At the threshold: 30 moves by each player without pawn move or capture draw the game
    // under the platform's house rule (RULES.md: "30 consecutive moves by each player").
    let at = game("1-0", fen, &format!("{QUIET} Kb4 1-0"));
    let run = fix(at.as_bytes(), &["--profile", "platform", "--skip", "eco"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.tag("Result").as_deref(), Some("1/2-1/2"));
    assert!(
        run.movetext().ends_with("30... Kb4 1/2-1/2") || run.movetext().ends_with("Kb4 1/2-1/2")
    );
    let decided = run.of("result-decided");
    assert_eq!(decided.len(), 2, "{decided:?}");
    assert!(
        decided
            .iter()
            .all(|c| c["rule"].as_str().unwrap().contains("house/30-move"))
    );
    // Under the FIDE Laws 60 plies are no rule's threshold (fifty moves: 100, art. 9.3): a
    // decisive result the moves do not decide is kept.
    let fide = fix(at.as_bytes(), &["--skip", "eco"]);
    assert_eq!(fide.tag("Result").as_deref(), Some("1-0"));
    assert!(fide.of("result-decided").is_empty());
    // One ply short of the threshold: kept under the profile too.
    let short = game("1-0", fen, &format!("{QUIET} 1-0"));
    let run = fix(
        short.as_bytes(),
        &["--profile", "platform", "--skip", "eco"],
    );
    assert_eq!(run.tag("Result").as_deref(), Some("1-0"));
    assert!(run.of("result-decided").is_empty());
    // --laws is audit's option: a value it does not know is refused the same way.
    let bad = fix(at.as_bytes(), &["--laws", "1990"]);
    assert_eq!(bad.code, 2);
}

#[test]
fn r17_eco_fills_missing_tags_and_corrects_only_on_request() {
    // 1.e4 e5 2.Nf3 Nc6 3.Bb5 ends the TSV line C60 "Ruy Lopez" (c.tsv); 3...Rb8 4.h4 are in no
    // line, so the game is C60 (python-chess on the same TSV agrees).
    let moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 Rb8 4. h4 *";
    let missing = fix(game("*", "", moves).as_bytes(), &["--add", "eco"]);
    assert_eq!(missing.tag("ECO").as_deref(), Some("C60"));
    assert_eq!(missing.tag("Opening").as_deref(), Some("Ruy Lopez"));
    let eco = missing.of("eco");
    assert_eq!(eco.len(), 2);
    assert!(eco.iter().all(|c| c["before"].is_null()));
    // A contradicting ECO tag is kept by default ...
    let written = game("*", "[ECO \"B20\"]\n[Opening \"Sicilian\"]", moves);
    let kept = fix(written.as_bytes(), &["--add", "eco"]);
    assert_eq!(kept.tag("ECO").as_deref(), Some("B20"));
    assert_eq!(kept.tag("Opening").as_deref(), Some("Sicilian"));
    assert!(kept.of("eco-correct").is_empty() && kept.of("eco").is_empty());
    // ... and corrected on request, before and after logged.
    for flag in [&["--eco-correct"][..], &["--only", "eco-correct"][..]] {
        let fixed = fix(written.as_bytes(), flag);
        assert_eq!(fixed.tag("ECO").as_deref(), Some("C60"), "{flag:?}");
        assert_eq!(
            fixed.tag("Opening").as_deref(),
            Some("Ruy Lopez"),
            "{flag:?}"
        );
        let c = fixed.of("eco-correct");
        assert_eq!(c.len(), 2, "{flag:?}");
        assert_eq!(
            (c[0]["before"].as_str(), c[0]["after"].as_str()),
            (Some("B20"), Some("C60"))
        );
    }
    // By default (issue 31) and with `--skip eco`: nothing filled.
    for args in [&[][..], &["--add", "eco", "--skip", "eco"]] {
        let skipped = fix(game("*", "", moves).as_bytes(), args);
        assert_eq!(skipped.tag("ECO"), None, "{args:?}");
    }
}

#[test]
fn r17_eco_agrees_with_python_chess_on_corpus_games() {
    let Some(dir) = corpus("fix eco against python-chess") else {
        return;
    };
    let text = std::fs::read_to_string(root().join("testdata/expected/fix-eco.json")).unwrap();
    let expected: Value = serde_json::from_str(&text).unwrap();
    let mut checked = 0;
    for (file, games) in expected["files"].as_object().unwrap() {
        let games = games.as_array().unwrap();
        let run = fix_files(
            &TempDir::new("fix-eco"),
            &[dir.join(file)],
            &["--eco-correct", "--add", "eco"],
        );
        let rejected: Vec<u64> = run
            .log
            .iter()
            .filter(|r| r["type"] == "rejected")
            .map(|r| r["game"].as_u64().unwrap())
            .collect();
        for (i, want) in games.iter().enumerate() {
            let n = i as u64 + 1;
            if rejected.contains(&n) {
                continue;
            }
            let eco_change = run
                .changes()
                .into_iter()
                .find(|c| c["game"] == n && c["tag"] == "ECO");
            let classified = want["classified"]
                .as_array()
                .map(|c| c[0].as_str().unwrap());
            let tag = want["eco"].as_str();
            match (tag, classified) {
                (_, None) => assert!(eco_change.is_none(), "{file} game {n}"),
                (Some(t), Some(c)) if t == c => assert!(eco_change.is_none(), "{file} game {n}"),
                (t, Some(c)) => {
                    let change =
                        eco_change.unwrap_or_else(|| panic!("{file} game {n}: no ECO change"));
                    assert_eq!(change["after"].as_str(), Some(c), "{file} game {n}");
                    assert_eq!(change["before"].as_str(), t, "{file} game {n}");
                    let repair = if t.is_some() { "eco-correct" } else { "eco" };
                    assert_eq!(change["repair"], repair, "{file} game {n}");
                    checked += 1;
                }
            }
        }
    }
    // 20 games without ECO (pgnviewer), 13 contradicting tags (tatamast22), 6 (WorldChamp1886).
    assert!(checked >= 30, "{checked}");
}

#[test]
fn r14_pgn_writes_the_result_the_moves_decide_and_normal_forms() {
    let games = [
        // Fool's mate: White is checkmated (art. 5.1.1): 0-1, in tag and marker.
        (
            game("1-0", "[PlyCount \"9\"]", "1. f3 e5 2. g4 Qh4# 1-0"),
            "0-1",
            Some("4"),
        ),
        // A draw written `1/2` in the tag, no marker (PGN standard 8.1.1.7: `1/2-1/2`).
        (game("1/2", "", "1. e4 e5"), "1/2-1/2", None),
        (game("1:0", "", "1. e4 e5"), "1-0", None),
        (game("0.5-0.5", "", "1. e4 e5 0.5-0.5"), "1/2-1/2", None),
        (game("½-½", "", "1. e4 e5 ½-½"), "1/2-1/2", None),
        // Stalemate (art. 5.2.1): Black to move has no legal move and is not in check.
        (
            game(
                "1-0",
                "[SetUp \"1\"]\n[FEN \"7k/8/6Q1/8/8/8/8/K7 w - - 0 1\"]",
                "1. Qf7 1-0",
            ),
            "1/2-1/2",
            None,
        ),
    ];
    for (pgn, result, plies) in games {
        let out = run_stdin(&["pgn", "-q"], pgn.as_bytes());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(&format!("[Result \"{result}\"]")),
            "{pgn}\n{text}"
        );
        assert!(
            words(&text).ends_with(&format!(" {result}")),
            "{pgn}\n{text}"
        );
        if let Some(plies) = plies {
            assert!(text.contains(&format!("[PlyCount \"{plies}\"]")), "{text}");
        }
    }
}

/// A game that repeats: input that takes a while to write.
fn many_games() -> Vec<u8> {
    game("1-0", "", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0")
        .repeat(20_000)
        .into_bytes()
}

#[test]
fn r14_a_closed_pipe_ends_every_subcommand_with_141() {
    let dir = TempDir::new("closed-pipe");
    let input = dir.write("many.pgn", &many_games());
    let path = input.to_str().unwrap();
    for args in [
        vec!["fix", "-q", path],
        vec!["pgn", "-q", path],
        vec!["check", "-q", "--games", path],
    ] {
        let mut child = arbiter()
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        reader.read_line(&mut first).unwrap();
        drop(reader);
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        // 128 + SIGPIPE, as a GNU tool killed by the signal ends; quietly.
        assert_eq!(out.status.code(), Some(141), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}

#[test]
fn r14_fix_interrupted_names_the_files_not_written() {
    let dir = TempDir::new("fix-interrupt");
    let log = dir.path("log.jsonl");
    let mut child = arbiter()
        .args(["fix", "--dry-run", "--log", log.to_str().unwrap(), "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(game("1-0", "", "1. e4 e5 1-0").as_bytes())
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    // --dry-run has no -o: what was not written is the log.
    assert!(
        stderr.contains("; the --log file was not written"),
        "{stderr}"
    );
    assert!(!stderr.contains("-o file"), "{stderr}");
    assert!(!log.exists());
}

/// A game dated `date` (`YYYY.MM.DD`), recorded 1-0, with `extra` tags and `movetext`.
fn dated(date: &str, extra: &str, movetext: &str) -> String {
    format!(
        "[Event \"E\"]\n[Site \"S\"]\n[Date \"{date}\"]\n[Round \"1\"]\n[White \"W\"]\n\
         [Black \"B\"]\n[Result \"1-0\"]\n{extra}\n{movetext}\n\n"
    )
}

/// The start position occurs for the fifth time after 8...Ng8 (plies 0, 4, 8, 12, 16:
/// python-chess `is_fivefold_repetition()` first at ply 16), then 9.e4 e5.
const FIVEFOLD: &str = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 \
    7. Nf3 Nf6 8. Ng1 Ng8 9. e4 e5 1-0";

/// 100.Qc4 is the 150th ply without pawn move or capture (python-chess
/// `is_seventyfive_moves()` after it); the queen keeps the position alive.
const SEVENTY_FIVE: (&str, &str) = (
    "[SetUp \"1\"]\n[FEN \"7k/8/8/8/8/8/8/K1Q5 w - - 149 100\"]",
    "100. Qc4 Kg7 1-0",
);

/// `fix ARGS` on one game: the Result tag written, the last word of the movetext, and the
/// `rule` of every `result-decided` change of the log.
fn decided(pgn: &str, args: &[&str]) -> (Option<String>, String, Vec<String>) {
    let mut all = vec!["--skip", "eco"];
    all.extend_from_slice(args);
    let run = fix(pgn.as_bytes(), &all);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let last = run.movetext().rsplit(' ').next().unwrap_or("").to_owned();
    let rules = run
        .of("result-decided")
        .iter()
        .map(|c| {
            assert_eq!(
                (c["before"].as_str(), c["after"].as_str()),
                (Some("1-0"), Some("1/2-1/2"))
            );
            c["rule"].as_str().unwrap().to_owned()
        })
        .collect();
    (run.tag("Result"), last, rules)
}

#[test]
fn r17_fix_laws_by_date_for_fivefold_and_seventy_five_moves() {
    // Art. 9.6 (automatic fivefold, 75 moves) is in the Laws in force from 1 July 2014
    // (RULES.md, "History"); before, such a position only let a player claim (arts. 9.2, 9.3).
    let games = [
        ("fivefold", "art. 9.6.1", "", FIVEFOLD),
        (
            "seventy-five-move",
            "art. 9.6.2",
            SEVENTY_FIVE.0,
            SEVENTY_FIVE.1,
        ),
    ];
    for (rule, article, extra, moves) in games {
        // The day before: the earlier Laws, the recorded 1-0 stands and nothing is logged.
        let before = dated("2014.06.30", extra, moves);
        assert_eq!(
            decided(&before, &[]),
            (Some("1-0".into()), "1-0".into(), vec![]),
            "{rule}"
        );
        // From that day: drawn, in the tag and the marker, each change logged under the rule,
        // the article and the Laws applied (chosen by the date).
        let after = dated("2014.07.01", extra, moves);
        let (tag, marker, rules) = decided(&after, &[]);
        assert_eq!(
            (tag.as_deref(), marker.as_str()),
            (Some("1/2-1/2"), "1/2-1/2"),
            "{rule}"
        );
        assert_eq!(rules.len(), 2, "{rule}: the tag and the marker: {rules:?}");
        for r in &rules {
            assert!(r.starts_with("draw/automatic-ignored"), "{r}");
            for word in [rule, article, "Laws current (date)"] {
                assert!(r.contains(word), "{rule}: {word} not in {r}");
            }
        }
        // --laws overrides the date both ways, and the log says the option chose.
        let (tag, _, rules) = decided(&before, &["--laws", "current"]);
        assert_eq!(tag.as_deref(), Some("1/2-1/2"), "{rule}");
        assert!(
            rules.iter().all(|r| r.contains("Laws current (option)")),
            "{rules:?}"
        );
        assert_eq!(
            decided(&after, &["--laws", "pre-2014"]),
            (Some("1-0".into()), "1-0".into(), vec![]),
            "{rule}"
        );
    }
}

/// `arbiter pgn -q` on `pgn`: its exit status, the movetext written (words) and standard error.
fn pgn_of(pgn: &str) -> (Option<i32>, String, String) {
    let out = run_stdin(&["pgn", "-q", "-"], pgn.as_bytes());
    let text = String::from_utf8(out.stdout).unwrap();
    let moves: Vec<&str> = text.lines().filter(|l| !l.starts_with('[')).collect();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), words(&moves.join(" ")), stderr)
}

#[test]
fn r14_pgn_and_fix_read_a_result_in_another_form_alike() {
    // A word at the end of the main line that stands for a result (`1:0`, `0:1`, `1/2:1/2`,
    // `+--`: the forms of `fix`'s result-form repair, README) is the game's result: `pgn` and
    // `fix` both write the standard marker (PGN standard 8.2.6: the four markers), and `pgn`
    // reports nothing. A checkmate may stand before it (art. 5.1.1). (A Result tag that
    // disagrees with it is a conflict `fix` rejects: `fix_trust.rs`.)
    let cases = [
        ("1-0", "1. e4 e5 2. Nf3 Nc6 1:0", "1. e4 e5 2. Nf3 Nc6 1-0"),
        (
            "0-1",
            "1. e4 e5 2. Nf3 Nc6 0:1 {lost on time}",
            "1. e4 e5 2. Nf3 Nc6 {lost on time} 0-1",
        ),
        ("1/2-1/2", "1. e4 e5 1/2:1/2", "1. e4 e5 1/2-1/2"),
        ("1-0", "1. e4 e5 2. Nf3 Nc6 +--", "1. e4 e5 2. Nf3 Nc6 1-0"),
        ("0-1", "1. f3 e5 2. g4 Qh4# 0:1", "1. f3 e5 2. g4 Qh4# 0-1"),
    ];
    for (tag, movetext, want) in cases {
        let input = game(tag, "", movetext);
        let (code, moves, stderr) = pgn_of(&input);
        assert_eq!(
            (code, moves.as_str()),
            (Some(0), want),
            "pgn: {movetext}: {stderr}"
        );
        assert!(stderr.is_empty(), "{movetext}: {stderr}");
        let fixed = fix(input.as_bytes(), &["--skip", "eco"]);
        assert_eq!(fixed.code, 0, "fix: {movetext}: {}", fixed.stderr);
        assert_eq!(fixed.movetext(), want, "fix: {movetext}");
        let marker = want.rsplit(' ').next();
        assert_eq!(fixed.tag("Result").as_deref(), marker, "fix: {movetext}");
        assert_eq!(fixed.of("result-form").len(), 1, "fix: {movetext}");
    }
    // Followed by a move it was no result: `pgn` keeps `1:0` as a comment with its finding
    // (or stops at `+--`, with result *), and `fix` rejects the game (no repair covers it).
    let voided = [
        (
            "1. e4 e5 1:0 2. Nf3 1-0",
            "1. e4 e5 {arbiter: unreadable token '1:0'} 2. Nf3 1-0",
        ),
        (
            "1. e4 +-- 2. Nf3 1-0",
            "1. e4 {arbiter: '+--' is not a move; the game's result was 1-0} *",
        ),
    ];
    for (movetext, want) in voided {
        let input = game("1-0", "", movetext);
        let (code, moves, stderr) = pgn_of(&input);
        assert_eq!((code, moves.as_str()), (Some(1), want), "pgn: {movetext}");
        assert!(
            stderr.contains("syntax/unknown-token"),
            "{movetext}: {stderr}"
        );
        let fixed = fix(input.as_bytes(), &["--skip", "eco"]);
        assert_eq!(fixed.code, 1, "fix: {movetext}");
        assert!(fixed.clean.is_empty(), "fix: {movetext}: {}", fixed.clean);
    }
}

#[test]
fn r14_dry_run_without_log_prints_the_log() {
    // A dry run shows what it would do (as `git clean -n`, `make -n`): without --log the log
    // goes to standard output, where the games would have gone; nothing else is written.
    let dir = TempDir::new("fix-dry-run");
    // `1/2` is a result in another form (PGN standard 8.1.1.7, 8.2.6: `1/2-1/2`).
    let input = dir.write("in.pgn", game("1/2", "", "1. e4 e5 1/2").as_bytes());
    let out = crate::util::run(&[
        "fix",
        "-q",
        "--dry-run",
        "--skip",
        "eco",
        input.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON Lines"))
        .collect();
    let forms: Vec<&Value> = records
        .iter()
        .filter(|r| r["repair"] == "result-form")
        .collect();
    assert_eq!(forms.len(), 2, "the tag and the marker: {records:?}");
    assert!(
        forms
            .iter()
            .all(|r| r["after"] == "1/2-1/2" && r["before"] == "1/2")
    );
    let last = records.last().unwrap();
    assert_eq!(
        (last["type"].as_str(), last["written"].as_u64()),
        (Some("summary"), Some(1))
    );
    let files: Vec<_> = std::fs::read_dir(dir.path(".")).unwrap().collect();
    assert_eq!(files.len(), 1, "only the input: {files:?}");
}

#[test]
fn r14_keep_broken_writes_control_characters_as_replacement_and_logs_it() {
    // A NUL (or another control character) is not allowed in export format (PGN standard 4.1:
    // printing characters only): the kept rest of the line has U+FFFD where it stood, and the
    // log says so, with the text as it was.
    let input = game("1-0", "", "1. e4 e5 2. Bxe5 {a\u{0}b} Nf6 3. Nf3 1-0");
    let run = fix(input.as_bytes(), &["--keep-broken", "--skip", "eco"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.clean.contains('\0'), "{:?}", run.clean);
    assert!(
        run.movetext().contains("{2. Bxe5 [a\u{FFFD}b] Nf6 3. Nf3}"),
        "{}",
        run.movetext()
    );
    let logged: Vec<&Value> = run
        .of("keep-broken")
        .into_iter()
        .filter(|c| c["rule"].as_str().unwrap().contains("U+FFFD"))
        .collect();
    assert_eq!(logged.len(), 1, "{:?}", run.log);
    assert_eq!(logged[0]["before"], "2. Bxe5 [a\\u{0}b] Nf6 3. Nf3");
    assert_eq!(logged[0]["after"], "2. Bxe5 [a\u{FFFD}b] Nf6 3. Nf3");
}

#[test]
fn r14_keep_broken_counts_the_bidirectional_overrides_it_replaces() {
    // The export writes a bidirectional override (U+202E here) as U+FFFD, as it writes a
    // control character: the log counts both and shows the text as written.
    let input = game("1-0", "", "1. e4 e5 2. Ke3 a\u{202E}b\u{1} Nf6 1-0");
    let run = fix(input.as_bytes(), &["--keep-broken", "--skip", "eco"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.movetext().contains("{2. Ke3 a\u{FFFD}b\u{FFFD} Nf6}"),
        "{}",
        run.movetext()
    );
    let logged: Vec<&Value> = run
        .of("keep-broken")
        .into_iter()
        .filter(|c| c["rule"].as_str().unwrap().contains("U+FFFD"))
        .collect();
    assert_eq!(logged.len(), 1, "{:?}", run.log);
    assert!(
        logged[0]["rule"]
            .as_str()
            .unwrap()
            .contains(": 2 control or bidirectional-override characters of the kept text"),
        "{}",
        logged[0]["rule"]
    );
    assert_eq!(logged[0]["before"], "2. Ke3 a\\u{202e}b\\u{1} Nf6");
    assert_eq!(logged[0]["after"], "2. Ke3 a\u{FFFD}b\u{FFFD} Nf6");
}

/// The results `fix` decides follow the Laws of the Date it writes out, so that a second fix
/// changes nothing: a resignation against a bare king is a draw from 2023 on (art. 5.1.2), not
/// before. `2022-12-31` is written `2022.12.31` (a 2022 game: 1-0 stands), `0000.00.00` and
/// `2022.12.00` are dates no game has, written `????.??.??` (the current Laws: 1/2-1/2).
#[test]
fn r17_fix_judges_by_the_date_it_writes() {
    let fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4q3/K7 w - - 0 1\"]\n\
               [Termination \"W won by resignation\"]\n";
    for (date, written, result) in [
        ("2022-12-31", "2022.12.31", "1-0"),
        ("2022.12.31", "2022.12.31", "1-0"),
        ("0000.00.00", "????.??.??", "1/2-1/2"),
        ("2022.12.00", "????.??.??", "1/2-1/2"),
        ("2023-01-01", "2023.01.01", "1/2-1/2"),
    ] {
        let pgn = game("1-0", fen, "1. Kb1 Qe3 2. Ka2 1-0").replace("2024.01.02", date);
        let once = fix(pgn.as_bytes(), &[]);
        assert_eq!(once.tag("Date").as_deref(), Some(written), "{date}");
        assert_eq!(
            once.tag("Result").as_deref(),
            Some(result),
            "{date}: {}",
            once.stderr
        );
        let twice = fix(once.clean.as_bytes(), &[]);
        assert_eq!(
            twice.clean, once.clean,
            "{date}: a second fix changed the game"
        );
        assert!(twice.changes().is_empty(), "{date}: {:?}", twice.changes());
    }
}

#[test]
fn r14_keep_broken_cut_at_a_fivefold_is_drawn_and_a_second_fix_agrees() {
    // The start position stands at plies 0, 4, 8, 12 and 16 (python-chess:
    // is_fivefold_repetition() first true after 8...Ng8): the game ended there, drawn (FIDE
    // Laws art. 9.6.1, the Laws of its date), and the illegal 9.Ke3 (e3 is no king move from
    // e1) is written after the end. The cut falls on the end itself: its result is the draw,
    // not `*`, and fix of the output changes nothing.
    let moves = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 \
                 7. Nf3 Nf6 8. Ng1 Ng8 9. Ke3 1-0";
    let input = game("1-0", "", moves);
    let run = fix(input.as_bytes(), &["--keep-broken", "--skip", "eco"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.tag("Result").as_deref(), Some("1/2-1/2"));
    assert!(run.movetext().ends_with(" 1/2-1/2"), "{}", run.movetext());
    let again = fix(run.clean.as_bytes(), &["--keep-broken", "--skip", "eco"]);
    assert_eq!(again.clean, run.clean);
    // `audit` of the game as written: the end, then moves written after it (error with 1-0).
    let out = crate::util::run_stdin(&["audit", "-q", "--format", "jsonl"], input.as_bytes());
    let codes: Vec<String> = crate::util::parse_jsonl(&out.stdout)
        .iter()
        .filter(|r| r["type"] == "verdict")
        .map(|r| r["code"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        codes,
        [
            "draw/automatic-ignored",
            "result/contradicted",
            "audit/incomplete"
        ]
    );
}

#[test]
fn r14_no_comments_writes_no_note_for_a_word_that_is_no_result() {
    // `1:0` followed by more moves is no result but a word the export cannot read: with
    // `--no-comments` no comment at all is written for it, so a second fix changes nothing.
    let input = game("*", "", "1. e4 e5 1:0 2. Nf3 Nc6 *");
    let args = ["--keep-broken", "--no-comments", "--skip", "eco"];
    let run = fix(input.as_bytes(), &args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.movetext(), "1. e4 e5 2. Nf3 Nc6 *");
    let again = fix(run.clean.as_bytes(), &args);
    assert_eq!(again.clean, run.clean);
}
