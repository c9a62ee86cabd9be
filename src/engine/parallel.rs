//! Replaying games on all cores while keeping the input order.
//!
//! Windows of whole games are processed one after another; the games of a window are analysed in
//! parallel (rayon), and while they are, the next window is read and split on the same pool
//! (`rayon::join`) and the results of the previous window go to the single sink on the calling
//! thread (for a mapped file; a stream's window is reported before the next one is read, so that
//! at most two windows of a stream are in memory at once; a window of a live stream that
//! paused is reported as soon as it is analysed). Results reach the sink in input order,
//! so the output is the same for any thread count. With one thread (`--jobs 1`) the
//! calling thread reads, analyses and reports game after game itself.

use std::io;

use rayon::prelude::*;

use super::input::{GameSpan, Window, Windows};

/// The thread pool of [`pool`] and [`for_each_game`], named here so that callers outside the
/// engine need not name rayon (rayon is used only in `engine`, see `tests/cli/layering.rs`).
pub use rayon::ThreadPool;

/// One game handed to the per-game job.
#[derive(Clone, Copy, Debug)]
pub struct RawGame<'a> {
    /// The name of the input as shown in findings (`-`, a path, `archive.zip:member.pgn`).
    pub name: &'a str,
    /// The game's bytes, from the start of its first line to the start of the next game.
    pub bytes: &'a [u8],
    /// 1-based index of the game in its input; 0 for blank bytes that hold no game (an input
    /// that is empty but for whitespace): jobs should skip those, sinks may still copy them.
    pub index: u64,
    /// Byte offset of `bytes` in the input.
    pub offset: u64,
    /// 1-based line number of the first byte of `bytes`.
    pub line: u64,
    /// 1-based column of the first byte of `bytes`: 1, but for a game glued to the previous
    /// game's termination marker (see [`crate::engine::split::Span::col`]).
    pub col: u64,
    /// The game's first line directly follows the previous game's last line, with no blank
    /// line between (see [`crate::engine::split::Span::joined`]).
    pub joined: bool,
    /// The game is larger than [`super::input::MAX_GAME_BYTES`]: jobs report it (once, for the
    /// part with `index > 0`) instead of analysing it; the parts of index 0 that follow on a
    /// stream carry the rest of its bytes, for sinks that copy games.
    pub too_large: bool,
    /// The input's read failed inside this game (a compressed stream that ends early or is
    /// damaged): its bytes are what was decoded, the rest of the game is missing. `check`
    /// reports it (`syntax/game-cut`), `fix` rejects it rather than complete it.
    pub cut: bool,
}

impl<'a> RawGame<'a> {
    fn new(name: &'a str, window: &'a Window<'_>, game: &GameSpan) -> RawGame<'a> {
        RawGame {
            name,
            bytes: &window.bytes()[game.span.start..game.span.end],
            index: game.index,
            offset: window.offset + game.span.start as u64,
            line: game.span.line,
            col: game.span.col,
            joined: game.span.joined,
            too_large: game.too_large,
            cut: game.cut,
        }
    }
}

/// Where [`for_each_game`] hands the results, in input order. A closure taking the game and
/// its result is one (its `pause` does nothing).
pub trait Sink<R> {
    /// Takes the result of `game`.
    ///
    /// # Errors
    /// Returns the error that ends the run (a closed output pipe, for example).
    fn game(&mut self, game: &RawGame<'_>, result: R) -> io::Result<()>;

    /// The live stream being read paused after the games handed so far (a feed written as
    /// games are played): what waits in buffers should be written now.
    ///
    /// # Errors
    /// Returns the write error.
    fn pause(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<R, F: FnMut(&RawGame<'_>, R) -> io::Result<()>> Sink<R> for F {
    fn game(&mut self, game: &RawGame<'_>, result: R) -> io::Result<()> {
        self(game, result)
    }
}

/// Hands the results of `window` to `sink`, then says when its stream paused.
fn report<R>(
    sink: &mut impl Sink<R>,
    name: &str,
    window: &Window<'_>,
    results: &mut Vec<R>,
) -> io::Result<()> {
    window
        .games
        .iter()
        .zip(results.drain(..))
        .try_for_each(|(game, result)| sink.game(&RawGame::new(name, window, game), result))?;
    match window.paused {
        true => sink.pause(),
        false => Ok(()),
    }
}

/// Runs `job` on every game of `windows` (the input called `name`) on `pool`, and feeds the
/// results to `sink` in input order, together with the game they belong to.
///
/// # Errors
/// Returns the read error of the input (after the games read before it went to the sink), or
/// the first error returned by `sink` (the run stops there; a sink returns an error for a
/// closed output pipe, for example), or an [`io::ErrorKind::Interrupted`] error after Ctrl-C
/// ([`super::interrupt`]).
pub fn for_each_game<R, J>(
    pool: &rayon::ThreadPool,
    windows: &mut Windows<'_>,
    name: &str,
    job: J,
    mut sink: impl Sink<R>,
) -> io::Result<()>
where
    R: Send,
    J: Fn(&RawGame<'_>) -> R + Sync,
{
    if pool.current_num_threads() == 1 {
        // One thread: the calling thread does everything, game after game, with no hand-over to
        // the pool and back for each window; a result goes to the sink while its game is still
        // in the cache.
        while let Some(window) = windows.next_window()? {
            if super::interrupt::requested() {
                return Err(super::interrupt::error());
            }
            for game in &window.games {
                let game = RawGame::new(name, &window, game);
                let result = job(&game);
                sink.game(&game, result)?;
            }
            if window.paused {
                sink.pause()?;
            }
        }
        return Ok(());
    }
    // For a mapped file three windows are in flight: the one whose results go to the sink (on
    // the calling thread), the one being analysed and the one being read (on the pool), all at
    // the same time; for a stream, the first of them is reported before the pool starts. A
    // window that ended because its live stream paused is reported as soon as it is analysed,
    // before the next one is read (which waits for the writer): the games of a live feed are
    // reported before the next ones arrive.
    let mut current = windows.next_window()?;
    let mut done: Option<Window<'_>> = None;
    // A read error ends the input after the windows read before it went to the sink.
    let mut failed: Option<io::Error> = None;
    // Results of `done`, and of `current` while it is analysed: two buffers used in turn for
    // every window (fresh ones would be mapped and zeroed by the kernel each time).
    let mut ready: Vec<R> = Vec::new();
    let mut working: Vec<R> = Vec::new();
    while current.is_some() || done.is_some() {
        if super::interrupt::requested() {
            return Err(super::interrupt::error());
        }
        let mut next = Ok(None);
        // The sink runs while the pool works when windows cost no memory of their own (a mapped
        // file); a stream's window holds its bytes, so its results go to the sink first and it is
        // dropped, and two windows at most are held (bounded memory on standard input).
        let overlap = windows.is_mapped();
        if !overlap && let Some(window) = done.take() {
            report(&mut sink, name, &window, &mut ready)?;
        }
        let paused = current.as_ref().is_some_and(|w| w.paused);
        let mut sunk = Ok(());
        pool.in_place_scope(|scope| {
            if let Some(window) = &current {
                let (working, next, windows, job) = (&mut working, &mut next, &mut *windows, &job);
                scope.spawn(move |_| {
                    let mut analyse = || {
                        window
                            .games
                            .par_iter()
                            .with_min_len(8)
                            .map(|g| job(&RawGame::new(name, window, g)))
                            .collect_into_vec(working);
                    };
                    match paused {
                        true => analyse(),
                        false => *next = rayon::join(analyse, || windows.next_window()).1,
                    }
                });
            }
            if overlap && let Some(window) = done.take() {
                sunk = report(&mut sink, name, &window, &mut ready);
            }
        });
        sunk?;
        std::mem::swap(&mut ready, &mut working);
        match (paused, current.take()) {
            (true, Some(window)) => {
                report(&mut sink, name, &window, &mut ready)?;
                next = windows.next_window();
            }
            (_, window) => done = window,
        }
        current = next.unwrap_or_else(|e| {
            failed = Some(e);
            None
        });
    }
    failed.map_or(Ok(()), Err)
}

/// Most threads per available core: more only adds scheduling overhead (and thousands of
/// threads would exhaust memory), so larger `--jobs` values are clamped to this.
pub const MAX_THREADS_PER_CORE: usize = 4;

/// The thread count used for a `--jobs` value: 0 means one per available core, and values
/// above [`MAX_THREADS_PER_CORE`] per core are clamped.
pub fn effective_jobs(jobs: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    match jobs {
        0 => cores,
        n => n.min(cores * MAX_THREADS_PER_CORE),
    }
}

/// Builds a thread pool for a `--jobs` value (see [`effective_jobs`]).
///
/// # Errors
/// Returns an error when the operating system refuses to start the threads.
pub fn pool(jobs: usize) -> io::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(effective_jobs(jobs))
        .thread_name(|i| format!("arbiter-{i}"))
        .build()
        .map_err(io::Error::other)
}

/// The index of the pool thread running the caller (`0..threads`), or 0 outside a pool. Jobs
/// use it to keep one partial result per thread (see `arbiter stats`).
pub fn worker_index() -> usize {
    rayon::current_thread_index().unwrap_or(0)
}
