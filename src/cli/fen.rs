//! `arbiter fen` on the command line: positions out of games, and FEN validation.

use clap::ValueEnum;
use shakmaty::{Color, EnPassantMode};

use arbiter::analysis::fen::{FenOptions, Selection};
use arbiter::commands;

use std::path::PathBuf;

use arbiter::report::Format;

use super::common::{InputArgs, OutputArgs, output_path};

/// Output formats of `arbiter fen`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FenFormatArg {
    /// FEN or EPD lines (with --check: path:line:col: severity[code]: message lines).
    Text,
    /// JSON Lines: one object per position (with --check: per finding), then a summary.
    Jsonl,
    /// CSV: one row per position (with --check: per finding) under a fixed header.
    Csv,
    /// An SVG board for every FEN/EPD line of the inputs (read and checked as --check reads
    /// them; findings on standard error): one position to standard output or -o FILE.svg,
    /// several into -o DIR/ (a file a position, named by its line number: 1.svg, 12.svg...; with
    /// several inputs the input's number first: 2-12.svg).
    Svg,
}

/// When the en passant square is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EpArg {
    /// After every double pawn push (the FEN standard).
    Always,
    /// Only when an en passant capture is legal (lichess, python-chess).
    Legal,
}

/// The inputs of `arbiter fen`, as its help gives them.
const FEN_FILES_HELP: &str = "Input PGN files (with --check: FEN/EPD lines, one position a line); \
    `-` (or none) reads standard input; a directory means the PGN files below it (with --check \
    and --format svg: the FEN and EPD files)";

/// The long help of the inputs of `arbiter fen`: the shared one's, and the walk of FEN/EPD lines.
const FEN_FILES_LONG_HELP: &str = "Input PGN files (with --check: FEN/EPD lines, one position a \
    line); `-` (or none) reads standard input; a directory means the PGN files below it (with \
    --check and --format svg: the FEN and EPD files).

A directory is walked for `*.pgn`, `*.pgn.zst`, `*.pgn.gz` and `*.pgn.bz2` (case ignored), \
sorted by path (a directory with none is a warning; nothing at all to read is status 2); with \
--check and --format svg, for `*.fen` and `*.epd` (case ignored; --glob chooses others), \
read as they are (not decompressed), the same way. Compressed inputs (zstd, gzip, bzip2) are \
recognised by their first bytes, not their names, and decompressed as they are read, standard \
input too; a damaged stream keeps what was decoded before the damage (status 2). A zip archive \
(a file, not a pipe) is read member by member in archive order, each reported as \
`archive.zip:member.pgn`, each checked against its CRC-32.";

/// Arguments of `arbiter fen`.
///
/// Writes the FEN after every ply of every game's main line (or the chosen positions), one per
/// line; with `--check`, validates the FEN/EPD lines of the inputs instead.
#[derive(Debug, clap::Args)]
#[command(mut_arg("files", |a| a.help(FEN_FILES_HELP).long_help(FEN_FILES_LONG_HELP)))]
pub struct FenArgs {
    /// Inputs (FEN/EPD files with --check), threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format: FEN/EPD lines (text), position records, or SVG boards.
    #[command(flatten)]
    pub output: OutputArgs<FenFormatArg>,
    /// With --format svg: write the board to FILE, or the boards into DIR (a directory that
    /// exists, or a path ending in /) instead of standard output.
    #[arg(short, long = "output", value_name = "FILE|DIR")]
    pub output_path: Option<PathBuf>,
    /// With --format svg: draw the boards with Black at the bottom.
    #[arg(long)]
    pub flip: bool,
    /// Only the last position of each game.
    #[arg(long = "final", conflicts_with_all = ["ply", "move_", "start"])]
    pub final_: bool,
    /// Only the position after ply N (0 = the start position).
    #[arg(long, value_name = "N", conflicts_with_all = ["move_", "start"])]
    pub ply: Option<u32>,
    /// Only the position before White's (23w) or Black's (23b) move with this number.
    #[arg(long = "move", value_name = "NUMBER{w|b}", value_parser = parse_move_spec, conflicts_with = "start")]
    pub move_: Option<(u32, Color)>,
    /// Also write the start position (ply 0).
    #[arg(long)]
    pub start: bool,
    /// Also the positions inside variations (any depth), each with its path: after a tab on
    /// FEN lines, in the EPD `id`, in the `path` key/column (such as `12...Nf6(1) 14.Re1(2)`).
    #[arg(long)]
    pub variations: bool,
    /// Write EPD lines (hmvc, fmvn and id "game G ply P" operations) instead of FEN.
    #[arg(long)]
    pub epd: bool,
    /// With --epd: add `sm` ("supplied move"), the move played from the position, in SAN.
    #[arg(long, requires = "epd")]
    pub epd_moves: bool,
    /// With --epd: add `c0`, a comment from the game's tags: "White - Black, Event, Date".
    #[arg(long, requires = "epd")]
    pub epd_tags: bool,
    /// When to write the en passant square.
    #[arg(long, value_enum, default_value_t = EpArg::Always)]
    pub ep: EpArg,
    /// Write the castling field of Chess960 positions as Shredder-FEN (rook files).
    #[arg(long)]
    pub shredder: bool,
    /// Validate the FEN/EPD lines of the inputs (one finding per bad line).
    #[arg(long)]
    pub check: bool,
    /// With --check: write every good FEN normalised on standard output (findings go to
    /// standard error).
    #[arg(long, requires = "check")]
    pub normalize: bool,
}

/// Reads `23w` / `23b` (also `23W`, `23B`).
fn parse_move_spec(text: &str) -> Result<(u32, Color), String> {
    let bad = || format!("\"{text}\" is not a move number followed by w or b (such as 23w or 23b)");
    let (number, side) = text.split_at(text.len().saturating_sub(1));
    let color = match side {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        _ => return Err(bad()),
    };
    match number.parse::<u32>() {
        Ok(n) if n >= 1 => Ok((n, color)),
        _ => Err(bad()),
    }
}

impl FenArgs {
    /// Resolves the arguments into the command's options.
    ///
    /// # Errors
    /// Returns a usage error for option combinations that cannot work.
    pub fn into_options(self) -> anyhow::Result<commands::fen::Options> {
        let svg = self.output.format == FenFormatArg::Svg;
        if svg
            && (self.final_
                || self.ply.is_some()
                || self.move_.is_some()
                || self.start
                || self.epd
                || self.variations
                || self.normalize)
        {
            anyhow::bail!(
                "--format svg draws the FEN/EPD lines of the inputs: --final, --ply, --move, \
                 --start, --epd, --variations and --normalize do not apply"
            );
        }
        if !svg && (self.output_path.is_some() || self.flip) {
            anyhow::bail!("-o and --flip are for the boards of --format svg");
        }
        if self.check
            && (self.final_
                || self.ply.is_some()
                || self.move_.is_some()
                || self.start
                || self.epd
                || self.variations)
        {
            anyhow::bail!(
                "--check validates FEN lines: --final, --ply, --move, --start, --epd and --variations do not apply"
            );
        }
        let selection = if self.final_ {
            Selection::Final
        } else if let Some(ply) = self.ply {
            Selection::Ply(ply)
        } else if let Some((fullmove, color)) = self.move_ {
            Selection::Before { fullmove, color }
        } else {
            Selection::Every { start: self.start }
        };
        let format = match self.output.format {
            FenFormatArg::Text | FenFormatArg::Svg => Format::Text,
            FenFormatArg::Jsonl => Format::Jsonl,
            FenFormatArg::Csv => Format::Csv,
        };
        Ok(commands::fen::Options {
            input: self.input.into_options(),
            format,
            fen: FenOptions {
                selection,
                ep: match self.ep {
                    EpArg::Always => EnPassantMode::Always,
                    EpArg::Legal => EnPassantMode::Legal,
                },
                shredder: self.shredder,
                epd: self.epd,
                moves: format != Format::Text,
                variations: self.variations,
                epd_move: self.epd_moves,
                epd_tags: self.epd_tags,
            },
            check: self.check || svg,
            normalize: self.normalize,
            svg: svg.then(|| commands::fen::SvgOptions {
                flip: self.flip,
                output: output_path(self.output_path),
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn args(list: &[&str]) -> FenArgs {
        let mut all = vec!["arbiter", "fen"];
        all.extend_from_slice(list);
        match Cli::try_parse_from(all).expect("parses").command {
            Command::Fen(args) => args,
            _ => panic!("not fen"),
        }
    }

    #[test]
    fn fen_flags_parse() {
        let o = args(&["--move", "23b", "--ep", "legal", "a.pgn"])
            .into_options()
            .unwrap();
        assert_eq!(
            o.fen.selection,
            Selection::Before {
                fullmove: 23,
                color: Color::Black
            }
        );
        assert_eq!(o.fen.ep, EnPassantMode::Legal);
        let o = args(&["--ply", "0", "--epd"]).into_options().unwrap();
        assert_eq!(o.fen.selection, Selection::Ply(0));
        assert!(o.fen.epd);
        assert!(Cli::try_parse_from(["arbiter", "fen", "--final", "--ply", "3"]).is_err());
        assert!(Cli::try_parse_from(["arbiter", "fen", "--move", "23x"]).is_err());
        assert!(Cli::try_parse_from(["arbiter", "fen", "--normalize"]).is_err());
        assert!(args(&["--check", "--final"]).into_options().is_err());
    }
}
