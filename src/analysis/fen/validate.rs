//! The one FEN reader: every FEN arbiter reads — a game's FEN tag (through the walk's start
//! position), `arbiter fen --check`, `arbiter audit --positions`, `arbiter pgn --from-fen` and
//! `--from-sequence` — goes through [`read_fen`], so they all decide the same way.
//!
//! [`read_fen`] returns the position to play from, every problem found (errors and warnings,
//! each with its code, the field and its column), and, where the rest of the FEN is usable and
//! a fault has one obvious repair, the repaired ("effective") position. The rules (GUIDE.md, "How a
//! FEN is read"):
//!
//! * A field that cannot be read (field count, placement, piece letters, side to move, a
//!   castling character, an en passant field that is not a square, counters that are not
//!   numbers, a fullmove number above 100000), or a board that is no position (not one king a
//!   side, pawns on rank 1 or 8, the side not to move in check): an error, no position.
//! * What the board shows cannot be is dropped, with a warning: castling rights without their
//!   king and rook on their squares (standard chess castles from e1/e8 with a corner rook, FIDE
//!   art. 3.8.2; a standard game is never read with Chess960 castling), an en passant square no
//!   double step can have made (wrong rank, no pawn, squares not empty, or a check the step
//!   cannot give).
//! * Counters: an en passant square means the last move was a pawn move, so a halfmove clock
//!   other than 0 is read as 0; a fullmove number 0 is read as 1; a halfmove clock larger than
//!   the plies the fullmove number allows is kept (warning).
//! * A check no legal last move gives, or more pieces than promotions allow: warnings; the
//!   position is played as it stands.

use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::{Bitboard, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Position};
use shakmaty::{PositionErrorKinds, Rank, Setup, Square};

use super::{FenOptions, fen_text};
use crate::analysis::text::{color_name, color_title, role_name};
use crate::model::{Code, Severity};

mod castling;
mod fields;
mod placement;
mod unmoved;

use fields::Field;

/// The largest fullmove number read (no game is that long: the seventy-five-move rule ends any
/// game within about 8,850 moves).
const MAX_FULLMOVES: u32 = 100_000;

/// Which castling rules a FEN is read under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingRules {
    /// Standard chess (a game without a Chess960 Variant tag): king on e1/e8, rooks in the
    /// corners.
    Standard,
    /// Chess960 (a game with a Chess960 Variant tag): X-FEN or Shredder-FEN rights.
    Chess960,
    /// A FEN line with no game around it: standard, unless the castling field names rook files
    /// (Shredder-FEN) for rights that only Chess960 has.
    FromField,
}

pub use crate::model::FenProblem;

/// What reading one FEN (or EPD line) gave.
#[derive(Clone, Debug)]
pub struct FenRead {
    /// The position to play from (repaired where a fault had one obvious repair); `None` when
    /// the FEN gives no usable position (then a problem is an error).
    pub position: Option<Chess>,
    /// Every problem found, in the order of the fields.
    pub problems: Vec<FenProblem>,
    /// The EPD `id` operand, if any.
    pub id: Option<String>,
}

impl FenRead {
    /// The error that makes the FEN unusable, if any.
    pub fn error(&self) -> Option<&FenProblem> {
        self.problems.iter().find(|p| p.severity == Severity::Error)
    }

    /// True when the effective position differs from the text (a right dropped, a counter read
    /// otherwise).
    pub fn repaired(&self) -> bool {
        self.problems.iter().any(|p| p.repaired)
    }
}

/// Reads one FEN or EPD line (EPD operations other than `hmvc`, `fmvn`, `id`, `bm` and `am` are
/// not read)
/// under `rules` (see the module documentation for what is an error and what is repaired).
pub fn read_fen(line: &str, rules: CastlingRules) -> FenRead {
    let mut problems = Vec::new();
    let mut id = None;
    let position = match read(line, rules, &mut problems, &mut id) {
        Ok(pos) => Some(pos),
        Err(problem) => {
            problems.push(problem);
            None
        }
    };
    problems.sort_by_key(|p| p.col);
    FenRead {
        position,
        problems,
        id,
    }
}

fn read(
    line: &str,
    rules: CastlingRules,
    problems: &mut Vec<FenProblem>,
    id: &mut Option<String>,
) -> Result<Chess, FenProblem> {
    let fields = fields::split(line, problems)?;
    id.clone_from(&fields.id);
    let board = placement::board(fields.placement)?;
    let turn = side_to_move(fields.turn)?;
    let rights = castling::letters(fields.castling, &board, problems)?;
    let ep = ep_square(fields.ep)?;
    let halfmoves = halfmove_clock(fields.halfmove)?;
    let fullmoves = fullmove_number(fields.fullmove, problems)?;
    placement::playable(&board, fields.placement)?;
    placement::no_opposite_check(&board, turn, fields.turn)?;
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = turn;
    let mode = castling::mode(&rights, rules, &setup);
    setup.halfmoves = halfmoves;
    setup.fullmoves =
        std::num::NonZeroU32::new(fullmoves.max(1)).unwrap_or(std::num::NonZeroU32::MIN);
    setup.castling_rights =
        castling::effective(&rights, &setup, mode, rules, fields.castling, problems);
    setup.ep_square = ep.filter(|square| ep_stands(&setup, *square, fields.ep, problems));
    // A fullmove number 0 is read as 1, and the clock judged against that (`1 0`: the clock
    // of 1 was not reported, and `fix`, writing `1 1`, made a warning the input had not had).
    counters(&mut setup, &fields, fullmoves.max(1), problems);
    let pos = position(setup, mode, &fields, problems)?;
    epd_moves(&pos, &fields.moves, problems);
    Ok(pos)
}

/// The moves of the EPD operations `bm` (best move) and `am` (avoid move), in `pos` (the
/// position as read): each is a move in SAN (the EPD standard's notation: `O-O`, not `0-0`)
/// that is legal and names one move; one that is not is a `fen/epd-move` warning (the position
/// is read as it is). python-chess (`Board.from_epd`) refuses the same lines.
fn epd_moves(pos: &Chess, moves: &[(&str, Vec<Field<'_>>)], problems: &mut Vec<FenProblem>) {
    for (opcode, operation) in moves {
        // One warning an operation, at its first bad move (an operation of thousands of bad
        // moves is one line of the report, not thousands).
        let mut bad = operation
            .iter()
            .filter_map(|m| epd_move_fault(pos, m.text).map(|w| (m, w)));
        let Some((field, why)) = bad.next() else {
            continue;
        };
        let more = match bad.count() {
            0 => String::new(),
            n => format!(
                " (and {n} more of its {} moves are no legal move in SAN)",
                operation.len()
            ),
        };
        let name = match *opcode {
            "bm" => "best move",
            _ => "avoid move",
        };
        problems.push(warning(
            Code::FenEpdMove,
            *field,
            format!("the EPD {opcode} ({name}) {} {why}{more}", field.text),
            false,
        ));
    }
}

/// Why `text` is no legal move of `pos` in SAN, or `None` when it is one.
fn epd_move_fault(pos: &Chess, text: &str) -> Option<String> {
    match SanPlus::from_ascii(text.as_bytes()).map(|s| s.san) {
        Err(_) | Ok(San::Null | San::Put { .. }) => Some("is not a move in SAN".to_owned()),
        Ok(san) => match san.to_move(pos) {
            Ok(_) => None,
            Err(SanError::AmbiguousSan) => {
                Some("is ambiguous: more than one legal move matches it".to_owned())
            }
            Err(SanError::IllegalSan) => Some(format!(
                "is not a legal move in this position ({} to move)",
                color_title(pos.turn())
            )),
        },
    }
}

/// The FEN of a position read from a FEN line, written so that it reads back the same: with
/// Shredder-FEN castling (rook files) for a position with Chess960 castling, since a line is read
/// with standard castling unless its castling field names rook files; the en passant square as
/// `ep` says.
pub fn line_fen(pos: &Chess, ep: EnPassantMode) -> String {
    let options = FenOptions {
        ep,
        shredder: pos.castles().mode().is_chess960(),
        ..FenOptions::new()
    };
    fen_text(pos, &options)
}

/// A problem of `field`.
fn problem(
    severity: Severity,
    code: Code,
    field: Field<'_>,
    message: String,
    repaired: bool,
) -> FenProblem {
    FenProblem {
        severity,
        code,
        col: field.col,
        offset: field.offset,
        token: Some(field.text.to_owned()),
        message,
        repaired,
    }
}

/// An error of `field`: the FEN gives no position.
fn error(code: Code, field: Field<'_>, message: String) -> FenProblem {
    problem(Severity::Error, code, field, message, false)
}

/// A warning about `field`; `repaired` when the reading changed it.
fn warning(code: Code, field: Field<'_>, message: String, repaired: bool) -> FenProblem {
    problem(Severity::Warning, code, field, message, repaired)
}

fn side_to_move(field: Field<'_>) -> Result<Color, FenProblem> {
    match field.text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(error(
            Code::FenSideToMove,
            field,
            format!("the side to move is \"{other}\", not w or b"),
        )),
    }
}

fn ep_square(field: Field<'_>) -> Result<Option<Square>, FenProblem> {
    if field.text == "-" {
        return Ok(None);
    }
    field.text.parse::<Square>().map(Some).map_err(|_| {
        error(
            Code::FenEnPassant,
            field,
            format!(
                "the en passant field \"{}\" is not a square (such as e3) or '-'",
                field.text
            ),
        )
    })
}

fn halfmove_clock(field: Option<Field<'_>>) -> Result<u32, FenProblem> {
    let Some(field) = field else {
        return Ok(0);
    };
    field.text.parse().map_err(|_| {
        error(
            Code::FenHalfmove,
            field,
            format!(
                "the halfmove clock \"{}\" is not a number of plies (0 or more)",
                field.text
            ),
        )
    })
}

/// The fullmove number as written (0 is read as 1, with a warning).
fn fullmove_number(
    field: Option<Field<'_>>,
    problems: &mut Vec<FenProblem>,
) -> Result<u32, FenProblem> {
    let Some(field) = field else {
        return Ok(1);
    };
    match field.text.parse::<u32>() {
        Ok(0) => {
            problems.push(warning(
                Code::FenFullmove,
                field,
                "the fullmove number is 0; it starts at 1 (read as 1)".to_owned(),
                true,
            ));
            Ok(0)
        }
        Ok(n) if n <= MAX_FULLMOVES => Ok(n),
        _ => Err(error(
            Code::FenFullmove,
            field,
            format!(
                "the fullmove number \"{}\" is not a move number (1 to {MAX_FULLMOVES})",
                field.text
            ),
        )),
    }
}

/// Whether the en passant square `square` can stand on the board of `setup`: a double step of
/// the side not to move must have passed it. When not, it is dropped with a warning.
fn ep_stands(
    setup: &Setup,
    square: Square,
    field: Field<'_>,
    problems: &mut Vec<FenProblem>,
) -> bool {
    let mover = !setup.turn;
    let wanted = setup.turn.relative_rank(Rank::Sixth);
    let why = if square.rank() != wanted {
        Some(format!(
            "the en passant square {square} is on rank {}, but with {} to move it must be on rank {}",
            square.rank().char(),
            color_title(setup.turn),
            wanted.char()
        ))
    } else {
        let to = Square::from_coords(square.file(), mover.relative_rank(Rank::Fourth));
        let from = Square::from_coords(square.file(), mover.relative_rank(Rank::Second));
        let step = format!(
            "the en passant square {square} says {} just moved a pawn from {from} to {to}",
            color_title(mover)
        );
        let board = &setup.board;
        if !(board.pawns() & board.by_color(mover)).contains(to) {
            Some(format!(
                "{step}, but there is no {} pawn on {to}",
                color_name(mover)
            ))
        } else {
            [square, from].into_iter().find_map(|sq| {
                board.piece_at(sq).map(|piece| {
                    format!(
                        "{step}, but {sq} holds a {} {}",
                        color_name(piece.color),
                        role_name(piece.role)
                    )
                })
            })
        }
    };
    match why {
        None => true,
        Some(why) => {
            problems.push(warning(
                Code::FenEnPassant,
                field,
                format!("{why}: dropped"),
                true,
            ));
            false
        }
    }
}

/// The halfmove clock against the en passant square (read as 0 after a double step) and
/// against the fullmove number `fullmoves` as read (0 is read as 1; a warning when larger than
/// the plies played).
fn counters(
    setup: &mut Setup,
    fields: &fields::Fields<'_>,
    fullmoves: u32,
    problems: &mut Vec<FenProblem>,
) {
    if let (Some(square), Some(clock)) = (setup.ep_square, fields.halfmove)
        && setup.halfmoves != 0
    {
        problems.push(warning(
            Code::FenHalfmove,
            clock,
            format!(
                "the en passant square {square} says the last move was a pawn's double step, which sets the halfmove clock to 0: read as 0, not {}",
                setup.halfmoves
            ),
            true,
        ));
        setup.halfmoves = 0;
    }
    if let (Some(clock), Some(_)) = (fields.halfmove, fields.fullmove)
        && fullmoves > 0
    {
        let plies = 2 * u64::from(fullmoves - 1) + u64::from(setup.turn == Color::Black);
        if u64::from(setup.halfmoves) > plies {
            problems.push(warning(
                Code::FenHalfmove,
                clock,
                format!(
                    "the halfmove clock {} is more than the {plies} plies played before move {fullmoves}; both counters are read as written",
                    setup.halfmoves
                ),
                false,
            ));
        }
    }
}

/// The position of `setup`: a check no last move gives and too much material are warnings; an
/// en passant square whose double step cannot have given the check is dropped.
fn position(
    mut setup: Setup,
    mode: CastlingMode,
    fields: &fields::Fields<'_>,
    problems: &mut Vec<FenProblem>,
) -> Result<Chess, FenProblem> {
    let impossible = PositionErrorKinds::IMPOSSIBLE_CHECK;
    let soft = impossible | PositionErrorKinds::TOO_MUCH_MATERIAL;
    let mut result = Chess::from_setup(setup.clone(), mode);
    if let (Err(e), Some(square)) = (&result, setup.ep_square)
        && e.kinds().contains(impossible)
    {
        let mut without = setup.clone();
        without.ep_square = None;
        let again = Chess::from_setup(without.clone(), mode);
        if again
            .as_ref()
            .err()
            .is_none_or(|e| !e.kinds().contains(impossible))
        {
            problems.push(warning(
                Code::FenEnPassant,
                fields.ep,
                format!(
                    "the en passant square {square} says the last move was a pawn's double step, which cannot have given {}'s king this check (from {}): dropped",
                    color_title(setup.turn),
                    checkers(&setup)
                ),
                true,
            ));
            setup = without;
            result = again;
        }
    }
    let e = match result {
        Ok(pos) => return Ok(pos),
        Err(e) => e,
    };
    let kinds = e.kinds();
    if !(kinds - soft).is_empty() {
        return Err(error(
            Code::FenPosition,
            fields.placement,
            "not a legal position (a reason arbiter does not name: please report it)".to_owned(),
        ));
    }
    if kinds.contains(impossible) {
        problems.push(warning(
            Code::FenImpossibleCheck,
            fields.placement,
            format!(
                "{}'s king is in check from {}: no legal last move gives such a check (at most two pieces check at once, two only when one uncovers the other, never two knights or pawns)",
                color_title(setup.turn),
                checkers(&setup)
            ),
            false,
        ));
    }
    if kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
        problems.push(warning(
            Code::FenMaterial,
            fields.placement,
            too_much_material(&setup),
            false,
        ));
    }
    match e.ignore_impossible_check() {
        Ok(pos) => Ok(pos),
        Err(e) => e.ignore_too_much_material().map_err(|_| {
            error(
                Code::FenPosition,
                fields.placement,
                "not a legal position".to_owned(),
            )
        }),
    }
}

/// The pieces checking the side to move of `setup`, in words.
fn checkers(setup: &Setup) -> String {
    let board = &setup.board;
    let checkers = board.king_of(setup.turn).map_or(Bitboard::EMPTY, |king| {
        board.attacks_to(king, !setup.turn, board.occupied())
    });
    placement::checkers_text(board, checkers)
}

/// What is too much: the pawns and the pieces beyond the initial set of each side that has
/// more than eight.
fn too_much_material(setup: &Setup) -> String {
    let board = &setup.board;
    let mut sides = Vec::new();
    for color in Color::ALL {
        let our = board.by_color(color);
        let count = |b: Bitboard| (b & our).count();
        let beyond = count(board.queens()).saturating_sub(1)
            + count(board.rooks()).saturating_sub(2)
            + count(board.knights()).saturating_sub(2)
            + count(board.bishops() & Bitboard::LIGHT_SQUARES).saturating_sub(1)
            + count(board.bishops() & Bitboard::DARK_SQUARES).saturating_sub(1);
        let pawns = count(board.pawns());
        if pawns + beyond > 8 {
            if pawns > 8 {
                sides.push(format!(
                    "{} has {pawns} pawns (8 at most)",
                    color_title(color)
                ));
                continue;
            }
            let missing = 8 - pawns;
            sides.push(format!(
                "{} has {beyond} piece{} more than the initial set (one queen, two rooks, two knights, one bishop a square colour) but only {missing} pawn{} missing to have promoted",
                color_title(color),
                if beyond == 1 { "" } else { "s" },
                if missing == 1 { "" } else { "s" },
            ));
        }
    }
    format!(
        "more pieces than promotions allow: {}; the position is played as it stands",
        sides.join("; ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(line: &str, rules: CastlingRules) -> Vec<(Code, Severity)> {
        read_fen(line, rules)
            .problems
            .iter()
            .map(|p| (p.code, p.severity))
            .collect()
    }

    fn code(line: &str) -> Option<Code> {
        read_fen(line, CastlingRules::FromField)
            .problems
            .first()
            .map(|p| p.code)
    }

    #[test]
    fn good_fens_have_no_problem() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\";",
        ] {
            assert_eq!(code(fen), None, "{fen}");
        }
    }

    #[test]
    fn unusable_fens_name_their_field() {
        let cases = [
            ("8/8/8 w - -", Code::FenBoard),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0", Code::FenFields),
            ("4k3/8/8/8/8/8/8/4X3 w - - 0 1", Code::FenPiece),
            ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", Code::FenSideToMove),
            ("4k3/8/8/8/8/8/8/8 w - - 0 1", Code::FenKings),
            ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", Code::FenPawnsOnBackRank),
            ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", Code::FenOppositeCheck),
            ("4k3/8/8/8/8/8/8/4K3 w X - 0 1", Code::FenCastling),
            ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", Code::FenEnPassant),
            ("4k3/8/8/8/8/8/8/4K3 w - - x 1", Code::FenHalfmove),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 y", Code::FenFullmove),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 999999", Code::FenFullmove),
        ];
        for (fen, expected) in cases {
            let read = read_fen(fen, CastlingRules::FromField);
            assert!(read.position.is_none(), "{fen}");
            assert_eq!(read.error().map(|p| p.code), Some(expected), "{fen}");
        }
    }

    /// A right the position cannot have is dropped; a standard game never castles Chess960.
    #[test]
    fn stale_castling_rights_are_dropped() {
        let fen = "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
        let read = read_fen(fen, CastlingRules::Standard);
        let pos = read.position.expect("usable");
        assert_eq!(
            crate::analysis::text::fen(&pos),
            "r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1"
        );
        let p = &read.problems[0];
        assert_eq!(
            (p.code, p.severity, p.col),
            (Code::FenCastling, Severity::Warning, 27)
        );
        assert!(p.message.contains("not on e1"), "{}", p.message);
        // The same FEN in a Chess960 game keeps its rights.
        let read = read_fen(fen, CastlingRules::Chess960);
        assert!(read.problems.is_empty(), "{:?}", read.problems);
        // No rooks at all: every right dropped.
        let read = read_fen("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", CastlingRules::Standard);
        assert_eq!(
            crate::analysis::text::fen(read.position.as_ref().unwrap()),
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
        );
    }

    #[test]
    fn en_passant_and_counters() {
        // No pawn made the double step: the square is dropped.
        assert_eq!(
            codes("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", CastlingRules::FromField),
            [(Code::FenEnPassant, Severity::Warning)]
        );
        // A double step sets the clock to 0.
        let read = read_fen(
            "rnbqkbnr/ppppp1pp/8/5p2/3P4/8/PPP1PPPP/RNBQKBNR w KQkq f6 1 2",
            CastlingRules::Standard,
        );
        assert_eq!(
            read.position.as_ref().map(shakmaty::Position::halfmoves),
            Some(0)
        );
        assert_eq!(read.problems[0].code, Code::FenHalfmove);
        assert!(read.repaired());
        // Fullmove 0 is read as 1.
        let read = read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0", CastlingRules::Standard);
        assert_eq!(
            read.position
                .map(|p| shakmaty::Position::fullmoves(&p).get()),
            Some(1)
        );
    }

    /// `bm` and `am` name legal moves in SAN, or get a `fen/epd-move` warning each.
    #[test]
    fn epd_moves_are_legal_san() {
        let two_knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - ";
        for (ops, bad) in [
            ("bm Nc3 Ke2+; am Ng3;", vec![]),
            ("bm Ke4;", vec!["Ke4"]),
            ("bm Nd2; am Kd9;", vec!["Nd2", "Kd9"]),
            ("bm Nbd2 e4; am O-O;", vec!["e4", "O-O"]),
        ] {
            let read = read_fen(&format!("{two_knights}{ops}"), CastlingRules::FromField);
            assert!(read.position.is_some(), "{ops}");
            let found: Vec<_> = read
                .problems
                .iter()
                .map(|p| p.token.as_deref().unwrap())
                .collect();
            assert_eq!(found, bad, "{ops}");
            assert!(
                read.problems.iter().all(|p| p.code == Code::FenEpdMove),
                "{ops}"
            );
        }
        let read = read_fen(
            &format!("{two_knights}bm a a a Nc3 a;"),
            CastlingRules::FromField,
        );
        assert_eq!(read.problems.len(), 1, "{:?}", read.problems);
        assert!(
            read.problems[0]
                .message
                .ends_with("(and 3 more of its 5 moves are no legal move in SAN)")
        );
        let read = read_fen(&format!("{two_knights}bm Nd2;"), CastlingRules::FromField);
        assert!(
            read.problems[0].message.contains("ambiguous"),
            "{:?}",
            read.problems
        );
        let read = read_fen(
            "r3k3/8/8/8/8/8/8/4K3 b q - bm O-O-O;",
            CastlingRules::FromField,
        );
        assert!(read.problems.is_empty(), "{:?}", read.problems);
        let read = read_fen(
            "r3k3/8/8/8/8/8/8/4K3 b q - bm 0-0-0;",
            CastlingRules::FromField,
        );
        assert!(read.problems[0].message.contains("not a move in SAN"));
    }

    #[test]
    fn soft_faults_are_warnings() {
        assert_eq!(
            codes(
                "4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1",
                CastlingRules::Standard
            ),
            [(Code::FenMaterial, Severity::Warning)]
        );
        assert_eq!(
            codes(
                "4k3/8/3N4/1B6/8/8/8/4RK2 b - - 0 1",
                CastlingRules::Standard
            ),
            [(Code::FenImpossibleCheck, Severity::Warning)]
        );
    }
}
