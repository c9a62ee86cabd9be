//! The tie-break values that depend on one player alone (all but DE): see the module
//! documentation of [`super`] for the rules.

use super::{Modifier, Scores, TieBreak};
use crate::analysis::ratings::fide::dp;
use crate::analysis::standings::scoring::total;
use crate::model::standings::EventKind;

/// The value of `tb` for player `p` (not DE).
pub fn value(s: &Scores<'_>, p: usize, tb: TieBreak) -> f64 {
    let games = &s.event.games[p];
    let points = &s.game_points[p];
    let scored = || {
        games
            .iter()
            .zip(points)
            .filter_map(|(g, pts)| pts.map(|x| (g, x)))
    };
    let count = |f: &dyn Fn(&super::super::event::Game, f64) -> bool| {
        scored().filter(|(g, x)| f(g, *x)).count() as f64
    };
    match tb {
        TieBreak::DirectEncounter => f64::NAN,
        TieBreak::Wins => count(&|_, x| x >= s.win),
        TieBreak::WinsPlayed => count(&|g, x| x >= s.win && g.played()),
        TieBreak::BlackGames => count(&|g, _| !g.white && g.played()),
        TieBreak::BlackWins => count(&|g, x| !g.white && g.played() && x >= s.win),
        TieBreak::Buchholz(m) => opponents_sum(s, p, m, false),
        TieBreak::SonnebornBerger(m) => opponents_sum(s, p, m, true),
        TieBreak::Koya => koya(s, p),
        TieBreak::AverageRating => aro(&rated_opponents(games).map(|(r, _)| r).collect::<Vec<_>>())
            .map_or(f64::NAN, f64::from),
        TieBreak::Performance => {
            let rated: Vec<(u16, f64)> = rated_opponents(games).collect();
            let ratings: Vec<u16> = rated.iter().map(|(r, _)| *r).collect();
            let score = total(rated.iter().map(|(_, x)| *x));
            tpr(score, &ratings).map_or(f64::NAN, f64::from)
        }
    }
}

/// The opponents' Elo tags and the player's score (1, ½, 0) over the games played against a
/// rated opponent.
fn rated_opponents(games: &[super::super::event::Game]) -> impl Iterator<Item = (u16, f64)> + '_ {
    games
        .iter()
        .filter(|g| g.played() && g.opponent_elo > 0)
        .filter_map(|g| Some((g.opponent_elo, g.score?)))
}

/// ARO: the average of `ratings`, rounded to the nearest whole number (.5 up); `None` for no
/// rating (FIDE Tie-Break Regulations 2023, art. 10.1).
pub fn aro(ratings: &[u16]) -> Option<i32> {
    if ratings.is_empty() {
        return None;
    }
    let sum: i64 = ratings.iter().map(|&r| i64::from(r)).sum();
    let n = ratings.len() as i64;
    // Whole-number rounding, half up: floor((2 sum + n) / 2n).
    i32::try_from((2 * sum + n).div_euclid(2 * n)).ok()
}

/// TPR: ARO plus `dp` for the score fraction `score / games`, rounded to hundredths (.005 up)
/// (FIDE Tie-Break Regulations 2023, art. 10.2; the table of the Rating Regulations 8.1.1).
pub fn tpr(score: f64, ratings: &[u16]) -> Option<i32> {
    let aro = aro(ratings)?;
    // Score in half points, so that the rounding is exact.
    let halves = (score * 2.0).round() as i64;
    let n = ratings.len() as i64;
    // round(100 * halves / (2 n)), half up.
    let hundredths = (100 * halves + n).div_euclid(2 * n);
    Some(aro + dp(u32::try_from(hundredths.clamp(0, 100)).unwrap_or(50)))
}

/// BH or SB with the cut `m`: one term per game scored (see [`super`]).
fn opponents_sum(s: &Scores<'_>, p: usize, m: Modifier, sonneborn: bool) -> f64 {
    let own = s.totals[p];
    let swiss = s.event.kind == EventKind::Swiss;
    // (opponent's score, the term, lost unplayed)
    let mut terms: Vec<(f64, f64, bool)> = Vec::new();
    for (g, pts) in s.event.games[p].iter().zip(&s.game_points[p]) {
        let Some(x) = *pts else { continue };
        let opponent = match (g.unplayed, swiss) {
            (false, _) => s.totals[g.opponent],
            // The dummy opponent of art. 16: the player's own score (a Swiss), 0 (a round robin).
            (true, true) => own,
            (true, false) => 0.0,
        };
        let term = if sonneborn { opponent * x } else { opponent };
        terms.push((opponent, term, g.unplayed && x < s.win));
    }
    cut(&mut terms, m);
    total(terms.iter().map(|t| t.1))
}

/// Removes `m.low` least significant terms (a game lost unplayed first, then the lowest
/// opponent's score, then the lowest term) and `m.high` most significant ones.
fn cut(terms: &mut Vec<(f64, f64, bool)>, m: Modifier) {
    for _ in 0..m.low {
        let Some(i) = (0..terms.len()).min_by(|&a, &b| {
            let (x, y) = (terms[a], terms[b]);
            y.2.cmp(&x.2)
                .then(x.0.total_cmp(&y.0))
                .then(x.1.total_cmp(&y.1))
        }) else {
            return;
        };
        terms.remove(i);
    }
    for _ in 0..m.high {
        let Some(i) = (0..terms.len()).max_by(|&a, &b| {
            terms[a]
                .0
                .total_cmp(&terms[b].0)
                .then(terms[a].1.total_cmp(&terms[b].1))
        }) else {
            return;
        };
        terms.remove(i);
    }
}

/// Koya: the points scored against the opponents who scored at least half the most points a
/// player could score in the event (art. 9, the 50% limit).
fn koya(s: &Scores<'_>, p: usize) -> f64 {
    let rounds = s.event.games.iter().map(Vec::len).max().unwrap_or(0) as f64;
    let limit = 0.5 * s.win * rounds;
    total(
        s.event.games[p]
            .iter()
            .zip(&s.game_points[p])
            .filter(|(g, _)| s.totals[g.opponent] >= limit)
            .filter_map(|(_, x)| *x),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aro_and_tpr_round_half_up() {
        assert_eq!(aro(&[2000, 2001]), Some(2001));
        assert_eq!(aro(&[2000, 2000, 2001]), Some(2000));
        assert_eq!(aro(&[]), None);
        // 2 of 3 = 0.666..., 0.67 → dp 125.
        assert_eq!(tpr(2.0, &[2000, 2000, 2000]), Some(2125));
        // 1 of 8 = 0.125, rounded up to 0.13 → dp -322.
        assert_eq!(tpr(1.0, &[2000; 8]), Some(2000 - 322));
        assert_eq!(tpr(3.0, &[2100, 2100, 2100]), Some(2900));
        assert_eq!(tpr(0.0, &[2100]), Some(1300));
    }

    #[test]
    fn cuts_take_unplayed_losses_first() {
        let mut t = vec![(3.0, 3.0, false), (1.0, 1.0, false), (5.0, 5.0, true)];
        cut(&mut t, Modifier { low: 1, high: 0 });
        assert_eq!(t.len(), 2);
        assert!(t.iter().all(|x| !x.2));
        let mut t = vec![(3.0, 3.0, false), (1.0, 1.0, false), (5.0, 5.0, false)];
        cut(&mut t, Modifier { low: 1, high: 1 });
        assert_eq!(t, vec![(3.0, 3.0, false)]);
    }
}
