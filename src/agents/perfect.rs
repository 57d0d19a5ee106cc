//! The perfect agent: plays a move of best value according to a strong
//! solution (see [`crate::solve`]), taking the repetition history into
//! account, so it never does worse than the solved value.

use std::sync::{Arc, Mutex, OnceLock};

use super::Agent;
use crate::{
    engine::{Game, GameRun, Position},
    solve::{best_index, solve_from, Solution},
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

/// Plays perfectly from a solution, solving the variant on the fly (once per
/// process) when it was given none.
#[derive(Debug, Clone, Default)]
pub struct PerfectAgent {
    solution: Option<Arc<Solution>>,
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
            warned: false,
        }
    }
}

impl Agent for PerfectAgent {
    fn choose(&mut self, run: &GameRun<'_>) -> usize {
        let game = run.game();
        let pos = run.position();
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
            None => {
                if !self.warned {
                    eprintln!(
                        "warning: the perfect agent cannot solve {} (too large); it plays the first legal move",
                        game.rules().name
                    );
                    self.warned = true;
                }
                0
            }
        }
    }
}
