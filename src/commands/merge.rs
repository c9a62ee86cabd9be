//! `arbiter merge`: the outputs of separate runs of one kind (shards of one database, files
//! run on several machines) merged into the output of one run over all their inputs (issue 16).
//!
//! Three kinds are merged, told apart by what each input holds:
//!
//! * `check --format jsonl` and `audit --format jsonl` outputs: the records of the inputs in
//!   order (each carries its file and its game number within the file, which `--shard` keeps
//!   as in one run), then one summary whose counts are the sums of the inputs' summaries and
//!   whose `seconds` is the longest input's. An input may be the whole output or its summary
//!   line only; it must end with its summary (a cut output has none, and is refused).
//! * `stats --format json` documents: merged as `stats --merge --format json` does.
//!
//! Inputs of different kinds (a check output with an audit one, a stats document with either)
//! are refused before anything is written, as far as the inputs can be read twice (regular
//! files: their first bytes and their summary line are read first; standard input only once,
//! as it comes). Every line is read up to a cap ([`MAX_RECORD_BYTES`]) and no further, so
//! `/dev/zero` is refused at its cap, and Ctrl-C stops the reading.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::analysis::names::Names;
use crate::engine::input::Interruptible;
use crate::engine::interrupt;
use crate::model::{Code, RunTotals, Severity, Unit, Unwritten};

use super::run::interrupted;
use super::{Error, InputOptions, RunStatus};

/// The longest record line read (64 MiB): a record holds at most a few tag values and a
/// token of one game, and a game is at most [`crate::engine::input::MAX_GAME_BYTES`] (16 MiB).
pub const MAX_RECORD_BYTES: usize = 64 << 20;

/// How much of the end of a regular file is read to find its summary line first (64 KiB; a
/// summary line is under 1 KiB).
const TAIL_BYTES: u64 = 64 << 10;

/// Resolved options of `arbiter merge`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The outputs to merge (`-` = standard input; none = standard input).
    pub paths: Vec<PathBuf>,
    /// The alias file of the `stats` runs (players counted per person after it).
    pub names: Names,
}

/// The kind of run an input is the output of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Check,
    Audit,
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

/// The summary record of `check --format jsonl` ([`crate::model::Summary`], field for field
/// and in its order: a field this does not know is refused, so the two cannot drift apart
/// unnoticed).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckSummary {
    r#type: String,
    files: u64,
    files_failed: u64,
    games: u64,
    games_with_errors: u64,
    games_with_warnings: u64,
    games_skipped: u64,
    errors: u64,
    warnings: u64,
    plies: u64,
    bytes: u64,
    seconds: f64,
    #[serde(default, skip_serializing_if = "is_zero")]
    hidden: u64,
}

/// The summary record of `audit --format jsonl` ([`crate::model::AuditSummary`], as above).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AuditSummary {
    r#type: String,
    files: u64,
    files_failed: u64,
    games: u64,
    games_skipped: u64,
    games_incomplete: u64,
    games_with_verdicts: u64,
    #[serde(deserialize_with = "unique_keys")]
    verdicts: BTreeMap<String, u64>,
    plies: u64,
    bytes: u64,
    seconds: f64,
    #[serde(default, skip_serializing_if = "is_zero")]
    hidden: u64,
}

/// A JSON object of counts whose keys are each written once: a key written twice (which
/// `serde_json` would read as its last value) is no object a run writes, and is refused.
fn unique_keys<'de, D: serde::Deserializer<'de>>(d: D) -> Result<BTreeMap<String, u64>, D::Error> {
    struct Counts;
    impl<'de> serde::de::Visitor<'de> for Counts {
        type Value = BTreeMap<String, u64>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object of counts")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut counts = BTreeMap::new();
            while let Some((key, n)) = map.next_entry::<String, u64>()? {
                if counts.contains_key(&key) {
                    let key: String = key.chars().take(40).collect();
                    return Err(serde::de::Error::custom(format!("{key:?} {TWICE}")));
                }
                counts.insert(key, n);
            }
            Ok(counts)
        }
    }
    d.deserialize_map(Counts)
}

/// What [`unique_keys`] says of a key written twice (and the caller looks for).
const TWICE: &str = "written twice";

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A summary read, of either kind.
#[derive(Clone, Debug, PartialEq)]
enum Summary {
    Check(CheckSummary),
    Audit(AuditSummary),
}

/// `a += b`, or the error of a count past 2^64 − 1.
fn add(a: &mut u64, b: u64) -> Result<(), Error> {
    *a = a
        .checked_add(b)
        .ok_or_else(|| Error::Counts("a count would exceed 2^64-1: not merged".to_owned()))?;
    Ok(())
}

impl Summary {
    /// Reads a summary line, or says why it is not one that check or audit writes: neither
    /// kind's fields, a `seconds` that is negative or not a number, or (audit) a verdict code
    /// that `arbiter codes` does not list.
    fn parse(line: &[u8]) -> Result<Summary, String> {
        let summary = match serde_json::from_slice::<CheckSummary>(line) {
            Ok(s) => Summary::Check(s),
            Err(_) => serde_json::from_slice::<AuditSummary>(line)
                .map(Summary::Audit)
                .map_err(|e| match e.to_string().contains(TWICE) {
                    true => format!("its verdicts: {e}: not the summary of a run"),
                    false => NOT_A_SUMMARY.to_owned(),
                })?,
        };
        let seconds = match &summary {
            Summary::Check(s) => s.seconds,
            Summary::Audit(s) => s.seconds,
        };
        if !(seconds.is_finite() && seconds >= 0.0 && seconds.is_sign_positive()) {
            return Err(format!(
                "its seconds ({seconds}) are no duration: not the summary of a run"
            ));
        }
        if let Summary::Audit(s) = &summary
            && let Some(code) = s.verdicts.keys().find(|c| !is_code_of(c, Kind::Audit))
        {
            return Err(format!(
                "its verdict code {:?} is none that audit gives (arbiter codes lists them)",
                code.chars().take(40).collect::<String>()
            ));
        }
        if let Summary::Audit(s) = &summary
            && let Some(code) = s.verdicts.iter().find(|(_, n)| **n == 0).map(|(c, _)| c)
        {
            return Err(format!(
                "its verdict code {:?} counts 0 (a run names only the codes it gave): not the summary of a run",
                code.chars().take(40).collect::<String>()
            ));
        }
        if let Some(why) = summary.inconsistency() {
            return Err(format!("{why}: not the summary of a run"));
        }
        Ok(summary)
    }

    /// The first count that cannot be what it is next to its whole, in words: more failed
    /// files than files, more games with errors (warnings, error verdicts) than errors
    /// (warnings, error verdicts: each such game has one at least), more games with something
    /// than games.
    fn inconsistency(&self) -> Option<String> {
        const COUNTED: &str = "what it counts of them";
        let bounds: Vec<(&str, u64, u64, &str)> = match self {
            Summary::Check(s) => vec![
                ("files_failed", s.files_failed, s.files, "its files"),
                ("games_with_errors", s.games_with_errors, s.errors, COUNTED),
                (
                    "games_with_warnings",
                    s.games_with_warnings,
                    s.warnings,
                    COUNTED,
                ),
                (
                    "games_with_errors",
                    s.games_with_errors,
                    s.games,
                    "its games",
                ),
                (
                    "games_with_warnings",
                    s.games_with_warnings,
                    s.games,
                    "its games",
                ),
                ("games_skipped", s.games_skipped, s.games, "its games"),
            ],
            Summary::Audit(s) => {
                let error = |c: &String| {
                    Code::from_name(c).is_some_and(|c| c.severity() == Severity::Error)
                };
                let errors = s
                    .verdicts
                    .iter()
                    .filter(|(c, _)| error(c))
                    .fold(0u64, |sum, (_, n)| sum.saturating_add(*n));
                vec![
                    ("files_failed", s.files_failed, s.files, "its files"),
                    (
                        "games_with_verdicts",
                        s.games_with_verdicts,
                        errors,
                        COUNTED,
                    ),
                    ("games_incomplete", s.games_incomplete, s.games, "its games"),
                    (
                        "games_with_verdicts",
                        s.games_with_verdicts,
                        s.games,
                        "its games",
                    ),
                ]
            }
        };
        let (name, n, bound, whole) = bounds.into_iter().find(|(_, n, bound, _)| n > bound)?;
        let why = if whole == COUNTED {
            ": one at least a game"
        } else {
            ""
        };
        Some(format!("its {name} ({n}) exceed {whole} ({bound}{why})"))
    }

    fn kind(&self) -> Kind {
        match self {
            Summary::Check(_) => Kind::Check,
            Summary::Audit(_) => Kind::Audit,
        }
    }

    /// Adds `other` (of the same kind) into `self`: counts add, `seconds` is the longer.
    fn merge(&mut self, other: &Summary) -> Result<(), Error> {
        match (self, other) {
            (Summary::Check(a), Summary::Check(b)) => {
                for (x, y) in [
                    (&mut a.files, b.files),
                    (&mut a.files_failed, b.files_failed),
                    (&mut a.games, b.games),
                    (&mut a.games_with_errors, b.games_with_errors),
                    (&mut a.games_with_warnings, b.games_with_warnings),
                    (&mut a.games_skipped, b.games_skipped),
                    (&mut a.errors, b.errors),
                    (&mut a.warnings, b.warnings),
                    (&mut a.plies, b.plies),
                    (&mut a.bytes, b.bytes),
                    (&mut a.hidden, b.hidden),
                ] {
                    add(x, y)?;
                }
                a.seconds = a.seconds.max(b.seconds);
            }
            (Summary::Audit(a), Summary::Audit(b)) => {
                for (x, y) in [
                    (&mut a.files, b.files),
                    (&mut a.files_failed, b.files_failed),
                    (&mut a.games, b.games),
                    (&mut a.games_skipped, b.games_skipped),
                    (&mut a.games_incomplete, b.games_incomplete),
                    (&mut a.games_with_verdicts, b.games_with_verdicts),
                    (&mut a.plies, b.plies),
                    (&mut a.bytes, b.bytes),
                    (&mut a.hidden, b.hidden),
                ] {
                    add(x, y)?;
                }
                for (code, n) in &b.verdicts {
                    add(a.verdicts.entry(code.clone()).or_default(), *n)?;
                }
                a.seconds = a.seconds.max(b.seconds);
            }
            _ => unreachable!("summaries of one kind are merged (checked by the caller)"),
        }
        Ok(())
    }

    /// The exit status one run with these totals has: 2 when an input could not be read, 1
    /// when errors were found (check: error findings; audit: error verdicts), else 0.
    fn status(&self) -> RunStatus {
        match self {
            Summary::Check(s) => RunStatus::of(s.files_failed > 0, s.errors > 0),
            Summary::Audit(s) => {
                let errors = s.verdicts.iter().any(|(code, &n)| {
                    n > 0 && Code::from_name(code).is_some_and(|c| c.severity() == Severity::Error)
                });
                RunStatus::of(s.files_failed > 0, errors)
            }
        }
    }

    fn write(&self, out: &mut impl Write) -> io::Result<()> {
        match self {
            Summary::Check(s) => serde_json::to_writer(&mut *out, s),
            Summary::Audit(s) => serde_json::to_writer(&mut *out, s),
        }
        .map_err(io::Error::from)?;
        out.write_all(b"\n")
    }
}

/// The kind a record line belongs to (`None`: either, a `game` record), or the error of a
/// line that is no record of check or audit.
fn record_kind(line: &[u8]) -> Result<Option<Kind>, String> {
    let kind = if line.starts_with(br#"{"type":"finding""#) {
        Some(Kind::Check)
    } else if line.starts_with(br#"{"type":"verdict""#) {
        Some(Kind::Audit)
    } else if line.starts_with(br#"{"type":"game""#) {
        None
    } else {
        return Err("not a record of check or audit --format jsonl".to_owned());
    };
    // JSON is UTF-8: serde_json skips the strings it ignores without looking at their bytes,
    // so a line of other bytes would be copied to an output that is no JSON Lines.
    let text =
        std::str::from_utf8(line).map_err(|e| format!("not UTF-8 text, as JSON is ({e})"))?;
    let head = serde_json::from_str::<RecordHead<'_>>(text)
        .map_err(|e| format!("not a record of check or audit --format jsonl ({e})"))?;
    if kind.is_some() {
        match head.code {
            None => return Err("a record without its code".to_owned()),
            Some(code) if !kind.is_some_and(|k| is_code_of(&code, k)) => {
                let what = match kind {
                    Some(Kind::Audit) => "an audit verdict",
                    _ => "a check finding",
                };
                return Err(format!(
                    "its code {:?} is none that {what} has (arbiter codes lists them)",
                    code.chars().take(40).collect::<String>()
                ));
            }
            Some(_) => {}
        }
    }
    Ok(kind)
}

/// Whether `name` is a code a run of `kind` reports: a finding of check (its table, or a FEN
/// problem of a FEN tag), a verdict of audit.
fn is_code_of(name: &str, kind: Kind) -> bool {
    use crate::model::{CODES, Table};
    CODES.iter().any(|c| {
        c.name == name
            && match kind {
                Kind::Check => matches!(c.table, Table::Findings | Table::Fen),
                Kind::Audit | Kind::Stats => c.table == Table::Verdicts,
            }
    })
}

/// The fields every record of check and audit has (the place of its game: file and game
/// number) and the code of a finding or verdict; the others are copied as they are.
#[derive(Deserialize)]
struct RecordHead<'a> {
    #[serde(borrow, rename = "file")]
    _file: std::borrow::Cow<'a, str>,
    #[serde(rename = "game")]
    _game: u64,
    #[serde(default, borrow)]
    code: Option<std::borrow::Cow<'a, str>>,
}

/// Opens an input (`-` = standard input).
fn open(path: &Path) -> Result<Box<dyn BufRead>, Error> {
    let reader = match path.as_os_str() == "-" {
        true => Interruptible::stdin(),
        false => Interruptible::open(path),
    }
    .map_err(|e| Error::input(path, e))?;
    Ok(Box::new(io::BufReader::with_capacity(1 << 16, reader)))
}

/// Whether the input starts as a stats document does (`{"type":"stats"`): its first bytes are
/// looked at, not consumed.
fn is_stats(reader: &mut dyn BufRead, path: &Path) -> Result<bool, Error> {
    const STATS: &[u8] = br#"{"type":"stats""#;
    let head = reader.fill_buf().map_err(|e| Error::input(path, e))?;
    Ok(head.starts_with(STATS))
}

/// The kind of a regular file from its first bytes and its last line, read before any output
/// (`None` for an input that can be read once only: standard input, a pipe).
fn pre_kind(path: &Path) -> Result<Option<Kind>, Error> {
    if path.as_os_str() == "-" {
        return Ok(None);
    }
    let mut file =
        crate::engine::input::interruptible::open_file(path).map_err(|e| Error::input(path, e))?;
    let meta = file.metadata().map_err(|e| Error::input(path, e))?;
    if !meta.is_file() {
        return Ok(None);
    }
    let mut head = [0u8; 16];
    let n = file.read(&mut head).map_err(|e| Error::input(path, e))?;
    if head[..n].starts_with(br#"{"type":"stats""#) {
        return Ok(Some(Kind::Stats));
    }
    let start = meta.len().saturating_sub(TAIL_BYTES);
    file.seek(SeekFrom::Start(start))
        .map_err(|e| Error::input(path, e))?;
    let mut tail = Vec::new();
    file.take(TAIL_BYTES)
        .read_to_end(&mut tail)
        .map_err(|e| Error::input(path, e))?;
    let tail = tail.strip_suffix(b"\n").unwrap_or(&tail);
    let last = tail.rsplit(|&b| b == b'\n').next().unwrap_or_default();
    match Summary::parse(last) {
        Ok(s) => Ok(Some(s.kind())),
        // A last line that is a whole summary, but one no run writes: say what is wrong with it
        // (a line that is no summary at all, or one cut short, is an output cut short).
        Err(why) if why != NOT_A_SUMMARY => Err(Error::BadInput {
            path: path.to_path_buf(),
            message: format!("its last line: {why}"),
        }),
        Err(_) => Err(no_summary(path)),
    }
}

/// Why a line is not a summary when it has neither kind's fields (not JSON, cut short, another
/// record).
const NOT_A_SUMMARY: &str = "not the summary of check or audit";

fn no_summary(path: &Path) -> Error {
    Error::BadInput {
        path: path.to_path_buf(),
        message: "does not end with the summary of a check or audit --format jsonl run (not such \
                  an output, or one cut short), nor is it a stats --format json document"
            .to_owned(),
    }
}

fn mixed(path: &Path, kind: Kind, before: Kind) -> Error {
    Error::BadInput {
        path: path.to_path_buf(),
        message: format!(
            "the output of {}, the other inputs of {}: merge the outputs of one kind of run",
            kind.run(),
            before.run()
        ),
    }
}

/// Runs `arbiter merge`, writing the merged output to standard output.
///
/// # Errors
/// Returns [`Error::BadInput`] for an input that is not a complete output of check, audit
/// (`--format jsonl`) or stats (`--format json`), or whose kind differs from the others';
/// [`Error::Input`] for one that cannot be opened or read; [`Error::Counts`] for a count past
/// 2^64 − 1; [`Error::Stdout`] when the output cannot be written.
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
    // Every input that can be read twice is classified before anything is written.
    let mut kind: Option<Kind> = None;
    for path in &paths {
        if let Some(k) = pre_kind(path)? {
            match kind {
                Some(before) if before != k => return Err(mixed(path, k, before)),
                _ => kind = Some(k),
            }
        }
    }
    if kind == Some(Kind::Stats) {
        // (`stats --merge` warns of a document named twice itself.)
        return merge_stats(paths, options);
    }
    super::run::warn_named_twice(&paths, "records");
    let stdout = io::stdout().lock();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
    let mut merged: Option<Summary> = None;
    let mut totals = RunTotals::default();
    for path in &paths {
        let mut reader = open(path)?;
        let stats = match is_stats(reader.as_mut(), path) {
            Ok(stats) => stats,
            Err(_) if interrupt::requested() => {
                let _ = out.flush();
                return Ok(interrupted(&totals, Unit::Documents, Unwritten::Nothing));
            }
            Err(e) => return Err(e),
        };
        if stats {
            return Err(match kind {
                Some(k) => mixed(path, Kind::Stats, k),
                None => stats_on_stdin(),
            });
        }
        let summary = match copy_records(
            reader.as_mut(),
            path,
            &mut kind,
            &mut totals.bytes,
            &mut out,
        )? {
            Ended::Summary(summary) => summary,
            Ended::NoSummary => return Err(no_summary(path)),
            Ended::Interrupted => {
                let _ = out.flush();
                return Ok(interrupted(&totals, Unit::Documents, Unwritten::Nothing));
            }
        };
        totals.files += 1;
        totals.games += 1;
        match merged.as_mut() {
            None => merged = Some(summary),
            Some(m) => m.merge(&summary).map_err(|e| match e {
                Error::Counts(why) => {
                    Error::Counts(format!("{}: its summary: {why}", path.display()))
                }
                e => e,
            })?,
        }
    }
    let Some(summary) = merged else {
        return Err(no_summary(&paths[0]));
    };
    summary
        .write(&mut out)
        .and_then(|()| out.flush())
        .map_err(Error::Stdout)?;
    Ok(summary.status())
}

/// How one input ended.
enum Ended {
    /// With this summary, its last line.
    Summary(Summary),
    /// Without a summary (an output cut short, or not one of check or audit).
    NoSummary,
    /// Ctrl-C.
    Interrupted,
}

/// Copies the records of one input to `out` and says how it ended; `bytes` counts what was
/// read. `kind` is that of the inputs so far, set by the first record or summary that tells
/// it. A line is read up to [`MAX_RECORD_BYTES`] and no further: a longer one ends the run.
fn copy_records(
    reader: &mut dyn BufRead,
    path: &Path,
    kind: &mut Option<Kind>,
    bytes: &mut u64,
    out: &mut impl Write,
) -> Result<Ended, Error> {
    let bad = |number: u64, message: String| Error::BadInput {
        path: path.to_path_buf(),
        message: format!("line {number}: {message}"),
    };
    let mut summary: Option<Summary> = None;
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        let cap = MAX_RECORD_BYTES as u64 + 1;
        let read = match (&mut *reader).take(cap).read_until(b'\n', &mut line) {
            Ok(read) => read,
            Err(_) if interrupt::requested() => return Ok(Ended::Interrupted),
            Err(e) => return Err(Error::input(path, e)),
        };
        *bytes += read as u64;
        if read == 0 {
            break;
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        if text.len() > MAX_RECORD_BYTES {
            let message = format!(
                "a line longer than {} MiB (no record is): not read",
                MAX_RECORD_BYTES >> 20
            );
            return Err(bad(number, message));
        }
        if summary.is_some() {
            return Err(bad(number, "a line after the summary".to_owned()));
        }
        let this = match text.starts_with(br#"{"type":"summary""#) {
            true => {
                let s = Summary::parse(text).map_err(|m| bad(number, m))?;
                let k = s.kind();
                summary = Some(s);
                Some(k)
            }
            false => record_kind(text).map_err(|m| bad(number, m))?,
        };
        if let Some(this) = this {
            match *kind {
                Some(before) if before != this => return Err(mixed(path, this, before)),
                _ => *kind = Some(this),
            }
        }
        if summary.is_none() {
            out.write_all(text)
                .and_then(|()| out.write_all(b"\n"))
                .map_err(Error::Stdout)?;
        }
    }
    Ok(summary.map_or(Ended::NoSummary, Ended::Summary))
}

fn stats_on_stdin() -> Error {
    Error::Usage(
        "stats documents are merged from files, not standard input (or: arbiter stats --merge \
         --format json -)"
            .to_owned(),
    )
}

/// Merges stats documents as `stats --merge --format json` does (the players per person
/// after `names`).
fn merge_stats(paths: Vec<PathBuf>, options: &Options) -> Result<RunStatus, Error> {
    if paths.iter().any(|p| p.as_os_str() == "-") {
        return Err(stats_on_stdin());
    }
    super::stats::run(&super::stats::Options {
        input: InputOptions {
            paths,
            ..InputOptions::default()
        },
        format: super::stats::StatsFormat::Json,
        merge: true,
        names: options.names.clone(),
        ..super::stats::Options::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The summaries arbiter writes read back and written again are the same bytes: the
    /// mirrors above have the model's fields in its order.
    #[test]
    fn summaries_round_trip_byte_for_byte() {
        let mut check = crate::model::Summary {
            files: 3,
            files_failed: 2,
            games: 13,
            games_with_errors: 4,
            games_with_warnings: 5,
            games_skipped: 6,
            errors: 7,
            warnings: 8,
            plies: 9,
            bytes: 10,
            seconds: 0.25,
            hidden: 11,
        };
        let mut audit = crate::model::AuditSummary {
            files: 3,
            files_failed: 2,
            games: 13,
            games_skipped: 4,
            games_incomplete: 5,
            games_with_verdicts: 6,
            verdicts: [("draw/claim-supported", 7), ("result/contradicted", 8)].into(),
            plies: 9,
            bytes: 10,
            seconds: 1.5,
            hidden: 12,
        };
        for hidden in [true, false] {
            if !hidden {
                (check.hidden, audit.hidden) = (0, 0);
            }
            let mut written = Vec::new();
            {
                let mut report = crate::report::jsonl::Jsonl::new(&mut written, Default::default());
                crate::report::Report::finish(&mut report, &check).unwrap();
            }
            let line = written.strip_suffix(b"\n").unwrap();
            let mut again = Vec::new();
            Summary::parse(line).unwrap().write(&mut again).unwrap();
            assert_eq!(again, written);
            let line = serde_json::to_vec(&serde_json::json!({"type":"summary"})).unwrap();
            assert!(Summary::parse(&line).is_err());
            // A duration that is none, and a verdict code arbiter does not give, are refused.
            let negative = String::from_utf8(written.clone()).unwrap().replace(
                &format!("\"seconds\":{}", check.seconds),
                "\"seconds\":-5.0",
            );
            let why = Summary::parse(negative.trim_end().as_bytes()).unwrap_err();
            assert!(why.contains("no duration"), "{why}");
            // As report/audit.rs writes it: the type first, then the summary's fields.
            let fields = serde_json::to_string(&audit).unwrap();
            let line = format!("{{\"type\":\"summary\",{}", &fields[1..]).into_bytes();
            let mut again = Vec::new();
            let parsed = Summary::parse(&line).unwrap();
            assert_eq!(parsed.kind(), Kind::Audit);
            parsed.write(&mut again).unwrap();
            assert_eq!(again.strip_suffix(b"\n").unwrap(), line.as_slice());
            let unknown = String::from_utf8(line)
                .unwrap()
                .replace("draw/claim-supported", "draw/made_up");
            let why = Summary::parse(unknown.as_bytes()).unwrap_err();
            assert!(why.contains("\"draw/made_up\" is none"), "{why}");
        }
    }

    #[test]
    fn counts_add_and_refuse_to_overflow() {
        let one = |errors| {
            Summary::Check(CheckSummary {
                errors,
                seconds: errors as f64,
                ..CheckSummary::default()
            })
        };
        let mut a = one(2);
        a.merge(&one(3)).unwrap();
        assert_eq!(a, one(5).clone_with_seconds(3.0));
        assert!(a.merge(&one(u64::MAX)).is_err());
        assert_eq!(one(0).status(), RunStatus::Clean);
        assert_eq!(one(1).status(), RunStatus::Findings);
    }

    impl Summary {
        fn clone_with_seconds(mut self, seconds: f64) -> Summary {
            if let Summary::Check(s) = &mut self {
                s.seconds = seconds;
            }
            self
        }
    }

    #[test]
    fn records_are_told_apart() {
        let finding = br#"{"type":"finding","code":"tag/bad-date","file":"a.pgn","game":1}"#;
        assert_eq!(record_kind(finding), Ok(Some(Kind::Check)));
        let verdict = br#"{"type":"verdict","code":"audit/incomplete","file":"a","game":2}"#;
        assert_eq!(record_kind(verdict), Ok(Some(Kind::Audit)));
        assert_eq!(
            record_kind(br#"{"type":"game","file":"a.pgn","game":3}"#),
            Ok(None)
        );
        // Not as check and audit write them: no place of the game, no code, a made-up code.
        assert!(record_kind(br#"{"type":"finding","x":1}"#).is_err());
        assert!(record_kind(br#"{"type":"verdict"}"#).is_err());
        assert!(record_kind(br#"{"type":"game"}"#).is_err());
        assert!(record_kind(br#"{"type":"finding","file":"a.pgn","game":1}"#).is_err());
        let made_up = br#"{"type":"finding","code":"tag/made_up","file":"a.pgn","game":1}"#;
        assert!(record_kind(made_up).is_err());
        assert!(record_kind(br#"{"type":"position"}"#).is_err());
        assert!(record_kind(br#"{"type":"finding""#).is_err());
        assert!(record_kind(b"{\"type\":\"finding\",\"x\":\"\xff\"}").is_err());
    }
}
