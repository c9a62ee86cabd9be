//! The printers of the tables of `arbiter games` and `arbiter moves`: CSV and JSON Lines
//! ([`text`]) and Parquet ([`parquet`], with the cargo feature `parquet`); and the Parquet
//! tables of the findings of `arbiter check` and the verdicts of `arbiter audit` (`findings`,
//! with the feature).

#[cfg(feature = "parquet")]
mod arrow;
pub mod cells;
#[cfg(feature = "parquet")]
mod dictionary;
#[cfg(feature = "parquet")]
mod encoder;
#[cfg(feature = "parquet")]
pub mod findings;
#[cfg(feature = "parquet")]
pub mod parquet;
pub mod text;

/// The formats of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TableFormat {
    /// CSV with a header row.
    #[default]
    Csv,
    /// JSON Lines: one object per row.
    Jsonl,
    /// Parquet (a binary, columnar file).
    Parquet,
}
