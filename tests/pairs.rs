//! Claimed holes that come in pairs (`claim { pair facing }`, and `by
//! empty_facing`) on Leyla Gobale (Somaliland), Leyla Gobale (Gabradarre)
//! and Leyla: the first move of Somaliland, and the new keys' checks and
//! formatting. The positions worked by hand are cases
//! (`claim/pair/leyla-gobale-somaliland.yaml`, `claim/by/`,
//! `claim/pair/leyla.yaml`, `claim/tribute/leyla.yaml`, ...).

use crate::common::{legal, play, shipped};

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
