//! Arguments of `arbiter fix` (binary only).

use std::path::PathBuf;

use arbiter::analysis::draw::{CannotMate, FINAL_BUDGET};
use arbiter::analysis::fix::{Encoding, FixOptions, REPAIRS, Repair, ResultSource};
use arbiter::analysis::pgn::ExportOptions;
use arbiter::commands;

use super::common::InputArgs;

/// Repairs a database: every game written in PGN export format with its faults repaired
/// (standard SAN and move numbers, results the moves decide, the Seven Tag Roster, dates,
/// PlyCount, SetUp, text in Windows-1252 or code page 437 converted to UTF-8), each change in
/// the --log (JSON Lines); nothing is guessed or added unless asked (--result-from, --add).
/// Games with an illegal move or another error no repair covers go to the rejects file byte
/// for byte (--rejects). Exit status 1 when a game was rejected.
#[derive(Debug, clap::Args)]
pub struct FixArgs {
    /// PGN inputs, threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Write the repaired games to FILE (complete or not at all) instead of standard output;
    /// `-o -` is standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Write the change log (JSON Lines: one record per change, per game rejected, a summary)
    /// to FILE (`-`: standard output, with -o or --dry-run; --dry-run without --log writes it
    /// there).
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Write the games that cannot be repaired to FILE, byte for byte. Without it they go beside
    /// `-o FILE`, to FILE without its `.pgn` then `.rejects.pgn` (`clean.pgn` →
    /// `clean.rejects.pgn`, written at every run, empty when no game is rejected); with the
    /// games on standard output or `--dry-run` they are not kept. Standard error says where
    /// they went, even with -q.
    #[arg(long, value_name = "FILE")]
    pub rejects: Option<PathBuf>,
    /// Write only the log (and the rejects): no repaired games.
    #[arg(long)]
    pub dry_run: bool,
    /// Make only these repairs (comma-separated names; see GUIDE.md, "Repair a database"); the export format's
    /// own are always made.
    #[arg(
        long,
        value_name = "NAMES",
        value_delimiter = ',',
        conflicts_with = "skip"
    )]
    pub only: Vec<String>,
    /// Do not make these repairs (comma-separated names).
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub skip: Vec<String>,
    /// The encoding of games that are not UTF-8 (default: guessed per game).
    #[arg(long, value_enum)]
    pub encoding: Option<EncodingArg>,
    /// Leave comments out.
    #[arg(long)]
    pub no_comments: bool,
    /// Leave variations out.
    #[arg(long)]
    pub no_variations: bool,
    /// Leave NAGs (and move glyphs such as `!?`) out.
    #[arg(long)]
    pub no_nags: bool,
    /// Write a game with an illegal move (or a word that is no move) cut there, the rest of its
    /// line in a comment, and keep a stray word (a `}` with no `{`) in a comment, instead of
    /// rejecting the game (repair `keep-broken`).
    #[arg(long)]
    pub keep_broken: bool,
    /// Correct an ECO tag the moves contradict, with its Opening tag (repair `eco-correct`).
    #[arg(long)]
    pub eco_correct: bool,
    /// Add these tags where a game has none (comma-separated; none are added by default):
    /// `eco` (ECO and Opening from the moves: repair `eco`), `plycount` (PlyCount: repair
    /// `plycount-add`).
    #[arg(long, value_enum, value_name = "TAGS", value_delimiter = ',')]
    pub add: Vec<AddArg>,
    /// Settle a Result tag that disagrees with the termination marker by these records, in
    /// order, the first that gives a result (comma-separated; repair `result-agree`):
    /// `marker`, `tag`, `position` (the result the moves decide: checkmate, stalemate, a dead
    /// position, an automatic draw; none when they decide nothing). Without it such a game is
    /// rejected: which record is right, nothing in the game says.
    #[arg(long, value_enum, value_name = "RECORDS", value_delimiter = ',')]
    pub result_from: Vec<ResultFromArg>,
    /// Repair `result-decided` also draws a decisive result whose winner cannot checkmate by any
    /// series of legal moves for more than its material (FIDE Laws art. 6.9 on time, art. 5.1.2
    /// on resignation from 2023): pawns that can never move, forced moves, a search of every
    /// position that can arise, as `audit` finds them (rule `cannot-checkmate`; the search
    /// budget of `audit`). Without it, only the material decides (K v K+Q, K+N v K).
    #[arg(long)]
    pub cannot_checkmate: bool,
    /// The Laws and the profile the results the moves decide are judged by (as for `audit`).
    #[command(flatten)]
    pub in_force: super::audit::InForceArgs,
}

/// Encodings of `--encoding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EncodingArg {
    /// Windows-1252, the Latin-1 of Windows (`latin1`, `iso-8859-1` read the same way).
    #[value(
        name = "windows-1252",
        alias = "latin1",
        alias = "iso-8859-1",
        alias = "cp1252"
    )]
    Windows1252,
    /// DOS code page 437.
    #[value(name = "cp437", alias = "ibm437")]
    Cp437,
}

/// Tags of `--add`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AddArg {
    /// ECO and Opening from the moves (repair `eco`).
    Eco,
    /// PlyCount, the main line's plies (repair `plycount-add`).
    Plycount,
}

/// Records of `--result-from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ResultFromArg {
    /// The termination marker's result.
    Marker,
    /// The Result tag's.
    Tag,
    /// The result the moves decide, when they decide one.
    Position,
}

/// The repair named `name`, or a usage error listing the names.
fn repair(name: &str) -> anyhow::Result<Repair> {
    Repair::from_name(name.trim()).ok_or_else(|| {
        let names: Vec<&str> = REPAIRS.iter().map(|r| r.1).collect();
        anyhow::anyhow!("unknown repair '{name}' (repairs: {})", names.join(", "))
    })
}

impl FixArgs {
    /// Resolves the arguments into the command's options.
    ///
    /// # Errors
    /// Returns a usage error for an unknown repair name, a repair of the export format in
    /// `--skip`, or no output to write.
    pub fn into_options(self) -> anyhow::Result<commands::fix::Options> {
        let profile_file = self.in_force.profile_file();
        let (laws, profile) = self.in_force.into_options()?;
        let mut fix = FixOptions {
            laws,
            profile,
            encoding: self.encoding.map(|e| match e {
                EncodingArg::Windows1252 => Encoding::Windows1252,
                EncodingArg::Cp437 => Encoding::Cp437,
            }),
            export: ExportOptions {
                comments: !self.no_comments,
                variations: !self.no_variations,
                nags: !self.no_nags,
            },
            ..FixOptions::default()
        };
        if !self.only.is_empty() {
            let only = self
                .only
                .iter()
                .map(|n| repair(n))
                .collect::<anyhow::Result<Vec<_>>>()?;
            for (r, _, forced, _) in REPAIRS {
                fix.set(*r, *forced || only.contains(r));
            }
        }
        // Before --skip, which has the last word.
        for tag in &self.add {
            fix.set(
                match tag {
                    AddArg::Eco => Repair::Eco,
                    AddArg::Plycount => Repair::PlyCountAdd,
                },
                true,
            );
        }
        for name in &self.skip {
            let r = repair(name)?;
            if r.forced() {
                anyhow::bail!(
                    "--skip {}: the PGN export format makes this repair; it cannot be skipped",
                    r.name()
                );
            }
            fix.set(r, false);
        }
        if self.keep_broken {
            fix.set(Repair::KeepBroken, true);
        }
        if self.eco_correct {
            fix.set(Repair::EcoCorrect, true);
        }
        result_sources(&self.result_from, &self.skip, &mut fix)?;
        if self.cannot_checkmate {
            fix.cannot_mate = CannotMate::Search(FINAL_BUDGET);
        }
        let mut input = self.input.into_options();
        input.read_files.extend(profile_file);
        Ok(commands::fix::Options {
            input,
            fix,
            output: self.output,
            // A dry run shows what it would do (as `git clean -n`, `make -n`): without --log,
            // the log goes to standard output, where the games would have gone.
            log: match (self.dry_run, self.log) {
                (true, None) => Some(PathBuf::from("-")),
                (_, log) => log,
            },
            rejects: self.rejects,
            dry_run: self.dry_run,
        })
    }
}

/// `--result-from` into `fix`: its records in order (each once), and the repair
/// `result-agree` that settles by them.
///
/// # Errors
/// Returns a usage error for `result-agree` without `--result-from`, or skipped with it.
fn result_sources(
    result_from: &[ResultFromArg],
    skip: &[String],
    fix: &mut FixOptions,
) -> anyhow::Result<()> {
    let mut sources = Vec::new();
    for source in result_from {
        let source = match source {
            ResultFromArg::Marker => ResultSource::Marker,
            ResultFromArg::Tag => ResultSource::Tag,
            ResultFromArg::Position => ResultSource::Position,
        };
        if !sources.contains(&source) {
            sources.push(source);
        }
    }
    for (slot, source) in fix.result_from.iter_mut().zip(&sources) {
        *slot = Some(*source);
    }
    match (sources.is_empty(), fix.has(Repair::ResultAgree)) {
        (false, _) if skip.iter().any(|n| n.trim() == Repair::ResultAgree.name()) => {
            anyhow::bail!(
                "--result-from settles by repair result-agree: not with --skip result-agree"
            )
        }
        (false, _) => fix.set(Repair::ResultAgree, true),
        (true, true) => anyhow::bail!(
            "repair result-agree needs --result-from marker|tag|position: the record a \
             Result tag that disagrees with the termination marker is settled by"
        ),
        (true, false) => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::super::{Cli, Command};
    use super::*;

    fn options(args: &[&str]) -> anyhow::Result<commands::fix::Options> {
        let cli = Cli::try_parse_from(args)?;
        let Command::Fix(args) = cli.command else {
            panic!("not fix");
        };
        args.into_options()
    }

    #[test]
    fn fix_flags_parse() {
        let o = options(&[
            "arbiter",
            "fix",
            "-o",
            "c.pgn",
            "--skip",
            "date,plycount",
            "a.pgn",
        ])
        .unwrap();
        assert!(!o.fix.has(Repair::Date) && !o.fix.has(Repair::PlyCount));
        assert!(o.fix.has(Repair::ResultDecided) && o.fix.has(Repair::San));
        let o = options(&[
            "arbiter",
            "fix",
            "--only",
            "setup",
            "--encoding",
            "cp437",
            "a.pgn",
        ])
        .unwrap();
        assert!(o.fix.has(Repair::SetUp) && o.fix.has(Repair::San) && !o.fix.has(Repair::Date));
        assert_eq!(o.fix.encoding, Some(Encoding::Cp437));
        assert!(options(&["arbiter", "fix", "--skip", "san", "a.pgn"]).is_err());
        assert!(options(&["arbiter", "fix", "--skip", "nonsense", "a.pgn"]).is_err());
        let o = options(&[
            "arbiter",
            "fix",
            "--dry-run",
            "--log",
            "-",
            "--rejects",
            "r.pgn",
        ])
        .unwrap();
        assert!(o.dry_run && o.rejects.is_some());
        let o = options(&["arbiter", "fix", "--dry-run", "a.pgn"]).unwrap();
        assert_eq!(o.log, Some(PathBuf::from("-")));
        let o = options(&["arbiter", "fix", "--dry-run", "--log", "l.jsonl", "a.pgn"]).unwrap();
        assert_eq!(o.log, Some(PathBuf::from("l.jsonl")));
        assert_eq!(options(&["arbiter", "fix", "a.pgn"]).unwrap().log, None);
    }
}
