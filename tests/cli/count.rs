//! The byte scan that counts main-line moves for `arbiter stats` follows the lexer's rules on
//! every game of `testdata/` (the unit tests compare them on random movetext).

use arbiter::analysis::lexer::Lexer;
use arbiter::analysis::stats::{MainLineCount, count_main_line, count_main_line_fast};
use arbiter::analysis::tags;

/// Both counters on one game.
fn both_counts(game: &[u8]) -> (MainLineCount<'_>, MainLineCount<'_>) {
    let mut lexer = Lexer::new(game);
    let (_, first) = tags::read_tag_section(&mut lexer, |_| {});
    let fast = first.map_or_else(MainLineCount::default, |t| {
        count_main_line_fast(game, t.start)
    });
    (count_main_line(first, lexer), fast)
}

#[test]
fn fast_count_agrees_with_the_lexer_on_testdata() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut files = vec![root.clone()];
    let mut games = 0;
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "pgn") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        for span in arbiter::engine::split::split_all(&bytes) {
            let game = &bytes[span.start..span.end];
            let (slow, fast) = both_counts(game);
            assert_eq!(
                slow,
                fast,
                "{}: game at byte {}",
                path.display(),
                span.start
            );
            games += 1;
        }
    }
    assert!(games > 400, "{games} games");
}
