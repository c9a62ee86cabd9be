//! `arbiter codes`: every code arbiter reports, with its severity and meaning (the README's code
//! tables are this table).

use std::io;

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
    let mut out = io::stdout().lock();
    write_codes(&mut out, options.format, &options.prefix).map_err(Error::Stdout)?;
    Ok(RunStatus::Clean)
}
