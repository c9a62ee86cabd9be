//! Tie-breaks of the FIDE Tie-Break Regulations (2023), as arbiter applies them to the games
//! of a PGN file (`--tiebreak`), and the ranking they give ([`rank`]).
//!
//! The tie-breaks (the regulations' names):
//! * **DE**, direct encounter (art. 6): the points the tied players scored in the games between
//!   them, when every two of them met over the board; applied again to the players it leaves
//!   tied, while that separates some. When not all of them met, it separates nobody.
//! * **WIN** (art. 7.1) wins, forfeits won included; **WON** (7.2) wins over the board; **BPG**
//!   (7.3) games played with Black; **BWG** (7.4) games won with Black.
//! * **BH**, Buchholz (art. 8.1): the sum of the opponents' scores, one term a game; **SB**,
//!   Sonneborn-Berger (8.2): the sum, game by game, of the opponent's score times the points the
//!   player scored in the game; **KS**, Koya (art. 9): the points scored against the opponents
//!   who scored at least half the points possible.
//! * **ARO** (art. 10.1): the average Elo tag of the opponents of the games played, rounded to
//!   the nearest whole number (.5 up); **TPR** (10.2): ARO plus the rating difference `dp` of
//!   the FIDE table (Rating Regulations 8.1.1) for the score over those games, the score rounded
//!   to hundredths (.005 up).
//! * Modifiers (art. 14): `-C1`, `-C2` cut the one or two least significant terms (the
//!   opponents with the lowest scores; a game lost unplayed first); `-M1`, `-M2` cut as many
//!   at both ends (the highest-scoring opponents at the top).
//! * Unplayed games (art. 16): a game won or lost unplayed (a forfeit) scores as the profile
//!   says; in BH and SB of a Swiss it counts as a game against an opponent with the player's own
//!   final score (the "dummy opponent"), in a round robin as 0; it is no game played for WON,
//!   BPG, BWG, DE, ARO and TPR.
//!
//! A PGN file records games, not byes or absences: a round without a game is not seen, and no
//! opponent's score is adjusted for the rounds they did not play.

mod encounter;
mod values;

use super::event::EventView;
pub use values::{aro, tpr};

/// One tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// Direct encounter.
    DirectEncounter,
    /// Wins, forfeits included.
    Wins,
    /// Wins over the board.
    WinsPlayed,
    /// Games played with Black.
    BlackGames,
    /// Games won with Black.
    BlackWins,
    /// Buchholz, with a modifier.
    Buchholz(Modifier),
    /// Sonneborn-Berger, with a modifier.
    SonnebornBerger(Modifier),
    /// Koya (the opponents with half the points or more).
    Koya,
    /// Average rating of the opponents.
    AverageRating,
    /// Tournament performance rating.
    Performance,
}

/// A cut of the terms of a sum (art. 14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Modifier {
    /// Terms cut at the bottom.
    pub low: u8,
    /// Terms cut at the top.
    pub high: u8,
}

impl TieBreak {
    /// Reads a name: `DE`, `WIN`, `WON`, `BPG`, `BWG`, `BH`, `SB` (each with `-C1`, `-C2`,
    /// `-M1`, `-M2`), `KS`, `ARO`, `TPR` (case ignored).
    ///
    /// # Errors
    /// Returns the name that is not one of them.
    pub fn parse(text: &str) -> Result<TieBreak, String> {
        let upper = text.trim().to_ascii_uppercase();
        let (base, modifier) = match upper.split_once('-') {
            Some((b, m)) => (b, Some(m)),
            None => (upper.as_str(), None),
        };
        let m = match modifier {
            None => Modifier::default(),
            Some("C1") => Modifier { low: 1, high: 0 },
            Some("C2") => Modifier { low: 2, high: 0 },
            Some("M1") => Modifier { low: 1, high: 1 },
            Some("M2") => Modifier { low: 2, high: 2 },
            Some(_) => return Err(format!("{text:?}: a modifier is -C1, -C2, -M1 or -M2")),
        };
        let plain = |t: TieBreak| match modifier {
            None => Ok(t),
            Some(_) => Err(format!("{text:?}: only BH and SB take a modifier")),
        };
        match base {
            "DE" => plain(TieBreak::DirectEncounter),
            "WIN" => plain(TieBreak::Wins),
            "WON" => plain(TieBreak::WinsPlayed),
            "BPG" => plain(TieBreak::BlackGames),
            "BWG" => plain(TieBreak::BlackWins),
            "BH" => Ok(TieBreak::Buchholz(m)),
            "SB" => Ok(TieBreak::SonnebornBerger(m)),
            "KS" => plain(TieBreak::Koya),
            "ARO" => plain(TieBreak::AverageRating),
            "TPR" => plain(TieBreak::Performance),
            _ => Err(format!(
                "{text:?}: not a tie-break (DE, WIN, WON, BPG, BWG, BH, SB, KS, ARO, TPR; BH and SB \
                 with -C1, -C2, -M1, -M2)"
            )),
        }
    }

    /// The regulations' name (`BH-C1`).
    pub fn name(self) -> String {
        let with = |base: &str, m: Modifier| match (m.low, m.high) {
            (0, 0) => base.to_owned(),
            (l, 0) => format!("{base}-C{l}"),
            (l, _) => format!("{base}-M{l}"),
        };
        match self {
            TieBreak::DirectEncounter => "DE".into(),
            TieBreak::Wins => "WIN".into(),
            TieBreak::WinsPlayed => "WON".into(),
            TieBreak::BlackGames => "BPG".into(),
            TieBreak::BlackWins => "BWG".into(),
            TieBreak::Buchholz(m) => with("BH", m),
            TieBreak::SonnebornBerger(m) => with("SB", m),
            TieBreak::Koya => "KS".into(),
            TieBreak::AverageRating => "ARO".into(),
            TieBreak::Performance => "TPR".into(),
        }
    }

    /// Reads a comma-separated list (empty: no tie-break, the points alone rank).
    ///
    /// # Errors
    /// Returns the first name that is not a tie-break, or one named twice (the second would
    /// never separate players the first left tied).
    pub fn parse_list(text: &str) -> Result<Vec<TieBreak>, String> {
        let list: Vec<TieBreak> = text
            .split(',')
            .filter(|t| !t.trim().is_empty())
            .map(TieBreak::parse)
            .collect::<Result<_, _>>()?;
        for (i, t) in list.iter().enumerate() {
            if list[..i].contains(t) {
                return Err(format!("{} named twice", t.name()));
            }
        }
        Ok(list)
    }
}

/// arbiter's default order for a round robin: DE, WIN, SB, KS.
pub fn round_robin_default() -> Vec<TieBreak> {
    vec![
        TieBreak::DirectEncounter,
        TieBreak::Wins,
        TieBreak::SonnebornBerger(Modifier::default()),
        TieBreak::Koya,
    ]
}

/// arbiter's default order for matches (a knockout): DE (the match between the players tied),
/// WIN. The FIDE Tie-Break Regulations are written for round robins and Swiss events; a
/// knockout's matches are decided by their own games and play-offs.
pub fn matches_default() -> Vec<TieBreak> {
    vec![TieBreak::DirectEncounter, TieBreak::Wins]
}

/// arbiter's default order for a Swiss: BH-C1, BH, DE, WIN, ARO.
pub fn swiss_default() -> Vec<TieBreak> {
    vec![
        TieBreak::Buchholz(Modifier { low: 1, high: 0 }),
        TieBreak::Buchholz(Modifier::default()),
        TieBreak::DirectEncounter,
        TieBreak::Wins,
        TieBreak::AverageRating,
    ]
}

/// The ranking of an event's players.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranking {
    /// The players (indices of the event), best first.
    pub order: Vec<usize>,
    /// Each player's (by event index) tie-break values, in the order of the tie-breaks (`NaN`
    /// where it is not defined: DE of a player tied with nobody, ARO without rated opponents).
    pub values: Vec<Vec<f64>>,
    /// Each player's (by event index) 1-based rank, shared by players tied on everything.
    pub ranks: Vec<u32>,
}

/// The inputs of the tie-breaks: the event, each player's game points (`game_points[p][i]` =
/// the points of game `i` of player `p` under the profile, `None` unfinished), each player's
/// total, the points of a win.
#[derive(Debug)]
pub struct Scores<'a> {
    /// The event.
    pub event: &'a EventView,
    /// Per player, per game: the points (None: unfinished).
    pub game_points: &'a [Vec<Option<f64>>],
    /// Per player: the total of game points.
    pub totals: &'a [f64],
    /// The points of a win.
    pub win: f64,
}

/// Ranks the players by `primary` (their points, or the levels' points), then by `tiebreaks`.
pub fn rank(scores: &Scores<'_>, primary: &[f64], tiebreaks: &[TieBreak]) -> Ranking {
    let n = primary.len();
    let mut values = vec![vec![f64::NAN; tiebreaks.len()]; n];
    for (k, tb) in tiebreaks.iter().enumerate() {
        if *tb != TieBreak::DirectEncounter {
            for (p, v) in values.iter_mut().enumerate() {
                v[k] = values::value(scores, p, *tb);
            }
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| primary[b].total_cmp(&primary[a]));
    let keyed: Vec<(usize, Vec<f64>)> = order.iter().map(|&p| (p, vec![primary[p]])).collect();
    let mut groups = split(&keyed);
    for (k, tb) in tiebreaks.iter().enumerate() {
        let mut next = Vec::new();
        for group in groups {
            if group.len() == 1 {
                next.push(group);
                continue;
            }
            let keys: Vec<(usize, Vec<f64>)> = match tb {
                TieBreak::DirectEncounter => {
                    let de = encounter::direct_encounter(scores, &group);
                    for (p, key) in &de {
                        values[*p][k] = key[0];
                    }
                    de
                }
                _ => group.iter().map(|&p| (p, vec![values[p][k]])).collect(),
            };
            let mut keyed = keys;
            keyed.sort_by(|a, b| compare_desc(&a.1, &b.1));
            next.extend(split(&keyed));
        }
        groups = next;
    }
    let mut ranks = vec![0; n];
    let mut order = Vec::with_capacity(n);
    for group in groups {
        let rank = u32::try_from(order.len() + 1).unwrap_or(u32::MAX);
        for p in group {
            ranks[p] = rank;
            order.push(p);
        }
    }
    Ranking {
        order,
        values,
        ranks,
    }
}

/// Descending order of keys, `NaN` last.
fn compare_desc(a: &[f64], b: &[f64]) -> std::cmp::Ordering {
    for (x, y) in a.iter().zip(b) {
        let o = match (x.is_nan(), y.is_nan()) {
            (true, true) => std::cmp::Ordering::Equal,
            (true, false) => std::cmp::Ordering::Greater,
            (false, true) => std::cmp::Ordering::Less,
            _ => y.total_cmp(x),
        };
        if o.is_ne() {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

/// Splits players ordered by their keys into runs of equal keys.
fn split(keyed: &[(usize, Vec<f64>)]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, (p, k)) in keyed.iter().enumerate() {
        let same = i > 0 && compare_desc(&keyed[i - 1].1, k).is_eq();
        match (same, groups.last_mut()) {
            (true, Some(g)) => g.push(*p),
            _ => groups.push(vec![*p]),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tiebreak_named_twice_is_refused() {
        assert_eq!(
            TieBreak::parse_list("DE,WIN,DE"),
            Err("DE named twice".to_owned())
        );
        assert_eq!(TieBreak::parse_list(""), Ok(Vec::new()));
        assert!(TieBreak::parse_list("BH-C1,BH").is_ok());
    }

    #[test]
    fn names_round_trip() {
        for name in [
            "DE", "WIN", "WON", "BPG", "BWG", "BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "SB",
            "SB-C1", "KS", "ARO", "TPR",
        ] {
            assert_eq!(TieBreak::parse(name).unwrap().name(), name);
        }
        assert_eq!(TieBreak::parse("bh-c1").unwrap().name(), "BH-C1");
        assert!(TieBreak::parse("DE-C1").is_err());
        assert!(TieBreak::parse("XYZ").is_err());
        assert_eq!(TieBreak::parse_list("SB,DE,WIN").unwrap().len(), 3);
    }
}
