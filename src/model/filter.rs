//! Which findings a report shows: `--only CODES`, `--ignore CODES` and `--errors-only` (issue
//! 18). A filter changes what is printed, never what is found: summaries and exit statuses count
//! every finding, and say how many were hidden.

use globset::{Glob, GlobSet, GlobSetBuilder};

use super::code::CODES;
use super::{Code, Finding, Severity, Verdict};

/// A choice of codes: patterns that are a code (`notation/move-number`), a family (`notation`,
/// `notation/`) or a glob over codes (`notation/*`, `*/castling`).
#[derive(Clone, Debug)]
pub struct CodeSet {
    globs: GlobSet,
}

impl CodeSet {
    /// The codes the comma- or argument-separated `patterns` name.
    ///
    /// # Errors
    /// A pattern that is no valid glob, or that names no code of the table (a typo would
    /// otherwise hide nothing, or everything, in silence): the message names it.
    pub fn new<S: AsRef<str>>(patterns: &[S]) -> Result<CodeSet, String> {
        let mut builder = GlobSetBuilder::new();
        for pattern in patterns.iter().flat_map(|p| p.as_ref().split(',')) {
            let pattern = pattern.trim();
            if pattern.is_empty() {
                continue;
            }
            let glob = match pattern.strip_suffix('/') {
                Some(family) => format!("{family}/*"),
                None if !pattern.contains('/') && !pattern.contains('*') => format!("{pattern}/*"),
                None => pattern.to_owned(),
            };
            let glob = Glob::new(&glob).map_err(|e| format!("'{pattern}': {e}"))?;
            let one = glob.compile_matcher();
            if !CODES.iter().any(|c| one.is_match(c.name)) {
                return Err(format!(
                    "'{pattern}' names no code (see `arbiter codes` for the codes and families)"
                ));
            }
            builder.add(glob);
        }
        let globs = builder.build().map_err(|e| e.to_string())?;
        Ok(CodeSet { globs })
    }

    /// Whether `code` (a code name) is one of the set.
    pub fn contains(&self, code: &str) -> bool {
        self.globs.is_match(code)
    }
}

/// The filter options as given on the command line (`--only`, `--ignore`, `--errors-only`),
/// before their patterns are read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FilterOptions {
    /// `--only` patterns.
    pub only: Vec<String>,
    /// `--ignore` patterns.
    pub ignore: Vec<String>,
    /// `--errors-only`.
    pub errors_only: bool,
}

impl FilterOptions {
    /// The filter these options describe.
    ///
    /// # Errors
    /// A pattern that is no glob or names no code (see [`CodeSet::new`]).
    pub fn filter(&self) -> Result<FindingFilter, String> {
        let set = |patterns: &[String], flag: &str| match patterns.is_empty() {
            true => Ok(None),
            false => CodeSet::new(patterns)
                .map(Some)
                .map_err(|e| format!("{flag} {e}")),
        };
        Ok(FindingFilter {
            only: set(&self.only, "--only")?,
            ignore: set(&self.ignore, "--ignore")?,
            errors_only: self.errors_only,
        })
    }
}

/// What a report shows of the findings.
#[derive(Clone, Debug, Default)]
pub struct FindingFilter {
    /// Only these codes are shown (`--only`).
    pub only: Option<CodeSet>,
    /// These codes are not shown (`--ignore`).
    pub ignore: Option<CodeSet>,
    /// Only errors are shown (`--errors-only`).
    pub errors_only: bool,
}

impl FindingFilter {
    /// Whether the filter shows everything (no option given).
    pub fn shows_all(&self) -> bool {
        self.only.is_none() && self.ignore.is_none() && !self.errors_only
    }

    /// Whether a finding with `code` and `severity` is shown.
    pub fn shows(&self, code: &str, severity: Severity) -> bool {
        (!self.errors_only || severity == Severity::Error)
            && self.only.as_ref().is_none_or(|s| s.contains(code))
            && !self.ignore.as_ref().is_some_and(|s| s.contains(code))
    }

    /// Removes the findings not shown from `findings`; returns how many were removed.
    pub fn retain(&self, findings: &mut Vec<Finding>) -> u64 {
        self.retain_by(findings, |f| (f.code, f.severity))
    }

    /// Removes the verdicts not shown from `verdicts`; returns how many were removed.
    pub fn retain_verdicts(&self, verdicts: &mut Vec<Verdict>) -> u64 {
        self.retain_by(verdicts, |v| (v.code, v.severity))
    }

    fn retain_by<T>(&self, items: &mut Vec<T>, key: impl Fn(&T) -> (Code, Severity)) -> u64 {
        if self.shows_all() {
            return 0;
        }
        let before = items.len();
        items.retain(|item| {
            let (code, severity) = key(item);
            self.shows(code.as_str(), severity)
        });
        (before - items.len()) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_name_codes_families_and_globs() {
        let set = CodeSet::new(&["notation", "tag/duplicate,illegal-move/*"]).unwrap();
        assert!(set.contains("notation/move-number"));
        assert!(set.contains("tag/duplicate"));
        assert!(set.contains("illegal-move/castling"));
        assert!(!set.contains("tag/bad-date"));
        assert!(!set.contains("syntax/missing-result"));
        let set = CodeSet::new(&["*/castling"]).unwrap();
        assert!(set.contains("illegal-move/castling") && set.contains("fen/castling"));
        assert!(set.contains("illegal-move/castling"));
        let set = CodeSet::new(&["notation/"]).unwrap();
        assert!(set.contains("notation/move-number"));
    }

    #[test]
    fn unknown_patterns_are_refused() {
        assert!(
            CodeSet::new(&["notaton/*"])
                .unwrap_err()
                .contains("notaton/*")
        );
        assert!(CodeSet::new(&["tag/no-such-*"]).is_err());
        assert!(CodeSet::new(&["[a"]).is_err());
    }

    #[test]
    fn filter_combines_only_ignore_and_errors_only() {
        let filter = FindingFilter {
            only: Some(CodeSet::new(&["notation", "illegal-move"]).unwrap()),
            ignore: Some(CodeSet::new(&["notation/move-number"]).unwrap()),
            errors_only: false,
        };
        assert!(filter.shows("notation/zero-castling", Severity::Warning));
        assert!(!filter.shows("notation/move-number", Severity::Warning));
        assert!(!filter.shows("tag/duplicate", Severity::Warning));
        let errors = FindingFilter {
            errors_only: true,
            ..FindingFilter::default()
        };
        assert!(errors.shows("notation/move-number", Severity::Error));
        assert!(!errors.shows("notation/move-number", Severity::Warning));
        assert!(FindingFilter::default().shows_all() && !errors.shows_all());
    }
}
