//! The greedy agent: the move that captures the most stones right now.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::agent::Agent;
use crate::engine::{GameRun, Width};

/// Plays the move that captures the most stones this ply; ties (including
/// "no move captures") are broken uniformly at random.
#[derive(Debug, Clone)]
pub struct GreedyAgent {
    rng: ChaCha8Rng,
}

impl GreedyAgent {
    /// A greedy agent breaking ties with `rng`.
    pub fn new(rng: ChaCha8Rng) -> Self {
        GreedyAgent { rng }
    }
}

impl<W: Width> Agent<W> for GreedyAgent {
    fn choose(&mut self, run: &GameRun<'_, W>) -> usize {
        let moves = run.successors().as_slice();
        let best = moves.iter().map(|s| s.effect.captured).max().unwrap_or(0);
        let ties = moves.iter().filter(|s| s.effect.captured == best).count();
        let pick = self.rng.random_range(0..ties.max(1));
        moves
            .iter()
            .enumerate()
            .filter(|(_, s)| s.effect.captured == best)
            .nth(pick)
            .map_or(0, |(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        agents::agent_rng,
        engine::{parse_position, Game, Player},
        variants,
    };

    #[test]
    fn takes_the_biggest_capture() {
        let game = Game::new(variants::load("modiar").unwrap().rules);
        // South to move: a (2 stones) ends in b making 4, b is taken (4);
        // b (3) ends in A making 2 and the chain takes A only: c holds 1.
        // c is empty. So greedy must play `a`.
        let pos = parse_position("2 3 0 / 1 5 1 south captured 10 20", &game).unwrap();
        let run = GameRun::new(&game, pos);
        let labels: Vec<String> = run
            .successors()
            .as_slice()
            .iter()
            .map(|s| game.move_label(s.mv))
            .collect();
        assert_eq!(labels, ["a", "b"]);
        for seed in 0..20 {
            let mut agent = GreedyAgent::new(agent_rng(seed, Player::South));
            assert_eq!(agent.choose(&run), 0, "seed {seed}");
        }
    }

    #[test]
    fn breaks_ties_at_random() {
        let game = Game::new(variants::load("modiar").unwrap().rules);
        // The opening: no move captures (first move), so every move ties.
        let run = GameRun::new(&game, game.start());
        let mut seen = [false; 3];
        for seed in 0..50 {
            let mut agent = GreedyAgent::new(agent_rng(seed, Player::South));
            seen[agent.choose(&run)] = true;
        }
        assert_eq!(seen, [true; 3]);
    }
}
