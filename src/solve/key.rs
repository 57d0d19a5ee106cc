//! Positions packed into `u64` keys: the pit counts, the side to move and the
//! opening flag. Captured totals are left out: a solved value counts only
//! what is still to be won, so two positions with the same board share it.

use crate::engine::{Game, Player, Position, MAX_PITS};

/// Packs and unpacks the positions of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyCodec {
    pits: usize,
    bits: u32,
}

impl KeyCodec {
    /// The codec for `game`, or `None` when its board does not fit in 64 bits
    /// (every pit gets enough bits to hold all the stones).
    pub fn new(game: &Game) -> Option<Self> {
        Self::for_stones(game, game.rules().total_stones())
    }

    /// The codec for the positions of `game` with at most `stones` stones on
    /// the board, or `None` when they do not fit in 64 bits.
    pub fn for_stones(game: &Game, stones: u32) -> Option<Self> {
        let bits = (32 - stones.leading_zeros()).max(1);
        let pits = game.pit_count();
        (pits as u32 * bits + 2 <= 64).then_some(KeyCodec { pits, bits })
    }

    /// A codec of `bits` bits per pit whether or not they fit 64 bits (for
    /// a solution that makes no key).
    pub(super) fn new_unchecked(pits: usize, bits: u32) -> Self {
        KeyCodec { pits, bits }
    }

    /// Pits a key holds.
    pub fn pits(&self) -> usize {
        self.pits
    }

    /// Bits used per pit.
    pub fn bits_per_pit(&self) -> u32 {
        self.bits
    }

    /// The key of `pos` (its captured totals are ignored).
    pub fn encode(&self, pos: &Position) -> u64 {
        let mut key = 0u64;
        for &n in pos.pits[..self.pits].iter().rev() {
            key = key << self.bits | u64::from(n);
        }
        key << 2 | (pos.to_move.index() as u64) << 1 | u64::from(pos.opening)
    }

    /// The position of `key`, with nothing captured.
    pub fn decode(&self, key: u64) -> Position {
        let mut pits = [0u8; MAX_PITS];
        let mask = (1u64 << self.bits) - 1;
        let mut rest = key >> 2;
        for pit in pits.iter_mut().take(self.pits) {
            *pit = (rest & mask) as u8;
            rest >>= self.bits;
        }
        Position {
            pits,
            captured: [0, 0],
            removed: 0,
            to_move: if key >> 1 & 1 == 1 {
                Player::North
            } else {
                Player::South
            },
            opening: key & 1 == 1,
            closed: 0,
            swapped: 0,
            claimed: 0,
            visited: 0,
            relay_cycled: false,
            moved_again: false,
            refilling: None,
            vote: crate::engine::Vote::None,
            to_take: 0,
        }
    }
}

/// An upper bound on the positions reachable in `game`: every way to put at
/// most the game's stones into its pits, C(stones + pits, pits), for each
/// side to move, plus the start (whose opening flag makes it a position of
/// its own). Saturates at `u128::MAX`.
pub fn estimate(game: &Game) -> u128 {
    let stones = u128::from(game.rules().total_stones());
    let pits = game.pit_count() as u128;
    let mut ways: u128 = 1;
    for i in 1..=pits {
        // C(s+i, i) = C(s+i-1, i-1) * (s+i) / i, exact at every step.
        ways = match ways.checked_mul(stones + i) {
            Some(product) => product / i,
            None => return u128::MAX,
        };
    }
    ways.saturating_mul(2).saturating_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    fn modiar() -> Game {
        Game::new(variants::load("modiar").unwrap().rules)
    }

    #[test]
    fn keys_round_trip_and_keep_the_opening_flag_apart() {
        let game = modiar();
        let codec = KeyCodec::new(&game).unwrap();
        // 42 stones need 6 bits per pit.
        assert_eq!(codec.bits_per_pit(), 6);
        let start = game.start();
        assert_eq!(codec.decode(codec.encode(&start)), start);
        let later = Position {
            opening: false,
            relay_cycled: false,
            to_move: Player::North,
            ..start
        };
        assert_ne!(codec.encode(&later), codec.encode(&start));
        assert_eq!(codec.decode(codec.encode(&later)), later);
    }

    #[test]
    fn estimate_counts_boards_of_at_most_the_stones() {
        // 6 pits, 42 stones: C(48, 6) = 12,271,512 boards (metrics.md), twice, plus the start.
        assert_eq!(estimate(&modiar()), 2 * 12_271_512 + 1);
    }
}
