//! The alias file of `--aliases FILE` (`dedup`, `select`, `stats`; issue 15) and the names it
//! resolves ([`Names`]).
//!
//! The file is CSV (read with the csv crate): one `alias,canonical` pair a record, further
//! columns ignored (the evidence `stats --suggest-aliases` writes), lines that start with `#`
//! comments, and a first record `alias,canonical` a header. Both sides are names as a PGN tag
//! would write them, and both are read through the name key ([`super::name_key`]): a line maps
//! every spelling with the alias's key to the canonical's key, so `Kortschnoj, Viktor` →
//! `Korchnoi, V` also maps `Kortschnoj,V.`. A line whose two keys are equal says nothing and is
//! accepted. Refused, with the line number: a record without two names, an alias given two
//! canonical names, a **chain** (a canonical name that is an alias on another line, or an alias
//! that is another line's canonical name: every alias must name the final key) and a **cycle**
//! (two lines that map two names to each other).

use std::collections::{HashMap, HashSet};

use super::name_key;
use crate::analysis::text::contains_ignoring_case as name_contains;

/// Player names compared through their keys and an alias file: [`Names::key`] is the key of
/// the person a name stands for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// Alias key → canonical key.
    aliases: HashMap<String, String>,
    /// Canonical key → the names the alias file writes for the person (canonical names and
    /// aliases), for `select`'s `~`.
    spellings: HashMap<String, Vec<String>>,
}

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
    /// Names without aliases: the key alone.
    pub fn new() -> Names {
        Names::default()
    }

    /// Reads an alias file's text (see the module documentation).
    ///
    /// # Errors
    /// Returns the first line that cannot be used ([`AliasError`]): CSV that cannot be read, a
    /// record of fewer than two names or with an empty name, an alias mapped to two names, a
    /// chain or a cycle.
    pub fn from_csv(text: &[u8]) -> Result<Names, AliasError> {
        let mut names = Names::new();
        // Alias key → (canonical key, line); canonical key → first line.
        let mut alias_of: HashMap<String, (String, u64)> = HashMap::new();
        let mut canonical_at: HashMap<String, u64> = HashMap::new();
        let mut first = true;
        // One reader for the whole file (building a csv reader costs as much as reading some
        // hundred lines). Comment lines are blanked first, byte for byte, so that every offset
        // stays the file's and a record's line is found from the offset it starts at.
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
        let mut seen_spellings: HashSet<(String, String)> = HashSet::new();
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
            let (a, c) = (name_key(alias), name_key(canonical));
            if a.is_empty() || c.is_empty() {
                return Err(bad(format!(
                    "an empty name (alias {alias:?}, canonical {canonical:?})"
                )));
            }
            if a == c {
                continue;
            }
            if let Some(&m) = canonical_at.get(&a) {
                let cycle = alias_of.get(&c).is_some_and(|(to, _)| *to == a);
                let what = if cycle { "a cycle" } else { "an alias chain" };
                return Err(bad(format!(
                    "{what}: {alias:?} is a canonical name on line {m} and an alias here \
                     (map every alias to the final name)"
                )));
            }
            if let Some((_, m)) = alias_of.get(&c) {
                return Err(bad(format!(
                    "an alias chain: {canonical:?} is an alias on line {m} and a canonical name \
                     here (map every alias to the final name)"
                )));
            }
            match alias_of.get(&a) {
                Some((to, m)) if *to != c => {
                    return Err(bad(format!(
                        "{alias:?} is already an alias of another name on line {m}"
                    )));
                }
                Some(_) => {}
                None => {
                    alias_of.insert(a.clone(), (c.clone(), line));
                }
            }
            canonical_at.entry(c.clone()).or_insert(line);
            let spellings = names.spellings.entry(c.clone()).or_default();
            for name in [canonical, alias] {
                // A set, not a scan: one person may have thousands of spellings.
                if seen_spellings.insert((c.clone(), name.to_owned())) {
                    spellings.push(name.to_owned());
                }
            }
            names.aliases.insert(a, c);
        }
        Ok(names)
    }

    /// True when there are no aliases (the key alone).
    pub fn is_empty(&self) -> bool {
        self.aliases.is_empty()
    }

    /// Alias lines read (their distinct alias keys).
    pub fn len(&self) -> usize {
        self.aliases.len()
    }

    /// The key of the person `name` stands for: its name key, or the canonical key the alias
    /// file gives it.
    pub fn key(&self, name: &str) -> String {
        let key = name_key(name);
        match self.aliases.get(&key) {
            Some(canonical) => canonical.clone(),
            None => key,
        }
    }

    /// The canonical key for a name key (the key itself when it is no alias).
    pub fn resolve<'k>(&'k self, key: &'k str) -> &'k str {
        self.aliases.get(key).map_or(key, String::as_str)
    }

    /// True when `name`, or a name the alias file gives for the same person, contains
    /// `needle`, case ignored (`select`'s `~`).
    pub fn contains(&self, name: &str, needle: &str) -> bool {
        if name_contains(name, needle) {
            return true;
        }
        if self.spellings.is_empty() {
            return false;
        }
        self.spellings
            .get(&self.key(name))
            .is_some_and(|all| all.iter().any(|s| name_contains(s, needle)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> AliasError {
        Names::from_csv(text.as_bytes()).unwrap_err()
    }

    #[test]
    fn aliases_resolve_through_keys() {
        let names = Names::from_csv(
            b"alias,canonical\n# a comment\n\"Kortschnoj, Viktor\",\"Korchnoi, V\",3528 games\n\
              \"Kasparov, G\",\"Gary Kasparov\"\n",
        )
        .unwrap();
        assert_eq!(names.key("Kortschnoj,V."), "korchnoi v");
        assert_eq!(names.key("Korchnoi,V"), "korchnoi v");
        assert_eq!(names.key("Kasparov,Garry"), "kasparov g");
        assert_eq!(names.len(), 1);
        assert!(names.contains("Korchnoi, V", "Kortschnoj"));
        assert!(!names.contains("Karpov, A", "Kortschnoj"));
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
