//! `arbiter dedup` on the command line.

use std::path::PathBuf;

use arbiter::commands;
use arbiter::model::dedup::{Keep, Level};

use super::common::{InputArgs, OutputArgs};
use super::names::AliasArgs;

/// What makes two games duplicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LevelArg {
    /// The same start position and main-line moves.
    Moves,
    /// The same moves, players (one person each side), result and date, dates normalised.
    Game,
    /// A main line that starts another's, with the same players (one person each side): a
    /// truncated copy.
    Prefix,
}

/// Output formats of `dedup`: the groups of copies (issue 32: its help described findings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DedupFormatArg {
    /// Human-readable lines: one per group (its size, the game kept and why), then one per
    /// member (file:line: game N: players, date, plies).
    Text,
    /// JSON Lines: one object per group with its members, then a summary object.
    Jsonl,
    /// CSV: one row per member of a group under a fixed header (group, file, game, ...,
    /// kept, kept_because).
    Csv,
}

impl DedupFormatArg {
    /// The library's format.
    fn format(self) -> arbiter::report::Format {
        use arbiter::report::Format;
        match self {
            DedupFormatArg::Text => Format::Text,
            DedupFormatArg::Jsonl => Format::Jsonl,
            DedupFormatArg::Csv => Format::Csv,
        }
    }
}

/// Which copy of a group is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum KeepArg {
    /// The first in input order.
    First,
    /// The most complete: longest main line, then most tags, then most annotations.
    Best,
}

/// Arguments of `arbiter dedup`.
///
/// Finds the games that are copies of each other and reports the groups (one record per group:
/// each member's file, game, offset, line, players, date, and which one is kept and why).
/// `--unique-out` and `--duplicates-out` split the input byte for byte: the kept and unique
/// games in one file, the other copies in the other. Candidates are found by hash and confirmed
/// by comparing the keys byte for byte. Memory is bounded by `--memory`: the index spills
/// sorted runs to disk when it is full.
///
/// Players (`--by game`, `--by prefix`) are compared as persons, by the player identity of
/// `stats`, `select` and `standings` (issue 31): candidates share a coarse key (surname and
/// initial of the first given name, after `--aliases`/`--spellings`), and a group whose games
/// do not all spell White and Black alike is split by the persons its own spellings resolve
/// to, each part of two games or more a group of its own with its own kept copy. Given names
/// that abbreviate each other are one person (`Lasker, Em.` and `Lasker, Emanuel`); two that do
/// not are two (`Lasker, Edward` and `Lasker, Emanuel`: not copies); a bare `Lasker, E` beside
/// both is a person of its own (a copy of neither). Only the group's spellings count, not the
/// rest of the input; a note counts the groups split and names the first one's two spellings
/// (`Steinitz, William` and `Steinitz, Wilhelm`: join them with `--aliases` when they are one
/// person). A group with more than 256 distinct spellings, or larger than its
/// memory (a twentieth of `--memory`) with more than 16 pairs of persons, is not reported at
/// all, and a warning counts such groups (crafted input). `--by moves` compares no players.
#[derive(Debug, clap::Args)]
pub struct DedupArgs {
    /// Inputs, threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format of the report of groups.
    #[command(flatten)]
    pub output: OutputArgs<DedupFormatArg>,
    /// What makes two games duplicates.
    #[arg(long = "by", value_enum, default_value_t = LevelArg::Game)]
    pub level: LevelArg,
    /// Which member of a group is kept.
    #[arg(long, value_enum, default_value_t = KeepArg::First)]
    pub keep: KeepArg,
    /// Write the kept and unique games to FILE, byte for byte as in the input.
    #[arg(long, value_name = "FILE")]
    pub unique_out: Option<PathBuf>,
    /// Write the copies that are not kept to FILE, byte for byte as in the input.
    #[arg(long, value_name = "FILE")]
    pub duplicates_out: Option<PathBuf>,
    /// Memory for the index (K, M, G suffixes; binary units); beyond it, sorted runs are
    /// spilled to disk.
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = parse_size)]
    pub memory: usize,
    /// Directory for the spilled runs (and standard input's spool).
    #[arg(long, value_name = "DIR")]
    pub temp_dir: Option<PathBuf>,
    /// Player aliases (`--by game` and `--by prefix` compare players).
    #[command(flatten)]
    pub aliases: AliasArgs,
    /// Bits of the hash kept (tests only: fewer bits force collisions).
    #[arg(long, hide = true, default_value_t = 64, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub hash_bits: u32,
}

impl DedupArgs {
    /// Resolves the arguments into the command's options.
    ///
    /// # Errors
    /// Returns the error of an alias file that cannot be read or used.
    pub fn into_options(self) -> anyhow::Result<commands::dedup::Options> {
        let names = self.aliases.names()?;
        let mut input = self.input.into_options();
        input.read_files.extend(self.aliases.files());
        Ok(commands::dedup::Options {
            names,
            input,
            format: self.output.format.format(),
            level: match self.level {
                LevelArg::Moves => Level::Moves,
                LevelArg::Game => Level::Game,
                LevelArg::Prefix => Level::Prefix,
            },
            keep: match self.keep {
                KeepArg::First => Keep::First,
                KeepArg::Best => Keep::Best,
            },
            unique_out: self.unique_out,
            duplicates_out: self.duplicates_out,
            memory: self.memory,
            temp_dir: self.temp_dir,
            hash_bits: self.hash_bits,
        })
    }
}

/// Reads a size: a number of bytes with an optional K, M or G suffix (binary units).
fn parse_size(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let (digits, shift) = match text.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        t if t.ends_with('K') => (t[..t.len() - 1].to_owned(), 10),
        t if t.ends_with('M') => (t[..t.len() - 1].to_owned(), 20),
        t if t.ends_with('G') => (t[..t.len() - 1].to_owned(), 30),
        t => (t.to_owned(), 0),
    };
    let n: usize = digits
        .trim()
        .parse()
        .map_err(|_| format!("not a size: {text} (write 512M, 2G or a number of bytes)"))?;
    n.checked_shl(shift)
        .filter(|v| v >> shift == n)
        .filter(|&v| v >= 1 << 20)
        .ok_or_else(|| format!("{text}: the size must be between 1M and the address space"))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    #[test]
    fn sizes() {
        assert_eq!(parse_size("256M"), Ok(256 << 20));
        assert_eq!(parse_size("2g"), Ok(2 << 30));
        assert_eq!(parse_size("1048576"), Ok(1 << 20));
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert!(parse_size("12").is_err() && parse_size("lots").is_err());
    }

    #[test]
    fn dedup_flags_parse() {
        let cli = Cli::parse_from([
            "arbiter",
            "dedup",
            "--by",
            "prefix",
            "--keep",
            "best",
            "--unique-out",
            "u.pgn",
            "--memory",
            "64M",
            "a.pgn",
        ]);
        let Command::Dedup(args) = cli.command else {
            panic!("not dedup");
        };
        let options = args.into_options().unwrap();
        assert_eq!((options.level, options.keep), (Level::Prefix, Keep::Best));
        assert_eq!(options.memory, 64 << 20);
        assert_eq!(options.unique_out, Some(PathBuf::from("u.pgn")));
        assert_eq!(options.hash_bits, 64);
    }
}
