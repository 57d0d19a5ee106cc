//! Bao la Kujifunza (four rows, de Voogt's mtaji rules) worked by hand: a
//! relay lap ending in an occupied pit of the mover's inner row takes the
//! opponent's facing inner pit, and the stones are sown on from a kichwa
//! (an end of the inner row: `then resows_from_end`), which may turn the
//! move round; a capturing move is obligatory (`first_lap captures`); a
//! move that does not capture at once captures nothing (`requires
//! first_lap`).
//!
//! South's pits: outer row `a`-`h` from South's left, inner row `i`-`p`
//! from South's right (`i` is the right kichwa, `p` the left; `i j` and
//! `o p` the kimbi). On 4x8 inner pit `i` faces North's `P`, `p` faces `I`.

use sowing::engine::{format_position, parse_move, EndReason, GameRun, Outcome};

use crate::common::{legal, play, pos, shipped, shipped_with};

#[test]
fn bao_sows_a_capture_from_the_kichwa_that_keeps_the_direction() {
    let game = shipped("bao-la-kujifunza");
    // South j:ccw (2): k 0->1, l 1->2, the last, occupied, in South's inner
    // row, the fourth pit from the right end (no kimbi). l faces North's M
    // (3): taken. The move goes counter-clockwise, so the 3 stones are sown
    // from the right kichwa i onwards: i 1->2, j 0->1, k 1->2, the last,
    // occupied; k faces North's empty N: no capture, the relay lifts k (2):
    // l 2->3, m 0->1, the last, empty: the move ends.
    let p = pos(
        &game,
        "0 0 0 0 0 0 0 0 / 1 2 0 1 0 0 0 0 / 2 2 2 2 2 2 2 2 / 0 0 0 0 3 0 0 0 south",
    );
    // j:cw (i 1->2, occupied, facing North's empty P; the relay of i ends in
    // the outer row) captures nothing: the capture is obligatory.
    assert_eq!(legal(&game, &p), ["j:ccw"]);
    let s = play(&game, &p, "j:ccw");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 0 0 0 0 0 / 2 1 0 3 1 0 0 0 / 2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 north"
    );
    assert_eq!(s.effect.captured, 3);
    assert_eq!(s.position.captured, [0, 0], "re-sown, not kept");
    assert_eq!(s.effect.captured_pits, 1 << 28, "M");
    let laps = game.sowing_laps(&p, s.mv);
    let lifted: Vec<usize> = laps.iter().map(|(origin, _)| *origin).collect();
    assert_eq!(lifted, [9, 7, 10], "j, the capture sown after h into i, k");
    assert_eq!(laps[1].1, [8, 9, 10].map(Some));
}

#[test]
fn bao_going_clockwise_sows_a_capture_from_the_left_kichwa() {
    let game = shipped("bao-la-kujifunza");
    // South o:cw (2): n 0->1, m 1->2, the last, occupied, inner, the fourth
    // pit from the left end (no kimbi). m faces North's L (3): taken, and
    // sown on clockwise from the left kichwa p: p 0->1, o 0->1, n 1->2, the
    // last, occupied; n faces North's empty K: the relay lifts n (2): m
    // 2->3, l 0->1, the last, empty: the move ends.
    let p = pos(
        &game,
        "0 0 0 0 0 0 0 0 / 0 0 0 0 1 0 2 0 / 2 2 2 2 2 2 2 2 / 0 0 0 3 0 0 0 0 south",
    );
    // o:ccw (p 0->1, a 0->1) captures nothing.
    assert_eq!(legal(&game, &p), ["o:cw"]);
    let s = play(&game, &p, "o:cw");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 0 0 0 0 0 / 0 0 0 1 3 0 1 1 / 2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 north"
    );
    assert_eq!(s.effect.captured, 3);
}

#[test]
fn bao_a_capture_in_a_kimbi_is_sown_from_the_nearer_kichwa_and_turns_the_move() {
    let game = shipped("bao-la-kujifunza");
    // South l:cw (2): k 0->1, j 1->2, the last, occupied, in the right kimbi
    // (next to the right kichwa i). j faces North's O (2): taken, and sown
    // from the nearer kichwa, i, so counter-clockwise from now on: i 0->1,
    // j 2->3, the last, occupied; j faces the emptied O: the relay lifts j
    // (3) counter-clockwise: k 1->2, l 0->1, m 0->1, the last, empty.
    let p = pos(
        &game,
        "0 0 0 0 0 0 0 0 / 0 1 0 2 0 0 0 0 / 2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 2 0 south",
    );
    let s = play(&game, &p, "l:cw");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 0 0 0 0 0 / 1 0 2 1 1 0 0 0 / 2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 north"
    );
    assert_eq!(s.effect.captured, 2);
    let laps = game.sowing_laps(&p, s.mv);
    let lifted: Vec<usize> = laps.iter().map(|(origin, _)| *origin).collect();
    // l, the capture sown after h (the pit before i going counter-clockwise),
    // then j relayed counter-clockwise (had the move kept going clockwise,
    // the stones would have gone into p, o from the left kichwa).
    assert_eq!(lifted, [11, 7, 9]);
    assert_eq!(laps[2].1, [10, 11, 12].map(Some));
}

#[test]
fn bao_a_move_that_does_not_capture_at_once_captures_nothing_later() {
    let game = shipped("bao-la-kujifunza");
    // South f:ccw (2): g 0->1, h 1->2, the last, occupied, in the outer
    // row: no capture there, so the move is a takasa. The relay lifts h (2):
    // i 0->1, j 1->2, the last, occupied, inner, facing North's O (3): a
    // takasa captures nothing, the relay lifts j (2): k 0->1, l 0->1, the
    // last, empty.
    let p = pos(
        &game,
        "0 0 0 0 0 2 0 1 / 0 1 0 0 0 0 0 0 / 2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 3 0 south",
    );
    // No move captures at once: both ways from f are legal.
    assert_eq!(legal(&game, &p), ["f:ccw", "f:cw"]);
    let s = play(&game, &p, "f:ccw");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 0 0 0 1 0 / 1 0 1 1 0 0 0 0 / 2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 3 0 north"
    );
    assert_eq!(s.effect.captured, 0);
    // Without `requires first_lap` the relay's landing in j captures O (3),
    // sown from the right kichwa (j is a kimbi): i 1->2, j 2->3, k 0->1,
    // the last, empty.
    let every_lap = shipped_with("bao-la-kujifunza", &[("requires first_lap", "")]);
    let s = play(&every_lap, &p, "f:ccw");
    assert_eq!(
        format_position(&s.position, &every_lap),
        "0 0 0 0 0 0 1 0 / 2 3 1 0 0 0 0 0 / 2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 north"
    );
}

#[test]
fn bao_says_why_a_move_that_does_not_capture_is_illegal() {
    let (code, _, err) = crate::common::sow(&[
        "trace",
        "variants/bao-la-kujifunza.variant",
        "--from",
        "0 0 0 0 0 0 0 0 / 1 2 0 1 0 0 0 0 / 2 2 2 2 2 2 2 2 / 0 0 0 0 3 0 0 0 south",
        "--any-stones",
        "--moves",
        "j:cw",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("a capturing move is obligatory"), "{err}");
}

#[test]
fn bao_a_capture_that_clears_the_opponents_inner_row_wins() {
    let game = shipped("bao-la-kujifunza");
    // The first test's move: South j:ccw takes North's M (3), North's only
    // occupied inner pit, and sows it on South's side. North's inner row is
    // empty after the move: "the game is won when the opponent's inner row
    // is cleared" (`inner_row_empty empty_row_loses`), though North could
    // still move from their outer row. South scores every stone (23 here),
    // North none.
    let start = "0 0 0 0 0 0 0 0 / 1 2 0 1 0 0 0 0 / 2 2 2 2 2 2 2 2 / 0 0 0 0 3 0 0 0 south";
    let mut run = GameRun::new(&game, pos(&game, start));
    assert_eq!(run.end(), None);
    run.play(parse_move("j:ccw", &game).unwrap()).unwrap();
    assert_eq!(run.end(), Some(EndReason::InnerRowEmpty));
    assert_eq!(run.scores(), [23, 0]);
    assert_eq!(run.outcome(), Some(Outcome::South));
}

#[test]
fn bao_a_move_that_empties_the_movers_own_inner_row_loses() {
    let game = shipped("bao-la-kujifunza");
    // South's only inner pit is p (2), the left kichwa. p:ccw sows a 0->1,
    // b 0->1 (the circuit goes from the inner row's left end into the outer
    // row's left end), the last, empty: the move ends, no capture, and
    // South's inner row is empty: South loses, whoever moved. p:cw sows o
    // 0->1, n 0->1 inside the inner row: the game goes on. Neither first
    // lap ends in an occupied pit, so neither captures and both are legal.
    // 20 stones.
    let start = "0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 2 / 2 2 2 2 2 2 2 2 / 2 0 0 0 0 0 0 0 south";
    let p = pos(&game, start);
    assert_eq!(legal(&game, &p), ["p:ccw", "p:cw"]);
    let mut run = GameRun::new(&game, p);
    run.play(parse_move("p:ccw", &game).unwrap()).unwrap();
    assert_eq!(
        format_position(run.position(), &game),
        "1 1 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 / 2 2 2 2 2 2 2 2 / 2 0 0 0 0 0 0 0 north"
    );
    assert_eq!(run.end(), Some(EndReason::InnerRowEmpty));
    assert_eq!(run.scores(), [0, 20]);
    let mut run = GameRun::new(&game, p);
    run.play(parse_move("p:cw", &game).unwrap()).unwrap();
    assert_eq!(run.end(), None);
}

#[test]
fn bao_says_a_capture_sown_from_the_kichwa_was_captured_not_lifted() {
    let game = shipped("bao-la-kujifunza");
    // The first test's move: j (2) into k l; North's M (3) taken and sown
    // from the right kichwa into i j k; k (2) lifted into l m, the last,
    // empty. The second lap's stones came from M, not from a pit of
    // South's: `sow play` and the SVG caption say so.
    let p = pos(
        &game,
        "0 0 0 0 0 0 0 0 / 1 2 0 1 0 0 0 0 / 2 2 2 2 2 2 2 2 / 0 0 0 0 3 0 0 0 south",
    );
    let s = play(&game, &p, "j:ccw");
    assert_eq!(game.resown_laps(&p, s.mv), [false, true, false]);
    let style = sowing::play::Style { colour: false };
    assert_eq!(
        sowing::play::describe_move(&game, &p, &s, style),
        "south plays j:ccw: sows 7 stones in 3 laps: 2 stones into k l; then 3 captured into i j k; then 2 lifted from k into l m, last in m (1); captures 3 stones (pit M)"
    );
}
