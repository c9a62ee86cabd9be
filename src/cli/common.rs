//! The options every subcommand that reads games shares, declared once: the inputs
//! ([`InputArgs`]) and the output ([`OutputArgs`], [`ColorArgs`]).

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::ValueEnum;

use arbiter::commands::InputOptions;
use arbiter::report::Format;

/// Input options of `check`, `audit`, `fen`, `pgn` and `stats`.
#[derive(Debug, clap::Args)]
pub struct InputArgs {
    /// Input PGN files; `-` (or none) reads standard input; a directory means the PGN files
    /// below it.
    ///
    /// A directory is walked for `*.pgn`, `*.pgn.zst`, `*.pgn.gz` and `*.pgn.bz2` (case
    /// ignored), sorted by path (a directory with none is a warning; nothing at all to read is
    /// status 2). Compressed inputs (zstd, gzip, bzip2) are recognised by their first bytes, not
    /// their names, and decompressed as they are read, standard input too; a damaged stream
    /// keeps what was decoded before the damage (status 2). A zip archive (a file, not a pipe)
    /// is read member by member in archive order, each reported as `archive.zip:member.pgn`,
    /// each checked against its CRC-32.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Worker threads; 0 uses every core.
    ///
    /// Values above 4 per core are clamped. The output is the same for any N: games are
    /// reported in input order.
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// No progress bar and no timing line on standard error.
    #[arg(short, long)]
    pub quiet: bool,
    /// Read files with read() instead of memory-mapping them (for files that may change
    /// while they are read).
    #[arg(long)]
    pub no_mmap: bool,
    /// In a directory walk, read the files whose path below it or name matches GLOB instead of
    /// the PGN files; in a zip archive, those members too (repeatable; `!GLOB` excludes; case
    /// ignored).
    #[arg(long = "glob", value_name = "GLOB", value_parser = parse_glob)]
    pub globs: Vec<String>,
    /// Only shard K of N of the inputs' bytes (regular uncompressed files), cut at game
    /// boundaries: the N shards together hold every game of one run once (1 <= K <= N).
    #[arg(long, value_name = "K/N", value_parser = arbiter::engine::shard::Shard::parse)]
    pub shard: Option<arbiter::engine::shard::Shard>,
}

impl InputArgs {
    /// The library's input options (the progress bar only when standard error is a terminal).
    pub fn into_options(self) -> InputOptions {
        InputOptions {
            paths: self.files,
            jobs: self.jobs,
            mmap: !self.no_mmap,
            globs: self.globs,
            progress: !self.quiet && std::io::stderr().is_terminal(),
            timing: !self.quiet,
            notes: !self.quiet,
            shard: self.shard,
            read_files: Vec::new(),
            rereading: false,
        }
    }
}

/// Output options: the format, with the values of the subcommand (`F`).
#[derive(Debug, clap::Args)]
pub struct OutputArgs<F: ValueEnum + Clone + Send + Sync + 'static> {
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: F,
}

/// Output options of `check` and `audit`: the format, with the values of the subcommand (`F`,
/// Parquet among them), and where the report goes.
#[derive(Debug, clap::Args)]
pub struct ReportOutputArgs<F: ValueEnum + Clone + Send + Sync + 'static> {
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: F,
    /// Write the report to FILE (under a temporary name, renamed when complete) instead of
    /// standard output; `-o -` is standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The report output of `check` and `audit`, resolved once: `-o -` read as standard output, the
/// colour for where the report goes (`auto` never colours an `-o` file), the findings to print.
pub fn report_output(
    format: arbiter::report::ReportFormat,
    output: Option<PathBuf>,
    color: &ColorArgs,
    filter: FilterArgs,
    games: bool,
) -> arbiter::commands::report_out::ReportOutput {
    let output = output_path(output);
    arbiter::commands::report_out::ReportOutput {
        format,
        color: color.enabled_for(output.as_deref()),
        output,
        all: filter.all,
        filter: filter.into_options(),
        games,
    }
}

/// The `-o` of a subcommand: `-o -` is standard output, as no `-o` (issue 32: one meaning of
/// `-o -` in every subcommand; `pgn -o -` wrote a file named `-`, `check -o -` was refused).
pub fn output_path(output: Option<PathBuf>) -> Option<PathBuf> {
    output.filter(|path| path.as_os_str() != "-")
}

/// Output formats of the findings and records of `check`, `fen`, `pgn` and `dedup`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Human-readable lines: path:line:col: severity[code]: message.
    Text,
    /// JSON Lines: one object per finding, then a summary object.
    Jsonl,
    /// CSV: one row per finding under a fixed header.
    Csv,
}

impl FormatArg {
    /// The library's format.
    pub fn format(self) -> Format {
        match self {
            FormatArg::Text => Format::Text,
            FormatArg::Jsonl => Format::Jsonl,
            FormatArg::Csv => Format::Csv,
        }
    }
}

/// Colour of the text output (where it has colour).
#[derive(Debug, clap::Args)]
pub struct ColorArgs {
    /// When to colour the text output.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
}

/// When to use colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Colour when the report goes to standard output (no -o), a terminal, and NO_COLOR is not
    /// set.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

impl ColorArgs {
    /// Whether to colour: `auto` = standard output is a terminal and `NO_COLOR` is unset (or
    /// empty).
    pub fn enabled(&self) -> bool {
        match self.color {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }

    /// Whether to colour a report written to `output` (`-o FILE`) or, without it, to standard
    /// output: `auto` never colours an `-o` file (a terminal on standard output says nothing
    /// of it).
    pub fn enabled_for(&self, output: Option<&std::path::Path>) -> bool {
        match (self.color, output) {
            (ColorArg::Auto, Some(_)) => false,
            _ => self.enabled(),
        }
    }
}

/// Checks a `--glob` pattern (a leading `!` excludes).
fn parse_glob(text: &str) -> Result<String, String> {
    arbiter::engine::input::PathFilter::new(&[text.to_owned()]).map_err(|e| e.to_string())?;
    Ok(text.to_owned())
}

/// Which findings are printed (`check`, `audit`); the summary and the exit status still count
/// every finding.
#[derive(Debug, clap::Args)]
pub struct FilterArgs {
    /// Print only findings with these codes: a code (`tag/duplicate`), a family (`notation`) or
    /// a glob (`notation/*`, `*/castling`); comma-separated or repeated.
    #[arg(long, value_name = "CODES", value_delimiter = ',')]
    pub only: Vec<String>,
    /// Do not print findings with these codes (same patterns as --only).
    #[arg(long, value_name = "CODES", value_delimiter = ',')]
    pub ignore: Vec<String>,
    /// Print errors only (no warnings or notes).
    #[arg(long)]
    pub errors_only: bool,
    /// In the text report, print the info findings too: `audit`'s claims available or
    /// supported, audits incomplete or skipped (`check` has none: accepted so that both take
    /// the same options). By default the text prints errors and warnings and counts the rest
    /// in its summary line (they are printed when --only or --missed asks for them). JSON
    /// Lines, CSV and Parquet hold every finding.
    #[arg(short = 'v', long)]
    pub all: bool,
}

impl FilterArgs {
    /// The options, patterns not yet read.
    pub fn into_options(self) -> arbiter::model::filter::FilterOptions {
        arbiter::model::filter::FilterOptions {
            only: self.only,
            ignore: self.ignore,
            errors_only: self.errors_only,
        }
    }
}
