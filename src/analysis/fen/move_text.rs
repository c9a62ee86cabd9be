//! The move texts of the rows of `arbiter fen` and `arbiter moves`: standard SAN with its check
//! mark, UCI, and the PGN-style move number. Each text is made on the stack and copied into the
//! buffer at once (shakmaty's writers push a byte at a time); tested equal to shakmaty's
//! writers over every legal move of a few hundred positions.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Color, File, Move, Position, Square};

use super::super::notation::CheckMark;
use crate::model::{MOVE_KEY_BYTES, MoveKeys};

/// Room for a move's texts on the stack: a move number (10 digits) and `...`, the longest SAN
/// (`Qa1xb2=Q#` is 9 bytes) and the longest UCI (5).
const ROOM: usize = 32;

/// Room for a move's fields of a record ([`append_move_fields`]): its texts (36 bytes, the
/// SAN twice) and four keys of [`MOVE_KEY_BYTES`] bytes.
const FIELDS_ROOM: usize = 128;

/// Room for a SAN alone (at most 9 bytes, `Qa1xb2=Q#`).
const SAN_ROOM: usize = 16;

/// The names of the squares, `a1` to `h8`, in the order of [`Square`].
static SQUARE_NAMES: [[u8; 2]; 64] = {
    let mut names = [[0; 2]; 64];
    let mut i = 0;
    while i < 64 {
        names[i] = [b'a' + (i % 8) as u8, b'1' + (i / 8) as u8];
        i += 1;
    }
    names
};

/// The bytes of one move's texts, made on the stack (`R`: the room, a power of two).
struct Bytes<const R: usize = ROOM> {
    b: [u8; R],
    n: usize,
}

impl<const R: usize> Bytes<R> {
    fn new() -> Bytes<R> {
        Bytes { b: [0; R], n: 0 }
    }

    /// Appends `c`. (`n` stays below the room, see [`ROOM`] and [`FIELDS_ROOM`]: the mask only
    /// lets the compiler drop the bounds check.)
    #[inline(always)]
    fn put(&mut self, c: u8) {
        self.b[self.n & (R - 1)] = c;
        self.n += 1;
    }

    /// Appends the first `len` bytes of `bytes` (all `K` of them copied at once: one move of
    /// the processor; the bytes past `len` are written over next, or left out).
    #[inline(always)]
    fn chunk<const K: usize>(&mut self, bytes: &[u8; K], len: usize) {
        if let Some(room) = self.b.get_mut(self.n..self.n + K) {
            room.copy_from_slice(bytes);
        }
        self.n += len.min(K);
    }

    /// Appends the first `len` bytes of `key` ([`Bytes::chunk`]).
    #[inline(always)]
    fn key(&mut self, key: &[u8; MOVE_KEY_BYTES], len: u8) {
        self.chunk(key, usize::from(len));
    }

    /// A square's name (`e4`), from a table: two bytes in one copy.
    #[inline(always)]
    fn square(&mut self, sq: Square) {
        self.chunk(&SQUARE_NAMES[usize::from(sq)], 2);
    }

    #[inline(always)]
    fn text(&mut self, text: &[u8]) {
        for &c in text {
            self.put(c);
        }
    }

    /// A number in decimal (one or two digits without a loop).
    #[inline(always)]
    fn number(&mut self, n: u32) {
        if n < 10 {
            return self.put(b'0' + n as u8);
        }
        if n < 100 {
            self.put(b'0' + (n / 10) as u8);
            return self.put(b'0' + (n % 10) as u8);
        }
        let mut digits = itoa::Buffer::new();
        self.text(digits.format(n).as_bytes());
    }

    #[inline(always)]
    fn san(&mut self, san: San, suffix: Option<Suffix>) {
        match san {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != shakmaty::Role::Pawn {
                    self.put(role.upper_char() as u8);
                }
                if let Some(file) = file {
                    self.put(file.char() as u8);
                }
                if let Some(rank) = rank {
                    self.put(rank.char() as u8);
                }
                if capture {
                    self.put(b'x');
                }
                self.square(to);
                if let Some(promotion) = promotion {
                    self.put(b'=');
                    self.put(promotion.upper_char() as u8);
                }
            }
            San::Castle(CastlingSide::KingSide) => self.text(b"O-O"),
            San::Castle(CastlingSide::QueenSide) => self.text(b"O-O-O"),
            San::Put { role, to } => {
                if role != shakmaty::Role::Pawn {
                    self.put(role.upper_char() as u8);
                }
                self.put(b'@');
                self.square(to);
            }
            San::Null => self.text(b"--"),
        }
        if let Some(suffix) = suffix {
            self.put(suffix.char() as u8);
        }
    }

    #[inline(always)]
    fn uci(&mut self, uci: UciMove) {
        match uci {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                self.square(from);
                self.square(to);
                if let Some(promotion) = promotion {
                    self.put(promotion.char() as u8);
                }
            }
            UciMove::Put { role, to } => {
                self.put(role.upper_char() as u8);
                self.put(b'@');
                self.square(to);
            }
            UciMove::Null => self.text(b"0000"),
        }
    }

    /// Appends the bytes made to `buf`. A move's texts (2 to 14 bytes) are appended as the
    /// whole room, a copy of a size known to the compiler (a move or two of the processor),
    /// and the bytes past them taken back: a call to `memcpy` for a few bytes cost more than
    /// the bytes (3.5 % of a worker's time in `moves --format parquet`, perf).
    #[inline(always)]
    fn done(&self, buf: &mut Vec<u8>) {
        let n = self.n.min(R);
        if R <= ROOM {
            let len = buf.len();
            buf.extend_from_slice(&self.b);
            buf.truncate(len + n);
        } else {
            buf.extend_from_slice(&self.b[..n]);
        }
    }
}

/// Appends the standard SAN of a move with its check mark (`Nf3`, `Qxf7#`), as shakmaty's
/// `SanPlus` writes it: the one SAN writer of `arbiter fen` rows and `arbiter moves`.
#[inline]
pub fn append_san(buf: &mut Vec<u8>, san: San, mark: CheckMark) {
    append_san_plus(
        buf,
        SanPlus {
            san,
            suffix: check_suffix(mark),
        },
    );
}

/// Appends a SAN with its suffix, as shakmaty's `SanPlus::append_ascii_to` does.
#[inline]
pub fn append_san_plus(buf: &mut Vec<u8>, san: SanPlus) {
    let mut b = Bytes::<ROOM>::new();
    b.san(san.san, san.suffix);
    b.done(buf);
}

/// The SAN suffix of a check mark (`+`, `#`, or none).
#[inline]
pub fn check_suffix(mark: CheckMark) -> Option<Suffix> {
    match mark {
        CheckMark::None => None,
        CheckMark::Check => Some(Suffix::Check),
        CheckMark::Mate => Some(Suffix::Checkmate),
    }
}

/// The UCI of `m`, as shakmaty's `UciMove::from_move` makes it (castling as the king's move
/// two files in `Standard` mode, as king-takes-rook in `Chess960` mode).
#[inline]
pub fn uci_move(m: Move, mode: CastlingMode) -> UciMove {
    match m {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => UciMove::Normal {
            from,
            to,
            promotion,
        },
        Move::EnPassant { from, to } => UciMove::Normal {
            from,
            to,
            promotion: None,
        },
        Move::Castle { king, rook } => {
            let to = match mode {
                CastlingMode::Chess960 => rook,
                CastlingMode::Standard if king < rook => Square::from_coords(File::G, king.rank()),
                CastlingMode::Standard => Square::from_coords(File::C, king.rank()),
            };
            UciMove::Normal {
                from: king,
                to,
                promotion: None,
            }
        }
        Move::Put { role, to } => UciMove::Put { role, to },
    }
}

/// Appends the UCI of `m` (`e2e4`, `e7e8q`; castling as king-takes-rook in `Chess960` mode).
#[inline]
pub fn append_uci(buf: &mut Vec<u8>, m: Move, mode: CastlingMode) {
    append_uci_move(buf, uci_move(m, mode));
}

/// Appends a UCI move, as shakmaty's `UciMove::append_ascii_to` does.
#[inline]
pub fn append_uci_move(buf: &mut Vec<u8>, uci: UciMove) {
    let mut b = Bytes::<ROOM>::new();
    b.uci(uci);
    b.done(buf);
}

/// The move number of the move that led to `after` and whether White played it: `(23, true)`
/// is `23.`, `(23, false)` is `23...` (as [`crate::analysis::text::move_number_before`]).
#[inline]
pub fn number_before(after: &Chess) -> (u32, bool) {
    match after.turn() {
        Color::Black => (after.fullmoves().get(), true),
        Color::White => (after.fullmoves().get().saturating_sub(1).max(1), false),
    }
}

/// Appends a move number in PGN style: `23.` (`white`) or `23...`.
#[inline]
pub fn append_move_number(buf: &mut Vec<u8>, number: u32, white: bool) {
    let mut b = Bytes::<ROOM>::new();
    b.number(number);
    b.text(if white { b"." } else { b"..." });
    b.done(buf);
}

/// Appends a move's three texts at once: the move in PGN style (`23...Nf3`: its number, then
/// its SAN), then its UCI; returns the lengths of the number and of the SAN (the UCI is the
/// rest).
#[inline]
pub fn append_move_texts(
    buf: &mut Vec<u8>,
    (number, white): (u32, bool),
    san: SanPlus,
    uci: UciMove,
) -> (usize, usize) {
    let mut b = Bytes::<ROOM>::new();
    b.number(number);
    b.text(if white { b"." } else { b"..." });
    let number = b.n;
    b.san(san.san, san.suffix);
    let san = b.n - number;
    b.uci(uci);
    b.done(buf);
    (number, san)
}

/// Appends a move's texts with the pieces of `keys` before, between and after them, in one
/// copy: the first piece, the move in PGN style (`23...Nf3`), the second, its SAN, the third,
/// its UCI, the fourth. This is how a record of `arbiter fen --format jsonl` gets its move
/// fields (the pieces are its keys and quotes).
#[inline(always)]
pub fn append_move_fields(buf: &mut Vec<u8>, moved: Moved, keys: &MoveKeys) {
    let mut b = Bytes::<FIELDS_ROOM>::new();
    let (number, white) = moved.number;
    let (pieces, lens) = (&keys.pieces, keys.lens);
    // The SAN is made once and copied twice.
    let mut san = Bytes::<SAN_ROOM>::new();
    san.san(moved.san.san, moved.san.suffix);
    b.key(&pieces[0], lens[0]);
    b.number(number);
    b.chunk(b"...", if white { 1 } else { 3 });
    b.chunk(&san.b, san.n);
    b.key(&pieces[1], lens[1]);
    b.chunk(&san.b, san.n);
    b.key(&pieces[2], lens[2]);
    b.uci(moved.uci);
    b.key(&pieces[3], lens[3]);
    b.done(buf);
}

/// The move that led to a position, as the rows and records show it (written when they are).
#[derive(Clone, Copy, Debug)]
pub struct Moved {
    /// Its standard SAN, with the check mark.
    pub san: SanPlus,
    /// Its UCI.
    pub uci: UciMove,
    /// Its move number, and whether White played it.
    pub number: (u32, bool),
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    /// Positions with every kind of move: castling both ways (standard and Chess960, with the
    /// king or a rook on its castling square), en passant, promotions with and without capture,
    /// checks and mates, ambiguous knights and queens (file, rank and square disambiguation).
    const FENS: [&str; 8] = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "Q6Q/8/8/6k1/8/8/8/Q3K3 w - - 0 1",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
        "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
    ];

    /// Every legal move of the positions two plies deep from [`FENS`]: the texts are
    /// shakmaty's.
    #[test]
    fn move_texts_are_shakmatys() {
        let mut seen = 0;
        for text in FENS {
            let fen: Fen = text.parse().unwrap();
            let mode = CastlingMode::detect(fen.as_setup());
            let start: Chess = fen.into_position(mode).unwrap();
            let mut positions = vec![start.clone()];
            for m in start.legal_moves() {
                let mut next = start.clone();
                next.play_unchecked(m);
                positions.push(next);
            }
            for pos in positions {
                for m in pos.legal_moves() {
                    let san = SanPlus::from_move(pos.clone(), m);
                    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                        let uci = UciMove::from_move(m, mode);
                        assert_eq!(uci_move(m, mode), uci);
                        let mut buf = b"x".to_vec();
                        append_uci(&mut buf, m, mode);
                        assert_eq!(buf, format!("x{uci}").as_bytes());
                    }
                    let mut buf = b"x".to_vec();
                    append_san_plus(&mut buf, san);
                    assert_eq!(buf, format!("x{san}").as_bytes());
                    let uci = UciMove::from_move(m, mode);
                    for number in [(1, true), (9, false), (10, true), (99, false), (100, true)] {
                        let (n, s) = (number.0, if number.1 { "." } else { "..." });
                        let mut buf = Vec::new();
                        let lengths = append_move_texts(&mut buf, number, san, uci);
                        let pgn = format!("{n}{s}");
                        assert_eq!(buf, format!("{pgn}{san}{uci}").as_bytes());
                        assert_eq!(lengths, (pgn.len(), san.to_string().len()));
                        let mut buf = b"x".to_vec();
                        let moved = Moved { san, uci, number };
                        let keys = MoveKeys::new([b"<0123456789abcde", b"", b"|", b"."], b"");
                        append_move_fields(&mut buf, moved, &keys);
                        let fields = format!("x<0123456789abcde{pgn}{san}{san}|{uci}.");
                        assert_eq!(buf, fields.as_bytes());
                    }
                    seen += 1;
                }
            }
        }
        assert!(seen > 6_000, "{seen} moves");
    }

    #[test]
    fn null_put_and_numbers() {
        let mut buf = Vec::new();
        append_san_plus(
            &mut buf,
            SanPlus {
                san: San::Null,
                suffix: None,
            },
        );
        append_uci_move(&mut buf, UciMove::Null);
        let put = UciMove::Put {
            role: shakmaty::Role::Knight,
            to: Square::E4,
        };
        append_uci_move(&mut buf, put);
        let san_put = San::Put {
            role: shakmaty::Role::Pawn,
            to: Square::D3,
        };
        append_san_plus(
            &mut buf,
            SanPlus {
                san: san_put,
                suffix: Some(Suffix::Check),
            },
        );
        assert_eq!(buf, format!("--0000{put}{san_put}+").as_bytes());
        for n in [0, 1, 9, 10, 99, 100, 999, 1000, 65535, u32::MAX] {
            for white in [true, false] {
                let mut buf = Vec::new();
                append_move_number(&mut buf, n, white);
                let dots = if white { "." } else { "..." };
                assert_eq!(buf, format!("{n}{dots}").as_bytes());
            }
        }
    }
}
