//! Byte scans for the hot loops of the splitter and the lexer, 16 bytes at a time with SSE2 on
//! x86_64 (part of its baseline, so no run-time detection), one byte at a time elsewhere.
//!
//! Both scans return the same results on every target (tested against the one-byte loops).

use super::is_word_delimiter;

/// The offset of the first byte at or after `from` in `buf` that is one of `needles`.
#[inline(always)]
pub fn find_byte_of<const N: usize>(buf: &[u8], from: usize, needles: &[u8; N]) -> Option<usize> {
    let mut i = from;
    #[cfg(target_arch = "x86_64")]
    while let Some(chunk) = buf.get(i..i + 16) {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
            _mm_set1_epi8, _mm_setzero_si128,
        };
        // SAFETY: `_mm_loadu_si128` reads 16 bytes from the pointer with no alignment
        // requirement, and `chunk` (from `buf.get(i..i + 16)`) is exactly 16 readable bytes; the
        // other intrinsics only compute on registers. SSE2 is part of the x86_64 baseline, so
        // every intrinsic used here exists on every CPU this code is compiled for.
        #[allow(unsafe_code)]
        let mask = unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
            let mut hits = _mm_setzero_si128();
            for &n in needles {
                hits = _mm_or_si128(hits, _mm_cmpeq_epi8(v, _mm_set1_epi8(n as i8)));
            }
            _mm_movemask_epi8(hits) as u32
        };
        if mask != 0 {
            return Some(i + mask.trailing_zeros() as usize);
        }
        i += 16;
    }
    buf.get(i..)?
        .iter()
        .position(|b| needles.contains(b))
        .map(|k| i + k)
}

/// The offset of the first movetext word delimiter (whitespace or one of `{ } ( ) ; $ *`, see
/// [`is_word_delimiter`]) or no-break space ([`super::NBSP`], read as whitespace) at or after
/// `from` in `buf`, or `buf.len()` when there is none.
#[inline(always)]
pub fn word_end(buf: &[u8], from: usize) -> usize {
    let mut i = from;
    #[cfg(target_arch = "x86_64")]
    while let Some(chunk) = buf.get(i..i + 16) {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_loadu_si128, _mm_movemask_epi8,
            _mm_or_si128, _mm_set1_epi8, _mm_sub_epi8,
        };
        // SAFETY: as in `find_byte_of`: one unaligned 16-byte load from `chunk`, which holds
        // exactly 16 readable bytes, then SSE2 (x86_64 baseline) register arithmetic only.
        #[allow(unsafe_code)]
        let mask = unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
            let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
            // `lo..lo + n` as a signed comparison: `b - lo - 128` wraps the range to the
            // smallest signed values.
            let range = |lo: u8, n: u8| {
                let shifted = _mm_sub_epi8(v, _mm_set1_epi8(lo.wrapping_add(0x80) as i8));
                _mm_cmplt_epi8(shifted, _mm_set1_epi8((0x80u8.wrapping_add(n)) as i8))
            };
            // Tab, LF, vertical tab, form feed, CR; `(`, `)`, `*`; and 0xC2, the first byte
            // of a no-break space (checked below).
            let hits = _mm_or_si128(
                _mm_or_si128(range(0x09, 5), range(b'(', 3)),
                _mm_or_si128(
                    _mm_or_si128(eq(b' '), eq(b'$')),
                    _mm_or_si128(
                        _mm_or_si128(eq(b';'), eq(b'{')),
                        _mm_or_si128(eq(b'}'), eq(0xC2)),
                    ),
                ),
            );
            _mm_movemask_epi8(hits) as u32
        };
        let mut mask = mask;
        while mask != 0 {
            let at = i + mask.trailing_zeros() as usize;
            if buf[at] != 0xC2 || buf.get(at + 1) == Some(&0xA0) {
                return at;
            }
            mask &= mask - 1;
        }
        i += 16;
    }
    let mut k = i;
    while k < buf.len() {
        if is_word_delimiter(buf[k]) || (buf[k] == 0xC2 && buf.get(k + 1) == Some(&0xA0)) {
            return k;
        }
        k += 1;
    }
    buf.len()
}

/// [`word_end`] one byte at a time, for scans of short words (one table lookup a byte).
#[inline(always)]
pub fn word_end_bytewise(buf: &[u8], from: usize) -> usize {
    use super::{CLASS, DELIMITER, NBSP_LEAD};
    let mut i = from;
    while let Some(&b) = buf.get(i) {
        let class = CLASS[b as usize];
        if class & (DELIMITER | NBSP_LEAD) != 0
            && (class & DELIMITER != 0 || buf.get(i + 1) == Some(&0xA0))
        {
            return i;
        }
        i += 1;
    }
    buf.len().max(from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_end_is_the_first_delimiter() {
        // Every byte value, at every position of a 16-byte chunk and of the tail after it.
        for b in 0..=255u8 {
            for at in 0..40 {
                let mut buf = vec![b'x'; 40];
                buf[at] = b;
                for from in [0, 1, at.saturating_sub(1), at, at + 1] {
                    let want = buf[from.min(40)..]
                        .iter()
                        .position(|&c| is_word_delimiter(c))
                        .map_or(40, |k| from + k);

                    assert_eq!(
                        word_end(&buf, from),
                        want,
                        "byte {b:#x} at {at} from {from}"
                    );
                    assert_eq!(word_end_bytewise(&buf, from), want, "{b:#x} {at} {from}");
                }
            }
        }
        assert_eq!(word_end(b"", 0), 0);
        assert_eq!(word_end(b"e4", 2), 2);
        // A no-break space ends a word wherever it stands (and across a chunk's end).
        for at in 0..40 {
            let mut buf = vec![b'x'; 41];
            buf[at] = 0xC2;
            buf[at + 1] = 0xA0;
            assert_eq!(word_end(&buf, 0), at, "no-break space at {at}");
            assert_eq!(word_end_bytewise(&buf, 0), at, "no-break space at {at}");
            buf[at + 1] = 0xBD;
            assert_eq!(word_end(&buf, 0), 41, "0xC2 0xBD at {at}");
            assert_eq!(word_end_bytewise(&buf, 0), 41, "0xC2 0xBD at {at}");
        }
    }

    #[test]
    fn find_byte_of_finds_the_first_needle() {
        for b in 0..=255u8 {
            for at in 0..40 {
                let mut buf = vec![b'x'; 40];
                buf[at] = b;
                for from in [0, at, at + 1] {
                    let want = buf
                        .get(from..)
                        .and_then(|rest| rest.iter().position(|c| b"\n\r[".contains(c)))
                        .map(|k| from + k);
                    assert_eq!(
                        find_byte_of(&buf, from, b"\n\r["),
                        want,
                        "{b:#x} {at} {from}"
                    );
                }
            }
        }
    }
}
