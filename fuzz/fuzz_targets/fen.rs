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
    for pos in checked.position.iter().chain(standard.as_ref().ok()) {
        let fen = fen_of(pos);
        let again = check_fen(&fen);
        assert!(
            again.position.is_some(),
            "{fen} from {text:?} not read back: {:?}",
            again.problem
        );
    }
});
