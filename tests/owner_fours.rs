//! Fours taken during the sowing by the owner of the hole, and by the mover
//! at a lap's last hole (`goes_to owner`, `last_goes_to mover`), in matches
//! whose holes change hands: Mewelad, Rio Kadalis and Gabata (Ghinda), each
//! worked by hand from its rule text (2x6, four a hole, no stores,
//! counter-clockwise relay; a b c d e f then A B C D E F; `4*` a hole owned
//! by the other row's player).

use sowing::engine::{format_position, AfterRound, EndReason, Outcome, Player};

use crate::common::{legal, play, pos, scratch, shipped, shipped_with, sow};

/// North's A (2) drops into B (3, South's since a round) and C (1): B
/// makes four with a counter that is not the lap's last, so B's owner,
/// South, takes it, though North sows and B is in North's row; the lap ends
/// in C (now 2, occupied): C's two go to D and E, and E was empty: the move
/// ends.
#[test]
fn rio_kadalis_a_four_during_the_sowing_goes_to_the_holes_owner() {
    let game = shipped("rio-kadalis");
    let before = pos(&game, "0 0 0 0 0 0 / 2 3* 1 0 0 0 north captured 21 21");
    let after = play(&game, &before, "A").position;
    assert_eq!(
        format_position(&after, &game),
        "0 0 0 0 0 0 / 0 0* 0 1 1 0 south captured 25 21"
    );
    // By the row instead (`goes_to row_owner`), North would take it.
    let by_row = shipped_with("rio-kadalis", &[("goes_to owner", "goes_to row_owner")]);
    let after = play(&by_row, &before, "A").position;
    assert_eq!(
        format_position(&after, &by_row),
        "0 0 0 0 0 0 / 0 0* 0 1 1 0 south captured 21 25"
    );
}

/// North's A (1) drops its only counter into B (3, South's): the lap's last
/// counter makes the four, "the final hole of the sowing", so the sower,
/// North, takes it, and the lap has ended in an empty hole: the turn ends.
#[test]
fn rio_kadalis_the_four_of_a_laps_last_hole_goes_to_the_mover() {
    let game = shipped("rio-kadalis");
    let before = pos(&game, "0 0 1 0 0 0 / 1 3* 0 0 0 0 north captured 22 21");
    let after = play(&game, &before, "A").position;
    assert_eq!(
        format_position(&after, &game),
        "0 0 1 0 0 0 / 0 0* 0 0 0 0 south captured 22 25"
    );
}

/// A relay lap's last counter making four ends the move too: Mewelad's
/// South a (2) goes to b (2) and c (3): c makes four with the lap's last
/// counter, so South takes it and the move ends; b (3) stays.
#[test]
fn mewelad_a_relay_stops_at_the_four_it_takes() {
    let game = shipped("mewelad");
    let before = pos(&game, "2 2 3 0 0 0 / 0 0 0 0 0 1 south captured 20 20");
    let after = play(&game, &before, "a").position;
    assert_eq!(
        format_position(&after, &game),
        "0 3 0 0 0 0 / 0 0 0 0 0 1 north captured 24 20"
    );
}

/// "Until a player can no longer move ... and the opponent captures the
/// remaining counters": North to move owns no counter; South, who moved
/// last, takes the 3 left on the board (20 + 3 = 23 to 25).
#[test]
fn mewelad_the_player_who_can_still_move_takes_what_is_left() {
    let game = shipped("mewelad");
    let end = pos(&game, "1 0 2 0 0 0 / 0 0 0 0 0 0 north captured 20 25");
    assert!(legal(&game, &end).is_empty());
    assert_eq!(game.final_scores(&end, EndReason::NoLegalMove), [23, 25]);
}

/// Refills a variant after a round that ended with an empty board and the
/// given captures, South having started it.
fn after(name: &str, captured: &str) -> AfterRound {
    let game = shipped(name);
    let end = pos(
        &game,
        &format!("0 0 0 0 0 0 / 0 0 0 0 0 0 south captured {captured}"),
    );
    game.after_round(&end, EndReason::NoLegalMove, Player::South)
}

fn next(name: &str, captured: &str) -> String {
    match after(name, captured) {
        AfterRound::Next(next) => {
            assert_eq!(next.total_stones(), 48, "stones conserved");
            format_position(&next, &shipped(name))
        }
        over => panic!("the match goes on: {over:?}"),
    }
}

/// Rio Kadalis, "placing four counters into each hole starting from the
/// rightmost hole in their row": South 35 (8 holes and 3), North 13 (3 and
/// 1). North fills F E D; South's three extra gain the next, C, topped up
/// with North's one; South's two holes beyond its row are B and A. North
/// started the round, so South starts the next.
#[test]
fn rio_kadalis_three_extra_gain_a_hole() {
    assert_eq!(
        next("rio-kadalis", "35 13"),
        "4 4 4 4 4 4 / 4* 4* 4* 4 4 4 north"
    );
}

/// "But not if there are one or two extra": South 34, North 14 (two extra
/// each). North fills F E D, nobody gains C's place: South takes C and B
/// as its two holes beyond its row, A is closed, each keeps their two.
#[test]
fn rio_kadalis_two_extra_each_gain_nothing() {
    assert_eq!(
        next("rio-kadalis", "34 14"),
        "4 4 4 4 4 4 / x 4* 4* 4 4 4 north captured 2 2"
    );
}

/// "Until one player captures all the holes": North with two counters
/// (South 46: two extra each, nobody gains the odd hole) is left no hole
/// and loses the match; with three it gains one and the match goes on.
#[test]
fn rio_kadalis_the_match_ends_when_a_player_has_no_hole() {
    assert_eq!(
        after("rio-kadalis", "46 2"),
        AfterRound::MatchOver(Outcome::South)
    );
    // North fills F (its first from the right) with its 3 and South's 1.
    assert_eq!(
        next("rio-kadalis", "45 3"),
        "4 4 4 4 4 4 / 4* 4* 4* 4* 4* 4 north"
    );
}

/// Gabata (Ghinda) fills from the left: North 13 keeps A B C, South's
/// three extra gain D (topped up with North's one), then E and F. "If each
/// player has two extra the weaker player is given the two extra
/// counters": North 14 keeps A B C and gains D with both twos; South 34
/// takes E and F.
#[test]
fn gabata_ghinda_odd_hole_to_three_extra_or_to_the_weaker() {
    assert_eq!(
        next("gabata-ghinda", "35 13"),
        "4 4 4 4 4 4 / 4 4 4 4* 4* 4* north"
    );
    assert_eq!(
        next("gabata-ghinda", "34 14"),
        "4 4 4 4 4 4 / 4 4 4 4 4* 4* north"
    );
}

/// "Each player takes their first turn from their leftmost hole": South's
/// first move is a, North's first is A; the next round, whose holes may
/// have changed hands, starts free.
#[test]
fn gabata_ghinda_first_turns_from_the_leftmost_hole_in_the_first_round() {
    let game = shipped("gabata-ghinda");
    let start = game.start();
    assert_eq!(legal(&game, &start), ["a"]);
    let second = play(&game, &start, "a").position;
    assert_eq!(legal(&game, &second), ["A"]);
    let third = play(&game, &second, "A").position;
    assert_eq!(legal(&game, &third).len(), 4, "{third:?}");
    let AfterRound::Next(round2) = after("gabata-ghinda", "35 13") else {
        panic!("the match goes on")
    };
    assert_eq!(legal(&game, &round2), ["A", "B", "C"]);
}

/// `last_goes_to` is for a rule that takes pits as the stones drop: on
/// another trigger it is refused, with its place.
#[test]
fn last_goes_to_is_refused_off_every_pit() {
    let dir = scratch("owner-fours-check");
    let path = dir.join("t.variant");
    std::fs::write(
        &path,
        "name \"t\"\nboard { pits 3; seeds 2; stores none }\nsow { start next }\n\
         capture c { counts 2; side any; last_goes_to owner }\n",
    )
    .unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        err.contains("t.variant:4:33")
            && err.contains(
                "`last_goes_to` has no effect here: it is for `on every_pit`, not `on last_pit`"
            ),
        "{err}"
    );
}

/// Um el Banat, worked by hand: South's e (1) drops its counter into f, a
/// hole North marked in South's row holding 3: "the final counter and one
/// of the counters in the hole are captured" (South 20 + 2), f keeps 2 and
/// "the player then gets another turn": South plays again (d).
#[test]
fn um_el_banat_a_marked_hole_pays_two_and_another_turn() {
    let game = shipped("um-el-banat");
    let before = pos(&game, "0 0 0 1 1 3t / 2 0 0 0 0 0 south captured 20 21");
    let after = play(&game, &before, "e").position;
    assert_eq!(
        format_position(&after, &game),
        "0 0 0 1 0 2t / 2 0 0 0 0 0 south captured 22 21"
    );
    assert_eq!(legal(&game, &after), ["d"]);
}

/// Um el Banat: South's b (2) sows c and d; d, in South's own row, now
/// holds 3: it relays (e f A), and the lap ends in North's A (3, now 4):
/// "a hole in the opponent's row containing four counters after sowing
/// concludes" is marked, South's, and the move ends.
#[test]
fn um_el_banat_a_four_in_the_opponents_row_is_marked() {
    let game = shipped("um-el-banat");
    let before = pos(&game, "0 2 0 2 0 0 / 3 0 0 0 0 0 south captured 20 21");
    let after = play(&game, &before, "b").position;
    assert_eq!(
        format_position(&after, &game),
        "0 0 1 0 1 1 / 4t 0 0 0 0 0 north captured 20 21"
    );
}
