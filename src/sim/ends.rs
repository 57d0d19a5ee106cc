//! Which ways of ending a batch's summary lists: those the variant's rules
//! can produce, and the ply cap.

use crate::{
    engine::EndReason,
    rules::{schema::way_in_force, Repetition, Rules},
};

/// The ways a game under `rules` can end, in [`EndReason::ALL`] order: no
/// legal move always, a repeated position when `repetition end_game` or
/// `agree` (an agreed end is counted as a repetition), each
/// other way when [`way_in_force`] says the rules can end a game that way,
/// and the simulator's ply cap always.
pub fn in_force(rules: &Rules) -> Vec<EndReason> {
    EndReason::ALL
        .into_iter()
        .filter(|&end| match end {
            EndReason::PlyCap => true,
            EndReason::Repetition => rules.end.repetition != Repetition::Ignore,
            way => way_in_force(rules, way.as_str()).is_ok(),
        })
        .collect()
}

/// Every way of ending: what a summary written before summaries named the
/// ways in force is read as listing.
pub(super) fn all() -> Vec<EndReason> {
    EndReason::ALL.to_vec()
}
