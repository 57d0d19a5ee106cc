//! Agents: whatever picks a move. Each agent has its own random stream derived
//! from the game seed and its seat, so a game is reproducible from
//! (variant, agents, seed).

mod agent;
mod alphabeta;
mod greedy;
mod mcts;
mod perfect;
mod random;

use std::{fmt, str::FromStr};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use agent::Agent;
pub use alphabeta::AlphaBetaAgent;
pub use greedy::GreedyAgent;
pub use mcts::MctsAgent;
pub use perfect::{PerfectAgent, TableId, ON_THE_FLY_LIMIT};
pub use random::RandomAgent;

use crate::{
    engine::{Game, NarrowView, Player},
    solve::SolveError,
};

/// Deepest search `alphabeta:D` accepts.
pub const MAX_DEPTH: u8 = 20;

/// Most playouts per move `mcts:N` accepts.
pub const MAX_PLAYOUTS: u32 = 1_000_000;

/// An agent named on the command line: `random`, `greedy`, `alphabeta:D`
/// `mcts:N`, `perfect` or `perfect:FILE`. Written back with [`fmt::Display`]
/// in the same form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentSpec {
    /// Uniformly random legal moves.
    Random,
    /// The biggest immediate capture, ties at random.
    Greedy,
    /// Alpha-beta search this many plies deep.
    AlphaBeta(u8),
    /// Monte Carlo tree search (UCT) with this many playouts per move.
    Mcts(u32),
    /// Perfect play from a strong solution, solved on the fly (small variants).
    Perfect,
    /// Perfect play from a table saved by `sow solve --save FILE`.
    PerfectFrom(TableId),
}

impl AgentSpec {
    /// Whether this agent can play `game`: the perfect agent needs a narrow
    /// board (the solver's), a variant small enough to solve on the fly, or
    /// a table saved for its rules (read here, once per process).
    ///
    /// # Errors
    /// Why it cannot.
    pub fn check<W: NarrowView>(self, game: &Game<W>) -> Result<(), String> {
        let perfect = matches!(self, AgentSpec::Perfect | AgentSpec::PerfectFrom(_));
        let game = match W::narrow_game(game) {
            Some(game) => game,
            None if perfect => {
                return Err(game.too_wide("the perfect agent (the solver)"));
            }
            None => return Ok(()),
        };
        match self {
            AgentSpec::Perfect => crate::solve::solvable(game, ON_THE_FLY_LIMIT).map_err(|e| {
                let name = &game.rules().name;
                let why = match e {
                    SolveError::TooManyPositions { estimate, limit } => format!(
                        "it solves the variant first, and {name} may have up to {estimate} positions, more than the {limit} it solves on the fly"
                    ),
                    SolveError::Memory(too_large) => too_large.describe("positions"),
                    other => other.to_string(),
                };
                format!("the perfect agent cannot play {name}: {why}; choose another agent (greedy, alphabeta:D, mcts:N)")
            }),
            AgentSpec::PerfectFrom(table) => table.load(game).map(|_| ()),
            _ => Ok(()),
        }
    }

    /// A fresh agent for one game, seeded from the game seed and its seat.
    pub fn build<W: NarrowView>(self, game_seed: u64, seat: Player) -> Box<dyn Agent<W> + Send> {
        let rng = agent_rng(game_seed, seat);
        match self {
            AgentSpec::Random => Box::new(RandomAgent::new(rng)),
            AgentSpec::Greedy => Box::new(GreedyAgent::new(rng)),
            AgentSpec::AlphaBeta(depth) => Box::new(AlphaBetaAgent::new(depth, rng)),
            AgentSpec::Mcts(playouts) => Box::new(MctsAgent::new(playouts, rng)),
            AgentSpec::Perfect => Box::new(PerfectAgent::new()),
            AgentSpec::PerfectFrom(table) => Box::new(table.agent()),
        }
    }
}

impl FromStr for AgentSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (name, arg) = match s.split_once(':') {
            Some((name, arg)) => (name, Some(arg)),
            None => (s, None),
        };
        match (name, arg) {
            ("random", None) => Ok(AgentSpec::Random),
            ("greedy", None) => Ok(AgentSpec::Greedy),
            ("perfect", None) => Ok(AgentSpec::Perfect),
            ("perfect", Some("")) => Err(format!(
                "`{s}` needs a file: `perfect:FILE`, a table saved by `sow solve VARIANT --save FILE`"
            )),
            ("perfect", Some(file)) => Ok(AgentSpec::PerfectFrom(TableId::intern(file))),
            ("alphabeta", Some(depth)) => match depth.parse::<u8>() {
                Ok(d) if (1..=MAX_DEPTH).contains(&d) => Ok(AgentSpec::AlphaBeta(d)),
                _ => Err(format!(
                    "agent `{s}`: depth `{depth}` is out of range: the depth D of `alphabeta:D` must be a whole number from 1 to {MAX_DEPTH}"
                )),
            },
            ("alphabeta", None) => Err(format!(
                "`{s}` needs a depth: `alphabeta:D` with D from 1 to {MAX_DEPTH}, e.g. `alphabeta:4`"
            )),
            ("mcts", Some(playouts)) => match playouts.parse::<u32>() {
                Ok(n) if (1..=MAX_PLAYOUTS).contains(&n) => Ok(AgentSpec::Mcts(n)),
                _ => Err(format!(
                    "agent `{s}`: `{playouts}` playouts is out of range: the playouts N of `mcts:N` must be a whole number from 1 to {MAX_PLAYOUTS}"
                )),
            },
            ("mcts", None) => Err(format!(
                "`{s}` needs a number of playouts: `mcts:N`, e.g. `mcts:200`"
            )),
            _ => Err(format!(
                "unknown agent `{s}`, expected `random`, `greedy`, `alphabeta:D`, `mcts:N` or `perfect`"
            )),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Greedy => f.write_str("greedy"),
            AgentSpec::AlphaBeta(depth) => write!(f, "alphabeta:{depth}"),
            AgentSpec::Mcts(playouts) => write!(f, "mcts:{playouts}"),
            AgentSpec::Perfect => f.write_str("perfect"),
            AgentSpec::PerfectFrom(table) => write!(f, "perfect:{}", table.path().display()),
        }
    }
}

/// Reads `X,Y`: South's agent, then North's.
///
/// # Errors
/// An agent that is not valid (the first such, with why: `alphabeta:99`
/// names its depth and the range), else not exactly two names.
pub fn parse_pair(s: &str) -> Result<[AgentSpec; 2], String> {
    let names: Vec<&str> = s.split(',').map(str::trim).collect();
    let agents = names
        .iter()
        .map(|name| name.parse::<AgentSpec>())
        .collect::<Result<Vec<_>, _>>()?;
    match agents.as_slice() {
        [south, north] => Ok([*south, *north]),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in [
            "random",
            "greedy",
            "alphabeta:1",
            "alphabeta:20",
            "mcts:1",
            "mcts:500",
            "perfect",
        ] {
            assert_eq!(name.parse::<AgentSpec>().unwrap().to_string(), name);
        }
    }

    #[test]
    fn bad_names_say_what_is_expected() {
        assert_eq!(
            "minimax".parse::<AgentSpec>().unwrap_err(),
            "unknown agent `minimax`, expected `random`, `greedy`, `alphabeta:D`, `mcts:N` or `perfect`"
        );
        assert_eq!(
            "random:3".parse::<AgentSpec>().unwrap_err(),
            "unknown agent `random:3`, expected `random`, `greedy`, `alphabeta:D`, `mcts:N` or `perfect`"
        );
        for bad in ["alphabeta:0", "alphabeta:21", "alphabeta:x", "alphabeta:"] {
            let err = bad.parse::<AgentSpec>().unwrap_err();
            assert!(err.contains("from 1 to 20"), "{bad}: {err}");
        }
        assert!("alphabeta"
            .parse::<AgentSpec>()
            .unwrap_err()
            .contains("needs a depth"));
        for bad in ["mcts:0", "mcts:-3", "mcts:many"] {
            let err = bad.parse::<AgentSpec>().unwrap_err();
            assert!(err.contains("whole number from 1"), "{bad}: {err}");
        }
        assert!("mcts"
            .parse::<AgentSpec>()
            .unwrap_err()
            .contains("playouts"));
    }

    #[test]
    fn pairs_need_two_names() {
        assert_eq!(
            parse_pair("greedy, mcts:10").unwrap(),
            [AgentSpec::Greedy, AgentSpec::Mcts(10)]
        );
        assert!(parse_pair("random").unwrap_err().contains("two agents"));
        // A bad agent is named, even alone: not "two agents".
        assert_eq!(
            parse_pair("alphabeta:99").unwrap_err(),
            "agent `alphabeta:99`: depth `99` is out of range: the depth D of `alphabeta:D` must be a whole number from 1 to 20"
        );
        assert!(parse_pair("random,bogus")
            .unwrap_err()
            .contains("unknown agent `bogus`"));
    }
}
