//! Output of `arbiter stats`: text with bar charts, one JSON document (a contract, see the
//! GUIDE.md), CSV tables, and SVG charts drawn with plotters.
//!
//! The JSON document is also the input of `arbiter stats --merge`: every raw count is written,
//! and the derived figures (`summary`) are ignored when it is read back.
//!
//! The statistics are data of [`crate::model::stats`] (plain counts whose serde shape *is* the
//! JSON contract); this module prints them.
//!
//! The parts: this file (the document, its JSON form and the rankings shared by the others),
//! [`tables`] (CSV), [`text`] (the text report), [`html`] (the HTML page) and
//! [`plots`](mod@plots) (SVG).

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde::{Deserialize, Serialize};

// The one door to `analysis::stats` (see the module doc); the other files import from here.
use crate::model::identity::{RunRecord, StatsRun};
use crate::model::stats::{
    GroupedStats, Overflow, People, PeopleView, Player, PlayerMap, RATING_BAND, RATING_DIFF_BUCKET,
    Results, Stats, TextMap, moves_of,
};

pub mod html;
pub mod plots;
pub mod tables;
pub mod text;

pub use html::{HtmlOptions, write_html};
pub use plots::{PLOTS, plots};
pub use tables::{Table, write_csv, write_suggestions};
pub use text::{TextOptions, write_text};

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
    pub groups: BTreeMap<String, Box<Stats>>,
    /// The run's inputs, shard and options (see [`crate::model::identity`]), written after
    /// `bytes`; `arbiter merge` and `--merge` refuse a document without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<RunRecord<StatsRun>>,
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
            run: None,
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
        doc.checked()
    }

    /// Reads a document written by `arbiter stats --format json` from `reader`, parsed as it is
    /// read (the text is never held whole; a reader of bytes that are not JSON fails at the
    /// first of them).
    ///
    /// # Errors
    /// Returns [`StatsReadError::Io`] when the reader fails, [`StatsReadError::Bad`] when the
    /// text is not such a document.
    pub fn from_reader(reader: impl io::Read) -> Result<StatsDocument, StatsReadError> {
        let doc: StatsDocument =
            serde_json::from_reader(reader).map_err(|e| match e.io_error_kind() {
                Some(kind) if !e.is_eof() => {
                    StatsReadError::Io(io::Error::new(kind, e.to_string()))
                }
                _ => StatsReadError::Bad(format!(
                    "not a JSON document written by arbiter stats --format json ({e})"
                )),
            })?;
        doc.checked().map_err(StatsReadError::Bad)
    }

    /// The document, when its `type` and `version` are those this arbiter writes.
    fn checked(self) -> Result<StatsDocument, String> {
        let doc = self;
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
    pub fn merge(&mut self, other: StatsDocument) -> Result<(), String> {
        let mut mine = GroupedStats {
            by: self.by.take(),
            all: std::mem::take(&mut self.all),
            groups: std::mem::take(&mut self.groups),
            ..GroupedStats::default()
        };
        let theirs = GroupedStats {
            by: other.by,
            all: other.all,
            groups: other.groups,
            ..GroupedStats::default()
        };
        let result = mine.merge_from(theirs);
        self.by = mine.by;
        self.all = mine.all;
        self.groups = mine.groups;
        result?;
        let overflow = |what: &str| format!("{what}: {}", Overflow);
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

/// Why a `--merge` input could not be read as a document.
#[derive(Debug)]
pub enum StatsReadError {
    /// The input could not be read.
    Io(io::Error),
    /// The text is not a document written by `arbiter stats --format json`.
    Bad(String),
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
    /// Distinct players: persons (player identity, with the alias and spelling files).
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
            players: player_count(s),
            first_date: s.dates.first.clone(),
            last_date: s.dates.last.clone(),
        }
    }
}

#[derive(Serialize)]
struct StatsView<'a> {
    summary: Derived,
    /// The players per person (derived, like `summary`).
    #[serde(skip_serializing_if = "Option::is_none")]
    people: Option<PeopleView<'a>>,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    run: Option<&'a RunRecord<StatsRun>>,
    all: StatsView<'a>,
    groups: GroupsView<'a>,
}

/// The groups of a document, each with its derived figures, made one at a time as they are
/// written (a document may have hundreds of thousands).
struct GroupsView<'a>(&'a BTreeMap<String, Box<Stats>>);

impl Serialize for GroupsView<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, stats) in self.0 {
            let view = StatsView {
                summary: Derived::of(stats),
                people: people_view(stats),
                stats,
            };
            map.serialize_entry(name, &view)?;
        }
        map.end()
    }
}

/// The persons of `stats` with the players map they refer to.
fn people_view(stats: &Stats) -> Option<PeopleView<'_>> {
    stats.people.as_ref().map(|p| p.view(&stats.players))
}

/// Writes the JSON document (one line).
///
/// # Errors
/// Returns the write error.
pub fn write_json(doc: &StatsDocument, mut out: impl Write) -> io::Result<()> {
    fn view(stats: &Stats) -> StatsView<'_> {
        StatsView {
            summary: Derived::of(stats),
            people: people_view(stats),
            stats,
        }
    }
    let doc = DocumentView {
        kind: "stats",
        version: JSON_VERSION,
        by: &doc.by,
        files: doc.files,
        files_failed: doc.files_failed,
        bytes: doc.bytes,
        run: doc.run.as_ref(),
        all: view(&doc.all),
        groups: GroupsView(&doc.groups),
    };
    serde_json::to_writer(&mut out, &doc)?;
    writeln!(out)?;
    out.flush()
}

/// Entries of a map of results, most games first (ties by name), at most `top`.
fn ranked(map: &TextMap<Results>, top: Option<usize>) -> Vec<(&str, Results)> {
    let mut v: Vec<(&str, Results)> = map.iter().map(|(k, r)| (k.as_str(), *r)).collect();
    first_in_order(&mut v, top, |a, b| {
        b.1.games().cmp(&a.1.games()).then(a.0.cmp(b.0))
    });
    v
}

/// Keeps the first `top` entries of `v` in `order` (all without `top`), sorted: only those are
/// sorted. `order` must be total (the tables' keys are distinct), so the entries are the ones a
/// full sort gives.
fn first_in_order<T>(
    v: &mut Vec<T>,
    top: Option<usize>,
    order: impl Fn(&T, &T) -> std::cmp::Ordering,
) {
    if let Some(top) = top.filter(|&t| t < v.len()) {
        match top.checked_sub(1) {
            None => v.clear(),
            Some(last) => {
                v.select_nth_unstable_by(last, &order);
                v.truncate(top);
            }
        }
    }
    v.sort_unstable_by(order);
}

fn ranked_counts<'a>(
    map: impl IntoIterator<Item = (&'a String, &'a u64)>,
    top: Option<usize>,
) -> Vec<(&'a str, u64)> {
    let mut v: Vec<(&str, u64)> = map.into_iter().map(|(k, n)| (k.as_str(), *n)).collect();
    first_in_order(&mut v, top, |a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    v
}

/// One row of the players table: a person (or, when the persons were not derived, a spelling).
struct PlayerRow<'a> {
    /// The most frequent spelling.
    name: &'a str,
    /// The person's key (player identity).
    key: &'a str,
    /// Spellings counted in the row.
    spellings: usize,
    totals: Player,
    /// The keys of the persons an ambiguous spelling could be.
    could_be: &'a [Box<str>],
}

/// The players table's rows, most games first (ties by name, then key), at most `top`:
/// ranked as 16-byte references (a database has millions of players) and made one at a time.
fn ranked_players(s: &Stats, top: Option<usize>) -> impl Iterator<Item = PlayerRow<'_>> {
    let row = move |i: usize| match &s.people {
        Some(people) => {
            let p = people.get(i);
            PlayerRow {
                name: s.players.name(p.name as usize),
                key: people.key(p),
                spellings: people.spellings(p).len(),
                totals: people.totals(p, &s.players),
                could_be: people.could_be(p),
            }
        }
        None => PlayerRow {
            name: s.players.name(i),
            key: s.players.name(i),
            spellings: 1,
            totals: *s.players.player(i),
            could_be: &[],
        },
    };
    fn games(s: &Stats, i: usize) -> u64 {
        match &s.people {
            Some(people) => people.totals(people.get(i), &s.players).games,
            None => s.players.player(i).games,
        }
    }
    fn name(s: &Stats, i: usize) -> &str {
        match &s.people {
            Some(people) => s.players.name(people.get(i).name as usize),
            None => s.players.name(i),
        }
    }
    let n = s.people.as_ref().map_or(s.players.len(), People::len);
    let mut order: Vec<(u64, u32)> = (0..n).map(|i| (games(s, i), i as u32)).collect();
    let key = |i: u32| row(i as usize).key;
    first_in_order(&mut order, top, |a, b| {
        (b.0.cmp(&a.0))
            .then_with(|| name(s, a.1 as usize).cmp(name(s, b.1 as usize)))
            .then_with(|| key(a.1).cmp(key(b.1)))
    });
    order.into_iter().map(move |(_, i)| row(i as usize))
}

/// Distinct players (persons when derived).
fn player_count(s: &Stats) -> usize {
    s.people.as_ref().map_or(s.players.len(), People::len)
}

/// The most ambiguous spellings [`write_ambiguous`] names one by one.
pub const AMBIGUOUS_SHOWN: usize = 10;

/// Warns on `out` of the persons of `people` that are ambiguous spellings (issue 31: `Lasker,
/// E` when both `Lasker, Edward` and `Lasker, Emanuel` played): the first
/// [`AMBIGUOUS_SHOWN`] by games, then how many in all.
///
/// # Errors
/// Returns the write error.
pub fn write_ambiguous(
    mut out: impl Write,
    people: &People,
    players: &PlayerMap,
) -> io::Result<()> {
    let mut all: Vec<_> = people.ambiguous().collect();
    if all.is_empty() {
        return Ok(());
    }
    let games = |p: &crate::model::stats::Person| people.totals(p, players).games;
    // Ties in the spellings' byte order: their entry numbers follow the order the threads met
    // them, which varies from run to run.
    let name = |p: &crate::model::stats::Person| players.name(p.name as usize);
    all.sort_by(|a, b| (games(b.0).cmp(&games(a.0))).then_with(|| name(a.0).cmp(name(b.0))));
    for (person, could_be) in all.iter().take(AMBIGUOUS_SHOWN) {
        let could: Vec<String> = could_be.iter().map(|k| format!("'{k}'")).collect();
        let name = crate::report::clean::sanitize(players.name(person.name as usize));
        writeln!(
            out,
            "arbiter: warning: players: '{name}' ({} games) could be {}: counted apart (an alias \
             line \"{name}\",CANONICAL settles it)",
            games(person),
            could.join(" or ")
        )?;
    }
    if all.len() > AMBIGUOUS_SHOWN {
        writeln!(
            out,
            "arbiter: warning: players: {} ambiguous spellings in all (`could_be` in `--table \
             players`)",
            all.len()
        )?;
    }
    Ok(())
}

/// Warns on `out` of the surnames whose spellings were too many to compare (crafted input).
///
/// # Errors
/// Returns the write error.
pub fn write_not_compared(mut out: impl Write, surnames: &[(String, usize)]) -> io::Result<()> {
    for (surname, n) in surnames.iter().take(AMBIGUOUS_SHOWN) {
        let surname = crate::report::clean::sanitize(surname);
        writeln!(
            out,
            "arbiter: warning: players: {n} spellings of the surname '{surname}': too many to \
             compare, each counted as its own person"
        )?;
    }
    Ok(())
}

fn ratio(n: u64, d: u64) -> Option<f64> {
    (d > 0).then(|| n as f64 / d as f64)
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
        let bin = bins.entry(moves_of(p) / width).or_default();
        *bin = bin.saturating_add(n);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ambiguous_spellings_of_equal_games_are_warned_in_byte_order() {
        let mut players = PlayerMap::new();
        for name in ["Zeta,A", "Alpha,B"] {
            players.entry(name).games = 8;
        }
        let people = People::of(&players, |i| i as u32, |_| "", |_| vec!["x".into()]);
        let mut out = Vec::new();
        write_ambiguous(&mut out, &people, &players).unwrap();
        let out = String::from_utf8(out).unwrap();
        let at = |name: &str| out.find(name).unwrap();
        assert!(
            at("'Alpha,B' (8 games)") < at("'Zeta,A' (8 games)"),
            "{out}"
        );
    }
}
