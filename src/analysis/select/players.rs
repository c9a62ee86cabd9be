//! `player`, `white` and `black` in `select` (issue 31): `player == NAME` matches the games of
//! the person NAME is — the person player identity ([`Identity`]) gives NAME counted as one
//! more spelling of the inputs, the row of `stats --table players` it falls in.
//!
//! A spelling's person depends on the inputs' other spellings (`Lasker, E` is Emanuel only when
//! no other `Lasker, E...` played), so the run reads the inputs' names first
//! ([`PlayerFilter`]: only the spellings that can bear on the queried names — those of their
//! surnames, and of the persons the alias and spelling files give them), then resolves them with
//! the queries ([`Persons::resolve`]), then selects. A selector used without that first pass
//! compares each game's names with the query alone.
//!
//! This module must not import `engine`, `report` or `commands`.

use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

use super::super::names::{Form, Identity, Names};
use super::super::walk::{End, Game, GameText, Visitor, Work, walk};

/// The White and Black tags of a game, read from its tag section alone (the first pass).
pub fn player_names(text: GameText<'_>) -> [Option<String>; 2] {
    walk(text, &mut Players::default())
}

/// The visitor of [`player_names`].
#[derive(Default)]
struct Players([Option<String>; 2]);

impl<'g> Visitor<'g> for Players {
    type Output = [Option<String>; 2];

    fn work(&self) -> Work {
        Work::Tags
    }

    fn tags(&mut self, game: &mut Game<'g>) -> ControlFlow<()> {
        self.0 = [game.tags.value("White"), game.tags.value("Black")];
        ControlFlow::Break(())
    }

    fn end(&mut self, _game: &mut Game<'g>, _end: &End<'_, 'g>) -> [Option<String>; 2] {
        std::mem::take(&mut self.0)
    }

    fn panicked(&mut self, _text: &GameText<'g>) -> [Option<String>; 2] {
        [None, None]
    }
}

/// Which spellings bear on the identity of the queried names.
#[derive(Clone, Debug, Default)]
pub struct PlayerFilter {
    surnames: HashSet<String>,
    known: HashSet<u32>,
    forms: HashSet<Form>,
}

impl PlayerFilter {
    /// The filter of the names `queries`, with the files' persons `names`.
    pub fn new(queries: &[String], names: &Names) -> PlayerFilter {
        let mut filter = PlayerFilter::default();
        for q in queries {
            let form = Form::of(q);
            if let Some(k) = names.person_of(&form) {
                filter.known.insert(k);
            }
            match form.surname() {
                Some(s) if form.comparable() => {
                    filter.surnames.insert(s.to_owned());
                }
                _ => {
                    filter.forms.insert(form);
                }
            }
        }
        // The closure: the files' persons of those surnames, and their surnames.
        loop {
            let before = (filter.surnames.len(), filter.known.len());
            let surnames: Vec<String> = filter.surnames.iter().cloned().collect();
            for s in &surnames {
                filter.known.extend(names.persons_of_surname(s));
            }
            for &k in &filter.known {
                for f in names.forms(k) {
                    if let Some(s) = f.surname() {
                        filter.surnames.insert(s.to_owned());
                    }
                }
            }
            if (filter.surnames.len(), filter.known.len()) == before {
                return filter;
            }
        }
    }

    /// True when `spelling` can bear on the queried names' identity.
    pub fn relevant(&self, spelling: &str, names: &Names) -> bool {
        let form = Form::of(spelling);
        form.surname().is_some_and(|s| self.surnames.contains(s))
            || self.forms.contains(&form)
            || names
                .person_of(&form)
                .is_some_and(|k| self.known.contains(&k))
    }
}

/// The persons of the queried names and of the inputs' spellings that bear on them.
#[derive(Clone, Debug, Default)]
pub struct Persons {
    of: HashMap<Box<str>, u32>,
    query: Vec<u32>,
}

impl Persons {
    /// Resolves `queries` with `spellings` (the inputs' relevant names, each once).
    pub fn resolve(queries: &[String], spellings: &[String], names: &Names) -> Persons {
        let all = queries.iter().chain(spellings).map(String::as_str);
        let identity = Identity::resolve(all, names);
        let nq = queries.len();
        Persons {
            of: (spellings.iter().enumerate())
                .map(|(i, s)| (s.as_str().into(), identity.person(nq + i)))
                .collect(),
            query: (0..nq).map(|i| identity.person(i)).collect(),
        }
    }

    /// True when `spelling` is the person of query `q`.
    pub fn is(&self, spelling: &str, q: usize) -> bool {
        self.of.get(spelling) == Some(&self.query[q])
    }
}

/// True when `spelling` is `query`'s person with no other spelling known (a selector used
/// without the first pass).
pub fn alone_is(spelling: &str, query: &str, names: &Names) -> bool {
    let identity = Identity::resolve([query, spelling], names);
    identity.person(0) == identity.person(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_from_the_tags() {
        let pgn = b"[White \"Lasker, Em\"]\n[Black \"Tal, M\"]\n\n1. e4 *\n";
        let text = GameText::of(pgn);
        assert_eq!(
            player_names(text),
            [Some("Lasker, Em".to_owned()), Some("Tal, M".to_owned())]
        );
    }

    #[test]
    fn the_other_spellings_decide() {
        let names = Names::new();
        let q = vec!["Lasker, Emanuel".to_owned()];
        let filter = PlayerFilter::new(&q, &names);
        assert!(filter.relevant("Lasker,Ed", &names));
        assert!(!filter.relevant("Laskerov, E", &names));
        let spellings: Vec<String> = ["Lasker,Ed", "Lasker,Em", "Lasker, E"]
            .map(str::to_owned)
            .to_vec();
        let persons = Persons::resolve(&q, &spellings, &names);
        assert!(persons.is("Lasker,Em", 0));
        assert!(!persons.is("Lasker,Ed", 0));
        // `E` could be Edward or Emanuel: not Emanuel.
        assert!(!persons.is("Lasker, E", 0));
        assert!(!persons.is("Tal, M", 0));
        // Alone, `E` is Emanuel.
        assert!(alone_is("Lasker, E", "Lasker, Emanuel", &names));
        assert!(!alone_is("Lasker, Ed", "Lasker, Emanuel", &names));
    }

    #[test]
    fn the_files_persons_widen_the_filter() {
        let names = Names::from_csv(b"\"Kortschnoj, Viktor\",\"Korchnoi, Viktor\"\n").unwrap();
        let q = vec!["Korchnoi, V".to_owned()];
        let filter = PlayerFilter::new(&q, &names);
        assert!(filter.relevant("Kortschnoj, V.", &names));
        let spellings = vec!["Kortschnoj, Viktor".to_owned(), "Korchnoi,V".to_owned()];
        let persons = Persons::resolve(&q, &spellings, &names);
        assert!(persons.is("Kortschnoj, Viktor", 0) && persons.is("Korchnoi,V", 0));
    }
}
