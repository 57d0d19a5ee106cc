//! Perft: leaf counts of the move tree, the standard move-generator check.

use super::{width::Width, Game, Moves, Position};

/// Number of move sequences of length `depth` from `pos` (games that end
/// earlier are not counted). Repetition, a rule about a game's history rather
/// than a position, is not applied.
///
/// Walks the tree with the fast path ([`Game::legal_moves`], [`Game::apply`]):
/// the last level is counted, not played.
pub fn perft<W: Width>(game: &Game<W>, pos: &Position<W>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Moves::default();
    game.legal_moves(pos, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .as_slice()
        .iter()
        .map(|&mv| {
            let mut next = *pos;
            game.apply(&mut next, mv);
            perft(game, &next, depth - 1)
        })
        .sum()
}
