//! Perft: leaf counts of the move tree, the standard move-generator check.

use super::{Game, Position, Successors};

/// Number of move sequences of length `depth` from `pos` (games that end
/// earlier are not counted). Repetition, a rule about a game's history rather
/// than a position, is not applied.
pub fn perft(game: &Game, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Successors::default();
    game.successors(pos, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .as_slice()
        .iter()
        .map(|s| perft(game, &s.position, depth - 1))
        .sum()
}
