//! The rules in force (issue 17): the edition of the Laws by date (`--laws`), and house-rule
//! profiles (`--profile`), on `testdata/audit/laws.pgn` and `testdata/audit/profiles.pgn`.
//!
//! The games were written for these tests and replayed with python-chess 1.11.2: the occurrence
//! plies (`Board._transposition_key`), `is_fivefold_repetition()`, `is_seventyfive_moves()`,
//! the halfmove clock and the checks in a row (`gives_check`) that the expectations name come
//! from it; which rule applies comes from the FIDE Laws (art. 9.6 in force from 1 July 2014,
//! RULES.md "History") and from the platform's published rules (RULES.md, "Other rule sets").

use super::*;
use crate::contract::records::{Laws, LawsBasis};

const RC_: &str = "result/contradicted";
const NOT_ALLOWED: &str = "result/not-allowed";

/// The start position at plies 0, 4, 8, 12, 16 (python-chess: fivefold first at ply 16), then
/// 9.e4 e5 and 1-0.
const FIVEFOLD: &[u64] = &[0, 4, 8, 12, 16];

#[test]
fn the_laws_by_the_date_tag() {
    let file = data("laws.pgn");
    // Default (--laws auto): in 1886 fivefold repetition was no automatic draw (art. 9.6 came
    // into force on 1 July 2014): 1-0 stands, and no move is void.
    let (records, code) = audit(&["laws.pgn"], &[]);
    assert_eq!(got(&records, &file, "fivefold, 1886"), vec![]);
    assert_eq!(game(&records, &file, "fivefold, 1886").status, status("ok"));
    assert_eq!(got(&records, &file, "seventy-five moves, 2010"), vec![]);
    // In 2015 the Laws ended the game at ply 16.
    let after_2014 = vec![
        ignored("fivefold", 16, Some("8...Ng8"), FIVEFOLD),
        contradicted("fivefold", 16, Some("8...Ng8"), FIVEFOLD, "1/2-1/2"),
    ];
    assert_eq!(got(&records, &file, "fivefold, 2015"), after_2014);
    let v = verdict(&records, &file, "fivefold, 2015", RC_, 16);
    assert_eq!(
        (v.laws, v.laws_basis),
        (Some(Laws::Current), Some(LawsBasis::Date))
    );
    // No usable date: the current Laws, and the verdict says so.
    assert_eq!(got(&records, &file, "fivefold, no date"), after_2014);
    let v = verdict(&records, &file, "fivefold, no date", RC_, 16);
    assert_eq!(
        (v.laws, v.laws_basis),
        (Some(Laws::Current), Some(LawsBasis::NoDate))
    );
    assert!(v.message.contains("no usable date"), "{}", v.message);
    assert_eq!(code, 1);
}

#[test]
fn laws_current_and_pre_2014_override_the_date() {
    let file = data("laws.pgn");
    let (records, _) = audit(&["laws.pgn"], &["--laws", "current"]);
    assert_eq!(
        got(&records, &file, "fivefold, 1886"),
        vec![
            ignored("fivefold", 16, Some("8...Ng8"), FIVEFOLD),
            contradicted("fivefold", 16, Some("8...Ng8"), FIVEFOLD, "1/2-1/2"),
        ]
    );
    let v = verdict(&records, &file, "fivefold, 1886", RC_, 16);
    assert_eq!(
        (v.laws, v.laws_basis),
        (Some(Laws::Current), Some(LawsBasis::Option))
    );
    // [FEN "7k/8/8/8/8/8/8/K1Q5 w - - 149 100"] 100.Qc4: 150 quiet plies (python-chess:
    // is_seventyfive_moves() at ply 1), 100...Kg7 void.
    assert_eq!(
        got(&records, &file, "seventy-five moves, 2010"),
        vec![
            ignored("seventy-five-move", 1, Some("100.Qc4"), &[]),
            contradicted("seventy-five-move", 1, Some("100.Qc4"), &[], "1/2-1/2"),
        ]
    );
    let (records, code) = audit(&["laws.pgn"], &["--laws", "pre-2014"]);
    for event in ["fivefold, 1886", "fivefold, 2015", "fivefold, no date"] {
        assert_eq!(got(&records, &file, event), vec![], "{event}");
    }
    assert_eq!(code, 0);
}

#[test]
fn before_2014_a_fivefold_is_a_claim_opportunity() {
    // Under the earlier Laws the repeated positions give threefold claims (art. 9.2) all along:
    // python-chess can_claim_threefold_repetition() is true at plies 7..16 (at ply 7 black
    // writes Ng8 to make the start position appear the third time), not after 9.e4.
    // `--missed` reports the first, and counts the 9 later plies.
    let file = data("laws.pgn");
    let (records, _) = audit(&["laws.pgn"], &["--missed"]);
    assert_eq!(
        got(&records, &file, "fivefold, 1886"),
        vec![claim("threefold", 7, Some("4.Ng1"), Some("Ng8"), &[0, 4])]
    );
    let v = verdict(&records, &file, "fivefold, 1886", "draw/claim-available", 7);
    assert_eq!(v.more_plies, Some(9));
    assert_eq!(
        (v.laws, v.laws_basis),
        (Some(Laws::Pre2014), Some(LawsBasis::Date))
    );
    // 149 then 150 quiet plies: the fifty-move claim at plies 0 and 1 (python-chess
    // can_claim_fifty_moves()), ply 2 is the end.
    assert_eq!(
        got(&records, &file, "seventy-five moves, 2010"),
        vec![claim("fifty-move", 0, None, None, &[])]
    );
    let v = verdict(
        &records,
        &file,
        "seventy-five moves, 2010",
        "draw/claim-available",
        0,
    );
    assert_eq!(v.more_plies, Some(1));
}

#[test]
fn platform_profile_at_each_threshold_and_one_short() {
    let file = data("profiles.pgn");
    let (records, code) = audit(&["profiles.pgn"], &["--profile", "platform"]);
    assert_eq!(code, 1);
    // Threefold is automatic: the start position at plies 0, 4, 8; 5.e4 is void.
    assert_eq!(
        got(&records, &file, "house threefold"),
        vec![
            ignored("house/threefold", 8, Some("4...Ng8"), &[0, 4, 8]),
            contradicted("house/threefold", 8, Some("4...Ng8"), &[0, 4, 8], "1/2-1/2"),
        ]
    );
    assert_eq!(got(&records, &file, "house threefold, one short"), vec![]);
    // 30 moves by each player without pawn move or capture: halfmove clock 57 + 3 = 60 after
    // 101.Qc3+ (python-chess halfmove_clock); 56 + 3 = 59 is one short.
    assert_eq!(
        got(&records, &file, "house 30 moves"),
        vec![contradicted(
            "house/30-move",
            3,
            Some("101.Qc3+"),
            &[],
            "1/2-1/2"
        )]
    );
    assert_eq!(got(&records, &file, "house 30 moves, one short"), vec![]);
    // White's 10th check in a row is 10.Qe8+ (ply 19, not mate); 10...Kxe8 is void. With
    // 10.Kf1 instead, nine checks only.
    assert_eq!(
        got(&records, &file, "perpetual check"),
        vec![
            ignored("house/perpetual-check", 19, Some("10.Qe8+"), &[]),
            contradicted("house/perpetual-check", 19, Some("10.Qe8+"), &[], "1/2-1/2"),
        ]
    );
    assert_eq!(got(&records, &file, "perpetual check, one short"), vec![]);
    // A resignation after 14 moves by each player is not allowed; after 15 it is.
    assert_eq!(
        got(&records, &file, "resignation too early"),
        vec![v(
            NOT_ALLOWED,
            Some("house/resignation"),
            28,
            Some("14...g6"),
            None,
            &[],
            None
        )]
    );
    assert_eq!(got(&records, &file, "resignation after 15 moves"), vec![]);
    // Lost on time within the first 5 moves: void, no result (`*`); after 5 moves it stands.
    assert_eq!(
        got(&records, &file, "time forfeit within 5 moves"),
        vec![contradicted(
            "house/time-forfeit",
            8,
            Some("4...Nf6"),
            &[],
            "*"
        )]
    );
    assert_eq!(got(&records, &file, "time forfeit after 5 moves"), vec![]);
    let v = verdict(&records, &file, "house 30 moves", RC_, 3);
    assert_eq!((v.profile.as_str(), v.laws), ("platform", None));
}

#[test]
fn the_fide_profile_has_none_of_the_house_rules() {
    let (records, code) = audit(&["profiles.pgn"], &[]);
    assert_eq!(summary(&records).games_with_verdicts, 0);
    assert_eq!(code, 0);
}

fn path(p: &std::path::Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn a_profile_file_and_its_errors() {
    let dir = TempDir::new("audit-profile");
    let profile = dir.path("club.toml");
    std::fs::write(
        &profile,
        "name = \"club\"\n[quiet_moves.automatic]\nmoves = 29\nrule = \"club/29-move\"\n",
    )
    .expect("write");
    let file = data("profiles.pgn");
    // A profile's own rule names are not in the typed contract: read the records as JSON.
    let out = run(&[
        "audit",
        "-q",
        "--format",
        "jsonl",
        "--profile",
        path(&profile),
        &file,
    ]);
    let verdicts: Vec<(String, String, u64, String)> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"))
        .filter(|r| r["type"] == "verdict")
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or("").to_owned();
            (
                s("event"),
                s("code"),
                r["ply"].as_u64().unwrap_or(0),
                s("rule"),
            )
        })
        .collect();
    // 29 moves by each player: clock 56 + 2 = 58 plies after 100...Kg7 in the "one short"
    // game, 57 + 1 = 58 after 100.Qc4 in the other; no repetition rule in this profile.
    let want = |event: &str, ply: u64| {
        [AI, RC_].map(|code| {
            (
                event.to_owned(),
                code.to_owned(),
                ply,
                "club/29-move".to_owned(),
            )
        })
    };
    let mut expected = want("house 30 moves", 1).to_vec();
    expected.extend(want("house 30 moves, one short", 2));
    assert_eq!(verdicts, expected);
    // A misspelt key is a usage error naming it.
    std::fs::write(&profile, "name = \"club\"\nstalemat = true\n").expect("write");
    let out = run(&[
        "audit",
        "-q",
        "--profile",
        profile.to_str().expect("utf-8"),
        &file,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("stalemat"), "{err}");
    let out = run(&["audit", "-q", "--profile", "no-such-profile", &file]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn zukertort_steinitz_1886_is_judged_by_the_laws_of_1886() {
    // Game 11 of the 1886 match (pgn2tex_WorldChamp1886.pgn, Date "1886.??.??") repeats a
    // position for the fifth time at ply 57 and goes on (python-chess is_fivefold_repetition(),
    // tools/expectations/corpus_audit.py): under today's Laws every later move would be void;
    // and 0-1 would be contradicted; under the Laws of 1886 nothing happened.
    let Some(dir) = crate::util::corpus("the 1886 match") else {
        return;
    };
    let path = dir.join("games/pgn2tex_WorldChamp1886.pgn");
    let paths = [path.to_str().expect("utf-8 path").to_owned()];
    let of_game_11 = |records: &[AuditRecord]| -> Vec<(String, u64)> {
        all_verdicts(records)
            .filter(|v| v.game == 11 && v.severity == VerdictSeverity::Error)
            .map(|v| (v.code.clone(), v.ply))
            .collect()
    };
    let (records, _) = audit_paths(&paths, &[]);
    assert_eq!(of_game_11(&records), vec![]);
    assert!(
        all_verdicts(&records).all(|v| v.rule.map(|r| r.name()) != Some("fivefold")),
        "no fivefold verdict in an 1886 match"
    );
    let (records, _) = audit_paths(&paths, &["--laws", "current"]);
    assert_eq!(
        of_game_11(&records),
        vec![(AI.to_owned(), 57), (RC_.to_owned(), 57)],
        "today's Laws: drawn at ply 57, the later moves void and 0-1 contradicted"
    );
}

#[test]
fn verdicts_out_writes_the_games_with_error_verdicts_byte_for_byte() {
    // By date, games 2 (2015) and 3 (no date) of laws.pgn have error verdicts, 1 (1886) and 4
    // (2010) none: the file gets games 2 and 3 as they stand in the input.
    let input = std::fs::read(data("laws.pgn")).expect("read");
    let text = String::from_utf8(input.clone()).expect("utf-8");
    let from = text.find("[Event \"fivefold, 2015\"]").expect("game 2");
    let to = text
        .find("[Event \"seventy-five moves, 2010\"]")
        .expect("game 4");
    let dir = TempDir::new("verdicts-out");
    let out = dir.path("verdicts.pgn");
    let (_, code) = audit(&["laws.pgn"], &["--verdicts-out", path(&out)]);
    assert_eq!(code, 1);
    assert_eq!(std::fs::read(&out).expect("written"), &input[from..to]);
    // Not the input itself.
    let file = data("laws.pgn");
    let run_out = run(&["audit", "-q", "--verdicts-out", &file, &file]);
    assert_eq!(run_out.status.code(), Some(2));
    assert_eq!(std::fs::read(&file).expect("input intact"), input);
}

/// A profile's own claim rules are worded by their names and counts, not as the Laws' threefold
/// and fifty-move rules, and a twofold claim is found by a written move too. Knights out and
/// back from the start: with a twofold claim, black can claim at ply 3 by writing Ng8 (the
/// start position would occur a second time), and the positions of plies 4, 5 and 6 stood at
/// plies 0, 1 and 2; with a one-move quiet claim, black can claim at ply 1 by writing a quiet
/// move (completing one move each) and either side on the board at plies 2 to 6 (4. e4 at ply
/// 7 is a pawn move, and the final position). Before, the words said "threefold", "50 moves"
/// and art. 9.3.1, and the twofold claim at ply 3 was not found.
#[test]
fn a_profile_s_claim_rules_are_worded_by_their_names_and_found_when_about_to_repeat() {
    let dir = TempDir::new("audit-profile-claims");
    let profile = dir.path("club.toml");
    std::fs::write(
        &profile,
        "name = \"club\"\n[repetition.claim]\noccurrences = 2\nrule = \"club/twofold\"\n\
         [quiet_moves.claim]\nmoves = 1\nrule = \"club/1-move\"\n",
    )
    .expect("write");
    let game = "[Event \"club\"]\n[Date \"2024.01.01\"]\n[Result \"*\"]\n\n\
                1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. e4 *\n";
    let file = dir.write("club.pgn", game.as_bytes());
    let out = run(&[
        "audit",
        "-q",
        "--missed=all",
        "--format",
        "jsonl",
        "--profile",
        path(&profile),
        path(&file),
    ]);
    let verdicts: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"))
        .filter(|r| r["type"] == "verdict")
        .collect();
    let of = |rule: &str| -> Vec<(u64, Option<String>, Vec<u64>)> {
        verdicts
            .iter()
            .filter(|v| v["code"] == "draw/claim-available" && v["rule"] == rule)
            .map(|v| {
                let occ = v["occurrences"].as_array().unwrap();
                (
                    v["ply"].as_u64().unwrap(),
                    v["claim_move"].as_str().map(str::to_owned),
                    occ.iter().map(|p| p.as_u64().unwrap()).collect(),
                )
            })
            .collect()
    };
    assert_eq!(
        of("club/twofold"),
        [
            (3, Some("Ng8".to_owned()), vec![0]),
            (4, None, vec![0, 4]),
            (5, None, vec![1, 5]),
            (6, None, vec![2, 6]),
        ]
    );
    let quiet = of("club/1-move");
    let plies: Vec<u64> = quiet.iter().map(|q| q.0).collect();
    assert_eq!(plies, [1, 2, 3, 4, 5, 6]);
    assert!(quiet[0].1.is_some() && quiet[1..].iter().all(|q| q.1.is_none()));
    for v in &verdicts {
        let message = v["message"].as_str().unwrap();
        assert!(
            !message.contains("threefold") && !message.contains("50 moves"),
            "{message}"
        );
        assert!(!message.contains("art. 9."), "{message}");
    }
    let about_to = verdicts
        .iter()
        .find(|v| v["ply"] == 3 && v["rule"] == "club/twofold");
    let about_to = about_to.unwrap()["message"].as_str().unwrap();
    assert!(
        about_to.ends_with("would occur 2 times (club/twofold; earlier at ply 0)"),
        "{about_to}"
    );
    let written = verdicts.iter().find(|v| v["ply"] == 1).unwrap();
    assert!(
        written["message"]
            .as_str()
            .unwrap()
            .contains("completing 1 move without a pawn move or capture (club/1-move)"),
        "{written}"
    );
}
