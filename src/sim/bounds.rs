//! What decided a batch of random games beyond the rules a source states:
//! the repetition extension, the relay bound, the ply cap. `sow check --play`
//! shows it, so that a file's author sees what those choices weigh.

use super::{tally::end_index, Batch, GameResult};
use crate::{
    agents::AgentSpec,
    engine::{EndReason, Game, NarrowView},
};

/// The ply cap of `sow check --play`: the default of `sow simulate`.
pub const CHECK_PLY_CAP: u32 = 1000;

/// Counts over a batch of random games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounds {
    /// The batch played (random against random, no seat swap).
    pub batch: Batch,
    /// Games per way of ending, in [`EndReason::ALL`] order (`repetition`
    /// and `ply_cap` among them).
    pub ends: [u64; EndReason::COUNT],
    /// Games in which a move was cut at the relay bound
    /// ([`MAX_RELAYS`](crate::engine::MAX_RELAYS) laps); play went on.
    pub relay_cuts: u64,
}

impl Bounds {
    /// Plays `games` random games of `game` (seeded as `sow simulate
    /// --games GAMES --seed SEED` seeds them, so its end counts are the same)
    /// and counts what decided them.
    pub fn measure<W: NarrowView>(game: &Game<W>, games: u64, seed: u64) -> Bounds {
        let batch = Batch {
            agents: [AgentSpec::Random, AgentSpec::Random],
            seed,
            games,
            swap: false,
            max_plies: CHECK_PLY_CAP,
            shard: None,
        };
        let mut bounds = Bounds {
            batch,
            ends: [0; EndReason::COUNT],
            relay_cuts: 0,
        };
        let counted: Result<_, std::convert::Infallible> = super::run(
            game,
            &batch,
            false,
            |result: &GameResult| {
                bounds.ends[end_index(result.end)] += 1;
                bounds.relay_cuts += u64::from(result.relay_cut);
                Ok(())
            },
            &|_| {},
        );
        let Ok(_) = counted;
        bounds
    }

    /// Games that ended for `end`.
    pub fn ended(&self, end: EndReason) -> u64 {
        self.ends[end_index(end)]
    }
}
