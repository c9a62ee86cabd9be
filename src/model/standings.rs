//! The records of `arbiter standings` and `arbiter ratings` (issue 34): one table per event
//! (its players ranked, with their tie-breaks and their results against each opponent or by
//! round), the notes on the results read, and the ratings of each group of players. Plain
//! data: the analysis fills them in, the printers of `report::standings` write them.

use serde::Serialize;

/// How an event was played, as its pairings show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    /// Every two players met, each pair as often as the others (the cycles).
    RoundRobin,
    /// Matches: every two players who met played several games (a match), and not every two
    /// players met — a knockout (London 1851) or a set of matches. No Swiss tie-break (a
    /// Buchholz needs a Swiss's rounds): the direct encounter, the match, decides first.
    Matches,
    /// Any other pairing (Swiss, open games of a server...).
    Swiss,
}

/// How an event's results are laid out in its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// A crosstable: a column per opponent in rank order (a round robin of at most
    /// [`MAX_CROSSTABLE_PLAYERS`] players).
    Crosstable,
    /// The opponents by round: one list of cells (a Swiss event, or a round robin of more
    /// players, such as a server's games read with `--kind round-robin`: its crosstable would
    /// hold a cell for each pair of players, 25 million for 5,000).
    Rounds,
}

impl Layout {
    /// The layout of an event of `kind` and `players`: a crosstable for a round robin of at
    /// most [`MAX_CROSSTABLE_PLAYERS`] players, the opponents by round otherwise.
    pub fn of(kind: EventKind, players: usize) -> Layout {
        match kind {
            EventKind::RoundRobin if players <= MAX_CROSSTABLE_PLAYERS => Layout::Crosstable,
            _ => Layout::Rounds,
        }
    }
}

/// The most players of a round robin shown as a crosstable (a round robin of 100 players is
/// 99 rounds; real ones have at most a few dozen).
pub const MAX_CROSSTABLE_PLAYERS: usize = 100;

impl EventKind {
    /// The name written in the outputs.
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::RoundRobin => "round-robin",
            EventKind::Matches => "matches",
            EventKind::Swiss => "swiss",
        }
    }
}

/// One result as a cell of a crosstable or a round: from the row player's side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// The round (the Round tag's first number; `None` when the tag has none).
    pub round: Option<u32>,
    /// The opponent's rank in the table (1-based row).
    pub opponent: u32,
    /// `w` or `b`.
    pub color: char,
    /// `1`, `½`, `0`; `+` and `-` for a game won and lost unplayed (a forfeit), `*` unfinished
    /// (not scored).
    pub result: &'static str,
    /// The result was changed by `--as-audited`, or the audit contradicts it.
    pub marked: bool,
}

/// One player's line of an event's table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// 1-based rank; players tied on points and every tie-break share it.
    pub rank: u32,
    /// Another player has the same rank.
    pub shared: bool,
    /// The player's name, as first written.
    pub player: String,
    /// Games scored (unfinished games are not).
    pub games: u32,
    /// Points under the scoring profile.
    pub points: f64,
    /// Wins (forfeits included).
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses (forfeits included).
    pub losses: u32,
    /// Games won or lost unplayed (forfeits).
    pub unplayed: u32,
    /// Unfinished games (`*` or no result), never scored.
    pub unfinished: u32,
    /// Points as a share of the most the games could give, in percent.
    pub score_pct: f64,
    /// The points-and-levels scheme's level (0: no level), with such a profile.
    pub level: Option<u32>,
    /// The tie-break values, in the order of the event's tie-break names.
    pub tiebreaks: Vec<f64>,
    /// The player's average Elo tag in the event (`None` when no game has one).
    pub rating: Option<u32>,
    /// Games whose result the audit contradicts (scored as recorded, or as audited with
    /// `--as-audited`).
    pub marked: u32,
    /// [`Layout::Crosstable`] ([`EventTable::layout`]): the cells against each opponent, in rank order (one list per
    /// opponent, one cell per game; the player's own column empty). [`Layout::Rounds`]: one
    /// list of cells in round order.
    pub results: Vec<Vec<Cell>>,
}

/// One event's table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventTable {
    /// The event's name: the values of the `--group-by` tags.
    pub event: String,
    /// Round robin or Swiss.
    pub kind: EventKind,
    /// Round robin: how many times each pair met.
    pub cycles: u32,
    /// Games scored.
    pub games: u64,
    /// Unfinished games (not scored).
    pub unfinished: u64,
    /// The scoring profile's name.
    pub scoring: String,
    /// The tie-break names (`DE`, `SB`, `BH-C1`...), in the order applied.
    pub tiebreaks: Vec<String>,
    /// The players, ranked.
    pub standings: Vec<Standing>,
}

impl EventTable {
    /// How the results are laid out ([`Standing::results`]), by [`Layout::of`].
    pub fn layout(&self) -> Layout {
        Layout::of(self.kind, self.standings.len())
    }
}

/// A remark about the results read: a result spelled otherwise, a game marked by the audit, an
/// unfinished game, a forfeit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultNote {
    /// Stable kind: `nonstandard-result`, `result-from-marker`, `result-mismatch`,
    /// `unfinished`, `unplayed`, `contradicted`, `rescored`, `no-player`, `same-player`,
    /// `same-pairing`, `ambiguous-player` (a spelling that could be two persons, at its first
    /// game), `not-rated`, `not-read`.
    pub kind: &'static str,
    /// The input file.
    pub file: String,
    /// 1-based game number in the file.
    pub game: u64,
    /// The game's first line.
    pub line: u64,
    /// White and Black as written.
    pub white: String,
    /// Black as written.
    pub black: String,
    /// What was read and how it was scored.
    pub message: String,
}

/// The notes of a run: counts by kind, and the first notes of each kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ResultNotes {
    /// Notes kept (at most [`ResultNotes::KEPT`] of each kind).
    pub notes: Vec<ResultNote>,
    /// Count by kind, in the order first met.
    pub counts: Vec<(&'static str, u64)>,
}

impl ResultNotes {
    /// Notes kept per kind: the others are counted.
    pub const KEPT: u64 = 20;

    /// Adds a note (kept when fewer than [`ResultNotes::KEPT`] of its kind were).
    pub fn add(&mut self, note: ResultNote) {
        let count = match self.counts.iter_mut().find(|(k, _)| *k == note.kind) {
            Some((_, n)) => n,
            None => {
                self.counts.push((note.kind, 0));
                &mut self.counts.last_mut().expect("just pushed").1
            }
        };
        *count += 1;
        if *count <= Self::KEPT {
            self.notes.push(note);
        }
    }

    /// The count of one kind.
    pub fn count(&self, kind: &str) -> u64 {
        self.counts
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(0, |(_, n)| *n)
    }
}

/// One player's fitted rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingRow {
    /// 1-based rank in the group.
    pub rank: u32,
    /// The player's name, as first written.
    pub player: String,
    /// The rating (Elo scale).
    pub rating: f64,
    /// Half the width of the 95% interval from `--simulate` (1.96 standard deviations).
    pub error: Option<f64>,
    /// Games rated.
    pub games: u32,
    /// Points (1, ½, 0).
    pub points: f64,
    /// Points as a share of the games, in percent.
    pub score_pct: f64,
    /// Draws as a share of the games, in percent.
    pub draw_pct: f64,
    /// `floor` for a player who won every game, `ceiling` for one who lost every game: the
    /// rating is a bound (Ordo's "super players").
    pub bound: Option<&'static str>,
}

/// The ratings of one group of players connected by their games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingGroup {
    /// 1-based group number (the largest group first).
    pub group: u32,
    /// Games rated in the group.
    pub games: u64,
    /// White's advantage in rating points (estimated or fixed).
    pub white_advantage: f64,
    /// The draw rate between equal players, in percent (estimated or fixed).
    pub draw_rate: f64,
    /// The players, by rating.
    pub players: Vec<RatingRow>,
}

/// One player's FIDE rating change in one game, from the Elo tags.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingChange {
    /// The input file.
    pub file: String,
    /// 1-based game number in the file.
    pub game: u64,
    /// The player.
    pub player: String,
    /// The player's Elo tag.
    pub rating: u32,
    /// The opponent.
    pub opponent: String,
    /// The opponent's Elo tag.
    pub opponent_rating: u32,
    /// The player's points (1, 0.5, 0).
    pub score: f64,
    /// The expected score (FIDE table, difference capped at 400).
    pub expected: f64,
    /// The K-factor applied.
    pub k: u32,
    /// K × (score − expected).
    pub change: f64,
}
