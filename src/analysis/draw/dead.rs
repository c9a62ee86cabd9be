//! Positions that end the game by themselves: dead positions (FIDE Laws art. 5.2.2, including
//! insufficient material) and the classification of single positions for
//! `arbiter audit --positions`.

use shakmaty::{Chess, Color, Position, Role};

use crate::analysis::text::color_name as color_word;
use crate::analysis::unwinnable::{self, Budget, Reason, Verdict};

/// Why a position is dead (art. 5.2.2), or `None` when the static tier cannot show it.
///
/// Sound, never calls a winnable position dead: it is dead when, for each side, a rule of the
/// static tier of [`unwinnable`] proves that side can never checkmate (its material; pawns
/// that can never move and what the pieces can reach behind them). That covers every
/// insufficient-material case (K v K, K+B v K, K+N v K, any bishops all on squares of one
/// colour; never K+N v K+N or K+B v K+B on opposite colours, where a helpmate exists) and
/// locked pawn structures behind which no piece can ever check, or close a mating net. No
/// search: it runs at every ply the material allows (`may_be_dead`); the final position of a
/// game gets the whole procedure ([`final_verdict`]).
pub fn dead_position(pos: &Chess) -> Option<String> {
    if !may_be_dead(pos) {
        return None;
    }
    if pos.is_insufficient_material() {
        return Some(format!("insufficient material ({})", material(pos)));
    }
    let white = unwinnable::static_tier(pos, Color::White)?;
    let black = unwinnable::static_tier(pos, Color::Black)?;
    Some(both(&white, &black))
}

/// The reason a position is dead, from the reason of each side.
fn both(white: &Reason, black: &Reason) -> String {
    format!(
        "{}; {}",
        white.describe(Color::White),
        black.describe(Color::Black)
    )
}

/// Whether `pos` can be dead by the static tier at all, by its material alone: false for most
/// positions (a few instructions; [`dead_position`] decides the rest). Insufficient material
/// needs no pawn, rook or queen; a pawn wall that keeps every piece from ever checking needs a
/// pawn blocked by an enemy pawn and no piece but kings, pawns and bishops (a knight jumps every
/// wall, and real games do not wall in rooks and queens).
#[inline]
pub(super) fn may_be_dead(pos: &Chess) -> bool {
    let board = pos.board();
    let white = (board.pawns() & board.white()).0;
    let black = (board.pawns() & board.black()).0;
    (board.pawns() | board.rooks_and_queens()).is_empty()
        || ((white << 8) & black != 0
            && (board.occupied() & !(board.kings() | board.pawns() | board.bishops())).is_empty())
}

/// The budget of the search for a game's final position: enough for forced lines and the small
/// exhaustive searches that real games need, small enough that no game holds a run up (an
/// undecided position gives no verdict).
pub const FINAL_BUDGET: Budget = Budget {
    nodes: 1_000,
    helpmates: false,
};

/// Whether `winner` can no longer checkmate in `pos` (a game's final position), by the whole
/// procedure of [`unwinnable`] within `budget` ([`FINAL_BUDGET`] by default): the reason when it
/// cannot, `None` when it can or the search did not decide (then no verdict is given). The
/// search runs only where the static tier does not decide and the position allows doubt
/// (`doubtful`); elsewhere the winner is taken to be able to mate (no verdict: never a false
/// one).
pub fn final_verdict(pos: &Chess, winner: Color, budget: Budget) -> Option<Reason> {
    if let Some(reason) = unwinnable::static_tier(pos, winner) {
        return Some(reason);
    }
    if !doubtful(pos, winner) {
        return None;
    }
    match unwinnable::decide(pos, winner, budget) {
        Verdict::Unwinnable(reason) => Some(reason),
        _ => None,
    }
}

/// Whether the search may find that `winner` cannot mate in `pos` where the static tier did not:
/// by forced moves or by running out of positions, which happens where few moves are left
/// (the side to move has at most 4), few pieces (at most 8 with the kings), or the winner has
/// no queen, no rook and at most one minor piece. Elsewhere the search would only find a
/// helpmate (on 5,000 real positions that CHA proves unwinnable, 41 fall outside this).
fn doubtful(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    let ours = board.by_color(winner);
    let heavy = (ours & board.rooks_and_queens()).any()
        || (ours & (board.knights() | board.bishops())).count() >= 2;
    !heavy || board.occupied().count() <= 8 || pos.legal_moves().len() <= 4
}

/// `"K+B v K"`: the material of both sides, white first.
pub fn material(pos: &Chess) -> String {
    let side = |color: Color| {
        let mut s = String::from("K");
        for (role, letter) in [
            (Role::Queen, 'Q'),
            (Role::Rook, 'R'),
            (Role::Bishop, 'B'),
            (Role::Knight, 'N'),
            (Role::Pawn, 'P'),
        ] {
            for _ in 0..(pos.board().by_piece(role.of(color))).count() {
                s.push('+');
                s.push(letter);
            }
        }
        s
    };
    format!("{} v {}", side(Color::White), side(Color::Black))
}

/// What one position is, for `--positions`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionVerdict {
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// Which sides cannot possibly checkmate by their material (shakmaty's insufficient
    /// material): `none`, `white`, `black` or `both`.
    pub insufficient_material: &'static str,
    /// Neither side can checkmate by any series of legal moves (art. 5.2.2), and the game is not
    /// over already (a checkmate or a stalemate is not called dead: it ends the game by its own
    /// rule, art. 5.1.1, 5.2.1).
    pub dead: bool,
    /// Why, in words: the checkmate, the stalemate, or why the position is dead.
    pub reason: Option<String>,
    /// Whether each side (White, Black) can still checkmate, with the helpmate or the reason
    /// ([`unwinnable::decide`]).
    pub can_mate: [Verdict; 2],
}

/// Classifies one position; the question "can this side still checkmate?" is searched within
/// `budget` for each side.
pub fn classify(pos: &Chess, budget: Budget) -> PositionVerdict {
    let no_moves = pos.legal_moves().is_empty();
    let checkmate = no_moves && pos.is_check();
    let stalemate = no_moves && !pos.is_check();
    let white = pos.has_insufficient_material(Color::White);
    let black = pos.has_insufficient_material(Color::Black);
    let insufficient_material = match (white, black) {
        (true, true) => "both",
        (true, false) => "white",
        (false, true) => "black",
        (false, false) => "none",
    };
    let can_mate = [
        unwinnable::decide(pos, Color::White, budget),
        unwinnable::decide(pos, Color::Black, budget),
    ];
    let dead = !no_moves && can_mate.iter().all(|v| v.reason().is_some());
    let reason = if checkmate {
        Some(format!("{} is checkmated", color_word(pos.turn())))
    } else if stalemate {
        Some(format!("{} is stalemated", color_word(pos.turn())))
    } else if dead && pos.is_insufficient_material() {
        Some(format!("insufficient material ({})", material(pos)))
    } else if let (true, [Verdict::Unwinnable(w), Verdict::Unwinnable(b)]) = (dead, &can_mate) {
        Some(both(w, b))
    } else {
        None
    };
    PositionVerdict {
        checkmate,
        stalemate,
        insufficient_material,
        dead,
        reason,
        can_mate,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn insufficient_material_cases() {
        for dead in [
            "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
            "8/8/4k3/8/8/3KB3/8/8 w - - 0 1",
            "8/8/4k3/8/8/3KN3/8/8 w - - 0 1",
            "8/8/4k3/2b5/8/3KB3/8/8 w - - 0 1",
        ] {
            assert!(dead_position(&pos(dead)).is_some(), "{dead}");
        }
        for alive in [
            "8/8/3nk3/8/8/3KN3/8/8 w - - 0 1",
            "8/8/3bk3/8/8/3KN3/8/8 w - - 0 1",
            "8/3b4/4k3/8/8/3KB3/8/8 w - - 0 1",
            "8/8/4k3/8/8/2NKN3/8/8 w - - 0 1",
            "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",
        ] {
            assert!(dead_position(&pos(alive)).is_none(), "{alive}");
        }
    }

    #[test]
    fn locked_pawn_walls() {
        let dead = |fen: &str| dead_position(&pos(fen)).is_some();
        // A full locked chain: kings on their own side, no captures possible.
        assert!(dead("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1"));
        // An unprotected pawn the king can reach: not dead.
        assert!(!dead("4k3/8/8/p7/P7/8/8/4K3 w - - 0 1"));
        // A pawn that can still move: not dead.
        assert!(!dead("4k3/8/8/p1p1p1p1/P1P1P1P1/8/7P/4K3 w - - 0 1"));
        // Pawns that can capture: not dead.
        assert!(!dead("4k3/8/8/1p6/P7/8/8/4K3 w - - 0 1"));
        // Bishops of both sides behind the wall, kept out by it.
        assert!(dead("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"));
        // A rook cannot be walled in by this chain: not dead.
        assert!(!dead("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2R1K3 w - - 0 1"));
    }

    #[test]
    fn classify_positions() {
        let classify = |fen: &str| classify(&pos(fen), Budget::FULL);
        let mate = classify("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert!(mate.checkmate && !mate.dead);
        assert_eq!(
            [mate.can_mate[0].can_mate(), mate.can_mate[1].can_mate()],
            ["no", "yes"]
        );
        // Issue 31: a stalemate is a stalemate, not a dead position (before, `dead` was true).
        let stale = classify("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert!(stale.stalemate && !stale.dead);
        assert!(stale.reason.unwrap().contains("stalemated"));
        let kbk = classify("8/8/4k3/8/8/3KB3/8/8 w - - 0 1");
        assert_eq!(kbk.insufficient_material, "both");
        assert!(kbk.dead);
        let krk = classify("8/8/4k3/8/8/3K4/8/R7 w - - 0 1");
        assert_eq!(krk.insufficient_material, "black");
        assert!(!krk.dead);
        assert_eq!(
            [krk.can_mate[0].can_mate(), krk.can_mate[1].can_mate()],
            ["yes", "no"]
        );
    }
}
