//! `sowing.simulate`: a batch of games, as `sow simulate` plays it, with the
//! GIL released while it runs; its summary is the library's own JSON.

use std::convert::Infallible;

use pyo3::{exceptions::PyValueError, prelude::*};
use sowing::{
    agents,
    sim::{self, Batch, Summary, MAX_PLY_CAP},
};

use crate::play::{self, Game};

/// Most worker threads (as `sow simulate --threads`).
const MAX_THREADS: usize = 1024;

/// Plays a batch and returns the summary `sow simulate --format json` writes,
/// as a dict. `variant` is a `Game` or what `sowing.load` takes; `agents` is
/// `"south,north"` as on the command line (`"random,greedy"`,
/// `"alphabeta:4,mcts:200"`); `threads=0` uses every core. The result depends
/// only on (variant, agents, seed, games, swap, max_plies).
#[pyfunction]
#[pyo3(signature = (variant, games=1000, agents="random,random", seed=1, threads=0, swap=false, max_plies=1000))]
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
) -> PyResult<PyObject> {
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
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| bad(format!("threads: {e}")))?;
    let tally = py.allow_threads(|| {
        pool.install(|| sim::run(game, &batch, false, |_| Ok::<(), Infallible>(()), &|_| {}))
    });
    let tally = match tally {
        Ok(tally) => tally,
        Err(never) => match never {},
    };
    let summary = Summary::new(&game.rules().name, &batch, game.start().to_move, &tally)
        .ok_or_else(|| bad("the batch holds no game".into()))?;
    let json = serde_json::to_string(&summary).map_err(|e| bad(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (json,))?.unbind())
}
