//! Claimed holes that come in pairs (`claim { pair facing }`, and `by
//! empty_facing`), worked by hand on Leyla Gobale (Somaliland), Leyla
//! Gobale (Gabradarre) and Leyla: 2x6, no stores, relay sowing from the
//! pit after the emptied one. Clockwise (Somaliland, Leyla) a South pit
//! sows towards `a`, then F E D C B A f e ...; counter-clockwise
//! (Gabradarre) a b ... f A B ... F. The pit facing `a` is `F`, `b` faces
//! `E`, ... `f` faces `A`. The notation writes a claimed pit as its count
//! followed by `t` (owned by the other row's player) or `T` (by its own
//! row's player).

use sowing::engine::{format_position, Player};

use crate::common::{legal, play, pos, shipped};

/// Leyla Gobale (Somaliland), South's e (1), clockwise: d 0 -> 1, empty,
/// in South's row: the facing hole C holds three, so one of its counters
/// crosses into d (2) and C keeps 2; both are South's, and nothing is
/// captured (without the pair rule the capture would take C's 3).
#[test]
fn somaliland_a_three_facing_the_empty_landing_hole_makes_a_pair() {
    let game = shipped("leyla-gobale-somaliland");
    let p = pos(&game, "0 0 0 0 1 3 / 1 1 3 1 1 1 south");
    let s = play(&game, &p, "e");
    assert!(s.effect.claimed);
    assert_eq!(s.effect.captured, 0);
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 2T 0 3 / 1 1 2t 1 1 1 north"
    );
    assert_eq!(
        game.claimed_pits(&s.position, Player::South)
            .collect::<Vec<_>>(),
        [3, 8]
    );
    // North cannot play C (South's, in North's row).
    assert_eq!(legal(&game, &s.position), ["A", "B", "D", "E", "F"]);
}

/// Leyla Gobale (Somaliland): the facing hole holding one, two, four or
/// more is captured, the landing counter staying. e (1): d 0 -> 1; C holds
/// 4: South captures 4. With C 2: captures 2. With C empty: nothing.
#[test]
fn somaliland_other_counts_facing_the_empty_landing_hole_are_captured() {
    let game = shipped("leyla-gobale-somaliland");
    for (c, captured) in [(1, 1), (2, 2), (4, 4), (7, 7), (0, 0)] {
        let p = pos(&game, &format!("0 0 0 0 1 3 / 1 1 {c} 1 1 1 south"));
        let s = play(&game, &p, "e");
        assert!(!s.effect.claimed, "C holding {c}");
        assert_eq!(s.effect.captured, captured, "C holding {c}");
        assert_eq!(
            format_position(&s.position, &game),
            format!(
                "0 0 0 1 0 3 / 1 1 0 1 1 1 north{}",
                if c == 0 {
                    String::new()
                } else {
                    format!(" captured {c} 0")
                }
            )
        );
    }
}

/// Leyla Gobale (Somaliland): an empty landing hole in the opponent's row
/// ends the turn with nothing. South's a (2): F 0 -> 1, E 0 -> 1, empty,
/// North's: no capture and no pair, though b, facing E, holds three.
#[test]
fn somaliland_an_empty_landing_hole_in_the_opponents_row_takes_nothing() {
    let game = shipped("leyla-gobale-somaliland");
    let p = pos(&game, "2 3 0 0 0 0 / 1 1 1 1 0 0 south");
    let s = play(&game, &p, "a");
    assert!(!s.effect.claimed);
    assert_eq!(s.effect.captured, 0);
    assert_eq!(
        format_position(&s.position, &game),
        "0 3 0 0 0 0 / 1 1 1 1 1 1 north"
    );
}

/// Leyla Gobale (Somaliland): a relay lap ending in an owned hole ends the
/// move, the counter staying there. d and C are South's pair (2 each).
/// South's e (2): d 2 -> 3 is owned: no relay, no capture; c gets nothing.
/// North's D (1): C 2 -> 3, South's owned hole: the move ends there too.
#[test]
fn somaliland_a_lap_ending_in_an_owned_hole_ends_the_move() {
    let game = shipped("leyla-gobale-somaliland");
    let p = pos(&game, "0 0 1 2T 1 0 / 0 0 2t 1 0 0 south");
    let s = play(&game, &p, "e");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 1 3T 0 0 / 0 0 2t 1 0 0 north"
    );
    let s = play(&game, &s.position, "D");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 1 3T 0 0 / 0 0 3t 0 0 0 south"
    );
}

/// Leyla Gobale (Somaliland): the relay goes on from an occupied hole, and
/// the pair is made where the last lap ends. South's f (2): e 1 -> 2, d 1
/// -> 2 (occupied: relay); d (2): c 0 -> 1, b 0 -> 1, empty, South's: E,
/// facing b, holds three: one crosses, b and E are South's (2 each).
#[test]
fn somaliland_the_pair_is_made_where_the_relay_ends() {
    let game = shipped("leyla-gobale-somaliland");
    let p = pos(&game, "0 0 0 1 1 2 / 1 1 1 1 3 1 south");
    let s = play(&game, &p, "f");
    assert!(s.effect.claimed);
    assert_eq!(
        format_position(&s.position, &game),
        "0 2T 1 0 2 0 / 1 1 1 1 2t 1 north"
    );
}

/// Leyla Gobale (Somaliland): the game's first move is from South's
/// right-hand hole only; North's first move is free.
#[test]
fn somaliland_play_begins_from_the_righthand_hole() {
    let game = shipped("leyla-gobale-somaliland");
    assert_eq!(legal(&game, &game.start()), ["f"]);
    // After it North may play any hole of theirs that holds counters and
    // is not owned.
    let s = play(&game, &game.start(), "f");
    let occupied: Vec<String> = (6..12)
        .filter(|&pit| s.position.pits[pit] > 0 && !s.position.is_claimed(pit))
        .map(|pit| game.label(pit).to_string())
        .collect();
    assert!(occupied.len() > 1);
    assert_eq!(legal(&game, &s.position), occupied);
}

/// Leyla Gobale (Gabradarre), counter-clockwise: South's b (1): c 0 -> 1,
/// empty, South's; D (facing c) holds 3: one crosses, c and D are South's
/// (2 each).
#[test]
fn gabradarre_a_three_facing_the_empty_landing_hole_makes_a_pair() {
    let game = shipped("leyla-gobale-gabradarre");
    let p = pos(&game, "5 1 0 5 5 5 / 5 5 5 3 5 5 south");
    let s = play(&game, &p, "b");
    assert!(s.effect.claimed);
    assert_eq!(
        format_position(&s.position, &game),
        "5 0 2T 5 5 5 / 5 5 5 2t 5 5 north"
    );
    assert_eq!(s.position.captured, [0, 0]);
}

/// Leyla, clockwise. South's a (2): F 1 -> 2, E 3 -> 4: E is North's
/// and the last counter made it four: E and the hole facing it, b (1), are
/// South's, their counters staying; the move ends there (without the claim
/// E would be lifted and sown on).
#[test]
fn leyla_four_in_the_opponents_row_takes_the_hole_and_the_one_opposite() {
    let game = shipped("leyla");
    let p = pos(&game, "2 1 0 0 0 0 / 0 0 0 0 3 1 south");
    let s = play(&game, &p, "a");
    assert!(s.effect.claimed);
    assert_eq!(s.effect.captured, 0);
    assert_eq!(
        format_position(&s.position, &game),
        "0 1T 0 0 0 0 / 0 0 0 0 4t 2 north"
    );
    assert_eq!(
        game.claimed_pits(&s.position, Player::South)
            .collect::<Vec<_>>(),
        [1, 10]
    );
    assert_eq!(legal(&game, &s.position), ["F"]);
}

/// Leyla: a last counter in the opponent's owned hole takes it and one
/// more from the hole (two in all), and the turn ends. b (1) and E (4) are
/// South's. North's F (1), clockwise (F E D ...): E 4 -> 5, South's: North
/// takes two, E keeps 3.
#[test]
fn leyla_a_last_counter_in_the_opponents_hole_takes_two() {
    let game = shipped("leyla");
    let p = pos(&game, "0 1T 0 0 0 0 / 0 0 0 0 4t 1 north");
    let s = play(&game, &p, "F");
    assert_eq!(s.effect.tribute, 2);
    assert_eq!(
        format_position(&s.position, &game),
        "0 1T 0 0 0 0 / 0 0 0 0 3t 0 south captured 0 2"
    );
}

/// The new keys are checked: without `makes` they say nothing, and they
/// name the pit facing another, which only two rows have.
#[test]
fn pair_keys_that_do_not_fit_are_refused_with_the_reason() {
    use sowing::{diagnostic::Source, rules};
    let check = |name: &str, edits: &[(&str, &str)]| -> String {
        let text = crate::common::shipped_text_with(name, edits);
        match rules::load(&Source::new("edited", text)) {
            Ok(_) => String::new(),
            Err(report) => report.to_string(),
        }
    };
    let err = check(
        "leyla-gobale-somaliland",
        &[("  makes  3  # \"if it contains three counters\"\n", "")],
    );
    assert!(
        err.contains("`by` has no effect: no `makes` is given"),
        "{err}"
    );
    assert!(
        err.contains("`pair` has no effect: no `makes` is given"),
        "{err}"
    );
    let err = check(
        "gabata-adowa",
        &[(
            "  tribute_then  end\n",
            "  tribute_then  end\n  pair          facing\n",
        )],
    );
    assert!(
        err.contains("`pair` is supported on two rows only, not 3 rows"),
        "{err}"
    );
    let err = check(
        "gabata-adowa",
        &[(
            "  tribute_then  end\n",
            "  tribute_then  end\n  by            empty_facing\n",
        )],
    );
    assert!(
        err.contains("`by` is supported on two rows only, not 3 rows"),
        "{err}"
    );
}

/// `sow fmt` writes the new keys back as given, in the order of the
/// language (a file giving them first is rewritten with them last).
#[test]
fn pair_keys_round_trip_through_fmt() {
    let dir = crate::common::scratch("pair-keys-fmt");
    for name in [
        "leyla-gobale-somaliland",
        "leyla-gobale-gabradarre",
        "leyla",
    ] {
        let text = sowing::variants::source(name).unwrap().text;
        let file = format!("{name}.variant");
        std::fs::write(dir.join(&file), &text).unwrap();
        let (code, _, err) = crate::common::sow_in(&dir, &["fmt", "--check", &file], "");
        assert_eq!(code, 0, "{name}: {err}");
        // The pair line moved first: fmt puts it back.
        let (pair, rest): (Vec<&str>, Vec<&str>) =
            text.lines().partition(|l| l.starts_with("  pair"));
        let moved = rest
            .join("\n")
            .replacen("claim {", &format!("claim {{\n{}", pair[0]), 1)
            + "\n";
        std::fs::write(dir.join(&file), &moved).unwrap();
        let (code, _, err) = crate::common::sow_in(&dir, &["fmt", &file], "");
        assert_eq!(code, 0, "{name}: {err}");
        assert_eq!(
            std::fs::read_to_string(dir.join(&file)).unwrap(),
            text,
            "{name}"
        );
    }
}
