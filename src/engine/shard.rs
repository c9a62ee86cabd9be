//! `--shard K/N`: shard K of N of the inputs' bytes, cut at game boundaries (issue 16).
//!
//! The inputs (regular, uncompressed files; their sizes summed in input order) are cut into N
//! byte ranges of equal size, `[⌊(K-1)·B/N⌋, ⌊K·B/N⌋)`, and a shard holds the games whose
//! first byte falls in its range (blank text between games too, by its first byte). So the N
//! shards together hold every game of one run exactly once, whatever the bytes at the cut: a
//! cut inside a game, or inside a comment that holds a blank line and an `[Event` line, gives
//! that game to the shard where it starts.
//!
//! Resynchronisation: a splitter cannot know its state at an arbitrary byte (inside a comment?
//! a string?), so a shard does not start reading at its cut. It splits the bytes before its
//! range like any run (the splitter only: no game before the range is lexed or replayed), so
//! its first game is the one a run from the first byte finds — proven by construction, with
//! the game numbers, lines and offsets of that run — and it stops reading at the first game
//! that starts past its range. The price is the split of the bytes before the range, at the
//! splitter's speed (several hundred MB/s per core: see PERFORMANCE.md), against the analysis of
//! the range.

/// A shard: K of N (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which one, from 1.
    pub k: u64,
    /// How many.
    pub n: u64,
}

impl Shard {
    /// Reads `K/N` (1 ≤ K ≤ N).
    ///
    /// # Errors
    /// Returns a message for anything else.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("{text}: expected K/N with 1 <= K <= N (such as 2/8)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }

    /// The byte range of the shard in inputs of `total` bytes: `[start, end)`.
    pub fn range(self, total: u64) -> (u64, u64) {
        let cut = |i: u64| ((u128::from(total) * u128::from(i)) / u128::from(self.n)) as u64;
        (cut(self.k - 1), cut(self.k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_tile_the_bytes() {
        for total in [0u64, 1, 7, 1000, u64::MAX] {
            for n in 1..=7 {
                let mut next = 0;
                for k in 1..=n {
                    let (start, end) = Shard { k, n }.range(total);
                    assert_eq!(start, next);
                    assert!(end >= start);
                    next = end;
                }
                assert_eq!(next, total);
            }
        }
    }

    #[test]
    fn parse() {
        assert_eq!(Shard::parse("2/8"), Ok(Shard { k: 2, n: 8 }));
        for bad in ["0/3", "4/3", "1/0", "x", "1/", "/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
