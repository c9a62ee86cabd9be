//! What a diagram of a record shows: the position of its FEN, the move at issue as an arrow (a
//! legal move blue; a move that cannot be played dashed vermillion, from every piece that could
//! have been meant), the pieces that pin the moving piece or give check ringed, and the last
//! move highlighted.
//!
//! This reads the record (FEN, token, SAN) to draw it; it decides nothing the analysis has not
//! decided: which move is illegal comes from the finding's code.

use shakmaty::attacks;
use shakmaty::san::{San, SanPlus};
use shakmaty::{Bitboard, CastlingMode, Chess, Color, Position, Role, Square};

use super::{Arrow, Diagram, Ring, Style};

/// The move a diagram shows, from the position drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown<'a> {
    /// No move.
    Nothing,
    /// A move as written (`token`, maybe with annotation glyphs) and, when it was resolved, its
    /// standard SAN; `illegal` when the finding says it cannot be played.
    Move {
        /// The token as written.
        token: Option<&'a str>,
        /// The standard SAN, when the move was resolved.
        san: Option<&'a str>,
        /// The move cannot be played (an `illegal-move/…` finding).
        illegal: bool,
    },
    /// A move the rules allow from the position, in SAN (a claim's move).
    Claim(&'a str),
}

/// The diagram of `fen` with `shown` drawn and `last_move` highlighted; `None` when `fen` is no
/// FEN. A position that is not legal is drawn without arrows.
pub fn scene(fen: &str, shown: Shown<'_>, last_move: Option<(Square, Square)>) -> Option<Diagram> {
    let mut diagram = Diagram::from_fen(fen)?;
    diagram.last_move = last_move;
    let Some(pos) = position(fen) else {
        return Some(diagram);
    };
    match shown {
        Shown::Nothing => {}
        Shown::Claim(san) => {
            if let Some(m) = legal(&pos, san) {
                diagram.arrows.push(arrow(&pos, m, Style::Claim));
            }
        }
        Shown::Move {
            token,
            san,
            illegal,
        } => {
            let resolved = san.or(token).and_then(|text| legal(&pos, text));
            match resolved {
                Some(m) if !illegal => diagram.arrows.push(arrow(&pos, m, Style::Move)),
                _ => {
                    if let Some(san) = token.and_then(parse) {
                        attempted(&pos, san, &mut diagram);
                    }
                }
            }
        }
    }
    Some(diagram)
}

/// The position of `fen`, in standard chess or else Chess960 castling.
fn position(fen: &str) -> Option<Chess> {
    let fen = shakmaty::fen::Fen::from_ascii(fen.trim().as_bytes()).ok()?;
    fen.clone()
        .into_position(CastlingMode::Standard)
        .ok()
        .or_else(|| fen.into_position(CastlingMode::Chess960).ok())
}

/// The SAN of a token: the annotation glyphs (`!`, `?`) after it left out.
fn parse(token: &str) -> Option<San> {
    let text = token.trim_end_matches(['!', '?']);
    SanPlus::from_ascii(text.as_bytes()).ok().map(|s| s.san)
}

/// The legal move `text` denotes in `pos`, if any.
fn legal(pos: &Chess, text: &str) -> Option<shakmaty::Move> {
    parse(text)?.to_move(pos).ok()
}

/// The arrow of a legal move (a castling move from the king to its square).
fn arrow(pos: &Chess, m: shakmaty::Move, style: Style) -> Arrow {
    let to = match m {
        shakmaty::Move::Castle { king, rook } => {
            shakmaty::CastlingSide::from_king_side(king < rook).king_to(pos.turn())
        }
        _ => m.to(),
    };
    Arrow {
        from: m.from().unwrap_or(to),
        to,
        style,
    }
}

/// A move that cannot be played: an arrow from each piece that could have been meant (the
/// pieces of its kind that reach the square, pins and check aside), the pieces pinning them and
/// those giving check ringed; when no piece could be meant, the target square ringed.
fn attempted(pos: &Chess, san: San, diagram: &mut Diagram) {
    let us = pos.turn();
    let board = pos.board();
    let (from, to): (Bitboard, Square) = match san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            ..
        } => {
            let mut from = board.by_piece(role.of(us));
            if let Some(file) = file {
                from &= Bitboard::from_file(file);
            }
            if let Some(rank) = rank {
                from &= Bitboard::from_rank(rank);
            }
            let reach = from
                .into_iter()
                .filter(|&sq| reaches(pos, sq, role, capture, to))
                .collect();
            (reach, to)
        }
        San::Castle(side) => match board.king_of(us) {
            Some(king) => (Bitboard::from(king), side.king_to(us)),
            None => return,
        },
        San::Put { .. } | San::Null => return,
    };
    for sq in from.into_iter().take(4) {
        diagram.arrows.push(Arrow {
            from: sq,
            to,
            style: Style::Illegal,
        });
        for pinner in pinners(pos, sq) {
            diagram.rings.push(Ring {
                square: pinner,
                style: Style::Illegal,
            });
        }
    }
    if from.is_empty() {
        diagram.rings.push(Ring {
            square: to,
            style: Style::Illegal,
        });
    }
    for checker in pos.checkers() {
        if !diagram.rings.iter().any(|r| r.square == checker) {
            diagram.rings.push(Ring {
                square: checker,
                style: Style::Illegal,
            });
        }
    }
}

/// Whether a piece of `role` on `from` reaches `to` as the side to move, pins and checks
/// aside (a pawn: forward to an empty square, one step or two from its first rank, or
/// diagonally for a capture).
fn reaches(pos: &Chess, from: Square, role: Role, capture: bool, to: Square) -> bool {
    let us = pos.turn();
    let occupied = pos.board().occupied();
    if role != Role::Pawn {
        return attacks::attacks(from, role.of(us), occupied).contains(to);
    }
    if capture || from.file() != to.file() {
        return attacks::pawn_attacks(us, from).contains(to);
    }
    let step: i32 = if us == Color::White { 8 } else { -8 };
    let (f, t) = (i32::from(from), i32::from(to));
    let start = if us == Color::White { 1 } else { 6 };
    let one = f + step;
    let free = |sq: i32| {
        u32::try_from(sq)
            .ok()
            .and_then(|s| Square::try_from(s).ok())
            .is_some_and(|s| !occupied.contains(s))
    };
    (t == one && free(one))
        || (t == one + step && u32::from(from.rank()) == start && free(one) && free(t))
}

/// The enemy sliders that pin the piece on `sq` to its king: those that attack the king once
/// the piece is gone and not before.
fn pinners(pos: &Chess, sq: Square) -> Bitboard {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return Bitboard::EMPTY;
    };
    if sq == king {
        return Bitboard::EMPTY;
    }
    let sliders = board.rooks_and_queens() | board.bishops_and_queens();
    let occupied = board.occupied();
    let without = board.attacks_to(king, !us, occupied ^ Bitboard::from(sq));
    let with = board.attacks_to(king, !us, occupied);
    (without & !with) & sliders
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arrows(d: &Diagram) -> Vec<(Square, Square, Style)> {
        d.arrows.iter().map(|a| (a.from, a.to, a.style)).collect()
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_legal_move_is_a_blue_arrow() {
        let shown = Shown::Move {
            token: Some("Ng1f3"),
            san: Some("Nf3"),
            illegal: false,
        };
        let d = scene(START, shown, None).unwrap();
        assert_eq!(arrows(&d), [(Square::G1, Square::F3, Style::Move)]);
        assert!(d.rings.is_empty());
    }

    #[test]
    fn castling_points_at_the_kings_square() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
        let shown = Shown::Move {
            token: Some("O-O-O!"),
            san: None,
            illegal: false,
        };
        let d = scene(fen, shown, None).unwrap();
        assert_eq!(arrows(&d), [(Square::E8, Square::C8, Style::Move)]);
    }

    #[test]
    fn a_pinned_knight_points_red_and_its_pinner_is_ringed() {
        // The knight on d2 is pinned by the bishop on b4: Nf3 cannot be played.
        let fen = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1";
        let shown = Shown::Move {
            token: Some("Nf3"),
            san: None,
            illegal: true,
        };
        let d = scene(fen, shown, Some((Square::C5, Square::B4))).unwrap();
        assert_eq!(arrows(&d), [(Square::D2, Square::F3, Style::Illegal)]);
        assert_eq!(d.rings.len(), 1);
        assert_eq!(d.rings[0].square, Square::B4);
        assert_eq!(d.last_move, Some((Square::C5, Square::B4)));
    }

    #[test]
    fn a_move_no_piece_can_make_rings_its_square_and_the_checker() {
        // White is in check from the rook on e8; no white knight exists.
        let fen = "4r1k1/8/8/8/8/8/8/4K3 w - - 0 1";
        let shown = Shown::Move {
            token: Some("Nf3"),
            san: None,
            illegal: true,
        };
        let d = scene(fen, shown, None).unwrap();
        assert!(d.arrows.is_empty());
        let ringed: Vec<Square> = d.rings.iter().map(|r| r.square).collect();
        assert_eq!(ringed, [Square::F3, Square::E8]);
    }

    #[test]
    fn an_ambiguous_move_points_from_both_pieces() {
        let fen = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1";
        let shown = Shown::Move {
            token: Some("Rd1"),
            san: None,
            illegal: true,
        };
        let d = scene(fen, shown, None).unwrap();
        assert_eq!(
            arrows(&d),
            [
                (Square::A1, Square::D1, Style::Illegal),
                (Square::H1, Square::D1, Style::Illegal)
            ]
        );
    }

    #[test]
    fn pawn_pushes_need_empty_squares() {
        let pos = position("4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1").unwrap();
        assert!(!reaches(&pos, Square::E2, Role::Pawn, false, Square::E3));
        assert!(!reaches(&pos, Square::E2, Role::Pawn, false, Square::E4));
        let pos = position(START).unwrap();
        assert!(reaches(&pos, Square::E2, Role::Pawn, false, Square::E4));
        assert!(!reaches(&pos, Square::E2, Role::Pawn, false, Square::E5));
        assert!(reaches(&pos, Square::E2, Role::Pawn, true, Square::D3));
    }

    #[test]
    fn a_claim_is_green_and_a_bad_fen_has_no_diagram() {
        let d = scene(START, Shown::Claim("e4"), None).unwrap();
        assert_eq!(arrows(&d), [(Square::E2, Square::E4, Style::Claim)]);
        assert!(scene("no fen", Shown::Nothing, None).is_none());
        // Two white kings: drawn, nothing played on it.
        let shown = Shown::Claim("Ka2");
        assert!(
            scene("8/8/8/8/8/8/8/KK5k w - - 0 1", shown, None)
                .unwrap()
                .arrows
                .is_empty()
        );
    }
}
