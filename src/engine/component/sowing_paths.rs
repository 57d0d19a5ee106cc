//! The sowing paths (`sow { direction, start, skip_origin }` on the board's
//! circuit, with the stores `board { stores }` sows into), compiled: for
//! every mover, direction and origin, the slots a lap sows in order, and
//! what the move loop derives from them (where a pit is on a path, how far a
//! lap must go to reach the opponent, a count as laps and stones left).

use crate::engine::{
    position::{Player, MAX_PITS, OPPONENT_STORE_SLOT, STORE_SLOT},
    topology::Topology,
};
use crate::rules::{Direction, Rules, SowStart, Stores};

/// The sowing paths of a variant; the game keeps each table as a field of
/// its own (documented there), read by the move loop.
pub(in crate::engine) struct SowPaths {
    pub(in crate::engine) sow_path: [[[[u8; MAX_PITS]; MAX_PITS]; 2]; 2],
    pub(in crate::engine) path_len: usize,
    pub(in crate::engine) lap_split: [(u8, u8); 256],
    pub(in crate::engine) before: [[u8; MAX_PITS]; 2],
    pub(in crate::engine) after: [[u8; MAX_PITS]; 2],
    pub(in crate::engine) path_index: [[[[u8; MAX_PITS]; MAX_PITS]; 2]; 2],
    pub(in crate::engine) reach_at: [[[u8; MAX_PITS]; 2]; 2],
}

impl SowPaths {
    /// The paths of `rules` on `topology`, `row_bits` being each player's
    /// pits (bit `i` for pit `i`).
    pub(in crate::engine) fn new(
        rules: &Rules,
        topology: &Topology,
        row_bits: [u32; 2],
    ) -> SowPaths {
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
        let mut before = [[0u8; MAX_PITS]; 2];
        let mut after = [[0u8; MAX_PITS]; 2];
        let mut sow_path = [[[[0u8; MAX_PITS]; MAX_PITS]; 2]; 2];
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
                let mut cycle = Vec::with_capacity(MAX_PITS);
                let mut pit = origin;
                for _ in 0..topology.circuit_len() {
                    cycle.push(pit);
                    let next = step(pit, direction, true);
                    if stores && owner(pit) == mover && owner(next) != mover {
                        cycle.push(STORE_SLOT);
                    }
                    // Under `sown_both`, the opponent's store where the
                    // sowing leaves their row.
                    if both_stores && owner(pit) != mover && owner(next) == mover {
                        cycle.push(OPPONENT_STORE_SLOT);
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
                for (slot, &target) in path.iter_mut().zip(&cycle) {
                    *slot = target as u8;
                }
                path_len = cycle.len();
            }
        }
        let mut path_index = [[[[u8::MAX; MAX_PITS]; MAX_PITS]; 2]; 2];
        for (indices, paths) in path_index
            .iter_mut()
            .flatten()
            .zip(sow_path.iter().flatten())
        {
            for (index, path) in indices.iter_mut().zip(paths) {
                for (k, &slot) in path[..path_len].iter().enumerate() {
                    index[usize::from(slot)] = k as u8;
                }
            }
        }
        let mut reach_at = [[[u8::MAX; MAX_PITS]; 2]; 2];
        for mover in Player::BOTH {
            let m = mover.index();
            let opponent = row_bits[mover.other().index()];
            for (reach, paths) in reach_at[m].iter_mut().zip(&sow_path[m]) {
                for (needed, path) in reach.iter_mut().zip(paths) {
                    let first = path[..path_len]
                        .iter()
                        .position(|&slot| opponent >> (slot % 32) & 1 == 1);
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
        }
    }
}
