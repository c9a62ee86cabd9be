//! The HTML page of `arbiter standings --format html`: one page, complete in itself (inline
//! CSS, no script, nothing fetched), with per event its standings table (the columns of the
//! text output), the crosstable of a round robin (rows and columns by place, `1 ½ 0` a game,
//! several a cell for several cycles, the player's own cell empty) or the opponents by round
//! of a Swiss, the results the audit marks shown as the text marks them (`!`, highlighted,
//! with a legend), and the notes of the text output as text. Every value from the input
//! (events, names, files) is escaped ([`crate::report::html::escape`]).

use std::fmt::Write as _;
use std::io::{self, Write};

use super::{cell_text, event_line, points_text, rank_text, standing_cells, write_notes};
use crate::model::standings::{Cell, EventTable, Layout, ResultNotes};
use crate::report::html::escape;
use crate::report::html::page::{write_foot, write_head};
use crate::report::html::table::write_table;

/// Writes the page: a section per event, then the notes.
///
/// # Errors
/// Returns the error of writing.
pub fn write_standings_html(
    out: &mut dyn Write,
    tables: &[EventTable],
    notes: &ResultNotes,
) -> io::Result<()> {
    let mut t = String::new();
    write_head(&mut t, "arbiter standings");
    t.push_str("<header><h1>arbiter standings</h1>");
    if tables.len() > 1 {
        t.push_str("<nav id=\"contents\"><ul>");
        for (i, table) in tables.iter().enumerate() {
            let _ = write!(
                t,
                "<li><a href=\"#event-{}\">{}</a></li>",
                i + 1,
                escape(&table.event)
            );
        }
        t.push_str("</ul></nav>");
    }
    if tables.is_empty() {
        t.push_str("<p>No game was scored.</p>");
    }
    t.push_str("</header>\n<main>\n");
    for (i, table) in tables.iter().enumerate() {
        write_event(&mut t, i + 1, table, notes);
        // The page of a large database is written event by event.
        out.write_all(t.as_bytes())?;
        t.clear();
    }
    t.push_str("</main>\n");
    if !notes.counts.is_empty() {
        let mut text = Vec::new();
        write_notes(&mut text, notes)?;
        t.push_str("<section id=\"notes\"><h2>Notes</h2><pre class=\"notes\">");
        // Line by line: a line break is a control character, which `escape` replaces.
        for line in String::from_utf8_lossy(&text).lines() {
            let _ = writeln!(t, "{}", escape(line));
        }
        t.push_str("</pre></section>\n");
    }
    write_foot(&mut t, false);
    out.write_all(t.as_bytes())?;
    out.flush()
}

/// One event's section: its line, its standings, its crosstable or rounds.
fn write_event(t: &mut String, number: usize, table: &EventTable, notes: &ResultNotes) {
    let _ = write!(
        t,
        "<section class=\"event\" id=\"event-{number}\"><h2>{}</h2><p class=\"event-line\">{}</p>",
        escape(&table.event),
        escape(&event_line(table))
    );
    write_standings(t, table);
    match table.layout() {
        Layout::Crosstable => write_crosstable(t, table),
        Layout::Rounds => write_rounds(t, table),
    }
    if table.standings.iter().any(|s| s.marked > 0) {
        write_legend(t, notes);
    }
    t.push_str("</section>\n");
}

/// The rank as the text writes it: `3=` when shared.
/// The standings table: the columns of the text output but the results.
fn write_standings(t: &mut String, table: &EventTable) {
    let levels = table.standings.iter().any(|s| s.level.is_some());
    let mut header: Vec<&str> = vec!["#", "Player", "Games", "Points"];
    if levels {
        header.push("Level");
    }
    header.extend(["W", "D", "L", "%"]);
    header.extend(table.tiebreaks.iter().map(String::as_str));
    let rows: Vec<Vec<String>> = (table.standings.iter())
        .map(|s| standing_cells(s, s.player.clone(), levels))
        .collect();
    write_table(t, "Standings", &header, &rows, |c| c != 1);
}

/// A cell of results: its text (`1½`, `12w1 …`), highlighted and titled when marked.
fn write_cells(t: &mut String, cells: &[Cell], layout: Layout) {
    let marked = cells.iter().any(|c| c.marked);
    let text = cell_text(cells, layout);
    match marked {
        true => {
            let _ = write!(
                t,
                "<td class=\"marked\" title=\"a result the audit marks (see the legend)\">{}</td>",
                escape(&text)
            );
        }
        false => {
            let _ = write!(t, "<td>{}</td>", escape(&text));
        }
    }
}

/// The crosstable of a round robin: a row and a column per player by place.
fn write_crosstable(t: &mut String, table: &EventTable) {
    let n = table.standings.len();
    t.push_str("<div class=\"wide\"><table class=\"cross\"><caption>Crosstable</caption><thead><tr><th>#</th><th>Player</th>");
    for c in 1..=n {
        let _ = write!(t, "<th>{c}</th>");
    }
    t.push_str("<th>Points</th></tr></thead><tbody>");
    for (i, s) in table.standings.iter().enumerate() {
        let _ = write!(
            t,
            "<tr><td class=\"n\">{}</td><th scope=\"row\">{}</th>",
            rank_text(s),
            escape(&s.player)
        );
        for j in 0..n {
            let cells = s.results.get(j).map_or(&[][..], Vec::as_slice);
            if i == j {
                t.push_str("<td class=\"self\"></td>");
            } else if cells.is_empty() {
                t.push_str("<td></td>");
            } else {
                write_cells(t, cells, Layout::Crosstable);
            }
        }
        let _ = write!(t, "<td class=\"n\">{}</td></tr>", points_text(s.points));
    }
    t.push_str("</tbody></table></div>\n");
}

/// Round columns at most: past them (or when a game has no round number: a database of
/// casual games, a player of a thousand games), one column of the games in the order played,
/// as the text output writes them.
const MAX_ROUNDS: usize = 60;

/// The opponents by round of a Swiss: `12w1` (opponent's place, colour, result) a round, by
/// the Round tag's number when every game has one (and there are at most [`MAX_ROUNDS`]),
/// else the games in one column, in the order played.
fn write_rounds(t: &mut String, table: &EventTable) {
    let all = || {
        table
            .standings
            .iter()
            .flat_map(|s| s.results.iter().flatten())
    };
    let mut rounds: Vec<u32> = all().filter_map(|c| c.round).collect();
    rounds.sort_unstable();
    rounds.dedup();
    let by_round = all().all(|c| c.round.is_some()) && rounds.len() <= MAX_ROUNDS;
    t.push_str("<div class=\"wide\"><table class=\"cross rounds\"><caption>Opponents by round (place, colour, result)</caption><thead><tr><th>#</th><th>Player</th>");
    match by_round {
        true => {
            for r in &rounds {
                let _ = write!(t, "<th>R{r}</th>");
            }
        }
        false => t.push_str("<th>Games, in the order played</th>"),
    }
    t.push_str("<th>Points</th></tr></thead><tbody>");
    for s in &table.standings {
        let _ = write!(
            t,
            "<tr><td class=\"n\">{}</td><th scope=\"row\">{}</th>",
            rank_text(s),
            escape(&s.player)
        );
        let cells = s.results.first().map_or(&[][..], Vec::as_slice);
        match by_round {
            true => {
                for r in &rounds {
                    let here: Vec<Cell> = cells
                        .iter()
                        .filter(|c| c.round == Some(*r))
                        .cloned()
                        .collect();
                    match here.is_empty() {
                        true => t.push_str("<td></td>"),
                        false => write_cells(t, &here, Layout::Rounds),
                    }
                }
            }
            false => write_cells(t, cells, Layout::Rounds),
        }
        let _ = write!(t, "<td class=\"n\">{}</td></tr>", points_text(s.points));
    }
    t.push_str("</tbody></table></div>\n");
}

/// What a `!` means, as the notes of the run say (scored as recorded, or as the audit says).
fn write_legend(t: &mut String, notes: &ResultNotes) {
    let has = |kind: &str| notes.counts.iter().any(|(k, _)| *k == kind);
    t.push_str("<p class=\"legend\">Marked <span class=\"marked\">!</span>: ");
    let mut parts = Vec::new();
    if has("contradicted") || !has("rescored") {
        parts.push(
            "a result the audit contradicts, scored as recorded (--as-audited scores it as the \
             audit says)",
        );
    }
    if has("rescored") {
        parts.push("a result scored as the audit says (--as-audited)");
    }
    t.push_str(&parts.join("; "));
    t.push_str(". The notes below name the games.</p>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::standings::{EventKind, Standing};

    fn standing(rank: u32, player: &str, points: f64, results: Vec<Vec<Cell>>) -> Standing {
        Standing {
            rank,
            shared: false,
            player: player.to_owned(),
            games: 1,
            points,
            wins: 0,
            draws: 0,
            losses: 0,
            unplayed: 0,
            unfinished: 0,
            score_pct: 50.0,
            level: None,
            tiebreaks: vec![],
            rating: None,
            marked: u32::from(results.iter().flatten().any(|c| c.marked)),
            results,
        }
    }

    fn cell(opponent: u32, result: &'static str, marked: bool) -> Cell {
        Cell {
            round: Some(1),
            opponent,
            color: 'w',
            result,
            marked,
        }
    }

    #[test]
    fn a_round_robin_has_a_square_crosstable_and_escaped_names() {
        let table = EventTable {
            event: "<script>x</script>".into(),
            kind: EventKind::RoundRobin,
            cycles: 1,
            games: 1,
            unfinished: 0,
            scoring: "fide".into(),
            tiebreaks: vec![],
            standings: vec![
                standing(
                    1,
                    "\"><img onerror=x>",
                    1.0,
                    vec![vec![], vec![cell(2, "1", true)]],
                ),
                standing(2, "B", 0.0, vec![vec![cell(1, "0", true)], vec![]]),
            ],
        };
        let mut out = Vec::new();
        write_standings_html(&mut out, &[table], &ResultNotes::default()).unwrap();
        let page = String::from_utf8(out).unwrap();
        assert!(
            !page.contains("<script>") && !page.contains("<img"),
            "{page}"
        );
        assert_eq!(page.matches("class=\"self\"").count(), 2);
        assert_eq!(page.matches("class=\"marked\" title").count(), 2);
        assert!(page.contains(">1!</td>") && page.contains("class=\"legend\""));
    }

    #[test]
    fn a_swiss_without_round_numbers_has_one_column_of_games() {
        let mut a = cell(2, "1", false);
        a.round = None;
        let table = EventTable {
            event: "Casual".into(),
            kind: EventKind::Swiss,
            cycles: 1,
            games: 1,
            unfinished: 0,
            scoring: "fide".into(),
            tiebreaks: vec![],
            standings: vec![
                standing(1, "A", 1.0, vec![vec![a, cell(2, "½", false)]]),
                standing(2, "B", 0.0, vec![vec![cell(1, "0", false)]]),
            ],
        };
        let mut out = String::new();
        write_rounds(&mut out, &table);
        assert!(out.contains("<th>Games, in the order played</th>"), "{out}");
        assert!(out.contains("<td>2w1 2w½</td>"), "{out}");
        let mut numbered = table.clone();
        numbered.standings[0].results[0][0].round = Some(2);
        out.clear();
        write_rounds(&mut out, &numbered);
        assert!(out.contains("<th>R1</th><th>R2</th>"), "{out}");
    }
}
