//! The game reader: the splitter (one pass over the whole input, and resumed over a buffer that
//! grows in small steps, as on standard input) and the strict lexer over every game.
//!
//! Checked: the spans partition the input (every byte in exactly one game), the resumed pass finds
//! the same games as the one-shot pass, the general line rules alone find the same games as the
//! splitter with its fast path, line numbers only grow, and every token lies inside its game.
#![no_main]

use arbiter::analysis::lexer::{Lexer, Locator};
use arbiter::engine::split::{Span, Splitter};
use libfuzzer_sys::fuzz_target;

fn one_shot(data: &[u8]) -> Vec<Span> {
    one_shot_with(Splitter::new(), data)
}

fn one_shot_with(mut splitter: Splitter, data: &[u8]) -> Vec<Span> {
    let mut spans = Vec::new();
    while let Some(span) = splitter.next_game(data, true) {
        spans.push(span);
    }
    spans
}

fn resumed(data: &[u8], step: usize) -> Vec<Span> {
    let mut splitter = Splitter::new();
    let mut spans = Vec::new();
    let mut len = 0;
    loop {
        let eof = len >= data.len();
        while let Some(span) = splitter.next_game(&data[..len], eof) {
            spans.push(span);
        }
        if eof {
            return spans;
        }
        len = (len + step).min(data.len());
    }
}

fuzz_target!(|data: &[u8]| {
    let spans = one_shot(data);
    let mut at = 0;
    let mut place = (0, 0);
    for span in &spans {
        assert_eq!(span.start, at, "spans must be contiguous");
        assert!(span.end > span.start, "empty span");
        // A game glued to the previous game's marker starts later on the same line.
        assert!(
            (span.line, span.col) > place && span.line >= 1 && span.col >= 1,
            "places must grow"
        );
        assert_eq!(
            span.col == 1,
            span.start == 0 || matches!(data[span.start - 1], b'\n' | b'\r'),
            "a game starts at a line start, or glued (column > 1)"
        );
        place = (span.line, span.col);
        at = span.end;
    }
    assert_eq!(at, data.len(), "spans must cover the input");
    let step = 1 + usize::from(data.first().copied().unwrap_or(0) % 16);
    assert_eq!(
        spans,
        resumed(data, step),
        "resumed split differs (step {step})"
    );
    assert_eq!(
        spans,
        one_shot_with(Splitter::general_rules_only(), data),
        "the fast path of plain lines changed the split"
    );

    for span in &spans {
        let game = &data[span.start..span.end];
        let mut locator = Locator::starting_at(game, span.line, span.col);
        let mut last = 0;
        for token in Lexer::new(game) {
            assert!(token.start >= last, "tokens must move forward");
            assert!(
                token.start + token.text.len() <= game.len(),
                "token past the game"
            );
            assert_eq!(
                &game[token.start..token.start + token.text.len()],
                token.text
            );
            last = token.start;
            let (l, c) = locator.locate(token.start);
            assert!(l >= span.line && c >= 1);
        }
    }
});
