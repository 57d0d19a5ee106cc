//! The `claim` rule, compiled: the count that claims a pit, the pits each
//! player may claim, and what a claimed pit does (its stones kept or paid,
//! a tribute, a facing pit claimed with it). How a claim is played is in the
//! game's claim step (`game/claim.rs`).

use crate::engine::width::{Narrow, PitBits, Width};
use crate::rules::{
    Claim, ClaimBy, ClaimLimit, ClaimOf, ClaimPair, ClaimStones, Mirror, RelayStops, TributeThen,
    TributeTo,
};

/// The `claim` rule, compiled.
#[derive(Debug, Clone, Copy)]
pub(in crate::engine) struct ClaimRule<W: Width = Narrow> {
    /// The count the last stone makes to claim a pit.
    pub(in crate::engine) count: u8,
    /// Per claimer: bit `i` set when pit `i` may be claimed by them as far
    /// as its row goes (`of row`: the opponent's row; `of owned`: both
    /// rows, ownership tested in play; `of any`: both rows), at no place
    /// `except` names.
    pub(in crate::engine) claimable: [W::Set; 2],
    /// Whether only pits the opponent owns may be claimed (`of owned`).
    pub(in crate::engine) of_owned: bool,
    /// Whether a player claims at most one pit (`limit one`).
    pub(in crate::engine) only_one: bool,
    /// Whether the place of a pit the opponent claimed is ruled out.
    pub(in crate::engine) mirror_forbidden: bool,
    /// Whether the stones sown into a claimed pit stay there (`stones kept`).
    pub(in crate::engine) kept: bool,
    /// Stones a tribute takes (0: no tribute).
    pub(in crate::engine) tribute: u8,
    /// Whether a player's first landing in a given claimed pit takes none.
    pub(in crate::engine) first_landing_free: bool,
    /// The fewest stones the pit must hold, the last counted, for a
    /// tribute (`tribute_least`; 1: any).
    pub(in crate::engine) tribute_least: u8,
    /// Whether the mover moves again after a tribute.
    pub(in crate::engine) again: bool,
    /// Whether a tribute goes to the claimed pit's owner, not the mover
    /// (`tribute_to owner`).
    pub(in crate::engine) to_owner: bool,
    /// Whether a pit is claimed facing the mover's empty landing pit
    /// (`by empty_facing`), before the capture rules, rather than where
    /// the last stone makes the count.
    pub(in crate::engine) empty_facing: bool,
    /// Whether a claim takes the pit facing the claimed one too (`pair
    /// facing`).
    pub(in crate::engine) pair: bool,
    /// Bit `i` set when pit `i` is at a place `except` names: never
    /// claimed, not even as the facing half of a pair.
    pub(in crate::engine) excepted: W::Set,
    /// Whether any relay lap whose last stone makes `count` ends the move
    /// (`relay_stops on_count`), not only one that claims.
    pub(in crate::engine) stops_on_count: bool,
}

impl<W: Width> ClaimRule<W> {
    /// The rule for a board whose players own `row_bits` (per player) of
    /// `per_side` pits each; `None` when no pit is ever claimed.
    pub(in crate::engine) fn new(
        claim: &Claim,
        row_bits: [W::Set; 2],
        per_side: usize,
    ) -> Option<ClaimRule<W>> {
        let count = claim.count?;
        let of_owned = claim.of == ClaimOf::Owned;
        let excepted = |pit: usize| claim.except.contains(&((pit % per_side) as u8 + 1));
        let claimable = [1, 0].map(|opponent: usize| {
            let rows = match claim.of {
                ClaimOf::Row => row_bits[opponent],
                ClaimOf::Owned | ClaimOf::Any => row_bits[0] | row_bits[1],
            };
            (0..2 * per_side)
                .filter(|&pit| rows.has(pit) && !excepted(pit))
                .fold(W::Set::ZERO, |bits, pit| bits | W::Set::bit(pit))
        });
        Some(ClaimRule {
            count,
            claimable,
            of_owned,
            only_one: claim.limit == ClaimLimit::One,
            mirror_forbidden: claim.mirror == Mirror::Forbidden,
            kept: claim.stones == ClaimStones::Kept,
            tribute: claim.tribute.unwrap_or(0),
            first_landing_free: claim.first_landing_free,
            tribute_least: claim.tribute_least.unwrap_or(1),
            again: claim.tribute_then == TributeThen::Again,
            to_owner: claim.tribute_to == TributeTo::Owner,
            empty_facing: claim.by == ClaimBy::EmptyFacing,
            pair: claim.pair == ClaimPair::Facing,
            stops_on_count: claim.relay_stops == RelayStops::OnCount,
            excepted: (0..2 * per_side)
                .filter(|&pit| excepted(pit))
                .fold(W::Set::ZERO, |bits, pit| bits | W::Set::bit(pit)),
        })
    }
}
