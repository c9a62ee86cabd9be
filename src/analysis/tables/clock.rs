//! The clock after each move and the time spent on it ([`Clocks`]), so that clock use is one
//! column of `arbiter moves` (`time_spent_s`), not a window query over `clk`.
//!
//! The rule (Fischer increment, FIDE Laws art. 6 and the Appendix on time controls): after a
//! move a player's clock shows what it showed after the player's previous move, less the time
//! spent, plus the increment of the move's period, plus the next period's time after the last
//! move of a period (`40/5400+30:1800+30`: 1800 s after move 40). So, for a move with `%clk`:
//!
//! ```text
//! time_spent = clock before − clk + increment + time added
//! ```
//!
//! where the clock before a player's first move is the first period's time. A first move whose
//! clock shows that time unchanged took no clock time: lichess and chess.com start a player's
//! clock with the player's second move, and add no increment for the first (`180+2`: `[%clk
//! 0:03:00]`, then `[%clk 0:03:01]` after a second move of 1 s); it is 0. For a move with
//! `%emt` the time spent is what it says, and without `%clk` the clock after it is computed
//! the other way round. A period ends with a player's move numbered as the PGN numbers it
//! (40 for the 40th move from the standard start).
//!
//! Nothing is computed without a time control (no TimeControl, `?`, prose), for correspondence
//! (`-`, days per move: chess.com Daily writes clocks that are no game clock), nor after a move
//! of the player without a clock (the clock before the next is unknown). Values are computed
//! in milliseconds (clocks are written to a tenth of a second at most), so 180 − 179.9 is 0.1.
//! A negative time spent means the clock gained more than the rule gives (time added by an
//! arbiter or an opponent, a period's time the recording shows a move late).

use super::time_control::TimeControl;
use crate::model::MoveData;

/// The clocks of the two players of one game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clocks {
    /// The time control, when the clocks can be computed with it.
    control: Option<TimeControl>,
    /// White's and Black's.
    players: [Player; 2],
}

/// One player's clock.
#[derive(Clone, Copy, Debug, Default)]
struct Player {
    /// The player has moved.
    moved: bool,
    /// The clock after the player's last move, in milliseconds (`None`: unknown).
    after: Option<i64>,
}

/// Seconds as whole milliseconds.
fn ms(seconds: f64) -> i64 {
    (seconds * 1000.0).round() as i64
}

fn seconds(ms: i64) -> f64 {
    ms as f64 / 1000.0
}

impl Clocks {
    /// The clocks of a game of time control `control` (a TimeControl tag read, `None` when
    /// there is none or it is no time control).
    pub fn new(control: Option<TimeControl>) -> Clocks {
        Clocks {
            control: control.filter(|c| !c.is_correspondence()),
            players: [Player::default(); 2],
        }
    }

    /// Fills `data.clock` and `data.spent` of a move of White (`white`) or Black numbered
    /// `number`, its comments read (`data.clk`, `data.emt`).
    pub fn update(&mut self, white: bool, number: u32, data: &mut MoveData) {
        data.clock = data.clk;
        data.spent = data.emt;
        let player = &mut self.players[usize::from(!white)];
        let first = !player.moved;
        player.moved = true;
        let (Some(control), Some(time)) =
            (self.control, self.control.and_then(|c| c.at_move(number)))
        else {
            return;
        };
        let before = match first {
            true => control.first().map(|p| ms(p.seconds)),
            false => player.after,
        };
        let gained = ms(time.increment) + ms(time.added);
        player.after = match (data.clk, data.emt) {
            (Some(clk), emt) => {
                let clk = ms(clk);
                if let (None, Some(before)) = (emt, before) {
                    let spent = match first && clk == before {
                        true => 0,
                        false => before - clk + gained,
                    };
                    data.spent = Some(seconds(spent));
                }
                Some(clk)
            }
            (None, Some(emt)) => {
                let after = before.map(|b| b - ms(emt) + gained);
                data.clock = after.map(seconds);
                after
            }
            (None, None) => None,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The (clock, spent) of moves given as (white, number, clk, emt).
    fn run(
        control: &str,
        moves: &[(bool, u32, Option<f64>, Option<f64>)],
    ) -> Vec<(Option<f64>, Option<f64>)> {
        let mut clocks = Clocks::new(TimeControl::parse(control));
        moves
            .iter()
            .map(|&(white, number, clk, emt)| {
                let mut data = MoveData {
                    clk,
                    emt,
                    ..MoveData::default()
                };
                clocks.update(white, number, &mut data);
                (data.clock, data.spent)
            })
            .collect()
    }

    #[test]
    fn lichess_first_moves_and_increment() {
        // 180+2: both first moves at 3:00 (no clock time), then 1 s and 5 s.
        let got = run(
            "180+2",
            &[
                (true, 1, Some(180.0), None),
                (false, 1, Some(180.0), None),
                (true, 2, Some(181.0), None),
                (false, 2, Some(177.0), None),
            ],
        );
        let spent: Vec<_> = got.iter().map(|g| g.1).collect();
        assert_eq!(spent, [Some(0.0), Some(0.0), Some(1.0), Some(5.0)]);
        assert_eq!(got[3].0, Some(177.0));
    }

    #[test]
    fn chess_com_tenths() {
        // 60+1: the first move shows the increment added (1:01); 60 alone runs from the start.
        let got = run(
            "60+1",
            &[(true, 1, Some(61.0), None), (true, 2, Some(60.8), None)],
        );
        assert_eq!([got[0].1, got[1].1], [Some(0.0), Some(1.2)]);
        let got = run(
            "60",
            &[(true, 1, Some(59.9), None), (true, 2, Some(57.0), None)],
        );
        assert_eq!([got[0].1, got[1].1], [Some(0.1), Some(2.9)]);
    }

    #[test]
    fn fide_periods_add_time_after_move_40() {
        let mut moves = vec![];
        // White spends 60 s a move with 30 s back: the clock falls 30 s a move.
        for n in 1..=41 {
            let mut clk = 5400.0 - 30.0 * f64::from(n);
            if n >= 40 {
                clk += 1800.0;
            }
            moves.push((true, n, Some(clk), None));
        }
        let got = run("40/5400+30:1800+30", &moves);
        assert!(got.iter().all(|g| g.1 == Some(60.0)), "{got:?}");
    }

    #[test]
    fn emt_gives_the_clock() {
        // 40/7200:3600 (no increment): 5 s, then 12 s.
        let got = run(
            "40/7200:3600",
            &[
                (true, 1, None, Some(5.0)),
                (true, 2, None, Some(12.0)),
                (true, 3, None, None),
                (true, 4, None, Some(1.0)),
            ],
        );
        assert_eq!(got[0], (Some(7195.0), Some(5.0)));
        assert_eq!(got[1], (Some(7183.0), Some(12.0)));
        assert_eq!(got[2], (None, None));
        // The clock before is unknown after a move without one.
        assert_eq!(got[3], (None, Some(1.0)));
    }

    #[test]
    fn nothing_computed_without_a_game_clock() {
        for control in ["?", "-", "1/259200", "G/90"] {
            let got = run(
                control,
                &[
                    (true, 1, Some(0.0), None),
                    (true, 2, Some(100.0), Some(3.0)),
                ],
            );
            assert_eq!(
                got,
                [(Some(0.0), None), (Some(100.0), Some(3.0))],
                "{control}"
            );
        }
        // A clock missing: the next move's time is unknown, the one after is known again.
        let got = run(
            "300",
            &[
                (true, 1, Some(299.0), None),
                (true, 2, None, None),
                (true, 3, Some(290.0), None),
                (true, 4, Some(280.0), None),
            ],
        );
        assert_eq!(
            got.iter().map(|g| g.1).collect::<Vec<_>>(),
            [Some(1.0), None, None, Some(10.0)]
        );
    }
}
