//! Player identity (issue 31): spellings are one person only when they cannot be two, the same
//! in `stats`, `select` and `dedup`, and across `--shard`/`stats --merge`; the alias file can
//! split; SCID's spelling files.
//!
//! The expected values come from the files by hand (`grep -c` of the White and Black tags) and
//! from the rule of the README, re-implemented in `tools/expectations/names_identity.py`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::util::{TempDir, corpus, run, run_stdin, testdata};

fn ok_stdout(args: &[&str]) -> (String, String) {
    let out = run(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    (String::from_utf8(out.stdout).unwrap(), err)
}

fn csv_rows(text: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

/// The players table: (player, games, key, spellings, could_be) per row.
fn players(files: &[&str], extra: &[&str]) -> Vec<(String, u64, String, u64, String)> {
    let mut args = vec!["stats", "-q", "--format", "csv", "--table", "players"];
    args.extend_from_slice(extra);
    args.extend_from_slice(files);
    let (out, _) = ok_stdout(&args);
    csv_rows(&out)
        .into_iter()
        .skip(1)
        .map(|r| {
            (
                r[0].clone(),
                r[1].parse().unwrap(),
                r[8].clone(),
                r[9].parse().unwrap(),
                r[10].clone(),
            )
        })
        .collect()
}

fn select_count(files: &[&str], expr: &str, extra: &[&str]) -> u64 {
    let mut args = vec!["select", "-q", "--count", "--where", expr];
    args.extend_from_slice(extra);
    args.extend_from_slice(files);
    ok_stdout(&args).0.trim().parse().unwrap()
}

fn new_york() -> Option<PathBuf> {
    corpus("identity").map(|d| d.join("games/pgnviewer_newyork1924.pgn"))
}

/// Issue 31: the key (surname + first initial) made `Lasker,Em` (Emanuel, the winner) and
/// `Lasker,Ed` (Edward) one player of 40 games, and `select --where 'player == "Lasker,
/// Emanuel"'` returned 38. By hand (`grep -c`): 110 games, 11 spellings, each 10 times White
/// and 10 times Black.
#[test]
fn r31_new_york_1924_has_eleven_players() {
    let Some(file) = new_york() else { return };
    let file = file.to_str().unwrap();
    let rows = players(&[file], &[]);
    assert_eq!(rows.len(), 11, "{rows:?}");
    assert!(rows.iter().all(|r| r.1 == 20 && r.3 == 1), "{rows:?}");
    let em = rows.iter().find(|r| r.0 == "Lasker,Em").unwrap();
    let ed = rows.iter().find(|r| r.0 == "Lasker,Ed").unwrap();
    assert_eq!((em.2.as_str(), ed.2.as_str()), ("lasker, em", "lasker, ed"));
    for (expr, want) in [
        ("player == \"Lasker, Emanuel\"", 20),
        ("player == \"Emanuel Lasker\"", 20),
        ("player == \"Lasker,Em.\"", 20),
        ("player == \"Lasker, Edward\"", 20),
        // `E` could be either: a person of its own, who played no game here.
        ("player == \"Lasker, E\"", 0),
        (
            "white == \"Lasker, Emanuel\" and black == \"Lasker, Edward\"",
            1,
        ),
        ("player != \"Lasker, Emanuel\"", 90),
    ] {
        assert_eq!(select_count(&[file], expr, &[]), want, "{expr}");
    }
    // Standard input is read twice (kept in a temporary file by the first pass).
    let bytes = std::fs::read(file).unwrap();
    let out = run_stdin(
        &[
            "select",
            "-q",
            "--count",
            "--where",
            "player == \"Lasker, Emanuel\"",
        ],
        &bytes,
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "20");
    let out = run_stdin(
        &["select", "-q", "--where", "player == \"Lasker, Emanuel\""],
        &bytes,
    );
    assert_eq!(out.status.code(), Some(0));
    let games = String::from_utf8(out.stdout).unwrap();
    assert_eq!(games.matches("[Event ").count(), 20);
    assert_eq!(games.matches("\"Lasker,Em\"]").count(), 20);
}

/// Games between `white` and `black`, one a line.
fn pgn(games: &[(&str, &str)]) -> String {
    let mut out = String::new();
    for (i, (w, b)) in games.iter().enumerate() {
        out.push_str(&format!(
            "[Event \"e{i}\"]\n[White \"{w}\"]\n[Black \"{b}\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
        ));
    }
    out
}

/// The identity of a spelling depends on the other spellings: `Lasker, E` is Emanuel while no
/// other Lasker E... played, ambiguous (reported, never merged) once Edward did — and a run in
/// shards, merged, finds what one run finds (`stats --shard` + `--merge`, `select --shard`).
#[test]
fn r31_an_initial_is_one_person_only_while_it_cannot_be_two() {
    let dir = TempDir::new("identity-initial");
    let first = dir.write(
        "first.pgn",
        pgn(&[
            ("Lasker, E", "Tal, M"),
            ("Lasker, Emanuel", "Tal, M"),
            ("Tal, M", "Lasker, E"),
        ])
        .as_bytes(),
    );
    let second = dir.write(
        "second.pgn",
        pgn(&[("Lasker, Edward", "Tal, M"), ("Lasker,Ed.", "Tal, M")]).as_bytes(),
    );
    let (first, second) = (first.to_str().unwrap(), second.to_str().unwrap());
    let rows = players(&[first], &[]);
    let e = rows.iter().find(|r| r.2 == "lasker, emanuel").unwrap();
    assert_eq!((e.0.as_str(), e.1, e.3), ("Lasker, E", 3, 2));
    let q = "player == \"Lasker, Emanuel\"";
    assert_eq!(select_count(&[first], q, &[]), 3);
    // With Edward's games, `E` could be either.
    let rows = players(&[first, second], &[]);
    let e = rows.iter().find(|r| r.0 == "Lasker, E").unwrap();
    assert_eq!(
        (e.1, e.2.as_str(), e.4.as_str()),
        (2, "lasker, e", "lasker, edward; lasker, emanuel")
    );
    let ed = rows.iter().find(|r| r.2 == "lasker, edward").unwrap();
    assert_eq!((ed.1, ed.3), (2, 2));
    assert_eq!(select_count(&[first, second], q, &[]), 1);
    assert_eq!(
        select_count(&[first, second], "player == \"Lasker, E\"", &[]),
        2
    );
    let (_, err) = ok_stdout(&["stats", "-q", first, second]);
    assert!(
        err.contains("'Lasker, E' (2 games) could be 'lasker, edward' or 'lasker, emanuel'"),
        "{err}"
    );
    // One file, cut in two shards: the first holds `E` and Emanuel, the second Edward.
    let both = dir.write(
        "both.pgn",
        [
            std::fs::read(first).unwrap(),
            std::fs::read(second).unwrap(),
        ]
        .concat()
        .as_slice(),
    );
    let both = both.to_str().unwrap();
    let json = |extra: &[&str]| -> String {
        let mut args = vec!["stats", "-q", "--format", "json"];
        args.extend_from_slice(extra);
        args.push(both);
        ok_stdout(&args).0
    };
    let one = json(&[]);
    let parts = [json(&["--shard", "1/2"]), json(&["--shard", "2/2"])];
    let a = dir.write("a.json", parts[0].as_bytes());
    let b = dir.write("b.json", parts[1].as_bytes());
    let (merged, _) = ok_stdout(&[
        "stats",
        "-q",
        "--merge",
        "--format",
        "json",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    let people = |doc: &str| -> serde_json::Value {
        serde_json::from_str::<serde_json::Value>(doc).unwrap()["all"]["people"].clone()
    };
    assert_eq!(people(&merged), people(&one));
    assert!(people(&one)["lasker, e"]["could_be"].is_array());
    // The first shard alone would merge `E` with Emanuel; select's shards read every name.
    assert!(people(&parts[0])["lasker, e"].is_null());
    let shards: u64 = ["1/2", "2/2"]
        .iter()
        .map(|s| select_count(&[both], q, &["--shard", s]))
        .sum();
    assert_eq!(shards, select_count(&[both], q, &[]));
    assert_eq!(shards, 1);
}

/// Issue 31: `Polgar, Zsuzsa` and `Polgar, Zsofia` were one key `polgar z`. Two persons, and
/// `Zs` could be either.
#[test]
fn r31_the_polgar_sisters_are_two() {
    let dir = TempDir::new("identity-polgar");
    let file = dir.write(
        "polgar.pgn",
        pgn(&[
            ("Polgar, Zsuzsa", "Polgar, Zsofia"),
            ("Polgar, Zsofia", "Polgar, Judit"),
            ("Polgar,Ju", "Polgar, Zs"),
        ])
        .as_bytes(),
    );
    let rows = players(&[file.to_str().unwrap()], &[]);
    let keys: BTreeSet<(&str, u64)> = rows.iter().map(|r| (r.2.as_str(), r.1)).collect();
    assert_eq!(
        keys,
        [
            ("polgar, judit", 2),
            ("polgar, zs", 1),
            ("polgar, zsofia", 2),
            ("polgar, zsuzsa", 1)
        ]
        .into_iter()
        .collect()
    );
    let zs = rows.iter().find(|r| r.2 == "polgar, zs").unwrap();
    assert_eq!(zs.4, "polgar, zsofia; polgar, zsuzsa");
}

/// Issue 31: an alias file was read through the key, so a line could not split what the key
/// joined (`"Lasker,Ed","Lasker, Edward"` had equal keys, was accepted and changed nothing). It
/// keys on the exact form now: a line joins, or takes a spelling from the person the names
/// would give it.
#[test]
fn r31_the_alias_file_can_split() {
    let dir = TempDir::new("identity-split");
    let file = dir.write(
        "e.pgn",
        pgn(&[("Lasker, E", "Tal, M"), ("Lasker, Emanuel", "Tal, M")]).as_bytes(),
    );
    let file = file.to_str().unwrap();
    // Without the file `E` is Emanuel (the only Lasker E...).
    let rows = players(&[file], &[]);
    assert_eq!(rows.iter().filter(|r| r.0.starts_with("Lasker")).count(), 1);
    let aliases = dir.write(
        "a.csv",
        b"alias,canonical\n\"Lasker, E\",\"Lasker, Edward\"\n",
    );
    let with = ["--aliases", aliases.to_str().unwrap()];
    let rows = players(&[file], &with);
    let laskers: BTreeSet<(&str, &str, u64)> = rows
        .iter()
        .filter(|r| r.0.starts_with("Lasker"))
        .map(|r| (r.0.as_str(), r.2.as_str(), r.1))
        .collect();
    assert_eq!(
        laskers,
        [
            ("Lasker, E", "lasker, edward", 1),
            ("Lasker, Emanuel", "lasker, emanuel", 1)
        ]
        .into_iter()
        .collect()
    );
    assert_eq!(
        select_count(&[file], "player == \"Lasker, Emanuel\"", &with),
        1
    );
    assert_eq!(
        select_count(&[file], "player == \"Lasker, Edward\"", &with),
        1
    );
    // `~` looks in the names the file gives for the player.
    assert_eq!(select_count(&[file], "player ~ edward", &with), 1);
}

fn excerpt() -> String {
    testdata("names/scid-excerpt.ssp")
        .to_str()
        .unwrap()
        .to_owned()
}

/// SCID's spelling file, with real entries (`testdata/names/scid-excerpt.ssp`, lines of
/// Debian's `scid-spell-data`): its players are persons, their `=` spellings theirs, and an
/// abbreviation is a player's when no other player or spelling can be it.
#[test]
fn r31_scid_spelling_file_with_real_entries() {
    let dir = TempDir::new("identity-scid");
    let scid = excerpt();
    let with = ["--spellings", scid.as_str()];
    // `Polgar, Zsuzsa` is an `=` spelling of Susan; `Zs` could be Susan or Sofia (`Zsofia`);
    // `Polgar,S` could be Sofia, Susan or Szilvia.
    let file = dir.write(
        "polgar.pgn",
        pgn(&[
            ("Polgar, Zsuzsa", "Polgar, Zsofia"),
            ("Polgar, Zs", "Polgar,S"),
            ("Polgar,Ju", "Polgar, Judit"),
        ])
        .as_bytes(),
    );
    let rows = players(&[file.to_str().unwrap()], &with);
    let key = |name: &str| rows.iter().find(|r| r.0 == name).map(|r| r.2.clone());
    assert_eq!(key("Polgar, Zsuzsa").as_deref(), Some("polgar, susan"));
    assert_eq!(key("Polgar, Zsofia").as_deref(), Some("polgar, sofia"));
    let zs = rows.iter().find(|r| r.0 == "Polgar, Zs").unwrap();
    assert_eq!(zs.4, "polgar, sofia; polgar, susan");
    let s = rows.iter().find(|r| r.0 == "Polgar,S").unwrap();
    assert_eq!(s.4, "polgar, sofia; polgar, susan; polgar, szilvia");
    let judit = rows.iter().find(|r| r.2 == "polgar, judit").unwrap();
    assert_eq!((judit.1, judit.3), (2, 2));
    // Fodor Tamas Jr. and Sr.: `Fodor, T Jr` is the son's; `Fodor,T`, without the mark of
    // either, is neither's: a person of its own.
    let file = dir.write(
        "fodor.pgn",
        pgn(&[
            ("Fodor, T Jr", "Fodor,T"),
            ("Fodor, Tamas jr", "Fodor, Tamas sr"),
        ])
        .as_bytes(),
    );
    let rows = players(&[file.to_str().unwrap()], &with);
    let jr = rows.iter().find(|r| r.2 == "fodor, tamas jr").unwrap();
    assert_eq!((jr.1, jr.3), (2, 2));
    let t = rows.iter().find(|r| r.0 == "Fodor,T").unwrap();
    assert_eq!((t.1, t.2.as_str(), t.4.as_str()), (1, "fodor, t", ""));
    // A file that is not one is refused, with its name.
    let bad = dir.write("bad.ssp", b"Kortschnoj, Viktor,Korchnoi, V\n");
    let out = run(&[
        "stats",
        "-q",
        "--spellings",
        bad.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--spellings") && err.contains("no @PLAYER section"),
        "{err}"
    );
    let Some(corpus) = corpus("identity scid") else {
        return;
    };
    // Korchnoi: SCID writes `Kortschnoj, Viktor L` for him: `Kortschnoj, Viktor` (3,528
    // games) and `Korchnoi,V` (1,036), `Korchnoi, Viktor` (2), `Korchnoi, V` (1) are one.
    let korchnoi = corpus.join("games/pgnmentor_Korchnoi.pgn");
    let rows = players(&[korchnoi.to_str().unwrap()], &with);
    let k = rows.iter().find(|r| r.2 == "korchnoi, viktor").unwrap();
    assert_eq!((k.0.as_str(), k.1, k.3), ("Kortschnoj, Viktor", 4567, 4));
    // New York 1924: the Laskers are SCID's.
    let ny = corpus.join("games/pgnviewer_newyork1924.pgn");
    let rows = players(&[ny.to_str().unwrap()], &with);
    assert_eq!(rows.len(), 11);
    let em = rows.iter().find(|r| r.0 == "Lasker,Em").unwrap();
    assert_eq!((em.1, em.2.as_str()), (20, "lasker, emanuel"));
    let ed = rows.iter().find(|r| r.0 == "Lasker,Ed").unwrap();
    assert_eq!((ed.1, ed.2.as_str()), (20, "lasker, edward"));
}

/// Debian's whole spelling file, when it is installed (`apt-get install scid-spell-data`).
fn full_scid_file() -> Option<&'static Path> {
    let path = Path::new("/usr/share/scid/data/spelling.ssp");
    if path.is_file() {
        return Some(path);
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr().lock(),
        "note: {} not found (apt-get install scid-spell-data); the whole-file test skipped",
        path.display()
    );
    None
}

/// One person of spellings that are not the same letters and digits (case aside): its sorted
/// spellings.
fn merges(doc: &serde_json::Value) -> BTreeSet<Vec<String>> {
    let norm = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let mut out = BTreeSet::new();
    for person in doc["all"]["people"].as_object().unwrap().values() {
        let spellings: Vec<String> = person["spellings"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        let distinct: BTreeSet<String> = spellings.iter().map(|s| norm(s)).collect();
        if distinct.len() > 1 {
            let mut sorted = spellings;
            sorted.sort();
            out.insert(sorted);
        }
    }
    out
}

/// Issue 31: the corpus players table has no two people under one person that the names can
/// tell apart. Every merge the corpus makes is in `testdata/names/corpus-merges.tsv`, each read
/// and judged by hand (307: 295 true aliases, 6 unsure, 6 two people that the names alone
/// cannot tell apart — an initial and the one full name of the surname among the games); a
/// spelling file tells those apart (SCID's excerpt two of them, Debian's whole file all six).
#[test]
fn r31_every_merge_of_the_corpus_is_listed_and_judged() {
    let Some(dir) = corpus("identity merges") else {
        return;
    };
    let games = dir.join("games");
    let games = games.to_str().unwrap();
    let list = std::fs::read_to_string(testdata("names/corpus-merges.tsv")).unwrap();
    let mut listed = BTreeSet::new();
    let mut different = Vec::new();
    let mut verdicts = [0; 3];
    for line in list.lines().filter(|l| !l.starts_with('#')) {
        let cells: Vec<&str> = line.split('\t').filter(|c| !c.starts_with("# ")).collect();
        let spellings: Vec<String> = cells[1..].iter().map(|s| s.to_string()).collect();
        match cells[0] {
            "same" => verdicts[0] += 1,
            "unsure" => verdicts[1] += 1,
            "different" => {
                verdicts[2] += 1;
                different.push(spellings.clone());
            }
            v => panic!("verdict {v:?}"),
        }
        listed.insert(spellings);
    }
    assert_eq!(verdicts, [295, 6, 6]);
    let json = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec!["stats", "-q", "--format", "json"];
        args.extend_from_slice(extra);
        args.push(games);
        serde_json::from_str(&ok_stdout(&args).0).unwrap()
    };
    let found = merges(&json(&[]));
    let missing: Vec<_> = listed.difference(&found).collect();
    let unlisted: Vec<_> = found.difference(&listed).collect();
    assert!(
        missing.is_empty() && unlisted.is_empty(),
        "listed, not found: {missing:?}\nfound, not listed: {unlisted:?}"
    );
    // A spelling file tells the two people apart.
    let one_person = |doc: &serde_json::Value, pair: &[String]| -> bool {
        doc["all"]["people"]
            .as_object()
            .unwrap()
            .values()
            .any(|p| pair.iter().all(|s| p["spellings"].get(s).is_some()))
    };
    let scid = excerpt();
    let doc = json(&["--spellings", scid.as_str()]);
    for pair in &different {
        let known = pair[0].starts_with("Paragua") || pair[0].starts_with("Gretarsson");
        assert_eq!(one_person(&doc, pair), !known, "{pair:?}");
    }
    if let Some(full) = full_scid_file() {
        let doc = json(&["--spellings", full.to_str().unwrap()]);
        for pair in &different {
            assert!(!one_person(&doc, pair), "{pair:?}");
        }
    }
}
