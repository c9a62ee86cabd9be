//! The statistics of `arbiter stats` as data (issue 5): what one game contributes
//! ([`GameFacts`]) and the mergeable totals ([`Stats`], [`GroupedStats`]).
//!
//! Everything in [`Stats`] is a count, a sum or a histogram, so two partial results merge
//! exactly ([`Stats::merge`] is commutative and associative, xsv style): per-thread partials,
//! per-file results and JSON outputs of separate runs all combine into the numbers one run over
//! all the games would give. Medians come from the stored histograms; means from sums and
//! counts; nothing is kept that depends on the order of the games. Reading a game into its facts
//! is `analysis::stats`; printing the totals is `report::stats`.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize, Serializer};

use super::{AuditReport, GameReport, GameStatus, Severity};

/// Width of a rating-difference bucket, in Elo points.
pub const RATING_DIFF_BUCKET: i32 = 50;
/// Width of a rating band (mean Elo of the two players), in Elo points.
pub const RATING_BAND: u32 = 200;
/// Ratings outside `1..=MAX_RATING` are treated as missing (typing errors, placeholders).
pub const MAX_RATING: u32 = 4000;
/// The pseudo-tag of `--by year`: the year of the Date tag.
pub const BY_YEAR: &str = "year";
/// The group of a game without the `--by` tag (or without a known year).
pub const UNKNOWN_GROUP: &str = "?";

/// The result of a game as far as statistics are concerned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*` (unfinished, unknown or abandoned).
    Unfinished,
    /// No Result tag with one of the four values and no termination marker.
    #[default]
    Missing,
}

impl GameResult {
    /// Reads `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn from_text(text: &[u8]) -> Option<GameResult> {
        match text {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unfinished),
            _ => None,
        }
    }
}

/// Counts of games per result. Serialised with the PGN result texts as keys; zero counts are
/// left out of the JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Results {
    /// Games won by White (`1-0`).
    #[serde(rename = "1-0", skip_serializing_if = "is_zero")]
    pub white_wins: u64,
    /// Games won by Black (`0-1`).
    #[serde(rename = "0-1", skip_serializing_if = "is_zero")]
    pub black_wins: u64,
    /// Draws (`1/2-1/2`).
    #[serde(rename = "1/2-1/2", skip_serializing_if = "is_zero")]
    pub draws: u64,
    /// Unfinished games (`*`).
    #[serde(rename = "*", skip_serializing_if = "is_zero")]
    pub unfinished: u64,
    /// Games without a readable result.
    #[serde(rename = "none", skip_serializing_if = "is_zero")]
    pub missing: u64,
}

/// A count of a merge went past `u64::MAX` (only hand-made or corrupt `--merge` inputs hold
/// such counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow;

impl std::fmt::Display for Overflow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a count of the merged statistics exceeds {} (the largest count arbiter stats holds)",
            u64::MAX
        )
    }
}

impl std::error::Error for Overflow {}

/// `*into += n`, or [`Overflow`].
fn add(into: &mut u64, n: u64) -> Result<(), Overflow> {
    *into = into.checked_add(n).ok_or(Overflow)?;
    Ok(())
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Results {
    /// Counts one game.
    pub fn add(&mut self, result: GameResult) {
        match result {
            GameResult::WhiteWins => self.white_wins += 1,
            GameResult::BlackWins => self.black_wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::Unfinished => self.unfinished += 1,
            GameResult::Missing => self.missing += 1,
        }
    }

    /// Adds another set of counts.
    pub fn merge(&mut self, other: &Results) -> Result<(), Overflow> {
        add(&mut self.white_wins, other.white_wins)?;
        add(&mut self.black_wins, other.black_wins)?;
        add(&mut self.draws, other.draws)?;
        add(&mut self.unfinished, other.unfinished)?;
        add(&mut self.missing, other.missing)?;
        Ok(())
    }

    /// All games counted.
    pub fn games(&self) -> u64 {
        self.finished()
            .saturating_add(self.unfinished)
            .saturating_add(self.missing)
    }

    /// Games with a result of `1-0`, `0-1` or `1/2-1/2`.
    pub fn finished(&self) -> u64 {
        self.white_wins
            .saturating_add(self.black_wins)
            .saturating_add(self.draws)
    }

    /// White's score over the finished games, 0.0 to 1.0 (a draw is half a point); `None`
    /// without finished games.
    pub fn white_score(&self) -> Option<f64> {
        ratio(
            self.white_wins as f64 + self.draws as f64 / 2.0,
            self.finished(),
        )
    }

    /// Share of decisive games among the finished games, 0.0 to 1.0.
    pub fn decisive_share(&self) -> Option<f64> {
        ratio((self.white_wins + self.black_wins) as f64, self.finished())
    }
}

fn ratio(num: f64, den: u64) -> Option<f64> {
    (den > 0).then(|| num / den as f64)
}

/// One player's games, from the player's side of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Player {
    /// Games played (as White or Black).
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Games with a rating for this player (WhiteElo/BlackElo).
    pub rated_games: u64,
    /// Sum of those ratings (Elo points), for the mean.
    pub rating_sum: u64,
}

impl Player {
    fn merge(&mut self, other: &Player) -> Result<(), Overflow> {
        add(&mut self.games, other.games)?;
        add(&mut self.wins, other.wins)?;
        add(&mut self.draws, other.draws)?;
        add(&mut self.losses, other.losses)?;
        add(&mut self.rated_games, other.rated_games)?;
        add(&mut self.rating_sum, other.rating_sum)?;
        Ok(())
    }

    /// Points per finished game, 0.0 to 1.0.
    pub fn score(&self) -> Option<f64> {
        ratio(
            self.wins as f64 + self.draws as f64 / 2.0,
            self.wins + self.draws + self.losses,
        )
    }

    /// Mean rating over the rated games (Elo points).
    pub fn mean_rating(&self) -> Option<f64> {
        ratio(self.rating_sum as f64, self.rated_games)
    }
}

/// Results from the higher-rated player's point of view (games where both players are rated
/// with different ratings and the result is `1-0`, `0-1` or `1/2-1/2`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HigherRated {
    /// The higher-rated player won.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// The lower-rated player won.
    pub losses: u64,
    /// Finished games between equally rated players (not in the three counts above).
    pub equal: u64,
}

impl HigherRated {
    fn merge(&mut self, other: &HigherRated) -> Result<(), Overflow> {
        add(&mut self.wins, other.wins)?;
        add(&mut self.draws, other.draws)?;
        add(&mut self.losses, other.losses)?;
        add(&mut self.equal, other.equal)?;
        Ok(())
    }

    /// How often the higher-rated player won, 0.0 to 1.0 of the games counted.
    pub fn win_share(&self) -> Option<f64> {
        ratio(self.wins as f64, self.wins + self.draws + self.losses)
    }

    /// The higher-rated player's score, 0.0 to 1.0.
    pub fn score(&self) -> Option<f64> {
        ratio(
            self.wins as f64 + self.draws as f64 / 2.0,
            self.wins + self.draws + self.losses,
        )
    }
}

/// Date tags: range and counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Dates {
    /// Earliest Date with a known year (`YYYY.MM.DD`, unknown fields `??`, compared as text).
    pub first: Option<String>,
    /// Latest Date with a known year (compared as text, so `2019.??.??` sorts after
    /// `2019.12.31`).
    pub last: Option<String>,
    /// Games without a Date tag with a known year (missing, `????.??.??` or not a date).
    pub unknown: u64,
}

impl Dates {
    fn merge(&mut self, other: &Dates) -> Result<(), Overflow> {
        self.first = min_opt(self.first.take(), other.first.clone());
        self.last = max_opt(self.last.take(), other.last.clone());
        add(&mut self.unknown, other.unknown)?;
        Ok(())
    }
}

fn min_opt(a: Option<String>, b: Option<String>) -> Option<String> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn max_opt(a: Option<String>, b: Option<String>) -> Option<String> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}

/// Counts of `arbiter check` findings (with `--with-check`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CheckCounts {
    /// Games checked (0 without `--with-check`).
    pub games: u64,
    /// Games with at least one error.
    pub games_with_errors: u64,
    /// Games with warnings but no error.
    pub games_with_warnings: u64,
    /// Games skipped (unsupported variant).
    pub games_skipped: u64,
    /// Errors per finding code.
    pub errors: BTreeMap<String, u64>,
    /// Warnings per finding code.
    pub warnings: BTreeMap<String, u64>,
}

impl CheckCounts {
    /// Counts one game's report.
    pub fn add(&mut self, report: &GameReport) {
        self.games += 1;
        match report.status() {
            GameStatus::Error => self.games_with_errors += 1,
            GameStatus::Warning => self.games_with_warnings += 1,
            GameStatus::Skipped => self.games_skipped += 1,
            GameStatus::Ok => {}
        }
        for f in &report.findings {
            let map = match f.severity {
                Severity::Error => &mut self.errors,
                Severity::Warning | Severity::Info => &mut self.warnings,
            };
            bump(map, f.code.as_str(), 1);
        }
    }

    fn merge(&mut self, other: &CheckCounts) -> Result<(), Overflow> {
        add(&mut self.games, other.games)?;
        add(&mut self.games_with_errors, other.games_with_errors)?;
        add(&mut self.games_with_warnings, other.games_with_warnings)?;
        add(&mut self.games_skipped, other.games_skipped)?;
        merge_counts(&mut self.errors, &other.errors)?;
        merge_counts(&mut self.warnings, &other.warnings)?;
        Ok(())
    }
}

/// Counts of `arbiter audit` verdicts (with `--with-audit`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AuditCounts {
    /// Games audited, skipped ones not included (0 without `--with-audit`), as `games` in the
    /// summary of `arbiter audit`.
    pub games: u64,
    /// Games not audited (unsupported variant, unusable FEN).
    pub games_skipped: u64,
    /// Games audited only up to an illegal move.
    pub games_incomplete: u64,
    /// Games with at least one error verdict.
    pub games_with_verdicts: u64,
    /// Verdicts per code (`draw/claim-available`, `result/contradicted`, ...).
    pub verdicts: BTreeMap<String, u64>,
}

impl AuditCounts {
    /// Counts one game's audit.
    pub fn add(&mut self, report: &AuditReport) {
        // As in the summary of `arbiter audit`: skipped games are not audited games.
        let (audited, verdict, incomplete) = report.tally();
        self.games += u64::from(audited);
        self.games_skipped += u64::from(!audited);
        self.games_with_verdicts += u64::from(verdict);
        self.games_incomplete += u64::from(incomplete);
        for v in &report.verdicts {
            bump(&mut self.verdicts, v.code.as_str(), 1);
        }
    }

    fn merge(&mut self, other: &AuditCounts) -> Result<(), Overflow> {
        add(&mut self.games, other.games)?;
        add(&mut self.games_skipped, other.games_skipped)?;
        add(&mut self.games_incomplete, other.games_incomplete)?;
        add(&mut self.games_with_verdicts, other.games_with_verdicts)?;
        merge_counts(&mut self.verdicts, &other.verdicts)?;
        Ok(())
    }
}

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
    pub length_plies: BTreeMap<u32, u64>,
    /// Games per result.
    pub results: Results,
    /// Games with a FEN tag (not starting from the standard position).
    pub fen_start: u64,
    /// Games per variant: `Standard` (no Variant tag, or a standard name), `Chess960`, or the
    /// Variant tag as written.
    #[serde(serialize_with = "sorted")]
    pub variants: TextMap<u64>,
    /// Results per ECO code (ECO tag as written; games without one are not listed).
    #[serde(serialize_with = "sorted")]
    pub eco: TextMap<Results>,
    /// Results per Opening tag.
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
    #[serde(serialize_with = "sorted")]
    pub players: TextMap<Player>,
    /// Rating distribution: Elo → player-games (a game adds WhiteElo and BlackElo).
    pub ratings: BTreeMap<u32, u64>,
    /// White's rating minus Black's, in buckets of [`RATING_DIFF_BUCKET`] (key = the bucket's
    /// lower bound) → results, for games where both are rated.
    pub rating_diff: BTreeMap<i32, Results>,
    /// How the higher-rated player fared.
    pub higher_rated: HigherRated,
    /// Mean rating of both players, in bands of [`RATING_BAND`] (key = lower bound) → results.
    pub rating_bands: BTreeMap<u32, Results>,
    /// Date range and unknown dates.
    pub dates: Dates,
    /// Games per year of the Date tag (`YYYY`).
    pub years: BTreeMap<String, u64>,
    /// Games per month of the Date tag (`YYYY.MM`), for dates with a known month.
    pub months: BTreeMap<String, u64>,
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
}

/// A map with text keys (tag values): hashed while counting, written with its keys sorted.
/// Text-keyed counts (players, ECO codes, openings...). foldhash: fast, and seeded at random so
/// that crafted names cannot be made to collide.
pub type TextMap<V> = HashMap<String, V, foldhash::fast::RandomState>;

fn sorted<S: Serializer, V: Serialize>(map: &TextMap<V>, s: S) -> Result<S::Ok, S::Error> {
    map.iter().collect::<BTreeMap<&String, &V>>().serialize(s)
}

fn count(map: &mut TextMap<u64>, key: &str) {
    if let Some(v) = map.get_mut(key) {
        *v += 1;
    } else {
        map.insert(key.to_owned(), 1);
    }
}

fn text_entry<'m, V: Default>(map: &'m mut TextMap<V>, key: &str) -> &'m mut V {
    if !map.contains_key(key) {
        map.insert(key.to_owned(), V::default());
    }
    map.get_mut(key).expect("inserted above")
}

fn merge_text_counts(into: &mut TextMap<u64>, from: &TextMap<u64>) -> Result<(), Overflow> {
    for (k, v) in from {
        add(into.entry(k.clone()).or_default(), *v)?;
    }
    Ok(())
}

fn merge_text_results(
    into: &mut TextMap<Results>,
    from: &TextMap<Results>,
) -> Result<(), Overflow> {
    for (k, v) in from {
        into.entry(k.clone()).or_default().merge(v)?;
    }
    Ok(())
}

fn bump<K: Ord + ?Sized + ToOwned>(map: &mut BTreeMap<K::Owned, u64>, key: &K, n: u64)
where
    K::Owned: Ord + std::borrow::Borrow<K>,
{
    if let Some(v) = map.get_mut(key) {
        *v += n;
    } else {
        map.insert(key.to_owned(), n);
    }
}

fn entry<'m, V: Default>(map: &'m mut BTreeMap<String, V>, key: &str) -> &'m mut V {
    if !map.contains_key(key) {
        map.insert(key.to_owned(), V::default());
    }
    map.get_mut(key).expect("inserted above")
}

fn merge_counts<K: Ord + Clone>(
    into: &mut BTreeMap<K, u64>,
    from: &BTreeMap<K, u64>,
) -> Result<(), Overflow> {
    for (k, v) in from {
        add(into.entry(k.clone()).or_default(), *v)?;
    }
    Ok(())
}

fn merge_results<K: Ord + Clone>(
    into: &mut BTreeMap<K, Results>,
    from: &BTreeMap<K, Results>,
) -> Result<(), Overflow> {
    for (k, v) in from {
        into.entry(k.clone()).or_default().merge(v)?;
    }
    Ok(())
}

impl Stats {
    /// Adds one game.
    pub fn add(&mut self, game: &GameFacts<'_>) {
        self.games += 1;
        self.plies += u64::from(game.plies);
        *self.length_plies.entry(game.plies).or_default() += 1;
        self.results.add(game.result);
        self.fen_start += u64::from(game.fen_start);
        count(&mut self.variants, &game.variant);
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
        if let Some(eco) = &game.eco {
            text_entry(&mut self.eco, eco).add(game.result);
        }
        if let Some(opening) = &game.opening {
            text_entry(&mut self.openings, opening).add(game.result);
        }
        if let Some(first) = &game.first_move {
            text_entry(&mut self.first_moves, first).add(game.result);
        }
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
                *self.ratings.entry(elo).or_default() += 1;
            }
            if let Some(name) = name {
                let p = text_entry(&mut self.players, name);
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
        if let (Some(we), Some(be)) = (game.white_elo, game.black_elo) {
            let diff = we as i32 - be as i32;
            let bucket = diff.div_euclid(RATING_DIFF_BUCKET) * RATING_DIFF_BUCKET;
            self.rating_diff.entry(bucket).or_default().add(game.result);
            let band = (we + be) / 2 / RATING_BAND * RATING_BAND;
            self.rating_bands.entry(band).or_default().add(game.result);
            let finished = matches!(
                game.result,
                GameResult::WhiteWins | GameResult::BlackWins | GameResult::Draw
            );
            if finished {
                let h = &mut self.higher_rated;
                match (diff.signum(), game.result) {
                    (0, _) => h.equal += 1,
                    (_, GameResult::Draw) => h.draws += 1,
                    (1, GameResult::WhiteWins) | (-1, GameResult::BlackWins) => h.wins += 1,
                    _ => h.losses += 1,
                }
            }
        }
        match &game.date {
            Some(date) => {
                let text: &str = date;
                if self.dates.first.as_deref().is_none_or(|f| text < f) {
                    self.dates.first = Some(text.to_owned());
                }
                if self.dates.last.as_deref().is_none_or(|l| text > l) {
                    self.dates.last = Some(text.to_owned());
                }
                bump(&mut self.years, &text[..4], 1);
                if !text[5..7].contains('?') {
                    bump(&mut self.months, &text[..7], 1);
                }
            }
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

    /// Adds another partial result: afterwards `self` holds the statistics of both sets of
    /// games. Commutative and associative.
    pub fn merge(&mut self, other: &Stats) -> Result<(), Overflow> {
        add(&mut self.games, other.games)?;
        add(&mut self.plies, other.plies)?;
        merge_counts(&mut self.length_plies, &other.length_plies)?;
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
        for (name, p) in &other.players {
            self.players.entry(name.clone()).or_default().merge(p)?;
        }
        merge_counts(&mut self.ratings, &other.ratings)?;
        merge_results(&mut self.rating_diff, &other.rating_diff)?;
        self.higher_rated.merge(&other.higher_rated)?;
        merge_results(&mut self.rating_bands, &other.rating_bands)?;
        self.dates.merge(&other.dates)?;
        merge_counts(&mut self.years, &other.years)?;
        merge_counts(&mut self.months, &other.months)?;
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
        let moves: u64 = self
            .length_plies
            .iter()
            .map(|(&p, &n)| u64::from(moves_of(p)) * n)
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
        let (sum, n) = self.ratings.iter().fold((0u64, 0u64), |(s, c), (&r, &n)| {
            (s + u64::from(r) * n, c + n)
        });
        ratio(sum as f64, n)
    }
}

/// A game's length in moves: `ceil(plies / 2)` (a game of 1 ply has 1 move).
pub fn moves_of(plies: u32) -> u32 {
    plies.div_ceil(2)
}

/// The median of a histogram given as `(value, count)` pairs in increasing value order: the
/// middle value, or the mean of the two middle values for an even total.
pub fn median(hist: impl Iterator<Item = (f64, u64)> + Clone) -> Option<f64> {
    let total: u64 = hist.clone().map(|(_, n)| n).sum();
    if total == 0 {
        return None;
    }
    // 0-based ranks of the two middle values.
    let (lo, hi) = ((total - 1) / 2, total / 2);
    let mut seen = 0;
    let mut lo_value = None;
    for (value, n) in hist {
        seen += n;
        if lo_value.is_none() && seen > lo {
            lo_value = Some(value);
        }
        if seen > hi {
            return Some((lo_value.unwrap_or(value) + value) / 2.0);
        }
    }
    None
}

/// Statistics over all games and, with `--by TAG`, per value of that tag.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GroupedStats {
    /// The grouping tag (`None` without `--by`).
    pub by: Option<String>,
    /// All games.
    pub all: Stats,
    /// Per value of the `by` tag ([`UNKNOWN_GROUP`] for games without it).
    pub groups: BTreeMap<String, Stats>,
    /// Games that have the `by` tag (whatever its value; not in the JSON): none means the tag
    /// name is probably misspelt.
    #[serde(skip)]
    pub by_tag_games: u64,
    /// A tag name of the games that matches `by` but for case (the least in byte order; not in
    /// the JSON), for the warning when no game has the `by` tag.
    #[serde(skip)]
    pub by_tag_near: Option<String>,
}

impl GroupedStats {
    /// Empty statistics grouped by `by`.
    pub fn new(by: Option<String>) -> GroupedStats {
        GroupedStats {
            by,
            ..GroupedStats::default()
        }
    }

    /// Adds one game to the totals and to its group.
    pub fn add(&mut self, game: &GameFacts<'_>) {
        self.all.add(game);
        self.by_tag_games += u64::from(game.group_tag);
        if let Some(near) = &game.group_near
            && self.by_tag_near.as_deref().is_none_or(|n| **near < *n)
        {
            self.by_tag_near = Some(near.to_string());
        }
        if self.by.is_some() {
            let key = game.group.as_deref().unwrap_or(UNKNOWN_GROUP);
            entry(&mut self.groups, key).add(game);
        }
    }

    /// Merges another result grouped by the same tag.
    ///
    /// # Errors
    /// Returns a message when the two were grouped by different tags.
    pub fn merge(&mut self, other: &GroupedStats) -> Result<(), String> {
        if self.by != other.by {
            return Err(format!(
                "grouped by {} and by {}: cannot merge",
                self.by.as_deref().unwrap_or("nothing"),
                other.by.as_deref().unwrap_or("nothing")
            ));
        }
        self.all.merge(&other.all).map_err(|e| e.to_string())?;
        self.by_tag_games = self.by_tag_games.saturating_add(other.by_tag_games);
        self.by_tag_near = min_opt(self.by_tag_near.take(), other.by_tag_near.clone());
        for (k, v) in &other.groups {
            self.groups
                .entry(k.clone())
                .or_default()
                .merge(v)
                .map_err(|e| format!("group {k:?}: {e}"))?;
        }
        Ok(())
    }
}

/// What `arbiter stats` computes for a game besides the statistics of its tags and moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatsOptions {
    /// The tag to group by (`year` = the Date tag's year).
    pub by: Option<String>,
}

/// What one game contributes to [`Stats`]. Text is borrowed from the game's bytes when it can
/// be (UTF-8 without escapes).
#[derive(Clone, Debug, Default)]
pub struct GameFacts<'a> {
    /// Main-line plies: move tokens outside variations before the termination marker.
    pub plies: u32,
    /// The first main-line move token, check and annotation marks removed (`None` for a game
    /// from a FEN, without moves, or whose first main-line word is no move).
    pub first_move: Option<Cow<'a, str>>,
    /// The Result tag when it is one of the four results, else the termination marker.
    pub result: GameResult,
    /// The game has a FEN tag.
    pub fen_start: bool,
    /// `Standard`, `Chess960` or the Variant tag as written.
    pub variant: Cow<'a, str>,
    /// ECO tag (not empty, not `?`).
    pub eco: Option<Cow<'a, str>>,
    /// Opening tag (not empty, not `?`).
    pub opening: Option<Cow<'a, str>>,
    /// White tag (not empty, not `?`).
    pub white: Option<Cow<'a, str>>,
    /// Black tag (not empty, not `?`).
    pub black: Option<Cow<'a, str>>,
    /// WhiteElo, when a number in `1..=MAX_RATING`.
    pub white_elo: Option<u32>,
    /// BlackElo, when a number in `1..=MAX_RATING`.
    pub black_elo: Option<u32>,
    /// The Date tag when it is a valid PGN date with a known year.
    pub date: Option<Cow<'a, str>>,
    /// TimeControl tag as written.
    pub time_control: Option<Cow<'a, str>>,
    /// Termination tag as written.
    pub termination: Option<Cow<'a, str>>,
    /// The value of the `--by` tag.
    pub group: Option<Cow<'a, str>>,
    /// The game has the `--by` tag (not `year`), whatever its value.
    pub group_tag: bool,
    /// A tag name of the game equal to the `--by` tag but for case, when the game has no tag of
    /// that exact name.
    pub group_near: Option<Cow<'a, str>>,
    /// The `arbiter check` report, with `--with-check`.
    pub check: Option<&'a GameReport>,
    /// The `arbiter audit` report, with `--with-audit`.
    pub audit: Option<&'a AuditReport>,
    /// The opening the moves give (ECO code, name), when classified.
    pub classified: Option<(&'static str, &'static str)>,
    /// Reading the game failed (a bug in arbiter): it is left out of the statistics.
    pub panicked: bool,
}
