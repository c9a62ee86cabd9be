//! One row of `arbiter games` per game: a visitor that keeps the tags, the main line's length,
//! its termination marker, where it stopped and its last position, walking together with the
//! checker of `arbiter check` (which gives the status), so each game is read once.

use std::ops::ControlFlow;

use super::super::check::{CheckOptions, Checker};
use super::super::openings::Classifier;
use super::super::tags::decode;
use super::super::tags::unescape;
use super::super::text::fen;
use super::super::walk::{End, Game, GameText, Pair, Stopped, Visitor, walk};
use super::speed::speed_of;
use super::time_control::TimeControl;
use super::values::{number, pgn_date, pgn_time};
use crate::model::{COMMON_TAGS, ClassifiedOpening, GameRow, GameStatus, Severity, tag};

/// The visitor of the game table (without the status, which the checker gives: see
/// [`game_row`]).
#[derive(Debug, Default)]
pub struct GameTable {
    row: GameRow,
}

impl<'g> Visitor<'g> for GameTable {
    type Output = GameRow;

    fn needs_before(&self) -> bool {
        false
    }

    fn tags(&mut self, game: &mut Game<'g>) -> ControlFlow<()> {
        let row = &mut self.row;
        for pair in &game.tags.pairs {
            let value = || decode(&unescape(pair.raw));
            match COMMON_TAGS.iter().position(|t| t.as_bytes() == pair.name) {
                Some(i) if row.tags[i].is_none() => row.tags[i] = Some(value()),
                Some(_) => {}
                None => {
                    let name = decode(pair.name);
                    if !row.other_tags.iter().any(|(n, _)| *n == name) {
                        row.other_tags.push((name, value()));
                    }
                }
            }
        }
        let value = |i: usize| row.tags[i].as_deref();
        let control = value(tag::TIME_CONTROL).and_then(TimeControl::parse);
        row.speed = control.as_ref().map(speed_of);
        row.time_control = control.and_then(|c| c.first());
        row.date = value(tag::DATE).map(pgn_date).unwrap_or_default();
        row.utc_date = value(tag::UTC_DATE).map(pgn_date).unwrap_or_default();
        row.utc_time = value(tag::UTC_TIME).and_then(pgn_time);
        row.white_elo = value(tag::WHITE_ELO).and_then(number);
        row.black_elo = value(tag::BLACK_ELO).and_then(number);
        row.ply_count = value(tag::PLY_COUNT)
            .and_then(number)
            .and_then(|n| u32::try_from(n).ok());
        ControlFlow::Continue(())
    }

    fn stopped(&mut self, _game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        if s.depth == 0 && self.row.first_illegal_ply.is_none() {
            self.row.first_illegal_ply = Some(s.ply);
            self.row.final_fen = Some(fen(s.pos));
        }
        ControlFlow::Continue(())
    }

    fn end(&mut self, game: &mut Game<'g>, end: &End<'_, 'g>) -> GameRow {
        let mut row = std::mem::take(&mut self.row);
        row.game = game.text.index;
        row.offset = game.first_offset();
        row.line = game.first_line();
        row.plies = end.plies;
        row.marker = end.result.and_then(|t| marker(t.text));
        if row.final_fen.is_none()
            && let Some(main) = end.main.filter(|m| !m.dead)
        {
            row.final_fen = Some(fen(main.pos));
        }
        row
    }

    fn panicked(&mut self, text: &GameText<'g>) -> GameRow {
        GameRow {
            game: text.index,
            offset: text.offset,
            line: text.line,
            ..GameRow::default()
        }
    }
}

/// The standard termination marker `text` is, if it is one.
fn marker(text: &[u8]) -> Option<&'static str> {
    Some(match text {
        b"1-0" => "1-0",
        b"0-1" => "0-1",
        b"1/2-1/2" => "1/2-1/2",
        b"*" => "*",
        _ => return None,
    })
}

/// The row of `arbiter games` for one game: its tags, what the walk saw, the status and
/// counts `arbiter check` (default options) gives it, and the opening its moves reach
/// ([`Classifier`]), all in one walk.
pub fn game_row(text: GameText<'_>) -> GameRow {
    let checker = Checker::new(CheckOptions::default());
    let mut visitor = Pair::new(checker, Pair::new(GameTable::default(), Classifier::new()));
    let (report, (mut row, classified)) = walk(text, &mut visitor);
    row.classified = classified.map(|c| ClassifiedOpening {
        eco: c.opening.eco,
        name: c.opening.name,
        ply: c.ply,
    });
    row.status = report.status();
    row.errors = report.count(Severity::Error) as u32;
    row.warnings = report.count(Severity::Warning) as u32;
    row
}

/// The row of a game too large to be read: its place only, an error.
pub fn too_large_row(index: u64, offset: u64, line: u64) -> GameRow {
    GameRow {
        game: index,
        offset,
        line,
        status: GameStatus::Error,
        errors: 1,
        ..GameRow::default()
    }
}
