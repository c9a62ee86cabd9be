//! `arbiter stats` on the command line.

use std::path::PathBuf;

use clap::ValueEnum;

use arbiter::analysis::draw::AuditOptions;
use arbiter::commands;
use arbiter::commands::stats::StatsFormat;
use arbiter::report::stats::Table;

use super::common::{InputArgs, ReportOutputArgs, output_path};
use super::names::AliasArgs;

/// Output formats of `arbiter stats`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatsFormatArg {
    /// Text with bar charts.
    Text,
    /// One JSON document with every count (the input of --merge), on one line: `jsonl`, the
    /// name every other subcommand uses, is accepted too (a JSON Lines file of one record).
    #[value(alias = "jsonl")]
    Json,
    /// One CSV table (choose it with --table).
    Csv,
    /// One HTML page, complete in itself (inline CSS and SVG, no script, works offline): the
    /// figures, the text output's histograms as bar charts, and every --table as an HTML table
    /// (only that one with --table NAME); -o FILE to write it to a file.
    Html,
}

/// The inputs of `arbiter stats`, as its help gives them.
const STATS_FILES_HELP: &str = "Input PGN files (with --merge: JSON outputs of `arbiter stats \
    --format json`); `-` (or none) reads standard input; a directory means the PGN files below it";

/// Arguments of `arbiter stats`.
///
/// Statistics over whole databases: games, lengths, results, openings, players, ratings,
/// dates, time controls, and (with --with-check / --with-audit) findings. Moves are not
/// replayed unless --with-check or --with-audit asks for it.
#[derive(Debug, clap::Args)]
#[command(mut_arg("files", |a| a.help(STATS_FILES_HELP)))]
pub struct StatsArgs {
    /// Inputs (JSON outputs of `arbiter stats` with --merge), threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format and destination.
    #[command(flatten)]
    pub output: ReportOutputArgs<StatsFormatArg>,
    /// The CSV table to write (with --format html: the only table of the page): summary, lengths, results, variants, eco, openings,
    /// first-moves, players, ratings, rating-diff, rating-bands, years, months,
    /// time-controls, terminations, findings.
    #[arg(long, value_name = "NAME")]
    pub table: Option<String>,
    /// Rows of the ranked tables (ECO, openings, first moves, players, time controls,
    /// terminations, groups): default 10 in the text output, all in CSV; JSON has them all.
    #[arg(long, value_name = "N")]
    pub top: Option<usize>,
    /// Group every figure by the value of this tag (Event, Site, TimeControl, ECO...; `year` =
    /// the year of the Date tag).
    #[arg(long, value_name = "TAG")]
    pub by: Option<String>,
    /// Also classify every game's opening from its moves (lichess chess-openings: ECO and
    /// name, longest line, by position) and count the tags it fills or contradicts; replays up
    /// to 36 plies a game, about 2.5x the time of `stats` alone.
    #[arg(long)]
    pub openings: bool,
    /// Write SVG charts into DIR: lengths.svg, rating-diff.svg, years.svg.
    #[arg(long, value_name = "DIR")]
    pub plot: Option<PathBuf>,
    /// The FILEs are JSON outputs of `arbiter stats --format json`: merge them exactly.
    #[arg(long)]
    pub merge: bool,
    /// With --merge: what the merge may take besides one whole run (as `arbiter merge`).
    #[command(flatten)]
    pub allow: super::merge::AllowArgs,
    /// Also run the checks of `arbiter check` and count errors and warnings by code.
    #[arg(long)]
    pub with_check: bool,
    /// Also apply the draw rules of `arbiter audit` and count verdicts by code.
    #[arg(long)]
    pub with_audit: bool,
    /// The Laws and the profile the --with-audit counts judge by (as for `audit`).
    #[command(flatten)]
    pub in_force: super::audit::InForceArgs,
    /// Player aliases: the players tables count every spelling of a person as one.
    #[command(flatten)]
    pub aliases: AliasArgs,
    /// Print likely aliases instead of the statistics: CSV `alias,canonical,...` for a person
    /// to check and keep as an --aliases file (same surname and initial in the other order,
    /// a surname without an initial, or a transliteration-close surname; with overlapping
    /// years or a common event). Nothing is merged.
    #[arg(long)]
    pub suggest_aliases: bool,
}

impl StatsArgs {
    /// Resolves the arguments into the command's options.
    ///
    /// # Errors
    /// Returns a usage error for option combinations that cannot work.
    pub fn into_options(self) -> anyhow::Result<commands::stats::Options> {
        let format = match (self.output.format, &self.table) {
            (StatsFormatArg::Csv, Some(name)) => {
                StatsFormat::Csv(Table::from_name(name).map_err(|e| anyhow::anyhow!("{e}"))?)
            }
            (StatsFormatArg::Csv, None) => {
                let names: Vec<&str> = Table::ALL.iter().map(|(n, _)| *n).collect();
                anyhow::bail!(
                    "--format csv writes one table: choose it with --table NAME ({})",
                    names.join(", ")
                );
            }
            (StatsFormatArg::Html, table) => StatsFormat::Html(
                table
                    .as_deref()
                    .map(Table::from_name)
                    .transpose()
                    .map_err(|e| anyhow::anyhow!("{e}"))?,
            ),
            (_, Some(_)) => anyhow::bail!("--table needs --format csv or html"),
            (StatsFormatArg::Text, None) => StatsFormat::Text,
            (StatsFormatArg::Json, None) => StatsFormat::Json,
        };
        if self.merge && (self.by.is_some() || self.with_check || self.with_audit) {
            anyhow::bail!(
                "--merge reads finished results: --by, --with-check and --with-audit belong to \
                 the runs that wrote them"
            );
        }
        if !self.merge && (self.allow.allow_partial || self.allow.allow_mixed) {
            anyhow::bail!(
                "--allow-partial and --allow-mixed say what --merge may take: they need --merge"
            );
        }
        if !self.with_audit && !self.in_force.is_default() {
            anyhow::bail!("--laws and --profile judge the audit: they need --with-audit");
        }
        if self.suggest_aliases
            && (self.merge
                || self.by.is_some()
                || self.plot.is_some()
                || self.output.output.is_some()
                || self.output.format != StatsFormatArg::Text)
        {
            anyhow::bail!(
                "--suggest-aliases writes CSV of the players of PGN inputs: not with --merge, \
                 --by, --plot, -o or --format"
            );
        }
        if self.by.as_deref().is_some_and(str::is_empty) {
            anyhow::bail!("--by needs a tag name");
        }
        let profile_file = self.in_force.profile_file();
        let (laws, profile) = self.in_force.into_options()?;
        let mut input = self.input.into_options();
        input.read_files.extend(profile_file);
        input.read_files.extend(self.aliases.files());
        Ok(commands::stats::Options {
            input,
            format,
            top: self.top,
            by: self.by,
            openings: self.openings,
            plot: self.plot,
            output: output_path(self.output.output),
            merge: self.merge,
            allow: self.allow.allow(),
            with_check: self.with_check,
            with_audit: self.with_audit,
            audit: AuditOptions {
                laws,
                profile,
                ..AuditOptions::default()
            },
            names: self.aliases.names()?,
            suggest_aliases: self.suggest_aliases,
        })
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn options(args: &[&str]) -> anyhow::Result<commands::stats::Options> {
        let cli = Cli::try_parse_from(std::iter::once("arbiter").chain(args.iter().copied()))?;
        let Command::Stats(args) = cli.command else {
            panic!("not stats");
        };
        args.into_options()
    }

    #[test]
    fn stats_flags_parse() {
        let o = options(&[
            "stats",
            "--format",
            "csv",
            "--table",
            "players",
            "--top",
            "5",
            "--by",
            "year",
            "--plot",
            "charts",
            "--with-check",
            "--with-audit",
            "-j",
            "2",
            "-q",
            "a.pgn",
        ])
        .unwrap();
        assert_eq!(o.format, StatsFormat::Csv(Table::Players));
        assert_eq!(o.top, Some(5));
        assert_eq!(o.by.as_deref(), Some("year"));
        assert_eq!(o.plot, Some(PathBuf::from("charts")));
        assert!(o.with_check && o.with_audit && !o.merge && !o.input.progress && !o.input.timing);
        assert_eq!(o.input.jobs, 2);
        assert_eq!(o.input.paths, [PathBuf::from("a.pgn")]);
        let o = options(&[
            "stats",
            "--with-audit",
            "--laws",
            "pre-2014",
            "--profile",
            "platform",
            "a.pgn",
        ])
        .unwrap();
        assert_eq!(o.audit.laws, arbiter::analysis::draw::LawsOption::Pre2014);
        assert_eq!(o.audit.profile.name.as_str(), "platform");
        let o = options(&["stats", "--merge", "--format", "json", "a.json", "b.json"]).unwrap();
        assert!(o.merge);
        assert_eq!(o.format, StatsFormat::Json);
        let o = options(&["stats", "--format", "jsonl", "a.pgn"]).unwrap();
        assert_eq!(o.format, StatsFormat::Json);
    }

    #[test]
    fn stats_flag_combinations_are_checked() {
        for bad in [
            &["stats", "--format", "csv"][..],
            &["stats", "--format", "csv", "--table", "nope"],
            &["stats", "--table", "eco"],
            &["stats", "--merge", "--by", "Event", "a.json"],
            &["stats", "--merge", "--with-check", "a.json"],
            &["stats", "--by", ""],
            &["stats", "--laws", "pre-2014", "a.pgn"],
            &["stats", "--profile", "platform", "a.pgn"],
            &[
                "stats",
                "--merge",
                "--with-audit",
                "--laws",
                "current",
                "a.json",
            ],
        ] {
            assert!(options(bad).is_err(), "{bad:?}");
        }
    }
}
