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
//! 4. A group is solved exactly under the variant's own rule for endless
//!    games (see [`cycles`]): with `repetition end_game`, a move back to a
//!    board seen since the last capture ends the game and the stones on the
//!    board go as `repetition_leftovers` says; the search follows every
//!    sequence of moves inside the group and every way out of it, so either
//!    player leaves a cycle whenever leaving pays. With `repetition ignore` a
//!    game that never ends is scored as no further stones for anyone (0): the
//!    rules give it no end, and this is the neutral reading.
//!
//! Values inside a group depend on the history; the table stores each
//! position's value as if it had just been reached by a capture (nothing seen
//! since but itself), which is exact for every position where the history
//! cannot matter and for every group entered from outside. [`Solution::move_values`]
//! takes the history into account, so play that follows it is perfect.
//!
//! The start's board coming back after the first move (with the same side to
//! move, but no longer the opening) can only happen without a capture, so in
//! any game from the start it is a repetition: that position is scored as one.

mod bounds;
mod cycles;
mod graph;
mod key;
mod scc;
mod summary;
mod table;

use rustc_hash::FxHashMap;

pub use key::{estimate, KeyCodec};
pub use summary::{best_index, peak_memory, Cycles, FirstMove, PvResult, Summary};

use crate::{
    engine::{Game, Player, Position, Successor, Successors, MAX_PITS},
    rules::{Leftovers, Repetition},
};
use bounds::LocalGroup;
use cycles::Group;
use graph::Graph;

/// Why a variant cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The board does not fit the 64-bit position key.
    #[error("the board is too large to solve: {pits} pits of up to {stones} stones do not fit a 64-bit position key")]
    BoardTooLarge {
        /// Pits on the board.
        pits: usize,
        /// Stones in the game.
        stones: u32,
    },
    /// The estimated number of positions exceeds the limit.
    #[error("up to {estimate} positions (C(stones + pits, pits) boards, each side to move), more than the limit of {limit}; raise --limit if the machine has the memory (about 40 bytes a position)")]
    TooManyPositions {
        /// The upper bound on positions.
        estimate: u128,
        /// The limit.
        limit: u64,
    },
    /// A group of positions that reach one another is too large to search.
    #[error(
        "a group of {members} positions that can repeat one another is too large to solve exactly"
    )]
    CycleTooLarge {
        /// Positions in the group.
        members: usize,
    },
    /// A position that is not in the solution (not reachable from the start).
    #[error("position not in the solution: it is not reachable from the variant's start")]
    Unknown,
}

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
    /// Positions of groups too large for the exact search whose exact bounds
    /// differ, so that their value is the approximation of [`bounds`].
    pub approximate: usize,
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
    repetition: Option<Leftovers>,
    stats: Stats,
}

/// What the stones on the board are worth to the player to move when the
/// game ends and they go as `leftovers` says.
pub fn leftover_value(game: &Game, pos: &Position, leftovers: Leftovers) -> i16 {
    let row = |p: Player| -> i16 { pos.pits[game.row(p)].iter().map(|&n| i16::from(n)).sum() };
    let (mine, theirs) = (row(pos.to_move), row(pos.to_move.other()));
    match leftovers {
        Leftovers::RowOwner => mine - theirs,
        Leftovers::PlayerToMove => mine + theirs,
        Leftovers::Unscored => 0,
    }
}

/// Solves `game` from its start if at most `limit` positions may be reachable.
///
/// # Errors
/// The board does not fit a key, or the estimate exceeds `limit`.
pub fn solve(game: &Game, limit: u64) -> Result<Solution, SolveError> {
    solve_from(game, &game.start(), limit)
}

/// Solves every position reachable from `start` (captured totals ignored)
/// if at most `limit` positions may be reachable.
///
/// # Errors
/// The board does not fit a key, or the estimate exceeds `limit`.
pub fn solve_from(game: &Game, start: &Position, limit: u64) -> Result<Solution, SolveError> {
    let codec = KeyCodec::new(game).ok_or(SolveError::BoardTooLarge {
        pits: game.pit_count(),
        stones: game.rules().total_stones(),
    })?;
    let estimate = estimate(game);
    if estimate > u128::from(limit) {
        return Err(SolveError::TooManyPositions { estimate, limit });
    }
    let graph = Graph::build(game, start, codec, limit)
        .map_err(|_| SolveError::TooManyPositions { estimate, limit })?;
    let repetition = (game.rules().end.repetition == Repetition::EndGame)
        .then_some(game.rules().end.repetition_leftovers);
    let (values, group, members, stats) = Solver::new(game, codec, &graph, repetition).run()?;
    Ok(Solution {
        codec,
        keys: graph.keys,
        index: graph.index,
        values,
        group,
        members,
        repetition,
        stats,
    })
}

/// What a finished [`Solver`] hands over: values, group of every position,
/// members of every group, and the facts.
type Solved = (Vec<i16>, Vec<u32>, FxHashMap<u32, Vec<u32>>, Stats);

/// The values being worked out: by the rules, and with repetitions scored
/// as nothing (to count the positions whose value depends on that rule).
struct Solver<'a> {
    game: &'a Game,
    codec: KeyCodec,
    graph: &'a Graph,
    repetition: Option<Leftovers>,
    values: Vec<i16>,
    neutral: Vec<i16>,
    group: Vec<u32>,
    members: FxHashMap<u32, Vec<u32>>,
    largest: usize,
    in_large_groups: usize,
    large_groups: usize,
    approximate: usize,
}

impl<'a> Solver<'a> {
    fn new(
        game: &'a Game,
        codec: KeyCodec,
        graph: &'a Graph,
        repetition: Option<Leftovers>,
    ) -> Self {
        let n = graph.len();
        Solver {
            game,
            codec,
            graph,
            repetition,
            values: vec![0; n],
            neutral: vec![0; n],
            group: vec![NO_GROUP; n],
            members: FxHashMap::default(),
            largest: 1,
            in_large_groups: 0,
            large_groups: 0,
            approximate: 0,
        }
    }

    fn run(mut self) -> Result<Solved, SolveError> {
        let graph = self.graph;
        let mut failure = None;
        scc::for_each_component(&graph.first, &graph.child, |component| {
            if failure.is_none() {
                if let Err(e) = self.component(component) {
                    failure = Some(e);
                }
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        let rule_dependent = self
            .values
            .iter()
            .zip(&self.neutral)
            .filter(|(a, b)| a != b)
            .count();
        let in_cycles = self.members.values().map(Vec::len).sum::<usize>() + self.in_large_groups;
        let stats = Stats {
            positions: graph.len(),
            in_cycles,
            groups: self.members.len() + self.large_groups,
            largest_group: self.largest,
            rule_dependent,
            approximate: self.approximate,
        };
        Ok((self.values, self.group, self.members, stats))
    }

    fn repeat_value(&self, node: u32) -> i16 {
        let pos = self.codec.decode(self.graph.keys[node as usize]);
        self.repetition
            .map_or(0, |leftovers| leftover_value(self.game, &pos, leftovers))
    }

    fn component(&mut self, component: &[u32]) -> Result<(), SolveError> {
        if let [node] = *component {
            let i = node as usize;
            if Some(node) == self.graph.start_again {
                self.values[i] = self.repeat_value(node);
                self.neutral[i] = 0;
                return Ok(());
            }
            let mut best: Option<(i16, i16)> = None;
            for (child, captured) in self.graph.moves(node) {
                let c = child as usize;
                let captured = i16::from(captured);
                let v = (captured - self.values[c], captured - self.neutral[c]);
                best = Some(best.map_or(v, |b| (b.0.max(v.0), b.1.max(v.1))));
            }
            let (v, n) = best.unwrap_or_else(|| {
                let pos = self.codec.decode(self.graph.keys[i]);
                let v = leftover_value(self.game, &pos, self.game.rules().end.leftovers);
                (v, v)
            });
            self.values[i] = v;
            self.neutral[i] = n;
            return Ok(());
        }
        self.largest = self.largest.max(component.len());
        if component.len() <= cycles::MAX_MEMBERS {
            if let Some((values, neutral)) = self.exact_group(component) {
                for (k, &m) in component.iter().enumerate() {
                    self.values[m as usize] = values[k];
                    self.neutral[m as usize] = neutral[k];
                    self.group[m as usize] = component[0];
                }
                self.members.insert(component[0], component.to_vec());
                return Ok(());
            }
        }
        self.bounded_group(component);
        Ok(())
    }

    /// Values of a small group by the exact search of [`cycles`], by the
    /// rules and with repetitions scored 0; `None` when the search is too large.
    fn exact_group(&self, component: &[u32]) -> Option<(Vec<i16>, Vec<i16>)> {
        let mut out = [Vec::new(), Vec::new()];
        for (neutral, values) in out.iter_mut().enumerate() {
            let neutral = neutral == 1;
            let mut group = Group::default();
            for &m in component {
                let mut exit: Option<i16> = None;
                let mut inner = Vec::new();
                for (child, captured) in self.graph.moves(m) {
                    match component.iter().position(|&x| x == child) {
                        Some(local) => inner.push(local as u8),
                        None => {
                            let v = i16::from(captured) - self.child_value(child, neutral);
                            exit = Some(exit.map_or(v, |e| e.max(v)));
                        }
                    }
                }
                let repeat = if neutral { 0 } else { self.repeat_value(m) };
                group.push(repeat, exit, inner);
            }
            let mut memo = FxHashMap::default();
            for local in 0..component.len() {
                values.push(group.value(local, 1 << local, &mut memo).ok()?);
            }
        }
        let [values, neutral] = out;
        Some((values, neutral))
    }

    fn child_value(&self, child: u32, neutral: bool) -> i16 {
        if neutral {
            self.neutral[child as usize]
        } else {
            self.values[child as usize]
        }
    }

    /// Values of a large group: the exact bounds of [`bounds`]; where they
    /// differ, the repetition value of the position itself (0 for the
    /// neutral scoring), brought within them.
    fn bounded_group(&mut self, component: &[u32]) {
        let local: FxHashMap<u32, u32> = component
            .iter()
            .enumerate()
            .map(|(k, &m)| (m, k as u32))
            .collect();
        let mut values = [Vec::new(), Vec::new()];
        for (neutral, out) in values.iter_mut().enumerate() {
            let neutral = neutral == 1;
            let mut g = LocalGroup::default();
            g.first.push(0);
            for &m in component {
                let south = self.codec.decode(self.graph.keys[m as usize]).to_move == Player::South;
                let sign = if south { 1 } else { -1 };
                let mut exit: Option<i16> = None;
                for (child, captured) in self.graph.moves(m) {
                    match local.get(&child) {
                        Some(&k) => g.succ.push(k),
                        None => {
                            let v = i16::from(captured) - self.child_value(child, neutral);
                            exit = Some(exit.map_or(v, |e| e.max(v)));
                        }
                    }
                }
                g.south.push(south);
                g.exit.push(exit.map(|v| sign * v));
                g.first.push(g.succ.len() as u32);
            }
            let (lower, upper) = g.bounds();
            for (k, &m) in component.iter().enumerate() {
                let sign = if g.south[k] { 1 } else { -1 };
                let repeat = if neutral {
                    0
                } else {
                    sign * self.repeat_value(m)
                };
                let lo = lower[k].unwrap_or(i16::MIN);
                let hi = upper[k].unwrap_or(i16::MAX);
                if lo != hi && !neutral {
                    self.approximate += 1;
                }
                out.push(sign * repeat.clamp(lo, hi));
            }
        }
        for (k, &m) in component.iter().enumerate() {
            self.values[m as usize] = values[0][k];
            self.neutral[m as usize] = values[1][k];
        }
        self.in_large_groups += component.len();
        self.large_groups += 1;
    }
}

/// A legal move and its value for the player making it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    /// The move and where it leads.
    pub successor: Successor,
    /// Stones it captures plus what the player to move can make sure of afterwards.
    pub value: i16,
}

impl Solution {
    /// Facts about the solution.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Every position of the solution with its value for the player to move
    /// (captured totals are zero: values count only what is still to come).
    pub fn positions(&self) -> impl Iterator<Item = (Position, i16)> + '_ {
        self.keys
            .iter()
            .zip(&self.values)
            .map(|(&k, &v)| (self.codec.decode(k), v))
    }

    /// The codec of the keys.
    pub fn codec(&self) -> KeyCodec {
        self.codec
    }

    /// The value of `pos` for its player to move, as if nothing had been seen
    /// since the last capture.
    pub fn value(&self, pos: &Position) -> Option<i16> {
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
        seen: &[([u8; MAX_PITS], Player)],
    ) -> Result<Vec<MoveValue>, SolveError> {
        let here = self.lookup(pos)?;
        let group_id = self.group[here as usize];
        let mut moves = Successors::default();
        game.successors(pos, &mut moves);
        let group = (group_id != NO_GROUP)
            .then(|| self.group_of(game, group_id))
            .transpose()?;
        let members: &[u32] = self.members.get(&group_id).map_or(&[], Vec::as_slice);
        let mut seen_bits = 0u64;
        for (pits, side) in seen {
            let key = self.codec.encode(&Position {
                pits: *pits,
                captured: [0, 0],
                to_move: *side,
                opening: false,
            });
            if let Some(local) = self
                .index
                .get(&key)
                .and_then(|i| members.iter().position(|m| m == i))
            {
                seen_bits |= 1 << local;
            }
        }
        let mut memo = FxHashMap::default();
        let mut out = Vec::with_capacity(moves.len());
        for s in moves.as_slice() {
            let child = self.lookup(&s.position)?;
            let local = members.iter().position(|&m| m == child);
            let repeated = s.effect.captured == 0
                && seen
                    .iter()
                    .any(|(pits, side)| *pits == s.position.pits && *side == s.position.to_move);
            let value = match (&group, local) {
                _ if repeated => -self.repeat_value(game, &s.position),
                (Some(group), Some(local)) if s.effect.captured == 0 => {
                    let bit = 1u64 << local;
                    let theirs = if seen_bits & bit != 0 {
                        group.repeat(local)
                    } else {
                        group
                            .value(local, seen_bits | bit, &mut memo)
                            .map_err(|e| SolveError::CycleTooLarge { members: e.members })?
                    };
                    -theirs
                }
                _ => s.effect.captured as i16 - self.values[child as usize],
            };
            out.push(MoveValue {
                successor: *s,
                value,
            });
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

    /// Rebuilds group `id` from the game's moves and the stored values.
    fn group_of(&self, game: &Game, id: u32) -> Result<Group, SolveError> {
        let members = self.members.get(&id).ok_or(SolveError::Unknown)?;
        let mut group = Group::default();
        let mut moves = Successors::default();
        for &m in members {
            let pos = self.codec.decode(self.keys[m as usize]);
            game.successors(&pos, &mut moves);
            let mut exit: Option<i16> = None;
            let mut inner = Vec::new();
            for s in moves.as_slice() {
                let child = self.lookup(&s.position)?;
                match members.iter().position(|&x| x == child) {
                    Some(local) => inner.push(local as u8),
                    None => {
                        let v = s.effect.captured as i16 - self.values[child as usize];
                        exit = Some(exit.map_or(v, |e| e.max(v)));
                    }
                }
            }
            group.push(self.repeat_value(game, &pos), exit, inner);
        }
        Ok(group)
    }
}
