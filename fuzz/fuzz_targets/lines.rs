//! The line readers (`fen --check`, `audit --positions`, `pgn --from-fen`, `--from-sequence`):
//! `Lines` over arbitrary bytes, with a small cap and short reads so that short inputs reach
//! every path (a line over the cap, a line across reads, no final newline). The lines handed
//! out must be the input's lines (a byte order mark before the first dropped) cut at the cap,
//! every byte counted; each line then goes through the one FEN reader as the line readers read
//! it.
#![no_main]

use std::io::{BufReader, Cursor};
use std::path::Path;

use arbiter::analysis::fen::{CastlingRules, read_fen};
use arbiter::analysis::tags::decode;
use arbiter::commands::lines::{Line, Lines};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&seed, text)) = data.split_first() else {
        return;
    };
    // The first byte picks the cap (1 to 64 bytes) and the size of the reads (1 to 4 bytes).
    let max = usize::from(seed & 0x3f) + 1;
    let step = usize::from(seed >> 6) + 1;
    // A byte order mark before the first line is not part of it.
    let body = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
    let mut pieces: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
    if pieces.last().is_some_and(|p| p.is_empty()) {
        pieces.pop();
    }
    // (A reader of its own bytes: `Lines` holds a `'static` reader.)
    let reader = Box::new(BufReader::with_capacity(step, Cursor::new(text.to_vec())));
    let mut lines = Lines::from_reader(Path::new("fuzz"), reader, max);
    let mut count = 0;
    while let Some((number, line)) = lines.next_line().expect("a slice reads") {
        let piece = pieces[count];
        count += 1;
        assert_eq!(number, count as u64);
        match line {
            Line::Text(t) => {
                assert_eq!(t, piece);
                let _ = read_fen(decode(t).trim(), CastlingRules::FromField);
            }
            Line::TooLong { head, bytes } => {
                assert!(piece.len() > max);
                assert_eq!(head, &piece[..max]);
                assert_eq!(bytes, piece.len() as u64);
            }
        }
    }
    assert_eq!(count, pieces.len());
    assert_eq!(lines.bytes(), text.len() as u64);
});
