//! Two visitors walking one game together.

use std::ops::ControlFlow;

use super::super::lexer::Token;
use super::{
    End, Game, GameText, LineView, Opened, Passed, Played, Problem, Start, Stopped, Visitor, Work,
};

/// Two visitors that walk a game together: the walk does what the more demanding of the two
/// needs (replay, variations, checkmate marks), and each gets the events it would get alone —
/// in particular, one that does not ask for variations sees a variation only as its opening and
/// its closing. A visitor that stops early ([`ControlFlow::Break`]) gets no more events but its
/// [`Visitor::end`]; the walk stops when both have.
///
/// Nest pairs for more than two: `Pair::new(a, Pair::new(b, c))`.
#[derive(Debug)]
pub struct Pair<A, B> {
    /// The first visitor.
    pub a: A,
    /// The second visitor.
    pub b: B,
    a_done: bool,
    b_done: bool,
    /// Nesting depth of the walk (from the open and close events).
    depth: usize,
    a_variations: bool,
    b_variations: bool,
}

impl<A, B> Pair<A, B> {
    /// The two visitors, walking together.
    pub fn new<'g>(a: A, b: B) -> Pair<A, B>
    where
        A: Visitor<'g>,
        B: Visitor<'g>,
    {
        let (a_variations, b_variations) = (a.variations(), b.variations());
        Pair {
            a,
            b,
            a_done: false,
            b_done: false,
            depth: 0,
            a_variations,
            b_variations,
        }
    }

    /// Whether each visitor gets an event at `depth` (0 = main line).
    fn wants(&self, depth: usize) -> (bool, bool) {
        (
            !self.a_done && (depth == 0 || self.a_variations),
            !self.b_done && (depth == 0 || self.b_variations),
        )
    }

    fn flow(&mut self, a: Option<ControlFlow<()>>, b: Option<ControlFlow<()>>) -> ControlFlow<()> {
        self.a_done |= a.is_some_and(|f| f.is_break());
        self.b_done |= b.is_some_and(|f| f.is_break());
        if self.a_done && self.b_done {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl<'g, A: Visitor<'g>, B: Visitor<'g>> Visitor<'g> for Pair<A, B> {
    type Output = (A::Output, B::Output);

    fn work(&self) -> Work {
        self.a.work().max(self.b.work())
    }

    fn variations(&self) -> bool {
        self.a_variations || self.b_variations
    }

    fn check_marks(&self) -> bool {
        self.a.check_marks() || self.b.check_marks()
    }

    fn needs_before(&self) -> bool {
        self.a.needs_before() || self.b.needs_before()
    }

    fn tag_notice(&mut self, game: &mut Game<'g>, token: &Token<'g>) {
        self.a.tag_notice(game, token);
        self.b.tag_notice(game, token);
    }

    fn tags(&mut self, game: &mut Game<'g>) -> ControlFlow<()> {
        let a = self.a.tags(game);
        let b = self.b.tags(game);
        self.flow(Some(a), Some(b))
    }

    fn start(&mut self, game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        let a = (!self.a_done).then(|| self.a.start(game, start));
        let b = (!self.b_done).then(|| self.b.start(game, start));
        self.flow(a, b)
    }

    #[inline(always)]
    fn token(&mut self, game: &mut Game<'g>, token: &Token<'g>) {
        if !self.a_done {
            self.a.token(game, token);
        }
        if !self.b_done {
            self.b.token(game, token);
        }
    }

    #[inline(always)]
    fn played(&mut self, game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        let (wa, wb) = self.wants(m.depth);
        let a = wa.then(|| self.a.played(game, m));
        let b = wb.then(|| self.b.played(game, m));
        self.flow(a, b)
    }

    fn stopped(&mut self, game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        let (wa, wb) = self.wants(s.depth);
        let a = wa.then(|| self.a.stopped(game, s));
        let b = wb.then(|| self.b.stopped(game, s));
        self.flow(a, b)
    }

    fn passed(&mut self, game: &mut Game<'g>, p: &Passed<'_, 'g>) -> ControlFlow<()> {
        let (wa, wb) = self.wants(p.depth);
        let a = wa.then(|| self.a.passed(game, p));
        let b = wb.then(|| self.b.passed(game, p));
        self.flow(a, b)
    }

    fn problem(&mut self, game: &mut Game<'g>, p: &Problem<'g>) {
        let (wa, wb) = self.wants(p.depth);
        if wa {
            self.a.problem(game, p);
        }
        if wb {
            self.b.problem(game, p);
        }
    }

    #[inline(always)]
    fn annotation(&mut self, game: &mut Game<'g>, token: &Token<'g>, line: &LineView<'_>) {
        let (wa, wb) = self.wants(line.depth);
        if wa {
            self.a.annotation(game, token, line);
        }
        if wb {
            self.b.annotation(game, token, line);
        }
    }

    fn open(&mut self, game: &mut Game<'g>, v: &Opened<'_, 'g>) {
        self.depth += 1;
        // A visitor without variations sees the outermost one open, not replayed.
        let hidden = Opened {
            token: v.token,
            depth: v.depth,
            replayed: false,
            start: None,
            replaces: v.replaces,
            ply: v.ply,
        };
        for (done, wanted, is_a) in [
            (self.a_done, self.a_variations, true),
            (self.b_done, self.b_variations, false),
        ] {
            if done || (!wanted && self.depth > 1) {
                continue;
            }
            let event = if wanted { v } else { &hidden };
            if is_a {
                self.a.open(game, event);
            } else {
                self.b.open(game, event);
            }
        }
    }

    fn close(&mut self, game: &mut Game<'g>, line: Option<&LineView<'_>>) {
        let outermost = self.depth == 1;
        self.depth = self.depth.saturating_sub(1);
        if !self.a_done && (self.a_variations || outermost) {
            self.a
                .close(game, if self.a_variations { line } else { None });
        }
        if !self.b_done && (self.b_variations || outermost) {
            self.b
                .close(game, if self.b_variations { line } else { None });
        }
    }

    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> Self::Output {
        (self.a.end(game, end), self.b.end(game, end))
    }

    fn panicked(&mut self, text: &GameText<'g>) -> Self::Output {
        (self.a.panicked(text), self.b.panicked(text))
    }
}

/// A visitor that may be absent: `None` does nothing, asks for nothing and gives `None`, so a
/// walk can carry an analysis only when it is wanted (`stats --with-check`).
impl<'g, V: Visitor<'g>> Visitor<'g> for Option<V> {
    type Output = Option<V::Output>;

    fn work(&self) -> Work {
        self.as_ref().map_or(Work::Tags, Visitor::work)
    }

    fn variations(&self) -> bool {
        self.as_ref().is_some_and(Visitor::variations)
    }

    fn check_marks(&self) -> bool {
        self.as_ref().is_some_and(Visitor::check_marks)
    }

    fn needs_before(&self) -> bool {
        self.as_ref().is_some_and(Visitor::needs_before)
    }

    fn tag_notice(&mut self, game: &mut Game<'g>, token: &Token<'g>) {
        if let Some(v) = self {
            v.tag_notice(game, token);
        }
    }

    fn tags(&mut self, game: &mut Game<'g>) -> ControlFlow<()> {
        self.as_mut()
            .map_or(ControlFlow::Break(()), |v| v.tags(game))
    }

    fn start(&mut self, game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        self.as_mut()
            .map_or(ControlFlow::Break(()), |v| v.start(game, start))
    }

    #[inline(always)]
    fn token(&mut self, game: &mut Game<'g>, token: &Token<'g>) {
        if let Some(v) = self {
            v.token(game, token);
        }
    }

    #[inline(always)]
    fn played(&mut self, game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        self.as_mut()
            .map_or(ControlFlow::Break(()), |v| v.played(game, m))
    }

    fn stopped(&mut self, game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        self.as_mut()
            .map_or(ControlFlow::Break(()), |v| v.stopped(game, s))
    }

    fn passed(&mut self, game: &mut Game<'g>, p: &Passed<'_, 'g>) -> ControlFlow<()> {
        self.as_mut()
            .map_or(ControlFlow::Break(()), |v| v.passed(game, p))
    }

    fn problem(&mut self, game: &mut Game<'g>, p: &Problem<'g>) {
        if let Some(v) = self {
            v.problem(game, p);
        }
    }

    #[inline(always)]
    fn annotation(&mut self, game: &mut Game<'g>, token: &Token<'g>, line: &LineView<'_>) {
        if let Some(v) = self {
            v.annotation(game, token, line);
        }
    }

    fn open(&mut self, game: &mut Game<'g>, o: &Opened<'_, 'g>) {
        if let Some(v) = self {
            v.open(game, o);
        }
    }

    fn close(&mut self, game: &mut Game<'g>, line: Option<&LineView<'_>>) {
        if let Some(v) = self {
            v.close(game, line);
        }
    }

    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> Self::Output {
        self.as_mut().map(|v| v.end(game, end))
    }

    fn panicked(&mut self, text: &GameText<'g>) -> Self::Output {
        self.as_mut().map(|v| v.panicked(text))
    }
}
