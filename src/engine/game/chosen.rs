//! The pits a capture earns the mover (`capture { extra_chosen N }`,
//! Tsoro (Additional Capture), Tshuba): after the capture the mover
//! empties N more of the opponent's pits, any that hold stones, one
//! chosen pit a move (`-C`), as Ludii plays them (a further decision of the
//! same turn each). The capture sets [`Position::to_take`]; the mover keeps
//! the turn while it is not 0, and it never counts more pits than the
//! opponent's holding stones. Only positions whose `to_take` is set call
//! into this module, and only the rules with `extra_chosen` set it.

use super::Game;
use crate::engine::component::capture::{credit_to, CaptureTable};
use crate::engine::effect::{Effect, Successor, Successors};
use crate::engine::illegal::Illegal;
use crate::engine::move_list::{Legality, Moves};
use crate::engine::position::{Move, Player, Position};
use crate::engine::width::{PitBits, Width};
use crate::rules::ExtraAfter;

impl<W: Width> Game<W> {
    /// The opponent's pits the mover of `pos` may empty: those holding
    /// stones.
    pub(in crate::engine) fn takeable(&self, pos: &Position<W>) -> W::Set {
        let opponent = self.board.row_bits[pos.to_move.other().index()];
        self.pits_holding(pos, 1) & opponent & !(pos.claimed | pos.closed)
    }

    /// After `rule` took `taken` (its pits, `stones` stones) where the last
    /// stone landed, which qualified for it: the pits the capture earns,
    /// as `extra_after` says, set as [`Position::to_take`] (cut to the
    /// opponent's pits holding stones once the move is done,
    /// [`Game::settle_takes`]).
    #[cold]
    #[inline(never)]
    pub(super) fn earn_takes(
        &self,
        rule: &CaptureTable<W>,
        pos: &mut Position<W>,
        taken: W::Set,
        stones: u16,
    ) {
        let earned = match rule.extra_after {
            ExtraAfter::Capture => stones > 0,
            ExtraAfter::BothPits => taken.count_ones() >= 2,
            ExtraAfter::Landing => true,
        };
        if earned {
            pos.to_take = rule.extra_chosen;
        }
    }

    /// Cuts [`Position::to_take`] to the opponent's pits holding stones;
    /// none left to take, the turn passes. Returns whether the mover keeps
    /// it.
    #[cold]
    #[inline(never)]
    pub(super) fn settle_takes(&self, pos: &mut Position<W>) -> bool {
        let left = self.takeable(pos).count_ones();
        pos.to_take = pos.to_take.min(left.min(u32::from(u8::MAX)) as u8);
        pos.to_take != 0
    }

    /// The takes of `pos` (its `to_take` is set) and their results, in pit
    /// order.
    pub(super) fn take_successors(&self, pos: &Position<W>, out: &mut Successors<W>) {
        let mut pits = self.takeable(pos);
        while pits != W::Set::ZERO {
            let pit = pits.trailing_zeros() as usize;
            pits = pits.without_lowest();
            let mut position = *pos;
            let effect = self.apply_take(&mut position, pit);
            out.push(Successor {
                mv: Move::take(pit),
                position,
                effect,
            });
        }
    }

    /// The takes of `pos` (its `to_take` is set), unplayed, as
    /// [`Game::take_successors`] lists them.
    #[cold]
    pub(in crate::engine) fn take_candidates(
        &self,
        pos: &Position<W>,
        out: &mut Moves<W>,
    ) -> Legality<W> {
        out.clear();
        let mut pits = self.takeable(pos);
        while pits != W::Set::ZERO {
            out.push(Move::take(pits.trailing_zeros() as usize));
            pits = pits.without_lowest();
        }
        Legality::Exact
    }

    /// Plays the take of `pit` on `pos` in place: its stones go where the
    /// capture rule's go, and the mover goes on while they have pits left
    /// to take.
    pub(in crate::engine) fn apply_take(&self, pos: &mut Position<W>, pit: usize) -> Effect<W> {
        let mover = pos.to_move;
        let stones = std::mem::take(&mut pos.pits[pit]);
        let mut by_row = [0u16; 2];
        by_row[self.topology().owner(pit).index()] = u16::from(stones);
        let captured = credit_to(self.captures.chosen_goes_to, pos, mover.index(), by_row);
        pos.to_take -= 1;
        if !self.settle_takes(pos) {
            pos.to_move = mover.other();
        }
        Effect {
            last: pit as u8,
            captured_pits: W::Set::bit(pit),
            captured,
            ..Effect::default()
        }
    }

    /// Why `mv` cannot be played while the mover takes the pits a capture
    /// earned, or why a take cannot be played now.
    pub(super) fn why_take_illegal(&self, pos: &Position<W>, mv: Move) -> Illegal {
        let opponent: Player = pos.to_move.other();
        let Some(pit) = mv.taken_pit() else {
            return Illegal::Take {
                why: format!(
                    "{} is taking {} of {opponent}'s pits a capture earned: a move now is `-` and a pit of {opponent}'s holding stones",
                    pos.to_move,
                    match pos.to_take {
                        1 => "one more".to_string(),
                        n => format!("{n} more"),
                    }
                ),
            };
        };
        let label = self.label(pit);
        let why = if pos.to_take == 0 {
            "a pit is taken so only after a capture that earns it (`extra_chosen`)".to_string()
        } else if !self.row(opponent).contains(&pit) {
            format!("pit `{label}` is not {opponent}'s")
        } else {
            format!("pit `{label}` is empty")
        };
        Illegal::Take {
            why: format!("`-{label}`: {why}"),
        }
    }
}
