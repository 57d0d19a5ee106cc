//! Foji, Fondji, Woli and
//! Unnee Tugalluulax, shipped with rules the language already had, and Tap
//! Urdy with two new words (`laps relay_unless_next_empty`, `play_from
//! opponent`). Every
//! expected result is worked out by hand from the rules' words (the
//! variant files' headers). Holes are written a..f (South, left to right)
//! and A..F (North, from North's left); clockwise, South's a is followed by
//! North's F.

use sowing::engine::{format_position, parse_move, AfterRound, EndReason, GameRun, Player};

use crate::common::{board, legal, play, pos, scratch, shipped, sow};

// ---- Foji: clockwise relays, the opposite hole taken from one's own row ----

#[test]
fn foji_a_relay_ends_in_an_empty_hole_of_ones_row_and_takes_the_hole_opposite() {
    let game = shipped("foji");
    // South e (1), clockwise: d 1->2, the last, occupied: lifted. d (2),
    // skipping d: c 0->1, b 0->1, the last, empty before: in South's row,
    // so the hole opposite b, North's E (3), is taken.
    let p = pos(&game, "0 0 0 1 1 0 / 2 0 0 0 3 0 south captured 20 21");
    let s = play(&game, &p, "e");
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [23, 21]);
}

#[test]
fn foji_a_last_counter_in_an_empty_hole_of_the_opponents_row_takes_nothing() {
    let game = shipped("foji");
    // South a (1), clockwise: F 0->1, the last, empty before, but in
    // North's row: the move ends, nothing taken (a, opposite F, is empty
    // anyway; f (2) stays).
    let p = pos(&game, "1 0 0 0 0 2 / 3 0 0 0 0 0 south captured 21 21");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0, 1]
    );
    assert_eq!(s.position.captured, [21, 21]);
}

#[test]
fn foji_no_move_may_take_the_opponents_last_counters_when_another_feeds() {
    let game = shipped("foji");
    // b (1) -> a, empty, South's: takes F (2), North's last counters: the
    // row would be empty. f (1) -> e, empty: takes B, which is empty, and
    // leaves F. Only f may be played.
    let p = pos(&game, "0 1 0 0 0 1 / 0 0 0 0 0 2 south captured 22 22");
    assert_eq!(legal(&game, &p), ["f"]);
}

#[test]
fn foji_a_mover_who_cannot_give_the_opponent_a_counter_ends_the_game() {
    let game = shipped("foji");
    // North's row is empty. South e (1) -> d and f (1) -> e -> relay d, c:
    // clockwise, South's counters reach North's row only past a, and
    // neither does: the game ends, each player taking their own row (South
    // 2).
    let run = GameRun::new(
        &game,
        pos(&game, "0 0 0 0 1 1 / 0 0 0 0 0 0 south captured 22 24"),
    );
    assert_eq!(run.end(), Some(EndReason::FeedingImpossible));
    assert_eq!(run.scores(), [24, 24]);
    // With a counter in a, South must play it: a -> F feeds North.
    let p = pos(&game, "1 0 0 0 1 0 / 0 0 0 0 0 0 south captured 22 24");
    assert_eq!(legal(&game, &p), ["a"]);
}

// ---- Fondji: twos and threes in the mover's own row ----

#[test]
fn fondji_takes_twos_and_threes_in_the_movers_own_row_and_the_holes_before() {
    let game = shipped("fondji");
    // South c (3), anticlockwise: d 0->1, e 1->2, f 2->3, the last, in
    // South's own row, 3: taken; then e (2): taken; then d (1): the chain
    // stops. 3 + 2 = 5.
    let p = pos(&game, "0 0 3 0 1 2 / 1 1 1 1 1 1 south captured 18 18");
    let s = play(&game, &p, "c");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1]
    );
    assert_eq!(s.position.captured, [23, 18]);
}

#[test]
fn fondji_a_two_in_the_opponents_row_is_not_taken() {
    let game = shipped("fondji");
    // South f (1): A 1->2, the last, but in North's row: the text takes
    // only in the mover's own row (Ludii's code would take it).
    let p = pos(&game, "0 0 0 0 0 1 / 1 0 0 0 0 0 south captured 23 23");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [23, 23]);
}

#[test]
fn fondji_feeds_an_empty_row_if_it_can() {
    let game = shipped("fondji");
    // North's row is empty: e (1) -> f stays in South's row; f (1) -> A
    // feeds. Only f.
    let p = pos(&game, "0 0 0 0 1 1 / 0 0 0 0 0 0 south captured 23 23");
    assert_eq!(legal(&game, &p), ["f"]);
}

// ---- Woli: clockwise, twos and threes in the opponent's row ----

#[test]
fn woli_takes_twos_and_threes_in_the_opponents_row_back_along_the_sowing() {
    let game = shipped("woli");
    // South a (2), clockwise: F 2->3, E 1->2, the last: taken; then the hole
    // before it along the sowing, F (3): taken; then a, South's own (and
    // just emptied): the chain stops. 2 + 3 = 5.
    let p = pos(&game, "2 0 0 0 0 0 / 1 1 0 0 1 2 south captured 33 32");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [38, 32]);
}

#[test]
fn woli_a_move_that_would_take_all_the_opponents_counters_is_not_allowed() {
    let game = shipped("woli");
    // a (2) would take E (2) and F (3), all North has: not allowed. b (1)
    // -> a (2->3), in South's own row: no capture. Only b.
    let p = pos(&game, "2 1 0 0 0 0 / 0 0 0 0 1 2 south captured 33 33");
    assert_eq!(legal(&game, &p), ["b"]);
}

// ---- Unnee Tugalluulax: fours in the mover's own row ----

#[test]
fn unnee_tugalluulax_takes_a_last_four_in_the_movers_row() {
    let game = shipped("unnee-tugalluulax");
    // South c (2), clockwise: b 0->1, a 3->4, the last, in South's row:
    // taken.
    let p = pos(&game, "3 0 2 0 0 0 / 1 1 1 1 1 1 south captured 31 30");
    let s = play(&game, &p, "c");
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]
    );
    assert_eq!(s.position.captured, [35, 30]);
}

#[test]
fn unnee_tugalluulax_a_four_in_the_opponents_row_stays() {
    let game = shipped("unnee-tugalluulax");
    // South a (1), clockwise: F 3->4, the last, in North's row: the text
    // takes fours in the player's row only (Ludii's code would take it).
    let p = pos(&game, "1 0 0 0 0 0 / 0 0 0 0 0 3 south captured 34 34");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4]
    );
    assert_eq!(s.position.captured, [34, 34]);
}

#[test]
fn unnee_tugalluulax_when_a_player_cannot_move_the_other_takes_the_rest() {
    let game = shipped("unnee-tugalluulax");
    // South b (1) -> a: no four. North's row is empty and North is to
    // move: North cannot move, and South takes the three counters left.
    let mut run = GameRun::new(
        &game,
        pos(&game, "0 1 0 0 0 2 / 0 0 0 0 0 0 south captured 30 39"),
    );
    run.play(parse_move("b", &game).unwrap()).unwrap();
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.scores(), [33, 39]);
}

// ---- Tap Urdy: the opponent's holes sown; relay unless the next hole is empty ----

#[test]
fn tap_urdy_relays_while_the_next_hole_holds_counters() {
    let game = shipped("tap-urdy");
    // South sows North's B (2), clockwise: A 0->1, f 1->2, the last,
    // occupied; the next hole clockwise, e, holds a counter: f is lifted.
    // f (2): e 1->2, d 0->1, the last, empty before: the turn ends, nothing
    // taken.
    let p = pos(&game, "0 0 3 0 1 1 / 0 2 0 0 0 0 south captured 20 21");
    let s = play(&game, &p, "B");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 3, 1, 2, 0, 1, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [20, 21]);
}

#[test]
fn tap_urdy_an_empty_next_hole_stops_the_relay_and_the_hole_after_it_is_taken() {
    let game = shipped("tap-urdy");
    // South sows North's B (2): A 0->1, f 1->2, the last, occupied; the
    // next hole, e, is empty: no relay; the hole after it, d (3, South's
    // own row), is taken.
    let p = pos(&game, "0 0 0 3 0 1 / 0 2 0 0 0 0 south captured 21 21");
    let s = play(&game, &p, "B");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [24, 21]);
}

#[test]
fn tap_urdy_a_player_sows_only_the_opponents_holes() {
    let game = shipped("tap-urdy");
    // South's a holds a counter, but South plays North's row: B or D.
    let p = pos(&game, "1 0 0 0 0 0 / 0 2 0 1 0 0 south captured 22 22");
    assert_eq!(legal(&game, &p), ["B", "D"]);
}

#[test]
fn tap_urdy_ends_when_a_row_is_empty_and_counts_only_captures() {
    let game = shipped("tap-urdy");
    // South sows North's A (2): f 0->1, e 0->1, the last, empty: the turn
    // ends. North's row is now empty: the game is over, and the three
    // counters left in South's row count for nobody.
    let mut run = GameRun::new(
        &game,
        pos(&game, "1 0 0 0 0 0 / 2 0 0 0 0 0 south captured 22 23"),
    );
    run.play(parse_move("A", &game).unwrap()).unwrap();
    assert_eq!(
        board(&game, run.position()),
        [1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(run.end(), Some(EndReason::RowEmpty));
    assert_eq!(run.scores(), [22, 23]);
}

#[test]
fn play_from_opponent_is_refused_where_play_from_any_is() {
    let dir = scratch("reach10-check");
    let text = "name \"t\"\nboard { pits 3; seeds 2; stores sown }\nsow { start next }\nlegal { play_from opponent }\n";
    let path = dir.join("t.variant");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        err.contains("`play_from opponent` is not supported with `stores sown`"),
        "{err}"
    );
}

// ---- Gabata (Adegrat): the next hole after an occupied landing; holes change hands ----

#[test]
fn gabata_adegrat_an_occupied_landing_sows_on_from_the_next_hole() {
    let game = shipped("gabata-adegrat");
    // South a (2): b 0->1, c 1->2, the last, occupied: the next hole, d
    // (2), is lifted: e 0->1, f 0->1, the last, empty before: the hole
    // after it, North's A (3), is taken.
    let p = pos(&game, "2 0 1 2 0 0 / 3 1 0 0 0 0 south captured 14 13");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 2, 0, 1, 1, 0, 1, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [17, 13]);
}

#[test]
fn gabata_adegrat_an_occupied_landing_before_an_empty_hole_ends_the_turn() {
    let game = shipped("gabata-adegrat");
    // South a (1): b 2->3, the last, occupied; the next hole, c, is empty:
    // the turn ends, and nothing is taken (d's 4 stays).
    let p = pos(&game, "1 2 0 4 0 0 / 1 0 0 0 0 0 south captured 14 14");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 3, 0, 4, 0, 0, 1, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [14, 14]);
}

#[test]
fn gabata_adegrat_every_three_over_a_row_claims_a_hole_of_the_opponent() {
    let game = shipped("gabata-adegrat");
    // South e (1): f 0->1, empty before: the hole after it, North's A (1),
    // is taken (21). North's row is empty: the round ends, South taking f
    // (22); North has 14.
    let start = pos(&game, "0 0 0 0 1 0 / 1 0 0 0 0 0 south captured 20 14");
    let end = play(&game, &start, "e").position;
    assert_eq!(
        format_position(&end, &game),
        "0 0 0 0 0 1 / 0 0 0 0 0 0 north captured 21 14"
    );
    // South 22: seven holes of three and 1 over; North 14: four holes and
    // 2 over. North fills A B C D from their left; South fills a-f and
    // claims E; the remainders (1 and 2) make three, but the text gives a
    // hole for three of one's own only: F is closed, and each keeps their
    // remainder. South started the round, so North starts the next.
    match game.after_round(&end, EndReason::RowEmpty, Player::South) {
        AfterRound::Next(next) => assert_eq!(
            format_position(&next, &game),
            "3 3 3 3 3 3 / 3 3 3 3 3* x north captured 1 2"
        ),
        over => panic!("the match goes on: {over:?}"),
    }
}

// ---- Ludii's origin test: a lap ending just past the skipped origin ----

/// The smallest position where Ludii's engine parts from these files: f
/// (12) sows A-F, a-e, skips f and ends in A, past the skipped origin (a
/// (12) and F, clockwise).
/// Ludii tests its capture at the origin f (empty: nothing taken); the
/// rules' words, and these files, test the hole the last counter fell in.
#[test]
fn a_lap_ending_just_past_the_skipped_origin_is_tested_where_it_ends() {
    // Awari and Uril: A 0 -> 2 (sown twice): two, taken; before it f, the
    // skipped origin, empty: the chain stops.
    for name in ["awari", "uril"] {
        let game = shipped(name);
        let s = play(
            &game,
            &pos(&game, "0 0 0 0 0 12 / 0 0 0 0 0 0 south captured 18 18"),
            "f",
        );
        assert_eq!(
            board(&game, &s.position),
            [1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1],
            "{name}"
        );
        assert_eq!(s.position.captured, [20, 18], "{name}");
    }
    // Woli sows clockwise: a (12) sows F-A, f-b, skips a and ends in F,
    // 0 -> 2: taken.
    let game = shipped("woli");
    let s = play(
        &game,
        &pos(&game, "12 0 0 0 0 0 / 0 0 0 0 0 0 south captured 30 30"),
        "a",
    );
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]
    );
    assert_eq!(s.position.captured, [32, 30]);
    // English Wari (St. Lucia) and Enindji: fours, A 2 -> 4, for the mover
    // in English Wari, for the hole's owner (North) in Enindji. (B 1 -> 2
    // leaves North a hole it can sow: English Wari's feeding.)
    for (name, captured) in [("english-wari-st-lucia", [21, 16]), ("enindji", [17, 20])] {
        let game = shipped(name);
        let at = "0 0 0 0 0 12 / 2 1 0 0 0 0 south captured 17 16";
        let s = play(&game, &pos(&game, at), "f");
        assert_eq!(
            board(&game, &s.position),
            [1, 1, 1, 1, 1, 0, 0, 2, 1, 1, 1, 1],
            "{name}"
        );
        assert_eq!(s.position.captured, captured, "{name}");
    }
}
