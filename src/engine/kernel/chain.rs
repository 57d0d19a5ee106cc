//! A capture at the last pit (alone, or with its chain) worked out without
//! a branch: the pits holding a count the rule takes are found by byte
//! comparisons on a window of eight lanes (the whole board of a `u64`, or
//! the half of a `u128` that holds every pit the rule takes from), and the
//! pits taken are one table load indexed by the last lane and those pits.
//! Random games capture at random, so the capture loop's branches were
//! mispredicted about once a ply; this has at most one, whether the last
//! pit is taken (see [`ChainTable::branch_free`]).

use super::lanes::{high_bits, HIGH, ONES};

/// `0x7F` in every byte of a `u64`.
const LOW7: u64 = !HIGH;

/// The last lane of a sowing that captures nothing: the row of
/// [`ChainTable::taken`] that takes nothing.
const NOTHING: usize = 8;

/// A capture rule compiled for the window (see the module's
/// documentation).
#[derive(Debug, Clone)]
pub(super) struct ChainTable {
    /// The counts taken, as tests of a count's bits: `n` is taken when
    /// `n & mask == value` for one of them, each in every byte.
    tests: [(u64, u64); 2],
    /// Both tests are needed (else only the first is made).
    two_tests: bool,
    /// The capture is worked out without a branch even when the last pit
    /// takes nothing: set when the rule takes from both rows, where random
    /// sowings capture often (a branch on it would be mispredicted often);
    /// clear when it takes from one row, where most sowings capture
    /// nothing and the board then goes on without waiting for the table.
    branch_free: bool,
    /// [`HIGH`] when those tests alone decide; 0 when a count must also
    /// not be 0.
    zero_allowed: u64,
    /// The window is the high half of the word (a `u128`'s opponent's row).
    high_half: bool,
    /// The bytes of the window that are the opponent's row.
    opponent: u64,
    /// `taken[last][pits]`: the bytes of the window taken when the last
    /// stone fell in window lane `last` ([`NOTHING`]: not a lane the rule
    /// takes from) and `pits` (bit `i`: window lane `i`) hold counts the
    /// rule takes (16 rows, the last 7 unused, so that a row needs no
    /// bounds check).
    taken: Box<[[u64; 256]; 16]>,
}

/// The capture rule as the kernel's compiler sees it, for building a
/// [`ChainTable`].
pub(super) struct Rule<'a> {
    /// `capturable[n]`: a pit of `n` stones is taken.
    pub capturable: &'a [bool; 256],
    /// Bit `i`: lane `i` (of the whole word) is one the rule takes from.
    pub lanes: u32,
    /// `next[lane]`: the lane taken next on the chain.
    pub next: &'a [u8; 16],
    /// The chain goes on past the last pit.
    pub chain: bool,
    /// Lanes in a half of the word (4 or 8).
    pub half: usize,
    /// Bit `i`: lane `i` is the opponent's row.
    pub opponent_lanes: u32,
    /// Stones in play (no pit holds more).
    pub total: u32,
}

impl ChainTable {
    /// The table for `rule`, or `None` when the window cannot hold it (a
    /// `u128` rule taking from both rows) or two tests cannot tell the
    /// counts it takes.
    pub(super) fn new(rule: &Rule) -> Option<ChainTable> {
        let (offset, high_half) = match rule.half {
            4 => (0, false),
            _ if rule.lanes & !0xFF == 0 => (0, false),
            _ if rule.lanes & 0xFF == 0 => (8, true),
            _ => return None,
        };
        let (tests, zero_allowed) = count_tests(rule.capturable, rule.total)?;
        let byte_mask = |bits: u32| {
            (0..8).fold(0u64, |m, i| {
                m | (u64::from(bits >> i & 1) * 0xFF) << (8 * i)
            })
        };
        let window_bits = |bits: u32| (bits >> offset) & 0xFF;
        let mut taken = Box::new([[0u64; 256]; 16]);
        for (last, row) in taken.iter_mut().take(8).enumerate() {
            let lane = last + offset;
            if rule.lanes >> lane & 1 == 0 {
                continue;
            }
            for (pits, entry) in row.iter_mut().enumerate() {
                let qualifies =
                    |lane: usize| rule.lanes >> lane & 1 == 1 && pits >> (lane - offset) & 1 == 1;
                if !qualifies(lane) {
                    continue;
                }
                // The walk of the capture loop: each lane once.
                let (mut at, mut lanes) = (lane, 0u32);
                loop {
                    lanes |= 1 << at;
                    if !rule.chain {
                        break;
                    }
                    at = usize::from(rule.next[at & 15]);
                    if lanes >> at & 1 == 1 || !qualifies(at) {
                        break;
                    }
                }
                *entry = byte_mask(window_bits(lanes));
            }
        }
        let broadcast = |(mask, value): (u8, u8)| (u64::from(mask) * ONES, u64::from(value) * ONES);
        Some(ChainTable {
            tests: [broadcast(tests[0]), broadcast(*tests.last()?)],
            two_tests: tests.len() == 2,
            branch_free: rule.lanes & rule.opponent_lanes != 0
                && rule.lanes & !rule.opponent_lanes != 0,
            zero_allowed: if zero_allowed { HIGH } else { 0 },
            high_half,
            opponent: byte_mask(window_bits(rule.opponent_lanes)),
            taken,
        })
    }

    /// Whether the window is the high half of a `u128`.
    #[inline(always)]
    pub(super) fn high_half(&self) -> bool {
        self.high_half
    }

    /// Whether both count tests are needed ([`ChainTable::capture`]'s
    /// `two_tests`).
    pub(super) fn two_tests(&self) -> bool {
        self.two_tests
    }

    /// Whether the capture is worked out without a branch
    /// ([`ChainTable::capture`]'s `branch_free`).
    pub(super) fn branch_free(&self) -> bool {
        self.branch_free
    }

    /// The table of a kernel whose capture has none (no capture, or one
    /// not compiled to a table): it takes nothing, and the move loop does
    /// not read it.
    pub(super) fn unused() -> ChainTable {
        ChainTable {
            tests: [(0, 0); 2],
            two_tests: false,
            branch_free: false,
            zero_allowed: 0,
            high_half: false,
            opponent: 0,
            taken: Box::new([[0; 256]; 16]),
        }
    }

    /// The row of [`ChainTable::taken`] for a sowing whose last stone fell
    /// in lane `last` of the word ([`super::NO_PIT`]: the store).
    pub(super) fn row(last: u8) -> u8 {
        match last {
            super::NO_PIT => NOTHING as u8,
            lane => lane & 7,
        }
    }

    /// Takes the capture from `window` (the lanes of the window, the last
    /// stone in the lane of row `row`, see [`ChainTable::row`]): the lanes
    /// taken (the stones of each, in its byte), the window after, and
    /// whether stones were taken from the opponent's row. `two_tests` and
    /// `branch_free` are this table's own ([`ChainTable::two_tests`],
    /// [`ChainTable::branch_free`]), passed in so that a move loop compiled
    /// for them does not read them.
    #[inline(always)]
    pub(super) fn capture(
        &self,
        window: u64,
        row: u8,
        two_tests: bool,
        branch_free: bool,
    ) -> (u64, u64, bool) {
        // A byte of `(window & mask) ^ value` is below 128, so `0x80` minus
        // it borrows from no other byte and keeps its high bit exactly when
        // it is 0.
        let test = |(mask, value): (u64, u64)| (HIGH - ((window & mask) ^ value)) & HIGH;
        let mut counted = test(self.tests[0]);
        if two_tests {
            counted |= test(self.tests[1]);
        }
        let not_zero = window.wrapping_add(LOW7) | self.zero_allowed;
        // The table ignores the lanes the rule does not take from.
        let pits = high_bits(counted & not_zero) as usize;
        let row = usize::from(row) & 15;
        if !branch_free && pits >> row & 1 == 0 {
            return (0, window, false);
        }
        let taken = window & self.taken[row][pits & 0xFF];
        (taken, window ^ taken, taken & self.opponent != 0)
    }
}

/// Up to two tests of a count's bits (`n & mask == value`) that, with or
/// without `n != 0` (the flag: zero allowed), take exactly the counts of
/// `capturable` up to `total` (larger counts never occur); `None` when two
/// are not enough. Chosen greedily: the test that takes the most counts
/// still untaken, among those taking no count the rule leaves.
fn count_tests(capturable: &[bool; 256], total: u32) -> Option<(Vec<(u8, u8)>, bool)> {
    let counts = (total as usize).min(127);
    let wanted: u128 = (0..=counts).fold(0, |w, n| w | u128::from(capturable[n]) << n);
    let all: u128 = (0..=counts).fold(0, |a, n| a | 1 << n);
    // `with_bit[b]`: the counts with bit `b` set.
    let with_bit: [u128; 7] = std::array::from_fn(|b| {
        (0..=counts)
            .filter(|n| n >> b & 1 == 1)
            .fold(0, |a, n| a | 1 << n)
    });
    let cover = |zero_allowed: bool| {
        let matched = |mask: usize, value: usize| -> u128 {
            let cube =
                (0..7)
                    .filter(|b| mask >> b & 1 == 1)
                    .fold(all, |m, b| match value >> b & 1 {
                        1 => m & with_bit[b],
                        _ => m & !with_bit[b],
                    });
            cube & !u128::from(!zero_allowed)
        };
        let mut tests = Vec::new();
        let mut left = wanted;
        while left != 0 && tests.len() < 2 {
            let best = (0..128usize)
                .flat_map(|mask| {
                    (0..128usize)
                        .filter(move |v| v & !mask == 0)
                        .map(move |v| (mask, v))
                })
                .map(|(mask, value)| (mask, value, matched(mask, value)))
                .filter(|&(_, _, m)| m & !wanted == 0 && m & left != 0)
                .max_by_key(|&(mask, _, m)| ((m & left).count_ones(), mask));
            let (mask, value, m) = best?;
            tests.push((mask as u8, value as u8));
            left &= !m;
        }
        (left == 0 && !tests.is_empty()).then_some((tests, zero_allowed))
    };
    match (cover(true), cover(false)) {
        (Some(a), Some(b)) if b.0.len() < a.0.len() => Some(b),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn capturable(counts: &[usize]) -> [bool; 256] {
        std::array::from_fn(|n| counts.contains(&n))
    }

    /// The counts each pair of tests takes, worked out by hand: Oware's 2
    /// and 3 are one test (`n & 0x7E == 2`), Modiar's 2, 4 and 6 one
    /// test with `n != 0` (`n & 0x79 == 0`), 2 and 4 two.
    #[test]
    fn counts_are_told_by_at_most_two_tests() {
        assert_eq!(
            count_tests(&capturable(&[2, 3]), 48),
            Some((vec![(0x7E, 2)], true))
        );
        let (tests, zero) = count_tests(&capturable(&[2, 4, 6]), 42).unwrap();
        assert!(!zero);
        assert_eq!(tests, [(0x79, 0)]);
        for counts in [&[2usize, 4][..], &[1, 3], &[2, 4, 6, 8], &[1]] {
            let (tests, zero) = count_tests(&capturable(counts), 60).unwrap();
            for n in 0..=60usize {
                let hit = tests
                    .iter()
                    .any(|&(m, v)| n & usize::from(m) == usize::from(v))
                    && (zero || n != 0);
                assert_eq!(hit, counts.contains(&n), "{counts:?}: {n}");
            }
        }
        // Every count from 1 to 60 but 7, 13 and 42: not two tests.
        let scattered: Vec<usize> = (1..=60).filter(|n| ![7, 13, 42].contains(n)).collect();
        assert_eq!(count_tests(&capturable(&scattered), 60), None);
    }

    /// A board of two rows of three pits (Modiar's lanes: 0-2 the mover's,
    /// 4-6 the opponent's), counts 2 4 6 taken backward round the board
    /// from either row: the last stone in lane 5 holding 4, lane 4 holding
    /// 2, lane 2 holding 6, lane 1 holding 3 takes 4 + 2 + 6 and stops at
    /// lane 1; a last pit of 3 takes nothing.
    #[test]
    fn a_chain_is_taken_by_one_load() {
        let mut next = [0u8; 16];
        for (lane, back) in [(0, 6), (1, 0), (2, 1), (4, 2), (5, 4), (6, 5)] {
            next[lane] = back;
        }
        let rule = Rule {
            capturable: &capturable(&[2, 4, 6]),
            lanes: 0b0111_0111,
            next: &next,
            chain: true,
            half: 4,
            opponent_lanes: 0b0111_0000,
            total: 42,
        };
        let table = ChainTable::new(&rule).unwrap();
        let (two, free) = (table.two_tests(), table.branch_free());
        // Both rows: branch-free; 2 4 6 is one test (bit 0 clear, not zero).
        assert!(free && !two);
        let board = u64::from_le_bytes([5, 3, 6, 0, 2, 4, 1, 0]);
        let (taken, after, from_opponent) = table.capture(board, ChainTable::row(5), two, free);
        assert_eq!(taken, u64::from_le_bytes([0, 0, 6, 0, 2, 4, 0, 0]));
        assert_eq!(after, u64::from_le_bytes([5, 3, 0, 0, 0, 0, 1, 0]));
        assert!(from_opponent);
        assert_eq!(
            table.capture(board, ChainTable::row(1), two, free),
            (0, board, false)
        );
        assert_eq!(
            table.capture(board, ChainTable::row(super::super::NO_PIT), two, free),
            (0, board, false)
        );
    }
}
