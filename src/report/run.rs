//! The lines a run writes on standard error: those of the run loop, the same for every
//! subcommand (an input that could not be read, the interrupt message, the timing line), and
//! the warnings of `arbiter stats` (a game left out, a `--by` tag no game has).
//!
//! ```text
//! arbiter: missing.pgn: No such file or directory (os error 2)
//! arbiter: interrupted after 5120 games (4.2 MB) in 1 file; no split output was written
//! arbiter: checked 154868 games (161.1 MB) in 0.88 s (182.0 MB/s)
//! ```

use std::fmt::Display;
use std::io::{self, Write};

use super::human::sanitize;
use crate::model::{RunTotals, Unit, Unwritten, Work};

/// Writes `arbiter: NAME: ERROR` for an input that could not be opened or read (the run goes on
/// with the next input).
///
/// # Errors
/// Returns the write error.
pub fn write_input_error(out: &mut impl Write, name: &str, error: &dyn Display) -> io::Result<()> {
    let error = error.to_string();
    writeln!(out, "arbiter: {}: {}", sanitize(name), sanitize(&error))
}

/// Writes the warning of a zip archive in which `count` members are called `member` (each is
/// read, in archive order, and reported under that same name).
///
/// # Errors
/// Returns the write error.
pub fn write_duplicate_members(
    out: &mut impl Write,
    archive: &str,
    member: &str,
    count: usize,
) -> io::Result<()> {
    writeln!(
        out,
        "arbiter: warning: {}: {count} members named {}: each is read, in archive order",
        sanitize(archive),
        sanitize(member)
    )
}

/// Writes the warning for an input that is a file named before (under this name or another):
/// its games are read twice.
///
/// # Errors
/// Returns the write error.
pub fn write_named_twice(
    out: &mut impl Write,
    path: &std::path::Path,
    first: &std::path::Path,
    contents: &str,
) -> io::Result<()> {
    let name = |p: &std::path::Path| match p.as_os_str() == "-" {
        true => "standard input (-)".to_owned(),
        false => super::human::sanitize(&p.display().to_string()).into_owned(),
    };
    writeln!(
        out,
        "arbiter: warning: {}: the same file as {}, named before: its {contents} are read twice \
         (name each input once)",
        name(path),
        name(first)
    )
}

/// Writes the warning for a directory named on the command line below which no file is read
/// (no PGN file, or none matching `--glob`).
///
/// # Errors
/// Returns the write error.
pub fn write_empty_directory(
    out: &mut impl Write,
    dir: &std::path::Path,
    globs: bool,
) -> io::Result<()> {
    let pgn = "no PGN file below it (*.pgn, *.pgn.zst, *.pgn.gz, *.pgn.bz2; --glob chooses others)";
    write_empty_directory_of(out, dir, globs, pgn)
}

/// Writes the warning that a directory holds no FEN or EPD file (`fen --check`, `fen --format
/// svg`), or none that `--glob` takes.
///
/// # Errors
/// Returns the write error.
pub fn write_empty_fen_directory(
    out: &mut impl Write,
    dir: &std::path::Path,
    globs: bool,
) -> io::Result<()> {
    let fen = "no FEN or EPD file below it (*.fen, *.epd; --glob chooses others)";
    write_empty_directory_of(out, dir, globs, fen)
}

/// The warning of a directory without a file to read: `none` says which files it lacks.
fn write_empty_directory_of(
    out: &mut impl Write,
    dir: &std::path::Path,
    globs: bool,
    none: &str,
) -> io::Result<()> {
    let why = match globs {
        true => "no file below it matches --glob",
        false => none,
    };
    writeln!(
        out,
        "arbiter: warning: {}: {why}",
        super::human::sanitize(&dir.display().to_string())
    )
}

/// Writes the warning for an input read to its end without a game in it: empty (`bytes` = 0),
/// or white space and comments only. A PGN database of no games is valid (the PGN standard
/// allows it), so the run goes on; the warning says why it counts none (`name`: the file, a
/// zip member, `-` for standard input).
///
/// # Errors
/// Returns the write error.
pub fn write_no_game(out: &mut impl Write, name: &str, bytes: u64) -> io::Result<()> {
    let why = match bytes {
        0 => "it is empty".to_owned(),
        1 => "1 byte read, no tag pair nor move in it".to_owned(),
        n => format!("{n} bytes read, no tag pair nor move in them"),
    };
    let name = match name {
        "-" => "standard input".into(),
        name => super::human::sanitize(name),
    };
    writeln!(out, "arbiter: warning: {name}: no game in it ({why})")
}

/// Writes the note that standard input is a terminal: arbiter waits for PGN typed or pasted.
///
/// # Errors
/// Returns the write error.
pub fn write_reading_terminal(out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "arbiter: reading PGN from standard input (a terminal); Ctrl-D ends it, Ctrl-C stops"
    )
}

/// Writes the message of a run stopped by Ctrl-C (or by `signal`, SIGTERM or SIGHUP): how far
/// it got, and what it did not write.
///
/// # Errors
/// Returns the write error.
pub fn write_interrupted(
    out: &mut impl Write,
    totals: &RunTotals,
    unit: Unit,
    unwritten: Unwritten,
    signal: Option<&str>,
) -> io::Result<()> {
    let unit = match (unit, totals.games) {
        (Unit::Games, 1) => "game",
        (Unit::Games, _) => "games",
        (Unit::FenLines, 1) => "FEN line",
        (Unit::FenLines, _) => "FEN lines",
        (Unit::Documents, 1) => "document",
        (Unit::Documents, _) => "documents",
    };
    let note = unwritten_note(unwritten);
    let by = signal.map(|s| format!(" by {s}")).unwrap_or_default();
    writeln!(
        out,
        "arbiter: interrupted{by} after {} {unit} ({:.1} MB) in {}{note}",
        totals.games,
        totals.bytes as f64 / 1e6,
        count(totals.files, "file")
    )
}

/// What a run that stopped did not write: `; the -o file was not written`, or nothing.
fn unwritten_note(unwritten: Unwritten) -> String {
    match unwritten {
        Unwritten::Nothing | Unwritten::Files([]) => String::new(),
        Unwritten::SplitOutput => "; no split output was written".to_owned(),
        Unwritten::Statistics => "; no statistics written".to_owned(),
        Unwritten::OutputFile => "; the -o file was not written".to_owned(),
        Unwritten::Files([one]) => format!("; the {one} file was not written"),
        Unwritten::Files([most @ .., last]) => {
            format!(
                "; the {} and {last} files were not written",
                most.join(", ")
            )
        }
    }
}

/// Writes the message of a run none of whose inputs could be read (each was reported): it
/// writes no output file (one already there is kept), and says which.
///
/// # Errors
/// Returns the write error.
pub fn write_nothing_read(out: &mut impl Write, unwritten: Unwritten) -> io::Result<()> {
    let note = unwritten_note(unwritten);
    writeln!(
        out,
        "arbiter: no input could be read{note} (a file already there is kept)"
    )
}

/// Writes the message of a run without inputs (`perft`) stopped by Ctrl-C (or SIGTERM,
/// SIGHUP), with what it did not write.
///
/// # Errors
/// Returns the write error.
pub fn write_stopped(
    out: &mut impl Write,
    signal: Option<&str>,
    unwritten: &str,
) -> io::Result<()> {
    let by = signal.map(|s| format!(" by {s}")).unwrap_or_default();
    writeln!(out, "arbiter: interrupted{by}; {unwritten}")
}

/// `n` and the word, plural unless `n` is 1 ("1 game", "2 games").
pub(crate) fn count(n: u64, word: &str) -> String {
    match n {
        1 => format!("1 {word}"),
        _ => format!("{n} {word}s"),
    }
}

/// Writes the timing line of a complete run: what it did, the input bytes and the wall time.
///
/// # Errors
/// Returns the write error.
pub fn write_timing(out: &mut impl Write, work: &Work, bytes: u64, seconds: f64) -> io::Result<()> {
    let mb = bytes as f64 / 1e6;
    let rate = mb / seconds.max(1e-9);
    let what = match *work {
        Work::Checked { games } => format!("checked {}", count(games, "game")),
        Work::Audited { games } => format!("audited {}", count(games, "game")),
        Work::Positions {
            positions, games, ..
        } => format!(
            "wrote {} of {}",
            count(positions, "position"),
            count(games, "game")
        ),
        Work::Exported { games, .. } => format!("exported {}", count(games, "game")),
        Work::Fixed {
            written,
            dry_run: false,
            ..
        } => format!("fixed and wrote {}", count(written, "game")),
        Work::Fixed {
            written,
            dry_run: true,
            ..
        } => format!("would write {} (--dry-run)", count(written, "game")),
        Work::Counted { games } => format!("stats over {}", count(games, "game")),
        Work::Scored {
            read,
            scored,
            table,
            verb,
        } => format!("{table}: {} read, {scored} {verb}", count(read, "game")),
        Work::Deduplicated { games, duplicates } => format!(
            "compared {}, {}",
            count(games, "game"),
            count(duplicates, "duplicate")
        ),
        Work::Selected { games, matched } => {
            format!("selected {matched} of {}", count(games, "game"))
        }
        Work::Rows { rows, games, .. } => {
            format!("wrote {} of {}", count(rows, "row"), count(games, "game"))
        }
    };
    let tail = match *work {
        Work::Positions { cut_short, .. } if cut_short > 0 => {
            format!("; {} cut short", count(cut_short, "line"))
        }
        Work::Exported { left_out, .. } if left_out > 0 => format!("; {left_out} left out"),
        Work::Fixed {
            rejected, dry_run, ..
        } if rejected > 0 => match dry_run {
            true => format!("; {rejected} would be rejected"),
            false => format!("; {rejected} rejected"),
        },
        // The table is written whatever the games hold (exit status 0): the count says so.
        Work::Rows { with_errors, .. } if with_errors > 0 => format!(
            "; {} with errors (`arbiter check` lists them)",
            count(with_errors, "game")
        ),
        Work::Rows { cut_short, .. } if cut_short > 0 => format!(
            "; {} cut short by a move that cannot be played",
            count(cut_short, "game")
        ),
        _ => String::new(),
    };
    writeln!(
        out,
        "arbiter: {what} ({mb:.1} MB) in {seconds:.2} s ({rate:.1} MB/s){tail}"
    )
}

/// Writes the warning of a game whose analysis failed (a bug: the run goes on without it).
///
/// # Errors
/// Returns the write error.
pub fn write_game_left_out(out: &mut impl Write, game: u64, offset: u64) -> io::Result<()> {
    writeln!(
        out,
        "arbiter: game {game} at byte {offset}: internal error while reading it (please report \
         it); left out of the statistics"
    )
}

/// Writes the warning of `stats --by TAG` when no game has the tag, naming the tag of the games
/// that matches it but for case, if any.
///
/// # Errors
/// Returns the write error.
pub fn write_no_such_tag(out: &mut impl Write, by: &str, near: Option<&str>) -> io::Result<()> {
    let mut text = format!("no game has a tag \"{by}\" (tag names are case-sensitive");
    if let Some(near) = near {
        text.push_str(&format!("; did you mean \"{near}\"?"));
    }
    text.push(')');
    writeln!(out, "arbiter: warning: {text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> String {
        let mut out = Vec::new();
        write(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn lines_keep_their_wording() {
        let totals = RunTotals {
            files: 1,
            files_failed: 0,
            games: 36,
            bytes: 122_961,
        };
        assert_eq!(
            text(|o| write_interrupted(o, &totals, Unit::Games, Unwritten::SplitOutput, None)),
            "arbiter: interrupted after 36 games (0.1 MB) in 1 file; no split output was written\n"
        );
        assert_eq!(
            text(|o| write_interrupted(
                o,
                &totals,
                Unit::FenLines,
                Unwritten::Nothing,
                Some("SIGTERM")
            )),
            "arbiter: interrupted by SIGTERM after 36 FEN lines (0.1 MB) in 1 file\n"
        );
        assert_eq!(
            text(|o| write_timing(o, &Work::Checked { games: 36 }, 2_000_000, 2.0)),
            "arbiter: checked 36 games (2.0 MB) in 2.00 s (1.0 MB/s)\n"
        );
        assert_eq!(
            text(|o| write_timing(o, &Work::Checked { games: 1 }, 2_000_000, 2.0)),
            "arbiter: checked 1 game (2.0 MB) in 2.00 s (1.0 MB/s)\n"
        );
        let work = Work::Positions {
            positions: 81,
            games: 2,
            cut_short: 1,
        };
        assert_eq!(
            text(|o| write_timing(o, &work, 1_000_000, 1.0)),
            "arbiter: wrote 81 positions of 2 games (1.0 MB) in 1.00 s (1.0 MB/s); 1 line cut short\n"
        );
    }
}
