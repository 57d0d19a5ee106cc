//! The perfect agent: plays a move of best value according to a strong
//! solution (see [`crate::solve`]), taking the repetition history into
//! account, so it never does worse than the solved value. The solution is
//! solved on the fly (`perfect`) or read from a table saved by `sow solve
//! --save FILE` (`perfect:FILE`). From endgame databases (`sow solve
//! --databases K --save FILE`) it searches forward at each move, reading
//! them at the leaves.

use std::{
    path::{Path, PathBuf},
    sync::{Arc, Mutex, OnceLock},
};

use super::agent::Agent;
use crate::{
    engine::{Game, GameRun, NarrowView, Position},
    solve::{best_index, solve_from, Search, Solution},
};

/// Positions the agent may solve on the fly (the `sow solve` default).
pub const ON_THE_FLY_LIMIT: u64 = 50_000_000;

/// Solutions already computed in this process, by rules (as JSON) and the
/// position they were solved from, so a batch of games solves once.
type Cache = Mutex<Vec<(String, Position, Arc<Solution>)>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(Vec::new()))
}

/// A solution of `game` that covers `pos`: a cached one, or one solved now
/// from `pos` (from the variant's start when `pos` is reachable from it).
fn shared_solution(game: &Game, pos: &Position) -> Option<Arc<Solution>> {
    let rules = serde_json::to_string(game.rules()).ok()?;
    let mut cached = cache().lock().ok()?;
    if let Some((_, _, s)) = cached
        .iter()
        .find(|(r, _, s)| *r == rules && s.value(pos).is_some())
    {
        return Some(Arc::clone(s));
    }
    let root = if pos.opening { *pos } else { game.start() };
    // Solving takes seconds on a board like Modiar's: say so, on stderr.
    let name = &game.rules().name;
    eprintln!("solving {name} for the perfect agent...");
    let clock = std::time::Instant::now();
    let mut solution = solve_from(game, &root, ON_THE_FLY_LIMIT).ok()?;
    if solution.value(pos).is_none() {
        let mut from = *pos;
        from.captured = [0, 0];
        solution = solve_from(game, &from, ON_THE_FLY_LIMIT).ok()?;
    }
    eprintln!(
        "solved {name}: {} positions in {:.1} s",
        solution.stats().positions,
        clock.elapsed().as_secs_f64()
    );
    let solution = Arc::new(solution);
    cached.push((rules, root, Arc::clone(&solution)));
    Some(solution)
}

/// A table file named by `perfect:FILE`. Agent specs are `Copy`, so the
/// path is kept (interned) in a process-wide list and the spec holds its
/// place there; the table is read once, when first checked against a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableId(usize);

/// A table's path and, once read, the table with the rules (as JSON) it
/// was read for.
type Tables = Mutex<Vec<(PathBuf, Option<(String, Arc<Solution>)>)>>;

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Mutex::new(Vec::new()))
}

impl TableId {
    /// The id of the table at `path` (the same id for the same path).
    pub fn intern(path: &str) -> TableId {
        let mut tables = tables().lock().unwrap_or_else(|e| e.into_inner());
        let path = PathBuf::from(path);
        match tables.iter().position(|(p, _)| *p == path) {
            Some(at) => TableId(at),
            None => {
                tables.push((path, None));
                TableId(tables.len() - 1)
            }
        }
    }

    /// The path given.
    pub fn path(self) -> PathBuf {
        let tables = tables().lock().unwrap_or_else(|e| e.into_inner());
        tables[self.0].0.clone()
    }

    /// The table, read for the rules of `game` (once per process).
    ///
    /// # Errors
    /// The file cannot be read, is no table, or was saved for other rules.
    pub fn load(self, game: &Game) -> Result<Arc<Solution>, String> {
        let rules = serde_json::to_string(game.rules()).map_err(|e| e.to_string())?;
        let mut tables = tables().lock().unwrap_or_else(|e| e.into_inner());
        let (path, loaded) = &mut tables[self.0];
        if let Some((for_rules, table)) = loaded {
            if *for_rules == rules {
                return Ok(Arc::clone(table));
            }
        }
        let table = Arc::new(
            Solution::load(game, Path::new(path))
                .map_err(|e| format!("the perfect agent cannot read its table: {e}"))?,
        );
        *loaded = Some((rules, Arc::clone(&table)));
        Ok(table)
    }

    /// An agent that plays from this table.
    pub(crate) fn agent(self) -> PerfectAgent {
        PerfectAgent {
            table: Some(self),
            ..PerfectAgent::default()
        }
    }
}

/// Plays perfectly from a solution, solving the variant on the fly (once per
/// process) when it was given none.
#[derive(Debug, Clone, Default)]
pub struct PerfectAgent {
    solution: Option<Arc<Solution>>,
    /// The table to read at the first move, if any.
    table: Option<TableId>,
    warned: bool,
}

impl PerfectAgent {
    /// An agent that solves the variant on the fly when it first moves.
    pub fn new() -> Self {
        PerfectAgent::default()
    }

    /// An agent that plays from `solution` (e.g. read with
    /// [`Solution::load`]), solving on the fly only positions outside it.
    pub fn with_solution(solution: Arc<Solution>) -> Self {
        PerfectAgent {
            solution: Some(solution),
            ..PerfectAgent::default()
        }
    }
}

impl<W: NarrowView> Agent<W> for PerfectAgent {
    /// The solver takes only narrow boards: on a wider one (which
    /// [`AgentSpec::check`](super::AgentSpec::check) refuses first) the
    /// agent plays the first legal move, as on a board too large to solve.
    fn choose(&mut self, run: &GameRun<'_, W>) -> usize {
        match W::narrow_run(run) {
            Some(run) => self.choose_narrow(run),
            None => self.first_move(&run.game().rules().name),
        }
    }
}

impl PerfectAgent {
    /// The first legal move, said once, for a variant it cannot solve.
    fn first_move(&mut self, name: &str) -> usize {
        if !self.warned {
            eprintln!(
                "warning: the perfect agent cannot solve {name} (too large); it plays the first legal move"
            );
            self.warned = true;
        }
        0
    }

    /// The move of best value on a narrow board.
    fn choose_narrow(&mut self, run: &GameRun<'_>) -> usize {
        let game = run.game();
        let pos = run.position();
        if let Some(table) = self.table.take() {
            match table.load(game) {
                Ok(solution) => self.solution = Some(solution),
                Err(why) => eprintln!("warning: {why}"),
            }
        }
        if let Some(databases) = self.solution.as_ref().filter(|s| s.databases().is_some()) {
            // Endgame databases: search forward from here, reading them at
            // the leaves.
            if let Ok(mut search) = Search::new(game, Some(databases)) {
                let values = search.move_values(pos, run.history());
                let best = values.iter().map(|(_, v)| *v).max();
                return values
                    .iter()
                    .position(|(_, v)| Some(*v) == best)
                    .unwrap_or(0);
            }
        }
        let covered = self
            .solution
            .as_ref()
            .is_some_and(|s| s.value(pos).is_some());
        if !covered {
            self.solution = shared_solution(game, pos);
        }
        let choice = self
            .solution
            .as_ref()
            .and_then(|s| s.move_values(game, pos, run.history()).ok())
            .and_then(|values| best_index(&values));
        match choice {
            Some(index) => index,
            None => self.first_move(&game.rules().name),
        }
    }
}
