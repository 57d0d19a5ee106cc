//! Openings and the turn a capture gives: what the records of
//! `tests/cases/` cannot say (an opening position other than the start,
//! whether a player's first turn is still to come) and the checks of the
//! keys, from Wa'ache Waledat's rule text (Pankhurst 1971: 171, as in
//! Ludii's Wa'ache Waledat.lud) and English Wari (St. Lucia). The other
//! positions worked by hand are cases (`sow/extra_turn/wa-ache-waledat.yaml`,
//! `legal/first_move/english-wari-st-lucia.yaml`, ...).

use sowing::engine::Player;

use crate::common::{board, play, pos, scratch, shipped, shipped_text_with, sow};

#[test]
fn wa_ache_waledat_no_capture_in_souths_first_turn() {
    let game = shipped("wa-ache-waledat");
    // From the start, South d (3, anti-clockwise): e, f, A 3->4, the last
    // makes four, but "these captures may not be made on the first turn":
    // A's four are lifted and sown on: B, C, D, E 3->4: lifted: F, a, b,
    // c 3->4: lifted: d 0->1, e 4->5, f 4->5, A 0->1, the last in an
    // empty hole. Nothing taken, North to move, North's first turn next.
    let s = play(&game, &game.start(), "d");
    assert_eq!(
        board(&game, &s.position),
        [4, 4, 0, 1, 5, 5, 1, 4, 4, 4, 0, 4]
    );
    assert_eq!(s.position.captured, [0, 0]);
    assert_eq!(s.position.to_move, Player::North);
    assert!(s.position.opening, "North's first turn is still to come");
    // The same move later in a game takes A's four and South plays again.
    let later = pos(&game, "3 3 3 3 3 3 / 3 3 3 3 3 3 south");
    let s = play(&game, &later, "d");
    assert_eq!(
        board(&game, &s.position),
        [3, 3, 3, 0, 4, 4, 0, 3, 3, 3, 3, 3]
    );
    assert_eq!(s.position.captured, [4, 0]);
    assert_eq!(s.position.to_move, Player::South);
}

#[test]
fn wa_ache_waledat_no_capture_in_norths_first_turn_and_captures_after() {
    let game = shipped("wa-ache-waledat");
    // North's first turn: D (3, on North's right: anti-clockwise): E, F,
    // a 3->4, the last: lifted and sown on: b, c, d, e 3->4: lifted: f, A,
    // B, C 3->4: lifted: D 0->1, E 4->5, F 4->5, a 0->1, the last in an
    // empty hole. Then the opening is over.
    let mut first = pos(&game, "3 3 3 3 3 3 / 3 3 3 3 3 3 north");
    first.opening = true;
    let s = play(&game, &first, "D");
    assert_eq!(
        board(&game, &s.position),
        [1, 4, 4, 4, 0, 4, 4, 4, 0, 1, 5, 5]
    );
    assert_eq!(s.position.captured, [0, 0]);
    assert_eq!(s.position.to_move, Player::South);
    assert!(!s.position.opening);
    // After it, the same move takes a's four and North plays again.
    let later = pos(&game, "3 3 3 3 3 3 / 3 3 3 3 3 3 north");
    let s = play(&game, &later, "D");
    assert_eq!(
        board(&game, &s.position),
        [0, 3, 3, 3, 3, 3, 3, 3, 3, 0, 4, 4]
    );
    assert_eq!(s.position.captured, [0, 4]);
    assert_eq!(s.position.to_move, Player::North);
}

#[test]
fn extra_turn_capture_without_a_capture_rule_is_refused_with_its_place() {
    let path = scratch("extra-turn-capture").join("no-capture.variant");
    std::fs::write(
        &path,
        "name \"T\"\nboard { pits 3; seeds 2 }\nsow { start next; extra_turn capture }\n",
    )
    .unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`extra_turn capture` has no effect: the variant has no capture rule"),
        "{err}"
    );
    assert!(err.contains("no-capture.variant:3:"), "{err}");
}

#[test]
fn extra_turn_last_pit_capture_without_a_capture_rule_is_refused_with_its_place() {
    let path = scratch("extra-turn-last-pit-capture").join("no-capture.variant");
    std::fs::write(
        &path,
        "name \"T\"\nboard { pits 3; seeds 2 }\nsow { start next; extra_turn last_pit_capture }\n",
    )
    .unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "`extra_turn last_pit_capture` has no effect: the variant has no capture rule"
        ),
        "{err}"
    );
    assert!(err.contains("no-capture.variant:3:"), "{err}");
}

#[test]
fn each_player_first_moves_with_extra_turn_capture_needs_every_rule_waived() {
    let text = shipped_text_with(
        "wa-ache-waledat",
        &[("first_move no_capture", "first_move normal")],
    );
    let path = scratch("opening-captures").join("opening-captures.variant");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`first_moves each_player` with `extra_turn capture` needs `first_move no_capture` in every capture rule"),
        "{err}"
    );
    assert!(err.contains("opening-captures.variant:"), "{err}");
}

// English Wari (St. Lucia) (Herskovits 1932: 31, as in Ludii's "English
// Wari (St. Lucia).lud"): "for the opening move, a player may take all of
// the counters in one hole and add them to the next hole" (`first_move
// shift`, each player's first move).

#[test]
fn english_wari_st_lucia_a_shift_captures_nothing_and_norths_last_hole_shifts_into_a() {
    let game = shipped("english-wari-st-lucia");
    // North's first move from a made-up opening position: F (2) into a
    // (2 -> 4). A sowing's last counter making four would be taken; the
    // shift takes nothing.
    let mut p = pos(&game, "2 4 4 4 4 0 / 8 4 4 4 4 2 north");
    p.opening = true;
    let s = play(&game, &p, "F");
    assert_eq!(
        board(&game, &s.position),
        [4, 4, 4, 4, 4, 0, 8, 4, 4, 4, 4, 0]
    );
    assert_eq!(s.position.captured, [0, 0]);
    assert!(!s.position.opening);
}

#[test]
fn first_move_shift_with_first_lap_is_refused_with_its_place() {
    let text = shipped_text_with(
        "english-wari-st-lucia",
        &[(
            "first_move  shift",
            "first_move  shift\n  first_lap reaches_or_empty",
        )],
    );
    let path = scratch("shift-first-lap").join("shift.variant");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`first_move shift` is not supported with `first_lap`"),
        "{err}"
    );
    assert!(err.contains("shift.variant:"), "{err}");
}
