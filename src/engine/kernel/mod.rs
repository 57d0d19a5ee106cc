//! A specialised random-playout kernel for one common rule shape (see
//! [`shape::fits`]): two rows, one lap, a capture at the last pit by a set
//! of counts with a backward chain or the facing pit, grand slams and
//! feeding, the simple ends. A variant whose compiled rules fit is played
//! by a tight loop over its board held as byte lanes of one word, seen from
//! the player to move (their row in the low half, [`lanes`]; a `u64` for
//! rows of at most 4 pits, a `u128` for at most 8, chosen when the kernel is
//! built): a pit drawn by table among the mover's pits holding enough
//! stones, its sowing one table load and one add, the capture read from the
//! lanes, the board turned over to the next player by one rotation, the
//! legality of the move drawn only (played on a copy and drawn again when it
//! is an illegal grand slam), no list of moves.
//!
//! It plays exactly the games [`GameRun::play_random`] plays from the same
//! random stream: the same draws (one uniform index among the pits holding
//! enough stones when all are legal, [`draw_legal`] otherwise), the same
//! plies, the same ends (`tests/fast_path.rs` checks it move for move on
//! every shipped and generated variant it takes).
//!
//! [`GameRun::play_random`]: crate::engine::GameRun::play_random

mod lanes;
mod shape;
mod tables;

use rand::Rng;

use super::{EndReason, Game, Player, Position};
use crate::rules::{
    CaptureSide, Chain, EndWhen, FeedFallback, FeedWhen, FirstMove, GrandSlam, Repetition, Take,
};
use lanes::{high_bits, Lanes, COUNT, HIGH, ONES, PICK};
use tables::{lane_of, SowingTable, NO_PIT};

/// The kernel compiled for one variant (see the module's documentation).
#[derive(Debug, Clone)]
pub struct Kernel {
    shaped: Shaped,
}

/// The kernel on the word its board fits in.
#[derive(Debug, Clone)]
enum Shaped {
    /// Rows of at most 4 pits: one `u64`.
    Narrow(Compiled<u64>),
    /// Rows of at most 8 pits: one `u128`.
    Wide(Compiled<u128>),
}

/// The kernel for one word of lanes `W`.
#[derive(Debug, Clone)]
struct Compiled<W> {
    /// Pits in a row.
    per_row: usize,
    /// Stones in play.
    total: u32,
    /// The start: board lanes (seen from the player to move), captures,
    /// the player to move.
    start: (W, [u16; 2], usize),
    /// Sowings, `[pit of the mover's row][stones]`.
    sowings: Box<SowingTable<W>>,
    /// The high bit of the lanes of a row (in a half).
    row_high: u64,
    /// Bit `i` set for lane `i` of the opponent's row.
    opp_lane_bits: u32,
    /// `min_stones` in every byte: pits holding fewer are not played.
    min_stones: u64,
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

/// The capture rule of the shape, on the lanes seen from the mover.
#[derive(Debug, Clone)]
struct Capture {
    /// `capturable[n]`: a pit holding `n` stones is taken.
    capturable: [bool; 256],
    /// Bit `i` set for the lanes the rule takes from.
    lanes: u32,
    /// The chain: `next[lane]` is the lane taken next while it qualifies,
    /// round the board against the sowing or with it.
    next: [u8; 16],
    /// The pits on from the last one are taken while they qualify.
    chain: bool,
    /// `opposite[lane]`: the lane of the facing pit.
    opposite_lane: [u8; 16],
    /// The facing pit is taken with the last one.
    opposite: bool,
    /// ... even when it is empty.
    even_empty: bool,
    /// Nothing is captured on the game's first move.
    not_first_move: bool,
    /// In each lane of the opponent's half, one more than the largest
    /// capturable count: a pit holding that many or more is never taken (a
    /// lap only adds stones to the pits it does not start from); 128 (no
    /// pit) when the facing pit is taken whatever it holds.
    beyond: u64,
}

/// The state of a game on the kernel.
#[derive(Debug, Clone, Copy)]
struct State<W> {
    /// The board seen from `mover`.
    lanes: W,
    /// Stones captured and stored, `[south, north]`.
    captured: [u16; 2],
    /// The player to move (0 South, 1 North).
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
/// (seen from the player to move) with the player to move in the top bit
/// (never a stone's: at most 127 stones, so no lane reaches 128).
#[derive(Debug, Clone, Default)]
pub struct History {
    boards: Vec<u128>,
    /// A 256-bit Bloom filter of `boards`.
    seen: [u64; 4],
}

impl History {
    #[inline(always)]
    fn clear(&mut self) {
        self.boards.clear();
        self.seen = [0; 4];
    }

    #[inline(always)]
    fn key(lanes: u128, mover: usize) -> (u128, usize) {
        let key = lanes | (mover as u128) << 127;
        let mixed = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (key, (mixed >> 56) as usize)
    }

    #[inline(always)]
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

impl Kernel {
    /// The kernel for `game`, when its rules fit the shape; `None` when they
    /// do not (the variant is played by the general engine).
    pub fn new(game: &Game) -> Option<Kernel> {
        let rules = game.rules();
        if !shape::fits(rules) || game.has_rounds() {
            return None;
        }
        let shaped = match usize::from(rules.board.pits) <= u64::HALF {
            true => Shaped::Narrow(Compiled::new(game)?),
            false => Shaped::Wide(Compiled::new(game)?),
        };
        Some(Kernel { shaped })
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
        each_ply: impl FnMut(&Board),
    ) -> Played {
        match &self.shaped {
            Shaped::Narrow(kernel) => kernel.play(rng, cap, history, each_ply),
            Shaped::Wide(kernel) => kernel.play(rng, cap, history, each_ply),
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
}

impl<W: Lanes> Compiled<W> {
    /// The kernel on `W` for `game`, whose rules fit the shape; `None`
    /// when its start or sowings do not.
    fn new(game: &Game) -> Option<Compiled<W>> {
        let rules = game.rules();
        let start = game.start();
        if start.closed | start.swapped | start.claimed != 0 || start.removed != 0 {
            return None;
        }
        let per_row = usize::from(rules.board.pits);
        let pit_count = 2 * per_row;
        let total = start.total_stones();
        let sowings = tables::sowings::<W>(game, total as usize)?;
        // Lane `lane` of the board seen from South: its absolute pit.
        let pit_of = |lane: usize| match lane < W::HALF {
            true => lane,
            false => per_row + lane - W::HALF,
        };
        let lane = |pit: usize| lane_of::<W>(per_row, Player::South, pit);
        let lanes_of = |row: std::ops::Range<usize>| row.fold(0u32, |b, p| b | 1 << lane(p));
        let (own_lanes, opp_lanes) = (lanes_of(0..per_row), lanes_of(per_row..pit_count));
        let row_high = (0..per_row).fold(0u64, |h, i| h | 0x80 << (8 * i));
        let cw = tables::direction(rules) == crate::rules::Direction::Cw;
        let capture = rules.captures.first().map(|rule| {
            // Backward is against the sowing: a pit back counter-clockwise.
            let step = match (rule.chain, cw) {
                (Chain::Backward, false) | (Chain::Forward, true) => pit_count - 1,
                _ => 1,
            };
            let opposite = matches!(
                rule.take,
                Take::LastAndOpposite | Take::LastAndOppositeEvenEmpty
            );
            let in_play = |l: usize| l < 2 * W::HALF && l % W::HALF < per_row;
            Capture {
                beyond: match opposite {
                    // The facing pit is taken whatever it holds: any pit may be.
                    true => ONES * 128,
                    false => {
                        let most = (0..256).rposition(|n| rule.captures_count(n)).unwrap_or(0);
                        // At most 127 stones a pit: past 127, no pit is beyond.
                        ONES * (most as u64 + 1).min(128)
                    }
                },
                capturable: std::array::from_fn(|n| rule.captures_count(n)),
                lanes: match rule.side {
                    CaptureSide::Own => own_lanes,
                    CaptureSide::Opponent => opp_lanes,
                    _ => own_lanes | opp_lanes,
                },
                next: std::array::from_fn(|l| match in_play(l) {
                    true => lane((pit_of(l) + step) % pit_count) as u8,
                    false => 0,
                }),
                chain: rule.chain != Chain::None,
                opposite_lane: std::array::from_fn(|l| match in_play(l) {
                    true => lane(pit_count - 1 - pit_of(l)) as u8,
                    false => 0,
                }),
                opposite,
                even_empty: rule.take == Take::LastAndOppositeEvenEmpty,
                not_first_move: rule.first_move == FirstMove::NoCapture,
            }
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
        let mover = start.to_move;
        let mut start_lanes = [0i64; 16];
        for (pit, &n) in start.pits[..pit_count].iter().enumerate() {
            start_lanes[lane_of::<W>(per_row, mover, pit)] = i64::from(n);
        }
        Some(Compiled {
            per_row,
            total,
            start: (W::from_counts(&start_lanes), start.captured, mover.index()),
            sowings,
            row_high,
            opp_lane_bits: opp_lanes,
            min_stones: u64::from(rules.sowing.min_stones) * ONES,
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

    /// [`Kernel::play`] on `W`.
    fn play<R: Rng + Clone>(
        &self,
        rng: &mut R,
        cap: u32,
        history: &mut History,
        mut each_ply: impl FnMut(&Board),
    ) -> Played {
        let mut s = State {
            lanes: self.start.0,
            captured: self.start.1,
            mover: self.start.2,
            opening: true,
        };
        history.clear();
        if self.repetition {
            history.remember(s.lanes.widen(), s.mover);
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
                        self.pass(&mut s, usize::from(COUNT[candidates as usize]), rng);
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
                    history.remember(s.lanes.widen(), s.mover);
                } else if history.repeated(s.lanes.widen(), s.mover) {
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

    /// The board of `s` as the engine holds it (without a bounds check,
    /// so that it costs nothing where it is not used).
    #[inline(always)]
    fn board(&self, s: &State<W>) -> Board {
        let from_south = match s.mover {
            0 => s.lanes,
            _ => s.lanes.turned(),
        };
        let bytes = from_south.to_bytes();
        let mut pits = [0; 16];
        for i in 0..W::HALF {
            if i < self.per_row {
                pits[i & 15] = bytes[i & 15];
                pits[(self.per_row + i) & 15] = bytes[(W::HALF + i) & 15];
            }
        }
        Board {
            pits,
            captured: s.captured,
            to_move: Player::BOTH[s.mover & 1],
        }
    }

    /// The first end condition of the rules that holds in `s`.
    #[inline(always)]
    fn end_condition(&self, s: &State<W>) -> Option<EndReason> {
        if self.end_tests == 0 {
            return None;
        }
        let tested = |end: EndReason| self.end_tests & end.bit() != 0;
        let mut holds = 0;
        if tested(EndReason::RowEmpty) && (s.lanes.own() == 0 || s.lanes.opp() == 0) {
            holds |= EndReason::RowEmpty.bit();
        }
        if tested(EndReason::CapturedMajority)
            && s.captured.iter().any(|&c| 2 * u32::from(c) > self.total)
        {
            holds |= EndReason::CapturedMajority.bit();
        }
        if tested(EndReason::AllPitsAtMostOne) && !s.lanes.any_above_one() {
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
    fn pass<R: Rng>(&self, s: &mut State<W>, refused: usize, rng: &mut R) {
        super::draw_legal(refused, rng, |_| false);
        let _ = rng.random_range(0..1usize);
        *s = self.turned(s);
    }

    /// `s` with the other player to move.
    fn turned(&self, s: &State<W>) -> State<W> {
        State {
            lanes: s.lanes.turned(),
            mover: 1 - s.mover,
            opening: false,
            ..*s
        }
    }

    /// Under `neither_can_move`, when the player to move has no legal move:
    /// whether the opponent, the board turned over to them, has a legal
    /// move (the player to move then passes).
    #[cold]
    fn can_reply(&self, s: &State<W>) -> bool {
        let turned = self.turned(s);
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

    /// The mover's pits holding at least `min_stones`, as bits (bit `i`:
    /// pit `i` of their row).
    #[inline(always)]
    fn candidates(&self, s: &State<W>) -> u32 {
        high_bits(((s.lanes.own() | HIGH) - self.min_stones) & self.row_high)
    }

    /// Whether the player to move must feed.
    #[inline(always)]
    fn must_feed(&self, s: &State<W>) -> bool {
        self.feeds && s.lanes.opp() == 0
    }

    /// Plays a random legal move of `s` (whose candidates are
    /// `candidates`, at least one), drawn as the general engine draws; the
    /// end when there is none.
    #[inline(always)]
    fn play_drawn<R: Rng + Clone>(
        &self,
        s: &mut State<W>,
        candidates: u32,
        rng: &mut R,
    ) -> Result<(), EndReason> {
        if self.must_feed(s) {
            return self.play_feeding(s, candidates, rng);
        }
        let mask = candidates as usize;
        if self.grand_slam != GrandSlam::Forbidden || !self.slam_possible(s) {
            let k = rng.random_range(0..usize::from(COUNT[mask]));
            self.apply(s, usize::from(PICK[mask][k & 7]));
            return Ok(());
        }
        // Grand slams forbidden: the move drawn is played on a copy, and
        // drawn again without it when it is one (as `draw_legal` draws:
        // uniformly among the candidates not refused yet, in pit order).
        // When every candidate is one, the general engine draws nothing:
        // the stream goes back.
        let saved = rng.clone();
        let mut left = mask;
        loop {
            let k = rng.random_range(0..usize::from(COUNT[left]));
            let pit = usize::from(PICK[left][k & 7]);
            let mut played = *s;
            if !self.sow_and_capture(&mut played, pit, true) {
                *s = played;
                return Ok(());
            }
            left &= !(1 << pit);
            if left == 0 {
                *rng = saved;
                return Err(EndReason::NoLegalMove);
            }
        }
    }

    /// [`Compiled::play_drawn`] when the opponent's row is empty: the legal
    /// moves are worked out first (those that are not forbidden grand
    /// slams, and of them those that leave the player then to move a
    /// stone, if any), as the general engine lists them.
    #[cold]
    fn play_feeding<R: Rng>(
        &self,
        s: &mut State<W>,
        candidates: u32,
        rng: &mut R,
    ) -> Result<(), EndReason> {
        let legal = self.feeding_moves(s, candidates)?;
        let count = usize::from(COUNT[candidates as usize]);
        let pick = super::draw_legal(count, rng, |i| {
            legal >> PICK[candidates as usize][i] & 1 == 1
        });
        let pit = PICK[candidates as usize][pick.unwrap_or(0)];
        self.apply(s, usize::from(pit));
        Ok(())
    }

    /// Under a feeding obligation: the legal moves of `s` as pit bits, or
    /// the end they leave.
    fn feeding_moves(&self, s: &State<W>, candidates: u32) -> Result<u32, EndReason> {
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
            // The player then to move (seen from them: their row) has a stone.
            if next.lanes.own() != 0 {
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
    fn no_legal_move(&self, s: &State<W>, candidates: u32) -> Option<EndReason> {
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
    fn slam_possible(&self, s: &State<W>) -> bool {
        let Some(rule) = &self.capture else {
            return false;
        };
        let too_many = ((s.lanes.opp() | HIGH) - rule.beyond) & self.row_high;
        self.may_capture(s) && too_many == 0
    }

    /// Whether a move of `s` may capture (not on a first move the rule
    /// waives).
    #[inline(always)]
    fn may_capture(&self, s: &State<W>) -> bool {
        match &self.capture {
            Some(rule) => !(s.opening && rule.not_first_move),
            None => false,
        }
    }

    /// Plays the legal move from `pit` on `s`, as the engine's `apply`: a
    /// grand slam under `no_capture` is played without its capture.
    #[inline(always)]
    fn apply(&self, s: &mut State<W>, pit: usize) {
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

    /// Sows from pit `pit` of the mover's row and, when `capture`, captures
    /// at the last pit, then turns the board over to the player then to
    /// move; returns whether the move was a grand slam (it captured from
    /// the opponent's row and left it empty).
    #[inline(always)]
    fn sow_and_capture(&self, s: &mut State<W>, pit: usize, capture: bool) -> bool {
        let mover = s.mover;
        let n = (s.lanes.own() >> (8 * pit)) as u8 as usize;
        let sowing = self.sowings[pit & 7][n & 127];
        let mut lanes = s.lanes.plus(sowing.delta);
        s.captured[mover & 1] += u16::from(sowing.store);
        s.opening = false;
        let mut slam = false;
        if let Some(rule) = &self.capture {
            let last = usize::from(sowing.last);
            if capture && sowing.last != NO_PIT && rule.lanes >> last & 1 == 1 {
                slam = self.capture_at(rule, &mut lanes, &mut s.captured[mover & 1], last);
            }
        }
        if !sowing.again {
            lanes = lanes.turned();
            s.mover = 1 - mover;
        }
        s.lanes = lanes;
        slam
    }

    /// The capture at lane `last` (of the rule's lanes) on `lanes`, seen
    /// from the mover, whose captures are `captured`; whether it was a
    /// grand slam.
    #[inline(always)]
    fn capture_at(&self, rule: &Capture, lanes: &mut W, captured: &mut u16, last: usize) -> bool {
        let count = lanes.byte(last);
        if !rule.capturable[count] {
            return false;
        }
        let mut taken = 0u32;
        let mut stones = 0u16;
        let lift = |lanes: &mut W, taken: &mut u32, stones: &mut u16, lane: usize| {
            *stones += lanes.byte(lane) as u16;
            *lanes = lanes.without(lane);
            *taken |= 1 << lane;
        };
        if rule.opposite {
            let opposite = usize::from(rule.opposite_lane[last & 15]);
            if !rule.even_empty && lanes.byte(opposite) == 0 {
                return false;
            }
            lift(lanes, &mut taken, &mut stones, opposite);
            lift(lanes, &mut taken, &mut stones, last);
        } else {
            let mut at = last;
            for _ in 0..2 * self.per_row {
                lift(lanes, &mut taken, &mut stones, at);
                if !rule.chain {
                    break;
                }
                at = usize::from(rule.next[at & 15]);
                if taken >> at & 1 == 1
                    || rule.lanes >> at & 1 == 0
                    || !rule.capturable[lanes.byte(at)]
                {
                    break;
                }
            }
        }
        *captured += stones;
        stones > 0 && taken & self.opp_lane_bits != 0 && lanes.opp() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    fn kernel(name: &str) -> Option<Kernel> {
        Kernel::new(&Game::new(variants::load(name).unwrap().rules))
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
