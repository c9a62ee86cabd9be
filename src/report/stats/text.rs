//! The text report of `arbiter stats`: figures, tables of the top entries and bar charts.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use super::{
    RATING_BAND, Results, Stats, StatsDocument, length_bins, moves_of, player_count, ranked,
    ranked_counts, ranked_players, ratio,
};
use crate::report::human::sanitize;

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

pub(super) fn pct(x: Option<f64>) -> String {
    x.map_or("-".to_owned(), |x| format!("{:.1}%", x * 100.0))
}

pub(super) fn fixed(x: Option<f64>, digits: usize) -> String {
    x.map_or("-".to_owned(), |x| format!("{x:.digits$}"))
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
        "arbiter stats: {} game{} in {} file{} ({} bytes)",
        s.games,
        if s.games == 1 { "" } else { "s" },
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
        let mut groups: Vec<(&String, &Stats)> =
            doc.groups.iter().map(|(k, v)| (k, &**v)).collect();
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

/// The report of one set of statistics (all games, or one group), section by section.
fn text_stats(t: &mut String, s: &Stats, top: Option<usize>) {
    text_games(t, s);
    text_lengths(t, s);
    text_openings(t, s, top);
    text_players(t, s, top);
    text_ratings(t, s);
    text_dates(t, s);
    text_tag_counts(t, s, top);
    text_findings(t, s);
}

/// The figures of games the text and the HTML pages both give, labelled: the lengths in plies
/// and in moves, the results and the decisive share.
pub(super) fn game_figures(s: &Stats) -> [(&'static str, String); 4] {
    let r = &s.results;
    let share = |n: u64| pct(ratio(n, r.games()));
    [
        (
            "Length (plies)",
            format!(
                "{} in all; mean {}, median {}, max {}",
                s.plies,
                fixed(s.mean_plies(), 1),
                fixed(s.median_plies(), 1),
                s.max_plies().map_or("-".into(), |m| m.to_string())
            ),
        ),
        (
            "Length (moves)",
            format!(
                "mean {}, median {}, max {}",
                fixed(s.mean_moves(), 1),
                fixed(s.median_moves(), 1),
                s.max_plies()
                    .map_or("-".into(), |m| moves_of(m).to_string())
            ),
        ),
        (
            "Results",
            format!(
                "1-0 {} ({}), 0-1 {} ({}), 1/2-1/2 {} ({}), * {} ({}), none {}",
                r.white_wins,
                share(r.white_wins),
                r.black_wins,
                share(r.black_wins),
                r.draws,
                share(r.draws),
                r.unfinished,
                share(r.unfinished),
                r.missing
            ),
        ),
        (
            "Decisive",
            format!(
                "{} of finished games; White's score {}",
                pct(r.decisive_share()),
                pct(r.white_score())
            ),
        ),
    ]
}

/// Games: counts, lengths, results, FEN starts and variants.
fn text_games(t: &mut String, s: &Stats) {
    let _ = writeln!(t, "\nGames");
    let _ = writeln!(t, "  games            {}", s.games);
    for (label, value) in game_figures(s) {
        let _ = writeln!(t, "  {:<16} {value}", label.to_lowercase());
    }
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
}

/// The length histogram, in moves.
fn text_lengths(t: &mut String, s: &Stats) {
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
}

/// The tables of ECO codes, openings and first moves.
fn text_openings(t: &mut String, s: &Stats, top: Option<usize>) {
    if s.eco_from_moves + s.openings_from_moves + s.eco_contradicted > 0 {
        let _ = writeln!(
            t,
            "\nOpenings from the moves: {} games without an ECO tag and {} without an Opening tag classified; {} ECO tags contradict the moves",
            s.eco_from_moves, s.openings_from_moves, s.eco_contradicted
        );
    }
    for (title, map) in [
        ("ECO codes", &s.eco),
        ("Openings", &s.openings),
        ("Openings from the moves", &s.classified),
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
}

/// The table of players.
fn text_players(t: &mut String, s: &Stats, top: Option<usize>) {
    if !s.players.is_empty() {
        let _ = writeln!(
            t,
            "\nPlayers (top {} of {} by games)",
            top.unwrap_or(0),
            player_count(s)
        );
        let _ = writeln!(
            t,
            "  {:<32} {:>7} {:>6} {:>6} {:>6} {:>7} {:>8}",
            "", "games", "wins", "draws", "losses", "score", "rating"
        );
        for row in ranked_players(s, top) {
            let p = row.totals;
            let name = match row.spellings {
                1 => sanitize(row.name).into_owned(),
                n => format!("{} ({n} spellings)", sanitize(row.name)),
            };
            let _ = writeln!(
                t,
                "  {:<32} {:>7} {:>6} {:>6} {:>6} {:>7} {:>8}",
                clip(&name, 32),
                p.games,
                p.wins,
                p.draws,
                p.losses,
                pct(p.score()),
                fixed(p.mean_rating(), 0)
            );
        }
    }
}

/// Ratings, rating difference and results per rating band.
fn text_ratings(t: &mut String, s: &Stats) {
    if !s.ratings.is_empty() {
        let rated = s.ratings.values().fold(0u64, |a, &n| a.saturating_add(n));
        let _ = writeln!(
            t,
            "\nRatings ({rated} rated player-games; mean {}, median {}, range {}-{})",
            fixed(s.mean_rating(), 0),
            fixed(s.median_rating(), 0),
            s.ratings.keys().next().copied().unwrap_or(0),
            s.ratings.keys().next_back().copied().unwrap_or(0)
        );
        let bands = rating_hundreds(s);
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
                b + RATING_BAND - 1,
                r.games(),
                pct(r.white_score()),
                results_bar(r)
            );
        }
    }
}

/// The date range and the games per year (or decade).
fn text_dates(t: &mut String, s: &Stats) {
    let d = &s.dates;
    let _ = writeln!(
        t,
        "\nDates: {} to {}; {} games without a known year",
        d.first.as_deref().unwrap_or("-"),
        d.last.as_deref().unwrap_or("-"),
        d.unknown
    );
    if !s.years.is_empty() {
        let rows = year_rows(s);
        let max = rows.values().copied().max().unwrap_or(0);
        for (y, n) in &rows {
            let _ = writeln!(t, "  {y:>9} {n:>8} {}", bar(*n, max));
        }
    }
}

/// The rated player-games per 100 points of rating (`1800` for 1800-1899), as the text and
/// HTML charts show them.
pub(super) fn rating_hundreds(s: &Stats) -> BTreeMap<u32, u64> {
    let mut bands: BTreeMap<u32, u64> = BTreeMap::new();
    for (r, n) in &s.ratings {
        let band = bands.entry(r / 100 * 100).or_default();
        *band = band.saturating_add(*n);
    }
    bands
}

/// The games per year, or per decade (`1850s`) over more than 40 years, as the text and HTML
/// charts show them.
pub(super) fn year_rows(s: &Stats) -> BTreeMap<String, u64> {
    if s.years.len() <= 40 {
        return s.years.iter().map(|(k, n)| (k.clone(), *n)).collect();
    }
    let mut decades = BTreeMap::new();
    for (y, n) in &s.years {
        // A run writes four-digit years; a merged document may hold any key (`7`, `-500`),
        // which is a row of its own.
        let decade = match y.get(..3) {
            Some(head) if y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()) => {
                format!("{head}0s")
            }
            _ => y.clone(),
        };
        let d = decades.entry(decade).or_default();
        *d = u64::saturating_add(*d, *n);
    }
    decades
}

/// The tables of time controls and terminations.
fn text_tag_counts(t: &mut String, s: &Stats, top: Option<usize>) {
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
}

/// The findings of `--with-check` and the verdicts of `--with-audit`.
fn text_findings(t: &mut String, s: &Stats) {
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
pub(super) fn coarse_diff(s: &Stats) -> Vec<(Option<i32>, Option<i32>, Results)> {
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

pub(super) fn diff_label(lo: Option<i32>, hi: Option<i32>) -> String {
    match (lo, hi) {
        (None, Some(h)) => format!("<= {h}"),
        (Some(l), None) => format!(">= {l:+}"),
        (Some(l), Some(h)) => format!("{l:+} to {h:+}"),
        (None, None) => String::new(),
    }
}
