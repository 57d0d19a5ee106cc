//! `--set SECTION.KEY=VALUE` and `sow compare-rules --readings / --vary`:
//! a setting changed from the command line gives the same games as a file
//! that says it, a column of `--vary` is the batch `--set` gives alone, and
//! bad settings are refused with their place.

use crate::common::sow;

/// A JSON summary (or list of them) without what names the rules (the
/// `variant` name and the `rules_sha256` of the rules, name included):
/// the batch and its figures.
fn figures(json: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(json).unwrap();
    let strip = |v: &mut serde_json::Value| {
        let v = v.as_object_mut().unwrap();
        v.remove("variant").unwrap();
        v.remove("rules_sha256").unwrap();
    };
    match &mut value {
        serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
        other => strip(other),
    }
    value
}

fn simulate(args: &[&str]) -> String {
    let mut all = vec![
        "simulate", "--games", "300", "--seed", "7", "--format", "json",
    ];
    all.extend(args);
    let (code, out, err) = sow(&all);
    assert_eq!(code, 0, "{err}");
    out
}

#[test]
fn a_setting_that_makes_oware_the_openspiel_reading_plays_the_same_games() {
    // `sow diff oware oware-openspiel`: one rule differs, `end repetition`.
    let set = simulate(&["oware", "--set", "end.repetition=end_game"]);
    let other = simulate(&["oware-openspiel"]);
    assert_eq!(figures(&set), figures(&other));
    let name = serde_json::from_str::<serde_json::Value>(&set).unwrap()["variant"].clone();
    assert_eq!(name, "Oware (Abapa) [end.repetition=end_game]");
}

#[test]
fn settings_that_spell_out_a_reading_play_the_same_games_as_the_reading() {
    // The four keys of `reading awale-info` in variants/modiar.variant, in
    // its order (the order of `legal` is meaning).
    let set = simulate(&[
        "modiar",
        "--set",
        "legal.feed=cannot_move",
        "--set",
        "legal.otherwise=end_game",
        "--set",
        "legal.feed_gives=move",
        "--set",
        "legal.grand_slam=only_move_no_capture",
    ]);
    let reading = simulate(&["modiar@awale-info"]);
    assert_eq!(figures(&set), figures(&reading));
    // Without them the figures differ: the comparison can fail.
    assert_ne!(figures(&simulate(&["modiar"])), figures(&reading));
}

#[test]
fn each_vary_column_is_the_batch_its_setting_gives_alone() {
    let (code, out, err) = sow(&[
        "compare-rules",
        "kay",
        "--vary",
        "sow.skip_origin",
        "--games",
        "200",
        "--seed",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let columns: serde_json::Value = serde_json::from_str(&out).unwrap();
    let columns = columns.as_array().unwrap();
    assert_eq!(columns.len(), 2);
    for (column, value) in columns.iter().zip(["yes", "no"]) {
        let setting = format!("sow.skip_origin={value}");
        let (code, alone, err) = sow(&[
            "simulate", "kay", "--set", &setting, "--games", "200", "--seed", "3", "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{err}");
        let alone: serde_json::Value = serde_json::from_str(&alone).unwrap();
        assert_eq!(column, &alone, "{setting}");
        assert_eq!(column["variant"], format!("Kay [{setting}]"));
    }
    assert_ne!(columns[0]["plies"], columns[1]["plies"]);
}

#[test]
fn readings_columns_are_the_base_then_each_reading() {
    let run = |args: &[&str]| {
        let mut all = vec!["compare-rules", "--games", "100", "--format", "json"];
        all.extend(args);
        let (code, out, err) = sow(&all);
        assert_eq!(code, 0, "{err}");
        out
    };
    assert_eq!(
        run(&["modiar", "--readings"]),
        run(&["modiar", "modiar@awale-info", "modiar@mancalagames"])
    );
    let (code, _, err) = sow(&["compare-rules", "modiar", "kalah", "--vary", "sow.laps"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: --vary compares one variant's rules, and 2 were given\n"
    );
    let (code, _, err) = sow(&["compare-rules", "oware-openspiel", "--readings"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: --readings: oware-openspiel has no readings (`reading NAME { ... }` in its file)\n"
    );
}

#[test]
fn a_value_the_file_refuses_is_skipped_with_its_reason() {
    // Kay captures fours: on a board of 2 x 1 pits with one stone each
    // (2 stones), a count of 4 can never occur; with 2 pits (4 stones) it can.
    let (code, out, err) = sow(&[
        "compare-rules",
        "kay",
        "--set",
        "board.seeds=1",
        "--vary",
        "board.pits=1,2",
        "--games",
        "20",
        "--format",
        "csv",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        err,
        "skipped board.pits=1: capture count 4 can never occur: the board holds only 2 stones\n"
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[1].starts_with("\"Kay [board.seeds=1, board.pits=2]\","));
}

#[test]
fn bad_settings_are_refused_with_their_place() {
    let refused = |args: &[&str]| {
        let (code, out, err) = sow(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(out.is_empty());
        err
    };
    assert_eq!(
        refused(&["simulate", "kay", "--set", "sow.skip_orign=no"]),
        "error: invalid value 'sow.skip_orign=no' for '--set <SECTION.KEY=VALUE>': unknown key `sow.skip_orign` (did you mean `sow.skip_origin`?)\n\nFor more information, try '--help'.\n"
    );
    assert_eq!(
        refused(&["trace", "kay", "--set", "sow.laps=rely"]).lines().next().unwrap(),
        "error: invalid value 'sow.laps=rely' for '--set <SECTION.KEY=VALUE>': `sow.laps=rely`: unknown kind of laps `rely` (did you mean `relay`?); expected `single`, `relay`, `next_relay`, `relay_until_capture`, `next_always`, `relay_unless_next_empty`, `next_after_occupied`, `relay_until_capture_unless_next_empty`, `relay_taking_next` or `relay_until_lap_captures`"
    );
    assert_eq!(
        refused(&["solve", "modiar", "--set", "board.rows=9"]).lines().next().unwrap(),
        "error: invalid value 'board.rows=9' for '--set <SECTION.KEY=VALUE>': `board.rows=9`: `9` is out of range: board.rows takes 2 to 4"
    );
    assert_eq!(
        refused(&[
            "play", "kay", "--set", "board.seeds=3", "--set", "board.seeds=5"
        ]),
        "error: --set: `board.seeds` is set twice (`board.seeds=3`, then `board.seeds=5`): set each key once\n"
    );
    assert_eq!(
        refused(&["describe", "hoyito", "--set", "capture.counts=2"]),
        "error: --set: `capture.counts=2`: the file has several `capture` sections (`fours` or `endgame`): name one, as `capture.fours.counts`\n"
    );
    assert_eq!(
        refused(&["describe", "hoyito", "--set", "capture.last.counts=2"]),
        "error: --set: `capture.last.counts=2`: the file has no `capture last`; it has `fours` or `endgame`\n"
    );
    // The validator's message, at the file's line the setting replaces.
    assert_eq!(
        refused(&["simulate", "kay", "--set", "capture.counts=99"]),
        "error: the rules with `--set capture.counts=99` are not valid:
error: capture count 99 can never occur: the board holds only 48 stones (`--set capture.counts=99`)
  --> variants/kay.variant:61:3
   |
61 |   counts 4  # \"an occupied hole ... containing three counters\"
   |   ^^^^^^^^
"
    );
}

#[test]
fn a_trace_with_a_setting_is_worked_by_hand_and_replays_under_it() {
    // Kalah with 3 stones a pit. South plays d: its 3 stones go to e, f and
    // the store, so South moves again (store 1). South plays a: its 3 go to
    // b, c and d, which was empty: d now holds 1 in South's own row, so it
    // is captured with the 3 of the facing pit C (A faces f, B e, C d):
    // store 1 + 4 = 5.
    let dir = crate::common::scratch("sensitivity-trace");
    let path = dir.join("game.json");
    let path = path.to_str().unwrap();
    let (code, _, err) = sow(&[
        "trace",
        "kalah",
        "--set",
        "board.seeds=3",
        "--moves",
        "d a",
        "--format",
        "json",
        "--out",
        path,
    ]);
    assert_eq!(code, 0, "{err}");
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(trace["variant"], "Kalah [board.seeds=3]");
    assert_eq!(trace["set"], serde_json::json!(["board.seeds=3"]));
    let last = &trace["plies"][1];
    assert_eq!(
        last["board"],
        serde_json::json!([0, 4, 4, 0, 4, 4, 3, 3, 0, 3, 3, 3])
    );
    assert_eq!(last["scores"], serde_json::json!([5, 0]));
    assert_eq!(last["captured_pits"], serde_json::json!(["d", "C"]));
    // The trace replays as a record under the setting it keeps, and not
    // under Kalah's own 4 stones a pit.
    let (code, out, err) = sow(&["verify", path]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("consistent"), "{out}");
    let (code, _, _) = sow(&["verify", path, "--variant", "kalah"]);
    assert_ne!(code, 0);
}

#[test]
fn a_saved_game_keeps_its_settings() {
    let dir = crate::common::scratch("sensitivity-play");
    let record = dir.join("game.yaml");
    let input = format!("d\nsave {}\nquit\n", record.display());
    let (code, _, err) = crate::common::sow_with_input(
        &["play", "kalah", "--set", "board.seeds=3", "--seed", "1"],
        &input,
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("set:\n- board.seeds=3\n"), "{text}");
    let (code, out, err) = sow(&["verify", record.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn check_says_whether_the_changed_rules_are_valid() {
    let (code, out, err) = sow(&["check", "kalah", "--set", "board.seeds=3"]);
    assert_eq!(code, 0, "{err}");
    // 2 rows of 6 pits, 3 stones each: 36.
    assert!(
        out.starts_with(
            "ok: kalah: Kalah [board.seeds=3] (2 rows of 6 pits, 3 seeds each: 36 stones;"
        ),
        "{out}"
    );
    let (code, out, err) = sow(&["check", "kay", "--set", "capture.counts=99"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        err.starts_with("error: the rules with `--set capture.counts=99` are not valid:\n"),
        "{err}"
    );
}

/// A value under which another setting of the file has no effect is
/// skipped with how to leave that setting out; with it left out, the
/// value is a column.
#[test]
fn a_setting_left_without_effect_is_named_with_how_to_leave_it_out() {
    let run = |extra: &[&str]| {
        let mut args = vec!["compare-rules", "modiar", "--vary", "end.repetition"];
        args.extend(extra);
        args.extend(["--games", "20", "--format", "csv"]);
        sow(&args)
    };
    let (code, out, err) = run(&[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        err,
        "skipped end.repetition=ignore: `repetition_leftovers` has no effect with `repetition ignore` (add --set end.repetition_leftovers=default to leave it out)\n"
    );
    assert_eq!(out.lines().count(), 3, "{out}");
    let (code, out, err) = run(&["--set", "end.repetition_leftovers=default"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert_eq!(out.lines().count(), 4, "{out}");
}
