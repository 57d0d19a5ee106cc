//! Endgame database values by board index: the boards with at most `k`
//! stones on `p` pits numbered 0 to C(k + p, p) - 1 without a table, so a
//! forward search reads a leaf's value with one array access instead of a
//! hash lookup (about 20 MB for Kalah's 14-stone databases, where the hash
//! index takes hundreds).
//!
//! A board `n` maps to the strictly increasing numbers `b_i = n_0 + ... +
//! n_i + i`, below `k + p`; their colexicographic rank, the sum of
//! C(b_i, i + 1), numbers every such set of `p` numbers once.

use crate::engine::{Player, Position};

/// Values of every position of a set of databases that needs no history
/// (outside any group of repeating positions) and is proven exact; the
/// others are marked to be asked of the [`Solution`](super::Solution).
#[derive(Debug, Clone)]
pub(crate) struct DenseValues {
    index: BoardIndex,
    /// `values[2 * rank + side]`, or [`ASK`].
    values: Vec<i8>,
}

/// Marks a position whose value the solution gives with its history, or
/// that it does not hold.
const ASK: i8 = i8::MIN;

impl DenseValues {
    /// The dense values of a set of databases on `pits` pits (every position
    /// with at most `stones` stones on the board) from `plain`, its positions
    /// that need no history and are proven exact, with their values; `None`
    /// when a value does not fit a byte.
    pub fn build(
        pits: usize,
        stones: u32,
        plain: impl Iterator<Item = (Position, i16)>,
    ) -> Option<Self> {
        if stones > i8::MAX as u32 {
            return None;
        }
        let index = BoardIndex::new(pits, stones)?;
        let mut values = vec![ASK; 2 * index.len()];
        for (pos, value) in plain {
            if let (false, Some(rank)) = (pos.opening, index.rank(&pos.pits)) {
                values[2 * rank + pos.to_move.index()] = value as i8;
            }
        }
        Some(DenseValues { index, values })
    }

    /// Dense values from `values` (`values[2 * rank + side]`, every one
    /// known) over the boards of `index`.
    pub(super) fn from_values(index: BoardIndex, values: Vec<i8>) -> Self {
        debug_assert_eq!(values.len(), 2 * index.len());
        DenseValues { index, values }
    }

    /// Stones on the board up to which these values hold every board.
    pub fn stones(&self) -> u32 {
        self.index.stones
    }

    /// The values, `[2 * rank + side]`, by the board numbering.
    pub(super) fn raw(&self) -> &[i8] {
        &self.values
    }

    /// Where the value of the board `pits` with `to_move` to move lies,
    /// `None` when it has more than the stones.
    #[inline]
    pub fn locate(&self, pits: &[u8], to_move: Player) -> Option<usize> {
        Some(2 * self.index.rank(pits)? + to_move.index())
    }

    /// The value at `at` (from [`DenseValues::locate`]), `None` when the
    /// solution must be asked.
    #[inline]
    pub fn at(&self, at: usize) -> Option<i32> {
        let value = self.values[at];
        (value != ASK).then_some(i32::from(value))
    }

    /// Starts fetching the byte at `at` into the cache without waiting.
    #[inline]
    pub fn prefetch(&self, at: usize) {
        super::ttable::prefetch(&self.values[at]);
    }

    /// The value of `pos` for its player to move, when it needs no history
    /// and is exact; `None` when the solution must be asked.
    #[inline]
    pub fn get(&self, pits: &[u8], to_move: Player) -> Option<i16> {
        let rank = self.index.rank(pits)?;
        let value = self.values[2 * rank + to_move.index()];
        (value != ASK).then_some(i16::from(value))
    }
}

/// The numbering of the boards with at most `stones` stones on `pits` pits.
#[derive(Debug, Clone)]
pub(super) struct BoardIndex {
    pits: usize,
    stones: u32,
    /// `binomial[n * (pits + 1) + j]` = C(n, j), for n <= stones + pits.
    binomial: Vec<u64>,
}

impl BoardIndex {
    /// `None` when the boards are too many to number in memory.
    pub(super) fn new(pits: usize, stones: u32) -> Option<Self> {
        Self::numbering(pits, stones).filter(|index| index.len() <= 1 << 34)
    }

    /// The numbering alone, for keys rather than an array of values: `None`
    /// when the boards are more than a word counts.
    pub(super) fn numbering(pits: usize, stones: u32) -> Option<Self> {
        let rows = stones as usize + pits + 1;
        let mut binomial = vec![0u64; rows * (pits + 1)];
        for n in 0..rows {
            binomial[n * (pits + 1)] = 1;
            for j in 1..=pits.min(n) {
                let above = binomial[(n - 1) * (pits + 1) + j - 1];
                let left = binomial[(n - 1) * (pits + 1) + j];
                binomial[n * (pits + 1) + j] = above.checked_add(left)?;
            }
        }
        Some(BoardIndex {
            pits,
            stones,
            binomial,
        })
    }

    /// Boards numbered: C(stones + pits, pits).
    pub(super) fn len(&self) -> usize {
        self.count(self.stones)
    }

    /// Boards with at most `stones` stones (at most the index's): C(stones +
    /// pits, pits). They are numbered first, 0 to this count - 1, so the
    /// boards with exactly `s` stones are those from `count(s - 1)` up.
    pub(super) fn count(&self, stones: u32) -> usize {
        self.binomial[(stones as usize + self.pits) * (self.pits + 1) + self.pits] as usize
    }

    /// Writes into the first pits of `pits` the board numbered `rank`
    /// (below [`BoardIndex::len`]): the inverse of [`BoardIndex::rank`].
    pub(super) fn unrank(&self, mut rank: usize, pits: &mut [u8]) {
        // b_i, from the last down: the largest b below the one after with
        // C(b, i + 1) <= what is left of the rank.
        let mut b = self.stones as usize + self.pits;
        let mut after = b;
        for i in (0..self.pits).rev() {
            b -= 1;
            while self.binomial[b * (self.pits + 1) + i + 1] as usize > rank {
                b -= 1;
            }
            rank -= self.binomial[b * (self.pits + 1) + i + 1] as usize;
            if i + 1 < self.pits {
                pits[i + 1] = (after - b - 1) as u8;
            }
            after = b;
        }
        pits[0] = after as u8;
    }

    /// The number of the board whose first pits hold `pits`, or `None` when
    /// it has more than the stones.
    #[inline]
    pub(super) fn rank(&self, pits: &[u8]) -> Option<usize> {
        let mut sum = 0usize;
        let mut rank = 0u64;
        for (i, &n) in pits[..self.pits].iter().enumerate() {
            sum += usize::from(n);
            if sum > self.stones as usize {
                return None;
            }
            rank += self.binomial[(sum + i) * (self.pits + 1) + i + 1];
        }
        Some(rank as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_gets_its_own_number_below_the_count() {
        // 4 pits, at most 3 stones: C(7, 4) = 35 boards, numbered 0 to 34.
        let index = BoardIndex::new(4, 3).unwrap();
        assert_eq!(index.len(), 35);
        let mut seen = [false; 35];
        super::super::databases::every_board(4, 3, &mut |pits| {
            let rank = index.rank(&pits[..4]).unwrap();
            assert!(!seen[rank], "{pits:?}");
            seen[rank] = true;
        });
        assert!(seen.iter().all(|&s| s));
        // The empty board comes first, all stones in the first pit last:
        // b = 3 4 5 6, C(3, 1) + C(4, 2) + C(5, 3) + C(6, 4) = 3 + 6 + 10 + 15.
        assert_eq!(index.rank(&[0, 0, 0, 0]), Some(0));
        assert_eq!(index.rank(&[3, 0, 0, 0]), Some(34));
        // b = 0 1 2 6: C(6, 4) = 15.
        assert_eq!(index.rank(&[0, 0, 0, 3]), Some(15));
        assert_eq!(index.rank(&[1, 1, 1, 1]), None);
    }

    #[test]
    fn unrank_undoes_rank_and_layers_come_in_order_of_stones() {
        let index = BoardIndex::new(5, 4).unwrap();
        assert_eq!(index.len(), 126); // C(9, 5)
        assert_eq!((index.count(0), index.count(1), index.count(2)), (1, 6, 21));
        let mut pits = [0u8; 5];
        for rank in 0..index.len() {
            index.unrank(rank, &mut pits);
            assert_eq!(index.rank(&pits), Some(rank), "{pits:?}");
            let stones: u32 = pits.iter().map(|&n| u32::from(n)).sum();
            // Rank r holds s stones exactly when count(s - 1) <= r < count(s).
            assert!(rank < index.count(stones));
            assert!(stones == 0 || rank >= index.count(stones - 1));
        }
    }
}
