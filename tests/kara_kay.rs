//! Kara and Kay, each made exact with a rule
//! the language lacked: Kay (`laps relay_until_capture_unless_next_empty`,
//! `first_lap single_into_empty`). Every expected result is worked out by
//! hand from the rules' words (the variant files' headers). Holes are
//! written a..f (South, left to right) and A..F (North, from North's left);
//! anticlockwise, South's f is followed by North's A.

use sowing::engine::{parse_move, EndReason, GameRun, Illegal};

use crate::common::{board, legal, play, pos, scratch, shipped, sow};

// ---- Kay: relay unless the next hole is empty; fours of the opponent's
// row end the turn; single counters only into an empty hole ----

#[test]
fn kay_relays_while_the_hole_after_the_landing_hole_holds_counters() {
    let game = shipped("kay");
    // South b (2): c 1->2, d 1->2, the last, occupied; the next hole, e,
    // holds a counter: d is lifted. d (2): e 1->2, f 0->1, the last, empty
    // before: the turn ends, nothing taken.
    let p = pos(&game, "0 2 1 1 1 0 / 1 1 1 1 1 1 south captured 18 19");
    let s = play(&game, &p, "b");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 2, 0, 2, 1, 1, 1, 1, 1, 1, 1]
    );
    assert_eq!(s.position.captured, [18, 19]);
}

#[test]
fn kay_an_empty_next_hole_ends_the_turn_in_an_occupied_hole() {
    let game = shipped("kay");
    // South b (2): c 1->2, d 1->2, the last, occupied, but e is empty: the
    // turn ends there.
    let p = pos(&game, "0 2 1 1 0 0 / 1 1 1 1 1 1 south captured 18 20");
    let s = play(&game, &p, "b");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 2, 2, 0, 0, 1, 1, 1, 1, 1, 1]
    );
    assert_eq!(s.position.captured, [18, 20]);
}

#[test]
fn kay_a_three_made_four_in_the_opponents_row_is_taken_with_the_fours_behind() {
    let game = shipped("kay");
    // South f (3): A 2->3, B 3->4, C 3->4, the last, in North's row, three
    // before: taken (though D, occupied, would have relayed it), then B
    // (4) behind it; A (3) stops the chain. 4 + 4 = 8, and the turn ends.
    let p = pos(&game, "0 0 0 0 0 3 / 2 3 3 2 0 0 south captured 18 17");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 3, 0, 0, 2, 0, 0]
    );
    assert_eq!(s.position.captured, [26, 17]);
}

#[test]
fn kay_a_four_in_the_movers_own_row_is_not_taken_and_relays() {
    let game = shipped("kay");
    // South b (2): c 1->2, d 3->4, the last, in South's own row: not taken
    // (the text: "in the opponent's row"); e holds a counter: d is lifted.
    // d (4): e 1->2, f 0->1, A 1->2, B 1->2, the last, occupied, C holds a
    // counter: B is lifted. B (2): C 1->2, D 1->2, the last, E holds one:
    // D is lifted. D (2): E 1->2, F 1->2, the last, occupied, but a is
    // empty: the turn ends. Nothing taken.
    let p = pos(&game, "0 2 1 3 1 0 / 1 1 1 1 1 1 south captured 17 18");
    let s = play(&game, &p, "b");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 2, 0, 2, 1, 2, 0, 2, 0, 2, 2]
    );
    assert_eq!(s.position.captured, [17, 18]);
}

#[test]
fn kay_a_single_counter_is_sown_only_into_an_empty_hole() {
    let game = shipped("kay");
    // a (1) would fall into b (occupied): not playable; b (1) falls into
    // the empty c; d (2) is played whatever follows it.
    let p = pos(&game, "1 1 0 2 0 0 / 1 1 1 1 1 1 south captured 18 20");
    assert_eq!(legal(&game, &p), ["b", "d"]);
    let a = parse_move("a", &game).unwrap();
    assert_eq!(
        game.play(&p, a).unwrap_err(),
        Illegal::SingleIntoOccupied { pit: "a".into() }
    );
    let s = play(&game, &p, "b");
    assert_eq!(
        board(&game, &s.position),
        [1, 0, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1]
    );
}

#[test]
fn kay_ends_when_the_player_to_move_cannot_play_and_counts_only_captures() {
    let game = shipped("kay");
    // South's e (1) would fall into f, f (1) into North's A, both
    // occupied: South cannot play, the game is over, and the three counters
    // left count for nobody.
    let run = GameRun::new(
        &game,
        pos(&game, "0 0 0 0 1 1 / 1 0 0 0 0 0 south captured 22 23"),
    );
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.scores(), [22, 23]);
}

#[test]
fn single_into_empty_with_min_stones_two_is_refused() {
    let dir = scratch("kara-kay-check");
    let text = "name \"t\"\nboard { pits 3; seeds 2 }\nsow { start next }\nlegal { min_stones 2; first_lap single_into_empty }\n";
    let path = dir.join("t.variant");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        err.contains("t.variant:4:")
            && err.contains("`first_lap single_into_empty` has no effect with `min_stones 2`"),
        "{err}"
    );
}

// ---- Kara: twos, fours and sixes in the opponent's row or one's own
// rightmost hole ----

#[test]
fn kara_takes_a_last_hole_of_the_opponents_row_made_two_four_or_six() {
    let game = shipped("kara");
    // South b (2): c 0->1, A 3->4, the last, North's: taken (4).
    let p = pos(&game, "0 2 0 / 3 1 1 south captured 17 18");
    let s = play(&game, &p, "b");
    assert_eq!(board(&game, &s.position), [0, 0, 1, 0, 1, 1]);
    assert_eq!(s.position.captured, [21, 18]);
}

#[test]
fn kara_takes_the_movers_own_rightmost_hole_but_no_other_own_hole() {
    let game = shipped("kara");
    // South b (1): c 1->2, the last, South's rightmost: taken (2).
    let p = pos(&game, "0 1 1 / 1 1 1 south captured 18 19");
    let s = play(&game, &p, "b");
    assert_eq!(board(&game, &s.position), [0, 0, 0, 1, 1, 1]);
    assert_eq!(s.position.captured, [20, 19]);
    // South c (4): A 1->2, B 1->2, C 1->2, a 1->2, the last, South's own
    // leftmost: not taken.
    let p = pos(&game, "1 0 4 / 1 1 1 south captured 17 17");
    let s = play(&game, &p, "c");
    assert_eq!(board(&game, &s.position), [2, 0, 0, 2, 2, 2]);
    assert_eq!(s.position.captured, [17, 17]);
    // North's rightmost is C (from North's left): North B (1): C 1->2,
    // taken.
    let p = pos(&game, "1 1 1 / 0 1 1 north captured 18 19");
    let s = play(&game, &p, "B");
    assert_eq!(board(&game, &s.position), [1, 1, 1, 0, 0, 0]);
    assert_eq!(s.position.captured, [18, 21]);
}

#[test]
fn kara_ends_when_the_player_to_move_has_no_counter_each_taking_their_row() {
    let game = shipped("kara");
    // South's holes are empty: the game is over, North takes its three.
    let run = GameRun::new(&game, pos(&game, "0 0 0 / 1 2 0 south captured 20 19"));
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.scores(), [20, 22]);
}

#[test]
fn opponent_and_own_rightmost_needs_two_rows() {
    let dir = scratch("kara-kay-check-side");
    let text = "name \"t\"\nboard { rows 3; pits 4; seeds 2 }\nsow { start next }\ncapture last { counts 2; side opponent_and_own_rightmost }\n";
    let path = dir.join("t.variant");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        err.contains("t.variant:4:")
            && err.contains("`side opponent_and_own_rightmost` needs a two-row board"),
        "{err}"
    );
}
