//! The fuzzing regressions: every input kept under `testdata/fuzz/<target>/` (crashes, hangs and
//! timeouts the fuzzers found, and a sample of their corpora) goes through `check`, `audit`, `fen`
//! and `pgn` (and `fen --check` for the `fen` target): never a crash or an `internal/panic`, exit
//! status 0 or 1, and `-j1` gives the same output as `-j2`.

use crate::util::{root, run};

fn stable(stdout: &[u8]) -> String {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| match l.find("\"seconds\":") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn fuzz_regressions_never_crash_and_agree_across_jobs() {
    let base = root().join("testdata").join("fuzz");
    let mut seen = 0;
    for target in ["reader", "san", "fen", "game"] {
        let dir = base.join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        files.sort();
        for file in files
            .iter()
            .filter(|f| f.extension().is_none_or(|e| e != "md"))
        {
            seen += 1;
            let p = file.to_str().unwrap();
            let mut commands: Vec<Vec<&str>> = vec![
                vec!["check", "-q", "--format", "jsonl", "--games"],
                vec!["check", "-q", "--strict"],
                vec![
                    "audit",
                    "-q",
                    "--format",
                    "jsonl",
                    "--games",
                    "--missed=all",
                ],
                vec!["fen", "-q", "--format", "jsonl"],
                vec!["fen", "-q", "--epd", "--start", "--ep", "always"],
                vec!["pgn", "-q"],
            ];
            if target == "fen" {
                commands.push(vec!["fen", "-q", "--check", "--format", "jsonl"]);
                commands.push(vec!["pgn", "--from-fen"]);
            }
            for args in commands {
                let run_with = |jobs: &str| {
                    let mut all = args.clone();
                    all.insert(1, jobs);
                    all.push(p);
                    let out = run(&all);
                    let code = out.status.code();
                    assert!(
                        matches!(code, Some(0 | 1)),
                        "{all:?}: exit {:?}: {}",
                        out.status,
                        String::from_utf8_lossy(&out.stderr)
                    );
                    assert!(!stable(&out.stdout).contains("internal/panic"), "{all:?}");
                    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
                    out
                };
                let a = run_with("-j1");
                let b = run_with("-j2");
                assert_eq!(stable(&a.stdout), stable(&b.stdout), "{args:?} {p}");
                assert_eq!(a.stderr, b.stderr, "{args:?} {p}");
            }
        }
    }
    assert!(
        seen > 0,
        "no fuzz regression inputs under {}",
        base.display()
    );
}

/// The `repair` target's regressions (`testdata/fuzz/repair/`: a `--where` expression on the
/// first line, then games), end to end: `fix` of the games, then `fix` of its output changes
/// nothing (an empty log, the same bytes), and `check` finds no error in the output; `select`
/// with the expression (when it parses) runs on them and `dedup` at every level, with status 0
/// or 1 and no panic.
#[test]
fn fuzz_repair_regressions_fix_idempotently_and_check_clean() {
    let base = root().join("testdata").join("fuzz").join("repair");
    let dir = crate::util::TempDir::new("fuzz-repair");
    let mut seen = 0;
    let mut files: Vec<_> = std::fs::read_dir(&base)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for file in files {
        seen += 1;
        let data = std::fs::read(&file).unwrap();
        let at = data.iter().position(|&b| b == b'\n').unwrap_or(0);
        let (expr, games) = (&data[..at], &data[(at + 1).min(data.len())..]);
        let input = dir.write("in.pgn", games);
        let (fixed, again) = (dir.path("fixed.pgn"), dir.path("again.pgn"));
        let (log, log2) = (dir.path("log.jsonl"), dir.path("log2.jsonl"));
        let rejects = dir.path("rejects.pgn");
        let path = |p: &std::path::Path| p.to_str().unwrap().to_owned();
        let what = file.display();
        let out = run(&[
            "fix",
            "-q",
            "-o",
            &path(&fixed),
            "--log",
            &path(&log),
            "--rejects",
            &path(&rejects),
            &path(&input),
        ]);
        assert!(matches!(out.status.code(), Some(0 | 1)), "{what}: {out:?}");
        let out = run(&[
            "fix",
            "-q",
            "-o",
            &path(&again),
            "--log",
            &path(&log2),
            &path(&fixed),
        ]);
        assert!(matches!(out.status.code(), Some(0 | 1)), "{what}: {out:?}");
        let changes = std::fs::read_to_string(&log2).unwrap();
        assert!(
            !changes.contains("\"type\":\"change\"") && !changes.contains("\"type\":\"rejected\""),
            "{what}: fix of fix's output changed it: {changes}"
        );
        assert_eq!(
            std::fs::read(&again).unwrap(),
            std::fs::read(&fixed).unwrap(),
            "{what}: not idempotent"
        );
        let out = run(&["check", "-q", &path(&fixed)]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{what}: check finds errors in fix's output: {}",
            String::from_utf8_lossy(&out.stdout)
        );
        if let Ok(expr) = std::str::from_utf8(expr) {
            let out = run(&["select", "-q", "--where", expr, "--count", &path(&input)]);
            assert!(matches!(out.status.code(), Some(0..=2)), "{what}: {out:?}");
            assert!(
                !String::from_utf8_lossy(&out.stderr).contains("panicked"),
                "{what}"
            );
        }
        for level in ["moves", "game", "prefix"] {
            let out = run(&["dedup", "-q", "--by", level, &path(&input)]);
            assert!(
                matches!(out.status.code(), Some(0 | 1)),
                "{what} {level}: {out:?}"
            );
        }
    }
    assert!(seen > 0, "no inputs under {}", base.display());
}
