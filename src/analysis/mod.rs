//! Chess analyses of one game or position at a time: pure functions over bytes and shakmaty
//! positions, with no I/O, no threads and no output formats.

pub mod check;
pub mod draw;
pub mod fen;
pub mod lexer;
pub mod notation;
pub mod perft;
pub mod pgn;
pub mod resolve;
pub mod stats;
pub mod tables;
pub mod tags;
pub mod text;
pub mod walk;
