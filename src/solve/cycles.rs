//! Exact values inside a group of positions that can reach one another
//! without a capture (a non-trivial strongly connected component).
//!
//! Inside such a group the value of a position depends on the game's
//! history: a move back to a position seen since the last capture ends the
//! game by repetition. The positions seen outside the group do not matter
//! (once play leaves a group it can never come back to it), so the state of
//! the game inside a group is (position, members seen so far), and the group
//! is solved by a full search over those states, memoised. That is exact,
//! and affordable because the groups of small variants are small; a group
//! whose search grows past a budget is reported as too large.

use rustc_hash::FxHashMap;

/// Most positions a group may have (the members seen are a 64-bit set).
pub(crate) const MAX_MEMBERS: usize = 64;

/// Most (position, members seen) states searched in one group.
pub(crate) const STATE_BUDGET: usize = 2_000_000;

/// A group's search outgrew [`STATE_BUDGET`] or [`MAX_MEMBERS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooLarge {
    /// Members of the group.
    pub members: usize,
}

/// One group, with values seen from the side to move of each member.
#[derive(Debug, Default)]
pub(crate) struct Group {
    /// What a repetition at each member is worth to its mover.
    repeat: Vec<i16>,
    /// The best move leaving the group from each member (`i16::MIN`: none).
    exit: Vec<i16>,
    /// The moves that stay in the group: member number, and the factor that
    /// turns its value into one for this member's mover (-1, or 1 when the
    /// same player moves again).
    inner: Vec<Vec<(u8, i16)>>,
}

impl Group {
    /// Adds a member: its repetition value, its best move out of the group
    /// (`None` when every move stays inside) and its moves inside (member
    /// numbers, which may refer to members added later, with their factor).
    pub fn push(&mut self, repeat: i16, exit: Option<i16>, inner: Vec<(u8, i16)>) {
        self.repeat.push(repeat);
        self.exit.push(exit.unwrap_or(i16::MIN));
        self.inner.push(inner);
    }

    /// Number of members.
    pub fn len(&self) -> usize {
        self.repeat.len()
    }

    /// What a repetition at member `at` is worth to its mover.
    pub fn repeat(&self, at: usize) -> i16 {
        self.repeat[at]
    }

    /// The value of member `at` for its mover when the members in `seen`
    /// (a bit set that includes `at`) have occurred since the last capture.
    pub fn value(
        &self,
        at: usize,
        seen: u64,
        memo: &mut FxHashMap<(u8, u64), i16>,
    ) -> Result<i16, TooLarge> {
        if self.len() > MAX_MEMBERS || memo.len() > STATE_BUDGET {
            return Err(TooLarge {
                members: self.len(),
            });
        }
        if let Some(&v) = memo.get(&(at as u8, seen)) {
            return Ok(v);
        }
        let mut best = self.exit[at];
        for &(next, factor) in &self.inner[at] {
            let bit = 1u64 << next;
            let theirs = if seen & bit != 0 {
                self.repeat[usize::from(next)]
            } else {
                self.value(usize::from(next), seen | bit, memo)?
            };
            best = best.max(factor * theirs);
        }
        memo.insert((at as u8, seen), best);
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_two_cycle_nobody_leaves_ends_by_repetition() {
        // 0 <-> 1, no way out: from 0 the play goes 0 1 0, repeating 0, worth
        // 0's repetition value to 0's mover.
        let mut g = Group::default();
        g.push(3, None, vec![(1, -1)]);
        g.push(-5, None, vec![(0, -1)]);
        let mut memo = FxHashMap::default();
        assert_eq!(g.value(0, 0b01, &mut memo), Ok(3));
        // From 1: 1 0 1 repeats 1, worth -5 to 1's mover.
        assert_eq!(g.value(1, 0b10, &mut memo), Ok(-5));
    }

    #[test]
    fn a_member_leaves_when_leaving_pays_more() {
        // Member 1 can leave for a value of 2 to itself; member 0 (repeat 3)
        // moves to 1, so 0 gets -max(2, -3) = -2, not its repetition value.
        let mut g = Group::default();
        g.push(3, None, vec![(1, -1)]);
        g.push(-3, Some(2), vec![(0, -1)]);
        let mut memo = FxHashMap::default();
        assert_eq!(g.value(0, 0b01, &mut memo), Ok(-2));
        // From 1: leave (2), or go to 0 which must come back: repetition at 1 (-3) for 1,
        // so 0 gets 3 and 1 gets -3; 1 leaves.
        assert_eq!(g.value(1, 0b10, &mut memo), Ok(2));
    }
}
