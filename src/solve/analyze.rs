//! The whole game graph of a small board: every position reachable from the
//! start, whether play can cycle, and the longest game when it cannot.
//!
//! The graph is the solver's ([`Graph`]): a position is the board, the
//! player to move and whether the game's first move is still to come, what
//! the legal moves depend on. Captures so far only change the score, so
//! positions that differ only in them are one (rules under which captures
//! decide the moves or the end are refused, as the solver refuses them).
//! Unlike the solver, every position is expanded, the start's board coming
//! back included: the graph is the game's, whatever its repetition rule.

use super::{graph::Graph, KeyCodec, SolveError};
use crate::engine::{Game, Move, Successors};

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

/// Bytes a position takes while analysing (its key, index entry and moves
/// in the solver's graph, and the arrays of the walks below): measured at
/// 389 MB peak for Modiar's 4,152,560 positions and 116 MB for Koumma's
/// 1,152,988.
pub const BYTES_PER_POSITION: u64 = 100;

/// Why a variant's graph cannot be analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalyzeError {
    /// More than `limit` positions are reachable.
    #[error("more than {limit} positions are reachable")]
    TooLarge {
        /// The bound that was reached.
        limit: usize,
    },
    /// The board does not fit the solver's 64-bit position key.
    #[error("{pits} pits of up to {stones} stones do not fit a 64-bit position key")]
    BoardTooLarge {
        /// Pits on the board.
        pits: usize,
        /// Stones in the game.
        stones: u32,
    },
    /// The rules make something a position does not record decide the
    /// moves or the end (past captures, a relay cycle).
    #[error(transparent)]
    Rules(SolveError),
}

/// Explores every position reachable from the start of `game`, keeping at
/// most `limit`.
///
/// # Errors
/// [`AnalyzeError`]: more than `limit` positions, a board too large for the
/// key, or rules a position cannot follow.
pub fn analyze(game: &Game, limit: usize) -> Result<Analysis, AnalyzeError> {
    super::check_graph_rules(game).map_err(AnalyzeError::Rules)?;
    let codec = KeyCodec::new(game).ok_or(AnalyzeError::BoardTooLarge {
        pits: game.pit_count(),
        stones: game.rules().total_stones(),
    })?;
    let graph = Graph::build_from(game, vec![codec.encode(&game.start())], codec, limit as u64)
        .map_err(|_| AnalyzeError::TooLarge { limit })?;
    let n = graph.len();
    let terminal = (0..n)
        .filter(|&i| graph.first[i] == graph.first[i + 1])
        .count();
    let shape = match shape(&graph) {
        EdgeShape::Acyclic {
            longest_game,
            example,
        } => Shape::Acyclic {
            longest_game,
            example: moves(game, codec, &graph, 0, &example),
        },
        EdgeShape::Cyclic {
            to_cycle,
            on_cycle,
            cycle,
        } => Shape::Cyclic {
            to_cycle: moves(game, codec, &graph, 0, &to_cycle),
            cycle: moves(game, codec, &graph, on_cycle, &cycle),
        },
    };
    Ok(Analysis {
        total_stones: game.rules().total_stones(),
        positions: n,
        moves: graph.child.len(),
        terminal,
        shape,
    })
}

/// A move of the graph: the index of its edge in [`Graph::child`].
type Edge = u32;

/// [`Shape`] with the moves as edges of the graph.
enum EdgeShape {
    Acyclic {
        longest_game: u32,
        example: Vec<Edge>,
    },
    Cyclic {
        to_cycle: Vec<Edge>,
        /// The position where `to_cycle` ends and `cycle` starts.
        on_cycle: usize,
        cycle: Vec<Edge>,
    },
}

/// The moves of a path of edges from position `from`: the graph keeps a
/// position's moves in the order of [`Game::successors`], so an edge's move
/// is found again by listing its position's successors.
fn moves(game: &Game, codec: KeyCodec, graph: &Graph, from: usize, path: &[Edge]) -> Vec<Move> {
    let mut successors = Successors::default();
    let mut at = from;
    path.iter()
        .map(|&edge| {
            game.successors(&codec.decode(graph.keys[at]), &mut successors);
            let mv = successors.as_slice()[(edge - graph.first[at]) as usize].mv;
            at = graph.child[edge as usize] as usize;
            mv
        })
        .collect()
}

/// The edges leaving position `i`.
fn out(graph: &Graph, i: usize) -> std::ops::Range<Edge> {
    graph.first[i]..graph.first[i + 1]
}

/// Kahn's algorithm: a topological order exists exactly when no position
/// is reachable from itself. Then the longest game is the longest path from
/// the start; otherwise a cycle is traced back through the positions left.
fn shape(graph: &Graph) -> EdgeShape {
    let n = graph.len();
    let target = |e: Edge| graph.child[e as usize] as usize;
    let mut in_degree = vec![0u32; n];
    for &t in &graph.child {
        in_degree[t as usize] += 1;
    }
    let mut order = Vec::with_capacity(n);
    let mut ready: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    while let Some(i) = ready.pop() {
        order.push(i as u32);
        for e in out(graph, i) {
            in_degree[target(e)] -= 1;
            if in_degree[target(e)] == 0 {
                ready.push(target(e));
            }
        }
    }
    if order.len() == n {
        // Longest path from each position to an end, in reverse topological order.
        let mut longest = vec![0u32; n];
        let mut best: Vec<Option<Edge>> = vec![None; n];
        for &i in order.iter().rev() {
            let i = i as usize;
            for e in out(graph, i) {
                if longest[target(e)] + 1 > longest[i] {
                    longest[i] = longest[target(e)] + 1;
                    best[i] = Some(e);
                }
            }
        }
        let mut example = Vec::new();
        let mut at = 0usize;
        while let Some(e) = best[at] {
            example.push(e);
            at = target(e);
        }
        return EdgeShape::Acyclic {
            longest_game: longest[0],
            example,
        };
    }
    drop(order);
    // Every position left has a predecessor among those left: walking back
    // through them must come round to a position already walked.
    let left = |i: usize| in_degree[i] > 0;
    let mut back: Vec<Option<(u32, Edge)>> = vec![None; n];
    for i in (0..n).filter(|&i| left(i)) {
        for e in out(graph, i) {
            if left(target(e)) {
                back[target(e)] = Some((i as u32, e));
            }
        }
    }
    let mut walked = vec![false; n];
    let mut at = (0..n).find(|&i| left(i)).unwrap_or(0);
    while !walked[at] {
        walked[at] = true;
        at = back[at].map_or(at, |(p, _)| p as usize);
    }
    let on_cycle = at;
    let mut cycle = Vec::new();
    while let Some((p, e)) = back[at] {
        cycle.push(e);
        at = p as usize;
        if at == on_cycle {
            break;
        }
    }
    cycle.reverse();
    EdgeShape::Cyclic {
        to_cycle: path_to(graph, on_cycle),
        on_cycle,
        cycle,
    }
}

/// The edges of a shortest path from the start (position 0) to `goal`.
fn path_to(graph: &Graph, goal: usize) -> Vec<Edge> {
    let n = graph.len();
    let mut parent: Vec<Option<(u32, Edge)>> = vec![None; n];
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut queue = std::collections::VecDeque::from([0usize]);
    while let Some(i) = queue.pop_front() {
        if i == goal {
            break;
        }
        for e in out(graph, i) {
            let t = graph.child[e as usize] as usize;
            if !seen[t] {
                seen[t] = true;
                parent[t] = Some((i as u32, e));
                queue.push_back(t);
            }
        }
    }
    let mut path = Vec::new();
    let mut at = goal;
    while let Some((p, e)) = parent[at] {
        path.push(e);
        at = p as usize;
    }
    path.reverse();
    path
}
