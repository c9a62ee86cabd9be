//! The JSON contracts of FORMATS.md, typed (as ripgrep's `tests/json.rs`): every JSON Lines
//! record of `check`, `audit`, `fen`, `pgn`, `fen --check` and `audit --positions`, and the
//! `stats --format json` document, is deserialised into the records below, written from the
//! FORMATS.md's "JSON Lines ... — a contract" paragraphs: one `#[serde(tag = "type")]` enum per
//! stream, every documented field with its type, `deny_unknown_fields`, so that a field renamed,
//! added or dropped, or a value of another type, fails here. The tests then check the values: the
//! FORMATS.md's own examples where they come from a file of `testdata/`, and what the contract says
//! of every record (the summary counts the records, the severity is the one of the code table,
//! a move's number and side agree with the FEN after it, ...), over the testdata files.

mod audit;
mod check;
mod fen;
pub mod records;
mod stats;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::util::{root, run, testdata};
use records::{CheckRecord, ResultCounts};

/// Runs `arbiter` and returns standard output, standard error and the exit status.
fn arbiter(args: &[&str]) -> (Vec<u8>, Vec<u8>, i32) {
    let out = run(args);
    (
        out.stdout,
        out.stderr,
        out.status.code().expect("exit status"),
    )
}

/// Every PGN file of `testdata/` (but the fuzz inputs), as paths relative to the repository.
fn testdata_pgn() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&testdata(""), &mut files);
    let mut files: Vec<String> = files
        .iter()
        .map(|p| {
            p.strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    assert!(files.len() > 50, "{files:?}");
    files
}

/// The codes of FORMATS.md's code tables, with their documented severity (`error`, `warning`,
/// `info`, or `error / warning`).
fn documented_codes() -> BTreeMap<String, String> {
    let readme = std::fs::read_to_string(root().join("FORMATS.md")).unwrap();
    let mut codes = BTreeMap::new();
    for line in readme.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if let [_, code, severity, _, ..] = cells[..]
            && let Some(code) = code.strip_prefix('`').and_then(|c| c.strip_suffix('`'))
            && code.contains('/')
            && matches!(severity, "error" | "warning" | "info" | "error / warning")
        {
            codes.insert(code.to_owned(), severity.to_owned());
        }
    }
    assert!(codes.len() > 60, "code tables not found: {codes:?}");
    codes
}

/// The move number and side of a PGN-style move (`23.Nf3` → 23, White; `23...Nf3` → Black) and
/// the text after them.
fn move_parts(text: &str) -> (u64, bool, &str) {
    let digits = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(0);
    assert!(digits > 0, "no move number in {text:?}");
    let number = text[..digits].parse().unwrap();
    let rest = &text[digits..];
    match rest.strip_prefix("...") {
        Some(san) => (number, false, san),
        None => (number, true, rest.strip_prefix('.').expect(text)),
    }
}

/// Asserts that `fen` is the position after (`after` true) or before the move `text`: the side
/// to move and the fullmove number agree with the move's number and side.
fn assert_move_and_fen(text: &str, fen: &str, after: bool) {
    let (number, white, _) = move_parts(text);
    let fields: Vec<&str> = fen.split(' ').collect();
    assert!(fields.len() >= 6, "not a FEN: {fen}");
    let fullmove: u64 = fields[5].parse().unwrap();
    let (side, full) = match (white, after) {
        (true, false) => ("w", number),
        (false, false) => ("b", number),
        (true, true) => ("b", number),
        (false, true) => ("w", number + 1),
    };
    assert_eq!((fields[1], fullmove), (side, full), "{text} and {fen}");
}

/// The total size of `files`.
fn bytes_of(files: &[String]) -> u64 {
    files
        .iter()
        .map(|f| std::fs::metadata(root().join(f)).unwrap().len())
        .sum()
}

/// `deny_unknown_fields` and the types do fail on a changed record (the tests above cannot pass
/// by accident).
#[test]
fn the_records_refuse_other_shapes() {
    let finding = r#"{"type":"finding","severity":"error","code":"x/y","file":"f","game":1,
        "ply":null,"move":null,"token":null,"line":1,"col":1,"fen":null,"message":"m",
        "event":null,"white":null,"black":null,"san":null}"#
        .replace('\n', "");
    assert!(serde_json::from_str::<CheckRecord>(&finding).is_ok());
    let changed = [
        finding.replace("\"san\":null", "\"san\":null,\"extra\":1"),
        finding
            .replace("\"san\":null,", "")
            .replace(",\"san\":null", ""),
        finding.replace("\"col\"", "\"column\""),
        finding.replace("\"game\":1", "\"game\":\"1\""),
        finding.replace("\"error\"", "\"fatal\""),
        finding.replace("\"finding\"", "\"findings\""),
    ];
    for text in changed {
        assert!(
            serde_json::from_str::<CheckRecord>(&text).is_err(),
            "accepted: {text}"
        );
    }
    let counts = r#"{"1-0":1,"draw":1}"#;
    assert!(serde_json::from_str::<ResultCounts>(counts).is_err());
}
