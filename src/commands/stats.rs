//! `arbiter stats`: statistics over whole databases (issue 5).
//!
//! Every worker thread adds its games to its own partial [`GroupedStats`]; the partials are
//! merged at the end (the merge is commutative, so the result is the same for any `--jobs`).
//! `--merge` reads JSON outputs of earlier runs instead of PGN and merges them the same way.

use crate::commands::run::game_text;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::analysis::draw::AuditOptions;
use crate::analysis::names::suggest::{Seen, suggest};
use crate::analysis::names::{Identity, Names};
use crate::analysis::stats::{BY_YEAR, GroupedStats, StatsOptions, analyse_game};
use crate::engine::input::Interruptible;
use crate::engine::interrupt;
use crate::engine::parallel::{RawGame, effective_jobs, worker_index};
use crate::model::identity::{Judged, RunRecord, StatsRun};
use crate::model::stats::{GameFacts, People};
use crate::model::{RunTotals, Unit, Unwritten, Work};
use crate::report::run::{write_game_left_out, write_no_such_tag};
use crate::report::stats::{
    HtmlOptions, PLOTS, StatsDocument, StatsReadError, Table, TextOptions, plots, write_ambiguous,
    write_csv, write_html, write_json, write_not_compared, write_suggestions, write_text,
};

use super::output::{AtomicFile, OutputFile, keep_apart};
use super::run::{interrupted, report_input_error};
use super::{
    Error, GameSink, InputOptions, RunStatus, run_games, too_large_audit_report,
    too_large_check_report,
};

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
    /// One HTML page: figures, charts and tables (only the one of `--table NAME` if given).
    Html(Option<Table>),
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
    /// Classify the openings from the moves.
    pub openings: bool,
    /// Write SVG charts into this directory.
    pub plot: Option<PathBuf>,
    /// Write the output to this file (`None`: standard output).
    pub output: Option<PathBuf>,
    /// The inputs are JSON outputs of `arbiter stats` to merge.
    pub merge: bool,
    /// With `merge`: `--allow-partial`, `--allow-mixed` (see [`super::merge::plan`]).
    pub allow: super::merge::Allow,
    /// Also run the checks of `arbiter check` and count the findings.
    pub with_check: bool,
    /// Also run the draw-rule audit of `arbiter audit` and count the verdicts.
    pub with_audit: bool,
    /// The Laws and the profile the audit judges by (`--laws`, `--profile`, as `arbiter
    /// audit`'s); its rules are all of them and it reports no missed claims.
    pub audit: AuditOptions,
    /// Player names: the key and the alias file (`--aliases`), by which the players are counted.
    pub names: Names,
    /// Print likely aliases (CSV for an alias file) instead of the statistics.
    pub suggest_aliases: bool,
}

/// When and where each spelling of a player played, per worker (`--suggest-aliases`).
type Activity = std::collections::HashMap<String, Seen>;

/// Counts one game of `facts` for its two players in `activity`.
fn add_activity(activity: &mut Activity, facts: &GameFacts<'_>) {
    let year = facts.date.as_ref().and_then(|d| d.get(..4)?.parse().ok());
    for name in [&facts.white, &facts.black].into_iter().flatten() {
        let seen = match activity.get_mut(name.as_ref()) {
            Some(seen) => seen,
            None => activity.entry(name.to_string()).or_default(),
        };
        seen.add(year, facts.event.as_deref());
    }
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
    if let Some(dir) = &options.plot {
        match std::fs::metadata(dir) {
            Ok(meta) if !meta.is_dir() => {
                return Err(Error::Usage(format!(
                    "--plot: {}: not a directory",
                    dir.display()
                )));
            }
            // A symlink that leads nowhere (a loop, a missing directory): no chart could be
            // written through it, and creating the directory would fail at the end.
            Err(e) if std::fs::symlink_metadata(dir).is_ok() => {
                return Err(Error::output(dir, e));
            }
            _ => {}
        }
    }
    super::tables::TableOut::refuse(options.output.as_deref(), &options.input.paths, false)?;
    if options.merge {
        super::run::refuse_shard(&options.input, "stats --merge")?;
        return match merge_inputs(options)? {
            Merged::Done(mut doc) => {
                write_document(&mut doc, options)?;
                Ok(RunStatus::of(doc.files_failed > 0, false))
            }
            Merged::Interrupted(totals) => {
                Ok(interrupted(&totals, Unit::Documents, Unwritten::Statistics))
            }
        };
    }
    let stats_options = StatsOptions {
        by: options.by.clone(),
        openings: options.openings,
    };
    // One partial result per worker thread (the pool has this many): the lock is never
    // contended.
    let workers = effective_jobs(options.input.jobs).max(1);
    let partials: Vec<Mutex<GroupedStats>> = (0..workers)
        .map(|_| Mutex::new(GroupedStats::new(options.by.clone())))
        .collect();
    let activity: Vec<Mutex<Activity>> = (0..workers)
        .filter(|_| options.suggest_aliases)
        .map(|_| Mutex::new(Activity::new()))
        .collect();
    let job = |game: &RawGame<'_>| {
        if game.index == 0 {
            return;
        }
        let text = game_text(game);
        // One walk of the game for the statistics, the checks and the audit; a game over the
        // size cap is not read (as in every subcommand): a game of no plies and no result, and
        // the check's and audit's reports of a game too large.
        let (mut facts, check, audit) = match game.too_large {
            false => analyse_game(
                text,
                &stats_options,
                options.with_check,
                options.with_audit.then_some(options.audit),
            ),
            true => (
                GameFacts::default(),
                options.with_check.then(|| too_large_check_report(game)),
                options
                    .with_audit
                    .then(|| too_large_audit_report(game, options.audit.profile)),
            ),
        };
        if facts.panicked {
            // A bug must not stop the run (the game is then left out of the statistics).
            let _ = write_game_left_out(&mut io::stderr(), game.index, game.offset);
            return;
        }
        facts.check = check.as_ref();
        facts.audit = audit.as_ref();
        if !activity.is_empty() {
            let slot = &activity[worker_index() % activity.len()];
            add_activity(&mut slot.lock().unwrap_or_else(|e| e.into_inner()), &facts);
        }
        let slot = &partials[worker_index() % partials.len()];
        let mut partial = slot.lock().unwrap_or_else(|e| e.into_inner());
        partial.add(&facts);
    };
    let sink = Stats {
        options,
        partials: &partials,
        activity: &activity,
        run: None,
    };
    run_games(&options.input, job, sink)
}

/// The sink of `arbiter stats`: nothing per game (the workers count), the statistics at the end.
struct Stats<'a> {
    options: &'a Options,
    partials: &'a [Mutex<GroupedStats>],
    /// Per worker, with `--suggest-aliases`.
    activity: &'a [Mutex<Activity>],
    /// The run's inputs, shard and options, for the document.
    run: Option<RunRecord<StatsRun>>,
}

/// The options of a stats run, as its document records them.
fn run_options(options: &Options) -> StatsRun {
    StatsRun {
        openings: options.openings,
        with_check: options.with_check,
        with_audit: options.with_audit.then(|| Judged {
            profile: super::audit::profile_id(options.audit.profile),
            laws: super::audit::laws_name(options.audit.laws).to_owned(),
        }),
    }
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
        // The partials are taken out as they are merged, and the largest is merged into, so
        // that the peak stays near the size of the result (not the sum of the partials).
        let mut partials: Vec<GroupedStats> = self
            .partials
            .iter()
            .map(|p| std::mem::take(&mut *p.lock().unwrap_or_else(|e| e.into_inner())))
            .collect();
        partials.sort_by_key(|p| std::cmp::Reverse(p.all.games));
        let mut partials = partials.into_iter();
        let mut all = partials
            .next()
            .unwrap_or_else(|| GroupedStats::new(by.clone()));
        all.by.clone_from(by);
        for partial in partials {
            all.merge_from(partial).map_err(Error::Counts)?;
        }
        if let Some(by) = by.as_deref()
            && by != BY_YEAR
            && all.all.games > 0
            && all.by_tag_games == 0
        {
            let _ = write_no_such_tag(&mut io::stderr(), by, all.by_tag_near.as_deref());
        }
        if self.options.suggest_aliases {
            let mut seen = Activity::new();
            for part in self.activity {
                let part = std::mem::take(&mut *part.lock().unwrap_or_else(|e| e.into_inner()));
                for (name, s) in part {
                    seen.entry(name).or_default().merge(&s);
                }
            }
            let suggestions = suggest(&seen, &self.options.names);
            let out = io::BufWriter::new(io::stdout().lock());
            write_suggestions(&suggestions, out).map_err(Error::Stdout)?;
            return Ok(Work::Counted {
                games: all.all.games,
            });
        }
        let mut doc = StatsDocument::new(all, totals.files, totals.files_failed, totals.bytes);
        doc.run = self.run;
        write_document(&mut doc, self.options)?;
        Ok(Work::Counted {
            games: doc.all.games,
        })
    }

    fn unwritten(&self) -> Unwritten {
        Unwritten::Statistics
    }

    fn outputs(&self) -> Vec<OutputFile> {
        let mut outputs = plot_outputs(self.options);
        outputs.extend(self.options.output.iter().map(|path| OutputFile {
            option: "-o",
            target: path.clone(),
            temp: None,
        }));
        outputs
    }

    fn inputs(&mut self, inputs: RunRecord<()>) {
        self.run = Some(inputs.with_options(run_options(self.options)));
    }
}

/// The charts of `--plot DIR`, as the run loop keeps them apart from the inputs.
fn plot_outputs(options: &Options) -> Vec<OutputFile> {
    let Some(dir) = &options.plot else {
        return Vec::new();
    };
    PLOTS
        .iter()
        .map(|name| OutputFile {
            option: "--plot",
            target: dir.join(name),
            temp: None,
        })
        .collect()
}

/// Writes the charts of `--plot DIR` (created if needed) like every other output file: each
/// to a temporary file renamed over the chart when complete, never through a symlink that
/// stands at a chart's name ([`AtomicFile::create_in_place`]).
fn write_plots(doc: &StatsDocument, dir: &Path) -> Result<(), Error> {
    let charts = plots(&doc.all).map_err(Error::Plot)?;
    std::fs::create_dir_all(dir).map_err(|e| Error::output(dir, e))?;
    for (name, svg) in charts {
        let mut file = AtomicFile::create_in_place(&dir.join(name))?;
        file.write_all(svg.as_bytes())?;
        file.commit()?;
    }
    Ok(())
}

/// The players of `stats` per person, for all games and every group: one [`Identity`] of the
/// spellings of all games (with the alias and spelling files), so that a spelling is the same
/// person in every group. The ambiguous spellings and the surnames not compared are reported
/// on standard error.
fn add_people(doc: &mut StatsDocument, names: &Names) {
    // No name is added from here on: the slack of the players' arenas goes first.
    doc.all.players.shrink_to_fit();
    for group in doc.groups.values_mut() {
        group.players.shrink_to_fit();
    }
    let all = &doc.all.players;
    let identity = Identity::resolve((0..all.len()).map(|i| all.name(i)), names);
    let key = |p: u32| identity.key(p);
    let could_be = |p: u32| -> Vec<Box<str>> {
        (identity.could_be(p).unwrap_or_default().iter())
            .map(|&q| identity.key(q).into())
            .collect()
    };
    for group in doc.groups.values_mut() {
        let players = &group.players;
        let person = |i: usize| {
            let at = all
                .find(players.name(i))
                .expect("a group's spelling is one of all games'");
            identity.person(at)
        };
        group.people = Some(People::of(players, person, key, could_be));
    }
    let people = People::of(all, |i| identity.person(i), key, could_be);
    let mut err = io::stderr().lock();
    let _ = write_ambiguous(&mut err, &people, all);
    let _ = write_not_compared(&mut err, identity.not_compared());
    doc.all.people = Some(people);
}

/// Writes the charts (with `--plot`) and the document on standard output or into the `-o`
/// file, the players counted per person first (for all games and every group).
fn write_document(doc: &mut StatsDocument, options: &Options) -> Result<(), Error> {
    add_people(doc, &options.names);
    let doc = &*doc;
    if let Some(dir) = &options.plot {
        write_plots(doc, dir)?;
    }
    let Some(path) = &options.output else {
        let out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
        return write_format(doc, options, out).map_err(Error::Stdout);
    };
    let mut file = AtomicFile::create(path)?;
    let mut bytes = Vec::new();
    write_format(doc, options, &mut bytes).map_err(Error::Io)?;
    file.write_all(&bytes)?;
    file.commit()
}

/// Writes the document in the format of `options` to `out`.
fn write_format(doc: &StatsDocument, options: &Options, out: impl Write) -> io::Result<()> {
    let top = options.top.unwrap_or(DEFAULT_TOP);
    match options.format {
        StatsFormat::Text => write_text(doc, TextOptions { top }, out),
        StatsFormat::Json => write_json(doc, out),
        StatsFormat::Csv(table) => write_csv(doc, table, options.top, out),
        StatsFormat::Html(table) => write_html(doc, HtmlOptions { top, table }, out),
    }
}

/// The longest `--merge` document read, in bytes (1 GiB): a longer input (`/dev/zero`, a file
/// that is not a document) is an input that could not be read, and the others are merged. The
/// text is parsed as it is read, never held whole.
pub const MAX_MERGE_DOCUMENT: u64 = 1 << 30;

/// How the `--merge` inputs were read.
enum Merged {
    /// All read (some may have failed: counted in the document's `files_failed`).
    Done(Box<StatsDocument>),
    /// Ctrl-C: the documents read so far, and their bytes.
    Interrupted(RunTotals),
}

/// Reads and merges JSON documents written by `arbiter stats --format json`; one that cannot
/// be opened or is longer than [`MAX_MERGE_DOCUMENT`] is reported and counted as failed.
fn merge_inputs(options: &Options) -> Result<Merged, Error> {
    let paths = &options.input.paths;
    if paths.is_empty() {
        return Err(Error::Usage(
            "--merge needs the JSON files to merge".to_owned(),
        ));
    }
    // (A document named twice is refused by the plan of the merge: the same run twice.)
    let paths = keep_apart(paths.clone(), paths, &plot_outputs(options))?;
    let mut merged: Option<StatsDocument> = None;
    let mut totals = RunTotals::default();
    let mut runs: Vec<(&Path, RunRecord<StatsRun>)> = Vec::with_capacity(paths.len());
    for path in &paths {
        if interrupt::requested() {
            return Ok(Merged::Interrupted(totals));
        }
        totals.files += 1;
        let doc = match read_document(path, &mut totals) {
            Ok(doc) => doc,
            Err(_) if interrupt::requested() => return Ok(Merged::Interrupted(totals)),
            Err(Error::Input { path, source }) => {
                report_input_error(&path, &source);
                totals.files -= 1;
                totals.files_failed += 1;
                continue;
            }
            Err(e) => return Err(e),
        };
        // The documents merged, for the interrupt message.
        totals.games += 1;
        let bad = |message: String| Error::BadInput {
            path: path.clone(),
            message,
        };
        let mut doc = doc;
        let run = doc.run.take().ok_or_else(|| {
            bad(
                "it has no record of its run (\"run\": its inputs, shard and options; an \
                 arbiter older than the merge contract wrote it): run it again"
                    .to_owned(),
            )
        })?;
        runs.push((path, run));
        match merged.as_mut() {
            None => merged = Some(doc),
            Some(m) => m.merge(doc).map_err(bad)?,
        }
    }
    let mut doc = merged.unwrap_or_default();
    doc.files_failed = doc.files_failed.saturating_add(totals.files_failed);
    if !runs.is_empty() {
        let parts: Vec<(&Path, &RunRecord<StatsRun>)> = runs.iter().map(|(p, r)| (*p, r)).collect();
        let plan = super::merge::plan(&parts, options.allow, false)?;
        for note in &plan.notes {
            let _ = writeln!(io::stderr(), "arbiter: {note}");
        }
        doc.run = Some(plan.run);
    }
    Ok(Merged::Done(Box::new(doc)))
}

/// Reads one `--merge` document (`-`: standard input), parsed as it is read, at most
/// [`MAX_MERGE_DOCUMENT`] bytes.
fn read_document(path: &Path, totals: &mut RunTotals) -> Result<StatsDocument, Error> {
    let file: Box<dyn Read> = match path.as_os_str() == "-" {
        true => Box::new(Interruptible::stdin().map_err(|e| Error::input(path, e))?),
        false => Box::new(Interruptible::open(path).map_err(|e| Error::input(path, e))?),
    };
    let mut reader = io::BufReader::with_capacity(1 << 16, file);
    // A byte order mark (a document saved by an editor) is no part of the JSON.
    if let Ok(head) = io::BufRead::fill_buf(&mut reader)
        && head.starts_with(b"\xEF\xBB\xBF")
    {
        io::BufRead::consume(&mut reader, 3);
    }
    let mut counted = Counted {
        inner: reader.take(MAX_MERGE_DOCUMENT + 1),
        bytes: 0,
    };
    let parsed = StatsDocument::from_reader(&mut counted);
    totals.bytes += counted.bytes;
    if counted.bytes > MAX_MERGE_DOCUMENT {
        let why = format!(
            "longer than {} MiB: not a --merge document (the longest read)",
            MAX_MERGE_DOCUMENT >> 20
        );
        return Err(Error::input(
            path,
            io::Error::new(io::ErrorKind::InvalidData, why),
        ));
    }
    parsed.map_err(|message| match message {
        StatsReadError::Io(e) => Error::input(path, e),
        StatsReadError::Bad(message) => Error::BadInput {
            path: path.to_path_buf(),
            message,
        },
    })
}

/// A reader that counts the bytes read through it.
struct Counted<R> {
    inner: R,
    bytes: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
}
