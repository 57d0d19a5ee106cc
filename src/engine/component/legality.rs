//! Which moves are legal (`sow { min_stones, singletons, first_lap }`,
//! `grand_slam`, `feeding`, `restrictions`), compiled: what the move
//! generator tests of each candidate move, in the order the rules filter
//! them.

use super::{captures::CaptureRules, sowing_paths::SowPaths};
use crate::rules::{FeedWhen, FirstLap, GrandSlam, Laps, Restriction, Rules, Singletons, Take};

/// The legality rules of a variant.
#[derive(Debug, Clone)]
pub(in crate::engine) struct MoveLegality {
    /// `min_stones`: the fewest stones a pit must hold to be played.
    pub(in crate::engine) min_stones: u8,
    /// `singletons into_empty`: with no pit holding `min_stones`, single
    /// stones sown into an empty pit are moves.
    pub(in crate::engine) singletons: bool,
    /// Whether a move's first lap must reach the opponent's row or end in an
    /// empty pit of the mover's row (`first_lap reaches_or_empty`), or a
    /// single stone must fall into an empty pit (`first_lap
    /// single_into_empty`, then `single_needs_empty` is set too).
    pub(in crate::engine) first_lap_rule: bool,
    /// Whether a pit holding a single stone is played only when that stone
    /// falls into an empty pit (`first_lap single_into_empty`, Kay).
    pub(in crate::engine) single_needs_empty: bool,
    /// Whether a move whose first lap ends in a capture is obligatory when
    /// there is one (`first_lap captures`, Bao).
    pub(in crate::engine) first_lap_capture: bool,
    /// Whether the candidate moves of a position can be given as a mask of
    /// moves (`Game::candidate_pits`): without a first-lap rule.
    pub(in crate::engine) pit_masks: bool,
    /// Whether the grand-slam rule can make a move illegal
    /// (`forbidden`, `only_move_no_capture`) rather than only change it.
    pub(in crate::engine) slam_limits_moves: bool,
    /// Whether the grand-slam rule can change how a legal move is played
    /// (`no_capture`, `only_move_no_capture`: the capture is waived), so that
    /// playing a capturing move has to look for a grand slam.
    pub(in crate::engine) slam_changes_play: bool,
    /// Whether every sowing is one lap and every capture rule takes only
    /// pits that qualify by their count (`take last`): then the counts a
    /// sowing leaves in the opponent's row, worked out from `path_index`
    /// without sowing, can rule out a grand slam (see `Game::may_grand_slam`).
    pub(in crate::engine) slam_screen: bool,
    /// Whether the rules ever oblige the mover to feed (`feed` is not
    /// `never`).
    pub(in crate::engine) feeding: bool,
    /// The move restrictions in the order they filter moves.
    pub(in crate::engine) restriction_steps: [Restriction; 3],
}

impl MoveLegality {
    /// The legality rules of `rules`, whose captures and sowing are compiled
    /// as `captures` and `sowing`; `claims` when pits can become a player's
    /// store (`claim`).
    pub(in crate::engine) fn new(
        rules: &Rules,
        captures: &CaptureRules,
        sowing: &SowPaths,
        claims: bool,
    ) -> MoveLegality {
        let single_needs_empty = rules.sowing.first_lap == FirstLap::SingleIntoEmpty;
        let first_lap_rule =
            rules.sowing.first_lap == FirstLap::ReachesOrEmpty || single_needs_empty;
        let first_lap_capture = rules.sowing.first_lap == FirstLap::Captures;
        let slam_matters = rules.grand_slam != GrandSlam::Allowed && rules.has_captures();
        MoveLegality {
            min_stones: rules.sowing.min_stones,
            singletons: rules.sowing.singletons == Singletons::IntoEmpty,
            first_lap_rule,
            single_needs_empty,
            first_lap_capture,
            pit_masks: !first_lap_rule && !first_lap_capture,
            slam_limits_moves: slam_matters
                && matches!(
                    rules.grand_slam,
                    GrandSlam::Forbidden | GrandSlam::OnlyMoveNoCapture
                ),
            slam_changes_play: slam_matters && rules.grand_slam != GrandSlam::Forbidden,
            slam_screen: sowing.laps == Laps::Single
                && !captures.beyond_last
                && !sowing.single_to_next
                && !claims
                && captures.capture_rules.iter().all(|c| c.take == Take::Last),
            feeding: rules.feeding.when != FeedWhen::Never,
            restriction_steps: rules.restrictions.0,
        }
    }
}
