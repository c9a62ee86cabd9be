//! Standings from the results of a PGN file (`arbiter standings`, issue 34): one table per
//! event, its players ranked by points under a scoring profile ([`scoring`]) and the FIDE
//! tie-breaks ([`tiebreak`]), with a crosstable for a round robin and the opponents by round for
//! a Swiss.
//!
//! The results are read as `arbiter check` reads them ([`read`]); a result the audit
//! contradicts is scored as recorded and marked, or as the audit says (`--as-audited`, see
//! [`collect::Collection::add`]); unfinished games are listed, never scored. Players are told
//! apart by player identity ([`identity::NameMode`], [`collect::Collection::identify`]).
//!
//! This module must not import `engine`, `report` or `commands`.

pub mod collect;
pub mod event;
pub mod identity;
pub mod places;
pub mod read;
pub mod scoring;
pub mod tiebreak;

pub use collect::{AuditMark, Collection, GameEntry, Place};
pub use event::{EventView, KindOption, events};
pub use identity::NameMode;
pub use read::{GameResult, GroupBy, Outcome, Results};
pub use scoring::Scoring;
pub use tiebreak::TieBreak;

use crate::model::standings::{Cell, EventKind, EventTable, Layout, Standing};
use event::Game;

/// How the tables are made.
#[derive(Clone, Debug, PartialEq)]
pub struct TableOptions {
    /// The scoring profile.
    pub scoring: Scoring,
    /// The tie-breaks (`None`: arbiter's defaults for the event's kind).
    pub tiebreaks: Option<Vec<TieBreak>>,
    /// How the event's kind is decided.
    pub kind: KindOption,
}

impl Default for TableOptions {
    fn default() -> TableOptions {
        TableOptions {
            scoring: Scoring::fide(),
            tiebreaks: None,
            kind: KindOption::Auto,
        }
    }
}

/// The tables of every event of `collection`, in the order first met.
pub fn tables(collection: &Collection, options: &TableOptions) -> Vec<EventTable> {
    events(collection, options.kind)
        .iter()
        .map(|event| table(collection, event, options))
        .collect()
}

/// One event's table.
pub fn table(collection: &Collection, event: &EventView, options: &TableOptions) -> EventTable {
    let scoring = &options.scoring;
    let game_points: Vec<Vec<Option<f64>>> = event
        .games
        .iter()
        .map(|games| {
            games
                .iter()
                .map(|g| g.score.map(|s| scoring.points(s, g.unplayed)))
                .collect()
        })
        .collect();
    let totals: Vec<f64> = game_points
        .iter()
        .map(|p| scoring::total(p.iter().flatten().copied()))
        .collect();
    let levels = scoring
        .levels
        .as_ref()
        .map(|l| levels_points(collection, event, l));
    let primary: Vec<f64> = match &levels {
        Some(points) => points.iter().map(|&p| p as f64).collect(),
        None => totals.clone(),
    };
    let tiebreaks = options
        .tiebreaks
        .clone()
        .unwrap_or_else(|| match event.kind {
            EventKind::RoundRobin => tiebreak::round_robin_default(),
            EventKind::Matches => tiebreak::matches_default(),
            EventKind::Swiss => tiebreak::swiss_default(),
        });
    let scores = tiebreak::Scores {
        event,
        game_points: &game_points,
        totals: &totals,
        win: scoring.win,
    };
    let ranking = tiebreak::rank(&scores, &primary, &tiebreaks);
    let layout = Layout::of(event.kind, event.players.len());
    let mut position = vec![0u32; event.players.len()];
    for (row, &p) in ranking.order.iter().enumerate() {
        position[p] = u32::try_from(row + 1).unwrap_or(u32::MAX);
    }
    let mut per_rank: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
    for &r in &ranking.ranks {
        *per_rank.entry(r).or_default() += 1;
    }
    let standings = ranking
        .order
        .iter()
        .map(|&p| {
            let shared = per_rank[&ranking.ranks[p]] > 1;
            let games = &event.games[p];
            let count =
                |f: fn(f64) -> bool| games.iter().filter(|g| g.score.is_some_and(f)).count() as u32;
            let scored = games.iter().filter(|g| g.score.is_some()).count() as u32;
            let elos: Vec<u16> = games.iter().map(|g| g.elo).filter(|&e| e > 0).collect();
            Standing {
                rank: ranking.ranks[p],
                shared,
                player: collection.players[event.players[p] as usize].name.clone(),
                games: scored,
                points: primary[p],
                wins: count(|s| s > 0.5),
                draws: count(|s| s == 0.5),
                losses: count(|s| s < 0.5),
                unplayed: games
                    .iter()
                    .filter(|g| g.unplayed && g.score.is_some())
                    .count() as u32,
                unfinished: games.iter().filter(|g| g.score.is_none()).count() as u32,
                score_pct: match scored {
                    0 => 0.0,
                    n => 100.0 * totals[p] / (f64::from(n) * scoring.win),
                },
                level: levels
                    .as_ref()
                    .zip(scoring.levels.as_ref())
                    .map(|(pts, l)| l.level(pts[p])),
                tiebreaks: ranking.values[p].clone(),
                rating: tiebreak::aro(&elos).and_then(|r| u32::try_from(r).ok()),
                marked: games.iter().filter(|g| g.marked).count() as u32,
                results: cells(event, p, &position, layout),
            }
        })
        .collect();
    let (games, unfinished) = game_counts(event);
    EventTable {
        event: event.name.clone(),
        kind: event.kind,
        cycles: event.cycles,
        games,
        unfinished,
        scoring: scoring.name.clone(),
        tiebreaks: tiebreaks.iter().map(|t| t.name()).collect(),
        standings,
    }
}

/// The event's games scored and unfinished (each game is in the lists of both its players).
fn game_counts(event: &EventView) -> (u64, u64) {
    let games = event.games.iter().flatten();
    let scored = games.clone().filter(|g| g.score.is_some()).count() as u64;
    let unfinished = games.filter(|g| g.score.is_none()).count() as u64;
    (scored / 2, unfinished / 2)
}

/// The text of a result cell.
fn result_text(g: &Game) -> &'static str {
    match (g.score, g.unplayed) {
        (None, _) => "*",
        (Some(s), true) if s > 0.5 => "+",
        (Some(_), true) => "-",
        (Some(s), false) if s > 0.5 => "1",
        (Some(s), false) if s < 0.5 => "0",
        (Some(_), false) => "½",
    }
}

/// A player's cells: by opponent in rank order (round robin), or one list by round (Swiss).
fn cells(event: &EventView, p: usize, position: &[u32], layout: Layout) -> Vec<Vec<Cell>> {
    let cell = |g: &Game| Cell {
        round: (g.round > 0).then_some(u32::from(g.round)),
        opponent: position[g.opponent],
        color: if g.white { 'w' } else { 'b' },
        result: result_text(g),
        marked: g.marked,
    };
    match layout {
        Layout::Crosstable => {
            let mut by_rank: Vec<Vec<Cell>> = vec![Vec::new(); event.players.len()];
            for g in &event.games[p] {
                by_rank[position[g.opponent] as usize - 1].push(cell(g));
            }
            by_rank
        }
        Layout::Rounds => {
            let mut list: Vec<Cell> = event.games[p].iter().map(cell).collect();
            // By round where the Round tags give them (input order otherwise, stable).
            list.sort_by_key(|c| c.round.unwrap_or(u32::MAX));
            vec![list]
        }
    }
}

/// The points-and-levels scheme over the event's games, in input order: each player's points
/// after them.
fn levels_points(collection: &Collection, event: &EventView, levels: &scoring::Levels) -> Vec<i64> {
    let mut state: Vec<(i64, u32)> = vec![(levels.start, 0); event.players.len()];
    let local_of: std::collections::HashMap<u32, usize> = event
        .players
        .iter()
        .enumerate()
        .map(|(i, &id)| (id, i))
        .collect();
    let local = |id: u32| local_of.get(&id).copied();
    for g in event.entries.iter().map(|&i| &collection.games[i as usize]) {
        let (Some(w), Some(b), Some(score)) =
            (local(g.white), local(g.black), g.outcome.white_score())
        else {
            continue;
        };
        if w == b {
            continue;
        }
        let (pw, pb) = levels.after_game(state[w], state[b], score);
        state[w] = (pw, state[w].1 + 1);
        state[b] = (pb, state[b].1 + 1);
    }
    state.into_iter().map(|(p, _)| p).collect()
}

#[cfg(test)]
mod tests;
