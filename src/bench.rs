//! `sow bench`: how fast the engine plays a variant. Random playouts from the
//! start, on one thread and on several, and perft nodes per second.

use std::{
    ops::ControlFlow,
    sync::Barrier,
    time::{Duration, Instant},
};

use serde::Serialize;

use crate::{
    agents::splitmix64,
    engine::{perft, EndReason, Game, GameRun, History, Kernel, MatchRun, NarrowView},
};

mod wyrand;

pub use wyrand::WyRand;

/// Plies after which a benchmark playout is stopped by default (random
/// games of most variants end long before).
pub const PLY_CAP: u32 = 1000;

/// Plies after which a benchmark match of rounds is stopped by default
/// (random matches can last far longer: see `galatjang-rounds.variant`).
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
    /// The plies after which a game is stopped unfinished: the cap asked
    /// for, by default [`default_ply_cap`].
    pub ply_cap: u32,
    /// Games (matches) stopped at `ply_cap` rather than ended by the rules.
    pub ended_by_cap: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games (or matches) per second.
    pub games_per_s: f64,
    /// Plies per second.
    pub plies_per_s: f64,
    /// Processor seconds the threads spent playing (Linux only): on a
    /// machine busy with other work, games and plies per processor second
    /// are steadier than per wall-clock second.
    pub cpu_seconds: Option<f64>,
    /// Games per processor second (Linux only).
    pub games_per_cpu_s: Option<f64>,
    /// Plies per processor second (Linux only).
    pub plies_per_cpu_s: Option<f64>,
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
    /// then `games` counts matches, each stopped at the ply cap.
    pub matches: bool,
    /// One entry per thread count measured.
    pub playouts: Vec<PlayoutRun>,
    /// Perft speed.
    pub perft: PerftRun,
    /// Peak resident memory of the process, KiB (Linux only).
    pub peak_memory_kib: Option<u64>,
}

/// Plays random games for about `seconds` on one thread, from when every
/// thread is `ready` (what the thread sets up first is not timed).
///
/// Each thread plays both sides from one random stream, with
/// [`GameRun::play_random`]: the games are uniformly random like `sow
/// simulate`'s, without the cost of seeding two fresh streams per game that
/// `simulate` pays so that each game can be replayed from its own seed, and
/// without deciding the legality of moves that are not drawn. The stream is
/// a small fast generator ([`WyRand`]), not the ChaCha of the agents: a
/// playout's only work besides the rules is drawing moves, and nothing here
/// needs to be replayed.
///
/// A variant whose rules fit the playout kernel's shape ([`Kernel`]) is
/// played on the kernel: the same games from the same stream, faster.
fn playouts_for<W: NarrowView>(
    game: &Game<W>,
    cap: u32,
    seconds: f64,
    stream: u64,
    ready: &Barrier,
) -> Tally {
    let mut rng = WyRand::new(splitmix64(stream));
    let (mut games, mut plies, mut ended_by_cap) = (0u64, 0u64, 0u64);
    // The kernel takes only narrow boards.
    if let Some(kernel) = W::narrow_game(game).and_then(Kernel::new) {
        let mut history = History::default();
        let (deadline, cpu_start) = start_clock(seconds, ready);
        while Instant::now() < deadline {
            kernel.play_games(&mut rng, cap, &mut history, 256, |played| {
                games += 1;
                plies += u64::from(played.plies);
                ended_by_cap += u64::from(played.end == EndReason::PlyCap);
            });
        }
        return Tally {
            games,
            plies,
            ended_by_cap,
            rounds: 0,
            cpu_seconds: cpu_since(cpu_start),
        };
    }
    let mut run = GameRun::new(game, game.start());
    let (deadline, cpu_start) = start_clock(seconds, ready);
    while Instant::now() < deadline {
        // Check the clock every batch of games, not every game.
        for _ in 0..256 {
            run.reset(game.start());
            let _: ControlFlow<()> = run.play_out(cap, |run| {
                run.play_random(&mut rng);
                ControlFlow::Continue(())
            });
            games += 1;
            plies += u64::from(run.plies());
            ended_by_cap += u64::from(run.end() == Some(EndReason::PlyCap));
        }
    }
    Tally {
        games,
        plies,
        ended_by_cap,
        rounds: 0,
        cpu_seconds: cpu_since(cpu_start),
    }
}

/// Waits until every thread is `ready`, then returns the deadline
/// `seconds` on and the thread's processor time so far.
fn start_clock(seconds: f64, ready: &Barrier) -> (Instant, Option<f64>) {
    ready.wait();
    let cpu_start = thread_cpu_seconds();
    (Instant::now() + Duration::from_secs_f64(seconds), cpu_start)
}

/// What one thread of playouts counted.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    /// Games, or matches in a variant with rounds.
    games: u64,
    /// Plies played in them.
    plies: u64,
    /// Those of them stopped at the ply cap.
    ended_by_cap: u64,
    /// Rounds played in the matches (0 without rounds).
    rounds: u64,
    /// Processor seconds the thread spent, if known.
    cpu_seconds: Option<f64>,
}

/// Processor seconds of the calling thread since `start` (a reading of
/// [`thread_cpu_seconds`]), if both readings are known.
fn cpu_since(start: Option<f64>) -> Option<f64> {
    start
        .zip(thread_cpu_seconds())
        .map(|(start, end)| end - start)
}

/// Processor time (user and system) of the calling thread so far, in
/// seconds, from `/proc/thread-self/stat` (in clock ticks, 100 a second on
/// Linux); `None` where that file is not there.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The fields after the command name (in brackets, which may hold spaces):
    // state is the first, utime the 12th and stime the 13th.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<u64>().ok();
    Some((ticks(11)? + ticks(12)?) as f64 / 100.0)
}

/// Plays random matches of rounds for about `seconds` on one thread, each
/// stopped at `cap` plies. As [`playouts_for`], both sides draw
/// from one stream with [`GameRun::play_random`], timed from when every
/// thread is `ready`.
fn matches_for<W: NarrowView>(
    game: &Game<W>,
    cap: u32,
    seconds: f64,
    stream: u64,
    ready: &Barrier,
) -> Tally {
    let mut rng = WyRand::new(splitmix64(stream));
    let (mut matches, mut plies, mut rounds, mut ended_by_cap) = (0u64, 0u64, 0u64, 0u64);
    let mut run = MatchRun::new(game, game.start());
    let (deadline, cpu_start) = start_clock(seconds, ready);
    while Instant::now() < deadline {
        run.reset(game.start());
        let _: ControlFlow<()> = run.play_out(
            cap,
            |round| {
                round.play_random(&mut rng);
                ControlFlow::Continue(())
            },
            |_| {},
        );
        matches += 1;
        plies += u64::from(run.plies());
        rounds += u64::from(run.round());
        ended_by_cap += u64::from(run.outcome().is_none());
    }
    Tally {
        games: matches,
        plies,
        ended_by_cap,
        rounds,
        cpu_seconds: cpu_since(cpu_start),
    }
}

/// The ply cap of `sow bench` when none is asked for: [`MATCH_PLY_CAP`]
/// for a variant with rounds (a match), else [`PLY_CAP`].
pub fn default_ply_cap<W: NarrowView>(game: &Game<W>) -> u32 {
    match game.has_rounds() {
        true => MATCH_PLY_CAP,
        false => PLY_CAP,
    }
}

/// Random playouts on `threads` threads for about `seconds`, each stopped
/// after `cap` plies: games, or matches in a variant with rounds. The clock starts when every thread
/// has set up (its kernel's tables, its stream) and stops when the last
/// has finished: each thread plays on its own stream, history and
/// counters, and shares nothing but the read-only game.
pub fn playouts<W: NarrowView>(
    game: &Game<W>,
    cap: u32,
    seconds: f64,
    threads: usize,
) -> PlayoutRun {
    let matches = game.has_rounds();
    let ready = Barrier::new(threads + 1);
    let (totals, elapsed): (Vec<Tally>, f64) = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let stream = t as u64 + 1;
                let ready = &ready;
                scope.spawn(move || match matches {
                    true => matches_for(game, cap, seconds, stream, ready),
                    false => playouts_for(game, cap, seconds, stream, ready),
                })
            })
            .collect();
        ready.wait();
        let start = Instant::now();
        let totals = workers
            .into_iter()
            .map(|w| w.join().unwrap_or_default())
            .collect();
        (totals, start.elapsed().as_secs_f64())
    });
    let games: u64 = totals.iter().map(|t| t.games).sum();
    let plies: u64 = totals.iter().map(|t| t.plies).sum();
    let cpu_seconds: Option<f64> = totals.iter().map(|t| t.cpu_seconds).sum();
    let per_cpu_s = |n: u64| cpu_seconds.filter(|&s| s > 0.0).map(|s| n as f64 / s);
    PlayoutRun {
        threads,
        games,
        rounds: matches.then(|| totals.iter().map(|t| t.rounds).sum()),
        plies,
        ply_cap: cap,
        ended_by_cap: totals.iter().map(|t| t.ended_by_cap).sum(),
        seconds: elapsed,
        games_per_s: games as f64 / elapsed,
        plies_per_s: plies as f64 / elapsed,
        cpu_seconds,
        games_per_cpu_s: per_cpu_s(games),
        plies_per_cpu_s: per_cpu_s(plies),
    }
}

/// Perft at increasing depth until one depth takes at least `seconds / 4`.
pub fn perft_speed<W: NarrowView>(game: &Game<W>, seconds: f64) -> PerftRun {
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
/// each game stopped after `cap` plies, then perft.
pub fn run<W: NarrowView>(game: &Game<W>, cap: u32, seconds: f64, threads: usize) -> BenchReport {
    let mut runs = vec![playouts(game, cap, seconds, 1)];
    if threads > 1 {
        runs.push(playouts(game, cap, seconds, threads));
    }
    BenchReport {
        variant: game.rules().name.clone(),
        matches: game.has_rounds(),
        playouts: runs,
        perft: perft_speed(game, seconds),
        peak_memory_kib: peak_memory_kib(),
    }
}
