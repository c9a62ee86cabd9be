//! The SVG charts of `arbiter stats --plot DIR`, drawn with plotters.

use std::collections::BTreeMap;

use super::{RATING_DIFF_BUCKET, Results, Stats, length_bins};

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
    // The keys are in text order (`-5` after `1900` in a merged document), and their span
    // may pass i32 (`-2147483648` to `2147483647`): the least and the greatest, in i64.
    let low = years.iter().map(|&(y, _)| i64::from(y)).min();
    let high = years.iter().map(|&(y, _)| i64::from(y)).max();
    let span = match (low, high) {
        (Some(a), Some(b)) => b - a + 1,
        _ => 0,
    };
    let step: i32 = [1, 10, 100, 1000]
        .into_iter()
        .find(|&step| (span + i64::from(step) - 1) / i64::from(step) < i64::from(MAX_YEAR_BARS))
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

/// The charts of the statistics over all games, as `(file name, SVG text)` in the order of
/// [`PLOTS`]: `lengths.svg` (length histogram), `rating-diff.svg` (results by rating
/// difference) and `years.svg` (games per year, or per 10, 100 or 1000 years over a wide
/// range). The command writes them (`stats --plot DIR`), as it writes every output file.
///
/// # Errors
/// Returns a message when plotters fails.
pub fn plots(s: &Stats) -> Result<[(&'static str, String); 3], String> {
    let size = (900, 500);
    Ok([
        (PLOTS[0], lengths_svg(s, size)?),
        (PLOTS[1], rating_diff_svg(s, size)?),
        (PLOTS[2], years_svg(s, size)?),
    ])
}

/// An error of plotters, as a message.
fn err(e: &dyn std::fmt::Display) -> String {
    format!("plotting: {e}")
}

/// `lengths.svg`: the length histogram.
fn lengths_svg(s: &Stats, size: (u32, u32)) -> Result<String, String> {
    use plotters::prelude::*;

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
            .build_cartesian_2d(0u32..x_max, 0u64..y_max.saturating_add(y_max / 10 + 1))
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
    Ok(svg)
}

/// `rating-diff.svg`: results by rating difference, stacked shares per bucket.
fn rating_diff_svg(s: &Stats, size: (u32, u32)) -> Result<String, String> {
    use plotters::prelude::*;

    let mut svg = String::new();
    {
        let whole = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        whole.fill(&WHITE).map_err(|e| err(&e))?;
        // The legend stands in a strip right of the chart, where it hides no bar.
        let (root, legend) = whole.split_horizontally(size.0 - LEGEND_WIDTH);
        let step = RATING_DIFF_BUCKET;
        let shown: Vec<(i32, &Results)> = s
            .rating_diff
            .iter()
            .filter(|(d, r)| (-800..800).contains(*d) && r.finished() > 0)
            .map(|(d, r)| (*d, r))
            .collect();
        let lo = shown.first().map_or(-400, |d| d.0.min(-100));
        let hi = shown
            .last()
            .map_or(400, |d| d.0.saturating_add(step).max(100));
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
                    Rectangle::new([(d, below), (d.saturating_add(step), top)], colour.filled())
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
    Ok(svg)
}

/// `years.svg`: games per year (or per 10, 100, 1000 years).
fn years_svg(s: &Stats, size: (u32, u32)) -> Result<String, String> {
    use plotters::prelude::*;

    let (bar_years, years) = year_bars(s);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let lo = years.first().map_or(2000, |y| y.0);
        let hi = years.last().map_or(2001, |y| y.0.saturating_add(bar_years));
        let y_max = years.iter().map(|y| y.1).max().unwrap_or(0).max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption("Games per year", ("sans-serif", 24))
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(lo..hi, 0u64..y_max.saturating_add(y_max / 10 + 1))
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
                Rectangle::new(
                    [(y, 0), (y.saturating_add(bar_years), n)],
                    RGBColor(70, 140, 90).filled(),
                )
            }))
            .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    Ok(svg)
}
