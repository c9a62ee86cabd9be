//! Inputs: compressed files and streams (recognised by magic bytes), directories.

use std::io::Write;

use crate::util::{TempDir, check_jsonl, findings, run_stdin, summary, testdata};

fn compress(kind: &str, data: &[u8]) -> Vec<u8> {
    match kind {
        "zstd" => zstd::stream::encode_all(data, 3).unwrap(),
        "gzip" => {
            let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            enc.write_all(data).unwrap();
            enc.finish().unwrap()
        }
        "bzip2" => {
            let mut enc = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
            enc.write_all(data).unwrap();
            enc.finish().unwrap()
        }
        _ => unreachable!(),
    }
}

#[test]
fn compressed_files_are_read_by_content_not_name() {
    let dir = TempDir::new("compressed");
    let plain = std::fs::read(testdata("immortal-games.pgn")).unwrap();
    let (expected, code) = check_jsonl(&testdata("immortal-games.pgn"), &[]);
    assert_eq!(code, 1);
    let strip = |records: &[serde_json::Value]| -> Vec<String> {
        findings(records)
            .iter()
            .map(|f| format!("{} {} {} {}", f["code"], f["game"], f["line"], f["col"]))
            .collect()
    };
    for kind in ["zstd", "gzip", "bzip2"] {
        // No telling extension: the magic bytes decide.
        let path = dir.write(&format!("games-{kind}.data"), &compress(kind, &plain));
        let (records, code) = check_jsonl(&path, &[]);
        assert_eq!(code, 1, "{kind}");
        assert_eq!(strip(&records), strip(&expected), "{kind}");
        assert_eq!(summary(&records)["games"], summary(&expected)["games"]);
        assert_eq!(summary(&records)["plies"], summary(&expected)["plies"]);
        assert_eq!(summary(&records)["bytes"], plain.len() as u64, "{kind}");
    }
}

#[test]
fn compressed_standard_input_and_multi_member_gzip() {
    let plain = std::fs::read(testdata("twic944-300.pgn")).unwrap();
    let half = plain.len() / 2;
    // Two gzip members, cut in the middle of a game: one continuous stream once decompressed.
    let mut two = compress("gzip", &plain[..half]);
    two.extend(compress("gzip", &plain[half..]));
    let out = run_stdin(&["check", "-q", "--format", "jsonl", "-"], &two);
    assert_eq!(out.status.code(), Some(0));
    let records = crate::util::parse_jsonl(&out.stdout);
    assert_eq!(summary(&records)["games"], 300);
    assert_eq!(summary(&records)["plies"], 24494);
}

#[test]
fn split_outputs_of_compressed_input_hold_the_decompressed_games() {
    let dir = TempDir::new("compressed-split");
    let plain = std::fs::read(testdata("immortal-games.pgn")).unwrap();
    let input = dir.write("g.pgn.zst", &compress("zstd", &plain));
    let valid = dir.path("v.pgn");
    let invalid = dir.path("i.pgn");
    let out = crate::util::run(&[
        "check",
        "-q",
        input.to_str().unwrap(),
        "--valid-out",
        valid.to_str().unwrap(),
        "--invalid-out",
        invalid.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let total = std::fs::read(&valid).unwrap().len() + std::fs::read(&invalid).unwrap().len();
    assert_eq!(total, plain.len());
}

#[test]
fn directories_are_walked_for_pgn_files_in_a_stable_order() {
    let dir = TempDir::new("walk");
    let plain = std::fs::read(testdata("twic944-300.pgn")).unwrap();
    std::fs::create_dir_all(dir.path("db/sub")).unwrap();
    dir.write("db/b.pgn", &plain);
    dir.write("db/sub/a.PGN.gz", &compress("gzip", &plain));
    dir.write("db/notes.txt", b"not a game file");
    dir.write("db/sub/c.pgn.zst", &compress("zstd", &plain));
    let (records, code) = check_jsonl(&dir.path("db"), &["--games"]);
    assert_eq!(code, 0);
    assert_eq!(summary(&records)["files"], 3);
    assert_eq!(summary(&records)["games"], 900);
    let files: Vec<String> = records
        .iter()
        .filter(|r| r["type"] == "game" && r["game"] == 1)
        .map(|r| {
            r["file"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(files, vec!["b.pgn", "a.PGN.gz", "c.pgn.zst"]);
}
