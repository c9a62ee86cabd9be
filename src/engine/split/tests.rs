//! Unit tests of the splitter: spans, streaming, and the fast path against the general rules.

use super::*;

fn texts(input: &str) -> Vec<&str> {
    split_all(input.as_bytes())
        .into_iter()
        .map(|s| &input[s.start..s.end])
        .collect()
}

#[test]
fn two_games_with_blank_lines() {
    let input = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 0-1\n";
    assert_eq!(
        texts(input),
        vec![
            "[Event \"a\"]\n\n1. e4 e5 1-0\n\n",
            "[Event \"b\"]\n\n1. d4 0-1\n"
        ]
    );
}

#[test]
fn no_blank_line_between_games() {
    let input = "[Event \"a\"]\n1. e4 1-0\n[Event \"b\"]\n1. d4 0-1";
    assert_eq!(texts(input).len(), 2);
}

#[test]
fn missing_result_before_next_tags() {
    let input = "[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4 0-1\n";
    assert_eq!(
        texts(input),
        vec![
            "[Event \"a\"]\n\n1. e4 e5\n\n",
            "[Event \"b\"]\n\n1. d4 0-1\n"
        ]
    );
}

#[test]
fn header_only_games() {
    let input = "[Event \"a\"]\n[Round \"1\"]\n\n[Round \"2\"]\n\n[Event \"c\"]\n";
    assert_eq!(texts(input).len(), 3);
}

#[test]
fn blank_line_inside_tag_section() {
    let input = "[Event \"a\"]\n\n[White \"x\"]\n\n1. e4 *\n";
    assert_eq!(texts(input).len(), 1);
}

#[test]
fn unterminated_comment_ends_at_next_tag_section() {
    let input = "[Event \"a\"]\n\n1. e4 {oops\n\n[Event \"b\"]\n\n1. d4 0-1\n";
    let games = texts(input);
    assert_eq!(games.len(), 2);
    assert!(games[1].starts_with("[Event \"b\"]"));
}

#[test]
fn tag_like_text_inside_comment_without_blank_line() {
    let input = "[Event \"a\"]\n\n1. e4 {see\n[Event \"x\"] here} e5 1-0\n";
    assert_eq!(texts(input).len(), 1);
}

#[test]
fn escape_lines_before_the_first_game() {
    let input = "% header\n% more\n\n[Event \"a\"]\n\n1. e4 *\n";
    assert_eq!(texts(input).len(), 1);
}

#[test]
fn star_glued_to_a_move_ends_the_game() {
    let input = "1. e4 a5*\n1. d4 *\n";
    assert_eq!(texts(input).len(), 2);
}

#[test]
fn tags_and_movetext_on_one_line() {
    let input = "[Result \"1-0\"] e4 *\n[Result \"0-1\"] e4 0-1\n";
    assert_eq!(texts(input).len(), 2);
}

#[test]
fn result_inside_variation_does_not_end_game() {
    let input = "1. e4 (1. d4 1-0) e5 *\n1. c4 *\n";
    assert_eq!(texts(input), vec!["1. e4 (1. d4 1-0) e5 *\n", "1. c4 *\n"]);
}

#[test]
fn lone_cr_and_crlf_line_endings() {
    let input = "[Event \"a\"]\r\r1. e4 1-0\r[Event \"b\"]\r\n\r\n1. d4 0-1\r\n";
    let spans = split_all(input.as_bytes());
    assert_eq!(spans.len(), 2);
    assert_eq!(spans[1].line, 4);
}

#[test]
fn streaming_gives_the_same_spans() {
    let input = "[Event \"a\"]\r\n\r\n1. e4 {c} e5 1-0\r\n\r\n[Event \"b\"]\n1. d4 (1. c4) 0-1\n\n1. e4 *\n; between\n1. c4 ½-½[Event \"c\"] 1. d4 *[Event \"d\"]\n*";
    let whole = split_all(input.as_bytes());
    for chunk in 1..input.len() {
        let mut splitter = Splitter::new();
        let mut spans = Vec::new();
        let mut have = 0;
        loop {
            let eof = have == input.len();
            match splitter.next_game(&input.as_bytes()[..have], eof) {
                Some(span) => spans.push(span),
                None if eof => break,
                None => have = (have + chunk).min(input.len()),
            }
        }
        spans.retain(|s| !is_blank(&input.as_bytes()[s.start..s.end]));
        assert_eq!(spans, whole, "chunk size {chunk}");
    }
}

/// All spans of `input` fed in pieces of `chunk` bytes (the whole input at once for 0).
fn spans_of(mut splitter: Splitter, input: &[u8], chunk: usize) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut have = if chunk == 0 { input.len() } else { 0 };
    loop {
        let eof = have == input.len();
        match splitter.next_game(&input[..have], eof) {
            Some(span) => spans.push(span),
            None if eof => break,
            None => have = (have + chunk).min(input.len()),
        }
    }
    spans
}

fn assert_fast_path_agrees(input: &[u8], chunks: &[usize]) {
    for &chunk in chunks {
        let fast = spans_of(Splitter::new(), input, chunk);
        // Every byte in one span; a span starts at a line start (column 1) or, glued to the
        // previous game's marker, later on the line (its column counted from the line start).
        let mut at = 0;
        for span in &fast {
            assert_eq!(span.start, at);
            at = span.end;
            let line_start = input[..span.start]
                .iter()
                .rposition(|b| matches!(b, b'\n' | b'\r'))
                .map_or(0, |i| i + 1);
            let chars = input[line_start..span.start]
                .iter()
                .filter(|b| !(0x80..0xC0).contains(*b))
                .count();
            assert_eq!(span.col, chars as u64 + 1, "{span:?}");
        }
        assert_eq!(at, input.len());
        let general = spans_of(Splitter::general_rules_only(), input, chunk);
        assert_eq!(
            fast,
            general,
            "chunk {chunk}, input {:?}",
            String::from_utf8_lossy(&input[..input.len().min(2000)])
        );
    }
}

/// The pieces that matter to the splitter's rules, for `fast_path_agrees_on_random_pieces`.
const PIECES: &[&str] = &[
    "[Event \"x\"]",
    "[White \"a [b]\"]",
    "[Site \"y\"] ",
    " [Date \"?\"]",
    "[",
    "]",
    "\"",
    "1.",
    "e4",
    "Nf3",
    "O-O",
    "0-0",
    "O-O-O",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "e8=Q",
    "{",
    "}",
    "(",
    ")",
    ";",
    "%",
    "% esc",
    " ",
    "  ",
    "\t",
    "\n",
    "\n",
    "\n",
    "\r\n",
    "\r\n",
    "\r",
    "-",
    "10-",
    "Nf3-",
    "1-",
    "$1",
    "a-b",
    "/",
    "12...",
    "\u{feff}",
    // The rules of issue 12: comment lines between games and tag pairs, lookalike
    // markers, no-break spaces, byte order marks at line starts, tags glued to markers.
    "\n; c\n",
    "\n{c}\n",
    "{a\n",
    "\n\u{feff}[Event \"z\"]",
    "\u{feff}%",
    "½-½",
    "½–½",
    "1–0",
    "0–1",
    "1/2",
    "0.5-0.5",
    "♘f3",
    "\u{a0}",
    "1-0\u{a0}",
    "1-0[Event \"g\"]",
    "*[Round \"1\"]",
    "0-1 [White \"w\"]",
    "½-½[Event \"h\"]",
    "1-0[x",
    "1-0\u{feff}[Event \"j\"]",
    "*\u{a0}[Event \"k\"]",
];

/// The fast path gives the spans of the general rules on random mixtures of [`PIECES`].
#[test]
fn fast_path_agrees_on_random_pieces() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..3000 {
        let len = (next() % 60) as usize;
        let input: String = (0..len)
            .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
            .collect();
        assert_fast_path_agrees(input.as_bytes(), &[0, 1, 7]);
    }
}

/// The fast path gives the spans of the general rules on every PGN file of `testdata/` and the
/// shared corpus.
#[test]
fn fast_path_agrees_on_files() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = corpus_dir(root);
    let mut files = Vec::new();
    for dir in [root.join("testdata"), corpus.join("games")] {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        for entry in entries.flatten() {
            if entry.path().extension().is_some_and(|e| e == "pgn") {
                files.push(entry.path());
            }
        }
    }
    assert!(!files.is_empty());
    for path in files {
        let input = std::fs::read(&path).unwrap();
        assert_fast_path_agrees(&input, &[0, 4096]);
    }
}

/// Comment lines before the tag section, between tag pairs and after the termination marker,
/// and escape lines after it, belong to the game around them or before them.
#[test]
fn comment_lines_do_not_open_games() {
    let input = "; intro\n[Event \"a\"]\n; between\n{more}\n[White \"w\"]\n\n1. e4 1-0\n; { Game Nr. 2 }\n{ block\nover two lines }\n% escape\n\n[Event \"b\"]\n\n1. d4 *\n";
    let games = texts(input);
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(games[0].ends_with("% escape\n\n"));
    assert!(games[1].starts_with("[Event \"b\"]"));
    // A blank line before a comment line still separates header-only games.
    let input = "[Event \"a\"]\n[Site \"x\"]\n\n{c}\n[Event \"b\"]\n";
    assert_eq!(texts(input).len(), 2);
    // A line of moves after the marker is a game without tags.
    let input = "1. e4 1-0\n{c}\n1. d4 *\n";
    assert_eq!(texts(input), vec!["1. e4 1-0\n{c}\n", "1. d4 *\n"]);
}

/// A byte order mark at a line start is no part of the line.
#[test]
fn byte_order_marks_at_line_starts() {
    let input = "\n\n\u{feff}[Event \"a\"]\n\n1. e4 e5\n\u{feff}[Event \"b\"]\n1. d4 *\n";
    let games = texts(input);
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(games[1].starts_with("\u{feff}[Event \"b\"]"));
    let input = "\u{feff}% escape\n; comment\n[Event \"a\"]\n\n1. e4 *\n";
    assert_eq!(texts(input).len(), 1);
}

/// A tag pair after a termination marker on its line opens a game there.
#[test]
fn tag_glued_to_a_marker_opens_a_game_mid_line() {
    let input = "[Event \"A\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0[Event \"B\"]\n[Site \"s\"]\n\n1. d4 ½-½ [Event \"C\"]\n\n1. c4 *";
    let spans = split_all(input.as_bytes());
    let texts: Vec<&str> = spans.iter().map(|s| &input[s.start..s.end]).collect();
    assert_eq!(texts.len(), 3, "{texts:?}");
    assert!(texts[0].ends_with("Qxf7# 1-0"));
    assert!(texts[1].starts_with("[Event \"B\"]"));
    assert!(texts[1].ends_with("½-½ "));
    assert!(texts[2].starts_with("[Event \"C\"]"));
    assert_eq!((spans[1].line, spans[1].col), (3, 44));
    // Columns count characters: `½` is one.
    assert_eq!((spans[2].line, spans[2].col), (6, 11));
    // A byte order mark between them (`cat` of a file without a final newline and one with a
    // mark): the new game starts at the mark.
    let input = "1. e4 1-0\u{feff}[Event \"B\"]\n1. d4 *";
    let spans = split_all(input.as_bytes());
    assert_eq!(spans.len(), 2);
    assert_eq!(&input[spans[1].start..spans[1].start + 3], "\u{feff}");
    assert_eq!(spans[1].col, 10);
    // Not a tag pair: no new game.
    assert_eq!(split_all(b"1. e4 1-0[x\n").len(), 1);
    // Inside a variation: no new game.
    assert_eq!(split_all(b"1. e4 (1. d4 1-0[Event \"x\"]) *\n").len(), 1);
}

/// The lookalike termination markers end a game as the standard ones do.
#[test]
fn lookalike_markers_end_games() {
    for marker in ["½-½", "1–0", "0–1", "1/2", "0.5-0.5", "1-0\u{a0}"] {
        let input = format!("1. e4 {marker}\n1. d4 *\n");
        assert_eq!(texts(&input).len(), 2, "{marker}");
    }
    assert_eq!(texts("1. e4 ♘f3 e2–e4\n1. d4 *\n").len(), 1);
}

#[test]
fn spans_cover_the_input() {
    let input = "\n\n[Event \"a\"]\n1. e4 1-0 junk\n\ntrailing 1-0\n\n\n";
    let spans = split_all(input.as_bytes());
    assert_eq!(spans.first().map(|s| s.start), Some(0));
    assert_eq!(spans.last().map(|s| s.end), Some(input.len()));
    for pair in spans.windows(2) {
        assert_eq!(pair[0].end, pair[1].start);
    }
}

/// The shared corpus as the integration tests find it (`tests/cli/util.rs`, `corpus`):
/// `$ARBITER_CORPUS`, else `../shared/corpus`; a note when it is absent, a failure when it is
/// absent under CI.
fn corpus_dir(root: &std::path::Path) -> std::path::PathBuf {
    let corpus = std::env::var_os("ARBITER_CORPUS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/corpus"));
    if !corpus.is_dir() {
        let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "0" && v != "false");
        assert!(
            !ci,
            "corpus not found at {} and CI is set",
            corpus.display()
        );
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr().lock(),
            "note: corpus not found at {} (set ARBITER_CORPUS); splitter fast path checked on \
             testdata only",
            corpus.display()
        );
    }
    corpus
}
