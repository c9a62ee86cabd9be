//! The progress bar: the only indicatif code in the crate. It draws on standard error, and only
//! when asked (a terminal and no `--quiet`); otherwise it is hidden and costs nothing.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A byte-counting progress bar.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar over `total` bytes (a spinner when unknown); hidden unless `visible`.
    pub fn new(visible: bool, total: Option<u64>) -> Progress {
        let bar = match (visible, total) {
            (false, _) => ProgressBar::hidden(),
            (true, Some(total)) => {
                let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
                bar.set_style(
                    ProgressStyle::with_template(
                        "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} ({bytes_per_sec}, {eta}) {msg}",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
                );
                bar
            }
            (true, None) => {
                let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
                bar.set_style(
                    ProgressStyle::with_template(
                        "{spinner} [{elapsed_precise}] {bytes} ({bytes_per_sec}) {msg}",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
                );
                bar
            }
        };
        // The tick is a thread of indicatif's: a hidden bar needs none (with `--quiet` one was
        // started and joined for every input: 8,000 small files took 1.9 s, 80 % of it in the
        // kernel).
        if visible {
            bar.enable_steady_tick(Duration::from_millis(200));
        }
        Progress { bar }
    }

    /// Adds `bytes` processed.
    pub fn inc(&self, bytes: u64) {
        self.bar.inc(bytes);
    }

    /// Shows a short message next to the bar (the file being read), its control characters
    /// replaced (a file or zip member name must not drive the terminal).
    pub fn message(&self, msg: &str) {
        self.bar
            .set_message(super::human::sanitize(msg).into_owned());
    }

    /// Removes the bar from the screen.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
