//! The board as the move loop reads it (`board { rows, pits, stores }`),
//! compiled: each player's pits as masks of bits and of bytes, and whether
//! stones are sown into stores.

use crate::engine::{
    topology::Topology,
    width::{Narrow, PitBits, Width},
};
use crate::rules::{Rules, Stores};

/// The board's masks and sizes, on a board of width `W`.
#[derive(Debug, Clone)]
pub(in crate::engine) struct BoardMasks<W: Width = Narrow> {
    /// Pits each player owns (a row on two rows, two rows on four).
    pub(in crate::engine) per_side: usize,
    /// Pits on the board.
    pub(in crate::engine) pit_count: usize,
    /// Per player: bit `i` set when pit `i` is in that player's row.
    pub(in crate::engine) row_bits: [W::Set; 2],
    /// Per player: bit `i` set when pit `i` is in that player's inner row
    /// (four rows; none otherwise).
    pub(in crate::engine) inner_bits: [W::Set; 2],
    /// Per player: the bytes of that player's row in
    /// [`Position::words`](crate::engine::Position).
    pub(in crate::engine) row_bytes: [W::Words; 2],
    /// Per player: the bytes of that player's inner row, for
    /// `inner_row_empty`.
    pub(in crate::engine) inner_bytes: [W::Words; 2],
    /// Whether the board uses at most the first 16 slots (its store slot,
    /// the last, is empty between moves): masks of the board then read two
    /// words, not four.
    pub(in crate::engine) narrow: bool,
    /// Whether stones are sown into the mover's store (`stores sown`).
    pub(in crate::engine) has_stores: bool,
    /// `stores sown_both`: the mover sows into the opponent's store too
    /// ([`Width::OPPONENT_STORE_SLOT`]).
    pub(in crate::engine) both_stores: bool,
}

impl<W: Width> BoardMasks<W> {
    /// The masks of the board `topology` lays out for `rules`.
    pub(in crate::engine) fn new(rules: &Rules, topology: &Topology) -> BoardMasks<W> {
        let (per_side, pit_count) = (topology.per_side(), topology.pit_count());
        let south_bits = (0..per_side).fold(W::Set::ZERO, |bits, pit| bits | W::Set::bit(pit));
        let row_bits = [south_bits, south_bits << per_side];
        let inner_bits = row_bits.map(|bits| {
            (0..pit_count)
                .filter(|&pit| bits.has(pit) && topology.is_inner(pit))
                .fold(W::Set::ZERO, |inner, pit| inner | W::Set::bit(pit))
        });
        BoardMasks {
            per_side,
            pit_count,
            row_bits,
            inner_bits,
            row_bytes: row_bits.map(pit_bytes::<W>),
            inner_bytes: inner_bits.map(pit_bytes::<W>),
            narrow: pit_count <= 16,
            has_stores: rules.board.stores.sown(),
            both_stores: rules.board.stores == Stores::SownBoth,
        }
    }
}

/// The bytes of [`Position::words`](crate::engine::Position) that hold the
/// pits of `bits`.
fn pit_bytes<W: Width>(bits: W::Set) -> W::Words {
    let mut words = W::NO_WORDS;
    for pit in (0..W::SLOTS).filter(|&pit| bits.has(pit)) {
        words[pit / 8] |= 0xFF << (8 * (pit % 8));
    }
    words
}
