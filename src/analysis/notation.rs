//! Reading a move token as written: standard algebraic notation (SAN, PGN standard 8.2.3) and the
//! non-standard forms found in real databases.
//!
//! [`parse_move`] accepts more than SAN and records every departure from the standard in
//! [`Quirks`], so the checker can warn with the standard SAN instead of rejecting the move:
//! `0-0` castling, `e8Q` (promotion without `=`), `e.p.` suffixes, long algebraic `e2e4`/`e2-e4`
//! (and UCI `e7e8q`), figurine pieces (`♘f3`), and `:` as a capture mark. Checks of the move
//! against the position (missing `x`, over-disambiguation, wrong `+`/`#`) are done later, in
//! [`crate::analysis::resolve`].

use shakmaty::{CastlingSide, File, Rank, Role, Square};

bitflags::bitflags! {
    /// Departures from standard SAN found while reading a token.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Quirks: u16 {
        /// Castling written with zeros: `0-0`, `0-0-0`.
        const ZERO_CASTLING = 1;
        /// Promotion written without `=` (`e8Q`), or in brackets (`e8(Q)`), or with `/`.
        const PROMOTION_WITHOUT_EQUALS = 1 << 1;
        /// An `e.p.` / `ep` suffix on an en passant capture.
        const EP_SUFFIX = 1 << 2;
        /// Long algebraic notation: the from-square written out for a pawn, or a `-` between
        /// squares.
        const LONG_ALGEBRAIC = 1 << 3;
        /// Figurine piece symbols (`♘f3`).
        const FIGURINE = 1 << 4;
        /// Lower-case promotion piece (`e8=q`).
        const LOWERCASE_PROMOTION = 1 << 5;
        /// `:` used as the capture mark.
        const COLON_CAPTURE = 1 << 6;
        /// An explicit `P` for a pawn move.
        const PAWN_LETTER = 1 << 7;
        /// An evaluation symbol attached to the move (`Bc5=`, `Ng5□`, `Nxf7∞`); PGN wants a NAG.
        const ATTACHED_GLYPH = 1 << 8;
        /// Castling written with characters that look like the standard ones: a lower-case `o`
        /// (`o-o`) or a Unicode hyphen, dash or minus (`O‑O`, `O–O–O`).
        const LOOKALIKE_CASTLING = 1 << 9;
    }
}

/// The check indication written after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckMark {
    /// No `+` or `#`.
    None,
    /// `+`.
    Check,
    /// `#` (or `++`, an old sign for mate).
    Mate,
}

/// What the token asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A piece or pawn move.
    Normal {
        /// The moving piece (pawn when no letter is given).
        role: Role,
        /// From-file given as disambiguation (or as part of long algebraic notation).
        file: Option<File>,
        /// From-rank given.
        rank: Option<Rank>,
        /// A capture mark (`x` or `:`) was written.
        capture: bool,
        /// The destination square.
        to: Square,
        /// The promotion piece written, which may be one that is not allowed (king, pawn).
        promotion: Option<Role>,
    },
    /// `O-O` (king side) or `O-O-O` (queen side).
    Castle(CastlingSide),
    /// A null move: `--`, `Z0`, `0000` or `@@@@` (not a move in the Laws of Chess).
    Null,
    /// A piece drop, `N@f3` (Crazyhouse notation).
    Drop {
        /// The piece dropped.
        role: Role,
        /// Where.
        to: Square,
    },
}

/// A move token as read, before it is matched against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveToken {
    /// The move asked for.
    pub kind: MoveKind,
    /// The `+`/`#` suffix written.
    pub check: CheckMark,
    /// Non-standard forms used.
    pub quirks: Quirks,
}

/// Reads a move token; `None` when the token is not a move in any notation we accept.
///
/// Annotation suffixes (`!`, `?`, `!?`, `‼` ...) after the move are accepted and ignored.
#[inline(always)]
pub fn parse_move(token: &[u8]) -> Option<MoveToken> {
    if let Some(parsed) = parse_common(token) {
        return Some(parsed);
    }
    let mut quirks = Quirks::default();
    let mut buf = [0u8; 40];
    let ascii = if token.is_ascii() {
        token
    } else {
        to_ascii(token, &mut buf, &mut quirks)?
    };
    let mut r = Reader { s: ascii, i: 0 };
    let kind = r.kind(&mut quirks)?;
    let after_move = r.i;
    // The common case: nothing after the move, or just a check mark.
    match &r.s[after_move..] {
        b"" => {
            return Some(MoveToken {
                kind,
                check: CheckMark::None,
                quirks,
            });
        }
        b"+" => {
            return Some(MoveToken {
                kind,
                check: CheckMark::Check,
                quirks,
            });
        }
        b"#" => {
            return Some(MoveToken {
                kind,
                check: CheckMark::Mate,
                quirks,
            });
        }
        _ => {}
    }
    // First with the check mark read as such; then, for `Qh4+-`-style tokens, with the `+` as
    // part of an evaluation symbol.
    for with_check in [true, false] {
        r.i = after_move;
        let mut quirks = quirks;
        if r.eat_str(b"e.p.") || r.eat_str(b"ep") || r.eat_str(b"e.p") {
            quirks.insert(Quirks::EP_SUFFIX);
        }
        let check = if !with_check {
            CheckMark::None
        } else if r.eat_str(b"++") || r.eat(b'#') {
            CheckMark::Mate
        } else if r.eat(b'+') {
            CheckMark::Check
        } else {
            CheckMark::None
        };
        // Annotation suffixes: up to two of `!` and `?`.
        let mut marks = 0;
        while marks < 2 && (r.eat(b'!') || r.eat(b'?')) {
            marks += 1;
        }
        let rest = &r.s[r.i..];
        if !rest.is_empty() && ATTACHED_GLYPHS.iter().any(|g| g.as_bytes() == rest) {
            quirks.insert(Quirks::ATTACHED_GLYPH);
            r.i = r.s.len();
        }
        if r.i == r.s.len() {
            return Some(MoveToken {
                kind,
                check,
                quirks,
            });
        }
    }
    None
}

/// The shapes most moves are written in — `e4`, `Nf3`, `Nxf3`, `exd5`, each optionally followed
/// by `+` or `#` — read without the general reader; `None` for anything else (the general reader
/// then decides). Gives what the general reader gives for these shapes.
#[inline(always)]
fn parse_common(token: &[u8]) -> Option<MoveToken> {
    let (body, check) = match token.split_last()? {
        (b'+', body) => (body, CheckMark::Check),
        (b'#', body) => (body, CheckMark::Mate),
        _ => (token, CheckMark::None),
    };
    let square = |f: u8, r: u8| {
        let file = File::from_char(char::from(f))?;
        let rank = Rank::from_char(char::from(r))?;
        Some(Square::from_coords(file, rank))
    };
    let piece = |b: u8| match b {
        b'K' => Some(Role::King),
        b'Q' => Some(Role::Queen),
        b'R' => Some(Role::Rook),
        b'B' => Some(Role::Bishop),
        b'N' => Some(Role::Knight),
        _ => None,
    };
    let (role, file, capture, to) = match *body {
        [f, r] => (Role::Pawn, None, false, square(f, r)?),
        [p, f, r] => (piece(p)?, None, false, square(f, r)?),
        [p, b'x', f, r] => match piece(p) {
            Some(role) => (role, None, true, square(f, r)?),
            None => (
                Role::Pawn,
                Some(File::from_char(char::from(p))?),
                true,
                square(f, r)?,
            ),
        },
        _ => return None,
    };
    Some(MoveToken {
        kind: MoveKind::Normal {
            role,
            file,
            rank: None,
            capture,
            to,
            promotion: None,
        },
        check,
        quirks: Quirks::default(),
    })
}

/// Evaluation symbols some editors attach to moves (ChessBase, Informant-style text).
const ATTACHED_GLYPHS: &[&str] = &[
    "=", "+-", "-+", "+/-", "-/+", "+=", "=+", "+/=", "=/+", "∞", "=/∞", "±", "∓", "⩲", "⩱", "□",
    "+−", "−+", "N", "∆",
];

/// Copies the token into `buf`, replacing figurines and Unicode annotation marks by ASCII.
fn to_ascii<'b>(token: &[u8], buf: &'b mut [u8; 40], quirks: &mut Quirks) -> Option<&'b [u8]> {
    let mut n = 0;
    let mut push = |b: u8, n: &mut usize| -> Option<()> {
        *buf.get_mut(*n)? = b;
        *n += 1;
        Some(())
    };
    let text = std::str::from_utf8(token).ok()?;
    for ch in text.chars() {
        let mapped: &[u8] = match ch {
            '♔' | '♚' => b"K",
            '♕' | '♛' => b"Q",
            '♖' | '♜' => b"R",
            '♗' | '♝' => b"B",
            '♘' | '♞' => b"N",
            '♙' | '♟' => b"P",
            '‼' => b"!!",
            '⁇' => b"??",
            '⁉' => b"!?",
            '⁈' => b"?!",
            c => {
                let mut utf8 = [0u8; 4];
                for &b in c.encode_utf8(&mut utf8).as_bytes() {
                    push(b, &mut n)?;
                }
                continue;
            }
        };
        if mapped[0].is_ascii_uppercase() {
            quirks.insert(Quirks::FIGURINE);
        }
        for &b in mapped {
            push(b, &mut n)?;
        }
    }
    Some(&buf[..n])
}

struct Reader<'s> {
    s: &'s [u8],
    i: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn eat_str(&mut self, s: &[u8]) -> bool {
        if self.s[self.i..].starts_with(s) {
            self.i += s.len();
            true
        } else {
            false
        }
    }

    fn file(&mut self) -> Option<File> {
        let b = self.peek()?;
        let f = File::from_char(char::from(b))?;
        self.i += 1;
        Some(f)
    }

    fn rank(&mut self) -> Option<Rank> {
        let b = self.peek()?;
        let r = Rank::from_char(char::from(b))?;
        self.i += 1;
        Some(r)
    }

    fn square(&mut self) -> Option<Square> {
        let save = self.i;
        match (self.file(), self.rank()) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => {
                self.i = save;
                None
            }
        }
    }

    fn kind(&mut self, quirks: &mut Quirks) -> Option<MoveKind> {
        if matches!(self.peek(), Some(b'O' | b'0' | b'o')) {
            return self.castle_or_null(quirks);
        }
        if matches!(self.peek(), Some(b'-' | b'Z' | b'@')) {
            return self.castle_or_null(quirks);
        }
        self.piece_move(quirks)
    }

    fn castle_or_null(&mut self, quirks: &mut Quirks) -> Option<MoveKind> {
        // The standard forms first (what `castle` reads them as, without its loop).
        match self.s[self.i..] {
            [b'O', b'-', b'O', b'-', b'O', ..] => {
                self.i += 5;
                return Some(MoveKind::Castle(CastlingSide::QueenSide));
            }
            [b'O', b'-', b'O', ..] if !matches!(self.s.get(self.i + 3), Some(b'-' | 0xE2)) => {
                self.i += 3;
                return Some(MoveKind::Castle(CastlingSide::KingSide));
            }
            _ => {}
        }
        let save = self.i;
        if let Some(side) = self.castle(quirks) {
            return Some(MoveKind::Castle(side));
        }
        self.i = save;
        for null in [&b"--"[..], b"Z0", b"0000", b"@@@@"] {
            if self.eat_str(null) {
                return Some(MoveKind::Null);
            }
        }
        None
    }

    /// `O-O` or `O-O-O`; also with zeros (`0-0`), and with a lower-case `o` or a Unicode
    /// hyphen, dash or minus for `-` (not mixed with zeros).
    fn castle(&mut self, quirks: &mut Quirks) -> Option<CastlingSide> {
        let (mut letters, mut zeros, mut lookalike) = (0, false, false);
        loop {
            match self.peek() {
                Some(b'O') => {}
                Some(b'o') => lookalike = true,
                Some(b'0') => zeros = true,
                _ => return None,
            }
            self.i += 1;
            letters += 1;
            let save = self.i;
            let dash = match self.s[self.i..] {
                [b'-', ..] => 1,
                // U+2010 to U+2014 (hyphens and dashes) and U+2212 (minus).
                [0xE2, 0x80, 0x90..=0x94, ..] | [0xE2, 0x88, 0x92, ..] => 3,
                _ => 0,
            };
            if letters == 3
                || dash == 0
                || !matches!(self.s.get(self.i + dash), Some(b'O' | b'o' | b'0'))
            {
                self.i = save;
                break;
            }
            lookalike |= dash > 1;
            self.i += dash;
        }
        if letters < 2 || zeros && (lookalike || self.s[..self.i].contains(&b'O')) {
            return None;
        }
        if zeros {
            quirks.insert(Quirks::ZERO_CASTLING);
        }
        if lookalike {
            quirks.insert(Quirks::LOOKALIKE_CASTLING);
        }
        Some(match letters {
            2 => CastlingSide::KingSide,
            _ => CastlingSide::QueenSide,
        })
    }

    fn piece_move(&mut self, quirks: &mut Quirks) -> Option<MoveKind> {
        let role = match self.peek() {
            Some(b'K') => Some(Role::King),
            Some(b'Q') => Some(Role::Queen),
            Some(b'R') => Some(Role::Rook),
            Some(b'B') => Some(Role::Bishop),
            Some(b'N') => Some(Role::Knight),
            Some(b'P') => {
                quirks.insert(Quirks::PAWN_LETTER);
                Some(Role::Pawn)
            }
            _ => None,
        };
        if role.is_some() {
            self.i += 1;
        }
        let role = role.unwrap_or(Role::Pawn);
        if self.eat(b'@') {
            let to = self.square()?;
            return Some(MoveKind::Drop { role, to });
        }
        let mut file = self.file();
        let mut rank = self.rank();
        let mut capture = false;
        let mut hyphen = false;
        let before_separator = self.i;
        if self.eat(b'x') {
            capture = true;
        } else if self.eat(b':') {
            capture = true;
            quirks.insert(Quirks::COLON_CAPTURE);
        } else if self.eat(b'-') {
            hyphen = true;
        }
        let mut to = self.square();
        if to.is_none() && hyphen {
            // `g3-+`: the hyphen belongs to an evaluation symbol, not to long algebraic notation.
            self.i = before_separator;
            hyphen = false;
        }
        let to = match to.take() {
            Some(to) => to,
            None if !capture && !hyphen => {
                let to = Square::from_coords(file?, rank?);
                file = None;
                rank = None;
                to
            }
            None => return None,
        };
        if hyphen || (role == Role::Pawn && file.is_some() && rank.is_some()) {
            quirks.insert(Quirks::LONG_ALGEBRAIC);
        }
        let promotion = self.promotion(quirks);
        Some(MoveKind::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

    fn promotion(&mut self, quirks: &mut Quirks) -> Option<Role> {
        let save = self.i;
        let (open, close) = if self.eat(b'=') {
            (true, None)
        } else if self.eat(b'(') {
            (false, Some(b')'))
        } else {
            // `e8/Q` or `e8Q`: both are promotion without `=`.
            self.eat(b'/');
            (false, None)
        };
        let Some(b) = self.peek() else {
            self.i = save;
            return None;
        };
        let role = Role::from_char(char::from(b.to_ascii_lowercase()));
        let Some(role) = role else {
            self.i = save;
            return None;
        };
        self.i += 1;
        if let Some(close) = close
            && !self.eat(close)
        {
            self.i = save;
            return None;
        }
        if !open {
            quirks.insert(Quirks::PROMOTION_WITHOUT_EQUALS);
        }
        if b.is_ascii_lowercase() {
            quirks.insert(Quirks::LOWERCASE_PROMOTION);
        }
        Some(role)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal(token: &str) -> (MoveKind, CheckMark, Quirks) {
        let t = parse_move(token.as_bytes()).unwrap_or_else(|| panic!("{token} not parsed"));
        (t.kind, t.check, t.quirks)
    }

    /// The fast path gives exactly what the general reader gives, for every token of the
    /// shapes it takes (and a sample of near misses it must leave alone).
    #[test]
    fn common_shapes_agree_with_the_general_reader() {
        let general = |token: &[u8]| {
            let mut quirks = Quirks::default();
            let mut r = Reader { s: token, i: 0 };
            let kind = r.kind(&mut quirks)?;
            let check = match &token[r.i..] {
                b"" => CheckMark::None,
                b"+" => CheckMark::Check,
                b"#" => CheckMark::Mate,
                _ => return None,
            };
            Some(MoveToken {
                kind,
                check,
                quirks,
            })
        };
        let bytes: Vec<u8> = b"abcdefghiKQRBNPOx123456789-=+#".to_vec();
        let mut tokens: Vec<Vec<u8>> = Vec::new();
        for &a in &bytes {
            for &b in &bytes {
                tokens.push(vec![a, b]);
                for &c in &bytes {
                    tokens.push(vec![a, b, c]);
                    for &d in &bytes {
                        tokens.push(vec![a, b, c, d]);
                    }
                }
            }
        }
        let mut fast = 0;
        for token in &tokens {
            if let Some(parsed) = parse_common(token) {
                fast += 1;
                assert_eq!(
                    Some(parsed),
                    general(token),
                    "{}",
                    String::from_utf8_lossy(token)
                );
            }
        }
        assert!(fast > 1900, "{fast}");
    }

    #[test]
    fn standard_san() {
        let (kind, check, quirks) = normal("Nbd7+");
        assert_eq!(
            kind,
            MoveKind::Normal {
                role: Role::Knight,
                file: Some(File::B),
                rank: None,
                capture: false,
                to: Square::D7,
                promotion: None
            }
        );
        assert_eq!(check, CheckMark::Check);
        assert!(quirks.is_empty());
        let (kind, check, quirks) = normal("exd8=Q#!?");
        assert_eq!(
            kind,
            MoveKind::Normal {
                role: Role::Pawn,
                file: Some(File::E),
                rank: None,
                capture: true,
                to: Square::D8,
                promotion: Some(Role::Queen)
            }
        );
        assert_eq!(check, CheckMark::Mate);
        assert!(quirks.is_empty());
        assert_eq!(normal("O-O-O").0, MoveKind::Castle(CastlingSide::QueenSide));
    }

    #[test]
    fn quirks_are_recorded() {
        assert!(normal("0-0").2.contains(Quirks::ZERO_CASTLING));
        assert!(normal("e8Q").2.contains(Quirks::PROMOTION_WITHOUT_EQUALS));
        assert!(normal("exd6e.p.").2.contains(Quirks::EP_SUFFIX));
        assert!(normal("e2e4").2.contains(Quirks::LONG_ALGEBRAIC));
        assert!(normal("e2-e4").2.contains(Quirks::LONG_ALGEBRAIC));
        assert!(normal("Ng1-f3").2.contains(Quirks::LONG_ALGEBRAIC));
        assert!(normal("♘f3").2.contains(Quirks::FIGURINE));
        let (kind, _, quirks) = normal("e7e8q");
        assert!(quirks.contains(Quirks::LONG_ALGEBRAIC));
        assert!(matches!(
            kind,
            MoveKind::Normal {
                promotion: Some(Role::Queen),
                ..
            }
        ));
        assert_eq!(normal("--").0, MoveKind::Null);
        for (token, side) in [
            ("o-o", CastlingSide::KingSide),
            ("o-o-o+", CastlingSide::QueenSide),
            ("O‑O", CastlingSide::KingSide),
            ("O–O–O", CastlingSide::QueenSide),
            ("O−O#", CastlingSide::KingSide),
            ("O-o", CastlingSide::KingSide),
        ] {
            let (kind, _, quirks) = normal(token);
            assert_eq!(kind, MoveKind::Castle(side), "{token}");
            assert_eq!(quirks, Quirks::LOOKALIKE_CASTLING, "{token}");
        }
        let (kind, _, quirks) = normal("0-0-0");
        assert_eq!(kind, MoveKind::Castle(CastlingSide::QueenSide));
        assert_eq!(quirks, Quirks::ZERO_CASTLING);
        assert_eq!(normal("O-O-O").2, Quirks::empty());
        assert_eq!(normal("0000").0, MoveKind::Null);
        assert!(normal("Ng5□").2.contains(Quirks::ATTACHED_GLYPH));
        assert!(normal("Bc5=").2.contains(Quirks::ATTACHED_GLYPH));
        // `+−` (U+2212) is the evaluation symbol "White is winning", not a check mark.
        let (_, check, quirks) = normal("Qh4+−");
        assert_eq!(check, CheckMark::None);
        assert!(quirks.contains(Quirks::ATTACHED_GLYPH));
        let (_, check, quirks) = normal("g3-+");
        assert_eq!(check, CheckMark::None);
        assert!(quirks.contains(Quirks::ATTACHED_GLYPH));
        assert_eq!(
            normal("N@f3").0,
            MoveKind::Drop {
                role: Role::Knight,
                to: Square::F3
            }
        );
    }

    #[test]
    fn not_moves() {
        for bad in [
            "Nf9", "Qxx4", "", "x", "e", "Ke", "hello", "e4e", "Nf3++!!!", "0-O", "o-0", "o",
            "O-O-O-O", "o-", "O–", "00", "O-O–",
        ] {
            assert!(parse_move(bad.as_bytes()).is_none(), "{bad}");
        }
    }
}
