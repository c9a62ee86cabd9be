//! FORMATS.md's tables of columns are the column descriptions (`columns`, and the tables of
//! `check` and `audit` beside their writers), table by table: the test fails when a column is
//! added, renamed, retyped or made nullable without the documentation (issue 33 item 7).

/// The tables FORMATS.md lists, with their headings there, in order.
#[cfg(test)]
fn tables() -> Vec<(&'static str, Vec<super::columns::Column>)> {
    use super::audit::{POSITION_COLUMNS, VERDICT_COLUMNS};
    use super::columns::{GAME_COLUMNS, MOVE_COLUMNS};
    use super::csv::{FINDING_COLUMNS, GAME_ROW_COLUMNS};
    vec![
        (
            "Findings (`check`, `fen --check`, `pgn`)",
            FINDING_COLUMNS.to_vec(),
        ),
        ("Game rows (`check --games`)", GAME_ROW_COLUMNS.to_vec()),
        ("Verdicts (`audit`)", VERDICT_COLUMNS.to_vec()),
        ("Positions (`audit --positions`)", POSITION_COLUMNS.to_vec()),
        ("Games (`arbiter games`)", GAME_COLUMNS.to_vec()),
        (
            "Moves (`arbiter moves`; `fen` with `--fen`)",
            MOVE_COLUMNS.to_vec(),
        ),
    ]
}

#[cfg(test)]
mod tests {
    /// Every table of columns stands in FORMATS.md as [`super::super::columns::markdown`]
    /// writes it, under its heading.
    #[test]
    fn formats_md_lists_the_columns_of_every_table() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/FORMATS.md");
        let doc = std::fs::read_to_string(path).expect("FORMATS.md");
        let mut want = String::new();
        for (heading, columns) in super::tables() {
            want.push_str(&format!(
                "#### {heading}\n\n{}\n",
                super::super::columns::markdown(&columns)
            ));
        }
        assert!(
            doc.contains(&want),
            "FORMATS.md does not list the columns as the column tables say; the section is:\n\n{want}"
        );
    }
}
