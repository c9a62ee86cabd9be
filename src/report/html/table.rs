//! HTML tables for every page of arbiter (the tables of `stats`, the standings and crosstables
//! of `standings`): every cell escaped, numbers aligned right.

use std::fmt::Write as _;

use super::escape;

/// Appends a `<table>` (in a scrolling `<div>`) with `caption`, the `header` row and `rows`;
/// a column is aligned right when `numeric` says so. Every text is escaped here.
pub fn write_table(
    out: &mut String,
    caption: &str,
    header: &[&str],
    rows: &[Vec<String>],
    numeric: impl Fn(usize) -> bool,
) {
    let _ = write!(
        out,
        "<div class=\"wide\"><table><caption>{}</caption><thead><tr>",
        escape(caption)
    );
    for h in header {
        let _ = write!(out, "<th>{}</th>", escape(h));
    }
    out.push_str("</tr></thead><tbody>");
    for row in rows {
        out.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let class = if numeric(i) { " class=\"n\"" } else { "" };
            let _ = write!(out, "<td{class}>{}</td>", escape(cell));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_escaped() {
        let mut out = String::new();
        let rows = vec![vec!["<b>".to_owned(), "3".to_owned()]];
        write_table(&mut out, "c", &["name", "n"], &rows, |i| i == 1);
        assert!(
            out.contains("<td>&lt;b&gt;</td><td class=\"n\">3</td>"),
            "{out}"
        );
    }
}
