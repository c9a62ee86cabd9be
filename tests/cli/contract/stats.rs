//! `stats --format json`.

use std::collections::BTreeMap;

use super::check::{Mode, check_stream};
use super::records::*;
use super::{arbiter, bytes_of, testdata_pgn};
use crate::util::parse_records;

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
    for map in [&s.eco, &s.openings, &s.classified, &s.first_moves] {
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
    // Persons: every spelling of `players` in exactly one, with its games (issue 15).
    assert_eq!(d.players, s.people.0.len() as u64, "{what}");
    let mut spellings = 0;
    for p in s.people.values() {
        assert_eq!(p.games, p.spellings.sum(), "{what}: {p:?}");
        assert!(p.spellings.0.iter().any(|(n, _)| *n == p.name), "{p:?}");
        for (name, games) in &p.spellings.0 {
            assert_eq!(s.players.get(name).map(|q| q.games), Some(*games), "{name}");
            spellings += 1;
        }
    }
    assert_eq!(spellings, s.players.0.len(), "{what}");
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
    assert_readme_summary(&s.summary);
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
    let (findings, summary) = check_stream(parse_records(&out), &files, false, Mode::Check);
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
    let records: Vec<AuditRecord> = parse_records(&out);
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

/// The derived figures of the README's example (`summary` of `testdata/stats/small.pgn`).
fn assert_readme_summary(d: &Derived) {
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
}
