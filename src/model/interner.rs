//! Texts interned in one arena ([`Interner`]): each distinct text once, numbered in the order it
//! came, found by a hash table of numbers (issue 32: the players of `stats` and the forms of player
//! identity number millions of short texts, where a `String` each and a hash map of them cost
//! some 80 bytes of slack and pointers a text).
//!
//! A text costs its bytes, 8 bytes of end offset and about 5 bytes of table (foldhash, seeded at
//! random, so that crafted texts cannot be made to collide).

use std::hash::BuildHasher;

/// Distinct texts, numbered from 0 in the order they were first interned.
#[derive(Clone, Default)]
pub struct Interner {
    text: String,
    /// The end of each text in `text`.
    ends: Vec<usize>,
    /// Text numbers by the hash of their text.
    table: hashbrown::HashTable<u32>,
    hasher: foldhash::fast::RandomState,
}

impl Interner {
    /// No text.
    pub fn new() -> Interner {
        Interner::default()
    }

    /// Distinct texts.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there is none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Text number `i`.
    pub fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.text[start..self.ends[i]]
    }

    /// The texts, in number order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        (0..self.len()).map(|i| self.get(i))
    }

    /// The number of `text`, if it was interned.
    pub fn find(&self, text: &str) -> Option<u32> {
        self.find_hashed(self.hasher.hash_one(text), text)
    }

    fn find_hashed(&self, hash: u64, text: &str) -> Option<u32> {
        self.table
            .find(hash, |&i| self.get(i as usize) == text)
            .copied()
    }

    /// The number of `text`, interned if new; and whether it was.
    pub fn intern(&mut self, text: &str) -> (u32, bool) {
        let hash = self.hasher.hash_one(text);
        if let Some(i) = self.find_hashed(hash, text) {
            return (i, false);
        }
        let i = self.push(text);
        let Interner {
            text: arena,
            ends,
            table,
            hasher,
        } = self;
        table.insert_unique(hash, i, |&j| {
            let j = j as usize;
            let start = if j == 0 { 0 } else { ends[j - 1] };
            hasher.hash_one(&arena[start..ends[j]])
        });
        (i, true)
    }

    /// Appends `text` under a new number without indexing it: [`Interner::find`] does not find
    /// it (a text another number already has, kept apart).
    pub fn push(&mut self, text: &str) -> u32 {
        self.text.push_str(text);
        self.ends.push(self.text.len());
        (self.ends.len() - 1) as u32
    }

    /// Reserves room for `additional` more texts in the table.
    pub fn reserve(&mut self, additional: usize) {
        let Interner {
            text,
            ends,
            table,
            hasher,
        } = self;
        table.reserve(additional, |&j| {
            let j = j as usize;
            let start = if j == 0 { 0 } else { ends[j - 1] };
            hasher.hash_one(&text[start..ends[j]])
        });
    }

    /// Frees the slack of the arena and the offsets (after the last text).
    pub fn shrink_to_fit(&mut self) {
        self.text.shrink_to_fit();
        self.ends.shrink_to_fit();
    }

    /// Frees the table: nothing is found any more, and nothing may be interned (the texts and
    /// their numbers stay).
    pub fn drop_index(&mut self) {
        self.table = hashbrown::HashTable::new();
        self.shrink_to_fit();
    }
}

impl std::fmt::Debug for Interner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_numbered_once() {
        let mut names = Interner::new();
        assert_eq!(names.intern("b"), (0, true));
        assert_eq!(names.intern("a"), (1, true));
        assert_eq!(names.intern("b"), (0, false));
        assert_eq!(names.intern(""), (2, true));
        assert_eq!((names.get(1), names.get(2), names.len()), ("a", "", 3));
        assert_eq!(names.find("a"), Some(1));
        assert_eq!(names.push("a"), 3);
        assert_eq!(names.find("a"), Some(1));
        for i in 0..50_000 {
            names.intern(&format!("name {i}"));
        }
        assert!((0..50_000).all(|i| names.find(&format!("name {i}")).is_some()));
        assert_eq!(names.find("name 50000"), None);
    }
}
