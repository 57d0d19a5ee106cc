//! The random agent: a uniformly random legal move.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::agent::Agent;
use crate::engine::{GameRun, Width};

/// Plays a uniformly random legal move.
#[derive(Debug, Clone)]
pub struct RandomAgent {
    rng: ChaCha8Rng,
}

impl RandomAgent {
    /// A random agent drawing from `rng`.
    pub fn new(rng: ChaCha8Rng) -> Self {
        RandomAgent { rng }
    }
}

impl<W: Width> Agent<W> for RandomAgent {
    fn choose(&mut self, run: &GameRun<'_, W>) -> usize {
        self.rng.random_range(0..run.move_count())
    }
}
