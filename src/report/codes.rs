//! Output of `arbiter codes`: the table of every code arbiter reports ([`crate::model::CODES`]),
//! as aligned text, as FORMATS.md's Markdown tables, or as JSON Lines.

use std::io::{self, Write};

use serde::Serialize;

use crate::model::{CODES, Table, markdown_table};

/// How `arbiter codes` writes the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CodesFormat {
    /// One line per code: code, severity, meaning.
    #[default]
    Text,
    /// FORMATS.md's three tables (findings, verdicts, FEN problems), in Markdown.
    Markdown,
    /// One JSON object per code: `{"code":…,"family":…,"table":…,"severity":…,"meaning":…}`.
    Jsonl,
}

#[derive(Serialize)]
struct CodeRecord<'a> {
    code: &'a str,
    family: &'a str,
    table: &'a str,
    severity: &'a str,
    other_severity: Option<&'a str>,
    meaning: &'a str,
}

fn table_name(table: Table) -> &'static str {
    match table {
        Table::Findings => "findings",
        Table::Verdicts => "verdicts",
        Table::Fen => "fen",
    }
}

/// Writes the code table, codes whose name starts with `prefix` only (all with `""`).
///
/// # Errors
/// Returns the write error.
pub fn write_codes(out: &mut dyn Write, format: CodesFormat, prefix: &str) -> io::Result<()> {
    let codes = CODES.iter().filter(|c| c.name.starts_with(prefix));
    match format {
        CodesFormat::Markdown => {
            for (i, table) in [Table::Findings, Table::Verdicts, Table::Fen]
                .into_iter()
                .enumerate()
            {
                if i > 0 {
                    writeln!(out)?;
                }
                out.write_all(markdown_table(table).as_bytes())?;
            }
        }
        CodesFormat::Text => {
            let width = CODES.iter().map(|c| c.name.len()).max().unwrap_or(0);
            for c in codes {
                let severity = match c.other {
                    Some(other) => format!("{}/{}", c.severity, other),
                    None => c.severity.to_string(),
                };
                // The meaning is Markdown: drop the backquotes for a terminal.
                let meaning = c.meaning.replace('`', "");
                writeln!(out, "{:width$}  {severity:13}  {meaning}", c.name)?;
            }
        }
        CodesFormat::Jsonl => {
            for c in codes {
                let record = CodeRecord {
                    code: c.name,
                    family: c.code.family(),
                    table: table_name(c.table),
                    severity: c.severity.as_str(),
                    other_severity: c.other.map(|s| s.as_str()),
                    meaning: c.meaning,
                };
                serde_json::to_writer(&mut *out, &record)?;
                writeln!(out)?;
            }
        }
    }
    out.flush()
}
