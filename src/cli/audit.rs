//! `arbiter audit` on the command line.

use std::path::PathBuf;

use clap::ValueEnum;

use arbiter::analysis::draw::{
    AuditOptions, CannotMate, FINAL_BUDGET, LawsOption, Missed, Profile, Rules,
};
use arbiter::analysis::unwinnable::Budget;
use arbiter::commands;

use super::common::{ColorArgs, InputArgs, ReportOutputArgs};

/// A draw rule family for `--rules`; the rule names the verdicts carry (`threefold`,
/// `fifty-move`, ...) are accepted too and choose their family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RuleArg {
    /// Threefold (claim) and fivefold (automatic) repetition, arts. 9.2, 9.6.1 (also
    /// `threefold`, `fivefold`).
    #[value(alias = "threefold", alias = "fivefold")]
    Repetition,
    /// Fifty-move (claim) and seventy-five-move (automatic) rules, arts. 9.3, 9.6.2 (also
    /// `fifty-move`, `seventy-five-move`).
    #[value(alias = "fifty-move", alias = "seventy-five-move")]
    Fifty,
    /// Stalemate, art. 5.2.1.
    Stalemate,
    /// Dead position and insufficient material, art. 5.2.2; a winner that cannot checkmate,
    /// art. 6.9 and 5.1.2 (also `dead-position`, `insufficient-material`, `cannot-checkmate`).
    #[value(
        alias = "dead-position",
        alias = "insufficient-material",
        alias = "cannot-checkmate"
    )]
    Dead,
    /// Perpetual check (profiles that have the rule; also `perpetual-check`).
    #[value(alias = "perpetual-check")]
    Perpetual,
    /// How the game ended: resignation and time-forfeit rules (profiles that have them).
    Termination,
}

/// An edition of the FIDE Laws for `--laws`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LawsArg {
    /// The Laws in force today (since 1 July 2014: automatic draws by art. 9.6).
    Current,
    /// The Laws before 1 July 2014: fivefold repetition and 75 moves are claim opportunities
    /// only.
    #[value(name = "pre-2014")]
    Pre2014,
    /// By the game's Date tag: before 1 July 2014 the earlier Laws; an unknown date gets the
    /// current Laws, and the verdicts say so.
    Auto,
}

/// Output formats of `audit`: the values of `check`'s, said of verdicts and positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AuditFormatArg {
    /// Human-readable lines: path:line:col: severity[code]: game, move, verdict.
    Text,
    /// JSON Lines: one object per verdict (per position with --positions), then a summary
    /// object.
    Jsonl,
    /// CSV: one row per verdict (per position with --positions) under a fixed header.
    Csv,
    /// Parquet: the rows of the CSV as typed columns (with -o FILE, or to standard output that is a file or a pipe).
    Parquet,
    /// HTML: one self-contained page, verdicts grouped by code, each with a board (not with
    /// --positions).
    Html,
}

impl AuditFormatArg {
    /// The library's format (`html`: with `max_boards` boards at most).
    pub fn format(self, max_boards: u64) -> arbiter::report::ReportFormat {
        use arbiter::report::html::HtmlOptions;
        use arbiter::report::{Format, ReportFormat};
        match self {
            AuditFormatArg::Html => ReportFormat::Html(HtmlOptions { max_boards }),
            AuditFormatArg::Text => ReportFormat::Stream(Format::Text),
            AuditFormatArg::Jsonl => ReportFormat::Stream(Format::Jsonl),
            AuditFormatArg::Csv => ReportFormat::Stream(Format::Csv),
            AuditFormatArg::Parquet => ReportFormat::Parquet,
        }
    }
}

/// `--laws` and `--profile`: the rules results are judged by, on every subcommand that judges
/// results (`audit`, `fix`).
#[derive(Debug, clap::Args)]
pub struct InForceArgs {
    /// The edition of the FIDE Laws: `current`, `pre-2014` (no automatic draws by art. 9.6),
    /// or `auto` (by the game's Date tag: before 1 July 2014 the earlier Laws).
    #[arg(long, value_enum, value_name = "LAWS", default_value = "auto")]
    pub laws: LawsArg,
    /// The rules to judge by: a built-in profile (`fide`, `platform`) or a TOML profile file.
    #[arg(long, value_name = "NAME|FILE", default_value = "fide")]
    pub profile: String,
}

impl InForceArgs {
    /// The profile file `--profile` names, when it names a file (not a built-in profile): the
    /// run reads it, so no output may be written over it.
    pub fn profile_file(&self) -> Option<std::path::PathBuf> {
        let path = std::path::Path::new(&self.profile);
        path.is_file().then(|| path.to_path_buf())
    }

    /// Whether both are left at their defaults (`--laws auto --profile fide`): a subcommand
    /// that judges results only on request (`stats --with-audit`) refuses them otherwise.
    pub fn is_default(&self) -> bool {
        self.laws == LawsArg::Auto && self.profile == "fide"
    }

    /// The edition of the Laws and the profile.
    ///
    /// # Errors
    /// Returns a usage error for a profile that is neither built in nor a readable, valid TOML
    /// profile file.
    pub fn into_options(self) -> anyhow::Result<(LawsOption, &'static Profile)> {
        let laws = match self.laws {
            LawsArg::Current => LawsOption::Current,
            LawsArg::Pre2014 => LawsOption::Pre2014,
            LawsArg::Auto => LawsOption::Auto,
        };
        Ok((laws, commands::audit::profile(&self.profile)?))
    }
}

/// What `--missed` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MissedArg {
    /// The first ply of each rule, with a count of the later plies.
    First,
    /// Every ply.
    All,
}

/// Arguments of `arbiter audit`.
#[derive(Debug, clap::Args)]
pub struct AuditArgs {
    /// Inputs, threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format and file.
    #[command(flatten)]
    pub output: ReportOutputArgs<AuditFormatArg>,
    /// Colour.
    #[command(flatten)]
    pub color: ColorArgs,
    /// Which verdicts are printed.
    #[command(flatten)]
    pub filter: super::common::FilterArgs,
    /// The rules to apply (comma-separated; default: all).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "RULES")]
    pub rules: Vec<RuleArg>,
    /// Also report where a threefold or fifty-move claim was available and play went on: the
    /// first ply of each rule with a count of the later plies (`--missed`), or every ply
    /// (`--missed=all`).
    #[arg(long, value_enum, value_name = "WHICH", num_args = 0..=1, require_equals = true,
          default_missing_value = "first")]
    pub missed: Option<MissedArg>,
    /// The Laws and the profile results are judged by.
    #[command(flatten)]
    pub in_force: InForceArgs,
    /// Write the games with error verdicts to FILE, byte for byte (as `check --invalid-out`).
    #[arg(long, value_name = "FILE")]
    pub verdicts_out: Option<PathBuf>,
    /// With --format html: boards for the first N findings or verdicts with a position only.
    ///
    /// Those past them are listed without a board (the page says how many); a board is some
    /// 6 KB of the page.
    #[arg(long, value_name = "N", default_value_t = arbiter::report::html::DEFAULT_MAX_BOARDS)]
    pub html_max_boards: u64,
    /// Classify the FEN/EPD lines of FILE (checkmate, stalemate, insufficient material, dead
    /// position, whether each side can still checkmate) instead of auditing games; `-` reads
    /// standard input.
    ///
    /// For each side the question of FIDE Laws art. 5.2.2 and 6.9, "can it still checkmate by
    /// any series of legal moves?", gets `yes` (a helpmate was found: a series of legal moves,
    /// both sides cooperating, that ends in that side's checkmate of the other;
    /// `--show-helpmate` writes it), `no` (proved, with the reason: the side's material, pawns
    /// that can never move and keep its pieces from checking or from closing a mating net,
    /// forced moves that repeat, or a search that examined every position the game can reach)
    /// or `unknown` (not decided within `--search-nodes`). A position is `dead` only when both
    /// sides get `no` (a checkmate or a stalemate is reported as such, not as dead).
    #[arg(long, value_name = "FILE")]
    pub positions: Option<PathBuf>,
    /// With --positions: write, for each side that can checkmate, a helpmate (numbered SAN,
    /// `38...Kh8 39.Qg7#`) in the record (`helpmate` in JSON Lines, `white_helpmate` and
    /// `black_helpmate` in CSV and Parquet).
    #[arg(long, requires = "positions")]
    pub show_helpmate: bool,
    /// The most positions the search for "can this side still checkmate?" examines, per side
    /// and position (a few hundred nanoseconds each): with --positions (default 1000000, a
    /// few tenths of a second at worst), and for the final position of each decisive game
    /// (art. 6.9 on time, 5.1.2 on resignation; default 1000). 0: no search (material, pawn
    /// walls and forced moves only). A question the search does not decide is `unknown`, and
    /// gives no verdict on a game.
    #[arg(long, value_name = "N")]
    pub search_nodes: Option<u64>,
    /// Also print one record per game (status, plies, result), in the text and JSON Lines
    /// formats (refused with --format csv or parquet: game records are not verdicts).
    #[arg(long)]
    pub games: bool,
}

impl AuditArgs {
    /// Resolves the arguments into the command's options.
    ///
    /// # Errors
    /// Returns a usage error for option combinations that cannot work.
    pub fn into_options(self) -> anyhow::Result<commands::audit::Options> {
        // `--missed all` reads `all` as a file (the value needs `=`): say so, not "all: No
        // such file or directory".
        let value_as_file = self
            .input
            .files
            .iter()
            .find(|f| matches!(f.to_str(), Some("all" | "first")) && !f.exists());
        if let (Some(_), Some(file)) = (self.missed, value_as_file) {
            anyhow::bail!(
                "'{}' is read as an input file, and there is none: the value of --missed is \
                 written with '=' (--missed={0})",
                file.display()
            );
        }
        if self.positions.is_some()
            && (!self.input.files.is_empty()
                || self.missed.is_some()
                || self.games
                || self.verdicts_out.is_some())
        {
            anyhow::bail!(
                "--positions classifies the lines of one FEN/EPD file: it takes no PGN files, \
                 --missed, --games or --verdicts-out"
            );
        }
        match self.output.format {
            AuditFormatArg::Csv if self.games => {
                anyhow::bail!("--games is not available with --format csv (use --format jsonl)")
            }
            AuditFormatArg::Parquet if self.games => {
                anyhow::bail!("--games is not available with --format parquet (use --format jsonl)")
            }
            AuditFormatArg::Html if self.positions.is_some() => {
                anyhow::bail!(
                    "--format html shows games: use text, jsonl, csv or parquet with --positions"
                )
            }
            _ => {}
        }
        let mut rules = Rules::default();
        if !self.rules.is_empty() {
            rules = Rules {
                repetition: self.rules.contains(&RuleArg::Repetition),
                fifty: self.rules.contains(&RuleArg::Fifty),
                stalemate: self.rules.contains(&RuleArg::Stalemate),
                dead: self.rules.contains(&RuleArg::Dead),
                perpetual: self.rules.contains(&RuleArg::Perpetual),
                termination: self.rules.contains(&RuleArg::Termination),
            };
        }
        let profile_file = self.in_force.profile_file();
        let (laws, profile) = self.in_force.into_options()?;
        let mut input = self.input.into_options();
        input.read_files.extend(profile_file);
        Ok(commands::audit::Options {
            input,
            report: super::common::report_output(
                self.output.format.format(self.html_max_boards),
                self.output.output,
                &self.color,
                self.filter,
                self.games,
            ),
            audit: AuditOptions {
                rules,
                missed: match self.missed {
                    None => Missed::Off,
                    Some(MissedArg::First) => Missed::First,
                    Some(MissedArg::All) => Missed::All,
                },
                laws,
                profile,
                cannot_mate: CannotMate::Search(Budget {
                    nodes: self.search_nodes.unwrap_or(FINAL_BUDGET.nodes),
                    ..FINAL_BUDGET
                }),
            },
            show_helpmate: self.show_helpmate,
            positions_budget: Budget {
                nodes: self.search_nodes.unwrap_or(Budget::FULL.nodes),
                ..Budget::FULL
            },
            verdicts_out: self.verdicts_out,
            positions: self.positions,
        })
    }
}
