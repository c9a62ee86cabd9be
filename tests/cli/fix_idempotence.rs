//! `fix` twice is `fix` once (issue 32 Deliver 2), for every option set, on the shared corpus
//! (`games/` and `edge/`), every PGN file of `testdata/`, the fuzzing regressions
//! (`testdata/fuzz/`) and, when it was made (`fuzz/seed.sh`), the fuzz corpus (`fuzz/corpus/`):
//! the second run writes the first run's output byte for byte, logs no change and rejects no
//! game.
//!
//! "Every option set": the options of `fix` are 17 factors (the repairs that can be skipped,
//! the tags `--add` adds, `--result-from`, `--eco-correct`, `--keep-broken`, the three export
//! options, `--laws`, `--profile`, `--encoding`), far too many sets to run each. The sets run
//! form a covering array of strength 2: every value of every factor meets every value of every
//! other factor in at least one set (a fault that needs two options together shows; most faults
//! need one or two), built greedily below, about 30 sets — with and without `--keep-broken`
//! among the pairs. Each set is two runs of `fix` over all the inputs at once (about 0.7 s each
//! on two idle cores), so the test stays well under a minute of CI time.

use std::path::{Path, PathBuf};

use crate::util::{TempDir, corpus, parse_jsonl, root, run};

/// A factor: its name, and its values, each the arguments that choose it (the first is the
/// default: no arguments).
struct Factor {
    name: &'static str,
    values: Vec<Vec<&'static str>>,
}

fn factor(name: &'static str, values: &[&[&'static str]]) -> Factor {
    Factor {
        name,
        values: values.iter().map(|v| v.to_vec()).collect(),
    }
}

/// The options of `fix`, as factors.
fn factors() -> Vec<Factor> {
    let mut factors = vec![
        factor("keep-broken", &[&[], &["--keep-broken"]]),
        factor(
            "result-from",
            &[
                &[],
                &["--result-from", "marker"],
                &["--result-from", "tag"],
                &["--result-from", "position"],
                &["--result-from", "position,marker"],
            ],
        ),
        factor(
            "add",
            &[
                &[],
                &["--add", "eco"],
                &["--add", "plycount"],
                &["--add", "eco,plycount"],
            ],
        ),
        factor("eco-correct", &[&[], &["--eco-correct"]]),
        factor("no-comments", &[&[], &["--no-comments"]]),
        factor("no-variations", &[&[], &["--no-variations"]]),
        factor("no-nags", &[&[], &["--no-nags"]]),
        factor(
            "laws",
            &[&[], &["--laws", "current"], &["--laws", "pre-2014"]],
        ),
        factor("profile", &[&[], &["--profile", "platform"]]),
        factor(
            "encoding",
            &[
                &[],
                &["--encoding", "windows-1252"],
                &["--encoding", "cp437"],
            ],
        ),
    ];
    // The repairs made by default that can be skipped (`result-agree` is made only with
    // `--result-from`).
    for repair in [
        "result-decided",
        "date",
        "plycount",
        "setup",
        "encoding",
        "padded-number",
        "double-encoding",
    ] {
        factors.push(Factor {
            name: repair,
            values: vec![vec![], vec!["--skip", repair]],
        });
    }
    factors
}

/// A covering array of strength 2 over `factors`, greedily (AETG: each new row starts from a
/// pair not yet covered and gives every other factor the value that covers most new pairs with
/// the values chosen so far; ties go to the default): the value indices of each row.
fn pairwise(factors: &[Factor]) -> Vec<Vec<usize>> {
    let n = factors.len();
    let mut uncovered = std::collections::BTreeSet::new();
    for a in 0..n {
        for b in a + 1..n {
            for va in 0..factors[a].values.len() {
                for vb in 0..factors[b].values.len() {
                    uncovered.insert((a, va, b, vb));
                }
            }
        }
    }
    let mut rows = vec![vec![0; n]];
    let cover = |uncovered: &mut std::collections::BTreeSet<_>, row: &[usize]| {
        for a in 0..n {
            for b in a + 1..n {
                uncovered.remove(&(a, row[a], b, row[b]));
            }
        }
    };
    cover(&mut uncovered, &rows[0]);
    while let Some(&(a, va, b, vb)) = uncovered.iter().next() {
        let mut row: Vec<Option<usize>> = vec![None; n];
        row[a] = Some(va);
        row[b] = Some(vb);
        for f in 0..n {
            if row[f].is_some() {
                continue;
            }
            let gain = |v: usize| {
                (0..n)
                    .filter_map(|g| row[g].map(|vg| (g, vg)))
                    .filter(|&(g, vg)| {
                        let key = if g < f { (g, vg, f, v) } else { (f, v, g, vg) };
                        uncovered.contains(&key)
                    })
                    .count()
            };
            let best = (0..factors[f].values.len())
                .max_by_key(|&v| (gain(v), std::cmp::Reverse(v)))
                .unwrap_or(0);
            row[f] = Some(best);
        }
        let row: Vec<usize> = row.into_iter().map(|v| v.unwrap_or(0)).collect();
        cover(&mut uncovered, &row);
        rows.push(row);
    }
    rows
}

/// The files of `dir` and below, sorted.
fn files_below(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if keep(&path) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The inputs: the corpus's PGN files (when it is there), `testdata/`'s, the fuzzing
/// regressions and the fuzz corpus.
fn inputs() -> Vec<PathBuf> {
    let mut files = Vec::new();
    if let Some(dir) = corpus("fix idempotence on the corpus") {
        files.extend(crate::util::pgn_files(&dir).iter().map(|f| dir.join(f)));
    }
    let pgn = |p: &Path| p.extension().is_some_and(|e| e == "pgn");
    let testdata = root().join("testdata");
    files.extend(files_below(&testdata, &|p| {
        pgn(p) && !p.starts_with(testdata.join("fuzz"))
    }));
    let not_readme = |p: &Path| p.file_name().is_some_and(|n| n != "README.md");
    files.extend(files_below(&testdata.join("fuzz"), &not_readme));
    files.extend(files_below(
        &root().join("fuzz").join("corpus"),
        &not_readme,
    ));
    files
}

/// Runs `fix` on `inputs` with `args` into `dir`: the output, the log and the exit status.
fn fix_into(
    dir: &TempDir,
    name: &str,
    inputs: &[PathBuf],
    args: &[&str],
) -> (Vec<u8>, Vec<serde_json::Value>, i32) {
    let out = dir.path(&format!("{name}.pgn"));
    let log = dir.path(&format!("{name}.jsonl"));
    let rejects = dir.path(&format!("{name}.rejects.pgn"));
    let mut all: Vec<String> = ["fix", "-q", "-j2", "-o"].map(str::to_owned).to_vec();
    all.push(out.display().to_string());
    all.extend(["--log".to_owned(), log.display().to_string()]);
    all.extend(["--rejects".to_owned(), rejects.display().to_string()]);
    all.extend(args.iter().map(|a| a.to_string()));
    all.extend(inputs.iter().map(|p| p.display().to_string()));
    let argv: Vec<&str> = all.iter().map(String::as_str).collect();
    let status = run(&argv).status.code().expect("exit code");
    let text = std::fs::read(&out).unwrap_or_default();
    let log = std::fs::read(&log)
        .map(|b| parse_jsonl(&b))
        .unwrap_or_default();
    (text, log, status)
}

/// Where two outputs first differ, for the failure message: the games around it.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let at = a
        .iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let from = at.saturating_sub(600);
    format!(
        "at byte {at}:\n--- once ---\n{}\n--- twice ---\n{}",
        String::from_utf8_lossy(&a[from..(at + 300).min(a.len())]),
        String::from_utf8_lossy(&b[from..(at + 300).min(b.len())])
    )
}

#[test]
fn fix_twice_is_fix_once_for_every_pair_of_options() {
    let inputs = inputs();
    assert!(inputs.len() > 40, "{} inputs", inputs.len());
    let factors = factors();
    let rows = pairwise(&factors);
    // Every value of every factor is in some row, and the array is small.
    for (f, factor) in factors.iter().enumerate() {
        for v in 0..factor.values.len() {
            assert!(rows.iter().any(|r| r[f] == v), "{} value {v}", factor.name);
        }
    }
    assert!(rows.len() <= 40, "{} option sets", rows.len());
    let mut failures = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let args: Vec<&str> = row
            .iter()
            .zip(&factors)
            .flat_map(|(&v, f)| f.values[v].iter().copied())
            .collect();
        let dir = TempDir::new("fix-idempotence");
        let (once, log, status) = fix_into(&dir, "once", &inputs, &args);
        assert!(status <= 1, "set {i} {args:?}: exit status {status}");
        let summary = log.last().expect("a summary");
        assert_eq!(
            summary["games"].as_u64().unwrap(),
            summary["written"].as_u64().unwrap() + summary["rejected"].as_u64().unwrap(),
            "set {i} {args:?}"
        );
        let written = dir.write("written.pgn", &once);
        let (twice, log2, status2) = fix_into(&dir, "twice", &[written], &args);
        let changes: Vec<&serde_json::Value> = log2
            .iter()
            .filter(|r| r["type"] == "change" || r["type"] == "rejected")
            .take(5)
            .collect();
        if once != twice || status2 != 0 || !changes.is_empty() {
            failures.push(format!(
                "set {i} {args:?}: exit status {status2}, first records {changes:#?}, {}",
                first_difference(&once, &twice)
            ));
        }
    }
    eprintln!(
        "fix idempotence: {} option sets over {} inputs",
        rows.len(),
        inputs.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
