//! The HTML report: text made safe for a page ([`escape`]).

mod escape;

pub use escape::escape;
