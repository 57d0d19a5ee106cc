//! The board of a kernel game as byte lanes of one word, seen from the
//! player to move: their row in the low half (pit `i` of the row in lane
//! `i`), the opponent's row in the high half (pit `i` of it in lane `HALF +
//! i`), in pit order; the lanes past a row hold 0. Turning the board over to
//! the other player swaps the halves (one rotation). A board of at most 4
//! pits a row is one `u64`, of at most 8 one `u128`. No lane reaches 128
//! (at most 127 stones): the high bit of every lane is free for the byte
//! comparisons.

use std::fmt::Debug;

/// A word of byte lanes (see the module's documentation).
pub(super) trait Lanes: Copy + Default + Eq + Debug + Send + Sync + 'static {
    /// Lanes in a half: the most pits a row holds.
    const HALF: usize;
    /// The lanes holding `counts[i]` in lane `i`, each wrapping (a negative
    /// count is a wrapping subtraction when added).
    fn from_counts(counts: &[i64]) -> Self;
    /// The stones in lane `lane`.
    fn byte(self, lane: usize) -> usize;
    /// Every lane, lane `i` at index `i` (those past the word 0).
    fn to_bytes(self) -> [u8; 16];
    /// The low half (the mover's row), in the low bytes of a `u64`.
    fn own(self) -> u64;
    /// The low 64 bits: the mover's row, and in a `u64` the opponent's too
    /// (for reading the mover's row without masking the rest).
    fn low(self) -> u64;
    /// The high half (the opponent's row), in the low bytes of a `u64`.
    fn opp(self) -> u64;
    /// The board with its low 64 bits (`high` false: see [`Lanes::low`])
    /// or its high half (`high`: see [`Lanes::opp`]) replaced by `window`.
    fn with_window(self, high: bool, window: u64) -> Self;
    /// The board seen from the other player: the halves swapped.
    fn turned(self) -> Self;
    /// The lanes plus `delta`, lane by lane (no lane carries: see the
    /// module's documentation).
    fn plus(self, delta: Self) -> Self;
    /// The lanes with lane `lane` emptied.
    fn without(self, lane: usize) -> Self;
    /// Whether some lane holds more than one stone.
    fn any_above_one(self) -> bool;
    /// The same lanes, seen through [`opaque`].
    fn opaque(self) -> Self;
}

impl Lanes for u64 {
    const HALF: usize = 4;

    fn from_counts(counts: &[i64]) -> Self {
        (counts.iter().enumerate().take(8)).fold(0u64, |d, (i, &c)| {
            d.wrapping_add((c as u64).wrapping_mul(1 << (8 * i)))
        })
    }

    #[inline(always)]
    fn byte(self, lane: usize) -> usize {
        (self >> (8 * lane)) as u8 as usize
    }

    fn to_bytes(self) -> [u8; 16] {
        let mut bytes = [0; 16];
        bytes[..8].copy_from_slice(&self.to_le_bytes());
        bytes
    }

    #[inline(always)]
    fn own(self) -> u64 {
        self & 0xFFFF_FFFF
    }

    #[inline(always)]
    fn low(self) -> u64 {
        self
    }

    #[inline(always)]
    fn opp(self) -> u64 {
        self >> 32
    }

    #[inline(always)]
    fn with_window(self, _high: bool, window: u64) -> Self {
        window
    }

    #[inline(always)]
    fn turned(self) -> Self {
        self.rotate_left(32)
    }

    #[inline(always)]
    fn plus(self, delta: Self) -> Self {
        self.wrapping_add(delta)
    }

    #[inline(always)]
    fn without(self, lane: usize) -> Self {
        self & !(0xFF << (8 * lane))
    }

    #[inline(always)]
    fn any_above_one(self) -> bool {
        self & 0xFEFE_FEFE_FEFE_FEFE != 0
    }

    #[inline(always)]
    fn opaque(self) -> Self {
        opaque(self)
    }
}

impl Lanes for u128 {
    const HALF: usize = 8;

    fn from_counts(counts: &[i64]) -> Self {
        (counts.iter().enumerate().take(16)).fold(0u128, |d, (i, &c)| {
            d.wrapping_add((c as u128).wrapping_mul(1 << (8 * i)))
        })
    }

    #[inline(always)]
    fn byte(self, lane: usize) -> usize {
        let word = if lane < 8 { self.own() } else { self.opp() };
        (word >> (8 * (lane & 7))) as u8 as usize
    }

    fn to_bytes(self) -> [u8; 16] {
        self.to_le_bytes()
    }

    #[inline(always)]
    fn own(self) -> u64 {
        self as u64
    }

    #[inline(always)]
    fn low(self) -> u64 {
        self as u64
    }

    #[inline(always)]
    fn opp(self) -> u64 {
        (self >> 64) as u64
    }

    #[inline(always)]
    fn with_window(self, high: bool, window: u64) -> Self {
        match high {
            true => u128::from(self.own()) | u128::from(window) << 64,
            false => u128::from(window) | u128::from(self.opp()) << 64,
        }
    }

    #[inline(always)]
    fn turned(self) -> Self {
        self.rotate_left(64)
    }

    #[inline(always)]
    fn plus(self, delta: Self) -> Self {
        self.wrapping_add(delta)
    }

    #[inline(always)]
    fn without(self, lane: usize) -> Self {
        let keep = !(0xFFu64 << (8 * (lane & 7)));
        let (own, opp) = match lane < 8 {
            true => (self.own() & keep, self.opp()),
            false => (self.own(), self.opp() & keep),
        };
        u128::from(own) | u128::from(opp) << 64
    }

    #[inline(always)]
    fn any_above_one(self) -> bool {
        (self.own() | self.opp()) & 0xFEFE_FEFE_FEFE_FEFE != 0
    }

    #[inline(always)]
    fn opaque(self) -> Self {
        u128::from(opaque(self.own())) | u128::from(opaque(self.opp())) << 64
    }
}

/// `x`, which the optimiser can no longer see through (no instruction):
/// a value worked out from a load stays worked out before a select that
/// picks it, instead of the select picking the address and the load
/// waiting for the select. On targets without inline assembly, `x`.
#[inline(always)]
pub(super) fn opaque(mut x: u64) -> u64 {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    // SAFETY: an empty template: it reads and writes only the register
    // holding `x`, and no memory, stack or flags.
    unsafe {
        std::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags));
    }
    x
}

/// The high bit of every byte of a `u64`.
pub(super) const HIGH: u64 = 0x8080_8080_8080_8080;
/// 1 in every byte of a `u64`.
pub(super) const ONES: u64 = 0x0101_0101_0101_0101;

/// The sum of the bytes of `x`, when it is below 256.
#[inline(always)]
pub(super) fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(ONES) >> 56) as u32
}

/// Bit `i` set when the high bit of byte `i` of `x` is, `x` holding no
/// other bit: one multiplication gathers them, byte `i`'s bit (bit `7 + 8i`)
/// times `2^(49 - 7i)` landing in bit `56 + i`; the other products land in
/// distinct bits below 56 or past the word, so nothing carries into the
/// top byte.
#[inline(always)]
pub(super) fn high_bits(x: u64) -> u32 {
    (x.wrapping_mul(0x0002_0408_1020_4081) >> 56) as u32
}

/// `PICK[mask][k]`: the `k`-th set bit of the 8-bit `mask` (from 0, lowest
/// first); `COUNT[mask]`: how many bits it has. Tables, so that the draw
/// needs no population count (the release build targets plain x86-64,
/// without `popcnt`).
pub(super) static PICK: [[u8; 8]; 256] = pick_table();
/// See [`PICK`].
pub(super) static COUNT: [u8; 256] = count_table();

const fn pick_table() -> [[u8; 8]; 256] {
    let mut table = [[0u8; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if mask >> bit & 1 == 1 {
                table[mask][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
}

const fn count_table() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut mask = 0;
    while mask < 256 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_high_bits_of_the_bytes_are_gathered_in_order() {
        assert_eq!(high_bits(0x80 << 8 | 0x80 << 56), 1 << 1 | 1 << 7);
        assert_eq!(high_bits(HIGH), 0xFF);
        for bits in 0..256u32 {
            let x = (0..8).fold(0u64, |x, i| x | u64::from(bits >> i & 1) << (8 * i + 7));
            assert_eq!(high_bits(x), bits, "{bits:08b}");
        }
    }

    /// The tables against a plain count and walk of the bits.
    #[test]
    fn the_pick_and_count_tables_hold_the_set_bits() {
        for mask in 0..256usize {
            let bits: Vec<u8> = (0..8).filter(|b| mask >> b & 1 == 1).collect();
            assert_eq!(usize::from(COUNT[mask]), bits.len(), "{mask:08b}");
            assert_eq!(PICK[mask][..bits.len()], bits[..], "{mask:08b}");
        }
    }

    /// Both words: a lane read, emptied and the halves turned.
    #[test]
    fn lanes_are_read_emptied_and_turned() {
        fn check<W: Lanes>() {
            let mut counts = vec![0i64; 2 * W::HALF];
            for (i, c) in counts.iter_mut().enumerate() {
                *c = i as i64 + 1;
            }
            let w = W::from_counts(&counts);
            for lane in 0..2 * W::HALF {
                assert_eq!(w.byte(lane), lane + 1);
                assert_eq!(w.without(lane).byte(lane), 0);
                assert_eq!(w.turned().byte((lane + W::HALF) % (2 * W::HALF)), lane + 1);
            }
            assert_eq!(w.own() as u8, 1);
            assert_eq!(w.opp() as u8, W::HALF as u8 + 1);
            let minus = W::from_counts(&[-1]);
            assert_eq!(w.plus(minus).byte(0), 0);
            assert_eq!(w.plus(minus).byte(1), 2);
        }
        check::<u64>();
        check::<u128>();
    }
}
