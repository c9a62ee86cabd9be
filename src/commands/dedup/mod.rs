//! `arbiter dedup` (issue 15): find the games that are copies of each other, report the groups,
//! and split the input into unique games and duplicates, byte for byte.
//!
//! Two passes over the input, in bounded memory whatever the number of games:
//! 1. every game is walked on the pool and keyed ([`crate::analysis::dedup::game_key`]); the
//!    keys go, in input order, into a [`index::SortedIndex`] that spills sorted runs to disk when
//!    `--memory` is reached. The records are then read back in key order (the runs merged) and
//!    cut into groups ([`groups::Grouper`]): equal keys, or at `--by prefix` main lines that
//!    start one another. Each group's kept member is chosen, the others are marked in a bitset
//!    (one bit a game), and the groups go into a second index ordered by their first member,
//!    which gives the report its input order.
//! 2. only with `--unique-out`/`--duplicates-out`: the inputs are read again (standard input was
//!    kept in a spool file in pass 1) and every game's bytes go to one of the two files as read,
//!    so that unique + duplicates = the input.

pub mod groups;
pub mod index;
pub mod persons;

use crate::commands::run::game_text;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::analysis::dedup::{GameKey, game_key};
use crate::analysis::names::Names;
use crate::engine::parallel::RawGame;
use crate::model::dedup::{DedupSummary, Keep, Level};
use crate::model::{RunTotals, Unwritten, Work};
use crate::report::Format;
use crate::report::dedup::{DedupReport, GroupHead, write_kept_apart, write_undecided};

use super::output::{AtomicFile, OutputFile};
use super::{Error, GameSink, InputOptions, RunStatus, run_games};
use groups::{Decision, Grouper, encode};
use index::{SortedIndex, TempDir};

/// Default of `--memory`: 256 MiB.
pub const DEFAULT_MEMORY: usize = 256 << 20;

/// Resolved options of `arbiter dedup`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Inputs, threads, progress bar and timing line.
    pub input: InputOptions,
    /// Format of the report of groups.
    pub format: Format,
    /// What makes two games duplicates.
    pub level: Level,
    /// Which member of a group is kept.
    pub keep: Keep,
    /// Write the kept and unique games here.
    pub unique_out: Option<PathBuf>,
    /// Write the duplicates (the members not kept) here.
    pub duplicates_out: Option<PathBuf>,
    /// Bytes of memory for the indexes: four fifths for the games, one fifth for the groups.
    pub memory: usize,
    /// Where sorted runs are spilled (default: the system's temporary directory).
    pub temp_dir: Option<PathBuf>,
    /// Bits of the hash kept (64; fewer only for tests: collisions must change nothing).
    pub hash_bits: u32,
    /// Player names: their keys and the alias file (`--aliases`).
    pub names: Names,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            input: InputOptions::default(),
            format: Format::Text,
            level: Level::Game,
            keep: Keep::First,
            unique_out: None,
            duplicates_out: None,
            memory: DEFAULT_MEMORY,
            temp_dir: None,
            hash_bits: 64,
            names: Names::new(),
        }
    }
}

/// What pass 1 gathers.
struct Pass1 {
    index: SortedIndex,
    files: Vec<String>,
    /// Everything the run loop handed the sink so far (blank parts too).
    ordinal: u64,
    /// Standard input's games, kept for pass 2.
    spool: Option<Spool>,
}

/// The sink of pass 1 (it borrows the state, which outlives the run loop).
struct KeySink<'s> {
    state: &'s mut Pass1,
    /// `--unique-out`, `--duplicates-out`, for the run loop (never an input, standard input
    /// included).
    outputs: Vec<OutputFile>,
}

impl GameSink<Option<GameKey>> for KeySink<'_> {
    fn game(&mut self, game: &RawGame<'_>, key: Option<GameKey>) -> Result<(), Error> {
        let state = &mut *self.state;
        if state.files.last().is_none_or(|f| f != game.name) {
            state.files.push(game.name.to_owned());
        }
        if let Some(spool) = &mut state.spool {
            spool.write(game.bytes)?;
        }
        if let Some(key) = key {
            let file = (state.files.len() - 1) as u32;
            let payload = encode(
                state.ordinal,
                file,
                (game.index, game.offset, game.line),
                &key,
            );
            state.index.push(key.hash, &key.key, &payload)?;
        }
        state.ordinal += 1;
        Ok(())
    }

    fn findings(&self) -> bool {
        false
    }

    fn finish(self, totals: &RunTotals, _seconds: f64) -> Result<Work, Error> {
        Ok(Work::Deduplicated {
            games: totals.games,
            duplicates: 0,
        })
    }

    fn unwritten(&self) -> Unwritten {
        match self.outputs.is_empty() {
            true => Unwritten::Nothing,
            false => Unwritten::SplitOutput,
        }
    }

    fn outputs(&self) -> Vec<OutputFile> {
        self.outputs.clone()
    }
}

/// Refuses a `--memory` the system cannot give. The index is allocated at once (four fifths
/// of it, then a fifth): a size no allocation can have (`--memory 18446744073709551615`, or
/// more than memory and swap) is a usage error here, not a capacity-overflow panic or an abort
/// on allocation. Reserving touches no page.
fn check_memory(memory: usize) -> Result<(), Error> {
    match Vec::<u8>::new().try_reserve_exact(memory) {
        Ok(()) => Ok(()),
        Err(_) => Err(Error::Usage(format!(
            "--memory {memory}: more memory than the system can give (the index is allocated \
             at once)"
        ))),
    }
}

/// Runs `arbiter dedup`: the report of groups on standard output, the split files.
///
/// # Errors
/// Returns an error when an output cannot be created or written, a temporary run cannot be
/// written or read, or an output names an input. Unreadable inputs are reported on standard
/// error and make the status [`RunStatus::Failed`].
pub fn run(options: &Options) -> Result<RunStatus, Error> {
    let started = Instant::now();
    let temp = checked_options(options)?;
    let unique_out = options
        .unique_out
        .as_deref()
        .map(AtomicFile::create)
        .transpose()?;
    let duplicates_out = (options.duplicates_out.as_deref())
        .map(AtomicFile::create)
        .transpose()?;
    let split = unique_out.is_some() || duplicates_out.is_some();
    let reads_stdin =
        options.input.paths.is_empty() || options.input.paths.iter().any(|p| p.as_os_str() == "-");
    let mut state = Pass1 {
        index: SortedIndex::new(options.memory / 5 * 4, &temp),
        files: Vec::new(),
        ordinal: 0,
        spool: (split && reads_stdin).then(|| Spool::new(&temp)),
    };
    let input = InputOptions {
        timing: false,
        ..options.input.clone()
    };
    let (level, bits, names) = (options.level, options.hash_bits, &options.names);
    let job = |g: &RawGame<'_>| {
        let text = game_text(g);
        (g.index > 0 && !g.too_large)
            .then(|| game_key(text, level, names, bits))
            .flatten()
    };
    let mut totals = RunTotals::default();
    let status = run_games(
        &input,
        job,
        CountingSink(
            KeySink {
                state: &mut state,
                outputs: [
                    unique_out.as_ref().map(|f| f.output_file("--unique-out")),
                    duplicates_out
                        .as_ref()
                        .map(|f| f.output_file("--duplicates-out")),
                ]
                .into_iter()
                .flatten()
                .collect(),
            },
            &mut totals,
        ),
    )?;
    if status == RunStatus::Interrupted {
        return Ok(status);
    }
    let mut summary = DedupSummary {
        level: options.level,
        keep: options.keep,
        files: totals.files,
        files_failed: totals.files_failed,
        games: totals.games,
        spilled_runs: state.index.spilled_runs() as u64,
        index_bytes: state.index.pushed_bytes(),
        bytes: totals.bytes,
        ..DedupSummary::default()
    };
    let duplicates = report_groups(options, &mut state, &temp, &mut summary, started)?;
    if split
        && pass2(
            options,
            &mut state,
            &duplicates,
            [unique_out, duplicates_out],
        )?
    {
        return Ok(RunStatus::Interrupted);
    }
    if options.input.timing {
        let work = Work::Deduplicated {
            games: summary.games,
            duplicates: summary.duplicates,
        };
        let seconds = started.elapsed().as_secs_f64();
        let _ = crate::report::run::write_timing(
            &mut io::stderr().lock(),
            &work,
            totals.bytes,
            seconds,
        );
    }
    Ok(RunStatus::of(totals.files_failed > 0, false))
}

/// The checks made before anything is opened: the memory budget, the split files kept apart
/// from the inputs, the temporary directory (returned).
///
/// # Errors
/// A usage error says which option is at fault.
fn checked_options(options: &Options) -> Result<PathBuf, Error> {
    check_memory(options.memory)?;
    let outputs: Vec<(&str, &PathBuf)> = [
        ("--unique-out", &options.unique_out),
        ("--duplicates-out", &options.duplicates_out),
    ]
    .into_iter()
    .filter_map(|(flag, p)| p.as_ref().map(|p| (flag, p)))
    .collect();
    let read = [&options.input.paths[..], &options.input.read_files[..]].concat();
    super::guard::refuse_overwrite(&outputs, &read)?;
    match &options.temp_dir {
        Some(dir) => checked_temp_dir(dir),
        None => Ok(std::env::temp_dir()),
    }
}

/// `--temp-dir DIR`, when it is an existing directory. As `sort -T`, a directory that does not
/// exist is an error (not created), and so is a path that is not a directory; both are found
/// before anything is read.
fn checked_temp_dir(dir: &Path) -> Result<PathBuf, Error> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(dir.to_path_buf()),
        Ok(_) => Err(Error::Usage(format!(
            "--temp-dir {}: not a directory",
            dir.display()
        ))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(Error::Usage(format!(
            "--temp-dir {}: no such directory (it is not created: make it first)",
            dir.display()
        ))),
        Err(e) => Err(Error::Usage(format!("--temp-dir {}: {e}", dir.display()))),
    }
}

/// Pass 2: every game's bytes to `--unique-out` or `--duplicates-out`, then both renamed into
/// place. Returns true when Ctrl-C stopped it (nothing is renamed then).
fn pass2(
    options: &Options,
    state: &mut Pass1,
    duplicates: &[u64],
    outputs: [Option<AtomicFile>; 2],
) -> Result<bool, Error> {
    let [mut unique_out, mut duplicates_out] = outputs;
    let mut writer = SplitWriter {
        duplicates,
        ordinal: 0,
        unique: unique_out.as_mut(),
        dups: duplicates_out.as_mut(),
    };
    match state.spool.take() {
        Some(spool) => spool.replay(|bytes, _| writer.write(bytes))?,
        None => {
            let quiet = InputOptions {
                timing: false,
                progress: false,
                rereading: true,
                ..options.input.clone()
            };
            let sink = SplitSink(&mut writer);
            if run_games(&quiet, |_: &RawGame<'_>| (), sink)? == RunStatus::Interrupted {
                return Ok(true);
            }
        }
    }
    if writer.ordinal != state.ordinal {
        return Err(Error::Usage(
            "the input changed between the two passes of dedup; nothing written".to_owned(),
        ));
    }
    for out in [unique_out, duplicates_out].into_iter().flatten() {
        out.commit()?;
    }
    Ok(false)
}

/// Cuts the index into groups, writes the report and returns the bitset of duplicates.
///
/// Memory: a group's members are held only while it is decided, up to a twentieth of
/// `--memory` (the rest in a temporary file); each then goes into the index of groups as a
/// record of its own, after a head record (the decision), ordered by the group's first member;
/// and the report is written from that index member by member. So the largest group costs no
/// more memory than `--memory` allows, whatever its size.
fn report_groups(
    options: &Options,
    state: &mut Pass1,
    temp: &Path,
    summary: &mut DedupSummary,
    started: Instant,
) -> Result<Vec<u64>, Error> {
    let mut duplicates = vec![0u64; state.ordinal.div_ceil(64) as usize];
    let group_memory = options.memory / 20;
    let mut group_index = SortedIndex::new(options.memory / 5 - group_memory, temp);
    let mut grouper = Grouper::new(
        options.level,
        options.keep,
        group_memory,
        temp,
        &options.names,
    );
    let index = std::mem::replace(&mut state.index, SortedIndex::new(0, temp));
    // Each member of a decided group: marked when not kept, and into the index of groups
    // (hash: the group's first member; key: its own ordinal, so members come in input order
    // after the group's head, whose key is empty and which goes in with the first member).
    let mut head_of: Option<u64> = None;
    let mut member = |d: &Decision, payload: &[u8]| -> io::Result<()> {
        if head_of != Some(d.first) {
            head_of = Some(d.first);
            summary.groups += 1;
            summary.duplicates += d.members - 1;
            group_index.push(d.first, &[], &d.encode())?;
        }
        let ordinal = groups::decode_ordinal(payload);
        if ordinal != d.kept {
            duplicates[(ordinal / 64) as usize] |= 1 << (ordinal % 64);
        }
        group_index.push(d.first, &ordinal.to_be_bytes(), payload)
    };
    index.for_each_sorted(|r| grouper.push(r, &mut member))?;
    grouper.finish(&mut member)?;
    let undecided = grouper.undecided();
    if let (apart @ 1.., example) = grouper.kept_apart() {
        let _ = write_kept_apart(&mut io::stderr().lock(), apart, example);
    }
    drop(grouper);
    if undecided > 0 {
        let _ = write_undecided(&mut io::stderr().lock(), undecided);
    }
    summary.unique = summary.games - summary.duplicates;
    let stdout = io::stdout();
    // Text is sanitised wherever it goes, as `check`'s and the other text reports are (a pager
    // or a `less` of a saved report is a terminal too).
    let sanitize = true;
    let mut report = DedupReport::new(
        BufWriter::with_capacity(1 << 16, stdout.lock()),
        options.format,
        sanitize,
    );
    let file_name = |n: u32| state.files.get(n as usize).map_or("", String::as_str);
    let mut number = 0;
    let mut kept = 0;
    group_index.for_each_sorted(|r| -> Result<(), Error> {
        if r.key.is_empty() {
            let d = Decision::decode(r.hash, r.payload);
            report.end().map_err(Error::Stdout)?;
            number += 1;
            kept = d.kept;
            let head = GroupHead {
                group: number,
                members: d.members,
                kept_file: file_name(d.kept_file),
                kept_game: d.kept_game,
                kept_because: d.because,
            };
            return report.begin(&head).map_err(Error::Stdout);
        }
        let e = groups::decode(r.payload);
        let mut m = e.member;
        m.file = file_name(e.file).to_owned();
        m.kept = e.ordinal == kept;
        report.member(&m).map_err(Error::Stdout)
    })?;
    report.end().map_err(Error::Stdout)?;
    summary.seconds = started.elapsed().as_secs_f64();
    report.finish(summary).map_err(Error::Stdout)?;
    Ok(duplicates)
}

/// Passes the run loop's totals out of pass 1 (the loop keeps them to itself otherwise).
struct CountingSink<'t, S>(S, &'t mut RunTotals);

impl<R, S: GameSink<R>> GameSink<R> for CountingSink<'_, S> {
    fn game(&mut self, game: &RawGame<'_>, result: R) -> Result<(), Error> {
        self.0.game(game, result)
    }
    fn findings(&self) -> bool {
        self.0.findings()
    }
    fn finish(self, totals: &RunTotals, seconds: f64) -> Result<Work, Error> {
        *self.1 = *totals;
        self.0.finish(totals, seconds)
    }
    fn unwritten(&self) -> Unwritten {
        self.0.unwritten()
    }

    fn outputs(&self) -> Vec<OutputFile> {
        self.0.outputs()
    }
}

/// Pass 2: each game's bytes to the file of its kind.
struct SplitWriter<'a> {
    duplicates: &'a [u64],
    ordinal: u64,
    unique: Option<&'a mut AtomicFile>,
    dups: Option<&'a mut AtomicFile>,
}

impl SplitWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let n = self.ordinal;
        self.ordinal += 1;
        let word = self.duplicates.get((n / 64) as usize).copied().unwrap_or(0);
        let out = match word >> (n % 64) & 1 {
            1 => self.dups.as_deref_mut(),
            _ => self.unique.as_deref_mut(),
        };
        match out {
            Some(out) => out.write_all(bytes),
            None => Ok(()),
        }
    }
}

/// The sink of pass 2.
struct SplitSink<'w, 'a>(&'w mut SplitWriter<'a>);

impl GameSink<()> for SplitSink<'_, '_> {
    fn game(&mut self, game: &RawGame<'_>, _: ()) -> Result<(), Error> {
        self.0.write(game.bytes)
    }
    fn findings(&self) -> bool {
        false
    }
    fn finish(self, totals: &RunTotals, _seconds: f64) -> Result<Work, Error> {
        Ok(Work::Deduplicated {
            games: totals.games,
            duplicates: 0,
        })
    }
    fn unwritten(&self) -> Unwritten {
        Unwritten::SplitOutput
    }
}

/// Standard input's bytes, game by game, kept on disk for pass 2 (length-prefixed parts).
struct Spool {
    dir: TempDir,
    out: Option<BufWriter<File>>,
    path: Option<PathBuf>,
    error: Option<io::Error>,
}

impl Spool {
    fn new(temp: &Path) -> Spool {
        let mut dir = TempDir::new(temp);
        let opened = dir.file(0).and_then(|path| match File::create(&path) {
            Ok(file) => Ok((file, path)),
            Err(e) => Err(index::temp_error(&path, e)),
        });
        let (out, path, error) = match opened {
            Ok((file, path)) => (
                Some(BufWriter::with_capacity(1 << 20, file)),
                Some(path),
                None,
            ),
            Err(e) => (None, None, Some(e)),
        };
        Spool {
            dir,
            out,
            path,
            error,
        }
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Error> {
        if let Some(e) = self.error.take() {
            return Err(Error::Io(e));
        }
        let out = self
            .out
            .as_mut()
            .ok_or_else(|| io::Error::other("spool closed"))?;
        let written = out
            .write_all(&(bytes.len() as u64).to_le_bytes())
            .and_then(|()| out.write_all(bytes));
        written.map_err(|e| self.error_of(e))
    }

    /// The error `e` of the spool file, naming it.
    fn error_of(&self, e: io::Error) -> Error {
        match &self.path {
            Some(path) => Error::Io(index::temp_error(path, e)),
            None => Error::Io(e),
        }
    }

    /// Calls `f` on every part written, in order.
    fn replay(mut self, mut f: impl FnMut(&[u8], u64) -> Result<(), Error>) -> Result<(), Error> {
        if let Some(out) = self.out.take() {
            out.into_inner()
                .map_err(|e| self.error_of(e.into_error()))?;
        }
        let path = self
            .path
            .take()
            .ok_or_else(|| io::Error::other("no spool"))?;
        let file = File::open(&path).map_err(|e| index::temp_error(&path, e))?;
        let mut reader = BufReader::with_capacity(1 << 20, file);
        let mut buffer = Vec::new();
        let mut n = 0;
        loop {
            let mut len = [0u8; 8];
            match reader.read_exact(&mut len) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => break,
                Err(e) => return Err(Error::Io(index::temp_error(&path, e))),
            }
            buffer.resize(u64::from_le_bytes(len) as usize, 0);
            reader
                .read_exact(&mut buffer)
                .map_err(|e| index::temp_error(&path, e))?;
            f(&buffer, n)?;
            n += 1;
        }
        drop(self.dir);
        Ok(())
    }
}
