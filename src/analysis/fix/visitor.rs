//! The visitor of `arbiter fix`: the exporter, the checker and the auditor walk the game
//! together; at the end, the findings and verdicts say what is wrong, the repairs edit what the
//! exporter is about to write, and the exporter writes it.

use std::ops::ControlFlow;

use shakmaty::Chess;

use super::broken::{Cut, decided_at, printable_rest, rest_text};
use super::repairs::{self, TagsOut, result_form, standard_result, tag_change};
use super::{FixOptions, Fixed, Repair};
use crate::analysis::check::{CheckOptions, Checker};
use crate::analysis::draw::{AuditOptions, Auditor};
use crate::analysis::lexer::{Token, TokenKind};
use crate::analysis::openings::{Classified, Classifier};
use crate::analysis::pgn::Exporter;
use crate::analysis::tags::{SEVEN_TAG_ROSTER, decode};
use crate::analysis::walk::{
    End, Game, GameText, LineView, Opened, Pair, Passed, Played, Problem, ProblemKind, Start,
    Stopped, Visitor,
};
use crate::model::fix::{Change, Rejected};
use crate::model::{AuditReport, Code, Finding, GameReport, GameStatus, Severity};

/// A word at the end of the main line that stands for a result but is not read as a
/// termination marker (`1:0`, `+--`).
#[derive(Debug)]
struct Candidate {
    /// Its offset in the game.
    at: usize,
    result: &'static str,
    text: String,
    line: u64,
    col: u64,
    /// A move or another word followed it: it was no result.
    void: bool,
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
    options: &'o FixOptions,
    pair: Pair<Exporter<'o, 'static>, Pair<Pair<Checker, Auditor>, Option<Classifier>>>,
    candidate: Option<Candidate>,
    /// The termination marker as written, when it is not in standard form.
    marker_written: Option<String>,
    /// Tag pairs read up to their last quote: name and text as written.
    quotes: Vec<(String, String, u64)>,
    /// The FEN tag as written and as the export writes it, when they differ.
    fen: Option<(String, String, String)>,
    plies: u32,
    /// `--keep-broken`: the lines cut, the innermost last, while their rest is read.
    cuts: Vec<Cut>,
    /// The cuts whose rest was read (the main line's stays in `cuts`).
    closed: Vec<Cut>,
    /// The changes of the cuts.
    cut_changes: Vec<Change>,
    /// Open brackets (`(`) so far.
    brackets: usize,
}

impl<'o> Fixer<'o> {
    /// A fixer for one game.
    pub fn new(options: &'o FixOptions) -> Fixer<'o> {
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
                Exporter::new(&options.export),
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
        }
    }

    /// Whether a finding at `at` is in a part `--keep-broken` cut off (its error is covered).
    fn cut_off(&self, at: (u64, u64)) -> bool {
        self.cuts.iter().chain(&self.closed).any(|c| c.covers(at))
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
            Code::TagResultMismatch => self.options.has(Repair::ResultAgree),
            Code::ResultContradictsPosition => self.options.has(Repair::ResultDecided),
            Code::SyntaxUnknownToken
                if self
                    .candidate
                    .as_ref()
                    .is_some_and(|c| !c.void && (c.line, c.col) == (f.line, f.col)) =>
            {
                true
            }
            _ => self.cut_off((f.line, f.col)),
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

/// A change of the result: of the Result tag (`tag`) or of the termination marker.
fn result_change(
    repair: Repair,
    tag: bool,
    line: u64,
    before: Option<String>,
    after: &str,
    rule: &str,
) -> Change {
    Change {
        repair: repair.name(),
        tag: tag.then(|| "Result".to_owned()),
        ply: None,
        variation: false,
        line,
        before,
        after: Some(after.to_owned()),
        rule: rule.to_owned(),
    }
}

/// Stand-ins for lines not yet found: the Result tag's, the termination marker's.
const AT_RESULT_TAG: u64 = 0;
const AT_MARKER: u64 = u64::MAX;

/// Whether the game's tag `name` (its first) has a value the ECO repair keeps whatever the
/// moves: not empty, not `?`, and in printable ASCII (no repair of control characters changes
/// it).
fn known(game: &Game<'_>, name: &str) -> bool {
    game.tags.get(name).is_some_and(|t| {
        t.raw.iter().all(|b| (0x20..0x7F).contains(b))
            && !matches!(crate::analysis::pgn::text_of(t.raw).trim(), "" | "?")
    })
}

/// The line of the first tag `name` (the game's first line without one).
fn tag_line_of(game: &mut Game<'_>, name: &str) -> u64 {
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
        let mut changes = self.tag_changes(game, &report);
        if let Some(Some(classified)) = classified {
            changes.extend(self.eco(game, &classified));
        }
        let main_cut = self.cuts.first().filter(|c| c.level == 0);
        let result = match main_cut {
            Some(_) => self.cut_result(game, end, &mut changes),
            None => self.result(game, end, &audit, final_pos.as_ref(), &mut changes),
        };
        self.pair.a.force_result(result);
        changes.extend(repairs::move_changes(&report));
        changes.append(&mut self.cut_changes);
        let exported = self.pair.a.end(game, end);
        let uncovered = exported
            .problems
            .iter()
            .find(|p| !self.cut_off((p.line, p.col)));
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
    /// The result of a game whose main line `--keep-broken` cut: the one the position at the
    /// cut decides, else `*`; the rest of the line goes in a comment before it.
    fn cut_result(
        &mut self,
        game: &mut Game<'_>,
        end: &End<'_, '_>,
        changes: &mut Vec<Change>,
    ) -> &'static str {
        let cut = self.cuts.first().expect("the main line's cut");
        let rest_end = end.result.map_or(end.end, |t| t.start);
        let (rest, printable) =
            printable_rest(rest_text(game.text.bytes, cut.at, rest_end), cut.from.0);
        changes.extend(printable);
        let (result, why) = match &cut.decided {
            Some((r, why)) => (*r, format!("keep-broken: {why}")),
            None => (
                "*",
                "keep-broken: the moves after the cut were not played".to_owned(),
            ),
        };
        self.pair.a.note(&rest);
        let tag = game.tags.value("Result");
        let marker = end.result.map(|t| decode(t.text));
        if tag.as_deref() != Some(result) {
            let line = tag_line_of(game, "Result");
            changes.push(result_change(
                Repair::KeepBroken,
                true,
                line,
                tag,
                result,
                &why,
            ));
        }
        if marker.as_deref() != Some(result) {
            let line = end
                .result
                .map_or(game.first_line(), |t| game.locate(t.start).0);
            changes.push(result_change(
                Repair::KeepBroken,
                false,
                line,
                marker,
                result,
                &why,
            ));
        }
        self.pair.a.roster_mut()[6] = Some(result.to_owned());
        result
    }

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
        if options.has(Repair::SetUp) {
            changes.extend(repairs::setup(&mut tags, &mut line));
        }
        if options.has(Repair::PlyCount) {
            changes.extend(repairs::plycount(&mut tags, plies, &mut line));
        }
        changes
    }

    /// The result as the marker and the Result tag give it, each in standard form (the
    /// changes of `result-form`): the marker, its line, the tag as written and its standard form.
    fn result_forms(
        &mut self,
        game: &mut Game<'_>,
        end: &End<'_, '_>,
        first: u64,
        changes: &mut Vec<Change>,
    ) -> (
        Option<&'static str>,
        u64,
        Option<String>,
        Option<&'static str>,
    ) {
        let change = result_change;
        let tag_line = AT_RESULT_TAG;
        let candidate = self.candidate.take().filter(|c| !c.void);
        let marker_line = match (end.result, &candidate) {
            (Some(_), _) => AT_MARKER,
            (None, Some(c)) => c.line,
            (None, None) => first,
        };
        let marker: Option<&'static str> = end
            .result
            .and_then(|t| standard_result(&decode(t.text)))
            .or(candidate.as_ref().map(|c| c.result));
        let written = self
            .marker_written
            .take()
            .or(candidate.as_ref().map(|c| c.text.clone()));
        if let (Some(before), Some(after)) = (&written, marker) {
            let rule = if candidate.is_some() {
                "syntax/unknown-token: a result in another form"
            } else {
                "syntax/nonstandard-result (PGN standard 8.2.6)"
            };
            changes.push(change(
                Repair::ResultForm,
                false,
                marker_line,
                Some(before.clone()),
                after,
                rule,
            ));
        }
        let tag_raw = game.tags.value("Result");
        let tag_std = tag_raw.as_deref().and_then(result_form);
        if let (Some(raw), Some(std)) = (&tag_raw, tag_std)
            && raw != std
        {
            let rule = match crate::bytes::termination_marker(raw.as_bytes()) {
                Some(_) => "tag/nonstandard-result (PGN standard 8.1.1.7)",
                None => "tag/bad-result: a result in another form (PGN standard 8.1.1.7)",
            };
            changes.push(change(
                Repair::ResultForm,
                true,
                tag_line,
                Some(raw.clone()),
                std,
                rule,
            ));
        }
        (marker, marker_line, tag_raw, tag_std)
    }

    /// The result written (marker and Result tag), with the changes that make it.
    fn result(
        &mut self,
        game: &mut Game<'_>,
        end: &End<'_, '_>,
        audit: &AuditReport,
        final_pos: Option<&Chess>,
        changes: &mut Vec<Change>,
    ) -> &'static str {
        // Lines are found once a change needs them (a line costs a scan of the game).
        let first = game.first_line();
        let tag_line = AT_RESULT_TAG;
        let logged = changes.len();
        let (marker, marker_line, tag_raw, tag_std) = self.result_forms(game, end, first, changes);
        let change = result_change;
        let mut out_marker = marker.or(tag_std).unwrap_or("*");
        if marker.is_none() {
            let repair = if self.options.has(Repair::ResultAgree) {
                Repair::ResultAgree
            } else {
                Repair::ResultForm
            };
            changes.push(change(
                repair,
                false,
                first,
                None,
                out_marker,
                "syntax/missing-result (PGN standard 8.2.6)",
            ));
        }
        let mut out_tag = if self.options.has(Repair::ResultAgree) || tag_std.is_none() {
            out_marker
        } else {
            tag_std.unwrap_or(out_marker)
        };
        match (&tag_raw, tag_std) {
            (None, _) => changes.push(change(
                Repair::Roster,
                true,
                first,
                None,
                out_tag,
                "tag/missing-roster (PGN standard 8.1.1)",
            )),
            (Some(raw), None) => changes.push(change(
                Repair::ResultForm,
                true,
                tag_line,
                Some(raw.clone()),
                out_tag,
                "tag/bad-result (PGN standard 8.1.1.7)",
            )),
            (Some(_), Some(std)) if std != out_tag => changes.push(change(
                Repair::ResultAgree,
                true,
                tag_line,
                Some(std.to_owned()),
                out_tag,
                "tag/result-mismatch: the termination marker's result",
            )),
            _ => {}
        }
        if self.options.has(Repair::ResultDecided)
            && let Some((decided, rule)) = decided(audit, final_pos, out_marker)
        {
            if out_tag != decided {
                changes.push(change(
                    Repair::ResultDecided,
                    true,
                    tag_line,
                    Some(out_tag.to_owned()),
                    decided,
                    &rule,
                ));
            }
            if out_marker != decided {
                changes.push(change(
                    Repair::ResultDecided,
                    false,
                    marker_line,
                    Some(out_marker.to_owned()),
                    decided,
                    &rule,
                ));
            }
            out_marker = decided;
            out_tag = decided;
        }
        for c in &mut changes[logged..] {
            c.line = match c.line {
                AT_RESULT_TAG => tag_line_of(game, "Result"),
                AT_MARKER => end.result.map_or(first, |t| game.locate(t.start).0),
                line => line,
            };
        }
        self.pair.a.roster_mut()[6] = Some(out_tag.to_owned());
        out_marker
    }
}

/// The result the moves decide, and why, when it is not `recorded`: the first verdict of the
/// audit that names the correct result, else the final position (checkmate, stalemate, dead
/// position, 75 moves) — for a game recorded `*`, which the audit does not judge, and for one
/// whose result is written in another form (`1:0`), which stops its replay.
fn decided(
    audit: &AuditReport,
    final_pos: Option<&Chess>,
    recorded: &str,
) -> Option<(&'static str, String)> {
    let verdict = audit.verdicts.iter().find(|v| {
        matches!(
            v.code,
            Code::ResultContradicted | Code::DrawAutomaticIgnored | Code::ResultUnrecorded
        ) && v.correct_result.is_some()
    });
    if let Some(v) = verdict {
        let correct = v.correct_result?;
        // The rule and where it comes from: `house/30-move, profile platform`, `fivefold,
        // profile fide, Laws current (by the Date tag)`.
        let mut rule = format!("{}, profile {}", v.rule.unwrap_or("?"), v.profile);
        if let Some(laws) = v.laws {
            rule.push_str(&format!(", Laws {laws}"));
            if let Some(basis) = v.laws_basis {
                rule.push_str(&format!(" ({basis})"));
            }
        }
        let why = format!("{} [{rule}]: {}", v.code, v.message);
        return (correct != recorded).then_some((correct, why));
    }
    // The automatic draws of art. 9.6 depend on the Laws in force when the game was played:
    // the auditor's verdicts above decide them.
    let (result, why) = decided_at(final_pos?)?;
    let code = match recorded {
        "*" => Code::ResultUnrecorded,
        _ => Code::ResultContradicted,
    };
    (result != recorded).then(|| (result, format!("{code}: {why}")))
}
