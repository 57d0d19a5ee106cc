//! The shift (`legal { first_move shift }`, English Wari (St. Lucia)'s
//! opening move: "a player may take all of the counters in one hole and add
//! them to the next hole"): a first move that moves every stone of the pit
//! played into the next pit in the move's direction, without capture.

use super::Game;
use crate::engine::effect::Effect;
use crate::engine::position::{Move, Position};
use crate::engine::width::Width;

impl<W: Width> Game<W> {
    /// Whether a move from `pos` is a shift: a first move under `first_move
    /// shift`.
    #[inline(always)]
    pub(super) fn shifts(&self, pos: &Position<W>) -> bool {
        pos.opening && self.opening.shift_opening
    }

    /// The pit a shift `mv` moves its stones into: the next pit in its
    /// direction (from the mover's last pit, the opponent's first).
    pub(crate) fn shift_target(&self, mv: Move) -> usize {
        usize::from(self.sowing.after[mv.direction as usize][usize::from(mv.pit)])
    }

    /// Plays the shift `mv` on `pos` in place: its stones into the next
    /// pit, nothing captured, the other player to move.
    #[cold]
    pub(super) fn shift_in_place(&self, pos: &mut Position<W>, mv: Move) -> Effect<W> {
        let (from, to, mover) = (usize::from(mv.pit), self.shift_target(mv), pos.to_move);
        pos.pits[to] += pos.pits[from];
        pos.pits[from] = 0;
        pos.to_move = mover.other();
        pos.opening = self.opening_after(pos.opening, mover);
        pos.relay_cycled = false;
        pos.moved_again = false;
        Effect {
            last: to as u8,
            ..Effect::default()
        }
    }
}
