//! The errors that end a run: every `commands::*::run` returns them.
//!
//! A problem of one input (a file that cannot be opened, a game that is not valid) does not end
//! a run: it is reported and counted, and the exit status says so. These errors are the rest:
//! options that cannot work, an input the run cannot do without, an output that cannot be
//! written. Each `Display` is the context only; the cause is [`std::error::Error::source`], so
//! that `main` prints the whole chain (`arbiter: {err:#}`: `out.pgn: No space left on device`)
//! and finds a closed pipe in it.

use std::io;
use std::path::PathBuf;

/// An error that ends a run (exit status 2, or 0 for a closed pipe).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Options that cannot work together, or with the files given (found before any reading).
    #[error("{0}")]
    Usage(String),
    /// An input the run cannot do without (a positions file, a `--merge` document) could not
    /// be opened or read.
    #[error("{}", path.display())]
    Input {
        /// The input, as given.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// An input the run cannot do without is not what it should be (a `--merge` document that
    /// is not a stats document, or that groups differently).
    #[error("{}: {message}", path.display())]
    BadInput {
        /// The input, as given.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// An output file could not be created, written or renamed into place.
    #[error("{}", path.display())]
    Output {
        /// The file, as given (or the file a symlink names).
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The SVG charts of `stats --plot` could not be written.
    #[error("--plot: {0}")]
    Plot(String),
    /// Counts that cannot be merged (an overflow, or groupings that differ).
    #[error("{0}")]
    Counts(String),
    /// Standard output could not be written.
    #[error("standard output")]
    Stdout(#[source] io::Error),
    /// Another I/O error whose message says what failed (the thread pool, a directory walk, a
    /// `--glob` pattern), or a write whose message names no stream.
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl Error {
    /// True when the error is a write into a closed pipe (`arbiter ... | head`): the run ends
    /// quietly then.
    pub fn is_broken_pipe(&self) -> bool {
        match self {
            Error::Input { source, .. } | Error::Output { source, .. } => {
                source.kind() == io::ErrorKind::BrokenPipe
            }
            Error::Stdout(e) | Error::Io(e) => e.kind() == io::ErrorKind::BrokenPipe,
            _ => false,
        }
    }

    /// The error of writing to the output file `path`.
    pub fn output(path: impl Into<PathBuf>, source: io::Error) -> Error {
        Error::Output {
            path: path.into(),
            source,
        }
    }

    /// The error of reading the input `path`.
    pub fn input(path: impl Into<PathBuf>, source: io::Error) -> Error {
        Error::Input {
            path: path.into(),
            source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `main` prints: the chain, as anyhow's `{:#}` writes it.
    fn chain(err: &Error) -> String {
        let mut text = err.to_string();
        let mut cause = std::error::Error::source(err);
        while let Some(c) = cause {
            text.push_str(": ");
            text.push_str(&c.to_string());
            cause = c.source();
        }
        text
    }

    #[test]
    fn messages_name_the_context_then_the_cause() {
        let full = || io::Error::new(io::ErrorKind::StorageFull, "No space left on device");
        assert_eq!(
            chain(&Error::output("out.pgn", full())),
            "out.pgn: No space left on device"
        );
        assert_eq!(
            chain(&Error::Stdout(full())),
            "standard output: No space left on device"
        );
        assert_eq!(chain(&Error::Io(full())), "No space left on device");
        assert_eq!(
            chain(&Error::Usage("--x needs --y".into())),
            "--x needs --y"
        );
        assert!(Error::Stdout(io::ErrorKind::BrokenPipe.into()).is_broken_pipe());
        assert!(!Error::Stdout(full()).is_broken_pipe());
    }
}
