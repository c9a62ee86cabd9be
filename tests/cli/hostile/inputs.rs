//! Damaged and unusual containers through every subcommand (issue 13): a truncated zstd
//! stream (the games decoded before the damage are read, then the error is reported: exit
//! status 2) and a zip archive with two members of one name (both read), each at `-j1` and
//! `-j2`, and the stream on standard input too, with the same output every time.

use std::io::Write;
use std::time::Duration;

use super::{SUBCOMMANDS, run_digest};
use crate::util::{TempDir, testdata, zip_archive};

fn twic(copies: usize) -> Vec<u8> {
    std::fs::read(testdata("twic944-300.pgn"))
        .unwrap()
        .repeat(copies)
}

/// Runs every subcommand over `path` at `-j1` and `-j2` (and on standard input with `stdin`):
/// the same output each time, exit status `code` (`None`: 0 or 1), within 60 s and 80 MB, and
/// `stderr_has` on standard error.
fn every_subcommand(path: &std::path::Path, stdin: bool, code: Option<i32>, stderr_has: &str) {
    for sub in SUBCOMMANDS {
        let mut modes = vec![("-j1", false), ("-j2", false)];
        if stdin {
            modes.push(("-j2", true));
        }
        let mut digests = Vec::new();
        for (jobs, stdin) in modes {
            let args = [sub, &[jobs]].concat();
            let ran = run_digest(&args, path, stdin);
            let what = format!("{args:?} stdin={stdin}");
            match code {
                Some(code) => assert_eq!(ran.code, Some(code), "{what}: {}", ran.stderr),
                None => assert!(matches!(ran.code, Some(0 | 1)), "{what}: {}", ran.stderr),
            }
            assert!(ran.stderr.contains(stderr_has), "{what}: {}", ran.stderr);
            assert!(
                ran.elapsed < Duration::from_secs(60),
                "{what}: {:?}",
                ran.elapsed
            );
            if let Some(kb) = ran.peak {
                assert!(kb < 80 << 10, "{what}: peak {kb} KiB");
            }
            assert!(!ran.digest.panic, "{what}");
            digests.push(ran.digest);
        }
        assert!(
            digests.windows(2).all(|w| w[0] == w[1]),
            "{sub:?}: outputs differ"
        );
    }
}

#[test]
fn hostile_truncated_zstd_through_every_subcommand() {
    let dir = TempDir::new("hostile-truncated");
    let mut enc = zstd::stream::Encoder::new(Vec::new(), 1).unwrap();
    enc.window_log(17).unwrap();
    enc.write_all(&twic(30)).unwrap();
    let mut compressed = enc.finish().unwrap();
    compressed.truncate(compressed.len() / 2);
    let path = dir.write("truncated.pgn.zst", &compressed);
    every_subcommand(&path, true, Some(2), "incomplete frame");
}

#[test]
fn hostile_zip_members_of_one_name_through_every_subcommand() {
    let dir = TempDir::new("hostile-zip-dup");
    let (a, b) = (twic(2), twic(3));
    let zip = zip_archive(&[
        ("a.pgn", &a, true),
        ("b.pgn", &b, false),
        ("a.pgn", &b, true),
    ]);
    let path = dir.write("dup.zip", &zip);
    every_subcommand(&path, false, None, "2 members named a.pgn");
}
