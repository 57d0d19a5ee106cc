//! The whole game graph of a small board: every position reachable from the
//! start, whether play can cycle, and the longest game when it cannot.
//!
//! A position here is the board, the player to move and whether the game's
//! first move is still to come: what the legal moves depend on. Captures so
//! far only change the score, so positions that differ only in them are one.

use std::collections::HashMap;

use crate::engine::{Game, Move, Player, Position, Successors, MAX_PITS};

/// What the graph of a variant's positions looks like.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Stones on the board at the start.
    pub total_stones: u32,
    /// Positions reachable from the start (the start included).
    pub positions: usize,
    /// Moves between them (edges of the graph).
    pub moves: usize,
    /// Reachable positions where the game is over.
    pub terminal: usize,
    /// How the game can cycle, or the longest game when it cannot.
    pub shape: Shape,
}

/// Whether play can come back to a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// No position is reachable from itself.
    Acyclic {
        /// The most plies a game can last; every game ends.
        longest_game: u32,
        /// One longest game, as moves from the start.
        example: Vec<Move>,
    },
    /// Some position is reachable from itself.
    Cyclic {
        /// Moves from the start to a position on a cycle.
        to_cycle: Vec<Move>,
        /// Moves from that position back to it.
        cycle: Vec<Move>,
    },
}

/// Bytes a position takes while exploring (the position, its index entry,
/// its moves, and room for the tables to grow): measured at 180 MB for
/// 1,000,000 positions of Oware and of Modiar.
pub const BYTES_PER_POSITION: u64 = 200;

/// The search went past `limit` positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// The bound that was reached.
    pub limit: usize,
}

/// What the legal moves of a position depend on.
type Key = ([u8; MAX_PITS], Player, bool);

fn key(p: &Position) -> Key {
    (p.pits, p.to_move, p.opening)
}

/// Explores every position reachable from the start of `game`, keeping at
/// most `limit`.
///
/// # Errors
/// [`TooLarge`] when more than `limit` positions are reachable.
pub fn analyze(game: &Game, limit: usize) -> Result<Analysis, TooLarge> {
    let start = game.start();
    let mut index: HashMap<Key, u32> = HashMap::from([(key(&start), 0)]);
    let mut positions = vec![start];
    // Edges in compressed form: node i's moves are targets[offsets[i]..offsets[i + 1]].
    let mut offsets = vec![0u32];
    let mut targets: Vec<(u32, Move)> = Vec::new();
    let mut successors = Successors::default();
    let mut next = 0;
    while next < positions.len() {
        game.successors(&positions[next], &mut successors);
        for s in successors.as_slice() {
            let id = match index.get(&key(&s.position)) {
                Some(&id) => id,
                None => {
                    if positions.len() >= limit {
                        return Err(TooLarge { limit });
                    }
                    let id = positions.len() as u32;
                    index.insert(key(&s.position), id);
                    positions.push(s.position);
                    id
                }
            };
            targets.push((id, s.mv));
        }
        offsets.push(targets.len() as u32);
        next += 1;
    }
    drop(index);
    let n = positions.len();
    let out = |i: usize| &targets[offsets[i] as usize..offsets[i + 1] as usize];
    let terminal = (0..n).filter(|&i| out(i).is_empty()).count();
    let shape = shape(n, &out);
    Ok(Analysis {
        total_stones: game.rules().total_stones(),
        positions: n,
        moves: targets.len(),
        terminal,
        shape,
    })
}

/// Kahn's algorithm: a topological order exists exactly when no position
/// is reachable from itself. Then the longest game is the longest path from
/// the start; otherwise a cycle is traced back through the positions left.
fn shape<'a>(n: usize, out: &impl Fn(usize) -> &'a [(u32, Move)]) -> Shape {
    let mut in_degree = vec![0u32; n];
    for i in 0..n {
        for &(t, _) in out(i) {
            in_degree[t as usize] += 1;
        }
    }
    let mut order = Vec::with_capacity(n);
    let mut ready: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    while let Some(i) = ready.pop() {
        order.push(i);
        for &(t, _) in out(i) {
            in_degree[t as usize] -= 1;
            if in_degree[t as usize] == 0 {
                ready.push(t as usize);
            }
        }
    }
    if order.len() == n {
        // Longest path from each position to an end, in reverse topological order.
        let mut longest = vec![0u32; n];
        let mut best: Vec<Option<(u32, Move)>> = vec![None; n];
        for &i in order.iter().rev() {
            for &(t, mv) in out(i) {
                if longest[t as usize] + 1 > longest[i] {
                    longest[i] = longest[t as usize] + 1;
                    best[i] = Some((t, mv));
                }
            }
        }
        let mut example = Vec::new();
        let mut at = 0usize;
        while let Some((t, mv)) = best[at] {
            example.push(mv);
            at = t as usize;
        }
        return Shape::Acyclic {
            longest_game: longest[0],
            example,
        };
    }
    // Every position left has a predecessor among those left: walking back
    // through them must come round to a position already walked.
    let left: Vec<bool> = (0..n).map(|i| in_degree[i] > 0).collect();
    let mut back: Vec<Option<(u32, Move)>> = vec![None; n];
    for i in (0..n).filter(|&i| left[i]) {
        for &(t, mv) in out(i) {
            if left[t as usize] {
                back[t as usize] = Some((i as u32, mv));
            }
        }
    }
    let mut walked = vec![false; n];
    let mut at = (0..n).find(|&i| left[i]).unwrap_or(0);
    while !walked[at] {
        walked[at] = true;
        at = back[at].map_or(at, |(p, _)| p as usize);
    }
    let on_cycle = at;
    let mut cycle = Vec::new();
    while let Some((p, mv)) = back[at] {
        cycle.push(mv);
        at = p as usize;
        if at == on_cycle {
            break;
        }
    }
    cycle.reverse();
    Shape::Cyclic {
        to_cycle: path_to(n, out, on_cycle),
        cycle,
    }
}

/// The moves of a shortest path from the start (node 0) to `goal`.
fn path_to<'a>(n: usize, out: &impl Fn(usize) -> &'a [(u32, Move)], goal: usize) -> Vec<Move> {
    let mut parent: Vec<Option<(u32, Move)>> = vec![None; n];
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut queue = std::collections::VecDeque::from([0usize]);
    while let Some(i) = queue.pop_front() {
        if i == goal {
            break;
        }
        for &(t, mv) in out(i) {
            if !seen[t as usize] {
                seen[t as usize] = true;
                parent[t as usize] = Some((i as u32, mv));
                queue.push_back(t as usize);
            }
        }
    }
    let mut moves = Vec::new();
    let mut at = goal;
    while let Some((p, mv)) = parent[at] {
        moves.push(mv);
        at = p as usize;
    }
    moves.reverse();
    moves
}
