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

mod batch;
mod bounds;
mod ends;
mod games_out;
mod stats;
mod summary;
mod tally;

use std::ops::ControlFlow;

use rayon::prelude::*;

pub use batch::{game_seed, Batch, GameResult, Shard, MAX_PLY_CAP};
pub use bounds::{Bounds, CHECK_PLY_CAP};
pub use games_out::{line, GamesOut, Line};
pub use stats::{nearest_rank, wilson_interval, Histogram};
pub use summary::{
    merge, AgentWins, Branching, Captured, Ends, FirstPlayer, MergeError, Metrics, Plies, Rate,
    Summary, SummaryError, WinRates, Wins,
};
pub use tally::Tally;

use crate::engine::{EndReason, Game, GameRun, MatchRun, NarrowView, Player};

/// Games played in parallel before their results are added up in order.
const CHUNK: u64 = 4096;

/// Plays game `index` of `batch` on `run` (reset first).
pub fn play_game<W: NarrowView>(
    run: &mut GameRun<'_, W>,
    batch: &Batch,
    index: u64,
    record: bool,
) -> GameResult {
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
        // Counted without listing them where they are a mask of pits.
        let legal = run.move_count();
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
fn play_match<W: NarrowView>(
    game: &Game<W>,
    batch: &Batch,
    index: u64,
    record: bool,
) -> GameResult {
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
            let legal = round.move_count();
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
pub fn run<W: NarrowView, E>(
    game: &Game<W>,
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
    use crate::agents::{splitmix64, AgentSpec};

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
