//! Every capture rule of a variant (`capture NAME { ... }`, each compiled
//! into a [`CaptureTable`]), sorted by when the move loop looks at them:
//! where the last stone lands, inside the sowing (`on every_pit`, a last-pit
//! capture sown on), or in a sweep after the sowing; with what the loop
//! reads of them all at once (which counts and pits may be taken at all).

use super::capture::CaptureTable;
use crate::engine::width::{Narrow, PitBits, Width};
use crate::rules::{CaptureDestination, Laps, LastStone, Rules, Trigger};

/// The capture rules of a variant, sorted.
#[derive(Debug, Clone)]
pub(in crate::engine) struct CaptureRules<W: Width = Narrow> {
    /// The capture rules looking at the last pit (`on last_pit`), compiled,
    /// in the order they are tried.
    pub(in crate::engine) capture_rules: Box<[CaptureTable<W>]>,
    /// The capture rules looking inside the sowing (`on every_pit`, `on
    /// relay_landing`, and `on last_pit` with `then resows`, whose stones
    /// are sown on), in file order.
    pub(in crate::engine) sowing_rules: Box<[CaptureTable<W>]>,
    /// The capture rules that sweep the board after the sowing (`on
    /// sweep`), in file order (after the last-pit rules).
    pub(in crate::engine) sweep_rules: Box<[CaptureTable<W>]>,
    /// Whether every sweep requires a capture by the move (`requires
    /// capture`): a move that captured nothing sweeps nothing, and the
    /// sweeps are not looked at.
    pub(in crate::engine) sweeps_need_capture: bool,
    /// The largest count any rule captures (0 when none does).
    pub(in crate::engine) max_capturable: usize,
    /// `capturable[n]`: some last-pit rule captures a last pit holding `n`
    /// stones (on some row): the move loop's first, one-lookup test.
    pub(in crate::engine) capturable: [bool; 256],
    /// Per mover: bit `i` set when some rule captures from pit `i` (the
    /// first test where the last stone landed: no board read).
    pub(in crate::engine) capture_pits: [W::Set; 2],
    /// Whether every rule captures nothing on the game's first move.
    pub(in crate::engine) every_rule_waives_opening: bool,
    /// Whether there are rules inside the sowing (capture rules, or `laps
    /// relay_taking_next`): then moves are sown stone by stone
    /// (`Game::sow_laps_capturing`) and the other moves keep the
    /// table-driven laps.
    pub(in crate::engine) sowing_captures: bool,
    /// The `on every_pit` rules leave a lap's last pit to the sowing
    /// (`last_stone lifted`; the rules of a variant agree on it).
    pub(in crate::engine) every_pit_spares_last: bool,
    /// `every_pit_counts[n]`: an `on every_pit` rule may take a pit holding
    /// `n` stones.
    pub(in crate::engine) every_pit_counts: [bool; 256],
    /// Per mover: bit `i` set when an `on every_pit` rule may take pit `i`
    /// (never the store). A lap that no such rule looks at is sown by the
    /// table-driven lap, not stone by stone.
    pub(in crate::engine) every_pit_slots: [W::Set; 2],
    /// Whether some rule captures elsewhere than at the last pit (inside the
    /// sowing or by a sweep): then the last pit alone cannot tell whether a
    /// move captures.
    pub(in crate::engine) beyond_last: bool,
    /// Whether a rule's capture earns pits the mover chooses
    /// (`extra_chosen`, at most one rule's).
    pub(in crate::engine) chosen_takes: bool,
    /// Where the stones of the chosen pits go: that rule's `goes_to`.
    pub(in crate::engine) chosen_goes_to: CaptureDestination,
}

impl<W: Width> CaptureRules<W> {
    /// The capture rules of `rules` for a board whose sides are `row_bits`
    /// and inner rows `inner_bits` (per player; the same on two rows).
    pub(in crate::engine) fn new(
        rules: &Rules,
        row_bits: [W::Set; 2],
        inner_bits: [W::Set; 2],
    ) -> CaptureRules<W> {
        let stores = rules.board.stores.sown();
        let (capture_rules, others): (Vec<CaptureTable<W>>, Vec<CaptureTable<W>>) = rules
            .captures
            .iter()
            .map(|rule| CaptureTable::new(rule, row_bits, inner_bits))
            // A last-pit capture sown on goes on sowing: it is sown with
            // the captures inside the sowing.
            .partition(|table| table.on == Trigger::LastPit && !table.then.resows());
        let (sweep_rules, sowing_rules): (Vec<CaptureTable<W>>, Vec<CaptureTable<W>>) = others
            .into_iter()
            .partition(|table| table.on == Trigger::Sweep);
        let every_rule = || {
            capture_rules
                .iter()
                .chain(&sowing_rules)
                .chain(&sweep_rules)
        };
        let max_capturable = every_rule().map(|c| c.max).max().unwrap_or(0);
        let capturable = std::array::from_fn(|n| {
            (rules.captures.iter()).any(|c| c.on == Trigger::LastPit && c.captures_count(n))
        });
        let capture_pits = [0, 1].map(|m| {
            capture_rules
                .iter()
                .fold(W::Set::ZERO, |bits, c| bits | c.rows[m])
        });
        let every_rule_waives_opening = every_rule().all(|c| c.opening_no_capture);
        // A relay that captures as it goes is sown with these captures.
        let sowing_captures =
            !sowing_rules.is_empty() || rules.sowing.laps == Laps::RelayTakingNext;
        let every_pit_spares_last = (rules.captures.iter())
            .any(|c| c.on == Trigger::EveryPit && c.last_stone == LastStone::Lifted);
        let every_pit_counts = std::array::from_fn(|n| {
            (sowing_rules.iter()).any(|c| c.on == Trigger::EveryPit && c.takes_count(n))
        });
        let every_pit_slots = [0, 1].map(|m| {
            let every_pit = sowing_rules.iter().filter(|c| c.on == Trigger::EveryPit);
            let slots = every_pit.fold(W::Set::ZERO, |bits, c| bits | c.rows[m]);
            if stores {
                slots & !W::Set::bit(W::STORE_SLOT)
            } else {
                slots
            }
        });
        let beyond_last = sowing_captures || !sweep_rules.is_empty();
        let sweeps_need_capture = sweep_rules.iter().all(|c| c.requires_capture);
        let chosen = rules.captures.iter().find(|c| c.extra_chosen != 0);
        CaptureRules {
            chosen_takes: chosen.is_some(),
            chosen_goes_to: chosen.map_or(CaptureDestination::Mover, |c| c.goes_to),
            capture_rules: capture_rules.into(),
            sowing_rules: sowing_rules.into(),
            sweep_rules: sweep_rules.into(),
            sweeps_need_capture,
            max_capturable,
            capturable,
            capture_pits,
            every_rule_waives_opening,
            sowing_captures,
            every_pit_spares_last,
            every_pit_counts,
            every_pit_slots,
            beyond_last,
        }
    }
}
