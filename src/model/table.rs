//! The rows of the tables of `arbiter games` (one row per game) and `arbiter moves` (one row per
//! main-line move), as plain data: the analyses fill them, the printers (`report::tables`) write
//! them as CSV, JSON Lines or Parquet. The column names and their order are declared here once.

use super::GameStatus;

/// The tags that have a column of their own in `arbiter games`, in column order. Every other
/// tag goes to the `other_tags` column (a JSON object). The columns of each, their types and
/// order are `report::tables::columns`'; Date and UTCDate are read into [`PgnDate`], WhiteElo,
/// BlackElo and PlyCount into numbers and TimeControl into its first [`TimePeriod`] besides
/// its text.
pub const COMMON_TAGS: [&str; 16] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "WhiteElo",
    "BlackElo",
    "ECO",
    "Opening",
    "TimeControl",
    "Termination",
    "UTCDate",
    "UTCTime",
    "PlyCount",
];

/// The index of a tag in [`COMMON_TAGS`] (and in [`GameRow::tags`]).
pub mod tag {
    /// `Date`.
    pub const DATE: usize = 2;
    /// `WhiteElo`.
    pub const WHITE_ELO: usize = 7;
    /// `BlackElo`.
    pub const BLACK_ELO: usize = 8;
    /// `TimeControl`.
    pub const TIME_CONTROL: usize = 11;
    /// `UTCDate`.
    pub const UTC_DATE: usize = 13;
    /// `UTCTime`.
    pub const UTC_TIME: usize = 14;
    /// `PlyCount`.
    pub const PLY_COUNT: usize = 15;
}

/// A date tag (`Date`, `UTCDate`) read: `YYYY.MM.DD`, a part unknown as `??` (the PGN
/// standard, 8.1.1.3), or a year alone (`1857`); each part is `None` when it is unknown or not
/// a number in its range (a year of four digits 0001-9999, a month 1-12, a day 1-31).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PgnDate {
    /// The year.
    pub year: Option<u16>,
    /// The month, 1-12.
    pub month: Option<u8>,
    /// The day of the month, 1-31.
    pub day: Option<u8>,
    /// Days since 1970-01-01 (proleptic Gregorian calendar) when the three parts are known
    /// and make a day of the calendar (`2023.02.29` does not).
    pub days: Option<i32>,
}

impl PgnDate {
    /// The date in the PGN form (`YYYY.MM.DD`, `??` for an unknown part) when its year is
    /// known: a day the month does not have (`2023.02.30`) is unknown (`2023.02.??`), a day of
    /// an unknown month is kept (`2023.??.15`), as the PGN standard's form allows.
    pub fn pgn_text(&self) -> Option<String> {
        let year = self.year?;
        let two = |part: Option<u8>| part.map_or_else(|| "??".to_owned(), |n| format!("{n:02}"));
        let day = self
            .day
            .filter(|_| self.month.is_none() || self.days.is_some());
        Some(format!("{year:04}.{}.{}", two(self.month), two(day)))
    }
}

/// One period of a time control (a TimeControl tag: `40/5400+30`, `180+2`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimePeriod {
    /// The moves of each player in the period (`None`: the rest of the game).
    pub moves: Option<u32>,
    /// The time of the period, in seconds.
    pub seconds: f64,
    /// Seconds added after each move of the period (0 when none is given).
    pub increment: f64,
}

/// One row of `arbiter games`: a game, its tags and what reading it found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRow {
    /// 1-based index of the game in its file.
    pub game: u64,
    /// Byte offset of the game's first non-blank byte in its file.
    pub offset: u64,
    /// 1-based line of the game's first non-blank byte.
    pub line: u64,
    /// The values of [`COMMON_TAGS`] (decoded, unescaped), `None` when the tag is absent.
    pub tags: [Option<String>; 16],
    /// The Date tag read.
    pub date: PgnDate,
    /// The UTCDate tag read.
    pub utc_date: PgnDate,
    /// The UTCTime tag read: seconds since midnight (`None` when absent or not `HH:MM:SS`).
    pub utc_time: Option<u32>,
    /// The WhiteElo tag as a number (`None` when absent or not a number).
    pub white_elo: Option<i32>,
    /// The BlackElo tag as a number.
    pub black_elo: Option<i32>,
    /// The PlyCount tag as a number.
    pub ply_count: Option<u32>,
    /// The first period of the TimeControl tag (`None` when absent, `-` or not a time control).
    pub time_control: Option<TimePeriod>,
    /// The other tags, in order: name and value (a name that occurs twice keeps its first value).
    pub other_tags: Vec<(String, String)>,
    /// Main-line moves played.
    pub plies: u32,
    /// The game-termination marker of the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub marker: Option<&'static str>,
    /// The status `arbiter check` gives the game.
    pub status: GameStatus,
    /// Errors `arbiter check` reports in the game.
    pub errors: u32,
    /// Warnings `arbiter check` reports in the game.
    pub warnings: u32,
    /// The ply of the first main-line move that cannot be played (illegal, or no move at all).
    pub first_illegal_ply: Option<u32>,
    /// The FEN of the last position of the main line that was reached.
    pub final_fen: Option<String>,
    /// The speed class of the TimeControl tag ([`Speed`]).
    pub speed: Option<Speed>,
    /// The opening the moves reach (issue 17): the line of the lichess chess-openings data set
    /// that ends in the deepest main-line position of the game's first 36 plies, `None` for a
    /// game from a FEN or one that reaches no line.
    pub classified: Option<ClassifiedOpening>,
}

/// An opening classified from the moves, as a row of `arbiter games` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassifiedOpening {
    /// ECO code of the line (`C60`).
    pub eco: &'static str,
    /// Name of the line (`Ruy Lopez`).
    pub name: &'static str,
    /// The ply of the game at which the line's position stood (1-based).
    pub ply: u32,
}

impl GameStatus {
    /// The status as `arbiter check --games` writes it: `ok`, `warning`, `error`, `skipped`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Ok => "ok",
            GameStatus::Warning => "warning",
            GameStatus::Error => "error",
            GameStatus::Skipped => "skipped",
        }
    }
}

/// The speed class of a time control, with the thresholds lichess uses: the estimated duration
/// of a game is the base time plus 40 times the increment (seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    /// Under 30 s.
    UltraBullet,
    /// Under 3 min.
    Bullet,
    /// Under 8 min.
    Blitz,
    /// Under 25 min.
    Rapid,
    /// 25 min and more (also a FIDE-style `40/7200:3600`).
    Classical,
    /// Days per move (chess.com `1/259200`) or no clock (lichess `-`).
    Correspondence,
}

impl Speed {
    /// The class in lower case, as written in the tables.
    pub fn as_str(self) -> &'static str {
        match self {
            Speed::UltraBullet => "ultrabullet",
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
        }
    }
}

/// Strings of one column, stored end to end (one allocation for a game's moves).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StrColumn {
    /// The strings (UTF-8), concatenated.
    pub text: Vec<u8>,
    /// The end of each string in `text`.
    pub ends: Vec<u32>,
}

impl StrColumn {
    /// Ends the string being written at the end of `text` (write it into `text` first).
    pub fn end(&mut self) {
        self.ends.push(self.text.len() as u32);
    }

    /// The `i`-th string.
    pub fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        std::str::from_utf8(&self.text[start..self.ends[i] as usize]).unwrap_or_default()
    }

    /// Number of strings.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there is no string.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Removes every string, keeping the room.
    pub fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }

    /// Bytes of memory the column holds (its capacity).
    pub fn memory(&self) -> usize {
        self.text.capacity() + 4 * self.ends.capacity()
    }
}

/// An evaluation from a `[%eval]` comment, as written (from White's point of view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns (`[%eval 0.17]` is 17).
    Centipawns(i32),
    /// Mate in N moves, negative when Black mates (`[%eval #-3]` is -3).
    Mate(i32),
}

/// The data a move's comments carry (`[%clk]`, `[%emt]`, `[%eval]`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveData {
    /// Clock time remaining after the move, in seconds (`[%clk 0:02:59.9]` is 179.9).
    pub clk: Option<f64>,
    /// Time spent on the move, in seconds (`[%emt 0:00:05]` is 5).
    pub emt: Option<f64>,
    /// The clock after the move, in seconds: `clk`, or computed from `emt` and the time
    /// control (`analysis::tables::clock`).
    pub clock: Option<f64>,
    /// The time spent on the move, in seconds: `emt`, or computed from the clocks and the
    /// time control (`analysis::tables::clock`).
    pub spent: Option<f64>,
    /// The evaluation.
    pub eval: Option<Eval>,
    /// The search depth given with the evaluation (`[%eval 0.17,23]`).
    pub eval_depth: Option<u32>,
    /// Comments after the move.
    pub comments: u32,
}

/// The main-line moves of one game, column by column (rows of `arbiter moves`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveColumns {
    /// 1-based index of the game in its file.
    pub game: u64,
    /// Ply of each move (1-based from the game's start position).
    pub ply: Vec<u32>,
    /// Move number of each move (the fullmove number of the position before it).
    pub number: Vec<u32>,
    /// True for a move by White.
    pub white: Vec<bool>,
    /// Standard SAN with `+`/`#`.
    pub san: StrColumn,
    /// UCI (king-takes-rook castling in Chess960 games).
    pub uci: StrColumn,
    /// FEN after each move, when asked for.
    pub fen: Option<StrColumn>,
    /// What each move's comments say.
    pub data: Vec<MoveData>,
    /// The main line stopped at a move that cannot be played (its rows end before it).
    pub cut_short: bool,
}

impl MoveColumns {
    /// Number of moves.
    pub fn len(&self) -> usize {
        self.ply.len()
    }

    /// True when the game has no move.
    pub fn is_empty(&self) -> bool {
        self.ply.is_empty()
    }

    /// Removes every row, keeping the room (a recycled game's columns), and makes the FEN
    /// column there or not (`fen`).
    pub fn clear(&mut self, fen: bool) {
        self.game = 0;
        self.cut_short = false;
        self.ply.clear();
        self.number.clear();
        self.white.clear();
        self.san.clear();
        self.uci.clear();
        match (&mut self.fen, fen) {
            (Some(column), true) => column.clear(),
            (None, true) => self.fen = Some(StrColumn::default()),
            (_, false) => self.fen = None,
        }
        self.data.clear();
    }

    /// Bytes the rows take in the columns (their values, not the room for more).
    pub fn bytes(&self) -> usize {
        let texts = |c: &StrColumn| c.text.len() + 4 * c.ends.len();
        self.len() * (4 + 4 + 1 + std::mem::size_of::<MoveData>())
            + texts(&self.san)
            + texts(&self.uci)
            + self.fen.as_ref().map_or(0, texts)
    }

    /// Bytes of memory the columns hold (their capacity).
    pub fn memory(&self) -> usize {
        4 * (self.ply.capacity() + self.number.capacity())
            + self.white.capacity()
            + self.san.memory()
            + self.uci.memory()
            + self.fen.as_ref().map_or(0, StrColumn::memory)
            + std::mem::size_of::<MoveData>() * self.data.capacity()
    }

    /// Reserves room for `rows` more rows (their fixed-size values, and of their texts six bytes
    /// of SAN, five of UCI, 60 of FEN).
    pub fn reserve(&mut self, rows: usize) {
        self.ply.reserve(rows);
        self.number.reserve(rows);
        self.white.reserve(rows);
        self.data.reserve(rows);
        for (column, bytes) in [(&mut self.san, 6), (&mut self.uci, 5)] {
            column.ends.reserve(rows);
            column.text.reserve(rows * bytes);
        }
        if let Some(fen) = &mut self.fen {
            fen.ends.reserve(rows);
            fen.text.reserve(rows * 60);
        }
    }
}
