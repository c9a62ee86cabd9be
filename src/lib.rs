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
//!
//! The lints of the house rules (`unsafe_code` denied, `missing_docs` and
//! `missing_debug_implementations` warned) are set for every target in the `[lints]` table of
//! `Cargo.toml`; the few `unsafe` blocks (memory mapping, the SIGBUS handler, SSE2 scans, all in
//! [`engine`]) each carry `#[allow(unsafe_code)]` and a `// SAFETY:` comment. The one-way
//! dependencies are checked by `tests/cli/layering.rs`.

pub mod analysis;
pub mod bytes;
pub mod commands;
pub mod engine;
pub mod model;
pub mod report;
