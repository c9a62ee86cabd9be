//! The persons of a group of `arbiter dedup` (issue 31): the key compares players by their
//! coarse key only, so the grouper ([`super::groups::Grouper`]) keeps a group's spellings and,
//! when they are not all alike, resolves them ([`Identity::resolve`]) to split the group.

use std::collections::HashMap;

use crate::analysis::names::Identity;

use super::groups::players;

/// The most distinct player spellings (White and Black together) of a group that are resolved
/// into persons; a group with more (crafted input) is not reported at all, and counted.
pub const MAX_GROUP_SPELLINGS: usize = 256;

/// The most subgroups a group spilled to its temporary file is split into (each costs one read
/// of the file); a group with more is not reported at all, and counted.
pub const MAX_SPILLED_SUBGROUPS: usize = 16;

/// The player spellings of the open group. While every member has the first member's White
/// and Black (almost always) nothing is stored; once one differs, the distinct spellings of
/// both sides are, up to [`MAX_GROUP_SPELLINGS`].
#[derive(Debug, Default)]
pub(super) struct Spellings {
    started: bool,
    first_white: Vec<u8>,
    first_black: Vec<u8>,
    /// Some member's White or Black differs from the first member's.
    pub(super) mixed: bool,
    /// More than [`MAX_GROUP_SPELLINGS`] distinct spellings.
    pub(super) over: bool,
    /// Distinct spellings → their number in `texts`.
    pub(super) index: HashMap<Vec<u8>, u32>,
    pub(super) texts: Vec<Vec<u8>>,
}

impl Spellings {
    pub(super) fn add(&mut self, white: &[u8], black: &[u8]) {
        if !self.started {
            self.started = true;
            self.first_white.extend_from_slice(white);
            self.first_black.extend_from_slice(black);
            return;
        }
        if !self.mixed {
            if white == self.first_white.as_slice() && black == self.first_black.as_slice() {
                return;
            }
            self.mixed = true;
            let (w, b) = (
                std::mem::take(&mut self.first_white),
                std::mem::take(&mut self.first_black),
            );
            self.insert(&w);
            self.insert(&b);
            (self.first_white, self.first_black) = (w, b);
        }
        self.insert(white);
        self.insert(black);
    }

    fn insert(&mut self, text: &[u8]) {
        if self.over || self.index.contains_key(text) {
            return;
        }
        if self.texts.len() == MAX_GROUP_SPELLINGS {
            self.over = true;
            return;
        }
        self.index.insert(text.to_vec(), self.texts.len() as u32);
        self.texts.push(text.to_vec());
    }

    pub(super) fn clear(&mut self) {
        self.started = false;
        self.first_white.clear();
        self.first_black.clear();
        if self.mixed {
            self.mixed = false;
            self.over = false;
            self.index.clear();
            self.texts.clear();
        }
    }
}

/// The (White, Black) persons of a member (`u32::MAX` for a spelling not held: none is).
pub(super) fn persons_of(spellings: &Spellings, identity: &Identity, payload: &[u8]) -> (u32, u32) {
    let (white, black) = players(payload);
    let person = |s: &[u8]| {
        spellings
            .index
            .get(s)
            .map_or(u32::MAX, |&i| identity.person(i as usize))
    };
    (person(white), person(black))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_stay_empty_while_every_member_is_spelt_alike() {
        let mut s = Spellings::default();
        for _ in 0..3 {
            s.add(b"Lasker, Emanuel", b"Yates, F");
        }
        assert!(!s.mixed && s.texts.is_empty());
        s.add(b"Lasker, Em.", b"Yates, F");
        assert!(s.mixed);
        assert_eq!(s.texts.len(), 3);
        s.clear();
        assert!(!s.mixed && !s.started && s.texts.is_empty());
        for i in 0..=MAX_GROUP_SPELLINGS {
            s.add(format!("P{i}, A").as_bytes(), b"Yates, F");
        }
        assert!(s.over && s.texts.len() == MAX_GROUP_SPELLINGS);
    }
}
