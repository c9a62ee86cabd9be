//! The tables of `arbiter games` (one row per game: [`games`]) and `arbiter moves` (one row per
//! main-line move: [`moves`]), each a visitor of the one game walk; the data of move comments
//! ([`comments`]) and the speed class of a time control ([`speed`]).
//!
//! Like every analysis, this module must not import `engine`, `report`, `commands` or rayon.

pub mod comments;
pub mod games;
pub mod moves;
pub mod speed;

pub use games::{GameTable, game_row, too_large_row};
pub use moves::{MoveTable, move_rows};
