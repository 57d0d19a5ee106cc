//! A variant compiled for play: sowing paths, capture tables and the move
//! generator. Everything that depends only on the rules is worked out once in
//! [`Game::new`]; the move loop reads tables and never allocates.

mod capture;
mod claim;
mod fill;
mod kichwa;
mod opening;
mod packed;
mod resow;
mod shift;
mod sowing_capture;
mod vote;

use std::ops::Range;

use super::component::{
    capture::CaptureTable,
    captures::CaptureRules,
    claim::ClaimRule,
    ends::EndRules,
    move_table::MoveTable,
    packed::{whole_moves_fit, PackedLaps},
    sowing_paths::SowPaths,
};

use super::{
    effect::{waived, Effect, Successor, Successors},
    illegal::Illegal,
    move_list::{Legality, Moves, MAX_MOVES},
    outcome::EndReason,
    position::{Move, Player, Position, Vote, MAX_PITS, OPPONENT_STORE_SLOT, STORE_SLOT},
    topology::Topology,
};
use crate::rules::{
    Direction, ExtraTurn, FeedFallback, FeedGives, FeedWhen, FirstLap, FirstMoveKind, FirstMoves,
    GrandSlam, Laps, Leftovers, PitDirection, Restriction, Rules, Singletons, SowStart, Stores,
    Take, Unfilled,
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

/// A variant compiled for play.
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    /// The position before the first move (every game starts here: kept,
    /// not built per game).
    start: Position,
    /// The candidate moves of `start` and what they say of its legal moves
    /// ([`Game::candidate_moves`]): worked out once, not at every game's
    /// start.
    start_candidates: (Moves, Legality),
    /// The board's shape: rows, sides, circuits, facing pits.
    topology: Topology,
    /// Pits each player owns (a row on two rows, two rows on four).
    per_side: usize,
    pit_count: usize,
    /// `sow_path[mover][direction][origin][k]`: the slot that gets stone `k`
    /// (from 0) sown from `origin` in that direction by `mover` (whose store,
    /// if any, is on the path).
    sow_path: [[[[u8; MAX_PITS]; MAX_PITS]; 2]; 2],
    /// Length of every sowing path before it repeats.
    path_len: usize,
    /// `lap_split[n]`: a sowing of `n` stones as (full laps, stones left
    /// over), i.e. `n / path_len` and `n % path_len`, without dividing.
    lap_split: [(u8, u8); 256],
    /// Per direction, the pit before / after each pit in sowing order.
    before: [[u8; MAX_PITS]; 2],
    after: [[u8; MAX_PITS]; 2],
    /// The capture rules looking at the last pit (`on last_pit`), compiled,
    /// in the order they are tried.
    pub(super) capture_rules: Box<[CaptureTable]>,
    /// The capture rules looking inside the sowing (`on every_pit`, `on
    /// relay_landing`, and `on last_pit` with `then resows`, whose stones
    /// are sown on), in file order.
    pub(super) sowing_rules: Box<[CaptureTable]>,
    /// Whether there are such rules: then moves are sown stone by stone
    /// ([`Game::sow_laps_capturing`]) and the other moves keep the
    /// table-driven laps.
    sowing_captures: bool,
    /// The `on every_pit` rules leave a lap's last pit to the sowing
    /// (`last_stone lifted`; the rules of a variant agree on it).
    every_pit_spares_last: bool,
    /// Per mover: bit `i` set when an `on every_pit` rule may take pit `i`
    /// (never the store). A lap that no such rule looks at is sown by the
    /// table-driven lap, not stone by stone.
    every_pit_slots: [u32; 2],
    /// `every_pit_counts[n]`: an `on every_pit` rule may take a pit holding
    /// `n` stones.
    every_pit_counts: [bool; 256],
    /// The capture rules that sweep the board after the sowing (`on
    /// sweep`), in file order (after the last-pit rules).
    pub(super) sweep_rules: Box<[CaptureTable]>,
    /// Whether some rule captures elsewhere than at the last pit (inside the
    /// sowing or by a sweep): then the last pit alone cannot tell whether a
    /// move captures.
    beyond_last: bool,
    /// `capturable[n]`: some last-pit rule captures a last pit holding `n` stones
    /// (on some row): the move loop's first, one-lookup test.
    capturable: [bool; 256],
    /// Per mover: bit `i` set when some rule captures from pit `i` (the
    /// first test where the last stone landed: no board read).
    capture_pits: [u32; 2],
    /// The largest count any rule captures (0 when none does).
    max_capturable: usize,
    /// Whether the game's first move captures nothing (every rule says
    /// `first_move no_capture`; true without rules).
    opening_no_capture: bool,
    /// Per player: bit `i` set when pit `i` is in that player's row.
    pub(super) row_bits: [u32; 2],
    /// Per mover: bit `i` set when the game's first move may be played from
    /// pit `i` (`first_move_from`); 0 when any pit may.
    pub(super) first_move_pits: [u32; 2],
    /// Per player: the bytes of that player's row in [`Position::words`].
    row_bytes: [[u64; 4]; 2],
    /// Per player: the bytes of that player's inner row (four rows; none
    /// otherwise), for `inner_row_empty`.
    inner_bytes: [[u64; 4]; 2],
    /// The move restrictions in the order they filter moves.
    restriction_steps: [Restriction; 3],
    /// How the game ends: its conditions, and how each end scores.
    pub(super) ends: EndRules,
    /// Whether the grand-slam rule can make a move illegal
    /// (`forbidden`, `only_move_no_capture`) rather than only change it.
    pub(super) slam_limits_moves: bool,
    /// Whether the grand-slam rule can change how a legal move is played
    /// (`no_capture`, `only_move_no_capture`: the capture is waived), so that
    /// playing a capturing move has to look for a grand slam.
    pub(super) slam_changes_play: bool,
    /// Whether every sowing is one lap and every capture rule takes only
    /// pits that qualify by their count (`take last`): then the counts a sowing leaves
    /// in the opponent's row, worked out from `path_index` without sowing,
    /// can rule out a grand slam (see `Game::may_grand_slam`).
    slam_screen: bool,
    /// `path_index[mover][direction][origin][pit]`: the `k` of
    /// `sow_path[mover][direction][origin][k] == pit` (`u8::MAX` when the pit
    /// is not on the path, as a skipped origin).
    path_index: [[[[u8; MAX_PITS]; MAX_PITS]; 2]; 2],
    /// `reach_at[mover][direction][origin]`: how many stones a lap from
    /// `origin` needs to sow one into the opponent's row (`feed_gives reach`).
    reach_at: [[[u8; MAX_PITS]; 2]; 2],
    /// Copies of rules the move loop reads at every move.
    laps: Laps,
    has_stores: bool,
    /// `stores sown_both`: the mover sows into the opponent's store too
    /// ([`OPPONENT_STORE_SLOT`]).
    both_stores: bool,
    /// `rounds { unfilled reopens }`: the count at which a closed pit,
    /// which then is sown into, opens after a move (`seeds`); 0 when closed
    /// pits are passed over for the whole round.
    pub(super) reopen_at: u8,
    extra_turn: bool,
    /// Extra turns under rules that give leftovers to the last mover:
    /// positions keep [`Position::moved_again`].
    records_last_mover: bool,
    /// `extra_turn capture`: a move that captured a pit is followed by
    /// another move of the same player.
    extra_turn_capture: bool,
    pub(super) min_stones: u8,
    /// `singletons into_empty`: with no pit holding `min_stones`, single
    /// stones sown into an empty pit are moves.
    pub(super) singletons: bool,
    /// Per pit: the directions a move from it may take.
    directions: [&'static [Direction]; MAX_PITS],
    /// Per mover: every move of their row in successor order (pit order,
    /// each pit in the directions it may sow), first `candidate_count` used.
    pub(super) candidates: [[Move; MAX_PITS]; 2],
    pub(super) candidate_count: [usize; 2],
    /// Whether every pit sows one way only: then the candidate moves are
    /// one per playable pit, [`Game::pit_moves`] of the pits holding
    /// `min_stones`, found from a mask of the board
    /// ([`Position::holding_at_least`]) rather than pit by pit.
    pub(super) one_way: bool,
    /// Whether the candidate moves of a position can be given as a mask of
    /// moves ([`Game::candidate_pits`]): without a first-lap rule.
    pub(super) pit_masks: bool,
    /// Whether the rules ever oblige the mover to feed (`feed` is not
    /// `never`).
    feeding: bool,
    /// Whether the board uses at most the first 16 slots (its store slot,
    /// the last, is empty between moves): masks of the board then read two
    /// words, not four.
    pub(super) narrow: bool,
    /// The move of each bit of a mask of moves ([`Game::move_bits`]): when
    /// [`Game::one_way`], bit `i` is pit `i`'s one move; otherwise bits
    /// `2 * i` and `2 * i + 1` are pit `i`'s moves in the directions it
    /// may sow, in successor order (counter-clockwise first).
    pub(super) pit_moves: [Move; MAX_MOVES],
    /// When pits sow either way: the bits of a mask of moves that are
    /// moves (bit `2 * i + k` for each of pit `i`'s directions `k`).
    pub(super) move_slots: u64,
    /// Per mover: bit `i` set when pit `i` is among [`Game::playable`].
    pub(super) playable_bits: [u32; 2],
    /// One-lap sowings as whole-board additions, where the board is small
    /// enough and no capture happens inside the sowing.
    packed: Option<PackedLaps>,
    /// Whether a single stone skips the origin (`start origin_unless_single`):
    /// then such a lap is sown slot by slot.
    single_to_next: bool,
    /// The `claim` rule, when pits can become a player's store.
    claim: Option<ClaimRule>,
    /// Whether North's first move is a first move too (`first_moves
    /// each_player`).
    each_player_opening: bool,
    /// Whether a player may play any pit of the board (`play_from any`).
    pub(super) play_any: bool,
    /// Whether a player plays the pits of the opponent's row only
    /// (`play_from opponent`).
    pub(super) play_opponent: bool,
    /// Whether a first move is a shift (`first_move shift`): see
    /// [`Game::shifts`].
    shift_opening: bool,
    /// Whether a move's first lap must reach the opponent's row or end in an
    /// empty pit of the mover's row (`first_lap reaches_or_empty`), or a
    /// single stone must fall into an empty pit (`first_lap
    /// single_into_empty`, then `single_needs_empty` is set too).
    pub(super) first_lap_rule: bool,
    /// Whether a pit holding a single stone is played only when that stone
    /// falls into an empty pit (`first_lap single_into_empty`, Kay).
    single_needs_empty: bool,
    /// Whether a move whose first lap ends in a capture is obligatory when
    /// there is one (`first_lap captures`, Bao).
    pub(super) first_lap_capture: bool,
    /// Whether every move is one plain lap: `laps single`, no capture
    /// inside the sowing nor sweep, no claim, a single stone sown like any
    /// other, no extra turn for a capture, only South's first move a first
    /// move, and no shift. [`Game::sow_in_place`] then leaves out the tests
    /// of those rules.
    plain: bool,
}

impl Game {
    /// Compiles validated rules.
    pub fn new(rules: Rules) -> Self {
        let topology = Topology::new(&rules);
        let per_side = topology.per_side();
        let pit_count = topology.pit_count();
        let stores = rules.board.stores.sown();
        let both_stores = rules.board.stores == Stores::SownBoth;
        let south_bits = (1u32 << per_side) - 1;
        let row_bits = [south_bits, south_bits << per_side];
        let SowPaths {
            sow_path,
            path_len,
            lap_split,
            before,
            after,
            path_index,
            reach_at,
        } = SowPaths::new(&rules, &topology, row_bits);
        let inner_bits = row_bits.map(|bits| {
            (0..pit_count)
                .filter(|&pit| bits >> pit & 1 == 1 && topology.is_inner(pit))
                .fold(0u32, |inner, pit| inner | 1 << pit)
        });
        let opening_south = rules
            .sowing
            .first_move_from
            .iter()
            .fold(0u32, |bits, &place| bits | 1 << (place - 1));
        let first_move_pits = [opening_south, opening_south << per_side];
        let CaptureRules {
            capture_rules,
            sowing_rules,
            sweep_rules,
            max_capturable,
            capturable,
            capture_pits,
            every_rule_waives_opening,
            sowing_captures,
            every_pit_spares_last,
            every_pit_counts,
            every_pit_slots,
            beyond_last,
        } = CaptureRules::new(&rules, row_bits, inner_bits);
        // A shift captures nothing.
        let shift_opening = rules.sowing.first_move == FirstMoveKind::Shift;
        let opening_no_capture = shift_opening || every_rule_waives_opening;
        let (laps, min_stones) = (rules.sowing.laps, rules.sowing.min_stones);
        let singletons = rules.sowing.singletons == Singletons::IntoEmpty;
        let extra_turn = rules.sowing.extra_turn == ExtraTurn::Store;
        let extra_turn_capture = rules.sowing.extra_turn == ExtraTurn::Capture;
        let slam_matters = rules.grand_slam != GrandSlam::Allowed && rules.has_captures();
        let slam_changes_play = slam_matters && rules.grand_slam != GrandSlam::Forbidden;
        let slam_limits_moves = slam_matters
            && matches!(
                rules.grand_slam,
                GrandSlam::Forbidden | GrandSlam::OnlyMoveNoCapture
            );
        let MoveTable {
            directions,
            candidates,
            candidate_count,
            one_way,
            pit_moves,
            move_slots,
            playable_bits,
            play_any,
            play_opponent,
        } = MoveTable::new(&rules, &topology, row_bits);
        let feeding = rules.feeding.when != FeedWhen::Never;
        let pit_bytes = |bits: u32| {
            let mut words = [0u64; 4];
            for pit in (0..MAX_PITS).filter(|&pit| bits >> pit & 1 == 1) {
                words[pit / 8] |= 0xFF << (8 * (pit % 8));
            }
            words
        };
        let row_bytes = row_bits.map(pit_bytes);
        let inner_bytes = inner_bits.map(pit_bytes);
        let single_to_next = rules.sowing.start == SowStart::OriginUnlessSingle;
        let reopen_at = match rules.rounds.unfilled {
            Unfilled::Reopens if rules.rounds.refill.is_some() => rules.board.seeds,
            _ => 0,
        };
        let claim = ClaimRule::new(&rules.claim, row_bits, per_side);
        let slam_screen = rules.sowing.laps == Laps::Single
            && !beyond_last
            && !single_to_next
            && claim.is_none()
            && capture_rules.iter().all(|c| c.take == Take::Last);
        let restriction_steps = rules.restrictions.0;
        let rules_each_player_opening = rules.sowing.first_moves == FirstMoves::EachPlayer;
        let single_needs_empty = rules.sowing.first_lap == FirstLap::SingleIntoEmpty;
        let rules_first_lap =
            rules.sowing.first_lap == FirstLap::ReachesOrEmpty || single_needs_empty;
        let first_lap_capture = rules.sowing.first_lap == FirstLap::Captures;
        let ends = EndRules::new(&rules);
        let records_last_mover = (extra_turn || extra_turn_capture) && ends.scores_last_mover();
        let mut start = Position {
            opening: true,
            ..Position::EMPTY
        };
        start.pits[..pit_count].copy_from_slice(&rules.start_counts());
        let mut game = Game {
            ends,
            start,
            start_candidates: (Moves::default(), Legality::Exact),
            rules,
            topology,
            per_side,
            pit_count,
            sow_path,
            path_len,
            lap_split,
            before,
            after,
            capture_rules,
            sowing_rules,
            sowing_captures,
            every_pit_slots,
            every_pit_counts,
            every_pit_spares_last,
            sweep_rules,
            beyond_last,
            capturable,
            capture_pits,
            max_capturable,
            opening_no_capture,
            row_bits,
            first_move_pits,
            row_bytes,
            inner_bytes,
            restriction_steps,
            slam_limits_moves,
            slam_changes_play,
            slam_screen,
            path_index,
            reach_at,
            laps,
            has_stores: stores,
            both_stores,
            reopen_at,
            extra_turn,
            records_last_mover,
            extra_turn_capture,
            min_stones,
            singletons,
            directions,
            candidates,
            candidate_count,
            one_way,
            pit_masks: !rules_first_lap && !first_lap_capture,
            feeding,
            narrow: pit_count <= 16,
            pit_moves,
            move_slots,
            playable_bits,
            packed: None,
            single_to_next,
            claim,
            each_player_opening: rules_each_player_opening,
            play_any,
            play_opponent,
            shift_opening,
            first_lap_rule: rules_first_lap,
            single_needs_empty,
            first_lap_capture,
            plain: false,
        };
        game.plain = game.laps == Laps::Single
            && !game.sowing_captures
            && game.sweep_rules.is_empty()
            && game.claim.is_none()
            && !game.single_to_next
            && !game.extra_turn_capture
            && !game.each_player_opening
            && !game.shift_opening;
        // A prescribed opening is played once, here: the game starts where
        // it leaves (before packed laps, which start in the mover's row).
        let mut start = game.start;
        game.play_opening(&mut start);
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
    /// that go on to a claimed pit's owner or into the opponent's store, nor
    /// for laps a capture looks inside. Whole moves played packed set the
    /// opening aside after every move and start in the mover's row: not for
    /// `first_moves each_player` nor `play_from any`.
    fn pack_laps(&mut self, stones: u32) {
        let regular_laps = !self.single_to_next && self.claim.is_none() && !self.both_stores;
        if self.sowing_captures || !regular_laps {
            return;
        }
        self.packed = PackedLaps::new(self.pit_count, stones as usize, |pos, mover, origin, d| {
            let path = &self.sow_path[mover.index()][d][origin][..self.path_len];
            self.sow_lap(pos, path, origin)
        });
        let whole_moves = self.laps == Laps::Single
            && !self.each_player_opening
            && !self.shift_opening
            && !self.play_any
            && !self.play_opponent
            && whole_moves_fit(&self.capture_rules, &self.sweep_rules);
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
    pub fn covering(&self, pos: &Position) -> std::borrow::Cow<'_, Game> {
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
        self.pit_count
    }

    /// Pits in each row.
    pub fn pits_per_row(&self) -> usize {
        self.topology.per_row()
    }

    /// Pits each player owns: a row on two rows, two rows on four.
    pub fn pits_per_side(&self) -> usize {
        self.per_side
    }

    /// The board's shape: rows, sides, circuits, facing pits.
    pub fn topology(&self) -> &Topology {
        &self.topology
    }

    /// The pits `player` owns (their row, or their two rows on four rows),
    /// as absolute indices.
    pub fn row(&self, player: Player) -> Range<usize> {
        let start = player.index() * self.per_side;
        start..start + self.per_side
    }

    /// The position before the first move.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The candidate moves of [`Game::start`] and what they say of its
    /// legal moves, as [`Game::candidate_moves`] gives them.
    pub(super) fn start_candidates(&self) -> (Moves, Legality) {
        self.start_candidates
    }

    /// Where the stones of `mv` played from `pos` go, one entry per stone in
    /// sowing order: `Some(pit)` for a pit, `None` for a store.
    /// Empty for a pass or an empty pit. For showing a move; legality is not
    /// checked.
    pub fn sowing_path(&self, pos: &Position, mv: Move) -> Vec<Option<usize>> {
        self.sowing_laps(pos, mv)
            .into_iter()
            .flat_map(|(_, lap)| lap)
            .collect()
    }

    /// [`Game::sowing_path`] lap by lap: the pit each lap's stones were
    /// lifted from and where they went (several laps where the rules relay).
    pub fn sowing_laps(&self, pos: &Position, mv: Move) -> Vec<(usize, Vec<Option<usize>>)> {
        let laps = self.laps_with_sources(pos, mv);
        laps.into_iter()
            .map(|(origin, lap, _)| (origin, lap))
            .collect()
    }

    /// For each lap of [`Game::sowing_laps`], whether it sows stones a
    /// capture took (`then resows`, `resows_from_lap_start`,
    /// `resows_from_end`) rather than stones lifted from its pit.
    pub fn resown_laps(&self, pos: &Position, mv: Move) -> Vec<bool> {
        let laps = self.laps_with_sources(pos, mv);
        laps.into_iter().map(|(_, _, resown)| resown).collect()
    }

    /// [`Game::sowing_laps`], each lap with whether a capture took its
    /// stones.
    fn laps_with_sources(
        &self,
        pos: &Position,
        mv: Move,
    ) -> Vec<(usize, Vec<Option<usize>>, bool)> {
        if mv == Move::PASS || mv.filled_pit().is_some() {
            return Vec::new();
        }
        if self.shifts(pos) {
            // Every stone into the next pit.
            let (pit, to) = (usize::from(mv.pit), Some(self.shift_target(mv)));
            return vec![(pit, vec![to; usize::from(pos.pits[pit])], false)];
        }
        let direction = mv.direction as usize;
        let mut lifted = Vec::new();
        let mut board = *pos;
        let first = usize::from(mv.pit);
        let (_, _, laps) = if self.sowing_captures {
            // Captures change the laps here: sow as the move is played (a
            // grand slam the rules play without capture sows without); a
            // capture sown from a kichwa may turn the move round.
            let waived = self.play(pos, mv).is_ok_and(|s| s.effect.capture_waived);
            let capture = self.may_capture(pos) && !waived;
            let taken = (&mut 0, &mut 0);
            let on_lap = |o, n, d, resown| lifted.push((o, n, d, resown));
            self.sow_laps_capturing(&mut board, first, direction, capture, taken, on_lap)
        } else {
            let on_lap = |o, n| lifted.push((o, n, direction, false));
            self.sow_laps(&mut board, first, direction, on_lap)
        };
        lifted.truncate(laps);
        lifted
            .into_iter()
            .map(|(origin, stones, direction, resown)| {
                let path = &self.sow_path[pos.to_move.index()][direction][origin][..self.path_len];
                let skip = usize::from(self.single_to_next && stones == 1);
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
    pub(super) fn slam_possible(&self, pos: &Position) -> bool {
        !self.slam_screen
            || self
                .row(pos.to_move.other())
                .all(|pit| usize::from(pos.pits[pit]) <= self.max_capturable)
    }

    /// The direction rule of a pit (the same for the pit in the same place of
    /// either row, counted from its owner's left).
    pub fn pit_direction(&self, pit: usize) -> PitDirection {
        self.rules.sowing.direction[pit % self.topology.per_row()]
    }

    /// Whether `player`'s row holds no stone.
    #[inline]
    fn row_is_empty(&self, pos: &Position, player: Player) -> bool {
        masked(&pos.words(), &self.row_bytes[player.index()]) == 0
    }

    /// Whether `player`'s inner row is empty (four rows; true otherwise).
    pub(super) fn inner_row_is_empty(&self, pos: &Position, player: Player) -> bool {
        masked(&pos.words(), &self.inner_bytes[player.index()]) == 0
    }

    /// Whether `player` has a pit holding at least `min_stones`.
    pub(super) fn can_move(&self, pos: &Position, player: Player) -> bool {
        let min = self.rules.sowing.min_stones;
        if pos.swapped | pos.claimed | pos.closed != 0 {
            return (0..self.pit_count)
                .any(|pit| self.plays(pos, player, pit) && pos.pits[pit] >= min);
        }
        pos.pits[self.playable(player)].iter().any(|&n| n >= min)
            || (self.singletons
                && self
                    .row(player)
                    .any(|pit| self.single_move(pos, player, pit)))
    }

    /// Under `singletons into_empty`: whether `player` may play the single
    /// stone of `pit` in some direction, the pit it is sown into being
    /// empty (asked only when no pit of theirs holds `min_stones`).
    fn single_move(&self, pos: &Position, player: Player, pit: usize) -> bool {
        pos.pits[pit] == 1
            && self.directions[pit]
                .iter()
                .any(|&d| self.single_into_empty(pos, player, pit, d))
    }

    /// Whether the single stone of `pit`, sown by `player` in `direction`,
    /// falls into an empty pit (the emptied pit itself under `start origin`).
    fn single_into_empty(
        &self,
        pos: &Position,
        player: Player,
        pit: usize,
        direction: Direction,
    ) -> bool {
        let target = usize::from(self.sow_path[player.index()][direction as usize][pit][0]);
        target == pit || pos.pits[target % MAX_PITS] == 0
    }

    /// The pits `player` may play: their row, the whole board under
    /// `play_from any`, or the opponent's row under `play_from opponent`.
    pub fn playable(&self, player: Player) -> Range<usize> {
        if self.play_any {
            0..self.pit_count
        } else if self.play_opponent {
            self.row(player.other())
        } else {
            self.row(player)
        }
    }

    /// The player whose pit `pit` is in `pos`: its row's, unless a round
    /// change handed it over (`refill surplus`) or the other player claimed
    /// it (`claim`).
    #[inline]
    pub fn owner(&self, pos: &Position, pit: usize) -> Player {
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
    pub fn plays(&self, pos: &Position, player: Player, pit: usize) -> bool {
        if pos.is_claimed(pit) || pos.is_closed(pit) {
            false
        } else if pos.swapped == 0 || self.play_any {
            self.playable(player).contains(&pit)
        } else if self.play_opponent {
            pit < self.pit_count && self.owner(pos, pit) == player.other()
        } else {
            pit < self.pit_count && self.owner(pos, pit) == player
        }
    }

    /// Whether the position after a move by `mover` from a position whose
    /// `opening` flag was `opening` is still in the opening: after South's
    /// first move under `first_moves each_player` (North's first move is
    /// then a first move too).
    #[inline]
    pub(super) fn opening_after(&self, opening: bool, mover: Player) -> bool {
        opening && self.each_player_opening && mover == Player::South
    }

    /// Whether positions record that the player to move made the last move
    /// ([`Position::moved_again`]): rules with extra turns that give the
    /// leftovers to the last mover.
    pub fn records_last_mover(&self) -> bool {
        self.records_last_mover
    }

    /// Whether the mover moves again after a move whose last stone fell in
    /// slot `last` and that did `effect`: `extra_turn store` (the last stone
    /// in their store) or `extra_turn capture` (a pit captured).
    #[inline]
    pub(super) fn moves_again(&self, last: usize, effect: &Effect) -> bool {
        (self.extra_turn && self.is_store(last))
            || (self.extra_turn_capture && effect.captured_pits != 0)
    }

    /// Sows from `pit` and, when `capture` is true, captures; the result is
    /// the position with the other player to move. Legality is not checked.
    fn sow(&self, pos: &Position, mv: Move, capture: bool) -> (Position, Effect) {
        let mut next = *pos;
        let effect = self.sow_in_place(&mut next, mv, capture);
        (next, effect)
    }

    /// [`Game::sow`] on a position in place (the move loop writes straight
    /// into the successor list).
    #[inline(always)]
    pub(super) fn sow_in_place(&self, pos: &mut Position, mv: Move, capture: bool) -> Effect {
        // Packed whole moves are never a shift's (a shift variant has none):
        // the common case first, so the shift test stays off its path.
        if let Some(packed) = &self.packed {
            if packed.whole_moves && pos.closed == 0 {
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
        self.sow_in_place_generic::<false>(pos, mv, capture)
    }

    /// [`Game::sow_in_place`] for every variant and board: the laps, the
    /// captures inside the sowing and at the last pit, pit by pit. `PLAIN`
    /// when the rules make every move one plain lap ([`Game::plain`]): the
    /// tests of the rules that cannot apply then are compiled away.
    #[inline]
    fn sow_in_place_generic<const PLAIN: bool>(
        &self,
        pos: &mut Position,
        mv: Move,
        capture: bool,
    ) -> Effect {
        #[cfg(debug_assertions)]
        let total = pos.total_stones();
        let mover = pos.to_move;
        let direction = mv.direction as usize;
        let (mut sown_captured, mut sown_pits) = (0, 0);
        let (last, end, _) = if PLAIN {
            let last = self.sow_one_lap::<true>(pos, usize::from(mv.pit), direction, |_, _| {});
            (last, LapsEnd::Done, 1)
        } else if self.sowing_captures {
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
        if self.has_stores {
            let in_store = pos.pits[STORE_SLOT];
            pos.pits[STORE_SLOT] = 0;
            pos.captured[mover.index()] += u16::from(in_store);
            if self.both_stores {
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
        if !PLAIN {
            // Pits taken during the sowing were refilled after: they do not
            // keep the last-pit rules from taking them again.
            effect.captured_pits |= sown_pits;
            if capture && relay_ended && !self.sweep_rules.is_empty() {
                self.sweep(pos, mover, &mut effect);
            }
        }
        let again = match PLAIN {
            true => self.extra_turn && self.is_store(last),
            false => claimed_again || self.moves_again(last, &effect),
        };
        if !again {
            pos.to_move = mover.other();
        }
        pos.moved_again = again && self.records_last_mover;
        pos.opening = !PLAIN && self.opening_after(pos.opening, mover);
        pos.relay_cycled = effect.relay_cycle;
        if pos.closed != 0 && self.reopen_at != 0 {
            self.reopen(pos);
        }
        #[cfg(debug_assertions)]
        debug_assert_eq!(pos.total_stones(), total, "stones conserved");
        effect
    }

    /// `unfilled reopens`: the closed pits holding `seeds` or more after a
    /// move open for the rest of the round.
    #[cold]
    fn reopen(&self, pos: &mut Position) {
        pos.closed &= !pos.holding_at_least::<4>(self.reopen_at);
    }

    /// Whether a sowing passes over `slot` in `pos`: a closed pit, unless
    /// closed pits are sown into (`unfilled reopens`).
    #[inline]
    pub(super) fn passes_over(&self, pos: &Position, slot: usize) -> bool {
        self.reopen_at == 0 && pos.is_closed(slot)
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
        pos: &mut Position,
        first: usize,
        direction: usize,
        mut on_lap: impl FnMut(usize, u8),
    ) -> (usize, LapsEnd, usize) {
        let paths = &self.sow_path[pos.to_move.index()][direction];
        if self.laps == Laps::Single {
            // One lap, nothing to relay, test or cycle: the common case,
            // kept clear of the relay bookkeeping below.
            let last = self.sow_one_lap::<false>(pos, first, direction, on_lap);
            return (last, LapsEnd::Done, 1);
        }
        let mut origin = first;
        let mut lap = |pos: &mut Position, origin: usize| {
            on_lap(origin, pos.pits[origin]);
            let last = match &self.packed {
                Some(packed) if pos.closed == 0 => packed.sow(pos, origin, direction),
                _ => self.sow_any_lap(pos, &paths[origin][..self.path_len], origin),
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
            if self.ends.lap_test && self.lap_ends_game(pos) {
                return (last, LapsEnd::Stopped, relays + 1);
            }
            origin = next;
            if self.ends.relay_cycle_ends {
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
        pos: &mut Position,
        first: usize,
        direction: usize,
        on_lap: impl FnOnce(usize, u8),
    ) -> usize {
        let path = &self.sow_path[pos.to_move.index()][direction][first][..self.path_len];
        on_lap(first, pos.pits[first]);
        match &self.packed {
            Some(packed) if pos.closed == 0 => packed.sow(pos, first, direction),
            // A plain lap's single stone is sown like any other.
            _ if PLAIN && pos.closed == 0 => self.sow_lap(pos, path, first),
            _ => self.sow_any_lap(pos, path, first),
        }
    }

    /// The first lap state of a move that its relay comes back to, given a
    /// cycle `length` laps long and the move's first state (`start` pits,
    /// lifting `first`): its board, the last slot of the lap that came back
    /// to it, and the laps sown until then (the state's first visit plus one
    /// cycle).
    #[cold]
    fn cycle_start(
        &self,
        pos: &Position,
        start: [u8; MAX_PITS],
        first: usize,
        direction: usize,
        length: usize,
    ) -> ([u8; MAX_PITS], usize, usize) {
        let paths = &self.sow_path[pos.to_move.index()][direction];
        // One lap from a state on the relay's path (each relays on).
        let step = |state: &mut (Position, usize)| {
            let (board, origin) = state;
            let last = self.sow_any_lap(board, &paths[*origin][..self.path_len], *origin);
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
    #[inline]
    fn lap_ends_game(&self, pos: &Position) -> bool {
        if !self.has_stores {
            // Nothing sown into a store: the board is read as it is.
            return self.end_condition(pos).is_some();
        }
        let mut board = *pos;
        let in_store = board.pits[STORE_SLOT];
        board.pits[STORE_SLOT] = 0;
        board.captured[board.to_move.index()] += u16::from(in_store);
        if self.both_stores {
            let mover = board.to_move;
            self.bank_opponent_store(&mut board, mover);
        }
        self.end_condition(&board).is_some()
    }

    /// Under `stores sown_both`: the stones sown into the opponent's store
    /// ([`OPPONENT_STORE_SLOT`]) are the opponent's.
    #[cold]
    fn bank_opponent_store(&self, pos: &mut Position, mover: Player) {
        let in_store = pos.pits[OPPONENT_STORE_SLOT];
        pos.pits[OPPONENT_STORE_SLOT] = 0;
        pos.captured[mover.other().index()] += u16::from(in_store);
    }

    /// Whether `slot` is the mover's store: [`STORE_SLOT`] on a board with
    /// stores (on a four-row board, which has none, that index is a pit).
    #[inline]
    pub(super) fn is_store(&self, slot: usize) -> bool {
        self.has_stores && slot == STORE_SLOT
    }

    /// Whether `slot` is a store, the mover's or (under `stores sown_both`)
    /// the opponent's: a lap that ends there ends the move, and nothing is
    /// captured there.
    #[inline]
    pub(super) fn is_any_store(&self, slot: usize) -> bool {
        self.has_stores && slot >= OPPONENT_STORE_SLOT
    }

    /// The player whose store slot `slot` is during a move by `mover`:
    /// `None` for a pit.
    pub fn store_owner(&self, slot: usize, mover: Player) -> Option<Player> {
        match slot {
            STORE_SLOT if self.has_stores => Some(mover),
            OPPONENT_STORE_SLOT if self.both_stores => Some(mover.other()),
            _ => None,
        }
    }

    /// The pit whose stones a relay lifts after a lap ended in `last`, if the
    /// rules relay here. Inlined into the lap loops: asked after every lap.
    #[inline(always)]
    fn relay_from(&self, pos: &Position, last: usize, direction: usize) -> Option<usize> {
        if self.laps == Laps::Single || self.is_any_store(last) {
            return None;
        }
        match self.laps {
            Laps::Relay if pos.pits[last] > 1 => match &self.claim {
                Some(rule) if self.claim_stops_relay(rule, pos, last) => None,
                _ => Some(last),
            },
            Laps::RelayUntilCapture if pos.pits[last] > 1 && !self.takes_last(pos, last) => {
                Some(last)
            }
            Laps::NextRelay if pos.pits[last] == 1 => {
                let next = usize::from(self.after[direction][last]);
                (pos.pits[next] > 0).then_some(next)
            }
            Laps::NextAlways => {
                let next = usize::from(self.after[direction][last]);
                (pos.pits[next] > 0).then_some(next)
            }
            Laps::NextAfterOccupied if pos.pits[last] > 1 => {
                let next = usize::from(self.after[direction][last]);
                (pos.pits[next] > 0).then_some(next)
            }
            Laps::RelayUnlessNextEmpty if pos.pits[last] > 1 => {
                let next = usize::from(self.after[direction][last]);
                (pos.pits[next] > 0).then_some(last)
            }
            Laps::RelayUntilCaptureUnlessNextEmpty
                if pos.pits[last] > 1 && !self.takes_last(pos, last) =>
            {
                let next = usize::from(self.after[direction][last]);
                (pos.pits[next] > 0).then_some(last)
            }
            _ => None,
        }
    }

    /// Whether a capture rule on the last pit would take `last`, holding
    /// what it holds, for the player to move (`laps relay_until_capture`
    /// stops the relay there). Kept out of line: only that rule asks, and
    /// inlined it would keep [`Game::relay_from`] out of the lap loops.
    #[inline(never)]
    fn takes_last(&self, pos: &Position, last: usize) -> bool {
        let m = pos.to_move.index();
        let count = usize::from(pos.pits[last]);
        self.capture_pits[m] >> last & 1 == 1
            && self
                .capture_rules
                .iter()
                .any(|rule| rule.applies(pos) && rule.qualifies(m, last, count))
    }

    /// One lap of the hand, passing over closed pits if there are any.
    #[inline]
    fn sow_any_lap(&self, pos: &mut Position, path: &[u8], origin: usize) -> usize {
        if pos.closed == 0 && !(self.single_to_next && pos.pits[origin] == 1) {
            self.sow_lap(pos, path, origin)
        } else {
            self.sow_lap_by_slot(pos, path, origin)
        }
    }

    /// One lap of the hand: lifts the stones of `origin` and drops them along
    /// `path`; returns the slot that got the last stone.
    #[inline]
    fn sow_lap(&self, pos: &mut Position, path: &[u8], origin: usize) -> usize {
        let stones = usize::from(pos.pits[origin]);
        pos.pits[origin] = 0;
        if stones <= path.len() {
            for &target in &path[..stones] {
                pos.pits[usize::from(target) % MAX_PITS] += 1;
            }
        } else {
            let (laps, rest) = self.lap_split[stones];
            for (k, &target) in path.iter().enumerate() {
                pos.pits[usize::from(target) % MAX_PITS] += laps + u8::from(k < usize::from(rest));
            }
        }
        usize::from(path[self.last_index(stones)])
    }

    /// [`Game::sow_lap`] on a board with closed pits, or for a single stone
    /// that skips its origin (`start origin_unless_single`: the path's first
    /// slot): the stones go one by one along `path`, passing over closed
    /// pits (rare: only later rounds of a variant with rounds close pits, so
    /// the table-driven lap stays as it is). Every path reaches an open pit
    /// of the opponent's row: a player without an open pit has lost the
    /// match, and the position notation refuses such a board.
    #[cold]
    fn sow_lap_by_slot(&self, pos: &mut Position, path: &[u8], origin: usize) -> usize {
        let mut stones = pos.pits[origin];
        pos.pits[origin] = 0;
        let mut last = origin;
        let skip = usize::from(self.single_to_next && stones == 1);
        let slots = path.iter().map(|&s| usize::from(s) % MAX_PITS).cycle();
        for slot in slots.skip(skip) {
            if stones == 0 {
                break;
            }
            if !self.passes_over(pos, slot) {
                pos.pits[slot] += 1;
                stones -= 1;
                last = slot;
            }
        }
        last
    }

    /// The index on its path of the slot that gets the last of `stones`.
    #[inline]
    pub(super) fn last_index(&self, stones: usize) -> usize {
        let (laps, rest) = self.lap_split[stones];
        if rest == 0 {
            usize::from(laps.min(1)) * (self.path_len - 1)
        } else {
            usize::from(rest) - 1
        }
    }

    /// Whether a move with this effect, leading to `next`, is a grand slam:
    /// it captured from the opponent's row and left that row empty.
    pub(super) fn is_grand_slam(&self, next: &Position, mover: Player, effect: &Effect) -> bool {
        let opponent = mover.other();
        effect.captured_pits & self.row_bits[opponent.index()] != 0
            && self.row_is_empty(next, opponent)
    }

    /// The first end condition of the rules (besides having no legal move)
    /// that holds in `pos`.
    ///
    /// Each condition the rules list is tested on its own flag (a branch
    /// that always goes the same way for a variant), and only when one holds
    /// are the rules' order looked at: a position that goes on, the common
    /// case, costs the tests alone.
    #[inline]
    pub(super) fn end_condition(&self, pos: &Position) -> Option<EndReason> {
        if self.narrow {
            self.end_condition_in::<2>(pos)
        } else {
            self.end_condition_in::<4>(pos)
        }
    }

    /// [`Game::end_condition`] reading the first `W` words of the board
    /// (two on a [`Game::narrow`] board).
    #[inline(always)]
    pub(super) fn end_condition_in<const W: usize>(&self, pos: &Position) -> Option<EndReason> {
        let tests = self.ends.tests;
        let tested = |reason: EndReason| tests & reason.bit() != 0;
        let words = pos.words_n::<W>();
        let mut holds = 0u16;
        let mut set = |reason: EndReason, holding: bool| holds |= reason.bit() * u16::from(holding);
        if tested(EndReason::RowEmpty) {
            let [south, north] = self.row_bytes.each_ref().map(|mask| masked(&words, mask));
            set(EndReason::RowEmpty, south == 0 || north == 0);
        }
        if tested(EndReason::CapturedMajority) {
            let total = pos.total_stones();
            let majority = pos.captured.iter().any(|&c| 2 * u32::from(c) > total);
            set(EndReason::CapturedMajority, majority);
        }
        if tested(EndReason::AllPitsAtMostOne) {
            // Every byte 0 or 1 (the unused slots are always 0).
            let at_most_one = masked(&words, &[0xFEFE_FEFE_FEFE_FEFE; 4]) == 0;
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
            let [south, north] = self.inner_bytes.each_ref().map(|mask| masked(&words, mask));
            set(EndReason::InnerRowEmpty, south == 0 || north == 0);
        }
        if holds == 0 {
            return None;
        }
        self.ends.first_holding(holds)
    }

    /// Whether the mover must feed the opponent in `pos` (inlined into the
    /// move loop: under most rules a constant or one masked read).
    #[inline(always)]
    pub(super) fn must_feed(&self, pos: &Position) -> bool {
        // Most variants never feed: one test, not a jump through the table.
        if !self.feeding {
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

    /// Whether the move to `next` from `pos` satisfies the feeding
    /// obligation: what the rules' `feed_gives` asks of a move (only asked
    /// when the mover must feed).
    fn feeds(&self, pos: &Position, next: &Successor) -> bool {
        let fed = next.position.to_move;
        match self.rules.feeding.gives {
            FeedGives::Stone => !self.row_is_empty(&next.position, fed),
            FeedGives::Move => self.can_move(&next.position, fed),
            FeedGives::Reach => self.reaches(pos, next.mv),
        }
    }

    /// Bit `i` set when a move of `pos` may be played from pit `i` as far
    /// as `first_move_from` goes: every pit but on the game's first move.
    #[inline]
    pub(super) fn opening_pits(&self, pos: &Position) -> u32 {
        match self.first_move_pits[pos.to_move.index()] {
            bits if pos.opening && bits != 0 => bits,
            _ => u32::MAX,
        }
    }

    /// Whether some lap of `mv` from `pos` sows a stone into the opponent's
    /// row (sown again on a copy: only asked in feeding positions).
    fn reaches(&self, pos: &Position, mv: Move) -> bool {
        if self.shifts(pos) {
            let opponent = self.row_bits[pos.to_move.other().index()];
            return opponent >> self.shift_target(mv) & 1 == 1;
        }
        let direction = mv.direction as usize;
        let needed = &self.reach_at[pos.to_move.index()][direction];
        let (mut board, mut reached) = (*pos, false);
        self.sow_laps(
            &mut board,
            usize::from(mv.pit),
            direction,
            |origin, stones| {
                let needed = match pos.closed {
                    0 => usize::from(needed[origin]),
                    _ => self.reach_past_closed(pos, origin, direction),
                };
                // A single stone that skips its origin goes one slot further.
                let stones = usize::from(stones) + usize::from(self.single_to_next && stones == 1);
                reached |= stones >= needed;
            },
        );
        reached
    }

    /// `reach_at` for a board with closed pits: the stones a lap from
    /// `origin` needs to sow one into the opponent's row, passing over the
    /// closed pits.
    #[cold]
    fn reach_past_closed(&self, pos: &Position, origin: usize, direction: usize) -> usize {
        let opponent = self.row_bits[pos.to_move.other().index()];
        let path = &self.sow_path[pos.to_move.index()][direction][origin][..self.path_len];
        path.iter()
            .map(|&slot| usize::from(slot))
            .filter(|&slot| !self.passes_over(pos, slot))
            .position(|slot| opponent >> slot & 1 == 1)
            .map_or(usize::MAX, |k| k + 1)
    }

    /// Whether `mv`'s first lap from `pos` does what `first_lap
    /// reaches_or_empty` asks: sows a stone into the opponent's row, or
    /// ends in a pit of the mover's row that was empty (under `first_lap
    /// single_into_empty`: a single stone falls into an empty pit).
    pub(super) fn first_lap_allowed(&self, pos: &Position, mv: Move) -> bool {
        let (origin, direction) = (usize::from(mv.pit), mv.direction as usize);
        let mover = pos.to_move;
        if self.single_needs_empty {
            return pos.pits[origin] != 1
                || self.single_into_empty(pos, mover, origin, mv.direction);
        }
        let needed = match pos.closed {
            0 => usize::from(self.reach_at[mover.index()][direction][origin]),
            _ => self.reach_past_closed(pos, origin, direction),
        };
        let stones = usize::from(pos.pits[origin]);
        if stones >= needed {
            return true;
        }
        let path = &self.sow_path[mover.index()][direction][origin][..self.path_len];
        let last = if pos.closed == 0 && !(self.single_to_next && stones == 1) {
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
    pub(super) fn may_capture(&self, pos: &Position) -> bool {
        if self.max_capturable == 0 {
            // No capture rule: a claim (and its tribute) is all there is.
            return self.claim.is_some();
        }
        let waived = pos.opening && self.opening_no_capture;
        !waived
    }

    /// Fills `out` with the legal moves of `pos` and their results.
    ///
    /// Order of the rules: the pits holding at least `min_stones` (in each
    /// direction they may sow); then the grand-slam rule; then, when the mover
    /// must feed, only the moves that feed (or the fallback when none does).
    /// Under `neither_can_move`, a player without a move passes while the
    /// opponent has one.
    pub fn successors(&self, pos: &Position, out: &mut Successors) {
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
        self.moves(pos, out);
        if out.is_empty() && out.end().is_none() && self.ends.passes {
            let mut turned = *pos;
            turned.to_move = pos.to_move.other();
            turned.opening = false;
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
    fn moves(&self, pos: &Position, out: &mut Successors) {
        let mover = pos.to_move;
        let capture = self.may_capture(pos);
        let opening = self.opening_pits(pos);
        // Bit `i`: successor `i` is a grand slam.
        let mut slams = 0u64;
        let pits = match pos.swapped {
            0 => self.playable(mover),
            _ => 0..self.pit_count,
        };
        // Closed pits hold nothing, unless they are sown into
        // (`unfilled reopens`): then they are looked at pit by pit too.
        let owned = pos.swapped | pos.claimed | pos.closed != 0;
        for pit in pits {
            if pos.pits[pit] < self.min_stones
                || opening >> pit & 1 == 0
                || (owned && !self.plays(pos, mover, pit))
            {
                continue;
            }
            for &direction in self.directions[pit] {
                let mv = Move {
                    pit: pit as u8,
                    direction,
                };
                if self.first_lap_rule && !self.first_lap_allowed(pos, mv) {
                    continue;
                }
                // Sow straight into the next free slot; it only counts once kept.
                let index = out.len();
                let slot = out.next_slot();
                slot.mv = mv;
                slot.position = *pos;
                let effect = self.sow_in_place(&mut slot.position, mv, capture);
                slot.effect = effect;
                if effect.captured > 0 && self.is_grand_slam(&slot.position, mover, &effect) {
                    match self.rules.grand_slam {
                        GrandSlam::Allowed => {}
                        GrandSlam::Forbidden => slams |= 1 << index,
                        GrandSlam::NoCapture | GrandSlam::OnlyMoveNoCapture => {
                            // When it is played, it is played without capture.
                            slams |= 1 << index;
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
        if out.is_empty() && self.singletons {
            self.single_stone_moves(pos, out, capture, opening);
        }
        // `first_lap captures` (the rules refuse a grand-slam rule on four
        // rows, and without one no slam is marked): only the moves whose
        // first lap captures, if any.
        if self.first_lap_capture {
            let moves = || out.as_slice().iter().map(|s| s.mv);
            if self.some_first_lap_captures(pos, moves()) {
                out.retain_indexed(|_, s| self.first_lap_captures(pos, s.mv));
            }
        }
        for step in self.restriction_steps {
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
        pos: &Position,
        out: &mut Successors,
        capture: bool,
        opening: u32,
    ) {
        let mover = pos.to_move;
        for pit in self.row(mover) {
            if pos.pits[pit] != 1 || opening >> pit & 1 == 0 {
                continue;
            }
            for &direction in self.directions[pit] {
                if self.single_into_empty(pos, mover, pit, direction) {
                    let mv = Move {
                        pit: pit as u8,
                        direction,
                    };
                    let (next, effect) = self.sow(pos, mv, capture);
                    out.push(Successor {
                        mv,
                        position: next,
                        effect,
                    });
                }
            }
        }
    }

    /// The grand-slam rule on the moves `out` holds (`slams`: which are
    /// grand slams); returns the slams left.
    fn drop_slams(&self, out: &mut Successors, slams: u64) -> u64 {
        let drop = match self.rules.grand_slam {
            GrandSlam::Allowed | GrandSlam::NoCapture => false,
            GrandSlam::Forbidden => true,
            // Illegal unless every move left is one.
            GrandSlam::OnlyMoveNoCapture => slams.count_ones() as usize != out.len(),
        };
        if drop && slams != 0 {
            out.retain_indexed(|i, _| slams >> i & 1 == 0);
            return 0;
        }
        slams
    }

    /// The feeding rule on the moves `out` holds: when the mover must feed,
    /// only the moves that feed, or the fallback when none does. Returns
    /// which of the moves kept are grand slams.
    fn keep_feeding(&self, pos: &Position, out: &mut Successors, slams: u64) -> u64 {
        if out.is_empty() || !self.must_feed(pos) {
            return slams;
        }
        // Which moves feed, then one pass keeping them in order.
        // u64: under `refill surplus` a player may own more than 16 pits,
        // each sown either way (up to 64 moves), as `slams` is.
        let feeding = (out.as_slice().iter().enumerate()).fold(0u64, |bits, (i, s)| {
            bits | u64::from(self.feeds(pos, s)) << i
        });
        if feeding != 0 {
            let mut kept_slams = 0u64;
            let mut kept = 0;
            out.retain_indexed(|i, _| {
                let feeds = feeding >> i & 1 == 1;
                if feeds {
                    kept_slams |= (slams >> i & 1) << kept;
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
                0
            }
        }
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// Why the move is illegal.
    pub fn play(&self, pos: &Position, mv: Move) -> Result<Successor, Illegal> {
        let mut legal = Successors::default();
        self.successors(pos, &mut legal);
        match legal.find(mv) {
            Some(s) => Ok(*s),
            None => Err(self.why_illegal(pos, mv, &legal)),
        }
    }

    /// Why `mv` is not among the legal moves `legal` of `pos`.
    pub fn why_illegal(&self, pos: &Position, mv: Move, legal: &Successors) -> Illegal {
        if legal.is_empty() {
            return Illegal::GameOver;
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
        if pit < self.pit_count && pos.is_claimed(pit) {
            return Illegal::Claimed {
                pit: label,
                owner: self.owner(pos, pit),
            };
        }
        if pit < self.pit_count && pos.is_closed(pit) && self.owner(pos, pit) == pos.to_move {
            return Illegal::Closed { pit: label };
        }
        if !self.plays(pos, pos.to_move, pit) {
            return Illegal::NotYourPit {
                pit: label,
                owner: pos.to_move.other(),
            };
        }
        if self.opening_pits(pos) >> pit & 1 == 0 {
            return Illegal::NotAnOpeningPit {
                pit: label,
                allowed: self
                    .row(pos.to_move)
                    .filter(|&p| self.opening_pits(pos) >> p & 1 == 1)
                    .map(|p| self.label(p))
                    .collect(),
            };
        }
        let min = self.rules.sowing.min_stones.max(1);
        let none_at_min = !pos.pits[self.row(pos.to_move)].iter().any(|&n| n >= min);
        if self.singletons && none_at_min && pos.pits[pit] == 1 {
            return Illegal::SingleIntoOccupied { pit: label };
        }
        if pos.pits[pit] < min {
            return Illegal::TooFewStones {
                pit: label,
                has: pos.pits[pit],
                needs: min,
            };
        }
        if !self.pit_direction(pit).allowed().contains(&mv.direction) {
            return Illegal::WrongDirection {
                pit: label,
                rule: self.pit_direction(pit),
            };
        }
        if self.first_lap_rule && !self.first_lap_allowed(pos, mv) {
            if self.single_needs_empty {
                return Illegal::SingleIntoOccupied { pit: label };
            }
            return Illegal::FirstLap { pit: label };
        }
        if self.first_lap_capture
            && !self.first_lap_captures(pos, mv)
            && self.some_first_lap_captures(pos, self.candidates_for_capture(pos, min))
        {
            return Illegal::MustCapture { pit: label };
        }
        let (next, effect) = self.sow(pos, mv, self.may_capture(pos));
        if self.rules.grand_slam != GrandSlam::Allowed
            && effect.captured > 0
            && self.is_grand_slam(&next, pos.to_move, &effect)
        {
            return Illegal::GrandSlam { pit: label };
        }
        Illegal::DoesNotFeed { pit: label }
    }
}

/// The bits of `words` (the first `W` words of a board) under `mask`,
/// folded into one word: zero exactly when every masked bit is clear.
#[inline(always)]
fn masked<const W: usize>(words: &[u64; W], mask: &[u64; 4]) -> u64 {
    words.iter().zip(mask).fold(0, |acc, (w, m)| acc | (w & m))
}
