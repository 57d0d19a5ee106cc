//! Board widths: how many slots a position's pit array has, and the bit set
//! that names its pits. A variant takes the narrowest width its board fits
//! when it loads; the engine is generic over the width, so each width is
//! compiled on its own and nothing is chosen per move.

use crate::rules::Rules;
use std::{
    fmt::Debug,
    hash::Hash,
    ops::{
        BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Index, IndexMut, Not, Range, RangeFrom,
        RangeTo, Shl, Shr,
    },
};

/// A set of slots of a pit array: bit `i` set when slot `i` is in the set
/// (`u32`, `u64` or `u128`, as wide as the array).
pub trait PitBits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// Every slot.
    const ALL: Self;
    /// How many slots the set can name.
    const BITS: u32;

    /// The set of slot `slot` alone.
    fn bit(slot: usize) -> Self;
    /// The set of slot `slot` when `is`, else the empty set.
    fn bit_if(is: bool, slot: usize) -> Self;
    /// The set holding the eight slots `8 * k .. 8 * k + 8` given by the
    /// bits of `byte`.
    fn byte_at(byte: u8, k: usize) -> Self;
    /// Whether slot `slot` is in the set.
    fn has(self, slot: usize) -> bool;
    /// How many slots are in the set.
    fn count_ones(self) -> u32;
    /// The lowest slot in the set (`BITS` when empty).
    fn trailing_zeros(self) -> u32;
    /// `BITS` minus one more than the highest slot in the set (`BITS` when
    /// empty).
    fn leading_zeros(self) -> u32;
    /// The set shifted down by `n`, empty when `n` is at least `BITS`.
    fn wrapping_shr(self, n: u32) -> Self;
    /// The set without its lowest slot.
    fn without_lowest(self) -> Self;
}

macro_rules! pit_bits {
    ($($t:ty),*) => {$(
        impl PitBits for $t {
            const ZERO: Self = 0;
            const ALL: Self = <$t>::MAX;
            const BITS: u32 = <$t>::BITS;

            #[inline(always)]
            fn bit(slot: usize) -> Self {
                1 << slot
            }
            #[inline(always)]
            fn bit_if(is: bool, slot: usize) -> Self {
                <$t>::from(is) << slot
            }
            #[inline(always)]
            fn byte_at(byte: u8, k: usize) -> Self {
                <$t>::from(byte) << (8 * k)
            }
            #[inline(always)]
            fn has(self, slot: usize) -> bool {
                self >> slot & 1 == 1
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn wrapping_shr(self, n: u32) -> Self {
                self.checked_shr(n).unwrap_or(0)
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    )*};
}

pit_bits!(u32, u64, u128);

/// 256 bits, low half first: the move slots of the widest board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bits256([u128; 2]);

impl BitAnd for Bits256 {
    type Output = Self;
    fn bitand(self, o: Self) -> Self {
        Bits256([self.0[0] & o.0[0], self.0[1] & o.0[1]])
    }
}
impl BitOr for Bits256 {
    type Output = Self;
    fn bitor(self, o: Self) -> Self {
        Bits256([self.0[0] | o.0[0], self.0[1] | o.0[1]])
    }
}
impl BitXor for Bits256 {
    type Output = Self;
    fn bitxor(self, o: Self) -> Self {
        Bits256([self.0[0] ^ o.0[0], self.0[1] ^ o.0[1]])
    }
}
impl Not for Bits256 {
    type Output = Self;
    fn not(self) -> Self {
        Bits256([!self.0[0], !self.0[1]])
    }
}
impl BitAndAssign for Bits256 {
    fn bitand_assign(&mut self, o: Self) {
        *self = *self & o;
    }
}
impl BitOrAssign for Bits256 {
    fn bitor_assign(&mut self, o: Self) {
        *self = *self | o;
    }
}
impl Shl<usize> for Bits256 {
    type Output = Self;
    fn shl(self, n: usize) -> Self {
        let [low, high] = self.0;
        match n {
            0 => self,
            1..=127 => Bits256([low << n, high << n | low >> (128 - n)]),
            128..=255 => Bits256([0, low << (n - 128)]),
            _ => Bits256::ZERO,
        }
    }
}
impl Shr<usize> for Bits256 {
    type Output = Self;
    fn shr(self, n: usize) -> Self {
        let [low, high] = self.0;
        match n {
            0 => self,
            1..=127 => Bits256([low >> n | high << (128 - n), high >> n]),
            128..=255 => Bits256([high >> (n - 128), 0]),
            _ => Bits256::ZERO,
        }
    }
}

impl PitBits for Bits256 {
    const ZERO: Self = Bits256([0; 2]);
    const ALL: Self = Bits256([u128::MAX; 2]);
    const BITS: u32 = 256;

    fn bit(slot: usize) -> Self {
        Bits256([1, 0]) << slot
    }
    fn bit_if(is: bool, slot: usize) -> Self {
        Bits256([u128::from(is), 0]) << slot
    }
    fn byte_at(byte: u8, k: usize) -> Self {
        Bits256([u128::from(byte), 0]) << (8 * k)
    }
    fn has(self, slot: usize) -> bool {
        (self >> slot).0[0] & 1 == 1
    }
    fn count_ones(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones()
    }
    fn trailing_zeros(self) -> u32 {
        match self.0[0] {
            0 => 128 + self.0[1].trailing_zeros(),
            low => low.trailing_zeros(),
        }
    }
    fn leading_zeros(self) -> u32 {
        match self.0[1] {
            0 => 128 + self.0[0].leading_zeros(),
            high => high.leading_zeros(),
        }
    }
    fn wrapping_shr(self, n: u32) -> Self {
        self >> n as usize
    }
    fn without_lowest(self) -> Self {
        match self.0[0] {
            0 => Bits256([0, self.0[1].without_lowest()]),
            low => Bits256([low.without_lowest(), self.0[1]]),
        }
    }
}

/// A board width: the size of a position's pit array and the set type that
/// names its slots. The pit array holds the pits in absolute order, then,
/// at its top, the slots that stand for the stores while sowing.
pub trait Width: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// Slots in the pit array.
    const SLOTS: usize;
    /// Eight-slot words in the pit array (`SLOTS / 8`).
    const WORDS: usize;
    /// A set of slots.
    type Set: PitBits;
    /// A set of move slots, two a pit slot (a pit's moves in either
    /// direction: see `MoveTable::pit_moves`).
    type Moves: PitBits;
    /// A table with an entry per move slot: `[T; 2 * SLOTS]`.
    type PerMove<T: Copy + Debug + Send + Sync + 'static>: Copy
        + Debug
        + Send
        + Sync
        + 'static
        + AsRef<[T]>
        + AsMut<[T]>
        + Index<usize, Output = T>
        + IndexMut<usize>
        + Index<RangeTo<usize>, Output = [T]>;
    /// A table with `value` for every move slot (an array repeat, which
    /// compiles to a few wide stores where a table built entry by entry
    /// takes a store an entry).
    fn per_move_filled<T: Copy + Debug + Send + Sync + 'static>(value: T) -> Self::PerMove<T>;
    /// The table whose entry `i` is `entry(i)`, for every move slot.
    fn per_move<T: Copy + Debug + Send + Sync + 'static>(
        entry: impl FnMut(usize) -> T,
    ) -> Self::PerMove<T>;
    /// The pit array: `[u8; SLOTS]`.
    type Array: Copy
        + Eq
        + Hash
        + Debug
        + Send
        + Sync
        + 'static
        + AsRef<[u8]>
        + AsMut<[u8]>
        + Index<usize, Output = u8>
        + IndexMut<usize>
        + Index<Range<usize>, Output = [u8]>
        + IndexMut<Range<usize>>
        + Index<RangeTo<usize>, Output = [u8]>
        + IndexMut<RangeTo<usize>>
        + Index<RangeFrom<usize>, Output = [u8]>
        + IndexMut<RangeFrom<usize>>;
    /// The pit array with no stone anywhere.
    const EMPTY: Self::Array;
    /// A table with an entry per slot: `[T; SLOTS]`.
    type PerSlot<T: Copy + Debug + Send + Sync + 'static>: Copy
        + Debug
        + Send
        + Sync
        + 'static
        + AsRef<[T]>
        + AsMut<[T]>
        + Index<usize, Output = T>
        + IndexMut<usize>
        + Index<Range<usize>, Output = [T]>
        + Index<RangeTo<usize>, Output = [T]>;
    /// The pit array as eight-slot words: `[u64; WORDS]`.
    type Words: Copy
        + Debug
        + Send
        + Sync
        + 'static
        + AsRef<[u64]>
        + AsMut<[u64]>
        + Index<usize, Output = u64>
        + IndexMut<usize>;
    /// The move slots of the pits of `pits` where every pit sows one way:
    /// slot `i` is pit `i`'s move.
    fn one_way_moves(pits: Self::Set) -> Self::Moves;
    /// The move slots of the pits of `pits` where pits may sow either way:
    /// pit `i`'s bit spread to slots `2 * i` and `2 * i + 1`.
    fn both_way_moves(pits: Self::Set) -> Self::Moves;
    /// A table with `value` for every slot.
    fn per_slot<T: Copy + Debug + Send + Sync + 'static>(value: T) -> Self::PerSlot<T>;
    /// Every word zero.
    const NO_WORDS: Self::Words;
    /// The name of the width in messages (`32 slots`).
    const NAME: &'static str;
    /// Whether the board of `rules` fits this width: its pits, and the two
    /// store slots above them where stones are sown into stores.
    fn fits(rules: &Rules) -> bool {
        let stores = if rules.board.stores.sown() { 2 } else { 0 };
        rules.pit_count() + stores <= Self::SLOTS
    }
    /// The slot that stands for the mover's store during a sowing, on a
    /// board with stores: the last.
    const STORE_SLOT: usize = Self::SLOTS - 1;
    /// The slot that stands for the opponent's store during a sowing under
    /// `stores sown_both`: the one below the mover's.
    const OPPONENT_STORE_SLOT: usize = Self::SLOTS - 2;
}

/// Evaluates `$body` with `$k` the number of eight-slot words a board of
/// width `W` uses: two where `$narrow` (at most 16 slots in use), else all
/// of the width's. Each width keeps only its own arms once compiled.
macro_rules! with_words {
    ($narrow:expr, |$k:ident| $body:expr) => {
        match ($narrow, W::WORDS) {
            (true, _) => {
                const $k: usize = 2;
                $body
            }
            (false, 4) => {
                const $k: usize = 4;
                $body
            }
            (false, 8) => {
                const $k: usize = 8;
                $body
            }
            _ => {
                const $k: usize = 16;
                $body
            }
        }
    };
}
pub(crate) use with_words;

macro_rules! width {
    ($(#[$doc:meta])* $name:ident, $slots:literal, $set:ty, $moves:ty, $one:expr, $both:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub struct $name;

        impl Width for $name {
            const SLOTS: usize = $slots;
            const WORDS: usize = $slots / 8;
            type Set = $set;
            type Moves = $moves;
            #[inline(always)]
            fn one_way_moves(pits: $set) -> $moves {
                $one(pits)
            }
            #[inline(always)]
            fn both_way_moves(pits: $set) -> $moves {
                $both(pits)
            }
            type PerMove<T: Copy + Debug + Send + Sync + 'static> = [T; 2 * $slots];
            #[inline(always)]
            fn per_move_filled<T: Copy + Debug + Send + Sync + 'static>(value: T) -> [T; 2 * $slots] {
                [value; 2 * $slots]
            }
            #[inline(always)]
            fn per_move<T: Copy + Debug + Send + Sync + 'static>(
                entry: impl FnMut(usize) -> T,
            ) -> [T; 2 * $slots] {
                std::array::from_fn(entry)
            }
            type Array = [u8; $slots];
            const EMPTY: Self::Array = [0; $slots];
            type PerSlot<T: Copy + Debug + Send + Sync + 'static> = [T; $slots];
            type Words = [u64; $slots / 8];
            #[inline(always)]
            fn per_slot<T: Copy + Debug + Send + Sync + 'static>(value: T) -> [T; $slots] {
                [value; $slots]
            }
            const NO_WORDS: Self::Words = [0; $slots / 8];
            const NAME: &'static str = concat!(stringify!($slots), " slots");
        }
    };
}

width!(
    /// 32 slots: two rows of up to 15 pits (the two store slots above them),
    /// three rows of up to 10, four rows of up to 8. Every board that fits
    /// it plays on it, and the playout kernel and the solver's packed
    /// positions take only it.
    Narrow,
    32,
    u32,
    u64,
    u64::from,
    spread_32
);
width!(
    /// 64 slots: two rows of up to 31 pits, four rows of up to 16.
    Wide,
    64,
    u64,
    u128,
    u128::from,
    spread_64
);
width!(
    /// 128 slots: two rows of up to 63 pits, four rows of up to 32.
    Widest,
    128,
    u128,
    Bits256,
    |pits| Bits256([pits, 0]),
    |pits: u128| Bits256([spread_64(pits as u64), spread_64((pits >> 64) as u64)])
);

/// Bit `i` of `pits` spread to bits `2 * i` and `2 * i + 1`.
#[inline(always)]
fn spread_32(pits: u32) -> u64 {
    let mut bits = u64::from(pits);
    bits = (bits | bits << 16) & 0x0000_FFFF_0000_FFFF;
    bits = (bits | bits << 8) & 0x00FF_00FF_00FF_00FF;
    bits = (bits | bits << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    bits = (bits | bits << 2) & 0x3333_3333_3333_3333;
    bits = (bits | bits << 1) & 0x5555_5555_5555_5555;
    bits | bits << 1
}

/// Bit `i` of `pits` spread to bits `2 * i` and `2 * i + 1`.
#[inline(always)]
fn spread_64(pits: u64) -> u128 {
    u128::from(spread_32(pits as u32)) | u128::from(spread_32((pits >> 32) as u32)) << 64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set operations name the slots they say, at the bottom and the top
    /// of every width.
    #[test]
    fn sets_name_their_slots() {
        fn check<W: Width>() {
            let top = W::SLOTS - 1;
            let set = W::Set::bit(0) | W::Set::bit(top);
            assert!(set.has(0) && set.has(top) && !set.has(1));
            assert_eq!(set.count_ones(), 2);
            assert_eq!(set.trailing_zeros(), 0);
            assert_eq!(set.leading_zeros(), 0);
            assert_eq!(W::Set::bit_if(false, 3), W::Set::ZERO);
            assert_eq!(
                W::Set::byte_at(0b101, W::WORDS - 1),
                W::Set::bit(8 * (W::WORDS - 1)) | W::Set::bit(8 * (W::WORDS - 1) + 2)
            );
            assert_eq!(W::Set::ALL.wrapping_shr(W::Set::BITS), W::Set::ZERO);
            assert_eq!(W::Set::ALL.wrapping_shr(W::Set::BITS - 1), W::Set::bit(0));
            assert_eq!(W::EMPTY.as_ref().len(), W::SLOTS);
            assert_eq!(W::Set::BITS as usize, W::SLOTS);
            let moves = W::Moves::bit(0) | W::Moves::bit(2 * W::SLOTS - 1);
            assert!(moves.has(2 * W::SLOTS - 1) && !moves.has(W::SLOTS));
            assert_eq!((moves >> (2 * W::SLOTS - 1)), W::Moves::bit(0));
            assert_eq!(moves.count_ones(), 2);
            assert_eq!(moves.trailing_zeros(), 0);
            assert_eq!(moves.leading_zeros(), 0);
        }
        check::<Narrow>();
        check::<Wide>();
        check::<Widest>();
    }

    /// Each pit's bit becomes its two move slots, on every width.
    #[test]
    fn both_way_moves_spread_each_pit_to_two_slots() {
        fn check<W: Width>() {
            for pit in [0, 1, 5, W::SLOTS / 2, W::SLOTS - 1] {
                let moves = W::both_way_moves(W::Set::bit(pit));
                assert_eq!(moves, W::Moves::bit(2 * pit) | W::Moves::bit(2 * pit + 1));
                assert_eq!(W::one_way_moves(W::Set::bit(pit)), W::Moves::bit(pit));
            }
        }
        check::<Narrow>();
        check::<Wide>();
        check::<Widest>();
    }

    /// Shifts of 256 bits carry across the halves: worked by hand.
    #[test]
    fn shifts_of_256_bits_carry_across_halves() {
        let two = Bits256([0b11 << 126, 0]);
        assert_eq!(two << 1, Bits256([1 << 127, 1]));
        assert_eq!(two << 130, Bits256([0, 0]));
        assert_eq!(Bits256([0b11, 0]) << 200, Bits256([0, 0b11 << 72]));
        assert_eq!(Bits256([0, 1]) >> 1, Bits256([1 << 127, 0]));
        assert_eq!(Bits256([0, 1 << 5]) >> 130, Bits256([1 << 3, 0]));
        assert_eq!(Bits256::bit(255).leading_zeros(), 0);
        assert_eq!(Bits256::bit(200).trailing_zeros(), 200);
        assert_eq!(Bits256::bit(3).leading_zeros(), 252);
        assert_eq!(Bits256::ZERO.trailing_zeros(), 256);
        assert_eq!(Bits256::ALL >> 256, Bits256::ZERO);
        assert_eq!(
            (Bits256::bit(3) | Bits256::bit(140)).without_lowest(),
            Bits256::bit(140)
        );
        assert_eq!(Bits256::bit(140).without_lowest(), Bits256::ZERO);
    }
}
