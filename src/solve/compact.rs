//! Compact endgame databases, for rules under which no position can come
//! back ([`no_repetition`]): one byte a position, stored by board index
//! ([`BoardIndex`]), built layer by layer without listing positions or
//! their moves.
//!
//! The boards with exactly `s` stones on the board are numbered after those
//! with fewer, and a move never adds stones, so the layers are solved from
//! the empty board up: a move that captures or sows into a store leads to a
//! lower layer, already solved. A move that does neither stays in the layer;
//! since no position can come back, following such moves always ends, and a
//! position's value is found by a search of those moves depth first, each
//! value kept once found (the same value whichever way it is reached: a
//! value counts only what is still to be won). A bound on that depth
//! guards the proof: a deeper chain is refused, never guessed.
//!
//! Two or more threads share a layer: each takes the next block of boards;
//! a value found is stored in a byte that every thread reads (a value is
//! fixed by the position alone, so a thread that finds one another thread
//! is working on finds the same value, and stores what is already there).
//! Layers are finished one after another, so a lower layer is read only
//! once complete.

use std::sync::atomic::{AtomicBool, AtomicI8, AtomicUsize, Ordering::Relaxed};

use super::{
    check_rules,
    dense::{BoardIndex, DenseValues},
    end_value, factor, gain, no_repetition, SolveError,
};
use crate::engine::{Game, Player, Position, Successors};

/// Marks a value not yet found.
const UNKNOWN: i8 = i8::MIN;

/// Boards a thread takes at a time.
const BLOCK: usize = 1 << 12;

/// Bytes a position of the compact databases takes while they are built
/// (one shared between the threads, then one in the databases).
pub const BYTES_PER_POSITION: u64 = 2;

/// Whether `game`'s endgame databases can be built compactly: no position
/// can come back, and a value depends on the board and the side to move
/// alone.
pub fn compact_possible(game: &Game) -> bool {
    no_repetition(game.rules()) && check_rules(game).is_ok()
}

/// The values of every position of `game` with at most `stones` stones on
/// the board (whoever is to move, after the opening), built on `threads`
/// threads; `progress` is told each layer's stones as it is finished.
///
/// # Errors
/// The rules let positions come back or make a value depend on more than
/// the board ([`compact_possible`]), the boards are too many to number, a
/// value does not fit a byte, the memory available is too small, or a
/// chain of moves within a layer is longer than the rules allow (which
/// would mean a position can come back after all).
pub fn build(
    game: &Game,
    stones: u32,
    threads: usize,
    progress: &mut dyn FnMut(u32),
) -> Result<DenseValues, SolveError> {
    check_rules(game)?;
    if !no_repetition(game.rules()) {
        return Err(SolveError::Repeats);
    }
    let stones = stones.min(game.rules().total_stones());
    let too_large = SolveError::BoardTooLarge {
        pits: game.pit_count(),
        stones,
    };
    if stones > i8::MAX as u32 {
        return Err(too_large);
    }
    let index = BoardIndex::new(game.pit_count(), stones).ok_or(too_large)?;
    crate::memory::fits(2 * index.len() as u128, BYTES_PER_POSITION).map_err(SolveError::Memory)?;
    let values: Vec<AtomicI8> = (0..2 * index.len())
        .map(|_| AtomicI8::new(UNKNOWN))
        .collect();
    let failed = AtomicBool::new(false);
    for layer in 0..=stones {
        let first = if layer == 0 {
            0
        } else {
            index.count(layer - 1)
        };
        let end = index.count(layer);
        let next = AtomicUsize::new(first);
        let builder = Builder {
            game,
            index: &index,
            values: &values,
            first,
            // Each move within a layer lowers the sum over the stones of
            // their distance to the end of their row (see `no_repetition`)
            // or passes; a pass is followed by a move.
            depth: 2 * (layer as usize * game.pit_count() + 1) + 2,
        };
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                let (builder, next, failed) = (&builder, &next, &failed);
                let spawned = std::thread::Builder::new()
                    .stack_size(64 << 20)
                    .spawn_scoped(scope, move || {
                        if builder.run(next, end).is_err() {
                            failed.store(true, Relaxed);
                        }
                    });
                if spawned.is_err() {
                    failed.store(true, Relaxed);
                }
            }
        });
        if failed.load(Relaxed) {
            return Err(SolveError::NotLayered { stones: layer });
        }
        progress(layer);
    }
    let values = values.into_iter().map(AtomicI8::into_inner).collect();
    Ok(DenseValues::from_values(index, values))
}

/// One layer's work, shared by the threads.
struct Builder<'a> {
    game: &'a Game,
    index: &'a BoardIndex,
    values: &'a [AtomicI8],
    /// The number of the layer's first board.
    first: usize,
    /// The longest chain of moves within the layer the rules allow.
    depth: usize,
}

/// A chain of moves within a layer longer than the rules allow, or a move
/// that adds stones to the board.
struct NotLayered;

impl Builder<'_> {
    /// Solves blocks of the layer's boards, taken from `next`, up to `end`.
    fn run(&self, next: &AtomicUsize, end: usize) -> Result<(), NotLayered> {
        let mut pos: Position = Position::EMPTY;
        loop {
            let from = next.fetch_add(BLOCK, Relaxed);
            if from >= end {
                return Ok(());
            }
            for rank in from..(from + BLOCK).min(end) {
                self.index.unrank(rank, &mut pos.pits);
                for to_move in Player::BOTH {
                    pos.to_move = to_move;
                    self.value(&pos, rank, 0)?;
                }
            }
        }
    }

    /// The value of `pos` (board number `rank`, in this layer) for its
    /// player to move, found and stored if not yet known.
    fn value(&self, pos: &Position, rank: usize, depth: usize) -> Result<i8, NotLayered> {
        let slot = &self.values[2 * rank + pos.to_move.index()];
        let known = slot.load(Relaxed);
        if known != UNKNOWN {
            return Ok(known);
        }
        if depth > self.depth {
            return Err(NotLayered);
        }
        let mut moves = Successors::default();
        self.game.successors(pos, &mut moves);
        let value = if moves.is_empty() {
            end_value(self.game, pos)
        } else {
            let mut best = i16::MIN;
            for s in moves.as_slice() {
                let child = Position {
                    captured: [0, 0],
                    removed: 0,
                    ..s.position
                };
                let pits = &child.pits[..self.game.pit_count()];
                let Some(child_rank) = self.index.rank(pits) else {
                    // More stones than before: no move adds any.
                    return Err(NotLayered);
                };
                let child_value = if child_rank >= self.first {
                    self.value(&child, child_rank, depth + 1)?
                } else {
                    self.values[2 * child_rank + child.to_move.index()].load(Relaxed)
                };
                debug_assert_ne!(child_value, UNKNOWN);
                let v = gain(pos, &s.position) + factor(pos, &child) * i16::from(child_value);
                best = best.max(v);
            }
            best
        };
        // Within the stones of the board, so it fits a byte.
        let value = value as i8;
        slot.store(value, Relaxed);
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{compact_databases, databases, databases::every_board};

    /// Kalah with `pits` houses of `seeds`, in the shipped reading of the
    /// capture or the one that takes the last seed even when the facing
    /// house is empty.
    fn kalah(pits: u8, seeds: u8, even_empty: bool) -> Game {
        let mut text = include_str!("../../variants/kalah.variant")
            .replace("pits   6", &format!("pits   {pits}"))
            .replace("seeds  4", &format!("seeds  {seeds}"));
        if even_empty {
            text = text.replace(
                "take       last_and_opposite ",
                "take       last_and_opposite_even_empty ",
            );
        }
        let source = crate::diagnostic::Source::new("kalah-small", text);
        Game::new(crate::rules::load(&source).unwrap().rules)
    }

    #[test]
    fn compact_databases_hold_the_retrograde_values_of_every_position() {
        for (pits, seeds, stones) in [(2, 3, 12), (3, 3, 10), (4, 2, 9), (3, 4, 12)] {
            for even_empty in [false, true] {
                let game = kalah(pits, seeds, even_empty);
                let full = databases(&game, stones, 10_000_000).unwrap();
                let mut layers = Vec::new();
                let compact = compact_databases(&game, stones, 2, &mut |l| layers.push(l)).unwrap();
                assert!(compact.is_compact());
                assert_eq!(layers, (0..=stones).collect::<Vec<_>>());
                assert_eq!(compact.stats().positions, full.stats().positions);
                let mut checked = 0;
                every_board(game.pit_count(), stones, &mut |pits| {
                    for to_move in Player::BOTH {
                        let pos = Position {
                            pits: *pits,
                            to_move,
                            ..Position::EMPTY
                        };
                        assert_eq!(compact.value(&pos), full.value(&pos), "{pos:?}");
                        checked += 1;
                    }
                });
                assert_eq!(checked, full.stats().positions);
            }
        }
    }

    #[test]
    fn rules_that_can_repeat_are_refused() {
        let modiar = Game::new(crate::variants::load("modiar").unwrap().rules);
        assert!(!compact_possible(&modiar));
        assert_eq!(
            build(&modiar, 4, 1, &mut |_| {}).err(),
            Some(SolveError::Repeats)
        );
    }
}
