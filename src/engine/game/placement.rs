//! The players' placing of their stones before play (`opening {
//! placement }`, Omweso): the board starts empty and each player holds the
//! stones the start gives their side, kept in their `captured` count while
//! they place; a placement (`+c`) puts one into a pit of their own side.
//! The placing runs on the machinery of refill moves: a position whose
//! players are placing has `refilling` set (play then starts with South),
//! so only such positions call into this module.

use super::Game;
use crate::engine::effect::Effect;
use crate::engine::illegal::Illegal;
use crate::engine::position::{Move, Player, Position};
use crate::engine::width::{PitBits, Width};
use crate::rules::Placement;

impl<W: Width> Game<W> {
    /// Empties the board of `start` into the players' hands and has South
    /// place first, under `opening { placement }`; leaves it as it is
    /// otherwise.
    pub(super) fn start_placing(&self, start: &mut Position<W>) {
        if self.rules.opening.placement.is_none() {
            return;
        }
        start.captured = self.rules.hands();
        start.pits = W::EMPTY;
        start.to_move = Player::South;
        start.refilling = Some(Player::South);
    }

    /// The pits `player` may place a stone into: every pit of their side
    /// while they hold a stone, none after.
    pub(super) fn placeable(&self, pos: &Position<W>, player: Player) -> W::Set {
        match pos.captured[player.index()] {
            0 => W::Set::ZERO,
            _ => self.board.row_bits[player.index()],
        }
    }

    /// Plays the placement of a stone into `pit` on `pos` in place: the
    /// next to place is the other player under `alternate` (the same one
    /// when the other's hand is empty), the same one under
    /// `south_then_north` while they hold stones; once both hands are
    /// empty, play starts with South.
    pub(super) fn place_in(&self, pos: &mut Position<W>, pit: usize) -> Effect<W> {
        let placer = pos.to_move;
        pos.pits[pit] += 1;
        pos.captured[placer.index()] -= 1;
        let order = match self.rules.opening.placement {
            Some(Placement::SouthThenNorth) => [placer, placer.other()],
            _ => [placer.other(), placer],
        };
        match order.into_iter().find(|p| pos.captured[p.index()] > 0) {
            Some(next) => pos.to_move = next,
            None => {
                pos.to_move = Player::South;
                pos.refilling = None;
            }
        }
        Effect {
            last: pit as u8,
            ..Effect::default()
        }
    }

    /// Why `mv` cannot be played while the players place their stones, or
    /// why a placement cannot be played once they are done.
    pub(super) fn why_placement_illegal(&self, pos: &Position<W>, mv: Move) -> Illegal {
        let side = self.row(pos.to_move);
        let (first, last) = (self.label(side.start), self.label(side.end - 1));
        let Some(pit) = mv.filled_pit() else {
            return Illegal::Refill {
                why: format!(
                    "{} is placing their stones: a move now is `+` and a pit of their side (`+{first}` to `+{last}`)",
                    pos.to_move
                ),
            };
        };
        let label = self.label(pit);
        let why = if pos.refilling.is_none() {
            "the stones are placed only before play".to_string()
        } else {
            format!(
                "pit `{label}` is not on {}'s side (`+{first}` to `+{last}`)",
                pos.to_move
            )
        };
        Illegal::Refill {
            why: format!("`+{label}`: {why}"),
        }
    }
}
