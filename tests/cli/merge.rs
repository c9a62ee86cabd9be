//! `arbiter merge` (issue 16): the outputs of N shard runs merged equal one run over all the
//! games — records, summary and exit status — for check, audit and stats, with N = 1..5 on the
//! corpus and at every byte of a file whose comment holds a blank line and an `[Event` line;
//! summaries add as the counts they are (worked by hand below); what is not one kind of
//! complete output is refused before anything is written.

use std::path::{Path, PathBuf};

use crate::util::{TempDir, corpus, run, run_stdin, testdata, zero_seconds};

/// The three kinds of run merged, as their command lines.
const KINDS: [&[&str]; 3] = [
    &["check", "--games", "--format", "jsonl"],
    &["audit", "--games", "--format", "jsonl"],
    &["stats", "--format", "json"],
];

/// Standard output and exit status of `args` (with `-q`) over `files`, maybe one shard.
fn output(args: &[&str], files: &[&Path], shard: Option<String>) -> (Vec<u8>, i32) {
    let mut a: Vec<&str> = args.to_vec();
    a.push("-q");
    if let Some(shard) = &shard {
        a.extend(["--shard", shard]);
    }
    a.extend(files.iter().map(|f| f.to_str().unwrap()));
    let out = run(&a);
    let status = out.status.code().unwrap();
    assert!(
        status <= 1,
        "{a:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (out.stdout, status)
}

/// `arbiter merge` of `parts`, each written to a file of `dir`: its output and exit status.
fn merge(dir: &TempDir, parts: &[Vec<u8>]) -> (Vec<u8>, i32, String) {
    let paths: Vec<PathBuf> = parts
        .iter()
        .enumerate()
        .map(|(i, part)| dir.write(&format!("part-{i}"), part))
        .collect();
    let mut args = vec!["merge"];
    args.extend(paths.iter().map(|p| p.to_str().unwrap()));
    let out = run(&args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.stdout, out.status.code().unwrap(), stderr)
}

/// For every kind and every N of `ns`: the N shards of `files` merged equal one run, and so
/// do their summary lines alone (check, audit).
fn assert_merge_is_one_run(files: &[&Path], ns: impl Iterator<Item = u64> + Clone, what: &str) {
    let dir = TempDir::new("merge");
    for args in KINDS {
        let (one, one_status) = output(args, files, None);
        let one = zero_seconds(&one);
        for n in ns.clone() {
            let parts: Vec<(Vec<u8>, i32)> = (1..=n)
                .map(|k| output(args, files, Some(format!("{k}/{n}"))))
                .collect();
            let outputs: Vec<Vec<u8>> = parts.iter().map(|(o, _)| o.clone()).collect();
            let (merged, status, stderr) = merge(&dir, &outputs);
            assert!(
                zero_seconds(&merged) == one,
                "{what}: {args:?}: {n} shards merged differ from one run ({stderr})"
            );
            assert_eq!(status, one_status, "{what}: {args:?}: N = {n}: {stderr}");
            if args[0] != "stats" {
                let last = |o: &[u8]| {
                    let text = String::from_utf8(o.to_vec()).unwrap();
                    format!("{}\n", text.lines().last().unwrap())
                };
                let summaries: Vec<Vec<u8>> = outputs.iter().map(|o| last(o).into()).collect();
                let (merged, status, _) = merge(&dir, &summaries);
                let one_summary = last(one.as_bytes());
                assert_eq!(
                    zero_seconds(&merged),
                    one_summary,
                    "{what}: {args:?}: N = {n}"
                );
                assert_eq!(status, one_status);
            }
        }
    }
}

#[test]
fn r16_merged_shards_equal_one_run_on_the_corpus() {
    let Some(dir) = corpus("merge of shards on the corpus") else {
        return;
    };
    let files: Vec<PathBuf> = crate::util::pgn_files(&dir)
        .iter()
        .map(|f| dir.join(f))
        .collect();
    let files: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    assert_merge_is_one_run(&files, 1..=5, "corpus");
}

#[test]
fn r16_merged_shards_equal_one_run_at_adversarial_cuts() {
    let dir = TempDir::new("merge-cuts");
    let trap = dir.write("trap.pgn", crate::shard::TRAP.as_bytes());
    let empty = dir.write("empty.pgn", b"");
    // Every byte a cut: shard K of N = the file's size holds byte K-1 alone.
    assert_merge_is_one_run(
        &[&trap],
        std::iter::once(crate::shard::TRAP.len() as u64),
        "trap",
    );
    // Games with errors, warnings and verdicts, empty files between, a trap at both ends.
    let mut files: Vec<PathBuf> = ["check", "audit"]
        .iter()
        .flat_map(|d| std::fs::read_dir(testdata(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files.insert(0, trap.clone());
    files.insert(1, empty.clone());
    files.extend([empty, trap]);
    let files: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    assert_merge_is_one_run(&files, [1, 2, 3, 4, 5, 97].into_iter(), "testdata");
}

/// Summaries written by hand, and their merge worked by hand: every count adds, the verdict
/// maps add code by code, `seconds` is the longer run's; the exit status is that of one run
/// with those totals (1: error findings or error verdicts; 2: an input not read).
#[test]
fn r16_summaries_add_up_as_counts() {
    let dir = TempDir::new("merge-sums");
    // Each summary the record of a run over a file of its own (the same file twice would be
    // the same run given twice, refused).
    let next = std::cell::Cell::new(0);
    let run = |options: &str| {
        next.set(next.get() + 1);
        format!(
            ",\"run\":{{\"inputs\":[{{\"path\":\"f{}.pgn\",\"bytes\":5000}}],\"options\":{options}}}",
            next.get()
        )
    };
    let check_options =
        r#"{"strict":false,"only":[],"ignore":[],"errors_only":false,"games":false}"#;
    let check = |files, failed, errors, seconds: &str| {
        format!(
            "{{\"type\":\"summary\",\"files\":{files},\"files_failed\":{failed},\"games\":10,\
             \"games_with_errors\":{errors},\"games_with_warnings\":2,\"games_skipped\":1,\
             \"errors\":{errors},\"warnings\":3,\"plies\":700,\"bytes\":5000,\"seconds\":{seconds}{}}}\n",
            run(check_options)
        )
        .into_bytes()
    };
    let (out, status, _) = merge(&dir, &[check(1, 0, 0, "0.5"), check(2, 0, 0, "1.25")]);
    let merged_run = |a: u32, b: u32, options: &str| {
        format!(
            ",\"run\":{{\"inputs\":[{{\"path\":\"f{a}.pgn\",\"bytes\":5000}},{{\"path\":\"f{b}.pgn\",\
             \"bytes\":5000}}],\"options\":{options}}}"
        )
    };
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!(
            "{{\"type\":\"summary\",\"files\":3,\"files_failed\":0,\"games\":20,\
             \"games_with_errors\":0,\"games_with_warnings\":4,\"games_skipped\":2,\"errors\":0,\
             \"warnings\":6,\"plies\":1400,\"bytes\":10000,\"seconds\":1.25{}}}\n",
            merged_run(1, 2, check_options)
        )
    );
    assert_eq!(status, 0, "warnings only: clean, as check exits");
    let (_, status, _) = merge(&dir, &[check(1, 0, 0, "0"), check(1, 0, 4, "0")]);
    assert_eq!(status, 1, "error findings");
    let (_, status, _) = merge(&dir, &[check(1, 1, 4, "0"), check(1, 0, 0, "0")]);
    assert_eq!(status, 2, "an input of a run could not be read");
    // (`games_with_verdicts` counts the games with an error verdict: none with info ones only.)
    let audit_options = r#"{"profile":{"name":"fide"},"laws":"auto","rules":["repetition","fifty","stalemate","dead","perpetual","termination"],"missed":null,"only":[],"ignore":[],"errors_only":false,"games":false}"#;
    let audit = |verdicts: &str, hidden: &str, with: u64| {
        format!(
            "{{\"type\":\"summary\",\"files\":1,\"files_failed\":0,\"games\":5,\
             \"games_skipped\":1,\"games_incomplete\":0,\"games_with_verdicts\":{with},\
             \"verdicts\":{{{verdicts}}},\"plies\":300,\"bytes\":900,\"seconds\":0.1{hidden}{}}}\n",
            run(audit_options)
        )
        .into_bytes()
    };
    let first = next.get() + 1;
    let (out, status, _) = merge(
        &dir,
        &[
            audit("\"draw/claim-supported\":2", "", 0),
            audit(
                "\"draw/claim-supported\":1,\"audit/incomplete\":4",
                ",\"hidden\":3",
                0,
            ),
        ],
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!(
            "{{\"type\":\"summary\",\"files\":2,\"files_failed\":0,\"games\":10,\"games_skipped\":2,\
             \"games_incomplete\":0,\"games_with_verdicts\":0,\"verdicts\":{{\"audit/incomplete\":4,\
             \"draw/claim-supported\":3}},\"plies\":600,\"bytes\":1800,\"seconds\":0.1,\"hidden\":3{}}}\n",
            merged_run(first, first + 1, audit_options)
        )
    );
    assert_eq!(status, 0, "info verdicts only (README code table)");
    let (_, status, _) = merge(
        &dir,
        &[audit("", "", 0), audit("\"result/contradicted\":1", "", 1)],
    );
    assert_eq!(status, 1, "result/contradicted is an error verdict");
    let over = check(1, 0, 0, "0");
    let max = String::from_utf8(check(1, 0, 0, "0"))
        .unwrap()
        .replace("\"plies\":700", &format!("\"plies\":{}", u64::MAX));
    let (out, status, stderr) = merge(&dir, &[over, max.into_bytes()]);
    assert_eq!((out.len(), status), (0, 2), "{stderr}");
    assert!(stderr.contains("2^64"), "{stderr}");
}

/// What `merge` refuses, each with exit status 2, a message naming the input and nothing on
/// standard output.
#[test]
fn r16_what_is_not_one_kind_of_complete_output_is_refused() {
    let dir = TempDir::new("merge-refused");
    let pgn = testdata("check/illegal-ambiguous.pgn");
    let run_of = |args: &[&str]| output(args, &[&pgn], None).0;
    let check = run_of(KINDS[0]);
    let audit = run_of(KINDS[1]);
    let stats = run_of(KINDS[2]);
    let fen = run_of(&["fen", "--format", "jsonl"]);
    let cut = check[..check.len() / 2].to_vec();
    let mut after = check.clone();
    after.extend_from_slice(&check[..check.iter().position(|&b| b == b'\n').unwrap() + 1]);
    for (parts, says) in [
        (vec![check.clone(), audit.clone()], "one kind"),
        (vec![audit.clone(), check.clone()], "one kind"),
        (vec![stats.clone(), check.clone()], "one kind"),
        (vec![check.clone(), stats.clone()], "one kind"),
        (vec![check.clone(), cut], "cut short"),
        (vec![fen], "not the summary of a check or audit run"),
        (vec![after], "cut short"),
    ] {
        let (out, status, stderr) = merge(&dir, &parts);
        assert_eq!(status, 2, "{says}: {stderr}");
        assert!(
            out.is_empty(),
            "{says}: wrote {}",
            String::from_utf8_lossy(&out)
        );
        assert!(
            stderr.contains(says) && stderr.contains("part-"),
            "{stderr}"
        );
    }
    // Standard input can be read once only, so its kind is found as it is read.
    let audit_file = dir.write("audit.jsonl", &audit);
    let out = run_stdin(&["merge", "-", audit_file.to_str().unwrap()], &check);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("one kind"));
    let out = run_stdin(&["merge", "-", "-"], &check);
    assert_eq!(out.status.code(), Some(2));
    // A line is read up to 64 MiB and no further.
    #[cfg(unix)]
    {
        let out = run(&["merge", "/dev/zero"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("longer than 64 MiB"));
    }
}

/// The README's example merges `testdata/merge/audit-K.jsonl`: they are the outputs of the two
/// shards of `testdata/readme/` (the `seconds` aside), so the example cannot go stale.
#[test]
fn r16_the_readme_example_inputs_are_real_shard_outputs() {
    for k in 1..=2 {
        let committed = std::fs::read(testdata(&format!("merge/audit-{k}.jsonl"))).unwrap();
        let out = crate::util::arbiter()
            .args([
                "audit",
                "--format",
                "jsonl",
                "-q",
                "--shard",
                &format!("{k}/2"),
            ])
            .args([
                "testdata/readme/scholar.pgn",
                "testdata/readme/stalemate.pgn",
            ])
            .current_dir(crate::util::root())
            .output()
            .unwrap();
        assert_eq!(
            zero_seconds(&out.stdout),
            zero_seconds(&committed),
            "shard {k}"
        );
    }
}

/// A summary whose `seconds` are no duration (negative) or whose verdict codes arbiter does not
/// give is refused with the reason, not merged into totals no run could have.
#[test]
fn a_summary_no_run_writes_is_refused() {
    let dir = TempDir::new("merge-bad-summary");
    let pgn = testdata("readme/stalemate.pgn");
    let pgn = pgn.to_str().unwrap();
    let check = String::from_utf8(run(&["check", "-q", "--format", "jsonl", pgn]).stdout).unwrap();
    let audit = String::from_utf8(run(&["audit", "-q", "--format", "jsonl", pgn]).stdout).unwrap();
    let seconds = |text: &str| {
        let at = text.rfind("\"seconds\":").unwrap() + "\"seconds\":".len();
        let end = at + text[at..].find([',', '}']).unwrap();
        format!("{}-5{}", &text[..at], &text[end..])
    };
    let unknown = audit.replace("\"verdicts\":{", "\"verdicts\":{\"draw/made_up\":1,");
    assert_ne!(unknown, audit, "{audit}");
    let twice = audit.replace(
        "\"verdicts\":{",
        "\"verdicts\":{\"audit/incomplete\":5,\"audit/incomplete\":1,",
    );
    let minus_zero = {
        let at = check.rfind("\"seconds\":").unwrap() + "\"seconds\":".len();
        let end = at + check[at..].find([',', '}']).unwrap();
        format!("{}-0.0{}", &check[..at], &check[end..])
    };
    // (A count of the summary, not an option of its run's record: `"games":false`.)
    let field = |text: &str, name: &str, n: u64| {
        let key = format!("\"{name}\":");
        let summary = text.rfind("{\"type\":\"summary\"").unwrap();
        let at = summary + text[summary..].find(&key).unwrap() + key.len();
        let end = at + text[at..].find([',', '}']).unwrap();
        format!("{}{n}{}", &text[..at], &text[end..])
    };
    let games = |text: &str| {
        let key = "\"games\":";
        let summary = text.rfind("{\"type\":\"summary\"").unwrap();
        let at = summary + text[summary..].find(key).unwrap() + key.len();
        text[at..at + text[at..].find(',').unwrap()]
            .parse::<u64>()
            .unwrap()
    };
    for (name, text, why) in [
        ("negative-check.jsonl", seconds(&check), "are no duration"),
        ("negative-audit.jsonl", seconds(&audit), "are no duration"),
        ("minus-zero.jsonl", minus_zero, "are no duration"),
        ("twice.jsonl", twice, "\"audit/incomplete\" written twice"),
        (
            "check-code.jsonl",
            audit.replace("\"verdicts\":{", "\"verdicts\":{\"tag/bad-date\":1,"),
            "\"tag/bad-date\" is none that audit gives",
        ),
        (
            "zero.jsonl",
            audit.replace(
                "\"verdicts\":{",
                "\"verdicts\":{\"draw/claim-supported\":0,",
            ),
            "counts 0",
        ),
        (
            "more-than-errors.jsonl",
            field(&field(&check, "errors", 0), "games_with_errors", 1),
            "its games_with_errors (1) exceed what it counts of them (0",
        ),
        (
            "errors.jsonl",
            field(&check, "games_with_errors", games(&check) + 1),
            "its games_with_errors",
        ),
        (
            "verdicts.jsonl",
            field(&audit, "games_with_verdicts", games(&audit) + 1),
            "its games_with_verdicts",
        ),
        (
            "failed.jsonl",
            field(&check, "files_failed", 2),
            "its files_failed (2) exceed its files (1)",
        ),
        ("unknown.jsonl", unknown, "\"draw/made_up\" is none that"),
    ] {
        let file = dir.write(name, text.as_bytes());
        for input in [file.to_str().unwrap(), "-"] {
            let out = match input {
                "-" => run_stdin(&["merge", "-"], text.as_bytes()),
                f => run(&["merge", f]),
            };
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{name} {input}: {err}");
            assert!(err.contains(why), "{name} {input}: {err}");
        }
    }
}

/// A finding or verdict record merge would copy must be one check or audit writes: the place
/// of its game (file, game number) and a code of the code table; `{"type":"finding","x":1}`
/// or a made-up code is refused with the reason, and nothing is written.
#[test]
fn a_record_no_run_writes_is_refused() {
    let dir = TempDir::new("merge-bad-record");
    let pgn = testdata("check/illegal-ambiguous.pgn");
    let pgn = pgn.to_str().unwrap();
    let check = String::from_utf8(run(&["check", "-q", "--format", "jsonl", pgn]).stdout).unwrap();
    let audit = String::from_utf8(run(&["audit", "-q", "--format", "jsonl", pgn]).stdout).unwrap();
    assert!(check.starts_with("{\"type\":\"finding\""), "{check}");
    assert!(audit.starts_with("{\"type\":\"verdict\""), "{audit}");
    let first_code = |text: &str| {
        let at = text.find("\"code\":\"").unwrap() + "\"code\":\"".len();
        text[at..at + text[at..].find('"').unwrap()].to_owned()
    };
    let made_up = |text: &str| text.replacen(&first_code(text), "draw/made_up", 1);
    for (name, text, why) in [
        (
            "no-code.jsonl",
            format!("{{\"type\":\"finding\",\"x\":\"aaa\"}}\n{check}"),
            "not a record of check or audit",
        ),
        (
            "no-place.jsonl",
            format!("{{\"type\":\"verdict\",\"code\":\"audit/incomplete\"}}\n{audit}"),
            "not a record of check or audit",
        ),
        (
            "codeless.jsonl",
            check.replacen(&format!("\"code\":\"{}\",", first_code(&check)), "", 1),
            "missing field `code`",
        ),
        (
            "made-up-check.jsonl",
            made_up(&check),
            "\"draw/made_up\" is none that",
        ),
        (
            "made-up-audit.jsonl",
            made_up(&audit),
            "\"draw/made_up\" is none that",
        ),
        (
            "verdict-in-check.jsonl",
            check.replacen(&first_code(&check), "result/contradicted", 1),
            "\"result/contradicted\" is none that a check finding has",
        ),
        (
            "finding-in-audit.jsonl",
            audit.replacen(&first_code(&audit), "tag/bad-date", 1),
            "\"tag/bad-date\" is none that an audit verdict has",
        ),
    ] {
        let file = dir.write(name, text.as_bytes());
        let out = run(&["merge", file.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            out.stdout.is_empty(),
            "{name}: wrote {}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(err.contains(why), "{name}: {err}");
    }
    // The records as check and audit write them are merged.
    for text in [&check, &audit] {
        let file = dir.write("good.jsonl", text.as_bytes());
        let out = run(&["merge", file.to_str().unwrap()]);
        assert!(
            out.status.code().unwrap() <= 1,
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(zero_seconds(&out.stdout), zero_seconds(text.as_bytes()));
    }
}
