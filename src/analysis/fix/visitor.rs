//! The visitor of `arbiter fix`: the exporter, the checker and the auditor walk the game
//! together; at the end, the findings and verdicts say what is wrong, the repairs edit what the
//! exporter is about to write, and the exporter writes it.

use std::ops::ControlFlow;

use super::broken::{Cut, printable_rest, rest_text};
use super::repairs::{self, TagsOut, result_form, tag_change};
use super::{FixOptions, Fixed, Repair};
use crate::analysis::check::{CheckOptions, Checker};
use crate::analysis::draw::{AuditOptions, Auditor};
use crate::analysis::lexer::{Token, TokenKind};
use crate::analysis::openings::{Classified, Classifier};
use crate::analysis::pgn::{ExportBuffers, ExportOut, Exporter};
use crate::analysis::tags::{SEVEN_TAG_ROSTER, decode};
use crate::analysis::walk::{
    End, Game, GameText, LineView, Opened, Pair, Passed, Played, Problem, ProblemKind, Start,
    Stopped, Visitor,
};
use crate::model::fix::{Change, Rejected};
use crate::model::{Code, Finding, GameReport, GameStatus, Severity};

/// A word at the end of the main line that stands for a result but is not read as a
/// termination marker (`1:0`, `+--`).
#[derive(Debug)]
pub(super) struct Candidate {
    /// Its offset in the game.
    at: usize,
    pub(super) result: &'static str,
    pub(super) text: String,
    pub(super) line: u64,
    col: u64,
    /// A move or another word followed it: it was no result.
    pub(super) void: bool,
}

impl Candidate {
    fn new(game: &mut Game<'_>, at: usize, result: &'static str, text: String) -> Candidate {
        let (line, col) = game.locate(at);
        Candidate {
            at,
            result,
            text,
            line,
            col,
            void: false,
        }
    }
}

/// The visitor of `arbiter fix` for one game.
#[derive(Debug)]
pub struct Fixer<'o> {
    pub(super) options: &'o FixOptions,
    pub(super) pair: Pair<Exporter<'o, 'static>, Pair<Pair<Checker, Auditor>, Option<Classifier>>>,
    pub(super) candidate: Option<Candidate>,
    /// The termination marker as written, when it is not in standard form.
    pub(super) marker_written: Option<String>,
    /// Tag pairs read up to their last quote: name and text as written.
    quotes: Vec<(String, String, u64)>,
    /// The FEN tag as written and as the export writes it, when they differ.
    fen: Option<(String, String, String)>,
    plies: u32,
    /// `--keep-broken`: the lines cut, the innermost last, while their rest is read.
    pub(super) cuts: Vec<Cut>,
    /// The cuts whose rest was read (the main line's stays in `cuts`).
    closed: Vec<Cut>,
    /// The changes of the cuts.
    cut_changes: Vec<Change>,
    /// Open brackets (`(`) so far.
    brackets: usize,
    /// `--keep-broken`: the stray words that are no move and stop no line (a `}` without its
    /// `{`, `1:0` followed by more moves), which the export keeps in a comment.
    strays: Vec<Stray>,
}

/// A stray word `--keep-broken` keeps in a comment (`Fixer::strays`).
#[derive(Debug)]
struct Stray {
    /// Line and column (characters) of the word.
    at: (u64, u64),
    /// The word, decoded.
    text: String,
    /// Main-line plies before it; `None` in a variation.
    ply: Option<u32>,
}

impl<'o> Fixer<'o> {
    /// A fixer for one game.
    pub fn new(options: &'o FixOptions) -> Fixer<'o> {
        Fixer::with_buffers(options, ExportBuffers::default())
    }

    /// A fixer for one game whose text is written in `buffers` (used again from game to game:
    /// [`super::fix_game_into`]).
    pub fn with_buffers(options: &'o FixOptions, buffers: ExportBuffers) -> Fixer<'o> {
        let check = Checker::new(CheckOptions::default());
        let audit = AuditOptions {
            laws: options.laws,
            profile: options.profile,
            cannot_mate: options.cannot_mate,
            ..AuditOptions::default()
        };
        // Claims never change a result: only the verdicts that name one are needed.
        let audit = Auditor::for_results(audit);
        let classify =
            (options.has(Repair::Eco) || options.has(Repair::EcoCorrect)).then(Classifier::new);
        Fixer {
            options,
            pair: Pair::new(
                Exporter::with_buffers(
                    &options.export,
                    ExportOut::Whole { limit: usize::MAX },
                    buffers,
                ),
                Pair::new(Pair::new(check, audit), classify),
            ),
            candidate: None,
            marker_written: None,
            quotes: Vec::new(),
            fen: None,
            plies: 0,
            cuts: Vec::new(),
            closed: Vec::new(),
            cut_changes: Vec::new(),
            brackets: 0,
            strays: Vec::new(),
        }
    }

    /// Whether a finding at `at` is in a part `--keep-broken` cut off (its error is covered).
    fn cut_off(&self, at: (u64, u64)) -> bool {
        self.cuts.iter().chain(&self.closed).any(|c| c.covers(at))
    }

    /// Whether a `syntax/unknown-token` at `at` is a stray word kept in a comment.
    fn stray(&self, code: Code, at: (u64, u64)) -> bool {
        code == Code::SyntaxUnknownToken && self.strays.iter().any(|s| s.at == at)
    }

    /// The log's changes for the stray words kept in a comment, but for a result in another
    /// form that ends the game (its own repair, `result-form`).
    fn stray_changes(&self) -> impl Iterator<Item = Change> + '_ {
        let result = self
            .candidate
            .as_ref()
            .filter(|c| !c.void)
            .map(|c| (c.line, c.col));
        self.strays
            .iter()
            .filter(move |s| Some(s.at) != result)
            .map(|s| Change {
                repair: Repair::KeepBroken.name(),
                tag: None,
                ply: s.ply,
                variation: s.ply.is_none(),
                line: s.at.0,
                before: Some(s.text.clone()),
                after: None,
                rule: "syntax/unknown-token: a stray word that is no move, kept in a comment"
                    .to_owned(),
            })
    }

    fn void_candidate(&mut self, depth: usize) {
        if depth == 0
            && let Some(c) = &mut self.candidate
        {
            c.void = true;
        }
    }

    /// The first error of the game that no repair covers, if any.
    fn unrepaired(&self, report: &GameReport) -> Option<Rejected> {
        if report.status() == GameStatus::Skipped {
            let f = report.findings.first();
            return Some(Rejected {
                code: Code::VariantUnsupported,
                line: f.map_or(report.info.line, |f| f.line),
                message: f.map_or_else(String::new, |f| f.message.clone()),
                bytes: 0,
            });
        }
        let covered = |f: &Finding| match f.code {
            Code::TagBadResult | Code::SyntaxMissingResult => true,
            // Settled by `--result-from`, or the game rejected (`Fixer::settle`).
            Code::TagResultMismatch => true,
            Code::ResultContradictsPosition => self.options.has(Repair::ResultDecided),
            Code::SyntaxUnknownToken
                if self
                    .candidate
                    .as_ref()
                    .is_some_and(|c| !c.void && (c.line, c.col) == (f.line, f.col)) =>
            {
                true
            }
            code => self.cut_off((f.line, f.col)) || self.stray(code, (f.line, f.col)),
        };
        report
            .findings
            .iter()
            .find(|f| f.severity == Severity::Error && !covered(f))
            .map(|f| Rejected {
                code: f.code,
                line: f.line,
                message: f.message.clone(),
                bytes: 0,
            })
    }
}

/// Whether the game's tag `name` (its first) has a value the ECO repair keeps whatever the
/// moves: not empty, not `?`, and in printable ASCII (no repair of control characters changes
/// it).
fn known(game: &Game<'_>, name: &str) -> bool {
    game.tags.get(name).is_some_and(|t| {
        t.raw.iter().all(|b| (0x20..0x7F).contains(b))
            && match t.raw.contains(&b'\\') {
                // Printable ASCII without an escape is its own text.
                false => !matches!(t.raw.trim_ascii(), b"" | b"?"),
                true => !matches!(crate::analysis::pgn::text_of(t.raw).trim(), "" | "?"),
            }
    })
}

/// The line of the first tag `name` (the game's first line without one).
pub(super) fn tag_line_of(game: &mut Game<'_>, name: &str) -> u64 {
    match game.tags.get(name).map(|t| t.start) {
        Some(at) => game.locate(at).0,
        None => game.first_line(),
    }
}

impl<'g> Visitor<'g> for Fixer<'_> {
    type Output = Fixed;

    fn variations(&self) -> bool {
        self.pair.variations()
    }

    fn check_marks(&self) -> bool {
        true
    }

    fn needs_before(&self) -> bool {
        self.pair.needs_before()
    }

    fn tag_notice(&mut self, game: &mut Game<'g>, token: &Token<'g>) {
        self.pair.tag_notice(game, token);
        if let TokenKind::Tag { name, .. } = token.kind {
            let line = game.locate(token.start).0;
            self.quotes.push((decode(name), decode(token.text), line));
        }
    }

    fn tags(&mut self, game: &mut Game<'g>) -> ControlFlow<()> {
        // The results are judged by the Laws of the Date written out (`repairs::dates`).
        if self.options.has(Repair::Date)
            && let Some(date) = game.tags.value("Date")
            && let Some(fixed) = super::dates::normalize_date(&date)
        {
            self.pair.b.a.b.assume_date(fixed);
        }
        let flow = self.pair.tags(game);
        if !self.options.has(Repair::EcoCorrect) && known(game, "ECO") && known(game, "Opening") {
            // The classification could change neither tag (`repairs::eco`): not made.
            self.pair.b.b = None;
        }
        flow
    }

    fn start(&mut self, game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        let flow = self.pair.start(game, start);
        if let Start::Position { fen, .. } = start
            && fen.iter().any(|p| p.repaired)
            && let Some(before) = game.tags.value("FEN")
        {
            let tags = TagsOut {
                edit: self.pair.a.tags_mut(),
                pairs: &game.tags.pairs,
            };
            if let Some(after) = tags.get("FEN")
                && *after != before
            {
                let rules: Vec<&str> = fen
                    .iter()
                    .filter(|p| p.repaired)
                    .map(|p| p.code.as_str())
                    .collect();
                self.fen = Some((before, after.into_owned(), rules.join(", ")));
            }
        }
        flow
    }

    #[inline(always)]
    fn token(&mut self, game: &mut Game<'g>, token: &Token<'g>) {
        if let Some(c) = &mut self.candidate
            && token.start > c.at
            && !matches!(token.kind, TokenKind::Comment | TokenKind::LineComment)
        {
            c.void = true;
        }
        match token.kind {
            TokenKind::Open => self.brackets += 1,
            TokenKind::Close if self.brackets > 0 => {
                if self.cuts.last().is_some_and(|c| c.level == self.brackets) {
                    // The rest of a cut variation, written before its `)`.
                    let mut cut = self.cuts.pop().expect("a cut");
                    cut.to = Some(game.locate(token.start));
                    let rest = rest_text(game.text.bytes, cut.at, token.start);
                    let (rest, change) = printable_rest(rest, cut.from.0);
                    self.cut_changes.extend(change);
                    self.pair.a.note(&rest);
                    self.closed.push(cut);
                }
                self.brackets -= 1;
            }
            _ => {}
        }
        self.pair.token(game, token);
    }

    #[inline(always)]
    fn played(&mut self, game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        if m.depth == 0 {
            self.plies += 1;
            self.void_candidate(0);
        }
        self.pair.played(game, m)
    }

    fn stopped(&mut self, game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        if s.not_a_move && s.depth == 0 && self.candidate.is_none() {
            let text = decode(s.token.text);
            if let Some(result) = result_form(&text) {
                // The result, as the exporter reads it too (`pgn::export::held`).
                let flow = self.pair.stopped(game, s);
                self.candidate = Some(Candidate::new(game, s.token.start, result, text));
                return flow;
            }
        }
        self.void_candidate(s.depth);
        if self.options.has(Repair::KeepBroken) && self.cuts.is_empty() {
            let (cut, change) = Cut::new(game, s, self.brackets);
            self.cuts.push(cut);
            self.cut_changes.push(change);
        }
        self.pair.stopped(game, s)
    }

    fn passed(&mut self, game: &mut Game<'g>, p: &Passed<'_, 'g>) -> ControlFlow<()> {
        self.pair.passed(game, p)
    }

    fn problem(&mut self, game: &mut Game<'g>, p: &Problem<'g>) {
        if p.kind == ProblemKind::NonstandardResult && p.depth == 0 {
            self.marker_written = p.text.map(decode);
        }
        let result =
            (p.kind == ProblemKind::UnknownToken && p.depth == 0 && self.candidate.is_none())
                .then(|| p.text.map(decode))
                .flatten()
                .and_then(|t| result_form(&t).map(|r| (r, t)));
        if p.kind == ProblemKind::UnknownToken && self.options.has(Repair::KeepBroken) {
            // A word in the rest of a cut line is kept with that rest (`broken::Cut`).
            let at = game.locate(p.at);
            if !self.cut_off(at) {
                self.strays.push(Stray {
                    at,
                    text: p.text.map(decode).unwrap_or_default(),
                    ply: (p.depth == 0).then_some(self.plies),
                });
            }
        }
        match result {
            Some((result, text)) => {
                // The result, as the exporter reads it too (`pgn::export::held`).
                self.pair.problem(game, p);
                self.candidate = Some(Candidate::new(game, p.at, result, text));
            }
            // A later word voids a result candidate (see `token`).
            None => self.pair.problem(game, p),
        }
    }

    fn annotation(&mut self, game: &mut Game<'g>, token: &Token<'g>, line: &LineView<'_>) {
        self.pair.annotation(game, token, line);
    }

    fn open(&mut self, game: &mut Game<'g>, v: &Opened<'_, 'g>) {
        self.void_candidate(v.depth.saturating_sub(1));
        self.pair.open(game, v);
    }

    fn close(&mut self, game: &mut Game<'g>, line: Option<&LineView<'_>>) {
        self.pair.close(game, line);
    }

    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> Fixed {
        if let Some(c) = self.candidate.as_ref().filter(|c| !c.void) {
            // The auditor judges the result as it is written out (`1:0` as `1-0`).
            self.pair.b.a.b.assume_result(c.result);
        }
        // A main line `--keep-broken` cut gets its own result (`result::cut_result`).
        let main_cut = self.cuts.first().is_some_and(|c| c.level == 0);
        let conflict = self.conflict(game, end).filter(|_| !main_cut);
        if let Some(judged) = conflict.and_then(|c| self.judged(c)) {
            self.pair.b.a.b.judge_result(judged);
        }
        let ((report, audit), classified) = self.pair.b.end(game, end);
        if let Some(rejected) = self.unrepaired(&report) {
            return Fixed {
                rejected: Some(rejected),
                ..Fixed::default()
            };
        }
        // A result in another form (`1:0`) stops the walk's main line where the game ends.
        let cut_by_result = self.candidate.as_ref().is_some_and(|c| !c.void);
        let final_pos = end
            .main
            .as_ref()
            .filter(|m| !m.dead || cut_by_result)
            .map(|m| m.pos.clone());
        let settled = match self.settled(game, end, conflict, &audit, final_pos.as_ref()) {
            Ok(settled) => settled,
            Err(rejected) => {
                return Fixed {
                    rejected: Some(rejected),
                    ..Fixed::default()
                };
            }
        };
        let mut changes = self.tag_changes(game, &report);
        if let Some(Some(classified)) = classified {
            changes.extend(self.eco(game, &classified));
        }
        let result = match main_cut {
            true => self.cut_result(game, end, &audit, &mut changes),
            false => self.result(game, end, &audit, final_pos.as_ref(), settled, &mut changes),
        };
        self.pair.a.force_result(result);
        changes.extend(repairs::move_changes(&report));
        changes.append(&mut self.cut_changes);
        changes.extend(self.stray_changes());
        let exported = self.pair.a.end(game, end);
        let uncovered = exported
            .problems
            .iter()
            .find(|p| !self.cut_off((p.line, p.col)) && !self.stray(p.code, (p.line, p.col)));
        if let Some(problem) = uncovered {
            return Fixed {
                rejected: Some(Rejected {
                    code: problem.code,
                    line: problem.line,
                    message: problem.message.clone(),
                    bytes: 0,
                }),
                ..Fixed::default()
            };
        }
        Fixed {
            text: exported.text,
            changes,
            rejected: None,
        }
    }

    fn panicked(&mut self, text: &GameText<'g>) -> Fixed {
        Fixed {
            rejected: Some(Rejected {
                code: Code::InternalPanic,
                line: text.line,
                message: "internal error while fixing this game (please report it)".to_owned(),
                bytes: 0,
            }),
            ..Fixed::default()
        }
    }
}

impl Fixer<'_> {
    /// The ECO and Opening tags from the classification of the moves.
    fn eco(&mut self, game: &mut Game<'_>, classified: &Classified) -> Vec<Change> {
        let on = (
            self.options.has(Repair::Eco),
            self.options.has(Repair::EcoCorrect),
        );
        // The tag pairs apart from `game`, which gives the lines.
        let pairs = game.tags.pairs.clone();
        let mut tags = TagsOut {
            edit: self.pair.a.tags_mut(),
            pairs: &pairs,
        };
        let mut line = |name: &str| tag_line_of(game, name);
        repairs::eco(&mut tags, classified, on, &mut line)
    }

    /// The repairs of the tag section, made on the exporter's tags.
    fn tag_changes(&mut self, game: &mut Game<'_>, report: &GameReport) -> Vec<Change> {
        let mut changes = Vec::new();
        let first = game.first_line();
        for name in &SEVEN_TAG_ROSTER[..6] {
            if game.tags.get(name).is_none() {
                let after = if *name == "Date" { "????.??.??" } else { "?" };
                let rule = "tag/missing-roster (PGN standard 8.1.1)";
                changes.push(tag_change(
                    Repair::Roster,
                    name,
                    first,
                    None,
                    Some(after.into()),
                    rule,
                ));
            }
        }
        if report.findings.iter().any(|f| f.code == Code::TagDuplicate) {
            changes.extend(repairs::duplicates(game));
        }
        for (name, text, line) in self.quotes.drain(..) {
            let after = game.tags.value(&name).map(|v| {
                format!(
                    "[{name} \"{}\"]",
                    v.replace('\\', "\\\\").replace('"', "\\\"")
                )
            });
            changes.push(tag_change(
                Repair::TagQuotes,
                &name,
                line,
                Some(text),
                after,
                "tag/unescaped-quote (PGN standard 8.1)",
            ));
        }
        if let Some((before, after, rules)) = self.fen.take() {
            let line = tag_line_of(game, "FEN");
            changes.push(tag_change(
                Repair::Fen,
                "FEN",
                line,
                Some(before),
                Some(after),
                &rules,
            ));
        }
        let options = self.options;
        let plies = self.plies;
        // The tag pairs apart from `game`, which gives the lines.
        let pairs = game.tags.pairs.clone();
        let mut tags = TagsOut {
            edit: self.pair.a.tags_mut(),
            pairs: &pairs,
        };
        let mut line = |name: &str| tag_line_of(game, name);
        if options.has(Repair::Encoding) {
            changes.extend(repairs::control_characters(&mut tags, &mut line));
        }
        if options.has(Repair::Date) {
            changes.extend(repairs::dates(&mut tags, &mut line));
        }
        if options.has(Repair::PaddedNumber) {
            changes.extend(repairs::padded_numbers(&mut tags, &mut line));
        }
        if options.has(Repair::SetUp) {
            changes.extend(repairs::setup(&mut tags, &mut line));
        }
        let plycount = (
            options.has(Repair::PlyCount),
            options.has(Repair::PlyCountAdd),
        );
        if plycount != (false, false) {
            changes.extend(repairs::plycount(&mut tags, plies, plycount, &mut line));
        }
        changes
    }
}
