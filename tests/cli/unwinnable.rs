//! `arbiter audit --positions` on the test set of "can this side still checkmate?"
//! (`testdata/unwinnable/positions.epd`, issue 37): the answers are the file's (argued there, and
//! confirmed with CHA-Solver), every helpmate arbiter writes is replayed by python-chess
//! (`tools/expectations/helpmates.py`), a stalemate is a stalemate and not a dead position
//! (issue 31), and `dead` is true exactly when neither side can mate.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::tables::python;
use crate::unwinnable_cha::audit_positions;
use crate::util::{parse_records, root, run, testdata};

/// The expected answers of the test set by line: (white, black).
fn expected() -> Vec<(u64, String, String)> {
    let text = std::fs::read_to_string(testdata("unwinnable/positions.epd")).unwrap();
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| {
            let c0 = l.split("c0 \"").nth(1).unwrap().split('"').next().unwrap();
            let mut answers = c0
                .split(", ")
                .map(|p| p.split(' ').nth(1).unwrap().to_owned());
            (
                i as u64 + 1,
                answers.next().unwrap(),
                answers.next().unwrap(),
            )
        })
        .collect()
}

fn positions() -> Vec<Value> {
    let (records, summary) = audit_positions("positions.epd");
    assert_eq!(summary["can_mate"]["unknown"], 0, "{summary}");
    records
}

#[test]
fn the_answers_are_those_of_the_test_set() {
    let records = positions();
    let expected = expected();
    assert_eq!(records.len(), expected.len());
    for (r, (line, white, black)) in records.iter().zip(&expected) {
        assert_eq!(r["line"], *line, "{r}");
        assert_eq!(
            r["can_mate"],
            json!({"white": white, "black": black}),
            "line {line}"
        );
        let both_no = white == "no" && black == "no";
        let over = r["checkmate"] == true || r["stalemate"] == true;
        assert_eq!(r["dead"], both_no && !over, "line {line}: {r}");
        for side in ["white", "black"] {
            let no = r["can_mate"][side] == "no";
            assert_eq!(
                r["can_mate_reason"][side].is_string(),
                no,
                "line {line} {side}"
            );
            assert_eq!(r["helpmate"][side].is_string(), !no, "line {line} {side}");
        }
        if r["stalemate"] == true {
            // Issue 31: a stalemate ends the game by art. 5.2.1; it is not called dead.
            assert_eq!(r["dead"], false);
            assert!(r["reason"].as_str().unwrap().contains("stalemated"), "{r}");
        }
    }
}

#[test]
fn every_helpmate_is_a_checkmate_for_python_chess() {
    let Some(python) = python("chess", "the helpmate replay") else {
        return;
    };
    let records = positions();
    let mut input = String::new();
    let mut lines = 0;
    for r in &records {
        for side in ["white", "black"] {
            let Some(line) = r["helpmate"][side].as_str() else {
                continue;
            };
            // Numbered SAN (`38...Kh8 39.Qg7#`): the moves without their numbers.
            let san: Vec<&str> = line
                .split_whitespace()
                .map(|t| t.rsplit('.').next().unwrap())
                .collect();
            let record = json!({"fen": r["fen"], "winner": side, "san": san.join(" ")});
            input.push_str(&format!("{record}\n"));
            lines += 1;
        }
    }
    assert!(lines > 40, "{lines}");
    let mut child = Command::new(python)
        .arg(root().join("tools/expectations/helpmates.py"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let verdicts: Vec<Value> = parse_records(&out.stdout);
    assert_eq!(verdicts.len(), lines);
    for (v, record) in verdicts.iter().zip(input.lines()) {
        assert_eq!(v["ok"], true, "{record}: {v}");
    }
}

/// `fix --cannot-checkmate`: repair `result-decided` draws the games whose winner cannot
/// checkmate as `audit` finds them (`testdata/audit/unwinnable.pgn`, argued in
/// `tests/cli/audit/unwinnable.rs`), each change logged with the rule; without the option only
/// the dead position (art. 5.2.2) is drawn, as the material alone decides no other game there.
#[test]
fn fix_draws_the_results_of_a_winner_that_cannot_mate_when_asked() {
    let file = testdata("audit/unwinnable.pgn");
    let file = file.to_str().unwrap();
    let changed = |extra: &[&str]| -> Vec<(u64, String, String)> {
        let mut args = vec!["fix", "--dry-run", "--log", "-", "--only", "result-decided"];
        args.extend_from_slice(extra);
        args.push(file);
        let out = run(&args);
        let records: Vec<Value> = parse_records(&out.stdout);
        records
            .iter()
            .filter(|r| r["type"] == "change" && r["tag"] == "Result")
            .map(|r| {
                let rule = r["rule"].as_str().unwrap();
                let rule = rule.split(['[', ',']).nth(1).unwrap().to_owned();
                (
                    r["game"].as_u64().unwrap(),
                    r["after"].as_str().unwrap().to_owned(),
                    rule,
                )
            })
            .collect()
    };
    let draw = |game: u64, rule: &str| (game, "1/2-1/2".to_owned(), rule.to_owned());
    assert_eq!(changed(&[]), vec![draw(6, "dead-position")]);
    assert_eq!(
        changed(&["--cannot-checkmate"]),
        vec![
            draw(1, "cannot-checkmate"),
            draw(2, "cannot-checkmate"),
            draw(3, "cannot-checkmate"),
            draw(6, "dead-position"),
        ]
    );
}
