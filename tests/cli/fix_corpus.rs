//! `arbiter fix` on the whole shared corpus (issue 14; skipped with a note without it): nothing
//! lost (games read = written + rejected, the rejects are the input's bytes), `check` finds no
//! error and no warning a repair covers in the output, `fix` of the output changes nothing; and,
//! with `ARBITER_PYTHON` naming a Python with python-chess, python-chess reads every repaired
//! game without error and replays the same main line as in the input
//! (`tools/expectations/fix_python_chess.py`).

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::fix::{FixRun, fix_files};
use crate::util::{TempDir, check_jsonl, corpus, findings, root};

/// Files where python-chess and arbiter cut the games differently, so that a game of the
/// input is compared with another one's repair: no blank line between a game and the next
/// `[Event` (SOURCES.md), and python-chess reads the next game's tag section as movetext, where
/// a word may be a legal move (game 91 of the Carlsen export gets 54 plies, its repair 53).
const PYTHON_SPLITS_DIFFER: &[&str] = &[
    "chesscom_export_MagnusCarlsen_2019.pgn",
    "chesscom_export_cancer0707.pgn",
];

/// Warnings a repair covers: none may be left in the output.
fn covered(code: &str) -> bool {
    (code.starts_with("notation/") && code != "notation/null-move")
        || [
            "tag/missing-roster",
            "tag/bad-date",
            "tag/duplicate",
            "tag/unescaped-quote",
            "tag/fen-without-setup",
            "tag/setup-without-fen",
            "tag/nonstandard-result",
            "syntax/nonstandard-result",
            "result/unrecorded",
            "encoding/latin1",
            "fen/fullmove",
            "fen/castling",
            "fen/en-passant",
            "encoding/double-utf8",
            "tag/padded-number",
            "tag/plycount-mismatch",
            "syntax/no-blank-line",
        ]
        .contains(&code)
}

fn corpus_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for sub in ["games", "edge"] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The rejects are the input's games at the rejected offsets, in order, byte for byte.
fn rejects_are_input_bytes(input: &[u8], run: &FixRun) {
    let mut expected = Vec::new();
    for r in run.log.iter().filter(|r| r["type"] == "rejected") {
        let offset = r["offset"].as_u64().unwrap() as usize;
        let len = r["bytes"].as_u64().unwrap() as usize;
        expected.extend_from_slice(&input[offset..offset + len]);
    }
    assert!(
        expected == run.rejects,
        "the rejects are not the rejected games' bytes"
    );
}

#[test]
fn corpus_fix_loses_nothing_and_check_accepts_it() {
    let Some(dir) = corpus("fix on the corpus") else {
        return;
    };
    let python = std::env::var("ARBITER_PYTHON").ok();
    let script = root().join("tools/expectations/fix_python_chess.py");
    let mut counts: std::collections::BTreeMap<String, u64> = Default::default();
    for file in corpus_files(&dir) {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let tmp = TempDir::new("fix-corpus");
        let run = fix_files(&tmp, std::slice::from_ref(&file), &[]);
        assert!(run.code <= 1, "{name}: {}", run.stderr);
        let summary: &Value = run.log.last().unwrap();
        assert_eq!(summary["type"], "summary", "{name}");
        let (games, written, rejected) = (
            summary["games"].as_u64().unwrap(),
            summary["written"].as_u64().unwrap(),
            summary["rejected"].as_u64().unwrap(),
        );
        assert_eq!(games, written + rejected, "{name}");
        assert_eq!(
            run.clean.matches("\n\n[Event ").count() as u64 + u64::from(written > 0),
            written,
            "{name}"
        );
        let input = std::fs::read(&file).unwrap();
        rejects_are_input_bytes(&input, &run);
        // The corpus has no text encoded twice (`fix_trust::no_corpus_text_is_taken_for_...`):
        // fix decodes none.
        assert!(
            run.of("double-encoding").is_empty(),
            "{name}: {:?}",
            run.of("double-encoding")
        );
        for c in run.changes() {
            *counts
                .entry(c["repair"].as_str().unwrap().to_owned())
                .or_default() += 1;
        }
        // check on the output: no error, no warning a repair covers.
        let clean = tmp.write("out.pgn", run.clean.as_bytes());
        let (records, code) = check_jsonl(&clean, &[]);
        assert_eq!(code, 0, "{name}: check found errors in the output");
        for f in findings(&records) {
            let code = f["code"].as_str().unwrap();
            assert!(!covered(code), "{name}: {code} left: {f}");
        }
        // fix of the output changes nothing.
        let again_dir = TempDir::new("fix-corpus-again");
        let again = fix_files(&again_dir, std::slice::from_ref(&clean), &[]);
        assert!(again.clean == run.clean, "{name}: fix of fix differs");
        assert!(
            again.changes().is_empty(),
            "{name}: {:?}",
            again.changes().first()
        );
        if let Some(python) = &python {
            let rejected: Vec<String> = run
                .log
                .iter()
                .filter(|r| r["type"] == "rejected")
                .map(|r| r["game"].to_string())
                .collect();
            let out = std::process::Command::new(python)
                .arg(&script)
                .arg(&file)
                .arg(&clean)
                .arg(rejected.join(","))
                .output()
                .expect("run python");
            let text = String::from_utf8_lossy(&out.stdout);
            let v: Value =
                serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{name}: {e}: {text}"));
            assert_eq!(v["clean_errors"], 0, "{name}: {v}");
            if v["crashed"].as_array().unwrap().is_empty() {
                assert_eq!(v["clean_games"].as_u64(), Some(written), "{name}: {v}");
            }
            if !PYTHON_SPLITS_DIFFER.contains(&name.as_str()) {
                assert_eq!(v["different"], serde_json::json!([]), "{name}: {v}");
            }
        }
    }
    eprintln!("fix on the corpus, changes per repair: {counts:?}");
    for repair in [
        "san",
        "move-number",
        "roster",
        "result-decided",
        "date",
        "plycount",
        "encoding",
    ] {
        assert!(
            counts.get(repair).is_some_and(|n| *n > 0),
            "no {repair} change on the corpus"
        );
    }
}
