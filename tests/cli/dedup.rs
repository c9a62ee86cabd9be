//! `arbiter dedup` (issue 15): groups at each level and keep policy, the byte-exact split, a
//! forced hash collision, spilled runs, standard input. Expected groups come from
//! `tools/expectations/dedup.py` (python-chess, the README's definitions re-implemented) and
//! the moves level from `pgn-extract -D` / `-U`, never from arbiter.

use std::path::Path;

use serde::Deserialize;

use crate::util::{TempDir, arbiter, run, run_stdin, testdata};

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum Record {
    Group {
        group: u64,
        members: Vec<Member>,
        kept_because: String,
    },
    Summary {
        games: u64,
        groups: u64,
        duplicates: u64,
        unique: u64,
        spilled_runs: u64,
    },
}

#[derive(Debug, Deserialize)]
struct Member {
    file: String,
    game: u64,
    offset: u64,
    line: u64,
    white: String,
    plies: u32,
    kept: bool,
}

/// The groups as `tools/expectations/dedup.py` prints them (`1* 3 4`), and the summary's
/// (games, duplicates, unique).
fn groups_of(stdout: &[u8]) -> (Vec<String>, (u64, u64, u64)) {
    let mut groups = Vec::new();
    let mut summary = None;
    for line in std::str::from_utf8(stdout).expect("utf-8").lines() {
        match serde_json::from_str::<Record>(line).unwrap_or_else(|e| panic!("{e}: {line}")) {
            Record::Group { members, .. } => groups.push(
                members
                    .iter()
                    .map(|m| format!("{}{}", m.game, if m.kept { "*" } else { "" }))
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            Record::Summary {
                games,
                duplicates,
                unique,
                ..
            } => summary = Some((games, duplicates, unique)),
        }
    }
    (groups, summary.expect("a summary record"))
}

fn dedup_jsonl(path: &Path, extra: &[&str]) -> (Vec<String>, (u64, u64, u64)) {
    let mut args = vec!["dedup", "-q", "--format", "jsonl"];
    args.extend_from_slice(extra);
    args.push(path.to_str().expect("utf-8 path"));
    let out = run(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    groups_of(&out.stdout)
}

/// (level, keep policy, groups, (games, duplicates, unique)).
type Expected = (
    &'static str,
    &'static str,
    &'static [&'static str],
    (u64, u64, u64),
);

/// `python3 tools/expectations/dedup.py testdata/dedup/copies.pgn --by LEVEL --keep POLICY`.
const EXPECTED: [Expected; 6] = [
    ("moves", "first", &["1* 3 4", "2* 6", "7* 8 9"], (9, 5, 4)),
    ("moves", "best", &["1 3* 4", "2* 6", "7* 8 9"], (9, 5, 4)),
    ("game", "first", &["1* 3", "2* 6"], (9, 2, 7)),
    ("game", "best", &["1 3*", "2* 6"], (9, 2, 7)),
    ("prefix", "first", &["1* 3 5", "2* 6", "7* 8"], (9, 4, 5)),
    ("prefix", "best", &["1 3* 5", "2* 6", "7* 8"], (9, 4, 5)),
];

#[test]
fn levels_and_policies_match_python_chess() {
    let file = testdata("dedup/copies.pgn");
    for (level, keep, groups, summary) in EXPECTED {
        let got = dedup_jsonl(&file, &["--by", level, "--keep", keep]);
        assert_eq!(got.0, groups, "--by {level} --keep {keep}");
        assert_eq!(got.1, summary, "--by {level} --keep {keep}");
    }
}

#[test]
fn a_forced_collision_never_makes_duplicates() {
    // With 0 or 1 bits of hash every game is a candidate of every other: the groups must come
    // from the comparison of the keys alone.
    let file = testdata("dedup/copies.pgn");
    for (level, keep, groups, summary) in EXPECTED {
        for bits in ["0", "1"] {
            let got = dedup_jsonl(&file, &["--by", level, "--keep", keep, "--hash-bits", bits]);
            assert_eq!(got.0, groups, "--by {level} --hash-bits {bits}");
            assert_eq!(got.1, summary, "--by {level} --hash-bits {bits}");
        }
    }
}

/// The games of a file whose games all start with `[Event` at the start of a line: each
/// game's bytes (up to the next game), in order.
fn games_of(bytes: &[u8]) -> Vec<&[u8]> {
    let mut starts: Vec<usize> = (0..bytes.len())
        .filter(|&i| bytes[i..].starts_with(b"[Event") && (i == 0 || bytes[i - 1] == b'\n'))
        .collect();
    starts.push(bytes.len());
    starts.windows(2).map(|w| &bytes[w[0]..w[1]]).collect()
}

fn events(bytes: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(bytes)
        .lines()
        .filter_map(|l| {
            l.strip_prefix("[Event \"")
                .map(|e| e.trim_end_matches("\"]").to_owned())
        })
        .collect()
}

#[test]
fn the_split_keeps_every_game_byte_for_byte() {
    let file = testdata("dedup/copies.pgn");
    let input = std::fs::read(&file).unwrap();
    let games = games_of(&input);
    let tmp = TempDir::new("dedup-split");
    for (level, keep, groups, _) in EXPECTED {
        let (u, d) = (tmp.path("u.pgn"), tmp.path("d.pgn"));
        let out = run(&[
            "dedup",
            "-q",
            "--by",
            level,
            "--keep",
            keep,
            "--unique-out",
            u.to_str().unwrap(),
            "--duplicates-out",
            d.to_str().unwrap(),
            file.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0));
        let duplicate = |n: usize| {
            groups
                .iter()
                .any(|g| g.split(' ').any(|m| m == (n + 1).to_string()))
        };
        let want = |dups: bool| -> Vec<u8> {
            (0..games.len())
                .filter(|&n| duplicate(n) == dups)
                .flat_map(|n| games[n].to_vec())
                .collect()
        };
        assert_eq!(
            std::fs::read(&u).unwrap(),
            want(false),
            "unique, --by {level} --keep {keep}"
        );
        assert_eq!(
            std::fs::read(&d).unwrap(),
            want(true),
            "duplicates, --by {level}"
        );
    }
}

#[test]
fn moves_level_splits_as_pgn_extract_does() {
    // `pgn-extract -D copies.pgn` keeps the games g1 g2 g5 g7; `pgn-extract -U` writes the
    // copies g3 g4 g2 (the sixth game, a copy of g2) g8 g9 (pgn-extract 19.04).
    let file = testdata("dedup/copies.pgn");
    let tmp = TempDir::new("dedup-pgn-extract");
    let (u, d) = (tmp.path("u.pgn"), tmp.path("d.pgn"));
    let out = run(&[
        "dedup",
        "-q",
        "--by",
        "moves",
        "--unique-out",
        u.to_str().unwrap(),
        "--duplicates-out",
        d.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        events(&std::fs::read(&u).unwrap()),
        ["g1", "g2", "g5", "g7"]
    );
    assert_eq!(
        events(&std::fs::read(&d).unwrap()),
        ["g3", "g4", "g2", "g8", "g9"]
    );
}

#[test]
fn standard_input_is_split_like_a_file() {
    let file = testdata("dedup/copies.pgn");
    let input = std::fs::read(&file).unwrap();
    let tmp = TempDir::new("dedup-stdin");
    let split = |args: &[&str], stdin: Option<&[u8]>| {
        let (u, d) = (tmp.path("u.pgn"), tmp.path("d.pgn"));
        let mut all = vec![
            "dedup",
            "-q",
            "--unique-out",
            u.to_str().unwrap(),
            "--duplicates-out",
            d.to_str().unwrap(),
        ];
        all.extend_from_slice(args);
        let out = match stdin {
            Some(bytes) => run_stdin(&all, bytes),
            None => run(&all),
        };
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (std::fs::read(u).unwrap(), std::fs::read(d).unwrap())
    };
    let from_file = split(&[file.to_str().unwrap()], None);
    let from_stdin = split(&["-"], Some(&input));
    assert_eq!(from_file, from_stdin);
    assert_eq!(from_file.0.len() + from_file.1.len(), input.len());
}

/// `n` distinct games (the players differ), every third one followed by a copy of itself.
fn generated(n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..n {
        let game = format!(
            "[Event \"e{i}\"]\n[White \"Player{i}\"]\n[Black \"Other{}\"]\n[Result \"*\"]\n\n\
             1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n",
            i % 7
        );
        out.extend_from_slice(game.as_bytes());
        if i % 3 == 0 {
            out.extend_from_slice(game.as_bytes());
        }
    }
    out
}

#[test]
fn spilled_runs_give_the_same_groups() {
    let tmp = TempDir::new("dedup-spill");
    let file = tmp.write("many.pgn", &generated(30_000));
    let spill = tmp.path("spill");
    std::fs::create_dir_all(&spill).unwrap();
    let args = |memory: &str| {
        let out = run(&[
            "dedup",
            "-q",
            "--format",
            "jsonl",
            "--memory",
            memory,
            "--temp-dir",
            spill.to_str().unwrap(),
            file.to_str().unwrap(),
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let (small, large) = (args("1M"), args("256M"));
    let last = |out: &[u8]| {
        let text = String::from_utf8_lossy(out).into_owned();
        let line = text.lines().last().unwrap().to_owned();
        match serde_json::from_str::<Record>(&line).unwrap() {
            Record::Summary {
                spilled_runs,
                groups,
                duplicates,
                ..
            } => (spilled_runs, groups, duplicates),
            other => panic!("{other:?}"),
        }
    };
    let (runs_small, groups, duplicates) = last(&small);
    assert!(
        runs_small > 1,
        "1M of memory must spill ({runs_small} runs)"
    );
    assert_eq!(last(&large), (0, groups, duplicates));
    assert_eq!((groups, duplicates), (10_000, 10_000));
    let strip = |out: &[u8]| -> Vec<String> {
        let text = String::from_utf8_lossy(out).into_owned();
        text.lines()
            .filter(|l| l.contains("\"group\""))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(strip(&small), strip(&large));
    assert_eq!(
        std::fs::read_dir(&spill).unwrap().count(),
        0,
        "runs are removed"
    );
}

#[test]
fn reports_name_each_member() {
    let file = testdata("dedup/copies.pgn");
    let out = run(&["dedup", "-q", "--format", "jsonl", file.to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    let first: Record = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let Record::Group {
        group,
        members,
        kept_because,
    } = first
    else {
        panic!("not a group");
    };
    assert_eq!((group, kept_because.as_str()), (1, "first-in-input"));
    let m = &members[1];
    assert!(m.file.ends_with("copies.pgn"));
    // Game 3 starts at line 22 (python-chess and a text editor agree), after 2 games.
    assert_eq!(
        (m.game, m.line, m.white.as_str(), m.plies),
        (3, 22, "Kasparov,G", 20)
    );
    let input = std::fs::read(&file).unwrap();
    assert!(input[m.offset as usize..].starts_with(b"[Event \"g3\"]"));
    let csv = run(&["dedup", "-q", "--format", "csv", file.to_str().unwrap()]);
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert!(csv.starts_with("group,file,game,offset,line,white,black,date,plies,"));
    assert_eq!(
        csv.lines().count(),
        1 + 4,
        "a row per member of the two groups"
    );
    let text = run(&["dedup", "-q", file.to_str().unwrap()]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.ends_with("2 duplicates in 2 groups; 7 unique of 9 games (level game, keep first)\n")
    );
}

#[test]
fn outputs_never_replace_an_input() {
    let tmp = TempDir::new("dedup-guard");
    let input = std::fs::read(testdata("dedup/copies.pgn")).unwrap();
    let file = tmp.write("in.pgn", &input);
    let out = run(&[
        "dedup",
        "-q",
        "--unique-out",
        file.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("both an input and an output"));
    assert_eq!(std::fs::read(&file).unwrap(), input);
    let other = tmp.path("o.pgn");
    let o = other.to_str().unwrap();
    let out = run(&[
        "dedup",
        "-q",
        "--unique-out",
        o,
        "--duplicates-out",
        o,
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// A game without moves, White `white` against `Yates, F` in 1924, White won.
fn lasker_game(white: &str) -> String {
    format!(
        "[Event \"E\"]\n[Site \"S\"]\n[Date \"1924.??.??\"]\n[Round \"?\"]\n[White \"{white}\"]\n\
         [Black \"Yates, F\"]\n[Result \"1-0\"]\n\n1-0\n\n"
    )
}

fn lasker_file(tmp: &TempDir, name: &str, whites: &[&str]) -> std::path::PathBuf {
    let text: String = whites.iter().map(|w| lasker_game(w)).collect();
    tmp.write(name, text.as_bytes())
}

/// Issue 31: the key's players are coarse (surname, first initial); the games of a group are
/// copies only when their players are one person by the identity rule (given names that are
/// abbreviations of each other). `Edward` and `Emanuel` are two; `Em.` abbreviates `Emanuel`.
/// Failed before the fix: the Ed/Em pair was one group of two.
#[test]
fn different_given_names_are_not_copies() {
    let tmp = TempDir::new("dedup-identity");
    let two = lasker_file(&tmp, "two.pgn", &["Lasker, Edward", "Lasker, Emanuel"]);
    assert_eq!(dedup_jsonl(&two, &[]), (vec![], (2, 0, 2)));
    assert_eq!(dedup_jsonl(&two, &["--by", "prefix"]), (vec![], (2, 0, 2)));
    // `--by moves` compares no players.
    assert_eq!(
        dedup_jsonl(&two, &["--by", "moves"]),
        (vec!["1* 2".to_owned()], (2, 1, 1))
    );
    let one = lasker_file(&tmp, "one.pgn", &["Lasker, Em.", "Lasker, Emanuel"]);
    assert_eq!(dedup_jsonl(&one, &[]), (vec!["1* 2".to_owned()], (2, 1, 1)));
    // One coarse group, three persons: Edward (games 1, 3), Emanuel (2, 4), and `E`, which
    // could be either and is a person of its own (5); each pair is a group, in input order.
    let mixed = lasker_file(
        &tmp,
        "mixed.pgn",
        &[
            "Lasker, Edward",
            "Lasker, Emanuel",
            "Lasker, Ed.",
            "Lasker, Emanuel",
            "Lasker, E",
        ],
    );
    assert_eq!(
        dedup_jsonl(&mixed, &[]),
        (vec!["1* 3".to_owned(), "2* 4".to_owned()], (5, 2, 3))
    );
    assert_eq!(
        dedup_jsonl(&mixed, &["--keep", "best"]).1,
        (5, 2, 3),
        "each subgroup decided on its own"
    );
    // Nothing split is silent: a note counts the groups and names two spellings of the first.
    let out = arbiter().args(["dedup", "-q"]).arg(&two).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "1 group of candidates split because their players are different persons by \
             player identity (first: Lasker, Edward and Lasker, Emanuel)"
        ),
        "{err}"
    );
    let out = arbiter().args(["dedup", "-q"]).arg(&one).output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("split"));
}

/// A group too large for its memory (spilled to a temporary file) is split as one in memory.
#[test]
fn a_spilled_group_is_split_by_persons() {
    let tmp = TempDir::new("dedup-identity-spill");
    let whites: Vec<&str> = (0..1500)
        .map(|i| match i % 2 {
            0 => "Lasker, Edward",
            _ => "Lasker, Emanuel",
        })
        .collect();
    let file = lasker_file(&tmp, "many.pgn", &whites);
    let spill = tmp.path("spill");
    std::fs::create_dir_all(&spill).unwrap();
    let temp = spill.to_str().unwrap();
    let (groups, summary) = dedup_jsonl(&file, &["--memory", "1M", "--temp-dir", temp]);
    assert_eq!(summary, (1500, 1498, 2));
    let heads: Vec<&str> = groups.iter().map(|g| &g[..g.find(' ').unwrap()]).collect();
    assert_eq!(heads, ["1*", "2*"]);
    assert_eq!(groups[0].split(' ').count(), 750);
    assert_eq!(std::fs::read_dir(&spill).unwrap().count(), 0);
}

/// A group of one coarse key with more spellings than are resolved (crafted input): none of
/// its games is called a copy, and a warning says so.
#[test]
fn too_many_spellings_in_a_group_are_warned_of() {
    let tmp = TempDir::new("dedup-identity-cap");
    let whites: Vec<String> = (0..300).map(|i| format!("Lasker, E{i}")).collect();
    let whites: Vec<&str> = whites.iter().map(String::as_str).collect();
    let file = lasker_file(&tmp, "crafted.pgn", &whites);
    let out = run(&["dedup", "-q", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("0 duplicates in 0 groups"), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("warning: dedup: 1 group of candidates with too many players"),
        "{stderr}"
    );
}
