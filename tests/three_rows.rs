//! Three-row boards and Rab'e (3x6, Pankhurst 1971 via Ludii): fours taken
//! as the stones fall during a relay, checked lap by lap; the notation, the
//! text board and the file errors of three rows; the commands on a
//! three-row board through the binary. Rab'e's other positions worked by
//! hand are cases (`capture/on/rab-e.yaml`, `end/no_legal_move/rab-e.yaml`).
//!
//! Pits on 3x6: South's row a-f from the west, South's half of the middle
//! row g-i from the east edge; North's row A-F from the east, its half of
//! the middle row G-I from the west edge. One circuit: a-i, A-I, back to a.

use sowing::{
    diagnostic::Source,
    engine::format_position,
    render::text::{board_text, Style},
    rules,
};

use crate::common::{play, pos, shipped, shipped_text_with, sow};

#[test]
fn rab_e_a_relay_takes_each_four_as_it_is_made_and_sows_on() {
    let game = shipped("rab-e");
    // South c (3): d 0->1, e 3->4: four, taken by South there and then; f
    // 1->2, the last, occupied: the relay lifts f (2): g 0->1, h 2->3, the
    // last, occupied: the relay lifts h (3): i 0->1, North's A 3->4: four,
    // taken; B 0->1, the last, empty: the move ends. 8 captured.
    let p = pos(&game, "0 0 3 0 3 1 / 0 2 0 / 3 0 1 1 1 1 / 1 1 1 south");
    let s = play(&game, &p, "c");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 1 0 0 / 1 0 1 / 0 1 1 1 1 1 / 1 1 1 north captured 8 0"
    );
    assert_eq!(s.effect.captured, 8);
    assert_eq!(s.effect.captured_pits, 1 << 4 | 1 << 9, "e and A");
    let laps = game.sowing_laps(&p, s.mv);
    let lifted: Vec<usize> = laps.iter().map(|(origin, _)| *origin).collect();
    assert_eq!(lifted, [2, 5, 7], "c, then f, then h");
    assert_eq!(laps[2].1, [8, 9, 10].map(Some), "h sows i, A, B");
}

#[test]
fn three_row_boards_are_drawn_with_the_middle_row_split() {
    let game = shipped("rab-e");
    let p = pos(&game, "1 2 3 4 5 6 / 7 8 9 / 0 1 2 3 4 5 / 6 7 8 south");
    let text = board_text(&game, &p, None, Style { colour: false });
    // North's row from North's left (A at the east end); the middle row
    // North's G-I from the west edge, then South's i h g (g at the east
    // edge); South's row a-f.
    let expected = "\
north    F   E   D   C   B   A
         5   4   3   2   1   0
         6   7   8   9   8   7
         G   H   I   i   h   g
         1   2   3   4   5   6
south    a   b   c   d   e   f
";
    assert_eq!(text, expected);
}

#[test]
fn three_row_positions_read_back_what_they_write_and_name_their_errors() {
    let game = shipped("rab-e");
    let start = game.start();
    let text = format_position(&start, &game);
    assert_eq!(text, "4 4 4 4 4 4 / 4 4 4 / 4 4 4 4 4 4 / 4 4 4 south");
    let mut back = pos(&game, &text);
    back.opening = true;
    assert_eq!(back, start);
    let error = sowing::engine::parse_position("4 4 4 4 4 4 / 4 4 / 4 south", &game).unwrap_err();
    assert_eq!(
        error.message,
        "`/` must come between rows (after 6, 9, 15 pits)"
    );
    let error = sowing::engine::parse_move("j", &game).unwrap_err();
    assert_eq!(
        error,
        "unknown pit `j`: the pits are a-i (south) and A-I (north)"
    );
}

#[test]
fn three_row_keywords_are_refused_where_they_do_not_fit() {
    let errors = |edits: &[(&str, &str)]| -> String {
        let text = shipped_text_with("rab-e", edits);
        match rules::load(&Source::new("t.variant", text)) {
            Ok(_) => String::new(),
            Err(report) => report.to_string(),
        }
    };
    let cases: [(&[(&str, &str)], &str); 5] = [
        (
            &[("pits   6", "pits   5")],
            "5 pits per row on three rows: each player owns half of the middle row, so a row needs an even number of pits\n  --> t.variant:56:2",
        ),
        (
            &[("pits   6", "pits   42")],
            "42 pits per row on three rows: at most 40 are supported (3 x 40 pits)",
        ),
        (&[("stores none", "stores sown")], "a three-row board has no stores"),
        (
            &[("goes_to mover", "goes_to mover\n  take    opposite")],
            "`take opposite` is not supported on three rows (nothing faces across the middle row)",
        ),
        (&[("min_stones 1", "min_stones 1\n  feed row_empty")], "`feed` is not supported on three rows yet"),
    ];
    for (edits, message) in cases {
        let found = errors(edits);
        assert!(found.contains(message), "{edits:?}: {found}");
    }
}

#[test]
fn rab_e_commands_work_through_the_binary() {
    let dir = crate::common::scratch("rab-e-commands");
    let svg = dir.join("rab-e.svg");
    let svg_path = svg.to_str().unwrap();
    // The picture: eighteen pits, the middle row's g at the east edge.
    let (code, _, stderr) = sow(&["render", "rab-e", "--moves", "e H", "--svg", svg_path]);
    assert_eq!(code, 0, "{stderr}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(picture.matches("<circle class=\"pit").count(), 18);
    assert!(
        picture.contains("data-pit=\"g\" cx=\"472\" cy=\"200\""),
        "{picture}"
    );
    let html = dir.join("rab-e.html");
    let (code, _, stderr) = sow(&[
        "trace",
        "rab-e",
        "--moves",
        "e H",
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(std::fs::read_to_string(&html).unwrap().contains("Rab'e"));
    let (code, out, stderr) = sow(&["trace", "rab-e", "--moves", "e H", "--format", "json"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(out.contains("\"move\": \"H\""), "{out}");
    let (code, out, _) = sow(&["perft", "rab-e", "3"]);
    assert_eq!(code, 0);
    assert!(out.contains("493"), "{out}");
    let (code, _, stderr) = sow(&["simulate", "rab-e", "--games", "20", "--seed", "1"]);
    assert_eq!(code, 0, "{stderr}");
    let (code, out, _) = sow(&["describe", "rab-e"]);
    assert_eq!(code, 0);
    assert!(out.contains("The board has three rows of 6 pits"), "{out}");
    // Fives instead of fours: diff finds where they part and writes a
    // record that replays under Rab'e only.
    let other = dir.join("rab-e-fives.variant");
    std::fs::write(
        &other,
        shipped_text_with("rab-e", &[("counts  4", "counts  5")]),
    )
    .unwrap();
    let other = other.to_str().unwrap();
    let record = dir.join("rab-e-diff.yaml");
    let record = record.to_str().unwrap();
    let (code, out, stderr) = sow(&["diff", "rab-e", other, "--out", record]);
    assert_eq!(code, 1, "{stderr}");
    assert!(out.contains("part ways"), "{out}");
    let (code, out, _) = sow(&["verify", record]);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = sow(&["verify", record, "--variant", other]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("inconsistent at ply"), "{out}");
}
