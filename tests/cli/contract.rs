//! The JSON contracts of the README, typed (as ripgrep's `tests/json.rs`): every JSON Lines
//! record of `check`, `audit`, `fen`, `pgn`, `fen --check` and `audit --positions`, and the
//! `stats --format json` document, is deserialised into the records below, written from the
//! README's "JSON Lines ... — a contract" paragraphs: one `#[serde(tag = "type")]` enum per
//! stream, every documented field with its type, `deny_unknown_fields`, so that a field renamed,
//! added or dropped, or a value of another type, fails here. The tests then check the values: the
//! README's own examples where they come from a file of `testdata/`, and what the contract says
//! of every record (the summary counts the records, the severity is the one of the code table,
//! a move's number and side agree with the FEN after it, ...), over the testdata files.
#![allow(dead_code)] // every documented field is read by serde, not all by the checks

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use serde::de::{DeserializeOwned, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::util::{TempDir, root, run, run_stdin, testdata};

// ---- check, pgn, fen --check ------------------------------------------------------------------

/// A record of `arbiter check --format jsonl` (also the findings of `pgn` and `fen --check`).
#[derive(Debug, Deserialize)]
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
#[derive(Debug, Deserialize)]
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
#[derive(Debug, Deserialize)]
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
#[derive(Debug, Deserialize)]
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
}

// ---- audit ------------------------------------------------------------------------------------

/// A record of `arbiter audit --format jsonl`.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum AuditRecord {
    Verdict(Verdict),
    Game(Game<AuditStatus>),
    Summary(AuditSummary),
}

/// `error` or `info`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VerdictSeverity {
    Error,
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
    Checkmate,
}

/// A verdict of `audit`.
#[derive(Debug, Deserialize)]
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
    #[serde(deserialize_with = "nullable")]
    pub claim_move: Option<String>,
    pub occurrences: Vec<u64>,
    pub fen: String,
    #[serde(deserialize_with = "nullable")]
    pub recorded_result: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub correct_result: Option<String>,
    pub message: String,
    #[serde(deserialize_with = "nullable")]
    pub event: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub white: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub black: Option<String>,
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
#[derive(Debug, Deserialize)]
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
}

// ---- audit --positions ------------------------------------------------------------------------

/// A record of `arbiter audit --positions FILE --format jsonl`.
#[derive(Debug, Deserialize)]
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
#[derive(Debug, Deserialize)]
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
    #[serde(default)]
    pub error: Option<String>,
}

/// The summary of `audit --positions`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionSummary {
    pub positions: u64,
    pub invalid: u64,
    pub checkmates: u64,
    pub stalemates: u64,
    pub dead: u64,
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
    pub all: Stats,
    pub groups: Ordered<Stats>,
}

/// The statistics of all games or of one group.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    pub summary: Derived,
    pub games: u64,
    pub plies: u64,
    pub length_plies: Ordered<u64>,
    pub results: ResultCounts,
    pub fen_start: u64,
    pub variants: Ordered<u64>,
    pub eco: Ordered<ResultCounts>,
    pub openings: Ordered<ResultCounts>,
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
    fn counts(&self) -> [Option<u64>; 5] {
        [
            self.white_wins,
            self.black_wins,
            self.draws,
            self.unfinished,
            self.missing,
        ]
    }

    /// All games; panics on a zero count written out.
    fn games(&self) -> u64 {
        let counts = self.counts();
        assert!(!counts.contains(&Some(0)), "a zero count written: {self:?}");
        counts.iter().flatten().sum()
    }
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
    fn get(&self, key: &str) -> Option<&V> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    fn keys(&self) -> Vec<&str> {
        self.0.iter().map(|(k, _)| k.as_str()).collect()
    }

    fn values(&self) -> impl Iterator<Item = &V> {
        self.0.iter().map(|(_, v)| v)
    }
}

impl Ordered<u64> {
    fn sum(&self) -> u64 {
        self.values().sum()
    }

    /// As a map, for comparisons.
    fn to_map(&self) -> BTreeMap<String, u64> {
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

// ---- helpers ----------------------------------------------------------------------------------

/// A field that must be present, `null` allowed: serde reads a missing `Option` field as `None`,
/// which would let a dropped field pass.
fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(d)
}

/// Every line of `out` as a `T`; a line that is not one fails with its text.
fn lines<T: DeserializeOwned>(out: &[u8]) -> Vec<T> {
    let text = std::str::from_utf8(out).expect("UTF-8 output");
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Runs `arbiter` and returns standard output, standard error and the exit status.
fn arbiter(args: &[&str]) -> (Vec<u8>, Vec<u8>, i32) {
    let out = run(args);
    (
        out.stdout,
        out.stderr,
        out.status.code().expect("exit status"),
    )
}

/// Every PGN file of `testdata/` (but the fuzz inputs), as paths relative to the repository.
fn testdata_pgn() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&testdata(""), &mut files);
    let mut files: Vec<String> = files
        .iter()
        .map(|p| {
            p.strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    assert!(files.len() > 50, "{files:?}");
    files
}

/// The codes of the README's code tables, with their documented severity (`error`, `warning`,
/// `info`, or `error / warning`).
fn documented_codes() -> BTreeMap<String, String> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut codes = BTreeMap::new();
    for line in readme.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if let [_, code, severity, _, ..] = cells[..]
            && let Some(code) = code.strip_prefix('`').and_then(|c| c.strip_suffix('`'))
            && code.contains('/')
            && matches!(severity, "error" | "warning" | "info" | "error / warning")
        {
            codes.insert(code.to_owned(), severity.to_owned());
        }
    }
    assert!(codes.len() > 60, "code tables not found: {codes:?}");
    codes
}

/// The move number and side of a PGN-style move (`23.Nf3` → 23, White; `23...Nf3` → Black) and
/// the text after them.
fn move_parts(text: &str) -> (u64, bool, &str) {
    let digits = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(0);
    assert!(digits > 0, "no move number in {text:?}");
    let number = text[..digits].parse().unwrap();
    let rest = &text[digits..];
    match rest.strip_prefix("...") {
        Some(san) => (number, false, san),
        None => (number, true, rest.strip_prefix('.').expect(text)),
    }
}

/// Asserts that `fen` is the position after (`after` true) or before the move `text`: the side
/// to move and the fullmove number agree with the move's number and side.
fn assert_move_and_fen(text: &str, fen: &str, after: bool) {
    let (number, white, _) = move_parts(text);
    let fields: Vec<&str> = fen.split(' ').collect();
    assert!(fields.len() >= 6, "not a FEN: {fen}");
    let fullmove: u64 = fields[5].parse().unwrap();
    let (side, full) = match (white, after) {
        (true, false) => ("w", number),
        (false, false) => ("b", number),
        (true, true) => ("b", number),
        (false, true) => ("w", number + 1),
    };
    assert_eq!((fields[1], fullmove), (side, full), "{text} and {fen}");
}

// ---- check ------------------------------------------------------------------------------------

/// Which stream of findings is read: the severities and the `fen` field differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// `check`: the severity of the code tables.
    Check,
    /// `check --strict`: warnings become errors.
    Strict,
    /// `pgn`: `variant/unsupported` is an error (the game's moves are lost).
    Pgn,
    /// `fen --check`: `fen` is the line as written, for every finding.
    FenCheck,
}

/// What the contract says of every record of a `check`-shaped stream (also `pgn`'s and
/// `fen --check`'s findings, without game records); returns the findings and the summary.
fn check_stream(
    records: Vec<CheckRecord>,
    files: &[String],
    with_games: bool,
    mode: Mode,
) -> (Vec<Finding>, CheckSummary) {
    let codes = documented_codes();
    let mut records = records;
    let Some(CheckRecord::Summary(summary)) = records.pop() else {
        panic!("the last record is not the summary");
    };
    let (mut findings, mut games) = (Vec::new(), Vec::new());
    let mut pending: Vec<&Finding> = Vec::new();
    let mut owned = Vec::new();
    for record in records {
        match record {
            CheckRecord::Finding(f) => owned.push(Some(f)),
            CheckRecord::Game(g) => {
                owned.push(None);
                games.push(g);
            }
            CheckRecord::Summary(_) => panic!("a summary before the last line"),
        }
    }
    // Findings come before the record of their game, game indices count up from 1 per file,
    // files come in the order given.
    let mut game_iter = games.iter();
    let mut last: Option<(&str, u64)> = None;
    for item in &owned {
        match item {
            Some(f) => pending.push(f),
            None => {
                let g = game_iter.next().unwrap();
                for f in pending.drain(..) {
                    assert_eq!(
                        (f.file.as_str(), f.game),
                        (g.file.as_str(), g.game),
                        "{f:?}"
                    );
                    assert!(f.line >= g.line, "{f:?} before its game {g:?}");
                }
                let expected = match last {
                    Some((file, n)) if file == g.file => n + 1,
                    _ => 1,
                };
                assert_eq!(g.game, expected, "{g:?}");
                last = Some((&g.file, g.game));
                let worst = owned_worst(&owned, g);
                if g.status != CheckStatus::Skipped {
                    assert_eq!(g.status, worst, "{g:?}");
                }
            }
        }
    }
    let trailing = pending.len();
    drop(pending);
    for f in owned.into_iter().flatten() {
        findings.push(f);
    }
    if with_games {
        assert_eq!(trailing, 0, "findings after the last game record");
        let mut in_order: Vec<&str> = games.iter().map(|g| g.file.as_str()).collect();
        in_order.dedup();
        let given: Vec<&str> = files
            .iter()
            .map(String::as_str)
            .filter(|f| in_order.contains(f))
            .collect();
        assert_eq!(in_order, given, "games in input order");
    }
    for f in &findings {
        assert!(files.contains(&f.file), "{f:?}");
        assert!(f.game >= 1 && f.line >= 1 && f.col >= 1, "{f:?}");
        let documented = codes
            .get(&f.code)
            .unwrap_or_else(|| panic!("undocumented code: {f:?}"));
        let severity = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let promoted = match mode {
            Mode::Strict => true,
            Mode::Pgn => f.code == "variant/unsupported",
            Mode::Check | Mode::FenCheck => false,
        };
        assert!(
            documented == severity
                || documented == "error / warning"
                || (promoted && severity == "error"),
            "{} is documented as {documented}: {f:?}",
            f.code
        );
        assert_ne!(
            f.variation,
            Some(false),
            "variation is present only when true"
        );
        if f.ply.is_none() {
            assert!(f.move_.is_none(), "{f:?}");
            assert_eq!(f.fen.is_none(), mode != Mode::FenCheck, "{f:?}");
        }
        if f.code.starts_with("illegal-move/") {
            let (Some(text), Some(token), Some(fen)) = (&f.move_, &f.token, &f.fen) else {
                panic!("a move finding without its move, token and position: {f:?}");
            };
            assert!(text.ends_with(token.as_str()), "{f:?}");
            assert_move_and_fen(text, fen, false);
        }
        // `san`: for notation warnings, the standard SAN the message names.
        let named = f.message.split("the standard SAN is ").nth(1);
        let named = named.map(|s| s.split([' ', ';', ',']).next().unwrap());
        assert_eq!(f.san.as_deref(), named, "{f:?}");
        if f.san.is_some() {
            assert!(f.code.starts_with("notation/"), "{f:?}");
        }
    }
    let count = |s: Severity| findings.iter().filter(|f| f.severity == s).count() as u64;
    assert_eq!(summary.errors, count(Severity::Error));
    assert_eq!(summary.warnings, count(Severity::Warning));
    assert_eq!(summary.files, files.len() as u64);
    assert_eq!(summary.files_failed, 0);
    assert!(summary.seconds >= 0.0);
    if with_games {
        let status = |s| games.iter().filter(|g| g.status == s).count() as u64;
        assert_eq!(summary.games, games.len() as u64);
        assert_eq!(summary.games_with_errors, status(CheckStatus::Error));
        assert_eq!(summary.games_with_warnings, status(CheckStatus::Warning));
        assert_eq!(summary.games_skipped, status(CheckStatus::Skipped));
        assert_eq!(summary.plies, games.iter().map(|g| g.plies).sum::<u64>());
    }
    (findings, summary)
}

/// The status a game's findings give it.
fn owned_worst(owned: &[Option<Finding>], g: &Game<CheckStatus>) -> CheckStatus {
    let mut worst = CheckStatus::Ok;
    for f in owned.iter().flatten() {
        if f.file == g.file && f.game == g.game {
            match f.severity {
                Severity::Error => worst = CheckStatus::Error,
                Severity::Warning if worst == CheckStatus::Ok => worst = CheckStatus::Warning,
                Severity::Warning => {}
            }
        }
    }
    worst
}

fn bytes_of(files: &[String]) -> u64 {
    files
        .iter()
        .map(|f| std::fs::metadata(root().join(f)).unwrap().len())
        .sum()
}

#[test]
fn check_jsonl_is_the_documented_contract() {
    let files = testdata_pgn();
    let mut args = vec!["check", "-q", "--format", "jsonl", "--games"];
    args.extend(files.iter().map(String::as_str));
    let (out, _, status) = arbiter(&args);
    assert_eq!(status, 1, "testdata has errors");
    let (findings, summary) = check_stream(lines(&out), &files, true, Mode::Check);
    assert_eq!(summary.bytes, bytes_of(&files));
    // Every kind of finding the contract describes occurs: a variation, a notation SAN, a
    // whole-game finding.
    assert!(findings.iter().any(|f| f.variation == Some(true)));
    assert!(findings.iter().any(|f| f.san.is_some()));
    assert!(findings.iter().any(|f| f.ply.is_none()));
    // --strict: warnings become errors, in every record and in the counts.
    let mut args = vec!["check", "-q", "--format", "jsonl", "--games", "--strict"];
    args.extend(files.iter().map(String::as_str));
    let (out, _, _) = arbiter(&args);
    let (strict, strict_summary) = check_stream(lines(&out), &files, true, Mode::Strict);
    // (The README says every warning; `variant/unsupported`, whose game is skipped, stays one.)
    let kept = |f: &&Finding| f.code == "variant/unsupported";
    assert!(
        strict
            .iter()
            .all(|f| (f.severity == Severity::Error) != kept(&f)),
        "--strict"
    );
    let skipped_variants = strict.iter().filter(kept).count() as u64;
    assert!(skipped_variants > 0);
    assert_eq!(strict_summary.warnings, skipped_variants);
    assert_eq!(
        strict_summary.errors,
        summary.errors + summary.warnings - skipped_variants
    );
}

/// The README's examples of the finding, the game and the summary records, which come from
/// `testdata/immortal-games.pgn`.
#[test]
fn check_jsonl_gives_the_readme_examples() {
    let file = "testdata/immortal-games.pgn";
    let (out, _, _) = arbiter(&["check", "-q", "--format", "jsonl", "--games", file]);
    let records: Vec<CheckRecord> = lines(&out);
    let Some(CheckRecord::Finding(f)) = records.iter().find(|r| {
        matches!(r, CheckRecord::Finding(f) if f.code == "illegal-move/ambiguous" && f.game == 1)
    }) else {
        panic!("no ambiguous move in game 1");
    };
    assert_eq!(
        (
            f.severity,
            f.file.as_str(),
            f.ply,
            f.move_.as_deref(),
            f.token.as_deref()
        ),
        (
            Severity::Error,
            file,
            Some(10),
            Some("5...Nd7"),
            Some("Nd7")
        )
    );
    assert_eq!(
        (f.line, f.col, f.variation, f.san.as_deref()),
        (17, 8, None, None)
    );
    assert_eq!(
        f.fen.as_deref(),
        Some("rnbqk2r/ppp1bppp/4pn2/3p2B1/2PP4/2N2N2/PP2PPPP/R2QKB1R b KQkq - 5 5")
    );
    assert_eq!(
        f.message,
        "illegal move 5...Nd7: ambiguous: more than one knight can move to d7 (Nfd7, Nbd7); \
         write Nfd7 or Nbd7"
    );
    assert_eq!(
        (f.event.as_deref(), f.white.as_deref(), f.black.as_deref()),
        (Some("?"), Some("Pillsbury"), Some("Tarasch"))
    );
    let Some(CheckRecord::Game(g)) = records.iter().find(|r| matches!(r, CheckRecord::Game(_)))
    else {
        panic!("no game record");
    };
    assert_eq!((g.file.as_str(), g.game, g.line, g.offset), (file, 1, 1, 0));
    assert_eq!(
        (g.event.as_deref(), g.white.as_deref(), g.black.as_deref()),
        (Some("?"), Some("Pillsbury"), Some("Tarasch"))
    );
    assert_eq!(
        (g.result.as_deref(), g.plies, g.status),
        (Some("1-0"), 9, CheckStatus::Error)
    );
    let Some(CheckRecord::Summary(s)) = records.last() else {
        panic!("no summary");
    };
    assert_eq!(
        [
            s.files,
            s.files_failed,
            s.games,
            s.games_with_errors,
            s.games_with_warnings
        ],
        [1, 0, 36, 8, 28]
    );
    assert_eq!(
        [s.games_skipped, s.errors, s.warnings, s.plies, s.bytes],
        [0, 35, 185, 1829, 122961]
    );
}

// ---- audit ------------------------------------------------------------------------------------

#[test]
fn audit_jsonl_is_the_documented_contract() {
    let codes = documented_codes();
    let files = testdata_pgn();
    let mut args = vec!["audit", "-q", "--format", "jsonl", "--games", "--missed"];
    args.extend(files.iter().map(String::as_str));
    let (out, _, status) = arbiter(&args);
    assert_eq!(status, 1, "testdata has error verdicts");
    let mut records: Vec<AuditRecord> = lines(&out);
    let Some(AuditRecord::Summary(summary)) = records.pop() else {
        panic!("the last record is not the summary");
    };
    let (mut verdicts, mut games) = (Vec::new(), Vec::new());
    let mut pending = Vec::new();
    for record in records {
        match record {
            AuditRecord::Verdict(v) => pending.push(v),
            AuditRecord::Game(g) => {
                for v in &pending {
                    assert_eq!((&v.file, v.game), (&g.file, g.game), "{v:?} before {g:?}");
                }
                let errors = pending.iter().any(|v| v.severity == VerdictSeverity::Error);
                let has = |code: &str| pending.iter().any(|v| v.code == code);
                let status = if has("audit/skipped") {
                    AuditStatus::Skipped
                } else if errors {
                    AuditStatus::Verdict
                } else if has("audit/incomplete") {
                    AuditStatus::Incomplete
                } else {
                    AuditStatus::Ok
                };
                assert_eq!(g.status, status, "{g:?}: {pending:?}");
                verdicts.append(&mut pending);
                games.push(g);
            }
            AuditRecord::Summary(_) => panic!("a summary before the last line"),
        }
    }
    assert!(pending.is_empty());
    for v in &verdicts {
        let severity = match v.severity {
            VerdictSeverity::Error => "error",
            VerdictSeverity::Info => "info",
        };
        assert_eq!(
            codes.get(&v.code).map(String::as_str),
            Some(severity),
            "{v:?}"
        );
        let bookkeeping = matches!(v.code.as_str(), "audit/incomplete" | "audit/skipped");
        assert_eq!(
            v.rule.is_none(),
            bookkeeping,
            "rule is null only for those: {v:?}"
        );
        assert_eq!(v.move_.is_none(), v.ply == 0, "{v:?}");
        if let Some(text) = &v.move_ {
            assert_move_and_fen(text, &v.fen, true);
        }
        assert_eq!(
            v.correct_result.is_some(),
            matches!(
                v.code.as_str(),
                "result/contradicted" | "draw/automatic-ignored"
            ),
            "{v:?}"
        );
        if v.claim_move.is_some() {
            assert_eq!(v.code, "draw/claim-available", "{v:?}");
        }
        // Occurrences: the plies at which the repeated position stood, in order, up to this
        // one; three (five) of them for a claim (an automatic draw), or two and the claim move.
        let occ = &v.occurrences;
        assert!(occ.windows(2).all(|w| w[0] < w[1]), "{v:?}");
        assert!(occ.iter().all(|&p| p <= v.ply), "{v:?}");
        match v.rule {
            Some(Rule::Threefold) if v.code == "draw/claim-available" => match v.claim_move {
                Some(_) => assert!(occ.len() >= 2 && occ.last() < Some(&v.ply), "{v:?}"),
                None => assert!(occ.len() >= 3 && occ.last() == Some(&v.ply), "{v:?}"),
            },
            Some(Rule::Fivefold) => assert!(occ.len() >= 5 && occ.last() == Some(&v.ply)),
            Some(Rule::Threefold) => {}
            _ => assert!(occ.is_empty(), "{v:?}"),
        }
    }
    let mut by_code: BTreeMap<String, u64> = BTreeMap::new();
    for v in &verdicts {
        *by_code.entry(v.code.clone()).or_default() += 1;
    }
    assert_eq!(summary.verdicts, by_code);
    let status = |s| games.iter().filter(|g| g.status == s).count() as u64;
    assert_eq!(summary.games_skipped, status(AuditStatus::Skipped));
    assert_eq!(summary.games, games.len() as u64 - summary.games_skipped);
    // Incomplete games: those audited up to an illegal move (their status may be `verdict`).
    let incomplete = games
        .iter()
        .filter(|g| {
            verdicts.iter().any(|v| {
                (&v.file, v.game, v.code.as_str()) == (&g.file, g.game, "audit/incomplete")
            })
        })
        .count() as u64;
    assert_eq!(summary.games_incomplete, incomplete);
    assert!(incomplete > status(AuditStatus::Incomplete));
    assert_eq!(summary.games_with_verdicts, status(AuditStatus::Verdict));
    assert_eq!(
        (summary.files, summary.files_failed),
        (files.len() as u64, 0)
    );
    assert_eq!(summary.bytes, bytes_of(&files));
    // Every rule of the contract occurs in testdata.
    for rule in [
        Rule::Threefold,
        Rule::Fivefold,
        Rule::FiftyMove,
        Rule::SeventyFiveMove,
        Rule::Stalemate,
        Rule::InsufficientMaterial,
        Rule::DeadPosition,
        Rule::Checkmate,
    ] {
        assert!(verdicts.iter().any(|v| v.rule == Some(rule)), "{rule:?}");
    }
}

#[test]
fn audit_positions_jsonl_is_the_documented_contract() {
    let file = "testdata/audit/positions.epd";
    let (out, _, status) = arbiter(&["audit", "--positions", file, "--format", "jsonl"]);
    let mut records: Vec<PositionRecord> = lines(&out);
    let Some(PositionRecord::Summary(summary)) = records.pop() else {
        panic!("the last record is not the summary");
    };
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let wanted: Vec<(u64, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i as u64 + 1, l))
        .collect();
    let positions: Vec<Position> = records
        .into_iter()
        .map(|r| match r {
            PositionRecord::Position(p) => p,
            PositionRecord::Summary(_) => panic!("a summary before the last line"),
        })
        .collect();
    assert_eq!(positions.len(), wanted.len());
    let (mut invalid, mut mates, mut stalemates, mut dead) = (0, 0, 0, 0);
    for (p, (line, _)) in positions.iter().zip(&wanted) {
        assert_eq!(p.line, *line, "{p:?}");
        let fields = [
            p.checkmate.is_none(),
            p.stalemate.is_none(),
            p.insufficient_material.is_none(),
            p.dead.is_none(),
            p.reason.is_none(),
        ];
        if p.error.is_some() {
            invalid += 1;
            assert_eq!(fields, [true; 5], "an error has null fields: {p:?}");
            continue;
        }
        assert_eq!(fields[..4], [false; 4], "{p:?}");
        // A reason is given for a position that ends the game.
        let ends = [p.checkmate, p.stalemate, p.dead].contains(&Some(true));
        assert_eq!(p.reason.is_some(), ends, "{p:?}");
        mates += u64::from(p.checkmate == Some(true));
        stalemates += u64::from(p.stalemate == Some(true));
        dead += u64::from(p.dead == Some(true));
        assert!(
            !(p.checkmate == Some(true) && p.stalemate == Some(true)),
            "{p:?}"
        );
        if p.insufficient_material == Some(Material::Both) {
            assert_eq!(p.dead, Some(true), "neither side can mate: dead, {p:?}");
        }
    }
    assert_eq!(
        [
            summary.positions,
            summary.invalid,
            summary.checkmates,
            summary.stalemates
        ],
        [wanted.len() as u64 - invalid, invalid, mates, stalemates]
    );
    assert_eq!(summary.dead, dead);
    assert!(invalid > 0 && mates > 0 && stalemates > 0 && dead > 0);
    assert_eq!(status, 1, "a line is not a position");
    // The first case of the file is fool's mate: White is checkmated.
    let first = &positions[0];
    assert_eq!(
        (
            first.checkmate,
            first.stalemate,
            first.insufficient_material,
            first.dead
        ),
        (Some(true), Some(false), Some(Material::None), Some(false))
    );
}

// ---- fen --------------------------------------------------------------------------------------

/// What the contract says of a `fen --format jsonl` stream.
fn fen_stream(records: Vec<FenRecord>, files: &[&str], start: bool) -> Vec<FenPosition> {
    let mut records = records;
    let Some(FenRecord::Summary(summary)) = records.pop() else {
        panic!("the last record is not the summary");
    };
    let (mut positions, mut errors) = (Vec::new(), Vec::new());
    for record in records {
        match record {
            FenRecord::Position(p) => positions.push(p),
            FenRecord::Error(e) => errors.push(e),
            FenRecord::Summary(_) => panic!("a summary before the last line"),
        }
    }
    let codes = documented_codes();
    for e in &errors {
        // `fen/start` (a FEN tag that gives no position) is not in the README's tables.
        assert!(
            codes.contains_key(&e.code) || e.code == "fen/start",
            "{e:?}"
        );
        assert!(files.contains(&e.file.as_str()), "{e:?}");
        assert_eq!(e.move_.is_none(), e.ply == 0, "{e:?}");
    }
    let mut previous: Option<&FenPosition> = None;
    for p in &positions {
        assert!(files.contains(&p.file.as_str()), "{p:?}");
        let none = [p.move_.is_none(), p.san.is_none(), p.uci.is_none()];
        if p.ply == 0 {
            assert!(start, "ply 0 only with --start: {p:?}");
            assert_eq!(none, [true; 3], "{p:?}");
        } else {
            assert_eq!(none, [false; 3], "{p:?}");
            let (text, san, uci) = (
                p.move_.as_ref().unwrap(),
                p.san.as_ref().unwrap(),
                p.uci.as_ref().unwrap(),
            );
            assert_eq!(
                move_parts(text).2,
                san,
                "move = number, side and the SAN: {p:?}"
            );
            assert_move_and_fen(text, &p.fen, true);
            let u = uci.as_bytes();
            assert!(
                (4..=5).contains(&u.len())
                    && (b'a'..=b'h').contains(&u[0])
                    && (b'1'..=b'8').contains(&u[1])
                    && (b'a'..=b'h').contains(&u[2])
                    && (b'1'..=b'8').contains(&u[3]),
                "{p:?}"
            );
        }
        // Main-line positions of a game come ply after ply.
        if p.path.is_none()
            && let Some(q) = previous
            && q.path.is_none()
            && (&q.file, q.game) == (&p.file, p.game)
        {
            assert_eq!(p.ply, q.ply + 1, "{q:?} then {p:?}");
        }
        previous = Some(p);
    }
    assert_eq!(summary.positions, positions.len() as u64);
    assert_eq!(summary.errors, errors.len() as u64);
    assert_eq!(
        (summary.files, summary.files_failed),
        (files.len() as u64, 0)
    );
    positions
}

#[test]
fn fen_jsonl_is_the_documented_contract() {
    let files = [
        "testdata/fen/chess960.pgn",
        "testdata/fen/ep.pgn",
        "testdata/fen/illegal.pgn",
        "testdata/fen/twic2.pgn",
        "testdata/fen/variations.pgn",
        "testdata/check/tag-bad-fen.pgn",
        "testdata/immortal-games.pgn",
    ];
    for extra in [&[][..], &["--start"], &["--variations"]] {
        let mut args = vec!["fen", "-q", "--format", "jsonl"];
        args.extend_from_slice(extra);
        args.extend(files);
        let (out, _, status) = arbiter(&args);
        assert_eq!(status, 1, "illegal.pgn is cut short");
        let positions = fen_stream(lines(&out), &files, extra == ["--start"]);
        let paths = positions.iter().filter(|p| p.path.is_some()).count();
        assert_eq!(paths > 0, extra == ["--variations"], "{extra:?}");
    }
    // The README's error record comes from testdata/fen/illegal.pgn (its game 1 there).
    let (out, _, _) = arbiter(&["fen", "-q", "--format", "jsonl", "testdata/fen/illegal.pgn"]);
    let records: Vec<FenRecord> = lines(&out);
    let Some(FenRecord::Error(e)) = records.iter().find(|r| matches!(r, FenRecord::Error(_)))
    else {
        panic!("no error record");
    };
    assert_eq!(
        (
            e.game,
            e.ply,
            e.move_.as_deref(),
            e.code.as_str(),
            e.message.as_str()
        ),
        (
            1,
            5,
            Some("3.Ke3"),
            "illegal-move/no-piece",
            "no white king can move to e3"
        )
    );
    assert_eq!(e.path, None);
    // The README's position record: after 1. e4 c5 2. Nf3.
    let out = run_stdin(&["fen", "-q", "--format", "jsonl"], b"1. e4 c5 2. Nf3 *\n");
    let records: Vec<FenRecord> = lines(&out.stdout);
    let FenRecord::Position(p) = &records[2] else {
        panic!("not a position: {:?}", records[2]);
    };
    assert_eq!(
        (
            p.file.as_str(),
            p.game,
            p.ply,
            p.move_.as_deref(),
            p.san.as_deref(),
            p.uci.as_deref()
        ),
        ("-", 1, 3, Some("2.Nf3"), Some("Nf3"), Some("g1f3"))
    );
    assert_eq!(
        p.fen,
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(p.path, None);
}

#[test]
fn fen_check_jsonl_is_the_documented_contract() {
    let dir = TempDir::new("contract-fen-check");
    let lines_written = [
        "# a comment",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "",
        "bad fen",
        "8/8/8/8/8/8/8/K6k w - - 0 0",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
    ];
    let path = dir.write("positions.fen", lines_written.join("\n").as_bytes());
    let file = path.to_str().unwrap().to_owned();
    let (out, _, status) = arbiter(&["fen", "--check", "--format", "jsonl", &file]);
    assert_eq!(status, 1);
    let (findings, summary) = check_stream(
        lines(&out),
        std::slice::from_ref(&file),
        false,
        Mode::FenCheck,
    );
    // One "game" per FEN line: `game` its number among them, `line` its line, `fen` as written.
    let fens: Vec<(u64, &str)> = lines_written
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i as u64 + 1, *l))
        .collect();
    assert_eq!(summary.games, fens.len() as u64);
    for f in &findings {
        assert!(f.code.starts_with("fen/"), "{f:?}");
        let (line, text) = fens[f.game as usize - 1];
        assert_eq!((f.line, f.fen.as_deref()), (line, Some(text)), "{f:?}");
    }
    let codes: Vec<&str> = findings.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(codes, ["fen/fields", "fen/fullmove", "fen/kings"]);
    assert_eq!((summary.errors, summary.warnings), (2, 1));
    assert_eq!(
        (summary.games_with_errors, summary.games_with_warnings),
        (2, 1)
    );
}

// ---- pgn --------------------------------------------------------------------------------------

#[test]
fn pgn_jsonl_is_the_documented_contract() {
    let files: Vec<String> = [
        "testdata/pgn/messy.pgn",
        "testdata/check/illegal-in-variation.pgn",
        "testdata/check/illegal-no-piece.pgn",
        "testdata/check/syntax-unknown-token.pgn",
        "testdata/check/tag-variant-crazyhouse.pgn",
        "testdata/check/tag-bad-fen.pgn",
    ]
    .map(String::from)
    .into();
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    // Findings on standard error while the PGN goes to standard output...
    let mut args = vec!["pgn", "--format", "jsonl"];
    args.extend(&names);
    let (pgn, err, status) = arbiter(&args);
    assert_eq!(status, 1);
    assert!(pgn.starts_with(b"[Event "));
    let (findings, summary) = check_stream(lines(&err), &files, false, Mode::Pgn);
    let endings = [
        "; the game is exported up to it, with result *",
        "; the variation is exported up to it",
        "; no moves exported",
    ];
    for f in &findings {
        if f.severity == Severity::Error && f.code != "syntax/unknown-token" {
            assert!(endings.iter().any(|e| f.message.ends_with(e)), "{f:?}");
        }
    }
    for code in ["variant/unsupported", "tag/bad-fen"] {
        let f = findings.iter().find(|f| f.code == code).expect(code);
        assert_eq!(f.severity, Severity::Error, "an error in pgn: {f:?}");
    }
    assert!(findings.iter().any(|f| f.variation == Some(true)));
    // ... and on standard output with -o FILE, the same records.
    let dir = TempDir::new("contract-pgn");
    let out_file = dir.path("out.pgn");
    let mut args = vec!["pgn", "--format", "jsonl", "-o", out_file.to_str().unwrap()];
    args.extend(&names);
    let (out, _, _) = arbiter(&args);
    let (again, again_summary) = check_stream(lines(&out), &files, false, Mode::Pgn);
    assert_eq!(std::fs::read(&out_file).unwrap(), pgn);
    let key = |f: &Finding| (f.file.clone(), f.game, f.line, f.col, f.code.clone());
    assert_eq!(
        findings.iter().map(key).collect::<Vec<_>>(),
        again.iter().map(key).collect::<Vec<_>>()
    );
    assert_eq!(
        (summary.games, summary.errors, summary.plies),
        (
            again_summary.games,
            again_summary.errors,
            again_summary.plies
        )
    );
    // --valid-only: the games left out are `games_skipped`.
    let mut args = vec!["pgn", "--format", "jsonl", "--valid-only"];
    args.extend(&names);
    let (_, err, _) = arbiter(&args);
    let (left_out, valid_only) = check_stream(lines(&err), &files, false, Mode::Pgn);
    let mut games: Vec<(&str, u64)> = left_out
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| (f.file.as_str(), f.game))
        .collect();
    games.dedup();
    assert_eq!(valid_only.games_skipped, games.len() as u64);
    assert_eq!(valid_only.games_skipped, summary.games_with_errors);
    assert_eq!(
        valid_only.games_with_errors, 0,
        "the games left out are not counted twice"
    );
    for f in left_out.iter().filter(|f| f.severity == Severity::Error) {
        if f.code != "syntax/unknown-token" {
            assert!(f.message.ends_with("; game left out"), "{f:?}");
        }
    }
}

// ---- stats ------------------------------------------------------------------------------------

/// Runs `stats --format json` and deserialises the document.
fn stats_json(args: &[&str]) -> StatsDocument {
    let mut all = vec!["stats", "-q", "--format", "json"];
    all.extend_from_slice(args);
    let (out, err, status) = arbiter(&all);
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&err));
    let text = std::str::from_utf8(&out).unwrap();
    assert_eq!(text.lines().count(), 1, "one line");
    let StatsOutput::Stats(doc) = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(doc.version, 1);
    doc
}

/// The keys of a map in numeric order (`numeric`) or in text order.
fn assert_sorted<V>(map: &Ordered<V>, numeric: bool, what: &str) {
    let keys = map.keys();
    let mut sorted = keys.clone();
    if numeric {
        sorted.sort_by_key(|k| k.parse::<i64>().unwrap_or_else(|_| panic!("{what}: {k}")));
    } else {
        sorted.sort();
    }
    assert_eq!(keys, sorted, "{what} keys in order");
}

fn close(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() < 1e-9,
        (a, b) => a == b,
    }
}

/// What the contract says inside one statistics object.
fn assert_stats_consistent(s: &Stats, what: &str) {
    let d = &s.summary;
    assert_eq!((d.games, d.plies), (s.games, s.plies), "{what}");
    for (map, name) in [(&s.length_plies, "length_plies"), (&s.ratings, "ratings")] {
        assert_sorted(map, true, name);
    }
    for (map, name) in [
        (&s.rating_diff, "rating_diff"),
        (&s.rating_bands, "rating_bands"),
    ] {
        assert_sorted(map, true, name);
    }
    for map in [
        &s.variants,
        &s.years,
        &s.months,
        &s.time_controls,
        &s.terminations,
    ] {
        assert_sorted(map, false, what);
    }
    for map in [&s.eco, &s.openings, &s.first_moves] {
        assert_sorted(map, false, what);
        assert!(map.values().map(ResultCounts::games).sum::<u64>() <= s.games);
    }
    assert_sorted(&s.players, false, "players");
    // Histograms: every game has a length; plies add up.
    assert_eq!(s.length_plies.sum(), s.games, "{what}");
    let plies: u64 = s
        .length_plies
        .0
        .iter()
        .map(|(k, n)| k.parse::<u64>().unwrap() * n)
        .sum();
    assert_eq!(plies, s.plies, "{what}");
    let max = s
        .length_plies
        .keys()
        .last()
        .map(|k| k.parse::<u64>().unwrap());
    assert_eq!(
        (d.max_plies, d.max_moves),
        (max, max.map(|p| p.div_ceil(2))),
        "{what}"
    );
    assert!(close(
        d.mean_plies,
        (s.games > 0).then(|| s.plies as f64 / s.games as f64)
    ));
    // Results: every game once; shares over the finished games.
    let r = &s.results;
    assert_eq!(r.games(), s.games, "{what}");
    let [w, b, dr] = [r.white_wins, r.black_wins, r.draws].map(|n| n.unwrap_or(0) as f64);
    let finished = w + b + dr;
    let share = |n: f64| (finished > 0.0).then(|| n / finished);
    assert!(close(d.decisive_share, share(w + b)), "{what}: {d:?}");
    assert!(close(d.white_score, share(w + dr / 2.0)), "{what}: {d:?}");
    assert_eq!(s.variants.sum(), s.games, "{what}");
    assert!(s.fen_start <= s.games);
    // Players and ratings.
    assert_eq!(d.players, s.players.0.len() as u64, "{what}");
    for p in s.players.values() {
        assert!(p.wins + p.draws + p.losses <= p.games, "{p:?}");
        assert!(p.rated_games <= p.games, "{p:?}");
    }
    let rated = s.ratings.sum();
    let rating_sum: u64 = s
        .ratings
        .0
        .iter()
        .map(|(k, n)| k.parse::<u64>().unwrap() * n)
        .sum();
    assert!(close(
        d.mean_rating,
        (rated > 0).then(|| rating_sum as f64 / rated as f64)
    ));
    let h = &s.higher_rated;
    assert!(h.wins + h.draws + h.losses + h.equal <= s.games);
    // Dates: the range in the summary; every game has a known year or counts as unknown.
    assert_eq!(
        (&d.first_date, &d.last_date),
        (&s.dates.first, &s.dates.last)
    );
    assert_eq!(s.years.sum() + s.dates.unknown, s.games, "{what}");
    assert!(s.months.sum() <= s.years.sum());
    // Tag maps leave out the games without the tag.
    assert!(s.time_controls.sum() <= s.games && s.terminations.sum() <= s.games);
    let c = &s.check;
    assert!(c.games_with_errors + c.games_with_warnings + c.games_skipped <= c.games);
    let a = &s.audit;
    assert!(a.games_with_verdicts <= a.games && a.games_incomplete <= a.games);
}

/// The README's example document is `testdata/stats/small.pgn`'s (two players left out).
#[test]
fn stats_json_gives_the_readme_example() {
    let doc = stats_json(&["testdata/stats/small.pgn"]);
    assert_eq!(
        (doc.by, doc.files, doc.files_failed, doc.bytes),
        (None, 1, 0, 1063)
    );
    assert!(doc.groups.0.is_empty());
    let s = &doc.all;
    assert_stats_consistent(s, "all");
    let d = &s.summary;
    assert_eq!(
        (d.games, d.plies, d.max_plies, d.max_moves, d.players),
        (5, 22, Some(7), Some(4), 4)
    );
    let figures = [
        (d.mean_plies, 4.4),
        (d.median_plies, 5.0),
        (d.mean_moves, 2.4),
        (d.median_moves, 3.0),
        (d.decisive_share, 0.75),
        (d.white_score, 0.625),
        (d.higher_rated_wins, 0.75),
        (d.higher_rated_score, 0.875),
        (d.mean_rating, 2281.25),
        (d.median_rating, 2350.0),
    ];
    for (got, want) in figures {
        assert_eq!(got, Some(want), "{d:?}");
    }
    assert_eq!(
        (d.first_date.as_deref(), d.last_date.as_deref()),
        (Some("2020.01.15"), Some("2021.??.??"))
    );
    let pairs = |m: &Ordered<u64>| m.0.clone();
    let counts = |v: &[(&str, u64)]| -> Vec<(String, u64)> {
        v.iter().map(|(k, n)| (k.to_string(), *n)).collect()
    };
    assert_eq!(
        pairs(&s.length_plies),
        counts(&[("2", 2), ("5", 1), ("6", 1), ("7", 1)])
    );
    let results = |w, b, d, u| ResultCounts {
        white_wins: w,
        black_wins: b,
        draws: d,
        unfinished: u,
        missing: None,
    };
    assert_eq!(s.results, results(Some(2), Some(1), Some(1), Some(1)));
    assert_eq!(s.fen_start, 1);
    assert_eq!(pairs(&s.variants), counts(&[("Standard", 5)]));
    assert_eq!(s.eco.keys(), ["C20", "D02"]);
    assert_eq!(
        s.eco.get("C20"),
        Some(&results(Some(1), Some(1), None, None))
    );
    assert_eq!(s.eco.get("D02"), Some(&results(None, None, Some(1), None)));
    assert_eq!(s.openings.keys(), ["King's pawn"]);
    assert_eq!(s.first_moves.keys(), ["d4", "e4"]);
    assert_eq!(
        s.first_moves.get("e4"),
        Some(&results(Some(2), Some(1), None, None))
    );
    assert_eq!(
        s.players.get("Alpha"),
        Some(&Player {
            games: 4,
            wins: 3,
            draws: 1,
            losses: 0,
            rated_games: 4,
            rating_sum: 9650
        })
    );
    assert_eq!(
        pairs(&s.ratings),
        counts(&[("2000", 2), ("2300", 2), ("2400", 3), ("2450", 1)])
    );
    assert_eq!(s.rating_diff.keys(), ["-450", "-100", "100", "400"]);
    assert_eq!(
        s.higher_rated,
        HigherRated {
            wins: 3,
            draws: 1,
            losses: 0,
            equal: 0
        }
    );
    assert_eq!(
        s.rating_bands.get("2200"),
        Some(&results(Some(2), Some(1), Some(1), None))
    );
    assert_eq!(
        s.dates,
        Dates {
            first: Some("2020.01.15".into()),
            last: Some("2021.??.??".into()),
            unknown: 1
        }
    );
    assert_eq!(pairs(&s.years), counts(&[("2020", 3), ("2021", 1)]));
    assert_eq!(pairs(&s.months), counts(&[("2020.01", 2), ("2020.03", 1)]));
    assert_eq!(pairs(&s.time_controls), counts(&[("600+5", 2)]));
    assert_eq!(
        pairs(&s.terminations),
        counts(&[("Normal", 1), ("Time forfeit", 1)])
    );
    // Without --with-check and --with-audit those passes did not run.
    assert_eq!(
        (s.check.games, s.audit.games, s.audit.games_skipped),
        (0, 0, 0)
    );
    assert!(s.check.errors.0.is_empty() && s.audit.verdicts.0.is_empty());
}

/// With `--by`, `--with-check` and `--with-audit` over every testdata file: the groups add up to
/// all games, and the findings and verdicts are those of `check` and `audit`.
#[test]
fn stats_json_groups_and_findings_agree_with_check_and_audit() {
    let files = testdata_pgn();
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    let mut args = vec!["--by", "year", "--with-check", "--with-audit"];
    args.extend(&names);
    let doc = stats_json(&args);
    assert_eq!(doc.by.as_deref(), Some("year"));
    assert_eq!(
        (doc.files, doc.bytes),
        (files.len() as u64, bytes_of(&files))
    );
    let s = &doc.all;
    assert_stats_consistent(s, "all");
    assert_sorted(&doc.groups, false, "groups");
    let mut games = 0;
    for (name, g) in &doc.groups.0 {
        assert_stats_consistent(g, name);
        games += g.games;
    }
    assert_eq!(games, s.games);
    assert!(doc.groups.get("?").is_some(), "games without a year");
    // The check counts are `arbiter check`'s summary and findings.
    let mut check = vec!["check", "-q", "--format", "jsonl"];
    check.extend(&names);
    let (out, _, _) = arbiter(&check);
    let (findings, summary) = check_stream(lines(&out), &files, false, Mode::Check);
    let c = &s.check;
    assert_eq!(
        (
            c.games,
            c.games_with_errors,
            c.games_with_warnings,
            c.games_skipped
        ),
        (
            summary.games,
            summary.games_with_errors,
            summary.games_with_warnings,
            summary.games_skipped
        )
    );
    assert_eq!(c.games, s.games);
    for (severity, map) in [
        (Severity::Error, &c.errors),
        (Severity::Warning, &c.warnings),
    ] {
        let mut by_code: BTreeMap<String, u64> = BTreeMap::new();
        for f in findings.iter().filter(|f| f.severity == severity) {
            *by_code.entry(f.code.clone()).or_default() += 1;
        }
        assert_eq!(map.to_map(), by_code, "{severity:?}");
    }
    // The audit counts are `arbiter audit`'s summary (all rules, no --missed).
    let mut audit = vec!["audit", "-q", "--format", "jsonl"];
    audit.extend(&names);
    let (out, _, _) = arbiter(&audit);
    let records: Vec<AuditRecord> = lines(&out);
    let Some(AuditRecord::Summary(a)) = records.last() else {
        panic!("no audit summary");
    };
    let mine = &s.audit;
    assert_eq!(
        (
            mine.games,
            mine.games_skipped,
            mine.games_incomplete,
            mine.games_with_verdicts
        ),
        (
            a.games,
            a.games_skipped,
            a.games_incomplete,
            a.games_with_verdicts
        )
    );
    assert_eq!(mine.verdicts.to_map(), a.verdicts);
}

/// `deny_unknown_fields` and the types do fail on a changed record (the tests above cannot pass
/// by accident).
#[test]
fn the_records_refuse_other_shapes() {
    let finding = r#"{"type":"finding","severity":"error","code":"x/y","file":"f","game":1,
        "ply":null,"move":null,"token":null,"line":1,"col":1,"fen":null,"message":"m",
        "event":null,"white":null,"black":null,"san":null}"#
        .replace('\n', "");
    assert!(serde_json::from_str::<CheckRecord>(&finding).is_ok());
    let changed = [
        finding.replace("\"san\":null", "\"san\":null,\"extra\":1"),
        finding
            .replace("\"san\":null,", "")
            .replace(",\"san\":null", ""),
        finding.replace("\"col\"", "\"column\""),
        finding.replace("\"game\":1", "\"game\":\"1\""),
        finding.replace("\"error\"", "\"fatal\""),
        finding.replace("\"finding\"", "\"findings\""),
    ];
    for text in changed {
        assert!(
            serde_json::from_str::<CheckRecord>(&text).is_err(),
            "accepted: {text}"
        );
    }
    let counts = r#"{"1-0":1,"draw":1}"#;
    assert!(serde_json::from_str::<ResultCounts>(counts).is_err());
}
