//! Two-row relay games and the rules they brought: Das
//! Bohnenspiel, Pallankuli (`take next`), Dabuda (`first_moves
//! each_player`, `first_lap reaches_or_empty`), Kapana Bona (`play_from
//! any`) and Wouri (`feed always`; its fours `on every_pit`, the text's
//! reading). Every expected
//! result is worked out by hand from the rules' words (the variant files'
//! headers).

use sowing::engine::{parse_move, EndReason, GameRun, Illegal};

use crate::common::{board, legal, play, pos, scratch, shipped, sow};

// ---- Das Bohnenspiel: 2, 4, 6 and the previous holes, either row ----

#[test]
fn das_bohnenspiel_chain_runs_back_into_the_movers_own_row() {
    let game = shipped("das-bohnenspiel");
    // South e (3): f 3->4, A 1->2, B 5->6, the last. B (6) is taken, then
    // the holes before it while they hold 2, 4 or 6: A (2), f (4), South's
    // own hole; e, just emptied, holds 0 and ends the chain: 6+2+4 = 12.
    let p = pos(&game, "1 0 0 0 3 3 / 1 5 0 0 0 2 south captured 28 29");
    let s = play(&game, &p, "e");
    assert_eq!(
        board(&game, &s.position),
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]
    );
    assert_eq!(s.position.captured, [40, 29]);
}

#[test]
fn das_bohnenspiel_chain_goes_on_through_the_emptied_hole() {
    let game = shipped("das-bohnenspiel");
    // South e (25): two full rounds of the twelve holes (every hole +2, e
    // included) and one more counter into f. f 1+3 = 4 is the last: taken;
    // then e (2, the emptied hole), d c b a (2 each), F E D C B (2 each);
    // A (1+2 = 3) ends the chain: 4 + 2 + 8 + 10 = 24. (Ludii's engine
    // would stop before e and take f alone.)
    let p = pos(&game, "0 0 0 0 25 1 / 1 0 0 0 0 0 south captured 22 23");
    let s = play(&game, &p, "e");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [46, 23]);
}

#[test]
fn das_bohnenspiel_the_player_who_cannot_play_leaves_the_rest_to_the_other() {
    let game = shipped("das-bohnenspiel");
    // North to move with an empty row: the game is over and South, whose
    // row holds the 3 counters left, receives them.
    let run = GameRun::new(
        &game,
        pos(&game, "0 0 0 0 1 2 / 0 0 0 0 0 0 north captured 35 34"),
    );
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.scores(), [38, 34]);
}

// ---- Pallankuli: fours while sowing, the hole after an empty landing ----

#[test]
fn pallankuli_fours_go_to_their_rows_owner_and_an_empty_landing_takes_the_next_hole() {
    let game = shipped("pallankuli");
    // South f (3): g 0->1, A 3->4: taken as the counter falls, for North,
    // whose row it is; B 0->1, the last, into an empty hole: the next hole,
    // C (2), is taken by South.
    let p = pos(&game, "0 0 0 0 0 3 0 / 3 0 2 0 0 0 0 south captured 38 38");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [40, 42]);
}

#[test]
fn pallankuli_relays_from_an_occupied_hole_and_a_last_four_ends_the_turn() {
    let game = shipped("pallankuli");
    // South a (2): b 0->1, c 1->2, the last, occupied: lift c (2): d 0->1,
    // e 3->4, the last: the four is taken (South's row, for South) and the
    // turn ends; e is empty, so nothing more is taken.
    let p = pos(&game, "2 0 1 0 3 0 0 / 0 0 0 0 0 0 1 south captured 40 37");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    );
    assert_eq!(s.position.captured, [44, 37]);
}

#[test]
fn pallankuli_a_closed_hole_after_the_landing_gives_nothing() {
    let game = shipped("pallankuli");
    // South e (1): f 0->1, the last, into an empty hole. The next hole is g,
    // closed for the round: it holds nothing, so nothing is taken (A's 3
    // stay).
    let p = pos(&game, "0 0 0 0 1 0 x / 3 0 0 0 0 0 0 south captured 40 40");
    let s = play(&game, &p, "e");
    assert_eq!(
        s.position.pits[..14],
        [0, 0, 0, 0, 0, 1, 0, 3, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [40, 40]);
}

#[test]
fn pallankuli_a_round_ends_when_a_row_is_empty_and_each_keeps_their_row() {
    let game = shipped("pallankuli");
    // South g (1): A 0->1, the last, into an empty hole; the next hole, B,
    // is empty. South's row is now empty: the round is over, and North,
    // whose row holds A (1) and G (1), keeps them: 41 - 43.
    let mut run = GameRun::new(
        &game,
        pos(&game, "0 0 0 0 0 0 1 / 0 0 0 0 0 0 1 south captured 41 41"),
    );
    run.play(parse_move("g", &game).unwrap()).unwrap();
    assert_eq!(run.end(), Some(EndReason::RowEmpty));
    assert_eq!(run.scores(), [41, 43]);
}

// ---- Dabuda: each player's first move, the first lap's proviso ----

#[test]
fn dabuda_each_players_first_move_is_from_their_four_rightmost_holes() {
    let game = shipped("dabuda");
    assert_eq!(legal(&game, &game.start()), ["g", "h", "i", "j"]);
    // An opening position: South a, g, j (1 each); North B, H (1 each).
    let mut p = pos(
        &game,
        "1 0 0 0 0 0 1 0 0 1 / 0 1 0 0 0 0 0 1 0 0 south captured 37 38",
    );
    p.opening = true;
    // South's first move: g or j, not a.
    assert_eq!(legal(&game, &p), ["g", "j"]);
    // South j (1): A 0->1, the last, into an empty hole of North's row: the
    // turn ends. North's first move is a first move too: H only (B is not
    // one of North's four rightmost holes, G H I J); H's counter falls into
    // I, empty, in North's own row, so the proviso holds.
    let s = play(&game, &p, "j");
    assert!(s.position.opening);
    assert_eq!(legal(&game, &s.position), ["H"]);
    let refused = game
        .play(&s.position, parse_move("B", &game).unwrap())
        .unwrap_err();
    assert!(
        matches!(refused, Illegal::NotAnOpeningPit { .. }),
        "{refused}"
    );
    // After North's first move South plays from anywhere: a (into b, empty)
    // and g (into h, empty).
    let s = play(&game, &s.position, "H");
    assert!(!s.position.opening);
    assert_eq!(legal(&game, &s.position), ["a", "g"]);
}

#[test]
fn dabuda_a_first_lap_must_reach_the_opponent_or_end_in_an_empty_hole() {
    let game = shipped("dabuda");
    // a (1) ends in b (occupied), b (2) in d (occupied), d (1) in e
    // (occupied): none reaches North's row. e (5) ends in j, empty: legal.
    let p = pos(
        &game,
        "1 2 0 1 5 0 0 0 0 0 / 1 0 0 0 0 0 0 0 0 0 south captured 35 35",
    );
    assert_eq!(legal(&game, &p), ["e"]);
    let refused = game.play(&p, parse_move("a", &game).unwrap()).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "`a`'s first lap neither reaches the opponent's row nor ends in an empty pit of the mover's row"
    );
    // e (5): f g h i j, the last into j, empty, in South's row: j's counter
    // and the facing hole's, A (1), are taken. North then has no counter:
    // the game is over and South keeps their row (a 1, b 2, d 1, f g h i 1
    // each: 8): 35 + 2 + 8 = 45.
    let mut run = GameRun::new(&game, p);
    run.play(parse_move("e", &game).unwrap()).unwrap();
    assert_eq!(
        board(&game, run.position()),
        [1, 2, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.scores(), [45, 35]);
}

#[test]
fn dabuda_a_relay_ending_in_the_opponents_row_captures_nothing() {
    let game = shipped("dabuda");
    // South j (2): A 0->1, B 1->2, the last, occupied: lift B (2): C 0->1,
    // D 0->1, the last, into an empty hole of North's row: the turn ends.
    let p = pos(
        &game,
        "1 0 0 0 0 0 0 0 0 2 / 0 1 0 0 0 0 0 0 0 1 south captured 37 38",
    );
    let s = play(&game, &p, "j");
    assert_eq!(
        board(&game, &s.position),
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 1]
    );
    assert_eq!(s.position.captured, [37, 38]);
}

// ---- Kapana Bona: any pile, origin first, every 2, 4, 6 taken ----

#[test]
fn kapana_bona_a_player_may_sow_any_pile_of_the_board() {
    let game = shipped("kapana-bona");
    let start = game.start();
    assert_eq!(legal(&game, &start), ["a", "b", "c", "A", "B", "C"]);
    // South B (8), the first counter back into B: B C a b c A B C. B holds
    // 2 and is taken; C 10, the others 9.
    let s = play(&game, &start, "B");
    assert_eq!(board(&game, &s.position), [9, 9, 9, 9, 0, 10]);
    assert_eq!(s.position.captured, [2, 0]);
}

#[test]
fn kapana_bona_takes_piles_it_did_not_sow_and_ends_when_none_holds_two() {
    let game = shipped("kapana-bona");
    // South b (3): b 0->1, c 0->1, A 1->2. A (2) and C (4, not sown) are
    // taken: 6. No pile holds more than one any more: the game is over,
    // the counters left count for nobody.
    let mut run = GameRun::new(&game, pos(&game, "1 3 0 / 1 1 4 south captured 17 21"));
    run.play(parse_move("b", &game).unwrap()).unwrap();
    assert_eq!(board(&game, run.position()), [1, 1, 1, 0, 1, 0]);
    assert_eq!(run.end(), Some(EndReason::AllPitsAtMostOne));
    assert_eq!(run.scores(), [23, 21]);
}

#[test]
fn kapana_bona_a_lone_counter_goes_back_where_it_was() {
    let game = shipped("kapana-bona");
    // South A (1): its counter goes back into A; no pile holds 2, 4 or 6:
    // only the turn changes.
    let p = pos(&game, "1 3 0 / 1 1 5 south captured 16 21");
    let s = play(&game, &p, "A");
    assert_eq!(board(&game, &s.position), [1, 3, 0, 1, 1, 5]);
    assert_eq!(s.position.captured, [16, 21]);
}

// ---- Wouri: fours taken as the counters make them; feeding ----

#[test]
fn wouri_a_landing_four_is_taken_and_ends_the_move() {
    let game = shipped("wouri");
    // South f (2): A 0->1, B 3->4, the last: a four in North's row, taken
    // as the counter falls; the lap ends in an empty hole, so the move
    // ends. D (4) was not sown into: the text's "which a player causes to
    // contain four" leaves it (Ludii's code would take it too). c (4) is
    // South's own: it stays.
    let p = pos(&game, "0 0 4 0 0 2 / 0 3 0 4 0 1 south captured 17 17");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 4, 0, 0, 0, 1, 0, 0, 4, 0, 1]
    );
    assert_eq!(s.position.captured, [21, 17]);
}

#[test]
fn wouri_a_four_made_in_the_middle_of_a_lap_is_taken_as_the_counter_falls() {
    let game = shipped("wouri");
    // South e (3): f 0->1, A 3->4 (taken there and then, though not the
    // last counter), B 0->1, the last, into an empty hole: the move ends.
    // D (4, not sown) stays.
    let p = pos(&game, "0 0 0 0 3 0 / 3 0 0 4 0 1 south captured 18 19");
    let s = play(&game, &p, "e");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 1, 0, 1, 0, 4, 0, 1]
    );
    assert_eq!(s.position.captured, [22, 19]);
}

#[test]
fn wouri_a_relay_lap_takes_the_four_it_makes() {
    let game = shipped("wouri");
    // South a (2): b 0->1, c 2->3, the last, occupied: lifted. c (3): d
    // 0->1, e 0->1, f 1->2, the last: lifted. f (2): A 3->4, taken as it
    // falls; B 0->1, the last, into an empty hole: the move ends. 4 taken.
    let p = pos(&game, "2 0 2 0 0 1 / 3 0 0 0 0 2 south captured 19 19");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 2]
    );
    assert_eq!(s.position.captured, [23, 19]);
}

#[test]
fn wouri_without_a_four_made_the_fours_stay() {
    let game = shipped("wouri");
    // South f (1): A 0->1, the last, into an empty hole: the move ends with
    // no capture, and North's D (4), not sown into, stays.
    let p = pos(&game, "0 0 0 0 0 1 / 0 0 0 4 0 0 south captured 21 22");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 1, 0, 0, 4, 0, 0]
    );
    assert_eq!(s.position.captured, [21, 22]);
}

#[test]
fn wouri_a_four_in_ones_own_row_relays_and_a_relay_skips_its_hole() {
    let game = shipped("wouri");
    // South a (2): b 0->1, c 3->4, the last, in South's own row: lifted. c
    // (4), skipping c: d e f A, each 0->1; A, empty before, ends the move.
    let p = pos(&game, "2 0 3 0 0 0 / 0 0 0 0 0 1 south captured 21 21");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1]
    );
    assert_eq!(s.position.captured, [21, 21]);
}

#[test]
fn wouri_must_leave_the_opponent_a_counter_if_it_can() {
    let game = shipped("wouri");
    // f (1) would land in A (3->4) and take North's last counters; a (1)
    // leaves them: only a is legal.
    let p = pos(&game, "1 0 0 0 0 1 / 3 0 0 0 0 0 south captured 19 24");
    assert_eq!(legal(&game, &p), ["a"]);
    // Without a, f is the only move and may be played ("if possible"):
    // South takes 4, both rows are then empty and the game ends 24 - 24.
    let mut run = GameRun::new(
        &game,
        pos(&game, "0 0 0 0 0 1 / 3 0 0 0 0 0 south captured 20 24"),
    );
    assert_eq!(legal(&game, run.position()), ["f"]);
    run.play(parse_move("f", &game).unwrap()).unwrap();
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.scores(), [24, 24]);
}

// ---- the new keys' checks ----

#[test]
fn the_new_keys_are_refused_where_they_cannot_hold() {
    let cases = [
        (
            "stores sown",
            "legal { play_from any }",
            "`play_from any` is not supported with `stores sown`",
        ),
        (
            "stores none",
            "legal { first_moves each_player }",
            "`first_moves each_player` has no effect",
        ),
        (
            "stores none",
            "capture c { counts 2; requires capture }",
            "`requires capture` has no effect here: it is for `on sweep`, not `on last_pit`",
        ),
        (
            "stores none",
            "capture c { counts 2; take next; facing_counts 1 }",
            "`facing_counts` has no effect with `take next`",
        ),
    ];
    let dir = scratch("relay-captures-check");
    for (stores, extra, message) in cases {
        let text = format!(
            "name \"t\"\nboard {{ pits 3; seeds 2; {stores} }}\nsow {{ start next }}\n{extra}\n"
        );
        let path = dir.join("t.variant");
        std::fs::write(&path, text).unwrap();
        let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
        assert_ne!(code, 0, "{extra}");
        assert!(err.contains(message), "{extra}: {err}");
    }
}

// ---- La'b Akila: relay until a capture; the chain takes each pit with its facing pit ----

#[test]
fn la_b_akila_a_capture_stops_the_relay_and_the_chain_takes_facing_pits() {
    let game = shipped("la-b-akila");
    // South a (2): b 1->2, c 1->2, the last: c holds two, so it is captured
    // instead of lifted, with the hole facing it, E (3). The chain goes
    // back: b (2) is taken with its facing hole, F (5); a, emptied, ends
    // it: 2 + 3 + 2 + 5 = 12. One counter is left (g): the game is over,
    // and it counts for nobody.
    let mut run = GameRun::new(
        &game,
        pos(&game, "2 1 1 0 0 0 1 / 0 0 0 0 3 5 0 south captured 42 43"),
    );
    run.play(parse_move("a", &game).unwrap()).unwrap();
    assert_eq!(
        board(&game, run.position()),
        [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(run.end(), Some(EndReason::StonesLeft));
    assert_eq!(run.scores(), [54, 43]);
}

#[test]
fn la_b_akila_other_occupied_holes_relay_and_an_empty_one_ends_the_move() {
    let game = shipped("la-b-akila");
    // South a (1): b 2->3, occupied but not two or four: lifted. b (3): c
    // 0->1, d 3->4, e 0->1, the last, into an empty hole: the move ends. d
    // holds four but did not get the last counter: no capture.
    let p = pos(&game, "1 2 0 3 0 0 0 / 1 0 0 0 0 0 0 south captured 45 46");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 1, 4, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [45, 46]);
}

#[test]
fn la_b_akila_captures_on_either_row_with_the_facing_hole_even_empty() {
    let game = shipped("la-b-akila");
    // South g (1): A 3->4, the last, in North's row: taken with its facing
    // hole, g (just emptied: nothing); the hole before A is g, empty: the
    // chain ends. 4 for South.
    let p = pos(&game, "0 0 0 0 0 0 1 / 3 0 0 0 0 0 2 south captured 46 46");
    let s = play(&game, &p, "g");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]
    );
    assert_eq!(s.position.captured, [50, 46]);
}
