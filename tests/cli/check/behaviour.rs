//! The behaviour the README promises: exit status, formats, `--jobs`, standard input, split outputs, closed pipes.

use super::*;

#[test]
fn line_endings_lf_crlf_and_lone_cr_count_lines_alike() {
    // The illegal 5.Ke3 is on line 11 (after a comment spanning lines 10-11), column 42.
    let fen = "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5";
    for name in ["lines-lf.pgn", "lines-crlf.pgn", "lines-cr.pgn"] {
        let (records, code) = check(name, &[]);
        assert_eq!(code, 1, "{name}");
        assert_findings(
            &records,
            &data(name),
            1,
            &[err("illegal-move/no-piece", 9, "5.Ke3", "Ke3", 11, 42, fen)],
        );
        assert_game(&records, 1, "line endings", "error", 8, Some("*"));
    }
}

#[test]
fn exit_status_0_for_a_clean_file() {
    let (records, code) = check_records(&testdata("twic944-300.pgn"), &[]);
    assert_eq!(code, 0);
    assert!(findings_of(&records).is_empty());
    let s = summary_of(&records);
    assert_eq!(s.games, 300);
    assert_eq!(s.errors, 0);
}

#[test]
fn exit_status_2_for_a_missing_file_others_still_checked() {
    let tmp = TempDir::new("check-missing");
    let missing = tmp.path("no-such-file.pgn");
    let before = data("illegal-ambiguous.pgn");
    let after = data("illegal-occupied.pgn");
    let out = run(&[
        "check",
        "-q",
        "--format",
        "jsonl",
        before.to_str().unwrap(),
        missing.to_str().unwrap(),
        after.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no-such-file.pgn"), "stderr: {stderr}");
    let records = parse_records::<CheckRecord>(&out.stdout);
    let f = findings_of(&records);
    assert_eq!(f.len(), 2, "{records:#?}");
    assert_eq!(f[0].file, shown(&before));
    assert_eq!(f[0].code, "illegal-move/ambiguous");
    assert_eq!(f[1].file, shown(&after));
    assert_eq!(f[1].code, "illegal-move/occupied");
    assert_eq!(summary_of(&records).games, 2);
    // A clean file next to a missing one: still 2.
    let out = run(&[
        "check",
        "-q",
        missing.to_str().unwrap(),
        data("legal-edge-cases.pgn").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("summary: "));
}

/// Standard output of `arbiter check -q <args>`.
fn stdout_of(args: &[&str]) -> Vec<u8> {
    let mut all = vec!["check", "-q"];
    all.extend_from_slice(args);
    let out = run(&all);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{all:?}: {:?}",
        out.status
    );
    out.stdout
}

#[test]
fn jobs_1_and_2_give_identical_output() {
    for file in ["immortal-games.pgn", "twic944-300.pgn"] {
        let path = testdata(file);
        let path = path.to_str().unwrap();
        for args in [
            &["--games", "--format", "text"][..],
            &["--format", "csv"][..],
        ] {
            let one = stdout_of(&[&["-j1"][..], args, &[path]].concat());
            let two = stdout_of(&[&["-j2"][..], args, &[path]].concat());
            assert!(!one.is_empty());
            assert!(one == two, "{file} {args:?}: -j1 and -j2 differ");
        }
        let one = stdout_of(&["-j1", "--games", "--format", "jsonl", path]);
        let two = stdout_of(&["-j2", "--games", "--format", "jsonl", path]);
        let (one, two) = (
            parse_records::<CheckRecord>(&one),
            parse_records::<CheckRecord>(&two),
        );
        assert_eq!(one.len(), two.len(), "{file}");
        assert_eq!(one[..one.len() - 1], two[..two.len() - 1], "{file}");
        assert_eq!(counts(&one), counts(&two), "{file}");
    }
}

#[test]
fn standard_input_gives_the_same_findings() {
    for file in ["immortal-games.pgn", "illegal-castling.pgn"] {
        let path = if file.starts_with("immortal") {
            testdata(file)
        } else {
            data(file)
        };
        let (from_file, code) = check_records(&path, &["--games"]);
        let input = std::fs::read(&path).unwrap();
        let out = run_stdin(
            &["check", "-q", "--format", "jsonl", "--games", "-"],
            &input,
        );
        assert_eq!(out.status.code(), Some(code), "{file}");
        let from_stdin = parse_records::<CheckRecord>(&out.stdout);
        assert_eq!(from_file.len(), from_stdin.len(), "{file}");
        let n = from_file.len() - 1;
        for (a, b) in from_file[..n].iter().zip(&from_stdin[..n]) {
            let mut a = a.clone();
            match &mut a {
                CheckRecord::Finding(f) => f.file = "-".to_owned(),
                CheckRecord::Game(g) => g.file = "-".to_owned(),
                CheckRecord::Summary(_) => panic!("a summary before the last line"),
            }
            assert_eq!(&a, b, "{file}");
        }
        // The run records its input (the merge contract): the file by its path and size,
        // standard input as `-` with no size; all else is the same.
        let (mut a, mut b) = (counts(&from_file), counts(&from_stdin));
        let (file_run, stdin_run) = (a.run.as_mut().unwrap(), b.run.as_mut().unwrap());
        assert_eq!(stdin_run.inputs.len(), 1, "{file}");
        assert_eq!(
            (stdin_run.inputs[0].path.as_str(), stdin_run.inputs[0].bytes),
            ("-", None),
            "{file}"
        );
        let size = std::fs::metadata(&path).unwrap().len();
        assert_eq!(file_run.inputs[0].bytes, Some(size), "{file}");
        stdin_run.inputs = file_run.inputs.clone();
        assert_eq!(a, b, "{file}");
    }
}

/// Runs a split of `input` (written to a temporary directory) and checks that the two output
/// files hold exactly the input's games in order: the ones with `--games` status `error` in the
/// invalid file, the others in the valid file. Returns the number of invalid games.
fn assert_split_reproduces(input: &[u8], extra: &[&str]) -> usize {
    let tmp = TempDir::new("check-split");
    let src = tmp.write("in.pgn", input);
    let valid = tmp.path("valid.pgn");
    let invalid = tmp.path("invalid.pgn");
    let mut args = vec![
        "check",
        "-q",
        "--format",
        "jsonl",
        "--games",
        "--valid-out",
        valid.to_str().unwrap(),
        "--invalid-out",
        invalid.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    args.push(src.to_str().unwrap());
    let out = run(&args);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{:?}", out.status);
    let records = parse_records::<CheckRecord>(&out.stdout);
    let valid = std::fs::read(&valid).expect("valid-out written");
    let invalid = std::fs::read(&invalid).expect("invalid-out written");
    assert_eq!(valid.len() + invalid.len(), input.len());

    // Game i spans from its first non-blank byte (`offset`; 0 for the first game) to the next
    // game's.
    let games = games_of(&records);
    let mut starts: Vec<usize> = games.iter().map(|g| g.offset as usize).collect();
    starts[0] = 0;
    starts.push(input.len());
    let (mut want_valid, mut want_invalid) = (Vec::new(), Vec::new());
    for (i, g) in games.iter().enumerate() {
        let chunk = &input[starts[i]..starts[i + 1]];
        if g.status == CheckStatus::Error {
            want_invalid.extend_from_slice(chunk);
        } else {
            want_valid.extend_from_slice(chunk);
        }
    }
    assert!(
        valid == want_valid,
        "valid-out:\n{}\n---- expected:\n{}",
        String::from_utf8_lossy(&valid),
        String::from_utf8_lossy(&want_valid)
    );
    assert!(
        invalid == want_invalid,
        "invalid-out:\n{}\n---- expected:\n{}",
        String::from_utf8_lossy(&invalid),
        String::from_utf8_lossy(&want_invalid)
    );

    // Nothing but the input and the two outputs is left in the directory.
    let mut names: Vec<String> = std::fs::read_dir(tmp.path("."))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["in.pgn", "invalid.pgn", "valid.pgn"]);
    games
        .iter()
        .filter(|g| g.status == CheckStatus::Error)
        .count()
}

#[test]
fn split_outputs_reproduce_the_input() {
    let lf = std::fs::read(data("split-mixed.pgn")).unwrap();
    let crlf = String::from_utf8(lf.clone())
        .unwrap()
        .replace('\n', "\r\n")
        .into_bytes();
    for input in [&lf, &crlf] {
        // Games: valid, illegal, warning, unterminated comment, skipped variant, valid.
        assert_eq!(assert_split_reproduces(input, &[]), 2);
        // With --strict the over-disambiguation game is invalid too; the skipped game stays in
        // --valid-out ("nothing wrong was found in them").
        assert_eq!(assert_split_reproduces(input, &["--strict"]), 3);
    }
    // The statuses themselves.
    let (records, _) = check("split-mixed.pgn", &[]);
    let statuses: Vec<CheckStatus> = games_of(&records).iter().map(|g| g.status).collect();
    assert_eq!(
        statuses,
        ["ok", "error", "warning", "error", "skipped", "ok"].map(status)
    );
    // Real files: Latin-1 with CRLF, and a clean export.
    for file in ["immortal-games.pgn", "twic944-300.pgn"] {
        let input = std::fs::read(testdata(file)).unwrap();
        assert_split_reproduces(&input, &[]);
    }
}

#[test]
fn csv_header_and_rows_match_the_findings() {
    for path in [
        testdata("immortal-games.pgn"),
        data("illegal-in-variation.pgn"),
        data("notation-figurine.pgn"),
    ] {
        let p = path.to_str().unwrap();
        let out = run(&["check", "-q", "--format", "csv", p]);
        assert!(matches!(out.status.code(), Some(0 | 1)));
        let text = String::from_utf8(out.stdout).expect("utf-8 CSV");
        assert_eq!(
            text.lines().next().unwrap(),
            "severity,code,file,game,ply,move,token,line,col,fen,message,variation,event,white,black,san"
        );
        let (records, _) = check_records(&path, &[]);
        let expected = findings_of(&records);
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let rows: Vec<csv::StringRecord> =
            reader.records().map(|r| r.expect("a CSV row")).collect();
        assert_eq!(rows.len(), expected.len(), "{p}");
        assert!(!rows.is_empty());
        let text_of = |v: &Option<String>| v.clone().unwrap_or_default();
        let number = |v: Option<u64>| v.map_or(String::new(), |n| n.to_string());
        for (row, f) in rows.iter().zip(expected) {
            // The columns of the header, in order; an empty cell for null.
            let want = [
                match f.severity {
                    Severity::Error => "error".to_owned(),
                    Severity::Warning => "warning".to_owned(),
                },
                f.code.clone(),
                f.file.clone(),
                f.game.to_string(),
                number(f.ply),
                text_of(&f.move_),
                text_of(&f.token),
                f.line.to_string(),
                f.col.to_string(),
                text_of(&f.fen),
                f.message.clone(),
                // `variation` is `true` or `false` (never empty when the key is absent).
                f.variation.unwrap_or(false).to_string(),
                text_of(&f.event),
                text_of(&f.white),
                text_of(&f.black),
                text_of(&f.san),
            ];
            assert_eq!(row.iter().collect::<Vec<_>>(), want, "{f:?}");
        }
    }
}

#[test]
fn text_format_lines() {
    for path in [
        testdata("immortal-games.pgn"),
        data("illegal-ambiguous.pgn"),
    ] {
        let p = path.to_str().unwrap();
        let out = run(&["check", "-q", p]);
        let text = String::from_utf8(out.stdout).expect("utf-8 text");
        let lines: Vec<&str> = text.lines().collect();
        let (records, _) = check_records(&path, &[]);
        let expected = findings_of(&records);
        assert_eq!(lines.len(), expected.len() + 1, "{text}");
        for (line, f) in lines.iter().zip(&expected) {
            let prefix = format!(
                "{p}:{}:{}: {}[{}]: {}",
                f.line,
                f.col,
                match f.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
                f.code,
                f.message
            );
            assert!(
                line.starts_with(&prefix),
                "{line:?} should start with {prefix:?}"
            );
        }
        assert!(lines.last().unwrap().starts_with("summary: "), "{text}");
    }
    let out = run(&[
        "check",
        "-q",
        data("illegal-ambiguous.pgn").to_str().unwrap(),
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(&format!(
        "{}:9:24: error[illegal-move/ambiguous]: ",
        data("illegal-ambiguous.pgn").display()
    )));
}

#[test]
fn color_only_when_asked_or_on_a_terminal() {
    let p = data("notation-check-suffix.pgn");
    let p = p.to_str().unwrap();
    let always = run(&["check", "-q", "--color", "always", p]);
    assert!(
        always.stdout.contains(&0x1b),
        "--color always: ANSI escapes"
    );
    assert!(String::from_utf8_lossy(&always.stdout).contains("\x1b["));
    let default = run(&["check", "-q", p]);
    assert!(!default.stdout.contains(&0x1b), "not a terminal: no colour");
    let never = run(&["check", "-q", "--color", "never", p]);
    assert!(!never.stdout.contains(&0x1b));
    assert_eq!(default.stdout, never.stdout);
}

#[test]
fn closed_pipe_ends_quietly() {
    let tmp = TempDir::new("check-pipe");
    let twic = std::fs::read(testdata("twic944-300.pgn")).unwrap();
    let immortal = std::fs::read(testdata("immortal-games.pgn")).unwrap();
    let mut big = Vec::new();
    for _ in 0..20 {
        big.extend_from_slice(&twic);
        big.extend_from_slice(&immortal);
    }
    let path = tmp.write("big.pgn", &big);
    for format in ["text", "jsonl"] {
        let mut child = arbiter()
            .args(["check", "-q", "--strict", "--games", "--format", format])
            .arg(&path)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn arbiter");
        let stdout = child.stdout.take().unwrap();
        let mut reader = BufReader::new(stdout);
        let mut first = String::new();
        reader.read_line(&mut first).unwrap();
        assert!(!first.is_empty());
        drop(reader);
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{format}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{format}: {stderr}");
        assert_ne!(out.status.code(), Some(101), "{format}: {stderr}");
    }
}
