//! The alpha-beta agent: a depth-limited negamax search on the score
//! difference, with move ordering and a transposition table.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap;

use super::agent::Agent;
use crate::engine::{Game, GameRun, Narrow, Player, Position, Successors, Width};

/// Larger than any score difference; negating it never overflows.
const INFINITY: i32 = 1 << 20;

/// Searches `depth` plies ahead and plays a move of best value for the mover.
///
/// A position's value is the mover's captures minus the opponent's; a
/// position where the game ends (no legal move, or feeding impossible) is
/// valued with the final scores the rules give, leftovers included. The search
/// does not see the game's history, so the repetition rule is not applied
/// inside it. Moves that capture more are searched first; a transposition
/// table (cleared before each move) remembers positions already searched at
/// the same depth. Moves of equal best value are chosen between at random.
#[derive(Debug, Clone)]
pub struct AlphaBetaAgent<W: Width = Narrow> {
    depth: u8,
    rng: ChaCha8Rng,
    table: FxHashMap<Position<W>, Entry>,
}

/// What the table knows about a position searched to `depth` plies.
#[derive(Debug, Clone, Copy)]
struct Entry {
    depth: u8,
    value: i32,
    bound: Bound,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The value is at least `value`.
    Lower,
    /// The value is at most `value`.
    Upper,
}

impl<W: Width> AlphaBetaAgent<W> {
    /// An agent searching `depth` plies (at least 1), breaking ties with `rng`.
    pub fn new(depth: u8, rng: ChaCha8Rng) -> Self {
        AlphaBetaAgent {
            depth: depth.max(1),
            rng,
            table: FxHashMap::default(),
        }
    }

    /// The value of `pos` for the player to move, searched `depth` plies.
    fn negamax(
        &mut self,
        game: &Game<W>,
        pos: &Position<W>,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut moves = Successors::default();
        game.successors(pos, &mut moves);
        if moves.is_empty() {
            return end_value(game, pos, &moves);
        }
        if depth == 0 {
            return difference(pos.captured, pos.to_move);
        }
        let (mut alpha, mut beta) = (alpha, beta);
        if let Some(entry) = self.table.get(pos).filter(|e| e.depth == depth) {
            match entry.bound {
                Bound::Exact => return entry.value,
                Bound::Lower => alpha = alpha.max(entry.value),
                Bound::Upper => beta = beta.min(entry.value),
            }
            if alpha >= beta {
                return entry.value;
            }
        }
        let alpha_in = alpha;
        let (order, count) = by_capture(&moves);
        let mut best = -INFINITY;
        for &i in &order[..count] {
            let child = moves.as_slice()[usize::from(i)].position;
            let value = -self.negamax(game, &child, depth - 1, -beta, -alpha);
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(
            *pos,
            Entry {
                depth,
                value: best,
                bound,
            },
        );
        best
    }

    /// The indices (into `run.successors()`) of every move of best value,
    /// and that value.
    fn best_moves(&mut self, run: &GameRun<'_, W>) -> (Vec<usize>, i32) {
        self.table.clear();
        let game = run.game();
        let moves = run.successors();
        let (order, count) = by_capture(moves);
        let mut best = -INFINITY;
        let mut tied = Vec::with_capacity(count);
        for &i in &order[..count] {
            let child = moves.as_slice()[usize::from(i)].position;
            // A window just below `best`: a move that ties gets its exact value.
            let value = -self.negamax(game, &child, self.depth - 1, -INFINITY, 1 - best);
            if value > best {
                best = value;
                tied.clear();
            }
            if value == best {
                tied.push(usize::from(i));
            }
        }
        (tied, best)
    }
}

impl<W: Width> Agent<W> for AlphaBetaAgent<W> {
    fn choose(&mut self, run: &GameRun<'_, W>) -> usize {
        if run.successors().len() == 1 {
            return 0;
        }
        let (tied, _) = self.best_moves(run);
        let pick = self.rng.random_range(0..tied.len().max(1));
        tied.get(pick).copied().unwrap_or(0)
    }
}

/// `scores[mover] - scores[opponent]`.
fn difference(scores: [u16; 2], mover: Player) -> i32 {
    i32::from(scores[mover.index()]) - i32::from(scores[mover.other().index()])
}

/// The value, for the player to move, of a position without legal moves.
fn end_value<W: Width>(game: &Game<W>, pos: &Position<W>, moves: &Successors<W>) -> i32 {
    difference(game.final_scores(pos, moves.end_reason()), pos.to_move)
}

/// The move indices ordered by stones captured, most first (stable).
fn by_capture<W: Width>(moves: &Successors<W>) -> (W::PerMove<u8>, usize) {
    let slice = moves.as_slice();
    let mut order = W::per_move_filled(0u8);
    for (i, slot) in order.as_mut().iter_mut().enumerate().take(slice.len()) {
        *slot = i as u8;
    }
    order.as_mut()[..slice.len()]
        .sort_by_key(|&i| std::cmp::Reverse(slice[usize::from(i)].effect.captured));
    (order, slice.len())
}

#[cfg(test)]
mod tests {
    use rand::seq::IndexedRandom;

    use super::*;
    use crate::{agents::agent_rng, variants};

    /// Plain minimax, no pruning and no table: the reference.
    fn minimax(game: &Game, pos: &Position, depth: u8) -> i32 {
        let mut moves = Successors::default();
        game.successors(pos, &mut moves);
        if moves.is_empty() {
            return end_value(game, pos, &moves);
        }
        if depth == 0 {
            return difference(pos.captured, pos.to_move);
        }
        moves
            .as_slice()
            .iter()
            .map(|s| -minimax(game, &s.position, depth - 1))
            .max()
            .unwrap()
    }

    /// Positions from random games of both shipped readings.
    fn sample_positions() -> Vec<(Game, Position)> {
        let mut out = Vec::new();
        for name in ["modiar", "modiar-awale-info"] {
            let game = Game::new(variants::load(name).unwrap().rules);
            let mut rng = agent_rng(7, Player::South);
            for _ in 0..6 {
                let mut run = GameRun::new(&game, game.start());
                while run.end().is_none() && run.plies() < 200 {
                    if rng.random_range(0..4) == 0 {
                        out.push((game.clone(), *run.position()));
                    }
                    let moves: Vec<usize> = (0..run.moves().len()).collect();
                    run.play_index(*moves.choose(&mut rng).unwrap());
                }
            }
        }
        out
    }

    #[test]
    fn root_value_equals_plain_minimax() {
        let positions = sample_positions();
        assert!(positions.len() > 50, "{}", positions.len());
        for depth in 1..=5 {
            for (game, pos) in &positions {
                let mut agent = AlphaBetaAgent::new(depth, agent_rng(1, Player::South));
                agent.table.clear();
                let searched = agent.negamax(game, pos, depth, -INFINITY, INFINITY);
                assert_eq!(
                    searched,
                    minimax(game, pos, depth),
                    "depth {depth}, {pos:?}"
                );
            }
        }
    }

    #[test]
    fn chosen_moves_are_exactly_the_minimax_best() {
        for (game, pos) in sample_positions() {
            let run = GameRun::new(&game, pos);
            if run.end().is_some() {
                continue;
            }
            let depth = 4;
            let mut agent = AlphaBetaAgent::new(depth, agent_rng(3, Player::North));
            let (tied, value) = agent.best_moves(&run);
            let values: Vec<i32> = run
                .successors()
                .as_slice()
                .iter()
                .map(|s| -minimax(&game, &s.position, depth - 1))
                .collect();
            let best = *values.iter().max().unwrap();
            assert_eq!(value, best);
            let mut expected: Vec<usize> =
                (0..values.len()).filter(|&i| values[i] == best).collect();
            let mut tied = tied;
            tied.sort_unstable();
            expected.sort_unstable();
            assert_eq!(tied, expected, "{pos:?}");
        }
    }

    #[test]
    fn sees_the_end_score() {
        // The worked grand-slam check: North to move, C would take South's
        // whole row and is illegal, North has no other move: the game ends
        // and each side takes its row. From South's side one ply earlier is
        // not needed: the end position itself is valued with the leftovers.
        let game = Game::new(variants::load("modiar").unwrap().rules);
        let pos =
            crate::engine::parse_position("1 3 1 / 1 1 7 north captured 14 14", &game).unwrap();
        let mut moves = Successors::default();
        game.successors(&pos, &mut moves);
        assert!(moves.is_empty());
        // North: 14 + 9 = 23; South: 14 + 5 = 19.
        assert_eq!(end_value(&game, &pos, &moves), 4);
    }
}
