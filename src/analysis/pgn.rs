//! Writing PGN (issue 4): clean export format out of games as written, and games out of FEN/EPD
//! positions (one game per position, or one game from a sequence of positions).
//!
//! Everything here works on one game (or one list of positions) at a time and returns text; the
//! caller does the I/O. It must not import `engine` internals beyond the byte helpers the lexer
//! uses, nor `report`, `rayon` or clap.
//!
//! Export rules (PGN standard 1994, export format): the Seven Tag Roster first in its order
//! (missing tags filled with `?`, `????.??.??` or `*`), then the other tags in their order (a
//! repeated tag name keeps its first value); SAN computed on the position (`O-O`, `e8=Q`, `+`/`#`,
//! minimal disambiguation); move numbers regenerated (`12...` for a black move that follows a
//! comment, a NAG or a variation, or that starts a variation); comments with their whitespace
//! collapsed to single spaces (`;` comments become `{}` comments); NAGs as `$n`; lines of at most
//! 80 characters (a single word longer than that stands alone on its line).

use std::fmt::Write as _;

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position};

use super::lexer::{Lexer, Locator, TokenKind};
use super::notation::{Quirks, parse_move};
use super::resolve::{CastlingHistory, resolve};
use super::tags::{self, SEVEN_TAG_ROSTER, Variant, decode, read_tag_section, unescape};
use crate::model::{Finding, Severity};

/// A finding of the export: an error at `line`/`col` (see [`Finding`]).
fn problem(code: &'static str, (line, col): (u64, u64), message: String) -> Finding {
    Finding {
        severity: Severity::Error,
        code,
        ply: None,
        move_text: None,
        token: None,
        line,
        col,
        fen: None,
        message,
        variation: false,
        san: None,
    }
}

/// The longest line written, in characters (PGN standard 8.2.2).
pub const MAX_LINE: usize = 80;

/// What the export keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    /// Keep comments (and glyphs that have no NAG, which are written as comments).
    pub comments: bool,
    /// Keep variations.
    pub variations: bool,
    /// Keep NAGs (and glyphs such as `!` or `?!`, written as NAGs).
    pub nags: bool,
}

impl Default for ExportOptions {
    fn default() -> ExportOptions {
        ExportOptions {
            comments: true,
            variations: true,
            nags: true,
        }
    }
}

/// A game rewritten in export format.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Exported {
    /// The game: tag section, blank line, movetext, blank line.
    pub text: String,
    /// Problems met (illegal moves, unreadable tokens, bad start positions), as findings with
    /// the codes of `arbiter check`; each message also says what the export did about it.
    pub problems: Vec<Finding>,
    /// The Event, White and Black tags (for the reports).
    pub event: Option<String>,
    /// The White tag.
    pub white: Option<String>,
    /// The Black tag.
    pub black: Option<String>,
    /// Main-line moves exported.
    pub plies: u32,
    /// The main line was cut at an illegal move (its termination marker is then `*`).
    pub truncated: bool,
}

/// The NAG of a symbolic annotation glyph (PGN standard 10 and common usage), if it has one.
pub fn glyph_nag(glyph: &str) -> Option<u32> {
    Some(match glyph {
        "!" => 1,
        "?" => 2,
        "!!" | "‼" => 3,
        "??" | "⁇" => 4,
        "!?" | "⁉" => 5,
        "?!" | "⁈" => 6,
        "□" => 7,
        "=" => 10,
        "∞" => 13,
        "+=" | "+/=" | "⩲" => 14,
        "=+" | "=/+" | "⩱" => 15,
        "±" | "+/-" => 16,
        "∓" | "-/+" => 17,
        "+-" | "+−" => 18,
        "-+" | "−+" => 19,
        "N" => 146,
        _ => return None,
    })
}

/// Splits a move token into the move and the annotation glyph attached to it (`Nf3!?` →
/// `Nf3`, `!?`; `Bc5=` → `Bc5`, `=`).
fn split_glyph(text: &str, attached: bool) -> (&str, Option<&str>) {
    let trimmed = text.trim_end_matches(['!', '?']);
    if trimmed.len() < text.len() {
        return (trimmed, Some(&text[trimmed.len()..]));
    }
    if attached {
        let mut best: Option<&str> = None;
        for g in [
            "=", "+-", "-+", "+/-", "-/+", "+=", "=+", "+/=", "=/+", "∞", "=/∞", "±", "∓", "⩲",
            "⩱", "□", "+−", "−+", "N", "∆",
        ] {
            if text.ends_with(g) && best.is_none_or(|b| g.len() > b.len()) {
                best = Some(g);
            }
        }
        if let Some(g) = best {
            return (&text[..text.len() - g.len()], Some(g));
        }
    }
    (text, None)
}

/// Writes words into lines of at most [`MAX_LINE`] characters.
#[derive(Debug, Default)]
struct Wrapper {
    out: String,
    col: usize,
    /// A `(` waiting for the next word (`(12... Nf3`).
    open: bool,
}

impl Wrapper {
    fn word(&mut self, word: &str) {
        if self.open {
            self.open = false;
            return self.word(&format!("({word}"));
        }
        let len = word.chars().count();
        if self.col > 0 && self.col + 1 + len > MAX_LINE {
            self.out.push('\n');
            self.col = 0;
        }
        if self.col > 0 {
            self.out.push(' ');
            self.col += 1;
        }
        self.out.push_str(word);
        self.col += len;
    }

    /// A `{...}` comment, its whitespace collapsed; a word that would start a line with `%` or
    /// `[` (an escape line, or a tag pair to a game splitter) is kept on the line before.
    fn comment(&mut self, text: &str) {
        let text = text.replace('}', ")");
        let mut units: Vec<String> = Vec::new();
        for piece in text.split_whitespace() {
            match units.last_mut() {
                Some(last) if piece.starts_with(['%', '[']) => {
                    last.push(' ');
                    last.push_str(piece);
                }
                _ => units.push(piece.to_owned()),
            }
        }
        if units.is_empty() {
            return;
        }
        units[0].insert(0, '{');
        units.last_mut().expect("one unit").push('}');
        for unit in &units {
            self.word(unit);
        }
    }

    /// `(`: glued to the next word.
    fn open(&mut self) {
        if self.open {
            self.word("(");
        }
        self.open = true;
    }

    /// `)`: glued to the last word, unless that makes the line too long.
    fn close(&mut self) {
        if self.open {
            self.open = false;
            self.word("()");
        } else if self.col == 0 || self.col + 1 > MAX_LINE {
            self.word(")");
        } else {
            self.out.push(')');
            self.col += 1;
        }
    }

    fn finish(mut self) -> String {
        if self.col > 0 {
            self.out.push('\n');
        }
        self.out
    }
}

/// Escapes a tag value (`\` and `"`).
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a tag section: the Seven Tag Roster in order, then `others`.
fn write_tags(out: &mut String, roster: &[Option<String>; 7], others: &[(String, String)]) {
    for (i, name) in SEVEN_TAG_ROSTER.iter().enumerate() {
        let value = roster[i].clone().unwrap_or_else(|| {
            match *name {
                "Date" => "????.??.??",
                "Result" => "*",
                _ => "?",
            }
            .to_owned()
        });
        let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
    }
    for (name, value) in others {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
    }
    out.push('\n');
}

/// The move in SAN with its `+`/`#` suffix, played on `pos` (which becomes the position after
/// it).
fn play_san(pos: &mut Chess, m: Move, san: San) -> SanPlus {
    pos.play_unchecked(m);
    let suffix = if pos.is_checkmate() {
        Some(Suffix::Checkmate)
    } else if pos.is_check() {
        Some(Suffix::Check)
    } else {
        None
    };
    SanPlus { san, suffix }
}

/// A move as a person reads it: `23.Nf3` or `23...Nf3`.
fn move_text(pos: &Chess, token: &str) -> String {
    let dots = if pos.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!("{}{dots}{token}", pos.fullmoves())
}

/// One line of play being written (the main line at the bottom of the stack).
#[derive(Debug)]
struct Frame {
    /// The position reached.
    pos: Chess,
    /// The position before the last move of this line (a variation starts there).
    before: Option<Chess>,
    /// The next black move needs its number (`12...`).
    need_number: bool,
}

/// What the walk is skipping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Skip {
    /// Nothing.
    No,
    /// A variation left out (dropped, or starting where no move precedes it): `(` nesting depth
    /// inside it; its closing `)` is not written.
    Variation(u32),
    /// The rest of the current line, after an illegal move: `(` nesting depth; a `)` at depth 0
    /// closes the line.
    Line(u32),
}

/// Rewrites one game (its bytes as split by the engine) in export format; `line` is the 1-based
/// line of its first byte in its file, for the problems reported.
pub fn export_game(bytes: &[u8], line: u64, options: &ExportOptions) -> Exported {
    let mut lexer = Lexer::new(bytes);
    let (tag_section, first) = read_tag_section(&mut lexer, |_| {});
    let mut locator = Locator::new(bytes, line);
    let mut problems = Vec::new();

    let mut roster: [Option<String>; 7] = Default::default();
    let mut others: Vec<(String, String)> = Vec::new();
    for pair in &tag_section.pairs {
        let name = decode(pair.name);
        let value = decode(&unescape(pair.raw));
        if let Some(i) = SEVEN_TAG_ROSTER.iter().position(|n| *n == name) {
            roster[i].get_or_insert(value);
        } else if !others.iter().any(|(n, _)| *n == name) {
            others.push((name, value));
        }
    }

    let variant = tags::variant(tag_section.value("Variant").as_deref());
    let start = match (&variant, tag_section.get("FEN")) {
        (Variant::Other(name), _) => Err((
            "variant/unsupported",
            format!("variant {name} is not replayed"),
        )),
        (_, Some(fen)) => tags::position_from_fen(&unescape(fen.raw), &variant)
            .map_err(|e| ("tag/bad-fen", format!("bad FEN tag: {e}"))),
        (_, None) => Ok(Chess::default()),
    };

    // Said in the comment where the main line is cut.
    let result_note = match roster[6].as_deref() {
        Some(r) if r != "*" => format!("; the game's result was {r}"),
        _ => String::new(),
    };
    let mut w = Wrapper::default();
    let mut marker: Option<String> = None;
    let mut truncated = false;
    let mut main_plies = 0u32;
    let mut stack = vec![Frame {
        pos: Chess::default(),
        before: None,
        need_number: true,
    }];
    let mut skip = Skip::No;
    let mut start_index = 0;
    match start {
        Ok(pos) => {
            start_index = ply_index(&pos);
            stack[0].pos = pos;
        }
        Err((code, e)) => {
            let at = tag_section.get("FEN").map_or(0, |t| t.start);
            problems.push(problem(
                code,
                locator.locate(at),
                format!("{e}; no moves exported"),
            ));
            w.comment(&format!("arbiter: {e}{result_note}"));
            truncated = true;
            skip = Skip::Line(0);
        }
    }

    let tokens = first.into_iter().chain(lexer.by_ref());
    for token in tokens {
        let text = decode(token.text);
        match skip {
            Skip::Variation(depth) => {
                match token.kind {
                    TokenKind::Open => skip = Skip::Variation(depth + 1),
                    TokenKind::Close if depth == 1 => {
                        skip = Skip::No;
                        stack.last_mut().expect("main line").need_number = true;
                    }
                    TokenKind::Close => skip = Skip::Variation(depth - 1),
                    _ => {}
                }
                continue;
            }
            Skip::Line(depth) => {
                match token.kind {
                    TokenKind::Open => skip = Skip::Line(depth + 1),
                    TokenKind::Close if depth > 0 => skip = Skip::Line(depth - 1),
                    TokenKind::Close if stack.len() > 1 => {
                        stack.pop();
                        w.close();
                        skip = Skip::No;
                        stack.last_mut().expect("main line").need_number = true;
                    }
                    TokenKind::Result if stack.len() == 1 && depth == 0 => {
                        marker = Some(text);
                        break;
                    }
                    _ => {}
                }
                continue;
            }
            Skip::No => {}
        }
        match token.kind {
            TokenKind::Move => {
                let on_main = stack.len() == 1;
                let frame = stack.last_mut().expect("main line");
                let parsed = parse_move(token.text);
                let attached = parsed.is_some_and(|p| p.quirks.contains(Quirks::ATTACHED_GLYPH));
                let (_, glyph) = split_glyph(&text, attached);
                let outcome = match parsed {
                    None => Err(("syntax/unknown-token", "not a move".to_owned())),
                    Some(parsed) => resolve(&frame.pos, &parsed, &CastlingHistory::default())
                        .map_err(|illegal| (illegal.code, illegal.message)),
                };
                match outcome {
                    Ok(resolved) => {
                        let before = frame.pos.clone();
                        let number = before.fullmoves();
                        let san = play_san(&mut frame.pos, resolved.m, resolved.san);
                        // The number and its move stay on one line.
                        if before.turn() == Color::White {
                            w.word(&format!("{number}. {san}"));
                        } else if frame.need_number {
                            w.word(&format!("{number}... {san}"));
                        } else {
                            w.word(&san.to_string());
                        }
                        frame.before = Some(before);
                        main_plies += u32::from(on_main);
                        frame.need_number = false;
                        if let Some(glyph) = glyph {
                            match glyph_nag(glyph) {
                                Some(nag) if options.nags => {
                                    w.word(&format!("${nag}"));
                                    frame.need_number = true;
                                }
                                None if options.comments => {
                                    w.comment(glyph);
                                    frame.need_number = true;
                                }
                                _ => {}
                            }
                        }
                    }
                    Err((code, reason)) => {
                        let mt = move_text(&frame.pos, &text);
                        let main = on_main;
                        let place = if main { "" } else { " in a variation" };
                        let mut finding = problem(
                            code,
                            locator.locate(token.start),
                            format!(
                                "illegal move {mt}{place}: {reason}; {}",
                                if main {
                                    "the game is exported up to it, with result *"
                                } else {
                                    "the variation is exported up to it"
                                }
                            ),
                        );
                        finding.ply = Some(ply_index(&frame.pos) + 1 - start_index);
                        finding.move_text = Some(mt.clone());
                        finding.token = Some(text.chars().take(80).collect());
                        finding.fen = Some(fen_of(&frame.pos));
                        finding.variation = !main;
                        problems.push(finding);
                        let note = if main { result_note.as_str() } else { "" };
                        w.comment(&format!("arbiter: illegal move {mt}: {reason}{note}"));
                        if main {
                            truncated = true;
                        }
                        skip = Skip::Line(0);
                    }
                }
            }
            TokenKind::Nag(n) => {
                if options.nags {
                    w.word(&format!("${n}"));
                    stack.last_mut().expect("main line").need_number = true;
                }
            }
            TokenKind::Glyph => match glyph_nag(&text) {
                Some(nag) if options.nags => {
                    w.word(&format!("${nag}"));
                    stack.last_mut().expect("main line").need_number = true;
                }
                None if options.comments => {
                    w.comment(&text);
                    stack.last_mut().expect("main line").need_number = true;
                }
                _ => {}
            },
            TokenKind::Comment | TokenKind::LineComment | TokenKind::UnterminatedComment => {
                if options.comments {
                    let inner = match token.kind {
                        TokenKind::Comment => &text[1..text.len() - 1],
                        _ => &text[1..],
                    };
                    if !inner.trim().is_empty() {
                        w.comment(inner);
                        stack.last_mut().expect("main line").need_number = true;
                    }
                }
            }
            TokenKind::Open => {
                let parent = stack.last().expect("main line");
                match (&parent.before, options.variations) {
                    (Some(before), true) => {
                        let frame = Frame {
                            pos: before.clone(),
                            before: None,
                            need_number: true,
                        };
                        stack.push(frame);
                        w.open();
                    }
                    (None, true) => {
                        problems.push(problem(
                            "syntax/variation-without-move",
                            locator.locate(token.start),
                            "a variation that follows no move is left out".to_owned(),
                        ));
                        skip = Skip::Variation(1);
                    }
                    (_, false) => skip = Skip::Variation(1),
                }
            }
            TokenKind::Close => {
                if stack.len() > 1 {
                    stack.pop();
                    w.close();
                    stack.last_mut().expect("main line").need_number = true;
                }
            }
            TokenKind::Result => {
                if stack.len() == 1 {
                    marker = Some(text);
                    break;
                }
            }
            TokenKind::Unknown => {
                // A word that is not shaped like a move (`1/2`, a stray `}`): as in `check`, it is
                // reported but does not stop the game; it is kept as a comment.
                let mut finding = problem(
                    "syntax/unknown-token",
                    locator.locate(token.start),
                    format!("unreadable token '{text}' kept as a comment"),
                );
                finding.token = Some(text.chars().take(80).collect());
                finding.variation = stack.len() > 1;
                problems.push(finding);
                if text.contains('}') {
                    // A `}` cannot stand inside a comment: say it in words.
                    w.comment("arbiter: a closing brace with no opening one");
                } else {
                    w.comment(&format!("arbiter: unreadable token '{text}'"));
                }
                stack.last_mut().expect("main line").need_number = true;
            }
            TokenKind::MoveNumber { .. }
            | TokenKind::Ellipsis
            | TokenKind::EpSuffix
            | TokenKind::Escape
            | TokenKind::Tag { .. }
            | TokenKind::BadTag => {}
        }
    }
    // Close variations left open.
    for _ in 1..stack.len() {
        w.close();
    }

    let written_result = roster[6].clone();
    let result = if truncated {
        "*".to_owned()
    } else {
        marker
            .or_else(|| written_result.clone())
            .filter(|r| matches!(r.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*"))
            .unwrap_or_else(|| "*".to_owned())
    };
    let valid_tag = roster[6]
        .as_deref()
        .is_some_and(|r| matches!(r, "1-0" | "0-1" | "1/2-1/2" | "*"));
    if truncated {
        roster[6] = Some("*".to_owned());
    } else if !valid_tag {
        // A missing Result tag, or one that is not a result (`1/2`): export format needs one of
        // the four markers, so the game's own result is written.
        roster[6] = Some(result.clone());
    }
    w.word(&result);

    let mut text = String::with_capacity(bytes.len() + 64);
    write_tags(&mut text, &roster, &others);
    text.push_str(&w.finish());
    text.push('\n');
    let plies = main_plies;
    Exported {
        text,
        problems,
        truncated,
        event: roster[0].clone(),
        white: roster[4].clone(),
        black: roster[5].clone(),
        plies,
    }
}

/// Plies from the standard start to `pos`, by its move number and side to move.
fn ply_index(pos: &Chess) -> u32 {
    2 * (pos.fullmoves().get() - 1) + u32::from(pos.turn() == Color::Black)
}

/// The FEN of a position as written in a `[FEN]` tag (en passant square only when a capture is
/// legal, as shakmaty keeps it).
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Reads a FEN or EPD line: the position, and the EPD `id` operand if there is one. EPD `hmvc`
/// and `fmvn` operations set the move counters.
///
/// # Errors
/// Returns why the line is not a usable position.
pub fn read_position_line(line: &str) -> Result<(Chess, Option<String>), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let counters = fields.len() >= 6
        && fields[4].bytes().all(|b| b.is_ascii_digit())
        && fields[5].bytes().all(|b| b.is_ascii_digit());
    if fields.len() < 4 || counters {
        return tags::position_of_line(line).map(|p| (p, None));
    }
    // EPD: four fields, then operations `opcode operand...;`.
    let rest_at = nth_field_end(line, 4);
    let mut id = None;
    let (mut hmvc, mut fmvn) = ("0".to_owned(), "1".to_owned());
    for op in split_operations(&line[rest_at..]) {
        let op = op.trim();
        let (code, operand) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
        let operand = operand.trim();
        let unquoted = operand
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or(operand);
        match code {
            // EPD strings escape `"` and `\` with a backslash, like PGN tag values.
            "id" => {
                id = Some(
                    String::from_utf8_lossy(&crate::analysis::tags::unescape(unquoted.as_bytes()))
                        .into_owned(),
                )
            }
            "hmvc" if unquoted.bytes().all(|b| b.is_ascii_digit()) && !unquoted.is_empty() => {
                hmvc = unquoted.to_owned();
            }
            "fmvn" if unquoted.bytes().all(|b| b.is_ascii_digit()) && !unquoted.is_empty() => {
                fmvn = unquoted.to_owned();
            }
            _ => {}
        }
    }
    let fen = format!("{} {hmvc} {fmvn}", fields[..4].join(" "));
    tags::position_of_line(&fen).map(|p| (p, id))
}

/// Byte offset just after the `n`-th whitespace-separated field of `line`.
fn nth_field_end(line: &str, n: usize) -> usize {
    let mut count = 0;
    let mut in_field = false;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() {
            if in_field {
                count += 1;
                if count == n {
                    return i;
                }
            }
            in_field = false;
        } else {
            in_field = true;
        }
    }
    line.len()
}

/// EPD operations, split at `;` outside quotes.
fn split_operations(text: &str) -> Vec<&str> {
    let mut ops = Vec::new();
    let mut quoted = false;
    let mut from = 0;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => {
                ops.push(&text[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    if !text[from..].trim().is_empty() {
        ops.push(&text[from..]);
    }
    ops
}

/// A game that starts at `pos`, with a full Seven Tag Roster (`event` or `?` as Event),
/// `[SetUp "1"]`, `[FEN]` and the movetext `moves` (SAN, already numbered) ending in `*`.
pub fn game_from_position(pos: &Chess, event: Option<&str>, moves: &[String]) -> String {
    let mut roster: [Option<String>; 7] = Default::default();
    roster[0] = event.map(str::to_owned);
    let others = vec![
        ("SetUp".to_owned(), "1".to_owned()),
        ("FEN".to_owned(), fen_of(pos)),
    ];
    let mut text = String::new();
    write_tags(&mut text, &roster, &others);
    let mut w = Wrapper::default();
    for m in moves {
        if let Some(comment) = m.strip_prefix('{') {
            w.comment(comment.strip_suffix('}').unwrap_or(comment));
        } else {
            w.word(m);
        }
    }
    w.word("*");
    text.push_str(&w.finish());
    text.push('\n');
    text
}

/// True when two positions are the same for the rules: board, side to move, castling rights
/// and (legal) en passant square; the move counters are not compared.
pub fn same_position(a: &Chess, b: &Chess) -> bool {
    a.board() == b.board()
        && a.turn() == b.turn()
        && a.castles().castling_rights() == b.castles().castling_rights()
        && a.ep_square(EnPassantMode::Legal) == b.ep_square(EnPassantMode::Legal)
}

/// The unique legal move of `from` that leads to `to`, as SAN with its suffix.
///
/// # Errors
/// Returns why no legal move connects the two positions (side to move, distance, castling
/// rights or en passant square).
pub fn connecting_move(from: &Chess, to: &Chess) -> Result<(Move, SanPlus), String> {
    let side = |c: Color| if c == Color::White { "White" } else { "Black" };
    let mut board_match = Vec::new();
    for m in from.legal_moves() {
        let mut after = from.clone();
        after.play_unchecked(m);
        if same_position(&after, to) {
            let san = San::from_move(from, m);
            let mut pos = from.clone();
            return Ok((m, play_san(&mut pos, m, san)));
        }
        if after.board() == to.board() && after.turn() == to.turn() {
            board_match.push((m, after));
        }
    }
    if let Some((m, after)) = board_match.first() {
        let san = San::from_move(from, *m);
        let castles = |p: &Chess| {
            let fen = fen_of(p);
            fen.split(' ').nth(2).unwrap_or("-").to_owned()
        };
        let ep = |p: &Chess| {
            p.ep_square(EnPassantMode::Legal)
                .map_or("-".to_owned(), |s| s.to_string())
        };
        if castles(after) != castles(to) {
            return Err(format!(
                "{san} gives this board, but the castling rights differ: after it they are {}, the next line has {}",
                castles(after),
                castles(to)
            ));
        }
        return Err(format!(
            "{san} gives this board, but the en passant square differs: after it it is {}, the next line has {}",
            ep(after),
            ep(to)
        ));
    }
    if from.board() == to.board() {
        return Err(if from.turn() == to.turn() {
            "the position is repeated (same board, same side to move)".to_owned()
        } else {
            "the board is the same but the side to move changed: the side to move is wrong, or a null move".to_owned()
        });
    }
    if from.turn() == to.turn() {
        // Two plies apart?
        for m1 in from.legal_moves() {
            let mut mid = from.clone();
            mid.play_unchecked(m1);
            for m2 in mid.legal_moves() {
                let mut after = mid.clone();
                after.play_unchecked(m2);
                if after.board() == to.board() {
                    return Err(format!(
                        "the positions are two plies apart ({} {}): a position is missing between them",
                        San::from_move(from, m1),
                        San::from_move(&mid, m2)
                    ));
                }
            }
        }
        // A move of the side to move, with the side to move of the next line wrong?
        for m in from.legal_moves() {
            let mut after = from.clone();
            after.play_unchecked(m);
            if after.board() == to.board() {
                return Err(format!(
                    "{} to move in both lines: after {} the next line should have {} to move",
                    side(from.turn()),
                    San::from_move(from, m),
                    side(!from.turn())
                ));
            }
        }
        return Err(format!(
            "{} to move in both lines, and the boards are more than two plies apart",
            side(from.turn())
        ));
    }
    // Is the side to move of this line wrong (a move of the other side gives the board)?
    let mut setup = from.to_setup(EnPassantMode::Legal);
    setup.turn = !setup.turn;
    setup.ep_square = None;
    if let Ok(flipped) = Chess::from_setup(setup, CastlingMode::Standard) {
        for m in flipped.legal_moves() {
            let mut after = flipped.clone();
            after.play_unchecked(m);
            if after.board() == to.board() {
                return Err(format!(
                    "the side to move is wrong: {} to move, but {} by {} gives the next board",
                    side(from.turn()),
                    San::from_move(&flipped, m),
                    side(flipped.turn())
                ));
            }
        }
    }
    let differ = shakmaty::Square::ALL
        .iter()
        .filter(|sq| from.board().piece_at(**sq) != to.board().piece_at(**sq))
        .count();
    Err(format!(
        "no legal move of {} gives the next board ({differ} squares differ): the positions are two or more moves apart",
        side(from.turn())
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_map_to_nags() {
        assert_eq!(glyph_nag("!"), Some(1));
        assert_eq!(glyph_nag("??"), Some(4));
        assert_eq!(glyph_nag("?!"), Some(6));
        assert_eq!(glyph_nag("+-"), Some(18));
        assert_eq!(glyph_nag("∆"), None);
        assert_eq!(split_glyph("Nf3!?", false), ("Nf3", Some("!?")));
        assert_eq!(split_glyph("Bc5=", true), ("Bc5", Some("=")));
        assert_eq!(split_glyph("Qh4+-", true), ("Qh4", Some("+-")));
        assert_eq!(split_glyph("e8=Q", false), ("e8=Q", None));
    }

    #[test]
    fn wrapper_keeps_lines_short_and_escapes_safe() {
        let mut w = Wrapper::default();
        for _ in 0..30 {
            w.word("1. e4");
        }
        w.comment(&format!("{} %x [y }} z", "a ".repeat(40)));
        let text = w.finish();
        for line in text.lines() {
            assert!(line.chars().count() <= MAX_LINE, "{line}");
            assert!(!line.starts_with(['%', '[']), "{line}");
        }
        assert!(text.contains(") z}"), "{text}");
    }

    #[test]
    fn epd_operations() {
        let (pos, id) = read_position_line(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"a;b\"; fmvn 7;",
        )
        .unwrap();
        assert_eq!(id.as_deref(), Some("a;b"));
        assert_eq!(pos.fullmoves().get(), 7);
        assert!(read_position_line("8/8/8/8 w - -").is_err());
    }

    #[test]
    fn sequence_moves() {
        let start = Chess::default();
        let (after, _) =
            read_position_line("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
                .unwrap();
        let (_, san) = connecting_move(&start, &after).unwrap();
        assert_eq!(san.to_string(), "e4");
        let err = connecting_move(&start, &start).unwrap_err();
        assert!(err.contains("repeated"), "{err}");
    }

    #[test]
    fn export_fills_the_roster_and_numbers_moves() {
        let out = export_game(
            b"[White \"A\"]\n\n1. e4 {c} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n",
            1,
            &ExportOptions::default(),
        );
        assert!(out.problems.is_empty());
        assert_eq!(
            out.text,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n\
             [Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 {c} 1... e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
        );
    }
}
