//! The mergeable totals of a set of games ([`Stats`]) and the medians of its histograms.

use serde::{Deserialize, Serialize};

use super::maps::{
    count, merge_sorted_counts, merge_sorted_results, merge_text_counts, merge_text_results,
    sorted, text_entry,
};
use super::{
    AuditCounts, CheckCounts, Dates, GameFacts, GameResult, HigherRated, Overflow, PlayerMap,
    RATING_BAND, RATING_DIFF_BUCKET, Results, SortedMap, TextMap, add, ratio,
};

/// Mergeable statistics over a set of games.
///
/// Units: `plies` are main-line move tokens (half-moves); a game of `p` plies has
/// `ceil(p / 2)` moves. Ratings are Elo points from WhiteElo/BlackElo.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Games read (every game the splitter finds, whatever its errors).
    pub games: u64,
    /// Main-line plies over all games.
    pub plies: u64,
    /// Histogram of game length: main-line plies → games.
    pub length_plies: SortedMap<u32, u64>,
    /// Games per result.
    pub results: Results,
    /// Games with a FEN tag (not starting from the standard position).
    pub fen_start: u64,
    /// Games per variant: `Standard` (no Variant tag, or a standard name), `Chess960`, or the
    /// Variant tag as written.
    #[serde(serialize_with = "sorted")]
    pub variants: TextMap<u64>,
    /// Results per ECO code (ECO tag as written; a game without one counts under the code its
    /// moves give with `--openings`, else is not listed).
    #[serde(serialize_with = "sorted")]
    pub eco: TextMap<Results>,
    /// Results per Opening tag (a game without one: the name its moves give, with
    /// `--openings`).
    #[serde(serialize_with = "sorted")]
    pub openings: TextMap<Results>,
    /// Results per opening classified from the moves (`ECO name`, by the lichess chess-openings
    /// lines, deepest position of the main line; games from a FEN and games that reach no line
    /// are not listed).
    #[serde(serialize_with = "sorted")]
    pub classified: TextMap<Results>,
    /// Games without an ECO tag classified from the moves (in `classified`).
    pub eco_from_moves: u64,
    /// Games without an Opening tag classified from the moves (in `classified`).
    pub openings_from_moves: u64,
    /// Games whose ECO tag differs from the code their moves give.
    pub eco_contradicted: u64,
    /// Results per first main-line move (the token as written, check and annotation marks
    /// removed; games from a FEN are not counted).
    #[serde(serialize_with = "sorted")]
    pub first_moves: TextMap<Results>,
    /// Per player (White and Black tags as written; `?` and empty names are left out).
    pub players: PlayerMap,
    /// Rating distribution: Elo → player-games (a game adds WhiteElo and BlackElo).
    pub ratings: SortedMap<u32, u64>,
    /// White's rating minus Black's, in buckets of [`RATING_DIFF_BUCKET`] (key = the bucket's
    /// lower bound) → results, for games where both are rated.
    pub rating_diff: SortedMap<i32, Results>,
    /// How the higher-rated player fared.
    pub higher_rated: HigherRated,
    /// Mean rating of both players, in bands of [`RATING_BAND`] (key = lower bound) → results.
    pub rating_bands: SortedMap<u32, Results>,
    /// Date range and unknown dates.
    pub dates: Dates,
    /// Games per year of the Date tag (`YYYY`).
    pub years: SortedMap<String, u64>,
    /// Games per month of the Date tag (`YYYY.MM`), for dates with a known month.
    pub months: SortedMap<String, u64>,
    /// Games per TimeControl tag value (as written; no tag, empty or `?`: not counted).
    #[serde(serialize_with = "sorted")]
    pub time_controls: TextMap<u64>,
    /// Games per Termination tag value.
    #[serde(serialize_with = "sorted")]
    pub terminations: TextMap<u64>,
    /// `arbiter check` findings (with `--with-check`).
    pub check: CheckCounts,
    /// `arbiter audit` verdicts (with `--with-audit`).
    pub audit: AuditCounts,
    /// The players per person (derived from `players` by the caller before printing, with
    /// [`super::People::of`]; not merged, not read back).
    #[serde(skip)]
    pub people: Option<super::People>,
}

impl Stats {
    /// Adds one game.
    pub fn add(&mut self, game: &GameFacts<'_>) {
        self.games += 1;
        self.plies += u64::from(game.plies);
        *self.length_plies.slot(&game.plies) += 1;
        self.results.add(game.result);
        self.fen_start += u64::from(game.fen_start);
        // A game that was not read (over the size cap) has no variant.
        if !game.variant.is_empty() {
            count(&mut self.variants, &game.variant);
        }
        if let Some((eco, name)) = game.classified {
            let mut key = String::with_capacity(eco.len() + 1 + name.len());
            key.push_str(eco);
            key.push(' ');
            key.push_str(name);
            text_entry(&mut self.classified, &key).add(game.result);
            match &game.eco {
                None => self.eco_from_moves += 1,
                Some(tag) if tag.as_ref() != eco => self.eco_contradicted += 1,
                Some(_) => {}
            }
            self.openings_from_moves += u64::from(game.opening.is_none());
        }
        // A game without the tag counts under what its moves give (`--openings`, issue 17).
        let classified = game.classified;
        if let Some(eco) = game.eco.as_deref().or(classified.map(|c| c.0)) {
            text_entry(&mut self.eco, eco).add(game.result);
        }
        if let Some(opening) = game.opening.as_deref().or(classified.map(|c| c.1)) {
            text_entry(&mut self.openings, opening).add(game.result);
        }
        if let Some(first) = &game.first_move {
            text_entry(&mut self.first_moves, first).add(game.result);
        }
        self.add_players(game);
        if let (Some(we), Some(be)) = (game.white_elo, game.black_elo) {
            self.add_rated(we, be, game.result);
        }
        match &game.date {
            Some(date) => self.add_date(date),
            None => self.dates.unknown += 1,
        }
        if let Some(tc) = &game.time_control {
            count(&mut self.time_controls, tc);
        }
        if let Some(t) = &game.termination {
            count(&mut self.terminations, t);
        }
        if let Some(report) = game.check {
            self.check.add(report);
        }
        if let Some(report) = game.audit {
            self.audit.add(report);
        }
    }

    /// Counts one game for each of its two players (with their ratings).
    fn add_players(&mut self, game: &GameFacts<'_>) {
        let (w, b) = match game.result {
            GameResult::WhiteWins => ((1, 0, 0), (0, 0, 1)),
            GameResult::BlackWins => ((0, 0, 1), (1, 0, 0)),
            GameResult::Draw => ((0, 1, 0), (0, 1, 0)),
            _ => ((0, 0, 0), (0, 0, 0)),
        };
        for (name, elo, (wins, draws, losses)) in [
            (&game.white, game.white_elo, w),
            (&game.black, game.black_elo, b),
        ] {
            if let Some(elo) = elo {
                *self.ratings.slot(&elo) += 1;
            }
            if let Some(name) = name {
                let p = self.players.entry(name);
                p.games += 1;
                p.wins += wins;
                p.draws += draws;
                p.losses += losses;
                if let Some(elo) = elo {
                    p.rated_games += 1;
                    p.rating_sum += u64::from(elo);
                }
            }
        }
    }

    /// Counts one game between players rated `we` (White) and `be` (Black) that ended with
    /// `result`: rating difference, rating band and the higher-rated player's result.
    fn add_rated(&mut self, we: u32, be: u32, result: GameResult) {
        let diff = we as i32 - be as i32;
        let bucket = diff.div_euclid(RATING_DIFF_BUCKET) * RATING_DIFF_BUCKET;
        self.rating_diff.slot(&bucket).add(result);
        let band = (we + be) / 2 / RATING_BAND * RATING_BAND;
        self.rating_bands.slot(&band).add(result);
        let finished = matches!(
            result,
            GameResult::WhiteWins | GameResult::BlackWins | GameResult::Draw
        );
        if finished {
            let h = &mut self.higher_rated;
            match (diff.signum(), result) {
                (0, _) => h.equal += 1,
                (_, GameResult::Draw) => h.draws += 1,
                (1, GameResult::WhiteWins) | (-1, GameResult::BlackWins) => h.wins += 1,
                _ => h.losses += 1,
            }
        }
    }

    /// Counts one game of the Date tag `text` (a valid PGN date with a known year).
    fn add_date(&mut self, text: &str) {
        if self.dates.first.as_deref().is_none_or(|f| text < f) {
            self.dates.first = Some(text.to_owned());
        }
        if self.dates.last.as_deref().is_none_or(|l| text > l) {
            self.dates.last = Some(text.to_owned());
        }
        *self.years.slot(&text[..4]) += 1;
        if !text[5..7].contains('?') {
            *self.months.slot(&text[..7]) += 1;
        }
    }

    /// Adds another partial result: afterwards `self` holds the statistics of both sets of
    /// games. Commutative and associative.
    pub fn merge(&mut self, other: &Stats) -> Result<(), Overflow> {
        add(&mut self.games, other.games)?;
        add(&mut self.plies, other.plies)?;
        merge_sorted_counts(&mut self.length_plies, &other.length_plies)?;
        self.results.merge(&other.results)?;
        add(&mut self.fen_start, other.fen_start)?;
        merge_text_counts(&mut self.variants, &other.variants)?;
        merge_text_results(&mut self.eco, &other.eco)?;
        merge_text_results(&mut self.openings, &other.openings)?;
        merge_text_results(&mut self.classified, &other.classified)?;
        add(&mut self.eco_from_moves, other.eco_from_moves)?;
        add(&mut self.openings_from_moves, other.openings_from_moves)?;
        add(&mut self.eco_contradicted, other.eco_contradicted)?;
        merge_text_results(&mut self.first_moves, &other.first_moves)?;
        self.players.merge(&other.players)?;
        merge_sorted_counts(&mut self.ratings, &other.ratings)?;
        merge_sorted_results(&mut self.rating_diff, &other.rating_diff)?;
        self.higher_rated.merge(&other.higher_rated)?;
        merge_sorted_results(&mut self.rating_bands, &other.rating_bands)?;
        self.dates.merge(&other.dates)?;
        merge_sorted_counts(&mut self.years, &other.years)?;
        merge_sorted_counts(&mut self.months, &other.months)?;
        merge_text_counts(&mut self.time_controls, &other.time_controls)?;
        merge_text_counts(&mut self.terminations, &other.terminations)?;
        self.check.merge(&other.check)?;
        self.audit.merge(&other.audit)?;
        Ok(())
    }

    /// Mean game length in plies.
    pub fn mean_plies(&self) -> Option<f64> {
        ratio(self.plies as f64, self.games)
    }

    /// Median game length in plies (the mean of the two middle values for an even count).
    pub fn median_plies(&self) -> Option<f64> {
        median(self.length_plies.iter().map(|(&p, &n)| (f64::from(p), n)))
    }

    /// Longest game in plies.
    pub fn max_plies(&self) -> Option<u32> {
        self.length_plies.keys().next_back().copied()
    }

    /// Mean game length in moves (`ceil(plies / 2)` per game).
    pub fn mean_moves(&self) -> Option<f64> {
        // u128: the counts of a merged document may add past 2^64 − 1 (a u32 times a u64,
        // summed over at most 2^32 keys, fits).
        let moves: u128 = self
            .length_plies
            .iter()
            .map(|(&p, &n)| u128::from(moves_of(p)) * u128::from(n))
            .sum();
        ratio(moves as f64, self.games)
    }

    /// Median game length in moves.
    pub fn median_moves(&self) -> Option<f64> {
        median(
            self.length_plies
                .iter()
                .map(|(&p, &n)| (f64::from(moves_of(p)), n)),
        )
    }

    /// Median rating over all rated player-games (Elo points).
    pub fn median_rating(&self) -> Option<f64> {
        median(self.ratings.iter().map(|(&r, &n)| (f64::from(r), n)))
    }

    /// Mean rating over all rated player-games (Elo points).
    pub fn mean_rating(&self) -> Option<f64> {
        let (sum, n) = self
            .ratings
            .iter()
            .fold((0u128, 0u128), |(s, c), (&r, &n)| {
                (s + u128::from(r) * u128::from(n), c + u128::from(n))
            });
        (n > 0).then(|| sum as f64 / n as f64)
    }
}

/// A game's length in moves: `ceil(plies / 2)` (a game of 1 ply has 1 move).
pub fn moves_of(plies: u32) -> u32 {
    plies.div_ceil(2)
}

/// The median of a histogram given as `(value, count)` pairs in increasing value order: the
/// middle value, or the mean of the two middle values for an even total.
pub fn median(hist: impl Iterator<Item = (f64, u64)> + Clone) -> Option<f64> {
    // u128: the counts of a merged document may add past 2^64 − 1.
    let total: u128 = hist.clone().map(|(_, n)| u128::from(n)).sum();
    if total == 0 {
        return None;
    }
    // 0-based ranks of the two middle values.
    let (lo, hi) = ((total - 1) / 2, total / 2);
    let mut seen = 0;
    let mut lo_value = None;
    for (value, n) in hist {
        seen += u128::from(n);
        if lo_value.is_none() && seen > lo {
            lo_value = Some(value);
        }
        if seen > hi {
            return Some((lo_value.unwrap_or(value) + value) / 2.0);
        }
    }
    None
}
