//! Application glue, one file per subcommand: each takes resolved options (never clap types),
//! and brings the per-game job and the sink that [`run::run_games`], the one run loop, needs;
//! the printers are in [`crate::report`].

pub mod audit;
pub mod buffers;
pub mod check;
pub mod codes;
pub mod dedup;
pub mod error;
pub mod fen;
pub mod fix;
pub mod games;
pub mod guard;
pub mod lines;
pub mod merge;
pub mod moves;
pub mod output;
pub mod perft;
pub mod pgn;
pub mod ratings;
pub mod report_out;
pub mod run;
pub mod select;
pub mod sharding;
pub mod standings;
pub mod stats;
pub mod tables;

pub use error::Error;
pub use run::{GameSink, InputOptions, run_games};

use crate::model::{AuditReport, AuditStatus, GameInfo, GameReport, Severity, Verdict};

/// The code of a game larger than [`crate::engine::input::MAX_GAME_BYTES`].
pub const GAME_TOO_LARGE: crate::model::Code = crate::model::Code::SyntaxGameTooLarge;

/// What every subcommand says about a game larger than [`crate::engine::input::MAX_GAME_BYTES`]
/// (it is not read; see [`crate::engine::input::Windows::next_window`]).
pub fn too_large_message() -> String {
    format!(
        "game larger than {} MiB: not read; reading resumes at the next tag pair line that follows \
         a blank line (or at the next [Event tag)",
        crate::engine::input::MAX_GAME_BYTES >> 20
    )
}

/// The `syntax/game-too-large` error of a game whose first line is `line`, with `message`
/// (usually [`too_large_message`], which a subcommand may complete with what it did).
pub fn too_large_finding(line: u64, message: String) -> crate::model::Finding {
    crate::model::Finding {
        severity: crate::model::Severity::Error,
        code: GAME_TOO_LARGE,
        ply: None,
        move_text: None,
        token: None,
        line,
        col: 1,
        fen: None,
        message,
        variation: false,
        san: None,
    }
}

/// What every subcommand says about a game the input's read error cut short (see
/// [`crate::engine::parallel::RawGame::cut`]): `syntax/game-cut`.
pub fn game_cut_message() -> String {
    "the input's read failed inside this game: its text ends where the decoding stopped, the \
     rest is missing"
        .to_owned()
}

/// The `syntax/game-cut` error of a game the input's read error cut short, at its first line.
pub fn game_cut_finding(line: u64) -> crate::model::Finding {
    crate::model::Finding {
        code: crate::model::Code::SyntaxGameCut,
        message: game_cut_message(),
        ..too_large_finding(line, String::new())
    }
}

/// The exit status of a run whose output pipe was closed: 128 + SIGPIPE (13).
pub const CLOSED_PIPE_STATUS: u8 = 141;

/// How a run ended, mapped to the exit status by `main` (0, 1 or 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStatus {
    /// Nothing wrong found: exit status 0.
    Clean,
    /// Errors found in the input: exit status 1.
    Findings,
    /// An input could not be read or an output not written: exit status 2.
    Failed,
    /// Ctrl-C, SIGTERM or SIGHUP: exit status 128 + the signal's number (130 for Ctrl-C), as
    /// shells expect.
    Interrupted,
    /// An output was a pipe its reader closed (`arbiter fix db.pgn | head`): the run stopped
    /// quietly, with its output incomplete; exit status 141 = 128 + SIGPIPE, the status of a
    /// GNU tool killed by the signal (`seq 1000000 | head -1`), so that `set -o pipefail` sees
    /// the output was cut.
    ClosedPipe,
}

impl RunStatus {
    /// The status of a run that read its inputs to the end: [`RunStatus::Failed`] when an input
    /// could not be read, else [`RunStatus::Findings`] when errors were found, else
    /// [`RunStatus::Clean`].
    pub fn of(input_failed: bool, findings: bool) -> RunStatus {
        if input_failed {
            RunStatus::Failed
        } else if findings {
            RunStatus::Findings
        } else {
            RunStatus::Clean
        }
    }

    /// The process exit status: 0 clean, 1 findings, 2 I/O error, 130 interrupted by Ctrl-C
    /// (143 by SIGTERM, 129 by SIGHUP: see [`crate::engine::interrupt::exit_status`]).
    pub fn exit_code(self) -> u8 {
        match self {
            RunStatus::Clean => 0,
            RunStatus::Findings => 1,
            RunStatus::Failed => 2,
            RunStatus::Interrupted => crate::engine::interrupt::exit_status(),
            RunStatus::ClosedPipe => CLOSED_PIPE_STATUS,
        }
    }
}

/// The `check` report of a game too large to be read: one `syntax/game-too-large` error at its
/// first line (`arbiter check`, and `stats --with-check`).
pub fn too_large_check_report(game: &crate::engine::parallel::RawGame<'_>) -> GameReport {
    GameReport {
        info: game_info(game),
        findings: vec![too_large_finding(game.line, too_large_message())],
        skipped: false,
    }
}

/// The `audit` report of a game too large to be read: skipped, with the reason (`arbiter
/// audit`, and `stats --with-audit`).
pub fn too_large_audit_report(
    game: &crate::engine::parallel::RawGame<'_>,
    profile: &'static crate::analysis::draw::Profile,
) -> AuditReport {
    AuditReport {
        info: game_info(game),
        verdicts: vec![Verdict {
            line: game.line,
            col: game.col,
            profile: profile.name.as_str(),
            ..Verdict::new(
                crate::analysis::draw::code::SKIPPED,
                Severity::Info,
                None,
                0,
                format!("skipped ({GAME_TOO_LARGE}): {}", too_large_message()),
            )
        }],
        status: AuditStatus::Skipped,
    }
}

/// What is known of a game that is not read: its place.
fn game_info(game: &crate::engine::parallel::RawGame<'_>) -> GameInfo {
    GameInfo {
        index: game.index,
        offset: game.offset,
        line: game.line,
        ..GameInfo::default()
    }
}
