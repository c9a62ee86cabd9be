//! The expressions of `arbiter select --where` (issue 15): a small hand-written lexer and
//! recursive-descent parser (no crate: the grammar is a dozen rules, and errors name the column
//! of the token at fault, which a parser generator would make us rebuild anyway).
//!
//! ```text
//! expr    := and ( ("or" | "||") and )*
//! and     := unary ( ("and" | "&&") unary )*
//! unary   := ("not" | "!") unary | primary
//! primary := "(" expr ")" | "has" "(" NAME ")" | NAME OP value | NAME "in" value ".." value
//! OP      := == | != | < | <= | > | >= | ~          (~: contains, case ignored)
//! value   := "quoted text" | bare-word              (a bare word stops at spaces, ( ) ! = < > ~ "" and ..)
//! ```
//! A NAME that starts with a capital letter is a tag (`WhiteElo`, `Result`, `TimeControl`);
//! the others are derived fields ([`Field`]). Keywords and field names ignore case.
//!
//! This module must not import `engine`, `report` or `commands`.

use std::fmt;

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `~`: contains (case ignored; for players, whole words of the name).
    Contains,
}

/// What a comparison looks at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// A tag, by its exact name.
    Tag(String),
    /// Either player (names normalised: `==` compares name keys, `~` whole words).
    Player,
    /// The White player (as `player`).
    White,
    /// The Black player (as `player`).
    Black,
    /// The ECO code of the ECO tag (see `select::opening`).
    Eco,
    /// The opening's name of the Opening tag.
    Opening,
    /// The ECO code the moves give (the opening classifier, by position; replays up to the
    /// longest line of the data set, 36 plies).
    ClassifiedEco,
    /// The opening's name the moves give (as [`Field::ClassifiedEco`]).
    ClassifiedOpening,
    /// The speed from TimeControl: ultrabullet, bullet, blitz, rapid, classical, correspondence.
    Speed,
    /// The variant: standard, chess960, or the Variant tag lowercased.
    Variant,
    /// Main-line plies played (replays the game).
    Plies,
    /// A position of the main line, start included, as FEN or EPD (replays).
    Position,
    /// The material at some position of the main line, `KRPvKR` (replays).
    Material,
    /// The material at the end of the main line (replays).
    FinalMaterial,
    /// The code of a finding of `arbiter check` (`illegal-move/*`; replays, variations too).
    Code,
    /// The code of a verdict of `arbiter audit --missed` (`draw/*`; replays the main line).
    Verdict,
}

/// The names of the fields, as the error of an unknown one lists them (`fen` is `position`;
/// `_` and `-` are both read in the names that have them).
const FIELD_NAMES: [&str; 15] = [
    "player",
    "white",
    "black",
    "eco",
    "opening",
    "classified_eco",
    "classified_opening",
    "speed",
    "variant",
    "plies",
    "position (or fen)",
    "material",
    "final-material",
    "code",
    "verdict",
];

impl Field {
    /// The field of `name` (a tag when it starts with a capital letter; [`FIELD_NAMES`] and
    /// their other spellings), or `None`.
    fn named(name: &str) -> Option<Field> {
        if name.starts_with(|c: char| c.is_ascii_uppercase()) {
            return Some(Field::Tag(name.to_owned()));
        }
        Some(match name.to_ascii_lowercase().as_str() {
            "player" => Field::Player,
            "white" => Field::White,
            "black" => Field::Black,
            "eco" => Field::Eco,
            "opening" => Field::Opening,
            "classified_eco" | "classified-eco" => Field::ClassifiedEco,
            "classified_opening" | "classified-opening" => Field::ClassifiedOpening,
            "speed" => Field::Speed,
            "variant" => Field::Variant,
            "plies" => Field::Plies,
            "position" | "fen" => Field::Position,
            "material" => Field::Material,
            "final-material" | "final_material" => Field::FinalMaterial,
            "code" => Field::Code,
            "verdict" => Field::Verdict,
            _ => return None,
        })
    }

    /// True for the fields that need the moves replayed (the classified ones: the opening's
    /// plies only).
    pub fn replays(&self) -> bool {
        self.follows_moves() || self.classified()
    }

    /// True for the fields that need the main line (or all lines) to the end.
    pub fn follows_moves(&self) -> bool {
        matches!(
            self,
            Field::Plies
                | Field::Position
                | Field::Material
                | Field::FinalMaterial
                | Field::Code
                | Field::Verdict
        )
    }

    /// True for the fields the opening classifier gives.
    pub fn classified(&self) -> bool {
        matches!(self, Field::ClassifiedEco | Field::ClassifiedOpening)
    }
}

/// A parsed expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// Both.
    And(Box<Expr>, Box<Expr>),
    /// Either.
    Or(Box<Expr>, Box<Expr>),
    /// Not.
    Not(Box<Expr>),
    /// The game has this tag.
    Has(String),
    /// `field op value`.
    Compare {
        /// The field.
        field: Field,
        /// The operator.
        op: Op,
        /// The value as written (quotes removed).
        value: String,
        /// The value was quoted: it compares as text, never as a number or a date.
        quoted: bool,
        /// 1-based column of the value, for errors found later.
        col: usize,
    },
    /// `field in low..high` (inclusive).
    In {
        /// The field.
        field: Field,
        /// Lowest value.
        low: String,
        /// Highest value.
        high: String,
        /// A bound was quoted: the range is of text.
        quoted: bool,
    },
}

/// A bad expression: what is wrong and the 1-based column (characters) where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError {
    /// 1-based column.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.col, self.message)
    }
}

impl std::error::Error for ExprError {}

/// The most characters of an expression shown on either side of an error's column.
const EXCERPT_CHARS: usize = 40;

/// The most characters of an error's message shown (a message quotes the bad token, which may
/// be as long as the expression).
const MESSAGE_CHARS: usize = 320;

impl ExprError {
    /// The error as the command line shows it, with the part of `expr` (the expression it was
    /// found in) around its column: `column 15: unknown field 'bogus' (...): plies > 3 and
    /// bogus`. An expression of more than 80 characters is shown as the `EXCERPT_CHARS`
    /// characters on either side of the column, each cut marked with `…`, and the message is
    /// cut at `MESSAGE_CHARS` characters: an error in an expression of 100 KB is one line, not 100 KB.
    pub fn with_excerpt(&self, expr: &str) -> String {
        let chars = expr.chars().count();
        let excerpt = match chars <= 2 * EXCERPT_CHARS {
            true => expr.to_owned(),
            false => {
                let at = self.col.saturating_sub(1).min(chars);
                let from = at.saturating_sub(EXCERPT_CHARS);
                let to = (at + EXCERPT_CHARS).min(chars);
                let part: String = expr.chars().skip(from).take(to - from).collect();
                let before = if from > 0 { "…" } else { "" };
                let after = if to < chars { "…" } else { "" };
                format!("{before}{part}{after}")
            }
        };
        let message = crate::analysis::text::truncate(self.message.clone(), MESSAGE_CHARS);
        format!("column {}: {message}: {excerpt}", self.col)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Word(String),
    Text(String),
    Op(Op),
    Open,
    Close,
    Bang,
    DotDot,
    End,
}

/// A token and its 1-based column.
type Spanned = (Tok, usize);

fn lex(text: &str) -> Result<Vec<Spanned>, ExprError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let err = |col: usize, message: String| ExprError { col, message };
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        let next = chars.get(i + 1).copied();
        let (tok, len) = match c {
            _ if c.is_whitespace() => {
                i += 1;
                continue;
            }
            '(' => (Tok::Open, 1),
            ')' => (Tok::Close, 1),
            '~' => (Tok::Op(Op::Contains), 1),
            '=' if next == Some('=') => (Tok::Op(Op::Eq), 2),
            '=' => {
                return Err(err(
                    col,
                    "'=' is not an operator: write == to compare (!=, <=, >= for the others)"
                        .into(),
                ));
            }
            '!' if next == Some('=') => (Tok::Op(Op::Ne), 2),
            '!' => (Tok::Bang, 1),
            '<' if next == Some('=') => (Tok::Op(Op::Le), 2),
            '<' => (Tok::Op(Op::Lt), 1),
            '>' if next == Some('=') => (Tok::Op(Op::Ge), 2),
            '>' => (Tok::Op(Op::Gt), 1),
            '&' if next == Some('&') => (Tok::Word("&&".into()), 2),
            '|' if next == Some('|') => (Tok::Word("||".into()), 2),
            '.' if next == Some('.') => (Tok::DotDot, 2),
            '"' | '\'' => {
                let mut value = String::new();
                let mut j = i + 1;
                loop {
                    match chars.get(j) {
                        None => return Err(err(col, "unterminated quoted text".into())),
                        Some('\\') if chars.get(j + 1).is_some() => {
                            value.push(chars[j + 1]);
                            j += 2;
                        }
                        Some(&q) if q == c => break,
                        Some(&other) => {
                            value.push(other);
                            j += 1;
                        }
                    }
                }
                (Tok::Text(value), j + 1 - i)
            }
            _ => {
                let mut j = i;
                while j < chars.len() {
                    let d = chars[j];
                    let stops = d.is_whitespace()
                        || matches!(d, '(' | ')' | '!' | '=' | '<' | '>' | '~' | '"' | '\'')
                        || (d == '.' && chars.get(j + 1) == Some(&'.'));
                    if stops {
                        break;
                    }
                    j += 1;
                }
                (Tok::Word(chars[i..j].iter().collect()), j - i)
            }
        };
        out.push((tok, col));
        i += len;
    }
    out.push((Tok::End, chars.len() + 1));
    Ok(out)
}

/// Parses an expression.
///
/// # Errors
/// Returns what is wrong and the column where it is.
pub fn parse(text: &str) -> Result<Expr, ExprError> {
    let tokens = lex(text)?;
    let mut parser = Parser {
        tokens,
        at: 0,
        operators: 0,
    };
    let expr = parser.or()?;
    match parser.peek() {
        (Tok::End, _) => Ok(expr),
        (tok, col) => Err(ExprError {
            col,
            message: format!("unexpected {} after a complete expression", describe(&tok)),
        }),
    }
}

/// `&&` and `||`, the symbols of `and` and `or`: never a name or a value (`and` and `or`
/// written as words may be values: `Opening ~ and`).
fn is_symbol(word: &str) -> bool {
    matches!(word, "&&" | "||")
}

/// `value` written as an operand that reads back as `value`: bare when [`lex`] reads it as one
/// bare word, else [`quoted`].
pub(super) fn operand(value: &str) -> String {
    let stops = |c: char| c.is_whitespace() || "()!=<>~\"'".contains(c);
    let bare = !value.is_empty()
        && !value.contains(stops)
        && !value.contains("..")
        && !value.starts_with("&&")
        && !value.starts_with("||");
    match bare {
        true => value.to_owned(),
        false => quoted(value),
    }
}

/// `value` as quoted text that reads back as `value`: `\` before a `"` or a `\` in it.
pub(super) fn quoted(value: &str) -> String {
    format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""))
}

/// True for a name the expression reads as a tag: a capital letter first (PGN standard 8.1.1:
/// tag names start with an upper-case letter), then letters, digits and `_`.
fn is_tag_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Tags of the PGN standard and of the large databases, for the hint of a tag name written in
/// the wrong case.
pub(super) const COMMON_TAGS: [&str; 34] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "WhiteElo",
    "BlackElo",
    "WhiteTitle",
    "BlackTitle",
    "WhiteFideId",
    "BlackFideId",
    "WhiteTeam",
    "BlackTeam",
    "ECO",
    "Opening",
    "Variation",
    "TimeControl",
    "Termination",
    "FEN",
    "SetUp",
    "Variant",
    "PlyCount",
    "EventDate",
    "UTCDate",
    "UTCTime",
    "Annotator",
    "Mode",
    "Board",
    "Link",
    "WhiteRatingDiff",
    "BlackRatingDiff",
    "StartTime",
];

/// `" (the tag WhiteElo?)"` when `name` is a common tag but for case, else nothing.
fn tag_hint(name: &str) -> String {
    COMMON_TAGS
        .iter()
        .find(|t| t.eq_ignore_ascii_case(name) && **t != name)
        .map_or(String::new(), |t| format!(" (the tag {t}?)"))
}

fn describe(tok: &Tok) -> String {
    match tok {
        Tok::Word(w) => format!("'{w}'"),
        Tok::Text(t) => format!("\"{t}\""),
        Tok::Op(_) => "operator".into(),
        Tok::Open => "'('".into(),
        Tok::Close => "')'".into(),
        Tok::Bang => "'!'".into(),
        Tok::DotDot => "'..'".into(),
        Tok::End => "end of the expression".into(),
    }
}

/// The most operators (`and`, `or`, `not`) and opening parentheses an expression may hold:
/// the parser and the evaluation recurse once for each, so a longer expression (an argument
/// can hold 128 KiB of `not not ...`) would exhaust the stack instead of being refused.
pub const MAX_OPERATORS: usize = 1000;

struct Parser {
    tokens: Vec<Spanned>,
    at: usize,
    /// Operators and opening parentheses read so far (at most [`MAX_OPERATORS`]).
    operators: usize,
}

impl Parser {
    fn peek(&self) -> Spanned {
        self.tokens[self.at.min(self.tokens.len() - 1)].clone()
    }

    fn bump(&mut self) -> Spanned {
        let t = self.peek();
        self.at += 1;
        t
    }

    /// Counts the operator or parenthesis about to be read: an error past [`MAX_OPERATORS`].
    fn operator(&mut self) -> Result<(), ExprError> {
        self.operators += 1;
        if self.operators > MAX_OPERATORS {
            return Err(ExprError {
                col: self.peek().1,
                message: format!(
                    "more than {MAX_OPERATORS} operators and parentheses (and, or, not, '(')"
                ),
            });
        }
        Ok(())
    }

    /// True when the next token is the keyword `word` (`and`, `or`, `not`, `in`, `has`, any
    /// case), or the symbol written for it (`&&`, `||`).
    fn keyword(&self, word: &str) -> bool {
        let symbol = match word {
            "and" => "&&",
            "or" => "||",
            _ => "",
        };
        matches!(&self.peek().0, Tok::Word(w) if w.eq_ignore_ascii_case(word) || w == symbol)
    }

    fn or(&mut self) -> Result<Expr, ExprError> {
        let mut left = self.and()?;
        while self.keyword("or") {
            self.operator()?;
            self.bump();
            left = Expr::Or(Box::new(left), Box::new(self.and()?));
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Expr, ExprError> {
        let mut left = self.unary()?;
        while self.keyword("and") {
            self.operator()?;
            self.bump();
            left = Expr::And(Box::new(left), Box::new(self.unary()?));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        if self.keyword("not") || self.peek().0 == Tok::Bang {
            self.operator()?;
            self.bump();
            return Ok(Expr::Not(Box::new(self.unary()?)));
        }
        self.primary()
    }

    fn expect(&mut self, want: Tok, what: &str) -> Result<usize, ExprError> {
        let (tok, col) = self.bump();
        if tok == want {
            Ok(col)
        } else {
            Err(ExprError {
                col,
                message: format!("expected {what}, found {}", describe(&tok)),
            })
        }
    }

    fn primary(&mut self) -> Result<Expr, ExprError> {
        if self.peek().0 == Tok::Open {
            self.operator()?;
        }
        let (tok, col) = self.bump();
        let name = match tok {
            Tok::Open => {
                let inner = self.or()?;
                self.expect(Tok::Close, "')'")?;
                return Ok(inner);
            }
            Tok::Word(w) if w.eq_ignore_ascii_case("has") && self.peek().0 == Tok::Open => {
                self.bump();
                let (tag, tag_col) = self.bump();
                let tag = match tag {
                    Tok::Word(w) if !is_symbol(&w) => w,
                    other => {
                        return Err(ExprError {
                            col: tag_col,
                            message: format!("expected a tag name, found {}", describe(&other)),
                        });
                    }
                };
                // Tag names are matched exactly, case included: `has(whiteelo)` would be false
                // for every game, so it is refused as `whiteelo >= 1` is.
                if !is_tag_name(&tag) {
                    return Err(ExprError {
                        col: tag_col,
                        message: format!(
                            "'{tag}' is not a tag name: tag names start with a capital letter \
                             and are matched exactly{}",
                            tag_hint(&tag)
                        ),
                    });
                }
                self.expect(Tok::Close, "')'")?;
                return Ok(Expr::Has(tag));
            }
            Tok::Word(w) if !is_symbol(&w) => w,
            other => {
                return Err(ExprError {
                    col,
                    message: format!("expected a field or a tag, found {}", describe(&other)),
                });
            }
        };
        let field = Field::named(&name).ok_or_else(|| ExprError {
            col,
            message: format!(
                "unknown field '{name}'{} (tags start with a capital letter; fields: {})",
                tag_hint(&name),
                FIELD_NAMES.join(", ")
            ),
        })?;
        if self.keyword("in") {
            self.bump();
            let (low, low_quoted, _) = self.value()?;
            self.expect(Tok::DotDot, "'..' in a range (A00..B99)")?;
            let (high, high_quoted, _) = self.value()?;
            return Ok(Expr::In {
                field,
                low,
                high,
                quoted: low_quoted || high_quoted,
            });
        }
        let (tok, op_col) = self.bump();
        let Tok::Op(op) = tok else {
            return Err(ExprError {
                col: op_col,
                message: format!(
                    "expected an operator (== != < <= > >= ~ in) after '{name}', found {}",
                    describe(&tok)
                ),
            });
        };
        let (value, quoted, col) = self.value()?;
        Ok(Expr::Compare {
            field,
            op,
            value,
            quoted,
            col,
        })
    }

    /// A value: its text, whether it was quoted, and its column.
    fn value(&mut self) -> Result<(String, bool, usize), ExprError> {
        match self.bump() {
            (Tok::Word(w), col) if !is_symbol(&w) => Ok((w, false, col)),
            (Tok::Text(w), col) => Ok((w, true, col)),
            (other, col) => Err(ExprError {
                col,
                message: format!("expected a value, found {}", describe(&other)),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_field_is_a_field() {
        for name in FIELD_NAMES {
            for name in name.split(" (or ") {
                let name = name.trim_end_matches(')');
                assert!(Field::named(name).is_some(), "{name}");
            }
        }
        let err = parse("nosuch == 1").unwrap_err();
        assert!(err.message.contains("code, verdict)"), "{}", err.message);
    }

    fn cmp(field: Field, op: Op, value: &str, col: usize) -> Expr {
        Expr::Compare {
            field,
            op,
            value: value.into(),
            quoted: false,
            col,
        }
    }

    /// A short expression is shown whole; a long one only around the column, cut with `…`, and
    /// a message quoting a 100,000-character token is cut to 320 characters.
    #[test]
    fn errors_show_an_excerpt_of_long_expressions() {
        let short = "plies > 3 and bogus";
        let e = parse(short).unwrap_err();
        assert_eq!(e.col, 15);
        assert!(
            e.with_excerpt(short).ends_with(": plies > 3 and bogus"),
            "{}",
            e.with_excerpt(short)
        );
        let long = format!(
            "White == \"{}\" and plies > 3 and bogus",
            "x".repeat(100_000)
        );
        let e = parse(&long).unwrap_err();
        let shown = e.with_excerpt(&long);
        assert!(shown.len() < 400, "{} bytes", shown.len());
        assert!(shown.ends_with("and plies > 3 and bogus"), "{shown}");
        assert!(shown.contains(": …"), "{shown}");
        let token = format!("{} and plies > 3", "x".repeat(100_000));
        let e = parse(&token).unwrap_err();
        let shown = e.with_excerpt(&token);
        assert!(shown.len() < 1000, "{} bytes", shown.len());
        assert!(shown.starts_with("column 1: "), "{shown}");
    }

    #[test]
    fn precedence_and_values() {
        let e = parse("WhiteElo >= 2500 and not (Result == \"1-0\" or has(ECO))").unwrap();
        let want = Expr::And(
            Box::new(cmp(Field::Tag("WhiteElo".into()), Op::Ge, "2500", 13)),
            Box::new(Expr::Not(Box::new(Expr::Or(
                Box::new(Expr::Compare {
                    field: Field::Tag("Result".into()),
                    op: Op::Eq,
                    value: "1-0".into(),
                    quoted: true,
                    col: 37,
                }),
                Box::new(Expr::Has("ECO".into())),
            )))),
        );
        assert_eq!(e, want);
        assert_eq!(
            parse("eco in A00..B99").unwrap(),
            Expr::In {
                field: Field::Eco,
                low: "A00".into(),
                high: "B99".into(),
                quoted: false,
            }
        );
        assert_eq!(
            parse("Date>=2020.01.01").unwrap(),
            cmp(Field::Tag("Date".into()), Op::Ge, "2020.01.01", 7)
        );
        assert!(matches!(
            parse("a || b == 1"),
            Err(ExprError { col: 1, .. })
        ));
        assert_eq!(
            parse("plies > 1 || plies < 9").unwrap(),
            parse("plies > 1 or plies < 9").unwrap()
        );
        assert_eq!(
            parse("plies > 1 &&  plies < 9").unwrap(),
            parse("plies > 1 and plies < 9").unwrap()
        );
    }

    #[test]
    fn errors_name_the_column() {
        let err = |text: &str| parse(text).unwrap_err();
        assert_eq!(err("WhiteElo >= ").col, 13);
        assert_eq!(err("WhiteElo 2500").col, 10);
        assert_eq!(err("(plies > 3").col, 11);
        assert_eq!(err("plies > 3 )").col, 11);
        assert_eq!(err("colour == white").col, 1);
        assert_eq!(err("Event == \"open").col, 10);
        assert!(err("eco in A00 B99").message.contains("'..'"));
    }

    /// An error at `||` or `&&` names the symbol as written (issue 32), and neither is taken
    /// for a value or a name.
    #[test]
    fn errors_name_the_symbols_as_written() {
        let err = |text: &str| parse(text).unwrap_err();
        for (text, col) in [
            ("|| plies > 3", 1),
            ("plies > 3 || || plies < 9", 14),
            ("WhiteElo >= ||", 13),
            ("has(||)", 5),
            ("plies > 3 && && x", 14),
        ] {
            let e = err(text);
            let symbol = if text.contains("||") { "'||'" } else { "'&&'" };
            assert_eq!(e.col, col, "{text}: {e}");
            assert!(e.message.contains(symbol), "{text}: {e}");
            assert!(
                !e.message.contains("'or'") && !e.message.contains("'and'"),
                "{e}"
            );
        }
        // The words stay values.
        assert!(parse("Opening ~ and").is_ok());
    }

    /// `has(whiteelo)` (a tag name in the wrong case) is refused as `whiteelo >= 1` is (issue
    /// 32), with the tag it probably means.
    #[test]
    fn tag_names_in_the_wrong_case_are_refused() {
        let err = |text: &str| parse(text).unwrap_err();
        let e = err("has(whiteelo)");
        assert_eq!(e.col, 5);
        assert!(e.message.contains("capital letter"), "{e}");
        assert!(e.message.contains("the tag WhiteElo?"), "{e}");
        let e = err("whiteelo >= 1");
        assert_eq!(e.col, 1);
        assert!(e.message.contains("the tag WhiteElo?"), "{e}");
        assert!(err("has(eco)").message.contains("the tag ECO?"));
        assert!(!err("has(xyz)").message.contains("the tag"));
        assert!(err("has(White-Elo)").message.contains("not a tag name"));
        assert_eq!(
            parse("has(WhiteElo)").unwrap(),
            Expr::Has("WhiteElo".into())
        );
        assert_eq!(parse("has(My_Tag2)").unwrap(), Expr::Has("My_Tag2".into()));
    }
}
