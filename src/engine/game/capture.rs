//! Captures as a move plays them: the capture rules' tables
//! ([`CaptureTable`], compiled in `component/capture.rs`) applied where the
//! last stone lands and by the sweeps after the sowing, and the fast path's
//! look ahead at them (whether a move may capture, whether it would be a
//! grand slam) without sowing.

use super::Game;
use crate::engine::component::capture::CaptureTable;
use crate::engine::effect::Effect;
use crate::engine::position::{Move, Player, Position};
use crate::engine::width::{PitBits, Width};

use crate::rules::{Chain, Take};

/// What one rule takes: the stones by the row they were in (South's,
/// North's), and bit `i` set when pit `i` is taken.
#[derive(Debug, Default)]
struct Taking<W: Width> {
    by_row: [u16; 2],
    pits: W::Set,
}

impl<W: Width> Game<W> {
    /// The pit before / after each pit along a rule's chain, if it has one.
    pub(super) fn chain_step(&self, chain: Chain, direction: usize) -> Option<&W::PerSlot<u8>> {
        match chain {
            Chain::None => None,
            Chain::Backward => Some(&self.sowing.before[direction]),
            Chain::Forward => Some(&self.sowing.after[direction]),
        }
    }

    /// The pits next to `pit` in its row: one on each side, none round the
    /// end of the row.
    #[inline]
    fn row_neighbours(&self, pit: usize) -> impl Iterator<Item = usize> {
        let (per_side, pit_count) = (self.board.per_side, self.board.pit_count);
        [pit.wrapping_sub(1), pit + 1]
            .into_iter()
            .filter(move |&n| n < pit_count && n / per_side == pit / per_side)
    }

    /// Whether `mv` from `pos` might capture: false when its sowing is one
    /// lap and the last stone lands in the store, or in a pit that no rule
    /// takes (outside its rows, or holding a count it does not capture);
    /// true otherwise (including every relay sowing, and every variant with
    /// a rule that captures during the sowing or sweeps). Sows nothing: the
    /// count in the last pit comes from the stones and the path.
    #[inline]
    pub(in crate::engine) fn may_capture_with(&self, pos: &Position<W>, mv: Move) -> bool {
        if self.sowing.laps != crate::rules::Laps::Single
            || pos.closed != W::Set::ZERO
            || self.captures.beyond_last
            || self.sowing.single_to_next
            || self.claim.is_some()
        {
            return true;
        }
        let origin = usize::from(mv.pit);
        let mover = pos.to_move.index();
        let path = &self.sowing.sow_path[mover][mv.direction as usize][origin];
        let stones = usize::from(pos.pits[origin]);
        let k = self.last_index(stones);
        let last = usize::from(path[k]);
        if self.is_any_store(last) || !self.captures.capture_pits[mover].has(last) {
            return false;
        }
        let before = if last == origin {
            0
        } else {
            usize::from(pos.pits[last])
        };
        let (laps, rest) = self.sowing.lap_split[stones];
        let count = before + usize::from(laps) + usize::from(k < usize::from(rest));
        if !self
            .captures
            .capturable
            .get(count)
            .copied()
            .unwrap_or(false)
        {
            return false;
        }
        match &*self.captures.capture_rules {
            // One rule: the tests above were its own.
            [rule] => rule.applies(pos),
            rules => rules
                .iter()
                .any(|rule| rule.applies(pos) && rule.qualifies(mover, last, count)),
        }
    }

    /// Whether `mv` from `pos` would be a grand slam (capture from the
    /// opponent's row and leave it empty), if capturing is allowed. Exact and
    /// without sowing for one-lap sowings whose rules take pits by their
    /// count: the count each pit would hold comes from `path_index` and
    /// `lap_split`, and each rule's chain is walked on those counts, in
    /// order, a pit taken at most once. Other rules, and boards with closed
    /// pits, sow a copy.
    pub(in crate::engine) fn would_grand_slam(&self, pos: &Position<W>, mv: Move) -> bool {
        if !self.slam_row_held(pos) {
            return false;
        }
        if let Some(packed) = &self.packed {
            if packed.whole_moves && pos.closed == W::Set::ZERO {
                return self.packed_grand_slam(packed, pos, mv);
            }
        }
        if !self.may_capture_with(pos, mv) {
            return false;
        }
        let mover = pos.to_move;
        if !self.legality.slam_screen || pos.closed != W::Set::ZERO {
            let mut next = *pos;
            let effect = self.sow_in_place(&mut next, mv, true);
            return effect.captured > 0 && self.is_grand_slam(true, &next, mover, &effect);
        }
        let (m, direction, origin) = (mover.index(), mv.direction as usize, usize::from(mv.pit));
        let index = &self.sowing.path_index[m][direction][origin];
        let stones = usize::from(pos.pits[origin]);
        let (laps, rest) = self.sowing.lap_split[stones];
        let count = |pit: usize| {
            let before = if pit == origin { 0 } else { pos.pits[pit] };
            let k = index[pit];
            let dropped = if k == u8::MAX {
                0
            } else {
                laps + u8::from(k < rest)
            };
            usize::from(before) + usize::from(dropped)
        };
        let last = usize::from(self.sowing.sow_path[m][direction][origin][self.last_index(stones)]);
        let (mut taken, mut captured) = (W::Set::ZERO, 0);
        for rule in self
            .captures
            .capture_rules
            .iter()
            .filter(|r| r.applies(pos))
        {
            // A pit taken by an earlier rule holds nothing: it never qualifies.
            let qualifies =
                |taken: W::Set, pit: usize| !taken.has(pit) && rule.qualifies(m, pit, count(pit));
            if !qualifies(taken, last) {
                continue;
            }
            let step = self.chain_step(rule.chain, direction);
            let mut pit = last;
            for _ in 0..self.board.pit_count {
                taken |= W::Set::bit(pit);
                captured += count(pit);
                let Some(step) = step else { break };
                pit = usize::from(step[pit]);
                if !qualifies(taken, pit) {
                    break;
                }
            }
        }
        let opponent = self.board.row_bits[mover.other().index()];
        captured > 0
            && taken & opponent != W::Set::ZERO
            && self
                .row(mover.other())
                .all(|pit| taken.has(pit) || count(pit) == 0)
    }

    /// Tries each capture rule, in order, on the pit `last` where the last
    /// stone landed (a pit is taken at most once). Always inlined into the
    /// move loop (once per instance of the sowing), so that `effect` stays
    /// out of memory there: called, it cost twice as much.
    #[inline(always)]
    pub(super) fn capture(
        &self,
        pos: &mut Position<W>,
        mover: Player,
        last: usize,
        direction: usize,
        effect: &mut Effect<W>,
    ) {
        let m = mover.index();
        if !self.captures.capture_pits[m].has(last)
            || !self.captures.capturable[usize::from(pos.pits[last])]
        {
            return;
        }
        // A claimed pit is never captured, nor a closed one (which holds
        // stones only under `unfilled reopens` or `unplayed`, and is
        // captured from under `unplayed`): taken as captured already while
        // the rules look (every take skips the pits of `captured_pits`).
        let closed = pos.closed & !self.rounds.closed_capturable;
        let claimed = (pos.claimed | closed) & !effect.captured_pits;
        effect.captured_pits |= claimed;
        for rule in self.captures.capture_rules.iter() {
            if rule.applies(pos) {
                self.capture_by(rule, pos, mover, last, direction, effect);
            }
        }
        effect.captured_pits &= !claimed;
    }

    /// Takes what `rule` takes when `last` qualifies: the last pit and its
    /// chain, or the facing pit as its `take` says. Always inlined into the
    /// move loop, so that `effect` can stay out of memory there.
    #[inline(always)]
    fn capture_by(
        &self,
        rule: &CaptureTable<W>,
        pos: &mut Position<W>,
        mover: Player,
        last: usize,
        direction: usize,
        effect: &mut Effect<W>,
    ) {
        let m = mover.index();
        let qualifies = |pos: &Position<W>, pit: usize| {
            !effect.captured_pits.has(pit) && rule.qualifies(m, pit, usize::from(pos.pits[pit]))
        };
        if !qualifies(pos, last) {
            return;
        }
        let mut taking = Taking::default();
        // North's row, by bit: no division by the row length per pit taken
        // (under `goes_to owner`, North's pits: its row's, less and plus
        // those that changed hands).
        let north = self.board.row_bits[Player::North.index()] ^ (pos.swapped & rule.owner_swap);
        let lift = |taking: &mut Taking<W>, pos: &mut Position<W>, pit: usize| {
            taking.by_row[usize::from(north.has(pit))] += u16::from(pos.pits[pit]);
            pos.pits[pit] = 0;
            // A closed pit is never captured (it holds nothing).
            taking.pits |= W::Set::bit(pit) & !pos.closed;
        };
        // Whether a chain stops before `pit`: a pit taken already, or one
        // that does not qualify. Under `chain_judged as_sown` (`sown`, the
        // counts as the sowing left them), a pit this rule took goes on
        // with the chain when it qualified as sown, with nothing left.
        let chain_ends =
            |taking: &Taking<W>, pos: &Position<W>, sown: Option<&W::Array>, pit: usize| {
                let ends = (taking.pits | effect.captured_pits).has(pit)
                    || !rule.qualifies(m, pit, usize::from(pos.pits[pit]));
                ends && !sown.is_some_and(|sown| {
                    !effect.captured_pits.has(pit) && rule.qualifies(m, pit, usize::from(sown[pit]))
                })
            };
        // The counts as sown, kept only for `chain_judged as_sown`.
        let sown = if rule.chain_as_sown {
            Some(pos.pits)
        } else {
            None
        };
        match rule.take {
            Take::Last => {
                let step = self.chain_step(rule.chain, direction);
                let mut pit = last;
                for _ in 0..self.board.pit_count {
                    lift(&mut taking, pos, pit);
                    let Some(step) = step else { break };
                    pit = usize::from(step[pit]);
                    if chain_ends(&taking, pos, sown.as_ref(), pit) {
                        break;
                    }
                }
            }
            Take::Neighbours => {
                lift(&mut taking, pos, last);
                for pit in self.row_neighbours(last) {
                    if qualifies(pos, pit) {
                        lift(&mut taking, pos, pit);
                    }
                }
            }
            // Four rows (Tsoro): the facing inner pit and the outer pit
            // behind it, as `take` says; the last stone stays.
            Take::OppositeAndBehind
            | Take::OppositeAndBehindBoth
            | Take::OppositeAndBehindEach
            | Take::BehindPastEmpty => {
                let pits = self.resown(rule, pos, last);
                if pits & effect.captured_pits != W::Set::ZERO {
                    if rule.extra_chosen != 0 {
                        // An earlier rule took them: a landing still earns.
                        self.earn_takes(rule, pos, W::Set::ZERO, 0);
                    }
                    return;
                }
                // The pits taken, lowest first, bit by bit (not pit by pit
                // along the board).
                let mut rest = pits;
                while rest != W::Set::ZERO {
                    lift(&mut taking, pos, rest.trailing_zeros() as usize);
                    rest = rest.without_lowest();
                }
            }
            Take::LastAndOppositeEvenEmpty if rule.chain != Chain::None => {
                // Each pit of the chain is taken with the pit facing it.
                let step = self.chain_step(rule.chain, direction);
                let mut pit = last;
                for _ in 0..self.board.pit_count {
                    lift(&mut taking, pos, pit);
                    let opposite = self.board.pit_count - 1 - pit;
                    let free = !(taking.pits | effect.captured_pits).has(opposite);
                    if free && rule.facing[usize::from(pos.pits[opposite])] {
                        lift(&mut taking, pos, opposite);
                    }
                    let Some(step) = step else { break };
                    pit = usize::from(step[pit]);
                    if chain_ends(&taking, pos, sown.as_ref(), pit) {
                        break;
                    }
                }
            }
            Take::Next => {
                let next = usize::from(self.sowing.after[direction][last]);
                if !effect.captured_pits.has(next) && pos.pits[next] > 0 {
                    lift(&mut taking, pos, next);
                }
            }
            Take::TwoOut => {
                // Across an empty pit to an occupied one, then on while the
                // pits alternate so (with a chain); never back to the last.
                let after = &self.sowing.after[direction];
                let mut pit = last;
                for _ in 0..self.board.pit_count {
                    let gap = usize::from(after[pit]);
                    let next = usize::from(after[gap]);
                    let free = !(taking.pits | effect.captured_pits).has(next);
                    if pos.pits[gap] != 0 || pos.pits[next] == 0 || next == last || !free {
                        break;
                    }
                    lift(&mut taking, pos, next);
                    if rule.chain == Chain::None {
                        break;
                    }
                    pit = next;
                }
            }
            take => {
                let opposite = self.board.pit_count - 1 - last;
                let opposite_free = !effect.captured_pits.has(opposite);
                let held = pos.pits[opposite];
                if !opposite_free
                    || !rule.facing[usize::from(held)]
                    || (held == 0 && take != Take::LastAndOppositeEvenEmpty)
                {
                    return;
                }
                lift(&mut taking, pos, opposite);
                if take != Take::Opposite {
                    lift(&mut taking, pos, last);
                }
            }
        }
        let Taking { by_row, pits } = taking;
        effect.captured_pits |= pits;
        let captured = rule.credit(pos, m, by_row);
        effect.captured += captured;
        if rule.extra_chosen != 0 {
            self.earn_takes(rule, pos, pits, captured);
        }
    }
}

impl<W: Width> Game<W> {
    /// Whether a move that captured as `effect` says (before the sweeps)
    /// may sweep: the rules have a sweep, and a move that captured nothing
    /// is not looked at when every sweep requires a capture.
    #[inline(always)]
    pub(super) fn sweeps_after(&self, effect: &Effect<W>) -> bool {
        !self.captures.sweep_rules.is_empty()
            && (effect.captured != 0 || !self.captures.sweeps_need_capture)
    }

    /// The sweeps (`on sweep`), in order, once the sowing and the last-pit
    /// rules are done: each takes every pit of its rows that holds one of
    /// its counts (a rule with `board_at_most` only when the board holds
    /// no more than that). Only variants with a sweep call this.
    pub(super) fn sweep(&self, pos: &mut Position<W>, mover: Player, effect: &mut Effect<W>) {
        let m = mover.index();
        for rule in self.captures.sweep_rules.iter() {
            // The board is counted only for a rule with `board_at_most`.
            if !rule.applies(pos)
                || (rule.requires_capture && effect.captured == 0)
                || (rule.board_at_most != u32::MAX && pos.board_stones() > rule.board_at_most)
            {
                continue;
            }
            let mut by_row = [0u16; 2];
            let north =
                self.board.row_bits[Player::North.index()] ^ (pos.swapped & rule.owner_swap);
            // The pits taken, gathered first without a branch a pit (whether
            // a pit is taken depends on its count: a processor cannot
            // predict it), sixteen at once for a rule of a few counts on a
            // board of at most 16 pits, then emptied: usually none or one.
            let mut taken = match &rule.count_patterns {
                Some(patterns) if self.board.narrow => {
                    let pits = pos.first_16_holding_one_of(patterns);
                    (W::Set::byte_at(pits as u8, 0) | W::Set::byte_at((pits >> 8) as u8, 1))
                        & rule.rows[m]
                }
                _ => {
                    let (mut rows, mut taken) = (rule.rows[m], W::Set::ZERO);
                    while rows != W::Set::ZERO {
                        let pit = rows.trailing_zeros() as usize;
                        rows = rows.without_lowest();
                        taken |= W::Set::bit_if(rule.takes_count(usize::from(pos.pits[pit])), pit);
                    }
                    taken
                }
            };
            effect.captured_pits |= taken;
            while taken != W::Set::ZERO {
                let pit = taken.trailing_zeros() as usize;
                taken = taken.without_lowest();
                by_row[usize::from(north.has(pit))] += u16::from(pos.pits[pit]);
                pos.pits[pit] = 0;
            }
            effect.captured += rule.credit(pos, m, by_row);
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::{
        engine::{Effect, Game, Player, MAX_PITS},
        variants,
    };

    /// On every shipped variant and reading with a sweep, a sweep whose
    /// counts are compared sixteen pits at once takes what the same sweep
    /// looking at each pit takes, from random boards of every number of
    /// stones (so that `board_at_most` applies too), for both movers, after
    /// a move that captured and one that did not.
    #[test]
    fn a_sweep_of_a_few_counts_takes_what_a_look_at_each_pit_takes() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut sweeping, mut taken) = (0, 0);
        let names = variants::narrow_shipped_names_and_readings();
        for name in names {
            let game: Game = Game::new(variants::load(&name).unwrap().rules);
            if !(game.captures.sweep_rules.iter()).any(|rule| rule.count_patterns.is_some()) {
                continue;
            }
            sweeping += 1;
            // The same game with every sweep looking at each pit.
            let mut by_pit = game.clone();
            let mut rules = by_pit.captures.sweep_rules.to_vec();
            for rule in &mut rules {
                rule.count_patterns = None;
            }
            by_pit.captures.sweep_rules = rules.into();
            let total = game.start().board_stones();
            for _ in 0..2000 {
                let mut pos = game.start();
                pos.pits = [0; MAX_PITS];
                for _ in 0..rng.random_range(0..=total) {
                    // Dealt more to the low pits than the high, so that
                    // small and large counts both show up.
                    let pit = rng.random_range(0..game.pit_count());
                    pos.pits[pit.min(rng.random_range(0..game.pit_count()))] += 1;
                }
                for mover in Player::BOTH {
                    for captured in [0, 1] {
                        let (mut fast, mut slow) = (pos, pos);
                        let mut fast_effect = Effect {
                            captured,
                            ..Effect::default()
                        };
                        let mut slow_effect = fast_effect;
                        game.sweep(&mut fast, mover, &mut fast_effect);
                        by_pit.sweep(&mut slow, mover, &mut slow_effect);
                        assert_eq!(
                            (fast, fast_effect),
                            (slow, slow_effect),
                            "{name}: {mover:?} from {:?}",
                            pos.pits
                        );
                        taken += u32::from(fast_effect.captured > captured);
                    }
                }
            }
        }
        assert!(sweeping >= 4, "only {sweeping} variants with sweeps");
        assert!(taken > 1000, "only {taken} sweeps took stones");
    }
}
