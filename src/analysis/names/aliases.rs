//! The alias file of `--aliases FILE` (`dedup`, `select`, `stats`; issues 15 and 31).
//!
//! The file is CSV (read with the csv crate): one `alias,canonical` pair a record, further
//! columns ignored (the evidence `stats --suggest-aliases` writes), lines that start with `#`
//! comments, and a first record `alias,canonical` a header. Both sides are names as a PGN tag
//! would write them, each read as its **form** ([`Form`]: case, spacing and punctuation taken
//! out, every given name kept): a line says that the alias's form is the canonical name's
//! person. It keys on the exact name, never on an abbreviation of it, so it can **join**
//! (`"Kortschnoj, Viktor","Korchnoi, V"`) and **split**: `"Lasker, E","Lasker, Edward"` makes
//! the spellings `Lasker, E` and `Lasker,E.` Edward's, whatever the other spellings of the
//! games (a spelling file's person included). A line whose two forms are equal says nothing
//! and is accepted. Refused, with the line number: a record without two names, an alias given
//! two canonical names, a **chain** (a canonical name that is an alias on another line, or an
//! alias that is another line's canonical name: every alias must name the final name) and a
//! **cycle** (two lines that map two names to each other).

use std::collections::HashMap;

use super::form::Form;
use super::known::Names;

/// A line of an alias file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct AliasError {
    /// 1-based line of the file.
    pub line: u64,
    /// What is wrong.
    pub message: String,
}

impl Names {
    /// The names of an alias file's text alone (see the module documentation).
    ///
    /// # Errors
    /// As [`Names::add_aliases`].
    pub fn from_csv(text: &[u8]) -> Result<Names, AliasError> {
        let mut names = Names::new();
        names.add_aliases(text)?;
        Ok(names)
    }

    /// Reads an alias file's text (see the module documentation) over the names known so far
    /// (a spelling file's).
    ///
    /// # Errors
    /// Returns the first line that cannot be used ([`AliasError`]): CSV that cannot be read, a
    /// record of fewer than two names or with an empty name, an alias mapped to two names, a
    /// chain or a cycle.
    pub fn add_aliases(&mut self, text: &[u8]) -> Result<(), AliasError> {
        // Alias form → (canonical form, line); canonical form → first line.
        let mut alias_of: HashMap<Form, (Form, u64)> = HashMap::new();
        let mut canonical_at: HashMap<Form, u64> = HashMap::new();
        let mut first = true;
        // One reader for the whole file (building a csv reader costs as much as reading some
        // hundred lines). Comment lines are blanked first, byte for byte, so that every offset
        // stays the file's and a record's line is found from the offset it starts at.
        let (blanked, line_starts) = blank_comments(text);
        // A record's position may stand before the blank lines the reader skipped to reach it:
        // its line is the one of its first byte that is not blank.
        let line_of = |byte: u64| {
            let from = (byte as usize).min(blanked.len());
            let first = blanked[from..]
                .iter()
                .position(|b| !b.is_ascii_whitespace())
                .map_or(blanked.len(), |i| from + i);
            line_starts.partition_point(|&s| s <= first) as u64
        };
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .trim(csv::Trim::All)
            .from_reader(&blanked[..]);
        for result in reader.records() {
            let record = match result {
                Ok(record) => record,
                Err(e) => {
                    let line = e.position().map_or(0, |p| line_of(p.byte()));
                    return Err(AliasError {
                        line,
                        message: format!("not CSV ({e})"),
                    });
                }
            };
            let line = record.position().map_or(0, |p| line_of(p.byte()));
            if record.iter().all(str::is_empty) {
                // A blank line, or a comment's.
                continue;
            }
            if record.iter().any(|f| f.contains('\n')) {
                return Err(AliasError {
                    line,
                    message: "a name holds a line break (a quote left open?)".to_owned(),
                });
            }
            let bad = |message: String| AliasError { line, message };
            let header = first
                && record
                    .get(0)
                    .is_some_and(|f| f.eq_ignore_ascii_case("alias"))
                && record
                    .get(1)
                    .is_some_and(|f| f.eq_ignore_ascii_case("canonical"));
            first = false;
            if header {
                continue;
            }
            let (Some(alias), Some(canonical)) = (record.get(0), record.get(1)) else {
                return Err(bad("expected two names: alias,canonical".to_owned()));
            };
            let (a, c) = (Form::of(alias), Form::of(canonical));
            if a.is_empty() || c.is_empty() {
                return Err(bad(format!(
                    "an empty name (alias {alias:?}, canonical {canonical:?})"
                )));
            }
            if a == c {
                continue;
            }
            if let Some(message) =
                mapping_problem(&alias_of, &canonical_at, (&a, alias), (&c, canonical))
            {
                return Err(bad(message));
            }
            if !alias_of.contains_key(&a) {
                alias_of.insert(a.clone(), (c.clone(), line));
                self.count_alias();
            }
            canonical_at.entry(c.clone()).or_insert(line);
            let p = match self.person_of(&c) {
                Some(p) => p,
                None => self.add_person(canonical, true),
            };
            self.add_name(p, canonical, true);
            self.add_name(p, alias, true);
        }
        self.finish();
        Ok(())
    }
}

/// `text` with its comment lines (`#` first) blanked byte for byte, so that every offset stays
/// the file's, and the offset of each line's start (one past the end last).
fn blank_comments(text: &[u8]) -> (Vec<u8>, Vec<usize>) {
    let mut blanked = text.to_vec();
    let mut line_starts = vec![0usize];
    let mut at = 0;
    for raw in text.split(|&b| b == b'\n') {
        if raw.trim_ascii_start().starts_with(b"#") {
            blanked[at..at + raw.len()].fill(b' ');
        }
        at += raw.len() + 1;
        line_starts.push(at);
    }
    (blanked, line_starts)
}

/// Why the record mapping `alias` (form `a`) to `canonical` (form `c`) cannot be used with the
/// mappings read so far (`alias_of`: alias form → canonical form and line; `canonical_at`:
/// canonical form → first line): a chain, a cycle, or an alias mapped to two names. `None`
/// when it can (a repeat of an earlier record included).
fn mapping_problem(
    alias_of: &HashMap<Form, (Form, u64)>,
    canonical_at: &HashMap<Form, u64>,
    (a, alias): (&Form, &str),
    (c, canonical): (&Form, &str),
) -> Option<String> {
    if let Some(&m) = canonical_at.get(a) {
        let cycle = alias_of.get(c).is_some_and(|(to, _)| to == a);
        let what = if cycle { "a cycle" } else { "an alias chain" };
        return Some(format!(
            "{what}: {alias:?} is a canonical name on line {m} and an alias here \
             (map every alias to the final name)"
        ));
    }
    if let Some((_, m)) = alias_of.get(c) {
        return Some(format!(
            "an alias chain: {canonical:?} is an alias on line {m} and a canonical name \
             here (map every alias to the final name)"
        ));
    }
    match alias_of.get(a) {
        Some((to, m)) if to != c => Some(format!(
            "{alias:?} is already an alias of another name on line {m}"
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> AliasError {
        Names::from_csv(text.as_bytes()).unwrap_err()
    }

    #[test]
    fn aliases_pin_exact_forms() {
        let names = Names::from_csv(
            b"alias,canonical\n# a comment\n\"Kortschnoj, Viktor\",\"Korchnoi, V\",3528 games\n\
              \"Kasparov, G\",\"Gary Kasparov\"\n\"Kasparov,G.\",\"Kasparov, Gary\"\n",
        )
        .unwrap();
        let person = |name: &str| names.person_of(&Form::of(name));
        assert_eq!(person("Kortschnoj,Viktor."), person("korchnoi, v"));
        assert!(person("Korchnoi, V").is_some());
        // The exact form: no other abbreviation is pinned.
        assert_eq!(person("Kortschnoj, V"), None);
        assert_eq!(person("Kasparov, G"), person("Kasparov, Gary"));
        assert_ne!(person("Kasparov, G"), person("Korchnoi, V"));
        assert_eq!(names.len(), 2);
        assert_eq!(names.persons(), 2);
        assert!(names.contains("Korchnoi, V", "Kortschnoj"));
        assert!(!names.contains("Karpov, A", "Kortschnoj"));
    }

    /// A line that splits: keyed on the exact spelling, it takes the form from the person
    /// another file (or line) gives it.
    #[test]
    fn a_line_can_split() {
        let mut names = Names::new();
        let emanuel = names.add_person("Lasker, Emanuel", false);
        names.add_name(emanuel, "Lasker, Em", false);
        names.finish();
        names
            .add_aliases(b"\"Lasker, Em\",\"Lasker, Emil\"\n")
            .unwrap();
        let emil = names.person_of(&Form::of("Lasker, Emil")).unwrap();
        assert_ne!(emil, emanuel);
        assert_eq!(names.person_of(&Form::of("Lasker,Em.")), Some(emil));
        assert_eq!(names.forms(emanuel), [Form::of("Lasker, Emanuel")]);
    }

    #[test]
    fn bad_files_name_the_line() {
        assert_eq!(err("a,b\nb,c\n").line, 2);
        assert!(
            err("a,b\nb,c\n").message.contains("chain"),
            "{:?}",
            err("a,b\nb,c\n")
        );
        assert!(err("b,c\na,b\n").message.contains("chain"));
        let cycle = err("x,y\n\ny,x\n");
        assert_eq!(cycle.line, 3);
        assert!(cycle.message.contains("cycle"), "{cycle:?}");
        assert_eq!(err("a,b\na,c\n").line, 2);
        assert_eq!(err("onlyone\n").line, 1);
        assert_eq!(err("a,\"\"\n").line, 1);
        assert!(Names::from_csv(b"a,b\na,b\nA.,B\n").is_ok());
    }
}
