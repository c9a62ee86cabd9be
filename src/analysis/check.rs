//! `arbiter check` for one game: every syntax error, illegal move, notation quirk and tag problem,
//! with its location.
//!
//! The game is lexed strictly ([`super::lexer`]), its start position is taken from the tags
//! (`SetUp`/`FEN`, `Variant`), and the main line and every variation are replayed on shakmaty
//! positions. Replay of a line stops at its first illegal move; variations that branch off before
//! that move are still checked.

use shakmaty::fen::Fen;
use shakmaty::san::{SanPlus, Suffix};
use shakmaty::{Chess, Color, EnPassantMode, KnownOutcome, Outcome, Position};

use super::lexer::{Lexer, Locator, Token, TokenKind};
use super::notation::{CheckMark, MoveToken, Quirks, parse_move};
use super::resolve::{CastlingHistory, PositionQuirks, color_name, resolve_in};
use super::tags::{self, SEVEN_TAG_ROSTER, Tags, Variant};
use crate::model::{Finding, GameInfo, GameReport, Severity};

/// Stable codes of the findings this module produces (besides [`super::resolve::code`]).
pub mod code {
    /// A token that is not a move, move number, NAG, glyph, comment, variation bracket or result.
    pub const UNKNOWN_TOKEN: &str = "syntax/unknown-token";
    /// A `{` comment without its `}`.
    pub const UNTERMINATED_COMMENT: &str = "syntax/unterminated-comment";
    /// A `(` variation without its `)`.
    pub const UNTERMINATED_VARIATION: &str = "syntax/unterminated-variation";
    /// A `)` with no open variation.
    pub const UNMATCHED_CLOSE: &str = "syntax/unmatched-close";
    /// A variation that does not follow a move.
    pub const VARIATION_WITHOUT_MOVE: &str = "syntax/variation-without-move";
    /// No game-termination marker at the end of the movetext.
    pub const MISSING_RESULT: &str = "syntax/missing-result";
    /// Movetext after the game-termination marker.
    pub const TEXT_AFTER_RESULT: &str = "syntax/text-after-result";
    /// Variations nested deeper than arbiter replays them.
    pub const VARIATION_TOO_DEEP: &str = "syntax/variation-too-deep";
    /// More than [`super::MAX_FINDINGS_PER_GAME`] findings in one game.
    pub const TOO_MANY_FINDINGS: &str = "syntax/too-many-findings";
    /// A game-termination marker inside a variation.
    pub const RESULT_IN_VARIATION: &str = "syntax/result-in-variation";
    /// A malformed tag pair.
    pub const BAD_TAG: &str = "syntax/bad-tag";
    /// `0-0` for `O-O`.
    pub const ZERO_CASTLING: &str = "notation/zero-castling";
    /// `e8Q` for `e8=Q`.
    pub const PROMOTION_WITHOUT_EQUALS: &str = "notation/promotion-without-equals";
    /// `e8=q` for `e8=Q`.
    pub const LOWERCASE_PROMOTION: &str = "notation/lowercase-promotion";
    /// `exd6 e.p.` for `exd6`.
    pub const EP_SUFFIX: &str = "notation/ep-suffix";
    /// `e2e4`, `e2-e4`, `Ng1-f3` for `e4`, `Nf3`.
    pub const LONG_ALGEBRAIC: &str = "notation/long-algebraic";
    /// A missing, superfluous or wrong `+`/`#`.
    pub const WRONG_CHECK_SUFFIX: &str = "notation/wrong-check-suffix";
    /// `Ngf3` where `Nf3` is unique.
    pub const OVER_DISAMBIGUATED: &str = "notation/over-disambiguated";
    /// `Bc6` for `Bxc6`.
    pub const MISSING_CAPTURE: &str = "notation/missing-capture";
    /// `Nxf3` for `Nf3` (nothing is captured).
    pub const SPURIOUS_CAPTURE: &str = "notation/spurious-capture";
    /// `:` as the capture mark.
    pub const COLON_CAPTURE: &str = "notation/colon-capture";
    /// `♘f3` for `Nf3`.
    pub const FIGURINE: &str = "notation/figurine";
    /// `Pe4` for `e4`.
    pub const PAWN_LETTER: &str = "notation/pawn-letter";
    /// `Kg1` for `O-O`.
    pub const KING_MOVE_CASTLING: &str = "notation/king-move-castling";
    /// A move number that does not match the position (`5.` before move 3).
    pub const MOVE_NUMBER: &str = "notation/move-number";
    /// A Seven Tag Roster tag is missing.
    pub const MISSING_ROSTER: &str = "tag/missing-roster";
    /// A Date, EventDate or UTCDate that is not `YYYY.MM.DD` (with `?` for unknown parts).
    pub const BAD_DATE: &str = "tag/bad-date";
    /// The Result tag differs from the game-termination marker.
    pub const RESULT_MISMATCH: &str = "tag/result-mismatch";
    /// The Result tag is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const BAD_RESULT: &str = "tag/bad-result";
    /// The FEN tag cannot be read or describes an illegal position.
    pub const BAD_FEN: &str = "tag/bad-fen";
    /// `SetUp "1"` without a FEN tag.
    pub const SETUP_WITHOUT_FEN: &str = "tag/setup-without-fen";
    /// A FEN tag without `SetUp "1"`.
    pub const FEN_WITHOUT_SETUP: &str = "tag/fen-without-setup";
    /// A tag value with unescaped quotes, read from the first to the last quote.
    pub const UNESCAPED_QUOTE: &str = "tag/unescaped-quote";
    /// An evaluation symbol attached to a move (`Bc5=`): PGN writes it as a NAG.
    pub const ATTACHED_GLYPH: &str = "notation/attached-glyph";
    /// A FEN tag whose fullmove number is 0 (read as 1).
    pub const FEN_FULLMOVE_ZERO: &str = "tag/fen-fullmove-zero";
    /// Tag values that are not UTF-8, read as Latin-1 (older databases).
    pub const LATIN1: &str = "encoding/latin1";
    /// The same tag twice in one game.
    pub const DUPLICATE_TAG: &str = "tag/duplicate";
    /// The recorded result contradicts the final position (checkmate, stalemate).
    pub const CONTRADICTS_POSITION: &str = "result/contradicts-position";
    /// The checker failed on this game (a bug in arbiter).
    pub const INTERNAL: &str = "internal/panic";
    /// A variant we do not check (the game is skipped).
    pub const UNSUPPORTED_VARIANT: &str = "variant/unsupported";
}

/// Options of the game checker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// Report warnings as errors.
    pub strict: bool,
    /// Fill the game's Event, White and Black ([`GameInfo`]) even when it has no finding (for
    /// per-game records); a game with findings always has them.
    pub game_names: bool,
}

/// Deepest variation nesting replayed. Deeper variations are still matched bracket by bracket,
/// but not replayed, so that hostile input (100,000 nested `(`) cannot make memory grow with the
/// depth; one `syntax/variation-too-deep` error is reported.
const MAX_VARIATION_DEPTH: usize = 64;

/// Most findings recorded for one game: past it, one `syntax/too-many-findings` error says how
/// many more there were, so that memory and output stay bounded on hostile input.
pub const MAX_FINDINGS_PER_GAME: usize = 1000;

/// Longest tag value (Event, White, Black) copied into a game's record, in characters.
const MAX_TAG_CHARS: usize = 200;

/// Longest token text copied into a finding, in characters.
const MAX_TOKEN_CHARS: usize = 80;

/// A line of play being replayed: the main line or a variation.
struct Frame {
    /// Current position (meaningless when `dead`).
    pos: Chess,
    /// Position before the last move token of this line, when known: a variation that follows
    /// starts there.
    before: Option<Chess>,
    /// Plies from the game's start position to `pos`.
    ply: u32,
    /// An illegal move stopped this line.
    dead: bool,
    /// True for a variation.
    variation: bool,
    /// Offset of the `(` that opened it.
    open: usize,
    /// Castling rights lost so far, for explanations.
    history: CastlingHistory,
    /// `pos.is_check()`, when known (found after each move, used to resolve the next).
    in_check: Option<bool>,
}

struct Checker<'a> {
    bytes: &'a [u8],
    locator: Locator<'a>,
    findings: Vec<Finding>,
    options: CheckOptions,
    /// Findings not recorded because of [`MAX_FINDINGS_PER_GAME`].
    dropped: u64,
}

impl Checker<'_> {
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        severity: Severity,
        code: &'static str,
        offset: usize,
        token: Option<&[u8]>,
        message: String,
        ply: Option<u32>,
        move_text: Option<String>,
        fen: Option<String>,
        variation: bool,
        san: Option<String>,
    ) {
        if self.findings.len() >= MAX_FINDINGS_PER_GAME {
            self.dropped += 1;
            return;
        }
        let severity = if self.options.strict && code != code::UNSUPPORTED_VARIANT {
            Severity::Error
        } else {
            severity
        };
        let (line, col) = self.locator.locate(offset);
        self.findings.push(Finding {
            severity,
            code,
            ply,
            move_text,
            token: token.map(token_text),
            line,
            col,
            fen,
            message,
            variation,
            san,
        });
    }

    /// A finding about a token that is not a move (tags, syntax).
    fn simple(
        &mut self,
        severity: Severity,
        code: &'static str,
        offset: usize,
        token: Option<&[u8]>,
        message: String,
    ) {
        self.push(
            severity, code, offset, token, message, None, None, None, false, None,
        );
    }
}

fn token_text(bytes: &[u8]) -> String {
    bounded_text(bytes, MAX_TOKEN_CHARS)
}

/// A tag name or value for a message, cut to [`MAX_TAG_CHARS`] characters.
fn tag_text(bytes: &[u8]) -> String {
    bounded_text(bytes, MAX_TAG_CHARS)
}

/// `bytes` decoded (UTF-8, else Latin-1) and cut to `max` characters, marked with `…`.
fn bounded_text(bytes: &[u8], max: usize) -> String {
    tags::decode_bounded(bytes, max)
}

/// Cuts `text` to `max` characters, marking the cut with `…`.
fn truncate(text: String, max: usize) -> String {
    if text.len() <= max {
        // No more bytes than `max`, so no more characters.
        return text;
    }
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

/// `23.` or `23...` for the side to move in `pos`, followed by the token.
fn move_text(pos: &Chess, token: &[u8]) -> String {
    let dots = if pos.turn() == Color::White {
        "."
    } else {
        "..."
    };
    let mut number = itoa::Buffer::new();
    let number = number.format(pos.fullmoves().get());
    // The common case, a short ASCII token, is copied as it is (token_text would decode it).
    let short = (token.len() <= MAX_TOKEN_CHARS && token.is_ascii())
        .then(|| std::str::from_utf8(token).ok())
        .flatten();
    let mut text = String::with_capacity(number.len() + dots.len() + token.len());
    text.push_str(number);
    text.push_str(dots);
    match short {
        Some(token) => text.push_str(token),
        None => text.push_str(&token_text(token)),
    }
    text
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Checks one game. `bytes` is the game as cut by the splitter; `line` is the input line of its
/// first byte, and `index`/`offset` its place in the file.
///
/// A bug in the analysis must not stop a run over a whole database: a panic while checking the
/// game is caught and reported as an `internal/panic` error of that game.
pub fn check_game(
    bytes: &[u8],
    index: u64,
    offset: u64,
    line: u64,
    options: CheckOptions,
) -> GameReport {
    let run = || check_game_inner(bytes, index, offset, line, options);
    std::panic::catch_unwind(run).unwrap_or_else(|_| GameReport {
        info: GameInfo {
            index,
            offset,
            line,
            ..GameInfo::default()
        },
        findings: vec![Finding {
            severity: Severity::Error,
            code: code::INTERNAL,
            ply: None,
            move_text: None,
            token: None,
            line,
            col: 1,
            fen: None,
            message: "internal error while checking this game (please report it)".to_owned(),
            variation: false,
            san: None,
        }],
        skipped: false,
    })
}

fn check_game_inner(
    bytes: &[u8],
    index: u64,
    offset: u64,
    line: u64,
    options: CheckOptions,
) -> GameReport {
    let mut lexer = Lexer::new(bytes);
    let mut checker = Checker {
        bytes,
        locator: Locator::new(bytes, line),
        findings: Vec::new(),
        options,
        dropped: 0,
    };
    let (tags, first_movetext) = tags::read_tag_section(&mut lexer, |token| match token.kind {
        TokenKind::Tag { value, .. } => checker.simple(
            Severity::Warning,
            code::UNESCAPED_QUOTE,
            token.start,
            Some(token.text),
            format!(
                "tag value with unescaped '\"' (write \\\"): read as \"{}\"",
                token_text(value)
            ),
        ),
        _ => checker.simple(
            Severity::Error,
            code::BAD_TAG,
            token.start,
            Some(token.text),
            "malformed tag pair: expected [Name \"value\"]".to_owned(),
        ),
    });
    let content_start = tags::content_start(bytes);
    let (game_line, _) = checker.locator.locate(content_start);
    let mut info = GameInfo {
        index,
        offset: offset + content_start as u64,
        line: game_line,
        event: None,
        white: None,
        black: None,
        result: None,
        plies: 0,
    };

    let variant = tags::variant(tags.value("Variant").as_deref());
    if let Variant::Other(name) = &variant {
        let at = tags.get("Variant").map_or(content_start, |t| t.start);
        checker.simple(
            Severity::Warning,
            code::UNSUPPORTED_VARIANT,
            at,
            tags.get("Variant").map(|t| t.text),
            format!("skipped: unsupported variant {}", tag_text(name.as_bytes())),
        );
        // The termination marker is still worth reporting for a skipped game.
        let mut depth = 0u32;
        for token in lexer {
            match token.kind {
                TokenKind::Open => depth += 1,
                TokenKind::Close => depth = depth.saturating_sub(1),
                TokenKind::Result if depth == 0 => info.result = Some(tags::decode(token.text)),
                _ => {}
            }
        }
        set_names(&mut info, &tags);
        return GameReport {
            info,
            findings: checker.findings,
            skipped: true,
        };
    }

    let start = check_tags(&mut checker, &tags, &variant, content_start);
    let mut walk = Walk::new(start);
    walk.end = tags
        .pairs
        .last()
        .map_or(content_start, |t| t.start + t.text.len());
    if let Some(token) = first_movetext {
        walk.token(&mut checker, token);
    }
    for token in lexer {
        walk.token(&mut checker, token);
    }
    walk.finish(&mut checker, &tags, &mut info);
    if checker.dropped > 0 {
        let dropped = checker.dropped;
        let at = checker
            .findings
            .last()
            .map_or((line, 1), |f| (f.line, f.col));
        checker.findings.push(Finding {
            severity: Severity::Error,
            code: code::TOO_MANY_FINDINGS,
            ply: None,
            move_text: None,
            token: None,
            line: at.0,
            col: at.1,
            fen: None,
            message: format!(
                "{dropped} more findings in this game are not shown (at most {MAX_FINDINGS_PER_GAME} per game)"
            ),
            variation: false,
            san: None,
        });
    }
    let mut findings = checker.findings;
    findings.sort_by_key(|f| (f.line, f.col));
    if options.game_names || !findings.is_empty() {
        set_names(&mut info, &tags);
    }
    GameReport {
        info,
        findings,
        skipped: false,
    }
}

/// Fills Event, White and Black from the tags (decoded, cut to [`MAX_TAG_CHARS`]).
fn set_names(info: &mut GameInfo, tags: &Tags<'_>) {
    info.event = tags.value("Event").map(|v| truncate(v, MAX_TAG_CHARS));
    info.white = tags.value("White").map(|v| truncate(v, MAX_TAG_CHARS));
    info.black = tags.value("Black").map(|v| truncate(v, MAX_TAG_CHARS));
}

/// Checks the tag section and returns the start position (`None` when the FEN is bad).
fn check_tags(
    checker: &mut Checker<'_>,
    tags: &Tags<'_>,
    variant: &Variant,
    content_start: usize,
) -> Option<Chess> {
    if let Some(pair) = tags
        .pairs
        .iter()
        .find(|p| !p.raw.is_ascii() && std::str::from_utf8(p.raw).is_err())
    {
        checker.simple(
            Severity::Warning,
            code::LATIN1,
            pair.start,
            Some(pair.text),
            format!(
                "tag values are not UTF-8: read as Latin-1 (ISO 8859-1), e.g. {} \"{}\"; the split outputs keep the bytes as they are",
                tag_text(pair.name),
                tag_text(pair.raw)
            ),
        );
    }
    let missing: Vec<&str> = SEVEN_TAG_ROSTER
        .iter()
        .copied()
        .filter(|name| tags.get(name).is_none())
        .collect();
    if !missing.is_empty() {
        checker.simple(
            Severity::Warning,
            code::MISSING_ROSTER,
            content_start,
            None,
            format!(
                "missing Seven Tag Roster tag{}: {}",
                if missing.len() > 1 { "s" } else { "" },
                missing.join(", ")
            ),
        );
    }
    // A set only for long sections: a hostile game can have a million tags.
    let mut seen = (tags.pairs.len() > 32).then(std::collections::HashSet::<&[u8]>::new);
    for (i, pair) in tags.pairs.iter().enumerate() {
        let duplicate = match &mut seen {
            Some(seen) => !seen.insert(pair.name),
            None => tags.pairs[..i].iter().any(|p| p.name == pair.name),
        };
        if duplicate {
            checker.simple(
                Severity::Warning,
                code::DUPLICATE_TAG,
                pair.start,
                Some(pair.text),
                format!("duplicate tag {}", tag_text(pair.name)),
            );
        }
        if matches!(pair.name, b"Date" | b"EventDate" | b"UTCDate")
            && !tags::is_valid_date(&tags::unescape(pair.raw))
        {
            checker.simple(
                Severity::Warning,
                code::BAD_DATE,
                pair.start,
                Some(pair.text),
                format!(
                    "{} \"{}\" {}",
                    tag_text(pair.name),
                    tag_text(pair.raw),
                    if tags::is_date_shaped(&tags::unescape(pair.raw)) {
                        "is not a date that exists"
                    } else {
                        "is not a date of the form YYYY.MM.DD (use ? for unknown digits)"
                    }
                ),
            );
        }
    }
    if let Some(result) = tags.get("Result")
        && !crate::engine::split::is_termination_marker(result.raw)
    {
        checker.simple(
            Severity::Error,
            code::BAD_RESULT,
            result.start,
            Some(result.text),
            format!(
                "Result \"{}\" is not one of 1-0, 0-1, 1/2-1/2, *",
                tag_text(result.raw)
            ),
        );
    }
    let setup = tags.get("SetUp");
    let fen = tags.get("FEN");
    match (setup.map(|s| s.raw), fen) {
        (Some(b"1"), None) => checker.simple(
            Severity::Warning,
            code::SETUP_WITHOUT_FEN,
            setup.map_or(content_start, |s| s.start),
            setup.map(|s| s.text),
            "SetUp \"1\" without a FEN tag: replaying from the standard start position".to_owned(),
        ),
        (None, Some(fen)) => checker.simple(
            Severity::Warning,
            code::FEN_WITHOUT_SETUP,
            fen.start,
            Some(fen.text),
            "FEN tag without SetUp \"1\"".to_owned(),
        ),
        (Some(v), Some(fen)) if v != b"1" => checker.simple(
            Severity::Warning,
            code::FEN_WITHOUT_SETUP,
            fen.start,
            Some(fen.text),
            format!("FEN tag with SetUp \"{}\" (should be \"1\")", tag_text(v)),
        ),
        _ => {}
    }
    match fen {
        Some(fen) => match tags::position_from_fen(&tags::unescape(fen.raw), variant) {
            Ok(pos) => {
                let value = tags::unescape(fen.raw);
                let fields: Vec<&[u8]> = value
                    .split(|b| b.is_ascii_whitespace())
                    .filter(|f| !f.is_empty())
                    .collect();
                if fields.get(5).is_some_and(|f| f.iter().all(|b| *b == b'0')) {
                    checker.simple(
                        Severity::Warning,
                        code::FEN_FULLMOVE_ZERO,
                        fen.start,
                        Some(fen.text),
                        "FEN fullmove number 0: moves are numbered from 1, read as 1".to_owned(),
                    );
                }
                Some(pos)
            }
            Err(why) => {
                checker.simple(
                    Severity::Error,
                    code::BAD_FEN,
                    fen.start,
                    Some(fen.text),
                    format!("bad FEN tag: {why}; the moves cannot be replayed"),
                );
                None
            }
        },
        None => Some(tags::standard_start(variant)),
    }
}

/// The movetext walk: a stack of lines (main line at the bottom).
struct Walk {
    stack: Vec<Frame>,
    /// A move number waiting for its move: (number, offset, text).
    number: Option<(u32, usize, usize)>,
    /// Offset of the termination marker, once seen.
    result: Option<(usize, usize)>,
    /// A syntax/text-after-result finding was made.
    after_result_reported: bool,
    /// Offset just after the last token.
    end: usize,
    /// An unterminated comment ate the rest of the game.
    unterminated_comment: bool,
    /// Main-line plies played.
    accepted: u32,
    /// Some movetext token was seen.
    saw_movetext: bool,
    /// The last move played in the current line: (ply, token offset, token length, SAN).
    last_move: Option<(u32, usize, usize, SanPlus)>,
    /// Open variations beyond [`MAX_VARIATION_DEPTH`] (not replayed).
    excess_depth: u64,
}

impl Walk {
    fn new(start: Option<Chess>) -> Walk {
        let dead = start.is_none();
        Walk {
            stack: vec![Frame {
                pos: start.unwrap_or_default(),
                before: None,
                ply: 0,
                dead,
                variation: false,
                open: 0,
                history: CastlingHistory::default(),
                in_check: None,
            }],
            number: None,
            result: None,
            after_result_reported: false,
            end: 0,
            unterminated_comment: false,
            accepted: 0,
            saw_movetext: false,
            excess_depth: 0,
            last_move: None,
        }
    }

    #[inline(always)]
    fn token(&mut self, checker: &mut Checker<'_>, token: Token<'_>) {
        self.end = token.start + token.text.len();
        self.saw_movetext = true;
        if !matches!(
            token.kind,
            TokenKind::EpSuffix
                | TokenKind::Comment
                | TokenKind::LineComment
                | TokenKind::Nag(_)
                | TokenKind::Glyph
        ) {
            self.last_move = None;
        }
        let is_comment = matches!(
            token.kind,
            TokenKind::Comment | TokenKind::LineComment | TokenKind::Escape
        );
        if self.result.is_some() && !is_comment && !self.after_result_reported {
            self.after_result_reported = true;
            checker.simple(
                Severity::Error,
                code::TEXT_AFTER_RESULT,
                token.start,
                Some(token.text),
                "text after the game-termination marker".to_owned(),
            );
            return;
        }
        if self.result.is_some() {
            return;
        }
        if self.excess_depth > 0 && !matches!(token.kind, TokenKind::Open | TokenKind::Close) {
            // Inside variations too deep to replay: matched, not replayed (reported once).
            return;
        }
        match token.kind {
            TokenKind::Move => self.play(checker, token),
            TokenKind::MoveNumber { number, .. } => {
                self.number = Some((number, token.start, token.text.len()));
            }
            TokenKind::Open if self.stack.len() > MAX_VARIATION_DEPTH => {
                if self.excess_depth == 0 {
                    checker.simple(
                        Severity::Error,
                        code::VARIATION_TOO_DEEP,
                        token.start,
                        Some(token.text),
                        format!(
                            "variations nested more than {MAX_VARIATION_DEPTH} deep are not checked"
                        ),
                    );
                }
                self.excess_depth += 1;
                self.number = None;
            }
            TokenKind::Open => {
                let parent = self.stack.last().expect("main line");
                let frame = match &parent.before {
                    Some(before) => {
                        let mut history = parent.history;
                        history.truncate_from(parent.ply);
                        Frame {
                            pos: before.clone(),
                            before: None,
                            ply: parent.ply.saturating_sub(1),
                            dead: false,
                            variation: true,
                            open: token.start,
                            history,
                            in_check: None,
                        }
                    }
                    None => {
                        if !parent.dead {
                            checker.simple(
                                Severity::Error,
                                code::VARIATION_WITHOUT_MOVE,
                                token.start,
                                Some(token.text),
                                "a variation must follow the move it replaces".to_owned(),
                            );
                        }
                        Frame {
                            pos: Chess::default(),
                            before: None,
                            ply: parent.ply,
                            dead: true,
                            variation: true,
                            open: token.start,
                            history: CastlingHistory::default(),
                            in_check: None,
                        }
                    }
                };
                self.stack.push(frame);
                self.number = None;
            }
            TokenKind::Close if self.excess_depth > 0 => {
                self.excess_depth -= 1;
                self.number = None;
            }
            TokenKind::Close => {
                if self.stack.len() > 1 {
                    self.stack.pop();
                } else {
                    checker.simple(
                        Severity::Error,
                        code::UNMATCHED_CLOSE,
                        token.start,
                        Some(token.text),
                        "')' closes no variation".to_owned(),
                    );
                }
                self.number = None;
            }
            TokenKind::Result => {
                if self.stack.len() > 1 {
                    checker.simple(
                        Severity::Error,
                        code::RESULT_IN_VARIATION,
                        token.start,
                        Some(token.text),
                        "game-termination marker inside a variation".to_owned(),
                    );
                } else {
                    self.result = Some((token.start, token.text.len()));
                }
            }
            TokenKind::UnterminatedComment => {
                self.unterminated_comment = true;
                checker.simple(
                    Severity::Error,
                    code::UNTERMINATED_COMMENT,
                    token.start,
                    Some(token.text),
                    "comment opened with '{' is never closed; the rest of the game is lost"
                        .to_owned(),
                );
            }
            TokenKind::EpSuffix => {
                let frame = self.stack.last().expect("main line");
                if frame.dead {
                    return;
                }
                let context = self.last_move.zip(frame.before.as_ref());
                let (ply, move_text, fen, san) = match context {
                    Some(((ply, at, len, san), before)) => (
                        Some(ply),
                        Some(move_text(before, &checker.bytes[at..at + len])),
                        Some(fen_of(before)),
                        Some(san.to_string()),
                    ),
                    None => (None, None, None, None),
                };
                let message = match &san {
                    Some(san) => format!(
                        "'e.p.' is not part of SAN: an en passant capture is written like any pawn capture: the standard SAN is {san}"
                    ),
                    None => "'e.p.' is not part of SAN".to_owned(),
                };
                let variation = frame.variation;
                checker.push(
                    Severity::Warning,
                    code::EP_SUFFIX,
                    token.start,
                    Some(token.text),
                    message,
                    ply,
                    move_text,
                    fen,
                    variation,
                    san,
                );
            }
            TokenKind::Unknown | TokenKind::Tag { .. } | TokenKind::BadTag => {
                unknown_token(checker, token);
            }
            TokenKind::Ellipsis => {}
            TokenKind::Nag(_)
            | TokenKind::Glyph
            | TokenKind::Comment
            | TokenKind::LineComment
            | TokenKind::Escape => {}
        }
    }

    fn play(&mut self, checker: &mut Checker<'_>, token: Token<'_>) {
        let number = self.number.take();
        let Some(parsed) = parse_move(token.text) else {
            unknown_token(checker, token);
            // A word standing where a move belongs: whatever it was meant to be, the moves after
            // it cannot be trusted (the side to move is unknown), so this line stops here, as
            // after an illegal move.
            let frame = self.stack.last_mut().expect("main line");
            if !frame.dead {
                frame.dead = true;
                frame.before = Some(frame.pos.clone());
                frame.ply += 1;
            } else {
                frame.before = None;
                frame.ply += 1;
            }
            return;
        };
        let frame = self.stack.last_mut().expect("main line");
        if frame.dead {
            frame.before = None;
            frame.ply += 1;
            return;
        }
        let ply = frame.ply + 1;
        let variation = frame.variation;
        if let Some((n, at, len)) = number {
            let expected = frame.pos.fullmoves().get();
            if n != expected {
                let text = &checker.bytes[at..at + len];
                checker.push(
                    Severity::Warning,
                    code::MOVE_NUMBER,
                    at,
                    Some(text),
                    format!("move number {n} should be {expected}"),
                    Some(ply),
                    Some(move_text(&frame.pos, token.text)),
                    None,
                    variation,
                    None,
                );
            }
        }
        let in_check = frame.in_check.unwrap_or_else(|| frame.pos.is_check());
        match resolve_in(&frame.pos, in_check, &parsed, &frame.history) {
            Err(illegal) => {
                let mt = move_text(&frame.pos, token.text);
                let fen = fen_of(&frame.pos);
                let message = if variation {
                    format!("illegal move {mt} in a variation: {}", illegal.message)
                } else {
                    format!("illegal move {mt}: {}", illegal.message)
                };
                checker.push(
                    Severity::Error,
                    illegal.code,
                    token.start,
                    Some(token.text),
                    message,
                    Some(ply),
                    Some(mt),
                    Some(fen),
                    variation,
                    None,
                );
                frame.dead = true;
                frame.before = Some(frame.pos.clone());
                frame.ply = ply;
            }
            Ok(resolved) => {
                // Keep the position before the move: a variation that follows starts there.
                let before = frame.before.insert(frame.pos.clone());
                frame.pos.play_unchecked(resolved.m);
                frame.ply = ply;
                if !variation {
                    self.accepted = ply;
                }
                if before.castles().castling_rights() != frame.pos.castles().castling_rights() {
                    frame
                        .history
                        .record(before, &frame.pos, resolved.m, resolved.san, ply);
                }
                let gives_check = frame.pos.is_check();
                frame.in_check = Some(gives_check);
                let actual = if gives_check {
                    if crate::analysis::resolve::is_checkmate_given_check(&frame.pos) {
                        CheckMark::Mate
                    } else {
                        CheckMark::Check
                    }
                } else {
                    CheckMark::None
                };
                self.last_move = Some((
                    ply,
                    token.start,
                    token.text.len(),
                    SanPlus {
                        san: resolved.san,
                        suffix: match actual {
                            CheckMark::None => None,
                            CheckMark::Check => Some(Suffix::Check),
                            CheckMark::Mate => Some(Suffix::Checkmate),
                        },
                    },
                ));
                let quirky = !parsed.quirks.is_empty()
                    || resolved.quirks != PositionQuirks::default()
                    || actual != parsed.check;
                if quirky {
                    notation_warnings(
                        checker, before, &parsed, &resolved, actual, token, ply, variation,
                    );
                }
            }
        }
    }

    fn finish(&mut self, checker: &mut Checker<'_>, tags: &Tags<'_>, info: &mut GameInfo) {
        if self.stack.len() > 1 && !self.unterminated_comment {
            let open = self.stack[1].open;
            checker.simple(
                Severity::Error,
                code::UNTERMINATED_VARIATION,
                open,
                Some(b"("),
                format!(
                    "variation opened with '(' is never closed ({} still open at the end of the game)",
                    self.stack.len() as u64 - 1 + self.excess_depth
                ),
            );
        }
        info.plies = self.accepted;
        let marker = self
            .result
            .map(|(at, len)| (at, &checker.bytes[at..at + len]));
        info.result = marker.map(|(_, m)| tags::decode(m));
        match marker {
            None => {
                if !self.unterminated_comment {
                    let message = if self.saw_movetext {
                        "missing game-termination marker (1-0, 0-1, 1/2-1/2 or *) at the end of the game"
                    } else {
                        "the game has no movetext and no game-termination marker (1-0, 0-1, 1/2-1/2 or *)"
                    };
                    checker.simple(
                        Severity::Error,
                        code::MISSING_RESULT,
                        self.end,
                        None,
                        message.to_owned(),
                    );
                }
            }
            Some((at, marker)) => {
                if let Some(tag) = tags.get("Result")
                    && crate::engine::split::is_termination_marker(tag.raw)
                    && tag.raw != marker
                {
                    checker.simple(
                        Severity::Error,
                        code::RESULT_MISMATCH,
                        at,
                        Some(marker),
                        format!(
                            "the game ends with {} but the Result tag says {}",
                            tags::decode(marker),
                            tags::decode(tag.raw)
                        ),
                    );
                }
            }
        }
        // The recorded result against the final position of the main line.
        let main = &self.stack[0];
        if main.dead {
            return;
        }
        let recorded = marker.map(|(at, m)| (at, m, m.to_vec())).or_else(|| {
            tags.get("Result")
                .map(|t| (t.start, t.text, t.raw.to_vec()))
        });
        let Some((at, token_text, recorded)) = recorded else {
            return;
        };
        // Checkmate needs a check; stalemate matters only against a decisive result. Skip the
        // move generation otherwise (it is the costliest step at the end of a game).
        let decisive = recorded == b"1-0" || recorded == b"0-1";
        if !main.pos.is_check() && !decisive {
            return;
        }
        let outcome = main.pos.outcome();
        let message = match outcome {
            Outcome::Known(KnownOutcome::Decisive { winner }) => {
                let correct: &[u8] = if winner == Color::White { b"1-0" } else { b"0-1" };
                (recorded != correct && recorded != b"*").then(|| {
                    format!(
                        "{} recorded, but {} is checkmated: the result is {}",
                        tag_text(&recorded),
                        color_name(!winner),
                        tags::decode(correct)
                    )
                })
            }
            Outcome::Known(KnownOutcome::Draw) if main.pos.is_stalemate() => {
                (recorded == b"1-0" || recorded == b"0-1").then(|| {
                    format!(
                        "{} recorded, but {} is stalemated: the game is drawn (FIDE Laws art. 5.2.1)",
                        tag_text(&recorded),
                        color_name(main.pos.turn())
                    )
                })
            }
            _ => None,
        };
        if let Some(message) = message {
            let fen = fen_of(&main.pos);
            checker.push(
                Severity::Error,
                code::CONTRADICTS_POSITION,
                at,
                Some(token_text),
                message,
                Some(main.ply),
                None,
                Some(fen),
                false,
                None,
            );
        }
    }
}

/// A `syntax/unknown-token` error, with a hint for the common cases.
fn unknown_token(checker: &mut Checker<'_>, token: Token<'_>) {
    let text = token_text(token.text);
    let hint = match token.text {
        b"1/2" | b"\xC2\xBD-\xC2\xBD" | b"0.5-0.5" => {
            ": the game-termination marker for a draw is 1/2-1/2"
        }
        b"+-" | b"-+" | b"=" => ": write evaluations as NAGs",
        b"}" => ": a '}' with no opening '{'",
        t if t.starts_with(b"[") => ": a tag pair cannot stand in the movetext",
        _ => "",
    };
    checker.simple(
        Severity::Error,
        code::UNKNOWN_TOKEN,
        token.start,
        Some(token.text),
        format!("'{text}' is not a move, move number, NAG, comment, variation or result{hint}"),
    );
}

/// Warnings for a legal move written in non-standard notation.
#[allow(clippy::too_many_arguments)]
fn notation_warnings(
    checker: &mut Checker<'_>,
    before: &Chess,
    parsed: &MoveToken,
    resolved: &super::resolve::Resolved,
    actual: CheckMark,
    token: Token<'_>,
    ply: u32,
    variation: bool,
) {
    let suffix = match actual {
        CheckMark::None => None,
        CheckMark::Check => Some(Suffix::Check),
        CheckMark::Mate => Some(Suffix::Checkmate),
    };
    let standard = SanPlus {
        san: resolved.san,
        suffix,
    }
    .to_string();
    let mut warn = |code: &'static str, what: &str| {
        checker.push(
            Severity::Warning,
            code,
            token.start,
            Some(token.text),
            format!("{what}: the standard SAN is {standard}"),
            Some(ply),
            Some(move_text(before, token.text)),
            Some(fen_of(before)),
            variation,
            Some(standard.clone()),
        );
    };
    let q = parsed.quirks;
    if q.contains(Quirks::FIGURINE) {
        warn(code::FIGURINE, "figurine piece symbol");
    }
    if q.contains(Quirks::ZERO_CASTLING) {
        warn(code::ZERO_CASTLING, "castling written with zeros");
    }
    if q.contains(Quirks::LONG_ALGEBRAIC) {
        warn(code::LONG_ALGEBRAIC, "long algebraic notation");
    }
    if q.contains(Quirks::PROMOTION_WITHOUT_EQUALS) {
        warn(
            code::PROMOTION_WITHOUT_EQUALS,
            "promotion written without '='",
        );
    }
    if q.contains(Quirks::LOWERCASE_PROMOTION) {
        warn(code::LOWERCASE_PROMOTION, "promotion piece in lower case");
    }
    if q.contains(Quirks::EP_SUFFIX) {
        warn(code::EP_SUFFIX, "'e.p.' suffix");
    }
    if q.contains(Quirks::COLON_CAPTURE) {
        warn(code::COLON_CAPTURE, "':' used as the capture mark");
    }
    if q.contains(Quirks::ATTACHED_GLYPH) {
        warn(
            code::ATTACHED_GLYPH,
            "evaluation symbol attached to the move (PGN writes it as a NAG after a space)",
        );
    }
    if q.contains(Quirks::PAWN_LETTER) {
        warn(code::PAWN_LETTER, "'P' written for a pawn move");
    }
    let pq = resolved.quirks;
    if pq.contains(PositionQuirks::KING_MOVE_CASTLING) {
        warn(code::KING_MOVE_CASTLING, "castling written as a king move");
    }
    if pq.contains(PositionQuirks::MISSING_CAPTURE) && !q.contains(Quirks::LONG_ALGEBRAIC) {
        warn(code::MISSING_CAPTURE, "capture written without 'x'");
    }
    if pq.contains(PositionQuirks::SPURIOUS_CAPTURE) {
        warn(
            code::SPURIOUS_CAPTURE,
            "'x' written for a move that captures nothing",
        );
    }
    if pq.contains(PositionQuirks::OVER_DISAMBIGUATED) {
        warn(code::OVER_DISAMBIGUATED, "more disambiguation than needed");
    }
    if actual != parsed.check {
        let what = match (parsed.check, actual) {
            (CheckMark::None, CheckMark::Check) => "the move gives check but '+' is missing",
            (CheckMark::None, CheckMark::Mate) => "the move gives checkmate but '#' is missing",
            (CheckMark::Check, CheckMark::None) | (CheckMark::Mate, CheckMark::None) => {
                "the move gives no check"
            }
            (CheckMark::Check, CheckMark::Mate) => "the move is checkmate: write '#', not '+'",
            _ => "the move gives check, not checkmate: write '+', not '#'",
        };
        warn(code::WRONG_CHECK_SUFFIX, what);
    }
}
