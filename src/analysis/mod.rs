//! Chess analyses of one game or position at a time: pure functions over bytes and shakmaty
//! positions, with no I/O, no threads and no output formats.

pub mod check;
pub mod context;
pub mod dedup;
pub mod draw;
pub mod encoding;
pub mod fen;
pub mod fix;
pub mod lexer;
pub mod names;
pub mod notation;
pub mod openings;
pub mod perft;
pub mod pgn;
pub mod ratings;
pub mod resolve;
pub mod result;
pub mod select;
pub mod standings;
pub mod stats;
pub mod tables;
pub mod tags;
pub mod text;
pub mod unwinnable;
pub mod walk;
