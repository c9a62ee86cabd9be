//! Matching a written move against a position, and explaining why it fails.
//!
//! [`resolve`] finds the one legal move a token denotes (FIDE Laws arts. 3 and 4 decide legality;
//! shakmaty generates the legal moves) and notes how the token departs from standard SAN. When no
//! legal move matches, it says why in the terms a person needs: no such piece can reach the
//! square, the move is ambiguous (naming the candidates), the piece is pinned or the king would be
//! in check, castling is not allowed (and why), promotion is wrong, en passant is not available,
//! or the game was already over.

use std::fmt::Write as _;

use shakmaty::attacks;
use shakmaty::san::San;
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, File, Move, MoveList, Position, Rank, Role, Square,
};

use super::notation::{MoveKind, MoveToken, Quirks};
use crate::model::Code;

/// Stable codes of illegal-move findings.
pub mod code {
    use crate::model::Code;

    /// No piece of that kind can reach the square.
    pub const NO_PIECE: Code = Code::IllegalMoveNoPiece;
    /// The destination holds a piece of the side to move.
    pub const OCCUPIED: Code = Code::IllegalMoveOccupied;
    /// More than one piece fits the notation.
    pub const AMBIGUOUS: Code = Code::IllegalMoveAmbiguous;
    /// The move leaves or puts the own king in check (pinned piece, king into check, check not
    /// parried).
    pub const KING_IN_CHECK: Code = Code::IllegalMoveKingInCheck;
    /// Castling is not allowed.
    pub const CASTLING: Code = Code::IllegalMoveCastling;
    /// Promotion missing, on the wrong rank, or to a king or pawn.
    pub const PROMOTION: Code = Code::IllegalMovePromotion;
    /// An en passant capture that is not available.
    pub const EN_PASSANT: Code = Code::IllegalMoveEnPassant;
    /// A null move (`--`, `Z0`): no such move exists in the Laws of Chess.
    pub const NULL_MOVE: Code = Code::IllegalMoveNullMove;
    /// A piece drop (Crazyhouse notation) in a standard game.
    pub const DROP: Code = Code::IllegalMoveDrop;
    /// A move after checkmate or stalemate ended the game (FIDE Laws arts. 5.1.1, 5.2.1).
    pub const AFTER_GAME_END: Code = Code::IllegalMoveAfterGameEnd;
}

bitflags::bitflags! {
    /// Departures from standard SAN that only the position reveals.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct PositionQuirks: u8 {
        /// A capture written without `x` (`Bc6` for `Bxc6`, `bc3` for `bxc3`).
        const MISSING_CAPTURE = 1;
        /// `x` written for a move that captures nothing.
        const SPURIOUS_CAPTURE = 1 << 1;
        /// More disambiguation than SAN needs (`Ngf3` where `Nf3` is unique).
        const OVER_DISAMBIGUATED = 1 << 2;
        /// Castling written as a king move (`Kg1`, `e1g1`).
        const KING_MOVE_CASTLING = 1 << 3;
    }
}

/// A token matched to its legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The legal move.
    pub m: Move,
    /// The move in standard SAN (without check suffix).
    pub san: San,
    /// How the token departs from standard SAN in this position.
    pub quirks: PositionQuirks,
}

/// Why a token denotes no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// Stable code (see [`code`]).
    pub code: Code,
    /// Explanation for a person.
    pub message: String,
}

impl Illegal {
    fn new(code: Code, message: String) -> Illegal {
        Illegal { code, message }
    }
}

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

/// Finds the legal move that `token` denotes in `pos`.
///
/// # Errors
/// Returns an [`Illegal`] with the reason when no legal move, or more than one, matches.
#[inline(always)]
pub fn resolve(
    pos: &Chess,
    token: &MoveToken,
    history: &CastlingHistory,
) -> Result<Resolved, Illegal> {
    resolve_in(pos, pos.is_check(), token, history)
}

/// [`resolve`] for a caller that already knows whether the side to move is in check (`in_check`
/// must be `pos.is_check()`), as a replay does after each move: saves looking again.
///
/// # Errors
/// As [`resolve`].
#[inline(always)]
pub fn resolve_in(
    pos: &Chess,
    in_check: bool,
    token: &MoveToken,
    history: &CastlingHistory,
) -> Result<Resolved, Illegal> {
    debug_assert_eq!(in_check, pos.is_check());
    match token.kind {
        MoveKind::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let mut role = role;
            if let (Some(f), Some(r)) = (file, rank) {
                // Long algebraic or UCI without a piece letter: the piece is the one standing on
                // the from-square.
                if role == Role::Pawn
                    && !token.quirks.contains(Quirks::PAWN_LETTER)
                    && let Some(r) = pos.board().role_at(Square::from_coords(f, r))
                {
                    role = r;
                }
            }
            if role == Role::King
                && let Some(resolved) = king_move_castling(pos, file, rank, to)
            {
                return Ok(resolved);
            }
            let file = match (role, file, capture) {
                // A pawn move without a file is a push along the file of its destination.
                (Role::Pawn, None, _) => Some(to.file()),
                _ => file,
            };
            let mut candidates = MoveList::new();
            if !fast_candidates(pos, in_check, role, to, &mut candidates) {
                candidates = pos.san_candidates(role, to);
            }
            let mut matching = candidates.iter().filter(|m| {
                m.from().is_some_and(|from| {
                    file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
                }) && m.promotion() == promotion
            });
            let Some(&m) = matching.next() else {
                return Err(diagnose_normal(
                    pos,
                    role,
                    file,
                    rank,
                    capture,
                    to,
                    promotion,
                    &candidates,
                ));
            };
            if matching.next().is_some() {
                return Err(ambiguous(pos, role, file, rank, to, promotion, &candidates));
            }
            // Without disambiguation in the token the match is unique among all candidates, so
            // the standard SAN needs none either (only a pawn capture names its file).
            let san = if file.is_none() && rank.is_none() || (role == Role::Pawn && rank.is_none())
            {
                San::Normal {
                    role,
                    file: (role == Role::Pawn && m.is_capture())
                        .then(|| m.from().map(|f| f.file()))
                        .flatten(),
                    rank: None,
                    capture: m.is_capture(),
                    to,
                    promotion: m.promotion(),
                }
            } else {
                San::disambiguate(m, &candidates)
            };
            let mut quirks = PositionQuirks::default();
            if capture && !m.is_capture() {
                quirks.insert(PositionQuirks::SPURIOUS_CAPTURE);
            }
            if !capture && m.is_capture() {
                quirks.insert(PositionQuirks::MISSING_CAPTURE);
            }
            if let San::Normal {
                file: sf, rank: sr, ..
            } = san
            {
                let written_file = file.is_some() && (role != Role::Pawn || m.is_capture());
                let over = (written_file && sf.is_none()) || (rank.is_some() && sr.is_none());
                if over && !token.quirks.contains(Quirks::LONG_ALGEBRAIC) {
                    quirks.insert(PositionQuirks::OVER_DISAMBIGUATED);
                }
            }
            Ok(Resolved { m, san, quirks })
        }
        MoveKind::Castle(side) => match pos.castling_moves(side).first() {
            Some(&m) => Ok(Resolved {
                m,
                san: San::Castle(side),
                quirks: PositionQuirks::default(),
            }),
            None => Err(diagnose_castling(pos, side, history)),
        },
        MoveKind::Null => Err(Illegal::new(
            code::NULL_MOVE,
            "a null move is not a move in the Laws of Chess".to_owned(),
        )),
        MoveKind::Drop { role, to } => Err(Illegal::new(
            code::DROP,
            format!(
                "{} drop on {to}: pieces are dropped only in Crazyhouse, not in standard chess",
                role_name(role)
            ),
        )),
    }
}

/// The legal moves of a piece of kind `role` to `to` (what shakmaty's `san_candidates` returns,
/// in any order), written into `out` without generating every legal move of the position.
///
/// `in_check` must be `pos.is_check()`. Covers every case but one: when `to` is the en passant
/// square it returns `false` (with `out` untouched) and the caller asks shakmaty.
/// A move is legal when the king does not stand on an attacked square afterwards: a king move
/// must not go to an attacked square; another piece must parry a check (capture the single
/// checker or block its line) and must not open a line to its own king (a pin).
#[inline(always)]
fn fast_candidates(
    pos: &Chess,
    in_check: bool,
    role: Role,
    to: Square,
    out: &mut MoveList,
) -> bool {
    let turn = pos.turn();
    let board = pos.board();
    let Some(king) = board.king_of(turn) else {
        return false;
    };
    if pos.maybe_ep_square() == Some(to) {
        return false;
    }
    let us = pos.us();
    if us.contains(to) {
        return true;
    }
    if in_check && role != Role::King {
        // Only a move that captures the single checker or blocks its line can parry the check.
        let checkers = pos.checkers();
        let Some(checker) = checkers.single_square() else {
            return true;
        };
        if to != checker && !attacks::between(king, checker).contains(to) {
            return true;
        }
    }
    let occupied = board.occupied();
    let capture = board.role_at(to);
    let them = pos.them();
    let their_rooks = board.rooks_and_queens() & them;
    let their_bishops = board.bishops_and_queens() & them;
    let to_bb = Bitboard::from_square(to);
    // The king is safe after `from` moves to `to` unless that opens a line to it.
    let safe = |from: Square| {
        if attacks::ray(king, from).is_empty() {
            return true;
        }
        let occupied = (occupied ^ Bitboard::from_square(from)) | to_bb;
        ((attacks::rook_attacks(king, occupied) & their_rooks)
            | (attacks::bishop_attacks(king, occupied) & their_bishops))
            .without(to)
            .is_empty()
    };
    let mut push = |from: Square, promotion: Option<Role>| {
        out.push(Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        });
    };
    match role {
        Role::King => {
            if attacks::king_attacks(to).contains(king)
                && pos
                    .king_attackers(to, !turn, occupied.without(king))
                    .is_empty()
            {
                push(king, None);
            }
        }
        Role::Pawn => {
            let pawns = pos.our(Role::Pawn);
            let froms = if capture.is_some() {
                attacks::pawn_attacks(!turn, to) & pawns
            } else {
                let back = if turn == Color::White { -8 } else { 8 };
                let mut froms = Bitboard::EMPTY;
                if let Some(from) = to.offset(back) {
                    if pawns.contains(from) {
                        froms.add(from);
                    } else if !occupied.contains(from)
                        && to.rank() == turn.fold_wb(Rank::Fourth, Rank::Fifth)
                        && let Some(from) = from.offset(back)
                        && pawns.contains(from)
                    {
                        froms.add(from);
                    }
                }
                froms
            };
            let promotes = to.rank() == (!turn).backrank();
            for from in froms {
                if !safe(from) {
                    continue;
                }
                if promotes {
                    for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                        push(from, Some(promotion));
                    }
                } else {
                    push(from, None);
                }
            }
        }
        Role::Knight | Role::Bishop | Role::Rook | Role::Queen => {
            let from = match role {
                Role::Knight => attacks::knight_attacks(to),
                Role::Bishop => attacks::bishop_attacks(to, occupied),
                Role::Rook => attacks::rook_attacks(to, occupied),
                _ => attacks::queen_attacks(to, occupied),
            };
            for from in from & pos.our(role) {
                if safe(from) {
                    push(from, None);
                }
            }
        }
    }
    true
}

/// True when the side to move, which is in check, has no legal move (checkmate, FIDE Laws
/// art. 5.1.1). Looks first for a king move to a safe square, which answers most checks without
/// generating every evasion.
pub fn is_checkmate_given_check(pos: &Chess) -> bool {
    !king_can_move(pos) && pos.legal_moves().is_empty()
}

/// True when the side to move is stalemated (FIDE Laws art. 5.2.1): not in check and without
/// a legal move. Looks first for a king move to a safe square, which most positions have.
pub fn is_stalemate(pos: &Chess) -> bool {
    !pos.is_check() && !king_can_move(pos) && pos.legal_moves().is_empty()
}

/// True when the king of the side to move has a legal move to a neighbouring square (castling
/// aside): a cheap proof that the side to move is neither mated nor stalemated.
fn king_can_move(pos: &Chess) -> bool {
    let turn = pos.turn();
    let board = pos.board();
    let Some(king) = board.king_of(turn) else {
        return false;
    };
    let occupied = board.occupied().without(king);
    (attacks::king_attacks(king) & !pos.us())
        .into_iter()
        .any(|to| pos.king_attackers(to, !turn, occupied).is_empty())
}

/// `Kg1`/`e1g1`-style castling: a king move of two files along its rank.
fn king_move_castling(
    pos: &Chess,
    file: Option<File>,
    rank: Option<Rank>,
    to: Square,
) -> Option<Resolved> {
    let king = pos.board().king_of(pos.turn())?;
    if king.rank() != to.rank()
        || file.is_some_and(|f| f != king.file())
        || rank.is_some_and(|r| r != king.rank())
        || king.file().distance(to.file()) != 2
    {
        return None;
    }
    let side = if to.file() > king.file() {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    };
    let &m = pos.castling_moves(side).first()?;
    let king_to = Square::from_coords(side.king_to_file(), king.rank());
    (king_to == to).then_some(Resolved {
        m,
        san: San::Castle(side),
        quirks: PositionQuirks::KING_MOVE_CASTLING,
    })
}

fn ambiguous(
    pos: &Chess,
    role: Role,
    file: Option<File>,
    rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
    candidates: &MoveList,
) -> Illegal {
    let mut names = Vec::new();
    for m in candidates {
        let fits = m.from().is_some_and(|from| {
            file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
        }) && m.promotion() == promotion;
        if fits {
            names.push(San::disambiguate(*m, candidates).to_string());
        }
    }
    let _ = pos;
    Illegal::new(
        code::AMBIGUOUS,
        format!(
            "ambiguous: more than one {} can move to {to} ({}); write {}",
            role_name(role),
            names.join(", "),
            names.join(" or ")
        ),
    )
}

#[allow(clippy::too_many_arguments)]
fn diagnose_normal(
    pos: &Chess,
    role: Role,
    file: Option<File>,
    rank: Option<Rank>,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
    candidates: &MoveList,
) -> Illegal {
    if let Some(over) = game_over(pos) {
        return over;
    }
    let turn = pos.turn();
    let side = color_name(turn);
    // Promotion problems come first: the piece may well reach the square.
    if let Some(p) = promotion {
        if role != Role::Pawn {
            return Illegal::new(
                code::PROMOTION,
                format!("only a pawn can promote, not a {}", role_name(role)),
            );
        }
        if matches!(p, Role::King | Role::Pawn) {
            return Illegal::new(
                code::PROMOTION,
                format!(
                    "a pawn cannot promote to a {}: choose a queen, rook, bishop or knight",
                    role_name(p)
                ),
            );
        }
        if to.rank() != rel(Rank::Eighth, turn) {
            return Illegal::new(
                code::PROMOTION,
                format!("a pawn promotes only on the last rank, not on {to}"),
            );
        }
    } else if role == Role::Pawn && to.rank() == rel(Rank::Eighth, turn) {
        let reaches = candidates.iter().any(|m| {
            m.from()
                .is_some_and(|from| file.is_none_or(|f| f == from.file()))
        });
        if reaches {
            return Illegal::new(
                code::PROMOTION,
                format!(
                    "the pawn reaches the last rank on {to} and must promote: write {to}=Q (or =R, =B, =N)"
                ),
            );
        }
    }

    let board = pos.board();
    let occupied = board.occupied();
    let ours = board.by_color(turn);
    let theirs = board.by_color(!turn);
    let mut pieces = board.by_piece(role.of(turn));
    if let Some(f) = file {
        pieces &= f;
    }
    if let Some(r) = rank {
        pieces &= r;
    }
    let where_ = match (role, file, rank) {
        (Role::Pawn, Some(f), None) => format!(" on the {}-file", f.char()),
        (_, Some(f), Some(r)) => format!(" on {}", Square::from_coords(f, r)),
        (_, Some(f), None) => format!(" on the {}-file", f.char()),
        (_, None, Some(r)) => format!(" on rank {}", r.char()),
        _ => String::new(),
    };

    // Which pieces could make the move if pins and checks were ignored?
    let mut pseudo = Bitboard::EMPTY;
    let mut reach_own = Bitboard::EMPTY;
    for from in pieces {
        let reach = if role == Role::Pawn {
            pawn_reach(pos, from, to)
        } else {
            attacks::attacks(from, role.of(turn), occupied).contains(to)
        };
        if reach {
            if ours.contains(to) {
                reach_own.add(from);
            } else {
                pseudo.add(from);
            }
        }
    }

    if pseudo.is_empty() {
        if let Some(own) = board.piece_at(to).filter(|p| p.color == turn)
            && (reach_own.any() || role != Role::Pawn)
        {
            return Illegal::new(
                code::OCCUPIED,
                format!("{to} is occupied by {side}'s own {}", role_name(own.role)),
            );
        }
        if role == Role::Pawn
            && let Some(ill) = diagnose_en_passant(pos, file, capture, to)
        {
            return ill;
        }
        let msg = if pieces.is_empty() {
            if board.by_piece(role.of(turn)).is_empty() {
                format!("{side} has no {} on the board", role_name(role))
            } else {
                format!("{side} has no {}{where_}", role_name(role))
            }
        } else {
            let theirs_note = if theirs.contains(to) || !capture {
                String::new()
            } else {
                format!(" (and {to} is empty)")
            };
            format!(
                "no {side} {}{where_} can move to {to}{theirs_note}",
                role_name(role)
            )
        };
        return Illegal::new(code::NO_PIECE, msg);
    }

    // Some piece reaches the square, but every such move leaves the king in check.
    let from = pseudo.first().unwrap_or(to);
    let king = board.king_of(turn);
    let mut after = board.clone();
    let piece = after.remove_piece_at(from);
    after.discard_piece_at(to);
    if let Some(piece) = piece {
        after.set_piece_at(to, piece);
    }
    let king_sq = if role == Role::King { Some(to) } else { king };
    let attackers = king_sq
        .map(|k| after.attacks_to(k, !turn, after.occupied()))
        .unwrap_or_default();
    let by = describe_pieces(board, attackers);
    let msg = if role == Role::King {
        format!("the {side} king cannot move to {to}: it would be in check{by}")
    } else if pos.is_check() {
        let checkers = describe_pieces(board, pos.checkers());
        format!(
            "{side} is in check{checkers}, and the {} on {from} moving to {to} does not parry it",
            role_name(role)
        )
    } else {
        format!(
            "the {} on {from} is pinned: moving it to {to} would leave the {side} king in check{by}",
            role_name(role)
        )
    };
    Illegal::new(code::KING_IN_CHECK, msg)
}

/// True when the pawn on `from` could move to `to`, ignoring pins and checks.
fn pawn_reach(pos: &Chess, from: Square, to: Square) -> bool {
    let turn = pos.turn();
    let board = pos.board();
    let occupied = board.occupied();
    if attacks::pawn_attacks(turn, from).contains(to) {
        return board.by_color(!turn).contains(to)
            || board.by_color(turn).contains(to)
            || pos.maybe_ep_square() == Some(to);
    }
    if from.file() != to.file() {
        return false;
    }
    let step = |sq: Square| sq.offset(if turn == Color::White { 8 } else { -8 });
    let Some(one) = step(from) else {
        return false;
    };
    if one == to {
        return !occupied.contains(to);
    }
    let double_rank = rel(Rank::Second, turn);
    from.rank() == double_rank
        && step(one) == Some(to)
        && !occupied.contains(one)
        && !occupied.contains(to)
}

fn diagnose_en_passant(
    pos: &Chess,
    file: Option<File>,
    capture: bool,
    to: Square,
) -> Option<Illegal> {
    let turn = pos.turn();
    let board = pos.board();
    let from_file = file?;
    if from_file == to.file() || from_file.distance(to.file()) != 1 || board.occupied().contains(to)
    {
        return None;
    }
    let _ = capture;
    if to.rank() != rel(Rank::Sixth, turn) {
        return None;
    }
    let from = Square::from_coords(from_file, rel(Rank::Fifth, turn));
    if board.piece_at(from) != Some(Role::Pawn.of(turn)) {
        return None;
    }
    let victim = Square::from_coords(to.file(), rel(Rank::Fifth, turn));
    let them = color_name(!turn);
    let why = if board.piece_at(victim) == Some(Role::Pawn.of(!turn)) {
        let start = Square::from_coords(to.file(), rel(Rank::Seventh, turn));
        format!("{them}'s last move was not the double step {start}-{victim}")
    } else {
        format!("there is no {them} pawn on {victim} to take")
    };
    Some(Illegal::new(
        code::EN_PASSANT,
        format!("en passant capture on {to} is not available: {why}"),
    ))
}

fn diagnose_castling(pos: &Chess, side: CastlingSide, history: &CastlingHistory) -> Illegal {
    if let Some(over) = game_over(pos) {
        return over;
    }
    let turn = pos.turn();
    let who = color_name(turn);
    let side_name = match side {
        CastlingSide::KingSide => "king-side",
        CastlingSide::QueenSide => "queen-side",
    };
    let castles = pos.castles();
    let board = pos.board();
    if !castles.has(turn, side) {
        let why = match history.lost(turn, side) {
            Some(LostRight { ply, label, cause }) => {
                format!("the right was lost at ply {ply} ({label}: {cause})")
            }
            None => "the start position gives no such castling right".to_owned(),
        };
        return Illegal::new(
            code::CASTLING,
            format!("{who} cannot castle {side_name}: {why}"),
        );
    }
    let (Some(king), Some(rook)) = (board.king_of(turn), castles.rook(turn, side)) else {
        return Illegal::new(
            code::CASTLING,
            format!("{who} cannot castle {side_name} here"),
        );
    };
    if pos.is_check() {
        return Illegal::new(
            code::CASTLING,
            format!(
                "{who} cannot castle out of check (in check{})",
                describe_pieces(board, pos.checkers())
            ),
        );
    }
    let blockers = castles.path(turn, side) & board.occupied();
    if blockers.any() {
        return Illegal::new(
            code::CASTLING,
            format!(
                "{who} cannot castle {side_name}: the way is blocked{}",
                describe_pieces(board, blockers).replacen(" from", " by", 1)
            ),
        );
    }
    let king_to = Square::from_coords(side.king_to_file(), king.rank());
    let occupied = board.occupied() ^ king ^ rook;
    let mut path = attacks::between(king, king_to);
    path.add(king_to);
    for sq in path {
        let attackers = board.attacks_to(sq, !turn, occupied);
        if attackers.any() {
            let verb = if sq == king_to {
                "would land on"
            } else {
                "would pass through"
            };
            return Illegal::new(
                code::CASTLING,
                format!(
                    "{who} cannot castle {side_name}: the king {verb} {sq}, attacked{}",
                    describe_pieces(board, attackers).replacen(" from", " by", 1)
                ),
            );
        }
    }
    Illegal::new(
        code::CASTLING,
        format!("{who} cannot castle {side_name} here"),
    )
}

/// A move was written although checkmate or stalemate had ended the game.
fn game_over(pos: &Chess) -> Option<Illegal> {
    if !pos.legal_moves().is_empty() {
        return None;
    }
    let who = color_name(pos.turn());
    let msg = if pos.is_check() {
        format!("the game is over: {who} is checkmated (FIDE Laws art. 5.1.1)")
    } else {
        format!("the game is over: {who} is stalemated (FIDE Laws art. 5.2.1)")
    };
    Some(Illegal::new(code::AFTER_GAME_END, msg))
}

/// `" from the bishop on b5 and the rook on e1"`, or empty.
fn describe_pieces(board: &shakmaty::Board, squares: Bitboard) -> String {
    let mut out = String::new();
    for (i, sq) in squares.into_iter().enumerate() {
        let name = board.role_at(sq).map_or("piece", role_name);
        let _ = write!(
            out,
            "{} the {name} on {sq}",
            if i == 0 { " from" } else { " and" }
        );
    }
    out
}

/// `rank` seen from `color`'s side (the first rank is the 8th for black).
fn rel(rank: Rank, color: Color) -> Rank {
    match color {
        Color::White => rank,
        Color::Black => rank.flip_vertical(),
    }
}

/// `"white"` or `"black"`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The English name of a piece kind.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::notation::parse_move;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    /// `record_lost` (from the rights before the move) records what `record` (from the whole
    /// position before it) records, in random games from the perft suite's positions (standard
    /// and Chess960 castling, rooks captured on their squares).
    #[test]
    fn record_lost_agrees_with_record() {
        let suite = include_str!("../../testdata/perft/quick.epd");
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

    /// The fast candidate generator agrees with shakmaty's `san_candidates` (as a set) for every
    /// piece kind and square, in the perft suite's positions (standard and Chess960, many with
    /// pins, checks and en passant) and in the positions of deterministic random games from
    /// them.
    #[test]
    fn fast_candidates_agree_with_shakmaty() {
        let suite = include_str!("../../testdata/perft/quick.epd");
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut positions = 0;
        let mut compared = 0;
        let mut checks = 0;
        for line in suite
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            if line.contains(";invalid") {
                continue;
            }
            let fen = line.split(';').next().unwrap().trim();
            let mode = if line.contains(";chess960") {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            let setup = fen.parse::<Fen>().unwrap();
            let Some(start) = setup
                .clone()
                .into_position::<Chess>(mode)
                .ok()
                .or_else(|| setup.into_position(CastlingMode::Chess960).ok())
            else {
                continue;
            };
            for _ in 0..8 {
                let mut pos = start.clone();
                for _ in 0..120 {
                    positions += 1;
                    for role in Role::ALL {
                        for to in Square::ALL {
                            let mut fast = MoveList::new();
                            if !fast_candidates(&pos, pos.is_check(), role, to, &mut fast) {
                                continue;
                            }
                            let mut fast: Vec<Move> = fast.into_iter().collect();
                            let mut slow: Vec<Move> =
                                pos.san_candidates(role, to).into_iter().collect();
                            fast.sort_by_key(|m| format!("{m:?}"));
                            slow.sort_by_key(|m| format!("{m:?}"));
                            assert_eq!(fast, slow, "{role:?} to {to} in {}", fen_of(&pos));
                            compared += 1;
                        }
                    }
                    let moves = pos.legal_moves();
                    if pos.is_check() {
                        assert_eq!(is_checkmate_given_check(&pos), moves.is_empty());
                        checks += 1;
                    }
                    assert_eq!(is_stalemate(&pos), pos.is_stalemate());
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[(next() % moves.len() as u64) as usize];
                    pos.play_unchecked(m);
                }
            }
        }
        assert!(
            positions > 20_000 && compared > 5_000_000 && checks > 500,
            "{positions} {compared} {checks}"
        );
    }

    fn fen_of(pos: &Chess) -> String {
        Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
    }

    fn try_move(fen: &str, token: &str) -> Result<Resolved, Illegal> {
        let tok = parse_move(token.as_bytes()).unwrap();
        resolve(&pos(fen), &tok, &CastlingHistory::default())
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn legal_moves_resolve() {
        let r = try_move(START, "Nf3").unwrap();
        assert_eq!(r.san.to_string(), "Nf3");
        assert_eq!(r.quirks, PositionQuirks::default());
        assert_eq!(try_move(START, "e4").unwrap().san.to_string(), "e4");
        assert_eq!(try_move(START, "g1f3").unwrap().san.to_string(), "Nf3");
    }

    #[test]
    fn no_piece_and_occupied() {
        let e = try_move(START, "Nd4").unwrap_err();
        assert_eq!(e.code, code::NO_PIECE);
        let e = try_move(START, "Nd2").unwrap_err();
        assert_eq!(e.code, code::OCCUPIED, "{}", e.message);
        let e = try_move(START, "e5").unwrap_err();
        assert_eq!(e.code, code::NO_PIECE);
    }

    #[test]
    fn ambiguous_names_candidates() {
        let e = try_move(
            "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2",
            "Nd4",
        );
        assert!(e.is_ok());
        let e = try_move("4k3/8/8/8/8/1N3N2/8/4K3 w - - 0 1", "Nd4").unwrap_err();
        assert_eq!(e.code, code::AMBIGUOUS);
        assert!(
            e.message.contains("Nbd4") && e.message.contains("Nfd4"),
            "{}",
            e.message
        );
    }

    #[test]
    fn pinned_piece() {
        let e = try_move("4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1", "Nf3").unwrap_err();
        assert_eq!(e.code, code::KING_IN_CHECK);
        assert!(e.message.contains("pinned"), "{}", e.message);
        assert!(e.message.contains("bishop on a5"), "{}", e.message);
    }

    #[test]
    fn castling_reasons() {
        let through = "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1";
        let e = try_move(through, "O-O").unwrap_err();
        assert_eq!(e.code, code::CASTLING);
        assert!(e.message.contains("pass through f1"), "{}", e.message);
        let blocked = "4k3/8/8/8/8/8/8/4K1NR w K - 0 1";
        assert!(
            try_move(blocked, "O-O")
                .unwrap_err()
                .message
                .contains("blocked by the knight on g1")
        );
        let no_right = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
        assert!(
            try_move(no_right, "O-O")
                .unwrap_err()
                .message
                .contains("start position")
        );
        let in_check = "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1";
        assert!(
            try_move(in_check, "O-O")
                .unwrap_err()
                .message
                .contains("out of check")
        );
    }

    #[test]
    fn promotion_errors() {
        let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
        assert_eq!(try_move(fen, "e8").unwrap_err().code, code::PROMOTION);
        assert_eq!(try_move(fen, "e8=K").unwrap_err().code, code::PROMOTION);
        assert!(try_move(fen, "e8=Q").is_ok());
        let fen = "8/8/4P3/8/8/8/k7/4K3 w - - 0 1";
        assert_eq!(try_move(fen, "e7=Q").unwrap_err().code, code::PROMOTION);
    }

    #[test]
    fn en_passant_not_available() {
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1";
        let e = try_move(fen, "exd6").unwrap_err();
        assert_eq!(e.code, code::EN_PASSANT, "{}", e.message);
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert!(try_move(fen, "exd6").is_ok());
    }

    #[test]
    fn after_checkmate() {
        let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        assert_eq!(
            try_move(mated, "e4").unwrap_err().code,
            code::AFTER_GAME_END
        );
    }

    #[test]
    fn notation_quirks_from_position() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let r = try_move(fen, "Bc6").unwrap();
        assert!(r.quirks.contains(PositionQuirks::MISSING_CAPTURE));
        assert_eq!(r.san.to_string(), "Bxc6");
        let r = try_move(START, "Ngf3").unwrap();
        assert!(r.quirks.contains(PositionQuirks::OVER_DISAMBIGUATED));
        let r = try_move("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Kg1").unwrap();
        assert!(r.quirks.contains(PositionQuirks::KING_MOVE_CASTLING));
    }
}
