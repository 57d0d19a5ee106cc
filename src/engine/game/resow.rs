//! The four-row capture that puts the stones back into play (`then
//! resows`, Hus): a relay lap ending in a qualifying pit takes the pit
//! facing it (the opponent's inner pit in the same column) and, by the
//! rule's `take`, the opponent's outer pit behind it; the stones are then
//! sown on from the pit after the landing pit (see
//! [`Game::sow_laps_capturing`]).

use super::Game;
use crate::engine::component::capture::CaptureTable;
use crate::engine::position::Position;
use crate::engine::width::{PitBits, Width};
use crate::rules::Take;

impl<W: Width> Game<W> {
    /// The pits `rule` (a `then resows` rule, or a four-row `take` of the pit
    /// behind at the last pit) takes when a lap ends in `last` (an outer pit
    /// looking across the inner pit in front of it), as bits: the facing pit when it holds stones (a count its
    /// `facing_counts` allow), with the pit behind it as `take` says; 0 when
    /// nothing is taken.
    pub(super) fn resown(&self, rule: &CaptureTable<W>, pos: &Position<W>, last: usize) -> W::Set {
        let topology = self.topology();
        // An outer pit (which `side own` lets land) looks across the
        // mover's inner pit of its column.
        let across = topology.in_front(last).unwrap_or(last);
        let Some(facing) = topology.facing(across) else {
            return W::Set::ZERO;
        };
        let held = pos.pits[facing];
        // Sute: past an empty facing pit to the outer pit behind it.
        if rule.take == Take::BehindPastEmpty {
            let behind = topology
                .behind(facing)
                .filter(|&pit| held == 0 && pos.pits[pit] > 0);
            return behind.map_or(W::Set::ZERO, W::Set::bit);
        }
        if held == 0 || !rule.facing[usize::from(held)] {
            // Ludii's Tshuba: the pit behind whatever the facing pit holds.
            if rule.take == Take::OppositeAndBehindEach {
                let behind = topology.behind(facing).filter(|&pit| pos.pits[pit] > 0);
                return behind.map_or(W::Set::ZERO, W::Set::bit);
            }
            return W::Set::ZERO;
        }
        // The pit behind, when it holds stones (an empty one gives nothing).
        let behind = topology
            .behind(facing)
            .filter(|&pit| pos.pits[pit] > 0)
            .map_or(W::Set::ZERO, W::Set::bit);
        match rule.take {
            Take::OppositeAndBehind => W::Set::bit(facing) | behind,
            Take::OppositeAndBehindBoth if behind != W::Set::ZERO => W::Set::bit(facing) | behind,
            Take::OppositeAndBehindBoth => W::Set::ZERO,
            Take::OppositeAndBehindEach => W::Set::bit(facing) | behind,
            _ => W::Set::bit(facing),
        }
    }

    /// `then resows_behind_and_stops`: the stones of the facing pit that
    /// stay in the landing pit `last` when a capture takes `taken` from
    /// `pos`: all of them after a landing in the inner row that takes both
    /// the facing pit and the pit behind it, otherwise none.
    pub(super) fn facing_kept(&self, pos: &Position<W>, taken: W::Set, last: usize) -> u8 {
        let topology = self.topology();
        let Some(facing) = topology.facing(last) else {
            return 0;
        };
        match topology.behind(facing) {
            Some(behind) if taken.has(facing) && taken.has(behind) => pos.pits[facing],
            _ => 0,
        }
    }

    /// Empties the pits whose bits are set in `pits`; returns their stones.
    pub(super) fn lift_pits(&self, pos: &mut Position<W>, pits: W::Set) -> u8 {
        let (mut stones, mut rest) = (0, pits);
        while rest != W::Set::ZERO {
            stones += std::mem::take(&mut pos.pits[rest.trailing_zeros() as usize % W::SLOTS]);
            rest = rest.without_lowest();
        }
        stones
    }
}
