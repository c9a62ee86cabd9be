//! Statistics over whole databases (`arbiter stats`, issue 5): reading what one game contributes
//! ([`GameFacts`]); the mergeable totals are data, in [`crate::model::stats`].
//!
//! Everything in [`Stats`] is a count, a sum or a histogram, so two partial results merge
//! exactly ([`Stats::merge`] is commutative and associative, xsv style): per-thread partials,
//! per-file results and JSON outputs of separate runs all combine into the numbers one run over
//! all the games would give. Medians come from the stored histograms; means from sums and
//! counts; nothing is kept that depends on the order of the games.
//!
//! Without `--with-check`/`--with-audit` no move is replayed: plies and the first move are read
//! from the strict lexer's main-line move tokens ([`count_main_line`]); with them, the statistics
//! walk each game once together with the checker and the auditor ([`analyse_game`]).
//!
//! This module does no I/O and knows nothing of threads or output formats.

use super::check::{CheckOptions, Checker};
use super::draw::{AuditOptions, Auditor};
use super::openings::Classifier;
use super::walk::{GameText, Pair, walk};
use crate::model::{AuditReport, GameReport};

pub(crate) mod count;
mod facts;

pub use crate::model::stats::*;
pub use count::{Counter, MainLineCount, count_main_line, count_main_line_fast};
pub use facts::{Facts, game_facts, tag_text};

/// What one game gives `arbiter stats`: its facts, and with `--with-check`/`--with-audit` the
/// reports of `arbiter check` (default options) and `arbiter audit` (the Laws and profile of
/// `--laws`/`--profile`), all from one walk of the game.
pub type Analysed<'a> = (GameFacts<'a>, Option<GameReport>, Option<AuditReport>);

/// Reads one game for the statistics (see [`crate::analysis::check::check_game`] for the
/// arguments), checking it in the same walk when `with_check`, and auditing it by `audit` (the
/// Laws in force and the profile, as `arbiter audit` does with the same options) when given.
pub fn analyse_game<'a>(
    text: GameText<'a>,
    options: &StatsOptions,
    with_check: bool,
    audit: Option<AuditOptions>,
) -> Analysed<'a> {
    let with_audit = audit.is_some();
    if !with_check && !with_audit {
        // Alone (the common run): a smaller visitor, with no empty checker and auditor to move
        // around for every game. With the classifier, the facts need the tags only: the walk
        // then replays no more of the game than the classifier asks for (the longest opening
        // line).
        let mut visitor = Pair::new(
            Facts::new(options).tags_only(true),
            options.openings.then(Classifier::new),
        );
        let (mut facts, classified) = walk(text, &mut visitor);
        facts.classified = classified
            .flatten()
            .map(|c| (c.opening.eco, c.opening.name));
        return (facts, None, None);
    }
    let checker = with_check.then(|| Checker::new(CheckOptions::default()));
    let auditor = audit.map(|audit| Auditor::new(audit, false));
    let facts = Facts::new(options);
    let mut visitor = Pair::new(
        facts,
        Pair::new(
            options.openings.then(Classifier::new),
            Pair::new(checker, auditor),
        ),
    );
    let (mut facts, (classified, (check, audit))) = walk(text, &mut visitor);
    facts.classified = classified
        .flatten()
        .map(|c| (c.opening.eco, c.opening.name));
    (facts, check, audit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::stats::median;

    fn stats_of(pgn: &str) -> Stats {
        let mut s = Stats::default();
        s.add(&game_facts(pgn.as_bytes(), &StatsOptions::default()));
        s
    }

    #[test]
    fn counts_main_line_moves_only() {
        let s = stats_of(
            "[Result \"1-0\"]\n\n1. e4+! e5 (1... c5 2. Nf3) 2. Nf3 {c} Nc6 3. Bb5 1-0 4. a3\n",
        );
        assert_eq!(s.plies, 5);
        assert_eq!(s.length_plies.get(&5), Some(&1));
        assert_eq!(s.first_moves.keys().collect::<Vec<_>>(), ["e4"]);
        assert_eq!(s.results.white_wins, 1);
        assert_eq!(s.mean_moves(), Some(3.0));
    }

    #[test]
    fn words_that_are_no_moves_are_not_plies() {
        for word in [
            "Nf9", "Qxx4", "xyz", "abc", "N", "e9", "O-O-O-O", "+", "#", "some", "garbage",
        ] {
            let pgn = format!("[White \"a\"]\n[Result \"*\"]\n\n1. {word} e5 *\n");
            let s = stats_of(&pgn);
            assert_eq!(s.plies, 1, "{word}: only e5 is a move");
            assert!(
                s.first_moves.is_empty(),
                "{word}: the first word is no move"
            );
            // Both counters agree.
            let (slow, fast) = count::tests::both_counts(pgn.as_bytes());
            assert_eq!(slow, fast, "{word}");
        }
        // Garbage words before the moves, and after the first move.
        let s = stats_of("[White \"a\"]\n\nsome garbage 1. e4 xyz e5 Nf9 2. Nf3 *\n");
        assert_eq!(s.plies, 3);
        assert!(s.first_moves.is_empty());
        let s = stats_of("[White \"a\"]\n\n1. e4 xyz e5 Nf9 2. O-O+ Z0 -- exd6 e8=Q# *\n");
        assert_eq!(s.plies, 7);
        assert_eq!(s.first_moves.keys().collect::<Vec<_>>(), ["e4"]);
    }

    /// Dates are read as every subcommand reads them (`arbiter games`, `standings`): space
    /// around, one-digit parts and a year alone are the date they plainly are (`arbiter check`
    /// warns of them: `tag/bad-date`), a day the month has not is unknown, and a date in
    /// another form has no year (`arbiter fix` repairs it). Ratings are taken as written: a
    /// rating with spaces is no whole number.
    #[test]
    fn dates_read_as_every_subcommand_reads_them_and_ratings_with_spaces_are_missing() {
        for (value, year, month, text) in [
            ("  2023.01.01", "2023", Some("2023.01"), "2023.01.01"),
            ("2023.01.01 ", "2023", Some("2023.01"), "2023.01.01"),
            ("2023.1.01", "2023", Some("2023.01"), "2023.01.01"),
            ("2023.02.30", "2023", Some("2023.02"), "2023.02.??"),
            ("2023.??.15", "2023", None, "2023.??.15"),
            ("1982", "1982", None, "1982.??.??"),
        ] {
            let s = stats_of(&format!("[Date \"{value}\"]\n\n1. e4 *\n"));
            assert_eq!(s.years.get(year), Some(&1), "{value:?}");
            assert_eq!(s.years.len(), 1, "{value:?}");
            match month {
                Some(m) => assert_eq!(s.months.get(m), Some(&1), "{value:?}"),
                None => assert!(s.months.is_empty(), "{value:?}"),
            }
            assert_eq!(s.dates.unknown, 0, "{value:?}");
            assert_eq!(s.dates.first.as_deref(), Some(text), "{value:?}");
        }
        for value in [
            "2023-01-01",
            "0000.01.01",
            "????.??.??",
            "?",
            "1982?",
            "23.01.01",
        ] {
            let s = stats_of(&format!("[Date \"{value}\"]\n\n1. e4 *\n"));
            assert!(s.years.is_empty() && s.months.is_empty(), "{value:?}");
            assert_eq!(s.dates.unknown, 1, "{value:?}");
            assert_eq!(s.dates.first, None, "{value:?}");
        }
        let s = stats_of("[Date \"2023.01.??\"]\n\n1. e4 *\n");
        assert_eq!(s.years.get("2023"), Some(&1));
        for value in [" 1500", "1500 ", " 1500 ", "1500.0", "+1500"] {
            let s = stats_of(&format!(
                "[White \"a\"]\n[WhiteElo \"{value}\"]\n[BlackElo \"{value}\"]\n\n1. e4 *\n"
            ));
            assert!(s.ratings.is_empty(), "{value:?}");
            assert_eq!(s.players["a"].rated_games, 0, "{value:?}");
            assert!(s.rating_diff.is_empty(), "{value:?}");
        }
        let s = stats_of("[WhiteElo \"1500\"]\n\n1. e4 *\n");
        assert_eq!(s.ratings.get(&1500), Some(&1));
    }

    #[test]
    fn median_of_histograms() {
        let h = |v: &[(f64, u64)]| median(v.iter().copied());
        assert_eq!(h(&[]), None);
        assert_eq!(h(&[(3.0, 1)]), Some(3.0));
        assert_eq!(h(&[(1.0, 1), (4.0, 1)]), Some(2.5));
        assert_eq!(h(&[(1.0, 2), (4.0, 1)]), Some(1.0));
        assert_eq!(h(&[(1.0, 1), (2.0, 2), (9.0, 1)]), Some(2.0));
    }

    #[test]
    fn merge_equals_adding_all() {
        let a = "[White \"A\"]\n[Black \"B\"]\n[WhiteElo \"2500\"]\n[BlackElo \"2400\"]\n\
                 [Result \"0-1\"]\n[Date \"2001.02.??\"]\n\n1. d4 d5 0-1\n";
        let b = "[White \"B\"]\n[Black \"A\"]\n[Result \"1/2-1/2\"]\n[Date \"1999.??.??\"]\n\
                 [ECO \"A00\"]\n\n1. a3 1/2-1/2\n";
        let mut one = stats_of(a);
        one.merge(&stats_of(b)).unwrap();
        let mut both = Stats::default();
        for g in [a, b] {
            both.add(&game_facts(g.as_bytes(), &StatsOptions::default()));
        }
        assert_eq!(one, both);
        assert_eq!(both.dates.first.as_deref(), Some("1999.??.??"));
        assert_eq!(both.dates.last.as_deref(), Some("2001.02.??"));
        assert_eq!(both.higher_rated.losses, 1);
        assert_eq!(both.rating_diff.get(&100).map(|r| r.black_wins), Some(1));
        assert_eq!(both.rating_bands.get(&2400).map(Results::games), Some(1));
        assert_eq!(both.players["A"].losses, 1);
        assert_eq!(both.players["A"].draws, 1);
        assert_eq!(both.players["A"].mean_rating(), Some(2500.0));
        // JSON round trip keeps everything.
        let json = serde_json::to_string(&both).unwrap();
        let back: Stats = serde_json::from_str(&json).unwrap();
        assert_eq!(back, both);
    }

    #[test]
    fn odd_tags_are_missing_values() {
        let s = stats_of(
            "[White \"?\"]\n[WhiteElo \"-\"]\n[BlackElo \"99999\"]\n[Date \"20xx\"]\n\
             [Result \"1-0 (time)\"]\n\n1. e4 *\n",
        );
        assert!(s.players.is_empty());
        assert!(s.ratings.is_empty());
        assert_eq!(s.dates.unknown, 1);
        assert_eq!(s.results.unfinished, 1);
    }
}
