//! Openings and the turn a capture gives: no capture in each player's first
//! turn (`first_moves each_player` with `first_move no_capture`) and
//! `extra_turn capture`, from positions worked out by hand from Wa'ache
//! Waledat's rule text (Pankhurst 1971: 171, as in Ludii's Wa'ache
//! Waledat.lud).

use sowing::engine::{parse_move, EndReason, GameRun, Player};

use crate::common::{board, legal, play, pos, scratch, shipped, shipped_text_with, sow};

#[test]
fn wa_ache_waledat_a_relay_landing_on_four_is_taken_and_the_mover_plays_again() {
    let game = shipped("wa-ache-waledat");
    // South e (2; e is on South's right: anti-clockwise): f 0->1, A 3->4,
    // the last, in an occupied hole, now four: South takes them, the move
    // ends and South moves again.
    let p = pos(&game, "0 0 0 0 2 0 / 3 0 0 0 0 1 south captured 15 15");
    let s = play(&game, &p, "e");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]
    );
    assert_eq!(s.position.captured, [19, 15]);
    assert_eq!(s.position.to_move, Player::South);
}

#[test]
fn wa_ache_waledat_the_turn_a_capture_gives_is_free_and_a_turn_without_one_passes() {
    let game = shipped("wa-ache-waledat");
    // As above, with a (2) on South's left: after the capture South may
    // play a (clockwise) or f (anti-clockwise): "another turn", any hole.
    // (Ludii's code would keep South to the anti-clockwise half: f.)
    let p = pos(&game, "2 0 0 0 2 0 / 3 0 0 0 0 1 south captured 14 14");
    let s = play(&game, &p, "e");
    assert_eq!(s.position.to_move, Player::South);
    assert_eq!(legal(&game, &s.position), ["a", "f"]);
    // South a (2, clockwise): F 1->2, E 0->1, the last in an empty hole:
    // no capture, North's turn.
    let t = play(&game, &s.position, "a");
    assert_eq!(
        board(&game, &t.position),
        [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 2]
    );
    assert_eq!(t.position.to_move, Player::North);
}

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
fn wa_ache_waledat_ends_when_a_row_is_empty_each_taking_their_own_row() {
    let game = shipped("wa-ache-waledat");
    // South f (1, anti-clockwise): A 0->1, the last in an empty hole.
    // South's row is now empty: the game ends and North takes the three
    // counters of their row (A, E, F).
    let mut run = GameRun::new(
        &game,
        pos(&game, "0 0 0 0 0 1 / 0 0 0 0 1 1 south captured 16 17"),
    );
    run.play(parse_move("f", &game).unwrap()).unwrap();
    assert_eq!(run.end(), Some(EndReason::RowEmpty));
    assert_eq!(run.scores(), [16, 20]);
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
fn english_wari_st_lucia_each_players_first_move_shifts_a_hole_into_the_next() {
    let game = shipped("english-wari-st-lucia");
    // Every hole of South's row may be shifted (each holds four).
    assert_eq!(legal(&game, &game.start()), ["a", "b", "c", "d", "e", "f"]);
    // South f: f's four go into the next hole anti-clockwise, North's A
    // (4 -> 8); nothing is sown past it. North's first move is next.
    let s = play(&game, &game.start(), "f");
    assert_eq!(
        board(&game, &s.position),
        [4, 4, 4, 4, 4, 0, 8, 4, 4, 4, 4, 4]
    );
    assert_eq!(s.position.to_move, Player::North);
    assert!(s.position.opening, "North's first move is a shift too");
    // North C: C's four into D (4 -> 8). The opening is over.
    let t = play(&game, &s.position, "C");
    assert_eq!(
        board(&game, &t.position),
        [4, 4, 4, 4, 4, 0, 8, 4, 0, 8, 4, 4]
    );
    assert_eq!(t.position.to_move, Player::South);
    assert!(!t.position.opening);
    // South's next move sows: a's four into b, c, d, e (5 each).
    let u = play(&game, &t.position, "a");
    assert_eq!(
        board(&game, &u.position),
        [0, 5, 5, 5, 5, 0, 8, 4, 0, 8, 4, 4]
    );
}

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
fn english_wari_st_lucia_captures_fours_backward_across_the_rows() {
    let game = shipped("english-wari-st-lucia");
    // South e (3): f 3->4, A 3->4, B 3->4, the last. B's four are taken,
    // then backward A's and f's (across the end of the row, "an unbroken
    // sequence of holes containing four"); e, emptied, stops it. North
    // keeps C (2), a hole they can sow.
    let p = pos(&game, "0 0 0 0 3 3 / 3 3 2 0 0 0 south");
    let s = play(&game, &p, "e");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [12, 0]);
}

#[test]
fn english_wari_st_lucia_a_move_must_leave_the_opponent_a_hole_they_can_sow() {
    let game = shipped("english-wari-st-lucia");
    // South a (2): b, c; North keeps A (1), which cannot be sown: illegal.
    // South f (2): A 1->2, B 0->1: North can sow A. Single counters (b)
    // cannot be sown.
    let p = pos(&game, "2 1 0 0 0 2 / 1 0 0 0 0 0 south");
    assert_eq!(legal(&game, &p), ["f"]);
    // No move leaves North a hole of two: South cannot play and the game
    // ends, each player keeping the counters of their row.
    let run = GameRun::new(
        &game,
        pos(&game, "2 0 0 0 0 0 / 0 0 0 0 0 1 south captured 20 25"),
    );
    assert_eq!(run.end(), Some(EndReason::FeedingImpossible));
    assert_eq!(run.scores(), [22, 26]);
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
