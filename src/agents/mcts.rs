//! The Monte Carlo tree search agent (UCT with random playouts).

use std::ops::ControlFlow;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::agent::Agent;
use crate::engine::{Game, GameRun, Narrow, Outcome, Player, Position, Successors, Width};

/// A random playout stops after this many plies and is scored as the game
/// would be at a ply cap (captures plus the leftovers the rules give).
const PLAYOUT_CAP: u32 = 500;

/// The UCT exploration constant (√2 for rewards in [0, 1]).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// Runs `playouts` iterations of UCT from the current position and plays the
/// most visited move (ties at random).
///
/// Each iteration walks down the tree choosing the child with the best UCB1
/// value, expands a leaf that has been visited once, plays a uniformly random
/// game from there, and credits each node with 1 for a win, ½ for a draw, 0
/// for a loss, from the point of view of the player who moved into it. The
/// tree does not see the repetition rule; the playouts (whole games) do.
#[derive(Debug, Clone)]
pub struct MctsAgent<W: Width = Narrow> {
    playouts: u32,
    rng: ChaCha8Rng,
    nodes: Vec<Node<W>>,
}

#[derive(Debug, Clone)]
struct Node<W: Width> {
    position: Position<W>,
    /// Index of the first child (children are contiguous), once expanded.
    first_child: u32,
    children: u8,
    expanded: bool,
    /// Final scores when no move is legal here.
    end: Option<[u16; 2]>,
    visits: u32,
    /// Sum of rewards for the player who moved into this node.
    reward: f64,
}

impl<W: Width> Node<W> {
    fn new(position: Position<W>) -> Self {
        Node {
            position,
            first_child: 0,
            children: 0,
            expanded: false,
            end: None,
            visits: 0,
            reward: 0.0,
        }
    }
}

impl<W: Width> MctsAgent<W> {
    /// An agent running `playouts` iterations (at least 1) per move.
    pub fn new(playouts: u32, rng: ChaCha8Rng) -> Self {
        MctsAgent {
            playouts: playouts.max(1),
            rng,
            nodes: Vec::new(),
        }
    }

    /// Creates the children of `node` (one per legal move, in move order).
    fn expand(&mut self, game: &Game<W>, node: usize, moves: &mut Successors<W>) {
        let position = self.nodes[node].position;
        game.successors(&position, moves);
        self.nodes[node].expanded = true;
        if moves.is_empty() {
            self.nodes[node].end = Some(game.final_scores(&position, moves.end_reason()));
            return;
        }
        self.nodes[node].first_child = self.nodes.len() as u32;
        self.nodes[node].children = moves.len() as u8;
        for s in moves.as_slice() {
            self.nodes.push(Node::new(s.position));
        }
    }

    /// The child of an expanded node to visit next: an unvisited one if any
    /// (the first), else the best by UCB1.
    fn select(&self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let first = parent.first_child as usize;
        let children = first..first + usize::from(parent.children);
        let log_visits = f64::from(parent.visits.max(1)).ln();
        let mut best = first;
        let mut best_value = f64::NEG_INFINITY;
        for child in children {
            let c = &self.nodes[child];
            if c.visits == 0 {
                return child;
            }
            let visits = f64::from(c.visits);
            let value = c.reward / visits + EXPLORATION * (log_visits / visits).sqrt();
            if value > best_value {
                best_value = value;
                best = child;
            }
        }
        best
    }

    /// One UCT iteration from the root (node 0).
    fn iterate(
        &mut self,
        game: &Game<W>,
        playout: &mut GameRun<'_, W>,
        moves: &mut Successors<W>,
        path: &mut Vec<usize>,
    ) {
        path.clear();
        let mut node = 0;
        path.push(node);
        while self.nodes[node].expanded && self.nodes[node].end.is_none() {
            node = self.select(node);
            path.push(node);
        }
        if !self.nodes[node].expanded && self.nodes[node].visits > 0 {
            self.expand(game, node, moves);
            if self.nodes[node].end.is_none() {
                node = self.select(node);
                path.push(node);
            }
        }
        let scores = match self.nodes[node].end {
            Some(scores) => scores,
            None => self.random_game(playout, self.nodes[node].position),
        };
        let outcome = Outcome::from_scores(scores);
        for &n in path.iter() {
            let mover = self.nodes[n].position.to_move.other();
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.reward += reward(outcome, mover);
        }
    }

    /// Final scores of a uniformly random game from `start`.
    fn random_game(&mut self, run: &mut GameRun<'_, W>, start: Position<W>) -> [u16; 2] {
        run.reset(start);
        let _: ControlFlow<()> = run.play_out(PLAYOUT_CAP, |run| {
            run.play_index(self.rng.random_range(0..run.moves().len()));
            ControlFlow::Continue(())
        });
        run.scores()
    }
}

/// 1 for a win of `player`, ½ for a draw, 0 for a loss.
fn reward(outcome: Outcome, player: Player) -> f64 {
    match (outcome, player) {
        (Outcome::Draw, _) => 0.5,
        (Outcome::South, Player::South) | (Outcome::North, Player::North) => 1.0,
        _ => 0.0,
    }
}

impl<W: Width> Agent<W> for MctsAgent<W> {
    fn choose(&mut self, run: &GameRun<'_, W>) -> usize {
        if run.successors().len() == 1 {
            return 0;
        }
        let game = run.game();
        let root = *run.position();
        self.nodes.clear();
        self.nodes.push(Node::new(root));
        let mut moves = Successors::default();
        self.expand(game, 0, &mut moves);
        let mut playout = GameRun::new(game, root);
        let mut path = Vec::new();
        for _ in 0..self.playouts {
            self.iterate(game, &mut playout, &mut moves, &mut path);
        }
        let first = self.nodes[0].first_child as usize;
        let visits: Vec<u32> = self.nodes[first..first + usize::from(self.nodes[0].children)]
            .iter()
            .map(|n| n.visits)
            .collect();
        let most = visits.iter().copied().max().unwrap_or(0);
        let tied: Vec<usize> = (0..visits.len()).filter(|&i| visits[i] == most).collect();
        let pick = self.rng.random_range(0..tied.len().max(1));
        tied.get(pick).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{agents::agent_rng, engine::parse_position, variants};

    #[test]
    fn plays_the_winning_move() {
        // South to move, captured 18-19, board 0 2 2 / 0 1 0. `b` leaves
        // 0 1 3 / 0 1 0: North has only a singleton, the game ends, South
        // 18+4=22 beats North 19+1=20 (a win, reward 1). `c` leaves
        // 0 2 1 / 1 1 0: North is stuck again, South 18+3=21 and North
        // 19+2=21 draw (reward ½). Every playout is decided after one ply.
        let game = Game::new(variants::load("modiar").unwrap().rules);
        let pos = parse_position("0 2 2 / 0 1 0 south captured 18 19", &game).unwrap();
        let run = GameRun::new(&game, pos);
        let mut agent = MctsAgent::new(50, agent_rng(5, Player::South));
        assert_eq!(
            game.move_label(run.successors().as_slice()[agent.choose(&run)].mv),
            "b"
        );
    }

    #[test]
    fn counts_every_playout_at_the_root() {
        let game = Game::new(variants::load("modiar").unwrap().rules);
        let run = GameRun::new(&game, game.start());
        let mut agent = MctsAgent::new(300, agent_rng(1, Player::South));
        agent.choose(&run);
        assert_eq!(agent.nodes[0].visits, 300);
        let first = agent.nodes[0].first_child as usize;
        let children: u32 = agent.nodes[first..first + 3].iter().map(|n| n.visits).sum();
        assert_eq!(children, 300);
    }
}
