//! Openings from the moves (issue 17): a game is classified by the lichess `chess-openings` data
//! set (CC0, `data/openings/`, embedded in the binary) at the **deepest position of its main
//! line that ends one of the data set's lines**. Lines are matched by position (Zobrist key with
//! legal en passant, confirmed by comparing the positions), not by move order, so a
//! transposition lands on the line whose position it reaches, as lichess classifies games.
//!
//! Only games from the standard start position are classified; the walk stops after the
//! longest line of the data set (36 plies), so classifying costs at most that many moves of
//! replay per game.
//!
//! This module reads text and positions only: no I/O, no output formats.

use std::ops::ControlFlow;
use std::sync::OnceLock;

use shakmaty::san::San;
use shakmaty::{Chess, Position};

use crate::analysis::text::same_position;
use crate::analysis::walk::{End, Game, GameText, Played, Start, Visitor};

/// The data set: five TSV files of `eco<TAB>name<TAB>pgn`, each with a header line.
const TSV: [&str; 5] = [
    include_str!("../../../data/openings/a.tsv"),
    include_str!("../../../data/openings/b.tsv"),
    include_str!("../../../data/openings/c.tsv"),
    include_str!("../../../data/openings/d.tsv"),
    include_str!("../../../data/openings/e.tsv"),
];

/// One line of the data set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// ECO code (`C49`).
    pub eco: &'static str,
    /// Name, `Family: Variation, Subvariation` (`Four Knights Game: Symmetrical Variation`).
    pub name: &'static str,
    /// The moves from the standard start, as the data set writes them (`1. e4 e5 2. Nf3`).
    pub pgn: &'static str,
    /// Plies of the line.
    pub plies: u32,
}

/// The openings by the position their line ends in.
#[derive(Debug)]
pub struct Book {
    openings: Vec<Opening>,
    /// The position each line ends in (same index).
    positions: Vec<Chess>,
    /// The lines by their final position: an open-addressing table of [`SLOTS`] slots, each
    /// `0` (empty) or the line's index + 1 in the low 32 bits and the high 32 bits of the
    /// [`board_hash`] of its position above. A position is looked up with one hash of two
    /// bitboards and, most often, one empty slot (most positions of a game are in no line);
    /// a slot whose 32 bits agree is confirmed by comparing the positions. The data set has no
    /// two lines ending in the same position; a second one would be ignored.
    slots: Box<[u64]>,
    max_plies: u32,
}

/// Slots of [`Book::slots`]: a power of two, at least twice the lines of the data set (3,807),
/// so that probes stay short.
const SLOTS: usize = 1 << 13;

/// A hash of the squares occupied and of those by white: what tells most positions apart, at
/// the cost of two multiplications (no Zobrist key, which sums a value per piece).
#[inline]
fn board_hash(pos: &Chess) -> u64 {
    let board = pos.board();
    let h =
        (board.occupied().0 ^ board.white().0.rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// Why a line of the data set cannot be read (a damaged copy of `data/openings/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError(pub String);

impl std::fmt::Display for BookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BookError {}

/// Plays `pgn` (SAN with move numbers) from the standard start.
///
/// # Errors
/// Returns a [`BookError`] naming the word that is not a legal move.
pub fn play_line(pgn: &str) -> Result<(Chess, u32), BookError> {
    Prefix::default().play(pgn)
}

/// The moves of the line played last and the position after each: a line that begins with
/// the same moves replays only the rest (the data set is sorted by code and name, and two
/// thirds of its moves repeat the line before's).
#[derive(Debug, Default)]
struct Prefix<'a> {
    words: Vec<&'a str>,
    after: Vec<Chess>,
}

impl<'a> Prefix<'a> {
    /// Plays `pgn` from the standard start: the position it ends in and its plies.
    fn play(&mut self, pgn: &'a str) -> Result<(Chess, u32), BookError> {
        let mut plies = 0;
        let moves = pgn
            .split_ascii_whitespace()
            .filter(|w| !w.starts_with(|c: char| c.is_ascii_digit()));
        for word in moves {
            if self.words.get(plies) == Some(&word) {
                plies += 1;
                continue;
            }
            self.words.truncate(plies);
            self.after.truncate(plies);
            let mut pos = self.after.last().cloned().unwrap_or_default();
            let m = San::from_ascii(word.as_bytes())
                .ok()
                .and_then(|san| san.to_move(&pos).ok())
                .ok_or_else(|| BookError(format!("{word:?} is not a legal move in {pgn:?}")))?;
            pos.play_unchecked(m);
            self.words.push(word);
            self.after.push(pos);
            plies += 1;
        }
        self.words.truncate(plies);
        self.after.truncate(plies);
        let pos = self.after.last().cloned().unwrap_or_default();
        Ok((pos, plies as u32))
    }
}

impl Book {
    /// Reads the data set from TSV texts (each with a header line).
    ///
    /// # Errors
    /// Returns a [`BookError`] for a line without three fields or with an illegal move.
    pub fn from_tsv(texts: &[&'static str]) -> Result<Book, BookError> {
        let mut book = Book {
            openings: Vec::new(),
            positions: Vec::new(),
            slots: vec![0; SLOTS].into_boxed_slice(),
            max_plies: 0,
        };
        let mut prefix = Prefix::default();
        for text in texts {
            for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
                let mut fields = line.split('\t');
                let (Some(eco), Some(name), Some(pgn), None) =
                    (fields.next(), fields.next(), fields.next(), fields.next())
                else {
                    return Err(BookError(format!("not eco<TAB>name<TAB>pgn: {line:?}")));
                };
                let (pos, plies) = prefix.play(pgn)?;
                book.max_plies = book.max_plies.max(plies);
                book.openings.push(Opening {
                    eco,
                    name,
                    pgn,
                    plies,
                });
                book.insert(pos)?;
            }
        }
        Ok(book)
    }

    /// Adds the position of the line just pushed to the table, unless a line before ends in
    /// it too.
    fn insert(&mut self, pos: Chess) -> Result<(), BookError> {
        let index = self.positions.len();
        if index + 1 > SLOTS / 2 {
            return Err(BookError(format!("more than {} lines", SLOTS / 2)));
        }
        let h = board_hash(&pos);
        let mut slot = (h >> (64 - SLOTS.trailing_zeros())) as usize;
        loop {
            match self.slots[slot] {
                0 => {
                    self.slots[slot] = (h & !0xFFFF_FFFF) | (index as u64 + 1);
                    break;
                }
                s if s >> 32 == h >> 32
                    && same_position(&self.positions[(s as u32 - 1) as usize], &pos) =>
                {
                    break;
                }
                _ => slot = (slot + 1) % SLOTS,
            }
        }
        self.positions.push(pos);
        Ok(())
    }

    /// The data set embedded in the binary (read once).
    pub fn embedded() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| Book::from_tsv(&TSV).expect("the embedded openings are valid"))
    }

    /// Every line, in the data set's order.
    pub fn openings(&self) -> &[Opening] {
        &self.openings
    }

    /// The longest line, in plies.
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// The opening whose line ends in `pos`, if any.
    #[inline]
    pub fn lookup(&self, pos: &Chess) -> Option<&Opening> {
        let h = board_hash(pos);
        let mut slot = (h >> (64 - SLOTS.trailing_zeros())) as usize;
        loop {
            let s = *self.slots.get(slot)?;
            if s == 0 {
                return None;
            }
            let i = (s as u32 - 1) as usize;
            if s >> 32 == h >> 32 && same_position(&self.positions[i], pos) {
                return self.openings.get(i);
            }
            slot = (slot + 1) % SLOTS;
        }
    }
}

/// A game's opening: the line and the ply of the deepest main-line position it ends in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Classified {
    /// The line.
    pub opening: &'static Opening,
    /// The ply of the game at which its position stood.
    pub ply: u32,
}

/// Classifies a game, as a visitor of the walk: it follows the main line for as many plies as
/// the longest line has, then stops (a [`crate::analysis::walk::Pair`] with other visitors goes
/// on for them).
#[derive(Debug)]
pub struct Classifier {
    book: &'static Book,
    best: Option<Classified>,
}

impl Classifier {
    /// A classifier by the embedded data set.
    pub fn new() -> Classifier {
        Classifier {
            book: Book::embedded(),
            best: None,
        }
    }
}

impl Classifier {
    /// The deepest line found so far (what [`Visitor::end`] gives).
    pub fn best(&self) -> Option<Classified> {
        self.best
    }
}

impl Default for Classifier {
    fn default() -> Classifier {
        Classifier::new()
    }
}

impl<'g> Visitor<'g> for Classifier {
    type Output = Option<Classified>;

    fn needs_before(&self) -> bool {
        false
    }

    fn start(&mut self, _game: &mut Game<'g>, start: &Start) -> ControlFlow<()> {
        match start {
            Start::Position { pos, .. } if same_position(pos, &Chess::default()) => {
                ControlFlow::Continue(())
            }
            _ => ControlFlow::Break(()),
        }
    }

    #[inline]
    fn played(&mut self, _game: &mut Game<'g>, m: &Played<'_, 'g>) -> ControlFlow<()> {
        if m.depth > 0 {
            return ControlFlow::Continue(());
        }
        if let Some(opening) = self.book.lookup(m.after) {
            self.best = Some(Classified {
                opening,
                ply: m.ply,
            });
        }
        if m.ply >= self.book.max_plies() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn end(&mut self, _game: &mut Game<'g>, _end: &End<'_, 'g>) -> Option<Classified> {
        self.best.take()
    }

    fn panicked(&mut self, _text: &GameText<'g>) -> Option<Classified> {
        None
    }
}

/// Classifies one game (`bytes` as cut by the splitter).
pub fn classify_game(bytes: &[u8]) -> Option<Classified> {
    let text = GameText::of(bytes);
    crate::analysis::walk::walk(text, &mut Classifier::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(movetext: &str) -> Option<(&'static str, &'static str, u32)> {
        classify_game(format!("[Event \"t\"]\n\n{movetext} *\n").as_bytes())
            .map(|c| (c.opening.eco, c.opening.name, c.ply))
    }

    #[test]
    fn every_line_classifies_as_itself() {
        let book = Book::embedded();
        assert_eq!(book.openings().len(), 3807, "the lines of data/openings");
        assert_eq!(book.max_plies(), 36);
        for o in book.openings() {
            let got = of(o.pgn).unwrap_or_else(|| panic!("{o:?} not classified"));
            assert_eq!(got, (o.eco, o.name, o.plies), "{}", o.pgn);
        }
    }

    #[test]
    fn transpositions_land_on_the_position_line() {
        // 1.d4 d5 2.Nf3 is D02 "Queen's Pawn Game: Zukertort Variation"; 1.Nf3 d5 2.d4 reaches
        // the same position (python-chess: same EPD), so it is D02 too, at ply 3.
        assert_eq!(
            of("1. Nf3 d5 2. d4"),
            Some(("D02", "Queen's Pawn Game: Zukertort Variation", 3))
        );
        assert_eq!(of("1. d4 d5 2. Nf3"), of("1. Nf3 d5 2. d4"));
    }

    #[test]
    fn the_deepest_known_position_counts() {
        // 1.e4 e5 2.Nf3 Nc6 3.Bb5 is C60 "Ruy Lopez"; 3...Rb8 4.h4 are in no line, so the game
        // stays C60 at ply 5 (python-chess on the same TSV agrees).
        assert_eq!(
            of("1. e4 e5 2. Nf3 Nc6 3. Bb5 Rb8 4. h4"),
            Some(("C60", "Ruy Lopez", 5))
        );
        // From a FEN: not classified.
        let fen = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 *\n";
        assert_eq!(classify_game(fen.as_bytes()), None);
        assert_eq!(of(""), None);
    }
}
