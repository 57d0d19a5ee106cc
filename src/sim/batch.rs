//! What a batch plays ([`Batch`], a [`Shard`] of it, each game's seed) and
//! what one game of it gives ([`GameResult`]).

use std::{fmt, ops::Range, str::FromStr};

use crate::{
    agents::{splitmix64, AgentSpec},
    engine::{EndReason, Move, Outcome},
};

/// Most plies `--max-plies` accepts.
pub const MAX_PLY_CAP: u32 = 1_000_000;

/// What a batch plays: everything a game's moves depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Batch {
    /// The agents named first and second; the first sits South unless swapped.
    pub agents: [AgentSpec; 2],
    /// The batch seed.
    pub seed: u64,
    /// Games in the whole batch (all shards together).
    pub games: u64,
    /// Odd-numbered games exchange the agents' seats.
    pub swap: bool,
    /// A game still going after this many plies stops and counts as `ply_cap`.
    pub max_plies: u32,
    /// The slice of the batch this run plays, or `None` for all of it.
    pub shard: Option<Shard>,
}

impl Batch {
    /// The indices of the games this run plays.
    pub fn indices(&self) -> Range<u64> {
        match self.shard {
            Some(shard) => shard.range(self.games),
            None => 0..self.games,
        }
    }

    /// Whether game `index` has the agents' seats exchanged.
    pub fn swapped(&self, index: u64) -> bool {
        self.swap && index % 2 == 1
    }

    /// The agents of game `index`, `[south, north]`.
    pub fn seats(&self, index: u64) -> [AgentSpec; 2] {
        let [first, second] = self.agents;
        if self.swapped(index) {
            [second, first]
        } else {
            [first, second]
        }
    }
}

/// The seed of game `index` in a batch seeded `seed`: the `index`-th output of
/// a SplitMix64 stream started from `seed`, i.e. `mix(mix(seed) + index)`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    splitmix64(splitmix64(seed).wrapping_add(index))
}

/// Shard `index` of `count` (from 1): the `index`-th of `count` contiguous,
/// disjoint slices of a batch's game indices, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1 to `count`.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

impl Shard {
    /// Games `[(I-1)·G/N, I·G/N)` of a batch of `games` (integer division).
    pub fn range(self, games: u64) -> Range<u64> {
        let cut = |i: u64| (u128::from(games) * u128::from(i) / u128::from(self.count)) as u64;
        cut(self.index - 1)..cut(self.index)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("expected a shard as I/N with 1 <= I <= N (e.g. `1/4`), found `{s}`");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// One finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The game's index in the batch.
    pub index: u64,
    /// Its seed.
    pub seed: u64,
    /// Plies played.
    pub plies: u32,
    /// Why it ended.
    pub end: EndReason,
    /// Final scores `[south, north]` (at a ply cap: as the leftover rule
    /// would score the position).
    pub scores: [u16; 2],
    /// The winner; `None` when the ply cap stopped the game.
    pub winner: Option<Outcome>,
    /// Stones captured during play (leftovers not included).
    pub captured: u32,
    /// Legal moves summed over every position where a move was chosen.
    pub legal_moves: u64,
    /// Positions where the mover had more than one legal move.
    pub choices: u32,
    /// The moves, when the batch records them (empty otherwise).
    pub moves: Vec<Move>,
    /// A move of the game was cut at the relay bound
    /// ([`MAX_RELAYS`](crate::engine::MAX_RELAYS) laps).
    pub relay_cut: bool,
    /// In a variant with rounds, the rounds the match took (the game is the
    /// whole match: `plies`, `winner` and `captured` are the match's; `end`
    /// and `scores` its last round's). `None` without rounds.
    pub rounds: Option<u32>,
}
