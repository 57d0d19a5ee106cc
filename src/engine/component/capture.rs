//! A capture rule (`capture NAME { ... }`), compiled: which counts and rows
//! it takes from, how it chains, where the stones go, and when it looks.
//! How a capture is played is in the game's capture step
//! (`game/capture.rs`); this is the rule's table.

use crate::engine::position::{Player, Position};
use crate::engine::width::{Narrow, PitBits, Width};
use crate::rules::{
    AfterCapture, CaptureDestination, CaptureRule, CaptureSide, Chain, ChainJudged, ExtraAfter,
    FirstMove, LastStone, LookedAt, Requires, Take, Trigger,
};

/// The most capturable counts a rule's [`CaptureTable::count_patterns`]
/// holds: enough for every sweep of the shipped variants (Hoyito's 1 2 3
/// 4), and the four comparisons of [`Position::first_16_holding_one_of`].
pub(in crate::engine) const COUNT_PATTERNS: usize = 4;

/// One capture rule compiled for the move loop.
#[derive(Debug, Clone)]
pub(in crate::engine) struct CaptureTable<W: Width = Narrow> {
    /// `capturable[n]`: a pit that holds `n` stones may be captured.
    pub(in crate::engine) capturable: [bool; 256],
    /// The largest capturable count.
    pub(in crate::engine) max: usize,
    /// The capturable counts, each repeated in every byte of a word (the
    /// last repeated to fill the array), when there are at most
    /// [`COUNT_PATTERNS`] of them: a sweep on a board of at most 16 pits
    /// then finds the pits it takes all at once
    /// ([`Position::first_16_holding_one_of`]). `None` for more.
    pub(in crate::engine) count_patterns: Option<[u64; COUNT_PATTERNS]>,
    /// Per mover: bit `i` set when pit `i` is on a row the rule captures from.
    pub(in crate::engine) rows: [W::Set; 2],
    pub(in crate::engine) chain: Chain,
    /// A chain's pits are judged by their counts as sown, before any take
    /// (`chain_judged as_sown`).
    pub(in crate::engine) chain_as_sown: bool,
    pub(in crate::engine) take: Take,
    pub(in crate::engine) goes_to: CaptureDestination,
    /// For `on every_pit`: where the stones of a lap's last pit go
    /// (`last_goes_to`, else `goes_to`).
    pub(in crate::engine) last_goes_to: CaptureDestination,
    /// For `on every_pit`: the rule looks at a lap's pits once the lap is
    /// sown (`looked_at after_lap`), not as each stone drops.
    pub(in crate::engine) after_lap: bool,
    /// Whether a lap that ends in its own origin has every pit looked at
    /// once it is sown (`looked_at after_lap_round`), not its origin alone.
    pub(in crate::engine) lap_round_whole: bool,
    /// For `on every_pit`: the rule leaves a lap's last pit to the sowing
    /// (`last_stone lifted`).
    pub(in crate::engine) spares_last: bool,
    /// All bits set when the rule credits the pit's owner (`goes_to
    /// owner`): masks `Position::swapped` to tell whose a pit is.
    pub(in crate::engine) owner_swap: W::Set,
    /// `facing[n]`: a facing pit holding `n` stones may be taken.
    pub(in crate::engine) facing: [bool; 256],
    /// The rule captures nothing on the game's first move.
    pub(in crate::engine) opening_no_capture: bool,
    /// When the rule looks for a capture.
    pub(in crate::engine) on: Trigger,
    /// For `on relay_landing`: what the move does after the capture.
    pub(in crate::engine) then: AfterCapture,
    /// The rule applies only to a move an earlier rule captured in
    /// (`requires capture`).
    pub(in crate::engine) requires_capture: bool,
    /// The rule captures in a later lap only when the move's first lap
    /// ended in a capture (`requires first_lap`, Bao's takasa).
    pub(in crate::engine) requires_first_lap: bool,
    /// A sweep applies only when at most this many stones are left on the
    /// board when it looks (`board_at_most`; none: `u32::MAX`).
    pub(in crate::engine) board_at_most: u32,
    /// The opponent's pits the mover chooses and empties after this
    /// rule's capture (`extra_chosen`; 0: none).
    pub(in crate::engine) extra_chosen: u8,
    /// What of the capture earns them (`extra_after`).
    pub(in crate::engine) extra_after: ExtraAfter,
}

impl<W: Width> CaptureTable<W> {
    /// `rule` compiled for a board whose sides are `row_bits` and inner rows
    /// `inner_bits` (per player; the same on two rows).
    pub(in crate::engine) fn new(
        rule: &CaptureRule,
        row_bits: [W::Set; 2],
        inner_bits: [W::Set; 2],
    ) -> CaptureTable<W> {
        let capturable: [bool; 256] = std::array::from_fn(|n| rule.captures_count(n));
        let rows = [Player::South, Player::North].map(|mover| match rule.side {
            CaptureSide::Any => row_bits[0] | row_bits[1],
            CaptureSide::Own => row_bits[mover.index()],
            CaptureSide::Opponent => row_bits[mover.other().index()],
            CaptureSide::OwnInner => inner_bits[mover.index()],
            // The highest pit of the mover's row: its rightmost (two rows).
            CaptureSide::OpponentAndOwnRightmost => {
                let own = row_bits[mover.index()];
                row_bits[mover.other().index()]
                    | own & W::Set::bit(W::SLOTS - 1).wrapping_shr(own.leading_zeros())
            }
        });
        let mut facing = [rule.facing_counts.is_empty(); 256];
        for &n in &rule.facing_counts {
            facing[usize::from(n)] = true;
        }
        let counts: Vec<u64> = (0..256u64).filter(|&n| capturable[n as usize]).collect();
        let count_patterns = (1..=COUNT_PATTERNS).contains(&counts.len()).then(|| {
            std::array::from_fn(|i| counts[i.min(counts.len() - 1)] * 0x0101_0101_0101_0101)
        });
        CaptureTable {
            facing,
            capturable,
            max: capturable.iter().rposition(|&c| c).unwrap_or(0),
            count_patterns,
            rows,
            chain: rule.chain,
            chain_as_sown: rule.chain_judged == ChainJudged::AsSown,
            take: rule.take,
            goes_to: rule.goes_to,
            last_goes_to: rule.last_goes_to.unwrap_or(rule.goes_to),
            after_lap: rule.looked_at != LookedAt::AsSown,
            lap_round_whole: rule.looked_at == LookedAt::AfterLapRound,
            spares_last: rule.last_stone == LastStone::Lifted,
            owner_swap: match rule.goes_to {
                CaptureDestination::Owner => W::Set::ALL,
                _ => W::Set::ZERO,
            },
            opening_no_capture: rule.first_move == FirstMove::NoCapture,
            on: rule.on,
            then: rule.then,
            requires_capture: rule.requires == Requires::Capture,
            requires_first_lap: rule.requires == Requires::FirstLap,
            board_at_most: rule.board_at_most.map_or(u32::MAX, u32::from),
            extra_chosen: rule.extra_chosen,
            extra_after: rule.extra_after,
        }
    }

    /// Whether pit `pit`, holding `count` stones, qualifies for `mover`.
    #[inline]
    pub(in crate::engine) fn qualifies(&self, mover: usize, pit: usize, count: usize) -> bool {
        self.rows[mover].has(pit) && self.capturable.get(count).copied().unwrap_or(false)
    }

    /// Whether a pit holding `count` stones may be captured (on a row the
    /// rule captures from).
    #[inline]
    pub(in crate::engine) fn takes_count(&self, count: usize) -> bool {
        self.capturable[count]
    }

    /// Where the stones the rule takes go.
    #[inline]
    pub(in crate::engine) fn goes_to(&self) -> CaptureDestination {
        self.goes_to
    }

    /// Whether the rule applies in `pos` (not on a first move it waives).
    #[inline]
    pub(in crate::engine) fn applies(&self, pos: &Position<W>) -> bool {
        !(pos.opening && self.opening_no_capture)
    }
}

impl<W: Width> CaptureTable<W> {
    /// Gives stones taken from each row (South's, North's; under `goes_to
    /// owner`, from the pits each owns) where the rule sends them, `mover`
    /// having moved; returns how many were taken.
    #[inline]
    pub(in crate::engine) fn credit(
        &self,
        pos: &mut Position<W>,
        mover: usize,
        by_row: [u16; 2],
    ) -> u16 {
        credit_to(self.goes_to, pos, mover, by_row)
    }
}

/// Gives stones taken from each row (or each player's pits, for `owner`)
/// to `to`, `mover` having moved; returns how many were taken.
#[inline]
pub(in crate::engine) fn credit_to<W: Width>(
    to: CaptureDestination,
    pos: &mut Position<W>,
    mover: usize,
    by_row: [u16; 2],
) -> u16 {
    let taken = by_row[0] + by_row[1];
    match to {
        CaptureDestination::Mover => pos.captured[mover] += taken,
        CaptureDestination::RowOwner | CaptureDestination::Owner => {
            pos.captured[0] += by_row[0];
            pos.captured[1] += by_row[1];
        }
        CaptureDestination::OutOfPlay => pos.removed += taken,
        CaptureDestination::Opponent => pos.captured[1 - mover] += taken,
    }
    taken
}
