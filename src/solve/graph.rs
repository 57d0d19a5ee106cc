//! Every position reachable from the start, found by a breadth-first walk,
//! with its moves stored compactly (one child index and one gain per move,
//! rows in the order of [`Game::successors`]).

use rustc_hash::FxHashMap;

use super::key::KeyCodec;
use crate::{
    engine::{Game, Position, Successors},
    rules::Repetition,
};

/// The reachable positions and their moves.
#[derive(Debug)]
pub(crate) struct Graph {
    /// Key of every position; position 0 is the start.
    pub keys: Vec<u64>,
    /// Position index by key.
    pub index: FxHashMap<u64, u32>,
    /// Moves of position `i` are `first[i]..first[i + 1]`.
    pub first: Vec<u32>,
    /// The position each move leads to.
    pub child: Vec<u32>,
    /// Stones each move wins for its mover (see [`super::gain`]).
    pub gain: Vec<i16>,
    /// The start's board again with the same side to move, after the first
    /// move (when the start is a game's opening): reached from the start only
    /// without a capture, so every game that reaches it has just repeated the
    /// start. Not expanded.
    pub start_again: Option<u32>,
}

/// Reached more than `limit` positions (or more moves than 32-bit offsets hold).
#[derive(Debug)]
pub(crate) struct OverLimit;

impl Graph {
    /// Walks every position reachable from `start`.
    pub fn build(
        game: &Game,
        start: &Position,
        codec: KeyCodec,
        limit: u64,
    ) -> Result<Graph, OverLimit> {
        let mut again = *start;
        again.opening = false;
        let again_key = (start.opening && game.rules().end.repetition == Repetition::EndGame)
            .then_some(codec.encode(&again));
        Self::walk(game, vec![codec.encode(start)], again_key, codec, limit)
    }

    /// Walks every position reachable from the positions of `roots` (keys,
    /// all different), which come first in that order.
    pub fn build_from(
        game: &Game,
        roots: Vec<u64>,
        codec: KeyCodec,
        limit: u64,
    ) -> Result<Graph, OverLimit> {
        Self::walk(game, roots, None, codec, limit)
    }

    fn walk(
        game: &Game,
        roots: Vec<u64>,
        again_key: Option<u64>,
        codec: KeyCodec,
        limit: u64,
    ) -> Result<Graph, OverLimit> {
        let mut keys = roots;
        let mut index: FxHashMap<u64, u32> = FxHashMap::default();
        index.reserve(keys.len());
        for (i, &key) in keys.iter().enumerate() {
            index.insert(key, i as u32);
        }
        let mut first = Vec::new();
        let mut child = Vec::new();
        let mut gain = Vec::new();
        let mut moves = Successors::default();
        let mut next = 0;
        while next < keys.len() {
            first.push(child.len() as u32);
            let key = keys[next];
            next += 1;
            if Some(key) == again_key {
                continue;
            }
            let pos = codec.decode(key);
            game.successors(&pos, &mut moves);
            for s in moves.as_slice() {
                let child_key = codec.encode(&s.position);
                let fresh = keys.len() as u32;
                let at = *index.entry(child_key).or_insert_with(|| {
                    keys.push(child_key);
                    fresh
                });
                child.push(at);
                gain.push(super::gain(&pos, &s.position));
            }
            if keys.len() as u64 > limit || child.len() >= u32::MAX as usize {
                return Err(OverLimit);
            }
        }
        first.push(child.len() as u32);
        let start_again = again_key.and_then(|k| index.get(&k).copied());
        Ok(Graph {
            keys,
            index,
            first,
            child,
            gain,
            start_again,
        })
    }

    /// The factor that turns the value of `child` (for its mover) into one
    /// for the mover of `parent`: -1, or 1 when the same player moves again.
    pub fn factor(&self, parent: u32, child: u32) -> i16 {
        let mover = |i: u32| self.keys[i as usize] >> 1 & 1;
        if mover(parent) == mover(child) {
            1
        } else {
            -1
        }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// The moves of position `i`: (child, stones won by the mover).
    pub fn moves(&self, i: u32) -> impl Iterator<Item = (u32, i16)> + '_ {
        let range = self.first[i as usize] as usize..self.first[i as usize + 1] as usize;
        self.child[range.clone()]
            .iter()
            .copied()
            .zip(self.gain[range].iter().copied())
    }
}
