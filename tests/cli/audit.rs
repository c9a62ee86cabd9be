//! Integration tests for `arbiter audit` (issue 3): the FIDE draw rules on hand-made games and
//! positions in `testdata/audit/`.
//!
//! Every expected verdict (code, rule, ply, move, claim move, occurrence plies, correct result)
//! was worked out from the FIDE Laws of Chess (see `../shared/RULES.md`) and cross-checked with
//! python-chess 1.11.2 (`can_claim_threefold_repetition`, `is_fivefold_repetition`,
//! `can_claim_fifty_moves`, `is_seventyfive_moves`, `is_insufficient_material`, `is_stalemate`,
//! and `Board._transposition_key` for the occurrence plies), never copied from arbiter's output.
//! Where python-chess and the Laws differ the Laws are tested, and the difference is noted at the
//! test.
//!
//! Conventions (from the issue): ply P means "in the position after the P-th half-move" (ply 0 is
//! the start position, standard or `[FEN]`); `occurrences` lists the plies at which the repeated
//! position stood; `claim_move` names the move a player would write to claim a draw that is
//! "about to" happen, else null.

use std::collections::BTreeMap;

use crate::contract::records::{
    AuditRecord, AuditStatus, AuditSummary, Game, Material, Position, PositionRecord, Verdict,
    VerdictSeverity,
};
use crate::util::{TempDir, parse_records, run, testdata};

/// A file under `testdata/audit/`, as the path string arbiter reports.
fn data(name: &str) -> String {
    testdata(&format!("audit/{name}"))
        .to_str()
        .expect("utf-8 path")
        .to_owned()
}

/// `arbiter audit --quiet --format jsonl --games <extra> <files>`: records and exit code.
fn audit_paths(paths: &[String], extra: &[&str]) -> (Vec<AuditRecord>, i32) {
    let mut args = vec!["audit", "--quiet", "--format", "jsonl", "--games"];
    args.extend_from_slice(extra);
    args.extend(paths.iter().map(String::as_str));
    let out = run(&args);
    assert!(
        out.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let code = out.status.code().expect("exit code");
    (parse_records(&out.stdout), code)
}

/// The same on files of `testdata/audit/`.
fn audit(names: &[&str], extra: &[&str]) -> (Vec<AuditRecord>, i32) {
    let paths: Vec<String> = names.iter().map(|n| data(n)).collect();
    audit_paths(&paths, extra)
}

/// The summary, the last record.
fn summary(records: &[AuditRecord]) -> &AuditSummary {
    match records.last() {
        Some(AuditRecord::Summary(s)) => s,
        last => panic!("the last record is not the summary: {last:?}"),
    }
}

/// The status named `name`.
fn status(name: &str) -> AuditStatus {
    match name {
        "ok" => AuditStatus::Ok,
        "verdict" => AuditStatus::Verdict,
        "skipped" => AuditStatus::Skipped,
        "incomplete" => AuditStatus::Incomplete,
        _ => panic!("no status {name:?}"),
    }
}

/// One verdict, reduced to the fields the rules decide.
#[derive(Clone, Debug, PartialEq, Eq)]
struct V {
    code: String,
    rule: Option<String>,
    ply: u64,
    mv: Option<String>,
    claim: Option<String>,
    occurrences: Vec<u64>,
    correct: Option<String>,
}

impl V {
    fn of(record: &Verdict) -> V {
        V {
            code: record.code.clone(),
            rule: record.rule.map(|r| r.name().to_owned()),
            ply: record.ply,
            mv: record.move_.clone(),
            claim: record.claim_move.clone(),
            occurrences: record.occurrences.clone(),
            correct: record.correct_result.clone(),
        }
    }
}

/// An expected verdict.
fn v(
    code: &str,
    rule: Option<&str>,
    ply: u64,
    mv: Option<&str>,
    claim: Option<&str>,
    occurrences: &[u64],
    correct: Option<&str>,
) -> V {
    V {
        code: code.to_owned(),
        rule: rule.map(str::to_owned),
        ply,
        mv: mv.map(str::to_owned),
        claim: claim.map(str::to_owned),
        occurrences: occurrences.to_vec(),
        correct: correct.map(str::to_owned),
    }
}

/// A `draw/claim-available` verdict (`--missed`).
fn claim(rule: &str, ply: u64, mv: Option<&str>, claim_move: Option<&str>, occ: &[u64]) -> V {
    v(
        "draw/claim-available",
        Some(rule),
        ply,
        mv,
        claim_move,
        occ,
        None,
    )
}

/// The game record of the game whose Event tag is `event` in `file` (exactly one).
fn game<'a>(records: &'a [AuditRecord], file: &str, event: &str) -> &'a Game<AuditStatus> {
    let games: Vec<&Game<AuditStatus>> = records
        .iter()
        .filter_map(|r| match r {
            AuditRecord::Game(g) if g.file == file && g.event.as_deref() == Some(event) => Some(g),
            _ => None,
        })
        .collect();
    assert_eq!(games.len(), 1, "game {event:?} in {file}: {games:?}");
    games[0]
}

/// Every verdict record.
fn all_verdicts(records: &[AuditRecord]) -> impl Iterator<Item = &Verdict> {
    records.iter().filter_map(|r| match r {
        AuditRecord::Verdict(v) => Some(v),
        _ => None,
    })
}

/// The verdict records of that game, in output order.
fn verdicts_of<'a>(records: &'a [AuditRecord], file: &str, event: &str) -> Vec<&'a Verdict> {
    let index = game(records, file, event).game;
    let verdicts: Vec<&Verdict> = all_verdicts(records)
        .filter(|r| r.file == file && r.game == index)
        .collect();
    for r in &verdicts {
        assert_eq!(r.event.as_deref(), Some(event), "{r:?}");
        let severity = match r.code.as_str() {
            "draw/claim-available" | "audit/incomplete" => VerdictSeverity::Info,
            _ => VerdictSeverity::Error,
        };
        assert_eq!(r.severity, severity, "{r:?}");
    }
    verdicts
}

/// The verdicts of that game, reduced.
fn got(records: &[AuditRecord], file: &str, event: &str) -> Vec<V> {
    verdicts_of(records, file, event)
        .into_iter()
        .map(V::of)
        .collect()
}

/// The error verdicts of that game, reduced.
fn errors(records: &[AuditRecord], file: &str, event: &str) -> Vec<V> {
    verdicts_of(records, file, event)
        .into_iter()
        .filter(|r| r.severity == VerdictSeverity::Error)
        .map(V::of)
        .collect()
}

/// The verdict of that game with this code and ply.
fn verdict<'a>(
    records: &'a [AuditRecord],
    file: &str,
    event: &str,
    code: &str,
    ply: u64,
) -> &'a Verdict {
    verdicts_of(records, file, event)
        .into_iter()
        .find(|r| r.code == code && r.ply == ply)
        .unwrap_or_else(|| panic!("no {code} at ply {ply} for {event:?}"))
}

const AI: &str = "draw/automatic-ignored";
const RC: &str = "result/contradicted";
const CU: &str = "draw/claim-unsupported";
const INC: &str = "audit/incomplete";
const DRAW: Option<&str> = Some("1/2-1/2");

/// `draw/automatic-ignored`: the game ended drawn at `ply` by `rule`, yet went on.
fn ignored(rule: &str, ply: u64, mv: Option<&str>, occ: &[u64]) -> V {
    v(AI, Some(rule), ply, mv, None, occ, DRAW)
}

/// `result/contradicted`: the recorded result is void, `correct` is the result.
fn contradicted(rule: &str, ply: u64, mv: Option<&str>, occ: &[u64], correct: &str) -> V {
    v(RC, Some(rule), ply, mv, None, occ, Some(correct))
}

/// `draw/claim-unsupported`: a claim by `rule` recorded at the end, not available there.
fn unsupported(rule: &str, ply: u64, mv: Option<&str>) -> V {
    v(CU, Some(rule), ply, mv, None, &[], None)
}

/// `audit/incomplete`: audited up to `ply` (after `mv`).
fn incomplete(ply: u64, mv: &str) -> V {
    v(INC, None, ply, Some(mv), None, &[], None)
}

// ---------------------------------------------------------------------------------------------
// Threefold repetition (art. 9.2) and position identity (art. 9.2.3)
// ---------------------------------------------------------------------------------------------

#[test]
fn threefold_claim_about_to_appear_and_on_the_board() {
    // 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8 5.e4: the start position stands at plies 0, 4, 8.
    // After 4.Ng1 (ply 7) black can write Ng8 and claim (the start position would appear the
    // third time; it stood at plies 0 and 4); at ply 8 white can claim, it has appeared three
    // times. Both went by (5.e4 was played). python-chess: can_claim_threefold_repetition() is
    // true at plies 7 and 8 only.
    let file = data("repetition.pgn");
    let (records, code) = audit(&["repetition.pgn"], &["--missed"]);
    let event = "threefold from the start";
    assert_eq!(
        got(&records, &file, event),
        vec![
            claim("threefold", 7, Some("4.Ng1"), Some("Ng8"), &[0, 4]),
            claim("threefold", 8, Some("4...Ng8"), None, &[0, 4, 8]),
        ]
    );
    let at8 = verdict(&records, &file, event, "draw/claim-available", 8);
    assert_eq!(
        at8.fen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5"
    );
    assert_eq!(at8.recorded_result.as_deref(), Some("*"));
    assert_eq!(at8.correct_result, None);
    assert_eq!(game(&records, &file, event).status, status("ok"));
    assert_eq!(code, 1, "the file has error verdicts in other games");

    // Without --missed a missed claim is not reported at all.
    let (records, _) = audit(&["repetition.pgn"], &[]);
    assert_eq!(got(&records, &file, event), vec![]);
}

#[test]
fn castling_rights_lost_make_a_new_position() {
    // 2.Rg1 Rg8 3.Rh1 Rh8: the same pieces as after 1...Nf6 (ply 2), but without the king-side
    // castling rights, so ply 2 and ply 6 are different positions (art. 9.2.3). The first
    // threefold is [6, 10, 14], not [2, 6, 10]; likewise the start array at ply 8 (rights Qq)
    // differs from ply 0 (KQkq). python-chess agrees (threefold claimable at plies 13, 14, 15).
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed"]);
    assert_eq!(
        got(&records, &file, "castling rights lost"),
        vec![
            claim("threefold", 13, Some("7.Nf3"), Some("Nf6"), &[6, 10]),
            claim("threefold", 14, Some("7...Nf6"), None, &[6, 10, 14]),
        ]
    );
}

#[test]
fn chess960_castling_rights_lost_make_a_new_position() {
    // The same trap from a Chess960 start (rooks on b1/g1, king on d1): 2.Ra1 Ra8 3.Rb1 Rb8
    // give up the b-file castling rights, so the first threefold is [6, 10, 14] (python-chess
    // with chess960=True agrees).
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed"]);
    assert_eq!(
        got(&records, &file, "Chess960, castling rights lost"),
        vec![
            claim("threefold", 13, Some("7.Nb3"), Some("Nb6"), &[6, 10]),
            claim("threefold", 14, Some("7...Nb6"), None, &[6, 10, 14]),
        ]
    );
}

#[test]
fn same_squares_with_the_other_side_to_move_is_another_position() {
    // The white king walks e1-f1-f2-e1 while the black king rocks e8-d8: the kings stand on e1
    // and e8 at plies 0, 5 and 12, but at ply 5 black is to move, so the position has appeared
    // only twice (plies 0 and 12) and no claim was ever available (python-chess agrees).
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed"]);
    assert_eq!(
        got(&records, &file, "same squares, other side to move"),
        vec![]
    );
}

#[test]
fn fen_en_passant_square_without_legal_capture_does_not_split_positions() {
    // [FEN "4k1n1/8/8/8/4P3/8/8/4K1N1 b - e3 0 1"]: no black pawn can take on e3, so the start
    // position is the same position as after 3.Ng1 and 5.Ng1 (art. 9.2.3): occurrences counted
    // from ply 0. python-chess: has_legal_en_passant() false at ply 0, threefold at ply 8 with
    // [0, 4, 8] and about to appear at ply 7 (white writes Ng1).
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed"]);
    let event = "FEN ep square, no legal capture";
    assert_eq!(
        got(&records, &file, event),
        vec![
            claim("threefold", 7, Some("4...Ng8"), Some("Ng1"), &[0, 4]),
            claim("threefold", 8, Some("5.Ng1"), None, &[0, 4, 8]),
        ]
    );
    assert_eq!(
        verdict(&records, &file, event, "draw/claim-available", 8).fen,
        "4k1n1/8/8/8/4P3/8/8/4K1N1 b - - 8 5"
    );
}

#[test]
fn fen_en_passant_square_with_legal_capture_splits_positions() {
    // The control: with a black pawn on d4, exd3 e.p. is legal at ply 0, so ply 0 is a position
    // of its own and the first threefold is [1, 5, 9] (python-chess agrees).
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed"]);
    assert_eq!(
        got(&records, &file, "FEN ep square, legal capture"),
        vec![
            claim("threefold", 8, Some("5.Ng1"), Some("Nf6"), &[1, 5]),
            claim("threefold", 9, Some("5...Nf6"), None, &[1, 5, 9]),
            claim("threefold", 10, Some("6.Nf3"), None, &[2, 6, 10]),
            claim("threefold", 11, Some("6...Ng8"), None, &[3, 7, 11]),
            claim("threefold", 12, Some("7.Ng1"), None, &[4, 8, 12]),
        ]
    );
}

#[test]
fn double_push_next_to_a_pinned_pawn_is_the_same_position() {
    // 1.b4 next to the black pawn on c4: cxb3 e.p. would expose the black king (on a6 to the
    // bishop on f1; on a4, with both pawns gone from the rank, to the rook on h4), so no en
    // passant capture is possible and the position after 1.b4 is the one after 3.Ng1 and 5.Ng1.
    // python-chess: has_legal_en_passant() false at ply 1, threefold [1, 5, 9].
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed"]);
    for event in [
        "double push next to a pinned pawn",
        "double push, ep capture would expose the king on the rank",
    ] {
        assert_eq!(
            got(&records, &file, event),
            vec![
                claim("threefold", 8, Some("4...Ng8"), Some("Ng1"), &[1, 5]),
                claim("threefold", 9, Some("5.Ng1"), None, &[1, 5, 9]),
            ],
            "{event}"
        );
    }
    // The control: black king on a7, not pinned; cxb3 e.p. is legal after 1.b4, so ply 1 stands
    // alone (python-chess agrees).
    assert_eq!(
        got(&records, &file, "double push, ep capture legal"),
        vec![
            claim("threefold", 9, Some("5.Ng1"), Some("Nf6"), &[2, 6]),
            claim("threefold", 10, Some("5...Nf6"), None, &[2, 6, 10]),
            claim("threefold", 11, Some("6.Nf3"), None, &[3, 7, 11]),
            claim("threefold", 12, Some("6...Ng8"), None, &[4, 8, 12]),
            claim("threefold", 13, Some("7.Ng1"), None, &[5, 9, 13]),
        ]
    );
}

#[test]
fn repetition_after_castling_en_passant_and_promotion() {
    // 3.dxe6 e.p., 5.fxg8=Q and 8.O-O before the shuffle 9.Ng5 Kg6 10.Nf3 Kh6 ...: the
    // positions after each of these moves must be told apart and recognised again exactly as
    // python-chess does (threefold claimable at plies 22..27).
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &["--missed"]);
    assert_eq!(
        got(&records, &file, "after castling, en passant and promotion"),
        vec![
            claim("threefold", 22, Some("11...Kg6"), Some("Nf3"), &[15, 19]),
            claim("threefold", 23, Some("12.Nf3"), None, &[15, 19, 23]),
            claim("threefold", 24, Some("12...Kh6"), None, &[16, 20, 24]),
            claim("threefold", 25, Some("13.Ng5"), None, &[17, 21, 25]),
            claim("threefold", 26, Some("13...Kg6"), None, &[18, 22, 26]),
        ]
    );
}

#[test]
fn repetition_from_a_fen_start_counts_ply_zero() {
    // [FEN "4k3/8/8/8/8/8/4P3/4K1N1 w - - 5 30"] 30.Nf3 Kd7 31.Ng1 Ke8 32.Nf3 Kd7 33.Ng1 Ke8:
    // the FEN position stands at plies 0, 4, 8. A draw by repetition recorded at ply 8 is
    // supported (threefold on the board), at ply 7 too (black writes Ke8: the position of plies
    // 0 and 4 would appear the third time), but not at ply 6 (no move of white's recreates a
    // position seen twice). python-chess: can_claim_threefold_repetition() true at 7 and 8,
    // false at 6.
    let file = data("claims.pgn");
    let (records, _) = audit(&["claims.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "repetition tag, threefold on the board"),
        vec![]
    );
    assert_eq!(
        got(&records, &file, "repetition tag, about to appear"),
        vec![]
    );
    assert_eq!(
        got(&records, &file, "repetition tag, one move too early"),
        vec![unsupported("threefold", 6, Some("32...Kd7"))]
    );
    // With --missed: black could have claimed at ply 7 by writing Ke8 (and played it instead);
    // the claims at the last ply of each game were made, not missed.
    let (records, _) = audit(&["claims.pgn"], &["--missed"]);
    assert_eq!(
        got(&records, &file, "repetition tag, threefold on the board"),
        vec![claim("threefold", 7, Some("33.Ng1"), Some("Ke8"), &[0, 4])]
    );
    assert_eq!(
        got(&records, &file, "repetition tag, about to appear"),
        vec![]
    );
}

#[test]
fn fivefold_repetition_then_the_game_goes_on() {
    // The start position at plies 0, 4, 8, 12, 16: the game is drawn after 8...Ng8 (art.
    // 9.6.1); 9.e4 e5 are void. python-chess: is_fivefold_repetition() first true at ply 16.
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &[]);
    let five = [0, 4, 8, 12, 16];
    assert_eq!(
        got(&records, &file, "fivefold, game goes on"),
        vec![ignored("fivefold", 16, Some("8...Ng8"), &five)]
    );
    // A decisive result after the fivefold (even one "won" by a later mate) is void.
    assert_eq!(
        got(&records, &file, "fivefold, decisive result"),
        vec![
            ignored("fivefold", 16, Some("8...Ng8"), &five),
            contradicted("fivefold", 16, Some("8...Ng8"), &five, "1/2-1/2"),
        ]
    );
    let rc = verdict(&records, &file, "fivefold, decisive result", RC, 16);
    assert_eq!(rc.recorded_result.as_deref(), Some("1-0"));
    assert_eq!(
        rc.fen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 16 9"
    );
    assert_eq!(
        game(&records, &file, "fivefold, decisive result").status,
        status("verdict")
    );

    // With --missed, no claim is reported after the game ended at ply 16.
    let (records, _) = audit(&["repetition.pgn"], &["--missed"]);
    for event in ["fivefold, game goes on", "fivefold, decisive result"] {
        for r in verdicts_of(&records, &file, event) {
            if r.code == "draw/claim-available" {
                assert!(r.ply <= 16, "{r:?}");
            }
        }
    }
}

#[test]
fn illegal_move_audits_up_to_that_move() {
    // The fivefold of ply 16 is still found when the game later has an illegal move
    // (9...Ke6 at ply 18): the audit stops after ply 17 and says so.
    let file = data("repetition.pgn");
    let (records, _) = audit(&["repetition.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "fivefold, then an illegal move"),
        vec![
            ignored("fivefold", 16, Some("8...Ng8"), &[0, 4, 8, 12, 16]),
            incomplete(17, "9.e4"),
        ]
    );
    // 1.e4 e5 2.Ke3: audited up to ply 2, no result check on a game that was not read to its
    // end.
    let file = data("claims.pgn");
    let (records, _) = audit(&["claims.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "illegal move"),
        vec![incomplete(2, "1...e5")]
    );
    let inc = verdict(&records, &file, "illegal move", INC, 2);
    let message = inc.message.as_str();
    assert!(message.contains("Ke3"), "{message}");
    assert_eq!(
        game(&records, &file, "illegal move").status,
        status("incomplete")
    );
    assert_eq!(game(&records, &file, "illegal move").plies, 2);
}

// ---------------------------------------------------------------------------------------------
// Fifty- and seventy-five-move rules (arts. 9.3, 9.6.2)
// ---------------------------------------------------------------------------------------------

#[test]
fn fifty_move_claim_about_to_at_halfmove_clock_99() {
    // [FEN "7k/6pp/8/8/8/8/8/4K3 b - - 99 50"]: black's only move that is neither a pawn move
    // nor a capture is Kg8, which completes 100 quiet plies: claimable by writing it (art.
    // 9.3.1). Then the clock is 100, 101, 102: claimable on the board (art. 9.3.2) at each ply
    // until the last. python-chess: can_claim_fifty_moves() true at plies 0..4.
    let file = data("fifty.pgn");
    let (records, _) = audit(&["fifty.pgn"], &["--missed"]);
    assert_eq!(
        got(&records, &file, "about to: halfmove clock 99 in the FEN"),
        vec![
            claim("fifty-move", 0, None, Some("Kg8"), &[]),
            claim("fifty-move", 1, Some("50...Kg8"), None, &[]),
            claim("fifty-move", 2, Some("51.Kd2"), None, &[]),
            claim("fifty-move", 3, Some("51...Kf7"), None, &[]),
        ]
    );
}

#[test]
fn fen_starting_with_halfmove_clock_90() {
    // The FEN clock counts: 90 + 9 = 99 after 74.Kd6 (black can claim by writing Kg8, the only
    // quiet move of the king on h8), 100 after 74...Kg8. python-chess: can_claim_fifty_moves()
    // first true at ply 9.
    let file = data("fifty.pgn");
    let (records, _) = audit(&["fifty.pgn"], &["--missed"]);
    assert_eq!(
        got(&records, &file, "FEN halfmove clock 90"),
        vec![
            claim("fifty-move", 9, Some("74.Kd6"), Some("Kg8"), &[]),
            claim("fifty-move", 10, Some("74...Kg8"), None, &[]),
        ]
    );
    // A draw under the fifty-move rule recorded at ply 8 (clock 98) has no support; at ply 9
    // (about to) or ply 10 (a final comment names the rule) it has.
    let (records, _) = audit(&["fifty.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "fifty claimed too early"),
        vec![unsupported("fifty-move", 8, Some("73...Kh8"))]
    );
    assert_eq!(got(&records, &file, "fifty claimed about to"), vec![]);
    assert_eq!(got(&records, &file, "fifty claimed in a comment"), vec![]);
}

#[test]
fn fifty_move_claim_with_a_move_that_stalemates() {
    // [FEN "7k/5P1p/7P/8/8/8/PP6/K7 w - - 99 60"]: white's only move that is neither a pawn
    // move nor a capture is Kb1, and it stalemates black. By the Laws the claim by writing Kb1
    // holds (art. 9.3.1 asks only that the move complete 50 quiet moves; RULES.md: "a written
    // move that itself gives mate or stalemate still supports the claim").
    // python-chess differs: can_claim_fifty_moves() is false here, because its is_fifty_moves()
    // also requires a legal move in the position after the claimed move.
    let file = data("fifty.pgn");
    let (records, _) = audit(&["fifty.pgn"], &[]);
    assert_eq!(got(&records, &file, "claim move gives stalemate"), vec![]);
    let (records, _) = audit(&["fifty.pgn"], &["--missed"]);
    assert_eq!(
        got(&records, &file, "claim move gives stalemate, play goes on"),
        vec![claim("fifty-move", 0, None, Some("Kb1"), &[])]
    );
}

#[test]
fn no_fifty_move_claim_without_a_quiet_move() {
    // [FEN "7k/8/8/8/4b3/8/PP6/K7 w - - 99 60"]: Kb1 is covered by the bishop, so white has only
    // pawn moves, none of which completes 50 quiet moves: a draw under the fifty-move rule
    // recorded here has no support (python-chess: can_claim_fifty_moves() false).
    let file = data("fifty.pgn");
    let (records, _) = audit(&["fifty.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "no quiet move at halfmove clock 99"),
        vec![unsupported("fifty-move", 0, None)]
    );
}

#[test]
fn seventy_five_move_rule() {
    // [FEN "... w - - 140 70"]: the clock reaches 150 after 74...Kg8 (ply 10); the game is drawn
    // there (art. 9.6.2) and 75.Kd7 Kh8 76.Ke7 g5 are void. python-chess: is_seventyfive_moves()
    // first true at ply 10.
    let file = data("fifty.pgn");
    let (records, _) = audit(&["fifty.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "seventy-five moves, game goes on"),
        vec![ignored("seventy-five-move", 10, Some("74...Kg8"), &[])]
    );
    // Ending at ply 10 with 0-1: nothing was played after it, but the result is void.
    assert_eq!(
        got(&records, &file, "seventy-five moves, decisive result"),
        vec![contradicted(
            "seventy-five-move",
            10,
            Some("74...Kg8"),
            &[],
            "1/2-1/2"
        )]
    );
    // The 150th quiet ply gives check but not mate: the game is drawn all the same.
    assert_eq!(
        got(&records, &file, "check, not mate, on the 150th quiet ply"),
        vec![
            ignored("seventy-five-move", 1, Some("80.Ra8+"), &[]),
            contradicted("seventy-five-move", 1, Some("80.Ra8+"), &[], "1/2-1/2"),
        ]
    );
    assert_eq!(
        got(&records, &file, "quiet 150th ply, decisive result"),
        vec![contradicted(
            "seventy-five-move",
            1,
            Some("80.Ra7"),
            &[],
            "1/2-1/2"
        )]
    );
}

#[test]
fn checkmate_on_the_150th_quiet_ply_takes_precedence() {
    // [FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80"] 80.Ra8#: the mate completes the 150th quiet
    // ply and stands (art. 9.6.2). python-chess agrees: is_seventyfive_moves() is false after
    // the mate (no legal move).
    let file = data("fifty.pgn");
    let (records, _) = audit(&["fifty.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "checkmate on the 150th quiet ply"),
        vec![]
    );
    assert_eq!(
        got(
            &records,
            &file,
            "checkmate on the 150th quiet ply, draw recorded"
        ),
        vec![contradicted("checkmate", 1, Some("80.Ra8#"), &[], "1-0")]
    );
}

// ---------------------------------------------------------------------------------------------
// Stalemate (art. 5.2.1), dead position (art. 5.2.2), results (arts. 5.1.1, 5.1.2)
// ---------------------------------------------------------------------------------------------

#[test]
fn stalemate_then_more_moves() {
    // 1.Qg6 stalemates the king on h8 (python-chess: is_stalemate() at ply 1); 1...Kh7 and the
    // rest are void. The move after the stalemate cannot be replayed, which arbiter may also
    // note as information (audit/incomplete); the errors are exactly these.
    let file = data("endings.pgn");
    let (records, _) = audit(&["endings.pgn"], &[]);
    assert_eq!(
        errors(&records, &file, "stalemate, game goes on"),
        vec![
            ignored("stalemate", 1, Some("1.Qg6"), &[]),
            contradicted("stalemate", 1, Some("1.Qg6"), &[], "1/2-1/2"),
        ]
    );
    assert_eq!(
        got(&records, &file, "stalemate, decisive result"),
        vec![contradicted("stalemate", 1, Some("1.Qg6"), &[], "1/2-1/2")]
    );
    assert_eq!(got(&records, &file, "stalemate, draw recorded"), vec![]);
}

#[test]
fn bishops_of_one_colour_are_dead_opposite_colours_are_not() {
    // 1...Bxb3 leaves K+B (f1, light) v K+B (b3, light): no mate is possible (python-chess:
    // is_insufficient_material() at ply 1).
    let file = data("endings.pgn");
    let (records, _) = audit(&["endings.pgn"], &[]);
    let mv = Some("1...Bxb3");
    assert_eq!(
        got(&records, &file, "same-coloured bishops, game goes on"),
        vec![ignored("insufficient-material", 1, mv, &[])]
    );
    assert_eq!(
        got(&records, &file, "same-coloured bishops, decisive result"),
        vec![contradicted("insufficient-material", 1, mv, &[], "1/2-1/2")]
    );
    // Bishops on c1 (dark) and b3 (light), K+N v K+N, K+B v K+N: a mate exists with help, not
    // dead (python-chess: is_insufficient_material() false), and a decisive result stands.
    for event in [
        "opposite-coloured bishops",
        "knight against knight",
        "bishop against knight",
    ] {
        assert_eq!(got(&records, &file, event), vec![], "{event}");
    }
}

#[test]
fn dead_from_the_start_position() {
    // [FEN "4k3/8/8/8/8/8/8/3NK3 w - - 0 1"]: K+N v K is dead at ply 0; every move is void.
    let file = data("endings.pgn");
    let (records, _) = audit(&["endings.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "dead at the start, game goes on"),
        vec![ignored("insufficient-material", 0, None, &[])]
    );
}

#[test]
fn locked_pawn_wall() {
    // 1.g4 completes a wall a4-a5 ... g4-g5: no pawn can move or capture (g2-g4 leaves no en
    // passant capture), every square of rank 4 or 5 a king could cross is held by an enemy
    // pawn, so no king ever reaches a pawn: no mate is possible, the position is dead. (python-
    // chess has no dead-position test beyond material, so this one rests on the rules alone.)
    let file = data("endings.pgn");
    let (records, _) = audit(&["endings.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "locked pawn wall, game goes on"),
        vec![
            ignored("dead-position", 1, Some("1.g4"), &[]),
            contradicted("dead-position", 1, Some("1.g4"), &[], "1/2-1/2"),
        ]
    );
    // The same wall with the white king already on c6, next to the undefended pawns on a5... c5:
    // it can take them, so the position is not dead and 1-0 stands.
    assert_eq!(
        got(&records, &file, "pawn wall, a king can take a pawn"),
        vec![]
    );
}

#[test]
fn decisive_result_for_a_side_that_cannot_mate() {
    // 1...Qxa1+ leaves white a bare king: 1-0 (black resigned or lost on time) is a draw by art.
    // 5.1.2 / 6.9 (python-chess: has_insufficient_material(WHITE)); 0-1 stands.
    let file = data("endings.pgn");
    let (records, _) = audit(&["endings.pgn"], &[]);
    assert_eq!(
        got(&records, &file, "lone king wins"),
        vec![contradicted(
            "insufficient-material",
            1,
            Some("1...Qxa1+"),
            &[],
            "1/2-1/2"
        )]
    );
    assert_eq!(got(&records, &file, "lone king loses"), vec![]);
}

#[test]
fn result_contradicting_a_checkmate() {
    // 1.f3 e5 2.g4 Qh4#: 1-0 recorded, white is mated: the result is 0-1 (art. 5.1.1).
    let file = data("endings.pgn");
    let (records, _) = audit(&["endings.pgn"], &[]);
    let mate = contradicted("checkmate", 4, Some("2...Qh4#"), &[], "0-1");
    assert_eq!(
        got(&records, &file, "checkmate, wrong result"),
        vec![mate.clone()]
    );
    // The same with a (void) move after the mate: the game ended at the mate all the same, so
    // the recorded 1-0 still contradicts it (as 1-0 after a stalemate followed by moves does).
    assert_eq!(
        errors(&records, &file, "checkmate, more moves, wrong result"),
        vec![mate]
    );
}

// ---------------------------------------------------------------------------------------------
// Draw claims named in the record; agreement
// ---------------------------------------------------------------------------------------------

#[test]
fn draws_by_agreement_need_no_support() {
    let file = data("claims.pgn");
    let (records, _) = audit(&["claims.pgn"], &[]);
    for event in ["short draw by agreement", "draw agreed, with a comment"] {
        assert_eq!(got(&records, &file, event), vec![], "{event}");
        assert_eq!(game(&records, &file, event).status, status("ok"));
    }
}

#[test]
fn claims_named_in_tag_or_comment() {
    let file = data("claims.pgn");
    let (records, _) = audit(&["claims.pgn"], &[]);
    // [Termination "repetition"] after 1.e4 e5 2.Nf3 Nc6: no position has repeated.
    assert_eq!(
        got(&records, &file, "repetition tag, no repetition"),
        vec![unsupported("threefold", 4, Some("2...Nc6"))]
    );
    // {draw by threefold repetition} after 3.Nf3: this position stood twice (plies 1, 5), and
    // black's only repeating move, Nf6, recreates the position of ply 2 for the second time
    // only: no claim (python-chess: can_claim_threefold_repetition() false at ply 5).
    assert_eq!(
        got(
            &records,
            &file,
            "comment claims threefold, none on the board"
        ),
        vec![unsupported("threefold", 5, Some("3.Nf3"))]
    );
    // The same comment after 4...Ng8 (start position at plies 0, 4, 8): supported.
    assert_eq!(
        got(&records, &file, "comment claims threefold, on the board"),
        vec![]
    );
    // [Termination "50-move rule"] after four moves.
    assert_eq!(
        got(&records, &file, "fifty-move tag, no claim"),
        vec![unsupported("fifty-move", 4, Some("2...Nc6"))]
    );
    let cu = verdict(&records, &file, "fifty-move tag, no claim", CU, 4);
    assert_eq!(cu.recorded_result.as_deref(), Some("1/2-1/2"));
    assert_eq!(
        cu.fen,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
}

// ---------------------------------------------------------------------------------------------
// --rules, --positions, formats, jobs, exit codes, summary
// ---------------------------------------------------------------------------------------------

const ALL_GAMES: [&str; 4] = ["repetition.pgn", "fifty.pgn", "endings.pgn", "claims.pgn"];

/// The rules of the verdicts of `--rules <rules>` on every test file, counted; panics on a
/// verdict whose rule is not in `allowed`. A result that contradicts a checkmate is not one of
/// the selectable draw rules, and an incomplete audit has no rule: both are always allowed.
/// Insufficient material belongs to `dead` ("dead position and insufficient material").
fn rules_seen(rules: &str, allowed: &[&str]) -> BTreeMap<String, usize> {
    let (records, _) = audit(&ALL_GAMES, &["--rules", rules]);
    let mut seen = BTreeMap::new();
    for r in all_verdicts(&records) {
        let rule = r.rule.map_or("none", |r| r.name());
        assert!(
            rule == "checkmate" || rule == "none" || allowed.contains(&rule),
            "--rules {rules} gave {r:?}"
        );
        *seen.entry(rule.to_owned()).or_insert(0) += 1;
    }
    seen
}

#[test]
fn rules_repetition_only() {
    // Among others, "same-coloured bishops, decisive result" (0-1 with K+B v K+B) and "lone
    // king wins" (1-0 with a bare white king) must give no insufficient-material verdict here.
    let seen = rules_seen("repetition", &["threefold", "fivefold"]);
    assert_eq!(seen.get("fivefold"), Some(&4), "{seen:?}");
    assert_eq!(seen.get("threefold"), Some(&3), "{seen:?}");
}

#[test]
fn rules_fifty_only() {
    let seen = rules_seen("fifty", &["fifty-move", "seventy-five-move"]);
    assert_eq!(seen.get("seventy-five-move"), Some(&5), "{seen:?}");
    assert_eq!(seen.get("fifty-move"), Some(&3), "{seen:?}");
}

#[test]
fn rules_stalemate_and_dead() {
    let seen = rules_seen(
        "stalemate,dead",
        &["stalemate", "insufficient-material", "dead-position"],
    );
    assert_eq!(seen.get("stalemate"), Some(&3), "{seen:?}");
    assert_eq!(seen.get("insufficient-material"), Some(&4), "{seen:?}");
    assert_eq!(seen.get("dead-position"), Some(&2), "{seen:?}");
}

/// An expected `position` record: line, FEN, checkmate, stalemate, `insufficient_material`, dead.
type Pos<'a> = (u64, &'a str, bool, bool, &'a str, bool);

/// The valid lines of `testdata/audit/positions.epd`. `insufficient_material` names the sides
/// that cannot mate (python-chess `has_insufficient_material(color)` for each colour); a
/// stalemate counts as dead (there is no legal move at all, so no sequence leads to a mate).
/// Blank and `#` lines are skipped, but counted in line numbers.
#[rustfmt::skip]
const POSITIONS: [Pos<'static>; 15] = [
    // Fool's mate: white is checkmated.
    (2, FOOLS_MATE, true, false, "none", false),
    // EPD (no counters, with operations): black is stalemated.
    (3, "7k/8/6Q1/8/8/8/8/K7 b - - 0 1", false, true, "black", true),
    (4, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false, "both", true),
    (6, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", false, false, "black", false),
    (7, "4k3/3q4/8/8/8/8/8/4K3 w - - 0 1", false, false, "white", false),
    (8, START, false, false, "none", false),
    // Bishops on b3 and d5, both light squares: dead.
    (9, "4k3/8/8/3b4/8/1B6/8/4K3 w - - 0 1", false, false, "both", true),
    // Bishops on c1 (dark) and d5 (light): a helpmate exists.
    (10, "4k3/8/8/3b4/8/8/8/2B1K3 w - - 0 1", false, false, "none", false),
    // K+N v K+N and K+B v K+N: never dead by material.
    (11, "4k3/8/8/3n4/8/8/8/4K1N1 w - - 0 1", false, false, "none", false),
    (12, "4k3/8/8/3n4/8/8/8/4KB2 w - - 0 1", false, false, "none", false),
    (13, "4k3/8/8/8/8/8/8/3NK3 b - - 0 1", false, false, "both", true),
    // A locked wall no king can cross: dead (python-chess only says it is not insufficient
    // material).
    (14, WALL, false, false, "none", true),
    // The same wall with the white king on c6, next to undefended pawns: not dead.
    (15, "8/8/2K5/p1p1p1p1/P1P1P1P1/8/8/4k3 w - - 0 1", false, false, "none", false),
    (17, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false, "both", true),
    // A FEN en passant square without a legal capture is dropped from the FEN written back.
    (19, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", false, false, "black", false),
];

/// After 1.f3 e5 2.g4 Qh4#: white is checkmated.
const FOOLS_MATE: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
/// The standard start position.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// A locked pawn wall, kings on their own sides.
const WALL: &str = "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1";

#[test]
fn positions_file() {
    let out = run(&[
        "audit",
        "--quiet",
        "--format",
        "jsonl",
        "--positions",
        &data("positions.epd"),
    ]);
    // An invalid line is an error in the input.
    assert_eq!(out.status.code(), Some(1));
    let mut records: Vec<PositionRecord> = parse_records(&out.stdout);
    let Some(PositionRecord::Summary(s)) = records.pop() else {
        panic!("the last record is not the summary");
    };
    let (valid, invalid): (Vec<Position>, Vec<Position>) = records
        .into_iter()
        .map(|r| match r {
            PositionRecord::Position(p) => p,
            PositionRecord::Summary(_) => panic!("a summary before the last line"),
        })
        .partition(|r| r.error.is_none());
    let material = |m: Option<Material>| match m.expect("insufficient_material") {
        Material::None => "none",
        Material::White => "white",
        Material::Black => "black",
        Material::Both => "both",
    };
    let seen: Vec<Pos<'_>> = valid
        .iter()
        .map(|r| {
            (
                r.line,
                r.fen.as_str(),
                r.checkmate.expect("checkmate"),
                r.stalemate.expect("stalemate"),
                material(r.insufficient_material),
                r.dead.expect("dead"),
            )
        })
        .collect();
    assert_eq!(seen, POSITIONS);
    let reason = |line: u64| {
        let r = valid
            .iter()
            .find(|r| r.line == line)
            .unwrap_or_else(|| panic!("line {line}"));
        r.reason.clone().unwrap_or_default()
    };
    assert!(reason(2).contains("checkmated"), "{}", reason(2));
    assert!(reason(3).contains("stalemated"), "{}", reason(3));
    assert!(reason(9).contains("insufficient material"), "{}", reason(9));
    assert!(reason(9).contains("K+B v K+B"), "{}", reason(9));
    assert!(reason(14).contains("pawns locked"), "{}", reason(14));
    for line in [6, 8, 10, 11, 12, 15, 19] {
        assert_eq!(
            reason(line),
            "",
            "line {line}: a live position has no reason"
        );
    }
    // Invalid lines: the text as read and why it is not a position, other fields null.
    let invalid: Vec<(u64, String)> = invalid
        .iter()
        .map(|r| {
            let fields = [
                r.checkmate.is_none(),
                r.stalemate.is_none(),
                r.insufficient_material.is_none(),
                r.dead.is_none(),
                r.reason.is_none(),
            ];
            assert_eq!(fields, [true; 5], "{r:?}");
            assert!(!r.error.as_deref().unwrap_or("").is_empty(), "{r:?}");
            (r.line, r.fen.clone())
        })
        .collect();
    assert_eq!(
        invalid,
        vec![
            (16, "this is not a position".to_owned()),
            (18, "8/8/8/8/8/8/8/8 w - - 0 1".to_owned()),
        ]
    );
    assert_eq!(s.positions, 15);
    assert_eq!(s.invalid, 2);
    assert_eq!(s.checkmates, 1);
    assert_eq!(s.stalemates, 1);
    assert_eq!(s.dead, 6);

    // Only valid lines: exit status 0.
    let tmp = TempDir::new("audit-positions");
    let path = tmp.write(
        "ok.fen",
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n7k/8/6Q1/8/8/8/8/K7 b - - 0 1\n",
    );
    let out = run(&[
        "audit",
        "--quiet",
        "--positions",
        path.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn csv_headers() {
    let out = run(&["audit", "--quiet", "--format", "csv", &data("endings.pgn")]);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "code,severity,rule,file,game,ply,move,claim_move,occurrences,fen,recorded_result,\
             correct_result,message,event,white,black"
        )
    );
    let first = lines.next().expect("a verdict row");
    assert!(
        first.starts_with("draw/automatic-ignored,error,stalemate,"),
        "{first}"
    );
    // Occurrence plies are space-separated in one field.
    let out = run(&[
        "audit",
        "--quiet",
        "--format",
        "csv",
        &data("repetition.pgn"),
    ]);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.lines()
            .any(|l| l.starts_with("draw/automatic-ignored,error,fivefold,")
                && l.contains(",16,8...Ng8,,0 4 8 12 16,")),
        "{text}"
    );

    // No verdict at all: the header alone.
    let tmp = TempDir::new("audit-csv");
    let path = tmp.write("agreed.pgn", b"1. e4 e5 2. Nf3 Nc6 1/2-1/2\n");
    let out = run(&[
        "audit",
        "--quiet",
        "--format",
        "csv",
        path.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).expect("utf-8"),
        "code,severity,rule,file,game,ply,move,claim_move,occurrences,fen,recorded_result,\
         correct_result,message,event,white,black\n"
    );

    let out = run(&[
        "audit",
        "--quiet",
        "--format",
        "csv",
        "--positions",
        &data("positions.epd"),
    ]);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("line,fen,checkmate,stalemate,insufficient_material,dead,reason,error")
    );
    assert_eq!(
        lines.next(),
        Some(
            "2,rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3,true,false,none,\
             false,white is checkmated,"
        )
    );
}

/// Output with the summary's wall-clock time zeroed.
fn without_seconds(stdout: &[u8]) -> Vec<AuditRecord> {
    let mut records: Vec<AuditRecord> = parse_records(stdout);
    match records.last_mut() {
        Some(AuditRecord::Summary(s)) => s.seconds = 0.0,
        last => panic!("the last record is not the summary: {last:?}"),
    }
    records
}

#[test]
fn jobs_do_not_change_the_output() {
    // Every test file several times over, so that both workers get games.
    let mut paths = Vec::new();
    for _ in 0..8 {
        paths.extend(ALL_GAMES.iter().map(|n| data(n)));
    }
    let outputs: Vec<Vec<AuditRecord>> = ["-j1", "-j2"]
        .iter()
        .map(|j| {
            let mut args = vec![
                "audit", "--quiet", "--format", "jsonl", "--games", "--missed", j,
            ];
            args.extend(paths.iter().map(String::as_str));
            let out = run(&args);
            assert_eq!(out.status.code(), Some(1));
            without_seconds(&out.stdout)
        })
        .collect();
    assert_eq!(outputs[0], outputs[1]);
    assert!(outputs[0].len() > 100);
}

#[test]
fn exit_codes() {
    let tmp = TempDir::new("audit-exit");
    // Only information (a missed threefold claim): exit 0.
    let missed = tmp.write(
        "missed.pgn",
        b"1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n",
    );
    let (records, code) = audit_paths(&[missed.to_str().expect("utf-8").to_owned()], &["--missed"]);
    assert_eq!(code, 0);
    assert_eq!(summary(&records).verdicts["draw/claim-available"], 2);
    // Only an incomplete audit (information): exit 0.
    let (_, code) = audit(&["claims.pgn"], &["--rules", "stalemate"]);
    assert_eq!(code, 0);
    // An error verdict: exit 1.
    let bad = tmp.write(
        "bad.pgn",
        b"[FEN \"7k/8/8/8/8/8/8/K5Q1 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qg6 1-0\n",
    );
    let (records, code) = audit_paths(&[bad.to_str().expect("utf-8").to_owned()], &[]);
    assert_eq!(code, 1);
    assert_eq!(summary(&records).verdicts["result/contradicted"], 1);
}

#[test]
fn summary_counts() {
    let tmp = TempDir::new("audit-summary");
    let path = tmp.write(
        "mixed.pgn",
        b"[Event \"clean\"]\n\n1. e4 e5 1/2-1/2\n\n\
          [Event \"fivefold then illegal\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 \
          5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 Ke6 1/2-1/2\n\n\
          [Event \"illegal\"]\n\n1. e4 e5 2. Ke3 1-0\n\n\
          [Event \"variant\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 e5 *\n",
    );
    let (records, code) = audit_paths(&[path.to_str().expect("utf-8").to_owned()], &[]);
    assert_eq!(code, 1);
    let file = path.to_str().expect("utf-8");
    let status_of = |event: &str| game(&records, file, event).status;
    assert_eq!(status_of("clean"), AuditStatus::Ok);
    assert_eq!(status_of("fivefold then illegal"), AuditStatus::Verdict);
    assert_eq!(status_of("illegal"), AuditStatus::Incomplete);
    assert_eq!(status_of("variant"), AuditStatus::Skipped);
    let s = summary(&records);
    assert_eq!(s.files, 1);
    assert_eq!(s.games, 3);
    assert_eq!(s.games_skipped, 1);
    assert_eq!(s.games_with_verdicts, 1);
    assert_eq!(s.verdicts["draw/automatic-ignored"], 1);
    assert_eq!(s.verdicts["audit/incomplete"], 2);
    assert_eq!(s.plies, 2 + 17 + 2);
    // "Games audited only up to an illegal move" (the field's documentation): both games with
    // an illegal move, including the one that also has an error verdict.
    assert_eq!(s.games_incomplete, 2);
}

#[test]
fn text_reads_like_an_arbiters_note() {
    let out = run(&["audit", "--quiet", &data("repetition.pgn")]);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let line = text
        .lines()
        .find(|l| l.contains("error[result/contradicted]"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.contains("game 8 (A vs B, fivefold, decisive result): 1-0 recorded"),
        "{line}"
    );
    assert!(line.contains("8...Ng8"), "{line}");
    assert!(line.contains("plies 0, 4, 8, 12, 16"), "{line}");
    assert!(line.contains("9.6.1"), "{line}");
    assert!(
        text.lines()
            .last()
            .unwrap_or("")
            .starts_with("summary: 1 file,"),
        "{text}"
    );
}
