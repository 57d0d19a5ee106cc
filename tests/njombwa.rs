//! Njombwa (Two Counters) (four rows, Sanderson 1913 via Ludii): a relay of
//! seven laps checked lap by lap, and what `sow describe` says. Its other
//! positions worked by hand are cases
//! (`board/start/njombwa-two-counters.yaml`,
//! `capture/take/njombwa-two-counters.yaml`,
//! `end/no_legal_move/njombwa-two-counters.yaml`).

use sowing::engine::format_position;

use crate::common::{play, shipped, sow};

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
fn njombwa_describe_says_four_rows_and_its_start() {
    let (code, out, _) = sow(&["describe", "njombwa-two-counters"]);
    assert_eq!(code, 0);
    assert!(out.contains("The board has four rows of 8 pits"), "{out}");
    assert!(
        out.contains("2 2 2 2 2 2 2 2 2 2 2 2 2 2 1 0 stones on South's side"),
        "{out}"
    );
}
