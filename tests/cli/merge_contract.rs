//! The merge contract (issues 31, 32): every mergeable output records its run (inputs with
//! their sizes, `--shard K/N`, options); `arbiter merge` and `stats --merge` refuse a set with a
//! shard missing or given twice, naming it, unless `--allow-partial`; refuse runs made with
//! other options, naming the difference, unless `--allow-mixed`; and read the outputs as JSON,
//! whatever another tool made of their layout. Each test here failed before: 3 of 4 shards
//! merged with exit status 0, a shard named twice was counted twice, the outputs carried no
//! identity, a pretty-printed output was "cut short".

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::util::{TempDir, corpus, run, testdata, zero_seconds};

/// The corpus' PGN files (games/ and edge/), or `None` when it is not here.
fn corpus_files(what: &str) -> Option<Vec<String>> {
    let dir = corpus(what)?;
    let files = crate::util::pgn_files(&dir)
        .iter()
        .map(|f| dir.join(f).to_str().unwrap().to_owned())
        .collect();
    Some(files)
}

/// `arbiter ARGS... [--shard K/N] FILES...` with `-q`: standard output (status 0 or 1 asserted).
fn output(args: &[&str], files: &[String], shard: Option<&str>) -> Vec<u8> {
    let mut a: Vec<&str> = args.to_vec();
    a.push("-q");
    if let Some(shard) = shard {
        a.extend(["--shard", shard]);
    }
    a.extend(files.iter().map(String::as_str));
    let out = run(&a);
    assert!(
        out.status.code().unwrap() <= 1,
        "{a:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// `arbiter merge [EXTRA...] FILES...`: standard output, exit status, standard error.
fn merge(extra: &[&str], files: &[&Path]) -> (Vec<u8>, i32, String) {
    let mut args = vec!["merge"];
    args.extend_from_slice(extra);
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let out = run(&args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.stdout, out.status.code().unwrap(), stderr)
}

/// The summary (last record) of a JSON Lines output, parsed.
fn summary(text: &[u8]) -> Value {
    let text = std::str::from_utf8(text).unwrap();
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

/// Done when (issue 31): `merge` of 3 of 4 shards of the corpus fails with the missing shard
/// named, nothing written; all 4, in any order of their names, equal one run; a shard named
/// twice is refused; `--allow-partial` merges 3 of 4 and says "partial: shards 1,2,4 of 4".
#[test]
fn r31_a_shard_missing_or_repeated_is_refused_and_all_of_them_are_one_run() {
    let Some(files) = corpus_files("the merge contract on the corpus") else {
        return;
    };
    let dir = TempDir::new("merge-contract");
    for args in [
        &["check", "--games", "--format", "jsonl"][..],
        &["audit", "--format", "jsonl"],
        &["stats", "--format", "json"],
    ] {
        let one = output(args, &files, None);
        let shards: Vec<PathBuf> = (1..=4)
            .map(|k| {
                let out = output(args, &files, Some(&format!("{k}/4")));
                dir.write(&format!("{}-{k}", args[0]), &out)
            })
            .collect();
        let [s1, s2, s3, s4] =
            [&shards[0], &shards[1], &shards[2], &shards[3]].map(PathBuf::as_path);
        // Each shard records its run: every input with its size, and its shard.
        let recorded = match args[0] {
            "stats" => serde_json::from_slice::<Value>(&std::fs::read(s2).unwrap()).unwrap(),
            _ => summary(&std::fs::read(s2).unwrap()),
        };
        let run = &recorded["run"];
        assert_eq!(
            run["shard"],
            serde_json::json!({"k": [2], "n": 4}),
            "{args:?}"
        );
        assert_eq!(run["inputs"].as_array().unwrap().len(), files.len());
        let size = std::fs::metadata(&files[0]).unwrap().len();
        assert_eq!(
            run["inputs"][0],
            serde_json::json!({"path": files[0], "bytes": size})
        );
        let (out, status, stderr) = merge(&[], &[s1, s2, s4]);
        assert_eq!((status, out.len()), (2, 0), "{args:?}: {stderr}");
        assert!(
            stderr.contains("shard 3 of 4 missing"),
            "{args:?}: {stderr}"
        );
        let (out, status, stderr) = merge(&[], &[s1, s2, s2, s3, s4]);
        assert_eq!((status, out.len()), (2, 0), "{args:?}: {stderr}");
        assert!(stderr.contains("shard 2 of 4 of the run over"), "{stderr}");
        assert!(stderr.contains("is given twice"), "{stderr}");
        // The four in another order (`shard-10` sorts before `shard-2`): one run's output.
        let (out, status, stderr) = merge(&[], &[s3, s1, s4, s2]);
        assert!(status <= 1, "{args:?}: {stderr}");
        assert!(
            zero_seconds(&out) == zero_seconds(&one),
            "{args:?}: 4 shards differ from one run"
        );
        let (out, status, stderr) = merge(&["--allow-partial"], &[s4, s1, s2]);
        assert!(status <= 1, "{args:?}: {stderr}");
        assert!(
            stderr.contains("partial: shards 1,2,4 of 4"),
            "{args:?}: {stderr}"
        );
        let merged = match args[0] {
            "stats" => serde_json::from_slice::<Value>(&out).unwrap(),
            _ => summary(&out),
        };
        assert_eq!(
            merged["run"]["shard"],
            serde_json::json!({"k": [1, 2, 4], "n": 4})
        );
        // A partial merge and the shard it lacks are the run again.
        let partial = dir.write(&format!("{}-partial", args[0]), &out);
        let (out, _, stderr) = merge(&[], &[&partial, s3]);
        match args[0] {
            // (Their records interleave: 1, 2, 4 then 3.)
            "stats" => assert!(zero_seconds(&out) == zero_seconds(&one), "{stderr}"),
            _ => assert!(stderr.contains("interleave"), "{stderr}"),
        }
    }
}

/// Runs made with other rules are refused, naming the difference: `--strict`, `--laws`,
/// `--only`, and a profile file named `fide` told apart from the built-in `fide` by its path
/// and SHA-256 (`sha256sum`'s); `--allow-mixed` merges them, the options then `null`.
#[test]
fn r32_runs_made_with_other_rules_are_refused_unless_mixed_is_allowed() {
    let dir = TempDir::new("merge-mixed");
    let a = testdata("readme/stalemate.pgn")
        .to_str()
        .unwrap()
        .to_owned();
    let b = testdata("readme/scholar.pgn").to_str().unwrap().to_owned();
    let fide = dir.write(
        "fide",
        &std::fs::read(crate::util::root().join("data/profiles/fide.toml")).unwrap(),
    );
    // (The hash as coreutils' sha256sum computes it.)
    let sum = std::process::Command::new("sha256sum")
        .arg(&fide)
        .output()
        .unwrap();
    let sum = String::from_utf8(sum.stdout).unwrap();
    let sha = sum.split_whitespace().next().unwrap().to_owned();
    assert_eq!(sha.len(), 64, "{sum}");
    let fide = fide.to_str().unwrap();
    let cases: [(&[&str], &[&str], &str); 5] = [
        (
            &["check"],
            &["check", "--strict"],
            "--strict true here, false there",
        ),
        (
            &["audit"],
            &["audit", "--laws", "current"],
            "--laws current here, auto there",
        ),
        (
            &["audit"],
            &["audit", "--only", "draw"],
            "--only draw here, none there",
        ),
        (
            &["audit"],
            &["audit", "--profile", fide],
            "--profile fide (file",
        ),
        (
            &["stats", "--format", "json"],
            &["stats", "--format", "json", "--openings"],
            "--openings true here, false there",
        ),
    ];
    for (first, second, says) in cases {
        let jsonl = |args: &[&str], file: &str| {
            let mut args = args.to_vec();
            if args[0] != "stats" {
                args.extend(["--format", "jsonl"]);
            }
            output(&args, &[file.to_owned()], None)
        };
        let x = dir.write("x", &jsonl(first, &a));
        let y = dir.write("y", &jsonl(second, &b));
        let (out, status, stderr) = merge(&[], &[&x, &y]);
        assert_eq!((status, out.len()), (2, 0), "{second:?}: {stderr}");
        assert!(
            stderr.contains(says) && stderr.contains("made with other options"),
            "{second:?}: {stderr}"
        );
        if second.contains(&fide) {
            assert!(
                stderr.contains(&format!("file {fide}, sha256 {}", &sha[..12])),
                "{stderr}"
            );
        }
        let (out, status, stderr) = merge(&["--allow-mixed"], &[&x, &y]);
        assert!(status <= 1, "{stderr}");
        let merged = match first[0] {
            "stats" => serde_json::from_slice::<Value>(&out).unwrap(),
            _ => summary(&out),
        };
        assert_eq!(merged["run"]["options"], Value::Null, "{second:?}");
    }
    // The profile file's record: its name, path and SHA-256.
    let out = output(
        &["audit", "--format", "jsonl", "--profile", fide],
        &[a],
        None,
    );
    let profile = &summary(&out)["run"]["options"]["profile"];
    assert_eq!(
        profile,
        &serde_json::json!({"name": "fide", "file": fide, "sha256": sha})
    );
}

/// An output re-serialised by another tool — pretty-printed, keys sorted, non-ASCII escaped,
/// CRLF line ends, a byte order mark, trailing blank lines — is read as the JSON it is: the
/// merge of the four shards so rewritten is one run's output, byte for byte (`seconds` aside).
#[test]
fn r32_merge_reads_json_not_bytes() {
    let dir = TempDir::new("merge-json");
    let mut files: Vec<String> = ["check", "audit"]
        .iter()
        .flat_map(|d| std::fs::read_dir(testdata(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .map(|p| p.to_str().unwrap().to_owned())
        .collect();
    files.sort();
    for args in [
        &["check", "--games", "--format", "jsonl"][..],
        &["audit", "--games", "--format", "jsonl"],
        &["stats", "--format", "json"],
    ] {
        let one = output(args, &files, None);
        let rewritten: Vec<PathBuf> = (1..=4)
            .map(|k| {
                let out = output(args, &files, Some(&format!("{k}/4")));
                dir.write(
                    &format!("{}-{k}", args[0]),
                    reserialised(&out, k).as_bytes(),
                )
            })
            .collect();
        let paths: Vec<&Path> = rewritten.iter().map(PathBuf::as_path).collect();
        let (out, status, stderr) = merge(&[], &paths);
        assert!(status <= 1, "{args:?}: {stderr}");
        assert!(
            zero_seconds(&out) == zero_seconds(&one),
            "{args:?}: the rewritten shards merged differ from one run: {stderr}"
        );
        if args[0] == "stats" {
            let mut sm = vec!["stats", "--merge", "--format", "json"];
            sm.extend(paths.iter().map(|p| p.to_str().unwrap()));
            assert_eq!(run(&sm).stdout, one, "stats --merge");
        }
    }
}

/// The values of `text` (one per line) written as another tool might: shard 1 pretty-printed
/// with sorted keys, 2 with a byte order mark and non-ASCII escaped, 3 with CRLF line ends and
/// blank lines after, 4 as one value per line with sorted keys (serde_json's `Value` sorts).
fn reserialised(text: &[u8], k: u64) -> String {
    let text = std::str::from_utf8(text).unwrap();
    let values: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut out = String::new();
    for v in &values {
        let line = match k {
            1 | 3 => serde_json::to_string_pretty(v).unwrap(),
            2 => ascii(&serde_json::to_string(v).unwrap()),
            _ => serde_json::to_string(v).unwrap(),
        };
        out.push_str(&line);
        out.push('\n');
    }
    match k {
        2 => format!("\u{feff}{out}"),
        3 => format!("{}\r\n\r\n\r\n", out.replace('\n', "\r\n")),
        _ => out,
    }
}

/// JSON text with every character past ASCII written as `\uXXXX` (surrogate pairs beyond the
/// BMP), as `json.dumps` writes it by default.
fn ascii(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{u:04x}"));
            }
        }
    }
    out
}
