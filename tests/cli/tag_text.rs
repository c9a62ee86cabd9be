//! One tag text in every subcommand and format (issue 33): a tag value is decoded first and cut
//! second, on a character boundary, so a long UTF-8 value is never read as Latin-1.

use crate::util::{TempDir, run};

/// `a` + 299 × `€`: UTF-8 whose 3-byte characters straddle any byte bound of a cut.
fn euro_game(tmp: &TempDir) -> String {
    let white = format!("a{}", "€".repeat(299));
    let pgn = format!(
        "[Event \"e\"]\n[White \"{white}\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n"
    );
    tmp.write("euro.pgn", pgn.as_bytes())
        .to_str()
        .unwrap()
        .to_owned()
}

#[test]
fn a_long_utf8_tag_is_the_same_text_in_every_subcommand() {
    let tmp = TempDir::new("tag-text");
    let file = euro_game(&tmp);
    for args in [
        &["check", "--games", "-q"][..],
        &["check", "--games", "--format", "jsonl", "-q"],
        &["check", "--games", "--format", "csv", "-q"],
        &["audit", "--games", "-q"],
        &["audit", "--games", "--format", "jsonl", "-q"],
        &["fen", "--format", "jsonl", "-q"],
        &["games", "-q"],
        &["games", "--format", "jsonl", "-q"],
        &["pgn", "-q"],
    ] {
        let mut all = args.to_vec();
        all.push(&file);
        let out = run(&all);
        let text = String::from_utf8(out.stdout).expect("UTF-8 output");
        // Latin-1 read of the bytes of `€` (E2 82 AC) gives `â`, U+0082 (or U+FFFD), `¬`.
        assert!(
            !text.contains('â') && !text.contains('¬'),
            "{args:?}: {text}"
        );
        // The value is there: whole, or cut after whole characters (at least 199 of them).
        let run_len = text
            .split(|c| c != '€')
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0);
        assert!(run_len >= 199, "{args:?}: {run_len} € in a row: {text}");
        assert!(text.contains("a€"), "{args:?}: {text}");
    }
}
