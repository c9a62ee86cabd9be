//! The export of one game as a visitor of the walk: the walk replays the game (with its
//! variations when they are kept), the exporter writes what it meets in export format.

use std::collections::HashSet;
use std::ops::ControlFlow;

use shakmaty::Position;
use shakmaty::san::{SanPlus, Suffix};

use super::write::{Wrapper, glyph_nag, split_glyph, write_tags};
use super::{ExportOptions, Exported};
use crate::analysis::check::{problem_finding, stop_finding};
use crate::analysis::lexer::{Token, TokenKind};
use crate::analysis::notation::{CheckMark, Quirks};
use crate::analysis::tags::{SEVEN_TAG_ROSTER, decode, unescape};
use crate::analysis::text::move_number_before;
use crate::analysis::walk::start::fen_problem_at;
use crate::analysis::walk::{
    End, Game, GameText, LineView, Opened, Passed, Played, Problem, ProblemKind, Start, Stopped,
    Visitor,
};
use crate::model::{Code, Finding, Severity};

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
pub struct Exporter<'o> {
    options: &'o ExportOptions,
    roster: [Option<String>; 7],
    others: Vec<(String, String)>,
    problems: Vec<Finding>,
    w: Wrapper,
    truncated: bool,
    plies: u32,
    lines: Vec<LineOut>,
    /// Nesting depth inside a variation that is left out (0: none).
    ignored: u32,
    /// Said in the comment where the main line is cut.
    result_note: String,
    /// The termination marker to write instead of the game's own ([`Exporter::force_result`]).
    forced_result: Option<&'static str>,
}

impl<'o> Exporter<'o> {
    /// An exporter for one game.
    pub fn new(options: &'o ExportOptions) -> Exporter<'o> {
        Exporter {
            options,
            roster: Default::default(),
            others: Vec::new(),
            problems: Vec::new(),
            w: Wrapper::default(),
            truncated: false,
            plies: 0,
            lines: Vec::new(),
            ignored: 0,
            result_note: String::new(),
            forced_result: None,
        }
    }

    /// The tag section the export will write: the Seven Tag Roster (in its order; `None` for a
    /// tag the game lacks) and the other tags, in order. A visitor that wraps the exporter may
    /// edit it before [`Visitor::end`] (`arbiter fix`, issue 14).
    pub fn tags_mut(&mut self) -> (&mut [Option<String>; 7], &mut Vec<(String, String)>) {
        (&mut self.roster, &mut self.others)
    }

    /// Writes `result` as the termination marker instead of the game's own (unless the main line
    /// is cut short: then `*`); the Result tag is as [`Exporter::tags_mut`] leaves it (`arbiter
    /// fix`, issue 14).
    pub fn force_result(&mut self, result: &'static str) {
        self.forced_result = Some(result);
    }

    fn line(&mut self) -> &mut LineOut {
        self.lines.last_mut().expect("main line")
    }

    /// Nothing of the current line is written: a left-out variation, or a line cut short.
    fn quiet(&self) -> bool {
        self.ignored > 0 || self.lines.last().is_none_or(|l| l.dead)
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
                self.w.word(&format!("${nag}"));
                self.line().need_number = true;
            }
            None if self.options.comments => {
                self.w.comment(glyph);
                self.line().need_number = true;
            }
            _ => {}
        }
    }
}

impl<'g> Visitor<'g> for Exporter<'_> {
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

    fn tags(&mut self, game: &mut Game<'g>) -> ControlFlow<()> {
        // A repeated tag keeps its first value (a set for the names: a game may have a million
        // tags).
        let mut seen: HashSet<&[u8]> = HashSet::new();
        for pair in &game.tags.pairs {
            let name = decode(pair.name);
            if let Some(i) = SEVEN_TAG_ROSTER.iter().position(|n| *n == name) {
                if self.roster[i].is_none() {
                    self.roster[i] = Some(decode(&unescape(pair.raw)));
                }
            } else if seen.insert(pair.name) {
                self.others.push((name, decode(&unescape(pair.raw))));
            }
        }
        self.result_note = match self.roster[6].as_deref() {
            Some(r) if r != "*" => format!("; the game's result was {r}"),
            _ => String::new(),
        };
        ControlFlow::Continue(())
    }

    fn start(&mut self, game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        let (code, why, at) = match start {
            Start::Position { pos, fen } => {
                // A FEN tag read with a repair is written as read: the export is the game
                // replayed, from the position it was replayed from.
                if fen.iter().any(|p| p.repaired)
                    && let Some(tag) = self.others.iter_mut().find(|(name, _)| name == "FEN")
                {
                    tag.1 = shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Always)
                        .to_string();
                }
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
        let note = format!("arbiter: {why}{}", self.result_note);
        self.w.comment(&note);
        self.truncated = true;
        ControlFlow::Break(())
    }

    #[inline(always)]
    fn played(&mut self, _game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        if self.quiet() {
            return ControlFlow::Continue(());
        }
        let suffix = match m.mark {
            CheckMark::None => None,
            CheckMark::Check => Some(Suffix::Check),
            CheckMark::Mate => Some(Suffix::Checkmate),
        };
        let san = SanPlus {
            san: m.resolved.san,
            suffix,
        };
        let white = m.after.turn() == shakmaty::Color::Black;
        // The number and its move stay on one line.
        if white || self.line().need_number {
            self.w
                .word(&format!("{} {san}", move_number_before(m.after)));
        } else {
            self.w.word(&san.to_string());
        }
        self.plies += u32::from(m.depth == 0);
        self.line().need_number = false;
        let text = decode(m.text);
        let attached = m.parsed.quirks.contains(Quirks::ATTACHED_GLYPH);
        if let (_, Some(glyph)) = split_glyph(&text, attached) {
            self.glyph(glyph);
        }
        ControlFlow::Continue(())
    }

    /// A null move in a variation is written `--`, as ChessBase and python-chess write it (PGN
    /// has no null move; the walk reads it as passing the turn).
    fn passed(&mut self, _game: &mut Game<'g>, p: &Passed<'_, 'g>) -> ControlFlow<()> {
        if self.quiet() {
            return ControlFlow::Continue(());
        }
        if p.after.turn() == shakmaty::Color::Black || self.line().need_number {
            self.w.word(&format!("{} --", move_number_before(p.after)));
        } else {
            self.w.word("--");
        }
        self.line().need_number = false;
        ControlFlow::Continue(())
    }

    fn stopped(&mut self, game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        if self.quiet() {
            return ControlFlow::Continue(());
        }
        let main = s.depth == 0;
        let mut finding = stop_finding(game, s);
        finding.variation = !main;
        let note = if main { self.result_note.as_str() } else { "" };
        let comment = if s.not_a_move {
            let token = crate::analysis::text::token_text(s.token.text);
            format!("arbiter: '{token}' is not a move{note}")
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
        self.report(finding, done);
        self.w.comment(&comment);
        self.truncated |= main;
        self.line().dead = true;
        ControlFlow::Continue(())
    }

    fn problem(&mut self, game: &mut Game<'g>, p: &Problem<'g>) {
        if self.quiet() {
            return;
        }
        let mut finding = problem_finding(game, p);
        finding.variation = p.depth > 0;
        match p.kind {
            ProblemKind::UnknownToken => {
                let text = decode(p.text.unwrap_or_default());
                self.report(finding, "; kept as a comment");
                if text.contains('}') {
                    // A `}` cannot stand inside a comment: say it in words.
                    self.w
                        .comment("arbiter: a closing brace with no opening one");
                } else {
                    self.w
                        .comment(&format!("arbiter: unreadable token '{text}'"));
                }
                self.line().need_number = true;
            }
            ProblemKind::VariationWithoutMove if self.options.variations => {
                self.report(finding, ": it is left out");
            }
            ProblemKind::VariationTooDeep if self.options.variations => {
                self.report(finding, ": they are left out");
            }
            _ => {}
        }
    }

    fn annotation(&mut self, _game: &mut Game<'g>, token: &Token<'g>, _line: &LineView<'_>) {
        if self.quiet() {
            return;
        }
        match token.kind {
            TokenKind::Nag(n) if self.options.nags => {
                self.w.word(&format!("${n}"));
                self.line().need_number = true;
            }
            TokenKind::Glyph => self.glyph(&decode(token.text)),
            TokenKind::Comment | TokenKind::LineComment | TokenKind::UnterminatedComment
                if self.options.comments =>
            {
                let text = decode(token.text);
                let inner = match token.kind {
                    TokenKind::Comment => &text[1..text.len() - 1],
                    _ => &text[1..],
                };
                if !inner.trim().is_empty() {
                    self.w.comment(inner);
                    self.line().need_number = true;
                }
            }
            _ => {}
        }
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
            self.ignored -= 1;
            if self.ignored == 0 && !self.lines.is_empty() {
                self.line().need_number = true;
            }
            return;
        }
        self.lines.pop();
        self.w.close();
        if !self.lines.is_empty() {
            self.line().need_number = true;
        }
    }

    fn end(&mut self, _game: &mut Game<'g>, end: &End<'_, 'g>) -> Exported {
        let marker = end.result.map(|t| decode(t.text));
        let valid = |r: &str| matches!(r, "1-0" | "0-1" | "1/2-1/2" | "*");
        let result = if self.truncated {
            "*".to_owned()
        } else if let Some(forced) = self.forced_result {
            forced.to_owned()
        } else {
            marker
                .or_else(|| self.roster[6].clone())
                .filter(|r| valid(r))
                .unwrap_or_else(|| "*".to_owned())
        };
        let valid_tag = self.roster[6].as_deref().is_some_and(valid);
        if self.truncated {
            self.roster[6] = Some("*".to_owned());
        } else if !valid_tag {
            // A missing Result tag, or one that is not a result (`1/2`): export format needs one
            // of the four markers, so the game's own result is written.
            self.roster[6] = Some(result.clone());
        }
        let mut w = std::mem::take(&mut self.w);
        w.word(&result);
        let mut text = String::with_capacity(end.end + 64);
        write_tags(&mut text, &self.roster, &self.others);
        text.push_str(&w.finish());
        text.push('\n');
        Exported {
            text,
            problems: std::mem::take(&mut self.problems),
            truncated: self.truncated,
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
