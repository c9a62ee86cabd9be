//! The speed class of a TimeControl tag value ([`Speed`]), from its first period
//! ([`TimeControl`]): `-` (no clock) and an hour or more a move (chess.com Daily
//! `1/259200`) are correspondence; otherwise lichess's estimate of the game's duration, the
//! base plus 40 increments, gives the class (FIDE-style `40/7200:3600` by its first period).
//! What is no time control (`?`, empty, `G/90`, prose) has no class. `arbiter games` (its
//! `speed` column) and `select` (`speed ==`) both classify with this.

use super::time_control::TimeControl;
use crate::model::Speed;

/// The speed class of `value`, or `None` when it is not a time control.
pub fn speed(value: &str) -> Option<Speed> {
    TimeControl::parse(value).map(|tc| speed_of(&tc))
}

/// The speed class of a time control read.
pub fn speed_of(tc: &TimeControl) -> Speed {
    let first = match tc.first() {
        Some(first) if !tc.is_correspondence() => first,
        _ => return Speed::Correspondence,
    };
    // Lichess's estimate of a game's duration, in seconds.
    let estimate = first.seconds + 40.0 * first.increment;
    match estimate {
        t if t < 30.0 => Speed::UltraBullet,
        t if t < 180.0 => Speed::Bullet,
        t if t < 480.0 => Speed::Blitz,
        t if t < 1500.0 => Speed::Rapid,
        _ => Speed::Classical,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lichess_thresholds() {
        assert_eq!(speed("15+0"), Some(Speed::UltraBullet));
        assert_eq!(speed("60+0"), Some(Speed::Bullet));
        assert_eq!(speed("120+1"), Some(Speed::Bullet));
        assert_eq!(speed("180+0"), Some(Speed::Blitz));
        assert_eq!(speed("180+2"), Some(Speed::Blitz));
        assert_eq!(speed("600+0"), Some(Speed::Rapid));
        assert_eq!(speed("900+10"), Some(Speed::Rapid));
        assert_eq!(speed("1500+0"), Some(Speed::Classical));
        assert_eq!(speed("1800+0"), Some(Speed::Classical));
    }

    #[test]
    fn other_forms() {
        assert_eq!(speed("-"), Some(Speed::Correspondence));
        assert_eq!(speed("1/259200"), Some(Speed::Correspondence));
        assert_eq!(speed("40/7200:3600"), Some(Speed::Classical));
        assert_eq!(speed("300"), Some(Speed::Blitz));
        assert_eq!(speed("?"), None);
        assert_eq!(speed(""), None);
        assert_eq!(speed("5+x"), None);
        assert_eq!(speed("180+0.5"), Some(Speed::Blitz));
        assert_eq!(speed("29.5"), Some(Speed::UltraBullet));
        assert_eq!(speed("G/90"), None);
        assert_eq!(speed("1."), None);
        assert_eq!(speed(".5"), None);
    }
}
