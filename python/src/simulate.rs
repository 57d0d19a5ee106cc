//! `sowing.simulate` and `sowing.games`: a batch of games as `sow simulate`
//! plays it, with the GIL released while it runs. The summary and the game
//! records are the library's own JSON (`--format json`, `--games-out`).

use std::convert::Infallible;

use pyo3::{exceptions::PyValueError, prelude::*};
use sowing::{
    agents,
    engine::Game as Engine,
    sim::{self, Batch, GameResult, Shard, Summary, Tally, MAX_PLY_CAP},
};

use crate::play::{self, Game};

/// Most worker threads (as `sow simulate --threads`).
const MAX_THREADS: usize = 1024;

/// Plays a batch and returns the summary `sow simulate --format json` writes,
/// as a dict. `variant` is a `Game` or what `sowing.load` takes; `agents` is
/// `"south,north"` as on the command line (`"random,greedy"`,
/// `"alphabeta:4,mcts:200"`); `threads=0` uses every core. The result depends
/// only on (variant, agents, seed, games, swap, max_plies). `shard="I/N"`
/// plays only the I-th of N slices of the batch, as `sow simulate --shard`;
/// `merge` adds the shards' summaries up.
#[pyfunction]
#[pyo3(signature = (variant, games=1000, agents="random,random", seed=1, threads=0, swap=false, max_plies=1000, shard=None))]
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    games: u64,
    agents: &str,
    seed: u64,
    threads: usize,
    swap: bool,
    max_plies: u32,
    shard: Option<&str>,
) -> PyResult<PyObject> {
    let (game, mut batch) = batch(py, variant, games, agents, seed, threads, swap, max_plies)?;
    if let Some(shard) = shard {
        let shard: Shard = shard
            .parse()
            .map_err(|e| PyValueError::new_err(format!("shard: {e}")))?;
        if shard.count > games {
            return Err(PyValueError::new_err(format!(
                "shard {shard}: more shards ({}) than games ({games}); every shard must play at least one game",
                shard.count
            )));
        }
        batch.shard = Some(shard);
    }
    let tally = run(py, game, &batch, threads, false, |_| {})?;
    let summary = Summary::of_game(game, &batch, &tally)
        .ok_or_else(|| PyValueError::new_err("the batch holds no game"))?;
    json(py, serde_json::to_string(&summary))
}

/// Plays a batch and returns its games as `sow simulate --games-out` writes
/// them: a list of dicts with `game`, `seed`, `agents`, `plies`, `end`,
/// `scores`, `winner` and `moves` (empty unless `moves=True`). Same
/// arguments as `simulate`.
#[pyfunction]
#[pyo3(signature = (variant, games=1000, agents="random,random", seed=1, threads=0, swap=false, max_plies=1000, moves=false))]
#[allow(clippy::too_many_arguments)]
pub fn games(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    games: u64,
    agents: &str,
    seed: u64,
    threads: usize,
    swap: bool,
    max_plies: u32,
    moves: bool,
) -> PyResult<PyObject> {
    let (game, batch) = batch(py, variant, games, agents, seed, threads, swap, max_plies)?;
    let mut lines = Vec::new();
    run(py, game, &batch, threads, moves, |result| {
        lines.push(sim::line(game, &batch, result));
    })?;
    json(py, serde_json::to_string(&lines))
}

/// Adds up the summaries of the shards `1/N` .. `N/N` of one batch (dicts
/// from `simulate(..., shard=...)` or `sow simulate --shard --format json`)
/// into the summary of the whole batch, as `sow merge` does.
#[pyfunction]
pub fn merge(py: Python<'_>, summaries: Vec<Bound<'_, PyAny>>) -> PyResult<PyObject> {
    let dumps = py.import("json")?.getattr("dumps")?;
    let mut parts = Vec::new();
    for (i, summary) in summaries.iter().enumerate() {
        let text: String = dumps.call1((summary,))?.extract()?;
        let name = format!("summary {}", i + 1);
        let summary: Summary = serde_json::from_str(&text).map_err(|e| {
            PyValueError::new_err(format!(
                "{name}: not a summary from simulate or `sow simulate --format json`: {e}"
            ))
        })?;
        parts.push((name, summary));
    }
    let merged = sim::merge(&parts).map_err(|e| PyValueError::new_err(e.to_string()))?;
    json(py, serde_json::to_string(&merged))
}

/// The game and the batch the arguments describe, checked as `sow simulate`
/// checks its options.
#[allow(clippy::too_many_arguments)]
fn batch(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    games: u64,
    agents: &str,
    seed: u64,
    threads: usize,
    swap: bool,
    max_plies: u32,
) -> PyResult<(&'static Engine, Batch)> {
    let game = match variant.downcast::<Game>() {
        Ok(game) => game.get().engine(),
        Err(_) => play::load(py, &variant.extract::<String>()?)?.engine(),
    };
    let bad = |message: String| PyValueError::new_err(message);
    if games == 0 {
        return Err(bad("games: a batch needs at least 1 game".into()));
    }
    if !(1..=MAX_PLY_CAP).contains(&max_plies) {
        return Err(bad(format!(
            "max_plies: {max_plies} is not between 1 and {MAX_PLY_CAP}"
        )));
    }
    if threads > MAX_THREADS {
        return Err(bad(format!(
            "threads: at most {MAX_THREADS}, not {threads}"
        )));
    }
    let agents = agents::parse_pair(agents).map_err(|e| bad(format!("agents: {e}")))?;
    for agent in &agents {
        agent.check(game).map_err(|e| bad(format!("agents: {e}")))?;
    }
    let batch = Batch {
        agents,
        seed,
        games,
        swap,
        max_plies,
        shard: None,
    };
    Ok((game, batch))
}

/// Plays `batch` on `threads` threads (0: every core) without the GIL;
/// `each` sees every game in order.
fn run(
    py: Python<'_>,
    game: &'static Engine,
    batch: &Batch,
    threads: usize,
    record: bool,
    mut each: impl FnMut(&GameResult) + Send,
) -> PyResult<Tally> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PyValueError::new_err(format!("threads: {e}")))?;
    let played = py.allow_threads(|| {
        pool.install(|| {
            sim::run(
                game,
                batch,
                record,
                |result| {
                    each(result);
                    Ok::<(), Infallible>(())
                },
                &|_| {},
            )
        })
    });
    match played {
        Ok(tally) => Ok(tally),
        Err(never) => match never {},
    }
}

/// JSON written by the library, as Python objects.
fn json(py: Python<'_>, text: serde_json::Result<String>) -> PyResult<PyObject> {
    let text = text.map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}
