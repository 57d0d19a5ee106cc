//! A variant compiled for play: sowing paths, capture tables and the move
//! generator. Everything that depends only on the rules is worked out once in
//! [`Game::new`]; the move loop reads tables and never allocates.

mod capture;
mod chosen;
mod claim;
mod fill;
mod kichwa;
mod opening;
mod packed;
mod placement;
mod resow;
mod reverse;
mod shift;
mod sowing_capture;
mod vote;

use crate::engine::width::{with_words, Narrow, PitBits, Width};
use std::ops::Range;

use super::component::{
    board::BoardMasks,
    captures::CaptureRules,
    claim::ClaimRule,
    ends::EndRules,
    legality::MoveLegality,
    move_table::MoveTable,
    opening::OpeningRules,
    packed::{whole_moves_fit, PackedLaps},
    rounds::RoundRules,
    sowing_paths::SowPaths,
    turns::TurnRules,
};

use super::{
    effect::{waived, Effect, Successor, Successors},
    illegal::Illegal,
    move_list::{Legality, Moves},
    outcome::EndReason,
    position::{Move, Player, Position, Vote},
    topology::Topology,
};
use crate::rules::{
    AfterCapture, Direction, FeedFallback, FeedGives, FeedWhen, GrandSlam, Laps, Leftovers,
    PitDirection, Restriction, ReverseWhen, Rules,
};

pub use crate::rules::MAX_RELAYS;

/// How the laps of a move ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LapsEnd {
    /// The last lap ended where the rules stop relaying.
    Done,
    /// [`MAX_RELAYS`] relays were sown and the relay would have gone on.
    Cut,
    /// The relay came back to a lap state of the move (`relay_cycle`).
    Cycle,
    /// A relay lap left an end condition holding (`test_after lap`).
    Stopped,
}

/// A variant compiled for play: the rules, each compiled into the component
/// that plays it (`src/engine/component/`), and the position every game
/// starts from.
///
/// `W` is the board's width ([`Width`]): the boards that fit 32 slots,
/// nearly all of them, take the default.
#[derive(Debug, Clone)]
pub struct Game<W: Width = Narrow> {
    rules: Rules,
    /// The position before the first move (every game starts here: kept,
    /// not built per game).
    start: Position<W>,
    /// The candidate moves of `start` and what they say of its legal moves
    /// ([`Game::candidate_moves`]): worked out once, not at every game's
    /// start.
    start_candidates: (Moves<W>, Legality<W>),
    /// The board's shape: rows, sides, circuits, facing pits.
    topology: Topology,
    /// The board as masks of each player's pits, and its stores.
    pub(super) board: BoardMasks<W>,
    /// The sowing paths and laps.
    pub(super) sowing: SowPaths<W>,
    /// The moves each pit allows.
    pub(super) move_table: MoveTable<W>,
    /// Which candidate moves are legal.
    pub(super) legality: MoveLegality<W>,
    /// The capture rules, sorted by where they look.
    pub(super) captures: CaptureRules<W>,
    /// The `claim` rule, when pits can become a player's store.
    claim: Option<ClaimRule<W>>,
    /// The game's first moves.
    pub(super) opening: OpeningRules<W>,
    /// Who moves after a move.
    pub(super) turns: TurnRules,
    /// How the game ends: its conditions, and how each end scores.
    pub(super) ends: EndRules,
    /// What the move loop reads of the rounds.
    pub(super) rounds: RoundRules<W>,
    /// One-lap sowings as whole-board additions, where the board is small
    /// enough and no capture happens inside the sowing.
    packed: Option<PackedLaps>,
    /// Whether every move is one plain lap: `laps single`, no capture
    /// inside the sowing nor sweep, no claim, a single stone sown like any
    /// other, no extra turn for a capture, only South's first move a first
    /// move, and no shift. [`Game::sow_in_place`] then leaves out the tests
    /// of those rules.
    plain: bool,
}

impl Game {
    /// Compiles validated rules whose board fits the narrow width (at most
    /// 32 slots: 2x15 with stores, 3x10, 4x8). [`AnyGame::new`](super::AnyGame)
    /// takes any board the rules accept, on the narrowest width that holds
    /// it.
    ///
    /// # Panics
    /// The board does not fit the narrow width.
    pub fn new(rules: Rules) -> Self {
        Game::with_width(rules)
    }
}

impl<W: Width> Game<W> {
    /// Compiles validated rules for a board of width `W`, which must hold
    /// the board's pits and its store slots ([`Width::fits`]).
    ///
    /// # Panics
    /// The board does not fit `W` (a caller's error: [`AnyGame::new`](super::AnyGame)
    /// picks a width that fits).
    pub fn with_width(rules: Rules) -> Self {
        assert!(
            W::fits(&rules),
            "a board of {} pits on {}",
            rules.pit_count(),
            W::NAME
        );
        let topology = Topology::new(&rules);
        let board = BoardMasks::new(&rules, &topology);
        let sowing = SowPaths::new(&rules, &topology, board.row_bits);
        let move_table = MoveTable::new(&rules, &topology, board.row_bits);
        let captures = CaptureRules::new(&rules, board.row_bits, board.inner_bits);
        let claim = ClaimRule::new(&rules.claim, board.row_bits, board.per_side);
        let ends = EndRules::new(&rules);
        let turns = TurnRules::new(&rules, &ends);
        let legality = MoveLegality::new(
            &rules,
            (&captures, &sowing, &turns),
            claim.is_some(),
            board.row_bits,
            &move_table,
        );
        let opening = OpeningRules::new(&rules, board.per_side, &captures);
        let rounds = RoundRules::new(&rules);
        let plain = sowing.laps == Laps::Single
            && !captures.sowing_captures
            && captures.sweep_rules.is_empty()
            && claim.is_none()
            && !sowing.single_to_next
            && !turns.extra_turn_capture
            && !opening.each_player_opening
            && !opening.shift_opening
            && !opening.choice_opening
            && !captures.chosen_takes;
        let mut start: Position<W> = Position {
            opening: true,
            ..Position::EMPTY
        };
        start.pits[..board.pit_count].copy_from_slice(&rules.start_counts());
        let mut game = Game {
            rules,
            start,
            start_candidates: (Moves::default(), Legality::Exact),
            topology,
            board,
            sowing,
            move_table,
            legality,
            captures,
            claim,
            opening,
            turns,
            ends,
            rounds,
            packed: None,
            plain,
        };
        // A prescribed opening is played once, here: the game starts where
        // it leaves (before packed laps, which start in the mover's row).
        let mut start = game.start;
        game.play_opening(&mut start);
        game.start_placing(&mut start);
        game.start = start;
        let stones = game.start.total_stones();
        game.pack_laps(stones);
        let mut moves = Moves::default();
        let legality = game.candidate_moves(&game.start, &mut moves);
        game.start_candidates = (moves, legality);
        game
    }

    /// Packs the laps ([`PackedLaps`]) for boards of up to `stones` stones
    /// in all, where the rules let laps be packed: they add a whole lap's
    /// stones at once (the one lap of a one-lap sowing, or each lap of a
    /// relay): not for a single stone that skips its origin, nor for stones
    /// sown into the opponent's store, nor for laps a capture looks inside.
    /// (A lap sows claimed pits as any other: their stones are paid after
    /// it.) Whole moves played packed set the opening aside after every
    /// move, start in the mover's row and claim nothing: not for
    /// `first_moves each_player`, `play_from any` nor `claim`.
    fn pack_laps(&mut self, stones: u32) {
        let regular_laps = !self.sowing.single_to_next && !self.board.both_stores;
        if self.captures.sowing_captures || !regular_laps {
            return;
        }
        self.packed = PackedLaps::new(
            self.board.pit_count,
            stones as usize,
            |pos, mover, origin, d| {
                let path = &self.sowing.sow_path[mover.index()][d][origin][..self.sowing.path_len];
                self.sow_lap(pos, path, origin)
            },
        );
        let whole_moves = self.sowing.laps == Laps::Single
            && self.claim.is_none()
            && !self.captures.chosen_takes
            && !self.opening.each_player_opening
            && !self.opening.shift_opening
            && !self.move_table.play_any
            && !self.move_table.play_opponent
            && whole_moves_fit(
                &self.captures.capture_rules,
                &self.captures.sweep_rules,
                self.legality.slam_limits_moves || self.legality.slam_changes_play,
            );
        if let Some(packed) = &mut self.packed {
            packed.whole_moves = whole_moves;
        }
    }

    /// Whether the tables the move loop reads cover positions of `stones`
    /// stones in all (board, captured and out of play): the packed laps are
    /// sized for the stones of the variant's start (or of
    /// [`Game::make_room`]), and a position holding more, as a study
    /// position may (`--any-stones`, a record's `start`), would be sown
    /// wrong by them. The move loop does not check it at every move: a
    /// position that does not hold the variant's stones is checked where it
    /// enters ([`Game::covering`]).
    pub fn covers(&self, stones: u32) -> bool {
        self.packed
            .as_ref()
            .is_none_or(|packed| packed.covers(stones as usize))
    }

    /// Sizes the tables for positions of up to `stones` stones in all, when
    /// they are sized for fewer.
    pub fn make_room(&mut self, stones: u32) {
        if !self.covers(stones) {
            self.pack_laps(stones);
        }
    }

    /// This game, ready to play from `pos`: itself when its tables cover
    /// the stones `pos` holds ([`Game::covers`]), else a copy with its
    /// tables sized for them. Every position from outside a game (`--from
    /// --any-stones`, a record's `start`) enters play through here.
    pub fn covering(&self, pos: &Position<W>) -> std::borrow::Cow<'_, Game<W>> {
        if self.covers(pos.total_stones()) {
            return std::borrow::Cow::Borrowed(self);
        }
        let mut game = self.clone();
        game.make_room(pos.total_stones());
        std::borrow::Cow::Owned(game)
    }

    /// The rules this game was compiled from.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// How a game that ended for `reason` scores the stones left.
    pub fn scoring(&self, reason: EndReason) -> Leftovers {
        self.ends.scoring(reason)
    }

    /// Pits on the board.
    pub fn pit_count(&self) -> usize {
        self.board.pit_count
    }

    /// Pits in each row.
    pub fn pits_per_row(&self) -> usize {
        self.topology.per_row()
    }

    /// Pits each player owns: a row on two rows, two rows on four.
    pub fn pits_per_side(&self) -> usize {
        self.board.per_side
    }

    /// The board's shape: rows, sides, circuits, facing pits.
    pub fn topology(&self) -> &Topology {
        &self.topology
    }

    /// The pits `player` owns (their row, or their two rows on four rows),
    /// as absolute indices.
    pub fn row(&self, player: Player) -> Range<usize> {
        let start = player.index() * self.board.per_side;
        start..start + self.board.per_side
    }

    /// The position before the first move.
    pub fn start(&self) -> Position<W> {
        self.start
    }

    /// The candidate moves of [`Game::start`] and what they say of its
    /// legal moves, as [`Game::candidate_moves`] gives them.
    pub(super) fn start_candidates(&self) -> (Moves<W>, Legality<W>) {
        self.start_candidates
    }

    /// Where the stones of `mv` played from `pos` go, one entry per stone in
    /// sowing order: `Some(pit)` for a pit, `None` for a store.
    /// Empty for a pass or an empty pit. For showing a move; legality is not
    /// checked.
    pub fn sowing_path(&self, pos: &Position<W>, mv: Move) -> Vec<Option<usize>> {
        self.sowing_laps(pos, mv)
            .into_iter()
            .flat_map(|(_, lap)| lap)
            .collect()
    }

    /// [`Game::sowing_path`] lap by lap: the pit each lap's stones were
    /// lifted from and where they went (several laps where the rules relay).
    pub fn sowing_laps(&self, pos: &Position<W>, mv: Move) -> Vec<(usize, Vec<Option<usize>>)> {
        let laps = self.laps_with_sources(pos, mv);
        laps.into_iter()
            .map(|(origin, lap, _)| (origin, lap))
            .collect()
    }

    /// For each lap of [`Game::sowing_laps`], whether it sows stones a
    /// capture took (`then resows`, `resows_from_lap_start`,
    /// `resows_from_end`) rather than stones lifted from its pit.
    pub fn resown_laps(&self, pos: &Position<W>, mv: Move) -> Vec<bool> {
        let laps = self.laps_with_sources(pos, mv);
        laps.into_iter().map(|(_, _, resown)| resown).collect()
    }

    /// [`Game::sowing_laps`], each lap with whether a capture took its
    /// stones.
    fn laps_with_sources(
        &self,
        pos: &Position<W>,
        mv: Move,
    ) -> Vec<(usize, Vec<Option<usize>>, bool)> {
        if mv == Move::PASS || mv.filled_pit().is_some() || mv.taken_pit().is_some() {
            return Vec::new();
        }
        if self.shifts(pos) {
            // Every stone into the next pit.
            let (pit, to) = (usize::from(mv.pit), Some(self.shift_target(mv)));
            return vec![(pit, vec![to; usize::from(pos.pits[pit])], false)];
        }
        if self.plays_choice(pos) {
            let pit = usize::from(mv.pit);
            let pits = self.choice_pits(mv, pos.pits[pit]).map(Some).collect();
            return vec![(pit, pits, false)];
        }
        let direction = mv.direction as usize;
        let mut lifted = Vec::new();
        let mut board = *pos;
        let first = usize::from(mv.pit);
        let (_, _, laps) = if self.captures.sowing_captures {
            // Captures change the laps here: sow as the move is played (a
            // grand slam the rules play without capture sows without); a
            // capture sown from a kichwa may turn the move round.
            let waived = self.play(pos, mv).is_ok_and(|s| s.effect.capture_waived);
            let capture = self.may_capture(pos) && !waived;
            let mut pits_taken = W::Set::ZERO;
            let taken = (&mut 0, &mut pits_taken);
            let on_lap = |o, n, d, resown| lifted.push((o, n, d, resown));
            self.sow_laps_capturing(&mut board, first, direction, capture, taken, on_lap)
        } else {
            let on_lap = |o, n| lifted.push((o, n, direction, false));
            self.sow_laps(&mut board, first, direction, on_lap)
        };
        // `then resows_from_lap_start_relays_landing` sows a capture's
        // stones inside the lap that took them: a lap more to show.
        let apart = (self.captures.sowing_rules.iter())
            .any(|rule| rule.then == AfterCapture::ResowsFromLapStartRelaysLanding);
        let resown = match apart {
            true => lifted.iter().filter(|lap| lap.3).count(),
            false => 0,
        };
        lifted.truncate(laps + resown);
        lifted
            .into_iter()
            .map(|(origin, stones, direction, resown)| {
                let path = &self.sowing.sow_path[pos.to_move.index()][direction][origin]
                    [..self.sowing.path_len];
                let skip = usize::from(self.sowing.single_to_next && stones == 1);
                let slots = path
                    .iter()
                    .cycle()
                    .filter(|&&slot| !self.passes_over(pos, usize::from(slot)))
                    .skip(skip)
                    .take(usize::from(stones));
                let lap = slots.map(|&slot| {
                    (!self.is_any_store(usize::from(slot))).then_some(usize::from(slot))
                });
                (origin, lap.collect(), resown)
            })
            .collect()
    }

    /// Whether some move of `pos` might be a grand slam, on one look at the
    /// opponent's row: not when the sowing is one lap (so that row only
    /// gains stones), a capture takes only pits holding a capturable count
    /// (`take last`: not the opposite pit, whatever it holds), and one of
    /// that row's pits already holds more than any capturable count (it
    /// cannot be emptied).
    #[inline]
    pub(super) fn slam_possible(&self, pos: &Position<W>) -> bool {
        !self.legality.slam_screen
            || self
                .row(pos.to_move.other())
                .all(|pit| usize::from(pos.pits[pit]) <= self.captures.max_capturable)
    }

    /// The direction rule of a pit (the same for the pit in the same place of
    /// either row, counted from its owner's left, or under `direction_from
    /// board` from South's left).
    pub fn pit_direction(&self, pit: usize) -> PitDirection {
        let (per_row, per_side) = (self.topology.per_row(), self.topology.per_side());
        self.rules.sowing.pit_direction(pit, per_row, per_side)
    }

    /// The directions a move from `pit` may take: its direction rule's,
    /// and both ways for a pit that `reverse_to_capture` lets sow the other
    /// way round when it captures.
    pub fn move_directions(&self, pit: usize) -> &'static [Direction] {
        self.move_table.directions[pit]
    }

    /// Whether `player`'s row holds no stone.
    #[inline]
    fn row_is_empty(&self, pos: &Position<W>, player: Player) -> bool {
        with_words!(false, |K| masked(
            &pos.words_n::<K>(),
            &self.board.row_bytes[player.index()]
        )) == 0
    }

    /// Whether no pit `player` owns holds a stone: their row, less the pits
    /// the opponent won and with those they won ([`Game::owner`]).
    fn owns_no_stone(&self, pos: &Position<W>, player: Player) -> bool {
        let [own, other] = [player, player.other()].map(|p| self.board.row_bits[p.index()]);
        let owned = (own & !pos.swapped) | (other & pos.swapped);
        self.pits_holding(pos, 1) & owned == W::Set::ZERO
    }

    /// Whether `player`'s inner row is empty (four rows; true otherwise).
    pub(super) fn inner_row_is_empty(&self, pos: &Position<W>, player: Player) -> bool {
        with_words!(false, |K| masked(
            &pos.words_n::<K>(),
            &self.board.inner_bytes[player.index()]
        )) == 0
    }

    /// Whether `player` has a pit holding at least `min_stones`.
    pub(super) fn can_move(&self, pos: &Position<W>, player: Player) -> bool {
        let min = self.rules.sowing.min_stones;
        if pos.swapped | pos.claimed | pos.closed != W::Set::ZERO {
            return (0..self.board.pit_count)
                .any(|pit| self.plays(pos, player, pit) && pos.pits[pit] >= min);
        }
        self.pits_holding(pos, min) & self.move_table.playable_bits[player.index()] != W::Set::ZERO
            || (self.legality.singletons
                && self
                    .row(player)
                    .any(|pit| self.single_move(pos, player, pit)))
    }

    /// Bit `i` set when pit `i` of `pos` holds at least `min` stones
    /// ([`Position::holding_at_least`] over the words the board uses).
    #[inline(always)]
    pub(super) fn pits_holding(&self, pos: &Position<W>, min: u8) -> W::Set {
        with_words!(self.board.narrow, |K| pos.holding_at_least::<K>(min))
    }

    /// Under `singletons into_empty`: whether `player` may play the single
    /// stone of `pit` in some direction, the pit it is sown into being
    /// empty (asked only when no pit of theirs holds `min_stones`).
    fn single_move(&self, pos: &Position<W>, player: Player, pit: usize) -> bool {
        pos.pits[pit] == 1
            && self.move_table.directions[pit]
                .iter()
                .any(|&d| self.single_into_empty(pos, player, pit, d))
    }

    /// Whether the single stone of `pit`, sown by `player` in `direction`,
    /// falls into an empty pit (the emptied pit itself under `start origin`).
    #[inline]
    pub(super) fn single_into_empty(
        &self,
        pos: &Position<W>,
        player: Player,
        pit: usize,
        direction: Direction,
    ) -> bool {
        let target = usize::from(self.sowing.sow_path[player.index()][direction as usize][pit][0]);
        (target == pit) | (pos.pits[target % W::SLOTS] == 0)
    }

    /// The pits `player` may play: their row, the whole board under
    /// `play_from any`, or the opponent's row under `play_from opponent`.
    pub fn playable(&self, player: Player) -> Range<usize> {
        if self.move_table.play_any {
            0..self.board.pit_count
        } else if self.move_table.play_opponent {
            self.row(player.other())
        } else {
            self.row(player)
        }
    }

    /// The player whose pit `pit` is in `pos`: its row's, unless a round
    /// change handed it over (`refill surplus`) or the other player claimed
    /// it (`claim`).
    #[inline]
    pub fn owner(&self, pos: &Position<W>, pit: usize) -> Player {
        let row = self.topology.owner(pit);
        if pos.is_swapped(pit) {
            row.other()
        } else {
            row
        }
    }

    /// Whether `player` may play pit `pit` in `pos` as far as its place
    /// goes: one of [`Game::playable`], or, once pits have changed hands,
    /// one of theirs; never a claimed or closed pit.
    #[inline]
    pub fn plays(&self, pos: &Position<W>, player: Player, pit: usize) -> bool {
        if pos.is_claimed(pit) || pos.is_closed(pit) {
            false
        } else if pos.swapped == W::Set::ZERO || self.move_table.play_any {
            self.playable(player).contains(&pit)
        } else if self.move_table.play_opponent {
            pit < self.board.pit_count && self.owner(pos, pit) == player.other()
        } else {
            pit < self.board.pit_count && self.owner(pos, pit) == player
        }
    }

    /// Whether the position after a move by `mover` from a position whose
    /// `opening` flag was `opening` is still in the opening: after South's
    /// first move under `first_moves each_player` (North's first move is
    /// then a first move too).
    #[inline]
    pub(super) fn opening_after(&self, opening: bool, mover: Player) -> bool {
        opening && self.opening.each_player_opening && mover == Player::South
    }

    /// Whether positions record that the player to move made the last move
    /// ([`Position::moved_again`]): rules with extra turns that give the
    /// leftovers to the last mover.
    pub fn records_last_mover(&self) -> bool {
        self.turns.records_last_mover
    }

    /// Whether the mover moves again after a move whose last stone fell in
    /// slot `last` and that did `effect`, `ended_pits` the pits the capture
    /// where it ended took: `extra_turn store` (the last stone in their
    /// store), `extra_turn capture` (a pit captured) or `extra_turn
    /// last_pit_capture` (a pit captured where the move ended).
    #[inline]
    pub(super) fn moves_again(&self, last: usize, effect: &Effect<W>, ended_pits: W::Set) -> bool {
        let captured = match self.turns.only_last_pit_capture {
            true => ended_pits,
            false => effect.captured_pits,
        };
        (self.turns.extra_turn && self.is_store(last))
            || (self.turns.extra_turn_capture && captured != W::Set::ZERO)
    }

    /// Sows from `pit` and, when `capture` is true, captures; the result is
    /// the position with the other player to move. Legality is not checked.
    fn sow(&self, pos: &Position<W>, mv: Move, capture: bool) -> (Position<W>, Effect<W>) {
        let mut next = *pos;
        let effect = self.sow_in_place(&mut next, mv, capture);
        (next, effect)
    }

    /// [`Game::sow`] on a position in place (the move loop writes straight
    /// into the successor list).
    #[inline(always)]
    pub(super) fn sow_in_place(&self, pos: &mut Position<W>, mv: Move, capture: bool) -> Effect<W> {
        // Packed whole moves are never a shift's (a shift variant has none):
        // the common case first, so the shift test stays off its path.
        if let Some(packed) = &self.packed {
            if packed.whole_moves && pos.closed == W::Set::ZERO {
                return self.sow_packed(packed, pos, mv, capture);
            }
        }
        // A plain one-lap move is never a shift's either.
        if self.plain {
            return self.sow_in_place_generic::<true>(pos, mv, capture);
        }
        if self.shifts(pos) {
            return self.shift_in_place(pos, mv);
        }
        if self.plays_choice(pos) {
            return self.choice_in_place(pos, mv);
        }
        self.sow_in_place_generic::<false>(pos, mv, capture)
    }

    /// [`Game::sow_in_place`] for every variant and board, in the order of
    /// the rules: lift and sow the laps (capturing inside the sowing where
    /// the rules do), bank the stores, pay the claimed pits, capture where
    /// the last lap ended and claim, sweep, and pass the turn. (The end of
    /// the game is tested after the move, by [`Game::end_condition`].) `PLAIN`
    /// when the rules make every move one plain lap ([`Game::plain`]): the
    /// tests of the rules that cannot apply then are compiled away.
    #[inline]
    fn sow_in_place_generic<const PLAIN: bool>(
        &self,
        pos: &mut Position<W>,
        mv: Move,
        capture: bool,
    ) -> Effect<W> {
        #[cfg(debug_assertions)]
        let total = pos.total_stones();
        let mover = pos.to_move;
        let direction = mv.direction as usize;
        let (mut sown_captured, mut sown_pits) = (0, W::Set::ZERO);
        // Lift and sow the laps.
        let (last, end, _) = if PLAIN {
            let last = self.sow_one_lap::<true>(pos, usize::from(mv.pit), direction, |_, _| {});
            (last, LapsEnd::Done, 1)
        } else if self.captures.sowing_captures {
            let taken = (&mut sown_captured, &mut sown_pits);
            self.sow_laps_capturing(
                pos,
                usize::from(mv.pit),
                direction,
                capture,
                taken,
                |_, _, _, _| {},
            )
        } else {
            self.sow_laps(pos, usize::from(mv.pit), direction, |_, _| {})
        };
        let mut effect = Effect {
            last: last as u8,
            relay_cut: end == LapsEnd::Cut,
            relay_cycle: end == LapsEnd::Cycle,
            captured: sown_captured,
            ..Effect::default()
        };
        // Bank the stores: the stones sown into them are their owners'.
        if self.board.has_stores {
            let in_store = pos.pits[W::STORE_SLOT];
            pos.pits[W::STORE_SLOT] = 0;
            pos.captured[mover.index()] += u16::from(in_store);
            if self.board.both_stores {
                self.bank_opponent_store(pos, mover);
            }
        }
        let claim = if PLAIN { None } else { self.claim.as_ref() };
        if let Some(rule) = claim {
            if !rule.kept {
                self.pay_claimed(pos);
            }
        }
        let mut claimed_again = false;
        // A relay that cycled or was stopped by the end test never ended:
        // captures are looked at only where the last lap ends.
        let relay_ended = matches!(end, LapsEnd::Done | LapsEnd::Cut);
        if capture && relay_ended && !self.is_any_store(last) {
            if let Some(rule) = claim.filter(|rule| rule.empty_facing) {
                self.claim_facing_empty(rule, pos, mover, last, &mut effect);
            }
            self.capture(pos, mover, last, direction, &mut effect);
            if let Some(rule) = claim {
                claimed_again |= self.claim_or_tribute(rule, pos, mover, last, &mut effect);
            }
        }
        // The pits the capture where the move ended took.
        let ended_pits = effect.captured_pits;
        if !PLAIN {
            // Pits taken during the sowing were refilled after: they do not
            // keep the last-pit rules from taking them again.
            effect.captured_pits |= sown_pits;
            if capture && relay_ended && self.sweeps_after(&effect) {
                self.sweep(pos, mover, &mut effect);
            }
        }
        // Pass the turn. A relay stopped by the end test (`test_after lap`)
        // was still the mover's turn: the round ends with them to move.
        let again = match PLAIN {
            true => self.turns.extra_turn && self.is_store(last),
            false => {
                claimed_again
                    || end == LapsEnd::Stopped
                    || self.moves_again(last, &effect, ended_pits)
                    || (pos.to_take != 0 && self.settle_takes(pos))
            }
        };
        if !again {
            pos.to_move = mover.other();
        }
        pos.moved_again = again && self.turns.records_last_mover;
        pos.opening = !PLAIN && self.opening_after(pos.opening, mover);
        pos.relay_cycled = effect.relay_cycle;
        if pos.closed != W::Set::ZERO && self.rounds.reopen_at != 0 {
            self.reopen(pos);
        }
        #[cfg(debug_assertions)]
        debug_assert_eq!(pos.total_stones(), total, "stones conserved");
        effect
    }

    /// `unfilled reopens`: the closed pits holding `seeds` or more after a
    /// move open for the rest of the round.
    #[cold]
    fn reopen(&self, pos: &mut Position<W>) {
        pos.closed &= !with_words!(false, |K| pos.holding_at_least::<K>(self.rounds.reopen_at));
    }

    /// Whether a sowing passes over `slot` in `pos`: a closed pit, unless
    /// closed pits are sown into (`unfilled reopens` or `unplayed`).
    #[inline]
    pub(super) fn passes_over(&self, pos: &Position<W>, slot: usize) -> bool {
        self.passed_over(pos).has(slot)
    }

    /// The slots a sowing passes over in `pos`, as a mask (bit `i` for slot
    /// `i`): the closed pits, unless closed pits are sown into (`unfilled
    /// reopens` or `unplayed`).
    #[inline]
    pub(super) fn passed_over(&self, pos: &Position<W>) -> W::Set {
        match self.rounds.closed_sown_into {
            false => pos.closed,
            true => W::Set::ZERO,
        }
    }

    /// Sows the laps of a move from `first` (the last stone's slot is
    /// returned with how the laps ended and how many laps the move sowed):
    /// relays while the rules say so, up to [`MAX_RELAYS`] relays; under
    /// `relay_cycle`, a relay that comes back to a lap state stops there,
    /// with the board as it was at that state's first visit. Under `test_after
    /// lap`, a relay lap that leaves an end condition holding stops the move.
    /// `on_lap(origin, stones)` is called before each lap is sown.
    #[inline]
    fn sow_laps(
        &self,
        pos: &mut Position<W>,
        first: usize,
        direction: usize,
        on_lap: impl FnMut(usize, u8),
    ) -> (usize, LapsEnd, usize) {
        if self.sowing.laps == Laps::Single {
            // One lap, nothing to relay, test or cycle: the common case,
            // kept clear of the relay bookkeeping below.
            let last = self.sow_one_lap::<false>(pos, first, direction, on_lap);
            return (last, LapsEnd::Done, 1);
        }
        match (self.ends.relay_cycle_ends, self.ends.lap_test) {
            (true, true) => self.sow_relay_laps::<true, true>(pos, first, direction, on_lap),
            (true, false) => self.sow_relay_laps::<true, false>(pos, first, direction, on_lap),
            (false, true) => self.sow_relay_laps::<false, true>(pos, first, direction, on_lap),
            (false, false) => self.sow_relay_laps::<false, false>(pos, first, direction, on_lap),
        }
    }

    /// [`Game::sow_laps`] under relay laps; `CYCLE` when a relay cycle ends
    /// the game (`relay_cycle`), so that the other relay variants keep no
    /// lap states; `LAP_TEST` when a lap can end the game (`test_after lap`
    /// or `lap_moves`), so that the relays that test nothing after a lap
    /// keep the test out of their lap loop.
    #[inline]
    fn sow_relay_laps<const CYCLE: bool, const LAP_TEST: bool>(
        &self,
        pos: &mut Position<W>,
        first: usize,
        direction: usize,
        mut on_lap: impl FnMut(usize, u8),
    ) -> (usize, LapsEnd, usize) {
        let paths = &self.sowing.sow_path[pos.to_move.index()][direction];
        let mut origin = first;
        let mut lap = |pos: &mut Position<W>, origin: usize| {
            on_lap(origin, pos.pits[origin]);
            let last = match &self.packed {
                Some(packed) => self.sow_packed_lap(packed, pos, origin, direction),
                None => self.sow_any_lap(pos, &paths[origin][..self.sowing.path_len], origin),
            };
            (last, self.relay_from(pos, last, direction))
        };
        // Brent's cycle finding, when a cycle ends the game: `saved` is the
        // lap state `length` relays ago, moved on at every power of two.
        let start = pos.pits;
        let (mut saved, mut power, mut length) = ((pos.pits, first), 1, 0);
        for relays in 0.. {
            let (last, next) = lap(pos, origin);
            let Some(next) = next else {
                return (last, LapsEnd::Done, relays + 1);
            };
            if LAP_TEST && self.lap_ends_game(pos) {
                return (last, LapsEnd::Stopped, relays + 1);
            }
            origin = next;
            if CYCLE {
                length += 1;
                if (pos.pits, origin) == saved {
                    let (pits, last, laps) = self.cycle_start(pos, start, first, direction, length);
                    pos.pits = pits;
                    return (last, LapsEnd::Cycle, laps);
                }
                if length == power {
                    (saved, power, length) = ((pos.pits, origin), 2 * power, 0);
                }
            }
            if relays == MAX_RELAYS as usize {
                return (last, LapsEnd::Cut, relays + 1);
            }
        }
        unreachable!("a move sows at most MAX_RELAYS + 1 laps")
    }

    /// The one lap of a `laps single` move from `first` (`on_lap(first,
    /// stones)` called before it is sown); returns the slot of the last
    /// stone. `PLAIN` as in [`Game::sow_in_place_generic`].
    #[inline(always)]
    fn sow_one_lap<const PLAIN: bool>(
        &self,
        pos: &mut Position<W>,
        first: usize,
        direction: usize,
        on_lap: impl FnOnce(usize, u8),
    ) -> usize {
        let path =
            &self.sowing.sow_path[pos.to_move.index()][direction][first][..self.sowing.path_len];
        on_lap(first, pos.pits[first]);
        match &self.packed {
            Some(packed) => self.sow_packed_lap(packed, pos, first, direction),
            // A plain lap's single stone is sown like any other.
            None if PLAIN && pos.closed == W::Set::ZERO => self.sow_lap(pos, path, first),
            None => self.sow_any_lap(pos, path, first),
        }
    }

    /// One lap from `origin` in `direction` where the laps are packed: the
    /// table's lap where no pit is passed over (closed pits sown into, by
    /// `unfilled reopens` or `unplayed`, are open ones); else stone by stone.
    #[inline(always)]
    fn sow_packed_lap(
        &self,
        packed: &PackedLaps,
        pos: &mut Position<W>,
        origin: usize,
        direction: usize,
    ) -> usize {
        if self.passed_over(pos) == W::Set::ZERO {
            return packed.sow(pos, origin, direction);
        }
        let path = &self.sowing.sow_path[pos.to_move.index()][direction][origin];
        self.sow_any_lap(pos, &path[..self.sowing.path_len], origin)
    }

    /// The first lap state of a move that its relay comes back to, given a
    /// cycle `length` laps long and the move's first state (`start` pits,
    /// lifting `first`): its board, the last slot of the lap that came back
    /// to it, and the laps sown until then (the state's first visit plus one
    /// cycle).
    #[cold]
    fn cycle_start(
        &self,
        pos: &Position<W>,
        start: W::Array,
        first: usize,
        direction: usize,
        length: usize,
    ) -> (W::Array, usize, usize) {
        let paths = &self.sowing.sow_path[pos.to_move.index()][direction];
        // One lap from a state on the relay's path (each relays on).
        let step = |state: &mut (Position<W>, usize)| {
            let (board, origin) = state;
            let last = self.sow_any_lap(board, &paths[*origin][..self.sowing.path_len], *origin);
            *origin = self.relay_from(board, last, direction).unwrap_or(*origin);
            last
        };
        let mut behind = (*pos, first);
        behind.0.pits = start;
        let mut ahead = behind;
        let mut last = 0;
        for _ in 0..length {
            last = step(&mut ahead);
        }
        let mut first_visit = 0;
        while (behind.0.pits, behind.1) != (ahead.0.pits, ahead.1) {
            step(&mut behind);
            last = step(&mut ahead);
            first_visit += 1;
        }
        (ahead.0.pits, last, first_visit + length)
    }

    /// Whether an end condition of the rules holds after a relay lap, the
    /// stones sown into the mover's store so far counted as captured.
    /// Where an empty row is the only condition a lap can bring, one masked
    /// read of the board, in the lap loop (relays run to many laps a move);
    /// otherwise the rules' tests ([`Game::lap_ends_game_by_rules`]).
    #[inline(always)]
    fn lap_ends_game(&self, pos: &Position<W>) -> bool {
        match self.ends.lap_tests_rows_alone {
            true => with_words!(self.board.narrow, |K| self.a_row_is_empty::<K>(pos)),
            false => self.lap_ends_game_by_rules(pos),
        }
    }

    /// [`Game::lap_ends_game`] by every end condition of the rules. Out of
    /// line, as before the test of an empty row alone was taken apart: in
    /// line it slows the lap loops of the relays that test nothing after a
    /// lap (Papan Dakon's).
    #[inline(never)]
    fn lap_ends_game_by_rules(&self, pos: &Position<W>) -> bool {
        if !self.board.has_stores {
            // Nothing sown into a store: the board is read as it is.
            return self.end_condition(pos).is_some() || self.lap_leaves_no_move(pos);
        }
        let mut board = *pos;
        let in_store = board.pits[W::STORE_SLOT];
        board.pits[W::STORE_SLOT] = 0;
        board.captured[board.to_move.index()] += u16::from(in_store);
        if self.board.both_stores {
            let mover = board.to_move;
            self.bank_opponent_store(&mut board, mover);
        }
        self.end_condition(&board).is_some() || self.lap_leaves_no_move(&board)
    }

    /// Under `test_after lap_moves` with `neither_can_move`: whether a lap
    /// left neither player a move (the game then ends with the mover to
    /// move, who passes, as the other does).
    fn lap_leaves_no_move(&self, pos: &Position<W>) -> bool {
        self.ends.lap_tests_neither_moving && Player::BOTH.iter().all(|&p| !self.can_move(pos, p))
    }

    /// Under `stores sown_both`: the stones sown into the opponent's store
    /// ([`Width::OPPONENT_STORE_SLOT`]) are the opponent's.
    #[cold]
    fn bank_opponent_store(&self, pos: &mut Position<W>, mover: Player) {
        let in_store = pos.pits[W::OPPONENT_STORE_SLOT];
        pos.pits[W::OPPONENT_STORE_SLOT] = 0;
        pos.captured[mover.other().index()] += u16::from(in_store);
    }

    /// Whether `slot` is the mover's store: [`Width::STORE_SLOT`] on a board with
    /// stores (on a four-row board, which has none, that index is a pit).
    #[inline]
    pub(super) fn is_store(&self, slot: usize) -> bool {
        self.board.has_stores && slot == W::STORE_SLOT
    }

    /// Whether `slot` is a store, the mover's or (under `stores sown_both`)
    /// the opponent's: a lap that ends there ends the move, and nothing is
    /// captured there.
    #[inline]
    pub(super) fn is_any_store(&self, slot: usize) -> bool {
        self.board.has_stores && slot >= W::OPPONENT_STORE_SLOT
    }

    /// The player whose store slot `slot` is during a move by `mover`:
    /// `None` for a pit.
    pub fn store_owner(&self, slot: usize, mover: Player) -> Option<Player> {
        match slot {
            _ if slot == W::STORE_SLOT && self.board.has_stores => Some(mover),
            _ if slot == W::OPPONENT_STORE_SLOT && self.board.both_stores => Some(mover.other()),
            _ => None,
        }
    }

    /// The pit whose stones a relay lifts after a lap ended in `last`, if the
    /// rules relay here. Inlined into the lap loops: asked after every lap.
    #[inline(always)]
    fn relay_from(&self, pos: &Position<W>, last: usize, direction: usize) -> Option<usize> {
        if self.sowing.laps == Laps::Single || self.is_any_store(last) {
            return None;
        }
        match self.sowing.laps {
            // A lap's own captures stop `relay_until_lap_captures` in
            // `Game::sow_laps_capturing` (it has no claims).
            Laps::Relay | Laps::RelayUntilLapCaptures if pos.pits[last] > 1 => match &self.claim {
                Some(rule) if self.claim_stops_relay(rule, pos, last) => None,
                _ => Some(last),
            },
            Laps::RelayUntilCapture if pos.pits[last] > 1 && !self.takes_last(pos, last) => {
                Some(last)
            }
            Laps::NextRelay if pos.pits[last] == 1 => {
                let next = usize::from(self.sowing.after[direction][last]);
                (pos.pits[next] > 0).then_some(next)
            }
            Laps::NextAlways => {
                let next = usize::from(self.sowing.after[direction][last]);
                (pos.pits[next] > 0).then_some(next)
            }
            // The pit after it is taken as the relay lifts the landing pit
            // (`Game::sow_laps_capturing`, which sows these laps).
            Laps::RelayTakingNext => {
                let next = usize::from(self.sowing.after[direction][last]);
                (pos.pits[next] > 0).then_some(last)
            }
            Laps::NextAfterOccupied if pos.pits[last] > 1 => {
                let next = usize::from(self.sowing.after[direction][last]);
                (pos.pits[next] > 0).then_some(next)
            }
            Laps::RelayUnlessNextEmpty if pos.pits[last] > 1 => {
                let next = usize::from(self.sowing.after[direction][last]);
                (pos.pits[next] > 0).then_some(last)
            }
            Laps::RelayUntilCaptureUnlessNextEmpty
                if pos.pits[last] > 1 && !self.takes_last(pos, last) =>
            {
                let next = usize::from(self.sowing.after[direction][last]);
                (pos.pits[next] > 0).then_some(last)
            }
            _ => None,
        }
    }

    /// Whether a capture rule on the last pit would take `last`, holding
    /// what it holds, for the player to move (`laps relay_until_capture`
    /// stops the relay there). A count no rule captures is told in line;
    /// the rules are asked out of line ([`Game::rule_takes_last`]).
    #[inline(always)]
    fn takes_last(&self, pos: &Position<W>, last: usize) -> bool {
        self.captures.capturable[usize::from(pos.pits[last])] && self.rule_takes_last(pos, last)
    }

    /// [`Game::takes_last`] asked of the rules. Kept out of line: only
    /// `laps relay_until_capture` asks, and inlined it would keep
    /// [`Game::relay_from`] out of the lap loops.
    #[inline(never)]
    fn rule_takes_last(&self, pos: &Position<W>, last: usize) -> bool {
        let m = pos.to_move.index();
        let count = usize::from(pos.pits[last]);
        self.captures.capture_pits[m].has(last)
            && self
                .captures
                .capture_rules
                .iter()
                .any(|rule| rule.applies(pos) && rule.qualifies(m, last, count))
    }

    /// One lap of the hand, passing over closed pits if there are any.
    /// Always inlined: the generic engine's instances were left out of line
    /// where the narrow engine's were inlined, a few percent a ply.
    #[inline(always)]
    fn sow_any_lap(&self, pos: &mut Position<W>, path: &[u8], origin: usize) -> usize {
        if pos.closed == W::Set::ZERO && !(self.sowing.single_to_next && pos.pits[origin] == 1) {
            self.sow_lap(pos, path, origin)
        } else {
            self.sow_lap_by_slot(pos, path, origin)
        }
    }

    /// One lap of the hand: lifts the stones of `origin` and drops them along
    /// `path`; returns the slot that got the last stone.
    #[inline]
    fn sow_lap(&self, pos: &mut Position<W>, path: &[u8], origin: usize) -> usize {
        let stones = usize::from(pos.pits[origin]);
        pos.pits[origin] = 0;
        if stones <= path.len() {
            for &target in &path[..stones] {
                pos.pits[usize::from(target) % W::SLOTS] += 1;
            }
        } else {
            let (laps, rest) = self.sowing.lap_split[stones];
            for (k, &target) in path.iter().enumerate() {
                pos.pits[usize::from(target) % W::SLOTS] += laps + u8::from(k < usize::from(rest));
            }
        }
        usize::from(path[self.last_index(stones)])
    }

    /// [`Game::sow_lap`] on a board with closed pits, or for a single stone
    /// that skips its origin (`start origin_unless_single`: the path's first
    /// slot): where closed pits are sown into, the table's lap; else the
    /// stones go one by one along `path`, passing over closed
    /// pits (rare: only later rounds of a variant with rounds close pits, so
    /// the table-driven lap stays as it is). Every path reaches an open pit
    /// of the opponent's row: a player without an open pit has lost the
    /// match, and the position notation refuses such a board.
    ///
    /// The pits passed over are read once, as a mask ([`Game::passed_over`]),
    /// and the path walked lap by lap, each slot getting a stone unless it
    /// is passed over: the lap ends at the slot that got the last stone.
    #[cold]
    #[inline(never)]
    fn sow_lap_by_slot(&self, pos: &mut Position<W>, path: &[u8], origin: usize) -> usize {
        let mut stones = pos.pits[origin];
        if stones == 0 {
            return origin;
        }
        let single_to_next = self.sowing.single_to_next && stones == 1;
        if self.rounds.closed_sown_into && !single_to_next {
            // Closed pits sown into (`unfilled reopens`, Khrour): no slot
            // is passed over, the lap is the table's.
            return self.sow_lap(pos, path, origin);
        }
        pos.pits[origin] = 0;
        let passed = self.passed_over(pos);
        let mut from = usize::from(single_to_next);
        loop {
            for &target in &path[from..] {
                let slot = usize::from(target) % W::SLOTS;
                let open = u8::from(!passed.has(slot));
                pos.pits[slot] += open;
                stones -= open;
                if stones == 0 {
                    return slot;
                }
            }
            from = 0;
        }
    }

    /// The index on its path of the slot that gets the last of `stones`.
    #[inline]
    pub(super) fn last_index(&self, stones: usize) -> usize {
        let (laps, rest) = self.sowing.lap_split[stones];
        if rest == 0 {
            usize::from(laps.min(1)) * (self.sowing.path_len - 1)
        } else {
            usize::from(rest) - 1
        }
    }

    /// Whether a move with this effect, leading to `next`, is a grand slam:
    /// it captured from the opponent's row and left that row empty, and
    /// (`row_held`, [`Game::slam_row_held`] before the move) the rules' grand
    /// slam may be played from there.
    pub(super) fn is_grand_slam(
        &self,
        row_held: bool,
        next: &Position<W>,
        mover: Player,
        effect: &Effect<W>,
    ) -> bool {
        let opponent = mover.other();
        row_held
            && effect.captured_pits & self.board.row_bits[opponent.index()] != W::Set::ZERO
            && self.row_is_empty(next, opponent)
    }

    /// Whether a move from `pos` may be a grand slam as the rules define
    /// one: always, but under `grand_slam_row emptied` only when the
    /// opponent's row holds stones.
    #[inline(always)]
    pub(super) fn slam_row_held(&self, pos: &Position<W>) -> bool {
        !self.legality.slam_needs_held_row || self.opponent_row_held(pos)
    }

    /// Whether the opponent of the mover of `pos` has stones in their row:
    /// out of line, so that the rules without `grand_slam_row emptied` pay
    /// the flag's test alone where moves are tried.
    #[cold]
    #[inline(never)]
    fn opponent_row_held(&self, pos: &Position<W>) -> bool {
        !self.row_is_empty(pos, pos.to_move.other())
    }

    /// The first end condition of the rules (besides having no legal move)
    /// that holds in `pos`.
    ///
    /// Each condition the rules list is tested on its own flag (a branch
    /// that always goes the same way for a variant), and only when one holds
    /// are the rules' order looked at: a position that goes on, the common
    /// case, costs the tests alone.
    #[inline]
    pub(super) fn end_condition(&self, pos: &Position<W>) -> Option<EndReason> {
        with_words!(self.board.narrow, |K| self.end_condition_in::<K>(pos))
    }

    /// [`Game::end_condition`] reading the first `W` words of the board
    /// (two on a [`Game::narrow`] board).
    #[inline(always)]
    pub(super) fn end_condition_in<const K: usize>(&self, pos: &Position<W>) -> Option<EndReason> {
        if self.ends.rows_alone {
            return self.a_row_is_empty::<K>(pos).then_some(EndReason::RowEmpty);
        }
        let tests = self.ends.tests;
        let tested = |reason: EndReason| tests & reason.bit() != 0;
        let words = pos.words_n::<K>();
        let mut holds = 0u16;
        let mut set = |reason: EndReason, holding: bool| holds |= reason.bit() * u16::from(holding);
        if tested(EndReason::RowEmpty) {
            set(EndReason::RowEmpty, self.a_row_is_empty::<K>(pos));
        }
        if tested(EndReason::CapturedMajority) {
            let total = pos.total_stones();
            let majority = pos.captured.iter().any(|&c| 2 * u32::from(c) > total);
            set(EndReason::CapturedMajority, majority);
        }
        if tested(EndReason::AllPitsAtMostOne) {
            // Every byte 0 or 1 (the unused slots are always 0).
            let at_most_one = masked(&words, &[0xFEFE_FEFE_FEFE_FEFE; K]) == 0;
            set(EndReason::AllPitsAtMostOne, at_most_one);
        }
        if tested(EndReason::StonesLeft) {
            let few = pos.board_stones() <= u32::from(self.ends.stones_left_at_most);
            set(EndReason::StonesLeft, few);
        }
        if tested(EndReason::ScoreReached) {
            let reached = pos.captured.iter().any(|&c| c >= self.ends.score_at_least);
            set(EndReason::ScoreReached, reached);
        }
        if tested(EndReason::RelayCycle) {
            set(EndReason::RelayCycle, pos.relay_cycled);
        }
        if tested(EndReason::InnerRowEmpty) {
            let [south, north] = self
                .board
                .inner_bytes
                .each_ref()
                .map(|mask| masked(&words, mask));
            set(EndReason::InnerRowEmpty, south == 0 || north == 0);
        }
        if tested(EndReason::OwnPitsEmpty) {
            let emptied = Player::BOTH.map(|p| self.owns_no_stone(pos, p));
            set(EndReason::OwnPitsEmpty, emptied[0] || emptied[1]);
        }
        if tested(EndReason::EitherCannotMove) {
            let stuck = Player::BOTH.map(|p| !self.can_move(pos, p));
            set(EndReason::EitherCannotMove, stuck[0] || stuck[1]);
        }
        if holds == 0 {
            return None;
        }
        self.ends.first_holding(holds)
    }

    /// Whether a player's row is empty in `pos` (`row_empty`), reading the
    /// first `K` words of the board.
    #[inline(always)]
    fn a_row_is_empty<const K: usize>(&self, pos: &Position<W>) -> bool {
        let words = pos.words_n::<K>();
        let [south, north] = (self.board.row_bytes)
            .each_ref()
            .map(|mask| masked(&words, mask));
        south == 0 || north == 0
    }

    /// Whether the mover must feed the opponent in `pos` (inlined into the
    /// move loop: under most rules a constant or one masked read).
    #[inline(always)]
    pub(super) fn must_feed(&self, pos: &Position<W>) -> bool {
        // Most variants never feed: one test, not a jump through the table.
        if !self.legality.feeding {
            return false;
        }
        let opponent = pos.to_move.other();
        match self.rules.feeding.when {
            FeedWhen::Never => false,
            FeedWhen::RowEmpty => self.row_is_empty(pos, opponent),
            FeedWhen::CannotMove => !self.can_move(pos, opponent),
            FeedWhen::Always => true,
        }
    }

    /// Whether the feeding rule may make a candidate move of `pos` illegal:
    /// the mover must feed, and it is not known without playing them that
    /// every move feeds ([`Game::every_move_feeds`]).
    #[inline(always)]
    pub(super) fn feeding_may_limit(&self, pos: &Position<W>) -> bool {
        self.must_feed(pos) && !self.every_move_feeds(pos)
    }

    /// Whether every move of `pos` feeds, told from the opponent's row
    /// alone ([`FeedScreen`](super::component::legality::FeedScreen)): one
    /// of their pits holds more than a capture can take (and enough to play,
    /// where feeding means leaving a move), on a board where no pit changed
    /// hands or is closed.
    #[inline]
    fn every_move_feeds(&self, pos: &Position<W>) -> bool {
        let Some(screen) = &self.legality.feed_screen else {
            return false;
        };
        pos.swapped | pos.claimed | pos.closed == W::Set::ZERO
            && self.pits_holding(pos, screen.least) & screen.pits[pos.to_move.other().index()]
                != W::Set::ZERO
    }

    /// Whether the move `mv` from `pos`, which leads to `after`, satisfies
    /// the feeding obligation: what the rules' `feed_gives` asks of a move
    /// (only asked when the mover must feed).
    pub(super) fn feeds(&self, pos: &Position<W>, mv: Move, after: &Position<W>) -> bool {
        let fed = after.to_move;
        match self.rules.feeding.gives {
            FeedGives::Stone => !self.row_is_empty(after, fed),
            FeedGives::Move => self.can_move(after, fed),
            FeedGives::Reach => self.reaches(pos, mv),
            FeedGives::FirstLap => self.feeds_in_first_lap(pos, mv, after),
        }
    }

    /// `feed_gives first_lap`: whether the opponent's row holds a stone once
    /// the first lap of `mv` from `pos` is sown (`after`: the position the
    /// whole move leads to). A move of one lap is judged by `after`, its
    /// capture taken; a relay's first lap, which captures nothing (a lap
    /// that relays ends in no capture under the rules this serves), feeds
    /// when the row already held a stone or the lap reaches it.
    fn feeds_in_first_lap(&self, pos: &Position<W>, mv: Move, after: &Position<W>) -> bool {
        let fed = pos.to_move.other();
        if self.shifts(pos) || self.plays_choice(pos) {
            return !self.row_is_empty(after, fed);
        }
        let direction = mv.direction as usize;
        let needed = &self.sowing.reach_at[pos.to_move.index()][direction];
        let (mut board, mut first_reaches) = (*pos, None);
        let (_, _, laps) = self.sow_laps(
            &mut board,
            usize::from(mv.pit),
            direction,
            |origin, stones| {
                first_reaches.get_or_insert_with(|| {
                    let needed = match pos.closed == W::Set::ZERO {
                        true => usize::from(needed[origin]),
                        false => self.reach_past_closed(pos, origin, direction),
                    };
                    usize::from(stones) + usize::from(self.sowing.single_to_next && stones == 1)
                        >= needed
                });
            },
        );
        match laps {
            0 | 1 => !self.row_is_empty(after, fed),
            _ => first_reaches == Some(true) || !self.row_is_empty(pos, fed),
        }
    }

    /// Bit `i` set when a move of `pos` may be played from pit `i` as far
    /// as `first_move_from` goes: every pit but on the game's first move.
    #[inline]
    pub(super) fn opening_pits(&self, pos: &Position<W>) -> W::Set {
        match self.opening.first_move_pits[pos.to_move.index()] {
            bits if pos.opening && bits != W::Set::ZERO => bits,
            _ => W::Set::ALL,
        }
    }

    /// Whether some lap of `mv` from `pos` sows a stone into the opponent's
    /// row (sown again on a copy: only asked in feeding positions).
    fn reaches(&self, pos: &Position<W>, mv: Move) -> bool {
        if self.shifts(pos) {
            let opponent = self.board.row_bits[pos.to_move.other().index()];
            return opponent.has(self.shift_target(mv));
        }
        if self.plays_choice(pos) {
            let opponent = self.board.row_bits[pos.to_move.other().index()];
            let stones = pos.pits[usize::from(mv.pit)];
            return self.choice_pits(mv, stones).any(|pit| opponent.has(pit));
        }
        let direction = mv.direction as usize;
        let needed = &self.sowing.reach_at[pos.to_move.index()][direction];
        let (mut board, mut reached) = (*pos, false);
        self.sow_laps(
            &mut board,
            usize::from(mv.pit),
            direction,
            |origin, stones| {
                let needed = match pos.closed == W::Set::ZERO {
                    true => usize::from(needed[origin]),
                    false => self.reach_past_closed(pos, origin, direction),
                };
                // A single stone that skips its origin goes one slot further.
                let stones =
                    usize::from(stones) + usize::from(self.sowing.single_to_next && stones == 1);
                reached |= stones >= needed;
            },
        );
        reached
    }

    /// `reach_at` for a board with closed pits: the stones a lap from
    /// `origin` needs to sow one into the opponent's row, passing over the
    /// closed pits.
    #[cold]
    fn reach_past_closed(&self, pos: &Position<W>, origin: usize, direction: usize) -> usize {
        let opponent = self.board.row_bits[pos.to_move.other().index()];
        let path =
            &self.sowing.sow_path[pos.to_move.index()][direction][origin][..self.sowing.path_len];
        path.iter()
            .map(|&slot| usize::from(slot))
            .filter(|&slot| !self.passes_over(pos, slot))
            .position(|slot| opponent.has(slot))
            .map_or(usize::MAX, |k| k + 1)
    }

    /// Whether `mv`'s first lap from `pos` does what `first_lap
    /// reaches_or_empty` asks: sows a stone into the opponent's row, or
    /// ends in a pit of the mover's row that was empty (under `first_lap
    /// single_into_empty`: a single stone falls into an empty pit).
    pub(super) fn first_lap_allowed(&self, pos: &Position<W>, mv: Move) -> bool {
        let (origin, direction) = (usize::from(mv.pit), mv.direction as usize);
        let mover = pos.to_move;
        if self.legality.single_needs_empty {
            return pos.pits[origin] != 1
                || self.single_into_empty(pos, mover, origin, mv.direction);
        }
        let needed = match pos.closed == W::Set::ZERO {
            true => usize::from(self.sowing.reach_at[mover.index()][direction][origin]),
            false => self.reach_past_closed(pos, origin, direction),
        };
        let stones = usize::from(pos.pits[origin]);
        if stones >= needed {
            return true;
        }
        let path = &self.sowing.sow_path[mover.index()][direction][origin][..self.sowing.path_len];
        let last = if pos.closed == W::Set::ZERO && !(self.sowing.single_to_next && stones == 1) {
            // The lap sows one stone a slot along the path: its last slot
            // follows from the count, without sowing.
            usize::from(path[self.last_index(stones)])
        } else {
            let mut board = *pos;
            self.sow_any_lap(&mut board, path, origin)
        };
        !self.is_any_store(last)
            && last != origin
            && pos.pits[last] == 0
            && self.row(mover).contains(&last)
    }

    /// Whether a move from `pos` may capture at all.
    #[inline]
    pub(super) fn may_capture(&self, pos: &Position<W>) -> bool {
        if self.captures.max_capturable == 0 {
            // No capture rule: a claim (and its tribute) is all there is.
            return self.claim.is_some();
        }
        let waived = pos.opening && self.opening.opening_no_capture;
        !waived
    }

    /// Whether `mv` is the move of a single stone that captures nothing
    /// (`singletons into_empty_no_capture`): under `singletons` a pit
    /// holding one stone is played only as a single stone.
    #[inline]
    pub(super) fn quiet_single(&self, pos: &Position<W>, mv: Move) -> bool {
        self.legality.single_no_capture && pos.pits[usize::from(mv.pit)] == 1
    }

    /// Fills `out` with the legal moves of `pos` and their results.
    ///
    /// Order of the rules: the pits holding at least `min_stones` (in each
    /// direction they may sow); then the grand-slam rule; then, when the mover
    /// must feed, only the moves that feed (or the fallback when none does).
    /// Under `neither_can_move`, a player without a move passes while the
    /// opponent has one.
    pub fn successors(&self, pos: &Position<W>, out: &mut Successors<W>) {
        out.clear();
        if pos.refilling.is_some() {
            return self.fill_successors(pos, out);
        }
        if pos.vote != Vote::None {
            return self.vote_successors(pos, out);
        }
        if self.ends.has_conditions {
            if let Some(reason) = self.end_condition(pos) {
                return out.end_with(reason);
            }
        }
        if pos.to_take != 0 {
            return self.take_successors(pos, out);
        }
        self.moves(pos, out);
        if out.is_empty() && out.end().is_none() && self.ends.passes {
            // As [`Game::apply`] plays a pass: the opponent moves next, and
            // is not moving again.
            let mut turned = *pos;
            turned.to_move = pos.to_move.other();
            turned.opening = false;
            turned.moved_again = false;
            let mut replies = Successors::default();
            self.moves(&turned, &mut replies);
            if !replies.is_empty() {
                out.push(Successor {
                    mv: Move::PASS,
                    position: turned,
                    effect: Effect::default(),
                });
            }
        }
    }

    /// The legal moves of `pos`, passes aside: every move from a pit holding
    /// at least `min_stones` (with its result: a grand slam under a rule that
    /// plays it without capture is sown without capture), then the
    /// grand-slam and feeding rules in the order of the rules, each keeping
    /// some of the moves the one before allowed.
    fn moves(&self, pos: &Position<W>, out: &mut Successors<W>) {
        let mover = pos.to_move;
        let capture = self.may_capture(pos);
        let opening = self.opening_pits(pos);
        // Bit `i`: successor `i` is a grand slam.
        let mut slams = W::Moves::ZERO;
        // The pits to play, as a mask: those holding at least `min_stones`
        // among the mover's (every pit once pits changed hands) and the
        // opening's.
        let place = match pos.swapped == W::Set::ZERO {
            true => self.move_table.playable_bits[mover.index()],
            false => self.board.row_bits[0] | self.board.row_bits[1],
        };
        let mut pits = self.pits_holding(pos, self.legality.min_stones) & place & opening;
        // Closed pits hold nothing, unless they are sown into
        // (`unfilled reopens`): then they are looked at pit by pit too.
        let owned = pos.swapped | pos.claimed | pos.closed != W::Set::ZERO;
        while pits != W::Set::ZERO {
            let pit = pits.trailing_zeros() as usize;
            pits = pits.without_lowest();
            if owned && !self.plays(pos, mover, pit) {
                continue;
            }
            for &direction in self.move_table.directions[pit] {
                let mv = Move {
                    pit: pit as u8,
                    direction,
                };
                if self.legality.first_lap_rule && !self.first_lap_allowed(pos, mv) {
                    continue;
                }
                // Sow straight into the next free slot; it only counts once kept.
                let index = out.len();
                let slot = out.next_slot();
                slot.mv = mv;
                slot.position = *pos;
                let effect = self.sow_in_place(&mut slot.position, mv, capture);
                slot.effect = effect;
                if effect.captured > 0
                    && self.is_grand_slam(self.slam_row_held(pos), &slot.position, mover, &effect)
                {
                    match self.rules.grand_slam {
                        GrandSlam::Allowed => {}
                        GrandSlam::Forbidden => slams |= W::Moves::bit(index),
                        GrandSlam::NoCapture | GrandSlam::OnlyMoveNoCapture => {
                            // When it is played, it is played without capture.
                            slams |= W::Moves::bit(index);
                            let (next, effect) = self.sow(pos, mv, false);
                            let slot = out.next_slot();
                            slot.position = next;
                            slot.effect = waived(effect);
                        }
                    }
                }
                out.keep_next();
            }
        }
        if self.legality.reverse_to_capture {
            self.keep_capturing_reverses(pos, out);
        }
        if out.is_empty() && self.legality.singletons {
            let capture = capture && !self.legality.single_no_capture;
            self.single_stone_moves(pos, out, capture, opening);
        }
        // `first_lap captures` (the rules refuse a grand-slam rule on four
        // rows, and without one no slam is marked): only the moves whose
        // first lap captures, if any.
        if self.legality.first_lap_capture {
            let moves = || out.as_slice().iter().map(|s| s.mv);
            if self.some_first_lap_captures(pos, moves()) {
                out.retain_indexed(|_, s| self.first_lap_captures(pos, s.mv));
            }
        }
        for step in self.legality.restriction_steps {
            match step {
                Restriction::GrandSlam => slams = self.drop_slams(out, slams),
                Restriction::Feed => slams = self.keep_feeding(pos, out, slams),
                Restriction::MinStones => {}
            }
        }
    }

    /// `singletons into_empty`, when no pit holds `min_stones`: the single
    /// stones that are sown into an empty pit, in pit order (the rules refuse
    /// a grand-slam rule beside `singletons`, so none of them is a slam).
    #[cold]
    fn single_stone_moves(
        &self,
        pos: &Position<W>,
        out: &mut Successors<W>,
        capture: bool,
        opening: W::Set,
    ) {
        let mut singles = Moves::default();
        self.fill_single_stones(pos, opening, &mut singles);
        for &mv in singles.as_slice() {
            let (next, effect) = self.sow(pos, mv, capture);
            out.push(Successor {
                mv,
                position: next,
                effect,
            });
        }
    }

    /// The moves of single stones sown into an empty pit (`singletons
    /// into_empty`) of the mover of `pos`, from the pits of `opening`, in
    /// pit order, each pit in the directions it may sow: the moves of
    /// [`Game::single_stone_moves`], added to `out` unplayed.
    pub(super) fn fill_single_stones(
        &self,
        pos: &Position<W>,
        opening: W::Set,
        out: &mut Moves<W>,
    ) {
        let mover = pos.to_move;
        // The mover's pits of `opening` holding exactly one stone, read a
        // word of eight pits at a time rather than tested pit by pit.
        let mut singles = self.pits_holding(pos, 1)
            & !self.pits_holding(pos, 2)
            & self.board.row_bits[mover.index()]
            & opening;
        while singles != W::Set::ZERO {
            let pit = singles.trailing_zeros() as usize;
            singles = singles.without_lowest();
            for &direction in self.move_table.directions[pit] {
                if self.single_into_empty(pos, mover, pit, direction) {
                    out.push(Move {
                        pit: pit as u8,
                        direction,
                    });
                }
            }
        }
    }

    /// The grand-slam rule on the moves `out` holds (`slams`: which are
    /// grand slams); returns the slams left.
    fn drop_slams(&self, out: &mut Successors<W>, slams: W::Moves) -> W::Moves {
        let drop = match self.rules.grand_slam {
            GrandSlam::Allowed | GrandSlam::NoCapture => false,
            GrandSlam::Forbidden => true,
            // Illegal unless every move left is one.
            GrandSlam::OnlyMoveNoCapture => slams.count_ones() as usize != out.len(),
        };
        if drop && slams != W::Moves::ZERO {
            out.retain_indexed(|i, _| !slams.has(i));
            return W::Moves::ZERO;
        }
        slams
    }

    /// The feeding rule on the moves `out` holds: when the mover must feed,
    /// only the moves that feed, or the fallback when none does. Returns
    /// which of the moves kept are grand slams.
    fn keep_feeding(
        &self,
        pos: &Position<W>,
        out: &mut Successors<W>,
        slams: W::Moves,
    ) -> W::Moves {
        if out.is_empty() || !self.must_feed(pos) {
            return slams;
        }
        // Which moves feed, then one pass keeping them in order.
        // A set of moves: under `refill surplus` a player may own more
        // than half the pits, each sown either way, as `slams` is.
        let feeding = (out.as_slice().iter().enumerate()).fold(W::Moves::ZERO, |bits, (i, s)| {
            bits | W::Moves::bit_if(self.feeds(pos, s.mv, &s.position), i)
        });
        if feeding != W::Moves::ZERO {
            let mut kept_slams = W::Moves::ZERO;
            let mut kept = 0;
            out.retain_indexed(|i, _| {
                let feeds = feeding.has(i);
                if feeds {
                    kept_slams |= W::Moves::bit_if(slams.has(i), kept);
                    kept += 1;
                }
                feeds
            });
            return kept_slams;
        }
        // None feeds (and none has moved).
        match self.rules.feeding.otherwise {
            FeedFallback::PlayAny => slams,
            FeedFallback::EndGame => {
                out.end_with(EndReason::FeedingImpossible);
                W::Moves::ZERO
            }
        }
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// Why the move is illegal.
    pub fn play(&self, pos: &Position<W>, mv: Move) -> Result<Successor<W>, Illegal> {
        let mut legal = Successors::default();
        self.successors(pos, &mut legal);
        match legal.find(mv) {
            Some(s) => Ok(*s),
            None => Err(self.why_illegal(pos, mv, &legal)),
        }
    }

    /// Why `mv` is not among the legal moves `legal` of `pos`.
    pub fn why_illegal(&self, pos: &Position<W>, mv: Move, legal: &Successors<W>) -> Illegal {
        if legal.is_empty() {
            return Illegal::GameOver;
        }
        if pos.to_take != 0 || mv.taken_pit().is_some() {
            return self.why_take_illegal(pos, mv);
        }
        if pos.refilling.is_some() || mv.filled_pit().is_some() {
            return self.why_fill_illegal(pos, mv);
        }
        if pos.vote != Vote::None || mv.is_vote() {
            return Illegal::Vote {
                answer: pos.vote != Vote::None,
            };
        }
        if mv == Move::PASS {
            return Illegal::CannotPass;
        }
        let pit = usize::from(mv.pit);
        let label = self.label(pit);
        if pit < self.board.pit_count && pos.is_claimed(pit) {
            return Illegal::Claimed {
                pit: label,
                owner: self.owner(pos, pit),
            };
        }
        if pit < self.board.pit_count && pos.is_closed(pit) && self.owner(pos, pit) == pos.to_move {
            return Illegal::Closed { pit: label };
        }
        if !self.plays(pos, pos.to_move, pit) {
            return Illegal::NotYourPit {
                pit: label,
                owner: pos.to_move.other(),
            };
        }
        if !self.opening_pits(pos).has(pit) {
            return Illegal::NotAnOpeningPit {
                pit: label,
                allowed: self
                    .row(pos.to_move)
                    .filter(|&p| self.opening_pits(pos).has(p))
                    .map(|p| self.label(p))
                    .collect(),
            };
        }
        let min = self.rules.sowing.min_stones.max(1);
        let none_at_min = !pos.pits[self.row(pos.to_move)].iter().any(|&n| n >= min);
        if self.legality.singletons && none_at_min && pos.pits[pit] == 1 {
            return Illegal::SingleIntoOccupied { pit: label };
        }
        if pos.pits[pit] < min {
            return Illegal::TooFewStones {
                pit: label,
                has: pos.pits[pit],
                needs: min,
            };
        }
        if !self.move_directions(pit).contains(&mv.direction) {
            return Illegal::WrongDirection {
                pit: label,
                rule: self.pit_direction(pit),
            };
        }
        if self.legality.reverse_to_capture && self.is_reverse(mv) {
            if self.rules.sowing.reverse_when == ReverseWhen::FirstLapFacesBoth {
                return Illegal::ReverseNotFacingBoth {
                    pit: label,
                    direction: mv.direction,
                };
            }
            return Illegal::ReverseWithoutCapture {
                pit: label,
                direction: mv.direction,
            };
        }
        if self.legality.first_lap_rule && !self.first_lap_allowed(pos, mv) {
            if self.legality.single_needs_empty {
                return Illegal::SingleIntoOccupied { pit: label };
            }
            return Illegal::FirstLap { pit: label };
        }
        if self.legality.first_lap_capture
            && !self.first_lap_captures(pos, mv)
            && self.some_first_lap_captures(pos, self.candidates_for_capture(pos, min))
        {
            return Illegal::MustCapture { pit: label };
        }
        let capture = self.may_capture(pos) && !self.quiet_single(pos, mv);
        let (next, effect) = self.sow(pos, mv, capture);
        if self.rules.grand_slam != GrandSlam::Allowed
            && effect.captured > 0
            && self.is_grand_slam(self.slam_row_held(pos), &next, pos.to_move, &effect)
        {
            return Illegal::GrandSlam { pit: label };
        }
        Illegal::DoesNotFeed { pit: label }
    }
}

/// The bits of `words` (the first `W` words of a board) under `mask`,
/// folded into one word: zero exactly when every masked bit is clear.
#[inline(always)]
fn masked<const K: usize>(words: &[u64; K], mask: &impl AsRef<[u64]>) -> u64 {
    words
        .iter()
        .zip(mask.as_ref())
        .fold(0, |acc, (w, m)| acc | (w & m))
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::packed::tests::random_board;
    use crate::{
        engine::{position::MAX_PITS, Game, Move, Player},
        variants,
    };

    /// `can_move` (a mask of the pits holding enough) says what a look at
    /// each pit the player may play says, on random boards of every shipped
    /// variant (half of them mostly empty), for both players.
    #[test]
    fn can_move_agrees_with_a_look_at_each_playable_pit() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut able, mut unable) = (0, 0);
        for name in variants::narrow_shipped_names() {
            let game = Game::new(variants::load(name).unwrap().rules);
            let min = game.rules.sowing.min_stones;
            for _ in 0..300 {
                let mut pos = random_board(&game, &mut rng);
                // Most pits emptied on one board in two: rows that cannot move.
                if rng.random_bool(0.5) {
                    for pit in 0..game.pit_count() {
                        if rng.random_bool(0.8) {
                            pos.pits[pit] = 0;
                        }
                    }
                }
                for player in Player::BOTH {
                    let held = game.playable(player).any(|pit| pos.pits[pit] >= min);
                    let single = game.legality.singletons
                        && game
                            .row(player)
                            .any(|pit| game.single_move(&pos, player, pit));
                    let expected = held || single;
                    assert_eq!(
                        game.can_move(&pos, player),
                        expected,
                        "{name}: {player:?} {:?}",
                        pos.pits
                    );
                    if expected {
                        able += 1;
                    } else {
                        unable += 1;
                    }
                }
            }
        }
        assert!(
            able > 10_000 && unable > 5_000,
            "{able} able, {unable} unable"
        );
    }

    /// Where [`Game::every_move_feeds`] says so without playing, each move
    /// from a pit holding `min_stones`, played, feeds as the rules' feeding
    /// test says: on random boards (half of them mostly empty, so that the
    /// screen fails too) of every shipped variant with a feed rule, for
    /// either player to move.
    #[test]
    fn every_move_feeds_where_the_screen_says_so() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut screened, mut played) = (0, 0);
        for name in variants::narrow_shipped_names() {
            let game = Game::new(variants::load(name).unwrap().rules);
            if game.legality.feed_screen.is_none() {
                continue;
            }
            for _ in 0..2000 {
                let mut pos = random_board(&game, &mut rng);
                if rng.random_bool(0.5) {
                    for pit in 0..game.pit_count() {
                        if rng.random_bool(0.7) {
                            pos.pits[pit] = 0;
                        }
                    }
                }
                pos.to_move = Player::BOTH[rng.random_range(0..2)];
                if !game.every_move_feeds(&pos) {
                    continue;
                }
                screened += 1;
                let mover = pos.to_move;
                for pit in game.playable(mover) {
                    if pos.pits[pit] < game.legality.min_stones {
                        continue;
                    }
                    for &direction in game.move_table.directions[pit] {
                        let mv = Move {
                            pit: pit as u8,
                            direction,
                        };
                        let (next, _) = game.sow(&pos, mv, game.may_capture(&pos));
                        assert!(game.feeds(&pos, mv, &next), "{name}: {mv:?} from {pos:?}");
                        played += 1;
                    }
                }
            }
        }
        assert!(
            screened > 1000 && played > 5000,
            "{screened} boards screened, {played} moves played"
        );
    }

    /// The screen's fewest stones, worked out from the rules: English Wari
    /// (St. Lucia) captures fours and their chain backward, sowing from the
    /// pit after the origin, so a pit of four that no stone falls into is
    /// never taken, and one that gets a stone holds five: four is enough
    /// (and at least `min_stones`, 2, for the move `feed_gives move` asks).
    #[test]
    fn the_feed_screen_counts_a_pit_of_the_largest_capturable_count_when_unsown_pits_are_kept() {
        let least = |name: &str| {
            let game: Game = Game::new(variants::load(name).unwrap().rules);
            game.legality.feed_screen.map(|screen| screen.least)
        };
        assert_eq!(least("english-wari-st-lucia"), Some(4));
    }

    /// A lap past closed pits ([`Game::sow_lap_by_slot`]) drops its stones
    /// one by one along the path, round and round, a closed pit getting
    /// none, as a plain walk of the cycled path does: on random boards of
    /// every shipped variant with random closed pits (their stones lifted
    /// with the origin's, so that many laps go round more than once), every
    /// origin, direction and mover.
    #[test]
    fn a_lap_past_closed_pits_drops_its_stones_one_by_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(17);
        let mut laps = 0;
        for name in variants::narrow_shipped_names() {
            let game = Game::new(variants::load(name).unwrap().rules);
            for _ in 0..50 {
                let board = random_board(&game, &mut rng);
                for origin in (0..game.pit_count()).filter(|&p| board.pits[p] > 0) {
                    let mut pos = board;
                    for pit in (0..game.pit_count()).filter(|&p| p != origin) {
                        let lifted = pos.pits[origin].checked_add(pos.pits[pit]);
                        if let Some(lifted) = lifted.filter(|_| rng.random_bool(0.3)) {
                            pos.closed |= 1 << pit;
                            pos.pits[origin] = lifted;
                            pos.pits[pit] = 0;
                        }
                    }
                    for mover in Player::BOTH {
                        for direction in 0..2 {
                            pos.to_move = mover;
                            let path = &game.sowing.sow_path[mover.index()][direction][origin]
                                [..game.sowing.path_len];
                            let passed = game.passed_over(&pos);
                            let open =
                                |&&slot: &&u8| passed >> (usize::from(slot) % MAX_PITS) & 1 == 0;
                            if !path.iter().any(|slot| open(&slot)) {
                                continue;
                            }
                            let mut walked = pos;
                            let stones = walked.pits[origin];
                            walked.pits[origin] = 0;
                            let skip = usize::from(game.sowing.single_to_next && stones == 1);
                            let mut slots =
                                path.iter().cycle().skip(skip).filter(|slot| open(slot));
                            let mut last = origin;
                            for _ in 0..stones {
                                last = usize::from(*slots.next().unwrap()) % MAX_PITS;
                                walked.pits[last] += 1;
                            }
                            let mut sown = pos;
                            let sown_last = game.sow_lap_by_slot(&mut sown, path, origin);
                            assert_eq!(
                                (sown_last, sown.pits),
                                (last, walked.pits),
                                "{name}: {origin} {direction} {mover:?} from {:?} closed {:b}",
                                pos.pits,
                                pos.closed
                            );
                            laps += 1;
                        }
                    }
                }
            }
        }
        assert!(laps > 10_000, "only {laps} laps");
    }
}
