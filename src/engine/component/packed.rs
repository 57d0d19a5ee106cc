//! Laps as one addition: for boards of at most 16 pits, the whole change a
//! lap makes to the pits (the origin emptied, a stone or more in every pit it
//! passes) is worked out when the variant loads, for every mover, origin,
//! direction and stone count, as 16 byte lanes of a `u128`. Playing a lap is
//! then one table load and one add, whatever the number of stones: the one
//! lap of a one-lap sowing, and each lap of a relay (whose laps start in
//! either row, on the mover's path).
//!
//! Pit counts are bytes and a board holds at most
//! [`MAX_STONES`](crate::rules::MAX_STONES), so no lane ever leaves 0..=255
//! and the wrapping add of the lanes is exact (a lane's negative change, the
//! origin emptied, borrows nothing: the result fits its byte).
//!
//! How a packed move is played (the sowing and the captures on the packed
//! board) is in the game's packed step (`game/packed.rs`).

use crate::engine::component::capture::CaptureTable;
use crate::engine::position::{Player, Position};
use crate::engine::width::Width;
use crate::rules::{Chain, Take};

/// Pits a packed board holds: the first 16 entries of [`Position::pits`].
pub(in crate::engine) const LANES: usize = 16;

/// The laps of one variant, every mover, origin and count, as additions.
#[derive(Debug, Clone)]
pub(in crate::engine) struct PackedLaps {
    /// Counts a pit may hold, plus one: the stride of `delta` per origin.
    counts: usize,
    /// `delta[((mover * 2 + direction) * LANES + origin) * counts + stones]`:
    /// the change a lap of `stones` from `origin`, sown by `mover`, makes to
    /// the first 16 pits (wrapping byte lanes).
    pub(in crate::engine) delta: Box<[Lanes]>,
    /// Same index: the slot that gets the last stone ([`Width::STORE_SLOT`] for the
    /// mover's store) in the low byte, the stones sown into the store in the
    /// high byte.
    pub(in crate::engine) ends: Box<[u16]>,
    /// Whether whole moves are played on the packed board
    /// ([`Game::sow_packed`]): the sowing is one lap, and every last-pit
    /// capture rule takes the last pit (and its chain) or the pit facing it.
    pub(in crate::engine) whole_moves: bool,
}

impl PackedLaps {
    /// The tables for `game`, when its board has at most 16 pits (with the
    /// store slot apart); `None` otherwise. `sow_lap(pos, mover, origin,
    /// direction)` is the generic lap the tables are built from, so the two
    /// agree by construction.
    pub(in crate::engine) fn new<W: Width>(
        pit_count: usize,
        total: usize,
        sow_lap: impl Fn(&mut Position<W>, Player, usize, usize) -> usize,
    ) -> Option<PackedLaps> {
        if pit_count > LANES || total > 255 {
            return None;
        }
        let counts = total + 1;
        let size = 2 * 2 * LANES * counts;
        let mut delta = vec![[0u8; LANES]; size];
        let mut ends = vec![0u16; size];
        let blank: Position<W> = Position::EMPTY;
        for (mover, direction) in Player::BOTH.into_iter().flat_map(|m| [(m, 0), (m, 1)]) {
            for origin in 0..pit_count {
                let mut pos = Position {
                    to_move: mover,
                    ..blank
                };
                for stones in 1..counts {
                    pos.pits = W::EMPTY;
                    pos.pits[origin] = stones as u8;
                    let last = sow_lap(&mut pos, mover, origin, direction);
                    let i = ((mover.index() * 2 + direction) * LANES + origin) * counts + stones;
                    // The board after, less the board before (only the
                    // origin held stones), lane by lane.
                    let mut change = lanes(&pos);
                    change[origin] = change[origin].wrapping_sub(stones as u8);
                    delta[i] = change;
                    ends[i] = last as u16 | u16::from(pos.pits[W::STORE_SLOT]) << 8;
                }
            }
        }
        Some(PackedLaps {
            counts,
            delta: delta.into(),
            ends: ends.into(),
            whole_moves: false,
        })
    }

    /// Whether the tables hold the laps of every pit of a board of `stones`
    /// stones in all.
    pub(in crate::engine) fn covers(&self, stones: usize) -> bool {
        stones < self.counts
    }

    /// The table index of a lap of `stones` from `origin` in `direction`,
    /// sown by `mover`.
    #[inline(always)]
    pub(in crate::engine) fn index(
        &self,
        mover: Player,
        origin: usize,
        direction: usize,
        stones: u8,
    ) -> usize {
        let path = (mover.index() * 2 + direction % 2) * LANES + origin % LANES;
        path * self.counts + usize::from(stones)
    }

    /// Sows the stones of `origin` in `direction` (one lap) for the player
    /// to move, their store getting its share in [`Width::STORE_SLOT`]; returns the
    /// slot that got the last stone. The board has no closed pit.
    #[inline(always)]
    pub(in crate::engine) fn sow<W: Width>(
        &self,
        pos: &mut Position<W>,
        origin: usize,
        direction: usize,
    ) -> usize {
        let i = self.index(pos.to_move, origin, direction, pos.pits[origin]);
        self.sow_at(pos, i)
    }

    /// The lap at table index `i` played on `pos`; returns the slot that
    /// got the last stone.
    #[inline(always)]
    fn sow_at<W: Width>(&self, pos: &mut Position<W>, i: usize) -> usize {
        let board = add(lanes(pos), &self.delta[i]);
        pos.pits[..LANES].copy_from_slice(&board);
        let ends = self.ends[i];
        pos.pits[W::STORE_SLOT] += (ends >> 8) as u8;
        usize::from(ends as u8)
    }
}

/// A packed board, or a change to one: 16 byte lanes, added lane by lane
/// (the compiler keeps them in one vector register, so the board is read and
/// written back in one piece).
pub(in crate::engine) type Lanes = [u8; LANES];

/// The first 16 pits as byte lanes.
#[inline(always)]
pub(in crate::engine) fn lanes<W: Width>(pos: &Position<W>) -> Lanes {
    let mut bytes = [0u8; LANES];
    bytes.copy_from_slice(&pos.pits[..LANES]);
    bytes
}

/// `board` changed by `change`, lane by lane.
#[inline(always)]
pub(in crate::engine) fn add(mut board: Lanes, change: &Lanes) -> Lanes {
    for (lane, change) in board.iter_mut().zip(change) {
        *lane = lane.wrapping_add(*change);
    }
    board
}

/// Stones in pit `pit` of a packed board.
#[inline(always)]
pub(in crate::engine) fn count(board: &Lanes, pit: usize) -> u8 {
    board[pit % LANES]
}

/// Whether a move can be played whole on a packed board: the last-pit
/// capture `rules` all take what [`Game::capture_packed`] knows (the last
/// pit with its chain, or the facing pit). A sweep after the sowing is
/// played on the board written back; the grand-slam screens of packed
/// moves ([`Game::packed_grand_slam`]) see the last pit alone, so where
/// `slams_matter` no rule may sweep (`sweeps`).
pub(in crate::engine) fn whole_moves_fit<W: Width>(
    rules: &[CaptureTable<W>],
    sweeps: &[CaptureTable<W>],
    slams_matter: bool,
) -> bool {
    (sweeps.is_empty() || !slams_matter)
        && rules
            .iter()
            .all(|rule| !matches!(rule.take, Take::Neighbours | Take::Next | Take::TwoOut))
        && rules
            .iter()
            .all(|rule| rule.chain == Chain::None || rule.take == Take::Last)
}
