//! Tables of small events worked by hand from the rules.

use super::*;
use crate::model::standings::EventKind;

fn collection(games: &[(&str, &str, &str, u32)]) -> Collection {
    let mut c = Collection::default();
    for (i, (w, b, r, round)) in games.iter().enumerate() {
        let outcome = Outcome::from_standard(r.as_bytes());
        let g = GameResult {
            event: "E".into(),
            white: (*w).into(),
            black: (*b).into(),
            outcome,
            round: Some(*round),
            plies: 40,
            ..GameResult::default()
        };
        let place = Place {
            file: "t.pgn",
            game: i as u64 + 1,
            line: 1,
        };
        c.add(place, &g, None, false);
    }
    c
}

/// A four-player round robin: A 2½, B 2, C 1, D ½.
/// A-B ½, A-C 1, A-D 1; B-C 1, B-D ½; C-D 1... so C has 1 + ... worked below.
#[test]
fn a_round_robin_by_hand() {
    let c = collection(&[
        ("A", "B", "1/2-1/2", 1),
        ("C", "D", "1-0", 1),
        ("A", "C", "1-0", 2),
        ("B", "D", "1/2-1/2", 2),
        ("D", "A", "0-1", 3),
        ("B", "C", "1-0", 3),
    ]);
    let t = &tables(&c, &TableOptions::default())[0];
    assert_eq!(t.kind, EventKind::RoundRobin);
    assert_eq!(t.tiebreaks, ["DE", "WIN", "SB", "KS"]);
    let names: Vec<&str> = t.standings.iter().map(|s| s.player.as_str()).collect();
    assert_eq!(names, ["A", "B", "C", "D"]);
    let points: Vec<f64> = t.standings.iter().map(|s| s.points).collect();
    assert_eq!(points, [2.5, 2.0, 1.0, 0.5]);
    // SB of A: ½ × 2 (B) + 1 × 1 (C) + 1 × ½ (D) = 2.5.
    assert_eq!(t.standings[0].tiebreaks[2], 2.5);
    // SB of B: ½ × 2.5 + 1 × 1 + ½ × ½ = 2.5.
    assert_eq!(t.standings[1].tiebreaks[2], 2.5);
    // Crosstable: A's row, against B (rank 2): ½.
    assert_eq!(t.standings[0].results[1][0].result, "½");
    assert!(t.standings[0].results[0].is_empty());
}

#[test]
fn ties_broken_by_direct_encounter_and_shared_ranks() {
    // A and B both 1½ of 2 with C at 0... A beat B.
    let c = collection(&[
        ("A", "B", "1-0", 1),
        ("C", "A", "1-0", 2),
        ("B", "C", "1-0", 3),
    ]);
    // Each has 1 point: DE among all three is 1 each, WIN 1 each, SB 1 each: all share rank 1.
    let t = &tables(&c, &TableOptions::default())[0];
    assert!(t.standings.iter().all(|s| s.rank == 1 && s.shared));
    let c = collection(&[
        ("A", "B", "1-0", 1),
        ("C", "A", "1/2-1/2", 2),
        ("B", "C", "1/2-1/2", 3),
    ]);
    // A 1½, B ½, C 1.
    let t = &tables(&c, &TableOptions::default())[0];
    let ranks: Vec<(String, u32)> = t
        .standings
        .iter()
        .map(|s| (s.player.clone(), s.rank))
        .collect();
    assert_eq!(ranks, [("A".into(), 1), ("C".into(), 2), ("B".into(), 3)]);
}

#[test]
fn unfinished_games_are_never_scored() {
    let c = collection(&[("A", "B", "*", 1), ("A", "C", "1-0", 2)]);
    let t = &tables(&c, &TableOptions::default())[0];
    assert_eq!(t.kind, EventKind::Swiss);
    assert_eq!((t.games, t.unfinished), (1, 1));
    let a = &t.standings[0];
    assert_eq!(
        (a.player.as_str(), a.games, a.unfinished, a.points),
        ("A", 1, 1, 1.0)
    );
}

#[test]
fn football_scoring() {
    let c = collection(&[("A", "B", "1-0", 1), ("B", "A", "1/2-1/2", 2)]);
    let options = TableOptions {
        scoring: Scoring::built_in("football").unwrap(),
        ..TableOptions::default()
    };
    let t = &tables(&c, &options)[0];
    assert_eq!(t.standings[0].points, 4.0);
    assert_eq!(t.standings[1].points, 1.0);
    assert_eq!(t.cycles, 2);
}
