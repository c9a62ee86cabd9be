//! The printers of `arbiter standings` and `arbiter ratings`: aligned text (bold headers and
//! marked results in colour when asked), CSV with a header row, and JSON Lines
//! (`{"type": "standing", ...}` records, one a player; `{"type": "note", ...}` for the notes on
//! the results read; `{"type": "rating", ...}` one a rated player; `{"type": "change", ...}` one
//! a FIDE rating change). Text from the input (names, events, files) is [`sanitize`]d in the
//! text and the notes and written as [`csv_text`] in CSV, as every table of arbiter writes it;
//! JSON keeps it as it is (escaped).

use std::io::{self, Write};

use serde::Serialize;

use crate::model::standings::{
    Cell, EventKind, EventTable, Layout, MAX_CROSSTABLE_PLAYERS, RatingChange, RatingGroup,
    ResultNotes, Standing,
};
use crate::report::clean::{csv_text, sanitize};
use crate::report::tables::text::csv_field;

mod html;

pub use html::write_standings_html;

/// Points as chess writes them: `16`, `14½`, `135¼`, `86¾` (quarters arise in Sonneborn-Berger
/// of half points), other values with up to two decimals (`2.33`).
pub fn points_text(x: f64) -> String {
    if x.is_nan() {
        return String::new();
    }
    let whole = x.trunc();
    let fraction = [(0.0, ""), (0.25, "¼"), (0.5, "½"), (0.75, "¾")]
        .into_iter()
        .find(|&(f, _)| (x - whole - f).abs() < 1e-9);
    match fraction {
        Some((_, "")) => format!("{whole:.0}"),
        Some((_, glyph)) if whole == 0.0 => glyph.to_owned(),
        Some((_, glyph)) => format!("{whole:.0}{glyph}"),
        None => {
            let s = format!("{x:.2}");
            s.trim_end_matches('0').to_owned()
        }
    }
}

/// A number for CSV and JSON: shortest form (`14.5`, `16`), empty for `NaN`.
fn number(x: f64) -> String {
    if x.is_nan() {
        return String::new();
    }
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_owned()
}

/// A cell of the text: `½` (round robin, several for several cycles) or `12w1` (Swiss).
fn cell_text(cells: &[Cell], layout: Layout) -> String {
    cells
        .iter()
        .map(|c| {
            let mark = if c.marked { "!" } else { "" };
            match layout {
                Layout::Crosstable => format!("{}{mark}", c.result),
                Layout::Rounds => format!("{}{}{}{mark}", c.opponent, c.color, c.result),
            }
        })
        .collect::<Vec<_>>()
        .join(if layout == Layout::Rounds { " " } else { "" })
}

/// Writes rows of columns aligned (numbers to the right, text to the left).
fn aligned(out: &mut dyn Write, rows: &[Vec<String>], left: &[bool], bold: bool) -> io::Result<()> {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width = |c: usize| {
        rows.iter()
            .filter_map(|r| r.get(c))
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..columns).map(width).collect();
    for (i, row) in rows.iter().enumerate() {
        let mut line = String::new();
        for (c, text) in row.iter().enumerate() {
            let pad = widths[c].saturating_sub(text.chars().count());
            if c > 0 {
                line.push_str("  ");
            }
            if left.get(c).copied().unwrap_or(false) {
                line.push_str(text);
                if c + 1 < row.len() {
                    line.push_str(&" ".repeat(pad));
                }
            } else {
                line.push_str(&" ".repeat(pad));
                line.push_str(text);
            }
        }
        match (i, bold) {
            (0, true) => writeln!(out, "\x1b[1m{}\x1b[0m", line.trim_end())?,
            _ => writeln!(out, "{}", line.trim_end())?,
        }
    }
    Ok(())
}

/// Writes the tables as aligned text, one after the other.
///
/// # Errors
/// Returns the error of writing.
pub fn write_standings_text(
    out: &mut dyn Write,
    tables: &[EventTable],
    color: bool,
) -> io::Result<()> {
    for (i, t) in tables.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{}", event_line(t))?;
        let levels = t.standings.iter().any(|s| s.level.is_some());
        let mut header: Vec<String> = ["#", "Player", "Games", "Points"]
            .map(String::from)
            .to_vec();
        if levels {
            header.push("Level".into());
        }
        header.extend(["W", "D", "L", "%"].map(String::from));
        header.extend(t.tiebreaks.iter().cloned());
        match t.layout() {
            Layout::Crosstable => header.extend((1..=t.standings.len()).map(|r| r.to_string())),
            Layout::Rounds => header.push("Rounds".into()),
        }
        let mut rows = vec![header];
        for s in &t.standings {
            rows.push(text_row(s, t.layout(), levels));
        }
        let mut left = vec![false, true];
        left.resize(rows[0].len(), false);
        if t.layout() == Layout::Rounds {
            *left.last_mut().expect("a Rounds column") = true;
        }
        aligned(out, &rows, &left, color)?;
    }
    Ok(())
}

/// The line that opens an event's table: its name, kind, players, games and scoring (the name
/// [`sanitize`]d).
fn event_line(t: &EventTable) -> String {
    let kind = match (t.kind, t.cycles) {
        (EventKind::RoundRobin, 1) => "round robin".to_owned(),
        (EventKind::RoundRobin, c) => format!("round robin, {c} cycles"),
        (EventKind::Matches, _) => "matches, a knockout or a set of them".to_owned(),
        (EventKind::Swiss, _) => "Swiss".to_owned(),
    };
    let layout = match t.layout() {
        Layout::Rounds if t.kind == EventKind::RoundRobin => format!(
            "; opponents by round: no crosstable of more than {MAX_CROSSTABLE_PLAYERS} players"
        ),
        _ => String::new(),
    };
    let unfinished = match t.unfinished {
        0 => String::new(),
        n => format!(", {n} unfinished (not scored)"),
    };
    format!(
        "{} ({kind}, {}, {}{unfinished}; scoring {}{layout})",
        sanitize(&t.event),
        counted(t.standings.len() as u64, "player"),
        counted(t.games, "game"),
        t.scoring
    )
}

/// A player's rank: `3`, or `3=` when shared.
pub(super) fn rank_text(s: &Standing) -> String {
    match s.shared {
        true => format!("{}=", s.rank),
        false => s.rank.to_string(),
    }
}

/// The cells of a player's line that the text and the HTML tables share: rank, `player` (as
/// the format shows it), games, points, the level (with `levels`), wins, draws, losses, score %
/// and the tie-breaks.
pub(super) fn standing_cells(s: &Standing, player: String, levels: bool) -> Vec<String> {
    let mut row = vec![
        rank_text(s),
        player,
        s.games.to_string(),
        points_text(s.points),
    ];
    if levels {
        row.push(s.level.map_or(String::new(), |l| l.to_string()));
    }
    row.extend([s.wins, s.draws, s.losses].map(|n| n.to_string()));
    row.push(format!("{:.1}", s.score_pct));
    row.extend(s.tiebreaks.iter().map(|&v| points_text(v)));
    row
}

/// One CSV line of `cells` appended to `buf`.
fn csv_row(buf: &mut Vec<u8>, cells: &[String]) {
    for (i, c) in cells.iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        csv_field(buf, c);
    }
    buf.push(b'\n');
}

fn text_row(s: &Standing, layout: Layout, levels: bool) -> Vec<String> {
    let mut row = standing_cells(s, sanitize(&s.player).into_owned(), levels);
    match layout {
        Layout::Crosstable => row.extend(s.results.iter().map(|c| {
            if c.is_empty() {
                "·".to_owned()
            } else {
                cell_text(c, layout)
            }
        })),
        Layout::Rounds => row.push(
            s.results
                .first()
                .map_or(String::new(), |c| cell_text(c, layout)),
        ),
    }
    row
}

/// The CSV columns before the tie-breaks.
const CSV_COLUMNS: [&str; 14] = [
    "event",
    "kind",
    "rank",
    "shared",
    "player",
    "games",
    "points",
    "level",
    "wins",
    "draws",
    "losses",
    "unplayed",
    "unfinished",
    "score_pct",
];

/// Writes the tables as one CSV table: a row a player; the tie-break columns are every
/// tie-break of the tables, by name (empty where a table has not that one); `results` holds
/// the cells (round robin: by opponent's rank, `·` for the player's own; Swiss: by round).
///
/// # Errors
/// Returns the error of writing.
pub fn write_standings_csv(out: &mut dyn Write, tables: &[EventTable]) -> io::Result<()> {
    let mut names: Vec<&str> = Vec::new();
    for t in tables {
        for n in &t.tiebreaks {
            if !names.contains(&n.as_str()) {
                names.push(n);
            }
        }
    }
    let mut buf = Vec::new();
    let header: Vec<&str> = CSV_COLUMNS
        .iter()
        .copied()
        .chain(names.iter().copied())
        .chain(["rating", "marked", "results"])
        .collect();
    buf.extend_from_slice(header.join(",").as_bytes());
    buf.push(b'\n');
    for t in tables {
        for s in &t.standings {
            let mut cells = vec![
                csv_text(&t.event).into_owned(),
                t.kind.as_str().to_owned(),
                s.rank.to_string(),
                s.shared.to_string(),
                csv_text(&s.player).into_owned(),
                s.games.to_string(),
                number(s.points),
                s.level.map_or(String::new(), |l| l.to_string()),
                s.wins.to_string(),
                s.draws.to_string(),
                s.losses.to_string(),
                s.unplayed.to_string(),
                s.unfinished.to_string(),
                number(s.score_pct),
            ];
            for n in &names {
                let v = t
                    .tiebreaks
                    .iter()
                    .position(|x| x == n)
                    .map(|i| s.tiebreaks[i]);
                cells.push(v.map_or(String::new(), number));
            }
            cells.push(s.rating.map_or(String::new(), |r| r.to_string()));
            cells.push(s.marked.to_string());
            let results: Vec<String> = match t.layout() {
                Layout::Crosstable => s
                    .results
                    .iter()
                    .map(|c| {
                        if c.is_empty() {
                            "·".to_owned()
                        } else {
                            cell_text(c, t.layout())
                        }
                    })
                    .collect(),
                Layout::Rounds => s.results.iter().map(|c| cell_text(c, t.layout())).collect(),
            };
            cells.push(results.join(" "));
            csv_row(&mut buf, &cells);
        }
    }
    out.write_all(&buf)
}

/// One JSON Lines record: `{"type": …, …the fields}`.
#[derive(Serialize)]
struct Record<'a, T: Serialize> {
    #[serde(rename = "type")]
    kind: &'a str,
    #[serde(flatten)]
    data: T,
}

#[derive(Serialize)]
struct StandingRecord<'a> {
    event: &'a str,
    event_kind: EventKind,
    /// How `results` is laid out: `crosstable` (by opponent in rank order) or `rounds`.
    layout: Layout,
    scoring: &'a str,
    #[serde(flatten)]
    standing: &'a Standing,
    tiebreak_names: &'a [String],
}

fn line<T: Serialize>(out: &mut dyn Write, kind: &str, data: T) -> io::Result<()> {
    let mut text = serde_json::to_vec(&Record { kind, data }).map_err(io::Error::other)?;
    text.push(b'\n');
    out.write_all(&text)
}

/// Writes the tables and the notes as JSON Lines: a `standing` record a player (tie-break
/// values by the order of `tiebreak_names`, `null` where undefined), then a `note` record a
/// note kept.
///
/// # Errors
/// Returns the error of writing.
pub fn write_standings_jsonl(
    out: &mut dyn Write,
    tables: &[EventTable],
    notes: &ResultNotes,
) -> io::Result<()> {
    for t in tables {
        for s in &t.standings {
            let record = StandingRecord {
                event: &t.event,
                event_kind: t.kind,
                layout: t.layout(),
                scoring: &t.scoring,
                standing: s,
                tiebreak_names: &t.tiebreaks,
            };
            line(out, "standing", record)?;
        }
    }
    for n in &notes.notes {
        line(out, "note", n)?;
    }
    Ok(())
}

/// Writes the notes for a person: a line a kind with its count, then the notes kept.
///
/// # Errors
/// Returns the error of writing.
pub fn write_notes(out: &mut dyn Write, notes: &ResultNotes) -> io::Result<()> {
    for (kind, count) in &notes.counts {
        // (one, many): "1 game ..." and "2 games ...".
        let (one, many) = match *kind {
            "nonstandard-result" => (
                "Result tag written otherwise, read as the result it stands for",
                "Result tags written otherwise, read as the result they stand for",
            ),
            "result-from-marker" => (
                "game without a usable Result tag, scored by its termination marker",
                "games without a usable Result tag, scored by their termination marker",
            ),
            "result-mismatch" => (
                "game whose Result tag and termination marker differ, scored by the tag",
                "games whose Result tag and termination marker differ, scored by the tag",
            ),
            "unfinished" => (
                "unfinished game (* or no result), not scored",
                "unfinished games (* or no result), not scored",
            ),
            "unplayed" => (
                "game with a decisive result and no move (or a Termination naming a forfeit), scored as a forfeit",
                "games with a decisive result and no move (or a Termination naming a forfeit), scored as forfeits",
            ),
            "contradicted" => (
                "result the audit contradicts, scored as recorded and marked ! (--as-audited scores it as the audit says)",
                "results the audit contradicts, scored as recorded and marked ! (--as-audited scores them as the audit says)",
            ),
            "rescored" => (
                "result scored as the audit says (--as-audited), marked !",
                "results scored as the audit says (--as-audited), marked !",
            ),
            "no-player" => (
                "game without a White or a Black name (missing, empty, ? or -), not scored",
                "games without a White or a Black name (missing, empty, ? or -), not scored",
            ),
            "same-player" => (
                "game of a player against themself, not scored",
                "games of a player against themself, not scored",
            ),
            "not-rated" => (
                "game without a FIDE rating change (--fide)",
                "games without a FIDE rating change (--fide)",
            ),
            "not-read" => (
                "game that could not be read, not scored",
                "games that could not be read, not scored",
            ),
            "ambiguous-player" => (
                "player spelled so that it could be two persons, a player of its own",
                "players spelled so that they could be two persons, each a player of its own",
            ),
            "same-pairing" => (
                "pairing in the file more than once in one round on one day (a game twice?), scored as recorded",
                "pairings in the file more than once in one round on one day (a game twice?), scored as recorded",
            ),
            _ => ("note", "notes"),
        };
        let what = if *count == 1 { one } else { many };
        writeln!(out, "arbiter: note: {count} {what} [{kind}]")?;
        for n in notes.notes.iter().filter(|n| n.kind == *kind) {
            let line = match n.line {
                0 => String::new(),
                l => format!(" (line {l})"),
            };
            let name = |s: &str| match s.is_empty() {
                true => "?".to_owned(),
                false => sanitize(s).into_owned(),
            };
            writeln!(
                out,
                "  {}: game {}{line} {} - {}: {}",
                sanitize(&n.file),
                n.game,
                name(&n.white),
                name(&n.black),
                sanitize(&n.message)
            )?;
        }
        if *count > ResultNotes::KEPT {
            writeln!(out, "  ... and {} more", count - ResultNotes::KEPT)?;
        }
    }
    Ok(())
}

/// Writes the rating groups as aligned text.
///
/// # Errors
/// Returns the error of writing.
pub fn write_ratings_text(
    out: &mut dyn Write,
    groups: &[RatingGroup],
    color: bool,
) -> io::Result<()> {
    for (i, g) in groups.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(
            out,
            "Group {} ({}, {}; White advantage {:.1}, draw rate of equal players {:.1}%)",
            g.group,
            counted(g.players.len() as u64, "player"),
            counted(g.games, "game"),
            g.white_advantage,
            g.draw_rate
        )?;
        let errors = g.players.iter().any(|p| p.error.is_some());
        let mut header: Vec<String> = ["#", "Player", "Rating"].map(String::from).to_vec();
        if errors {
            header.push("Error".into());
        }
        header.extend(["Games", "Points", "%", "Draws%"].map(String::from));
        let mut rows = vec![header];
        for p in &g.players {
            let bound = match p.bound {
                Some("floor") => ">",
                Some(_) => "<",
                None => "",
            };
            let rating = if p.rating.is_finite() {
                format!("{bound}{:.1}", p.rating)
            } else {
                "-".into()
            };
            let mut row = vec![p.rank.to_string(), sanitize(&p.player).into_owned(), rating];
            if errors {
                row.push(p.error.map_or(String::new(), |e| format!("±{e:.1}")));
            }
            row.extend([
                p.games.to_string(),
                points_text(p.points),
                format!("{:.1}", p.score_pct),
                format!("{:.1}", p.draw_pct),
            ]);
            rows.push(row);
        }
        aligned(out, &rows, &[false, true], color)?;
    }
    Ok(())
}

/// Writes the rating groups as CSV: a row a player.
///
/// # Errors
/// Returns the error of writing.
pub fn write_ratings_csv(out: &mut dyn Write, groups: &[RatingGroup]) -> io::Result<()> {
    let mut buf = b"group,rank,player,rating,error,bound,games,points,score_pct,draw_pct,white_advantage,draw_rate\n".to_vec();
    for g in groups {
        for p in &g.players {
            let cells = [
                g.group.to_string(),
                p.rank.to_string(),
                csv_text(&p.player).into_owned(),
                number(p.rating),
                p.error.map_or(String::new(), number),
                p.bound.unwrap_or("").to_owned(),
                p.games.to_string(),
                number(p.points),
                number(p.score_pct),
                number(p.draw_pct),
                number(g.white_advantage),
                number(g.draw_rate),
            ];
            csv_row(&mut buf, &cells);
        }
    }
    out.write_all(&buf)
}

#[derive(Serialize)]
struct RatingRecord<'a> {
    group: u32,
    white_advantage: f64,
    draw_rate: f64,
    #[serde(flatten)]
    row: &'a crate::model::standings::RatingRow,
}

/// Writes the rating groups as JSON Lines: a `rating` record a player.
///
/// # Errors
/// Returns the error of writing.
pub fn write_ratings_jsonl(out: &mut dyn Write, groups: &[RatingGroup]) -> io::Result<()> {
    for g in groups {
        for row in &g.players {
            let r = RatingRecord {
                group: g.group,
                white_advantage: g.white_advantage,
                draw_rate: g.draw_rate,
                row,
            };
            line(out, "rating", r)?;
        }
    }
    Ok(())
}

/// The CSV header of the FIDE rating changes.
pub const CHANGE_HEADER: &str =
    "file,game,player,rating,opponent,opponent_rating,score,expected,k,change\n";

/// Writes one FIDE rating change: a CSV row, a JSON Lines `change` record, or a text line.
///
/// # Errors
/// Returns the error of writing.
pub fn write_change(out: &mut dyn Write, c: &RatingChange, format: ChangeFormat) -> io::Result<()> {
    match format {
        ChangeFormat::Csv => {
            let mut buf = Vec::new();
            let cells = [
                csv_text(&c.file).into_owned(),
                c.game.to_string(),
                csv_text(&c.player).into_owned(),
                c.rating.to_string(),
                csv_text(&c.opponent).into_owned(),
                c.opponent_rating.to_string(),
                number(c.score),
                number(c.expected),
                c.k.to_string(),
                number(c.change),
            ];
            csv_row(&mut buf, &cells);
            out.write_all(&buf)
        }
        ChangeFormat::Jsonl => line(out, "change", c),
        ChangeFormat::Text => writeln!(
            out,
            "{}:{}: {} ({}) {} {} ({}): expected {:.2}, K {}, change {:+.1}",
            sanitize(&c.file),
            c.game,
            sanitize(&c.player),
            c.rating,
            points_text(c.score),
            sanitize(&c.opponent),
            c.opponent_rating,
            c.expected,
            c.k,
            c.change
        ),
    }
}

/// How the FIDE changes are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeFormat {
    /// A line a change.
    Text,
    /// CSV rows (the header is [`CHANGE_HEADER`]).
    Csv,
    /// JSON Lines.
    Jsonl,
}

/// `1 player`, `2 players`: a count and its noun.
fn counted(n: u64, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_as_chess_writes_them() {
        assert_eq!(points_text(16.0), "16");
        assert_eq!(points_text(14.5), "14½");
        assert_eq!(points_text(0.5), "½");
        assert_eq!(points_text(135.25), "135¼");
        assert_eq!(points_text(73.75), "73¾");
        assert_eq!(points_text(0.25), "¼");
        assert_eq!(points_text(57.75), "57¾");
        assert_eq!(number(14.5), "14.5");
        assert_eq!(number(16.0), "16");
        assert_eq!(number(f64::NAN), "");
    }
}
