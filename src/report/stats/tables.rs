//! The CSV tables of `arbiter stats --format csv --table NAME`.

use std::io::{self, Write};

use crate::report::clean::{csv_io_error, csv_text, csv_token};

use crate::model::stats::Suggestion;

use super::{
    Derived, RATING_BAND, RATING_DIFF_BUCKET, Results, Stats, StatsDocument, moves_of, ranked,
    ranked_counts, ranked_players, ratio,
};

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
    /// `player,games,wins,draws,losses,score,rated_games,mean_rating,key,spellings,could_be`:
    /// one row a person (its most frequent spelling, its key, how many spellings it counts, and
    /// for an ambiguous spelling the keys of the persons it could be, `; ` between them).
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
    let cols = columns(table);
    header.extend(cols.iter().map(|c| c.to_string()));
    w.write_record(&header).map_err(csv_io_error)?;
    // The first column of these tables is text from the input: tag values, or move tokens
    // (whose notation is data, see `csv_token`).
    let text_key = matches!(
        table,
        Table::Variants
            | Table::Eco
            | Table::Openings
            | Table::Players
            | Table::TimeControls
            | Table::Terminations
    );
    let token_key = table == Table::FirstMoves;
    let blocks: Vec<(Option<&str>, &Stats)> = if grouped {
        doc.groups
            .iter()
            .map(|(k, v)| (Some(k.as_str()), &**v))
            .collect()
    } else {
        vec![(None, &doc.all)]
    };
    for (group, s) in blocks {
        let group_cell = || -> Vec<String> {
            group
                .map(|g| csv_text(g).into_owned())
                .into_iter()
                .collect()
        };
        if table == Table::Players {
            // Row by row: a database has millions of players.
            for row in player_rows(s, top) {
                let mut record = group_cell();
                record.extend(row);
                record[usize::from(grouped)] = csv_text(&record[usize::from(grouped)]).into_owned();
                w.write_record(&record).map_err(csv_io_error)?;
            }
            continue;
        }
        for mut row in table_rows(s, table, top) {
            if let Some(key) = row.first_mut() {
                if text_key {
                    *key = csv_text(key).into_owned();
                } else if token_key {
                    *key = csv_token(key).into_owned();
                }
            }
            let mut record: Vec<String> = group
                .map(|g| csv_text(g).into_owned())
                .into_iter()
                .collect();
            record.extend(row);
            w.write_record(&record).map_err(csv_io_error)?;
        }
    }
    w.flush()
}

/// The columns of `table` (without the `group` of `--by`).
pub(super) fn columns(table: Table) -> Vec<&'static str> {
    match table {
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
            "key",
            "spellings",
            "could_be",
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
    }
}

/// The rows of `table` for `s` (the ranked ones at most `top`), as text not yet made safe.
pub(super) fn table_rows(s: &Stats, table: Table, top: Option<usize>) -> Vec<Vec<String>> {
    let with_results = |first: String, r: &Results| -> Vec<String> {
        std::iter::once(first).chain(results_cells(r)).collect()
    };
    let counts = |v: Vec<(&str, u64)>| -> Vec<Vec<String>> {
        v.into_iter()
            .map(|(k, n)| vec![k.to_owned(), n.to_string()])
            .collect()
    };
    match table {
        Table::Summary => summary_rows(s),
        Table::Lengths => s
            .length_plies
            .iter()
            .map(|(p, n)| vec![p.to_string(), moves_of(*p).to_string(), n.to_string()])
            .collect(),
        Table::Results => results_rows(s),
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
        Table::Players => player_rows(s, top).collect(),
        Table::Ratings => s
            .ratings
            .iter()
            .map(|(r, n)| vec![r.to_string(), n.to_string()])
            .collect(),
        Table::RatingDiff => s
            .rating_diff
            .iter()
            .map(|(d, r)| {
                let hi = d + RATING_DIFF_BUCKET - 1;
                let mut row = vec![d.to_string(), hi.to_string()];
                row.extend(results_cells(r));
                row
            })
            .collect(),
        Table::RatingBands => s
            .rating_bands
            .iter()
            .map(|(b, r)| {
                let hi = b + RATING_BAND - 1;
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
        Table::Findings => findings_rows(s),
    }
}

/// The rows of `--table summary`: the derived figures.
fn summary_rows(s: &Stats) -> Vec<Vec<String>> {
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

/// The rows of `--table results`.
fn results_rows(s: &Stats) -> Vec<Vec<String>> {
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

/// The rows of `--table players`, most games first.
fn player_rows(s: &Stats, top: Option<usize>) -> impl Iterator<Item = Vec<String>> + '_ {
    ranked_players(s, top).map(|row| {
        let p = row.totals;
        vec![
            row.name.to_owned(),
            p.games.to_string(),
            p.wins.to_string(),
            p.draws.to_string(),
            p.losses.to_string(),
            num(p.score()),
            p.rated_games.to_string(),
            num(p.mean_rating()),
            row.key.to_owned(),
            row.spellings.to_string(),
            row.could_be.join("; "),
        ]
    })
}

/// The rows of `--table findings`: the counts of `check` and `audit` per code, and the game
/// counts of each pass that ran.
fn findings_rows(s: &Stats) -> Vec<Vec<String>> {
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
        // The severity of the code table (a list of its own here left out draw/claim-supported).
        let severity = crate::model::Code::from_name(code)
            .map_or(crate::model::Severity::Error, |c| c.severity());
        rows.push(vec![
            "audit".into(),
            severity.as_str().into(),
            code.clone(),
            n.to_string(),
        ]);
    }
    rows
}

/// Writes the suggestions of `stats --suggest-aliases` as CSV: `alias,canonical` (the two
/// columns an alias file reads) then the evidence, `alias_games,canonical_games,alias_years,
/// canonical_years,reason` (ignored by `--aliases`).
///
/// # Errors
/// Returns the write error.
pub fn write_suggestions(suggestions: &[Suggestion], out: impl Write) -> io::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    let header = [
        "alias",
        "canonical",
        "alias_games",
        "canonical_games",
        "alias_years",
        "canonical_years",
        "reason",
    ];
    w.write_record(header).map_err(csv_io_error)?;
    for s in suggestions {
        let row = [
            csv_text(&s.alias).into_owned(),
            csv_text(&s.canonical).into_owned(),
            s.alias_games.to_string(),
            s.canonical_games.to_string(),
            s.alias_years.clone(),
            s.canonical_years.clone(),
            s.reason.clone(),
        ];
        w.write_record(&row).map_err(csv_io_error)?;
    }
    w.flush()
}
