//! The persons the alias file (`--aliases`, [`super::aliases`]) and the spelling file
//! (`--spellings`, [`super::scid`]) name: [`Names`].
//!
//! Each person is a canonical name and the names the files write for it, and each of those
//! names **pins** its form ([`Form`]: the name with case, spacing and punctuation taken out) to
//! the person: a spelling of the games with a pinned form is that person, whatever the other
//! spellings. The spelling file is read first, then the alias file, whose lines move a form to
//! the canonical name's person (a line can thus **split** a form from the person the spelling
//! file gives it). A form two persons of the spelling file write pins neither: SCID's own rule
//! (a name that matches two players is ambiguous).
//!
//! This module must not import `engine`, `report` or `commands`.

use std::collections::HashMap;

use super::form::{Form, abbreviates, givens_compatible};
use super::name_key;
use crate::analysis::text::contains_ignoring_case;

/// Player names known from files: persons, their names, and the forms they pin (see the
/// module documentation). Empty without `--aliases` and `--spellings`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    persons: Vec<Known>,
    /// Pinned form → person.
    by_form: HashMap<Form, u32>,
    /// Forms two persons of a spelling file write: pinned to neither.
    contested: HashMap<Form, ()>,
    /// Surname → persons with a form of it pinned, in order, without repeats (made by
    /// [`Names::finish`]).
    by_surname: HashMap<Box<str>, Vec<u32>>,
    /// Alias lines that joined two forms.
    aliases: usize,
}

/// One person the files name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Known {
    /// The names written for it, the canonical first.
    spellings: Vec<Box<str>>,
    /// The forms pinned to it (distinct, in the order of its names; made by
    /// [`Names::finish`]).
    forms: Vec<Form>,
    /// The given names of its most complete forms (made by [`Names::finish`]).
    complete: Vec<Box<str>>,
}

impl Names {
    /// No names known: every spelling's identity comes from the games alone.
    pub fn new() -> Names {
        Names::default()
    }

    /// True when no file named anyone.
    pub fn is_empty(&self) -> bool {
        self.persons.is_empty()
    }

    /// Alias lines that joined two different forms.
    pub fn len(&self) -> usize {
        self.aliases
    }

    /// Persons named.
    pub fn persons(&self) -> usize {
        self.persons.len()
    }

    /// The person a form is pinned to.
    pub fn person_of(&self, form: &Form) -> Option<u32> {
        self.by_form.get(form).copied()
    }

    /// The person the form of text `form` is pinned to ([`Form::as_str`]).
    pub fn person_of_text(&self, form: &str) -> Option<u32> {
        self.by_form.get(form).copied()
    }

    /// The canonical name of person `p`, as written.
    pub fn canonical(&self, p: u32) -> &str {
        &self.persons[p as usize].spellings[0]
    }

    /// The names written for person `p`, as written, the canonical first.
    pub fn spellings(&self, p: u32) -> impl Iterator<Item = &str> {
        self.persons[p as usize].spellings.iter().map(|s| &**s)
    }

    /// The forms pinned to person `p` (distinct, in the order of its names).
    pub fn forms(&self, p: u32) -> &[Form] {
        &self.persons[p as usize].forms
    }

    /// The given names of person `p`'s most complete forms: those no other of its forms
    /// completes (`viktor` of `korchnoi, v` and `kortschnoj, viktor`), distinct.
    pub fn complete_givens(&self, p: u32) -> impl Iterator<Item = &str> {
        self.persons[p as usize].complete.iter().map(|g| &**g)
    }

    /// The persons with a form of surname `surname` pinned to them.
    pub fn persons_of_surname(&self, surname: &str) -> &[u32] {
        self.by_surname.get(surname).map_or(&[], Vec::as_slice)
    }

    /// The person a spelling of the games is by the files alone: the one its form is pinned
    /// to, else the one file person it is compatible with (its surname's, given names
    /// compatible with the person's most complete ones), if there is exactly one.
    pub fn person_of_name(&self, name: &str) -> Option<u32> {
        let form = Form::of(name);
        if let Some(p) = self.person_of(&form) {
            return Some(p);
        }
        if !form.comparable() {
            return None;
        }
        let mut found = None;
        for &p in self.persons_of_surname(form.surname()?) {
            if self
                .complete_givens(p)
                .any(|g| givens_compatible(form.given(), g))
            {
                if found.is_some() {
                    return None;
                }
                found = Some(p);
            }
        }
        found
    }

    /// The coarse key ([`super::name_key`]) of the person a spelling is by the files alone
    /// ([`Names::person_of_name`]: its canonical name's), else of the spelling: two spellings
    /// that [`super::Identity`] finds one person always share it.
    pub fn coarse_key(&self, name: &str) -> String {
        match self.is_empty() {
            true => name_key(name),
            false => match self.person_of_name(name) {
                Some(p) => name_key(self.canonical(p)),
                None => name_key(name),
            },
        }
    }

    /// Makes each person's forms, most complete given names and the surname index, from the
    /// names written and the forms pinned (after a file is read).
    pub(super) fn finish(&mut self) {
        self.by_surname.clear();
        for p in 0..self.persons.len() {
            let mut forms: Vec<Form> = Vec::new();
            for s in &self.persons[p].spellings {
                let f = Form::of(s);
                if self.by_form.get(&f) == Some(&(p as u32)) && !forms.contains(&f) {
                    forms.push(f);
                }
            }
            let givens: Vec<&str> = forms
                .iter()
                .filter(|f| f.comparable())
                .map(Form::given)
                .collect();
            let mut complete: Vec<Box<str>> = Vec::new();
            for &g in &givens {
                let completed = givens.iter().any(|&h| h != g && abbreviates(g, h));
                if !completed && !complete.iter().any(|c| **c == *g) {
                    complete.push(g.into());
                }
            }
            for f in &forms {
                if let Some(surname) = f.surname() {
                    let list = self.by_surname.entry(surname.into()).or_default();
                    if list.last() != Some(&(p as u32)) {
                        list.push(p as u32);
                    }
                }
            }
            let known = &mut self.persons[p];
            known.forms = forms;
            known.complete = complete;
        }
    }

    /// A new person with canonical name `canonical`, its form pinned to it as [`Names::add_name`]
    /// pins (`moves`: taken from another person; else contested when another has it).
    pub(super) fn add_person(&mut self, canonical: &str, moves: bool) -> u32 {
        let p = self.persons.len() as u32;
        self.persons.push(Known::default());
        self.add_name(p, canonical, moves);
        if self.persons[p as usize].spellings.is_empty() {
            self.persons[p as usize].spellings.push(canonical.into());
        }
        p
    }

    /// Writes `name` for person `p` and pins its form to `p`: moved from another person when
    /// `moves` (an alias line), else left contested when another person has it (a spelling
    /// file's name two players share).
    pub(super) fn add_name(&mut self, p: u32, name: &str, moves: bool) {
        let spellings = &mut self.persons[p as usize].spellings;
        if !spellings.iter().any(|s| **s == *name) {
            spellings.push(name.into());
        }
        let form = Form::of(name);
        if form.is_empty() {
            return;
        }
        match self.by_form.get(&form).copied() {
            Some(q) if q == p => {}
            Some(_) if !moves => {
                self.by_form.remove(&form);
                self.contested.insert(form, ());
            }
            _ if !moves && self.contested.contains_key(&form) => {}
            _ => {
                self.contested.remove(&form);
                self.pin(form, p);
            }
        }
    }

    fn pin(&mut self, form: Form, p: u32) {
        self.by_form.insert(form, p);
    }

    /// Counts an alias line that joined two forms.
    pub(super) fn count_alias(&mut self) {
        self.aliases += 1;
    }

    /// True when `name`, or a name the files write for the person it is by the files alone
    /// ([`Names::person_of_name`]), contains `needle`, case ignored (`select`'s `~`).
    pub fn contains(&self, name: &str, needle: &str) -> bool {
        if contains_ignoring_case(name, needle) {
            return true;
        }
        !self.is_empty()
            && self
                .person_of_name(name)
                .is_some_and(|p| self.spellings(p).any(|s| contains_ignoring_case(s, needle)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_pin_their_forms() {
        let mut names = Names::new();
        let p = names.add_person("Lasker, Emanuel", false);
        names.add_name(p, "Lasker, Emmanuel", false);
        let q = names.add_person("Lasker, Edward", false);
        names.add_name(q, "Lasker, Eduard", false);
        // A name two persons write pins neither.
        names.add_name(p, "Lasker, E.", false);
        names.add_name(q, "Lasker, E", false);
        names.finish();
        assert_eq!(names.person_of(&Form::of("lasker,emmanuel")), Some(p));
        assert_eq!(names.person_of(&Form::of("Lasker, E")), None);
        assert_eq!(names.persons_of_surname("lasker"), [p, q]);
        // An alias line moves a form.
        names.add_name(q, "Lasker, Emmanuel", true);
        names.finish();
        assert_eq!(names.person_of(&Form::of("Lasker, Emmanuel")), Some(q));
        assert_eq!(names.forms(p), [Form::of("Lasker, Emanuel")]);
        assert!(names.contains("Lasker,Emmanuel", "eduard"));
        assert!(!names.contains("Lasker, Emanuel", "eduard"));
        assert_eq!(names.canonical(q), "Lasker, Edward");
        assert_eq!(
            names.complete_givens(q).collect::<Vec<_>>(),
            ["edward", "eduard", "emmanuel"]
        );
        assert_eq!(names.person_of_name("Lasker, Edw"), Some(q));
        assert_eq!(names.person_of_name("Lasker, Em"), None);
        assert_eq!(names.coarse_key("Lasker, Eduard"), "lasker e");
    }
}
