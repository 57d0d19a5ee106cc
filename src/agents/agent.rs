//! What every agent is: a picker of moves.

use crate::engine::{GameRun, Narrow, Width};

/// Picks a move in a game that is not over, on a board of width `W`.
pub trait Agent<W: Width = Narrow> {
    /// The index of the chosen move in `run.moves()`, the same as in
    /// `run.successors()` (never empty when called). Agents that only need
    /// the moves should not ask for the successors: those are worked out on
    /// demand.
    fn choose(&mut self, run: &GameRun<'_, W>) -> usize;
}
