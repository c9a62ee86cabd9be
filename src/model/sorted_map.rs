//! [`SortedMap`]: a map kept as a sorted vector, for the small ordered maps of the statistics.
//!
//! The histograms of [`super::stats::Stats`] (lengths, ratings, rating differences and bands,
//! years, months) have at most a few thousand keys, and with `stats --by` a statistics object
//! is kept per group: hundreds of thousands of them, most of one game. A `BTreeMap` allocates a
//! node of eleven entries for its first key (hundreds of bytes for one count); a sorted vector
//! holds exactly its entries. Lookups are binary searches; a new key shifts the entries after
//! it, which costs little for maps this small (each key is new only once).

use std::borrow::Borrow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A map kept as a vector of entries sorted by key (see the module documentation). Iteration,
/// and the JSON form, are in key order, as a `BTreeMap`'s.
#[derive(Clone)]
pub struct SortedMap<K, V> {
    entries: Vec<(K, V)>,
    /// The entry [`SortedMap::slot`] gave last: consecutive games often share a key (the year
    /// and month of an event's games), which is then found without a search. Not part of the
    /// map's value.
    last: usize,
}

impl<K, V> Default for SortedMap<K, V> {
    fn default() -> SortedMap<K, V> {
        SortedMap {
            entries: Vec::new(),
            last: 0,
        }
    }
}

impl<K: PartialEq, V: PartialEq> PartialEq for SortedMap<K, V> {
    fn eq(&self, other: &SortedMap<K, V>) -> bool {
        self.entries == other.entries
    }
}

impl<K: Eq, V: Eq> Eq for SortedMap<K, V> {}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for SortedMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.entries.iter().map(|(k, v)| (k, v)))
            .finish()
    }
}

impl<K: Ord, V> SortedMap<K, V> {
    /// An empty map (no allocation).
    pub fn new() -> SortedMap<K, V> {
        SortedMap::default()
    }

    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        self.entries.binary_search_by(|(k, _)| k.borrow().cmp(key))
    }

    /// The value of `key`.
    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    /// The value of `key`, made (default) if there is none; `key` is turned into an owned key
    /// only then.
    pub fn slot<Q: Ord + ?Sized + ToOwned<Owned = K>>(&mut self, key: &Q) -> &mut V
    where
        K: Borrow<Q>,
        V: Default,
    {
        if self
            .entries
            .get(self.last)
            .is_some_and(|(k, _)| k.borrow() == key)
        {
            return &mut self.entries[self.last].1;
        }
        let i = match self.find(key) {
            Ok(i) => i,
            Err(i) => {
                self.entries.insert(i, (key.to_owned(), V::default()));
                i
            }
        };
        self.last = i;
        &mut self.entries[i].1
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there is no entry.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries in key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, &V)> + ExactSizeIterator + Clone {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// The keys in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k)
    }

    /// The values in key order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.entries.iter().map(|(_, v)| v)
    }
}

impl<'a, K: Ord, V> IntoIterator for &'a SortedMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (K, V)>, fn(&'a (K, V)) -> (&'a K, &'a V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(k, v)| (k, v))
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for SortedMap<K, V> {
    /// The map of the pairs; of two pairs with one key the last is kept (as a `BTreeMap`
    /// built from them would).
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> SortedMap<K, V> {
        let mut entries: Vec<(K, V)> = pairs.into_iter().collect();
        // Stable: of equal keys the last stays last, and is the one kept.
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        let mut kept: Vec<(K, V)> = Vec::with_capacity(entries.len());
        for (k, v) in entries {
            match kept.last_mut() {
                Some(last) if last.0 == k => *last = (k, v),
                _ => kept.push((k, v)),
            }
        }
        SortedMap {
            entries: kept,
            last: 0,
        }
    }
}

impl<K: Serialize, V: Serialize> Serialize for SortedMap<K, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.entries.iter().map(|(k, v)| (k, v)))
    }
}

impl<'de, K: Ord + Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for SortedMap<K, V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SortedMap<K, V>, D::Error> {
        struct Entries<K, V>(PhantomData<(K, V)>);

        impl<'de, K: Ord + Deserialize<'de>, V: Deserialize<'de>> Visitor<'de> for Entries<K, V> {
            type Value = SortedMap<K, V>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut pairs = Vec::with_capacity(map.size_hint().unwrap_or(0).min(1 << 12));
                while let Some(pair) = map.next_entry()? {
                    pairs.push(pair);
                }
                Ok(pairs.into_iter().collect())
            }
        }

        deserializer.deserialize_map(Entries(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_an_ordered_map() {
        let mut m: SortedMap<u32, u64> = SortedMap::new();
        for k in [5, 1, 9, 1, 5, 5] {
            *m.slot(&k) += 1;
        }
        assert_eq!(m.iter().collect::<Vec<_>>(), [(&1, &2), (&5, &3), (&9, &1)]);
        assert_eq!(m.get(&5), Some(&3));
        assert_eq!(m.keys().next_back(), Some(&9));
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(json, r#"{"1":2,"5":3,"9":1}"#);
        let back: SortedMap<u32, u64> = serde_json::from_str(r#"{"9":1,"1":2,"5":3}"#).unwrap();
        assert_eq!(back, m);
        let mut years: SortedMap<String, u64> = SortedMap::new();
        *years.slot("2020") += 1;
        assert_eq!(years.get("2020"), Some(&1));
    }
}
