//! Readings: `reading NAME { ... }` in a variant file, named `NAME@READING`.

use crate::common::{scratch, shipped, sow};

/// The old name `modiar-awale-info` and `modiar@awale-info` are one rule
/// set: the same description, and the leaf counts of its perft table
/// (cross-checked against an independent implementation written from
/// awale.info's rules: tests/perft/modiar-awale-info.perft).
#[test]
fn the_awale_info_reading_is_the_old_file() {
    let (code, by_reading, _) = sow(&["describe", "modiar@awale-info"]);
    assert_eq!(code, 0);
    let (_, by_alias, _) = sow(&["describe", "modiar-awale-info"]);
    assert_eq!(by_reading, by_alias);
    assert!(
        by_reading.starts_with("Modiar@awale-info\n"),
        "{by_reading}"
    );
    let game = shipped("modiar@awale-info");
    let start = game.start();
    let table = [3, 9, 26, 72, 187, 522, 1364, 3477, 8678, 21101, 51097];
    for (depth, leaves) in (1..).zip(table) {
        assert_eq!(
            sowing::engine::perft(&game, &start, depth),
            leaves,
            "depth {depth}"
        );
    }
    // The base parts from it at depth 9 (where feeding first matters).
    let base = shipped("modiar");
    assert_eq!(sowing::engine::perft(&base, &base.start(), 8), 3477);
    assert_ne!(sowing::engine::perft(&base, &base.start(), 9), 8678);
}

/// `sow describe modiar` lists the reading: source, why, and the five
/// rules it changes, as `sow diff modiar modiar@awale-info` names them.
#[test]
fn describe_lists_the_readings_and_what_they_change() {
    let (code, text, _) = sow(&["describe", "modiar"]);
    assert_eq!(code, 0);
    let readings = &text[text.find("\nReadings\n").expect("a Readings part")..];
    assert_eq!(
        readings,
        "
Readings
  modiar@awale-info: awale.info, \"Modiar\" (Catalan), after J. Climent 2012
    why: awale.info spells out what Mancala World leaves open: feeding when the opponent cannot move, else the game ends; a grand slam without capture when it is the only move
    legal grand_slam: only_move_no_capture (base: forbidden)
    legal feed: cannot_move (base: row_empty)
    legal otherwise: end_game (base: play_any)
    legal feed_gives: move (base: stone)
    legal order: min_stones feed grand_slam (base: min_stones grand_slam feed)
"
    );
    let (_, diff, _) = sow(&["diff", "modiar", "modiar@awale-info"]);
    assert!(
        diff.starts_with("modiar and modiar@awale-info: 5 rules differ\n"),
        "{diff}"
    );
    // The shortest game that parts them, as for the two files before
    // (tests/verify.rs: diff_finds_where_the_modiar_readings_part_ways).
    assert!(
        diff.contains("in play, modiar and modiar@awale-info part ways: after 7 plies: a B b A c B c (the shortest sequence)"),
        "{diff}"
    );
    let (code, _, err) = sow(&["describe", "modiar@awale-info"]);
    assert_eq!(code, 0, "{err}");
    // `sow list` gives the reading a row of its own, after its variant's.
    let (_, list, _) = sow(&["list"]);
    let base = list.find("│ modiar ").expect("a modiar row");
    let reading = list.find("│ modiar@awale-info ").expect("a reading row");
    assert!(base < reading, "{list}");
    assert!(
        list[reading..]
            .lines()
            .next()
            .unwrap()
            .contains("┆ Modiar@awale-info "),
        "{list}"
    );
}

#[test]
fn an_unknown_reading_suggests_the_files_readings() {
    let (code, out, err) = sow(&["describe", "modiar@awale"]);
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert_eq!(
        err,
        "error: modiar has no reading `awale` (did you mean `awale-info`?); readings: awale-info\n"
    );
    let (code, _, err) = sow(&["describe", "kalah@ludii"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("kalah has no reading `ludii`; it has no readings"),
        "{err}"
    );
}

const BASE: &str = "name \"R\"
source \"s\"
board { rows 2; pits 3; seeds 4; stores none }
sow { direction ccw; start next }
capture last { counts 2 3; side opponent }
end { when no_legal_move; repetition end_game }
";

/// A reading's bad value is found when it is checked, at its own line and
/// column, with a note naming the reading only for places outside it; the
/// base still checks.
#[test]
fn check_validates_every_reading_at_its_own_place() {
    let dir = scratch("reading-check");
    let path = dir.join("r.variant");
    let text = format!(
        "{BASE}\nreading ludii {{\n  why \"Ludii takes 300\"\n  capture last {{ counts 2 3 300 }}\n}}\n"
    );
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    let (code, out, err) = sow(&["check", path]);
    assert_eq!(code, 1, "{err}");
    assert!(out.starts_with(&format!("ok: {path}: R (")), "{out}");
    assert!(
        err.starts_with(&format!(
            "error: capture count 300 can never occur: the board holds only 24 stones\n  --> {path}:10:29\n"
        )),
        "{err}"
    );
    // Loading the base alone is fine; the reading is not.
    assert!(sowing::variants::load(path).is_ok());
    assert!(sowing::variants::load(&format!("{path}@ludii")).is_err());
}

/// A reading's keys replace the base's; the result is the base's rules
/// with those keys changed (sow's own describe of each, compared to a
/// whole file written by hand with the same settings).
#[test]
fn a_file_reading_is_the_base_with_its_overrides() {
    let dir = scratch("reading-file");
    let path = dir.join("r.variant");
    std::fs::write(
        &path,
        format!("{BASE}\nreading cw {{\n  why \"w\"\n  sow {{ direction cw }}\n  capture last {{ side any }}\n}}\n"),
    )
    .unwrap();
    let whole = dir.join("whole.variant");
    std::fs::write(
        &whole,
        BASE.replace("R\"", "R@cw\"")
            .replace("direction ccw", "direction cw")
            .replace("side opponent", "side any"),
    )
    .unwrap();
    let reading = format!("{}@cw", path.display());
    let (_, by_reading, err) = sow(&["describe", &reading]);
    assert!(err.is_empty(), "{err}");
    let (_, by_hand, _) = sow(&["describe", whole.to_str().unwrap()]);
    assert_eq!(by_reading, by_hand);
    // A file really named `a@b.variant` opens as itself.
    let at = dir.join("a@b.variant");
    std::fs::write(&at, BASE).unwrap();
    let (code, out, err) = sow(&["check", at.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": R ("), "{out}");
}

/// `sow fmt` keeps readings, after the base, `source` and `why` first, with
/// their comments; the result loads to the same rules and formats to itself.
#[test]
fn fmt_writes_readings_back() {
    let dir = scratch("reading-fmt");
    let path = dir.join("r.variant");
    let text = format!(
        "reading cw {{  # clockwise\n  sow {{ direction cw }}\n  why \"w\"\n}}\n{BASE}# last words\n"
    );
    std::fs::write(&path, &text).unwrap();
    let path = path.to_str().unwrap();
    let (code, _, err) = sow(&["fmt", path]);
    assert_eq!(code, 0, "{err}");
    let formatted = std::fs::read_to_string(path).unwrap();
    assert!(
        formatted.ends_with(
            "}\n\nreading cw {\n  # clockwise\n  why \"w\"\n  sow {\n    direction cw\n  }\n}\n# last words\n"
        ),
        "{formatted}"
    );
    let (code, _, _) = sow(&["fmt", "--check", path]);
    assert_eq!(code, 0);
    let load = |text: &str, reading: &str| {
        let source = sowing::diagnostic::Source::new("t", text);
        sowing::rules::readings::load(&source, reading)
            .unwrap()
            .rules
    };
    assert_eq!(load(&text, "cw"), load(&formatted, "cw"));
    // The shipped Modiar file is formatted.
    let (code, out, _) = sow(&[
        "fmt",
        "--check",
        concat!(env!("CARGO_MANIFEST_DIR"), "/variants/modiar.variant"),
    ]);
    assert_eq!(code, 0, "{out}");
}
