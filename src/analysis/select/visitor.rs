//! The visitor of [`super::Selector::matches`]: it decides from the tags when it can, else
//! follows the main line (positions, material, plies) and, for `code == ...`, walks together
//! with `arbiter check`'s [`Checker`], for `verdict == ...` with `arbiter audit`'s [`Auditor`];
//! with `--export`, with `arbiter pgn`'s [`Exporter`] too
//! (each callback handed to the pair of them: one walk). A game the tags reject stops the walk
//! there, exporter and all.

use std::ops::ControlFlow;

use shakmaty::Position;

use super::{Replayed, Selector, material_of};
use crate::analysis::check::Checker;
use crate::analysis::draw::Auditor;
use crate::analysis::lexer::Token;
use crate::analysis::openings::Classifier;
use crate::analysis::pgn::{Exported, Exporter};
use crate::analysis::walk::{
    End, Game, GameText, LineView, Opened, Pair, Passed, Played, Problem, Start, Stopped, Visitor,
    Work,
};

/// The visitors that walk with the selector: the checker (for `code`), the auditor (for
/// `verdict`) and the exporter (the
/// opening classifier, for `classified_eco` and `classified_opening`, is called by the
/// selector itself, on the main line only, while the tags leave the game undecided).
pub(super) type Inner<'o> =
    Pair<Option<Checker>, Pair<Option<Auditor>, Option<Exporter<'o, 'static>>>>;

/// Decides one game.
pub(super) struct SelectVisitor<'s, 'o> {
    pub(super) selector: &'s Selector,
    /// Decided from the tags alone.
    pub(super) decided: Option<bool>,
    pub(super) replayed: Replayed,
    pub(super) work: Work,
    /// The expression needs the main line to its end (not only the classifier's plies).
    pub(super) follows_moves: bool,
    /// The opening classifier, while it follows the main line (`None` once it has stopped, or
    /// when the expression does not ask for it), and what it found.
    pub(super) classifier: Option<Classifier>,
    /// The checker, when the expression asks for codes, the auditor, when it asks for
    /// verdicts, and the exporter, with `--export`.
    pub(super) inner: Inner<'o>,
}

impl<'g> Visitor<'g> for SelectVisitor<'_, '_> {
    type Output = (bool, Option<Exported>);

    fn work(&self) -> Work {
        self.work.max(self.inner.work())
    }

    fn variations(&self) -> bool {
        self.inner.variations()
    }

    fn check_marks(&self) -> bool {
        self.inner.check_marks()
    }

    fn needs_before(&self) -> bool {
        self.inner.needs_before()
    }

    fn tag_notice(&mut self, game: &mut Game<'g>, token: &Token<'g>) {
        self.inner.tag_notice(game, token);
    }

    fn tags(&mut self, game: &mut Game<'g>) -> ControlFlow<()> {
        let selector = self.selector;
        self.decided = selector
            .root
            .eval(selector, &game.tags, &game.variant, None);
        // Rejected, or accepted with nothing to write: nothing more to read.
        if self.decided == Some(false) || (self.decided.is_some() && self.inner.b.b.is_none()) {
            return ControlFlow::Break(());
        }
        let inner = self.inner.tags(game);
        // Undecided: the selector needs the moves, whatever the others need.
        if self.decided.is_none() {
            return ControlFlow::Continue(());
        }
        inner
    }

    fn start(&mut self, game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        if let (None, Start::Position { pos, .. }) = (self.decided, start) {
            self.selector.test(pos, &mut self.replayed.reached);
        }
        let inner = self.inner.start(game, start);
        if self.decided.is_none() {
            self.classify(|c| c.start(game, start));
        }
        match self.decided.is_none() && (self.follows_moves || self.classifier.is_some()) {
            true => ControlFlow::Continue(()),
            false => inner,
        }
    }

    fn token(&mut self, game: &mut Game<'g>, token: &Token<'g>) {
        self.inner.token(game, token);
    }

    fn played(&mut self, game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        if m.depth == 0 && self.decided.is_none() {
            self.selector.test(m.after, &mut self.replayed.reached);
        }
        let inner = self.inner.played(game, m);
        if m.depth == 0 && self.decided.is_none() {
            self.classify(|c| c.played(game, m));
        }
        // An expression that needs only the opening stops with the classifier (and the
        // exporter, when it writes).
        match self.decided.is_none() && (self.follows_moves || self.classifier.is_some()) {
            true => ControlFlow::Continue(()),
            false => inner,
        }
    }

    fn stopped(&mut self, game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        let _ = self.inner.stopped(game, s);
        ControlFlow::Continue(())
    }

    fn passed(&mut self, game: &mut Game<'g>, p: &Passed<'_, 'g>) -> ControlFlow<()> {
        let _ = self.inner.passed(game, p);
        ControlFlow::Continue(())
    }

    fn problem(&mut self, game: &mut Game<'g>, p: &Problem<'g>) {
        self.inner.problem(game, p);
    }

    fn annotation(&mut self, game: &mut Game<'g>, token: &Token<'g>, line: &LineView<'_>) {
        self.inner.annotation(game, token, line);
    }

    fn open(&mut self, game: &mut Game<'g>, v: &Opened<'_, 'g>) {
        self.inner.open(game, v);
    }

    fn close(&mut self, game: &mut Game<'g>, line: Option<&LineView<'_>>) {
        self.inner.close(game, line);
    }

    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> (bool, Option<Exported>) {
        if self.decided == Some(false) {
            return (false, None);
        }
        let (report, (audit, exported)) = self.inner.end(game, end);
        if let Some(decided) = self.decided {
            return (decided, exported);
        }
        if let Some(report) = report {
            self.replayed.codes = report.findings.iter().map(|f| f.code.as_str()).collect();
        }
        if let Some(audit) = audit {
            self.replayed.verdicts = audit.verdicts.iter().map(|v| v.code.as_str()).collect();
        }
        if let Some(c) = &mut self.classifier {
            self.replayed.classified = c.end(game, end).map(|c| c.opening);
        }
        self.replayed.plies = end.plies;
        self.replayed.final_material = end
            .main
            .as_ref()
            .filter(|line| !line.dead)
            .map(|line| material_of(line.pos.board()));
        let replayed = Some(&self.replayed);
        let matched = (self.selector.root)
            .eval(self.selector, &game.tags, &game.variant, replayed)
            .unwrap_or(false);
        (matched, exported.filter(|_| matched))
    }

    fn panicked(&mut self, _text: &GameText<'g>) -> (bool, Option<Exported>) {
        (false, None)
    }
}

impl SelectVisitor<'_, '_> {
    /// Hands an event to the classifier; once it stops, its finding is kept and it gets no more.
    fn classify(&mut self, event: impl FnOnce(&mut Classifier) -> ControlFlow<()>) {
        if let Some(c) = &mut self.classifier
            && event(c).is_break()
        {
            self.replayed.classified = c.best().map(|c| c.opening);
            self.classifier = None;
        }
    }
}
