//! Splitting a PGN byte stream into games.
//!
//! The splitter partitions the input: every byte belongs to exactly one game span, so writing the
//! spans of valid and invalid games to two files loses and duplicates nothing. A span starts at the
//! beginning of the line that opens the game (or, for a game glued to the previous game's
//! termination marker, at its first tag pair) and runs up to where the next one starts (blank
//! lines and comments after a game belong to it; blank lines before the first game belong to the
//! first).
//!
//! It works line by line and is resumable: [`Splitter::next_game`] can be fed a buffer that grows
//! (standard input) and asks for more bytes when a line is not complete, so memory stays bounded
//! by the largest game rather than the file. Its rules, in the order they are tried at the start
//! of each line (a byte order mark at a line start is not part of the line; byte order marks and
//! no-break spaces count as whitespace, as for the lexer):
//!
//! * A `[` line after movetext, or after a game-termination marker, opens a new game; so does any
//!   other line after a termination marker (a game without tags), except a comment line (only
//!   `;` and `{...}` comments) or an escape line (`%`): text between games belongs to the game
//!   before it.
//! * In the tag section, a blank line followed by `[Event ...]` or by a tag the section already
//!   holds opens a new game (header-only games, as in broadcast files), while other tags after a
//!   blank line continue the section (ChessBase writes such blank lines). Comment lines before
//!   the movetext (before or between tag pairs) are neither tags nor movetext: they do not stop
//!   the section, and a blank line before them still counts as the one before the next tag.
//! * Inside an unterminated `{` comment, a blank line followed by a tag pair line ends the game:
//!   the comment is reported as unterminated for that game only and reading resumes there.
//! * A tag pair after a termination marker on the same line (`1-0[Event "B"]`, what `cat` makes
//!   of files without a final newline) opens a new game there, in the middle of the line
//!   ([`Span::col`] says where).
//!
//! The termination markers are those of [`termination_marker`]: the four of the standard and the
//! forms that stand for them (`½-½`, `1/2`, `1–0`).
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
use crate::bytes::{BOM, CLASS, SCAN, SPACE, content_start, termination_marker};
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
    /// 1-based column (in characters) of `start`: 1, but for a game glued to the previous
    /// game's termination marker, which starts in the middle of its first line.
    pub col: u64,
    /// The game's first line directly follows the previous game's last line, with no blank
    /// line between (as chess.com exports write games; the PGN export format wants one), and
    /// starts with its tag section; the glued games of `col` aside. False for the input's first
    /// game.
    pub joined: bool,
}

/// A resumable scanner that finds game boundaries.
#[derive(Debug)]
pub struct Splitter {
    /// Next byte to examine (a line start, or where a glued game starts), relative to the
    /// current buffer.
    pos: usize,
    /// Start of the current game's span.
    game_start: usize,
    /// Line number at `pos`.
    line: u64,
    /// Column (1-based, characters) at `pos`.
    col: u64,
    /// Line number at `game_start`.
    game_line: u64,
    /// Column at `game_start`.
    game_col: u64,
    /// [`Span::joined`] of the current game.
    game_joined: bool,
    /// The current game has a line of tags or movetext.
    has_content: bool,
    /// The current game has movetext (anything that is not a tag pair, an escape line or a
    /// comment line before the movetext).
    seen_movetext: bool,
    /// A termination marker was seen at variation depth 0.
    ended: bool,
    /// Inside a `{` comment.
    in_comment: bool,
    /// Variation depth.
    depth: u32,
    /// The previous line was blank (comment lines before the movetext leave it as it was).
    prev_blank: bool,
    /// Hashes of the tag names seen in the current tag section (see `tag_lines`).
    tag_names: Vec<u64>,
    /// Offsets from `game_start` of the tag lines whose names are not hashed yet: names are
    /// needed only when a blank line splits a tag section, so they are hashed then.
    tag_lines: Vec<usize>,
    /// Where a tag pair glued to a termination marker starts a game, in the line being read.
    cut: Option<usize>,
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
            col: 1,
            game_line: 1,
            game_col: 1,
            game_joined: false,
            has_content: false,
            seen_movetext: false,
            ended: false,
            in_comment: false,
            depth: 0,
            prev_blank: false,
            tag_names: Vec::new(),
            tag_lines: Vec::new(),
            cut: None,
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
        self.col = 1;
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
            if self.fast && !self.in_comment && self.depth == 0 && !self.ended {
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
            match self.step(buf, self.pos, self.pos + line_len) {
                Step::Boundary => {
                    // A tag section right after the previous game's last line (a game of
                    // movetext only after a marker has no tag section to be apart from).
                    let joined = !self.prev_blank
                        && self.col == 1
                        && content_start(&buf[self.pos..self.pos + line_len])
                            .is_some_and(|i| buf[self.pos + i] == b'[');
                    let span = self.finish(self.pos);
                    self.game_joined = joined;
                    return Some(span);
                }
                Step::Continue => match self.cut.take() {
                    // A game glued to the marker: the rest of the line is read again, as the
                    // line that opens it.
                    Some(cut) => {
                        self.col += chars(&buf[self.pos..cut]);
                        self.pos = cut;
                    }
                    None => {
                        self.pos += next;
                        self.line += 1;
                        self.col = 1;
                    }
                },
            }
        }
    }

    /// The fast path of [`Splitter::next_game`]: consumes, from `pos`, the complete lines whose
    /// effect on the state is found without the general line rules of [`Splitter::step`] (the
    /// state must be outside comments and variations, before any termination marker):
    ///
    /// * an empty line (it only makes the next line follow a blank line);
    /// * a tag line `[...]` with no other `[` on it and `]` as its last non-blank byte, while no
    ///   movetext has been seen and the line does not follow a blank line inside the game (the
    ///   general rules may start a game there);
    /// * a line of movetext that starts with none of whitespace, `[`, `%`, the first byte of a
    ///   byte order mark or no-break space, and (before the movetext) `{` and `;`: moves,
    ///   numbers, NAGs and comments closed on the line are skipped 16 bytes at a time; from the
    ///   first byte that may change the state (`( ; *`, a word with `-`, `/` or a Unicode dash
    ///   that may be a termination marker, a comment left open), the rest of the line goes
    ///   through the general movetext scan ([`Splitter::scan_movetext`]), and the fast path
    ///   stops after that line (or where a glued game starts in it).
    ///
    /// Lines must end with LF or CRLF; any other line is left to the general rules, so the spans
    /// are those the general rules alone would give (tested in `fast_path_agrees_on_*`).
    #[inline(always)]
    fn skip_plain_lines(&mut self, buf: &[u8]) {
        let mut p = self.pos;
        let mut lines = 0u64;
        let mut col = self.col;
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
                    let Some(next) = plain_tag_line(buf, p) else {
                        break;
                    };
                    self.prev_blank = false;
                    self.has_content = true;
                    self.tag_lines.push(p - self.game_start);
                    p = next;
                }
                b if CLASS[b as usize] & SPACE == 0
                    && !matches!(b, b'[' | b'%' | 0xEF | 0xC2)
                    && (self.seen_movetext || !matches!(b, b'{' | b';')) =>
                {
                    let Some((handover, line_end, next)) = plain_movetext_line(buf, p) else {
                        break;
                    };
                    self.prev_blank = false;
                    self.has_content = true;
                    self.seen_movetext = true;
                    if handover < line_end {
                        self.scan_movetext(buf, handover, line_end);
                        if let Some(cut) = self.cut.take() {
                            col += chars(&buf[p..cut]);
                            p = cut;
                            break;
                        }
                        p = next;
                        if self.in_comment || self.depth > 0 || self.ended {
                            lines += 1;
                            col = 1;
                            break;
                        }
                    } else {
                        p = next;
                    }
                }
                _ => break,
            }
            lines += 1;
            col = 1;
        }
        self.pos = p;
        self.line += lines;
        self.col = col;
    }

    /// Ends the current game at `end` and resets the state for the next one.
    fn finish(&mut self, end: usize) -> Span {
        let span = Span {
            start: self.game_start,
            end,
            line: self.game_line,
            col: self.game_col,
            joined: self.game_joined,
        };
        self.game_joined = false;
        self.game_start = end;
        self.game_line = self.line;
        self.game_col = self.col;
        self.has_content = false;
        self.seen_movetext = false;
        self.ended = false;
        self.in_comment = false;
        self.depth = 0;
        self.prev_blank = false;
        self.tag_names.clear();
        self.tag_lines.clear();
        self.cut = None;
        span
    }

    /// Decides about the line `buf[start..end]` (without its terminator) and updates the state.
    #[inline(always)]
    fn step(&mut self, buf: &[u8], start: usize, end: usize) -> Step {
        // A byte order mark at a line start (the input's own, or where files were joined) is
        // no part of the line: `%` after it is in the first column.
        let from = start
            + if buf[start..end].starts_with(BOM) {
                BOM.len()
            } else {
                0
            };
        let first = content_start(&buf[from..end]).map(|i| from + i);
        if self.has_content
            && let Some(first) = first
            && self.opens_game(buf, from, first, end)
        {
            return Step::Boundary;
        }
        let Some(first) = first else {
            self.prev_blank = true;
            return Step::Continue;
        };
        if !self.in_comment && buf[from] == b'%' {
            // An escape line (PGN standard 6): ignored to its end; it does not start a game.
            self.prev_blank = false;
            return Step::Continue;
        }
        if !self.seen_movetext && self.comment_only(buf, first, end) {
            // A comment before the movetext: part of the game, but neither tags nor movetext.
            self.scan_movetext(buf, first, end);
            return Step::Continue;
        }
        self.prev_blank = false;
        self.has_content = true;
        if self.in_comment || buf[first] != b'[' || self.seen_movetext {
            self.seen_movetext = true;
            self.scan_movetext(buf, first, end);
            return Step::Continue;
        }
        let tags_end = self.record_tags(buf, first, end);
        if tags_end < end && !self.comment_only(buf, tags_end, end) {
            self.seen_movetext = true;
        }
        if tags_end < end {
            self.scan_movetext(buf, tags_end, end);
        }
        Step::Continue
    }

    /// True when the line `buf[from..end]`, whose first byte that is not whitespace is at
    /// `first`, opens a new game (the current game has a line of tags or movetext).
    #[inline(always)]
    fn opens_game(&mut self, buf: &[u8], from: usize, first: usize, end: usize) -> bool {
        if self.in_comment {
            return self.prev_blank && tag_name(&buf[first..end]).is_some();
        }
        if buf[first] == b'[' {
            if self.seen_movetext || self.ended {
                return true;
            }
            return self.prev_blank
                && tag_name(&buf[first..end])
                    .is_some_and(|name| name == b"Event" || self.has_tag_name(buf, name));
        }
        // After the marker, comments and escape lines are text between games: they stay with
        // the game before.
        self.ended && buf[from] != b'%' && !self.comment_only(buf, first, end)
    }

    /// True when `buf[from..end]`, read from the current comment state, holds nothing but
    /// comments and whitespace (byte order marks and no-break spaces included).
    fn comment_only(&self, buf: &[u8], from: usize, end: usize) -> bool {
        let mut i = from;
        if self.in_comment {
            match memchr::memchr(b'}', &buf[i..end]) {
                Some(k) => i += k + 1,
                None => return true,
            }
        }
        loop {
            let Some(k) = content_start(&buf[i..end]) else {
                return true;
            };
            i += k;
            match buf[i] {
                b'{' => match memchr::memchr(b'}', &buf[i + 1..end]) {
                    Some(k) => i += k + 2,
                    None => return true,
                },
                b';' => return true,
                _ => return false,
            }
        }
    }

    /// Remembers the names of the tag pairs of the tag line `buf[start..end]`, and returns where
    /// the tag pairs end (movetext may follow on the same line).
    fn record_tags(&mut self, buf: &[u8], start: usize, end: usize) -> usize {
        let line = &buf[start..end];
        // The common case, one `[Name "value"]` per line: no need to follow the quotes, and the
        // name is read only if it is ever needed.
        if line.trim_ascii_end().ends_with(b"]") && memchr::memchr(b'[', &line[1..]).is_none() {
            self.tag_lines.push(start - self.game_start);
            return end;
        }
        let mut i = 0;
        loop {
            while i < line.len() && is_space(line[i]) {
                i += 1;
            }
            if line.get(i) != Some(&b'[') {
                return start + i;
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
                return end;
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

    /// Follows comments, variations and termination markers through `buf[start..end]`, the
    /// rest of one movetext line; stops where a glued game starts ([`Splitter::cut`]).
    #[inline(always)]
    fn scan_movetext(&mut self, buf: &[u8], start: usize, end: usize) {
        // Most lines hold moves only: outside comments and variations, with no `{`, `(` or `;`
        // on the line, only the termination markers matter, and they hold `-`, `/`, `*` or a
        // Unicode dash (0xE2 is its first byte).
        if !self.in_comment
            && self.depth == 0
            && memchr::memchr3(b'{', b'(', b';', &buf[start..end]).is_none()
        {
            self.scan_markers(buf, start, end);
        } else {
            self.scan_nested(buf, start, end);
        }
    }

    /// [`Splitter::scan_movetext`] of a line with no comment or variation: the termination
    /// markers only.
    fn scan_markers(&mut self, buf: &[u8], start: usize, end: usize) {
        let line = &buf[..end];
        let mut i = start;
        while let Some(j) = scan::find_byte_of(line, i, b"-/*\xE2") {
            if line[j] == b'*' {
                self.marker(line, j + 1);
                i = j + 1;
            } else {
                let (word_start, word_end) = word_around(line, start, j);
                self.marker_word(line, word_start, word_end);
                i = word_end;
            }
            if self.cut.is_some() {
                return;
            }
        }
    }

    /// [`Splitter::scan_movetext`] of any line: comments, variations and markers.
    fn scan_nested(&mut self, buf: &[u8], start: usize, end: usize) {
        let line = &buf[..end];
        let mut i = start;
        while i < end {
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
            while i < end && CLASS[line[i] as usize] & SCAN == 0 {
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
                b'*' => self.marker(line, i + 1),
                _ => {
                    // `-`, `/` or a Unicode dash: the word holding it may be a termination
                    // marker. Bytes before it in the word were skipped above, none of them a
                    // delimiter.
                    let (word_start, word_end) = word_around(line, start, i);
                    self.marker_word(line, word_start, word_end);
                    if self.cut.is_some() {
                        return;
                    }
                    i = word_end;
                    continue;
                }
            }
            if self.cut.is_some() {
                return;
            }
            i += 1;
        }
    }

    /// The word `line[start..end]`, which holds a `-`, `/` or Unicode dash: a termination
    /// marker when it is one (up to a `[` or a byte order mark glued to it).
    #[inline]
    fn marker_word(&mut self, line: &[u8], start: usize, end: usize) {
        if !matches!(line[start], b'0' | b'1' | 0xC2 | 0xBD) {
            return;
        }
        let word = &line[start..end];
        let len = (0..word.len())
            .find(|&i| word[i] == b'[' || word[i..].starts_with(BOM))
            .unwrap_or(word.len());
        if termination_marker(&word[..len]).is_some() {
            self.marker(line, start + len);
        }
    }

    /// A termination marker that ends at `after` of `line` (the line up to its end): at depth
    /// 0 it ends the game, and a tag pair after it on the line (after whitespace, byte order
    /// marks or no-break spaces, if any) opens the next game there, at the first byte that is
    /// not PGN whitespace.
    fn marker(&mut self, line: &[u8], after: usize) {
        if self.depth > 0 {
            return;
        }
        self.ended = true;
        let rest = &line[after..];
        if let Some(tag) = content_start(rest)
            && rest[tag] == b'['
            && tag_name(&rest[tag..]).is_some()
        {
            self.cut = Some(after + rest.iter().take_while(|b| is_space(**b)).count());
        }
    }
}

/// The complete tag line at `p` that the fast path consumes (see
/// [`Splitter::skip_plain_lines`]): the start of the next line.
#[inline(always)]
fn plain_tag_line(buf: &[u8], p: usize) -> Option<usize> {
    match scan::find_byte_of(buf, p + 1, b"\n\r[") {
        Some(j) if buf[j] != b'[' => {
            line_end_at(buf, j).filter(|_| buf[p..j].trim_ascii_end().ends_with(b"]"))
        }
        _ => None,
    }
    .map(|(_, next)| next)
}

/// The complete movetext line at `p` that the fast path consumes (see
/// [`Splitter::skip_plain_lines`]): where the general scan takes over (the line end when it need
/// not), the line end and the start of the next line.
#[inline(always)]
fn plain_movetext_line(buf: &[u8], p: usize) -> Option<(usize, usize, usize)> {
    let mut i = p;
    let handover = loop {
        let j = scan::find_byte_of(buf, i, b"\n\r{(;-/*\xE2")?;
        match buf[j] {
            b'{' => match scan::find_byte_of(buf, j + 1, b"}\n\r") {
                // A comment closed on the same line changes nothing.
                Some(k) if buf[k] == b'}' => i = k + 1,
                _ => break j,
            },
            b'-' | b'/' | 0xE2 => {
                // (Words end at line ends: `\n` and `\r` are delimiters.)
                let (start, end) = word_around(buf, p, j);
                if matches!(buf[start], b'0' | b'1' | 0xC2 | 0xBD) {
                    break start;
                }
                i = end;
            }
            _ => break j,
        }
    };
    let (line_end, next) = match buf[handover] {
        b'\n' | b'\r' => line_end_at(buf, handover)?,
        _ => line_end_at(buf, scan::find_byte_of(buf, handover, b"\n\r")?)?,
    };
    Some((handover, line_end, next))
}

/// The word of `line` that holds byte `i` (not a delimiter), not reaching before `lo`:
/// `(start, end)`. A no-break space ends a word as whitespace does.
#[inline]
fn word_around(line: &[u8], lo: usize, i: usize) -> (usize, usize) {
    let mut start = i;
    while start > lo
        && !is_word_delimiter(line[start - 1])
        && !(line[start - 1] == 0xA0 && start - 1 > lo && line[start - 2] == 0xC2)
    {
        start -= 1;
    }
    let mut end = i + 1;
    while end < line.len()
        && !is_word_delimiter(line[end])
        && !(line[end] == 0xC2 && line.get(end + 1) == Some(&0xA0))
    {
        end += 1;
    }
    (start, end)
}

/// The number of characters in `bytes` (UTF-8 code points: bytes that are not continuation
/// bytes), as columns are counted.
fn chars(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|b| !(0x80..0xC0).contains(*b)).count() as u64
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
