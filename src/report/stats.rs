//! Output of `arbiter stats`: text with bar charts, one JSON document (a contract, see the
//! README), CSV tables, and SVG charts drawn with plotters.
//!
//! The JSON document is also the input of `arbiter stats --merge`: every raw count is written,
//! and the derived figures (`summary`) are ignored when it is read back.
//!
//! Unlike the other reports this one reads [`crate::analysis::stats`] directly: those types are
//! plain counts whose serde shape *is* the JSON contract, so a copy in `model` would only add a
//! conversion.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::human::sanitize;
use crate::analysis::stats::{GroupedStats, Results, Stats, TextMap, moves_of};

/// Version of the JSON document's shape.
pub const JSON_VERSION: u32 = 1;

/// The whole result of a stats run: the statistics and what was read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StatsDocument {
    /// Always `"stats"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Shape version ([`JSON_VERSION`]).
    pub version: u32,
    /// The `--by` tag, or `null`.
    pub by: Option<String>,
    /// Inputs read.
    pub files: u64,
    /// Inputs that could not be read.
    pub files_failed: u64,
    /// Bytes read (decompressed).
    pub bytes: u64,
    /// Statistics over all games.
    pub all: Stats,
    /// Statistics per group (with `--by`).
    pub groups: BTreeMap<String, Stats>,
}

impl StatsDocument {
    /// A document holding `stats` and the input counts.
    pub fn new(stats: GroupedStats, files: u64, files_failed: u64, bytes: u64) -> StatsDocument {
        StatsDocument {
            kind: "stats".to_owned(),
            version: JSON_VERSION,
            by: stats.by,
            files,
            files_failed,
            bytes,
            all: stats.all,
            groups: stats.groups,
        }
    }

    /// Reads a document written by `arbiter stats --format json`.
    ///
    /// # Errors
    /// Returns a message when the text is not such a document.
    pub fn from_json(text: &str) -> Result<StatsDocument, String> {
        let doc: StatsDocument = serde_json::from_str(text).map_err(|e| {
            format!("not a JSON document written by arbiter stats --format json ({e})")
        })?;
        if doc.kind != "stats" {
            return Err("not the JSON output of arbiter stats (\"type\" is not \"stats\")".into());
        }
        if doc.version != JSON_VERSION {
            return Err(format!(
                "JSON version {} (this arbiter reads version {JSON_VERSION})",
                doc.version
            ));
        }
        Ok(doc)
    }

    /// Merges another document (same `by`): counts add.
    ///
    /// # Errors
    /// Returns a message when the two were grouped by different tags.
    pub fn merge(&mut self, other: &StatsDocument) -> Result<(), String> {
        let mut mine = GroupedStats {
            by: self.by.take(),
            all: std::mem::take(&mut self.all),
            groups: std::mem::take(&mut self.groups),
            ..GroupedStats::default()
        };
        let theirs = GroupedStats {
            by: other.by.clone(),
            all: other.all.clone(),
            groups: other.groups.clone(),
            ..GroupedStats::default()
        };
        let result = mine.merge(&theirs);
        self.by = mine.by;
        self.all = mine.all;
        self.groups = mine.groups;
        result?;
        let overflow = |what: &str| format!("{what}: {}", crate::analysis::stats::Overflow);
        self.files = self
            .files
            .checked_add(other.files)
            .ok_or_else(|| overflow("files"))?;
        self.files_failed = self
            .files_failed
            .checked_add(other.files_failed)
            .ok_or_else(|| overflow("files_failed"))?;
        self.bytes = self
            .bytes
            .checked_add(other.bytes)
            .ok_or_else(|| overflow("bytes"))?;
        Ok(())
    }
}

/// The derived figures of one [`Stats`] (`summary` in the JSON; not read back by `--merge`).
#[derive(Clone, Debug, Serialize)]
pub struct Derived {
    /// Games.
    pub games: u64,
    /// Main-line plies.
    pub plies: u64,
    /// Mean game length in plies.
    pub mean_plies: Option<f64>,
    /// Median game length in plies.
    pub median_plies: Option<f64>,
    /// Longest game in plies.
    pub max_plies: Option<u32>,
    /// Mean game length in moves (`ceil(plies/2)` per game).
    pub mean_moves: Option<f64>,
    /// Median game length in moves.
    pub median_moves: Option<f64>,
    /// Longest game in moves.
    pub max_moves: Option<u32>,
    /// Share of decisive games among finished ones (0..1).
    pub decisive_share: Option<f64>,
    /// White's score over finished games (0..1).
    pub white_score: Option<f64>,
    /// How often the higher-rated player won (0..1).
    pub higher_rated_wins: Option<f64>,
    /// The higher-rated player's score (0..1).
    pub higher_rated_score: Option<f64>,
    /// Mean rating over rated player-games.
    pub mean_rating: Option<f64>,
    /// Median rating over rated player-games.
    pub median_rating: Option<f64>,
    /// Distinct players.
    pub players: usize,
    /// Earliest date.
    pub first_date: Option<String>,
    /// Latest date.
    pub last_date: Option<String>,
}

impl Derived {
    /// Computes the derived figures.
    pub fn of(s: &Stats) -> Derived {
        Derived {
            games: s.games,
            plies: s.plies,
            mean_plies: s.mean_plies(),
            median_plies: s.median_plies(),
            max_plies: s.max_plies(),
            mean_moves: s.mean_moves(),
            median_moves: s.median_moves(),
            max_moves: s.max_plies().map(moves_of),
            decisive_share: s.results.decisive_share(),
            white_score: s.results.white_score(),
            higher_rated_wins: s.higher_rated.win_share(),
            higher_rated_score: s.higher_rated.score(),
            mean_rating: s.mean_rating(),
            median_rating: s.median_rating(),
            players: s.players.len(),
            first_date: s.dates.first.clone(),
            last_date: s.dates.last.clone(),
        }
    }
}

#[derive(Serialize)]
struct StatsView<'a> {
    summary: Derived,
    #[serde(flatten)]
    stats: &'a Stats,
}

#[derive(Serialize)]
struct DocumentView<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    version: u32,
    by: &'a Option<String>,
    files: u64,
    files_failed: u64,
    bytes: u64,
    all: StatsView<'a>,
    groups: BTreeMap<&'a str, StatsView<'a>>,
}

/// Writes the JSON document (one line).
///
/// # Errors
/// Returns the write error.
pub fn write_json(doc: &StatsDocument, mut out: impl Write) -> io::Result<()> {
    let view = |stats| StatsView {
        summary: Derived::of(stats),
        stats,
    };
    let doc = DocumentView {
        kind: "stats",
        version: JSON_VERSION,
        by: &doc.by,
        files: doc.files,
        files_failed: doc.files_failed,
        bytes: doc.bytes,
        all: view(&doc.all),
        groups: doc
            .groups
            .iter()
            .map(|(k, v)| (k.as_str(), view(v)))
            .collect(),
    };
    serde_json::to_writer(&mut out, &doc)?;
    writeln!(out)?;
    out.flush()
}

/// The tables of `--format csv --table NAME`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// `key,value`: the derived figures.
    Summary,
    /// `plies,moves,games`: the length histogram.
    Lengths,
    /// `result,games,share`.
    Results,
    /// `variant,games`.
    Variants,
    /// `eco,games,1-0,0-1,1/2-1/2,*,none,white_score`.
    Eco,
    /// `opening,...` as `eco`.
    Openings,
    /// `move,...` as `eco`.
    FirstMoves,
    /// `player,games,wins,draws,losses,score,rated_games,mean_rating`.
    Players,
    /// `rating,player_games`.
    Ratings,
    /// `diff_min,diff_max,games,1-0,0-1,1/2-1/2,*,none,white_score`.
    RatingDiff,
    /// `band_min,band_max,games,1-0,0-1,1/2-1/2,*,none,white_score`.
    RatingBands,
    /// `year,games`.
    Years,
    /// `month,games`.
    Months,
    /// `time_control,games`.
    TimeControls,
    /// `termination,games`.
    Terminations,
    /// `tool,severity,code,count`.
    Findings,
}

impl Table {
    /// Every table with its name.
    pub const ALL: [(&'static str, Table); 16] = [
        ("summary", Table::Summary),
        ("lengths", Table::Lengths),
        ("results", Table::Results),
        ("variants", Table::Variants),
        ("eco", Table::Eco),
        ("openings", Table::Openings),
        ("first-moves", Table::FirstMoves),
        ("players", Table::Players),
        ("ratings", Table::Ratings),
        ("rating-diff", Table::RatingDiff),
        ("rating-bands", Table::RatingBands),
        ("years", Table::Years),
        ("months", Table::Months),
        ("time-controls", Table::TimeControls),
        ("terminations", Table::Terminations),
        ("findings", Table::Findings),
    ];

    /// The table called `name`.
    ///
    /// # Errors
    /// Returns a message listing the table names.
    pub fn from_name(name: &str) -> Result<Table, String> {
        Table::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
            .ok_or_else(|| {
                let names: Vec<&str> = Table::ALL.iter().map(|(n, _)| *n).collect();
                format!("unknown table {name:?}; tables: {}", names.join(", "))
            })
    }
}

/// Entries of a map of results, most games first (ties by name), at most `top`.
fn ranked(map: &TextMap<Results>, top: Option<usize>) -> Vec<(&str, Results)> {
    let mut v: Vec<(&str, Results)> = map.iter().map(|(k, r)| (k.as_str(), *r)).collect();
    v.sort_by(|a, b| b.1.games().cmp(&a.1.games()).then(a.0.cmp(b.0)));
    v.truncate(top.unwrap_or(usize::MAX));
    v
}

fn ranked_counts<'a>(
    map: impl IntoIterator<Item = (&'a String, &'a u64)>,
    top: Option<usize>,
) -> Vec<(&'a str, u64)> {
    let mut v: Vec<(&str, u64)> = map.into_iter().map(|(k, n)| (k.as_str(), *n)).collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    v.truncate(top.unwrap_or(usize::MAX));
    v
}

fn ranked_players(s: &Stats, top: Option<usize>) -> Vec<(&str, crate::analysis::stats::Player)> {
    let mut v: Vec<_> = s.players.iter().map(|(k, p)| (k.as_str(), *p)).collect();
    v.sort_by(|a, b| b.1.games.cmp(&a.1.games).then(a.0.cmp(b.0)));
    v.truncate(top.unwrap_or(usize::MAX));
    v
}

fn num(x: Option<f64>) -> String {
    x.map_or(String::new(), |x| {
        let s = format!("{x:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    })
}

fn results_cells(r: &Results) -> [String; 7] {
    [
        r.games().to_string(),
        r.white_wins.to_string(),
        r.black_wins.to_string(),
        r.draws.to_string(),
        r.unfinished.to_string(),
        r.missing.to_string(),
        num(r.white_score()),
    ]
}

const RESULTS_HEADER: [&str; 7] = ["games", "1-0", "0-1", "1/2-1/2", "*", "none", "white_score"];

/// Writes one CSV table; with `--by` every row starts with the group's value (one block of
/// rows per group, groups in name order).
///
/// # Errors
/// Returns the write error.
pub fn write_csv(
    doc: &StatsDocument,
    table: Table,
    top: Option<usize>,
    out: impl Write,
) -> io::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    let grouped = doc.by.is_some();
    let mut header: Vec<String> = Vec::new();
    if grouped {
        header.push("group".into());
    }
    let cols: Vec<&str> = match table {
        Table::Summary => vec!["key", "value"],
        Table::Lengths => vec!["plies", "moves", "games"],
        Table::Results => vec!["result", "games", "share"],
        Table::Variants => vec!["variant", "games"],
        Table::Eco | Table::Openings | Table::FirstMoves => {
            let first = match table {
                Table::Eco => "eco",
                Table::Openings => "opening",
                _ => "move",
            };
            std::iter::once(first).chain(RESULTS_HEADER).collect()
        }
        Table::Players => vec![
            "player",
            "games",
            "wins",
            "draws",
            "losses",
            "score",
            "rated_games",
            "mean_rating",
        ],
        Table::Ratings => vec!["rating", "player_games"],
        Table::RatingDiff => ["diff_min", "diff_max"]
            .into_iter()
            .chain(RESULTS_HEADER)
            .collect(),
        Table::RatingBands => ["band_min", "band_max"]
            .into_iter()
            .chain(RESULTS_HEADER)
            .collect(),
        Table::Years => vec!["year", "games"],
        Table::Months => vec!["month", "games"],
        Table::TimeControls => vec!["time_control", "games"],
        Table::Terminations => vec!["termination", "games"],
        Table::Findings => vec!["tool", "severity", "code", "count"],
    };
    header.extend(cols.iter().map(|c| c.to_string()));
    w.write_record(&header)?;
    let blocks: Vec<(Option<&str>, &Stats)> = if grouped {
        doc.groups
            .iter()
            .map(|(k, v)| (Some(k.as_str()), v))
            .collect()
    } else {
        vec![(None, &doc.all)]
    };
    for (group, s) in blocks {
        for row in table_rows(s, table, top) {
            let mut record: Vec<String> = group.map(str::to_owned).into_iter().collect();
            record.extend(row);
            w.write_record(&record)?;
        }
    }
    w.flush()
}

fn table_rows(s: &Stats, table: Table, top: Option<usize>) -> Vec<Vec<String>> {
    let with_results = |first: String, r: &Results| -> Vec<String> {
        std::iter::once(first).chain(results_cells(r)).collect()
    };
    let counts = |v: Vec<(&str, u64)>| -> Vec<Vec<String>> {
        v.into_iter()
            .map(|(k, n)| vec![k.to_owned(), n.to_string()])
            .collect()
    };
    match table {
        Table::Summary => {
            let d = serde_json::to_value(Derived::of(s)).unwrap_or_default();
            let Some(map) = d.as_object() else {
                return Vec::new();
            };
            map.iter()
                .map(|(k, v)| {
                    let value = match v {
                        serde_json::Value::Null => String::new(),
                        serde_json::Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    vec![k.clone(), value]
                })
                .collect()
        }
        Table::Lengths => s
            .length_plies
            .iter()
            .map(|(p, n)| vec![p.to_string(), moves_of(*p).to_string(), n.to_string()])
            .collect(),
        Table::Results => {
            let r = &s.results;
            [
                ("1-0", r.white_wins),
                ("0-1", r.black_wins),
                ("1/2-1/2", r.draws),
                ("*", r.unfinished),
                ("none", r.missing),
            ]
            .into_iter()
            .map(|(k, n)| vec![k.to_owned(), n.to_string(), num(ratio(n, r.games()))])
            .collect()
        }
        Table::Variants => counts(ranked_counts(&s.variants, top)),
        Table::Eco => ranked(&s.eco, top)
            .into_iter()
            .map(|(k, r)| with_results(k.to_owned(), &r))
            .collect(),
        Table::Openings => ranked(&s.openings, top)
            .into_iter()
            .map(|(k, r)| with_results(k.to_owned(), &r))
            .collect(),
        Table::FirstMoves => ranked(&s.first_moves, top)
            .into_iter()
            .map(|(k, r)| with_results(k.to_owned(), &r))
            .collect(),
        Table::Players => ranked_players(s, top)
            .into_iter()
            .map(|(k, p)| {
                vec![
                    k.to_owned(),
                    p.games.to_string(),
                    p.wins.to_string(),
                    p.draws.to_string(),
                    p.losses.to_string(),
                    num(p.score()),
                    p.rated_games.to_string(),
                    num(p.mean_rating()),
                ]
            })
            .collect(),
        Table::Ratings => s
            .ratings
            .iter()
            .map(|(r, n)| vec![r.to_string(), n.to_string()])
            .collect(),
        Table::RatingDiff => s
            .rating_diff
            .iter()
            .map(|(d, r)| {
                let hi = d + crate::analysis::stats::RATING_DIFF_BUCKET - 1;
                let mut row = vec![d.to_string(), hi.to_string()];
                row.extend(results_cells(r));
                row
            })
            .collect(),
        Table::RatingBands => s
            .rating_bands
            .iter()
            .map(|(b, r)| {
                let hi = b + crate::analysis::stats::RATING_BAND - 1;
                let mut row = vec![b.to_string(), hi.to_string()];
                row.extend(results_cells(r));
                row
            })
            .collect(),
        Table::Years => s
            .years
            .iter()
            .map(|(k, n)| vec![k.clone(), n.to_string()])
            .collect(),
        Table::Months => s
            .months
            .iter()
            .map(|(k, n)| vec![k.clone(), n.to_string()])
            .collect(),
        Table::TimeControls => counts(ranked_counts(&s.time_controls, top)),
        Table::Terminations => counts(ranked_counts(&s.terminations, top)),
        Table::Findings => {
            let mut rows = Vec::new();
            for (severity, map) in [("error", &s.check.errors), ("warning", &s.check.warnings)] {
                for (code, n) in map {
                    rows.push(vec![
                        "check".into(),
                        severity.into(),
                        code.clone(),
                        n.to_string(),
                    ]);
                }
            }
            let c = &s.check;
            if c.games > 0 {
                for (what, n) in [
                    ("checked", c.games),
                    ("with_errors", c.games_with_errors),
                    ("with_warnings", c.games_with_warnings),
                    ("skipped", c.games_skipped),
                ] {
                    rows.push(vec![
                        "check".into(),
                        "games".into(),
                        what.into(),
                        n.to_string(),
                    ]);
                }
            }
            let a = &s.audit;
            if a.games + a.games_skipped > 0 {
                for (what, n) in [
                    ("audited", a.games),
                    ("with_verdicts", a.games_with_verdicts),
                    ("incomplete", a.games_incomplete),
                    ("skipped", a.games_skipped),
                ] {
                    rows.push(vec![
                        "audit".into(),
                        "games".into(),
                        what.into(),
                        n.to_string(),
                    ]);
                }
            }
            for (code, n) in &s.audit.verdicts {
                let severity = if matches!(
                    code.as_str(),
                    "draw/claim-available" | "audit/incomplete" | "audit/skipped"
                ) {
                    "info"
                } else {
                    "error"
                };
                rows.push(vec![
                    "audit".into(),
                    severity.into(),
                    code.clone(),
                    n.to_string(),
                ]);
            }
            rows
        }
    }
}

fn ratio(n: u64, d: u64) -> Option<f64> {
    (d > 0).then(|| n as f64 / d as f64)
}

// ---- text ----------------------------------------------------------------------------------

/// Options of the text report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextOptions {
    /// Rows of the ranked tables (openings, players, ...).
    pub top: usize,
}

const BAR_WIDTH: usize = 40;

/// A horizontal bar of `value / max` of [`BAR_WIDTH`] cells, in eighths of a cell.
fn bar(value: u64, max: u64) -> String {
    if max == 0 {
        return String::new();
    }
    let eighths = (value as u128 * (BAR_WIDTH as u128 * 8) / max as u128) as usize;
    let mut s = "█".repeat(eighths / 8);
    const PARTS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
    s.push_str(PARTS[eighths % 8]);
    if value > 0 && s.is_empty() {
        s.push('▏');
    }
    s
}

/// A stacked bar of [`BAR_WIDTH`] cells: `█` White won, `▒` drawn, `░` Black won.
fn results_bar(r: &Results) -> String {
    let f = r.finished();
    if f == 0 {
        return String::new();
    }
    let cells = |n: u64| ((n as f64 / f as f64) * BAR_WIDTH as f64).round() as usize;
    let w = cells(r.white_wins);
    let d = cells(r.draws).min(BAR_WIDTH - w.min(BAR_WIDTH));
    let b = BAR_WIDTH.saturating_sub(w + d);
    format!("{}{}{}", "█".repeat(w), "▒".repeat(d), "░".repeat(b))
}

fn pct(x: Option<f64>) -> String {
    x.map_or("-".to_owned(), |x| format!("{:.1}%", x * 100.0))
}

fn fixed(x: Option<f64>, digits: usize) -> String {
    x.map_or("-".to_owned(), |x| format!("{x:.digits$}"))
}

/// The bin width (in moves) of the length histogram: a round number giving at most 25 bins.
pub fn length_bin(max_moves: u32) -> u32 {
    [1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000]
        .into_iter()
        .find(|w| max_moves / w < 25)
        .unwrap_or(max_moves / 25 + 1)
}

/// The length histogram in bins of [`length_bin`] moves: `(first move, last move, games)`.
pub fn length_bins(s: &Stats) -> Vec<(u32, u32, u64)> {
    let max = s.max_plies().map_or(0, moves_of);
    let width = length_bin(max);
    let mut bins: BTreeMap<u32, u64> = BTreeMap::new();
    for (&p, &n) in &s.length_plies {
        *bins.entry(moves_of(p) / width).or_default() += n;
    }
    let last = max / width;
    (0..=last)
        .map(|i| {
            (
                i * width,
                i * width + width - 1,
                bins.get(&i).copied().unwrap_or(0),
            )
        })
        .collect()
}

/// Writes the human-readable report with bar charts.
///
/// # Errors
/// Returns the write error.
pub fn write_text(
    doc: &StatsDocument,
    options: TextOptions,
    mut out: impl Write,
) -> io::Result<()> {
    let mut t = String::new();
    let s = &doc.all;
    let top = Some(options.top);
    let _ = writeln!(
        t,
        "arbiter stats: {} games in {} file{} ({} bytes)",
        s.games,
        doc.files,
        if doc.files == 1 { "" } else { "s" },
        doc.bytes
    );
    text_stats(&mut t, s, top);
    if let Some(by) = &doc.by {
        let _ = writeln!(
            t,
            "\nBy {} (top {} groups by games)",
            sanitize(by),
            options.top
        );
        let _ = writeln!(
            t,
            "  {:<30} {:>8} {:>8} {:>8} {:>9} {:>8} {:>8}",
            "group", "games", "moves", "median", "decisive", "White", "rating"
        );
        let mut groups: Vec<(&String, &Stats)> = doc.groups.iter().collect();
        groups.sort_by(|a, b| b.1.games.cmp(&a.1.games).then(a.0.cmp(b.0)));
        for (name, g) in groups.into_iter().take(options.top) {
            let _ = writeln!(
                t,
                "  {:<30} {:>8} {:>8} {:>8} {:>9} {:>8} {:>8}",
                clip(&sanitize(name), 30),
                g.games,
                fixed(g.mean_moves(), 1),
                fixed(g.median_moves(), 1),
                pct(g.results.decisive_share()),
                pct(g.results.white_score()),
                fixed(g.mean_rating(), 0),
            );
        }
    }
    for line in t.lines() {
        writeln!(out, "{}", line.trim_end())?;
    }
    out.flush()
}

fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_owned()
    } else {
        let mut c: String = s.chars().take(n - 1).collect();
        c.push('…');
        c
    }
}

fn text_stats(t: &mut String, s: &Stats, top: Option<usize>) {
    let r = &s.results;
    let share = |n: u64| pct(ratio(n, r.games()));
    let _ = writeln!(t, "\nGames");
    let _ = writeln!(t, "  games            {}", s.games);
    let _ = writeln!(
        t,
        "  length (plies)   {} in all; mean {}, median {}, max {}",
        s.plies,
        fixed(s.mean_plies(), 1),
        fixed(s.median_plies(), 1),
        s.max_plies().map_or("-".into(), |m| m.to_string())
    );
    let _ = writeln!(
        t,
        "  length (moves)   mean {}, median {}, max {}",
        fixed(s.mean_moves(), 1),
        fixed(s.median_moves(), 1),
        s.max_plies()
            .map_or("-".into(), |m| moves_of(m).to_string())
    );
    let _ = writeln!(
        t,
        "  results          1-0 {} ({}), 0-1 {} ({}), 1/2-1/2 {} ({}), * {} ({}), none {}",
        r.white_wins,
        share(r.white_wins),
        r.black_wins,
        share(r.black_wins),
        r.draws,
        share(r.draws),
        r.unfinished,
        share(r.unfinished),
        r.missing
    );
    let _ = writeln!(
        t,
        "  decisive         {} of finished games; White's score {}",
        pct(r.decisive_share()),
        pct(r.white_score())
    );
    let variants: Vec<String> = ranked_counts(&s.variants, None)
        .into_iter()
        .map(|(k, n)| format!("{} {n}", sanitize(k)))
        .collect();
    let _ = writeln!(
        t,
        "  FEN start        {}; variants: {}",
        s.fen_start,
        variants.join(", ")
    );

    let bins = length_bins(s);
    if s.games > 0 {
        let max = bins.iter().map(|b| b.2).max().unwrap_or(0);
        let _ = writeln!(t, "\nLength (moves)");
        for (lo, hi, n) in &bins {
            let label = if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}-{hi}")
            };
            let _ = writeln!(t, "  {label:>9} {n:>8} {}", bar(*n, max));
        }
    }

    for (title, map) in [
        ("ECO codes", &s.eco),
        ("Openings", &s.openings),
        ("First moves", &s.first_moves),
    ] {
        if map.is_empty() {
            continue;
        }
        // Games left out: no tag, an empty or `?` value (first moves: from a FEN, no move).
        let counted = map.values().fold(0u64, |n, r| n.saturating_add(r.games()));
        let _ = writeln!(
            t,
            "\n{title} (top {} of {}; {} games without one)",
            top.unwrap_or(0).min(map.len()),
            map.len(),
            s.games.saturating_sub(counted)
        );
        let _ = writeln!(
            t,
            "  {:<32} {:>7} {:>6} {:>6} {:>7}  White's score",
            "", "games", "1-0", "0-1", "draws"
        );
        for (k, r) in ranked(map, top) {
            let _ = writeln!(
                t,
                "  {:<32} {:>7} {:>6} {:>6} {:>7}  {}",
                clip(&sanitize(k), 32),
                r.games(),
                r.white_wins,
                r.black_wins,
                r.draws,
                pct(r.white_score())
            );
        }
    }

    if !s.players.is_empty() {
        let _ = writeln!(
            t,
            "\nPlayers (top {} of {} by games)",
            top.unwrap_or(0),
            s.players.len()
        );
        let _ = writeln!(
            t,
            "  {:<32} {:>7} {:>6} {:>6} {:>6} {:>7} {:>8}",
            "", "games", "wins", "draws", "losses", "score", "rating"
        );
        for (k, p) in ranked_players(s, top) {
            let _ = writeln!(
                t,
                "  {:<32} {:>7} {:>6} {:>6} {:>6} {:>7} {:>8}",
                clip(&sanitize(k), 32),
                p.games,
                p.wins,
                p.draws,
                p.losses,
                pct(p.score()),
                fixed(p.mean_rating(), 0)
            );
        }
    }

    if !s.ratings.is_empty() {
        let rated: u64 = s.ratings.values().sum();
        let _ = writeln!(
            t,
            "\nRatings ({rated} rated player-games; mean {}, median {}, range {}-{})",
            fixed(s.mean_rating(), 0),
            fixed(s.median_rating(), 0),
            s.ratings.keys().next().copied().unwrap_or(0),
            s.ratings.keys().next_back().copied().unwrap_or(0)
        );
        let mut bands: BTreeMap<u32, u64> = BTreeMap::new();
        for (r, n) in &s.ratings {
            *bands.entry(r / 100 * 100).or_default() += n;
        }
        let max = bands.values().copied().max().unwrap_or(0);
        for (b, n) in &bands {
            let _ = writeln!(t, "  {:>4}-{:<4} {n:>8} {}", b, b + 99, bar(*n, max));
        }
        let h = &s.higher_rated;
        let _ = writeln!(
            t,
            "\nRating difference: the higher-rated player won {} of {} games ({}), drew {}, \
             lost {}; score {} ({} games between equal ratings)",
            h.wins,
            h.wins + h.draws + h.losses,
            pct(h.win_share()),
            h.draws,
            h.losses,
            pct(h.score()),
            h.equal
        );
        let _ = writeln!(
            t,
            "  White - Black      games  White's score  (█ 1-0  ▒ 1/2-1/2  ░ 0-1)"
        );
        let coarse = coarse_diff(s);
        for (lo, hi, r) in &coarse {
            let _ = writeln!(
                t,
                "  {:>16} {:>7}  {:>13}  {}",
                diff_label(*lo, *hi),
                r.games(),
                pct(r.white_score()),
                results_bar(r)
            );
        }
        let _ = writeln!(t, "\nResults per rating band (mean rating of both players)");
        for (b, r) in &s.rating_bands {
            let _ = writeln!(
                t,
                "  {:>4}-{:<4} {:>8}  {:>6}  {}",
                b,
                b + crate::analysis::stats::RATING_BAND - 1,
                r.games(),
                pct(r.white_score()),
                results_bar(r)
            );
        }
    }

    let d = &s.dates;
    let _ = writeln!(
        t,
        "\nDates: {} to {}; {} games without a known year",
        d.first.as_deref().unwrap_or("-"),
        d.last.as_deref().unwrap_or("-"),
        d.unknown
    );
    if !s.years.is_empty() {
        // More than 40 years: one bar per decade (`1850s`).
        let rows: BTreeMap<String, u64> = if s.years.len() > 40 {
            let mut decades = BTreeMap::new();
            for (y, n) in &s.years {
                *decades.entry(format!("{}0s", &y[..3])).or_default() += n;
            }
            decades
        } else {
            s.years.clone()
        };
        let max = rows.values().copied().max().unwrap_or(0);
        for (y, n) in &rows {
            let _ = writeln!(t, "  {y:>9} {n:>8} {}", bar(*n, max));
        }
    }
    for (title, map) in [
        ("Time controls", &s.time_controls),
        ("Terminations", &s.terminations),
    ] {
        if map.is_empty() {
            continue;
        }
        // Games left out: no tag, an empty or `?` value.
        let counted = map.values().fold(0u64, |n, c| n.saturating_add(*c));
        let _ = writeln!(
            t,
            "\n{title} (top {} of {}; {} games without one)",
            top.unwrap_or(0).min(map.len()),
            map.len(),
            s.games.saturating_sub(counted)
        );
        for (k, n) in ranked_counts(map, top) {
            let _ = writeln!(t, "  {:<32} {n:>8}", clip(&sanitize(k), 32));
        }
    }
    let c = &s.check;
    if c.games > 0 {
        let _ = writeln!(
            t,
            "\nFindings of arbiter check: {} games checked, {} with errors, {} with warnings \
             only, {} skipped",
            c.games, c.games_with_errors, c.games_with_warnings, c.games_skipped
        );
        for (severity, map) in [("error", &c.errors), ("warning", &c.warnings)] {
            for (code, n) in ranked_counts(map, None) {
                let _ = writeln!(t, "  {severity:<8} {code:<40} {n:>8}");
            }
        }
    }
    let a = &s.audit;
    if a.games + a.games_skipped > 0 {
        let _ = writeln!(
            t,
            "\nVerdicts of arbiter audit: {} games audited, {} with error verdicts, {} \
             incomplete; {} skipped",
            a.games, a.games_with_verdicts, a.games_incomplete, a.games_skipped
        );
        for (code, n) in ranked_counts(&a.verdicts, None) {
            let _ = writeln!(t, "  {code:<49} {n:>8}");
        }
    }
}

/// The rating-difference buckets merged into 100-point steps from -400 to +400, with open
/// ends: `(low, high, results)`, `None` for an open end.
fn coarse_diff(s: &Stats) -> Vec<(Option<i32>, Option<i32>, Results)> {
    let mut rows: Vec<(Option<i32>, Option<i32>, Results)> = Vec::new();
    rows.push((None, Some(-401), Results::default()));
    for lo in (-400..400).step_by(100) {
        rows.push((Some(lo), Some(lo + 99), Results::default()));
    }
    rows.push((Some(400), None, Results::default()));
    for (&d, r) in &s.rating_diff {
        let i = if d < -400 {
            0
        } else if d >= 400 {
            rows.len() - 1
        } else {
            ((d + 400) / 100) as usize + 1
        };
        // Saturating on absurd counts: this is only the text chart.
        if rows[i].2.merge(r).is_err() {
            rows[i].2 = Results {
                white_wins: u64::MAX,
                ..rows[i].2
            };
        }
    }
    rows
}

fn diff_label(lo: Option<i32>, hi: Option<i32>) -> String {
    match (lo, hi) {
        (None, Some(h)) => format!("<= {h}"),
        (Some(l), None) => format!(">= {l:+}"),
        (Some(l), Some(h)) => format!("{l:+} to {h:+}"),
        (None, None) => String::new(),
    }
}

// ---- SVG -----------------------------------------------------------------------------------

/// The SVG files `--plot DIR` writes.
pub const PLOTS: [&str; 3] = ["lengths.svg", "rating-diff.svg", "years.svg"];

/// Width in pixels of the legend strip right of `rating-diff.svg`'s chart.
const LEGEND_WIDTH: u32 = 110;

/// The bars of `years.svg`: years per bar (1, 10, 100 or 1000, the least that gives at most
/// [`MAX_YEAR_BARS`] bars over the range, so that no bar is too thin to see) and per bar its
/// first year and games.
fn year_bars(s: &Stats) -> (i32, Vec<(i32, u64)>) {
    let years: Vec<(i32, u64)> = s
        .years
        .iter()
        .filter_map(|(y, n)| y.parse::<i32>().ok().map(|y| (y, *n)))
        .collect();
    let span = match (years.first(), years.last()) {
        (Some(a), Some(b)) => b.0 - a.0 + 1,
        _ => 0,
    };
    let step = [1, 10, 100, 1000]
        .into_iter()
        .find(|step| (span + step - 1) / step < MAX_YEAR_BARS)
        .unwrap_or(1000);
    let mut bars: BTreeMap<i32, u64> = BTreeMap::new();
    for (y, n) in years {
        let b = bars.entry(y.div_euclid(step) * step).or_default();
        *b = b.saturating_add(n);
    }
    (step, bars.into_iter().collect())
}

/// At most this many bars in `years.svg`.
const MAX_YEAR_BARS: i32 = 60;

/// Writes the charts of the statistics over all games into `dir` (created if needed):
/// `lengths.svg` (length histogram), `rating-diff.svg` (results by rating difference) and
/// `years.svg` (games per year, or per 10, 100 or 1000 years over a wide range).
///
/// # Errors
/// Returns a message when the directory or a file cannot be written, or plotters fails.
pub fn write_plots(s: &Stats, dir: &Path) -> Result<(), String> {
    use plotters::prelude::*;

    if dir.exists() && !dir.is_dir() {
        return Err(format!("{}: not a directory", dir.display()));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let save = |name: &str, svg: String| -> Result<(), String> {
        let path = dir.join(name);
        std::fs::write(&path, svg).map_err(|e| format!("{}: {e}", path.display()))
    };
    let err = |e: &dyn std::fmt::Display| format!("plotting: {e}");
    let size = (900, 500);

    // Length histogram.
    let bins = length_bins(s);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let x_max = bins.last().map_or(1, |b| b.1 + 1);
        let y_max = bins.iter().map(|b| b.2).max().unwrap_or(0).max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("Game length ({} games)", s.games),
                ("sans-serif", 24),
            )
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(0u32..x_max, 0u64..y_max + y_max / 10 + 1)
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("moves")
            .y_desc("games")
            .draw()
            .map_err(|e| err(&e))?;
        chart
            .draw_series(bins.iter().map(|&(lo, hi, n)| {
                Rectangle::new([(lo, 0), (hi + 1, n)], RGBColor(70, 110, 180).filled())
            }))
            .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    save(PLOTS[0], svg)?;

    // Results by rating difference: stacked shares per bucket.
    let mut svg = String::new();
    {
        let whole = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        whole.fill(&WHITE).map_err(|e| err(&e))?;
        // The legend stands in a strip right of the chart, where it hides no bar.
        let (root, legend) = whole.split_horizontally(size.0 - LEGEND_WIDTH);
        let step = crate::analysis::stats::RATING_DIFF_BUCKET;
        let shown: Vec<(i32, &Results)> = s
            .rating_diff
            .iter()
            .filter(|(d, r)| (-800..800).contains(*d) && r.finished() > 0)
            .map(|(d, r)| (*d, r))
            .collect();
        let lo = shown.first().map_or(-400, |d| d.0.min(-100));
        let hi = shown.last().map_or(400, |d| (d.0 + step).max(100));
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Results by rating difference (White - Black)",
                ("sans-serif", 24),
            )
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(lo..hi, 0f64..100f64)
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("rating difference (Elo)")
            .y_desc("% of finished games")
            .draw()
            .map_err(|e| err(&e))?;
        let colours = [
            ("1-0", RGBColor(222, 196, 110)),
            ("1/2-1/2", RGBColor(150, 150, 150)),
            ("0-1", RGBColor(40, 40, 40)),
        ];
        for (i, (label, colour)) in colours.into_iter().enumerate() {
            let rects: Vec<_> = shown
                .iter()
                .map(|&(d, r)| {
                    let f = r.finished() as f64;
                    let parts = [r.white_wins as f64, r.draws as f64, r.black_wins as f64];
                    let below: f64 = parts[..i].iter().sum::<f64>() / f * 100.0;
                    let top = below + parts[i] / f * 100.0;
                    Rectangle::new([(d, below), (d + step, top)], colour.filled())
                })
                .collect();
            chart.draw_series(rects).map_err(|e| err(&e))?;
            // Top to bottom as stacked: 0-1 on top.
            let y = 60 + 25 * (2 - i as i32);
            legend
                .draw(&Rectangle::new([(10, y), (24, y + 14)], colour.filled()))
                .map_err(|e| err(&e))?;
            legend
                .draw(&Rectangle::new([(10, y), (24, y + 14)], BLACK))
                .map_err(|e| err(&e))?;
            legend
                .draw(&Text::new(label, (32, y), ("sans-serif", 15)))
                .map_err(|e| err(&e))?;
        }
        whole.present().map_err(|e| err(&e))?;
    }
    save(PLOTS[1], svg)?;

    // Games per year.
    let (bar_years, years) = year_bars(s);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let lo = years.first().map_or(2000, |y| y.0);
        let hi = years.last().map_or(2001, |y| y.0 + bar_years);
        let y_max = years.iter().map(|y| y.1).max().unwrap_or(0).max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption("Games per year", ("sans-serif", 24))
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(lo..hi, 0u64..y_max + y_max / 10 + 1)
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(if bar_years == 1 {
                "year".to_owned()
            } else {
                format!("year (one bar per {bar_years} years)")
            })
            .y_desc("games")
            .draw()
            .map_err(|e| err(&e))?;
        chart
            .draw_series(years.iter().map(|&(y, n)| {
                Rectangle::new([(y, 0), (y + bar_years, n)], RGBColor(70, 140, 90).filled())
            }))
            .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    save(PLOTS[2], svg)
}
