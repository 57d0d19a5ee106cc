//! Omweso (four rows, Shackell 1934 via Ludii "Mweso") worked by hand: a
//! relay lap ending in an occupied inner pit takes the opponent's column
//! when both its pits hold stones, and the stones are sown on from the first
//! pit the capturing lap sowed into (`then resows_from_lap_start`), the move
//! going on from where they end.

use sowing::engine::format_position;

use crate::common::{play, pos, shipped, shipped_text_with};

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
