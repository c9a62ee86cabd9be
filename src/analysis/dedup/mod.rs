//! `arbiter dedup` (issue 15): the key of a game, made by one visitor of the game walk.
//!
//! A game's key is bytes that two games share exactly when they are duplicates at a level
//! ([`Level`]), but for their players' given names: a header (the players' coarse keys,
//! [`Names::coarse_key`], which the command refines into persons group by group; for
//! [`Level::Game`] the result and date too; each length-prefixed; then the start position)
//! followed by the main line, two bytes a move
//! (from, to, promotion), so that byte order puts a main line right before the main lines that
//! extend it (what [`Level::Prefix`] needs). A line that stops at an illegal move, a FEN that
//! cannot be read and an unsupported variant are keyed by the text of the main line's move
//! tokens from there on. The [`GameKey::hash`] of the key finds candidates quickly; the keys are
//! compared byte for byte to confirm them, so a collision never makes two games duplicates.
//!
//! This module must not import `engine`, `report` or `commands`.

use std::ops::ControlFlow;

use shakmaty::{EnPassantMode, Move, fen::Fen};

use super::lexer::{Token, TokenKind};
use super::names::{Names, date_key};
use super::tags::Variant;
use super::text::{MAX_TAG_CHARS, truncate};
use super::walk::{End, Game, GameText, Played, Start, Stopped, Visitor, walk};
use crate::model::dedup::Level;

/// What the dedup job makes of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameKey {
    /// Hash of the key (of its header alone at [`Level::Prefix`]), cut to the requested bits.
    pub hash: u64,
    /// The key (see the module documentation).
    pub key: Vec<u8>,
    /// Bytes of `key` before the main line.
    pub header_len: u32,
    /// Main-line plies played.
    pub plies: u32,
    /// Tag pairs.
    pub tags: u32,
    /// Comments, glyphs and variations (anywhere in the game).
    pub annotations: u32,
    /// The White tag as written (cut to 100 characters).
    pub white: String,
    /// The Black tag as written (cut to 100 characters).
    pub black: String,
    /// The Date tag as written (cut to 100 characters).
    pub date: String,
}

/// The key of one game at `level`, its players' names read through `names` (their keys after
/// the alias file), its hash cut to `hash_bits` bits (64: the whole hash; fewer only to test
/// that collisions change nothing). `None` when reading the game failed (a bug).
pub fn game_key(
    text: GameText<'_>,
    level: Level,
    names: &Names,
    hash_bits: u32,
) -> Option<GameKey> {
    let mut visitor = KeyVisitor {
        level,
        names,
        hash_bits,
        key: GameKey::default(),
        moves: Vec::with_capacity(256),
        rest: Vec::new(),
        raw: false,
        depth: 0,
    };
    walk(text, &mut visitor)
}

/// The visitor that makes a [`GameKey`].
struct KeyVisitor<'n> {
    level: Level,
    names: &'n Names,
    hash_bits: u32,
    key: GameKey,
    /// The main line, two bytes a move.
    moves: Vec<u8>,
    /// Main-line move tokens, as written, from the first that could not be played on.
    rest: Vec<u8>,
    /// The main line is no longer replayed: its move tokens go to `rest`.
    raw: bool,
    /// Variation depth of the token stream.
    depth: u32,
}

impl KeyVisitor<'_> {
    fn push_field(&mut self, value: &[u8]) {
        let key = &mut self.key.key;
        key.extend_from_slice(&(value.len() as u32).to_be_bytes());
        key.extend_from_slice(value);
    }
}

/// Two bytes for a legal move: from (6 bits), to (6 bits), promotion (3 bits). A castling
/// move is the king's square to the rook's (shakmaty's encoding), so it is unique too.
fn move_code(m: &Move) -> [u8; 2] {
    let from = m.from().map_or(0, u16::from);
    let to = u16::from(m.to());
    let promotion = m.promotion().map_or(0, |r| r as u16);
    ((from << 9) | (to << 3) | promotion).to_be_bytes()
}

impl<'g> Visitor<'g> for KeyVisitor<'_> {
    type Output = Option<GameKey>;

    fn needs_before(&self) -> bool {
        false
    }

    fn tags(&mut self, game: &mut Game<'g>) -> ControlFlow<()> {
        let tags = &game.tags;
        self.key.tags = tags.pairs.len() as u32;
        let value = |name: &str| tags.value(name).unwrap_or_default();
        let (white, black, date) = (value("White"), value("Black"), value("Date"));
        if self.level != Level::Moves {
            let (w, b) = (self.names.coarse_key(&white), self.names.coarse_key(&black));
            self.push_field(w.as_bytes());
            self.push_field(b.as_bytes());
        }
        if self.level == Level::Game {
            let result = value("Result");
            self.push_field(result.trim().as_bytes());
            self.push_field(date_key(&date).as_bytes());
        }
        // Shown in the groups as every record shows a tag value (issue 33: one cut length).
        let cut = |s: String| truncate(s, MAX_TAG_CHARS);
        (self.key.white, self.key.black, self.key.date) = (cut(white), cut(black), cut(date));
        ControlFlow::Continue(())
    }

    fn start(&mut self, game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        let field = match start {
            Start::Position { pos, .. } => {
                let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
                let standard = game.variant == Variant::Standard
                    && fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
                let variant = if game.variant == Variant::Chess960 {
                    "960 "
                } else {
                    ""
                };
                if standard {
                    String::new()
                } else {
                    format!("{variant}{fen}")
                }
            }
            Start::BadFen { .. } | Start::Unsupported { .. } => {
                self.raw = true;
                let fen = game.tags.value("FEN").unwrap_or_default();
                let variant = game.tags.value("Variant").unwrap_or_default();
                format!("? {variant} {fen}")
            }
        };
        self.push_field(field.as_bytes());
        ControlFlow::Continue(())
    }

    fn token(&mut self, _game: &mut Game<'g>, token: &Token<'g>) {
        match token.kind {
            TokenKind::Open => {
                self.depth += 1;
                self.key.annotations += 1;
            }
            TokenKind::Close => self.depth = self.depth.saturating_sub(1),
            TokenKind::Comment
            | TokenKind::LineComment
            | TokenKind::UnterminatedComment
            | TokenKind::Nag(_)
            | TokenKind::Glyph => self.key.annotations += 1,
            TokenKind::Move if self.raw && self.depth == 0 => {
                self.rest.extend_from_slice(token.text);
                self.rest.push(b' ');
            }
            _ => {}
        }
    }

    fn played(&mut self, _game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        if m.depth == 0 {
            self.moves.extend_from_slice(&move_code(&m.resolved.m));
            self.key.plies += 1;
        }
        ControlFlow::Continue(())
    }

    fn stopped(&mut self, _game: &mut Game<'g>, s: &Stopped<'_, 'g>) -> ControlFlow<()> {
        if s.depth == 0 && !self.raw {
            self.raw = true;
            self.rest.extend_from_slice(s.token.text);
            self.rest.push(b' ');
        }
        ControlFlow::Continue(())
    }

    fn end(&mut self, _game: &mut Game<'g>, _end: &End<'_, 'g>) -> Option<GameKey> {
        let mut key = std::mem::take(&mut self.key);
        key.header_len = key.key.len() as u32;
        key.key.extend_from_slice(&self.moves);
        if !self.rest.is_empty() {
            key.key.extend_from_slice(&[0xFF, 0xFF]);
            key.key.extend_from_slice(&self.rest);
        }
        let hashed = match self.level {
            Level::Prefix => &key.key[..key.header_len as usize],
            Level::Moves | Level::Game => &key.key[..],
        };
        key.hash = cut_hash(hash(hashed), self.hash_bits);
        Some(key)
    }

    fn panicked(&mut self, _text: &GameText<'g>) -> Option<GameKey> {
        None
    }
}

/// `hash` cut to its low `bits` bits.
pub fn cut_hash(hash: u64, bits: u32) -> u64 {
    match bits {
        0 => 0,
        64.. => hash,
        _ => hash & ((1u64 << bits) - 1),
    }
}

/// A fast 64-bit hash of `bytes` (multiply-rotate over 8-byte words, then a final mix): good
/// enough to spread keys, never trusted for equality.
pub fn hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h: u64 = bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        h = (h.rotate_left(5) ^ word).wrapping_mul(K);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h.rotate_left(5) ^ u64::from_le_bytes(tail)).wrapping_mul(K);
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^ (h >> 33)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(pgn: &str, level: Level) -> GameKey {
        let text = GameText::of(pgn.as_bytes());
        game_key(text, level, &Names::new(), 64).unwrap()
    }

    const A: &str = "[White \"Kasparov, Gary\"]\n[Black \"Karpov, A.\"]\n[Result \"1-0\"]\n\n\
                     1. e4 e5 2. Nf3 {a comment} Nc6 1-0\n";
    const B: &str = "[White \"Kasparov,G\"]\n[Black \"Karpov,Anatoly\"]\n[Result \"1-0\"]\n\n\
                     1.e4 e5 2.Nf3 Nc6 (2... d6) 1-0\n";

    #[test]
    fn normalised_copies_share_the_key() {
        let (a, b) = (key(A, Level::Game), key(B, Level::Game));
        assert_eq!(a.key, b.key);
        assert_eq!(a.hash, b.hash);
        assert_eq!((a.plies, a.annotations, b.annotations), (4, 1, 1));
    }

    #[test]
    fn levels_differ() {
        let c = B.replace("Karpov,Anatoly", "Kramnik, V");
        assert_ne!(key(A, Level::Game).key, key(&c, Level::Game).key);
        assert_eq!(key(A, Level::Moves).key, key(&c, Level::Moves).key);
        let short = A.replace(" Nc6 1-0", " 1-0");
        let (s, a) = (key(&short, Level::Prefix), key(A, Level::Prefix));
        assert_eq!(s.hash, a.hash);
        assert!(a.key.starts_with(&s.key) && a.key != s.key);
    }

    #[test]
    fn an_illegal_move_keeps_the_rest_as_text() {
        let x = key("1. e4 e5 2. Ke3 Nc6 *\n", Level::Moves);
        let y = key("1. e4 e5 2. Ke3 Nf6 *\n", Level::Moves);
        assert_ne!(x.key, y.key);
        assert_eq!(x.plies, 2);
    }

    #[test]
    fn hashes_cut() {
        assert_eq!(cut_hash(u64::MAX, 0), 0);
        assert_eq!(cut_hash(u64::MAX, 4), 15);
        assert_eq!(cut_hash(7, 64), 7);
        assert_ne!(hash(b"abc"), hash(b"abd"));
    }
}
