//! `fen`.

use super::records::*;
use super::{arbiter, assert_move_and_fen, documented_codes, move_parts};
use crate::util::parse_records;
use crate::util::run_stdin;

// ---- fen --------------------------------------------------------------------------------------

/// What the contract says of a `fen --format jsonl` stream.
fn fen_stream(records: Vec<FenRecord>, files: &[&str], start: bool) -> Vec<FenPosition> {
    let mut records = records;
    let Some(FenRecord::Summary(summary)) = records.pop() else {
        panic!("the last record is not the summary");
    };
    let (mut positions, mut errors) = (Vec::new(), Vec::new());
    for record in records {
        match record {
            FenRecord::Position(p) => positions.push(p),
            FenRecord::Error(e) => errors.push(e),
            FenRecord::Summary(_) => panic!("a summary before the last line"),
        }
    }
    let codes = documented_codes();
    for e in &errors {
        assert!(codes.contains_key(&e.code), "{e:?}");
        assert!(files.contains(&e.file.as_str()), "{e:?}");
        assert_eq!(e.move_.is_none(), e.ply == 0, "{e:?}");
    }
    let mut previous: Option<&FenPosition> = None;
    for p in &positions {
        assert!(files.contains(&p.file.as_str()), "{p:?}");
        let none = [p.move_.is_none(), p.san.is_none(), p.uci.is_none()];
        if p.ply == 0 {
            assert!(start, "ply 0 only with --start: {p:?}");
            assert_eq!(none, [true; 3], "{p:?}");
        } else {
            assert_eq!(none, [false; 3], "{p:?}");
            let (text, san, uci) = (
                p.move_.as_ref().unwrap(),
                p.san.as_ref().unwrap(),
                p.uci.as_ref().unwrap(),
            );
            assert_eq!(
                move_parts(text).2,
                san,
                "move = number, side and the SAN: {p:?}"
            );
            assert_move_and_fen(text, &p.fen, true);
            let u = uci.as_bytes();
            assert!(
                (4..=5).contains(&u.len())
                    && (b'a'..=b'h').contains(&u[0])
                    && (b'1'..=b'8').contains(&u[1])
                    && (b'a'..=b'h').contains(&u[2])
                    && (b'1'..=b'8').contains(&u[3]),
                "{p:?}"
            );
        }
        // Main-line positions of a game come ply after ply.
        if p.path.is_none()
            && let Some(q) = previous
            && q.path.is_none()
            && (&q.file, q.game) == (&p.file, p.game)
        {
            assert_eq!(p.ply, q.ply + 1, "{q:?} then {p:?}");
        }
        previous = Some(p);
    }
    assert_eq!(summary.positions, positions.len() as u64);
    assert_eq!(summary.errors, errors.len() as u64);
    assert_eq!(
        (summary.files, summary.files_failed),
        (files.len() as u64, 0)
    );
    positions
}

#[test]
fn fen_jsonl_is_the_documented_contract() {
    let files = [
        "testdata/fen/chess960.pgn",
        "testdata/fen/ep.pgn",
        "testdata/fen/illegal.pgn",
        "testdata/fen/twic2.pgn",
        "testdata/fen/variations.pgn",
        "testdata/check/tag-bad-fen.pgn",
        "testdata/immortal-games.pgn",
    ];
    for extra in [&[][..], &["--start"], &["--variations"]] {
        let mut args = vec!["fen", "-q", "--format", "jsonl"];
        args.extend_from_slice(extra);
        args.extend(files);
        let (out, _, status) = arbiter(&args);
        assert_eq!(status, 1, "illegal.pgn is cut short");
        let positions = fen_stream(parse_records(&out), &files, extra == ["--start"]);
        let paths = positions.iter().filter(|p| p.path.is_some()).count();
        assert_eq!(paths > 0, extra == ["--variations"], "{extra:?}");
    }
    // The README's error record comes from testdata/fen/illegal.pgn (its game 1 there).
    let (out, _, _) = arbiter(&["fen", "-q", "--format", "jsonl", "testdata/fen/illegal.pgn"]);
    let records: Vec<FenRecord> = parse_records(&out);
    let Some(FenRecord::Error(e)) = records.iter().find(|r| matches!(r, FenRecord::Error(_)))
    else {
        panic!("no error record");
    };
    assert_eq!(
        (
            e.game,
            e.ply,
            e.move_.as_deref(),
            e.code.as_str(),
            e.message.as_str()
        ),
        (
            1,
            5,
            Some("3.Ke3"),
            "illegal-move/no-piece",
            "no white king can move to e3"
        )
    );
    assert_eq!(e.path, None);
    // The README's position record: after 1. e4 c5 2. Nf3.
    let out = run_stdin(&["fen", "-q", "--format", "jsonl"], b"1. e4 c5 2. Nf3 *\n");
    let records: Vec<FenRecord> = parse_records(&out.stdout);
    let FenRecord::Position(p) = &records[2] else {
        panic!("not a position: {:?}", records[2]);
    };
    assert_eq!(
        (
            p.file.as_str(),
            p.game,
            p.ply,
            p.move_.as_deref(),
            p.san.as_deref(),
            p.uci.as_deref()
        ),
        ("-", 1, 3, Some("2.Nf3"), Some("Nf3"), Some("g1f3"))
    );
    assert_eq!(
        p.fen,
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(p.path, None);
}
