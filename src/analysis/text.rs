//! How moves, positions and text from the input are written in messages, once for every
//! subcommand: `23...Nf3`, FEN with a legal en passant square, tag values decoded and cut.

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position, Role};

use super::tags;

/// Longest token text copied into a finding, in characters.
pub const MAX_TOKEN_CHARS: usize = 80;

/// Longest tag value (Event, White, Black, a value in a message) kept, in characters.
pub const MAX_TAG_CHARS: usize = 200;

/// `bytes` decoded (UTF-8, else Windows-1252 or code page 437) and cut to `max` characters, marked with `…`; only a
/// bounded prefix is decoded, and a UTF-8 character is never cut.
pub fn bounded(bytes: &[u8], max: usize) -> String {
    tags::decode_bounded(bytes, max)
}

/// A token as findings show it: [`bounded`] to [`MAX_TOKEN_CHARS`].
pub fn token_text(bytes: &[u8]) -> String {
    bounded(bytes, MAX_TOKEN_CHARS)
}

/// A tag name or value as messages show it: [`bounded`] to [`MAX_TAG_CHARS`].
pub fn tag_text(bytes: &[u8]) -> String {
    bounded(bytes, MAX_TAG_CHARS)
}

/// A tag value (escapes resolved, decoded) as records show it: at most [`MAX_TAG_CHARS`]
/// characters.
pub fn tag_value(raw: &[u8]) -> String {
    bounded(&tags::unescape(raw), MAX_TAG_CHARS)
}

/// Cuts `text` to `max` characters, marking the cut with `…`.
pub fn truncate(text: String, max: usize) -> String {
    if text.len() <= max {
        // No more bytes than `max`, so no more characters.
        return text;
    }
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

/// True when `text` contains `needle`, case ignored (Unicode lower case; ASCII compared without
/// allocating): the `~` of `select` for every field (issue 31: one meaning).
pub fn contains_ignoring_case(text: &str, needle: &str) -> bool {
    if needle.is_ascii() && text.is_ascii() {
        let (t, n) = (text.as_bytes(), needle.as_bytes());
        return n.is_empty() || t.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n));
    }
    text.to_lowercase().contains(&needle.to_lowercase())
}

/// `23.` or `23...`: the move number and the dots for the side to move in `pos`.
pub fn move_number(pos: &Chess) -> String {
    match pos.turn() {
        Color::White => format!("{}.", pos.fullmoves()),
        Color::Black => format!("{}...", pos.fullmoves()),
    }
}

/// [`move_number`] of the position before a move, known from the position `after` it (the
/// side that moved is the one not to move in `after`).
pub fn move_number_before(after: &Chess) -> String {
    match after.turn() {
        Color::Black => format!("{}.", after.fullmoves()),
        Color::White => format!("{}...", after.fullmoves().get().saturating_sub(1).max(1)),
    }
}

/// `23.` or `23...` for the side to move in `pos`, followed by the token as written (cut to
/// [`MAX_TOKEN_CHARS`]).
pub fn move_text(pos: &Chess, token: &[u8]) -> String {
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

/// `23...Nf3`: the legal move `m` of `before` in standard SAN (with `+`/`#`), numbered.
pub fn pgn_move(before: &Chess, m: Move) -> String {
    let dots = if before.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!(
        "{}{dots}{}",
        before.fullmoves(),
        SanPlus::from_move(before.clone(), m)
    )
}

/// The FEN of `pos` with an en passant square only when a capture is legal (as findings and
/// verdicts show positions).
pub fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// `white` or `black`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `White` or `Black`.
pub fn color_title(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The piece's name in lower case.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// Two positions are the same in the sense of FIDE Laws art. 9.2.2: same player to move, same
/// pieces on the same squares, same castling rights, and an en passant capture only when it is
/// legal.
pub fn same_position(a: &Chess, b: &Chess) -> bool {
    a.turn() == b.turn()
        && a.board() == b.board()
        && a.castles().castling_rights() == b.castles().castling_rights()
        && a.ep_square(EnPassantMode::Legal) == b.ep_square(EnPassantMode::Legal)
}
