//! `arbiter fix` for one game (issue 14): the game walked once by the exporter of `arbiter pgn`,
//! the checker of `arbiter check` and the auditor of `arbiter audit` together ([`Fixer`]); what
//! the checker and the auditor find wrong decides the repairs, the exporter writes the game in
//! export format with them, and every change is a [`Change`] record.
//!
//! A game with an error no repair covers (an illegal move, an unreadable word, a broken
//! structure, a FEN tag that gives no position) is not repaired: it is [`Fixed::rejected`], and
//! the caller keeps its bytes as they are.
//!
//! This module must not import `engine`, `report`, `commands`, `rayon` or clap.

use crate::analysis::draw::{CannotMate, LawsOption, Profile};
use crate::analysis::pgn::{ExportBuffers, ExportOptions};
use crate::analysis::walk::{GameText, walk};
use crate::model::fix::{Change, Rejected};

mod broken;
mod dates;
mod encoding;
mod repairs;
mod result;
mod visitor;

pub use dates::normalize_date;
pub use encoding::{Encoding, decode_cp437, detect, transcode};
pub use repairs::result_form;
pub use visitor::Fixer;

macro_rules! repairs {
    ($($variant:ident = $name:literal, $forced:literal, $what:literal;)*) => {
        /// A repair of `arbiter fix`, by name (`--only`, `--skip`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Repair {
            $(
                #[doc = $what]
                $variant,
            )*
        }

        /// Every repair: name, whether the export format makes it (it cannot be skipped), and
        /// what it does (GUIDE.md's table).
        pub const REPAIRS: &[(Repair, &str, bool, &str)] = &[
            $((Repair::$variant, $name, $forced, $what),)*
        ];
    };
}

repairs! {
    San = "san", true, "every move in standard SAN (castling with `O`, `=` before a promotion, `x` for captures, `+`/`#` as the position gives, minimal disambiguation, no figurines, no long algebraic, no pawn letter); an evaluation glyph glued to a move becomes its NAG";
    MoveNumber = "move-number", true, "move numbers regenerated (`12...` where a black move needs one)";
    Roster = "roster", true, "the Seven Tag Roster first, in order, a missing tag written `?` (`????.??.??` for Date)";
    DuplicateTag = "duplicate-tag", true, "a tag written twice keeps its first value";
    TagQuotes = "tag-quotes", true, "a tag value with unescaped quotes, read up to its last quote, written with `\\\"`";
    Fen = "fen", true, "a FEN tag read with a repair (fullmove 0 read as 1, castling rights the position cannot have dropped, an impossible en passant square dropped, a halfmove clock that cannot be) written as read";
    ResultForm = "result-form", true, "a result written `1/2`, `½-½`, `0.5-0.5`, `1:0`, `+--`, with a Unicode dash... written `1-0`, `0-1` or `1/2-1/2` (termination marker and Result tag)";
    ResultAgree = "result-agree", false, "a Result tag that disagrees with the termination marker settled by the rule `--result-from` names (`marker`, `tag`, `position`: the result the moves decide), the first that gives a result; made only with `--result-from` (without it the game is rejected: which record is right, nothing says)";
    ResultDecided = "result-decided", false, "the result the moves decide: checkmate, stalemate, an automatic draw (fivefold, 75 moves), a dead position, a decisive result for a side that cannot mate, `*` on a finished game";
    Date = "date", false, "Date, EventDate and UTCDate as `YYYY.MM.DD` where unambiguous (`1959` → `1959.??.??`, `1959-03-01` → `1959.03.01`); a date that cannot be is `????.??.??`";
    PlyCount = "plycount", false, "a PlyCount tag that is not the main line's plies set to them";
    PlyCountAdd = "plycount-add", false, "a PlyCount tag added where there is none (off by default: `--add plycount`)";
    SetUp = "setup", false, "`SetUp \"1\"` beside a FEN tag; a `SetUp \"1\"` without FEN removed";
    PaddedNumber = "padded-number", false, "a numeric tag (WhiteElo, BlackElo, PlyCount...) written with white space around its number (`BlackElo \" 2700\"`): the number alone";
    DoubleEncoding = "double-encoding", false, "text encoded as UTF-8 twice (`ZÃ¼rich`), in a tag value or a comment, decoded (`Zürich`): only where every run of non-ASCII characters of the text decodes to plausible characters";
    Encoding = "encoding", false, "a game that is not UTF-8 converted from Windows-1252 (Latin-1) or DOS code page 437 (guessed per game, or `--encoding`); control characters removed from tag values";
    Eco = "eco", false, "a missing ECO tag (and a missing Opening tag) filled from the moves: the lichess `chess-openings` line whose position the main line reaches deepest (off by default: `--add eco`)";
    EcoCorrect = "eco-correct", false, "an ECO tag the moves contradict (and its Opening tag) set to the classification (off by default: `--eco-correct` or `--only eco-correct`)";
    KeepBroken = "keep-broken", false, "a stray word that is no move (a `}` with no `{`) kept in a comment; a game with an illegal move (or a word that is no move in a move's place) written cut there, the rest of its line kept in a comment, result `*` unless an automatic draw before the cut or the position at it decides it (off by default: `--keep-broken`)";
}

/// The repairs made only when asked for (`--only NAME` or their own option): they add what the
/// game does not need (ECO and Opening tags, a PlyCount tag: issue 31), change what the game says
/// (an ECO tag written by a person), choose between two records that disagree, or keep a game
/// no repair saves.
pub const OFF_BY_DEFAULT: &[Repair] = &[
    Repair::ResultAgree,
    Repair::PlyCountAdd,
    Repair::Eco,
    Repair::EcoCorrect,
    Repair::KeepBroken,
];

/// A record the result of a game can be taken from when its Result tag and its termination
/// marker disagree (`--result-from`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultSource {
    /// The termination marker's result (as pgn-extract `--fixresulttags` takes it for a `*`
    /// tag).
    Marker,
    /// The Result tag's.
    Tag,
    /// The result the moves decide: checkmate (FIDE Laws art. 5.1.1), stalemate (5.2.1), a
    /// dead position (5.2.2), an automatic draw the game went past (9.6), a profile's rule; none
    /// when they decide nothing.
    Position,
}

impl ResultSource {
    /// The name of `--result-from`.
    pub fn name(self) -> &'static str {
        match self {
            ResultSource::Marker => "marker",
            ResultSource::Tag => "tag",
            ResultSource::Position => "position",
        }
    }
}

impl Repair {
    /// The repair's name.
    pub fn name(self) -> &'static str {
        REPAIRS[self as usize].1
    }

    /// The export format makes it: it cannot be skipped.
    pub fn forced(self) -> bool {
        REPAIRS[self as usize].2
    }

    /// The repair called `name`.
    pub fn from_name(name: &str) -> Option<Repair> {
        REPAIRS.iter().find(|r| r.1 == name).map(|r| r.0)
    }
}

/// What `arbiter fix` does to every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FixOptions {
    /// The repairs made, one bit per [`Repair`].
    pub repairs: u32,
    /// The encoding of text that is not UTF-8 (`None`: guessed per game).
    pub encoding: Option<Encoding>,
    /// What the export keeps (comments, variations, NAGs).
    pub export: ExportOptions,
    /// The edition of the Laws results are decided by (`--laws`, as `arbiter audit`'s).
    pub laws: LawsOption,
    /// The rules results are decided by (`--profile`, as `arbiter audit`'s).
    pub profile: &'static Profile,
    /// Where the result of a game whose Result tag and termination marker disagree comes from,
    /// in order: the first that gives one settles it (repair `result-agree`); none settles it
    /// when empty, and the game is rejected.
    pub result_from: [Option<ResultSource>; 3],
    /// How repair `result-decided` finds a winner that cannot checkmate (art. 6.9 on time, 5.1.2
    /// on resignation since 2023): by its material (the default), or as `arbiter audit` does
    /// (`--cannot-checkmate`: pawn walls, forced moves, a search).
    pub cannot_mate: CannotMate,
}

impl Default for FixOptions {
    fn default() -> FixOptions {
        let mut options = FixOptions {
            repairs: (1 << REPAIRS.len()) - 1,
            encoding: None,
            export: ExportOptions::default(),
            laws: LawsOption::Auto,
            profile: Profile::fide(),
            result_from: [None; 3],
            cannot_mate: CannotMate::Material,
        };
        for &repair in OFF_BY_DEFAULT {
            options.set(repair, false);
        }
        options
    }
}

impl FixOptions {
    /// Whether `repair` is made.
    pub fn has(&self, repair: Repair) -> bool {
        self.repairs & (1 << repair as u32) != 0
    }

    /// Makes `repair` or not.
    pub fn set(&mut self, repair: Repair, on: bool) {
        if on {
            self.repairs |= 1 << repair as u32;
        } else {
            self.repairs &= !(1 << repair as u32);
        }
    }
}

/// One game through `arbiter fix`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fixed {
    /// The game in export format, repaired (empty when rejected).
    pub text: String,
    /// The changes made, in the order of the game.
    pub changes: Vec<Change>,
    /// The error no repair covers: the game is not repaired.
    pub rejected: Option<Rejected>,
}

/// Repairs one game: `text` is the game as the engine cut it.
pub fn fix_game(text: GameText<'_>, options: &FixOptions) -> Fixed {
    fix_game_into(text, options, &mut ExportBuffers::default())
}

/// [`fix_game`], the text written in `buffers` ([`ExportBuffers::text`] becomes
/// [`Fixed::text`]; the movetext's buffer is handed back in `buffers`, for the next game), so
/// that a run of millions of games does not grow a new text game after game.
pub fn fix_game_into(
    text: GameText<'_>,
    options: &FixOptions,
    buffers: &mut ExportBuffers,
) -> Fixed {
    let mut walk_into = |text: GameText<'_>| {
        let mut fixer = Fixer::with_buffers(options, std::mem::take(buffers));
        let fixed = walk(text, &mut fixer);
        buffers.movetext = fixer.pair.a.spare();
        fixed
    };
    if options.has(Repair::DoubleEncoding)
        && let Some((utf8, changes)) = encoding::double_utf8(text)
    {
        let mut fixed = walk_into(GameText {
            bytes: utf8.as_bytes(),
            ..text
        });
        if fixed.rejected.is_none() {
            fixed.changes.splice(0..0, changes);
        }
        return fixed;
    }
    if options.has(Repair::Encoding)
        && let Some(encoding) = encoding::needs(text.bytes, options.encoding)
    {
        let utf8 = transcode(text.bytes, encoding);
        let mut fixed = walk_into(GameText {
            bytes: utf8.as_bytes(),
            ..text
        });
        if fixed.rejected.is_none() {
            let change = encoding::change(text, encoding);
            fixed.changes.insert(0, change);
        }
        return fixed;
    }
    walk_into(text)
}
