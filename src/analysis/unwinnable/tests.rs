//! The verdicts on positions with known answers: every helpmate replayed, every unwinnable one
//! argued (in the test set's file, `testdata/unwinnable/`).

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Color, Position};

use super::*;

/// The position of `fen` (the tests of the module's files share it).
pub(super) fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// Replays `h` from `start` with shakmaty, from its SAN: every move legal, the last a
/// checkmate of `!winner`.
pub(super) fn replay(start: &Chess, winner: Color, h: &Helpmate) -> Result<(), String> {
    let mut at = start.clone();
    for san in &h.sans() {
        let text = san.to_string();
        let san: SanPlus = text.parse().map_err(|e| format!("{text}: {e}"))?;
        let m = san
            .san
            .to_move(&at)
            .map_err(|e| format!("{text} is not legal: {e}"))?;
        at.play_unchecked(m);
    }
    match at.is_checkmate() && at.turn() == !winner {
        true => Ok(()),
        false => Err(format!("{h} does not end in a checkmate by {winner}")),
    }
}

fn winnable(fen: &str, winner: Color) {
    let p = pos(fen);
    match decide(&p, winner, Budget::FULL) {
        Verdict::Winnable(h) => replay(&p, winner, &h).unwrap(),
        v => panic!("{fen}: {winner} can mate, got {v:?}"),
    }
}

fn unwinnable_by(fen: &str, winner: Color) -> Reason {
    let p = pos(fen);
    match decide(&p, winner, Budget::FULL) {
        Verdict::Unwinnable(r) => r,
        v => panic!("{fen}: {winner} cannot mate, got {v:?}"),
    }
}

#[test]
fn the_traps_are_winnable() {
    // K+N v K+N, K+B v K+B on opposite colours, K+N+N v K, K+B v K+P, K+N v K+R.
    winnable("8/8/3nk3/8/8/3KN3/8/8 w - - 0 1", Color::White);
    winnable("8/3b4/4k3/8/8/3KB3/8/8 w - - 0 1", Color::White);
    winnable("8/8/4k3/8/8/2NKN3/8/8 w - - 0 1", Color::White);
    winnable("8/8/3pk3/8/8/3KB3/8/8 w - - 0 1", Color::White);
    winnable("8/8/3rk3/8/8/3KN3/8/8 w - - 0 1", Color::White);
}

#[test]
fn material_and_walls() {
    assert_eq!(
        unwinnable_by("8/8/4k3/8/8/3K4/8/8 w - - 0 1", Color::White),
        Reason::Material(Material::BareKing)
    );
    assert_eq!(
        unwinnable_by(
            "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1",
            Color::White
        ),
        Reason::Wall(Wall::NoCheck)
    );
}

#[test]
fn game_over() {
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    winnable(mate, Color::Black);
    assert_eq!(
        unwinnable_by(mate, Color::White),
        Reason::GameOver { checkmate: true }
    );
    assert_eq!(
        unwinnable_by("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Color::White),
        Reason::GameOver { checkmate: false }
    );
}

/// The test set `testdata/unwinnable/positions.epd`: every position decided for both sides as
/// its `c0` says, every helpmate replayed, every `no` with its argument (`c2`) in the file.
#[test]
fn the_test_set() {
    let text = include_str!("../../../testdata/unwinnable/positions.epd");
    let mut checked = 0;
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().take(4).collect();
        let fen = format!("{} 0 1", fields.join(" "));
        let p = pos(&fen);
        let expected = line
            .split("c0 \"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("line {}: no c0", number + 1));
        for (color, word) in [(Color::White, "white"), (Color::Black, "black")] {
            let want = expected
                .split(", ")
                .find_map(|part| part.strip_prefix(word))
                .map(str::trim)
                .unwrap_or_else(|| panic!("line {}: no answer for {word}", number + 1));
            let verdict = decide(&p, color, Budget::FULL);
            assert_eq!(
                verdict.can_mate(),
                want,
                "line {}: {word}: {verdict:?}",
                number + 1
            );
            match &verdict {
                Verdict::Winnable(h) => replay(&p, color, h).unwrap(),
                Verdict::Unwinnable(_) => assert!(line.contains("c2 \""), "line {}", number + 1),
                Verdict::Unknown { .. } => unreachable!(),
            }
            checked += 1;
        }
    }
    assert!(checked >= 90, "{checked}");
}
