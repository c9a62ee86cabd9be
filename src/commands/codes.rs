//! `arbiter codes`: every code arbiter reports, with its severity and meaning (FORMATS.md's code
//! tables are this table).

use std::io;

use crate::model::CODES;
use crate::report::codes::{CodesFormat, write_codes};

use super::{Error, RunStatus};

/// Options of `arbiter codes`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// How to write the table.
    pub format: CodesFormat,
    /// Only the codes whose name starts with this (`notation/`, `illegal-move`); empty for all.
    pub prefix: String,
}

/// Writes the code table on standard output.
///
/// # Errors
/// Returns the error of writing standard output.
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    if options.format != CodesFormat::Markdown && !any_code_starts_with(&options.prefix) {
        // A prefix no code has is a mistyped one (`--only` and `--ignore` refuse it too).
        let prefix: String = options.prefix.chars().take(60).collect();
        return Err(Error::Usage(format!(
            "no code starts with {prefix:?} (the families: {}; `arbiter codes` lists every code)",
            families().join(", ")
        )));
    }
    let mut out = io::stdout().lock();
    write_codes(&mut out, options.format, &options.prefix).map_err(Error::Stdout)?;
    Ok(RunStatus::Clean)
}

/// Whether a code of the table starts with `prefix`.
fn any_code_starts_with(prefix: &str) -> bool {
    CODES.iter().any(|c| c.name.starts_with(prefix))
}

/// The families of the codes (`syntax/`, `draw/`...), in table order, each once.
fn families() -> Vec<String> {
    let mut families: Vec<String> = Vec::new();
    for c in CODES.iter() {
        let family = match c.name.split_once('/') {
            Some((family, _)) => format!("{family}/"),
            None => c.name.to_owned(),
        };
        if !families.contains(&family) {
            families.push(family);
        }
    }
    families
}
