//! Perft: leaf counts of the move tree, the standard move-generator check.

use super::{Game, Position, Successors};

/// Number of move sequences of length `depth` from `pos` (games that end
/// earlier are not counted). Repetition, a rule about a game's history rather
/// than a position, is not applied.
pub fn perft(game: &Game, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // One move list per level, made once: the recursion allocates nothing.
    let mut levels = vec![Successors::default(); depth as usize];
    count(game, pos, &mut levels)
}

fn count(game: &Game, pos: &Position, levels: &mut [Successors]) -> u64 {
    let Some((moves, deeper)) = levels.split_first_mut() else {
        return 1;
    };
    game.successors(pos, moves);
    if deeper.is_empty() {
        return moves.len() as u64;
    }
    moves
        .as_slice()
        .iter()
        .map(|s| count(game, &s.position, deeper))
        .sum()
}
