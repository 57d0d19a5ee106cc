//! Pits that become a player's (`claim`: Toguz Kumalak's tuzdik, the
//! Ethiopian weg and qasamo): the last stone of a move (of each lap, under
//! relay sowing) making the claiming count in a pit of the opponent claims
//! it for the mover. From then on nobody plays it, relays from it or
//! captures from it; the stones sown into it are its owner's, paid at once
//! or kept in it, and the opponent may take a tribute from it. Only
//! variants with a `claim` rule call into this module (one flag test per
//! move otherwise).

use super::Game;
use crate::engine::component::claim::ClaimRule;
use crate::engine::effect::Effect;
use crate::engine::position::{Player, Position};
use crate::engine::width::{PitBits, Width};

impl<W: Width> Game<W> {
    /// The pits `player` has claimed in `pos`, in pit order.
    pub fn claimed_pits(&self, pos: &Position<W>, player: Player) -> impl Iterator<Item = usize> {
        let (claimed, owners) = (pos.claimed, self.owners(pos));
        (0..self.board.pit_count)
            .filter(move |&pit| claimed.has(pit) && (owners.has(pit)) == (player == Player::North))
    }

    /// Bit `i` set when pit `i` is North's in `pos` (its row's, or the
    /// other's when swapped).
    #[inline]
    fn owners(&self, pos: &Position<W>) -> W::Set {
        self.board.row_bits[1] ^ pos.swapped
    }

    /// Moves the stones sown into claimed pits to their owners (`stones
    /// to_owner`).
    #[inline]
    pub(super) fn pay_claimed(&self, pos: &mut Position<W>) {
        let owners = self.owners(pos);
        let mut claimed = pos.claimed;
        while claimed != W::Set::ZERO {
            let pit = claimed.trailing_zeros() as usize;
            claimed = claimed.without_lowest();
            let owner = usize::from(owners.has(pit));
            pos.captured[owner] += u16::from(std::mem::take(&mut pos.pits[pit]));
        }
    }

    /// Whether a lap of `pos.to_move` that ended in `last` ends the move
    /// there rather than relaying: `last` is a claimed pit, or the lap
    /// claims it, or (`relay_stops on_count`) makes the claiming count
    /// there. Out of line: only relay variants with claims ask.
    #[inline(never)]
    pub(super) fn claim_stops_relay(
        &self,
        rule: &ClaimRule<W>,
        pos: &Position<W>,
        last: usize,
    ) -> bool {
        pos.is_claimed(last)
            || (rule.stops_on_count && pos.pits[last] == rule.count)
            || (!rule.empty_facing && self.may_claim(rule, pos, pos.to_move, last))
    }

    /// Whether `mover` may claim `last` in `pos`: it holds the claiming
    /// count, it is the opponent's (by row or ownership), not claimed, the
    /// mover may claim another pit, and the place is not ruled out.
    fn may_claim(
        &self,
        rule: &ClaimRule<W>,
        pos: &Position<W>,
        mover: Player,
        last: usize,
    ) -> bool {
        let m = mover.index();
        if !rule.claimable[m].has(last) || pos.pits[last] != rule.count || pos.is_claimed(last) {
            return false;
        }
        let owners = self.owners(pos);
        if rule.of_owned && owners.has(last) == (mover == Player::North) {
            return false;
        }
        // The pits each player has claimed, as masks.
        let claimed_by = |player: Player| match player {
            Player::North => pos.claimed & owners,
            Player::South => pos.claimed & !owners,
        };
        if rule.only_one && claimed_by(mover) != W::Set::ZERO {
            return false;
        }
        if rule.mirror_forbidden {
            let mut theirs = claimed_by(mover.other());
            while theirs != W::Set::ZERO {
                let pit = theirs.trailing_zeros() as usize;
                theirs = theirs.without_lowest();
                if pit % self.board.per_side == last % self.board.per_side {
                    return false;
                }
            }
        }
        true
    }

    /// At the end of a move whose last stone fell in `last`: claims `last`
    /// for `mover` when the rule allows it and no capture took it, or takes
    /// the tribute when `last` is the opponent's claimed pit. Returns
    /// whether the mover moves again (`tribute_then again`). Under `by
    /// empty_facing` the claim was looked at before the captures
    /// ([`Game::claim_facing_empty`]): only the tribute is left.
    pub(super) fn claim_or_tribute(
        &self,
        rule: &ClaimRule<W>,
        pos: &mut Position<W>,
        mover: Player,
        last: usize,
        effect: &mut Effect<W>,
    ) -> bool {
        if pos.is_claimed(last) {
            return self.tribute(rule, pos, mover, last, effect);
        }
        // The count told first, in line: most moves make no claiming count.
        if rule.empty_facing
            || pos.pits[last] != rule.count
            || effect.captured_pits.has(last)
            || !self.may_claim(rule, pos, mover, last)
        {
            return false;
        }
        self.claim_pit(rule, pos, mover, last, effect);
        false
    }

    /// `by empty_facing`, before the capture rules: when the last stone of
    /// `mover` fell into an empty pit `last` of their row and the
    /// opponent's pit facing it may be claimed (it holds the count), one
    /// stone of that pit crosses into `last` and the pit is claimed (with
    /// `last` under `pair facing`). The captures then take neither.
    #[inline(never)]
    pub(super) fn claim_facing_empty(
        &self,
        rule: &ClaimRule<W>,
        pos: &mut Position<W>,
        mover: Player,
        last: usize,
        effect: &mut Effect<W>,
    ) {
        if pos.pits[last] != 1 || pos.is_claimed(last) || self.topology.owner(last) != mover {
            return;
        }
        let Some(facing) = self.topology.facing(last) else {
            return;
        };
        if !self.may_claim(rule, pos, mover, facing) {
            return;
        }
        pos.pits[facing] -= 1;
        pos.pits[last] += 1;
        self.claim_pit(rule, pos, mover, facing, effect);
    }

    /// Claims `pit` for `mover` (and, under `pair facing`, the pit facing
    /// it, unless already claimed or at a place `except` names): the
    /// claimer owns them, their stones
    /// captured under `stones to_owner`.
    fn claim_pit(
        &self,
        rule: &ClaimRule<W>,
        pos: &mut Position<W>,
        mover: Player,
        pit: usize,
        effect: &mut Effect<W>,
    ) {
        let facing = self
            .topology
            .facing(pit)
            .filter(|&f| rule.pair && !pos.is_claimed(f) && !rule.excepted.has(f));
        for pit in std::iter::once(pit).chain(facing) {
            pos.claimed |= W::Set::bit(pit);
            // The claimer owns it: swapped when it is in the other's row.
            let row_owner = self.topology.owner(pit);
            if (row_owner != mover) != pos.is_swapped(pit) {
                pos.swapped = pos.swapped ^ W::Set::bit(pit);
            }
            if !rule.kept {
                let stones = std::mem::take(&mut pos.pits[pit]);
                pos.captured[mover.index()] += u16::from(stones);
                effect.captured += u16::from(stones);
                effect.captured_pits |= W::Set::bit(pit);
            }
        }
        effect.claimed = true;
    }

    /// The tribute of a move whose last stone fell into claimed pit `last`:
    /// taken when the pit is the opponent's, holds `tribute_least` stones
    /// or more, and its first landing is not free (a free first landing is
    /// remembered); it goes to the mover, or to the pit's owner under
    /// `tribute_to owner`. Returns whether the mover moves again.
    fn tribute(
        &self,
        rule: &ClaimRule<W>,
        pos: &mut Position<W>,
        mover: Player,
        last: usize,
        effect: &mut Effect<W>,
    ) -> bool {
        let theirs = (self.owners(pos).has(last)) != (mover == Player::North);
        if rule.tribute == 0 || !theirs || pos.pits[last] < rule.tribute_least {
            return false;
        }
        if rule.first_landing_free && !pos.visited.has(last) {
            pos.visited |= W::Set::bit(last);
            return false;
        }
        let stones = rule.tribute.min(pos.pits[last]);
        pos.pits[last] -= stones;
        if rule.to_owner {
            // The pit's owner, the opponent, gets them: the mover takes
            // nothing (no capture, no tribute of theirs).
            pos.captured[mover.other().index()] += u16::from(stones);
        } else {
            pos.captured[mover.index()] += u16::from(stones);
            effect.captured += u16::from(stones);
            effect.tribute = stones;
        }
        rule.again
    }
}
