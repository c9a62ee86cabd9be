//! `arbiter standings`: one table per event from the results of the games (issue 34), and the
//! reading that `arbiter ratings` shares: each game's tags read on the workers (with the
//! draw-rule audit when it is on), the results kept in input order by the sink (28 bytes a
//! game), the tables computed and written at the end.

use std::io;
use std::path::PathBuf;

use crate::analysis::draw::{AuditOptions, Auditor};
use crate::analysis::names::Names;
use crate::analysis::standings::{
    AuditMark, Collection, GameResult, GroupBy, NameMode, Outcome, Place, Results, TableOptions,
    tables,
};
use crate::analysis::walk::{Pair, walk};
use crate::engine::parallel::RawGame;
use crate::model::{AuditReport, Code, RunTotals, Severity, Unwritten, Work};
use crate::report::standings::{
    write_notes, write_standings_csv, write_standings_html, write_standings_jsonl,
    write_standings_text,
};

use super::output::{BufferPool, OutputFile};
use super::run::game_text;
use super::tables::TableOut;
use super::{Error, GameSink, InputOptions, RunStatus, run_games};

/// Output of `standings` and `ratings`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Aligned text.
    #[default]
    Text,
    /// CSV with a header row.
    Csv,
    /// JSON Lines.
    Jsonl,
    /// One HTML page (`standings` only; `ratings` refuses it).
    Html,
}

/// How the games are read (what `standings` and `ratings` share).
#[derive(Clone, Debug, PartialEq)]
pub struct ReadOptions {
    /// Inputs, threads, progress bar and timing line.
    pub input: InputOptions,
    /// The tags that name an event.
    pub group_by: GroupBy,
    /// Player names: the key and the alias file.
    pub names: Names,
    /// How names are compared.
    pub name_mode: NameMode,
    /// The draw-rule audit that marks contradicted results (`None`: `--no-audit`).
    pub audit: Option<AuditOptions>,
    /// Score a contradicted result as the audit says.
    pub as_audited: bool,
}

/// Resolved options of `arbiter standings`.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// How the games are read.
    pub read: ReadOptions,
    /// How the tables are made.
    pub tables: TableOptions,
    /// Output format.
    pub format: Format,
    /// Colour the text.
    pub color: bool,
    /// Output file (`None`: standard output).
    pub output: Option<PathBuf>,
}

/// What the audit's verdicts say of a game's result: the first error verdict that names the
/// correct result or says the record ends as it may not.
pub fn audit_mark(report: &AuditReport) -> Option<AuditMark> {
    let v = report.verdicts.iter().find(|v| {
        v.severity == Severity::Error
            && (v.correct_result.is_some() || v.code == Code::ResultNotAllowed)
    })?;
    Some(AuditMark {
        correct: v
            .correct_result
            .and_then(|r| Outcome::from_standard(r.as_bytes())),
        message: format!("{} ({})", v.message, v.code),
    })
}

/// What a worker makes of one game: its result record and what the audit says of it.
pub type Read = Option<(GameResult, Option<AuditMark>)>;

/// Reads one game (`None` for the blank bytes between games and for a game too large).
pub fn read_game(game: &RawGame<'_>, options: &ReadOptions) -> Read {
    if game.index == 0 || game.too_large {
        return None;
    }
    let text = game_text(game);
    let results = Results::new(options.group_by);
    let Some(audit) = options.audit else {
        return Some((walk(text, &mut { results }), None));
    };
    let mut visitor = Pair::new(results, Auditor::new(audit, false));
    let (result, report) = walk(text, &mut visitor);
    Some((result, audit_mark(&report)))
}

/// The sink that collects the results.
#[derive(Debug)]
pub struct Collect<'o> {
    /// The results so far.
    pub collection: Collection,
    read: &'o ReadOptions,
}

impl<'o> Collect<'o> {
    /// An empty collection.
    pub fn new(read: &'o ReadOptions) -> Collect<'o> {
        Collect {
            collection: Collection::default(),
            read,
        }
    }

    /// The players made persons (`--names`, [`Collection::identify`]) after the last game;
    /// the player of each of `queries`.
    pub fn identify(&mut self, queries: &[&str]) -> Vec<Option<u32>> {
        (self.collection).identify(&self.read.names, self.read.name_mode, queries)
    }

    /// Adds one game read (a game too large to read gets a note: it is not scored).
    pub fn add(&mut self, game: &RawGame<'_>, read: Read) {
        let place = Place {
            file: game.name,
            game: game.index,
            line: game.line,
        };
        match read {
            Some((result, mark)) => {
                (self.collection).add(place, &result, mark.as_ref(), self.read.as_audited);
            }
            None if game.index > 0 && game.too_large => {
                let message = format!("{}; not scored", super::too_large_message());
                self.collection.not_read(place, message);
            }
            None => {}
        }
    }
}

/// The sink of `arbiter standings`.
struct Standings<'o, 'p> {
    collect: Collect<'o>,
    options: &'o Options,
    out: Option<TableOut<'p>>,
}

impl GameSink<Read> for Standings<'_, '_> {
    fn game(&mut self, game: &RawGame<'_>, read: Read) -> Result<(), Error> {
        self.collect.add(game, read);
        Ok(())
    }

    fn findings(&self) -> bool {
        false
    }

    fn finish(mut self, totals: &RunTotals, _seconds: f64) -> Result<Work, Error> {
        self.collect.identify(&[]);
        let c = &self.collect.collection;
        let tables = tables(c, &self.options.tables);
        let mut out = self.out.take().expect("the output is open until the end");
        let written = match self.options.format {
            Format::Text => write_standings_text(&mut out, &tables, self.options.color),
            Format::Csv => write_standings_csv(&mut out, &tables),
            Format::Jsonl => write_standings_jsonl(&mut out, &tables, &c.notes),
            Format::Html => write_standings_html(&mut out, &tables, &c.notes),
        };
        written.map_err(|e| match out.is_file() {
            true => Error::Io(e),
            false => Error::Stdout(e),
        })?;
        out.commit()?;
        if self.options.format == Format::Text || self.options.format == Format::Csv {
            let _ = write_notes(&mut io::stderr().lock(), &c.notes);
        }
        Ok(Work::Scored {
            read: totals.games,
            scored: c.scored(),
            table: "standings",
            verb: "scored",
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

/// Runs `arbiter standings`.
///
/// # Errors
/// Returns an error when the output cannot be opened or written, or the thread pool started.
/// Unreadable inputs are reported on standard error and make the status [`RunStatus::Failed`].
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    let buffers = BufferPool::default();
    let out = TableOut::open_for(
        options.output.as_deref(),
        &options.read.input.paths,
        false,
        &buffers,
    )?;
    let sink = Standings {
        collect: Collect::new(&options.read),
        options,
        out: Some(out),
    };
    let read = &options.read;
    run_games(
        &read.input,
        |game: &RawGame<'_>| read_game(game, read),
        sink,
    )
}
