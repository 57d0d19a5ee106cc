//! Which moves are legal (`sow { min_stones, singletons, first_lap }`,
//! `grand_slam`, `feeding`, `restrictions`), compiled: what the move
//! generator tests of each candidate move, in the order the rules filter
//! them.

use super::{
    captures::CaptureRules, move_table::MoveTable, sowing_paths::SowPaths, turns::TurnRules,
};
use crate::engine::width::{Narrow, PitBits, Width};
use crate::rules::{
    Chain, FeedGives, FeedWhen, FirstLap, GrandSlam, GrandSlamRow, Laps, Restriction, Rules,
    Singletons, SowStart, Take,
};

/// When every move is known to feed without being played: the opponent
/// holds, in a pit of `pits`, at least `least` stones. Such a pit keeps
/// enough to feed whatever the move does: the sowing is one lap that only
/// adds stones to the opponent's row, captures take only pits holding a
/// capturable count (fewer than `least`), and the turn passes to the
/// opponent.
#[derive(Debug, Clone, Copy)]
pub(in crate::engine) struct FeedScreen<W: Width = Narrow> {
    /// The fewest stones such a pit holds: more than any capturable count,
    /// and at least `min_stones` where feeding means leaving a move.
    pub(in crate::engine) least: u8,
    /// Per fed player: the pits that count, those of their row (that they
    /// may play, where feeding means leaving a move).
    pub(in crate::engine) pits: [W::Set; 2],
}

/// A ring of pits `first..=last` whose single stones are each sown into
/// the next pit (the `first` after the `last`): see
/// [`MoveLegality::next_pit_rings`].
#[derive(Debug, Clone, Copy)]
pub(in crate::engine) struct NextPitRing<W: Width = Narrow> {
    /// The ring's lowest pit.
    pub(in crate::engine) first: usize,
    /// The ring's highest pit.
    pub(in crate::engine) last: usize,
    /// The ring's pits as a mask.
    pub(in crate::engine) mask: W::Set,
}

/// The legality rules of a variant.
#[derive(Debug, Clone)]
pub(in crate::engine) struct MoveLegality<W: Width = Narrow> {
    /// `min_stones`: the fewest stones a pit must hold to be played.
    pub(in crate::engine) min_stones: u8,
    /// `singletons into_empty`: with no pit holding `min_stones`, single
    /// stones sown into an empty pit are moves.
    pub(in crate::engine) singletons: bool,
    /// `singletons into_empty_no_capture`: a single stone played so
    /// captures nothing.
    pub(in crate::engine) single_no_capture: bool,
    /// Whether a move's first lap must reach the opponent's row or end in an
    /// empty pit of the mover's row (`first_lap reaches_or_empty`), or a
    /// single stone must fall into an empty pit (`first_lap
    /// single_into_empty`, then `single_needs_empty` is set too).
    pub(in crate::engine) first_lap_rule: bool,
    /// Whether a pit holding a single stone is played only when that stone
    /// falls into an empty pit (`first_lap single_into_empty`, Kay).
    pub(in crate::engine) single_needs_empty: bool,
    /// Per player, on a board whose pits sow one way: the ring of pits
    /// their single stones are sown round ([`NextPitRing`]), when every pit
    /// they play sows its first stone into the next pit of the ring. The
    /// single stones whose next pit is empty or holds stones are then
    /// found by one rotation of a mask (Kay, whose ring is the board, under
    /// `first_lap single_into_empty`; Sute, whose rings are the players'
    /// own two rows, under `singletons into_empty`).
    pub(in crate::engine) next_pit_rings: Option<[NextPitRing<W>; 2]>,
    /// Whether, when no pit of the mover's holds `min_stones` on a board
    /// where no pit changed hands or closed, the single stones sown into an
    /// empty pit (`singletons into_empty`) are the legal moves and found as
    /// a mask by rotation ([`MoveLegality::next_pit_rings`]): no first-lap
    /// rule and no grand slam that forbids a move.
    pub(in crate::engine) singles_by_mask: bool,
    /// Whether a move whose first lap ends in a capture is obligatory when
    /// there is one (`first_lap captures`, Bao).
    pub(in crate::engine) first_lap_capture: bool,
    /// Whether some pits may sow the other way round when that move
    /// captures (`reverse_to_capture`, Omweso): such a move is legal only
    /// when it captures.
    pub(in crate::engine) reverse_to_capture: bool,
    /// Whether the candidate moves of a position can be given as a mask of
    /// moves (`Game::candidate_pits`): without a first-lap rule, or under
    /// `first_lap single_into_empty` (the single stones that may not be
    /// played are taken out of the mask).
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
    /// Whether a grand slam needs the opponent's row to hold stones before
    /// the move (`grand_slam_row emptied`).
    pub(in crate::engine) slam_needs_held_row: bool,
    /// Whether the rules ever oblige the mover to feed (`feed` is not
    /// `never`).
    pub(in crate::engine) feeding: bool,
    /// When every move is known to feed, where the rules allow telling it
    /// from the opponent's row alone (see [`FeedScreen`]).
    pub(in crate::engine) feed_screen: Option<FeedScreen<W>>,
    /// The move restrictions in the order they filter moves.
    pub(in crate::engine) restriction_steps: [Restriction; 3],
}

impl<W: Width> MoveLegality<W> {
    /// The legality rules of `rules`, whose captures, sowing and turns are
    /// compiled as `captures`, `sowing` and `turns`; `claims` when pits can
    /// become a player's store (`claim`); `row_bits` the pits of each row;
    /// `move_table` the moves of each pit (and the pits each player plays).
    pub(in crate::engine) fn new(
        rules: &Rules,
        (captures, sowing, turns): (&CaptureRules<W>, &SowPaths<W>, &TurnRules),
        claims: bool,
        row_bits: [W::Set; 2],
        move_table: &MoveTable<W>,
    ) -> MoveLegality<W> {
        let playable_bits = move_table.playable_bits;
        let single_needs_empty = rules.sowing.first_lap == FirstLap::SingleIntoEmpty;
        let first_lap_rule =
            rules.sowing.first_lap == FirstLap::ReachesOrEmpty || single_needs_empty;
        let first_lap_capture = rules.sowing.first_lap == FirstLap::Captures;
        let reverse_to_capture = rules.sowing.reverse_to_capture > 0;
        let slam_matters = rules.grand_slam != GrandSlam::Allowed && rules.has_captures();
        let slam_screen = sowing.laps == Laps::Single
            && !captures.beyond_last
            && !sowing.single_to_next
            && !claims
            && captures.capture_rules.iter().all(|c| c.take == Take::Last);
        let next_pit_rings = next_pit_rings(sowing, move_table, row_bits, rules);
        let slam_limits_moves = slam_matters
            && matches!(
                rules.grand_slam,
                GrandSlam::Forbidden | GrandSlam::OnlyMoveNoCapture
            );
        let singletons = rules.sowing.singletons != Singletons::Never;
        MoveLegality {
            min_stones: rules.sowing.min_stones,
            singletons,
            single_no_capture: rules.sowing.singletons == Singletons::IntoEmptyNoCapture,
            first_lap_rule,
            single_needs_empty,
            next_pit_rings,
            singles_by_mask: singletons
                && !first_lap_rule
                && !first_lap_capture
                && !slam_limits_moves
                && !reverse_to_capture
                && next_pit_rings.is_some(),
            first_lap_capture,
            reverse_to_capture,
            pit_masks: (!first_lap_rule || single_needs_empty)
                && !first_lap_capture
                && !reverse_to_capture,
            slam_limits_moves,
            slam_changes_play: slam_matters && rules.grand_slam != GrandSlam::Forbidden,
            slam_screen,
            slam_needs_held_row: rules.grand_slam_row == GrandSlamRow::Emptied,
            feeding: rules.feeding.when != FeedWhen::Never,
            feed_screen: feed_screen(
                rules,
                captures,
                slam_screen && !turns.extra_turn && !turns.extra_turn_capture,
                row_bits,
                playable_bits,
            ),
            restriction_steps: rules.restrictions.0,
        }
    }
}

/// [`MoveLegality::next_pit_rings`]: for each player, the whole board or
/// else their own side (the circuit a sowing goes round on four rows) when
/// it holds every pit of their row and every pit they may play, and each of
/// those pits, sowing one way, sows its first stone into the next pit of
/// the ring in pit order (the ring's first pit after its last). `None`
/// unless both players have one.
fn next_pit_rings<W: Width>(
    sowing: &SowPaths<W>,
    move_table: &MoveTable<W>,
    row_bits: [W::Set; 2],
    rules: &Rules,
) -> Option<[NextPitRing<W>; 2]> {
    if !move_table.one_way {
        return None;
    }
    let pits = rules.pit_count();
    let per_side = pits / 2;
    let ring = |m: usize| {
        let rings = [(0, pits - 1), (m * per_side, m * per_side + per_side - 1)];
        rings.into_iter().find_map(|(first, last)| {
            let mask = (W::Set::ALL >> (W::Set::BITS as usize - 1 - last)) & (W::Set::ALL << first);
            let played = row_bits[m] | move_table.playable_bits[m];
            let steps = (first..=last).filter(|&pit| played.has(pit)).all(|pit| {
                let direction = move_table.pit_moves[pit].direction as usize;
                let next = if pit == last { first } else { pit + 1 };
                usize::from(sowing.sow_path[m][direction][pit][0]) == next
            });
            (last > first && played & !mask == W::Set::ZERO && steps).then_some(NextPitRing {
                first,
                last,
                mask,
            })
        })
    };
    Some([ring(0)?, ring(1)?])
}

/// The [`FeedScreen`] of `rules`, whose captures are compiled as
/// `captures`: none unless the opponent's row only gains stones but for
/// captures of capturable counts and the turn always passes (`one_lap`: what
/// the grand-slam screen needs, and no extra turn), no move lifts stones
/// from the opponent's row, and feeding asks for a stone or a move left to
/// the opponent (not `reach`, which asks of the sowing itself).
///
/// A pit holding more than any capturable count keeps more whatever the
/// move. So does a pit holding the largest capturable count where a pit no
/// stone falls into is never taken ([`unsown_pits_kept`]): one that gets a
/// stone then holds more than that count.
fn feed_screen<W: Width>(
    rules: &Rules,
    captures: &CaptureRules<W>,
    one_lap: bool,
    row_bits: [W::Set; 2],
    playable_bits: [W::Set; 2],
) -> Option<FeedScreen<W>> {
    let lifts_opponent = (0..2).any(|m| playable_bits[m] & row_bits[1 - m] != W::Set::ZERO);
    if !one_lap || lifts_opponent || rules.feeding.when == FeedWhen::Never {
        return None;
    }
    let kept = match unsown_pits_kept(rules, captures) {
        true => captures.max_capturable,
        false => captures.max_capturable + 1,
    };
    let kept = u8::try_from(kept).ok()?;
    match rules.feeding.gives {
        FeedGives::Stone | FeedGives::FirstLap => Some(FeedScreen {
            least: kept.max(1),
            pits: row_bits,
        }),
        FeedGives::Move => Some(FeedScreen {
            least: kept.max(rules.sowing.min_stones),
            pits: [0, 1].map(|m| row_bits[m] & playable_bits[m]),
        }),
        FeedGives::Reach => None,
    }
}

/// Whether a one-lap move of `rules` (captures compiled as `captures`)
/// never takes a pit that no stone fell into: every capture rule takes the
/// last pit, which got the last stone, and at most its chain backward,
/// along the pits sown before it back to the emptied origin; the first stone
/// goes past the origin (`start next`), so the origin holds none, which no
/// rule takes, unless the lap went round and sowed every pit.
fn unsown_pits_kept<W: Width>(rules: &Rules, captures: &CaptureRules<W>) -> bool {
    rules.sowing.start == SowStart::Next
        && !captures.capturable[0]
        && (captures.capture_rules.iter()).all(|rule| {
            rule.take == Take::Last && matches!(rule.chain, Chain::None | Chain::Backward)
        })
}
