//! Games of rounds with closed holes: the notation of a closed pit holding
//! stones, and refills worked by hand from a round's last position (Gabata
//! (Shoa I), Mewegae). The matches of Main Chongkak and Khrour worked by
//! hand are cases (`board/stores/main-chongkak.yaml`,
//! `rounds/unfilled/main-chongkak.yaml`, `rounds/unfilled/khrour.yaml`,
//! `rounds/match_end/`, `capture/counts/khrour.yaml`).

use sowing::engine::{parse_position, AfterRound, EndReason, Outcome, Player};

use crate::common::{board, pos, shipped};

/// A closed pit (`x`) as a count in `board`.
const X: u8 = 0;

/// A closed pit holding stones (`3x`) is read only where closed pits are
/// sown into.
#[test]
fn a_closed_pit_holding_stones_needs_unfilled_reopens_or_unplayed() {
    let dakon = shipped("dakon");
    let err =
        parse_position("5 1 5 1 1 1 1 / 5 3x 1 1 1 1 1 north captured 2 0", &dakon).unwrap_err();
    assert_eq!(
        err.to_string(),
        "column 19: `3x` (a closed pit holding stones) is only for variants with `unfilled reopens` or `unplayed`, and Papan Dakon (match of rounds) has none"
    );
}

/// Gabata (Shoa I), the refill worked by hand from the text ("the player
/// with more counters gains a hole from their opponent for every four extra
/// balls ... If an opponent has three extra after counting in such a way,
/// they also gain a hole, but not if there are one or two extra"): a round
/// ends with every counter taken, South 22, North 26.
///
/// North is owed 26 / 4 = 6 holes, remainder 2, and fills its own row
/// (24). South is owed 5, remainder 2, and fills f e d c b from its right
/// (20). The two remainders make up four, but they are equal (two extra
/// each): nobody gains the hole left, South's a, which stays empty and out
/// of play; each keeps their two counters. North scored more: South, who
/// did not start, starts the next round (`next_start alternate`).
#[test]
fn gabata_shoa_i_two_extra_each_gain_nobody_the_hole() {
    let game = shipped("gabata-shoa-i");
    let end = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 22 26");
    let AfterRound::Next(next) = game.after_round(&end, EndReason::NoLegalMove, Player::North)
    else {
        panic!("the match goes on");
    };
    assert_eq!(board(&game, &next), [X, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    assert!(next.is_closed(0), "a is nobody's");
    assert!((1..12).all(|pit| !next.is_closed(pit) && !next.is_swapped(pit)));
    assert_eq!(next.captured, [2, 2]);
    assert_eq!(next.to_move, Player::South);
}

/// Three extra gain the hole: South 23 (five holes, three extra), North 25
/// (six holes, one extra). South fills f e d c b, and a with its three and
/// North's one: a is South's, and nobody keeps a counter.
#[test]
fn gabata_shoa_i_three_extra_gain_the_hole() {
    let game = shipped("gabata-shoa-i");
    let end = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 23 25");
    let AfterRound::Next(next) = game.after_round(&end, EndReason::NoLegalMove, Player::North)
    else {
        panic!("the match goes on");
    };
    assert_eq!(board(&game, &next), [4; 12]);
    assert!((0..12).all(|pit| !next.is_closed(pit) && !next.is_swapped(pit)));
    assert_eq!(next.captured, [0, 0]);
}

/// The match ends when a player is left without a hole ("until one player
/// takes all the counters"): South with two (two extra, North 46: eleven
/// holes and two extra) gains no hole: North fills its row and b c d e f of
/// South's from the right, a is nobody's, and North wins the match. South
/// with three (North 45: eleven holes, one extra) gains f, the first hole
/// of its row from the right (topped up with North's one): the match goes
/// on, North taking a to e.
#[test]
fn gabata_shoa_i_match_ends_when_a_player_gains_no_hole() {
    let game = shipped("gabata-shoa-i");
    let end = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 2 46");
    assert_eq!(
        game.after_round(&end, EndReason::NoLegalMove, Player::North),
        AfterRound::MatchOver(Outcome::North)
    );
    let end = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 3 45");
    let AfterRound::Next(next) = game.after_round(&end, EndReason::NoLegalMove, Player::North)
    else {
        panic!("South gains a hole: the match goes on");
    };
    assert_eq!(board(&game, &next), [4; 12]);
    assert!(
        !next.is_swapped(5),
        "f, the first hole South fills, is South's"
    );
    assert!((0..5).all(|pit| next.is_swapped(pit)), "a-e are North's");
    assert_eq!(next.captured, [0, 0]);
}

/// The same ends under Mewegae's text, which gives the hole of two extra
/// each to the weaker player (`odd_pit larger`, the default): South 22,
/// North 26 fill as above, and South's a takes South's two and North's two.
#[test]
fn mewegae_two_extra_each_give_the_weaker_player_the_hole() {
    let game = shipped("mewegae");
    let end = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 22 26");
    let AfterRound::Next(next) = game.after_round(&end, EndReason::NoLegalMove, Player::North)
    else {
        panic!("the match goes on");
    };
    assert_eq!(board(&game, &next), [4; 12]);
    assert!(!next.is_closed(0) && !next.is_swapped(0));
    assert_eq!(next.captured, [0, 0]);
}
