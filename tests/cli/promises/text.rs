//! Text from the input reaches a terminal sanitised (no escape sequence from a tag or a file
//! name) and a spreadsheet neutralised (no formula from a CSV cell), in every output (issue 13).

use crate::util::{TempDir, arbiter, run};

/// An OSC sequence that sets a terminal's title.
const OSC: &str = "\x1b]0;PWNED\x07";

fn no_control(what: &str, bytes: &[u8]) {
    assert!(
        !bytes.iter().any(|&b| b == 0x1b || b == 0x07),
        "{what}: a control byte reached the output: {}",
        String::from_utf8_lossy(bytes)
    );
}

#[test]
fn r13_tags_with_escape_sequences_do_not_reach_a_terminal() {
    let dir = TempDir::new("escapes");
    let game = format!(
        "[Event \"e{OSC}\"]\n[White \"w{OSC}\"]\n[Black \"b\"]\n[Date \"2020.01.01\"]\n\n\
         1. e4 {{a comment {OSC}}} e5 *\n"
    );
    let file = dir.write("esc.pgn", game.as_bytes());
    let f = file.to_str().unwrap();
    // The same file twice under another name (with an escape sequence): dedup prints a group.
    let twice = dir.write(&format!("copy{OSC}.pgn"), game.as_bytes());
    let t = twice.to_str().unwrap();
    for args in [
        &["dedup", "-q", f, t][..],
        &["pgn", f][..],
        &["fen", "-q", "--epd", "--epd-tags", f][..],
        &["check", "-q", "--games", f][..],
        &["audit", "-q", "--games", f][..],
        &["stats", "-q", f][..],
        &["fen", "-q", "--format", "csv", f][..],
        &["check", "-q", "--format", "csv", f][..],
    ] {
        let out = run(args);
        no_control(&format!("{args:?} stdout"), &out.stdout);
        no_control(&format!("{args:?} stderr"), &out.stderr);
    }
}

#[test]
fn r13_file_names_with_escape_sequences_do_not_reach_a_terminal() {
    let dir = TempDir::new("escape-names");
    // An input that cannot be read: its name is in the error line.
    let missing = dir.path(&format!("missing{OSC}.pgn"));
    let out = arbiter()
        .args(["check", "-q"])
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    no_control("input error", &out.stderr);
    // Errors of the option files, merge inputs and outputs name them too.
    let m = missing.to_str().unwrap();
    let dir_out = format!("{}/x.pgn", dir.path(&format!("nodir{OSC}")).display());
    for args in [
        vec!["merge", m],
        vec!["audit", "--positions", m],
        vec!["dedup", "--aliases", m, m],
        vec!["audit", "--profile", m, m],
        vec!["pgn", "-o", &dir_out, m],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        no_control(&format!("{args:?}"), &out.stderr);
    }
}

/// The progress bar names the file (and zip member) being read: run on a terminal (script(1)).
#[test]
fn r13_the_progress_bar_shows_names_sanitised() {
    let dir = TempDir::new("escape-progress");
    let big = dir.path(&format!("big{OSC}.pgn"));
    std::fs::write(&big, super::twic(100)).unwrap();
    let zip = crate::util::zip_archive(&[(&format!("m{OSC}.pgn"), &super::twic(100), true)]);
    let zip_path = dir.write("games.zip", &zip);
    for input in [&big, &zip_path] {
        let command = format!(
            "{} check -j1 '{}' > /dev/null",
            env!("CARGO_BIN_EXE_arbiter"),
            input.display()
        );
        let out = std::process::Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .output();
        let Ok(out) = out else {
            eprintln!(
                "note: script(1) not available; the progress bar on a terminal is not tested"
            );
            return;
        };
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(!text.contains("\x1b]0;PWNED"), "{input:?}: {text:?}");
        assert!(text.contains("PWNED"), "no progress bar drawn: {text:?}");
    }
}

/// Cells of text from the input (names, tags, tokens, messages, file names) that a spreadsheet
/// would run as formulas get a `'` in front (OWASP); cells arbiter makes (numbers, FENs, SAN,
/// `-` fields) stay as they are.
#[test]
fn r13_csv_cells_from_the_input_are_not_formulas() {
    let dir = TempDir::new("csv-formulas");
    let game = "[Event \"@SUM(A1)\"]\n[White \"=HYPERLINK(\\\"http://x\\\")\"]\n[Black \"+1\"]\n\
                [Result \"1-0\"]\n[WhiteElo \"2000\"]\n[BlackElo \"2100\"]\n[Opening \"-2+3\"]\n\n\
                1. Nf3 Nf6 2. @evil Nc6 1-0\n";
    dir.write("=x.pgn", game.as_bytes());
    // The file named as given, relative: its name is a cell.
    let f = "=x.pgn";
    let cells = |args: &[&str]| -> Vec<Vec<String>> {
        let out = arbiter()
            .args(args)
            .current_dir(dir.path(""))
            .output()
            .unwrap();
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(&out.stdout[..]);
        reader
            .records()
            .map(|r| r.unwrap().iter().map(str::to_owned).collect())
            .collect()
    };
    let all = |rows: &[Vec<String>]| rows.iter().flatten().cloned().collect::<Vec<_>>();
    let formula = |cell: &String| cell.starts_with(['=', '+', '@']) || cell.starts_with("-2");
    for args in [
        &["check", "-q", "--format", "csv", f][..],
        &["fen", "-q", "--format", "csv", f][..],
        &["audit", "-q", "--format", "csv", "--missed", f][..],
        &["stats", "-q", "--format", "csv", "--table", "players", f][..],
        &["stats", "-q", "--format", "csv", "--table", "openings", f][..],
        &[
            "stats", "-q", "--format", "csv", "--by", "Event", "--table", "results", f,
        ][..],
        // The tables and the duplicate groups (found unprotected after issues 15-16).
        &["games", "-q", "--format", "csv", f][..],
        &["moves", "-q", "--format", "csv", f][..],
        &["check", "-q", "--games", "--format", "csv", f][..],
        &["dedup", "-q", "--format", "csv", f, f][..],
    ] {
        let rows = cells(args);
        let bad: Vec<String> = all(&rows).into_iter().filter(formula).collect();
        assert!(bad.is_empty(), "{args:?}: {bad:?}");
    }
    let check = all(&cells(&["check", "-q", "--format", "csv", f]));
    assert!(
        check.contains(&"'=HYPERLINK(\"http://x\")".to_owned()),
        "{check:?}"
    );
    assert!(check.contains(&"'@evil".to_owned()), "{check:?}");
    assert!(check.contains(&format!("'{f}")), "{check:?}");
    let players = all(&cells(&[
        "stats", "-q", "--format", "csv", "--table", "players", f,
    ]));
    assert!(players.contains(&"'+1".to_owned()), "{players:?}");
    // Data arbiter makes stays as it is: a FEN's `-` fields, a negative rating difference.
    let fen = all(&cells(&["fen", "-q", "--format", "csv", f]));
    assert!(fen.iter().any(|c| c.ends_with(" b KQkq - 1 1")), "{fen:?}");
    let diff = all(&cells(&[
        "stats",
        "-q",
        "--format",
        "csv",
        "--table",
        "rating-diff",
        f,
    ]));
    assert!(diff.contains(&"-100".to_owned()), "{diff:?}");
}

/// An error in a `--where` expression of 120 KB is one short line: the part of the expression
/// around the column, not the whole expression again (it was echoed whole).
#[test]
fn r13_a_where_error_shows_an_excerpt_of_a_long_expression() {
    let pgn = crate::util::testdata("readme/stalemate.pgn");
    let expr = format!(
        "White == \"{}\" and plies > 3 and bogus",
        "x".repeat(120_000)
    );
    let out = run(&["select", "--where", &expr, pgn.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.len() < 1000, "{} bytes of error", err.len());
    assert!(
        err.contains("unknown field 'bogus'") && err.trim_end().ends_with("plies > 3 and bogus"),
        "{err}"
    );
}
