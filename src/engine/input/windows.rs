//! Cutting an input into windows of whole games: slices of a mapped file, or the bytes of a
//! stream read in blocks; and skipping a game that is too large to the line where reading resumes.

use std::io::{self, Read};

use super::MAX_GAME_BYTES;
use super::interruptible::{LiveFd, ready_within};
use crate::bytes::{ends_with_termination_marker, holds_no_game};
use crate::engine::interrupt;
use crate::engine::split::{Span, Splitter, is_blank};

/// Most games in one window, so that memory for per-game results stays bounded.
const WINDOW_GAMES: usize = 8192;

/// Block size for reads from a stream.
const READ_BYTES: usize = 1 << 20;

enum Source<'a> {
    Mapped(&'a [u8]),
    Stream {
        reader: &'a mut (dyn Read + Send),
        buf: Vec<u8>,
        eof: bool,
        /// The error that ended the stream early (a damaged compressed stream, a read error):
        /// the bytes read before it are split and handed out first, then it is returned.
        error: Option<io::Error>,
        /// The descriptor of a live stream (a pipe): a window ends early when it pauses.
        live: Option<LiveFd>,
    },
}

/// How long a live stream may stay silent before the whole games read are handed out as a
/// window, in milliseconds. At full speed data comes within it and windows stay full.
const LIVE_PAUSE_MS: i32 = 50;

/// One game inside a window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSpan {
    /// 1-based index of the game in its input; 0 for a span of blank bytes only (an input with
    /// no game), which is passed on so that split outputs still receive every byte.
    pub index: u64,
    /// The game's bytes in the window.
    pub span: Span,
    /// The game is larger than [`MAX_GAME_BYTES`]: it must be reported, not analysed. On a
    /// stream, its bytes come in several spans; the first has the game's index, the others 0.
    pub too_large: bool,
    /// The stream's read failed inside this game (a compressed stream that ends early or is
    /// damaged): its bytes end where the decoding stopped, the rest of the game is missing.
    pub cut: bool,
}

/// A run of whole games.
#[derive(Debug)]
pub struct Window<'a> {
    data: WindowData<'a>,
    /// Offset of the window's first byte in the input.
    pub offset: u64,
    /// The games, in input order.
    pub games: Vec<GameSpan>,
    /// The window ended because its live stream paused (see [`Windows::next_window`]): what
    /// its results are written to should be flushed once they are.
    pub paused: bool,
}

#[derive(Debug)]
enum WindowData<'a> {
    Borrowed(&'a [u8]),
    Owned(Vec<u8>),
}

impl Window<'_> {
    /// The window's bytes; game spans index into them.
    pub fn bytes(&self) -> &[u8] {
        match &self.data {
            WindowData::Borrowed(b) => b,
            WindowData::Owned(v) => v,
        }
    }

    /// Number of bytes in the window.
    pub fn len(&self) -> usize {
        self.bytes().len()
    }

    /// True when the window holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.bytes().is_empty()
    }
}

/// Iterator-like producer of [`Window`]s (see [`Input::windows`](super::Input::windows)).
pub struct Windows<'a> {
    source: Source<'a>,
    /// Target size of a window, in bytes.
    window_bytes: usize,
    splitter: Splitter,
    /// Input offset of the first byte still in the stream buffer.
    consumed: u64,
    next_index: u64,
    done: bool,
    /// Skipping the rest of a game that is too large (standard input path).
    skip: Option<Skip>,
}

impl std::fmt::Debug for Windows<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Windows")
            .field("consumed", &self.consumed)
            .finish()
    }
}

/// The rest of a game that is too large, being skipped on the streaming path: its bytes are handed
/// out in pieces (so that `--invalid-out` still gets them) and dropped.
#[derive(Debug)]
struct Skip {
    /// Offset in the stream buffer where the scan for the next game goes on.
    at: usize,
    /// Offset in the stream buffer of the first byte not yet handed out.
    piece_start: usize,
    /// Index of the game.
    index: u64,
    /// Line of the game's first byte.
    game_line: u64,
    /// The first piece (which carries the game's index) has been handed out.
    head_done: bool,
    resync: Resync,
}

/// Finds where reading resumes after a game that is too large: the next line that is a tag pair
/// (`[Name "`) and either follows a blank line or is an `[Event` tag. Resumable over a stream read
/// in blocks, and deterministic: the decision about a line looks at its first
/// [`RESYNC_LOOK`] bytes only, so the result does not depend on block sizes.
#[derive(Clone, Debug)]
struct Resync {
    /// Line number at the scan position.
    line: u64,
    /// The previous line was blank.
    prev_blank: bool,
    /// The scan stands inside a line already judged (not a line start).
    mid_line: bool,
    /// The current line is blank so far.
    line_blank: bool,
}

/// Bytes of a line looked at when deciding whether reading resumes there.
const RESYNC_LOOK: usize = 256;

impl Resync {
    /// A scan from a line start numbered `line`; `skip_first` when that line is the game's own
    /// first line (which cannot start the next game).
    fn new(line: u64, skip_first: bool) -> Resync {
        Resync {
            line,
            prev_blank: false,
            mid_line: skip_first,
            line_blank: true,
        }
    }

    /// Scans `data` (which starts where the previous call stopped). Returns `Ok(offset)` of the
    /// line where the next game starts (`self.line` is its number), or `Err(offset)`: bytes
    /// before it may be dropped, and the next call must start there with more data.
    fn scan(&mut self, data: &[u8], eof: bool) -> Result<usize, usize> {
        let mut i = 0;
        loop {
            if i >= data.len() {
                return Err(i);
            }
            let rest = &data[i..];
            if !self.mid_line {
                let line_len = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
                if line_len == rest.len() && line_len < RESYNC_LOOK && !eof {
                    return Err(i);
                }
                let head = &rest[..line_len.min(RESYNC_LOOK)];
                if let Some(name) = crate::engine::split::tag_name(head)
                    && (self.prev_blank || name == b"Event")
                {
                    return Ok(i);
                }
                self.mid_line = true;
                self.line_blank = true;
            }
            match memchr::memchr2(b'\n', b'\r', rest) {
                Some(j) => {
                    self.line_blank &= is_blank(&rest[..j]);
                    let next = if rest[j] == b'\n' {
                        j + 1
                    } else if j + 1 < rest.len() {
                        j + 1 + usize::from(rest[j + 1] == b'\n')
                    } else if eof {
                        j + 1
                    } else {
                        // A CR at the end of the block: is it CRLF?
                        return Err(i + j);
                    };
                    self.prev_blank = self.line_blank;
                    self.mid_line = false;
                    self.line += 1;
                    i += next;
                }
                None => {
                    self.line_blank &= is_blank(rest);
                    return Err(data.len());
                }
            }
        }
    }
}

/// Reads one more block from `reader` into `buf`; sets `eof` at the end of the input.
///
/// A read error ends the input like its end would (`eof`), and is kept in `error`: what was
/// read before it (the games a damaged compressed stream still gave) is read like any other
/// input, then the error is reported.
///
/// # Errors
/// Returns an error only when Ctrl-C stopped the read ([`interrupt::requested`]).
fn fill(
    reader: &mut (dyn Read + Send),
    buf: &mut Vec<u8>,
    eof: &mut bool,
    error: &mut Option<io::Error>,
) -> io::Result<()> {
    let old = buf.len();
    // Amortised growth: capacity past the bytes read is never touched, so it costs no memory.
    buf.resize(old + READ_BYTES, 0);
    let n = loop {
        match reader.read(&mut buf[old..]) {
            Ok(n) => break n,
            Err(_) if interrupt::requested() => {
                buf.truncate(old);
                return Err(interrupt::error());
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                *error = Some(e);
                break 0;
            }
        }
    };
    buf.truncate(old + n);
    if n == 0 {
        *eof = true;
    }
    Ok(())
}

impl<'a> Windows<'a> {
    /// True when the windows are slices of a mapped file (they hold no bytes of their own).
    pub fn is_mapped(&self) -> bool {
        matches!(self.source, Source::Mapped(_))
    }

    /// Windows of about `window_bytes` of the bytes of a mapped file.
    pub(super) fn of_map(map: &'a [u8], window_bytes: usize) -> Windows<'a> {
        Windows {
            source: Source::Mapped(map),
            window_bytes,
            splitter: Splitter::new(),
            consumed: 0,
            next_index: 1,
            done: false,
            skip: None,
        }
    }

    /// Windows of about `window_bytes` of a stream read in blocks; on a `live` stream (a pipe
    /// read as it is written), a window also ends, with the whole games read so far, when the
    /// stream stays silent for [`LIVE_PAUSE_MS`].
    pub(super) fn of_stream(
        reader: &'a mut (dyn Read + Send),
        window_bytes: usize,
        live: Option<LiveFd>,
    ) -> Windows<'a> {
        Windows {
            window_bytes,
            source: Source::Stream {
                reader,
                buf: Vec::new(),
                eof: false,
                error: None,
                live,
            },
            splitter: Splitter::new(),
            consumed: 0,
            next_index: 1,
            done: false,
            skip: None,
        }
    }

    /// The next window, or `None` at the end of the input.
    ///
    /// A game that is too large (see [`MAX_GAME_BYTES`]) is handed out with
    /// [`GameSpan::too_large`] set and is not split further: on a mapped file as one span, on a
    /// stream as a first piece (with the game's index) followed by pieces of index 0, so that
    /// memory stays bounded. Reading resumes at the next line that is a tag pair after a blank
    /// line, or an `[Event` tag pair.
    ///
    /// # Errors
    /// Returns the read error of a streamed input once the games read before it were handed
    /// out (a truncated compressed stream: its last decoded bytes are not lost), or the
    /// interrupt error after Ctrl-C.
    pub fn next_window(&mut self) -> io::Result<Option<Window<'a>>> {
        if self.done {
            if let Source::Stream { error, .. } = &mut self.source
                && let Some(e) = error.take()
            {
                return Err(e);
            }
            return Ok(None);
        }
        match &mut self.source {
            Source::Mapped(map) => {
                let map: &'a [u8] = map;
                self.next_mapped(map)
            }
            Source::Stream { .. } => self.next_streamed(),
        }
    }

    /// [`Windows::next_window`] of a mapped file: a too large game is one span, up to where
    /// reading resumes.
    fn next_mapped(&mut self, map: &'a [u8]) -> io::Result<Option<Window<'a>>> {
        let start = self.splitter.pending_start();
        let mut games = Vec::new();
        let mut end = start;
        loop {
            let game_start = self.splitter.pending_start();
            let limit = map.len().min(game_start.saturating_add(MAX_GAME_BYTES));
            let at_end = limit == map.len();
            let game = match self.splitter.next_game(&map[..limit], at_end) {
                Some(span) => {
                    let blank = holds_no_game(&map[span.start..span.end]);
                    let index = if blank { 0 } else { self.next_index };
                    (span, index, false)
                }
                None if at_end => break,
                None => {
                    let (pos, line, game_line) = self.splitter.scan_position();
                    let mut resync = Resync::new(line, pos == game_start);
                    let stop = match resync.scan(&map[pos..], true) {
                        Ok(r) => pos + r,
                        Err(_) => map.len(),
                    };
                    self.splitter.restart_at(stop, resync.line);
                    let span = Span {
                        start: game_start,
                        end: stop,
                        line: game_line,
                        col: 1,
                        joined: false,
                    };
                    (span, self.next_index, true)
                }
            };
            let (span, index, too_large) = game;
            end = span.end;
            games.push(GameSpan {
                index,
                span: Span {
                    start: span.start - start,
                    end: span.end - start,
                    ..span
                },
                too_large,
                cut: false,
            });
            if index > 0 {
                self.next_index += 1;
            }
            if end - start >= self.window_bytes || games.len() >= WINDOW_GAMES {
                break;
            }
        }
        if end == start {
            self.done = true;
            return Ok(None);
        }
        Ok(Some(Window {
            data: WindowData::Borrowed(&map[start..end]),
            offset: start as u64,
            games,
            paused: false,
        }))
    }

    /// [`Windows::next_window`] of a stream: reads blocks until a window is complete; a too
    /// large game is handed out in pieces as they are read.
    fn next_streamed(&mut self) -> io::Result<Option<Window<'a>>> {
        let Source::Stream {
            reader,
            buf,
            eof,
            error,
            live,
        } = &mut self.source
        else {
            unreachable!("next_streamed on a mapped input");
        };
        let mut games = Vec::new();
        let mut scanned_to = 0;
        let mut paused = false;
        loop {
            if let Some(skip) = self.skip.as_mut() {
                if let Some(end) = skip_step(skip, buf, *eof, &mut games, &mut scanned_to) {
                    let line = skip.resync.line;
                    self.splitter.restart_at(end, line);
                    self.skip = None;
                    continue;
                }
                if scanned_to > 0 {
                    break;
                }
                fill(*reader, buf, eof, error)?;
                continue;
            }
            let game_start = self.splitter.pending_start();
            let limit = buf.len().min(game_start + MAX_GAME_BYTES);
            let at_end = *eof && limit == buf.len();
            match self.splitter.next_game(&buf[..limit], at_end) {
                Some(span) => {
                    scanned_to = span.end;
                    let blank = holds_no_game(&buf[span.start..span.end]);
                    games.push(GameSpan {
                        index: if blank { 0 } else { self.next_index },
                        span,
                        too_large: false,
                        // The last bytes decoded before the read error: a game cut short,
                        // unless its text reached its termination marker (a cut between
                        // games).
                        cut: !blank
                            && at_end
                            && error.is_some()
                            && span.end == buf.len()
                            && !ends_with_termination_marker(&buf[span.start..span.end]),
                    });
                    if !blank {
                        self.next_index += 1;
                    }
                    if span.end >= self.window_bytes || games.len() >= WINDOW_GAMES {
                        break;
                    }
                }
                None if at_end => break,
                None if buf.len() > game_start + MAX_GAME_BYTES => {
                    // The game is too large: hand it out in pieces and skip to the next.
                    let (pos, line, game_line) = self.splitter.scan_position();
                    self.skip = Some(Skip {
                        at: pos,
                        piece_start: game_start,
                        index: self.next_index,
                        game_line,
                        head_done: false,
                        resync: Resync::new(line, pos == game_start),
                    });
                    self.next_index += 1;
                }
                None => {
                    // Whole games wait while the writer pauses (a live feed): hand them out.
                    if !games.is_empty() && live.is_some_and(|fd| !ready_within(fd, LIVE_PAUSE_MS))
                    {
                        paused = true;
                        break;
                    }
                    fill(*reader, buf, eof, error)?;
                }
            }
        }
        if scanned_to == 0 {
            self.done = true;
            return match error.take() {
                Some(e) => Err(e),
                None => Ok(None),
            };
        }
        let tail = buf.split_off(scanned_to);
        let data = std::mem::replace(buf, tail);
        match self.skip.as_mut() {
            Some(skip) => {
                skip.at -= scanned_to;
                skip.piece_start -= scanned_to;
            }
            None => self.splitter.consume(scanned_to),
        }
        let offset = self.consumed;
        self.consumed += scanned_to as u64;
        Ok(Some(Window {
            data: WindowData::Owned(data),
            offset,
            games,
            paused,
        }))
    }
}

/// One step through a game too large (`skip`) in the bytes read so far (`buf`, all of the
/// stream when `eof`): the piece read since the last one is handed out (`games`, `scanned_to`
/// moved past it); the offset where the game ends when it was found.
fn skip_step(
    skip: &mut Skip,
    buf: &[u8],
    eof: bool,
    games: &mut Vec<GameSpan>,
    scanned_to: &mut usize,
) -> Option<usize> {
    let (end, done) = match skip.resync.scan(&buf[skip.at..], eof) {
        Ok(r) => (skip.at + r, true),
        Err(_) if eof => (buf.len(), true),
        Err(k) => (skip.at + k, false),
    };
    skip.at = end;
    if end > skip.piece_start {
        games.push(GameSpan {
            index: if skip.head_done { 0 } else { skip.index },
            span: Span {
                start: skip.piece_start,
                end,
                line: skip.game_line,
                col: 1,
                joined: false,
            },
            too_large: true,
            cut: false,
        });
        skip.head_done = true;
        skip.piece_start = end;
        *scanned_to = end;
    }
    done.then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scans `data` fed in blocks of `step` bytes, dropping what the scanner lets go, as the
    /// stream path does; returns the resume offset and its line.
    fn resync_in_blocks(data: &[u8], step: usize, skip_first: bool) -> Option<(usize, u64)> {
        let mut r = Resync::new(1, skip_first);
        let (mut kept, mut len) = (0, 0);
        loop {
            len = (len + step).min(data.len());
            let eof = len == data.len();
            match r.scan(&data[kept..len], eof) {
                Ok(at) => return Some((kept + at, r.line)),
                Err(_) if eof => return None,
                Err(k) => kept += k,
            }
        }
    }

    #[test]
    fn resync_does_not_depend_on_block_sizes() {
        let mut data = b"1. e4 {".to_vec();
        data.extend(b"x".repeat(700));
        data.extend(b"\r\n[White \"no blank line before\"]\r\n\r\r\n");
        data.extend(b" ".repeat(300));
        data.extend(b"\n\n[Site \"after a blank line\"]\n1. e4 *\n");
        let whole = resync_in_blocks(&data, data.len(), true);
        let at = data.windows(6).position(|w| w == b"[Site ").unwrap();
        assert_eq!(whole, Some((at, 7)));
        for step in [1, 2, 3, 7, 64, 255, 256, 257, 1000] {
            assert_eq!(resync_in_blocks(&data, step, true), whole, "step {step}");
        }
        // An [Event tag pair resumes even without a blank line; the first line never does.
        let data = b"[Event \"big\"]\n{ ...\n[Event \"next\"]\n".to_vec();
        assert_eq!(resync_in_blocks(&data, 5, true), Some((20, 3)));
        assert_eq!(resync_in_blocks(&data, 5, false), Some((0, 1)));
        assert_eq!(resync_in_blocks(b"no tags\nat all", 3, true), None);
    }
}
