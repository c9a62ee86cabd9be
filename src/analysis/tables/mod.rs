//! The tables of `arbiter games` (one row per game: [`games`]) and `arbiter moves` (one row per
//! main-line move: [`moves`]), each a visitor of the one game walk; the data of move comments
//! ([`comments`]), the clock and time spent of each move ([`clock`]), a TimeControl read
//! ([`time_control`]) and its speed class ([`speed`]), and the typed values of tags
//! ([`values`]: dates, Elo).
//!
//! Like every analysis, this module must not import `engine`, `report`, `commands` or rayon.

pub mod clock;
pub mod comments;
pub mod games;
pub mod moves;
pub mod speed;
pub mod time_control;
pub mod values;

pub use games::{GameTable, game_row, too_large_row};
pub use moves::{MoveTable, move_rows};
