//! Error bars by simulation (`--simulate N`, as Ordo's `-s`): N tournaments are drawn from the
//! fitted model (the same games, each result drawn from the win, draw and loss probabilities of
//! its players' fitted ratings), each is fitted again, and a player's error is 1.96 standard
//! deviations of their simulated ratings (a 95% interval), against the anchor when there is one,
//! else against the group's average.
//!
//! The generator is SplitMix64 (Steele, Lea and Flood 2014), written here so that a seed gives
//! the same error bars in every release of arbiter, whatever its dependencies do.

use super::fit::{Encounter, Fit, fit};
use super::model::{expected, win_draw_loss};
use super::{Group, RatingOptions};

/// SplitMix64: a small, fast, reproducible generator.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in [0, 1).
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Each player's error (rating points, 1.96 standard deviations) over `options.simulations`
/// simulated tournaments of the group; `offset` is the fitted scale's shift.
pub fn errors(group: &Group, fitted: &Fit, options: &RatingOptions, offset: f64) -> Vec<f64> {
    let n = group.players.len();
    let anchor = options
        .anchor
        .and_then(|(p, _)| group.players.iter().position(|&q| q == p));
    let mut rng = SplitMix64::new(options.seed);
    let (mut sum, mut sum2) = (vec![0.0; n], vec![0.0; n]);
    let mut runs = 0.0;
    for _ in 0..options.simulations {
        let drawn: Vec<Encounter> = group
            .encounters
            .iter()
            .map(|e| draw(e, fitted, &mut rng))
            .collect();
        let sim = fit(n, &drawn, options.fit);
        let base = match anchor {
            Some(a) if sim.ratings[a].is_finite() => sim.ratings[a] - fitted.ratings[a],
            _ => 0.0,
        };
        for i in 0..n {
            let x = sim.ratings[i] - base + offset;
            if x.is_finite() {
                sum[i] += x;
                sum2[i] += x * x;
            }
        }
        runs += 1.0;
    }
    (0..n)
        .map(|i| {
            let mean = sum[i] / runs;
            let var = (sum2[i] / runs - mean * mean).max(0.0);
            1.96 * var.sqrt()
        })
        .collect()
}

/// One encounter's games drawn again from the fitted model.
fn draw(e: &Encounter, fitted: &Fit, rng: &mut SplitMix64) -> Encounter {
    let p = expected(fitted.ratings[e.white] + fitted.white_advantage - fitted.ratings[e.black]);
    let (w, d, _) = win_draw_loss(if p.is_finite() { p } else { 0.5 }, fitted.draw_rate);
    let mut out = Encounter {
        white_points: 0.0,
        draws: 0.0,
        ..*e
    };
    for _ in 0..(e.games as u64) {
        let x = rng.next_f64();
        if x < w {
            out.white_points += 1.0;
        } else if x < w + d {
            out.white_points += 0.5;
            out.draws += 1.0;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_splitmix64() {
        // The reference values of SplitMix64 from seed 0.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        let x = r.next_f64();
        assert!((0.0..1.0).contains(&x));
    }
}
