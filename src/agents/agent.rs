//! What every agent is: a picker of moves.

use crate::engine::GameRun;

/// Picks a move in a game that is not over.
pub trait Agent {
    /// The index of the chosen move in `run.moves()`, the same as in
    /// `run.successors()` (never empty when called). Agents that only need
    /// the moves should not ask for the successors: those are worked out on
    /// demand.
    fn choose(&mut self, run: &GameRun<'_>) -> usize;
}
