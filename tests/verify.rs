//! `sow verify`, `sow diff`, `sow describe`, `sow analyze`: records replayed
//! against variants, with expected output worked out by hand.

use crate::common::sow;

/// Modiar's file with `from` replaced by `to`, written under `name` in the
/// test folder; returns its path.
fn modiar_edited(name: &str, from: &str, to: &str) -> String {
    let text = crate::common::shipped_text_with("modiar", &[(from, to)]);
    let path = format!("{}/{name}", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, text).unwrap();
    path
}

const RECORDS: &str = "tests/fixtures/records";

fn record(name: &str) -> String {
    format!("{RECORDS}/{name}")
}

/// The game in consistent.yaml, worked by hand (Modiar: sowing starts in the
/// emptied pit, counts 2 4 6 captured on either side, chain backward):
/// 1. a (7): a..C get 1 each and a a second: 2 8 8 / 8 8 8; the first move captures nothing.
/// 2. A (8): A B C a b c A B: 3 9 9 / 2 10 9, last in B = 10: no capture.
/// 3. a (3): a b c: 1 10 10 / 2 10 9, last c = 10.
/// 4. A (2): A B: 1 10 10 / 1 11 9, last B = 11.
/// 5. b (10): b c A B C a b c A B: b 2, c 12, A 3, B 13, C 10, a 2 -> 2 2 12 / 3 13 10, last B = 13.
/// 6. C (10): C a b c A B C a b c: 4 4 14 / 4 14 2, last c = 14.
/// 7. a (4): a b c A: 1 5 15 / 5 14 2, last A = 5.
/// 8. C (2): C a: C 1, a 2, taken; the pit before a is C = 1: the chain stops.
///    0 5 15 / 5 14 1, north has captured 2; south may play b or c.
#[test]
fn a_consistent_record() {
    let (code, stdout, stderr) = sow(&["verify", &record("consistent.yaml")]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "tests/fixtures/records/consistent.yaml against Modiar (modiar):\n\
         consistent: 8 plies replayed, 3 checkpoints agree\n"
    );
}

/// Ply 5 noted as if the origin were skipped (b's 10 stones go c A B C a c A
/// B C a: a 3, b 0, c 12, A 3, B 13, C 11), where Modiar gives 2 2 12 / 3 13 10.
#[test]
fn a_record_wrong_at_ply_5() {
    let (code, stdout, _) = sow(&["verify", &record("wrong-at-ply-5.yaml")]);
    assert_eq!(code, 1);
    assert_eq!(
        stdout,
        "tests/fixtures/records/wrong-at-ply-5.yaml against Modiar (modiar):
inconsistent at ply 5
position before it: 1 10 10 / 1 11 9 south
move: south plays b
the record and the rules give different boards after it:
                  record        rules
  north C B A   11 13  3     10 13  3
  south a b c    3  0 12      2  2 12
  differs at a (record 3, rules 2), b (record 0, rules 2), C (record 11, rules 10)
"
    );
}

/// The game of consistent.yaml with whole positions: after ply 7 (a: 1 5
/// 15 / 5 14 2) North is to move, as the record says; after North's C at
/// ply 8 South is, where the record says North.
#[test]
fn a_position_checkpoint_checks_the_player_to_move() {
    let (code, stdout, _) = sow(&["verify", &record("position-checkpoint.yaml")]);
    assert_eq!(code, 1);
    assert_eq!(
        stdout,
        "tests/fixtures/records/position-checkpoint.yaml against Modiar (modiar):
inconsistent at ply 8
position before it: 1 5 15 / 5 14 2 north
move: north plays C
the position after it: the record says 0 5 15 / 5 14 1 north captured 0 2, the rules give 0 5 15 / 5 14 1 south captured 0 2
"
    );
}

/// After a A a A the board is 1 10 10 / 1 11 9: a holds one stone.
#[test]
fn an_illegal_move_in_a_record() {
    let (code, stdout, _) = sow(&["verify", &record("singleton.yaml")]);
    assert_eq!(code, 1);
    assert!(
        stdout.ends_with(
            "inconsistent at ply 5
position before it: 1 10 10 / 1 11 9 south
move: south plays a
by these rules the move is illegal: pit `a` holds 1 stone; a pit needs at least 2 to be played
legal moves: b c
"
        ),
        "{stdout}"
    );
}

#[test]
fn bad_records_are_bad_input() {
    let (code, stdout, stderr) = sow(&["verify", &record("bad-field.yaml")]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert_eq!(
        stderr,
        "error: tests/fixtures/records/bad-field.yaml: line 5 column 5: expect[0]: unknown field `bord`, \
         expected one of `ply`, `board`, `closed`, `scores`, `captured`, `legal`, `position`, `comment`\n"
    );
    let (code, _, stderr) = sow(&["verify", &record("no-such-record.yaml")]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no-such-record.yaml"), "{stderr}");
}

/// The feeding example of modiar-rules.md: from 0 0 1 / 2 3 2 with North to
/// move, South cannot play. Mancala World: South's row is not empty, so North
/// plays on (A, B or C). awale.info: North must leave South a pit of 2 or
/// more, no move does (A stays in North's row; B and C leave South 1 0 1), so
/// the game ends: South 1, North 7.
#[test]
fn candidates_tell_which_reading_explains_a_record() {
    let (code, stdout, _) = sow(&[
        "verify",
        &record("starving.yaml"),
        "--any-stones",
        "--candidates",
        "modiar",
        "modiar-awale-info",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        "== modiar (Modiar):
inconsistent at the result
position: 0 0 1 / 2 3 2 north
the record gives a result, but by these rules the game goes on; legal moves: A B C
== modiar-awale-info (Modiar@awale-info):
consistent: 0 plies replayed, 1 checkpoint agrees
explained by: modiar-awale-info
"
    );
    let (code, stdout, _) = sow(&["verify", &record("starving.yaml"), "--candidates", "modiar"]);
    assert_eq!(code, 1);
    assert!(stdout.ends_with("no candidate explains tests/fixtures/records/starving.yaml\n"));
}

/// `sow diff modiar modiar-awale-info` finds the two grand-slam readings
/// apart after 7 plies. Worked by hand from the start (7 in every pit):
/// 1. a: 2 8 8 / 8 8 8 (first move: no capture).
/// 2. B (8): B C a b c A B C -> 3 9 9 / 9 2 10, last C = 10.
/// 3. b (9): b c A B C a b c A -> 4 2 11 / 11 3 11, last A = 11.
/// 4. A (11): A..c twice, A..b once more -> A 2, B 5, C 13, a 6, b 4, c 12;
///    last b = 4 taken, a = 6 taken, C = 13 stops: north 10. 0 0 12 / 2 5 13.
/// 5. c (12): two laps, +2 everywhere: c 2, A 4, B 7, C 15, a 2, b 2; last b
///    = 2 taken, a = 2 taken, C stops: south 4 (own row: no grand slam).
/// 6. B (7): B C a b c A B -> B 2, C 16, a 1, b 1, c 3, A 5; last B = 2 taken,
///    A = 5 stops: north 12. 1 1 3 / 5 0 16.
/// 7. c (3): c A B -> 1 1 1 / 6 1 16, last B = 1.
///
/// Now North has A (6), B (1, a singleton) and C (16). A sows A B C a b c:
/// a b c become 2 2 2, last in c: the chain takes c, b, a and stops at C = 17,
/// taking South's whole row. C (16) makes a b c 4 4 4, last in c, and the
/// chain again takes the whole row (C = 3 stops it). Both are grand slams.
///
/// modiar-rules.md: Mancala World forbids a grand slam, so North has no legal
/// move and the game ends (south 3 + 4 = 7, north 23 + 12 = 35); awale.info
/// allows it when it is the mover's only move, without capture, so A and C
/// are legal (and both feed South, who cannot play, a pit of 2 or more).
#[test]
fn diff_finds_where_the_modiar_readings_part_ways() {
    let out = format!("{}/modiar-diff.yaml", env!("CARGO_TARGET_TMPDIR"));
    let (code, stdout, stderr) = sow(&["diff", "modiar", "modiar-awale-info", "--out", &out]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stdout.ends_with(&format!(
            "in play, modiar and modiar-awale-info part ways: after 7 plies: a B b A c B c (the shortest sequence)
  position after these moves: 1 1 1 / 6 1 16 north captured 4 12
    north C B A  16  1  6
    south a b c   1  1  1
  north may play A under modiar-awale-info but not under modiar: the player to move has no legal move: `A` would capture every stone in the opponent's row (grand slam), which is forbidden here
  north may play C under modiar-awale-info but not under modiar: the player to move has no legal move: `C` would capture every stone in the opponent's row (grand slam), which is forbidden here
record written to {out}: `sow verify` finds it consistent with modiar, not with modiar-awale-info
"
        )),
        "{stdout}"
    );
    let (code, stdout, _) = sow(&["verify", &out]);
    assert_eq!(code, 0, "{stdout}");
    let (code, stdout, _) = sow(&["verify", &out, "--variant", "modiar-awale-info"]);
    assert_eq!(code, 1);
    assert!(
        stdout.ends_with(
            "inconsistent at ply 7
position before it: 1 1 3 / 5 0 16 south captured 4 12
move: south plays c
legal moves after it: the record says none, the rules give A C
"
        ),
        "{stdout}"
    );
    let record = std::fs::read_to_string(&out).unwrap();
    assert!(record.contains("winner: north"), "{record}");
    assert!(record.contains("scores: [7, 35]"), "{record}");
}

/// The text and the JSON give the same move lists: every move, the one that
/// shows the difference included; and the JSON lists the same rules.
#[test]
fn diff_text_and_json_agree() {
    let (code, text, _) = sow(&["diff", "modiar", "modiar-awale-info"]);
    assert_eq!(code, 1);
    let (code, stdout, _) = sow(&["diff", "modiar", "modiar-awale-info", "--format", "json"]);
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["play"]["moves"], "a B b A c B c");
    assert_eq!(json["play"]["plies"], 7);
    assert_eq!(json["play"]["difference"]["kind"], "legal_moves");
    assert_eq!(json["play"]["method"], "breadth_first");
    for rule in json["rules"].as_array().unwrap() {
        let option = rule["option"].as_str().unwrap();
        let heading = format!(
            "\n{option}: {} (modiar), {} (modiar-awale-info)\n",
            rule["a"].as_str().unwrap(),
            rule["b"].as_str().unwrap()
        );
        assert!(text.contains(&heading), "{heading}\n{text}");
        let moves = rule["in_play"]["moves"].as_str().unwrap();
        let plies = rule["in_play"]["plies"].as_u64().unwrap();
        let line = format!("after {plies} plies: {moves} (the shortest sequence)\n");
        assert!(text.contains(&line), "{line}\n{text}");
    }
    // A different result of the same move: the move list ends with that move.
    let path = modiar_edited(
        "first-move-json.variant",
        "first_move no_capture",
        "first_move normal",
    );
    let (_, stdout, _) = sow(&["diff", "modiar", &path, "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["play"]["moves"], "a");
    assert_eq!(json["play"]["position_is"], "position before a");
}

/// Identical rules are said at once and exit 0, whatever the names.
#[test]
fn diff_of_identical_rules_answers_at_once() {
    let (code, stdout, _) = sow(&["diff", "modiar", "modiar"]);
    assert_eq!(
        (code, stdout.as_str()),
        (0, "modiar and modiar have the same rules\n")
    );
    let path = modiar_edited("renamed.variant", "name   \"Modiar\"", "name   \"Renamed\"");
    let (code, stdout, _) = sow(&["diff", "modiar", &path]);
    assert_eq!(
        (code, stdout),
        (0, format!("modiar and {path} have the same rules\n"))
    );
}

/// Modiar against Koumma, read from the two files: the boards differ (7 and
/// 6 seeds a pit), Koumma's chain runs forward (Modiar's backward), its first
/// move captures like any other (Modiar's captures nothing), it has no
/// feeding rule (Modiar: `when row_empty`; `otherwise play_any` in both) and
/// no grand-slam rule (allowed; Modiar forbids it). Ends are the same.
///
/// The chain rule in play, on Modiar's board, worked by hand:
/// 1. a (7): a b c A B C a -> 2 8 8 / 8 8 8, last in a = 2: the first move
///    captures nothing.
/// 2. C (8): C a b c A B C a -> C 2, a 4, b c A B 9; last in a = 4 taken.
///    Backward: the pit before a is C = 2, taken; then B = 9 stops: 6 stones.
///    Forward: the pit after a is b = 9, which stops: 4 stones, C keeps 2.
#[test]
fn diff_lists_the_rules_of_modiar_and_koumma() {
    let (code, stdout, stderr) = sow(&["diff", "modiar", "koumma", "--format", "json"]);
    assert_eq!(code, 1, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let rules: Vec<(String, String, String)> = json["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let text = |k: &str| r[k].as_str().unwrap().to_string();
            (text("option"), text("a"), text("b"))
        })
        .collect();
    let expected = [
        ("board seeds", "7", "6"),
        ("capture chain", "backward", "forward"),
        ("capture first_move", "no_capture", "normal"),
        ("legal grand_slam", "forbidden", "allowed"),
        ("legal feed", "row_empty", "never"),
    ];
    let expected: Vec<(String, String, String)> = expected
        .iter()
        .map(|(o, a, b)| (o.to_string(), a.to_string(), b.to_string()))
        .collect();
    assert_eq!(rules, expected);
    assert_eq!(json["play"]["same_board"], false);
    assert_eq!(json["rules"][0]["in_play"]["shown"], false);
    let chain = &json["rules"][1];
    assert!(
        chain["a_says"][0]
            .as_str()
            .unwrap()
            .contains("so on backward"),
        "{chain}"
    );
    assert!(
        chain["b_says"][0]
            .as_str()
            .unwrap()
            .contains("so on forward"),
        "{chain}"
    );
    assert_eq!(chain["in_play"]["moves"], "a C");
    assert_eq!(chain["in_play"]["method"], "breadth_first");
    // Traced under both: Modiar, and Modiar with the chain forward.
    let forward = modiar_edited(
        "chain-forward.variant",
        "chain      backward",
        "chain      forward",
    );
    let board_after = |variant: &str| {
        let (code, stdout, stderr) = sow(&["trace", variant, "--moves", "a C", "--format", "json"]);
        assert_eq!(code, 0, "{stderr}");
        let trace: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        let ply = &trace["plies"][1];
        (ply["board"].to_string(), ply["captured"].as_u64().unwrap())
    };
    assert_eq!(board_after("modiar"), ("[0,9,9,9,9,0]".to_string(), 6));
    assert_eq!(board_after(&forward), ("[0,9,9,9,9,2]".to_string(), 4));
    let (_, text, _) = sow(&["diff", "modiar", "koumma"]);
    assert!(
        text.starts_with("modiar and koumma: 5 rules differ\n"),
        "{text}"
    );
    assert!(
        text.ends_with("the boards differ (modiar: 2 rows of 3 pits, 7 stones each; koumma: 2 rows of 3 pits, 6 stones each): a play comparison of modiar and koumma needs the same board (each rule above was played on the board named with it)\n"),
        "{text}"
    );
}

/// Oware against Awari, read from the two files: the same board, sowing and
/// captures; Oware's grand slam captures nothing (Awari forbids it), Oware
/// also ends at a captured majority (Awari when no pit holds more than one),
/// and Oware gives the leftovers to the rows' owners (Awari to nobody), after
/// a repetition too. Different rules exit 1 even when the bounds are too
/// small for play to show them.
#[test]
fn diff_lists_the_rules_of_oware_and_awari() {
    let args = [
        "diff",
        "oware",
        "awari",
        "--format",
        "json",
        "--max-positions",
        "500",
        "--playouts",
        "0",
    ];
    let (code, stdout, stderr) = sow(&args);
    assert_eq!(code, 1, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let rules: Vec<String> = json["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            format!(
                "{}: {} / {}",
                r["option"].as_str().unwrap(),
                r["a"].as_str().unwrap(),
                r["b"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        rules,
        [
            "legal grand_slam: no_capture / forbidden",
            "end when: no_legal_move captured_majority / no_legal_move neither_can_move all_pits_at_most_one",
            "end leftovers: row_owner / unscored",
            "end repetition: agree / end_game",
            "end repetition_leftovers: row_owner / unscored",
            "end no_legal_move: row_owner / draw",
            "end feeding_impossible: row_owner / draw",
        ]
    );
    assert_eq!(json["play"]["same_board"], true);
    assert_eq!(json["play"]["shown"], false);
    let (code, text, _) = sow(&args[..3]
        .iter()
        .chain(&["--max-positions", "500", "--playouts", "0"])
        .copied()
        .collect::<Vec<_>>());
    assert_eq!(code, 1);
    assert!(
        text.ends_with("in play, no sequence on which oware and awari part ways was found (no difference within 3 plies (500 positions examined) nor in random games), but their rules differ\n"),
        "{text}"
    );
    // With random games, the end rules show (games reach their end).
    let (_, stdout, _) = sow(&[
        "diff",
        "oware",
        "awari",
        "--format",
        "json",
        "--max-positions",
        "500",
        "--playouts",
        "20",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        json["rules"][2]["in_play"]["shown"], true,
        "{}",
        json["rules"][2]
    );
    assert_eq!(json["rules"][2]["in_play"]["method"], "random_playout");
}

/// Modiar with the first move capturing like any other: ply 1, a sows 7 from
/// a and ends in a with 2 stones, which B takes (the pit before a, C = 8, stops
/// the chain), while Modiar takes nothing.
#[test]
fn diff_reports_a_different_result_of_the_same_move() {
    let path = modiar_edited(
        "first-move-normal.variant",
        "first_move no_capture",
        "first_move normal",
    );
    let (code, stdout, stderr) = sow(&["diff", "modiar", &path]);
    assert_eq!(code, 1, "{stderr}");
    let expected = format!(
        "in play, modiar and {path} part ways: after 1 ply: a (the shortest sequence)
  position before a: 7 7 7 / 7 7 7 south
    north C B A   7  7  7
    south a b c   7  7  7
  south plays a: it captures 0 under modiar and 2 under {path}
"
    );
    assert!(stdout.contains(&expected), "{stdout}");
    assert!(stdout.contains("differs at a (modiar 2, "), "{stdout}");
}

/// The description of every shipped variant, read against its source
/// (modiar-rules.md and the comments of each file) before being accepted.
#[test]
fn describe_every_shipped_variant() {
    for name in sowing::variants::shipped_names() {
        let (code, stdout, stderr) = sow(&["describe", name]);
        assert_eq!(code, 0, "{stderr}");
        insta::assert_snapshot!(format!("describe@{name}"), stdout);
    }
    // A reading that was a file of its own, by its old name.
    for (old, _) in sowing::variants::ALIASES {
        let (code, stdout, stderr) = sow(&["describe", old]);
        assert_eq!(code, 0, "{stderr}");
        insta::assert_snapshot!(format!("describe@{old}"), stdout);
    }
    let (code, stdout, _) = sow(&["describe", "modiar", "--format", "markdown"]);
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with("# Modiar\n\nSource: Mancala World"),
        "{stdout}"
    );
    assert!(stdout.contains("\n## Captures\n\n- If the pit that got the last stone"));
}

/// One pit a side, one stone in each, no captures. South's a goes to A
/// (0 / 2, north); North's two stones go to a and back to A (1 / 1, south,
/// no longer the opening); South's a then returns to 0 / 2: three positions,
/// three moves, and the cycle A a.
#[test]
fn analyze_finds_a_cycle() {
    let (code, stdout, stderr) = sow(&["analyze", "tests/fixtures/small/cycle.variant"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "Cycle: 2 rows of 1 pit, 2 stones
reachable positions: 3 (board, player to move, first move still to come), 3 moves between them
positions where the game is over: 0
the game can cycle: after a, the moves A a come back to the same position (2 plies)
longest game without repetition: not computed (with cycles it is a longest simple path, exponential to search)
"
    );
}

/// The same board where a pit made 2 is captured: South's a makes A = 2 and
/// takes it, and North, with an empty row, cannot move. Two positions, one
/// move, one game of one ply.
#[test]
fn analyze_an_acyclic_game_and_the_limit() {
    let (code, stdout, _) = sow(&["analyze", "tests/fixtures/small/one-capture.variant"]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        "One capture: 2 rows of 1 pit, 2 stones
reachable positions: 2 (board, player to move, first move still to come), 1 move between them
positions where the game is over: 1
the game cannot cycle: no position is reachable from itself, so every game ends
longest game: 1 ply: a
"
    );
    let (code, stdout, stderr) = sow(&["analyze", "modiar", "--limit", "1000"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert_eq!(
        stderr,
        "error: modiar: more than 1000 positions are reachable; the board is too large to analyze within --limit 1000\n"
    );
}

/// A game that ends when a player has captured more than half the stones
/// ends in positions that the board alone does not tell apart (the same
/// board after different captures), so `analyze`, whose positions are the
/// board, the side to move and the opening, refuses it with the reason
/// rather than drawing a graph in which that end never comes.
#[test]
fn analyze_refuses_an_end_on_captured_totals() {
    let path = format!("{}/captured-majority.variant", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(
        &path,
        "name \"Majority\"\n\
         board { pits 2; seeds 2 }\n\
         sow { direction ccw; start next; min_stones 1 }\n\
         capture { counts 2 3; side any; chain none }\n\
         end { when no_legal_move captured_majority; repetition ignore }\n",
    )
    .unwrap();
    let (code, stdout, stderr) = sow(&["check", &path]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let (code, stdout, stderr) = sow(&["analyze", &path]);
    assert_eq!(code, 2, "{stdout}");
    assert!(stdout.is_empty());
    assert!(
        stderr.starts_with(&format!(
            "error: {path}: cannot analyze: the rules end the game on captured totals"
        )),
        "{stderr}"
    );
}

/// `sow trace --format yaml` output is a record too: every ply a checkpoint.
/// A seeded Modiar game fits Modiar; under the awale.info reading it breaks
/// at ply 25: from 2 5 12 / 0 0 1 North cannot play (C holds 1), so South
/// must leave North a pit of 2 or more. a (2) makes a 1, b 6 and takes b,
/// never reaching North; c (12) laps twice and leaves A = B = 2. Only c feeds.
#[test]
fn a_trace_file_is_a_record() {
    let (code, trace, _) = sow(&["trace", "modiar", "--seed", "3", "--format", "yaml"]);
    assert_eq!(code, 0);
    let path = format!("{}/trace-seed-3.yaml", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, trace).unwrap();
    let (code, stdout, _) = sow(&["verify", &path]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.ends_with("consistent: 25 plies replayed, 26 checkpoints agree\n"));
    let (code, stdout, _) = sow(&["verify", &path, "--variant", "modiar-awale-info"]);
    assert_eq!(code, 1);
    assert!(
        stdout.ends_with(
            "inconsistent at ply 25
position before it: 2 5 12 / 0 0 1 south captured 10 12
move: south plays a
by these rules the move is illegal: `a` does not feed the opponent, and a move that does exists
legal moves: c
"
        ),
        "{stdout}"
    );
}

/// A variant path in a record is read relative to the record's folder, not
/// the working directory.
#[test]
fn a_record_names_its_variant_relative_to_itself() {
    let out = assert_cmd::Command::cargo_bin("sow")
        .unwrap()
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .args([
            "verify",
            &format!(
                "{}/{RECORDS}/relative-path.yaml",
                env!("CARGO_MANIFEST_DIR")
            ),
            "--any-stones",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.ends_with("consistent: 0 plies replayed, 1 checkpoint agrees\n"));
}

/// Two stones chasing each other (see `analyze_finds_a_cycle`): after a and
/// A the board is 1 / 1 with South to move again, the start's board. With
/// `repetition end_game` that ends the game, each side keeping its stone
/// (1-1); with `repetition ignore` South plays on.
#[test]
fn diff_reports_a_repetition_rule() {
    let (a, b) = (
        "tests/fixtures/small/cycle-ends.variant",
        "tests/fixtures/small/cycle.variant",
    );
    let out = format!("{}/repetition-diff.yaml", env!("CARGO_TARGET_TMPDIR"));
    let (code, stdout, _) = sow(&["diff", a, b, "--out", &out]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains(&format!(
            "in play, {a} and {b} part ways: after 2 plies: a A (the shortest sequence)
  position before A: 0 / 2 north
    north A   2
    south a   0
  north plays A, which repeats a position:
    under {a}: the game ends (a position repeated); final scores south 1 - north 1
    under {b}: the game goes on
"
        )),
        "{stdout}"
    );
    assert_eq!(sow(&["verify", &out]).0, 0);
    assert_eq!(sow(&["verify", &out, "--variant", b]).0, 1);
}

/// The grand-slam position of `diff_finds_where_the_modiar_readings_part_ways`
/// ends the game under Modiar (North has no legal move) with 1 1 1 / 6 1 16 on
/// the board and 4-12 captured. If the player to move takes the leftovers,
/// North gets all 26: 4-38 instead of 7-35.
#[test]
fn diff_reports_a_different_end() {
    let path = modiar_edited(
        "player-to-move.variant",
        "leftovers  row_owner  ",
        "leftovers  player_to_move",
    );
    let (code, stdout, _) = sow(&["diff", "modiar", &path]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains(&format!(
            "after 7 plies: a B b A c B c (the shortest sequence)
  position after these moves: 1 1 1 / 6 1 16 north captured 4 12
    north C B A  16  1  6
    south a b c   1  1  1
  the game is over under both, but differently:
    under modiar: the player to move has no legal move; final scores south 7 - north 35
    under {path}: the player to move has no legal move; final scores south 4 - north 38
"
        )),
        "{stdout}"
    );
}

/// The engine's reasons reach the report: a pit of the other row, and a
/// move after the game ended (the awale.info feeding example: from
/// 0 0 1 / 2 3 2 North must feed and cannot, so the game is over).
#[test]
fn illegal_moves_say_why() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let not_yours = format!("{dir}/not-yours.yaml");
    std::fs::write(&not_yours, "variant: modiar\nmoves: a b\n").unwrap();
    let (code, stdout, _) = sow(&["verify", &not_yours]);
    assert_eq!(code, 1);
    assert!(
        stdout.ends_with(
            "inconsistent at ply 2
position before it: 2 8 8 / 8 8 8 north
move: north plays b
by these rules the move is illegal: pit `b` belongs to south
legal moves: A B C
"
        ),
        "{stdout}"
    );
    let over = format!("{dir}/over.yaml");
    std::fs::write(
        &over,
        "variant: modiar-awale-info\nstart: 0 0 1 / 2 3 2 north\nmoves: A\n",
    )
    .unwrap();
    let (code, stdout, _) = sow(&["verify", &over, "--any-stones"]);
    assert_eq!(code, 1);
    assert!(
        stdout.ends_with(
            "inconsistent at ply 1
position before it: 0 0 1 / 2 3 2 north
move: north plays A
by these rules the move is illegal: the game is over
the game had ended: the player to move must feed and cannot
legal moves: none
"
        ),
        "{stdout}"
    );
}

/// Issue 12.8: the YAML trace writes each board and score pair on one line,
/// and the string form of a board is read wherever a board is read (a
/// record's checkpoint, a trace's `start` and `board`). Modiar after `a`:
/// 2 8 8 / 8 8 8 (a's 7 stones sown from a itself, a getting a second).
#[test]
fn boards_are_one_line_lists_and_may_be_strings() {
    let (code, yaml, _) = sow(&["trace", "modiar", "--moves", "a", "--format", "yaml"]);
    assert_eq!(code, 0);
    assert!(yaml.contains("\nstart: [7, 7, 7, 7, 7, 7]\n"), "{yaml}");
    assert!(yaml.contains("\n  board: [2, 8, 8, 8, 8, 8]\n"), "{yaml}");
    assert!(yaml.contains("\n  scores: [0, 0]\n"), "{yaml}");
    assert!(yaml.contains("\n  legal: [a, b, c]\n"), "{yaml}");
    // A 40-ply game fits in about 10 lines per ply, not 20.
    let (_, long, _) = sow(&["trace", "modiar", "--seed", "3", "--format", "yaml"]);
    let plies = long.matches("- ply: ").count();
    assert!(long.lines().count() <= 10 * plies + 12, "{long}");

    let dir = crate::common::scratch("board-strings");
    let trace = dir.join("trace.yaml");
    let edited = yaml
        .replace("start: [7, 7, 7, 7, 7, 7]", "start: \"7 7 7 7 7 7\"")
        .replace("board: [2, 8, 8, 8, 8, 8]", "board: 2 8 8 8 8 8")
        .replace("scores: [0, 0]", "scores: \"0 0\"");
    assert_ne!(edited, yaml);
    std::fs::write(&trace, edited).unwrap();
    let (code, stdout, stderr) = sow(&["verify", trace.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");

    let record = dir.join("record.yaml");
    std::fs::write(
        &record,
        "variant: modiar\nmoves: a\nexpect:\n  - ply: 1\n    board: \"2 8 8 8 8 8\"\n",
    )
    .unwrap();
    let (code, stdout, stderr) = sow(&["verify", record.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.ends_with("consistent: 1 ply replayed, 1 checkpoint agrees\n"));
    // One pit off (a = 3) is found, as with the list form.
    std::fs::write(
        &record,
        "variant: modiar\nmoves: a\nexpect:\n  - ply: 1\n    board: \"3 8 8 8 8 8\"\n",
    )
    .unwrap();
    let (code, stdout, _) = sow(&["verify", record.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("differs at a (record 3, rules 2)"),
        "{stdout}"
    );
    std::fs::write(
        &record,
        "variant: modiar\nmoves: a\nexpect:\n  - ply: 1\n    board: \"2 8 x 8 8 8\"\n",
    )
    .unwrap();
    let (code, _, stderr) = sow(&["verify", record.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(
            "line 5 column 12: expect[0].board: `x` in \"2 8 x 8 8 8\" is not a number of stones"
        ),
        "{stderr}"
    );
}

/// Issue 12.8/12.9: a value outside a fixed set names the field and the
/// accepted values.
#[test]
fn record_values_outside_a_set_name_the_accepted_ones() {
    let dir = crate::common::scratch("record-enums");
    let record = dir.join("record.yaml");
    std::fs::write(
        &record,
        "variant: modiar\nmoves: a\nresult:\n  winner: South\n",
    )
    .unwrap();
    let (code, _, stderr) = sow(&["verify", record.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(
            "line 4 column 11: result.winner: expected south, north, draw or none, found `South`"
        ),
        "{stderr}"
    );
    std::fs::write(
        &record,
        "variant: modiar\nmoves: a\nresult:\n  end: stalemate\n",
    )
    .unwrap();
    let (code, _, stderr) = sow(&["verify", record.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("result.end: expected no_legal_move, feeding_impossible, repetition, captured_majority, row_empty, all_pits_at_most_one, stones_left, score_reached, relay_cycle, inner_row_empty, own_pits_empty, either_cannot_move or ply_cap, found `stalemate`"),
        "{stderr}"
    );
}

/// Issue 12.5: records of a user's own variant file replay from any folder.
/// `trace` prints to a pipe here, a place it cannot know, so it names the
/// file by its absolute path; `play`'s `save sub/g.yaml` names it from the record's folder
/// (`../v/kasi.variant`). Both are verified from another folder.
#[test]
fn records_of_a_user_file_replay_from_anywhere() {
    use crate::common::sow_in;
    let dir = kasi_folder("user-file-records");
    let elsewhere = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));

    let (code, yaml, stderr) = sow_in(
        &dir,
        &[
            "trace",
            "v/kasi.variant",
            "--moves",
            "a A",
            "--format",
            "yaml",
        ],
        "",
    );
    assert_eq!(code, 0, "{stderr}");
    let file = dir.join("v/kasi.variant");
    assert!(
        yaml.starts_with(&format!(
            "variant: Kasi\nvariant_file: {}\n",
            file.display()
        )),
        "{yaml}"
    );
    let trace = dir.join("sub/t.yaml");
    std::fs::write(&trace, yaml).unwrap();
    let (code, stdout, stderr) = sow_in(elsewhere, &["verify", trace.to_str().unwrap()], "");
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains(" against Kasi ("), "{stdout}");

    let (code, _, stderr) = sow_in(
        &dir,
        &["play", "v/kasi.variant", "--seed", "1"],
        "a\nsave sub/g.yaml\n",
    );
    assert_eq!(code, 0, "{stderr}");
    let record = std::fs::read_to_string(dir.join("sub/g.yaml")).unwrap();
    assert!(
        record.starts_with("variant: ../v/kasi.variant\n"),
        "{record}"
    );
    let saved = dir.join("sub/g.yaml");
    let (code, stdout, stderr) = sow_in(elsewhere, &["verify", saved.to_str().unwrap()], "");
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("consistent"), "{stdout}");
    // `diff --out` names a variant file the same way.
    let awale = sowing::variants::text("modiar-awale-info").unwrap();
    std::fs::write(dir.join("v/awale.variant"), awale).unwrap();
    let (code, _, stderr) = sow_in(
        &dir,
        &["diff", "v/awale.variant", "modiar", "--out", "sub/d.yaml"],
        "",
    );
    assert_eq!(code, 1, "{stderr}");
    let record = std::fs::read_to_string(dir.join("sub/d.yaml")).unwrap();
    assert!(
        record.starts_with("variant: ../v/awale.variant\n"),
        "{record}"
    );
    let diffed = dir.join("sub/d.yaml");
    let (code, stdout, stderr) = sow_in(elsewhere, &["verify", diffed.to_str().unwrap()], "");
    assert_eq!(code, 0, "{stdout}{stderr}");
    // A shipped variant is still named by its name.
    let (code, _, stderr) = sow_in(
        &dir,
        &["play", "modiar", "--seed", "1"],
        "a\nsave sub/m.yaml\n",
    );
    assert_eq!(code, 0, "{stderr}");
    let record = std::fs::read_to_string(dir.join("sub/m.yaml")).unwrap();
    assert!(record.starts_with("variant: modiar\n"), "{record}");
}

/// A trace of a user's variant file written with `--out`, or with standard
/// output sent to a file, names the file from the trace's folder
/// (`../v/kasi.variant` from `sub/`), so the whole folder can be moved (or
/// sent to someone) and the trace still verifies: moved here, then checked
/// from the project folder.
#[test]
fn a_trace_written_to_a_file_names_the_variant_from_its_folder() {
    use crate::common::sow_in;
    let dir = kasi_folder("trace-out");
    let args = [
        "trace",
        "v/kasi.variant",
        "--moves",
        "a A",
        "--format",
        "yaml",
    ];
    let (code, stdout, stderr) =
        sow_in(&dir, &[&args[..], &["--out", "sub/out.yaml"]].concat(), "");
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert_eq!(stderr, "wrote sub/out.yaml (2 plies)\n");
    // Standard output redirected to a file, as `> sub/redirected.yaml`.
    let redirected = std::fs::File::create(dir.join("sub/redirected.yaml")).unwrap();
    let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("sow"))
        .current_dir(&dir)
        .args(args)
        .stdout(redirected)
        .status()
        .unwrap();
    assert!(status.success());
    let moved = crate::common::scratch("trace-out-moved").join("games");
    std::fs::rename(&dir, &moved).unwrap();
    let elsewhere = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in ["out.yaml", "redirected.yaml"] {
        let trace = moved.join("sub").join(name);
        let yaml = std::fs::read_to_string(&trace).unwrap();
        assert!(
            yaml.starts_with("variant: Kasi\nvariant_file: ../v/kasi.variant\n"),
            "{name}: {yaml}"
        );
        let (code, stdout, stderr) = sow_in(elsewhere, &["verify", trace.to_str().unwrap()], "");
        assert_eq!(code, 0, "{name}: {stdout}{stderr}");
        assert!(
            stdout.contains(" against Kasi (") && stdout.contains("consistent"),
            "{stdout}"
        );
    }
}

/// A record whose `variant:` names a file that is not a variant file is
/// told so, with the file and the place of its first error (`secret:`
/// stops at the colon, column 7), and nothing of the file's text.
#[test]
fn a_record_naming_a_file_that_is_not_a_variant_is_told_so() {
    let dir = crate::common::scratch("not-a-variant")
        .canonicalize()
        .unwrap();
    let cases = [
        ("secret: hunter2 DO-NOT-SHOW\n", 1, 7),
        ("\nhello DO-NOT-SHOW\n", 2, 1),
    ];
    for (text, line, column) in cases {
        std::fs::write(dir.join("notes.txt"), text).unwrap();
        let record = dir.join("game.yaml");
        std::fs::write(&record, "variant: notes.txt\nmoves: a\n").unwrap();
        let record = record.to_str().unwrap();
        let (code, stdout, stderr) = sow(&["verify", record]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        let notes = dir.join("notes.txt");
        let notes = notes.display();
        assert_eq!(
            stderr,
            format!(
                "error: {record}: `variant: notes.txt` names {notes}, which is not a valid variant file \
                 (its first error is at line {line}, column {column}; `sow check {notes}` shows every error)\n"
            )
        );
    }
}

/// Each candidate gets its own verdict, one that does not fit (Kalah's 2x6
/// board against a record of a 2x3 game) included, and the exit code is 0
/// when one explains the record; a candidate that names nothing is bad
/// input (exit 2, before any replay), whatever the others explain. The
/// record: Modiar's `a` gives 2 8 8 / 8 8 8 (worked in `a_consistent_record`);
/// the awale.info reading sows it the same way.
#[test]
fn every_candidate_gets_a_verdict() {
    let dir = crate::common::scratch("candidates");
    let path = dir.join("r.yaml");
    std::fs::write(
        &path,
        "variant: modiar\nmoves: a A\nexpect:\n  - ply: 1\n    board: [2, 8, 8, 8, 8, 8]\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let (code, stdout, stderr) = sow(&[
        "verify",
        path,
        "--candidates",
        "kalah",
        "modiar",
        "modiar-awale-info",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let expected = "== kalah (Kalah):
does not fit: 2x6 board, the record has 2x3
== modiar (Modiar):
consistent: 2 plies replayed, 1 checkpoint agrees
";
    assert!(stdout.starts_with(expected), "{stdout}");
    assert!(
        stdout.ends_with(
            "== modiar-awale-info (Modiar@awale-info):
consistent: 2 plies replayed, 1 checkpoint agrees
explained by: modiar modiar-awale-info
"
        ),
        "{stdout}"
    );
    let (code, stdout, stderr) =
        sow(&["verify", path, "--candidates", "modiar", "no-such-variant"]);
    assert_eq!((code, stdout.as_str()), (2, ""), "{stderr}");
    assert!(
        stderr.contains(
            "--candidates no-such-variant: no shipped variant or file named `no-such-variant`"
        ),
        "{stderr}"
    );
    let (code, stdout, _) = sow(&["verify", path, "--candidates", "kalah", "oware"]);
    assert_eq!(code, 1);
    assert_eq!(
        stdout,
        format!(
            "== kalah (Kalah):\ndoes not fit: 2x6 board, the record has 2x3\n\
             == oware (Oware (Abapa)):\ndoes not fit: 2x6 board, the record has 2x3\n\
             no candidate explains {path}\n"
        )
    );
}

/// Issue 12.7: a record's `start` with another number of stones than the
/// variant's start does not fit (a trace of Modiar, 7 per pit, against the
/// same rules with 6 per pit), unless `--any-stones`; and a `start` equal to
/// the variant's start is a game's start, where Modiar's first move captures
/// nothing (`a` ends in a with 2, a capture count).
#[test]
fn a_record_with_another_stone_count_does_not_fit() {
    let six = modiar_edited("modiar-6.variant", "seeds  7", "seeds  6");
    let dir = crate::common::scratch("stone-count");
    let (_, yaml, _) = sow(&["trace", "modiar", "--moves", "a A b", "--format", "yaml"]);
    let trace = dir.join("t.yaml");
    std::fs::write(&trace, yaml).unwrap();
    let trace = trace.to_str().unwrap();
    let (code, stdout, stderr) = sow(&["verify", trace, "--variant", &six]);
    assert_eq!(code, 2, "{stdout}");
    assert_eq!(
        stderr.lines().next().unwrap(),
        format!(
            "error: {trace}: does not fit Modiar ({six}): start: the record starts with 7 per pit (42 stones), Modiar starts with 6 per pit (36 stones) (--any-stones replays it anyway)"
        )
    );
    // With the flag the replay goes on, and the boards differ at ply 1.
    let (code, stdout, _) = sow(&["verify", trace, "--variant", &six, "--any-stones"]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("inconsistent at ply 1\nposition before it: 7 7 7 / 7 7 7 south\n"),
        "{stdout}"
    );
    let (code, stdout, _) = sow(&["verify", trace, "--candidates", &six, "modiar"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("does not fit: start: the record starts with 7 per pit (42 stones), Modiar starts with 6 per pit (36 stones)"), "{stdout}");

    let record = dir.join("r.yaml");
    std::fs::write(
        &record,
        "variant: modiar\nstart: 7 7 7 / 7 7 7 south\nmoves: a\nexpect:\n  - ply: 1\n    board: [2, 8, 8, 8, 8, 8]\n    captured: 0\n",
    )
    .unwrap();
    let (code, stdout, stderr) = sow(&["verify", record.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
}

/// An option that cannot matter on A's board is looked for on B's. Modiar
/// against Modiar with stores and an extra turn: an extra turn needs a store,
/// which Modiar has none of, so `extra_turn` shows on the second variant's
/// board, worked by hand (sowing starts in the emptied pit; the mover's store
/// follows their row, the opponent's is skipped):
/// 1. a (7): a b c S A B C -> 1 8 8 / 8 8 8, south's store 1.
/// 2. A (8): A B C N a b c A -> A 2 taken (c = 9 stops the chain): 2 9 9 /
///    0 9 9, captures 1 3 (north's store 1 and 2 taken).
/// 3. c (9): c S A B C a b c S -> 3 10 2 / 1 10 10, south's store 3: the last
///    stone is in the store, so south moves again under `extra_turn store`.
#[test]
fn diff_shows_a_rule_on_the_board_where_it_matters() {
    let text = sowing::variants::source("modiar").unwrap().text;
    let text = text.replace("stores none", "stores sown").replace(
        "laps        single\n",
        "laps        single\n  extra_turn  store\n",
    );
    let path = format!("{}/store-extra-turn.variant", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, text).unwrap();
    let (code, stdout, stderr) = sow(&["diff", "modiar", &path, "--format", "json"]);
    assert_eq!(code, 1, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let extra = &json["rules"][1];
    assert_eq!(extra["option"], "sow extra_turn");
    assert_eq!(
        (extra["a"].as_str(), extra["b"].as_str()),
        (Some("never"), Some("store"))
    );
    let in_play = &extra["in_play"];
    assert_eq!(
        in_play["between"],
        serde_json::json!([format!("{path} with `sow extra_turn never`"), path])
    );
    assert_eq!(in_play["moves"], "a A c");
    assert_eq!(in_play["method"], "breadth_first");
    assert_eq!(in_play["position"], "2 9 9 / 0 9 9 south captured 1 3");
    let words = in_play["difference"]["words"].as_str().unwrap();
    assert!(
        words.ends_with(&format!(
            "then north moves under {path} with `sow extra_turn never` and south under {path}"
        )),
        "{words}"
    );
    let (code, stdout, _) = sow(&["trace", &path, "--moves", "a A c", "--format", "json"]);
    assert_eq!(code, 0);
    let trace: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        trace["plies"][2]["board"],
        serde_json::json!([3, 10, 2, 1, 10, 10])
    );
    assert_eq!(trace["plies"][2]["scores"], serde_json::json!([3, 3]));
    // South moves again: a fourth move from south's row is legal.
    let (code, _, stderr) = sow(&["trace", &path, "--moves", "a A c a"]);
    assert_eq!(code, 0, "{stderr}");
}

/// A scratch folder (absolute) holding `v/kasi.variant`, a user's own copy
/// of Modiar named "Kasi", and an empty `sub/` for records.
fn kasi_folder(name: &str) -> std::path::PathBuf {
    let dir = crate::common::scratch(name).canonicalize().unwrap();
    std::fs::create_dir_all(dir.join("v")).unwrap();
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let text = sowing::variants::source("modiar")
        .unwrap()
        .text
        .replace("name   \"Modiar\"", "name   \"Kasi\"");
    assert!(text.contains("\"Kasi\""));
    std::fs::write(dir.join("v/kasi.variant"), text).unwrap();
    dir
}
