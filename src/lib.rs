//! arbiter: checks chess game databases the way a tournament arbiter would.
//!
//! The crate is a library with a thin command-line layer (`src/main.rs`, `src/cli`). Its modules
//! depend one way: `commands` → {`engine`, `analysis`, `report`} → `model`.
//!
//! * [`engine`]: inputs (memory-mapped files, streams), splitting into games, parallel processing
//!   in input order. No chess.
//! * [`analysis`]: one game or position at a time — the strict lexer, SAN reading, legality with
//!   reasons, the checks of `arbiter check`, perft.
//! * [`report`]: human text, JSON Lines and CSV output, the progress bar.
//! * [`commands`]: one module per subcommand.
//! * [`model`]: plain data shared by all of them.

#![warn(missing_docs, missing_debug_implementations)]

pub mod analysis;
pub mod commands;
pub mod engine;
pub mod model;
pub mod report;
