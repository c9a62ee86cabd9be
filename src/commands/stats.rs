//! `arbiter stats`: statistics over whole databases (issue 5).
//!
//! Every worker thread adds its games to its own partial [`GroupedStats`]; the partials are
//! merged at the end (the merge is commutative, so the result is the same for any `--jobs`).
//! `--merge` reads JSON outputs of earlier runs instead of PGN and merges them the same way.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use crate::analysis::stats::{BY_YEAR, GroupedStats, StatsOptions, analyse_game};
use crate::engine::parallel::{pool, worker_index};
use crate::report::stats::{
    StatsDocument, Table, TextOptions, write_csv, write_json, write_plots, write_text,
};

use super::{RunStatus, for_each_input};

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
    /// PGN inputs (JSON outputs of `arbiter stats` with `merge`); `-` = standard input.
    pub paths: Vec<PathBuf>,
    /// Worker threads (0 = one per core).
    pub jobs: usize,
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
    /// Draw a progress bar.
    pub progress: bool,
    /// Print the timing line on standard error.
    pub timing: bool,
    /// Memory-map regular files.
    pub mmap: bool,
    /// Which files a directory walk (and a zip archive) gives (see `arbiter check --glob`).
    pub globs: Vec<String>,
}

/// The default number of rows of ranked tables in the text output.
pub const DEFAULT_TOP: usize = 10;

/// Runs `arbiter stats`, writing to standard output.
///
/// # Errors
/// Returns an error when the thread pool cannot be started, a `--merge` input is not a stats
/// JSON document (or groups differently), or the output or a chart cannot be written.
/// Unreadable PGN inputs are reported and make the status [`RunStatus::Failed`].
pub fn run(options: &Options) -> anyhow::Result<RunStatus> {
    let started = Instant::now();
    // Before reading anything: a run over a large database must not end on this.
    if let Some(dir) = &options.plot
        && dir.exists()
        && !dir.is_dir()
    {
        anyhow::bail!("--plot: {}: not a directory", dir.display());
    }
    let (doc, totals) = if options.merge {
        (merge_inputs(&options.paths)?, None)
    } else {
        let (doc, totals) = compute(options)?;
        (doc, Some(totals))
    };
    if let Some(t) = totals
        && t.interrupted
    {
        eprintln!("arbiter: interrupted; no statistics written");
        return Ok(RunStatus::Interrupted);
    }
    if let Some(dir) = &options.plot {
        write_plots(&doc.all, dir).map_err(|e| anyhow::anyhow!("--plot: {e}"))?;
    }
    let stdout = io::stdout();
    let out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let written = match options.format {
        StatsFormat::Text => write_text(
            &doc,
            TextOptions {
                top: options.top.unwrap_or(DEFAULT_TOP),
            },
            out,
        ),
        StatsFormat::Json => write_json(&doc, out),
        StatsFormat::Csv(table) => write_csv(&doc, table, options.top, out),
    };
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => return Err(anyhow::anyhow!("standard output: {e}")),
    }
    if options.timing && !options.merge {
        let mb = doc.bytes as f64 / 1e6;
        let secs = started.elapsed().as_secs_f64();
        let _ = writeln!(
            io::stderr(),
            "arbiter: stats over {} games ({mb:.1} MB) in {secs:.2} s ({:.1} MB/s)",
            doc.all.games,
            mb / secs.max(1e-9)
        );
    }
    Ok(if doc.files_failed > 0 {
        RunStatus::Failed
    } else {
        RunStatus::Clean
    })
}

/// Reads every game of the inputs into one document.
fn compute(options: &Options) -> anyhow::Result<(StatsDocument, super::InputTotals)> {
    let pool = pool(options.jobs)?;
    let stats_options = StatsOptions {
        by: options.by.clone(),
    };
    // One partial result per worker thread: the lock is never contended.
    let partials: Vec<Mutex<GroupedStats>> = (0..pool.current_num_threads().max(1))
        .map(|_| Mutex::new(GroupedStats::new(options.by.clone())))
        .collect();
    let mut bytes = 0u64;
    let totals = for_each_input(
        &options.paths,
        options.mmap,
        &options.globs,
        options.progress,
        &pool,
        |game| {
            if game.index == 0 {
                return;
            }
            let text = crate::analysis::walk::GameText {
                bytes: game.bytes,
                index: game.index,
                offset: game.offset,
                line: game.line,
            };
            // One walk of the game for the statistics, the checks and the audit.
            let (mut facts, check, audit) =
                analyse_game(text, &stats_options, options.with_check, options.with_audit);
            if facts.panicked {
                // A bug must not stop the run (the game is then left out of the statistics).
                eprintln!(
                    "arbiter: game {} at byte {}: internal error while reading it (please report \
                     it); left out of the statistics",
                    game.index, game.offset
                );
                return;
            }
            facts.check = check.as_ref();
            facts.audit = audit.as_ref();
            let slot = &partials[worker_index() % partials.len()];
            let mut partial = slot.lock().unwrap_or_else(|e| e.into_inner());
            partial.add(&facts);
        },
        |_, game, ()| {
            bytes += game.bytes.len() as u64;
            Ok(())
        },
    )
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut all = GroupedStats::new(options.by.clone());
    for partial in partials {
        let partial = partial.into_inner().unwrap_or_else(|e| e.into_inner());
        all.merge(&partial).map_err(|e| anyhow::anyhow!(e))?;
    }
    if let Some(by) = options.by.as_deref()
        && by != BY_YEAR
        && all.all.games > 0
        && all.by_tag_games == 0
    {
        eprintln!(
            "arbiter: warning: {}",
            no_such_tag(by, all.by_tag_near.as_deref())
        );
    }
    Ok((
        StatsDocument::new(all, totals.files, totals.files_failed, bytes),
        totals,
    ))
}

/// The warning of `--by TAG` when no game has the tag, with the tag of the games that matches
/// it but for case, if any.
fn no_such_tag(by: &str, near: Option<&str>) -> String {
    let mut text = format!("no game has a tag \"{by}\" (tag names are case-sensitive");
    if let Some(near) = near {
        text.push_str(&format!("; did you mean \"{near}\"?"));
    }
    text.push(')');
    text
}

/// Reads and merges JSON documents written by `arbiter stats --format json`.
fn merge_inputs(paths: &[PathBuf]) -> anyhow::Result<StatsDocument> {
    if paths.is_empty() {
        anyhow::bail!("--merge needs the JSON files to merge");
    }
    let mut merged: Option<StatsDocument> = None;
    for path in paths {
        let mut text = String::new();
        if path.as_os_str() == "-" {
            io::stdin().read_to_string(&mut text)?;
        } else {
            text = std::fs::read_to_string(path)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        }
        let doc = StatsDocument::from_json(&text)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        match merged.as_mut() {
            None => merged = Some(doc),
            Some(m) => m
                .merge(&doc)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?,
        }
    }
    Ok(merged.unwrap_or_default())
}
