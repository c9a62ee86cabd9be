//! How players are told apart in the standings and the ratings (`--names`): by player identity,
//! the rule of `stats` and `select` ([`crate::analysis::names::Identity`], with `--aliases` and
//! `--spellings`), or by the spellings as written. The players are collected by spelling and
//! then made persons by [`super::Collection::identify`].

/// How names are compared (`--names`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NameMode {
    /// By player identity and the alias and spelling files: spellings are one player only when
    /// they cannot be two (`Kasparov, Gary` = `Kasparov,G`; `Lasker,Em` and `Lasker,Ed` of New
    /// York 1924 are two).
    #[default]
    Key,
    /// As written, surrounding spaces aside.
    Exact,
}
