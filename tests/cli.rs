//! The `sow` binary: exit codes and messages for bad input.

use crate::common::sow;

fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/invalid/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Every file in tests/fixtures/invalid fails `sow check` with exit 1 and a
/// message pointing at the place; the messages are snapshot-tested.
#[test]
fn check_rejects_every_invalid_fixture() {
    let dir = format!("{}/tests/fixtures/invalid", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert!(!names.is_empty());
    for name in names {
        let path = fixture(&name);
        let (code, stdout, stderr) = sow(&["check", &path]);
        assert_eq!(code, 1, "{name}");
        assert!(stdout.is_empty(), "{name}: {stdout}");
        let shown = stderr.replace(&path, &format!("tests/fixtures/invalid/{name}"));
        insta::assert_snapshot!(format!("check@{name}"), shown);
    }
}

#[test]
fn check_accepts_shipped_variants_and_states_facts() {
    let (code, stdout, stderr) = sow(&["check", "modiar"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "ok: variants/modiar.variant: Modiar (2 rows of 3 pits, 7 seeds each: 42 stones; south owns a-c, north owns A-C)
ok: variants/modiar.variant@awale-info: Modiar@awale-info (2 rows of 3 pits, 7 seeds each: 42 stones; south owns a-c, north owns A-C)
ok: variants/modiar.variant@mancalagames: Modiar@mancalagames (2 rows of 3 pits, 7 seeds each: 42 stones; south owns a-c, north owns A-C)\n"
    );
}

#[test]
fn illegal_move_names_the_ply_and_the_legal_moves() {
    let (code, _, stderr) = sow(&["trace", "modiar", "--moves", "a b"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: ply 2: `b` is illegal: pit `b` belongs to south; legal moves: A B C\n"
    );
    let (code, _, stderr) = sow(&["trace", "modiar", "--moves", "z"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: ply 1: unknown pit `z`: the pits are a-c (south) and A-C (north); legal moves: a b c\n"
    );
}

#[test]
fn bad_positions_and_options() {
    let (code, _, stderr) = sow(&[
        "trace",
        "modiar",
        "--from",
        "1 2 3 4 5 south",
        "--moves",
        "a",
    ]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: --from \"1 2 3 4 5 south\": column 11: expected 6 pit counts (2 rows of 3), found 5\n"
    );
    // `again` (the mover moved last too) only where the last mover matters.
    let (code, _, stderr) = sow(&[
        "trace",
        "kalah",
        "--from",
        "0 0 0 0 0 0 / 2 2 0 0 0 0 south again captured 21 23",
    ]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: --from \"0 0 0 0 0 0 / 2 2 0 0 0 0 south again captured 21 23\": column 33: `again` (the player to move made the last move too) is only for variants with extra turns whose leftovers go to the last mover or whose last mover starts the next round, and Kalah is not one\n"
    );
    let (code, _, stderr) = sow(&["trace", "nosuch"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("no shipped variant or file named `nosuch`"),
        "{stderr}"
    );
    let (code, _, _) = sow(&["perft", "modiar", "0"]);
    assert_eq!(code, 2);
    let (code, _, stderr) = sow(&["trace", "modiar", "--agents", "random"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("expected two agents"), "{stderr}");
}

/// Regression: `print!` panicked when the reader of the output had gone
/// (`sow perft modiar 40 | head -1`). A closed pipe now ends the command
/// quietly: exit 0, nothing on stderr. (perft writes a line per depth, so it
/// meets the closed pipe at the depth after the reader leaves.)
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sow"))
        .args(["perft", "modiar", "40"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "depth  leaves\n");
    // The reader is dropped here: the pipe is closed.
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
}

/// Options that would make `sow` run out of memory or threads are refused:
/// a trace keeps every ply, so its cap is the simulator's (1,000,000).
#[test]
fn options_beyond_their_limits_are_refused() {
    let (code, _, stderr) = sow(&["trace", "modiar", "--max-plies", "4000000000"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not in 1..=1000000"), "{stderr}");
    let (code, _, stderr) = sow(&["simulate", "modiar", "--threads", "100000"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("expected a number of threads from 0 (one per core) to 1024"),
        "{stderr}"
    );
}

/// Files that are not variant files are refused with their name, without
/// being read whole: a device that never ends, bytes that are not UTF-8, a
/// folder.
#[test]
fn unreadable_variant_files_are_named() {
    let (code, _, stderr) = sow(&["check", "/dev/zero"]);
    assert_eq!(code, 1);
    assert_eq!(
        stderr,
        "error: /dev/zero: larger than 1024 KiB: not a variant file\n"
    );
    let dir = std::env::temp_dir().join(format!("sowing-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let latin1 = dir.join("latin1.variant");
    // `name "é"` in Latin-1: the é is byte 0xE9, at offset 6.
    std::fs::write(&latin1, b"name \"\xe9\"\n").unwrap();
    let path = latin1.to_str().unwrap();
    let (code, _, stderr) = sow(&["trace", path]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        format!("error: {path}: not UTF-8 text (invalid byte at offset 6)\n")
    );
    let (code, _, stderr) = sow(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(stderr.contains("Is a directory"), "{stderr}");
}

/// Issue 12.7: a `--from` position must hold the variant's number of stones
/// (Modiar: 42; 99 + 5 x 7 = 134) unless `--any-stones`, and a negative pit
/// count is named as such.
#[test]
fn from_positions_must_hold_the_variants_stones() {
    let (code, _, stderr) = sow(&["trace", "modiar", "--from", "99 7 7 / 7 7 7 south"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: --from \"99 7 7 / 7 7 7 south\": the position has 134 stones, Modiar starts with 7 per pit (42 stones); add --any-stones to start from it anyway\n"
    );
    let (code, stdout, stderr) = sow(&[
        "trace",
        "modiar",
        "--from",
        "99 7 7 / 7 7 7 south",
        "--any-stones",
        "--moves",
        "b",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("Modiar: 2 rows of 3 pits, 134 stones;"),
        "{stdout}"
    );
    // Captured stones count: 2 3 0 / 1 5 1 holds 12, with 15 + 15 captured 42.
    let (code, _, stderr) = sow(&[
        "perft",
        "modiar",
        "1",
        "--from",
        "2 3 0 / 1 5 1 south captured 15 15",
    ]);
    assert_eq!(code, 0, "{stderr}");
    for command in ["trace", "render", "perft", "play"] {
        let mut args = vec![command, "modiar"];
        match command {
            "perft" => args.push("1"),
            "render" => args.extend(["--svg", "never-written.svg"]),
            _ => {}
        }
        args.extend(["--from", "7 -7 7 / 7 7 7 south"]);
        let (code, _, stderr) = sow(&args);
        assert_eq!(code, 2, "{command}");
        assert!(
            stderr.starts_with(
                "error: --from \"7 -7 7 / 7 7 7 south\": column 3: pit count `-7` is negative"
            ),
            "{command}: {stderr}"
        );
    }
}

/// A file with a byte-order mark (as Notepad writes) is read as if it had
/// none: `sow show` output saved with a BOM checks.
#[test]
fn a_byte_order_mark_is_accepted() {
    let dir = crate::common::scratch("bom");
    let (code, text, _) = sow(&["show", "modiar"]);
    assert_eq!(code, 0);
    let path = dir.join("bom.variant");
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    let (code, stdout, stderr) = sow(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("Modiar (2 rows of 3 pits"), "{stdout}");
}

/// 10,000 repeated sections give 9,999 errors: the first 20 are shown,
/// then how many more there are.
#[test]
fn a_long_error_report_is_capped() {
    let dir = crate::common::scratch("repeated");
    let path = dir.join("repeated.variant");
    let text = format!(
        "name \"R\"\n{}",
        "board { pits 3; seeds 7 }\n".repeat(10_000)
    );
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    let (code, _, stderr) = sow(&["check", path]);
    assert_eq!(code, 1);
    assert_eq!(
        stderr.matches("error: section `board` given twice").count(),
        20
    );
    // The warnings (start, repetition) come after the 9,999 errors.
    assert!(
        stderr.ends_with(&format!(
            "\nand 9979 more errors and 2 more warnings in {path} (the first 20 are shown)\n"
        )),
        "{}",
        &stderr[stderr.len().saturating_sub(300)..]
    );
    assert!(stderr.lines().count() < 250, "{}", stderr.lines().count());
}

/// Whole-number options too large for their type say so and give the largest.
#[test]
fn numbers_too_large_for_an_option_give_the_largest() {
    let (code, _, stderr) = sow(&["simulate", "modiar", "--games", "100000000000000000000"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("`100000000000000000000` is too large: at most 18446744073709551615"),
        "{stderr}"
    );
    let (code, _, stderr) = sow(&["trace", "modiar", "--seed", "1.5"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("expected a whole number, found `1.5`"),
        "{stderr}"
    );
}

/// `sow show` prints a shipped variant's file exactly (comments included),
/// and the copy checks; a path prints that file.
#[test]
fn show_prints_the_variant_file() {
    let shipped = std::fs::read_to_string(format!(
        "{}/variants/modiar.variant",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let (code, text, stderr) = sow(&["show", "modiar"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(text, shipped);
    assert!(text.contains('#'), "the comments are kept");
    let dir = crate::common::scratch("show");
    let copy = dir.join("my.variant");
    std::fs::write(&copy, &text).unwrap();
    let copy = copy.to_str().unwrap();
    let (code, _, stderr) = sow(&["check", copy]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(sow(&["show", copy]).1, shipped);
    let (code, _, stderr) = sow(&["show", "nosuch"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("no shipped variant or file named `nosuch`"),
        "{stderr}"
    );
}

/// A variant name in the wrong case or misspelt suggests the shipped one.
#[test]
fn unknown_variant_names_get_a_suggestion() {
    for name in ["Modiar", "MODIAR", "modair"] {
        let (code, _, stderr) = sow(&["describe", name]);
        assert_eq!(code, 2);
        assert_eq!(
            stderr,
            format!(
                "error: no shipped variant or file named `{name}` (did you mean `modiar`?); `sow list` shows the {} shipped variants\n",
                shipped_count()
            )
        );
    }
}

/// The number of shipped variants, counted from the `variants/` folder.
fn shipped_count() -> usize {
    let dir = format!("{}/variants", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            name.to_str().unwrap().ends_with(".variant")
        })
        .count()
}

/// An unknown name suggests the few nearest shipped names, not all of
/// them: `owari` is one letter from `awari` and from `oware`, two from
/// `wouri` (`ow` swapped, `a` for `u`); `gabata` is within two letters of
/// none, and the first three of the five Gabata variants contain it.
#[test]
fn unknown_variant_names_suggest_the_nearest_few() {
    let cases = [
        ("owari", "(did you mean `awari`, `oware` or `wouri`?)"),
        (
            "gabata",
            "(did you mean `gabata-adegrat`, `gabata-adowa` or `gabata-ghinda`?)",
        ),
    ];
    for (name, suggestion) in cases {
        let (code, stdout, stderr) = sow(&["describe", name]);
        assert_eq!(code, 2);
        assert!(stdout.is_empty(), "{stdout}");
        assert_eq!(
            stderr,
            format!(
                "error: no shipped variant or file named `{name}` {suggestion}; `sow list` shows the {} shipped variants\n",
                shipped_count()
            )
        );
    }
    let (_, _, stderr) = sow(&["describe", "zzzzzzzz"]);
    assert_eq!(
        stderr,
        format!(
            "error: no shipped variant or file named `zzzzzzzz`; `sow list` shows the {} shipped variants\n",
            shipped_count()
        )
    );
}

/// An agent with a value out of range is named with the value and the
/// range, whichever side it is on; a single valid agent is told that two
/// are needed.
#[test]
fn an_agent_out_of_range_names_its_value_and_the_range() {
    let cases = [
        (
            "alphabeta:99",
            "agent `alphabeta:99`: depth `99` is out of range: the depth D of `alphabeta:D` must be a whole number from 1 to 20",
        ),
        (
            "random,alphabeta:0",
            "agent `alphabeta:0`: depth `0` is out of range: the depth D of `alphabeta:D` must be a whole number from 1 to 20",
        ),
        (
            "mcts:0,greedy",
            "agent `mcts:0`: `0` playouts is out of range: the playouts N of `mcts:N` must be a whole number from 1 to 1000000",
        ),
        (
            "greedy",
            "expected two agents separated by a comma (south,north), e.g. `random,random`, found `greedy`",
        ),
    ];
    for (agents, message) in cases {
        let (code, stdout, stderr) = sow(&["simulate", "modiar", "--agents", agents]);
        assert_eq!(code, 2, "{agents}");
        assert!(stdout.is_empty(), "{stdout}");
        assert!(
            stderr.starts_with(&format!(
                "error: invalid value '{agents}' for '--agents <AGENTS>': {message}\n"
            )),
            "{stderr}"
        );
    }
    let (code, _, stderr) = sow(&["play", "modiar", "--vs", "alphabeta:99"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("agent `alphabeta:99`: depth `99` is out of range"),
        "{stderr}"
    );
}

/// A control character in a name or a source is refused at the character
/// (the escape of `ESC [ 2 J`, which clears a terminal, is column 10 of
/// `name "Bad<ESC>[2J"`; the bell of `source "a\"b<BEL>"` column 13, the
/// escaped quote taking two); the code frame shows it escaped, never raw.
#[test]
fn control_characters_in_names_are_refused_where_they_are() {
    let dir = crate::common::scratch("control-name");
    let modiar = sowing::variants::source("modiar").unwrap().text;
    let source_line = modiar.lines().find(|l| l.starts_with("source")).unwrap();
    let cases = [
        (
            "name",
            modiar.replace("name   \"Modiar\"", "name \"Bad\u{1b}[2J\""),
            "U+001B",
            10,
        ),
        (
            "source",
            modiar.replace(source_line, "source \"a\\\"b\u{7}\""),
            "U+0007",
            13,
        ),
    ];
    for (what, text, code_point, column) in cases {
        assert_ne!(text, modiar);
        let path = dir.join(format!("{what}.variant"));
        std::fs::write(&path, &text).unwrap();
        let path = path.to_str().unwrap();
        let (code, stdout, stderr) = sow(&["check", path]);
        assert_eq!(code, 1, "{stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        assert!(!stderr.contains(['\u{1b}', '\u{7}']), "{stderr:?}");
        let line = text.lines().position(|l| l.starts_with(what)).unwrap() + 1;
        assert!(
            stderr.starts_with(&format!(
                "error: the {what} contains the control character {code_point}: write it in printable characters"
            )),
            "{stderr}"
        );
        assert!(
            stderr.contains(&format!(" --> {path}:{line}:{column}\n")),
            "{stderr}"
        );
    }
    let (_, _, stderr) = sow(&["check", dir.join("name.variant").to_str().unwrap()]);
    assert!(stderr.contains("| name \"Bad\\u{1b}[2J\"\n"), "{stderr}");
}

/// Whatever an argument or a file holds, what `sow` writes to standard
/// error shows control characters escaped: an unknown variant name, and a
/// code frame of a line with an escape in a comment.
#[test]
fn control_characters_are_escaped_on_output() {
    let (code, _, stderr) = sow(&["describe", "x\u{1b}]0;title\u{7}"]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with("error: no shipped variant or file named `x\\u{1b}]0;title\\u{7}`"),
        "{stderr:?}"
    );
    let dir = crate::common::scratch("control-comment");
    let path = dir.join("c.variant");
    std::fs::write(&path, "name \"C\" pits # \u{1b}[2J\n").unwrap();
    let (code, _, stderr) = sow(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
    assert!(stderr.contains("# \\u{1b}[2J"), "{stderr}");
}

/// Every game of `relay-forever` relays for ever from its first move (worked
/// in the fixture's comment): each move is cut at 1000 laps, and the third
/// ply repeats the first's position. `cycle` never repeats a position that
/// counts (it ignores repetition), so every game reaches the ply cap.
#[test]
fn check_play_counts_relay_cuts_repetitions_and_ply_caps() {
    let (code, stdout, stderr) = sow(&[
        "check",
        "tests/fixtures/small/relay-forever.variant",
        "--play",
        "7",
        "--seed",
        "3",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "ok: tests/fixtures/small/relay-forever.variant: Relay for ever (2 rows of 1 pit, 2 seeds each: 4 stones; south owns a-a, north owns A-A)\n\
         \x20 7 random games (seed 3, ply cap 1000):\n\
         \x20   ended by repetition: 7 (100.0%)\n\
         \x20   a relay cut at 1000 laps: 7 (100.0%)\n\
         \x20   stopped at the ply cap: 0 (0.0%)\n\
         \x20   ends: repetition 7 (100.0%)\n"
    );
    let (code, stdout, stderr) =
        sow(&["check", "tests/fixtures/small/cycle.variant", "--play", "4"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("    ended by repetition: 0 (0.0%)\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("    a relay cut at 1000 laps: 0 (0.0%)\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("    stopped at the ply cap: 4 (100.0%)\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("    ends: ply_cap 4 (100.0%)\n"),
        "{stdout}"
    );
}

/// `check --play N --seed S` plays the games `simulate --games N --seed S`
/// plays: the same end counts. Modiar never repeats a position in them.
#[test]
fn check_play_ends_are_simulate_ends() {
    for variant in ["modiar", "modiar-awale-info", "oware"] {
        let (code, check, stderr) = sow(&["check", variant, "--play", "300", "--seed", "5"]);
        assert_eq!(code, 0, "{stderr}");
        let (code, sim, stderr) = sow(&[
            "simulate", variant, "--games", "300", "--seed", "5", "--format", "json",
        ]);
        assert_eq!(code, 0, "{stderr}");
        let sim: serde_json::Value = serde_json::from_str(&sim).unwrap();
        let mut ends: Vec<String> = sim["ends"]
            .as_object()
            .unwrap()
            .iter()
            .filter(|(_, n)| n.as_u64() != Some(0))
            .map(|(end, n)| {
                let n = n.as_u64().unwrap();
                format!("{end} {n} ({:.1}%)", n as f64 / 3.0)
            })
            .collect();
        ends.sort();
        let line = check
            .lines()
            .find_map(|l| l.strip_prefix("    ends: "))
            .unwrap_or_else(|| panic!("no ends line in\n{check}"));
        let mut shown: Vec<String> = line.split(", ").map(str::to_owned).collect();
        shown.sort();
        assert_eq!(shown, ends, "{variant}");
        let repeated = sim["ends"]["repetition"].as_u64().unwrap();
        assert!(
            check.contains(&format!("    ended by repetition: {repeated} (")),
            "{check}"
        );
        if variant == "modiar" {
            assert_eq!(repeated, 0);
        }
    }
}

#[test]
fn check_seed_needs_play() {
    let (code, _, stderr) = sow(&["check", "modiar", "--seed", "3"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--play"), "{stderr}");
}

/// `sow diff` against Modiar with a second capture rule: the rule is one
/// option, and the first position where it matters is found. Worked by
/// hand: in `3 12 0 / 12 2 3 south`, a (3) sows from the origin a=1, b=13,
/// c=1; c holds 1 in South's own row, so the added rule takes the facing A
/// (12); Modiar's rule (2, 4 or 6) takes nothing.
#[test]
fn diff_names_an_added_capture_rule_and_where_it_matters() {
    let text = sowing::variants::source("modiar").unwrap().text
        + "capture facing {\n  counts 1\n  side   own\n  take   opposite\n}\n";
    let path = crate::common::scratch("diff-capture-rule").join("facing.variant");
    std::fs::write(&path, text).unwrap();
    let (code, out, err) = sow(&["diff", "modiar", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("capture facing: none (modiar), counts 1; side own; take opposite ("),
        "{out}"
    );
    assert!(out.contains("3 12 0 / 12 2 3 south captured 0 10"), "{out}");
    assert!(
        out.contains("it captures 0 under modiar and 12 under"),
        "{out}"
    );
    let (code, described, _) = sow(&["describe", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(described.contains("There are 2 capture rules, tried in this order"));
    assert!(described.contains("Rule `facing`: If the pit that got the last stone now holds exactly 1 stone and lies in the mover's own row"));
}

/// `sow diff` between Modiar and Modiar sown clockwise: every pit sows one
/// way only in both, so the moves are the same (`a` is written `a` under
/// either rule) and the difference is where the stones go. It used to say
/// at the start that South "may play a under modiar but not under" the
/// other, which is false. Worked by hand: after `a` (7 stones from the
/// origin, a full lap and one: 2 8 8 / 8 8 8 under both), North's `A` (8
/// stones) sows A B C a b c A B counter-clockwise, leaving 3 9 9 / 2 10 9,
/// and A c b a C B A c clockwise, leaving 3 9 10 / 2 9 9.
#[test]
fn diff_of_sowing_directions_shows_boards_not_legal_moves() {
    let text = crate::common::shipped_text_with("modiar", &[("direction ccw", "direction cw")]);
    let dir = crate::common::scratch("diff-direction");
    std::fs::write(dir.join("cw.variant"), text).unwrap();
    let (code, out, err) = crate::common::sow_in(&dir, &["diff", "modiar", "cw.variant"], "");
    assert_eq!(code, 1, "{err}");
    assert!(!out.contains("may play"), "{out}");
    assert!(
        out.contains("in play, modiar and cw.variant part ways: after 2 plies: a A"),
        "{out}"
    );
    assert!(
        out.contains("differs at c (modiar 9, cw.variant 10), B (modiar 10, cw.variant 9)"),
        "{out}"
    );
}

/// `sow bench --format json` reports the processor time of the playouts
/// beside the wall-clock time (Linux): games and plies per processor
/// second are those counts over that time, and one thread cannot have used
/// more processor time than the wall-clock time of its run (plus a clock
/// tick of rounding). Random games of Modiar (2x6, 7 stones a pit) all end
/// by the rules long before the cap of 1,000 plies.
#[test]
fn bench_reports_games_and_plies_per_processor_second() {
    let (code, out, err) = sow(&[
        "bench",
        "modiar",
        "--seconds",
        "0.3",
        "--threads",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let one = &report["playouts"][0];
    let cpu = one["cpu_seconds"].as_f64().unwrap();
    assert!(
        cpu > 0.0 && cpu <= one["seconds"].as_f64().unwrap() + 0.011,
        "{one}"
    );
    for (count, per_cpu) in [("games", "games_per_cpu_s"), ("plies", "plies_per_cpu_s")] {
        let expected = one[count].as_f64().unwrap() / cpu;
        let reported = one[per_cpu].as_f64().unwrap();
        assert!(
            (reported - expected).abs() <= 1e-6 * expected,
            "{per_cpu}: {one}"
        );
    }
    assert_eq!(
        (&one["ply_cap"], &one["ended_by_cap"]),
        (&1_000.into(), &0.into()),
        "{one}"
    );
}

/// `sow bench --max-plies N` stops every game after N plies, on the
/// playout kernel (Oware) and on the general engine (Galatjang), and every
/// match of rounds after N plies of the match: no random game of Oware
/// (48 stones, none captured before a sowing reaches the opponent's row)
/// or of Galatjang ends within its first 10 plies, so every game there is
/// stopped at exactly 10. Without it the cap is 1,000 (a match's 10,000:
/// see `rounds::bench_plays_matches_of_rounds`); 0 is refused.
#[test]
fn bench_max_plies_sets_the_cap() {
    for variant in ["oware", "galatjang"] {
        let (code, out, err) = sow(&[
            "bench",
            variant,
            "--seconds",
            "0.1",
            "--threads",
            "1",
            "--max-plies",
            "10",
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{err}");
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        let one = &report["playouts"][0];
        let games = one["games"].as_u64().unwrap();
        assert!(games > 0, "{one}");
        assert_eq!(one["ply_cap"], 10, "{one}");
        assert_eq!(one["ended_by_cap"], games, "{one}");
        assert_eq!(one["plies"], games * 10, "{one}");
    }
    let (code, out, err) = sow(&[
        "bench",
        "galatjang-rounds",
        "--seconds",
        "0.1",
        "--threads",
        "1",
        "--max-plies",
        "300",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(each stopped at 300 plies)"), "{out}");
    let (code, _, err) = sow(&["bench", "oware", "--max-plies", "0"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--max-plies"), "{err}");
}

/// `sow bench --threads 0` means one thread per core, as `sow simulate
/// --threads 0` does (it was refused): the last measurement uses as many
/// threads as the machine has cores.
#[test]
fn bench_threads_zero_is_one_per_core() {
    let (code, out, err) = sow(&[
        "bench",
        "modiar",
        "--seconds",
        "0.1",
        "--threads",
        "0",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let runs = report["playouts"].as_array().unwrap();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(runs.last().unwrap()["threads"], cores, "{out}");
}

/// The example lines of `sow COMMAND --help` (`  sow COMMAND ...`), split
/// into arguments (none of them quotes a space).
fn help_examples(command: &str) -> Vec<Vec<String>> {
    let (code, help, _) = sow(&[command, "--help"]);
    assert_eq!(code, 0);
    let prefix = format!("sow {command} ");
    let examples: Vec<Vec<String>> = help
        .lines()
        .map(str::trim)
        .filter(|line| line.starts_with(&prefix))
        .map(|line| line.split_whitespace().skip(1).map(String::from).collect())
        .collect();
    assert!(!examples.is_empty(), "{help}");
    examples
}

/// The examples `sow infer --help` and `sow analyze --help` give run: they
/// named a rule that does not exist (`--fix feeding.when=row_empty`, said
/// `legal.feed`) and a board too large for the default --limit (`sow
/// analyze modiar`). The records are a fixture's; the searches are bounded.
#[test]
fn help_examples_of_infer_and_analyze_run() {
    let dir = crate::common::scratch("help-examples");
    let record = "tests/fixtures/records/infer/modiar-1.yaml";
    for example in help_examples("infer") {
        let mut args: Vec<String> = example
            .into_iter()
            .map(|arg| match arg.as_str() {
                a if a.ends_with(".yaml") => record.to_string(),
                a if a.ends_with(".variant") => dir.join(a).display().to_string(),
                _ => arg,
            })
            .collect();
        args.extend(["--bound".to_string(), "100".to_string()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, stderr) = sow(&args);
        // 0: explained, 1: not, 3: stopped at the bound; 2 is bad input.
        assert_ne!(code, 2, "{args:?}: {stderr}");
    }
    for example in help_examples("analyze") {
        let args: Vec<&str> = example.iter().map(String::as_str).collect();
        let (code, stdout, stderr) = sow(&args);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        assert!(stdout.contains("reachable positions: "), "{stdout}");
    }
}

/// A value `--fix` gives is checked against the key's declared words before
/// the search builds its rules: a misspelt word is named with its option and
/// the nearest word, not reported inside rules the user never wrote.
#[test]
fn infer_names_a_misspelt_fix_value_by_its_option() {
    let record = "tests/fixtures/records/infer/modiar-1.yaml";
    let (code, stdout, stderr) = sow(&["infer", record, "--fix", "legal.feed=rw_empty"]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        "error: --fix: `legal.feed=rw_empty`: unknown feeding trigger `rw_empty` (did you mean `row_empty`?); expected `never`, `row_empty`, `cannot_move` or `always`\n"
    );
    let (code, _, stderr) = sow(&["infer", record, "--fix", "capture.counts=2 x"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: --fix: `capture.counts=2 x`: `x` is not a whole number\n"
    );
}

/// `sow fmt` on a pipe (`/dev/stdin`) wrote the formatted text into the
/// pipe, where nobody read it, and said "formatted": it is refused now;
/// `--check` only reads, and still works.
#[test]
fn fmt_refuses_to_rewrite_a_pipe() {
    let text = "name \"X\"\nboard { pits 3; seeds 4 }\n";
    let (code, stdout, stderr) = crate::common::sow_with_input(&["fmt", "/dev/stdin"], text);
    assert_eq!(code, 2, "{stdout}");
    assert_eq!(
        stderr,
        "error: /dev/stdin: not a regular file: `sow fmt` rewrites files in place (`sow fmt --check /dev/stdin` only reads it)\n"
    );
    let (code, stdout, _) = crate::common::sow_with_input(&["fmt", "--check", "/dev/stdin"], text);
    assert_eq!(code, 1);
    assert_eq!(
        stdout,
        "/dev/stdin: not formatted (run `sow fmt /dev/stdin`)\n"
    );
}

/// A file too short to be a table, or a table cut short, is named as such
/// (it was "failed to fill whole buffer").
#[test]
fn a_truncated_solve_table_is_named() {
    let dir = crate::common::scratch("truncated-table");
    let whole = dir.join("tihbat.db");
    let (code, _, stderr) = sow(&[
        "solve",
        "tihbat",
        "--databases",
        "6",
        "--save",
        whole.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let bytes = std::fs::read(&whole).unwrap();
    for (name, cut) in [
        ("short.db", &b"{}\n"[..]),
        ("cut.db", &bytes[..bytes.len() / 2]),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, cut).unwrap();
        let path = path.to_str().unwrap();
        let (code, _, stderr) = sow(&["solve", "tihbat", "--use-databases", path]);
        assert_eq!(code, 2);
        assert_eq!(
            stderr,
            format!("error: {path}: the file ends before the table does: not a whole table written by `sow solve --save`\n")
        );
    }
}

/// A record whose board has a count too few says where the board is: the
/// checkpoint, or the start.
#[test]
fn a_record_board_of_the_wrong_size_is_placed() {
    let dir = crate::common::scratch("record-slip");
    let cases = [
        (
            "variant: modiar\nmoves: \"a A b\"\nexpect:\n  - { ply: 1, scores: [0, 0] }\n  - { ply: 2, board: [3, 9, 9, 2, 10] }\n",
            "2x3 board, the record has 5 pit counts (in expect[1], ply 2)",
        ),
        (
            "variant: modiar\nstart: \"1 2 3 4 5 south\"\nmoves: a\n",
            "2x3 board, the record has 5 pit counts (in its start)",
        ),
    ];
    for (text, message) in cases {
        let path = dir.join("game.yaml");
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        let (code, _, stderr) = sow(&["verify", path]);
        assert_eq!(code, 2);
        assert_eq!(
            stderr,
            format!("error: {path}: does not fit Modiar (modiar): {message}\n")
        );
    }
}

/// A path to a variant file that is not there (the guide's
/// `variants/modiar.variant`, typed outside the project folder) suggests
/// the shipped variant of that name.
#[test]
fn a_missing_variant_path_suggests_the_shipped_name() {
    for path in ["no/such/folder/modiar.variant", "kalah.variant"] {
        let (code, _, stderr) = sow(&["describe", path]);
        assert_eq!(code, 2);
        let name = path
            .rsplit('/')
            .next()
            .unwrap()
            .trim_end_matches(".variant");
        assert!(
            stderr.starts_with(&format!(
                "error: no shipped variant or file named `{path}` (did you mean `{name}`"
            )),
            "{stderr}"
        );
    }
}

/// `sow --help` names every exit code a command can give (3 is `sow
/// infer`'s "unknown", which it left out) and its examples run.
#[test]
fn top_level_help_names_every_exit_code_and_its_examples_run() {
    let (code, help, _) = sow(&["--help"]);
    assert_eq!(code, 0);
    assert!(help.contains("and solve mancala"), "{help}");
    assert!(help.contains("3 unknown"), "{help}");
    let examples: Vec<&str> = help
        .lines()
        .map(str::trim)
        .filter_map(|line| line.strip_prefix("sow "))
        .collect();
    assert_eq!(examples.len(), 3, "{help}");
    for example in examples {
        // The one quoted argument, `--moves "a A b B"`, kept whole.
        let mut args: Vec<&str> = Vec::new();
        let mut parts = example.split('"');
        args.extend(parts.next().unwrap().split_whitespace());
        if let Some(quoted) = parts.next() {
            args.push(quoted);
        }
        let (code, _, err) = sow(&args);
        assert_eq!(code, 0, "sow {example}: {err}");
    }
}
