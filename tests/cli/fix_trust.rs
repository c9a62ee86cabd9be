//! `arbiter fix` that never guesses (issues 31 and 32): a decided result kept by
//! `--keep-broken`, a Result tag that disagrees with the termination marker reported (or settled
//! by `--result-from`), tags added only when asked, the rejects written by default, text encoded
//! twice and padded numbers repaired. Expectations come from the FIDE Laws (RULES.md), the PGN
//! standard and the bytes of UTF-8, never from arbiter's own output.

use serde_json::Value;

use crate::fix::fix;
use crate::util::testdata;

/// The games of `testdata/audit/repetition.pgn`, each with its bytes.
fn repetition_games() -> Vec<String> {
    let text = std::fs::read_to_string(testdata("audit/repetition.pgn")).unwrap();
    let mut games = Vec::new();
    for part in text.split("\n[Event ") {
        let game = match part.starts_with("[Event ") {
            true => part.to_owned(),
            false => format!("[Event {part}"),
        };
        games.push(format!("{}\n\n", game.trim_end()));
    }
    games
}

/// Game 9 of `testdata/audit/repetition.pgn`: the knights go out and back until the start
/// position stands for the fifth time after 8...Ng8 (plies 0, 4, 8, 12, 16), then 9. e4 and an
/// illegal 9...Ke6. From 1 July 2014 a fivefold repetition ends the game drawn (FIDE Laws art.
/// 9.6.1; the game has no date: the current Laws): the moves after it are void, whatever
/// follows, so `--keep-broken` cutting at 9...Ke6 keeps the result `1/2-1/2`; and a second fix
/// changes nothing (issue 32: pass 1 wrote `*`, pass 2 wrote `1/2-1/2` back).
#[test]
fn keep_broken_keeps_the_draw_of_a_fivefold_repetition_before_the_cut() {
    let games = repetition_games();
    let game = &games[8];
    assert!(game.contains("fivefold, then an illegal move"), "{game}");
    let once = fix(game.as_bytes(), &["--keep-broken"]);
    assert_eq!(once.code, 0, "{}", once.stderr);
    assert_eq!(once.tag("Result").as_deref(), Some("1/2-1/2"));
    assert!(once.movetext().ends_with(" 1/2-1/2"), "{}", once.movetext());
    let twice = fix(once.clean.as_bytes(), &["--keep-broken"]);
    assert_eq!(twice.clean, once.clean);
    assert!(twice.changes().is_empty(), "{:?}", twice.changes());
    // `audit` finds no error in the output but the fivefold repetition itself (the moves after
    // it were played, void, as in the input).
    let dir = crate::util::TempDir::new("keep-broken-fivefold");
    let out = dir.write("out.pgn", once.clean.as_bytes());
    let audit = crate::util::run(&["audit", "--format", "jsonl", out.to_str().unwrap()]);
    let records = crate::util::parse_jsonl(&audit.stdout);
    let errors: Vec<&Value> = records
        .iter()
        .filter(|r| r["type"] == "verdict" && r["severity"] == "error")
        .collect();
    assert!(
        errors
            .iter()
            .all(|v| v["code"] == "draw/automatic-ignored" && v["correct_result"] == "1/2-1/2"),
        "{errors:?}"
    );
}

/// The Seven Tag Roster with `result`, then `extra` tags, then `movetext`.
fn game(result: &str, extra: &str, movetext: &str) -> String {
    format!(
        "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n\
         [Black \"B\"]\n[Result \"{result}\"]\n{extra}\n{movetext}\n\n"
    )
}

/// `fix` adds no tag the game does not need by default (issue 31: ECO and Opening were added to
/// half the corpus): a game with the Seven Tag Roster and nothing wrong comes out as it went in,
/// with no change logged. `--add eco` adds ECO and Opening (1. e4 e5 2. Nf3 Nc6 3. Bb5 ends the
/// line C60 "Ruy Lopez" of the lichess chess-openings c.tsv), `--add plycount` a PlyCount of the
/// five plies (PGN standard 9.2.1); an existing PlyCount that is wrong is corrected by default.
#[test]
fn fix_adds_tags_only_when_asked() {
    let moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 *";
    let input = game("*", "", moves);
    let plain = fix(input.as_bytes(), &[]);
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    assert_eq!(
        plain.clean, input,
        "a game with nothing wrong is kept as it is"
    );
    assert!(plain.changes().is_empty(), "{:?}", plain.changes());
    let added = fix(input.as_bytes(), &["--add", "eco,plycount"]);
    assert_eq!(added.tag("ECO").as_deref(), Some("C60"));
    assert_eq!(added.tag("Opening").as_deref(), Some("Ruy Lopez"));
    assert_eq!(added.tag("PlyCount").as_deref(), Some("5"));
    assert_eq!(added.of("eco").len(), 2);
    let plycount = added.of("plycount-add");
    assert_eq!(plycount.len(), 1, "{:?}", added.changes());
    assert!(plycount[0]["before"].is_null() && plycount[0]["after"] == "5");
    let only_eco = fix(input.as_bytes(), &["--add", "eco"]);
    assert_eq!(only_eco.tag("PlyCount"), None);
    let wrong = fix(game("*", "[PlyCount \"17\"]", moves).as_bytes(), &[]);
    assert_eq!(wrong.tag("PlyCount").as_deref(), Some("5"));
    assert_eq!(wrong.of("plycount").len(), 1);
    let bad = crate::util::run(&["fix", "--add", "opening-name", "-"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// A Result tag that disagrees with the termination marker is not settled by a guess (issue
/// 31): which of the two records is right, nothing in the game says. By default the game is
/// rejected — kept byte for byte, logged with `tag/result-mismatch` — and `--result-from`
/// names the rule that settles it: `marker`, `tag`, or `position` (the result the moves decide:
/// Fool's Mate, 1. f3 e5 2. g4 Qh4#, is 0-1 by art. 5.1.1), tried in the order given.
#[test]
fn a_result_tag_against_the_marker_is_reported_not_rewritten() {
    let open = game("1-0", "", "1. e4 e5 0-1");
    let plain = fix(open.as_bytes(), &[]);
    assert_eq!(plain.code, 1, "{}", plain.stderr);
    assert_eq!(plain.clean, "");
    assert_eq!(plain.rejects, open.as_bytes());
    let rejected: Vec<&Value> = plain
        .log
        .iter()
        .filter(|r| r["type"] == "rejected")
        .collect();
    assert_eq!(rejected.len(), 1, "{:?}", plain.log);
    assert_eq!(rejected[0]["code"], "tag/result-mismatch");
    let message = rejected[0]["message"].as_str().unwrap();
    assert!(
        message.contains("1-0") && message.contains("0-1") && message.contains("--result-from"),
        "{message}"
    );
    for (args, result, by) in [
        (&["--result-from", "marker"][..], Some("0-1"), "marker"),
        (&["--result-from", "tag"][..], Some("1-0"), "tag"),
        (&["--result-from", "position"][..], None, ""),
        (&["--result-from", "position,tag"][..], Some("1-0"), "tag"),
    ] {
        let run = fix(open.as_bytes(), args);
        assert_eq!(run.tag("Result").as_deref(), result, "{args:?}");
        match result {
            Some(r) => {
                assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
                assert!(run.movetext().ends_with(&format!(" {r}")), "{args:?}");
                let agree = run.of("result-agree");
                assert_eq!(agree.len(), 1, "{args:?}: {:?}", run.changes());
                assert!(
                    agree[0]["rule"]
                        .as_str()
                        .unwrap()
                        .contains(&format!("--result-from {by}")),
                    "{args:?}: {}",
                    agree[0]["rule"]
                );
            }
            None => assert_eq!(run.rejects, open.as_bytes(), "{args:?}"),
        }
    }
    // The moves decide: `position` settles it, the default still does not.
    let mate = game("1-0", "", "1. f3 e5 2. g4 Qh4# 1/2-1/2");
    assert_eq!(fix(mate.as_bytes(), &[]).code, 1);
    let settled = fix(mate.as_bytes(), &["--result-from", "position"]);
    assert_eq!(settled.code, 0, "{}", settled.stderr);
    assert_eq!(settled.tag("Result").as_deref(), Some("0-1"));
    assert!(settled.movetext().ends_with("Qh4# 0-1"));
    // Settled against the position, with `result-decided` skipped: the result written would be
    // an error of `check` (`result/contradicts-position`: White is checkmated, 1-0 recorded),
    // so the game is rejected; with it, the moves decide (0-1).
    let mate_tag = game("1-0", "", "1. f3 e5 2. g4 Qh4# 0-1");
    let skipped = fix(
        mate_tag.as_bytes(),
        &["--result-from", "tag", "--skip", "result-decided"],
    );
    assert_eq!(skipped.rejects, mate_tag.as_bytes(), "{}", skipped.clean);
    let rejected: Vec<&Value> = skipped
        .log
        .iter()
        .filter(|r| r["type"] == "rejected")
        .collect();
    assert_eq!(rejected[0]["code"], "result/contradicts-position");
    let decided = fix(mate_tag.as_bytes(), &["--result-from", "tag"]);
    assert_eq!(decided.tag("Result").as_deref(), Some("0-1"));
    // `*` against a result is a disagreement too (check: `tag/result-mismatch`).
    assert_eq!(fix(game("*", "", "1. e4 1-0").as_bytes(), &[]).code, 1);
    // No marker: the tag's result is written (nothing disagrees), as before.
    let no_marker = fix(game("1-0", "", "1. e4 e5").as_bytes(), &[]);
    assert_eq!(no_marker.code, 0, "{}", no_marker.stderr);
    assert!(no_marker.movetext().ends_with("e5 1-0"));
}

/// The files in `dir`, by name.
fn names_in(dir: &crate::util::TempDir) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.path("."))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The rejected games are written by default (issue 31: without `--rejects` they vanished):
/// beside `-o FILE` as `FILE` without its `.pgn`, then `.rejects.pgn`, written at every run
/// (empty when nothing is rejected, so that it never holds another run's games), and standard
/// error says where even with `-q`. Nothing is lost: the input's games are the output's plus the
/// rejects'. With the games on standard output there is no file to name them after: the run
/// says how many were not kept and how to keep them; `--dry-run` writes no rejects.
#[test]
fn the_rejects_are_written_by_default_and_the_run_says_where() {
    let dir = crate::util::TempDir::new("fix-rejects-default");
    let good = game("0-1", "", "1. f3 e5 2. g4 Qh4# 0-1");
    let broken = game("*", "", "1. e4 e5 2. Ke3 *");
    let input = dir.write(
        "in.pgn",
        [good.as_str(), &broken, &good].concat().as_bytes(),
    );
    let input = input.to_str().unwrap();
    let out = dir.path("out.pgn");
    let run = crate::util::run(&["fix", "-q", "-o", out.to_str().unwrap(), input]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    let rejects = dir.path("out.rejects.pgn");
    assert_eq!(std::fs::read(&rejects).unwrap(), broken.as_bytes());
    assert!(
        stderr.contains("1 game rejected") && stderr.contains(rejects.to_str().unwrap()),
        "{stderr}"
    );
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written.matches("[Event ").count(), 2, "{written}");
    // Not quiet: the counts add up.
    let run = crate::util::run(&["fix", "-o", out.to_str().unwrap(), input]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("fix: 3 games read, 2 written (") && stderr.contains(", 1 rejected"),
        "{stderr}"
    );
    // `-o` without an extension.
    let bare = dir.path("clean");
    crate::util::run(&["fix", "-q", "-o", bare.to_str().unwrap(), input]);
    assert_eq!(
        std::fs::read(dir.path("clean.rejects.pgn")).unwrap(),
        broken.as_bytes()
    );
    // No game rejected: an empty rejects file, exit status 0, nothing said with -q.
    let only_good = dir.write("good.pgn", good.as_bytes());
    let ok = dir.path("ok.pgn");
    std::fs::write(dir.path("ok.rejects.pgn"), "a stale game").unwrap();
    let run = crate::util::run(&[
        "fix",
        "-q",
        "-o",
        ok.to_str().unwrap(),
        only_good.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(0));
    assert!(
        run.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(std::fs::read(dir.path("ok.rejects.pgn")).unwrap(), b"");
    // Standard output: no file is made, and the run says the game was not kept.
    let before = names_in(&dir);
    let run = crate::util::run(&["fix", "-q", input]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert_eq!(
        String::from_utf8_lossy(&run.stdout)
            .matches("[Event ")
            .count(),
        2
    );
    assert!(
        stderr.contains("1 game rejected") && stderr.contains("--rejects FILE"),
        "{stderr}"
    );
    assert_eq!(names_in(&dir), before);
    // A dry run writes no rejects, and says what would be rejected.
    let run = crate::util::run(&["fix", "-q", "--dry-run", input]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("1 game would be rejected"), "{stderr}");
    assert_eq!(names_in(&dir), before);
}

/// `text` as a program that read its UTF-8 as Windows-1252 and wrote it as UTF-8 again would
/// write it (encoding_rs, an independent decoder).
fn encoded_twice(text: &str) -> String {
    encoding_rs::WINDOWS_1252
        .decode_without_bom_handling(text.as_bytes())
        .0
        .into_owned()
}

/// Real names in several scripts.
const NAMES: &[&str] = &[
    "Andersson, Göran",
    "Karpov, Anatoly (Карпов, Анатолий)",
    "Κοτρωνιάς, Βασίλειος",
    "丁立人",
    "이창호",
    "Gelfand, Boris (גלפנד, בוריס)",
    "Ştefănescu, Ţiţeica",
    "Świercz, Dariusz (Łódź)",
    "Vũ Thành Tuấn",
    "Réti, Richard",
];

/// Text encoded as UTF-8 twice (issue 31: `ZÃ¼rich`, `GÃ¶ran` got no warning) in tag values and
/// comments: `check` gives one `encoding/double-utf8` warning a game, `fix` decodes each value
/// and comment back to the name (encoding twice is undone by reading the UTF-8 bytes as UTF-8:
/// the expected text is the name itself), logged; the same names written correctly get no
/// warning and no change. A numeric tag with spaces around its number (`BlackElo " 2700"`:
/// `tag/padded-number`) is the number alone after `fix`; one that is no number (`2700?`:
/// `tag/bad-number`) is reported and left.
#[test]
fn text_encoded_twice_and_padded_numbers_are_found_and_repaired() {
    let dir = crate::util::TempDir::new("fix-double-utf8");
    let mut twice = String::new();
    let mut right = String::new();
    for name in NAMES {
        let game = |site: &str, white: &str| {
            format!(
                "[Event \"E\"]\n[Site \"{site}\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n\
                 [White \"{white}\"]\n[Black \"B\"]\n[Result \"*\"]\n[WhiteElo \"2700?\"]\n\
                 [BlackElo \" 2700\"]\n\n1. e4 {{{white}}} *\n\n"
            )
        };
        twice.push_str(&game(&encoded_twice("Zürich"), &encoded_twice(name)));
        right.push_str(&game("Zürich", name));
    }
    let twice_path = dir.write("twice.pgn", twice.as_bytes());
    let right_path = dir.write("right.pgn", right.as_bytes());
    let codes = |path: &std::path::Path, code: &str| {
        let (records, _) = crate::util::check_jsonl(path, &[]);
        let found: Vec<Value> = crate::util::findings(&records)
            .into_iter()
            .filter(|f| f["code"] == code)
            .cloned()
            .collect();
        found
    };
    let found = codes(&twice_path, "encoding/double-utf8");
    assert_eq!(found.len(), NAMES.len(), "{found:?}");
    assert!(codes(&right_path, "encoding/double-utf8").is_empty());
    assert_eq!(codes(&twice_path, "tag/padded-number").len(), NAMES.len());
    assert_eq!(codes(&twice_path, "tag/bad-number").len(), NAMES.len());
    let run = fix(twice.as_bytes(), &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected = right.replace("[BlackElo \" 2700\"]", "[BlackElo \"2700\"]");
    assert_eq!(run.clean.matches("[Event ").count(), NAMES.len());
    for name in NAMES {
        assert!(
            run.clean.contains(&format!("[White \"{name}\"]")),
            "{name}: {}",
            run.clean
        );
        assert!(run.clean.contains(&format!("{{{name}}}")), "{name}");
    }
    assert!(!run.clean.contains(" 2700\"") && run.clean.contains("[WhiteElo \"2700?\"]"));
    let decoded = run.of("double-encoding");
    // Site, White and the comment of every game.
    assert_eq!(decoded.len(), 3 * NAMES.len(), "{decoded:?}");
    assert!(decoded.iter().any(|c| c["tag"] == "White"
        && c["after"] == NAMES[0]
        && c["before"] == encoded_twice(NAMES[0])));
    assert_eq!(run.of("padded-number").len(), NAMES.len());
    let fixed = dir.write("fixed.pgn", run.clean.as_bytes());
    assert!(codes(&fixed, "encoding/double-utf8").is_empty());
    assert!(codes(&fixed, "tag/padded-number").is_empty());
    let again = fix(run.clean.as_bytes(), &[]);
    assert_eq!(again.clean, run.clean);
    assert!(again.changes().is_empty(), "{:?}", again.changes());
    // The names written right: fix changes nothing but the padded number.
    let plain = fix(right.as_bytes(), &[]);
    assert!(plain.of("double-encoding").is_empty());
    assert_eq!(plain.clean, expected);
}

/// Every tag value and comment of the shared corpus: none is taken for text encoded twice (the
/// files that are not UTF-8 read as Windows-1252 by encoding_rs, as `fix` converts them: real
/// Latin-1 text), and every one that has a character beyond ASCII, encoded twice, is decoded
/// back to itself. The counts are printed.
#[test]
fn no_corpus_text_is_taken_for_text_encoded_twice() {
    let Some(dir) = crate::util::corpus("double UTF-8 on the corpus") else {
        return;
    };
    use arbiter::analysis::check::mojibake::decode_double_utf8;
    use arbiter::analysis::lexer::{Lexer, TokenKind};
    let (mut texts, mut non_ascii, mut false_positives) = (0u64, 0u64, Vec::new());
    for file in crate::util::pgn_files(&dir) {
        let bytes = std::fs::read(dir.join(&file)).unwrap();
        let text = match std::str::from_utf8(&bytes) {
            Ok(t) => t.to_owned(),
            Err(_) => encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(&bytes)
                .0
                .into_owned(),
        };
        for token in Lexer::new(text.as_bytes()) {
            let span = match token.kind {
                TokenKind::Tag { value, .. } => value,
                TokenKind::Comment | TokenKind::LineComment => token.text,
                _ => continue,
            };
            let Ok(span) = std::str::from_utf8(span) else {
                continue;
            };
            texts += 1;
            if span.is_ascii() {
                continue;
            }
            non_ascii += 1;
            if decode_double_utf8(span).is_some() {
                false_positives.push(format!("{file}: {span}"));
            }
            let twice = encoded_twice(span);
            assert_eq!(
                decode_double_utf8(&twice).as_deref(),
                Some(span),
                "{file}: {span:?} encoded twice is {twice:?}"
            );
        }
    }
    eprintln!(
        "double UTF-8 on the corpus: {texts} tag values and comments, {non_ascii} beyond ASCII, \
         {} false positives",
        false_positives.len()
    );
    assert!(non_ascii >= 800, "{non_ascii}");
    assert!(false_positives.is_empty(), "{false_positives:#?}");
}

/// `--keep-broken --no-comments`: no comment at all is written — neither the rest of the cut
/// line nor arbiter's note of why it is cut (the log has the cut) — so that a second fix, which
/// leaves comments out, changes nothing (found by the idempotence test: the second run dropped
/// the first run's comments). `pgn --no-comments` writes no note either (the finding says why).
#[test]
fn keep_broken_without_comments_writes_no_comment() {
    let input = game("*", "", "1. d4 Nf6 2. Sf3 d5 *");
    let once = fix(input.as_bytes(), &["--keep-broken", "--no-comments"]);
    assert_eq!(once.code, 0, "{}", once.stderr);
    assert_eq!(once.movetext(), "1. d4 Nf6 *");
    assert_eq!(once.of("keep-broken").len(), 1, "{:?}", once.changes());
    let twice = fix(once.clean.as_bytes(), &["--keep-broken", "--no-comments"]);
    assert_eq!(twice.clean, once.clean);
    assert!(twice.changes().is_empty(), "{:?}", twice.changes());
    let pgn = crate::util::run_stdin(&["pgn", "-q", "--no-comments", "-"], input.as_bytes());
    let text = String::from_utf8(pgn.stdout).unwrap();
    assert!(text.contains("\n\n1. d4 Nf6 *\n"), "{text}");
    assert!(
        String::from_utf8_lossy(&pgn.stderr).contains("'Sf3' is not a move"),
        "{}",
        String::from_utf8_lossy(&pgn.stderr)
    );
}
