//! The FIDE Rating Regulations' tables and the rating change of one game (effective 1 March
//! 2024, art. 8): the expected score `PD` of a rating difference `D` (table 8.1.2, a difference
//! of more than 400 points counted as 400), the change `ΔR = K × (W − We)`, and the inverse
//! table `dp` of a score fraction (8.1.1) that the performance rating (TPR) uses.

/// `dp` for score fractions 0.50 to 1.00 (index = hundredths − 50); below 0.50 it is the
/// negative of the value for 1 − p (table 8.1.1).
const DP: [i32; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// The rating difference `dp` of a score fraction given in hundredths (0..=100).
pub fn dp(hundredths: u32) -> i32 {
    let h = hundredths.min(100) as usize;
    if h >= 50 { DP[h - 50] } else { -DP[50 - h] }
}

/// The upper bounds of the rating differences of table 8.1.2, for `PD` = 0.50, 0.51, ... 0.92
/// (the higher-rated player's expected score; differences are capped at 400, so 0.92 is the
/// last value used).
const PD_UPPER: [u32; 43] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411,
];

/// The expected score (hundredths) of a player rated `rating` against `opponent`: table 8.1.2,
/// the difference capped at 400 points (art. 8.3.1).
pub fn expected_hundredths(rating: u32, opponent: u32) -> u32 {
    let d = rating.abs_diff(opponent).min(400);
    let higher = 50 + PD_UPPER.iter().position(|&u| d <= u).unwrap_or(42) as u32;
    if rating >= opponent {
        higher
    } else {
        100 - higher
    }
}

/// The K-factor: `k` when given (`--k`), else 20 below 2400 and 10 from 2400 (art. 8.3.3;
/// K = 40 for new players and juniors cannot be told from a PGN file's tags).
pub fn k_factor(k: Option<u32>, rating: u32) -> u32 {
    k.unwrap_or(if rating >= 2400 { 10 } else { 20 })
}

/// The rating change of one game: `K × (score − expected)`.
pub fn change(k: u32, score: f64, expected_hundredths: u32) -> f64 {
    f64::from(k) * (score - f64::from(expected_hundredths) / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Table 8.1.2 comes from the normal distribution, `Φ(D / (200√2))`: every entry is
    /// within a hundredth of it (the published bounds are not all the rounding's), and spot
    /// values are the table's as printed (D 18-25 → .53, 26-32 → .54, 392-411 → .92).
    #[test]
    fn the_table_follows_the_normal_distribution() {
        fn phi(x: f64) -> f64 {
            // Abramowitz-Stegun 7.1.26 is too coarse at the table's bounds: use erf's series.
            let z = x / std::f64::consts::SQRT_2;
            let mut sum = z;
            let mut term = z;
            for n in 1..200 {
                term *= -z * z / f64::from(n);
                sum += term / f64::from(2 * n + 1);
            }
            0.5 * (1.0 + 2.0 / std::f64::consts::PI.sqrt() * sum)
        }
        for d in 0..=400u32 {
            let p = phi(f64::from(d) / (200.0 * std::f64::consts::SQRT_2));
            let got = f64::from(expected_hundredths(2000 + d, 2000)) / 100.0;
            assert!((got - p).abs() < 0.01, "D = {d}: {got} vs {p}");
            assert_eq!(
                expected_hundredths(2000, 2000 + d),
                100 - expected_hundredths(2000 + d, 2000),
                "D = -{d}"
            );
        }
        for (d, pd) in [
            (0, 50),
            (3, 50),
            (4, 51),
            (18, 53),
            (25, 53),
            (26, 54),
            (391, 91),
            (392, 92),
        ] {
            assert_eq!(expected_hundredths(2000 + d, 2000), pd, "D = {d}");
        }
        // The cap: a difference of 600 counts as 400.
        assert_eq!(expected_hundredths(2600, 2000), 92);
        assert_eq!(expected_hundredths(2000, 2600), 8);
    }

    /// dp is the inverse: the smallest difference whose expected score reaches the fraction.
    #[test]
    fn dp_table() {
        assert_eq!(dp(50), 0);
        assert_eq!(dp(100), 800);
        assert_eq!(dp(0), -800);
        assert_eq!(dp(67), 125);
        assert_eq!(dp(13), -322);
        assert_eq!(dp(76), 202);
    }

    /// Worked examples of the formula ΔR = K × (W − We).
    #[test]
    fn rating_changes() {
        // A 2000 player beats a 2100 player: D = 100, We = 0.36, K = 20: +12.8.
        let we = expected_hundredths(2000, 2100);
        assert_eq!(we, 36);
        assert!((change(k_factor(None, 2000), 1.0, we) - 12.8).abs() < 1e-9);
        // The 2100 player loses: We = 0.64, K = 20: −12.8.
        assert!(
            (change(k_factor(None, 2100), 0.0, expected_hundredths(2100, 2000)) + 12.8).abs()
                < 1e-9
        );
        // A 2450 player draws a 2000 player: D = 450 counted as 400, We = 0.92, K = 10: −4.2.
        assert!(
            (change(k_factor(None, 2450), 0.5, expected_hundredths(2450, 2000)) + 4.2).abs() < 1e-9
        );
        // K = 40 when asked.
        assert!(
            (change(
                k_factor(Some(40), 1500),
                0.5,
                expected_hundredths(1500, 1500)
            ))
            .abs()
                < 1e-9
        );
    }
}
