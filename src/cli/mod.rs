//! The command line (binary only): clap definitions turned into the library's resolved options.

pub mod fen;
pub mod pgn;
pub mod stats;

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use arbiter::commands;
use arbiter::report::Format;

/// Checks chess game databases (PGN) the way a tournament arbiter would.
#[derive(Debug, Parser)]
#[command(name = "arbiter", version, about, long_about = None)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay every game and report syntax errors, illegal moves, notation and tag problems.
    Check(CheckArgs),
    /// Apply the FIDE draw rules: repetition, fifty/seventy-five moves, stalemate, dead position.
    Audit(AuditArgs),
    /// Count the leaf nodes of the legal move tree of a position (move generator test).
    Perft(PerftArgs),
    /// Write the FEN (or EPD) of every position of every game; --check validates FEN lines.
    Fen(fen::FenArgs),
    /// Write clean PGN (export format), or games made from FEN/EPD positions.
    Pgn(pgn::PgnArgs),
    /// Statistics over whole databases: lengths, results, openings, players, ratings, dates.
    Stats(stats::StatsArgs),
}

/// Output formats on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Human-readable lines: path:line:col: severity[code]: message.
    Text,
    /// JSON Lines: one object per finding, then a summary object.
    Jsonl,
    /// CSV: one row per finding under a fixed header.
    Csv,
}

impl FormatArg {
    /// The library's format.
    pub fn format(self) -> Format {
        match self {
            FormatArg::Text => Format::Text,
            FormatArg::Jsonl => Format::Jsonl,
            FormatArg::Csv => Format::Csv,
        }
    }
}

/// When to use colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Colour when standard output is a terminal and NO_COLOR is not set.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// Arguments of `arbiter check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// PGN files to check; `-` (or none) reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Worker threads; 0 uses every core.
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    pub format: FormatArg,
    /// When to colour the text output.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
    /// Report warnings (non-standard notation, tag problems) as errors.
    #[arg(long)]
    pub strict: bool,
    /// Also print one record per game (status, plies, result).
    #[arg(long)]
    pub games: bool,
    /// Write the games without errors to FILE, byte for byte as in the input.
    #[arg(long, value_name = "FILE")]
    pub valid_out: Option<PathBuf>,
    /// Write the games with errors to FILE, byte for byte as in the input.
    #[arg(long, value_name = "FILE")]
    pub invalid_out: Option<PathBuf>,
    /// No progress bar and no timing line on standard error.
    #[arg(short, long)]
    pub quiet: bool,
    /// Read files with read() instead of memory-mapping them (for files that may change
    /// while they are read).
    #[arg(long)]
    pub no_mmap: bool,
    /// In a directory walk, read the files whose path below it or name matches GLOB instead of
    /// the PGN files; in a zip archive, those members too (repeatable; `!GLOB` excludes; case
    /// ignored).
    #[arg(long = "glob", value_name = "GLOB", value_parser = crate::cli::parse_glob)]
    pub globs: Vec<String>,
}

impl CheckArgs {
    /// Resolves the arguments into the command's options (terminal and NO_COLOR checks here).
    ///
    /// # Errors
    /// Returns a usage error for option combinations that cannot work.
    pub fn into_options(self) -> anyhow::Result<commands::check::Options> {
        if self.games && self.format == FormatArg::Csv {
            anyhow::bail!("--games is not available with --format csv (use --format jsonl)");
        }
        let color = match self.color {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        };
        Ok(commands::check::Options {
            paths: self.files,
            jobs: self.jobs,
            format: self.format.format(),
            color,
            progress: !self.quiet && commands::check::stderr_is_terminal(),
            timing: !self.quiet,
            strict: self.strict,
            games: self.games,
            valid_out: self.valid_out,
            invalid_out: self.invalid_out,
            mmap: !self.no_mmap,
            globs: self.globs,
        })
    }
}

/// A draw rule family for `--rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RuleArg {
    /// Threefold (claim) and fivefold (automatic) repetition, arts. 9.2, 9.6.1.
    Repetition,
    /// Fifty-move (claim) and seventy-five-move (automatic) rules, arts. 9.3, 9.6.2.
    Fifty,
    /// Stalemate, art. 5.2.1.
    Stalemate,
    /// Dead position and insufficient material, art. 5.2.2.
    Dead,
}

/// Arguments of `arbiter audit`.
#[derive(Debug, clap::Args)]
pub struct AuditArgs {
    /// PGN files to audit; `-` (or none) reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The rules to apply (comma-separated; default: all).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "RULES")]
    pub rules: Vec<RuleArg>,
    /// Also report every point where a threefold or fifty-move claim was available and play
    /// went on.
    #[arg(long)]
    pub missed: bool,
    /// Classify the FEN/EPD lines of FILE (checkmate, stalemate, insufficient material, dead
    /// position) instead of auditing games; `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub positions: Option<PathBuf>,
    /// Worker threads; 0 uses every core.
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    pub format: FormatArg,
    /// Also print one record per game (status, plies, result).
    #[arg(long)]
    pub games: bool,
    /// No progress bar and no timing line on standard error.
    #[arg(short, long)]
    pub quiet: bool,
    /// Read files with read() instead of memory-mapping them.
    #[arg(long)]
    pub no_mmap: bool,
    /// In a directory walk, read the files whose path below it or name matches GLOB instead of
    /// the PGN files; in a zip archive, those members too (repeatable; `!GLOB` excludes; case
    /// ignored).
    #[arg(long = "glob", value_name = "GLOB", value_parser = crate::cli::parse_glob)]
    pub globs: Vec<String>,
}

impl AuditArgs {
    /// Resolves the arguments into the command's options.
    ///
    /// # Errors
    /// Returns a usage error for option combinations that cannot work.
    pub fn into_options(self) -> anyhow::Result<commands::audit::Options> {
        if self.positions.is_some() && (!self.files.is_empty() || self.missed || self.games) {
            anyhow::bail!(
                "--positions classifies the lines of one FEN/EPD file: it takes no PGN files, \
                 --missed or --games"
            );
        }
        if self.games && self.format == FormatArg::Csv {
            anyhow::bail!("--games is not available with --format csv (use --format jsonl)");
        }
        let mut rules = arbiter::analysis::draw::Rules::default();
        if !self.rules.is_empty() {
            rules = arbiter::analysis::draw::Rules {
                repetition: self.rules.contains(&RuleArg::Repetition),
                fifty: self.rules.contains(&RuleArg::Fifty),
                stalemate: self.rules.contains(&RuleArg::Stalemate),
                dead: self.rules.contains(&RuleArg::Dead),
            };
        }
        Ok(commands::audit::Options {
            paths: self.files,
            jobs: self.jobs,
            format: self.format.format(),
            audit: arbiter::analysis::draw::AuditOptions {
                rules,
                missed: self.missed,
            },
            games: self.games,
            progress: !self.quiet && commands::check::stderr_is_terminal(),
            timing: !self.quiet,
            mmap: !self.no_mmap,
            globs: self.globs,
            positions: self.positions,
        })
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

/// Checks a `--glob` pattern (a leading `!` excludes).
fn parse_glob(text: &str) -> Result<String, String> {
    arbiter::engine::input::PathFilter::new(&[text.to_owned()]).map_err(|e| e.to_string())?;
    Ok(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_valid() {
        Cli::command().debug_assert();
    }

    #[test]
    fn check_flags_parse() {
        let cli = Cli::parse_from([
            "arbiter",
            "check",
            "-j",
            "2",
            "--format",
            "jsonl",
            "--strict",
            "--games",
            "--quiet",
            "--valid-out",
            "v.pgn",
            "a.pgn",
            "-",
        ]);
        let Command::Check(args) = cli.command else {
            panic!("not check");
        };
        assert_eq!(args.jobs, 2);
        assert_eq!(args.format, FormatArg::Jsonl);
        assert!(args.strict && args.games && args.quiet);
        assert_eq!(args.files, vec![PathBuf::from("a.pgn"), PathBuf::from("-")]);
        let options = args.into_options().unwrap();
        assert!(!options.progress);
        assert_eq!(options.valid_out, Some(PathBuf::from("v.pgn")));
    }
}
