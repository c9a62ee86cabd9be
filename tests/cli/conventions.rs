//! The conventions every subcommand keeps (issue 32, deliveries 4 to 7; issue 31's smaller
//! items): one meaning of `-o -`, the exit statuses of every `--help`, standard output closed
//! from the start, completions into a full disk or a closed pipe, text from a profile in CSV,
//! help true to behaviour, every path in an error, `fen --check`'s labels, the info verdicts of
//! `audit`'s text and the possible values in PowerShell and Elvish completions. Each test
//! failed before the change it names.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::readme::subcommands;
use crate::util::{TempDir, arbiter, run, testdata, zero_seconds};

/// `arbiter ARGS...` run in `dir` (standard input closed).
fn run_in(dir: &Path, args: &[&str]) -> Output {
    arbiter()
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// `-o -` is standard output in every subcommand that has `-o` (it wrote a file named `-` in
/// `pgn`, was refused by `check`, `audit`, `games`, `moves`, `standings`, `ratings`): the
/// output is that of no `-o`, and no file `-` is made. The options that write files of their
/// own refuse `-` with one message.
#[test]
fn r32_dash_o_is_standard_output_everywhere() {
    let dir = TempDir::new("conventions-dash-o");
    let pgn = testdata("readme/stalemate.pgn");
    let pgn = pgn.to_str().unwrap();
    for args in [
        &["check", "--format", "jsonl"][..],
        &["audit", "--format", "jsonl"],
        &["pgn"],
        &["fix"],
        &["games"],
        &["moves", "--format", "jsonl"],
        &["select", "--where", "plies >= 0"],
        &["standings"],
        &["ratings"],
    ] {
        let with = |extra: &[&str]| {
            let mut a = args.to_vec();
            a.push("-q");
            a.extend_from_slice(extra);
            a.push(pgn);
            run_in(dir.path("").as_path(), &a)
        };
        let (plain, dash) = (with(&[]), with(&["-o", "-"]));
        let err = String::from_utf8_lossy(&dash.stderr);
        assert_eq!(dash.status.code(), plain.status.code(), "{args:?}: {err}");
        assert!(!dash.stdout.is_empty(), "{args:?}: {err}");
        assert_eq!(
            zero_seconds(&dash.stdout),
            zero_seconds(&plain.stdout),
            "{args:?}"
        );
        assert!(!dir.path("-").exists(), "{args:?} wrote a file named -");
    }
    for args in [
        &["check", "--valid-out", "-"][..],
        &["check", "--invalid-out", "-"],
        &["audit", "--verdicts-out", "-"],
        &["fix", "--rejects", "-"],
        &["dedup", "--unique-out", "-"],
        &["dedup", "--duplicates-out", "-"],
    ] {
        let mut a = args.to_vec();
        a.extend(["-q", pgn]);
        let out = run_in(dir.path("").as_path(), &a);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        let flag = args[1];
        assert_eq!(
            err.trim(),
            format!(
                "arbiter: {flag} needs a file name, not '-' (standard output carries the run's \
                 report or its -o output)"
            ),
            "{args:?}"
        );
    }
}

/// Every `--help` names the statuses every run may end with: 0, 2, and 141 for standard output
/// closed by its reader (only `fix` named it); 130 for those that read.
#[test]
fn r32_every_help_names_the_shared_exit_statuses() {
    for name in subcommands() {
        let out = arbiter().args([name.as_str(), "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        let last = help
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        for status in ["0", "2", "141"] {
            assert!(
                last.split(|c: char| !c.is_ascii_digit())
                    .any(|n| n == status),
                "arbiter {name} --help does not name {status}: {last}"
            );
        }
        let instant = ["codes", "completions", "man"].contains(&name.as_str());
        assert!(instant || last.contains("130"), "arbiter {name}: {last}");
    }
}

/// A shell command line run by `sh -c`, with `arbiter` as `$A`: standard error and the status
/// (`echo $?`-style runs print theirs on standard error).
fn sh(script: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("A", env!("CARGO_BIN_EXE_arbiter"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Standard output closed from the start (`>&-`) is an error, status 2 and one line, for a run
/// that writes there (it exited 0 with the output lost: the runtime put `/dev/null` there); a
/// run whose output goes to `-o FILE` is not concerned.
#[test]
fn r32_standard_output_closed_from_the_start_is_an_error() {
    let dir = TempDir::new("conventions-closed");
    let pgn = testdata("check/illegal-ambiguous.pgn");
    let pgn = pgn.to_str().unwrap();
    // GNU tools end the same way: an error (`seq: write error: Bad file descriptor`), not 0.
    let gnu = sh("seq 1 3 >&-");
    assert_ne!(gnu.status.code(), Some(0), "{gnu:?}");
    assert_eq!(String::from_utf8_lossy(&gnu.stderr).lines().count(), 1);
    for args in [
        format!("check -q {pgn}"),
        format!("check -q -o - {pgn}"),
        format!("pgn -q {pgn}"),
        format!("fix -q {pgn}"),
        format!("standings -q {pgn}"),
        format!("stats -q {pgn}"),
        format!("games -q {pgn}"),
        "codes".to_owned(),
        "completions bash".to_owned(),
        "perft startpos 2".to_owned(),
    ] {
        let out = sh(&format!("\"$A\" {args} >&-"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args}: {err}");
        assert_eq!(err.lines().count(), 1, "{args}: {err}");
        assert!(err.contains("standard output is closed"), "{args}: {err}");
    }
    let report = dir.path("report.jsonl");
    let out = sh(&format!(
        "\"$A\" check -q --format jsonl -o {} {pgn} >&-",
        report.display()
    ));
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(std::fs::read(&report).unwrap().ends_with(b"}\n"));
}

/// `N` games of distinct players, events and rounds, some with a threefold repetition (so
/// that `audit` has verdicts, `dedup` groups and `stats` a long players table).
fn many_games(n: usize) -> Vec<u8> {
    let mut out = String::new();
    for i in 0..n {
        let moves = match i % 2 {
            0 => "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0",
            _ => "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2",
        };
        let result = if i % 2 == 0 { "1-0" } else { "1/2-1/2" };
        out.push_str(&format!(
            "[Event \"Open {e}\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"{r}\"]\n\
             [White \"White{i}, Anna\"]\n[Black \"Black{i}, Boris\"]\n[Result \"{result}\"]\n\
             \n{moves}\n\n",
            e = i / 100,
            r = i % 100 + 1
        ));
    }
    out.into_bytes()
}

/// A pipe whose reader leaves early (`arbiter ... | head -n 1` under `set -o pipefail`) ends
/// the run with 141, the status bash gives a GNU tool killed by SIGPIPE there (`seq 1
/// 10000000 | head -n 1`, run beside it as the oracle), and nothing on standard error: for
/// every subcommand that writes a long output, with `-o -` as without.
#[test]
fn r32_a_pipe_closed_by_its_reader_ends_with_the_status_of_a_gnu_tool() {
    if Command::new("bash").arg("-c").arg("true").status().is_err() {
        eprintln!("note: no bash here: `set -o pipefail` is not run");
        return;
    }
    let bash = |script: &str| {
        Command::new("bash")
            .arg("-c")
            .arg(format!("set -o pipefail; {script}; echo \"status $?\" >&2"))
            .env("A", env!("CARGO_BIN_EXE_arbiter"))
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let oracle = bash("seq 1 10000000 | head -n 1 > /dev/null");
    let oracle = String::from_utf8_lossy(&oracle.stderr).into_owned();
    assert_eq!(oracle.trim(), "status 141", "GNU seq: {oracle}");
    let dir = TempDir::new("conventions-pipefail");
    let pgn = dir.write("many.pgn", &many_games(20_000));
    let pgn = pgn.to_str().unwrap();
    for args in [
        format!("check -q --games {pgn}"),
        format!("check -q --games -o - {pgn}"),
        format!("check -q --format jsonl --games {pgn}"),
        format!("audit -q --games {pgn}"),
        format!("audit -q --format csv -o - {pgn}"),
        format!("pgn -q {pgn}"),
        format!("pgn -q -o - {pgn}"),
        format!("fix -q {pgn}"),
        format!("select -q --where 'plies > 0' {pgn}"),
        format!("games -q {pgn}"),
        format!("moves -q -o - {pgn}"),
        format!("fen -q {pgn}"),
        format!("stats -q --format csv --table players {pgn}"),
        format!("dedup -q --by moves {pgn}"),
        format!("standings -q {pgn}"),
        format!("ratings -q -o - {pgn}"),
    ] {
        let out = bash(&format!("\"$A\" {args} | head -n 1 > /dev/null"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err, oracle, "arbiter {args}");
    }
}

/// `completions` and `man` into a full disk: one line and status 2 (completions panicked:
/// clap_complete's generators unwrap the write); into a pipe whose reader is gone: 141, quietly.
#[test]
fn r32_completions_and_man_into_a_full_disk_or_a_closed_pipe() {
    for args in ["completions bash", "completions powershell", "man", "codes"] {
        let out = sh(&format!("\"$A\" {args} > /dev/full"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args}: {err}");
        assert_eq!(
            err.trim(),
            "arbiter: standard output: No space left on device (os error 28)",
            "{args}"
        );
        // A pipe whose reader is gone before anything is written (its read end closed: no
        // race with a reader that has yet to exit, as `(sleep 0.5; ...) | true` had under load).
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = arbiter()
            .args(args.split(' '))
            .stdin(Stdio::null())
            .stdout(writer)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(141), "{args}: {err}");
        assert!(err.is_empty(), "{args}: {err}");
    }
}

/// A write error names its output once: `fix --log -` into a full disk said `standard output:
/// standard output: No space left on device`, `--log /dev/full` said `standard output:
/// /dev/full: ...`; `pgn` named nothing.
#[test]
fn r32_an_error_names_its_output_once() {
    let dir = TempDir::new("conventions-prefix");
    let pgn = testdata("readme/stalemate.pgn");
    let pgn = pgn.to_str().unwrap();
    let out_pgn = dir.path("out.pgn");
    let out_pgn = out_pgn.to_str().unwrap();
    for (script, says) in [
        (
            format!("\"$A\" fix -q --log - -o {out_pgn} {pgn} > /dev/full"),
            "arbiter: standard output: No space left on device (os error 28)",
        ),
        (
            format!("\"$A\" fix -q --log /dev/full -o {out_pgn} {pgn}"),
            "arbiter: /dev/full: No space left on device (os error 28)",
        ),
        (
            format!("\"$A\" pgn -q {pgn} > /dev/full"),
            "arbiter: standard output: No space left on device (os error 28)",
        ),
        (
            "\"$A\" perft startpos 3 > /dev/full".to_owned(),
            "arbiter: standard output: No space left on device (os error 28)",
        ),
    ] {
        let out = sh(&script);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{script}: {err}");
        assert_eq!(err.trim(), says, "{script}");
    }
}

/// Every path in an error message: a `--temp-dir` where nothing can be made (`/proc`) named
/// the directory nowhere (`arbiter: No such file or directory (os error 2)`).
#[cfg(target_os = "linux")]
#[test]
fn r32_a_temp_dir_error_names_the_path() {
    let dir = TempDir::new("conventions-temp-dir");
    let unique = dir.path("unique.pgn");
    let pgn = std::fs::read(testdata("dedup/copies.pgn")).unwrap();
    let out = arbiter()
        .args(["dedup", "-q", "--temp-dir", "/proc", "--unique-out"])
        .arg(&unique)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&pgn)?;
            child.wait_with_output()
        })
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--temp-dir: /proc/.arbiter-dedup-"), "{err}");
    assert!(!unique.exists());
}

/// `-o /dev/null --log /dev/null` is allowed (a special file takes several outputs: it was
/// refused as "the same file"), and so is `check -o /dev/null --valid-out /dev/null`;
/// `fix --dry-run -o FILE` says the file is not written (it said nothing).
#[test]
fn r32_dev_null_takes_several_outputs_and_a_dry_run_says_what_it_leaves() {
    let dir = TempDir::new("conventions-null");
    let pgn = testdata("readme/stalemate.pgn");
    let pgn = pgn.to_str().unwrap();
    for args in [
        &["fix", "-q", "-o", "/dev/null", "--log", "/dev/null"][..],
        &["check", "-q", "-o", "/dev/null", "--valid-out", "/dev/null"],
        &[
            "audit",
            "-q",
            "-o",
            "/dev/null",
            "--verdicts-out",
            "/dev/null",
        ],
    ] {
        let mut a = args.to_vec();
        a.push(pgn);
        let out = run(&a);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.code().is_some_and(|c| c < 2), "{args:?}: {err}");
    }
    let target = dir.path("fixed.pgn");
    let out = run(&[
        "fix",
        "-q",
        "--dry-run",
        "-o",
        target.to_str().unwrap(),
        pgn,
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains(&format!(
            "--dry-run: -o {} is not written",
            target.display()
        )),
        "{err}"
    );
    assert!(!target.exists());
}

/// The `name` of a profile file in CSV is sanitised like tag text: no control character, and a
/// formula guard (`'=`) — it was written as it is.
#[test]
fn r32_a_profile_name_in_csv_is_sanitised() {
    let dir = TempDir::new("conventions-profile-csv");
    let profile = dir.write(
        "club.toml",
        b"name = \"=HYPERLINK(\\\"http://x\\\")\\u0007\"\nlaws = \"fide\"\n",
    );
    let pgn = testdata("readme/stalemate.pgn");
    let out = run(&[
        "audit",
        "-q",
        "--format",
        "csv",
        "--profile",
        profile.to_str().unwrap(),
        pgn.to_str().unwrap(),
    ]);
    let csv = String::from_utf8(out.stdout).unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let row = csv.lines().nth(1).unwrap_or_else(|| panic!("{csv}{err}"));
    assert!(row.contains("'=HYPERLINK"), "{row}");
    assert!(!row.contains('\u{7}'), "{row}");
    assert!(row.contains('\u{FFFD}'), "{row}");
}

/// Help true to behaviour: `dedup --help` describes the groups its formats write (it described
/// findings, as `check`'s); `select` and `stats` take the defaults `--laws auto --profile fide`
/// given explicitly (they did already: kept so).
#[test]
fn r32_help_is_true_to_behaviour() {
    let out = arbiter().args(["dedup", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let format = &help[help.find("--format").unwrap()..help.find("[default: text]").unwrap()];
    assert!(!format.contains("finding"), "{format}");
    assert!(
        format.contains("group") && format.contains("member"),
        "{format}"
    );
    let pgn = testdata("readme/stalemate.pgn");
    let pgn = pgn.to_str().unwrap();
    // The defaults given explicitly: accepted, and the answer is that of no option.
    let select = ["select", "-q", "--count", "--where", "plies > 0"];
    for (args, defaults) in [
        (&select[..], &["--laws", "auto"][..]),
        (&select, &["--laws", "auto", "--profile", "fide"]),
        (&["stats", "-q"], &["--laws", "auto", "--profile", "fide"]),
    ] {
        let plain = run(&[args, &[pgn]].concat());
        let explicit = run(&[args, defaults, &[pgn]].concat());
        let err = String::from_utf8_lossy(&explicit.stderr);
        assert_eq!(
            explicit.status.code(),
            Some(0),
            "{args:?} {defaults:?}: {err}"
        );
        assert_eq!(explicit.stdout, plain.stdout, "{args:?} {defaults:?}");
    }
}

/// `fen --check` labels a FEN line `[line N]`, not `[game N]` (issue 31).
#[test]
fn r31_fen_check_labels_lines() {
    let dir = TempDir::new("conventions-fen-label");
    let fen = dir.write(
        "p.fen",
        b"8/8/8/8/8/8/8/8 w - - 0 1\n\n8/8/8/8/8/8/8/K6k w - - 0 1 x\n",
    );
    let out = run(&["fen", "--check", fen.to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("error[")).collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].ends_with("[line 1]"), "{}", lines[0]);
    assert!(lines[1].ends_with("[line 3]"), "{}", lines[1]);
    assert!(!text.contains("[game"), "{text}");
}

/// `audit`'s text shows errors and warnings by default, as `check`'s does, and counts the info
/// verdicts it leaves out in its summary line; `-v`/`--all` (or `--only`, `--missed` asking for
/// them) shows them; JSON Lines holds them all (issue 31: 1,026 info lines around 9 errors on
/// the corpus).
#[test]
fn r31_audit_text_shows_info_verdicts_on_request() {
    let mut files: Vec<String> = std::fs::read_dir(testdata("audit"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .map(|p| p.to_str().unwrap().to_owned())
        .collect();
    files.sort();
    let text = |extra: &[&str]| {
        let mut a = vec!["audit", "-q"];
        a.extend_from_slice(extra);
        a.extend(files.iter().map(String::as_str));
        String::from_utf8(run(&a).stdout).unwrap()
    };
    let mut a = vec!["audit", "-q", "--format", "jsonl"];
    a.extend(files.iter().map(String::as_str));
    let records = crate::util::parse_jsonl(&run(&a).stdout);
    let info = records.iter().filter(|r| r["severity"] == "info").count();
    let errors = records.iter().filter(|r| r["severity"] == "error").count();
    assert!(info > 0 && errors > 0, "{info} {errors}");
    let default = text(&[]);
    assert_eq!(default.matches(": info[").count(), 0, "{default}");
    assert_eq!(default.matches(": error[").count(), errors);
    let summary = default.lines().last().unwrap();
    assert!(
        summary.ends_with(&format!(
            "; {info} info verdicts not shown (-v/--all shows them)"
        )),
        "{summary}"
    );
    for flag in ["-v", "--all"] {
        let all = text(&[flag]);
        assert_eq!(all.matches(": info[").count(), info, "{flag}");
        assert!(!all.contains("not shown"), "{flag}");
    }
    let only = text(&["--only", "audit/incomplete"]);
    assert!(only.contains(": info[audit/incomplete]"), "{only}");
}

/// PowerShell and Elvish completions complete the possible values of an option (`--format`,
/// `--laws`) and of `completions SHELL` (clap_complete's static generators leave them out: the
/// scripts had none). Elvish is run when it is installed; PowerShell's script is read.
#[test]
fn r31_powershell_and_elvish_completions_have_the_possible_values() {
    let script = |shell: &str| {
        let out = run(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    let ps = script("powershell");
    let case = ps
        .find("'arbiter;audit;--laws' {")
        .expect("a case for audit --laws");
    let block = &ps[case..case + ps[case..].find("break").unwrap()];
    for value in ["current", "pre-2014", "auto"] {
        assert!(
            block.contains(&format!("[CompletionResult]::new('{value}', '{value}', [CompletionResultType]::ParameterValue,")),
            "{block}"
        );
    }
    assert!(ps.contains("'arbiter;completions;completions' {"));
    // The values are offered before the option names, after the command is known.
    let (values, names) = (
        ps.find("$values = @(switch").unwrap(),
        ps.find("$completions = @(switch").unwrap(),
    );
    assert!(ps.find("-join ';'").unwrap() < values && values < names);
    let elvish = script("elvish");
    assert!(elvish.contains("&'arbiter;check;--format'= {\n            cand 'text'"));
    if Command::new("elvish").arg("-version").output().is_err() {
        eprintln!("note: no elvish here: its completions are not run");
        return;
    }
    let dir = TempDir::new("conventions-elvish");
    // The completer as a variable (edit: is the interactive editor's) and a candidate as text.
    let testable = elvish
        .replace(
            "set edit:completion:arg-completer[arbiter] = ",
            "var completer = ",
        )
        .replace(
            "edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc",
            "put $text",
        );
    let path = dir.write("completer.elv", testable.as_bytes());
    let test = format!(
        "eval (slurp < {})'\n\
         echo (str:join \" \" [($completer arbiter check --format \"\")])\n\
         echo (str:join \" \" [($completer arbiter audit -q --laws \"\")])\n\
         echo (str:join \" \" [($completer arbiter completions \"\")])\n'",
        path.display()
    );
    let test = format!("use str\n{test}\n");
    let file = dir.write("test.elv", test.as_bytes());
    let out = Command::new("elvish").arg(&file).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text,
        "text jsonl csv parquet html\ncurrent pre-2014 auto\nbash elvish fish powershell zsh\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// One reading of a Date tag in every subcommand that reads one (issue 33, "one rule, one
/// place"): `stats --by year` left a year-only `1982`, a padded ` 1983.05.06` and a one-digit
/// month `1984.1.02` without a year, where `games` gave them 1982, 1983 and 1984, and
/// `standings --group-by year` read any four leading digits (`1985-01-01` as 1985). The years
/// expected are those of the PGN form (standard 8.1.1.3) read as `arbiter games` documents it:
/// a year alone, one-digit parts and space around it read as written, another form
/// (`1985-01-01`) no year.
#[test]
fn one_date_reading_in_stats_games_and_standings() {
    let dir = TempDir::new("conventions-dates");
    let dates = [
        "1982",
        " 1983.05.06",
        "1984.1.02",
        "1985-01-01",
        "1986.02.30",
    ];
    let mut pgn = String::new();
    for (i, date) in dates.iter().enumerate() {
        pgn.push_str(&format!(
            "[Event \"E\"]\n[Site \"S\"]\n[Date \"{date}\"]\n[Round \"{}\"]\n[White \"A\"]\n\
             [Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n",
            i + 1
        ));
    }
    let path = dir.path("dates.pgn");
    std::fs::write(&path, pgn).unwrap();
    let path = path.to_str().unwrap();
    let expected = [Some(1982), Some(1983), Some(1984), None, Some(1986)];

    let games = run(&["games", "-q", "--format", "jsonl", path]);
    let years: Vec<Option<u64>> = crate::util::parse_jsonl(&games.stdout)
        .iter()
        .map(|r| r["year"].as_u64())
        .collect();
    assert_eq!(years, expected);

    let stats = run(&["stats", "-q", "--by", "year", "--format", "json", path]);
    let stats: serde_json::Value = serde_json::from_slice(&stats.stdout).unwrap();
    let groups = stats["groups"].as_object().unwrap();
    let mut keys: Vec<&str> = groups.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["1982", "1983", "1984", "1986", "?"]);
    for key in ["1982", "1983", "1984", "1986", "?"] {
        assert_eq!(groups[key]["summary"]["games"], 1, "{key}");
    }
    // A day February has not is an unknown day in the date's text.
    assert_eq!(groups["1986"]["summary"]["first_date"], "1986.02.??");
    assert_eq!(groups["1983"]["summary"]["first_date"], "1983.05.06");
    assert_eq!(groups["?"]["dates"]["unknown"], 1);
    assert_eq!(stats["all"]["summary"]["first_date"], "1982.??.??");

    let standings = run(&[
        "standings",
        "-q",
        "--group-by",
        "year",
        "--format",
        "jsonl",
        path,
    ]);
    let mut events: Vec<String> = crate::util::parse_jsonl(&standings.stdout)
        .iter()
        .filter(|r| r["type"] == "standing")
        .map(|r| r["event"].as_str().unwrap().to_owned())
        .collect();
    events.dedup();
    assert_eq!(events, ["1982", "1983", "1984", "?", "1986"]);
}

/// A blank Event tag (`[Event ""]`, as some exports write it) names no event in the game
/// labels of `check` and `audit` (one rule for both, `report::human::label_parts`): the labels
/// ended with a dangling `, ` (`[game 1: a vs b, ]`, `game 1 (a vs b, )`); a blank player is
/// `?`, as a missing one is.
#[test]
fn a_blank_event_leaves_no_dangling_comma_in_game_labels() {
    let dir = TempDir::new("conventions-blank-event");
    let path = dir.path("blank-event.pgn");
    std::fs::write(
        &path,
        "[Event \" \"]\n[Site \"?\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 *\n\n\
         [Event \"Open\"]\n[White \"c\"]\n[Black \"d\"]\n[Result \"*\"]\n\n1. d4 *\n\n\
         [Event \"\"]\n[White \"\"]\n[Black \" \"]\n[Result \"*\"]\n\n1. c4 *\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let check = String::from_utf8(run(&["check", "--games", path]).stdout).unwrap();
    assert!(check.contains("[game 1: a vs b]"), "{check}");
    assert!(check.contains("game 1: a vs b: warnings"), "{check}");
    assert!(check.contains("game 2: c vs d, Open: warnings"), "{check}");
    let audit = String::from_utf8(run(&["audit", "--games", path]).stdout).unwrap();
    assert!(audit.contains("game 1 (a vs b): ok"), "{audit}");
    assert!(audit.contains("game 2 (c vs d, Open): ok"), "{audit}");
    // Blank players are `?`, as missing ones are (`[game 3:  vs  ]` before).
    assert!(check.contains("game 3: ? vs ?: warnings"), "{check}");
    assert!(audit.contains("game 3 (? vs ?): ok"), "{audit}");
    for text in [&check, &audit] {
        assert!(!text.contains(", ]") && !text.contains(", )"), "{text}");
    }
}
