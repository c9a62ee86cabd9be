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
