//! Njombwa (Two Counters) (four rows, Sanderson 1913 via Ludii) worked by
//! hand: its start, a relay of seven laps ending in an empty inner pit that
//! takes the column facing it, a single stone that captures (the rule
//! text's reading, where Ludii's code sows single stones without a
//! capture), and the player who cannot move losing.

use sowing::engine::{format_position, GameRun, Outcome};

use crate::common::{legal, play, pos, shipped, sow};

#[test]
fn njombwa_starts_with_an_empty_leftmost_inner_pit_and_one_stone_beside_it() {
    let game = shipped("njombwa-two-counters");
    let start = game.start();
    // p is South's leftmost inner pit (the inner row runs i-p from South's
    // right), o the pit to its right; North's P and O likewise.
    assert_eq!(
        format_position(&start, &game),
        "2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 1 0 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 1 0 south"
    );
    // o's single stone is not a move while pits of two remain.
    assert_eq!(
        legal(&game, &start),
        ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n"]
    );
}

#[test]
fn njombwa_a_relay_of_seven_laps_ends_in_an_empty_inner_pit_and_takes_the_column() {
    let game = shipped("njombwa-two-counters");
    // From the start, South i (2): j 2->3, k 2->3, occupied: relay k (3):
    // l 3, m 3, n 3: relay n (3): o 1->2, p 0->1, a 2->3: relay a (3):
    // b 3, c 3, d 3: relay d (3): e 3, f 3, g 3: relay g (3): h 3, i 0->1,
    // j 3->4: relay j (4): k 0->1, l 4, m 4, n 0->1, the last, empty, in
    // South's inner row. n is in the third column from the west; facing it
    // North's K (the third of I-P from the west), behind K North's F (A-H
    // run from the east): 2 + 2 out of play.
    let s = play(&game, &game.start(), "i");
    assert_eq!(
        format_position(&s.position, &game),
        "0 3 3 0 3 3 0 3 / 1 0 1 4 4 1 2 1 / 2 2 2 2 2 0 2 2 / 2 2 0 2 2 2 1 0 north removed 4"
    );
    assert_eq!(s.effect.captured, 4);
    assert_eq!(s.position.captured, [0, 0], "out of play, for nobody");
    assert_eq!(s.effect.captured_pits, 1 << 21 | 1 << 26, "F and K");
    let laps = game.sowing_laps(&game.start(), s.mv);
    let origins: Vec<usize> = laps.iter().map(|lap| lap.0).collect();
    assert_eq!(origins, [8, 10, 13, 0, 3, 6, 9], "i, k, n, a, d, g, j");
}

#[test]
fn njombwa_a_single_stone_into_an_empty_inner_pit_captures() {
    let game = shipped("njombwa-two-counters");
    // South holds single stones only: a (into the empty b) and o (into the
    // empty p) may move. o's stone makes p 1, p was empty and is in
    // South's inner row, at the west end: facing it North's I (2), behind I
    // North's H (3). The rule text's capture is general: both are taken
    // (Ludii's code would sow the single stone without capturing).
    let p = pos(
        &game,
        "1 0 0 0 0 0 0 0 / 0 0 0 0 0 0 1 0 / 2 2 2 2 2 2 2 3 / 2 2 2 2 2 2 2 2 south removed 23",
    );
    assert_eq!(legal(&game, &p), ["a", "o"]);
    let s = play(&game, &p, "o");
    assert_eq!(
        format_position(&s.position, &game),
        "1 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 1 / 2 2 2 2 2 2 2 0 / 0 2 2 2 2 2 2 2 north removed 28"
    );
    // The outer pit is taken only after the inner one: with I empty, H
    // stays.
    let p = pos(
        &game,
        "1 0 0 0 0 0 0 0 / 0 0 0 0 0 0 1 0 / 2 2 2 2 2 2 2 5 / 0 2 2 2 2 2 2 2 south removed 23",
    );
    let s = play(&game, &p, "o");
    assert_eq!(s.effect.captured, 0);
    assert_eq!(s.position.removed, 23);
}

#[test]
fn njombwa_the_player_who_cannot_move_loses() {
    let game = shipped("njombwa-two-counters");
    // North has nothing left: South takes the stones on the board (3 + 2).
    let p = pos(
        &game,
        "3 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 2 / 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 north removed 53",
    );
    assert!(legal(&game, &p).is_empty());
    let run = GameRun::new(&game, p);
    assert_eq!(run.scores(), [5, 0]);
    assert_eq!(run.outcome(), Some(Outcome::South));
}

#[test]
fn njombwa_describe_says_four_rows_and_its_start() {
    let (code, out, _) = sow(&["describe", "njombwa-two-counters"]);
    assert_eq!(code, 0);
    assert!(out.contains("The board has four rows of 8 pits"), "{out}");
    assert!(
        out.contains("2 2 2 2 2 2 2 2 2 2 2 2 2 2 1 0 stones on South's side"),
        "{out}"
    );
}
