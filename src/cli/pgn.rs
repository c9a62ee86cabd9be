//! Arguments of `arbiter pgn` (binary only).

use std::path::PathBuf;

use arbiter::analysis::pgn::ExportOptions;
use arbiter::commands;
use arbiter::commands::pgn::Mode;

use super::common::{FormatArg, InputArgs, OutputArgs};

/// Writes clean PGN: games rewritten in PGN export format (Seven Tag Roster first, standard
/// SAN, regenerated move numbers, lines of at most 80 characters), or games made from FEN/EPD
/// positions with `--from-fen` / `--from-sequence`.
#[derive(Debug, clap::Args)]
pub struct PgnArgs {
    /// PGN inputs of the export, threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Format of the export's findings (illegal moves, unreadable words, games left out), as
    /// for `arbiter check`: on standard error, or on standard output with -o.
    #[command(flatten)]
    pub findings: OutputArgs<FormatArg>,
    /// Make one game per FEN/EPD line of FILE ([SetUp "1"], [FEN], EPD id as Event).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["from_sequence", "files"])]
    pub from_fen: Option<PathBuf>,
    /// Make one game from the consecutive FEN lines of FILE (a blank line starts a new game).
    #[arg(long, value_name = "FILE", conflicts_with = "files")]
    pub from_sequence: Option<PathBuf>,
    /// Leave comments out.
    #[arg(long)]
    pub no_comments: bool,
    /// Leave variations out.
    #[arg(long)]
    pub no_variations: bool,
    /// Leave NAGs (and move glyphs such as `!?`) out.
    #[arg(long)]
    pub no_nags: bool,
    /// Leave out games with an illegal move or an unreadable token (by default such a game is
    /// written up to it, with a comment and result `*`).
    #[arg(long)]
    pub valid_only: bool,
    /// Write the PGN to FILE (complete or not at all: a temporary file renamed when done)
    /// instead of standard output; the findings then go to standard output. `-o -` is
    /// standard output, as no `-o` (the findings on standard error).
    #[arg(short = 'o', long = "output", value_name = "FILE", conflicts_with_all = ["from_fen", "from_sequence"])]
    pub output: Option<PathBuf>,
}

impl PgnArgs {
    /// Resolves the arguments into the command's options.
    ///
    /// # Errors
    /// Returns a usage error for option combinations that cannot work.
    pub fn into_options(self) -> anyhow::Result<commands::pgn::Options> {
        let mode = match (self.from_fen, self.from_sequence) {
            (Some(path), None) => Mode::FromFen(path),
            (None, Some(path)) => Mode::FromSequence(path),
            (None, None) => Mode::Export,
            (Some(_), Some(_)) => {
                anyhow::bail!("--from-fen and --from-sequence exclude each other")
            }
        };
        Ok(commands::pgn::Options {
            input: self.input.into_options(),
            mode,
            export: ExportOptions {
                comments: !self.no_comments,
                variations: !self.no_variations,
                nags: !self.no_nags,
            },
            valid_only: self.valid_only,
            format: self.findings.format.format(),
            output: super::common::output_path(self.output),
        })
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::super::{Cli, Command};
    use super::*;

    #[test]
    fn pgn_flags_parse() {
        let cli = Cli::parse_from([
            "arbiter",
            "pgn",
            "--no-nags",
            "--valid-only",
            "-j",
            "2",
            "a.pgn",
        ]);
        let Command::Pgn(args) = cli.command else {
            panic!("not pgn");
        };
        let options = args.into_options().unwrap();
        assert_eq!(options.mode, Mode::Export);
        assert!(!options.export.nags && options.export.comments && options.valid_only);
        let cli = Cli::parse_from(["arbiter", "pgn", "--from-sequence", "s.fen"]);
        let Command::Pgn(args) = cli.command else {
            panic!("not pgn");
        };
        assert_eq!(
            args.into_options().unwrap().mode,
            Mode::FromSequence(PathBuf::from("s.fen"))
        );
        assert!(
            Cli::try_parse_from(["arbiter", "pgn", "--from-fen", "a", "--from-sequence", "b"])
                .is_err()
        );
        assert!(Cli::try_parse_from(["arbiter", "pgn", "--from-fen", "a", "x.pgn"]).is_err());
        let cli = Cli::parse_from([
            "arbiter", "pgn", "--format", "jsonl", "-o", "c.pgn", "x.pgn",
        ]);
        let Command::Pgn(args) = cli.command else {
            panic!("not pgn");
        };
        let options = args.into_options().unwrap();
        assert_eq!(options.format, arbiter::report::Format::Jsonl);
        assert_eq!(options.output, Some(PathBuf::from("c.pgn")));
        assert!(Cli::try_parse_from(["arbiter", "pgn", "-o", "c.pgn", "--from-fen", "a"]).is_err());
    }
}
