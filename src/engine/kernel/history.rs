//! The repetition history of kernel games: the positions seen since stones
//! last left the board (before that the board held more, so nothing older
//! can come back), each kept as its word of lanes with the player to move
//! in the top bit (never a stone's: no lane reaches 128).

use super::lanes::Lanes;

/// The storage of the repetition history, kept between games so that a
/// batch allocates only when its first game starts (never in the move
/// loop): a buffer of keys for each word of lanes.
#[derive(Debug, Clone, Default)]
pub struct History {
    narrow: Vec<u64>,
    wide: Vec<u128>,
}

/// A word of lanes that keys the history.
pub(super) trait Key: Lanes {
    /// The filter in front of the keys: 64 bits on the narrow boards
    /// (short stretches between captures), 256 on the wide ones (games
    /// such as `unnee-tugalluulax` go long without one, and a 64-bit
    /// filter fills up).
    type Filter: Filter;
    /// The top bit: North to move (South is 0).
    const NORTH: Self;
    /// The history's buffer for this word.
    fn buffer(history: &mut History) -> &mut Vec<Self>;
    /// The key of the board `self` seen from the player to move, who is
    /// `to_move` (0 or [`Key::NORTH`]).
    fn key(self, to_move: Self) -> Self;
    /// `self` (0 or [`Key::NORTH`]) for the other player.
    fn other(self) -> Self;
    /// The key's hash for the filter (multiplicative: the top bits are
    /// used).
    fn hash(self) -> u64;
}

/// A Bloom filter of one hash a key.
pub(super) trait Filter: Copy + Default {
    /// Whether the bit of `hash` is set.
    fn has(&self, hash: u64) -> bool;
    /// Sets the bit of `hash`.
    fn set(&mut self, hash: u64);
    /// Keeps the bits where `keep` has ones (all or none).
    fn keep(&mut self, keep: u64);
}

impl Filter for u64 {
    #[inline(always)]
    fn has(&self, hash: u64) -> bool {
        *self >> (hash >> 58) & 1 == 1
    }

    #[inline(always)]
    fn set(&mut self, hash: u64) {
        *self |= 1 << (hash >> 58);
    }

    #[inline(always)]
    fn keep(&mut self, keep: u64) {
        *self &= keep;
    }
}

impl Filter for [u64; 4] {
    #[inline(always)]
    fn has(&self, hash: u64) -> bool {
        let bit = (hash >> 56) as usize;
        self[bit / 64] >> (bit % 64) & 1 == 1
    }

    #[inline(always)]
    fn set(&mut self, hash: u64) {
        let bit = (hash >> 56) as usize;
        self[bit / 64] |= 1 << (bit % 64);
    }

    #[inline(always)]
    fn keep(&mut self, keep: u64) {
        for word in self {
            *word &= keep;
        }
    }
}

impl Key for u64 {
    type Filter = u64;
    const NORTH: u64 = 1 << 63;

    fn buffer(history: &mut History) -> &mut Vec<u64> {
        &mut history.narrow
    }

    #[inline(always)]
    fn key(self, to_move: u64) -> u64 {
        self | to_move
    }

    #[inline(always)]
    fn other(self) -> u64 {
        self ^ Self::NORTH
    }

    #[inline(always)]
    fn hash(self) -> u64 {
        self.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

impl Key for u128 {
    type Filter = [u64; 4];
    const NORTH: u128 = 1 << 127;

    fn buffer(history: &mut History) -> &mut Vec<u128> {
        &mut history.wide
    }

    #[inline(always)]
    fn key(self, to_move: u128) -> u128 {
        self | to_move
    }

    #[inline(always)]
    fn other(self) -> u128 {
        self ^ Self::NORTH
    }

    #[inline(always)]
    fn hash(self) -> u64 {
        ((self as u64) ^ ((self >> 64) as u64).rotate_left(29)).hash()
    }
}

/// The history of one game, held by the move loop so that its length and
/// filter stay in registers: the keys since stones last left the board,
/// behind a filter (one hashed bit a key, [`Key::Filter`]), so that the
/// keys are scanned only when the filter has the bit.
pub(super) struct Seen<'a, W: Key> {
    keys: &'a mut [W],
    len: usize,
    filter: W::Filter,
}

/// Whether `keys` holds `key`: the scan behind a filter hit, out of the
/// move loop, so that the registers it needs are not taken from the loop.
#[cold]
#[inline(never)]
fn seen_before<W: Key>(keys: &[W], key: W) -> bool {
    keys.contains(&key)
}

impl<'a, W: Key> Seen<'a, W> {
    /// The history of a game of at most `cap` plies from the position
    /// `start` (a key), in `history`'s buffer.
    pub(super) fn new(history: &'a mut History, cap: u32, start: W) -> Seen<'a, W> {
        // The start and one key a ply.
        let len = cap as usize + 1;
        let buffer = W::buffer(history);
        if buffer.len() < len {
            buffer.resize(len, W::default());
        }
        let keys = &mut buffer[..len];
        keys[0] = start;
        let mut filter = W::Filter::default();
        filter.set(start.hash());
        Seen {
            keys,
            len: 1,
            filter,
        }
    }

    /// Records the position `key` reached by a ply that took stones off
    /// the board (`off`: the history restarts from it) or not; whether it
    /// was seen since stones last left the board. No branch on `off`: the
    /// history is cleared by masking.
    #[inline(always)]
    pub(super) fn repeated(&mut self, key: W, off: bool) -> bool {
        let keep = u64::from(off).wrapping_sub(1);
        self.filter.keep(keep);
        self.len &= keep as usize;
        let hash = key.hash();
        if self.filter.has(hash) && seen_before(&self.keys[..self.len], key) {
            return true;
        }
        self.filter.set(hash);
        self.keys[self.len] = key;
        self.len += 1;
        false
    }
}
