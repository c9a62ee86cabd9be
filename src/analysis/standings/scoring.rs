//! Scoring profiles (`--scoring`): the points a win, a draw and a loss give, read from TOML like
//! the audit's profiles. Three are built in (`data/scoring/`): `fide` (1-½-0, the default),
//! `football` (3-1-0) and `levels`, a club's points-and-levels scheme ([`Levels`]).

use serde::Deserialize;

/// The built-in profiles: (name, TOML).
pub const BUILT_IN: [(&str, &str); 3] = [
    ("fide", include_str!("../../../data/scoring/fide.toml")),
    (
        "football",
        include_str!("../../../data/scoring/football.toml"),
    ),
    ("levels", include_str!("../../../data/scoring/levels.toml")),
];

/// A scoring profile.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    /// The profile's name, as the tables name it.
    pub name: String,
    /// One line saying what it is.
    pub description: String,
    /// Points for a win.
    pub win: f64,
    /// Points for a draw.
    pub draw: f64,
    /// Points for a loss.
    pub loss: f64,
    /// Points for a game won unplayed (a forfeit); the points of a win when not given.
    #[serde(default)]
    pub forfeit_win: Option<f64>,
    /// Points for a game lost unplayed; the points of a loss when not given.
    #[serde(default)]
    pub forfeit_loss: Option<f64>,
    /// The points-and-levels scheme, which then ranks the table.
    #[serde(default)]
    pub levels: Option<Levels>,
}

/// A club's points-and-levels scheme: players carry points from game to game, a level per
/// `points_per_level` (up to `top_level`; 0 is "no level"); the points won and lost in a game
/// come from the band of the difference of the two players' points before it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Levels {
    /// Points of a player at their first game.
    pub start: i64,
    /// Points a level.
    pub points_per_level: i64,
    /// The highest level.
    pub top_level: u32,
    /// Once a player has played this many games, their gains and losses are halved.
    pub halve_after_games: u32,
    /// The bands, by increasing difference; the last has no `below`.
    pub bands: Vec<Band>,
}

/// The gains of one band of differences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// The band holds the differences below this (none: every larger difference).
    #[serde(default)]
    pub below: Option<i64>,
    /// What the higher-ranked player gains by winning (and the other loses).
    pub higher_wins: Gain,
    /// What the lower-ranked player gains by winning.
    pub lower_wins: Gain,
    /// What the lower-ranked player gains by a draw (and the higher-ranked loses).
    pub draw: Gain,
}

/// A gain: `base + per_ten * (difference / 10)` (whole division), never below 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gain {
    /// The points at a difference of 0.
    pub base: i64,
    /// Points more for each whole ten of difference.
    pub per_ten: i64,
}

impl Gain {
    /// The gain at `difference` (≥ 0).
    pub fn at(self, difference: i64) -> i64 {
        (self.base + self.per_ten * (difference / 10)).max(0)
    }
}

/// The largest points a game may give or take in a profile (`win`, `draw`, `loss`,
/// `forfeit_win`, `forfeit_loss`, and each `base` and `per_ten` of the levels' bands): sums of
/// them over a million games stay exact-ish and finite, never `inf` or `NaN`.
pub const MAX_POINTS: f64 = 1000.0;

/// The largest points, level size and band limit of the points-and-levels scheme (`start`,
/// `points_per_level`, `below`), and the most levels (`top_level`).
pub const MAX_LEVEL_POINTS: i64 = 1_000_000;

/// The sum of points (game points, a tie-break's terms), from +0: `Iterator::sum` of no term
/// is −0.0 (the IEEE 754 identity of addition), which would print as `-0` for a player whose
/// games are all unfinished, and a product term `−1 × 0` is −0.0 too; `0.0 + −0.0` is +0.0.
pub fn total(points: impl IntoIterator<Item = f64>) -> f64 {
    points.into_iter().fold(0.0, |sum, x| sum + x)
}

/// A scoring profile that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ScoringError(pub String);

impl Scoring {
    /// The built-in profile `fide`.
    pub fn fide() -> Scoring {
        Scoring::built_in("fide").expect("the built-in profiles are valid")
    }

    /// A built-in profile by name.
    pub fn built_in(name: &str) -> Option<Scoring> {
        let (_, text) = BUILT_IN.iter().find(|(n, _)| *n == name)?;
        Scoring::from_toml(text).ok()
    }

    /// Reads a profile file's text.
    ///
    /// # Errors
    /// Returns the TOML error, or why the values cannot be used (a win worth less than a draw,
    /// bands out of order or without a last open band).
    pub fn from_toml(text: &str) -> Result<Scoring, ScoringError> {
        let s: Scoring = toml::from_str(text).map_err(|e| ScoringError(e.to_string()))?;
        let values = [
            ("win", Some(s.win)),
            ("draw", Some(s.draw)),
            ("loss", Some(s.loss)),
            ("forfeit_win", s.forfeit_win),
            ("forfeit_loss", s.forfeit_loss),
        ];
        for (key, value) in values {
            if let Some(v) = value.filter(|v| v.is_nan() || v.abs() > MAX_POINTS) {
                return Err(ScoringError(format!(
                    "{key} = {v:?}: points must be numbers from -{MAX_POINTS} to {MAX_POINTS}"
                )));
            }
        }
        if !(s.win >= s.draw && s.draw >= s.loss) {
            return Err(ScoringError(
                "win, draw and loss must be numbers with win >= draw >= loss".into(),
            ));
        }
        if let Some(levels) = &s.levels {
            levels.validate()?;
        }
        Ok(s)
    }

    /// Points of a win, a draw, a loss, a forfeit won and a forfeit lost, for `score` (1, ½,
    /// 0) and `unplayed`.
    pub fn points(&self, score: f64, unplayed: bool) -> f64 {
        match (score, unplayed) {
            (s, true) if s > 0.5 => self.forfeit_win.unwrap_or(self.win),
            (s, true) if s < 0.5 => self.forfeit_loss.unwrap_or(self.loss),
            (s, _) if s > 0.5 => self.win,
            (s, _) if s < 0.5 => self.loss,
            _ => self.draw,
        }
    }
}

impl Levels {
    fn validate(&self) -> Result<(), ScoringError> {
        let out_of = |key: &str, v: i64, low: i64, high: i64| {
            (!(low..=high).contains(&v))
                .then(|| ScoringError(format!("levels: {key} = {v}: must be from {low} to {high}")))
        };
        let max = MAX_POINTS as i64;
        let mut checks = vec![
            out_of("start", self.start, 0, MAX_LEVEL_POINTS),
            out_of(
                "points_per_level",
                self.points_per_level,
                1,
                MAX_LEVEL_POINTS,
            ),
            out_of("top_level", i64::from(self.top_level), 1, 1000),
        ];
        for (i, b) in self.bands.iter().enumerate() {
            let n = i + 1;
            checks.push(
                b.below
                    .and_then(|v| out_of(&format!("bands[{n}].below"), v, 0, MAX_LEVEL_POINTS)),
            );
            for (what, g) in [
                ("higher_wins", b.higher_wins),
                ("lower_wins", b.lower_wins),
                ("draw", b.draw),
            ] {
                checks.push(out_of(
                    &format!("bands[{n}].{what}.base"),
                    g.base,
                    -max,
                    max,
                ));
                checks.push(out_of(
                    &format!("bands[{n}].{what}.per_ten"),
                    g.per_ten,
                    -max,
                    max,
                ));
            }
        }
        if let Some(e) = checks.into_iter().flatten().next() {
            return Err(e);
        }
        if self.points_per_level <= 0 || self.top_level == 0 {
            return Err(ScoringError(
                "levels: points_per_level and top_level must be positive".into(),
            ));
        }
        let Some((last, rest)) = self.bands.split_last() else {
            return Err(ScoringError("levels: no bands".into()));
        };
        if last.below.is_some() || rest.iter().any(|b| b.below.is_none()) {
            return Err(ScoringError(
                "levels: every band but the last needs `below`; the last has none".into(),
            ));
        }
        if rest.windows(2).any(|w| w[0].below >= w[1].below) {
            return Err(ScoringError(
                "levels: bands must come by increasing `below`".into(),
            ));
        }
        Ok(())
    }

    /// The band of a difference of points.
    fn band(&self, difference: i64) -> &Band {
        self.bands
            .iter()
            .find(|b| b.below.is_none_or(|below| difference < below))
            .expect("the last band is open")
    }

    /// The level of `points` (0 = no level).
    pub fn level(&self, points: i64) -> u32 {
        let level = (points.max(0) / self.points_per_level).min(i64::from(self.top_level));
        u32::try_from(level).unwrap_or(0)
    }

    /// The points White and Black have after a game: `white` and `black` are their points and
    /// games played before it, `white_score` White's score (1, ½, 0). Points never go below 0.
    pub fn after_game(&self, white: (i64, u32), black: (i64, u32), white_score: f64) -> (i64, i64) {
        let difference = (white.0 - black.0).abs();
        let band = self.band(difference);
        let white_higher = white.0 > black.0;
        // White's gain (negative: a loss); the scheme is zero-sum before halving.
        let gain = if white_score > 0.5 {
            match white_higher || white.0 == black.0 {
                true => band.higher_wins.at(difference),
                false => band.lower_wins.at(difference),
            }
        } else if white_score < 0.5 {
            match white_higher || white.0 == black.0 {
                true => -band.lower_wins.at(difference),
                false => -band.higher_wins.at(difference),
            }
        } else if white.0 == black.0 {
            0
        } else {
            let draw = band.draw.at(difference);
            if white_higher { -draw } else { draw }
        };
        let halve = |change: i64, games: u32| match games >= self.halve_after_games {
            true => change / 2,
            false => change,
        };
        (
            (white.0 + halve(gain, white.1)).max(0),
            (black.0 + halve(-gain, black.1)).max(0),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 34 (the adversary): `win = 1e308` gave `inf` and `NaN` in the tables; every
    /// value is now a finite number within the documented range, the error naming the key.
    #[test]
    fn huge_values_are_refused_by_key() {
        let profile = |extra: &str| {
            Scoring::from_toml(&format!(
                "name='x'\ndescription='y'\nwin=1\ndraw=0.5\nloss=0\n{extra}"
            ))
        };
        let e = Scoring::from_toml("name='x'\ndescription='y'\nwin=1e308\ndraw=0\nloss=-1e308")
            .unwrap_err();
        assert!(e.0.starts_with("win = "), "{e}");
        let e = Scoring::from_toml("name='x'\ndescription='y'\nwin=1\ndraw=0\nloss=-1e308")
            .unwrap_err();
        assert!(e.0.starts_with("loss = "), "{e}");
        let e =
            Scoring::from_toml("name='x'\ndescription='y'\nwin=nan\ndraw=0\nloss=0").unwrap_err();
        assert!(e.0.starts_with("win = NaN"), "{e}");
        assert!(
            profile("forfeit_win = inf")
                .unwrap_err()
                .0
                .starts_with("forfeit_win")
        );
        assert!(profile("forfeit_loss = -1000.5").is_err());
        // The limits themselves are allowed.
        assert!(
            Scoring::from_toml("name='x'\ndescription='y'\nwin=1000\ndraw=0\nloss=-1000").is_ok()
        );
        let levels = crate::analysis::standings::scoring::BUILT_IN[2].1;
        let huge = levels.replacen("base = 10,", "base = 9223372036854775807,", 1);
        let e = Scoring::from_toml(&huge).unwrap_err();
        assert!(e.0.starts_with("levels: bands[1].higher_wins.base"), "{e}");
        let e = Scoring::from_toml(&levels.replacen("start = 0", "start = -5", 1)).unwrap_err();
        assert!(e.0.starts_with("levels: start = -5"), "{e}");
    }

    /// Issue 34 (the adversary): a player whose only game is unfinished had −0 points.
    #[test]
    fn a_sum_of_no_points_is_plus_zero() {
        assert!(total([]).is_sign_positive());
        assert!(total([-0.0]).is_sign_positive());
        assert!(total([-0.0, -0.0, -0.0]).is_sign_positive());
        assert_eq!(total([1.0, 0.5, 0.0]), 1.5);
        // What the standard library gives, and why `total` exists.
        assert!(std::iter::empty::<f64>().sum::<f64>().is_sign_negative());
    }

    #[test]
    fn built_in_profiles_read() {
        for (name, _) in BUILT_IN {
            let s = Scoring::built_in(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(s.name, name);
        }
        let football = Scoring::built_in("football").unwrap();
        assert_eq!(football.points(1.0, false), 3.0);
        assert_eq!(football.points(0.5, false), 1.0);
        assert_eq!(Scoring::fide().points(0.0, true), 0.0);
        assert!(Scoring::from_toml("name='x'\ndescription='y'\nwin=0\ndraw=1\nloss=0").is_err());
        assert!(
            Scoring::from_toml("name='x'\ndescription='y'\nwin=1\ndraw=1\nloss=0\nextra=1")
                .is_err()
        );
    }

    /// The scheme of issue 34, band by band.
    #[test]
    fn points_and_levels() {
        let levels = Scoring::built_in("levels").unwrap().levels.unwrap();
        // Within 10 points: 10 either way; a draw gives nothing.
        assert_eq!(levels.after_game((500, 0), (505, 0), 1.0), (510, 495));
        assert_eq!(levels.after_game((500, 0), (505, 0), 0.5), (500, 505));
        // 10-99: 10 - diff/10 for the higher-ranked winner, 10 + diff/10 for the lower.
        assert_eq!(levels.after_game((560, 0), (500, 0), 1.0), (564, 496));
        assert_eq!(levels.after_game((560, 0), (500, 0), 0.0), (544, 516));
        // A draw: diff/10 to the lower-ranked player.
        assert_eq!(levels.after_game((560, 0), (500, 0), 0.5), (554, 506));
        // 200 or more: the higher-ranked player's win gains nothing.
        assert_eq!(levels.after_game((900, 0), (600, 0), 1.0), (900, 600));
        // After 50 games the gains are halved.
        assert_eq!(levels.after_game((500, 50), (505, 3), 1.0), (505, 495));
        // Levels: 100 points a level, at most 30; below 100 no level.
        assert_eq!(levels.level(99), 0);
        assert_eq!(levels.level(100), 1);
        assert_eq!(levels.level(3999), 30);
        // Points never go below 0.
        assert_eq!(levels.after_game((5, 0), (0, 0), 0.0), (0, 10));
    }
}
