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
    /// `extra_turn capture`: a move that captured a pit is followed by
    /// another move of the same player.
    pub(in crate::engine) extra_turn_capture: bool,
    /// Extra turns under rules that give leftovers to the last mover or
    /// let the last mover start the next round: positions keep
    /// [`Position::moved_again`](crate::engine::Position).
    pub(in crate::engine) records_last_mover: bool,
}

impl TurnRules {
    /// The turn rules of `rules`, whose ends are compiled as `ends`.
    pub(in crate::engine) fn new(rules: &Rules, ends: &EndRules) -> TurnRules {
        let extra_turn = rules.sowing.extra_turn == ExtraTurn::Store;
        let extra_turn_capture = rules.sowing.extra_turn == ExtraTurn::Capture;
        TurnRules {
            extra_turn,
            extra_turn_capture,
            records_last_mover: (extra_turn || extra_turn_capture)
                && (ends.scores_last_mover()
                    || (rules.rounds.refill.is_some()
                        && rules.rounds.next_start == NextStart::LastMover)),
        }
    }
}
