//! The visitor of [`super::Selector::matches`]: it decides from the tags when it can, else
//! follows the main line (positions, material, plies) and, for `code == ...`, walks together
//! with `arbiter check`'s [`Checker`] (each callback handed to both: one walk).

use std::ops::ControlFlow;

use shakmaty::Position;

use super::{Replayed, Selector, material_of};
use crate::analysis::check::Checker;
use crate::analysis::lexer::Token;
use crate::analysis::walk::{
    End, Game, GameText, LineView, Opened, Passed, Played, Problem, Start, Stopped, Visitor, Work,
};

/// Decides one game.
pub(super) struct SelectVisitor<'s> {
    pub(super) selector: &'s Selector,
    /// Decided from the tags alone.
    pub(super) decided: Option<bool>,
    pub(super) replayed: Replayed,
    pub(super) work: Work,
    /// The checker, when the expression asks for codes.
    pub(super) checker: Option<Checker>,
}

impl<'g> Visitor<'g> for SelectVisitor<'_> {
    type Output = bool;

    fn work(&self) -> Work {
        self.work
    }

    fn variations(&self) -> bool {
        self.checker.as_ref().is_some_and(Visitor::variations)
    }

    fn check_marks(&self) -> bool {
        self.checker.as_ref().is_some_and(Visitor::check_marks)
    }

    fn needs_before(&self) -> bool {
        self.checker.as_ref().is_some_and(Visitor::needs_before)
    }

    fn tag_notice(&mut self, game: &mut Game<'g>, token: &Token<'g>) {
        if let Some(c) = &mut self.checker {
            c.tag_notice(game, token);
        }
    }

    fn tags(&mut self, game: &mut Game<'g>) -> ControlFlow<()> {
        self.decided = self.selector.root.eval(&game.tags, &game.variant, None);
        if self.decided.is_some() {
            return ControlFlow::Break(());
        }
        match &mut self.checker {
            Some(c) => c.tags(game),
            None => ControlFlow::Continue(()),
        }
    }

    fn start(&mut self, game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        if let Start::Position { pos, .. } = start {
            self.selector.test(pos, &mut self.replayed.reached);
        }
        if let Some(c) = &mut self.checker {
            let _ = c.start(game, start);
        }
        ControlFlow::Continue(())
    }

    fn token(&mut self, game: &mut Game<'g>, token: &Token<'g>) {
        if let Some(c) = &mut self.checker {
            c.token(game, token);
        }
    }

    fn played(&mut self, game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        if m.depth == 0 {
            self.selector.test(m.after, &mut self.replayed.reached);
        }
        if let Some(c) = &mut self.checker {
            let _ = c.played(game, m);
        }
        ControlFlow::Continue(())
    }

    fn stopped(&mut self, game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        if let Some(c) = &mut self.checker {
            let _ = c.stopped(game, s);
        }
        ControlFlow::Continue(())
    }

    fn passed(&mut self, game: &mut Game<'g>, p: &Passed<'_, 'g>) -> ControlFlow<()> {
        if let Some(c) = &mut self.checker {
            let _ = c.passed(game, p);
        }
        ControlFlow::Continue(())
    }

    fn problem(&mut self, game: &mut Game<'g>, p: &Problem<'g>) {
        if let Some(c) = &mut self.checker {
            c.problem(game, p);
        }
    }

    fn annotation(&mut self, game: &mut Game<'g>, token: &Token<'g>, line: &LineView<'_>) {
        if let Some(c) = &mut self.checker {
            c.annotation(game, token, line);
        }
    }

    fn open(&mut self, game: &mut Game<'g>, v: &Opened<'_, 'g>) {
        if let Some(c) = &mut self.checker {
            c.open(game, v);
        }
    }

    fn close(&mut self, game: &mut Game<'g>, line: Option<&LineView<'_>>) {
        if let Some(c) = &mut self.checker {
            c.close(game, line);
        }
    }

    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> bool {
        if let Some(decided) = self.decided {
            return decided;
        }
        if let Some(c) = &mut self.checker {
            let report = c.end(game, end);
            self.replayed.codes = report.findings.iter().map(|f| f.code.as_str()).collect();
        }
        self.replayed.plies = end.plies;
        self.replayed.final_material = end
            .main
            .as_ref()
            .filter(|line| !line.dead)
            .map(|line| material_of(line.pos.board()));
        let replayed = Some(&self.replayed);
        (self.selector.root.eval(&game.tags, &game.variant, replayed)).unwrap_or(false)
    }

    fn panicked(&mut self, _text: &GameText<'g>) -> bool {
        false
    }
}
