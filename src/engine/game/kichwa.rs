//! Bao's captures on four rows: the end pit of the inner row (the kichwa)
//! a capture is sown on from (`then resows_from_end`), and the first lap
//! that captures, which `first_lap captures` makes obligatory.

use super::Game;
use crate::engine::position::{Move, Position};
use crate::engine::width::{PitBits, Width};
use crate::rules::{Direction, Trigger};

impl<W: Width> Game<W> {
    /// The kichwa a capture at `landing` (a pit of mover `m`'s inner row)
    /// is sown on from, and the direction the move then goes, the move
    /// having gone `direction` so far: the end nearer the landing pit when
    /// it is one of the two pits at either end of the row (a kimbi), else
    /// the end from which `direction` goes on. Going counter-clockwise the
    /// inner row runs from the owner's right (its first pit in label order)
    /// to their left; clockwise the other way.
    pub(super) fn kichwa(&self, m: usize, landing: usize, direction: usize) -> (usize, usize) {
        let n = self.topology().per_row();
        let right = m * self.board.per_side + n;
        let left = right + n - 1;
        // Places from the right end (0) and from the left end (0).
        let (from_right, from_left) = (landing - right, left - landing);
        let ccw = Direction::Ccw as usize;
        let cw = Direction::Cw as usize;
        let way = if from_right <= 1 && from_right < from_left {
            ccw
        } else if from_left <= 1 && from_left < from_right {
            cw
        } else {
            direction
        };
        (if way == ccw { right } else { left }, way)
    }

    /// Whether `mv`'s first lap from `pos` ends in a capture by a rule on
    /// `relay_landing` (sown on a copy).
    pub(in crate::engine) fn first_lap_captures(&self, pos: &Position<W>, mv: Move) -> bool {
        if !self.may_capture(pos) {
            return false;
        }
        let (origin, direction) = (usize::from(mv.pit), mv.direction as usize);
        let m = pos.to_move.index();
        let mut board = *pos;
        let path = &self.sowing.sow_path[m][direction][origin][..self.sowing.path_len];
        let last = self.sow_any_lap(&mut board, path, origin);
        if self.relay_from(&board, last, direction).is_none() {
            return false;
        }
        self.captures.sowing_rules.iter().any(|rule| {
            rule.on == Trigger::RelayLanding
                && rule.applies(&board)
                && rule.qualifies(m, last, usize::from(board.pits[last]))
                && (!rule.then.resows() || self.resown(rule, &board, last) != W::Set::ZERO)
        })
    }

    /// The moves `first_lap captures` chooses among, as the move list's
    /// candidates are: each direction of each pit the mover may play that
    /// holds at least `min` stones (and may open the game, at its start).
    pub(super) fn candidates_for_capture(
        &self,
        pos: &Position<W>,
        min: u8,
    ) -> impl Iterator<Item = Move> + '_ {
        let opening = self.opening_pits(pos);
        let pits = pos.pits;
        self.playable(pos.to_move)
            .filter(move |&p| pits[p] >= min && opening.has(p))
            .flat_map(move |p| {
                let allowed = self.pit_direction(p).allowed();
                allowed.iter().map(move |&direction| Move {
                    pit: p as u8,
                    direction,
                })
            })
    }

    /// Whether some move of `moves` (from `pos`) has a first lap that
    /// captures.
    pub(in crate::engine) fn some_first_lap_captures(
        &self,
        pos: &Position<W>,
        mut moves: impl Iterator<Item = Move>,
    ) -> bool {
        moves.any(|mv| self.first_lap_captures(pos, mv))
    }
}
