//! Ratings from the results of a whole file (`arbiter ratings`, issue 34): maximum likelihood
//! on the logistic Elo model as Ordo does it ([`fit`], [`model`]), one fit per group of players
//! connected by their games (never one scale across groups that never met), error bars from
//! seeded simulations ([`simulate`]), and the FIDE rating change of each game ([`fide`]).
//!
//! The games rated are the scored games played over the board: unfinished games and forfeits
//! are not results of play.
//!
//! This module must not import `engine`, `report` or `commands`.

pub mod fide;
pub mod fit;
pub mod model;
pub mod simulate;

use std::collections::HashMap;

use crate::analysis::standings::{Collection, Outcome};
use crate::model::standings::{RatingGroup, RatingRow};
pub use fit::{Encounter, Fit, FitOptions};

/// How ratings are fitted and reported.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingOptions {
    /// What is fixed and what is estimated.
    pub fit: FitOptions,
    /// Each group's average rating.
    pub average: f64,
    /// A player (index in the collection) held at a rating: their group is shifted so.
    pub anchor: Option<(u32, f64)>,
    /// Simulations for the error bars (0: none).
    pub simulations: u32,
    /// The seed of the simulations.
    pub seed: u64,
}

impl Default for RatingOptions {
    fn default() -> RatingOptions {
        RatingOptions {
            fit: FitOptions {
                white_advantage: Some(0.0),
                draw_rate: None,
            },
            average: 2300.0,
            anchor: None,
            simulations: 0,
            seed: 1,
        }
    }
}

/// One group: its players (collection indices) and their encounters (local indices).
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// Players, by collection index.
    pub players: Vec<u32>,
    /// Encounters between them.
    pub encounters: Vec<Encounter>,
}

/// Games, White's points and draws of one pair of players with the same colours.
type Totals = (f64, f64, f64);

/// The groups of players connected by rated games, the largest first (then by first player).
pub fn groups(collection: &Collection) -> Vec<Group> {
    let n = collection.players.len();
    let mut parent: Vec<u32> = (0..u32::try_from(n).unwrap_or(u32::MAX)).collect();
    fn root(parent: &mut [u32], mut i: u32) -> u32 {
        while parent[i as usize] != i {
            parent[i as usize] = parent[parent[i as usize] as usize];
            i = parent[i as usize];
        }
        i
    }
    let mut pairs: HashMap<(u32, u32), Totals> = HashMap::new();
    for g in &collection.games {
        let Some(score) = g.outcome.white_score() else {
            continue;
        };
        if g.unplayed() || g.white == g.black {
            continue;
        }
        let e = pairs.entry((g.white, g.black)).or_default();
        e.0 += 1.0;
        e.1 += score;
        e.2 += f64::from(u8::from(g.outcome == Outcome::Draw));
        let (a, b) = (root(&mut parent, g.white), root(&mut parent, g.black));
        if a != b {
            parent[a.max(b) as usize] = a.min(b);
        }
    }
    let mut members: HashMap<u32, Vec<u32>> = HashMap::new();
    let mut seen = vec![false; n];
    let mut pair_list: Vec<(&(u32, u32), &Totals)> = pairs.iter().collect();
    pair_list.sort_by_key(|(k, _)| **k);
    for ((w, b), _) in &pair_list {
        for p in [*w, *b] {
            if !seen[p as usize] {
                seen[p as usize] = true;
                let r = root(&mut parent, p);
                members.entry(r).or_default().push(p);
            }
        }
    }
    let mut by_root: HashMap<u32, Group> = members
        .into_iter()
        .map(|(r, mut players)| {
            players.sort_unstable();
            (
                r,
                Group {
                    players,
                    encounters: Vec::new(),
                },
            )
        })
        .collect();
    let mut local: HashMap<u32, usize> = HashMap::new();
    for g in by_root.values() {
        for (i, p) in g.players.iter().enumerate() {
            local.insert(*p, i);
        }
    }
    for ((w, b), (games, points, draws)) in pair_list {
        let r = root(&mut parent, *w);
        if let Some(g) = by_root.get_mut(&r) {
            g.encounters.push(Encounter {
                white: local[w],
                black: local[b],
                games: *games,
                white_points: *points,
                draws: *draws,
            });
        }
    }
    let mut groups: Vec<Group> = by_root.into_values().collect();
    groups.sort_by(|a, b| {
        b.players
            .len()
            .cmp(&a.players.len())
            .then(a.players[0].cmp(&b.players[0]))
    });
    groups
}

/// The ratings of every group.
pub fn ratings(collection: &Collection, options: &RatingOptions) -> Vec<RatingGroup> {
    groups(collection)
        .iter()
        .enumerate()
        .map(|(i, g)| {
            rate_group(
                collection,
                g,
                u32::try_from(i + 1).unwrap_or(u32::MAX),
                options,
            )
        })
        .collect()
}

/// The shift that gives a fit its scale: the anchor at its rating, or the average.
fn shift(group: &Group, fit: &Fit, options: &RatingOptions) -> f64 {
    if let Some((player, rating)) = options.anchor
        && let Some(i) = group.players.iter().position(|&p| p == player)
        && fit.ratings[i].is_finite()
    {
        return rating - fit.ratings[i];
    }
    options.average
}

fn rate_group(
    collection: &Collection,
    group: &Group,
    number: u32,
    options: &RatingOptions,
) -> RatingGroup {
    let n = group.players.len();
    let fit = fit::fit(n, &group.encounters, options.fit);
    let offset = shift(group, &fit, options);
    let errors = (options.simulations > 0).then(|| simulate::errors(group, &fit, options, offset));
    let mut stats = vec![(0.0f64, 0.0f64, 0.0f64); n];
    for e in &group.encounters {
        stats[e.white].0 += e.games;
        stats[e.white].1 += e.white_points;
        stats[e.white].2 += e.draws;
        stats[e.black].0 += e.games;
        stats[e.black].1 += e.games - e.white_points;
        stats[e.black].2 += e.draws;
    }
    let mut rows: Vec<RatingRow> = (0..n)
        .map(|i| {
            let (games, points, draws) = stats[i];
            RatingRow {
                rank: 0,
                player: collection.players[group.players[i] as usize].name.clone(),
                rating: fit.ratings[i] + offset,
                error: errors.as_ref().map(|e| e[i]),
                games: games as u32,
                points,
                score_pct: 100.0 * points / games.max(1.0),
                draw_pct: 100.0 * draws / games.max(1.0),
                bound: fit.bound[i],
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        let (x, y) = (a.rating, b.rating);
        match (x.is_nan(), y.is_nan()) {
            (true, false) => std::cmp::Ordering::Greater,
            (false, true) => std::cmp::Ordering::Less,
            _ => y.total_cmp(&x),
        }
        .then(a.player.cmp(&b.player))
    });
    for (i, r) in rows.iter_mut().enumerate() {
        r.rank = u32::try_from(i + 1).unwrap_or(u32::MAX);
    }
    RatingGroup {
        group: number,
        games: group.encounters.iter().map(|e| e.games).sum::<f64>() as u64,
        white_advantage: fit.white_advantage,
        draw_rate: 100.0 * fit.draw_rate,
        players: rows,
    }
}
