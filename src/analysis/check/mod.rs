//! `arbiter check` for one game: every syntax error, illegal move, notation quirk and tag problem,
//! with its location.
//!
//! The checker is a [`Visitor`] of the one game walk ([`super::walk`]): the walk reads the game
//! strictly, takes its start position from the tags and replays the main line and every
//! variation; the checker turns what the walk meets into findings, and adds its own: tag
//! problems ([`tags`]), notation warnings (`notation`), move numbers, and the recorded result
//! against the final position.

use std::ops::ControlFlow;

use shakmaty::Position;
use shakmaty::san::SanPlus;

use super::context::MainLine;
use super::lexer::{Token, TokenKind};
use super::tags;
use super::text::{self, MAX_TAG_CHARS, fen, move_text, token_text, truncate};
use super::walk::{
    End, Game, GameText, LineView, Passed, Played, Problem, Start, Stopped, Visitor, walk,
};
use crate::analysis::result::Decided;
use crate::model::{Code, Finding, GameInfo, GameRecordInfo, GameReport, Severity};

mod notation;
mod tags_check;

pub mod code;
pub mod mojibake;
pub mod numbers;

/// Options of the game checker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// Report warnings as errors.
    pub strict: bool,
    /// Fill the game's Event, White and Black ([`GameInfo`]) even when it has no finding (for
    /// per-game records); a game with findings always has them.
    pub game_names: bool,
    /// Record the main line and the tags of the HTML report ([`GameInfo::context`]) for a game
    /// with findings.
    pub context: bool,
}

/// Most findings recorded for one game: past it, one `syntax/too-many-findings` error says how
/// many more there were, so that memory and output stay bounded on hostile input.
pub const MAX_FINDINGS_PER_GAME: usize = 1000;

/// Where the last move token of the current line stands, for an `e.p.` written after it (the
/// move itself and its ply are the line's, from the walk).
#[derive(Clone, Copy, Debug)]
struct LastMove {
    at: u32,
    len: u32,
}

/// The checker of one game: a visitor collecting findings.
#[derive(Debug)]
pub struct Checker {
    options: CheckOptions,
    findings: Vec<Finding>,
    /// Findings not recorded because of [`MAX_FINDINGS_PER_GAME`].
    dropped: u64,
    last_move: Option<LastMove>,
    /// The game is of an unsupported variant: not checked.
    skipped: bool,
    /// The game's bytes may hold text encoded as UTF-8 twice, and none was reported yet (once
    /// a game): its comments are looked at.
    double_utf8: bool,
    /// The main line, recorded for the HTML report ([`CheckOptions::context`]).
    main_line: Option<MainLine>,
}

impl Checker {
    /// A checker with `options`, for one game.
    pub fn new(options: CheckOptions) -> Checker {
        Checker {
            options,
            findings: Vec::new(),
            dropped: 0,
            last_move: None,
            skipped: false,
            double_utf8: false,
            main_line: options.context.then(MainLine::default),
        }
    }

    /// Records a finding (strict mode makes it an error; past the cap it is only counted).
    fn push(&mut self, mut finding: Finding) {
        if self.findings.len() >= MAX_FINDINGS_PER_GAME {
            self.dropped += 1;
            return;
        }
        if self.options.strict && finding.code != code::UNSUPPORTED_VARIANT {
            finding.severity = Severity::Error;
        }
        self.findings.push(finding);
    }

    /// A finding about a token that is not a move (tags, syntax) at `offset` of the game.
    fn simple(
        &mut self,
        game: &mut Game<'_>,
        severity: Severity,
        code: Code,
        offset: usize,
        token: Option<&[u8]>,
        message: String,
    ) {
        if self.findings.len() >= MAX_FINDINGS_PER_GAME {
            self.dropped += 1;
            return;
        }
        let (line, col) = game.locate(offset);
        self.push(Finding {
            severity,
            code,
            ply: None,
            move_text: None,
            token: token.map(token_text),
            line,
            col,
            fen: None,
            message,
            variation: false,
            san: None,
        });
    }
}

impl Checker {
    /// A comment encoded as UTF-8 twice: one warning a game (none when a tag value had it).
    /// `token` is any annotation (a comment, NAG, glyph...) of a game that may hold such text.
    #[cold]
    #[inline(never)]
    fn comment_encoding(&mut self, game: &mut Game<'_>, token: &Token<'_>) {
        if !matches!(token.kind, TokenKind::Comment | TokenKind::LineComment)
            || !mojibake::may_be_double_utf8(token.text)
        {
            return;
        }
        let Some(text) = std::str::from_utf8(token.text).ok() else {
            return;
        };
        let Some(decoded) = mojibake::decode_double_utf8(text) else {
            return;
        };
        self.double_utf8 = false;
        self.simple(
            game,
            Severity::Warning,
            code::DOUBLE_UTF8,
            token.start,
            Some(token.text),
            format!(
                "comment encoded as UTF-8 twice (UTF-8 read as Windows-1252 and encoded again): \
                 {} is {}",
                token_text(token.text),
                token_text(decoded.as_bytes())
            ),
        );
    }
}

/// The finding of a move that could not be played (illegal, or a word that is no move), as
/// `arbiter check` reports it; other subcommands add what they did about it.
pub fn stop_finding(game: &mut Game<'_>, s: &Stopped<'_, '_>) -> Finding {
    let (line, col) = game.locate(s.token.start);
    if s.not_a_move {
        return Finding {
            variation: false,
            ..problem_finding(
                game,
                &Problem::at(super::walk::ProblemKind::UnknownToken, s.token, s.depth),
            )
        };
    }
    let variation = s.depth > 0;
    let mt = move_text(s.pos, s.token.text);
    let message = if variation {
        format!("illegal move {mt} in a variation: {}", s.reason)
    } else {
        format!("illegal move {mt}: {}", s.reason)
    };
    Finding {
        severity: Severity::Error,
        code: s.code,
        ply: Some(s.ply),
        move_text: Some(mt),
        token: Some(token_text(s.token.text)),
        line,
        col,
        fen: Some(fen(s.pos)),
        message,
        variation,
        san: None,
    }
}

/// The finding of a structural problem of the game (an error, or a warning for text read as it
/// was meant: [`super::walk::ProblemKind::severity`]).
pub fn problem_finding(game: &mut Game<'_>, p: &Problem<'_>) -> Finding {
    let (line, col) = game.locate(p.at);
    Finding {
        severity: p.kind.severity(),
        code: p.kind.code(),
        ply: None,
        move_text: None,
        token: p.text.map(token_text),
        line,
        col,
        fen: None,
        message: p.message(),
        variation: false,
        san: None,
    }
}

/// Checks one game: `text` is the game as cut by the splitter, with its place in the input
/// ([`GameText`]: line and column of its first byte, index, offset, joined to the previous game).
///
/// A bug in the analysis must not stop a run over a whole database: a panic while checking the
/// game is caught and reported as an `internal/panic` error of that game.
pub fn check_game(text: GameText<'_>, options: CheckOptions) -> GameReport {
    walk(text, &mut Checker::new(options))
}

/// The facts of a game every report starts from (place, no names yet).
fn game_info(game: &mut Game<'_>) -> GameInfo {
    GameInfo {
        index: game.text.index,
        offset: game.first_offset(),
        line: game.first_line(),
        event: None,
        white: None,
        black: None,
        result: None,
        plies: 0,
        record: None,
        context: None,
    }
}

/// Fills Event, White and Black from the tags (decoded, cut to [`MAX_TAG_CHARS`]).
pub fn set_names(info: &mut GameInfo, tags: &tags::Tags<'_>) {
    info.event = tags.value("Event").map(|v| truncate(v, MAX_TAG_CHARS));
    info.white = tags.value("White").map(|v| truncate(v, MAX_TAG_CHARS));
    info.black = tags.value("Black").map(|v| truncate(v, MAX_TAG_CHARS));
}

/// Fills the tags a per-game table is joined on (Result, WhiteElo, BlackElo; decoded, cut to
/// [`MAX_TAG_CHARS`]): for `--games` only.
fn set_join_tags(info: &mut GameInfo, tags: &tags::Tags<'_>) {
    let value = |name: &str| tags.value(name).map(|v| truncate(v, MAX_TAG_CHARS));
    info.record = Some(Box::new(GameRecordInfo {
        result: value("Result"),
        white_elo: value("WhiteElo"),
        black_elo: value("BlackElo"),
        ..GameRecordInfo::default()
    }));
}

impl<'g> Visitor<'g> for Checker {
    type Output = GameReport;

    fn variations(&self) -> bool {
        true
    }

    fn check_marks(&self) -> bool {
        true
    }

    fn tag_notice(&mut self, game: &mut Game<'g>, token: &Token<'g>) {
        match token.kind {
            TokenKind::Tag { value, .. } => self.simple(
                game,
                Severity::Warning,
                code::UNESCAPED_QUOTE,
                token.start,
                Some(token.text),
                format!(
                    "tag value with unescaped '\"' (write \\\"): read as \"{}\"",
                    token_text(value)
                ),
            ),
            _ => self.simple(
                game,
                Severity::Error,
                code::BAD_TAG,
                token.start,
                Some(token.text),
                "malformed tag pair: expected [Name \"value\"]".to_owned(),
            ),
        }
    }

    fn start(&mut self, game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        // The game's first line, before any finding: the locator moves forward only.
        game.first_line();
        match start {
            Start::Unsupported { variant } => {
                let tag = game.tags.get("Variant").copied();
                let at = tag.map_or(game.content_start, |t| t.start);
                self.skipped = true;
                self.simple(
                    game,
                    Severity::Warning,
                    code::UNSUPPORTED_VARIANT,
                    at,
                    tag.map(|t| t.text),
                    format!("skipped: unsupported variant {variant}"),
                );
            }
            _ => tags_check::check_tags(self, game, start),
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn token(&mut self, _game: &mut Game<'g>, token: &Token<'g>) {
        if !matches!(
            token.kind,
            TokenKind::EpSuffix
                | TokenKind::Comment
                | TokenKind::LineComment
                | TokenKind::Nag(_)
                | TokenKind::Glyph
        ) {
            self.last_move = None;
        }
    }

    #[inline(always)]
    fn played(&mut self, game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        let before = m
            .before
            .expect("the checker keeps the positions before moves");
        if let Some(number) = m.number
            && number.number != before.fullmoves().get()
        {
            self.move_number(game, before, number, m.text, (m.ply, m.depth));
        }
        self.last_move = Some(LastMove {
            at: m.at as u32,
            len: m.text.len() as u32,
        });
        if let Some(main_line) = &mut self.main_line {
            main_line.played(m);
        }
        let quirky = !m.parsed.quirks.is_empty()
            || m.resolved.quirks != Default::default()
            || m.mark != m.parsed.check;
        if quirky {
            notation::warnings(
                self,
                game,
                notation::Move {
                    at: m.at,
                    text: m.text,
                    parsed: m.parsed,
                    resolved: m.resolved,
                    before,
                    ply: m.ply,
                    mark: m.mark,
                    depth: m.depth,
                },
            );
        }
        ControlFlow::Continue(())
    }

    #[inline(never)]
    fn stopped(&mut self, game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        if !s.not_a_move
            && let Some(number) = s.number
        {
            self.move_number(game, s.pos, number, s.token.text, (s.ply, s.depth));
        }
        if self.findings.len() >= MAX_FINDINGS_PER_GAME {
            self.dropped += 1;
        } else {
            let finding = stop_finding(game, s);
            self.push(finding);
        }
        ControlFlow::Continue(())
    }

    #[inline(never)]
    fn passed(&mut self, game: &mut Game<'g>, p: &Passed<'_, 'g>) -> ControlFlow<()> {
        if let Some(number) = p.number {
            self.move_number(game, p.before, number, p.text, (p.ply, p.depth));
        }
        if self.findings.len() >= MAX_FINDINGS_PER_GAME {
            self.dropped += 1;
            return ControlFlow::Continue(());
        }
        let (line, col) = game.locate(p.at);
        self.push(Finding {
            severity: Severity::Warning,
            code: code::NULL_MOVE,
            ply: Some(p.ply),
            move_text: Some(move_text(p.before, p.text)),
            token: Some(token_text(p.text)),
            line,
            col,
            fen: Some(fen(p.before)),
            message: format!(
                "null move {} in a variation: not a move in the Laws of Chess (annotators write \
                 it to show a threat); read as passing the turn",
                move_text(p.before, p.text)
            ),
            variation: true,
            san: None,
        });
        ControlFlow::Continue(())
    }

    #[inline(never)]
    fn problem(&mut self, game: &mut Game<'g>, p: &Problem<'g>) {
        if self.findings.len() >= MAX_FINDINGS_PER_GAME {
            self.dropped += 1;
            return;
        }
        let finding = problem_finding(game, p);
        self.push(finding);
    }

    fn annotation(&mut self, game: &mut Game<'g>, token: &Token<'g>, line: &LineView<'_>) {
        if token.kind == TokenKind::EpSuffix && !line.dead {
            self.ep_suffix(game, token, line);
        }
        // Off the path of every token: annotations only, in a game that may hold such text.
        if self.double_utf8 {
            self.comment_encoding(game, token);
        }
    }

    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> GameReport {
        let mut info = game_info(game);
        info.result = end.result.map(|t| tags::decode(t.text));
        if self.options.game_names {
            set_join_tags(&mut info, &game.tags);
        }
        if self.skipped {
            set_names(&mut info, &game.tags);
            if let Some(main_line) = &mut self.main_line {
                info.context = Some(main_line.finish(&game.tags));
            }
            return GameReport {
                info,
                findings: std::mem::take(&mut self.findings),
                skipped: true,
            };
        }
        info.plies = end.plies;
        self.result_against_tag(game, end);
        if end.main.as_ref().is_some_and(|main| !main.dead)
            && !end.unterminated_comment
            && !end.stopped_early
        {
            tags_check::plycount(self, game, end.plies);
        }
        if let Some(main) = &end.main
            && !main.dead
        {
            self.result_against_position(game, end, main);
        }
        if self.dropped > 0 {
            let at = self
                .findings
                .last()
                .map_or((info.line, 1), |f| (f.line, f.col));
            self.findings.push(Finding {
                severity: Severity::Error,
                code: code::TOO_MANY_FINDINGS,
                ply: None,
                move_text: None,
                token: None,
                line: at.0,
                col: at.1,
                fen: None,
                message: format!(
                    "{} more findings in this game are not shown (at most {MAX_FINDINGS_PER_GAME} per game)",
                    self.dropped
                ),
                variation: false,
                san: None,
            });
        }
        let mut findings = std::mem::take(&mut self.findings);
        findings.sort_by_key(|f| (f.line, f.col));
        if self.options.game_names || !findings.is_empty() {
            set_names(&mut info, &game.tags);
        }
        if let Some(main_line) = &mut self.main_line
            && !findings.is_empty()
        {
            info.context = Some(main_line.finish(&game.tags));
        }
        GameReport {
            info,
            findings,
            skipped: false,
        }
    }

    fn panicked(&mut self, text: &GameText<'g>) -> GameReport {
        GameReport {
            info: GameInfo {
                index: text.index,
                offset: text.offset,
                line: text.line,
                ..GameInfo::default()
            },
            findings: vec![Finding {
                severity: Severity::Error,
                code: code::INTERNAL,
                ply: None,
                move_text: None,
                token: None,
                line: text.line,
                col: 1,
                fen: None,
                message: "internal error while checking this game (please report it)".to_owned(),
                variation: false,
                san: None,
            }],
            skipped: false,
        }
    }
}

impl Checker {
    /// A `notation/move-number` warning when the number written before a move is not the
    /// position's.
    #[inline(never)]
    fn move_number(
        &mut self,
        game: &mut Game<'_>,
        pos: &shakmaty::Chess,
        number: super::walk::MoveNumber,
        token: &[u8],
        (ply, depth): (u32, usize),
    ) {
        let expected = pos.fullmoves().get();
        if number.number == expected {
            return;
        }
        if self.findings.len() >= MAX_FINDINGS_PER_GAME {
            self.dropped += 1;
            return;
        }
        let (at, len) = (number.at as usize, number.len as usize);
        let text = &game.text.bytes[at..at + len];
        let (line, col) = game.locate(at);
        self.push(Finding {
            severity: Severity::Warning,
            code: code::MOVE_NUMBER,
            ply: Some(ply),
            move_text: Some(move_text(pos, token)),
            token: Some(token_text(text)),
            line,
            col,
            fen: Some(fen(pos)),
            message: format!("move number {} should be {expected}", number.number),
            variation: depth > 0,
            san: None,
        });
    }

    /// `exd6 e.p.`: a warning with the move it follows.
    fn ep_suffix(&mut self, game: &mut Game<'_>, token: &Token<'_>, line: &LineView<'_>) {
        let context = self.last_move.zip(line.before).zip(line.last);
        let (ply, move_text, fen, san) = match context {
            Some(((last, before), m)) => (
                Some(line.ply),
                Some(text::move_text(
                    before,
                    &game.text.bytes[last.at as usize..(last.at + last.len) as usize],
                )),
                Some(fen(before)),
                Some(SanPlus::from_move(before.clone(), m).to_string()),
            ),
            None => (None, None, None, None),
        };
        let message = match &san {
            Some(san) => format!(
                "'e.p.' is not part of SAN: an en passant capture is written like any pawn capture: the standard SAN is {san}"
            ),
            None => "'e.p.' is not part of SAN".to_owned(),
        };
        if self.findings.len() >= MAX_FINDINGS_PER_GAME {
            self.dropped += 1;
            return;
        }
        let (l, c) = game.locate(token.start);
        self.push(Finding {
            severity: Severity::Warning,
            code: code::EP_SUFFIX,
            ply,
            move_text,
            token: Some(token_text(token.text)),
            line: l,
            col: c,
            fen,
            message,
            variation: line.variation(),
            san,
        });
    }

    /// The Result tag against the game-termination marker.
    fn result_against_tag(&mut self, game: &mut Game<'_>, end: &End<'_, '_>) {
        let Some(marker) = end.result else {
            return;
        };
        if let Some(tag) = game.tags.get("Result").copied()
            && let Some(recorded) = crate::bytes::termination_marker(tag.raw)
            && recorded != marker.text
        {
            self.simple(
                game,
                Severity::Error,
                code::RESULT_MISMATCH,
                marker.start,
                Some(marker.text),
                format!(
                    "the game ends with {} but the Result tag says {}",
                    tags::decode(marker.text),
                    tags::decode(tag.raw)
                ),
            );
        }
    }

    /// The recorded result against the final position of the main line (checkmate,
    /// stalemate).
    fn result_against_position(
        &mut self,
        game: &mut Game<'_>,
        end: &End<'_, '_>,
        main: &LineView<'_>,
    ) {
        let Some(recorded) = crate::analysis::result::recorded(end.result.as_ref(), &game.tags)
        else {
            return;
        };
        let (at, token_text) = (recorded.offset, recorded.written);
        let recorded = recorded.marker;
        // Checkmate needs a check; stalemate matters only against a decisive result or `*`.
        // Skip the move generation otherwise (it is the costliest step at the end of a game).
        let decisive = recorded == "1-0" || recorded == "0-1";
        let unfinished = recorded == "*";
        let pos = main.pos;
        if !pos.is_check() && !decisive && !unfinished {
            return;
        }
        let (severity, code) = match unfinished {
            true => (Severity::Warning, code::UNRECORDED),
            false => (Severity::Error, code::CONTRADICTS_POSITION),
        };
        let message = match crate::analysis::result::decided(pos) {
            Some(Decided::Checkmate { winner }) => {
                let correct = Decided::Checkmate { winner }.result();
                (recorded != correct).then(|| {
                    format!(
                        "{recorded} recorded, but {} is checkmated: the result is {correct}",
                        text::color_name(!winner),
                    )
                })
            }
            Some(Decided::Stalemate) => {
                let drawn = match unfinished {
                    true => "the result is 1/2-1/2",
                    false => "the game is drawn",
                };
                (decisive || unfinished).then(|| {
                    format!(
                        "{recorded} recorded, but {} is stalemated: {drawn} (FIDE Laws art. 5.2.1)",
                        text::color_name(pos.turn())
                    )
                })
            }
            None => None,
        };
        let Some(message) = message else {
            return;
        };
        if recorded == "1/2-1/2" && drawn_before_the_end(game.text) {
            return;
        }
        if self.findings.len() >= MAX_FINDINGS_PER_GAME {
            self.dropped += 1;
            return;
        }
        let (line, col) = game.locate(at);
        self.push(Finding {
            severity,
            code,
            ply: Some(main.ply),
            move_text: None,
            token: Some(text::token_text(token_text)),
            line,
            col,
            fen: Some(fen(pos)),
            message,
            variation: false,
            san: None,
        });
    }
}

/// Whether the game was drawn automatically before its last move: the fivefold repetition or
/// the 75-move rule (FIDE Laws art. 9.6, in force from 1 July 2014; the game's Date decides, as
/// `arbiter audit` judges it), after which every later move is void, a checkmate included. A
/// draw recorded against a checkmate played after that point is the right result, not a
/// contradiction (it is what `arbiter fix` writes): `arbiter audit` reports the void moves
/// (`draw/played-on`: the draw recorded stands). Asked only when a draw is recorded against a checkmate, so the
/// second walk (the audit's replay with repetition keys) costs nothing on other games.
fn drawn_before_the_end(text: crate::analysis::walk::GameText<'_>) -> bool {
    use crate::analysis::draw::{AuditOptions, audit_game};
    let report = audit_game(
        text.bytes,
        text.index,
        text.offset,
        text.line,
        text.col,
        AuditOptions::default(),
        false,
    );
    report.verdicts.iter().any(|v| {
        matches!(
            v.code,
            crate::model::Code::DrawAutomaticIgnored | crate::model::Code::DrawPlayedOn
        ) && matches!(v.rule, Some("fivefold" | "seventy-five-move"))
    })
}
