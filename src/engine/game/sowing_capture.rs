//! Captures inside the sowing: `on every_pit` (a pit a stone makes hold a
//! count is taken as the stone drops, Obridje) and `on relay_landing` (a
//! relay lap ending in a pit that reaches a count takes it instead of
//! lifting it, then stops or sows on from the next pit: Meusueb), and a
//! last-pit capture whose stones are sown on (`on last_pit` with `then
//! resows`: Tsoro's re-entered captures), and the relay of `laps
//! relay_taking_next`, which captures the pit after each landing pit. Only
//! variants with such a rule sow here, stone by stone; the others keep the
//! table-driven laps of [`Game::sow_laps`].

use super::{Game, LapsEnd, MAX_RELAYS};
use crate::engine::component::capture::{credit_to, CaptureTable};
use crate::engine::position::Position;
use crate::engine::width::{PitBits, Width};
use crate::rules::{AfterCapture, CaptureDestination, Laps, Take, Trigger};

impl<W: Width> Game<W> {
    /// [`Game::sow_laps`] for variants with rules that capture during the
    /// sowing (when `capture` is true): sows the laps of a move from `first`
    /// stone by stone, passing over closed pits, and takes what those rules
    /// take, adding the stones to `taken.0` and the pits to `taken.1`.
    /// Returns the last stone's slot, how the laps ended (never a cycle: the
    /// rules refuse one with these triggers; stopped by `test_after lap`
    /// after a lap that relays, with what it took) and how many laps were
    /// sown. `on_lap(origin, stones, direction, resown)` is called
    /// before each lap (`then resows_from_end` may turn the move round;
    /// `resown`: the lap sows stones a capture took, not its origin's).
    pub(super) fn sow_laps_capturing(
        &self,
        pos: &mut Position<W>,
        first: usize,
        mut direction: usize,
        capture: bool,
        taken: (&mut u16, &mut W::Set),
        mut on_lap: impl FnMut(usize, u8, usize, bool),
    ) -> (usize, LapsEnd, usize) {
        let (captured, pits) = taken;
        let m = pos.to_move.index();
        // The rules in force for this move, by trigger (the first move's
        // waiver holds for the whole move).
        let opening = pos.opening;
        let in_force = |on: Trigger| {
            self.captures.sowing_rules.iter().filter(move |rule| {
                capture && rule.on == on && !(opening && rule.opening_no_capture)
            })
        };
        let (mut origin, mut last) = (first, first);
        // Stones in hand that no pit gave (a `then resows` capture's), sown
        // from the pit after `origin`, which keeps its own.
        let mut hand = None;
        // Pits an `on every_pit` rule in force may take, for this mover.
        let watched = if capture {
            self.captures.every_pit_slots[m]
        } else {
            W::Set::ZERO
        };
        // Whether the move's first lap ended in a capture (`requires
        // first_lap`: a move whose first lap did not capture captures
        // nothing later).
        let mut first_captured = false;
        // Whether the lap being sown is the last (`then resows_and_stops`:
        // the captured stones end the move where they end).
        let mut last_lap = false;
        for relays in 0..=MAX_RELAYS as usize {
            // `then resows_from_end` may turn the move round.
            let path = &self.sowing.sow_path[m][direction][origin][..self.sowing.path_len];
            let sown = hand.unwrap_or(pos.pits[origin]);
            // What the move had taken before this lap (`laps
            // relay_until_lap_captures`: a lap that takes ends the move).
            let before_lap = *captured;
            match hand.take() {
                // A lap that no rule looks inside: the table-driven lap.
                None if watched == W::Set::ZERO => {
                    on_lap(origin, pos.pits[origin], direction, false);
                    last = self.sow_any_lap(pos, path, origin);
                }
                hand => {
                    let resown = hand.is_some();
                    let stones = hand.unwrap_or_else(|| std::mem::take(&mut pos.pits[origin]));
                    on_lap(origin, stones, direction, resown);
                    last = self
                        .sow_watched_lap(pos, path, stones, watched, |pos, slot, lap_end| {
                            for rule in in_force(Trigger::EveryPit).filter(|r| !r.after_lap) {
                                let count = usize::from(pos.pits[slot]);
                                if rule.qualifies(m, slot, count) {
                                    let to = match lap_end {
                                        true => rule.last_goes_to,
                                        false => rule.goes_to(),
                                    };
                                    *captured += self.take_pit(to, pos, m, slot);
                                    *pits |= W::Set::bit(slot);
                                }
                            }
                        })
                        .unwrap_or(last);
                }
            }
            // Rules that look once the lap is sown (`looked_at after_lap`).
            let spared = self.left_to_last_pit_capture(pos, m, last, direction, capture);
            for rule in in_force(Trigger::EveryPit).filter(|r| r.after_lap) {
                let lap = (origin, last, sown);
                let took = self.take_lap_span(rule, pos, m, lap, direction, spared);
                *captured += took.0;
                *pits |= took.1;
            }
            if last_lap {
                return (last, LapsEnd::Done, relays + 1);
            }
            // A lap that relays may end in a relay-landing capture; one that
            // ends the move, in a last-pit capture sown on (`then resows`).
            let mut relay = self.relay_from(pos, last, direction);
            if relay.is_some()
                && self.sowing.laps == Laps::RelayUntilLapCaptures
                && *captured != before_lap
            {
                relay = None;
            }
            // On a board with closed pits, a last pit past the look that
            // holds a count it takes ends the move, neither taken nor lifted.
            if relay.is_some() && self.passed_over(pos) != W::Set::ZERO {
                let count = usize::from(pos.pits[last]);
                let unseen = in_force(Trigger::EveryPit)
                    .any(|r| r.after_lap && !r.spares_last && r.qualifies(m, last, count));
                if unseen {
                    relay = None;
                }
            }
            let trigger = match relay {
                Some(_) => Trigger::RelayLanding,
                None => Trigger::LastPit,
            };
            let landing = in_force(trigger).find(|rule| {
                (relays == 0 || first_captured || !rule.requires_first_lap)
                    && rule.qualifies(m, last, usize::from(pos.pits[last]))
                    && (!rule.then.resows() || self.resown(rule, pos, last) != W::Set::ZERO)
            });
            first_captured |= relays == 0 && landing.is_some();
            origin = match (landing, relay) {
                (None, Some(relay)) if self.sowing.laps == Laps::RelayTakingNext => {
                    // The pit after the landing pit goes to the mover, and
                    // the landing pit's stones are sown on.
                    let next = usize::from(self.sowing.after[direction][last]);
                    *captured += self.take_pit(CaptureDestination::Mover, pos, m, next);
                    *pits |= W::Set::bit(next);
                    // `test_after lap`: a capture may leave the game over.
                    if self.ends.lap_test && self.lap_ends_game(pos) {
                        return (last, LapsEnd::Stopped, relays + 1);
                    }
                    relay
                }
                (None, Some(relay)) => {
                    // `test_after lap`: the lap (and what it took) may
                    // leave the game over.
                    if self.ends.lap_test && self.lap_ends_game(pos) {
                        return (last, LapsEnd::Stopped, relays + 1);
                    }
                    relay
                }
                (None, None) => return (last, LapsEnd::Done, relays + 1),
                // At the bound on relays the move is cut where it stands:
                // nothing is lifted that no lap would sow.
                (Some(rule), _) if rule.then.resows() && relays == MAX_RELAYS as usize => {
                    return (last, LapsEnd::Cut, relays + 1);
                }
                (Some(rule), _) if rule.then.resows() => {
                    let pits_taken = self.resown(rule, pos, last);
                    let kept = match rule.then {
                        AfterCapture::ResowsBehindAndStops => {
                            self.facing_kept(pos, pits_taken, last)
                        }
                        _ => 0,
                    };
                    let stones = self.lift_pits(pos, pits_taken) - kept;
                    pos.pits[last] += kept;
                    // Re-sown stones count again at each capture: a long
                    // cycle of captures must not overflow the count.
                    *captured = captured.saturating_add(u16::from(stones));
                    *pits |= pits_taken;
                    hand = Some(stones);
                    last_lap = matches!(
                        rule.then,
                        AfterCapture::ResowsAndStops | AfterCapture::ResowsBehindAndStops
                    );
                    // Sown from the pit after the landing pit, after the
                    // capturing lap's own origin, or from a kichwa (the
                    // pit before it in the way the move goes on).
                    match rule.then {
                        AfterCapture::ResowsFromLapStart => origin,
                        // Sown the pits' own way, and the move relays
                        // from the landing pit wherever they end.
                        AfterCapture::ResowsFromLapStartRelaysLanding => {
                            hand = None;
                            self.resow_own_way(pos, (m, origin, direction), stones, &mut on_lap);
                            last
                        }
                        AfterCapture::ResowsFromEnd => {
                            let (kichwa, way) = self.kichwa(m, last, direction);
                            direction = way;
                            usize::from(self.sowing.before[way][kichwa])
                        }
                        _ => last,
                    }
                }
                (Some(rule), _) => {
                    *captured += self.take_pit(rule.goes_to(), pos, m, last);
                    *pits |= W::Set::bit(last);
                    let next = usize::from(self.sowing.after[direction][last]);
                    if rule.then == AfterCapture::Stops || pos.pits[next] == 0 {
                        return (last, LapsEnd::Done, relays + 1);
                    }
                    // `test_after lap`: the capture may leave the game
                    // over before the next pit is sown on.
                    if self.ends.lap_test && self.lap_ends_game(pos) {
                        return (last, LapsEnd::Stopped, relays + 1);
                    }
                    next
                }
            };
        }
        (last, LapsEnd::Cut, MAX_RELAYS as usize + 1)
    }

    /// `then resows_from_lap_start_relays_landing`: sows the `stones` a
    /// capture took round mover `m`'s pits from the pit after `origin`
    /// (the capturing lap's), the way `origin` sows of its own whichever
    /// way the move (`direction`) goes; no `on every_pit` rule looks (the
    /// rules refuse one beside it).
    #[cold]
    fn resow_own_way(
        &self,
        pos: &mut Position<W>,
        (m, origin, direction): (usize, usize, usize),
        stones: u8,
        on_lap: &mut impl FnMut(usize, u8, usize, bool),
    ) {
        let own = self.pit_direction(origin).allowed();
        let way = match own.iter().any(|&way| way as usize == direction) {
            true => direction,
            false => own[0] as usize,
        };
        on_lap(origin, stones, way, true);
        let path = &self.sowing.sow_path[m][way][origin][..self.sowing.path_len];
        self.sow_watched_lap(pos, path, stones, W::Set::ZERO, |_, _, _| {});
    }

    /// Sows `stones` in hand along `path` stone by stone, passing over
    /// closed pits, and calls `look(pos, slot)` after a stone drops into a
    /// slot whose bit is set in `watched`, making it hold a count an `on
    /// every_pit` rule may take (`lap_end`: the lap's last stone; not
    /// looked at under `last_stone lifted`). Returns the slot of the last
    /// stone, none when the hand was empty.
    #[inline]
    fn sow_watched_lap(
        &self,
        pos: &mut Position<W>,
        path: &[u8],
        mut stones: u8,
        watched: W::Set,
        mut look: impl FnMut(&mut Position<W>, usize, bool),
    ) -> Option<usize> {
        let mut last = None;
        if path.is_empty() {
            return last;
        }
        // Round the path by index (an iterator's `cycle().skip()` cost a
        // tenth of the lap in obridje); a single stone that skips its
        // origin (`origin_unless_single`) starts one further.
        let mut next = usize::from(self.sowing.single_to_next && stones == 1);
        while stones != 0 {
            if next == path.len() {
                next = 0;
            }
            let slot = usize::from(path[next]) % W::SLOTS;
            next += 1;
            if pos.closed != W::Set::ZERO && self.passes_over(pos, slot) {
                continue;
            }
            pos.pits[slot] += 1;
            stones -= 1;
            last = Some(slot);
            if watched.has(slot)
                && self.captures.every_pit_counts[usize::from(pos.pits[slot])]
                && !(stones == 0 && self.captures.every_pit_spares_last)
            {
                look(pos, slot, stones == 0);
            }
        }
        last
    }

    /// `looked_at after_lap`: takes for `rule` every pit that qualifies
    /// from the lap's origin on to its last pit (the lap: its origin, last
    /// pit and the stones it sowed), walking the way the lap went and at
    /// most once round the board (short of the last pit when the rule
    /// spares it; under `after_lap_round`, the whole board when the lap went
    /// round to end in its origin), `mover` having moved; on a board with
    /// closed pits the look ends as many pits from the origin as the lap
    /// sowed stones, the closed pits counted (short of the last pit by the
    /// closed pits the lap passed over), once round the board at most.
    /// Returns the stones and the pits taken.
    fn take_lap_span(
        &self,
        rule: &CaptureTable<W>,
        pos: &mut Position<W>,
        mover: usize,
        (origin, last, sown): (usize, usize, u8),
        direction: usize,
        spared: W::Set,
    ) -> (u16, W::Set) {
        let (mut stones, mut pits) = (0, W::Set::ZERO);
        let end = match rule.spares_last {
            true => usize::from(self.sowing.before[direction][last]),
            false => last,
        };
        // Where closed pits were passed over, the look ends as many steps
        // from the origin as the stones, once round the board at most.
        let steps = match self.passed_over(pos) == W::Set::ZERO {
            true => None,
            false => {
                let stones = usize::from(sown).saturating_sub(usize::from(rule.spares_last));
                Some(stones % self.pit_count())
            }
        };
        let mut slot = origin;
        for step in 0..self.pit_count() {
            if !spared.has(slot) && rule.qualifies(mover, slot, usize::from(pos.pits[slot])) {
                let to = match slot == last {
                    true => rule.last_goes_to,
                    false => rule.goes_to(),
                };
                stones += self.take_pit(to, pos, mover, slot);
                pits |= W::Set::bit(slot);
            }
            // A lap that ended in its origin went round the board.
            let round = rule.lap_round_whole && step == 0 && origin == last;
            let at_end = match steps {
                None => slot == end && !round,
                Some(steps) => step == steps,
            };
            if at_end {
                break;
            }
            slot = usize::from(self.sowing.after[direction][slot]);
        }
        (stones, pits)
    }

    /// The pits (a mask) an `after_lap` look leaves to the last-pit capture:
    /// on a board with closed pits, where the lap ends the move and a
    /// last-pit rule takes the pit after the last (`take next`), that pit,
    /// which the look may reach round the board (Ludii's Pallankuli takes
    /// it for the mover before it looks for fours). None otherwise. Inlined
    /// into the lap loop: most laps are on a board without closed pits.
    #[inline]
    fn left_to_last_pit_capture(
        &self,
        pos: &Position<W>,
        mover: usize,
        last: usize,
        direction: usize,
        capture: bool,
    ) -> W::Set {
        match capture && self.passed_over(pos) != W::Set::ZERO {
            true => self.left_past_closed_pits(pos, mover, last, direction),
            false => W::Set::ZERO,
        }
    }

    /// [`Game::left_to_last_pit_capture`] on a board with closed pits, for
    /// a move that may capture.
    #[cold]
    #[inline(never)]
    fn left_past_closed_pits(
        &self,
        pos: &Position<W>,
        mover: usize,
        last: usize,
        direction: usize,
    ) -> W::Set {
        if self.relay_from(pos, last, direction).is_some() {
            return W::Set::ZERO;
        }
        let count = usize::from(pos.pits[last]);
        let takes_next = (self.captures.capture_rules.iter()).any(|rule| {
            rule.take == Take::Next && rule.applies(pos) && rule.qualifies(mover, last, count)
        });
        match takes_next {
            true => W::Set::bit(usize::from(self.sowing.after[direction][last])),
            false => W::Set::ZERO,
        }
    }

    /// Takes every stone of `pit` for `to`, `mover` having moved; returns
    /// how many.
    fn take_pit(
        &self,
        to: CaptureDestination,
        pos: &mut Position<W>,
        mover: usize,
        pit: usize,
    ) -> u16 {
        let mut by_row = [0; 2];
        // Under `owner`, the row of the player who owns the pit.
        let swapped = to == CaptureDestination::Owner && pos.is_swapped(pit);
        by_row[(pit / self.board.per_side) ^ usize::from(swapped)] = u16::from(pos.pits[pit]);
        pos.pits[pit] = 0;
        credit_to(to, pos, mover, by_row)
    }
}
