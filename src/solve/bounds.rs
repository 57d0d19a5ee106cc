//! Exact bounds on the values of a large group of positions that can return
//! to one another, whatever a repetition is worth.
//!
//! The lower bound scores an endless game as the worst outcome for South; the
//! upper bound as the best. With a fixed worth for endless play the history
//! stops mattering (a player who can force the play out of the group on
//! given terms can do so without repeating a position), so each bound is a
//! plain reachability game, solved here by the classic retrograde sweep: the
//! player who must force an exit settles positions from the best value down,
//! a position of theirs as soon as one move reaches a settled one, a position
//! of the opponent once all its moves do.

/// A group in local numbering: moves inside it and the best move out of it.
#[derive(Debug, Default, Clone)]
pub(crate) struct LocalGroup {
    /// Whether South moves at each member.
    pub south: Vec<bool>,
    /// Best move out of the group for each member's mover, as a value for
    /// South (`None`: every move stays inside).
    pub exit: Vec<Option<i16>>,
    /// Moves inside: member `i` goes to `succ[first[i]..first[i + 1]]`.
    pub first: Vec<u32>,
    /// Targets of the moves inside.
    pub succ: Vec<u32>,
}

impl LocalGroup {
    /// (lower, upper) bound of each member's value for South; `None` means
    /// the value is that of endless play.
    pub fn bounds(&self) -> (Vec<Option<i16>>, Vec<Option<i16>>) {
        let ([lower, upper], _) = self.bounds_in_order();
        (lower, upper)
    }

    /// [`LocalGroup::bounds`] (lower, upper), and for each the order in
    /// which the members were settled (`u32::MAX`: never): the play by which
    /// the forcing player secures a member's bound goes only through members
    /// settled before it, so it never meets a member twice.
    pub fn bounds_in_order(&self) -> ([Vec<Option<i16>>; 2], [Vec<u32>; 2]) {
        let (pred_first, pred) = self.predecessors();
        let (lower, lower_order) = self.forced(true, &pred_first, &pred);
        let (upper, upper_order) = self.forced(false, &pred_first, &pred);
        ([lower, upper], [lower_order, upper_order])
    }

    /// The members' predecessors within the group, as `succ` and `first`
    /// hold their successors: member `p`'s are
    /// `pred[pred_first[p]..pred_first[p + 1]]`.
    pub(crate) fn predecessors(&self) -> (Vec<u32>, Vec<u32>) {
        let n = self.south.len();
        let mut pred_first = vec![0u32; n + 1];
        for &q in &self.succ {
            pred_first[q as usize + 1] += 1;
        }
        for i in 0..n {
            pred_first[i + 1] += pred_first[i];
        }
        let mut fill = pred_first.clone();
        let mut pred = vec![0u32; self.succ.len()];
        for p in 0..n {
            for &q in &self.succ[self.first[p] as usize..self.first[p + 1] as usize] {
                pred[fill[q as usize] as usize] = p as u32;
                fill[q as usize] += 1;
            }
        }
        (pred_first, pred)
    }

    /// The values (for South) when `south_forces` is true and South must
    /// force the play out of the group (endless play: `None`), or when North
    /// must; and the order in which the members were settled.
    fn forced(
        &self,
        south_forces: bool,
        pred_first: &[u32],
        pred: &[u32],
    ) -> (Vec<Option<i16>>, Vec<u32>) {
        // Work in the forcing player's view: they maximise.
        let sign: i32 = if south_forces { 1 } else { -1 };
        const OFFSET: i32 = 256;
        let n = self.south.len();
        let forcing = |p: usize| self.south[p] == south_forces;
        let mut settled: Vec<Option<i32>> = vec![None; n];
        let mut order = vec![u32::MAX; n];
        let mut count = 0;
        let mut remaining: Vec<u32> = (0..n).map(|p| self.first[p + 1] - self.first[p]).collect();
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); 2 * OFFSET as usize + 1];
        for p in 0..n {
            if let (true, Some(v)) = (forcing(p), self.exit[p]) {
                buckets[(sign * i32::from(v) + OFFSET) as usize].push(p as u32);
            }
        }
        for t in (0..buckets.len()).rev() {
            while let Some(p) = buckets[t].pop() {
                let p = p as usize;
                if settled[p].is_some() {
                    continue;
                }
                let value = t as i32 - OFFSET;
                settled[p] = Some(value);
                order[p] = count;
                count += 1;
                for &r in &pred[pred_first[p] as usize..pred_first[p + 1] as usize] {
                    let r = r as usize;
                    if settled[r].is_some() {
                        continue;
                    }
                    if forcing(r) {
                        buckets[t].push(r as u32);
                    } else {
                        remaining[r] -= 1;
                        if remaining[r] == 0 {
                            let v = self.exit[r].map_or(value, |e| value.min(sign * i32::from(e)));
                            buckets[(v + OFFSET) as usize].push(r as u32);
                        }
                    }
                }
            }
        }
        let values = settled
            .into_iter()
            .map(|v| v.map(|v| (sign * v) as i16))
            .collect();
        (values, order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cycle_with_one_way_out_is_bounded_by_who_may_stay() {
        // 0 (south) <-> 1 (north). South at 0 may leave for +3; North at 1
        // can only go back. If endless play is worst for South, South leaves:
        // 0 and 1 are worth 3. If it is best for South, North cannot stop
        // South from staying: both unbounded (endless).
        let g = LocalGroup {
            south: vec![true, false],
            exit: vec![Some(3), None],
            first: vec![0, 1, 2],
            succ: vec![1, 0],
        };
        let (lower, upper) = g.bounds();
        assert_eq!(lower, vec![Some(3), Some(3)]);
        assert_eq!(upper, vec![None, None]);
    }

    #[test]
    fn north_leaving_settles_both_bounds() {
        // 0 (south) <-> 1 (north); North at 1 may leave for -2 (South's view).
        // Upper bound: North forces -2 at 1; at 0 South's only move goes to 1: -2.
        // Lower bound: South has no way out; North at 1 may stay: endless.
        let g = LocalGroup {
            south: vec![true, false],
            exit: vec![None, Some(-2)],
            first: vec![0, 1, 2],
            succ: vec![1, 0],
        };
        let (lower, upper) = g.bounds();
        assert_eq!(upper, vec![Some(-2), Some(-2)]);
        assert_eq!(lower, vec![None, None]);
    }
}
