//! `arbiter select` (issue 15): which games match a `--where` expression, decided by one
//! visitor of the game walk.
//!
//! An expression over tags only reads the tag section ([`Work::Tags`]). One with a field that
//! needs the moves (`plies`, `position`, `material`, `final-material`) replays the main line —
//! and only when the tags have not decided already: the expression is first evaluated with
//! those fields unknown (three-valued logic), and a game that fails `WhiteElo >= 2700 and
//! position == ...` on its rating is not replayed.
//!
//! Semantics, for the guide: a comparison with a tag the game lacks is false (`has(Tag)` asks
//! for it); numbers compare as numbers when both sides are numbers, text compares as text
//! (`==` exact, `~` contains with case ignored); dates compare on the operand's known parts (a year is the whole year), unknown parts (`??`) of the value as
//! zeros; `player`/`white`/`black` compare name keys ([`crate::analysis::names`]) with `==`
//! and whole words with `~`; `speed` is the class of `arbiter games`
//! ([`crate::analysis::tables::speed`]: lichess's estimate, base + 40 × increment seconds,
//! below 30 ultrabullet, 180 bullet, 480 blitz, 1500 rapid, else classical; `-` and days per
//! move are correspondence; `unknown` for what is no time control); a `position` is the same board, side to move, castling rights and
//! en passant square (when a capture is legal), as in `audit`.
//!
//! This module must not import `engine`, `report` or `commands`.

mod compare;
pub mod expr;
mod fields;
pub mod hints;
pub mod opening;
pub mod players;
mod visitor;

use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, Position, Role, Square,
};

use super::check::{CheckOptions, Checker};
use super::draw::{AuditOptions, Auditor, LawsOption, Missed, Profile};
use super::names::Names;
use super::openings::{Classifier, Opening};
use super::pgn::{ExportOptions, ExportOut, Exported, Exporter};
use super::tags::{Tags, Variant};
use super::walk::{GameText, Pair, Work, walk};
use crate::model::Table;
use compare::{NUMERIC_TAGS, Operand, lookalike_error, number_lookalike};
pub use compare::{contains, number};
use expr::{Expr, Field, Op};
pub use expr::{ExprError, parse};
use fields::*;

/// A compiled `--where` expression.
#[derive(Clone, Debug)]
pub struct Selector {
    root: Node,
    atoms: Vec<Atom>,
    /// The persons the alias and spelling files name, for `player`, `white` and `black`.
    names: Names,
    /// The names of the `player`, `white` and `black` comparisons with `==` and `!=`.
    queries: Vec<String>,
    /// Their persons and those of the inputs' spellings that bear on them, once read
    /// ([`Selector::set_spellings`]).
    persons: std::sync::OnceLock<players::Persons>,
    /// Some field needs the main line to its end ([`Selector::follows_moves`]), once compiled.
    follows: bool,
    /// Some field needs the classified opening ([`Selector::classifies`]), once compiled.
    classified: bool,
    /// The rules `verdict` is judged by ([`Selector::with_audit`]).
    audit: AuditOptions,
    /// What to say when no game matched ([`hints`]).
    hints: Vec<String>,
}

/// A position test done at every main-line position.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Atom {
    Position(PositionId),
    Material(u64),
}

/// What two positions share when they are the same position.
#[derive(Clone, Debug, PartialEq, Eq)]
struct PositionId {
    board: Board,
    turn: Color,
    castling: Bitboard,
    ep: Option<Square>,
}

impl PositionId {
    fn of(pos: &Chess) -> PositionId {
        PositionId {
            board: pos.board().clone(),
            turn: pos.turn(),
            castling: pos.castles().castling_rights(),
            ep: pos.ep_square(EnPassantMode::Legal),
        }
    }
}

#[derive(Clone, Debug)]
enum Node {
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Not(Box<Node>),
    Has(String),
    /// The field, the operator, the operand as written, and as compared.
    Compare(Field, Op, String, Operand),
    /// `field in low..high`, the bounds as compared (ECO codes upper-cased).
    In(Field, Operand, Operand),
    /// `player`, `white` or `black` `==` (or `!=`) the name of query `.2`.
    Player(Field, Op, usize),
    Plies(Op, u32),
    /// A finding of `arbiter check` with this code (`family/*`: any of the family).
    Code(String),
    /// A verdict of `arbiter audit` with this code (`family/*`: any of the family).
    Verdict(String),
    /// An [`Atom`] found at some main-line position.
    Reached(usize),
    /// The material at the end of the main line.
    FinalMaterial(u64),
    /// Every game (`select --count` without `--where`).
    Every,
}

impl Node {
    /// True when `leaf` holds for some comparison of the expression (below `and`, `or`, `not`).
    fn any(&self, leaf: &impl Fn(&Node) -> bool) -> bool {
        match self {
            Node::And(a, b) | Node::Or(a, b) => a.any(leaf) || b.any(leaf),
            Node::Not(a) => a.any(leaf),
            n => leaf(n),
        }
    }
}

/// What replaying the main line found.
#[derive(Clone, Debug, Default)]
struct Replayed {
    plies: u32,
    reached: Vec<bool>,
    final_material: Option<u64>,
    /// The codes of `arbiter check`'s findings (when `code` is asked for).
    codes: Vec<&'static str>,
    /// The codes of `arbiter audit`'s verdicts (when `verdict` is asked for).
    verdicts: Vec<&'static str>,
    /// The opening the classifier gives (when `classified_eco`/`classified_opening` are asked
    /// for).
    classified: Option<&'static Opening>,
}

impl Selector {
    /// Compiles an expression (see [`expr`] for the grammar).
    ///
    /// # Errors
    /// Returns what is wrong and the column: a syntax error, or a value a field cannot take
    /// (a FEN that cannot be read, a material that is not `KRPvKR`, an unknown speed).
    pub fn new(text: &str) -> Result<Selector, ExprError> {
        let expr = parse(text)?;
        let mut selector = Selector::every();
        selector.hints = hints::hints(&expr);
        selector.root = selector.compile(expr)?;
        selector.follows = selector.follows_moves();
        selector.classified = selector.classifies();
        Ok(selector)
    }

    /// The selector every game matches, with no replay (`select --count` without `--where`:
    /// the games of the inputs counted).
    pub fn every() -> Selector {
        Selector {
            root: Node::Every,
            atoms: Vec::new(),
            names: Names::new(),
            queries: Vec::new(),
            persons: std::sync::OnceLock::new(),
            follows: false,
            classified: false,
            audit: AuditOptions::default(),
            hints: Vec::new(),
        }
    }

    /// The likely slips of the expression (a field written as a tag, `player == Carlsen`...),
    /// each a sentence: `select` says them when no game matched ([`hints`]).
    pub fn hints(&self) -> &[String] {
        &self.hints
    }

    /// The selector comparing player names with the persons of `names` (the alias and spelling
    /// files): `player == X` matches the spellings of X's person, `player ~ X` also the names
    /// the files give for the player.
    pub fn with_names(mut self, names: Names) -> Selector {
        self.names = names;
        self
    }

    /// True when the expression compares players with `==` or `!=`: their persons depend on
    /// the inputs' spellings, read first ([`Selector::player_filter`],
    /// [`Selector::set_spellings`]).
    pub fn compares_players(&self) -> bool {
        !self.queries.is_empty()
    }

    /// Which spellings of the inputs bear on the compared players' persons.
    pub fn player_filter(&self) -> players::PlayerFilter {
        players::PlayerFilter::new(&self.queries, &self.names)
    }

    /// True when `spelling` bears on the compared players' persons (by `filter`, made by
    /// [`Selector::player_filter`]).
    pub fn relevant(&self, filter: &players::PlayerFilter, spelling: &str) -> bool {
        filter.relevant(spelling, &self.names)
    }

    /// Resolves the persons of the compared players against the inputs' spellings that bear
    /// on them (`spellings`, each once: the first pass of `select`). Only the first call
    /// counts.
    pub fn set_spellings(&self, spellings: &[String]) {
        let _ = self.persons.set(players::Persons::resolve(
            &self.queries,
            spellings,
            &self.names,
        ));
    }

    /// True when some field needs the moves replayed.
    pub fn replays(&self) -> bool {
        self.follows || self.classified
    }

    /// True when some field needs the main line to its end (plies, positions, material,
    /// codes): not only the opening's plies.
    fn follows_moves(&self) -> bool {
        self.root.any(&|n| match n {
            Node::Plies(..)
            | Node::Reached(_)
            | Node::FinalMaterial(_)
            | Node::Code(_)
            | Node::Verdict(_) => true,
            Node::In(field, ..) => field.follows_moves(),
            _ => false,
        })
    }

    /// True when the expression asks for the opening the moves give (`classified_eco`,
    /// `classified_opening`): the classifier walks with the selector.
    fn classifies(&self) -> bool {
        self.root.any(&|n| match n {
            Node::In(field, ..) | Node::Compare(field, ..) => field.classified(),
            _ => false,
        })
    }

    /// True when the expression asks for `arbiter check`'s findings (`code == ...`).
    pub fn checks(&self) -> bool {
        self.root.any(&|n| matches!(n, Node::Code(_)))
    }

    /// True when the expression asks for `arbiter audit`'s verdicts (`verdict == ...`).
    pub fn audits(&self) -> bool {
        self.root.any(&|n| matches!(n, Node::Verdict(_)))
    }

    /// Judges `verdict == ...` by these rules (the Laws and the profile of `audit`; default:
    /// the Laws by the game's date, the FIDE profile). Claims available and not made are
    /// verdicts here, as with `audit --missed`.
    pub fn with_audit(mut self, laws: LawsOption, profile: &'static Profile) -> Selector {
        self.audit = AuditOptions {
            missed: Missed::First,
            laws,
            profile,
            ..AuditOptions::default()
        };
        self
    }

    fn compile(&mut self, e: Expr) -> Result<Node, ExprError> {
        let bad = |col: usize, message: String| ExprError { col, message };
        Ok(match e {
            Expr::And(a, b) => Node::And(Box::new(self.compile(*a)?), Box::new(self.compile(*b)?)),
            Expr::Or(a, b) => Node::Or(Box::new(self.compile(*a)?), Box::new(self.compile(*b)?)),
            Expr::Not(a) => Node::Not(Box::new(self.compile(*a)?)),
            Expr::Has(tag) => Node::Has(tag),
            Expr::In { field, .. } if field.follows_moves() && field != Field::Plies => {
                return Err(bad(
                    1,
                    "positions and material take == or !=, not in".into(),
                ));
            }
            Expr::In {
                field,
                low,
                high,
                quoted,
            } => range(field, low, high, quoted)?,
            Expr::Compare {
                field,
                op,
                value,
                quoted,
                col,
            } => self.compare(field, op, value, quoted, col)?,
        })
    }

    /// The node of a comparison `field op value` (at column `col`; `quoted`: the value was
    /// written in quotes), checked: the operators each field takes, the codes that exist, text
    /// that looks like a number compared as text by accident.
    fn compare(
        &mut self,
        field: Field,
        op: Op,
        value: String,
        quoted: bool,
        col: usize,
    ) -> Result<Node, ExprError> {
        let bad = |col: usize, message: String| ExprError { col, message };
        let equality = matches!(op, Op::Eq | Op::Ne);
        let node = match field {
            Field::Plies => {
                let n = Some(&value)
                    .filter(|v| is_count(v))
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| bad(col, plies_error(&value)))?;
                Node::Plies(op, n)
            }
            Field::Code if !equality => {
                return Err(bad(col, "code takes == or !=".into()));
            }
            Field::Verdict if !equality => {
                return Err(bad(col, "verdict takes == or !=".into()));
            }
            Field::Code | Field::Verdict => code_node(field == Field::Verdict, value, col)?,
            Field::Position | Field::Material | Field::FinalMaterial if !equality => {
                return Err(bad(col, "positions and material take == or !=".into()));
            }
            Field::Position => {
                let id = position_id(&value).map_err(|why| bad(col, why))?;
                self.atoms.push(Atom::Position(id));
                Node::Reached(self.atoms.len() - 1)
            }
            Field::Material => {
                let m = material_of_text(&value).map_err(|why| bad(col, why))?;
                self.atoms.push(Atom::Material(m));
                Node::Reached(self.atoms.len() - 1)
            }
            Field::FinalMaterial => {
                Node::FinalMaterial(material_of_text(&value).map_err(|why| bad(col, why))?)
            }
            Field::Speed if !SPEEDS.contains(&value.to_ascii_lowercase().as_str()) => {
                return Err(bad(col, format!("speed is one of {}", SPEEDS.join(", "))));
            }
            Field::Player | Field::White | Field::Black
                if !matches!(op, Op::Eq | Op::Ne | Op::Contains) =>
            {
                return Err(bad(col, "players take ==, != or ~".into()));
            }
            Field::Player | Field::White | Field::Black if op != Op::Contains => {
                self.queries.push(value);
                Node::Player(field, op, self.queries.len() - 1)
            }
            // Text in byte order (or equal to a number's tag) only by accident.
            field
                if !quoted
                    && op != Op::Contains
                    && (!equality || is_numeric_tag(&field))
                    && number_lookalike(&value) =>
            {
                return Err(bad(col, lookalike_error(&value)));
            }
            // A tag of numbers ordered against a bare word (`WhiteElo >= 2,700`):
            // text in byte order, by accident.
            field
                if !quoted
                    && !equality
                    && op != Op::Contains
                    && is_numeric_tag(&field)
                    && compare::number(&value).is_none() =>
            {
                return Err(bad(col, lookalike_error(&value)));
            }
            field => {
                let date = matches!(&field, Field::Tag(t) if t.ends_with("Date"));
                let operand = Operand::of(&value, quoted, date, op);
                Node::Compare(field, op, value, operand)
            }
        };
        Ok(match (&node, op) {
            (
                Node::Reached(_) | Node::FinalMaterial(_) | Node::Code(_) | Node::Verdict(_),
                Op::Ne,
            ) => Node::Not(Box::new(node)),
            _ => node,
        })
    }

    /// True when the game matches. Reads the game through the walk once (its tag section only,
    /// when no field needs the moves).
    pub fn matches(&self, text: GameText<'_>) -> bool {
        self.select(text, None).0
    }

    /// Whether the game matches and, when it does and `export` is given, the game in export
    /// format (`arbiter pgn`'s [`Exporter`] walks with the selector: one walk; its text kept
    /// up to `limit` bytes, [`Exported::over_limit`] beyond). A game the tags reject is read no
    /// further than its tags.
    pub fn select(
        &self,
        text: GameText<'_>,
        export: Option<(&ExportOptions, usize)>,
    ) -> (bool, Option<Exported>) {
        let exporter =
            export.map(|(options, limit)| Exporter::with_out(options, ExportOut::Whole { limit }));
        let mut visitor = visitor::SelectVisitor {
            selector: self,
            decided: None,
            replayed: Replayed {
                reached: vec![false; self.atoms.len()],
                ..Replayed::default()
            },
            work: if self.replays() {
                Work::Replay
            } else {
                Work::Tags
            },
            follows_moves: self.follows,
            // Beside the pair, not in it: an expression without the classified fields pays
            // nothing for them.
            classifier: self.classified.then(Classifier::new),
            inner: Pair::new(
                self.checks().then(|| Checker::new(CheckOptions::default())),
                Pair::new(
                    self.audits().then(|| Auditor::new(self.audit, false)),
                    exporter,
                ),
            ),
        };
        walk(text, &mut visitor)
    }

    fn test(&self, pos: &Chess, reached: &mut [bool]) {
        if self.atoms.is_empty() {
            return;
        }
        let mut material = None;
        for (atom, hit) in self.atoms.iter().zip(reached.iter_mut()) {
            if *hit {
                continue;
            }
            *hit = match atom {
                Atom::Position(id) => {
                    id.board == *pos.board() && id.turn == pos.turn() && *id == PositionId::of(pos)
                }
                Atom::Material(m) => {
                    *material.get_or_insert_with(|| material_of(pos.board())) == *m
                }
            };
        }
    }
}

impl Node {
    /// Three-valued: `None` when a replayed field is needed and `replayed` is `None`.
    fn eval(
        &self,
        selector: &Selector,
        tags: &Tags<'_>,
        variant: &Variant,
        replayed: Option<&Replayed>,
    ) -> Option<bool> {
        match self {
            Node::And(a, b) => match a.eval(selector, tags, variant, replayed) {
                Some(false) => Some(false),
                left => match (left, b.eval(selector, tags, variant, replayed)) {
                    (_, Some(false)) => Some(false),
                    (Some(true), Some(true)) => Some(true),
                    _ => None,
                },
            },
            Node::Or(a, b) => match a.eval(selector, tags, variant, replayed) {
                Some(true) => Some(true),
                left => match (left, b.eval(selector, tags, variant, replayed)) {
                    (_, Some(true)) => Some(true),
                    (Some(false), Some(false)) => Some(false),
                    _ => None,
                },
            },
            Node::Not(a) => a.eval(selector, tags, variant, replayed).map(|v| !v),
            Node::Has(tag) => Some(tags.get(tag).is_some()),
            Node::Every => Some(true),
            Node::Compare(field, op, wanted, operand) if field.classified() => {
                let v = classified_value(field, replayed?);
                Some(match (field, op) {
                    (Field::ClassifiedEco, Op::Eq | Op::Ne) => {
                        let eq = v.is_some_and(|v| v.eq_ignore_ascii_case(wanted));
                        if *op == Op::Eq { eq } else { !eq }
                    }
                    _ => v.is_some_and(|v| operand.holds(v, *op)),
                })
            }
            Node::Player(field, op, q) => {
                let any = player_tags(field).iter().any(|t| {
                    tags.value(t)
                        .is_some_and(|name| match selector.persons.get() {
                            Some(persons) => persons.is(&name, *q),
                            None => {
                                players::alone_is(&name, &selector.queries[*q], &selector.names)
                            }
                        })
                });
                Some(if *op == Op::Ne { !any } else { any })
            }
            Node::Compare(field, op, wanted, operand) => Some(match field {
                Field::Player | Field::White | Field::Black => player_tags(field).iter().any(|t| {
                    tags.value(t)
                        .is_some_and(|n| selector.names.contains(&n, wanted))
                }),
                Field::Eco | Field::Speed | Field::Variant if *op == Op::Eq || *op == Op::Ne => {
                    let v = field_value(field, tags, variant);
                    let eq = v.is_some_and(|v| v.eq_ignore_ascii_case(wanted));
                    if *op == Op::Eq { eq } else { !eq }
                }
                _ => field_value(field, tags, variant).is_some_and(|v| operand.holds(&v, *op)),
            }),
            Node::In(field, low, high) => {
                let value = match field {
                    Field::Plies => Some(replayed?.plies.to_string()),
                    f if f.classified() => classified_value(f, replayed?).map(str::to_owned),
                    _ => field_value(field, tags, variant),
                };
                let eco = matches!(field, Field::Eco | Field::ClassifiedEco)
                    || matches!(field, Field::Tag(t) if t == "ECO");
                Some(value.is_some_and(|v| {
                    let v = if eco { v.to_ascii_uppercase() } else { v };
                    low.holds(&v, Op::Ge) && high.holds(&v, Op::Le)
                }))
            }
            Node::Plies(op, n) => {
                let plies = f64::from(replayed?.plies);
                Some(Operand::Number(f64::from(*n)).holds(&plies.to_string(), *op))
            }
            Node::Reached(i) => Some(replayed?.reached[*i]),
            Node::Code(pattern) => Some(replayed?.codes.iter().any(|c| code_matches(pattern, c))),
            Node::Verdict(pattern) => {
                Some((replayed?.verdicts.iter()).any(|c| code_matches(pattern, c)))
            }
            Node::FinalMaterial(m) => Some(replayed?.final_material == Some(*m)),
        }
    }
}

/// The node of `code == value` (`verdict`: of `verdict == value`): the value names a code of its
/// table (a check code for `code`, an audit verdict for `verdict`), or the error says which
/// table it is of.
fn code_node(verdict: bool, value: String, col: usize) -> Result<Node, ExprError> {
    let (this, other, of_other) = match verdict {
        true => ("verdict", "code", "a finding code of check"),
        false => ("code", "verdict", "a verdict code of audit"),
    };
    let of = |table_is_verdicts: bool| {
        crate::model::CODES.iter().any(|c| {
            (c.table == Table::Verdicts) == table_is_verdicts && code_matches(&value, c.name)
        })
    };
    if !of(verdict) {
        let hint = match of(!verdict) {
            true => format!(": it is {of_other} (write {other} == ...)"),
            false => " (see arbiter codes)".to_owned(),
        };
        return Err(ExprError {
            col,
            message: format!("no {this} is {value}{hint}"),
        });
    }
    Ok(match verdict {
        true => Node::Verdict(value),
        false => Node::Code(value),
    })
}

/// The node of `field in low..high`: refused when no value can fall in it, when a bound of an
/// ECO range is no ECO code, of a `plies` range no count, or elsewhere (unquoted) a number in
/// another form ([`compare::number_lookalike`]).
fn range(field: Field, low: String, high: String, quoted: bool) -> Result<Node, ExprError> {
    let bad = |col: usize, message: String| ExprError { col, message };
    // As the evaluation compares (numbers, dates with unknown parts as zeros, else
    // text; ECO codes in any case): a range no value can fall in is a mistake.
    let date = matches!(&field, Field::Tag(t) if t.ends_with("Date"));
    // An ECO range is of ECO codes (A00..E99): anything else matches by accident.
    let eco = matches!(field, Field::Eco | Field::ClassifiedEco)
        || matches!(&field, Field::Tag(t) if t == "ECO");
    if let Some(bad_end) = [&low, &high].into_iter().find(|v| eco && !is_eco_code(v)) {
        let shown: String = bad_end.escape_debug().take(40).collect();
        return Err(bad(
            1,
            format!("\"{shown}\" is not an ECO code (a letter A-E and two digits: B20)"),
        ));
    }
    // `plies` takes counts (as `plies >= 40`); elsewhere a bound that reads as a
    // number in another form would make the range one of text, silently.
    let plies = field == Field::Plies;
    let numeric = is_numeric_tag(&field);
    let refused = [&low, &high].into_iter().find(|v| match plies {
        true => !is_count(v),
        false => !quoted && (number_lookalike(v) || (numeric && number(v).is_none())),
    });
    if let Some(v) = refused {
        let message = match plies {
            true => plies_error(v),
            false => lookalike_error(v),
        };
        return Err(bad(1, message));
    }
    let (l, h) = match eco {
        true => (low.to_ascii_uppercase(), high.to_ascii_uppercase()),
        false => (low.clone(), high.clone()),
    };
    let quoted = quoted && !plies;
    let operand = |v: &str| Operand::of(v, quoted, date, Op::Eq);
    let (mut lo, mut hi) = (operand(&l), operand(&h));
    // Bounds of two kinds (`2000..x`): both are text.
    if std::mem::discriminant(&lo) != std::mem::discriminant(&hi) {
        (lo, hi) = (
            Operand::of(&l, true, date, Op::Eq),
            Operand::of(&h, true, date, Op::Eq),
        );
    }
    if lo.empty_range(&hi) {
        return Err(bad(
            1,
            format!("the range {low}..{high} is empty: write the lower bound first"),
        ));
    }
    Ok(Node::In(field, lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(expr: &str, pgn: &str) -> bool {
        let text = GameText::of(pgn.as_bytes());
        Selector::new(expr).unwrap().matches(text)
    }

    const GAME: &str = "[White \"Carlsen, Magnus\"]\n[Black \"Nakamura,H\"]\n[WhiteElo \"2850\"]\n\
        [Date \"2020.05.??\"]\n[ECO \"C65\"]\n[TimeControl \"180+2\"]\n[Result \"1-0\"]\n\n\
        1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 1-0\n";

    #[test]
    fn tags_and_derived_fields() {
        assert!(matches("WhiteElo >= 2800 and Result == \"1-0\"", GAME));
        assert!(!matches("WhiteElo > 2850", GAME));
        assert!(matches("player == \"Hikaru Nakamura\"", GAME));
        assert!(matches("player ~ carlsen and not white ~ nakamura", GAME));
        assert!(matches("eco in C60..C99 and speed == blitz", GAME));
        assert!(matches("Date >= 2020.01.01 and Date < 2020.06.01", GAME));
        assert!(!matches("has(BlackElo) or BlackElo > 0", GAME));
        assert!(matches("variant == standard", GAME));
    }

    #[test]
    fn replayed_fields() {
        assert!(matches("plies == 6 and plies in 1..10", GAME));
        let ruy = "r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        assert!(matches(&format!("position == \"{ruy}\""), GAME));
        assert!(matches(
            "position == \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\"",
            GAME
        ));
        assert!(!matches(
            "position != \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\"",
            GAME
        ));
        assert!(matches(
            "final-material == \"KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP\"",
            GAME
        ));
        assert!(!matches("material == KRvK", GAME));
    }

    #[test]
    fn classified_fields_replay_the_opening_only() {
        // 1.e4 e5 2.Nf3 Nc6 3.Bb5 Nf6 ends the line C65 "Ruy Lopez: Berlin Defense" (c.tsv).
        assert!(matches(
            "classified_eco == c65 and classified_eco in C60..C99",
            GAME
        ));
        assert!(matches(
            "classified_opening == \"Ruy Lopez: Berlin Defense\"",
            GAME
        ));
        assert!(matches("classified_opening ~ berlin and eco == C65", GAME));
        assert!(!matches("classified_eco == C60", GAME));
        // The tag fields read no move; the classified ones replay, but not to the end.
        let of = |e: &str| Selector::new(e).unwrap();
        assert!(!of("eco == C65 or opening ~ Ruy").replays());
        let classified = of("classified_eco == C65 or classified_opening ~ Ruy");
        assert!(classified.replays() && classified.classifies() && !classified.follows_moves());
        assert!(of("classified_eco == C65 and plies > 10").follows_moves());
        assert!(!of("plies > 10").classifies());
        assert!(Selector::new("classified_opening in A..B").is_ok());
    }

    #[test]
    fn ranges_and_material_no_game_can_have_are_refused() {
        for expr in [
            "eco in B99..A00",
            "classified_eco in c20..B00",
            "plies in 40..20",
            "WhiteElo in 2800..2000",
            "Date in 2020.01.01..2019.12.31",
            "material == vK",
            "material == KvKK",
            "final-material == KPPPPPPPPPvK",
            "material == KQQQQQQQQQQQQQQQQvK",
        ] {
            assert!(Selector::new(expr).is_err(), "{expr}");
        }
        for expr in [
            "eco in a00..B99",
            "plies in 20..20",
            "WhiteElo in 900..2000",
            "Date in 2019.??.??..2019.12.31",
            "material == KvK",
            "material == KQRRBBNNPPPPPPPPvK",
        ] {
            assert!(Selector::new(expr).is_ok(), "{expr}");
        }
    }

    #[test]
    fn codes_of_the_checker() {
        let illegal = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n";
        let in_variation = "[Event \"b\"]\n\n1. e4 (1. Ke2) e5 *\n";
        for pgn in [illegal, in_variation] {
            assert!(matches("code == \"illegal-move/*\"", pgn), "{pgn}");
            assert!(!matches("code != \"illegal-move/*\"", pgn), "{pgn}");
        }
        assert!(matches("code == \"illegal-move/no-piece\"", illegal));
        assert!(!matches("code == \"illegal-move/*\"", GAME));
        assert!(Selector::new("code == \"nope/*\"").is_err());
    }

    #[test]
    fn speeds() {
        assert_eq!(speed(Some("180+2")), "blitz");
        assert_eq!(speed(Some("60+0")), "bullet");
        assert_eq!(speed(Some("15")), "ultrabullet");
        assert_eq!(speed(Some("1/259200")), "correspondence");
        assert_eq!(speed(Some("180+0.5")), "blitz");
        assert_eq!(speed(None), "unknown");
        assert_eq!(speed(Some("600+5")), "rapid");
        assert_eq!(speed(Some("40/7200:3600")), "classical");
        assert_eq!(speed(Some("-")), "correspondence");
        assert_eq!(speed(Some("?")), "unknown");
    }

    #[test]
    fn values_are_checked() {
        assert_eq!(Selector::new("material == KRx").unwrap_err().col, 13);
        assert!(Selector::new("position == \"8/8 w\"").is_err());
        assert!(Selector::new("speed == fast").is_err());
        assert!(Selector::new("player > A").is_err());
    }
}
