//! `arbiter dedup` over the corpus (issue 15): the number of duplicates at each level equals
//! python-chess's (`tools/expectations/dedup.py`, the README's definitions re-implemented) and,
//! at the moves level, pgn-extract's (`pgn-extract -D`: games kept).

use crate::util::{corpus, run};

fn summary(files: &[std::path::PathBuf], level: &str) -> (u64, u64, u64) {
    let mut args = vec!["dedup", "-q", "-j2", "--format", "jsonl", "--by", level];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let out = run(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let v: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    let n = |k: &str| v[k].as_u64().unwrap();
    (n("games"), n("duplicates"), n("groups"))
}

#[test]
fn a_chess_com_export_and_its_pgn_extract_reformatting() {
    let Some(dir) = corpus("dedup of the chess.com export") else {
        return;
    };
    // The same 1667 games, formatted by chess.com and by pgn-extract (SOURCES.md): at the game
    // level each game is found once in each file, so 1667 groups of two. `pgn-extract -D` keeps
    // 1646 games of the 3334: 1688 duplicates at the moves level (games of a few moves, and
    // aborted games, repeat). python-chess cannot be the oracle here: it merges games at the
    // 90 boundaries of the chess.com file that have no blank line (1682 at the moves level).
    let files = [
        dir.join("games/chesscom_export_cancer0707.pgn"),
        dir.join("edge/pgnextract_reformatted_chesscom_cancer0707.pgn"),
    ];
    assert_eq!(summary(&files, "game"), (3334, 1667, 1667));
    assert_eq!(summary(&files, "moves"), (3334, 1688, 1646));
    assert_eq!(summary(&files, "prefix"), (3334, 1668, 1666));
}

#[test]
fn three_player_files_share_their_games() {
    let Some(dir) = corpus("dedup of the pgnmentor files") else {
        return;
    };
    // Games between Carlsen, Kasparov and Korchnoi are in two of the files. `pgn-extract -D`
    // keeps 9485 games (43 duplicates at the moves level), and so does python-chess. At the game
    // and prefix levels python-chess finds one fewer (42, 44): the Korchnoi file's game 3543
    // (Korchnoi-Kasparov, Wijk aan Zee 2000) follows its previous game with no blank line, and
    // python-chess loses its tags, so its players no longer match the copy in the Kasparov
    // file (line 27853), which is byte for byte the same game.
    let files =
        ["Carlsen", "Kasparov", "Korchnoi"].map(|p| dir.join(format!("games/pgnmentor_{p}.pgn")));
    assert_eq!(summary(&files, "moves"), (9528, 43, 43));
    assert_eq!(summary(&files, "game"), (9528, 43, 43));
    assert_eq!(summary(&files, "prefix"), (9528, 45, 45));
}
