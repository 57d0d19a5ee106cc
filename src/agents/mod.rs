//! Agents: whatever picks a move. Each agent has its own random stream derived
//! from the game seed and its seat, so a game is reproducible from
//! (variant, agents, seed).

mod perfect;
mod random;

use std::{fmt, str::FromStr};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use perfect::{PerfectAgent, ON_THE_FLY_LIMIT};
pub use random::RandomAgent;

use crate::engine::{GameRun, Player};

/// Picks a move in a game that is not over.
pub trait Agent {
    /// The index of the chosen move in `run.successors()` (never empty when called).
    fn choose(&mut self, run: &GameRun<'_>) -> usize;
}

/// An agent named on the command line (`random`, `perfect`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentSpec {
    /// Uniformly random legal moves.
    Random,
    /// Perfect play from a strong solution, solved on the fly (small variants).
    Perfect,
}

impl AgentSpec {
    /// A fresh agent for one game, seeded from the game seed and its seat.
    pub fn build(self, game_seed: u64, seat: Player) -> Box<dyn Agent + Send> {
        let rng = agent_rng(game_seed, seat);
        match self {
            AgentSpec::Random => Box::new(RandomAgent::new(rng)),
            AgentSpec::Perfect => Box::new(PerfectAgent::new()),
        }
    }
}

impl FromStr for AgentSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "random" => Ok(AgentSpec::Random),
            "perfect" => Ok(AgentSpec::Perfect),
            other => Err(format!(
                "unknown agent `{other}`, expected `random` or `perfect`"
            )),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Perfect => f.write_str("perfect"),
        }
    }
}

/// Reads `X,Y`: South's agent, then North's.
///
/// # Errors
/// Not two names, or an unknown agent.
pub fn parse_pair(s: &str) -> Result<[AgentSpec; 2], String> {
    match s.split(',').collect::<Vec<_>>().as_slice() {
        [south, north] => Ok([south.trim().parse()?, north.trim().parse()?]),
        _ => Err(format!(
            "expected two agents separated by a comma (south,north), e.g. `random,random`, found `{s}`"
        )),
    }
}

/// The random stream of the agent in `seat` for the game with `game_seed`.
pub fn agent_rng(game_seed: u64, seat: Player) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(splitmix64(game_seed ^ splitmix64(seat.index() as u64 + 1)))
}

/// SplitMix64's finaliser: spreads nearby seeds to unrelated values.
pub fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
