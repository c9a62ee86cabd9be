//! The counting maps of [`super::Stats`]: text-keyed maps hashed while counting and written
//! sorted, ordered maps of counts and of results, and their merges.

use std::collections::{BTreeMap, HashMap};

use serde::{Serialize, Serializer};

use super::{Overflow, Results, add};

/// A map with text keys (tag values): hashed while counting, written with its keys sorted.
/// Text-keyed counts (players, ECO codes, openings...). foldhash: fast, and seeded at random so
/// that crafted names cannot be made to collide.
pub type TextMap<V> = HashMap<String, V, foldhash::fast::RandomState>;

/// Serialises a [`TextMap`] with its keys sorted (serde `serialize_with`).
pub(super) fn sorted<S: Serializer, V: Serialize>(
    map: &TextMap<V>,
    s: S,
) -> Result<S::Ok, S::Error> {
    map.iter().collect::<BTreeMap<&String, &V>>().serialize(s)
}

/// Counts one more for `key` (allocating the key only when it is new).
pub(super) fn count(map: &mut TextMap<u64>, key: &str) {
    if let Some(v) = map.get_mut(key) {
        *v += 1;
    } else {
        map.insert(key.to_owned(), 1);
    }
}

/// The value of `key`, inserted as the default when missing (the key allocated only then).
pub(super) fn text_entry<'m, V: Default>(map: &'m mut TextMap<V>, key: &str) -> &'m mut V {
    if !map.contains_key(key) {
        map.insert(key.to_owned(), V::default());
    }
    map.get_mut(key).expect("inserted above")
}

/// Adds the counts of `from` to `into`.
pub(super) fn merge_text_counts(
    into: &mut TextMap<u64>,
    from: &TextMap<u64>,
) -> Result<(), Overflow> {
    for (k, v) in from {
        add(into.entry(k.clone()).or_default(), *v)?;
    }
    Ok(())
}

/// Adds the results of `from` to `into`.
pub(super) fn merge_text_results(
    into: &mut TextMap<Results>,
    from: &TextMap<Results>,
) -> Result<(), Overflow> {
    for (k, v) in from {
        into.entry(k.clone()).or_default().merge(v)?;
    }
    Ok(())
}

/// Adds `n` to the count of `key` (allocating the key only when it is new).
pub(super) fn bump<K: Ord + ?Sized + ToOwned>(map: &mut BTreeMap<K::Owned, u64>, key: &K, n: u64)
where
    K::Owned: Ord + std::borrow::Borrow<K>,
{
    if let Some(v) = map.get_mut(key) {
        *v += n;
    } else {
        map.insert(key.to_owned(), n);
    }
}

/// [`text_entry`] for an ordered map.
pub(super) fn entry<'m, V: Default>(map: &'m mut BTreeMap<String, V>, key: &str) -> &'m mut V {
    if !map.contains_key(key) {
        map.insert(key.to_owned(), V::default());
    }
    map.get_mut(key).expect("inserted above")
}

/// Adds the counts of `from` to `into`.
pub(super) fn merge_counts<K: Ord + Clone>(
    into: &mut BTreeMap<K, u64>,
    from: &BTreeMap<K, u64>,
) -> Result<(), Overflow> {
    for (k, v) in from {
        add(into.entry(k.clone()).or_default(), *v)?;
    }
    Ok(())
}

/// Adds the results of `from` to `into`.
pub(super) fn merge_results<K: Ord + Clone>(
    into: &mut BTreeMap<K, Results>,
    from: &BTreeMap<K, Results>,
) -> Result<(), Overflow> {
    for (k, v) in from {
        into.entry(k.clone()).or_default().merge(v)?;
    }
    Ok(())
}
