//! The HTML page of `arbiter stats --format html`: one page, complete in itself (inline CSS and
//! SVG, no script, nothing fetched), with the text output's figures, its histograms as SVG bar
//! charts (the same bins: [`super::text`] and this file share them) and the CSV tables of
//! `--table NAME` as HTML tables (each in a `<details>` element; with `--table`, that one
//! only). Every value from the input (tag values, names, files) is escaped
//! ([`crate::report::html::escape`]).

use std::fmt::Write as _;
use std::io::{self, Write};

use super::tables::{columns, table_rows};
use super::text::{coarse_diff, diff_label, fixed, pct, rating_hundreds, year_rows};
use super::{RATING_BAND, Results, Stats, StatsDocument, Table, length_bins};
use crate::report::html::chart::{BLUE, Bar, RESULTS, Scale, write_bars};
use crate::report::html::escape;
use crate::report::html::page::{write_foot, write_head};
use crate::report::html::table::write_table;

/// Options of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HtmlOptions {
    /// Rows of the ranked tables (ECO, openings, players...).
    pub top: usize,
    /// Only this table (`--table NAME`); all of them without it.
    pub table: Option<Table>,
}

/// Writes the page.
///
/// # Errors
/// Returns the write error.
pub fn write_html(
    doc: &StatsDocument,
    options: HtmlOptions,
    mut out: impl Write,
) -> io::Result<()> {
    let mut t = String::new();
    let s = &doc.all;
    write_head(&mut t, "arbiter stats report");
    let _ = writeln!(
        t,
        "<header><h1>arbiter stats report</h1><p>{} game{} in {} file{} ({} bytes{})</p></header>",
        s.games,
        if s.games == 1 { "" } else { "s" },
        doc.files,
        if doc.files == 1 { "" } else { "s" },
        doc.bytes,
        match doc.files_failed {
            0 => String::new(),
            n => format!("; {n} could not be read"),
        }
    );
    write_summary(&mut t, s);
    t.push_str("<section id=\"charts\"><h2>Charts</h2>\n");
    write_charts(&mut t, s);
    t.push_str("</section>\n");
    if let Some(by) = &doc.by {
        write_groups(&mut t, doc, by, options.top);
    }
    t.push_str("<section id=\"tables\"><h2>Tables</h2>\n");
    for (name, table) in Table::ALL {
        if options.table.is_some_and(|only| only != table) {
            continue;
        }
        let rows = table_rows(s, table, Some(options.top));
        if rows.is_empty() && options.table.is_none() {
            continue;
        }
        let open = if options.table.is_some() { " open" } else { "" };
        let _ = write!(
            t,
            "<details id=\"table-{name}\"{open}><summary><h3 style=\"display:inline\">{name}</h3> ({} rows)</summary>",
            rows.len()
        );
        // The first column is a key (text); the others are numbers, but for the few tables
        // whose later columns are text too.
        let text_columns = match table {
            Table::Players => &[0usize, 8, 10][..],
            Table::Findings => &[0, 1, 2],
            _ => &[0],
        };
        write_table(&mut t, name, &columns(table), &rows, |c| {
            !text_columns.contains(&c)
        });
        t.push_str("</details>\n");
    }
    t.push_str("</section>\n");
    write_foot(&mut t, false);
    out.write_all(t.as_bytes())?;
    out.flush()
}

/// The figures of the text output's "Games" section, as a table.
fn write_summary(t: &mut String, s: &Stats) {
    let mut rows = vec![("Games", s.games.to_string())];
    rows.extend(super::text::game_figures(s));
    rows.extend([
        ("Players", super::player_count(s).to_string()),
        (
            "Dates",
            format!(
                "{} to {}; {} games without a known year",
                s.dates.first.as_deref().unwrap_or("-"),
                s.dates.last.as_deref().unwrap_or("-"),
                s.dates.unknown
            ),
        ),
        ("Mean rating", fixed(s.mean_rating(), 0)),
    ]);
    let rows: Vec<Vec<String>> = rows
        .into_iter()
        .map(|(k, v)| vec![k.to_owned(), v])
        .collect();
    t.push_str("<section id=\"summary\"><h2>Summary</h2>");
    write_table(t, "Games", &["Figure", "Value"], &rows, |_| false);
    t.push_str("</section>\n");
}

/// A stacked bar of results: White won, drawn, Black won (shares of the finished games).
fn results_bar(label: String, r: &Results) -> Bar {
    Bar {
        label,
        parts: vec![
            (r.white_wins, RESULTS[0]),
            (r.draws, RESULTS[1]),
            (r.black_wins, RESULTS[2]),
        ],
        text: format!("{} games, White {}", r.games(), pct(r.white_score())),
    }
}

/// The histograms of the text output, as SVG bar charts.
fn write_charts(t: &mut String, s: &Stats) {
    let legend = "<p class=\"legend\">Results: yellow 1-0, grey 1/2-1/2, black 0-1 (shares of \
                  the finished games).</p>";
    if s.games > 0 {
        t.push_str("<h3>Results</h3>");
        write_bars(
            t,
            "Results",
            &[results_bar("all games".into(), &s.results)],
            Scale::Share,
        );
        t.push_str(legend);
        let bars: Vec<Bar> = length_bins(s)
            .into_iter()
            .map(|(lo, hi, n)| {
                let label = if lo == hi {
                    lo.to_string()
                } else {
                    format!("{lo}-{hi}")
                };
                Bar::one(label, n, BLUE, n.to_string())
            })
            .collect();
        t.push_str("<h3>Length (moves)</h3>");
        write_bars(t, "Length (moves)", &bars, Scale::Max);
    }
    if !s.ratings.is_empty() {
        let bars: Vec<Bar> = rating_hundreds(s)
            .into_iter()
            .map(|(b, n)| Bar::one(format!("{b}-{}", b + 99), n, BLUE, n.to_string()))
            .collect();
        t.push_str("<h3>Ratings (rated player-games)</h3>");
        write_bars(t, "Ratings", &bars, Scale::Max);
        let bars: Vec<Bar> = coarse_diff(s)
            .iter()
            .map(|(lo, hi, r)| results_bar(diff_label(*lo, *hi), r))
            .collect();
        t.push_str("<h3>Rating difference (White - Black)</h3>");
        write_bars(t, "Rating difference", &bars, Scale::Share);
        let bars: Vec<Bar> = (s.rating_bands.iter())
            .map(|(b, r)| results_bar(format!("{b}-{}", b + RATING_BAND - 1), r))
            .collect();
        t.push_str("<h3>Results per rating band (mean rating of both players)</h3>");
        write_bars(t, "Results per rating band", &bars, Scale::Share);
        t.push_str(legend);
    }
    if !s.years.is_empty() {
        let bars: Vec<Bar> = year_rows(s)
            .into_iter()
            .map(|(y, n)| Bar::one(y, n, BLUE, n.to_string()))
            .collect();
        t.push_str("<h3>Games per year</h3>");
        write_bars(t, "Games per year", &bars, Scale::Max);
    }
}

/// The table of the groups of `--by`, most games first, at most `top`.
fn write_groups(t: &mut String, doc: &StatsDocument, by: &str, top: usize) {
    let mut groups: Vec<(&String, &Stats)> = doc.groups.iter().map(|(k, v)| (k, &**v)).collect();
    groups.sort_by(|a, b| b.1.games.cmp(&a.1.games).then(a.0.cmp(b.0)));
    let rows: Vec<Vec<String>> = groups
        .into_iter()
        .take(top)
        .map(|(name, g)| {
            vec![
                name.clone(),
                g.games.to_string(),
                fixed(g.mean_moves(), 1),
                fixed(g.median_moves(), 1),
                pct(g.results.decisive_share()),
                pct(g.results.white_score()),
                fixed(g.mean_rating(), 0),
            ]
        })
        .collect();
    let _ = write!(t, "<section id=\"groups\"><h2>By {}</h2>", escape(by));
    let caption = format!("Top {top} groups by games");
    let header = [
        "group", "games", "moves", "median", "decisive", "White", "rating",
    ];
    write_table(t, &caption, &header, &rows, |c| c > 0);
    t.push_str("</section>\n");
}
