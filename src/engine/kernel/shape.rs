//! Which variants the playout kernel takes: decided from the compiled rule
//! model, never from a variant's name. Every field of the rules the kernel
//! reads is checked against the values it plays and then blanked; whatever
//! is left must be the model's blank ([`Rules::default`]), so that a rule
//! the kernel does not know (including one added later) keeps a variant on
//! the general path.

use crate::rules::{
    CaptureDestination, CaptureRule, CaptureSide, Chain, EndTest, EndWhen, ExtraTurn, FeedGives,
    FeedWhen, GrandSlam, Laps, PitDirection, Repetition, Requires, Restrictions, Rules, SowStart,
    Stores, Take, Trigger,
};

/// The largest number of stones the kernel's byte lanes hold without their
/// high bit (its candidate test compares bytes below 128).
pub(super) const MAX_TOTAL: u32 = 127;

/// Whether the rules fit the kernel's shape: two rows of at most 8 pits (7
/// with stores), one lap the same way from every pit, from the next pit or
/// the origin, the mover's store sown or none, an extra turn in the store
/// or none, at most one capture rule that takes the last pit (with a
/// chain either way or none) or the last pit and the one facing it, for
/// the mover; grand slams allowed, forbidden or played without capture;
/// feeding when the opponent's row is empty or never, by a stone; the game
/// ends when the player to move has no move (or, under `neither_can_move`,
/// passes while the opponent can move), a row is empty, a player captured
/// more than half of the stones or no pit holds more than one, and on a
/// repeated position or never.
pub(super) fn fits(rules: &Rules) -> bool {
    let mut rest = rules.clone();
    rest.name = String::new();
    rest.source = None;
    let board = std::mem::take(&mut rest.board);
    let stores = board.stores == Stores::Sown;
    let pits_fit = board.pits >= 1 && board.pits <= if stores { 7 } else { 8 };
    if board.rows != 2
        || !pits_fit
        || board.stores == Stores::SownBoth
        || rules.total_stones() > MAX_TOTAL
    {
        return false;
    }
    let sowing = std::mem::take(&mut rest.sowing);
    let one_way = |d: PitDirection| sowing.direction.iter().all(|&p| p == d);
    if !(one_way(PitDirection::Ccw) || one_way(PitDirection::Cw))
        || !matches!(sowing.start, SowStart::Next | SowStart::Origin)
        || sowing.laps != Laps::Single
        || sowing.min_stones == 0
        || !sowing.first_move_from.is_empty()
        || sowing.reverse_to_capture != 0
        || !matches!(sowing.extra_turn, ExtraTurn::Never | ExtraTurn::Store)
    {
        return false;
    }
    // The blanks of the sowing's other fields must stay.
    rest.sowing.first_moves = sowing.first_moves;
    rest.sowing.play_from = sowing.play_from;
    rest.sowing.first_lap = sowing.first_lap;
    rest.sowing.singletons = sowing.singletons;
    rest.sowing.first_move = sowing.first_move;
    let captures = std::mem::take(&mut rest.captures);
    if captures.len() > 1 || !captures.iter().all(capture_fits) {
        return false;
    }
    let feeding = std::mem::take(&mut rest.feeding);
    if !matches!(feeding.when, FeedWhen::Never | FeedWhen::RowEmpty)
        || feeding.gives != FeedGives::Stone
    {
        return false;
    }
    rest.grand_slam = Default::default();
    if rules.grand_slam == GrandSlam::OnlyMoveNoCapture {
        return false;
    }
    if rest.restrictions != Restrictions::SLAM_THEN_FEED {
        return false;
    }
    rest.restrictions = Default::default();
    let end = std::mem::take(&mut rest.end);
    let ends_fit = end.when.iter().all(|w| {
        matches!(
            w,
            EndWhen::NoLegalMove
                | EndWhen::CapturedMajority
                | EndWhen::RowEmpty
                | EndWhen::AllPitsAtMostOne
                | EndWhen::NeitherCanMove
        )
    });
    if !ends_fit
        || !matches!(end.repetition, Repetition::Ignore | Repetition::EndGame)
        || end.stones_left_at_most.is_some()
        || end.score_at_least.is_some()
        || end.test_after != EndTest::Move
    {
        return false;
    }
    rest == Rules::default()
}

/// Whether one capture rule fits: at the last pit, taking it (and its
/// backward chain) or it and the facing pit when that holds stones, for
/// the mover, then stopping, with no pits chosen after it.
fn capture_fits(rule: &CaptureRule) -> bool {
    let take_fits = match rule.take {
        Take::Last => true,
        Take::LastAndOpposite | Take::LastAndOppositeEvenEmpty => rule.chain == Chain::None,
        _ => false,
    };
    take_fits
        && rule.on == Trigger::LastPit
        && rule.before == crate::rules::Before::Any
        && matches!(
            rule.side,
            CaptureSide::Any | CaptureSide::Own | CaptureSide::Opponent
        )
        && rule.facing_counts.is_empty()
        && rule.goes_to == CaptureDestination::Mover
        && rule.then == crate::rules::AfterCapture::Stops
        && rule.requires == Requires::Nothing
        && rule.board_at_most.is_none()
        && rule.extra_chosen == 0
}
