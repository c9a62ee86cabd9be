//! Player identity (issue 31): which spellings of a set of games are one person
//! ([`Identity::resolve`]) — the one identity of `stats`, `select` and `dedup`.
//!
//! Spellings are one person only when they cannot be two:
//! * spellings of one **form** ([`Form`]: case, spacing, punctuation aside) are one person;
//! * a form the alias or spelling file **pins** ([`Names`]) is that file's person;
//! * two other forms of one surname are one person when their given names are **compatible**
//!   (abbreviations of each other: `Em.` and `Emanuel`) — unless one of them is compatible with
//!   two that are not compatible with each other: that form is **ambiguous** (`E` when both
//!   `Edward` and `Emanuel` are there), is a person of its own, and is reported with the
//!   persons it could be. A file's person counts as one more form of each of its surnames,
//!   its given names those of its most complete forms (`Lasker, Ed` is the file's Edward
//!   Lasker; `Korchnoi, V` the file's Viktor Kortschnoj when it writes `Korchnoi, Viktor`);
//!   two file persons are never one.
//!
//! So among the forms that are not ambiguous, compatibility is an equivalence (if `a` and `b`,
//! `b` and `c` are compatible and `b` is not ambiguous, `a` and `c` are compatible), and a
//! person never holds two forms whose given names disagree. A handle (one word) and a surname
//! alone are compared with nothing: they are their form's person, or their file's.
//!
//! The identity of a spelling depends on the other spellings (a bare initial is ambiguous only
//! when two full names are there): it is computed from the whole set at once, after counting —
//! `stats` resolves the merged spelling counts, so `--shard`/`stats --merge` give the players
//! of one run; `select` reads the inputs' names first. `dedup` resolves the spellings of each
//! group of candidates alone (the games that share its coarse key: moves, result, date, and
//! the players' surnames and first initials), so there a bare initial is ambiguous only when
//! both full names are among those games, and a group with many spellings is not resolved.
//!
//! Cost: the forms of one surname are compared pairwise (bit sets); a surname with more than
//! [`MAX_SURNAME_FORMS`] forms (crafted input) is not compared — its forms are persons of their
//! own — and is reported.
//!
//! This module must not import `engine`, `report` or `commands`.

use std::collections::HashMap;

use super::form::{Form, FormStr, Givens};
use super::known::Names;
use crate::model::interner::Interner;

/// The most forms (and file persons) of one surname compared with each other.
pub const MAX_SURNAME_FORMS: usize = 4096;

/// Who each spelling of a set is (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Identity {
    /// The distinct forms of the spellings, then the canonical forms of file persons that name
    /// no spelling's form.
    forms: Interner,
    /// Per spelling, in the order given: its form.
    form_of: Vec<u32>,
    /// Per form: its person.
    person_of_form: Vec<u32>,
    /// Per person: the form that names it (its key).
    key: Vec<u32>,
    /// Per person: the file person it is ([`NONE`] if none).
    known: Vec<u32>,
    /// Ambiguous persons → the persons they could be (in key order).
    could_be: HashMap<u32, Vec<u32>>,
    /// Surnames not compared: too many forms (surname, forms).
    not_compared: Vec<(String, usize)>,
}

/// No person, no form.
const NONE: u32 = u32::MAX;

impl Identity {
    /// The persons of `spellings` (names as written; repeats allowed) by the rule of the module
    /// documentation, with the persons `names` knows.
    pub fn resolve<'s>(spellings: impl IntoIterator<Item = &'s str>, names: &Names) -> Identity {
        let mut forms = Interner::new();
        let mut form_of = Vec::new();
        for s in spellings {
            form_of.push(forms.intern(Form::of(s).as_str()).0);
        }
        form_of.shrink_to_fit();
        let mut id = Identity {
            forms,
            form_of,
            ..Identity::default()
        };
        id.group(names);
        id.forms.drop_index();
        id
    }

    /// The person of the `i`-th spelling given.
    pub fn person(&self, i: usize) -> u32 {
        self.person_of_form[self.form_of[i] as usize]
    }

    /// Persons.
    pub fn persons(&self) -> usize {
        self.key.len()
    }

    /// The key of person `p`: the form that names it (a file person's canonical name, else its
    /// most complete form: `lasker, emanuel`).
    pub fn key(&self, p: u32) -> &str {
        self.forms.get(self.key[p as usize] as usize)
    }

    /// The file person `p` is, if any.
    pub fn known(&self, p: u32) -> Option<u32> {
        Some(self.known[p as usize]).filter(|&k| k != NONE)
    }

    /// The persons an ambiguous person `p` could be (in key order), `None` when it is not
    /// ambiguous.
    pub fn could_be(&self, p: u32) -> Option<&[u32]> {
        self.could_be.get(&p).map(Vec::as_slice)
    }

    /// Surnames whose forms were not compared (more than [`MAX_SURNAME_FORMS`]), with their
    /// number of forms.
    pub fn not_compared(&self) -> &[(String, usize)] {
        &self.not_compared
    }

    /// Groups the forms into persons.
    fn group(&mut self, names: &Names) {
        let n = self.forms.len();
        // Union-find nodes: the forms, then the file persons met.
        let mut sets = Sets::new(n);
        let mut known_node: HashMap<u32, usize> = HashMap::new();
        let mut free: Vec<u32> = Vec::new();
        for i in 0..n {
            let form = form(&self.forms, i as u32);
            match names.person_of_text(form.as_str()) {
                Some(k) => {
                    let node = *known_node.entry(k).or_insert_with(|| sets.push());
                    sets.union(i, node);
                }
                None if form.comparable() => free.push(i as u32),
                None => {}
            }
        }
        // The free comparable forms by surname (their text starts with it).
        let forms = &self.forms;
        free.sort_unstable_by(|&a, &b| forms.get(a as usize).cmp(forms.get(b as usize)));
        let mut ambiguous: Vec<(u32, Vec<usize>)> = Vec::new();
        let mut start = 0;
        while start < free.len() {
            let surname = form(&self.forms, free[start]).surname().unwrap_or("");
            let mut end = start + 1;
            while end < free.len() && form(&self.forms, free[end]).surname() == Some(surname) {
                end += 1;
            }
            let known = names.persons_of_surname(surname);
            let size = end - start + known.len();
            if size > MAX_SURNAME_FORMS {
                self.not_compared.push((surname.to_owned(), size));
            } else if size > 1 {
                let block = Block {
                    free: &free[start..end],
                    known,
                    forms: &self.forms,
                    names,
                };
                let (unions, unsure) = block.group();
                let nf = end - start;
                let mut node = |sets: &mut Sets, x: usize| match x < nf {
                    true => free[start + x] as usize,
                    false => *known_node
                        .entry(known[x - nf])
                        .or_insert_with(|| sets.push()),
                };
                for (x, y) in unions {
                    let (a, b) = (node(&mut sets, x), node(&mut sets, y));
                    sets.union(a, b);
                }
                for (x, neighbours) in unsure {
                    let nodes = neighbours.into_iter().map(|y| node(&mut sets, y)).collect();
                    ambiguous.push((free[start + x], nodes));
                }
            }
            start = end;
        }
        let node_person = self.number(&mut sets, &known_node, names);
        // The persons each ambiguous form could be.
        for (form, neighbours) in ambiguous {
            let p = self.person_of_form[form as usize];
            let mut candidates: Vec<u32> = neighbours
                .into_iter()
                .map(|node| node_person[sets.find(node)])
                .filter(|&q| q != p)
                .collect();
            candidates.sort_unstable_by(|&a, &b| self.key(a).cmp(self.key(b)).then(a.cmp(&b)));
            candidates.dedup();
            self.could_be.insert(p, candidates);
        }
    }

    /// Numbers the persons (the sets of forms and file persons) and chooses their keys;
    /// returns the person of each set's root.
    fn number(
        &mut self,
        sets: &mut Sets,
        known_node: &HashMap<u32, usize>,
        names: &Names,
    ) -> Vec<u32> {
        let mut node_person = vec![NONE; sets.len()];
        let n = self.forms.len();
        self.person_of_form = vec![0; n];
        for i in 0..n {
            let root = sets.find(i);
            let p = match node_person[root] {
                NONE => {
                    let p = self.key.len() as u32;
                    node_person[root] = p;
                    self.key.push(i as u32);
                    self.known.push(NONE);
                    p
                }
                p => p,
            };
            self.person_of_form[i] = p;
            let best = self.key[p as usize] as usize;
            if better(form(&self.forms, i as u32), form(&self.forms, best as u32)) {
                self.key[p as usize] = i as u32;
            }
        }
        // A file person's key is its canonical name's form (added when no spelling has it);
        // file persons no spelling is are persons too (a candidate of an ambiguous form).
        let mut ks: Vec<(u32, usize)> = known_node.iter().map(|(&k, &n)| (k, n)).collect();
        ks.sort_unstable();
        for (k, node) in ks {
            let root = sets.find(node);
            let p = match node_person[root] {
                NONE => {
                    let p = self.key.len() as u32;
                    node_person[root] = p;
                    self.key.push(0);
                    self.known.push(NONE);
                    p
                }
                p => p,
            };
            self.known[p as usize] = k;
            let canonical = Form::of(names.canonical(k));
            let at = match self.forms.find(canonical.as_str()) {
                Some(at) if self.person_of_form.get(at as usize) == Some(&p) => at,
                // Another person's form of the same text (a contested name), or none.
                _ => {
                    let at = self.forms.push(canonical.as_str());
                    self.person_of_form.push(p);
                    at
                }
            };
            self.key[p as usize] = at;
        }
        node_person
    }
}

/// Form number `i` of `forms`.
fn form(forms: &Interner, i: u32) -> FormStr<'_> {
    FormStr(forms.get(i as usize))
}

/// True when `a` names a person better than `b`: more given names, more letters, then the
/// first in byte order.
fn better(a: FormStr<'_>, b: FormStr<'_>) -> bool {
    (a.detail(), std::cmp::Reverse(a)) > (b.detail(), std::cmp::Reverse(b))
}

/// The forms of one surname with no file person pinned, and the file persons of the surname.
struct Block<'a> {
    free: &'a [u32],
    known: &'a [u32],
    forms: &'a Interner,
    names: &'a Names,
}

impl Block<'_> {
    /// The pairs of block nodes (the free forms, then the file persons) that are one person,
    /// and the ambiguous free forms with their neighbours.
    #[allow(clippy::type_complexity)]
    fn group(&self) -> (Vec<(usize, usize)>, Vec<(usize, Vec<usize>)>) {
        let (nf, n) = (self.free.len(), self.free.len() + self.known.len());
        let words = n.div_ceil(64);
        let mut adj = vec![0u64; n * words];
        let set = |adj: &mut Vec<u64>, a: usize, b: usize| {
            adj[a * words + b / 64] |= 1 << (b % 64);
            adj[b * words + a / 64] |= 1 << (a % 64);
        };
        let given = |i: usize| form(self.forms, self.free[i]).given();
        let givens: Vec<Givens<'_>> = (0..nf).map(|i| Givens::of(given(i))).collect();
        let known: Vec<Vec<Givens<'_>>> = (self.known.iter())
            .map(|&k| self.names.complete_givens(k).map(Givens::of).collect())
            .collect();
        for a in 0..nf {
            let first = given(a).as_bytes()[0];
            for b in a + 1..nf {
                if given(b).as_bytes()[0] == first && givens[a].compatible(&givens[b]) {
                    set(&mut adj, a, b);
                }
            }
            for (j, k) in known.iter().enumerate() {
                if k.iter().any(|g| givens[a].compatible(g)) {
                    set(&mut adj, a, nf + j);
                }
            }
        }
        let row = |x: usize| &adj[x * words..(x + 1) * words];
        let neighbours = |x: usize| -> Vec<usize> {
            (0..n)
                .filter(|&y| row(x)[y / 64] >> (y % 64) & 1 == 1)
                .collect()
        };
        // Ambiguous: two neighbours that are not neighbours of each other.
        let is_ambiguous: Vec<bool> = (0..n)
            .map(|x| {
                neighbours(x).into_iter().any(|y| {
                    (0..words).any(|w| {
                        let own = if w == y / 64 { 1u64 << (y % 64) } else { 0 };
                        row(x)[w] & !row(y)[w] & !own != 0
                    })
                })
            })
            .collect();
        let (mut unions, mut unsure) = (Vec::new(), Vec::new());
        for x in 0..n {
            let nb = neighbours(x);
            if is_ambiguous[x] {
                if x < nf {
                    unsure.push((x, nb));
                }
                continue;
            }
            unions.extend(
                nb.into_iter()
                    .filter(|&y| y > x && !is_ambiguous[y])
                    .map(|y| (x, y)),
            );
        }
        (unions, unsure)
    }
}

/// Union-find over the nodes.
#[derive(Clone, Debug, Default)]
struct Sets {
    parent: Vec<usize>,
}

impl Sets {
    fn new(n: usize) -> Sets {
        Sets {
            parent: (0..n).collect(),
        }
    }

    fn push(&mut self) -> usize {
        self.parent.push(self.parent.len());
        self.parent.len() - 1
    }

    fn len(&self) -> usize {
        self.parent.len()
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            // The smaller index stays the root: the forms before the file persons.
            let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.parent[hi] = lo;
        }
    }
}
