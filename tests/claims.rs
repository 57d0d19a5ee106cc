//! Pits that become a player's store (`claim`) and the sowing that keeps a
//! single stone off its origin (`start origin_unless_single`), worked by
//! hand on Toguz Kumalak (`toguz-kumalak`: 2x9, nine per pit, no stores
//! sown, counter-clockwise a..i A..I; the emptied pit gets the first stone
//! back unless it held one; the last stone making an even count in an
//! opponent's pit captures it; making 3 there claims it as a tuzdik, once
//! per player, never the ninth pit, never the place of the other's).

use sowing::engine::{format_position, parse_position, Player};

use crate::common::{board, legal, play, pos, shipped, sow};

/// c (9) from the start: c keeps one, d-i get one each (10), then A and B
/// (10). B is North's and now holds 10, even: captured.
#[test]
fn the_emptied_pit_gets_the_first_stone_and_an_even_count_is_captured() {
    let game = shipped("toguz-kumalak");
    let s = play(&game, &game.start(), "c");
    assert_eq!(
        board(&game, &s.position),
        [9, 9, 1, 10, 10, 10, 10, 10, 10, 10, 0, 9, 9, 9, 9, 9, 9, 9]
    );
    assert_eq!(s.position.captured, [10, 0]);
    assert_eq!(s.effect.captured_pits, 1 << 10);
    assert!(!s.effect.claimed);
}

/// A single stone goes into the next pit, not back into its own: i (1)
/// into A, which now holds 2 (even, North's): captured.
#[test]
fn a_single_stone_goes_to_the_next_pit() {
    let game = shipped("toguz-kumalak");
    let p = pos(&game, "0 0 0 0 0 0 0 0 1 / 1 0 0 0 0 0 0 0 5 south");
    let s = play(&game, &p, "i");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 5 north captured 2 0"
    );
    let mv = sowing::engine::parse_move("i", &game).unwrap();
    assert_eq!(game.sowing_path(&p, mv), [Some(9)]);
    // Two stones: the first back into i, the second into A (2, captured).
    let p = pos(&game, "0 0 0 0 0 0 0 0 2 / 1 0 0 0 0 0 0 0 5 south");
    let s = play(&game, &p, "i");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 0 0 0 0 0 1 / 0 0 0 0 0 0 0 0 5 north captured 2 0"
    );
}

/// A tuzdik made and fed. South's i (4): i keeps one, A 1 -> 2, B 1 -> 2,
/// C 2 -> 3: C is North's third pit and holds 3, South has no tuzdik: C
/// becomes South's, its 3 stones South's. Then North's B (2): B keeps
/// one, the other falls into C and goes to South (4). C cannot be played.
#[test]
fn a_tuzdik_is_made_and_fed() {
    let game = shipped("toguz-kumalak");
    let p = pos(&game, "0 0 0 0 0 0 0 0 4 / 1 1 2 1 1 1 1 1 1 south");
    let s = play(&game, &p, "i");
    assert!(s.effect.claimed);
    assert_eq!(s.effect.captured, 3);
    assert_eq!(
        game.claimed_pits(&s.position, Player::South).next(),
        Some(11)
    );
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 0 0 0 0 0 1 / 2 2 t 1 1 1 1 1 1 north captured 3 0"
    );
    assert_eq!(
        legal(&game, &s.position),
        ["A", "B", "D", "E", "F", "G", "H", "I"]
    );
    let fed = play(&game, &s.position, "B");
    assert_eq!(
        format_position(&fed.position, &game),
        "0 0 0 0 0 0 0 0 1 / 2 1 t 1 1 1 1 1 1 south captured 4 0"
    );
    assert_eq!(
        fed.effect.captured, 0,
        "the fed stone is not North's capture"
    );
    // The notation reads the tuzdik back.
    let back = parse_position(&format_position(&fed.position, &game), &game).unwrap();
    assert_eq!(back, fed.position);
}

/// A player claims one pit only: with C South's already, South's last
/// stone making 3 in D claims nothing (3 is odd: no capture either).
#[test]
fn a_player_claims_at_most_one_pit() {
    let game = shipped("toguz-kumalak");
    let p = pos(
        &game,
        "0 0 0 0 0 0 0 0 5 / 1 1 t 2 1 1 1 1 1 south captured 3 0",
    );
    let s = play(&game, &p, "i");
    // i keeps one; A 2, B 2, C (South's: +1 to South), D 3.
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 0 0 0 0 0 1 / 2 2 t 3 1 1 1 1 1 north captured 4 0"
    );
    assert!(!s.effect.claimed);
}

/// Never the ninth pit: South's h (3) keeps one, i 1 -> 2 ... let the last
/// stone make 3 in I: h (11) from "0 0 0 0 0 0 0 11 0 / 1 1 1 1 1 1 1 1 2":
/// h keeps one, i, A-I get one each (A-H 2, I 3): I is North's ninth pit:
/// no tuzdik. And not at the place of the other's: North owns South's c
/// (place 3), so South's last stone making 3 in C (place 3) claims nothing.
#[test]
fn the_ninth_pit_and_the_mirror_place_are_never_claimed() {
    let game = shipped("toguz-kumalak");
    let p = pos(&game, "0 0 0 0 0 0 0 11 0 / 1 1 1 1 1 1 1 1 2 south");
    let s = play(&game, &p, "h");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 0 0 0 0 1 1 / 2 2 2 2 2 2 2 2 3 north"
    );
    assert!(!s.effect.claimed);
    let p = pos(
        &game,
        "0 0 t 0 0 0 0 0 4 / 1 1 2 1 1 1 1 1 1 south captured 0 5",
    );
    let s = play(&game, &p, "i");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 t 0 0 0 0 0 1 / 2 2 3 1 1 1 1 1 1 north captured 0 5"
    );
    assert!(!s.effect.claimed);
    // The same move with North's tuzdik elsewhere (b, place 2) claims C.
    let p = pos(
        &game,
        "0 t 0 0 0 0 0 0 4 / 1 1 2 1 1 1 1 1 1 south captured 0 5",
    );
    let s = play(&game, &p, "i");
    assert!(s.effect.claimed);
}

/// North claims in South's row too: North's I (4): I keeps one, a 1 -> 2,
/// b 1 -> 2, c 2 -> 3: c is South's third pit, North's tuzdik.
#[test]
fn north_claims_in_south_row() {
    let game = shipped("toguz-kumalak");
    let p = pos(&game, "1 1 2 1 1 1 1 1 1 / 0 0 0 0 0 0 0 0 4 north");
    let s = play(&game, &p, "I");
    assert_eq!(
        format_position(&s.position, &game),
        "2 2 t 1 1 1 1 1 1 / 0 0 0 0 0 0 0 0 1 south captured 0 3"
    );
    assert_eq!(
        game.claimed_pits(&s.position, Player::North).next(),
        Some(2)
    );
}

#[test]
fn the_notation_refuses_impossible_tuzdiks() {
    let game = shipped("toguz-kumalak");
    let cases = [
        (
            "9 9 9 9 9 9 9 9 t / 9 9 9 9 9 9 9 9 9 south",
            "(`except 9`)",
        ),
        (
            "9 t 9 9 9 9 9 9 9 / 9 t 9 9 9 9 9 9 9 south",
            "`mirror forbidden`",
        ),
        (
            "t t 9 9 9 9 9 9 9 / 9 9 9 9 9 9 9 9 9 south",
            "north has claimed a pit already",
        ),
    ];
    for (text, message) in cases {
        let err = parse_position(text, &game).unwrap_err();
        assert!(err.message.contains(message), "{text}: {err}");
    }
    let err = parse_position("4 t 4 4 4 4 / 4 4 4 4 4 4 south", &shipped("oware")).unwrap_err();
    assert!(
        err.message.contains("only for variants with `claim`"),
        "{err}"
    );
    assert_eq!(err.offset, 2);
}

/// `sow trace` draws a tuzdik `t` from the ply that makes it.
#[test]
fn trace_draws_the_tuzdik() {
    let (code, out, err) = sow(&[
        "trace",
        "toguz-kumalak",
        "--from",
        "0 0 0 0 0 0 0 0 4 / 1 1 2 1 1 1 1 1 1 south captured 70 78",
        "--moves",
        "i B",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("   1  south   i"), "{out}");
    assert!(
        out.contains(
            "  0  0  0  0  0  0  0  0  1 |  2  2  t  1  1  1  1  1  1   73  78  3 from C\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("  0  0  0  0  0  0  0  0  1 |  2  1  t  1  1  1  1  1  1   74  78\n"),
        "{out}"
    );
}

/// The solver refuses a variant with claims, with the reason.
#[test]
fn solve_refuses_claims() {
    let (code, _, err) = sow(&["solve", "toguz-kumalak"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("a position of the solver does not record which"),
        "{err}"
    );
}

/// The claim keys need `makes`, `laps single` or `relay` and places in the
/// row.
#[test]
fn claim_keys_are_checked() {
    let dir = crate::common::scratch("claim-keys");
    let base = sowing::variants::source("toguz-kumalak").unwrap().text;
    let cases = [
        (
            ("  makes  3\n", ""),
            "`except` has no effect: no `makes` is given",
        ),
        (
            ("  laps        single", "  laps        next_always"),
            "`claim` is supported with `laps single` or `relay` only",
        ),
        (
            ("  except 9", "  except 10"),
            "`except 10`: a row has 9 pits",
        ),
    ];
    for (i, ((from, to), message)) in cases.into_iter().enumerate() {
        let text = base.replace(from, to);
        assert_ne!(text, base, "{from}");
        let file = format!("{i}.variant");
        std::fs::write(dir.join(&file), &text).unwrap();
        let (code, _, err) = crate::common::sow_in(&dir, &["check", &file], "");
        assert_eq!(code, 1, "{from}: {err}");
        assert!(err.contains(message), "{from}: {err}");
    }
}
