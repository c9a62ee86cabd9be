//! Integration tests: they run the real `arbiter` binary (one test binary, ripgrep-style).

mod audit;
mod audit_corpus;
mod check;
mod codes;
mod contract;
mod corpus;
mod count;
mod fen;
mod fen_rule;
mod filters;
mod fuzz;
mod generate;
mod hostile;
mod input;
mod layering;
mod perft;
mod pgn;
mod producers;
mod regression;
mod shard;
mod stats;
mod stats_corpus;
mod tables;
mod util;
