//! The export of one game as a visitor of the walk: the walk replays the game (with its
//! variations when they are kept), the exporter writes what it meets in export format.

mod held;
mod out;

use std::ops::ControlFlow;

use shakmaty::Position;
use shakmaty::san::{SanPlus, Suffix};

use super::edit::{OtherTag, TagsEdit, decoded, text_of};
use super::write::{Wrapper, glyph_nag, split_glyph};
use super::{ExportOptions, Exported};
use crate::analysis::check::{MAX_FINDINGS_PER_GAME, problem_finding, stop_finding};
use crate::analysis::lexer::{Token, TokenKind};
use crate::analysis::notation::{CheckMark, Quirks};
use crate::analysis::tags::{RepeatedNames, decode, roster_index};
use crate::analysis::walk::start::fen_problem_at;
use crate::analysis::walk::{
    End, Game, GameText, LineView, Opened, Passed, Played, Problem, ProblemKind, Start, Stopped,
    Visitor,
};
use crate::model::{Code, Finding, Severity};
use out::STREAM_PIECE;
pub use out::{ExportBuffers, ExportOut};

/// What the exporter keeps of one line being written.
#[derive(Clone, Copy, Debug)]
struct LineOut {
    /// The next black move needs its number (`12...`).
    need_number: bool,
    /// A move that could not be played ended the line: the rest of it is left out.
    dead: bool,
}

impl LineOut {
    const NEW: LineOut = LineOut {
        need_number: true,
        dead: false,
    };
}

/// The visitor of `arbiter pgn`: rewrites one game in export format.
#[derive(Debug)]
pub struct Exporter<'o, 'w> {
    options: &'o ExportOptions,
    out: ExportOut<'w>,
    roster: [Option<String>; 7],
    /// The other tag pairs to write, as indices into the game's tags (a game may have a million).
    others: Vec<u32>,
    /// The FEN tag's value as written: the FEN of the position read, when the reading repaired
    /// the tag (the export is the game replayed, from the position it was replayed from).
    fen_tag: Option<String>,
    problems: Vec<Finding>,
    /// Problems not kept past [`MAX_FINDINGS_PER_GAME`].
    dropped: u64,
    w: Wrapper,
    truncated: bool,
    /// The text grew past the limit of [`ExportOut::Whole`], or the sink stopped.
    over_limit: bool,
    /// Bytes of text below which nothing is handed on or given up ([`Exporter::written`]).
    room: usize,
    plies: u32,
    lines: Vec<LineOut>,
    /// Nesting depth inside a variation that is left out (0: none).
    ignored: u32,
    /// The termination marker to write instead of the game's own ([`Exporter::force_result`]).
    forced_result: Option<&'static str>,
    /// The other tags once a visitor edits them ([`Exporter::tags_mut`]): they are written
    /// instead of `others`.
    edited_others: Option<Vec<OtherTag>>,
    /// No moves are exported (a variant not replayed, a FEN tag that gives no position): a
    /// PlyCount tag is kept as written.
    no_moves: bool,
    /// A result in another form at the end of the main line, while no later word voids it.
    held: Option<held::HeldResult>,
    /// The buffer [`Exported::text`] is made in ([`ExportBuffers::text`]).
    text_buffer: Vec<u8>,
    /// The movetext's buffer once the game is written, for the next game
    /// ([`Exporter::spare`]).
    spare: Vec<u8>,
}

impl<'o, 'w> Exporter<'o, 'w> {
    /// An exporter for one game, keeping its whole text.
    pub fn new(options: &'o ExportOptions) -> Exporter<'o, 'w> {
        Exporter::with_out(options, ExportOut::Whole { limit: usize::MAX })
    }

    /// An exporter for one game, its text going to `out`.
    pub fn with_out(options: &'o ExportOptions, out: ExportOut<'w>) -> Exporter<'o, 'w> {
        let room = match &out {
            ExportOut::Whole { limit } => limit.saturating_add(1),
            ExportOut::Measure | ExportOut::Stream { .. } => STREAM_PIECE,
        };
        Exporter {
            room,
            options,
            out,
            roster: Default::default(),
            others: Vec::new(),
            fen_tag: None,
            problems: Vec::new(),
            dropped: 0,
            w: Wrapper::default(),
            truncated: false,
            over_limit: false,
            plies: 0,
            lines: Vec::new(),
            ignored: 0,
            forced_result: None,
            edited_others: None,
            no_moves: false,
            held: None,
            text_buffer: Vec::new(),
            spare: Vec::new(),
        }
    }

    /// An exporter for one game, its text going to `out`, written in `buffers`.
    pub fn with_buffers(
        options: &'o ExportOptions,
        out: ExportOut<'w>,
        buffers: ExportBuffers,
    ) -> Exporter<'o, 'w> {
        Exporter {
            w: Wrapper::with_buffer(buffers.movetext),
            text_buffer: buffers.text,
            ..Exporter::with_out(options, out)
        }
    }

    /// The movetext's buffer ([`ExportBuffers::movetext`]), empty, after the game was written.
    pub fn spare(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.spare)
    }

    /// The Seven Tag Roster as the export left it (after the walk: the final values).
    pub fn roster(&self) -> &[Option<String>; 7] {
        &self.roster
    }

    /// The tag section the export will write: the Seven Tag Roster (in its order; `None` for a
    /// tag the game lacks) and the other tags, in order. A visitor that wraps the exporter may
    /// edit it before [`Visitor::end`] (`arbiter fix`, issue 14); the game's own tags stay
    /// borrowed ([`OtherTag::Game`]) until one is set.
    pub fn tags_mut(&mut self) -> TagsEdit<'_> {
        let others = self
            .edited_others
            .get_or_insert_with(|| self.others.iter().map(|&i| OtherTag::Game(i)).collect());
        TagsEdit {
            roster: &mut self.roster,
            others,
            fen: self.fen_tag.as_deref(),
        }
    }

    /// The Seven Tag Roster the export will write, for a visitor to edit (as
    /// [`Exporter::tags_mut`], without the other tags).
    pub fn roster_mut(&mut self) -> &mut [Option<String>; 7] {
        &mut self.roster
    }

    /// Writes `result` as the termination marker instead of the game's own (also when the main
    /// line is cut short); the Result tag is as [`Exporter::tags_mut`] leaves it (`arbiter fix`,
    /// issue 14).
    pub fn force_result(&mut self, result: &'static str) {
        self.forced_result = Some(result);
    }

    /// Writes `text` as a comment where the export stands, also in a line cut short at a move
    /// that could not be played (`arbiter fix --keep-broken` keeps the rest of a cut line so);
    /// nothing for an empty `text`, inside a variation left out, or without comments
    /// ([`ExportOptions::comments`]: no comment at all, so that a second export without them
    /// changes nothing).
    pub fn note(&mut self, text: &str) {
        if self.ignored > 0 || text.trim().is_empty() || !self.options.comments {
            return;
        }
        self.w.comment(text);
        if let Some(line) = self.lines.last_mut() {
            line.need_number = true;
        }
    }

    /// Writes arbiter's own comment `text` (why a line is cut short, why no move is exported),
    /// unless comments are left out ([`ExportOptions::comments`]: the finding says it then).
    fn arbiter_comment(&mut self, text: &str) {
        if self.options.comments {
            self.w.comment(text);
        }
    }

    /// The note for a word the export cannot read, kept as a comment where it stood; with
    /// `--no-comments`, no comment at all (the finding says it), so a second export changes
    /// nothing.
    fn stray_note(&mut self, note: &str) {
        if self.options.comments {
            self.w.comment(note);
            self.line().need_number = true;
        }
    }

    fn line(&mut self) -> &mut LineOut {
        self.lines.last_mut().expect("main line")
    }

    /// The move number a move (or a null move) that leads to `after` is written with: always for
    /// a white move (`12.`), for a black one when it follows a comment, a NAG or a variation,
    /// or starts a line (`12...`); as (number, white).
    #[inline(always)]
    fn number_before(&mut self, after: &shakmaty::Chess) -> Option<(u32, bool)> {
        let white = after.turn() == shakmaty::Color::Black;
        let moves = after.fullmoves().get();
        match white {
            true => Some((moves, true)),
            false if self.line().need_number => Some((moves.saturating_sub(1).max(1), false)),
            false => None,
        }
    }

    /// Nothing of the current line is written: a left-out variation, or a line cut short.
    fn quiet(&self) -> bool {
        self.ignored > 0 || self.lines.last().is_none_or(|l| l.dead)
    }

    /// True when no more problems are kept (the rest are counted, as `arbiter check` does).
    fn full(&mut self) -> bool {
        let full = self.problems.len() >= MAX_FINDINGS_PER_GAME;
        self.dropped += u64::from(full);
        full
    }

    /// A problem of the export, with what it did about it.
    fn report(&mut self, mut finding: Finding, done: &str) {
        finding.severity = Severity::Error;
        finding.message.push_str(done);
        self.problems.push(finding);
    }

    /// An annotation glyph: a NAG when it has one, else a comment.
    fn glyph(&mut self, glyph: &str) {
        match glyph_nag(glyph) {
            Some(nag) if self.options.nags => {
                self.w.nag(nag);
                self.line().need_number = true;
            }
            None if self.options.comments => {
                self.w.comment(glyph);
                self.line().need_number = true;
            }
            _ => {}
        }
    }

    /// The `syntax/too-many-findings` error when problems were dropped (as `arbiter check`
    /// says it).
    fn too_many(&mut self) {
        if self.dropped == 0 {
            return;
        }
        let (line, col) = self.problems.last().map_or((1, 1), |f| (f.line, f.col));
        self.problems.push(Finding {
            severity: Severity::Error,
            code: Code::SyntaxTooManyFindings,
            ply: None,
            move_text: None,
            token: None,
            line,
            col,
            fen: None,
            message: format!(
                "{} more findings in this game are not shown (at most {MAX_FINDINGS_PER_GAME} per game)",
                self.dropped
            ),
            variation: false,
            san: None,
        });
    }
}

impl Exporter<'_, '_> {
    /// The standard result a word of the main line at `depth` stands for when it is a result
    /// in another form (`1:0`, `+--`) and none is held yet (see `held`).
    fn result_form_at_end(&self, depth: usize, text: &[u8]) -> Option<&'static str> {
        (depth == 0 && self.held.is_none())
            .then(|| super::result_form(&decode(text)))
            .flatten()
    }

    /// The result the export writes when no caller forces one, with the Result tag it leaves:
    /// `*` for a main line cut short; the result a checkmate or stalemate at the end of the
    /// main line gives (arts. 5.1.1, 5.2.1), in the tag too; else the termination marker, or the
    /// Result tag's in standard form (`1/2` → `1/2-1/2`, `1:0` → `1-0`), else `*`. A Result
    /// tag that is not one of the four markers becomes the result written.
    fn own_result(&mut self, end: &End<'_, '_>) -> &'static str {
        let tag = self.roster[6].as_deref().and_then(super::result_form);
        // A result in another form that ends the main line (`Qh4# 0:1`, see `held`) is the
        // marker; one that is a word the walk stopped at leaves the position before it final.
        let held = self.held.take();
        let held_stop = held.as_ref().is_some_and(|h| h.stopped);
        let decided = end
            .main
            .as_ref()
            .filter(|m| !m.dead || held_stop)
            .and_then(|m| super::decided_by_position(m.pos));
        let result = if self.truncated {
            "*"
        } else if let Some(decided) = decided {
            decided
        } else {
            end.result
                .and_then(|t| std::str::from_utf8(t.text).ok())
                .and_then(super::standard_result)
                .or(held.map(|h| h.result))
                .or(tag)
                .unwrap_or("*")
        };
        let valid = |r: &str| matches!(r, "1-0" | "0-1" | "1/2-1/2" | "*");
        let valid_tag = self.roster[6].as_deref().is_some_and(valid);
        if self.truncated || decided.is_some() || !valid_tag {
            // Export format needs one of the four markers in the tag: a missing Result tag, or
            // one that is not a result (`1/2`), gets the game's result.
            self.roster[6] = Some(result.to_owned());
        }
        result
    }
}

/// Text written by the wrapper (UTF-8 by construction, checked once: `str::from_utf8`'s
/// ASCII fast path costs a fraction of `from_utf8_lossy`'s chunked scan, 25 M instructions on
/// 5 MB of lichess games).
fn as_text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// Said in the comment where the main line is cut: the game's own Result tag, when it has one
/// that is not `*`.
fn result_note(game: &Game<'_>) -> String {
    match game.tags.get("Result").map(|t| text_of(t.raw)) {
        Some(r) if r != "*" => format!("; the game's result was {r}"),
        _ => String::new(),
    }
}

/// The standard SAN of a move played, with its check or mate suffix.
#[inline(always)]
fn san_plus(m: &Played<'_, '_>) -> SanPlus {
    let suffix = match m.mark {
        CheckMark::None => None,
        CheckMark::Check => Some(Suffix::Check),
        CheckMark::Mate => Some(Suffix::Checkmate),
    };
    SanPlus {
        san: m.resolved.san,
        suffix,
    }
}

impl<'g> Visitor<'g> for Exporter<'_, '_> {
    type Output = Exported;

    fn variations(&self) -> bool {
        self.options.variations
    }

    fn check_marks(&self) -> bool {
        true
    }

    fn needs_before(&self) -> bool {
        false
    }

    #[inline(always)]
    fn token(&mut self, _game: &mut Game<'g>, token: &Token<'g>) {
        if self.held.is_some() {
            self.held_token(token);
        }
    }

    fn tags(&mut self, game: &mut Game<'g>) -> ControlFlow<()> {
        // A repeated tag keeps its first value (a game may have a million tags, kept as
        // indices).
        let pairs = &game.tags.pairs;
        let mut names = RepeatedNames::new(pairs.len());
        let mut bytes = 0;
        for (i, pair) in pairs.iter().enumerate() {
            if let Some(r) = roster_index(pair.name) {
                if self.roster[r].is_none() {
                    self.roster[r] = Some(text_of(pair.raw).into_owned());
                }
            } else if !names.repeated(pairs, i) {
                self.others.push(i as u32);
                bytes += pair.text.len();
            }
        }
        match &mut self.out {
            ExportOut::Whole { limit } if bytes > *limit => {
                self.over_limit = true;
                ControlFlow::Break(())
            }
            _ => ControlFlow::Continue(()),
        }
    }

    fn start(&mut self, game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        // A FEN tag read with a repair is written as read: the export is the game replayed,
        // from the position it was replayed from.
        if let Start::Position { pos, fen } = start
            && fen.iter().any(|p| p.repaired)
        {
            let fen = shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Always);
            self.fen_tag = Some(fen.to_string());
        }
        self.no_moves = !matches!(start, Start::Position { .. });
        if self.stream_tags(game).is_break() {
            return ControlFlow::Break(());
        }
        let (code, why, at) = match start {
            Start::Position { .. } => {
                self.lines.push(LineOut::NEW);
                return ControlFlow::Continue(());
            }
            Start::Unsupported { variant } => (
                Code::VariantUnsupported,
                format!("variant {variant} is not replayed"),
                game.tags.get("Variant").map_or(0, |t| t.start),
            ),
            Start::BadFen { problem } => (
                Code::TagBadFen,
                format!("bad FEN tag: {}", problem.message),
                game.tags
                    .get("FEN")
                    .map_or(0, |t| fen_problem_at(t, problem).0),
            ),
        };
        let (line, col) = game.locate(at);
        self.problems.push(Finding {
            severity: Severity::Error,
            code,
            ply: None,
            move_text: None,
            token: None,
            line,
            col,
            fen: None,
            message: format!("{why}; no moves exported"),
            variation: false,
            san: None,
        });
        let note = format!("arbiter: {why}{}", result_note(game));
        self.arbiter_comment(&note);
        self.truncated = true;
        ControlFlow::Break(())
    }

    #[inline(always)]
    fn played(&mut self, _game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        if self.quiet() {
            return ControlFlow::Continue(());
        }
        let number = self.number_before(m.after);
        let attached = m.parsed.quirks.contains(Quirks::ATTACHED_GLYPH);
        // The move as written, and an annotation glyph after it (`Nf3!?`).
        let text;
        let (written, glyph) = match attached || matches!(m.text.last(), Some(b'!' | b'?')) {
            true => {
                text = decoded(m.text);
                let (written, glyph) = split_glyph(&text, attached);
                (written.as_bytes(), glyph)
            }
            false => (m.text, None),
        };
        // A move written as its standard SAN is copied; another one is written anew.
        let standard = m.parsed.quirks.is_empty()
            && m.resolved.quirks.is_empty()
            && m.mark == m.parsed.check
            && written.is_ascii()
            && !written.ends_with(b"++");
        #[cfg(test)]
        if standard {
            assert_eq!(
                decoded(written),
                san_plus(m).to_string(),
                "a SAN copied is standard"
            );
        }
        match standard {
            true => self
                .w
                .move_word(number, |out| out.extend_from_slice(written)),
            false => self
                .w
                .move_word(number, |out| san_plus(m).append_ascii_to(out)),
        }
        self.plies += u32::from(m.depth == 0);
        self.line().need_number = false;
        if let Some(glyph) = glyph {
            self.glyph(glyph);
        }
        self.written()
    }

    /// A null move in a variation is written `--`, as ChessBase and python-chess write it (PGN
    /// has no null move; the walk reads it as passing the turn).
    fn passed(&mut self, _game: &mut Game<'g>, p: &Passed<'_, 'g>) -> ControlFlow<()> {
        if self.quiet() {
            return ControlFlow::Continue(());
        }
        let number = self.number_before(p.after);
        self.w.move_word(number, |out| out.extend_from_slice(b"--"));
        self.line().need_number = false;
        // (A variation of millions of null moves is held within the limit, as moves are.)
        self.written()
    }

    fn stopped(&mut self, game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        if self.quiet() {
            return ControlFlow::Continue(());
        }
        let main = s.depth == 0;
        let mut finding = stop_finding(game, s);
        finding.variation = !main;
        let note = if main {
            result_note(game)
        } else {
            String::new()
        };
        let comment = if s.not_a_move {
            let token = crate::analysis::text::token_text(s.token.text);
            let comment = format!("arbiter: '{token}' is not a move{note}");
            if let Some(result) = self.result_form_at_end(s.depth, s.token.text) {
                let done = "; the game is exported up to it, with result *";
                let finding = (!self.full()).then_some((finding, done));
                self.held = Some(held::HeldResult::new(
                    s.token.start,
                    result,
                    finding,
                    comment,
                    true,
                ));
                return ControlFlow::Continue(());
            }
            comment
        } else {
            format!(
                "arbiter: {}{note}",
                finding.message.replacen(" in a variation", "", 1)
            )
        };
        let done = if main {
            "; the game is exported up to it, with result *"
        } else {
            "; the variation is exported up to it"
        };
        if !self.full() {
            self.report(finding, done);
        }
        self.arbiter_comment(&comment);
        self.truncated |= main;
        self.line().dead = true;
        self.written()
    }

    fn problem(&mut self, game: &mut Game<'g>, p: &Problem<'g>) {
        if self.quiet() {
            return;
        }
        let reported = matches!(
            p.kind,
            ProblemKind::UnknownToken
                | ProblemKind::VariationWithoutMove
                | ProblemKind::VariationTooDeep
        );
        // Past the most findings kept, a problem is counted, not located (which reads the game
        // from its start: a million of them would take hours).
        let finding = match reported && !self.full() {
            true => {
                let mut finding = problem_finding(game, p);
                finding.variation = p.depth > 0;
                Some(finding)
            }
            false => None,
        };
        match p.kind {
            ProblemKind::UnknownToken => {
                let text = decode(p.text.unwrap_or_default());
                if let Some(result) = self.result_form_at_end(p.depth, p.text.unwrap_or_default()) {
                    let comment = format!("arbiter: unreadable token '{text}'");
                    let finding = finding.map(|f| (f, "; kept as a comment"));
                    self.held = Some(held::HeldResult::new(p.at, result, finding, comment, false));
                    return;
                }
                if let Some(finding) = finding {
                    self.report(finding, "; kept as a comment");
                }
                // A `}` cannot stand inside a comment: say it in words.
                let note = match text.contains('}') {
                    true => "arbiter: a closing brace with no opening one".to_owned(),
                    false => format!("arbiter: unreadable token '{text}'"),
                };
                self.stray_note(&note);
            }
            ProblemKind::VariationWithoutMove if self.options.variations => {
                if let Some(finding) = finding {
                    self.report(finding, ": it is left out");
                }
            }
            ProblemKind::VariationTooDeep if self.options.variations => {
                if let Some(finding) = finding {
                    self.report(finding, ": they are left out");
                }
            }
            _ => {}
        }
        // Comments between moves count against the limit too (a million stray braces).
        let _ = self.written();
    }

    fn annotation(&mut self, _game: &mut Game<'g>, token: &Token<'g>, _line: &LineView<'_>) {
        if self.quiet() {
            return;
        }
        match token.kind {
            TokenKind::Nag(n) if self.options.nags => {
                self.w.nag(n);
                self.line().need_number = true;
            }
            TokenKind::Glyph => self.glyph(&decoded(token.text)),
            TokenKind::Comment | TokenKind::LineComment | TokenKind::UnterminatedComment
                if self.options.comments =>
            {
                // The text inside the braces (after the `;`), both ASCII: plain ASCII is written
                // from the bytes, other text decoded.
                let end = match token.kind {
                    TokenKind::Comment => token.text.len() - 1,
                    _ => token.text.len(),
                };
                let inner = &token.text[1..end];
                let written = match self.w.plain_comment(inner) {
                    Some(written) => written,
                    None => self.w.comment_unless_blank(&decoded(inner)),
                };
                if written {
                    self.line().need_number = true;
                }
            }
            _ => {}
        }
        let _ = self.written();
    }

    fn open(&mut self, _game: &mut Game<'g>, v: &Opened<'_, 'g>) {
        if self.quiet() || !v.replayed || v.replaces.is_none() {
            // Left out: not kept, nested too deep, following no move, or replacing a move that
            // could not be played (it is not written).
            self.ignored += 1;
            return;
        }
        self.lines.push(LineOut::NEW);
        self.w.open();
    }

    fn close(&mut self, _game: &mut Game<'g>, _line: Option<&LineView<'_>>) {
        if self.ignored > 0 {
            // Nothing of it was written: the next black move needs no number for it.
            self.ignored -= 1;
            return;
        }
        self.lines.pop();
        self.w.close();
        if !self.lines.is_empty() {
            self.line().need_number = true;
        }
    }

    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> Exported {
        let result = match self.forced_result {
            Some(forced) => forced,
            None => self.own_result(end),
        };
        let mut w = std::mem::take(&mut self.w);
        w.word(result);
        let mut movetext = w.finish_bytes();
        movetext.push(b'\n');
        let text = match &mut self.out {
            ExportOut::Whole { .. } if self.over_limit => String::new(),
            ExportOut::Whole { .. } => {
                let mut buffer = std::mem::take(&mut self.text_buffer);
                buffer.clear();
                // An empty buffer is text.
                let mut text = String::from_utf8(buffer).unwrap_or_default();
                text.reserve(movetext.len() + 1024);
                self.tag_section(game, &self.roster, &mut |piece| {
                    text.push_str(piece);
                    true
                });
                text.push_str(&as_text(&movetext));
                text
            }
            ExportOut::Measure => String::new(),
            ExportOut::Stream { sink, .. } => {
                self.over_limit |= !sink(&as_text(&movetext));
                String::new()
            }
        };
        movetext.clear();
        self.spare = movetext;
        self.too_many();
        Exported {
            text,
            problems: std::mem::take(&mut self.problems),
            truncated: self.truncated,
            over_limit: self.over_limit,
            event: self.roster[0].clone(),
            white: self.roster[4].clone(),
            black: self.roster[5].clone(),
            plies: self.plies,
        }
    }

    fn panicked(&mut self, text: &GameText<'g>) -> Exported {
        Exported {
            problems: vec![Finding {
                severity: Severity::Error,
                code: Code::InternalPanic,
                ply: None,
                move_text: None,
                token: None,
                line: text.line,
                col: 1,
                fen: None,
                message:
                    "internal error while exporting this game (please report it); game left out"
                        .to_owned(),
                variation: false,
                san: None,
            }],
            ..Exported::default()
        }
    }
}
