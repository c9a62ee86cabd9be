//! "Can this side still checkmate?" (issue 37) against an independent implementation, the Chess
//! Unwinnability Analyzer (CHA; M. Ambrona, FUN 2022; project D3-Chess, not part of this
//! repository): the answers CHA gave, run here, on positions behind locked pawn walls
//! (`testdata/unwinnable/walls.epd`), and CHA itself on both test sets when `ARBITER_CHA` names
//! its binary (skipped, with a note, when it does not). `benches/cha.sh` runs the same comparison
//! on the lichess timeouts and on CHA's test vectors.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::util::{parse_records, run, testdata};

/// `audit --positions --show-helpmate` on `file` under `testdata/unwinnable/`: one record a
/// position, and the summary.
pub fn audit_positions(file: &str) -> (Vec<Value>, Value) {
    let path = testdata(&format!("unwinnable/{file}"));
    let out = run(&[
        "audit",
        "--quiet",
        "--format",
        "jsonl",
        "--show-helpmate",
        "--positions",
        path.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut records: Vec<Value> = parse_records(&out.stdout);
    let summary = records.pop().unwrap();
    assert_eq!(summary["type"], "summary");
    (records, summary)
}

fn ours(file: &str) -> Vec<Value> {
    audit_positions(file).0
}

/// The positions of an EPD file of `testdata/unwinnable/` (the first four fields of each line)
/// with the answers of its `c0` operation (white, black).
fn epd(file: &str) -> Vec<(String, [String; 2])> {
    let text = std::fs::read_to_string(testdata(&format!("unwinnable/{file}"))).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fen = l.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
            let c0 = l.split("c0 \"").nth(1).unwrap().split('"').next().unwrap();
            let mut answers = c0
                .split(", ")
                .map(|p| p.split(' ').nth(1).unwrap().to_owned());
            (fen, [answers.next().unwrap(), answers.next().unwrap()])
        })
        .collect()
}

/// Compares our answers with another's, side by side: the number of questions decided alike,
/// and every contradiction (`no` against `yes` either way; ours `unknown` is not one).
fn compare(records: &[Value], theirs: &[[String; 2]]) -> (usize, Vec<String>) {
    assert_eq!(records.len(), theirs.len());
    let mut alike = 0;
    let mut contradictions = Vec::new();
    for (r, answers) in records.iter().zip(theirs) {
        for (side, their) in ["white", "black"].into_iter().zip(answers) {
            let our = r["can_mate"][side].as_str().unwrap();
            if our == their {
                alike += 1;
            } else if our != "unknown" {
                contradictions.push(format!("{} {side}: ours {our}, theirs {their}", r["fen"]));
            }
        }
    }
    (alike, contradictions)
}

#[test]
fn the_walls_get_the_answers_of_cha() {
    let expected = epd("walls.epd");
    let theirs: Vec<[String; 2]> = expected.iter().map(|(_, a)| a.clone()).collect();
    assert!(theirs.len() >= 150, "{}", theirs.len());
    let nos = theirs.iter().flatten().filter(|a| *a == "no").count();
    assert!(
        nos >= 200,
        "{nos}: the file is about positions that cannot be won"
    );
    let (alike, contradictions) = compare(&ours("walls.epd"), &theirs);
    assert!(contradictions.is_empty(), "{contradictions:#?}");
    // Every question CHA decides here, arbiter decides too (within its default budget).
    assert_eq!(alike, 2 * theirs.len());
}

/// CHA's answers for `fens`, both sides each (`yes`, `no` or `unknown`).
fn cha(binary: &str, fens: &[String]) -> Vec<[String; 2]> {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("ARBITER_CHA={binary}: {e}"));
    let mut input = String::new();
    for fen in fens {
        input.push_str(&format!("{fen} white\n{fen} black\n"));
    }
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let answers: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| match l.split([' ', '#']).next() {
            Some("winnable") => Some("yes".to_owned()),
            Some("unwinnable") => Some("no".to_owned()),
            Some("undetermined") => Some("unknown".to_owned()),
            _ => None,
        })
        .collect();
    assert_eq!(answers.len(), 2 * fens.len(), "CHA's output: {out:?}");
    answers
        .chunks(2)
        .map(|c| [c[0].clone(), c[1].clone()])
        .collect()
}

#[test]
fn cha_agrees_when_given() {
    let Some(binary) = std::env::var_os("ARBITER_CHA") else {
        let _ = writeln!(
            std::io::stderr().lock(),
            "note: ARBITER_CHA does not name the binary of the Chess Unwinnability Analyzer; \
             the comparison with it skipped"
        );
        return;
    };
    let binary = binary.to_string_lossy().into_owned();
    for file in ["positions.epd", "walls.epd"] {
        let fens: Vec<String> = epd(file).into_iter().map(|(f, _)| f).collect();
        let theirs = cha(&binary, &fens);
        let (alike, contradictions) = compare(&ours(file), &theirs);
        assert!(contradictions.is_empty(), "{file}: {contradictions:#?}");
        let _ = writeln!(
            std::io::stderr().lock(),
            "note: {file}: {alike} of {} answers as CHA's",
            2 * fens.len()
        );
    }
}
