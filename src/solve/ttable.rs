//! The forward search's transposition table: a fixed array of slots, two to
//! a bucket, each holding a position's full key (so a hit is never another
//! position's), proven bounds on its value and the best move found. When
//! both slots of a bucket are taken, a new position replaces the one whose
//! search cost less (the table keeps the most expensive results), so a
//! search larger than the table slows down instead of losing what it stores.
//!
//! A slot is stored as three words of zeros when empty, so the table is
//! allocated zeroed: the system hands out its pages as the search first
//! touches them, instead of the table being written whole before it starts.

/// Bytes a slot takes.
pub const SLOT_BYTES: u64 = std::mem::size_of::<[u64; 3]>() as u64;

/// A position's bounds and best move; `key == 0` marks an empty slot (the
/// keys stored have their top bit set).
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: [u64; 2],
    lower: i16,
    upper: i16,
    best: u8,
    /// Log2 of the positions searched to find these bounds.
    work: u8,
}

impl Slot {
    fn unpack(words: [u64; 3]) -> Slot {
        let data = words[2];
        Slot {
            key: [words[0], words[1]],
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            best: (data >> 32) as u8,
            work: (data >> 40) as u8,
        }
    }

    fn pack(self) -> [u64; 3] {
        let data = u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.best) << 32
            | u64::from(self.work) << 40;
        [self.key[0], self.key[1], data]
    }
}

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

/// The table: `slots.len()` is a power of two, at least 2.
pub struct Table {
    slots: Vec<[u64; 3]>,
    filled: usize,
    /// 64 minus the log2 of the slots.
    shift: u32,
}

const MARK: u128 = 1 << 127;

impl Table {
    /// A table of the largest power of two of slots, at least 2, that is at
    /// most `slots`.
    pub fn new(slots: usize) -> Self {
        let slots = slots.max(2);
        let size = 1usize << (usize::BITS - 1 - slots.leading_zeros());
        Table {
            slots: vec![[0; 3]; size],
            filled: 0,
            shift: 64 - size.trailing_zeros(),
        }
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.filled
    }

    /// The first slot of the bucket of `key` (keys use at most 127 bits).
    fn bucket(&self, key: u128) -> usize {
        // Fibonacci hashing: the product's top bits depend on every bit.
        let folded = (key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (key >> 64) as u64;
        let mixed = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> self.shift) as usize & !1
    }

    fn split(key: u128) -> [u64; 2] {
        let key = key | MARK;
        [key as u64, (key >> 64) as u64]
    }

    /// Reads the words of the bucket of `key`, so that a later
    /// [`Table::get`] or [`Table::store`] finds them in the cache.
    #[inline]
    pub fn touch(&self, key: u128) -> u64 {
        let at = self.bucket(key);
        self.slots[at][0] ^ self.slots[at + 1][2]
    }

    /// The bounds stored for `key`, if any.
    pub fn get(&self, key: u128) -> Option<Bounds> {
        let at = self.bucket(key);
        let want = Self::split(key);
        self.slots[at..at + 2]
            .iter()
            .map(|&words| Slot::unpack(words))
            .find(|s| s.key == want)
            .map(|s| Bounds {
                lower: s.lower,
                upper: s.upper,
                best: s.best,
            })
    }

    /// Narrows the bounds of `key` to `[lower, upper]` (a new entry starts
    /// from them), with `best` its best move, found by searching `nodes`
    /// positions.
    pub fn store(&mut self, key: u128, lower: i16, upper: i16, best: u8, nodes: u64) {
        let at = self.bucket(key);
        let want = Self::split(key);
        let work = (64 - nodes.leading_zeros()) as u8;
        let mut bucket = [
            Slot::unpack(self.slots[at]),
            Slot::unpack(self.slots[at + 1]),
        ];
        if let Some(slot) = bucket.iter_mut().find(|s| s.key == want) {
            slot.lower = slot.lower.max(lower);
            slot.upper = slot.upper.min(upper);
            slot.best = best;
            slot.work = slot.work.max(work);
        } else {
            let slot = Slot {
                key: want,
                lower,
                upper,
                best,
                work,
            };
            // The first slot keeps the costlier result, the second the latest.
            let pushed = if work >= bucket[0].work {
                std::mem::replace(&mut bucket[0], slot)
            } else {
                slot
            };
            if pushed.key != [0, 0] {
                if bucket[1].key == [0, 0] {
                    self.filled += 1;
                }
                bucket[1] = pushed;
            } else {
                self.filled += 1;
            }
        }
        self.slots[at] = bucket[0].pack();
        self.slots[at + 1] = bucket[1].pack();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_told_apart_and_bounds_narrow() {
        let mut table = Table::new(5);
        assert_eq!(table.slots.len(), 4);
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
        assert_eq!(table.get(1 << 100), None);
        assert_eq!(table.len(), 1);
    }

    #[test]
    fn a_full_bucket_keeps_the_costlier_and_the_latest_result() {
        let mut table = Table::new(2);
        table.store(1, 0, 0, 0, 1000);
        table.store(2, 1, 1, 0, 10);
        assert!(table.get(1).is_some() && table.get(2).is_some());
        // Both slots taken: a cheap result pushes out the other cheap one,
        // never the costly one.
        table.store(3, 2, 2, 0, 5);
        assert!(table.get(3).is_some() && table.get(2).is_none());
        assert!(table.get(1).is_some());
        // A costlier one takes the first slot; the costly one moves on.
        table.store(4, 2, 2, 0, 100_000);
        assert!(table.get(4).is_some() && table.get(1).is_some());
        assert!(table.get(3).is_none());
        assert_eq!(table.len(), 2);
    }
}
