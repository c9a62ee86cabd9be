//! The whole per-game analysis on one game: `check` (plain and `--strict`), `audit` (with
//! `--missed`), `fen` (every position, EPD with moves) and `pgn` export.
#![no_main]

use arbiter::analysis::check::{CheckOptions, check_game};
use arbiter::analysis::draw::{AuditOptions, Missed, Rules, audit_game};
use arbiter::analysis::fen::{FenOptions, Selection, game_positions};
use arbiter::analysis::pgn::{ExportOptions, export_game};
use libfuzzer_sys::fuzz_target;
use shakmaty::EnPassantMode;

fuzz_target!(|data: &[u8]| {
    for strict in [false, true] {
        let report = check_game(data, 1, 0, 1, 1, CheckOptions { strict, game_names: true });
        assert!(report.findings.iter().all(|f| f.code != "internal/panic"));
    }
    let options = AuditOptions {
        rules: Rules::default(),
        missed: Missed::All,
        ..AuditOptions::default()
    };
    let _ = audit_game(data, 1, 0, 1, 1, options, true);
    let fen = FenOptions {
        selection: Selection::Every { start: true },
        ep: EnPassantMode::Legal,
        shredder: false,
        epd: true,
        moves: true,
        variations: true,
        epd_move: true,
        epd_tags: true,
    };
    let _ = game_positions(data, 1, 0, 1, 1, &fen);
    let _ = export_game(data, 1, 1, &ExportOptions::default());
});
