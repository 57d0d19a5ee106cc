//! The stylised opening of shifts (`opening { shifts_from N }`) and an
//! in-sowing capture that leaves a lap's last hole to the relay
//! (`last_stone lifted`): the checks of their keys. The positions worked by
//! hand from the rule texts of Gabata (Oromo) and Jimafesosh are cases
//! (`opening/shifts_from/`, `capture/last_stone/gabata-oromo.yaml`,
//! `capture/take/jimafesosh.yaml`).

use crate::common::{scratch, shipped_text_with, sow};

/// Writes the shipped Gabata (Oromo) with `edits` to a scratch file and
/// checks it: the exit code and standard error.
fn check_edited(name: &str, edits: &[(&str, &str)]) -> (i32, String) {
    let text = shipped_text_with("gabata-oromo", edits);
    let path = scratch(name).join("oromo.variant");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    (code, err)
}

#[test]
fn an_opening_place_beyond_the_row_is_refused_with_its_place() {
    let (code, err) = check_edited("shifts-beyond", &[("shifts_from 1", "shifts_from 7")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`shifts_from 7`: a row has 6 pits (1 to 6)"),
        "{err}"
    );
    assert!(err.contains("oromo.variant:"), "{err}");
}

#[test]
fn an_opening_with_another_first_move_rule_is_refused_with_its_place() {
    let (code, err) = check_edited(
        "shifts-first-move-from",
        &[("min_stones 1", "min_stones 1\n  first_move_from 2")],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`shifts_from` (the opening of shifts) cannot be used with `first_move_from` in `legal`"),
        "{err}"
    );
    let (code, err) = check_edited("shifts-either", &[("direction ccw", "direction either")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("needs one sowing direction for every pit"),
        "{err}"
    );
}

#[test]
fn last_stone_lifted_outside_every_pit_is_refused_with_its_place() {
    let (code, err) = check_edited(
        "last-stone-last-pit",
        &[("on         every_pit", "on         last_pit")],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "`last_stone lifted` has no effect here: it is for `on every_pit`, not `on last_pit`"
        ),
        "{err}"
    );
    assert!(err.contains("oromo.variant:"), "{err}");
}
