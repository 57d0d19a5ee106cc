//! What a move did: its [`Effect`] besides moving stones, and the
//! [`Successor`] it leads to.

use super::{
    move_list::MoveList,
    position::{Move, Position},
    width::{Narrow, Width},
};

/// What a move did besides moving stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Effect<W: Width = Narrow> {
    /// The pit that got the last stone.
    pub last: u8,
    /// Bit `i` is set when pit `i` was captured.
    pub captured_pits: W::Set,
    /// Stones captured by this move.
    pub captured: u16,
    /// The move would have captured every stone of the opponent's row, and the
    /// grand-slam rule made it capture nothing instead.
    pub capture_waived: bool,
    /// The relay would have gone on, but the move had sown [`MAX_RELAYS`](super::MAX_RELAYS)
    /// relay laps and was cut there.
    pub relay_cut: bool,
    /// The relay came back to a lap state of the same move and the rules end
    /// the game there (`relay_cycle`).
    pub relay_cycle: bool,
    /// The last pit was claimed by the mover (`claim`); under `stones
    /// to_owner` it is among `captured_pits`.
    pub claimed: bool,
    /// Stones the mover took as a tribute from the opponent's claimed pit
    /// where the last stone fell (counted in `captured`).
    pub tribute: u8,
}

/// A legal move and the position it leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Successor<W: Width = Narrow> {
    /// The move.
    pub mv: Move,
    /// The position after it.
    pub position: Position<W>,
    /// What it sowed and captured.
    pub effect: Effect<W>,
}

/// The legal moves of a position with their results, in pit order, and
/// why the position is over when there is none.
pub type Successors<W = Narrow> = MoveList<Successor<W>, W>;

impl<W: Width> Default for Successors<W> {
    fn default() -> Self {
        MoveList::new(Successor {
            mv: Move::PASS,
            position: Position::EMPTY,
            effect: Effect::default(),
        })
    }
}

impl<W: Width> Successors<W> {
    /// The successor reached by `mv`, if `mv` is legal.
    pub fn find(&self, mv: Move) -> Option<&Successor<W>> {
        self.as_slice().iter().find(|s| s.mv == mv)
    }
}

/// `effect` with its capture waived by the grand-slam rule.
pub(super) fn waived<W: Width>(effect: Effect<W>) -> Effect<W> {
    Effect {
        capture_waived: true,
        ..effect
    }
}
