//! The speed class of a TimeControl tag value ([`Speed`]).
//!
//! Forms read: `base+increment` in seconds (lichess, chess.com: `180+2`), `base` alone
//! (`600`), `moves/seconds` stages separated by `:` (FIDE-style `40/7200:3600`: the first
//! stage's time counts), `1/259200` (chess.com Daily: days per move) and `-` (no clock:
//! correspondence); seconds may have a decimal part (`180+0.5`). Anything else (`?`, empty,
//! `G/90`, prose) has no class. `arbiter games` (its `speed` column) and `select` (`speed ==`)
//! both classify with this.

use crate::model::Speed;

/// Seconds per move from which a `moves/seconds` stage is correspondence (one hour).
const CORRESPONDENCE_PER_MOVE: u64 = 3600;

/// The speed class of `value`, or `None` when it is not a time control.
pub fn speed(value: &str) -> Option<Speed> {
    let value = value.trim();
    if value == "-" {
        return Some(Speed::Correspondence);
    }
    let first = value.split(':').next()?;
    let (moves, clock) = match first.split_once('/') {
        Some((moves, clock)) => (Some(number(moves)?), clock),
        None => (None, first),
    };
    let (base, increment) = match clock.split_once('+') {
        Some((base, inc)) => (seconds(base)?, seconds(inc)?),
        None => (seconds(clock)?, 0.0),
    };
    if let Some(moves) = moves
        && moves > 0
        && base / moves as f64 >= CORRESPONDENCE_PER_MOVE as f64
    {
        return Some(Speed::Correspondence);
    }
    // Lichess's estimate of a game's duration, in seconds.
    let estimate = base + 40.0 * increment;
    Some(match estimate {
        t if t < 30.0 => Speed::UltraBullet,
        t if t < 180.0 => Speed::Bullet,
        t if t < 480.0 => Speed::Blitz,
        t if t < 1500.0 => Speed::Rapid,
        _ => Speed::Classical,
    })
}

fn number(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 12 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Seconds: digits, maybe with a decimal part (`0.5`).
fn seconds(text: &str) -> Option<f64> {
    let (whole, part) = text.split_once('.').unwrap_or((text, "0"));
    number(whole)?;
    if part.len() > 6 || !part.bytes().all(|b| b.is_ascii_digit()) || part.is_empty() {
        return None;
    }
    text.parse().ok()
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
