//! Gabata (Adowa) (three rows, Pankhurst 1971 via Ludii), one round, worked
//! by hand: the weg (a claim on three rows) made by a relay lap in the
//! opponent's half of the middle row or their row, the tribute of two, a
//! lap ending in one's own weg, and the pass of a player who cannot move.
//! 3x6: South's row a-f from the west, its half of the middle row g-i from
//! the east edge, North's row A-F from the east, its half G-I from the west
//! edge; one circuit a..i A..I. The pass is a case
//! (`end/no_legal_move/gabata-adowa.yaml`).

use sowing::engine::{format_position, Player};

use crate::common::{legal, play, pos, shipped, shipped_text_with, sow};

/// From the start (3 everywhere), South's f (3): g, h, i 3 -> 4; i is
/// South's own: relay i (4): A, B, C, D 3 -> 4. D is North's and now holds
/// four: it becomes South's weg, its counters kept; the move ends.
#[test]
fn gabata_adowa_a_relay_lap_that_makes_four_in_the_opponents_pit_makes_a_weg() {
    let game = shipped("gabata-adowa");
    let start = game.start();
    assert_eq!(legal(&game, &start).len(), 9, "every pit of South's side");
    let s = play(&game, &start, "f");
    assert!(s.effect.claimed);
    assert_eq!(s.effect.captured, 0, "the weg keeps its counters");
    assert_eq!(
        format_position(&s.position, &game),
        "3 3 3 3 3 0 / 4 4 0 / 4 4 4 4t 3 3 / 3 3 3 north"
    );
    assert_eq!(
        game.claimed_pits(&s.position, Player::South)
            .collect::<Vec<_>>(),
        [12]
    );
    // North cannot sow from D, South's weg.
    assert_eq!(
        legal(&game, &s.position),
        ["A", "B", "C", "E", "F", "G", "H", "I"]
    );
}

/// c is North's weg (5), in South's row. South's a (2): b 0 -> 1, c 5 -> 6:
/// the last counter fell into the opponent's weg: South takes two (c 6 ->
/// 4, the last counter counted) and the turn ends.
#[test]
fn gabata_adowa_a_last_counter_in_the_opponents_weg_takes_two() {
    let game = shipped("gabata-adowa");
    let p = pos(
        &game,
        "2 0 5t 0 0 0 / 0 0 0 / 3 3 3 3 3 3 / 3 3 3 south captured 10 10",
    );
    let s = play(&game, &p, "a");
    assert_eq!(s.effect.tribute, 2);
    assert_eq!(
        format_position(&s.position, &game),
        "0 1 4t 0 0 0 / 0 0 0 / 3 3 3 3 3 3 / 3 3 3 north captured 12 10"
    );
}

/// A is South's weg (4), in North's row. South's i (1): A 4 -> 5, its own
/// weg: the move ends, the counter stays there (nothing is taken or
/// claimed).
#[test]
fn gabata_adowa_a_lap_ending_in_ones_own_weg_ends_the_move() {
    let game = shipped("gabata-adowa");
    let p = pos(
        &game,
        "0 1 0 0 0 0 / 0 0 1 / 4t 3 3 3 3 3 / 3 3 3 south captured 10 11",
    );
    assert_eq!(legal(&game, &p), ["b", "i"]);
    let s = play(&game, &p, "i");
    assert_eq!(s.effect.tribute, 0);
    assert!(!s.effect.claimed);
    assert_eq!(
        format_position(&s.position, &game),
        "0 1 0 0 0 0 / 0 0 0 / 5t 3 3 3 3 3 / 3 3 3 north captured 10 11"
    );
}

#[test]
fn gabata_adowa_describe_says_three_rows_and_the_weg() {
    let (code, out, _) = sow(&["describe", "gabata-adowa"]);
    assert_eq!(code, 0);
    assert!(out.contains("three rows of 6 pits"), "{out}");
}

/// The new three- and four-row games through the binary: the SVG picture,
/// the HTML and JSON traces, play at the terminal (the text board),
/// simulate, bench, and a diff against an edited copy whose record `sow
/// verify` replays under the shipped rules only.
#[test]
fn the_new_row_games_work_through_every_command() {
    let dir = crate::common::scratch("rows7-commands");
    let games = [
        // (variant, pits drawn, a move of the start, the edit for diff)
        (
            "njombwa-two-counters",
            32,
            "i",
            (
                "take    opposite_and_behind  #",
                "take    opposite_and_behind_both  #",
            ),
        ),
        ("sute", 32, "h", ("goes_to out_of_play", "goes_to mover")),
        (
            "gabata-adowa",
            18,
            "f",
            ("tribute       2", "tribute       1"),
        ),
    ];
    for (name, pits, first, edit) in games {
        let svg = dir.join(format!("{name}.svg"));
        let (code, _, stderr) = sow(&[
            "render",
            name,
            "--moves",
            first,
            "--svg",
            svg.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{name}: {stderr}");
        let picture = std::fs::read_to_string(&svg).unwrap();
        assert_eq!(
            picture.matches("<circle class=\"pit").count(),
            pits,
            "{name}"
        );
        let html = dir.join(format!("{name}.html"));
        let (code, _, stderr) = sow(&[
            "trace",
            name,
            "--seed",
            "1",
            "--html",
            html.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{name}: {stderr}");
        let (code, out, stderr) = sow(&["trace", name, "--moves", first, "--format", "json"]);
        assert_eq!(code, 0, "{name}: {stderr}");
        assert!(
            out.contains(&format!("\"move\": \"{first}\"")),
            "{name}: {out}"
        );
        let (code, out, stderr) = crate::common::sow_with_input(
            &["play", name, "--vs", "random", "--seed", "1"],
            &format!("{first}\nquit\n"),
        );
        assert_eq!(code, 0, "{name}: {stderr}");
        assert!(
            out.contains(&format!("south plays {first}")),
            "{name}: {out}"
        );
        let (code, _, stderr) = sow(&["simulate", name, "--games", "20", "--seed", "1"]);
        assert_eq!(code, 0, "{name}: {stderr}");
        let (code, out, stderr) = sow(&["bench", name, "--seconds", "0.1", "--threads", "1"]);
        assert_eq!(code, 0, "{name}: {stderr}");
        assert!(out.contains("plies/s"), "{name}: {out}");
        let other = dir.join(format!("{name}-edited.variant"));
        std::fs::write(&other, shipped_text_with(name, &[edit])).unwrap();
        let other = other.to_str().unwrap();
        let record = dir.join(format!("{name}-diff.yaml"));
        let record = record.to_str().unwrap();
        let (code, out, stderr) = sow(&["diff", name, other, "--out", record]);
        assert_eq!(code, 1, "{name}: {out} {stderr}");
        let (code, out, _) = sow(&["verify", record]);
        assert_eq!(code, 0, "{name}: {out}");
        let (code, out, _) = sow(&["verify", record, "--variant", other]);
        assert_eq!(code, 1, "{name}: {out}");
    }
}
