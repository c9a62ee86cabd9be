//! Helpers shared by the integration tests: running the binary and reading its JSON Lines.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// The repository root (where `testdata/` is).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A file under `testdata/`.
pub fn testdata(rel: &str) -> PathBuf {
    root().join("testdata").join(rel)
}

/// The shared corpus, when it is present: `$ARBITER_CORPUS`, else `../shared/corpus`.
/// Tests that need it print a note and pass when it is absent.
pub fn corpus() -> Option<PathBuf> {
    let dir = std::env::var_os("ARBITER_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("..").join("shared").join("corpus"));
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "note: corpus not found at {} (set ARBITER_CORPUS); test skipped",
            dir.display()
        );
        None
    }
}

/// A command running the `arbiter` binary built for these tests.
pub fn arbiter() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.env_remove("NO_COLOR");
    cmd
}

/// Runs `arbiter` with `args`, standard input closed.
pub fn run(args: &[&str]) -> Output {
    arbiter()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run arbiter")
}

/// Runs `arbiter` with `args`, feeding `input` on standard input.
pub fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = arbiter()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn arbiter");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait arbiter");
    writer.join().expect("writer");
    out
}

/// The JSON Lines records of `arbiter check --format jsonl` on `path` (plus `extra` args).
pub fn check_jsonl(path: &Path, extra: &[&str]) -> (Vec<Value>, i32) {
    let path = path.to_str().expect("utf-8 path");
    let mut args = vec!["check", "--quiet", "--format", "jsonl"];
    args.extend_from_slice(extra);
    args.push(path);
    let out = run(&args);
    let code = out.status.code().expect("exit code");
    (parse_jsonl(&out.stdout), code)
}

/// Parses JSON Lines output.
pub fn parse_jsonl(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8(stdout.to_vec())
        .expect("utf-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON line {l:?}: {e}")))
        .collect()
}

/// The `finding` records only.
pub fn findings(records: &[Value]) -> Vec<&Value> {
    records.iter().filter(|r| r["type"] == "finding").collect()
}

/// The last record, which must be the summary.
pub fn summary(records: &[Value]) -> &Value {
    let last = records.last().expect("a summary line");
    assert_eq!(last["type"], "summary", "last record: {last}");
    last
}

/// A fresh temporary directory (removed when dropped).
pub struct TempDir(PathBuf);

impl TempDir {
    /// Creates `target/test-tmp/<name>-<pid>-<n>`.
    pub fn new(name: &str) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = root().join("target").join("test-tmp").join(format!(
            "{name}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }

    /// A path inside the directory.
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Writes a file inside the directory and returns its path.
    pub fn write(&self, name: &str, contents: &[u8]) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, contents).expect("write temp file");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The corpus PGN files (`games/` and `edge/`, sorted by name in each), relative to the corpus.
pub fn pgn_files(corpus: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for sub in ["games", "edge"] {
        let mut names: Vec<String> = std::fs::read_dir(corpus.join(sub))
            .unwrap_or_else(|e| panic!("read {sub}/: {e}"))
            .map(|entry| entry.expect("directory entry").file_name())
            .map(|name| name.into_string().expect("utf-8 file name"))
            .filter(|name| name.ends_with(".pgn"))
            .collect();
        names.sort();
        files.extend(names.into_iter().map(|name| format!("{sub}/{name}")));
    }
    assert!(files.len() > 100, "only {} corpus PGN files", files.len());
    files
}

/// A JSON field that must be a non-negative integer.
pub fn u64_of(v: &Value, key: &str) -> u64 {
    v[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} not a number in {v}"))
}
