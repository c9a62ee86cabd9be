//! Hints for an expression that selected no game: the likely slips of a user who wrote a field
//! as a tag (`Plies > 40` for `plies`), a tag in another case (`Whiteelo`), a year as a tag
//! (`Year == 2012` for `Date == 2012`), or a player's surname compared whole
//! (`player == Carlsen`). Each is a valid expression with another meaning, so it is not refused:
//! `select` says it on standard error when nothing matched.

use super::expr::{COMMON_TAGS, Expr, Field, Op, operand, quoted};

/// The fields whose name a user may capitalize (`Plies`), and how to write them.
const FIELDS: [(&str, &str); 9] = [
    ("Player", "player"),
    ("Plies", "plies"),
    ("Speed", "speed"),
    ("Material", "material"),
    ("Position", "position"),
    ("Fen", "position"),
    ("Code", "code"),
    ("Verdict", "verdict"),
    ("Final-material", "final-material"),
];

/// The hints for `expr`, each a sentence, in the order of the expression, without repeats.
pub fn hints(expr: &Expr) -> Vec<String> {
    let mut out = Vec::new();
    walk(expr, &mut out);
    let mut seen = std::collections::HashSet::new();
    out.retain(|h| seen.insert(h.clone()));
    out
}

fn walk(expr: &Expr, out: &mut Vec<String>) {
    match expr {
        Expr::And(a, b) | Expr::Or(a, b) => {
            walk(a, out);
            walk(b, out);
        }
        Expr::Not(a) => walk(a, out),
        Expr::Has(tag) => out.extend(tag_hint(tag)),
        Expr::In { field, .. } => out.extend(field_hint(field)),
        Expr::Compare {
            field, op, value, ..
        } => {
            out.extend(field_hint(field));
            let player = matches!(field, Field::Player | Field::White | Field::Black);
            if player && *op == Op::Eq && !value.contains([',', ' ']) {
                // Each operand written so that it reads back (`O'Brien` is quoted after `~`).
                out.push(format!(
                    "`== {}` compares whole names (\"Carlsen, Magnus\"); `~ {}` matches a part \
                     of one",
                    quoted(value),
                    operand(value)
                ));
            }
        }
    }
}

fn field_hint(field: &Field) -> Option<String> {
    match field {
        Field::Tag(tag) => tag_hint(tag),
        _ => None,
    }
}

fn tag_hint(tag: &str) -> Option<String> {
    if let Some((_, field)) = FIELDS.iter().find(|(t, _)| *t == tag) {
        return Some(format!(
            "`{tag}` is read as a tag (a name with a capital letter), which games rarely have; \
             the field is `{field}`"
        ));
    }
    if matches!(tag, "Year" | "Month" | "Day") {
        return Some(format!(
            "`{tag}` is read as a tag, which games rarely have; a year or a month is \
             `Date == 2012`, `Date == 2012.05`, `Date in 2010..2012`"
        ));
    }
    COMMON_TAGS
        .iter()
        .find(|t| t.eq_ignore_ascii_case(tag) && **t != tag)
        .map(|t| format!("tags are matched exactly: `{tag}` is not `{t}`"))
}

#[cfg(test)]
mod tests {
    use super::super::expr::parse;
    use super::*;

    #[test]
    fn slips_are_named() {
        let h = |text: &str| hints(&parse(text).unwrap());
        assert_eq!(
            h("Plies > 40"),
            [
                "`Plies` is read as a tag (a name with a capital letter), which games rarely have; the field is `plies`"
            ]
        );
        assert!(h("Year == 2012")[0].contains("Date == 2012"));
        assert_eq!(
            h("Whiteelo >= 2700 and has(Eco)"),
            [
                "tags are matched exactly: `Whiteelo` is not `WhiteElo`",
                "tags are matched exactly: `Eco` is not `ECO`"
            ]
        );
        assert!(h("player == Carlsen")[0].contains("`~ Carlsen`"));
        assert!(h("player == \"Carlsen, Magnus\"").is_empty());
        assert!(h("plies > 40 and WhiteElo >= 2700 and Date == 2012").is_empty());
    }

    /// Every operand a hint suggests reads back as the value (a quote, a backslash, `..`, an
    /// operator character, `&&`, an empty value).
    #[test]
    fn suggested_operands_read_back() {
        for value in [
            "Carlsen", "O'Brien", "a\"b", "a\\b", "x..y", "a=b", "(x)", "&&", "||x", "", "a\tb",
            "and",
        ] {
            let written = operand(value);
            let expr = parse(&format!("player ~ {written}")).expect(&written);
            let Expr::Compare { value: read, .. } = expr else {
                panic!("{written}: {expr:?}")
            };
            assert_eq!(read, value, "{written}");
        }
        assert_eq!(operand("Carlsen"), "Carlsen");
        let hint = h_of("player == \"O'Brien\"");
        assert!(hint.contains("`~ \"O'Brien\"`"), "{hint}");
    }

    fn h_of(text: &str) -> String {
        hints(&parse(text).unwrap()).join("\n")
    }
}
