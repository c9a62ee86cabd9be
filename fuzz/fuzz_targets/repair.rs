//! The repairing and selecting paths on every game of the input: `fix` (default repairs),
//! `dedup`'s keys at every level, and `select` with an expression taken from the input's first
//! line (issue 13: fuzz targets for `fix`, `dedup` and `select`).
//!
//! Checked, for every game `fix` does not reject: the repaired text is one game; `fix` of it
//! changes nothing (no change logged, the same bytes: fix is idempotent); `check` finds no
//! error in it. For `select`: an expression that parses decides every game, and deciding with
//! the export gives the same answer as deciding alone. Nothing may panic anywhere.
#![no_main]

use arbiter::analysis::check::{CheckOptions, check_game};
use arbiter::analysis::dedup::game_key;
use arbiter::analysis::fix::{FixOptions, fix_game};
use arbiter::analysis::names::Names;
use arbiter::analysis::pgn::ExportOptions;
use arbiter::analysis::select::Selector;
use arbiter::analysis::walk::GameText;
use arbiter::engine::split::Splitter;
use arbiter::model::Severity;
use arbiter::model::dedup::Level;
use libfuzzer_sys::fuzz_target;

fn text(bytes: &[u8], line: u64, col: u64) -> GameText<'_> {
    GameText {
        bytes,
        index: 1,
        offset: 0,
        line,
        col,
    }
}

fuzz_target!(|data: &[u8]| {
    let (expr, games) = match data.iter().position(|&b| b == b'\n') {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (&data[..0], data),
    };
    let selector = std::str::from_utf8(expr)
        .ok()
        .and_then(|e| Selector::new(e).ok());
    let names = Names::new();
    let options = FixOptions::default();
    let mut splitter = Splitter::new();
    while let Some(span) = splitter.next_game(games, true) {
        let game = text(&games[span.start..span.end], span.line, span.col);
        for level in [Level::Moves, Level::Game, Level::Prefix] {
            let _ = game_key(game, level, &names, 64);
        }
        if let Some(selector) = &selector {
            let alone = selector.matches(game);
            let (with_export, _) = selector.select(game, Some((&ExportOptions::default(), 1 << 20)));
            assert_eq!(alone, with_export, "select decided differently with the export");
        }
        let fixed = fix_game(game, &options);
        if fixed.rejected.is_some() {
            continue;
        }
        let out = fixed.text.as_bytes();
        let mut again = Splitter::new();
        let first = again.next_game(out, true).expect("the repaired game is a game");
        assert_eq!((first.start, first.end), (0, out.len()), "the repaired text is one game");
        let refixed = fix_game(text(out, 1, 1), &options);
        assert!(refixed.rejected.is_none(), "the repaired game is rejected: {:?}", refixed.rejected);
        assert!(refixed.changes.is_empty(), "fix is not idempotent: {:?}", refixed.changes);
        assert_eq!(refixed.text, fixed.text, "fix is not idempotent");
        let report = check_game(out, 1, 0, 1, 1, CheckOptions::default());
        let errors: Vec<_> = report
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "check finds errors in a repaired game: {errors:?}");
    }
});
