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

/// `sow describe modiar` lists the readings: source, why, and the rules each
/// changes (awale.info's five, as `sow diff modiar modiar@awale-info` names
/// them).
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
  modiar@mancalagames: StoneShark/MancalaGames, GameProps/Modiar.txt
    why: MancalaGames ends the game when the mover must feed and cannot (each player taking their own row), stops once a player holds more than half with the board unscored, and has no repetition rule
    legal grand_slam_row: emptied (base: left_empty)
    legal otherwise: end_game (base: play_any)
    end when: no_legal_move captured_majority (base: no_legal_move)
    end repetition: ignore (base: end_game)
    end captured_majority: unscored (base: row_owner)
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
        "error: modiar has no reading `awale` (did you mean `awale-info`?); readings: awale-info, mancalagames\n"
    );
    let (code, _, err) = sow(&["describe", "oware-openspiel@ludii"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("oware-openspiel has no reading `ludii`; it has no readings"),
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

/// `KEY default` in a reading takes the base's setting away, as if the
/// file had left it out: `repetition ignore` beside the base's
/// `repetition_leftovers` (without effect then) needs it. A key every file
/// must give cannot be reset. `min_stones`, which comes first in `legal`,
/// stays first when a reading sets it.
#[test]
fn a_reading_resets_a_key_with_default() {
    let dir = scratch("reading-default");
    let base = BASE.replace(
        "repetition end_game }",
        "repetition end_game; repetition_leftovers row_owner }\nlegal { min_stones 1; feed row_empty; otherwise play_any }",
    );
    let write = |name: &str, reading: &str| {
        let path = dir.join(name);
        std::fs::write(
            &path,
            format!("{base}\nreading r {{\n  why \"w\"\n{reading}\n}}\n"),
        )
        .unwrap();
        format!("{}@r", path.display())
    };
    let without = write("without.variant", "  end { repetition ignore }");
    let (code, _, err) = sow(&["check", &without]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("error: `repetition_leftovers` has no effect with `repetition ignore`"),
        "{err}"
    );
    let reset = write(
        "reset.variant",
        "  end { repetition ignore; repetition_leftovers default }",
    );
    let whole = dir.join("whole.variant");
    std::fs::write(
        &whole,
        base.replace("R\"", "R@r\"").replace(
            "repetition end_game; repetition_leftovers row_owner",
            "repetition ignore",
        ),
    )
    .unwrap();
    let (code, by_reading, err) = sow(&["describe", &reset]);
    assert_eq!(code, 0, "{err}");
    let (_, by_hand, _) = sow(&["describe", whole.to_str().unwrap()]);
    assert_eq!(by_reading, by_hand);

    let required = write("required.variant", "  board { pits default }");
    let (code, _, err) = sow(&["check", &required]);
    assert_eq!(code, 1);
    assert!(
        err.contains("error: `pits default` in reading `r`: `pits` has no default, every file gives it; set it to a value instead\n"),
        "{err}"
    );

    let first = write("first.variant", "  legal { min_stones 2 }");
    let (code, shown, err) = sow(&["show", &first]);
    assert_eq!(code, 0, "{err}");
    let legal = &shown[shown.find("legal").expect("a legal section")..];
    assert!(
        legal.find("min_stones 2").unwrap() < legal.find("feed").unwrap(),
        "{shown}"
    );
}
