//! The speed class of a TimeControl tag value ([`Speed`]).
//!
//! Forms read: `base+increment` in seconds (lichess, chess.com: `180+2`), `base` alone
//! (`600`), `moves/seconds` stages separated by `:` (FIDE-style `40/7200:3600`: the first
//! stage's time counts), `1/259200` (chess.com Daily: days per move) and `-` (no clock:
//! correspondence). Anything else (`?`, empty, prose) has no class.

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
        Some((base, inc)) => (number(base)?, number(inc)?),
        None => (number(clock)?, 0),
    };
    if let Some(moves) = moves
        && moves > 0
        && base / moves >= CORRESPONDENCE_PER_MOVE
    {
        return Some(Speed::Correspondence);
    }
    let estimate = base + 40 * increment;
    Some(match estimate {
        0..30 => Speed::UltraBullet,
        30..180 => Speed::Bullet,
        180..480 => Speed::Blitz,
        480..1500 => Speed::Rapid,
        _ => Speed::Classical,
    })
}

fn number(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 12 || !text.bytes().all(|b| b.is_ascii_digit()) {
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
    }
}
