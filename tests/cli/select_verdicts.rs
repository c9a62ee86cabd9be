//! `select`'s `verdict` field (issue 15): `verdict == "draw/*"` selects the games with such a
//! verdict of `arbiter audit --missed`, judged by `--laws` and `--profile` as `audit` judges.
//!
//! Expectations come from the rules (FIDE Laws art. 9.6 in force from 1 July 2014) and from
//! python-chess (`tools/expectations/select_verdicts.py`, python-chess 1.11.2) on two corpus
//! files.

use crate::util::{corpus, run, run_stdin};

fn count_stdin(args: &[&str], pgn: &str) -> u64 {
    let mut all = vec!["select", "-q", "--count"];
    all.extend_from_slice(args);
    all.push("-");
    let out = run_stdin(&all, pgn.as_bytes());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .expect("a count")
}

use crate::util::select_count as count_file;

/// A game dated `date` in which the start position occurs for the fifth time after 8...Ng8
/// (python-chess `is_fivefold_repetition()` first at ply 16) and play goes on with 9.e4 e5.
fn fivefold(date: &str) -> String {
    format!(
        "[Event \"E\"]\n[Site \"S\"]\n[Date \"{date}\"]\n[Round \"1\"]\n[White \"W\"]\n\
         [Black \"B\"]\n[Result \"1-0\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 \
         5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 e5 1-0\n\n"
    )
}

#[test]
fn r15_verdict_follows_the_laws_in_force_by_date() {
    // The two games differ in their date only: the fivefold repetition ends the game by
    // itself (art. 9.6) in the Laws from 1 July 2014 only; before, it was a claim.
    let both = format!("{}{}", fivefold("2014.06.30"), fivefold("2014.07.01"));
    let ignored = r#"verdict == "draw/automatic-ignored""#;
    let claim = r#"verdict == "draw/claim-available""#;
    assert_eq!(count_stdin(&["--where", ignored], &both), 1);
    assert_eq!(
        count_stdin(&["--where", ignored, "--laws", "current"], &both),
        2
    );
    assert_eq!(
        count_stdin(&["--where", ignored, "--laws", "pre-2014"], &both),
        0
    );
    // Both games could be drawn by a claim of threefold repetition (from 4...Ng8 on).
    assert_eq!(count_stdin(&["--where", claim], &both), 2);
    assert_eq!(
        count_stdin(&["--where", r#"verdict != "draw/*""#], &both),
        0
    );
    // 1-0 is not the result of a game drawn by fivefold repetition.
    let contradicted = r#"verdict == "result/contradicted""#;
    assert_eq!(count_stdin(&["--where", contradicted], &both), 1);
    // Combined with a tag: replayed only for the games the tags leave undecided.
    let dated = format!(r#"Date >= "2014.07.01" and {ignored}"#);
    assert_eq!(
        count_stdin(&["--where", &dated, "--laws", "current"], &both),
        1
    );
}

#[test]
fn r15_verdict_and_code_name_their_own_codes() {
    for (expr, says) in [
        (
            r#"code == "draw/automatic-ignored""#,
            "a verdict code of audit (write verdict == ...)",
        ),
        (
            r#"verdict == "illegal-move/*""#,
            "a finding code of check (write code == ...)",
        ),
        (r#"verdict == "nope/*""#, "(see arbiter codes)"),
        ("verdict ~ draw", "verdict takes == or !="),
    ] {
        let out = run(&["select", "--count", "--where", expr, "-"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{expr}: {stderr}");
        assert!(stderr.contains(says), "{expr}: {stderr}");
    }
    let out = run(&[
        "select",
        "--count",
        "--where",
        "plies > 3",
        "--laws",
        "current",
        "-",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("the expression has no verdict"), "{stderr}");
}

/// `python3 tools/expectations/select_verdicts.py FILE` (python-chess 1.11.2): games in which
/// a move was played after an automatic end (`draw/played-on` when the draw is recorded,
/// `draw/automatic-ignored` otherwise: `PLAYED_ON`), and after a position where a draw could
/// be claimed.
const PLAYED_ON: &str = r#"verdict == "draw/automatic-ignored" or verdict == "draw/played-on""#;

const EXPECTED: &[(&str, &str, u64)] = &[
    ("pgn2tex_Capablanca.pgn", PLAYED_ON, 0),
    (
        "pgn2tex_Capablanca.pgn",
        r#"verdict == "draw/claim-available""#,
        19,
    ),
    ("twic1599_first1MB.pgn", PLAYED_ON, 4),
    (
        "twic1599_first1MB.pgn",
        r#"verdict == "draw/claim-available""#,
        123,
    ),
];

#[test]
fn r15_verdict_counts_as_python_chess() {
    let Some(dir) = corpus("select verdicts") else {
        return;
    };
    for &(file, expr, expected) in EXPECTED {
        let path = dir.join("games").join(file);
        assert_eq!(
            count_file(expr, path.to_str().unwrap()),
            expected,
            "{file}: {expr}"
        );
    }
}
