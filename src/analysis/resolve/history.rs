//! Where each castling right was lost during a game, for the explanation of an illegal castling
//! (`the right was lost at ply 23 (12.Ke2: the king moved)`).

use shakmaty::san::San;
use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Position, Rank, Role};

/// Where a castling right was lost, for explanations: for each of the four rights, the ply and
/// the move that lost it since the start position (`None` while it is kept, or when the start
/// position did not give it). Fixed size and `Copy`: a replay records it without allocating.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CastlingHistory {
    /// Indexed by [`CastlingHistory::index`].
    lost: [Option<LostRight>; 4],
}

/// How one castling right was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LostRight {
    /// The ply of the move (1-based, from the game's start position).
    pub ply: u32,
    /// The move, as `12.Ke2` or `12...Rg8` (standard SAN, no check suffix).
    pub label: MoveLabel,
    /// Why: "the king moved", "the rook moved" or "the rook was captured".
    pub cause: &'static str,
}

/// A move with its move number, shown as `12.Ke2` (White) or `12...Rg8` (Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveLabel {
    /// The fullmove number.
    pub fullmoves: u32,
    /// The side that made the move.
    pub color: Color,
    /// The move in standard SAN.
    pub san: San,
}

impl std::fmt::Display for MoveLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dots = if self.color == Color::White {
            "."
        } else {
            "..."
        };
        write!(f, "{}{dots}{}", self.fullmoves, self.san)
    }
}

impl CastlingHistory {
    fn index(color: Color, side: CastlingSide) -> usize {
        usize::from(color == Color::Black) * 2 + usize::from(side == CastlingSide::QueenSide)
    }

    /// Records the rights that `before` had and `after` lacks, lost by the move `m` (written
    /// `san` in standard SAN) at `ply`.
    pub fn record(&mut self, before: &Chess, after: &Chess, m: Move, san: San, ply: u32) {
        if before.castles().castling_rights() == after.castles().castling_rights() {
            return;
        }
        let label = MoveLabel {
            fullmoves: before.fullmoves().get(),
            color: before.turn(),
            san,
        };
        for color in Color::ALL {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if before.castles().has(color, side) && !after.castles().has(color, side) {
                    let cause = if color != before.turn() {
                        "the rook was captured"
                    } else if m.role() == Role::King {
                        "the king moved"
                    } else {
                        "the rook moved"
                    };
                    self.lost[Self::index(color, side)] = Some(LostRight { ply, label, cause });
                }
            }
        }
    }

    /// Records the rights that stood on the rook squares `rights` before the move `m` (written
    /// `san` in standard SAN) at `ply` and that `after`, the position after it, lacks — what
    /// [`CastlingHistory::record`] does, without the position before the move.
    pub fn record_lost(&mut self, rights: Bitboard, after: &Chess, m: Move, san: San, ply: u32) {
        let lost = rights & !after.castles().castling_rights();
        let mover = !after.turn();
        let label = MoveLabel {
            fullmoves: match mover {
                Color::White => after.fullmoves().get(),
                Color::Black => after.fullmoves().get().saturating_sub(1).max(1),
            },
            color: mover,
            san,
        };
        for rook in lost {
            let color = if rook.rank() <= Rank::Fourth {
                Color::White
            } else {
                Color::Black
            };
            // The king stood where it stands now, unless it is the one that moved.
            let king = match (color == mover, m.role() == Role::King) {
                (true, true) => m.from(),
                _ => after.board().king_of(color),
            };
            let Some(king) = king else {
                continue;
            };
            let side = if rook.file() < king.file() {
                CastlingSide::QueenSide
            } else {
                CastlingSide::KingSide
            };
            let cause = if color != mover {
                "the rook was captured"
            } else if m.role() == Role::King {
                "the king moved"
            } else {
                "the rook moved"
            };
            self.lost[Self::index(color, side)] = Some(LostRight { ply, label, cause });
        }
    }

    /// How the right of `color` to castle on `side` was lost, if it was lost since the start.
    pub fn lost(&self, color: Color, side: CastlingSide) -> Option<&LostRight> {
        self.lost[Self::index(color, side)].as_ref()
    }

    /// Forgets rights lost at `ply` or later (used when a variation branches off).
    pub fn truncate_from(&mut self, ply: u32) {
        for lost in &mut self.lost {
            if lost.is_some_and(|l| l.ply >= ply) {
                *lost = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    /// `record_lost` (from the rights before the move) records what `record` (from the whole
    /// position before it) records, in random games from the perft suite's positions (standard
    /// and Chess960 castling, rooks captured on their squares).
    #[test]
    fn record_lost_agrees_with_record() {
        let suite = include_str!("../../../testdata/perft/quick.epd");
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut changes = 0;
        for line in suite
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty() && !l.contains(";invalid"))
        {
            let fen = line.split(';').next().unwrap().trim();
            let Ok(setup) = fen.parse::<Fen>() else {
                continue;
            };
            let Ok(start) = setup.into_position::<Chess>(CastlingMode::Chess960) else {
                continue;
            };
            for _ in 0..20 {
                let mut pos = start.clone();
                let (mut a, mut b) = (CastlingHistory::default(), CastlingHistory::default());
                for ply in 1..80 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let m = moves[(seed % moves.len() as u64) as usize];
                    let san = San::from_move(&pos, m);
                    let before = pos.clone();
                    let rights = pos.castles().castling_rights();
                    pos.play_unchecked(m);
                    if rights != pos.castles().castling_rights() {
                        changes += 1;
                    }
                    a.record(&before, &pos, m, san, ply);
                    b.record_lost(rights, &pos, m, san, ply);
                    assert_eq!(a, b, "{fen}: ply {ply} {m:?}");
                }
            }
        }
        assert!(changes > 500, "{changes} changes of rights");
    }
}
