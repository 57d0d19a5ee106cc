//! Omweso (four rows, Shackell 1934 via Ludii "Mweso") worked by hand: a
//! relay lap ending in an occupied inner pit takes the opponent's column
//! when both its pits hold stones, and the stones are sown on from the first
//! pit the capturing lap sowed into (`then resows_from_lap_start`), the move
//! going on from where they end.

use sowing::engine::{format_position, parse_move, Player};

use crate::common::{legal, play, pos, shipped, shipped_text_with, shipped_with};

#[test]
fn omweso_sows_a_capture_on_from_where_the_capturing_lap_began() {
    let game = shipped("omweso");
    // South f (2): g 0->1, h 1->2, the last, occupied (outer): the relay
    // lifts h (2): i 1->2, j 1->2, the last, occupied, in South's inner row
    // (column 7 from the west). j faces North's O (2), behind O North's B
    // (3): both taken, 5 stones, sown from the pit after h, where that lap
    // began: i 2->3, j 2->3, k l m 0->1, the last, empty: the move ends.
    let p = pos(
        &game,
        "0 0 0 0 0 2 0 1 / 1 1 0 0 0 0 0 0 / 2 3 2 2 2 2 2 2 / 0 0 0 0 0 0 2 0 south",
    );
    let s = play(&game, &p, "f");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 0 0 0 1 0 / 3 3 1 1 1 0 0 0 / 2 0 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 north"
    );
    assert_eq!(s.effect.captured, 5);
    assert_eq!(s.position.captured, [0, 0], "re-sown, not kept");
    assert_eq!(s.effect.captured_pits, 1 << 17 | 1 << 30, "B and O");
    let laps = game.sowing_laps(&p, s.mv);
    let lifted: Vec<usize> = laps.iter().map(|(origin, _)| *origin).collect();
    assert_eq!(lifted, [5, 7, 7], "f, h, then the capture sown after h");
    assert_eq!(laps[2].1, [8, 9, 10, 11, 12].map(Some));
    // Hus's reading (`then resows`) sows them from the pit after j instead:
    // k l m n o 0->1.
    let text = shipped_text_with("omweso", &[("resows_from_lap_start", "resows")]);
    let loaded = sowing::rules::load(&sowing::diagnostic::Source::new("edited", text)).unwrap();
    let hus_like = sowing::engine::Game::new(loaded.rules);
    let s = play(&hus_like, &pos(&hus_like, &format_position(&p, &game)), "f");
    assert_eq!(
        format_position(&s.position, &hus_like),
        "0 0 0 0 0 0 1 0 / 2 2 1 1 1 1 1 0 / 2 0 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 north"
    );
}

#[test]
fn omweso_the_sowing_of_a_capture_goes_on_like_any_lap() {
    let game = shipped("omweso");
    // North C (2): D 0->1, E 1->2, the last, occupied: relay E (2): F 0->1,
    // G 1->2: relay G (2): H 0->1, I 1->2, the last, occupied, in North's
    // inner row (its west end). I faces South's p (1), behind p South's a
    // (2): both taken, 3 stones, sown from the pit after G: H 1->2, I 2->3,
    // J 1->2, the last, occupied; J faces South's empty o: no capture, the
    // relay lifts J (2): K 0->1, L 0->1, the last, empty: the move ends.
    let p = pos(
        &game,
        "2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 1 / 0 0 2 0 1 0 1 0 / 1 1 0 0 0 0 0 0 north",
    );
    let s = play(&game, &p, "C");
    assert_eq!(
        format_position(&s.position, &game),
        "0 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 / 0 0 0 1 0 1 0 2 / 3 0 1 1 0 0 0 0 south"
    );
    assert_eq!(s.effect.captured, 3);
    let laps = game.sowing_laps(&p, s.mv);
    let lifted: Vec<usize> = laps.iter().map(|(origin, _)| *origin).collect();
    assert_eq!(
        lifted,
        [18, 20, 22, 22, 25],
        "C, E, G, the capture after G, J"
    );
}

#[test]
fn resows_from_lap_start_names_itself_in_the_checks_of_a_re_sowing() {
    let text = shipped_text_with("omweso", &[("start     next", "start     origin")]);
    let report =
        sowing::rules::load(&sowing::diagnostic::Source::new("t.variant", text)).unwrap_err();
    assert!(
        report.to_string().contains(
            "`then resows_from_lap_start` sows from the pit after the landing pit or the lap's origin: it needs `start next` in `sow`"
        ),
        "{report}"
    );
}

#[test]
fn omweso_starts_with_the_players_placing_their_counters() {
    let game = shipped("omweso");
    let start = game.start();
    let empty = "0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0";
    assert_eq!(
        format_position(&start, &game),
        format!("{empty} south placing 32 32")
    );
    // South places into any of its 16 pits, a counter a move.
    let south: Vec<String> = "abcdefghijklmnop"
        .chars()
        .map(|c| format!("+{c}"))
        .collect();
    assert_eq!(legal(&game, &start), south);
    let s = play(&game, &start, "+c");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 1 0 0 0 0 0 / 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 north placing 31 32"
    );
    // Then North, into its own 16 pits only.
    let north: Vec<String> = "ABCDEFGHIJKLMNOP"
        .chars()
        .map(|c| format!("+{c}"))
        .collect();
    assert_eq!(legal(&game, &s.position), north);
    let why = game
        .play(&s.position, parse_move("+c", &game).unwrap())
        .unwrap_err();
    assert!(why.to_string().contains("not on north's side"), "{why}");
    let why = game
        .play(&s.position, parse_move("A", &game).unwrap())
        .unwrap_err();
    assert!(why.to_string().contains("north is placing"), "{why}");
}

#[test]
fn omweso_play_starts_with_south_once_both_hands_are_empty() {
    let game = shipped("omweso");
    // The last two counters: South's into a (1 -> 2), North's into A, and
    // South makes the first move of play: its pits holding 2 or more.
    let p = pos(
        &game,
        "1 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 1 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 south placing 1 1",
    );
    let s = play(&game, &p, "+a");
    assert_eq!(s.position.to_move, Player::North);
    let s = play(&game, &s.position, "+A");
    assert_eq!(
        format_position(&s.position, &game),
        "2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 south"
    );
    assert!(legal(&game, &s.position).contains(&"c".to_string()));
    // A player whose hand is empty lets the other place on.
    let p = pos(
        &game,
        "2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 0 0 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 north placing 0 2",
    );
    let s = play(&game, &p, "+A");
    assert_eq!(s.position.to_move, Player::North);
    assert!(format_position(&s.position, &game).ends_with("north placing 0 1"));
}

#[test]
fn omweso_south_then_north_places_all_of_south_first() {
    let game = shipped_with(
        "omweso",
        &[("placement alternate", "placement south_then_north")],
    );
    let start = game.start();
    let s = play(&game, &start, "+a");
    assert_eq!(s.position.to_move, Player::South, "South places on");
    assert!(format_position(&s.position, &game).ends_with("south placing 31 32"));
}

#[test]
fn omweso_a_clockwise_move_from_a_left_pit_captures() {
    let game = shipped("omweso");
    // South a (2) clockwise: p 0->1, o 1->2, the last, occupied, in South's
    // inner row, column 1 from the west. Facing it North's J (2), behind J
    // North's G (3): both taken, 5 counters, sown on clockwise from p, the
    // pit that got the capturing lap's first counter: p 1->2, o 2->3, n m
    // l 0->1, the last, empty: the move ends.
    let p = pos(
        &game,
        "2 2 0 0 0 0 0 0 / 0 0 0 0 0 0 1 0 / 2 0 0 0 0 0 3 0 / 0 2 0 0 0 0 0 0 south",
    );
    // a and b sow either way, a clockwise only where it captures: b's
    // clockwise move ends in the empty p (a 2->3, p 0->1) and is no move.
    assert_eq!(legal(&game, &p), ["a", "a:cw", "b"]);
    let s = play(&game, &p, "a:cw");
    assert_eq!(
        format_position(&s.position, &game),
        "0 2 0 0 0 0 0 0 / 0 0 0 1 1 1 3 2 / 2 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 north"
    );
    assert_eq!(s.effect.captured, 5);
    let laps = game.sowing_laps(&p, s.mv);
    assert_eq!(laps[0], (0, vec![Some(15), Some(14)]), "a: p, o");
    assert_eq!(
        laps[1].1,
        [15, 14, 13, 12, 11].map(Some),
        "the capture: p o n m l"
    );
    let why = game
        .play(&p, parse_move("b:cw", &game).unwrap())
        .unwrap_err();
    assert!(why.to_string().contains("captures nothing"), "{why}");
    // A pit away from the left end sows anti-clockwise only.
    assert!(parse_move("c:cw", &game)
        .unwrap_err()
        .contains("sows ccw only"));
}

/// The error a load of omweso edited by `edits` reports.
fn refused(edits: &[(&str, &str)]) -> String {
    let text = shipped_text_with("omweso", edits);
    let report = sowing::rules::load(&sowing::diagnostic::Source::new("t.variant", text))
        .expect_err("the edited rules load");
    report.to_string()
}

#[test]
fn placement_and_reverse_to_capture_refuse_what_they_cannot_go_with() {
    // The line of `placement` is named: one further down than in the
    // file, below the line the edit adds.
    let placement_line = crate::common::shipped_text_with("omweso", &[])
        .lines()
        .position(|line| line.trim_start().starts_with("placement alternate"))
        .expect("the file's placement")
        + 2;
    let report = refused(&[(
        "placement alternate # \"players",
        "shifts_from 1\n  placement alternate # \"players",
    )]);
    assert!(
        report.contains("`placement` (the players place their stones before play) cannot be used with `shifts_from`"),
        "{report}"
    );
    assert!(
        report.contains(&format!("t.variant:{placement_line}:")),
        "{report}"
    );
    let report = refused(&[("min_stones 2", "min_stones 2\n  first_move_from 1")]);
    assert!(
        report.contains(
            "`placement` (the players place their stones before play) cannot be used with \
             `first_move_from` in `legal`: not supported with a placement"
        ),
        "{report}"
    );
    // `reverse_to_capture` needs one direction, a capture rule, a row that
    // holds its pits.
    let report = refused(&[("direction ccw", "direction either")]);
    assert!(
        report.contains("`reverse_to_capture` (a move the other way round when it captures) needs one sowing direction for every pit"),
        "{report}"
    );
    let report = refused(&[("reverse_to_capture 2", "reverse_to_capture 9")]);
    assert!(report.contains("names 9 pits, but a row has 8"), "{report}");
    let report = refused(&[("min_stones 2", "min_stones 2\n  first_lap captures")]);
    assert!(
        report.contains("cannot be used with `first_lap captures`"),
        "{report}"
    );
}

/// Loads the file's text with `edits`, and the first error it reports.
fn load_error(edits: &[(&str, &str)]) -> String {
    let text = shipped_text_with("omweso", edits);
    let source = sowing::diagnostic::Source::new("t.variant", text);
    sowing::rules::load(&source).unwrap_err().to_string()
}

#[test]
fn omweso_ludii_offers_a_clockwise_move_whose_first_lap_faces_two_occupied_pits() {
    let text = shipped("omweso");
    let ludii = shipped("omweso@ludii");
    // South b (2) clockwise: a 0->1, p 0->1, the last, empty: no relay, no
    // capture. p (column 1) faces North's I (2), behind I North's H (2):
    // Ludii's code offers the move, the rule text (a capture) does not.
    let board = "0 2 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 2 / 2 0 0 0 0 0 0 0 south";
    assert_eq!(legal(&text, &pos(&text, board)), ["b"]);
    let p = pos(&ludii, board);
    assert_eq!(legal(&ludii, &p), ["b", "b:cw"]);
    let s = play(&ludii, &p, "b:cw");
    assert_eq!(
        format_position(&s.position, &ludii),
        "1 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 1 / 0 0 0 0 0 0 0 2 / 2 0 0 0 0 0 0 0 north"
    );
    assert_eq!(s.effect.captured, 0);
}

#[test]
fn omweso_ludii_refuses_a_clockwise_move_that_captures_only_on_a_later_lap() {
    let text = shipped("omweso");
    let ludii = shipped("omweso@ludii");
    // South a (2) clockwise: p 0->1, o 1->2, the last, occupied: o (column
    // 2) faces North's empty J, so no capture; the relay lifts o (2): n
    // 0->1, m 1->2, occupied, and m (column 4) faces North's L (1), behind
    // L North's E (1): a capture on the second lap. The rule text offers
    // a:cw; Ludii's code looks at o alone and refuses it.
    let board = "2 0 0 0 0 0 0 0 / 0 0 0 0 1 0 1 0 / 0 0 0 0 1 0 0 0 / 0 0 0 1 0 0 0 0 south";
    let p = pos(&text, board);
    assert_eq!(legal(&text, &p), ["a", "a:cw"]);
    assert_eq!(play(&text, &p, "a:cw").effect.captured, 2);
    let p = pos(&ludii, board);
    assert_eq!(legal(&ludii, &p), ["a"]);
    let why = ludii
        .play(&p, parse_move("a:cw", &ludii).unwrap())
        .unwrap_err();
    assert!(
        why.to_string()
            .contains("does not end its first lap in an inner pit facing two occupied pits"),
        "{why}"
    );
}

#[test]
fn omweso_ludii_relays_from_the_capturing_pit_once_the_capture_is_sown() {
    let ludii = shipped("omweso@ludii");
    // The position of the first test: South f (2): g 0->1, h 1->2, relay h
    // (2): i 1->2, j 1->2, the last, occupied; j faces O (2), behind O B
    // (3): 5 taken, sown from the pit after h: i 2->3, j 2->3, k l m 0->1.
    // Ludii's code then relays from j (3), not from m: k 1->2, l 1->2, m
    // 1->2, occupied, facing North's empty L: relay m (2): n 0->1, o 0->1,
    // the last, empty: the move ends.
    let p = pos(
        &ludii,
        "0 0 0 0 0 2 0 1 / 1 1 0 0 0 0 0 0 / 2 3 2 2 2 2 2 2 / 0 0 0 0 0 0 2 0 south",
    );
    let s = play(&ludii, &p, "f");
    assert_eq!(
        format_position(&s.position, &ludii),
        "0 0 0 0 0 0 1 0 / 3 0 2 2 0 1 1 0 / 2 0 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 north"
    );
    assert_eq!(s.effect.captured, 5);
    let laps = ludii.sowing_laps(&p, s.mv);
    let lifted: Vec<usize> = laps.iter().map(|(origin, _)| *origin).collect();
    assert_eq!(lifted, [5, 7, 7, 9, 12], "f, h, the capture after h, j, m");
}

#[test]
fn omweso_ludii_sows_a_clockwise_capture_anti_clockwise() {
    let ludii = shipped("omweso@ludii");
    // South b (2) clockwise: a 0->1, p 1->2, the last, occupied; p faces
    // I (2), behind I H (1): 3 taken, sown anti-clockwise from the pit
    // after b: c d e 0->1. The move relays from p (2), clockwise as it
    // went: o 0->1, n 0->1, the last, empty: the move ends. (The rule
    // text's reading sows them on clockwise from a: a 1->2, p 2->3, o.)
    let p = pos(
        &ludii,
        "0 2 0 0 0 0 0 0 / 0 0 0 0 0 0 0 1 / 0 0 0 0 0 0 0 1 / 2 0 0 0 0 0 0 0 south",
    );
    let s = play(&ludii, &p, "b:cw");
    assert_eq!(
        format_position(&s.position, &ludii),
        "1 0 1 1 1 0 0 0 / 0 0 0 0 0 1 1 0 / 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 north"
    );
    assert_eq!(s.effect.captured, 3);
    let laps = ludii.sowing_laps(&p, s.mv);
    let sown: Vec<(usize, Vec<Option<usize>>)> = laps;
    assert_eq!(sown[1], (1, [2, 3, 4].map(Some).to_vec()), "c d e");
    assert_eq!(sown[2], (15, [14, 13].map(Some).to_vec()), "p's relay: o n");
    let text = shipped("omweso");
    let s = play(&text, &pos(&text, &format_position(&p, &ludii)), "b:cw");
    assert_eq!(
        format_position(&s.position, &text),
        "2 0 0 0 0 0 0 0 / 0 0 0 0 0 0 1 3 / 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 north"
    );
}

#[test]
fn omweso_ludii_words_say_what_they_need() {
    let why = load_error(&[("reverse_to_capture 2", "reverse_when first_lap_faces_both")]);
    assert!(
        why.contains(
            "`reverse_when first_lap_faces_both` has no effect without `reverse_to_capture`"
        ),
        "{why}"
    );
    let why = load_error(&[
        (
            "then resows_from_lap_start",
            "then resows_from_lap_start_relays_landing",
        ),
        ("on relay_landing", "on last_pit"),
    ]);
    assert!(
        why.contains("`then resows_from_lap_start_relays_landing` relays from the landing pit of a relay: it needs `on relay_landing`"),
        "{why}"
    );
    let why = load_error(&[
        (
            "then resows_from_lap_start",
            "then resows_from_lap_start_relays_landing",
        ),
        (
            "legal {",
            "capture fours {\n on every_pit\n counts 4\n goes_to mover\n}\nlegal {",
        ),
    ]);
    assert!(
        why.contains("`then resows_from_lap_start_relays_landing` cannot be used with an `on every_pit` capture rule"),
        "{why}"
    );
}
