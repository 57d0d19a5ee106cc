//! The games of the fifth reach wave and the rules they brought: Hoyito
//! (`board_at_most`, the endgame sweep). Every expected result is worked
//! out by hand from the rules' words (the variant files' headers).

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
fn hoyito_eight_are_counted_when_the_move_starts() {
    let game = shipped("hoyito");
    // Twelve counters on the board when South moves. South f (3): A 3->4,
    // taken; B 0->1, C 0->1: eight are left, but the move started with
    // twelve: no sweep. The next capture (with eight left) takes them all.
    let p = pos(&game, "0 0 0 0 0 3 / 3 0 0 0 0 6 south captured 18 18");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 6]
    );
    assert_eq!(s.position.captured, [22, 18]);
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
