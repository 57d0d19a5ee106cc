//! Hoyito, Dongjintian and Pachgarhwa and the rules they brought: Hoyito
//! (`board_at_most`, the endgame sweep), Dongjintian and Pachgarhwa (`laps
//! next_always`, `take two_out`). Every expected result is worked out by
//! hand from the rules' words (the variant files' headers).

use sowing::engine::{parse_move, EndReason, GameRun};

use crate::common::{board, play, pos, scratch, shipped, sow};

// ---- Hoyito: fours while sowing, relays, the last eight counters ----

#[test]
fn hoyito_a_four_made_while_sowing_is_the_movers_and_the_sowing_goes_on() {
    let game = shipped("hoyito");
    // South f (3): A 3->4, taken by South as the counter falls; B 0->1,
    // C 0->1, the last, into an empty hole: the turn ends. The board held
    // 11 counters when the move started: no endgame sweep.
    let p = pos(&game, "0 0 0 0 0 3 / 3 0 0 0 0 5 south captured 20 17");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 5]
    );
    assert_eq!(s.position.captured, [24, 17]);
}

#[test]
fn hoyito_a_relay_whose_last_counter_makes_four_captures_and_ends_the_turn() {
    let game = shipped("hoyito");
    // South d (1): e 1->2, occupied: lift e (2): f 0->1, A 3->4, the last:
    // the four is taken and the turn ends (the hole is empty, no relay).
    let p = pos(&game, "0 0 0 1 1 0 / 3 0 0 0 0 5 south captured 20 18");
    let s = play(&game, &p, "d");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 5]
    );
    assert_eq!(s.position.captured, [24, 18]);
}

#[test]
fn hoyito_the_first_four_of_the_last_eight_takes_the_board_and_ends_the_game() {
    let game = shipped("hoyito");
    // Eight counters on the board when South moves. South f (3): A 3->4,
    // taken; B 0->1, C 0->1 (empty: the turn ends). That capture is the
    // first with the last eight: South also takes B, C and F (1 + 1 + 2).
    // The board is empty: neither player can move and South wins 28-20.
    let p = pos(&game, "0 0 0 0 0 3 / 3 0 0 0 0 2 south captured 20 20");
    let s = play(&game, &p, "f");
    assert_eq!(board(&game, &s.position), [0; 12]);
    assert_eq!(s.position.captured, [28, 20]);
    let mut run = GameRun::new(&game, p);
    run.play(parse_move("f", &game).unwrap()).unwrap();
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.scores(), [28, 20]);
}

#[test]
fn hoyito_eight_left_without_a_capture_sweeps_nothing() {
    let game = shipped("hoyito");
    // Eight counters on the board; South f (1): A 0->1, the last, into an
    // empty hole: no four, so no sweep.
    let p = pos(&game, "0 0 0 0 0 1 / 0 0 0 0 0 7 south captured 20 20");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 7]
    );
    assert_eq!(s.position.captured, [20, 20]);
}

#[test]
fn hoyito_a_four_made_with_twelve_left_sweeps_nothing() {
    let game = shipped("hoyito");
    // Twelve counters on the board when South moves. South f (3): A 3->4,
    // taken (made with twelve on the board); B 0->1, C 0->1: eight are
    // left, no sweep. The next four made (with eight left) takes them all.
    let p = pos(&game, "0 0 0 0 0 3 / 3 0 0 0 0 6 south captured 18 18");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 6]
    );
    assert_eq!(s.position.captured, [22, 18]);
}

#[test]
fn hoyito_a_second_four_made_with_eight_left_takes_the_rest_in_the_same_move() {
    let game = shipped("hoyito");
    // Twelve counters on the board. South f (3): A 3->4, taken (twelve on
    // the board); B 3->4, taken: this four is made with eight left, so
    // South also takes what remains once the move is over: C 0->1 (the
    // last, into an empty hole) and F (3): 8 + 4 = 12.
    let p = pos(&game, "0 0 0 0 0 3 / 3 3 0 0 0 3 south captured 18 18");
    let s = play(&game, &p, "f");
    assert_eq!(board(&game, &s.position), [0; 12]);
    assert_eq!(s.position.captured, [30, 18]);
}

#[test]
fn hoyito_a_player_without_counters_passes() {
    let game = shipped("hoyito");
    // South's row is empty: South passes, and North plays on.
    let p = pos(&game, "0 0 0 0 0 0 / 1 0 0 0 0 7 south captured 20 20");
    let mut run = GameRun::new(&game, p);
    assert_eq!(run.end(), None);
    run.play(parse_move("pass", &game).unwrap()).unwrap();
    assert_eq!(run.end(), None);
}

// ---- Dongjintian: relay from the next hole, two-out captures ----

#[test]
fn dongjintian_sowing_goes_on_from_the_next_hole_and_takes_across_an_empty_one() {
    let game = shipped("dongjintian");
    // South a:ccw (1): b 0->1, the last; the next hole, c (2), holds
    // counters: lift them (whatever b held): d 0->1, e 0->1, the last; the
    // next hole, A, is empty: the sowing ends, and the hole after A, B (3),
    // is taken. Then C is empty but D too: the chain stops.
    let p = pos(&game, "1 0 2 0 0 / 0 3 0 0 0 south captured 22 22");
    let s = play(&game, &p, "a:ccw");
    assert_eq!(board(&game, &s.position), [0, 1, 0, 1, 1, 0, 0, 0, 0, 0]);
    assert_eq!(s.position.captured, [25, 22]);
}

#[test]
fn dongjintian_the_chain_runs_while_empty_and_occupied_holes_alternate() {
    let game = shipped("dongjintian");
    // South a:ccw (1): b 0->1, the last; c is empty: the sowing ends. Taken:
    // d (3), across c; then e is empty and A (2) occupied: taken; then B and
    // C are both empty: the chain stops, D (4) stays.
    let p = pos(&game, "1 0 0 3 0 / 2 0 0 4 0 south captured 20 20");
    let s = play(&game, &p, "a:ccw");
    assert_eq!(board(&game, &s.position), [0, 1, 0, 0, 0, 0, 0, 0, 4, 0]);
    assert_eq!(s.position.captured, [25, 20]);
    // Two occupied holes in a row stop it too: d is taken, e (1) stops it.
    let p = pos(&game, "1 0 0 3 1 / 2 0 0 0 0 south captured 20 23");
    let s = play(&game, &p, "a:ccw");
    assert_eq!(board(&game, &s.position), [0, 1, 0, 0, 1, 2, 0, 0, 0, 0]);
    assert_eq!(s.position.captured, [23, 23]);
}

#[test]
fn dongjintian_the_chain_stops_before_the_last_hole_and_one_counter_ends_the_game() {
    let game = shipped("dongjintian");
    // South a:ccw (1): b 0->1, the last; c empty: the sowing ends. The
    // chain takes d, A, C and E (1 each, each across an empty hole); after
    // E come a (empty) and b, the last hole itself: it stops there. One
    // counter is left: the game is over, that counter scored for nobody.
    let p = pos(&game, "1 0 0 1 0 / 1 0 1 0 1 south captured 22 23");
    let s = play(&game, &p, "a:ccw");
    assert_eq!(board(&game, &s.position), [0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(s.position.captured, [26, 23]);
    let mut run = GameRun::new(&game, p);
    run.play(parse_move("a:ccw", &game).unwrap()).unwrap();
    assert_eq!(run.end(), Some(EndReason::StonesLeft));
    assert_eq!(run.scores(), [26, 23]);
}

#[test]
fn dongjintian_a_clockwise_move_relays_and_captures_clockwise() {
    let game = shipped("dongjintian");
    // South c:cw (2): b 0->1, a 0->1, the last; the next hole clockwise, E
    // (2), holds counters: lift them: D 0->1, C 0->1, the last; B is
    // empty: the sowing ends, and A (3), across B, is taken; then e is
    // empty and d too: the chain stops.
    let p = pos(&game, "0 0 2 0 0 / 3 0 0 0 2 south captured 20 23");
    let s = play(&game, &p, "c:cw");
    assert_eq!(board(&game, &s.position), [1, 1, 0, 0, 0, 0, 0, 1, 1, 0]);
    assert_eq!(s.position.captured, [23, 23]);
}

// ---- Pachgarhwa: the same sowing, one hole taken ----

#[test]
fn pachgarhwa_sowing_goes_on_from_the_next_hole_and_takes_the_hole_after_an_empty_one() {
    let game = shipped("pachgarhwa");
    // South a (1): b 0->1, the last; the next hole, c (2), holds counters:
    // lift them: d 0->1, e 0->1, the last; A is empty: the turn ends, and
    // the hole after it, B (3), is taken.
    let p = pos(&game, "1 0 2 0 0 / 0 3 0 0 0 south captured 22 22");
    let s = play(&game, &p, "a");
    assert_eq!(board(&game, &s.position), [0, 1, 0, 1, 1, 0, 0, 0, 0, 0]);
    assert_eq!(s.position.captured, [25, 22]);
}

#[test]
fn pachgarhwa_takes_one_hole_only() {
    let game = shipped("pachgarhwa");
    // South a (1): b 0->1, the last; c is empty: d (3) is taken. No chain:
    // A (2), across the empty e, stays.
    let p = pos(&game, "1 0 0 3 0 / 2 0 0 4 0 south captured 20 20");
    let s = play(&game, &p, "a");
    assert_eq!(board(&game, &s.position), [0, 1, 0, 0, 0, 2, 0, 0, 4, 0]);
    assert_eq!(s.position.captured, [23, 20]);
}

// ---- the new keys' checks ----

#[test]
fn board_at_most_is_refused_off_a_sweep() {
    let dir = scratch("reach5-check");
    let path = dir.join("t.variant");
    std::fs::write(
        &path,
        "name \"t\"\nboard { pits 3; seeds 2; stores none }\nsow { start next }\n\
         capture c { counts 2; side any; board_at_most 4 }\n",
    )
    .unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        err.contains("t.variant:4:33")
            && err.contains(
                "`board_at_most` has no effect here: it is for `on sweep`, not `on last_pit`"
            ),
        "{err}"
    );
}

#[test]
fn two_out_is_refused_with_a_backward_chain_or_facing_counts() {
    let cases = [
        (
            "capture c { before any; side any; take two_out; chain backward }",
            "t.variant:4:35",
            "`take two_out` chains forward only: `chain backward` is not supported",
        ),
        (
            "capture c { before any; side any; take two_out; facing_counts 1 }",
            "t.variant:4:49",
            "`facing_counts` has no effect with `take two_out`: the facing pit is not taken",
        ),
    ];
    let dir = scratch("reach5-two-out");
    let path = dir.join("t.variant");
    for (rule, place, message) in cases {
        std::fs::write(
            &path,
            format!(
                "name \"t\"\nboard {{ pits 3; seeds 2; stores none }}\nsow {{ start next }}\n{rule}\n"
            ),
        )
        .unwrap();
        let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
        assert_ne!(code, 0, "{rule}");
        assert!(
            err.contains(place) && err.contains(message),
            "{rule}: {err}"
        );
    }
}
