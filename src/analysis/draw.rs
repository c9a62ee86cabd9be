//! The draw rules of the FIDE Laws of Chess, applied to a game's main line (`arbiter audit`)
//! and to single positions (`arbiter audit --positions`).
//!
//! * Position identity (art. 9.2.2): same player to move, same pieces on the same squares, same
//!   castling rights as they stand, and an en passant capture only when it is legal. Positions are
//!   hashed (shakmaty Zobrist, legal en passant) and every repetition is confirmed by comparing
//!   the positions themselves, so a hash collision cannot produce a verdict.
//! * Threefold repetition, claimable (art. 9.2.1): the position has appeared three times, or a
//!   legal move would make a position appear the third time ("about to appear": that move is
//!   named).
//! * Fifty-move rule, claimable (art. 9.3): 100 plies without a pawn move or capture, or a move
//!   that is neither would complete them (a claiming move that gives mate or stalemate still
//!   counts).
//! * Automatic draws (art. 9.6): fivefold repetition; 150 plies without pawn move or capture,
//!   unless the move completing them gave checkmate.
//! * Stalemate (art. 5.2.1) and dead position (art. 5.2.2) end the game at once.
//!
//! Thresholds are data of a [`RuleSet`] ([`FIDE`]), so other rule sets can be added as data.
//! Counting starts at the game's first position, FEN halfmove clock included.

use nohash_hasher::IntMap;

use shakmaty::san::SanPlus;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, Chess, Color, EnPassantMode, KnownOutcome, Move, Outcome, Position, Role, attacks,
};

use super::replay::MainLine;
use crate::model::{AuditReport, AuditStatus, Verdict};

/// The numbers of a rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// Occurrences that make a repetition claimable (art. 9.2: 3).
    pub claimable_repetitions: usize,
    /// Occurrences that end the game automatically (art. 9.6.1: 5).
    pub automatic_repetitions: usize,
    /// Plies without pawn move or capture that make a claim possible (art. 9.3: 100).
    pub claimable_quiet_plies: u32,
    /// Plies without pawn move or capture that end the game automatically (art. 9.6.2: 150).
    pub automatic_quiet_plies: u32,
}

/// The FIDE Laws of Chess (edition in force from 1 January 2023).
pub const FIDE: RuleSet = RuleSet {
    claimable_repetitions: 3,
    automatic_repetitions: 5,
    claimable_quiet_plies: 100,
    automatic_quiet_plies: 150,
};

/// Which rules the audit applies (`--rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Threefold and fivefold repetition.
    pub repetition: bool,
    /// Fifty- and seventy-five-move rules.
    pub fifty: bool,
    /// Stalemate.
    pub stalemate: bool,
    /// Dead position, insufficient material included.
    pub dead: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            repetition: true,
            fifty: true,
            stalemate: true,
            dead: true,
        }
    }
}

/// Options of the game audit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AuditOptions {
    /// The rules applied.
    pub rules: Rules,
    /// Report every point where a draw claim was available and play went on.
    pub missed: bool,
}

/// Verdict codes.
pub mod code {
    /// An automatic end (fivefold, 75 moves, stalemate, dead position) was reached, yet the game
    /// went on.
    pub const AUTOMATIC_IGNORED: &str = "draw/automatic-ignored";
    /// The recorded result is not the one the moves give.
    pub const CONTRADICTED: &str = "result/contradicted";
    /// A draw by repetition or fifty moves is recorded, but no such claim was available.
    pub const CLAIM_UNSUPPORTED: &str = "draw/claim-unsupported";
    /// A threefold or fifty-move claim was available and play went on (`--missed`).
    pub const CLAIM_AVAILABLE: &str = "draw/claim-available";
    /// The main line has an illegal move: audited up to it.
    pub const INCOMPLETE: &str = "audit/incomplete";
    /// Not audited: unsupported variant or unusable FEN.
    pub const SKIPPED: &str = "audit/skipped";
}

/// Two positions are the same in the sense of art. 9.2.2.
pub fn same_position(a: &Chess, b: &Chess) -> bool {
    a.turn() == b.turn()
        && a.board() == b.board()
        && a.castles().castling_rights() == b.castles().castling_rights()
        && a.ep_square(EnPassantMode::Legal) == b.ep_square(EnPassantMode::Legal)
}

fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// What a reversible move (a piece move that captures nothing, castling rights unchanged)
/// changes in the Zobrist key of `pos`: the side to move, the piece's two squares, and the legal
/// en passant square that `pos` had (the position after a piece move has none). `None` for any
/// other move.
fn reversible_key_change(pos: &Chess, m: Move) -> Option<u64> {
    use shakmaty::zobrist::ZobristValue;
    let Move::Normal {
        role,
        from,
        capture: None,
        to,
        promotion: None,
    } = m
    else {
        return None;
    };
    if role == Role::Pawn {
        return None;
    }
    let piece = role.of(pos.turn());
    let mut change = Zobrist64::zobrist_for_white_turn().0
        ^ Zobrist64::zobrist_for_piece(from, piece).0
        ^ Zobrist64::zobrist_for_piece(to, piece).0;
    if let Some(ep) = pos.ep_square(EnPassantMode::Legal) {
        change ^= Zobrist64::zobrist_for_en_passant_file(ep.file()).0;
    }
    Some(change)
}

/// Why a position is dead (art. 5.2.2), or `None` when our detector cannot show it.
///
/// The detector is sound: it never calls a winnable position dead. It knows every
/// insufficient-material case (K v K, K+B v K, K+N v K, any bishops all on squares of one colour)
/// and positions of kings and pawns where no pawn can ever move or capture and no king can ever
/// take a pawn, so no check, let alone mate, can ever happen.
pub fn dead_position(pos: &Chess) -> Option<String> {
    // Most positions: a pawn, rook or queen rules out insufficient material, and a piece other
    // than kings and pawns rules out locked pawns.
    let board = pos.board();
    if (board.pawns() | board.rooks_and_queens()).any()
        && board.occupied() != (board.kings() | board.pawns())
    {
        return None;
    }
    if pos.is_insufficient_material() {
        return Some(format!("insufficient material ({})", material(pos)));
    }
    locked_pawns(pos).then(|| {
        "pawns locked, no pawn can move or capture and no king can reach a pawn it could take"
            .to_owned()
    })
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

/// Kings and pawns only, every pawn frozen, no capture ever possible.
fn locked_pawns(pos: &Chess) -> bool {
    let board = pos.board();
    let pawns = board.pawns();
    if board.occupied() != (board.kings() | pawns) || pawns.is_empty() || pos.is_check() {
        return false;
    }
    if pos.ep_square(EnPassantMode::Legal).is_some() {
        return false;
    }
    // Frozen pawns: the square in front holds a pawn that is itself frozen (fixpoint).
    let mut frozen = pawns;
    loop {
        let mut changed = false;
        for sq in frozen {
            let color = board.color_at(sq).unwrap_or(Color::White);
            let front = sq.offset(if color == Color::White { 8 } else { -8 });
            let stays = front.is_some_and(|f| frozen.contains(f));
            if !stays {
                frozen.discard(sq);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if frozen != pawns {
        return false;
    }
    // No pawn attacks an enemy pawn (and none ever will: pawns do not move).
    for color in Color::ALL {
        let ours = board.by_piece(Role::Pawn.of(color));
        let theirs = board.by_piece(Role::Pawn.of(!color));
        if ours
            .into_iter()
            .any(|sq| (attacks::pawn_attacks(color, sq) & theirs).any())
        {
            return false;
        }
    }
    // No king can ever take a pawn: flood the squares each king can reach (not its own pawns,
    // not squares attacked by enemy pawns) and look for an enemy pawn no pawn defends.
    for color in Color::ALL {
        let Some(king) = board.king_of(color) else {
            return false;
        };
        let own_pawns = board.by_piece(Role::Pawn.of(color));
        let enemy_pawns = board.by_piece(Role::Pawn.of(!color));
        let mut attacked = Bitboard::EMPTY;
        for sq in enemy_pawns {
            attacked |= attacks::pawn_attacks(!color, sq);
        }
        let mut defended = Bitboard::EMPTY;
        for sq in enemy_pawns {
            defended |= attacks::pawn_attacks(!color, sq);
        }
        let passable = !own_pawns & !attacked & !enemy_pawns;
        let mut reached = Bitboard::from_square(king);
        loop {
            let mut next = reached;
            for sq in reached {
                next |= attacks::king_attacks(sq) & passable;
            }
            if next == reached {
                break;
            }
            reached = next;
        }
        let mut touch = Bitboard::EMPTY;
        for sq in reached {
            touch |= attacks::king_attacks(sq);
        }
        if (touch & enemy_pawns & !defended).any() {
            return false;
        }
    }
    true
}

/// What one position is, for `--positions`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionVerdict {
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// Which sides cannot possibly checkmate (art. 5.1.2 / 6.9 "insufficient material"):
    /// `none`, `white`, `black` or `both`.
    pub insufficient_material: &'static str,
    /// No sequence of legal moves can lead to checkmate (art. 5.2.2), as far as our sound
    /// detector can show.
    pub dead: bool,
    /// Why, in words.
    pub reason: Option<String>,
}

/// Classifies one position.
pub fn classify(pos: &Chess) -> PositionVerdict {
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
    let dead_reason = if checkmate { None } else { dead_position(pos) };
    let reason = if checkmate {
        Some(format!("{} is checkmated", color_word(pos.turn())))
    } else if stalemate {
        Some(format!("{} is stalemated", color_word(pos.turn())))
    } else {
        dead_reason.clone()
    };
    PositionVerdict {
        checkmate,
        stalemate,
        insufficient_material,
        dead: dead_reason.is_some() || stalemate,
        reason,
    }
}

fn color_word(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// An automatic end of the game found along the main line.
struct Ending {
    ply: u32,
    rule: &'static str,
    occurrences: Vec<u32>,
    why: String,
    article: &'static str,
}

/// Audits one replayed main line.
pub fn audit(main: &MainLine, options: AuditOptions, rules: &RuleSet) -> AuditReport {
    let mut verdicts = Vec::new();
    let Some(start) = main
        .start
        .clone()
        .filter(|_| main.unsupported_variant.is_none())
    else {
        let why = match &main.unsupported_variant {
            Some(variant) => format!("skipped: unsupported variant {variant}"),
            None => "skipped: the FEN tag does not give a legal position".to_owned(),
        };
        let recorded = main.recorded_result().map(str::to_owned);
        verdicts.push(verdict(code::SKIPPED, "info", None, 0, &recorded, why));
        return AuditReport {
            info: main.info.clone(),
            verdicts,
            status: AuditStatus::Skipped,
        };
    };
    let recorded = main.recorded_result().map(str::to_owned);
    let n = main.moves.len() as u32;

    // Positions since the last irreversible move (`positions[i]` stands at ply
    // `segment_start + i`), the last ply of each hash, and for each ply the previous ply of the
    // segment with the same hash (a chain through the segment; `NONE` ends it).
    const NONE: u32 = u32::MAX;
    let mut pos = start;
    // Room for a typical quiet segment, so that it is not grown move by move.
    let mut positions: Vec<Chess> = Vec::with_capacity(32);
    let mut same_hash: Vec<u32> = Vec::with_capacity(32);
    let mut segment_start = 0u32;
    let mut table = LastPly::default();
    // Plies (first occurrences) of positions seen at least twice, by side to move: the targets of
    // an "about to appear" claim.
    let mut repeated_twice: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    let mut before: Option<Chess> = None;
    let mut ending: Option<Ending> = None;
    let mut last_threefold: Option<(u32, Vec<u32>, Option<String>)> = None;
    let mut last_fifty: Option<(u32, Option<String>)> = None;
    // Keys are relative to the segment (the positions since the last irreversible move): the
    // segment's first position has key 0 and each reversible move XORs in what it changes, so
    // equal positions of a segment have equal keys without a full Zobrist hash per position.
    let mut h = 0u64;
    let mut hashes: Vec<u64> = Vec::with_capacity(32);

    let mut walked_to = n;
    for ply in 0..=n {
        if ending.as_ref().is_some_and(|e| ply > e.ply) {
            // The game ended automatically: later moves are void, and walking on would only
            // cost time (hostile games repeat a position thousands of times).
            walked_to = ply - 1;
            break;
        }
        // Occurrences: follow the chain of equal hashes and confirm each position, so that a
        // hash collision can never count as a repetition.
        let mut count = 1usize;
        if options.rules.repetition {
            let previous = table.insert(h, ply, &hashes, segment_start).unwrap_or(NONE);
            same_hash.push(previous);
            let mut j = previous;
            while j != NONE {
                if same_position(&positions[(j - segment_start) as usize], &pos) {
                    count += 1;
                }
                j = same_hash[(j - segment_start) as usize];
            }
            positions.push(pos.clone());
            hashes.push(h);
        }
        let occurrences_of = |positions: &[Chess], same_hash: &[u32]| -> Vec<u32> {
            let at = |p: u32| &positions[(p - segment_start) as usize];
            let mut occ = vec![ply];
            let mut j = same_hash[(ply - segment_start) as usize];
            while j != NONE {
                if same_position(at(j), at(ply)) {
                    occ.push(j);
                }
                j = same_hash[(j - segment_start) as usize];
            }
            occ.reverse();
            occ
        };
        let occurrences: Vec<u32> = if count > 1 {
            occurrences_of(&positions, &same_hash)
        } else {
            Vec::new()
        };
        if count == 2 {
            repeated_twice[pos.turn() as usize].push(occurrences[0]);
        }
        let move_text = || {
            before
                .as_ref()
                .map(|b| pgn_move(b, main.moves[ply as usize - 1]))
        };

        // Automatic ends at this position (the first one counts).
        if ending.is_none() {
            let last = ply == n;
            if options.rules.repetition && count >= rules.automatic_repetitions {
                ending = Some(Ending {
                    ply,
                    rule: "fivefold",
                    occurrences: occurrences.clone(),
                    why: format!(
                        "the position occurred for the {} time (plies {})",
                        ordinal(occurrences.len()),
                        list(&occurrences)
                    ),
                    article: "9.6.1",
                });
            } else if options.rules.fifty
                && pos.halfmoves() >= rules.automatic_quiet_plies
                // Checkmate by the move that completed them takes precedence (art. 9.6.2); a
                // stalemate is reported as such.
                && !pos.legal_moves().is_empty()
            {
                ending = Some(Ending {
                    ply,
                    rule: "seventy-five-move",
                    occurrences: Vec::new(),
                    why: format!(
                        "{} plies had passed without a pawn move or capture",
                        pos.halfmoves()
                    ),
                    article: "9.6.2",
                });
            } else if options.rules.dead
                && let Some(reason) = dead_position(&pos)
            {
                let rule = if pos.is_insufficient_material() {
                    "insufficient-material"
                } else {
                    "dead-position"
                };
                ending = Some(Ending {
                    ply,
                    rule,
                    occurrences: Vec::new(),
                    why: format!("the position was dead: {reason}"),
                    article: "5.2.2",
                });
            } else if options.rules.stalemate && last && super::resolve::is_stalemate(&pos) {
                ending = Some(Ending {
                    ply,
                    rule: "stalemate",
                    occurrences: Vec::new(),
                    why: format!("{} was stalemated", color_word(pos.turn())),
                    article: "5.2.1",
                });
            }
        }

        // Claims available to the player to move here.
        let threefold = if options.rules.repetition {
            if count >= rules.claimable_repetitions {
                Some((occurrences.clone(), None))
            } else if !repeated_twice[(!pos.turn()) as usize].is_empty() {
                about_to_repeat(
                    &pos,
                    &repeated_twice[(!pos.turn()) as usize],
                    &Segment {
                        table: &table,
                        same_hash: &same_hash,
                        positions: &positions,
                        hashes: &hashes,
                        start: segment_start,
                    },
                    rules,
                )
                .map(|(m, occ)| (occ, Some(m)))
            } else {
                None
            }
        } else {
            None
        };
        let fifty = if options.rules.fifty {
            fifty_claim(&pos, rules)
        } else {
            None
        };
        // Claims only while the game is on: not at or after an automatic end.
        if ply < n && ending.is_none() && options.missed {
            if let Some((occ, claim_move)) = &threefold {
                let message = match claim_move {
                    None => format!(
                        "{} could claim a draw by threefold repetition (art. 9.2.1): the position occurred at plies {}",
                        color_word(pos.turn()),
                        list(occ)
                    ),
                    Some(m) => format!(
                        "{} could claim a draw by writing {m}: the position after it would occur for the third time (art. 9.2.1.1; earlier at plies {})",
                        color_word(pos.turn()),
                        list(occ)
                    ),
                };
                verdicts.push(Verdict {
                    move_text: move_text(),
                    claim_move: claim_move.clone(),
                    occurrences: occ.clone(),
                    fen: fen(&pos),
                    ..verdict(
                        code::CLAIM_AVAILABLE,
                        "info",
                        Some("threefold"),
                        ply,
                        &recorded,
                        message,
                    )
                });
            }
            if let Some(claim_move) = &fifty {
                let message = match claim_move {
                    None => format!(
                        "{} could claim a draw by the fifty-move rule (art. 9.3.2): {} plies without a pawn move or capture",
                        color_word(pos.turn()),
                        pos.halfmoves()
                    ),
                    Some(m) => format!(
                        "{} could claim a draw by writing {m}, completing 50 moves without a pawn move or capture (art. 9.3.1)",
                        color_word(pos.turn())
                    ),
                };
                verdicts.push(Verdict {
                    move_text: move_text(),
                    claim_move: claim_move.clone(),
                    fen: fen(&pos),
                    ..verdict(
                        code::CLAIM_AVAILABLE,
                        "info",
                        Some("fifty-move"),
                        ply,
                        &recorded,
                        message,
                    )
                });
            }
        }
        if ply == n {
            last_threefold = threefold.map(|(occ, m)| (ply, occ, m));
            last_fifty = fifty.map(|m| (ply, m));
            break;
        }

        // Play the next move.
        let m = main.moves[ply as usize];
        let previous = before.insert(pos.clone());
        pos.play_unchecked(m);
        if pos.halfmoves() == 0
            || pos.castles().castling_rights() != previous.castles().castling_rights()
        {
            // Irreversible: no earlier position can occur again.
            table.clear();
            positions.clear();
            same_hash.clear();
            hashes.clear();
            repeated_twice[0].clear();
            repeated_twice[1].clear();
            segment_start = ply + 1;
            h = 0;
        } else {
            h = match reversible_key_change(previous, m) {
                Some(change) => h ^ change,
                // Not reached (a reversible move is a quiet piece move): the full keys, relative
                // to the segment's first position, are right in any case.
                None => key(&pos) ^ positions.first().map_or(0, key),
            };
        }
    }

    let (before, final_pos) = if walked_to < n {
        replay_to(main, n)
    } else {
        (before, pos)
    };
    // The last move in SAN, for verdicts about the final position (most games have none).
    let final_move = || {
        before
            .as_ref()
            .and_then(|b| main.moves.last().map(|m| pgn_move(b, *m)))
    };
    let stopped_after_end = main
        .stop
        .as_ref()
        .is_some_and(|s| s.code == super::resolve::code::AFTER_GAME_END);

    // Automatic ends the game went past.
    if let Some(end) = &ending {
        let went_on = end.ply < n || stopped_after_end;
        let decisive = matches!(recorded.as_deref(), Some("1-0" | "0-1"));
        let at = replay_to(main, end.ply);
        let move_text =
            at.0.as_ref()
                .map(|b| pgn_move(b, main.moves[end.ply as usize - 1]));
        let after = match &move_text {
            Some(m) => format!("after {m}"),
            None => "at the start".to_owned(),
        };
        if went_on {
            let more = if stopped_after_end && end.ply == n {
                "moves were still written after it".to_owned()
            } else if n - end.ply == 1 {
                "1 more ply was played".to_owned()
            } else {
                format!("{} more plies were played", n - end.ply)
            };
            verdicts.push(Verdict {
                move_text: move_text.clone(),
                occurrences: end.occurrences.clone(),
                fen: fen(&at.1),
                correct_result: Some("1/2-1/2"),
                ..verdict(
                    code::AUTOMATIC_IGNORED,
                    "error",
                    Some(end.rule),
                    end.ply,
                    &recorded,
                    format!(
                        "the game ended {after}: {}, drawn by art. {}; {more}, void",
                        end.why, end.article
                    ),
                )
            });
        }
        if decisive {
            verdicts.push(Verdict {
                move_text,
                occurrences: end.occurrences.clone(),
                fen: fen(&at.1),
                correct_result: Some("1/2-1/2"),
                ..verdict(
                    code::CONTRADICTED,
                    "error",
                    Some(end.rule),
                    end.ply,
                    &recorded,
                    format!(
                        "{} recorded, but {after} {}: drawn by art. {}",
                        recorded.as_deref().unwrap_or("?"),
                        end.why,
                        end.article
                    ),
                )
            });
        }
    } else if main.stop.is_none() || stopped_after_end {
        // The recorded result against the final position (after a checkmate, moves written later
        // are void: the mate decides, art. 5.1.1).
        // Only a checkmate (which needs a check) matters here: skip the move generation otherwise.
        let outcome = if final_pos.is_check() {
            final_pos.outcome()
        } else {
            Outcome::Unknown
        };
        let contradiction = match (outcome, recorded.as_deref()) {
            (Outcome::Known(KnownOutcome::Decisive { winner }), Some(r)) if r != "*" => {
                let correct = if winner == Color::White { "1-0" } else { "0-1" };
                (r != correct).then(|| {
                    (
                        "checkmate",
                        correct,
                        format!(
                            "{r} recorded, but {} is checkmated (art. 5.1.1)",
                            color_word(!winner)
                        ),
                    )
                })
            }
            (_, Some(r @ ("1-0" | "0-1"))) if options.rules.dead => {
                let winner = if r == "1-0" {
                    Color::White
                } else {
                    Color::Black
                };
                final_pos.has_insufficient_material(winner).then(|| {
                    (
                        "insufficient-material",
                        "1/2-1/2",
                        format!(
                            "{r} recorded, but {} cannot checkmate by any sequence of legal moves ({}): a loss on resignation or time is a draw (art. 5.1.2, 6.9)",
                            color_word(winner),
                            material(&final_pos)
                        ),
                    )
                })
            }
            _ => None,
        };
        if let Some((rule, correct, message)) = contradiction {
            verdicts.push(Verdict {
                move_text: final_move(),
                fen: fen(&final_pos),
                correct_result: Some(correct),
                ..verdict(
                    code::CONTRADICTED,
                    "error",
                    Some(rule),
                    n,
                    &recorded,
                    message,
                )
            });
        }
    }

    // Draw claims named in the record.
    if recorded.as_deref() == Some("1/2-1/2") && ending.is_none() && main.stop.is_none() {
        let said = [main.termination.as_deref(), main.final_comment.as_deref()]
            .into_iter()
            .flatten()
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
            .join(" ");
        let names_repetition = ["repetition", "threefold", "3-fold", "3fold", "three-fold"]
            .iter()
            .any(|w| said.contains(w));
        let names_fifty = ["fifty", "50 move", "50-move", "50 moves"]
            .iter()
            .any(|w| said.contains(w));
        let mut unsupported = |rule: &'static str, what: &str| {
            verdicts.push(Verdict {
                move_text: final_move(),
                fen: fen(&final_pos),
                ..verdict(code::CLAIM_UNSUPPORTED, "error", Some(rule), n, &recorded, format!(
                    "1/2-1/2 by {what} recorded, but no such claim was available at the end of the game"
                ))
            });
        };
        if names_repetition && options.rules.repetition && last_threefold.is_none() {
            unsupported("threefold", "repetition");
        }
        if names_fifty && options.rules.fifty && last_fifty.is_none() {
            unsupported("fifty-move", "the fifty-move rule");
        }
    }

    if let Some(stop) = &main.stop {
        verdicts.push(Verdict {
            move_text: final_move(),
            fen: fen(&final_pos),
            ..verdict(
                code::INCOMPLETE,
                "info",
                None,
                n,
                &recorded,
                format!(
                    "audited up to ply {n}: the move {} at ply {} cannot be played ({})",
                    stop.token, stop.ply, stop.message
                ),
            )
        });
    }
    verdicts.sort_by_key(|v| v.ply);
    let status = if verdicts.iter().any(|v| v.severity == "error") {
        AuditStatus::Verdict
    } else if main.stop.is_some() {
        AuditStatus::Incomplete
    } else {
        AuditStatus::Ok
    };
    AuditReport {
        info: main.info.clone(),
        verdicts,
        status,
    }
}

/// The position before ply `ply` (if any) and after it, replayed from the start.
fn replay_to(main: &MainLine, ply: u32) -> (Option<Chess>, Chess) {
    let mut pos = main.start.clone().unwrap_or_default();
    let mut before = None;
    for m in &main.moves[..ply as usize] {
        before = Some(pos.clone());
        pos.play_unchecked(*m);
    }
    (before, pos)
}

/// The last ply of each segment-relative key of the current segment (the positions since the
/// last irreversible move). Most segments are short: their keys are searched backwards; past
/// [`LastPly::SCAN_LIMIT`] plies a hash map takes over, so that a hostile game of a million quiet
/// moves stays linear. Zobrist keys are uniformly distributed already: the map does not hash them
/// again (a game would have to be built from positions searched for keys that collide in their
/// low bits to slow it down).
#[derive(Default)]
struct LastPly {
    map: IntMap<u64, u32>,
    /// `map` holds every key of the segment.
    mapped: bool,
}

impl LastPly {
    /// Segment length from which the hash map is used.
    const SCAN_LIMIT: usize = 48;

    /// Forgets the segment.
    fn clear(&mut self) {
        self.map.clear();
        self.mapped = false;
    }

    /// Records key `h` at `ply` and returns the previous ply with that key; `hashes` are the keys
    /// of the plies `start..ply`.
    fn insert(&mut self, h: u64, ply: u32, hashes: &[u64], start: u32) -> Option<u32> {
        if !self.mapped && hashes.len() >= Self::SCAN_LIMIT {
            for (i, &key) in hashes.iter().enumerate() {
                self.map.insert(key, start + i as u32);
            }
            self.mapped = true;
        }
        if self.mapped {
            self.map.insert(h, ply)
        } else {
            Self::scan(h, hashes, start)
        }
    }

    /// The last ply with key `h`; `hashes` are the keys of the plies recorded, from `start`.
    fn get(&self, h: u64, hashes: &[u64], start: u32) -> Option<u32> {
        if self.mapped {
            self.map.get(&h).copied()
        } else {
            Self::scan(h, hashes, start)
        }
    }

    fn scan(h: u64, hashes: &[u64], start: u32) -> Option<u32> {
        hashes
            .iter()
            .rposition(|&key| key == h)
            .map(|i| start + i as u32)
    }
}

/// A legal move of `pos` after which a position stands for the third time (art. 9.2.1.1), with
/// the plies where that position stood (the move's own ply not included).
///
/// Such a move recreates an earlier position of the same quiet segment, so it is a non-capture,
/// non-pawn move of one piece: the two positions differ in exactly two occupied squares. Only
/// those candidates (`targets`: positions seen twice, with the opponent to move) are tried.
/// The positions since the last irreversible move, as the audit walk keeps them: `positions[i]`
/// and `hashes[i]` (its segment-relative key) stand at ply `start + i`; `table` gives the last
/// ply of each key and `same_hash` the previous ply with the same key.
struct Segment<'a> {
    table: &'a LastPly,
    same_hash: &'a [u32],
    positions: &'a [Chess],
    hashes: &'a [u64],
    start: u32,
}

fn about_to_repeat(
    pos: &Chess,
    targets: &[u32],
    segment: &Segment<'_>,
    rules: &RuleSet,
) -> Option<(String, Vec<u32>)> {
    let Segment {
        table,
        same_hash,
        positions,
        hashes,
        start: segment_start,
    } = *segment;
    let board = pos.board();
    for &target in targets {
        let q = &positions[(target - segment_start) as usize];
        let diff = board.occupied() ^ q.board().occupied();
        if diff.count() != 2 {
            continue;
        }
        let (Some(from), Some(to)) = (
            (diff & board.by_color(pos.turn())).first(),
            (diff & q.board().by_color(pos.turn())).first(),
        ) else {
            continue;
        };
        let Some(role) = board.role_at(from) else {
            continue;
        };
        let m = Move::Normal {
            role,
            from,
            capture: None,
            to,
            promotion: None,
        };
        if role == Role::Pawn || !pos.is_legal(m) {
            continue;
        }
        let mut next = pos.clone();
        next.play_unchecked(m);
        if !same_position(&next, q) {
            continue;
        }
        let Some(last) = table.get(
            hashes[(target - segment_start) as usize],
            hashes,
            segment_start,
        ) else {
            continue;
        };
        let mut occurrences = Vec::new();
        let mut j = last;
        while j != u32::MAX {
            if same_position(&positions[(j - segment_start) as usize], &next) {
                occurrences.push(j);
            }
            j = same_hash[(j - segment_start) as usize];
        }
        occurrences.reverse();
        if occurrences.len() + 1 >= rules.claimable_repetitions {
            return Some((SanPlus::from_move(pos.clone(), m).to_string(), occurrences));
        }
    }
    None
}

/// A fifty-move claim available to the player to move (art. 9.3): `Some(None)` when 100 quiet
/// plies are complete, `Some(Some(move))` when a written move would complete them (a move that
/// gives mate or stalemate counts too).
fn fifty_claim(pos: &Chess, rules: &RuleSet) -> Option<Option<String>> {
    if pos.halfmoves() >= rules.claimable_quiet_plies {
        return Some(None);
    }
    if pos.halfmoves() + 1 == rules.claimable_quiet_plies {
        let m = pos.legal_moves().into_iter().find(|m| !m.is_zeroing())?;
        return Some(Some(SanPlus::from_move(pos.clone(), m).to_string()));
    }
    None
}

/// A verdict at `ply` with no claim move, no occurrences and no correct result; callers set
/// the fields that apply with struct update syntax.
fn verdict(
    code: &'static str,
    severity: &'static str,
    rule: Option<&'static str>,
    ply: u32,
    recorded: &Option<String>,
    message: String,
) -> Verdict {
    Verdict {
        code,
        severity,
        rule,
        ply,
        move_text: None,
        claim_move: None,
        occurrences: Vec::new(),
        fen: String::new(),
        recorded_result: recorded.clone(),
        correct_result: None,
        message,
    }
}

fn fen(pos: &Chess) -> String {
    shakmaty::fen::Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// `23...Nf3`: a move in SAN with its number, for the position before it.
pub fn pgn_move(before: &Chess, m: Move) -> String {
    let dots = if before.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!(
        "{}{dots}{}",
        before.fullmoves(),
        SanPlus::from_move(before.clone(), m)
    )
}

fn ordinal(n: usize) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        _ => format!("{n}th"),
    }
}

fn list(plies: &[u32]) -> String {
    plies
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    /// `LastPly` gives the last earlier ply of each key, before and after it switches to its hash
    /// map, across segments.
    #[test]
    fn last_ply_finds_the_previous_occurrence() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut table = super::LastPly::default();
        for segment in 0..50u32 {
            table.clear();
            let start = segment * 1000;
            let mut hashes: Vec<u64> = Vec::new();
            let len = (segment as usize * 7) % 130;
            for i in 0..len {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let h = seed % 9;
                let ply = start + i as u32;
                let want = hashes
                    .iter()
                    .rposition(|&k| k == h)
                    .map(|j| start + j as u32);
                assert_eq!(
                    table.insert(h, ply, &hashes, start),
                    want,
                    "segment {segment} ply {i}"
                );
                hashes.push(h);
                for k in 0..9 {
                    let last = hashes
                        .iter()
                        .rposition(|&x| x == k)
                        .map(|j| start + j as u32);
                    assert_eq!(table.get(k, &hashes, start), last);
                }
            }
        }
    }

    /// The relative keys of a segment are the full Zobrist keys XOR the segment's first key, in
    /// random games from the perft suite's positions (en passant, castling, Chess960).
    #[test]
    fn reversible_key_change_keeps_keys_exact() {
        use shakmaty::CastlingMode;
        use shakmaty::fen::Fen;
        let suite = include_str!("../../testdata/perft/quick.epd");
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut checked = 0;
        for line in suite
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let fen = line.split(';').next().unwrap().trim();
            let Ok(setup) = fen.parse::<Fen>() else {
                continue;
            };
            let Ok(start) = setup.into_position::<Chess>(CastlingMode::Chess960) else {
                continue;
            };
            for _ in 0..4 {
                let mut pos = start.clone();
                let mut base = key(&pos);
                let mut h = 0u64;
                for _ in 0..150 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let m = moves[(seed % moves.len() as u64) as usize];
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    if next.halfmoves() == 0
                        || next.castles().castling_rights() != pos.castles().castling_rights()
                    {
                        base = key(&next);
                        h = 0;
                    } else {
                        h ^= reversible_key_change(&pos, m).expect("a quiet piece move");
                        assert_eq!(h, key(&next) ^ base, "{m:?} from {fen}");
                        checked += 1;
                    }
                    pos = next;
                }
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

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
        // A full locked chain: kings on their own side, no captures possible.
        assert!(locked_pawns(&pos(
            "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1"
        )));
        // An unprotected pawn the king can reach: not dead.
        assert!(!locked_pawns(&pos("4k3/8/8/p7/P7/8/8/4K3 w - - 0 1")));
        // A pawn that can still move: not dead.
        assert!(!locked_pawns(&pos(
            "4k3/8/8/p1p1p1p1/P1P1P1P1/8/7P/4K3 w - - 0 1"
        )));
        // Pawns that can capture: not dead.
        assert!(!locked_pawns(&pos("4k3/8/8/1p6/P7/8/8/4K3 w - - 0 1")));
    }

    #[test]
    fn classify_positions() {
        let mate = classify(&pos(
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        ));
        assert!(mate.checkmate && !mate.dead);
        let stale = classify(&pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
        assert!(stale.stalemate);
        let kbk = classify(&pos("8/8/4k3/8/8/3KB3/8/8 w - - 0 1"));
        assert_eq!(kbk.insufficient_material, "both");
        assert!(kbk.dead);
        let krk = classify(&pos("8/8/4k3/8/8/3K4/8/R7 w - - 0 1"));
        assert_eq!(krk.insufficient_material, "black");
        assert!(!krk.dead);
    }

    #[test]
    fn ep_square_without_legal_capture_does_not_split_positions() {
        let a = pos("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
        let b = pos("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
        assert!(same_position(&a, &b));
        assert_eq!(key(&a), key(&b));
    }
}
