//! Fours taken during the sowing by the owner of the hole, and by the mover
//! at a lap's last hole (`goes_to owner`, `last_goes_to mover`), in matches
//! whose holes change hands: Mewelad, Rio Kadalis and Gabata (Ghinda).
//! What stays here works from a round's last position (the refills, the
//! final scores) or is a check of a bad file; the moves worked by hand are
//! cases (`capture/goes_to/rio-kadalis.yaml`,
//! `capture/last_goes_to/rio-kadalis.yaml`, `claim/tribute/um-el-banat.yaml`,
//! `claim/makes/um-el-banat.yaml`).

use sowing::engine::{format_position, AfterRound, EndReason, Outcome, Player};

use crate::common::{legal, play, pos, scratch, shipped, sow};

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
