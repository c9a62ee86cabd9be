//! The text report, CSV tables and SVG charts.

use super::*;

#[test]
fn text_report_has_figures_and_bar_charts() {
    let out = stdout_of(&["stats", "-q", &path(SMALL)]);
    let text = String::from_utf8(out).expect("utf-8");
    for needle in [
        "arbiter stats: 5 games in 1 file",
        "length (plies)   22 in all; mean 4.4, median 5.0, max 7",
        "length (moves)   mean 2.4, median 3.0, max 4",
        "1-0 2 (40.0%), 0-1 1 (20.0%), 1/2-1/2 1 (20.0%), * 1 (20.0%), none 0",
        "decisive         75.0% of finished games; White's score 62.5%",
        "Alpha",
        "the higher-rated player won 3 of 4 games (75.0%)",
        "Dates: 2020.01.15 to 2021.??.??; 1 games without a known year",
        "600+5",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
    // Bar charts: the length histogram's longest bar is 40 cells wide.
    assert!(text.contains(&"█".repeat(40)), "no full bar in:\n{text}");
    assert!(text.contains('▒') || text.contains('░'), "no stacked bar");
    // --top 1 keeps one player row.
    let out = stdout_of(&["stats", "-q", "--top", "1", &path(SMALL)]);
    let text = String::from_utf8(out).expect("utf-8");
    assert!(text.contains("Players (top 1 of 4 by games)"));
    assert!(!text.contains("Gamma"), "{text}");
}

fn csv_rows(args: &[&str]) -> Vec<Vec<String>> {
    let out = stdout_of(args);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(&out[..]);
    reader
        .records()
        .map(|r| r.expect("CSV record").iter().map(str::to_owned).collect())
        .collect()
}

#[test]
fn csv_tables() {
    let small = path(SMALL);
    let table = |name: &str| csv_rows(&["stats", "-q", "--format", "csv", "--table", name, &small]);
    let players = table("players");
    assert_eq!(
        players[0],
        [
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
            "could_be"
        ]
    );
    assert_eq!(
        players[1],
        [
            "Alpha", "4", "3", "1", "0", "0.875", "4", "2412.5", "alpha", "1", ""
        ]
    );
    assert_eq!(players.len(), 5);
    let results = table("results");
    assert_eq!(results[1], ["1-0", "2", "0.4"]);
    let lengths = table("lengths");
    assert_eq!(lengths[0], ["plies", "moves", "games"]);
    assert_eq!(lengths[4], ["7", "4", "1"]);
    let eco = table("eco");
    assert_eq!(eco[1], ["C20", "2", "1", "1", "0", "0", "0", "0.5"]);
    let years = table("years");
    assert_eq!(years, [["year", "games"], ["2020", "3"], ["2021", "1"]]);
    let diff = table("rating-diff");
    assert_eq!(diff[1][..3], ["-450", "-401", "1"]);
    let summary = table("summary");
    assert!(summary.contains(&vec!["white_score".to_owned(), "0.625".to_owned()]));
    // Every table has a header and rows of its width.
    for name in [
        "summary",
        "lengths",
        "results",
        "variants",
        "eco",
        "openings",
        "first-moves",
        "players",
        "ratings",
        "rating-diff",
        "rating-bands",
        "years",
        "months",
        "time-controls",
        "terminations",
        "findings",
    ] {
        let rows = table(name);
        assert!(!rows.is_empty(), "{name}: no header");
        assert!(rows.iter().all(|r| r.len() == rows[0].len()), "{name}");
    }
    // --top limits ranked tables; --by adds a group column.
    assert_eq!(
        csv_rows(&[
            "stats", "-q", "--format", "csv", "--table", "players", "--top", "2", &small
        ])
        .len(),
        3
    );
    let grouped = csv_rows(&[
        "stats", "-q", "--format", "csv", "--table", "results", "--by", "Event", &small,
    ]);
    assert_eq!(grouped[0], ["group", "result", "games", "share"]);
    assert_eq!(grouped[1], ["Open A", "1-0", "1", "0.5"]);
    assert_eq!(grouped.len(), 11);
    // Usage errors.
    for bad in [
        &["stats", "--format", "csv", &small][..],
        &["stats", "--format", "csv", "--table", "nope", &small][..],
        &["stats", "--table", "eco", &small][..],
    ] {
        let out = run(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn svg_charts_are_written_and_parse() {
    let tmp = TempDir::new("stats-plot");
    let dir = tmp.path("plots");
    let dir_str = dir.to_str().unwrap();
    stdout_of(&["stats", "-q", "--plot", dir_str, &path("twic944-300.pgn")]);
    for (name, caption, min_rects) in [
        ("lengths.svg", "Game length (300 games)", 10),
        (
            "rating-diff.svg",
            "Results by rating difference (White - Black)",
            20,
        ),
        ("years.svg", "Games per year", 1),
    ] {
        let text = std::fs::read_to_string(dir.join(name)).expect(name);
        let svg = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let root = svg.root_element();
        assert_eq!(root.tag_name().name(), "svg", "{name}");
        let texts: Vec<String> = svg
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text().map(|t| t.trim().to_owned()))
            .collect();
        assert!(
            texts.iter().any(|t| t == caption),
            "{name}: no caption {caption:?} in {texts:?}"
        );
        let rects = svg.descendants().filter(|n| n.has_tag_name("rect")).count();
        assert!(rects > min_rects, "{name}: {rects} rects");
    }
    // No data (no ratings, no dates): the charts are still written.
    let empty = tmp.write("empty.pgn", b"1. e4 *\n");
    let dir2 = tmp.path("plots2");
    stdout_of(&[
        "stats",
        "-q",
        "--plot",
        dir2.to_str().unwrap(),
        empty.to_str().unwrap(),
    ]);
    for name in ["lengths.svg", "rating-diff.svg", "years.svg"] {
        let text = std::fs::read_to_string(dir2.join(name)).expect(name);
        roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// The `x`, `width` (0 when absent) and text of the `<rect>` and `<text>` elements of an SVG.
fn svg_elements(svg: &str) -> Vec<(&'static str, f64, f64, String)> {
    let attr = |tag: &str, name: &str| -> f64 {
        tag.split(&format!(" {name}=\""))
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    };
    let mut out = Vec::new();
    for (kind, open) in [("rect", "<rect "), ("text", "<text ")] {
        for piece in svg.split(open).skip(1) {
            let tag = &piece[..piece.find('>').unwrap()];
            let text = piece[piece.find('>').unwrap() + 1..]
                .split('<')
                .next()
                .unwrap()
                .trim()
                .to_owned();
            let tag = format!(" {tag}");
            out.push((kind, attr(&tag, "x"), attr(&tag, "width"), text));
        }
    }
    out
}

#[test]
fn charts_keep_bars_visible() {
    // A game at each end of the rating-difference chart (+700 and -700) and years 0001 and
    // 9999: the legend must not cover the +650..+800 bars, and the year bars must stay wide
    // enough to see.
    let tmp = TempDir::new("stats-charts");
    let pgn = "[Date \"0001.01.01\"]\n[WhiteElo \"2700\"]\n[BlackElo \"2000\"]\n[Result \"1-0\"]\n\n\
               1. e4 *\n\n\
               [Date \"9999.01.01\"]\n[WhiteElo \"2000\"]\n[BlackElo \"2700\"]\n[Result \"0-1\"]\n\n\
               1. e4 *\n\n\
               [Date \"1990.01.01\"]\n[WhiteElo \"2000\"]\n[BlackElo \"2000\"]\n\
               [Result \"1/2-1/2\"]\n\n1. e4 *\n";
    let dir = tmp.path("plots");
    let out = stats_on(&tmp, pgn, &["--plot", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let svg = std::fs::read_to_string(dir.join("rating-diff.svg")).unwrap();
    let elements = svg_elements(&svg);
    let legend_x = elements
        .iter()
        .filter(|e| e.0 == "text" && ["1-0", "0-1", "1/2-1/2"].contains(&e.3.as_str()))
        .map(|e| e.1)
        .fold(f64::INFINITY, f64::min);
    assert!(legend_x.is_finite(), "no legend in {svg}");
    // Every bar (wider than the legend's 14-pixel keys, not the background) ends left of the
    // legend.
    let bars_end = elements
        .iter()
        .filter(|e| e.0 == "rect" && e.2 > 14.0 && e.2 < 900.0)
        .map(|e| e.1 + e.2)
        .fold(0.0, f64::max);
    assert!(
        bars_end > 0.0 && bars_end < legend_x,
        "{bars_end} {legend_x}"
    );
    let svg = std::fs::read_to_string(dir.join("years.svg")).unwrap();
    assert!(svg.contains("one bar per 1000 years"), "{svg}");
    let widths: Vec<f64> = svg_elements(&svg)
        .iter()
        .filter(|e| e.0 == "rect" && e.2 < 900.0)
        .map(|e| e.2)
        .collect();
    assert_eq!(widths.len(), 3, "{svg}");
    assert!(widths.iter().all(|w| *w >= 20.0), "{widths:?}");
}

#[test]
fn format_jsonl_is_the_one_line_json_document() {
    // `--format jsonl` (every other subcommand's name for JSON output) writes the same document
    // as `--format json`: one line, so a JSON Lines file of one record.
    let file = super::path(super::SMALL);
    let json = super::stdout_of(&["stats", "-q", "--format", "json", &file]);
    let jsonl = super::stdout_of(&["stats", "-q", "--format", "jsonl", &file]);
    assert_eq!(jsonl, json);
    let text = String::from_utf8(jsonl).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    let doc: serde_json::Value = serde_json::from_str(text.trim_end()).unwrap();
    assert_eq!(doc["type"], "stats");
}
