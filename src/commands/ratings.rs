//! `arbiter ratings`: ratings from the results of the whole input (issue 34) — Ordo's
//! maximum-likelihood fit, per group of connected players — or, with `--fide`, the FIDE rating
//! change of each player of each game from the Elo tags.

use std::io;
use std::path::PathBuf;

use crate::analysis::ratings::fide::{change, expected_hundredths, k_factor};
use crate::analysis::ratings::{RatingOptions, ratings};
use crate::engine::parallel::RawGame;
use crate::model::standings::{RatingChange, ResultNote, ResultNotes};
use crate::model::{RunTotals, Unwritten, Work};
use crate::report::standings::{
    CHANGE_HEADER, ChangeFormat, write_change, write_notes, write_ratings_csv, write_ratings_jsonl,
    write_ratings_text,
};

use super::output::{BufferPool, OutputFile};
use super::standings::{Collect, Format, Read, ReadOptions, read_game};
use super::tables::TableOut;
use super::{Error, GameSink, RunStatus, run_games};

/// Resolved options of `arbiter ratings`.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// How the games are read.
    pub read: ReadOptions,
    /// How the ratings are fitted.
    pub ratings: RatingOptions,
    /// The anchor's name (`--anchor NAME=RATING`), found among the players at the end.
    pub anchor: Option<(String, f64)>,
    /// Write the FIDE rating change of every game instead (`--fide`), with this K (`None`: by
    /// rating).
    pub fide: Option<Option<u32>>,
    /// Output format.
    pub format: Format,
    /// Colour the text.
    pub color: bool,
    /// Output file (`None`: standard output).
    pub output: Option<PathBuf>,
}

/// The sink of `arbiter ratings`.
struct Ratings<'o, 'p> {
    collect: Collect<'o>,
    options: &'o Options,
    out: Option<TableOut<'p>>,
    changes: u64,
    /// `--fide`: the games that give no rating change, and why (`not-rated`).
    unrated: ResultNotes,
}

impl Ratings<'_, '_> {
    fn write_error(&self, e: io::Error) -> Error {
        match self.out.as_ref().is_some_and(TableOut::is_file) {
            true => Error::Io(e),
            false => Error::Stdout(e),
        }
    }

    /// Writes the FIDE changes of one game (both players rated, a scored game played).
    /// Notes a game of `--fide` that gives no change (`not-rated`), with the reason.
    fn unrated(&mut self, game: &RawGame<'_>, read: &Read, why: &str) {
        let (white, black) = read
            .as_ref()
            .map(|(r, _)| (r.white.clone(), r.black.clone()))
            .unwrap_or_default();
        self.unrated.add(ResultNote {
            kind: "not-rated",
            file: game.name.to_owned(),
            game: game.index,
            line: game.line,
            white,
            black,
            message: format!("{why}: no rating change"),
        });
    }

    fn changes(&mut self, game: &RawGame<'_>, read: &Read, k: Option<u32>) -> Result<(), Error> {
        let Some((r, _)) = read else {
            self.unrated(game, read, "the game could not be read");
            return Ok(());
        };
        let why = match (r.white_elo, r.black_elo) {
            _ if r.white.is_empty() || r.black.is_empty() => Some("no White or no Black name"),
            (None, None) => Some("no WhiteElo and no BlackElo (a whole number 1-4000)"),
            (None, _) => Some("no WhiteElo (a whole number 1-4000)"),
            (_, None) => Some("no BlackElo (a whole number 1-4000)"),
            _ if r.unplayed => Some("not played (a forfeit)"),
            _ if r.outcome.and_then(|o| o.white_score()).is_none() => Some("no result (* or none)"),
            _ => None,
        };
        if let Some(why) = why {
            self.unrated(game, read, why);
            return Ok(());
        }
        let (Some(we), Some(be), Some(score)) = (
            r.white_elo,
            r.black_elo,
            r.outcome.and_then(|o| o.white_score()),
        ) else {
            return Ok(());
        };
        let format = match self.options.format {
            Format::Text => ChangeFormat::Text,
            Format::Csv => ChangeFormat::Csv,
            Format::Jsonl => ChangeFormat::Jsonl,
            Format::Html => return Err(html_refused()),
        };
        let sides = [
            (&r.white, u32::from(we), &r.black, u32::from(be), score),
            (
                &r.black,
                u32::from(be),
                &r.white,
                u32::from(we),
                1.0 - score,
            ),
        ];
        for (player, rating, opponent, opponent_rating, score) in sides {
            let expected = expected_hundredths(rating, opponent_rating);
            let k = k_factor(k, rating);
            let c = RatingChange {
                file: game.name.to_owned(),
                game: game.index,
                player: player.clone(),
                rating,
                opponent: opponent.clone(),
                opponent_rating,
                score,
                expected: f64::from(expected) / 100.0,
                k,
                change: change(k, score, expected),
            };
            let out = self.out.as_mut().expect("open until the end");
            if let Err(e) = write_change(out, &c, format) {
                return Err(self.write_error(e));
            }
            self.changes += 1;
        }
        Ok(())
    }
}

impl GameSink<Read> for Ratings<'_, '_> {
    fn game(&mut self, game: &RawGame<'_>, read: Read) -> Result<(), Error> {
        if let Some(k) = self.options.fide {
            return self.changes(game, &read, k);
        }
        self.collect.add(game, read);
        Ok(())
    }

    fn findings(&self) -> bool {
        false
    }

    fn finish(mut self, totals: &RunTotals, _seconds: f64) -> Result<Work, Error> {
        if self.options.fide.is_some() {
            let out = self.out.take().expect("open until the end");
            out.commit()?;
            let _ = write_notes(&mut io::stderr().lock(), &self.unrated);
            return Ok(Work::Scored {
                read: totals.games,
                scored: self.changes / 2,
                table: "ratings",
                verb: "rated",
            });
        }
        let anchor = self.options.anchor.as_ref();
        let found =
            (self.collect).identify(&anchor.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>());
        let c = &self.collect.collection;
        let mut options = self.options.ratings.clone();
        if let Some((name, rating)) = anchor {
            let Some(i) = found.first().copied().flatten() else {
                return Err(Error::Usage(format!(
                    "--anchor {name:?}: no such player in the games read"
                )));
            };
            options.anchor = Some((i, *rating));
        }
        let groups = ratings(c, &options);
        let mut out = self.out.take().expect("open until the end");
        let written = match self.options.format {
            Format::Text => write_ratings_text(&mut out, &groups, self.options.color),
            Format::Csv => write_ratings_csv(&mut out, &groups),
            Format::Jsonl => write_ratings_jsonl(&mut out, &groups),
            Format::Html => return Err(html_refused()),
        };
        if let Err(e) = written {
            return Err(match out.is_file() {
                true => Error::Io(e),
                false => Error::Stdout(e),
            });
        }
        out.commit()?;
        let _ = write_notes(&mut io::stderr().lock(), &c.notes);
        Ok(Work::Scored {
            read: totals.games,
            scored: groups.iter().map(|g| g.games).sum(),
            table: "ratings",
            verb: "rated",
        })
    }

    fn unwritten(&self) -> Unwritten {
        match self.options.output {
            Some(_) => Unwritten::OutputFile,
            None => Unwritten::Statistics,
        }
    }

    fn outputs(&self) -> Vec<OutputFile> {
        self.out
            .as_ref()
            .and_then(TableOut::output_file)
            .into_iter()
            .collect()
    }
}

/// Runs `arbiter ratings`.
///
/// # Errors
/// Returns an error when the output cannot be opened or written, the anchor is no player of
/// the games, or the thread pool cannot be started. Unreadable inputs are reported on standard
/// error and make the status [`RunStatus::Failed`].
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    if options.format == Format::Html {
        return Err(html_refused());
    }
    let buffers = BufferPool::default();
    let mut out = TableOut::open_for(
        options.output.as_deref(),
        &options.read.input.paths,
        false,
        &buffers,
    )?;
    if options.fide.is_some() && options.format == Format::Csv {
        io::Write::write_all(&mut out, CHANGE_HEADER.as_bytes()).map_err(Error::Stdout)?;
    }
    let sink = Ratings {
        collect: Collect::new(&options.read),
        options,
        out: Some(out),
        changes: 0,
        unrated: ResultNotes::default(),
    };
    let read = &options.read;
    run_games(
        &read.input,
        |game: &RawGame<'_>| read_game(game, read),
        sink,
    )
}

/// `ratings` has no HTML page (the command line refuses it before).
fn html_refused() -> Error {
    Error::Usage("ratings has no HTML format (text, csv, jsonl); standings has one".into())
}
