//! `sow bench`: how fast the engine plays a variant. Random playouts from the
//! start, on one thread and on several, and perft nodes per second.

use std::{
    ops::ControlFlow,
    time::{Duration, Instant},
};

use serde::Serialize;

use crate::{
    agents::{agent_rng, splitmix64, Agent, RandomAgent},
    engine::{perft, Game, GameRun, MatchRun, Player},
};

/// Plies after which a benchmark playout is stopped (random games end long before).
const PLY_CAP: u32 = 1000;

/// Plies after which a benchmark match of rounds is stopped (random matches
/// can last far longer: see `galatjang-rounds.variant`).
pub const MATCH_PLY_CAP: u32 = 10_000;

/// Random playouts on some number of threads.
#[derive(Debug, Clone, Serialize)]
pub struct PlayoutRun {
    /// Threads used.
    pub threads: usize,
    /// Games finished (matches, in a variant with rounds).
    pub games: u64,
    /// Rounds played in those matches, in a variant with rounds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u64>,
    /// Plies played in them.
    pub plies: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games (or matches) per second.
    pub games_per_s: f64,
    /// Plies per second.
    pub plies_per_s: f64,
}

/// Perft from the start at one depth.
#[derive(Debug, Clone, Serialize)]
pub struct PerftRun {
    /// Depth counted.
    pub depth: u32,
    /// Leaves (and the nodes visited on the way).
    pub leaves: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Leaves per second.
    pub nodes_per_s: f64,
}

/// Everything `sow bench` measures.
#[derive(Debug, Clone, Serialize)]
pub struct BenchReport {
    /// The variant's name.
    pub variant: String,
    /// Whether the playouts are matches of rounds (the variant has rounds):
    /// then `games` counts matches, each stopped at [`MATCH_PLY_CAP`] plies.
    pub matches: bool,
    /// One entry per thread count measured.
    pub playouts: Vec<PlayoutRun>,
    /// Perft speed.
    pub perft: PerftRun,
    /// Peak resident memory of the process, KiB (Linux only).
    pub peak_memory_kib: Option<u64>,
}

/// Plays random games for about `seconds` on one thread; returns (games, plies).
///
/// One random agent per thread plays both sides, drawing from one stream:
/// the games are uniformly random like `sow simulate`'s, without the cost of
/// seeding two fresh streams per game that `simulate` pays so that each game
/// can be replayed from its own seed.
fn playouts_for(game: &Game, seconds: f64, stream: u64) -> (u64, u64) {
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let mut run = GameRun::new(game, game.start());
    let mut agent = RandomAgent::new(agent_rng(splitmix64(stream), Player::South));
    let (mut games, mut plies) = (0u64, 0u64);
    while Instant::now() < deadline {
        // Check the clock every batch of games, not every game.
        for _ in 0..256 {
            run.reset(game.start());
            let _: ControlFlow<()> = run.play_out(PLY_CAP, |run| {
                run.play_index(agent.choose(run));
                ControlFlow::Continue(())
            });
            games += 1;
            plies += u64::from(run.plies());
        }
    }
    (games, plies)
}

/// Plays random matches of rounds for about `seconds` on one thread, each
/// stopped at [`MATCH_PLY_CAP`] plies; returns (matches, plies, rounds).
/// As [`playouts_for`], one random agent plays both sides.
fn matches_for(game: &Game, seconds: f64, stream: u64) -> (u64, u64, u64) {
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let mut agent = RandomAgent::new(agent_rng(splitmix64(stream), Player::South));
    let (mut matches, mut plies, mut rounds) = (0u64, 0u64, 0u64);
    while Instant::now() < deadline {
        let mut run = MatchRun::new(game, game.start());
        let _: ControlFlow<()> = run.play_out(
            MATCH_PLY_CAP,
            |round| {
                round.play_index(agent.choose(round));
                ControlFlow::Continue(())
            },
            |_| {},
        );
        matches += 1;
        plies += u64::from(run.plies());
        rounds += u64::from(run.round());
    }
    (matches, plies, rounds)
}

/// Random playouts on `threads` threads for about `seconds`: games, or
/// matches in a variant with rounds.
pub fn playouts(game: &Game, seconds: f64, threads: usize) -> PlayoutRun {
    let start = Instant::now();
    let matches = game.has_rounds();
    let totals: Vec<(u64, u64, u64)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let stream = t as u64 + 1;
                scope.spawn(move || match matches {
                    true => matches_for(game, seconds, stream),
                    false => {
                        let (games, plies) = playouts_for(game, seconds, stream);
                        (games, plies, 0)
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or((0, 0, 0)))
            .collect()
    });
    let elapsed = start.elapsed().as_secs_f64();
    let games: u64 = totals.iter().map(|t| t.0).sum();
    let plies: u64 = totals.iter().map(|t| t.1).sum();
    PlayoutRun {
        threads,
        games,
        rounds: matches.then(|| totals.iter().map(|t| t.2).sum()),
        plies,
        seconds: elapsed,
        games_per_s: games as f64 / elapsed,
        plies_per_s: plies as f64 / elapsed,
    }
}

/// Perft at increasing depth until one depth takes at least `seconds / 4`.
pub fn perft_speed(game: &Game, seconds: f64) -> PerftRun {
    let mut depth = 1;
    loop {
        let start = Instant::now();
        let leaves = perft(game, &game.start(), depth);
        let elapsed = start.elapsed().as_secs_f64();
        if elapsed >= seconds / 4.0 || depth >= 40 {
            return PerftRun {
                depth,
                leaves,
                seconds: elapsed,
                nodes_per_s: leaves as f64 / elapsed.max(1e-9),
            };
        }
        depth += 1;
    }
}

/// Peak resident memory (VmHWM) of this process in KiB, where /proc tells.
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The whole benchmark: one thread, then `threads` threads (if more than one),
/// then perft.
pub fn run(game: &Game, seconds: f64, threads: usize) -> BenchReport {
    let mut runs = vec![playouts(game, seconds, 1)];
    if threads > 1 {
        runs.push(playouts(game, seconds, threads));
    }
    BenchReport {
        variant: game.rules().name.clone(),
        matches: game.has_rounds(),
        playouts: runs,
        perft: perft_speed(game, seconds),
        peak_memory_kib: peak_memory_kib(),
    }
}
