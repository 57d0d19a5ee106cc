//! The sowing paths (`sow { direction, start, skip_origin }` on the board's
//! circuit, with the stores `board { stores }` sows into), compiled: for
//! every mover, direction and origin, the slots a lap sows in order, and
//! what the move loop derives from them (where a pit is on a path, how far a
//! lap must go to reach the opponent, a count as laps and stones left).

use crate::engine::{
    position::Player,
    topology::Topology,
    width::{Narrow, PitBits, Width},
};
use crate::rules::{Direction, Laps, Rules, SowStart, Stores};

/// How a variant sows: its paths, read by the move loop, and the laps a
/// move sows, on a board of width `W`.
#[derive(Debug, Clone)]
pub(in crate::engine) struct SowPaths<W: Width = Narrow> {
    /// `sow_path[mover][direction][origin][k]`: the slot that gets stone `k`
    /// (from 0) sown from `origin` in that direction by `mover` (whose store,
    /// if any, is on the path).
    pub(in crate::engine) sow_path: [[W::PerSlot<W::PerSlot<u8>>; 2]; 2],
    /// Length of every sowing path before it repeats.
    pub(in crate::engine) path_len: usize,
    /// `lap_split[n]`: a sowing of `n` stones as (full laps, stones left
    /// over), i.e. `n / path_len` and `n % path_len`, without dividing.
    pub(in crate::engine) lap_split: [(u8, u8); 256],
    /// Per direction, the pit before / after each pit in sowing order.
    pub(in crate::engine) before: [W::PerSlot<u8>; 2],
    pub(in crate::engine) after: [W::PerSlot<u8>; 2],
    /// `path_index[mover][direction][origin][pit]`: the `k` of
    /// `sow_path[mover][direction][origin][k] == pit` (`u8::MAX` when the pit
    /// is not on the path, as a skipped origin).
    pub(in crate::engine) path_index: [[W::PerSlot<W::PerSlot<u8>>; 2]; 2],
    /// `reach_at[mover][direction][origin]`: how many stones a lap from
    /// `origin` needs to sow one into the opponent's row (`feed_gives reach`).
    pub(in crate::engine) reach_at: [[W::PerSlot<u8>; 2]; 2],
    /// `laps`: one lap, or relays (a copy of the rule the move loop reads at
    /// every move).
    pub(in crate::engine) laps: Laps,
    /// Whether a single stone skips the origin (`start origin_unless_single`):
    /// then such a lap is sown slot by slot.
    pub(in crate::engine) single_to_next: bool,
}

impl<W: Width> SowPaths<W> {
    /// The paths of `rules` on `topology`, `row_bits` being each player's
    /// pits (bit `i` for pit `i`).
    pub(in crate::engine) fn new(
        rules: &Rules,
        topology: &Topology,
        row_bits: [W::Set; 2],
    ) -> SowPaths<W> {
        let (per_side, pit_count) = (topology.per_side(), topology.pit_count());
        let stores = rules.board.stores.sown();
        let both_stores = rules.board.stores == Stores::SownBoth;
        let owner = |pit: usize| pit / per_side;
        let step = |i: usize, direction: Direction, forward: bool| -> usize {
            let reverse = match direction {
                Direction::Ccw => Direction::Cw,
                Direction::Cw => Direction::Ccw,
            };
            topology.next(i, if forward { direction } else { reverse })
        };
        let mut before = [W::per_slot(0u8); 2];
        let mut after = [W::per_slot(0u8); 2];
        let mut sow_path = [[W::per_slot(W::per_slot(0u8)); 2]; 2];
        let mut path_len = 0;
        for direction in [Direction::Ccw, Direction::Cw] {
            let d = direction as usize;
            for i in 0..pit_count {
                before[d][i] = step(i, direction, false) as u8;
                after[d][i] = step(i, direction, true) as u8;
            }
            for (mover, origin) in (0..2).flat_map(|m| (0..pit_count).map(move |o| (m, o))) {
                // Every slot once, in sowing order from the origin: the pits,
                // and the mover's store where the sowing leaves the mover's row.
                let mut cycle = Vec::with_capacity(W::SLOTS);
                let mut pit = origin;
                for _ in 0..topology.circuit_len() {
                    cycle.push(pit);
                    let next = step(pit, direction, true);
                    if stores && owner(pit) == mover && owner(next) != mover {
                        cycle.push(W::STORE_SLOT);
                    }
                    // Under `sown_both`, the opponent's store where the
                    // sowing leaves their row.
                    if both_stores && owner(pit) != mover && owner(next) == mover {
                        cycle.push(W::OPPONENT_STORE_SLOT);
                    }
                    pit = next;
                }
                let path = &mut sow_path[mover][d][origin];
                if rules.sowing.start == SowStart::Next {
                    cycle.rotate_left(1);
                }
                if rules.sowing.skip_origin {
                    cycle.retain(|&slot| slot != origin);
                }
                for (slot, &target) in path.as_mut().iter_mut().zip(&cycle) {
                    *slot = target as u8;
                }
                path_len = cycle.len();
            }
        }
        let mut path_index = [[W::per_slot(W::per_slot(u8::MAX)); 2]; 2];
        for (indices, paths) in path_index
            .iter_mut()
            .flatten()
            .zip(sow_path.iter().flatten())
        {
            for (index, path) in indices.as_mut().iter_mut().zip(paths.as_ref()) {
                for (k, &slot) in path[..path_len].iter().enumerate() {
                    index[usize::from(slot)] = k as u8;
                }
            }
        }
        let mut reach_at = [[W::per_slot(u8::MAX); 2]; 2];
        for mover in Player::BOTH {
            let m = mover.index();
            let opponent = row_bits[mover.other().index()];
            for (reach, paths) in reach_at[m].iter_mut().zip(&sow_path[m]) {
                for (needed, path) in reach.as_mut().iter_mut().zip(paths.as_ref()) {
                    let first = path[..path_len]
                        .iter()
                        .position(|&slot| opponent.has(usize::from(slot) % W::SLOTS));
                    *needed = first.map_or(u8::MAX, |k| k as u8 + 1);
                }
            }
        }

        let lap_split = std::array::from_fn(|n| ((n / path_len) as u8, (n % path_len) as u8));
        SowPaths {
            sow_path,
            path_len,
            lap_split,
            before,
            after,
            path_index,
            reach_at,
            laps: rules.sowing.laps,
            single_to_next: rules.sowing.start == SowStart::OriginUnlessSingle,
        }
    }
}
