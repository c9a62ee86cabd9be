//! `arbiter standings` and `arbiter ratings` on the command line (issue 34).

use std::path::PathBuf;

use anyhow::Context;
use clap::ValueEnum;

use arbiter::analysis::draw::AuditOptions;
use arbiter::analysis::ratings::{FitOptions, RatingOptions};
use arbiter::analysis::standings::{
    GroupBy, KindOption, NameMode, Scoring, TableOptions, TieBreak,
};
use arbiter::commands;
use arbiter::commands::standings::{Format, ReadOptions};
use arbiter::engine::input::interruptible::read_capped;

use super::audit::InForceArgs;
use super::common::{ColorArgs, InputArgs, ReportOutputArgs};
use super::names::AliasArgs;

/// Output formats of `standings` and `ratings`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StandingsFormatArg {
    /// Aligned text: a table per event (per group for ratings).
    Text,
    /// CSV with a header row: a row per player.
    Csv,
    /// JSON Lines: a record per player (and per note on the results read).
    Jsonl,
    /// One HTML page, complete in itself (inline CSS, no script, works offline): per event the
    /// standings table, the crosstable of a round robin (or the opponents by round of a
    /// Swiss), the marked results with a legend, and the notes (standings only).
    Html,
}

impl StandingsFormatArg {
    fn format(self) -> Format {
        match self {
            StandingsFormatArg::Text => Format::Text,
            StandingsFormatArg::Csv => Format::Csv,
            StandingsFormatArg::Jsonl => Format::Jsonl,
            StandingsFormatArg::Html => Format::Html,
        }
    }
}

/// How names are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NamesArg {
    /// By player identity, as stats and select tell players apart (with --aliases and
    /// --spellings): spellings are one player only when they cannot be two (`Kasparov, Gary` is
    /// `Kasparov,G`; `Lasker,Em` and `Lasker,Ed` are two; `Lasker,E` beside both is a player of
    /// its own).
    Key,
    /// As written, surrounding spaces aside.
    Exact,
}

/// How the results are read: what `standings` and `ratings` share.
#[derive(Debug, clap::Args)]
pub struct ResultArgs {
    /// How player names are compared.
    #[arg(long, value_enum, default_value_t = NamesArg::Key)]
    pub names: NamesArg,
    /// Do not run the draw-rule audit: results are read from the tags alone (at the speed of
    /// `stats`), and none is marked as contradicted.
    #[arg(long)]
    pub no_audit: bool,
    /// Score a result the audit contradicts as the audit says (a timeout win in a dead
    /// position as a draw; a loss on time the profile makes void as unfinished), marked `!`.
    /// Without it such results are scored as recorded and marked.
    #[arg(long, conflicts_with = "no_audit")]
    pub as_audited: bool,
    /// The Laws and the profile the audit judges by (as for `audit`).
    #[command(flatten)]
    pub in_force: InForceArgs,
    /// Player aliases.
    #[command(flatten)]
    pub aliases: AliasArgs,
}

impl ResultArgs {
    fn into_options(self, input: InputArgs, group_by: GroupBy) -> anyhow::Result<ReadOptions> {
        if self.no_audit && !self.in_force.is_default() {
            anyhow::bail!("--laws and --profile judge the audit: not with --no-audit");
        }
        let profile_file = self.in_force.profile_file();
        let (laws, profile) = self.in_force.into_options()?;
        let mut input = input.into_options();
        input.read_files.extend(profile_file);
        input.read_files.extend(self.aliases.aliases.clone());
        Ok(ReadOptions {
            input,
            group_by,
            names: self.aliases.names()?,
            name_mode: match self.names {
                NamesArg::Key => NameMode::Key,
                NamesArg::Exact => NameMode::Exact,
            },
            audit: (!self.no_audit).then_some(AuditOptions {
                laws,
                profile,
                ..AuditOptions::default()
            }),
            as_audited: self.as_audited,
        })
    }
}

/// The kind of the events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// From the pairings: a round robin when every two players met, each pair equally often;
    /// matches when not all met but every two who met played several games; else a Swiss.
    Auto,
    /// Every event is a round robin.
    RoundRobin,
    /// Every event is a set of matches (a knockout): every two players who met played
    /// several games.
    Matches,
    /// Every event is a Swiss.
    Swiss,
}

/// The longest scoring profile file read (1 MiB).
const MAX_SCORING_BYTES: u64 = 1 << 20;

/// Arguments of `arbiter standings`.
///
/// One table per event (the Event tag; --group-by to split or join): rank, games, points,
/// wins/draws/losses, score %, the tie-breaks, and for a round robin the crosstable (rows and
/// columns by rank, cells 1 ½ 0, one per cycle), for a Swiss the opponents by round (opponent's
/// rank, colour, result). `+`/`-` are games won/lost unplayed (a Termination naming a forfeit,
/// or a decisive result with no move), `*` unfinished games (listed, never scored), `!` a
/// result the audit contradicts.
///
/// Results are read as `arbiter check` reads them: `1/2`, `½-½`, `0.5-0.5` and Unicode dashes
/// stand for the result they mean, with a note on standard error; without a Result tag the
/// termination marker is scored. Each game is audited (the draw rules of `arbiter audit`) unless
/// --no-audit: a result the audit contradicts is scored as recorded and marked, or as the audit
/// says with --as-audited.
///
/// Tie-breaks (FIDE Tie-Break Regulations 2023): DE direct encounter, WIN wins, WON wins over
/// the board, BPG games with Black, BWG wins with Black, BH Buchholz and SB Sonneborn-Berger
/// (each with -C1, -C2 cut, -M1, -M2 median), KS Koya, ARO average rating of opponents, TPR
/// performance rating (both from the Elo tags). Defaults: DE,WIN,SB,KS for a round robin,
/// BH-C1,BH,DE,WIN,ARO for a Swiss. In BH and SB of a Swiss a forfeit counts as a game against
/// an opponent with the player's own score (art. 16), in a round robin as 0.
///
/// Memory: the players, and 28 bytes a game.
#[derive(Debug, clap::Args)]
pub struct StandingsArgs {
    /// Inputs, threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Format and destination.
    #[command(flatten)]
    pub output: ReportOutputArgs<StandingsFormatArg>,
    /// Colour of the text.
    #[command(flatten)]
    pub color: ColorArgs,
    /// How results are read.
    #[command(flatten)]
    pub results: ResultArgs,
    /// The tags that name an event: any of event, site, year (the Date tag's), comma-separated;
    /// `none`: one table for every game.
    #[arg(long, value_name = "TAGS", default_value = "event", value_parser = GroupBy::parse)]
    pub group_by: GroupBy,
    /// The scoring profile: `fide` (1-½-0), `football` (3-1-0), `levels` (a club's points and
    /// levels: 100 points a level, gains by the difference of points; the table is ranked by
    /// them) or a TOML file (keys name, description, win, draw, loss, forfeit_win, forfeit_loss,
    /// and [levels] with start, points_per_level, top_level, halve_after_games and
    /// [[levels.bands]] of below, higher_wins, lower_wins, draw = {base, per_ten}).
    #[arg(long, value_name = "NAME|FILE", default_value = "fide")]
    pub scoring: String,
    /// The tie-breaks, in order, comma-separated (e.g. SB,DE,WIN), each once; `""` for none
    /// (the points alone rank).
    #[arg(long, value_name = "LIST")]
    pub tiebreak: Option<String>,
    /// The kind of every event.
    #[arg(long, value_enum, default_value_t = KindArg::Auto)]
    pub kind: KindArg,
}

/// The scoring profile `--scoring` names: built in, or a file.
fn scoring(name: &str) -> anyhow::Result<Scoring> {
    if let Some(s) = Scoring::built_in(name) {
        return Ok(s);
    }
    let text = read_capped(
        std::path::Path::new(name),
        MAX_SCORING_BYTES,
        "no scoring profile",
    )
    .with_context(|| {
        format!("--scoring {name}: not fide, football, levels, nor a readable file")
    })?;
    let text =
        String::from_utf8(text).map_err(|_| anyhow::anyhow!("--scoring {name}: not UTF-8"))?;
    Scoring::from_toml(&text).map_err(|e| anyhow::anyhow!("--scoring {name}: {e}"))
}

impl StandingsArgs {
    /// Resolves the arguments into the command's options.
    ///
    /// # Errors
    /// Returns a usage error for a profile or alias file that cannot be read.
    pub fn into_options(self) -> anyhow::Result<commands::standings::Options> {
        let output = super::common::output_path(self.output.output);
        let color = self.color.enabled_for(output.as_deref());
        let scoring_file = Scoring::built_in(&self.scoring)
            .is_none()
            .then(|| PathBuf::from(&self.scoring));
        let mut read = self.results.into_options(self.input, self.group_by)?;
        read.input.read_files.extend(scoring_file);
        Ok(commands::standings::Options {
            read,
            tables: TableOptions {
                scoring: scoring(&self.scoring)?,
                tiebreaks: match &self.tiebreak {
                    Some(list) => Some(
                        TieBreak::parse_list(list)
                            .map_err(|e| anyhow::anyhow!("--tiebreak: {e}"))?,
                    ),
                    None => None,
                },
                kind: match self.kind {
                    KindArg::Auto => KindOption::Auto,
                    KindArg::RoundRobin => KindOption::RoundRobin,
                    KindArg::Matches => KindOption::Matches,
                    KindArg::Swiss => KindOption::Swiss,
                },
            },
            format: self.output.format.format(),
            color,
            output,
        })
    }
}

/// Arguments of `arbiter ratings`.
///
/// Ratings from the results of every game read, by maximum likelihood on the logistic Elo model
/// as Ordo does it (a 202-point advantage expects 76%; a draw is half a win): per group of
/// players connected by their games, each centred on --average (or holding --anchor at its
/// rating), never one scale across groups that never met. A player who won (lost) every game
/// gets Ordo's floor (ceiling), marked > (<). Unfinished games and forfeits are not rated.
///
/// With --fide, instead, the FIDE rating change of each player of each game from the Elo tags
/// (FIDE Rating Regulations: the expected score from table 8.1.2 of the rating difference, a
/// difference over 400 counted as 400; change = K × (score − expected)).
#[derive(Debug, clap::Args)]
pub struct RatingsArgs {
    /// Inputs, threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// Format and destination.
    #[command(flatten)]
    pub output: ReportOutputArgs<StandingsFormatArg>,
    /// Colour of the text.
    #[command(flatten)]
    pub color: ColorArgs,
    /// How results are read.
    #[command(flatten)]
    pub results: ResultArgs,
    /// Hold this player at this rating (`--anchor "Carlsen, Magnus"=2865`); their group is
    /// shifted so, the other groups are centred on --average.
    #[arg(long, value_name = "NAME=RATING", value_parser = parse_anchor)]
    pub anchor: Option<(String, f64)>,
    /// The average rating of each group.
    #[arg(long, value_name = "RATING", default_value_t = 2300.0)]
    pub average: f64,
    /// White's advantage in rating points, or `auto` to estimate it (the advantage whose
    /// expected points for White equal White's points).
    #[arg(long, value_name = "POINTS|auto", default_value = "0")]
    pub white_advantage: String,
    /// The draw rate of two equal players in percent, or `auto` to estimate it (expected draws =
    /// draws); it shapes the simulations, not the ratings.
    #[arg(long, value_name = "PERCENT|auto", default_value = "auto")]
    pub draw_rate: String,
    /// Error bars from N simulated tournaments (1.96 standard deviations: 95%).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub simulate: u32,
    /// The seed of the simulations (the same seed gives the same error bars).
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    pub seed: u64,
    /// Write the FIDE rating change of each player of each game instead of fitting ratings.
    #[arg(long)]
    pub fide: bool,
    /// The K-factor of --fide for every player (default: 20 below 2400, 10 from 2400; K = 40
    /// for new players and juniors cannot be told from the tags).
    #[arg(long, value_name = "K", requires = "fide")]
    pub k: Option<u32>,
}

fn parse_anchor(text: &str) -> Result<(String, f64), String> {
    let (name, rating) = text
        .rsplit_once('=')
        .ok_or_else(|| format!("{text:?}: --anchor takes NAME=RATING"))?;
    let rating: f64 = rating
        .trim()
        .parse()
        .map_err(|_| format!("{rating:?}: not a rating"))?;
    if name.trim().is_empty() || !rating.is_finite() {
        return Err(format!("{text:?}: --anchor takes NAME=RATING"));
    }
    Ok((name.trim().to_owned(), rating))
}

/// `auto`, or a number.
fn fixed_or_auto(text: &str, option: &str) -> anyhow::Result<Option<f64>> {
    if text.eq_ignore_ascii_case("auto") {
        return Ok(None);
    }
    let x: f64 = text
        .parse()
        .map_err(|_| anyhow::anyhow!("{option} {text}: a number or auto"))?;
    anyhow::ensure!(x.is_finite(), "{option} {text}: a number or auto");
    Ok(Some(x))
}

impl RatingsArgs {
    /// Resolves the arguments into the command's options.
    ///
    /// # Errors
    /// Returns a usage error for values that cannot be used.
    pub fn into_options(self) -> anyhow::Result<commands::ratings::Options> {
        if self.output.format == StandingsFormatArg::Html {
            anyhow::bail!("ratings has no HTML format (text, csv, jsonl); standings has one");
        }
        let output = super::common::output_path(self.output.output);
        let color = self.color.enabled_for(output.as_deref());
        let draw_rate = fixed_or_auto(&self.draw_rate, "--draw-rate")?;
        if let Some(d) = draw_rate {
            anyhow::ensure!(
                d > 0.0 && d < 100.0,
                "--draw-rate {d}: a percent between 0 and 100"
            );
        }
        Ok(commands::ratings::Options {
            read: self.results.into_options(self.input, GroupBy::default())?,
            ratings: RatingOptions {
                fit: FitOptions {
                    white_advantage: fixed_or_auto(&self.white_advantage, "--white-advantage")?,
                    draw_rate: draw_rate.map(|d| d / 100.0),
                },
                average: self.average,
                anchor: None,
                simulations: self.simulate,
                seed: self.seed,
            },
            anchor: self.anchor,
            fide: self.fide.then_some(self.k),
            format: self.output.format.format(),
            color,
            output,
        })
    }
}
