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
        let finite = [s.win, s.draw, s.loss].iter().all(|v| v.is_finite());
        if !(finite && s.win >= s.draw && s.draw >= s.loss) {
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
