//! Players, moves and the fixed-size position.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::width::{with_words, Narrow, PitBits, Width};
use crate::rules::Direction;

/// Size of the pit array of the narrow width: two rows of at most 15 pits
/// and the two store slots the engine uses while sowing into stores (always
/// empty between moves), three rows of at most 10, or four rows of at most
/// 8 (no store). Larger boards take a wider [`Width`](super::Width).
pub const MAX_PITS: usize = Narrow::SLOTS;

/// A set of slots of the pit array ([`PitArray`]): bit `i` set when slot `i`
/// is in the set. Wide enough for every slot.
pub type PitSet = <Narrow as Width>::Set;

/// The stones in every slot: the pits in absolute order (a=0, b=1, ... then
/// A, B, ...), then the slots of the stores while sowing.
pub type PitArray = <Narrow as Width>::Array;

/// One of the two players. South owns the near row and moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Owns pits `a b c ...` and moves first.
    South,
    /// Owns pits `A B C ...`.
    North,
}

impl Player {
    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// 0 for South, 1 for North: the index into per-player arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Both players, South first.
    pub const BOTH: [Player; 2] = [Player::South, Player::North];
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Player::South => "south",
            Player::North => "north",
        })
    }
}

/// A move: the pit whose stones are lifted and sown (absolute index) and the
/// direction they go; or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Absolute pit index (a=0, b=1, ... then A, B, ...).
    pub pit: u8,
    /// Which way the stones go round.
    pub direction: Direction,
}

impl Move {
    /// The pass of a player who cannot move, where the rules allow it.
    pub const PASS: Move = Move {
        pit: u8::MAX,
        direction: Direction::Ccw,
    };

    /// A proposal to end a repeating game (`repetition agree`), written
    /// `propose`.
    pub const PROPOSE: Move = Move {
        pit: u8::MAX - 1,
        direction: Direction::Ccw,
    };

    /// The answer that accepts a proposal to end the game, written `accept`.
    pub const ACCEPT: Move = Move {
        pit: u8::MAX - 2,
        direction: Direction::Ccw,
    };

    /// The answer that refuses a proposal to end the game, written `refuse`.
    pub const REFUSE: Move = Move {
        pit: u8::MAX - 3,
        direction: Direction::Ccw,
    };

    /// Whether this is a move of the vote on ending a repeating game.
    #[inline]
    pub fn is_vote(self) -> bool {
        // The vote's pits are the three below the pass's, past every pit
        // and refill: one comparison tells a sowing move it is not a vote.
        self.pit >= Move::REFUSE.pit && self != Move::PASS && self.direction == Direction::Ccw
    }

    /// The bit of [`Move::pit`] that marks a refill move. A board has at
    /// most 120 pits (the loader's limit), so a sowing move's pit never has
    /// it and a refill's code stays below the vote codes.
    const FILL: u8 = 0x80;

    /// The refill move that fills pit `pit` (`rounds { fill_from choice }`):
    /// written `+c`, it puts `seeds` of the mover's captured stones into the
    /// closed pit `pit` and opens it (under `remainder next_pit`, all they
    /// have when fewer: see [`Game::apply_fill`](crate::engine::Game)).
    pub const fn fill(pit: usize) -> Move {
        Move {
            pit: pit as u8 | Move::FILL,
            direction: Direction::Ccw,
        }
    }

    /// The pit a refill move fills; `None` for a sowing move, a take or a
    /// pass.
    #[inline]
    pub fn filled_pit(self) -> Option<usize> {
        (self != Move::PASS
            && !self.is_vote()
            && self.pit & Move::FILL != 0
            && self.direction == Direction::Ccw)
            .then(|| usize::from(self.pit & !Move::FILL))
    }

    /// The move that empties the opponent's pit `pit`, chosen after a
    /// capture (`extra_chosen`): written `-C`. Coded as a refill's pit
    /// going clockwise (a refill goes nowhere, and its code says `ccw`).
    pub const fn take(pit: usize) -> Move {
        Move {
            pit: pit as u8 | Move::FILL,
            direction: Direction::Cw,
        }
    }

    /// The pit a take ([`Move::take`]) empties; `None` for any other move.
    #[inline]
    pub fn taken_pit(self) -> Option<usize> {
        (self.pit & Move::FILL != 0 && self.direction == Direction::Cw)
            .then(|| usize::from(self.pit & !Move::FILL))
    }
}

/// A position: the stones in every pit, which pits are closed, what each
/// player has captured, who moves, and whether the game's first move is still
/// to be played.
///
/// Only the first [`Game::pit_count`](crate::engine::Game::pit_count) entries
/// of `pits` are used; the rest stay zero.
///
/// The pits come first (`repr(C)`): the move loop
/// reads and writes them in whole words.
///
/// `W` is the board's width ([`Width`]): the boards that fit 32 slots,
/// nearly all of them, take the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Position<W: Width = Narrow> {
    /// Stones per pit, in absolute order.
    pub pits: W::Array,
    /// Stones captured so far, `[south, north]`.
    pub captured: [u16; 2],
    /// Stones taken out of play (captured for nobody).
    pub removed: u16,
    /// The player whose turn it is.
    pub to_move: Player,
    /// True before the game's first move (some variants forbid capturing on it).
    pub opening: bool,
    /// Bit `i` set when pit `i` is closed: it holds no stone, sowing passes
    /// over it, it cannot be played and nothing is captured from it. Only a
    /// variant with rounds closes pits (those a player could not refill).
    pub closed: W::Set,
    /// Bit `i` set when pit `i` belongs to the player of the other row: it
    /// is theirs to play, and its stones are theirs when a round ends. Only
    /// `rounds { refill surplus }` hands pits over (to the player who
    /// scored the surplus); the rows themselves (capture sides, `row_empty`,
    /// feeding) stay as they are.
    pub swapped: W::Set,
    /// Bit `i` set when pit `i` has been claimed (`claim`: Toguz Kumalak's
    /// tuzdik, the weg): nobody plays it, relays from it or captures from
    /// it, and its owner (its row's player, or the other row's when its
    /// `swapped` bit is set: the claimer) gets the stones sown into it,
    /// at once or when the game or round ends.
    pub claimed: W::Set,
    /// Bit `i` set when the opponent of the owner of claimed pit `i` has
    /// already ended a move in it once (`tribute_first no`: the first
    /// landing takes no tribute). Always 0 otherwise.
    pub visited: W::Set,
    /// True when the move that led here ended in a relay cycle (its relay came
    /// back to a lap state of the same move): under `end { when relay_cycle }`
    /// the game is over. Always false otherwise.
    pub relay_cycled: bool,
    /// True when the move that led here gave its mover another turn, so
    /// that the player to move also made the last move. Kept only where
    /// the rules give the leftovers to the last mover and have extra turns
    /// ([`Game::records_last_mover`](crate::engine::Game::records_last_mover));
    /// always false otherwise.
    pub moved_again: bool,
    /// While the players choose the pits to refill at the start of a round
    /// (`rounds { fill_from choice }`): the player who moves first once
    /// they have; `to_move` is the player filling. `None` otherwise. In
    /// what was padding: positions stay the same size.
    pub refilling: Option<Player>,
    /// Where the players stand on ending a repeating game (`end {
    /// repetition agree }`): [`Vote::None`] everywhere else. In what was
    /// padding: positions stay the same size.
    pub vote: Vote,
    /// How many more of the opponent's pits the player to move empties,
    /// choosing each as a move of its own, after a capture that earned
    /// them (`extra_chosen`): 0 everywhere else. Never more than the
    /// opponent's pits holding stones.
    pub to_take: u8,
}

/// Where the players stand on ending a repeating game by agreement (`end {
/// repetition agree }`). The player to move at a repeated position may
/// propose to end the game ([`Move::PROPOSE`]); the opponent accepts
/// ([`Move::ACCEPT`]: the game is over) or refuses ([`Move::REFUSE`]: the
/// proposer moves, with no vote left on the table). Which positions repeat
/// is a matter of the game's history: [`GameRun`](crate::engine::GameRun)
/// offers the proposal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(u8)]
pub enum Vote {
    /// No proposal is on the table.
    #[default]
    None,
    /// A proposal to end the game waits for the player to move's answer.
    Proposed,
    /// Both players agreed: the game is over, scored as a repetition.
    Agreed,
}

impl<W: Width> Position<W> {
    /// The empty board: no stones anywhere, South to move, the opening over,
    /// no pit closed. Positions are written as changes to it
    /// (`Position { pits, ..Position::EMPTY }`).
    pub const EMPTY: Self = Position {
        pits: W::EMPTY,
        captured: [0; 2],
        removed: 0,
        to_move: Player::South,
        opening: false,
        closed: W::Set::ZERO,
        swapped: W::Set::ZERO,
        claimed: W::Set::ZERO,
        visited: W::Set::ZERO,
        relay_cycled: false,
        moved_again: false,
        refilling: None,
        vote: Vote::None,
        to_take: 0,
    };

    /// Stones on the board plus stones captured: constant through a game.
    pub fn total_stones(&self) -> u32 {
        self.board_stones()
            + u32::from(self.captured[0])
            + u32::from(self.captured[1])
            + u32::from(self.removed)
    }

    /// Whether pit `pit` is closed.
    #[inline]
    pub fn is_closed(&self, pit: usize) -> bool {
        self.closed.has(pit)
    }

    /// Whether pit `pit` belongs to the player of the other row.
    #[inline]
    pub fn is_swapped(&self, pit: usize) -> bool {
        self.swapped.has(pit)
    }

    /// Whether pit `pit` is a claimed pit (some player's store or weg).
    #[inline]
    pub fn is_claimed(&self, pit: usize) -> bool {
        self.claimed.has(pit)
    }

    /// Stones in the pits.
    #[inline]
    pub fn board_stones(&self) -> u32 {
        // Eight pits per word; bytes added pairwise into 16-bit lanes
        // (each at most 4 x 2 x 255, so no lane overflows), then the lanes.
        const LOW: u64 = 0x00FF_00FF_00FF_00FF;
        // (On the widest board, 16 words: each lane at most 8160.)
        let lanes = with_words!(false, |K| (self.words_n::<K>().iter())
            .fold(0u64, |acc, &w| acc + (w & LOW) + (w >> 8 & LOW)));
        (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
    }

    /// Bit `i` set when pit `i` (of the first `8 * W` slots) holds at least
    /// `min` stones. Eight pits a word: a byte's high bit is set where it
    /// holds at least `min` (for `min` up to 128, borrowing nothing from the
    /// next byte), then the eight high bits are gathered into a byte by one
    /// multiplication.
    #[inline(always)]
    pub(crate) fn holding_at_least<const K: usize>(&self, min: u8) -> W::Set {
        if min > 128 {
            return (0..8 * K)
                .filter(|&pit| self.pits[pit] >= min)
                .fold(W::Set::ZERO, |bits, pit| bits | W::Set::bit(pit));
        }
        const HIGH: u64 = 0x8080_8080_8080_8080;
        const ONES: u64 = 0x0101_0101_0101_0101;
        let below = ONES * u64::from(min);
        let mut bits = W::Set::ZERO;
        for (k, word) in self.words_n::<K>().into_iter().enumerate() {
            // (byte | 0x80) - min keeps its high bit exactly when byte >= min
            // (for a byte below 128); a byte of 128 or more holds enough.
            let high = (((word | HIGH) - below) | word) & HIGH;
            // Byte `i`'s bit 0 lands on bit 56 + i, with no carry.
            let byte = (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
            bits |= W::Set::byte_at(byte as u8, k);
        }
        bits
    }

    /// Bit `i` set when pit `i` of the first 16 holds one of the counts of
    /// `patterns`, each a count repeated in every byte of a word: the
    /// sixteen pits compared with each count at once (SSE2, which every
    /// x86_64 processor has; elsewhere pit by pit).
    #[inline(always)]
    pub(crate) fn first_16_holding_one_of(&self, patterns: &[u64; 4]) -> u16 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: these intrinsics work on registers only (no memory is
        // read or written), and SSE2 is part of every x86_64 processor.
        unsafe {
            use std::arch::x86_64::{
                _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi64x, _mm_set_epi64x,
            };
            let [low, high] = self.words_n::<2>();
            let board = _mm_set_epi64x(high as i64, low as i64);
            // The four comparisons written out: no loop.
            let [a, b, c, d] = patterns.map(|p| _mm_cmpeq_epi8(board, _mm_set1_epi64x(p as i64)));
            _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d))) as u16
        }
        #[cfg(not(target_arch = "x86_64"))]
        (0..16)
            .filter(|&pit| patterns.iter().any(|&p| self.pits[pit] == p as u8))
            .fold(0, |bits, pit| bits | 1 << pit)
    }

    /// The first `K` words of the pits, eight pits each, little-endian (a
    /// board of at most `8 * K` slots in use needs no more).
    #[inline(always)]
    pub(crate) fn words_n<const K: usize>(&self) -> [u64; K] {
        std::array::from_fn(|k| self.word(k))
    }

    /// Pits `8 * k .. 8 * k + 8` as a little-endian word.
    #[inline(always)]
    fn word(&self, k: usize) -> u64 {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&self.pits[8 * k..8 * k + 8]);
        u64::from_le_bytes(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mask of pits holding at least `min` stones, worked word by word,
    /// is the one a pit-by-pit comparison gives, for every `min` and
    /// boards with counts across the whole byte range (0, 1, 127, 128, 255
    /// among them).
    #[test]
    fn the_pits_holding_at_least_min_are_those_a_comparison_finds() {
        let counts = [
            0u8, 1, 2, 3, 6, 7, 8, 63, 64, 126, 127, 128, 129, 200, 254, 255,
        ];
        let mut pos: Position = Position::EMPTY;
        for shift in 0..counts.len() {
            for (pit, count) in pos.pits.iter_mut().enumerate() {
                *count = counts[(pit * 7 + shift) % counts.len()];
            }
            for min in 0..=255u8 {
                let expected = (0..MAX_PITS)
                    .filter(|&pit| pos.pits[pit] >= min)
                    .fold(0 as PitSet, |bits, pit| bits | 1 << pit);
                assert_eq!(pos.holding_at_least::<4>(min), expected, "min {min}");
                assert_eq!(
                    pos.holding_at_least::<2>(min),
                    expected & 0xFFFF,
                    "min {min}"
                );
            }
        }
    }

    /// The mask of the first 16 pits holding one of a few counts, worked
    /// sixteen pits at once, is the one a pit-by-pit comparison gives, for
    /// sets of counts across the whole byte range (0, 127, 128 and 255
    /// among them) and boards whose pits hold every count next to them.
    #[test]
    fn the_pits_holding_one_of_some_counts_are_those_a_comparison_finds() {
        let sets: [&[u8]; 6] = [
            &[2, 4, 6],
            &[1, 2, 3, 4],
            &[4],
            &[0],
            &[127, 128],
            &[255, 1],
        ];
        let mut pos: Position = Position::EMPTY;
        for counts in sets {
            // Four patterns, the last count repeated to fill them.
            let patterns: [u64; 4] = std::array::from_fn(|i| {
                u64::from(counts[i.min(counts.len() - 1)]) * 0x0101_0101_0101_0101
            });
            for shift in 0..=255usize {
                for (pit, count) in pos.pits.iter_mut().enumerate() {
                    *count = (pit * 37 + shift * 11) as u8;
                }
                let expected = (0..16)
                    .filter(|&pit| counts.contains(&pos.pits[pit]))
                    .fold(0u16, |bits, pit| bits | 1 << pit);
                assert_eq!(
                    pos.first_16_holding_one_of(&patterns),
                    expected,
                    "{counts:?} in {:?}",
                    &pos.pits[..16]
                );
            }
        }
    }
}
