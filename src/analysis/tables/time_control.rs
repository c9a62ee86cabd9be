//! A TimeControl tag value read into its periods ([`TimeControl`]), as the PGN standard
//! (section 9.6.1) and the sites write them.
//!
//! Forms read: `base+increment` in seconds (lichess, chess.com: `180+2`), `base` alone
//! (`600`), `moves/seconds` periods separated by `:` (`40/7200:3600`), with an increment too
//! (FIDE as lichess broadcasts write it: `40/5400+30:1800+30`, 90 minutes for 40 moves, then
//! 30 minutes for the rest, 30 seconds a move from move 1), `1/259200` (chess.com Daily: days
//! per move) and `-` (no clock: correspondence); seconds may have a decimal part
//! (`180+0.5`), space around the value is ignored. Anything else (`?`, empty, `G/90`, a
//! sandglass `*180`, prose, a period without a move count before another period) is no time
//! control.
//!
//! A period with a move count lasts that many moves of each player; the last one, when it has
//! a count, starts again after it (`40/7200` is 7200 seconds for every 40 moves). Its seconds
//! are added to a player's clock when the player completes the last move of the period before
//! (FIDE Laws, Appendix and art. 6.1: the extra time is given at the end of the period).

use crate::model::TimePeriod;

/// Periods of a time control, at most this many (FIDE's controls have two or three).
pub const MAX_PERIODS: usize = 8;

/// Seconds per move from which a time control is correspondence (one hour).
pub const CORRESPONDENCE_PER_MOVE: f64 = 3600.0;

/// A TimeControl tag value, read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// `-`: no clock (lichess correspondence).
    NoClock,
    /// The periods, in order (at least one).
    Periods {
        /// The periods; the first `len` are used.
        list: [TimePeriod; MAX_PERIODS],
        /// Number of periods.
        len: usize,
    },
}

impl TimeControl {
    /// Reads `value`; `None` when it is not a time control (see the module header).
    pub fn parse(value: &str) -> Option<TimeControl> {
        let value = value.trim();
        if value == "-" {
            return Some(TimeControl::NoClock);
        }
        let mut list = [TimePeriod::default(); MAX_PERIODS];
        let mut len = 0;
        for field in value.split(':') {
            // Only the last period may lack a move count (it lasts the rest of the game).
            if len == MAX_PERIODS || (len > 0 && list[len - 1].moves.is_none()) {
                return None;
            }
            list[len] = period(field)?;
            len += 1;
        }
        Some(TimeControl::Periods { list, len })
    }

    /// The periods (none for [`TimeControl::NoClock`]).
    pub fn periods(&self) -> &[TimePeriod] {
        match self {
            TimeControl::NoClock => &[],
            TimeControl::Periods { list, len } => &list[..*len],
        }
    }

    /// The first period (none for [`TimeControl::NoClock`]).
    pub fn first(&self) -> Option<TimePeriod> {
        self.periods().first().copied()
    }

    /// True for correspondence: no clock (`-`), or a first period of an hour or more a move
    /// (chess.com Daily `1/259200`).
    pub fn is_correspondence(&self) -> bool {
        match self.first() {
            None => true,
            Some(p) => p
                .moves
                .is_some_and(|m| p.seconds / f64::from(m) >= CORRESPONDENCE_PER_MOVE),
        }
    }

    /// The period a player's move numbered `number` (1-based, the move number of the PGN:
    /// a player's `number`-th move of a game from the standard start) is played in, and
    /// whether it is the last move of that period (the next period's time is then added after
    /// it): the period's increment and the seconds added.
    pub fn at_move(&self, number: u32) -> Option<MoveTime> {
        let periods = self.periods();
        let last = periods.len().checked_sub(1)?;
        let mut before = 0u32;
        for (i, p) in periods.iter().enumerate() {
            let Some(moves) = p.moves else {
                // Sudden death (the last period): no more time is added.
                return Some(MoveTime {
                    increment: p.increment,
                    added: 0.0,
                });
            };
            let end = before.saturating_add(moves);
            if number <= end || i == last {
                // The last period starts again every `moves` moves.
                let ends_period = match number <= end {
                    true => number == end,
                    false => (number - end).is_multiple_of(moves),
                };
                let next = periods.get(i + 1).unwrap_or(p);
                return Some(MoveTime {
                    increment: p.increment,
                    added: if ends_period { next.seconds } else { 0.0 },
                });
            }
            before = end;
        }
        None
    }
}

/// What a player's clock gains with one move ([`TimeControl::at_move`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveTime {
    /// The increment of the move's period (seconds).
    pub increment: f64,
    /// The seconds of the next period, added after the last move of a period; else 0.
    pub added: f64,
}

/// One period: `[moves/]seconds[+increment]`.
fn period(text: &str) -> Option<TimePeriod> {
    let (moves, clock) = match text.split_once('/') {
        Some((moves, clock)) => (Some(number(moves)?), clock),
        None => (None, text),
    };
    if moves == Some(0) {
        return None;
    }
    let (seconds, increment) = match clock.split_once('+') {
        Some((base, inc)) => (seconds(base)?, seconds(inc)?),
        None => (seconds(clock)?, 0.0),
    };
    Some(TimePeriod {
        moves: moves.map(|m| u32::try_from(m).unwrap_or(u32::MAX)),
        seconds,
        increment,
    })
}

fn number(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 12 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Seconds: digits, maybe with a decimal part of one to six digits (`0.5`).
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

    fn first(value: &str) -> Option<(Option<u32>, f64, f64)> {
        let tc = TimeControl::parse(value)?;
        tc.first().map(|p| (p.moves, p.seconds, p.increment))
    }

    #[test]
    fn site_forms() {
        assert_eq!(first("180+2"), Some((None, 180.0, 2.0)));
        assert_eq!(first("600"), Some((None, 600.0, 0.0)));
        assert_eq!(first(" 600 "), Some((None, 600.0, 0.0)));
        assert_eq!(first("10+0.05"), Some((None, 10.0, 0.05)));
        assert_eq!(first("1/259200"), Some((Some(1), 259200.0, 0.0)));
        assert_eq!(TimeControl::parse("-"), Some(TimeControl::NoClock));
        assert_eq!(first("-"), None);
        for bad in [
            "?", "", "G/90", "*180", "5+x", "1.", ".5", "0/600", "600:300", "40/", "+2",
        ] {
            assert_eq!(TimeControl::parse(bad), None, "{bad}");
        }
        assert_eq!(TimeControl::parse("1:2:3:4:5:6:7:8:9"), None);
    }

    #[test]
    fn fide_periods() {
        let tc = TimeControl::parse("40/5400+30:1800+30").unwrap();
        let p = tc.periods();
        assert_eq!(p.len(), 2);
        assert_eq!(
            (p[0].moves, p[0].seconds, p[0].increment),
            (Some(40), 5400.0, 30.0)
        );
        assert_eq!(
            (p[1].moves, p[1].seconds, p[1].increment),
            (None, 1800.0, 30.0)
        );
        // 30 s a move from move 1; 30 minutes added after move 40.
        let at = |n| tc.at_move(n).map(|t| (t.increment, t.added));
        assert_eq!(at(1), Some((30.0, 0.0)));
        assert_eq!(at(39), Some((30.0, 0.0)));
        assert_eq!(at(40), Some((30.0, 1800.0)));
        assert_eq!(at(41), Some((30.0, 0.0)));
        assert_eq!(at(200), Some((30.0, 0.0)));
        let tc = TimeControl::parse("40/7200:20/3600:900+30").unwrap();
        let at = |n| tc.at_move(n).map(|t| (t.increment, t.added));
        assert_eq!(at(40), Some((0.0, 3600.0)));
        assert_eq!(at(41), Some((0.0, 0.0)));
        assert_eq!(at(60), Some((0.0, 900.0)));
        assert_eq!(at(61), Some((30.0, 0.0)));
        // The last period with a count starts again.
        let tc = TimeControl::parse("40/7200").unwrap();
        let at = |n| tc.at_move(n).map(|t| t.added);
        assert_eq!(
            [at(40), at(41), at(80), at(120)],
            [Some(7200.0), Some(0.0), Some(7200.0), Some(7200.0)]
        );
        let tc = TimeControl::parse("40/7200:3600").unwrap();
        assert_eq!(tc.at_move(40).map(|t| t.added), Some(3600.0));
        assert_eq!(tc.at_move(80).map(|t| t.added), Some(0.0));
        assert_eq!(TimeControl::NoClock.at_move(1), None);
    }

    #[test]
    fn correspondence() {
        let c = |v: &str| TimeControl::parse(v).unwrap().is_correspondence();
        assert!(c("-") && c("1/259200") && c("1/3600"));
        assert!(!c("1/3599") && !c("40/7200") && !c("180+2"));
    }
}
