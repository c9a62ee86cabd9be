//! The streaming engine: inputs, splitting into games, and parallel processing in input order.
//!
//! It knows bytes and threads, not chess: the per-game job comes from the caller, and no module
//! here imports `analysis` or `report`.

pub mod input;
pub mod interrupt;
pub mod parallel;
pub mod shard;
#[cfg(unix)]
pub mod sigbus;
pub mod split;
