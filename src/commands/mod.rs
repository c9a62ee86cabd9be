//! Application glue, one file per subcommand: each takes resolved options (never clap types),
//! drives the engine with an analysis, and feeds a report.

pub mod audit;
pub mod check;
pub mod output;
pub mod perft;

/// How a run ended, mapped to the exit status by `main` (0, 1 or 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStatus {
    /// Nothing wrong found: exit status 0.
    Clean,
    /// Errors found in the input: exit status 1.
    Findings,
    /// An input could not be read or an output not written: exit status 2.
    Failed,
}

impl RunStatus {
    /// The process exit status: 0 clean, 1 findings, 2 I/O error.
    pub fn exit_code(self) -> u8 {
        match self {
            RunStatus::Clean => 0,
            RunStatus::Findings => 1,
            RunStatus::Failed => 2,
        }
    }
}
