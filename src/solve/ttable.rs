//! The forward search's transposition table: a fixed array of one-word
//! entries, eight to a bucket of one cache line, so that a look-up costs at
//! most one memory fetch.
//!
//! # Exact keys in a word
//! A position's key is a number below `2^key_bits` (its board's number
//! among all boards of the game's stones, its side to move and whether it is
//! the opening). The key is scrambled by a bijection of `key_bits`-bit
//! numbers; the top bits of the result choose the bucket, and an entry keeps
//! the other bits (its tag) beside the bounds. Since the scrambling is a
//! bijection, the bucket and the tag together give back the key: a tag found
//! in the key's bucket is that key's entry, never another position's.
//!
//! # What an entry holds
//! Proven bounds on the position's value, clamped to the game's stones (a
//! value only counts the stones still on the board, so a lower bound of
//! minus all the stones says nothing more than none), the best move found,
//! and the log2 of the positions searched to find them. When a bucket is
//! full, a new position replaces the one whose search cost least, so a
//! search larger than the table slows down but stays exact.
//!
//! # Shared between threads
//! Entries are atomic words, read and written whole: a thread may lose
//! another's update of the same entry (both are proven bounds, so the table
//! only forgets), never read half of one.
//!
//! The table is allocated untouched and, on Linux, asked for huge pages:
//! the search's look-ups fall all over a table of gigabytes, and with small
//! pages most of them also miss the address translation caches.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Bytes an entry takes.
pub const SLOT_BYTES: u64 = 8;

/// Entries to a bucket (one cache line of 64 bytes).
const WAYS: usize = 8;

/// Bits of an entry's best move (moves are fewer than 32).
const BEST_BITS: u32 = 5;
/// Bits of an entry's log2 of the positions searched (clamped to 31).
const WORK_BITS: u32 = 5;

/// Proven bounds `[lower, upper]` on a position's value and its best move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// A proven lower bound.
    pub lower: i16,
    /// A proven upper bound.
    pub upper: i16,
    /// The index of the move that gave the best result.
    pub best: u8,
}

/// The table: `words.len()` is a power of two, at least one bucket.
pub struct Table {
    words: Box<[AtomicU64]>,
    filled: AtomicUsize,
    /// Bits of the keys.
    key_bits: u32,
    /// Bits of the tag an entry keeps: `key_bits` minus the bucket's bits.
    tag_bits: u32,
    /// Bits of each bound.
    value_bits: u32,
    /// The largest value a bound can have (the game's stones).
    most: i16,
}

/// The layout does not fit a word: the keys or the values are too large.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooWide;

impl Table {
    /// A table of the largest power of two of entries, at least one bucket
    /// and at least enough buckets for an entry to fit a word, that is at
    /// most `slots`, for keys below `2^key_bits` and values within
    /// `[-most, most]`.
    ///
    /// # Errors
    /// Even a table with a bucket for each key would leave no room for the
    /// bounds in a word.
    pub fn new(slots: usize, key_bits: u32, most: u16) -> Result<Self, TooWide> {
        let value_bits = 32 - (2 * u32::from(most)).leading_zeros();
        let data_bits = 1 + 2 * value_bits + BEST_BITS + WORK_BITS;
        if data_bits > 64 || key_bits > 64 {
            return Err(TooWide);
        }
        let slots = slots.max(WAYS);
        let mut bucket_bits = usize::BITS - 1 - slots.leading_zeros() - WAYS.trailing_zeros();
        // The tag must fit beside the data.
        let least = (key_bits + data_bits).saturating_sub(64);
        if least > 40 {
            return Err(TooWide);
        }
        bucket_bits = bucket_bits.max(least).min(key_bits);
        let size = WAYS << bucket_bits;
        let layout = std::alloc::Layout::array::<AtomicU64>(size).map_err(|_| TooWide)?;
        // SAFETY: the layout has a size (at least one bucket); a word of
        // zeros is a valid `AtomicU64` (it has the layout of a `u64`), every
        // word is zeroed, and the box frees the memory with the layout of
        // `size` words it was allocated with.
        let words: Box<[AtomicU64]> = unsafe {
            let words = std::alloc::alloc_zeroed(layout).cast::<AtomicU64>();
            if words.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(words, size))
        };
        advise_huge_pages(&words);
        Ok(Table {
            words,
            filled: AtomicUsize::new(0),
            key_bits,
            tag_bits: key_bits - bucket_bits,
            value_bits,
            most: most as i16,
        })
    }

    /// Positions held (counted as they were stored; with threads, about).
    pub fn len(&self) -> usize {
        self.filled.load(Relaxed)
    }

    /// The first word of the bucket of `key` and the tag its entry keeps.
    #[inline]
    fn place(&self, key: u64) -> (usize, u64) {
        let scrambled = scramble(key, self.key_bits);
        let tag = scrambled & low_bits(self.tag_bits);
        let bucket = if self.tag_bits >= 64 {
            0
        } else {
            (scrambled >> self.tag_bits) as usize
        };
        (bucket * WAYS, tag)
    }

    /// Starts fetching the bucket of `key` into the cache, without waiting
    /// for it, so that the fetches of several keys overlap.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let (at, _) = self.place(key);
        prefetch(&self.words[at]);
    }

    fn encode(&self, tag: u64, lower: i16, upper: i16, best: u8, work: u8) -> u64 {
        let bias =
            |v: i16| u64::from(v.clamp(-self.most, self.most).wrapping_add(self.most) as u16);
        let mut word = tag;
        word = word << self.value_bits | bias(lower);
        word = word << self.value_bits | bias(upper);
        word = word << BEST_BITS | u64::from(best) & low_bits(BEST_BITS);
        word = word << WORK_BITS | u64::from(work.min(31));
        word << 1 | 1
    }

    /// The tag, bounds, best move and work of a non-empty word.
    fn decode(&self, word: u64) -> (u64, i16, i16, u8, u8) {
        let mut word = word >> 1;
        let work = (word & low_bits(WORK_BITS)) as u8;
        word >>= WORK_BITS;
        let best = (word & low_bits(BEST_BITS)) as u8;
        word >>= BEST_BITS;
        let unbias = |v: u64| (v as i16).wrapping_sub(self.most);
        let upper = unbias(word & low_bits(self.value_bits));
        word >>= self.value_bits;
        let lower = unbias(word & low_bits(self.value_bits));
        word >>= self.value_bits;
        (word, lower, upper, best, work)
    }

    /// The bounds stored for `key`, if any (clamped to the values' range:
    /// no value lies outside it).
    pub fn get(&self, key: u64) -> Option<Bounds> {
        let (at, tag) = self.place(key);
        self.words[at..at + WAYS].iter().find_map(|word| {
            let word = word.load(Relaxed);
            if word == 0 {
                return None;
            }
            let (found, lower, upper, best, _) = self.decode(word);
            (found == tag).then_some(Bounds { lower, upper, best })
        })
    }

    /// Narrows the bounds of `key` to `[lower, upper]` (a new entry starts
    /// from them), with `best` its best move, found by searching `nodes`
    /// positions.
    pub fn store(&self, key: u64, lower: i16, upper: i16, best: u8, nodes: u64) {
        let (at, tag) = self.place(key);
        let work = (64 - nodes.leading_zeros()) as u8;
        let bucket = &self.words[at..at + WAYS];
        // An empty entry if any, else the one whose search cost least.
        let (mut empty, mut cheapest) = (None, (0, u8::MAX));
        for (i, word) in bucket.iter().enumerate() {
            let old = word.load(Relaxed);
            if old == 0 {
                empty = empty.or(Some(i));
                continue;
            }
            let (found, l, u, _, w) = self.decode(old);
            if found == tag {
                word.store(
                    self.encode(tag, l.max(lower), u.min(upper), best, w.max(work)),
                    Relaxed,
                );
                return;
            }
            if w < cheapest.1 {
                cheapest = (i, w);
            }
        }
        let at = match empty {
            Some(i) => {
                self.filled.fetch_add(1, Relaxed);
                i
            }
            None => cheapest.0,
        };
        bucket[at].store(self.encode(tag, lower, upper, best, work), Relaxed);
    }
}

/// Starts fetching the cache line of `item` without waiting for it.
#[inline]
pub(super) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch only hints the cache; it never faults nor reads
    // into anything, and the pointer is a valid reference's.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// A word with its lowest `bits` bits set.
fn low_bits(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

/// A bijection of the numbers below `2^bits` whose top bits depend on every
/// bit of `key`: multiplications by odd numbers and shifts folded back in,
/// each one-to-one modulo `2^bits`.
#[inline]
fn scramble(key: u64, bits: u32) -> u64 {
    let mask = low_bits(bits);
    let half = bits.div_ceil(2).max(1);
    let mut h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) & mask;
    h ^= h >> half;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9) & mask;
    h ^= h >> half;
    h.wrapping_mul(0x94D0_49BB_1331_11EB) & mask
}

/// Asks the system for huge pages for `words` (allocated zeroed, so a large
/// table is fresh pages not yet touched: the hint applies to the pages as
/// they are first touched), so the table's look-ups need fewer
/// address translations. Only a hint: nothing changes if it is refused.
fn advise_huge_pages<T>(words: &[T]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = words.as_ptr() as usize;
        let end = start + std::mem::size_of_val(words);
        let first = start.next_multiple_of(HUGE);
        let last = end / HUGE * HUGE;
        if last > first {
            // SAFETY: the range lies within the slice's own allocation,
            // aligned to pages; MADV_HUGEPAGE only changes how the kernel
            // backs the pages, never their contents or the mapping.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = words;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_told_apart_and_bounds_narrow() {
        let table = Table::new(8, 20, 40).unwrap();
        assert_eq!(table.words.len(), 8);
        table.store(0, -3, 7, 1, 10);
        table.store(0, -1, 9, 2, 10);
        assert_eq!(
            table.get(0),
            Some(Bounds {
                lower: -1,
                upper: 7,
                best: 2
            })
        );
        assert_eq!(table.get(1 << 19), None);
        assert_eq!(table.len(), 1);
        // Bounds beyond the range are clamped to it.
        table.store(5, -1000, 1000, 0, 1);
        assert_eq!(
            table.get(5),
            Some(Bounds {
                lower: -40,
                upper: 40,
                best: 0
            })
        );
    }

    #[test]
    fn the_scrambling_is_one_to_one() {
        for bits in [1, 3, 8, 12] {
            let mut seen = vec![false; 1 << bits];
            for key in 0..1u64 << bits {
                let h = scramble(key, bits) as usize;
                assert!(!seen[h], "{bits} {key}");
                seen[h] = true;
            }
        }
    }

    #[test]
    fn every_key_of_a_small_space_keeps_its_own_bounds() {
        // 2^12 keys in 2^6 entries and more: the bucket and tag tell each
        // key apart, so a key never reads another's bounds.
        let table = Table::new(64, 12, 100).unwrap();
        for key in 0..1u64 << 12 {
            table.store(key, (key % 50) as i16, (key % 50) as i16 + 1, 0, key);
            let got = table.get(key).unwrap();
            assert_eq!(got.lower, (key % 50) as i16);
        }
        for key in 0..1u64 << 12 {
            if let Some(got) = table.get(key) {
                assert_eq!(got.lower, (key % 50) as i16, "{key}");
            }
        }
    }

    #[test]
    fn a_full_bucket_keeps_the_costlier_results() {
        // One bucket of eight: a ninth position pushes out the cheapest.
        let table = Table::new(8, 8, 10).unwrap();
        for key in 0..8 {
            table.store(key, 0, 0, 0, 1000 + key);
        }
        table.store(100, 1, 1, 0, 10);
        assert!(table.get(100).is_some());
        assert_eq!((0..8).filter(|&k| table.get(k).is_some()).count(), 7);
        // The cheap one goes next, not a costly one.
        table.store(101, 1, 1, 0, 5);
        assert!(table.get(101).is_some() && table.get(100).is_none());
        assert_eq!((0..8).filter(|&k| table.get(k).is_some()).count(), 7);
        assert_eq!(table.len(), 8);
    }
}
