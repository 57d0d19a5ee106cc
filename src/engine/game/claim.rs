//! Pits that become a player's store (`claim`, Toguz Kumalak's tuzdik): the
//! last stone of a move making the claiming count in a pit of the
//! opponent's row claims it for the mover, who captures its stones; from
//! then on every stone sown into it goes to its owner. Only variants with a
//! `claim` rule call into this module (one flag test per move otherwise).

use super::{Effect, Game};
use crate::engine::position::{Player, Position};
use crate::rules::{Claim, Mirror};

/// The `claim` rule, compiled.
#[derive(Debug, Clone, Copy)]
pub(super) struct ClaimRule {
    /// The count the last stone makes to claim a pit.
    count: u8,
    /// Per claimer: bit `i` set when pit `i` may be claimed by them (in the
    /// opponent's row, at no place `except` names).
    claimable: [u32; 2],
    /// Whether the place of the opponent's claimed pit is ruled out.
    mirror_forbidden: bool,
}

impl ClaimRule {
    /// The rule for a board whose players own `row_bits` (per player) of
    /// `per_side` pits each; `None` when no pit is ever claimed.
    pub(super) fn new(claim: &Claim, row_bits: [u32; 2], per_side: usize) -> Option<ClaimRule> {
        let count = claim.count?;
        let excepted = |pit: usize| claim.except.contains(&((pit % per_side) as u8 + 1));
        let claimable = [1, 0].map(|opponent: usize| {
            (0..2 * per_side)
                .filter(|&pit| row_bits[opponent] >> pit & 1 == 1 && !excepted(pit))
                .fold(0u32, |bits, pit| bits | 1 << pit)
        });
        Some(ClaimRule {
            count,
            claimable,
            mirror_forbidden: claim.mirror == Mirror::Forbidden,
        })
    }
}

impl Game {
    /// Moves the stones sown into claimed pits to their owners.
    #[inline]
    pub(super) fn pay_claimed(&self, pos: &mut Position) {
        for player in Player::BOTH {
            if let Some(pit) = pos.claimed_by(player) {
                pos.captured[player.index()] += u16::from(std::mem::take(&mut pos.pits[pit]));
            }
        }
    }

    /// Claims `last` for `mover` when the rule allows it: the last stone
    /// made the claiming count there, no capture took it, the mover has no
    /// claimed pit yet, and the place is not ruled out.
    pub(super) fn try_claim(
        &self,
        rule: &ClaimRule,
        pos: &mut Position,
        mover: Player,
        last: usize,
        effect: &mut Effect,
    ) {
        let m = mover.index();
        if pos.claimed[m] != 0
            || rule.claimable[m] >> last & 1 == 0
            || effect.captured_pits >> last & 1 == 1
            || pos.pits[last] != rule.count
        {
            return;
        }
        if let Some(theirs) = pos.claimed_by(mover.other()) {
            if rule.mirror_forbidden && theirs % self.per_side == last % self.per_side {
                return;
            }
        }
        let stones = std::mem::take(&mut pos.pits[last]);
        pos.captured[m] += u16::from(stones);
        pos.claimed[m] = last as u8 + 1;
        effect.captured += u16::from(stones);
        effect.captured_pits |= 1 << last;
        effect.claimed = true;
    }
}
