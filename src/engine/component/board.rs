//! The board as the move loop reads it (`board { rows, pits, stores }`),
//! compiled: each player's pits as masks of bits and of bytes, and whether
//! stones are sown into stores.

use crate::engine::PitSet;
use crate::engine::{position::MAX_PITS, topology::Topology};
use crate::rules::{Rules, Stores};

/// The board's masks and sizes.
#[derive(Debug, Clone)]
pub(in crate::engine) struct BoardMasks {
    /// Pits each player owns (a row on two rows, two rows on four).
    pub(in crate::engine) per_side: usize,
    /// Pits on the board.
    pub(in crate::engine) pit_count: usize,
    /// Per player: bit `i` set when pit `i` is in that player's row.
    pub(in crate::engine) row_bits: [PitSet; 2],
    /// Per player: bit `i` set when pit `i` is in that player's inner row
    /// (four rows; none otherwise).
    pub(in crate::engine) inner_bits: [PitSet; 2],
    /// Per player: the bytes of that player's row in
    /// [`Position::words`](crate::engine::Position).
    pub(in crate::engine) row_bytes: [[u64; 4]; 2],
    /// Per player: the bytes of that player's inner row, for
    /// `inner_row_empty`.
    pub(in crate::engine) inner_bytes: [[u64; 4]; 2],
    /// Whether the board uses at most the first 16 slots (its store slot,
    /// the last, is empty between moves): masks of the board then read two
    /// words, not four.
    pub(in crate::engine) narrow: bool,
    /// Whether stones are sown into the mover's store (`stores sown`).
    pub(in crate::engine) has_stores: bool,
    /// `stores sown_both`: the mover sows into the opponent's store too
    /// ([`OPPONENT_STORE_SLOT`](crate::engine::position::OPPONENT_STORE_SLOT)).
    pub(in crate::engine) both_stores: bool,
}

impl BoardMasks {
    /// The masks of the board `topology` lays out for `rules`.
    pub(in crate::engine) fn new(rules: &Rules, topology: &Topology) -> BoardMasks {
        let (per_side, pit_count) = (topology.per_side(), topology.pit_count());
        let south_bits = ((1 as PitSet) << per_side) - 1;
        let row_bits = [south_bits, south_bits << per_side];
        let inner_bits = row_bits.map(|bits| {
            (0..pit_count)
                .filter(|&pit| bits >> pit & 1 == 1 && topology.is_inner(pit))
                .fold(0 as PitSet, |inner, pit| inner | 1 << pit)
        });
        BoardMasks {
            per_side,
            pit_count,
            row_bits,
            inner_bits,
            row_bytes: row_bits.map(pit_bytes),
            inner_bytes: inner_bits.map(pit_bytes),
            narrow: pit_count <= 16,
            has_stores: rules.board.stores.sown(),
            both_stores: rules.board.stores == Stores::SownBoth,
        }
    }
}

/// The bytes of [`Position::words`](crate::engine::Position) that hold the
/// pits of `bits`.
fn pit_bytes(bits: PitSet) -> [u64; 4] {
    let mut words = [0u64; 4];
    for pit in (0..MAX_PITS).filter(|&pit| bits >> pit & 1 == 1) {
        words[pit / 8] |= 0xFF << (8 * (pit % 8));
    }
    words
}
