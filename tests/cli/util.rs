//! Helpers shared by the integration tests: running the binary and reading its JSON Lines.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::contract::records::{CheckRecord, CheckStatus, CheckSummary, Finding, Game};

/// `text` with every `"seconds":NUMBER` (the wall time, which no two runs share) made 0.
pub fn zero_seconds(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text).into_owned();
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("\"seconds\":") {
        let (head, tail) = rest.split_at(at + "\"seconds\":".len());
        out.push_str(head);
        out.push('0');
        rest = tail.trim_start_matches(|c: char| c.is_ascii_digit() || ".e+-".contains(c));
    }
    out.push_str(rest);
    out
}

/// The repository root (where `testdata/` is).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A file under `testdata/`.
pub fn testdata(rel: &str) -> PathBuf {
    root().join("testdata").join(rel)
}

/// The shared corpus for the test that needs it (`what` names that test in the note):
/// `$ARBITER_CORPUS`, else `../shared/corpus`.
///
/// When the corpus is absent the test is skipped: this prints a note on standard error, past the
/// test harness's capture (so it shows even when the test passes), and returns `None`. Under CI
/// (the `CI` environment variable set, as CI services do; not `""`, `0` or `false`) a missing
/// corpus fails the test instead, so that a run that skipped every corpus test cannot pass for a
/// run that checked them.
pub fn corpus(what: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("ARBITER_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("..").join("shared").join("corpus"));
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        !in_ci(),
        "corpus not found at {} and CI is set: {what} cannot be skipped (set ARBITER_CORPUS)",
        dir.display()
    );
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr().lock(),
        "note: corpus not found at {} (set ARBITER_CORPUS); {what} skipped",
        dir.display()
    );
    None
}

/// True when the `CI` environment variable says the tests run under CI.
pub fn in_ci() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "0" && v != "false")
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

/// `arbiter select -q --count --where EXPR FILE`: the count it prints (exit status 0 asserted).
pub fn select_count(expr: &str, file: &str) -> u64 {
    let out = run(&["select", "-q", "--count", "--where", expr, file]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{expr}: {stderr}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    text.trim().parse().expect("a count")
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

/// The typed records of `arbiter check --format jsonl` on `path` (plus `extra` args).
pub fn check_records(path: &Path, extra: &[&str]) -> (Vec<CheckRecord>, i32) {
    let path = path.to_str().expect("utf-8 path");
    let mut args = vec!["check", "--quiet", "--format", "jsonl"];
    args.extend_from_slice(extra);
    args.push(path);
    let out = run(&args);
    let code = out.status.code().expect("exit code");
    (parse_records(&out.stdout), code)
}

/// Parses JSON Lines output into typed records (`contract::records`); a line that is not one
/// fails with its text.
pub fn parse_records<T: DeserializeOwned>(stdout: &[u8]) -> Vec<T> {
    std::str::from_utf8(stdout)
        .expect("UTF-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The findings of typed `check` records.
pub fn findings_of(records: &[CheckRecord]) -> Vec<&Finding> {
    records
        .iter()
        .filter_map(|r| match r {
            CheckRecord::Finding(f) => Some(f),
            _ => None,
        })
        .collect()
}

/// The game records of typed `check` records.
pub fn games_of(records: &[CheckRecord]) -> Vec<&Game<CheckStatus>> {
    records
        .iter()
        .filter_map(|r| match r {
            CheckRecord::Game(g) => Some(g),
            _ => None,
        })
        .collect()
}

/// The last typed `check` record, which must be the summary.
pub fn summary_of(records: &[CheckRecord]) -> &CheckSummary {
    match records.last() {
        Some(CheckRecord::Summary(s)) => s,
        last => panic!("the last record is not the summary: {last:?}"),
    }
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

/// A zip archive of `(name, data, deflate)` members, written by hand (stored or raw deflate,
/// with CRC-32 and sizes in the local headers and the central directory).
pub fn zip_archive(members: &[(&str, &[u8], bool)]) -> Vec<u8> {
    use std::io::Write;
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data, deflate) in members {
        let mut crc = flate2::Crc::new();
        crc.update(data);
        let packed = if *deflate {
            let mut enc =
                flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
            enc.write_all(data).unwrap();
            enc.finish().unwrap()
        } else {
            data.to_vec()
        };
        let method: u16 = if *deflate { 8 } else { 0 };
        let offset = out.len() as u32;
        let fields = |buf: &mut Vec<u8>| {
            buf.extend(20u16.to_le_bytes()); // version needed
            buf.extend(0u16.to_le_bytes()); // flags
            buf.extend(method.to_le_bytes());
            buf.extend(0u32.to_le_bytes()); // time, date
            buf.extend(crc.sum().to_le_bytes());
            buf.extend((packed.len() as u32).to_le_bytes());
            buf.extend((data.len() as u32).to_le_bytes());
            buf.extend((name.len() as u16).to_le_bytes());
            buf.extend(0u16.to_le_bytes()); // extra length
        };
        out.extend(b"PK\x03\x04");
        fields(&mut out);
        out.extend(name.as_bytes());
        out.extend(&packed);
        central.extend(b"PK\x01\x02");
        central.extend(20u16.to_le_bytes()); // version made by
        fields(&mut central);
        central.extend([0u8; 6]); // comment length, disk, internal attributes
        central.extend(0u32.to_le_bytes()); // external attributes
        central.extend(offset.to_le_bytes());
        central.extend(name.as_bytes());
    }
    let at = out.len() as u32;
    out.extend(&central);
    out.extend(b"PK\x05\x06");
    out.extend([0u8; 4]);
    out.extend((members.len() as u16).to_le_bytes());
    out.extend((members.len() as u16).to_le_bytes());
    out.extend((central.len() as u32).to_le_bytes());
    out.extend(at.to_le_bytes());
    out.extend(0u16.to_le_bytes());
    out
}

/// Peak resident memory of a child process in KiB, sampled from `/proc/<pid>/status` (VmHWM)
/// until it exits; with its output. `None` for the peak where `/proc` is not available.
pub fn run_measured(
    cmd: Command,
    input: Option<Box<dyn FnOnce(std::process::ChildStdin) + Send>>,
) -> (Output, Option<u64>, std::time::Duration) {
    run_measured_to(cmd, input, None)
}

/// [`run_measured`], with standard output sent to `stdout` when given (then not returned), so
/// that huge outputs are not held in memory.
pub fn run_measured_to(
    mut cmd: Command,
    input: Option<Box<dyn FnOnce(std::process::ChildStdin) + Send>>,
    stdout: Option<std::fs::File>,
) -> (Output, Option<u64>, std::time::Duration) {
    let started = std::time::Instant::now();
    match stdout {
        Some(file) => cmd.stdout(Stdio::from(file)),
        None => cmd.stdout(Stdio::piped()),
    };
    cmd.stderr(Stdio::piped());
    cmd.stdin(if input.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    let mut child = cmd.spawn().expect("spawn arbiter");
    let writer = input.map(|feed| {
        let stdin = child.stdin.take().expect("stdin");
        std::thread::spawn(move || feed(stdin))
    });
    let pid = child.id();
    let stdout = child.stdout.take();
    let stderr = child.stderr.take().expect("stderr");
    let read_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        if let Some(stdout) = stdout {
            let _ = std::io::Read::read_to_end(&mut { stdout }, &mut v);
        }
        v
    });
    let read_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut { stderr }, &mut v);
        v
    });
    let mut peak = None;
    let status = loop {
        if let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/status"))
            && let Some(line) = text.lines().find(|l| l.starts_with("VmHWM:"))
            && let Some(kb) = line.split_whitespace().nth(1).and_then(|v| v.parse().ok())
        {
            peak = Some(peak.map_or(kb, |p: u64| p.max(kb)));
        }
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    let elapsed = started.elapsed();
    if let Some(w) = writer {
        let _ = w.join();
    }
    let out = Output {
        status,
        stdout: read_out.join().unwrap(),
        stderr: read_err.join().unwrap(),
    };
    (out, peak, elapsed)
}

/// The findings of `code` that `check` gives on the corpus files `files` (paths relative to
/// the corpus `dir`), by file relative to `dir`, in input order.
pub fn corpus_findings(
    dir: &Path,
    files: &[String],
    code: &str,
) -> std::collections::BTreeMap<String, Vec<Value>> {
    let paths: Vec<String> = files
        .iter()
        .map(|f| dir.join(f).to_str().unwrap().to_owned())
        .collect();
    let mut args = vec!["check", "-q", "--format", "jsonl", "--only", code];
    args.extend(paths.iter().map(String::as_str));
    let out = arbiter().args(&args).current_dir(root()).output().unwrap();
    let prefix = dir.to_str().unwrap();
    let mut by_file: std::collections::BTreeMap<String, Vec<Value>> = Default::default();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        if record["type"] != "finding" {
            continue;
        }
        let file = record["file"].as_str().unwrap();
        let rel = file.strip_prefix(prefix).unwrap().trim_start_matches('/');
        by_file.entry(rel.to_owned()).or_default().push(record);
    }
    by_file
}
