//! The kernel's move loop, compiled for the rules a variant has (the bits
//! of `F`, see [`Compiled::flags`]): a rule it does not have costs its loop
//! nothing, one it has no test of a field; a loop compiled for a whole
//! shape ([`SHAPED`]) has its settings as constants too. The first ply is played apart
//! (`OPENING`): only there may a rule waive the capture. The state of the
//! game and the random stream stay in registers: the loop never lends them
//! to a function it does not inline (the rare cases, `#[cold]`, take the
//! state by value and a copy of the stream, see [`on_copy`]).

use rand::Rng;
use std::hint::select_unpredictable;

use super::draw;
use super::history::{Key, Seen};
use super::lanes::{byte_sum, high_bits, opaque, COUNT, HIGH, PICK};
use super::tables::NO_PIT;
use super::{
    Board, Compiled, EndReason, Played, Player, State, BRANCH_FREE, CHAIN, ENDS_AT_MOST_ONE,
    ENDS_MAJORITY, ENDS_ROW_EMPTY, EVEN_EMPTY, FEEDS, HIGH_HALF, OPPOSITE, REPETITION, SHAPED,
    SLAMS_FORBIDDEN, SLAM_NO_CAPTURE, STORES, TABLE, THREE_PITS, TWO_TESTS,
};
use crate::engine::draw_legal;
use crate::rules::GrandSlam;

/// What a move did besides the board.
#[derive(Debug, Clone, Copy)]
struct Sown {
    /// Stones left the board (captured or stored).
    off: bool,
    /// The move was a grand slam (it captured from the opponent's row and
    /// left it empty).
    slam: bool,
}

/// Calls `f` (a cold path) with a copy of the stream `rng` that it
/// advances, then takes the copy back: the move loop's own stream never
/// has its address taken, so that it stays in a register.
#[inline(always)]
fn on_copy<R: Clone, T>(rng: &mut R, f: impl FnOnce(&mut R) -> T) -> T {
    let mut copy = rng.clone();
    let out = f(&mut copy);
    *rng = copy;
    out
}

impl<W: Key> Compiled<W> {
    /// [`Kernel::play`](super::Kernel::play) on `W`, compiled for the
    /// flags `F`: this kernel's [`Compiled::flags`] with [`SHAPED`] (its
    /// shape), or its rule flags alone.
    #[inline(always)]
    pub(super) fn play_with<const F: u32, R: Rng + Clone>(
        &self,
        rng: &mut R,
        cap: u32,
        history: &mut super::History,
        mut each_ply: impl FnMut(&Board),
    ) -> Played {
        let mut s = self.start;
        let mut stream = rng.clone();
        let mut seen = Seen::new(history, cap, s.lanes.key(s.to_move));
        let mut plies = 0;
        let end = 'game: {
            let mut off = match self.ply::<F, true, R>(&mut s, 0, cap, &mut stream) {
                Ok(off) => off,
                Err(end) => break 'game end,
            };
            loop {
                plies += 1;
                each_ply(&self.board(&s));
                if F & REPETITION != 0 && seen.repeated(s.lanes.key(s.to_move), off) {
                    break 'game EndReason::Repetition;
                }
                off = match self.ply::<F, false, R>(&mut s, plies, cap, &mut stream) {
                    Ok(off) => off,
                    Err(end) => break 'game end,
                };
            }
        };
        *rng = stream;
        Played {
            plies,
            end,
            board: self.board(&s),
        }
    }

    /// Plays ply `plies` (from 0) of `s`: whether stones left the board,
    /// or the end of the game (at `cap` plies, [`EndReason::PlyCap`] unless
    /// the position ends the game).
    #[inline(always)]
    fn ply<const F: u32, const OPENING: bool, R: Rng + Clone>(
        &self,
        s: &mut State<W>,
        plies: u32,
        cap: u32,
        rng: &mut R,
    ) -> Result<bool, EndReason> {
        if let Some(end) = self.end_condition::<F>(s) {
            return Err(end);
        }
        let candidates = self.candidates(s);
        if candidates == 0 {
            *s = on_copy(rng, |rng| self.no_candidate(*s, plies, cap, rng))?;
            return Ok(false);
        }
        if plies >= cap {
            return Err(self.end_at_cap::<OPENING>(*s, candidates));
        }
        match self.play_drawn::<F, OPENING, R>(s, candidates, rng) {
            Err(EndReason::NoLegalMove) if self.passes && self.can_reply(*s) => {
                let refused = usize::from(COUNT[candidates as usize]);
                *s = on_copy(rng, |rng| self.pass(*s, refused, rng));
                Ok(false)
            }
            played => played,
        }
    }

    /// The player to move has no pit to play: they pass (under
    /// `neither_can_move`, while the opponent can move), or the game ends.
    #[cold]
    fn no_candidate<R: Rng>(
        &self,
        s: State<W>,
        plies: u32,
        cap: u32,
        rng: &mut R,
    ) -> Result<State<W>, EndReason> {
        if !(self.passes && self.can_reply(s)) {
            return Err(EndReason::NoLegalMove);
        }
        if plies >= cap {
            return Err(EndReason::PlyCap);
        }
        Ok(self.pass(s, 0, rng))
    }

    /// At the ply cap: the end the general engine finds in `s` before the
    /// cap stops the game.
    #[cold]
    fn end_at_cap<const OPENING: bool>(&self, s: State<W>, candidates: u32) -> EndReason {
        match self.no_legal_move(&s, candidates, self.may_capture::<OPENING>()) {
            Some(EndReason::NoLegalMove) if self.passes && self.can_reply(s) => EndReason::PlyCap,
            Some(end) => end,
            None => EndReason::PlyCap,
        }
    }

    /// The board of `s` as the engine holds it (without a bounds check,
    /// so that it costs nothing where it is not used).
    #[inline(always)]
    fn board(&self, s: &State<W>) -> Board {
        let north = s.to_move == W::NORTH;
        let (from_south, south, north_captured) = match north {
            false => (s.lanes, byte_sum(s.own), byte_sum(s.opp)),
            true => (s.lanes.turned(), byte_sum(s.opp), byte_sum(s.own)),
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
            captured: [south as u16, north_captured as u16],
            to_move: Player::BOTH[usize::from(north)],
        }
    }

    /// Whether the setting `flag` ([`TABLE`] to [`THREE_PITS`]) holds:
    /// a constant of the move loop compiled for the shape (`F` has
    /// [`SHAPED`]), else read from the kernel.
    #[inline(always)]
    fn has<const F: u32>(&self, flag: u32) -> bool {
        match F & SHAPED != 0 {
            true => F & flag != 0,
            false => self.flags & flag != 0,
        }
    }

    /// The first end condition of the rules that holds in `s`.
    #[inline(always)]
    fn end_condition<const F: u32>(&self, s: &State<W>) -> Option<EndReason> {
        if !self.has::<F>(ENDS_ROW_EMPTY | ENDS_MAJORITY | ENDS_AT_MOST_ONE) {
            return None;
        }
        let mut holds = 0;
        if self.has::<F>(ENDS_ROW_EMPTY) && (s.lanes.own() == 0 || s.lanes.opp() == 0) {
            holds |= EndReason::RowEmpty.bit();
        }
        if self.has::<F>(ENDS_MAJORITY) && 2 * byte_sum(s.own).max(byte_sum(s.opp)) > self.total {
            holds |= EndReason::CapturedMajority.bit();
        }
        if self.has::<F>(ENDS_AT_MOST_ONE) && !s.lanes.any_above_one() {
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
    fn pass<R: Rng>(&self, s: State<W>, refused: usize, rng: &mut R) -> State<W> {
        draw_legal(refused, rng, |_| false);
        let _ = rng.random_range(0..1usize);
        s.turned()
    }

    /// Under `neither_can_move`, when the player to move has no legal move:
    /// whether the opponent, the board turned over to them, has a legal
    /// move (the player to move then passes).
    #[cold]
    fn can_reply(&self, s: State<W>) -> bool {
        let turned = s.turned();
        let replies = self.candidates(&turned);
        if replies == 0 {
            return false;
        }
        let capture = self.may_capture::<false>();
        if self.must_feed(&turned) {
            return self.feeding_moves(&turned, replies, capture).is_ok();
        }
        self.no_legal_move(&turned, replies, capture).is_none()
    }

    /// The mover's pits holding at least `min_stones`, as bits (bit `i`:
    /// pit `i` of their row).
    #[inline(always)]
    fn candidates(&self, s: &State<W>) -> u32 {
        high_bits(((s.lanes.low() | HIGH) - self.min_stones) & self.row_high)
    }

    /// Whether the player to move must feed.
    #[inline(always)]
    fn must_feed(&self, s: &State<W>) -> bool {
        self.feeds && s.lanes.opp() == 0
    }

    /// Plays a random legal move of `s` (whose candidates are
    /// `candidates`, at least one), drawn as the general engine draws:
    /// whether stones left the board, or the end when there is no move.
    #[inline(always)]
    fn play_drawn<const F: u32, const OPENING: bool, R: Rng + Clone>(
        &self,
        s: &mut State<W>,
        candidates: u32,
        rng: &mut R,
    ) -> Result<bool, EndReason> {
        if F & FEEDS != 0 && s.lanes.opp() == 0 {
            let (next, off) = on_copy(rng, |rng| {
                self.play_feeding::<OPENING, R>(*s, candidates, rng)
            })?;
            *s = next;
            return Ok(off);
        }
        let mask = candidates as usize;
        if F & SLAMS_FORBIDDEN == 0 {
            return Ok(self.apply::<F, OPENING>(s, draw::pit(mask, rng, F & STORES == 0)));
        }
        // Grand slams forbidden: the move drawn is played on a copy, and
        // drawn again without it when it is one. Every move is played so,
        // without first screening the positions where no move can be one
        // (as the general engine does): the result is the same, and the
        // loop has no branch that the board decides at random.
        let saved = rng.clone();
        let pit = draw::pit(mask, rng, F & STORES == 0);
        let mut played = *s;
        let sown = self.sow_and_capture::<F>(&mut played, pit, self.may_capture::<OPENING>());
        // Under feeding the opponent's row was not empty (tested above), so
        // a move that leaves it empty took its stones: a grand slam (the
        // board is turned over to them, the mover moving again only from a
        // store, without a capture).
        let slam = match F & FEEDS != 0 && F & STORES == 0 {
            true => played.lanes.own() == 0,
            false => sown.slam,
        };
        if slam {
            let left = mask & !(1 << pit);
            let (next, off) = on_copy(rng, |rng| self.draw_after_slam(*s, left, saved, rng))?;
            *s = next;
            return Ok(off);
        }
        *s = played;
        Ok(sown.off)
    }

    /// The move drawn from `s` was a forbidden grand slam: draws again as
    /// `draw_legal` draws, uniformly among the candidates `left` (not
    /// refused yet, in pit order), each played on a copy. When every
    /// candidate is one, the general engine draws nothing: the stream goes
    /// back to `saved`.
    #[cold]
    fn draw_after_slam<R: Rng>(
        &self,
        s: State<W>,
        mut left: usize,
        saved: R,
        rng: &mut R,
    ) -> Result<(State<W>, bool), EndReason> {
        while left != 0 {
            let pit = draw::pit(left, rng, false);
            let mut played = s;
            let sown = self.sow_and_capture::<STORES>(&mut played, pit, true);
            if !sown.slam {
                return Ok((played, sown.off));
            }
            left &= !(1 << pit);
        }
        *rng = saved;
        Err(EndReason::NoLegalMove)
    }

    /// [`Compiled::play_drawn`] when the opponent's row is empty: the legal
    /// moves are worked out first (those that are not forbidden grand
    /// slams, and of them those that leave the player then to move a
    /// stone, if any), as the general engine lists them.
    #[cold]
    fn play_feeding<const OPENING: bool, R: Rng>(
        &self,
        mut s: State<W>,
        candidates: u32,
        rng: &mut R,
    ) -> Result<(State<W>, bool), EndReason> {
        let legal = self.feeding_moves(&s, candidates, self.may_capture::<OPENING>())?;
        let count = usize::from(COUNT[candidates as usize]);
        let pick = draw_legal(count, rng, |i| {
            legal >> PICK[candidates as usize][i] & 1 == 1
        });
        let pit = PICK[candidates as usize][pick.unwrap_or(0)];
        let off = self.apply::<STORES, OPENING>(&mut s, usize::from(pit));
        Ok((s, off))
    }

    /// Under a feeding obligation: the legal moves of `s` as pit bits, or
    /// the end they leave; `capture`: a move may capture.
    fn feeding_moves(
        &self,
        s: &State<W>,
        candidates: u32,
        capture: bool,
    ) -> Result<u32, EndReason> {
        let mut not_slams = 0u32;
        let mut feeding = 0u32;
        let mut rest = candidates;
        while rest != 0 {
            let pit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut next = *s;
            if self.sow_and_capture::<STORES>(&mut next, pit, capture).slam {
                match self.grand_slam {
                    GrandSlam::Forbidden => continue,
                    GrandSlam::NoCapture => {
                        next = *s;
                        self.sow_and_capture::<STORES>(&mut next, pit, false);
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

    /// The end the general engine finds in `s` (no move left by the
    /// grand-slam or feeding rules), if any; `capture`: a move may capture.
    fn no_legal_move(&self, s: &State<W>, candidates: u32, capture: bool) -> Option<EndReason> {
        if self.must_feed(s) {
            return self.feeding_moves(s, candidates, capture).err();
        }
        if self.grand_slam != GrandSlam::Forbidden || !capture {
            return None;
        }
        let mut rest = candidates;
        while rest != 0 {
            let pit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if !self.sow_and_capture::<STORES>(&mut { *s }, pit, true).slam {
                return None;
            }
        }
        Some(EndReason::NoLegalMove)
    }

    /// Whether a move may capture (not on the game's first move when the
    /// rule waives it there).
    #[inline(always)]
    fn may_capture<const OPENING: bool>(&self) -> bool {
        !(OPENING && self.capture.not_first_move)
    }

    /// Plays the legal move from `pit` on `s`, as the engine's `apply`: a
    /// grand slam under `no_capture` is played without its capture.
    /// Whether stones left the board.
    #[inline(always)]
    fn apply<const F: u32, const OPENING: bool>(&self, s: &mut State<W>, pit: usize) -> bool {
        let capture = self.may_capture::<OPENING>();
        if self.has::<F>(SLAM_NO_CAPTURE) && capture {
            let before = *s;
            let sown = self.sow_and_capture::<F>(s, pit, true);
            if sown.slam {
                *s = before;
                return self.sow_and_capture::<F>(s, pit, false).off;
            }
            return sown.off;
        }
        self.sow_and_capture::<F>(s, pit, capture).off
    }

    /// Sows from pit `pit` of the mover's row and, when `capture`, captures
    /// at the last pit, then turns the board over to the player then to
    /// move (unless the mover moves again).
    #[inline(always)]
    fn sow_and_capture<const F: u32>(&self, s: &mut State<W>, pit: usize, capture: bool) -> Sown {
        let n = (s.lanes.low() >> (8 * pit)) as u8 as usize;
        let sowing = &self.sowings[pit & 7][n & 127];
        let (mut lanes, table_row) = match Self::sows_every_pit::<F>() {
            true => self.sow_every_pit::<F>(s.lanes, pit),
            false => (s.lanes.plus(sowing.delta), sowing.table_row),
        };
        // The stones gained, as a sum of bytes (see [`State::own`]).
        let mut off = 0u64;
        if F & STORES != 0 {
            off = u64::from(sowing.store);
        }
        let mut slam = false;
        if capture && self.has::<F>(TABLE) {
            let table = &self.capture.table;
            let high = self.has::<F>(HIGH_HALF);
            let window = if high { lanes.opp() } else { lanes.low() };
            let (taken, after, from_opponent) = table.capture(
                window,
                table_row,
                self.has::<F>(TWO_TESTS),
                self.has::<F>(BRANCH_FREE),
            );
            lanes = lanes.with_window(high, after);
            off += taken;
            slam = from_opponent & (lanes.opp() == 0);
        } else if capture && !self.has::<F>(TABLE) && sowing.last != NO_PIT {
            let (stones, emptied) = self.capture_at::<F>(&mut lanes, usize::from(sowing.last));
            off += u64::from(stones);
            slam = emptied;
        }
        s.lanes = lanes;
        s.own += off;
        if F & STORES == 0 || !sowing.again {
            *s = s.turned();
        }
        Sown {
            off: off != 0,
            slam,
        }
    }

    /// Whether the move loop compiled for `F` sows every pit of the
    /// mover's row and then picks the sowing of the pit drawn
    /// ([`Compiled::sow_every_pit`]): on the narrow word (at most four
    /// pits a row), in a loop compiled for a shape whose capture is by its
    /// table and that has no store (the sown board and the table's row are
    /// all a move needs from its sowing).
    #[inline(always)]
    const fn sows_every_pit<const F: u32>() -> bool {
        W::HALF == 4 && F & SHAPED != 0 && F & TABLE != 0 && F & STORES == 0
    }

    /// The board after sowing pit `pit` of `lanes`, and the row of the
    /// capture's table for its last stone, as [`Compiled::sow_and_capture`]
    /// reads them from [`Compiled::sowings`]: every pit of the mover's row
    /// sown, each its own table load and add, and the pit's picked by
    /// selects. The loads then wait on the board alone, not on the draw:
    /// they run while the pit is drawn, and the board waits on the draw
    /// for the selects only. A row of at most three pits ([`THREE_PITS`])
    /// has no fourth pit to sow.
    #[inline(always)]
    fn sow_every_pit<const F: u32>(&self, lanes: W, pit: usize) -> (W, u8) {
        // One base for the four rows of the table.
        let sowings = self.sowings.as_flattened();
        // Each board and row made opaque: the compiler would otherwise
        // pick the sowing's address by the selects and load it after them.
        let sown = |at: usize| {
            let sowing = &sowings[at << 7 | (lanes.byte(at) & 127)];
            let row = opaque(u64::from(sowing.table_row));
            (lanes.plus(sowing.delta).opaque(), row as u8)
        };
        // Selects the compiler keeps as selects, without a branch (the pit
        // is drawn at random).
        let odd = pit & 1 != 0;
        let low = select_unpredictable(odd, sown(1), sown(0));
        let high = match F & THREE_PITS != 0 {
            true => sown(2),
            false => select_unpredictable(odd, sown(3), sown(2)),
        };
        select_unpredictable(pit & 2 != 0, high, low)
    }

    /// The capture at lane `last` (of the rule's lanes) on `lanes`, seen
    /// from the mover: the stones taken and whether it was a grand slam.
    #[inline(always)]
    fn capture_at<const F: u32>(&self, lanes: &mut W, last: usize) -> (u32, bool) {
        let rule = &self.capture;
        let count = lanes.byte(last);
        if !rule.capturable[count] {
            return (0, false);
        }
        let mut taken = 0u32;
        let mut stones = 0u32;
        let lift = |lanes: &mut W, taken: &mut u32, stones: &mut u32, lane: usize| {
            *stones += lanes.byte(lane) as u32;
            *lanes = lanes.without(lane);
            *taken |= 1 << lane;
        };
        if self.has::<F>(OPPOSITE) {
            let opposite = usize::from(rule.opposite_lane[last & 15]);
            if !self.has::<F>(EVEN_EMPTY) && lanes.byte(opposite) == 0 {
                return (0, false);
            }
            lift(lanes, &mut taken, &mut stones, opposite);
            lift(lanes, &mut taken, &mut stones, last);
        } else {
            // Each lane is taken once at most: the chain ends.
            let mut at = last;
            loop {
                lift(lanes, &mut taken, &mut stones, at);
                if !self.has::<F>(CHAIN) {
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
        let slam = stones > 0 && taken & self.opp_lane_bits != 0 && lanes.opp() == 0;
        (stones, slam)
    }
}
