//! What `sow solve` reports: the value of the start, of each first move, a
//! principal variation replayed as a game, and the facts about cycles.

use std::ops::ControlFlow;

use serde::Serialize;

use super::{estimate, for_south, Solution, SolveError, Stats};
use crate::engine::{EndReason, Game, GameRun, Outcome};

/// Longest principal variation played out (a safety net for variants that
/// ignore repetition, where perfect play may go round for ever).
const PV_CAP: u32 = 10_000;

/// A first move and its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FirstMove {
    /// Pit label.
    #[serde(rename = "move")]
    pub mv: String,
    /// Final score difference (South minus North) when this move is played
    /// and both sides then play perfectly.
    pub value: i16,
}

/// How the principal variation ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PvResult {
    /// Why it ended.
    pub end: EndReason,
    /// Final scores `[south, north]`.
    pub scores: [u16; 2],
    /// Who won.
    pub winner: Outcome,
}

/// Facts about positions that can repeat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cycles {
    /// Positions on a cycle.
    pub positions_in_cycles: usize,
    /// Groups of positions that can return to one another.
    pub groups: usize,
    /// Positions in the largest group.
    pub largest_group: usize,
    /// Positions whose value changes when repetitions are scored as nothing.
    pub rule_dependent: usize,
    /// Positions whose value is bracketed exactly but chosen within the
    /// bracket by the approximation for large groups.
    pub approximate: usize,
}

/// The report of `sow solve`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// The variant's name.
    pub variant: String,
    /// Stones in the game.
    pub stones: u32,
    /// Positions reachable from the start.
    pub positions: usize,
    /// The upper bound checked against the limit.
    pub estimate: u128,
    /// Final score difference under perfect play, South minus North.
    pub value: i16,
    /// Proven bounds `[low, high]` on that value: both equal to it unless
    /// the approximation inside large groups of repeating positions could
    /// change it.
    pub bounds: [i16; 2],
    /// The best first moves (pit labels).
    pub best: Vec<String>,
    /// Every first move with its value.
    pub moves: Vec<FirstMove>,
    /// A principal variation: a perfect game, as pit labels.
    pub pv: Vec<String>,
    /// How that game ends.
    pub result: Option<PvResult>,
    /// Facts about cycles.
    pub cycles: Cycles,
    /// Seconds taken to solve.
    pub seconds: f64,
    /// Peak resident memory of the process in bytes (Linux), if known.
    pub peak_memory_bytes: Option<u64>,
}

impl Summary {
    /// Summarises `solution` of `game`; `seconds` is the time it took.
    ///
    /// # Errors
    /// The start is not in the solution (it was made for another game).
    pub fn new(game: &Game, solution: &Solution, seconds: f64) -> Result<Summary, SolveError> {
        let start = game.start();
        let sign = for_south(start.to_move);
        let value = sign * solution.value(&start).ok_or(SolveError::Unknown)?;
        let mut run = GameRun::new(game, start);
        let first = solution.move_values(game, &start, run.history())?;
        let moves: Vec<FirstMove> = first
            .iter()
            .map(|m| FirstMove {
                mv: game.move_label(m.successor.mv),
                value: sign * m.value,
            })
            .collect();
        let best = moves
            .iter()
            .filter(|m| m.value == value)
            .map(|m| m.mv.clone())
            .collect();
        let mut pv = Vec::new();
        let played_out = run.play_out(PV_CAP, |run| {
            let values = match solution.move_values(game, run.position(), run.history()) {
                Ok(values) => values,
                Err(e) => return ControlFlow::Break(Err(e)),
            };
            let Some(index) = best_index(&values) else {
                return ControlFlow::Break(Ok(()));
            };
            pv.push(game.move_label(values[index].successor.mv));
            run.play_index(index);
            ControlFlow::Continue(())
        });
        if let ControlFlow::Break(Err(e)) = played_out {
            return Err(e);
        }
        let result = run.end().zip(run.outcome()).map(|(end, winner)| PvResult {
            end,
            scores: run.scores(),
            winner,
        });
        let Stats {
            positions,
            in_cycles,
            groups,
            largest_group,
            rule_dependent,
            approximate,
            start_bounds,
        } = *solution.stats();
        Ok(Summary {
            variant: game.rules().name.clone(),
            stones: game.rules().total_stones(),
            positions,
            estimate: estimate(game),
            value,
            bounds: start_bounds,
            best,
            moves,
            pv,
            result,
            cycles: Cycles {
                positions_in_cycles: in_cycles,
                groups,
                largest_group,
                rule_dependent,
                approximate,
            },
            seconds,
            peak_memory_bytes: peak_memory(),
        })
    }
}

/// The index of the first move of highest value.
pub fn best_index(values: &[super::MoveValue]) -> Option<usize> {
    let best = values.iter().map(|m| m.value).max()?;
    values.iter().position(|m| m.value == best)
}

/// The process's peak resident memory (`VmHWM` in `/proc/self/status`).
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
