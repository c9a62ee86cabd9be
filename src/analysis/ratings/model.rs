//! The rating model, Ordo's: the logistic expected score on the Elo scale (a 202-point
//! advantage expects 76%), and the draw model that splits an expected score into win, draw and
//! loss (Davidson's, as the Ordo manual derives it: `D² = (2·Deq / (1 − Deq))² · W · L`, `Deq`
//! the draw rate of two equal players).

/// The rating difference that expects 76% (Ordo's default scale).
pub const RATING_76: f64 = 202.0;

/// The logistic scale `β` (per rating point): `ln(0.76 / 0.24) / 202`.
pub fn beta() -> f64 {
    (0.76f64 / 0.24).ln() / RATING_76
}

/// The expected score of a rating difference `d` (the player's rating, White's advantage
/// included, minus the opponent's).
pub fn expected(d: f64) -> f64 {
    1.0 / (1.0 + (-beta() * d).exp())
}

/// The draw probability of a game whose expected score is `p`, when equal players draw with
/// probability `deq` (0 < `deq` < 1).
pub fn draw_probability(p: f64, deq: f64) -> f64 {
    let deq = deq.clamp(1e-6, 1.0 - 1e-6);
    let phi = (1.0 - deq) / (2.0 * deq);
    let a = 4.0 * phi * phi - 1.0;
    let c = 4.0 * (p * p - p);
    if a.abs() < 1e-12 {
        return -c / 2.0;
    }
    ((4.0 - 4.0 * a * c).max(0.0).sqrt() - 2.0) / (2.0 * a)
}

/// Win, draw and loss probabilities of a game of expected score `p`.
pub fn win_draw_loss(p: f64, deq: f64) -> (f64, f64, f64) {
    let d = draw_probability(p, deq).clamp(0.0, 1.0);
    let w = (p - d / 2.0).clamp(0.0, 1.0);
    let l = (1.0 - w - d).max(0.0);
    (w, d, l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_and_the_draws() {
        assert!((expected(202.0) - 0.76).abs() < 1e-12);
        assert!((expected(0.0) - 0.5).abs() < 1e-12);
        // Equal players draw at Deq.
        for deq in [0.1, 0.3, 0.5, 0.7] {
            assert!((draw_probability(0.5, deq) - deq).abs() < 1e-9, "{deq}");
        }
        // Davidson's relation holds: D² = (2 Deq / (1 - Deq))² W L.
        let (w, d, l) = win_draw_loss(0.7, 0.4);
        let nu = 2.0 * 0.4 / 0.6;
        assert!((d * d - nu * nu * w * l).abs() < 1e-9);
        assert!((w + d / 2.0 - 0.7).abs() < 1e-12);
    }
}
