//! A forward search from the start, exact to the end of the game: MTD(f)
//! (a series of null-window alpha-beta searches) with a transposition table
//! and move ordering, reading endgame databases ([`super::databases`]) at
//! its leaves: a position with at most the databases' stones on the board is
//! worth what they say.
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

use rustc_hash::FxHashMap;

use super::{end_value, factor, gain, leftover_value, Solution, SolveError};
use crate::{
    engine::{Game, Player, Position, Successor, Successors, MAX_PITS},
    rules::{Leftovers, Repetition},
};

/// Most positions the transposition table holds (about 40 bytes each); past
/// it, new positions are searched but not stored.
pub const TABLE_CAPACITY: usize = 1 << 26;

/// Beyond any value: more than all the stones of any board.
const INFINITY: i32 = 30_000;

/// Bounds on the value of a position (for its player to move) and the move
/// that gave the best result.
#[derive(Debug, Clone, Copy)]
struct Entry {
    lower: i16,
    upper: i16,
    best: u8,
}

/// The boards seen since the stones on the board last changed, as
/// [`GameRun::history`](crate::engine::GameRun::history) keeps them.
pub type History = Vec<([u8; MAX_PITS], Player)>;

/// A forward search of one game, with its table kept between searches.
pub struct Search<'a> {
    game: &'a Game,
    databases: Option<&'a Solution>,
    /// Stones on the board up to which the databases hold every position.
    database_stones: u32,
    repetition: Option<Leftovers>,
    /// No position can come back (see [`no_repetition`]).
    acyclic: bool,
    table: FxHashMap<u128, Entry>,
    /// Bits per pit in the table's keys.
    bits: u32,
    history: History,
    /// One move list per ply, reused.
    moves: Vec<Successors>,
    /// Positions searched (nodes visited, database leaves included).
    pub nodes: u64,
    /// Database leaves read whose value is not proven exact.
    pub inexact_leaves: u64,
}

impl<'a> Search<'a> {
    /// A search of `game` reading `databases` (if any) at its leaves.
    ///
    /// # Errors
    /// The board does not fit the table's 128-bit keys, or the databases
    /// were made from a start rather than for every position up to a number
    /// of stones.
    pub fn new(game: &'a Game, databases: Option<&'a Solution>) -> Result<Self, SolveError> {
        let stones = game.rules().total_stones();
        let bits = (32 - stones.leading_zeros()).max(1);
        if game.pit_count() as u32 * bits + 2 > 128 {
            return Err(SolveError::BoardTooLarge {
                pits: game.pit_count(),
                stones,
            });
        }
        let database_stones = match databases {
            Some(db) => db.databases().ok_or(SolveError::NotDatabases)?,
            None => 0,
        };
        let rules = game.rules();
        Ok(Search {
            game,
            databases,
            database_stones,
            repetition: (rules.end.repetition == Repetition::EndGame)
                .then_some(rules.end.repetition_leftovers),
            acyclic: no_repetition(rules),
            table: FxHashMap::default(),
            bits,
            history: Vec::new(),
            moves: Vec::new(),
            nodes: 0,
            inexact_leaves: 0,
        })
    }

    /// Positions in the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The exact value of `pos` for its player to move, given `seen` (the
    /// boards seen since the stones on the board last changed, `pos` last),
    /// found by MTD(f) from a first guess of 0.
    pub fn value(&mut self, pos: &Position, seen: &[([u8; MAX_PITS], Player)]) -> i32 {
        self.value_with(pos, seen, &mut |_, _| {})
    }

    /// As [`Search::value`], telling `on_pass` the proven bounds `[low,
    /// high]` after each pass of MTD(f) (so a long search shows how far it
    /// got).
    pub fn value_with(
        &mut self,
        pos: &Position,
        seen: &[([u8; MAX_PITS], Player)],
        on_pass: &mut dyn FnMut(i32, i32),
    ) -> i32 {
        let pos = clean(pos);
        self.history.clear();
        self.history.extend_from_slice(seen);
        if self.history.last() != Some(&(pos.pits, pos.to_move)) {
            self.history.push((pos.pits, pos.to_move));
        }
        let mut guess = 0;
        let (mut low, mut high) = (-INFINITY, INFINITY);
        while low < high {
            let beta = if guess == low { guess + 1 } else { guess };
            guess = self.negamax(&pos, 0, beta - 1, beta, 0);
            if guess < beta {
                high = guess;
            } else {
                low = guess;
            }
            on_pass(low, high);
        }
        guess
    }

    /// The exact value of each move of `pos` for its player to move, given
    /// `seen` as for [`Search::value`], in the order of [`Game::successors`].
    pub fn move_values(
        &mut self,
        pos: &Position,
        seen: &[([u8; MAX_PITS], Player)],
    ) -> Vec<(Successor, i32)> {
        self.move_values_with(pos, seen, &mut |_, _, _| {})
    }

    /// As [`Search::move_values`], telling `on_pass` the move's index and
    /// the proven bounds on its value after each pass of MTD(f).
    pub fn move_values_with(
        &mut self,
        pos: &Position,
        seen: &[([u8; MAX_PITS], Player)],
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
        seen: &[([u8; MAX_PITS], Player)],
        value: i32,
    ) -> Option<usize> {
        let pos = clean(pos);
        let mut moves = Successors::default();
        self.game.successors(&pos, &mut moves);
        for (i, s) in moves.as_slice().iter().enumerate() {
            let child = clean(&s.position);
            let g = i32::from(gain(&pos, &s.position));
            let f = i32::from(factor(&pos, &child));
            let same = stones(&child) == stones(&pos);
            if same && seen.contains(&(child.pits, child.to_move)) {
                if g + f * self.repeat_value(&child) >= value {
                    return Some(i);
                }
                continue;
            }
            self.history.clear();
            if same {
                self.history.extend_from_slice(seen);
            }
            self.history.push((child.pits, child.to_move));
            let since = if same { 0 } else { self.history.len() - 1 };
            // The move is worth `value` when g + f c >= value, c the child's
            // value: c <= g - value (f = -1) or c >= value - g (f = 1).
            let worth = if f < 0 {
                let bound = g - value;
                self.negamax(&child, since, bound, bound + 1, 0) <= bound
            } else {
                let bound = value - g;
                self.negamax(&child, since, bound - 1, bound, 0) >= bound
            };
            if worth {
                return Some(i);
            }
        }
        None
    }

    /// What a repetition at `pos` is worth to its mover.
    fn repeat_value(&self, pos: &Position) -> i32 {
        self.repetition.map_or(0, |leftovers| {
            leftover_value(self.game, pos, leftovers).into()
        })
    }

    /// The table's key of `pos`.
    fn key(&self, pos: &Position) -> u128 {
        let mut key = 0u128;
        for &n in pos.pits[..self.game.pit_count()].iter().rev() {
            key = key << self.bits | u128::from(n);
        }
        key << 2 | (pos.to_move.index() as u128) << 1 | u128::from(pos.opening)
    }

    /// The value of a database leaf: `pos` has at most the databases'
    /// stones and is not the opening.
    fn database_leaf(&mut self, pos: &Position, since: usize) -> Option<i32> {
        let db = self.databases?;
        if pos.opening || stones(pos) > self.database_stones {
            return None;
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
    fn negamax(
        &mut self,
        pos: &Position,
        since: usize,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if let Some(value) = self.database_leaf(pos, since) {
            return value;
        }
        let fresh = self.acyclic || self.history.len() - since == 1;
        let key = fresh.then(|| self.key(pos));
        let mut first = None;
        if let Some(entry) = key.and_then(|k| self.table.get(&k)) {
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
        if self.moves.len() <= ply {
            self.moves.resize_with(ply + 1, Successors::default);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.game.successors(pos, &mut moves);
        let list = moves.as_slice();
        if list.is_empty() {
            let value = end_value(self.game, pos).into();
            self.moves[ply] = moves;
            self.store(key, value, value, 0);
            return value;
        }
        // Move ordering: the table's best move, then extra turns, then the
        // biggest gain.
        let mut order: Vec<(i32, usize)> = list
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let rank = if Some(i) == first {
                    i32::MAX
                } else {
                    let extra = i32::from(s.position.to_move == pos.to_move);
                    1000 * extra + i32::from(gain(pos, &s.position))
                };
                (rank, i)
            })
            .collect();
        order.sort_unstable_by_key(|&(rank, _)| std::cmp::Reverse(rank));
        let (window_alpha, window_beta) = (alpha, beta);
        let (mut best, mut best_index) = (-INFINITY, 0);
        for (_, i) in order {
            let child = clean(&list[i].position);
            let g = i32::from(gain(pos, &list[i].position));
            let f = i32::from(factor(pos, &child));
            let same = stones(&child) == stones(pos);
            let value = if same && self.history[since..].contains(&(child.pits, child.to_move)) {
                g + f * self.repeat_value(&child)
            } else {
                self.history.push((child.pits, child.to_move));
                let child_since = if same { since } else { self.history.len() - 1 };
                let value = if f < 0 {
                    g - self.negamax(&child, child_since, g - beta, g - alpha, ply + 1)
                } else {
                    g + self.negamax(&child, child_since, alpha - g, beta - g, ply + 1)
                };
                self.history.pop();
                value
            };
            if value > best {
                best = value;
                best_index = i;
            }
            alpha = alpha.max(best);
            if alpha >= beta {
                break;
            }
        }
        self.moves[ply] = moves;
        let (lower, upper) = if best <= window_alpha {
            (-INFINITY, best)
        } else if best >= window_beta {
            (best, INFINITY)
        } else {
            (best, best)
        };
        self.store(key, lower, upper, best_index);
        best
    }

    /// Narrows the table's bounds of `key` (if any) to `[lower, upper]`.
    fn store(&mut self, key: Option<u128>, lower: i32, upper: i32, best: usize) {
        let Some(key) = key else { return };
        let narrow = |e: &mut Entry| {
            e.lower = e.lower.max(lower as i16);
            e.upper = e.upper.min(upper as i16);
            e.best = best as u8;
        };
        if let Some(entry) = self.table.get_mut(&key) {
            narrow(entry);
        } else if self.table.len() < TABLE_CAPACITY {
            let mut entry = Entry {
                lower: -INFINITY as i16,
                upper: INFINITY as i16,
                best: 0,
            };
            narrow(&mut entry);
            self.table.insert(key, entry);
        }
    }
}

/// Whether the rules make every position impossible to reach twice in a
/// game. A move that sows into a store or captures changes the stones on
/// the board, so a repetition needs moves that do neither. With stores sown
/// (a sowing that leaves the mover's row passes the mover's store), such a
/// move stays in the mover's row; with every pit sowing the same single
/// way, its stones only move on towards the row's end, and with the first
/// stone going to the next pit (or at least two stones lifted) at least one
/// stone moves on. The sum over the stones of their distance to the end of
/// their row then falls at every such move, so no position comes back.
pub fn no_repetition(rules: &crate::rules::Rules) -> bool {
    use crate::rules::{PitDirection, SowStart, Stores};
    let sowing = &rules.sowing;
    let one_way = sowing.direction.windows(2).all(|w| w[0] == w[1])
        && sowing.direction.first() != Some(&PitDirection::Either);
    rules.board.stores == Stores::Sown
        && one_way
        && (sowing.start == SowStart::Next || sowing.min_stones >= 2)
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
