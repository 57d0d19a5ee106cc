//! Who moves next (`sow { extra_turn }`), compiled: when the mover moves
//! again, and whether positions must then record it for the scoring.

use super::ends::EndRules;
use crate::rules::{ExtraTurn, NextStart, Rules};

/// The turn rules of a variant.
#[derive(Debug, Clone)]
pub(in crate::engine) struct TurnRules {
    /// `extra_turn store`: a move whose last stone falls into the mover's
    /// store is followed by another move of the same player.
    pub(in crate::engine) extra_turn: bool,
    /// `extra_turn capture` or `last_pit_capture`: a move that captured a
    /// pit (where it ended, under `last_pit_capture`) is followed by
    /// another move of the same player.
    pub(in crate::engine) extra_turn_capture: bool,
    /// `extra_turn last_pit_capture`: only the capture where the move
    /// ended gives the extra turn, not the pits taken during the sowing or
    /// by a sweep.
    pub(in crate::engine) only_last_pit_capture: bool,
    /// Extra turns under rules that give leftovers to the last mover or
    /// let the last mover start the next round: positions keep
    /// [`Position::moved_again`](crate::engine::Position).
    pub(in crate::engine) records_last_mover: bool,
}

impl TurnRules {
    /// The turn rules of `rules`, whose ends are compiled as `ends`.
    pub(in crate::engine) fn new(rules: &Rules, ends: &EndRules) -> TurnRules {
        let extra_turn = rules.sowing.extra_turn == ExtraTurn::Store;
        let only_last_pit_capture = rules.sowing.extra_turn == ExtraTurn::LastPitCapture;
        let extra_turn_capture =
            rules.sowing.extra_turn == ExtraTurn::Capture || only_last_pit_capture;
        TurnRules {
            extra_turn,
            extra_turn_capture,
            only_last_pit_capture,
            records_last_mover: (extra_turn || extra_turn_capture)
                && (ends.scores_last_mover()
                    || (rules.rounds.refill.is_some()
                        && rules.rounds.next_start == NextStart::LastMover)),
        }
    }
}
