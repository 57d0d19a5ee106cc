//! The prescribed opening (`opening { shifts_from N }`, the stylised first
//! turn of Gabata (Oromo) and Jimafesosh): South empties every other pit
//! into the next, from a given place round the board, then sows the last
//! pit filled as a move. It leaves no choice, so it is played once, when the
//! game is compiled: the game's start is the position it leaves.

use super::Game;
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
