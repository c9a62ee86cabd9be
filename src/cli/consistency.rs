//! One flag, one meaning (issue 18): every long option that several subcommands share has the
//! same help text, value name, default and possible values in each, unless it is one of the
//! documented exceptions below, where the same name deliberately takes values of its own.
//!
//! The test walks clap's `Command` tree of [`super::Cli`], so it sees exactly what `--help`,
//! the completions and the man page are made from.

use std::collections::BTreeMap;

use clap::CommandFactory;

/// The long options whose meaning depends on the subcommand, and why (GUIDE.md says so in
/// each subcommand's options table).
const EXCEPTIONS: [(&str, &str); 5] = [
    (
        "format",
        "each subcommand writes its own records: findings, verdicts, statistics, tables",
    ),
    (
        "only",
        "codes of findings for check/audit, names of repairs for fix",
    ),
    (
        "output",
        "what is written differs: repaired games, selected games, PGN, tables",
    ),
    (
        "by",
        "a tag to group by in stats, the level of sameness in dedup",
    ),
    (
        "games",
        "a record per game; check's CSV and Parquet are one row per game, audit's refuse it",
    ),
];

/// The subcommands whose FILE arguments say more than the others': besides PGN, they read
/// inputs of another kind in one mode, and their help says which.
const OWN_FILES: [(&str, &str); 2] = [
    ("fen", "with --check, FEN/EPD lines"),
    ("stats", "with --merge, JSON documents of earlier runs"),
];

/// What a long option means to a user: its help, value names, default values and possible
/// values, and whether it takes a value at all.
#[derive(Debug, PartialEq, Eq)]
struct Meaning {
    help: String,
    long_help: String,
    value_names: Vec<String>,
    defaults: Vec<String>,
    possible: Vec<String>,
    takes_value: bool,
}

fn meaning(arg: &clap::Arg) -> Meaning {
    Meaning {
        help: arg.get_help().map(ToString::to_string).unwrap_or_default(),
        long_help: arg
            .get_long_help()
            .map(ToString::to_string)
            .unwrap_or_default(),
        value_names: arg
            .get_value_names()
            .unwrap_or_default()
            .iter()
            .map(ToString::to_string)
            .collect(),
        defaults: arg
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect(),
        possible: arg
            .get_possible_values()
            .iter()
            .map(|v| {
                format!(
                    "{}: {}",
                    v.get_name(),
                    v.get_help().map(ToString::to_string).unwrap_or_default()
                )
            })
            .collect(),
        takes_value: arg.get_action().takes_values(),
    }
}

#[test]
fn every_shared_long_option_means_the_same_in_every_subcommand() {
    let cli = super::Cli::command();
    // long name -> (subcommand, meaning) for every subcommand that has it.
    let mut by_name: BTreeMap<String, Vec<(String, Meaning)>> = BTreeMap::new();
    for sub in cli.get_subcommands() {
        for arg in sub.get_arguments() {
            // Positionals by their id, in brackets: `<files>` is the FILE... of every reader.
            let name = arg
                .get_long()
                .map_or_else(|| format!("<{}>", arg.get_id()), str::to_owned);
            if name == "help" || name == "version" {
                continue;
            }
            by_name
                .entry(name)
                .or_default()
                .push((sub.get_name().to_owned(), meaning(arg)));
        }
    }
    let shared: Vec<_> = by_name.iter().filter(|(_, uses)| uses.len() > 1).collect();
    assert!(
        shared.len() >= 8,
        "too few shared options: {:?}",
        by_name.keys()
    );
    let mut differences = Vec::new();
    for (name, uses) in shared {
        if EXCEPTIONS.iter().any(|(n, _)| n == name) {
            continue;
        }
        let (first_sub, first) = &uses[0];
        for (sub, m) in &uses[1..] {
            let own = name == "<files>" && OWN_FILES.iter().any(|(s, _)| s == sub);
            if m != first && !own {
                differences.push(format!(
                    "--{name}: {first_sub} {first:?}\n    vs {sub} {m:?}"
                ));
            }
        }
    }
    assert!(
        differences.is_empty(),
        "shared options that differ:\n{}",
        differences.join("\n")
    );
    // Every exception is still a shared name whose meanings differ (a stale exception would
    // hide a difference to come).
    for (name, why) in EXCEPTIONS {
        let uses = by_name.get(name).map(Vec::as_slice).unwrap_or_default();
        assert!(
            uses.len() > 1 && uses.iter().any(|(_, m)| *m != uses[0].1),
            "--{name} ({why}) is not an exception any more"
        );
    }
}
