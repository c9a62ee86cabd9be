//! FEN and EPD reading: the one FEN reader (`fen --check`, the FEN tag of a game, the position
//! lines of `audit --positions` and `pgn --from-fen`), under each castling rule. A position read
//! back from its own FEN must be read again, with no repair left to make.
#![no_main]

use arbiter::analysis::fen::{CastlingRules, line_fen, read_fen};
use arbiter::analysis::pgn::fen_of;
use shakmaty::EnPassantMode;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for rules in [
        CastlingRules::Standard,
        CastlingRules::Chess960,
        CastlingRules::FromField,
    ] {
        let read = read_fen(&text, rules);
        // A position exactly when no problem is an error.
        assert_eq!(read.position.is_some(), read.error().is_none(), "{text:?}");
        if let Some(pos) = &read.position {
            // A FEN tag is written as `pgn` writes it, a line as `fen --check --normalize` does.
            let fen = match rules {
                CastlingRules::FromField => line_fen(pos, EnPassantMode::Legal),
                _ => fen_of(pos),
            };
            let again = read_fen(&fen, rules);
            assert!(
                again.position.is_some() && !again.repaired(),
                "{fen} from {text:?} not read back as it is: {:?}",
                again.problems
            );
        }
    }
});
