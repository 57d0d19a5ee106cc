//! The stylised opening of shifts (`opening { shifts_from N }`) and an
//! in-sowing capture that leaves a lap's last hole to the relay
//! (`last_stone lifted`): Gabata (Oromo) and Jimafesosh (Pankhurst 1971:
//! 178, 179, as Ludii's files quote them). Every expected position is
//! worked out by hand from the rule texts (the variant files' headers).
//! Holes are written a..f (South, left to right) and A..F (North, from
//! North's left); anti-clockwise, South's f is followed by North's A.

use sowing::engine::Player;

use crate::common::{board, play, pos, scratch, shipped, shipped_text_with, sow};

#[test]
fn gabata_oromo_starts_after_the_shifts_and_the_sowing_of_f() {
    let game = shipped("gabata-oromo");
    // Shifts: a into b, c into d, e into f, A into B, C into D, E into F:
    // 0 8 0 8 0 8 / 0 8 0 8 0 8; a, the next to empty, is empty. South sows
    // F (8): a1 b9 c1 d9 e1 f9 A1 B9, last in B (occupied): lifted (9):
    // C1 D9 E1 F1 a2 b10 c2 d10 e2; e (2): f10 A2; A (2): B1 C2; C (2):
    // D10 E2; E (2): F2 a3; a (3): b11 c3 d11; d (11): e1 f11 A1 B2 C1 D11
    // E1 F3 a1 b12 c4, the last: four, but a lap's last hole is lifted, not
    // taken; c (4): d1 e2 f12 A2; A (2): B3 C2; C (2): D12 E2; E (2): F4, not
    // the last: taken by South, a2; a (2): b13 c1, c was empty: the move
    // ends. North moves.
    let start = game.start();
    assert_eq!(
        board(&game, &start),
        [0, 13, 1, 1, 2, 12, 0, 3, 0, 12, 0, 0]
    );
    assert_eq!(start.captured, [4, 0]);
    assert_eq!(start.to_move, Player::North);
}

#[test]
fn jimafesosh_starts_after_the_shifts_into_the_opposite_hole_and_the_sowing_of_e() {
    let game = shipped("jimafesosh");
    // Shifts: f into A (the hole facing it), B into C, D into E, F into a,
    // b into c, d into e: 8 0 8 0 8 0 / 8 0 8 0 8 0; f is empty. South sows
    // e (8): f1 A9 B1 C9 D1 E9 F1 a9; a (9): b1 c9 d1 e1 f2 A10 B2 C10 D2;
    // D (2): E10 F2; F (2): a1 b2; b (2): c10 d2; d (2): e2 f3; f (3): A11
    // B3 C11; C (11): D1 E11 F1 a2 b1 c11 d1 e3 f1 A12 B4; B (4): C1 D2 E12
    // F2; F (2): a3 b2; b (2): c12 d2; d (2): e4 f2; f (2): A13 B1, B was
    // empty: the move ends and takes the hole facing B, e (4). North moves.
    let start = game.start();
    assert_eq!(
        board(&game, &start),
        [3, 0, 12, 0, 0, 0, 13, 1, 1, 2, 12, 0]
    );
    assert_eq!(start.captured, [4, 0]);
    assert_eq!(start.to_move, Player::North);
}

#[test]
fn gabata_oromo_a_four_made_before_the_last_counter_is_the_sowers_in_either_row() {
    let game = shipped("gabata-oromo");
    // South b (3): c 0->1, d 3->4 with a counter still to sow: taken by
    // South; e 0->1, the last, empty before: the move ends.
    let p = pos(&game, "0 3 0 3 0 0 / 0 0 0 0 0 0 south captured 20 22");
    let s = play(&game, &p, "b");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [24, 22]);
    // South f (2): A 3->4, in North's row, not the last: South's; B 0->1.
    let p = pos(&game, "0 0 0 0 0 2 / 3 0 0 0 0 0 south captured 21 22");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [25, 22]);
}

#[test]
fn gabata_oromo_a_four_made_by_a_laps_last_counter_is_lifted_and_sown_on() {
    let game = shipped("gabata-oromo");
    // South b (2): c 0->1, d 3->4, the last: "picked up and sowing
    // continues": e 0->1, f 0->1, A 0->1, B 0->1, empty before: the end.
    // Nothing is captured.
    let p = pos(&game, "0 2 0 3 0 0 / 0 0 0 0 0 1 south captured 20 22");
    let s = play(&game, &p, "b");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 1]
    );
    assert_eq!(s.position.captured, [20, 22]);
}

#[test]
fn jimafesosh_a_last_counter_in_an_empty_hole_takes_the_hole_facing_it() {
    let game = shipped("jimafesosh");
    // South e (2): f 0->1, A 0->1, the last, empty before: the hole facing
    // A, South's own f (1), is taken by South.
    let p = pos(&game, "0 0 0 0 2 0 / 0 0 0 3 0 0 south captured 20 23");
    let s = play(&game, &p, "e");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 1, 0, 0, 3, 0, 0]
    );
    assert_eq!(s.position.captured, [21, 23]);
}

/// Writes the shipped Gabata (Oromo) with `edits` to a scratch file and
/// checks it: the exit code and standard error.
fn check_edited(name: &str, edits: &[(&str, &str)]) -> (i32, String) {
    let text = shipped_text_with("gabata-oromo", edits);
    let path = scratch(name).join("oromo.variant");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    (code, err)
}

#[test]
fn an_opening_place_beyond_the_row_is_refused_with_its_place() {
    let (code, err) = check_edited("shifts-beyond", &[("shifts_from 1", "shifts_from 7")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`shifts_from 7`: a row has 6 pits (1 to 6)"),
        "{err}"
    );
    assert!(err.contains("oromo.variant:"), "{err}");
}

#[test]
fn an_opening_with_another_first_move_rule_is_refused_with_its_place() {
    let (code, err) = check_edited(
        "shifts-first-move-from",
        &[("min_stones 1", "min_stones 1\n  first_move_from 2")],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`shifts_from` (the opening of shifts) cannot be used with `first_move_from` in `legal`"),
        "{err}"
    );
    let (code, err) = check_edited("shifts-either", &[("direction ccw", "direction either")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("needs one sowing direction for every pit"),
        "{err}"
    );
}

#[test]
fn last_stone_lifted_outside_every_pit_is_refused_with_its_place() {
    let (code, err) = check_edited(
        "last-stone-last-pit",
        &[("on         every_pit", "on         last_pit")],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "`last_stone lifted` has no effect here: it is for `on every_pit`, not `on last_pit`"
        ),
        "{err}"
    );
    assert!(err.contains("oromo.variant:"), "{err}");
}
