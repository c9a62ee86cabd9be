//! `arbiter select` on the command line.

use std::path::PathBuf;

use arbiter::analysis::select::Selector;
use arbiter::commands;

use super::common::InputArgs;
use super::names::AliasArgs;

/// Arguments of `arbiter select`: the games that match EXPR, byte for byte as in the input (or,
/// with --export, in PGN export format as `arbiter pgn` writes it).
#[derive(Debug, clap::Args)]
pub struct SelectArgs {
    /// Inputs, threads, progress.
    #[command(flatten)]
    pub input: InputArgs,
    /// The expression games must match.
    ///
    /// EXPR compares tags (`WhiteElo >= 2500`, `Result == "1-0"`, `Date >= 2020.01.01`,
    /// `has(ECO)`) and derived fields: `player`, `white`, `black` (the person a name stands
    /// for), `eco` (`eco in A00..B99`), `opening`, `speed` (ultrabullet, bullet, blitz, rapid,
    /// classical, correspondence: base + 40 × increment), `variant`, and, replaying the main
    /// line, `plies`, `position == FEN` (or EPD), `material == KRPvKR` (at any ply),
    /// `final-material`, `code == "illegal-move/*"` (games with such findings of `arbiter
    /// check`) and `verdict == "draw/*"` (games with such verdicts of `arbiter audit
    /// --missed`); with `and` (`&&`), `or` (`||`), `not` (`!`) and parentheses.
    ///
    /// How values compare, fixed by the operand as written:
    ///
    /// * a bare number (`WhiteElo >= 2700`) compares numbers: a value that is not a number (`?`,
    ///   `-`, empty, ` 2700`) satisfies no numeric comparison, `!=` included;
    ///
    /// * a bare date on a tag whose name ends in `Date` (`Date >= 2020.01.01`, `Date < 2020`)
    ///   compares dates; a year or a month is the whole period (`Date == 2012` is any day of
    ///   2012, `Date in 2010..2012` ends on 31 December 2012, `Date > 2012` starts in 2013); a
    ///   value's unknown parts (`??`) count as zeros; a date with no known year satisfies none;
    ///
    /// * a quoted operand (`WhiteElo >= "2700"`, `Date == "????.??.??"`) or any other bare word
    ///   compares text: `==`, `!=` exactly, `<`, `>`... in byte order;
    ///
    /// * a bare word that reads as a number in another form (`+2500`, `25e2`, `.5`, `inf`,
    ///   `nan`, `1e400`) is refused with `<`, `<=`, `>`, `>=` and `in`, and with any operator but
    ///   `~` on WhiteElo, BlackElo and PlyCount, where any other bare word is refused with `<`,
    ///   `<=`, `>`, `>=` and `in` (`WhiteElo >= 2,700`); numbers are digits with an optional
    ///   `-` and decimal part: `2500`, `-5`, `0.5`; quote it to compare text; `plies` takes
    ///   digits only;
    ///
    /// * `~` is containment, case ignored, for every field and tag: `Event ~ olymp`, `White ~ sen`
    ///   and `player ~ sen` all match `Carlsen, Magnus`; for `player`, `white` and `black` also in
    ///   the names the alias and spelling files give for the player.
    ///
    /// A comparison with a tag the game lacks is false (`has(Tag)` asks for it). Tag names start
    /// with a capital letter and are matched exactly: `has(whiteelo)` and `whiteelo >= 1` are
    /// refused.
    ///
    /// Needed but with `--count`, which without it counts every game of the inputs.
    #[arg(long = "where", value_name = "EXPR", required_unless_present = "count")]
    pub expr: Option<String>,
    /// Write the games to FILE instead of standard output (`-o -` is standard output).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Print only the number of matching games.
    #[arg(long, conflicts_with = "output")]
    pub count: bool,
    /// Write the games in PGN export format, as `arbiter pgn` does (tags in order, SAN
    /// regenerated, lines of 80), instead of byte for byte.
    #[arg(long, conflicts_with = "count")]
    pub export: bool,
    /// Player aliases for `player`, `white` and `black`.
    #[command(flatten)]
    pub aliases: AliasArgs,
    /// The Laws and the profile `verdict` judges by (as for `audit`).
    #[command(flatten)]
    pub in_force: super::audit::InForceArgs,
}

impl SelectArgs {
    /// Resolves the arguments into the command's options.
    ///
    /// # Errors
    /// Returns the error of a bad expression, with its column, of an alias file that cannot
    /// be read or used, of a profile that cannot be read, or of `--laws`/`--profile` given to
    /// an expression with no `verdict`.
    pub fn into_options(self) -> anyhow::Result<commands::select::Options> {
        let selector = match &self.expr {
            Some(expr) => Selector::new(expr).map_err(|e| {
                let shown = e.with_excerpt(expr);
                anyhow::anyhow!("--where: {}", arbiter::report::clean::sanitize(&shown))
            })?,
            None => Selector::every(),
        }
        .with_names(self.aliases.names()?);
        if !selector.audits() && !self.in_force.is_default() {
            anyhow::bail!("--laws and --profile judge verdicts: the expression has no verdict");
        }
        let profile_file = self.in_force.profile_file();
        let (laws, profile) = self.in_force.into_options()?;
        let selector = selector.with_audit(laws, profile);
        let mut input = self.input.into_options();
        input.read_files.extend(self.aliases.files());
        input.read_files.extend(profile_file);
        Ok(commands::select::Options {
            input,
            selector,
            output: super::common::output_path(self.output),
            count: self.count,
            export: self.export,
        })
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use crate::cli::{Cli, Command};

    #[test]
    fn select_flags_parse() {
        let cli = Cli::parse_from([
            "arbiter",
            "select",
            "--where",
            "plies >= 80",
            "--count",
            "a.pgn",
        ]);
        let Command::Select(args) = cli.command else {
            panic!("not select");
        };
        let options = args.into_options().unwrap();
        assert!(options.count && options.selector.replays());
        let cli = Cli::parse_from(["arbiter", "select", "--where", "WhiteElo >", "a.pgn"]);
        let Command::Select(args) = cli.command else {
            panic!("not select");
        };
        let err = args.into_options().unwrap_err().to_string();
        assert!(err.contains("column 11"), "{err}");
    }
}
