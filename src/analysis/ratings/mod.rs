//! Ratings from results (`arbiter ratings`, issue 34).

pub mod fide;
