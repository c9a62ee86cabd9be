//! The frame of the page: the head with its style sheet, the summary with its bar chart, the
//! table of contents, the groups' headings and the end. No script, no font, nothing fetched:
//! the page works offline and as an e-mail attachment.

use std::fmt::Write as _;

use super::super::board::write_piece_defs;
use super::chart::{Bar, Scale, write_bars};
use super::escape;
use super::item::code_anchor;
use crate::model::{CODES, Code, Severity};

/// The style sheet: plain, readable in print and on a phone (the boards shrink to the width).
const STYLE: &str = "\
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#1a1a1a;background:#fff;line-height:1.4}\
h1{font-size:1.5rem}h2{font-size:1.2rem;display:inline}\
code{font-family:ui-monospace,monospace;font-size:.9em;overflow-wrap:anywhere}\
table{border-collapse:collapse}td,th{padding:.15rem .6rem;text-align:left;border-bottom:1px solid #ddd}td.n{text-align:right}\
details{border-top:1px solid #bbb;padding:.5rem 0}summary{cursor:pointer}\
.item{border-left:.35rem solid #999;padding:.3rem .8rem;margin:1rem 0;break-inside:avoid}\
.item.error{border-color:#d55e00}.item.warning{border-color:#e69f00}.item.info{border-color:#56b4e9}\
.body{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}\
.board{width:20rem;max-width:100%;height:auto;flex:none}.facts{flex:1 1 18rem;min-width:0}\
.line{margin:.2rem 0}.moves{font-family:ui-monospace,monospace;font-size:.9em}\
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .8rem;margin:.3rem 0}dt{font-weight:600}dd{margin:0;min-width:0}\
.note{background:#f4f4f4;padding:.4rem .8rem}.chart{max-width:100%;height:auto;display:block;margin:.5rem 0}\
section{margin:1.5rem 0}h3{font-size:1.05rem;margin:1rem 0 .3rem}caption{text-align:left;font-weight:600;padding:.3rem 0}\
.wide{overflow-x:auto;max-width:100%}table.cross td{text-align:center;padding:.15rem .35rem}table.cross td.self{background:#e8e8e8}\
.marked{background:#fde2c8;font-weight:600}.legend{font-size:.9em}pre{white-space:pre-wrap;overflow-wrap:anywhere}\
@media print{details{border:none}.item{border-left-width:2px}}";

/// Facts of the run the page starts with, whatever the subcommand.
#[derive(Debug)]
pub struct Head<'a> {
    /// The subcommand (`check`, `audit`).
    pub command: &'a str,
    /// The input files seen, in order (at most [`super::MAX_LISTED_FILES`]), and how many more.
    pub files: (&'a [String], u64),
    /// The text output's summary line.
    pub summary_line: &'a str,
    /// Rows of the totals table: (name, value).
    pub totals: Vec<(&'static str, String)>,
    /// Notes for the reader (boards left out, findings hidden).
    pub notes: Vec<String>,
}

/// Per code: findings written and their severities.
#[derive(Clone, Copy, Debug, Default)]
pub struct Count {
    /// Findings or verdicts of the code on the page.
    pub total: u64,
    /// Of which errors.
    pub errors: u64,
    /// Of which warnings.
    pub warnings: u64,
    /// Of which information.
    pub infos: u64,
}

impl Count {
    /// Counts one more of `severity`.
    pub fn add(&mut self, severity: Severity) {
        self.total += 1;
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Info => self.infos += 1,
        }
    }

    /// The worst severity counted.
    fn worst(&self) -> Severity {
        match (self.errors, self.warnings) {
            (e, _) if e > 0 => Severity::Error,
            (_, w) if w > 0 => Severity::Warning,
            _ => Severity::Info,
        }
    }

    /// `3 errors, 1 warning`.
    fn words(&self) -> String {
        let plural = |n: u64, word: &str| match n {
            1 => format!("1 {word}"),
            n => format!("{n} {word}s"),
        };
        [
            (self.errors, "error"),
            (self.warnings, "warning"),
            (self.infos, "info"),
        ]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, w)| {
            if w == "info" {
                format!("{n} info")
            } else {
                plural(n, w)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
    }
}

/// The colour of a severity in the chart and the borders (Okabe–Ito).
fn color(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "#d55e00",
        Severity::Warning => "#e69f00",
        Severity::Info => "#56b4e9",
    }
}

/// The page up to the first group: head, pieces, summary, chart, contents.
pub fn write_start(out: &mut String, head: &Head<'_>, counts: &[(Code, Count)]) {
    let command = escape(head.command);
    write_head(out, &format!("arbiter {command} report"));
    out.push_str(r#"<svg width="0" height="0" style="position:absolute" aria-hidden="true">"#);
    write_piece_defs(out);
    out.push_str("</svg>\n");
    let _ = write!(out, "<header><h1>arbiter {command} report</h1>");
    let (files, more) = head.files;
    if !files.is_empty() {
        out.push_str("<p>Input: ");
        for (i, f) in files.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "<code>{}</code>", escape(f));
        }
        if more > 0 {
            let _ = write!(out, " and {more} more");
        }
        out.push_str("</p>");
    }
    out.push_str("</header>\n<section id=\"summary\"><h2>Summary</h2>");
    let _ = write!(
        out,
        r#"<p class="summary-line"><code>{}</code></p><table>"#,
        escape(head.summary_line)
    );
    for (name, value) in &head.totals {
        let _ = write!(
            out,
            r#"<tr><th>{name}</th><td class="n">{}</td></tr>"#,
            escape(value)
        );
    }
    out.push_str("</table>");
    for note in &head.notes {
        let _ = write!(out, r#"<p class="note">{}</p>"#, escape(note));
    }
    write_chart(out, counts);
    out.push_str("</section>\n<nav id=\"contents\"><h2>Contents</h2><ul>");
    for (code, count) in counts {
        let _ = write!(
            out,
            "<li><a href=\"#{}\"><code>{}</code></a>: {}</li>",
            code_anchor(*code),
            code.as_str(),
            count.words()
        );
    }
    if counts.is_empty() {
        out.push_str("<li>Nothing to report.</li>");
    }
    out.push_str("</ul></nav>\n<main>\n");
}

/// Groups of more findings than this start closed.
const OPEN_UP_TO: u64 = 200;

/// The opening of a code's group: its heading (the code, its counts and its meaning from the
/// table of codes).
pub fn write_group_start(out: &mut String, code: Code, count: &Count) {
    let open = if count.total <= OPEN_UP_TO {
        " open"
    } else {
        ""
    };
    let meaning = CODES
        .iter()
        .find(|c| c.code == code)
        .map_or(String::new(), |c| markdown_code(c.meaning));
    let _ = writeln!(
        out,
        "<details id=\"{}\"{open}><summary><h2><code>{}</code></h2> ({})</summary><p class=\"meaning\">{meaning}</p>",
        code_anchor(code),
        code.as_str(),
        count.words()
    );
}

/// The end of a group.
pub fn write_group_end(out: &mut String) {
    out.push_str("</details>\n");
}

/// The end of the page.
pub fn write_end(out: &mut String) {
    out.push_str("</main>\n");
    write_foot(out, true);
}

/// The start of every page of arbiter (`check`, `audit`, `stats`, `standings`): the doctype,
/// the head with its style sheet and `title` (HTML, already escaped), the body's opening tag.
pub fn write_head(out: &mut String, title: &str) {
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"generator\" content=\"arbiter {}\"><title>{title}</title><style>{STYLE}</style></head><body>\n",
        env!("CARGO_PKG_VERSION")
    );
}

/// The end of every page: the footer (crediting the pieces when the page draws boards) and
/// the closing tags.
pub fn write_foot(out: &mut String, pieces: bool) {
    out.push_str("<footer><p>Made by arbiter");
    if pieces {
        out.push_str("; the pieces are Colin M.L. Burnett's (GPLv2+, BSD, GFDL)");
    }
    out.push_str(".</p></footer></body></html>\n");
}

/// A meaning of the table of codes (our own text, Markdown with `code` spans) as HTML.
fn markdown_code(meaning: &str) -> String {
    let mut out = String::new();
    for (i, part) in meaning.split('`').enumerate() {
        match i % 2 {
            0 => out.push_str(&escape(part)),
            _ => {
                let _ = write!(out, "<code>{}</code>", escape(part));
            }
        }
    }
    out
}

/// The counts by code as a horizontal bar chart, coloured by severity (the severity and the
/// count are written beside each bar too, for print and for colour-blind readers).
fn write_chart(out: &mut String, counts: &[(Code, Count)]) {
    let bars: Vec<Bar> = counts
        .iter()
        .map(|(code, count)| {
            let color = color(count.worst());
            Bar::one(code.as_str().to_owned(), count.total, color, count.words())
        })
        .collect();
    write_bars(out, "Findings by code", &bars, Scale::Max);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_names_every_code_and_escapes_files() {
        let mut a = Count::default();
        a.add(Severity::Error);
        a.add(Severity::Error);
        let mut b = Count::default();
        b.add(Severity::Warning);
        let files = vec!["<x>.pgn".to_owned()];
        let head = Head {
            command: "check",
            files: (&files, 2),
            summary_line: "summary: 1 file",
            totals: vec![("Games", "3".to_owned())],
            notes: vec!["<note>".to_owned()],
        };
        let counts = [
            (Code::SyntaxMissingResult, a),
            (Code::SyntaxNonstandardResult, b),
        ];
        let mut out = String::new();
        write_start(&mut out, &head, &counts);
        assert!(out.contains(r##"href="#code-syntax-missing-result""##));
        assert!(out.contains("2 errors") && out.contains("1 warning"));
        assert_eq!(out.matches(r#"class="bar""#).count(), 2);
        assert!(out.contains("&lt;x&gt;.pgn") && out.contains("and 2 more"));
        assert!(!out.contains("<note>") && !out.contains("<x>"));
        let mut group = String::new();
        write_group_start(&mut group, Code::SyntaxMissingResult, &a);
        assert!(
            group.contains(r#"id="code-syntax-missing-result" open"#),
            "{group}"
        );
        assert!(group.contains("no game-termination marker"));
    }

    #[test]
    fn meanings_turn_code_spans_into_code_elements() {
        assert_eq!(
            markdown_code("a `{` b `<`"),
            "a <code>{</code> b <code>&lt;</code>"
        );
    }
}
