//! Splitting a PGN byte stream into games.
//!
//! The splitter partitions the input: every byte belongs to exactly one game span, so writing the
//! spans of valid and invalid games to two files loses and duplicates nothing. A span starts at the
//! beginning of the line that opens the game and runs up to the line that opens the next one
//! (blank lines after a game belong to it; blank lines before the first game belong to the first).
//!
//! It works line by line and is resumable: [`Splitter::next_game`] can be fed a buffer that grows
//! (standard input) and asks for more bytes when a line is not complete, so memory stays bounded
//! by the largest game rather than the file. Its rules, in the order they are tried at the start
//! of each line:
//!
//! * A `[` line after movetext, or after a game-termination marker, opens a new game; so does any
//!   other non-blank line after a termination marker (a game without tags).
//! * In the tag section, a blank line followed by `[Event ...]` or by a tag the section already
//!   holds opens a new game (header-only games, as in broadcast files), while other tags after a
//!   blank line continue the section (ChessBase writes such blank lines).
//! * Inside an unterminated `{` comment, a blank line followed by a tag pair line ends the game:
//!   the comment is reported as unterminated for that game only and reading resumes there.
//!
//! Most lines (tag pairs, moves with comments closed on the line, blank lines) cannot change the
//! state that these rules look at; a fast path consumes them 16 bytes at a time and hands every
//! other line, or the rest of it, to the general rules, which alone decide where games start.
//!
//! It knows no chess: the per-game lexer ([`crate::analysis::lexer`]) reads tokens strictly.

//!
//! The byte classes shared with the lexer (whitespace, word delimiters, termination markers, tag
//! names) are in `bytes.rs`, re-exported here.

#[cfg(test)]
mod tests;

use crate::bytes::scan;
use crate::bytes::{CLASS, SCAN, SPACE};
pub use crate::bytes::{is_blank, is_space, is_termination_marker, is_word_delimiter, tag_name};

/// One game's bytes, as a range of the buffer given to [`Splitter::next_game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// Offset of the first byte of the span (a line start).
    pub start: usize,
    /// Offset one past the last byte of the span.
    pub end: usize,
    /// 1-based line number of `start` in the whole input.
    pub line: u64,
}

/// A resumable scanner that finds game boundaries.
#[derive(Debug)]
pub struct Splitter {
    /// Next byte to examine (a line start), relative to the current buffer.
    pos: usize,
    /// Start of the current game's span.
    game_start: usize,
    /// Line number at `pos`.
    line: u64,
    /// Line number at `game_start`.
    game_line: u64,
    /// The current game has a non-blank line.
    has_content: bool,
    /// The current game has movetext (anything that is not a tag pair or escape line).
    seen_movetext: bool,
    /// A termination marker was seen at variation depth 0.
    ended: bool,
    /// Inside a `{` comment.
    in_comment: bool,
    /// Variation depth.
    depth: u32,
    /// The previous line was blank.
    prev_blank: bool,
    /// Hashes of the tag names seen in the current tag section (see `tag_lines`).
    tag_names: Vec<u64>,
    /// Offsets from `game_start` of the tag lines whose names are not hashed yet: names are
    /// needed only when a blank line splits a tag section, so they are hashed then.
    tag_lines: Vec<usize>,
    /// No line has been read yet (a UTF-8 byte order mark may start the input).
    at_input_start: bool,
    /// Plain lines are consumed by [`Splitter::skip_plain_lines`] (off only in
    /// [`Splitter::general_rules_only`], to compare with the general rules).
    fast: bool,
}

impl Default for Splitter {
    fn default() -> Self {
        Self::new()
    }
}

/// What the scanner decided about the line at `pos`.
enum Step {
    /// The line belongs to the current game; continue after it.
    Continue,
    /// The line opens a new game.
    Boundary,
}

impl Splitter {
    /// A splitter at the start of an input.
    pub fn new() -> Splitter {
        Splitter {
            pos: 0,
            game_start: 0,
            line: 1,
            game_line: 1,
            has_content: false,
            seen_movetext: false,
            ended: false,
            in_comment: false,
            depth: 0,
            prev_blank: false,
            tag_names: Vec::new(),
            tag_lines: Vec::new(),
            at_input_start: true,
            fast: true,
        }
    }

    /// A splitter that applies the general line rules to every line, without the fast path of
    /// plain lines: slower, and the same spans (for differential tests and fuzzing).
    pub fn general_rules_only() -> Splitter {
        Splitter {
            fast: false,
            ..Splitter::new()
        }
    }

    /// Offset, in the current buffer, where the game being scanned starts. Bytes before it have
    /// been handed out as spans and may be dropped with [`Splitter::consume`].
    pub fn pending_start(&self) -> usize {
        self.game_start
    }

    /// Where the scan stands: the offset of the next line to examine (a line start) in the current
    /// buffer and its 1-based line number, then the line number of the pending game's first line.
    /// Used by the reader to cut a game that is too large.
    pub fn scan_position(&self) -> (usize, u64, u64) {
        (self.pos, self.line, self.game_line)
    }

    /// Starts afresh at `pos` of the current buffer (a line start, numbered `line`), as if a game
    /// began there: the reader has skipped the rest of a game that was too large.
    pub fn restart_at(&mut self, pos: usize, line: u64) {
        self.pos = pos;
        self.line = line;
        self.at_input_start = false;
        self.finish(pos);
    }

    /// Tells the splitter that the first `n` bytes of its buffer were dropped, so the buffer it
    /// is given next starts `n` bytes later in the input. `n` must not exceed
    /// [`Splitter::pending_start`].
    pub fn consume(&mut self, n: usize) {
        debug_assert!(n <= self.game_start);
        self.pos -= n;
        self.game_start -= n;
    }

    /// Scans `buf` (the same buffer as before, possibly grown at its end) for the end of the
    /// current game. Returns the game's span when its end is found; returns `None` when more
    /// input is needed (`eof` false) or when the input is exhausted (`eof` true and no bytes
    /// left). At `eof`, the last game runs to the end of `buf`; a tail of blank lines only, with
    /// no game before it in the same call, is returned as a span too (callers skip blank spans).
    pub fn next_game(&mut self, buf: &[u8], eof: bool) -> Option<Span> {
        loop {
            if self.fast
                && !self.at_input_start
                && !self.in_comment
                && self.depth == 0
                && !self.ended
            {
                self.skip_plain_lines(buf);
            }
            if self.pos >= buf.len() {
                if eof && self.game_start < buf.len() {
                    return Some(self.finish(buf.len()));
                }
                return None;
            }
            let rest = &buf[self.pos..];
            let (line_len, next) = match memchr::memchr2(b'\n', b'\r', rest) {
                Some(i) if rest[i] == b'\r' => {
                    if i + 1 < rest.len() {
                        (i, i + 1 + usize::from(rest[i + 1] == b'\n'))
                    } else if eof {
                        (i, i + 1)
                    } else {
                        return None;
                    }
                }
                Some(i) => (i, i + 1),
                None if eof => (rest.len(), rest.len()),
                None => return None,
            };
            let mut line = &rest[..line_len];
            if self.at_input_start {
                self.at_input_start = false;
                line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
            }
            match self.step(buf, line) {
                Step::Boundary => {
                    let span = self.finish(self.pos);
                    return Some(span);
                }
                Step::Continue => {
                    self.pos += next;
                    self.line += 1;
                }
            }
        }
    }

    /// The fast path of [`Splitter::next_game`]: consumes, from `pos`, the complete lines whose
    /// effect on the state is found without the general line rules of [`Splitter::step`] (the
    /// state must be outside comments and variations, before any termination marker, past the
    /// start of the input):
    ///
    /// * an empty line (it only makes the next line follow a blank line);
    /// * a tag line `[...]` with no other `[` on it and `]` as its last non-blank byte, while no
    ///   movetext has been seen and the line does not follow a blank line inside the game (the
    ///   general rules may start a game there);
    /// * a line of movetext that starts with none of whitespace, `[` and `%`: moves, numbers,
    ///   NAGs and comments closed on the line are skipped 16 bytes at a time; from the first byte
    ///   that may change the state (`( ; *`, a word with `-` or `/` that starts with `0` or `1`,
    ///   a comment left open), the rest of the line goes through the general movetext scan
    ///   ([`Splitter::scan_movetext`]), and the fast path stops after that line.
    ///
    /// Lines must end with LF or CRLF; any other line is left to the general rules, so the spans
    /// are those the general rules alone would give (tested in `fast_path_agrees`).
    #[inline(always)]
    fn skip_plain_lines(&mut self, buf: &[u8]) {
        let mut p = self.pos;
        let mut lines = 0u64;
        while let Some(&first) = buf.get(p) {
            match first {
                b'\n' | b'\r' => {
                    let Some((_, next)) = line_end_at(buf, p) else {
                        break;
                    };
                    self.prev_blank = true;
                    p = next;
                }
                b'[' if !(self.seen_movetext || self.has_content && self.prev_blank) => {
                    let end = match scan::find_byte_of(buf, p + 1, b"\n\r[") {
                        Some(j) if buf[j] != b'[' => line_end_at(buf, j)
                            .filter(|_| buf[p..j].trim_ascii_end().ends_with(b"]")),
                        _ => None,
                    };
                    let Some((_, next)) = end else {
                        break;
                    };
                    self.prev_blank = false;
                    self.has_content = true;
                    self.tag_lines.push(p - self.game_start);
                    p = next;
                }
                b if CLASS[b as usize] & SPACE == 0 && b != b'[' && b != b'%' => {
                    // Where the general scan takes over (the line end when it need not).
                    let mut i = p;
                    let handover = loop {
                        let Some(j) = scan::find_byte_of(buf, i, b"\n\r{(;-/*") else {
                            break None;
                        };
                        match buf[j] {
                            b'{' => match scan::find_byte_of(buf, j + 1, b"}\n\r") {
                                // A comment closed on the same line changes nothing.
                                Some(k) if buf[k] == b'}' => i = k + 1,
                                _ => break Some(j),
                            },
                            b'-' | b'/' => {
                                let (start, end) = word_around(&buf[p..], j - p);
                                if matches!(buf[p + start], b'0' | b'1') {
                                    break Some(p + start);
                                }
                                i = p + end;
                            }
                            _ => break Some(j),
                        }
                    };
                    let line_end = handover.and_then(|h| match buf[h] {
                        b'\n' | b'\r' => line_end_at(buf, h),
                        _ => scan::find_byte_of(buf, h, b"\n\r").and_then(|t| line_end_at(buf, t)),
                    });
                    let (Some(handover), Some((line_end, next))) = (handover, line_end) else {
                        break;
                    };
                    self.prev_blank = false;
                    self.has_content = true;
                    self.seen_movetext = true;
                    p = next;
                    if handover < line_end {
                        self.scan_movetext(&buf[handover..line_end]);
                        if self.in_comment || self.depth > 0 || self.ended {
                            lines += 1;
                            break;
                        }
                    }
                }
                _ => break,
            }
            lines += 1;
        }
        self.pos = p;
        self.line += lines;
    }

    /// Ends the current game at `end` and resets the state for the next one.
    fn finish(&mut self, end: usize) -> Span {
        let span = Span {
            start: self.game_start,
            end,
            line: self.game_line,
        };
        self.game_start = end;
        self.game_line = self.line;
        self.has_content = false;
        self.seen_movetext = false;
        self.ended = false;
        self.in_comment = false;
        self.depth = 0;
        self.prev_blank = false;
        self.tag_names.clear();
        self.tag_lines.clear();
        span
    }

    /// Decides about one line (without its terminator) and updates the state.
    #[inline(always)]
    fn step(&mut self, buf: &[u8], line: &[u8]) -> Step {
        let first = line.iter().position(|b| !is_space(*b));
        let blank = first.is_none();
        if self.has_content && !blank {
            let lead = line[first.unwrap_or(0)];
            if self.in_comment {
                if self.prev_blank && tag_name(line).is_some() {
                    return Step::Boundary;
                }
            } else if lead == b'[' {
                if self.seen_movetext || self.ended {
                    return Step::Boundary;
                }
                if self.prev_blank
                    && let Some(name) = tag_name(line)
                    && (name == b"Event" || self.has_tag_name(buf, name))
                {
                    return Step::Boundary;
                }
            } else if self.ended {
                return Step::Boundary;
            }
        }
        self.prev_blank = blank;
        let Some(first) = first else {
            return Step::Continue;
        };
        if !self.in_comment && line[0] == b'%' {
            // An escape line (PGN standard 6): ignored to its end; it does not start a game.
            return Step::Continue;
        }
        self.has_content = true;
        if self.in_comment {
            self.scan_movetext(line);
            return Step::Continue;
        }
        if line[first] == b'[' && !self.seen_movetext {
            let line = &line[first..];
            let end = self.record_tags(buf, line);
            if end < line.len() {
                self.scan_movetext(&line[end..]);
            }
            return Step::Continue;
        }
        self.scan_movetext(line);
        Step::Continue
    }

    /// Remembers the names of the tag pairs on a tag line, and returns where the tag pairs end
    /// (movetext may follow on the same line).
    fn record_tags(&mut self, buf: &[u8], line: &[u8]) -> usize {
        // The common case, one `[Name "value"]` per line: no need to follow the quotes, and the
        // name is read only if it is ever needed.
        if line.trim_ascii_end().ends_with(b"]") && memchr::memchr(b'[', &line[1..]).is_none() {
            let offset = (line.as_ptr() as usize).wrapping_sub(buf.as_ptr() as usize);
            self.tag_lines.push(offset - self.game_start);
            return line.len();
        }
        let mut i = 0;
        loop {
            while i < line.len() && is_space(line[i]) {
                i += 1;
            }
            if line.get(i) != Some(&b'[') {
                return i;
            }
            if let Some(name) = tag_name(&line[i..]) {
                self.tag_names.push(hash(name));
            }
            // Skip to the closing bracket, outside quotes; a malformed pair runs to the line end.
            let mut in_quotes = false;
            let mut j = i + 1;
            while j < line.len() {
                match line[j] {
                    b'\\' if in_quotes => j += 1,
                    b'"' => in_quotes = !in_quotes,
                    b']' if !in_quotes => break,
                    _ => {}
                }
                j += 1;
            }
            if j >= line.len() {
                return line.len();
            }
            i = j + 1;
        }
    }

    /// True when the current tag section already has a tag pair named `name`. Hashes the names
    /// of the tag lines recorded since the last call first (each line is read once).
    fn has_tag_name(&mut self, buf: &[u8], name: &[u8]) -> bool {
        for offset in self.tag_lines.drain(..) {
            let rest = &buf[self.game_start + offset..];
            let end = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
            if let Some(name) = tag_name(&rest[..end]) {
                self.tag_names.push(hash(name));
            }
        }
        self.tag_names.contains(&hash(name))
    }

    /// Follows comments, variations and termination markers through one movetext line.
    #[inline(always)]
    fn scan_movetext(&mut self, line: &[u8]) {
        self.seen_movetext = true;
        // Most lines hold moves only: outside comments and variations, with no `{`, `(` or `;`
        // on the line, only the termination markers matter, and they hold `-`, `/` or `*`.
        if !self.in_comment && self.depth == 0 && memchr::memchr3(b'{', b'(', b';', line).is_none()
        {
            let mut next = 0;
            for i in memchr::memchr3_iter(b'-', b'/', b'*', line) {
                if i < next {
                    continue;
                }
                if line[i] == b'*' {
                    self.token(b"*");
                    continue;
                }
                let (start, end) = word_around(line, i);
                if matches!(line[start], b'0' | b'1') {
                    self.token(&line[start..end]);
                }
                next = end;
            }
            return;
        }
        let mut i = 0;
        while i < line.len() {
            if self.in_comment {
                match memchr::memchr(b'}', &line[i..]) {
                    Some(j) => {
                        self.in_comment = false;
                        i += j + 1;
                        continue;
                    }
                    None => return,
                }
            }
            // Jump to the next byte that matters: moves, numbers and NAGs need no look.
            while i < line.len() && CLASS[line[i] as usize] & SCAN == 0 {
                i += 1;
            }
            let Some(&b) = line.get(i) else {
                return;
            };
            match b {
                b'{' => self.in_comment = true,
                b';' => return,
                b'(' => self.depth += 1,
                b')' => self.depth = self.depth.saturating_sub(1),
                b'*' => self.token(b"*"),
                _ => {
                    // `-` or `/`: the word holding it may be `1-0`, `0-1` or `1/2-1/2`. Bytes
                    // before it in the word were skipped above, none of them a delimiter.
                    let (start, end) = word_around(line, i);
                    if matches!(line[start], b'0' | b'1') {
                        self.token(&line[start..end]);
                    }
                    i = end;
                    continue;
                }
            }
            i += 1;
        }
    }

    fn token(&mut self, token: &[u8]) {
        if self.depth == 0 && is_termination_marker(token) {
            self.ended = true;
        }
    }
}

/// The word of `line` that holds byte `i` (not a delimiter): `(start, end)`.
#[inline]
fn word_around(line: &[u8], i: usize) -> (usize, usize) {
    let mut start = i;
    while start > 0 && !is_word_delimiter(line[start - 1]) {
        start -= 1;
    }
    let mut end = i + 1;
    while end < line.len() && !is_word_delimiter(line[end]) {
        end += 1;
    }
    (start, end)
}

/// The line ending at `j` (a byte found by a scan) when it is LF or CRLF: `(j, start of the next
/// line)`. `None` for any other byte, a lone CR and a CR at the end of `buf` (more may follow).
#[inline(always)]
fn line_end_at(buf: &[u8], j: usize) -> Option<(usize, usize)> {
    match buf[j] {
        b'\n' => Some((j, j + 1)),
        b'\r' if buf.get(j + 1) == Some(&b'\n') => Some((j, j + 2)),
        _ => None,
    }
}

fn hash(name: &[u8]) -> u64 {
    // FNV-1a: tiny, and collisions only merge two header-only games in the worst case.
    name.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Splits a complete in-memory input into game spans (blank-only spans are dropped).
pub fn split_all(input: &[u8]) -> Vec<Span> {
    let mut splitter = Splitter::new();
    let mut spans = Vec::new();
    while let Some(span) = splitter.next_game(input, true) {
        if !is_blank(&input[span.start..span.end]) {
            spans.push(span);
        }
    }
    spans
}
