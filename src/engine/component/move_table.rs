//! Where a player may sow from and which way (`sow { direction, play_from }`),
//! compiled: each player's candidate moves in pit order, and the masks of
//! moves the fast legality tests read (bit `i` a pit, or a pit and a
//! direction where a pit may sow either way).

use crate::engine::PitSet;
use crate::engine::{
    move_list::MAX_MOVES,
    position::{Move, Player, MAX_PITS},
    topology::Topology,
};
use crate::rules::{Direction, PlayFrom, Rules};

/// The moves a variant allows from each pit.
#[derive(Debug, Clone)]
pub(in crate::engine) struct MoveTable {
    /// Per pit: the directions a move from it may take.
    pub(in crate::engine) directions: [&'static [Direction]; MAX_PITS],
    /// Per mover: every move of their row in successor order (pit order,
    /// each pit in the directions it may sow), first `candidate_count` used.
    pub(in crate::engine) candidates: [[Move; MAX_PITS]; 2],
    pub(in crate::engine) candidate_count: [usize; 2],
    /// Whether every pit sows one way only: then the candidate moves are
    /// one per playable pit, [`MoveTable::pit_moves`] of the pits holding
    /// `min_stones`, found from a mask of the board
    /// ([`Position::holding_at_least`](crate::engine::Position)) rather
    /// than pit by pit.
    pub(in crate::engine) one_way: bool,
    /// The move of each bit of a mask of moves (`Game::move_bits`): when
    /// [`MoveTable::one_way`], bit `i` is pit `i`'s one move; otherwise bits
    /// `2 * i` and `2 * i + 1` are pit `i`'s moves in the directions it
    /// may sow, in successor order (counter-clockwise first).
    pub(in crate::engine) pit_moves: [Move; MAX_MOVES],
    /// When pits sow either way: the bits of a mask of moves that are
    /// moves (bit `2 * i + k` for each of pit `i`'s directions `k`).
    pub(in crate::engine) move_slots: u64,
    /// Per mover: bit `i` set when pit `i` is one the mover may play.
    pub(in crate::engine) playable_bits: [PitSet; 2],
    /// Whether a player may play any pit of the board (`play_from any`).
    pub(in crate::engine) play_any: bool,
    /// Whether a player plays the pits of the opponent's row only
    /// (`play_from opponent`).
    pub(in crate::engine) play_opponent: bool,
}

impl MoveTable {
    /// The moves of `rules` on `topology`, `row_bits` being each player's
    /// pits (bit `i` for pit `i`).
    pub(in crate::engine) fn new(
        rules: &Rules,
        topology: &Topology,
        row_bits: [PitSet; 2],
    ) -> MoveTable {
        let (per_row, per_side, pit_count) = (
            topology.per_row(),
            topology.per_side(),
            topology.pit_count(),
        );
        let mut directions: [&'static [Direction]; MAX_PITS] = [&[]; MAX_PITS];
        for (pit, allowed) in directions.iter_mut().enumerate().take(pit_count) {
            *allowed = rules.sowing.pit_direction(pit, per_row, per_side).allowed();
        }
        let mut candidates = [[Move::PASS; MAX_PITS]; 2];
        let mut candidate_count = [0; 2];
        let play_any = rules.sowing.play_from == PlayFrom::Any;
        let play_opponent = rules.sowing.play_from == PlayFrom::Opponent;
        for mover in Player::BOTH {
            let m = mover.index();
            let (first, count) = if play_any {
                (0, pit_count)
            } else if play_opponent {
                (mover.other().index() * per_side, per_side)
            } else {
                (m * per_side, per_side)
            };
            let row = directions.iter().enumerate().skip(first).take(count);
            for (pit, allowed) in row {
                for &direction in *allowed {
                    candidates[m][candidate_count[m]] = Move {
                        pit: pit as u8,
                        direction,
                    };
                    candidate_count[m] += 1;
                }
            }
        }
        let one_way = directions[..pit_count].iter().all(|d| d.len() == 1);
        // Bit `i` of a mask of moves: pit `i` when every pit sows one way,
        // else pit `i / 2` in its direction `i % 2`.
        let pit_moves = std::array::from_fn(|bit| {
            let (pit, k) = if one_way {
                (bit, 0)
            } else {
                (bit / 2, bit % 2)
            };
            match directions.get(pit).and_then(|ways| ways.get(k)) {
                Some(&direction) if pit < pit_count => Move {
                    pit: pit as u8,
                    direction,
                },
                _ => Move::PASS,
            }
        });
        let move_slots = (0..MAX_MOVES)
            .filter(|&bit| !one_way && pit_moves[bit] != Move::PASS)
            .fold(0u64, |slots, bit| slots | 1 << bit);
        let every_pit = ((1u64 << pit_count) - 1) as PitSet;
        let playable_bits: [PitSet; 2] = std::array::from_fn(|m| {
            if play_any {
                every_pit
            } else if play_opponent {
                row_bits[1 - m]
            } else {
                row_bits[m]
            }
        });
        MoveTable {
            directions,
            candidates,
            candidate_count,
            one_way,
            pit_moves,
            move_slots,
            playable_bits,
            play_any,
            play_opponent,
        }
    }
}
