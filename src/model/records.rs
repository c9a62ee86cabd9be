//! Position records written while a game's positions are made (`arbiter fen --format jsonl`):
//! the printer's part ([`RecordWriter`], in `report`) and the converter's (in `analysis`) meet
//! here, so that neither names the other.

use super::GameInfo;

/// The longest piece of text of [`MoveKeys`].
pub const MOVE_KEY_BYTES: usize = 16;

/// The texts a record puts around the move that led to its position: before the move in PGN
/// style (`23...Nf3`), before its SAN, before its UCI, and after the UCI (up to the FEN), each
/// at most [`MOVE_KEY_BYTES`] bytes, kept in arrays of that size so that each is copied in one
/// move of the processor; and the text of a position no move led to (the start position).
#[derive(Clone, Copy, Debug)]
pub struct MoveKeys {
    /// The four pieces, padded with zeros.
    pub pieces: [[u8; MOVE_KEY_BYTES]; 4],
    /// Their lengths.
    pub lens: [u8; 4],
    /// In place of the four pieces and the move's texts, for a position no move led to.
    pub none: &'static [u8],
}

impl MoveKeys {
    /// The keys of `pieces` (each at most [`MOVE_KEY_BYTES`] bytes: a longer one fails to
    /// compile in a constant) and `none`.
    pub const fn new(pieces: [&[u8]; 4], none: &'static [u8]) -> MoveKeys {
        let mut keys = MoveKeys {
            pieces: [[0; MOVE_KEY_BYTES]; 4],
            lens: [0; 4],
            none,
        };
        let mut i = 0;
        while i < 4 {
            let piece = pieces[i];
            assert!(piece.len() <= MOVE_KEY_BYTES);
            let mut j = 0;
            while j < piece.len() {
                keys.pieces[i][j] = piece[j];
                j += 1;
            }
            keys.lens[i] = piece.len() as u8;
            i += 1;
        }
        keys
    }
}

/// Writes each position of a game as a finished record while the game is converted, instead of
/// keeping rows for a printer: [`RecordWriter::open`], the move's texts between
/// [`RecordWriter::keys`], the FEN, then [`RecordWriter::close`], all into the game's text.
pub trait RecordWriter: std::fmt::Debug {
    /// The game's start: `info` holds what every record of the game repeats (its number and
    /// its Event, White and Black tags).
    fn start_game(&mut self, info: &GameInfo);
    /// Writes the start of a position's record, up to the move that led to it; the position
    /// stands after `ply` of its line.
    fn open(&mut self, out: &mut Vec<u8>, ply: u32);
    /// The texts around the move's texts, up to the FEN.
    fn keys(&self) -> &MoveKeys;
    /// Writes the end of the record, after its FEN; `path` is the path of the position's
    /// variation (empty on the main line).
    fn close(&mut self, out: &mut Vec<u8>, path: &str);
}
