//! Two-row relay games: what the game records of `tests/cases/` cannot
//! say (an opening position other than the start, and the checks of the
//! keys they brought). Their positions worked by hand are cases
//! (`capture/chain/das-bohnenspiel.yaml`, `capture/take/pallankuli.yaml`,
//! `legal/first_lap/dabuda.yaml`, `legal/play_from/kapana-bona.yaml`,
//! `capture/on/wouri.yaml`, `capture/chain/la-b-akila.yaml`, ...).

use sowing::engine::{parse_move, Illegal};

use crate::common::{legal, play, pos, scratch, shipped, sow};

#[test]
fn dabuda_each_players_first_move_is_from_their_four_rightmost_holes() {
    let game = shipped("dabuda");
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

/// `laps relay_until_lap_captures` ends a move at a lap that took a pit
/// during the sowing: without an `on every_pit` rule no lap takes one, and
/// the file is refused at the `laps` value.
#[test]
fn relay_until_lap_captures_needs_an_every_pit_rule() {
    let dir = scratch("relay-until-lap-captures-check");
    let path = dir.join("t.variant");
    let text = "name \"t\"\nboard { pits 3; seeds 2; stores none }\nsow { start next; laps relay_until_lap_captures }\ncapture c { counts 4 }\n";
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_ne!(code, 0, "{err}");
    assert!(
        err.contains(
            "`laps relay_until_lap_captures` has no effect without an `on every_pit` capture rule"
        ),
        "{err}"
    );
    assert!(err.contains("t.variant:3:19"), "{err}");
    // With the rule taking fours as they are sown, the file is accepted.
    let fixed = text.replace("counts 4", "counts 4; on every_pit");
    std::fs::write(&path, fixed).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
}
