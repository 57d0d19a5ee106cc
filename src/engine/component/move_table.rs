//! Where a player may sow from and which way (`sow { direction, play_from }`),
//! compiled: each player's candidate moves in pit order, and the masks of
//! moves the fast legality tests read (bit `i` a pit, or a pit and a
//! direction where a pit may sow either way).

use crate::engine::{
    position::{Move, Player},
    topology::Topology,
    width::{Narrow, PitBits, Width},
};
use crate::rules::{Direction, PitDirection, PlayFrom, Rules};

/// The moves a variant allows from each pit, on a board of width `W`.
#[derive(Debug, Clone)]
pub(in crate::engine) struct MoveTable<W: Width = Narrow> {
    /// Per pit: the directions a move from it may take.
    pub(in crate::engine) directions: W::PerSlot<&'static [Direction]>,
    /// Per mover: every move of their row in successor order (pit order,
    /// each pit in the directions it may sow), first `candidate_count` used.
    pub(in crate::engine) candidates: [W::PerSlot<Move>; 2],
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
    pub(in crate::engine) pit_moves: W::PerMove<Move>,
    /// When pits sow either way: the bits of a mask of moves that are
    /// moves (bit `2 * i + k` for each of pit `i`'s directions `k`).
    pub(in crate::engine) move_slots: W::Moves,
    /// Per mover: bit `i` set when pit `i` is one the mover may play.
    pub(in crate::engine) playable_bits: [W::Set; 2],
    /// Whether a player may play any pit of the board (`play_from any`).
    pub(in crate::engine) play_any: bool,
    /// Whether a player plays the pits of the opponent's row only
    /// (`play_from opponent`).
    pub(in crate::engine) play_opponent: bool,
}

impl<W: Width> MoveTable<W> {
    /// The moves of `rules` on `topology`, `row_bits` being each player's
    /// pits (bit `i` for pit `i`).
    pub(in crate::engine) fn new(
        rules: &Rules,
        topology: &Topology,
        row_bits: [W::Set; 2],
    ) -> MoveTable<W> {
        let (per_row, per_side, pit_count) = (
            topology.per_row(),
            topology.per_side(),
            topology.pit_count(),
        );
        let mut directions = W::per_slot::<&'static [Direction]>(&[]);
        for (pit, allowed) in directions.as_mut().iter_mut().enumerate().take(pit_count) {
            *allowed = rules.sowing.pit_direction(pit, per_row, per_side).allowed();
        }
        // `reverse_to_capture N`: the pits at the left end of each of the
        // mover's rows sow both ways (the reverse kept only when it captures).
        for pit in reverse_pits(rules, topology) {
            directions.as_mut()[pit] = PitDirection::Either.allowed();
        }
        let mut candidates = [W::per_slot(Move::PASS); 2];
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
            let row = directions
                .as_ref()
                .iter()
                .enumerate()
                .skip(first)
                .take(count);
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
        let pit_moves = W::per_move(|bit| {
            let (pit, k) = if one_way {
                (bit, 0)
            } else {
                (bit / 2, bit % 2)
            };
            match directions.as_ref().get(pit).and_then(|ways| ways.get(k)) {
                Some(&direction) if pit < pit_count => Move {
                    pit: pit as u8,
                    direction,
                },
                _ => Move::PASS,
            }
        });
        let move_slots = (0..2 * W::SLOTS)
            .filter(|&bit| !one_way && pit_moves[bit] != Move::PASS)
            .fold(W::Moves::ZERO, |slots, bit| slots | W::Moves::bit(bit));
        let every_pit = (0..pit_count).fold(W::Set::ZERO, |bits, pit| bits | W::Set::bit(pit));
        let playable_bits: [W::Set; 2] = std::array::from_fn(|m| {
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

/// The pits `reverse_to_capture N` lets sow the other way round too: the
/// `N` at the left end of each of a player's rows, seen from the player's
/// side (on four rows the inner row runs from its owner's right, so its
/// left end is the last of its labels). Empty without the rule.
pub(in crate::engine) fn reverse_pits(
    rules: &Rules,
    topology: &Topology,
) -> impl Iterator<Item = usize> {
    let (per_row, per_side) = (topology.per_row(), topology.per_side());
    let n = usize::from(rules.sowing.reverse_to_capture).min(per_row);
    let inner = rules.board.rows == 4;
    (0..2).flat_map(move |side| {
        let first = side * per_side;
        let outer = (0..n).map(move |k| first + k);
        let inner = (0..if inner { n } else { 0 }).map(move |k| first + 2 * per_row - 1 - k);
        outer.chain(inner)
    })
}
