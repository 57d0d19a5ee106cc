//! The fast path: which moves are legal, decided without playing them where
//! the rules allow, and a chosen move played in place.
//!
//! [`Game::successors`] plays every move to find the legal ones; a game that
//! only needs one of them (random playouts, the simulator, recorded games)
//! uses [`Game::legal_moves`] and [`Game::apply`] instead. They give the same
//! moves in the same order, and `apply` leaves the same position and effect as
//! the matching successor (`tests/fast_path.rs` checks this move for move on
//! every shipped variant).
//!
//! How legality is decided, rule by rule:
//! - a pit is playable when it holds at least `min_stones` (one comparison per
//!   pit, in every direction the pit may sow) and, on the game's first move,
//!   when `first_move_from` names it;
//! - where pits changed hands (`refill surplus`) or were claimed (`claim`),
//!   the playable pits are those the mover owns, a mask of the position
//!   ([`Game::owned_pits`]), with no move played (unless a grand-slam rule
//!   can forbid a move: the moves then come from the full successors);
//! - feeding is looked at only when the opponent may starve (their row is
//!   empty, or they cannot move, as the rule says); then the candidates are
//!   played on a scratch copy one at a time until one feeds, the others only
//!   when asked about ([`Legality::Feeding`]), unless a grand-slam rule
//!   changes or forbids moves or none feeds; then, and when nothing is
//!   playable under a passing rule, the moves come from the full successors;
//! - the grand-slam rule costs nothing when it only changes what a move
//!   captures (`no_capture`): [`Game::apply`] waives the capture. When it can
//!   forbid a move (`forbidden`, `only_move_no_capture`), a playable move is
//!   sown on a scratch copy only when the counts it leaves could let a
//!   capture empty the opponent's row (see [`Game::would_grand_slam`]), and
//!   only in positions where one is possible at all ([`Game::slam_possible`]).

use super::{
    component::legality::NextPitRing,
    effect::{waived, Effect, Successors},
    move_list::{Legality, Moves},
    outcome::EndReason,
    position::{Move, Player, Position, Vote},
    Game,
};
use crate::engine::width::{with_words, PitBits, Width};
use crate::rules::GrandSlam;

/// What the rules say of a position before its candidate moves are looked
/// at ([`Game::gate`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Gate {
    /// The candidates say what the legal moves are.
    Open,
    /// An end condition of the rules holds: the position is over.
    Over(EndReason),
    /// The legal moves come from the full successors, not the candidates.
    Listed,
    /// The players are choosing the pits to refill (`fill_from choice`):
    /// the moves are the refill moves ([`Game::refill_candidates`]).
    Refill,
    /// The mover takes the pits a capture earned (`extra_chosen`): the
    /// moves are the takes ([`Game::take_candidates`]).
    Take,
    /// Pits changed hands (`refill surplus`) or were claimed (`claim`): the
    /// candidates are the moves of the pits the mover owns
    /// ([`Game::owned_pits`]) rather than of their row.
    Owned,
}

impl<W: Width> Game<W> {
    /// Fills `out` with the legal moves of `pos`: the moves of
    /// [`Game::successors`], in the same order, mostly without playing them.
    pub fn legal_moves(&self, pos: &Position<W>, out: &mut Moves<W>) {
        match self.candidate_moves(pos, out) {
            Legality::Exact | Legality::Pits(_) => {}
            Legality::NoSlams { first_legal, .. } => self.drop_slams_after(pos, out, first_legal),
            Legality::Feeding { first_legal } => self.keep_feeding_after(pos, out, first_legal),
            Legality::Listed => self.legal_moves_slowly(pos, out, &mut Successors::default()),
        }
    }

    /// Fills `out` with the candidate moves of `pos`: the moves from the
    /// mover's pits holding at least `min_stones` (on the game's first move,
    /// the pits `first_move_from` names), in successor order; or none, with
    /// the reason, when an end condition of the rules holds; or, when none
    /// is left and the rules let a player without a move pass, the pass
    /// alone if the opponent can then move (none if not). Says how the
    /// legal moves follow from them: they are the candidates except where the
    /// grand-slam rule drops some (decided for the first legal one only) or
    /// where a feeding obligation, single stones or a pass whose reply is not
    /// known from candidates makes the full successors needed.
    pub(crate) fn candidate_moves(&self, pos: &Position<W>, out: &mut Moves<W>) -> Legality<W> {
        let gate = with_words!(self.board.narrow, |K| self.gate::<K>(pos));
        match gate {
            Gate::Open => self.fill_candidates(pos, out),
            Gate::Owned => self.fill_owned_candidates(pos, out),
            Gate::Over(reason) => {
                out.end_with(reason);
                return Legality::Exact;
            }
            // No candidates: a random draw is among the legal moves, not
            // among the last position's.
            Gate::Listed => {
                out.clear();
                return Legality::Listed;
            }
            Gate::Refill => return self.refill_candidates(pos, out),
            Gate::Take => return self.take_candidates(pos, out),
        }
        let mover = pos.to_move.index();
        if pos.opening && self.opening.first_move_pits[mover] != W::Set::ZERO {
            self.keep_opening_moves(pos, out);
        }
        if self.legality.first_lap_rule {
            self.keep_first_lap_moves(pos, out);
        }
        if self.legality.first_lap_capture {
            self.keep_capturing_moves(pos, out);
        }
        if self.legality.reverse_to_capture {
            self.keep_capturing_reverse_moves(pos, out);
        }
        if out.is_empty() && self.ends.passes && !self.legality.singletons {
            // No pit holds `min_stones`: the mover passes if the opponent
            // has a move then, and the game is over if not.
            return match self.can_reply(pos) {
                Some(true) => {
                    out.push(Move::PASS);
                    Legality::Exact
                }
                Some(false) => Legality::Exact,
                None => Legality::Listed,
            };
        }
        // No pit holds `min_stones`: single stones may be moves.
        if out.is_empty() && self.legality.singletons {
            return self.single_stone_candidates(pos, out);
        }
        if !out.is_empty() && self.feeding_may_limit(pos) {
            return self.feeding_candidates(pos, out);
        }
        if self.slams_may_limit(pos) {
            let first = (out.as_slice().iter()).position(|&mv| !self.would_grand_slam(pos, mv));
            return match first {
                Some(first_legal) => Legality::NoSlams {
                    first_legal: first_legal as u8,
                    pits: W::Moves::ZERO,
                },
                // Every move is a grand slam: all of them are played
                // (without capture) under `only_move_no_capture`.
                None if self.rules().grand_slam == GrandSlam::OnlyMoveNoCapture => Legality::Exact,
                None => Legality::Listed,
            };
        }
        Legality::Exact
    }

    /// [`Game::candidate_moves`] where the mover must feed and a candidate
    /// may not: [`Legality::Feeding`] with the first candidate that feeds,
    /// played on a copy one at a time, when no grand-slam rule changes or
    /// forbids a move (the legal moves are then the candidates that feed,
    /// if any); otherwise, and when none feeds (the fallback of the rules),
    /// the moves come from the full successors.
    #[cold]
    fn feeding_candidates(&self, pos: &Position<W>, out: &Moves<W>) -> Legality<W> {
        if self.legality.slam_limits_moves || self.legality.slam_changes_play {
            return Legality::Listed;
        }
        let mut next = *pos;
        let first = (out.as_slice().iter()).position(|&mv| {
            next = *pos;
            self.apply_if_feeds(&mut next, mv).is_some()
        });
        match first {
            Some(first_legal) => Legality::Feeding {
                first_legal: first_legal as u8,
            },
            None => Legality::Listed,
        }
    }

    /// Under [`Legality::Feeding`]: keeps the candidates in `out` that feed,
    /// knowing that the one at `first_legal` is the first.
    pub(crate) fn keep_feeding_after(
        &self,
        pos: &Position<W>,
        out: &mut Moves<W>,
        first_legal: u8,
    ) {
        let first = usize::from(first_legal);
        let mut next = *pos;
        out.retain_indexed(|i, &mv| {
            i == first
                || (i > first && {
                    next = *pos;
                    self.apply_if_feeds(&mut next, mv).is_some()
                })
        });
    }

    /// Plays the candidate `mv` on `pos` in place unless it does not feed,
    /// under [`Legality::Feeding`] (the mover must feed, and no grand-slam
    /// rule changes a move): its effect, the same as [`Game::apply`]'s, or
    /// `None` for a move that does not feed (`pos` is then scratch).
    #[inline]
    pub(crate) fn apply_if_feeds(&self, pos: &mut Position<W>, mv: Move) -> Option<Effect<W>> {
        let before = *pos;
        let effect = self.sow_in_place(pos, mv, self.may_capture(&before));
        self.feeds(&before, mv, pos).then_some(effect)
    }

    /// [`Game::candidate_moves`] where no pit holds `min_stones` under
    /// `singletons into_empty`: the single stones sown into an empty pit
    /// ([`Game::fill_single_stones`]), all legal unless the mover must feed
    /// (or a first-lap capture rule picks among them). On a board where pits
    /// changed hands or closed, and when no single stone may be played (a
    /// pass or the end), the moves come from the full successors.
    #[cold]
    fn single_stone_candidates(&self, pos: &Position<W>, out: &mut Moves<W>) -> Legality<W> {
        let plain_board = pos.swapped | pos.claimed | pos.closed == W::Set::ZERO;
        if plain_board && !self.legality.first_lap_capture && !self.legality.slam_limits_moves {
            self.fill_single_stones(pos, self.opening_pits(pos), out);
            if !out.is_empty() && !self.feeding_may_limit(pos) {
                return Legality::Exact;
            }
        }
        out.clear();
        Legality::Listed
    }

    /// The tests of [`Game::candidate_moves`] and [`Game::candidate_pits`]
    /// before the candidates, in this order: whether the players are
    /// choosing the pits to refill (`fill_from choice`: the refill moves
    /// come from the successors), an end condition of the rules holds, or
    /// pits changed hands (`refill surplus`, `claim`: the mover's pits are
    /// not their row's, so the candidates are the pits they own). Reads
    /// the first `W` words of the board.
    #[inline(always)]
    fn gate<const K: usize>(&self, pos: &Position<W>) -> Gate {
        // The common case on one branch: no refill, vote or pit that changed
        // hands, so only the end conditions can hold.
        let choosing = pos.refilling.is_some() | (pos.vote != Vote::None) | (pos.to_take != 0);
        let changed = pos.swapped | pos.claimed != W::Set::ZERO;
        if choosing | changed {
            if choosing {
                return self.gate_while_choosing(pos);
            }
            // Pits changed hands: tested in line, as on a plain board
            // (once a pit has changed hands, it has at every later ply of
            // the round). Where a grand-slam rule can forbid a move, the
            // moves come from the full successors: the slam screens
            // ([`Game::slam_possible`], [`Game::would_grand_slam`]) read
            // the rows.
            if self.ends.has_conditions {
                if let Some(reason) = self.end_condition_in::<K>(pos) {
                    return Gate::Over(reason);
                }
            }
            return match self.legality.slam_limits_moves {
                true => Gate::Listed,
                false => Gate::Owned,
            };
        }
        if self.ends.has_conditions {
            if let Some(reason) = self.end_condition_in::<K>(pos) {
                return Gate::Over(reason);
            }
        }
        Gate::Open
    }

    /// [`Game::gate`] of a position where a refill, a vote or the takes a
    /// capture earned are under way: the moves come from the successors
    /// (an agreed end is over), or are the takes, unless an end condition
    /// holds.
    #[cold]
    #[inline(never)]
    fn gate_while_choosing(&self, pos: &Position<W>) -> Gate {
        if pos.to_take != 0 {
            return match self.end_condition(pos) {
                Some(reason) if self.ends.has_conditions => Gate::Over(reason),
                _ => Gate::Take,
            };
        }
        match pos.vote {
            Vote::Agreed => Gate::Over(EndReason::Repetition),
            Vote::None => Gate::Refill,
            _ => Gate::Listed,
        }
    }

    /// The refill moves of `pos`, whose players are choosing the pits to
    /// refill: a move for each pit the mover may fill ([`Game::fillable`]),
    /// in pit order, as [`Game::successors`] lists them, without playing
    /// them; from the successors when there is none.
    #[cold]
    fn refill_candidates(&self, pos: &Position<W>, out: &mut Moves<W>) -> Legality<W> {
        out.clear();
        let pits = self.fillable(pos, pos.to_move);
        for pit in (0..self.pit_count()).filter(|&pit| pits.has(pit)) {
            out.push(Move::fill(pit));
        }
        match out.is_empty() {
            true => Legality::Listed,
            false => Legality::Exact,
        }
    }

    /// The pits the mover of `pos`, where pits changed hands, may play as
    /// far as their place goes, as a mask (bit `i` for pit `i`): the mask
    /// form of [`Game::plays`]. Under `play_from any` every pit; otherwise
    /// the pits the mover owns (under `play_from opponent`, the opponent
    /// owns), a swapped pit being the other row's player's; never a
    /// claimed or closed pit.
    fn owned_pits(&self, pos: &Position<W>) -> W::Set {
        let mover = pos.to_move;
        let place = if self.move_table.play_any {
            self.move_table.playable_bits[mover.index()]
        } else {
            let owner = match self.move_table.play_opponent {
                true => mover.other(),
                false => mover,
            };
            self.board.row_bits[owner.index()] ^ pos.swapped
        };
        place & !(pos.claimed | pos.closed)
    }

    /// [`Game::fill_candidates`] where pits changed hands: the moves of the
    /// pits the mover owns ([`Game::owned_pits`]) holding at least
    /// `min_stones`, in successor order (pit order, each pit in the
    /// directions it may sow).
    #[cold]
    fn fill_owned_candidates(&self, pos: &Position<W>, out: &mut Moves<W>) {
        let held = with_words!(self.board.narrow, |K| pos
            .holding_at_least::<K>(self.legality.min_stones));
        out.fill_from_bits(
            self.move_bits(held & self.owned_pits(pos)),
            &self.move_table.pit_moves,
        );
    }

    /// Whether the grand-slam rule may make a candidate of `pos` illegal:
    /// the rule can forbid a move, a move may capture, and the opponent's
    /// row can be emptied ([`Game::slam_possible`]).
    #[inline(always)]
    fn slams_may_limit(&self, pos: &Position<W>) -> bool {
        self.legality.slam_limits_moves && self.may_capture(pos) && self.slam_possible(pos)
    }

    /// Fills `out` with the moves of the mover's pits holding at least
    /// `min_stones`, in successor order (the first step of
    /// [`Game::candidate_moves`]). Inlined into it: a call here cost more
    /// than the fill on a board of a few pits.
    #[inline(always)]
    fn fill_candidates(&self, pos: &Position<W>, out: &mut Moves<W>) {
        let mover = pos.to_move.index();
        if self.move_table.one_way {
            let held = with_words!(self.board.narrow, |K| pos
                .holding_at_least::<K>(self.legality.min_stones));
            // A closed pit is never played (it holds stones only under
            // `unfilled reopens` or `unplayed`).
            out.fill_from_bits(
                W::one_way_moves(held & self.move_table.playable_bits[mover] & !pos.closed),
                &self.move_table.pit_moves,
            );
        } else {
            let candidates =
                &self.move_table.candidates[mover][..self.move_table.candidate_count[mover]];
            let held =
                |mv: &Move| pos.pits[usize::from(mv.pit) % W::SLOTS] >= self.legality.min_stones;
            // A closed pit holds stones (and must be left out) only under
            // `unfilled reopens` or `unplayed`; otherwise it is empty and
            // `min_stones`, at least 1, leaves it out.
            match self.rounds.closed_sown_into {
                false => out.fill_where(candidates, held),
                true => out.fill_where(candidates, |mv| {
                    held(mv) && !pos.is_closed(usize::from(mv.pit))
                }),
            }
        }
    }

    /// The candidate moves of `pos` as a mask of moves (the moves are
    /// [`Game::pit_moves`] of its bits, in successor order), on a game
    /// whose candidates are the moves of the pits holding enough
    /// ([`Game::pit_masks`]), when there is one and [`Game::candidate_moves`]
    /// would find them all legal ([`Legality::Pits`]) or the first legal
    /// one among them ([`Legality::NoSlams`]). `None` otherwise: the
    /// candidates are then listed by [`Game::candidate_moves`]. Nothing is
    /// written: the random playouts draw a move from the mask. Inlined
    /// into the move ([`GameRun::refresh`](super::GameRun)), its one caller.
    #[inline(always)]
    pub(crate) fn candidate_pits(&self, pos: &Position<W>) -> Option<Legality<W>> {
        if !self.legality.pit_masks {
            None
        } else {
            with_words!(self.board.narrow, |K| self.candidate_pits_in::<K>(pos))
        }
    }

    /// [`Game::candidate_pits`] reading the first `W` words of the board.
    #[inline(always)]
    fn candidate_pits_in<const K: usize>(&self, pos: &Position<W>) -> Option<Legality<W>> {
        // The candidates are listed at an end, where the full successors
        // give the moves. Where pits changed hands or were claimed, they
        // are the pits the mover owns (as [`Game::fill_owned_candidates`]).
        let mover = pos.to_move.index();
        let gate = self.gate::<K>(pos);
        let place = match gate {
            Gate::Open => self.move_table.playable_bits[mover] & !pos.closed,
            Gate::Owned => self.owned_pits(pos),
            Gate::Over(_) | Gate::Listed | Gate::Refill | Gate::Take => return None,
        };
        let enough = pos.holding_at_least::<K>(self.legality.min_stones);
        let mut pits = enough & place;
        if pos.opening && self.opening.first_move_pits[mover] != W::Set::ZERO {
            pits &= self.opening.first_move_pits[mover];
        }
        if self.legality.single_needs_empty {
            // Pits sowing two ways are listed (a single stone's target
            // depends on the way).
            if !self.move_table.one_way {
                return None;
            }
            pits &= !self.blocked_singles::<K>(pos, pits);
        }
        // No pit holds `min_stones`: the single stones sown into an empty
        // pit are the moves (as [`Game::single_stone_candidates`] lists
        // them), where a ring finds them by rotation.
        if pits == W::Set::ZERO
            && self.legality.singles_by_mask
            && gate == Gate::Open
            && pos.closed == W::Set::ZERO
        {
            // The pits holding two stones or more: read once (`min_stones
            // 2`, Sute's, is the mask above).
            let two = match self.legality.min_stones {
                2 => enough,
                _ => pos.holding_at_least::<K>(2),
            };
            pits = self.free_singles::<K>(pos, self.opening_pits(pos), two)?;
        }
        // None: a pass, single stones or the end; a feeding obligation.
        if pits == W::Set::ZERO || self.feeding_may_limit(pos) {
            return None;
        }
        let pits = self.move_bits(pits);
        if self.slams_may_limit(pos) {
            // The first candidate that is not a grand slam; none: every
            // move is one, which the listed candidates decide.
            let mut rest = pits;
            let mut index = 0;
            while rest != W::Moves::ZERO {
                let mv = self.move_table.pit_moves[rest.trailing_zeros() as usize % (2 * W::SLOTS)];
                if !self.would_grand_slam(pos, mv) {
                    return Some(Legality::NoSlams {
                        first_legal: index,
                        pits,
                    });
                }
                rest = rest.without_lowest();
                index += 1;
            }
            return None;
        }
        Some(Legality::Pits(pits))
    }

    /// Under `first_lap single_into_empty`, on a board whose pits sow one
    /// way: the pits of mask `pits` holding a single stone that may not be
    /// played ([`Game::first_lap_allowed`]: its stone does not fall into an
    /// empty pit), as a mask. The test of [`Game::first_lap_allowed`] under
    /// that rule, inlined: a call for each single stone cost more than the
    /// test. Where every first stone falls into the next pit of a ring
    /// ([`MoveLegality::next_pit_rings`]), the ring's pits holding stones,
    /// rotated by one pit, mark the blocked ones at once
    /// ([`Game::blocked_singles_by_rotation`]); otherwise each single stone
    /// is looked at ([`Game::blocked_singles_one_by_one`]).
    ///
    /// [`MoveLegality::next_pit_rings`]: super::component::legality::MoveLegality
    #[inline(always)]
    fn blocked_singles<const K: usize>(&self, pos: &Position<W>, pits: W::Set) -> W::Set {
        match self.legality.next_pit_rings {
            Some(_) => self.blocked_singles_by_rotation::<K>(pos, pits),
            None => self.blocked_singles_one_by_one::<K>(pos, pits),
        }
    }

    /// [`Game::blocked_singles`] where each pit's first stone falls into
    /// the next pit of the mover's ring (its first pit after its last),
    /// `pits` being pits of the ring: the single stones whose next pit
    /// holds stones. Where the rules have no ring, none is blocked.
    #[inline(always)]
    pub(crate) fn blocked_singles_by_rotation<const K: usize>(
        &self,
        pos: &Position<W>,
        pits: W::Set,
    ) -> W::Set {
        let Some(rings) = &self.legality.next_pit_rings else {
            return W::Set::ZERO;
        };
        let ring = &rings[pos.to_move.index()];
        // The ring's pits holding stones (not a store's slot).
        let held = pos.holding_at_least::<K>(1) & ring.mask;
        let singles = pits & held & !pos.holding_at_least::<K>(2);
        singles & next_held(ring, held)
    }

    /// Under `singletons into_empty`, where no pit of the mover's holds
    /// `min_stones` on a board where no pit changed hands or closed: the
    /// mover's pits of `opening` holding a single stone sown into an empty
    /// pit, as a mask (the moves of [`Game::fill_single_stones`]), found by
    /// rotation on a ring (as [`Game::blocked_singles_by_rotation`]), `two`
    /// the pits holding two stones or more; `None` when the rules have no
    /// ring. Out of line: only variants with `singletons` call it, and only
    /// when no pit holds `min_stones`.
    #[cold]
    #[inline(never)]
    fn free_singles<const K: usize>(
        &self,
        pos: &Position<W>,
        opening: W::Set,
        two: W::Set,
    ) -> Option<W::Set> {
        let ring = &self.legality.next_pit_rings.as_ref()?[pos.to_move.index()];
        let row = self.board.row_bits[pos.to_move.index()] & opening;
        let held = pos.holding_at_least::<K>(1);
        let singles = held & !two & row;
        Some(singles & !(ring.mask & next_held(ring, held & ring.mask)))
    }

    /// [`Game::blocked_singles`] a single stone at a time. Each pit's
    /// answer is a bit or-ed in, not a branch: whether a stone is blocked
    /// is a coin toss the processor cannot foresee.
    #[inline]
    pub(crate) fn blocked_singles_one_by_one<const K: usize>(
        &self,
        pos: &Position<W>,
        pits: W::Set,
    ) -> W::Set {
        let mut singles = pits & !pos.holding_at_least::<K>(2);
        let mut blocked = W::Set::ZERO;
        while singles != W::Set::ZERO {
            let pit = singles.trailing_zeros() as usize;
            singles = singles.without_lowest();
            let direction = self.move_table.pit_moves[pit % (2 * W::SLOTS)].direction;
            let stuck = (pos.pits[pit % W::SLOTS] == 1)
                & !self.single_into_empty(pos, pos.to_move, pit, direction);
            blocked |= W::Set::bit_if(stuck, pit);
        }
        blocked
    }

    /// The mask of moves ([`Game::pit_moves`]) of the pits of mask `pits`:
    /// the pits themselves when every pit sows one way; else each pit's bit
    /// `i` spread to bits `2 * i` and `2 * i + 1`, kept where the pit sows
    /// that way ([`Game::move_slots`]).
    #[inline(always)]
    fn move_bits(&self, pits: W::Set) -> W::Moves {
        if self.move_table.one_way {
            return W::one_way_moves(pits);
        }
        W::both_way_moves(pits) & self.move_table.move_slots
    }

    /// Whether the opponent of the player to move in `pos`, who passes, has
    /// a legal move in the position the pass leads to (the successor list
    /// then holds the pass), decided from the opponent's candidate moves;
    /// `None` when that takes the full successors (a feeding obligation, or
    /// every candidate a grand slam).
    fn can_reply(&self, pos: &Position<W>) -> Option<bool> {
        let turned = Position {
            to_move: pos.to_move.other(),
            opening: false,
            ..*pos
        };
        let mut replies = Moves::default();
        match pos.swapped | pos.claimed == W::Set::ZERO {
            true => self.fill_candidates(&turned, &mut replies),
            false => self.fill_owned_candidates(&turned, &mut replies),
        }
        if self.legality.first_lap_rule {
            self.keep_first_lap_moves(&turned, &mut replies);
        }
        if self.legality.first_lap_capture {
            self.keep_capturing_moves(&turned, &mut replies);
        }
        if self.legality.reverse_to_capture {
            self.keep_capturing_reverse_moves(&turned, &mut replies);
        }
        if replies.is_empty() {
            return Some(false);
        }
        if self.feeding_may_limit(&turned) {
            return None;
        }
        if self.slams_may_limit(&turned) {
            let legal = (replies.as_slice().iter()).any(|&mv| !self.would_grand_slam(&turned, mv));
            return legal.then_some(true);
        }
        Some(true)
    }

    /// Under [`Legality::NoSlams`]: keeps the candidates in `out` that are
    /// not grand slams, knowing that the one at `first_legal` is the first.
    pub(crate) fn drop_slams_after(&self, pos: &Position<W>, out: &mut Moves<W>, first_legal: u8) {
        let first = usize::from(first_legal);
        out.retain_indexed(|i, &mv| i == first || (i > first && !self.would_grand_slam(pos, mv)));
    }

    /// Plays the candidate `mv` on `pos` in place unless it is a grand slam,
    /// under [`Legality::NoSlams`] (a capture is possible and the grand
    /// slams are the illegal candidates): its effect, the same as
    /// [`Game::apply`]'s, or `None` for a grand slam (`pos` is then
    /// scratch).
    #[inline]
    pub(crate) fn apply_unless_slam(&self, pos: &mut Position<W>, mv: Move) -> Option<Effect<W>> {
        let mover: Player = pos.to_move;
        let row_held = self.slam_row_held(pos);
        let effect = self.sow_in_place(pos, mv, true);
        let slam = effect.captured > 0 && self.is_grand_slam(row_held, pos, mover, &effect);
        (!slam).then_some(effect)
    }

    /// `first_move_from`: on the game's first move, only the moves from the
    /// pits it names (once per game, so kept out of the hot path).
    #[cold]
    fn keep_opening_moves(&self, pos: &Position<W>, out: &mut Moves<W>) {
        let opening = self.opening_pits(pos);
        out.retain_indexed(|_, mv| opening.has(usize::from(mv.pit)));
    }

    /// `first_lap reaches_or_empty`: only the moves whose first lap reaches
    /// the opponent's row or ends in an empty pit of the mover's row.
    fn keep_first_lap_moves(&self, pos: &Position<W>, out: &mut Moves<W>) {
        out.retain_indexed(|_, &mv| self.first_lap_allowed(pos, mv));
    }

    /// `first_lap captures`: only the moves whose first lap ends in a
    /// capture, when there are any.
    fn keep_capturing_moves(&self, pos: &Position<W>, out: &mut Moves<W>) {
        if self.some_first_lap_captures(pos, out.as_slice().iter().copied()) {
            out.retain_indexed(|_, &mv| self.first_lap_captures(pos, mv));
        }
    }

    /// The legal moves from the full successor list, worked out in
    /// `successors` (rare positions: a feeding obligation, a possible pass).
    #[cold]
    pub(crate) fn legal_moves_slowly(
        &self,
        pos: &Position<W>,
        out: &mut Moves<W>,
        successors: &mut Successors<W>,
    ) {
        self.successors(pos, successors);
        out.clear();
        for s in successors.as_slice() {
            out.push(s.mv);
        }
        if let Some(reason) = successors.end() {
            out.end_with(reason);
        }
    }

    /// Plays the legal move `mv` on `pos` in place and says what it did: the
    /// position and effect of the matching [`Game::successors`] entry.
    /// `mv` must be legal (one of [`Game::legal_moves`]); a pass turns the
    /// board over to the opponent.
    #[inline(always)]
    pub fn apply(&self, pos: &mut Position<W>, mv: Move) -> Effect<W> {
        // A pass or a refill: the pit's high bit is set.
        if mv.pit >= Move::PASS.pit & Move::fill(0).pit {
            if let Some(pit) = mv.filled_pit() {
                return self.apply_fill(pos, pit);
            }
            if let Some(pit) = mv.taken_pit() {
                return self.apply_take(pos, pit);
            }
            if mv.is_vote() {
                return self.apply_vote(pos, mv);
            }
            pos.to_move = pos.to_move.other();
            pos.opening = false;
            pos.moved_again = false;
            return Effect::default();
        }
        let capture = self.may_capture(pos) && !self.quiet_single(pos, mv);
        if !(capture && self.legality.slam_changes_play) {
            return self.sow_in_place(pos, mv, capture);
        }
        let before = *pos;
        let mover: Player = pos.to_move;
        let effect = self.sow_in_place(pos, mv, true);
        if effect.captured > 0
            && self.is_grand_slam(self.slam_row_held(&before), pos, mover, &effect)
        {
            // A legal grand slam is played without its capture (`no_capture`,
            // or `only_move_no_capture` when every move is one).
            *pos = before;
            return waived(self.sow_in_place(pos, mv, false));
        }
        effect
    }
}

/// Bit `i` set when the pit after pit `i` on `ring` (the ring's first after
/// its last) holds stones, `held` the ring's pits holding stones: `held`
/// rotated by one pit (bits outside the ring mean nothing).
#[inline(always)]
fn next_held<W: Width>(ring: &NextPitRing<W>, held: W::Set) -> W::Set {
    (held >> 1) | (held & W::Set::bit(ring.first)) << (ring.last - ring.first)
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::{
        engine::{Narrow, Width},
        variants,
    };

    /// Where every first stone falls into the next pit, the single stones
    /// found blocked by rotating the mask of pits holding stones are those
    /// found by looking at each single stone: on every shipped variant whose
    /// pits sow so (Kay among them), from random boards (up to 3 stones a
    /// pit, so that single stones and empty pits abound, a store slot
    /// holding stones too), for each player and every mask of pits played.
    #[test]
    fn blocked_single_stones_by_rotation_are_those_found_one_by_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut rotated = Vec::new();
        for name in variants::narrow_shipped_names() {
            let game: Game = Game::new(variants::load(name).unwrap().rules);
            if game.legality.next_pit_rings.is_none() {
                continue;
            }
            rotated.push(name);
            for _ in 0..2000 {
                let mut pos = game.start();
                for pit in 0..game.pit_count() {
                    pos.pits[pit] = rng.random_range(0..=3);
                }
                pos.pits[Narrow::STORE_SLOT] = rng.random_range(0..=2);
                pos.to_move = if rng.random() {
                    Player::North
                } else {
                    Player::South
                };
                // Pits of the board, as the moves' masks hold.
                let on_board = u32::MAX >> (32 - game.pit_count());
                // Pits of the mover's ring (the board on Kay, their side on Sute).
                let ring = game.legality.next_pit_rings.unwrap()[pos.to_move.index()].mask;
                let pits = rng.random::<u32>() & pos.holding_at_least::<4>(1) & on_board & ring;
                let one_by_one = game.blocked_singles_one_by_one::<4>(&pos, pits);
                let narrow = game.board.narrow;
                let by_rotation = match narrow {
                    true => game.blocked_singles_by_rotation::<2>(&pos, pits),
                    false => game.blocked_singles_by_rotation::<4>(&pos, pits),
                };
                assert_eq!(by_rotation, one_by_one, "{name}: {pos:?}, pits {pits:#b}");
            }
        }
        assert!(
            rotated.contains(&"kay") && rotated.contains(&"sute"),
            "{rotated:?}"
        );
    }

    /// Under `singletons into_empty` on a ring (Sute), the single stones
    /// found free by rotating masks are the moves
    /// [`Game::fill_single_stones`] lists a stone at a time, in the same
    /// order: from random boards of Sute (up to 2 stones a pit, so that
    /// single stones and empty pits abound), for each player, on the
    /// first move (whose pits the opening may limit) and after.
    #[test]
    fn free_single_stones_by_rotation_are_those_listed_one_by_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let game: Game = Game::new(variants::load("sute").unwrap().rules);
        assert!(game.legality.singles_by_mask);
        let (mut free, mut singles_seen) = (0, 0);
        for _ in 0..5000 {
            let mut pos = game.start();
            for pit in 0..game.pit_count() {
                pos.pits[pit] = rng.random_range(0..=2);
            }
            pos.to_move = if rng.random() {
                Player::North
            } else {
                Player::South
            };
            pos.opening = rng.random();
            let mut listed = Moves::default();
            game.fill_single_stones(&pos, game.opening_pits(&pos), &mut listed);
            let two = pos.holding_at_least::<4>(2);
            let singles = game
                .free_singles::<4>(&pos, game.opening_pits(&pos), two)
                .unwrap();
            let by_mask: Vec<Move> = (0..game.pit_count())
                .filter(|&pit| singles.has(pit))
                .map(|pit| game.move_table.pit_moves[pit])
                .collect();
            assert_eq!(by_mask, listed.as_slice(), "{pos:?}");
            free += by_mask.len();
            singles_seen += (pos.holding_at_least::<4>(1) & !pos.holding_at_least::<4>(2))
                .count_ones() as usize;
        }
        assert!(
            free > 0 && singles_seen > free,
            "{free} free of {singles_seen} single stones"
        );
    }

    /// Where the mover must feed and the candidates are judged one at a
    /// time ([`Legality::Feeding`]), on random games of every shipped
    /// variant: the first candidate that feeds is the first successor, the
    /// legal moves are the successors' moves, and each candidate played by
    /// [`Game::apply_if_feeds`] is legal exactly when it is a successor,
    /// with the successor's position and effect. English Wari (St. Lucia),
    /// whose mover must always feed, reaches such positions, some whose
    /// first candidate does not feed.
    #[test]
    fn feeding_candidates_judged_one_at_a_time_are_the_successors() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut feeding, mut first_starves) = (0, 0);
        for name in variants::narrow_shipped_names() {
            let game: Game = Game::new(variants::load(name).unwrap().rules);
            for _ in 0..20 {
                let mut pos = game.start();
                for _ in 0..300 {
                    let mut successors = Successors::default();
                    game.successors(&pos, &mut successors);
                    let mut candidates = Moves::default();
                    let legality = game.candidate_moves(&pos, &mut candidates);
                    if let Legality::Feeding { first_legal } = legality {
                        let legal = successors.as_slice();
                        feeding += u32::from(name == "english-wari-st-lucia");
                        first_starves += u32::from(first_legal > 0);
                        assert_eq!(candidates.as_slice()[usize::from(first_legal)], legal[0].mv);
                        let mut moves = Moves::default();
                        game.legal_moves(&pos, &mut moves);
                        let listed: Vec<Move> = legal.iter().map(|s| s.mv).collect();
                        assert_eq!(moves.as_slice(), listed, "{name}: {pos:?}");
                        for &mv in candidates.as_slice() {
                            let mut next = pos;
                            let played = game.apply_if_feeds(&mut next, mv);
                            match legal.iter().find(|s| s.mv == mv) {
                                Some(s) => assert_eq!(
                                    (played, next),
                                    (Some(s.effect), s.position),
                                    "{name}: {mv:?} from {pos:?}"
                                ),
                                None => assert_eq!(played, None, "{name}: {mv:?} from {pos:?}"),
                            }
                        }
                    }
                    if successors.is_empty() {
                        break;
                    }
                    let pick = rng.random_range(0..successors.len());
                    pos = successors.as_slice()[pick].position;
                }
            }
        }
        assert!(feeding > 100, "English Wari fed {feeding} times");
        assert!(
            first_starves > 10,
            "the first candidate starved {first_starves} times"
        );
    }
}
