//! The values of `--where` fields: a tag's text for a field, the classification a replay gives,
//! the `speed` class, the `position` and `material` operands, codes and ECO patterns.

use super::*;

/// True when `code` is `pattern`, or `pattern` is `family/*` and `code` is of the family.
pub(super) fn code_matches(pattern: &str, code: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => code.starts_with(prefix),
        None => pattern == code,
    }
}

/// An ECO code: a letter A to E (either case) and two digits (`B20`, `e99`).
pub(super) fn is_eco_code(value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 3
        && matches!(b[0].to_ascii_uppercase(), b'A'..=b'E')
        && b[1..].iter().all(u8::is_ascii_digit)
}

/// True for a count as `plies` takes one: ASCII digits only (no sign, no decimal part).
pub(super) fn is_count(value: &str) -> bool {
    !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit())
}

/// The error of a `plies` operand that is no count.
pub(super) fn plies_error(value: &str) -> String {
    format!("plies takes a number, not '{value}' (a count of plies, in digits: 40)")
}

/// True for a tag of [`NUMERIC_TAGS`] (`WhiteElo`, `BlackElo`, `PlyCount`).
pub(super) fn is_numeric_tag(field: &Field) -> bool {
    matches!(field, Field::Tag(t) if NUMERIC_TAGS.contains(&t.as_str()))
}

/// The speeds `speed ==` takes.
pub(super) const SPEEDS: [&str; 7] = [
    "ultrabullet",
    "bullet",
    "blitz",
    "rapid",
    "classical",
    "correspondence",
    "unknown",
];

/// The speed of a TimeControl tag value: the class `arbiter games` gives it (one classifier,
/// [`crate::analysis::tables::speed::speed`]), `unknown` when it has none.
pub fn speed(time_control: Option<&str>) -> &'static str {
    time_control
        .and_then(crate::analysis::tables::speed::speed)
        .map_or("unknown", crate::model::Speed::as_str)
}

/// The position of a `position ==` operand: a FEN or EPD of at least four fields (board, side
/// to move, castling rights, en passant square), legal; the error says which of those fails.
pub(super) fn position_id(text: &str) -> Result<PositionId, String> {
    // A board alone reads as White to move without castling rights (shakmaty's defaults):
    // a position most games never reach, so `position == "<board>"` matched nothing, silently.
    let fields = text.split_ascii_whitespace().count();
    if fields < 4 {
        let shown: String = text.trim().chars().take(80).collect();
        return Err(format!(
            "a position needs the FEN's first four fields (board, side to move, castling \
             rights, en passant square: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq \
             -'), {fields} given: {shown}"
        ));
    }
    let fen = Fen::from_ascii(text.trim().as_bytes())
        .map_err(|e| format!("not a FEN or EPD position ({e}): {text}"))?;
    let pos: Chess = fen
        .into_position(CastlingMode::Standard)
        .map_err(|e| format!("not a legal position ({e}): {text}"))?;
    Ok(PositionId::of(&pos))
}

pub(super) const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The material of a board: 5 bits a (colour, piece) count. Not inlined: twelve population
/// counts the compiler would otherwise compute ahead, at every ply, for expressions that never
/// ask for material (a position filter, a verdict).
#[inline(never)]
pub(super) fn material_of(board: &Board) -> u64 {
    let mut m = 0u64;
    for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for (r, role) in ROLES.into_iter().enumerate() {
            let n = (board.by_color(color) & board.by_role(role)).count() as u64;
            m |= n.min(31) << (5 * (c * 6 + r));
        }
    }
    m
}

/// The material written `KRPvKR` (white's pieces, `v`, black's; any order, case ignored).
pub(super) fn material_of_text(text: &str) -> Result<u64, String> {
    let upper = text.trim().to_ascii_uppercase();
    let Some((white, black)) = upper.split_once('V') else {
        return Err(format!(
            "material is written KRPvKR (white's pieces, v, black's): {text}"
        ));
    };
    let mut m = 0u64;
    for (c, side) in [white, black].into_iter().enumerate() {
        for ch in side.chars() {
            let r = "KQRBNP".find(ch).ok_or_else(|| {
                format!("'{ch}' is not a piece letter (K Q R B N P) in material {text}")
            })?;
            let shift = 5 * (c * 6 + r);
            let n = ((m >> shift) & 31) + 1;
            m = (m & !(31 << shift)) | (n.min(31) << shift);
        }
        // What no position has (FIDE Laws art. 2.3: one king each, eight pawns, sixteen
        // men) would match no game: refused, as `check --only` refuses a code that is none.
        let count = |r: usize| (m >> (5 * (c * 6 + r))) & 31;
        let men: u64 = (0..6).map(count).sum();
        if count(0) != 1 || count(5) > 8 || men > 16 {
            return Err(format!(
                "no position has this material (one king a side, at most eight pawns and \
                 sixteen men): {text}"
            ));
        }
    }
    Ok(m)
}

/// The value of a field that the tags give (`None`: the game has none).
pub(super) fn field_value(field: &Field, tags: &Tags<'_>, variant: &Variant) -> Option<String> {
    match field {
        Field::Tag(name) => tags.value(name),
        Field::White => tags.value("White"),
        Field::Black => tags.value("Black"),
        Field::Eco => opening::eco(tags),
        Field::Opening => opening::opening(tags),
        Field::ClassifiedEco | Field::ClassifiedOpening => None,
        Field::Speed => Some(speed(tags.value("TimeControl").as_deref()).to_owned()),
        Field::Variant => Some(match variant {
            Variant::Standard => "standard".to_owned(),
            Variant::Chess960 => "chess960".to_owned(),
            Variant::Other(name) => name.to_lowercase(),
        }),
        Field::Player
        | Field::Plies
        | Field::Position
        | Field::Material
        | Field::FinalMaterial
        | Field::Code
        | Field::Verdict => None,
    }
}

/// The ECO code or the name of the opening the moves give (`None`: not classified: a game from
/// a set-up position, or one that reaches no position of the data set).
pub(super) fn classified_value(field: &Field, replayed: &Replayed) -> Option<&'static str> {
    let opening = replayed.classified?;
    Some(match field {
        Field::ClassifiedEco => opening.eco,
        _ => opening.name,
    })
}

/// The tags of the players `field` names.
pub(super) fn player_tags(field: &Field) -> &'static [&'static str] {
    match field {
        Field::White => &["White"],
        Field::Black => &["Black"],
        _ => &["White", "Black"],
    }
}
