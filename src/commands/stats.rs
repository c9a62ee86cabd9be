//! `arbiter stats`: statistics over whole databases (issue 5).
//!
//! Every worker thread adds its games to its own partial [`GroupedStats`]; the partials are
//! merged at the end (the merge is commutative, so the result is the same for any `--jobs`).
//! `--merge` reads JSON outputs of earlier runs instead of PGN and merges them the same way.

use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::Mutex;

use crate::analysis::stats::{BY_YEAR, GroupedStats, StatsOptions, analyse_game};
use crate::engine::parallel::{RawGame, effective_jobs, worker_index};
use crate::model::{RunTotals, Unwritten, Work};
use crate::report::run::{write_game_left_out, write_no_such_tag};
use crate::report::stats::{
    StatsDocument, Table, TextOptions, write_csv, write_json, write_plots, write_text,
};

use super::{Error, GameSink, InputOptions, RunStatus, run_games};

/// Output of `arbiter stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StatsFormat {
    /// Text with bar charts.
    #[default]
    Text,
    /// One JSON document (the contract; input of `--merge`).
    Json,
    /// One CSV table.
    Csv(Table),
}

/// Resolved options of `arbiter stats`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// PGN inputs (JSON outputs of `arbiter stats` with `merge`), threads, progress bar and
    /// timing line.
    pub input: InputOptions,
    /// Output format.
    pub format: StatsFormat,
    /// Rows of ranked tables: text default 10; CSV: all unless given.
    pub top: Option<usize>,
    /// Group every figure by this tag (`year` = the Date tag's year).
    pub by: Option<String>,
    /// Write SVG charts into this directory.
    pub plot: Option<PathBuf>,
    /// The inputs are JSON outputs of `arbiter stats` to merge.
    pub merge: bool,
    /// Also run the checks of `arbiter check` and count the findings.
    pub with_check: bool,
    /// Also run the draw-rule audit of `arbiter audit` and count the verdicts.
    pub with_audit: bool,
}

/// The default number of rows of ranked tables in the text output.
pub const DEFAULT_TOP: usize = 10;

/// Runs `arbiter stats`, writing to standard output.
///
/// # Errors
/// Returns an error when the thread pool cannot be started, a `--merge` input is not a stats
/// JSON document (or groups differently), or the output or a chart cannot be written.
/// Unreadable PGN inputs are reported and make the status [`RunStatus::Failed`].
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    // Before reading anything: a run over a large database must not end on this.
    if let Some(dir) = &options.plot
        && dir.exists()
        && !dir.is_dir()
    {
        return Err(Error::Usage(format!(
            "--plot: {}: not a directory",
            dir.display()
        )));
    }
    if options.merge {
        let doc = merge_inputs(&options.input.paths)?;
        write_document(&doc, options)?;
        return Ok(RunStatus::of(doc.files_failed > 0, false));
    }
    let stats_options = StatsOptions {
        by: options.by.clone(),
    };
    // One partial result per worker thread (the pool has this many): the lock is never
    // contended.
    let partials: Vec<Mutex<GroupedStats>> = (0..effective_jobs(options.input.jobs).max(1))
        .map(|_| Mutex::new(GroupedStats::new(options.by.clone())))
        .collect();
    let job = |game: &RawGame<'_>| {
        if game.index == 0 {
            return;
        }
        let text = crate::analysis::walk::GameText {
            bytes: game.bytes,
            index: game.index,
            offset: game.offset,
            line: game.line,
            col: game.col,
        };
        // One walk of the game for the statistics, the checks and the audit.
        let (mut facts, check, audit) =
            analyse_game(text, &stats_options, options.with_check, options.with_audit);
        if facts.panicked {
            // A bug must not stop the run (the game is then left out of the statistics).
            let _ = write_game_left_out(&mut io::stderr(), game.index, game.offset);
            return;
        }
        facts.check = check.as_ref();
        facts.audit = audit.as_ref();
        let slot = &partials[worker_index() % partials.len()];
        let mut partial = slot.lock().unwrap_or_else(|e| e.into_inner());
        partial.add(&facts);
    };
    let sink = Stats {
        options,
        partials: &partials,
    };
    run_games(&options.input, job, sink)
}

/// The sink of `arbiter stats`: nothing per game (the workers count), the statistics at the end.
struct Stats<'a> {
    options: &'a Options,
    partials: &'a [Mutex<GroupedStats>],
}

impl GameSink<()> for Stats<'_> {
    fn game(&mut self, _game: &RawGame<'_>, (): ()) -> Result<(), Error> {
        Ok(())
    }

    fn findings(&self) -> bool {
        false
    }

    fn finish(self, totals: &RunTotals, _seconds: f64) -> Result<Work, Error> {
        let by = &self.options.by;
        let mut all = GroupedStats::new(by.clone());
        for partial in self.partials {
            let partial = partial.lock().unwrap_or_else(|e| e.into_inner());
            all.merge(&partial).map_err(Error::Counts)?;
        }
        if let Some(by) = by.as_deref()
            && by != BY_YEAR
            && all.all.games > 0
            && all.by_tag_games == 0
        {
            let _ = write_no_such_tag(&mut io::stderr(), by, all.by_tag_near.as_deref());
        }
        let doc = StatsDocument::new(all, totals.files, totals.files_failed, totals.bytes);
        write_document(&doc, self.options)?;
        Ok(Work::Counted {
            games: doc.all.games,
        })
    }

    fn unwritten(&self) -> Unwritten {
        Unwritten::Statistics
    }
}

/// Writes the charts (with `--plot`) and the document on standard output.
fn write_document(doc: &StatsDocument, options: &Options) -> Result<(), Error> {
    if let Some(dir) = &options.plot {
        write_plots(&doc.all, dir).map_err(Error::Plot)?;
    }
    let out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = match options.format {
        StatsFormat::Text => write_text(
            doc,
            TextOptions {
                top: options.top.unwrap_or(DEFAULT_TOP),
            },
            out,
        ),
        StatsFormat::Json => write_json(doc, out),
        StatsFormat::Csv(table) => write_csv(doc, table, options.top, out),
    };
    written.map_err(Error::Stdout)
}

/// Reads and merges JSON documents written by `arbiter stats --format json`.
fn merge_inputs(paths: &[PathBuf]) -> Result<StatsDocument, Error> {
    if paths.is_empty() {
        return Err(Error::Usage(
            "--merge needs the JSON files to merge".to_owned(),
        ));
    }
    let mut merged: Option<StatsDocument> = None;
    for path in paths {
        let mut text = String::new();
        if path.as_os_str() == "-" {
            io::stdin().read_to_string(&mut text)?;
        } else {
            text = std::fs::read_to_string(path).map_err(|e| Error::input(path, e))?;
        }
        let bad = |message: String| Error::BadInput {
            path: path.clone(),
            message,
        };
        let doc = StatsDocument::from_json(&text).map_err(bad)?;
        match merged.as_mut() {
            None => merged = Some(doc),
            Some(m) => m.merge(&doc).map_err(bad)?,
        }
    }
    Ok(merged.unwrap_or_default())
}
