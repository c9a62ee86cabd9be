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

#[test]
fn zip_members_are_read_in_turn_under_their_names() {
    use crate::util::{parse_jsonl, run, zip_archive};
    let dir = TempDir::new("zip");
    let immortal = std::fs::read(testdata("immortal-games.pgn")).unwrap();
    let twic = std::fs::read(testdata("twic944-300.pgn")).unwrap();
    let archive = zip_archive(&[
        ("db/immortal.pgn", &immortal, true),
        ("README.txt", b"not games", true),
        ("twic.PGN", &twic, false),
        ("db/", b"", false),
        ("twic.pgn.gz", &compress("gzip", &twic), false),
    ]);
    let path = dir.write("games.data", &archive);
    let (records, code) = check_jsonl(&path, &["--games"]);
    assert_eq!(code, 1);
    let s = summary(&records);
    assert_eq!(s["files"], 3);
    assert_eq!(s["games"], 636);
    assert_eq!(s["bytes"], (immortal.len() + 2 * twic.len()) as u64);
    let (plain, _) = check_jsonl(&testdata("immortal-games.pgn"), &["--games"]);
    let p = path.to_str().unwrap();
    let member = |r: &serde_json::Value| r["file"].as_str().unwrap().to_owned();
    let names: Vec<String> = records
        .iter()
        .filter(|r| r["type"] == "game" && r["game"] == 1)
        .map(member)
        .collect();
    assert_eq!(
        names,
        [
            format!("{p}:db/immortal.pgn"),
            format!("{p}:twic.PGN"),
            format!("{p}:twic.pgn.gz")
        ]
    );
    // The findings of a member are those of the file itself.
    let of = |rs: &[serde_json::Value]| -> Vec<String> {
        findings(rs)
            .iter()
            .map(|f| format!("{} {} {} {}", f["code"], f["game"], f["line"], f["col"]))
            .collect()
    };
    let first: Vec<serde_json::Value> = records
        .iter()
        .filter(|r| r["file"] == format!("{p}:db/immortal.pgn"))
        .cloned()
        .collect();
    assert_eq!(of(&first), of(&plain));

    // --glob adds members (the PGN ones stay), `!` leaves them out; -j1 and -j2 agree.
    let out = run(&["check", "-q", "--format", "jsonl", "--glob", "*.txt", p]);
    assert_eq!(summary(&parse_jsonl(&out.stdout))["files"], 4);
    let out = run(&["check", "-q", "--format", "jsonl", "--glob", "!twic*", p]);
    assert_eq!(summary(&parse_jsonl(&out.stdout))["files"], 1);
    // A directory walk for archives reads their PGN members.
    std::fs::create_dir_all(dir.path("sub")).unwrap();
    let walk = dir.write("sub/games.zip", &archive);
    let sub = walk.parent().unwrap().to_str().unwrap();
    let out = run(&["check", "-q", "--format", "jsonl", "--glob", "*.zip", sub]);
    assert_eq!(summary(&parse_jsonl(&out.stdout))["files"], 3);
    let j1 = run(&["check", "-q", "--format", "jsonl", "-j1", "--games", p]);
    let j2 = run(&["check", "-q", "--format", "jsonl", "-j2", "--games", p]);
    let strip = |o: &[u8]| -> Vec<String> {
        String::from_utf8_lossy(o)
            .lines()
            .filter(|l| !l.contains("\"summary\""))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(strip(&j1.stdout), strip(&j2.stdout));
}

#[test]
fn zip_damage_and_standard_input_are_reported() {
    use crate::util::{run, zip_archive};
    let dir = TempDir::new("zip-bad");
    let immortal = std::fs::read(testdata("immortal-games.pgn")).unwrap();
    let mut archive = zip_archive(&[("a.pgn", &immortal, false), ("b.pgn", &immortal, false)]);
    // Damage one byte of the first member's data (a stored member: the CRC-32 catches it).
    let at = 30 + "a.pgn".len() + 100;
    archive[at] ^= 0x20;
    let path = dir.write("bad.zip", &archive);
    let out = run(&["check", "-q", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.zip:a.pgn: zip: member damaged"), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("bad.zip:b.pgn"));

    let none = dir.write("none.zip", &zip_archive(&[("notes.txt", b"x", false)]));
    let out = run(&["check", "-q", none.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("without PGN files"));

    let good = zip_archive(&[("a.pgn", &immortal, true)]);
    let out = run_stdin(&["check", "-q", "-"], &good);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("zip archive cannot be read from standard input"),
        "{err}"
    );
}

#[test]
fn glob_chooses_the_files_of_a_directory_walk() {
    use crate::util::run;
    let dir = TempDir::new("glob");
    let game = std::fs::read(testdata("immortal-games.pgn")).unwrap();
    std::fs::create_dir_all(dir.path("db/2024")).unwrap();
    dir.write("db/a.pgn", &game);
    dir.write("db/b.txt", &game);
    dir.write("db/2024/c.pgn", &game);
    dir.write("db/2024/d.PGN", &game);
    let db = dir.path("db");
    let db = db.to_str().unwrap();
    let files = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["audit", "-q", "--format", "jsonl", "--games"];
        all.extend_from_slice(args);
        all.push(db);
        let out = run(&all);
        assert!(matches!(out.status.code(), Some(0 | 1)), "{args:?}");
        let mut names: Vec<String> = crate::util::parse_jsonl(&out.stdout)
            .iter()
            .filter(|r| r["type"] == "game" && r["game"] == 1)
            .map(|r| {
                r["file"]
                    .as_str()
                    .unwrap()
                    .rsplit("db/")
                    .next()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        names.dedup();
        names
    };
    assert_eq!(files(&[]), ["2024/c.pgn", "2024/d.PGN", "a.pgn"]);
    assert_eq!(files(&["--glob", "*.txt"]), ["b.txt"]);
    assert_eq!(files(&["--glob", "2024/*"]), ["2024/c.pgn", "2024/d.PGN"]);
    assert_eq!(files(&["--glob", "!2024/*"]), ["a.pgn"]);
    assert_eq!(
        files(&["--glob", "*.txt", "--glob", "a.*"]),
        ["a.pgn", "b.txt"]
    );
    for sub in ["check", "audit", "fen", "pgn"] {
        let out = run(&[sub, "--glob", "[", db]);
        assert_eq!(out.status.code(), Some(2), "{sub}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--glob"));
    }
    // A file named on the command line is read whatever the globs.
    let out = run(&["check", "-q", "--glob", "*.txt", &format!("{db}/a.pgn")]);
    assert_eq!(out.status.code(), Some(1));
}

/// A directory named on the command line that holds no file to read (no PGN file, or none that
/// `--glob` chooses) is a warning naming it on standard error, on every subcommand that reads
/// games; when nothing at all is left to read the run is a usage error (exit 2, no summary),
/// not a silent "0 files" with status 0 (issue 18).
#[test]
fn a_directory_with_nothing_to_read_is_a_warning() {
    use crate::util::run;
    let dir = TempDir::new("empty-dir");
    std::fs::create_dir_all(dir.path("empty")).unwrap();
    std::fs::create_dir_all(dir.path("empty/sub")).unwrap();
    dir.write("empty/sub/readme.txt", b"not a game");
    let empty = dir.path("empty");
    let empty = empty.to_str().unwrap();
    let game = testdata("immortal-games.pgn");
    let game = game.to_str().unwrap();
    for sub in ["check", "audit", "fen", "pgn", "stats"] {
        let out = run(&[sub, "-q", empty]);
        assert_eq!(out.status.code(), Some(2), "{sub}");
        assert!(out.stdout.is_empty(), "{sub}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("warning: {empty}: no PGN file below it")),
            "{sub}: {err}"
        );
        // With a file beside it, the file is read and the warning stays.
        let out = run(&[sub, "-q", empty, game]);
        assert!(matches!(out.status.code(), Some(0 | 1)), "{sub}");
        assert!(!out.stdout.is_empty(), "{sub}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("no PGN file below it"), "{sub}: {err}");
    }
    let testdata = testdata("check");
    let out = run(&[
        "check",
        "-q",
        "--glob",
        "*.nothing",
        testdata.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no file below it matches --glob"));
}

/// An input without a game — an empty file, a file or standard input of white space only — is
/// a valid PGN database of no games (PGN standard 8: a file is a sequence of
/// games, none allowed): the run goes on (status 0) and a warning names the input and what it
/// held, for every subcommand that reads games; the other inputs are read as before.
#[test]
fn an_input_without_a_game_is_a_warning() {
    use crate::util::run;
    let dir = TempDir::new("no-game");
    let empty = dir.write("empty.pgn", b"");
    let comment = dir.write("blank.pgn", b" \n\t\n\r\n\n");
    let (empty, comment) = (empty.to_str().unwrap(), comment.to_str().unwrap());
    let game = testdata("immortal-games.pgn");
    let game = game.to_str().unwrap();
    for sub in ["check", "audit", "pgn", "stats", "games", "fix"] {
        let out = run(&[sub, "-q", empty, comment]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{sub}: {err}");
        assert!(
            err.contains(&format!("warning: {empty}: no game in it (it is empty)")),
            "{sub}: {err}"
        );
        assert!(
            err.contains(&format!(
                "warning: {comment}: no game in it (7 bytes read, no tag pair nor move in them)"
            )),
            "{sub}: {err}"
        );
        // A file with games beside it: read, and no warning of its own.
        let out = run(&[sub, "-q", empty, game]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(empty), "{sub}: {err}");
        assert!(!err.contains(&format!("{game}: no game")), "{sub}: {err}");
    }
    let out = run_stdin(&["check", "-q"], b"\n \n");
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("warning: standard input: no game in it (3 bytes read"),
        "{err}"
    );
    // Comments and escape lines only: no game either (check finds nothing, fix invents no
    // roster for it and writes nothing).
    let comments = dir.write(
        "comments.pgn",
        b"{ just a comment }\n; a line comment\n% escape\n",
    );
    let out = run(&["check", "-q", comments.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game in it (45 bytes read"));
    let fixed = dir.path("fixed.pgn");
    let out = run(&[
        "fix",
        "-q",
        "-o",
        fixed.to_str().unwrap(),
        comments.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read(&fixed).unwrap(), b"");
    // A shard of a file may hold no game: no warning there.
    let out = run(&["check", "-q", "--shard", "2/2", empty]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("no game"));
}

/// A live feed on standard input (`tail -f live.pgn | arbiter check -`, a broadcast written as
/// games are played): the games read are reported when the writer pauses, while the input is
/// still open, by every subcommand that writes as it reads (check, audit, fen, pgn, the CSV and
/// JSON Lines tables of games and moves, select, fix), at -j1 and -j2. They waited for a window of 4 MB, or for
/// the end of the input.
#[test]
fn a_live_feed_is_reported_when_the_writer_pauses() {
    use std::io::BufRead;
    use std::time::Duration;
    let text = std::fs::read_to_string(testdata("twic944-300.pgn")).unwrap();
    // Three games and the start of a fourth: the third ends where the fourth's tags start.
    let fourth = text.match_indices("\n[Event ").nth(3).unwrap().0 + 1;
    let head = &text[..fourth + 40];
    let first_game = |line: &str, args: &[&str]| match args[0] {
        "check" | "audit" | "games" | "moves" => line.contains("\"game\":1,"),
        "fen" => line.starts_with("rnbqkbnr/"),
        _ => line.starts_with("[Event "),
    };
    for jobs in ["-j1", "-j2"] {
        let cases: [&[&str]; 8] = [
            &["check", "--format", "jsonl", "--games", "-"],
            &["audit", "--format", "jsonl", "--games", "-"],
            &["fen", "-"],
            &["pgn", "-"],
            &["games", "--format", "jsonl", "-"],
            // `moves` waited for the end of the input (its sink did not pass the pause on).
            &["moves", "--format", "jsonl", "-"],
            &["select", "--where", "plies > 0", "-"],
            &["fix", "-"],
        ];
        for args in cases {
            let mut child = piped(crate::util::arbiter().args(args).arg(jobs));
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all(head.as_bytes()).unwrap();
            stdin.flush().unwrap();
            let stdout = child.stdout.take().unwrap();
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                for line in std::io::BufReader::new(stdout).lines() {
                    if tx.send(line.unwrap_or_default()).is_err() {
                        break;
                    }
                }
            });
            // The input stays open: the first line must come without its end.
            let line = rx.recv_timeout(Duration::from_secs(10));
            drop(stdin);
            let status = child.wait().unwrap();
            let line = line.unwrap_or_else(|_| panic!("{args:?} {jobs}: nothing within 10 s"));
            assert!(first_game(&line, args), "{args:?} {jobs}: {line}");
            assert!(
                status.code().is_some_and(|c| c <= 1),
                "{args:?} {jobs}: {status}"
            );
        }
    }
}

/// A live feed cut anywhere by the writer's pauses gives what the same bytes read at once
/// give: the same records (the run's seconds aside) and split outputs byte for byte, at -j1
/// and -j2. The pauses fall in the middle of a line, between a CR and its LF, inside a UTF-8
/// character, inside a comment, in a tag pair and on a blank line between games.
#[test]
fn a_live_feed_cut_by_pauses_reads_as_the_same_bytes_at_once() {
    use std::time::Duration;
    let mut input = std::fs::read(testdata("immortal-games.pgn")).unwrap();
    input.extend(std::fs::read(testdata("check/lines-crlf.pgn")).unwrap());
    input.extend(std::fs::read(testdata("check/illegal-castling.pgn")).unwrap());
    input.extend(std::fs::read(testdata("check/split-mixed.pgn")).unwrap());
    let find = |needle: &[u8], from: usize| {
        from + input[from..]
            .windows(needle.len())
            .position(|w| w == needle)
            .unwrap()
    };
    let utf8 = input.iter().position(|&b| b >= 0xC0).unwrap() + 1;
    let crlf = find(b"\r\n", 0) + 1;
    let comment = find(b"{", 0) + 2;
    let tag = find(b"[White \"", 100) + 4;
    let blank = find(b"\n\n[Event", 2000) + 1;
    let mut cuts = vec![utf8, crlf, comment, tag, blank, input.len() / 2];
    cuts.sort_unstable();
    cuts.dedup();
    let run_with = |jobs: &str, pauses: &[usize], dir: &TempDir| {
        let (valid, invalid) = (dir.path(&format!("v{jobs}")), dir.path(&format!("i{jobs}")));
        let mut child = piped(
            crate::util::arbiter()
                .args([
                    "check",
                    "--format",
                    "jsonl",
                    "--games",
                    jobs,
                    "-",
                    "--valid-out",
                ])
                .arg(&valid)
                .arg("--invalid-out")
                .arg(&invalid),
        );
        let mut stdin = child.stdin.take().unwrap();
        let mut at = 0;
        for &cut in pauses.iter().chain([&input.len()]) {
            stdin.write_all(&input[at..cut]).unwrap();
            stdin.flush().unwrap();
            at = cut;
            if cut < input.len() {
                std::thread::sleep(Duration::from_millis(120));
            }
        }
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let records: Vec<serde_json::Value> = crate::util::parse_jsonl(&out.stdout)
            .into_iter()
            .map(|mut r| {
                if r["type"] == "summary" {
                    r["seconds"] = serde_json::Value::Null;
                }
                r
            })
            .collect();
        let split = [
            std::fs::read(&valid).unwrap(),
            std::fs::read(&invalid).unwrap(),
        ];
        (out.status.code(), records, split)
    };
    for jobs in ["-j1", "-j2"] {
        let dir = TempDir::new("live-cuts");
        let at_once = run_with(jobs, &[], &dir);
        let cut = run_with(jobs, &cuts, &dir);
        assert_eq!(at_once.0, Some(1), "{jobs}: the input has an illegal move");
        assert!(at_once.1.len() > 40, "{jobs}: {} records", at_once.1.len());
        assert_eq!(cut.0, at_once.0, "{jobs}");
        let differ = cut.1.iter().zip(&at_once.1).position(|(a, b)| a != b);
        assert_eq!(cut.1.len(), at_once.1.len(), "{jobs}: records");
        assert!(differ.is_none(), "{jobs}: record {differ:?} differs");
        assert_eq!(cut.2, at_once.2, "{jobs}: split outputs differ");
        assert_eq!(cut.2[0].len() + cut.2[1].len(), input.len(), "{jobs}");
    }
}

/// `command` started with its standard input and output piped (standard error dropped).
fn piped(command: &mut std::process::Command) -> std::process::Child {
    use std::process::Stdio;
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Compressed and archive formats arbiter does not decode (xz, lzma, lz4; 7-Zip and RAR by their
/// magic numbers) are refused by their first bytes, whatever their names, with one error that
/// names the format and the command to decompress them; the other inputs are still read, on
/// standard input and in a zip member too. The xz, lzma and lz4 files were made by the `xz` and
/// `lz4` tools of Debian from the first two games of `immortal-games.pgn`.
#[test]
fn unsupported_compression_is_refused_by_magic_and_the_run_goes_on() {
    use crate::util::{run, zip_archive};
    let dir = TempDir::new("unsupported");
    let good = testdata("twic944-300.pgn");
    let mut cases: Vec<(std::path::PathBuf, &str, &str)> = Vec::new();
    for (ext, format, command) in [
        ("xz", "xz data", "xz -dc"),
        ("lzma", "lzma data", "xz -dc"),
        ("lz4", "lz4 data", "lz4 -dc"),
    ] {
        let bytes = std::fs::read(testdata(&format!("unsupported/two-games.pgn.{ext}"))).unwrap();
        // A name that says nothing: the first bytes decide.
        cases.push((dir.write(&format!("{ext}.pgn"), &bytes), format, command));
    }
    let mut seven = vec![0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C, 0x00, 0x04];
    seven.extend_from_slice(&[0x55; 64]);
    cases.push((dir.write("a.7z.pgn", &seven), "7-Zip archive", "7z e -so"));
    let mut rar = b"Rar!\x1A\x07\x01\x00".to_vec();
    rar.extend_from_slice(&[0x33; 64]);
    cases.push((dir.write("a.rar.pgn", &rar), "RAR archive", "unrar p"));
    for (path, format, command) in &cases {
        for subcommand in ["check", "audit", "stats", "pgn"] {
            let out = run(&[
                subcommand,
                "-q",
                "--format",
                "jsonl",
                path.to_str().unwrap(),
                good.to_str().unwrap(),
            ]);
            let context = format!("{subcommand} {format}");
            assert_eq!(out.status.code(), Some(2), "{context}");
            let stderr = String::from_utf8_lossy(&out.stderr);
            let errors: Vec<&str> = stderr
                .lines()
                .filter(|l| l.starts_with("arbiter:") && l.contains(format))
                .collect();
            assert_eq!(errors.len(), 1, "{context}: {stderr}");
            assert!(
                errors[0].contains(path.to_str().unwrap()),
                "{context}: {stderr}"
            );
            assert!(errors[0].contains(command), "{context}: {stderr}");
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(!stdout.contains("unknown-token"), "{context}");
            if subcommand == "check" {
                let records = crate::util::parse_jsonl(&out.stdout);
                assert_eq!(summary(&records)["games"], 300, "{context}");
            }
        }
    }
    let xz = std::fs::read(&cases[0].0).unwrap();
    let out = run_stdin(&["check", "-q", "-"], &xz);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("xz data"));

    let immortal = std::fs::read(testdata("immortal-games.pgn")).unwrap();
    let archive = zip_archive(&[("a.pgn", &xz, false), ("b.pgn", &immortal, false)]);
    let path = dir.write("mixed.zip", &archive);
    let out = run(&["check", "-q", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("mixed.zip:a.pgn: xz data"), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("mixed.zip:b.pgn"));
}
