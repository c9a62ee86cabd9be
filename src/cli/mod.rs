//! The command line (binary only): clap definitions turned into the library's resolved options.

pub mod audit;
pub mod check;
pub mod common;
#[cfg(test)]
mod consistency;
pub mod dedup;
mod exit;
pub mod fen;
pub mod fix;
pub mod generate;
pub mod merge;
pub mod names;
pub mod pgn;
pub mod select;
pub mod standings;
pub mod stats;
pub mod tables;

use clap::{Parser, Subcommand};

use arbiter::commands;

/// Checks chess game databases (PGN) the way a tournament arbiter would.
#[derive(Debug, Parser)]
#[command(name = "arbiter", version = env!("ARBITER_VERSION"), about, long_about = None)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay every game and report syntax errors, illegal moves, notation and tag problems.
    #[command(after_help = exit::EXIT_CHECK)]
    Check(check::CheckArgs),
    /// Apply the FIDE draw rules: repetition, fifty/seventy-five moves, stalemate, dead position.
    #[command(after_help = exit::EXIT_AUDIT)]
    Audit(audit::AuditArgs),
    /// Count the leaf nodes of the legal move tree of a position (move generator test).
    #[command(after_help = exit::EXIT_PERFT)]
    Perft(PerftArgs),
    /// Write the FEN (or EPD) of every position of every game; --check validates FEN lines.
    #[command(after_help = exit::EXIT_FEN)]
    Fen(fen::FenArgs),
    /// Write clean PGN (export format), or games made from FEN/EPD positions.
    #[command(after_help = exit::EXIT_PGN)]
    Pgn(pgn::PgnArgs),
    /// Repair games (SAN, results, tags, encodings) into clean PGN, every change logged.
    #[command(after_help = exit::EXIT_FIX)]
    Fix(fix::FixArgs),
    /// Statistics over whole databases: lengths, results, openings, players, ratings, dates.
    #[command(after_help = exit::EXIT_STATS)]
    Stats(stats::StatsArgs),
    /// Find the games that are copies of each other; split unique games from duplicates.
    #[command(after_help = exit::EXIT_DEDUP)]
    Dedup(dedup::DedupArgs),
    /// Write the games that match an expression over tags, players, positions and material.
    #[command(after_help = exit::EXIT_SELECT)]
    Select(select::SelectArgs),
    /// One row per game (tags, status, plies, final FEN...) as CSV, JSON Lines or Parquet.
    #[command(after_help = exit::EXIT_GAMES, after_long_help = tables::games_long_help())]
    Games(tables::GamesArgs),
    /// One row per move (SAN, UCI, clock, evaluation...) as CSV, JSON Lines or Parquet.
    #[command(after_help = exit::EXIT_MOVES, after_long_help = tables::moves_long_help())]
    Moves(tables::MovesArgs),
    /// One table per event: points, tie-breaks (FIDE 2023), crosstable or rounds.
    #[command(after_help = exit::EXIT_STANDINGS)]
    Standings(standings::StandingsArgs),
    /// Ratings from the results (maximum likelihood, as Ordo), or FIDE rating changes.
    #[command(after_help = exit::EXIT_RATINGS)]
    Ratings(standings::RatingsArgs),
    /// Merge the outputs of separate runs (shards): check/audit JSON Lines, stats JSON.
    #[command(after_help = exit::EXIT_MERGE)]
    Merge(merge::MergeArgs),
    /// List every code arbiter reports, with its severity and meaning.
    #[command(after_help = exit::EXIT_USAGE_ONLY)]
    Codes(CodesArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    #[command(after_help = exit::EXIT_USAGE_ONLY)]
    Completions(generate::CompletionsArgs),
    /// Print the manual page (roff): `arbiter man > arbiter.1`.
    #[command(after_help = exit::EXIT_USAGE_ONLY)]
    Man(generate::ManArgs),
}

impl Command {
    /// Whether the run writes to standard output (its report, its games or table, its
    /// completions...): with standard output closed from the start (`>&-`) such a run is
    /// refused (issue 32: the Rust runtime puts `/dev/null` in its place, so the output was
    /// lost with exit status 0). A run whose outputs all go to `-o` files writes none.
    pub fn writes_stdout(&self) -> bool {
        let to_stdout =
            |o: &Option<std::path::PathBuf>| o.as_ref().is_none_or(|o| o.as_os_str() == "-");
        match self {
            Command::Check(a) => to_stdout(&a.output.output),
            Command::Audit(a) => to_stdout(&a.output.output),
            Command::Games(a) => to_stdout(&a.output.output),
            Command::Moves(a) => to_stdout(&a.output.output),
            Command::Standings(a) => to_stdout(&a.output.output),
            Command::Ratings(a) => to_stdout(&a.output.output),
            Command::Select(a) => a.count || to_stdout(&a.output),
            Command::Fix(a) => {
                let log_out = a.log.as_ref().is_some_and(|l| l.as_os_str() == "-");
                (to_stdout(&a.output) && !a.dry_run) || log_out || (a.dry_run && a.log.is_none())
            }
            // (`pgn -o FILE` writes its findings there.)
            Command::Pgn(_)
            | Command::Perft(_)
            | Command::Fen(_)
            | Command::Stats(_)
            | Command::Dedup(_)
            | Command::Merge(_)
            | Command::Codes(_)
            | Command::Completions(_)
            | Command::Man(_) => true,
        }
    }
}

/// How `arbiter codes` writes the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CodesFormatArg {
    /// One line per code: code, severity, meaning.
    Text,
    /// FORMATS.md's code tables, in Markdown.
    Markdown,
    /// One JSON object per code.
    Jsonl,
}

/// Arguments of `arbiter codes`.
#[derive(Debug, clap::Args)]
pub struct CodesArgs {
    /// Only the codes whose name starts with PREFIX (`notation/`, `illegal-move`, `fen`).
    #[arg(value_name = "PREFIX", default_value = "")]
    pub prefix: String,
    /// Output format (`markdown` ignores PREFIX: it prints FORMATS.md's tables whole).
    #[arg(long, value_enum, default_value_t = CodesFormatArg::Text)]
    pub format: CodesFormatArg,
}

impl CodesArgs {
    /// Resolves the arguments into the command's options.
    pub fn into_options(self) -> commands::codes::Options {
        use arbiter::report::codes::CodesFormat;
        commands::codes::Options {
            format: match self.format {
                CodesFormatArg::Text => CodesFormat::Text,
                CodesFormatArg::Markdown => CodesFormat::Markdown,
                CodesFormatArg::Jsonl => CodesFormat::Jsonl,
            },
            prefix: self.prefix,
        }
    }
}

/// Arguments of `arbiter perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// The position as FEN (X-FEN or Shredder-FEN for Chess960), or `startpos`.
    pub fen: String,
    /// Depth in plies.
    pub depth: u32,
    /// Print the node count below each legal move (UCI), then the total.
    #[arg(long)]
    pub divide: bool,
    /// Read the castling field with Chess960 rules.
    #[arg(long)]
    pub chess960: bool,
}

impl PerftArgs {
    /// Resolves the arguments into the command's options.
    pub fn into_options(self) -> commands::perft::Options {
        commands::perft::Options {
            fen: self.fen,
            depth: self.depth,
            divide: self.divide,
            chess960: self.chess960,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use clap::CommandFactory;

    use super::*;

    #[test]
    fn clap_definition_is_valid() {
        Cli::command().debug_assert();
    }

    #[test]
    fn inputs_and_format_are_shared() {
        // The same input and output flags, with the same defaults, on every subcommand that
        // reads games.
        for sub in [
            "check",
            "audit",
            "fen",
            "pgn",
            "stats",
            "games",
            "moves",
            "standings",
            "ratings",
        ] {
            let cli = Cli::try_parse_from([
                "arbiter",
                sub,
                "-j",
                "3",
                "-q",
                "--no-mmap",
                "--glob",
                "*.zip",
                "a.pgn",
            ])
            .unwrap_or_else(|e| panic!("{sub}: {e}"));
            let input = match cli.command {
                Command::Check(a) => a.input,
                Command::Audit(a) => a.input,
                Command::Fen(a) => a.input,
                Command::Pgn(a) => a.input,
                Command::Stats(a) => a.input,
                Command::Games(a) => a.input,
                Command::Moves(a) => a.input,
                Command::Standings(a) => a.input,
                Command::Ratings(a) => a.input,
                _ => unreachable!(),
            };
            let o = input.into_options();
            assert_eq!(o.jobs, 3, "{sub}");
            assert!(!o.mmap && !o.progress && !o.timing, "{sub}");
            assert_eq!(o.globs, ["*.zip"], "{sub}");
            assert_eq!(o.paths, [PathBuf::from("a.pgn")], "{sub}");
        }
    }
}
