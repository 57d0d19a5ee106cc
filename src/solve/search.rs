//! A forward search from the start, exact to the end of the game: MTD(f)
//! (a series of null-window alpha-beta searches) with a transposition table
//! and move ordering, reading endgame databases ([`super::databases`]) at
//! its leaves: a position with at most the databases' stones on the board is
//! worth what they say, read by board index where no history is needed
//! ([`DenseValues`]).
//!
//! # Before a position's moves are searched
//! The positions they lead to are looked up (enhanced transposition
//! cutoff): a database leaf gives its value, a position in the table its
//! proven bounds. A move proven worth at least beta ends the search of the
//! position at once; a move known exactly, or proven unable to raise alpha,
//! is scored by that bound without a search (fail-soft: the bound is what a
//! search of it would have proven at most).
//!
//! # Repetitions
//! A position's value depends on the boards seen since the stones on the
//! board last changed (a move back to one of them is a repetition: it ends
//! the game under `repetition end_game`, and is scored 0 under `repetition
//! ignore`, as the retrograde solver scores endless play). The search keeps
//! that history and scores repetitions as the rules do. The transposition
//! table only holds positions reached by a move that changed the stones on
//! the board (or the root): there the history is the position alone, so the
//! value stored serves every later visit of it with the same history. That
//! keeps the search exact in variants with cycles, at the price of no
//! table for positions reached without a change. A database leaf in a group
//! of repeating positions is read with its history
//! ([`Solution::value_given`]).
//!
//! Some rules rule out repetition altogether ([`no_repetition`]): then the
//! history never matters and every position goes into the table.

use super::{
    dense::{BoardIndex, DenseValues},
    end_value, factor, gain, leftover_value, no_repetition,
    ttable::{Table, SLOT_BYTES},
    Solution, SolveError,
};
use crate::engine::PitArray;
use crate::{
    engine::{Game, Player, Position, Successor, Successors, MAX_PITS},
    rules::{Leftovers, Repetition},
};
use std::sync::{
    atomic::{AtomicBool, Ordering::Relaxed},
    Arc,
};

/// Most positions the transposition table holds (8 bytes each): 4 GiB.
/// The table takes at most this, at most a quarter of the memory available
/// and at most the positions the game can have.
pub const TABLE_CAPACITY: usize = 1 << 29;

/// Stones above the databases' from which a position's moves are looked up
/// before they are searched (enhanced transposition cutoff). Closer to the
/// databases the subtrees are small, and the look-ups, most of them cache
/// misses, cost more than they save: on Kalah(6,3) even-empty with 12-stone
/// databases, looking up everywhere searched 15.9 million positions in 20.5
/// s of processor time, above 6 stones 22.8 million in 17.0 s, never 23.9
/// million in 16.7 s (one run each on the shared machine).
const ETC_MARGIN: u32 = 6;

/// Where the bounds of a move's position may be found.
#[derive(Debug, Clone, Copy)]
enum Probe {
    /// Nowhere without its history.
    None,
    /// In the databases' values, at this place.
    Dense(usize),
    /// In the transposition table, under this key.
    Table(u64),
}

/// Beyond any value: more than all the stones of any board.
const INFINITY: i32 = 30_000;

/// What a null-window test of a move proved about its value for the player
/// to move ([`Search::test_move`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Test {
    /// It is worth at least this (which is at least the value tested).
    AtLeast(i32),
    /// It is worth at most this (which is below the value tested).
    AtMost(i32),
}

/// One depth of the iterative deepening of [`Search::deepen`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Deepening {
    /// Moves searched ahead.
    pub depth: u32,
    /// The value found, for the player to move: the next first guess.
    pub value: i32,
    /// Positions searched at this depth.
    pub positions: u64,
    /// The search reached no horizon and read no database value not proven
    /// exact: the value is exact.
    pub exact: bool,
}

/// The state of a depth-limited search of [`Search::deepen`].
#[derive(Debug, Clone, Copy)]
struct DepthLimit {
    /// The search is abandoned when its positions searched reach this.
    until: u64,
    /// Some line was cut at the horizon.
    horizon: bool,
    /// The budget ran out: the depth's result is void.
    over: bool,
}

/// The boards seen since the stones on the board last changed, as
/// [`GameRun::history`](crate::engine::GameRun::history) keeps them.
pub type History = Vec<(PitArray, Player)>;

/// A forward search of one game, with its table kept between searches.
#[derive(Clone)]
pub struct Search<'a> {
    game: &'a Game,
    databases: Option<&'a Solution>,
    /// The databases' values that need no history, by board index.
    dense: Option<&'a DenseValues>,
    /// Stones on the board up to which the databases hold every position.
    database_stones: u32,
    repetition: Option<Leftovers>,
    /// No position can come back (see [`no_repetition`]).
    acyclic: bool,
    /// Shared with the helper threads of a search on several threads.
    table: Arc<Table>,
    /// The numbering of every board of the game's stones, for the table's
    /// keys.
    keys: BoardIndex,
    history: History,
    /// Move lists not in use, reused (one per ply of the deepest line).
    /// Boxed so that taking one out and putting it back moves a pointer,
    /// not a list of every move's position.
    #[allow(clippy::vec_box)]
    spare: Vec<Box<Successors>>,
    /// Positions searched (nodes visited, database leaves included).
    pub nodes: u64,
    /// Database leaves read whose value is not proven exact.
    pub inexact_leaves: u64,
    /// Threads each null-window search runs on (see [`Search::set_threads`]).
    threads: usize,
    /// The cutoffs each move made (by side to move and move index),
    /// weighted by the square of the stones above the databases where it
    /// made them (the history heuristic): the move ordering's last key.
    cutoffs: [[u32; MAX_PITS]; 2],
    /// A helper thread's number (0 for the main search), which varies its
    /// move order, and the flag that tells it to stop.
    helper: usize,
    stop: Option<Arc<AtomicBool>>,
    /// Set during a depth-limited search of [`Search::deepen`].
    deepening: Option<DepthLimit>,
}

impl<'a> Search<'a> {
    /// A search of `game` reading `databases` (if any) at its leaves.
    ///
    /// # Errors
    /// The board's numbering and its values do not fit the table's words
    /// (see [`super::ttable`]), or the databases
    /// were made from a start rather than for every position up to a number
    /// of stones.
    pub fn new(game: &'a Game, databases: Option<&'a Solution>) -> Result<Self, SolveError> {
        Self::with_table(game, databases, table_slots(game))
    }

    /// As [`Search::new`], with a transposition table of `slots` positions
    /// (rounded down to a power of two, at least 2): a small one shows that
    /// the values do not depend on what the table had room for.
    ///
    /// # Errors
    /// As [`Search::new`].
    pub fn with_table(
        game: &'a Game,
        databases: Option<&'a Solution>,
        slots: usize,
    ) -> Result<Self, SolveError> {
        let stones = game.rules().total_stones();
        let too_large = SolveError::BoardTooLarge {
            pits: game.pit_count(),
            stones,
        };
        // A key: the board's number, the side to move and the opening.
        let keys = BoardIndex::numbering(game.pit_count(), stones)
            .filter(|keys| keys.len() as u64 <= u64::MAX / 4)
            .ok_or(too_large.clone())?;
        let key_bits = 64 - (4 * keys.len() as u64 - 1).leading_zeros();
        let most = u16::try_from(stones).map_err(|_| too_large.clone())?;
        let table = Table::new(slots, key_bits, most).map_err(|_| too_large)?;
        let database_stones = match databases {
            Some(db) => db.databases().ok_or(SolveError::NotDatabases)?,
            None => 0,
        };
        let rules = game.rules();
        Ok(Search {
            game,
            databases,
            dense: databases.and_then(Solution::dense_values),
            database_stones,
            repetition: (rules.end.repetition == Repetition::EndGame)
                .then_some(rules.end.repetition_leftovers),
            acyclic: no_repetition(rules),
            table: Arc::new(table),
            keys,
            history: Vec::new(),
            spare: Vec::new(),
            nodes: 0,
            inexact_leaves: 0,
            threads: 1,
            cutoffs: [[0; MAX_PITS]; 2],
            helper: 0,
            stop: None,
            deepening: None,
        })
    }

    /// Runs each null-window search on `threads` threads (at least one)
    /// sharing the transposition table: the helpers search the same window
    /// with their moves in another order, so that they prove other parts of
    /// the tree into the table, and stop when the main search ends (what
    /// they proved by then stays in the table; nothing after). Values do not
    /// depend on it: every entry is a proven bound, whichever thread wrote
    /// it.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Positions in the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The exact value of `pos` for its player to move, given `seen` (the
    /// boards seen since the stones on the board last changed, `pos` last),
    /// found by MTD(f) from a first guess of 0.
    pub fn value(&mut self, pos: &Position, seen: &[(PitArray, Player)]) -> i32 {
        self.value_with(pos, seen, &mut |_, _| {})
    }

    /// As [`Search::value`], telling `on_pass` the proven bounds `[low,
    /// high]` after each pass of MTD(f) (so a long search shows how far it
    /// got).
    pub fn value_with(
        &mut self,
        pos: &Position,
        seen: &[(PitArray, Player)],
        on_pass: &mut dyn FnMut(i32, i32),
    ) -> i32 {
        self.value_from(pos, seen, 0, on_pass)
    }

    /// As [`Search::value_with`], with MTD(f) starting from `guess` (for the
    /// player to move) instead of 0: the value found is the same whatever
    /// the guess; a guess close to it saves passes.
    pub fn value_from(
        &mut self,
        pos: &Position,
        seen: &[(PitArray, Player)],
        guess: i32,
        on_pass: &mut dyn FnMut(i32, i32),
    ) -> i32 {
        let pos = clean(pos);
        self.history.clear();
        self.history.extend_from_slice(seen);
        if self.history.last() != Some(&(pos.pits, pos.to_move)) {
            self.history.push((pos.pits, pos.to_move));
        }
        let mut guess = guess;
        let (mut low, mut high) = (-INFINITY, INFINITY);
        while low < high {
            let beta = if guess == low { guess + 1 } else { guess };
            guess = self.shared_negamax(&pos, 0, beta - 1, beta);
            if guess < beta {
                high = guess;
            } else {
                low = guess;
            }
            on_pass(low, high);
        }
        guess
    }

    /// A first guess at the value of `pos` for its player to move, given
    /// `seen` as for [`Search::value`], by iterative deepening: alpha-beta
    /// searches of 1, 2, 3 ... moves, with the databases at the leaves and
    /// nothing more to win at the horizon (so a line cut there is scored by
    /// the stores it reached). Each depth starts from the best moves the
    /// last one found (kept in the transposition table as move hints only,
    /// never as bounds) and trains the history heuristic for the exact
    /// search. It stops at the first depth whose search reached no horizon
    /// (its value is then exact), or when the next depth would take the
    /// positions searched past `budget` (that depth is abandoned). Returns
    /// each depth completed, the guess being the last one's value; nothing
    /// when not even one move deep fits the budget. Database values not
    /// proven exact that it reads do not count in
    /// [`Search::inexact_leaves`]: a guess need not be exact.
    pub fn deepen(
        &mut self,
        pos: &Position,
        seen: &[(PitArray, Player)],
        budget: u64,
        on_depth: &mut dyn FnMut(&Deepening),
    ) -> Vec<Deepening> {
        let pos = clean(pos);
        let (nodes, inexact) = (self.nodes, self.inexact_leaves);
        let mut done = Vec::new();
        for depth in 1.. {
            self.history.clear();
            self.history.extend_from_slice(seen);
            if self.history.last() != Some(&(pos.pits, pos.to_move)) {
                self.history.push((pos.pits, pos.to_move));
            }
            self.deepening = Some(DepthLimit {
                until: nodes.saturating_add(budget),
                horizon: false,
                over: false,
            });
            let (before, inexact_before) = (self.nodes, self.inexact_leaves);
            let value = self.limited(&pos, self.history.len() - 1, depth, -INFINITY, INFINITY);
            let Some(limit) = self.deepening.take().filter(|limit| !limit.over) else {
                break;
            };
            let step = Deepening {
                depth,
                value,
                positions: self.nodes - before,
                exact: !limit.horizon && self.inexact_leaves == inexact_before,
            };
            on_depth(&step);
            done.push(step);
            if step.exact {
                break;
            }
        }
        self.nodes = nodes;
        self.inexact_leaves = inexact;
        done
    }

    /// The exact value of each move of `pos` for its player to move, given
    /// `seen` as for [`Search::value`], in the order of [`Game::successors`].
    pub fn move_values(
        &mut self,
        pos: &Position,
        seen: &[(PitArray, Player)],
    ) -> Vec<(Successor, i32)> {
        self.move_values_with(pos, seen, &mut |_, _, _| {})
    }

    /// As [`Search::move_values`], telling `on_pass` the move's index and
    /// the proven bounds on its value after each pass of MTD(f).
    pub fn move_values_with(
        &mut self,
        pos: &Position,
        seen: &[(PitArray, Player)],
        on_pass: &mut dyn FnMut(usize, i32, i32),
    ) -> Vec<(Successor, i32)> {
        let pos = clean(pos);
        let mut moves = Successors::default();
        self.game.successors(&pos, &mut moves);
        let mut out = Vec::with_capacity(moves.len());
        for (i, s) in moves.as_slice().iter().enumerate() {
            let child = clean(&s.position);
            let g = i32::from(gain(&pos, &s.position));
            let f = i32::from(factor(&pos, &child));
            let same = stones(&child) == stones(&pos);
            let value = if same && seen.contains(&(child.pits, child.to_move)) {
                g + f * self.repeat_value(&child)
            } else {
                let mut history: History = if same { seen.to_vec() } else { Vec::new() };
                history.push((child.pits, child.to_move));
                let mut pass = |low: i32, high: i32| {
                    let (a, b) = (g + f * low, g + f * high);
                    on_pass(i, a.min(b), a.max(b));
                };
                g + f * self.value_with(&child, &history, &mut pass)
            };
            out.push((*s, value));
        }
        out
    }

    /// The first move of `pos` (in the order of [`Game::successors`]) worth
    /// `value` to the player to move, given `seen` as for [`Search::value`],
    /// when `value` is the exact value of `pos`: found by null-window tests,
    /// so following a principal variation costs far less than valuing every
    /// move. `None` when no move is worth it (`value` was not exact).
    pub fn move_worth(
        &mut self,
        pos: &Position,
        seen: &[(PitArray, Player)],
        value: i32,
    ) -> Option<usize> {
        let count = {
            let mut moves = Successors::default();
            self.game.successors(&clean(pos), &mut moves);
            moves.len()
        };
        (0..count).find(|&i| matches!(self.test_move(pos, seen, i, value), Test::AtLeast(_)))
    }

    /// Whether move `index` of `pos` (in the order of [`Game::successors`])
    /// is worth at least `value` to the player to move, given `seen` as for
    /// [`Search::value`], by one null-window search: a proven bound on the
    /// move's value on the side of `value` it lies.
    pub fn test_move(
        &mut self,
        pos: &Position,
        seen: &[(PitArray, Player)],
        index: usize,
        value: i32,
    ) -> Test {
        let pos = clean(pos);
        let mut moves = Successors::default();
        self.game.successors(&pos, &mut moves);
        let s = moves.as_slice()[index];
        let child = clean(&s.position);
        let g = i32::from(gain(&pos, &s.position));
        let f = i32::from(factor(&pos, &child));
        let same = stones(&child) == stones(&pos);
        let found = if same && seen.contains(&(child.pits, child.to_move)) {
            g + f * self.repeat_value(&child)
        } else {
            self.history.clear();
            if same {
                self.history.extend_from_slice(seen);
            }
            self.history.push((child.pits, child.to_move));
            let since = if same { 0 } else { self.history.len() - 1 };
            // The move is worth `value` when g + f c >= value, c the child's
            // value: c <= g - value (f = -1) or c >= value - g (f = 1).
            // Fail-soft, the search's answer bounds c on the side it falls.
            if f < 0 {
                let bound = g - value;
                g - self.shared_negamax(&child, since, bound, bound + 1)
            } else {
                let bound = value - g;
                g + self.shared_negamax(&child, since, bound - 1, bound)
            }
        };
        if found >= value {
            Test::AtLeast(found)
        } else {
            Test::AtMost(found)
        }
    }

    /// [`Search::negamax`] of `pos`, last in the history, on the search's
    /// threads: the helpers search the same window until this thread is
    /// done. Their positions searched count with this thread's.
    fn shared_negamax(&mut self, pos: &Position, since: usize, alpha: i32, beta: i32) -> i32 {
        if self.threads <= 1 {
            return self.negamax(pos, since, alpha, beta);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let mut helpers: Vec<Search<'a>> = (1..self.threads)
            .map(|helper| Search {
                spare: Vec::new(),
                nodes: 0,
                inexact_leaves: 0,
                threads: 1,
                helper,
                stop: Some(Arc::clone(&stop)),
                ..self.clone()
            })
            .collect();
        let value = std::thread::scope(|scope| {
            for helper in &mut helpers {
                let spawned = std::thread::Builder::new()
                    .stack_size(64 << 20)
                    .spawn_scoped(scope, move || {
                        helper.negamax(pos, since, alpha, beta);
                    });
                // Without a helper the search is the same, only slower.
                spawned.ok();
            }
            let value = self.negamax(pos, since, alpha, beta);
            stop.store(true, Relaxed);
            value
        });
        for helper in &helpers {
            self.nodes += helper.nodes;
            self.inexact_leaves += helper.inexact_leaves;
        }
        value
    }

    /// Whether this is a helper thread told to stop: its results from then
    /// on are not proven (each node returns at once) and are never stored.
    #[inline]
    fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|stop| stop.load(Relaxed))
    }

    /// What a repetition at `pos` is worth to its mover.
    fn repeat_value(&self, pos: &Position) -> i32 {
        self.repetition.map_or(0, |leftovers| {
            leftover_value(self.game, pos, leftovers).into()
        })
    }

    /// The table's key of `pos`.
    /// `None` for a board of more stones than the game's (never in the
    /// table).
    fn key(&self, pos: &Position) -> Option<u64> {
        let rank = self.keys.rank(&pos.pits)? as u64;
        Some(rank << 2 | (pos.to_move.index() as u64) << 1 | u64::from(pos.opening))
    }

    /// Whether the databases hold `pos`.
    fn in_databases(&self, pos: &Position) -> bool {
        self.databases.is_some() && !pos.opening && stones(pos) <= self.database_stones
    }

    /// The value of a database leaf `pos` read by board index, when it
    /// needs no history and is exact.
    fn dense_leaf(&self, pos: &Position) -> Option<i32> {
        let pits = &pos.pits[..self.game.pit_count()];
        self.dense?.get(pits, pos.to_move).map(i32::from)
    }

    /// The value of a database leaf: `pos` has at most the databases'
    /// stones and is not the opening.
    fn database_leaf(&mut self, pos: &Position, since: usize) -> Option<i32> {
        let db = self.databases?;
        if !self.in_databases(pos) {
            return None;
        }
        if let Some(value) = self.dense_leaf(pos) {
            return Some(value);
        }
        let (value, exact) = db
            .value_given(self.game, pos, &self.history[since..])
            .ok()?;
        self.inexact_leaves += u64::from(!exact);
        Some(value.into())
    }

    /// Fail-soft alpha-beta: the value of `pos` (last in the history, whose
    /// part since the stones last changed starts at `since`) if it lies
    /// strictly between `alpha` and `beta`, else a bound on the side of the
    /// window it falls.
    fn negamax(&mut self, pos: &Position, since: usize, mut alpha: i32, mut beta: i32) -> i32 {
        if self.stopped() {
            return 0;
        }
        self.nodes += 1;
        let nodes_before = self.nodes;
        if let Some(value) = self.database_leaf(pos, since) {
            return value;
        }
        // What is still to be won lies within the stones on the board: a
        // window outside them is decided at once (futility).
        let on_board = stones(pos) as i32;
        if on_board <= alpha {
            return on_board;
        }
        if -on_board >= beta {
            return -on_board;
        }
        let fresh = self.acyclic || self.history.len() - since == 1;
        let key = if fresh { self.key(pos) } else { None };
        let mut first = None;
        if let Some(entry) = key.and_then(|k| self.table.get(k)) {
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if lower >= beta || lower == upper {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            first = Some(usize::from(entry.best));
        }
        let mut moves = self.spare.pop().unwrap_or_default();
        self.game.successors(pos, &mut moves);
        let list = moves.as_slice();
        if list.is_empty() {
            let value = end_value(self.game, pos).into();
            self.spare.push(moves);
            self.store(key, value, value, 0, 1);
            return value;
        }
        let mut known = [None; MAX_PITS];
        // The moves' bounds are looked up only where the search below is
        // worth a handful of memory fetches (see [`ETC_MARGIN`]).
        let etc = on_board as u32 > self.database_stones + ETC_MARGIN;
        if let Some((cut, index)) = etc
            .then(|| self.known_bounds(pos, list, beta, &mut known))
            .flatten()
        {
            self.spare.push(moves);
            self.store(key, cut, INFINITY, index, 1);
            return cut;
        }
        let mut order = [(0i64, 0u8); MAX_PITS];
        let order = self.order(pos, list, first, &mut order);
        let side = pos.to_move.index();
        let (window_alpha, window_beta) = (alpha, beta);
        let (mut best, mut best_index) = (-INFINITY, 0);
        for &(_, i) in order.iter() {
            let i = usize::from(i);
            let child = clean(&list[i].position);
            let g = i32::from(gain(pos, &list[i].position));
            let f = i32::from(factor(pos, &child));
            let same = stones(&child) == stones(pos);
            let value = match known[i] {
                // Known exactly (a database leaf), or unable to raise alpha:
                // the bound is the move's fail-soft result, unsearched.
                Some((lower, upper)) if lower == upper || upper <= alpha => {
                    self.nodes += 1;
                    upper
                }
                _ => self.child_value(
                    &child,
                    (since, same),
                    (g, f),
                    (alpha, beta),
                    |s, c, cs, a, b| s.negamax(c, cs, a, b),
                ),
            };
            if value > best {
                best = value;
                best_index = i;
            }
            alpha = alpha.max(best);
            if alpha >= beta {
                self.count_cutoff(side, i, on_board as u32);
                break;
            }
        }
        self.spare.push(moves);
        let (lower, upper) = if best <= window_alpha {
            (-INFINITY, best)
        } else if best >= window_beta {
            (best, INFINITY)
        } else {
            (best, best)
        };
        self.store(key, lower, upper, best_index, self.nodes - nodes_before);
        best
    }

    /// The order in which the moves `list` of `pos` are searched, written
    /// into `order` (its first `list.len()` entries, returned) as (rank,
    /// move index): `first` (the table's best move), then extra turns, then
    /// the biggest gain, then the moves that made the most cutoffs (history
    /// heuristic; on Kalah(5,4) shipped with 14-stone databases it cut the
    /// positions searched from 11.4 to 4.1 million, 13.4 to 4.8 s of
    /// processor time; the cutoffs ranked before the gain, 2.5 times slower
    /// than without them).
    fn order<'o>(
        &self,
        pos: &Position,
        list: &[Successor],
        first: Option<usize>,
        order: &'o mut [(i64, u8); MAX_PITS],
    ) -> &'o [(i64, u8)] {
        let side = pos.to_move.index();
        for (i, s) in list.iter().enumerate() {
            let rank = if Some(i) == first {
                i64::MAX
            } else {
                let extra = i64::from(s.position.to_move == pos.to_move);
                let g = i64::from(gain(pos, &s.position));
                (extra << 50) + (g << 36) + i64::from(self.cutoffs[side][i])
            };
            order[i] = (rank, i as u8);
        }
        let order = &mut order[..list.len()];
        order.sort_unstable_by_key(|&(rank, _)| std::cmp::Reverse(rank));
        if self.helper > 0 && order.len() > 2 {
            // A helper takes the moves after the first in another order, so
            // that where every move must be searched the threads start on
            // different ones.
            let rest = &mut order[1..];
            rest.reverse();
            let turn = (self.helper - 1) % rest.len();
            rest.rotate_left(turn);
        }
        order
    }

    /// The value for the mover of the move to `child` (its gain `g`, the
    /// sign `f` between the two players' values), searched with `search`
    /// in the window `(alpha, beta)` turned for the child: the repetition
    /// value if `child` repeats a position since `since` (`same`: no stone
    /// left the board on the way), else the search below it, with `child`
    /// in the history while it runs.
    fn child_value(
        &mut self,
        child: &Position,
        (since, same): (usize, bool),
        (g, f): (i32, i32),
        (alpha, beta): (i32, i32),
        search: impl FnOnce(&mut Self, &Position, usize, i32, i32) -> i32,
    ) -> i32 {
        if same && self.history[since..].contains(&(child.pits, child.to_move)) {
            return g + f * self.repeat_value(child);
        }
        self.history.push((child.pits, child.to_move));
        let child_since = if same { since } else { self.history.len() - 1 };
        let value = if f < 0 {
            g - search(self, child, child_since, g - beta, g - alpha)
        } else {
            g + search(self, child, child_since, alpha - g, beta - g)
        };
        self.history.pop();
        value
    }

    /// Fail-soft alpha-beta of `pos` (as [`Search::negamax`]) at most
    /// `depth` moves deep, for [`Search::deepen`]: a position at the horizon
    /// is worth 0 (nothing more won). Stores only best moves in the table.
    fn limited(
        &mut self,
        pos: &Position,
        since: usize,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let Some(limit) = self.deepening.as_mut() else {
            return 0;
        };
        if limit.over {
            return 0;
        }
        if self.nodes >= limit.until {
            limit.over = true;
            return 0;
        }
        self.nodes += 1;
        let nodes_before = self.nodes;
        if let Some(value) = self.database_leaf(pos, since) {
            return value;
        }
        let on_board = stones(pos) as i32;
        if on_board <= alpha {
            return on_board;
        }
        if -on_board >= beta {
            return -on_board;
        }
        let mut moves = self.spare.pop().unwrap_or_default();
        self.game.successors(pos, &mut moves);
        let list = moves.as_slice();
        if list.is_empty() {
            self.spare.push(moves);
            return end_value(self.game, pos).into();
        }
        if depth == 0 {
            self.spare.push(moves);
            if let Some(limit) = self.deepening.as_mut() {
                limit.horizon = true;
            }
            return 0;
        }
        let fresh = self.acyclic || self.history.len() - since == 1;
        let key = if fresh { self.key(pos) } else { None };
        let first = key
            .and_then(|k| self.table.get(k))
            .map(|entry| usize::from(entry.best));
        let mut order = [(0i64, 0u8); MAX_PITS];
        let order = self.order(pos, list, first, &mut order);
        let side = pos.to_move.index();
        let (mut best, mut best_index) = (-INFINITY, 0);
        for &(_, i) in order.iter() {
            let i = usize::from(i);
            let child = clean(&list[i].position);
            let g = i32::from(gain(pos, &list[i].position));
            let f = i32::from(factor(pos, &child));
            let same = stones(&child) == stones(pos);
            let value = self.child_value(
                &child,
                (since, same),
                (g, f),
                (alpha, beta),
                |s, c, cs, a, b| s.limited(c, cs, depth - 1, a, b),
            );
            if value > best {
                best = value;
                best_index = i;
            }
            alpha = alpha.max(best);
            if alpha >= beta {
                self.count_cutoff(side, i, on_board as u32);
                break;
            }
        }
        self.spare.push(moves);
        if self.deepening.is_some_and(|limit| !limit.over) {
            // A move hint only: the bounds stay unproven.
            self.store(
                key,
                -INFINITY,
                INFINITY,
                best_index,
                self.nodes - nodes_before,
            );
        }
        best
    }

    /// Enhanced transposition cutoff: proven bounds `(lower, upper)`, for
    /// the mover of `pos`, on each of its moves (`list`) whose position is a
    /// database leaf needing no history or is in the table, written into
    /// `known`, before any is searched; a value of at least `beta` proven so
    /// ends it at once, with the move's index. Only positions whose history
    /// would be themselves alone are looked up.
    fn known_bounds(
        &self,
        pos: &Position,
        list: &[Successor],
        beta: i32,
        known: &mut [Option<(i32, i32)>; MAX_PITS],
    ) -> Option<(i32, usize)> {
        // First where each move's bounds would be, starting to fetch them so
        // that the memory fetches of all the moves overlap (each is most
        // often a cache miss); then the bounds themselves.
        let mut probes = [Probe::None; MAX_PITS];
        for (i, s) in list.iter().enumerate() {
            let child = &s.position;
            if !self.acyclic && stones(child) == stones(pos) {
                continue;
            }
            // A database leaf is never in the table; its value, when it
            // needs no history, is read at once.
            probes[i] = if self.in_databases(child) {
                let pits = &child.pits[..self.game.pit_count()];
                match self.dense.and_then(|d| d.locate(pits, child.to_move)) {
                    Some(at) => {
                        if let Some(dense) = self.dense {
                            dense.prefetch(at);
                        }
                        Probe::Dense(at)
                    }
                    None => Probe::None,
                }
            } else {
                match self.key(child) {
                    Some(key) => {
                        self.table.prefetch(key);
                        Probe::Table(key)
                    }
                    None => Probe::None,
                }
            };
        }
        for (i, s) in list.iter().enumerate() {
            let (lower, upper) = match probes[i] {
                Probe::None => continue,
                Probe::Dense(at) => match self.dense.and_then(|d| d.at(at)) {
                    Some(value) => (value, value),
                    None => continue,
                },
                Probe::Table(key) => match self.table.get(key) {
                    Some(entry) => (i32::from(entry.lower), i32::from(entry.upper)),
                    None => continue,
                },
            };
            let child = &s.position;
            let g = i32::from(gain(pos, child));
            let f = i32::from(factor(pos, child));
            let bounds = if f < 0 {
                (g - upper, g - lower)
            } else {
                (g + lower, g + upper)
            };
            if bounds.0 >= beta {
                return Some((bounds.0, i));
            }
            known[i] = Some(bounds);
        }
        None
    }

    /// Counts a cutoff of move `index` for `side` at a position of
    /// `on_board` stones: the higher above the databases, the larger the
    /// tree it saved, the more it counts. The counts are halved when one
    /// grows large, so that recent cutoffs weigh more.
    fn count_cutoff(&mut self, side: usize, index: usize, on_board: u32) {
        let above = on_board.saturating_sub(self.database_stones);
        let count = &mut self.cutoffs[side][index];
        *count = count.saturating_add(above * above);
        if *count >= 1 << 30 {
            for c in self.cutoffs.iter_mut().flatten() {
                *c /= 2;
            }
        }
    }

    /// Narrows the table's bounds of `key` (if any) to `[lower, upper]`,
    /// found by searching `nodes` positions.
    fn store(&mut self, key: Option<u64>, lower: i32, upper: i32, best: usize, nodes: u64) {
        if self.stopped() {
            return;
        }
        if let Some(key) = key {
            self.table
                .store(key, lower as i16, upper as i16, best as u8, nodes);
        }
    }
}

/// Slots for the transposition table of `game`: at most [`TABLE_CAPACITY`],
/// a quarter of the memory available, and the positions the game can have.
fn table_slots(game: &Game) -> usize {
    let memory = crate::memory::available().map_or(u64::MAX, |bytes| bytes / 4 / SLOT_BYTES);
    let positions = super::estimate(game).min(u128::from(u64::MAX)) as u64;
    positions.min(memory).min(TABLE_CAPACITY as u64) as usize
}

/// `pos` with nothing captured: values count only what is still to come.
fn clean(pos: &Position) -> Position {
    Position {
        captured: [0, 0],
        removed: 0,
        ..*pos
    }
}

/// Stones on the board.
fn stones(pos: &Position) -> u32 {
    pos.pits.iter().map(|&n| u32::from(n)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(name: &str) -> crate::rules::Rules {
        crate::variants::load(name).unwrap().rules
    }

    #[test]
    fn kalah_cannot_repeat_and_modiar_can() {
        // Kalah: stores sown, every pit sows ccw from the next pit.
        assert!(no_repetition(&rules("kalah")));
        // Modiar: no stores, so stones go round the board without changing it.
        assert!(!no_repetition(&rules("modiar")));
        // Kalah with the first stone back in the emptied pit and single
        // stones playable: a one-stone move changes nothing.
        let mut origin = rules("kalah");
        origin.sowing.start = crate::rules::SowStart::Origin;
        assert!(!no_repetition(&origin));
        origin.sowing.min_stones = 2;
        assert!(no_repetition(&origin));
    }
}
