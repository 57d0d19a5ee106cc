//! The kernel's uniform draw of a pit among the candidates: exactly the
//! index `rng.random_range(0..count)` draws (rand's widening multiply of
//! one 32-bit output by the count, its high half the index, and a second
//! output when the low half falls in the last `count - 1` values before a
//! boundary), read from one table where the output's top bits decide it.
//! The pit then waits for one load after the candidates are known, not for
//! a count, a multiplication and a second table; the few outputs whose top
//! bits do not decide the index (those near a boundary between two indices)
//! take the multiplication.

use rand::RngCore;

use super::lanes::{COUNT, PICK};

/// The output's top bits that index the table.
const BITS: u32 = 7;
/// Outputs per bucket of the table.
const BUCKET: u64 = 1 << (32 - BITS);
/// An entry of [`DRAW`] whose bucket does not decide the index.
const UNDECIDED: u8 = 0x80;

/// `DRAW[x >> (32 - BITS)][mask]`: the pit `random_range` draws among the set bits
/// of `mask` from the output `x`, when every output of the bucket draws
/// that pit with no second output; [`UNDECIDED`] otherwise. The bucket
/// first: its row is known from the random output before the board gives
/// the mask, which is then one indexed load's offset.
static DRAW: [[u8; 256]; 1 << BITS] = draw_table();

/// [`DRAW`] with the mask first, `DRAW_BY_MASK[mask][x >> (32 - BITS)]`:
/// the layout the shapes with stores (Kalah) play faster with, their
/// mask known no later than the random output.
static DRAW_BY_MASK: [[u8; 1 << BITS]; 256] = by_mask(&DRAW);

const fn by_mask(by_bucket: &[[u8; 256]; 1 << BITS]) -> [[u8; 1 << BITS]; 256] {
    let mut table = [[UNDECIDED; 1 << BITS]; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut bucket = 0;
        while bucket < 1 << BITS {
            table[mask][bucket] = by_bucket[bucket][mask];
            bucket += 1;
        }
        mask += 1;
    }
    table
}

const fn draw_table() -> [[u8; 256]; 1 << BITS] {
    let mut table = [[UNDECIDED; 256]; 1 << BITS];
    let mut mask = 1;
    while mask < 256 {
        let count = (mask as u32).count_ones() as u64;
        let mut bucket = 0;
        while bucket < 1 << BITS {
            let first = bucket as u64 * BUCKET;
            let last = first + BUCKET - 1;
            let index = (first * count) >> 32;
            // The index rises only at a boundary, so it is the same over the
            // bucket when it is at both ends; inside the bucket, an output
            // needing a second one lies just below a boundary, so only the
            // last can need one without the index rising.
            let second = (last * count) as u32 > (count as u32).wrapping_neg();
            if (last * count) >> 32 == index && !second {
                table[bucket][mask] = nth_bit(mask, index as u32);
            }
            bucket += 1;
        }
        mask += 1;
    }
    table
}

/// The `n`-th set bit of `mask` (from 0, lowest first).
const fn nth_bit(mask: usize, n: u32) -> u8 {
    let (mut bit, mut seen) = (0, 0);
    while bit < 8 {
        if mask >> bit & 1 == 1 {
            if seen == n {
                return bit as u8;
            }
            seen += 1;
        }
        bit += 1;
    }
    UNDECIDED
}

/// A pit drawn uniformly among the set bits of `mask` (not 0), from `rng`
/// exactly as `PICK[mask][rng.random_range(0..COUNT[mask])]` draws it,
/// read from [`DRAW`] when `bucket_first` (a constant of the move loop),
/// else from [`DRAW_BY_MASK`].
#[inline(always)]
pub(super) fn pit<R: RngCore>(mask: usize, rng: &mut R, bucket_first: bool) -> usize {
    let x = rng.next_u32();
    let bucket = (x >> (32 - BITS)) as usize;
    let entry = match bucket_first {
        true => DRAW[bucket][mask & 0xFF],
        false => DRAW_BY_MASK[mask & 0xFF][bucket],
    };
    if entry & UNDECIDED == 0 {
        return usize::from(entry);
    }
    let count = u32::from(COUNT[mask & 0xFF]);
    usize::from(PICK[mask & 0xFF][index(x, count, rng) & 7])
}

/// `rng.random_range(0..count)` whose first output was `x` (rand 0.9's
/// single sample of a `u32` range: the high half of `x * count`, plus one
/// when the low half and the high half of a second output overflow).
#[inline(always)]
fn index<R: RngCore>(x: u32, count: u32, rng: &mut R) -> usize {
    let wide = u64::from(x) * u64::from(count);
    let (mut index, low) = ((wide >> 32) as u32, wide as u32);
    if low > count.wrapping_neg() {
        let second = ((u64::from(rng.next_u32()) * u64::from(count)) >> 32) as u32;
        index += u32::from(low.checked_add(second).is_none());
    }
    index as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// A stream of chosen 32-bit outputs (then zeros).
    struct Outputs(Vec<u32>);

    impl RngCore for Outputs {
        fn next_u32(&mut self) -> u32 {
            match self.0.is_empty() {
                true => 0,
                false => self.0.remove(0),
            }
        }
        fn next_u64(&mut self) -> u64 {
            u64::from(self.next_u32())
        }
        fn fill_bytes(&mut self, dst: &mut [u8]) {
            dst.fill(0);
        }
    }

    /// For every mask, outputs at and around every bucket's ends and every
    /// boundary between indices (where a second output is drawn), each
    /// with a few second outputs: the pit and the outputs used are those
    /// of rand's `random_range`.
    #[test]
    fn the_pit_is_the_one_random_range_draws() {
        let mut firsts: Vec<u32> = Vec::new();
        for bucket in 0..=(1u64 << BITS) {
            for d in [-2i64, -1, 0, 1] {
                firsts.push((bucket * BUCKET).wrapping_add_signed(d) as u32);
            }
        }
        for count in 1..=8u64 {
            for k in 1..count {
                let boundary = (k << 32).div_ceil(count);
                for d in -9i64..=2 {
                    firsts.push(boundary.wrapping_add_signed(d) as u32);
                }
            }
        }
        let seconds = [0u32, 1, 0x8000_0000, u32::MAX - 7, u32::MAX];
        for mask in 1..256usize {
            let count = usize::from(COUNT[mask]);
            for &first in &firsts {
                for (&second, bucket_first) in seconds.iter().flat_map(|s| [(s, true), (s, false)])
                {
                    let mut ours = Outputs(vec![first, second, 7]);
                    let mut theirs = Outputs(vec![first, second, 7]);
                    let expected = PICK[mask][theirs.random_range(0..count)];
                    assert_eq!(
                        pit(mask, &mut ours, bucket_first),
                        usize::from(expected),
                        "mask {mask:08b}, outputs {first:#x} {second:#x}, bucket first {bucket_first}"
                    );
                    assert_eq!(ours.0, theirs.0, "outputs used");
                }
            }
        }
        // Worked by hand: one pit always; two split at 2^31, the start of
        // bucket 64; three at 2^32/3 and 2^33/3, inside buckets 42 and 85.
        assert_eq!(DRAW[5][0b1], 0);
        assert_eq!(DRAW[63][0b1010], 1);
        assert_eq!(DRAW[64][0b1010], 3);
        assert_eq!(DRAW[41][0b0111], 0);
        assert_eq!(DRAW[42][0b0111], UNDECIDED);
        assert_eq!(DRAW[43][0b0111], 1);
        assert_eq!(DRAW[85][0b0111], UNDECIDED);
        assert_eq!(DRAW[127][0b0111], 2);
    }
}
