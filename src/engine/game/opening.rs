//! The openings of the `opening` section. The prescribed opening
//! (`opening { shifts_from N }`, the stylised first turn of Gabata (Oromo)
//! and Jimafesosh): South empties every other pit into the next, from a
//! given place round the board, then sows the last pit filled as a move. It
//! leaves no choice, so it is played once, when the game is compiled: the
//! game's start is the position it leaves. The opening's choices (`opening
//! { choices }`, Hus (Nama)): each player's first turn is one of a few
//! fixed moves, each sowing a pit's stones from a pit the rules name.

use super::Game;
use crate::engine::effect::Effect;
use crate::engine::position::{Move, Position};
use crate::engine::width::Width;
use crate::rules::{Direction, PitDirection};

impl<W: Width> Game<W> {
    /// Plays the rules' opening on `start` (South to move), if they have
    /// one: the shifts the rules work out ([`crate::rules::Rules::opening_shifts`]),
    /// then the sowing of the last pit filled, as [`Game::apply`] plays a
    /// move (laps, captures, the player it leaves to move).
    pub(super) fn play_opening(&self, start: &mut Position<W>) {
        let Some(opening) = self.rules.opening_shifts() else {
            return;
        };
        let Some(sown) = opening.sown() else {
            return;
        };
        start.pits[..self.board.pit_count].copy_from_slice(&opening.counts);
        let direction = match self.rules.sowing.direction.first() {
            Some(PitDirection::Cw) => Direction::Cw,
            _ => Direction::Ccw,
        };
        let mv = Move {
            pit: sown as u8,
            direction,
        };
        self.apply(start, mv);
    }
}

impl<W: Width> Game<W> {
    /// Whether a move from `pos` is one of the opening's choices: a first
    /// move under `opening { choices }`.
    #[inline(always)]
    pub(super) fn plays_choice(&self, pos: &Position<W>) -> bool {
        pos.opening && self.opening.choice_opening
    }

    /// The pits the opening's choice `mv` sows its `stones` into, one a
    /// stone, in order: from the pit its rule names on along the mover's
    /// path.
    pub(crate) fn choice_pits(&self, mv: Move, stones: u8) -> impl Iterator<Item = usize> + '_ {
        let direction = mv.direction as usize;
        let first = usize::from(self.opening.choice_first[usize::from(mv.pit)]) - 1;
        std::iter::successors(Some(first), move |&pit| {
            Some(usize::from(self.sowing.after[direction][pit]))
        })
        .take(usize::from(stones))
    }

    /// Plays the opening's choice `mv` on `pos` in place: the stones of its
    /// pit sown from the pit its rule names on, nothing captured, the other
    /// player to move.
    #[cold]
    pub(super) fn choice_in_place(&self, pos: &mut Position<W>, mv: Move) -> Effect<W> {
        let stones = std::mem::take(&mut pos.pits[usize::from(mv.pit)]);
        let mut last = usize::from(mv.pit);
        for pit in self.choice_pits(mv, stones) {
            pos.pits[pit] += 1;
            last = pit;
        }
        let mover = pos.to_move;
        pos.to_move = mover.other();
        pos.opening = self.opening_after(pos.opening, mover);
        pos.relay_cycled = false;
        pos.moved_again = false;
        Effect {
            last: last as u8,
            ..Effect::default()
        }
    }
}
