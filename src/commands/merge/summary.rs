//! The summaries `arbiter merge` adds up, read back into the types `check` and `audit` write
//! them from ([`crate::model::Summary`], [`crate::model::AuditSummary`]: one schema, every
//! field named, none other), checked to be a run's, added and written as a run writes its own.

use std::borrow::Cow;
use std::io::{self, Write};

use serde::Deserialize;
use serde::de::IgnoredAny;

use crate::model::identity::RunRecord;
use crate::model::{AuditSummary, Code, Severity, Summary as CheckSummary};

use super::Kind;
use crate::commands::{Error, RunStatus};

/// A summary read, of either kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Summary {
    /// Of `check`.
    Check(CheckSummary),
    /// Of `audit`.
    Audit(AuditSummary),
}

/// The summary line of `check`, `"type":"summary"` and the summary's fields.
#[derive(Deserialize)]
#[serde(tag = "type")]
enum CheckLine {
    #[serde(rename = "summary")]
    Summary(CheckSummary),
}

/// The summary line of `audit`.
#[derive(Deserialize)]
#[serde(tag = "type")]
enum AuditLine {
    #[serde(rename = "summary")]
    Summary(AuditSummary),
}

/// What tells the two kinds of summary apart: audit's counts its verdicts.
#[derive(Deserialize)]
struct Shape<'a> {
    #[serde(rename = "type", borrow)]
    kind: Option<Cow<'a, str>>,
    verdicts: Option<IgnoredAny>,
    games_with_errors: Option<IgnoredAny>,
}

/// Whether a value is a summary record (`"type":"summary"`), by its `type` alone.
pub fn is_summary(text: &str) -> bool {
    serde_json::from_str::<Shape<'_>>(text).is_ok_and(|s| s.kind.as_deref() == Some("summary"))
}

/// `a += b`, or the error of a count past 2^64 − 1.
fn add(a: &mut u64, b: u64) -> Result<(), Error> {
    *a = a
        .checked_add(b)
        .ok_or_else(|| Error::Counts("a count would exceed 2^64-1: not merged".to_owned()))?;
    Ok(())
}

impl Summary {
    /// Reads a summary record, or says why it is not one that check or audit writes: another
    /// field or a field missing, a `seconds` that is negative or not a number, counts that
    /// cannot stand together, no record of its run, or (audit) a verdict code that is none
    /// of audit's, named twice or counting 0.
    pub fn parse(text: &str) -> Result<Summary, String> {
        let shape = serde_json::from_str::<Shape<'_>>(text)
            .map_err(|e| format!("not a JSON object ({e})"))?;
        if shape.kind.as_deref() != Some("summary") {
            return Err("not a summary record".to_owned());
        }
        let not_a_run = |e: serde_json::Error| format!("not the summary of a run ({e})");
        if shape.verdicts.is_none() && shape.games_with_errors.is_none() {
            return Err(
                "not the summary of a check or audit run (it counts neither games with \
                        errors nor verdicts: fen, fix and audit --positions write summaries of \
                        their own)"
                    .to_owned(),
            );
        }
        let summary = match shape.verdicts {
            None => serde_json::from_str::<CheckLine>(text)
                .map(|CheckLine::Summary(s)| Summary::Check(s))
                .map_err(not_a_run)?,
            Some(_) => serde_json::from_str::<AuditLine>(text)
                .map(|AuditLine::Summary(s)| Summary::Audit(s))
                .map_err(not_a_run)?,
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
        if let Some(why) = summary.inconsistency() {
            return Err(format!("{why}: not the summary of a run"));
        }
        let has_run = match &summary {
            Summary::Check(s) => s.run.is_some(),
            Summary::Audit(s) => s.run.is_some(),
        };
        if !has_run {
            return Err(
                "it has no record of its run (\"run\": its inputs, shard and options; \
                        an arbiter older than the merge contract wrote it): run it again"
                    .to_owned(),
            );
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
                let errors = s
                    .verdicts
                    .iter()
                    .filter(|(c, _)| is_error(c))
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

    /// The kind of run it sums up.
    pub fn kind(&self) -> Kind {
        match self {
            Summary::Check(_) => Kind::Check,
            Summary::Audit(_) => Kind::Audit,
        }
    }

    /// Adds the counts of `other` (of the same kind) into `self`: counts add, `seconds` is the
    /// longer. The records of their runs are the caller's to merge.
    pub fn merge(&mut self, other: &Summary) -> Result<(), Error> {
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
                    add(a.verdicts.entry(code).or_default(), *n)?;
                }
                a.seconds = a.seconds.max(b.seconds);
            }
            _ => unreachable!("summaries of one kind are merged (checked by the caller)"),
        }
        Ok(())
    }

    /// The exit status one run with these totals has: 2 when an input could not be read, 1
    /// when errors were found (check: error findings; audit: error verdicts), else 0.
    pub fn status(&self) -> RunStatus {
        match self {
            Summary::Check(s) => RunStatus::of(s.files_failed > 0, s.errors > 0),
            Summary::Audit(s) => {
                let errors = s.verdicts.iter().any(|(code, &n)| n > 0 && is_error(code));
                RunStatus::of(s.files_failed > 0, errors)
            }
        }
    }

    /// Plans the merge of `parts` (of one kind) by the records of their runs (see
    /// [`super::plan()`]); the merged record is then [`Summary::set_run`]'s to take.
    pub fn plan(
        parts: &[(&std::path::Path, &Summary)],
        allow: super::plan::Allow,
        in_order: bool,
    ) -> Result<super::plan::Plan<MergedRun>, Error> {
        use super::plan::plan;
        fn runs<'a, O>(
            parts: &[(&'a std::path::Path, &'a Summary)],
            run: impl Fn(&'a Summary) -> Option<&'a RunRecord<O>>,
        ) -> Vec<(&'a std::path::Path, &'a RunRecord<O>)> {
            parts
                .iter()
                .map(|(path, s)| (*path, run(s).expect("one kind, with its run (parse)")))
                .collect()
        }
        Ok(match parts.first().map(|(_, s)| s.kind()) {
            Some(Kind::Audit) => {
                let runs = runs(parts, |s| match s {
                    Summary::Audit(s) => s.run.as_ref(),
                    Summary::Check(_) => None,
                });
                plan(&runs, allow, in_order)?.map(MergedRun::Audit)
            }
            _ => {
                let runs = runs(parts, |s| match s {
                    Summary::Check(s) => s.run.as_ref(),
                    Summary::Audit(_) => None,
                });
                plan(&runs, allow, in_order)?.map(MergedRun::Check)
            }
        })
    }

    /// Sets the record of the run the summary sums up (the merged one).
    pub fn set_run(&mut self, run: MergedRun) {
        match (self, run) {
            (Summary::Check(s), MergedRun::Check(run)) => s.run = Some(run),
            (Summary::Audit(s), MergedRun::Audit(run)) => s.run = Some(run),
            _ => unreachable!("the run of a summary of the same kind"),
        }
    }

    /// Writes the summary as its kind of run writes it.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        match self {
            Summary::Check(s) => crate::report::jsonl::write_summary(out, s),
            Summary::Audit(s) => crate::report::audit::write_summary(out, s),
        }
    }
}

/// The merged record of the runs of one kind.
#[derive(Debug)]
pub enum MergedRun {
    /// Of `check` runs.
    Check(RunRecord<crate::model::identity::CheckRun>),
    /// Of `audit` runs.
    Audit(RunRecord<crate::model::identity::AuditRun>),
}

/// Whether `code` is the name of an error verdict.
fn is_error(code: &str) -> bool {
    Code::from_name(code).is_some_and(|c| c.severity() == Severity::Error)
}
