//! Fours taken during the sowing by the owner of the hole, and by the mover
//! at a lap's last hole (`goes_to owner`, `last_goes_to mover`), in matches
//! whose holes change hands: Mewelad, Rio Kadalis and Gabata (Ghinda).
//! What stays here is Gabata (Ghinda)'s first turns, round by round, and a
//! check of a bad file; the moves and refills worked by hand are cases
//! (`rounds/odd_pit/rio-kadalis.yaml`, `rounds/match_end/rio-kadalis.yaml`,
//! `end/leftovers/mewelad.yaml`, `capture/goes_to/rio-kadalis.yaml`,
//! `capture/last_goes_to/rio-kadalis.yaml`, `claim/tribute/um-el-banat.yaml`,
//! `claim/makes/um-el-banat.yaml`).

use sowing::engine::{AfterRound, EndReason, Player};

use crate::common::{legal, play, pos, scratch, shipped, sow};

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
