//! Endgame databases: the value of every position with at most `k` stones
//! on the board, whoever is to move, by the same retrograde analysis as a
//! full solution. No move adds stones to the board, so these positions only
//! lead to one another; and a value counts only what is still to be won, so
//! it does not depend on the stones captured so far (see the module docs of
//! [`crate::solve`]). A forward search ([`super::search`]) reads them at its
//! leaves.

use super::{check_rules, graph::Graph, solve_graph, KeyCodec, Solution, SolveError};
use crate::engine::PitArray;
use crate::engine::{Game, Player, Position, MAX_PITS};

/// Positions of the databases up to `stones` stones: every way to put at
/// most that many stones into the pits, C(stones + pits, pits), for each side
/// to move. Saturates at `u128::MAX`.
pub fn databases_estimate(game: &Game, stones: u32) -> u128 {
    let pits = game.pit_count() as u128;
    let mut ways: u128 = 1;
    for i in 1..=pits {
        ways = match ways.checked_mul(u128::from(stones) + i) {
            Some(product) => product / i,
            None => return u128::MAX,
        };
    }
    ways.saturating_mul(2)
}

/// The databases of `game` up to `stones` stones on the board (at most the
/// game's stones), if they hold at most `limit` positions.
///
/// # Errors
/// The rules make captures part of the state, the positions do not fit a
/// key, or there are more than `limit` of them (or more than memory holds).
pub fn databases(game: &Game, stones: u32, limit: u64) -> Result<Solution, SolveError> {
    let stones = stones.min(game.rules().total_stones());
    check_rules(game)?;
    let codec = KeyCodec::for_stones(game, stones).ok_or(SolveError::BoardTooLarge {
        pits: game.pit_count(),
        stones,
    })?;
    let estimate = databases_estimate(game, stones);
    if estimate > u128::from(limit) {
        return Err(SolveError::TooManyPositions { estimate, limit });
    }
    crate::memory::fits(estimate, super::BYTES_PER_POSITION).map_err(SolveError::Memory)?;
    let mut roots = Vec::with_capacity(estimate as usize);
    every_board(game.pit_count(), stones, &mut |pits| {
        for to_move in Player::BOTH {
            roots.push(codec.encode(&Position {
                pits: *pits,
                to_move,
                ..Position::EMPTY
            }));
        }
    });
    let graph = Graph::build_from(game, roots, codec, limit)
        .map_err(|_| SolveError::TooManyPositions { estimate, limit })?;
    solve_graph(
        game,
        codec,
        graph,
        super::cycles::MAX_MEMBERS,
        Some(stones),
        super::Searches::both(super::SEARCH_NODES),
    )
}

/// Calls `visit` with the pit array for every way to put at most `stones`
/// stones into its first `count` pits.
pub(super) fn every_board(count: usize, stones: u32, visit: &mut dyn FnMut(&PitArray)) {
    fn fill(
        pits: &mut PitArray,
        at: usize,
        count: usize,
        left: u32,
        visit: &mut dyn FnMut(&PitArray),
    ) {
        if at == count {
            visit(pits);
            return;
        }
        for n in 0..=left {
            pits[at] = n as u8;
            fill(pits, at + 1, count, left - n, visit);
        }
        pits[at] = 0;
    }
    let mut pits = [0u8; MAX_PITS];
    fill(&mut pits, 0, count, stones, visit);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_lists_each_way_once() {
        // 3 pits, at most 2 stones: C(5, 3) = 10 boards.
        let mut seen = std::collections::HashSet::new();
        every_board(3, 2, &mut |pits| {
            assert!(pits[..3].iter().map(|&n| u32::from(n)).sum::<u32>() <= 2);
            assert!(seen.insert(pits[..3].to_vec()));
        });
        assert_eq!(seen.len(), 10);
    }
}
