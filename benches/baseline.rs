//! Baselines for `arbiter check` (see `benches/run.sh`).
//!
//! ```text
//! cargo bench --bench baseline -- parse FILE
//! cargo bench --bench baseline -- replay FILE
//! ```
//!
//! * `parse`: pgn-reader only. Counts games and mainline SAN tokens; nothing
//!   else (variations are skipped by the reader, no replay).
//! * `replay`: pgn-reader + shakmaty on one thread, no diagnostics. Starts
//!   from the standard position, or from the `FEN` tag (Chess960 castling)
//!   when present; games with a bad FEN are skipped. Plays every mainline SAN
//!   with `San::to_move` + `play_unchecked`, skips variations and stops a game
//!   at its first illegal move. `plies` counts the moves actually played.
//!
//! Prints exactly one line on stdout:
//!
//! ```text
//! mode=replay bytes=157286400 games=123456 plies=9876543 seconds=1.234567
//! ```
//!
//! `seconds` is the wall time from opening the file to the end of the last
//! game. Extra counters (skipped games) go to stderr.

use std::{env, fs::File, io, ops::ControlFlow, process, time::Instant};

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

/// Counts games and mainline SAN tokens.
#[derive(Default)]
struct ParseOnly {
    games: u64,
    plies: u64,
}

impl Visitor for ParseOnly {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _movetext: &mut Self::Movetext, _san: SanPlus) -> ControlFlow<Self::Output> {
        self.plies += 1;
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, _movetext: Self::Movetext) -> Self::Output {}
}

/// Replays the mainline of every game.
#[derive(Default)]
struct ReplayOnly {
    games: u64,
    plies: u64,
    bad_fen: u64,
    illegal: u64,
}

impl Visitor for ReplayOnly {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            match Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok())
            {
                Some(pos) => *tags = Some(pos),
                None => {
                    // Skip the rest of this game.
                    self.bad_fen += 1;
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => {
                // Stop this game at its first illegal move.
                self.illegal += 1;
                ControlFlow::Break(())
            }
        }
    }

    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, _movetext: Self::Movetext) -> Self::Output {}
}

fn run<V: Visitor>(path: &str, visitor: &mut V) -> io::Result<(u64, f64)> {
    let start = Instant::now();
    let file = File::open(path)?;
    let bytes = file.metadata()?.len();
    let mut reader = Reader::new(file);
    reader.visit_all_games(visitor)?;
    Ok((bytes, start.elapsed().as_secs_f64()))
}

fn usage() -> ! {
    eprintln!("usage: cargo bench --bench baseline -- (parse|replay) FILE");
    process::exit(2);
}

fn main() {
    // `cargo bench` appends `--bench` (and may pass other harness flags):
    // ignore every argument that starts with `--`.
    let args: Vec<String> = env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"))
        .collect();
    let [mode, path] = args.as_slice() else {
        usage();
    };

    let result = match mode.as_str() {
        "parse" => {
            let mut v = ParseOnly::default();
            run(path, &mut v).map(|(bytes, secs)| (bytes, v.games, v.plies, secs))
        }
        "replay" => {
            let mut v = ReplayOnly::default();
            let result = run(path, &mut v);
            if result.is_ok() {
                eprintln!(
                    "replay: {} games skipped (bad FEN), {} games stopped at an illegal move",
                    v.bad_fen, v.illegal
                );
            }
            result.map(|(bytes, secs)| (bytes, v.games, v.plies, secs))
        }
        _ => usage(),
    };

    match result {
        Ok((bytes, games, plies, seconds)) => {
            println!("mode={mode} bytes={bytes} games={games} plies={plies} seconds={seconds:.6}");
        }
        Err(err) => {
            eprintln!("baseline: {path}: {err}");
            process::exit(1);
        }
    }
}
