//! One-lap sowings as one addition: for boards of at most 16 pits, the whole
//! change a lap makes to the pits (the origin emptied, a stone or more in
//! every pit it passes) is worked out when the variant loads, for every
//! origin, direction and stone count, as 16 byte lanes of a `u128`. Playing
//! a lap is then one table load and one add, whatever the number of stones.
//!
//! Pit counts are bytes and a board holds at most
//! [`MAX_STONES`](crate::rules::MAX_STONES), so no lane ever leaves 0..=255
//! and the wrapping add of the lanes is exact (a lane's negative change, the
//! origin emptied, borrows nothing: the result fits its byte).

use crate::engine::position::{Player, Position, MAX_PITS, STORE_SLOT};

/// Pits a packed board holds: the first 16 entries of [`Position::pits`].
const LANES: usize = 16;

/// The laps of one variant, every origin and count, as additions.
#[derive(Debug, Clone)]
pub(super) struct PackedLaps {
    /// Counts a pit may hold, plus one: the stride of `delta` per origin.
    counts: usize,
    /// `delta[(direction * LANES + origin) * counts + stones]`: the change a
    /// lap of `stones` from `origin` makes to the first 16 pits (wrapping
    /// byte lanes).
    delta: Box<[u128]>,
    /// Same index: the slot that gets the last stone ([`STORE_SLOT`] for the
    /// mover's store) in the low byte, the stones sown into the store in the
    /// high byte.
    ends: Box<[u16]>,
}

impl PackedLaps {
    /// The tables for `game`, when its board has at most 16 pits (with the
    /// store slot apart); `None` otherwise. `sow_lap(pos, origin,
    /// direction)` is the generic lap the tables are built from, so the two
    /// agree by construction.
    pub(super) fn new(
        pit_count: usize,
        total: usize,
        sow_lap: impl Fn(&mut Position, usize, usize) -> usize,
    ) -> Option<PackedLaps> {
        if pit_count > LANES || total > 255 {
            return None;
        }
        let counts = total + 1;
        let size = 2 * LANES * counts;
        let mut delta = vec![0u128; size];
        let mut ends = vec![0u16; size];
        let blank = Position {
            pits: [0; MAX_PITS],
            captured: [0; 2],
            removed: 0,
            to_move: Player::South,
            opening: false,
            closed: 0,
            relay_cycled: false,
        };
        for direction in 0..2 {
            for origin in 0..pit_count {
                let mut pos = blank;
                for stones in 1..counts {
                    pos.pits = [0; MAX_PITS];
                    pos.pits[origin] = stones as u8;
                    let last = sow_lap(&mut pos, origin, direction);
                    let i = (direction * LANES + origin) * counts + stones;
                    // The board after, less the board before (only the
                    // origin held stones), lane by lane.
                    let after = lanes(&pos);
                    delta[i] = after.wrapping_sub((stones as u128) << (8 * origin));
                    ends[i] = last as u16 | u16::from(pos.pits[STORE_SLOT]) << 8;
                }
            }
        }
        Some(PackedLaps {
            counts,
            delta: delta.into(),
            ends: ends.into(),
        })
    }

    /// Sows the stones of `origin` in `direction` (one lap), the mover's
    /// store getting its share in [`STORE_SLOT`]; returns the slot that got
    /// the last stone. The board has no closed pit.
    #[inline(always)]
    pub(super) fn sow(&self, pos: &mut Position, origin: usize, direction: usize) -> usize {
        let stones = usize::from(pos.pits[origin]);
        let i = (direction * LANES + origin % LANES) * self.counts + stones;
        let board = lanes(pos).wrapping_add(self.delta[i]);
        pos.pits[..LANES].copy_from_slice(&board.to_le_bytes());
        let ends = self.ends[i];
        pos.pits[STORE_SLOT] += (ends >> 8) as u8;
        usize::from(ends as u8)
    }
}

/// The first 16 pits as byte lanes.
#[inline(always)]
fn lanes(pos: &Position) -> u128 {
    let mut bytes = [0u8; LANES];
    bytes.copy_from_slice(&pos.pits[..LANES]);
    u128::from_le_bytes(bytes)
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::{
        engine::{Game, Player, Position, MAX_PITS},
        rules::Direction,
        variants,
    };

    /// A board of `game` with its stones dealt at random over the pits.
    fn random_board(game: &Game, rng: &mut ChaCha8Rng) -> Position {
        let mut pos = game.start();
        let total = pos.board_stones();
        pos.pits = [0; MAX_PITS];
        for _ in 0..total {
            pos.pits[rng.random_range(0..game.pit_count())] += 1;
        }
        pos
    }

    /// On every shipped variant whose laps are packed, a packed lap leaves
    /// the board, the store and the last slot of the stone-by-stone lap, from
    /// random boards, every pit and direction.
    #[test]
    fn a_packed_lap_sows_as_the_stones_go_one_by_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut packed_variants = 0;
        for name in variants::shipped_names() {
            let game = Game::new(variants::load(name).unwrap().rules);
            let Some(packed) = &game.packed else { continue };
            packed_variants += 1;
            for _ in 0..200 {
                let board = random_board(&game, &mut rng);
                for mover in Player::BOTH {
                    for origin in game.row(mover).filter(|&p| board.pits[p] > 0) {
                        for direction in [Direction::Ccw, Direction::Cw] {
                            let d = direction as usize;
                            let (mut fast, mut slow) = (board, board);
                            fast.to_move = mover;
                            slow.to_move = mover;
                            let path = &game.sow_path[mover.index()][d][origin][..game.path_len];
                            let last_slow = game.sow_lap(&mut slow, path, origin);
                            let last_fast = packed.sow(&mut fast, origin, d);
                            assert_eq!(
                                (last_fast, fast.pits),
                                (last_slow, slow.pits),
                                "{name}: {origin} {direction:?} from {:?}",
                                board.pits
                            );
                        }
                    }
                }
            }
        }
        assert!(packed_variants >= 10, "only {packed_variants} packed");
    }
}
