//! The checks that tie keys together, run once every key is read: a value
//! that contradicts another, an option without effect, a count no last pit
//! can hold. Each is a small function of what was read, declared with the
//! section it belongs to (`rules/sections/`); each looks only at keys that
//! read fine, so a bad value is reported once, by the validator.

use super::{
    read::Read,
    sections::{board, capture, claim, end, legal, opening, rounds, sow},
};
use crate::diagnostic::Diagnostic;

/// A check between keys: the errors and warnings it finds.
pub(super) type Check = fn(&Read<'_>) -> Vec<Diagnostic>;

/// Every check, in the order their messages are reported.
pub(super) const CHECKS: &[Check] = &[
    board::board_has_a_start,
    board::board_rows_fit,
    sow::more_rows_sow_one_way,
    legal::feeding_and_grand_slam_need_two_rows,
    rounds::rounds_need_two_rows,
    claim::claims_need_fewer_than_four_rows,
    capture::capture_fits_the_board,
    end::resows_fits,
    end::inner_row_empty_needs_four_rows,
    board::stones_fit_on_the_board,
    sow::skip_origin_needs_start_next,
    sow::extra_turn_store_needs_stores,
    capture::take_with_a_chain_is_last,
    capture::facing_counts_need_a_facing_take,
    end::sowing_triggers_fit,
    capture::sweeps_come_last,
    capture::before_fits,
    legal::unreachable_counts,
    legal::grand_slam_needs_captures,
    legal::otherwise_needs_feeding,
    end::lap_rules_need_relays,
    end::lap_test_needs_a_condition,
    end::repetition_leftovers_needs_repetition,
    end::scoring_needs_its_end,
    legal::first_move_from_in_the_row,
    end::end_numbers_go_with_their_condition,
    rounds::rounds_options_need_refill,
    rounds::refill_needs_every_stone_owned,
    rounds::fill_choice_needs_captures,
    rounds::unfilled_reopens_fits,
    rounds::odd_pit_needs_surplus,
    rounds::refill_needs_seeds,
    legal::singletons_need_min_stones,
    claim::claim_options_need_count,
    claim::claim_fits_the_sowing,
    claim::claim_tribute_fits,
    claim::claim_places_in_the_row,
    claim::claim_pairs_need_two_rows,
    legal::each_player_first_moves_fit,
    legal::play_from_any_fits,
    rounds::first_move_shift_fits,
    capture::requires_capture_fits,
    capture::board_at_most_is_for_sweeps,
    capture::last_goes_to_is_for_every_pit,
    legal::first_lap_captures_fits,
    legal::single_into_empty_needs_single_moves,
    opening::opening_shifts_fit,
    capture::last_stone_is_for_every_pit,
    capture::looked_at_is_for_every_pit,
];
