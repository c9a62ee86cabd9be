//! Which files a directory walk reads (and which members of a zip archive): the PGN files (the
//! FEN and EPD files for inputs of FEN lines), or those that `--glob` patterns choose.

use std::io;
use std::path::Path;

/// Names that hold PGN: `*.pgn`, `*.pgn.zst`, `*.pgn.gz`, `*.pgn.bz2` (case ignored).
pub fn is_pgn_name(name: &str) -> bool {
    let name = name.to_lowercase();
    [".pgn", ".pgn.zst", ".pgn.gz", ".pgn.bz2"]
        .iter()
        .any(|ext| name.ends_with(ext))
}

/// Names of FEN or EPD files (`fen --check`, `fen --format svg`): `*.fen`, `*.epd` (case
/// ignored).
pub fn is_fen_name(name: &str) -> bool {
    let name = name.to_lowercase();
    [".fen", ".epd"].iter().any(|ext| name.ends_with(ext))
}

/// Which files of a directory walk (and which members of a zip archive) are read: by default
/// the PGN files ([`is_pgn_name`]; [`PathFilter::fen_lines`]: the FEN and EPD files,
/// [`is_fen_name`]); with `--glob` patterns, the files whose path below the directory, or whose
/// name, matches one of them, less those matching a `!` pattern (only `!` patterns: the default
/// files less those). Case is ignored.
#[derive(Clone, Debug, Default)]
pub struct PathFilter {
    include: Option<globset::GlobSet>,
    exclude: Option<globset::GlobSet>,
    /// The default files are FEN and EPD files, not PGN files.
    fen_lines: bool,
}

impl PathFilter {
    /// Builds the filter of `globs` (none: PGN files).
    ///
    /// # Errors
    /// Returns the error of a pattern that is not a glob (an unclosed `[` or `{`).
    pub fn new(globs: &[String]) -> Result<PathFilter, globset::Error> {
        let (mut include, mut exclude) = (Vec::new(), Vec::new());
        for glob in globs {
            match glob.strip_prefix('!') {
                Some(pattern) => exclude.push(pattern),
                None => include.push(glob.as_str()),
            }
        }
        let build = |patterns: Vec<&str>| -> Result<Option<globset::GlobSet>, globset::Error> {
            if patterns.is_empty() {
                return Ok(None);
            }
            let mut set = globset::GlobSetBuilder::new();
            for pattern in patterns {
                set.add(
                    globset::GlobBuilder::new(pattern)
                        .case_insensitive(true)
                        .build()?,
                );
            }
            set.build().map(Some)
        };
        Ok(PathFilter {
            include: build(include)?,
            exclude: build(exclude)?,
            fen_lines: false,
        })
    }

    /// The filter of `globs` for inputs of FEN or EPD lines: without an including pattern, the
    /// FEN and EPD files ([`is_fen_name`]) instead of the PGN files.
    ///
    /// # Errors
    /// Returns the error of a pattern that is not a glob.
    pub fn fen_lines(globs: &[String]) -> Result<PathFilter, globset::Error> {
        let mut filter = PathFilter::new(globs)?;
        filter.fen_lines = true;
        Ok(filter)
    }

    /// True when the file at `relative` (its path below the directory walked) is read.
    pub fn takes(&self, relative: &Path) -> bool {
        self.decide(relative, false)
    }

    /// True when the member of a zip archive called `name` is read: the PGN members and those
    /// that match a pattern, less those matching a `!` pattern (so `--glob '*.zip'`, which
    /// chooses archives in a directory walk, still reads their PGN members).
    pub fn takes_member(&self, name: &Path) -> bool {
        self.decide(name, true)
    }

    fn decide(&self, relative: &Path, pgn_too: bool) -> bool {
        let name = relative.file_name().map(Path::new).unwrap_or(relative);
        let matches = |set: &globset::GlobSet| set.is_match(relative) || set.is_match(name);
        if self.exclude.as_ref().is_some_and(matches) {
            return false;
        }
        let pgn = || is_pgn_name(&name.to_string_lossy());
        match &self.include {
            Some(set) => matches(set) || (pgn_too && pgn()),
            None if self.fen_lines => is_fen_name(&name.to_string_lossy()),
            None => pgn(),
        }
    }
}

/// The inputs named by `paths`: files as given, and for each directory every file below it that
/// `filter` takes (by default the PGN files, see [`PathFilter`]), in a stable order (sorted by
/// path). `-` stays `-`.
///
/// # Errors
/// Returns the error of reading a directory, with its path.
pub fn expand_paths(
    paths: &[std::path::PathBuf],
    filter: &PathFilter,
) -> io::Result<Vec<std::path::PathBuf>> {
    expand_paths_noting_empty(paths, filter).map(|(files, _)| files)
}

/// [`expand_paths`], and the directories of `paths` below which `filter` took no file (a
/// directory without PGN files, or whose files match no `--glob`), for a warning.
///
/// # Errors
/// Returns the error of reading a directory, with its path.
pub fn expand_paths_noting_empty(
    paths: &[std::path::PathBuf],
    filter: &PathFilter,
) -> io::Result<(Vec<std::path::PathBuf>, Vec<std::path::PathBuf>)> {
    let mut out = Vec::new();
    let mut empty = Vec::new();
    for path in paths {
        if path != Path::new("-") && path.is_dir() {
            let mut found = Vec::new();
            for entry in walkdir::WalkDir::new(path).sort_by_file_name() {
                let entry =
                    entry.map_err(|e| io::Error::other(format!("{}: {e}", path.display())))?;
                let relative = entry.path().strip_prefix(path).unwrap_or(entry.path());
                if entry.file_type().is_file() && filter.takes(relative) {
                    found.push(entry.into_path());
                }
            }
            found.sort();
            if found.is_empty() {
                empty.push(path.clone());
            }
            out.extend(found);
        } else {
            out.push(path.clone());
        }
    }
    Ok((out, empty))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_filter_defaults_to_pgn_names() {
        let f = PathFilter::default();
        assert!(f.takes(Path::new("a/b.PGN.zst")));
        assert!(!f.takes(Path::new("a/b.txt")));
        let f = PathFilter::new(&["*.txt".into(), "!old/*".into()]).unwrap();
        assert!(f.takes(Path::new("x/notes.TXT")));
        assert!(!f.takes(Path::new("old/notes.txt")));
        assert!(!f.takes(Path::new("b.pgn")));
        assert!(f.takes_member(Path::new("games/b.pgn")));
        assert!(!f.takes_member(Path::new("old/b.pgn")));
        assert!(PathFilter::new(&["{a".into()]).is_err());
        let f = PathFilter::fen_lines(&[]).unwrap();
        assert!(f.takes(Path::new("a/b.EPD")) && f.takes(Path::new("b.fen")));
        assert!(!f.takes(Path::new("b.pgn")));
        let f = PathFilter::fen_lines(&["*.perft".into()]).unwrap();
        assert!(f.takes(Path::new("x.perft")) && !f.takes(Path::new("x.epd")));
    }
}
