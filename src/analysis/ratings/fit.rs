//! The maximum-likelihood fit of one group's ratings (Ordo's method): the ratings whose
//! expected scores equal the scores obtained, player by player — the likelihood's maximum when
//! a draw counts as half a win — with White's advantage the one whose expected points for White
//! equal White's points, and the draw rate of equal players the one whose expected draws equal
//! the draws played.
//!
//! A player who won every game (or lost every game) has no finite maximum: as Ordo does, such
//! players are left out of the fit (again while leaving some out makes others perfect), and then
//! each is given the rating at which their perfect result has probability ½ against the
//! ratings of their opponents — a floor for a winner, a ceiling for a loser.
//!
//! The ratings are found by Newton steps on one player at a time (Gauss-Seidel), each sweep
//! linear in the encounters (a pair of players and their colours, however many games).

use super::model::{beta, expected, win_draw_loss};

/// The games of one pair of players with the same colours, aggregated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Encounter {
    /// White (an index of the group's players).
    pub white: usize,
    /// Black.
    pub black: usize,
    /// Games.
    pub games: f64,
    /// White's points.
    pub white_points: f64,
    /// Draws.
    pub draws: f64,
}

/// What is fixed and what is estimated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// White's advantage in rating points (`None`: estimated).
    pub white_advantage: Option<f64>,
    /// The draw rate of equal players, a fraction (`None`: estimated).
    pub draw_rate: Option<f64>,
}

/// A group's fitted ratings, centred on 0 over the players with a finite maximum.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Ratings by player (`NaN` for a perfect player with no rated opponent).
    pub ratings: Vec<f64>,
    /// `floor` or `ceiling` for the perfect players.
    pub bound: Vec<Option<&'static str>>,
    /// White's advantage.
    pub white_advantage: f64,
    /// The draw rate of equal players (fraction).
    pub draw_rate: f64,
}

/// The most sweeps of a fit (a group far from converged by then is reported as it stands).
const MAX_SWEEPS: usize = 20_000;
/// Converged when no rating moves more than this in a sweep (rating points).
const TOLERANCE: f64 = 1e-7;

/// Fits the ratings of `n` players from their encounters.
pub fn fit(n: usize, encounters: &[Encounter], options: FitOptions) -> Fit {
    let flagged = perfect_players(n, encounters);
    let active: Vec<&Encounter> = encounters
        .iter()
        .filter(|e| !flagged[e.white] && !flagged[e.black])
        .collect();
    let mut by_player: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, e) in active.iter().enumerate() {
        by_player[e.white].push(i);
        by_player[e.black].push(i);
    }
    let mut r = vec![0.0; n];
    let mut w = options.white_advantage.unwrap_or(0.0);
    let b = beta();
    for _ in 0..MAX_SWEEPS {
        let mut moved: f64 = 0.0;
        for (i, list) in by_player.iter().enumerate() {
            if list.is_empty() {
                continue;
            }
            let (mut f, mut h) = (0.0, 0.0);
            for &k in list {
                let e = active[k];
                let p = expected(r[e.white] + w - r[e.black]);
                let (points, exp) = match e.white == i {
                    true => (e.white_points, e.games * p),
                    false => (e.games - e.white_points, e.games * (1.0 - p)),
                };
                f += points - exp;
                h += e.games * b * p * (1.0 - p);
            }
            let step = (f / h.max(1e-12)).clamp(-200.0, 200.0);
            r[i] += step;
            moved = moved.max(step.abs());
        }
        if options.white_advantage.is_none() && !active.is_empty() {
            let (mut f, mut h) = (0.0, 0.0);
            for e in &active {
                let p = expected(r[e.white] + w - r[e.black]);
                f += e.white_points - e.games * p;
                h += e.games * b * p * (1.0 - p);
            }
            let step = (f / h.max(1e-12)).clamp(-50.0, 50.0);
            w += step;
            moved = moved.max(step.abs());
        }
        if moved < TOLERANCE {
            break;
        }
    }
    let fitted: Vec<usize> = (0..n).filter(|&i| !by_player[i].is_empty()).collect();
    let mean = match fitted.len() {
        0 => 0.0,
        k => fitted.iter().map(|&i| r[i]).sum::<f64>() / k as f64,
    };
    for x in &mut r {
        *x -= mean;
    }
    let draw_rate = options
        .draw_rate
        .unwrap_or_else(|| estimate_draw_rate(encounters, &r, w, &flagged));
    let mut bound = vec![None; n];
    for j in (0..n).filter(|&j| flagged[j]) {
        let (rating, kind) = perfect_rating(j, encounters, &r, &flagged, w, draw_rate);
        r[j] = rating;
        bound[j] = kind;
    }
    Fit {
        ratings: r,
        bound,
        white_advantage: w,
        draw_rate,
    }
}

/// Players left out of the fit: those who won or lost every game against the players not left
/// out, found again until none is.
fn perfect_players(n: usize, encounters: &[Encounter]) -> Vec<bool> {
    let mut flagged = vec![false; n];
    loop {
        let mut points = vec![0.0; n];
        let mut games = vec![0.0; n];
        for e in encounters
            .iter()
            .filter(|e| !flagged[e.white] && !flagged[e.black])
        {
            points[e.white] += e.white_points;
            points[e.black] += e.games - e.white_points;
            games[e.white] += e.games;
            games[e.black] += e.games;
        }
        let mut more = false;
        for i in 0..n {
            if !flagged[i] && (points[i] == 0.0 || points[i] == games[i]) {
                flagged[i] = true;
                more = true;
            }
        }
        if !more {
            return flagged;
        }
    }
}

/// The rating at which player `j`'s perfect result has probability ½ against the fitted
/// ratings of their opponents (Ordo's floor for a perfect winner, ceiling for a perfect loser).
fn perfect_rating(
    j: usize,
    encounters: &[Encounter],
    r: &[f64],
    flagged: &[bool],
    w: f64,
    deq: f64,
) -> (f64, Option<&'static str>) {
    // (rating of the opponent as seen from j, games, j won them all)
    let mut games: Vec<(f64, f64)> = Vec::new();
    let (mut points, mut total) = (0.0, 0.0);
    for e in encounters {
        let (opponent, shift, own) = match (e.white == j, e.black == j) {
            (true, false) => (e.black, w, e.white_points),
            (false, true) => (e.white, -w, e.games - e.white_points),
            _ => continue,
        };
        points += own;
        total += e.games;
        if !flagged[opponent] {
            // j's advantage over this opponent is (rating + shift) - r[opponent].
            games.push((r[opponent] - shift, e.games));
        }
    }
    let winner = points >= total && total > 0.0;
    let kind = if winner { "floor" } else { "ceiling" };
    if games.is_empty() {
        return (f64::NAN, Some(kind));
    }
    let log_probability = |x: f64| -> f64 {
        games
            .iter()
            .map(|&(opp, n)| {
                let (pw, _, pl) = win_draw_loss(expected(x - opp), deq);
                n * (if winner { pw } else { pl }).max(1e-300).ln()
            })
            .sum()
    };
    // The probability of the perfect result rises (winner) or falls (loser) with the rating.
    let (mut lo, mut hi) = (-10_000.0, 10_000.0);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        let above = log_probability(mid) > 0.5f64.ln();
        match (winner, above) {
            (true, true) | (false, false) => hi = mid,
            _ => lo = mid,
        }
    }
    ((lo + hi) / 2.0, Some(kind))
}

/// The draw rate of equal players whose expected draws equal the draws of the fitted games.
fn estimate_draw_rate(encounters: &[Encounter], r: &[f64], w: f64, flagged: &[bool]) -> f64 {
    let fitted: Vec<&Encounter> = encounters
        .iter()
        .filter(|e| !flagged[e.white] && !flagged[e.black])
        .collect();
    let draws: f64 = fitted.iter().map(|e| e.draws).sum();
    let games: f64 = fitted.iter().map(|e| e.games).sum();
    if games == 0.0 {
        return 0.5;
    }
    let expected_draws = |deq: f64| -> f64 {
        fitted
            .iter()
            .map(|e| e.games * win_draw_loss(expected(r[e.white] + w - r[e.black]), deq).1)
            .sum()
    };
    let (mut lo, mut hi) = (1e-6, 1.0 - 1e-6);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if expected_draws(mid) < draws {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(white: usize, black: usize, games: f64, white_points: f64, draws: f64) -> Encounter {
        Encounter {
            white,
            black,
            games,
            white_points,
            draws,
        }
    }

    #[test]
    fn expected_scores_equal_the_scores() {
        let e = [
            enc(0, 1, 10.0, 7.0, 4.0),
            enc(1, 2, 10.0, 6.0, 4.0),
            enc(2, 0, 10.0, 3.0, 2.0),
        ];
        let fixed = FitOptions {
            white_advantage: Some(0.0),
            draw_rate: Some(0.5),
        };
        let f = fit(3, &e, fixed);
        for i in 0..3 {
            let (mut points, mut exp) = (0.0, 0.0);
            for x in &e {
                let p = expected(f.ratings[x.white] - f.ratings[x.black]);
                if x.white == i {
                    points += x.white_points;
                    exp += x.games * p;
                }
                if x.black == i {
                    points += x.games - x.white_points;
                    exp += x.games * (1.0 - p);
                }
            }
            assert!((points - exp).abs() < 1e-6, "{i}: {points} vs {exp}");
        }
        assert!(f.ratings.iter().sum::<f64>().abs() < 1e-6);
        // Two players, 76%: 202 points apart.
        let f = fit(2, &[enc(0, 1, 25.0, 19.0, 0.0)], fixed);
        assert!((f.ratings[0] - f.ratings[1] - 202.0).abs() < 1e-6);
    }

    #[test]
    fn white_advantage_and_draw_rate_estimated() {
        // Equal players (each scores 50%), White scores 60%.
        let e = [enc(0, 1, 10.0, 6.0, 4.0), enc(1, 0, 10.0, 6.0, 4.0)];
        let f = fit(
            2,
            &e,
            FitOptions {
                white_advantage: None,
                draw_rate: None,
            },
        );
        assert!((expected(f.white_advantage) - 0.6).abs() < 1e-6);
        assert!(f.ratings[0].abs() < 1e-6);
        // 8 draws in 20 games, all between equal players (White's edge aside).
        let expected_draws: f64 = e
            .iter()
            .map(|x| x.games * win_draw_loss(expected(f.white_advantage), f.draw_rate).1)
            .sum();
        assert!((expected_draws - 8.0).abs() < 1e-6);
    }

    #[test]
    fn perfect_players_get_bounds() {
        // 0 beat 1 twice; 1 and 2 drew.
        let e = [enc(0, 1, 2.0, 2.0, 0.0), enc(1, 2, 2.0, 1.0, 2.0)];
        let f = fit(
            3,
            &e,
            FitOptions {
                white_advantage: Some(0.0),
                draw_rate: Some(0.5),
            },
        );
        assert_eq!(f.bound[0], Some("floor"));
        let (pw, _, _) = win_draw_loss(expected(f.ratings[0] - f.ratings[1]), 0.5);
        assert!((pw * pw - 0.5).abs() < 1e-9);
    }
}
