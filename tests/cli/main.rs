//! Integration tests: they run the real `arbiter` binary (one test binary, ripgrep-style).

mod audit;
mod audit_corpus;
mod check;
mod corpus;
mod perft;
mod regression;
mod util;
