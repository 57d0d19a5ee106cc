//! The two Muvalavala games of Angola (four rows of six, Silva 1995 via
//! Ludii): relays and captures checked lap by lap, and Luena's first moves.
//! Quioco's other positions worked by hand are cases
//! (`capture/take/muvalavala-quioco.yaml`,
//! `end/no_legal_move/muvalavala-quioco.yaml`).
//!
//! Pits on 4x6: South's outer row a-f from the west, its inner row g-l from
//! the east (g faces North's L, l faces G); North's outer row A-F from the
//! east, its inner row G-L from the west (the outer pit behind L is A,
//! behind G is F).

use sowing::engine::{format_position, GameRun, Outcome};

use crate::common::{legal, play, pos, shipped, sow};

#[test]
fn quioco_south_takes_the_column_facing_an_occupied_inner_pit_and_sows_it_on() {
    let game = shipped("muvalavala-quioco");
    // South e (2): f 0->1, g 1->2, the last, occupied, in South's inner row
    // (its east end). Facing g is North's L (3), behind L North's A (2):
    // both taken, 5 stones, sown on from the pit after g: h i j k 0->1, l
    // 1->2, the last, occupied; l faces North's G, empty: no capture, the
    // relay lifts l (2): a 0->1, b 0->1, the last, empty: the move ends.
    let p = pos(
        &game,
        "0 0 0 0 2 0 / 1 0 0 0 0 1 / 2 2 2 2 2 2 / 0 1 1 1 1 3 south",
    );
    let s = play(&game, &p, "e");
    assert_eq!(
        format_position(&s.position, &game),
        "1 1 0 0 0 1 / 2 1 1 1 1 0 / 0 2 2 2 2 2 / 0 1 1 1 1 0 north"
    );
    assert_eq!(s.effect.captured, 5);
    assert_eq!(s.position.captured, [0, 0], "re-sown, not kept");
    assert_eq!(s.effect.captured_pits, 1 << 12 | 1 << 23, "A and L");
    let laps = game.sowing_laps(&p, s.mv);
    let lifted: Vec<usize> = laps.iter().map(|(origin, _)| *origin).collect();
    assert_eq!(lifted, [4, 6, 11], "e, the capture sown from after g, l");
    assert_eq!(laps[1].1, [7, 8, 9, 10, 11].map(Some));
    assert_eq!(laps[2].1, [0, 1].map(Some));
}

#[test]
fn luena_a_clockwise_relay_ends_in_an_empty_inner_pit_and_takes_the_column() {
    let game = shipped("muvalavala-luena");
    // Clockwise South sows a l k ... b a. South c (2): b 0->1, a 1->2, the
    // last, occupied: the relay lifts a (2): l 0->1, k 0->1, the last,
    // empty, in South's inner row (column 2 from the west). k faces North's
    // H (3), behind H North's E (2): both taken, 5 stones, kept by South;
    // the move ends.
    let p = pos(
        &game,
        "1 0 2 0 0 0 / 0 0 0 0 0 0 / 0 0 0 0 2 0 / 0 3 0 0 0 0 south",
    );
    let s = play(&game, &p, "c");
    assert_eq!(
        format_position(&s.position, &game),
        "0 1 0 0 0 0 / 0 0 0 0 1 1 / 0 0 0 0 0 0 / 0 0 0 0 0 0 north captured 5 0"
    );
    assert_eq!(s.effect.captured, 5);
    assert_eq!(s.position.captured, [5, 0], "kept by the mover");
    assert_eq!(s.effect.captured_pits, 1 << 16 | 1 << 19, "E and H");
    let laps = game.sowing_laps(&p, s.mv);
    assert_eq!(
        laps,
        [(2, vec![Some(1), Some(0)]), (0, vec![Some(11), Some(10)])]
    );
    // North, with nothing left, cannot move: the game ends, each player
    // adding the stones on their side to their captures, 8-0.
    let run = GameRun::new(&game, s.position);
    assert_eq!(run.scores(), [8, 0]);
    assert_eq!(run.outcome(), Some(Outcome::South));
}

#[test]
fn luena_each_player_s_first_move_is_from_the_inner_row() {
    let game = shipped("muvalavala-luena");
    let start = game.start();
    assert_eq!(legal(&game, &start), ["g", "h", "i", "j", "k", "l"]);
    let (code, _, err) = sow(&["trace", "muvalavala-luena", "--moves", "a"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("ply 1"), "{err}");
    // South l (2), clockwise: k, j 2->3, the last, occupied: relay j (3):
    // i h g 2->3; relay g (3): f e d 2->3; relay d (3): c b a 2->3; relay a
    // (3): l 0->1, k 3->4, j 0->1, the last, empty (lifted), in South's
    // inner row (column 3 from the west): it faces North's I (2), behind I
    // North's D (2): both taken, 4 stones.
    let s = play(&game, &start, "l");
    assert_eq!(
        format_position(&s.position, &game),
        "0 3 3 0 3 3 / 0 3 3 1 4 1 / 2 2 2 0 2 2 / 2 2 0 2 2 2 north captured 4 0"
    );
    // North's first move too is from its inner row (I is empty now);
    // South's second may be from anywhere.
    assert_eq!(legal(&game, &s.position), ["G", "H", "J", "K", "L"]);
    let after = play(&game, &s.position, "G");
    let south = legal(&game, &after.position);
    assert!(
        south.iter().any(|m| m.as_str() < "g"),
        "South's second move may be from the outer row: {south:?}"
    );
}
