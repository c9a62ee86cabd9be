//! The rows of `arbiter moves` wait for the writer in bounded memory (issue 13): the rows the
//! jobs hold are bounded by bytes, and a game whose rows do not fit is made by the writer in
//! pieces, so one huge game never has its rows held whole (before: a 15 MB game of 3.75 M plies
//! held about 1.5 GB of rows with `--fen`).
//!
//! Expected values come from the rules: the game is `Nf3 Nf6 Ng1 Ng8` repeated (every move
//! legal, no capture, no pawn move), so it has 4 plies a repetition, and after `4k` plies the
//! position is the start position with White to move, halfmove clock `4k` and fullmove number
//! `2k + 1` (FIDE Laws, the PGN standard's FEN section).

use std::io::Write;
use std::time::Duration;

use crate::util::{TempDir, arbiter, run_measured_to};

/// Repetitions of `Nf3 Nf6 Ng1 Ng8` in the huge game: 15 MiB of movetext (under the 16 MiB
/// game cap), 3.9 M plies.
const REPEATS: usize = 15 * (1 << 20) / 16;

/// A file of the huge game, then a short game (`1. e4 e5`).
fn huge_game(dir: &TempDir) -> std::path::PathBuf {
    let path = dir.path("huge.pgn");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    f.write_all(b"[Event \"huge\"]\n[Result \"*\"]\n\n")
        .unwrap();
    for _ in 0..REPEATS {
        f.write_all(b"Nf3 Nf6 Ng1 Ng8 ").unwrap();
    }
    f.write_all(b"*\n\n[Event \"after\"]\n[Result \"*\"]\n\n1. e4 e5 *\n")
        .unwrap();
    f.flush().unwrap();
    path
}

/// The FEN after `plies` plies of the huge game (a multiple of 4).
fn fen_after(plies: usize) -> String {
    format!(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {plies} {}",
        plies / 2 + 1
    )
}

/// Peak resident memory allowed, in KiB, besides the file's pages: the rows of the whole game
/// are some 1.5 GB with `--fen` (CSV: 400 MB).
const PEAK_KIB: u64 = 200 * 1024;

#[test]
fn r13_moves_of_one_huge_game_in_bounded_memory() {
    let dir = TempDir::new("huge-moves");
    let path = huge_game(&dir);
    let plies = 4 * REPEATS;
    for jobs in ["-j1", "-j2"] {
        // CSV to a file: every row there, the last FEN as the rules say.
        let csv = dir.path("moves.csv");
        let mut cmd = arbiter();
        cmd.args(["moves", "--fen", "-q", jobs]).arg(&path);
        let file = std::fs::File::create(&csv).unwrap();
        let (out, peak, took) = run_measured_to(cmd, None, Some(file));
        assert_eq!(out.status.code(), Some(0), "{jobs}: {out:?}");
        assert!(took < Duration::from_secs(120), "{jobs}: {took:?}");
        if let Some(kb) = peak {
            assert!(kb < PEAK_KIB + 16 * 1024, "{jobs} csv: peak {kb} KiB");
        }
        let text = std::fs::read_to_string(&csv).unwrap();
        let rows: Vec<&str> = text.lines().skip(1).collect();
        assert_eq!(
            rows.len(),
            plies + 2,
            "{jobs}: the huge game's plies and 1. e4 e5"
        );
        let last_huge = rows[plies - 1];
        assert!(
            last_huge.contains(&format!(",{plies},{},b,Ng8,f6g8,", plies / 2))
                && last_huge.contains(&fen_after(plies)),
            "{jobs}: {last_huge}"
        );
        assert!(rows[plies].contains(",2,1,1,w,e4,e2e4,"), "{}", rows[plies]);
        drop(text);
        // Parquet: the same number of rows, in bounded memory.
        #[cfg(feature = "parquet")]
        {
            let parquet = dir.path("moves.parquet");
            let mut cmd = arbiter();
            cmd.args(["moves", "--fen", "--format", "parquet", "-q", jobs, "-o"])
                .arg(&parquet)
                .arg(&path);
            let (out, peak, _) = run_measured_to(cmd, None, None);
            assert_eq!(out.status.code(), Some(0), "{jobs}: {out:?}");
            if let Some(kb) = peak {
                assert!(kb < PEAK_KIB + 16 * 1024, "{jobs} parquet: peak {kb} KiB");
            }
            let reader = parquet::file::reader::SerializedFileReader::new(
                std::fs::File::open(&parquet).unwrap(),
            )
            .unwrap();
            let rows = parquet::file::reader::FileReader::metadata(&reader)
                .file_metadata()
                .num_rows();
            assert_eq!(rows as usize, plies + 2, "{jobs}: Parquet rows");
        }
    }
}
