//! `arbiter perft FEN DEPTH [--divide]`: node counts of the legal move tree.

use std::io::{self, Write};

use crate::analysis::perft;
use crate::engine::interrupt;
use crate::report::run::write_stopped;

use super::{Error, RunStatus};

/// Options of `arbiter perft`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The position (FEN, or the first fields of an EPD line); `startpos` for the initial one.
    pub fen: String,
    /// Depth in plies.
    pub depth: u32,
    /// Print the count below each first move (UCI), then the total.
    pub divide: bool,
    /// Read castling rights as Chess960 (X-FEN/Shredder-FEN).
    pub chess960: bool,
}

/// Runs perft and prints the result on `out`; Ctrl-C stops it promptly (nothing is printed on
/// `out` then, and the status is [`RunStatus::Interrupted`]).
///
/// # Errors
/// Returns a message for a bad FEN, or the write error.
pub fn run(options: &Options, out: &mut dyn Write) -> Result<RunStatus, Error> {
    let fen = if options.fen == "startpos" {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    } else {
        options.fen.as_str()
    };
    let pos = perft::position(fen, options.chess960)
        .map_err(|e| Error::Usage(format!("bad FEN {fen:?}: {e}")))?;
    let stop = || interrupt::requested();
    let stopped = || {
        let _ = write_stopped(
            &mut io::stderr().lock(),
            interrupt::signal_name(),
            "no count written",
        );
        Ok(RunStatus::Interrupted)
    };
    if options.divide && options.depth > 0 {
        let Some(split) = perft::divide_until(&pos, options.depth, &stop) else {
            return stopped();
        };
        let total: u64 = split.iter().map(|(_, n)| n).sum();
        for (uci, nodes) in &split {
            writeln!(out, "{uci}: {nodes}")?;
        }
        writeln!(out)?;
        writeln!(out, "moves: {}", split.len())?;
        writeln!(out, "nodes: {total}")?;
    } else {
        let Some(nodes) = perft::perft_until(&pos, options.depth, &stop) else {
            return stopped();
        };
        writeln!(out, "{nodes}")?;
    }
    out.flush()?;
    Ok(RunStatus::Clean)
}
