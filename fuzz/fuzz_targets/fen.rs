//! FEN and EPD reading: `fen --check` validation, the FEN tag of a game, position lines of
//! `pgn --from-fen`. A position read back from its own FEN must be read again.
#![no_main]

use arbiter::analysis::fen::check_fen;
use arbiter::analysis::pgn::{fen_of, read_position_line};
use arbiter::analysis::tags::{Variant, describe_fen_shape, position_from_fen, position_of_line};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = describe_fen_shape(data);
    let standard = position_from_fen(data, &Variant::Standard);
    let _ = position_from_fen(data, &Variant::Chess960);
    let text = String::from_utf8_lossy(data);
    let checked = check_fen(&text);
    let _ = position_of_line(&text);
    let _ = read_position_line(&text);
    // `fen --check` accepts the FEN it writes for a position it accepted.
    if let Some(pos) = &checked.position {
        let fen = fen_of(pos);
        let again = check_fen(&fen);
        assert!(
            again.position.is_some(),
            "{fen} from {text:?} not read back: {:?}",
            again.problem
        );
    }
    // The FEN tag reader accepts the FEN written for a position it accepted. (It is more lenient
    // than `fen --check`, which also refuses, for example, an en passant square with a halfmove
    // clock other than 0: testdata/fuzz/fen/crash-65589f47e2f4.)
    if let Ok(pos) = &standard {
        let fen = fen_of(pos);
        let again = position_from_fen(fen.as_bytes(), &Variant::Standard);
        assert!(
            again.is_ok(),
            "{fen} from {text:?} not read back: {again:?}"
        );
    }
});
