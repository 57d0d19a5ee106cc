//! Strong solutions of small variants: the value under perfect play of every
//! position reachable from the start.
//!
//! # What a value is
//! The value of a position is what the player to move can make sure of, from
//! there on, in stones: their future captures plus the leftovers the rules
//! give them at the end, minus the same for the opponent. Stones captured
//! before do not enter it, so a position is keyed by its board, its side to
//! move and its opening flag only (see [`KeyCodec`]). The value of the start
//! is thus the final score difference under perfect play.
//!
//! # How it is computed
//! 1. A breadth-first walk lists every reachable position and its moves
//!    (refused beforehand when the upper bound of [`estimate`] exceeds the
//!    limit).
//! 2. The positions are split into strongly connected components (Tarjan),
//!    visited successors first. A capture lowers the stones on the board and
//!    no move adds any, so a component never contains a capture: it is either
//!    one position, or a group of positions that can return to one another by
//!    sowing alone.
//! 3. A single position is worth the best of its moves: stones the move
//!    captures minus the value of the position it leads to; a position with
//!    no move is worth the leftovers the rules give (`end.leftovers`).
//! 4. A group is solved under the variant's own rule for endless games: with
//!    `repetition end_game`, a move back to a board seen since the last
//!    capture ends the game and the stones on the board go as
//!    `repetition_leftovers` says; either player leaves a cycle whenever
//!    leaving pays. With `repetition ignore` a game that never ends is
//!    scored as no further stones for anyone (0): the rules give it no end,
//!    and this is the neutral reading.
//!    - A small group (at most 64 positions, and a search that stays within
//!      budget) is searched exactly over (position, positions seen so far):
//!      see `cycles.rs`. This is the true value of the game with its history.
//!    - A large group gets exact bounds (see `bounds.rs`): the values when
//!      endless play is the worst, and the best, outcome for South. Where
//!      they meet the value needs no history. With a repetition worth a
//!      constant `c` the value is exactly `clamp(c, lower, upper)`; taking
//!      the group's least and greatest repetition values as `c` gives
//!      proven bounds (`Low`, `High`), carried up to the start
//!      ([`Stats::start_bounds`]). The members whose proven bounds differ
//!      are then settled by the search over the positions on the path of
//!      `history.rs`, within `--search-nodes`; the value stored for one it
//!      does not settle takes its own repetition value as `c`, an estimate
//!      within its proven bounds. [`Stats::approximate`] counts those.
//!
//! Each position's value is also worked out with repetitions scored 0;
//! the positions where the two differ are those whose value depends on the
//! rule for endless games ([`Stats::rule_dependent`]).
//!
//! Values inside a group depend on the history; the table stores each
//! position's value as if it had just been reached by a capture (nothing seen
//! since but itself), which is what any group entered from outside needs.
//! [`Solution::move_values`] takes the history into account: a move back to
//! a position seen is scored as the repetition it is, a small group is
//! searched again with what was seen, and a large group by the search over
//! the positions on the path of `history.rs` with the members seen on the
//! path, so play that follows it gets at least the solved value (a move whose
//! search outgrows its budget keeps its value with nothing seen).
//!
//! The start's board coming back after the first move (with the same side to
//! move, but no longer the opening) can only happen without a capture, so in
//! any game from the start it is a repetition: that position is scored as one.

pub mod analyze;
mod bounds;
mod compact;
mod cycles;
mod databases;
mod dense;
mod error;
mod graph;
mod history;
mod key;
mod proof_number;
mod scc;
mod search;
mod start;
mod summary;
mod table;
mod ttable;
mod value;
mod worked_table;

use crate::engine::PitArray;
use rustc_hash::FxHashMap;

pub use compact::compact_possible;
pub use databases::{databases, databases_estimate};
use error::{check_graph_rules, check_rules};
pub use error::{no_repetition, SolveError};
pub use history::SEARCH_NODES;
pub use key::{estimate, KeyCodec};
pub use search::{Deepening, History, Search, Test, TABLE_CAPACITY};
pub use summary::{
    best_index, peak_memory, Cycles, DatabaseFacts, FirstGuess, FirstMove, ForwardSummary,
    GuessDepth, InexactPosition, MoveBound, Pass, PvResult, SearchOptions, StartTestsReport,
    Summary, GUESS_POSITIONS,
};
pub use table::TableError;
pub(crate) use value::{end_value, factor, for_south};
pub use value::{gain, leftover_value};

use crate::{
    engine::{Game, Player, Position, Successor, Successors},
    rules::{Leftovers, Repetition},
};
use bounds::LocalGroup;
use cycles::Group;
use graph::Graph;

/// Bytes a reachable position takes while solving: its key, value, group,
/// index entry and moves (see the README's memory figures).
pub const BYTES_PER_POSITION: u64 = 90;

/// Marks a position that belongs to no group (no cycle goes through it).
const NO_GROUP: u32 = u32::MAX;

/// Facts about a solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stats {
    /// Positions reachable from the start.
    pub positions: usize,
    /// Positions on a cycle (members of a group of more than one).
    pub in_cycles: usize,
    /// Groups of positions that can return to one another.
    pub groups: usize,
    /// Members of the largest group.
    pub largest_group: usize,
    /// Positions whose value changes when a repetition is scored as nothing
    /// (0) instead of by the variant's rule: the positions whose value depends
    /// on the rule for endless games.
    pub rule_dependent: usize,
    /// Positions of large groups not settled by the history search whose value is
    /// the approximation described above and is not proven exact: their
    /// exact bounds within the group differ, and so do their proven bounds
    /// (where those meet, the approximation changed nothing).
    pub approximate: usize,
    /// Positions whose value is not proven exact: the `approximate` ones and
    /// every position whose value depends on theirs and whose proven bounds
    /// differ (see [`Solution::inexact`]).
    pub inexact: usize,
    /// Proven bounds `[low, high]` on the start's value for South: equal to
    /// it when the approximation inside large groups cannot change it.
    pub start_bounds: [i16; 2],
}

/// A position whose value is not proven exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Inexact {
    /// Proven bounds `[low, high]` on its value for the player to move.
    pub bounds: [i16; 2],
    /// Why: true when the position lies in a group of repeating positions
    /// that the history search did not settle, where a repetition's worth depends
    /// on where it happens; false when it only leads to such positions.
    pub in_large_group: bool,
}

/// The value of every position reachable from a variant's start.
#[derive(Debug, Clone)]
pub struct Solution {
    codec: KeyCodec,
    keys: Vec<u64>,
    index: FxHashMap<u64, u32>,
    values: Vec<i16>,
    group: Vec<u32>,
    members: FxHashMap<u32, Vec<u32>>,
    /// The positions whose value is not proven exact, by index.
    inexact: FxHashMap<u32, Inexact>,
    /// `Some(k)` for endgame databases: every position with at most `k`
    /// stones on the board; `None` for the positions reachable from a start.
    databases: Option<u32>,
    repetition: Option<Leftovers>,
    stats: Stats,
    /// For databases: their plain values by board index, built on first use
    /// by a forward search.
    dense: std::sync::OnceLock<Option<dense::DenseValues>>,
    /// Compact databases: every value is in `dense`, no position is listed.
    compact: bool,
    /// What the tests on the start and its first moves did, when asked for
    /// (not saved with the table).
    start_tests: Option<StartTests>,
}

/// Solves `game` from its start if at most `limit` positions may be reachable.
///
/// # Errors
/// The board does not fit a key, or the estimate exceeds `limit`.
pub fn solve(game: &Game, limit: u64) -> Result<Solution, SolveError> {
    solve_from(game, &game.start(), limit)
}

/// As [`solve`], the history search of the large groups visiting at most
/// `search_nodes` nodes in each (0: none, every large group keeps its
/// proven bounds; [`SEARCH_NODES`] by default), then, when
/// `start_test_nodes` is not 0, the start and its first moves settled by
/// tests of at most that many nodes each (see [`StartTests`]).
///
/// # Errors
/// As [`solve`].
pub fn solve_searching(
    game: &Game,
    limit: u64,
    search_nodes: u64,
    start_test_nodes: u64,
) -> Result<Solution, SolveError> {
    let (codec, graph) = build_graph(game, &game.start(), limit)?;
    let searches = Searches {
        start_test_nodes,
        ..Searches::both(search_nodes)
    };
    solve_graph(game, codec, graph, cycles::MAX_MEMBERS, None, searches)
}

/// As [`solve_by_bounds`] (every group solved as a large one), its searches
/// within `search_nodes` nodes a group, then the start and its first moves
/// settled by tests of at most `start_test_nodes` nodes each, as
/// [`solve_searching`] does: a way to check those tests on small boards.
///
/// # Errors
/// As [`solve`].
pub fn solve_by_bounds_settling_start(
    game: &Game,
    start: &Position,
    limit: u64,
    search_nodes: u64,
    start_test_nodes: u64,
) -> Result<Solution, SolveError> {
    let (codec, graph) = build_graph(game, start, limit)?;
    let searches = Searches {
        start_test_nodes,
        ..Searches::both(search_nodes)
    };
    solve_graph(game, codec, graph, 0, None, searches)
}

/// Solves every position reachable from `start` (captured totals ignored)
/// if at most `limit` positions may be reachable.
///
/// # Errors
/// The board does not fit a key, or the estimate exceeds `limit`.
pub fn solve_from(game: &Game, start: &Position, limit: u64) -> Result<Solution, SolveError> {
    solve_groups_up_to(game, start, limit, cycles::MAX_MEMBERS)
}

/// As [`solve`], but every group of repeating positions, however small, is
/// solved by the bounds method meant for large ones: a way to compare that
/// method with the exact search.
///
/// # Errors
/// As [`solve`].
pub fn solve_by_bounds(game: &Game, start: &Position, limit: u64) -> Result<Solution, SolveError> {
    solve_groups_up_to(game, start, limit, 0)
}

/// As [`solve_by_bounds`], the members of large groups whose proven bounds
/// differ settled by the proof-number search alone (without the
/// alpha-beta search over the path that comes first otherwise): a way to
/// check that search on its own.
///
/// # Errors
/// As [`solve`].
pub fn solve_by_proof_numbers(
    game: &Game,
    start: &Position,
    limit: u64,
) -> Result<Solution, SolveError> {
    let (codec, graph) = build_graph(game, start, limit)?;
    let searches = Searches {
        path: false,
        ..Searches::both(SEARCH_NODES)
    };
    solve_graph(game, codec, graph, 0, None, searches)
}

/// Whether `game` can be solved within `limit` positions, before any work:
/// its rules, its key and the estimated number of positions.
///
/// # Errors
/// Why it cannot.
pub fn solvable(game: &Game, limit: u64) -> Result<(), SolveError> {
    check(game, limit).map(|_| ())
}

/// [`solvable`], giving the key codec and the estimate on success.
fn check(game: &Game, limit: u64) -> Result<(KeyCodec, u128), SolveError> {
    check_rules(game)?;
    let codec = KeyCodec::new(game).ok_or(SolveError::BoardTooLarge {
        pits: game.pit_count(),
        stones: game.rules().total_stones(),
    })?;
    let estimate = estimate(game);
    if estimate > u128::from(limit) {
        return Err(SolveError::TooManyPositions { estimate, limit });
    }
    crate::memory::fits(estimate, BYTES_PER_POSITION).map_err(SolveError::Memory)?;
    Ok((codec, estimate))
}

/// The checked rules' key codec and the graph of the positions reachable
/// from `start`, refused when there are more than `limit`.
fn build_graph(game: &Game, start: &Position, limit: u64) -> Result<(KeyCodec, Graph), SolveError> {
    let (codec, estimate) = check(game, limit)?;
    let graph = Graph::build(game, start, codec, limit)
        .map_err(|_| SolveError::TooManyPositions { estimate, limit })?;
    Ok((codec, graph))
}

fn solve_groups_up_to(
    game: &Game,
    start: &Position,
    limit: u64,
    exact_up_to: usize,
) -> Result<Solution, SolveError> {
    let (codec, graph) = build_graph(game, start, limit)?;
    solve_graph(
        game,
        codec,
        graph,
        exact_up_to,
        None,
        Searches::both(SEARCH_NODES),
    )
}

/// How the members of large groups whose proven bounds differ are settled:
/// the alpha-beta search over the path ([`history`], when `path`), then the
/// proof-number search ([`proof_number`]), each within `nodes` nodes a
/// group (0: neither runs); then the start and its first moves, where they
/// lie in such a group and are still open, by proof-number tests of at
/// most `start_test_nodes` nodes each (0: none).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Searches {
    nodes: u64,
    path: bool,
    start_test_nodes: u64,
}

impl Searches {
    /// Both searches, within `nodes` nodes each a group, and no start tests.
    pub(crate) fn both(nodes: u64) -> Self {
        Searches {
            nodes,
            path: true,
            start_test_nodes: 0,
        }
    }
}

/// What the tests on the start and its first moves did (`sow solve
/// --settle-start`): after the searches of a large group, each of those
/// positions in it still open is settled by yes/no tests ("is its value at
/// least this?") of the proof-number search, each within
/// `nodes_per_test` nodes, the search's results kept from the group's
/// earlier tests reused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartTests {
    /// Most nodes each test may visit.
    pub nodes_per_test: u64,
    /// Nodes the tests visited in all.
    pub nodes: u64,
    /// Tests run (each answered, or abandoned at its node limit).
    pub tests: u64,
}

/// Solves the positions of `graph` (`databases`: what they cover).
fn solve_graph(
    game: &Game,
    codec: KeyCodec,
    graph: Graph,
    exact_up_to: usize,
    databases: Option<u32>,
    searches: Searches,
) -> Result<Solution, SolveError> {
    let repetition = (game.rules().end.repetition == Repetition::EndGame)
        .then_some(game.rules().end.repetition_leftovers);
    let Solved {
        values,
        group,
        members,
        inexact,
        stats,
        start_tests,
    } = Solver::new(game, codec, &graph, repetition, exact_up_to, searches).run()?;
    Ok(Solution {
        codec,
        keys: graph.keys,
        index: graph.index,
        values,
        group,
        members,
        inexact,
        databases,
        repetition,
        stats,
        dense: std::sync::OnceLock::new(),
        compact: false,
        start_tests,
    })
}

/// Endgame databases of `game` up to `stones` stones on the board built
/// compactly ([`compact`]: one byte a position, on `threads` threads) for
/// rules under which no position can come back; `progress` is told each
/// number of stones as its positions are finished.
///
/// # Errors
/// As [`compact::build`].
pub fn compact_databases(
    game: &Game,
    stones: u32,
    threads: usize,
    progress: &mut dyn FnMut(u32),
) -> Result<Solution, SolveError> {
    let values = compact::build(game, stones, threads, progress)?;
    Ok(Solution::from_dense(game, values))
}

/// What a finished [`Solver`] hands over.
struct Solved {
    values: Vec<i16>,
    group: Vec<u32>,
    members: FxHashMap<u32, Vec<u32>>,
    inexact: FxHashMap<u32, Inexact>,
    stats: Stats,
    start_tests: Option<StartTests>,
}

/// The four scorings worked out side by side, each a value table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scoring {
    /// The variant's rules (the approximation inside large groups).
    Rules,
    /// Repetitions scored as nothing: the values that differ from `Rules`
    /// depend on the rule for endless games.
    Neutral,
    /// A proven lower bound for South: large groups scored as if every
    /// repetition were worth their least repetition value.
    Low,
    /// A proven upper bound for South, likewise with the greatest.
    High,
}

const SCORINGS: [Scoring; 4] = [
    Scoring::Rules,
    Scoring::Neutral,
    Scoring::Low,
    Scoring::High,
];

/// A large group whose members the start reaches directly, still open
/// after the group's own searches: kept for the start's tests.
struct Pending {
    /// The members (a member's index here is its local number).
    component: Vec<u32>,
    /// The group with its exits' lower bounds (its tests prove lower
    /// bounds) and, when they differ, with their upper bounds (upper).
    low: LocalGroup,
    high: Option<LocalGroup>,
    /// What a repetition at each member is worth, for South.
    repeats: Vec<i16>,
}

/// The values being worked out under every [`Scoring`], in the view of each
/// position's player to move.
struct Solver<'a> {
    game: &'a Game,
    codec: KeyCodec,
    graph: &'a Graph,
    repetition: Option<Leftovers>,
    values: [Vec<i16>; 4],
    group: Vec<u32>,
    members: FxHashMap<u32, Vec<u32>>,
    largest: usize,
    exact_up_to: usize,
    /// How large groups are searched.
    searches: Searches,
    /// Positions of large groups whose exact bounds differ (scored by the
    /// approximation).
    approximate: Vec<u32>,
    /// The members of groups the start's value depends on that a move out
    /// of another group reaches ([`start_targets`]), when they are to be
    /// settled by tests (`searches.start_test_nodes` not 0): each is
    /// settled in full when its group is, so that the groups above see
    /// exact exits; else empty (sorted).
    start_targets: Vec<u32>,
    /// Likewise, the members the start reaches directly, through positions
    /// outside groups: the tests that decide the start are chosen among
    /// them once every value is known ([`start`]); else empty (sorted).
    direct_targets: Vec<u32>,
    /// The groups of such members still open after the groups' searches.
    pending: Vec<Pending>,
    /// The positions outside groups, each after those it leads to, when
    /// there are start tests (else empty).
    singles: Vec<u32>,
    /// What those tests did so far.
    start_tests: StartTests,
}

impl<'a> Solver<'a> {
    fn new(
        game: &'a Game,
        codec: KeyCodec,
        graph: &'a Graph,
        repetition: Option<Leftovers>,
        exact_up_to: usize,
        searches: Searches,
    ) -> Self {
        let n = graph.len();
        let (start_targets, direct_targets) = if searches.start_test_nodes == 0 {
            (Vec::new(), Vec::new())
        } else {
            start_targets(graph)
        };
        Solver {
            game,
            codec,
            graph,
            repetition,
            values: [vec![0; n], vec![0; n], vec![0; n], vec![0; n]],
            group: vec![NO_GROUP; n],
            members: FxHashMap::default(),
            largest: 1,
            exact_up_to,
            searches,
            approximate: Vec::new(),
            start_targets,
            direct_targets,
            pending: Vec::new(),
            singles: Vec::new(),
            start_tests: StartTests {
                nodes_per_test: searches.start_test_nodes,
                nodes: 0,
                tests: 0,
            },
        }
    }

    fn run(mut self) -> Result<Solved, SolveError> {
        let graph = self.graph;
        scc::for_each_component(&graph.first, &graph.child, |component| {
            self.component(component);
        });
        if !self.pending.is_empty() {
            self.settle_start();
        }
        let [values, neutral, low, high] = self.values;
        let rule_dependent = values.iter().zip(&neutral).filter(|(a, b)| a != b).count();
        // `low` and `high` are proven bounds for South, in each mover's view:
        // where they meet the value is exact, whatever the approximation did.
        let mut inexact: FxHashMap<u32, Inexact> = (0..graph.len() as u32)
            .filter(|&i| low[i as usize] != high[i as usize])
            .map(|i| {
                let (a, b) = (low[i as usize], high[i as usize]);
                let bounds = [a.min(b), a.max(b)];
                let entry = Inexact {
                    bounds,
                    in_large_group: false,
                };
                (i, entry)
            })
            .collect();
        // An approximated position whose proven bounds meet is exact all
        // the same: only the others are approximate.
        let mut approximate = 0;
        for i in &self.approximate {
            if let Some(entry) = inexact.get_mut(i) {
                entry.in_large_group = true;
                approximate += 1;
            }
        }
        let in_cycles = self.members.values().map(Vec::len).sum::<usize>();
        let sign = for_south(self.codec.decode(graph.keys[0]).to_move);
        let stats = Stats {
            positions: graph.len(),
            in_cycles,
            groups: self.members.len(),
            largest_group: self.largest,
            rule_dependent,
            approximate,
            inexact: inexact.len(),
            start_bounds: [sign * low[0], sign * high[0]],
        };
        Ok(Solved {
            values,
            group: self.group,
            members: self.members,
            inexact,
            stats,
            start_tests: (self.searches.start_test_nodes > 0).then_some(self.start_tests),
        })
    }

    /// What a repetition at `node` is worth to its mover under `scoring`
    /// (large groups replace it; see [`Solver::bounded_group`]).
    fn repeat_value(&self, node: u32, scoring: Scoring) -> i16 {
        if scoring == Scoring::Neutral {
            return 0;
        }
        let pos = self.codec.decode(self.graph.keys[node as usize]);
        self.repetition
            .map_or(0, |leftovers| leftover_value(self.game, &pos, leftovers))
    }

    fn set(&mut self, node: u32, scoring: Scoring, value: i16) {
        self.values[scoring as usize][node as usize] = value;
    }

    /// Best value of a move from `node` under `scoring`, over the moves
    /// that `keep` accepts (by child); `None` when there is none.
    fn best_move(&self, node: u32, scoring: Scoring, keep: impl Fn(u32) -> bool) -> Option<i16> {
        self.graph
            .moves(node)
            .filter(|&(child, _)| keep(child))
            .map(|(child, gain)| {
                gain + self.graph.factor(node, child)
                    * self.values[scoring as usize][child as usize]
            })
            .max()
    }

    /// The values of position `node`, outside groups, from those of the
    /// positions its moves lead to.
    fn single(&mut self, node: u32) {
        for scoring in SCORINGS {
            let value = if Some(node) == self.graph.start_again {
                self.repeat_value(node, scoring)
            } else {
                self.best_move(node, scoring, |_| true).unwrap_or_else(|| {
                    let pos = self.codec.decode(self.graph.keys[node as usize]);
                    end_value(self.game, &pos)
                })
            };
            self.set(node, scoring, value);
        }
    }

    fn component(&mut self, component: &[u32]) {
        if let [node] = *component {
            self.single(node);
            if self.searches.start_test_nodes > 0 {
                self.singles.push(node);
            }
            return;
        }
        self.largest = self.largest.max(component.len());
        if component.len() <= self.exact_up_to {
            if let Some(values) = self.exact_group(component) {
                for (scoring, values) in SCORINGS.into_iter().zip(values) {
                    for (&m, v) in component.iter().zip(values) {
                        self.set(m, scoring, v);
                    }
                }
                for &m in component {
                    self.group[m as usize] = component[0];
                }
                self.members.insert(component[0], component.to_vec());
                return;
            }
        }
        self.bounded_group(component);
    }

    /// Values of a small group by the exact search of [`cycles`] under every
    /// scoring; `None` when the search is too large.
    fn exact_group(&self, component: &[u32]) -> Option<[Vec<i16>; 4]> {
        let mut out: [Vec<i16>; 4] = Default::default();
        for (scoring, values) in SCORINGS.into_iter().zip(out.iter_mut()) {
            let mut group = Group::default();
            for &m in component {
                let outside = |child: u32| !component.contains(&child);
                let exit = self.best_move(m, scoring, outside);
                let inner = self
                    .graph
                    .moves(m)
                    .filter_map(|(child, _)| {
                        let local = component.iter().position(|&x| x == child)?;
                        Some((local as u8, self.graph.factor(m, child)))
                    })
                    .collect();
                group.push(self.repeat_value(m, scoring), exit, inner);
            }
            let mut memo = FxHashMap::default();
            for local in 0..component.len() {
                values.push(group.value(local, 1 << local, &mut memo).ok()?);
            }
        }
        Some(out)
    }

    /// Values of a large group from the exact bounds of [`bounds`]. With a
    /// repetition worth a constant `c` (for South) the value is exactly
    /// `clamp(c, lower, upper)`; the bounds thus give, exactly, the values
    /// when every repetition is worth the group's least repetition value
    /// (`Low`), its greatest (`High`), or nothing (`Neutral`). By the rules a
    /// repetition is worth the value of the position where it happens;
    /// `Rules` takes each position's own repetition value as that constant,
    /// an approximation that is exact wherever the bounds meet, and always
    /// lies between `Low` and `High`.
    fn bounded_group(&mut self, component: &[u32]) {
        let local: FxHashMap<u32, u32> = component
            .iter()
            .enumerate()
            .map(|(k, &m)| (m, k as u32))
            .collect();
        let south: Vec<i16> = component
            .iter()
            .map(|&m| for_south(self.codec.decode(self.graph.keys[m as usize]).to_move))
            .collect();
        let repeats: Vec<i16> = component
            .iter()
            .zip(&south)
            .map(|(&m, &sign)| sign * self.repeat_value(m, Scoring::Rules))
            .collect();
        let least = repeats.iter().copied().min().unwrap_or(0);
        let greatest = repeats.iter().copied().max().unwrap_or(0);
        let mut g = LocalGroup::default();
        g.first.push(0);
        for (k, &m) in component.iter().enumerate() {
            g.succ.extend(
                self.graph
                    .moves(m)
                    .filter_map(|(child, _)| local.get(&child)),
            );
            g.south.push(south[k] == 1);
            g.first.push(g.succ.len() as u32);
        }
        let mut exits: [Vec<Option<i16>>; 4] = Default::default();
        for scoring in SCORINGS {
            g.exit = component
                .iter()
                .zip(&south)
                .map(|(&m, &sign)| {
                    self.best_move(m, scoring, |child| !local.contains_key(&child))
                        .map(|v| sign * v)
                })
                .collect();
            let (lower, upper) = g.bounds();
            for (k, &m) in component.iter().enumerate() {
                let lo = lower[k].unwrap_or(i16::MIN);
                let hi = upper[k].unwrap_or(i16::MAX);
                let c = match scoring {
                    Scoring::Rules => repeats[k],
                    Scoring::Neutral => 0,
                    Scoring::Low => least,
                    Scoring::High => greatest,
                };
                if scoring == Scoring::Rules && lo != hi {
                    self.approximate.push(m);
                }
                self.set(m, scoring, south[k] * c.clamp(lo, hi));
            }
            exits[scoring as usize] = std::mem::take(&mut g.exit);
        }
        for &m in component {
            self.group[m as usize] = component[0];
        }
        self.members.insert(component[0], component.to_vec());
        let [_, _, low_exits, high_exits] = exits;
        self.settle_group(component, g, &south, &repeats, [low_exits, high_exits]);
    }

    /// Settles, by the search of [`history`], the members of a large group
    /// whose proven bounds differ: with the exits' lower bounds (the `Low`
    /// values) the search proves lower bounds, with their upper bounds
    /// upper ones (one search when the exits are exact). A member whose
    /// bounds meet is exact; the others keep the narrowed bounds, and their
    /// `Rules` value is brought within them.
    fn settle_group(
        &mut self,
        component: &[u32],
        mut g: LocalGroup,
        south: &[i16],
        repeats: &[i16],
        [low_exits, high_exits]: [Vec<Option<i16>>; 2],
    ) {
        let for_south = |scoring: Scoring, k: usize| {
            south[k] * self.values[scoring as usize][component[k] as usize]
        };
        let proven: Vec<[i16; 2]> = (0..component.len())
            .map(|k| [for_south(Scoring::Low, k), for_south(Scoring::High, k)])
            .collect();
        let open: Vec<u32> = (0..component.len() as u32)
            .filter(|&k| proven[k as usize][0] != proven[k as usize][1])
            .collect();
        let targets: Vec<u32> = open
            .iter()
            .copied()
            .filter(|&k| {
                self.start_targets
                    .binary_search(&component[k as usize])
                    .is_ok()
            })
            .collect();
        let direct = open.iter().any(|&k| {
            self.direct_targets
                .binary_search(&component[k as usize])
                .is_ok()
        });
        if open.is_empty() || (self.searches.nodes == 0 && targets.is_empty() && !direct) {
            return;
        }
        let hint: Vec<i16> = (0..component.len())
            .map(|k| for_south(Scoring::Rules, k))
            .collect();
        let same_exits = low_exits == high_exits;
        g.exit = low_exits;
        let high = (!same_exits).then(|| LocalGroup {
            exit: high_exits,
            ..g.clone()
        });
        let settled = |g: &LocalGroup, proven: Vec<[i16; 2]>, tests: &mut StartTests| match settle(
            g,
            repeats,
            &hint,
            proven.clone(),
            &open,
            self.searches,
            &targets,
        ) {
            Some((free, done)) => {
                tests.nodes += done.nodes;
                tests.tests += done.tests;
                free
            }
            None => proven,
        };
        let mut tests = self.start_tests;
        let from_low = settled(&g, proven.clone(), &mut tests);
        let from_high = match &high {
            None => from_low.clone(),
            Some(high) => settled(high, proven, &mut tests),
        };
        self.start_tests = tests;
        for &k in &open {
            let k = k as usize;
            let (low, high) = (from_low[k][0], from_high[k][1]);
            let m = component[k];
            let rules = hint[k].clamp(low, high);
            self.set(m, Scoring::Low, south[k] * low);
            self.set(m, Scoring::High, south[k] * high);
            self.set(m, Scoring::Rules, south[k] * rules);
        }
        let still_open = |k: usize| from_low[k][0] < from_high[k][1];
        let reached = |k: usize| self.direct_targets.binary_search(&component[k]).is_ok();
        if (0..component.len()).any(|k| still_open(k) && reached(k)) {
            self.pending.push(Pending {
                component: component.to_vec(),
                low: g,
                high,
                repeats: repeats.to_vec(),
            });
        }
    }
}

/// The members of groups of repeating positions that the start's value
/// depends on, each list sorted: those reached from a move out of such a
/// group (a group's values depend on where its moves out of it lead), and
/// those the start reaches directly, through positions outside any group
/// (the start itself when it lies in one); a member may be in both. Only
/// members reached from outside their group are listed: with them exact,
/// so is every value between them and the start.
fn start_targets(graph: &Graph) -> (Vec<u32>, Vec<u32>) {
    let mut group = vec![NO_GROUP; graph.len()];
    let mut members: Vec<Vec<u32>> = Vec::new();
    scc::for_each_component(&graph.first, &graph.child, |component| {
        if component.len() > 1 {
            for &m in component {
                group[m as usize] = members.len() as u32;
            }
            members.push(component.to_vec());
        }
    });
    // Each position is followed at most twice: reached directly, and from
    // a move out of a group.
    let mut seen = vec![[false; 2]; graph.len()];
    let mut entered = vec![false; members.len()];
    let (mut targets, mut todo) = ([Vec::new(), Vec::new()], vec![(0u32, false)]);
    seen[0][0] = true;
    while let Some((at, via_group)) = todo.pop() {
        let g = group[at as usize];
        let from: &[u32] = if g == NO_GROUP {
            &[at]
        } else {
            targets[usize::from(!via_group)].push(at);
            if std::mem::replace(&mut entered[g as usize], true) {
                continue;
            }
            &members[g as usize]
        };
        for &m in from {
            for (child, _) in graph.moves(m) {
                let outside = g == NO_GROUP || group[child as usize] != g;
                let via = via_group || g != NO_GROUP;
                if outside && !std::mem::replace(&mut seen[child as usize][usize::from(via)], true)
                {
                    todo.push((child, via));
                }
            }
        }
    }
    for list in &mut targets {
        list.sort_unstable();
        list.dedup();
    }
    let [deep, direct] = targets;
    (deep, direct)
}

/// Proven bounds for South on the members of `group` (exits as given),
/// narrowed from `proven` by searching the members `open` with their
/// history, as `searches` says, then the members `targets` by tests of at
/// most `searches.start_test_nodes` nodes each, with what those tests did
/// (on a thread of its own: the search recurses as deep as the paths it
/// follows); `None` when that thread cannot run.
fn settle(
    group: &LocalGroup,
    repeats: &[i16],
    hint: &[i16],
    proven: Vec<[i16; 2]>,
    open: &[u32],
    searches: Searches,
    targets: &[u32],
) -> Option<(Vec<[i16; 2]>, StartTests)> {
    let run = || {
        let mut free = proven;
        if searches.path && searches.nodes > 0 {
            let mut search = history::PathSearch::new(group, repeats, hint, free);
            for &k in open {
                if search.total_nodes >= searches.nodes {
                    break;
                }
                search.settle(k);
            }
            free = search.free;
        }
        // Narrow bounds first: one test may settle them.
        let mut open = open.to_vec();
        open.sort_by_key(|&k| free[k as usize][1] - free[k as usize][0]);
        let mut proofs = proof_number::ProofSearch::new(group, repeats, free);
        // Every member with small tests first, then larger ones for those
        // left: most proofs are small.
        for budget in proof_number::TEST_NODES {
            for &k in &open {
                if proofs.total_nodes >= searches.nodes {
                    break;
                }
                proofs.settle(k, budget);
            }
        }
        let (nodes, tests) = (proofs.total_nodes, proofs.tests);
        for &k in targets {
            proofs.settle(k, searches.start_test_nodes);
        }
        let start = StartTests {
            nodes_per_test: searches.start_test_nodes,
            nodes: proofs.total_nodes - nodes,
            tests: proofs.tests - tests,
        };
        (proofs.free, start)
    };
    history::on_search_stack(run)
}

/// A group rebuilt from a solution for the search over the members on the
/// path ([`history::PathSearch`]): values for South.
struct LargeGroup {
    group: LocalGroup,
    repeats: Vec<i16>,
    hint: Vec<i16>,
}

impl LargeGroup {
    /// Most nodes the search of one move's value may visit.
    const NODES: u64 = 5_000_000;

    /// The values of the members `targets` for their movers, each reached
    /// after the members `path`; `None` where the search outgrows
    /// [`LargeGroup::NODES`]. The searches run on a thread of their own
    /// (they recurse as deep as the paths they follow).
    fn values_after(&self, path: &[u32], targets: &[u32]) -> Vec<Option<i16>> {
        let free = vec![[i16::MIN, i16::MAX]; self.repeats.len()];
        // A fresh search (and table) for each target.
        let run = || {
            targets
                .iter()
                .map(|&at| {
                    let sign = if self.group.south[at as usize] { 1 } else { -1 };
                    history::PathSearch::new(&self.group, &self.repeats, &self.hint, free.clone())
                        .with_budget(Self::NODES)
                        .value_after(path, at, self.hint[at as usize])
                        .map(|v| sign * v)
                })
                .collect()
        };
        history::on_search_stack(run).unwrap_or_else(|| vec![None; targets.len()])
    }
}

/// A legal move and its value for the player making it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    /// The move and where it leads.
    pub successor: Successor,
    /// Stones it captures plus what the player to move can make sure of afterwards.
    pub value: i16,
    /// Whether `value` is proven: false when the position the move leads to
    /// has a value not proven exact, or when its value given the positions
    /// seen was left to an estimate (the search over them ran out of nodes).
    pub exact: bool,
}

impl Solution {
    /// Facts about the solution.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// What the tests on the start and its first moves did, when the solve
    /// asked for them ([`solve_searching`]).
    pub fn start_tests(&self) -> Option<StartTests> {
        self.start_tests
    }

    /// Every position of the solution with its value for the player to move
    /// (captured totals are zero: values count only what is still to come).
    pub fn positions(&self) -> impl Iterator<Item = (Position, i16)> + '_ {
        self.keys
            .iter()
            .zip(&self.values)
            .map(|(&k, &v)| (self.codec.decode(k), v))
    }

    /// Proven bounds `[low, high]` on the value of `pos` for its player to
    /// move (both the value itself when it is exact).
    pub fn bounds(&self, pos: &Position) -> Option<[i16; 2]> {
        let at = *self.index.get(&self.codec.encode(pos))?;
        Some(match self.inexact.get(&at) {
            Some(entry) => entry.bounds,
            None => [self.values[at as usize]; 2],
        })
    }

    /// Every position whose value is not proven exact, with its proven
    /// bounds and why (empty when every value is exact).
    pub fn inexact(&self) -> impl Iterator<Item = (Position, i16, Inexact)> + '_ {
        self.inexact.iter().map(|(&i, &entry)| {
            let i = i as usize;
            (self.codec.decode(self.keys[i]), self.values[i], entry)
        })
    }

    /// `Some(k)` for endgame databases (every position with at most `k`
    /// stones on the board); `None` for the positions reachable from a start.
    pub fn databases(&self) -> Option<u32> {
        self.databases
    }

    /// The value of `pos` for its player to move given `seen`, the boards
    /// seen since the stones on the board last changed (as
    /// [`Solution::move_values`] takes them; `pos` among them), and whether
    /// it is proven exact.
    ///
    /// # Errors
    /// A position that is not in the solution.
    pub fn value_given(
        &self,
        game: &Game,
        pos: &Position,
        seen: &[(PitArray, Player)],
    ) -> Result<(i16, bool), SolveError> {
        let at = self.lookup(pos)?;
        let exact = !self.inexact.contains_key(&at);
        if self.group[at as usize] == NO_GROUP || seen.len() <= 1 {
            return Ok((self.values[at as usize], exact));
        }
        let best = self
            .move_values(game, pos, seen)?
            .iter()
            .map(|m| m.value)
            .max();
        Ok((best.unwrap_or(self.values[at as usize]), exact))
    }

    /// For databases, their values that need no history and are exact, by
    /// board index (built on the first call).
    pub(crate) fn dense_values(&self) -> Option<&dense::DenseValues> {
        let stones = self.databases?;
        self.dense
            .get_or_init(|| {
                let plain = (0..self.keys.len())
                    .filter(|&i| {
                        self.group[i] == NO_GROUP && !self.inexact.contains_key(&(i as u32))
                    })
                    .map(|i| (self.codec.decode(self.keys[i]), self.values[i]));
                dense::DenseValues::build(self.codec.pits(), stones, plain)
            })
            .as_ref()
    }

    /// Compact databases holding `values`.
    pub(super) fn from_dense(game: &Game, values: dense::DenseValues) -> Solution {
        let stones = values.stones();
        let positions = values.raw().len();
        // No key is made: the values are read by board index.
        let codec = KeyCodec::for_stones(game, stones).unwrap_or(KeyCodec::new_unchecked(
            game.pit_count(),
            32 - stones.leading_zeros(),
        ));
        Solution {
            codec,
            keys: Vec::new(),
            index: FxHashMap::default(),
            values: Vec::new(),
            group: Vec::new(),
            members: FxHashMap::default(),
            inexact: FxHashMap::default(),
            databases: Some(stones),
            repetition: None,
            stats: Stats {
                positions,
                in_cycles: 0,
                groups: 0,
                largest_group: 0,
                rule_dependent: 0,
                approximate: 0,
                inexact: 0,
                start_bounds: [0, 0],
            },
            dense: std::sync::OnceLock::from(Some(values)),
            compact: true,
            start_tests: None,
        }
    }

    /// Whether these are compact databases (values by board index only).
    pub fn is_compact(&self) -> bool {
        self.compact
    }

    /// The codec of the keys.
    pub fn codec(&self) -> KeyCodec {
        self.codec
    }

    /// The value of `pos` for its player to move, as if nothing had been seen
    /// since the last capture.
    pub fn value(&self, pos: &Position) -> Option<i16> {
        if self.compact {
            let pits = &pos.pits[..self.codec.pits()];
            return self
                .dense_values()?
                .get(pits, pos.to_move)
                .filter(|_| !pos.opening);
        }
        let at = self.index.get(&self.codec.encode(pos))?;
        Some(self.values[*at as usize])
    }

    /// The legal moves of `pos` with their exact values for the player to
    /// move, given `seen`: the boards (with the side to move) seen since the
    /// stones on the board last changed, as [`GameRun::history`](crate::engine::GameRun::history)
    /// keeps them.
    ///
    /// # Errors
    /// A position that is not in the solution.
    pub fn move_values(
        &self,
        game: &Game,
        pos: &Position,
        seen: &[(PitArray, Player)],
    ) -> Result<Vec<MoveValue>, SolveError> {
        let here = self.lookup(pos)?;
        let group_id = self.group[here as usize];
        let mut moves = Successors::default();
        game.successors(pos, &mut moves);
        let members: &[u32] = self.members.get(&group_id).map_or(&[], Vec::as_slice);
        let group = (!members.is_empty() && members.len() <= cycles::MAX_MEMBERS)
            .then(|| self.group_of(game, group_id))
            .transpose()?;
        // The members seen, in the order seen (each once).
        let mut path: Vec<u32> = Vec::new();
        for (pits, side) in seen {
            let key = self.codec.encode(&Position {
                pits: *pits,
                to_move: *side,
                ..Position::EMPTY
            });
            if let Some(local) = self
                .index
                .get(&key)
                .and_then(|i| members.iter().position(|m| m == i))
            {
                if !path.contains(&(local as u32)) {
                    path.push(local as u32);
                }
            }
        }
        let seen_bits = if group.is_some() {
            path.iter().fold(0u64, |bits, &local| bits | 1 << local)
        } else {
            0
        };
        let mut memo = FxHashMap::default();
        // Moves into a large group (or a small one too large to search over
        // every set of members seen), valued after the others by the search
        // over the members on the path: (index, member, factor).
        let mut on_path: Vec<(usize, u32, i16)> = Vec::new();
        let mut out = Vec::with_capacity(moves.len());
        for (i, s) in moves.as_slice().iter().enumerate() {
            let child = self.lookup(&s.position)?;
            let local = members.iter().position(|&m| m == child);
            // A board seen since the stones on the board last changed: the
            // move did not change them either, so this is a repetition.
            let repeated = seen
                .iter()
                .any(|(pits, side)| *pits == s.position.pits && *side == s.position.to_move);
            let factor = factor(pos, &s.position);
            let proven = !self.inexact.contains_key(&child);
            let value = match (&group, local) {
                _ if repeated => factor * self.repeat_value(game, &s.position),
                (Some(group), Some(local)) if seen_bits & (1 << local) != 0 => {
                    factor * group.repeat(local)
                }
                (Some(group), Some(local)) => {
                    match group.value(local, seen_bits | 1 << local, &mut memo) {
                        Ok(theirs) => factor * theirs,
                        Err(_) => {
                            on_path.push((i, local as u32, factor));
                            factor * self.values[child as usize]
                        }
                    }
                }
                (None, Some(local)) => {
                    on_path.push((i, local as u32, factor));
                    factor * self.values[child as usize]
                }
                _ => gain(pos, &s.position) + factor * self.values[child as usize],
            };
            out.push(MoveValue {
                successor: *s,
                value,
                exact: repeated || proven,
            });
        }
        if !on_path.is_empty() {
            let large = self.large_group(game, members)?;
            let targets: Vec<u32> = on_path.iter().map(|&(_, local, _)| local).collect();
            let values = large.values_after(&path, &targets);
            for (&(i, _, factor), value) in on_path.iter().zip(values) {
                match value {
                    Some(theirs) => out[i].value = factor * theirs,
                    // A search outgrowing its budget leaves the value with
                    // nothing seen but the position itself: the value only
                    // when no member of the group was seen.
                    None => out[i].exact &= path.is_empty(),
                }
            }
        }
        Ok(out)
    }

    /// What a repetition at `pos` is worth to its mover.
    fn repeat_value(&self, game: &Game, pos: &Position) -> i16 {
        self.repetition
            .map_or(0, |leftovers| leftover_value(game, pos, leftovers))
    }

    fn lookup(&self, pos: &Position) -> Result<u32, SolveError> {
        self.index
            .get(&self.codec.encode(pos))
            .copied()
            .ok_or(SolveError::Unknown)
    }

    /// Rebuilds the group of `members` for the search over the members on
    /// the path, from the game's moves and the stored values.
    fn large_group(&self, game: &Game, members: &[u32]) -> Result<LargeGroup, SolveError> {
        let local: FxHashMap<u32, u32> = members
            .iter()
            .enumerate()
            .map(|(k, &m)| (m, k as u32))
            .collect();
        let mut group = LocalGroup::default();
        group.first.push(0);
        let (mut repeats, mut hint) = (Vec::new(), Vec::new());
        let mut moves = Successors::default();
        for &m in members {
            let pos = self.codec.decode(self.keys[m as usize]);
            let sign = for_south(pos.to_move);
            game.successors(&pos, &mut moves);
            let exit = self.split_moves(
                &pos,
                &moves,
                |child| local.get(&child).copied(),
                |k, _| {
                    group.succ.push(k);
                },
            )?;
            group.first.push(group.succ.len() as u32);
            group.south.push(sign == 1);
            group.exit.push(exit.map(|v| sign * v));
            repeats.push(sign * self.repeat_value(game, &pos));
            hint.push(sign * self.values[m as usize]);
        }
        Ok(LargeGroup {
            group,
            repeats,
            hint,
        })
    }

    /// Rebuilds group `id` from the game's moves and the stored values.
    fn group_of(&self, game: &Game, id: u32) -> Result<Group, SolveError> {
        let members = self.members.get(&id).ok_or(SolveError::Unknown)?;
        let mut group = Group::default();
        let mut moves = Successors::default();
        for &m in members {
            let pos = self.codec.decode(self.keys[m as usize]);
            game.successors(&pos, &mut moves);
            let mut inner = Vec::new();
            let local = |child| members.iter().position(|&x| x == child).map(|k| k as u32);
            let exit = self.split_moves(&pos, &moves, local, |k, f| inner.push((k as u8, f)))?;
            group.push(self.repeat_value(game, &pos), exit, inner);
        }
        Ok(group)
    }

    /// Splits the `moves` of a group member `pos` by `local` (a child's
    /// index in the group, `None` outside it): `inside` gets each move
    /// inside with its factor; returns the best move out of the group, for
    /// the mover, by the stored values (`None`: every move stays inside).
    fn split_moves(
        &self,
        pos: &Position,
        moves: &Successors,
        local: impl Fn(u32) -> Option<u32>,
        mut inside: impl FnMut(u32, i16),
    ) -> Result<Option<i16>, SolveError> {
        let mut exit: Option<i16> = None;
        for s in moves.as_slice() {
            let child = self.lookup(&s.position)?;
            match local(child) {
                Some(k) => inside(k, factor(pos, &s.position)),
                None => {
                    let v = gain(pos, &s.position)
                        + factor(pos, &s.position) * self.values[child as usize];
                    exit = Some(exit.map_or(v, |e| e.max(v)));
                }
            }
        }
        Ok(exit)
    }
}
