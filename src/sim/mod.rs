//! Batch simulation: many games between two agents, run in parallel, with
//! results that depend only on (variant, agents, seed, options), never on the
//! number of threads.
//!
//! Game `i` (from 0) of a batch with seed `S` uses the game seed
//! [`game_seed`]`(S, i)`; its agents are built with
//! [`AgentSpec::build`](crate::agents::AgentSpec::build) from that seed. Games
//! run in chunks; each chunk is played in parallel and its results are added
//! to the [`Tally`] in game order, so every count and sum is the same whatever
//! the thread count.

mod bounds;
mod ends;
mod games_out;
mod stats;
mod summary;
mod tally;

use std::{
    fmt,
    ops::{ControlFlow, Range},
    str::FromStr,
};

use rayon::prelude::*;

pub use bounds::{Bounds, CHECK_PLY_CAP};
pub use games_out::{line, GamesOut, Line};
pub use stats::{nearest_rank, wilson_interval, Histogram};
pub use summary::{
    merge, AgentWins, Branching, Captured, Ends, FirstPlayer, MergeError, Metrics, Plies, Rate,
    Summary, SummaryError, WinRates, Wins,
};
pub use tally::Tally;

use crate::{
    agents::{splitmix64, AgentSpec},
    engine::{EndReason, Game, GameRun, MatchRun, Move, Outcome, Player},
};

/// Games played in parallel before their results are added up in order.
const CHUNK: u64 = 4096;

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

/// Plays game `index` of `batch` on `run` (reset first).
pub fn play_game(run: &mut GameRun<'_>, batch: &Batch, index: u64, record: bool) -> GameResult {
    let game = run.game();
    if game.has_rounds() {
        return play_match(game, batch, index, record);
    }
    run.reset(game.start());
    let seed = game_seed(batch.seed, index);
    let seats = batch.seats(index);
    let mut agents = Player::BOTH.map(|seat| seats[seat.index()].build(seed, seat));
    let mut legal_moves = 0u64;
    let mut choices = 0u32;
    let mut moves = Vec::new();
    let mut relay_cut = false;
    let _: ControlFlow<()> = run.play_out(batch.max_plies, |run| {
        let legal = run.moves().len();
        legal_moves += legal as u64;
        choices += u32::from(legal > 1);
        let mover = run.position().to_move;
        let pick = agents[mover.index()].choose(run);
        let played = run.play_index(pick);
        relay_cut |= played.effect.relay_cut;
        if record {
            moves.push(played.mv);
        }
        ControlFlow::Continue(())
    });
    let end = run.end().unwrap_or(EndReason::PlyCap);
    let captured = run.position().captured;
    GameResult {
        index,
        seed,
        plies: run.plies(),
        end,
        scores: run.scores(),
        winner: run.outcome(),
        captured: u32::from(captured[0]) + u32::from(captured[1]),
        legal_moves,
        choices,
        moves,
        relay_cut,
        rounds: None,
    }
}

/// Plays game `index` of `batch`, a whole match of a variant with rounds;
/// the ply cap bounds the whole match.
fn play_match(game: &Game, batch: &Batch, index: u64, record: bool) -> GameResult {
    let seed = game_seed(batch.seed, index);
    let seats = batch.seats(index);
    let mut agents = Player::BOTH.map(|seat| seats[seat.index()].build(seed, seat));
    let (mut legal_moves, mut choices, mut captured) = (0u64, 0u32, 0u32);
    let mut moves = Vec::new();
    let mut relay_cut = false;
    let mut run = MatchRun::new(game, game.start());
    let _: ControlFlow<()> = run.play_out(
        batch.max_plies,
        |round| {
            let legal = round.moves().len();
            legal_moves += legal as u64;
            choices += u32::from(legal > 1);
            let mover = round.position().to_move;
            let before = round.position().captured;
            let pick = agents[mover.index()].choose(round);
            let played = round.play_index(pick);
            let after = played.position.captured;
            // A refill move (`fill_from choice`) puts captured stones back.
            captured +=
                u32::from(after[0] + after[1]).saturating_sub(u32::from(before[0] + before[1]));
            relay_cut |= played.effect.relay_cut;
            if record {
                moves.push(played.mv);
            }
            ControlFlow::Continue(())
        },
        |_| {},
    );
    let last = run.run();
    GameResult {
        index,
        seed,
        plies: run.plies(),
        end: last.end().unwrap_or(EndReason::PlyCap),
        scores: last.scores(),
        winner: run.outcome(),
        captured,
        legal_moves,
        choices,
        moves,
        relay_cut,
        rounds: Some(run.round()),
    }
}

/// Plays the games of `batch` on the current rayon pool and adds them up.
///
/// `each` sees every game in index order (to write it out); `progress` is
/// told how many games just finished, from any thread.
///
/// # Errors
/// Whatever `each` returns.
pub fn run<E>(
    game: &Game,
    batch: &Batch,
    record: bool,
    mut each: impl FnMut(&GameResult) -> Result<(), E>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, E> {
    let mut tally = Tally::default();
    let indices = batch.indices();
    let mut start = indices.start;
    while start < indices.end {
        let end = indices.end.min(start + CHUNK);
        let results: Vec<GameResult> = (start..end)
            .into_par_iter()
            .map_init(
                || GameRun::new(game, game.start()),
                |run, index| {
                    let result = play_game(run, batch, index, record);
                    progress(1);
                    result
                },
            )
            .collect();
        for result in &results {
            tally.add(batch, game.start().to_move, result);
            each(result)?;
        }
        start = end;
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_the_batch_once_in_order() {
        for games in [1u64, 2, 7, 10, 1000] {
            for count in 1..=games.min(5) {
                let mut next = 0;
                for index in 1..=count {
                    let r = Shard { index, count }.range(games);
                    assert_eq!(r.start, next);
                    assert!(r.end > r.start, "{games} games, shard {index}/{count}");
                    next = r.end;
                }
                assert_eq!(next, games);
            }
        }
        // 10 games in 3 shards: 0..3, 3..6, 6..10.
        let ranges: Vec<_> = (1..=3)
            .map(|index| Shard { index, count: 3 }.range(10))
            .collect();
        assert_eq!(ranges, [0..3, 3..6, 6..10]);
    }

    #[test]
    fn shard_syntax() {
        assert_eq!("2/4".parse::<Shard>(), Ok(Shard { index: 2, count: 4 }));
        for bad in ["0/4", "5/4", "2", "a/b", "1/0", "-1/2", "1/2/3"] {
            let err = bad.parse::<Shard>().unwrap_err();
            assert!(err.contains("I/N"), "{bad}: {err}");
        }
    }

    #[test]
    fn swap_exchanges_odd_games_only() {
        let batch = Batch {
            agents: [AgentSpec::Random, AgentSpec::Greedy],
            seed: 1,
            games: 4,
            swap: true,
            max_plies: 1000,
            shard: None,
        };
        assert_eq!(batch.seats(0), [AgentSpec::Random, AgentSpec::Greedy]);
        assert_eq!(batch.seats(1), [AgentSpec::Greedy, AgentSpec::Random]);
        assert_eq!(batch.seats(2), [AgentSpec::Random, AgentSpec::Greedy]);
    }

    #[test]
    fn game_seeds_differ_and_follow_splitmix() {
        assert_eq!(game_seed(1, 0), splitmix64(splitmix64(1)));
        assert_ne!(game_seed(1, 0), game_seed(1, 1));
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }
}
