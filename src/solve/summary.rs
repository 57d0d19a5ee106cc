//! What `sow solve` reports: the value of the start, of each first move, a
//! principal variation replayed as a game, and the facts about cycles.

use std::ops::ControlFlow;

use serde::Serialize;

use super::{estimate, for_south, Search, Solution, SolveError, Stats, Test};
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
    /// and both sides then play perfectly, or a proven bound on it.
    pub value: i16,
    /// Whether `value` is the move's value or a bound on it.
    pub bound: MoveBound,
}

/// What a first move's `value` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveBound {
    /// The move's value.
    Exact,
    /// A proven upper bound on it, for South (below the start's value).
    AtMost,
    /// A proven lower bound on it, for South (above the start's value).
    AtLeast,
    /// Not proven: an estimate of it, within proven bounds (the position
    /// the move leads to is not proven exact, or its value given the
    /// positions seen before was not settled within the search's nodes).
    Estimate,
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
    /// Positions whose value is chosen by the approximation for large
    /// groups and not proven exact (their proven bounds differ).
    pub approximate: usize,
    /// Positions whose value is not proven exact: the approximate ones and
    /// those whose value depends on theirs (listed in `inexact_positions`).
    pub inexact: usize,
}

/// A position whose value is not proven exact.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InexactPosition {
    /// The position, as `--from` reads it (the side to move included).
    pub position: String,
    /// The value given, for the player to move.
    pub value: i16,
    /// Proven bounds on it `[low, high]`, for the player to move.
    pub bounds: [i16; 2],
    /// Why it is not exact: `large_group` (it lies in a group of repeating
    /// positions that the history search did not settle, where a repetition's
    /// worth depends on where it happens) or `leads_to_large_group` (its
    /// value depends on such positions).
    pub why: &'static str,
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
    /// Every position whose value is not proven exact (empty when all are).
    pub inexact_positions: Vec<InexactPosition>,
    /// What the tests on the start and its first moves did
    /// (`--settle-start`); absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_tests: Option<StartTestsReport>,
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
                bound: if m.exact {
                    MoveBound::Exact
                } else {
                    MoveBound::Estimate
                },
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
            inexact,
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
                inexact,
            },
            inexact_positions: inexact_positions(game, solution),
            start_tests: solution.start_tests().map(|t| StartTestsReport {
                nodes_per_test: t.nodes_per_test,
                nodes: t.nodes,
                tests: t.tests,
            }),
            seconds,
            peak_memory_bytes: peak_memory(),
        })
    }
}

/// What the tests on the start and its first moves did (`sow solve
/// --settle-start`); which values they made exact is in `bounds` and in
/// each first move's `bound`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StartTestsReport {
    /// Most nodes each test could visit.
    pub nodes_per_test: u64,
    /// Nodes the tests visited in all.
    pub nodes: u64,
    /// Tests run (each answered, or abandoned at its node limit).
    pub tests: u64,
}

/// The positions of `solution` not proven exact, in key order.
fn inexact_positions(game: &Game, solution: &Solution) -> Vec<InexactPosition> {
    let mut found: Vec<_> = solution.inexact().collect();
    found.sort_unstable_by_key(|(pos, _, _)| solution.codec().encode(pos));
    found
        .into_iter()
        .map(|(pos, value, entry)| InexactPosition {
            position: crate::engine::format_position(&pos, game),
            value,
            bounds: entry.bounds,
            why: if entry.in_large_group {
                "large_group"
            } else {
                "leads_to_large_group"
            },
        })
        .collect()
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

/// The endgame databases a forward search read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DatabaseFacts {
    /// They hold every position with at most this many stones on the board.
    pub stones: u32,
    /// Positions in them.
    pub positions: usize,
    /// Positions in them whose value is not proven exact.
    pub inexact: usize,
    /// Seconds taken to build them (0 when read from a file).
    pub seconds: f64,
    /// The file they were read from, if any.
    pub file: Option<String>,
}

/// How the forward search of [`ForwardSummary::new`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchOptions {
    /// Value each first move exactly, not only the best ones.
    pub every_move: bool,
    /// Threads sharing the table (at least one).
    pub threads: usize,
    /// MTD(f)'s first guess at the start's value, for South; `None`: found
    /// by iterative deepening ([`Search::deepen`]) within
    /// [`GUESS_POSITIONS`].
    pub guess: Option<i16>,
}

/// Positions the iterative deepening of the first guess may search: on
/// Kalah(6,4) a few seconds, against minutes for each pass of MTD(f).
pub const GUESS_POSITIONS: u64 = 1 << 24;

/// How MTD(f)'s first guess was found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FirstGuess {
    /// The guess, for South.
    pub value: i16,
    /// Given with `--guess` (else found by iterative deepening).
    pub given: bool,
    /// Each depth of the iterative deepening, its value for South the next
    /// guess.
    pub depths: Vec<GuessDepth>,
}

/// One depth of the iterative deepening of the first guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GuessDepth {
    /// Moves searched ahead.
    pub depth: u32,
    /// The value found, for South.
    pub value: i16,
    /// Positions searched at this depth.
    pub positions: u64,
    /// The search reached no horizon: the value is exact.
    pub exact: bool,
}

/// The proven bounds on the start's value, for South, after one pass of
/// MTD(f) (a null-window search).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Pass {
    /// Proven lower bound.
    pub low: i16,
    /// Proven upper bound.
    pub high: i16,
}

/// The report of `sow solve --databases K`: a forward search from the start
/// with the databases at its leaves.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ForwardSummary {
    /// The variant's name.
    pub variant: String,
    /// Stones in the game.
    pub stones: u32,
    /// The databases read.
    pub databases: DatabaseFacts,
    /// Final score difference under perfect play, South minus North.
    pub value: i16,
    /// Whether `value`, `moves` and `pv` are exact: false when the search
    /// read a database value that is not proven exact.
    pub exact: bool,
    /// How MTD(f)'s first guess was found (`None` with `every_move`, where
    /// each first move is searched from 0).
    pub first_guess: Option<FirstGuess>,
    /// The bounds on the start's value after each pass of MTD(f).
    pub passes: Vec<Pass>,
    /// The best first moves (pit labels).
    pub best: Vec<String>,
    /// Every first move with its value.
    pub moves: Vec<FirstMove>,
    /// A principal variation: a perfect game, as pit labels.
    pub pv: Vec<String>,
    /// How that game ends.
    pub result: Option<PvResult>,
    /// Positions the search visited (database leaves included), for the
    /// value and the first moves.
    pub positions_searched: u64,
    /// Positions in the transposition table at the end.
    pub table_positions: usize,
    /// Seconds the search took (first moves and principal variation).
    pub search_seconds: f64,
    /// Peak resident memory of the process in bytes (Linux), if known.
    pub peak_memory_bytes: Option<u64>,
}

impl ForwardSummary {
    /// Searches `game` from its start with `databases` at the leaves (built
    /// in `seconds`, or read from `file`), telling `progress` the proven
    /// bounds on the start's value (for South) as the search narrows them.
    /// With `every_move` each first move is valued exactly; otherwise the
    /// start is valued, and each first move tested against that value by
    /// one null-window search: the best ones get their exact value, the
    /// others a proven bound (far cheaper on large boards). `options` say
    /// how to search.
    ///
    /// # Errors
    /// The board does not fit the search's keys, or `databases` is a
    /// solution from a start.
    pub fn new(
        game: &Game,
        databases: &Solution,
        seconds: f64,
        file: Option<String>,
        options: &SearchOptions,
        progress: &mut dyn FnMut(String),
    ) -> Result<ForwardSummary, SolveError> {
        let clock = std::time::Instant::now();
        let mut search = Search::new(game, Some(databases))?;
        search.set_threads(options.threads);
        let start = game.start();
        let sign = i32::from(for_south(start.to_move));
        let mut run = GameRun::new(game, start);
        let labels: Vec<String> = {
            let mut moves = crate::engine::Successors::default();
            game.successors(&start, &mut moves);
            moves
                .as_slice()
                .iter()
                .map(|s| game.move_label(s.mv))
                .collect()
        };
        let total = game.rules().total_stones() as i32;
        let (guess, depths) = match options.guess {
            _ if options.every_move => (0, Vec::new()),
            Some(given) => (sign * i32::from(given), Vec::new()),
            None => {
                let depths =
                    search.deepen(&start, run.history(), GUESS_POSITIONS, &mut |step| {
                        progress(format!(
                            "first guess: {:+} for south searching {} moves ahead ({} positions, {:.1} s)",
                            sign * step.value,
                            step.depth,
                            step.positions,
                            clock.elapsed().as_secs_f64()
                        ));
                    });
                let guess = depths.last().map_or(0, |d| d.value);
                (guess, depths)
            }
        };
        let mut show = |what: &str, low: i32, high: i32| {
            let (a, b) = (sign * low, sign * high);
            let (a, b) = (a.clamp(-total, total), b.clamp(-total, total));
            progress(format!(
                "{what}: between {:+} and {:+} for south ({:.1} s)",
                a.min(b),
                a.max(b),
                clock.elapsed().as_secs_f64()
            ));
        };
        let mut passes = Vec::new();
        let mut first_guess = None;
        let (value, moves) = if options.every_move {
            let first = search.move_values_with(&start, run.history(), &mut |i, low, high| {
                show(&format!("first move {}", labels[i]), low, high);
            });
            let value = first.iter().map(|(_, v)| *v).max().unwrap_or(0);
            let moves: Vec<FirstMove> = first
                .iter()
                .zip(&labels)
                .map(|((_, v), label)| FirstMove {
                    mv: label.clone(),
                    value: (sign * v) as i16,
                    bound: MoveBound::Exact,
                })
                .collect();
            (value, moves)
        } else {
            first_guess = Some(FirstGuess {
                value: (sign * guess) as i16,
                given: options.guess.is_some(),
                depths: depths
                    .iter()
                    .map(|d| GuessDepth {
                        depth: d.depth,
                        value: (sign * d.value) as i16,
                        positions: d.positions,
                        exact: d.exact,
                    })
                    .collect(),
            });
            let value = search.value_from(&start, run.history(), guess, &mut |low, high| {
                let (a, b) = (sign * low, sign * high);
                let (a, b) = (a.clamp(-total, total), b.clamp(-total, total));
                passes.push(Pass {
                    low: a.min(b) as i16,
                    high: a.max(b) as i16,
                });
                show("the start", low, high);
            });
            let moves = (0..labels.len())
                .map(|i| {
                    let (found, bound) = match search.test_move(&start, run.history(), i, value) {
                        // No move is worth more than the start.
                        Test::AtLeast(_) => (value, MoveBound::Exact),
                        Test::AtMost(v) if sign > 0 => (v, MoveBound::AtMost),
                        Test::AtMost(v) => (v, MoveBound::AtLeast),
                    };
                    FirstMove {
                        mv: labels[i].clone(),
                        value: (sign * found) as i16,
                        bound,
                    }
                })
                .collect();
            (value, moves)
        };
        let best = moves
            .iter()
            .filter(|m| i32::from(m.value) == sign * value)
            .map(|m| m.mv.clone())
            .collect();
        let positions_searched = search.nodes;
        let mut pv = Vec::new();
        // The value of the position reached, for its player to move.
        let mut here = value;
        while run.end().is_none() {
            if run.plies() >= PV_CAP {
                run.stop_at_cap();
                break;
            }
            let Some(index) = search.move_worth(run.position(), run.history(), here) else {
                break;
            };
            let before = *run.position();
            let played = run.play_index(index);
            pv.push(game.move_label(played.mv));
            let g = i32::from(super::gain(&before, &played.position));
            here = i32::from(super::factor(&before, &played.position)) * (here - g);
        }
        let result = run.end().zip(run.outcome()).map(|(end, winner)| PvResult {
            end,
            scores: run.scores(),
            winner,
        });
        Ok(ForwardSummary {
            variant: game.rules().name.clone(),
            stones: game.rules().total_stones(),
            databases: DatabaseFacts {
                stones: databases.databases().unwrap_or(0),
                positions: databases.stats().positions,
                inexact: databases.stats().inexact,
                seconds,
                file,
            },
            value: (sign * value) as i16,
            exact: search.inexact_leaves == 0,
            first_guess,
            passes,
            best,
            moves,
            pv,
            result,
            positions_searched,
            table_positions: search.table_len(),
            search_seconds: clock.elapsed().as_secs_f64(),
            peak_memory_bytes: peak_memory(),
        })
    }
}
