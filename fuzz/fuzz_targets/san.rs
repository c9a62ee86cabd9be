//! SAN (and the other move notations arbiter accepts) read from one token.
#![no_main]

use arbiter::analysis::notation::parse_move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = parse_move(data);
});
