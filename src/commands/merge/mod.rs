//! `arbiter merge`: the outputs of separate runs of one kind (shards of one database, files
//! run on several machines) merged into the output of one run over all their inputs (issues
//! 16, 31, 32).
//!
//! Three kinds are merged, told apart by what each input holds:
//!
//! * `check --format jsonl` and `audit --format jsonl` outputs: the records of the inputs, in
//!   the order of one run (each carries its file and its game number within the file, which
//!   `--shard` keeps as in one run), then one summary whose counts are the sums of the inputs'
//!   summaries and whose `seconds` is the longest input's. An input may be the whole output or
//!   its summary alone; it must end with its summary (a cut output has none, and is refused).
//! * `stats --format json` documents: merged as `stats --merge --format json` does.
//!
//! The inputs are read as JSON, not as bytes (`values`): every record is parsed into the type
//! its run writes it from (`report::jsonl`, `report::audit`, `model::Summary`: one schema,
//! every field named, none other) and written again as the run writes it, so an output
//! re-serialised by another tool merges into one run's bytes.
//!
//! Every summary records its run ([`crate::model::identity`]): which inputs, which shard,
//! which options. [`plan()`] decides from them whether the inputs are one run's (every shard
//! once, the same options) and in which order their records go. Inputs that can be read twice
//! (regular files: their summary is read first) are planned before anything is written;
//! standard input only once, as it comes, so its problems are found at its end (the output is
//! then incomplete: no summary). Ctrl-C stops the reading.

mod plan;
mod summary;
mod values;

use std::borrow::Cow;
use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::analysis::names::Names;
use crate::engine::input::Interruptible;
use crate::engine::interrupt;
use crate::model::{AuditStatus, GameStatus, RunTotals, Unit, Unwritten};
use crate::report::audit::VerdictRecord;
use crate::report::jsonl::{FindingRecord, GameRecord, write_line};

use super::run::interrupted;
use super::{Error, InputOptions, RunStatus};

pub use plan::{Allow, Plan, plan};
use summary::Summary;
pub use values::MAX_RECORD_BYTES;
use values::{ValueError, Values};

/// Resolved options of `arbiter merge`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The outputs to merge (`-` = standard input; none = standard input).
    pub paths: Vec<PathBuf>,
    /// The alias file of the `stats` runs (players counted per person after it).
    pub names: Names,
    /// `--allow-partial`, `--allow-mixed`.
    pub allow: Allow,
}

/// The kind of run an input is the output of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `check --format jsonl`.
    Check,
    /// `audit --format jsonl`.
    Audit,
    /// `stats --format json`.
    Stats,
}

impl Kind {
    /// The run, in words: `a check run`.
    fn run(self) -> &'static str {
        match self {
            Kind::Check => "a check run",
            Kind::Audit => "an audit run",
            Kind::Stats => "a stats run",
        }
    }
}

/// Whether `name` is a code a run of `kind` reports: a finding of check (its table, or a FEN
/// problem of a FEN tag), a verdict of audit.
fn is_code_of(code: crate::model::Code, kind: Kind) -> bool {
    use crate::model::Table;
    match kind {
        Kind::Check => matches!(code.info().table, Table::Findings | Table::Fen),
        Kind::Audit | Kind::Stats => code.info().table == Table::Verdicts,
    }
}

/// The `type` of a value, all that is read of it to know which record it is.
#[derive(Deserialize)]
struct Head<'a> {
    #[serde(rename = "type", borrow)]
    kind: Option<Cow<'a, str>>,
}

/// Opens an input (`-` = standard input).
fn open(path: &Path) -> Result<Values<Box<dyn BufRead>>, Error> {
    let reader = match path.as_os_str() == "-" {
        true => Interruptible::stdin(),
        false => Interruptible::open(path),
    }
    .map_err(|e| Error::input(path, e))?;
    let reader: Box<dyn BufRead> = Box::new(io::BufReader::with_capacity(1 << 16, reader));
    Ok(Values::new(reader))
}

/// What an input is, read before any output.
enum Pre {
    /// A stats document.
    Stats,
    /// The output of check or audit, with its summary.
    Summary(Box<Summary>),
}

/// What a regular file is, from its first value and its summary, read before any output
/// (`None` for an input that can be read once only: standard input, a pipe). The summary is
/// its last line where arbiter wrote it; else (pretty-printed) its last value, read through.
fn pre_read(path: &Path) -> Result<Option<Pre>, Error> {
    if path.as_os_str() == "-" {
        return Ok(None);
    }
    let mut file =
        crate::engine::input::interruptible::open_file(path).map_err(|e| Error::input(path, e))?;
    let meta = file.metadata().map_err(|e| Error::input(path, e))?;
    if !meta.is_file() {
        return Ok(None);
    }
    let mut head = Vec::with_capacity(64);
    (&mut file)
        .take(64)
        .read_to_end(&mut head)
        .map_err(|e| Error::input(path, e))?;
    let head = head
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(&head)
        .trim_ascii_start();
    if head.starts_with(br#"{"type":"stats""#) {
        return Ok(Some(Pre::Stats));
    }
    let last = values::last_line(&mut file, meta.len()).map_err(|e| Error::input(path, e))?;
    let last = last.as_deref().and_then(|l| std::str::from_utf8(l).ok());
    if let Some(text) = last.filter(|t| summary::is_summary(t)) {
        return match Summary::parse(text) {
            Ok(s) => Ok(Some(Pre::Summary(Box::new(s)))),
            Err(why) => Err(bad_input(path, format!("its summary: {why}"))),
        };
    }
    // Not as arbiter writes it (pretty-printed, or a stats document): read it through.
    let mut values = open(path)?;
    let mut first = true;
    let mut last: Option<(u64, Vec<u8>)> = None;
    loop {
        match values.next_value() {
            Ok(Some(line)) => {
                let value = values.value();
                if first && head_type(value).as_deref() == Some("stats") {
                    return Ok(Some(Pre::Stats));
                }
                first = false;
                last = Some((line, value.to_vec()));
            }
            Ok(None) => break,
            Err(e) => return Err(value_error(path, e)),
        }
    }
    let Some((line, last)) = last else {
        return Err(no_summary(path));
    };
    let text = std::str::from_utf8(&last).map_err(|_| no_summary(path))?;
    if !summary::is_summary(text) {
        return Err(no_summary(path));
    }
    Summary::parse(text)
        .map(|s| Some(Pre::Summary(Box::new(s))))
        .map_err(|why| bad_input(path, format!("line {line}: {why}")))
}

/// The `type` of a value (`None`: no object, or none).
fn head_type(value: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(value).ok()?;
    serde_json::from_str::<Head<'_>>(text)
        .ok()?
        .kind
        .map(Cow::into_owned)
}

fn bad_input(path: &Path, message: String) -> Error {
    Error::BadInput {
        path: path.to_path_buf(),
        message,
    }
}

/// The error of a value that could not be read.
fn value_error(path: &Path, e: ValueError) -> Error {
    match e {
        ValueError::Io(e) => Error::input(path, e),
        ValueError::TooLong(line) => bad_input(
            path,
            format!(
                "line {line}: a value longer than {} MiB (no record is): not read",
                MAX_RECORD_BYTES >> 20
            ),
        ),
        ValueError::Cut(line) => bad_input(
            path,
            format!(
                "line {line}: the input ends inside a record: an output cut short (no summary)"
            ),
        ),
    }
}

fn no_summary(path: &Path) -> Error {
    bad_input(
        path,
        "does not end with the summary of a check or audit --format jsonl run (not such an \
         output, or one cut short), nor is it a stats --format json document"
            .to_owned(),
    )
}

fn mixed(path: &Path, kind: Kind, before: Kind) -> Error {
    bad_input(
        path,
        format!(
            "the output of {}, the other inputs of {}: merge the outputs of one kind of run",
            kind.run(),
            before.run()
        ),
    )
}

/// Runs `arbiter merge`, writing the merged output to standard output.
///
/// # Errors
/// Returns [`Error::BadInput`] for an input that is not a complete output of check, audit
/// (`--format jsonl`) or stats (`--format json`), whose kind differs from the others', or that
/// does not make one run with them (a shard missing or given twice, other options: see
/// [`plan()`]); [`Error::Input`] for one that cannot be opened or read; [`Error::Counts`] for a
/// count past 2^64 − 1; [`Error::Stdout`] when the output cannot be written.
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    let mut paths = options.paths.clone();
    if paths.is_empty() {
        paths.push(PathBuf::from("-"));
    }
    if paths.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        return Err(Error::Usage(
            "standard input (-) can be read once only".to_owned(),
        ));
    }
    let (mut kind, pre) = classify(&paths)?;
    if kind == Some(Kind::Stats) {
        return merge_stats(paths, options);
    }
    // Planned now when every summary is known: the order of the records, the merged record.
    let planned = match pre.iter().all(Option::is_some) {
        true => {
            let parts: Vec<(&Path, &Summary)> = paths
                .iter()
                .map(PathBuf::as_path)
                .zip(pre.iter().flatten())
                .collect();
            Some(Summary::plan(&parts, options.allow, true)?)
        }
        false => None,
    };
    let order: Vec<usize> = match &planned {
        Some(plan) => plan.order.clone(),
        None => (0..paths.len()).collect(),
    };
    let stdout = io::stdout().lock();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
    let mut read: Vec<(usize, Summary)> = Vec::with_capacity(paths.len());
    let mut totals = RunTotals::default();
    for &i in &order {
        let path = &paths[i];
        let mut values = open(path)?;
        let ended = copy_records(&mut values, path, &mut kind, &mut out);
        totals.bytes += values.bytes();
        let summary = match ended? {
            Ended::Summary(summary) => *summary,
            Ended::NoSummary => return Err(no_summary(path)),
            Ended::Interrupted => {
                let _ = out.flush();
                return Ok(interrupted(&totals, Unit::Documents, Unwritten::Nothing));
            }
        };
        totals.files += 1;
        totals.games += 1;
        read.push((i, summary));
    }
    let plan = match planned {
        Some(plan) => plan,
        None => {
            // Standard input was read as it came: its run is known now, in the order given.
            let parts: Vec<(&Path, &Summary)> =
                read.iter().map(|(i, s)| (paths[*i].as_path(), s)).collect();
            let plan = Summary::plan(&parts, options.allow, true)?;
            if plan.order.iter().enumerate().any(|(i, &o)| i != o) {
                return Err(Error::Usage(
                    "the outputs are shards of one run out of their order, and standard input \
                     is one of them (read once, as it comes): name them in the order of their \
                     shards"
                        .to_owned(),
                ));
            }
            plan
        }
    };
    let mut summary = merged(&paths, &read)?;
    for note in &plan.notes {
        let _ = writeln!(io::stderr(), "arbiter merge: {note}");
    }
    summary.set_run(plan.run);
    summary
        .write(&mut out)
        .and_then(|()| out.flush())
        .map_err(Error::Stdout)?;
    Ok(summary.status())
}

/// Every input that can be read twice classified, and its summary read, before anything is
/// written: the kind of the outputs (none when only standard input is given) and each input's
/// summary (`None` for standard input, read as it comes, and for stats documents).
///
/// # Errors
/// The error of reading an input, and [`Error::BadInput`] for outputs of two kinds.
fn classify(paths: &[PathBuf]) -> Result<(Option<Kind>, Vec<Option<Summary>>), Error> {
    let mut kind: Option<Kind> = None;
    let mut pre: Vec<Option<Summary>> = Vec::with_capacity(paths.len());
    for path in paths {
        let this = pre_read(path)?;
        let k = match &this {
            Some(Pre::Stats) => Some(Kind::Stats),
            Some(Pre::Summary(s)) => Some(s.kind()),
            None => None,
        };
        if let Some(k) = k {
            match kind {
                Some(before) if before != k => return Err(mixed(path, k, before)),
                _ => kind = Some(k),
            }
        }
        pre.push(match this {
            Some(Pre::Summary(s)) => Some(*s),
            _ => None,
        });
    }
    Ok((kind, pre))
}

/// The summaries `read` (input index, summary) merged into one.
///
/// # Errors
/// [`Error::Counts`] naming the input whose count overflows; [`Error::BadInput`] when there
/// is no summary.
fn merged(paths: &[PathBuf], read: &[(usize, Summary)]) -> Result<Summary, Error> {
    let mut merged: Option<Summary> = None;
    for (i, summary) in read {
        match merged.as_mut() {
            None => merged = Some(summary.clone()),
            Some(m) => m.merge(summary).map_err(|e| match e {
                Error::Counts(why) => {
                    Error::Counts(format!("{}: its summary: {why}", paths[*i].display()))
                }
                e => e,
            })?,
        }
    }
    merged.ok_or_else(|| no_summary(&paths[0]))
}

/// How one input ended.
enum Ended {
    /// With this summary, its last value.
    Summary(Box<Summary>),
    /// Without a summary (an output cut short, or not one of check or audit).
    NoSummary,
    /// Ctrl-C.
    Interrupted,
}

/// Copies the records of one input to `out`, each read into its type and written as its run
/// writes it, and says how the input ended. `kind` is that of the inputs so far, set by the
/// first record or summary that tells it.
fn copy_records(
    values: &mut Values<Box<dyn BufRead>>,
    path: &Path,
    kind: &mut Option<Kind>,
    out: &mut impl Write,
) -> Result<Ended, Error> {
    let bad = |line: u64, message: String| bad_input(path, format!("line {line}: {message}"));
    let mut summary: Option<Box<Summary>> = None;
    // The statuses of game records read before the kind was known, checked once it is.
    let mut pending: Vec<(u64, String)> = Vec::new();
    loop {
        let line = match values.next_value() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(_) if interrupt::requested() => return Ok(Ended::Interrupted),
            Err(e) => return Err(value_error(path, e)),
        };
        if summary.is_some() {
            return Err(bad(line, "a record after the summary".to_owned()));
        }
        // JSON is UTF-8; a value of other bytes is no record.
        let text = std::str::from_utf8(values.value())
            .map_err(|e| bad(line, format!("not UTF-8 text, as JSON is ({e})")))?;
        let record = Record::parse(text).map_err(|m| bad(line, m))?;
        let this = match &record {
            Record::Finding(_) => Some(Kind::Check),
            Record::Verdict(_) => Some(Kind::Audit),
            Record::Game(_) => None,
            Record::Summary(s) => Some(s.kind()),
        };
        if let Some(this) = this {
            match *kind {
                Some(before) if before != this => return Err(mixed(path, this, before)),
                _ => *kind = Some(this),
            }
        }
        record.check_code(*kind).map_err(|m| bad(line, m))?;
        if let Record::Game(game) = &record {
            match *kind {
                Some(k) => game_status(&game.status, k).map_err(|m| bad(line, m))?,
                None => pending.push((line, game.status.to_string())),
            }
        }
        if let Some(k) = *kind {
            for (line, status) in pending.drain(..) {
                game_status(&status, k).map_err(|m| bad(line, m))?;
            }
        }
        match record {
            Record::Summary(s) => summary = Some(s),
            record => record.write(out).map_err(Error::Stdout)?,
        }
    }
    Ok(summary.map_or(Ended::NoSummary, Ended::Summary))
}

/// A record of check or audit, read into the type its run writes it from.
enum Record<'a> {
    Finding(Box<FindingRecord<'a>>),
    Verdict(Box<VerdictRecord<'a>>),
    Game(Box<GameRecord<'a, String>>),
    Summary(Box<Summary>),
}

impl<'a> Record<'a> {
    /// Reads a value, or says why it is no record of check or audit.
    fn parse(text: &'a str) -> Result<Record<'a>, String> {
        let not =
            |e: serde_json::Error| format!("not a record of check or audit --format jsonl ({e})");
        let head = serde_json::from_str::<Head<'_>>(text).map_err(not)?;
        Ok(match head.kind.as_deref() {
            Some("finding") => Record::Finding(Box::new(serde_json::from_str(text).map_err(not)?)),
            Some("verdict") => Record::Verdict(Box::new(serde_json::from_str(text).map_err(not)?)),
            Some("game") => Record::Game(Box::new(
                serde_json::from_str::<GameRecord<'a, String>>(text).map_err(not)?,
            )),
            Some("summary") => Record::Summary(Box::new(Summary::parse(text)?)),
            Some("stats") => {
                return Err(
                    "a stats --format json document: those are merged from files, not \
                            standard input (or: arbiter stats --merge --format json -)"
                        .to_owned(),
                );
            }
            _ => return Err("not a record of check or audit --format jsonl".to_owned()),
        })
    }

    /// Refuses a finding whose code is none of check's, a verdict whose code is none of
    /// audit's.
    fn check_code(&self, kind: Option<Kind>) -> Result<(), String> {
        let (code, what) = match self {
            Record::Finding(f) => (f.code, "a check finding"),
            Record::Verdict(v) => (v.code, "an audit verdict"),
            _ => return Ok(()),
        };
        match kind.is_some_and(|k| is_code_of(code, k)) {
            true => Ok(()),
            false => Err(format!(
                "its code {:?} is none that {what} has (arbiter codes lists them)",
                code.as_str()
            )),
        }
    }

    fn write(&self, out: &mut impl Write) -> io::Result<()> {
        match self {
            Record::Finding(r) => write_line(out, r),
            Record::Verdict(r) => write_line(out, r),
            Record::Game(r) => write_line(out, r),
            Record::Summary(s) => s.write(out),
        }
    }
}

/// Refuses the status of a game record that is none of the kind's.
fn game_status(status: &str, kind: Kind) -> Result<(), String> {
    use serde::de::IntoDeserializer;
    let de = || status.into_deserializer();
    let read: Result<(), serde::de::value::Error> = match kind {
        Kind::Audit => AuditStatus::deserialize(de()).map(|_| ()),
        _ => GameStatus::deserialize(de()).map(|_| ()),
    };
    read.map_err(|_| {
        format!(
            "a game record of status {:?}, none that {} gives",
            status.chars().take(40).collect::<String>(),
            kind.run()
        )
    })
}

/// Merges stats documents as `stats --merge --format json` does (the players per person
/// after `names`).
fn merge_stats(paths: Vec<PathBuf>, options: &Options) -> Result<RunStatus, Error> {
    if paths.iter().any(|p| p.as_os_str() == "-") {
        return Err(Error::Usage(
            "stats documents are merged from files, not standard input (or: arbiter stats \
             --merge --format json -)"
                .to_owned(),
        ));
    }
    super::stats::run(&super::stats::Options {
        input: InputOptions {
            paths,
            ..InputOptions::default()
        },
        format: super::stats::StatsFormat::Json,
        merge: true,
        allow: options.allow,
        names: options.names.clone(),
        ..super::stats::Options::default()
    })
}

#[cfg(test)]
mod tests;
