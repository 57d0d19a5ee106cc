//! A specialised random-playout kernel for one common rule shape (see
//! [`shape::fits`]): two rows, one lap, a capture at the last pit by a set
//! of counts with a backward chain or the facing pit, grand slams and
//! feeding, the simple ends. A variant whose compiled rules fit is played
//! by a tight loop over its board held as byte lanes of one `u128`: a pit
//! drawn, its sowing one table load and one add, the capture read from the
//! lanes, the legality of the move drawn only (played on a copy and drawn
//! again when it is an illegal grand slam), no list of moves.
//!
//! It plays exactly the games [`GameRun::play_random`] plays from the same
//! random stream: the same draws (one uniform index among the pits holding
//! enough stones when all are legal, [`draw_legal`] otherwise), the same
//! plies, the same ends (`tests/fast_path.rs` checks it move for move on
//! every shipped and generated variant it takes).
//!
//! [`GameRun::play_random`]: crate::engine::GameRun::play_random

mod shape;
mod tables;

use rand::Rng;

use super::{draw_legal, EndReason, Game, Player, Position};
use crate::rules::{
    CaptureSide, Chain, EndWhen, FeedFallback, FeedWhen, FirstMove, GrandSlam, Repetition, Take,
};
use tables::{Sowing, NO_PIT};

/// The kernel compiled for one variant (see the module's documentation).
#[derive(Debug, Clone)]
pub struct Kernel {
    /// Pits on the board.
    pit_count: usize,
    /// Stones in play.
    total: u32,
    /// The start: board lanes and captures.
    start: (u128, [u16; 2]),
    /// Sowings, `[mover][pit][stones]` flattened.
    sowings: Vec<Sowing>,
    /// Per player: the byte lanes of their row.
    row_lanes: [u128; 2],
    /// Per player: bit `i` set for pit `i` of their row.
    row_bits: [u32; 2],
    /// Pits holding fewer stones are not played.
    min_stones: u8,
    /// The capture rule, if any.
    capture: Option<Capture>,
    /// What a grand slam does.
    grand_slam: GrandSlam,
    /// The mover must feed an opponent whose row is empty.
    feeds: bool,
    /// When no move feeds: any move may be played (else the game ends).
    feed_play_any: bool,
    /// The end conditions tested before the moves, in the rules' order
    /// (the first `end_count`).
    end_order: [EndReason; 3],
    /// How many there are.
    end_count: usize,
    /// Each of them as a bit ([`EndReason::bit`]).
    end_tests: u16,
    /// A player without a move passes while the opponent has one
    /// (`neither_can_move`).
    passes: bool,
    /// A repeated position ends the game.
    repetition: bool,
}

/// The capture rule of the shape.
#[derive(Debug, Clone)]
struct Capture {
    /// `capturable[n]`: a pit holding `n` stones is taken.
    capturable: [bool; 256],
    /// Per mover: the pits the rule takes from.
    rows: [u32; 2],
    /// The pits on from the last one are taken while they qualify, this
    /// many pits round the board at a step (0: no chain).
    step: usize,
    /// The facing pit is taken with the last one.
    opposite: bool,
    /// ... even when it is empty.
    even_empty: bool,
    /// Nothing is captured on the game's first move.
    not_first_move: bool,
    /// Each lane one more than the largest capturable count: a pit
    /// holding that many or more is never taken (a lap only adds stones to
    /// the pits it does not start from); 128 (no pit) when the facing pit
    /// is taken whatever it holds.
    beyond: u128,
}

/// The state of a game on the kernel.
#[derive(Debug, Clone, Copy)]
struct State {
    lanes: u128,
    captured: [u16; 2],
    mover: usize,
    opening: bool,
}

/// What one kernel game ended as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// Plies played.
    pub plies: u32,
    /// Why it ended ([`EndReason::PlyCap`] at the cap).
    pub end: EndReason,
    /// The last position.
    pub board: Board,
}

/// A position of a kernel game, as the general engine's [`Position`] holds
/// it: the pits, the captures (stores included), the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// The pits, pit `i` at index `i` (unused entries 0).
    pub pits: [u8; 16],
    /// Stones captured (and stored) by South and North.
    pub captured: [u16; 2],
    /// The player to move.
    pub to_move: Player,
}

impl Board {
    /// Whether `pos` holds this board: the same pits, captures and player
    /// to move.
    pub fn same_as(&self, pos: &Position) -> bool {
        pos.pits[..16] == self.pits
            && pos.pits[16..].iter().all(|&n| n == 0)
            && pos.captured == self.captured
            && pos.to_move == self.to_move
    }
}

/// The repetition history of a kernel game, kept between games so that a
/// batch allocates only while it first grows. A board is kept as its lanes
/// with the player to move in the top bit (never a stone's: at most 127
/// stones, so no lane reaches 128).
#[derive(Debug, Clone, Default)]
pub struct History {
    boards: Vec<u128>,
    /// A 1024-bit Bloom filter of `boards`.
    seen: [u64; 16],
}

impl History {
    fn clear(&mut self) {
        self.boards.clear();
        self.seen = [0; 16];
    }

    #[inline(always)]
    fn key(lanes: u128, mover: usize) -> (u128, usize) {
        let key = lanes | (mover as u128) << 127;
        let mixed = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (key, (mixed >> 54) as usize)
    }

    fn remember(&mut self, lanes: u128, mover: usize) {
        let (key, bit) = Self::key(lanes, mover);
        self.seen[bit / 64] |= 1 << (bit % 64);
        self.boards.push(key);
    }

    /// Whether the board was seen; remembered if not.
    #[inline(always)]
    fn repeated(&mut self, lanes: u128, mover: usize) -> bool {
        let (key, bit) = Self::key(lanes, mover);
        if self.seen[bit / 64] >> (bit % 64) & 1 == 1 && self.boards.contains(&key) {
            return true;
        }
        self.seen[bit / 64] |= 1 << (bit % 64);
        self.boards.push(key);
        false
    }
}

const HIGH: u128 = u128::from_le_bytes([0x80; 16]);
const ONES: u128 = u128::from_le_bytes([0x01; 16]);

/// Bit `i` set when the high bit of byte `i` of `x` is.
#[inline(always)]
fn high_bits(x: u128) -> u32 {
    let gather = |w: u64| {
        ((w >> 7 & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
    };
    gather(x as u64) | gather((x >> 64) as u64) << 8
}

#[inline(always)]
fn byte(lanes: u128, pit: usize) -> usize {
    (lanes >> (8 * pit)) as u8 as usize
}

impl Kernel {
    /// The kernel for `game`, when its rules fit the shape; `None` when they
    /// do not (the variant is played by the general engine).
    pub fn new(game: &Game) -> Option<Kernel> {
        let rules = game.rules();
        if !shape::fits(rules) || game.has_rounds() {
            return None;
        }
        let start = game.start();
        if start.closed | start.swapped | start.claimed != 0 || start.removed != 0 {
            return None;
        }
        let per_row = usize::from(rules.board.pits);
        let pit_count = 2 * per_row;
        let total = start.total_stones();
        let sowings = tables::sowings(game, total as usize)?;
        let row_bits = [0, 1].map(|m| ((1u32 << per_row) - 1) << (m * per_row));
        let row_lanes = row_bits.map(|bits| {
            (0..16)
                .filter(|i| bits >> i & 1 == 1)
                .fold(0u128, |l, i| l | 0xFF << (8 * i))
        });
        let cw = tables::direction(rules) == crate::rules::Direction::Cw;
        let capture = rules.captures.first().map(|rule| Capture {
            beyond: match rule.take {
                // The facing pit is taken whatever it holds: any pit may be.
                Take::LastAndOpposite | Take::LastAndOppositeEvenEmpty => ONES * 128,
                _ => {
                    let most = (0..256).rposition(|n| rule.captures_count(n)).unwrap_or(0);
                    // At most 127 stones a pit: past 127, no pit is beyond.
                    ONES * (most as u128 + 1).min(128)
                }
            },
            capturable: std::array::from_fn(|n| rule.captures_count(n)),
            rows: [0, 1].map(|m| match rule.side {
                CaptureSide::Own => row_bits[m],
                CaptureSide::Opponent => row_bits[1 - m],
                _ => row_bits[0] | row_bits[1],
            }),
            // Backward is against the sowing: a pit back counter-clockwise.
            step: match (rule.chain, cw) {
                (Chain::None, _) => 0,
                (Chain::Backward, false) | (Chain::Forward, true) => pit_count - 1,
                _ => 1,
            },
            opposite: matches!(
                rule.take,
                Take::LastAndOpposite | Take::LastAndOppositeEvenEmpty
            ),
            even_empty: rule.take == Take::LastAndOppositeEvenEmpty,
            not_first_move: rule.first_move == FirstMove::NoCapture,
        });
        let mut end_order = [EndReason::NoLegalMove; 3];
        let mut end_count = 0;
        for when in &rules.end.when {
            let end = match when {
                EndWhen::RowEmpty => EndReason::RowEmpty,
                EndWhen::CapturedMajority => EndReason::CapturedMajority,
                EndWhen::AllPitsAtMostOne => EndReason::AllPitsAtMostOne,
                _ => continue,
            };
            if !end_order[..end_count].contains(&end) {
                end_order[end_count] = end;
                end_count += 1;
            }
        }
        Some(Kernel {
            pit_count,
            total,
            start: (tables::lanes(&start), start.captured),
            sowings,
            row_lanes,
            row_bits,
            min_stones: rules.sowing.min_stones,
            capture,
            grand_slam: rules.grand_slam,
            feeds: rules.feeding.when == FeedWhen::RowEmpty,
            feed_play_any: rules.feeding.otherwise == FeedFallback::PlayAny,
            end_order,
            end_count,
            end_tests: end_order[..end_count].iter().fold(0, |b, &e| b | e.bit()),
            passes: rules.end.when.contains(&EndWhen::NeitherCanMove),
            repetition: rules.end.repetition == Repetition::EndGame,
        })
    }

    /// Plays one random game from the start until it ends or reaches `cap`
    /// plies, drawing from `rng` as [`GameRun::play_random`] does;
    /// `each_ply` sees the board after every ply.
    ///
    /// [`GameRun::play_random`]: crate::engine::GameRun::play_random
    pub fn play<R: Rng + Clone>(
        &self,
        rng: &mut R,
        cap: u32,
        history: &mut History,
        mut each_ply: impl FnMut(&Board),
    ) -> Played {
        let mut s = State {
            lanes: self.start.0,
            captured: self.start.1,
            mover: 0,
            opening: true,
        };
        history.clear();
        if self.repetition {
            history.remember(s.lanes, s.mover);
        }
        let mut off_board = s.captured[0] + s.captured[1];
        let mut plies = 0;
        let end = loop {
            if let Some(end) = self.end_condition(&s) {
                break end;
            }
            let candidates = self.candidates(&s);
            if candidates == 0 {
                if !(self.passes && self.can_reply(&s)) {
                    break EndReason::NoLegalMove;
                }
                if plies >= cap {
                    break EndReason::PlyCap;
                }
                self.pass(&mut s, 0, rng);
            } else if plies >= cap {
                // The general engine knows the end of the position before
                // the cap stops the game.
                break match self.no_legal_move(&s, candidates) {
                    Some(EndReason::NoLegalMove) if self.passes && self.can_reply(&s) => {
                        EndReason::PlyCap
                    }
                    Some(end) => end,
                    None => EndReason::PlyCap,
                };
            } else {
                match self.play_drawn(&mut s, candidates, rng) {
                    Ok(()) => {}
                    Err(EndReason::NoLegalMove) if self.passes && self.can_reply(&s) => {
                        self.pass(&mut s, candidates.count_ones() as usize, rng);
                    }
                    Err(end) => break end,
                }
            }
            plies += 1;
            each_ply(&self.board(&s));
            if self.repetition {
                let off = s.captured[0] + s.captured[1];
                if off != off_board {
                    off_board = off;
                    history.clear();
                    history.remember(s.lanes, s.mover);
                } else if history.repeated(s.lanes, s.mover) {
                    break EndReason::Repetition;
                }
            }
        };
        Played {
            plies,
            end,
            board: self.board(&s),
        }
    }

    /// The board of `s` as the engine holds it.
    fn board(&self, s: &State) -> Board {
        Board {
            pits: s.lanes.to_le_bytes(),
            captured: s.captured,
            to_move: Player::BOTH[s.mover],
        }
    }

    /// The last position of a kernel game as a [`Position`] of `game` (for
    /// its final scores).
    pub fn position(&self, game: &Game, board: &Board, plies: u32) -> Position {
        let mut pos = game.start();
        pos.pits[..16].copy_from_slice(&board.pits);
        pos.captured = board.captured;
        pos.to_move = board.to_move;
        pos.opening = plies == 0;
        pos
    }

    /// The first end condition of the rules that holds in `s`.
    #[inline(always)]
    fn end_condition(&self, s: &State) -> Option<EndReason> {
        let tested = |end: EndReason| self.end_tests & end.bit() != 0;
        let mut holds = 0;
        if tested(EndReason::RowEmpty)
            && (s.lanes & self.row_lanes[0] == 0 || s.lanes & self.row_lanes[1] == 0)
        {
            holds |= EndReason::RowEmpty.bit();
        }
        if tested(EndReason::CapturedMajority)
            && s.captured.iter().any(|&c| 2 * u32::from(c) > self.total)
        {
            holds |= EndReason::CapturedMajority.bit();
        }
        // Every lane 0 or 1 (the lanes past the board are 0).
        if tested(EndReason::AllPitsAtMostOne) && s.lanes & (ONES * 0xFE) == 0 {
            holds |= EndReason::AllPitsAtMostOne.bit();
        }
        if holds == 0 {
            return None;
        }
        (self.end_order[..self.end_count].iter().copied()).find(|&e| holds & e.bit() != 0)
    }

    /// The player to move passes, drawn as the general engine draws it:
    /// among `refused` candidates, none legal, then the pass alone.
    #[cold]
    fn pass<R: Rng>(&self, s: &mut State, refused: usize, rng: &mut R) {
        draw_legal(refused, rng, |_| false);
        let _ = rng.random_range(0..1usize);
        s.mover = 1 - s.mover;
        s.opening = false;
    }

    /// Under `neither_can_move`, when the player to move has no legal move:
    /// whether the opponent, the board turned over to them, has a legal
    /// move (the player to move then passes).
    #[cold]
    fn can_reply(&self, s: &State) -> bool {
        let turned = State {
            mover: 1 - s.mover,
            opening: false,
            ..*s
        };
        let replies = self.candidates(&turned);
        if replies == 0 {
            return false;
        }
        if self.must_feed(&turned) {
            return self.feeding_moves(&turned, replies).is_ok();
        }
        if self.grand_slam != GrandSlam::Forbidden || !self.may_capture(&turned) {
            return true;
        }
        let mut rest = replies;
        while rest != 0 {
            let pit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if !self.sow_and_capture(&mut { turned }, pit, true) {
                return true;
            }
        }
        false
    }

    /// The mover's pits holding at least `min_stones`, as bits.
    #[inline(always)]
    fn candidates(&self, s: &State) -> u32 {
        let at_least = ((s.lanes | HIGH) - u128::from(self.min_stones) * ONES) & HIGH;
        high_bits(at_least) & self.row_bits[s.mover]
    }

    /// Whether the player to move must feed.
    #[inline(always)]
    fn must_feed(&self, s: &State) -> bool {
        self.feeds && s.lanes & self.row_lanes[1 - s.mover] == 0
    }

    /// Plays a random legal move of `s` (whose candidates are
    /// `candidates`, at least one), drawn as the general engine draws; the
    /// end when there is none.
    #[inline(always)]
    fn play_drawn<R: Rng + Clone>(
        &self,
        s: &mut State,
        candidates: u32,
        rng: &mut R,
    ) -> Result<(), EndReason> {
        let count = candidates.count_ones() as usize;
        if self.must_feed(s) {
            return self.play_feeding(s, candidates, rng);
        }
        if self.grand_slam != GrandSlam::Forbidden || !self.slam_possible(s) {
            let pit = nth_bit(candidates, rng.random_range(0..count));
            self.apply(s, pit);
            return Ok(());
        }
        // Grand slams forbidden: the move drawn is played on a copy, and
        // drawn again without it when it is one. When every candidate is
        // one, the general engine draws nothing: the stream goes back.
        let saved = rng.clone();
        let mut played = *s;
        let pick = draw_legal(count, rng, |i| {
            played = *s;
            !self.sow_and_capture(&mut played, nth_bit(candidates, i), true)
        });
        match pick {
            Some(_) => {
                *s = played;
                Ok(())
            }
            None => {
                *rng = saved;
                Err(EndReason::NoLegalMove)
            }
        }
    }

    /// [`Kernel::play_drawn`] when the opponent's row is empty: the legal
    /// moves are worked out first (those that are not forbidden grand
    /// slams, and of them those that leave the player then to move a
    /// stone, if any), as the general engine lists them.
    #[cold]
    fn play_feeding<R: Rng>(
        &self,
        s: &mut State,
        candidates: u32,
        rng: &mut R,
    ) -> Result<(), EndReason> {
        let legal = self.feeding_moves(s, candidates)?;
        let count = candidates.count_ones() as usize;
        let pick = draw_legal(count, rng, |i| legal >> nth_bit(candidates, i) & 1 == 1);
        let pit = nth_bit(candidates, pick.unwrap_or(0));
        self.apply(s, pit);
        Ok(())
    }

    /// Under a feeding obligation: the legal moves of `s` as pit bits, or
    /// the end they leave.
    fn feeding_moves(&self, s: &State, candidates: u32) -> Result<u32, EndReason> {
        let mut not_slams = 0u32;
        let mut feeding = 0u32;
        let mut rest = candidates;
        while rest != 0 {
            let pit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut next = *s;
            let slam = self.sow_and_capture(&mut next, pit, self.may_capture(s));
            if slam {
                match self.grand_slam {
                    GrandSlam::Forbidden => continue,
                    GrandSlam::NoCapture => {
                        next = *s;
                        self.sow_and_capture(&mut next, pit, false);
                    }
                    _ => {}
                }
            }
            not_slams |= 1 << pit;
            if next.lanes & self.row_lanes[next.mover] != 0 {
                feeding |= 1 << pit;
            }
        }
        if not_slams == 0 {
            Err(EndReason::NoLegalMove)
        } else if feeding != 0 {
            Ok(feeding)
        } else if self.feed_play_any {
            Ok(not_slams)
        } else {
            Err(EndReason::FeedingImpossible)
        }
    }

    /// At the ply cap: the end the general engine finds in `s` (no move
    /// left by the grand-slam or feeding rules), if any.
    #[cold]
    fn no_legal_move(&self, s: &State, candidates: u32) -> Option<EndReason> {
        if self.must_feed(s) {
            return self.feeding_moves(s, candidates).err();
        }
        if self.grand_slam != GrandSlam::Forbidden || !self.may_capture(s) {
            return None;
        }
        let mut rest = candidates;
        while rest != 0 {
            let pit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if !self.sow_and_capture(&mut { *s }, pit, true) {
                return None;
            }
        }
        Some(EndReason::NoLegalMove)
    }

    /// Whether a move of `s` may be a grand slam: it may capture, and no
    /// pit of the opponent's row holds more than the largest capturable
    /// count (such a pit is never taken, so the row is never emptied).
    /// The screen of the general engine (`Game::slam_possible`).
    #[inline(always)]
    fn slam_possible(&self, s: &State) -> bool {
        let Some(rule) = &self.capture else {
            return false;
        };
        let too_many = ((s.lanes | HIGH) - rule.beyond) & HIGH & self.row_lanes[1 - s.mover];
        self.may_capture(s) && too_many == 0
    }

    /// Whether a move of `s` may capture (not on a first move the rule
    /// waives).
    #[inline(always)]
    fn may_capture(&self, s: &State) -> bool {
        match &self.capture {
            Some(rule) => !(s.opening && rule.not_first_move),
            None => false,
        }
    }

    /// Plays the legal move from `pit` on `s`, as the engine's `apply`: a
    /// grand slam under `no_capture` is played without its capture.
    #[inline(always)]
    fn apply(&self, s: &mut State, pit: usize) {
        let capture = self.may_capture(s);
        if self.grand_slam == GrandSlam::NoCapture && capture {
            let before = *s;
            if self.sow_and_capture(s, pit, true) {
                *s = before;
                self.sow_and_capture(s, pit, false);
            }
            return;
        }
        self.sow_and_capture(s, pit, capture);
    }

    /// Sows from `pit` and, when `capture`, captures at the last pit;
    /// returns whether the move was a grand slam (it captured from the
    /// opponent's row and left it empty).
    #[inline(always)]
    fn sow_and_capture(&self, s: &mut State, pit: usize, capture: bool) -> bool {
        let mover = s.mover;
        let n = byte(s.lanes, pit);
        let sowing = self.sowings[((mover * self.pit_count) + pit) * (self.total as usize + 1) + n];
        s.lanes = s.lanes.wrapping_add(sowing.delta);
        s.captured[mover] += u16::from(sowing.store);
        s.opening = false;
        if !sowing.again {
            s.mover = 1 - mover;
        }
        let last = usize::from(sowing.last);
        let Some(rule) = &self.capture else {
            return false;
        };
        if !capture || sowing.last == NO_PIT || rule.rows[mover] >> last & 1 == 0 {
            return false;
        }
        let count = byte(s.lanes, last);
        if !rule.capturable[count] {
            return false;
        }
        let mut taken = 0u32;
        let mut stones = 0u16;
        let lift = |lanes: &mut u128, taken: &mut u32, stones: &mut u16, pit: usize| {
            *stones += byte(*lanes, pit) as u16;
            *lanes &= !(0xFFu128 << (8 * pit));
            *taken |= 1 << pit;
        };
        if rule.opposite {
            let opposite = self.pit_count - 1 - last;
            if !rule.even_empty && byte(s.lanes, opposite) == 0 {
                return false;
            }
            lift(&mut s.lanes, &mut taken, &mut stones, opposite);
            lift(&mut s.lanes, &mut taken, &mut stones, last);
        } else {
            let mut at = last;
            for _ in 0..self.pit_count {
                lift(&mut s.lanes, &mut taken, &mut stones, at);
                if rule.step == 0 {
                    break;
                }
                at = (at + rule.step) % self.pit_count;
                if taken >> at & 1 == 1
                    || rule.rows[mover] >> at & 1 == 0
                    || !rule.capturable[byte(s.lanes, at)]
                {
                    break;
                }
            }
        }
        s.captured[mover] += stones;
        let opponent = 1 - mover;
        stones > 0
            && taken & self.row_bits[opponent] != 0
            && s.lanes & self.row_lanes[opponent] == 0
    }
}

/// The index of the `k`-th set bit of `bits` (from 0, lowest first).
#[inline(always)]
fn nth_bit(mut bits: u32, k: usize) -> usize {
    for _ in 0..k {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    fn kernel(name: &str) -> Option<Kernel> {
        Kernel::new(&Game::new(variants::load(name).unwrap().rules))
    }

    #[test]
    fn the_high_bits_of_the_lanes_are_gathered_in_pit_order() {
        let x = 0x80u128 << 8 | 0x80u128 << (8 * 9) | 0x80u128 << (8 * 15);
        assert_eq!(high_bits(x), 1 << 1 | 1 << 9 | 1 << 15);
    }

    /// Oware (OpenSpiel), Kalah and Modiar fit the shape; a relay variant
    /// (Galatjang) and a four-row one (Hus) do not.
    #[test]
    fn the_shape_is_decided_from_the_rules() {
        for name in ["oware-openspiel", "kalah", "modiar"] {
            assert!(kernel(name).is_some(), "{name}");
        }
        for name in ["galatjang", "hus"] {
            assert!(kernel(name).is_none(), "{name}");
        }
    }
}
