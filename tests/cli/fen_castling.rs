//! Issue 31: `fen --check --normalize` drops the castling rights of a king that cannot be
//! unmoved, with a `fen/castling` warning (the fidelity rule: a right the position cannot have
//! is dropped and said). A right means the king and that rook never moved (FIDE art. 3.8.2.1);
//! the expected rights below are derived from that, each line's reason in its comment.
//! python-chess's `clean_castling_rights()` (`tools/expectations/castling_rights.py`) is the
//! independent oracle of the rule it has (the king on its first rank, between the rook and the
//! other side): arbiter keeps no right it drops, and keeps every right it keeps but where the
//! king is proved to have moved.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::tables::python;
use crate::util::{TempDir, parse_jsonl, root, run};

/// (FEN line, castling rules python-chess reads it with, the line `--normalize` writes, a
/// right python-chess keeps that the king's moves rule out).
const LINES: [(&str, &str, &str, bool); 9] = [
    // The line: castled short with every pawn at home. H: no rook on h1. A: the queen
    // side a1-f1 is closed by pawns that never moved (a2-f2), so no rook came into it since
    // the start, yet it holds two (a1, f1): the king has moved.
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RK1 w HAkq - 0 1",
        "960",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RK1 w ha - 0 1",
        true,
    ),
    // The e-pawn gone, the queen side is open; the h-side (h1 behind h2) is closed, so the h1
    // rook never left it (it was taken there): a1 and f1 are two rooks for the one original
    // rook of the queen side, with no pawn missing to promote.
    (
        "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPPBPPP/RNBQ1RK1 w HAkq - 0 1",
        "960",
        "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPPBPPP/RNBQ1RK1 w ha - 0 1",
        true,
    ),
    // One pawn missing: it can have become the second rook. A stays.
    (
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPBPPP/RNBQ1RK1 w HAkq - 0 1",
        "960",
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPBPPP/RNBQ1RK1 w Aha - 0 1",
        false,
    ),
    // No pawns: the h-rook can have gone round by h2 to f1. A stays.
    (
        "4k3/8/8/8/8/8/8/RNBQ1RK1 w HA - 0 1",
        "960",
        "4k3/8/8/8/8/8/8/RNBQ1RK1 w A - 0 1",
        false,
    ),
    // A Chess960 king starts between its rooks: never on h1 (nor a1).
    (
        "4k3/8/8/8/8/8/PPPPPPPP/R6K w A - 0 1",
        "960",
        "4k3/8/8/8/8/8/PPPPPPPP/R6K w - - 0 1",
        true,
    ),
    (
        "4k3/8/8/8/8/8/PPPPPPPP/K6R w H - 0 1",
        "960",
        "4k3/8/8/8/8/8/PPPPPPPP/K6R w - - 0 1",
        true,
    ),
    // Standard chess: the king side f1-h1 closed (f2-h2) holds two rooks (f1, h1).
    (
        "4k3/8/8/8/8/8/PPPPPPPP/R3KR1R w KQ - 0 1",
        "standard",
        "4k3/8/8/8/8/8/PPPPPPPP/R3KR1R w - - 0 1",
        true,
    ),
    // Black castled long in a Chess960 game (king c8, rooks d8 and h8, the pawns at home): h is
    // dropped too; White keeps the standard array's rights.
    (
        "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQha - 0 1",
        "960",
        "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HA - 0 1",
        true,
    ),
    // A Chess960 start: nothing to drop.
    (
        "bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w FCfc - 0 1",
        "960",
        "bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w FCfc - 0 1",
        false,
    ),
];

/// The castling field of a FEN.
fn castling(fen: &str) -> &str {
    fen.split(' ').nth(2).unwrap()
}

#[test]
fn r31_rights_of_a_king_that_has_moved_are_dropped() {
    let dir = TempDir::new("r31-castling");
    let text: String = LINES.iter().map(|l| format!("{}\n", l.0)).collect();
    let path = dir.write("lines.fen", text.as_bytes());
    let p = path.to_str().unwrap();
    let out = run(&["fen", "--check", "--normalize", "-q", p]);
    let written = String::from_utf8(out.stdout).unwrap();
    let expected: String = LINES.iter().map(|l| format!("{}\n", l.2)).collect();
    assert_eq!(written, expected);
    // Each drop is a fen/castling warning that says why.
    let out = run(&["fen", "--check", "-q", "--format", "jsonl", p]);
    let records = parse_jsonl(&out.stdout);
    for (i, (_, _, _, moved)) in LINES.iter().enumerate() {
        let line = i as u64 + 1;
        let messages: Vec<&str> = records
            .iter()
            .filter(|r| r["type"] == "finding" && r["line"] == line)
            .filter(|r| r["code"] == "fen/castling" && r["severity"] == "warning")
            .filter_map(|r| r["message"].as_str())
            .collect();
        assert_eq!(
            messages.iter().any(|m| m.contains("has moved")),
            *moved,
            "line {line}: {messages:?}"
        );
    }
    let first = records
        .iter()
        .find(|r| r["line"] == 1 && r["code"] == "fen/castling")
        .unwrap();
    let message = first["message"].as_str().unwrap();
    assert!(
        message.contains("'A'") && message.contains("a1 and f1") && message.contains("a2"),
        "{message}"
    );
    // The game of such a FEN tag is read with the same rights: White's are gone.
    let pgn = format!(
        "[Event \"e\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n\n1. Nc3 *\n",
        LINES[0].0
    );
    let game = dir.write("g.pgn", pgn.as_bytes());
    let out = run(&["fen", "-q", game.to_str().unwrap()]);
    let fens = String::from_utf8(out.stdout).unwrap();
    // (Black's outermost rooks: X-FEN `kq`, as the FEN writer writes them.)
    assert!(
        !fens.is_empty() && fens.lines().all(|f| castling(f) == "kq"),
        "{fens}"
    );
}

/// python-chess's `clean_castling_rights()` on the same lines: arbiter keeps no right it
/// drops, and drops a right it keeps only where the king is proved to have moved.
#[test]
fn r31_castling_rights_against_python_chess() {
    let Some(python) = python("chess", "castling rights against python-chess") else {
        return;
    };
    let mut child = Command::new(python)
        .arg(root().join("tools/expectations/castling_rights.py"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input: String = LINES
        .iter()
        .map(|l| format!("{}\t{}\n", l.0, l.1))
        .collect();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let theirs: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(theirs.len(), LINES.len());
    for ((line, _, ours, moved), theirs) in LINES.iter().zip(&theirs) {
        let (ours, theirs) = (castling(ours), castling(theirs));
        assert!(
            ours.chars()
                .filter(|c| *c != '-')
                .all(|c| theirs.contains(c)),
            "{line}: arbiter {ours}, python-chess {theirs}"
        );
        if !moved {
            assert_eq!(ours, theirs, "{line}");
        } else {
            assert_ne!(
                ours, theirs,
                "{line}: python-chess keeps what the king's moves rule out"
            );
        }
    }
}
