//! The fields of a FEN or EPD line: where each stands (column and byte offset), EPD operations
//! (`hmvc`, `fmvn`, `id`, the moves of `bm` and `am`), and the faults of the field count.

use super::{FenProblem, error, warning};
use crate::model::Code;

/// What a FEN has, in order.
const SIX: &str = "a FEN has 6 fields (placement, side to move, castling, en passant, halfmove clock, fullmove number)";

/// One field of the line as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Field<'a> {
    /// 1-based column, in characters.
    pub col: u64,
    /// Byte offset in the line.
    pub offset: usize,
    /// The field as written.
    pub text: &'a str,
}

/// The fields of a line: the four of the position, the move counters when given (as fields or
/// as the EPD operations `hmvc` and `fmvn`), and the EPD `id`.
#[derive(Clone, Debug)]
pub(super) struct Fields<'a> {
    /// The piece placement.
    pub placement: Field<'a>,
    /// The side to move.
    pub turn: Field<'a>,
    /// The castling field.
    pub castling: Field<'a>,
    /// The en passant field.
    pub ep: Field<'a>,
    /// The halfmove clock (field 5 or `hmvc`), when given.
    pub halfmove: Option<Field<'a>>,
    /// The fullmove number (field 6 or `fmvn`), when given.
    pub fullmove: Option<Field<'a>>,
    /// The EPD `id` operand, escapes resolved.
    pub id: Option<String>,
    /// The moves of the EPD operations `bm` and `am`: per operation, its opcode and moves.
    pub moves: Vec<(&'static str, Vec<Field<'a>>)>,
}

/// 1-based column (in characters) of the byte `offset` of `line`.
pub(super) fn column(line: &str, offset: usize) -> u64 {
    line[..offset].chars().count() as u64 + 1
}

/// Byte offset of `part` (a slice of `line`) in `line`.
fn offset_in(line: &str, part: &str) -> usize {
    part.as_ptr() as usize - line.as_ptr() as usize
}

/// The fields of `line` separated by `is_separator`, with their columns and offsets.
fn split_at<'a>(line: &'a str, is_separator: impl Fn(char) -> bool) -> Vec<Field<'a>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, u64)> = None;
    let mut col = 0u64;
    for (i, c) in line.char_indices() {
        col += 1;
        if is_separator(c) {
            if let Some((offset, col)) = start.take() {
                out.push(Field {
                    col,
                    offset,
                    text: &line[offset..i],
                });
            }
        } else if start.is_none() {
            start = Some((i, col));
        }
    }
    if let Some((offset, col)) = start {
        out.push(Field {
            col,
            offset,
            text: &line[offset..],
        });
    }
    out
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Splits a FEN or EPD line into its fields.
///
/// Fields are separated by whitespace. A line with no whitespace between its fields but `_`
/// (the form FENs take in URLs) is read with `_` as the separator, with a `fen/fields` warning.
/// Four fields followed by EPD operations (`bm e4; id "x";`), or six followed by operations
/// (perft suites: `FEN ;D1 20`), are an EPD line: the operations `hmvc` and `fmvn` give the
/// counters of four fields when they are numbers, `id` the identifier and `bm` and `am` the
/// moves to check (after four or six fields); other operations are not read.
///
/// # Errors
/// Returns the `fen/fields` problem of a line that has not 4 or 6 fields.
pub(super) fn split<'a>(
    line: &'a str,
    problems: &mut Vec<FenProblem>,
) -> Result<Fields<'a>, FenProblem> {
    let mut all = split_at(line, char::is_whitespace);
    if all.len() == 1 && all[0].text.contains('_') && all[0].text.contains('/') {
        let underscored = split_at(line, |c| c.is_whitespace() || c == '_');
        if matches!(underscored.len(), 4 | 6) {
            problems.push(warning(
                Code::FenFields,
                all[0],
                "the fields are separated by '_' (as in URLs), not by spaces: read as spaces"
                    .to_owned(),
                true,
            ));
            all = underscored;
        }
    }
    if all.len() < 4 {
        let at = all.first().copied().unwrap_or(Field {
            col: 1,
            offset: 0,
            text: "",
        });
        let hint = if all.len() == 1 && at.text.contains('/') {
            " (the fields must be separated by spaces)"
        } else {
            ""
        };
        return Err(error(
            Code::FenFields,
            at,
            format!("{SIX}, this one has {}{hint}", all.len()),
        ));
    }
    // EPD: operations (not numbers, each ending in ';') after the four fields, or after all six.
    let operations_after = |n: usize| all.get(n).is_some_and(|f| line[f.offset..].contains(';'));
    let epd4 = all.len() > 4 && !is_number(all[4].text) && operations_after(4);
    // (An operation starts with its opcode, a letter, or a `;`: a seventh number is a field.)
    let opcode = |f: &Field<'_>| {
        f.text
            .starts_with(|c: char| c.is_ascii_alphabetic() || c == ';')
    };
    let epd6 = !epd4
        && all.len() > 6
        && is_number(all[4].text)
        && is_number(all[5].text)
        && opcode(&all[6])
        && operations_after(6);
    let count = if epd4 {
        4
    } else if epd6 {
        6
    } else {
        all.len()
    };
    count_fault(&all, count)?;
    let mut fields = Fields {
        placement: all[0],
        turn: all[1],
        castling: all[2],
        ep: all[3],
        halfmove: all.get(4).copied().filter(|_| count == 6),
        fullmove: all.get(5).copied().filter(|_| count == 6),
        id: None,
        moves: Vec::new(),
    };
    if epd4 {
        operations(line, &line[all[4].offset..], &mut fields);
    } else if epd6 {
        // The counters are the fields; the operations give the identifier (an `hmvc` or
        // `fmvn` beside them is not read).
        let (halfmove, fullmove) = (fields.halfmove, fields.fullmove);
        operations(line, &line[all[6].offset..], &mut fields);
        (fields.halfmove, fields.fullmove) = (halfmove, fullmove);
    }
    Ok(fields)
}

/// The `fen/fields` problem of a line of `count` fields (of `all`) other than 4 or 6.
fn count_fault(all: &[Field<'_>], count: usize) -> Result<(), FenProblem> {
    if count == 5 {
        return Err(error(
            Code::FenFields,
            all[4],
            format!("{SIX}, this one has 5: the fullmove number is missing"),
        ));
    }
    if count > 6 {
        // Point at a counter that is not a number (`3+3`, a three-check field) when there is one.
        let bad_counter = all[4..6].iter().find(|f| !is_number(f.text)).copied();
        let (at, why) = match bad_counter {
            Some(f) => (
                f,
                format!(": \"{}\" is not a move counter (a variant field?)", f.text),
            ),
            None => (all[6], String::new()),
        };
        return Err(error(
            Code::FenFields,
            at,
            format!("{SIX}, this one has {count}{why}"),
        ));
    }
    Ok(())
}

/// Reads the EPD operations `text` (a slice of `line`): `hmvc` and `fmvn` (when numbers) become
/// the counters, `id` the identifier, the moves of `bm` and `am` the moves to check.
fn operations<'a>(line: &'a str, text: &'a str, fields: &mut Fields<'a>) {
    for op in split_operations(text) {
        let op = op.trim();
        let (code, operand) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
        let operand = operand.trim();
        let unquoted = operand
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or(operand);
        let field = |text: &'a str| {
            let offset = offset_in(line, text);
            Field {
                col: column(line, offset),
                offset,
                text,
            }
        };
        match code {
            // EPD strings escape `"` and `\` with a backslash, like PGN tag values.
            "id" => {
                let id = crate::analysis::tags::unescape(unquoted.as_bytes());
                fields.id = Some(String::from_utf8_lossy(&id).into_owned());
            }
            "hmvc" if is_number(unquoted) => fields.halfmove = Some(field(unquoted)),
            "fmvn" if is_number(unquoted) => fields.fullmove = Some(field(unquoted)),
            "bm" | "am" => {
                let opcode = if code == "bm" { "bm" } else { "am" };
                let moves = operand.split_whitespace().map(field).collect();
                fields.moves.push((opcode, moves));
            }
            _ => {}
        }
    }
}

/// EPD operations, split at `;` outside quotes (in a quoted string, `\"` and `\\` are escapes,
/// as `id` reads them: they neither end the string nor start one).
fn split_operations(text: &str) -> Vec<&str> {
    let mut ops = Vec::new();
    let mut quoted = false;
    let mut escaped = false;
    let mut from = 0;
    for (i, c) in text.char_indices() {
        if std::mem::take(&mut escaped) {
            continue;
        }
        match c {
            '\\' if quoted => escaped = true,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(line: &str) -> Result<Fields<'_>, FenProblem> {
        split(line, &mut Vec::new())
    }

    #[test]
    fn columns_count_characters() {
        let f = fields("8/8/8/8/8/8/8/8  w - - 0 1").unwrap();
        assert_eq!((f.turn.col, f.turn.offset), (18, 17));
        assert_eq!(column("é b", 3), 3);
    }

    #[test]
    fn epd_operations_give_counters_and_id() {
        let line = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a;b\"; hmvc 7; fmvn 12;";
        let f = fields(line).unwrap();
        assert_eq!(f.id.as_deref(), Some("a;b"));
        let hmvc = f.halfmove.unwrap();
        assert_eq!((hmvc.text, &line[hmvc.offset..hmvc.offset + 1]), ("7", "7"));
        assert_eq!(f.fullmove.unwrap().text, "12");
        // Six fields and perft operations: the counters are the fields.
        let f = fields("4k3/8/8/8/8/8/8/4K3 w - - 3 9 ;D1 5").unwrap();
        assert_eq!(f.halfmove.unwrap().text, "3");
        // A seventh number before the operations is a field too many, not an operation.
        assert!(fields("7k/8/6Q1/8/8/8/8/K7 b - - 0 1 0 id \"seven\";").is_err());
        // The moves of `bm` and `am`, where they stand.
        let line = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 Ke2+; am Kd1; c0 \"bm Kf1\";";
        let f = fields(line).unwrap();
        let moves: Vec<_> = (f.moves.iter())
            .flat_map(|(op, moves)| moves.iter().map(|m| (*op, m.text, m.col)))
            .collect();
        assert_eq!(
            moves,
            [("bm", "Kd2", 30), ("bm", "Ke2+", 34), ("am", "Kd1", 43)]
        );
        // An escaped quote does not end a string: `bm` stands inside the `id` here.
        let f = fields("4k3/8/8/8/8/8/8/4K3 w - - id \"a\\\"; bm Kd2\";").unwrap();
        assert!(f.moves.is_empty(), "{:?}", f.moves);
        assert_eq!(f.id.as_deref(), Some("a\"; bm Kd2"));
        // Six fields and an `id`: the identifier is read, the fields stay the counters.
        let f = fields("7k/8/6Q1/8/8/8/8/K7 b - - 1 1 id \"six\"; hmvc 9;").unwrap();
        assert_eq!(f.id.as_deref(), Some("six"));
        assert_eq!(
            (f.halfmove.unwrap().text, f.fullmove.unwrap().text),
            ("1", "1")
        );
    }

    #[test]
    fn field_counts() {
        assert!(fields("8/8/8/8/8/8/8/8 w - -").is_ok());
        let five = fields("8/8/8/8/8/8/8/8 w - - 0").unwrap_err();
        assert!(five.message.contains("fullmove number is missing"));
        let seven = fields("8/8/8/8/8/8/8/8 w - - 3+3 0 1").unwrap_err();
        assert_eq!(seven.token.as_deref(), Some("3+3"));
        let mut problems = Vec::new();
        let url = split("4k3/8/8/8/8/8/8/4K3_w_-_-_0_1", &mut problems).unwrap();
        assert_eq!((url.turn.text, url.turn.col), ("w", 21));
        assert_eq!(problems.len(), 1);
    }
}
