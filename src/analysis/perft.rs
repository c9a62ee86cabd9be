//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move generator.
//!
//! Our legality checks rest on shakmaty's legal move generation; `arbiter perft` and the perft
//! tests compare its node counts with the published ones of the perft suites.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

/// Number of leaf nodes of the legal move tree of depth `depth` (plies) below `pos`.
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_moves().len() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(*m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// [`perft`] that gives up (`None`) as soon as `stop` returns true; `stop` is asked at every
/// node more than three plies above the leaves (a subtree of depth 3 takes milliseconds), so a
/// run of any depth stops promptly (Ctrl-C in `arbiter perft`).
pub fn perft_until(pos: &Chess, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
    if depth <= 3 {
        return Some(perft(pos, depth));
    }
    if stop() {
        return None;
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes += perft_until(&child, depth - 1, stop)?;
    }
    Some(nodes)
}

/// Perft split by first move: `(move in UCI, nodes below it)`, sorted by the UCI text.
pub fn divide(pos: &Chess, depth: u32) -> Vec<(String, u64)> {
    divide_until(pos, depth, &|| false).unwrap_or_default()
}

/// [`divide`] that gives up (`None`) once `stop` returns true (see [`perft_until`]).
pub fn divide_until(
    pos: &Chess,
    depth: u32,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<(String, u64)>> {
    let mode = pos.castles().mode();
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let uci = UciMove::from_move(m, mode).to_string();
        out.push((uci, perft_until(&child, depth.saturating_sub(1), stop)?));
    }
    out.sort();
    Some(out)
}

/// Reads a FEN (or the first four EPD fields) for perft. Castling is Chess960 when `chess960`
/// is set or when the castling field requires it (Shredder-FEN letters).
///
/// # Errors
/// Returns the FEN parse error or the reason the position is illegal.
pub fn position(fen: &str, chess960: bool) -> Result<Chess, String> {
    let fen: Fen = fen
        .trim()
        .parse()
        .map_err(|e: shakmaty::fen::ParseFenError| e.to_string())?;
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::detect(fen.as_setup())
    };
    fen.into_position(mode).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_counts() {
        let pos = Chess::default();
        let expected = [1, 20, 400, 8902, 197_281];
        for (depth, nodes) in expected.iter().enumerate() {
            assert_eq!(perft(&pos, depth as u32), *nodes);
        }
        let split = divide(&pos, 2);
        assert_eq!(split.len(), 20);
        assert!(split.iter().all(|(_, n)| *n == 20));
        assert_eq!(perft_until(&pos, 5, &|| false), Some(4_865_609));
        assert_eq!(perft_until(&pos, 5, &|| true), None);
        assert_eq!(divide_until(&pos, 5, &|| true), None);
    }

    #[test]
    fn kiwipete() {
        let pos = position(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            false,
        )
        .unwrap();
        assert_eq!(perft(&pos, 3), 97_862);
    }
}
