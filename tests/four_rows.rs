//! Four-row boards: Hus's capture and its re-sowing checked lap by lap, the
//! four-row notation and text board, and the file errors of the four-row
//! keywords. Hus's other positions worked by hand are cases
//! (`capture/take/hus.yaml`, `end/leftovers/hus.yaml`,
//! `legal/min_stones/hus.yaml`).

use sowing::{
    diagnostic::Source,
    engine::{format_position, Player},
    render::text::{board_text, Style},
    rules,
};

use crate::common::{play, pos, shipped, shipped_text_with, sow};

/// South's capture: pits a-h (outer, from South's left), i-p (inner, from
/// South's right); North's A-H, I-P alike from North's side.
const SOUTH_CAPTURES: &str = "2 2 2 2 2 2 2 0 / 1 0 0 0 0 1 0 0 / \
                              2 2 2 2 2 2 2 2 / 2 2 0 2 2 2 3 3 south";

#[test]
fn hus_south_captures_the_column_facing_its_inner_pit_and_sows_the_stones_on() {
    let game = shipped("hus");
    // South g (2): h 0->1, i 1->2: the last, in South's inner row (its
    // right end), already held a stone. Facing i is North's P (3), behind P
    // North's A (2): both hold stones, so both are taken, 5 stones, and sown
    // on from the pit after i: j k l m 0->1, n 1->2, the last, occupied; n
    // faces North's K, which is empty: no capture, the relay lifts n (2):
    // o 0->1, p 0->1, the last, empty: the move ends.
    let p = pos(&game, SOUTH_CAPTURES);
    let s = play(&game, &p, "g");
    assert_eq!(
        format_position(&s.position, &game),
        "2 2 2 2 2 2 0 1 / 2 1 1 1 1 0 1 1 / 0 2 2 2 2 2 2 2 / 2 2 0 2 2 2 3 0 north"
    );
    assert_eq!(s.effect.captured, 5);
    assert_eq!(s.position.captured, [0, 0], "re-sown, not kept");
    assert_eq!(s.effect.captured_pits, 1 << 16 | 1 << 31, "A and P");
    // Lap by lap: g into h i; the 5 taken into j-n; n into o p.
    let laps = game.sowing_laps(&p, s.mv);
    let lifted: Vec<usize> = laps.iter().map(|(origin, _)| *origin).collect();
    assert_eq!(
        lifted,
        [6, 8, 13],
        "g, then the capture sown from after i, then n"
    );
    assert_eq!(laps[1].1, [9, 10, 11, 12, 13].map(Some));
}

#[test]
fn hus_north_s_row_is_the_second_half_of_the_pits() {
    let game = shipped("hus");
    assert_eq!(game.row(Player::North), 16..32);
}

#[test]
fn four_row_boards_are_drawn_with_the_inner_rows_in_the_middle() {
    let game = shipped("hus");
    let text = board_text(&game, &game.start(), None, Style { colour: false });
    // North's outer row from North's left (A at the east end), North's inner
    // row from the west (I); South's inner from the east (i), outer a-h.
    let expected = "\
north    H   G   F   E   D   C   B   A
         2   2   2   2   2   2   2   2
         2   2   2   2   0   0   0   0
         I   J   K   L   M   N   O   P
         p   o   n   m   l   k   j   i
         0   0   0   0   2   2   2   2
         2   2   2   2   2   2   2   2
south    a   b   c   d   e   f   g   h
";
    assert_eq!(text, expected);
}

#[test]
fn four_row_positions_read_back_what_they_write_and_name_their_errors() {
    let game = shipped("hus");
    let start = game.start();
    let text = format_position(&start, &game);
    assert_eq!(
        text,
        "2 2 2 2 2 2 2 2 / 2 2 2 2 0 0 0 0 / 2 2 2 2 2 2 2 2 / 2 2 2 2 0 0 0 0 south"
    );
    let mut back = pos(&game, &text);
    back.opening = true;
    assert_eq!(back, start);
    let error = sowing::engine::parse_position("2 2 2 / 2 south", &game).unwrap_err();
    assert_eq!(
        error.message,
        "`/` must come between rows (after 8, 16, 24 pits)"
    );
    let error = sowing::engine::parse_position("2 2 south", &game).unwrap_err();
    assert_eq!(
        error.message,
        "expected 32 pit counts (4 rows of 8), found 2"
    );
    let error = sowing::engine::parse_move("q", &game).unwrap_err();
    assert_eq!(
        error,
        "unknown pit `q`: the pits are a-p (south) and A-P (north)"
    );
}

#[test]
fn four_row_keywords_are_refused_where_they_do_not_fit() {
    let errors = |edits: &[(&str, &str)]| -> String {
        let text = shipped_text_with("hus", edits);
        match rules::load(&Source::new("t.variant", text)) {
            Ok(_) => String::new(),
            Err(report) => report.to_string(),
        }
    };
    let cases: [(&[(&str, &str)], &str); 8] = [
        (
            &[
                ("pits   8", "pits   31"),
                ("start  2 2 2 2 2 2 2 2 2 2 2 2 0 0 0 0", "seeds 2"),
            ],
            "31 pits per row on four rows: at most 30 are supported",
        ),
        (
            &[
                ("rows   4", "rows   3"),
                ("pits   8", "pits   7"),
                ("start  2 2 2 2 2 2 2 2 2 2 2 2 0 0 0 0", "seeds 2"),
            ],
            "7 pits per row on three rows: each player owns half of the middle row, so a row needs an even number of pits",
        ),
        (&[("stores none", "stores sown")], "a four-row board has no stores"),
        (&[("start     next", "start     origin")], "`then resows` sows from the pit after the landing pit or the lap's origin: it needs `start next`"),
        (&[("then   resows", "then   resows\n  goes_to mover")], "`goes_to` has no effect with `then resows`"),
        (&[("min_stones 2", "min_stones 2\n  feed row_empty")], "`feed` is not supported on four rows yet"),
        (&[("min_stones 2\n}", "min_stones 2\n}\nrounds {\n  refill captures\n}")], "`refill` is not supported on four rows yet"),
        (&[("then   resows", "then   stops")], "`take opposite_and_behind_both` on four rows is supported only with `on relay_landing` and `then resows`"),
    ];
    for (edits, message) in cases {
        let found = errors(edits);
        assert!(found.contains(message), "{edits:?}: {found}");
    }
    // The four-row keywords on two rows.
    let two_rows = shipped_text_with("meusueb", &[("side   any", "side   own_inner")]);
    let report = rules::load(&Source::new("t.variant", two_rows)).unwrap_err();
    assert!(report
        .to_string()
        .contains("`side own_inner` needs a four-row board (`rows 4`)"));
}

#[test]
fn hus_describe_says_four_rows() {
    let (code, out, _) = sow(&["describe", "hus"]);
    assert_eq!(code, 0);
    assert!(out.contains("The board has four rows of 8 pits"), "{out}");
}

#[test]
fn hus_commands_work_through_the_binary() {
    let dir = crate::common::scratch("hus-commands");
    let svg = dir.join("hus.svg");
    let svg_path = svg.to_str().unwrap();
    // The picture: four rows of eight pits, the inner rows labelled inside.
    let (code, _, stderr) = sow(&["render", "hus", "--moves", "g K", "--svg", svg_path]);
    assert_eq!(code, 0, "{stderr}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(picture.matches("<circle class=\"pit").count(), 32);
    assert!(picture.contains("data-pit=\"P\""));
    // A trace that replays, a simulation, a perft and a diff against the
    // other reading of the capture.
    let (code, out, stderr) = sow(&["trace", "hus", "--moves", "g K", "--format", "json"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(out.contains("\"move\": \"K\""), "{out}");
    let (code, out, _) = sow(&["perft", "hus", "3"]);
    assert_eq!(code, 0);
    assert!(out.contains("1250"), "{out}");
    let (code, _, stderr) = sow(&[
        "simulate",
        "hus",
        "--games",
        "20",
        "--agents",
        "random,random",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let other = dir.join("hus-inner.variant");
    std::fs::write(
        &other,
        shipped_text_with(
            "hus",
            &[("opposite_and_behind_both", "opposite_and_behind")],
        ),
    )
    .unwrap();
    let (code, out, stderr) = sow(&["diff", "hus", other.to_str().unwrap()]);
    assert!(code == 0 || code == 1, "{stderr}");
    assert!(out.contains("differ") || out.contains("disagree"), "{out}");
}

/// tests/fixtures/records/hus.yaml, worked by hand from the start (South's
/// a-h and i-l hold 2, North's A-H and I-L alike):
/// 1. h (2): i 3, j 3, the last, occupied; j faces O (empty): the relay
///    lifts j (3): k 3, l 3, m 1, the last, empty: the end.
/// 2. H: the same on North's side.
/// 3. i (3): j 1, k 4, l 4, the last; l faces M (1), behind it D (2): both
///    taken (3), sown into m 2, n 1, o 1, the last, empty: the end.
/// 4. I (3): J 1, K 4, L 4; L faces m (2), behind it d (2): 4 taken, sown
///    into M N O P, P empty: the end. South may play a b c e f g k l.
#[test]
fn a_hus_record_replays_and_a_wrong_board_is_shown_on_four_rows() {
    let (code, out, stderr) = sow(&["verify", "tests/fixtures/records/hus.yaml"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        out,
        "tests/fixtures/records/hus.yaml against Hus (hus):\n\
         consistent: 4 plies replayed, 3 checkpoints agree\n"
    );
    // Ply 1 noted as if j had not relayed (j 3, l 1 for the rules' j 0, l
    // 3, m 1): the divergence draws the four rows as South sees them.
    let dir = crate::common::scratch("hus-record");
    let wrong = dir.join("hus-wrong.yaml");
    let text = std::fs::read_to_string("tests/fixtures/records/hus.yaml")
        .unwrap()
        .replace(
            "2 2 2 2 2 2 2 0 3 0 3 3 1 0 0 0 2",
            "2 2 2 2 2 2 2 0 3 3 3 1 0 0 0 0 2",
        );
    std::fs::write(&wrong, text).unwrap();
    let (code, out, _) = sow(&["verify", wrong.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.ends_with(
            "inconsistent at ply 1
position before it: 2 2 2 2 2 2 2 2 / 2 2 2 2 0 0 0 0 / 2 2 2 2 2 2 2 2 / 2 2 2 2 0 0 0 0 south
move: south plays h
the record and the rules give different boards after it:
                                           record                       rules
  north H G F E D C B A    2  2  2  2  2  2  2  2      2  2  2  2  2  2  2  2
  north I J K L M N O P    2  2  2  2  0  0  0  0      2  2  2  2  0  0  0  0
  south p o n m l k j i    0  0  0  0  1  3  3  3      0  0  0  1  3  3  0  3
  south a b c d e f g h    2  2  2  2  2  2  2  0      2  2  2  2  2  2  2  0
  differs at j (record 3, rules 0), l (record 1, rules 3), m (record 0, rules 1)
"
        ),
        "{out}"
    );
}

/// `sow diff` between Hus and the reading that takes the inner pit alone
/// writes a record that replays under Hus and not under the other. Worked
/// by hand: after a C's first stones, C (2) sows D E, E (3) relays into F G
/// H, H (3) into I J K; K (3) faces n (1) with c empty behind it. Hus: no
/// capture, K relays into L M N, N empty: the end. The other reading takes
/// n (1), sown into L (3), which faces m (1) with d (3) behind: 4 more,
/// sown into M N O P: 5 captured in all, d m n emptied.
#[test]
fn a_hus_diff_record_replays_under_one_reading_only() {
    let dir = crate::common::scratch("hus-diff");
    let other = dir.join("hus-inner.variant");
    let record = dir.join("hus-diff.yaml");
    std::fs::write(
        &other,
        shipped_text_with(
            "hus",
            &[("opposite_and_behind_both", "opposite_and_behind")],
        ),
    )
    .unwrap();
    let other = other.to_str().unwrap();
    let record = record.to_str().unwrap();
    let (code, out, stderr) = sow(&["diff", "hus", other, "--out", record]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        out.contains("part ways: after 2 plies: a C (the shortest sequence)"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "north plays C: it captures 0 under hus and 5 under {other}"
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "differs at d (hus 3, {other} 0), m (hus 1, {other} 0), n (hus 1, {other} 0), \
             K (hus 0, {other} 3), O (hus 0, {other} 1), P (hus 0, {other} 1)"
        )),
        "{out}"
    );
    let (code, out, _) = sow(&["verify", record]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.ends_with("consistent: 2 plies replayed, 1 checkpoint agrees\n"),
        "{out}"
    );
    let (code, out, _) = sow(&["verify", record, "--variant", other]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("inconsistent at ply 2\n"), "{out}");
    assert!(
        out.contains(
            "  north I J K L M N O P    3  3  0  3  1  1  0  0      3  3  3  3  1  1  1  1\n"
        ),
        "{out}"
    );
}
