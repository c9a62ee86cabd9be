//! The records of the JSON contracts, written from the README: one `#[serde(tag = "type")]`
//! enum per stream, every documented field with its type, unknown fields refused, nullable
//! fields required (see [`nullable`]).
#![allow(dead_code)] // every documented field is read by serde, not all by the checks

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

/// A field that must be present, `null` allowed: serde reads a missing `Option` field as `None`,
/// which would let a dropped field pass.
pub fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(d)
}

// ---- check, pgn, fen --check ------------------------------------------------------------------

/// A record of `arbiter check --format jsonl` (also the findings of `pgn` and `fen --check`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum CheckRecord {
    /// A finding.
    Finding(Finding),
    /// With `--games`, one per game, after its findings.
    Game(Game<CheckStatus>),
    /// The last line.
    Summary(CheckSummary),
}

/// `error` or `warning`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// A finding of `check` (and of `pgn`, `fen --check`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Finding {
    pub severity: Severity,
    pub code: String,
    pub file: String,
    pub game: u64,
    #[serde(deserialize_with = "nullable")]
    pub ply: Option<u64>,
    #[serde(rename = "move")]
    #[serde(deserialize_with = "nullable")]
    pub move_: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub token: Option<String>,
    pub line: u64,
    pub col: u64,
    #[serde(deserialize_with = "nullable")]
    pub fen: Option<String>,
    pub message: String,
    /// Present (and `true`) only inside a variation.
    #[serde(default)]
    pub variation: Option<bool>,
    #[serde(deserialize_with = "nullable")]
    pub event: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub white: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub black: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub san: Option<String>,
}

/// A game record of `check` or `audit` (`--games`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Game<S> {
    pub file: String,
    pub game: u64,
    pub line: u64,
    pub offset: u64,
    #[serde(deserialize_with = "nullable")]
    pub event: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub white: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub black: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub result: Option<String>,
    pub plies: u64,
    pub status: S,
}

/// The `status` of a `check` game record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckStatus {
    Ok,
    Warning,
    Error,
    Skipped,
}

/// The summary of `check` (and of `pgn`, `fen --check`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CheckSummary {
    pub files: u64,
    pub files_failed: u64,
    pub games: u64,
    pub games_with_errors: u64,
    pub games_with_warnings: u64,
    pub games_skipped: u64,
    pub errors: u64,
    pub warnings: u64,
    pub plies: u64,
    pub bytes: u64,
    pub seconds: f64,
    /// Only with --only/--ignore/--errors-only, when something was hidden.
    #[serde(default)]
    pub hidden: u64,
    /// The record of the run (`check` only: not in the summaries of `pgn` and `fen`).
    #[serde(default)]
    pub run: Option<Run<CheckOptions>>,
}

/// The record of a run in a mergeable output: `{"inputs":[...],"shard":{...},"options":{...}}`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Run<O> {
    pub inputs: Vec<Input>,
    /// Only in a `--shard` run's output (or a partial merge).
    #[serde(default)]
    pub shard: Option<Shard>,
    /// `null` after a merge with --allow-mixed.
    pub options: Option<O>,
}

/// An input of a run: its path as given and its size (`null` for standard input).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub path: String,
    #[serde(deserialize_with = "nullable")]
    pub bytes: Option<u64>,
}

/// The shards K (ascending) of N an output holds.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Shard {
    pub k: Vec<u64>,
    pub n: u64,
}

/// The options of a check run in its record.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CheckOptions {
    pub strict: bool,
    pub only: Vec<String>,
    pub ignore: Vec<String>,
    pub errors_only: bool,
    pub games: bool,
}

/// A profile in a run's record: a built-in one by name, a file with its path and SHA-256.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    #[serde(default)]
    pub file: Option<String>,
    #[serde(default)]
    pub sha256: Option<String>,
}

/// The options of an audit run in its record.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AuditOptions {
    pub profile: Profile,
    pub laws: String,
    pub rules: Vec<String>,
    #[serde(deserialize_with = "nullable")]
    pub missed: Option<String>,
    pub only: Vec<String>,
    pub ignore: Vec<String>,
    pub errors_only: bool,
    pub games: bool,
}

/// The profile and Laws of `stats --with-audit` in the run's record.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Judged {
    pub profile: Profile,
    pub laws: String,
}

/// The options of a stats run in its record.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StatsOptions {
    pub openings: bool,
    pub with_check: bool,
    #[serde(deserialize_with = "nullable")]
    pub with_audit: Option<Judged>,
}

// ---- audit ------------------------------------------------------------------------------------

/// A record of `arbiter audit --format jsonl`.
// A verdict is the common record and a test reads a few thousand: boxing it would only make
// every match in the tests longer.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum AuditRecord {
    Verdict(Verdict),
    Game(Game<AuditStatus>),
    Summary(AuditSummary),
}

/// `error`, `warning` (`draw/played-on`) or `info`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VerdictSeverity {
    Error,
    Warning,
    Info,
}

/// The draw rules and results a verdict names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    Threefold,
    Fivefold,
    FiftyMove,
    SeventyFiveMove,
    Stalemate,
    InsufficientMaterial,
    DeadPosition,
    CannotCheckmate,
    Checkmate,
    /// The rules of the built-in `platform` profile.
    #[serde(rename = "house/threefold")]
    HouseThreefold,
    #[serde(rename = "house/30-move")]
    House30Move,
    #[serde(rename = "house/perpetual-check")]
    HousePerpetualCheck,
    #[serde(rename = "house/resignation")]
    HouseResignation,
    #[serde(rename = "house/time-forfeit")]
    HouseTimeForfeit,
}

impl Rule {
    /// The rule as the JSON names it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Threefold => "threefold",
            Rule::Fivefold => "fivefold",
            Rule::FiftyMove => "fifty-move",
            Rule::SeventyFiveMove => "seventy-five-move",
            Rule::Stalemate => "stalemate",
            Rule::InsufficientMaterial => "insufficient-material",
            Rule::DeadPosition => "dead-position",
            Rule::CannotCheckmate => "cannot-checkmate",
            Rule::Checkmate => "checkmate",
            Rule::HouseThreefold => "house/threefold",
            Rule::House30Move => "house/30-move",
            Rule::HousePerpetualCheck => "house/perpetual-check",
            Rule::HouseResignation => "house/resignation",
            Rule::HouseTimeForfeit => "house/time-forfeit",
        }
    }
}

/// A verdict of `audit`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Verdict {
    pub code: String,
    pub severity: VerdictSeverity,
    #[serde(deserialize_with = "nullable")]
    pub rule: Option<Rule>,
    pub file: String,
    pub game: u64,
    /// In the position after this ply (0 = the start position).
    pub ply: u64,
    #[serde(rename = "move")]
    #[serde(deserialize_with = "nullable")]
    pub move_: Option<String>,
    /// Where the move stands (the game's first line and column 1 when there is none).
    pub line: u64,
    pub col: u64,
    #[serde(deserialize_with = "nullable")]
    pub claim_move: Option<String>,
    pub occurrences: Vec<u64>,
    /// `--missed`: the later plies with the same claim (first claim of a rule only; with
    /// `--missed=all`, the last claim listed when more than 1000 were available).
    #[serde(deserialize_with = "nullable")]
    pub more_plies: Option<u64>,
    /// The position; null for `audit/skipped` (a game not audited has none).
    #[serde(deserialize_with = "nullable")]
    pub fen: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub recorded_result: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub correct_result: Option<String>,
    pub message: String,
    /// The profile the game was judged by.
    pub profile: String,
    /// The edition of the Laws applied (null for a profile that does not follow them).
    #[serde(deserialize_with = "nullable")]
    pub laws: Option<Laws>,
    #[serde(deserialize_with = "nullable")]
    pub laws_basis: Option<LawsBasis>,
    #[serde(deserialize_with = "nullable")]
    pub event: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub white: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub black: Option<String>,
}

/// The edition of the Laws a verdict applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Laws {
    Current,
    #[serde(rename = "pre-2014")]
    Pre2014,
}

/// Why that edition: `--laws`, the Date tag, or no usable date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LawsBasis {
    Option,
    Date,
    NoDate,
}

/// The `status` of an `audit` game record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AuditStatus {
    Ok,
    Verdict,
    Skipped,
    Incomplete,
}

/// The summary of `audit`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AuditSummary {
    pub files: u64,
    pub files_failed: u64,
    pub games: u64,
    pub games_skipped: u64,
    pub games_incomplete: u64,
    pub games_with_verdicts: u64,
    pub verdicts: BTreeMap<String, u64>,
    pub plies: u64,
    pub bytes: u64,
    pub seconds: f64,
    /// Only with --only/--ignore/--errors-only, when something was hidden.
    #[serde(default)]
    pub hidden: u64,
    pub run: Run<AuditOptions>,
}

// ---- audit --positions ------------------------------------------------------------------------

/// A record of `arbiter audit --positions FILE --format jsonl`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum PositionRecord {
    Position(Position),
    Summary(PositionSummary),
}

/// The sides that cannot possibly checkmate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Material {
    None,
    White,
    Black,
    Both,
}

/// One FEN or EPD line; `error` (and null fields) when it is not a position.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub line: u64,
    pub fen: String,
    #[serde(deserialize_with = "nullable")]
    pub checkmate: Option<bool>,
    #[serde(deserialize_with = "nullable")]
    pub stalemate: Option<bool>,
    #[serde(deserialize_with = "nullable")]
    pub insufficient_material: Option<Material>,
    #[serde(deserialize_with = "nullable")]
    pub dead: Option<bool>,
    #[serde(deserialize_with = "nullable")]
    pub reason: Option<String>,
    /// Whether each side can still checkmate (null for a line that is not a position).
    #[serde(deserialize_with = "nullable")]
    pub can_mate: Option<BySide<CanMate>>,
    /// Why a side cannot checkmate (null for `yes` and `unknown`).
    #[serde(deserialize_with = "nullable")]
    pub can_mate_reason: Option<BySide<Option<String>>>,
    /// With `--show-helpmate` only.
    #[serde(default)]
    pub helpmate: Option<BySide<Option<String>>>,
    #[serde(default)]
    pub error: Option<String>,
    /// The line's problems as `fen --check` reports them (left out when none).
    #[serde(default)]
    pub problems: Vec<LineProblem>,
}

/// A value for each side.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BySide<T> {
    pub white: T,
    pub black: T,
}

/// The answer to "can this side still checkmate?".
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum CanMate {
    Yes,
    No,
    Unknown,
}

/// A problem of a FEN line in an `audit --positions` record.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LineProblem {
    pub severity: Severity,
    pub code: String,
    pub col: u64,
    #[serde(deserialize_with = "nullable")]
    pub token: Option<String>,
    pub message: String,
}

/// The summary of `audit --positions`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PositionSummary {
    pub positions: u64,
    pub invalid: u64,
    pub checkmates: u64,
    pub stalemates: u64,
    pub dead: u64,
    pub can_mate: CanMateCounts,
}

/// How many "can this side still checkmate?" questions got each answer.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CanMateCounts {
    pub yes: u64,
    pub no: u64,
    pub unknown: u64,
}

// ---- fen --------------------------------------------------------------------------------------

/// A record of `arbiter fen --format jsonl`.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum FenRecord {
    Position(FenPosition),
    Error(FenError),
    Summary(FenSummary),
}

/// One position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FenPosition {
    pub file: String,
    pub game: u64,
    pub ply: u64,
    #[serde(rename = "move")]
    #[serde(deserialize_with = "nullable")]
    pub move_: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub san: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub uci: Option<String>,
    pub fen: String,
    #[serde(deserialize_with = "nullable")]
    pub event: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub white: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub black: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub path: Option<String>,
}

/// A game (or variation) cut short.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FenError {
    pub file: String,
    pub game: u64,
    pub ply: u64,
    #[serde(rename = "move")]
    #[serde(deserialize_with = "nullable")]
    pub move_: Option<String>,
    pub code: String,
    pub message: String,
    #[serde(deserialize_with = "nullable")]
    pub event: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub white: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub black: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub path: Option<String>,
}

/// The summary of `fen`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FenSummary {
    pub files: u64,
    pub files_failed: u64,
    pub games: u64,
    pub positions: u64,
    pub errors: u64,
    pub bytes: u64,
    pub seconds: f64,
}

// ---- stats ------------------------------------------------------------------------------------

/// The document of `arbiter stats --format json`.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum StatsOutput {
    Stats(StatsDocument),
}

/// The one object of `stats --format json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatsDocument {
    pub version: u32,
    #[serde(deserialize_with = "nullable")]
    pub by: Option<String>,
    pub files: u64,
    pub files_failed: u64,
    pub bytes: u64,
    pub run: Run<StatsOptions>,
    pub all: Stats,
    pub groups: Ordered<Stats>,
}

/// The statistics of all games or of one group.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    pub summary: Derived,
    /// The players per person (name key after the alias file; issue 15).
    pub people: Ordered<Person>,
    pub games: u64,
    pub plies: u64,
    pub length_plies: Ordered<u64>,
    pub results: ResultCounts,
    pub fen_start: u64,
    pub variants: Ordered<u64>,
    pub eco: Ordered<ResultCounts>,
    pub openings: Ordered<ResultCounts>,
    /// Openings classified from the moves, `ECO name` (issue 17).
    pub classified: Ordered<ResultCounts>,
    pub eco_from_moves: u64,
    pub openings_from_moves: u64,
    pub eco_contradicted: u64,
    pub first_moves: Ordered<ResultCounts>,
    pub players: Ordered<Player>,
    pub ratings: Ordered<u64>,
    pub rating_diff: Ordered<ResultCounts>,
    pub higher_rated: HigherRated,
    pub rating_bands: Ordered<ResultCounts>,
    pub dates: Dates,
    pub years: Ordered<u64>,
    pub months: Ordered<u64>,
    pub time_controls: Ordered<u64>,
    pub terminations: Ordered<u64>,
    pub check: CheckCounts,
    pub audit: AuditCounts,
}

/// The derived figures (`summary`).
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Derived {
    pub games: u64,
    pub plies: u64,
    #[serde(deserialize_with = "nullable")]
    pub mean_plies: Option<f64>,
    #[serde(deserialize_with = "nullable")]
    pub median_plies: Option<f64>,
    #[serde(deserialize_with = "nullable")]
    pub max_plies: Option<u64>,
    #[serde(deserialize_with = "nullable")]
    pub mean_moves: Option<f64>,
    #[serde(deserialize_with = "nullable")]
    pub median_moves: Option<f64>,
    #[serde(deserialize_with = "nullable")]
    pub max_moves: Option<u64>,
    #[serde(deserialize_with = "nullable")]
    pub decisive_share: Option<f64>,
    #[serde(deserialize_with = "nullable")]
    pub white_score: Option<f64>,
    #[serde(deserialize_with = "nullable")]
    pub higher_rated_wins: Option<f64>,
    #[serde(deserialize_with = "nullable")]
    pub higher_rated_score: Option<f64>,
    #[serde(deserialize_with = "nullable")]
    pub mean_rating: Option<f64>,
    #[serde(deserialize_with = "nullable")]
    pub median_rating: Option<f64>,
    pub players: u64,
    #[serde(deserialize_with = "nullable")]
    pub first_date: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub last_date: Option<String>,
}

/// A result count object: zero counts left out.
#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ResultCounts {
    #[serde(rename = "1-0", default)]
    pub white_wins: Option<u64>,
    #[serde(rename = "0-1", default)]
    pub black_wins: Option<u64>,
    #[serde(rename = "1/2-1/2", default)]
    pub draws: Option<u64>,
    #[serde(rename = "*", default)]
    pub unfinished: Option<u64>,
    #[serde(rename = "none", default)]
    pub missing: Option<u64>,
}

impl ResultCounts {
    pub fn counts(&self) -> [Option<u64>; 5] {
        [
            self.white_wins,
            self.black_wins,
            self.draws,
            self.unfinished,
            self.missing,
        ]
    }

    /// All games; panics on a zero count written out.
    pub fn games(&self) -> u64 {
        let counts = self.counts();
        assert!(!counts.contains(&Some(0)), "a zero count written: {self:?}");
        counts.iter().flatten().sum()
    }
}

/// One person: the spellings of one name key.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Person {
    pub name: String,
    pub spellings: Ordered<u64>,
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub rated_games: u64,
    pub rating_sum: u64,
}

/// One player.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub rated_games: u64,
    pub rating_sum: u64,
}

/// The higher-rated player's results.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HigherRated {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub equal: u64,
}

/// The date range.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Dates {
    #[serde(deserialize_with = "nullable")]
    pub first: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub last: Option<String>,
    pub unknown: u64,
}

/// The counts of `--with-check`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckCounts {
    pub games: u64,
    pub games_with_errors: u64,
    pub games_with_warnings: u64,
    pub games_skipped: u64,
    pub errors: Ordered<u64>,
    pub warnings: Ordered<u64>,
}

/// The counts of `--with-audit`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditCounts {
    pub games: u64,
    pub games_skipped: u64,
    pub games_incomplete: u64,
    pub games_with_verdicts: u64,
    pub verdicts: Ordered<u64>,
}

/// A JSON object with its keys in the order written (the contract says how they are sorted).
#[derive(Debug)]
pub struct Ordered<V>(pub Vec<(String, V)>);

impl<V> Ordered<V> {
    pub fn get(&self, key: &str) -> Option<&V> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn keys(&self) -> Vec<&str> {
        self.0.iter().map(|(k, _)| k.as_str()).collect()
    }

    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.0.iter().map(|(_, v)| v)
    }
}

impl Ordered<u64> {
    pub fn sum(&self) -> u64 {
        self.values().sum()
    }

    /// As a map, for comparisons.
    pub fn to_map(&self) -> BTreeMap<String, u64> {
        self.0.iter().cloned().collect()
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Ordered<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Pairs<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for Pairs<V> {
            type Value = Ordered<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ordered<V>, A::Error> {
                let mut pairs = Vec::new();
                while let Some(pair) = map.next_entry()? {
                    pairs.push(pair);
                }
                Ok(Ordered(pairs))
            }
        }
        d.deserialize_map(Pairs(PhantomData))
    }
}
