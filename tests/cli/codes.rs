//! The code table (`arbiter codes`) is the one place codes are defined: FORMATS.md's three code
//! tables must be exactly its Markdown form, and every code the binary can print is in it.

use crate::util::{root, run};

/// FORMATS.md's code tables are `arbiter codes --format markdown`, table by table, row by row.
#[test]
fn readme_code_tables_are_the_code_table() {
    let out = run(&["codes", "--format", "markdown"]);
    assert_eq!(out.status.code(), Some(0));
    let tables = String::from_utf8(out.stdout).expect("utf-8");
    let readme = std::fs::read_to_string(root().join("FORMATS.md")).expect("FORMATS.md");
    let mut documented = 0;
    for table in tables.split("\n\n") {
        let table = table.trim_end();
        assert!(
            readme.contains(table),
            "FORMATS.md does not have this code table as `arbiter codes --format markdown` \
             prints it (regenerate FORMATS.md's table from it):\n{table}"
        );
        documented += table.lines().count() - 2;
    }
    // And no code row in FORMATS.md that the table does not have.
    let rows = readme
        .lines()
        .filter(|l| l.starts_with("| `") && l.contains("/") && l.split('|').count() == 5)
        .filter(|l| {
            let code = l.split('`').nth(1).unwrap_or("");
            code.contains('/') && !code.contains(' ') && !code.starts_with('-')
        })
        .count();
    assert_eq!(rows, documented, "FORMATS.md code rows vs the code table");
}

/// `arbiter codes PREFIX` lists the codes of a family, and JSON Lines records every field.
#[test]
fn codes_lists_by_prefix_and_as_json_lines() {
    let out = run(&["codes", "illegal-move/"]);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.lines().count(), 10, "{text}");
    assert!(
        text.lines().all(|l| l.starts_with("illegal-move/")),
        "{text}"
    );
    let out = run(&["codes", "--format", "jsonl"]);
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(lines.len(), arbiter::model::CODES.len());
    let halfmove = lines
        .iter()
        .find(|v| v["code"] == "fen/halfmove")
        .expect("fen/halfmove");
    assert_eq!(halfmove["severity"], "error");
    assert_eq!(halfmove["other_severity"], "warning");
    assert_eq!(halfmove["table"], "fen");
    assert_eq!(halfmove["family"], "fen");
}

/// Every code string in the sources is a code of the table (a code invented in passing would
/// fail here, not in a user's script).
#[test]
fn every_code_in_the_sources_is_in_the_table() {
    let families = [
        "syntax",
        "illegal-move",
        "notation",
        "tag",
        "encoding",
        "result",
        "variant",
        "internal",
        "fen",
        "draw",
        "audit",
    ];
    let mut files = vec![root().join("src")];
    let mut seen = 0;
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for family in families {
            let needle = format!("\"{family}/");
            for (at, _) in text.match_indices(&needle) {
                let rest = &text[at + 1..];
                let Some(end) = rest.find('"') else {
                    continue;
                };
                let piece = &rest[..end];
                let kind = &piece[family.len() + 1..];
                if kind.is_empty()
                    || !kind
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                {
                    continue;
                }
                seen += 1;
                assert!(
                    arbiter::model::Code::from_name(piece).is_some(),
                    "{}: \"{piece}\" is not in the code table (src/model/code.rs)",
                    path.display()
                );
            }
        }
    }
    assert!(seen > 50, "{seen} code strings found");
}

/// A prefix no code starts with is a usage error naming the families (as `--only` refuses an
/// unknown code), not an empty table with status 0.
#[test]
fn codes_refuses_a_prefix_no_code_has() {
    let out = crate::util::run(&["codes", "nosuch"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no code starts with \"nosuch\"") && err.contains("draw/"),
        "{err}"
    );
    let out = crate::util::run(&["codes", "draw/"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        !text.is_empty() && text.lines().all(|l| l.starts_with("draw/")),
        "{text}"
    );
}
